/*
 * Listing payload matches (src/expr/payload.c loads them): once a rule's
 * protocol context is known, a raw load becomes the header field it
 * reads ("@nh,96,32" -> "ip saddr"), a masked load of bytes becomes the
 * narrower field it selects ("ip dscp"), merged loads are split back into
 * one match per field, and the matches that only established a protocol
 * ("meta l4proto tcp" before "tcp dport") are dropped when evaluating the
 * listed rule brings them back.
 */
#include <string.h>
#include <stdlib.h>
#include <expr.h>
#include <stmt.h>
#include <proto.h>
#include <evaluate.h>
#include <linearize.h>
#include <nftables.h>
#include <linux/netfilter.h>
#include <linux/if_arp.h>
#include <inner.h>
#include "payload_int.h"

static enum proto_bases payload_proto_base(enum nft_payload_bases base)
{
	return base + 1;
}

/* The first (@last: last) member of a type set, -1 if it is not a plain
 * value. */
static int payload_type_set_member(const struct expr *rel, bool last)
{
	const struct list_head *head = &rel->binop.right->expr_list.expressions;
	const struct expr *elem;

	if (list_empty(head))
		return -1;
	elem = last ? list_last_entry(head, struct expr, list) :
		      list_first_entry(head, struct expr, list);
	if (elem->etype != EXPR_VALUE ||
	    mpz_cmp_ui(elem->value.value, 255) > 0)
		return -1;
	return mpz_get_ui(elem->value.value);
}
/* The raw field "load & mask" selects, if its value is at bit @shift
 * and the load is just the bytes that hold it; NULL otherwise. */
static struct expr *payload_masked_raw(const struct expr *load,
				       const struct expr *mask,
				       unsigned int shift)
{
	unsigned int lo, hi, start, len, s;
	struct expr *field;

	if (load->etype != EXPR_PAYLOAD || load->payload.tmpl ||
	    !constant_expr_bit_run(mask, load->len, &lo, &hi) || lo != shift)
		return NULL;
	field = payload_expr_alloc_raw(&load->location, load->payload.base,
				       load->payload.offset + load->len - hi,
				       hi - lo);
	payload_field_span(field, &start, &len, &s);
	if (!payload_expr_needs_mask(field) ||
	    start != load->payload.offset || len != load->len) {
		expr_free(field);
		return NULL;
	}
	return field;
}

struct expr *payload_key_unmask(struct expr *key)
{
	const struct expr *and = key;
	struct expr *field;
	unsigned int shift = 0;

	if (key->etype == EXPR_BINOP && key->binop.op == OP_RSHIFT &&
	    key->binop.right->etype == EXPR_VALUE) {
		shift = mpz_get_ui(key->binop.right->value.value);
		and = key->binop.left;
	}
	if (and->etype != EXPR_BINOP || and->binop.op != OP_AND)
		return key;
	field = and->binop.left->etype == EXPR_EXTHDR ?
		exthdr_masked_raw(and->binop.left, and->binop.right, shift) :
		payload_masked_raw(and->binop.left, and->binop.right, shift);
	if (field == NULL)
		return key;
	expr_free(key);
	return field;
}

/*
 * A named set's key: a load masked without a shift stays so until its
 * postprocessing knows whether the bits are a header's field
 * (payload_lookup_masked()); a shifted one is the field.
 */
struct expr *payload_lookup_key_unmask(struct expr *key)
{
	if (key->etype == EXPR_BINOP && key->binop.op == OP_AND &&
	    key->binop.left->etype == EXPR_PAYLOAD)
		return key;
	return payload_key_unmask(key);
}

/* ------------------------------------------------------------------ */
/* Listing: back to what the user wrote                                */
/* ------------------------------------------------------------------ */

/* The header a decoded load reads, and where it starts in its base. */
struct payload_hdr {
	const struct proto_desc *desc;
	unsigned int offset;		/* bits from the base */
	int type;			/* its message type, -1: unknown */
};

