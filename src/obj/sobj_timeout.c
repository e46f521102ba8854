/*
 * ct timeout policies: for each protocol the kernel keeps a policy for,
 * its states (in the kernel's attribute order, CTA_TIMEOUT_<PROTO>_*) and
 * their defaults (what a fresh network namespace's object gets for a
 * state the policy leaves out: listings print only the other states).
 *
 * libnftnl (1.2.4) carries the policies of tcp and udp only: for any
 * other protocol it sends an empty policy and reads none back. So the
 * object's NFTA_OBJ_TYPE and NFTA_OBJ_DATA are written and read here,
 * for every protocol alike, from the one table below.
 */
#include <sobj.h>
#include <nft.h>
#include <string.h>
#include <arpa/inet.h>
#include <netinet/in.h>
#include <libmnl/libmnl.h>
#include <linux/netfilter/nfnetlink.h>
#include <linux/netfilter/nf_tables.h>

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

static const struct timeout_proto timeout_protos[] = {
	TIMEOUT_PROTO(IPPROTO_TCP,	tcp_states,	tcp_dflt),
	TIMEOUT_PROTO(IPPROTO_UDP,	udp_states,	udp_dflt),
	TIMEOUT_PROTO(IPPROTO_UDPLITE,	udp_states,	udp_dflt),
	TIMEOUT_PROTO(IPPROTO_GRE,	udp_states,	gre_dflt),
	TIMEOUT_PROTO(IPPROTO_ICMP,	icmp_states,	icmp_dflt),
	TIMEOUT_PROTO(IPPROTO_ICMPV6,	icmp_states,	icmp_dflt),
	TIMEOUT_PROTO(IPPROTO_SCTP,	sctp_states,	sctp_dflt),
};

const struct timeout_proto *sobj_timeout_proto(uint8_t l4proto)
{
	unsigned int i;

	for (i = 0; i < array_size(timeout_protos); i++)
		if (timeout_protos[i].l4proto == l4proto)
			return &timeout_protos[i];
	return NULL;
}

int sobj_timeout_state(const struct timeout_proto *tp, const char *name)
{
	unsigned int i;

	for (i = 0; i < tp->n; i++)
		if (!strcmp(tp->states[i], name))
			return i;
	return -1;
}

void sobj_timeout_nl_put(struct nlmsghdr *nlh, const struct sobj *o)
{
	const struct timeout_proto *tp = sobj_timeout_proto(o->timeout.l4proto);
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
	const struct timeout_proto *tp = sobj_timeout_proto(o->timeout.l4proto);
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

int sobj_timeout_nl_parse(const struct nlmsghdr *nlh, struct sobj *o)
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
