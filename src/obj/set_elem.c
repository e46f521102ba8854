/*
 * Named sets' elements: "get element", the echo (-e) of added
 * elements and the options an element is written with.
 */
#include <mnl.h>
#include <netlink.h>
#include <obj.h>
#include <set_int.h>
#include <evaluate.h>
#include <print.h>
#include <json.h>
#include <intervals.h>
#include <monitor.h>
#include <linearize.h>
#include <stdlib.h>
#include <libnftnl/expr.h>
#include <string.h>
#include <errno.h>
#include <libnftnl/set.h>
#include <libnftnl/udata.h>
#include <linux/netlink.h>
#include <linux/netfilter/nfnetlink.h>

/* ---- "get element" ---- */

/* Whether @have (a member) holds @want keyed by @key: the same value,
 * or with @interval a range around it. */
static bool set_get_holds(const struct expr *key, const struct expr *have,
			  const struct expr *want, bool interval)
{
	struct interval a, b;
	bool ok;

	interval_init(&a);
	interval_init(&b);
	set_member_bounds(want, key, &a);
	set_member_bounds(have, key, &b);
	ok = interval ? mpz_cmp(b.low, a.low) <= 0 && mpz_cmp(b.high, a.high) >= 0 :
			!mpz_cmp(b.low, a.low) && !mpz_cmp(b.high, a.high);
	interval_clear(&a);
	interval_clear(&b);
	return ok;
}

/* A concatenation holds @want if each of its fields holds @want's. */
static bool set_get_holds_concat(const struct expr *key,
				 const struct expr *have,
				 const struct expr *want, bool interval)
{
	const struct expr *k, *h, *w;

	if (have->etype != EXPR_CONCAT || want->etype != EXPR_CONCAT)
		return false;
	h = list_first_entry(&have->expr_list.expressions, struct expr, list);
	w = list_first_entry(&want->expr_list.expressions, struct expr, list);
	list_for_each_entry(k, &key->expr_list.expressions, list) {
		if (&h->list == &have->expr_list.expressions ||
		    &w->list == &want->expr_list.expressions ||
		    !set_get_holds(k, h, w, interval))
			return false;
		h = list_next_entry(h, list);
		w = list_next_entry(w, list);
	}
	return true;
}

/* The position of the member of @s that holds @want (a map's by its
 * key), -1 if none does. */
static int set_get_find(const struct set *s, const struct expr *want)
{
	bool interval = s->flags & NFT_SET_INTERVAL;
	const struct expr *i, *k;
	int n = 0;

	list_for_each_entry(i, &s->init->expr_list.expressions, list) {
		k = i->etype == EXPR_MAPPING ? i->mapping.key : i;
		if (s->key->etype == EXPR_CONCAT ?
		    set_get_holds_concat(s->key, k, want, interval) :
		    set_get_holds(s->key, k, want, interval))
			return n;
		n++;
	}
	return -1;
}

/*
 * The members of @s (as dumped, elements included) that hold the values
 * of @want, each once, in a set expression of intervals: what "reset
 * element" of an interval set addresses, as "get element" finds them.
 */
struct expr *set_members_holding(const struct set *s, const struct expr *want,
				 struct list_head *msgs)
{
	struct expr *out = set_expr_alloc(&internal_location);
	const struct expr *i, *m;
	bool *taken;
	int k, n;

	taken = xzalloc((s->init ? s->init->expr_list.size : 0) + 1);
	list_for_each_entry(i, &want->expr_list.expressions, list) {
		k = s->init ? set_get_find(s, i) : -1;
		if (k < 0) {
			erec_error(msgs, &i->location,
				   "Could not process rule: No such file or directory");
			expr_free(out);
			out = NULL;
			break;
		}
		if (taken[k])
			continue;
		taken[k] = true;
		n = k;
		list_for_each_entry(m, &s->init->expr_list.expressions, list)
			if (n-- == 0)
				break;
		/* a map's by its key: the kernel finds the element by it */
		set_expr_add(out, expr_clone(m->etype == EXPR_MAPPING ?
					     m->mapping.key : m));
	}
	xfree(taken);
	if (out)
		out->flags |= EXPR_F_INTERVAL;
	return out;
}

/* Type the elements asked for by the set's key (a map's too: keys
 * alone), outside a run. */
static int set_get_evaluate(struct nft_ctx *nft, struct list_head *msgs,
			    const struct set *s, struct expr **elems)
{
	struct eval_ctx ectx = { .nft = nft, .msgs = msgs };
	struct set tmp = *s;

	tmp.flags &= ~NFT_SET_MAP;
	tmp.data = NULL;
	return set_elems_evaluate(&ectx, &tmp, elems);
}

/* "get element" of an interval set: the members that hold the values
 * asked for, with their options, as the set lists them, found in its
 * elements (the kernel's answer for a start does not say where an
 * interval that touches the next one ends). */
static int element_get_held(struct nft_ctx *nft, struct cmd *cmd,
			    struct list_head *msgs)
{
	struct set *want = cmd->set, *s, out;
	const struct expr *i, *m;
	struct table *t;
	int ret = 0, k;

