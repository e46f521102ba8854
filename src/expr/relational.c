/*
 * Relations: "left op right", the body of every match. The left side
 * (payload, meta, ...) gives the type the right side is parsed in; the
 * encoder emits the comparison the system nft emits for each shape:
 *
 *   value           load; cmp OP reg data
 *   prefix /n, n%8  payload load of n/8 bytes; cmp OP reg data[0..n/8)
 *   other prefix    load; bitwise reg = (reg & mask) ^ 0; cmp OP reg masked
 *   range, ==       load; [byteorder hton]; cmp gte low; cmp lte high
 *   range, !=       load; [byteorder hton]; range neq low high
 */
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>
#include <expr.h>
#include <datatype_int.h>
#include <linux/netfilter.h>
#include <set.h>
#include <set_pack.h>
#include <evaluate.h>
#include <linearize.h>
#include <json.h>
#include <nftables.h>
#include <libnftnl/expr.h>

static bool relational_is_ordered(enum ops op)
{
	return op == OP_LT || op == OP_GT || op == OP_LTE || op == OP_GTE;
}

/* What the four 128 bit data registers hold. */
#define RELATIONAL_MAX_BITS	(NFT_REG_SIZE * 4 * BITS_PER_BYTE)

static void relational_expr_destroy(struct expr *expr)
{
	expr_free(expr->binop.left);
	expr_free(expr->binop.right);
}

static void relational_expr_clone(struct expr *dst, const struct expr *src)
{
	dst->binop.op = src->binop.op;
	dst->binop.left = expr_clone(src->binop.left);
	dst->binop.right = expr_clone(src->binop.right);
}

static bool relational_expr_cmp(const struct expr *a, const struct expr *b)
{
	return a->binop.op == b->binop.op &&
	       expr_cmp(a->binop.left, b->binop.left) &&
	       expr_cmp(a->binop.right, b->binop.right);
}

/* Operators after which flags print as upstream writes them there
 * (datatype_print_flags_cmp()). */
static bool relational_flags_cmp(enum ops op)
{
	return op == OP_NEQ || op == OP_LT || op == OP_GT || op == OP_LTE ||
	       op == OP_GTE;
}

/*
 * "==" is what the user may write, but nft lists it without operator,
 * except after a binary operation: "meta mark & 0x000000ff == 0x00000010".
 */
static void relational_expr_print(const struct expr *expr,
				  struct output_ctx *octx)
{
	enum ops op = expr->binop.op;

	expr_print(expr->binop.left, octx);
	/* upstream 1.1.3 shows no "==" before a set its key was turned
	 * around for: "meta mark & 0x000000ff { 0x00000001-... }" */
	if (op == OP_IMPLICIT && expr->binop.right->flags & EXPR_F_HTON)
		nft_print(octx, " ");
	else if ((op == OP_IMPLICIT || op == OP_EQ) &&
		 expr->binop.left->etype == EXPR_BINOP)
		nft_print(octx, " == ");
	/* without "==", flags would mean "any of them" */
	else if (op == OP_EQ && datatype_is_bitmask(expr->binop.left->dtype))
		nft_print(octx, " == ");
	else if (op == OP_IMPLICIT || op == OP_EQ)
		nft_print(octx, " ");
	else
		nft_print(octx, " %s ", op_token(op));
	/* compared with a masked value, several flags are "a | b" */
	if (expr->binop.left->etype == EXPR_BINOP) {
		if (!datatype_print_flags_or(expr->binop.right, octx, false))
			expr_print(expr->binop.right, octx);
		return;
	}
	if (!relational_flags_cmp(op) ||
	    !datatype_print_flags_cmp(expr->binop.right, op != OP_NEQ, octx))
		expr_print(expr->binop.right, octx);
}

/* A range of a wrapping type whose bounds are reversed. */
static bool relational_range_wraps(const struct expr *range)
{
	return range->etype == EXPR_RANGE &&
	       range->dtype->flags & DTYPE_F_WRAP &&
	       range->range.left->etype == EXPR_VALUE &&
	       range->range.right->etype == EXPR_VALUE &&
	       mpz_cmp(range->range.left->value.value,
		       range->range.right->value.value) > 0;
}

/*
 * Flags without an operator match if any of them is set: "ct state
 * established,related" is (state & mask) != 0, as the system nft encodes
 * it; "==" compares the whole value.
 */
static bool relational_is_flags_match(const struct expr *rel)
{
	return (rel->binop.op == OP_IMPLICIT || rel->binop.op == OP_NEG) &&
	       rel->binop.right->etype == EXPR_VALUE &&
	       rel->binop.left->etype != EXPR_BINOP &&
	       datatype_is_bitmask(rel->binop.left->dtype);
}

static json_t *relational_expr_json(const struct expr *expr,
				    struct output_ctx *octx)
{
	enum ops op = expr->binop.op;
	json_t *match, *right;

