/*
 * ipsec: the IPsec state a packet was (in) or will be (out) processed
 * by: "ipsec in reqid 1", "ipsec out spnum 2 ip daddr 192.0.2.1". One
 * row per key.
 */
#include <string.h>
#include <expr.h>
#include <set.h>
#include <libnftnl/udata.h>
#include <evaluate.h>
#include <linearize.h>
#include <json.h>
#include <nftables.h>
#include <linux/xfrm.h>
#include <libnftnl/expr.h>

#define XFRM_SPNUM_MAX	255

struct xfrm_template {
	const char *token;
	const char *family;
	const struct datatype *dtype;
	unsigned int len;
	enum byteorder byteorder;
};

static const struct xfrm_template xfrm_templates[] = {
	[NFT_XFRM_KEY_DADDR_IP4] = { "daddr", "ip", &ipaddr_type, 32,
				     BYTEORDER_BIG_ENDIAN },
	[NFT_XFRM_KEY_DADDR_IP6] = { "daddr", "ip6", &ip6addr_type, 128,
				     BYTEORDER_BIG_ENDIAN },
	[NFT_XFRM_KEY_SADDR_IP4] = { "saddr", "ip", &ipaddr_type, 32,
				     BYTEORDER_BIG_ENDIAN },
	[NFT_XFRM_KEY_SADDR_IP6] = { "saddr", "ip6", &ip6addr_type, 128,
				     BYTEORDER_BIG_ENDIAN },
	[NFT_XFRM_KEY_REQID]	 = { "reqid", NULL, &integer_type, 32,
				     BYTEORDER_HOST_ENDIAN },
	[NFT_XFRM_KEY_SPI]	 = { "spi", NULL, &integer_type, 32,
				     BYTEORDER_BIG_ENDIAN },
};

static const struct xfrm_template *xfrm_template(unsigned int key)
{
	if (key >= array_size(xfrm_templates) || !xfrm_templates[key].token)
		return NULL;
	return &xfrm_templates[key];
}

/* @family: "ip", "ip6" or NULL (addresses need one). */
bool xfrm_key_lookup(const char *name, const char *family,
		     enum nft_xfrm_keys *key)
{
	unsigned int i;

	for (i = 0; i < array_size(xfrm_templates); i++) {
		const struct xfrm_template *t = &xfrm_templates[i];

		if (!t->token || strcmp(t->token, name))
			continue;
		if ((family == NULL) != (t->family == NULL) ||
		    (family && strcmp(family, t->family)))
			continue;
		*key = i;
		return true;
	}
	return false;
}

bool xfrm_dir_lookup(const char *name, uint8_t *dir)
{
	if (!strcmp(name, "in"))
		*dir = XFRM_POLICY_IN;
	else if (!strcmp(name, "out"))
		*dir = XFRM_POLICY_OUT;
	else
		return false;
	return true;
}

static const char *xfrm_dir_name(uint8_t dir)
{
	return dir == XFRM_POLICY_OUT ? "out" : "in";
}

struct expr *xfrm_expr_alloc(const struct location *loc,
			     enum nft_xfrm_keys key, uint8_t dir,
			     uint8_t spnum)
{
	const struct xfrm_template *t = xfrm_template(key);
	struct expr *expr;

	expr = expr_alloc(loc, &xfrm_expr_ops, t ? t->dtype : &integer_type,
			  t ? t->byteorder : BYTEORDER_HOST_ENDIAN,
			  t ? t->len : 32);
	expr->xfrm.key = key;
	expr->xfrm.dir = dir;
	expr->xfrm.spnum = spnum;
	return expr;
}

static void xfrm_expr_clone(struct expr *dst, const struct expr *src)
{
	dst->xfrm = src->xfrm;
}

static bool xfrm_expr_cmp(const struct expr *a, const struct expr *b)
{
	return a->xfrm.key == b->xfrm.key && a->xfrm.dir == b->xfrm.dir &&
	       a->xfrm.spnum == b->xfrm.spnum;
}

static void xfrm_expr_print(const struct expr *expr, struct output_ctx *octx)
{
	const struct xfrm_template *t = xfrm_template(expr->xfrm.key);

	nft_print(octx, "ipsec %s", xfrm_dir_name(expr->xfrm.dir));
	if (expr->xfrm.spnum)
		nft_print(octx, " spnum %u", expr->xfrm.spnum);
	if (t && t->family)
		nft_print(octx, " %s", t->family);
	nft_print(octx, " %s", t ? t->token : "unknown");
}

static json_t *xfrm_expr_json(const struct expr *expr,
			      struct output_ctx *octx)
{
	const struct xfrm_template *t = xfrm_template(expr->xfrm.key);
	json_t *root = json_object();

	json_object_set_new(root, "key", json_string(t ? t->token : "unknown"));
	if (t && t->family)
		json_object_set_new(root, "family", json_string(t->family));
	json_object_set_new(root, "dir",
			    json_string(xfrm_dir_name(expr->xfrm.dir)));
	json_object_set_new(root, "spnum", json_integer(expr->xfrm.spnum));
	return json_wrap("ipsec", root);
}

