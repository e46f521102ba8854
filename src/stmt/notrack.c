/*
 * "notrack": the packet bypasses connection tracking. No arguments; the
 * kernel's notrack expression carries none either.
 */
#include <stmt.h>
#include <linearize.h>
#include <json.h>
#include <nftables.h>

static void notrack_stmt_print(const struct stmt *stmt,
			       struct output_ctx *octx)
{
	nft_print(octx, "notrack");
}

static json_t *notrack_stmt_json(const struct stmt *stmt,
				 struct output_ctx *octx)
{
	return json_wrap("notrack", json_null());
}

static void notrack_stmt_linearize(struct lin_ctx *lctx,
				   const struct stmt *stmt)
{
	lin_add_expr(lctx, lin_expr_alloc("notrack"));
}

static int notrack_stmt_delinearize(struct delin_ctx *dctx,
				    const struct nftnl_expr *nle)
{
	delin_add_stmt(dctx, notrack_stmt_alloc(&internal_location));
	return 0;
}

/* {"notrack": null} */
static struct stmt *notrack_stmt_json_parse(struct json_ctx *jctx,
					    const char *key, json_t *value,
					    const struct location *loc)
{
	if (value && !json_is_null(value)) {
		json_error(jctx, ".notrack",
			   "Invalid notrack statement: expected null");
		return NULL;
	}
	return notrack_stmt_alloc(loc);
}

const struct stmt_ops notrack_stmt_ops = {
	.type		= STMT_NOTRACK,
	.name		= "notrack",
	.print		= notrack_stmt_print,
	.json		= notrack_stmt_json,
	.linearize	= notrack_stmt_linearize,
	.nl_name	= "notrack",
	.delinearize	= notrack_stmt_delinearize,
	.json_name	= "notrack",
	.json_parse	= notrack_stmt_json_parse,
};

struct stmt *notrack_stmt_alloc(const struct location *loc)
{
	return stmt_alloc(loc, &notrack_stmt_ops);
}