	t = cache_table_lookup(&nft->cache, cmd->handle.family,
			       cmd->handle.table.name);
	s = t ? table_lookup_set(t, cmd->handle.set.name) : NULL;
	if (!s)
		return erec_error(msgs, cmd_loc_or(cmd,
					&cmd->handle.set.location),
				  "Could not process rule: No such file or directory");
	if (set_fetch_elems(nft, s) < 0)
		return erec_error(msgs, &cmd->location,
				  "cannot fetch the elements of set '%s': %s",
				  cmd->handle.set.name, strerror(errno));
	if (set_get_evaluate(nft, msgs, s, &want->init) < 0)
		return -1;
	out = *s;
	/* the elements say them: no declaration line, as the system nft */
	memset(&out.stmts, 0, sizeof(out.stmts));
	out.get_answer = true;
	out.init = set_expr_alloc(&internal_location);
	out.info = xzalloc((want->init->expr_list.size + 1) *
			   sizeof(*out.info));
	list_for_each_entry(i, &want->init->expr_list.expressions, list) {
		k = s->init ? set_get_find(s, i) : -1;
		if (k < 0) {
			ret = erec_error(msgs, &i->location,
					 "Could not process rule: No such file or directory");
			goto out;
		}
		/* the options are the listing's, shared */
		if (s->info)
			out.info[out.init->expr_list.size] = s->info[k];
		list_for_each_entry(m, &s->init->expr_list.expressions, list)
			if (k-- == 0)
				break;
		set_expr_add(out.init, expr_clone(m));
	}
	/* "*": the set's own, if it has one */
	i = want->init->expr_list.catchall;
	if (i && !(s->init && s->init->expr_list.catchall)) {
		ret = erec_error(msgs, &i->location,
				 "Could not process rule: No such file or directory");
		goto out;
	}
	if (i)
		out.init->expr_list.catchall =
			expr_clone(s->init->expr_list.catchall);
	set_answer_print(nft, t, &out);
out:
	xfree(out.info);
	expr_free(out.init);
	return ret;
}


/* "get element": the kernel answers for the values asked, as the set
 * lists them; "reset element" likewise (set_reset.c). */
int element_get(struct nft_ctx *nft, struct cmd *cmd,
		struct list_head *msgs)
{
	struct table *t;
	struct set *s;

	if (cmd->op != CMD_RESET) {
		t = cache_table_lookup(&nft->cache, cmd->handle.family,
				       cmd->handle.table.name);
		s = t ? table_lookup_set(t, cmd->handle.set.name) : NULL;
		if (s && s->flags & NFT_SET_INTERVAL)
			return element_get_held(nft, cmd, msgs);
	}
	return element_reset(nft, cmd, msgs);
}

/*
 * -e keeps, for the length of a batch: the sets it added (the kernel
 * echoes elements with no sequence number, so without the command they
 * came from) and the start of an interval until its end element comes.
 */
struct elem_echo {
	struct set **sets;
	unsigned int num;
	struct nftnl_set *start;
	struct nftnl_set_elem *end;	/* a removal's, until its start */
	bool create;		/* the last echo was of "create element" */
};

static struct elem_echo *elem_echo_of(struct nft_ctx *nft)
{
	if (nft->elem_echo == NULL)
		nft->elem_echo = xzalloc(sizeof(*nft->elem_echo));
	return nft->elem_echo;
}

/* -e: the elements the kernel echoed, one message each */
void *element_nl_parse(struct nft_ctx *nft,
		       const struct nlmsghdr *nlh, char **why)
{
	struct nftnl_set *nls = nftnl_set_alloc();

	if (nls == NULL)
		memory_allocation_error();
	/* "create element": the echo keeps the request's NLM_F_EXCL */
	if (NFNL_MSG_TYPE(nlh->nlmsg_type) == NFT_MSG_NEWSETELEM)
		elem_echo_of(nft)->create = nlh->nlmsg_flags & NLM_F_EXCL;
	if (mnl_msg_broken(nlh) || nftnl_set_elems_nlmsg_parse(nlh, nls) < 0) {
		nftnl_set_free(nls);
		*why = xstrdup("cannot parse the elements the kernel echoed");
		return NULL;
	}
	return nls;
}

void element_nl_free(void *obj)
{
	nftnl_set_free(obj);
}

void element_echo_release(struct nft_ctx *nft)
{
	struct elem_echo *st = nft->elem_echo;
	unsigned int i;

	if (st == NULL)
		return;
	for (i = 0; i < st->num; i++)
		set_free(st->sets[i]);
	xfree(st->sets);
	if (st->start)
		nftnl_set_free(st->start);
	if (st->end)
		nftnl_set_elem_free(st->end);
	xfree(st);
	nft->elem_echo = NULL;
}

void element_echo_remember(struct nft_ctx *nft, struct set *s)
{
	struct elem_echo *st = elem_echo_of(nft);

	st->sets = xrealloc(st->sets, (st->num + 1) * sizeof(*st->sets));
	st->sets[st->num++] = set_get(s);
}

static bool echo_set_is(const struct set *s, uint32_t family,
			const char *tname, const char *sname)
{
	return s->handle.family == family && s->handle.table.name &&
	       s->handle.set.name && !strcmp(s->handle.table.name, tname) &&
	       !strcmp(s->handle.set.name, sname);
}

/* The set echoed elements belong to: the command's, one this batch
 * added, or the cache's. */
static const struct set *echo_set_find(struct nft_ctx *nft,
				       const struct cmd *cmd, uint32_t family,
				       const char *tname, const char *sname)
{
	const struct elem_echo *st = nft->elem_echo;
	const struct table *t;
	unsigned int i;

	if (cmd && cmd->obj == CMD_OBJ_ELEMENT && cmd->set &&
	    cmd->set->key)
		return cmd->set;
	for (i = st ? st->num : 0; i-- > 0; )
		if (echo_set_is(st->sets[i], family, tname, sname))
			return st->sets[i];
	t = cache_table_lookup(&nft->cache, family, tname);
	return t ? table_lookup_set(t, sname) : NULL;
}

