/*
 * Concatenations: "ip saddr . tcp dport", matched against sets of
 * "1.2.3.4 . 22". Each member takes whole 32 bit register slots, so a
 * concatenation loads its members into consecutive registers (reg 1,
 * reg 9, ... as the system nft does) and a set key is the members'
 * values, each padded to a multiple of four bytes.
 *
 * On the left of a match the members are loads; on the right (set
 * members) they are constants, each typed by the member of the left side
 * at the same position (ectx->ectx_key).
 */
#include <string.h>
#include <expr.h>
#include <stmt.h>
#include <evaluate.h>
#include <linearize.h>
#include <payload_int.h>
#include <set.h>
#include <set_int.h>
#include <datatype.h>
#include <json.h>
#include <nftables.h>
#include <linux/netfilter/nf_tables.h>

/* The kernel's key type of a concatenation packs 6 bits per member. */
#define CONCAT_TYPE_BITS	6

/* A concatenation's own type: its members carry the real ones. */
static const struct datatype concat_type = {
	.type		= TYPE_INVALID,
	.name		= "concat",
	.desc		= "concatenation",
	.byteorder	= BYTEORDER_BIG_ENDIAN,
};

unsigned int concat_field_bytes(const struct expr *member)
{
	return div_round_up(div_round_up(member->len, BITS_PER_BYTE),
			    sizeof(uint32_t)) * sizeof(uint32_t);
}

uint32_t concat_key_type(const struct expr *concat)
{
	const struct expr *i;
	uint32_t type = 0;

	list_for_each_entry(i, &concat->expr_list.expressions, list)
		type = (type << CONCAT_TYPE_BITS) | i->dtype->type;
	return type;
}

uint32_t expr_key_type_id(const struct expr *key)
{
	if (key->etype == EXPR_CONCAT)
		return concat_key_type(key);
	/* a hex integer to print, a bitmask of no size to 1.1.3 */
	if (key->etype == EXPR_PAYLOAD && key->payload.tmpl &&
	    key->payload.tmpl->bitmask)
		return TYPE_BITMASK;
	return key->dtype->type;
}

static void concat_expr_destroy(struct expr *expr)
{
	struct expr *i, *next;

	list_for_each_entry_safe(i, next, &expr->expr_list.expressions, list) {
		list_del(&i->list);
		expr_free(i);
	}
}

static void concat_expr_clone(struct expr *dst, const struct expr *src)
{
	struct expr *i;

	init_list_head(&dst->expr_list.expressions);
	dst->expr_list.size = 0;
	list_for_each_entry(i, &src->expr_list.expressions, list)
		concat_expr_add(dst, expr_clone(i));
}

static bool concat_expr_cmp(const struct expr *a, const struct expr *b)
{
	const struct expr *i, *j;

	if (a->expr_list.size != b->expr_list.size)
		return false;
	j = list_first_entry(&b->expr_list.expressions, struct expr, list);
	list_for_each_entry(i, &a->expr_list.expressions, list) {
		if (!expr_cmp(i, j))
			return false;
		j = list_next_entry(j, list);
	}
	return true;
}

static void concat_expr_print(const struct expr *expr,
			      struct output_ctx *octx)
{
	const struct expr *i;
	const char *sep = "";

	list_for_each_entry(i, &expr->expr_list.expressions, list) {
		nft_print(octx, "%s", sep);
		set_member_print(i, octx);
		sep = " . ";
	}
}

static json_t *concat_expr_json(const struct expr *expr,
				struct output_ctx *octx)
{
	json_t *array = json_array();
	const struct expr *i;

	list_for_each_entry(i, &expr->expr_list.expressions, list)
		json_array_append_new(array, set_member_json(i, octx));
	return json_wrap("concat", array);
}

static void concat_set_len(struct expr *concat)
{
	const struct expr *i;

	concat->len = 0;
	list_for_each_entry(i, &concat->expr_list.expressions, list)
		concat->len += concat_field_bytes(i) * BITS_PER_BYTE;
}

/*
 * The kernel's registers hold 16 words of 32 bits: a concatenation, whose
 * members each take whole words, must fit, else encoding it would write
 * past the registers and the set keys built from it. Upstream's words;
 * the caret under the member that goes over.
 */
