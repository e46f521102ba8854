/*
 * nft monitor trace: the kernel's trace events of packets marked with
 * "meta nftrace set 1", printed as upstream 1.1.3 prints them:
 *
 *   trace id 6226744e inet t in packet: iif "v0" ether saddr ... ip saddr ...
 *   trace id 6226744e inet t in rule icmp type echo-request jump sub (verdict jump sub)
 *   trace id 6226744e inet t in policy accept meta mark 0x00000007
 *
 * A base chain's first event carries the packet's headers: they print as
 * matches on each field the reference shows, in its order (the tables
 * below, found by tracing real packets through it). Rules print from the
 * ruleset as it was when the monitor started, as the reference keeps
 * them; a rule added since is an "unknown rule handle N". 1.1.3 prints
 * trace events as text under -j as well.
 */
#include <errno.h>
#include <net/if.h>
#include <net/if_arp.h>
#include <limits.h>
#include <string.h>
#include <inttypes.h>
#include <gmp.h>
#include <libmnl/libmnl.h>
#include <libnftnl/trace.h>
#include <linux/netfilter.h>
#include <linux/netfilter/nf_tables.h>

#include <nftables.h>
#include <cache.h>
#include <datatype.h>
#include <expr.h>
#include <print.h>
#include <proto.h>
#include <rule.h>
#include <trace.h>

/* One header field as a trace prints it. */
struct trace_field {
	const char *token;
	unsigned int offset;		/* bits */
	unsigned int len;		/* bits */
	const struct datatype *dtype;
	bool flags;			/* "tcp flags == syn", "== 0x12" */
};

/* A header: its fields in the order the reference prints them; those it
 * leaves out (versions, lengths of the header, checksums of ip and tcp,
 * sequence numbers) are not here. */
struct trace_hdr {
	const char *name;
	const struct trace_field *fields;
	unsigned int num;
};

#define TF(_t, _o, _l, _d)	{ (_t), (_o), (_l), (_d), false }

static const struct trace_field trace_eth_fields[] = {
	TF("saddr", 48, 48, &etheraddr_type),
	TF("daddr", 0, 48, &etheraddr_type),
};

static const struct trace_field trace_ip_fields[] = {
	TF("saddr", 96, 32, &ipaddr_type),
	TF("daddr", 128, 32, &ipaddr_type),
	TF("dscp", 8, 6, &dscp_type),
	TF("ecn", 14, 2, &ecn_type),
	TF("ttl", 64, 8, &integer_type),
	TF("id", 32, 16, &integer_type),
	TF("protocol", 72, 8, &inet_protocol_type),
	TF("length", 16, 16, &integer_type),
};

static const struct trace_field trace_ip6_fields[] = {
	TF("saddr", 64, 128, &ip6addr_type),
	TF("daddr", 192, 128, &ip6addr_type),
	TF("dscp", 4, 6, &dscp_type),
	TF("ecn", 10, 2, &ecn_type),
	TF("hoplimit", 56, 8, &integer_type),
	TF("flowlabel", 12, 20, &integer_type),
	TF("nexthdr", 48, 8, &inet_protocol_type),
	TF("length", 32, 16, &integer_type),
};

static const struct trace_field trace_tcp_fields[] = {
	TF("sport", 0, 16, &inet_service_type),
	TF("dport", 16, 16, &inet_service_type),
	{ "flags", 104, 8, &tcp_flag_type, true },
	TF("window", 112, 16, &integer_type),
};

static const struct trace_field trace_udp_fields[] = {
	TF("sport", 0, 16, &inet_service_type),
	TF("dport", 16, 16, &inet_service_type),
	TF("length", 32, 16, &integer_type),
	TF("checksum", 48, 16, &integer_type),
};

/* codes print as numbers; the bits after the checksum as the first
 * field there whatever the message type (echo's id and sequence) */
static const struct trace_field trace_icmp_fields[] = {
	TF("type", 0, 8, &icmp_type_type),
	TF("code", 8, 8, &integer_type),
	TF("id", 32, 16, &integer_type),
	TF("sequence", 48, 16, &integer_type),
};

static const struct trace_field trace_icmp6_fields[] = {
	TF("type", 0, 8, &icmp6_type_type),
	TF("code", 8, 8, &integer_type),
	TF("parameter-problem", 32, 32, &integer_type),
	TF("taddr", 64, 128, &ip6addr_type),
	TF("daddr", 192, 128, &ip6addr_type),
};

