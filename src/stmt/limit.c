/*
 * Limit statements: "limit rate [over] N/unit [burst N packets]" and the
 * byte rate "limit rate [over] N kbytes/unit [burst N bytes]". The kernel
 * takes the rate in packets or bytes per a unit of seconds. A packet
 * limit always lists its burst (upstream 1.1.3 does); a byte limit lists a burst that is not 0.
 */
#include <inttypes.h>
#include <string.h>
#include <stmt.h>
#include <sobj.h>
#include <evaluate.h>
#include <linearize.h>
#include <json.h>
#include <nftables.h>
#include <libnftnl/expr.h>

#define LIMIT_BURST_DEFAULT	5

static const struct {
	const char *name;
	uint64_t seconds;
} limit_time_units[] = {
	{ "second",	1 },
	{ "minute",	60 },
	{ "hour",	60 * 60 },
	{ "day",	60 * 60 * 24 },
	{ "week",	60 * 60 * 24 * 7 },
};

/* Largest first, for printing. */
static const struct {
	const char *name;
	uint64_t bytes;
} limit_byte_units[] = {
	{ "mbytes",	1024 * 1024 },
	{ "kbytes",	1024 },
	{ "bytes",	1 },
};

uint64_t limit_time_unit(const char *name)
{
	unsigned int i;

	for (i = 0; i < array_size(limit_time_units); i++)
		if (!strcmp(name, limit_time_units[i].name))
			return limit_time_units[i].seconds;
	return 0;
}

uint64_t limit_byte_unit(const char *name)
{
	unsigned int i;

	for (i = 0; i < array_size(limit_byte_units); i++)
		if (!strcmp(name, limit_byte_units[i].name))
			return limit_byte_units[i].bytes;
	return 0;
}

static const char *limit_time_name(uint64_t seconds)
{
	unsigned int i;

	for (i = 0; i < array_size(limit_time_units); i++)
		if (limit_time_units[i].seconds == seconds)
			return limit_time_units[i].name;
	return NULL;
}

/* @bytes in the largest unit that divides it: 1049600 is 1025 kbytes. */
static const char *limit_bytes_unit(uint64_t bytes, uint64_t *value)
{
	unsigned int i;

	for (i = 0; i < array_size(limit_byte_units) - 1; i++) {
		if (bytes && bytes % limit_byte_units[i].bytes == 0) {
			*value = bytes / limit_byte_units[i].bytes;
			return limit_byte_units[i].name;
		}
	}
	*value = bytes;
	return "bytes";
}

static void limit_stmt_print(const struct stmt *stmt, struct output_ctx *octx)
{
	const char *per = limit_time_name(stmt->limit.unit), *unit;
	bool over = stmt->limit.flags & NFT_LIMIT_F_INV;
	uint64_t v;

	nft_print(octx, "limit rate %s", over ? "over " : "");
	if (stmt->limit.type == NFT_LIMIT_PKT_BYTES) {
		unit = limit_bytes_unit(stmt->limit.rate, &v);
		nft_print(octx, "%" PRIu64 " %s/", v, unit);
	} else {
		nft_print(octx, "%" PRIu64 "/", stmt->limit.rate);
	}
	if (per)
		nft_print(octx, "%s", per);
	else
		nft_print(octx, "%" PRIu64 " seconds", stmt->limit.unit);
	if (stmt->limit.type != NFT_LIMIT_PKT_BYTES) {
		nft_print(octx, " burst %u packets", stmt->limit.burst);
	} else if (stmt->limit.burst) {
		unit = limit_bytes_unit(stmt->limit.burst, &v);
		nft_print(octx, " burst %" PRIu64 " %s", v, unit);
	}
}

static json_t *limit_stmt_json(const struct stmt *stmt,
			       struct output_ctx *octx)
{
	const char *per = limit_time_name(stmt->limit.unit);
	bool bytes = stmt->limit.type == NFT_LIMIT_PKT_BYTES;
	const char *rate_unit = NULL, *burst_unit = NULL;
	uint64_t rate = stmt->limit.rate, burst = stmt->limit.burst;
	json_t *obj;

