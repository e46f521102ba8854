/*
 * Stateful named objects: "counter", "quota", "limit", "ct helper",
 * "ct timeout", "ct expectation", "secmark" and "synproxy" objects of a
 * table. Each kind is one file, src/obj/sobj_<kind>.c, behind a struct
 * sobj_ops; here are their registry and what they share: evaluation,
 * the netlink message, JSON input, and the object commands (add, create,
 * delete, destroy, list, reset) with their kinds "counter" ... and
 * "counters" .... Their declaration blocks are read in
 * src/obj/sobj_block.c, their listings, echoes and events written in
 * src/obj/sobj_out.c.
 */
#include <obj.h>
#include <sobj_kind.h>
#include <monitor.h>
#include <nft.h>
#include <nftables.h>
#include <evaluate.h>
#include <cache.h>
#include <mnl.h>
#include <netlink.h>
#include <print.h>
#include <json.h>
#include <stmt.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <libnftnl/object.h>
#include <libnftnl/udata.h>
#include <linux/netfilter.h>
#include <linux/netfilter/nf_tables.h>

/* ---- the kinds ---- */

/* The registry: one line per kind. */
static const struct sobj_ops *const sobj_kinds[] = {
	[NFT_OBJECT_COUNTER]	= &sobj_counter_ops,
	[NFT_OBJECT_QUOTA]	= &sobj_quota_ops,
	[NFT_OBJECT_CT_HELPER]	= &sobj_ct_helper_ops,
	[NFT_OBJECT_LIMIT]	= &sobj_limit_ops,
	[NFT_OBJECT_CT_TIMEOUT]	= &sobj_ct_timeout_ops,
	[NFT_OBJECT_SECMARK]	= &sobj_secmark_ops,
	[NFT_OBJECT_CT_EXPECT]	= &sobj_ct_expect_ops,
	[NFT_OBJECT_SYNPROXY]	= &sobj_synproxy_ops,
};

const struct sobj_ops *sobj_ops_lookup(uint32_t type)
{
	return type < array_size(sobj_kinds) ? sobj_kinds[type] : NULL;
}

const struct sobj_ops *sobj_ops_by_cmd(enum cmd_obj obj, bool *all)
{
	const struct sobj_ops *k;
	unsigned int i;

	for (i = 0; i < array_size(sobj_kinds); i++) {
		k = sobj_kinds[i];
		if (k && (k->one == obj || k->all == obj)) {
			*all = k->all == obj;
			return k;
		}
	}
	return NULL;
}

const struct sobj_ops *sobj_ops_by_name(const char *name)
{
	unsigned int i;

	for (i = 0; i < array_size(sobj_kinds); i++)
		if (sobj_kinds[i] && !strcmp(sobj_kinds[i]->name, name))
			return sobj_kinds[i];
	return NULL;
}

const char *sobj_type_name(uint32_t type)
{
	const struct sobj_ops *k = sobj_ops_lookup(type);

	return k ? k->name : NULL;
}

uint32_t sobj_cmd_type(enum cmd_obj obj)
{
	bool all;
	const struct sobj_ops *k = sobj_ops_by_cmd(obj, &all);

	return k ? k->type : 0;
}

enum cmd_obj sobj_type_cmd(uint32_t type)
{
	const struct sobj_ops *k = sobj_ops_lookup(type);

	return k ? k->one : CMD_OBJ_INVALID;
}

/* ---- words ---- */

struct sobj_words *sobj_words_alloc(void)
{
	return xzalloc(sizeof(struct sobj_words));
}

void sobj_words_add(struct sobj_words *ws, const char *text,
		    const struct location *loc, bool quoted)
{
	if (ws->n == ws->size) {
		ws->size = ws->size ? ws->size * 2 : 16;
		ws->w = xrealloc(ws->w, ws->size * sizeof(ws->w[0]));
	}
	ws->w[ws->n].text = xstrdup(text);
	ws->w[ws->n].location = *loc;
	ws->w[ws->n].quoted = quoted;
	ws->n++;
}

void sobj_words_free(struct sobj_words *ws)
{
	unsigned int i;

	if (!ws)
		return;
	for (i = 0; i < ws->n; i++)
		xfree(ws->w[i].text);
	xfree(ws->w);
	xfree(ws);
}

/* ---- objects ---- */

struct sobj *sobj_alloc(uint32_t type)
{
	struct sobj *o = xzalloc(sizeof(*o));

	init_list_head(&o->list);
	o->type = type;
	o->location = internal_location;
	return o;
}

