/*
 * rt: properties of the packet's route: its realm (classid), the IPv4 or
 * IPv6 next hop, the path MTU as a TCP MSS, and whether it is an IPsec
 * route. One row per key.
 */
#include <string.h>
#include <expr.h>
#include <set.h>
#include <libnftnl/udata.h>
#include <evaluate.h>
#include <linearize.h>
#include <json.h>
#include <nftables.h>
#include <linux/netfilter.h>
#include <libnftnl/expr.h>

struct rt_template {
	const char *token;
	const char *family;	/* "ip" / "ip6" for the next hops */
	const struct datatype *dtype;
	unsigned int len;
	enum byteorder byteorder;
};

static const struct rt_template rt_templates[] = {
	[NFT_RT_CLASSID]  = { "classid", NULL, &realm_type, 32,
			      BYTEORDER_HOST_ENDIAN },
	[NFT_RT_NEXTHOP4] = { "nexthop", "ip", &ipaddr_type, 32,
			      BYTEORDER_BIG_ENDIAN },
	[NFT_RT_NEXTHOP6] = { "nexthop", "ip6", &ip6addr_type, 128,
			      BYTEORDER_BIG_ENDIAN },
	[NFT_RT_TCPMSS]   = { "mtu", NULL, &integer_type, 16,
			      BYTEORDER_HOST_ENDIAN },
	[NFT_RT_XFRM]	  = { "ipsec", NULL, &boolean_type, 8,
			      BYTEORDER_HOST_ENDIAN },
};

static const struct rt_template *rt_template(unsigned int key)
{
	if (key >= array_size(rt_templates) || !rt_templates[key].token)
		return NULL;
	return &rt_templates[key];
}

/*
 * @family is "ip", "ip6" or NULL. "nexthop" without a family is taken
 * as NFT_RT_NEXTHOP4 with no family: the evaluator decides from the
 * table's family (rt_expr_evaluate()).
 */
bool rt_key_lookup(const char *name, const char *family, unsigned int *key)
{
	unsigned int i;

	for (i = 0; i < array_size(rt_templates); i++) {
		const struct rt_template *t = &rt_templates[i];

		if (!t->token || strcmp(t->token, name))
			continue;
		if (family && (!t->family || strcmp(t->family, family)))
			continue;
		*key = i;
		return true;
	}
	return false;
}

struct expr *rt_expr_alloc(const struct location *loc, unsigned int key)
{
	const struct rt_template *t = rt_template(key);
	struct expr *expr;

	expr = expr_alloc(loc, &rt_expr_ops, t ? t->dtype : &integer_type,
			  t ? t->byteorder : BYTEORDER_HOST_ENDIAN,
			  t ? t->len : 32);
	expr->rt.key = key;
	return expr;
}

static void rt_expr_clone(struct expr *dst, const struct expr *src)
{
	dst->rt = src->rt;
}

static bool rt_expr_cmp(const struct expr *a, const struct expr *b)
{
	return a->rt.key == b->rt.key;
}

static void rt_expr_print(const struct expr *expr, struct output_ctx *octx)
{
	const struct rt_template *t = rt_template(expr->rt.key);

	if (!t)
		nft_print(octx, "rt unknown");
	else if (t->family)
		nft_print(octx, "rt %s %s", t->family, t->token);
	else
		nft_print(octx, "rt %s", t->token);
}

static json_t *rt_expr_json(const struct expr *expr, struct output_ctx *octx)
{
	const struct rt_template *t = rt_template(expr->rt.key);
	json_t *root = json_object();

	json_object_set_new(root, "key", json_string(t ? t->token : "unknown"));
	if (t && t->family)
		json_object_set_new(root, "family", json_string(t->family));
	return json_wrap("rt", root);
}

/* {"rt": {"key": "nexthop", "family": "ip"}} */
static struct expr *rt_expr_json_parse(struct json_ctx *jctx, json_t *value,
				       const struct location *loc)
{
	json_t *k = json_object_get(value, "key");
	json_t *f = json_object_get(value, "family");
	unsigned int key;

	if (!json_is_string(k) || (f && !json_is_string(f))) {
		json_error(jctx, ".rt", "Invalid rt expression: \"key\" (and \"family\") must be strings");
		return NULL;
	}
	if (!rt_key_lookup(json_string_value(k),
			   f ? json_string_value(f) : NULL, &key)) {
		json_error(jctx, ".rt.key", "Unknown rt key '%s'",
			   json_string_value(k));
		return NULL;
	}
	return rt_expr_alloc(loc, key);
}