static bool payload_hdr_of(const struct delin_ctx *dctx,
			   const struct expr *expr, struct payload_hdr *hdr)
{
	enum proto_bases base = payload_proto_base(expr->payload.base);

	/* the tunnel header's own fields ("vxlan vni") */
	if (expr->inner && expr->payload.base == INNER_PAYLOAD_TUN_HEADER) {
		hdr->desc = expr->inner->own;
		hdr->offset = 0;
		hdr->type = -1;
		return hdr->desc != NULL;
	}
	if (base > PROTO_BASE_MAX)
		return false;
	hdr->desc = dctx->pctx.protocol[base].desc;
	hdr->offset = dctx->pctx.protocol[base].offset;
	hdr->type = dctx->pctx.protocol[base].type;
	/* below the vlan tags: the Ethernet header */
	if (hdr->desc && expr->payload.offset < hdr->offset &&
	    base == PROTO_BASE_LL_HDR) {
		hdr->desc = &proto_eth;
		hdr->offset = 0;
		hdr->type = -1;
	}
	/* ports of a transport header nothing names: "th dport" */
	if (!hdr->desc && base == PROTO_BASE_TRANSPORT_HDR)
		hdr->desc = &proto_th;
	return hdr->desc && expr->payload.offset >= hdr->offset;
}

static void payload_set_field(struct expr *expr,
			      const struct payload_hdr *hdr,
			      unsigned int field)
{
	const struct proto_hdr_template *tmpl = &hdr->desc->templates[field];

	expr->payload.desc = hdr->desc;
	expr->payload.tmpl = tmpl;
	expr->payload.offset = hdr->offset + tmpl->offset;
	expr->dtype = tmpl->dtype;
	/* 1.1.3 names no service in an inner packet's "th dport", nor
	 * the protocol of "geneve type" */
	if (expr->inner && (hdr->desc == &proto_th ||
			    hdr->desc == expr->inner->own))
		expr->dtype = &integer_type;
	expr->byteorder = tmpl->byteorder;
	expr->len = tmpl->len;
	if (field == hdr->desc->protocol_key)
		expr->flags |= EXPR_F_PROTOCOL;
}

static bool payload_hdr_field(const struct payload_hdr *hdr,
			      unsigned int offset, unsigned int len,
			      unsigned int *field)
{
	return proto_field_find_typed(hdr->desc, offset - hdr->offset, len,
				      hdr->type, field);
}

/*
 * Protocol key matches at the network header are never a dependency
 * evaluation inserts ("meta l4proto" is). The reference drops them in
 * ip and ip6 tables ("ip protocol icmp icmp type echo-request" lists as
 * "icmp type echo-request", which reloads as "meta l4proto icmp"). In
 * ip that is the same test, so we list as it does; in ip6 "meta
 * l4proto" also matches behind extension headers where "ip6 nexthdr"
 * does not, and elsewhere it keeps them too: listing keeps them, so the
 * rule reloads as it is.
 */
static bool payload_dep_removable(const struct delin_ctx *dctx,
				  enum proto_bases base)
{
	return base != PROTO_BASE_NETWORK_HDR ||
	       dctx->family == NFPROTO_IPV4;
}

/*
 * Drop a dependency only if evaluating the listed rule would bring it
 * back. The system nft also drops ones that would not ("ether type ip ip
 * daddr 1.2.3.4" in an ip6 table lists as "ip daddr 1.2.3.4", "meta
 * l4proto tcp tcp dport 22" in an arp table as "tcp dport 22"), which
 * then fail to load again; we keep those. A vlan tag's "vlan type
 * 8021q" before the next tag's field is not implied either: without
 * it the field would read the first tag (the system nft drops it,
 * and "vlan id 5 vlan id 6" then reloads as something else).
 */
static bool payload_dep_implied(const struct delin_ctx *dctx,
				const struct proto_desc *desc,
				const struct expr *left)
{
	const struct stmt *dep = dctx->deps[desc->base];
	const struct expr *key = dep->expr->binop.left;
	const struct proto_desc *nh;
	struct proto_ctx fam;
	uint32_t num;

	switch (desc->base) {
	case PROTO_BASE_LL_HDR:
		/* the system nft lists "ether type 8021q vlan type ip"
		 * where the family leaves the network layer open */
		if (left && left->flags & EXPR_F_PROTOCOL &&
		    key->etype == EXPR_PAYLOAD &&
		    !proto_family_desc(dctx->family, PROTO_BASE_NETWORK_HDR))
			return false;
		return key->etype != EXPR_PAYLOAD || key->payload.desc != desc;
	case PROTO_BASE_NETWORK_HDR:
		proto_ctx_init(&fam, dctx->family);
		nh = fam.protocol[PROTO_BASE_NETWORK_HDR].desc;
		return !nh || nh == desc;
	case PROTO_BASE_TRANSPORT_HDR:
		/* icmp alone in bridge also brings "ether type ip" */
		nh = dctx->pctx.protocol[PROTO_BASE_NETWORK_HDR].desc;
		if (!nh)
			return !desc->network;
		return proto_upper_num(nh, desc, &num);
	default:
		return true;
	}
}