static void echo_print_member(const struct set *s, const struct expr *i,
			      unsigned int n, struct output_ctx *octx)
{
	if (i->etype == EXPR_MAPPING) {
		set_member_print(i->mapping.key, octx);
		if (s->info)
			set_print_elem_info(s, &s->info[n], octx);
		nft_print(octx, " : ");
		map_data_print(i->mapping.data, octx);
		return;
	}
	set_member_print(i, octx);
	if (s->info)
		set_print_elem_info(s, &s->info[n], octx);
}

/* What the decoding of a map's data reads in its user data: the data's
 * typeof, and whether they are ranges ("type K : interval D"). */
static void echo_data_udata(struct nftnl_set *nls, const struct set *e)
{
	struct nftnl_udata_buf *ud;

	if (!e->data_typeof && !e->data_interval)
		return;
	ud = set_udata_scratch();
	if (e->data_typeof)
		set_typeof_put_data(ud, e->data);
	nftnl_udata_put_u32(ud, NFTNL_UDATA_SET_DATA_INTERVAL,
			    e->data_interval);
	nftnl_set_set_data(nls, NFTNL_SET_USERDATA, nftnl_udata_buf_data(ud),
			   nftnl_udata_buf_len(ud));
	nftnl_udata_buf_free(ud);
}

/* The monitor's JSON of elements: {"OP": {"element": {..., "elem":
 * {"set": [...]}}}}, one line. */
static void echo_print_json(struct nft_ctx *nft, const char *op,
			    const struct set *s, struct nftnl_set *nls)
{
	json_t *members = json_array(), *o;
	const struct expr *i;
	unsigned int n = 0;

	list_for_each_entry(i, &s->init->expr_list.expressions, list) {
		json_array_append_new(members,
				      set_elem_json(s, i,
						    s->info ? &s->info[n] : NULL,
						    &nft->octx));
		n++;
	}
	i = s->init->expr_list.catchall;
	if (i)
		json_array_append_new(members, set_elem_json(s, i,
						i->elem_info, &nft->octx));
	o = json_pack("{s:s, s:s, s:s, s:{s:o}}",
		      "family", family_name(nftnl_set_get_u32(nls,
							NFTNL_SET_FAMILY)),
		      "table", nftnl_set_get_str(nls, NFTNL_SET_TABLE),
		      "name", nftnl_set_get_str(nls, NFTNL_SET_NAME),
		      "elem", "set", members);
	o = json_wrap(op, json_wrap("element", o));
	json_write_fp(nft->octx.output_fp, "", o, "\n");
	json_decref(o);
}

static void echo_print_line(struct nft_ctx *nft, const char *op,
			    const struct set *s, struct nftnl_set *nls)
{
	const struct expr *i;
	unsigned int n = 0;

	if (nft_output_json(&nft->octx)) {
		echo_print_json(nft, op, s, nls);
		return;
	}
	nft_print(&nft->octx, "%s element %s %s %s { ", op,
		  family_name(nftnl_set_get_u32(nls, NFTNL_SET_FAMILY)),
		  nftnl_set_get_str(nls, NFTNL_SET_TABLE),
		  nftnl_set_get_str(nls, NFTNL_SET_NAME));
	list_for_each_entry(i, &s->init->expr_list.expressions, list) {
		if (n)
			nft_print(&nft->octx, ", ");
		echo_print_member(s, i, n++, &nft->octx);
	}
	i = s->init->expr_list.catchall;
	if (i) {
		if (n)
			nft_print(&nft->octx, ", ");
		nft_print(&nft->octx, "*");
		if (i->elem_info)
			set_print_elem_info(s, i->elem_info, &nft->octx);
		if (i->etype == EXPR_MAPPING) {
			nft_print(&nft->octx, " : ");
			map_data_print(i->mapping.data, &nft->octx);
		}
	}
	nft_print(&nft->octx, " }\n");
}

/* The elements of @nls, decoded by set @e's key and data, on one line
 * that starts with @op. */
static void echo_print(struct nft_ctx *nft, const char *op,
		       const struct set *e, struct nftnl_set *nls)
{
	struct set *s = set_alloc(NULL);

	s->flags = e->flags;
	s->timeout = e->timeout;
	s->data_interval = e->data_interval;
	s->objtype = e->objtype;
	s->key = expr_get(e->key);
	if (e->data)
		s->data = expr_get(e->data);
	/* the echoed elements come without their set's attributes */
	nftnl_set_set_u32(nls, NFTNL_SET_FLAGS, e->flags);
	if (e->objtype)
		nftnl_set_set_u32(nls, NFTNL_SET_OBJ_TYPE, e->objtype);
	nftnl_set_set_u32(nls, NFTNL_SET_KEY_LEN,
			  div_round_up(e->key->len, BITS_PER_BYTE));
	if (set_is_map(s) && s->data && !s->objtype) {
		nftnl_set_set_u32(nls, NFTNL_SET_DATA_TYPE,
				  set_data_type_id(s));
		nftnl_set_set_u32(nls, NFTNL_SET_DATA_LEN, set_data_len(s));
		echo_data_udata(nls, e);
	}
	if (set_is_map(s)) {
		if (!s->data)
			s->init = NULL;
		else if (!set_elems_have_info(nls))
			s->init = map_elems_decode(nls, s->key);
		else if (map_decode_with_info(s, nls) < 0)
			s->init = NULL;
	} else if (!set_elems_have_info(nls)) {
		s->init = set_elems_decode(nls, s->key);
	} else if (set_decode_with_info(s, nls) < 0) {
		s->init = NULL;
	}
	if (s->init && set_parse_catchall(s, nls) < 0)
		s->init = NULL;
	if (s->init && (s->init->expr_list.size ||
			s->init->expr_list.catchall))
		echo_print_line(nft, op, s, nls);
	set_free(s);
}

