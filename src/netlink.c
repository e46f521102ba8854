/*
 * AST objects <-> libnftnl objects: tables, chains, rules. Comments travel
 * in the objects' user data as a single NUL-terminated TLV of type 0, the
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
static struct nftnl_udata_buf *udata_comment_build(const char *comment)
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

static char *udata_comment_parse(const void *data, uint32_t len)
{
	struct udata_comment_ctx ctx = { NULL };

	if (!data || !len)
		return NULL;
	nftnl_udata_parse(data, len, udata_comment_cb, &ctx);
	return ctx.comment;
}

/*
 * Tables
 */

struct nftnl_table *netlink_table_build(const struct handle *h,
					const struct table *t)
{
	struct nftnl_table *nlt = nftnl_table_alloc();
	struct nftnl_udata_buf *ud;

	if (!nlt)
		memory_allocation_error();
	nftnl_table_set_u32(nlt, NFTNL_TABLE_FAMILY, h->family);
	if (h->table.name)
		nftnl_table_set_str(nlt, NFTNL_TABLE_NAME, h->table.name);
	if (h->handle.id)
		nftnl_table_set_u64(nlt, NFTNL_TABLE_HANDLE, h->handle.id);
	if (!t)
		return nlt;
	/* The system nft always sends the flags on add, so a plain
	 * "add table" also wakes a dormant table. */
	nftnl_table_set_u32(nlt, NFTNL_TABLE_FLAGS, t->flags);
	ud = udata_comment_build(t->comment);
	if (ud) {
		nftnl_table_set_data(nlt, NFTNL_TABLE_USERDATA,
				     nftnl_udata_buf_data(ud),
				     nftnl_udata_buf_len(ud));
		nftnl_udata_buf_free(ud);
	}
	return nlt;
}

struct table *netlink_table_parse(const struct nftnl_table *nlt)
{
	struct table *t = table_alloc();
	const void *ud;
	uint32_t len = 0;

	t->handle.family = nftnl_table_get_u32(nlt, NFTNL_TABLE_FAMILY);
	t->handle.table.name = xstrdup(nftnl_table_get_str(nlt,
							   NFTNL_TABLE_NAME));
	t->handle.handle.id = nftnl_table_get_u64(nlt, NFTNL_TABLE_HANDLE);
	if (nftnl_table_is_set(nlt, NFTNL_TABLE_FLAGS))
		t->flags = nftnl_table_get_u32(nlt, NFTNL_TABLE_FLAGS);
	if (nftnl_table_is_set(nlt, NFTNL_TABLE_USE))
		t->nl_use = nftnl_table_get_u32(nlt, NFTNL_TABLE_USE);
	if (nftnl_table_is_set(nlt, NFTNL_TABLE_USERDATA)) {
		ud = nftnl_table_get_data(nlt, NFTNL_TABLE_USERDATA, &len);
		t->comment = udata_comment_parse(ud, len);
	}
	return t;
}

/*
 * Chains
 */

static void chain_build_devices(struct nftnl_chain *nlc,
				const struct chain *c)
{
	const char **devs;
	unsigned int i;

	if (c->num_devs == 1) {
		nftnl_chain_set_str(nlc, NFTNL_CHAIN_DEV, c->devs[0]);
		return;
	}
	devs = xzalloc((c->num_devs + 1) * sizeof(*devs));
	for (i = 0; i < c->num_devs; i++)
		devs[i] = c->devs[i];
	nftnl_chain_set_array(nlc, NFTNL_CHAIN_DEVICES, devs);
	xfree(devs);
}

/* Hook, priority, type and policy: only what was written is sent, so an
 * "add" of an existing chain does not change what it leaves out. A
 * device update ("add chain netdev t c { devices = { d1 }; }") has no
 * hook written, but the evaluator copied the chain's hook, priority and
 * type from the kernel and marked it a base chain: the kernel wants
 * them along with the devices. */