void sobj_free(struct sobj *o)
{
	const struct sobj_ops *k;

	if (!o)
		return;
	k = sobj_ops_lookup(o->type);
	if (k && k->free)
		k->free(o);
	handle_free(&o->handle);
	xfree(o->comment);
	xfree(o->undecoded);
	xfree(o);
}

void sobj_list_free(struct list_head *objs)
{
	struct sobj *o, *next;

	if (!objs->next)
		return;
	list_for_each_entry_safe(o, next, objs, list) {
		list_del(&o->list);
		sobj_free(o);
	}
}

/* ---- protocol names ---- */

static const struct {
	const char *name;
	uint16_t family;
} l3protos[] = {
	{ "ip",		NFPROTO_IPV4 },
	{ "ip6",	NFPROTO_IPV6 },
	{ "inet",	NFPROTO_INET },
	{ "arp",	NFPROTO_ARP },
	{ "bridge",	NFPROTO_BRIDGE },
	{ "netdev",	NFPROTO_NETDEV },
};

bool sobj_l3proto_lookup(const char *name, uint16_t *family)
{
	unsigned int i;

	for (i = 0; i < array_size(l3protos); i++) {
		if (!strcmp(name, l3protos[i].name)) {
			*family = l3protos[i].family;
			return true;
		}
	}
	return false;
}

const char *sobj_l3proto_name(uint16_t family)
{
	unsigned int i;

	for (i = 0; i < array_size(l3protos); i++)
		if (l3protos[i].family == family)
			return l3protos[i].name;
	return NULL;
}

static const struct {
	const char *name;
	uint8_t proto;
} l4protos[] = {
	{ "tcp",	IPPROTO_TCP },
	{ "udp",	IPPROTO_UDP },
	{ "udplite",	IPPROTO_UDPLITE },
	{ "sctp",	IPPROTO_SCTP },
	{ "dccp",	IPPROTO_DCCP },
	{ "icmp",	IPPROTO_ICMP },
	{ "icmpv6",	IPPROTO_ICMPV6 },
	{ "gre",	IPPROTO_GRE },
};

bool sobj_l4proto_lookup(const char *name, uint8_t *proto)
{
	unsigned int i;

	for (i = 0; i < array_size(l4protos); i++) {
		if (!strcmp(name, l4protos[i].name)) {
			*proto = l4protos[i].proto;
			return true;
		}
	}
	return false;
}

const char *sobj_l4proto_name(uint8_t proto)
{
	unsigned int i;

	for (i = 0; i < array_size(l4protos); i++)
		if (l4protos[i].proto == proto)
			return l4protos[i].name;
	return NULL;
}

/* ---- evaluation ---- */

const struct location *sobj_name_location(const struct sobj *o)
{
	return o->handle.chain.location.indesc ? &o->handle.chain.location :
						 &o->location;
}

/* What 1.1.3 leaves to the kernel (a quota used beyond itself, a ct
 * helper without a type, a ct timeout without a protocol, a secmark
 * without a context) goes there too, its refusal pointed at the name. */
int sobj_evaluate(struct eval_ctx *ectx, struct sobj *o)
{
	const struct sobj_ops *k = sobj_ops_lookup(o->type);

	if (name_evaluate(ectx, &o->handle.chain, sobj_type_name(o->type)) < 0 ||
	    comment_evaluate(ectx, o->comment, &o->comment_loc,
			     &o->location) < 0)
		return -1;
	return k && k->evaluate ? k->evaluate(ectx, o) : 0;
}

/* An add checks its table, as the reference does before sending. */
static unsigned int sobj_cmd_needs(const struct cmd *cmd)
{
	return cmd->op == CMD_ADD || cmd->op == CMD_CREATE ?
	       NFT_CACHE_TABLE : 0;
}

static int sobj_cmd_evaluate(struct eval_ctx *ectx, struct cmd *cmd)
{
	if (name_evaluate(ectx, &cmd->handle.table, "table") < 0 ||
	    table_ref_evaluate(ectx, &cmd->handle) < 0)
		return -1;
	if (!cmd->sobj)
		return 0;
	return sobj_evaluate(ectx, cmd->sobj);
}

/* ---- netlink ---- */

