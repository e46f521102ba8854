/*
 * osf: the operating system a TCP SYN's fingerprint says the peer runs:
 * "osf name", "osf version" (name:version), with the TTL check relaxed
 * ("ttl loose") or skipped ("ttl skip").
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

#define OSF_NAME_LEN	16	/* NFT_OSF_MAXGENRELEN */

/* NFTA_OSF_TTL values, by name; 0 (the default) has none. */
static const char *const osf_ttl_names[] = {
	[1] = "loose",
	[2] = "skip",
};

bool osf_ttl_lookup(const char *name, uint8_t *ttl)
{
	unsigned int i;

	for (i = 1; i < array_size(osf_ttl_names); i++) {
		if (!strcmp(osf_ttl_names[i], name)) {
			*ttl = i;
			return true;
		}
	}
	return false;
}

struct expr *osf_expr_alloc(const struct location *loc, uint8_t ttl,
			    uint32_t flags)
{
	struct expr *expr = expr_alloc(loc, &osf_expr_ops, &string_type,
				       BYTEORDER_HOST_ENDIAN,
				       OSF_NAME_LEN * BITS_PER_BYTE);

	expr->osf.ttl = ttl;
	expr->osf.flags = flags;
	return expr;
}

static void osf_expr_clone(struct expr *dst, const struct expr *src)
{
	dst->osf = src->osf;
}

static bool osf_expr_cmp(const struct expr *a, const struct expr *b)
{
	return a->osf.ttl == b->osf.ttl && a->osf.flags == b->osf.flags;
}

static const char *osf_ttl_name(uint8_t ttl)
{
	return ttl < array_size(osf_ttl_names) ? osf_ttl_names[ttl] : NULL;
}

static const char *osf_key(const struct expr *expr)
{
	return expr->osf.flags & NFT_OSF_F_VERSION ? "version" : "name";
}

static void osf_expr_print(const struct expr *expr, struct output_ctx *octx)
{
	const char *ttl = osf_ttl_name(expr->osf.ttl);

	nft_print(octx, "osf ");
	if (ttl)
		nft_print(octx, "ttl %s ", ttl);
	nft_print(octx, "%s", osf_key(expr));
}

static json_t *osf_expr_json(const struct expr *expr, struct output_ctx *octx)
{
	const char *ttl = osf_ttl_name(expr->osf.ttl);
	json_t *root = json_object();

	json_object_set_new(root, "key", json_string(osf_key(expr)));
	if (ttl)
		json_object_set_new(root, "ttl", json_string(ttl));
	return json_wrap("osf", root);
}

/* {"osf": {"key": "version", "ttl": "loose"}} */
static struct expr *osf_expr_json_parse(struct json_ctx *jctx, json_t *value,
					const struct location *loc)
{
	json_t *k = json_object_get(value, "key");
	json_t *t = json_object_get(value, "ttl");
	uint32_t flags = 0;
	uint8_t ttl = 0;

	if (!json_is_string(k) || (strcmp(json_string_value(k), "name") &&
				   strcmp(json_string_value(k), "version"))) {
		json_error(jctx, ".osf.key",
			   "Invalid osf key: expected name or version");
		return NULL;
	}
	if (!strcmp(json_string_value(k), "version"))
		flags = NFT_OSF_F_VERSION;
	if (t && (!json_is_string(t) ||
		  !osf_ttl_lookup(json_string_value(t), &ttl))) {
		json_error(jctx, ".osf.ttl",
			   "Invalid osf ttl: expected loose or skip");
		return NULL;
	}
	return osf_expr_alloc(loc, ttl, flags);
}

static void osf_expr_linearize(struct lin_ctx *lctx, const struct expr *expr,
			       enum nft_registers dreg)
{
	struct nftnl_expr *nle = lin_expr_alloc("osf");

	nftnl_expr_set_u32(nle, NFTNL_EXPR_OSF_DREG, dreg);
	nftnl_expr_set_u8(nle, NFTNL_EXPR_OSF_TTL, expr->osf.ttl);
	if (expr->osf.flags)
		nftnl_expr_set_u32(nle, NFTNL_EXPR_OSF_FLAGS, expr->osf.flags);
	lin_add_expr(lctx, nle);
}

static int osf_expr_delinearize(struct delin_ctx *dctx,
				const struct nftnl_expr *nle)
{
	uint32_t flags = 0;

	if (nftnl_expr_is_set(nle, NFTNL_EXPR_OSF_FLAGS))
		flags = nftnl_expr_get_u32(nle, NFTNL_EXPR_OSF_FLAGS);
	delin_set_register(dctx, nftnl_expr_get_u32(nle, NFTNL_EXPR_OSF_DREG),
			   osf_expr_alloc(&internal_location,
				nftnl_expr_get_u8(nle, NFTNL_EXPR_OSF_TTL),
				flags));
	return 0;
}

/*
 * typeof: nothing but the kind (src/obj/set_typeof.c), as 1.1.3 writes
 * it for "osf name", "osf version" and any "ttl": it lists them as "osf
 * name", which loads the same set (the key is a name either way).
 */
static bool osf_typeof_put(struct nftnl_udata_buf *ud, const struct expr *expr)
{
	return true;
}

static struct expr *osf_typeof_parse(const struct typeof_attrs *t)
{
	return osf_expr_alloc(&internal_location, 0, 0);
}

static const char *const osf_expr_json_keys[] = {
	"key", "ttl", NULL,
};

const struct expr_ops osf_expr_ops = {
	.type			= EXPR_OSF,
	.name			= "osf",
	.clone			= osf_expr_clone,
	.cmp			= osf_expr_cmp,
	.print			= osf_expr_print,
	.json			= osf_expr_json,
	.linearize		= osf_expr_linearize,
	.nl_name		= "osf",
	.delinearize		= osf_expr_delinearize,
	.delin_postprocess	= delin_retype_match,
	.json_name		= "osf",
	.json_parse		= osf_expr_json_parse,
	.json_keys		= osf_expr_json_keys,
	.typeof_id		= 11,
	.typeof_put		= osf_typeof_put,
	.typeof_parse		= osf_typeof_parse,
};
