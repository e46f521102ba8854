/*
 * Last statements: "last" records when the rule last matched; the
 * kernel reports it as milliseconds ago, or never. Lists as "last used
 * never" or "last used 1m40s", as 1.1.3 lists it; "last used
 * DURATION" as input sets the time, as a restored ruleset does.
 */
#include <ctype.h>
#include <inttypes.h>
#include <string.h>
#include <stmt.h>
#include <evaluate.h>
#include <linearize.h>
#include <json.h>
#include <nftables.h>
#include <libnftnl/expr.h>

/* Largest first; "ms" before "m" when parsing. */
static const struct {
	const char *suffix;
	uint64_t ms;
} last_units[] = {
	{ "d",	24ULL * 60 * 60 * 1000 },
	{ "h",	60 * 60 * 1000 },
	{ "ms",	1 },
	{ "m",	60 * 1000 },
	{ "s",	1000 },
};

bool last_used_parse(const char *text, uint64_t *ms)
{
	uint64_t total = 0, v;
	unsigned int i;
	char *end;

	if (!isdigit((unsigned char)*text))
		return false;
	while (*text) {
		if (!isdigit((unsigned char)*text))
			return false;
		v = strtoull(text, &end, 10);
		for (i = 0; i < array_size(last_units); i++) {
			size_t n = strlen(last_units[i].suffix);

			if (!strncmp(end, last_units[i].suffix, n))
				break;
		}
		if (i == array_size(last_units) ||
		    v > (UINT64_MAX - total) / last_units[i].ms)
			return false;
		total += v * last_units[i].ms;
		text = end + strlen(last_units[i].suffix);
	}
	*ms = total;
	return true;
}

/* 100000 -> "1m40s"; 0 -> "0s". */
static void last_print_duration(uint64_t ms, struct output_ctx *octx)
{
	static const unsigned int order[] = { 0, 1, 3, 4, 2 };
	unsigned int i;
	bool any = false;

	for (i = 0; i < array_size(order); i++) {
		uint64_t unit = last_units[order[i]].ms;

		if (ms / unit == 0)
			continue;
		nft_print(octx, "%" PRIu64 "%s", ms / unit,
			  last_units[order[i]].suffix);
		ms %= unit;
		any = true;
	}
	if (!any)
		nft_print(octx, "0s");
}

static void last_stmt_print(const struct stmt *stmt, struct output_ctx *octx)
{
	nft_print(octx, "last");
	if (nft_output_stateless(octx))
		return;
	nft_print(octx, " used ");
	if (stmt->last.set)
		last_print_duration(stmt->last.used, octx);
	else
		nft_print(octx, "never");
}

static json_t *last_stmt_json(const struct stmt *stmt, struct output_ctx *octx)
{
	if (!stmt->last.set || nft_output_stateless(octx))
		return json_wrap("last", json_null());
	return json_wrap("last", json_pack("{s:I}", "used",
					   (json_int_t)stmt->last.used));
}

static int last_stmt_evaluate(struct eval_ctx *ectx, struct stmt *stmt)
{
	return 0;
}

static void last_stmt_linearize(struct lin_ctx *lctx, const struct stmt *stmt)
{
	struct nftnl_expr *nle = lin_expr_alloc("last");

	nftnl_expr_set_u64(nle, NFTNL_EXPR_LAST_MSECS, stmt->last.used);
	nftnl_expr_set_u32(nle, NFTNL_EXPR_LAST_SET, stmt->last.set);
	lin_add_expr(lctx, nle);
}

static int last_stmt_delinearize(struct delin_ctx *dctx,
				 const struct nftnl_expr *nle)
{
	struct stmt *stmt = last_stmt_alloc(&internal_location);

	stmt->last.used = nftnl_expr_get_u64(nle, NFTNL_EXPR_LAST_MSECS);
	stmt->last.set = nftnl_expr_get_u32(nle, NFTNL_EXPR_LAST_SET);
	delin_add_stmt(dctx, stmt);
	return 0;
}

/* {"last": null} or {"last": {"used": MILLISECONDS}} */
static struct stmt *last_stmt_json_parse(struct json_ctx *jctx,
					 const char *key, json_t *value,
					 const struct location *loc)
{
	struct stmt *stmt;
	int r;

	if (value && !json_is_null(value) && !json_is_object(value)) {
		json_error(jctx, ".last", "Invalid last: expected an object");
		return NULL;
	}
	stmt = last_stmt_alloc(loc);
	r = stmt_json_u64(jctx, value, "last", "used", UINT64_MAX,
			  &stmt->last.used);
	if (r < 0) {
		stmt_free(stmt);
		return NULL;
	}
	stmt->last.set = r > 0;
	return stmt;
}

static const char *const last_stmt_json_keys[] = {
	"used", NULL,
};

const struct stmt_ops last_stmt_ops = {
	.type		= STMT_LAST,
	.name		= "last",
	.print		= last_stmt_print,
	.json		= last_stmt_json,
	.evaluate	= last_stmt_evaluate,
	.linearize	= last_stmt_linearize,
	.nl_name	= "last",
	.delinearize	= last_stmt_delinearize,
	.json_name	= "last",
	.json_parse	= last_stmt_json_parse,
	.json_keys	= last_stmt_json_keys,
};

struct stmt *last_stmt_alloc(const struct location *loc)
{
	return stmt_alloc(loc, &last_stmt_ops);
}
