/*
 * Ruleset objects (tables, chains, rules), the per-family hook and priority
 * tables, commands, and their execution: one batch for everything that
 * changes the ruleset, then the listings.
 */
#include <obj.h>
#include <nft.h>
#include <nftables.h>
#include <rule.h>
#include <cache.h>
#include <mnl.h>
#include <netlink.h>
#include <print.h>
#include <describe.h>
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
	h->table.name = NULL;
	h->chain.name = NULL;
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
	xfree(r->nle_stmts);
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
 * follow nft(8) and the system nft: dstnat only on prerouting, srcnat only
 * on postrouting; bridge has its own scale.
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
	{ FAM_IPX,		"dstnat",	-100,	HOOK_BIT(0) },
	{ FAM_IPX | FAM_ARP | FAM_NETDEV,
				"filter",	0,	HOOKS_ALL },
	{ FAM_IPX,		"security",	50,	HOOKS_ALL },
	{ FAM_IPX,		"srcnat",	100,	HOOK_BIT(4) },
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

/* Message types of Linux 6.3+ (destroy: delete, but no error if the
 * object is missing); the installed kernel header may predate them. */
enum {
	MSG_DESTROYTABLE	= 26,
	MSG_DESTROYCHAIN	= 27,
	MSG_DESTROYRULE		= 28,
};

struct exec_ctx {
	struct nft_ctx *nft;
	struct nft_batch *batch;
	struct list_head *msgs;
};

/* With -e, the kernel echoes what it created back, handles included. */
static uint16_t exec_echo_flag(const struct exec_ctx *x, uint16_t type)
{
	if (!nft_output_echo(&x->nft->octx))
		return 0;
	return type == NFT_MSG_NEWTABLE || type == NFT_MSG_NEWCHAIN ||
	       type == NFT_MSG_NEWRULE ? NLM_F_ECHO : 0;
}

static void exec_put_table(struct exec_ctx *x, uint16_t type, uint16_t flags,
			   const struct handle *h, const struct table *t)
{
	struct nftnl_table *nlt = netlink_table_build(h, t);
	struct nlmsghdr *nlh;

	flags |= exec_echo_flag(x, type);
	nlh = batch_msg_start(x->batch, type, h->family, flags);
	nftnl_table_nlmsg_build_payload(nlh, nlt);
	batch_msg_end(x->batch, nlh);
	nftnl_table_free(nlt);
}

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
static int exec_put_chain(struct exec_ctx *x, uint16_t type, uint16_t flags,
			  const struct handle *h, const struct chain *c)
{
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

/*
 * Bytes of the rule's expression list as netlink attributes, measured one
 * expression at a time in a scratch buffer (the largest expression we
 * build, an immediate with a 255 byte chain name, is far below its size).
 */
static size_t rule_exprs_size(const struct nftnl_rule *nlr)
{
	static const size_t nest = MNL_ATTR_HDRLEN;
	uint32_t scratch[1024];
	struct nftnl_expr_iter *it = nftnl_expr_iter_create(nlr);
	struct nftnl_expr *e;
	struct nlmsghdr *nlh;
	size_t size = nest;

	if (!it)
		memory_allocation_error();
	while ((e = nftnl_expr_iter_next(it))) {
		memset(scratch, 0, MNL_NLMSG_HDRLEN);
		nlh = mnl_nlmsg_put_header(scratch);
		nftnl_expr_build_payload(nlh, e);
		size += nest + nlh->nlmsg_len - MNL_NLMSG_HDRLEN;
	}
	nftnl_expr_iter_destroy(it);
	return size;
}

/*
 * libnftnl writes a rule into the batch unchecked, and attribute lengths
 * are 16 bits: a rule whose expressions take more cannot be sent (and
 * would overflow the batch buffer).
 */
static int exec_put_rule(struct exec_ctx *x, uint16_t type, uint16_t flags,
			 const struct handle *h, const struct rule *r)
{
	/* anonymous sets the rule uses go into the batch first */
	struct nftnl_rule *nlr = netlink_rule_build_batch(x->nft, x->batch,
							  h, r);
	struct nlmsghdr *nlh;
	size_t size;

	if (r && (size = rule_exprs_size(nlr)) > UINT16_MAX) {
		nftnl_rule_free(nlr);
		return erec_error(x->msgs, &r->location,
				  "rule too large: its expressions take %zu bytes, a netlink message holds at most %u",
				  size, UINT16_MAX);
	}
	flags |= exec_echo_flag(x, type);
	if (r)
		netlink_dump_rule(x->nft, nlr);
	nlh = batch_msg_start(x->batch, type, h->family, flags);
	nftnl_rule_nlmsg_build_payload(nlh, nlr);
	batch_msg_end(x->batch, nlh);
	nftnl_rule_free(nlr);
	return 0;
}

/* A table block sends the table, then all its chains, then all their
 * rules, so a rule may jump to a chain declared after it. */
static int exec_table_add(struct exec_ctx *x, struct cmd *cmd)
{
	static const struct table no_flags;
	const struct table *t = cmd->table ? cmd->table : &no_flags;
	const struct chain *c;
	const struct rule *r;
	int err = 0;

	exec_put_table(x, NFT_MSG_NEWTABLE,
		       cmd->op == CMD_CREATE ? NLM_F_EXCL : 0, &cmd->handle, t);
	if (!t->has_block)
		return 0;
	/* The echo finds each message's object by its sequence number. */
	list_for_each_entry(c, &t->chains, list) {
		batch_set_owner(x->batch, cmd, (struct chain *)c);
		if (exec_put_chain(x, NFT_MSG_NEWCHAIN, NLM_F_CREATE,
				   &c->handle, c) < 0)
			err = -1;
	}
	list_for_each_entry(c, &t->chains, list) {
		list_for_each_entry(r, &c->rules, list) {
			batch_set_owner(x->batch, cmd, (struct rule *)r);
			if (exec_put_rule(x, NFT_MSG_NEWRULE,
					  NLM_F_CREATE | NLM_F_APPEND,
					  &r->handle, r) < 0)
				err = -1;
		}
	}
	return err;
}

static const struct location *loc_or(const struct location *loc,
				     const struct cmd *cmd)
{
	if (loc->indesc || loc->json_path || loc->first_line)
		return loc;
	return &cmd->location;
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
		erec_missing(x->msgs, loc_or(&h->table.location, cmd),
			   "table '%s' does not exist in family %s",
			   h->table.name, family_name(h->family));
	else
		erec_missing(x->msgs, loc_or(&h->chain.location, cmd),
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

static bool chain_has_devices(const struct chain *c)
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
		if (exec_put_rule(x, NFT_MSG_NEWRULE,
				  NLM_F_CREATE | NLM_F_APPEND, &r->handle,
				  r) < 0)
			err = -1;
	}
	return err;
}

int exec_chain(struct exec_ctx *x, struct cmd *cmd)
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
		return exec_put_rule(x, NFT_MSG_DELRULE, 0, &cmd->handle,
				     NULL);
	case CMD_RENAME:
		return exec_chain_rename(x, cmd);
	default:
		return erec_error(x->msgs, &cmd->location,
				  "%s chain is not supported",
				  cmd_op_name(cmd->op));
	}
}

