/*
 * Protocol header descriptors: one row per header field (offsets and
 * lengths in bits), one row per upper-layer protocol. Payload
 * expressions, dependency generation and dependency removal when listing
 * are all driven from these tables and the protocol context.
 */
#include <nft.h>
#include <proto.h>
#include <expr.h>
#include <string.h>
#include <linux/netfilter.h>
#include <linux/if_arp.h>

#define HDR_FIELD(_token, _dtype, _offset, _len) {		\
	.token = (_token), .dtype = (_dtype), .offset = (_offset),	\
	.len = (_len), .byteorder = BYTEORDER_BIG_ENDIAN,		\
}
/* A field of some message types only (see proto_hdr_template.types). */
#define HDR_TYPED(_token, _dtype, _offset, _len, _n, ...) {		\
	.token = (_token), .dtype = (_dtype), .offset = (_offset),	\
	.len = (_len), .byteorder = BYTEORDER_BIG_ENDIAN,		\
	.num_types = (_n), .types = { __VA_ARGS__ },			\
}

/* Hex printed integer fields ("ip frag-off 0x4000", raw payloads). */
#define HDR_HEX(_token, _offset, _len) \
	HDR_FIELD(_token, &xinteger_type, _offset, _len)
#define HDR_INT(_token, _offset, _len) \
	HDR_FIELD(_token, &integer_type, _offset, _len)

/* Ports at the start of most transport headers. */
#define HDR_PORTS \
	[1] = HDR_FIELD("sport", &inet_service_type, 0, 16),	\
	[2] = HDR_FIELD("dport", &inet_service_type, 16, 16)

const struct proto_desc proto_th = {
	.name = "th",
	.base = PROTO_BASE_TRANSPORT_HDR,
	.length = 32,
	.generic = true,
	.templates = { HDR_PORTS },
};

const struct proto_desc proto_tcp = {
	.name = "tcp",
	.base = PROTO_BASE_TRANSPORT_HDR,
	.length = 160,
	.templates = {
		HDR_PORTS,
		[3] = HDR_INT("sequence", 32, 32),
		[4] = HDR_INT("ackseq", 64, 32),
		[5] = HDR_INT("doff", 96, 4),
		[6] = HDR_INT("reserved", 100, 4),
		[7] = HDR_FIELD("flags", &tcp_flag_type, 104, 8),
		[8] = HDR_INT("window", 112, 16),
		[9] = HDR_INT("checksum", 128, 16),
		[10] = HDR_INT("urgptr", 144, 16),
	},
};

const struct proto_desc proto_udp = {
	.name = "udp",
	.base = PROTO_BASE_TRANSPORT_HDR,
	.length = 64,
	.templates = {
		HDR_PORTS,
		[3] = HDR_INT("length", 32, 16),
		[4] = HDR_INT("checksum", 48, 16),
	},
};

static const struct proto_desc proto_udplite = {
	.name = "udplite",
	.base = PROTO_BASE_TRANSPORT_HDR,
	.length = 64,
	.templates = {
		HDR_PORTS,
		[3] = HDR_INT("csumcov", 32, 16),
		[4] = HDR_INT("checksum", 48, 16),
	},
};

static const struct proto_desc proto_sctp = {
	.name = "sctp",
	.base = PROTO_BASE_TRANSPORT_HDR,
	.length = 96,
	.templates = {
		HDR_PORTS,
		[3] = HDR_INT("vtag", 32, 32),
		[4] = HDR_INT("checksum", 64, 32),
	},
};

static const struct proto_desc proto_dccp = {
	.name = "dccp",
	.base = PROTO_BASE_TRANSPORT_HDR,
	.length = 128,
	.templates = {
		HDR_PORTS,
		[3] = HDR_FIELD("type", &dccp_pkttype_type, 67, 4),
	},
};

static const struct proto_desc proto_ah = {
	.name = "ah",
	.base = PROTO_BASE_TRANSPORT_HDR,
	.length = 96,
	.templates = {
		[1] = HDR_FIELD("nexthdr", &inet_protocol_type, 0, 8),
		[2] = HDR_INT("hdrlength", 8, 8),
		[3] = HDR_INT("reserved", 16, 16),
		[4] = HDR_INT("spi", 32, 32),
		[5] = HDR_INT("sequence", 64, 32),
	},
};

