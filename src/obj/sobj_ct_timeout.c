/*
 * The ct timeout object: "ct timeout t { protocol tcp; l3proto ip;
 * policy = { established : 2h, close : 10s }; }", the conntrack timeouts
 * rules give connections ("ct timeout set "t"").
 *
 * Its policies: for each protocol the kernel keeps a policy for,
 * its states (in the kernel's attribute order, CTA_TIMEOUT_<PROTO>_*) and
 * their defaults (what a fresh network namespace's object gets for a
 * state the policy leaves out: listings print only the other states).
 *
 * libnftnl (1.2.4) carries the policies of tcp and udp only: for any
 * other protocol it sends an empty policy and reads none back. So the
 * object's NFTA_OBJ_TYPE and NFTA_OBJ_DATA are written and read here,
 * for every protocol alike, from the one table below.
 */
#include <sobj_kind.h>
#include <nft.h>
#include <nftables.h>
#include <evaluate.h>
#include <json.h>
#include <ctype.h>
#include <string.h>
#include <arpa/inet.h>
#include <netinet/in.h>
#include <libmnl/libmnl.h>
#include <linux/netfilter/nfnetlink.h>
#include <linux/netfilter/nf_tables.h>
#include <libnftnl/object.h>

static const char *const tcp_states[] = {
	"syn_sent", "syn_recv", "established", "fin_wait", "close_wait",
	"last_ack", "time_wait", "close", "syn_sent2", "retrans", "unack",
};
static const uint32_t tcp_dflt[] = {
	120, 60, 432000, 120, 60, 30, 120, 10, 120, 300, 300,
};

/* udp, udplite and gre */
static const char *const udp_states[] = { "unreplied", "replied" };
static const uint32_t udp_dflt[] = { 30, 120 };
static const uint32_t gre_dflt[] = { 30, 180 };

/* icmp and icmpv6: one timeout */
static const char *const icmp_states[] = { "timeout" };
static const uint32_t icmp_dflt[] = { 30 };

/* The kernel's ninth sctp state (heartbeat_acked) is no longer used. */
static const char *const sctp_states[] = {
	"closed", "cookie_wait", "cookie_echoed", "established",
	"shutdown_sent", "shutdown_recd", "shutdown_ack_sent",
	"heartbeat_sent",
};
static const uint32_t sctp_dflt[] = { 10, 3, 3, 210, 3, 3, 3, 30 };

#define TIMEOUT_PROTO(proto, states, dflt) \
	{ proto, array_size(states), states, dflt }

/* the states of a protocol and their defaults */
struct timeout_proto {
	uint8_t l4proto;
	unsigned int n;
	const char *const *states;
	const uint32_t *dflt;		/* seconds */
};

static const struct timeout_proto timeout_protos[] = {
	TIMEOUT_PROTO(IPPROTO_TCP,	tcp_states,	tcp_dflt),
	TIMEOUT_PROTO(IPPROTO_UDP,	udp_states,	udp_dflt),
	TIMEOUT_PROTO(IPPROTO_UDPLITE,	udp_states,	udp_dflt),
	TIMEOUT_PROTO(IPPROTO_GRE,	udp_states,	gre_dflt),
	TIMEOUT_PROTO(IPPROTO_ICMP,	icmp_states,	icmp_dflt),
	TIMEOUT_PROTO(IPPROTO_ICMPV6,	icmp_states,	icmp_dflt),
	TIMEOUT_PROTO(IPPROTO_SCTP,	sctp_states,	sctp_dflt),
};

static const struct timeout_proto *timeout_proto(uint8_t l4proto)
{
	unsigned int i;

	for (i = 0; i < array_size(timeout_protos); i++)
		if (timeout_protos[i].l4proto == l4proto)
			return &timeout_protos[i];
	return NULL;
}

/* The index of state @name in @tp, -1 if none */
static int timeout_state(const struct timeout_proto *tp, const char *name)
{
	unsigned int i;

	for (i = 0; i < tp->n; i++)
		if (!strcmp(tp->states[i], name))
			return i;
	return -1;
}