int concat_size_error(struct list_head *msgs, const struct expr *concat)
{
	unsigned int bits = 0, max = NFT_REG32_COUNT * 32;
	const struct expr *i;
	struct location loc;

	if (concat->etype != EXPR_CONCAT)
		return 0;
	list_for_each_entry(i, &concat->expr_list.expressions, list) {
		bits += concat_field_bytes(i) * BITS_PER_BYTE;
		if (bits > max)
			break;
	}
	if (bits <= max)
		return 0;
	/* as upstream's caret: the member and the '.' before it */
	loc = location_from_sep(&i->location, '.');
	return erec_error(msgs, &loc,
			  "Concatenation of size %u exceeds maximum size of %u",
			  bits, max);
}

/* A string of no fixed size ("ct helper", "osf name") has no place in
 * the fixed layout of a concatenation's registers; the reference's
 * words, the member marked in the concatenation. */
static int concat_variable_size(struct eval_ctx *ectx,
				const struct expr *concat,
				const struct expr *m)
{
	struct error_record *erec;
	const char *name = m->dtype->name;

	if (m->etype == EXPR_PAYLOAD && m->payload.tmpl &&
	    m->payload.tmpl->bitmask)
		name = "bitmask";
	else if (m->dtype->type != TYPE_STRING || m->dtype->size != 0)
		return 0;
	erec = erec_create(EREC_ERROR, &m->location,
			   "can not use variable sized data types (%s) in concat expressions",
			   name);
	erec_add_location(erec, &concat->location);
	erec_queue(erec, ectx->msgs);
	return -1;
}

/* Member @n of a named set's key a constant of the concatenation at
 * position @n takes its type from; NULL if there is none. */
static const struct expr *concat_set_member(const struct eval_ctx *ectx,
					    const struct expr *concat,
					    unsigned int n)
{
	const struct expr *key = ectx->concat_set_key, *k;

	if (!key || key->etype != EXPR_CONCAT ||
	    key->expr_list.size != concat->expr_list.size)
		return NULL;
	list_for_each_entry(k, &key->expr_list.expressions, list)
		if (n-- == 0)
			return k->dtype ? k : NULL;
	return NULL;
}

/* A constant among the loads, typed by the set's key member @k: 1.1.3
 * loads it with an immediate. */
static int concat_key_constant(struct eval_ctx *ectx, struct expr **m,
			       const struct expr *k)
{
	if (expr_evaluate_like(ectx, m, k) < 0)
		return -1;
	if ((*m)->etype != EXPR_VALUE)
		return expr_error(ectx, *m,
				  "a concatenation member must be a value, a prefix or a range");
	return 0;
}

/* The left side: loads, evaluated each in no type context; constants
 * only where a named set's key types them. */
static int concat_evaluate_key(struct eval_ctx *ectx, struct expr *concat)
{
	struct expr *i, *next, *m;
	const struct expr *k;
	unsigned int n = 0;

	list_for_each_entry_safe(i, next, &concat->expr_list.expressions,
				 list) {
		k = concat_set_member(ectx, concat, n++);
		if (k && i->etype == EXPR_SYMBOL) {
			list_del(&i->list);
			m = i;
			if (concat_key_constant(ectx, &m, k) < 0) {
				expr_free(m);
				return -1;
			}
			list_link_(&m->list, next->list.prev, &next->list);
			continue;
		}
		/* the reference wants the family of a conntrack address
		 * in a concatenation, also where the table's would do */
		if (ct_expr_family_implicit(i))
			return expr_error(ectx, i,
					  "specify either ip or ip6 for address matching");
		/* "foo . meta mark": a value where a load goes has no
		 * type to be parsed as, in 1.1.3's words */
		if (i->etype == EXPR_SYMBOL)
			return expr_error(ectx, i,
					  "Could not parse symbolic invalid expression");
		list_del(&i->list);
		m = i;
		if (expr_evaluate(ectx, &m) < 0) {
			expr_free(m);
			return -1;
		}
		list_link_(&m->list, next->list.prev, &next->list);
		if (m->flags & EXPR_F_CONSTANT)
			return expr_error(ectx, m,
					  "a concatenation to match is made of loads, not constants");
		if (concat_variable_size(ectx, concat, m) < 0)
			return -1;
		/* JSON "concat": [[], ...]: nothing to load */
		if (m->ops->linearize == NULL)
			return expr_error(ectx, m,
					  "a %s cannot be part of a concatenation to match",
					  expr_name(m));
	}
	if (concat_size_error(ectx->msgs, concat) < 0)
		return -1;
	concat_set_len(concat);
	return 0;
}