static struct nftnl_obj *sobj_nl_build(const struct handle *h,
				       uint32_t type, const struct sobj *o)
{
	const struct sobj_ops *k = sobj_ops_lookup(type);
	struct nftnl_obj *nlo = nftnl_obj_alloc();
	struct nftnl_udata_buf *ud;

	if (!nlo)
		memory_allocation_error();
	nftnl_obj_set_u32(nlo, NFTNL_OBJ_FAMILY, h->family);
	if (h->table.name)
		nftnl_obj_set_str(nlo, NFTNL_OBJ_TABLE, h->table.name);
	if (h->chain.name)
		nftnl_obj_set_str(nlo, NFTNL_OBJ_NAME, h->chain.name);
	if (h->handle.id)
		nftnl_obj_set_u64(nlo, NFTNL_OBJ_HANDLE, h->handle.id);
	/* a kind that writes its type and data itself: see nl_put */
	if (!o || !k || !k->nl_put)
		nftnl_obj_set_u32(nlo, NFTNL_OBJ_TYPE, type);
	if (!o)
		return nlo;
	ud = udata_comment_build(o->comment);
	if (ud) {
		nftnl_obj_set_data(nlo, NFTNL_OBJ_USERDATA,
				   nftnl_udata_buf_data(ud),
				   nftnl_udata_buf_len(ud));
		nftnl_udata_buf_free(ud);
	}
	if (k && k->nl_build)
		k->nl_build(nlo, o);
	return nlo;
}

struct sobj *sobj_nl_parse_obj(struct nftnl_obj *nlo,
			       const struct nlmsghdr *nlh)
{
	uint32_t type = nftnl_obj_get_u32(nlo, NFTNL_OBJ_TYPE);
	const struct sobj_ops *k = sobj_ops_lookup(type);
	struct sobj *o = sobj_alloc(type);
	const void *data;
	uint32_t len = 0;

	o->handle.family = nftnl_obj_get_u32(nlo, NFTNL_OBJ_FAMILY);
	o->handle.table.name = xstrdup(nftnl_obj_get_str(nlo, NFTNL_OBJ_TABLE));
	o->handle.chain.name = xstrdup(nftnl_obj_get_str(nlo, NFTNL_OBJ_NAME));
	o->handle.handle.id = nftnl_obj_get_u64(nlo, NFTNL_OBJ_HANDLE);
	if (nftnl_obj_is_set(nlo, NFTNL_OBJ_USERDATA)) {
		data = nftnl_obj_get_data(nlo, NFTNL_OBJ_USERDATA, &len);
		o->comment = udata_comment_parse(data, len);
	}
	if (k && k->nl_parse)
		k->nl_parse(o, nlo, nlh);
	else if (!k)
		o->undecoded = xasprintf("it is a kind of object (type %u) this nft cannot list yet",
					 type);
	return o;
}

/* --debug=netlink: an object added, as 1.1.3 prints it (its settings,
 * before it is given its table and name) */
static void sobj_debug(struct exec_ctx *x, const struct handle *h,
		       uint32_t otype, const struct sobj *o)
{
	FILE *fp = x->nft->octx.output_fp ? x->nft->octx.output_fp : stdout;
	const struct sobj_ops *k = sobj_ops_lookup(otype);
	struct handle bare = { .family = h->family };
	struct nftnl_obj *nlo;

	if (!(x->nft->debug_mask & NFT_DEBUG_NETLINK))
		return;
	nlo = sobj_nl_build(&bare, otype, o);
	if (k && k->debug)
		k->debug(nlo, o);
	nftnl_obj_fprintf(fp, nlo, NFTNL_OUTPUT_DEFAULT, 0);
	fprintf(fp, "\n");
	nftnl_obj_free(nlo);
}

int sobj_put(struct exec_ctx *x, uint16_t type, uint16_t flags,
	     const struct handle *h, const void *obj)
{
	const struct sobj *o = obj;
	const struct cmd *cmd = x->batch->owner.cmd;
	uint32_t otype = o ? o->type : sobj_cmd_type(cmd->obj);
	struct nftnl_obj *nlo = sobj_nl_build(h, otype, o);
	const struct sobj_ops *k;
	struct nlmsghdr *nlh;

	if (o && type == NFT_MSG_NEWOBJ)
		sobj_debug(x, h, otype, o);
	flags |= exec_echo_flag(x, type);
	nlh = batch_msg_start(x->batch, type, h->family, flags);
	nftnl_obj_nlmsg_build_payload(nlh, nlo);
	k = sobj_ops_lookup(otype);
	if (o && k && k->nl_put)
		k->nl_put(nlh, o);
	batch_msg_end(x->batch, nlh);
	nftnl_obj_free(nlo);
	return 0;
}

