/*
 * Ranges: 1-1024. Both bounds are typed by the left side of the relation;
 * the encoding (two cmps or the range expression) is the relational's.
 */
#include <limits.h>
#include <stdlib.h>
#include <expr.h>
#include <evaluate.h>
#include <json.h>
#include <nftables.h>

static void range_expr_destroy(struct expr *expr)
{
	expr_free(expr->range.left);
	expr_free(expr->range.right);
}

static void range_expr_clone(struct expr *dst, const struct expr *src)
{
	dst->range.left = expr_clone(src->range.left);
	dst->range.right = expr_clone(src->range.right);
}

static bool range_expr_cmp(const struct expr *a, const struct expr *b)
{
	return expr_cmp(a->range.left, b->range.left) &&
	       expr_cmp(a->range.right, b->range.right);
}

/* Bounds print as numbers, like the system nft: "meta l4proto 6-17". */
static unsigned int range_numeric_flags(struct output_ctx *octx)
{
	unsigned int flags = octx->flags;

	octx->flags &= ~(NFT_CTX_OUTPUT_SERVICE | NFT_CTX_OUTPUT_REVERSEDNS |
			 NFT_CTX_OUTPUT_GUID);
	octx->flags |= NFT_CTX_OUTPUT_NUMERIC_ALL;
	return flags;
}

/*
 * A bound of a flags type is one number, "tcp flags 0x3-0x5" as the
 * reference prints it: its flags with commas would read as a list. A
 * host order one (ct state, ct status) of several flags is their
 * numbers or-ed, "ct state 0x1 | 0x2-0x1 | 0x4", as the reference
 * prints it and reads it back; in JSON {"|": [1, 2]}.
 */
static bool range_bound_is_flags(const struct expr *bound)
{
	/* but a conntrack label of one bit is that bit's number, as the
	 * reference prints it and reads it back ("ct label 27-64") */
	if (bound->etype == EXPR_VALUE &&
	    bound->dtype->type == TYPE_CT_LABEL &&
	    mpz_popcount(bound->value.value) == 1)
		return false;
	return bound->etype == EXPR_VALUE && datatype_is_bitmask(bound->dtype);
}

static bool range_bound_or(const struct expr *bound)
{
	return range_bound_is_flags(bound) &&
	       bound->dtype->byteorder == BYTEORDER_HOST_ENDIAN &&
	       mpz_popcount(bound->value.value) > 1 &&
	       mpz_sizeinbase(bound->value.value, 2) <= 63;
}

static void range_bound_print(const struct expr *bound,
			      struct output_ctx *octx)
{
	const char *sep = "";
	unsigned long bit;
	char *s;

	if (!range_bound_is_flags(bound)) {
		expr_print(bound, octx);
		return;
	}
	if (!range_bound_or(bound)) {
		s = mpz_get_str(NULL, 16, bound->value.value);
		nft_print(octx, "0x%s", s);
		free(s);
		return;
	}
	for (bit = mpz_scan1(bound->value.value, 0); bit != ULONG_MAX;
	     bit = mpz_scan1(bound->value.value, bit + 1)) {
		nft_print(octx, "%s0x%llx", sep, 1ULL << bit);
		sep = " | ";
	}
}

/*
 * A named constant of more than a byte in host order (a fib address
 * type, an interface's hardware type) in a range of a rule's set is a
 * number in 1.1.3's JSON ("broadcast" is 3 there; not in a named set).
 */
static bool range_bound_numeric(const struct expr *bound,
				const struct output_ctx *octx)
{
	return octx->rule_set && bound->etype == EXPR_VALUE &&
	       bound->dtype->sym_tbl &&
	       bound->dtype->byteorder == BYTEORDER_HOST_ENDIAN &&
	       bound->dtype->size > 8;
}

static json_t *range_bound_json(const struct expr *bound,
				struct output_ctx *octx)
{
	unsigned long bit;
	json_t *bits;

	if (range_bound_or(bound)) {
		bits = json_array();
		for (bit = mpz_scan1(bound->value.value, 0); bit != ULONG_MAX;
		     bit = mpz_scan1(bound->value.value, bit + 1))
			json_array_append_new(bits, json_integer(1LL << bit));
		return json_wrap("|", bits);
	}
	if ((range_bound_is_flags(bound) || range_bound_numeric(bound, octx)) &&
	    mpz_fits_slong_p(bound->value.value))
		return json_integer(mpz_get_si(bound->value.value));
	return expr_json(bound, octx);
}