static void chain_build_hook(struct nftnl_chain *nlc, const struct chain *c)
{
	if (c->has_hook || c->flags & CHAIN_F_BASECHAIN) {
		if (c->type)
			nftnl_chain_set_str(nlc, NFTNL_CHAIN_TYPE, c->type);
		nftnl_chain_set_u32(nlc, NFTNL_CHAIN_HOOKNUM, c->hooknum);
		nftnl_chain_set_s32(nlc, NFTNL_CHAIN_PRIO, c->prio);
	}
	if (c->policy)
		nftnl_chain_set_u32(nlc, NFTNL_CHAIN_POLICY, c->policy_val);
	if (c->num_devs)
		chain_build_devices(nlc, c);
	if (c->flags & CHAIN_F_HW_OFFLOAD)
		nftnl_chain_set_u32(nlc, NFTNL_CHAIN_FLAGS,
				    NFT_CHAIN_HW_OFFLOAD);
}

struct nftnl_chain *netlink_chain_build(const struct handle *h,
					const struct chain *c)
{
	struct nftnl_chain *nlc = nftnl_chain_alloc();
	struct nftnl_udata_buf *ud;

	if (!nlc)
		memory_allocation_error();
	nftnl_chain_set_u32(nlc, NFTNL_CHAIN_FAMILY, h->family);
	if (h->table.name)
		nftnl_chain_set_str(nlc, NFTNL_CHAIN_TABLE, h->table.name);
	if (h->chain.name)
		nftnl_chain_set_str(nlc, NFTNL_CHAIN_NAME, h->chain.name);
	if (h->handle.id)
		nftnl_chain_set_u64(nlc, NFTNL_CHAIN_HANDLE, h->handle.id);
	if (h->chain_id)
		nftnl_chain_set_u32(nlc, NFTNL_CHAIN_ID, h->chain_id);
	if (!c)
		return nlc;
	chain_build_hook(nlc, c);
	ud = udata_comment_build(c->comment);
	if (ud) {
		nftnl_chain_set_data(nlc, NFTNL_CHAIN_USERDATA,
				     nftnl_udata_buf_data(ud),
				     nftnl_udata_buf_len(ud));
		nftnl_udata_buf_free(ud);
	}
	return nlc;
}