static const struct proto_desc proto_esp = {
	.name = "esp",
	.base = PROTO_BASE_TRANSPORT_HDR,
	.length = 64,
	.templates = {
		[1] = HDR_INT("spi", 0, 32),
		[2] = HDR_INT("sequence", 32, 32),
	},
};

static const struct proto_desc proto_comp = {
	.name = "comp",
	.base = PROTO_BASE_TRANSPORT_HDR,
	.length = 32,
	.templates = {
		[1] = HDR_FIELD("nexthdr", &inet_protocol_type, 0, 8),
		/* flags without names: a plain compare, in hex */
		[2] = { .token = "flags", .dtype = &xinteger_type,
			.offset = 8, .len = 8,
			.byteorder = BYTEORDER_BIG_ENDIAN, .bitmask = true },
		[3] = HDR_INT("cpi", 16, 16),
	},
};

/* GRE (RFC 2784): the flag bits and the version share two bytes. */
static const struct proto_desc proto_gre = {
	.name = "gre",
	.base = PROTO_BASE_TRANSPORT_HDR,
	.length = 32,
	.templates = {
		/* numbered as in 1.1.3's set user data */
		[1] = HDR_INT("version", 13, 3),
		[2] = HDR_INT("flags", 0, 5),
		[3] = HDR_FIELD("protocol", &ethertype_type, 16, 16),
	},
};

/*
 * Tunnel headers' own fields, at the kernel's tunnel base (the load's
 * base is the tunnel's, not a layer's); numbered as 1.1.3's set user
 * data numbers them. Never a layer of the protocol context: generic.
 */
const struct proto_desc proto_vxlan = {
	.name = "vxlan",
	.base = PROTO_BASE_INVALID,
	.length = 64,
	.generic = true,
	.templates = {
		[1] = HDR_INT("vni", 32, 24),
		/* a bitmask to 1.1.3 without names, compared as a number */
		[2] = { .token = "flags", .dtype = &integer_type,
			.offset = 0, .len = 8,
			.byteorder = BYTEORDER_BIG_ENDIAN, .bitmask = true },
	},
};

const struct proto_desc proto_geneve = {
	.name = "geneve",
	.base = PROTO_BASE_INVALID,
	.length = 64,
	.generic = true,
	.templates = {
		[1] = HDR_INT("vni", 32, 24),
		/* named on input, listed as a number by 1.1.3 (see
		 * payload_set_field()) */
		[2] = HDR_FIELD("type", &ethertype_type, 16, 16),
	},
};

/* Fields sharing an offset (id and gateway) decode to the first row. */
const struct proto_desc proto_icmp = {
	.name = "icmp",
	.base = PROTO_BASE_TRANSPORT_HDR,
	.length = 64,
	.network = &proto_ip,
	.type_key = 1,
	.templates = {
		[1] = HDR_FIELD("type", &icmp_type_type, 0, 8),
		[2] = HDR_FIELD("code", &icmp_code_type, 8, 8),
		[3] = HDR_INT("checksum", 16, 16),
		/* echo request, echo reply */
		[4] = HDR_TYPED("id", &integer_type, 32, 16, 2, 8, 0),
		[5] = HDR_TYPED("sequence", &integer_type, 48, 16,
				2, 8, 0),
		/* redirect, destination unreachable */
		[6] = HDR_TYPED("gateway", &integer_type, 32, 32, 1, 5),
		[7] = HDR_TYPED("mtu", &integer_type, 48, 16, 1, 3),
	},
};

const struct proto_desc proto_igmp = {
	.name = "igmp",
	.base = PROTO_BASE_TRANSPORT_HDR,
	.length = 64,
	.network = &proto_ip,
	.lists_network_dep = true,
	.templates = {
		[1] = HDR_FIELD("type", &igmp_type_type, 0, 8),
		[2] = HDR_INT("mrt", 8, 8),
		[3] = HDR_INT("checksum", 16, 16),
		[4] = HDR_INT("group", 32, 32),
	},
};