	if (op == OP_IMPLICIT)
		op = OP_EQ;
	match = json_object();
	json_object_set_new(match, "op", json_string(
			relational_is_flags_match(expr) && op != OP_NEG ?
			"in" : op_token(op)));
	json_object_set_new(match, "left", expr_json(expr->binop.left, octx));
	/* flags compared whole ("ct status == expected|assured") are
	 * or-ed, as under a mask */
	right = expr->binop.left->etype == EXPR_BINOP ||
		(expr->binop.op == OP_EQ &&
		 datatype_is_bitmask(expr->binop.left->dtype)) ?
		datatype_json_flags_or(expr->binop.right, octx) : NULL;
	if (!right && expr->binop.left->etype != EXPR_BINOP &&
	    relational_flags_cmp(expr->binop.op))
		right = datatype_json_flags_cmp(expr->binop.right,
						expr->binop.op != OP_NEQ,
						octx);
	/* a rule's set: its ranges as 1.1.3 writes them (range.c) */
	octx->rule_set = expr->binop.right->etype == EXPR_SET;
	json_object_set_new(match, "right", right ? right :
			    expr_json(expr->binop.right, octx));
	octx->rule_set = false;
	return json_wrap("match", match);
}

static bool relational_types_match(const struct datatype *a,
				   const struct datatype *b)
{
	const struct datatype *i;

	if (a == b || a->type == b->type)
		return true;
	/* a base type constant fits a derived type: mark 0x10 is integer */
	for (i = a->basetype; i; i = i->basetype)
		if (i->type == b->type)
			return true;
	for (i = b->basetype; i; i = i->basetype)
		if (i->type == a->type)
			return true;
	return false;
}

/* The encoder builds compare data in buffers of this size. */
static int relational_check_size(struct eval_ctx *ectx,
				 const struct expr *expr)
{
	if (expr->len <= RELATIONAL_MAX_BITS)
		return 0;
	return expr_error(ectx, expr,
			  "%s of %u bits does not fit the data registers (%u bits)",
			  expr_name(expr), expr->len, RELATIONAL_MAX_BITS);
}

/*
 * "meta hour 23:00-02:00" (after conversion to UTC the bounds may cross
 * midnight) is "not between 02:00 and 23:00", which the kernel can
 * compare: swap the bounds and negate.
 */
/* A set that holds a field narrower than its bytes as its own values,
 * which the load shifts down to: a named one, and an anonymous interval
 * set (of more than one range: one is a range match) of a field in one
 * byte, as 1.1.3 builds them ("ip dscp { 1-3, 5 }": & 0xfc, >> 2). */
static bool relational_keyed_set(const struct expr *left,
				 const struct expr *right)
{
	/* and an anonymous set holding a catch-all, whose values 1.1.3
	 * keeps as they are: its load shifts down to them */
	return right->etype == EXPR_SET_REF ||
	       (right->etype == EXPR_SET &&
		(right->flags & EXPR_F_INTERVAL || right->expr_list.catchall) &&
		set_key_in_one_byte(left));
}

static void relational_unwrap_range(struct expr *rel)
{
	struct expr *range = rel->binop.right, *tmp;

	if (!relational_range_wraps(range))
		return;
	tmp = range->range.left;
	range->range.left = range->range.right;
	range->range.right = tmp;
	rel->binop.op = rel->binop.op == OP_NEQ ? OP_IMPLICIT : OP_NEQ;
}

/*
 * "define s = { a, b }" then "left $s": the variable stands for an
 * anonymous set. The set's evaluation splices the list in.
 */
static void relational_var_set(struct expr *rel)
{
	struct expr *right = rel->binop.right, *value = right, *set;

	while (value && value->etype == EXPR_VARIABLE)
		value = value->variable.value;
	if (right->etype != EXPR_VARIABLE || !value ||
	    value->etype != EXPR_LIST)
		return;
	/* an empty one ("define e = {}") is refused where it is
	 * defined, as 1.1.3 points at it */
	set = set_expr_alloc(value->expr_list.size ? &right->location :
			     &value->location);
	set_expr_add(set, right);
	rel->binop.right = set;
}

/*
 * A list left over after evaluation: flag types fold theirs into one
 * value ("ct state established,related"; JSON "right": ["established",
 * "related"]), so this one is a list of other values, which the system
 * nft refuses too. A set is what matches one of several values.
 */
static int relational_list_error(struct eval_ctx *ectx,
				 const struct expr *left,
				 const struct expr *right)
{
	if (right->expr_list.size == 0)
		return expr_error(ectx, right,
				  "an empty list of flags matches nothing: write at least one flag");
	return expr_error(ectx, right,
			  "a list of values combines flags, and %s is not a flag type: use a set to match one of several values",
			  left->dtype->desc);
}