static const struct trace_field trace_sctp_fields[] = {
	TF("sport", 0, 16, &inet_service_type),
	TF("dport", 16, 16, &inet_service_type),
	TF("vtag", 32, 32, &integer_type),
};

static const struct trace_field trace_udplite_fields[] = {
	TF("sport", 0, 16, &inet_service_type),
	TF("dport", 16, 16, &inet_service_type),
	TF("csumcov", 32, 16, &integer_type),
	TF("checksum", 48, 16, &integer_type),
};

static const struct trace_field trace_ports_fields[] = {
	TF("sport", 0, 16, &inet_service_type),
	TF("dport", 16, 16, &inet_service_type),
};

static const struct trace_field trace_igmp_fields[] = {
	TF("type", 0, 8, &igmp_type_type),
	TF("mrt", 8, 8, &integer_type),
};

static const struct trace_field trace_esp_fields[] = {
	TF("spi", 0, 32, &integer_type),
	TF("sequence", 32, 32, &integer_type),
};

static const struct trace_field trace_ah_fields[] = {
	TF("spi", 32, 32, &integer_type),
	TF("hdrlength", 8, 8, &integer_type),
	TF("nexthdr", 0, 8, &inet_protocol_type),
};

static const struct trace_field trace_gre_fields[] = {
	TF("flags", 0, 5, &integer_type),
};

static const struct trace_field trace_comp_fields[] = {
	TF("nexthdr", 0, 8, &inet_protocol_type),
	TF("flags", 8, 8, &xinteger_type),
	TF("cpi", 16, 16, &integer_type),
};

/* of an ARP header only its operation */
static const struct trace_field trace_arp_fields[] = {
	TF("operation", 48, 16, &arpop_type),
};

#define HDR(_n, _f)	{ (_n), (_f), array_size(_f) }

static const struct trace_hdr trace_eth = HDR("ether", trace_eth_fields);
/* the tag the kernel puts back into the link layer header it sends, its
 * bits counted from the header's start */
static const struct trace_field trace_vlan_fields[] = {
	TF("pcp", 112, 3, &integer_type),
	TF("dei", 115, 1, &integer_type),
	TF("id", 116, 12, &integer_type),
};
static const struct trace_hdr trace_vlan = HDR("vlan", trace_vlan_fields);
static const struct trace_hdr trace_ip = HDR("ip", trace_ip_fields);
static const struct trace_hdr trace_ip6 = HDR("ip6", trace_ip6_fields);
static const struct trace_hdr trace_arp = HDR("arp", trace_arp_fields);

static const struct {
	uint8_t proto;
	struct trace_hdr hdr;
} trace_transports[] = {
	{ IPPROTO_TCP, HDR("tcp", trace_tcp_fields) },
	{ IPPROTO_UDP, HDR("udp", trace_udp_fields) },
	{ IPPROTO_ICMP, HDR("icmp", trace_icmp_fields) },
	{ IPPROTO_ICMPV6, HDR("icmpv6", trace_icmp6_fields) },
	{ IPPROTO_SCTP, HDR("sctp", trace_sctp_fields) },
	{ IPPROTO_UDPLITE, HDR("udplite", trace_udplite_fields) },
	{ IPPROTO_DCCP, HDR("dccp", trace_ports_fields) },
	{ IPPROTO_IGMP, HDR("igmp", trace_igmp_fields) },
	{ IPPROTO_ESP, HDR("esp", trace_esp_fields) },
	{ IPPROTO_AH, HDR("ah", trace_ah_fields) },
	{ IPPROTO_GRE, HDR("gre", trace_gre_fields) },
	{ IPPROTO_COMP, HDR("comp", trace_comp_fields) },
};

/* Bits @off..@off+@len of @data (@size bytes) as a number; a field
 * that runs past the data is the bits there are, as the reference reads
 * it (an echo's "icmpv6 taddr" from the 20 bytes the kernel sends). */
static void trace_bits(const uint8_t *data, unsigned int size,
		       unsigned int off, unsigned int len, mpz_t v)
{
	unsigned int end = off + len, i;

	if (end > size * BITS_PER_BYTE)
		end = size * BITS_PER_BYTE;
	mpz_set_ui(v, 0);
	for (i = off; i < end; i++) {
		mpz_mul_2exp(v, v, 1);
		if (data[i / BITS_PER_BYTE] & (0x80 >> (i % BITS_PER_BYTE)))
			mpz_add_ui(v, v, 1);
	}
}