static int echo_open_cb(const struct nftnl_udata *attr, void *data)
{
	const void *v = nftnl_udata_get(attr);
	uint32_t flags;

	if (nftnl_udata_type(attr) == NFTNL_UDATA_SET_ELEM_FLAGS &&
	    nftnl_udata_len(attr) == sizeof(flags)) {
		memcpy(&flags, v, sizeof(flags));
		if (flags & NFTNL_SET_ELEM_F_INTERVAL_OPEN)
			*(bool *)data = true;
	}
	return 0;
}

/* A start whose range runs to the top: no end follows it. */
static bool echo_elem_is_open(struct nftnl_set_elem *x)
{
	const void *ud;
	uint32_t len;
	bool open = false;

	if (!nftnl_set_elem_is_set(x, NFTNL_SET_ELEM_USERDATA))
		return false;
	ud = nftnl_set_elem_get(x, NFTNL_SET_ELEM_USERDATA, &len);
	udata_parse(ud, len, echo_open_cb, &open);
	return open;
}

/* What the echo reads of element @x (libnftnl exports no clone): not
 * its statements, which the system nft leaves out of an interval's
 * echo. */
static struct nftnl_set_elem *echo_elem_copy(struct nftnl_set_elem *x)
{
	static const uint16_t attrs[] = {
		NFTNL_SET_ELEM_KEY, NFTNL_SET_ELEM_KEY_END,
		NFTNL_SET_ELEM_FLAGS, NFTNL_SET_ELEM_TIMEOUT,
		NFTNL_SET_ELEM_EXPIRATION, NFTNL_SET_ELEM_USERDATA,
		NFTNL_SET_ELEM_DATA, NFTNL_SET_ELEM_VERDICT,
		NFTNL_SET_ELEM_CHAIN, NFTNL_SET_ELEM_OBJREF,
	};
	struct nftnl_set_elem *c = nftnl_set_elem_alloc();
	const void *data;
	unsigned int i;
	uint32_t len;

	if (c == NULL)
		memory_allocation_error();
	for (i = 0; i < array_size(attrs); i++) {
		if (!nftnl_set_elem_is_set(x, attrs[i]))
			continue;
		data = nftnl_set_elem_get(x, attrs[i], &len);
		nftnl_set_elem_set(c, attrs[i], data, len);
	}
	return c;
}

/* A set of @nls's names holding a copy of @x. */
static struct nftnl_set *echo_one(const struct nftnl_set *nls,
				  struct nftnl_set_elem *x)
{
	struct nftnl_set *one = nftnl_set_alloc();
	struct nftnl_set_elem *c = echo_elem_copy(x);

	if (one == NULL)
		memory_allocation_error();
	nftnl_set_set_u32(one, NFTNL_SET_FAMILY,
			  nftnl_set_get_u32(nls, NFTNL_SET_FAMILY));
	nftnl_set_set_str(one, NFTNL_SET_TABLE,
			  nftnl_set_get_str(nls, NFTNL_SET_TABLE));
	nftnl_set_set_str(one, NFTNL_SET_NAME,
			  nftnl_set_get_str(nls, NFTNL_SET_NAME));
	nftnl_set_elem_add(one, c);
	return one;
}

struct echo_iv {
	struct nft_ctx *nft;
	const char *op;
	const struct set *e;
	struct nftnl_set *nls;
	bool del;
};

/* A removal's interval comes as its end, then its start when the set is
 * flushed (walked from the top, a trailing end at 0 alone), as its
 * start, then its end when its elements are deleted: printed once both
 * are there, as the reference's monitor does. */
static void echo_interval_del(struct echo_iv *c, struct nftnl_set_elem *x)
{
	struct elem_echo *st = elem_echo_of(c->nft);
	struct nftnl_set *one;

	if (nftnl_set_elem_is_set(x, NFTNL_SET_ELEM_FLAGS) &&
	    nftnl_set_elem_get_u32(x, NFTNL_SET_ELEM_FLAGS) &
	    NFT_SET_ELEM_INTERVAL_END) {
		if (st->start) {
			nftnl_set_elem_add(st->start, echo_elem_copy(x));
			echo_print(c->nft, c->op, c->e, st->start);
			nftnl_set_free(st->start);
			st->start = NULL;
			return;
		}
		if (st->end)
			nftnl_set_elem_free(st->end);
		st->end = echo_elem_copy(x);
		return;
	}
	one = echo_one(c->nls, x);
	if (st->end) {
		nftnl_set_elem_add(one, st->end);
		st->end = NULL;
	} else if (!echo_elem_is_open(x)) {
		if (st->start)
			nftnl_set_free(st->start);
		st->start = one;
		return;
	}
	echo_print(c->nft, c->op, c->e, one);
	nftnl_set_free(one);
}

/* The end of a batch: an interval's half still waiting has no other. */
void element_monitor_batch_end(struct nft_ctx *nft)
{
	struct elem_echo *st = nft->elem_echo;

	if (st == NULL)
		return;
	if (st->start)
		nftnl_set_free(st->start);
	if (st->end)
		nftnl_set_elem_free(st->end);
	st->start = NULL;
	st->end = NULL;
}

/* An interval comes as its start, then its end (the leading end at 0
 * alone): printed as one element once both are there, as the system
 * nft does. */
