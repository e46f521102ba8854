/*
 * Variables ($name): a reference to the expression a `define` bound.
 * Evaluation replaces the variable by a private copy of that value, so
 * the definition can be used again elsewhere with another type context.
 */
#include <string.h>
#include <expr.h>
#include <evaluate.h>
#include <nftables.h>

static void variable_expr_destroy(struct expr *expr)
{
	xfree(expr->variable.name);
	expr_free(expr->variable.value);
}

static void variable_expr_clone(struct expr *dst, const struct expr *src)
{
	dst->variable.name = xstrdup(src->variable.name);
	dst->variable.value = src->variable.value ?
			      expr_get(src->variable.value) : NULL;
}

static bool variable_expr_cmp(const struct expr *a, const struct expr *b)
{
	return !strcmp(a->variable.name, b->variable.name);
}

static void variable_expr_print(const struct expr *expr,
				struct output_ctx *octx)
{
	nft_print(octx, "$%s", expr->variable.name);
}

static json_t *variable_expr_json(const struct expr *expr,
				  struct output_ctx *octx)
{
	if (expr->variable.value)
		return expr_json(expr->variable.value, octx);
	return json_pack("s+", "$", expr->variable.name);
}

/*
 * How many values one run may copy out of variables. A definition may
 * hold two references to the one before it, so a few dozen lines could
 * otherwise ask for billions of copies.
 */
#define VARIABLE_MAX_EXPANSION	(1ul << 20)

/* Count the copy about to be made; an error once the budget is spent. */
static int variable_expand(struct eval_ctx *ectx, const struct expr *var)
{
	const struct expr *value = var->variable.value;
	unsigned long n = value->etype == EXPR_LIST ?
			  value->expr_list.size + 1 : 1;

	if (ectx->expanded > VARIABLE_MAX_EXPANSION)
		return -1;	/* reported already */
	ectx->expanded += n;
	if (ectx->expanded <= VARIABLE_MAX_EXPANSION)
		return 0;
	return expr_error(ectx, var,
			  "too many values: variables expand to more than %lu values",
			  VARIABLE_MAX_EXPANSION);
}

static int variable_expr_evaluate(struct eval_ctx *ectx, struct expr **exprp)
{
	struct expr *var = *exprp, *value;

	if (var->variable.value == NULL)
		return expr_error(ectx, var, "unknown identifier '%s'",
				  var->variable.name);
	if (variable_expand(ectx, var) < 0)
		return -1;
	value = expr_clone(var->variable.value);
	expr_free(var);
	*exprp = value;
	return expr_evaluate(ectx, exprp);
}

const struct expr_ops variable_expr_ops = {
	.type		= EXPR_VARIABLE,
	.name		= "variable",
	.destroy	= variable_expr_destroy,
	.clone		= variable_expr_clone,
	.cmp		= variable_expr_cmp,
	.print		= variable_expr_print,
	.json		= variable_expr_json,
	.evaluate	= variable_expr_evaluate,
};

/* Takes over the caller's reference to @value. */
struct expr *variable_expr_alloc(const struct location *loc,
				 const char *name, struct expr *value)
{
	struct expr *expr;

	expr = expr_alloc(loc, &variable_expr_ops,
			  value ? value->dtype : &invalid_type,
			  value ? value->byteorder : BYTEORDER_INVALID,
			  value ? value->len : 0);
	expr->variable.name = xstrdup(name);
	expr->variable.value = value;
	return expr;
}
