/*
 * The chain kind: "add/create/delete/destroy/list/flush/rename chain",
 * chain blocks with rules, and the devices of netdev and inet ingress
 * base chains. Here: cache needs, netlink build and parse, execution
 * and echo, what the kernel's refusals of a chain mean, and the ops
 * struct. Evaluation is in src/obj/chain_eval.c; text and JSON output
 * and JSON input in src/obj/chain_out.c.
 */
#include <obj.h>
#include <nft.h>
#include <evaluate.h>
#include <cache.h>
#include <mnl.h>
#include <netlink.h>
#include <print.h>
#include <json.h>
#include <monitor.h>
#include <expr.h>
#include <errno.h>
#include <inttypes.h>
#include <string.h>
#include <libnftnl/chain.h>
#include <libnftnl/udata.h>
#include <linux/netfilter.h>
#include <linux/netfilter/nf_tables.h>
#include <net/if.h>

/* The kernel's NF_IP_PRI_CONNTRACK: nat chains go after it. */
#define NAT_PRIO_MIN	(-200)

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
				const struct chain *c, bool adding)
{
	const char **devs;

	if (c->num_devs == 1) {
		nftnl_chain_set_str(nlc, NFTNL_CHAIN_DEV, c->devs[0]);
		return;
	}
	devs = hook_devs_array(c->devs, c->num_devs, adding);
	nftnl_chain_set_array(nlc, NFTNL_CHAIN_DEVICES, devs);
	xfree(devs);
}

/* Hook, priority, type and policy: only what was written is sent, so an
 * "add" of an existing chain does not change what it leaves out. A
 * device update ("add chain netdev t c { devices = { d1 }; }") has no
 * hook written, but the evaluator copied the chain's hook, priority and
 * type from the kernel and marked it a base chain: the kernel wants
 * them along with the devices. */
static void chain_build_hook(struct nftnl_chain *nlc, const struct chain *c,
			     bool adding)
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
		chain_build_devices(nlc, c, adding);
	if (c->flags & CHAIN_F_HW_OFFLOAD)
		nftnl_chain_set_u32(nlc, NFTNL_CHAIN_FLAGS,
				    NFT_CHAIN_HW_OFFLOAD);
}

/* @adding: a new chain or new devices (NFT_MSG_NEWCHAIN) */
struct nftnl_chain *netlink_chain_build(const struct handle *h,
					const struct chain *c, bool adding)
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
	chain_build_hook(nlc, c, adding);
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
/* --debug=netlink: a chain added (or renamed), as 1.1.3 prints it; a
 * bound chain has no name: "(null)" */
void chain_debug(struct exec_ctx *x, const struct nftnl_chain *nlc,
		 uint32_t family)
{
	FILE *fp = x->nft->octx.output_fp ? x->nft->octx.output_fp : stdout;
	const char *name = NULL;

	if (!(x->nft->debug_mask & NFT_DEBUG_NETLINK))
		return;
	if (nftnl_chain_is_set(nlc, NFTNL_CHAIN_NAME))
		name = nftnl_chain_get_str(nlc, NFTNL_CHAIN_NAME);
	fprintf(fp, "%s %s %s use 0\n", family_name(family),
		nftnl_chain_is_set(nlc, NFTNL_CHAIN_TABLE) ?
		nftnl_chain_get_str(nlc, NFTNL_CHAIN_TABLE) : "(null)",
		name ? name : "(null)");
}

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
	nlc = netlink_chain_build(h, c, type == NFT_MSG_NEWCHAIN);
	if (type == NFT_MSG_NEWCHAIN)
		chain_debug(x, nlc, h->family);
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
	cache_missing_error(x->msgs, cmd_loc_or(cmd, t ? &h->chain.location :
						 &h->table.location),
			    x->nft, h, true);
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
	if (!mnl_msg_broken(nlh) && nftnl_chain_nlmsg_parse(nlh, nlc) == 0)
		c = netlink_chain_parse(nlc);
	nftnl_chain_free(nlc);
	return c;
}

static void chain_obj_free(void *c)
{
	chain_free(c);
}

/* "OP chain F T C", with a base chain's hook in braces and, under -a,
 * its handle: what echo and monitor print of a chain added. */