const struct proto_desc proto_icmp6 = {
	.name = "icmpv6",
	.base = PROTO_BASE_TRANSPORT_HDR,
	.length = 64,
	.network = &proto_ip6,
	.type_key = 1,
	.templates = {
		[1] = HDR_FIELD("type", &icmp6_type_type, 0, 8),
		[2] = HDR_FIELD("code", &icmpv6_code_type, 8, 8),
		[3] = HDR_INT("checksum", 16, 16),
		/* nft(8) calls it "packet-too-big", which the reference
		 * does not take; it has no name for a parameter problem's
		 * pointer either (it lists "parameter-problem", which it
		 * does not take): that lists raw, "@th,32,32" */
		[5] = HDR_TYPED("mtu", &integer_type, 32, 32, 1, 2),
		/* echo request, echo reply */
		[7] = HDR_TYPED("id", &integer_type, 32, 16, 2, 128, 129),
		[8] = HDR_TYPED("sequence", &integer_type, 48, 16,
				2, 128, 129),
		/* mld listener query */
		[9] = HDR_TYPED("max-delay", &integer_type, 32, 16, 1, 130),
		/* the target of neighbour discovery and mld messages, and
		 * a redirect's destination (upstream 1.1) */
		[10] = HDR_TYPED("taddr", &ip6addr_type, 64, 128,
				 6, 130, 131, 132, 135, 136, 137),
		[11] = HDR_TYPED("daddr", &ip6addr_type, 192, 128, 1, 137),
	},
};

/* Upper layers of IPv4 and IPv6 share the IANA protocol numbers. */
#define INET_UPPER_PROTOCOLS				\
	{ 1,   &proto_icmp },				\
	{ 2,   &proto_igmp },				\
	{ 6,   &proto_tcp },				\
	{ 17,  &proto_udp },				\
	{ 33,  &proto_dccp },				\
	{ 47,  &proto_gre },				\
	{ 50,  &proto_esp },				\
	{ 51,  &proto_ah },				\
	{ 58,  &proto_icmp6 },				\
	{ 108, &proto_comp },				\
	{ 132, &proto_sctp },				\
	{ 136, &proto_udplite }

enum {
	IP_PROTOCOL_FIELD = 9, IP6_NEXTHDR_FIELD = 6, ETH_TYPE_FIELD = 3,
	VLAN_TYPE_FIELD = 4,
};

const struct proto_desc proto_ip = {
	.name = "ip",
	.base = PROTO_BASE_NETWORK_HDR,
	.length = 160,
	.protocol_key = IP_PROTOCOL_FIELD,
	.protocols = { INET_UPPER_PROTOCOLS },
	.templates = {
		[1] = HDR_INT("version", 0, 4),
		[2] = HDR_INT("hdrlength", 4, 4),
		[3] = HDR_FIELD("dscp", &dscp_type, 8, 6),
		[4] = HDR_FIELD("ecn", &ecn_type, 14, 2),
		[5] = HDR_INT("length", 16, 16),
		[6] = HDR_INT("id", 32, 16),
		[7] = HDR_HEX("frag-off", 48, 16),
		[8] = HDR_INT("ttl", 64, 8),
		[IP_PROTOCOL_FIELD] =
			HDR_FIELD("protocol", &inet_protocol_type, 72, 8),
		[10] = HDR_INT("checksum", 80, 16),
		[11] = HDR_FIELD("saddr", &ipaddr_type, 96, 32),
		[12] = HDR_FIELD("daddr", &ipaddr_type, 128, 32),
	},
};

const struct proto_desc proto_ip6 = {
	.name = "ip6",
	.base = PROTO_BASE_NETWORK_HDR,
	.length = 320,
	.protocol_key = IP6_NEXTHDR_FIELD,
	.protocols = { INET_UPPER_PROTOCOLS },
	.templates = {
		[1] = HDR_INT("version", 0, 4),
		[2] = HDR_FIELD("dscp", &dscp_type, 4, 6),
		[3] = HDR_FIELD("ecn", &ecn_type, 10, 2),
		[4] = HDR_INT("flowlabel", 12, 20),
		[5] = HDR_INT("length", 32, 16),
		[IP6_NEXTHDR_FIELD] =
			HDR_FIELD("nexthdr", &inet_protocol_type, 48, 8),
		[7] = HDR_INT("hoplimit", 56, 8),
		[8] = HDR_FIELD("saddr", &ip6addr_type, 64, 128),
		[9] = HDR_FIELD("daddr", &ip6addr_type, 192, 128),
	},
};

