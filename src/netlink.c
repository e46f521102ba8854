/*
 * AST objects <-> libnftnl objects: what the object kinds share (their
 * build and parse live in src/obj/KIND.c) and anonymous sets. Comments
 * travel in the objects' user data as a single NUL-terminated TLV of type 0, the
 * way the system nft stores them, so either tool lists the other's.
 */
#include <nft.h>
#include <nftables.h>
#include <netlink.h>
#include <linearize.h>
#include <datatype.h>
#include <stdlib.h>
#include <string.h>
#include <linux/netfilter.h>
#include <linux/netfilter/nf_tables.h>
#include <libnftnl/common.h>
#include <libnftnl/udata.h>
#include <libnftnl/set.h>
#include <mnl.h>
#include <set.h>
#include <set_pack.h>
#include <endian.h>
#include <libmnl/libmnl.h>

#ifndef NFT_USERDATA_MAXLEN
#define NFT_USERDATA_MAXLEN	256
#endif

/* Comment TLV type: the same value (0) for tables, chains and rules. */
#define UDATA_COMMENT	0

/*
 * User data
 */

/* Build the user data carrying @comment; NULL if there is none. */
struct nftnl_udata_buf *udata_comment_build(const char *comment)
{
	struct nftnl_udata_buf *ud;

	if (!comment)
		return NULL;
	ud = nftnl_udata_buf_alloc(NFT_USERDATA_MAXLEN);
	if (!ud)
		memory_allocation_error();
	if (!nftnl_udata_put_strz(ud, UDATA_COMMENT, comment)) {
		/* Longer than the user data can hold; the evaluator
		 * limits comments, so this is only a safeguard. */
		nftnl_udata_buf_free(ud);
		return NULL;
	}
	return ud;
}

struct udata_comment_ctx {
	char *comment;
};

static int udata_comment_cb(const struct nftnl_udata *attr, void *data)
{
	struct udata_comment_ctx *ctx = data;
	const char *s = nftnl_udata_get(attr);
	uint8_t len = nftnl_udata_len(attr);

	if (nftnl_udata_type(attr) != UDATA_COMMENT || !len ||
	    s[len - 1] != '\0')
		return 0;
	xfree(ctx->comment);
	ctx->comment = xstrdup(s);
	return 0;
}

/* Each attribute's header and value within @len, and nothing after. */
static bool udata_valid(const unsigned char *p, uint32_t len)
{
	uint32_t off = 0;

	while (len - off >= 2) {
		if (p[off + 1] > len - off - 2)
			return false;
		off += 2 + p[off + 1];
	}
	return off == len;
}

int udata_parse(const void *data, uint32_t len, nftnl_udata_cb_t cb,
		void *arg)
{
	if (!data || !udata_valid(data, len))
		return -1;
	return nftnl_udata_parse(data, len, cb, arg);
}

char *udata_comment_parse(const void *data, uint32_t len)
{
	struct udata_comment_ctx ctx = { NULL };

	if (!data || !len)
		return NULL;
	udata_parse(data, len, udata_comment_cb, &ctx);
	return ctx.comment;
}

/*
 * Anonymous sets
 */

/* --debug=netlink: the set line, then its elements, as the system nft. */
static void netlink_dump_set(struct nft_ctx *nft, const struct lin_set *s)
{
	FILE *fp = nft->octx.output_fp ? nft->octx.output_fp : stdout;

	if (!(nft->debug_mask & NFT_DEBUG_NETLINK))
		return;
	nftnl_set_fprintf(fp, s->set, NFTNL_OUTPUT_DEFAULT, 0);
	fprintf(fp, "\n");
	/* a meter's set (named) goes without elements, and without a
	 * line for them */
	if (!(nftnl_set_get_u32(s->set, NFTNL_SET_FLAGS) & NFT_SET_ANONYMOUS))
		return;
	nftnl_set_fprintf(fp, s->elems, NFTNL_OUTPUT_DEFAULT, 0);
	fprintf(fp, "\n");
}

/* @elems's elements in as many messages as they need (each below 64
 * KiB); none for a set without elements. */