/*
 * The operator's text: the word after the left side on its line (">",
 * "gt", ">="), for the "~~" under it. JSON input has no text to point at.
 */
static bool relational_op_location(const struct expr *rel,
				   struct location *loc)
{
	const struct location *l = &rel->binop.left->location;
	const struct input_descriptor *indesc = l->indesc;
	const char *p, *end;
	unsigned int line, first;

	if (!indesc || !indesc->data ||
	    l->last_line == 0 || indesc->type == INPUT_JSON ||
	    indesc->type == INPUT_INTERNAL)
		return false;
	p = indesc->data;
	end = p + (indesc->len ? indesc->len : strlen(p));
	for (line = 1; line < l->last_line; line++) {
		p = memchr(p, '\n', end - p);
		if (!p)
			return false;
		p++;
	}
	if ((size_t)(end - p) < l->last_column)
		return false;
	first = l->last_column + 1;
	for (p += l->last_column; p < end && (*p == ' ' || *p == '\t'); p++)
		first++;
	*loc = *l;
	loc->first_line = l->last_line;
	loc->first_column = first;
	loc->last_column = first - 1;
	for (; p < end && *p != ' ' && *p != '\t' && *p != '\n'; p++)
		loc->last_column++;
	return loc->last_column >= first;
}

static const char *relational_kind_name(const struct expr *expr)
{
	switch (expr->etype) {
	case EXPR_PREFIX:
		return "prefix";
	case EXPR_RANGE:
		return "range";
	case EXPR_SET:
		return "set";
	case EXPR_SET_REF:
		return "set reference";
	case EXPR_CONCAT:
		return "concat";
	default:
		return NULL;
	}
}

/*
 * "<" and ">" compare with one value: a prefix, a range or a set has no
 * order (the kernel would compare with the prefix's address, the range's
 * bounds would become an equality). Refused as the system nft does, with
 * the offending side and the operator marked.
 */
static int relational_check_ordered(struct eval_ctx *ectx,
				    const struct expr *rel)
{
	const struct expr *left = rel->binop.left, *bad = rel->binop.right;
	struct error_record *erec;
	struct location oploc;

	if (!relational_is_ordered(rel->binop.op))
		return 0;
	if (left->etype == EXPR_CONCAT)
		bad = left;
	if (relational_kind_name(bad) == NULL)
		return 0;
	erec = erec_create(EREC_ERROR, &bad->location,
			   "Relational expression (%s) is undefined for %s expressions",
			   op_token(rel->binop.op), relational_kind_name(bad));
	if (relational_op_location(rel, &oploc))
		erec_add_location(erec, &oploc);
	erec_queue(erec, ectx->msgs);
	return -1;
}

/*
 * A set of one flag value is no set ("tcp flags { syn | ack }"): the
 * reference matches the value exactly ("tcp flags == 0x12"), not any
 * of its flags, but for "ct state { established }", which stays "any".
 */
static void relational_one_member(struct expr *rel, bool was_set)
{
	const struct expr *left = rel->binop.left;

	if (was_set && rel->binop.op == OP_IMPLICIT &&
	    rel->binop.right->etype == EXPR_VALUE &&
	    datatype_is_bitmask(left->dtype) && left->dtype != &ct_state_type)
		rel->binop.op = OP_EQ;
}

/*
 * A number generator or a hash yields 0 to mod + offset - 1: the
 * reference refuses to compare it with more ("numgen inc mod 2 84":
 * "Value 84 exceeds valid range 0-1"), also after a mask, a range
 * bound or a set member.
 */
bool expr_value_max(const struct expr *e, uint64_t *max)
{
	while (e->etype == EXPR_BINOP)
		e = e->binop.left;
	switch (e->etype) {
	case EXPR_NUMGEN:
		*max = (uint64_t)e->numgen.mod + e->numgen.offset - 1;
		return true;
	case EXPR_HASH:
		*max = (uint64_t)e->hash.mod + e->hash.offset - 1;
		return true;
	case EXPR_META:
		/* a day's byte holds more than the week's days: a map
		 * takes them, a comparison refuses them */
		if (e->meta.key != NFT_META_TIME_DAY)
			return false;
		*max = 6;
		return true;
	default:
		return false;
	}
}

static int relational_value_max(struct eval_ctx *ectx, const struct expr *v,
				const struct expr *where, uint64_t max)
{
	const struct expr *i;
	char *s;
	int ret;

	switch (v->etype) {
	case EXPR_SET:
		list_for_each_entry(i, &v->expr_list.expressions, list)
			if (relational_value_max(ectx, i, i, max) < 0)
				return -1;
		return 0;
	case EXPR_RANGE:
		if (relational_value_max(ectx, v->range.left, v, max) < 0)
			return -1;
		return relational_value_max(ectx, v->range.right, v, max);
	case EXPR_VALUE:
		if (mpz_cmp_ui(v->value.value, max) <= 0)
			return 0;
		s = mpz_get_str(NULL, 10, v->value.value);
		ret = expr_error(ectx, where,
				 "Value %s exceeds valid range 0-%" PRIu64,
				 s, max);
		free(s);
		return ret;
	default:
		return 0;
	}
}

