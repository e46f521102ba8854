/*
 * Quota statements: "quota [over|until] N bytes|kbytes|mbytes [used N
 * unit]". "until" is the default mode and lists as nothing; "used" is
 * the kernel's consumed counter, so it is stateful output.
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

/* Largest first: a value lists in the largest unit that divides it. */
static const struct {
	const char *name;
	uint64_t bytes;
} quota_units[] = {
	{ "mbytes",	1024 * 1024 },
	{ "kbytes",	1024 },
	{ "bytes",	1 },
};

static const char *quota_unit(uint64_t bytes, uint64_t *value)
{
	unsigned int i;

	for (i = 0; i < array_size(quota_units) - 1; i++) {
		if (bytes && bytes % quota_units[i].bytes == 0) {
			*value = bytes / quota_units[i].bytes;
			return quota_units[i].name;
		}
	}
	*value = bytes;
	return "bytes";
}

static void quota_stmt_print(const struct stmt *stmt, struct output_ctx *octx)
{
	const char *unit;
	uint64_t v;

	unit = quota_unit(stmt->quota.bytes, &v);
	nft_print(octx, "quota %s%" PRIu64 " %s",
		  stmt->quota.flags & NFT_QUOTA_F_INV ? "over " : "", v, unit);
	if (stmt->quota.used && !nft_output_stateless(octx)) {
		unit = quota_unit(stmt->quota.used, &v);
		nft_print(octx, " used %" PRIu64 " %s", v, unit);
	}
}

static json_t *quota_stmt_json(const struct stmt *stmt,
			       struct output_ctx *octx)
{
	const char *unit;
	json_t *obj;
	uint64_t v;

	unit = quota_unit(stmt->quota.bytes, &v);
	obj = json_pack("{s:I, s:s}", "val", (json_int_t)v, "val_unit", unit);
	if (stmt->quota.flags & NFT_QUOTA_F_INV)
		json_object_set_new(obj, "inv", json_true());
	if (stmt->quota.used && !nft_output_stateless(octx)) {
		unit = quota_unit(stmt->quota.used, &v);
		json_object_set_new(obj, "used", json_integer(v));
		json_object_set_new(obj, "used_unit", json_string(unit));
	}
	return json_wrap("quota", obj);
}


static void quota_stmt_linearize(struct lin_ctx *lctx,
				 const struct stmt *stmt)
{
	struct nftnl_expr *nle = lin_expr_alloc("quota");

	nftnl_expr_set_u64(nle, NFTNL_EXPR_QUOTA_BYTES, stmt->quota.bytes);
	nftnl_expr_set_u64(nle, NFTNL_EXPR_QUOTA_CONSUMED, stmt->quota.used);
	nftnl_expr_set_u32(nle, NFTNL_EXPR_QUOTA_FLAGS, stmt->quota.flags);
	lin_add_expr(lctx, nle);
}

static int quota_stmt_delinearize(struct delin_ctx *dctx,
				  const struct nftnl_expr *nle)
{
	struct stmt *stmt = quota_stmt_alloc(&internal_location);

	stmt->quota.bytes = nftnl_expr_get_u64(nle, NFTNL_EXPR_QUOTA_BYTES);
	stmt->quota.used = nftnl_expr_get_u64(nle, NFTNL_EXPR_QUOTA_CONSUMED);
	/* the depleted bit is state, not configuration */
	stmt->quota.flags = nftnl_expr_get_u32(nle, NFTNL_EXPR_QUOTA_FLAGS) &
			    NFT_QUOTA_F_INV;
	delin_add_stmt(dctx, stmt);
	return 0;
}

static int quota_json_value(struct json_ctx *jctx, json_t *obj,
			    const char *key, const char *unit_key,
			    uint64_t *res)
{
	const char *unit = "bytes";
	uint64_t v = 0;
	unsigned int i;
	int r;

	r = stmt_json_u64(jctx, obj, "quota", key, UINT64_MAX, &v);
	if (r <= 0 || stmt_json_str(jctx, obj, "quota", unit_key, &unit) < 0)
		return r;
	for (i = 0; i < array_size(quota_units); i++) {
		if (strcmp(unit, quota_units[i].name))
			continue;
		if (v > UINT64_MAX / quota_units[i].bytes)
			return json_error(jctx, ".quota",
					  "quota %s is too large", key);
		*res = v * quota_units[i].bytes;
		return 1;
	}
	return json_error(jctx, ".quota", "Invalid %s '%s'", unit_key, unit);
}

/* {"quota": {"val": 10, "val_unit": "mbytes", "inv": true, "used": 5,
 *  "used_unit": "kbytes"}} */
static struct stmt *quota_stmt_json_parse(struct json_ctx *jctx,
					  const char *key, json_t *value,
					  const struct location *loc)
{
	struct stmt *stmt;
	json_t *inv;

	if (objref_json_is_ref(value))
		return objref_json_parse_name(jctx, NFT_OBJECT_QUOTA, value,
					      loc);
	if (!json_is_object(value)) {
		json_error(jctx, ".quota", "Invalid quota: expected an object");
		return NULL;
	}
	stmt = quota_stmt_alloc(loc);
	if (quota_json_value(jctx, value, "val", "val_unit",
			     &stmt->quota.bytes) <= 0 ||
	    quota_json_value(jctx, value, "used", "used_unit",
			     &stmt->quota.used) < 0) {
		if (!json_object_get(value, "val"))
			json_error(jctx, ".quota", "Invalid quota: no \"val\"");
		stmt_free(stmt);
		return NULL;
	}
	inv = json_object_get(value, "inv");
	if (inv && json_is_true(inv))
		stmt->quota.flags |= NFT_QUOTA_F_INV;
	return stmt;
}

static const char *const quota_stmt_json_keys[] = {
	"val", "val_unit", "used", "used_unit", "inv", "map", NULL,
};

const struct stmt_ops quota_stmt_ops = {
	.type		= STMT_QUOTA,
	.name		= "quota",
	.print		= quota_stmt_print,
	.json		= quota_stmt_json,
	.linearize	= quota_stmt_linearize,
	.nl_name	= "quota",
	.delinearize	= quota_stmt_delinearize,
	.json_name	= "quota",
	.json_parse	= quota_stmt_json_parse,
	.json_keys	= quota_stmt_json_keys,
};

struct stmt *quota_stmt_alloc(const struct location *loc)
{
	return stmt_alloc(loc, &quota_stmt_ops);
}
