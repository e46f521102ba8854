/*
 * The generic semantic pass: commands, tables, chains and rules.
 *
 * Expressions and statements evaluate themselves through their ops; this
 * file checks what belongs to objects (families, hooks, chain types,
 * priorities, policies, device lists), resolves references between
 * objects (the table of a chain, the chain of a rule, the target of a
 * jump) and rejects whatever it can before anything reaches the kernel,
 * with the location of the offending text.
 */
#include <obj.h>
#include <nft.h>
#include <nftables.h>
#include <evaluate.h>
#include <expr.h>
#include <stmt.h>
#include <rule.h>
#include <cache.h>
#include <describe.h>
#include <errno.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <net/if.h>
#include <linux/netfilter.h>

#define NFT_NAME_MAXLEN		256	/* NFT_{TABLE,CHAIN}_MAXNAMELEN */
/* As the system nft: 128 bytes, which with the TLV header and the NUL
 * fits the kernel's 256-byte NFT_USERDATA_MAXLEN. */
#define NFT_COMMENT_MAXLEN	128
#define DEV_NAME_MAXLEN		(IFNAMSIZ - 1)

/*
 * Objects this run adds, so that a later command may refer to them before
 * they exist in the kernel. Keys: family, table and chain joined by an
 * ASCII unit separator, which cannot appear in a name on the command line.
 */
struct eval_run {
	struct str_hash objs;
	char **keys;
	unsigned int num_keys;
};

static char *obj_key(uint32_t family, const char *table, const char *chain)
{
	return xasprintf("%u\x1f%s\x1f%s", family, table, chain ? chain : "");
}

static void run_add(struct eval_run *run, uint32_t family, const char *table,
		    const char *chain, void *obj)
{
	char *key = obj_key(family, table, chain);

	if (str_hash_lookup(&run->objs, key)) {
		xfree(key);
		return;
	}
	run->keys = xrealloc(run->keys, (run->num_keys + 1) * sizeof(char *));
	run->keys[run->num_keys++] = key;
	str_hash_add(&run->objs, key, obj);
}

static void *run_lookup(struct eval_run *run, uint32_t family,
			const char *table, const char *chain)
{
	char *key = obj_key(family, table, chain);
	void *obj = str_hash_lookup(&run->objs, key);

	xfree(key);
	return obj;
}

static void run_release(struct eval_run *run)
{
	unsigned int i;

	str_hash_destroy(&run->objs);
	for (i = 0; i < run->num_keys; i++)
		xfree(run->keys[i]);
	xfree(run->keys);
}

static struct eval_run *ectx_run(struct eval_ctx *ectx)
{
	return ectx->run;
}

/* Far beyond any real rule (a concatenation has at most 16 members). */
#define EXPR_MAX_DEPTH	256

int expr_evaluate(struct eval_ctx *ectx, struct expr **exprp)
{
	const struct expr_ops *ops = (*exprp)->ops;
	int ret;

	if (!ops->evaluate)
		return 0;
	if (ectx->depth >= EXPR_MAX_DEPTH)
		return expr_error(ectx, *exprp,
				  "expression nested too deeply (more than %u levels)",
				  EXPR_MAX_DEPTH);
	ectx->depth++;
	ret = ops->evaluate(ectx, exprp);
	ectx->depth--;
	return ret;
}

void eval_type_push(struct eval_ctx *ectx, struct eval_type *saved,
		    const struct datatype *dtype, enum byteorder byteorder,
		    unsigned int len)
{
	saved->dtype = ectx->ectx_dtype;
	saved->byteorder = ectx->ectx_byteorder;
	saved->len = ectx->ectx_len;
	ectx->ectx_dtype = dtype;
	ectx->ectx_byteorder = byteorder;
	ectx->ectx_len = len;
}

void eval_type_pop(struct eval_ctx *ectx, const struct eval_type *saved)
{
	ectx->ectx_dtype = saved->dtype;
	ectx->ectx_byteorder = saved->byteorder;
	ectx->ectx_len = saved->len;
}

int expr_evaluate_like(struct eval_ctx *ectx, struct expr **exprp,
		       const struct expr *like)
{
	const struct expr *key = ectx->ectx_key;
	struct eval_type saved;
	int ret;

	eval_type_push(ectx, &saved, like->dtype, like->byteorder, like->len);
	ectx->ectx_key = like;
	ret = expr_evaluate(ectx, exprp);
	ectx->ectx_key = key;
	eval_type_pop(ectx, &saved);
	return ret;
}

