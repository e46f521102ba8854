/*
 * Ruleset objects (tables, chains, rules), the per-family hook and priority
 * tables, commands, and their execution: one batch for everything that
 * changes the ruleset, then the listings.
 */
#include <obj.h>
#include <nft.h>
#include <nftables.h>
#include <rule.h>
#include <flowtable.h>
#include <cache.h>
#include <mnl.h>
#include <netlink.h>
#include <print.h>
#include <describe.h>
#include <sobj.h>
#include <evaluate.h>
#include <set.h>
#include <errno.h>
#include <arpa/inet.h>
#include <stdlib.h>
#include <string.h>
#include <linux/netfilter.h>
#include <linux/netfilter/nfnetlink.h>
#include <linux/netfilter/nf_tables.h>
#include <libnftnl/expr.h>

/*
 * Handles
 */

static void handle_str_copy(struct handle_spec_str *dst,
			    const struct handle_spec_str *src)
{
	dst->name = xstrdup(src->name);
	dst->location = src->location;
}

void handle_free(struct handle *h)
{
	xfree(h->table.name);
	xfree(h->chain.name);
	xfree(h->set.name);
	h->table.name = NULL;
	h->chain.name = NULL;
	h->set.name = NULL;
}

/* Fill what @dst lacks from @src (names are copied). */
void handle_merge(struct handle *dst, const struct handle *src)
{
	if (dst->family == NFPROTO_UNSPEC)
		dst->family = src->family;
	if (!dst->table.name && src->table.name)
		handle_str_copy(&dst->table, &src->table);
	if (!dst->chain.name && src->chain.name)
		handle_str_copy(&dst->chain, &src->chain);
	if (!dst->set.name && src->set.name)
		handle_str_copy(&dst->set, &src->set);
	if (!dst->handle.id)
		dst->handle = src->handle;
	if (!dst->position.id)
		dst->position = src->position;
	if (!dst->index.id)
		dst->index = src->index;
	if (!dst->chain_id)
		dst->chain_id = src->chain_id;
	if (!dst->rule_id)
		dst->rule_id = src->rule_id;
	if (!dst->position_id)
		dst->position_id = src->position_id;
}

/* @dst is overwritten (not freed first). */
void handle_copy(struct handle *dst, const struct handle *src)
{
	*dst = *src;
	dst->table.name = xstrdup(src->table.name);
	dst->chain.name = xstrdup(src->chain.name);
	dst->set.name = xstrdup(src->set.name);
}

/*
 * Families
 */

static const struct {
	const char *name;
	uint32_t family;
} family_table[] = {
	{ "ip",		NFPROTO_IPV4 },
	{ "ip6",	NFPROTO_IPV6 },
	{ "inet",	NFPROTO_INET },
	{ "arp",	NFPROTO_ARP },
	{ "bridge",	NFPROTO_BRIDGE },
	{ "netdev",	NFPROTO_NETDEV },
};

const char *family_name(uint32_t family)
{
	unsigned int i;

	for (i = 0; i < array_size(family_table); i++)
		if (family_table[i].family == family)
			return family_table[i].name;
	return "unknown";
}

bool family_lookup(const char *name, uint32_t *family)
{
	unsigned int i;

	for (i = 0; i < array_size(family_table); i++) {
		if (!strcmp(family_table[i].name, name)) {
			*family = family_table[i].family;
			return true;
		}
	}
	return false;
}

/*
 * Tables, chains, rules: reference counted; the last put frees.
 */

struct table *table_alloc(void)
{
	struct table *t = xzalloc(sizeof(*t));

	init_list_head(&t->list);
	init_list_head(&t->chains);
	init_list_head(&t->flowtables);
	init_list_head(&t->objs);
	init_list_head(&t->sets);
	str_hash_init(&t->chain_hash);
	t->refcnt = 1;
	return t;
}

struct table *table_get(struct table *t)
{
	t->refcnt++;
	return t;
}

void table_free(struct table *t)
{
	struct chain *c, *next;

	if (!t)
		return;
	if (--t->refcnt > 0)
		return;
	list_for_each_entry_safe(c, next, &t->chains, list) {
		list_del(&c->list);
		chain_free(c);
	}
	flowtable_list_free(&t->flowtables);
	sobj_list_free(&t->objs);
	table_free_sets(t);
	str_hash_destroy(&t->chain_hash);
	handle_free(&t->handle);
	xfree(t->comment);
	xfree(t->cache_key);
	xfree(t);
}

