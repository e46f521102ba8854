/*
 * Payload expressions: a header field loaded from the packet ("ip daddr",
 * "tcp dport"), described by a row of the protocol tables in proto.c.
 *
 * This file also owns protocol dependencies. A payload match only makes
 * sense once the layers below are known, so evaluation inserts a match
 * that establishes them, and listing removes it again. The meta keys
 * come from one table in proto.c (proto_dep_meta()), the same that reads
 * such matches back. What the system nft 1.0.6 inserts (seen with `nft
 * --debug=netlink add rule ...`):
 *
 *   family  | ether, vlan field  | ip/ip6/arp field           | transport field
 *   --------+--------------------+----------------------------+---------------
 *   ip, ip6 | meta iiftype ether | - (other one: conflict)    | meta l4proto X
 *   inet    | meta iiftype ether | meta nfproto ipv4|ipv6,    | meta l4proto X
 *           |                    | ether type X once an ether |
 *           |                    | field is matched           |
 *   arp     | meta iiftype ether | conflict "arp vs. ip"      | conflict "arp
 *           |                    | (unless "ether type ip")   | vs. tcp"
 *   bridge  | -                  | meta protocol X for ip and | meta l4proto X
 *           |                    | ip6, ether type X for arp  |
 *   netdev  | meta iiftype ether | meta protocol X, ether     | meta l4proto X
 *           |                    | type X once an ether field |
 *           |                    | is matched                 |
 *
 * vlan fields first need "ether type 8021q" (a tag after a tag: "vlan
 * type 8021q"); the tag's fields then move behind the header they stack
 * on (proto_ctx offsets). icmp, igmp and icmpv6 need their network
 * protocol first where the family does not fix it (inet: meta nfproto,
 * netdev: meta protocol, bridge: ether type), then "meta l4proto"; icmp
 * fields of one message type ("icmp mtu") also match that type first.
 *
 * Transport dependencies are always "meta l4proto", also after an ip
 * match. A match on the protocol key itself ("meta l4proto tcp", "ip
 * protocol tcp", "ether type ip", "meta nfproto ipv4" in inet, "meta
 * protocol ip" in bridge/netdev) satisfies the dependency: none is added.
 * A second protocol on a known layer is an error: "conflicting transport
 * layer protocols specified: tcp vs. udp", with the caret on the payload.
 * A meta key's value naming no protocol ("meta l4proto 23") makes the
 * layer's "unknown"; a set's members select in turn (the last stays) and
 * every transport protocol matched counts ("meta l4proto { tcp, udp }
 * tcp dport 1": "conflicting protocols specified: udp vs. tcp"). A
 * dependency on a field an earlier statement matched with a value
 * ("ether type != ip ip saddr 1.2.3.4") is "conflicting statements".
 *
 * Listing drops a match that selected the protocol of the layer a later
 * payload match reads, if evaluating the listed rule brings it back
 * (payload_dep_implied()); "ip protocol" and "ip6 nexthdr" always stay.
 *
 * Fields narrower than a byte are loaded as the bytes holding them,
 * masked and compared in place (payload_relational_mask()), and listed
 * as the field again (payload_masked_field()). Adjacent payload matches
 * are merged into one load like the system nft does
 * (payload_merge_rule()), and split again when listing.
 */
#include <string.h>
#include <stdlib.h>
#include <expr.h>
#include <stmt.h>
#include <proto.h>
#include <evaluate.h>
#include <linearize.h>
#include <json.h>
#include <nftables.h>
#include <linux/netfilter.h>
#include <linux/if_arp.h>
#include <libnftnl/expr.h>
#include <set_pack.h>
#include <inner.h>
#include "payload_int.h"

/* Raw loads (bits): the kernel's 16 bit byte offset, and what the four
 * 128 bit data registers hold. */
#define PAYLOAD_MAX_OFFSET	(UINT16_MAX * BITS_PER_BYTE)
#define PAYLOAD_MAX_LEN		(NFT_REG_SIZE * 4 * BITS_PER_BYTE)

static const char *const payload_base_names[] = {
	[NFT_PAYLOAD_LL_HEADER]		= "ll",
	[NFT_PAYLOAD_NETWORK_HEADER]	= "nh",
	[NFT_PAYLOAD_TRANSPORT_HEADER]	= "th",
	[NFT_PAYLOAD_INNER_HEADER]	= "ih",
};

struct expr *payload_expr_alloc_raw(const struct location *loc,
				    enum nft_payload_bases base,
				    unsigned int offset, unsigned int len)
{
	struct expr *expr;

	/* raw loads print their values in hex, as the system nft does */
	expr = expr_alloc(loc, &payload_expr_ops, &xinteger_type,
			  BYTEORDER_BIG_ENDIAN, len);
	expr->payload.base = base;
	expr->payload.offset = offset;
	return expr;
}

bool payload_base_known(const char *base)
{
	unsigned int i;

	for (i = 0; i < array_size(payload_base_names); i++)
		if (!strcmp(payload_base_names[i], base))
			return true;
	return false;
}

struct expr *payload_expr_alloc_base(const struct location *loc,
				     const char *base, unsigned int offset,
				     unsigned int len)
{
	unsigned int i;

	for (i = 0; i < array_size(payload_base_names); i++)
		if (!strcmp(payload_base_names[i], base))
			return payload_expr_alloc_raw(loc, i, offset, len);
	return NULL;
}

struct expr *payload_expr_alloc(const struct location *loc,
				const struct proto_desc *desc,
				unsigned int field)
{
	const struct proto_hdr_template *tmpl;
	struct expr *expr;

	if (!desc || !field || field >= PROTO_MAX_FIELDS ||
	    !desc->templates[field].token)
		BUG("invalid payload field %u of %s", field,
		    desc ? desc->name : "(none)");
	tmpl = &desc->templates[field];
	/* a tunnel header's own field ("vxlan vni") has no layer */
	expr = payload_expr_alloc_raw(loc, desc->base == PROTO_BASE_INVALID ?
				      INNER_PAYLOAD_TUN_HEADER : desc->base - 1,
				      tmpl->offset, tmpl->len);
	expr->dtype = tmpl->dtype;
	expr->byteorder = tmpl->byteorder;
	expr->payload.desc = desc;
	expr->payload.tmpl = tmpl;
	if (field == desc->protocol_key)
		expr->flags |= EXPR_F_PROTOCOL;
	return expr;
}

static void payload_expr_clone(struct expr *dst, const struct expr *src)
{
	dst->payload = src->payload;
}

static bool payload_expr_cmp(const struct expr *a, const struct expr *b)
{
	return a->inner == b->inner &&
	       a->payload.base == b->payload.base &&
	       a->payload.offset == b->payload.offset &&
	       a->len == b->len && a->payload.tmpl == b->payload.tmpl;
}

