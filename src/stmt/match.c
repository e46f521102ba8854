/*
 * Expression statements: a match ("ip daddr 1.2.3.4"), a relational
 * expression that ends the rule's evaluation when false.
 */
#include <string.h>
#include <stmt.h>
#include <evaluate.h>
#include <linearize.h>
#include <json.h>
#include <nftables.h>

static void expr_stmt_destroy(struct stmt *stmt)
{
	expr_free(stmt->expr);
}

static void expr_stmt_print(const struct stmt *stmt, struct output_ctx *octx)
{
	expr_print(stmt->expr, octx);
}

static json_t *expr_stmt_json(const struct stmt *stmt, struct output_ctx *octx)
{
	return expr_json(stmt->expr, octx);
}

static int expr_stmt_evaluate(struct eval_ctx *ectx, struct stmt *stmt)
{
	if (expr_evaluate(ectx, &stmt->expr) < 0)
		return -1;
	if (stmt->expr->etype != EXPR_RELATIONAL)
		return stmt_error(ectx, stmt,
				  "Expression statement must be a match (%s given)",
				  expr_name(stmt->expr));
	return 0;
}

static void expr_stmt_linearize(struct lin_ctx *lctx, const struct stmt *stmt)
{
	linearize_expr(lctx, stmt->expr, NFT_REG_1);
}

/* {"match": {"op": "==", "left": EXPR, "right": EXPR}} */
static struct stmt *expr_stmt_json_parse(struct json_ctx *jctx,
					 const char *key, json_t *value,
					 const struct location *loc)
{
	json_t *op_json = json_object_get(value, "op");
	json_t *left_json = json_object_get(value, "left");
	json_t *right_json = json_object_get(value, "right");
	struct expr *left, *right;
	enum ops op = OP_IMPLICIT;

	if (op_json != NULL) {
		op = json_is_string(op_json) ?
		     op_from_token(json_string_value(op_json)) : OP_INVALID;
		/* "in": any of the flags (or a set member) */
		if (json_is_string(op_json) &&
		    !strcmp(json_string_value(op_json), "in"))
			op = OP_IMPLICIT;
		if (op == OP_INVALID || (op >= OP_AND && op != OP_NEG)) {
			json_error(jctx, ".match.op", "Invalid match operator");
			return NULL;
		}
	}
	if (left_json == NULL || right_json == NULL) {
		json_error(jctx, ".match",
			   "Invalid match: \"left\" and \"right\" are required");
		return NULL;
	}
	left = json_parse_expr(jctx, left_json, ".match.left");
	if (left == NULL)
		return NULL;
	right = json_parse_expr(jctx, right_json, ".match.right");
	if (right == NULL) {
		expr_free(left);
		return NULL;
	}
	return expr_stmt_alloc(loc,
			       relational_expr_alloc(loc, op, left, right));
}

static const char *const expr_stmt_json_keys[] = {
	"op", "left", "right", NULL,
};

const struct stmt_ops expr_stmt_ops = {
	.type		= STMT_EXPRESSION,
	.name		= "expression",
	.destroy	= expr_stmt_destroy,
	.print		= expr_stmt_print,
	.json		= expr_stmt_json,
	.evaluate	= expr_stmt_evaluate,
	.linearize	= expr_stmt_linearize,
	.json_name	= "match",
	.json_parse	= expr_stmt_json_parse,
	.json_keys	= expr_stmt_json_keys,
};

struct stmt *expr_stmt_alloc(const struct location *loc, struct expr *expr)
{
	struct stmt *stmt = stmt_alloc(loc, &expr_stmt_ops);

	stmt->expr = expr;
	return stmt;
}