static int echo_interval_cb(struct nftnl_set_elem *x, void *data)
{
	struct echo_iv *c = data;
	struct elem_echo *st = elem_echo_of(c->nft);
	struct nftnl_set *one;

	if (c->del) {
		echo_interval_del(c, x);
		return 0;
	}

	if (nftnl_set_elem_is_set(x, NFTNL_SET_ELEM_FLAGS) &&
	    nftnl_set_elem_get_u32(x, NFTNL_SET_ELEM_FLAGS) &
	    NFT_SET_ELEM_INTERVAL_END) {
		if (st->start == NULL)
			return 0;
		nftnl_set_elem_add(st->start, echo_elem_copy(x));
		echo_print(c->nft, c->op, c->e, st->start);
		nftnl_set_free(st->start);
		st->start = NULL;
		return 0;
	}
	if (st->start)
		nftnl_set_free(st->start);
	st->start = NULL;
	one = echo_one(c->nls, x);
	if (echo_elem_is_open(x)) {
		echo_print(c->nft, c->op, c->e, one);
		nftnl_set_free(one);
	} else {
		st->start = one;
	}
	return 0;
}

/* The elements of @nls as lines that start with @op, decoded by the set
 * they belong to (@cmd's, one remembered, or the cache's): intervals
 * once both of their ends are there. Anonymous sets print nothing. */
static void element_print_msg(struct nft_ctx *nft, const struct cmd *cmd,
			      const char *op, struct nftnl_set *nls)
{
	const char *tname, *sname;
	const struct set *e;
	uint32_t family;

	if (!nftnl_set_is_set(nls, NFTNL_SET_TABLE) ||
	    !nftnl_set_is_set(nls, NFTNL_SET_NAME))
		return;
	family = nftnl_set_get_u32(nls, NFTNL_SET_FAMILY);
	tname = nftnl_set_get_str(nls, NFTNL_SET_TABLE);
	sname = nftnl_set_get_str(nls, NFTNL_SET_NAME);
	e = echo_set_find(nft, cmd, family, tname, sname);
	if (!e || !e->key)
		return;
	if (e->flags & NFT_SET_INTERVAL && e->key->etype != EXPR_CONCAT) {
		struct echo_iv c = { nft, op, e, nls, !strcmp(op, "delete") };

		nftnl_set_elem_foreach(nls, echo_interval_cb, &c);
		return;
	}
	echo_print(nft, op, e, nls);
}

/* "add element ip t s { 10.0.0.1 timeout 10s expires 10s }": what the
 * kernel holds now, as the system nft echoes it, one element a line. */
void element_echo(struct nft_ctx *nft, struct cmd *cmd,
		  void *owner_obj, uint16_t type, void *obj)
{
	const char *op;

	(void)owner_obj;
	(void)type;
	if (nft_output_json(&nft->octx))
		return;
	op = cmd && cmd->obj == CMD_OBJ_ELEMENT ? echo_op(cmd) :
	     elem_echo_of(nft)->create ? "create" : "add";
	element_print_msg(nft, cmd, op, obj);
}

/* nft monitor: elements added or deleted, as the reference prints
 * them (text and JSON), one a line. */
int element_monitor(struct nft_ctx *nft, const struct nlmsghdr *nlh,
		    bool del)
{
	struct nftnl_set *nls;
	char *why = NULL;

	nls = element_nl_parse(nft, nlh, &why);
	if (nls == NULL)
		return monitor_failed(nft, why);
	element_print_msg(nft, NULL, monitor_op(nlh, del), nls);
	nftnl_set_free(nls);
	return 0;
}

static int echo_member_cmp(const void *a, const void *b)
{
	const struct expr *x = *(const struct expr **)a;
	const struct expr *y = *(const struct expr **)b;

	if (x->etype == EXPR_MAPPING)
		x = x->mapping.key;
	if (y->etype == EXPR_MAPPING)
		y = y->mapping.key;
	return set_member_compare(x, y);
}

/* The members in the order they went to the kernel: intervals sorted,
 * others as written. */
static const struct expr **echo_members(const struct set *s,
					const struct expr *init)
{
	const struct expr **v, *m;
	unsigned int n = 0;

	v = xzalloc((init->expr_list.size + 1) * sizeof(*v));
	list_for_each_entry(m, &init->expr_list.expressions, list)
		v[n++] = m;
	if (s->flags & NFT_SET_INTERVAL && s->key->etype != EXPR_CONCAT)
		qsort(v, n, sizeof(*v), echo_member_cmp);
	return v;
}

/* -e -j: each element added, as the system nft prints the kernel's
 * echo: {"add": {"element": {..., "elem": {"set": [ELEM]}}}}, the
 * expiry the kernel starts from the timeout included. */
/* One {"add": {"element": ...}} a member; @infos: the members'
 * options in their order, else their own as written. */
static void elem_json_echo_one(json_t *array, const char *op,
			       const struct handle *h, const struct set *s,
			       const struct expr *m,
			       const struct set_elem_info *from,
			       bool interval, struct output_ctx *octx)
{
	struct set_elem_info info;
	json_t *o;

	memset(&info, 0, sizeof(info));
	if (from)
		info = *from;
	/* the kernel starts the expiry from the element's timeout, else
	 * the set's */
	if (!info.expires)
		info.expires = info.timeout ? info.timeout : s->timeout;
	/* the set's statements, which the kernel gave it; none in an
	 * interval's echo, as the system nft's */
	if (interval)
		memset(&info.stmts, 0, sizeof(info.stmts));
	else if (!info.stmts.n)
		info.stmts = s->stmts;
	o = json_object();
	json_object_set_new(o, "family", json_string(family_name(h->family)));
	json_object_set_new(o, "table", json_string(h->table.name));
	json_object_set_new(o, "name", json_string(h->set.name));
	json_object_set_new(o, "elem",
			    json_pack("{s:[o]}", "set",
				      set_elem_json(s, m, &info, octx)));
	json_array_append_new(array,
			      json_pack("{s:{s:o}}", op, "element", o));
}