static struct expr *expr_unvariable(struct expr *expr);

bool expr_is_presence_match(const struct eval_ctx *ectx,
			    const struct expr *expr)
{
	const struct expr *rel, *right;

	if (!ectx->stmt || ectx->stmt->type != STMT_EXPRESSION)
		return false;
	rel = ectx->stmt->expr;
	if (!rel || rel->etype != EXPR_RELATIONAL || rel->binop.left != expr)
		return false;
	right = expr_unvariable((struct expr *)rel->binop.right);
	return right && right->etype == EXPR_SYMBOL &&
	       (!strcmp(right->symbol.identifier, "exists") ||
		!strcmp(right->symbol.identifier, "missing"));
}

int stmt_evaluate(struct eval_ctx *ectx, struct stmt *stmt)
{
	struct stmt *saved = ectx->stmt;
	int ret = 0;

	ectx->stmt = stmt;
	if (stmt->ops->evaluate)
		ret = stmt->ops->evaluate(ectx, stmt);
	ectx->stmt = saved;
	return ret;
}

/* Names: tables and chains share the kernel's limits. */
static int name_evaluate(struct eval_ctx *ectx,
			 const struct handle_spec_str *name, const char *what)
{
	if (!name->name)
		return 0;
	if (!name->name[0])
		return erec_error(ectx->msgs, &name->location,
				  "%s name must not be empty", what);
	if (strlen(name->name) >= NFT_NAME_MAXLEN)
		return erec_error(ectx->msgs, &name->location,
				  "%s name is longer than %u characters",
				  what, NFT_NAME_MAXLEN - 1);
	return 0;
}

/* @loc: where the comment was written, if known, else @obj_loc. */
static int comment_evaluate(struct eval_ctx *ectx, const char *comment,
			    const struct location *loc,
			    const struct location *obj_loc)
{
	if (comment && strlen(comment) > NFT_COMMENT_MAXLEN)
		return erec_error(ectx->msgs, loc->indesc ? loc : obj_loc,
				  "comment is longer than %u characters",
				  NFT_COMMENT_MAXLEN);
	return 0;
}

/* Is the table there, in the kernel or added earlier in this run? */
static bool table_known(struct eval_ctx *ectx, const struct handle *h,
			struct table **cached)
{
	struct nft_cache *cache = &ectx->nft->cache;

	*cached = cache_table_lookup(cache, h->family, h->table.name);
	if (*cached)
		return true;
	if (run_lookup(ectx_run(ectx), h->family, h->table.name, NULL))
		return true;
	/* Without a table cache we cannot tell: let the kernel decide. */
	return !(cache->flags & NFT_CACHE_TABLE);
}

static int table_ref_evaluate(struct eval_ctx *ectx, const struct handle *h)
{
	struct table *t;

	if (table_known(ectx, h, &t))
		return 0;
	return erec_missing(ectx->msgs, &h->table.location,
			  "table '%s' does not exist in the %s family",
			  h->table.name, family_name(h->family));
}

/*
 * The chain, added in this run or in the kernel. NULL if it is known not
 * to exist, or if the cache holds no chains to tell (*unknown is set).
 */
static struct chain *chain_find(struct eval_ctx *ectx, uint32_t family,
				const char *table, const char *chain,
				bool *unknown)
{
	struct nft_cache *cache = &ectx->nft->cache;
	struct chain *c;
	struct table *t;

	*unknown = false;
	c = run_lookup(ectx_run(ectx), family, table, chain);
	if (c)
		return c;
	t = cache_table_lookup(cache, family, table);
	c = t ? table_lookup_chain(t, chain) : NULL;
	if (!c && !(cache->flags & NFT_CACHE_CHAIN))
		*unknown = true;
	return c;
}

static bool chain_known(struct eval_ctx *ectx, uint32_t family,
			const char *table, const char *chain)
{
	bool unknown;

	return chain_find(ectx, family, table, chain, &unknown) || unknown;
}

/*
 * Replace variables by their values, recursively: a device list may hold
 * variables that are themselves lists.
 */
static struct expr *expr_unvariable(struct expr *expr)
{
	while (expr && expr->etype == EXPR_VARIABLE)
		expr = expr->variable.value;
	return expr;
}