static void netlink_put_elems(struct nft_batch *batch, uint32_t family,
			      const struct nftnl_set *elems)
{
	struct nftnl_set_elems_iter *it;
	struct nlmsghdr *nlh;
	int more;

	it = nftnl_set_elems_iter_create((struct nftnl_set *)elems);
	if (it == NULL)
		memory_allocation_error();
	/* a meter's set starts empty: the kernel refuses an element
	 * message without elements */
	if (nftnl_set_elems_iter_cur(it) == NULL) {
		nftnl_set_elems_iter_destroy(it);
		return;
	}
	do {
		nlh = batch_msg_start(batch, NFT_MSG_NEWSETELEM, family,
				      NLM_F_CREATE);
		more = nftnl_set_elems_nlmsg_build_payload_iter(nlh, it);
		batch_msg_end(batch, nlh);
	} while (more > 0);
	nftnl_set_elems_iter_destroy(it);
}

/* An element message's list stays well under the 64 KiB a netlink
 * attribute can hold. */
#define ANON_PACK_MSG_ROOM	60000
/* Merged intervals become libnftnl elements this many at a time. */
#define ANON_PACK_PAGE		1024

/* Packed plain keys (and data) straight into messages: the attributes
 * libnftnl writes for the same elements, none of its elements made. */
static void netlink_put_packed_keys(struct nft_batch *batch, uint32_t family,
				    const struct nftnl_set *elems,
				    const struct pack_keys *k)
{
	unsigned int from = 0;
	struct nlmsghdr *nlh;
	struct nlattr *list;

	do {
		nlh = batch_msg_start(batch, NFT_MSG_NEWSETELEM, family,
				      NLM_F_CREATE);
		mnl_attr_put_strz(nlh, NFTA_SET_ELEM_LIST_SET,
				  nftnl_set_get_str(elems, NFTNL_SET_NAME));
		mnl_attr_put_u32(nlh, NFTA_SET_ELEM_LIST_SET_ID,
				 htobe32(nftnl_set_get_u32(elems,
						  NFTNL_SET_ID)));
		mnl_attr_put_strz(nlh, NFTA_SET_ELEM_LIST_TABLE,
				  nftnl_set_get_str(elems, NFTNL_SET_TABLE));
		list = mnl_attr_nest_start(nlh, NFTA_SET_ELEM_LIST_ELEMENTS);
		from += set_pack_nlmsg_elems(nlh, k, from, ANON_PACK_MSG_ROOM);
		mnl_attr_nest_end(nlh, list);
		batch_msg_end(batch, nlh);
	} while (from < k->n);
}

/* Packed intervals, merged on their bytes (set_iv_pages_alloc()), in
 * pages of libnftnl elements: never all of them at once. */
static void netlink_put_packed_intervals(struct nft_batch *batch,
					 uint32_t family,
					 const struct lin_set *s)
{
	struct set_iv_pages *p = set_iv_pages_alloc(s->members, NULL, s->key,
						    true, true);
	struct nftnl_set *page;
	static const uint16_t attrs[] = {
		NFTNL_SET_FAMILY, NFTNL_SET_ID,
	};
	unsigned int i;

	do {
		page = nftnl_set_alloc();
		if (page == NULL)
			memory_allocation_error();
		for (i = 0; i < array_size(attrs); i++)
			nftnl_set_set_u32(page, attrs[i],
					  nftnl_set_get_u32(s->elems, attrs[i]));
		nftnl_set_set_str(page, NFTNL_SET_TABLE,
				  nftnl_set_get_str(s->elems, NFTNL_SET_TABLE));
		nftnl_set_set_str(page, NFTNL_SET_NAME,
				  nftnl_set_get_str(s->elems, NFTNL_SET_NAME));
		set_iv_pages_next(p, page, ANON_PACK_PAGE);
		netlink_put_elems(batch, family, page);
		nftnl_set_free(page);
	} while (!set_iv_pages_done(p));
	set_iv_pages_free(p);
}

/* The packed keys of a rule's anonymous set or map, if it has some. */
static const struct pack_keys *netlink_set_packed(const struct lin_set *s)
{
	if (!s->members || s->members->etype != EXPR_SET)
		return NULL;
	return set_pack_keys(s->members->expr_list.pack);
}

/*
 * The set, then its elements. With -e the set asks for an echo (which
 * nothing prints), as the system nft's does: the kernel reports the new
 * generation only when the batch's first message asks for one, and that
 * may be this one.
 */