/* Linux 6.3+ (after DESTROYTABLE 26 ... DESTROYSETELEM 30): delete, no
 * error if missing; the installed header may predate it. */
#define MSG_DESTROYOBJ		31

static int sobj_execute(struct exec_ctx *x, struct cmd *cmd)
{
	switch (cmd->op) {
	case CMD_ADD:
	case CMD_CREATE:
		return sobj_put(x, NFT_MSG_NEWOBJ,
				NLM_F_CREATE |
				(cmd->op == CMD_CREATE ? NLM_F_EXCL : 0),
				&cmd->handle, cmd->sobj);
	case CMD_DELETE:
		return sobj_put(x, NFT_MSG_DELOBJ, 0, &cmd->handle, NULL);
	case CMD_DESTROY:
		return sobj_put(x, MSG_DESTROYOBJ, 0, &cmd->handle, NULL);
	default:
		return erec_error(x->msgs, &cmd->location,
				  "%s %s is not supported",
				  cmd_op_name(cmd->op), cmd_obj_name(cmd->obj));
	}
}

/* ---- JSON input ---- */

int sobj_json_u64(struct json_ctx *jctx, json_t *obj, const char *key,
		  uint64_t max, uint64_t *v)
{
	int r = json_opt_u64(jctx, obj, key, v);

	if (r > 0 && *v > max)
		return json_error(jctx, key, "\"%s\" is out of range", key);
	return r;
}

int sobj_json_proto(struct json_ctx *jctx, json_t *obj, const char *key,
		    bool l3, uint16_t *l3p, uint8_t *l4p)
{
	const char *s;
	int r = json_opt_string(jctx, obj, key, &s);

	if (r <= 0)
		return r;
	if (l3 ? !sobj_l3proto_lookup(s, l3p) : !sobj_l4proto_lookup(s, l4p))
		return json_error(jctx, key, "unknown protocol \"%s\"", s);
	return 1;
}

static struct cmd *json_sobj_cmd(struct json_ctx *jctx, enum cmd_ops op,
				 json_t *obj, const struct sobj_ops *k)
{
	struct handle h = {};
	struct sobj *o = NULL;
	const char *comment;

	if (json_table_ref(jctx, obj, k->name, &h) < 0 ||
	    json_parse_name(jctx, obj, op, &h.chain, &h) < 0)
		goto err;
	if (json_op_is_add(op)) {
		o = sobj_alloc(k->type);
		handle_copy(&o->handle, &h);
		o->location = json_location(jctx, "");
		if (json_opt_string(jctx, obj, "comment", &comment) < 0 ||
		    k->json_parse(jctx, obj, o) < 0)
			goto err;
		o->comment = xstrdup(comment);
	}
	return json_cmd_new(jctx, op, k->one, &h, o);
err:
	sobj_free(o);
	handle_free(&h);
	return NULL;
}

#define SOBJ_JSON_PARSER(fn, kind)					\
static struct cmd *fn(struct json_ctx *jctx, enum cmd_ops op,		\
		      bool bare, json_t *obj)				\
{									\
	return json_sobj_cmd(jctx, op, obj, &kind);			\
}
SOBJ_JSON_PARSER(json_counter_cmd, sobj_counter_ops)
SOBJ_JSON_PARSER(json_quota_cmd, sobj_quota_ops)
SOBJ_JSON_PARSER(json_ct_helper_cmd, sobj_ct_helper_ops)
SOBJ_JSON_PARSER(json_limit_cmd, sobj_limit_ops)
SOBJ_JSON_PARSER(json_ct_timeout_cmd, sobj_ct_timeout_ops)
SOBJ_JSON_PARSER(json_secmark_cmd, sobj_secmark_ops)
SOBJ_JSON_PARSER(json_ct_expect_cmd, sobj_ct_expect_ops)
SOBJ_JSON_PARSER(json_synproxy_cmd, sobj_synproxy_ops)

/* ---- the ops ---- */

static void sobj_cmd_free(struct cmd *cmd)
{
	sobj_free(cmd->sobj);
}

static char *sobj_explain_missing(const struct cmd *cmd,
				  const struct location **loc)
{
	const struct handle *h = &cmd->handle;

	*loc = cmd_loc_or(cmd, h->chain.name ? &h->chain.location :
			  &h->handle.location);
	/* what an add misses is the table */
	if (cmd->op == CMD_ADD || cmd->op == CMD_CREATE) {
		*loc = cmd_loc_or(cmd, &h->table.location);
		return xasprintf("table '%s' does not exist in family %s",
				 cmd_table_name(cmd), family_name(h->family));
	}
	if (!h->chain.name)
		return xasprintf("no %s with handle %llu in table %s %s",
				 cmd_obj_name(cmd->obj),
				 (unsigned long long)h->handle.id,
				 family_name(h->family), cmd_table_name(cmd));
	return xasprintf("%s '%s' does not exist in table %s %s",
			 cmd_obj_name(cmd->obj), h->chain.name,
			 family_name(h->family), cmd_table_name(cmd));
}