static void payload_kill_dep(struct delin_ctx *dctx, enum proto_bases base)
{
	struct stmt *dep = dctx->deps[base];

	dctx->deps[base] = NULL;
	list_del(&dep->list);
	stmt_free(dep);
	if (dctx->rule->num_stmts)
		dctx->rule->num_stmts--;
}

/* icmp in inet: "meta nfproto ipv4" went with "meta l4proto icmp". */
static void payload_kill_network_dep(struct delin_ctx *dctx,
				     const struct proto_desc *desc)
{
	if (desc->network && !desc->lists_network_dep &&
	    dctx->deps[PROTO_BASE_NETWORK_HDR] &&
	    dctx->pctx.protocol[PROTO_BASE_NETWORK_HDR].desc == desc->network &&
	    !proto_family_desc(dctx->family, PROTO_BASE_NETWORK_HDR))
		payload_kill_dep(dctx, PROTO_BASE_NETWORK_HDR);
}

/*
 * "icmp type 3 icmp mtu 1500" lists as "icmp mtu 1500": the type match
 * is the one the field implies. Remember type matches for the fields
 * after them.
 */
static void payload_type_done(struct delin_ctx *dctx, struct stmt *stmt,
			      const struct expr *left)
{
	const struct proto_hdr_template *tmpl = left->payload.tmpl;
	struct proto_ctx *pctx = &dctx->pctx;
	enum proto_bases base = left->payload.desc->base;
	struct stmt *dep = pctx->protocol[base].type_stmt;
	int type;

	if (stmt->expr->binop.left == left &&
	    payload_type_match(pctx, stmt->expr, &type)) {
		pctx->protocol[base].type = type;
		pctx->protocol[base].type_stmt = stmt;
		return;
	}
	/* a set of types ("icmp id" implies echo request or reply): the
	 * fields after it are those of its first type; the set stays */
	if (stmt->expr->binop.left == left &&
	    payload_type_set_match(pctx, stmt->expr)) {
		pctx->protocol[base].type =
			payload_type_set_member(stmt->expr, false);
		pctx->protocol[base].type_last =
			payload_type_set_member(stmt->expr, true);
		pctx->protocol[base].type_stmt = NULL;
		return;
	}
	if (!dep || tmpl->num_types != 1 ||
	    tmpl->types[0] != pctx->protocol[base].type)
		return;
	pctx->protocol[base].type_stmt = NULL;
	list_del(&dep->list);
	stmt_free(dep);
	if (dctx->rule->num_stmts)
		dctx->rule->num_stmts--;
}

void payload_dep_kill(struct delin_ctx *dctx, const struct proto_desc *desc)
{
	enum proto_bases base = desc->base;

	if (dctx->deps[base] && dctx->pctx.protocol[base].desc == desc &&
	    payload_dep_implied(dctx, desc, NULL))
		payload_kill_dep(dctx, base);
	proto_ctx_update(&dctx->pctx, base, &internal_location, desc);
}

/* Whether @stmt compares with one value for (in)equality ("vlan type
 * ip", "vlan type != ip"), not with a set, through a map ("vlan type
 * @s", "vlan type vmap { ... }") or in order ("vlan type < ip"), after
 * which 1.1.3 lists the dependency of a protocol key. */
static bool payload_match_value(const struct stmt *stmt)
{
	const struct expr *e = stmt->expr;

	return e && e->etype == EXPR_RELATIONAL &&
	       e->binop.right->etype == EXPR_VALUE &&
	       (e->binop.op == OP_IMPLICIT || e->binop.op == OP_EQ ||
		e->binop.op == OP_NEQ);
}

/* A typed payload match (@left, in @stmt): drop the dependency it
 * implies, record what it selects. */