/*
 * A member's value for a field loaded shifted down ("ip6 ecn", "ip
 * dscp"): 1.1.3 takes values up to the field's bits and those it was
 * shifted by in a rule ("ip6 ecn . ct mark { 63 . 1 }"; "256": "Value
 * 256 exceeds valid range 0-63"), as the value it compares is that wide
 * to it; a named set's elements, up to the field's bits only.
 */
static int concat_member_evaluate(struct eval_ctx *ectx, struct expr **m,
				  const struct expr *k)
{
	unsigned int start, len, shift = 0;
	const struct expr *key = ectx->ectx_key;
	struct eval_type saved;
	int ret;

	/* a rule's (a named set's key is no load) */
	if (ectx->stmt == NULL)
		shift = 0;
	else if (payload_expr_needs_mask(k))
		payload_field_span(k, &start, &len, &shift);
	else if (exthdr_expr_needs_mask(k))
		exthdr_field_span(k, &start, &len, &shift);
	if (!shift)
		return expr_evaluate_like(ectx, m, k);
	eval_type_push(ectx, &saved, k->dtype, k->byteorder, k->len + shift);
	ectx->ectx_key = k;
	ret = expr_evaluate(ectx, m);
	ectx->ectx_key = key;
	eval_type_pop(ectx, &saved);
	return ret;
}

const struct expr *concat_lone(const struct expr *e)
{
	const struct expr *v = expr_unvariable((struct expr *)e);

	/* an unknown variable is evaluation's to report */
	if (!v || v->etype == EXPR_CONCAT || v->etype == EXPR_LIST ||
	    v->etype == EXPR_SET)
		return NULL;
	return v;
}

int concat_lone_value_error(struct eval_ctx *ectx, const struct expr *v,
			    const struct expr *key)
{
	char *want = expr_type_desc(key);
	int ret;

	ret = expr_error(ectx, v, "invalid data type, expected %s", want);
	xfree(want);
	return ret;
}

/* An error under @concat, its key underlined, in 1.1.3's words. */
static int concat_error_with(struct eval_ctx *ectx, const struct expr *concat,
			     const struct expr *key, const char *msg)
{
	struct error_record *erec;

	erec = erec_create(EREC_ERROR, &concat->location, "%s", msg);
	erec_add_location(erec, &key->location);
	erec_queue(erec, ectx->msgs);
	return -1;
}

/* Fewer values than the key has members: the types 1.1.3 names, the
 * key's and those of as many of its members as there are values. */
static int concat_short_error(struct eval_ctx *ectx,
			      const struct expr *concat,
			      const struct expr *key)
{
	char *want = expr_type_desc(key), *got = xstrdup("concatenation of ("), *t;
	const struct expr *k;
	unsigned int n = 0;
	int ret;

	list_for_each_entry(k, &key->expr_list.expressions, list) {
		if (n == concat->expr_list.size)
			break;
		t = xasprintf("%s%s%s", got, n++ ? ", " : "", k->dtype->desc);
		xfree(got);
		got = t;
	}
	ret = expr_error(ectx, concat,
			 "datatype mismatch, expected %s, expression has type %s)",
			 want, got);
	xfree(want);
	xfree(got);
	return ret;
}