int exec_table(struct exec_ctx *x, struct cmd *cmd)
{
	struct handle h;

	switch (cmd->op) {
	case CMD_ADD:
	case CMD_CREATE:
		return exec_table_add(x, cmd);
	case CMD_DELETE:
		exec_put_table(x, NFT_MSG_DELTABLE, 0, &cmd->handle, NULL);
		return 0;
	case CMD_DESTROY:
		exec_put_table(x, MSG_DESTROYTABLE, 0, &cmd->handle, NULL);
		return 0;
	case CMD_FLUSH:
		/* Deleting rules without a chain empties every chain. */
		h = cmd->handle;
		h.chain.name = NULL;
		return exec_put_rule(x, NFT_MSG_DELRULE, 0, &h, NULL);
	default:
		return erec_error(x->msgs, &cmd->location,
				  "%s table is not supported",
				  cmd_op_name(cmd->op));
	}
}

int exec_rule(struct exec_ctx *x, struct cmd *cmd)
{
	struct handle h = cmd->handle;
	uint16_t type = NFT_MSG_NEWRULE, flags = 0;

	switch (cmd->op) {
	case CMD_ADD:
		flags = NLM_F_CREATE | NLM_F_APPEND;
		break;
	case CMD_INSERT:
		flags = NLM_F_CREATE;
		break;
	case CMD_REPLACE:
		flags = NLM_F_REPLACE;
		break;
	case CMD_DELETE:
		return exec_put_rule(x, NFT_MSG_DELRULE, 0, &h, NULL);
	case CMD_DESTROY:
		return exec_put_rule(x, MSG_DESTROYRULE, 0, &h, NULL);
	default:
		return erec_error(x->msgs, &cmd->location,
				  "%s rule is not supported",
				  cmd_op_name(cmd->op));
	}
	/* "index N" was turned into a position by pos_plan_run(). */
	return exec_put_rule(x, type, flags, &h, cmd->rule);
}

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
					    loc_or(&h->index.location, cmd),
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