static void payload_match_done(struct delin_ctx *dctx, struct stmt *stmt,
			       const struct expr *left)
{
	const struct proto_desc *desc = left->payload.desc;
	enum proto_bases base = desc->base, upper;

	if (desc->generic)
		return;
	if (dctx->deps[base] && dctx->pctx.protocol[base].desc == desc &&
	    payload_dep_implied(dctx, desc, payload_match_value(stmt) ?
						 left : NULL)) {
		payload_kill_dep(dctx, base);
		payload_kill_network_dep(dctx, desc);
	}
	if (dctx->pctx.protocol[base].desc != desc)
		proto_ctx_update_at(&dctx->pctx, base, &left->location, desc,
				    left->payload.offset -
				    left->payload.tmpl->offset);
	payload_type_done(dctx, stmt, left);
	if (!(left->flags & EXPR_F_PROTOCOL) || stmt->expr->binop.left != left)
		return;
	upper = proto_ctx_update_match(&dctx->pctx, stmt->expr, false);
	if (upper != PROTO_BASE_INVALID && payload_dep_removable(dctx, base))
		dctx->deps[upper] = stmt;
}

/* The field starting at @offset that fits in @len bits, longest first,
 * of the message type @type (-1: any). */
static unsigned int payload_field_at(const struct proto_desc *desc,
				     unsigned int offset, unsigned int len,
				     int type)
{
	unsigned int i, best = 0;

	for (i = 1; i < PROTO_MAX_FIELDS; i++) {
		const struct proto_hdr_template *t = &desc->templates[i];

		if (t->token && t->offset == offset && t->len <= len &&
		    proto_field_of_type(t, type) &&
		    (!best || t->len > desc->templates[best].len))
			best = i;
	}
	return best;
}

/* Split a merged load into the fields it covers; false if it does not
 * cover whole fields. */
static bool payload_split(struct delin_ctx *dctx, struct stmt *stmt,
			  const struct payload_hdr *hdr)
{
	const struct proto_desc *desc = hdr->desc;
	struct expr *left = stmt->expr->binop.left;
	struct expr *value = stmt->expr->binop.right;
	unsigned int fields[PROTO_MAX_FIELDS], n = 0, off, end, i, shift;
	struct stmt *cur = stmt, *next;
	struct expr *rel, *piece, *field, *old = stmt->expr;
	mpz_t v;

	end = left->payload.offset - hdr->offset + left->len;
	for (off = left->payload.offset - hdr->offset; off < end; ) {
		fields[n] = payload_field_at(desc, off, end - off,
					     hdr->type);
		if (!fields[n] || n + 1 >= PROTO_MAX_FIELDS)
			return false;
		off += desc->templates[fields[n++]].len;
	}
	/* a load of no bits (a broken kernel's) covers no field */
	if (n == 0)
		return false;
	mpz_init(v);
	shift = left->len;
	for (i = 0; i < n; i++) {
		const struct proto_hdr_template *t = &desc->templates[fields[i]];

		shift -= t->len;
		mpz_fdiv_q_2exp(v, value->value.value, shift);
		mpz_fdiv_r_2exp(v, v, t->len);
		piece = constant_expr_alloc_mpz(&value->location, t->dtype,
						t->byteorder, t->len, v);
		field = payload_expr_alloc(&left->location, desc, fields[i]);
		field->payload.offset += hdr->offset;
		rel = relational_expr_alloc(&stmt->expr->location,
					    stmt->expr->binop.op, field, piece);
		if (i == 0) {
			stmt->expr = rel;	/* @old still holds the value */
			continue;
		}
		next = expr_stmt_alloc(&stmt->location, rel);
		list_add(&next->list, &cur->list);
		dctx->rule->num_stmts++;
		cur = next;
	}
	mpz_clear(v);
	expr_free(old);
	for (next = stmt; ; next = list_next_entry(next, list)) {
		payload_match_done(dctx, next, next->expr->binop.left);
		if (next == cur)
			break;
	}
	return true;
}

/*
 * After a type set, the reference names a field by the set's lowest
 * member ("icmp type { redirect, echo-request }": a redirect's gateway).
 * Where that gives no field but the top of one ("icmp gateway
 * 458752/16", which it then refuses to load, checking the last member,
 * echo-request), the field of the last member is the one meant: "icmp
 * id 7" (README: Differences).
 */