/* ---- chains: hooks and types ---- */

struct chain_type_rule {
	const char *type;
	uint32_t families;	/* bit per NFPROTO_* */
	uint32_t hooks;		/* bit per hook number, 0 = any */
};

#define FAM(x)	(1u << (x))
#define HOOK(x)	(1u << (x))

/* Which chain types the kernel offers in which families and hooks. */
static const struct chain_type_rule chain_type_rules[] = {
	{ "filter", FAM(NFPROTO_IPV4) | FAM(NFPROTO_IPV6) | FAM(NFPROTO_INET) |
		    FAM(NFPROTO_ARP) | FAM(NFPROTO_BRIDGE) | FAM(NFPROTO_NETDEV),
	  0 },
	{ "nat", FAM(NFPROTO_IPV4) | FAM(NFPROTO_IPV6) | FAM(NFPROTO_INET),
	  HOOK(NF_INET_PRE_ROUTING) | HOOK(NF_INET_LOCAL_IN) |
	  HOOK(NF_INET_LOCAL_OUT) | HOOK(NF_INET_POST_ROUTING) },
	{ "route", FAM(NFPROTO_IPV4) | FAM(NFPROTO_IPV6) | FAM(NFPROTO_INET),
	  0 },
};

static const struct chain_type_rule *chain_type_lookup(const char *type)
{
	unsigned int i;

	for (i = 0; i < array_size(chain_type_rules); i++) {
		if (!strcmp(chain_type_rules[i].type, type))
			return &chain_type_rules[i];
	}
	return NULL;
}

static int chain_hook_evaluate(struct eval_ctx *ectx, struct chain *chain)
{
	uint32_t family = chain->handle.family;

	if (!hook_lookup(family, chain->hookstr, &chain->hooknum)) {
		if (!strcmp(chain->hookstr, "egress"))
			return erec_error(ectx->msgs, &chain->hook_loc,
					  "the egress hook is only available in the netdev family, not in %s",
					  family_name(family));
		if (!strcmp(chain->hookstr, "ingress"))
			return erec_error(ectx->msgs, &chain->hook_loc,
					  "the ingress hook is only available in the netdev and inet families, not in %s",
					  family_name(family));
		return erec_error(ectx->msgs, &chain->hook_loc,
				  "the %s family has no hook '%s'",
				  family_name(family), chain->hookstr);
	}
	return 0;
}

static int chain_type_evaluate(struct eval_ctx *ectx, struct chain *chain)
{
	const struct chain_type_rule *rule;
	uint32_t family = chain->handle.family;

	if (!chain->type)
		return erec_error(ectx->msgs, &chain->location,
				  "base chain needs a type (filter, nat or route)");
	rule = chain_type_lookup(chain->type);
	if (!rule)
		return erec_error(ectx->msgs, &chain->type_loc,
				  "unknown chain type '%s' (filter, nat or route)",
				  chain->type);
	if (!(rule->families & FAM(family)))
		return erec_error(ectx->msgs, &chain->type_loc,
				  "%s chains are not available in the %s family",
				  chain->type, family_name(family));
	if (rule->hooks && !(rule->hooks & HOOK(chain->hooknum)))
		return erec_error(ectx->msgs, &chain->hook_loc,
				  "%s chains cannot use the %s hook",
				  chain->type, chain->hookstr);
	return 0;
}

/* ---- chains: priority ---- */

static bool parse_int(const char *s, long *val)
{
	char *end;

	errno = 0;
	*val = strtol(s, &end, 0);
	return !errno && end != s && !*end;
}

/*
 * The priority as the parser normalized it: "filter", "filter + 10",
 * "filter - 5", "-150". Returns false if it is not of that shape or the
 * name does not fit @size.
 */
static bool prio_split(const char *text, char *name, size_t size,
		       long *offset, bool *named)
{
	const char *sp = strchr(text, ' ');
	long off;

	*offset = 0;
	*named = false;
	if (!sp && parse_int(text, offset))
		return true;
	if (!sp)
		sp = text + strlen(text);
	if ((size_t)(sp - text) >= size)
		return false;
	memcpy(name, text, sp - text);
	name[sp - text] = '\0';
	*named = true;
	if (!*sp)
		return true;
	if ((sp[1] != '+' && sp[1] != '-') || sp[2] != ' ' ||
	    !parse_int(sp + 3, &off) || off < 0)
		return false;
	*offset = sp[1] == '-' ? -off : off;
	return true;
}

