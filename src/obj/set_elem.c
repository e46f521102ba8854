/*
 * Named sets' elements: "get element", the echo (-e) of added
 * elements and the options an element is written with.
 */
#include <obj.h>
#include <set_int.h>
#include <evaluate.h>
#include <print.h>
#include <json.h>
#include <intervals.h>
#include <linearize.h>
#include <stdlib.h>
#include <libnftnl/expr.h>
#include <string.h>
#include <libnftnl/set.h>
#include <libnftnl/udata.h>

/* ---- "get element" ---- */

/* The member of @have that holds @want: the same value, or (interval
 * sets) the interval around it. */
static const struct expr *set_get_find(const struct set *s,
				       const struct expr *want)
{
	struct interval a, b;
	const struct expr *i, *found = NULL;

	interval_init(&a);
	interval_init(&b);
	set_member_bounds(want, s->key, &a);
	list_for_each_entry(i, &s->init->expr_list.expressions, list) {
		set_member_bounds(i, s->key, &b);
		if (s->flags & NFT_SET_INTERVAL ?
		    mpz_cmp(b.low, a.low) <= 0 && mpz_cmp(b.high, a.high) >= 0 :
		    !mpz_cmp(b.low, a.low) && !mpz_cmp(b.high, a.high)) {
			found = i;
			break;
		}
	}
	interval_clear(&a);
	interval_clear(&b);
	return found;
}

/* Type the elements asked for by the set's key, outside a run. */
static int set_get_evaluate(struct nft_ctx *nft, struct list_head *msgs,
			    const struct set *s, struct expr **elems)
{
	struct eval_ctx ectx = { .nft = nft, .msgs = msgs };
	struct set tmp = *s;

	return set_elems_evaluate(&ectx, &tmp, elems);
}

int element_get(struct nft_ctx *nft, struct cmd *cmd,
		struct list_head *msgs)
{
	struct set *want = cmd->set, *s, out;
	const struct expr *i, *m;
	struct table *t;
	int ret = 0;

	t = cache_table_lookup(&nft->cache, cmd->handle.family,
			       cmd->handle.table.name);
	s = t ? table_lookup_set(t, cmd->handle.set.name) : NULL;
	if (!s)
		return erec_error(msgs, cmd_loc_or(cmd,
					&cmd->handle.set.location),
				  "Could not process rule: No such file or directory");
	if (s->key->etype == EXPR_CONCAT)
		return erec_error(msgs, &cmd->location,
				  "get element of a concatenated set is not supported yet");
	if (set_get_evaluate(nft, msgs, s, &want->init) < 0)
		return -1;
	out = *s;
	out.info = NULL;
	out.init = set_expr_alloc(&internal_location);
	list_for_each_entry(i, &want->init->expr_list.expressions, list) {
		m = s->init ? set_get_find(s, i) : NULL;
		if (!m) {
			ret = erec_error(msgs, &i->location,
					 "Could not process rule: No such file or directory");
			goto out;
		}
		set_expr_add(out.init, expr_clone(m));
	}
	if (nft_output_json(&nft->octx)) {
		json_t *array = json_array();
		json_t *root;
		FILE *fp = nft->octx.output_fp ? nft->octx.output_fp : stdout;

		json_array_append_new(array, json_metainfo());
		json_array_append_new(array, set_json(&out, &nft->octx));
		root = json_wrap("nftables", array);
		json_write_fp(fp, "", root, "\n");
		json_decref(root);
	} else {
		table_print_header(t, &nft->octx, false);
		set_print(&out, &nft->octx, true);
		nft_print(&nft->octx, "}\n");
	}
out:
	expr_free(out.init);
	return ret;
}


