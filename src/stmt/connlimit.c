/*
 * "ct count [over] N": a match on the number of connections tracked for
 * the packet's flow (the kernel's connlimit expression). It reads like a
 * ct expression but is a statement of its own, with no register.
 */
#include <stmt.h>
#include <evaluate.h>
#include <linearize.h>
#include <json.h>
#include <nftables.h>
#include <libnftnl/expr.h>

static void connlimit_stmt_print(const struct stmt *stmt,
				 struct output_ctx *octx)
{
	nft_print(octx, "ct count %s%u",
		  stmt->connlimit.flags & NFT_CONNLIMIT_F_INV ? "over " : "",
		  stmt->connlimit.count);
}

/* {"ct count": {"val": 10}}, {"ct count": {"val": 10, "inv": true}} */
static json_t *connlimit_stmt_json(const struct stmt *stmt,
				   struct output_ctx *octx)
{
	json_t *obj = json_object();

	json_object_set_new(obj, "val", json_integer(stmt->connlimit.count));
	if (stmt->connlimit.flags & NFT_CONNLIMIT_F_INV)
		json_object_set_new(obj, "inv", json_true());
	return json_wrap("ct count", obj);
}

static void connlimit_stmt_linearize(struct lin_ctx *lctx,
				     const struct stmt *stmt)
{
	struct nftnl_expr *nle = lin_expr_alloc("connlimit");

	nftnl_expr_set_u32(nle, NFTNL_EXPR_CONNLIMIT_COUNT,
			   stmt->connlimit.count);
	nftnl_expr_set_u32(nle, NFTNL_EXPR_CONNLIMIT_FLAGS,
			   stmt->connlimit.flags);
	lin_add_expr(lctx, nle);
}

static int connlimit_stmt_delinearize(struct delin_ctx *dctx,
				      const struct nftnl_expr *nle)
{
	struct stmt *stmt = connlimit_stmt_alloc(&internal_location,
			nftnl_expr_get_u32(nle, NFTNL_EXPR_CONNLIMIT_COUNT),
			nftnl_expr_get_u32(nle, NFTNL_EXPR_CONNLIMIT_FLAGS));

	delin_add_stmt(dctx, stmt);
	return 0;
}

static struct stmt *connlimit_stmt_json_parse(struct json_ctx *jctx,
					      const char *key, json_t *value,
					      const struct location *loc)
{
	json_t *val = json_is_object(value) ?
		      json_object_get(value, "val") : NULL;
	json_t *inv = json_is_object(value) ?
		      json_object_get(value, "inv") : NULL;

	if (!val || !json_is_integer(val) || json_integer_value(val) < 0 ||
	    json_integer_value(val) > UINT32_MAX) {
		json_error(jctx, ".ct count.val",
			   "Invalid ct count: \"val\" must be a number up to 4294967295");
		return NULL;
	}
	if (inv && !json_is_boolean(inv)) {
		json_error(jctx, ".ct count.inv",
			   "Invalid ct count: \"inv\" must be a boolean");
		return NULL;
	}
	return connlimit_stmt_alloc(loc, json_integer_value(val),
				    inv && json_is_true(inv) ?
				    NFT_CONNLIMIT_F_INV : 0);
}

static const char *const connlimit_stmt_json_keys[] = {
	"val", "inv", NULL,
};

const struct stmt_ops connlimit_stmt_ops = {
	.type		= STMT_CONNLIMIT,
	.name		= "connlimit",
	.print		= connlimit_stmt_print,
	.json		= connlimit_stmt_json,
	.linearize	= connlimit_stmt_linearize,
	.nl_name	= "connlimit",
	.delinearize	= connlimit_stmt_delinearize,
	.json_name	= "ct count",
	.json_parse	= connlimit_stmt_json_parse,
	.json_keys	= connlimit_stmt_json_keys,
};

struct stmt *connlimit_stmt_alloc(const struct location *loc, uint32_t count,
				  uint32_t flags)
{
	struct stmt *stmt = stmt_alloc(loc, &connlimit_stmt_ops);

	stmt->connlimit.count = count;
	stmt->connlimit.flags = flags;
	return stmt;
}
