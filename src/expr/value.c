/*
 * Constant values: a GMP integer of the datatype's width. Strings are
 * host byte order integers whose least significant byte is the first
 * character, so NUL padding to a wider field costs nothing.
 */
#include <string.h>
#include <expr.h>
#include <linearize.h>
#include <nftables.h>
#include <libnftnl/expr.h>

static void value_expr_destroy(struct expr *expr)
{
	mpz_clear(expr->value.value);
}

static void value_expr_clone(struct expr *dst, const struct expr *src)
{
	mpz_init_set(dst->value.value, src->value.value);
}

static bool value_expr_cmp(const struct expr *a, const struct expr *b)
{
	return a->len == b->len && !mpz_cmp(a->value.value, b->value.value);
}

static void value_expr_print(const struct expr *expr, struct output_ctx *octx)
{
	datatype_print(expr, octx);
}

static json_t *value_expr_json(const struct expr *expr,
			       struct output_ctx *octx)
{
	return datatype_json(expr, octx);
}

/* Already typed (the parser, JSON input or a datatype made it). */
static int value_expr_evaluate(struct eval_ctx *ectx, struct expr **exprp)
{
	return 0;
}

/* A constant in a register: the immediate expression. */
static void value_expr_linearize(struct lin_ctx *lctx, const struct expr *expr,
				 enum nft_registers dreg)
{
	unsigned char data[NFT_REG_SIZE * 4];
	struct nftnl_expr *nle;
	unsigned int len;

	len = linearize_data(expr, data, sizeof(data));
	nle = lin_expr_alloc("immediate");
	nftnl_expr_set_u32(nle, NFTNL_EXPR_IMM_DREG, dreg);
	nftnl_expr_set(nle, NFTNL_EXPR_IMM_DATA, data, len);
	lin_add_expr(lctx, nle);
}

const struct expr_ops value_expr_ops = {
	.type		= EXPR_VALUE,
	.name		= "value",
	.destroy	= value_expr_destroy,
	.clone		= value_expr_clone,
	.cmp		= value_expr_cmp,
	.print		= value_expr_print,
	.json		= value_expr_json,
	.evaluate	= value_expr_evaluate,
	.linearize	= value_expr_linearize,
};

static struct expr *constant_expr_new(const struct location *loc,
				      const struct datatype *dtype,
				      enum byteorder byteorder,
				      unsigned int len)
{
	struct expr *expr;

	expr = expr_alloc(loc, &value_expr_ops, dtype, byteorder, len);
	expr->flags |= EXPR_F_CONSTANT | EXPR_F_SINGLETON;
	mpz_init(expr->value.value);
	return expr;
}

struct expr *constant_expr_alloc(const struct location *loc,
				 const struct datatype *dtype,
				 enum byteorder byteorder, unsigned int len,
				 const void *data)
{
	struct expr *expr = constant_expr_new(loc, dtype, byteorder, len);

	if (data != NULL && len > 0)
		mpz_import_data(expr->value.value, data, byteorder,
				div_round_up(len, BITS_PER_BYTE));
	return expr;
}

struct expr *constant_expr_alloc_mpz(const struct location *loc,
				     const struct datatype *dtype,
				     enum byteorder byteorder,
				     unsigned int len, const mpz_t value)
{
	struct expr *expr = constant_expr_new(loc, dtype, byteorder, len);

	mpz_set(expr->value.value, value);
	return expr;
}

struct expr *constant_expr_alloc_u64(const struct location *loc,
				     const struct datatype *dtype,
				     enum byteorder byteorder,
				     unsigned int len, uint64_t value)
{
	struct expr *expr = constant_expr_new(loc, dtype, byteorder, len);

	mpz_import(expr->value.value, 1, -1, sizeof(value), 0, 0, &value);
	return expr;
}

struct expr *constant_expr_alloc_string(const struct location *loc,
					const struct datatype *dtype,
					const char *s, unsigned int len)
{
	size_t slen = strlen(s);
	struct expr *expr;

	if (len == 0)
		len = slen * BITS_PER_BYTE;
	if (slen > len / BITS_PER_BYTE)
		slen = len / BITS_PER_BYTE;
	expr = constant_expr_new(loc, dtype, BYTEORDER_HOST_ENDIAN, len);
	/* least significant byte first: the first character */
	if (slen > 0)
		mpz_import(expr->value.value, slen, -1, 1, 0, 0, s);
	return expr;
}

char *constant_expr_get_string(const struct expr *expr)
{
	size_t len = div_round_up(expr->len, BITS_PER_BYTE);
	size_t count = 0;
	char *buf;

	if (mpz_sizeinbase(expr->value.value, 256) > len)
		len = mpz_sizeinbase(expr->value.value, 256);
	buf = xzalloc(len + 1);
	if (mpz_sgn(expr->value.value) != 0)
		mpz_export(buf, &count, -1, 1, 0, 0, expr->value.value);
	buf[count < len ? count : len] = '\0';
	return buf;
}

bool constant_expr_bit_run(const struct expr *mask, unsigned int len,
			   unsigned int *lo, unsigned int *hi)
{
	if (mask->etype != EXPR_VALUE || !mpz_sgn(mask->value.value))
		return false;
	*lo = mpz_scan1(mask->value.value, 0);
	*hi = mpz_sizeinbase(mask->value.value, 2);
	return *hi <= len && mpz_popcount(mask->value.value) == *hi - *lo;
}