static void trace_print_flags(struct output_ctx *octx,
			      const struct datatype *dtype, const mpz_t v)
{
	struct expr *e;

	/* one flag by its name, more as a number */
	if (mpz_popcount(v) != 1) {
		nft_print(octx, "== 0x%lx ", mpz_get_ui(v));
		return;
	}
	e = constant_expr_alloc_mpz(&internal_location, dtype,
				    BYTEORDER_BIG_ENDIAN, BITS_PER_BYTE, v);
	nft_print(octx, "== ");
	datatype_print(e, octx);
	nft_print(octx, " ");
	expr_free(e);
}

/* @h's fields in @data but the one at bit @skip (UINT_MAX: none). */
static void trace_print_hdr(struct output_ctx *octx,
			    const struct trace_hdr *h, const uint8_t *data,
			    unsigned int size, unsigned int skip)
{
	const struct trace_field *f;
	struct expr *e;
	unsigned int i;
	mpz_t v;

	mpz_init(v);
	for (i = 0; i < h->num; i++) {
		f = &h->fields[i];
		if (f->offset >= size * BITS_PER_BYTE || f->offset == skip)
			continue;
		trace_bits(data, size, f->offset, f->len, v);
		nft_print(octx, "%s %s ", h->name, f->token);
		if (f->flags) {
			trace_print_flags(octx, f->dtype, v);
			continue;
		}
		e = constant_expr_alloc_mpz(&internal_location, f->dtype,
					    BYTEORDER_BIG_ENDIAN, f->len, v);
		datatype_print(e, octx);
		nft_print(octx, " ");
		expr_free(e);
	}
	mpz_clear(v);
}

static const struct trace_hdr *trace_transport(uint8_t proto)
{
	unsigned int i;

	for (i = 0; i < array_size(trace_transports); i++)
		if (trace_transports[i].proto == proto)
			return &trace_transports[i].hdr;
	return NULL;
}

static const void *trace_data(const struct nftnl_trace *t, uint16_t attr,
			      uint32_t *len)
{
	*len = 0;
	if (!nftnl_trace_is_set(t, attr))
		return NULL;
	return nftnl_trace_get_data(t, attr, len);
}

/* The network header by the packet's protocol: the ether type where
 * there is a link layer header (netdev, bridge), else the family's. */
/* An 802.1Q tag after the addresses, its type then that of the packet. */
static bool trace_vlan_tagged(const uint8_t *ll, uint32_t ll_len)
{
	return ll_len >= 18 && ll[12] == 0x81 && ll[13] == 0x00;
}

static const struct trace_hdr *trace_network(const struct nftnl_trace *t,
					     const uint8_t *ll,
					     uint32_t ll_len,
					     uint8_t *proto_at)
{
	uint32_t nfproto = nftnl_trace_is_set(t, NFTNL_TRACE_NFPROTO) ?
			   nftnl_trace_get_u32(t, NFTNL_TRACE_NFPROTO) : 0;
	uint16_t ethertype;

	if (ll && ll_len >= 14) {
		ethertype = ll[12] << 8 | ll[13];
		if (trace_vlan_tagged(ll, ll_len))
			ethertype = ll[16] << 8 | ll[17];
		if (ethertype == 0x0800)
			nfproto = NFPROTO_IPV4;
		else if (ethertype == 0x86dd)
			nfproto = NFPROTO_IPV6;
		else if (ethertype == 0x0806)
			nfproto = NFPROTO_ARP;
	}
	if (nfproto == NFPROTO_ARP) {
		*proto_at = UINT8_MAX;	/* no transport header */
		return &trace_arp;
	}
	if (nfproto == NFPROTO_IPV4) {
		*proto_at = 9;
		return &trace_ip;
	}
	if (nfproto == NFPROTO_IPV6) {
		*proto_at = 6;
		return &trace_ip6;
	}
	return NULL;
}

static void trace_print_dev(struct output_ctx *octx,
			    const struct nftnl_trace *t, uint16_t attr,
			    const char *word)
{
	char name[IF_NAMESIZE];
	uint32_t index;

	if (!nftnl_trace_is_set(t, attr))
		return;
	index = nftnl_trace_get_u32(t, attr);
	if (if_indextoname(index, name))
		nft_print(octx, "%s \"%s\" ", word, name);
	else
		nft_print(octx, "%s %u ", word, index);
}

/* In an ip or ip6 table the transport header printed says which it is:
 * 1.1.3 leaves out "ip protocol" ("ip6 nexthdr") then, as a dependency;
 * in inet, bridge and netdev tables it prints it. */
