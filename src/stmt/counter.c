/*
 * Anonymous counters: "counter" / "counter packets N bytes N". The kernel
 * takes initial values; the system nft sends only those that are not 0.
 */
#include <inttypes.h>
#include <stmt.h>
#include <sobj.h>
#include <linearize.h>
#include <json.h>
#include <nftables.h>
#include <libnftnl/expr.h>

static void counter_stmt_print(const struct stmt *stmt, struct output_ctx *octx)
{
	nft_print(octx, "counter");
	if (nft_output_stateless(octx))
		return;
	nft_print(octx, " packets %" PRIu64 " bytes %" PRIu64,
		  stmt->counter.packets, stmt->counter.bytes);
}

static json_t *counter_stmt_json(const struct stmt *stmt,
				 struct output_ctx *octx)
{
	if (nft_output_stateless(octx))
		return json_wrap("counter", json_null());
	return json_wrap("counter", json_pair(
			"packets", json_integer(stmt->counter.packets),
			"bytes", json_integer(stmt->counter.bytes)));
}

static int counter_stmt_evaluate(struct eval_ctx *ectx, struct stmt *stmt)
{
	return 0;
}

static void counter_stmt_linearize(struct lin_ctx *lctx,
				   const struct stmt *stmt)
{
	struct nftnl_expr *nle = lin_expr_alloc("counter");

	if (stmt->counter.packets)
		nftnl_expr_set_u64(nle, NFTNL_EXPR_CTR_PACKETS,
				   stmt->counter.packets);
	if (stmt->counter.bytes)
		nftnl_expr_set_u64(nle, NFTNL_EXPR_CTR_BYTES,
				   stmt->counter.bytes);
	lin_add_expr(lctx, nle);
}

static int counter_stmt_delinearize(struct delin_ctx *dctx,
				    const struct nftnl_expr *nle)
{
	struct stmt *stmt = counter_stmt_alloc(&internal_location);

	stmt->counter.packets = nftnl_expr_get_u64(nle, NFTNL_EXPR_CTR_PACKETS);
	stmt->counter.bytes = nftnl_expr_get_u64(nle, NFTNL_EXPR_CTR_BYTES);
	delin_add_stmt(dctx, stmt);
	return 0;
}

static int counter_json_u64(struct json_ctx *jctx, json_t *value,
			    const char *key, uint64_t *res)
{
	json_t *num = json_object_get(value, key);

	if (num == NULL)
		return 0;
	if (!json_is_integer(num) || json_integer_value(num) < 0)
		return json_error(jctx, key[0] == 'p' ? ".counter.packets" :
				  ".counter.bytes",
				  "Invalid counter %s: expected a number", key);
	*res = json_integer_value(num);
	return 0;
}

/* {"counter": null}, {"counter": {}} or {"counter": {"packets": N, ...}} */
static struct stmt *counter_stmt_json_parse(struct json_ctx *jctx,
					    const char *key, json_t *value,
					    const struct location *loc)
{
	struct stmt *stmt;

	if (objref_json_is_ref(value))
		return objref_json_parse_name(jctx, NFT_OBJECT_COUNTER, value,
					      loc);
	if (value != NULL && !json_is_null(value) && !json_is_object(value)) {
		json_error(jctx, ".counter",
			   "Named counter references are not supported here");
		return NULL;
	}
	stmt = counter_stmt_alloc(loc);
	if (!json_is_object(value))
		return stmt;
	if (counter_json_u64(jctx, value, "packets",
			     &stmt->counter.packets) < 0 ||
	    counter_json_u64(jctx, value, "bytes",
			     &stmt->counter.bytes) < 0) {
		stmt_free(stmt);
		return NULL;
	}
	return stmt;
}

static const char *const counter_stmt_json_keys[] = {
	"packets", "bytes", "map", NULL,
};

const struct stmt_ops counter_stmt_ops = {
	.type		= STMT_COUNTER,
	.name		= "counter",
	.print		= counter_stmt_print,
	.json		= counter_stmt_json,
	.evaluate	= counter_stmt_evaluate,
	.linearize	= counter_stmt_linearize,
	.nl_name	= "counter",
	.delinearize	= counter_stmt_delinearize,
	.json_name	= "counter",
	.json_parse	= counter_stmt_json_parse,
	.json_keys	= counter_stmt_json_keys,
};

struct stmt *counter_stmt_alloc(const struct location *loc)
{
	return stmt_alloc(loc, &counter_stmt_ops);
}