/*
 * ARP has no upper layer: "tcp dport" in an arp table conflicts. The
 * addresses are those of Ethernet and IPv4 (hlen 6, plen 4).
 */
const struct proto_desc proto_arp = {
	.name = "arp",
	.base = PROTO_BASE_NETWORK_HDR,
	.length = 224,
	.templates = {
		[1] = HDR_INT("htype", 0, 16),
		[2] = HDR_FIELD("ptype", &ethertype_type, 16, 16),
		[3] = HDR_INT("hlen", 32, 8),
		[4] = HDR_INT("plen", 40, 8),
		[5] = HDR_FIELD("operation", &arpop_type, 48, 16),
		[6] = HDR_FIELD("saddr ether", &etheraddr_type, 64, 48),
		[7] = HDR_FIELD("saddr ip", &ipaddr_type, 112, 32),
		[8] = HDR_FIELD("daddr ether", &etheraddr_type, 144, 48),
		[9] = HDR_FIELD("daddr ip", &ipaddr_type, 192, 32),
	},
};

/* What an Ethernet type (of ether or of a vlan tag) selects. */
#define ETH_UPPER_PROTOCOLS				\
	{ 0x0800, &proto_ip },				\
	{ 0x0806, &proto_arp },				\
	{ 0x86dd, &proto_ip6 },				\
	{ 0x8100, &proto_vlan },			\
	{ 0x88a8, &proto_vlan }

/* An 802.1Q tag: stacks on ether (or on another tag) in the link layer. */
const struct proto_desc proto_vlan = {
	.name = "vlan",
	.base = PROTO_BASE_LL_HDR,
	.length = 32,
	.protocol_key = VLAN_TYPE_FIELD,
	.protocols = { ETH_UPPER_PROTOCOLS },
	.templates = {
		[1] = HDR_INT("pcp", 0, 3),
		[2] = HDR_INT("dei", 3, 1),
		[3] = HDR_INT("id", 4, 12),
		[VLAN_TYPE_FIELD] = HDR_FIELD("type", &ethertype_type, 16, 16),
		/* dei's old name: the same bit, listed as dei in rules
		 * (the first field there), kept as written in a typeof,
		 * which the system nft writes as a field of its own */
		[5] = HDR_INT("cfi", 3, 1),
	},
};

const struct proto_desc proto_eth = {
	.name = "ether",
	.base = PROTO_BASE_LL_HDR,
	.length = 112,
	.protocol_key = ETH_TYPE_FIELD,
	.protocols = { ETH_UPPER_PROTOCOLS },
	.templates = {
		[1] = HDR_FIELD("daddr", &etheraddr_type, 0, 48),
		[2] = HDR_FIELD("saddr", &etheraddr_type, 48, 48),
		[ETH_TYPE_FIELD] = HDR_FIELD("type", &ethertype_type, 96, 16),
	},
};

static const struct proto_desc *const proto_descs[] = {
	&proto_eth, &proto_vlan, &proto_arp, &proto_ip, &proto_ip6,
	&proto_icmp, &proto_icmp6, &proto_igmp, &proto_tcp, &proto_udp,
	&proto_udplite, &proto_sctp, &proto_dccp, &proto_ah, &proto_esp,
	&proto_comp, &proto_gre, &proto_th,
};

const struct proto_desc *proto_lookup(const char *name)
{
	unsigned int i;

	for (i = 0; i < array_size(proto_descs); i++)
		if (!strcmp(proto_descs[i]->name, name))
			return proto_descs[i];
	return NULL;
}

unsigned int proto_field_lookup(const struct proto_desc *desc,
				const char *token)
{
	unsigned int i;

	for (i = 1; i < PROTO_MAX_FIELDS; i++)
		if (desc->templates[i].token &&
		    !strcmp(desc->templates[i].token, token))
			return i;
	return 0;
}

bool proto_field_find(const struct proto_desc *desc, unsigned int offset,
		      unsigned int len, unsigned int *field)
{
	unsigned int i;

	for (i = 1; i < PROTO_MAX_FIELDS; i++) {
		const struct proto_hdr_template *t = &desc->templates[i];

		if (t->token && t->offset == offset && t->len == len) {
			*field = i;
			return true;
		}
	}
	return false;
}

static bool proto_field_has_type(const struct proto_hdr_template *t,
				  int type)
{
	unsigned int i;

	for (i = 0; i < t->num_types; i++)
		if (t->types[i] == type)
			return true;
	return false;
}