static const char *payload_base_name(enum nft_payload_bases base)
{
	if ((unsigned int)base < array_size(payload_base_names))
		return payload_base_names[base];
	return "unknown";
}

static void payload_expr_print(const struct expr *expr,
			       struct output_ctx *octx)
{
	inner_print_prefix(expr, octx);
	if (expr->payload.desc && expr->payload.tmpl)
		nft_print(octx, "%s %s", expr->payload.desc->name,
			  expr->payload.tmpl->token);
	else
		nft_print(octx, "@%s,%u,%u",
			  payload_base_name(expr->payload.base),
			  expr->payload.offset, expr->len);
}

static json_t *payload_expr_json(const struct expr *expr,
				 struct output_ctx *octx)
{
	json_t *p;

	if (expr->payload.desc && expr->payload.tmpl) {
		p = json_pair("protocol",
			      json_string(expr->payload.desc->name),
			      "field", json_string(expr->payload.tmpl->token));
		if (expr->inner) {
			json_t *t = json_object();

			json_object_set_new(t, "tunnel",
					    json_string(expr->inner->name));
			json_object_update(t, p);
			json_decref(p);
			p = t;
		}
		return json_wrap("payload", p);
	}
	return json_pack("{s:{s:s, s:i, s:i}}", "payload",
			 "base", payload_base_name(expr->payload.base),
			 "offset", expr->payload.offset, "len", expr->len);
}

static struct expr *payload_json_parse_raw(struct json_ctx *jctx,
					   json_t *value,
					   const struct location *loc)
{
	json_t *b = json_object_get(value, "base");
	json_t *o = json_object_get(value, "offset");
	json_t *l = json_object_get(value, "len");
	unsigned int i;

	if (!json_is_string(b) || !json_is_integer(o) || !json_is_integer(l) ||
	    json_integer_value(o) < 0 || json_integer_value(l) <= 0) {
		json_error(jctx, ".payload",
			   "Invalid payload: \"protocol\" and \"field\", or \"base\", \"offset\" and \"len\" are required");
		return NULL;
	}
	/* What the registers can hold; bits are masked (see
	 * payload_relational_mask()). */
	if (json_integer_value(o) > PAYLOAD_MAX_OFFSET ||
	    json_integer_value(l) > PAYLOAD_MAX_LEN) {
		json_error(jctx, ".payload",
			   "Invalid payload: an offset of at most %u bits and a length of at most %u bits",
			   PAYLOAD_MAX_OFFSET, PAYLOAD_MAX_LEN);
		return NULL;
	}
	for (i = 0; i < array_size(payload_base_names); i++)
		if (!strcmp(payload_base_names[i], json_string_value(b)))
			return payload_expr_alloc_raw(loc, i,
						      json_integer_value(o),
						      json_integer_value(l));
	json_error(jctx, ".payload.base", "Invalid payload base '%s'",
		   json_string_value(b));
	return NULL;
}

/* "tunnel": "vxlan" beside them: a field of the packet the tunnel
 * carries, or of the tunnel header ("protocol": "vxlan"). */
static bool payload_json_tunnel(struct json_ctx *jctx, json_t *value,
				const struct inner_desc **in)
{
	json_t *t = json_object_get(value, "tunnel");

	*in = NULL;
	if (!t)
		return true;
	if (!json_is_string(t) ||
	    !(*in = inner_lookup(json_string_value(t)))) {
		json_error(jctx, ".payload.tunnel", "Unknown tunnel '%s'",
			   json_is_string(t) ? json_string_value(t) : "?");
		return false;
	}
	return true;
}

/* {"payload": {"protocol": "ip", "field": "daddr"}} (inner object) */
static struct expr *payload_expr_json_parse(struct json_ctx *jctx,
					    json_t *value,
					    const struct location *loc)
{
	const struct proto_desc *desc;
	const struct inner_desc *in;
	struct expr *expr;
	json_t *p, *f;
	unsigned int field;

	if (!json_is_object(value)) {
		json_error(jctx, ".payload", "Invalid payload: not an object");
		return NULL;
	}
	p = json_object_get(value, "protocol");
	f = json_object_get(value, "field");
	if (!payload_json_tunnel(jctx, value, &in))
		return NULL;
	if (!p && !f) {
		expr = payload_json_parse_raw(jctx, value, loc);
		if (expr)
			expr->inner = in;
		return expr;
	}
	if (!json_is_string(p) || !json_is_string(f)) {
		json_error(jctx, ".payload",
			   "Invalid payload: \"protocol\" and \"field\" must be strings");
		return NULL;
	}
	desc = proto_lookup(json_string_value(p));
	if (in && in->own && !strcmp(in->own->name, json_string_value(p)))
		desc = in->own;
	if (!desc) {
		json_error(jctx, ".payload.protocol", "Unknown protocol '%s'",
			   json_string_value(p));
		return NULL;
	}
	field = proto_field_lookup(desc, json_string_value(f));
	if (!field) {
		json_error(jctx, ".payload.field",
			   "Unknown %s field '%s'", desc->name,
			   json_string_value(f));
		return NULL;
	}
	expr = payload_expr_alloc(loc, desc, field);
	expr->inner = in;
	return expr;
}

/* ------------------------------------------------------------------ */
/* Dependencies                                                        */
/* ------------------------------------------------------------------ */

/* "icmp type 3": the message type of the header now known, if @rel
 * matches exactly one. */
bool payload_type_match(const struct proto_ctx *pctx, const struct expr *rel,
			int *type)
{
	const struct expr *left = rel->binop.left, *right = rel->binop.right;
	const struct proto_desc *desc = left->payload.desc;

	if (left->etype != EXPR_PAYLOAD || !desc || !desc->type_key ||
	    left->payload.tmpl != &desc->templates[desc->type_key] ||
	    pctx->protocol[desc->base].desc != desc ||
	    (rel->binop.op != OP_EQ && rel->binop.op != OP_IMPLICIT) ||
	    right->etype != EXPR_VALUE ||
	    mpz_cmp_ui(right->value.value, 255) > 0)
		return false;
	*type = mpz_get_ui(right->value.value);
	return true;
}

/*
 * A type match against a set ("icmp type { echo-request, echo-reply }")
 * names no single type, but it is the match a field of several types
 * needs: no other is added for it. The fields after it are those of
 * its last member as written, as the reference checks them ("icmp type
 * { redirect, echo-request } icmp gateway 1.2.3.4" is refused: "rule
 * has 8, need 5"); a set whose last member is no value names none.
 */
#define PAYLOAD_TYPE_SET	256

static int payload_type_set_last(const struct expr *rel)
{
	const struct expr *set = rel->binop.right, *last;

	if (list_empty(&set->expr_list.expressions))
		return PAYLOAD_TYPE_SET;
	last = list_last_entry(&set->expr_list.expressions, struct expr,
			       list);
	if (last->etype != EXPR_VALUE || mpz_cmp_ui(last->value.value, 255) > 0)
		return PAYLOAD_TYPE_SET;
	return mpz_get_ui(last->value.value);
}

