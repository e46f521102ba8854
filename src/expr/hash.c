/*
 * jhash EXPR mod N [seed S] [offset O] and symhash mod N [offset O]: a
 * hash of packet fields (jhash, of any expression) or of the flow in
 * both directions (symhash), modulo N plus an offset.
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
#include <libnftnl/expr.h>

static const char *hash_name(enum nft_hash_types type)
{
	return type == NFT_HASH_SYM ? "symhash" : "jhash";
}

struct expr *hash_expr_alloc(const struct location *loc,
			     enum nft_hash_types type, struct expr *src,
			     uint32_t mod)
{
	struct expr *expr = expr_alloc(loc, &hash_expr_ops, &integer_type,
				       BYTEORDER_HOST_ENDIAN, 32);

	expr->hash.type = type;
	expr->hash.expr = src;
	expr->hash.mod = mod;
	return expr;
}

static void hash_expr_destroy(struct expr *expr)
{
	expr_free(expr->hash.expr);
}

static void hash_expr_clone(struct expr *dst, const struct expr *src)
{
	dst->hash = src->hash;
	dst->hash.expr = src->hash.expr ? expr_clone(src->hash.expr) : NULL;
}

static bool hash_expr_cmp(const struct expr *a, const struct expr *b)
{
	return a->hash.type == b->hash.type && a->hash.mod == b->hash.mod &&
	       a->hash.seed == b->hash.seed &&
	       a->hash.seed_set == b->hash.seed_set &&
	       a->hash.offset == b->hash.offset &&
	       (a->hash.expr == b->hash.expr ||
		(a->hash.expr && b->hash.expr &&
		 expr_cmp(a->hash.expr, b->hash.expr)));
}

static void hash_expr_print(const struct expr *expr, struct output_ctx *octx)
{
	nft_print(octx, "%s", hash_name(expr->hash.type));
	if (expr->hash.expr) {
		nft_print(octx, " ");
		expr_print(expr->hash.expr, octx);
	}
	nft_print(octx, " mod %u", expr->hash.mod);
	if (expr->hash.seed_set)
		nft_print(octx, " seed 0x%x", expr->hash.seed);
	if (expr->hash.offset)
		nft_print(octx, " offset %u", expr->hash.offset);
}

static json_t *hash_expr_json(const struct expr *expr, struct output_ctx *octx)
{
	json_t *root = json_object();

	json_object_set_new(root, "mod", json_integer(expr->hash.mod));
	if (expr->hash.seed_set)
		json_object_set_new(root, "seed", json_integer(expr->hash.seed));
	if (expr->hash.offset)
		json_object_set_new(root, "offset",
				    json_integer(expr->hash.offset));
	if (expr->hash.expr)
		json_object_set_new(root, "expr",
				    expr_json(expr->hash.expr, octx));
	return json_wrap(hash_name(expr->hash.type), root);
}

static int hash_json_u32(struct json_ctx *jctx, json_t *obj, const char *key,
			 const char *path, uint32_t *res, bool *set)
{
	json_t *v = json_object_get(obj, key);

	if (!v)
		return 0;
	if (!json_is_integer(v) || json_integer_value(v) < 0 ||
	    json_integer_value(v) > UINT32_MAX)
		return json_error(jctx, path, "Invalid hash %s: expected a 32 bit number", key);
	*res = json_integer_value(v);
	if (set)
		*set = true;
	return 0;
}

static struct expr *hash_json_common(struct json_ctx *jctx, json_t *value,
				     const struct location *loc,
				     enum nft_hash_types type)
{
	const char *name = hash_name(type);
	char mod_path[32], seed_path[32], off_path[32], expr_path[32];
	struct expr *expr, *src = NULL;
	json_t *e;

	snprintf(mod_path, sizeof(mod_path), ".%s.mod", name);
	snprintf(seed_path, sizeof(seed_path), ".%s.seed", name);
	snprintf(off_path, sizeof(off_path), ".%s.offset", name);
	snprintf(expr_path, sizeof(expr_path), ".%s.expr", name);
	if (!json_is_object(value) || !json_object_get(value, "mod")) {
		json_error(jctx, mod_path, "Invalid %s: \"mod\" is required",
			   name);
		return NULL;
	}
	e = json_object_get(value, "expr");
	if (type == NFT_HASH_JENKINS) {
		if (!e) {
			json_error(jctx, expr_path,
				   "Invalid jhash: \"expr\" is required");
			return NULL;
		}
		src = json_parse_expr(jctx, e, expr_path);
		if (!src)
			return NULL;
	}
	expr = hash_expr_alloc(loc, type, src, 0);
	if (hash_json_u32(jctx, value, "mod", mod_path, &expr->hash.mod,
			  NULL) < 0 ||
	    (type == NFT_HASH_JENKINS &&
	     hash_json_u32(jctx, value, "seed", seed_path, &expr->hash.seed,
			   &expr->hash.seed_set) < 0) ||
	    hash_json_u32(jctx, value, "offset", off_path, &expr->hash.offset,
			  NULL) < 0) {
		expr_free(expr);
		return NULL;
	}
	return expr;
}

static struct expr *jhash_expr_json_parse(struct json_ctx *jctx, json_t *value,
					  const struct location *loc)
{
	return hash_json_common(jctx, value, loc, NFT_HASH_JENKINS);
}

static struct expr *symhash_expr_json_parse(struct json_ctx *jctx,
					    json_t *value,
					    const struct location *loc)
{
	return hash_json_common(jctx, value, loc, NFT_HASH_SYM);
}

static int hash_expr_evaluate(struct eval_ctx *ectx, struct expr **exprp)
{
	struct expr *expr = *exprp;

	if (expr->hash.expr && expr_evaluate(ectx, &expr->hash.expr) < 0)
		return -1;
	/* JSON "expr": []: nothing to load and hash */
	if (expr->hash.expr && (expr->hash.expr->ops->linearize == NULL ||
				expr->hash.expr->flags & EXPR_F_CONSTANT))
		return expr_error(ectx, expr->hash.expr,
				  "%s of a %s: expected something to load",
				  hash_name(expr->hash.type),
				  expr_name(expr->hash.expr));
	if (expr->hash.mod == 0)
		return expr_error(ectx, expr, "Modulus must be greater than 0");
	if ((uint64_t)expr->hash.mod + expr->hash.offset - 1 > UINT32_MAX)
		return expr_error(ectx, expr,
				  "hash modulus and offset exceed 32 bits");
	return 0;
}