	if (bytes) {
		rate_unit = limit_bytes_unit(stmt->limit.rate, &rate);
		burst_unit = limit_bytes_unit(stmt->limit.burst, &burst);
	}
	obj = json_pack("{s:I, s:I, s:s}", "rate", (json_int_t)rate,
			"burst", (json_int_t)burst,
			"per", per ? per : "second");
	if (stmt->limit.flags & NFT_LIMIT_F_INV)
		json_object_set_new(obj, "inv", json_true());
	if (bytes) {
		json_object_set_new(obj, "rate_unit", json_string(rate_unit));
		json_object_set_new(obj, "burst_unit",
				    json_string(burst_unit));
	}
	return json_wrap("limit", obj);
}

static int limit_stmt_evaluate(struct eval_ctx *ectx, struct stmt *stmt)
{
	if (stmt->limit.rate == 0)
		return stmt_error(ectx, stmt,
				  "limit rate must be greater than 0");
	if (stmt->limit.type == NFT_LIMIT_PKTS && stmt->limit.burst == 0)
		return stmt_error(ectx, stmt,
				  "packet limit burst must be > 0");
	return 0;
}

static void limit_stmt_linearize(struct lin_ctx *lctx,
				 const struct stmt *stmt)
{
	struct nftnl_expr *nle = lin_expr_alloc("limit");

	nftnl_expr_set_u64(nle, NFTNL_EXPR_LIMIT_RATE, stmt->limit.rate);
	nftnl_expr_set_u64(nle, NFTNL_EXPR_LIMIT_UNIT, stmt->limit.unit);
	nftnl_expr_set_u32(nle, NFTNL_EXPR_LIMIT_BURST, stmt->limit.burst);
	nftnl_expr_set_u32(nle, NFTNL_EXPR_LIMIT_TYPE, stmt->limit.type);
	nftnl_expr_set_u32(nle, NFTNL_EXPR_LIMIT_FLAGS, stmt->limit.flags);
	lin_add_expr(lctx, nle);
}

/* The reference's caret for a limit the kernel refuses (a rate that
 * overflows): "limit rate", its first two words. */
static struct location limit_stmt_error_location(const struct stmt *stmt)
{
	struct location first, second;

	if (!location_nth_word(&stmt->location, 0, "", &first) ||
	    !location_nth_word(&stmt->location, 1, "", &second))
		return stmt->location;
	first.last_line = second.last_line;
	first.last_column = second.last_column;
	return first;
}

static int limit_stmt_delinearize(struct delin_ctx *dctx,
				  const struct nftnl_expr *nle)
{
	struct stmt *stmt = limit_stmt_alloc(&internal_location);

	stmt->limit.rate = nftnl_expr_get_u64(nle, NFTNL_EXPR_LIMIT_RATE);
	stmt->limit.unit = nftnl_expr_get_u64(nle, NFTNL_EXPR_LIMIT_UNIT);
	stmt->limit.burst = nftnl_expr_get_u32(nle, NFTNL_EXPR_LIMIT_BURST);
	stmt->limit.type = nftnl_expr_get_u32(nle, NFTNL_EXPR_LIMIT_TYPE);
	stmt->limit.flags = nftnl_expr_get_u32(nle, NFTNL_EXPR_LIMIT_FLAGS);
	/* what the language cannot say must not list as something else */
	if (limit_time_name(stmt->limit.unit) == NULL ||
	    stmt->limit.type > NFT_LIMIT_PKT_BYTES ||
	    (stmt->limit.flags & ~NFT_LIMIT_F_INV)) {
		stmt_free(stmt);
		return -1;
	}
	delin_add_stmt(dctx, stmt);
	return 0;
}

/* A value times its unit, refusing what does not fit the kernel's 64
 * (rate) or 32 (burst) bits. */