static bool payload_type_set_last(struct delin_ctx *dctx, struct stmt *stmt,
				  const struct payload_hdr *hdr)
{
	enum proto_bases base = hdr->desc->base;
	struct expr *left = stmt->expr->binop.left;
	struct payload_hdr last = *hdr;
	unsigned int field;

	last.type = dctx->pctx.protocol[base].type_last;
	if (last.type < 0 || last.type == hdr->type ||
	    stmt->expr->binop.right->etype != EXPR_VALUE ||
	    !payload_hdr_field(&last, left->payload.offset, left->len, &field))
		return false;
	payload_set_field(left, &last, field);
	expr_retype_constant(stmt->expr->binop.right, left);
	payload_match_done(dctx, stmt, left);
	return true;
}

/* "ip saddr 10.0.0.0/8" is a 1 byte load: widen it back to the field. */
static bool payload_short_prefix(struct delin_ctx *dctx, struct stmt *stmt,
				 const struct payload_hdr *hdr)
{
	struct expr *left = stmt->expr->binop.left;
	struct expr *value = stmt->expr->binop.right;
	unsigned int field = payload_field_at(hdr->desc,
					      left->payload.offset -
					      hdr->offset, ~0U, hdr->type);
	unsigned int plen = left->len;
	const struct proto_hdr_template *t;

	if (!field || value->etype != EXPR_VALUE || hdr->desc->generic)
		return false;
	t = &hdr->desc->templates[field];
	if (t->len <= plen ||
	    (stmt->expr->binop.op != OP_IMPLICIT &&
	     stmt->expr->binop.op != OP_EQ && stmt->expr->binop.op != OP_NEQ))
		return false;
	if (payload_type_set_last(dctx, stmt, hdr))
		return true;
	payload_set_field(left, hdr, field);
	mpz_mul_2exp(value->value.value, value->value.value, t->len - plen);
	value->len = t->len;
	expr_retype_constant(value, left);
	stmt->expr->binop.right = prefix_expr_alloc(&value->location, value,
						    plen);
	expr_retype_constant(stmt->expr->binop.right, left);
	payload_match_done(dctx, stmt, left);
	return true;
}

static void payload_shift_right(struct expr *value, unsigned int shift,
				unsigned int len)
{
	if (value->etype != EXPR_VALUE)
		return;
	mpz_fdiv_q_2exp(value->value.value, value->value.value, shift);
	value->len = len;
}

/* The inverse of constant_shift_left(); false for what it does not
 * build (prefixes). */
bool constant_shift_right(struct expr *right, unsigned int shift,
			  unsigned int len)
{
	struct expr *i;

	switch (right->etype) {
	case EXPR_RANGE:
		payload_shift_right(right->range.left, shift, len);
		payload_shift_right(right->range.right, shift, len);
		break;
	case EXPR_VALUE:
		payload_shift_right(right, shift, len);
		break;
	case EXPR_SET:
		list_for_each_entry(i, &right->expr_list.expressions, list)
			if (i->etype != EXPR_VALUE && i->etype != EXPR_RANGE)
				return false;
		list_for_each_entry(i, &right->expr_list.expressions, list)
			constant_shift_right(i, shift, len);
		break;
	default:
		return false;
	}
	right->len = len;
	return true;
}

/*
 * (load & mask) OP value where the mask selects exactly one field of
 * the header, narrower than the load ("ip dscp cs1"): the field again,
 * the value moved back from the field's place. False if it is not.
 */
static bool payload_masked_field(struct delin_ctx *dctx, struct stmt *stmt,
				 const struct payload_hdr *hdr)
{
	struct expr *rel = stmt->expr, *binop = rel->binop.left;
	struct expr *load = binop->binop.left, *mask = binop->binop.right;
	struct expr *right = rel->binop.right;
	unsigned int lo, hi, field;

	if (!mpz_sgn(mask->value.value))
		return false;
	lo = mpz_scan1(mask->value.value, 0);
	hi = mpz_sizeinbase(mask->value.value, 2);
	if (hi > load->len || mpz_popcount(mask->value.value) != hi - lo ||
	    !payload_hdr_field(hdr, load->payload.offset + load->len - hi,
			       hi - lo, &field))
		return false;
	if (!constant_shift_right(right, lo, hi - lo))
		return false;
	rel->binop.left = expr_get(load);
	expr_free(binop);
	payload_set_field(load, hdr, field);
	expr_retype_constant(rel->binop.right, load);
	payload_match_done(dctx, stmt, load);
	return true;
}