/* The table takes over the caller's reference of @c. */
void table_add_chain(struct table *t, struct chain *c)
{
	list_add_tail(&c->list, &t->chains);
	if (c->handle.chain.name)
		str_hash_add(&t->chain_hash, c->handle.chain.name, c);
}

struct chain *table_lookup_chain(const struct table *t, const char *name)
{
	if (!name)
		return NULL;
	return str_hash_lookup(&t->chain_hash, name);
}

struct chain *chain_alloc(const char *name)
{
	struct chain *c = xzalloc(sizeof(*c));

	init_list_head(&c->list);
	init_list_head(&c->rules);
	c->refcnt = 1;
	c->policy_val = NF_ACCEPT;
	if (name)
		c->handle.chain.name = xstrdup(name);
	return c;
}

struct chain *chain_get(struct chain *c)
{
	c->refcnt++;
	return c;
}

void chain_free(struct chain *c)
{
	struct rule *r, *next;
	unsigned int i;

	if (!c)
		return;
	if (--c->refcnt > 0)
		return;
	list_for_each_entry_safe(r, next, &c->rules, list) {
		list_del(&r->list);
		rule_free(r);
	}
	handle_free(&c->handle);
	xfree(c->type);
	xfree(c->hookstr);
	if (c->priority)
		expr_free(c->priority);
	if (c->policy)
		expr_free(c->policy);
	if (c->dev_expr)
		expr_free(c->dev_expr);
	for (i = 0; i < c->num_devs; i++)
		xfree(c->devs[i]);
	xfree(c->devs);
	xfree(c->comment);
	xfree(c);
}

bool chain_is_base(const struct chain *c)
{
	return c->flags & CHAIN_F_BASECHAIN || c->has_hook;
}

struct rule *rule_alloc(const struct location *loc, const struct handle *h)
{
	struct rule *r = xzalloc(sizeof(*r));

	init_list_head(&r->list);
	init_list_head(&r->stmts);
	if (loc)
		r->location = *loc;
	if (h)
		handle_copy(&r->handle, h);
	r->refcnt = 1;
	return r;
}

struct rule *rule_get(struct rule *r)
{
	r->refcnt++;
	return r;
}

void rule_free(struct rule *r)
{
	if (!r)
		return;
	if (--r->refcnt > 0)
		return;
	stmt_list_free(&r->stmts);
	xfree(r->nle_origins);
	xfree(r->anon);
	handle_free(&r->handle);
	xfree(r->comment);
	xfree(r->undecoded);
	xfree(r);
}

/*
 * Hooks: one row per (family, name), with the kernel's number
 * (NF_INET_*, NF_ARP_*, NF_BR_*, NF_NETDEV_*).
 */

#define FAM_IP		(1u << NFPROTO_IPV4)
#define FAM_IP6		(1u << NFPROTO_IPV6)
#define FAM_INET	(1u << NFPROTO_INET)
#define FAM_ARP		(1u << NFPROTO_ARP)
#define FAM_BRIDGE	(1u << NFPROTO_BRIDGE)
#define FAM_NETDEV	(1u << NFPROTO_NETDEV)
#define FAM_IPX		(FAM_IP | FAM_IP6 | FAM_INET)

static const struct {
	uint32_t families;
	const char *name;
	unsigned int num;
} hook_table[] = {
	{ FAM_IPX | FAM_BRIDGE,	"prerouting",	0 },
	{ FAM_IPX | FAM_BRIDGE,	"input",	1 },
	{ FAM_IPX | FAM_BRIDGE,	"forward",	2 },
	{ FAM_IPX | FAM_BRIDGE,	"output",	3 },
	{ FAM_IPX | FAM_BRIDGE,	"postrouting",	4 },
	{ FAM_INET,		"ingress",	5 },	/* NF_INET_INGRESS */
	{ FAM_ARP,		"input",	0 },	/* NF_ARP_IN */
	{ FAM_ARP,		"output",	1 },	/* NF_ARP_OUT */
	{ FAM_ARP,		"forward",	2 },	/* NF_ARP_FORWARD */
	{ FAM_NETDEV,		"ingress",	0 },	/* NF_NETDEV_INGRESS */
	{ FAM_NETDEV,		"egress",	1 },	/* NF_NETDEV_EGRESS */
};

static uint32_t family_bit(uint32_t family)
{
	return family < 32 ? 1u << family : 0;
}

bool hook_lookup(uint32_t family, const char *name, unsigned int *hooknum)
{
	unsigned int i;

	for (i = 0; i < array_size(hook_table); i++) {
		if (hook_table[i].families & family_bit(family) &&
		    !strcmp(hook_table[i].name, name)) {
			*hooknum = hook_table[i].num;
			return true;
		}
	}
	return false;
}

