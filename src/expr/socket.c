/*
 * socket: properties of the socket the packet belongs to (transparent,
 * mark, wildcard). One row per key.
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

struct socket_template {
	const char *token;
	const struct datatype *dtype;
	unsigned int len;
};

static const struct socket_template socket_templates[] = {
	[NFT_SOCKET_TRANSPARENT] = { "transparent", &integer_type, 8 },
	[NFT_SOCKET_MARK]	 = { "mark", &mark_type, 32 },
	[NFT_SOCKET_WILDCARD]	 = { "wildcard", &integer_type, 8 },
	[NFT_SOCKET_CGROUPV2]	 = { "cgroupv2", &cgroupv2_type, 64 },
};

static const struct socket_template *socket_template(unsigned int key)
{
	if (key >= array_size(socket_templates) ||
	    !socket_templates[key].token)
		return NULL;
	return &socket_templates[key];
}

bool socket_key_lookup(const char *name, enum nft_socket_keys *key)
{
	unsigned int i;

	for (i = 0; i < array_size(socket_templates); i++) {
		if (socket_templates[i].token &&
		    !strcmp(socket_templates[i].token, name)) {
			*key = i;
			return true;
		}
	}
	return false;
}

struct expr *socket_expr_alloc(const struct location *loc,
			       enum nft_socket_keys key)
{
	const struct socket_template *t = socket_template(key);
	struct expr *expr;

	expr = expr_alloc(loc, &socket_expr_ops, t ? t->dtype : &integer_type,
			  BYTEORDER_HOST_ENDIAN, t ? t->len : 32);
	expr->socket.key = key;
	return expr;
}

static void socket_expr_clone(struct expr *dst, const struct expr *src)
{
	dst->socket = src->socket;
}

static bool socket_expr_cmp(const struct expr *a, const struct expr *b)
{
	return a->socket.key == b->socket.key &&
	       a->socket.level == b->socket.level;
}

static const char *socket_key_name(unsigned int key)
{
	const struct socket_template *t = socket_template(key);

	return t ? t->token : "unknown";
}

static void socket_expr_print(const struct expr *expr,
			      struct output_ctx *octx)
{
	nft_print(octx, "socket %s", socket_key_name(expr->socket.key));
	if (expr->socket.key == NFT_SOCKET_CGROUPV2)
		nft_print(octx, " level %u", expr->socket.level);
}

static json_t *socket_expr_json(const struct expr *expr,
				struct output_ctx *octx)
{
	json_t *root = json_object();

	json_object_set_new(root, "key",
			    json_string(socket_key_name(expr->socket.key)));
	/* the system nft 1.0.6 leaves the level out, and loses it;
	 * 1.1.3 too, which is right for level 0, the default */
	if (expr->socket.key == NFT_SOCKET_CGROUPV2 && expr->socket.level)
		json_object_set_new(root, "level",
				    json_integer(expr->socket.level));
	return json_wrap("socket", root);
}

/* {"socket": {"key": "transparent"}} */
static struct expr *socket_expr_json_parse(struct json_ctx *jctx,
					   json_t *value,
					   const struct location *loc)
{
	json_t *k = json_object_get(value, "key");
	json_t *l = json_object_get(value, "level");
	enum nft_socket_keys key;
	struct expr *expr;

	if (!json_is_string(k) ||
	    !socket_key_lookup(json_string_value(k), &key)) {
		json_error(jctx, ".socket.key",
			   "Invalid socket key: expected transparent, mark, wildcard or cgroupv2");
		return NULL;
	}
	if (l && (key != NFT_SOCKET_CGROUPV2 || !json_is_integer(l) ||
		  json_integer_value(l) < 0 || json_integer_value(l) > 255)) {
		json_error(jctx, ".socket.level",
			   "Invalid socket level: only cgroupv2 takes one, 0-255");
		return NULL;
	}
	expr = socket_expr_alloc(loc, key);
	if (l)
		expr->socket.level = json_integer_value(l);
	return expr;
}

static void socket_expr_linearize(struct lin_ctx *lctx,
				  const struct expr *expr,
				  enum nft_registers dreg)
{
	struct nftnl_expr *nle = lin_expr_alloc("socket");

	nftnl_expr_set_u32(nle, NFTNL_EXPR_SOCKET_KEY, expr->socket.key);
	nftnl_expr_set_u32(nle, NFTNL_EXPR_SOCKET_DREG, dreg);
	nftnl_expr_set_u32(nle, NFTNL_EXPR_SOCKET_LEVEL, expr->socket.level);
	lin_add_expr(lctx, nle);
}

static int socket_expr_delinearize(struct delin_ctx *dctx,
				   const struct nftnl_expr *nle)
{
	uint32_t key = nftnl_expr_get_u32(nle, NFTNL_EXPR_SOCKET_KEY);
	struct expr *expr;

	if (!socket_template(key))
		return -1;
	expr = socket_expr_alloc(&internal_location, key);
	if (nftnl_expr_is_set(nle, NFTNL_EXPR_SOCKET_LEVEL))
		expr->socket.level = nftnl_expr_get_u32(nle,
						NFTNL_EXPR_SOCKET_LEVEL);
	delin_set_register(dctx,
			   nftnl_expr_get_u32(nle, NFTNL_EXPR_SOCKET_DREG),
			   expr);
	return 0;
}

/*
 * typeof: its key (src/obj/set_typeof.c), without the level of
 * "cgroupv2 level N", as 1.1.3 writes it: it lists as level 0, which
 * loads the same set (the level is not the key's type or length).
 */
static bool socket_typeof_put(struct nftnl_udata_buf *ud,
			      const struct expr *expr)
{
	nftnl_udata_put_u32(ud, 0, expr->socket.key);
	return true;
}

static struct expr *socket_typeof_parse(const struct typeof_attrs *t)
{
	uint32_t key;

	if (!typeof_u32(t, 0, &key) || !socket_template(key))
		return NULL;
	return socket_expr_alloc(&internal_location, key);
}

static const char *const socket_expr_json_keys[] = {
	"key", "level", NULL,
};

const struct expr_ops socket_expr_ops = {
	.type			= EXPR_SOCKET,
	.name			= "socket",
	.clone			= socket_expr_clone,
	.cmp			= socket_expr_cmp,
	.print			= socket_expr_print,
	.json			= socket_expr_json,
	.linearize		= socket_expr_linearize,
	.nl_name		= "socket",
	.delinearize		= socket_expr_delinearize,
	.delin_postprocess	= delin_retype_match,
	.json_name		= "socket",
	.json_parse		= socket_expr_json_parse,
	.json_keys		= socket_expr_json_keys,
	.typeof_id		= 10,
	.typeof_put		= socket_typeof_put,
	.typeof_parse		= socket_typeof_parse,
};