/*
 * The priority's text. "define p = filter - 10" made a range of two
 * symbols (the grammar cannot tell it from a port range); as a priority
 * it means "filter - 10". The caller frees the text.
 */
static char *prio_text(const struct expr *e)
{
	const struct expr *l, *r;

	if (e->etype == EXPR_SYMBOL)
		return xstrdup(e->symbol.identifier);
	if (e->etype != EXPR_RANGE)
		return NULL;
	l = expr_unvariable(e->range.left);
	r = expr_unvariable(e->range.right);
	if (!l || !r || l->etype != EXPR_SYMBOL || r->etype != EXPR_SYMBOL)
		return NULL;
	return xasprintf("%s - %s", l->symbol.identifier,
			 r->symbol.identifier);
}

/* Resolve @text to a number; errors point at the priority. */
static int prio_resolve(struct eval_ctx *ectx, struct chain *chain,
			const char *text)
{
	uint32_t family = chain->handle.family;
	char name[64];
	bool named;
	long offset;
	int base = 0;

	if (!prio_split(text, name, sizeof(name), &offset, &named))
		return erec_error(ectx->msgs, &chain->priority->location,
				  "invalid priority '%s': expected NAME, NAME + N, NAME - N or a number",
				  text);
	if (named && !prio_lookup(family, chain->hooknum, name, &base))
		return erec_error(ectx->msgs, &chain->priority->location,
				  "'%s' is not a valid priority for the %s hook in the %s family",
				  name, chain->hookstr, family_name(family));
	if (base + offset < INT_MIN || base + offset > INT_MAX)
		return erec_error(ectx->msgs, &chain->priority->location,
				  "priority out of range");
	chain->prio = (int)(base + offset);
	return 0;
}

static int chain_prio_evaluate(struct eval_ctx *ectx, struct chain *chain)
{
	struct expr *e = expr_unvariable(chain->priority);
	char *text;
	int err;

	if (!e)
		return erec_error(ectx->msgs, &chain->location,
				  "base chain needs a priority");
	if (e->etype == EXPR_VALUE) {
		chain->prio = (int)mpz_get_si(e->value.value);
		return 0;
	}
	text = prio_text(e);
	if (!text)
		return erec_error(ectx->msgs, &chain->priority->location,
				  "priority must be a number or a name such as filter");
	err = prio_resolve(ectx, chain, text);
	xfree(text);
	return err;
}

static int chain_policy_evaluate(struct eval_ctx *ectx, struct chain *chain)
{
	struct expr *e = expr_unvariable(chain->policy);
	const char *s;

	if (!e)
		return 0;
	if (e->etype != EXPR_SYMBOL)
		return erec_error(ectx->msgs, &chain->policy->location,
				  "policy must be accept or drop");
	s = e->symbol.identifier;
	if (!strcmp(s, "accept"))
		chain->policy_val = NF_ACCEPT;
	else if (!strcmp(s, "drop"))
		chain->policy_val = NF_DROP;
	else
		return erec_error(ectx->msgs, &chain->policy->location,
				  "invalid policy '%s': use accept or drop", s);
	return 0;
}

/* ---- chains: devices ---- */

/*
 * Collecting a chain's device names: a hash finds duplicates, so that
 * huge lists stay linear. A duplicate ends the walk: nested variables
 * can repeat a list an exponential number of times, but only the first
 * repeat is news.
 */
#define DEV_DUPLICATE	(-2)

struct dev_walk {
	struct eval_ctx *ectx;
	struct chain *chain;
	struct str_hash seen;	/* keys are the chain's own copies */
	struct location first_over;	/* the device past the limit */
};

/* The array doubles when full: num_devs is 0 or a power of two. */
static void dev_append(struct chain *chain, const char *name)
{
	unsigned int n = chain->num_devs;

	if ((n & (n - 1)) == 0)
		chain->devs = xrealloc(chain->devs,
				       (n ? 2 * n : 1) * sizeof(char *));
	chain->devs[chain->num_devs++] = xstrdup(name);
}

