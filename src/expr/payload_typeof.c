/*
 * "typeof ip saddr" in a set's user data: the payload kind's attributes
 * (src/obj/set_typeof.c writes the kind and the nest around them), as
 * the system nft writes them, all u32:
 *
 *   0 protocol  its number for the header (table below), 0: a raw load
 *   1 field     its number for the field, 0: a raw load
 *   2 base      a raw load's base (the kernel's plus one)
 *   3 offset    a raw load's offset in bits
 *   4 length    in bits: a raw load's, and that of a field it types as
 *               a plain integer ("ip ttl", "vlan id", "ah spi")
 *   5 tunnel    a load of the packet a tunnel carries ("vxlan ip
 *               saddr"): the tunnel's number, as a protocol's below
 *               (include/inner.h); a tunnel header's own field ("vxlan
 *               vni") is that tunnel's protocol too
 *
 * Its field numbers are ours except for vlan, where it has "cfi"
 * between dei and id (our last: the same bit as dei), icmpv6 and igmp.
 */
#include <string.h>
#include <expr.h>
#include <proto.h>
#include <set.h>
#include <nftables.h>
#include <inner.h>
#include <libnftnl/udata.h>

enum {
	PAYLOAD_TYPEOF_PROTO,
	PAYLOAD_TYPEOF_FIELD,
	PAYLOAD_TYPEOF_BASE,
	PAYLOAD_TYPEOF_OFFSET,
	PAYLOAD_TYPEOF_LEN,
	PAYLOAD_TYPEOF_INNER,
};

static const struct payload_typeof_proto {
	uint32_t id;
	const char *name;
	/* where the system's field numbers differ: ours -> its, its ->
	 * ours (all zero: the same) */
	uint8_t to_sys[PROTO_MAX_FIELDS];
	uint8_t from_sys[PROTO_MAX_FIELDS];
	/* fields (bits by our number) that are integers to us but not to
	 * it, so without a length */
	uint32_t no_len;
} payload_typeof_protos[] = {
	{ 1, "ah" }, { 2, "esp" },
	{ 3, "comp", .no_len = 1 << 2 },	/* flags: a bitmask to it */
	{ 4, "icmp" },
	/* checksum before mrt there */
	{ 5, "igmp", .to_sys = { [2] = 3, [3] = 2 },
	  .from_sys = { [2] = 3, [3] = 2 } }, { 6, "udp" }, { 7, "udplite" },
	{ 8, "tcp" }, { 9, "dccp" }, { 10, "sctp" }, { 11, "th" },
	{ 12, "ip" }, { 13, "ip6" },
	/* no gap between mtu and id there */
	{ 14, "icmpv6",
	  .to_sys = { [7] = 6, [8] = 7, [9] = 8, [10] = 9, [11] = 10 },
	  .from_sys = { [6] = 7, [7] = 8, [8] = 9, [9] = 10, [10] = 11 } },
	{ 15, "arp" },
	{ 16, "vlan",
	  .to_sys = { [1] = 1, [2] = 2, [3] = 4, [4] = 5, [5] = 3 },
	  .from_sys = { [1] = 1, [2] = 2, [3] = 5, [4] = 3, [5] = 4 } },
	{ 17, "ether" }, { 18, "vxlan", .no_len = 1 << 2 }, { 19, "geneve" }, { 20, "gre" },
	{ 21, "gretap" },
};

static const struct payload_typeof_proto *
payload_typeof_by_name(const char *name)
{
	unsigned int i;

	for (i = 0; i < array_size(payload_typeof_protos); i++) {
		if (!strcmp(payload_typeof_protos[i].name, name))
			return &payload_typeof_protos[i];
	}
	return NULL;
}

static const struct payload_typeof_proto *payload_typeof_by_id(uint32_t id)
{
	unsigned int i;

	for (i = 0; i < array_size(payload_typeof_protos); i++) {
		if (payload_typeof_protos[i].id == id)
			return &payload_typeof_protos[i];
	}
	return NULL;
}