/* its NFTA_OBJ_TYPE and NFTA_OBJ_DATA, for every protocol (see above) */
static void ct_timeout_nl_put(struct nlmsghdr *nlh, const struct sobj *o)
{
	const struct timeout_proto *tp = timeout_proto(o->timeout.l4proto);
	struct nlattr *data, *policy;
	unsigned int i;

	mnl_attr_put_u32(nlh, NFTA_OBJ_TYPE, htonl(NFT_OBJECT_CT_TIMEOUT));
	data = mnl_attr_nest_start(nlh, NFTA_OBJ_DATA);
	mnl_attr_put_u16(nlh, NFTA_CT_TIMEOUT_L3PROTO,
			 htons(o->timeout.l3proto));
	mnl_attr_put_u8(nlh, NFTA_CT_TIMEOUT_L4PROTO, o->timeout.l4proto);
	policy = mnl_attr_nest_start(nlh, NFTA_CT_TIMEOUT_DATA);
	for (i = 0; tp && i < tp->n; i++)
		mnl_attr_put_u32(nlh, i + 1, htonl(o->timeout.timeout[i]));
	mnl_attr_nest_end(nlh, policy);
	mnl_attr_nest_end(nlh, data);
}

/* The policy's states, attribute N being state N - 1; the kernel may
 * know states we do not (sctp's unused ninth): those are left out. */
static int timeout_nl_policy(struct nlattr *policy, struct sobj *o)
{
	const struct timeout_proto *tp = timeout_proto(o->timeout.l4proto);
	struct nlattr *a;
	uint16_t t;

	if (!tp)
		return -1;
	mnl_attr_for_each_nested(a, policy) {
		t = mnl_attr_get_type(a);
		if (mnl_attr_validate(a, MNL_TYPE_U32) < 0)
			return -1;
		if (t >= 1 && t <= tp->n)
			o->timeout.timeout[t - 1] = ntohl(mnl_attr_get_u32(a));
	}
	return 0;
}

static int timeout_nl_parse_data(const struct nlmsghdr *nlh, struct sobj *o)
{
	struct nlattr *a, *b, *policy = NULL;

	if (!nlh)
		return -1;
	mnl_attr_for_each(a, nlh, sizeof(struct nfgenmsg)) {
		if (mnl_attr_get_type(a) != NFTA_OBJ_DATA)
			continue;
		mnl_attr_for_each_nested(b, a) {
			switch (mnl_attr_get_type(b)) {
			case NFTA_CT_TIMEOUT_L3PROTO:
				if (mnl_attr_validate(b, MNL_TYPE_U16) < 0)
					return -1;
				o->timeout.l3proto = ntohs(mnl_attr_get_u16(b));
				break;
			case NFTA_CT_TIMEOUT_L4PROTO:
				if (mnl_attr_validate(b, MNL_TYPE_U8) < 0)
					return -1;
				o->timeout.l4proto = mnl_attr_get_u8(b);
				break;
			case NFTA_CT_TIMEOUT_DATA:
				policy = b;
				break;
			}
		}
	}
	return policy ? timeout_nl_policy(policy, o) : -1;
}

/* ---- declaration blocks ---- */

static void timeout_states_add(struct sobj *o, const struct sobj_word *w,
			       uint64_t ms)
{
	struct sobj_state *s;

	o->timeout.states = xrealloc(o->timeout.states,
				     (o->timeout.nstates + 1) * sizeof(*s));
	s = &o->timeout.states[o->timeout.nstates++];
	s->name = xstrdup(w->text);
	s->location = w->location;
	s->seconds = ms / 1000;
}

/* policy = { STATE : VALUE [, STATE : VALUE]... }: the states are the
 * protocol's, which may come later, so they are checked when evaluated */
static int parse_policy(struct wparse *p)
{
	unsigned int i = 3;
	uint64_t ms;

	if (!wp_is(p, 1, "="))
		return wp_syntax(p, 1, "'='");
	if (!wp_is(p, 2, "{"))
		return wp_syntax(p, 2, "'{'");
	/* "policy = {  }" is how 1.1.3 lists a policy of defaults, which
	 * it then refuses to read back: we read it */
	if (wp_is(p, 3, "}"))
		return 4;
	for (;;) {
		if (i >= p->n || p->w[i].quoted || wp_is(p, i, "}") ||
		    isdigit((unsigned char)p->w[i].text[0]))
			return wp_syntax(p, i, "string");
		if (!wp_is(p, i + 1, ":"))
			return wp_syntax(p, i + 1, "colon");
		if (wp_time(p, i + 2, 1000, &ms) < 0)
			return -1;
		timeout_states_add(p->o, &p->w[i], ms);
		i += 3;
		if (wp_is(p, i, "}"))
			return i + 1;
		if (!wp_is(p, i, ","))
			return wp_syntax(p, i, "comma or '}'");
		i++;
	}
}