/* Bytes hashed: the parts of a concatenation are padded to 32 bits in
 * their registers, and the padding is hashed too. */
static unsigned int hash_src_len(const struct expr *src)
{
	if (src->etype == EXPR_CONCAT)
		return lin_register_slots(src->len) * sizeof(uint32_t);
	return div_round_up(src->len, BITS_PER_BYTE);
}

static void hash_expr_linearize(struct lin_ctx *lctx, const struct expr *expr,
				enum nft_registers dreg)
{
	struct nftnl_expr *nle;
	enum nft_registers sreg = 0;
	const struct expr *src = expr->hash.expr;

	if (src) {
		sreg = src->etype == EXPR_CONCAT ?
		       lin_get_register_concat(lctx, src->len) :
		       lin_get_register(lctx, src->len);
		linearize_expr(lctx, src, sreg);
	}
	nle = lin_expr_alloc("hash");
	if (src) {
		nftnl_expr_set_u32(nle, NFTNL_EXPR_HASH_SREG, sreg);
		nftnl_expr_set_u32(nle, NFTNL_EXPR_HASH_LEN,
				   hash_src_len(src));
	}
	nftnl_expr_set_u32(nle, NFTNL_EXPR_HASH_DREG, dreg);
	nftnl_expr_set_u32(nle, NFTNL_EXPR_HASH_MODULUS, expr->hash.mod);
	if (expr->hash.seed_set)
		nftnl_expr_set_u32(nle, NFTNL_EXPR_HASH_SEED, expr->hash.seed);
	nftnl_expr_set_u32(nle, NFTNL_EXPR_HASH_OFFSET, expr->hash.offset);
	nftnl_expr_set_u32(nle, NFTNL_EXPR_HASH_TYPE, expr->hash.type);
	lin_add_expr(lctx, nle);
	if (src)
		lin_put_register(lctx, sreg);
}

static int hash_expr_delinearize(struct delin_ctx *dctx,
				 const struct nftnl_expr *nle)
{
	enum nft_hash_types type = nftnl_expr_get_u32(nle, NFTNL_EXPR_HASH_TYPE);
	struct expr *src = NULL, *expr;

	if (type != NFT_HASH_JENKINS && type != NFT_HASH_SYM)
		return -1;
	if (type == NFT_HASH_JENKINS) {
		enum nft_registers sreg =
			nftnl_expr_get_u32(nle, NFTNL_EXPR_HASH_SREG);
		unsigned int len = nftnl_expr_get_u32(nle, NFTNL_EXPR_HASH_LEN);

		src = delin_get_register(dctx, sreg);
		/* more bytes than the first value: a concatenation */
		if (src && div_round_up(src->len, BITS_PER_BYTE) < len) {
			expr_free(src);
			src = concat_from_registers(dctx, sreg, len);
		}
		if (!src)
			return -1;
	}
	expr = hash_expr_alloc(&internal_location, type, src,
			       nftnl_expr_get_u32(nle, NFTNL_EXPR_HASH_MODULUS));
	if (nftnl_expr_is_set(nle, NFTNL_EXPR_HASH_SEED)) {
		expr->hash.seed = nftnl_expr_get_u32(nle, NFTNL_EXPR_HASH_SEED);
		expr->hash.seed_set = true;
	}
	expr->hash.offset = nftnl_expr_get_u32(nle, NFTNL_EXPR_HASH_OFFSET);
	delin_set_register(dctx, nftnl_expr_get_u32(nle, NFTNL_EXPR_HASH_DREG),
			   expr);
	return 0;
}

