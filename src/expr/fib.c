/*
 * fib: a lookup in the routing table with fields of the packet (saddr or
 * daddr, and mark, iif or oif) that yields the output interface, its
 * name, or the address type; "exists" and "missing" only ask whether
 * there is a route.
 */
#include <string.h>
#include <expr.h>
#include <set.h>
#include <libnftnl/udata.h>
#include <stmt.h>
#include <evaluate.h>
#include <linearize.h>
#include <json.h>
#include <nftables.h>
#include <net/if.h>
#include <libnftnl/expr.h>

/* The lookup fields in the order nft prints them. */
static const struct {
	const char *name;
	uint32_t flag;
} fib_flag_names[] = {
	{ "saddr",	NFTA_FIB_F_SADDR },
	{ "daddr",	NFTA_FIB_F_DADDR },
	{ "mark",	NFTA_FIB_F_MARK },
	{ "iif",	NFTA_FIB_F_IIF },
	{ "oif",	NFTA_FIB_F_OIF },
};

static const struct {
	const char *name;
	const struct datatype *dtype;
	unsigned int len;
} fib_results[] = {
	[NFT_FIB_RESULT_OIF]		= { "oif", &ifindex_type, 32 },
	[NFT_FIB_RESULT_OIFNAME]	= { "oifname", &ifname_type,
					    IFNAMSIZ * BITS_PER_BYTE },
	[NFT_FIB_RESULT_ADDRTYPE]	= { "type", &fib_addrtype_type, 32 },
};

bool fib_flag_lookup(const char *name, uint32_t *flag)
{
	unsigned int i;

	for (i = 0; i < array_size(fib_flag_names); i++) {
		if (!strcmp(fib_flag_names[i].name, name)) {
			*flag = fib_flag_names[i].flag;
			return true;
		}
	}
	return false;
}

bool fib_result_lookup(const char *name, uint32_t *result)
{
	unsigned int i;

	for (i = 1; i < array_size(fib_results); i++) {
		if (!strcmp(fib_results[i].name, name)) {
			*result = i;
			return true;
		}
	}
	return false;
}

static bool fib_result_valid(uint32_t result)
{
	return result > 0 && result < array_size(fib_results);
}

static void fib_set_type(struct expr *expr)
{
	if (expr->fib.flags & NFTA_FIB_F_PRESENT) {
		expr->dtype = &boolean_type;
		expr->len = 32;
	} else if (fib_result_valid(expr->fib.result)) {
		expr->dtype = fib_results[expr->fib.result].dtype;
		expr->len = fib_results[expr->fib.result].len;
	}
	expr->byteorder = BYTEORDER_HOST_ENDIAN;
}

struct expr *fib_expr_alloc(const struct location *loc, uint32_t flags,
			    uint32_t result)
{
	struct expr *expr = expr_alloc(loc, &fib_expr_ops, &integer_type,
				       BYTEORDER_HOST_ENDIAN, 32);

	expr->fib.flags = flags;
	expr->fib.result = result;
	fib_set_type(expr);
	return expr;
}

static void fib_expr_clone(struct expr *dst, const struct expr *src)
{
	dst->fib = src->fib;
}

static bool fib_expr_cmp(const struct expr *a, const struct expr *b)
{
	return a->fib.flags == b->fib.flags && a->fib.result == b->fib.result;
}

static const char *fib_result_name(uint32_t result)
{
	return fib_result_valid(result) ? fib_results[result].name :
	       "unknown";
}

static void fib_expr_print(const struct expr *expr, struct output_ctx *octx)
{
	const char *sep = "";
	unsigned int i;

	nft_print(octx, "fib ");
	for (i = 0; i < array_size(fib_flag_names); i++) {
		if (!(expr->fib.flags & fib_flag_names[i].flag))
			continue;
		nft_print(octx, "%s%s", sep, fib_flag_names[i].name);
		sep = " . ";
	}
	nft_print(octx, " %s", fib_result_name(expr->fib.result));
}

static json_t *fib_expr_json(const struct expr *expr, struct output_ctx *octx)
{
	json_t *flags = json_array();
	unsigned int i;

	for (i = 0; i < array_size(fib_flag_names); i++)
		if (expr->fib.flags & fib_flag_names[i].flag)
			json_array_append_new(flags,
				json_string(fib_flag_names[i].name));
	return json_wrap("fib", json_pair(
			"result", json_string(fib_result_name(expr->fib.result)),
			"flags", flags));
}

/* {"fib": {"result": "oif", "flags": ["saddr", "iif"]}} */
static struct expr *fib_expr_json_parse(struct json_ctx *jctx, json_t *value,
					const struct location *loc)
{
	json_t *res = json_object_get(value, "result");
	json_t *flags = json_object_get(value, "flags"), *f;
	uint32_t result, flag, all = 0;
	size_t i;

	if (!json_is_string(res) ||
	    !fib_result_lookup(json_string_value(res), &result)) {
		json_error(jctx, ".fib.result",
			   "Invalid fib result: expected oif, oifname or type");
		return NULL;
	}
	if (json_is_string(flags)) {
		if (!fib_flag_lookup(json_string_value(flags), &all)) {
			json_error(jctx, ".fib.flags", "Invalid fib flag '%s'",
				   json_string_value(flags));
			return NULL;
		}
	} else if (json_is_array(flags)) {
		json_array_foreach(flags, i, f) {
			if (!json_is_string(f) ||
			    !fib_flag_lookup(json_string_value(f), &flag)) {
				json_error(jctx, ".fib.flags",
					   "Invalid fib flag");
				return NULL;
			}
			all |= flag;
		}
	} else if (flags) {
		json_error(jctx, ".fib.flags",
			   "Invalid fib flags: expected a string or an array");
		return NULL;
	}
	return fib_expr_alloc(loc, all, result);
}