static int pos_rule_cmd(struct pos_plan *p, struct cmd *cmd)
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
static void pos_table_block(struct pos_plan *p, struct table *t)
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
static void pos_clear(struct pos_plan *p, uint32_t family, const char *table,
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

static void pos_other_cmd(struct pos_plan *p, struct cmd *cmd)
{
	const struct handle *h = &cmd->handle;
	bool clears = cmd->op == CMD_DELETE || cmd->op == CMD_DESTROY ||
		      cmd->op == CMD_FLUSH;

	switch (cmd->obj) {
	case CMD_OBJ_TABLE:
		if ((cmd->op == CMD_ADD || cmd->op == CMD_CREATE) &&
		    cmd->table && cmd->table->has_block)
			pos_table_block(p, cmd->table);
		else if (clears && h->table.name)
			pos_clear(p, h->family, h->table.name, NULL);
		break;
	case CMD_OBJ_CHAIN:
		/* Deleting devices leaves the rules alone. */
		if (clears && !chain_has_devices(cmd->chain) &&
		    h->chain.name)
			pos_clear(p, h->family, h->table.name, h->chain.name);
		break;
	case CMD_OBJ_RULESET:
		if (cmd->op == CMD_FLUSH)
			pos_clear(p, h->family, NULL, NULL);
		break;
	default:
		break;
	}
}

static bool cmd_has_index(const struct cmd *cmd)
{
	return cmd->obj == CMD_OBJ_RULE && cmd->op != CMD_REPLACE &&
	       handle_has_index(&cmd->handle);
}

static int pos_plan_run(struct exec_ctx *x, struct list_head *cmds)
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
			if (cmd->obj != CMD_OBJ_RULE)
				pos_other_cmd(&p, cmd);
			else if (pos_rule_cmd(&p, cmd) < 0)
				ret = -1;
		}
	}
	pos_plan_free(&p);
	return ret;
}