static int limit_json_scaled(struct json_ctx *jctx, json_t *obj,
			     const char *key, const char *unit_key,
			     const char *def_unit, uint64_t max,
			     uint64_t *res)
{
	const char *unit = def_unit;
	uint64_t mult, v = *res;

	if (stmt_json_u64(jctx, obj, "limit", key, UINT64_MAX, &v) < 0 ||
	    stmt_json_str(jctx, obj, "limit", unit_key, &unit) < 0)
		return -1;
	mult = limit_byte_unit(unit);
	if (mult == 0)
		return json_error(jctx, ".limit", "Invalid %s '%s'",
				  unit_key, unit);
	if (v > max / mult)
		return json_error(jctx, ".limit", "limit %s is too large",
				  key);
	*res = v * mult;
	return 0;
}

static int limit_json_parse_rate(struct json_ctx *jctx, json_t *obj,
				 struct stmt *stmt)
{
	const char *per = "second", *unit = "packets";
	uint64_t burst = LIMIT_BURST_DEFAULT;

	if (stmt_json_str(jctx, obj, "limit", "per", &per) < 0 ||
	    stmt_json_str(jctx, obj, "limit", "rate_unit", &unit) < 0)
		return -1;
	stmt->limit.unit = limit_time_unit(per);
	if (stmt->limit.unit == 0)
		return json_error(jctx, ".limit.per",
				  "Invalid limit unit '%s'", per);
	if (!strcmp(unit, "packets")) {
		stmt->limit.type = NFT_LIMIT_PKTS;
		if (stmt_json_u64(jctx, obj, "limit", "rate", UINT64_MAX,
				  &stmt->limit.rate) < 0 ||
		    stmt_json_u64(jctx, obj, "limit", "burst", UINT32_MAX,
				  &burst) < 0)
			return -1;
		stmt->limit.burst = burst;
		return 0;
	}
	stmt->limit.type = NFT_LIMIT_PKT_BYTES;
	burst = 0;
	if (limit_json_scaled(jctx, obj, "rate", "rate_unit", "bytes",
			      UINT64_MAX, &stmt->limit.rate) < 0 ||
	    limit_json_scaled(jctx, obj, "burst", "burst_unit", "bytes",
			      UINT32_MAX, &burst) < 0)
		return -1;
	stmt->limit.burst = burst;
	return 0;
}

/* {"limit": {"rate": 10, "per": "second", "burst": 5, "inv": true,
 *  "rate_unit": "kbytes", "burst_unit": "bytes"}} */
static struct stmt *limit_stmt_json_parse(struct json_ctx *jctx,
					  const char *key, json_t *value,
					  const struct location *loc)
{
	struct stmt *stmt;
	json_t *inv;

	if (objref_json_is_ref(value))
		return objref_json_parse_name(jctx, NFT_OBJECT_LIMIT, value,
					      loc);
	if (!json_is_object(value) || !json_object_get(value, "rate")) {
		json_error(jctx, ".limit",
			   "Invalid limit: expected an object with \"rate\"");
		return NULL;
	}
	stmt = limit_stmt_alloc(loc);
	if (limit_json_parse_rate(jctx, value, stmt) < 0) {
		stmt_free(stmt);
		return NULL;
	}
	inv = json_object_get(value, "inv");
	if (inv && json_is_true(inv))
		stmt->limit.flags |= NFT_LIMIT_F_INV;
	return stmt;
}

static const char *const limit_stmt_json_keys[] = {
	"rate", "rate_unit", "per", "burst", "burst_unit", "inv", "map", NULL,
};

const struct stmt_ops limit_stmt_ops = {
	.type		= STMT_LIMIT,
	.name		= "limit",
	.print		= limit_stmt_print,
	.json		= limit_stmt_json,
	.evaluate	= limit_stmt_evaluate,
	.linearize	= limit_stmt_linearize,
	.error_location	= limit_stmt_error_location,
	.nl_name	= "limit",
	.delinearize	= limit_stmt_delinearize,
	.json_name	= "limit",
	.json_parse	= limit_stmt_json_parse,
	.json_keys	= limit_stmt_json_keys,
};

struct stmt *limit_stmt_alloc(const struct location *loc)
{
	struct stmt *stmt = stmt_alloc(loc, &limit_stmt_ops);

	stmt->limit.unit = 1;
	stmt->limit.burst = LIMIT_BURST_DEFAULT;
	return stmt;
}