/*
 * "meta day 86": the reference refuses a day past Saturday as it parses
 * the values compared with the day (a range's caret on the whole range),
 * in their order, where a map's key takes any value of the day's byte.
 * @stop: a value that is no day at all, which evaluation reports.
 */
static int relational_day_value(struct eval_ctx *ectx, const struct expr *v,
				const struct expr *where, bool *stop)
{
	struct error_record *erec;
	const struct expr *i;
	struct expr *res = NULL;
	uint64_t day = 0;

	switch (v->etype) {
	case EXPR_SET:
		list_for_each_entry(i, &v->expr_list.expressions, list) {
			if (relational_day_value(ectx, i, i, stop) < 0)
				return -1;
			if (*stop)
				return 0;
		}
		return 0;
	case EXPR_RANGE:
		if (relational_day_value(ectx, v->range.left, v, stop) < 0 ||
		    *stop)
			return *stop ? 0 : -1;
		return relational_day_value(ectx, v->range.right, v, stop);
	case EXPR_SYMBOL:
		break;
	default:
		*stop = true;
		return 0;
	}
	erec = day_type.parse(v, &res);
	if (erec) {
		erec_destroy(erec);
		*stop = true;
		return 0;
	}
	value_get_u64(res, &day);
	expr_free(res);
	if (day <= 6)
		return 0;
	return expr_error(ectx, where,
			  "Value %" PRIu64 " exceeds valid range 0-6", day);
}

static int relational_day_values(struct eval_ctx *ectx,
				 const struct expr *left, struct expr *right)
{
	bool stop = false;

	if (left->etype != EXPR_META || left->meta.key != NFT_META_TIME_DAY)
		return 0;
	return relational_day_value(ectx, expr_unvariable(right), right,
				    &stop);
}

int expr_check_value_max(struct eval_ctx *ectx, const struct expr *left,
			 const struct expr *right)
{
	uint64_t max;

	if (!expr_value_max(left, &max))
		return 0;
	return relational_value_max(ectx, right, right, max);
}

/* Each value of @right (a value or a set of them) ^ @c; false if it
 * holds anything else. */
static bool relational_xor_values(struct expr *right, const struct expr *c)
{
	struct expr *i;

	if (right->etype == EXPR_VALUE) {
		mpz_xor(right->value.value, right->value.value, c->value.value);
		return true;
	}
	if (right->etype != EXPR_SET)
		return false;
	list_for_each_entry(i, &right->expr_list.expressions, list)
		if (i->etype != EXPR_VALUE)
			return false;
	list_for_each_entry(i, &right->expr_list.expressions, list)
		mpz_xor(i->value.value, i->value.value, c->value.value);
	return true;
}

/*
 * "x ^ 3 == 1" is "x == 2": an equality after a xor with a constant
 * compares with the value xor-ed instead, as the reference sends it
 * (the xor of the top only: "x ^ 3 ^ 5 == 1" is "x ^ 3 == 4").
 */
static bool relational_fold_xor(struct expr *rel)
{
	struct expr *left = rel->binop.left, *c;

	if ((rel->binop.op != OP_EQ && rel->binop.op != OP_IMPLICIT &&
	     rel->binop.op != OP_NEQ) || left->etype != EXPR_BINOP ||
	    left->binop.op != OP_XOR ||
	    left->binop.right->etype != EXPR_VALUE)
		return false;
	c = left->binop.right;
	if (!relational_xor_values(rel->binop.right, c))
		return false;
	rel->binop.left = expr_get(left->binop.left);
	expr_free(left);
	return true;
}

/* "ip saddr . tcp dport 1.2.3.4 . 22": the kernel matches a
 * concatenation through a set only; in the reference's words, with the
 * left side marked and the values beside it. */
static int relational_concat_error(struct eval_ctx *ectx,
				   const struct expr *left,
				   const struct expr *right)
{
	struct error_record *erec;

	erec = erec_create(EREC_ERROR, &left->location,
			   "Use concatenations with sets and maps, not singleton values");
	erec_add_location(erec, &right->location);
	erec_queue(erec, ectx->msgs);
	return -1;
}

/* "tcp dport { 22 : 33 }": the grammar takes a mapping in any set, a
 * match has no use for one. */
static int relational_check_mappings(struct eval_ctx *ectx,
				     struct expr *right)
{
	struct expr *i;