static void netlink_put_set(struct nft_ctx *nft, struct nft_batch *batch,
			    uint32_t family, const struct lin_set *s)
{
	uint16_t echo = nft_output_echo(&nft->octx) ? NLM_F_ECHO : 0;
	const struct pack_keys *k = netlink_set_packed(s);
	struct nlmsghdr *nlh;

	nlh = batch_msg_start(batch, NFT_MSG_NEWSET, family,
			      NLM_F_CREATE | echo);
	nftnl_set_nlmsg_build_payload(nlh, s->set);
	batch_msg_end(batch, nlh);

	if (k && k->intervals)
		netlink_put_packed_intervals(batch, family, s);
	else if (k)
		netlink_put_packed_keys(batch, family, s->elems, k);
	else
		netlink_put_elems(batch, family, s->elems);
}

static void anon_echo_keep(struct nft_ctx *nft, uint32_t seq,
			   const struct nftnl_rule *nlr,
			   struct lin_sets *sets);

struct nftnl_rule *netlink_rule_build_batch(struct nft_ctx *nft,
					    struct nft_batch *batch,
					    const struct handle *h,
					    const struct rule *r,
					    struct location *overflow)
{
	struct lin_sets sets = { .next_id = &batch->set_id };
	struct nftnl_rule *nlr;
	unsigned int i;

	if (!r)
		return netlink_rule_build(nft, h, r);
	nlr = netlink_rule_build(nft, h, NULL);
	linearize_rule_sets(nft, r, nlr, &sets);
	if (sets.overflowed) {
		*overflow = sets.overflow;
		lin_sets_release(&sets);
		nftnl_rule_free(nlr);
		return NULL;
	}
	for (i = 0; i < sets.num; i++) {
		netlink_dump_set(nft, &sets.v[i]);
		netlink_put_set(nft, batch, h->family, &sets.v[i]);
	}
	/* the caller starts the rule's message next */
	if (sets.num && nft_output_echo(&nft->octx))
		anon_echo_keep(nft, batch->seq_next, nlr, &sets);
	lin_sets_release(&sets);
	return nlr;
}

/*
 * The echo of a rule shows its anonymous sets as the system nft does:
 * the members in the order this run sent them (it prints the elements
 * the kernel echoes, which come in batch order), a member written twice
 * once, where a listing sorts them. So the sets a rule queued are kept,
 * by the sequence number of the rule's message, until its echo is
 * decoded: the i-th expression of the echoed rule is the i-th sent, and
 * a lookup there names the set the kernel made of the one sent with
 * that lookup's set id.
 */
struct anon_echo_set {
	unsigned int expr;		/* index of the lookup in the rule */
	struct nftnl_set *elems;	/* as sent, with flags and key len */
};

struct anon_echo_rule {
	uint32_t seq;
	unsigned int num;
	struct anon_echo_set *v;
};

/* The kernel's names of the sets of the rule being decoded. */
struct anon_echo_name {
	const char *name;
	const struct nftnl_set *elems;
};

/* One table's sets, found by name. */
struct anon_table {
	char *key;			/* "family\x1ftable" */
	struct nftnl_set_list *list;	/* NULL: the dump failed */
	struct str_hash sets;		/* name -> struct nftnl_set */
	/* named sets decoded from it (netlink_named_set()) */
	struct set **named;
	unsigned int num_named;
};

struct anon_set_cache {
	struct str_hash tables;		/* key -> struct anon_table */
	struct anon_table **v;
	unsigned int num;
	/* echo: the rules' sets as sent, by ascending sequence number */
	struct anon_echo_rule *echo;
	unsigned int echo_num;
	/* while an echoed rule is decoded: its sets by kernel name */
	struct anon_echo_name *names;
	unsigned int names_num;
};

static struct anon_set_cache *anon_cache(struct nft_ctx *nft)
{
	if (nft->anon_sets == NULL) {
		nft->anon_sets = xzalloc(sizeof(*nft->anon_sets));
		str_hash_init(&nft->anon_sets->tables);
	}
	return nft->anon_sets;
}

/* The set id a lookup sent in @nle refers to, 0 for a named set. */
static uint32_t anon_lookup_id(const struct nftnl_expr *nle)
{
	const char *kind = nftnl_expr_get_str(nle, NFTNL_EXPR_NAME);

	if (kind == NULL || strcmp(kind, "lookup") ||
	    !nftnl_expr_is_set(nle, NFTNL_EXPR_LOOKUP_SET_ID))
		return 0;
	return nftnl_expr_get_u32(nle, NFTNL_EXPR_LOOKUP_SET_ID);
}

