/*
 * Chains, evaluation: a base chain's hook, type, priority, policy and
 * devices, the changes of an existing chain's devices or policy, and
 * the chain commands' own checks. What chains and flowtables share
 * (priorities, device lists) lives here too (src/obj/chain.c has the
 * rest of the kind, src/obj/chain_out.c its output and JSON input).
 */
#include <obj.h>
#include <nft.h>
#include <evaluate.h>
#include <cache.h>
#include <print.h>
#include <expr.h>
#include <errno.h>
#include <string.h>
#include <linux/netfilter.h>
#include <linux/netfilter/nf_tables.h>

/* ---- hook and type ---- */

/* Which chain types exist: the kernel says in which families and on
 * which hooks (ENOENT for a type the family lacks, EOPNOTSUPP for a
 * hook), as the reference lets it. */
static const char *const chain_types[] = { "filter", "nat", "route" };

bool chain_type_known(const char *type)
{
	unsigned int i;

	for (i = 0; i < array_size(chain_types); i++) {
		if (!strcmp(chain_types[i], type))
			return true;
	}
	return false;
}

/* The reference's words: an unknown name is a syntax error to it
 * (src/parse/cmd.c), so these are for JSON input. */
static int chain_hook_evaluate(struct eval_ctx *ectx, struct chain *chain)
{
	uint32_t family = chain->handle.family;

	if (hook_lookup(family, chain->hookstr, &chain->hooknum))
		return 0;
	if (!hook_name_known(chain->hookstr))
		return erec_error(ectx->msgs, &chain->hook_loc,
				  "unknown chain hook");
	return erec_error(ectx->msgs, &chain->hook_loc,
			  "The %s family does not support this hook",
			  family_name(family));
}

static int chain_type_evaluate(struct eval_ctx *ectx, struct chain *chain)
{
	if (!chain->type)
		return erec_error(ectx->msgs, &chain->location,
				  "base chain needs a type (filter, nat or route)");
	if (!chain_type_known(chain->type))
		return erec_error(ectx->msgs, &chain->type_loc,
				  "unknown chain type");
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

/* Resolve @text to a number; false if it is no priority here. */
static bool prio_resolve(uint32_t family, unsigned int hooknum,
			 const char *text, long long *prio)
{
	char name[64];
	bool named;
	long offset;
	int base = 0;

	if (!prio_split(text, name, sizeof(name), &offset, &named))
		return false;
	if (named && !prio_lookup(family, hooknum, name, &base))
		return false;
	*prio = (long long)base + offset;
	return true;
}

int hook_prio_evaluate(struct eval_ctx *ectx, struct expr *priority,
		       const struct location *loc, const char *invalid,
		       uint32_t family, unsigned int hooknum, int *prio)
{
	struct expr *e = expr_unvariable(priority);
	long long val;
	char *text;
	bool ok;

	if (!loc->indesc && !loc->json_path)
		loc = &priority->location;
	if (e->etype == EXPR_VALUE) {
		*prio = (int)mpz_get_si(e->value.value);
		return 0;
	}
	text = prio_text(e);
	ok = text && prio_resolve(family, hooknum, text, &val);
	xfree(text);
	if (!ok)
		return erec_error(ectx->msgs, loc, "%s", invalid);
	/* the reference truncates to 32 bits silently: a chain that lists
	 * with another priority */
	if (val < INT_MIN || val > INT_MAX)
		return erec_error(ectx->msgs, &priority->location,
				  "priority out of range");
	*prio = (int)val;
	return 0;
}

static int chain_prio_evaluate(struct eval_ctx *ectx, struct chain *chain)
{
	if (!expr_unvariable(chain->priority))
		return erec_error(ectx->msgs, &chain->location,
				  "base chain needs a priority");
	return hook_prio_evaluate(ectx, chain->priority, &chain->prio_loc,
				  "invalid priority expression value in this context.",
				  chain->handle.family, chain->hooknum,
				  &chain->prio);
}

static int chain_policy_evaluate(struct eval_ctx *ectx, struct chain *chain)
{
	struct expr *e = expr_unvariable(chain->policy);
	const char *s;

	if (!e)
		return 0;
	/* a variable's value: its definition is wrong, as 1.1.3 says */
	if (e != chain->policy && (e->etype != EXPR_SYMBOL ||
	    (strcmp(e->symbol.identifier, "accept") &&
	     strcmp(e->symbol.identifier, "drop")))) {
		erec_error(ectx->msgs, &e->location, "wrong policy");
		return erec_error(ectx->msgs, &chain->handle.chain.location,
				  "invalid policy expression variable");
	}
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

const char **hook_devs_array(char *const *devs, unsigned int num_devs,
			     bool adding)
{
	const char **v = xzalloc((num_devs + 1) * sizeof(*v));
	unsigned int i;

	for (i = 0; i < num_devs; i++)
		v[i] = devs[adding ? num_devs - 1 - i : i];
	return v;
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
	/* evaluated after syntax errors, as 1.1.3 does: said already */
	if (chain->hook_refused)
		return -1;
	if (chain_hook_evaluate(ectx, chain) < 0 ||
	    chain_type_evaluate(ectx, chain) < 0 ||
	    chain_prio_evaluate(ectx, chain) < 0 ||
	    chain_policy_evaluate(ectx, chain) < 0 ||
	    chain_devices_evaluate(ectx, chain) < 0)
		return -1;
	if (chain->dev_expr && !chain_takes_devices(chain))
		return erec_error(ectx->msgs, &chain->dev_expr->location,
				  "devices can only be given to netdev chains and inet ingress chains");
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

int chain_delete_evaluate(struct eval_ctx *ectx, struct cmd *cmd)
{
	if (!cmd->chain || !cmd->chain->dev_expr)
		return 0;
	if (cmd->op == CMD_DESTROY)
		return erec_error(ectx->msgs, &cmd->location,
				  "destroy takes no device list; use delete to remove devices");
	return chain_devices_update(ectx, cmd->chain);
}

int chain_rename_evaluate(struct eval_ctx *ectx, struct cmd *cmd)
{
	struct handle_spec_str to = {
		.name = cmd->arg, .location = cmd->arg_location,
	};

	if (table_ref_evaluate(ectx, &cmd->handle) < 0)
		return -1;
	return name_evaluate(ectx, &to, "chain");
}