static int dev_add(struct dev_walk *w, const struct expr *e,
		   const struct location *loc)
{
	struct eval_ctx *ectx = w->ectx;
	const char *name;

	e = expr_unvariable((struct expr *)e);
	if (e->etype != EXPR_SYMBOL)
		return erec_error(ectx->msgs, loc,
				  "a device must be a name, not a %s",
				  expr_name(e));
	name = e->symbol.identifier;
	if (!name[0])
		return erec_error(ectx->msgs, loc,
				  "device name must not be empty");
	if (strlen(name) > DEV_NAME_MAXLEN)
		return erec_error(ectx->msgs, loc,
				  "device name '%s' is longer than %u characters",
				  name, DEV_NAME_MAXLEN);
	if (str_hash_lookup(&w->seen, name)) {
		erec_error(ectx->msgs, loc, "device '%s' is listed twice",
			   name);
		return DEV_DUPLICATE;
	}
	dev_append(w->chain, name);
	if (w->chain->num_devs == CHAIN_DEVICES_MAX + 1)
		w->first_over = *loc;
	str_hash_add(&w->seen, w->chain->devs[w->chain->num_devs - 1],
		     w->chain);
	return 0;
}

static int dev_collect(struct dev_walk *w, const struct expr *expr,
		       const struct location *loc)
{
	const struct expr *e = expr_unvariable((struct expr *)expr);
	const struct expr *i;
	int err = 0, ret;

	if (!e)
		return erec_error(w->ectx->msgs, loc,
				  "undefined device list");
	if (e->etype != EXPR_LIST)
		return dev_add(w, e, loc);
	list_for_each_entry(i, &e->expr_list.expressions, list) {
		/* Point errors at the element as written in the list. */
		ret = dev_collect(w, i, &i->location);
		if (ret == DEV_DUPLICATE)
			return ret;
		if (ret < 0)
			err = -1;
	}
	return err;
}

static int chain_devices_evaluate(struct eval_ctx *ectx, struct chain *chain)
{
	struct dev_walk w = { .ectx = ectx, .chain = chain };
	unsigned int i;
	int err;

	for (i = 0; i < chain->num_devs; i++)
		xfree(chain->devs[i]);
	xfree(chain->devs);
	chain->devs = NULL;
	chain->num_devs = 0;
	if (!chain->dev_expr)
		return 0;
	str_hash_init(&w.seen);
	err = dev_collect(&w, chain->dev_expr, &chain->dev_expr->location);
	str_hash_destroy(&w.seen);
	if (err == 0 && chain->num_devs > CHAIN_DEVICES_MAX)
		err = erec_error(ectx->msgs, &w.first_over,
				 "too many devices: the kernel takes at most %u per chain, this device list has %u",
				 CHAIN_DEVICES_MAX, chain->num_devs);
	return err;
}

static bool chain_takes_devices(const struct chain *chain)
{
	return chain->handle.family == NFPROTO_NETDEV ||
	       (chain->handle.family == NFPROTO_INET &&
		chain->hooknum == NF_INET_INGRESS);
}

static int chain_base_evaluate(struct eval_ctx *ectx, struct chain *chain)
{
	if (chain_hook_evaluate(ectx, chain) < 0 ||
	    chain_type_evaluate(ectx, chain) < 0 ||
	    chain_prio_evaluate(ectx, chain) < 0 ||
	    chain_policy_evaluate(ectx, chain) < 0 ||
	    chain_devices_evaluate(ectx, chain) < 0)
		return -1;
	if (chain->dev_expr && !chain_takes_devices(chain))
		return erec_error(ectx->msgs, &chain->dev_expr->location,
				  "devices can only be given to netdev chains and inet ingress chains");
	if (chain->handle.family == NFPROTO_INET &&
	    chain->hooknum == NF_INET_INGRESS && !chain->num_devs)
		return erec_error(ectx->msgs, &chain->hook_loc,
				  "an inet ingress chain needs a device");
	chain->flags |= CHAIN_F_BASECHAIN;
	return 0;
}

/* The chain as it is now, in the kernel or added earlier in this run. */
static struct chain *chain_current(struct eval_ctx *ectx,
				   const struct handle *h)
{
	struct cache_filter filter = {
		.family = h->family, .table = h->table.name,
	};
	struct chain *cur = NULL;
	struct table *t;

	t = cache_table_lookup(&ectx->nft->cache, h->family, h->table.name);
	if (!t || !(ectx->nft->cache.flags & NFT_CACHE_CHAIN)) {
		if (cache_fetch(ectx->nft, NFT_CACHE_TABLE | NFT_CACHE_CHAIN,
				&filter, ectx->msgs) < 0)
			return NULL;
		t = cache_table_lookup(&ectx->nft->cache, h->family,
				       h->table.name);
	}
	if (t)
		cur = table_lookup_chain(t, h->chain.name);
	if (!cur)
		cur = run_lookup(ectx_run(ectx), h->family, h->table.name,
				 h->chain.name);
	return cur;
}