static void elems_json_echo_each(json_t *array, const char *op,
				 const struct handle *h, const struct set *s,
				 const struct expr *init,
				 const struct set_elem_info *infos,
				 struct output_ctx *octx)
{
	const struct expr **v = echo_members(s, init), **m;

	for (m = v; *m; m++)
		elem_json_echo_one(array, op, h, s, *m,
				   infos ? &infos[m - v] : (*m)->elem_info,
				   infos, octx);
	xfree(v);
	/* the catch-all, last */
	if (!infos && init->expr_list.catchall)
		elem_json_echo_one(array, op, h, s, init->expr_list.catchall,
				   init->expr_list.catchall->elem_info, false,
				   octx);
}

/*
 * Intervals go as the kernel gets them, merged (auto-merge, with the
 * set's own elements too) and with the options their start elements
 * carry: built as sent and decoded back, as the system nft echoes them.
 */
static void elems_json_echo(json_t *array, const char *op,
			    const struct handle *h, const struct set *s,
			    const struct expr *init, struct output_ctx *octx)
{
	struct set sent = { .flags = s->flags, .key = s->key,
			    .timeout = s->timeout };
	struct nftnl_set *nls;
	unsigned int i;

	if (!(s->flags & NFT_SET_INTERVAL) || s->key->etype == EXPR_CONCAT ||
	    set_is_map(s) || !(init->flags & EXPR_F_INTERVAL)) {
		elems_json_echo_each(array, op, h, s, init, NULL, octx);
		return;
	}
	nls = nftnl_set_alloc();
	if (nls == NULL)
		memory_allocation_error();
	nftnl_set_set_u32(nls, NFTNL_SET_FLAGS, s->flags);
	nftnl_set_set_u32(nls, NFTNL_SET_KEY_LEN,
			  div_round_up(s->key->len, BITS_PER_BYTE));
	if (s->merge_with)
		set_elems_build_merged(nls, init, s->merge_with, s->key, true);
	else
		set_elems_build(nls, init, s->key, s->auto_merge, true);
	if (set_interval_decode_with_info(&sent, nls, false) == 0)
		elems_json_echo_each(array, op, h, s, sent.init, sent.info,
				     octx);
	for (i = 0; sent.init && i < sent.init->expr_list.size; i++) {
		xfree(sent.info[i].comment);
		set_stmts_free(&sent.info[i].stmts);
	}
	xfree(sent.info);
	if (sent.init)
		expr_free(sent.init);
	nftnl_set_free(nls);
}

void element_json_echo(json_t *array, const char *op,
		       const struct cmd *cmd, struct output_ctx *octx)
{
	const struct set *e = cmd->set;

	if ((cmd->op != CMD_ADD && cmd->op != CMD_CREATE) || !e || !e->init ||
	    e->init->etype != EXPR_SET || !e->key)
		return;
	elems_json_echo(array, op, &cmd->handle, e, e->init, octx);
}

/* -e -j of a set the kernel added (a command's or a table block's):
 * the set, then each of its elements. */
void set_json_echo_set(json_t *array, const char *op, const struct set *s,
		       struct output_ctx *octx)
{
	struct set bare = *s;

	if (!s->handle.handle.id)
		return;
	bare.init = NULL;
	bare.info = NULL;
	json_array_append_new(array, json_pack("{s:o}", op,
					       set_json(&bare, octx)));
	if (s->init && s->init->etype == EXPR_SET && s->key)
		elems_json_echo(array, op, &s->handle, s, s->init, octx);
}

void set_json_echo(json_t *array, const char *op, const struct cmd *cmd,
		   struct output_ctx *octx)
{
	if (cmd->op == CMD_ADD || cmd->op == CMD_CREATE)
		set_json_echo_set(array, op, cmd->set, octx);
}


/* Elements' options as written */

void set_elem_info_free(struct set_elem_info *i)
{
	if (i == NULL)
		return;
	xfree(i->comment);
	set_stmts_free(&i->stmts);
	xfree(i);
}

struct set_elem_info *set_elem_info_clone(const struct set_elem_info *i)
{
	struct set_elem_info *n;

	if (i == NULL)
		return NULL;
	n = xzalloc(sizeof(*n));
	*n = *i;
	n->comment = i->comment ? xstrdup(i->comment) : NULL;
	set_stmts_clone(&n->stmts, &i->stmts);
	return n;
}

struct set_elem_info *set_elem_info_of(struct expr *m)
{
	if (m->elem_info == NULL)
		m->elem_info = xzalloc(sizeof(*m->elem_info));
	return m->elem_info;
}

/* The comment, then the flag of a range that runs to the top, in one
 * user data, as the system nft writes them. */
static void set_elem_udata_put(struct nftnl_set_elem *e, const char *comment,
			       bool open)
{
	struct nftnl_udata_buf *ud;

	if (!comment && !open)
		return;
	ud = set_udata_scratch();
	if (comment)
		nftnl_udata_put_strz(ud, NFTNL_UDATA_SET_ELEM_COMMENT, comment);
	if (open)
		nftnl_udata_put_u32(ud, NFTNL_UDATA_SET_ELEM_FLAGS,
				    NFTNL_SET_ELEM_F_INTERVAL_OPEN);
	nftnl_set_elem_set(e, NFTNL_SET_ELEM_USERDATA,
			   nftnl_udata_buf_data(ud), nftnl_udata_buf_len(ud));
	nftnl_udata_buf_free(ud);
}