bool payload_type_set_match(const struct proto_ctx *pctx,
			    const struct expr *rel)
{
	const struct expr *left = rel->binop.left;
	const struct proto_desc *desc = left->payload.desc;

	return left->etype == EXPR_PAYLOAD && desc && desc->type_key &&
	       left->payload.tmpl == &desc->templates[desc->type_key] &&
	       pctx->protocol[desc->base].desc == desc &&
	       (rel->binop.op == OP_EQ || rel->binop.op == OP_IMPLICIT) &&
	       rel->binop.right->etype == EXPR_SET;
}

/*
 * "meta l4proto { tcp, udp }": to 1.1.3 each member as written selects
 * its protocol in turn (the last one stays, and every transport one
 * counts as matched: proto_ctx.seen). Members that are no single value
 * ("20-23", but not "23-23") select none.
 */
static void payload_pctx_member(struct proto_ctx *pctx, const struct expr *rel,
				const mpz_t low, const mpz_t high)
{
	if (mpz_cmp(low, high) != 0 || mpz_sizeinbase(low, 2) > 32)
		return;
	proto_ctx_update_value(pctx, rel->binop.left, mpz_get_ui(low),
			       &rel->location, true);
}

static void payload_pctx_set(struct proto_ctx *pctx, const struct expr *rel)
{
	const struct expr *set = rel->binop.right, *left = rel->binop.left, *m;
	const struct pack_keys *pk = set_pack_keys(set->expr_list.pack);
	unsigned int i, w = pk ? pk->key_len : 0;
	const unsigned char *b;
	mpz_t low, high;

	mpz_init(low);
	mpz_init(high);
	for (i = 0; pk && i < pk->n; i++) {
		b = pk->keys + (size_t)i * w;
		if (pk->intervals) {
			mpz_import_data(low, b, BYTEORDER_BIG_ENDIAN, w / 2);
			mpz_import_data(high, b + w / 2, BYTEORDER_BIG_ENDIAN,
					w / 2);
		} else {
			mpz_import_data(low, b, left->byteorder, w);
			mpz_set(high, low);
		}
		payload_pctx_member(pctx, rel, low, high);
	}
	list_for_each_entry(m, &set->expr_list.expressions, list) {
		if (m->etype == EXPR_VALUE)
			payload_pctx_member(pctx, rel, m->value.value,
					    m->value.value);
		else if (m->etype == EXPR_RANGE &&
			 m->range.left->etype == EXPR_VALUE &&
			 m->range.right->etype == EXPR_VALUE)
			payload_pctx_member(pctx, rel,
					    m->range.left->value.value,
					    m->range.right->value.value);
	}
	mpz_clear(low);
	mpz_clear(high);
}

/* A protocol key matched: the header it selects, "unknown" for a meta
 * key's value that names none, a set's members in turn. */
void payload_pctx_match(struct proto_ctx *pctx, const struct expr *rel)
{
	const struct expr *left = rel->binop.left, *right = rel->binop.right;

	if ((rel->binop.op != OP_EQ && rel->binop.op != OP_IMPLICIT) ||
	    !(left->etype == EXPR_META || left->etype == EXPR_CT ||
	      (left->etype == EXPR_PAYLOAD && left->flags & EXPR_F_PROTOCOL)))
		return;
	if (right->etype == EXPR_SET)
		payload_pctx_set(pctx, rel);
	else if (right->etype == EXPR_VALUE)
		payload_pctx_member(pctx, rel, right->value.value,
				    right->value.value);
}

/* What the rule's statements before the current one establish (those on
 * the packet a tunnel carries for its context, the others else). */
void payload_pctx_stmt(struct proto_ctx *pctx, const struct stmt *stmt)
{
	const struct expr *rel = stmt->expr, *left;
	int type;

	if (stmt->type != STMT_EXPRESSION || !rel ||
	    rel->etype != EXPR_RELATIONAL ||
	    (inner_of_stmt(stmt) != NULL) != pctx->inner)
		return;
	left = rel->binop.left;
	if (payload_type_match(pctx, rel, &type))
		pctx->protocol[left->payload.desc->base].type = type;
	else if (payload_type_set_match(pctx, rel))
		pctx->protocol[left->payload.desc->base].type =
			payload_type_set_last(rel);
/* a payload of a known (conflicting) layer was reported already */
	if (left->etype == EXPR_PAYLOAD && left->payload.desc &&
	    !pctx->protocol[left->payload.desc->base].desc)
		proto_ctx_update(pctx, left->payload.desc->base,
				 &left->location, left->payload.desc);
	payload_pctx_match(pctx, rel);
}

/*
 * The context of the statements before the current one, rebuilt from the
 * statements themselves so it does not depend on who else updates
 * ectx->pctx, and dependencies inserted earlier count. The cache keeps
 * what the statements up to the last one looked at establish: the
 * evaluator goes through a rule in order and only inserts before the
 * current statement, so each call walks just the statements since.
 */
void payload_pctx_rebuild(struct eval_ctx *ectx)
{
	const struct list_head *head, *pos;
	const struct stmt *stmt;

	/* the inner packet's context is built by its evaluation */
	if (!ectx->rule || !ectx->stmt || ectx->inner)
		return;
	head = &ectx->rule->stmts;
	if (ectx->pctx_cache.rule != ectx->rule) {
		ectx->pctx_cache.rule = ectx->rule;
		ectx->pctx_cache.last = head;
		proto_ctx_init(&ectx->pctx_cache.pctx, ectx->pctx.family);
	}
	for (pos = ectx->pctx_cache.last->next; pos != &ectx->stmt->list;
	     pos = pos->next) {
		if (pos == head) {
			/* not after the cached ones: start over (or the
			 * statement is not in the rule: leave pctx alone) */
			if (ectx->pctx_cache.last == head)
				return;
			ectx->pctx_cache.rule = NULL;
			payload_pctx_rebuild(ectx);
			return;
		}
		stmt = list_entry(pos, struct stmt, list);
		payload_pctx_stmt(&ectx->pctx_cache.pctx, stmt);
		ectx->pctx_cache.last = pos;
	}
	ectx->pctx = ectx->pctx_cache.pctx;
}

/*
 * A match on the field a dependency would match, before it in the rule:
 * 1.1.3 refuses the rule ("ether type != ip ip saddr 1.2.3.4" never
 * matches) instead of adding "ether type ip". Both matches written by the
 * user and dependencies added for earlier fields count; a match against
 * a set or range does not, nor does a raw load ("@ll,96,16") or a
 * binary operation on the field.
 */