static struct chain *chain_current_base(struct eval_ctx *ectx,
					const struct chain *chain)
{
	const struct handle *h = &chain->handle;
	struct chain *cur = chain_current(ectx, h);

	if (!cur)
		erec_missing(ectx->msgs, &h->chain.location,
			   "chain '%s' does not exist in table %s %s",
			   h->chain.name, family_name(h->family),
			   h->table.name);
	return cur;
}

/*
 * "add chain netdev t c { devices = { d1 }; }" and the same with delete:
 * the devices of an existing base chain change. The kernel wants the
 * chain's hook and priority along with the devices, so take them from
 * the chain as it is.
 */
static int chain_devices_update(struct eval_ctx *ectx, struct chain *chain)
{
	const struct handle *h = &chain->handle;
	struct chain *cur;

	if (chain_devices_evaluate(ectx, chain) < 0)
		return -1;
	cur = chain_current_base(ectx, chain);
	if (!cur)
		return -1;
	if (!chain_is_base(cur) || !chain_takes_devices(cur))
		return erec_error(ectx->msgs, &chain->dev_expr->location,
				  "chain '%s' is not a netdev base chain: it has no devices to change",
				  h->chain.name);
	xfree(chain->type);
	chain->type = xstrdup(cur->type);
	xfree(chain->hookstr);
	chain->hookstr = xstrdup(cur->hookstr);
	chain->hooknum = cur->hooknum;
	chain->prio = cur->prio;
	chain->flags |= CHAIN_F_BASECHAIN;
	return 0;
}

/* "add chain ip t c { policy drop; }" on an existing base chain. */
static int chain_policy_update(struct eval_ctx *ectx, struct chain *chain)
{
	struct chain *cur;

	if (chain_policy_evaluate(ectx, chain) < 0)
		return -1;
	cur = chain_current(ectx, &chain->handle);
	if (cur && !chain_is_base(cur))
		return erec_error(ectx->msgs, &chain->policy->location,
				  "chain '%s' is not a base chain: only base chains have a policy",
				  chain->handle.chain.name);
	if (!cur)
		return erec_error(ectx->msgs, &chain->policy->location,
				  "a policy needs a base chain: add type, hook and priority");
	return 0;
}

static int chain_evaluate(struct eval_ctx *ectx, struct chain *chain)
{
	int err = 0;

	if (name_evaluate(ectx, &chain->handle.chain, "chain") < 0 ||
	    comment_evaluate(ectx, chain->comment, &chain->comment_loc,
			     &chain->location) < 0)
		return -1;
	if (chain->has_hook)
		err = chain_base_evaluate(ectx, chain);
	else if (chain->dev_expr)
		err = chain_devices_update(ectx, chain);
	else if (chain->policy)
		err = chain_policy_update(ectx, chain);
	return err;
}

/* ---- rules ---- */

/* A jump or goto lands on a regular chain of the rule's table. */
static int verdict_chain_evaluate(struct eval_ctx *ectx,
				  const struct handle *h, const char *name,
				  const struct location *loc)
{
	struct chain *c;
	bool unknown;

	c = chain_find(ectx, h->family, h->table.name, name, &unknown);
	if (!c && !unknown)
		return erec_missing(ectx->msgs, loc,
				  "chain '%s' does not exist in table %s %s",
				  name, family_name(h->family), h->table.name);
	if (c && chain_is_base(c))
		return erec_error(ectx->msgs, loc,
				  "'%s' is a base chain: jump and goto only lead to regular chains",
				  name);
	return 0;
}