/* -e: the elements the kernel echoed, one message each */
void *element_nl_parse(struct nft_ctx *nft,
		       const struct nlmsghdr *nlh, char **why)
{
	struct nftnl_set *nls = nftnl_set_alloc();

	(void)nft;
	if (nls == NULL)
		memory_allocation_error();
	if (nftnl_set_elems_nlmsg_parse(nlh, nls) < 0) {
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

/* "add element ip t s { 10.0.0.1 timeout 10s expires 10s }": what the
 * kernel holds now, as the system nft echoes it. Plain keys and
 * concatenations (intervals come as their bounds: not echoed). */
void element_echo(struct nft_ctx *nft, struct cmd *cmd,
		  void *owner_obj, uint16_t type, void *obj)
{
	struct nftnl_set *nls = obj;
	const struct set *e = NULL;
	const char *tname, *sname;
	const struct table *t;
	unsigned int n = 0;
	const struct expr *i;
	uint32_t family;
	struct set *s;

	(void)owner_obj;
	(void)type;
	if (nft_output_json(&nft->octx) ||
	    !nftnl_set_is_set(nls, NFTNL_SET_TABLE) ||
	    !nftnl_set_is_set(nls, NFTNL_SET_NAME))
		return;
	family = nftnl_set_get_u32(nls, NFTNL_SET_FAMILY);
	tname = nftnl_set_get_str(nls, NFTNL_SET_TABLE);
	sname = nftnl_set_get_str(nls, NFTNL_SET_NAME);
	if (cmd && cmd->obj == CMD_OBJ_ELEMENT && cmd->set &&
	    cmd->set->key)
		e = cmd->set;
	t = e ? NULL : cache_table_lookup(&nft->cache, family, tname);
	if (t)
		e = table_lookup_set(t, sname);
	if (!e || !e->key || e->flags & NFT_SET_INTERVAL)
		return;
	s = set_alloc(NULL);
	s->flags = e->flags;
	s->key = expr_get(e->key);
	if (e->data)
		s->data = expr_get(e->data);
	/* the echoed elements come without their set's attributes */
	nftnl_set_set_u32(nls, NFTNL_SET_FLAGS, e->flags);
	nftnl_set_set_u32(nls, NFTNL_SET_KEY_LEN,
			  div_round_up(e->key->len, BITS_PER_BYTE));
	if (set_is_map(s) && s->data) {
		nftnl_set_set_u32(nls, NFTNL_SET_DATA_TYPE,
				  set_data_type_id(s));
		nftnl_set_set_u32(nls, NFTNL_SET_DATA_LEN, set_data_len(s));
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
	if (s->init && s->init->expr_list.size) {
		nft_print(&nft->octx, "%s element %s %s %s { ",
			  cmd && cmd->obj == CMD_OBJ_ELEMENT ?
			  echo_op(cmd) : "add", family_name(family), tname,
			  sname);
		list_for_each_entry(i, &s->init->expr_list.expressions,
				    list) {
			if (n)
				nft_print(&nft->octx, ", ");
			if (i->etype == EXPR_MAPPING) {
				set_member_print(i->mapping.key, &nft->octx);
				if (s->info)
					set_print_elem_info(s, &s->info[n],
							    &nft->octx);
				nft_print(&nft->octx, " : ");
				expr_print(i->mapping.data, &nft->octx);
			} else {
				set_member_print(i, &nft->octx);
				if (s->info)
					set_print_elem_info(s, &s->info[n],
							    &nft->octx);
			}
			n++;
		}
		nft_print(&nft->octx, " }\n");
	}
	set_free(s);
}

/* -e -j: each element added, as the system nft prints the kernel's
 * echo: {"add": {"element": {..., "elem": {"set": [ELEM]}}}}, the
 * expiry the kernel starts from the timeout included. */
void element_json_echo(json_t *array, const char *op,
		       const struct cmd *cmd, struct output_ctx *octx)
{
	const struct set *e = cmd->set;
	struct set_elem_info info;
	const struct expr *m;
	json_t *o;

	if ((cmd->op != CMD_ADD && cmd->op != CMD_CREATE) || !e || !e->init ||
	    e->init->etype != EXPR_SET || e->flags & NFT_SET_INTERVAL)
		return;
	list_for_each_entry(m, &e->init->expr_list.expressions, list) {
		memset(&info, 0, sizeof(info));
		if (m->elem_info) {
			info = *m->elem_info;
			info.stmt = NULL;
			if (!info.expires)
				info.expires = info.timeout;
		}
		o = json_object();
		json_object_set_new(o, "family",
				    json_string(family_name(cmd->handle.family)));
		json_object_set_new(o, "table",
				    json_string(cmd->handle.table.name));
		json_object_set_new(o, "name",
				    json_string(cmd->handle.set.name));
		json_object_set_new(o, "elem",
				    json_pack("{s:[o]}", "set",
					      set_elem_json(e, m, &info,
							    octx)));
		json_array_append_new(array,
				      json_pack("{s:{s:o}}", op, "element",
						o));
	}
}


/* Elements' options as written */

void set_elem_info_free(struct set_elem_info *i)
{
	if (i == NULL)
		return;
	xfree(i->comment);
	if (i->stmt)
		stmt_free(i->stmt);
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
	n->stmt = NULL;
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
	ud = nftnl_udata_buf_alloc(NFT_USERDATA_MAXLEN);
	if (ud == NULL)
		memory_allocation_error();
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
	struct nftnl_expr *x;

	set_elem_udata_put(e, i ? i->comment : NULL, open);
	if (i == NULL)
		return;
	if (i->timeout)
		nftnl_set_elem_set_u64(e, NFTNL_SET_ELEM_TIMEOUT, i->timeout);
	if (i->expires)
		nftnl_set_elem_set_u64(e, NFTNL_SET_ELEM_EXPIRATION,
				       i->expires);
	if (i->counter) {
		x = nftnl_expr_alloc("counter");
		if (x == NULL)
			memory_allocation_error();
		nftnl_expr_set_u64(x, NFTNL_EXPR_CTR_PACKETS, i->packets);
		nftnl_expr_set_u64(x, NFTNL_EXPR_CTR_BYTES, i->bytes);
		nftnl_set_elem_set(e, NFTNL_SET_ELEM_EXPR, x, 0);
	}
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
		if (c.v[i].info.stmt)
			stmt_free(c.v[i].info.stmt);
	}
	xfree(c.v);
	return 0;
}
