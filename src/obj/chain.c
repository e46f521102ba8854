/*
 * The chain kind: "add/create/delete/destroy/list/flush/rename chain",
 * chain blocks with rules, and the devices of netdev and inet ingress
 * base chains. Everything about it: evaluation (hooks, types,
 * priorities, policies, devices), cache needs, netlink build and parse,
 * execution and echo, text and JSON output, JSON input, and what the
 * kernel's refusals of a chain mean.
 */
#include <obj.h>
#include <nft.h>
#include <evaluate.h>
#include <cache.h>
#include <mnl.h>
#include <netlink.h>
#include <print.h>
#include <json.h>
#include <expr.h>
#include <ctype.h>
#include <errno.h>
#include <inttypes.h>
#include <string.h>
#include <libnftnl/chain.h>
#include <libnftnl/udata.h>
#include <linux/netfilter.h>
#include <linux/netfilter/nf_tables.h>
#include <net/if.h>

static char *chain_explain_missing(const struct cmd *cmd,
				   const struct location **loc)
{
	const struct handle *h = &cmd->handle;

	/* by name: the kernel's attribute says which */
	if (h->chain.name)
		return NULL;
	*loc = cmd_loc_or(cmd, &h->handle.location);
	return xasprintf("no chain with handle %llu in table %s %s",
			 (unsigned long long)h->handle.id,
			 family_name(h->family), cmd_table_name(cmd));
}

static char *chain_explain_exists(const struct cmd *cmd,
				  const struct location **loc)
{
	const struct handle *h = &cmd->handle;

	*loc = cmd_loc_or(cmd, &h->chain.location);
	if (cmd->op != CMD_CREATE)
		return NULL;
	return xasprintf("chain '%s' already exists in table %s %s",
			 cmd_chain_name(cmd), family_name(h->family),
			 cmd_table_name(cmd));
}

static void chain_cmd_free(struct cmd *cmd)
{
	chain_free(cmd->chain);
}

/* ---- evaluation ---- */

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

/* Resolve @text to a number; errors point at @loc. */
static int prio_resolve(struct eval_ctx *ectx, const struct location *loc,
			uint32_t family, unsigned int hooknum,
			const char *hookstr, const char *text, int *prio)
{
	char name[64];
	bool named;
	long offset;
	int base = 0;

	if (!prio_split(text, name, sizeof(name), &offset, &named))
		return erec_error(ectx->msgs, loc,
				  "invalid priority '%s': expected NAME, NAME + N, NAME - N or a number",
				  text);
	if (named && !prio_lookup(family, hooknum, name, &base))
		return erec_error(ectx->msgs, loc,
				  "'%s' is not a valid priority for the %s hook in the %s family",
				  name, hookstr, family_name(family));
	if (base + offset < INT_MIN || base + offset > INT_MAX)
		return erec_error(ectx->msgs, loc, "priority out of range");
	*prio = (int)(base + offset);
	return 0;
}

int hook_prio_evaluate(struct eval_ctx *ectx, struct expr *priority,
		       uint32_t family, unsigned int hooknum,
		       const char *hookstr, int *prio)
{
	struct expr *e = expr_unvariable(priority);
	char *text;
	int err;

	if (e->etype == EXPR_VALUE) {
		*prio = (int)mpz_get_si(e->value.value);
		return 0;
	}
	text = prio_text(e);
	if (!text)
		return erec_error(ectx->msgs, &priority->location,
				  "priority must be a number or a name such as filter");
	err = prio_resolve(ectx, &priority->location, family, hooknum,
			   hookstr, text, prio);
	xfree(text);
	return err;
}

static int chain_prio_evaluate(struct eval_ctx *ectx, struct chain *chain)
{
	if (!expr_unvariable(chain->priority))
		return erec_error(ectx->msgs, &chain->location,
				  "base chain needs a priority");
	return hook_prio_evaluate(ectx, chain->priority,
				  chain->handle.family, chain->hooknum,
				  chain->hookstr, &chain->prio);
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
	char ***devs;
	unsigned int *num_devs;
	const char *owner;	/* "chain", "flowtable" */
	struct str_hash seen;	/* keys are the chain's own copies */
	struct location first_over;	/* the device past the limit */
};