bool hook_name_known(const char *name)
{
	unsigned int i;

	for (i = 0; i < array_size(hook_table); i++) {
		if (!strcmp(hook_table[i].name, name))
			return true;
	}
	return false;
}

const char *hook_name(uint32_t family, unsigned int hooknum)
{
	unsigned int i;

	for (i = 0; i < array_size(hook_table); i++) {
		if (hook_table[i].families & family_bit(family) &&
		    hook_table[i].num == hooknum)
			return hook_table[i].name;
	}
	return NULL;
}

/*
 * Named priorities. A row is valid in the families of @families and, when
 * @hooks is not HOOKS_ALL, only on those hook numbers. Values and validity
 * follow the reference: dstnat on prerouting and output, srcnat on
 * postrouting and input (where nat chains go); bridge has its own scale,
 * dstnat only on prerouting, srcnat only on postrouting.
 */
#define HOOKS_ALL	0xffffffffu
#define HOOK_BIT(n)	(1u << (n))

static const struct {
	uint32_t families;
	const char *name;
	int prio;
	uint32_t hooks;
} prio_table[] = {
	{ FAM_IPX,		"raw",		-300,	HOOKS_ALL },
	{ FAM_IPX,		"mangle",	-150,	HOOKS_ALL },
	{ FAM_IPX,		"dstnat",	-100,	HOOK_BIT(0) | HOOK_BIT(3) },
	{ FAM_IPX | FAM_ARP | FAM_NETDEV,
				"filter",	0,	HOOKS_ALL },
	{ FAM_IPX,		"security",	50,	HOOKS_ALL },
	{ FAM_IPX,		"srcnat",	100,	HOOK_BIT(4) | HOOK_BIT(1) },
	{ FAM_BRIDGE,		"dstnat",	-300,	HOOK_BIT(0) },
	{ FAM_BRIDGE,		"filter",	-200,	HOOKS_ALL },
	{ FAM_BRIDGE,		"out",		100,	HOOK_BIT(3) },
	{ FAM_BRIDGE,		"srcnat",	300,	HOOK_BIT(4) },
};

/* How far from a named priority nft still prints it as "name +/- N". */
#define PRIO_REACH	10

static bool prio_row_valid(unsigned int i, uint32_t family,
			   unsigned int hooknum)
{
	return prio_table[i].families & family_bit(family) &&
	       (prio_table[i].hooks == HOOKS_ALL ||
		(hooknum < 32 && prio_table[i].hooks & HOOK_BIT(hooknum)));
}

bool prio_lookup(uint32_t family, unsigned int hooknum, const char *name,
		 int *prio)
{
	unsigned int i;

	for (i = 0; i < array_size(prio_table); i++) {
		if (strcmp(prio_table[i].name, name) ||
		    !prio_row_valid(i, family, hooknum))
			continue;
		*prio = prio_table[i].prio;
		return true;
	}
	return false;
}

void prio_format(char *buf, size_t size, uint32_t family,
		 unsigned int hooknum, int prio, bool numeric)
{
	unsigned int i;
	long long off;

	for (i = 0; !numeric && i < array_size(prio_table); i++) {
		if (!(prio_table[i].families & family_bit(family)))
			continue;
		/* wider than int: INT_MIN - 50 must not overflow */
		off = (long long)prio - prio_table[i].prio;
		if (llabs(off) > PRIO_REACH)
			continue;
		/* The nearby name does not apply to this hook: the
		 * system nft then prints the number. */
		if (!prio_row_valid(i, family, hooknum))
			break;
		if (off > 0)
			snprintf(buf, size, "%s + %lld", prio_table[i].name,
				 off);
		else if (off < 0)
			snprintf(buf, size, "%s - %lld", prio_table[i].name,
				 -off);
		else
			snprintf(buf, size, "%s", prio_table[i].name);
		return;
	}
	snprintf(buf, size, "%d", prio);
}

/*
 * Commands
 */

struct cmd *cmd_alloc(enum cmd_ops op, enum cmd_obj obj,
		      const struct handle *h, const struct location *loc,
		      void *data)
{
	struct cmd *cmd = xzalloc(sizeof(*cmd));

	init_list_head(&cmd->list);
	cmd->op = op;
	cmd->obj = obj;
	if (h)
		cmd->handle = *h;	/* takes over the names */
	if (loc)
		cmd->location = *loc;
	cmd->data = data;
	cmd->json_index = -1;
	return cmd;
}