static void chain_print_event(struct output_ctx *octx, const char *op,
			      const struct chain *c)
{
	nft_print(octx, "%s chain %s %s %s", op,
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

static void chain_echo(struct nft_ctx *nft, struct cmd *cmd,
		       void *owner_obj, uint16_t type, void *obj)
{
	struct output_ctx *octx = &nft->octx;
	struct chain *own = owner_obj, *c = obj;

	if (own)
		own->handle.handle.id = c->handle.handle.id;
	/* a bound chain ("jump { ... }"): the kernel named it, and the
	 * rule binding it is the command's object */
	if (own && !own->handle.chain.name) {
		own->handle.chain.name = xstrdup(c->handle.chain.name);
		if (nft_output_json(octx))
			return;
		chain_print_event(octx, echo_op(cmd), c);
		return;
	}
	cmd->echo_handle = c->handle.handle.id;
	if (nft_output_json(octx))
		return;
	chain_print_event(octx, echo_op(cmd), c);
}

/* nft monitor: "add chain ip t c { type ... }" (a base chain's hook, no
 * comment), "delete chain ip t c" (-a: no handle there). */
static void chain_monitor_print(struct nft_ctx *nft, const void *obj,
				const char *op)
{
	bool del = !strcmp(op, "delete");
	struct output_ctx *octx = &nft->octx;
	const struct chain *c = obj;

	if (nft_output_json(octx)) {
		monitor_json(nft, op,
			     del ? json_wrap("chain", json_object_head(
					&c->handle, "name")) :
			     chain_json(c, octx));
		return;
	}
	if (del)
		nft_print(octx, "%s chain %s %s %s\n", op,
			  family_name(c->handle.family), c->handle.table.name,
			  c->handle.chain.name);
	else
		chain_print_event(octx, op, c);
}

static int chain_monitor(struct nft_ctx *nft, const struct nlmsghdr *nlh,
			 bool del)
{
	return monitor_parsed(nft, &chain_obj_ops, nlh, del,
			      chain_monitor_print);
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
		/* 1.1.3 crashes on these */
		if (cmd->op == CMD_DELETE || cmd->op == CMD_FLUSH)
			return "the chain is bound to a rule (jump { ... }): it goes with that rule";
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
		e->out->note = cmd->op != CMD_DELETE;
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

/*
 * The kernel refused a base chain's hook (EOPNOTSUPP): the type does
 * not go on that hook, a nat chain's priority is not after conntrack's,
 * or the chain exists with another hook. The reference's words.
 */
static char *chain_explain_unsupported(const struct mnl_err *e,
				       const struct cmd *cmd,
				       const struct chain *c,
				       const struct location **loc)
{
	const char *type = c->type ? c->type : "filter";

	e->out->own_words = true;
	if (!strcmp(type, "nat") && c->prio <= NAT_PRIO_MIN) {
		*loc = cmd_loc_or(cmd, &c->prio_loc);
		return xasprintf("Chains of type \"nat\" must have a priority value above %d",
				 NAT_PRIO_MIN);
	}
	*loc = cmd_loc_or(cmd, &c->hook_spec_loc);
	return xasprintf("Chain of type \"%s\" is not supported, perhaps kernel support is missing?",
			 type);
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
		e->out->note = true;
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
	    (cmd->op == CMD_ADD || cmd->op == CMD_CREATE))
		return chain_explain_unsupported(e, cmd, c, loc);
	/* no better words, but a better place */
	if (e->err == EBUSY && c == cmd->data)
		*loc = cmd_loc_or(cmd, &cmd->handle.chain.location);
	if (e->err == EFBIG && c && c->dev_expr)
		*loc = cmd_loc_or(cmd, &c->dev_expr->location);
	return NULL;
}

static const struct location *chain_block_location(const void *obj)
{
	const struct chain *c = obj;

	return &c->handle.chain.location;
}

static const char *const chain_json_keys[] = {
	"family", "table", "name", "handle", "newname", "type", "hook", "prio",
	"dev", "policy", "comment", NULL,
};

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
	.monitor	= chain_monitor,
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
	.json_keys	= chain_json_keys,
	.block_location	= chain_block_location,
};