static bool payload_dep_clashes(const struct stmt *stmt,
				const struct expr *left)
{
	const struct expr *rel = stmt->expr, *field;

	if (stmt->type != STMT_EXPRESSION || !rel ||
	    rel->etype != EXPR_RELATIONAL ||
	    rel->binop.right->etype != EXPR_VALUE)
		return false;
	field = rel->binop.left;
	return field->etype == EXPR_PAYLOAD && field->payload.desc &&
	       field->inner == left->inner &&
	       field->payload.base == left->payload.base &&
	       field->payload.offset == left->payload.offset &&
	       field->len == left->len;
}

/* "conflicting statements": the caret on the first such match, the
 * field that needs the dependency underlined. */
static int payload_dep_conflict(struct eval_ctx *ectx,
				const struct expr *left,
				const struct list_head *at)
{
	struct error_record *erec;
	const struct list_head *pos;
	const struct stmt *stmt;

	if (left->etype != EXPR_PAYLOAD || !ectx->rule || ectx->dep_implied)
		return 0;
	for (pos = ectx->rule->stmts.next; pos != at &&
	     pos != &ectx->rule->stmts; pos = pos->next) {
		stmt = list_entry(pos, struct stmt, list);
		if (!payload_dep_clashes(stmt, left))
			continue;
		erec = erec_create(EREC_ERROR, &stmt->expr->location,
				   "conflicting statements");
		if (left->location.indesc)
			erec_add_location(erec, &left->location);
		erec_queue(erec, ectx->msgs);
		return -1;
	}
	return 0;
}

/* "@left @right" before the current statement. */
static int payload_dep_add(struct eval_ctx *ectx, struct expr *left,
			   struct expr *right)
{
	struct stmt *dep;

	/* a dependency of an inner load is on the inner packet too */
	left->inner = ectx->inner;
	if (payload_dep_conflict(ectx, left, ectx->dep_at ?
				 ectx->dep_at->next : &ectx->stmt->list)) {
		expr_free(left);
		expr_free(right);
		return -1;
	}
	dep = expr_stmt_alloc(&left->location,
			      relational_expr_alloc(&left->location,
						    OP_IMPLICIT, left, right));
	if (ectx->dep_at) {
		list_add(&dep->list, ectx->dep_at);
		ectx->dep_at = &dep->list;
		/* not after the statements the context cache walked */
		ectx->pctx_cache.rule = NULL;
	} else {
		list_add_tail(&dep->list, &ectx->stmt->list);
	}
	payload_pctx_stmt(&ectx->pctx, dep);
	return 0;
}

static int payload_dep_insert(struct eval_ctx *ectx, struct expr *left,
			      uint32_t num)
{
	return payload_dep_add(ectx, left,
			constant_expr_alloc_u64(&left->location, left->dtype,
						left->byteorder, left->len,
						num));
}

static int payload_dep_meta(struct eval_ctx *ectx, const struct expr *expr,
			    enum nft_meta_keys key, uint32_t num)
{
	return payload_dep_insert(ectx, meta_expr_alloc(&expr->location, key), num);
}

static int payload_conflict(struct eval_ctx *ectx, const struct expr *expr,
			    const char *have, const char *want)
{
	return expr_error(ectx, expr,
			  "conflicting protocols specified: %s vs. %s",
			  have, want);
}

/* Two protocols for one layer: the reference names the layer. */
static int payload_layer_conflict(struct eval_ctx *ectx,
				  const struct expr *expr, enum proto_bases base,
				  const char *have, const char *want)
{
	static const char *const layers[] = {
		[PROTO_BASE_LL_HDR]		= "link layer ",
		[PROTO_BASE_NETWORK_HDR]	= "network layer ",
		[PROTO_BASE_TRANSPORT_HDR]	= "transport layer ",
	};
	const char *layer = (unsigned int)base < array_size(layers) &&
			    layers[base] ? layers[base] : "";

	return expr_error(ectx, expr,
			  "conflicting %sprotocols specified: %s vs. %s",
			  layer, have, want);
}

/* "ether type 8021q", "vlan type ip": the protocol key of the header
 * known at @base, wherever that header sits in a stack. */
static int payload_dep_key(struct eval_ctx *ectx, const struct expr *expr,
			   enum proto_bases base, uint32_t num)
{
	const struct proto_desc *known = ectx->pctx.protocol[base].desc;
	struct expr *key;

	key = payload_expr_alloc(&expr->location, known, known->protocol_key);
	key->payload.offset += ectx->pctx.protocol[base].offset;
	return payload_dep_insert(ectx, key, num);
}

/* The meta match of the family's table (proto_dep_meta()). */
static int payload_dep_by_meta(struct eval_ctx *ectx, const struct expr *expr,
			       enum proto_bases base,
			       const struct proto_desc *desc)
{
	enum nft_meta_keys key;
	uint32_t num;

	/* "arp operation 1" in inet: no layer named */
	if (!proto_dep_meta(ectx->pctx.family, base, desc, &key, &num))
		return payload_conflict(ectx, expr,
					family_name(ectx->pctx.family),
					desc->name);
	return payload_dep_meta(ectx, expr, key, num);
}

/* Ethernet first ("meta iiftype ether"), then a vlan tag on it. */
static int payload_dep_link(struct eval_ctx *ectx, const struct expr *expr,
			    const struct proto_desc *desc)
{
	uint32_t num;

	if (payload_dep_by_meta(ectx, expr, PROTO_BASE_LL_HDR, &proto_eth))
		return -1;
	if (desc != &proto_eth &&
	    proto_upper_num(&proto_eth, desc, &num))
		return payload_dep_key(ectx, expr, PROTO_BASE_LL_HDR, num);
	return 0;
}

/*
 * Which link layer type field stands in for the family's meta key: a
 * link layer that a match established (ether, vlan) is asked directly.
 * In bridge, whose Ethernet the family gives, the system nft asks
 * "meta protocol" only for an explicit ip or ip6 match; arp and the
 * network layer a transport implies (icmp: ip) go by "ether type".
 */
static bool payload_dep_uses_ll(const struct eval_ctx *ectx,
				const struct proto_desc *desc, bool implied)
{
	unsigned int family = ectx->pctx.family;
	const struct proto_desc *ll =
		ectx->pctx.protocol[PROTO_BASE_LL_HDR].desc;

	if (!ll || !ll->protocol_key)
		return false;
	/* GRE's inner packet: the kernel's inner "meta protocol" says
	 * its network protocol (inner_pctx_init()) */
	if (ectx->inner && !(ectx->inner->flags & INNER_F_LL))
		return false;
	if (ll != proto_family_desc(family, PROTO_BASE_LL_HDR))
		return true;
	return family == NFPROTO_BRIDGE &&
	       (implied || (desc != &proto_ip && desc != &proto_ip6));
}

