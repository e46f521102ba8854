/*
 * Verdict statements: a verdict expression loaded into the verdict
 * register. JSON: {"accept": null}, {"jump": {"target": "c"}}.
 */
#include <string.h>
#include <stmt.h>
#include <evaluate.h>
#include <linearize.h>
#include <json.h>
#include <nftables.h>
#include <linux/netfilter.h>

static void verdict_stmt_destroy(struct stmt *stmt)
{
	expr_free(stmt->expr);
}

static void verdict_stmt_print(const struct stmt *stmt,
			       struct output_ctx *octx)
{
	expr_print(stmt->expr, octx);
}

static json_t *verdict_stmt_json(const struct stmt *stmt,
				 struct output_ctx *octx)
{
	return expr_json(stmt->expr, octx);
}

static int verdict_stmt_evaluate(struct eval_ctx *ectx, struct stmt *stmt)
{
	return expr_evaluate(ectx, &stmt->expr);
}

static void verdict_stmt_linearize(struct lin_ctx *lctx,
				   const struct stmt *stmt)
{
	linearize_expr(lctx, stmt->expr, NFT_REG_VERDICT);
}

/* Listing: a verdict map's key is a load to name. */
static void verdict_stmt_delin_postprocess(struct delin_ctx *dctx,
					   struct stmt *stmt)
{
	delin_postprocess_expr(dctx, stmt, &stmt->expr);
}

static const char *const verdict_json_names[] = {
	"accept", "drop", "continue", "return", "jump", "goto", "vmap", NULL,
};

static const int verdict_json_codes[] = {
	NF_ACCEPT, NF_DROP, NFT_CONTINUE, NFT_RETURN, NFT_JUMP, NFT_GOTO,
};

static struct expr *verdict_json_target(struct json_ctx *jctx,
					const char *key, json_t *value,
					const struct location *loc)
{
	static const char *const keys[] = { "target", NULL };
	json_t *target = json_object_get(value, "target");
	char suffix[32];
	struct location tloc;

	if (json_check_keys(jctx, value, key, keys) < 0)
		return NULL;
	if (!json_is_string(target)) {
		json_error(jctx, "", "Invalid %s: expected {\"target\": STRING}",
			   key);
		return NULL;
	}
	snprintf(suffix, sizeof(suffix), ".%s.target", key);
	tloc = json_location(jctx, suffix);
	return constant_expr_alloc_string(&tloc, &string_type,
					  json_string_value(target), 0);
}

static struct stmt *verdict_stmt_json_parse(struct json_ctx *jctx,
					    const char *key, json_t *value,
					    const struct location *loc)
{
	static const char *const vmap_keys[] = { "key", "data", NULL };
	static const char *const no_keys[] = { NULL };
	struct expr *chain = NULL;
	unsigned int i;

	for (i = 0; verdict_json_names[i]; i++)
		if (!strcmp(verdict_json_names[i], key))
			break;
	if (verdict_json_names[i] == NULL) {
		json_error(jctx, "", "Unknown verdict '%s'", key);
		return NULL;
	}
	/* {"vmap": {"key": ..., "data": {"set": [...]}}} (src/expr/map.c) */
	if (!strcmp(key, "vmap")) {
		if (json_check_keys(jctx, value, key, vmap_keys) < 0)
			return NULL;
		chain = vmap_expr_json_parse(jctx, value, loc);
		return chain ? verdict_stmt_alloc(loc, chain) : NULL;
	}
	if (verdict_json_codes[i] == NFT_JUMP ||
	    verdict_json_codes[i] == NFT_GOTO) {
		chain = verdict_json_target(jctx, key, value, loc);
		if (chain == NULL)
			return NULL;
	} else if (json_check_keys(jctx, value, key, no_keys) < 0) {
		return NULL;
	}
	return verdict_stmt_alloc(loc, verdict_expr_alloc(loc,
					verdict_json_codes[i], chain));
}

const struct stmt_ops verdict_stmt_ops = {
	.type		= STMT_VERDICT,
	.name		= "verdict",
	.destroy	= verdict_stmt_destroy,
	.print		= verdict_stmt_print,
	.json		= verdict_stmt_json,
	.evaluate	= verdict_stmt_evaluate,
	.linearize	= verdict_stmt_linearize,
	.delin_postprocess = verdict_stmt_delin_postprocess,
	.json_names	= verdict_json_names,
	.json_parse	= verdict_stmt_json_parse,
};

struct stmt *verdict_stmt_alloc(const struct location *loc,
				struct expr *verdict)
{
	struct stmt *stmt = stmt_alloc(loc, &verdict_stmt_ops);

	stmt->expr = verdict;
	return stmt;
}