bool proto_field_of_type(const struct proto_hdr_template *t, int type)
{
	return type < 0 || t->num_types == 0 || proto_field_has_type(t, type);
}

bool proto_field_find_typed(const struct proto_desc *desc,
			    unsigned int offset, unsigned int len, int type,
			    unsigned int *field)
{
	unsigned int i;

	for (i = 1; type >= 0 && i < PROTO_MAX_FIELDS; i++) {
		const struct proto_hdr_template *t = &desc->templates[i];

		if (t->token && t->offset == offset && t->len == len &&
		    proto_field_has_type(t, type)) {
			*field = i;
			return true;
		}
	}
	/* not a field of another type: "icmp gateway" is not read in an
	 * echo request, whose id and sequence are there instead */
	for (i = 1; i < PROTO_MAX_FIELDS; i++) {
		const struct proto_hdr_template *t = &desc->templates[i];

		if (t->token && t->offset == offset && t->len == len &&
		    proto_field_of_type(t, type)) {
			*field = i;
			return true;
		}
	}
	return false;
}

const struct proto_desc *proto_find_upper(const struct proto_desc *desc,
					  uint32_t num)
{
	unsigned int i;

	for (i = 0; i < PROTO_MAX_UPPER && desc->protocols[i].desc; i++)
		if (desc->protocols[i].num == num)
			return desc->protocols[i].desc;
	return NULL;
}

bool proto_upper_num(const struct proto_desc *desc,
		     const struct proto_desc *upper, uint32_t *num)
{
	unsigned int i;

	for (i = 0; i < PROTO_MAX_UPPER && desc->protocols[i].desc; i++) {
		if (desc->protocols[i].desc == upper) {
			*num = desc->protocols[i].num;
			return true;
		}
	}
	return false;
}

/*
 * What each family knows before any match: ip/ip6 tables see only their
 * network protocol, arp tables ARP, bridge tables Ethernet frames.
 */
static const struct {
	unsigned int family;
	const struct proto_desc *ll;
	const struct proto_desc *nh;
} proto_family_tbl[] = {
	{ NFPROTO_IPV4,   NULL,       &proto_ip },
	{ NFPROTO_IPV6,   NULL,       &proto_ip6 },
	{ NFPROTO_ARP,    NULL,       &proto_arp },
	{ NFPROTO_BRIDGE, &proto_eth, NULL },
	{ NFPROTO_INET,   NULL,       NULL },
	{ NFPROTO_NETDEV, NULL,       NULL },
};

void proto_ctx_init(struct proto_ctx *ctx, unsigned int family)
{
	unsigned int i;

	memset(ctx, 0, sizeof(*ctx));
	ctx->family = family;
	for (i = 0; i < array_size(proto_family_tbl); i++) {
		if (proto_family_tbl[i].family != family)
			continue;
		ctx->protocol[PROTO_BASE_LL_HDR].desc = proto_family_tbl[i].ll;
		ctx->protocol[PROTO_BASE_NETWORK_HDR].desc =
			proto_family_tbl[i].nh;
	}
	for (i = 0; i <= PROTO_BASE_MAX; i++) {
		ctx->protocol[i].location = internal_location;
		ctx->protocol[i].type = -1;
		ctx->protocol[i].type_last = -1;
	}
}

const struct proto_desc *proto_family_desc(unsigned int family,
					   enum proto_bases base)
{
	unsigned int i;

	for (i = 0; i < array_size(proto_family_tbl); i++) {
		if (proto_family_tbl[i].family != family)
			continue;
		if (base == PROTO_BASE_LL_HDR)
			return proto_family_tbl[i].ll;
		if (base == PROTO_BASE_NETWORK_HDR)
			return proto_family_tbl[i].nh;
	}
	return NULL;
}

/*
 * "meta l4proto 23": a value that names no protocol the reference knows
 * still says which one the layer has, "unknown", so a later field of
 * that layer conflicts with it.
 */
const struct proto_desc proto_unknown = {
	.name = "unknown",
};