static int payload_dep_network(struct eval_ctx *ectx, const struct expr *expr,
			       const struct proto_desc *desc, bool implied)
{
	const struct proto_desc *ll =
		ectx->pctx.protocol[PROTO_BASE_LL_HDR].desc;
	uint32_t num;

	/* "meta iiftype 5 ip saddr 1.2.3.4" in netdev or inet */
	if (ll == &proto_unknown)
		return payload_conflict(ectx, expr, ll->name, desc->name);
	if (payload_dep_uses_ll(ectx, desc, implied) &&
	    proto_upper_num(ll, desc, &num))
		return payload_dep_key(ectx, expr, PROTO_BASE_LL_HDR, num);
	return payload_dep_by_meta(ectx, expr, PROTO_BASE_NETWORK_HDR, desc);
}

/* icmp needs ip where the family does not say; then "meta l4proto". */
static int payload_dep_transport(struct eval_ctx *ectx,
				 const struct expr *expr,
				 const struct proto_desc *desc)
{
	const struct proto_desc *nh =
		ectx->pctx.protocol[PROTO_BASE_NETWORK_HDR].desc;
	uint32_t num;

	if (!nh && desc->network) {
		int ret;

		ectx->dep_implied = true;
		ret = payload_dep_network(ectx, expr, desc->network, true);
		ectx->dep_implied = false;
		if (ret < 0)
			return -1;
		nh = ectx->pctx.protocol[PROTO_BASE_NETWORK_HDR].desc;
	}
	if (nh && !proto_upper_num(nh, desc, &num))
		return payload_conflict(ectx, expr, nh->name, desc->name);
	return payload_dep_by_meta(ectx, expr, PROTO_BASE_TRANSPORT_HDR, desc);
}

/*
 * The type set a field of several message types implies, in the order
 * of its template (the order the system nft adds the elements in), typed
 * and sized as evaluating "{ ... }" against @key would.
 */
static struct expr *payload_type_set(const struct expr *key,
				     const struct proto_hdr_template *tmpl)
{
	struct expr *set = set_expr_alloc(&key->location);
	unsigned int i;

	for (i = 0; i < tmpl->num_types; i++)
		set_expr_add(set, constant_expr_alloc_u64(&key->location,
							  key->dtype,
							  key->byteorder,
							  key->len,
							  tmpl->types[i]));
	set->dtype = key->dtype;
	set->byteorder = key->byteorder;
	set->len = key->len;
	set->flags |= EXPR_F_CONSTANT;
	return set;
}

/*
 * "icmp mtu" means something in destination unreachable messages only:
 * the system nft matches the type first unless the rule did. A field of
 * several types ("icmp id": echo request or reply) gets a set of them:
 * "icmp type { echo-request, echo-reply }", which lists as it is.
 */
static int payload_dep_type(struct eval_ctx *ectx, const struct expr *expr)
{
	const struct proto_hdr_template *tmpl = expr->payload.tmpl;
	const struct proto_desc *desc = expr->payload.desc;
	int type = ectx->pctx.protocol[desc->base].type;
	struct expr *key;

	if (!tmpl || tmpl->num_types == 0 ||
	    ectx->pctx.protocol[desc->base].desc != desc)
		return 0;
	/* "icmp type redirect icmp id 1" reads a field that is not there */
	if (type >= 0 && type != PAYLOAD_TYPE_SET &&
	    !proto_field_of_type(tmpl, type))
		return expr_error(ectx, expr,
				  "incompatible %s match: rule has %d, need %u",
				  desc->name, type, tmpl->types[0]);
	if (type >= 0)
		return 0;
	key = payload_expr_alloc(&expr->location, desc, desc->type_key);
	if (tmpl->num_types == 1)
		return payload_dep_insert(ectx, key, tmpl->types[0]);
	return payload_dep_add(ectx, key, payload_type_set(key, tmpl));
}

static int payload_gen_proto_dep(struct eval_ctx *ectx,
				 const struct expr *expr, bool implied);

int payload_gen_dependency(struct eval_ctx *ectx, const struct expr *expr)
{
	if (!expr->payload.desc || expr->payload.desc->generic || !ectx->stmt)
		return 0;
	payload_pctx_rebuild(ectx);
	if (payload_gen_proto_dep(ectx, expr, false) < 0)
		return -1;
	return payload_dep_type(ectx, expr);
}

/*
 * A dependency at the start of the rule, worked out from what the
 * statements before the current one establish ("meta mark 1 frag id 3"
 * in inet is "meta nfproto ipv6 meta mark 1 frag id 3" to the
 * reference).
 */
static int payload_gen_head_dep(struct eval_ctx *ectx,
				const struct expr *expr, bool implied)
{
	int ret;

	if (!expr->payload.desc || !ectx->stmt)
		return 0;
	payload_pctx_rebuild(ectx);
	ectx->dep_at = ectx->rule ? &ectx->rule->stmts : NULL;
	ret = payload_gen_proto_dep(ectx, expr, implied);
	ectx->dep_at = NULL;
	return ret;
}

/* The header an extension header or IP option is in (ip, ip6): implied,
 * as a transport header implies its network header (in bridge "ether
 * type ip6", not "meta protocol"). */
int payload_gen_implied_dependency(struct eval_ctx *ectx,
				   const struct expr *expr)
{
	return payload_gen_head_dep(ectx, expr, true);
}

int payload_gen_rule_dependency(struct eval_ctx *ectx,
				const struct expr *expr)
{
	return payload_gen_head_dep(ectx, expr, false);
}

static int payload_gen_proto_dep(struct eval_ctx *ectx,
				 const struct expr *expr, bool implied)
{
	const struct proto_desc *desc = expr->payload.desc, *known;
	enum proto_bases base = desc->base;
	uint32_t num;
	int ret = 0;

	known = ectx->pctx.protocol[base].desc;
	if (known == &proto_unknown)
		return payload_layer_conflict(ectx, expr, base, known->name,
					      desc->name);
	/* "meta l4proto { tcp, udp } tcp dport 1": also with tcp last
	 * (a reject's "tcp reset" only goes by the last) */
	if (base == PROTO_BASE_TRANSPORT_HDR && !desc->generic &&
	    !ectx->dep_at &&
	    (known = proto_ctx_seen_conflict(&ectx->pctx, desc)))
		return payload_conflict(ectx, expr, known->name, desc->name);
	known = ectx->pctx.protocol[base].desc;
	if (known == desc)
		return 0;
	/* "th sport 8 ah hdrlength 3": th says no protocol of its own */
	if (known && known->generic)
		known = NULL;
	/* Ethernet stays at the bottom of a stack of vlan tags */
	if (known && desc == &proto_eth && base == PROTO_BASE_LL_HDR)
		return 0;
	/* a vlan tag on the Ethernet header the family gives */
	if (known && known->protocol_key &&
	    proto_upper_num(known, desc, &num) &&
	    proto_find_upper(known, num)->base == base)
		return payload_dep_key(ectx, expr, base, num);
	if (known)
		return payload_layer_conflict(ectx, expr, base, known->name,
					      desc->name);

	switch (base) {
	case PROTO_BASE_LL_HDR:
		ret = payload_dep_link(ectx, expr, desc);
		break;
	case PROTO_BASE_NETWORK_HDR:
		ret = payload_dep_network(ectx, expr, desc, implied);
		break;
	case PROTO_BASE_TRANSPORT_HDR:
		ret = payload_dep_transport(ectx, expr, desc);
		break;
	default:
		break;
	}
	if (ret == 0 && ectx->pctx.protocol[base].desc != desc)
		proto_ctx_update(&ectx->pctx, base, &expr->location, desc);
	return ret;
}