/* A value: member i typed by member i of the left side. */
static int concat_evaluate_value(struct eval_ctx *ectx, struct expr *concat,
				 const struct expr *key)
{
	struct expr *i, *next, *m;
	const struct expr *k;

	if (concat->expr_list.size > key->expr_list.size)
		return concat_error_with(ectx, concat, key,
					 "too many concatenation components");
	if (concat->expr_list.size < key->expr_list.size)
		return concat_short_error(ectx, concat, key);
	k = list_first_entry(&key->expr_list.expressions, struct expr, list);
	list_for_each_entry_safe(i, next, &concat->expr_list.expressions,
				 list) {
		list_del(&i->list);
		m = i;
		if (concat_member_evaluate(ectx, &m, k) < 0) {
			expr_free(m);
			return -1;
		}
		list_link_(&m->list, next->list.prev, &next->list);
		if (m->etype == EXPR_PREFIX || m->etype == EXPR_RANGE ||
		    m->flags & EXPR_F_WILDCARD)
			concat->flags |= EXPR_F_INTERVAL;
		else if (m->etype != EXPR_VALUE)
			return expr_error(ectx, m,
					  "a concatenation member must be a value, a prefix or a range");
		k = list_next_entry(k, list);
	}
	concat->dtype = key->dtype;
	concat->byteorder = key->byteorder;
	concat->len = key->len;
	concat->flags |= EXPR_F_CONSTANT;
	return 0;
}

static int concat_expr_evaluate(struct eval_ctx *ectx, struct expr **exprp)
{
	const struct expr *key = ectx->ectx_key;
	struct expr *concat = *exprp;

	if (key && key->etype == EXPR_CONCAT && key != concat)
		return concat_evaluate_value(ectx, concat, key);
	/* "meta mark 1 . 2": its first value has no type, to 1.1.3 */
	if (key)
		return expr_error(ectx, list_first_entry(&concat->expr_list.expressions,
							 struct expr, list),
				  "Could not parse symbolic invalid expression");
	return concat_evaluate_key(ectx, concat);
}

/* Members go to consecutive registers from @dreg on. */
/*
 * An interval set's key (EXPR_F_HTON) holds members of host byte order
 * big endian, as upstream 1.1.3 writes them ("meta mark . ip saddr"):
 * the kernel's pipapo sets compare bytes.
 */
enum byteorder expr_key_order(const struct expr *e)
{
	unsigned int start, len, shift = 0;

	if (payload_expr_needs_mask(e))
		payload_field_span(e, &start, &len, &shift);
	else if (exthdr_expr_needs_mask(e))
		exthdr_field_span(e, &start, &len, &shift);
	if (shift && len > BITS_PER_BYTE)
		return BYTEORDER_HOST_ENDIAN;
	return e->byteorder;
}

enum byteorder concat_member_order(const struct expr *concat,
				   const struct expr *m)
{
	enum byteorder order = expr_key_order(m);

	if (concat->flags & EXPR_F_HTON &&
	    order == BYTEORDER_HOST_ENDIAN && m->len > BITS_PER_BYTE &&
	    !set_key_is_string(m))
		return BYTEORDER_BIG_ENDIAN;
	return order;
}

static void concat_expr_linearize(struct lin_ctx *lctx,
				  const struct expr *expr,
				  enum nft_registers dreg)
{
	const struct expr *i;
	unsigned int offset = 0, n = 0;
	enum nft_registers reg;

	list_for_each_entry(i, &expr->expr_list.expressions, list) {
		/* the reference's caret under a refused member from the
		 * third on starts at the "." before it */
		lctx->next_sep = n++ >= 2;
		reg = lin_register_at(dreg, offset);
		linearize_expr(lctx, i, reg);
		if (concat_member_order(expr, i) != expr_key_order(i))
			lin_hton(lctx, reg, div_round_up(i->len,
							 BITS_PER_BYTE));
		offset += concat_field_bytes(i) * BITS_PER_BYTE;
	}
}

/*
 * The types a dumped set's members take: the concatenation's once its
 * members are named, but a member the set's typeof holds as a raw load
 * (EXPR_F_RAW_TYPEOF) keeps the raw load's. A copy of @concat before
 * naming, completed by concat_raw_types_fill().
 */
static struct expr *concat_raw_types(const struct expr *concat)
{
	const struct expr *i;

	list_for_each_entry(i, &concat->expr_list.expressions, list)
		if (i->flags & EXPR_F_RAW_TYPEOF)
			return expr_clone(concat);
	return expr_get((struct expr *)concat);
}