	if (right->etype != EXPR_SET)
		return 0;
	list_for_each_entry(i, &right->expr_list.expressions, list) {
		if (i->etype == EXPR_MAPPING)
			return expr_error(ectx, i->mapping.key,
					  "mapping outside of map context");
		/* also in a set among the members ("{ { 1 : 2 } }"),
		 * whose members may be packed */
		if (i->etype != EXPR_SET)
			continue;
		set_expr_unpack(i);
		if (relational_check_mappings(ectx, i) < 0)
			return -1;
	}
	i = right->expr_list.catchall;
	if (i && i->etype == EXPR_MAPPING)
		return expr_error(ectx, i->mapping.key,
				  "mapping outside of map context");
	return 0;
}

/* Where the value compared was written: a variable's where it is
 * defined ("$v", also as relational_var_set() wraps it) */
static struct location relational_right_location(struct expr *right)
{
	struct expr *r = right, *v;

	if (r->etype == EXPR_SET && r->expr_list.size == 1) {
		v = list_first_entry(&r->expr_list.expressions, struct expr,
				     list);
		if (v->etype == EXPR_VARIABLE)
			r = v;
	}
	v = expr_unvariable(r);
	return v ? v->location : right->location;
}

/* "meta secmark 1": the kernel holds a secmark id that only a secmark
 * object can name, so 1.1.3 refuses a constant on the right. */
static int relational_noconst_error(struct eval_ctx *ectx,
				    const struct expr *rel,
				    const struct location *right)
{
	struct error_record *erec;

	erec = erec_create(EREC_ERROR, right,
			   "Cannot be used with right hand side constant value");
	erec_add_location(erec, &rel->binop.left->location);
	erec_queue(erec, ectx->msgs);
	return -1;
}

/*
 * A big anonymous set stays packed (include/set_pack.h) where nothing
 * reads or rewrites its members but their typing: no mask or shift of
 * the left side moves them into place, no xor folds into them, no check
 * of a day or of a generator's range reads them (relational_day_values(),
 * expr_check_value_max()), and no mapping among them is to be refused.
 * Anything else is unpacked here, before any of that looks.
 */
static void relational_pack_keep(const struct eval_ctx *ectx, struct expr *rel)
{
	const struct expr *left = rel->binop.left;
	struct expr *right = rel->binop.right;
	uint64_t max;

	if (!set_expr_has_pack(right))
		return;
	if (!set_anon_packable(ectx, right) ||
	    set_pack_has_mappings(right->expr_list.pack) ||
	    left->etype == EXPR_BINOP || left->etype == EXPR_EXTHDR ||
	    payload_expr_needs_mask(left) || expr_value_max(left, &max))
		set_expr_unpack(right);
}

/* The right side, evaluated: a constant of the left side's type, in
 * its range. */
static int relational_right_check(struct eval_ctx *ectx,
				  const struct expr *left,
				  const struct expr *right)
{
	switch (right->etype) {
	case EXPR_VALUE:
	case EXPR_PREFIX:
	case EXPR_RANGE:
	case EXPR_SET:
	case EXPR_SET_REF:
		break;
	case EXPR_LIST:
		return relational_list_error(ectx, left, right);
	default:
		return expr_error(ectx, right,
				  "Right hand side of relational expression (%s) must be constant",
				  expr_name(right));
	}
	if (!relational_types_match(left->dtype, right->dtype))
		return expr_error(ectx, right,
				  "datatype mismatch, expected %s, expression has type %s",
				  left->dtype->desc, right->dtype->desc);
	return expr_check_value_max(ectx, left, right);
}

/* The left side; a concatenation looked up in a named set takes its
 * constants' types from the set's key ("ip saddr . 22 @s"). */
static int relational_left_evaluate(struct eval_ctx *ectx, struct expr *rel)
{
	const struct expr *right = expr_unvariable(rel->binop.right);
	const struct set *s = NULL;
	bool missing;
	int ret;

	if (right && right->etype == EXPR_SET_REF &&
	    rel->binop.left->etype == EXPR_CONCAT)
		s = set_lookup_for_rule(ectx, right->symbol.identifier,
					&missing);
	ectx->concat_set_key = s ? s->key : NULL;
	ret = expr_evaluate(ectx, &rel->binop.left);
	ectx->concat_set_key = NULL;
	return ret;
}