/*
 * A raw load of the transport header's ports ("@th,16,16") is "th
 * dport", typed as a port: the reference takes "@th,16,16 ssh" and
 * writes it into a port ("dnat to 1.2.3.4:@th,16,16"). Other raw loads
 * stay integers, also where the header is known ("@nh,96,32" in ip).
 */
static void payload_raw_ports(struct expr *expr)
{
	unsigned int field;

	if (expr->payload.desc ||
	    expr->payload.base != NFT_PAYLOAD_TRANSPORT_HEADER ||
	    !proto_field_find_typed(&proto_th, expr->payload.offset,
				    expr->len, -1, &field))
		return;
	expr->payload.desc = &proto_th;
	expr->payload.tmpl = &proto_th.templates[field];
	expr->dtype = expr->payload.tmpl->dtype;
	expr->byteorder = expr->payload.tmpl->byteorder;
}

/*
 * After its dependencies, a field of a stacked header (the second vlan
 * tag) moves to where that header is.
 */
static int payload_expr_eval_load(struct eval_ctx *ectx, struct expr **exprp)
{
	struct expr *expr = *exprp;
	const struct proto_desc *desc;
	unsigned int first = expr->payload.offset / BITS_PER_BYTE;
	unsigned int end = div_round_up(expr->payload.offset + expr->len,
					BITS_PER_BYTE);

	/* a masked load covers whole bytes: they must fit the registers */
	if (expr->len == 0 || (end - first) * BITS_PER_BYTE > PAYLOAD_MAX_LEN)
		return expr_error(ectx, expr,
				  "payload of %u bits at bit %u does not fit the data registers (%u bits)",
				  expr->len, expr->payload.offset,
				  PAYLOAD_MAX_LEN);
	payload_raw_ports(expr);
	desc = expr->payload.desc;
	if (payload_gen_dependency(ectx, expr) < 0)
		return -1;
	if (desc && expr->payload.tmpl &&
	    ectx->pctx.protocol[desc->base].desc == desc)
		expr->payload.offset = expr->payload.tmpl->offset +
				       ectx->pctx.protocol[desc->base].offset;
	return 0;
}

static int payload_expr_evaluate(struct eval_ctx *ectx, struct expr **exprp)
{
	if ((*exprp)->inner)
		return inner_payload_evaluate(ectx, exprp,
					      payload_expr_eval_load);
	return payload_expr_eval_load(ectx, exprp);
}

bool payload_expr_needs_mask(const struct expr *expr)
{
	return expr->etype == EXPR_PAYLOAD &&
	       (expr->payload.offset % BITS_PER_BYTE ||
		expr->len % BITS_PER_BYTE);
}

static void payload_shift_value(struct expr *value, unsigned int shift,
				unsigned int len)
{
	if (value->etype != EXPR_VALUE)
		return;
	mpz_mul_2exp(value->value.value, value->value.value, shift);
	value->len = len;
	value->byteorder = BYTEORDER_BIG_ENDIAN;
}

/* A value, a range, or each member of a set ("ip dscp { cs1, cs2 }" is a
 * set of 0x20 and 0x40 under the mask 0xfc). */
void constant_shift_left(struct expr *right, unsigned int shift,
			 unsigned int len)
{
	struct expr *i;

	switch (right->etype) {
	case EXPR_RANGE:
		payload_shift_value(right->range.left, shift, len);
		payload_shift_value(right->range.right, shift, len);
		break;
	case EXPR_SET:
		list_for_each_entry(i, &right->expr_list.expressions, list)
			constant_shift_left(i, shift, len);
		break;
	default:
		payload_shift_value(right, shift, len);
		break;
	}
	right->len = len;
	right->byteorder = BYTEORDER_BIG_ENDIAN;
}

/* The whole bytes that hold @field (bits from the base), and how far
 * its last bit is from their end. */
void payload_field_span(const struct expr *field, unsigned int *start,
			unsigned int *len, unsigned int *shift)
{
	unsigned int end = div_round_up(field->payload.offset + field->len,
					BITS_PER_BYTE) * BITS_PER_BYTE;

	*start = field->payload.offset / BITS_PER_BYTE * BITS_PER_BYTE;
	*len = end - *start;
	*shift = end - field->payload.offset - field->len;
}

/* The load of the bytes that hold @field, masked to it: "(@nh,8,8 &
 * 0xfc)" for "ip dscp". */
static struct expr *payload_masked_load(const struct expr *field)
{
	unsigned int start, len, shift;
	struct expr *load, *mask;
	mpz_t m;

	payload_field_span(field, &start, &len, &shift);
	load = payload_expr_alloc_raw(&field->location, field->payload.base,
				      start, len);
	load->inner = field->inner;
	mpz_init(m);
	mpz_setbit(m, field->len);
	mpz_sub_ui(m, m, 1);
	mpz_mul_2exp(m, m, shift);
	mask = constant_expr_alloc_mpz(&field->location, &xinteger_type,
				       BYTEORDER_BIG_ENDIAN, len, m);
	mpz_clear(m);
	return binop_expr_alloc(&field->location, OP_AND, load, mask);
}

struct expr *field_masked_load(const struct expr *field,
			       unsigned int *shift)
{
	unsigned int start, len;

	if (payload_expr_needs_mask(field)) {
		payload_field_span(field, &start, &len, shift);
		return payload_masked_load(field);
	}
	if (exthdr_expr_needs_mask(field)) {
		exthdr_field_span(field, &start, &len, shift);
		return exthdr_field_masked_load(field);
	}
	return NULL;
}

/*
 * Fields that are not whole bytes (ip version, ip dscp, vlan id, tcp
 * doff, "@nh,1,3"): load the bytes that hold the field, mask it, and
 * compare with the value moved to the field's place, as the system nft
 * does ("ip dscp cs1": load 1 byte, & 0xfc, cmp eq 0x20). Listing turns
 * that back into the field (payload_masked_field()).
 */
void payload_relational_mask(struct expr *rel)
{
	struct expr *left = rel->binop.left, *right = rel->binop.right;
	unsigned int start, len, shift;

	payload_field_span(left, &start, &len, &shift);
	rel->binop.left = payload_masked_load(left);
	/* an anonymous set's key type is the field's ("ip dscp { cs1 }"
	 * is a set of dscp), as the system nft declares it */
	if (right->etype == EXPR_SET)
		rel->binop.left->dtype = left->dtype;
	expr_free(left);
	constant_shift_left(right, shift, len);
}