/* protocol tcp | l3proto ip | policy = { ... } */
static int ct_timeout_parse(struct wparse *p)
{
	struct sobj *o = p->o;
	const struct timeout_proto *tp;
	unsigned int i;

	if (wp_is(p, 0, "protocol")) {
		if (wp_l4proto(p, 1, true, &o->timeout.l4proto) < 0)
			return -1;
		tp = timeout_proto(o->timeout.l4proto);
		if (!tp)
			return wp_error(p, &p->w[1],
					"ct timeout policies for %s are not supported yet",
					p->w[1].text);
		for (i = 0; i < tp->n; i++)
			o->timeout.timeout[i] = tp->dflt[i];
		return 2;
	}
	if (wp_is(p, 0, "l3proto"))
		return wp_l3proto(p, 1, &o->timeout.l3proto) < 0 ? -1 : 2;
	if (wp_is(p, 0, "policy"))
		return parse_policy(p);
	return wp_syntax(p, 0, NULL);
}

/* ---- evaluation ---- */

/* The policy as written, in the protocol's states (the unit tests check
 * them without an evaluation context). */
int sobj_states_evaluate(struct sobj *o, struct list_head *msgs)
{
	const struct timeout_proto *tp;
	const struct sobj_state *s;
	unsigned int i;
	int st;

	if (o->type != NFT_OBJECT_CT_TIMEOUT)
		return 0;
	tp = timeout_proto(o->timeout.l4proto);
	for (i = 0; i < o->timeout.nstates; i++) {
		s = &o->timeout.states[i];
		st = tp ? timeout_state(tp, s->name) : -1;
		if (st < 0)
			return erec_error(msgs, &s->location,
					  "invalid state for this protocol");
		o->timeout.timeout[st] = s->seconds;
	}
	return 0;
}

/* 1.1.3 leaves a missing protocol to the kernel; the family is the
 * table's */
static int ct_timeout_evaluate(struct eval_ctx *ectx, struct sobj *o)
{
	if (sobj_states_evaluate(o, ectx->msgs) < 0)
		return -1;
	o->l3proto_implicit = !o->timeout.l3proto;
	if (!o->timeout.l3proto)
		o->timeout.l3proto = o->handle.family;
	return 0;
}

/* ---- netlink ---- */

static void ct_timeout_nl_parse(struct sobj *o, struct nftnl_obj *nlo,
				const struct nlmsghdr *nlh)
{
	if (timeout_nl_parse_data(nlh, o) < 0 ||
	    !sobj_l3proto_name(o->timeout.l3proto))
		o->undecoded = xstrdup("its protocol's policy is one this nft cannot print yet");
}

/* --debug=netlink: the settings go into the message by hand, so they
 * are given to libnftnl to print here (the states it prints are those
 * off its defaults; the family only where one was written, as 1.1.3
 * prints it) */
static void ct_timeout_debug(struct nftnl_obj *nlo, const struct sobj *o)
{
	nftnl_obj_set_u32(nlo, NFTNL_OBJ_TYPE, NFT_OBJECT_CT_TIMEOUT);
	nftnl_obj_set_u8(nlo, NFTNL_OBJ_CT_TIMEOUT_L4PROTO, o->timeout.l4proto);
	nftnl_obj_set_data(nlo, NFTNL_OBJ_CT_TIMEOUT_ARRAY, o->timeout.timeout,
			   sizeof(o->timeout.timeout));
	if (!o->l3proto_implicit)
		nftnl_obj_set_u16(nlo, NFTNL_OBJ_CT_TIMEOUT_L3PROTO,
				  o->timeout.l3proto);
}

/* ---- output ---- */

/* "established : 2h, close : 10s": the states off their defaults */
static void print_policy_states(const struct sobj *o,
				struct output_ctx *octx, bool numeric)
{
	const struct timeout_proto *tp = timeout_proto(o->timeout.l4proto);
	const char *sep = "";
	unsigned int i;

	for (i = 0; tp && i < tp->n; i++) {
		if (o->timeout.timeout[i] == tp->dflt[i])
			continue;
		nft_print(octx, "%s%s : ", sep, tp->states[i]);
		if (numeric)
			nft_print(octx, "%us", o->timeout.timeout[i]);
		else
			sobj_print_duration(octx,
				       (uint64_t)o->timeout.timeout[i] * 1000);
		sep = ", ";
	}
}