static bool trace_proto_implied(const struct nftnl_trace *t, bool transport)
{
	uint32_t family = nftnl_trace_get_u32(t, NFTNL_TRACE_FAMILY);

	return transport &&
	       (family == NFPROTO_IPV4 || family == NFPROTO_IPV6);
}

static bool trace_has_packet(const struct nftnl_trace *t)
{
	return nftnl_trace_is_set(t, NFTNL_TRACE_NETWORK_HEADER) ||
	       nftnl_trace_is_set(t, NFTNL_TRACE_LL_HEADER) ||
	       nftnl_trace_is_set(t, NFTNL_TRACE_IIF) ||
	       nftnl_trace_is_set(t, NFTNL_TRACE_OIF);
}

static void trace_print_packet(struct output_ctx *octx,
			       const struct nftnl_trace *t)
{
	const struct trace_hdr *net, *th = NULL;
	const uint8_t *ll, *nh, *tp;
	uint32_t ll_len, nh_len, tp_len;
	uint8_t proto_at = 0;

	nft_print(octx, "packet: ");
	trace_print_dev(octx, t, NFTNL_TRACE_IIF, "iif");
	trace_print_dev(octx, t, NFTNL_TRACE_OIF, "oif");
	ll = trace_data(t, NFTNL_TRACE_LL_HEADER, &ll_len);
	if (ll && nftnl_trace_is_set(t, NFTNL_TRACE_IIFTYPE) &&
	    nftnl_trace_get_u16(t, NFTNL_TRACE_IIFTYPE) == ARPHRD_ETHER) {
		trace_print_hdr(octx, &trace_eth, ll, ll_len, UINT_MAX);
		if (trace_vlan_tagged(ll, ll_len))
			trace_print_hdr(octx, &trace_vlan, ll, ll_len,
					UINT_MAX);
	}
	nh = trace_data(t, NFTNL_TRACE_NETWORK_HEADER, &nh_len);
	net = nh ? trace_network(t, ll, ll_len, &proto_at) : NULL;
	if (net && proto_at != UINT8_MAX && nh_len > proto_at)
		th = trace_transport(nh[proto_at]);
	tp = trace_data(t, NFTNL_TRACE_TRANSPORT_HEADER, &tp_len);
	if (net)
		trace_print_hdr(octx, net, nh, nh_len,
				trace_proto_implied(t, th && tp) ?
				proto_at * BITS_PER_BYTE : UINT_MAX);
	if (th && tp)
		trace_print_hdr(octx, th, tp, tp_len, UINT_MAX);
	nft_print(octx, "\n");
}

static const char *trace_verdict_name(int32_t code)
{
	switch (code) {
	case NFT_CONTINUE:	return "continue";
	case NFT_BREAK:		return "break";
	case NFT_JUMP:		return "jump";
	case NFT_GOTO:		return "goto";
	case NFT_RETURN:	return "return";
	}
	switch (code & NF_VERDICT_MASK) {
	case NF_DROP:		return "drop";
	case NF_ACCEPT:		return "accept";
	case NF_STOLEN:		return "stolen";
	case NF_QUEUE:		return "queue";
	case NF_REPEAT:		return "repeat";
	case NF_STOP:		return "stop";
	}
	return "unknown";
}

static void trace_print_verdict(struct output_ctx *octx,
				const struct nftnl_trace *t)
{
	int32_t code = nftnl_trace_get_u32(t, NFTNL_TRACE_VERDICT);

	nft_print(octx, "(verdict %s", trace_verdict_name(code));
	if ((code == NFT_JUMP || code == NFT_GOTO) &&
	    nftnl_trace_is_set(t, NFTNL_TRACE_JUMP_TARGET))
		nft_print(octx, " %s",
			  nftnl_trace_get_str(t, NFTNL_TRACE_JUMP_TARGET));
	nft_print(octx, ")");
}

/* The rule of the trace, from the ruleset the monitor started with. */
static const struct rule *trace_rule(struct nft_ctx *nft,
				     const struct nftnl_trace *t)
{
	uint64_t handle = nftnl_trace_get_u64(t, NFTNL_TRACE_RULE_HANDLE);
	const struct table *tab;
	const struct chain *c;
	const struct rule *r;

	tab = cache_table_lookup(&nft->cache,
				 nftnl_trace_get_u32(t, NFTNL_TRACE_FAMILY),
				 nftnl_trace_get_str(t, NFTNL_TRACE_TABLE));
	c = tab ? table_lookup_chain(tab,
				     nftnl_trace_get_str(t, NFTNL_TRACE_CHAIN)) :
		  NULL;
	if (!c)
		return NULL;
	list_for_each_entry(r, &c->rules, list)
		if (r->handle.handle.id == handle && !r->undecoded)
			return r;
	return NULL;
}