/* Each transport protocol once, in the order first matched. */
static void proto_ctx_note_seen(struct proto_ctx *ctx,
				const struct proto_desc *desc)
{
	unsigned int i;

	if (desc->generic || ctx->num_seen == PROTO_CTX_SEEN)
		return;
	for (i = 0; i < ctx->num_seen; i++)
		if (ctx->seen[i] == desc)
			return;
	ctx->seen[ctx->num_seen++] = desc;
}

const struct proto_desc *proto_ctx_seen_conflict(const struct proto_ctx *ctx,
						 const struct proto_desc *desc)
{
	unsigned int i;

	if (ctx->num_seen < 2)
		return NULL;
	for (i = 0; i < ctx->num_seen; i++)
		if (ctx->seen[i] != desc)
			return ctx->seen[i];
	return NULL;
}

void proto_ctx_update_at(struct proto_ctx *ctx, enum proto_bases base,
			 const struct location *loc,
			 const struct proto_desc *desc, unsigned int offset)
{
	if (base <= PROTO_BASE_INVALID || base > PROTO_BASE_MAX)
		return;
	if (base == PROTO_BASE_TRANSPORT_HDR && desc)
		proto_ctx_note_seen(ctx, desc);
	ctx->protocol[base].desc = desc;
	ctx->protocol[base].location = loc ? *loc : internal_location;
	ctx->protocol[base].offset = offset;
	ctx->protocol[base].type = -1;
	ctx->protocol[base].type_stmt = NULL;
	ctx->protocol[base].type_last = -1;
}

void proto_ctx_update(struct proto_ctx *ctx, enum proto_bases base,
		      const struct location *loc,
		      const struct proto_desc *desc)
{
	proto_ctx_update_at(ctx, base, loc, desc, 0);
}

/*
 * Meta keys that select a protocol, per family (observed with the system
 * nft): "meta l4proto" everywhere, "meta nfproto" in inet only, "meta
 * protocol" only where the link layer is not fixed by the family (bridge,
 * netdev; in inet it does not stand in for "meta nfproto"), and "meta
 * iiftype" selects the link layer. @lower is the table the value is
 * looked up in; 0 in @family_mask means any family.
 */
static const struct proto_desc proto_nfproto_pseudo = {
	.name = "nfproto",
	.protocols = {
		{ NFPROTO_IPV4, &proto_ip },
		{ NFPROTO_IPV6, &proto_ip6 },
	},
};

static const struct proto_desc proto_iiftype_pseudo = {
	.name = "iiftype",
	.protocols = { { ARPHRD_ETHER, &proto_eth } },
};

static const struct {
	enum nft_meta_keys key;
	enum proto_bases base;
	const struct proto_desc *lower;
	unsigned int family_mask;	/* 1 << NFPROTO_*; 0 = all */
} meta_proto_tbl[] = {
	{ NFT_META_L4PROTO,  PROTO_BASE_TRANSPORT_HDR, &proto_ip, 0 },
	{ NFT_META_NFPROTO,  PROTO_BASE_NETWORK_HDR, &proto_nfproto_pseudo,
	  1 << NFPROTO_INET },
	{ NFT_META_PROTOCOL, PROTO_BASE_NETWORK_HDR, &proto_eth,
	  1 << NFPROTO_BRIDGE | 1 << NFPROTO_NETDEV },
	{ NFT_META_IIFTYPE,  PROTO_BASE_LL_HDR, &proto_iiftype_pseudo, 0 },
};

bool proto_dep_meta(unsigned int family, enum proto_bases base,
		    const struct proto_desc *desc, enum nft_meta_keys *key,
		    uint32_t *num)
{
	unsigned int i;

	for (i = 0; i < array_size(meta_proto_tbl); i++) {
		if (meta_proto_tbl[i].base != base ||
		    (meta_proto_tbl[i].family_mask &&
		     !(meta_proto_tbl[i].family_mask & (1u << family))))
			continue;
		*key = meta_proto_tbl[i].key;
		return proto_upper_num(meta_proto_tbl[i].lower, desc, num);
	}
	return false;
}

static bool rel_value_u32(const struct expr *rel, uint32_t *val)
{
	const struct expr *right = rel->binop.right;

	if (rel->etype != EXPR_RELATIONAL || !right ||
	    right->etype != EXPR_VALUE ||
	    (rel->binop.op != OP_EQ && rel->binop.op != OP_IMPLICIT) ||
	    mpz_sizeinbase(right->value.value, 2) > 32)
		return false;
	*val = mpz_get_ui(right->value.value);
	return true;
}