/*
 * (load & mask) OP value on a whole field: a masked match ("tcp flags &
 * (syn | ack) == syn", "ip frag-off & 0x1fff != 0x0"); flag types fold
 * into their bare forms ("tcp flags syn,ack", "tcp flags ! syn").
 */
static bool payload_masked_whole(struct delin_ctx *dctx, struct stmt *stmt,
				 const struct payload_hdr *hdr)
{
	struct expr *rel = stmt->expr, *binop = rel->binop.left;
	struct expr *load = binop->binop.left;
	unsigned int field;

	if (!payload_hdr_field(hdr, load->payload.offset, load->len, &field))
		return false;
	payload_set_field(load, hdr, field);
	expr_retype_constant(binop->binop.right, load);
	expr_retype_constant(rel->binop.right, load);
	binop->dtype = load->dtype;
	payload_match_done(dctx, stmt, load);
	relational_flags_postprocess(rel);
	return true;
}

/*
 * (load & mask) OP value where the mask selects bits of no field, not
 * from the load's top ("@nh,1,3 2": load 1 byte, & 0x70, == 0x20): the
 * raw bits again, "@nh,1,3 0x2", as the reference lists them. A mask
 * from the top is left as it is ("@nh,0,8 & 0xf0 == 0x40"), as it is
 * against a set or a range.
 */
static bool payload_masked_raw_match(struct stmt *stmt)
{
	struct expr *rel = stmt->expr, *binop = rel->binop.left;
	struct expr *load = binop->binop.left, *mask = binop->binop.right;
	struct expr *right = rel->binop.right, *field;
	unsigned int lo, hi;

	if (right->etype != EXPR_VALUE || load->payload.tmpl ||
	    !mpz_sgn(mask->value.value))
		return false;
	lo = mpz_scan1(mask->value.value, 0);
	hi = mpz_sizeinbase(mask->value.value, 2);
	if (hi >= load->len || mpz_popcount(mask->value.value) != hi - lo)
		return false;
	/* whatever bytes were loaded for it ("@nh,0,16 & 0x0f00 == 0x500"
	 * is "@nh,4,4 0x5", as the reference lists it) */
	field = payload_expr_alloc_raw(&load->location, load->payload.base,
				       load->payload.offset + load->len - hi,
				       hi - lo);
	payload_shift_right(right, lo, hi - lo);
	rel->binop.left = field;
	expr_free(binop);
	expr_retype_constant(right, field);
	return true;
}

/*
 * The decoder reads "(load & 0xfc) == 0x20" as the prefix 0x20/6. Only
 * addresses are matched by prefix; for anything else (ip dscp, ip
 * version, integers) restore the mask: the field, or "& mask == value".
 */
static bool payload_unprefix(struct stmt *stmt, const struct payload_hdr *hdr)
{
	struct expr *rel = stmt->expr, *load = rel->binop.left;
	struct expr *right = rel->binop.right, *value, *mask;
	unsigned int field, plen;
	mpz_t m;

	if (right->etype != EXPR_PREFIX ||
	    right->prefix.prefix->etype != EXPR_VALUE)
		return false;
	if (hdr->desc &&
	    payload_hdr_field(hdr, load->payload.offset, load->len, &field) &&
	    hdr->desc->templates[field].dtype->flags & DTYPE_F_PREFIX)
		return false;
	plen = right->prefix.prefix_len;
	mpz_init(m);
	mpz_setbit(m, plen);
	mpz_sub_ui(m, m, 1);
	mpz_mul_2exp(m, m, load->len - plen);
	mask = constant_expr_alloc_mpz(&right->location, load->dtype,
				       load->byteorder, load->len, m);
	mpz_clear(m);
	value = expr_get(right->prefix.prefix);
	expr_free(right);
	rel->binop.right = value;
	rel->binop.left = binop_expr_alloc(&load->location, OP_AND, load,
					   mask);
	return true;
}

/* Does a decoded load read a named field whole ("ip ttl")? */
bool payload_load_is_field(const struct delin_ctx *dctx,
			   const struct expr *load)
{
	struct payload_hdr hdr;
	unsigned int field;

	return load->etype == EXPR_PAYLOAD &&
	       payload_hdr_of(dctx, load, &hdr) &&
	       payload_hdr_field(&hdr, load->payload.offset, load->len,
				 &field);
}