/*
 * "fib ... oif exists": a match of the result against exists or missing
 * only asks for a route (NFTA_FIB_F_PRESENT), so the expression becomes
 * a boolean before the right side is parsed in its type.
 */
static void fib_check_present(struct eval_ctx *ectx, struct expr *expr)
{
	if (!expr_is_presence_match(ectx, expr))
		return;
	expr->fib.flags |= NFTA_FIB_F_PRESENT;
	fib_set_type(expr);
}

/* Where the lookup fields are ("daddr" of "fib daddr type"). */
static struct location fib_flags_location(const struct expr *expr)
{
	struct location loc = expr->location;

	if (expr->fib.flags_first) {
		loc.last_line = loc.first_line;
		loc.first_column = expr->fib.flags_first;
		loc.last_column = expr->fib.flags_last;
	}
	return loc;
}

static int fib_expr_evaluate(struct eval_ctx *ectx, struct expr **exprp)
{
	struct expr *expr = *exprp;
	struct location loc = fib_flags_location(expr);
	uint32_t f = expr->fib.flags;

	if (!(f & (NFTA_FIB_F_SADDR | NFTA_FIB_F_DADDR)))
		return erec_error(ectx->msgs, &loc,
				  "fib: need either saddr or daddr");
	if ((f & NFTA_FIB_F_SADDR) && (f & NFTA_FIB_F_DADDR))
		return erec_error(ectx->msgs, &loc,
				  "fib: saddr and daddr are mutually exclusive");
	if ((f & NFTA_FIB_F_IIF) && (f & NFTA_FIB_F_OIF))
		return erec_error(ectx->msgs, &loc,
				  "fib: iif and oif are mutually exclusive");
	fib_check_present(ectx, expr);
	return 0;
}

static void fib_expr_linearize(struct lin_ctx *lctx, const struct expr *expr,
			       enum nft_registers dreg)
{
	struct nftnl_expr *nle = lin_expr_alloc("fib");

	nftnl_expr_set_u32(nle, NFTNL_EXPR_FIB_DREG, dreg);
	nftnl_expr_set_u32(nle, NFTNL_EXPR_FIB_RESULT, expr->fib.result);
	nftnl_expr_set_u32(nle, NFTNL_EXPR_FIB_FLAGS, expr->fib.flags);
	lin_add_expr(lctx, nle);
}

static int fib_expr_delinearize(struct delin_ctx *dctx,
				const struct nftnl_expr *nle)
{
	uint32_t result = nftnl_expr_get_u32(nle, NFTNL_EXPR_FIB_RESULT);

	if (!fib_result_valid(result))
		return -1;
	delin_set_register(dctx, nftnl_expr_get_u32(nle, NFTNL_EXPR_FIB_DREG),
			   fib_expr_alloc(&internal_location,
				nftnl_expr_get_u32(nle, NFTNL_EXPR_FIB_FLAGS),
				result));
	return 0;
}

/* typeof: result, then flags (src/obj/set_typeof.c). */
static bool fib_typeof_put(struct nftnl_udata_buf *ud, const struct expr *expr)
{
	nftnl_udata_put_u32(ud, 0, expr->fib.result);
	nftnl_udata_put_u32(ud, 1, expr->fib.flags);
	return true;
}

static struct expr *fib_typeof_parse(const struct typeof_attrs *t)
{
	uint32_t result, flags;

	if (!typeof_u32(t, 0, &result) || !typeof_u32(t, 1, &flags) ||
	    !result || result > NFT_FIB_RESULT_MAX || !flags)
		return NULL;
	return fib_expr_alloc(&internal_location, flags, result);
}

static const char *const fib_expr_json_keys[] = {
	"result", "flags", NULL,
};

const struct expr_ops fib_expr_ops = {
	.type			= EXPR_FIB,
	.name			= "fib",
	.clone			= fib_expr_clone,
	.cmp			= fib_expr_cmp,
	.print			= fib_expr_print,
	.json			= fib_expr_json,
	.evaluate		= fib_expr_evaluate,
	.linearize		= fib_expr_linearize,
	.nl_name		= "fib",
	.delinearize		= fib_expr_delinearize,
	.delin_postprocess	= delin_retype_match,
	.json_name		= "fib",
	.json_parse		= fib_expr_json_parse,
	.json_keys		= fib_expr_json_keys,
	.typeof_id		= 26,
	.typeof_put		= fib_typeof_put,
	.typeof_parse		= fib_typeof_parse,
};