static int verdict_target_evaluate(struct eval_ctx *ectx,
				   const struct rule *rule,
				   const struct stmt *stmt)
{
	const struct expr *v = stmt->expr;
	const struct handle *h = &rule->handle;
	char *name;
	int err = 0;

	if (!v || v->etype != EXPR_VERDICT || !v->verdict.chain)
		return 0;
	if (v->verdict.chain->etype != EXPR_VALUE)
		return 0;
	name = constant_expr_get_string(v->verdict.chain);
	if (!name[0])
		err = erec_error(ectx->msgs, &v->verdict.chain->location,
				 "chain name must not be empty");
	else if (strlen(name) >= NFT_NAME_MAXLEN)
		err = erec_error(ectx->msgs, &v->verdict.chain->location,
				 "chain name is longer than %u characters",
				 NFT_NAME_MAXLEN - 1);
	else
		err = verdict_chain_evaluate(ectx, h, name,
					     &v->verdict.chain->location);
	xfree(name);
	return err;
}

static int rule_evaluate(struct eval_ctx *ectx, struct rule *rule)
{
	const struct handle *h = &rule->handle;
	struct stmt *stmt, *next;
	int err = 0;

	ectx->rule = rule;
	proto_ctx_init(&ectx->pctx, h->family);
	if (comment_evaluate(ectx, rule->comment, &rule->comment_loc,
			     &rule->location) < 0)
		err = -1;
	/* Stop at a rule's first error: later statements would only
	 * repeat it through a protocol context that is now wrong. */
	list_for_each_entry_safe(stmt, next, &rule->stmts, list) {
		if (stmt_check_terminal(ectx, stmt) < 0 ||
		    stmt_evaluate(ectx, stmt) < 0 ||
		    (stmt->type == STMT_VERDICT &&
		     verdict_target_evaluate(ectx, rule, stmt) < 0)) {
			err = -1;
			break;
		}
	}
	/* Adjacent payload matches share one load, as the system nft's
	 * bytecode does. */
	if (!err)
		payload_merge_rule(rule);
	/* Dependencies were inserted before their statements. */
	rule->num_stmts = 0;
	list_for_each_entry(stmt, &rule->stmts, list)
		rule->num_stmts++;
	ectx->rule = NULL;
	return err;
}

int rule_cmd_evaluate(struct eval_ctx *ectx, struct cmd *cmd)
{
	const struct handle *h = &cmd->handle;

	if (table_ref_evaluate(ectx, h) < 0)
		return -1;
	if (h->chain.name && !chain_known(ectx, h->family, h->table.name,
					   h->chain.name))
		return erec_missing(ectx->msgs, &h->chain.location,
				  "chain '%s' does not exist in table %s %s",
				  h->chain.name, family_name(h->family),
				  h->table.name);
	if (!cmd->rule)
		return 0;
	return rule_evaluate(ectx, cmd->rule);
}

/* ---- tables ---- */

static void table_block_register(struct eval_ctx *ectx, struct table *table)
{
	struct chain *chain;

	run_add(ectx_run(ectx), table->handle.family, table->handle.table.name,
		NULL, table);
	list_for_each_entry(chain, &table->chains, list)
		run_add(ectx_run(ectx), chain->handle.family,
			chain->handle.table.name, chain->handle.chain.name,
			chain);
}

static int table_evaluate(struct eval_ctx *ectx, struct table *table)
{
	struct chain *chain;
	struct rule *rule;
	int err = 0;

	if (name_evaluate(ectx, &table->handle.table, "table") < 0 ||
	    comment_evaluate(ectx, table->comment, &table->comment_loc,
			     &table->location) < 0)
		return -1;
	/* Chains first, all of them: a rule may jump to a chain declared
	 * further down the block. */
	table_block_register(ectx, table);
	ectx->table = table;
	list_for_each_entry(chain, &table->chains, list) {
		if (chain_evaluate(ectx, chain) < 0)
			err = -1;
	}
	list_for_each_entry(chain, &table->chains, list) {
		ectx->chain = chain;
		list_for_each_entry(rule, &chain->rules, list) {
			if (rule_evaluate(ectx, rule) < 0)
				err = -1;
		}
	}
	ectx->chain = NULL;
	ectx->table = NULL;
	return err;
}

int chain_cmd_evaluate(struct eval_ctx *ectx, struct cmd *cmd)
{
	struct chain *chain = cmd->chain;
	struct rule *rule;
	int err;

	if (table_ref_evaluate(ectx, &cmd->handle) < 0)
		return -1;
	if (!chain)
		return name_evaluate(ectx, &cmd->handle.chain, "chain");
	run_add(ectx_run(ectx), chain->handle.family, chain->handle.table.name,
		chain->handle.chain.name, chain);
	err = chain_evaluate(ectx, chain);
	ectx->chain = chain;
	list_for_each_entry(rule, &chain->rules, list) {
		if (rule_evaluate(ectx, rule) < 0)
			err = -1;
	}
	ectx->chain = NULL;
	return err;
}