void cmd_free(struct cmd *cmd)
{
	const struct obj_ops *ops;

	if (!cmd)
		return;
	ops = obj_ops_lookup(cmd->obj);
	if (ops->free)
		ops->free(cmd);
	handle_free(&cmd->handle);
	xfree(cmd->arg);
	xfree(cmd);
}

void cmd_list_free(struct list_head *cmds)
{
	struct cmd *cmd, *next;

	list_for_each_entry_safe(cmd, next, cmds, list) {
		list_del(&cmd->list);
		cmd_free(cmd);
	}
}

static const char *const cmd_op_names[] = {
	[CMD_INVALID]	= "invalid",
	[CMD_ADD]	= "add",
	[CMD_REPLACE]	= "replace",
	[CMD_CREATE]	= "create",
	[CMD_INSERT]	= "insert",
	[CMD_DELETE]	= "delete",
	[CMD_DESTROY]	= "destroy",
	[CMD_GET]	= "get",
	[CMD_LIST]	= "list",
	[CMD_RESET]	= "reset",
	[CMD_FLUSH]	= "flush",
	[CMD_RENAME]	= "rename",
	[CMD_DESCRIBE]	= "describe",
	[CMD_MONITOR]	= "monitor",
};

const char *cmd_op_name(enum cmd_ops op)
{
	if ((unsigned int)op >= array_size(cmd_op_names))
		return "unknown";
	return cmd_op_names[op];
}

const char *cmd_obj_name(enum cmd_obj obj)
{
	return obj_ops_lookup(obj)->name;
}

/*
 * Execution: every command that changes the ruleset becomes messages of
 * one batch; listings run after it is sent, from a fresh cache.
 */

/* With -e, the kernel echoes what it created back, handles included. */
uint16_t exec_echo_flag(const struct exec_ctx *x, uint16_t type)
{
	const struct obj_ops *ops;

	if (!nft_output_echo(&x->nft->octx))
		return 0;
	ops = obj_ops_lookup_msg(type);
	return ops && ops->msg_new == type && ops->echo ? NLM_F_ECHO : 0;
}

static int exec_cmd(struct exec_ctx *x, struct cmd *cmd)
{
	const struct obj_ops *ops;
	int ret;

	cmd->seqnum_from = x->batch->seq_next;
	batch_set_owner(x->batch, cmd, cmd->data);
	ops = obj_ops_lookup(cmd->obj);
	if (ops->execute)
		ret = ops->execute(x, cmd);
	else
		ret = erec_error(x->msgs, &cmd->location,
				 "%s %s is not supported",
				 cmd_op_name(cmd->op), ops->name);
	cmd->seqnum_to = x->batch->seq_next - 1;
	if (cmd->seqnum_to < cmd->seqnum_from)
		cmd->seqnum_from = cmd->seqnum_to = 0;
	return ret;
}

static bool cmd_is_change(const struct cmd *cmd)
{
	switch (cmd->op) {
	case CMD_ADD:
	case CMD_CREATE:
	case CMD_INSERT:
	case CMD_REPLACE:
	case CMD_DELETE:
	case CMD_DESTROY:
	case CMD_FLUSH:
	case CMD_RENAME:
		return true;
	default:
		return false;
	}
}

struct exec_run {
	struct exec_ctx x;
	struct list_head *cmds;
	bool planned;
};

/* After each command's evaluation: its batch messages. The rule
 * positions are planned first, once the cache is there. */
static int exec_each(void *arg, struct cmd *cmd)
{
	struct exec_run *r = arg;

	if (!r->planned) {
		r->planned = true;
		if (pos_plan_run(&r->x, r->cmds) < 0)
			return -1;
	}
	return cmd_is_change(cmd) ? exec_cmd(&r->x, cmd) : 0;
}

/* Evaluate, build and send the batch; returns 1 if one was sent, 0 if
 * there was nothing to send, -1 on errors. */
static int exec_changes(struct nft_ctx *nft, struct list_head *cmds,
			struct list_head *msgs)
{
	struct exec_run r = {
		.x = { .nft = nft, .msgs = msgs },
		.cmds = cmds,
	};
	int ret;

	r.x.batch = batch_alloc(nft);
	ret = nft_evaluate_each(nft, cmds, msgs, exec_each, &r);
	if (ret == 0 && erec_list_has_error(msgs))
		ret = -1;
	if (ret == 0 && !batch_is_empty(r.x.batch))
		ret = batch_send(nft, r.x.batch, cmds, msgs) < 0 ? -1 : 1;
	element_echo_release(nft);
	batch_free(r.x.batch);
	return ret;
}

/*
 * Echo
 */

