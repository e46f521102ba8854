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

const struct proto_desc proto_tcp = {
	.name = "tcp",
	.base = PROTO_BASE_TRANSPORT_HDR,
	.length = 160,
	.templates = {
		[1] = HDR_FIELD("sport", &inet_service_type, 0, 16),
		[2] = HDR_FIELD("dport", &inet_service_type, 16, 16),
		[3] = HDR_FIELD("sequence", &integer_type, 32, 32),
		[4] = HDR_FIELD("ackseq", &integer_type, 64, 32),
		[5] = HDR_FIELD("doff", &integer_type, 96, 4),
		[6] = HDR_FIELD("reserved", &integer_type, 100, 4),
		[7] = HDR_FIELD("flags", &bitmask_type, 104, 8),
		[8] = HDR_FIELD("window", &integer_type, 112, 16),
		[9] = HDR_FIELD("checksum", &integer_type, 128, 16),
		[10] = HDR_FIELD("urgptr", &integer_type, 144, 16),
	},
};

const struct proto_desc proto_udp = {
	.name = "udp",
	.base = PROTO_BASE_TRANSPORT_HDR,
	.length = 64,
	.templates = {
		[1] = HDR_FIELD("sport", &inet_service_type, 0, 16),
		[2] = HDR_FIELD("dport", &inet_service_type, 16, 16),
		[3] = HDR_FIELD("length", &integer_type, 32, 16),
		[4] = HDR_FIELD("checksum", &integer_type, 48, 16),
	},
};

/* Upper layers of IPv4 and IPv6 share the IANA protocol numbers. */
#define INET_UPPER_PROTOCOLS				\
	{ 6,  &proto_tcp },				\
	{ 17, &proto_udp }

enum { IP_PROTOCOL_FIELD = 9, IP6_NEXTHDR_FIELD = 6, ETH_TYPE_FIELD = 3 };

const struct proto_desc proto_ip = {
	.name = "ip",
	.base = PROTO_BASE_NETWORK_HDR,
	.length = 160,
	.protocol_key = IP_PROTOCOL_FIELD,
	.protocols = { INET_UPPER_PROTOCOLS },
	.templates = {
		[1] = HDR_FIELD("version", &integer_type, 0, 4),
		[2] = HDR_FIELD("hdrlength", &integer_type, 4, 4),
		[3] = HDR_FIELD("dscp", &integer_type, 8, 6),
		[4] = HDR_FIELD("ecn", &integer_type, 14, 2),
		[5] = HDR_FIELD("length", &integer_type, 16, 16),
		[6] = HDR_FIELD("id", &integer_type, 32, 16),
		[7] = HDR_FIELD("frag-off", &integer_type, 48, 16),
		[8] = HDR_FIELD("ttl", &integer_type, 64, 8),
		[IP_PROTOCOL_FIELD] =
			HDR_FIELD("protocol", &inet_protocol_type, 72, 8),
		[10] = HDR_FIELD("checksum", &integer_type, 80, 16),
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
		[1] = HDR_FIELD("version", &integer_type, 0, 4),
		[2] = HDR_FIELD("dscp", &integer_type, 4, 6),
		[3] = HDR_FIELD("ecn", &integer_type, 10, 2),
		[4] = HDR_FIELD("flowlabel", &integer_type, 12, 20),
		[5] = HDR_FIELD("length", &integer_type, 32, 16),
		[IP6_NEXTHDR_FIELD] =
			HDR_FIELD("nexthdr", &inet_protocol_type, 48, 8),
		[7] = HDR_FIELD("hoplimit", &integer_type, 56, 8),
		[8] = HDR_FIELD("saddr", &ip6addr_type, 64, 128),
		[9] = HDR_FIELD("daddr", &ip6addr_type, 192, 128),
	},
};

/* ARP has no upper layer: "tcp dport" in an arp table conflicts. */
const struct proto_desc proto_arp = {
	.name = "arp",
	.base = PROTO_BASE_NETWORK_HDR,
	.length = 64,
	.templates = {
		[1] = HDR_FIELD("htype", &integer_type, 0, 16),
		[2] = HDR_FIELD("ptype", &ethertype_type, 16, 16),
		[3] = HDR_FIELD("hlen", &integer_type, 32, 8),
		[4] = HDR_FIELD("plen", &integer_type, 40, 8),
		[5] = HDR_FIELD("operation", &integer_type, 48, 16),
	},
};

const struct proto_desc proto_eth = {
	.name = "ether",
	.base = PROTO_BASE_LL_HDR,
	.length = 112,
	.protocol_key = ETH_TYPE_FIELD,
	.protocols = {
		{ 0x0800, &proto_ip },
		{ 0x0806, &proto_arp },
		{ 0x86dd, &proto_ip6 },
	},
	.templates = {
		[1] = HDR_FIELD("daddr", &etheraddr_type, 0, 48),
		[2] = HDR_FIELD("saddr", &etheraddr_type, 48, 48),
		[ETH_TYPE_FIELD] = HDR_FIELD("type", &ethertype_type, 96, 16),
	},
};

static const struct proto_desc *const proto_descs[] = {
	&proto_eth, &proto_arp, &proto_ip, &proto_ip6, &proto_tcp, &proto_udp,
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
	for (i = 0; i <= PROTO_BASE_MAX; i++)
		ctx->protocol[i].location = internal_location;
}

void proto_ctx_update(struct proto_ctx *ctx, enum proto_bases base,
		      const struct location *loc,
		      const struct proto_desc *desc)
{
	if (base <= PROTO_BASE_INVALID || base > PROTO_BASE_MAX)
		return;
	ctx->protocol[base].desc = desc;
	ctx->protocol[base].location = loc ? *loc : internal_location;
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
					  const struct expr *rel,
					  uint32_t val)
{
	const struct expr *left = rel->binop.left;
	const struct proto_desc *desc;
	unsigned int i;

	for (i = 0; i < array_size(meta_proto_tbl); i++) {
		if (meta_proto_tbl[i].key != left->meta.key)
			continue;
		if (meta_proto_tbl[i].family_mask &&
		    !(meta_proto_tbl[i].family_mask & (1u << ctx->family)))
			return PROTO_BASE_INVALID;
		desc = proto_find_upper(meta_proto_tbl[i].lower, val);
		if (!desc)
			return PROTO_BASE_INVALID;
		proto_ctx_update(ctx, meta_proto_tbl[i].base, &rel->location,
				 desc);
		return meta_proto_tbl[i].base;
	}
	return PROTO_BASE_INVALID;
}

enum proto_bases proto_ctx_update_match(struct proto_ctx *ctx,
					const struct expr *rel)
{
	const struct expr *left;
	const struct proto_desc *desc, *upper;
	uint32_t val;

	if (!rel_value_u32(rel, &val))
		return PROTO_BASE_INVALID;
	left = rel->binop.left;
	if (left->etype == EXPR_META)
		return meta_match_update(ctx, rel, val);
	if (left->etype != EXPR_PAYLOAD || !(left->flags & EXPR_F_PROTOCOL))
		return PROTO_BASE_INVALID;
	desc = left->payload.desc;
	if (!desc || desc->base >= PROTO_BASE_MAX)
		return PROTO_BASE_INVALID;
	upper = proto_find_upper(desc, val);
	if (!upper)
		return PROTO_BASE_INVALID;
	proto_ctx_update(ctx, desc->base + 1, &rel->location, upper);
	return desc->base + 1;
}