/* The array doubles when full: num_devs is 0 or a power of two. */
static void dev_append(struct dev_walk *w, const char *name)
{
	unsigned int n = *w->num_devs;

	if ((n & (n - 1)) == 0)
		*w->devs = xrealloc(*w->devs, (n ? 2 * n : 1) * sizeof(char *));
	(*w->devs)[(*w->num_devs)++] = xstrdup(name);
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
	dev_append(w, name);
	if (*w->num_devs == CHAIN_DEVICES_MAX + 1)
		w->first_over = *loc;
	str_hash_add(&w->seen, (*w->devs)[*w->num_devs - 1], w);
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

int hook_devices_evaluate(struct eval_ctx *ectx, const struct expr *dev_expr,
			  char ***devs, unsigned int *num_devs,
			  const char *owner)
{
	struct dev_walk w = {
		.ectx = ectx, .devs = devs, .num_devs = num_devs,
		.owner = owner,
	};
	unsigned int i;
	int err;

	for (i = 0; i < *num_devs; i++)
		xfree((*devs)[i]);
	xfree(*devs);
	*devs = NULL;
	*num_devs = 0;
	if (!dev_expr)
		return 0;
	str_hash_init(&w.seen);
	err = dev_collect(&w, dev_expr, &dev_expr->location);
	str_hash_destroy(&w.seen);
	if (err == 0 && *num_devs > CHAIN_DEVICES_MAX)
		err = erec_error(ectx->msgs, &w.first_over,
				 "too many devices: the kernel takes at most %u per %s, this device list has %u",
				 CHAIN_DEVICES_MAX, owner, *num_devs);
	return err;
}

static int chain_devices_evaluate(struct eval_ctx *ectx, struct chain *chain)
{
	return hook_devices_evaluate(ectx, chain->dev_expr, &chain->devs,
				     &chain->num_devs, "chain");
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

int chain_evaluate(struct eval_ctx *ectx, struct chain *chain)
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

static int chain_cmd_evaluate(struct eval_ctx *ectx, struct cmd *cmd)
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

static int chain_delete_evaluate(struct eval_ctx *ectx, struct cmd *cmd)
{
	if (!cmd->chain || !cmd->chain->dev_expr)
		return 0;
	if (cmd->op == CMD_DESTROY)
		return erec_error(ectx->msgs, &cmd->location,
				  "destroy takes no device list; use delete to remove devices");
	return chain_devices_update(ectx, cmd->chain);
}

static int chain_rename_evaluate(struct eval_ctx *ectx, struct cmd *cmd)
{
	struct handle_spec_str to = {
		.name = cmd->arg, .location = cmd->location,
	};

	if (table_ref_evaluate(ectx, &cmd->handle) < 0)
		return -1;
	return name_evaluate(ectx, &to, "chain");
}

/* ---- the cache ---- */

static unsigned int chain_cmd_needs(const struct cmd *cmd)
{
	const struct chain *c = cmd->chain;

	switch (cmd->op) {
	case CMD_ADD:
	case CMD_CREATE:
		/* Adding devices to an existing chain: its hook and
		 * priority come from the kernel. */
		if (c && !c->has_hook && (c->num_devs || c->dev_expr))
			return NFT_CACHE_TABLE | NFT_CACHE_CHAIN;
		return NFT_CACHE_TABLE;
	case CMD_DELETE:
		if (c && (c->num_devs || c->dev_expr))
			return NFT_CACHE_TABLE | NFT_CACHE_CHAIN;
		return 0;
	case CMD_RENAME:
		return NFT_CACHE_TABLE | NFT_CACHE_CHAIN;
	default:
		return 0;
	}
}

/* ---- netlink ---- */

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

int dev_name_cmp(const void *a, const void *b)
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

/* ---- execution and echo ---- */

/* Bytes of the chain's device list as a netlink nest. */
static size_t chain_devs_size(const struct chain *c)
{
	size_t size = MNL_ATTR_HDRLEN;
	unsigned int i;

	for (i = 0; i < c->num_devs; i++)
		size += MNL_ALIGN(MNL_ATTR_HDRLEN + strlen(c->devs[i]) + 1);
	return size;
}

/*
 * libnftnl writes a chain into the batch unchecked, and its hook nest,
 * which holds the device list, has a 16 bit length: refuse what cannot
 * be sent (the evaluator already refuses more devices than the kernel
 * takes, so this guards the batch buffer only).
 */
int exec_put_chain(struct exec_ctx *x, uint16_t type, uint16_t flags,
		   const struct handle *h, const void *obj)
{
	const struct chain *c = obj;
	struct nftnl_chain *nlc;
	struct nlmsghdr *nlh;

	/* 64: the hook number and priority share the hook nest */
	if (c && c->num_devs && chain_devs_size(c) > UINT16_MAX - 64)
		return erec_error(x->msgs, c->dev_expr ?
				  &c->dev_expr->location : &c->location,
				  "too many devices: the kernel takes at most %u per chain, this device list has %u",
				  CHAIN_DEVICES_MAX, c->num_devs);
	nlc = netlink_chain_build(h, c);
	flags |= exec_echo_flag(x, type);
	nlh = batch_msg_start(x->batch, type, h->family, flags);
	nftnl_chain_nlmsg_build_payload(nlh, nlc);
	batch_msg_end(x->batch, nlh);
	nftnl_chain_free(nlc);
	return 0;
}

/* The cached chain @cmd names, or an error at the chain's name. */
static struct chain *exec_cached_chain(struct exec_ctx *x,
				       const struct cmd *cmd)
{
	const struct handle *h = &cmd->handle;
	struct table *t;
	struct chain *c = NULL;

	t = cache_table_lookup(&x->nft->cache, h->family, h->table.name);
	if (t)
		c = table_lookup_chain(t, h->chain.name);
	if (c)
		return c;
	if (!t)
		erec_missing(x->msgs, cmd_loc_or(cmd, &h->table.location),
			   "table '%s' does not exist in family %s",
			   h->table.name, family_name(h->family));
	else
		erec_missing(x->msgs, cmd_loc_or(cmd, &h->chain.location),
			   "chain '%s' does not exist in table %s %s",
			   h->chain.name, family_name(h->family),
			   h->table.name);
	return NULL;
}

/* rename chain: the kernel renames a chain it finds by handle. */
static int exec_chain_rename(struct exec_ctx *x, struct cmd *cmd)
{
	struct chain *c = exec_cached_chain(x, cmd);
	struct handle h;

	if (!c)
		return -1;
	h = cmd->handle;
	h.chain.name = cmd->arg;
	h.handle.id = c->handle.handle.id;
	return exec_put_chain(x, NFT_MSG_NEWCHAIN, 0, &h, NULL);
}

bool chain_has_devices(const struct chain *c)
{
	return c && c->num_devs;
}

/* "add chain t c { counter accept; }": the chain, then its rules. */
static int exec_chain_add(struct exec_ctx *x, struct cmd *cmd,
			  uint16_t flags)
{
	const struct chain *c = cmd->chain;
	const struct rule *r;
	int err;

	err = exec_put_chain(x, NFT_MSG_NEWCHAIN, flags, &cmd->handle, c);
	if (err < 0 || !c)
		return err;
	list_for_each_entry(r, &c->rules, list) {
		batch_set_owner(x->batch, cmd, (struct rule *)r);
		if (rule_obj_ops.nl_put(x, NFT_MSG_NEWRULE,
					NLM_F_CREATE | NLM_F_APPEND,
					&r->handle, r) < 0)
			err = -1;
	}
	return err;
}

static int exec_chain(struct exec_ctx *x, struct cmd *cmd)
{
	const struct chain *c = cmd->chain;

	switch (cmd->op) {
	case CMD_ADD:
		return exec_chain_add(x, cmd, NLM_F_CREATE);
	case CMD_CREATE:
		return exec_chain_add(x, cmd, NLM_F_CREATE | NLM_F_EXCL);
	case CMD_DELETE:
		/* With devices, only those leave the chain. */
		return exec_put_chain(x, NFT_MSG_DELCHAIN, 0, &cmd->handle,
				      chain_has_devices(c) ? c : NULL);
	case CMD_DESTROY:
		return exec_put_chain(x, MSG_DESTROYCHAIN, 0, &cmd->handle,
				      NULL);
	case CMD_FLUSH:
		return rule_obj_ops.nl_put(x, NFT_MSG_DELRULE, 0,
					   &cmd->handle, NULL);
	case CMD_RENAME:
		return exec_chain_rename(x, cmd);
	default:
		return erec_error(x->msgs, &cmd->location,
				  "%s chain is not supported",
				  cmd_op_name(cmd->op));
	}
}

/* The plan op: flushing or deleting a chain empties it (deleting
 * devices leaves the rules alone). */
static int chain_plan(struct pos_plan *p, struct cmd *cmd)
{
	const struct handle *h = &cmd->handle;

	/* (planned before evaluation: the device list as written) */
	if ((cmd->op == CMD_DELETE || cmd->op == CMD_DESTROY ||
	     cmd->op == CMD_FLUSH) &&
	    !(cmd->chain && (cmd->chain->num_devs || cmd->chain->dev_expr)) &&
	    h->chain.name)
		pos_clear(p, h->family, h->table.name, h->chain.name);
	return 0;
}

static void *chain_nl_parse(struct nft_ctx *nft, const struct nlmsghdr *nlh,
			    char **why)
{
	struct nftnl_chain *nlc = nftnl_chain_alloc();
	struct chain *c = NULL;

	*why = NULL;
	if (!nlc)
		memory_allocation_error();
	if (nftnl_chain_nlmsg_parse(nlh, nlc) == 0)
		c = netlink_chain_parse(nlc);
	nftnl_chain_free(nlc);
	return c;
}

static void chain_obj_free(void *c)
{
	chain_free(c);
}

static void chain_echo(struct nft_ctx *nft, struct cmd *cmd,
		       void *owner_obj, uint16_t type, void *obj)
{
	struct output_ctx *octx = &nft->octx;
	struct chain *own = owner_obj, *c = obj;

	if (own)
		own->handle.handle.id = c->handle.handle.id;
	cmd->echo_handle = c->handle.handle.id;
	if (nft_output_json(octx))
		return;
	nft_print(octx, "%s chain %s %s %s", echo_op(cmd),
		  family_name(c->handle.family), c->handle.table.name,
		  c->handle.chain.name);
	if (chain_is_base(c)) {
		nft_print(octx, " { ");
		chain_print_declaration(c, octx);
		nft_print(octx, " }");
	}
	if (nft_output_handle(octx))
		nft_print(octx, " # handle %llu",
			  (unsigned long long)c->handle.handle.id);
	nft_print(octx, "\n");
}

/* ---- output ---- */

static const char *chain_policy_name(int policy)
{
	switch (policy) {
	case NF_ACCEPT:
		return "accept";
	case NF_DROP:
		return "drop";
	}
	return "unknown";
}

static void chain_print_devices(const struct chain *c, struct output_ctx *octx)
{
	unsigned int i;

	if (c->num_devs == 1) {
		nft_print(octx, " device \"%s\"", c->devs[0]);
		return;
	}
	nft_print(octx, " devices = { ");
	for (i = 0; i < c->num_devs; i++)
		nft_print(octx, "%s\"%s\"", i ? ", " : "", c->devs[i]);
	nft_print(octx, " }");
}

static const char *chain_hook_name(const struct chain *c)
{
	const char *name = hook_name(c->handle.family, c->hooknum);

	if (!name)
		name = c->hookstr;
	return name ? name : "unknown";
}

void chain_print_declaration(const struct chain *c, struct output_ctx *octx)
{
	char prio[64];

	if (!chain_is_base(c))
		return;
	prio_format(prio, sizeof(prio), c->handle.family, c->hooknum, c->prio,
		    nft_output_numeric_prio(octx));
	nft_print(octx, "type %s hook %s", c->type ? c->type : "filter",
		  chain_hook_name(c));
	if (c->num_devs)
		chain_print_devices(c, octx);
	nft_print(octx, " priority %s; policy %s;", prio,
		  chain_policy_name(c->policy_val));
	if (c->flags & CHAIN_F_HW_OFFLOAD)
		nft_print(octx, " flags offload;");
}

/* "\tchain NAME {", its comment and hook line; no rules, no closing. */
void chain_print_head(const struct chain *c, struct output_ctx *octx)
{
	nft_print(octx, "\tchain %s {", c->handle.chain.name);
	if (nft_output_handle(octx))
		nft_print(octx, " # handle %" PRIu64, c->handle.handle.id);
	nft_print(octx, "\n");
	if (c->comment)
		nft_print(octx, "\t\tcomment \"%s\"\n", c->comment);
	if (chain_is_base(c)) {
		nft_print(octx, "\t\t");
		chain_print_declaration(c, octx);
		nft_print(octx, "\n");
	}
}

void chain_print(const struct chain *c, struct output_ctx *octx)
{
	const struct rule *r;

	chain_print_head(c, octx);
	list_for_each_entry(r, &c->rules, list) {
		nft_print(octx, "\t\t");
		rule_obj_ops.print(r, octx);
		nft_print(octx, "\n");
	}
	nft_print(octx, "\t}\n");
}

static json_t *chain_devs_json(const struct chain *c)
{
	json_t *devs;
	unsigned int i;

	if (c->num_devs == 1)
		return json_string(c->devs[0]);
	devs = json_array();
	for (i = 0; i < c->num_devs; i++)
		json_array_append_new(devs, json_string(c->devs[i]));
	return devs;
}

static void chain_hook_json(json_t *root, const struct chain *c)
{
	const char *hook = hook_name(c->handle.family, c->hooknum);

	if (!hook)
		hook = c->hookstr ? c->hookstr : "unknown";
	if (c->num_devs)
		json_object_set_new(root, "dev", chain_devs_json(c));
	json_object_set_new(root, "type",
			    json_string(c->type ? c->type : "filter"));
	json_object_set_new(root, "hook", json_string(hook));
	json_object_set_new(root, "prio", json_integer(c->prio));
	json_object_set_new(root, "policy",
			    json_string(c->policy_val == NF_DROP ?
					"drop" : "accept"));
}

json_t *chain_json(const struct chain *c, struct output_ctx *octx)
{
	json_t *root = json_object_head(&c->handle, "name");

	if (c->comment)
		json_object_set_new(root, "comment", json_string(c->comment));
	if (chain_is_base(c))
		chain_hook_json(root, c);
	return json_wrap("chain", root);
}

/* ---- JSON input ---- */

/*
 * "prio" as a number or a string such as "filter", "filter+10" or
 * "mangle - 5": normalized to the parser's text ("filter + 10") so the
 * evaluator resolves it the same way.
 */
static char *json_prio_text(const char *s)
{
	const char *name, *num;
	size_t name_len;
	char op;

	while (isspace((unsigned char)*s))
		s++;
	if (*s == '-' || *s == '+' || isdigit((unsigned char)*s))
		return xstrndup(s, strcspn(s, " \t"));
	name = s;
	name_len = strcspn(s, " \t+-");
	s += name_len;
	while (isspace((unsigned char)*s))
		s++;
	if (!*s)
		return xstrndup(name, name_len);
	op = *s++;
	while (isspace((unsigned char)*s))
		s++;
	num = s;
	if (op != '+' && op != '-')
		return xstrdup(name);	/* malformed: the evaluator says so */
	return xasprintf("%.*s %c %.*s", (int)name_len, name, op,
			 (int)strcspn(num, " \t"), num);
}

struct expr *json_hook_prio(struct json_ctx *jctx, json_t *v)
{
	struct location loc = json_location(jctx, "prio");
	struct expr *expr;
	char *text;

	if (json_is_integer(v))
		text = xasprintf("%" JSON_INTEGER_FORMAT,
				 json_integer_value(v));
	else if (json_is_string(v))
		text = json_prio_text(json_string_value(v));
	else {
		json_error(jctx, "prio",
			   "\"prio\" must be a number or a string such as \"filter + 10\"");
		return NULL;
	}
	expr = symbol_expr_alloc(&loc, text, false);
	xfree(text);
	return expr;
}

/* "dev": one name or an array of names. */
struct expr *json_hook_devs(struct json_ctx *jctx, json_t *v)
{
	struct location loc = json_location(jctx, "dev");
	struct expr *list;
	size_t i;
	json_t *d;

	if (json_is_string(v))
		return symbol_expr_alloc(&loc, json_string_value(v), true);
	if (!json_is_array(v) || json_array_size(v) == 0)
		goto bad;
	json_array_foreach(v, i, d)
		if (!json_is_string(d))
			goto bad;
	list = list_expr_alloc(&loc);
	json_array_foreach(v, i, d) {
		char suffix[48];
		struct location eloc;

		snprintf(suffix, sizeof(suffix), "dev[%zu]", i);
		eloc = json_location(jctx, suffix);
		list_expr_add(list, symbol_expr_alloc(&eloc,
						      json_string_value(d),
						      true));
	}
	return list;
bad:
	json_error(jctx, "dev", "expected a string or an array of strings");
	return NULL;
}

static int json_chain_hook(struct json_ctx *jctx, json_t *obj,
			   struct chain *c)
{
	const char *type, *hook;
	json_t *prio = json_object_get(obj, "prio");

	if (json_req_string(jctx, obj, "type", &type) < 0 ||
	    json_req_string(jctx, obj, "hook", &hook) < 0)
		return -1;
	if (!prio)
		return json_error(jctx, "",
				  "missing \"prio\": a base chain needs a priority");
	c->has_hook = true;
	c->type = xstrdup(type);
	c->type_loc = json_location(jctx, "type");
	c->hookstr = xstrdup(hook);
	c->hook_loc = json_location(jctx, "hook");
	c->priority = json_hook_prio(jctx, prio);
	return c->priority ? 0 : -1;
}

/* The keys of a chain object beyond its name: hook, devices, policy. */
static int json_chain_body(struct json_ctx *jctx, json_t *obj,
			   struct chain *c)
{
	const char *policy, *comment;
	struct location loc;
	json_t *dev = json_object_get(obj, "dev");
	int ret;

	if ((json_object_get(obj, "hook") || json_object_get(obj, "type")) &&
	    json_chain_hook(jctx, obj, c) < 0)
		return -1;
	if (dev) {
		c->dev_expr = json_hook_devs(jctx, dev);
		if (!c->dev_expr)
			return -1;
	}
	ret = json_opt_string(jctx, obj, "policy", &policy);
	if (ret < 0)
		return -1;
	if (ret > 0) {
		loc = json_location(jctx, "policy");
		c->policy = symbol_expr_alloc(&loc, policy, false);
	}
	if (json_opt_string(jctx, obj, "comment", &comment) < 0)
		return -1;
	c->comment = xstrdup(comment);
	if (comment)
		c->comment_loc = json_location(jctx, "comment");
	c->has_block = c->has_hook || c->dev_expr || c->policy || c->comment;
	return 0;
}

static int json_chain_rename(struct json_ctx *jctx, json_t *obj,
			     struct cmd *cmd)
{
	const char *newname;

	if (json_req_string(jctx, obj, "newname", &newname) < 0)
		return -1;
	cmd->arg = xstrdup(newname);
	return 0;
}

static struct cmd *json_chain_cmd(struct json_ctx *jctx, enum cmd_ops op,
				  bool bare, json_t *obj)
{
	struct handle h = {};
	struct chain *c = NULL;
	struct cmd *cmd;

	if (json_table_ref(jctx, obj, "chain", &h) < 0 ||
	    json_parse_name(jctx, obj, op, &h.chain, &h) < 0)
		goto err;
	/* delete with "dev" removes devices from the chain. */
	if (json_op_is_add(op) ||
	    (op == CMD_DELETE && json_object_get(obj, "dev"))) {
		c = chain_alloc(NULL);
		handle_copy(&c->handle, &h);
		c->location = json_location(jctx, "");
		if (json_chain_body(jctx, obj, c) < 0)
			goto err;
	}
	cmd = json_cmd_new(jctx, op, CMD_OBJ_CHAIN, &h, c);
	if (op == CMD_RENAME && json_chain_rename(jctx, obj, cmd) < 0) {
		cmd_free(cmd);
		return NULL;
	}
	return cmd;
err:
	chain_free(c);
	handle_free(&h);
	return NULL;
}

static void chain_obj_print(const void *obj, struct output_ctx *octx)
{
	chain_print(obj, octx);
}

static json_t *chain_obj_json(const void *obj, struct output_ctx *octx)
{
	return chain_json(obj, octx);
}

/* ---- kernel errors ---- */

/* Where a device name was written in a chain's device spec. */
const struct location *chain_dev_location(const struct chain *c,
					  const char *name,
					  const struct location *dflt)
{
	return dev_expr_location(c ? c->dev_expr : NULL, name, dflt);
}

const struct location *dev_expr_location(const struct expr *e,
					 const char *name,
					 const struct location *dflt)
{
	const struct expr *d;

	if (!e)
		return dflt;
	if (e->etype != EXPR_LIST)
		return &e->location;
	list_for_each_entry(d, &e->expr_list.expressions, list) {
		if (d->etype == EXPR_SYMBOL && name &&
		    !strcmp(d->symbol.identifier, name))
			return &d->location;
	}
	return &e->location;
}

static bool chain_is_egress(const struct chain *c)
{
	return c && c->handle.family == NFPROTO_NETDEV && c->hookstr &&
	       !strcmp(c->hookstr, "egress");
}

static const char no_egress[] =
	"this kernel does not support the netdev egress hook (Linux 5.16+, CONFIG_NETFILTER_EGRESS)";

static const char *chain_strerror(int err, const struct cmd *cmd)
{
	switch (err) {
	case EOPNOTSUPP:
		if (chain_is_egress(cmd->chain))
			return no_egress;
		if (cmd->op == CMD_DESTROY)
			return NULL;
		return "this chain type, hook or device is not supported here by the kernel";
	case EEXIST:
		if (cmd->op == CMD_CREATE)
			return NULL;
		return "chain already exists with a different type, hook or priority";
	case EBUSY:
		return "chain is in use: rules or maps still jump to it";
	case EFBIG:	/* CHAIN_DEVICES_MAX */
		return "too many devices: the kernel takes at most 255 per chain";
	}
	return NULL;
}

/*
 * A chain message failed at an attribute. @obj: the chain it was built
 * from (NULL: by name or handle only), that of @cmd or of a table block.
 */
static char *chain_explain_attr(const struct mnl_err *e,
				const struct cmd *cmd, const void *obj,
				const struct location **loc)
{
	const struct chain *c = obj;
	const char *dev;

	if (mnl_err_path_is(e, 1, NFTA_CHAIN_TABLE) && e->err == ENOENT) {
		*loc = cmd_loc_or(cmd, &cmd->handle.table.location);
		return xasprintf("table '%s' does not exist in family %s",
				 cmd_table_name(cmd),
				 family_name(cmd->handle.family));
	}
	if ((mnl_err_path_is(e, 1, NFTA_CHAIN_NAME) ||
	     mnl_err_path_is(e, 1, NFTA_CHAIN_HANDLE)) && e->err == ENOENT) {
		if (!cmd->handle.chain.name)
			return chain_explain_missing(cmd, loc);
		*loc = cmd_loc_or(cmd, &cmd->handle.chain.location);
		return xasprintf("chain '%s' does not exist in table %s %s",
				 cmd_chain_name(cmd),
				 family_name(cmd->handle.family),
				 cmd_table_name(cmd));
	}
	if (!c)
		return NULL;
	if (mnl_err_path_is(e, 1, NFTA_CHAIN_TYPE) && c->type) {
		*loc = cmd_loc_or(cmd, &c->type_loc);
		if (e->err == EEXIST)
			return xasprintf("chain '%s' already exists with a type other than '%s'",
					 c->handle.chain.name, c->type);
		return xasprintf("chain type '%s' is not supported in family %s",
				 c->type, family_name(c->handle.family));
	}
	if (mnl_err_path_is(e, 1, NFTA_CHAIN_HOOK) && e->depth == 1 &&
	    e->err == EEXIST) {
		*loc = cmd_loc_or(cmd, &c->hook_loc);
		return xasprintf("chain '%s' already exists with a different hook or priority",
				 c->handle.chain.name);
	}
	if (mnl_err_path_is(e, 2, NFTA_CHAIN_HOOK, NFTA_HOOK_DEV) ||
	    mnl_err_path_is(e, 3, NFTA_CHAIN_HOOK, NFTA_HOOK_DEVS,
			    NFTA_DEVICE_NAME)) {
		dev = nla_str(e->attr);
		*loc = chain_dev_location(c, dev, &cmd->location);
		if (e->err == ENOENT || e->err == ENODEV)
			return xasprintf(cmd->op == CMD_DELETE ?
					 "device '%s' is not a device of this chain" :
					 "device '%s' does not exist",
					 dev ? dev : "?");
		if (e->err == EEXIST)
			return xasprintf("device '%s' is already used by another chain on this hook",
					 dev ? dev : "?");
		return xasprintf("device '%s': %s", dev ? dev : "?",
				 mnl_strerror(e->err, cmd));
	}
	if (mnl_err_path_is(e, 2, NFTA_CHAIN_HOOK, NFTA_HOOK_HOOKNUM)) {
		*loc = cmd_loc_or(cmd, &c->hook_loc);
		return xasprintf("%s", mnl_strerror(e->err, cmd));
	}
	if (mnl_err_path_is(e, 2, NFTA_CHAIN_HOOK, NFTA_HOOK_PRIORITY) &&
	    c->priority) {
		*loc = cmd_loc_or(cmd, &c->priority->location);
		return xasprintf("priority %d: %s", c->prio,
				 mnl_strerror(e->err, cmd));
	}
	return NULL;
}

/* Deleting devices: the kernel does not say which one is not in the
 * chain, the cache does. */
static char *chain_explain_dev_delete(struct nft_ctx *nft,
				      const struct cmd *cmd,
				      const struct location **loc)
{
	const struct chain *c = cmd->chain, *cur = NULL;
	const struct table *t;
	unsigned int i, j;

	t = cache_table_lookup(&nft->cache, cmd->handle.family,
			       cmd->handle.table.name);
	if (t)
		cur = table_lookup_chain(t, cmd->handle.chain.name);
	if (!cur)
		return NULL;
	for (i = 0; i < c->num_devs; i++) {
		for (j = 0; j < cur->num_devs; j++)
			if (!strcmp(c->devs[i], cur->devs[j]))
				break;
		if (j < cur->num_devs)
			continue;
		*loc = chain_dev_location(c, c->devs[i], &cmd->location);
		return xasprintf("device '%s' is not a device of chain '%s'",
				 c->devs[i], cmd_chain_name(cmd));
	}
	return NULL;
}

const char *chain_missing_dev(const struct chain *c)
{
	unsigned int i;

	for (i = 0; c && i < c->num_devs; i++) {
		if (!if_nametoindex(c->devs[i]))
			return c->devs[i];
	}
	return NULL;
}

/*
 * What a failed chain message means without (or beyond) the attribute;
 * @obj: the chain of the command, or of a table block:
 * - ENOENT on a new base chain: kernels before 6.16 refuse a hook on a
 *   device that does not exist, without saying which. Devices live in
 *   our own network namespace, so look for ourselves.
 * - EOPNOTSUPP and friends: a feature this kernel lacks, or a change the
 *   kernel does not allow.
 */
static char *chain_explain(struct nft_ctx *nft, const struct mnl_err *e,
			   const struct cmd *cmd, const void *obj,
			   const struct location **loc)
{
	const struct chain *c = obj;
	const char *dev;

	/* (c == cmd->data: the command's own chain, not a block's) */
	if (e->err == ENOENT && c && cmd->op == CMD_DELETE && c->num_devs &&
	    c == cmd->data) {
		char *detail = chain_explain_dev_delete(nft, cmd, loc);

		if (detail)
			return detail;
	}
	if ((e->err == ENOENT || e->err == ENODEV) &&
	    (cmd->op == CMD_ADD || cmd->op == CMD_CREATE) &&
	    (dev = chain_missing_dev(c))) {
		*loc = chain_dev_location(c, dev, &cmd->location);
		return xasprintf("device '%s' does not exist", dev);
	}
	if (chain_is_egress(c) &&
	    (e->err == EOPNOTSUPP || e->err == ENOENT || e->err == EINVAL)) {
		*loc = cmd_loc_or(cmd, &c->hook_loc);
		return xstrdup(no_egress);
	}
	if (cmd->op == CMD_DESTROY)
		return NULL;
	if (e->err == EINVAL && c && c->has_hook && !c->num_devs &&
	    c->handle.family == NFPROTO_NETDEV) {
		*loc = cmd_loc_or(cmd, &c->hook_loc);
		return xstrdup("this kernel needs a device for a netdev base chain: add device \"NAME\" (chains without devices need Linux 6.4+)");
	}
	if (e->err == EOPNOTSUPP && c && c->has_hook &&
	    (cmd->op == CMD_ADD || cmd->op == CMD_CREATE)) {
		*loc = cmd_loc_or(cmd, &c->hook_loc);
		return xasprintf("chain '%s' already exists with another hook, priority or type (those cannot change), or the kernel does not support type '%s' on hook '%s'",
				 c->handle.chain.name,
				 c->type ? c->type : "filter",
				 c->hookstr ? c->hookstr : "?");
	}
	/* no better words, but a better place */
	if (e->err == EBUSY && c == cmd->data)
		*loc = cmd_loc_or(cmd, &cmd->handle.chain.location);
	if (e->err == EFBIG && c && c->dev_expr)
		*loc = cmd_loc_or(cmd, &c->dev_expr->location);
	return NULL;
}

const struct obj_ops chain_obj_ops = {
	.obj		= CMD_OBJ_CHAIN,
	.name		= "chain",
	.flags		= OBJ_F_ONE_CHAIN | OBJ_F_LIST,
	.evaluate	= chain_cmd_evaluate,
	.evaluate_delete = chain_delete_evaluate,
	.evaluate_rename = chain_rename_evaluate,
	.cache_needs	= chain_cmd_needs,
	.list_needs	= NFT_CACHE_TABLE | NFT_CACHE_CHAIN,
	.execute	= exec_chain,
	.plan		= chain_plan,
	.msg_new	= NFT_MSG_NEWCHAIN,
	.msg_del	= NFT_MSG_DELCHAIN,
	.nl_put		= exec_put_chain,
	.nl_parse	= chain_nl_parse,
	.obj_free	= chain_obj_free,
	.print		= chain_obj_print,
	.json		= chain_obj_json,
	.echo		= chain_echo,
	.strerror	= chain_strerror,
	.explain_attr	= chain_explain_attr,
	.explain	= chain_explain,
	.explain_missing = chain_explain_missing,
	.explain_exists	= chain_explain_exists,
	.free		= chain_cmd_free,
	.json_cmds	= OBJ_CMD(CMD_ADD) | OBJ_CMD(CMD_CREATE) |
			  OBJ_CMD(CMD_DELETE) | OBJ_CMD(CMD_DESTROY) |
			  OBJ_CMD(CMD_LIST) | OBJ_CMD(CMD_FLUSH) |
			  OBJ_CMD(CMD_RENAME),
	.json_parse	= json_chain_cmd,
};