static void ct_timeout_print(const struct sobj *o, struct output_ctx *octx,
			     const char *tab, const char *nl)
{
	nft_print(octx, "%sprotocol %s\n", tab,
		  sobj_l4proto_name(o->timeout.l4proto));
	nft_print(octx, "%sl3proto %s\n", tab,
		  sobj_l3proto_name(o->timeout.l3proto));
	nft_print(octx, "%spolicy = { ", tab);
	print_policy_states(o, octx, nft_output_numeric_time(octx));
	nft_print(octx, " }\n");
}

static void ct_timeout_echo(const struct sobj *o, struct output_ctx *octx)
{
	nft_print(octx, "protocol %s; l3proto %s; policy = { ",
		  sobj_l4proto_name(o->timeout.l4proto),
		  sobj_l3proto_name(o->timeout.l3proto));
	print_policy_states(o, octx, false);
	nft_print(octx, " }; ");
}

static void ct_timeout_json(const struct sobj *o, json_t *r)
{
	const struct timeout_proto *tp;
	unsigned int i;
	json_t *pol;

	tp = timeout_proto(o->timeout.l4proto);
	json_object_set_new(r, "protocol", json_string(
			sobj_l4proto_name(o->timeout.l4proto)));
	json_object_set_new(r, "l3proto", json_string(
			sobj_l3proto_name(o->timeout.l3proto)));
	pol = json_object();
	for (i = 0; tp && i < tp->n; i++)
		if (o->timeout.timeout[i] != tp->dflt[i])
			json_object_set_new(pol, tp->states[i],
				json_integer(o->timeout.timeout[i]));
	/* 1.1.3 writes null for a policy of defaults only */
	if (!json_object_size(pol)) {
		json_decref(pol);
		pol = json_null();
	}
	json_object_set_new(r, "policy", pol);
}

static int ct_timeout_json_parse(struct json_ctx *jctx, json_t *obj,
				 struct sobj *o)
{
	const struct timeout_proto *tp;
	const char *key;
	uint64_t v = 0;
	json_t *val, *f;
	size_t idx;
	int st;

	if (sobj_json_proto(jctx, obj, "protocol", false, NULL,
			    &o->timeout.l4proto) <= 0 ||
	    sobj_json_proto(jctx, obj, "l3proto", true,
			    &o->timeout.l3proto, NULL) < 0)
		return json_error(jctx, "protocol",
				  "a ct timeout needs a protocol");
	tp = timeout_proto(o->timeout.l4proto);
	if (!tp)
		return json_error(jctx, "protocol",
				  "ct timeout policies for this protocol are not supported yet");
	for (idx = 0; idx < tp->n; idx++)
		o->timeout.timeout[idx] = tp->dflt[idx];
	/* libnftables-json(5)'s one "state" and "value" */
	if (json_opt_string(jctx, obj, "state", &key) > 0) {
		st = timeout_state(tp, key);
		if (st < 0 || sobj_json_u64(jctx, obj, "value",
					    UINT32_MAX, &v) <= 0)
			return json_error(jctx, "state",
					  "invalid state \"%s\" or no \"value\"",
					  key);
		o->timeout.timeout[st] = v;
	}
	f = json_object_get(obj, "policy");
	json_object_foreach(f, key, val) {
		st = timeout_state(tp, key);
		if (st < 0 || !json_is_integer(val))
			return json_error(jctx, "policy",
					  "invalid policy state \"%s\"",
					  key);
		o->timeout.timeout[st] = json_integer_value(val);
	}
	return 0;
}

static void ct_timeout_free(struct sobj *o)
{
	unsigned int i;

	for (i = 0; i < o->timeout.nstates; i++)
		xfree(o->timeout.states[i].name);
	xfree(o->timeout.states);
}

const struct sobj_ops sobj_ct_timeout_ops = {
	.type		= NFT_OBJECT_CT_TIMEOUT,
	.name		= "ct timeout",
	.plural		= "ct timeouts",
	.one		= CMD_OBJ_CT_TIMEOUT,
	.all		= CMD_OBJ_CT_TIMEOUTS,
	.ref		= "ct timeout set",
	.items		= true,
	.parse		= ct_timeout_parse,
	.evaluate	= ct_timeout_evaluate,
	.nl_parse	= ct_timeout_nl_parse,
	.nl_put		= ct_timeout_nl_put,
	.debug		= ct_timeout_debug,
	.print		= ct_timeout_print,
	.echo		= ct_timeout_echo,
	.json		= ct_timeout_json,
	.json_parse	= ct_timeout_json_parse,
	.free		= ct_timeout_free,
};
