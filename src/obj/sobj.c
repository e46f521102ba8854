/*
 * Stateful named objects: "counter", "quota", "limit", "ct helper",
 * "ct timeout", "ct expectation", "secmark" and "synproxy" objects of a
 * table. One kind table row per object type; everything about them here
 * but their declaration blocks (src/obj/sobj_block.c): evaluation, netlink
 * build and parse, the dump that fills the cache, text and JSON output,
 * JSON input, and the object commands (add, create, delete, destroy,
 * list, reset) with their kinds "counter" ... and "counters" ...
 */
#include <obj.h>
#include <sobj.h>
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
#include <ctype.h>
#include <errno.h>
#include <inttypes.h>
#include <netdb.h>
#include <stdlib.h>
#include <string.h>
#include <libnftnl/object.h>
#include <libnftnl/udata.h>
#include <linux/netfilter.h>
#include <linux/netfilter/nf_tables.h>
#include <linux/netfilter/nf_synproxy.h>

/* ---- the kinds ---- */


static const struct sobj_kind sobj_kinds[] = {
	{ NFT_OBJECT_COUNTER,	"counter", "counters",
	  CMD_OBJ_COUNTER, CMD_OBJ_COUNTERS },
	{ NFT_OBJECT_QUOTA,	"quota", "quotas",
	  CMD_OBJ_QUOTA, CMD_OBJ_QUOTAS },
	{ NFT_OBJECT_CT_HELPER,	"ct helper", "ct helpers",
	  CMD_OBJ_CT_HELPER, CMD_OBJ_CT_HELPERS },
	{ NFT_OBJECT_LIMIT,	"limit", "limits",
	  CMD_OBJ_LIMIT, CMD_OBJ_LIMITS },
	{ NFT_OBJECT_CT_TIMEOUT, "ct timeout", "ct timeouts",
	  CMD_OBJ_CT_TIMEOUT, CMD_OBJ_CT_TIMEOUTS },
	{ NFT_OBJECT_SECMARK,	"secmark", "secmarks",
	  CMD_OBJ_SECMARK, CMD_OBJ_SECMARKS },
	{ NFT_OBJECT_CT_EXPECT,	"ct expectation", "ct expectations",
	  CMD_OBJ_CT_EXPECT, CMD_OBJ_CT_EXPECTS },
	{ NFT_OBJECT_SYNPROXY,	"synproxy", "synproxys",
	  CMD_OBJ_SYNPROXY, CMD_OBJ_SYNPROXYS },
};

static const struct sobj_kind *kind_by_type(uint32_t type)
{
	unsigned int i;

	for (i = 0; i < array_size(sobj_kinds); i++)
		if (sobj_kinds[i].type == type)
			return &sobj_kinds[i];
	return NULL;
}

const struct sobj_kind *sobj_kind_by_cmd(enum cmd_obj obj, bool *all)
{
	unsigned int i;

	for (i = 0; i < array_size(sobj_kinds); i++) {
		if (sobj_kinds[i].one == obj || sobj_kinds[i].all == obj) {
			*all = sobj_kinds[i].all == obj;
			return &sobj_kinds[i];
		}
	}
	return NULL;
}

const char *sobj_type_name(uint32_t type)
{
	const struct sobj_kind *k = kind_by_type(type);

	return k ? k->name : NULL;
}

uint32_t sobj_cmd_type(enum cmd_obj obj)
{
	bool all;
	const struct sobj_kind *k = sobj_kind_by_cmd(obj, &all);

	return k ? k->type : 0;
}

enum cmd_obj sobj_type_cmd(uint32_t type)
{
	const struct sobj_kind *k = kind_by_type(type);

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
	unsigned int i;

