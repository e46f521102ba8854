/*
 * Rule positions: "index N" of add and insert rule, resolved against the
 * rules the chain will have when the command runs. Part of the rule
 * kind; the other kinds say through their plan op how their commands
 * change the rule lists (a table block adds rules, a flush removes them).
 */
#include <obj.h>
#include <nft.h>
#include <nftables.h>
#include <linux/netfilter.h>
#include <erec.h>
#include <cache.h>
#include <string.h>

/*
 * "index N" counts the chain's rules as they are when the command runs:
 * the kernel's, changed by every earlier command of the same batch
 * (firewalld adds a rule and inserts before it in one batch). Before any
 * message is built, the commands are replayed on a model of each chain
 * an index names. An index that lands on a kernel rule becomes its
 * handle (NFTA_RULE_POSITION); one that lands on a rule of this batch
 * gives that rule a batch-local id (NFTA_RULE_ID) and refers to it
 * (NFTA_RULE_POSITION_ID), as the system nft does.
 */
struct pos_rule {
	struct list_head list;
	uint64_t handle;	/* a kernel rule, or 0 */
	struct handle *h;	/* a rule of this batch: the handle it is sent with */
};

struct pos_chain {
	struct list_head list;	/* in pos_plan.chains */
	struct list_head rules;	/* struct pos_rule, in chain order */
	unsigned int num_rules;
	uint32_t family;
	char *table;
	char *key;		/* hash key: family, table, chain */
};

struct pos_plan {
	struct exec_ctx *x;
	struct list_head chains;
	struct str_hash hash;
	uint32_t next_id;
};

static char *pos_key(const struct handle *h, const char *chain)
{
	return xasprintf("%u\037%s\037%s", h->family,
			 h->table.name ? h->table.name : "", chain);
}

static struct pos_chain *pos_chain_lookup(struct pos_plan *p,
					  const struct handle *h,
					  const char *chain)
{
	struct pos_chain *pc;
	char *key;

	if (!chain || !p->hash.count)
		return NULL;
	key = pos_key(h, chain);
	pc = str_hash_lookup(&p->hash, key);
	xfree(key);
	return pc;
}

static struct pos_rule *pos_rule_new(struct pos_chain *pc, uint64_t handle,
				     struct handle *h)
{
	struct pos_rule *pr = xzalloc(sizeof(*pr));

	pr->handle = handle;
	pr->h = h;
	pc->num_rules++;
	return pr;
}

static void pos_rule_del(struct pos_chain *pc, struct pos_rule *pr)
{
	list_del(&pr->list);
	pc->num_rules--;
	xfree(pr);
}

static void pos_chain_clear(struct pos_chain *pc)
{
	struct pos_rule *pr, *next;

	list_for_each_entry_safe(pr, next, &pc->rules, list)
		pos_rule_del(pc, pr);
}

/* Track the chain @h names, starting from the rules the kernel has. */
static void pos_chain_add(struct pos_plan *p, const struct handle *h)
{
	struct pos_chain *pc;
	struct table *t;
	struct chain *c = NULL;
	struct rule *r;

	if (pos_chain_lookup(p, h, h->chain.name))
		return;
	pc = xzalloc(sizeof(*pc));
	init_list_head(&pc->rules);
	pc->family = h->family;
	pc->table = xstrdup(h->table.name);
	pc->key = pos_key(h, h->chain.name);
	list_add_tail(&pc->list, &p->chains);
	str_hash_add(&p->hash, pc->key, pc);
	t = cache_table_lookup(&p->x->nft->cache, h->family, h->table.name);
	if (t)
		c = table_lookup_chain(t, h->chain.name);
	if (!c)
		return;
	list_for_each_entry(r, &c->rules, list)
		list_add_tail(&pos_rule_new(pc, r->handle.handle.id,
					    NULL)->list, &pc->rules);
}

static void pos_plan_free(struct pos_plan *p)
{
	struct pos_chain *pc, *next;

	list_for_each_entry_safe(pc, next, &p->chains, list) {
		pos_chain_clear(pc);
		xfree(pc->table);
		xfree(pc->key);
		xfree(pc);
	}
	str_hash_destroy(&p->hash);
}

static struct pos_rule *pos_find_handle(struct pos_chain *pc, uint64_t id)
{
	struct pos_rule *pr;

	list_for_each_entry(pr, &pc->rules, list) {
		if (pr->handle == id)
			return pr;
	}
	return NULL;
}

static struct pos_rule *pos_find_index(struct pos_chain *pc, uint64_t n)
{
	struct pos_rule *pr;

	if (n >= pc->num_rules)
		return NULL;
	list_for_each_entry(pr, &pc->rules, list) {
		if (n-- == 0)
			return pr;
	}
	return NULL;
}