static int dev_name_cmp(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/* Device lists are sets: the kernel keeps registration order, the system
 * nft lists them sorted by name, and so do we. */
static void chain_parse_devices(struct chain *c,
				const struct nftnl_chain *nlc)
{
	const char *const *devs;
	unsigned int n;

	if (nftnl_chain_is_set(nlc, NFTNL_CHAIN_DEVICES)) {
		devs = nftnl_chain_get_array(nlc, NFTNL_CHAIN_DEVICES);
		for (n = 0; devs && devs[n]; n++)
			;
		c->devs = xzalloc((n + 1) * sizeof(*c->devs));
		for (c->num_devs = 0; c->num_devs < n; c->num_devs++)
			c->devs[c->num_devs] = xstrdup(devs[c->num_devs]);
		qsort(c->devs, c->num_devs, sizeof(*c->devs), dev_name_cmp);
	} else if (nftnl_chain_is_set(nlc, NFTNL_CHAIN_DEV)) {
		c->devs = xzalloc(2 * sizeof(*c->devs));
		c->devs[0] = xstrdup(nftnl_chain_get_str(nlc,
							 NFTNL_CHAIN_DEV));
		c->num_devs = 1;
	}
}

/*
 * A dumped base chain. @priority is the number as a symbol ("-150"):
 * printers format c->prio with prio_format() so -y and named priorities
 * come out right; @policy is the symbol "accept" or "drop".
 */
static void chain_parse_hook(struct chain *c, const struct nftnl_chain *nlc)
{
	const char *hook;
	char buf[16];

	c->has_hook = true;
	c->flags |= CHAIN_F_BASECHAIN;
	c->hooknum = nftnl_chain_get_u32(nlc, NFTNL_CHAIN_HOOKNUM);
	hook = hook_name(c->handle.family, c->hooknum);
	c->hookstr = hook ? xstrdup(hook) : xasprintf("%u", c->hooknum);
	c->prio = nftnl_chain_get_s32(nlc, NFTNL_CHAIN_PRIO);
	snprintf(buf, sizeof(buf), "%d", c->prio);
	c->priority = symbol_expr_alloc(&internal_location, buf, false);
	if (nftnl_chain_is_set(nlc, NFTNL_CHAIN_TYPE))
		c->type = xstrdup(nftnl_chain_get_str(nlc, NFTNL_CHAIN_TYPE));
	if (nftnl_chain_is_set(nlc, NFTNL_CHAIN_POLICY)) {
		c->policy_val = nftnl_chain_get_u32(nlc, NFTNL_CHAIN_POLICY);
		c->policy = symbol_expr_alloc(&internal_location,
					      c->policy_val == NF_DROP ?
					      "drop" : "accept", false);
	}
	chain_parse_devices(c, nlc);
}

struct chain *netlink_chain_parse(const struct nftnl_chain *nlc)
{
	struct chain *c;
	const void *ud;
	uint32_t len = 0;

	c = chain_alloc(nftnl_chain_get_str(nlc, NFTNL_CHAIN_NAME));
	c->handle.family = nftnl_chain_get_u32(nlc, NFTNL_CHAIN_FAMILY);
	c->handle.table.name = xstrdup(nftnl_chain_get_str(nlc,
							   NFTNL_CHAIN_TABLE));
	c->handle.handle.id = nftnl_chain_get_u64(nlc, NFTNL_CHAIN_HANDLE);
	if (nftnl_chain_is_set(nlc, NFTNL_CHAIN_HOOKNUM))
		chain_parse_hook(c, nlc);
	if (nftnl_chain_is_set(nlc, NFTNL_CHAIN_FLAGS))
		c->nl_flags = nftnl_chain_get_u32(nlc, NFTNL_CHAIN_FLAGS);
	if (c->nl_flags & NFT_CHAIN_HW_OFFLOAD)
		c->flags |= CHAIN_F_HW_OFFLOAD;
	if (nftnl_chain_is_set(nlc, NFTNL_CHAIN_USERDATA)) {
		ud = nftnl_chain_get_data(nlc, NFTNL_CHAIN_USERDATA, &len);
		c->comment = udata_comment_parse(ud, len);
	}
	return c;
}

/*
 * Rules
 */

struct nftnl_rule *netlink_rule_build(struct nft_ctx *nft,
				      const struct handle *h,
				      const struct rule *r)
{
	struct nftnl_rule *nlr = nftnl_rule_alloc();

	if (!nlr)
		memory_allocation_error();
	nftnl_rule_set_u32(nlr, NFTNL_RULE_FAMILY, h->family);
	if (h->table.name)
		nftnl_rule_set_str(nlr, NFTNL_RULE_TABLE, h->table.name);
	if (h->chain.name)
		nftnl_rule_set_str(nlr, NFTNL_RULE_CHAIN, h->chain.name);
	if (h->handle.id)
		nftnl_rule_set_u64(nlr, NFTNL_RULE_HANDLE, h->handle.id);
	if (h->position.id)
		nftnl_rule_set_u64(nlr, NFTNL_RULE_POSITION, h->position.id);
	if (h->rule_id)
		nftnl_rule_set_u32(nlr, NFTNL_RULE_ID, h->rule_id);
	if (h->position_id)
		nftnl_rule_set_u32(nlr, NFTNL_RULE_POSITION_ID,
				   h->position_id);
	if (!r)
		return nlr;
	/* the statements and the comment (user data) */
	linearize_rule(nft, r, nlr);
	return nlr;
}

static void rule_parse_handle(struct rule *r, const struct nftnl_rule *nlr)
{
	struct handle *h = &r->handle;

	h->family = nftnl_rule_get_u32(nlr, NFTNL_RULE_FAMILY);
	if (!h->table.name)
		h->table.name = xstrdup(nftnl_rule_get_str(nlr,
							   NFTNL_RULE_TABLE));
	if (!h->chain.name)
		h->chain.name = xstrdup(nftnl_rule_get_str(nlr,
							   NFTNL_RULE_CHAIN));
	h->handle.id = nftnl_rule_get_u64(nlr, NFTNL_RULE_HANDLE);
	if (nftnl_rule_is_set(nlr, NFTNL_RULE_POSITION))
		h->position.id = nftnl_rule_get_u64(nlr, NFTNL_RULE_POSITION);
}

struct rule *netlink_rule_parse_why(struct nft_ctx *nft,
				    const struct nftnl_rule *nlr, char **why)
{
	uint32_t family = nftnl_rule_get_u32(nlr, NFTNL_RULE_FAMILY);
	struct rule *r;

	/* the statements and the comment (user data) */
	r = delinearize_rule_why(nft, family, nlr, why);
	if (!r)
		return NULL;
	rule_parse_handle(r, nlr);
	return r;
}

struct rule *netlink_rule_parse(struct nft_ctx *nft,
				const struct nftnl_rule *nlr)
{
	FILE *fp = nft && nft->octx.error_fp ? nft->octx.error_fp : stderr;
	struct rule *r;
	char *why, *msg;

	r = netlink_rule_parse_why(nft, nlr, &why);
	if (!r) {
		msg = netlink_rule_error_msg(nlr, why);
		fprintf(fp, "Warning: %s\n", msg);
		xfree(msg);
		xfree(why);
	}
	return r;
}

/* A rule, named as a person finds it again: family, table, chain and
 * handle. */
static char *rule_error_fmt(uint32_t family, const char *table,
			    const char *chain, uint64_t handle,
			    const char *why)
{
	return xasprintf("cannot list rule handle %llu in chain %s %s %s: %s",
			 (unsigned long long)handle, family_name(family),
			 table ? table : "?", chain ? chain : "?", why);
}

char *netlink_rule_error_msg(const struct nftnl_rule *nlr, const char *why)
{
	return rule_error_fmt(nftnl_rule_get_u32(nlr, NFTNL_RULE_FAMILY),
			      nftnl_rule_get_str(nlr, NFTNL_RULE_TABLE),
			      nftnl_rule_get_str(nlr, NFTNL_RULE_CHAIN),
			      nftnl_rule_get_u64(nlr, NFTNL_RULE_HANDLE), why);
}

char *rule_undecoded_msg(const struct rule *r)
{
	const struct handle *h = &r->handle;

	return rule_error_fmt(h->family, h->table.name, h->chain.name,
			      h->handle.id, r->undecoded);
}

struct rule *netlink_rule_parse_cache(struct nft_ctx *nft,
				      const struct nftnl_rule *nlr)
{
	struct handle h;
	struct rule *r;
	char *why;

	r = netlink_rule_parse_why(nft, nlr, &why);
	if (r)
		return r;
	memset(&h, 0, sizeof(h));
	r = rule_alloc(&internal_location, &h);
	rule_parse_handle(r, nlr);
	r->undecoded = why;
	return r;
}

int netlink_rule_error(struct list_head *msgs, const struct location *loc,
		       const struct nftnl_rule *nlr, const char *why)
{
	char *msg = netlink_rule_error_msg(nlr, why);

	erec_error(msgs, loc, "%s", msg);
	xfree(msg);
	return -1;
}

/* --debug=netlink: the rule's bytecode as the system nft prints it, a
 * header line ("ip t c"), one line per expression, then a blank line. */
void netlink_dump_rule(struct nft_ctx *nft, const struct nftnl_rule *nlr)
{
	FILE *fp = nft->octx.output_fp ? nft->octx.output_fp : stdout;

	if (!(nft->debug_mask & NFT_DEBUG_NETLINK))
		return;
	nftnl_rule_fprintf(fp, nlr, NFTNL_OUTPUT_DEFAULT, 0);
	fprintf(fp, "\n");
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