	if (!o)
		return;
	if (o->type == NFT_OBJECT_CT_TIMEOUT) {
		for (i = 0; i < o->timeout.nstates; i++)
			xfree(o->timeout.states[i].name);
		xfree(o->timeout.states);
	}
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

static const struct location *sobj_name_location(const struct sobj *o)
{
	return o->handle.chain.location.indesc ? &o->handle.chain.location :
						 &o->location;
}

/* A ct timeout's policy as written, in the protocol's states. */
int sobj_states_evaluate(struct sobj *o, struct list_head *msgs)
{
	const struct timeout_proto *tp;
	const struct sobj_state *s;
	unsigned int i;
	int st;

	if (o->type != NFT_OBJECT_CT_TIMEOUT)
		return 0;
	tp = sobj_timeout_proto(o->timeout.l4proto);
	for (i = 0; i < o->timeout.nstates; i++) {
		s = &o->timeout.states[i];
		st = tp ? sobj_timeout_state(tp, s->name) : -1;
		if (st < 0)
			return erec_error(msgs, &s->location,
					  "invalid state for this protocol");
		o->timeout.timeout[st] = s->seconds;
	}
	return 0;
}

/* What 1.1.3 leaves to the kernel (a quota used beyond itself, a ct
 * helper without a type, a ct timeout without a protocol, a secmark
 * without a context) goes there too, its refusal pointed at the name. */
int sobj_evaluate(struct eval_ctx *ectx, struct sobj *o)
{
	if (name_evaluate(ectx, &o->handle.chain, sobj_type_name(o->type)) < 0 ||
	    comment_evaluate(ectx, o->comment, &o->comment_loc,
			     &o->location) < 0)
		return -1;
	switch (o->type) {
	case NFT_OBJECT_CT_HELPER:
		o->l3proto_implicit = !o->helper.l3proto;
		if (!o->helper.l3proto)
			o->helper.l3proto = o->handle.family;
		break;
	case NFT_OBJECT_CT_TIMEOUT:
		if (sobj_states_evaluate(o, ectx->msgs) < 0)
			return -1;
		o->l3proto_implicit = !o->timeout.l3proto;
		if (!o->timeout.l3proto)
			o->timeout.l3proto = o->handle.family;
		break;
	case NFT_OBJECT_CT_EXPECT:
		if (!o->expect.l4proto || !o->expect.dport ||
		    !o->expect.timeout || !o->expect.size)
			return erec_error(ectx->msgs, sobj_name_location(o),
					  "missing options");
		o->l3proto_implicit = !o->expect.l3proto;
		if (!o->expect.l3proto)
			o->expect.l3proto = o->handle.family;
		break;
	}
	return 0;
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
	/* a ct timeout's type and data: see sobj_timeout_nl_put() */
	if (!o || type != NFT_OBJECT_CT_TIMEOUT)
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
	switch (type) {
	case NFT_OBJECT_COUNTER:
		nftnl_obj_set_u64(nlo, NFTNL_OBJ_CTR_PKTS, o->counter.packets);
		nftnl_obj_set_u64(nlo, NFTNL_OBJ_CTR_BYTES, o->counter.bytes);
		break;
	case NFT_OBJECT_QUOTA:
		nftnl_obj_set_u64(nlo, NFTNL_OBJ_QUOTA_BYTES, o->quota.bytes);
		nftnl_obj_set_u64(nlo, NFTNL_OBJ_QUOTA_CONSUMED, o->quota.used);
		nftnl_obj_set_u32(nlo, NFTNL_OBJ_QUOTA_FLAGS, o->quota.flags);
		break;
	case NFT_OBJECT_LIMIT:
		nftnl_obj_set_u64(nlo, NFTNL_OBJ_LIMIT_RATE, o->limit.rate);
		nftnl_obj_set_u64(nlo, NFTNL_OBJ_LIMIT_UNIT, o->limit.unit);
		nftnl_obj_set_u32(nlo, NFTNL_OBJ_LIMIT_BURST, o->limit.burst);
		nftnl_obj_set_u32(nlo, NFTNL_OBJ_LIMIT_TYPE, o->limit.type);
		nftnl_obj_set_u32(nlo, NFTNL_OBJ_LIMIT_FLAGS, o->limit.flags);
		break;
	case NFT_OBJECT_CT_HELPER:
		nftnl_obj_set_str(nlo, NFTNL_OBJ_CT_HELPER_NAME, o->helper.name);
		/* the table's family is the kernel's to take, as 1.1.3
		 * leaves it (and its --debug=netlink prints it) */
		if (!o->l3proto_implicit)
			nftnl_obj_set_u16(nlo, NFTNL_OBJ_CT_HELPER_L3PROTO,
					  o->helper.l3proto);
		nftnl_obj_set_u8(nlo, NFTNL_OBJ_CT_HELPER_L4PROTO,
				 o->helper.l4proto);
		break;
	case NFT_OBJECT_CT_EXPECT:
		if (!o->l3proto_implicit)
			nftnl_obj_set_u16(nlo, NFTNL_OBJ_CT_EXPECT_L3PROTO,
					  o->expect.l3proto);
		nftnl_obj_set_u8(nlo, NFTNL_OBJ_CT_EXPECT_L4PROTO,
				 o->expect.l4proto);
		nftnl_obj_set_u16(nlo, NFTNL_OBJ_CT_EXPECT_DPORT,
				  o->expect.dport);
		nftnl_obj_set_u32(nlo, NFTNL_OBJ_CT_EXPECT_TIMEOUT,
				  o->expect.timeout);
		nftnl_obj_set_u8(nlo, NFTNL_OBJ_CT_EXPECT_SIZE,
				 o->expect.size);
		break;
	case NFT_OBJECT_SECMARK:
		nftnl_obj_set_str(nlo, NFTNL_OBJ_SECMARK_CTX, o->secmark.ctx);
		break;
	case NFT_OBJECT_SYNPROXY:
		nftnl_obj_set_u16(nlo, NFTNL_OBJ_SYNPROXY_MSS, o->synproxy.mss);
		nftnl_obj_set_u8(nlo, NFTNL_OBJ_SYNPROXY_WSCALE,
				 o->synproxy.wscale);
		nftnl_obj_set_u32(nlo, NFTNL_OBJ_SYNPROXY_FLAGS,
				  o->synproxy.flags);
		break;
	}
	return nlo;
}

struct sobj *sobj_nl_parse_obj(struct nftnl_obj *nlo,
			       const struct nlmsghdr *nlh)
{
	uint32_t type = nftnl_obj_get_u32(nlo, NFTNL_OBJ_TYPE);
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
	switch (type) {
	case NFT_OBJECT_COUNTER:
		o->counter.packets = nftnl_obj_get_u64(nlo, NFTNL_OBJ_CTR_PKTS);
		o->counter.bytes = nftnl_obj_get_u64(nlo, NFTNL_OBJ_CTR_BYTES);
		break;
	case NFT_OBJECT_QUOTA:
		o->quota.bytes = nftnl_obj_get_u64(nlo, NFTNL_OBJ_QUOTA_BYTES);
		o->quota.used = nftnl_obj_get_u64(nlo, NFTNL_OBJ_QUOTA_CONSUMED);
		/* the depleted bit is state, not configuration */
		o->quota.flags = nftnl_obj_get_u32(nlo, NFTNL_OBJ_QUOTA_FLAGS) &
				 NFT_QUOTA_F_INV;
		break;
	case NFT_OBJECT_LIMIT:
		o->limit.rate = nftnl_obj_get_u64(nlo, NFTNL_OBJ_LIMIT_RATE);
		o->limit.unit = nftnl_obj_get_u64(nlo, NFTNL_OBJ_LIMIT_UNIT);
		o->limit.burst = nftnl_obj_get_u32(nlo, NFTNL_OBJ_LIMIT_BURST);
		o->limit.type = nftnl_obj_get_u32(nlo, NFTNL_OBJ_LIMIT_TYPE);
		o->limit.flags = nftnl_obj_get_u32(nlo, NFTNL_OBJ_LIMIT_FLAGS);
		break;
	case NFT_OBJECT_CT_HELPER:
		snprintf(o->helper.name, sizeof(o->helper.name), "%s",
			 nftnl_obj_get_str(nlo, NFTNL_OBJ_CT_HELPER_NAME) ?: "");
		o->helper.l3proto = nftnl_obj_get_u16(nlo,
					NFTNL_OBJ_CT_HELPER_L3PROTO);
		o->helper.l4proto = nftnl_obj_get_u8(nlo,
					NFTNL_OBJ_CT_HELPER_L4PROTO);
		if (!sobj_l3proto_name(o->helper.l3proto) ||
		    !sobj_l4proto_name(o->helper.l4proto))
			o->undecoded = xstrdup("its protocols are ones this nft does not know");
		break;
	case NFT_OBJECT_CT_TIMEOUT:
		if (sobj_timeout_nl_parse(nlh, o) < 0 ||
		    !sobj_l3proto_name(o->timeout.l3proto))
			o->undecoded = xstrdup("its protocol's policy is one this nft cannot print yet");
		break;
	case NFT_OBJECT_CT_EXPECT:
		o->expect.l3proto = nftnl_obj_get_u16(nlo,
					NFTNL_OBJ_CT_EXPECT_L3PROTO);
		o->expect.l4proto = nftnl_obj_get_u8(nlo,
					NFTNL_OBJ_CT_EXPECT_L4PROTO);
		o->expect.dport = nftnl_obj_get_u16(nlo,
					NFTNL_OBJ_CT_EXPECT_DPORT);
		o->expect.timeout = nftnl_obj_get_u32(nlo,
					NFTNL_OBJ_CT_EXPECT_TIMEOUT);
		o->expect.size = nftnl_obj_get_u8(nlo, NFTNL_OBJ_CT_EXPECT_SIZE);
		if (!sobj_l3proto_name(o->expect.l3proto) ||
		    !sobj_l4proto_name(o->expect.l4proto))
			o->undecoded = xstrdup("its protocols are ones this nft does not know");
		break;
	case NFT_OBJECT_SECMARK:
		snprintf(o->secmark.ctx, sizeof(o->secmark.ctx), "%s",
			 nftnl_obj_get_str(nlo, NFTNL_OBJ_SECMARK_CTX) ?: "");
		break;
	case NFT_OBJECT_SYNPROXY:
		o->synproxy.mss = nftnl_obj_get_u16(nlo, NFTNL_OBJ_SYNPROXY_MSS);
		o->synproxy.wscale = nftnl_obj_get_u8(nlo,
					NFTNL_OBJ_SYNPROXY_WSCALE);
		o->synproxy.flags = nftnl_obj_get_u32(nlo,
					NFTNL_OBJ_SYNPROXY_FLAGS);
		break;
	default:
		o->undecoded = xasprintf("it is a kind of object (type %u) this nft cannot list yet",
					 type);
		break;
	}
	return o;
}

/* A ct timeout's family as 1.1.3 prints it: the l3proto written, none
 * where the table's is taken (helpers and expectations send none then,
 * see sobj_nl_build()). */
static void sobj_debug_l3proto(struct nftnl_obj *nlo, uint32_t otype,
			       const struct sobj *o)
{
	if (otype == NFT_OBJECT_CT_TIMEOUT && !o->l3proto_implicit)
		nftnl_obj_set_u16(nlo, NFTNL_OBJ_CT_TIMEOUT_L3PROTO,
				  o->timeout.l3proto);
}

/* --debug=netlink: an object added, as 1.1.3 prints it (its settings,
 * before it is given its table and name) */
static void sobj_debug(struct exec_ctx *x, const struct handle *h,
		       uint32_t otype, const struct sobj *o)
{
	FILE *fp = x->nft->octx.output_fp ? x->nft->octx.output_fp : stdout;
	struct handle bare = { .family = h->family };
	struct nftnl_obj *nlo;

	if (!(x->nft->debug_mask & NFT_DEBUG_NETLINK))
		return;
	nlo = sobj_nl_build(&bare, otype, o);
	/* a ct timeout goes into the message by hand: its settings for
	 * libnftnl to print here (the states it prints are those off its
	 * defaults; no family, as 1.1.3 prints it) */
	if (otype == NFT_OBJECT_CT_TIMEOUT) {
		nftnl_obj_set_u32(nlo, NFTNL_OBJ_TYPE, otype);
		nftnl_obj_set_u8(nlo, NFTNL_OBJ_CT_TIMEOUT_L4PROTO,
				 o->timeout.l4proto);
		nftnl_obj_set_data(nlo, NFTNL_OBJ_CT_TIMEOUT_ARRAY,
				   o->timeout.timeout,
				   sizeof(o->timeout.timeout));
	}
	sobj_debug_l3proto(nlo, otype, o);
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
	struct nlmsghdr *nlh;

	if (o && type == NFT_MSG_NEWOBJ)
		sobj_debug(x, h, otype, o);
	flags |= exec_echo_flag(x, type);
	nlh = batch_msg_start(x->batch, type, h->family, flags);
	nftnl_obj_nlmsg_build_payload(nlh, nlo);
	if (o && otype == NFT_OBJECT_CT_TIMEOUT)
		sobj_timeout_nl_put(nlh, o);
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

static int json_u64_key(struct json_ctx *jctx, json_t *obj, const char *key,
			uint64_t max, uint64_t *v)
{
	int r = json_opt_u64(jctx, obj, key, v);

	if (r > 0 && *v > max)
		return json_error(jctx, key, "\"%s\" is out of range", key);
	return r;
}

static int json_proto(struct json_ctx *jctx, json_t *obj, const char *key,
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

/* libnftables-json(5): burst 0 unless given; "unit": "bytes" for byte
 * rates (the listing writes "rate_unit") */
static int json_limit_body(struct json_ctx *jctx, json_t *obj,
			   struct sobj *o)
{
	const char *s;
	uint64_t v = 0;
	json_t *val;

	o->limit.type = NFT_LIMIT_PKTS;
	o->limit.unit = 1;
	o->limit.burst = 0;
	if (json_u64_key(jctx, obj, "rate", UINT64_MAX,
			 &o->limit.rate) < 0)
		return -1;
	if (json_opt_string(jctx, obj, "unit", &s) > 0) {
		if (!strcmp(s, "bytes"))
			o->limit.type = NFT_LIMIT_PKT_BYTES;
		else if (strcmp(s, "packets"))
			return json_error(jctx, "unit",
					  "invalid limit unit \"%s\": expected packets or bytes",
					  s);
	}
	if (json_opt_string(jctx, obj, "per", &s) > 0) {
		o->limit.unit = limit_time_unit(s);
		if (!o->limit.unit)
			return json_error(jctx, "per",
					  "invalid time unit \"%s\"", s);
	}
	if (json_opt_string(jctx, obj, "rate_unit", &s) > 0 &&
	    strcmp(s, "packets")) {
		o->limit.type = NFT_LIMIT_PKT_BYTES;
		o->limit.rate *= limit_byte_unit(s);
	}
	if (json_u64_key(jctx, obj, "burst", UINT32_MAX, &v) > 0) {
		o->limit.burst = v;
		if (json_opt_string(jctx, obj, "burst_unit", &s) > 0)
			o->limit.burst *= limit_byte_unit(s);
	}
	val = json_object_get(obj, "inv");
	if (val && json_is_true(val))
		o->limit.flags |= NFT_LIMIT_F_INV;
	return 0;
}

static int json_timeout_body(struct json_ctx *jctx, json_t *obj,
			     struct sobj *o)
{
	const struct timeout_proto *tp;
	const char *key;
	uint64_t v = 0;
	json_t *val, *f;
	size_t idx;
	int st;

	if (json_proto(jctx, obj, "protocol", false, NULL,
		       &o->timeout.l4proto) <= 0 ||
	    json_proto(jctx, obj, "l3proto", true,
		       &o->timeout.l3proto, NULL) < 0)
		return json_error(jctx, "protocol",
				  "a ct timeout needs a protocol");
	tp = sobj_timeout_proto(o->timeout.l4proto);
	if (!tp)
		return json_error(jctx, "protocol",
				  "ct timeout policies for this protocol are not supported yet");
	for (idx = 0; idx < tp->n; idx++)
		o->timeout.timeout[idx] = tp->dflt[idx];
	/* libnftables-json(5)'s one "state" and "value" */
	if (json_opt_string(jctx, obj, "state", &key) > 0) {
		st = sobj_timeout_state(tp, key);
		if (st < 0 || json_u64_key(jctx, obj, "value",
					   UINT32_MAX, &v) <= 0)
			return json_error(jctx, "state",
					  "invalid state \"%s\" or no \"value\"",
					  key);
		o->timeout.timeout[st] = v;
	}
	f = json_object_get(obj, "policy");
	json_object_foreach(f, key, val) {
		st = sobj_timeout_state(tp, key);
		if (st < 0 || !json_is_integer(val))
			return json_error(jctx, "policy",
					  "invalid policy state \"%s\"",
					  key);
		o->timeout.timeout[st] = json_integer_value(val);
	}
	return 0;
}

static int json_synproxy_body(struct json_ctx *jctx, json_t *obj,
			      struct sobj *o)
{
	const char *s;
	uint64_t v = 0;
	json_t *val, *f;
	size_t idx;

	if (json_u64_key(jctx, obj, "mss", UINT16_MAX, &v) > 0) {
		o->synproxy.mss = v;
		o->synproxy.flags |= NF_SYNPROXY_OPT_MSS;
	}
	if (json_u64_key(jctx, obj, "wscale", UINT8_MAX, &v) > 0) {
		o->synproxy.wscale = v;
		o->synproxy.flags |= NF_SYNPROXY_OPT_WSCALE;
	}
	f = json_object_get(obj, "flags");
	if (json_is_string(f))
		f = json_pack("[O]", f);
	else
		json_incref(f);
	json_array_foreach(f, idx, val) {
		s = json_string_value(val);
		if (s && !strcmp(s, "timestamp"))
			o->synproxy.flags |= NF_SYNPROXY_OPT_TIMESTAMP;
		else if (s && !strcmp(s, "sack-perm"))
			o->synproxy.flags |= NF_SYNPROXY_OPT_SACK_PERM;
		else {
			json_decref(f);
			return json_error(jctx, "flags",
					  "invalid synproxy flag");
		}
	}
	json_decref(f);
	return 0;
}

static int json_sobj_body(struct json_ctx *jctx, json_t *obj,
			  struct sobj *o)
{
	const char *s;
	uint64_t v = 0;
	json_t *val;

	switch (o->type) {
	case NFT_OBJECT_COUNTER:
		if (json_u64_key(jctx, obj, "packets", UINT64_MAX,
				 &o->counter.packets) < 0 ||
		    json_u64_key(jctx, obj, "bytes", UINT64_MAX,
				 &o->counter.bytes) < 0)
			return -1;
		break;
	case NFT_OBJECT_QUOTA:
		if (json_u64_key(jctx, obj, "bytes", UINT64_MAX,
				 &o->quota.bytes) < 0 ||
		    json_u64_key(jctx, obj, "used", UINT64_MAX,
				 &o->quota.used) < 0)
			return -1;
		val = json_object_get(obj, "inv");
		if (val && json_is_true(val))
			o->quota.flags |= NFT_QUOTA_F_INV;
		break;
	case NFT_OBJECT_LIMIT:
		return json_limit_body(jctx, obj, o);
	case NFT_OBJECT_CT_HELPER:
		if (json_req_string(jctx, obj, "type", &s) < 0)
			return -1;
		snprintf(o->helper.name, sizeof(o->helper.name), "%s", s);
		if (json_proto(jctx, obj, "protocol", false, NULL,
			       &o->helper.l4proto) < 0 ||
		    json_proto(jctx, obj, "l3proto", true, &o->helper.l3proto,
			       NULL) < 0)
			return -1;
		break;
	case NFT_OBJECT_CT_TIMEOUT:
		return json_timeout_body(jctx, obj, o);
	case NFT_OBJECT_CT_EXPECT:
		if (json_proto(jctx, obj, "protocol", false, NULL,
			       &o->expect.l4proto) < 0 ||
		    json_proto(jctx, obj, "l3proto", true, &o->expect.l3proto,
			       NULL) < 0)
			return -1;
		if (json_u64_key(jctx, obj, "dport", UINT16_MAX, &v) > 0)
			o->expect.dport = v;
		if (json_u64_key(jctx, obj, "timeout", UINT32_MAX, &v) > 0)
			o->expect.timeout = v;
		if (json_u64_key(jctx, obj, "size", UINT8_MAX, &v) > 0)
			o->expect.size = v;
		break;
	case NFT_OBJECT_SECMARK:
		if (json_req_string(jctx, obj, "context", &s) < 0)
			return -1;
		snprintf(o->secmark.ctx, sizeof(o->secmark.ctx), "%s", s);
		break;
	case NFT_OBJECT_SYNPROXY:
		return json_synproxy_body(jctx, obj, o);
	}
	return 0;
}

static struct cmd *json_sobj_cmd(struct json_ctx *jctx, enum cmd_ops op,
				 bool bare, json_t *obj, enum cmd_obj kind)
{
	uint32_t type = sobj_cmd_type(kind);
	struct handle h = {};
	struct sobj *o = NULL;
	const char *comment;

	if (json_table_ref(jctx, obj, sobj_type_name(type), &h) < 0 ||
	    json_parse_name(jctx, obj, op, &h.chain, &h) < 0)
		goto err;
	if (json_op_is_add(op)) {
		o = sobj_alloc(type);
		handle_copy(&o->handle, &h);
		o->location = json_location(jctx, "");
		if (json_opt_string(jctx, obj, "comment", &comment) < 0 ||
		    json_sobj_body(jctx, obj, o) < 0)
			goto err;
		o->comment = xstrdup(comment);
	}
	return json_cmd_new(jctx, op, kind, &h, o);
err:
	sobj_free(o);
	handle_free(&h);
	return NULL;
}

#define SOBJ_JSON_PARSER(fn, kind)					\
static struct cmd *fn(struct json_ctx *jctx, enum cmd_ops op,		\
		      bool bare, json_t *obj)				\
{									\
	return json_sobj_cmd(jctx, op, bare, obj, kind);		\
}
SOBJ_JSON_PARSER(json_counter_cmd, CMD_OBJ_COUNTER)
SOBJ_JSON_PARSER(json_quota_cmd, CMD_OBJ_QUOTA)
SOBJ_JSON_PARSER(json_ct_helper_cmd, CMD_OBJ_CT_HELPER)
SOBJ_JSON_PARSER(json_limit_cmd, CMD_OBJ_LIMIT)
SOBJ_JSON_PARSER(json_ct_timeout_cmd, CMD_OBJ_CT_TIMEOUT)
SOBJ_JSON_PARSER(json_secmark_cmd, CMD_OBJ_SECMARK)
SOBJ_JSON_PARSER(json_ct_expect_cmd, CMD_OBJ_CT_EXPECT)
SOBJ_JSON_PARSER(json_synproxy_cmd, CMD_OBJ_SYNPROXY)

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

/* {"list": {"counters": null | {"family": F, "table": T}}} */
static struct cmd *json_sobjs_cmd(struct json_ctx *jctx, enum cmd_ops op,
				  bool bare, json_t *obj, enum cmd_obj kind)
{
	struct handle h = {};
	const char *table;

	if (!json_is_null(obj) && !json_is_object(obj)) {
		json_error(jctx, "",
			   "expected null or an object with \"family\" and \"table\"");
		return NULL;
	}
	if (json_is_object(obj) &&
	    (json_parse_family(jctx, obj, NFPROTO_UNSPEC, &h.family) < 0 ||
	     json_opt_string(jctx, obj, "table", &table) < 0))
		return NULL;
	if (json_is_object(obj) && table) {
		if (h.family == NFPROTO_UNSPEC)
			h.family = NFPROTO_IPV4;
		json_spec_str(jctx, &h.table, "table", table);
	}
	return json_cmd_new(jctx, op, kind, &h, NULL);
}

#define SOBJS_OPS(var, kind, str)					\
static struct cmd *json_parse_##var(struct json_ctx *jctx,		\
				    enum cmd_ops op, bool bare,		\
				    json_t *obj)			\
{									\
	return json_sobjs_cmd(jctx, op, bare, obj, kind);		\
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