int table_cmd_evaluate(struct eval_ctx *ectx, struct cmd *cmd)
{
	if (!cmd->table)
		return name_evaluate(ectx, &cmd->handle.table, "table");
	return table_evaluate(ectx, cmd->table);
}

static int add_cmd_evaluate(struct eval_ctx *ectx, struct cmd *cmd)
{
	const struct obj_ops *ops = obj_ops_lookup(cmd->obj);

	if (!ops->evaluate)
		return erec_error(ectx->msgs, &cmd->location,
				  "cannot %s a %s", cmd_op_name(cmd->op),
				  ops->name);
	return ops->evaluate(ectx, cmd);
}

int chain_delete_evaluate(struct eval_ctx *ectx, struct cmd *cmd)
{
	if (!cmd->chain || !cmd->chain->dev_expr)
		return 0;
	if (cmd->op == CMD_DESTROY)
		return erec_error(ectx->msgs, &cmd->location,
				  "destroy takes no device list; use delete to remove devices");
	return chain_devices_update(ectx, cmd->chain);
}

int rule_delete_evaluate(struct eval_ctx *ectx, struct cmd *cmd)
{
	if (!cmd->handle.handle.id)
		return erec_error(ectx->msgs, &cmd->location,
				  "a rule is deleted by its handle: delete rule FAMILY TABLE CHAIN handle N");
	return 0;
}

static int delete_cmd_evaluate(struct eval_ctx *ectx, struct cmd *cmd)
{
	const struct obj_ops *ops = obj_ops_lookup(cmd->obj);

	return ops->evaluate_delete ? ops->evaluate_delete(ectx, cmd) : 0;
}

static int rename_cmd_evaluate(struct eval_ctx *ectx, struct cmd *cmd)
{
	struct handle_spec_str to = {
		.name = cmd->arg, .location = cmd->location,
	};

	if (table_ref_evaluate(ectx, &cmd->handle) < 0)
		return -1;
	return name_evaluate(ectx, &to, "chain");
}

static int cmd_evaluate(struct eval_ctx *ectx, struct cmd *cmd)
{
	ectx->cmd = cmd;
	switch (cmd->op) {
	case CMD_ADD:
	case CMD_CREATE:
	case CMD_INSERT:
	case CMD_REPLACE:
		return add_cmd_evaluate(ectx, cmd);
	case CMD_DELETE:
	case CMD_DESTROY:
		return delete_cmd_evaluate(ectx, cmd);
	case CMD_RENAME:
		return rename_cmd_evaluate(ectx, cmd);
	case CMD_LIST:
	case CMD_FLUSH:
	case CMD_RESET:
	case CMD_GET:
	case CMD_MONITOR:
		return 0;
	case CMD_DESCRIBE:
		return describe_cmd_evaluate(ectx, cmd);
	default:
		return erec_error(ectx->msgs, &cmd->location,
				  "unsupported command");
	}
}

/*
 * One rule on its own, with nothing from the kernel: the evaluation an
 * "add rule" gets, for the unit tests' round trips through the real
 * parser and evaluator.
 */
int nft_evaluate_rule(struct nft_ctx *nft, struct rule *rule,
		      struct list_head *msgs)
{
	struct eval_run run = {};
	struct eval_ctx ectx = {
		.nft = nft,
		.msgs = msgs,
		.run = &run,
	};
	int err;

	str_hash_init(&run.objs);
	err = rule_evaluate(&ectx, rule);
	run_release(&run);
	return err;
}

int nft_evaluate(struct nft_ctx *nft, struct list_head *cmds,
		 struct list_head *msgs)
{
	struct eval_run run = {};
	struct eval_ctx ectx = {
		.nft = nft,
		.msgs = msgs,
		.run = &run,
	};
	struct cmd *cmd;
	int err = 0;

	str_hash_init(&run.objs);
	if (cache_update(nft, cmds, msgs) < 0) {
		run_release(&run);
		return -1;
	}
	list_for_each_entry(cmd, cmds, list) {
		if (cmd_evaluate(&ectx, cmd) < 0)
			err = -1;
	}
	run_release(&run);
	return err;
}