static struct nftnl_set *anon_take_elems(struct lin_sets *sets, uint32_t id)
{
	struct nftnl_set *elems;
	unsigned int i;

	for (i = 0; i < sets->num; i++) {
		elems = sets->v[i].elems;
		if (elems == NULL ||
		    nftnl_set_get_u32(elems, NFTNL_SET_ID) != id)
			continue;
		/* what decoding a lookup reads of the set itself */
		nftnl_set_set_u32(elems, NFTNL_SET_FLAGS,
				  nftnl_set_get_u32(sets->v[i].set,
						    NFTNL_SET_FLAGS));
		nftnl_set_set_u32(elems, NFTNL_SET_KEY_LEN,
				  nftnl_set_get_u32(sets->v[i].set,
						    NFTNL_SET_KEY_LEN));
		sets->v[i].elems = NULL;
		return elems;
	}
	return NULL;
}

static void anon_echo_keep(struct nft_ctx *nft, uint32_t seq,
			   const struct nftnl_rule *nlr,
			   struct lin_sets *sets)
{
	struct anon_set_cache *c = anon_cache(nft);
	struct anon_echo_rule er = { .seq = seq };
	struct nftnl_expr_iter *it;
	struct nftnl_expr *nle;
	struct nftnl_set *elems;
	unsigned int i = 0;
	uint32_t id;

	it = nftnl_expr_iter_create(nlr);
	if (it == NULL)
		memory_allocation_error();
	for (; (nle = nftnl_expr_iter_next(it)) != NULL; i++) {
		id = anon_lookup_id(nle);
		if (id == 0 || (elems = anon_take_elems(sets, id)) == NULL)
			continue;
		er.v = xrealloc(er.v, (er.num + 1) * sizeof(*er.v));
		er.v[er.num].expr = i;
		er.v[er.num++].elems = elems;
	}
	nftnl_expr_iter_destroy(it);
	if (er.num == 0)
		return;
	c->echo = xrealloc(c->echo, (c->echo_num + 1) * sizeof(*c->echo));
	c->echo[c->echo_num++] = er;
}

static const struct anon_echo_rule *anon_echo_find(
		const struct anon_set_cache *c, uint32_t seq)
{
	unsigned int lo = 0, hi = c->echo_num, mid;

	while (lo < hi) {
		mid = lo + (hi - lo) / 2;
		if (c->echo[mid].seq == seq)
			return &c->echo[mid];
		if (c->echo[mid].seq < seq)
			lo = mid + 1;
		else
			hi = mid;
	}
	return NULL;
}

void netlink_anon_echo_begin(struct nft_ctx *nft, uint32_t seq,
			     const struct nftnl_rule *nlr)
{
	struct anon_set_cache *c = nft->anon_sets;
	const struct anon_echo_rule *er;
	struct nftnl_expr_iter *it;
	struct nftnl_expr *nle;
	unsigned int i = 0, k = 0;
	const char *kind;

	if (c == NULL || (er = anon_echo_find(c, seq)) == NULL)
		return;
	c->names = xrealloc(c->names, er->num * sizeof(*c->names));
	c->names_num = 0;
	it = nftnl_expr_iter_create(nlr);
	if (it == NULL)
		memory_allocation_error();
	for (; (nle = nftnl_expr_iter_next(it)) != NULL && k < er->num; i++) {
		if (er->v[k].expr != i)
			continue;
		kind = nftnl_expr_get_str(nle, NFTNL_EXPR_NAME);
		if (kind && !strcmp(kind, "lookup") &&
		    nftnl_expr_is_set(nle, NFTNL_EXPR_LOOKUP_SET)) {
			c->names[c->names_num].name =
				nftnl_expr_get_str(nle, NFTNL_EXPR_LOOKUP_SET);
			c->names[c->names_num++].elems = er->v[k].elems;
		}
		k++;
	}
	nftnl_expr_iter_destroy(it);
}

void netlink_anon_monitor_name(struct nft_ctx *nft, const char *name,
			       const struct nftnl_set *elems)
{
	struct anon_set_cache *c = anon_cache(nft);

	c->names = xrealloc(c->names, (c->names_num + 1) * sizeof(*c->names));
	c->names[c->names_num].name = name;
	c->names[c->names_num++].elems = elems;
}

void netlink_anon_echo_end(struct nft_ctx *nft)
{
	if (nft->anon_sets)
		nft->anon_sets->names_num = 0;
}