static void trace_print_rule(struct nft_ctx *nft, const struct nftnl_trace *t)
{
	struct output_ctx *octx = &nft->octx;
	const struct rule *r = trace_rule(nft, t);

	if (r) {
		nft_print(octx, "rule ");
		octx->family = r->handle.family;
		rule_print(r, octx);
		nft_print(octx, " ");
	} else {
		nft_print(octx, "unknown rule handle %" PRIu64 " ",
			  nftnl_trace_get_u64(t, NFTNL_TRACE_RULE_HANDLE));
	}
	trace_print_verdict(octx, t);
	nft_print(octx, "\n");
}

static void trace_print_policy(struct output_ctx *octx,
			       const struct nftnl_trace *t)
{
	uint32_t policy = nftnl_trace_get_u32(t, NFTNL_TRACE_POLICY);

	nft_print(octx, "policy %s ", policy == NF_ACCEPT ? "accept" : "drop");
	if (nftnl_trace_is_set(t, NFTNL_TRACE_MARK))
		nft_print(octx, "meta mark 0x%08x ",
			  nftnl_trace_get_u32(t, NFTNL_TRACE_MARK));
	nft_print(octx, "\n");
}

static void trace_print_prefix(struct output_ctx *octx,
			       const struct nftnl_trace *t)
{
	nft_print(octx, "trace id %08x %s %s %s ",
		  nftnl_trace_get_u32(t, NFTNL_TRACE_ID),
		  family_name(nftnl_trace_get_u32(t, NFTNL_TRACE_FAMILY)),
		  nftnl_trace_get_str(t, NFTNL_TRACE_TABLE),
		  nftnl_trace_get_str(t, NFTNL_TRACE_CHAIN));
}

static bool trace_complete(const struct nftnl_trace *t)
{
	return nftnl_trace_is_set(t, NFTNL_TRACE_ID) &&
	       nftnl_trace_is_set(t, NFTNL_TRACE_TYPE) &&
	       nftnl_trace_is_set(t, NFTNL_TRACE_FAMILY) &&
	       nftnl_trace_is_set(t, NFTNL_TRACE_TABLE) &&
	       nftnl_trace_is_set(t, NFTNL_TRACE_CHAIN);
}

int trace_event(struct nft_ctx *nft, const struct nlmsghdr *nlh)
{
	struct output_ctx *octx = &nft->octx;
	struct nftnl_trace *t = nftnl_trace_alloc();
	uint32_t type;

	if (!t)
		memory_allocation_error();
	if (nftnl_trace_nlmsg_parse(nlh, t) < 0 || !trace_complete(t)) {
		nftnl_trace_free(t);
		fprintf(octx->error_fp,
			"Error: cannot parse a trace event of the kernel\n");
		return -1;
	}
	type = nftnl_trace_get_u32(t, NFTNL_TRACE_TYPE);
	if (trace_has_packet(t)) {
		trace_print_prefix(octx, t);
		trace_print_packet(octx, t);
	}
	switch (type) {
	case NFT_TRACETYPE_RULE:
		/* the end of a chain's rules: no rule, nothing printed */
		if (!nftnl_trace_is_set(t, NFTNL_TRACE_RULE_HANDLE) ||
		    !nftnl_trace_is_set(t, NFTNL_TRACE_VERDICT))
			break;
		trace_print_prefix(octx, t);
		trace_print_rule(nft, t);
		break;
	case NFT_TRACETYPE_POLICY:
		if (!nftnl_trace_is_set(t, NFTNL_TRACE_POLICY))
			break;
		trace_print_prefix(octx, t);
		trace_print_policy(octx, t);
		break;
	case NFT_TRACETYPE_RETURN:
		/* kernels before 6.18 tell where a chain returns: at its
		 * end ("verdict continue") or by a "return" rule */
		if (!nftnl_trace_is_set(t, NFTNL_TRACE_VERDICT))
			break;
		trace_print_prefix(octx, t);
		nft_print(octx, "verdict %s \n", trace_verdict_name(
				nftnl_trace_get_u32(t, NFTNL_TRACE_VERDICT)));
		break;
	default:
		break;
	}
	nftnl_trace_free(t);
	return 0;
}