/*
 * The value of a field that is not whole bytes, where nothing is moved
 * into its place (a named set's key, a member of a concatenation, the
 * key of a set statement): masked and shifted down to bit 0, as the
 * reference loads it ("ip dscp @s": & 0xfc, >> 2); the bytes of one that
 * spans several are turned to host order before the shift ("ip6 dscp":
 * & 0x0fc0, ntoh, >> 6).
 */
static void payload_key_linearize(struct lin_ctx *lctx,
				  const struct expr *field,
				  enum nft_registers dreg)
{
	unsigned int start, len, shift;
	struct expr *load = payload_masked_load(field);

	payload_field_span(field, &start, &len, &shift);
	linearize_expr(lctx, load, dreg);
	expr_free(load);
	lin_field_down(lctx, dreg, len, shift);
}

/*
 * A value turned to host order (a mark from it: see keyset_ntoh_size()):
 * a field narrower than its bytes is masked, turned and then shifted
 * down, as the reference does ("meta mark set ip6 dscp": & 0x0fc0, ntoh,
 * >> 6).
 */
void linearize_value_ntoh(struct lin_ctx *lctx, const struct expr *value,
			  enum nft_registers reg, unsigned int size)
{
	unsigned int start, len, shift;
	struct expr *load;

	if (!payload_expr_needs_mask(value)) {
		linearize_expr(lctx, value, reg);
		lin_byteorder(lctx, reg, NFT_BYTEORDER_NTOH,
			      div_round_up(value->len, BITS_PER_BYTE), size);
		return;
	}
	payload_field_span(value, &start, &len, &shift);
	if (shift) {
		payload_key_linearize(lctx, value, reg);
		return;
	}
	load = payload_masked_load(value);
	linearize_expr(lctx, load, reg);
	expr_free(load);
	lin_byteorder(lctx, reg, NFT_BYTEORDER_NTOH, len / BITS_PER_BYTE,
		      size);
}

/* ------------------------------------------------------------------ */
/* Merging adjacent matches                                            */
/* ------------------------------------------------------------------ */

/* An "==" match of a constant against a whole-byte payload. */
static bool payload_mergeable(const struct stmt *stmt)
{
	const struct expr *rel = stmt->expr, *left;

	if (stmt->type != STMT_EXPRESSION || !rel ||
	    rel->etype != EXPR_RELATIONAL ||
	    (rel->binop.op != OP_EQ && rel->binop.op != OP_IMPLICIT) ||
	    rel->binop.right->etype != EXPR_VALUE)
		return false;
	left = rel->binop.left;
	/* 1.1.3 loads each field of an inner packet on its own */
	return left->etype == EXPR_PAYLOAD && !left->inner &&
	       left->payload.offset % BITS_PER_BYTE == 0 &&
	       left->len % BITS_PER_BYTE == 0 && left->len > 0;
}

/* A payload match, masked ("vlan id") or not: the load it compares. */
static const struct expr *payload_stmt_load(const struct stmt *stmt)
{
	const struct expr *rel = stmt->expr, *left;

	if (stmt->type != STMT_EXPRESSION || !rel ||
	    rel->etype != EXPR_RELATIONAL)
		return NULL;
	left = rel->binop.left;
	if (left->etype == EXPR_BINOP)
		left = left->binop.left;
	return left->etype == EXPR_PAYLOAD && !left->inner ? left : NULL;
}

/* A payload match and its place in its run, so sorting is stable. */
struct payload_cand {
	struct stmt *stmt;
	unsigned int pos;
};

static int payload_merge_order(const void *a, const void *b)
{
	const struct payload_cand *ca = a, *cb = b;
	const struct expr *la = payload_stmt_load(ca->stmt);
	const struct expr *lb = payload_stmt_load(cb->stmt);

	if (la->payload.base != lb->payload.base)
		return la->payload.base < lb->payload.base ? -1 : 1;
	if (la->payload.offset != lb->payload.offset)
		return la->payload.offset < lb->payload.offset ? -1 : 1;
	return ca->pos < cb->pos ? -1 : ca->pos > cb->pos;
}

/*
 * The kernel loads up to 4 bytes of network/transport header fast, so
 * the system nft merges those only up to 32 bits; link layer loads merge
 * up to a whole register (ether daddr + saddr + type = 14 bytes).
 */
static bool payload_can_merge(const struct expr *a, const struct expr *b)
{
	unsigned int limit = a->payload.base == NFT_PAYLOAD_LL_HEADER ?
			     NFT_REG_SIZE * BITS_PER_BYTE : 32;

	return a->payload.base == b->payload.base &&
	       a->payload.offset + a->len == b->payload.offset &&
	       a->len + b->len <= limit;
}

/* @into's match now also covers @from's field, which is dropped. */
static void payload_merge_pair(struct rule *rule, struct stmt *into,
			       struct stmt *from)
{
	struct expr *l1 = into->expr->binop.left, *r1 = into->expr->binop.right;
	struct expr *l2 = from->expr->binop.left, *r2 = from->expr->binop.right;
	unsigned int n1 = l1->len / BITS_PER_BYTE, n2 = l2->len / BITS_PER_BYTE;
	uint8_t buf[NFT_REG_SIZE * 4];
	struct expr *left, *right, *rel;

	mpz_export_data(buf, r1->value.value, r1->byteorder, n1);
	mpz_export_data(buf + n1, r2->value.value, r2->byteorder, n2);
	left = payload_expr_alloc_raw(&l1->location, l1->payload.base,
				      l1->payload.offset, l1->len + l2->len);
	left->payload.desc = l1->payload.desc;
	right = constant_expr_alloc(&r1->location, &integer_type,
				    BYTEORDER_BIG_ENDIAN, left->len, buf);
	rel = relational_expr_alloc(&into->expr->location, OP_IMPLICIT,
				    left, right);
	expr_free(into->expr);
	into->expr = rel;
	list_del(&from->list);
	stmt_free(from);
	if (rule->num_stmts)
		rule->num_stmts--;
}

/*
 * In ip and ip6 tables "meta protocol ip" (resp. ip6) says nothing the
 * family does not: the system nft drops it unless it is the rule's last
 * statement (then the rule would be empty).
 */
static bool payload_redundant_proto(const struct rule *rule,
				    const struct stmt *stmt)
{
	const struct expr *rel = stmt->expr;
	uint32_t want;

	if (rule->handle.family == NFPROTO_IPV4)
		want = 0x0800;
	else if (rule->handle.family == NFPROTO_IPV6)
		want = 0x86dd;
	else
		return false;
	return stmt->type == STMT_EXPRESSION && rel &&
	       rel->etype == EXPR_RELATIONAL &&
	       (rel->binop.op == OP_EQ || rel->binop.op == OP_IMPLICIT) &&
	       rel->binop.left->etype == EXPR_META &&
	       !rel->binop.left->inner &&
	       rel->binop.left->meta.key == NFT_META_PROTOCOL &&
	       rel->binop.right->etype == EXPR_VALUE &&
	       !mpz_cmp_ui(rel->binop.right->value.value, want);
}