static char *sobj_explain_exists(const struct cmd *cmd,
				 const struct location **loc)
{
	const struct handle *h = &cmd->handle;

	*loc = cmd_loc_or(cmd, &h->chain.location);
	return xasprintf("%s '%s' already exists in table %s %s",
			 cmd_obj_name(cmd->obj), h->chain.name,
			 family_name(h->family), cmd_table_name(cmd));
}

/* EBUSY: a rule (or map) refers to the object */
static const char *sobj_strerror(int err, const struct cmd *cmd)
{
	return err == EBUSY ? "the object is in use" : NULL;
}

/* The caret of a missing or busy object: its name. */
static char *sobj_explain(struct nft_ctx *nft, const struct mnl_err *e,
			  const struct cmd *cmd, const void *obj,
			  const struct location **loc)
{
	if (e->err != EBUSY || !cmd->handle.chain.name)
		return NULL;
	*loc = cmd_loc_or(cmd, &cmd->handle.chain.location);
	return xasprintf("%s '%s' is in use by a rule in table %s %s",
			 cmd_obj_name(cmd->obj), cmd->handle.chain.name,
			 family_name(cmd->handle.family), cmd_table_name(cmd));
}

/* The kernel names the attribute: a missing table is pointed at the
 * table, as 1.1.3 does. */
static char *sobj_explain_attr(const struct mnl_err *e, const struct cmd *cmd,
			       const void *obj, const struct location **loc)
{
	if (mnl_err_path_is(e, 1, NFTA_OBJ_TABLE) && e->err == ENOENT) {
		*loc = cmd_loc_or(cmd, &cmd->handle.table.location);
		return xasprintf("table '%s' does not exist in family %s",
				 cmd_table_name(cmd),
				 family_name(cmd->handle.family));
	}
	return NULL;
}

static const struct location *sobj_block_location(const void *obj)
{
	const struct sobj *o = obj;

	return &o->handle.chain.location;
}

static void *sobj_nl_parse(struct nft_ctx *nft, const struct nlmsghdr *nlh,
			   char **why)
{
	struct nftnl_obj *nlo = nftnl_obj_alloc();
	struct sobj *o = NULL;

	*why = NULL;
	if (!nlo)
		memory_allocation_error();
	if (!mnl_msg_broken(nlh) && nftnl_obj_nlmsg_parse(nlh, nlo) == 0)
		o = sobj_nl_parse_obj(nlo, nlh);
	nftnl_obj_free(nlo);
	return o;
}

static int sobj_monitor(struct nft_ctx *nft, const struct nlmsghdr *nlh,
			bool del)
{
	return monitor_parsed(nft, &counter_obj_ops, nlh, del,
			      sobj_monitor_print);
}

static void sobj_obj_free(void *o)
{
	sobj_free(o);
}

static void sobj_ops_print(const void *obj, struct output_ctx *octx)
{
	sobj_print(obj, octx);
}

static json_t *sobj_ops_json(const void *obj, struct output_ctx *octx)
{
	return sobj_json(obj, octx);
}

#define SOBJ_CMDS	(OBJ_CMD(CMD_ADD) | OBJ_CMD(CMD_CREATE) |	\
			 OBJ_CMD(CMD_DELETE) | OBJ_CMD(CMD_DESTROY) |	\
			 OBJ_CMD(CMD_LIST) | OBJ_CMD(CMD_RESET))

/* The kinds share the object messages: the counter kind owns them (the
 * echo of any object goes through it, the same functions). */
#define SOBJ_OPS_MSGS							\
	.msg_new	= NFT_MSG_NEWOBJ,				\
	.msg_del	= NFT_MSG_DELOBJ,				\
	.nl_put		= sobj_put,