static bool payload_typeof_put_raw(struct nftnl_udata_buf *ud,
				   const struct expr *expr)
{
	nftnl_udata_put_u32(ud, PAYLOAD_TYPEOF_PROTO, 0);
	nftnl_udata_put_u32(ud, PAYLOAD_TYPEOF_FIELD, 0);
	nftnl_udata_put_u32(ud, PAYLOAD_TYPEOF_BASE, expr->payload.base + 1);
	nftnl_udata_put_u32(ud, PAYLOAD_TYPEOF_OFFSET, expr->payload.offset);
	nftnl_udata_put_u32(ud, PAYLOAD_TYPEOF_LEN, expr->len);
	return true;
}

bool payload_typeof_put(struct nftnl_udata_buf *ud, const struct expr *expr)
{
	const struct proto_desc *desc = expr->payload.desc;
	const struct payload_typeof_proto *p;
	unsigned int field;

	if (!desc || !expr->payload.tmpl)
		return payload_typeof_put_raw(ud, expr);
	p = payload_typeof_by_name(desc->name);
	field = expr->payload.tmpl - desc->templates;
	if (!p || field >= PROTO_MAX_FIELDS)
		return false;
	nftnl_udata_put_u32(ud, PAYLOAD_TYPEOF_PROTO, p->id);
	nftnl_udata_put_u32(ud, PAYLOAD_TYPEOF_FIELD,
			    p->to_sys[field] ? p->to_sys[field] : field);
	if (expr->payload.tmpl->dtype->type == TYPE_INTEGER &&
	    !(p->no_len & (1u << field)))
		nftnl_udata_put_u32(ud, PAYLOAD_TYPEOF_LEN,
				    expr->payload.tmpl->len);
	if (expr->inner) {
		p = payload_typeof_by_name(expr->inner->name);
		if (!p)
			return false;
		nftnl_udata_put_u32(ud, PAYLOAD_TYPEOF_INNER, p->id);
	}
	return true;
}

static struct expr *payload_typeof_parse_raw(const struct typeof_attrs *t)
{
	static const char *const bases[] = { "ll", "nh", "th", "ih" };
	uint32_t base, offset, len;

	if (!typeof_u32(t, PAYLOAD_TYPEOF_BASE, &base) ||
	    !typeof_u32(t, PAYLOAD_TYPEOF_OFFSET, &offset) ||
	    !typeof_u32(t, PAYLOAD_TYPEOF_LEN, &len) ||
	    base < 1 || base > array_size(bases) || !len ||
	    len > NFT_REG_SIZE * 4 * BITS_PER_BYTE)
		return NULL;
	return payload_expr_alloc_base(&internal_location, bases[base - 1],
				       offset, len);
}

/* The tunnel a load is of (attribute 5); false if it names none we know.
 * Its own header's fields are that tunnel's "protocol". */
static bool payload_typeof_inner(const struct typeof_attrs *t,
				 const struct inner_desc **in)
{
	const struct payload_typeof_proto *p;
	uint32_t id;

	*in = NULL;
	if (!typeof_u32(t, PAYLOAD_TYPEOF_INNER, &id))
		return true;
	p = payload_typeof_by_id(id);
	*in = p ? inner_lookup(p->name) : NULL;
	return *in != NULL;
}

struct expr *payload_typeof_parse(const struct typeof_attrs *t)
{
	const struct payload_typeof_proto *p;
	const struct inner_desc *in;
	const struct proto_desc *desc;
	struct expr *expr;
	uint32_t id, field;

	if (!typeof_u32(t, PAYLOAD_TYPEOF_PROTO, &id) ||
	    !typeof_u32(t, PAYLOAD_TYPEOF_FIELD, &field) ||
	    !payload_typeof_inner(t, &in))
		return NULL;
	if (id == 0 && field == 0) {
		expr = in ? NULL : payload_typeof_parse_raw(t);
		return expr;
	}
	p = payload_typeof_by_id(id);
	desc = p ? proto_lookup(p->name) : NULL;
	if (p && in && in->own && !strcmp(p->name, in->own->name))
		desc = in->own;
	if (!desc || field == 0 || field >= PROTO_MAX_FIELDS)
		return NULL;
	if (p->from_sys[field])
		field = p->from_sys[field];
	if (field >= PROTO_MAX_FIELDS || !desc->templates[field].token)
		return NULL;
	expr = payload_expr_alloc(&internal_location, desc, field);
	expr->inner = in;
	return expr;
}