void set_elem_info_put(struct nftnl_set_elem *e,
		       const struct set_elem_info *i)
{
	set_elem_info_put_open(e, i, false);
}

void set_elem_info_put_open(struct nftnl_set_elem *e,
			    const struct set_elem_info *i, bool open)
{

	set_elem_udata_put(e, i ? i->comment : NULL, open);
	if (i == NULL)
		return;
	if (i->timeout)
		nftnl_set_elem_set_u64(e, NFTNL_SET_ELEM_TIMEOUT, i->timeout);
	if (i->expires)
		nftnl_set_elem_set_u64(e, NFTNL_SET_ELEM_EXPIRATION,
				       i->expires);
	set_stmts_put_elem(e, &i->stmts);
}


/* ---- options of interval elements, dumped ---- */

/* A start element: its key as the kernel holds it and its options. */
struct iv_start {
	unsigned char key[NFT_REG_SIZE * 4];
	uint32_t len;
	struct set_elem_info info;
	bool taken;
};

struct iv_starts {
	struct iv_start *v;
	unsigned int n, max;
};

static int iv_count_cb(struct nftnl_set_elem *e, void *data)
{
	(void)e;
	(*(unsigned int *)data)++;
	return 0;
}

/* Starts with options only: an end never carries any the listing shows
 * (the kernel gives it a zero timeout in sets with one). */
static int iv_start_cb(struct nftnl_set_elem *e, void *data)
{
	struct iv_starts *c = data;
	struct iv_start *p = &c->v[c->n];
	const void *key;
	uint32_t len = 0;

	if (c->n == c->max || (nftnl_set_elem_is_set(e, NFTNL_SET_ELEM_FLAGS) &&
	    nftnl_set_elem_get_u32(e, NFTNL_SET_ELEM_FLAGS) &
	    NFT_SET_ELEM_INTERVAL_END))
		return 0;
	key = nftnl_set_elem_get(e, NFTNL_SET_ELEM_KEY, &len);
	if (!key || len > sizeof(p->key))
		return 0;
	if (!set_elem_info_decode(e, &p->info))
		return 0;
	memcpy(p->key, key, len);
	p->len = len;
	c->n++;
	return 0;
}

static int iv_start_cmp(const void *a, const void *b)
{
	const struct iv_start *x = a, *y = b;

	if (x->len != y->len)
		return x->len < y->len ? -1 : 1;
	return memcmp(x->key, y->key, x->len);
}

/* Member @m's start key as its element holds it: a concatenation's
 * lower bounds, each member in its byte order; an interval's lower
 * bound, big endian. */
static void iv_member_key(const struct set *s, const struct expr *m,
			  struct iv_start *k)
{
	struct interval iv;

	if (m->etype == EXPR_MAPPING)
		m = m->mapping.key;
	memset(k, 0, sizeof(*k));
	k->len = div_round_up(s->key->len, BITS_PER_BYTE);
	if (s->key->etype == EXPR_CONCAT) {
		set_concat_key(k->key, m, s->key, false);
		return;
	}
	interval_init(&iv);
	set_member_bounds(m, s->key, &iv);
	linearize_mpz(k->key, iv.low, BYTEORDER_BIG_ENDIAN, k->len);
	interval_clear(&iv);
}

int set_interval_decode_with_info(struct set *s, const struct nftnl_set *nls,
				  bool map)
{
	struct iv_starts c = { NULL, 0, 0 };
	struct iv_start want, *p;
	const struct expr *m;
	unsigned int i = 0;

	s->init = map ? map_elems_decode(nls, s->key) :
			set_elems_decode(nls, s->key);
	if (!s->init)
		return -1;
	nftnl_set_elem_foreach((struct nftnl_set *)nls, iv_count_cb, &c.max);
	c.v = xzalloc((c.max + 1) * sizeof(*c.v));
	nftnl_set_elem_foreach((struct nftnl_set *)nls, iv_start_cb, &c);
	qsort(c.v, c.n, sizeof(*c.v), iv_start_cmp);
	s->info = xzalloc((s->init->expr_list.size + 1) * sizeof(*s->info));
	list_for_each_entry(m, &s->init->expr_list.expressions, list) {
		iv_member_key(s, m, &want);
		p = bsearch(&want, c.v, c.n, sizeof(*c.v), iv_start_cmp);
		if (p && !p->taken) {
			s->info[i] = p->info;
			p->taken = true;
		}
		i++;
	}
	for (i = 0; i < c.n; i++) {
		if (c.v[i].taken)
			continue;
		xfree(c.v[i].info.comment);
		set_stmts_free(&c.v[i].info.stmts);
	}
	xfree(c.v);
	return 0;
}


/* ---- -e of sets ---- */

void *set_nl_parse_echo(struct nft_ctx *nft, const struct nlmsghdr *nlh,
			char **why)
{
	struct nftnl_set *nls = nftnl_set_alloc();
	struct set *s = NULL;

	(void)nft;
	*why = NULL;
	if (nls == NULL)
		memory_allocation_error();
	if (!mnl_msg_broken(nlh) && nftnl_set_nlmsg_parse(nlh, nls) == 0 &&
	    !(nftnl_set_get_u32(nls, NFTNL_SET_FLAGS) & NFT_SET_ANONYMOUS))
		s = netlink_set_parse(nls);
	nftnl_set_free(nls);
	return s;
}

void set_obj_free_echo(void *s)
{
	set_free(s);
}

/* The declaration as "list set" prints it, on one line: "type
 * ipv4_addr; flags interval; ", the system nft's echo (which puts -a's
 * "# handle N" first, where the listing's first line has it). */