/* Turn @h's index into a reference to the rule @ref. */
static void pos_refer(struct pos_plan *p, struct handle *h,
		      struct pos_rule *ref)
{
	if (ref->handle) {
		h->position.id = ref->handle;
		return;
	}
	if (!ref->h->rule_id)
		ref->h->rule_id = ++p->next_id;
	h->position_id = ref->h->rule_id;
}

/* add/insert rule: where the new rule goes, resolving an index. */
static int pos_rule_cmd_add(struct pos_plan *p, struct cmd *cmd)
{
	struct handle *h = &cmd->handle;
	struct pos_chain *pc = pos_chain_lookup(p, h, h->chain.name);
	bool after = cmd->op == CMD_ADD;
	struct pos_rule *ref = NULL, *pr;

	if (!pc)
		return 0;
	if (handle_has_index(h)) {
		ref = pos_find_index(pc, h->index.id);
		if (!ref)
			return erec_missing(p->x->msgs,
					    cmd_loc_or(cmd, &h->index.location),
					    "chain '%s' has no rule at index %llu (it has %u)",
					    h->chain.name,
					    (unsigned long long)h->index.id,
					    pc->num_rules);
		pos_refer(p, h, ref);
	} else if (h->position.id) {
		ref = pos_find_handle(pc, h->position.id);
	}
	pr = pos_rule_new(pc, 0, h);
	if (!ref && after)
		list_add_tail(&pr->list, &pc->rules);
	else if (!ref)
		list_add(&pr->list, &pc->rules);
	else if (after)
		list_add(&pr->list, &ref->list);
	else
		list_add_tail(&pr->list, &ref->list);
	return 0;
}

int pos_rule_cmd(struct pos_plan *p, struct cmd *cmd)
{
	struct handle *h = &cmd->handle;
	struct pos_chain *pc;
	struct pos_rule *pr;

	switch (cmd->op) {
	case CMD_ADD:
	case CMD_INSERT:
		return pos_rule_cmd_add(p, cmd);
	case CMD_DELETE:
	case CMD_DESTROY:
		pc = pos_chain_lookup(p, h, h->chain.name);
		pr = pc ? pos_find_handle(pc, h->handle.id) : NULL;
		if (pr)
			pos_rule_del(pc, pr);
		break;
	default:
		break;
	}
	return 0;
}

/* Rules of a table block go to the end of their chains. */
void pos_table_block(struct pos_plan *p, struct table *t)
{
	struct pos_chain *pc;
	struct chain *c;
	struct rule *r;

	list_for_each_entry(c, &t->chains, list) {
		pc = pos_chain_lookup(p, &c->handle, c->handle.chain.name);
		if (!pc)
			continue;
		list_for_each_entry(r, &c->rules, list)
			list_add_tail(&pos_rule_new(pc, 0, &r->handle)->list,
				      &pc->rules);
	}
}

/* Flushed or deleted: the chains of @family (all if NFPROTO_UNSPEC), of
 * table @table (all if NULL), named @chain (all if NULL), are empty. */
void pos_clear(struct pos_plan *p, uint32_t family, const char *table,
	       const char *chain)
{
	struct pos_chain *pc;
	struct handle h = { .family = family };

	if (chain) {
		h.table.name = (char *)table;
		pc = pos_chain_lookup(p, &h, chain);
		if (pc)
			pos_chain_clear(pc);
		return;
	}
	list_for_each_entry(pc, &p->chains, list) {
		if ((family == NFPROTO_UNSPEC || pc->family == family) &&
		    (!table || !strcmp(pc->table, table)))
			pos_chain_clear(pc);
	}
}

/* Only rule commands carry an index; replace names its rule by handle. */
static bool cmd_has_index(const struct cmd *cmd)
{
	return cmd->op != CMD_REPLACE && handle_has_index(&cmd->handle);
}

int pos_plan_run(struct exec_ctx *x, struct list_head *cmds)
{
	struct pos_plan p = { .x = x };
	struct cmd *cmd;
	int ret = 0;

	init_list_head(&p.chains);
	str_hash_init(&p.hash);
	/* Only the chains an index names are modelled. */
	list_for_each_entry(cmd, cmds, list) {
		if (cmd_has_index(cmd))
			pos_chain_add(&p, &cmd->handle);
	}
	if (p.hash.count) {
		list_for_each_entry(cmd, cmds, list) {
			const struct obj_ops *ops = obj_ops_lookup(cmd->obj);

			if (ops->plan && ops->plan(&p, cmd) < 0)
				ret = -1;
		}
	}
	pos_plan_free(&p);
	return ret;
}