static int relational_expr_evaluate(struct eval_ctx *ectx, struct expr **exprp)
{
	struct expr *rel = *exprp, *left, *right;
	bool was_set, folded, noconst;
	struct location rloc;
	int ret;

	/* the reference wants the family of a conntrack address looked
	 * up in a named set where the table's would do (elsewhere the
	 * table has none to give: "cannot determine ...") */
	if (expr_unvariable(rel->binop.right)->etype == EXPR_SET_REF &&
	    ct_expr_family_implicit(rel->binop.left) &&
	    (ectx->pctx.family == NFPROTO_IPV4 ||
	     ectx->pctx.family == NFPROTO_IPV6))
		return expr_error(ectx, rel->binop.left,
				  "specify either ip or ip6 for address matching");
	ectx->rhs_noconst = false;
	if (relational_left_evaluate(ectx, rel) < 0)
		return -1;
	relational_pack_keep(ectx, rel);
	if (relational_check_mappings(ectx, rel->binop.right) < 0)
		return -1;
	noconst = ectx->rhs_noconst;
	ectx->rhs_noconst = false;
	relational_var_set(rel);
	if (relational_day_values(ectx, rel->binop.left, rel->binop.right) < 0)
		return -1;
	was_set = expr_unvariable(rel->binop.right)->etype == EXPR_SET;
	/* "{ 72 }" becomes 72: the braces are underlined; a variable's
	 * value where it is defined, as 1.1.3 points */
	rloc = relational_right_location(rel->binop.right);
	ret = set_expr_has_pack(rel->binop.right) ?
	      set_anon_pack_evaluate(ectx, rel->binop.right, rel->binop.left) :
	      1;
	if (ret < 0 || (ret > 0 && expr_evaluate_like(ectx, &rel->binop.right,
						      rel->binop.left) < 0))
		return -1;
	/* a named set is held against the key first */
	if (noconst && rel->binop.right->etype != EXPR_SET_REF)
		return relational_noconst_error(ectx, rel, &rloc);
	relational_one_member(rel, was_set);
	left = rel->binop.left;
	right = rel->binop.right;
	if (right->etype == EXPR_SET_REF &&
	    setref_lookup_evaluate(ectx, rel) < 0)
		return -1;
	if (noconst)
		return relational_noconst_error(ectx, rel, &rloc);
	/* an interval set's key holds host order members big endian */
	if (right->etype == EXPR_SET && right->flags & EXPR_F_INTERVAL &&
	    left->etype == EXPR_CONCAT)
		left->flags |= EXPR_F_HTON;

	if (right->etype == EXPR_CONCAT)
		return relational_concat_error(ectx, left, right);
	if (relational_check_size(ectx, left->len > right->len ?
					left : right) < 0 ||
	    relational_check_ordered(ectx, rel) < 0)
		return -1;
	if (relational_right_check(ectx, left, right) < 0)
		return -1;
	/* a narrow field that was operated on stays loaded as its value
	 * (shifted down), as the reference keeps it */
	folded = relational_fold_xor(rel);
	left = rel->binop.left;
	right = rel->binop.right;
	if (rel->binop.op == OP_NEG && (right->etype != EXPR_VALUE ||
					!datatype_is_bitmask(left->dtype)))
		return expr_error(ectx, right,
				  "'!' takes flags of a bitmask type, not %s",
				  left->dtype->desc);
	/* bits of a byte: load, mask, compare in place; a named set holds
	 * the field's values, which the load shifts down to them */
	if (left->etype == EXPR_EXTHDR) {
		exthdr_relational_type(rel);
		left = rel->binop.left;
		right = rel->binop.right;
	}
	if (exthdr_expr_needs_mask(left) && !relational_keyed_set(left, right)) {
		exthdr_relational_mask(rel);
		left = rel->binop.left;
		right = rel->binop.right;
	} else if (payload_expr_needs_mask(left) && !folded &&
		   !relational_keyed_set(left, right)) {
		payload_relational_mask(rel);
		left = rel->binop.left;
		right = rel->binop.right;
	}
	relational_unwrap_range(rel);
	/* Strings compare over the whole field, NUL padded; a wildcard
	 * ("eth*") only over its prefix. */
	if (right->etype == EXPR_VALUE && right->len < left->len &&
	    !(right->flags & EXPR_F_WILDCARD))
		right->len = left->len;
	rel->dtype = &boolean_type;
	rel->len = 1;
	return 0;
}

static enum nft_cmp_ops relational_cmp_op(enum ops op)
{
	switch (op) {
	case OP_NEQ:
		return NFT_CMP_NEQ;
	case OP_LT:
		return NFT_CMP_LT;
	case OP_GT:
		return NFT_CMP_GT;
	case OP_LTE:
		return NFT_CMP_LTE;
	case OP_GTE:
		return NFT_CMP_GTE;
	default:
		return NFT_CMP_EQ;
	}
}

static void lin_cmp(struct lin_ctx *lctx, enum nft_registers sreg,
		    enum nft_cmp_ops op, const void *data, unsigned int len)
{
	struct nftnl_expr *nle = lin_expr_alloc("cmp");

	nftnl_expr_set_u32(nle, NFTNL_EXPR_CMP_SREG, sreg);
	nftnl_expr_set_u32(nle, NFTNL_EXPR_CMP_OP, op);
	nftnl_expr_set(nle, NFTNL_EXPR_CMP_DATA, data, len);
	lin_add_expr(lctx, nle);
}

