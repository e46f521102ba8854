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

char *udata_comment_parse(const void *data, uint32_t len)
{
	struct udata_comment_ctx ctx = { NULL };

	if (!data || !len)
		return NULL;
	nftnl_udata_parse(data, len, udata_comment_cb, &ctx);
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
	nftnl_set_fprintf(fp, s->elems, NFTNL_OUTPUT_DEFAULT, 0);
	fprintf(fp, "\n");
}

/* Elements go in as many messages as they need (each below 64 KiB). */
static void netlink_put_set(struct nft_batch *batch, uint32_t family,
			    const struct lin_set *s)
{
	struct nftnl_set_elems_iter *it;
	struct nlmsghdr *nlh;
	int more;

	nlh = batch_msg_start(batch, NFT_MSG_NEWSET, family, NLM_F_CREATE);
	nftnl_set_nlmsg_build_payload(nlh, s->set);
	batch_msg_end(batch, nlh);

	it = nftnl_set_elems_iter_create(s->elems);
	if (it == NULL)
		memory_allocation_error();
	do {
		nlh = batch_msg_start(batch, NFT_MSG_NEWSETELEM, family,
				      NLM_F_CREATE);
		more = nftnl_set_elems_nlmsg_build_payload_iter(nlh, it);
		batch_msg_end(batch, nlh);
	} while (more > 0);
	nftnl_set_elems_iter_destroy(it);
}

struct nftnl_rule *netlink_rule_build_batch(struct nft_ctx *nft,
					    struct nft_batch *batch,
					    const struct handle *h,
					    const struct rule *r)
{
	struct lin_sets sets = { .next_id = &batch->set_id };
	struct nftnl_rule *nlr;
	unsigned int i;

	if (!r)
		return netlink_rule_build(nft, h, r);
	nlr = netlink_rule_build(nft, h, NULL);
	linearize_rule_sets(nft, r, nlr, &sets);
	for (i = 0; i < sets.num; i++) {
		netlink_dump_set(nft, &sets.v[i]);
		netlink_put_set(batch, h->family, &sets.v[i]);
	}
	lin_sets_release(&sets);
	return nlr;
}

/* One table's sets, found by name. */
struct anon_table {
	char *key;			/* "family\x1ftable" */
	struct nftnl_set_list *list;	/* NULL: the dump failed */
	struct str_hash sets;		/* name -> struct nftnl_set */
};

struct anon_set_cache {
	struct str_hash tables;		/* key -> struct anon_table */
	struct anon_table **v;
	unsigned int num;
};

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
	while ((nls = nftnl_set_list_iter_next(it)) != NULL) {
		if (nftnl_set_get_u32(nls, NFTNL_SET_FLAGS) &
		    NFT_SET_ANONYMOUS)
			str_hash_add(&t->sets,
				     nftnl_set_get_str(nls, NFTNL_SET_NAME),
				     nls);
	}
	nftnl_set_list_iter_destroy(it);
}

static struct anon_table *anon_table_get(struct nft_ctx *nft,
					 uint32_t family, const char *table)
{
	struct anon_set_cache *c = nft->anon_sets;
	char *key = xasprintf("%u\x1f%s", family, table);
	struct anon_table *t;

	if (c == NULL) {
		c = nft->anon_sets = xzalloc(sizeof(*c));
		str_hash_init(&c->tables);
	}
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
					 const char *name)
{
	struct anon_table *t;

	if (nft == NULL || table == NULL || name == NULL)
		return NULL;
	t = anon_table_get(nft, family, table);
	return str_hash_lookup(&t->sets, name);
}

void netlink_anon_sets_release(struct nft_ctx *nft)
{
	struct anon_set_cache *c = nft->anon_sets;
	unsigned int i;

	if (c == NULL)
		return;
	for (i = 0; i < c->num; i++) {
		str_hash_destroy(&c->v[i]->sets);
		if (c->v[i]->list)
			nftnl_set_list_free(c->v[i]->list);
		xfree(c->v[i]->key);
		xfree(c->v[i]);
	}
	str_hash_destroy(&c->tables);
	xfree(c->v);
	xfree(c);
	nft->anon_sets = NULL;
}