static void concat_raw_types_fill(struct expr *types,
				  const struct expr *concat)
{
	struct expr *t, *next;
	const struct expr *i;

	if (types == concat)
		return;
	i = list_first_entry(&concat->expr_list.expressions, struct expr,
			     list);
	list_for_each_entry_safe(t, next, &types->expr_list.expressions,
				 list) {
		if (!(t->flags & EXPR_F_RAW_TYPEOF)) {
			list_del(&t->list);
			expr_free(t);
			list_link_(&expr_clone(i)->list, next->list.prev,
				   &next->list);
		}
		i = list_next_entry(i, list);
	}
	types->dtype = concat->dtype;
	types->byteorder = concat->byteorder;
	types->len = concat->len;
}

/*
 * Each member is a load whose own postprocessing names it ("ip saddr")
 * and drops the dependency it implies. It runs on a stand-in match of
 * the member alone, against an empty set, so it cannot mistake the
 * concatenation's values for its own.
 */
/*
 * The member of @concat after @from that a network header dependency
 * still in the rule was made for ("ether type arp" before "ah nexthdr .
 * arp plen", which 1.1.3 puts after the dependency of ah's): a member
 * before it is evaluated without it when the rule is loaded again.
 */
static bool concat_net_dep_later(const struct delin_ctx *dctx,
				 const struct expr *concat,
				 const struct expr *from)
{
	const struct proto_desc *net;
	const struct expr *j = from;

	net = dctx->pctx.protocol[PROTO_BASE_NETWORK_HDR].desc;
	if (!dctx->deps[PROTO_BASE_NETWORK_HDR] || !net)
		return false;
	/* a load of the network header, named after this one */
	list_for_each_entry_continue(j, &concat->expr_list.expressions, list)
		if (j->etype == EXPR_PAYLOAD &&
		    j->payload.base == NFT_PAYLOAD_NETWORK_HEADER)
			return true;
	return false;
}

static void concat_expr_delin_postprocess(struct delin_ctx *dctx,
					  struct stmt *stmt,
					  struct expr *concat)
{
	struct expr *i, *rel, *types;
	struct proto_ctx pctx, fam;
	struct stmt *tmp;
	unsigned int b;

	types = concat_raw_types(concat);
	list_for_each_entry(i, &concat->expr_list.expressions, list) {
		if (i->ops->delin_postprocess == NULL)
			continue;
		/* a member selects no header: each is named in the context
		 * the rule's matches set ("ether type . vlan pcp" after
		 * "ether type 8021q"), and the stand-in match leaves none
		 * behind */
		pctx = dctx->pctx;
		if (i->etype == EXPR_PAYLOAD &&
		    i->payload.base == NFT_PAYLOAD_TRANSPORT_HEADER &&
		    concat_net_dep_later(dctx, concat, i)) {
			proto_ctx_init(&fam, dctx->family);
			dctx->pctx.protocol[PROTO_BASE_NETWORK_HDR] =
				fam.protocol[PROTO_BASE_NETWORK_HDR];
		}
		rel = relational_expr_alloc(&stmt->location,
					    stmt->expr->binop.op, expr_get(i),
					    set_expr_alloc(&stmt->location));
		tmp = expr_stmt_alloc(&stmt->location, rel);
		i->ops->delin_postprocess(dctx, tmp, i);
		for (b = 0; b < array_size(dctx->deps); b++)
			if (dctx->deps[b] == tmp)
				dctx->deps[b] = NULL;
		stmt_free(tmp);
		dctx->pctx = pctx;
	}
	concat_set_len(concat);
	concat_raw_types_fill(types, concat);
	expr_retype_constant(stmt->expr->binop.right, types);
	expr_free(types);
}

/*
 * The concatenation a lookup of @key_len bytes from @sreg reads: the
 * loads in consecutive register slots. A slot may be named as a 32 bit
 * register or, at a 128 bit boundary, as NFT_REG_1..4.
 */
static struct expr *concat_reg_expr(struct delin_ctx *dctx,
				    unsigned int slot)
{
	struct expr *e = delin_get_register(dctx, NFT_REG32_00 + slot);

	if (e == NULL && slot % 4 == 0)
		e = delin_get_register(dctx, NFT_REG_1 + slot / 4);
	return e;
}

