/*
 * numgen: a number from a counter (inc) or at random, modulo N, plus an
 * offset: "numgen inc mod 2", "numgen random mod 10 offset 5".
 */
#include <string.h>
#include <expr.h>
#include <set.h>
#include <libnftnl/udata.h>
#include <evaluate.h>
#include <linearize.h>
#include <json.h>
#include <nftables.h>
#include <libnftnl/expr.h>

static const char *const numgen_types[] = {
	[NFT_NG_INCREMENTAL]	= "inc",
	[NFT_NG_RANDOM]		= "random",
};

bool numgen_type_lookup(const char *name, enum nft_ng_types *type)
{
	unsigned int i;

	for (i = 0; i < array_size(numgen_types); i++) {
		if (!strcmp(numgen_types[i], name)) {
			*type = i;
			return true;
		}
	}
	return false;
}

static const char *numgen_type_name(enum nft_ng_types type)
{
	return (unsigned int)type < array_size(numgen_types) ?
	       numgen_types[type] : "unknown";
}

struct expr *numgen_expr_alloc(const struct location *loc,
			       enum nft_ng_types type, uint32_t mod,
			       uint32_t offset)
{
	struct expr *expr = expr_alloc(loc, &numgen_expr_ops, &integer_type,
				       BYTEORDER_HOST_ENDIAN, 32);

	expr->numgen.type = type;
	expr->numgen.mod = mod;
	expr->numgen.offset = offset;
	return expr;
}

static void numgen_expr_clone(struct expr *dst, const struct expr *src)
{
	dst->numgen = src->numgen;
}

static bool numgen_expr_cmp(const struct expr *a, const struct expr *b)
{
	return a->numgen.type == b->numgen.type &&
	       a->numgen.mod == b->numgen.mod &&
	       a->numgen.offset == b->numgen.offset;
}

static void numgen_expr_print(const struct expr *expr,
			      struct output_ctx *octx)
{
	nft_print(octx, "numgen %s mod %u", numgen_type_name(expr->numgen.type),
		  expr->numgen.mod);
	if (expr->numgen.offset)
		nft_print(octx, " offset %u", expr->numgen.offset);
}

static json_t *numgen_expr_json(const struct expr *expr,
				struct output_ctx *octx)
{
	json_t *root = json_object();

	json_object_set_new(root, "mode",
			    json_string(numgen_type_name(expr->numgen.type)));
	json_object_set_new(root, "mod", json_integer(expr->numgen.mod));
	json_object_set_new(root, "offset", json_integer(expr->numgen.offset));
	return json_wrap("numgen", root);
}

static int json_u32(json_t *v, uint32_t *res)
{
	if (!v)
		return 0;
	if (!json_is_integer(v) || json_integer_value(v) < 0 ||
	    json_integer_value(v) > UINT32_MAX)
		return -1;
	*res = json_integer_value(v);
	return 0;
}

/* {"numgen": {"mode": "inc", "mod": 2, "offset": 0}} */
static struct expr *numgen_expr_json_parse(struct json_ctx *jctx,
					   json_t *value,
					   const struct location *loc)
{
	json_t *mode = json_object_get(value, "mode");
	uint32_t mod = 0, offset = 0;
	enum nft_ng_types type;

	if (!json_is_string(mode) ||
	    !numgen_type_lookup(json_string_value(mode), &type)) {
		json_error(jctx, ".numgen.mode",
			   "Invalid numgen mode: expected inc or random");
		return NULL;
	}
	if (json_u32(json_object_get(value, "mod"), &mod) < 0 || !mod) {
		json_error(jctx, ".numgen.mod",
			   "Invalid numgen modulus: a number above 0 is required");
		return NULL;
	}
	if (json_u32(json_object_get(value, "offset"), &offset) < 0) {
		json_error(jctx, ".numgen.offset", "Invalid numgen offset");
		return NULL;
	}
	return numgen_expr_alloc(loc, type, mod, offset);
}

static int numgen_expr_evaluate(struct eval_ctx *ectx, struct expr **exprp)
{
	const struct expr *expr = *exprp;

	if (expr->numgen.mod == 0)
		return expr_error(ectx, expr, "Modulus must be greater than 0");
	if ((uint64_t)expr->numgen.mod + expr->numgen.offset - 1 > UINT32_MAX)
		return expr_error(ectx, expr,
				  "numgen modulus and offset exceed 32 bits");
	return 0;
}

static void numgen_expr_linearize(struct lin_ctx *lctx,
				  const struct expr *expr,
				  enum nft_registers dreg)
{
	struct nftnl_expr *nle = lin_expr_alloc("numgen");

	nftnl_expr_set_u32(nle, NFTNL_EXPR_NG_DREG, dreg);
	nftnl_expr_set_u32(nle, NFTNL_EXPR_NG_TYPE, expr->numgen.type);
	nftnl_expr_set_u32(nle, NFTNL_EXPR_NG_MODULUS, expr->numgen.mod);
	nftnl_expr_set_u32(nle, NFTNL_EXPR_NG_OFFSET, expr->numgen.offset);
	lin_add_expr(lctx, nle);
}

static int numgen_expr_delinearize(struct delin_ctx *dctx,
				   const struct nftnl_expr *nle)
{
	delin_set_register(dctx, nftnl_expr_get_u32(nle, NFTNL_EXPR_NG_DREG),
		numgen_expr_alloc(&internal_location,
			nftnl_expr_get_u32(nle, NFTNL_EXPR_NG_TYPE),
			nftnl_expr_get_u32(nle, NFTNL_EXPR_NG_MODULUS),
			nftnl_expr_get_u32(nle, NFTNL_EXPR_NG_OFFSET)));
	return 0;
}

/* typeof: type, modulus, offset (src/obj/set_typeof.c). */
static bool numgen_typeof_put(struct nftnl_udata_buf *ud,
			      const struct expr *expr)
{
	nftnl_udata_put_u32(ud, 0, expr->numgen.type);
	nftnl_udata_put_u32(ud, 1, expr->numgen.mod);
	nftnl_udata_put_u32(ud, 2, expr->numgen.offset);
	return true;
}

static struct expr *numgen_typeof_parse(const struct typeof_attrs *t)
{
	uint32_t type, mod, offset;

	if (!typeof_u32(t, 0, &type) || !typeof_u32(t, 1, &mod) ||
	    !typeof_u32(t, 2, &offset) || type >= array_size(numgen_types) ||
	    !numgen_types[type] || !mod)
		return NULL;
	return numgen_expr_alloc(&internal_location, type, mod, offset);
}

static const char *const numgen_expr_json_keys[] = {
	"mode", "mod", "offset", NULL,
};

const struct expr_ops numgen_expr_ops = {
	.type			= EXPR_NUMGEN,
	.name			= "numgen",
	.clone			= numgen_expr_clone,
	.cmp			= numgen_expr_cmp,
	.print			= numgen_expr_print,
	.json			= numgen_expr_json,
	.evaluate		= numgen_expr_evaluate,
	.linearize		= numgen_expr_linearize,
	.nl_name		= "numgen",
	.delinearize		= numgen_expr_delinearize,
	.delin_postprocess	= delin_retype_match,
	.json_name		= "numgen",
	.json_parse		= numgen_expr_json_parse,
	.json_keys		= numgen_expr_json_keys,
	.typeof_id		= 23,
	.typeof_put		= numgen_typeof_put,
	.typeof_parse		= numgen_typeof_parse,
};