static void lin_bitwise_mask(struct lin_ctx *lctx, enum nft_registers reg,
			     const void *mask, unsigned int len)
{
	static const unsigned char zero[NFT_REG_SIZE * 4];

	lin_bitwise(lctx, reg, mask, zero, len);
}

/*
 * cmp compares bytes in memory order: "<" and ">" on a host byte order
 * value of more than one byte (meta mark, meta length) first turn it big
 * endian, and compare with big endian data, as the system nft does.
 */
static void relational_linearize_value(struct lin_ctx *lctx,
				       const struct expr *rel,
				       enum nft_registers reg)
{
	const struct expr *left = rel->binop.left, *right = rel->binop.right;
	unsigned char data[NFT_REG_SIZE * 4];
	unsigned int len = div_round_up(left->len, BITS_PER_BYTE);
	static const unsigned char zero[NFT_REG_SIZE * 4];

	if (right->len > left->len || right->flags & EXPR_F_WILDCARD)
		len = div_round_up(right->len, BITS_PER_BYTE);
	linearize_expr(lctx, left, reg);
	linearize_mpz(data, right->value.value, right->byteorder, len);
	/* "tcp flags ! syn": none of them set */
	if (relational_is_flags_match(rel)) {
		lin_bitwise_mask(lctx, reg, data, len);
		lin_cmp(lctx, reg, rel->binop.op == OP_NEG ? NFT_CMP_EQ :
							     NFT_CMP_NEQ,
			zero, len);
		return;
	}
	/* cmp orders bytes in memory order: host order values go big
	 * endian first ("meta skuid > 1000"), as the system nft does. */
	if (relational_is_ordered(rel->binop.op) &&
	    left->byteorder == BYTEORDER_HOST_ENDIAN && len > 1) {
		lin_hton(lctx, reg, len);
		linearize_mpz(data, right->value.value, BYTEORDER_BIG_ENDIAN,
			      len);
	}
	lin_cmp(lctx, reg, relational_cmp_op(rel->binop.op), data, len);
}

/*
 * A byte aligned prefix of a header field is matched by loading just
 * those bytes, so no mask is needed; anything else is masked.
 */
static void relational_linearize_prefix(struct lin_ctx *lctx,
					const struct expr *rel,
					enum nft_registers reg)
{
	const struct expr *left = rel->binop.left, *right = rel->binop.right;
	unsigned int plen = right->prefix.prefix_len, width = left->len;
	unsigned int len = div_round_up(width, BITS_PER_BYTE);
	unsigned char data[NFT_REG_SIZE * 4], mask[NFT_REG_SIZE * 4];
	enum nft_cmp_ops op = relational_cmp_op(rel->binop.op);
	struct expr *short_left;
	mpz_t m, v;

	linearize_mpz(data, right->prefix.prefix->value.value,
		      left->byteorder, len);
	if ((left->etype == EXPR_PAYLOAD || left->etype == EXPR_EXTHDR) &&
	    plen > 0 && plen % BITS_PER_BYTE == 0 && plen <= width) {
		short_left = expr_clone(left);
		short_left->len = plen;
		linearize_expr(lctx, short_left, reg);
		expr_free(short_left);
		lin_cmp(lctx, reg, op, data, plen / BITS_PER_BYTE);
		return;
	}
	/* a big endian value loaded whole ("ct original ip6 saddr
	 * 2001:db8::/32"): the compare takes just the prefix's bytes,
	 * as the reference's does */
	if (left->etype != EXPR_EXTHDR &&
	    left->byteorder == BYTEORDER_BIG_ENDIAN && plen > 0 &&
	    plen % BITS_PER_BYTE == 0 && plen <= width) {
		linearize_expr(lctx, left, reg);
		lin_cmp(lctx, reg, op, data, plen / BITS_PER_BYTE);
		return;
	}

	mpz_init(m);
	mpz_init(v);
	mpz_setbit(m, width);
	mpz_sub_ui(m, m, 1);
	mpz_tdiv_q_2exp(v, m, plen);
	mpz_xor(m, m, v);			/* plen leading ones */
	mpz_and(v, right->prefix.prefix->value.value, m);
	linearize_mpz(mask, m, left->byteorder, len);
	linearize_mpz(data, v, left->byteorder, len);
	mpz_clear(m);
	mpz_clear(v);

	linearize_expr(lctx, left, reg);
	lin_bitwise_mask(lctx, reg, mask, len);
	lin_cmp(lctx, reg, op, data, len);
}

/*
 * cmp compares bytes in memory order, so host byte order values are
 * turned big endian first and the bounds exported big endian.
 */
