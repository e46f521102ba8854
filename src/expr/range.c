/*
 * Ranges: 1-1024. Both bounds are typed by the left side of the relation;
 * the encoding (two cmps or the range expression) is the relational's.
 */
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
 * system nft prints it: its flags with commas would read as a list.
 */
static bool range_bound_is_flags(const struct expr *bound)
{
	return bound->etype == EXPR_VALUE && datatype_is_bitmask(bound->dtype);
}

static void range_bound_print(const struct expr *bound,
			      struct output_ctx *octx)
{
	char *s;

	if (!range_bound_is_flags(bound)) {
		expr_print(bound, octx);
		return;
	}
	s = mpz_get_str(NULL, 16, bound->value.value);
	nft_print(octx, "0x%s", s);
	free(s);
}

/* A bound of several flags of conntrack's (host byte order) as upstream
 * 1.1.3 writes it: {"|": [1, 2]} for 0x3, which reads back as 0x3. */
static json_t *range_bound_bits_json(const struct expr *bound)
{
	const mpz_t *v = &bound->value.value;
	json_t *bits;
	long bit;

	if (bound->byteorder != BYTEORDER_HOST_ENDIAN ||
	    mpz_popcount(*v) < 2 || mpz_sizeinbase(*v, 2) > 62)
		return NULL;
	bits = json_array();
	for (bit = mpz_scan1(*v, 0); bit >= 0 && mpz_tstbit(*v, bit);
	     bit = mpz_scan1(*v, bit + 1))
		json_array_append_new(bits, json_integer(1L << bit));
	return json_wrap("|", bits);
}

static json_t *range_bound_json(const struct expr *bound,
				struct output_ctx *octx)
{
	json_t *bits;

	if (range_bound_is_flags(bound) &&
	    (bits = range_bound_bits_json(bound)))
		return bits;
	if (range_bound_is_flags(bound) && mpz_fits_slong_p(bound->value.value))
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
	/* "meta hour 23:00-02:00" wraps; the relation turns it around */
	if (mpz_cmp(left->value.value, right->value.value) > 0 &&
	    !(left->dtype->flags & DTYPE_F_WRAP))
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