static enum proto_bases meta_match_update(struct proto_ctx *ctx,
					  const struct expr *left,
					  uint32_t val,
					  const struct location *loc,
					  bool unknown)
{
	const struct proto_desc *desc;
	unsigned int i;

	for (i = 0; i < array_size(meta_proto_tbl); i++) {
		if (meta_proto_tbl[i].key != left->meta.key)
			continue;
		if (meta_proto_tbl[i].family_mask &&
		    !(meta_proto_tbl[i].family_mask & (1u << ctx->family)))
			return PROTO_BASE_INVALID;
		desc = proto_find_upper(meta_proto_tbl[i].lower, val);
		/* bridge's Ethernet is the family's: "meta iiftype 5"
		 * does not change it */
		if (!desc && (!unknown ||
			      (ctx->family == NFPROTO_BRIDGE &&
			       meta_proto_tbl[i].base == PROTO_BASE_LL_HDR)))
			return PROTO_BASE_INVALID;
		proto_ctx_update(ctx, meta_proto_tbl[i].base, loc,
				 desc ? desc : &proto_unknown);
		return meta_proto_tbl[i].base;
	}
	return PROTO_BASE_INVALID;
}

enum proto_bases proto_ctx_update_match(struct proto_ctx *ctx,
					const struct expr *rel, bool unknown)
{
	uint32_t val;

	if (!rel_value_u32(rel, &val))
		return PROTO_BASE_INVALID;
	return proto_ctx_update_value(ctx, rel->binop.left, val,
				      &rel->location, unknown);
}

/*
 * "ct l3proto ipv4" selects the network protocol where "meta nfproto"
 * does (inet), "ct protocol tcp" the transport protocol among those of
 * the network header known then (ip, ip6; not where none is yet), as
 * 1.1.3 takes them; a value naming none leaves the context alone.
 */
static enum proto_bases ct_match_update(struct proto_ctx *ctx,
					const struct expr *left, uint32_t val,
					const struct location *loc)
{
	const struct proto_desc *lower, *desc;
	enum proto_bases base;

	switch (left->ct.key) {
	case NFT_CT_L3PROTOCOL:
		if (ctx->family != NFPROTO_INET)
			return PROTO_BASE_INVALID;
		lower = &proto_nfproto_pseudo;
		base = PROTO_BASE_NETWORK_HDR;
		break;
	case NFT_CT_PROTOCOL:
		lower = ctx->protocol[PROTO_BASE_NETWORK_HDR].desc;
		base = PROTO_BASE_TRANSPORT_HDR;
		break;
	default:
		return PROTO_BASE_INVALID;
	}
	desc = lower ? proto_find_upper(lower, val) : NULL;
	if (!desc)
		return PROTO_BASE_INVALID;
	proto_ctx_update(ctx, base, loc, desc);
	return base;
}

enum proto_bases proto_ctx_update_value(struct proto_ctx *ctx,
					const struct expr *left, uint32_t val,
					const struct location *loc,
					bool unknown)
{
	const struct proto_desc *desc, *upper;

	/* a match on a tunnel's inner packet says nothing of the packet
	 * itself, and the other way round (include/inner.h) */
	if ((left->inner != NULL) != ctx->inner)
		return PROTO_BASE_INVALID;
	if (left->etype == EXPR_META)
		return meta_match_update(ctx, left, val, loc, unknown);
	if (left->etype == EXPR_CT)
		return ct_match_update(ctx, left, val, loc);
	if (left->etype != EXPR_PAYLOAD || !(left->flags & EXPR_F_PROTOCOL))
		return PROTO_BASE_INVALID;
	desc = left->payload.desc;
	if (!desc || !left->payload.tmpl || desc->base >= PROTO_BASE_MAX)
		return PROTO_BASE_INVALID;
	upper = proto_find_upper(desc, val);
	if (!upper)
		return PROTO_BASE_INVALID;
	/* a vlan tag follows the header whose type selected it */
	if (upper->base == desc->base) {
		proto_ctx_update_at(ctx, upper->base, loc, upper,
				    left->payload.offset -
				    left->payload.tmpl->offset + desc->length);
		return upper->base;
	}
	proto_ctx_update(ctx, upper->base, loc, upper);
	return upper->base;
}