/* {"ipsec": {"key": "saddr", "family": "ip6", "dir": "in", "spnum": 0}} */
static struct expr *xfrm_expr_json_parse(struct json_ctx *jctx, json_t *value,
					 const struct location *loc)
{
	json_t *k = json_object_get(value, "key");
	json_t *f = json_object_get(value, "family");
	json_t *d = json_object_get(value, "dir");
	json_t *n = json_object_get(value, "spnum");
	enum nft_xfrm_keys key;
	uint8_t dir = XFRM_POLICY_IN;

	if (!json_is_string(k) || (f && !json_is_string(f)) ||
	    !xfrm_key_lookup(json_string_value(k),
			     f ? json_string_value(f) : NULL, &key)) {
		json_error(jctx, ".ipsec.key", "Invalid ipsec key");
		return NULL;
	}
	if (d && (!json_is_string(d) ||
		  !xfrm_dir_lookup(json_string_value(d), &dir))) {
		json_error(jctx, ".ipsec.dir",
			   "Invalid ipsec direction: expected in or out");
		return NULL;
	}
	if (n && (!json_is_integer(n) || json_integer_value(n) < 0 ||
		  json_integer_value(n) > XFRM_SPNUM_MAX)) {
		json_error(jctx, ".ipsec.spnum",
			   "Invalid ipsec spnum: expected 0-%u", XFRM_SPNUM_MAX);
		return NULL;
	}
	return xfrm_expr_alloc(loc, key, dir, n ? json_integer_value(n) : 0);
}

static void xfrm_expr_linearize(struct lin_ctx *lctx, const struct expr *expr,
				enum nft_registers dreg)
{
	struct nftnl_expr *nle = lin_expr_alloc("xfrm");

	nftnl_expr_set_u32(nle, NFTNL_EXPR_XFRM_KEY, expr->xfrm.key);
	nftnl_expr_set_u8(nle, NFTNL_EXPR_XFRM_DIR, expr->xfrm.dir);
	nftnl_expr_set_u32(nle, NFTNL_EXPR_XFRM_SPNUM, expr->xfrm.spnum);
	nftnl_expr_set_u32(nle, NFTNL_EXPR_XFRM_DREG, dreg);
	lin_add_expr(lctx, nle);
}

static int xfrm_expr_delinearize(struct delin_ctx *dctx,
				 const struct nftnl_expr *nle)
{
	uint32_t key = nftnl_expr_get_u32(nle, NFTNL_EXPR_XFRM_KEY);

	if (!xfrm_template(key) ||
	    !nftnl_expr_is_set(nle, NFTNL_EXPR_XFRM_DREG))
		return -1;
	delin_set_register(dctx, nftnl_expr_get_u32(nle, NFTNL_EXPR_XFRM_DREG),
		xfrm_expr_alloc(&internal_location, key,
				nftnl_expr_get_u8(nle, NFTNL_EXPR_XFRM_DIR),
				nftnl_expr_get_u32(nle, NFTNL_EXPR_XFRM_SPNUM)));
	return 0;
}

/* typeof: key, policy number, direction (src/obj/set_typeof.c). */
static bool xfrm_typeof_put(struct nftnl_udata_buf *ud, const struct expr *expr)
{
	nftnl_udata_put_u32(ud, 0, expr->xfrm.key);
	nftnl_udata_put_u32(ud, 1, expr->xfrm.spnum);
	nftnl_udata_put_u32(ud, 2, expr->xfrm.dir);
	return true;
}

static struct expr *xfrm_typeof_parse(const struct typeof_attrs *t)
{
	uint32_t key, dir, spnum;

	if (!typeof_u32(t, 0, &key) || !typeof_u32(t, 1, &spnum) ||
	    !typeof_u32(t, 2, &dir) || !xfrm_template(key) || dir > 1 ||
	    spnum > 255)
		return NULL;
	return xfrm_expr_alloc(&internal_location, key, dir, spnum);
}

static const char *const xfrm_expr_json_keys[] = {
	"key", "dir", "spnum", "family", NULL,
};

const struct expr_ops xfrm_expr_ops = {
	.type			= EXPR_XFRM,
	.name			= "ipsec",
	.clone			= xfrm_expr_clone,
	.cmp			= xfrm_expr_cmp,
	.print			= xfrm_expr_print,
	.json			= xfrm_expr_json,
	.linearize		= xfrm_expr_linearize,
	.nl_name		= "xfrm",
	.delinearize		= xfrm_expr_delinearize,
	.delin_postprocess	= delin_retype_match,
	.json_name		= "ipsec",
	.json_parse		= xfrm_expr_json_parse,
	.json_keys		= xfrm_expr_json_keys,
	.typeof_id		= 27,
	.typeof_put		= xfrm_typeof_put,
	.typeof_parse		= xfrm_typeof_parse,
};