static void hash_expr_delin_postprocess(struct delin_ctx *dctx,
					struct stmt *stmt, struct expr *expr)
{
	if (expr->hash.expr)
		delin_postprocess_expr(dctx, stmt, &expr->hash.expr);
	expr_retype_constant(stmt->expr->binop.right, expr);
}

static void hash_expr_delin_children(struct expr *expr,
				     void (*visit)(struct expr **child,
						   void *arg),
				     void *arg)
{
	if (expr->hash.expr)
		visit(&expr->hash.expr, arg);
}

/*
 * typeof: type, offset, modulus, seed and whether one was given
 * (src/obj/set_typeof.c). Not the expression a jhash hashes: upstream
 * describes an anonymous set's jhash key so, but a named set's "typeof
 * jhash ..." cannot be read back (upstream 1.1.3 crashes listing it), so
 * only a symhash parses.
 */
enum { HASH_TYPEOF_TYPE, HASH_TYPEOF_OFFSET, HASH_TYPEOF_MOD,
       HASH_TYPEOF_SEED, HASH_TYPEOF_SEED_SET };

static bool hash_typeof_put(struct nftnl_udata_buf *ud, const struct expr *expr)
{
	nftnl_udata_put_u32(ud, HASH_TYPEOF_TYPE, expr->hash.type);
	nftnl_udata_put_u32(ud, HASH_TYPEOF_OFFSET, expr->hash.offset);
	nftnl_udata_put_u32(ud, HASH_TYPEOF_MOD, expr->hash.mod);
	nftnl_udata_put_u32(ud, HASH_TYPEOF_SEED, expr->hash.seed);
	nftnl_udata_put_u32(ud, HASH_TYPEOF_SEED_SET, expr->hash.seed_set);
	return true;
}

static struct expr *hash_typeof_parse(const struct typeof_attrs *t)
{
	uint32_t type, offset, mod;
	struct expr *expr;

	if (!typeof_u32(t, HASH_TYPEOF_TYPE, &type) ||
	    !typeof_u32(t, HASH_TYPEOF_OFFSET, &offset) ||
	    !typeof_u32(t, HASH_TYPEOF_MOD, &mod) ||
	    type != NFT_HASH_SYM || !mod)
		return NULL;
	expr = hash_expr_alloc(&internal_location, type, NULL, mod);
	expr->hash.offset = offset;
	return expr;
}

static const char *const hash_expr_json_keys[] = {
	"mod", "offset", "expr", "seed", NULL,
};

const struct expr_ops hash_expr_ops = {
	.type			= EXPR_HASH,
	.name			= "hash",
	.destroy		= hash_expr_destroy,
	.clone			= hash_expr_clone,
	.cmp			= hash_expr_cmp,
	.print			= hash_expr_print,
	.json			= hash_expr_json,
	.evaluate		= hash_expr_evaluate,
	.linearize		= hash_expr_linearize,
	.nl_name		= "hash",
	.delinearize		= hash_expr_delinearize,
	.delin_postprocess	= hash_expr_delin_postprocess,
	.delin_children		= hash_expr_delin_children,
	.json_name		= "jhash",
	.json_parse		= jhash_expr_json_parse,
	.json_keys		= hash_expr_json_keys,
	.typeof_id		= 24,
	.typeof_put		= hash_typeof_put,
	.typeof_parse		= hash_typeof_parse,
};

/* The JSON key "symhash" names the same kind; it only parses. */
static const char *const symhash_expr_json_keys[] = {
	"mod", "offset", NULL,
};

const struct expr_ops symhash_expr_ops = {
	.type			= EXPR_HASH,
	.name			= "symhash",
	.json_name		= "symhash",
	.json_parse		= symhash_expr_json_parse,
	.json_keys		= symhash_expr_json_keys,
};