const char *echo_op(const struct cmd *cmd)
{
	if (cmd->op == CMD_CREATE || cmd->op == CMD_INSERT)
		return cmd_op_name(cmd->op);
	return "add";
}

void echo_genid(struct nft_ctx *nft, const struct nlmsghdr *nlh)
{
	const struct nlattr *a;
	uint32_t id = 0, pid = 0;
	const char *name = NULL;

	if (nft_output_json(&nft->octx))
		return;
	mnl_attr_for_each(a, nlh, sizeof(struct nfgenmsg)) {
		switch (mnl_attr_get_type(a)) {
		case NFTA_GEN_ID:
			id = ntohl(mnl_attr_get_u32(a));
			break;
		case NFTA_GEN_PROC_PID:
			pid = ntohl(mnl_attr_get_u32(a));
			break;
		case NFTA_GEN_PROC_NAME:
			name = mnl_attr_get_str(a);
			break;
		}
	}
	nft_print(&nft->octx, "# new generation %u by process %u (%s)\n",
		  id, pid, name ? name : "");
}

/*
 * -e: a message the kernel echoed. Its kind parses it and gives the
 * handle to the command (and to the object of a block it was built
 * from); -1 with an error on @msgs if it cannot be printed exactly.
 */
int cmd_echo_msg(struct nft_ctx *nft, const struct batch_owner *owner,
		 const struct nlmsghdr *nlh, struct list_head *msgs)
{
	uint16_t type = NFNL_MSG_TYPE(nlh->nlmsg_type);
	const struct obj_ops *ops;
	char *why = NULL;
	void *obj;

	if (type == NFT_MSG_NEWGEN) {
		echo_genid(nft, nlh);
		return 0;
	}
	/* the kernel echoes elements with sequence 0: no owner */
	if ((!owner || !owner->cmd) && type != NFT_MSG_NEWSETELEM)
		return 0;
	ops = obj_ops_lookup_msg(type);
	if (!ops || !ops->echo || !ops->nl_parse)
		return 0;
	obj = ops->nl_parse(nft, nlh, &why);
	if (!obj) {
		if (!why)	/* not even a message of the kind */
			return 0;
		if (!owner || !owner->cmd) {
			xfree(why);
			return 0;
		}
		erec_error(msgs, &owner->cmd->location, "%s", why);
		xfree(why);
		return -1;
	}
	ops->echo(nft, owner ? owner->cmd : NULL, owner ? owner->obj : NULL,
		  type, obj);
	ops->obj_free(obj);
	return 0;
}

/* -e -j: one JSON document with the commands' objects, carrying the
 * handles the kernel echoed. */
static void exec_json_echo(struct nft_ctx *nft, struct list_head *cmds)
{
	if (nft_output_echo(&nft->octx) && nft_output_json(&nft->octx))
		json_echo_cmds(nft, cmds);
}

static int exec_lists(struct nft_ctx *nft, struct list_head *cmds,
		      struct list_head *msgs)
{
	struct cache_filter f = { NFPROTO_UNSPEC, NULL, NULL };
	unsigned int flags = 0;
	bool first = true;
	struct cmd *cmd;
	int ret = 0;

	list_for_each_entry(cmd, cmds, list) {
		if (cmd->op == CMD_LIST || cmd->op == CMD_GET)
			cache_cmd_needs(cmd, &flags, &f, &first);
		else if (cmd->op == CMD_DESCRIBE)
			do_describe_cmd(nft, cmd);
	}
	/* "list hooks" needs no cache: it asks the kernel itself. */
	if (flags && cache_fetch(nft, flags, &f, msgs) < 0)
		return -1;
	list_for_each_entry(cmd, cmds, list) {
		/* reset: the kinds that have it list what they zero; "get
		 * element" lists what it finds (src/obj/set.c) */
		/* monitor: its kind's list op listens until killed */
		if ((cmd->op == CMD_LIST || cmd->op == CMD_GET ||
		     cmd->op == CMD_MONITOR ||
		     (cmd->op == CMD_RESET && obj_ops_lookup(cmd->obj)->list)) &&
		    do_list_cmd(nft, cmd, msgs) < 0)
			ret = -1;
	}
	return ret;
}

int nft_execute(struct nft_ctx *nft, struct list_head *cmds,
		struct list_head *msgs)
{
	int ret;

	ret = exec_changes(nft, cmds, msgs);
	if (ret < 0)
		return -1;
	/* What was fetched before the batch is stale now. */
	if (ret > 0) {
		exec_json_echo(nft, cmds);
		cache_release(&nft->cache);
	}
	return exec_lists(nft, cmds, msgs);
}