static void set_echo_declaration(const struct set *s, struct output_ctx *octx)
{
	struct output_ctx o = *octx;
	char *buf = NULL, *line, *save = NULL;
	size_t len = 0;
	FILE *fp = open_memstream(&buf, &len);

	if (fp == NULL)
		memory_allocation_error();
	o.output_fp = fp;
	o.flags &= ~NFT_CTX_OUTPUT_HANDLE;
	set_print(s, &o, false);
	fclose(fp);
	/* the first line opens the block, the last closes it */
	line = strtok_r(buf, "\n", &save);
	while (line && (line = strtok_r(NULL, "\n", &save))) {
		if (!strcmp(line, "\t}"))
			break;
		nft_print(octx, "%s; ", line + strspn(line, "\t"));
	}
	free(buf);
}

static void set_echo_line(struct nft_ctx *nft, const char *op,
			  const struct set *s)
{
	nft_print(&nft->octx, "%s %s %s %s %s { ", op,
		  set_is_map(s) ? "map" : "set",
		  family_name(s->handle.family), s->handle.table.name,
		  s->handle.set.name);
	/* -a: the handle the listing puts after the brace, inside */
	if (nft_output_handle(&nft->octx))
		nft_print(&nft->octx, "# handle %llu ",
			  (unsigned long long)s->handle.handle.id);
	set_echo_declaration(s, &nft->octx);
	nft_print(&nft->octx, "} \n");
}

/* "add set ip t s { type ipv4_addr; flags interval; } ": the set the
 * kernel added, remembered for the elements that follow it. */
void set_echo(struct nft_ctx *nft, struct cmd *cmd, void *owner_obj,
	      uint16_t type, void *obj)
{
	struct set *own = owner_obj, *s = obj;

	(void)type;
	if (s->key == NULL)
		return;
	if (own)
		own->handle.handle.id = s->handle.handle.id;
	if (cmd->obj == CMD_OBJ_SET || cmd->obj == CMD_OBJ_MAP)
		cmd->echo_handle = s->handle.handle.id;
	element_echo_remember(nft, s);
	if (nft_output_json(&nft->octx))
		return;
	set_echo_line(nft, echo_op(cmd), s);
}

/* A removed set, anonymous ones too: its names only, as the reference
 * prints it (JSON: of type "invalid", "set" for maps as well). */
static void set_monitor_del(struct nft_ctx *nft, const struct nftnl_set *nls)
{
	const char *family = family_name(nftnl_set_get_u32(nls,
						NFTNL_SET_FAMILY));
	const char *table = nftnl_set_get_str(nls, NFTNL_SET_TABLE);
	const char *name = nftnl_set_get_str(nls, NFTNL_SET_NAME);
	json_t *o;

	if (!nft_output_json(&nft->octx)) {
		nft_print(&nft->octx, "delete set %s %s %s\n", family, table,
			  name);
		return;
	}
	o = json_pack("{s:{s:{s:s, s:s, s:s, s:s, s:I}}}", "delete", "set",
		      "family", family, "name", name, "table", table,
		      "type", "invalid", "handle",
		      (json_int_t)nftnl_set_get_u64(nls, NFTNL_SET_HANDLE));
	json_write_fp(nft->octx.output_fp, "", o, "\n");
	json_decref(o);
}

static void set_monitor_add(struct nft_ctx *nft, const char *op,
			    struct set *s, bool quiet)
{
	json_t *array;
	size_t i;

	element_echo_remember(nft, s);
	if (quiet)
		return;
	if (!nft_output_json(&nft->octx)) {
		set_echo_line(nft, op, s);
		return;
	}
	array = json_array();
	set_json_echo_set(array, op, s, &nft->octx);
	for (i = 0; i < json_array_size(array); i++)
		json_write_fp(nft->octx.output_fp, "",
			      json_array_get(array, i), "\n");
	json_decref(array);
}

/* A set added (named ones) or removed (any); @quiet: only remember a
 * new set for its elements. */
static int set_monitor_msg(struct nft_ctx *nft, const struct nlmsghdr *nlh,
			   bool del, bool quiet)
{
	struct nftnl_set *nls = nftnl_set_alloc();
	struct set *s = NULL;

	if (nls == NULL)
		memory_allocation_error();
	if (mnl_msg_broken(nlh) || nftnl_set_nlmsg_parse(nlh, nls) < 0) {
		nftnl_set_free(nls);
		return monitor_failed(nft, xstrdup("cannot parse a set "
						   "the kernel notified"));
	}
	/* an anonymous set added prints with its rule */
	if (del || nftnl_set_get_u32(nls, NFTNL_SET_FLAGS) &
		   NFT_SET_ANONYMOUS) {
		if (del && !quiet)
			set_monitor_del(nft, nls);
		nftnl_set_free(nls);
		return 0;
	}
	s = netlink_set_parse(nls);
	nftnl_set_free(nls);
	if (s == NULL || s->key == NULL) {
		set_free(s);
		return monitor_failed(nft, xstrdup("cannot print a set the "
						   "kernel notified"));
	}
	set_monitor_add(nft, monitor_op(nlh, false), s, quiet);
	set_free(s);
	return 0;
}

/* nft monitor: a set added or removed */
int set_monitor(struct nft_ctx *nft, const struct nlmsghdr *nlh, bool del)
{
	return set_monitor_msg(nft, nlh, del, false);
}

void set_monitor_remember(struct nft_ctx *nft, const struct nlmsghdr *nlh)
{
	set_monitor_msg(nft, nlh, false, true);
}