static const struct nftnl_set *anon_echo_name(const struct anon_set_cache *c,
					      const char *name)
{
	unsigned int i;

	for (i = 0; c && i < c->names_num; i++)
		if (!strcmp(c->names[i].name, name))
			return c->names[i].elems;
	return NULL;
}

static void anon_echo_release(struct anon_set_cache *c)
{
	unsigned int i, j;

	for (i = 0; i < c->echo_num; i++) {
		for (j = 0; j < c->echo[i].num; j++)
			nftnl_set_free(c->echo[i].v[j].elems);
		xfree(c->echo[i].v);
	}
	xfree(c->echo);
	xfree(c->names);
}

static void anon_table_index(struct anon_table *t)
{
	struct nftnl_set_list_iter *it;
	struct nftnl_set *nls;

	str_hash_init(&t->sets);
	if (t->list == NULL)
		return;
	it = nftnl_set_list_iter_create(t->list);
	if (it == NULL)
		memory_allocation_error();
	/* named sets too: a lookup in one lists as "@name" */
	while ((nls = nftnl_set_list_iter_next(it)) != NULL)
		str_hash_add(&t->sets, nftnl_set_get_str(nls, NFTNL_SET_NAME),
			     nls);
	nftnl_set_list_iter_destroy(it);
}

static struct anon_table *anon_table_get(struct nft_ctx *nft,
					 uint32_t family, const char *table)
{
	struct anon_set_cache *c = anon_cache(nft);
	char *key = xasprintf("%u\x1f%s", family, table);
	struct anon_table *t;

	t = str_hash_lookup(&c->tables, key);
	if (t) {
		xfree(key);
		return t;
	}
	t = xzalloc(sizeof(*t));
	t->key = key;
	t->list = mnl_dump_anon_sets(nft, family, table);
	anon_table_index(t);
	str_hash_add(&c->tables, t->key, t);
	c->v = xrealloc(c->v, (c->num + 1) * sizeof(*c->v));
	c->v[c->num++] = t;
	return t;
}

const struct nftnl_set *netlink_anon_set(struct nft_ctx *nft,
					 uint32_t family, const char *table,
					 const char *name, bool *as_sent)
{
	const struct nftnl_set *nls;
	struct anon_table *t;

	*as_sent = false;
	if (nft == NULL || table == NULL || name == NULL)
		return NULL;
	nls = anon_echo_name(nft->anon_sets, name);
	if (nls) {
		*as_sent = true;
		return nls;
	}
	t = anon_table_get(nft, family, table);
	return str_hash_lookup(&t->sets, name);
}

const struct set *netlink_named_set(struct nft_ctx *nft, uint32_t family,
				    const char *table, const char *name)
{
	const struct nftnl_set *nls;
	struct anon_table *t;
	struct set *s;
	unsigned int i;

	if (nft == NULL || table == NULL || name == NULL)
		return NULL;
	t = anon_table_get(nft, family, table);
	for (i = 0; i < t->num_named; i++)
		if (!strcmp(t->named[i]->handle.set.name, name))
			return t->named[i];
	nls = str_hash_lookup(&t->sets, name);
	if (nls == NULL || (nftnl_set_is_set(nls, NFTNL_SET_FLAGS) &&
			    nftnl_set_get_u32(nls, NFTNL_SET_FLAGS) &
			    NFT_SET_ANONYMOUS))
		return NULL;
	s = netlink_set_parse(nls);
	t->named = xrealloc(t->named, (t->num_named + 1) * sizeof(*t->named));
	t->named[t->num_named++] = s;
	return s;
}

void netlink_anon_sets_release(struct nft_ctx *nft)
{
	struct anon_set_cache *c = nft->anon_sets;
	unsigned int i, j;

	if (c == NULL)
		return;
	for (i = 0; i < c->num; i++) {
		for (j = 0; j < c->v[i]->num_named; j++)
			set_free(c->v[i]->named[j]);
		xfree(c->v[i]->named);
		str_hash_destroy(&c->v[i]->sets);
		if (c->v[i]->list)
			nftnl_set_list_free(c->v[i]->list);
		xfree(c->v[i]->key);
		xfree(c->v[i]);
	}
	anon_echo_release(c);
	str_hash_destroy(&c->tables);
	xfree(c->v);
	xfree(c);
	nft->anon_sets = NULL;
}