/* Is @left "@expr & mask"? */
static bool payload_is_masked(const struct expr *left, const struct expr *expr)
{
	return left->etype == EXPR_BINOP && left->binop.left == expr &&
	       left->binop.op == OP_AND &&
	       left->binop.right->etype == EXPR_VALUE;
}

/*
 * "(load & mask) @s": the header's field the mask selects ("ip hdrlength
 * @s"), else the masked load, as 1.1.3 lists it ("@nh,0,8 & 0x1f ==
 * @s" for "@nh,3,5 @s"; it loads back as it is). True if named.
 */
static bool payload_lookup_masked(struct delin_ctx *dctx, struct stmt *stmt)
{
	struct expr *left = stmt->expr->binop.left, *f;
	struct payload_hdr hdr;
	unsigned int field;

	f = payload_key_unmask(expr_get(left));
	if (f == left) {
		expr_free(f);
		return false;
	}
	if (!payload_hdr_of(dctx, f, &hdr) ||
	    !payload_hdr_field(&hdr, f->payload.offset, f->len, &field)) {
		expr_free(f);
		return false;
	}
	expr_free(left);
	stmt->expr->binop.left = f;
	return true;
}

void payload_expr_delin_postprocess(struct delin_ctx *dctx, struct stmt *stmt,
				    struct expr *expr)
{
	struct expr *left = stmt->expr->binop.left;
	enum ops op = stmt->expr->binop.op;
	struct payload_hdr hdr;
	unsigned int field;

	/* an inner load outside a match ("meta mark set vxlan ip saddr"):
	 * named in the inner packet's context. (An outer member of a
	 * concatenation with inner ones is named in the inner context,
	 * as 1.1.3 names it: inner_of_expr().) */
	if (expr->inner && !dctx->pctx.inner) {
		delin_inner_enter(dctx, expr->inner);
		payload_expr_delin_postprocess(dctx, stmt, expr);
		delin_inner_swap(dctx);
		return;
	}
	if (left != expr && payload_is_masked(left, expr) &&
	    stmt->expr->binop.right->etype == EXPR_SET_REF) {
		if (payload_lookup_masked(dctx, stmt))
			payload_expr_delin_postprocess(dctx, stmt,
						       stmt->expr->binop.left);
		return;
	}

	if (!payload_hdr_of(dctx, expr, &hdr)) {
		hdr.desc = NULL;
		if (left == expr && payload_unprefix(stmt, &hdr))
			left = stmt->expr->binop.left;
		if (payload_is_masked(left, expr))
			payload_masked_raw_match(stmt);
		return;
	}
	if (left == expr && payload_unprefix(stmt, &hdr))
		left = stmt->expr->binop.left;
	if (left != expr) {
		/* a masked load: (payload & mask) OP value */
		if (!payload_is_masked(left, expr))
			return;
		/* a field narrower than its bytes, shifted down ("vlan dei
		 * & 1 == 1"): the mask is on its value, not on its bits */
		if (payload_expr_needs_mask(expr)) {
			payload_masked_whole(dctx, stmt, &hdr);
			return;
		}
		/* bits of no field: named as the raw bits would be
		 * ("@nh,0,16 & 0x00ff == 5" is "@nh,8,8 0x5", in ip
		 * "ip dscp lephb ip ecn ect1") */
		if (!payload_masked_field(dctx, stmt, &hdr) &&
		    !payload_masked_whole(dctx, stmt, &hdr) &&
		    payload_masked_raw_match(stmt))
			payload_expr_delin_postprocess(dctx, stmt,
						       stmt->expr->binop.left);
		return;
	}
	if (payload_hdr_field(&hdr, expr->payload.offset, expr->len, &field)) {
		payload_set_field(expr, &hdr, field);
		expr_retype_constant(stmt->expr->binop.right, expr);
		payload_match_done(dctx, stmt, expr);
		relational_flags_postprocess(stmt->expr);
		return;
	}
	if (payload_short_prefix(dctx, stmt, &hdr))
		return;
	/* a load of several fields of no known protocol stays whole
	 * ("@th,0,32 0x80003"), as the reference lists it */
	if ((op == OP_IMPLICIT || op == OP_EQ) &&
	    stmt->expr->binop.right->etype == EXPR_VALUE &&
	    !(hdr.desc && hdr.desc->generic))
		payload_split(dctx, stmt, &hdr);
}