int exec_ruleset(struct exec_ctx *x, struct cmd *cmd)
{
	struct handle h = { .family = cmd->handle.family };

	if (cmd->op != CMD_FLUSH)
		return erec_error(x->msgs, &cmd->location,
				  "%s ruleset is not supported",
				  cmd_op_name(cmd->op));
	/* A table delete without a name flushes the whole family (all
	 * families for NFPROTO_UNSPEC). */
	exec_put_table(x, NFT_MSG_DELTABLE, 0, &h, NULL);
	return 0;
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

/* Build and send the batch; returns 1 if one was sent, 0 if there was
 * nothing to send, -1 on errors. */
static int exec_changes(struct nft_ctx *nft, struct list_head *cmds,
			struct list_head *msgs)
{
	struct exec_ctx x = { .nft = nft, .msgs = msgs };
	struct cmd *cmd;
	int ret = 0;

	x.batch = batch_alloc(nft);
	if (pos_plan_run(&x, cmds) < 0)
		ret = -1;
	list_for_each_entry(cmd, cmds, list) {
		if (cmd_is_change(cmd) && exec_cmd(&x, cmd) < 0)
			ret = -1;
	}
	if (ret == 0 && !batch_is_empty(x.batch))
		ret = batch_send(nft, x.batch, cmds, msgs) < 0 ? -1 : 1;
	batch_free(x.batch);
	return ret;
}

/*
 * Echo
 */

static const char *echo_op(const struct cmd *cmd)
{
	if (cmd->op == CMD_CREATE || cmd->op == CMD_INSERT)
		return cmd_op_name(cmd->op);
	return "add";
}

static void echo_table(struct nft_ctx *nft, struct cmd *cmd, void *owner_obj,
		       const struct nlmsghdr *nlh)
{
	struct nftnl_table *nlt = nftnl_table_alloc();
	struct table *obj = owner_obj;
	struct table *t;

	if (nftnl_table_nlmsg_parse(nlh, nlt) < 0)
		goto out;
	t = netlink_table_parse(nlt);
	if (obj && cmd->obj == CMD_OBJ_TABLE && obj == cmd->table)
		obj->handle.handle.id = t->handle.handle.id;
	cmd->echo_handle = t->handle.handle.id;
	if (!nft_output_json(&nft->octx)) {
		nft_print(&nft->octx, "%s table %s %s", echo_op(cmd),
			  family_name(t->handle.family),
			  t->handle.table.name);
		if (nft_output_handle(&nft->octx))
			nft_print(&nft->octx, " # handle %llu",
				  (unsigned long long)t->handle.handle.id);
		nft_print(&nft->octx, "\n");
	}
	table_free(t);
out:
	nftnl_table_free(nlt);
}

static void echo_chain(struct nft_ctx *nft, struct cmd *cmd, void *owner_obj,
		       const struct nlmsghdr *nlh)
{
	struct nftnl_chain *nlc = nftnl_chain_alloc();
	struct chain *obj = owner_obj;
	struct output_ctx *octx = &nft->octx;
	struct chain *c;

	if (nftnl_chain_nlmsg_parse(nlh, nlc) < 0)
		goto out;
	c = netlink_chain_parse(nlc);
	if (obj)
		obj->handle.handle.id = c->handle.handle.id;
	cmd->echo_handle = c->handle.handle.id;
	if (!nft_output_json(octx)) {
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
	chain_free(c);
out:
	nftnl_chain_free(nlc);
}

static void echo_rule_text(struct nft_ctx *nft, struct cmd *cmd,
			   uint16_t type, const struct rule *r)
{
	struct output_ctx *octx = &nft->octx;
	const struct handle *h = &r->handle;

	if (type == NFT_MSG_DELRULE) {
		/* replace: the kernel reports the old rule's removal */
		nft_print(octx, "delete rule %s %s %s handle %llu\n",
			  family_name(h->family), h->table.name,
			  h->chain.name, (unsigned long long)h->handle.id);
		return;
	}
	nft_print(octx, "%s rule %s %s %s ", echo_op(cmd),
		  family_name(h->family), h->table.name, h->chain.name);
	if (h->position.id && nft_output_handle(octx))
		nft_print(octx, "handle %llu ",
			  (unsigned long long)h->position.id);
	octx->family = h->family;
	rule_print(r, octx);
	nft_print(octx, "\n");
}

/* -1 with an error on @msgs: the kernel holds the rule, but it cannot be
 * echoed as it is (the listing would fail on it too). */
static int echo_rule(struct nft_ctx *nft, struct cmd *cmd, void *owner_obj,
		     const struct nlmsghdr *nlh, struct list_head *msgs)
{
	struct nftnl_rule *nlr = nftnl_rule_alloc();
	uint16_t type = NFNL_MSG_TYPE(nlh->nlmsg_type);
	struct rule *obj = NULL, *r;
	char *why;
	int ret = 0;

	if (type == NFT_MSG_NEWRULE)
		obj = owner_obj;
	if (nftnl_rule_nlmsg_parse(nlh, nlr) < 0)
		goto out;
	/* a removal (replace) echoes only the old rule's handle */
	if (type == NFT_MSG_DELRULE)
		r = netlink_rule_parse_cache(nft, nlr);
	else
		r = netlink_rule_parse_why(nft, nlr, &why);
	if (!r) {
		ret = netlink_rule_error(msgs, &cmd->location, nlr, why);
		xfree(why);
		goto out;
	}
	if (obj)
		obj->handle.handle.id = r->handle.handle.id;
	if (type == NFT_MSG_NEWRULE)
		cmd->echo_handle = r->handle.handle.id;
	if (obj && nft_output_json(&nft->octx)) {
		/* JSON echo prints the command's rule later: give it the
		 * statements as listed (no protocol dependencies). */
		stmt_list_free(&obj->stmts);
		list_splice_tail_init(&r->stmts, &obj->stmts);
		obj->num_stmts = r->num_stmts;
	}
	if (!nft_output_json(&nft->octx))
		echo_rule_text(nft, cmd, type, r);
	rule_free(r);
out:
	nftnl_rule_free(nlr);
	return ret;
}

static void echo_genid(struct nft_ctx *nft, const struct nlmsghdr *nlh)
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

int cmd_echo_msg(struct nft_ctx *nft, const struct batch_owner *owner,
		 const struct nlmsghdr *nlh, struct list_head *msgs)
{
	uint16_t type = NFNL_MSG_TYPE(nlh->nlmsg_type);

	if (type == NFT_MSG_NEWGEN) {
		echo_genid(nft, nlh);
		return 0;
	}
	if (!owner || !owner->cmd)
		return 0;
	switch (type) {
	case NFT_MSG_NEWTABLE:
		echo_table(nft, owner->cmd, owner->obj, nlh);
		break;
	case NFT_MSG_NEWCHAIN:
		echo_chain(nft, owner->cmd, owner->obj, nlh);
		break;
	case NFT_MSG_NEWRULE:
	case NFT_MSG_DELRULE:
		return echo_rule(nft, owner->cmd, owner->obj, nlh, msgs);
	}
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
		if (cmd->op == CMD_LIST)
			cache_cmd_needs(cmd, &flags, &f, &first);
		else if (cmd->op == CMD_DESCRIBE)
			do_describe_cmd(nft, cmd);
	}
	if (!flags)
		return 0;
	if (cache_fetch(nft, flags, &f, msgs) < 0)
		return -1;
	list_for_each_entry(cmd, cmds, list) {
		if (cmd->op == CMD_LIST && do_list_cmd(nft, cmd, msgs) < 0)
			ret = -1;
	}
	return ret;
}

int nft_execute(struct nft_ctx *nft, struct list_head *cmds,
		struct list_head *msgs)
{
	int ret;

	if (cache_update(nft, cmds, msgs) < 0)
		return -1;
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