static void payload_drop_redundant(struct rule *rule)
{
	struct stmt *stmt, *next;

	list_for_each_entry_safe(stmt, next, &rule->stmts, list) {
		if (&next->list == &rule->stmts)
			break;
		if (!payload_redundant_proto(rule, stmt))
			continue;
		list_del(&stmt->list);
		stmt_free(stmt);
		if (rule->num_stmts)
			rule->num_stmts--;
	}
}

static bool payload_merges(const struct stmt *a, const struct stmt *b)
{
	return payload_mergeable(a) && payload_mergeable(b) &&
	       payload_can_merge(a->expr->binop.left, b->expr->binop.left);
}

/*
 * Where 1.1.3 leaves a merged load: at the match with the lower offset,
 * unless the other one matches a protocol key ("ether type ip", also the
 * dependency inserted for "ip saddr"): that one keeps its place and
 * takes the field in, before or after it in the rule ("ether type ip
 * meta mark 1 ether saddr X" loads both first, "ether saddr X meta mark
 * 1 ether type ip" after the mark).
 */
static void payload_merge_place(struct payload_cand *into,
				struct payload_cand *from)
{
	const struct expr *key = from->stmt->expr->binop.left;

	if (!(key->flags & EXPR_F_PROTOCOL))
		return;
	list_del(&into->stmt->list);
	list_add(&into->stmt->list, &from->stmt->list);
	into->pos = from->pos;
}

/* Merge the candidates of one run (@n of them at @cand). */
static void payload_merge_run(struct rule *rule, struct payload_cand *cand,
			      unsigned int n)
{
	struct payload_cand *cur;
	unsigned int i;

	/* by header and offset; equal offsets keep rule order */
	qsort(cand, n, sizeof(*cand), payload_merge_order);
	for (cur = cand, i = 1; i < n; i++) {
		if (!payload_merges(cur->stmt, cand[i].stmt)) {
			cur = &cand[i];
			continue;
		}
		payload_merge_place(cur, &cand[i]);
		payload_merge_pair(rule, cur->stmt, cand[i].stmt);
	}
}

/*
 * Merge "==" matches of adjacent fields of one header within a run of
 * matches, as 1.1.3 does: other matches between them do not stop it
 * ("ether saddr X meta mark 1 ether daddr Y" loads both addresses at
 * once, after the mark), any other statement does ("ether saddr X
 * counter ether type ip" loads them apart).
 */
void payload_merge_rule(struct rule *rule)
{
	struct payload_cand *cand;
	struct stmt *stmt, *next;
	unsigned int n = 0;

	payload_drop_redundant(rule);

	list_for_each_entry(stmt, &rule->stmts, list)
		n++;
	if (n < 2)
		return;
	cand = xmalloc(n * sizeof(*cand));
	n = 0;
	/* the run is collected before it is merged: merging moves and
	 * frees its statements, never one after it */
	list_for_each_entry_safe(stmt, next, &rule->stmts, list) {
		if (payload_mergeable(stmt)) {
			cand[n].stmt = stmt;
			cand[n].pos = n;
			n++;
		}
		if (stmt->type == STMT_EXPRESSION &&
		    &next->list != &rule->stmts)
			continue;
		if (n > 1)
			payload_merge_run(rule, cand, n);
		n = 0;
	}
	xfree(cand);
}

/* ------------------------------------------------------------------ */
/* Netlink                                                             */
/* ------------------------------------------------------------------ */

/* Uses expr->len, so the relational encoder can load a shorter prefix.
 * A field narrower than its bytes is loaded as its value
 * (payload_key_linearize()); matches on one mask it in place instead. */
static void payload_expr_linearize(struct lin_ctx *lctx,
				   const struct expr *expr,
				   enum nft_registers dreg)
{
	struct nftnl_expr *nle;

	if (payload_expr_needs_mask(expr)) {
		payload_key_linearize(lctx, expr, dreg);
		return;
	}
	nle = lin_expr_alloc("payload");
	nftnl_expr_set_u32(nle, NFTNL_EXPR_PAYLOAD_DREG, dreg);
	nftnl_expr_set_u32(nle, NFTNL_EXPR_PAYLOAD_BASE, expr->payload.base);
	nftnl_expr_set_u32(nle, NFTNL_EXPR_PAYLOAD_OFFSET,
			   expr->payload.offset / BITS_PER_BYTE);
	nftnl_expr_set_u32(nle, NFTNL_EXPR_PAYLOAD_LEN,
			   div_round_up(expr->len, BITS_PER_BYTE));
	lin_add_expr(lctx, nle);
}

/* A raw load; postprocessing finds the header field once the protocol
 * context of the rule is known. */
static int payload_expr_delinearize(struct delin_ctx *dctx,
				    const struct nftnl_expr *nle)
{
	struct expr *expr;

	if (!nftnl_expr_is_set(nle, NFTNL_EXPR_PAYLOAD_DREG))
		return -1;	/* payload set statement: not in this slice */
	expr = payload_expr_alloc_raw(&internal_location,
			nftnl_expr_get_u32(nle, NFTNL_EXPR_PAYLOAD_BASE),
			nftnl_expr_get_u32(nle, NFTNL_EXPR_PAYLOAD_OFFSET) *
			BITS_PER_BYTE,
			nftnl_expr_get_u32(nle, NFTNL_EXPR_PAYLOAD_LEN) *
			BITS_PER_BYTE);
	delin_set_register(dctx,
			   nftnl_expr_get_u32(nle, NFTNL_EXPR_PAYLOAD_DREG),
			   expr);
	return 0;
}

static const char *const payload_expr_json_keys[] = {
	"protocol", "field", "base", "offset", "len", "tunnel", NULL,
};

const struct expr_ops payload_expr_ops = {
	.type			= EXPR_PAYLOAD,
	.name			= "payload",
	.clone			= payload_expr_clone,
	.cmp			= payload_expr_cmp,
	.print			= payload_expr_print,
	.json			= payload_expr_json,
	.evaluate		= payload_expr_evaluate,
	.linearize		= payload_expr_linearize,
	.nl_name		= "payload",
	.delinearize		= payload_expr_delinearize,
	.delin_postprocess	= payload_expr_delin_postprocess,
	.json_name		= "payload",
	.json_parse		= payload_expr_json_parse,
	.json_keys		= payload_expr_json_keys,
	.typeof_id		= 7,
	.typeof_put		= payload_typeof_put,
	.typeof_parse		= payload_typeof_parse,
};