static void relational_linearize_range(struct lin_ctx *lctx,
				       const struct expr *rel,
				       enum nft_registers reg)
{
	const struct expr *left = rel->binop.left, *right = rel->binop.right;
	unsigned int len = div_round_up(left->len, BITS_PER_BYTE);
	unsigned char low[NFT_REG_SIZE * 4], high[NFT_REG_SIZE * 4];
	enum byteorder byteorder = left->byteorder;
	struct nftnl_expr *nle;

	linearize_expr(lctx, left, reg);
	if (byteorder == BYTEORDER_HOST_ENDIAN && len > 1) {
		lin_hton(lctx, reg, len);
		byteorder = BYTEORDER_BIG_ENDIAN;
	}
	linearize_mpz(low, right->range.left->value.value, byteorder, len);
	linearize_mpz(high, right->range.right->value.value, byteorder, len);

	/* upstream 1.1 writes one range expression either way */
	nle = lin_expr_alloc("range");
	nftnl_expr_set_u32(nle, NFTNL_EXPR_RANGE_SREG, reg);
	nftnl_expr_set_u32(nle, NFTNL_EXPR_RANGE_OP,
			   rel->binop.op == OP_NEQ ? NFT_RANGE_NEQ : NFT_RANGE_EQ);
	nftnl_expr_set(nle, NFTNL_EXPR_RANGE_FROM_DATA, low, len);
	nftnl_expr_set(nle, NFTNL_EXPR_RANGE_TO_DATA, high, len);
	lin_add_expr(lctx, nle);
}

/* A match leaves no value behind: @dreg is unused. */
static void relational_expr_linearize(struct lin_ctx *lctx,
				      const struct expr *expr,
				      enum nft_registers dreg)
{
	enum nft_registers reg;

	/* a concatenation takes its slots only: what its members load
	 * themselves goes right after them */
	reg = expr->binop.left->etype == EXPR_CONCAT ?
	      lin_get_register_concat(lctx, expr->binop.left->len) :
	      lin_get_register(lctx, expr->binop.left->len);
	switch (expr->binop.right->etype) {
	case EXPR_PREFIX:
		relational_linearize_prefix(lctx, expr, reg);
		break;
	case EXPR_RANGE:
		relational_linearize_range(lctx, expr, reg);
		break;
	case EXPR_SET:
		set_lookup_linearize(lctx, expr, reg);
		break;
	case EXPR_SET_REF:
		setref_lookup_linearize(lctx, expr, reg);
		break;
	default:
		relational_linearize_value(lctx, expr, reg);
		break;
	}
	lin_put_register(lctx, reg);
}

const struct expr_ops relational_expr_ops = {
	.type		= EXPR_RELATIONAL,
	.name		= "relational",
	.destroy	= relational_expr_destroy,
	.clone		= relational_expr_clone,
	.cmp		= relational_expr_cmp,
	.print		= relational_expr_print,
	.json		= relational_expr_json,
	.evaluate	= relational_expr_evaluate,
	.linearize	= relational_expr_linearize,
};

static bool value_is_zero(const struct expr *e)
{
	return e->etype == EXPR_VALUE && !mpz_sgn(e->value.value);
}

void relational_flags_postprocess(struct expr *rel)
{
	struct expr *binop = rel->binop.left, *right = rel->binop.right;
	struct expr *mask;

	/* "tcp flags == 0x12": an exact compare says so, in hex if it is
	 * more than one flag (a flag list would read as "any of") */
	if (binop->etype != EXPR_BINOP && rel->binop.op == OP_IMPLICIT &&
	    right->etype == EXPR_VALUE && datatype_is_bitmask(binop->dtype)) {
		rel->binop.op = OP_EQ;
		if (mpz_popcount(right->value.value) > 1)
			datatype_value_retype(right, &xinteger_type,
					      right->byteorder);
		return;
	}
	if (binop->etype != EXPR_BINOP || binop->binop.op != OP_AND ||
	    binop->binop.right->etype != EXPR_VALUE ||
	    !datatype_is_bitmask(binop->binop.left->dtype))
		return;
	mask = binop->binop.right;
	if (value_is_zero(right) && !value_is_zero(mask) &&
	    (rel->binop.op == OP_NEQ || rel->binop.op == OP_IMPLICIT ||
	     rel->binop.op == OP_EQ)) {
		rel->binop.op = rel->binop.op == OP_NEQ ? OP_IMPLICIT : OP_NEG;
		rel->binop.left = expr_get(binop->binop.left);
		rel->binop.right = expr_get(mask);
		expr_free(binop);
		expr_free(right);
	}
}

struct expr *relational_expr_alloc(const struct location *loc, enum ops op,
				   struct expr *left, struct expr *right)
{
	struct expr *expr;

	expr = expr_alloc(loc, &relational_expr_ops, &boolean_type,
			  BYTEORDER_INVALID, 1);
	expr->binop.op = op;
	expr->binop.left = left;
	expr->binop.right = right;
	return expr;
}