#define SOBJ_OPS(var, kind, str, jparse, ...)				\
const struct obj_ops var = {						\
	.obj		= kind,						\
	.name		= str,						\
	.flags		= OBJ_F_LIST,					\
	.evaluate	= sobj_cmd_evaluate,				\
	.cache_needs	= sobj_cmd_needs,				\
	.execute	= sobj_execute,					\
	__VA_ARGS__							\
	.nl_parse	= sobj_nl_parse,				\
	.obj_free	= sobj_obj_free,				\
	.list		= sobj_list,					\
	.print		= sobj_ops_print,				\
	.json		= sobj_ops_json,				\
	.echo		= sobj_echo,					\
	.monitor	= sobj_monitor,					\
	.strerror	= sobj_strerror,				\
	.explain	= sobj_explain,					\
	.explain_attr	= sobj_explain_attr,				\
	.block_location	= sobj_block_location,				\
	.explain_missing = sobj_explain_missing,			\
	.explain_exists	= sobj_explain_exists,				\
	.free		= sobj_cmd_free,				\
	.json_cmds	= SOBJ_CMDS,					\
	.json_parse	= jparse,					\
}

#define SOBJS_OPS(var, kind, str)					\
static struct cmd *json_parse_##var(struct json_ctx *jctx,		\
				    enum cmd_ops op, bool bare,		\
				    json_t *obj)			\
{									\
	return json_list_kind_cmd(jctx, op, obj, kind);			\
}									\
const struct obj_ops var = {						\
	.obj		= kind,						\
	.name		= str,						\
	.flags		= OBJ_F_LIST | OBJ_F_ALL_TABLES,		\
	.list		= sobj_list,					\
	.json_cmds	= OBJ_CMD(CMD_LIST) | OBJ_CMD(CMD_RESET),	\
	.json_parse	= json_parse_##var,				\
	.json_keys	= (const char *const[]){ "family", "table", NULL }, \
}

/* The keys of each kind's object, its listing's too. */
#define SOBJ_KEYS(...)							\
	.json_keys = (const char *const[]){ "family", "table", "name",	\
		"handle", "comment", __VA_ARGS__, NULL },

SOBJ_OPS(counter_obj_ops, CMD_OBJ_COUNTER, "counter", json_counter_cmd,
	 SOBJ_OPS_MSGS SOBJ_KEYS("packets", "bytes"));
SOBJ_OPS(quota_obj_ops, CMD_OBJ_QUOTA, "quota", json_quota_cmd,
	 SOBJ_KEYS("bytes", "used", "inv"));
SOBJ_OPS(ct_helper_obj_ops, CMD_OBJ_CT_HELPER, "ct helper",
	 json_ct_helper_cmd, SOBJ_KEYS("type", "protocol", "l3proto"));
SOBJ_OPS(limit_obj_ops, CMD_OBJ_LIMIT, "limit", json_limit_cmd,
	 SOBJ_KEYS("rate", "per", "rate_unit", "burst", "burst_unit",
		   "unit", "inv"));
SOBJ_OPS(ct_timeout_obj_ops, CMD_OBJ_CT_TIMEOUT, "ct timeout",
	 json_ct_timeout_cmd,
	 SOBJ_KEYS("protocol", "l3proto", "policy", "state", "value"));
SOBJ_OPS(secmark_obj_ops, CMD_OBJ_SECMARK, "secmark", json_secmark_cmd,
	 SOBJ_KEYS("context"));
SOBJ_OPS(ct_expect_obj_ops, CMD_OBJ_CT_EXPECT, "ct expectation",
	 json_ct_expect_cmd,
	 SOBJ_KEYS("protocol", "l3proto", "dport", "timeout", "size"));
SOBJ_OPS(synproxy_obj_ops, CMD_OBJ_SYNPROXY, "synproxy", json_synproxy_cmd,
	 SOBJ_KEYS("mss", "wscale", "flags"));
SOBJS_OPS(counters_obj_ops, CMD_OBJ_COUNTERS, "counters");
SOBJS_OPS(quotas_obj_ops, CMD_OBJ_QUOTAS, "quotas");
SOBJS_OPS(ct_helpers_obj_ops, CMD_OBJ_CT_HELPERS, "ct helpers");
SOBJS_OPS(limits_obj_ops, CMD_OBJ_LIMITS, "limits");
SOBJS_OPS(ct_timeouts_obj_ops, CMD_OBJ_CT_TIMEOUTS, "ct timeouts");
SOBJS_OPS(secmarks_obj_ops, CMD_OBJ_SECMARKS, "secmarks");
SOBJS_OPS(ct_expects_obj_ops, CMD_OBJ_CT_EXPECTS, "ct expectations");
SOBJS_OPS(synproxys_obj_ops, CMD_OBJ_SYNPROXYS, "synproxys");