/* A next hop without a family takes the table's; an IPv6 next hop in
 * an ip table could never match. In an ip6 table "ip nexthop" is the
 * IPv6 one, as to the reference ("rt ip nexthop 127.0.0.1" there is
 * refused as an IPv6 address that does not resolve). */
static int rt_expr_evaluate(struct eval_ctx *ectx, struct expr **exprp)
{
	struct expr *expr = *exprp;
	unsigned int family = ectx->pctx.family;
	bool nh = expr->rt.key == NFT_RT_NEXTHOP4 ||
		  expr->rt.key == NFT_RT_NEXTHOP6;

	if (!nh)
		return 0;
	if (expr->rt.family_implicit ||
	    (family == NFPROTO_IPV6 && expr->rt.key == NFT_RT_NEXTHOP4)) {
		if (family == NFPROTO_IPV4)
			return 0;
		if (family == NFPROTO_IPV6) {
			*exprp = rt_expr_alloc(&expr->location,
					       NFT_RT_NEXTHOP6);
			expr_free(expr);
			return 0;
		}
		return expr_error(ectx, expr,
				  "cannot determine ip protocol version, use \"ip nexthop\" or \"ip6 nexthop\" instead");
	}
	if ((family == NFPROTO_IPV4 && expr->rt.key == NFT_RT_NEXTHOP6) ||
	    (family == NFPROTO_IPV6 && expr->rt.key == NFT_RT_NEXTHOP4))
		return expr_error(ectx, expr, "%s nexthop will not match",
				  rt_template(expr->rt.key)->family);
	return 0;
}

static void rt_expr_linearize(struct lin_ctx *lctx, const struct expr *expr,
			      enum nft_registers dreg)
{
	struct nftnl_expr *nle = lin_expr_alloc("rt");

	nftnl_expr_set_u32(nle, NFTNL_EXPR_RT_KEY, expr->rt.key);
	nftnl_expr_set_u32(nle, NFTNL_EXPR_RT_DREG, dreg);
	lin_add_expr(lctx, nle);
}

static int rt_expr_delinearize(struct delin_ctx *dctx,
			       const struct nftnl_expr *nle)
{
	uint32_t key = nftnl_expr_get_u32(nle, NFTNL_EXPR_RT_KEY);

	if (!rt_template(key))
		return -1;
	delin_set_register(dctx, nftnl_expr_get_u32(nle, NFTNL_EXPR_RT_DREG),
			   rt_expr_alloc(&internal_location, key));
	return 0;
}

/* typeof: its key (src/obj/set_typeof.c). */
static bool rt_typeof_put(struct nftnl_udata_buf *ud, const struct expr *expr)
{
	nftnl_udata_put_u32(ud, 0, expr->rt.key);
	return true;
}

static struct expr *rt_typeof_parse(const struct typeof_attrs *t)
{
	uint32_t key;

	if (!typeof_u32(t, 0, &key) || !rt_template(key))
		return NULL;
	return rt_expr_alloc(&internal_location, key);
}

static const char *const rt_expr_json_keys[] = {
	"key", "family", NULL,
};

const struct expr_ops rt_expr_ops = {
	.type			= EXPR_RT,
	.name			= "rt",
	.clone			= rt_expr_clone,
	.cmp			= rt_expr_cmp,
	.print			= rt_expr_print,
	.json			= rt_expr_json,
	.evaluate		= rt_expr_evaluate,
	.linearize		= rt_expr_linearize,
	.nl_name		= "rt",
	.delinearize		= rt_expr_delinearize,
	.delin_postprocess	= delin_retype_match,
	.json_name		= "rt",
	.json_parse		= rt_expr_json_parse,
	.json_keys		= rt_expr_json_keys,
	.typeof_id		= 25,
	.typeof_put		= rt_typeof_put,
	.typeof_parse		= rt_typeof_parse,
};