struct expr *concat_from_registers(struct delin_ctx *dctx,
				   enum nft_registers sreg,
				   unsigned int key_len)
{
	unsigned int slot, total = 0;
	struct expr *concat, *m;

	if (sreg >= NFT_REG32_00)
		slot = sreg - NFT_REG32_00;
	else if (sreg >= NFT_REG_1 && sreg <= NFT_REG_4)
		slot = (sreg - NFT_REG_1) * 4;
	else
		return NULL;
	concat = concat_expr_alloc(&internal_location);
	while (total < key_len) {
		m = slot < 16 ? concat_reg_expr(dctx, slot) : NULL;
		if (m == NULL || m->len == 0) {
			expr_free(m);
			expr_free(concat);
			return NULL;
		}
		/* turned big endian for an interval set's key */
		if (delin_register_hton(dctx, NFT_REG32_00 + slot) ||
		    (slot % 4 == 0 &&
		     delin_register_hton(dctx, NFT_REG_1 + slot / 4)))
			concat->flags |= EXPR_F_HTON;
		total += concat_field_bytes(m);
		slot += concat_field_bytes(m) / sizeof(uint32_t);
		/* "ip dscp" was masked and shifted into its slot */
		concat_expr_add(concat, payload_key_unmask(m));
	}
	concat_set_len(concat);
	return concat;
}

bool concat_has_load(const struct expr *concat)
{
	const struct expr *i;

	list_for_each_entry(i, &concat->expr_list.expressions, list)
		if (i->etype != EXPR_SYMBOL && i->etype != EXPR_VALUE &&
		    i->etype != EXPR_VARIABLE)
			return true;
	return false;
}

void concat_values_retype(struct expr *concat, uint32_t type_id,
			  uint32_t key_len)
{
	struct expr *key, *i, *k;

	if (concat->etype != EXPR_CONCAT)
		return;
	key = set_key_from_kernel(type_id, key_len);
	if (key == NULL)
		return;
	if (key->etype != EXPR_CONCAT ||
	    key->expr_list.size != concat->expr_list.size)
		goto out;
	k = list_first_entry(&key->expr_list.expressions, struct expr, list);
	list_for_each_entry(i, &concat->expr_list.expressions, list) {
		if (i->etype == EXPR_VALUE && k->dtype &&
		    (!k->dtype->size || k->dtype->size == i->len))
			datatype_value_retype(i, k->dtype, k->dtype->byteorder);
		k = list_next_entry(k, list);
	}
out:
	expr_free(key);
}

static struct expr *concat_expr_json_parse(struct json_ctx *jctx,
					   json_t *value,
					   const struct location *loc)
{
	struct expr *concat, *m;
	char path[32];
	size_t i;

	if (!json_is_array(value) || json_array_size(value) < 2) {
		json_error(jctx, ".concat",
			   "Invalid concatenation: expected an array of at least two expressions");
		return NULL;
	}
	concat = concat_expr_alloc(loc);
	for (i = 0; i < json_array_size(value); i++) {
		json_index_suffix(path, ".concat", i);
		m = json_parse_expr(jctx, json_array_get(value, i), path);
		if (m == NULL) {
			expr_free(concat);
			return NULL;
		}
		concat_expr_add(concat, m);
	}
	return concat;
}

const struct expr_ops concat_expr_ops = {
	.type			= EXPR_CONCAT,
	.name			= "concat",
	.destroy		= concat_expr_destroy,
	.clone			= concat_expr_clone,
	.cmp			= concat_expr_cmp,
	.print			= concat_expr_print,
	.json			= concat_expr_json,
	.evaluate		= concat_expr_evaluate,
	.linearize		= concat_expr_linearize,
	.delin_postprocess	= concat_expr_delin_postprocess,
	.json_name		= "concat",
	.json_parse		= concat_expr_json_parse,
};

struct expr *concat_expr_alloc(const struct location *loc)
{
	struct expr *expr;

	expr = expr_alloc(loc, &concat_expr_ops, &concat_type,
			  BYTEORDER_BIG_ENDIAN, 0);
	init_list_head(&expr->expr_list.expressions);
	return expr;
}

void concat_expr_add(struct expr *concat, struct expr *member)
{
	list_add_tail(&member->list, &concat->expr_list.expressions);
	concat->expr_list.size++;
}