static void range_expr_print(const struct expr *expr, struct output_ctx *octx)
{
	unsigned int flags = range_numeric_flags(octx);

	range_bound_print(expr->range.left, octx);
	nft_print(octx, "-");
	range_bound_print(expr->range.right, octx);
	octx->flags = flags;
}

/*
 * JSON bounds keep symbolic names ("Monday", "host"); only protocols
 * and services are numbers, as the system nft writes them.
 */
static json_t *range_expr_json(const struct expr *expr, struct output_ctx *octx)
{
	unsigned int flags = octx->flags;

	octx->flags &= ~(NFT_CTX_OUTPUT_SERVICE | NFT_CTX_OUTPUT_REVERSEDNS |
			 NFT_CTX_OUTPUT_GUID);
	octx->flags |= NFT_CTX_OUTPUT_NUMERIC_PROTO;
	json_t *res;

	res = json_wrap("range",
			json_array2(range_bound_json(expr->range.left, octx),
				    range_bound_json(expr->range.right, octx)));
	octx->flags = flags;
	return res;
}

/*
 * The bounds compared as written: a time of day is written in local
 * time, kept in UTC, so "08:00"-"10:00" in Tokyo is kept as 23:00-01:00
 * (a wrapping range the relation turns around, see DTYPE_F_WRAP) and is
 * no negative range. (The reference refuses it, as it does in UTC a
 * range written wrapping, "23:00"-"02:00".)
 */
int range_bounds_cmp(const struct expr *left, const struct expr *right)
{
	void (*written)(const struct expr *, mpz_t) = left->dtype->written;
	mpz_t a, b;
	int ret;

	if (!written || right->dtype->written != written)
		return mpz_cmp(left->value.value, right->value.value);
	mpz_init(a);
	mpz_init(b);
	written(left, a);
	written(right, b);
	ret = mpz_cmp(a, b);
	mpz_clear(a);
	mpz_clear(b);
	return ret;
}

static int range_expr_evaluate(struct eval_ctx *ectx, struct expr **exprp)
{
	struct expr *expr = *exprp, *left, *right;

	if (expr_evaluate(ectx, &expr->range.left) < 0 ||
	    expr_evaluate(ectx, &expr->range.right) < 0)
		return -1;
	left = expr->range.left;
	right = expr->range.right;
	if (left->etype != EXPR_VALUE)
		return expr_error(ectx, left,
				  "Range expression expects constant values");
	if (right->etype != EXPR_VALUE)
		return expr_error(ectx, right,
				  "Range expression expects constant values");
	if (range_bounds_cmp(left, right) > 0)
		return expr_error(ectx, expr, "Range negative size");
	expr->dtype = left->dtype;
	expr->byteorder = left->byteorder;
	expr->len = left->len;
	expr->flags |= EXPR_F_CONSTANT;
	/* "80-80" is the value 80, as upstream 1.1.3 takes it (a set of
	 * it needs no intervals) */
	if (!mpz_cmp(left->value.value, right->value.value)) {
		*exprp = expr_get(left);
		(*exprp)->location = expr->location;
		if (expr->elem_info && !(*exprp)->elem_info) {
			(*exprp)->elem_info = expr->elem_info;
			expr->elem_info = NULL;
		}
		expr_free(expr);
	}
	return 0;
}

static struct expr *range_expr_json_parse(struct json_ctx *jctx,
					  json_t *value,
					  const struct location *loc)
{
	struct expr *low, *high;

	if (!json_is_array(value) || json_array_size(value) != 2) {
		json_error(jctx, ".range",
			   "Invalid range: expected an array of two values");
		return NULL;
	}
	low = json_parse_expr(jctx, json_array_get(value, 0), ".range[0]");
	if (low == NULL)
		return NULL;
	high = json_parse_expr(jctx, json_array_get(value, 1), ".range[1]");
	if (high == NULL) {
		expr_free(low);
		return NULL;
	}
	return range_expr_alloc(loc, low, high);
}

const struct expr_ops range_expr_ops = {
	.type		= EXPR_RANGE,
	.name		= "range",
	.destroy	= range_expr_destroy,
	.clone		= range_expr_clone,
	.cmp		= range_expr_cmp,
	.print		= range_expr_print,
	.json		= range_expr_json,
	.evaluate	= range_expr_evaluate,
	.json_name	= "range",
	.json_parse	= range_expr_json_parse,
};

struct expr *range_expr_alloc(const struct location *loc,
			      struct expr *left, struct expr *right)
{
	struct expr *expr;

	expr = expr_alloc(loc, &range_expr_ops, left->dtype,
			  left->byteorder, left->len);
	expr->range.left = left;
	expr->range.right = right;
	return expr;
}
