/*
 * Prefixes: 10.0.0.0/8. The address part is typed by the left side of the
 * relation; the length must fit the type's width. The mask is applied by
 * the relational encoder (src/expr/relational.c).
 */
#include <limits.h>
#include <expr.h>
#include <evaluate.h>
#include <json.h>
#include <nftables.h>

static void prefix_expr_destroy(struct expr *expr)
{
	expr_free(expr->prefix.prefix);
}

static void prefix_expr_clone(struct expr *dst, const struct expr *src)
{
	dst->prefix.prefix = expr_clone(src->prefix.prefix);
	dst->prefix.prefix_len = src->prefix.prefix_len;
}

static bool prefix_expr_cmp(const struct expr *a, const struct expr *b)
{
	return a->prefix.prefix_len == b->prefix.prefix_len &&
	       expr_cmp(a->prefix.prefix, b->prefix.prefix);
}

static void prefix_expr_print(const struct expr *expr, struct output_ctx *octx)
{
	expr_print(expr->prefix.prefix, octx);
	nft_print(octx, "/%u", expr->prefix.prefix_len);
}

static json_t *prefix_expr_json(const struct expr *expr,
				struct output_ctx *octx)
{
	return json_wrap("prefix", json_pair(
			"addr", expr_json(expr->prefix.prefix, octx),
			"len", json_integer(expr->prefix.prefix_len)));
}

static int prefix_expr_evaluate(struct eval_ctx *ectx, struct expr **exprp)
{
	struct expr *expr = *exprp, *addr;

	if (expr_evaluate(ectx, &expr->prefix.prefix) < 0)
		return -1;
	addr = expr->prefix.prefix;
	if (addr->etype != EXPR_VALUE)
		return expr_error(ectx, addr,
				  "Prefix expression expects a constant value");
	if (expr->prefix.prefix_len > addr->len)
		return expr_error(ectx, expr,
				  "Prefix length %u is invalid for type of %u bits width",
				  expr->prefix.prefix_len, addr->len);
	expr->dtype = addr->dtype;
	expr->byteorder = addr->byteorder;
	expr->len = addr->len;
	expr->flags |= EXPR_F_CONSTANT;
	return 0;
}

static struct expr *prefix_expr_json_parse(struct json_ctx *jctx,
					   json_t *value,
					   const struct location *loc)
{
	json_t *addr_json, *len_json;
	struct expr *addr;

	addr_json = json_object_get(value, "addr");
	len_json = json_object_get(value, "len");
	if (addr_json == NULL || !json_is_integer(len_json) ||
	    json_integer_value(len_json) < 0 ||
	    json_integer_value(len_json) > UINT_MAX) {
		json_error(jctx, ".prefix",
			   "Invalid prefix: expected {\"addr\": ..., \"len\": NUMBER}");
		return NULL;
	}
	addr = json_parse_expr(jctx, addr_json, ".prefix.addr");
	if (addr == NULL)
		return NULL;
	return prefix_expr_alloc(loc, addr, json_integer_value(len_json));
}

static const char *const prefix_expr_json_keys[] = {
	"addr", "len", NULL,
};

const struct expr_ops prefix_expr_ops = {
	.type		= EXPR_PREFIX,
	.name		= "prefix",
	.destroy	= prefix_expr_destroy,
	.clone		= prefix_expr_clone,
	.cmp		= prefix_expr_cmp,
	.print		= prefix_expr_print,
	.json		= prefix_expr_json,
	.evaluate	= prefix_expr_evaluate,
	.json_name	= "prefix",
	.json_parse	= prefix_expr_json_parse,
	.json_keys	= prefix_expr_json_keys,
};

struct expr *prefix_expr_alloc(const struct location *loc,
			       struct expr *prefix, unsigned int prefix_len)
{
	struct expr *expr;

	expr = expr_alloc(loc, &prefix_expr_ops, prefix->dtype,
			  prefix->byteorder, prefix->len);
	expr->prefix.prefix = prefix;
	expr->prefix.prefix_len = prefix_len;
	return expr;
}
