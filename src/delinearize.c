/*
 * Decoding a dumped rule back into statements. The netlink expressions
 * are replayed on a register file of expressions: loads (payload, meta,
 * the kinds' decoders) put their expression in a register, bitwise and
 * byteorder transform it, and cmp/range turn it into a match. A second
 * pass (src/delin_post.c) walks the statements and their expression
 * trees so each kind restores what the user wrote: typed values and no
 * implied protocol dependencies.
 *
 * What cannot be decoded exactly makes the whole rule fail, with a
 * reason (delin_error()): a listing that leaves out or changes a rule
 * the kernel holds is worse than one that stops.
 */
#include <netlink.h>
#include <pthread.h>
#include <stdarg.h>
#include <string.h>
#include <linearize.h>
#include <inner.h>
#include <nlext.h>
#include <nftables.h>
#include <libnftnl/udata.h>
#include <linux/netfilter.h>

int delin_error(struct delin_ctx *dctx, const char *fmt, ...)
{
	va_list ap;

	if (dctx->error)
		return -1;	/* the first reason is the one to report */
	va_start(ap, fmt);
	if (vasprintf(&dctx->error, fmt, ap) < 0)
		memory_allocation_error();
	va_end(ap);
	return -1;
}

/* ---- the register file ------------------------------------------------ */

/* The 32-bit slot a register number starts at; -1 if it is none. */
static int delin_reg_slot(uint32_t reg)
{
	if (reg >= NFT_REG_1 && reg <= NFT_REG_4)
		return (reg - NFT_REG_1) * (NFT_REG_SIZE / NFT_REG32_SIZE);
	if (reg >= NFT_REG32_00 && reg <= NFT_REG32_15)
		return reg - NFT_REG32_00;
	return -1;
}

bool delin_register_valid(uint32_t reg)
{
	return delin_reg_slot(reg) >= 0;
}

static unsigned int delin_expr_slots(const struct expr *expr)
{
	unsigned int n = div_round_up(expr->len, NFT_REG32_SIZE * BITS_PER_BYTE);

	return n ? n : 1;
}

/* Recompute the reg_hton bits from the slots (both register views). */
static void delin_reg_sync_hton(struct delin_ctx *dctx)
{
	uint32_t reg, bits = 0;
	int slot;

	for (reg = NFT_REG_1; reg < 32; reg++) {
		slot = delin_reg_slot(reg);
		if (slot >= 0 && dctx->regs[slot].expr && dctx->regs[slot].hton)
			bits |= 1U << reg;
	}
	dctx->reg_hton = bits;
}

static void delin_reg_clear(struct delin_reg *r)
{
	expr_free(r->expr);
	memset(r, 0, sizeof(*r));
}

/* Drop every value overlapping slots [@first, @first + @n). */
static void delin_reg_invalidate(struct delin_ctx *dctx, unsigned int first,
				 unsigned int n)
{
	unsigned int i;

	for (i = 0; i < DELIN_REG_SLOTS; i++) {
		struct delin_reg *r = &dctx->regs[i];

		if (!r->expr || i + r->nslots <= first || i >= first + n)
			continue;
		if (!r->used)
			delin_error(dctx, "the %s loaded into register %u is overwritten before it is used",
				    expr_name(r->expr), i + NFT_REG32_00);
		delin_reg_clear(r);
	}
}

void delin_set_register(struct delin_ctx *dctx, enum nft_registers reg,
			struct expr *expr)
{
	int slot = delin_reg_slot(reg);
	unsigned int n;

	if (slot < 0) {
		delin_error(dctx, "a value is written to register %u, which is not a data register",
			    reg);
		expr_free(expr);
		return;
	}
	n = delin_expr_slots(expr);
	if (slot + n > DELIN_REG_SLOTS) {
		delin_error(dctx, "a %u bit value does not fit in register %u",
			    expr->len, reg);
		expr_free(expr);
		return;
	}
	/* the load an "inner" expression wrapped (include/inner.h) */
	if (dctx->inner && (expr->etype == EXPR_PAYLOAD ||
			    expr->etype == EXPR_META)) {
		expr->inner = dctx->inner;
		dctx->inner = NULL;
	}
	delin_reg_invalidate(dctx, slot, n);
	dctx->regs[slot].expr = expr;
	dctx->regs[slot].nslots = n;
	delin_reg_sync_hton(dctx);
}

static struct delin_reg *delin_reg_find(struct delin_ctx *dctx,
					enum nft_registers reg)
{
	int slot = delin_reg_slot(reg);

	if (slot < 0 || dctx->regs[slot].expr == NULL)
		return NULL;
	return &dctx->regs[slot];
}

struct expr *delin_get_register(struct delin_ctx *dctx,
				enum nft_registers reg)
{
	struct delin_reg *r = delin_reg_find(dctx, reg);

	if (r == NULL)
		return NULL;
	r->used = true;
	return expr_clone(r->expr);
}

struct expr *delin_take_register(struct delin_ctx *dctx,
				 enum nft_registers reg)
{
	struct delin_reg *r = delin_reg_find(dctx, reg);
	struct expr *expr;

	if (r == NULL)
		return NULL;
	expr = r->expr;
	memset(r, 0, sizeof(*r));
	delin_reg_sync_hton(dctx);
	return expr;
}

bool delin_register_hton(const struct delin_ctx *dctx,
			 enum nft_registers reg)
{
	int slot = delin_reg_slot(reg);

	return slot >= 0 && dctx->regs[slot].expr && dctx->regs[slot].hton;
}

unsigned int delin_take_register_span(struct delin_ctx *dctx,
				      enum nft_registers reg,
				      unsigned int len, struct expr **exprs,
				      unsigned int max)
{
	int first = delin_reg_slot(reg);
	unsigned int want, slot, n = 0, i;

	if (first < 0)
		return 0;
	want = div_round_up(len, NFT_REG32_SIZE * BITS_PER_BYTE);
	if (first + want > DELIN_REG_SLOTS)
		return 0;
	/* check first: nothing is taken from a span that does not fit */
	for (slot = first; slot < first + want; slot += dctx->regs[slot].nslots) {
		if (!dctx->regs[slot].expr || n == max ||
		    slot + dctx->regs[slot].nslots > first + want)
			return 0;
		n++;
	}
	for (slot = first, i = 0; i < n; i++) {
		unsigned int next = slot + dctx->regs[slot].nslots;

		exprs[i] = dctx->regs[slot].expr;
		memset(&dctx->regs[slot], 0, sizeof(dctx->regs[slot]));
		slot = next;
	}
	delin_reg_sync_hton(dctx);
	return n;
}

/* A value nobody read would be lost from the listing. */
static void delin_check_unused(struct delin_ctx *dctx)
{
	unsigned int i;

	for (i = 0; i < DELIN_REG_SLOTS; i++) {
		const struct delin_reg *r = &dctx->regs[i];

		if (r->expr && !r->used)
			delin_error(dctx, "the %s loaded into register %u is never used",
				    expr_name(r->expr), i + NFT_REG32_00);
	}
}

static void delin_regs_free(struct delin_ctx *dctx)
{
	unsigned int i;

	for (i = 0; i < DELIN_REG_SLOTS; i++)
		delin_reg_clear(&dctx->regs[i]);
}

void delin_add_stmt(struct delin_ctx *dctx, struct stmt *stmt)
{
	list_add_tail(&stmt->list, &dctx->rule->stmts);
	dctx->rule->num_stmts++;
}

/* The inverse of linearize_mpz(). */
static void delin_import(mpz_t value, const void *data,
			 enum byteorder byteorder, unsigned int len)
{
	int order = 1;

	if (byteorder == BYTEORDER_HOST_ENDIAN &&
	    __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__)
		order = -1;
	if (len == 0)
		mpz_set_ui(value, 0);
	else
		mpz_import(value, len, order, 1, 0, 0, data);
}

struct expr *delin_data_expr(const void *data, unsigned int len)
{
	struct expr *expr;

	expr = constant_expr_alloc(&internal_location, &integer_type,
				   BYTEORDER_BIG_ENDIAN, len * BITS_PER_BYTE,
				   NULL);
	delin_import(expr->value.value, data, BYTEORDER_BIG_ENDIAN, len);
	return expr;
}

/*
 * A constant compared with (or applied to) @left: it takes the left
 * side's type. @hton: the register was turned big endian, so the data is
 * big endian whatever the left side's own order.
 */
/*
 * A host order value of a type with names that the rule turned big endian
 * (for an ordered compare, for an anonymous set of ranges): 1.1.3 looks
 * its name up by the value's bytes turned around, which finds none but
 * for 0, and lists the number ("meta oiftype >= 772", "fib daddr type
 * { 2, 5, 7-8 }"). Here the value loses its names the same way (where
 * 1.1.3 would find the name of another value, it is a number too).
 */
void delin_hton_unname(struct expr *value)
{
	const struct datatype *dtype = value->dtype;

	if (value->etype == EXPR_VALUE)
		value->flags |= EXPR_F_HTON_VALUE;
	if (value->etype != EXPR_VALUE || value->len <= BITS_PER_BYTE ||
	    !dtype || !dtype->sym_tbl || dtype->basetype != &integer_type ||
	    dtype->byteorder != BYTEORDER_HOST_ENDIAN ||
	    !mpz_sgn(value->value.value))
		return;
	value->dtype = &integer_type;
}

static struct expr *delin_value(const struct expr *left, const void *data,
				unsigned int len, bool hton)
{
	const struct datatype *dtype = left->dtype;
	enum byteorder byteorder = left->byteorder;
	struct expr *expr;

	if (dtype == NULL || dtype->type == TYPE_INVALID)
		dtype = &integer_type;
	if (byteorder == BYTEORDER_INVALID)
		byteorder = BYTEORDER_BIG_ENDIAN;
	expr = constant_expr_alloc(&internal_location, dtype, byteorder,
				   len * BITS_PER_BYTE, NULL);
	delin_import(expr->value.value, data,
		     hton ? BYTEORDER_BIG_ENDIAN : byteorder, len);
	if (hton)
		delin_hton_unname(expr);
	return expr;
}

static const void *delin_get_data(const struct nftnl_expr *nle,
				  uint16_t attr, unsigned int *len)
{
	uint32_t dlen = 0;
	const void *data = nftnl_expr_get(nle, attr, &dlen);

	*len = data ? dlen : 0;
	return data;
}

/*
 * The value a cmp, range, bitwise or byteorder reads from @attr's
 * register; @len: the bytes the expression works on
 * (a value shorter than that would be part of a concatenation).
 */
static struct expr *delin_source(struct delin_ctx *dctx,
				 const struct nftnl_expr *nle, uint16_t attr,
				 unsigned int len, bool *hton)
{
	enum nft_registers reg = nftnl_expr_get_u32(nle, attr);
	const char *name = nftnl_expr_get_str(nle, NFTNL_EXPR_NAME);
	struct delin_reg *r = delin_reg_find(dctx, reg);
	struct expr *expr;

	if (r == NULL) {
		delin_error(dctx, "%s reads register %u, which holds no value we decoded",
			    name, reg);
		return NULL;
	}
	if (len > r->nslots * NFT_REG32_SIZE) {
		delin_error(dctx, "%s works on %u bytes from register %u, more than the %s there (a concatenation)",
			    name, len, reg, expr_name(r->expr));
		return NULL;
	}
	/* a copy: a register may be read again ("cmp gte; cmp lte") */
	*hton = r->hton;
	r->used = true;
	expr = expr_clone(r->expr);
	return expr;
}

/* Number of leading one bits if @mask is a prefix mask of @width bits. */
static int delin_prefix_len(const mpz_t mask, unsigned int width)
{
	unsigned int plen = mpz_popcount(mask);
	mpz_t expect;
	bool ok;

	if (plen > width)
		return -1;
	mpz_init(expect);
	mpz_setbit(expect, width);
	mpz_sub_ui(expect, expect, 1);
	mpz_tdiv_q_2exp(expect, expect, width - plen);
	mpz_mul_2exp(expect, expect, width - plen);
	ok = !mpz_cmp(expect, mask);
	mpz_clear(expect);
	return ok ? (int)plen : -1;
}

static bool delin_is_type(const struct datatype *dtype,
			  const struct datatype *type)
{
	for (; dtype; dtype = dtype->basetype)
		if (dtype == type)
			return true;
	return false;
}

/* (x & prefix mask) == v  is  x == v/len. Takes over @left. */
static struct expr *delin_try_prefix(struct expr **leftp, const void *data,
				     unsigned int len)
{
	struct expr *binop = *leftp, *inner, *value;
	int plen;

	if (binop->etype != EXPR_BINOP || binop->binop.op != OP_AND ||
	    binop->binop.right->etype != EXPR_VALUE)
		return NULL;
	inner = binop->binop.left;
	if (inner->byteorder == BYTEORDER_HOST_ENDIAN ||
	    len * BITS_PER_BYTE != inner->len)
		return NULL;
	/* only an address is matched with a prefix ("ct original ip
	 * saddr 1.0.0.0/8", "0.0.0.0/0"); other values keep their mask
	 * ("ct original proto-src & 65280 == 4608"), as the reference
	 * lists them; header fields are named later (payload_decode.c) */
	if (inner->etype != EXPR_PAYLOAD &&
	    !delin_is_type(inner->dtype, &ipaddr_type) &&
	    !delin_is_type(inner->dtype, &ip6addr_type))
		return NULL;
	plen = delin_prefix_len(binop->binop.right->value.value, inner->len);
	if (plen < 0)
		return NULL;
	value = delin_value(inner, data, len, false);
	*leftp = expr_get(inner);
	expr_free(binop);
	return prefix_expr_alloc(&internal_location, value, plen);
}

static enum ops delin_cmp_op(uint32_t op)
{
	switch (op) {
	case NFT_CMP_NEQ:
		return OP_NEQ;
	case NFT_CMP_LT:
		return OP_LT;
	case NFT_CMP_LTE:
		return OP_LTE;
	case NFT_CMP_GT:
		return OP_GT;
	case NFT_CMP_GTE:
		return OP_GTE;
	default:
		return OP_IMPLICIT;
	}
}

/* "cmp gte low; cmp lte high" on one value is the range low-high. */
static bool delin_merge_range(struct delin_ctx *dctx, struct expr *left,
			      struct expr *high)
{
	struct stmt *prev;
	struct expr *rel;

	if (list_empty(&dctx->rule->stmts))
		return false;
	prev = list_last_entry(&dctx->rule->stmts, struct stmt, list);
	if (prev->type != STMT_EXPRESSION)
		return false;
	rel = prev->expr;
	if (rel->etype != EXPR_RELATIONAL || rel->binop.op != OP_GTE ||
	    rel->binop.right->etype != EXPR_VALUE ||
	    !expr_cmp(rel->binop.left, left))
		return false;
	rel->binop.op = OP_IMPLICIT;
	rel->binop.right = range_expr_alloc(&internal_location,
					    rel->binop.right, high);
	return true;
}

static bool delin_is_string(const struct expr *expr)
{
	const struct datatype *dtype = expr->dtype;

	for (; dtype; dtype = dtype->basetype) {
		if (dtype->type == TYPE_STRING)
			return true;
	}
	return false;
}

/*
 * A compare of fewer bytes than the value holds: on a string, without
 * the NUL that ends a whole name, the prefix wildcard `iifname "eth*"`
 * (a value of the prefix's length, flagged); a value rounded up to whole
 * bytes (sub-byte fields) is not partial. Anything else cannot be
 * printed.
 */
static struct expr *delin_cmp_partial(struct delin_ctx *dctx,
				      const struct expr *left, enum ops op,
				      const void *data, unsigned int len)
{
	unsigned int bytes = div_round_up(left->len, BITS_PER_BYTE);
	struct expr *right;

	if (len == bytes)
		return NULL;	/* whole bytes: not partial */
	/* the first bytes of a big endian value: its prefix ("ct
	 * original ip6 saddr 2001:db8::/32") */
	if (len && len < bytes && !delin_is_string(left) &&
	    left->etype != EXPR_PAYLOAD && left->etype != EXPR_BINOP &&
	    left->byteorder == BYTEORDER_BIG_ENDIAN &&
	    (op == OP_IMPLICIT || op == OP_EQ || op == OP_NEQ) &&
	    bytes <= NFT_REG_SIZE * 4) {
		uint8_t whole[NFT_REG_SIZE * 4] = { 0 };

		memcpy(whole, data, len);
		right = delin_value(left, whole, bytes, false);
		return prefix_expr_alloc(&internal_location, right,
					 len * BITS_PER_BYTE);
	}
	if (len && len < bytes && delin_is_string(left) &&
	    (op == OP_IMPLICIT || op == OP_EQ || op == OP_NEQ) &&
	    ((const uint8_t *)data)[len - 1] != '\0') {
		right = delin_value(left, data, len, false);
		right->flags |= EXPR_F_WILDCARD;
		return right;
	}
	/* the name and its terminating NUL, not the whole key: how
	 * iptables-nft writes "-i docker0" */
	if (len && len < bytes && delin_is_string(left) &&
	    (op == OP_IMPLICIT || op == OP_EQ || op == OP_NEQ) &&
	    memchr(data, '\0', len))
		return delin_value(left, data, len, false);
	delin_error(dctx, "cmp compares %u bytes of the %u byte %s",
		    len, bytes, expr_name(left));
	return NULL;
}

static int delin_cmp(struct delin_ctx *dctx, const struct nftnl_expr *nle)
{
	enum ops op = delin_cmp_op(nftnl_expr_get_u32(nle, NFTNL_EXPR_CMP_OP));
	struct expr *left, *right;
	const void *data;
	unsigned int len;
	bool hton;

	data = delin_get_data(nle, NFTNL_EXPR_CMP_DATA, &len);
	left = delin_source(dctx, nle, NFTNL_EXPR_CMP_SREG, len, &hton);
	if (left == NULL)
		return -1;
	right = NULL;
	if (left->len && len * BITS_PER_BYTE != left->len) {
		right = delin_cmp_partial(dctx, left, op, data, len);
		if (right == NULL) {
			expr_free(left);
			return -1;
		}
	}
	if (right == NULL && (op == OP_IMPLICIT || op == OP_NEQ))
		right = delin_try_prefix(&left, data, len);
	if (right == NULL)
		right = delin_value(left, data, len, hton);
	if (op == OP_LTE && delin_merge_range(dctx, left, right)) {
		expr_free(left);
		return 0;
	}
	delin_add_stmt(dctx, expr_stmt_alloc(&internal_location,
			relational_expr_alloc(&internal_location, op,
					      left, right)));
	return 0;
}

static int delin_range(struct delin_ctx *dctx, const struct nftnl_expr *nle)
{
	uint32_t nlop = nftnl_expr_get_u32(nle, NFTNL_EXPR_RANGE_OP);
	struct expr *left, *low, *high;
	const void *data;
	unsigned int len;
	bool hton;

	data = delin_get_data(nle, NFTNL_EXPR_RANGE_FROM_DATA, &len);
	left = delin_source(dctx, nle, NFTNL_EXPR_RANGE_SREG, len, &hton);
	if (left == NULL)
		return -1;
	low = delin_value(left, data, len, hton);
	data = delin_get_data(nle, NFTNL_EXPR_RANGE_TO_DATA, &len);
	high = delin_value(left, data, len, hton);
	delin_add_stmt(dctx, expr_stmt_alloc(&internal_location,
			relational_expr_alloc(&internal_location,
				nlop == NFT_RANGE_NEQ ? OP_NEQ : OP_IMPLICIT,
				left,
				range_expr_alloc(&internal_location,
						 low, high))));
	return 0;
}

/*
 * (x & mask) ^ xor in general, listed as the system nft does: the bits of
 * xor inside the mask flip ("^"), those outside it are set ("|"), and
 * the mask shown takes the set bits in: "& (mask | out) ^ in | out".
 * Each part is left out when it is empty (all ones for the mask).
 */
static struct expr *delin_bitwise_split(struct expr *left, struct expr *mask,
					struct expr *xor, const mpz_t ones)
{
	struct expr *out = expr_clone(xor), *res = left;

	mpz_and(xor->value.value, xor->value.value, mask->value.value);
	mpz_xor(out->value.value, out->value.value, xor->value.value);
	mpz_ior(mask->value.value, mask->value.value, out->value.value);
	if (mpz_cmp(mask->value.value, ones))
		res = binop_expr_alloc(&internal_location, OP_AND, res, mask);
	else
		expr_free(mask);
	if (mpz_sgn(xor->value.value))
		res = binop_expr_alloc(&internal_location, OP_XOR, res, xor);
	else
		expr_free(xor);
	if (mpz_sgn(out->value.value))
		res = binop_expr_alloc(&internal_location, OP_OR, res, out);
	else
		expr_free(out);
	return res;
}

/* reg = (reg & mask) ^ xor, back into and / or / xor. */
static struct expr *delin_bitwise_expr(struct expr *left, struct expr *mask,
				       struct expr *xor)
{
	unsigned int width = mask->len;
	struct expr *res;
	mpz_t ones, inv;

	mpz_init(ones);
	mpz_init(inv);
	mpz_setbit(ones, width);
	mpz_sub_ui(ones, ones, 1);
	mpz_xor(inv, ones, xor->value.value);
	if (mpz_sgn(xor->value.value) == 0 &&
	    !mpz_cmp(mask->value.value, ones)) {
		res = left;		/* changes nothing: the value itself */
		expr_free(mask);
		expr_free(xor);
	} else if (mpz_sgn(xor->value.value) == 0) {
		res = binop_expr_alloc(&internal_location, OP_AND, left, mask);
		expr_free(xor);
	} else if (!mpz_cmp(mask->value.value, ones)) {
		res = binop_expr_alloc(&internal_location, OP_XOR, left, xor);
		expr_free(mask);
	} else if (!mpz_cmp(mask->value.value, inv)) {
		res = binop_expr_alloc(&internal_location, OP_OR, left, xor);
		expr_free(mask);
	} else {
		res = delin_bitwise_split(left, mask, xor, ones);
	}
	mpz_clear(ones);
	mpz_clear(inv);
	return res;
}

/* reg = reg << n (or >>): a shift by the constant n (src/expr/binop.c). */
static int delin_shift(struct delin_ctx *dctx, const struct nftnl_expr *nle)
{
	uint32_t op = nftnl_expr_get_u32(nle, NFTNL_EXPR_BITWISE_OP);
	uint32_t len = nftnl_expr_get_u32(nle, NFTNL_EXPR_BITWISE_LEN);
	struct expr *left, *bits;
	bool hton;

	if (op != NFT_BITWISE_LSHIFT && op != NFT_BITWISE_RSHIFT)
		return delin_error(dctx, "unknown bitwise operation %u", op);
	left = delin_source(dctx, nle, NFTNL_EXPR_BITWISE_SREG, len, &hton);
	if (left == NULL)
		return -1;
	bits = constant_expr_alloc_u64(&internal_location, &integer_type,
				       BYTEORDER_HOST_ENDIAN, 32,
				       nftnl_expr_get_u32(nle,
						NFTNL_EXPR_BITWISE_DATA));
	delin_set_register(dctx,
			   nftnl_expr_get_u32(nle, NFTNL_EXPR_BITWISE_DREG),
			   binop_expr_alloc(&internal_location,
					    op == NFT_BITWISE_LSHIFT ?
					    OP_LSHIFT : OP_RSHIFT, left, bits));
	return 0;
}

/*
 * reg = reg OP reg2: &, | or ^ of two loaded values, the second source
 * register from the message (include/nlext.h): "meta mark | ct mark".
 */
static int delin_bitwise_regs(struct delin_ctx *dctx,
			      const struct nftnl_expr *nle)
{
	uint32_t op = nftnl_expr_get_u32(nle, NFTNL_EXPR_BITWISE_OP);
	uint32_t len = nftnl_expr_get_u32(nle, NFTNL_EXPR_BITWISE_LEN);
	struct delin_reg *r2 = delin_reg_find(dctx, dctx->sreg2);
	struct expr *left, *res;
	enum ops eop;
	bool hton;

	switch (op) {
	case NFTX_BITWISE_AND:
		eop = OP_AND;
		break;
	case NFTX_BITWISE_OR:
		eop = OP_OR;
		break;
	case NFTX_BITWISE_XOR:
		eop = OP_XOR;
		break;
	default:
		return delin_error(dctx, "unknown bitwise operation %u on two registers",
				   op);
	}
	if (r2 == NULL)
		return delin_error(dctx, "bitwise reads register %u, which holds no value we decoded",
				   dctx->sreg2);
	left = delin_source(dctx, nle, NFTNL_EXPR_BITWISE_SREG, len, &hton);
	if (left == NULL)
		return -1;
	r2->used = true;
	res = binop_expr_alloc(&internal_location, eop, left,
			       expr_clone(r2->expr));
	res->len = len * BITS_PER_BYTE;
	delin_set_register(dctx,
			   nftnl_expr_get_u32(nle, NFTNL_EXPR_BITWISE_DREG),
			   res);
	return 0;
}

static int delin_bitwise(struct delin_ctx *dctx, const struct nftnl_expr *nle)
{
	struct expr *left, *mask, *xor;
	const void *data;
	unsigned int len;
	bool hton;

	if (dctx->sreg2)
		return delin_bitwise_regs(dctx, nle);
	if (nftnl_expr_is_set(nle, NFTNL_EXPR_BITWISE_OP) &&
	    nftnl_expr_get_u32(nle, NFTNL_EXPR_BITWISE_OP) !=
	    NFT_BITWISE_BOOL)
		return delin_shift(dctx, nle);
	data = delin_get_data(nle, NFTNL_EXPR_BITWISE_MASK, &len);
	left = delin_source(dctx, nle, NFTNL_EXPR_BITWISE_SREG, len, &hton);
	if (left == NULL)
		return -1;
	/* a mask wider than a value of one byte: the value widened to a
	 * mark, in host order ("meta mark set ip dscp & 3") */
	if (left->len <= BITS_PER_BYTE && len * BITS_PER_BYTE > left->len)
		left->byteorder = BYTEORDER_HOST_ENDIAN;
	mask = delin_value(left, data, len, hton);
	data = delin_get_data(nle, NFTNL_EXPR_BITWISE_XOR, &len);
	xor = delin_value(left, data, len, hton);
	delin_set_register(dctx,
			   nftnl_expr_get_u32(nle, NFTNL_EXPR_BITWISE_DREG),
			   delin_bitwise_expr(left, mask, xor));
	return 0;
}

/*
 * The hton the relational encoder emits before ordered compares (and
 * before host order values written into big endian ones): the value
 * stays what it was, now big endian. An ntoh turns a big endian value
 * into a mark ("meta mark set ip saddr"): it stays what it was too.
 */
static int delin_byteorder(struct delin_ctx *dctx,
			   const struct nftnl_expr *nle)
{
	uint32_t dreg = nftnl_expr_get_u32(nle, NFTNL_EXPR_BYTEORDER_DREG);
	uint32_t op = nftnl_expr_get_u32(nle, NFTNL_EXPR_BYTEORDER_OP);
	uint32_t len = nftnl_expr_get_u32(nle, NFTNL_EXPR_BYTEORDER_LEN);
	struct expr *expr;
	bool hton;

	if (op != NFT_BYTEORDER_HTON && op != NFT_BYTEORDER_NTOH)
		return delin_error(dctx, "byteorder operation %u", op);
	expr = delin_source(dctx, nle, NFTNL_EXPR_BYTEORDER_SREG, len, &hton);
	if (expr == NULL)
		return -1;
	if (op == NFT_BYTEORDER_NTOH &&
	    expr->byteorder != BYTEORDER_BIG_ENDIAN) {
		expr_free(expr);
		return delin_error(dctx, "byteorder ntoh of a host order value");
	}
	/* what a mask applies to it next is in host order ("meta mark set
	 * tcp dport & 3": ntoh, then & 0x00000003) */
	if (op == NFT_BYTEORDER_NTOH)
		expr->byteorder = BYTEORDER_HOST_ENDIAN;
	delin_set_register(dctx, dreg, expr);
	if (op == NFT_BYTEORDER_HTON && delin_reg_find(dctx, dreg))
		delin_reg_find(dctx, dreg)->hton = true;
	delin_reg_sync_hton(dctx);
	return 0;
}

static int delin_immediate(struct delin_ctx *dctx,
			   const struct nftnl_expr *nle)
{
	uint32_t dreg = nftnl_expr_get_u32(nle, NFTNL_EXPR_IMM_DREG);
	struct expr *chain = NULL;
	const void *data;
	unsigned int len;
	int verdict;

	if (dreg != NFT_REG_VERDICT) {
		data = delin_get_data(nle, NFTNL_EXPR_IMM_DATA, &len);
		delin_set_register(dctx, dreg, delin_data_expr(data, len));
		return 0;
	}
	verdict = (int)nftnl_expr_get_u32(nle, NFTNL_EXPR_IMM_VERDICT);
	if (nftnl_expr_is_set(nle, NFTNL_EXPR_IMM_CHAIN))
		chain = constant_expr_alloc_string(&internal_location,
				&string_type,
				nftnl_expr_get_str(nle, NFTNL_EXPR_IMM_CHAIN),
				0);
	delin_add_stmt(dctx, verdict_stmt_alloc(&internal_location,
			verdict_expr_alloc(&internal_location, verdict,
					   chain)));
	return 0;
}

/*
 * The decode table: netlink expression name -> the decoders that claim
 * it, this file's built-ins first, then the expression kinds, then the
 * statement kinds (expr_ops/stmt_ops with an nl_name), in registry
 * order. Built once; every expression of every listed rule is looked up
 * here, so it is a hash, not a scan of the registries.
 */
typedef int (*delin_decoder)(struct delin_ctx *dctx,
			     const struct nftnl_expr *nle);

#define DELIN_TABLE_SIZE	128	/* power of two, > twice the names */
#define DELIN_CANDIDATES	4

struct delin_entry {
	const char *name;
	unsigned int num;
	delin_decoder decode[DELIN_CANDIDATES];
};

static const struct {
	const char *name;
	delin_decoder decode;
} delin_builtins[] = {
	{ "bitwise",	delin_bitwise },
	{ "byteorder",	delin_byteorder },
	{ "cmp",	delin_cmp },
	{ "immediate",	delin_immediate },
	{ "range",	delin_range },
	{ "target",	xt_stmt_delinearize },	/* "match": src/stmt/xt.c */
};

static struct delin_entry delin_table[DELIN_TABLE_SIZE];
static pthread_once_t delin_table_once = PTHREAD_ONCE_INIT;

static unsigned int delin_hash(const char *name)
{
	unsigned int h = 2166136261u;	/* FNV-1a */

	while (*name)
		h = (h ^ (unsigned char)*name++) * 16777619u;
	return h;
}

static struct delin_entry *delin_slot(const char *name)
{
	unsigned int i = delin_hash(name), n;

	for (n = 0; n < DELIN_TABLE_SIZE; n++, i++) {
		struct delin_entry *e = &delin_table[i % DELIN_TABLE_SIZE];

		if (!e->name || !strcmp(e->name, name))
			return e;
	}
	BUG("decode table full");
}

static void delin_register(const char *name, delin_decoder decode)
{
	struct delin_entry *e = delin_slot(name);

	if (!decode)
		return;
	e->name = name;
	if (e->num == DELIN_CANDIDATES)
		BUG("more than %u decoders for '%s'", DELIN_CANDIDATES, name);
	e->decode[e->num++] = decode;
}

static void delin_table_init(void)
{
	unsigned int i;

	for (i = 0; i < array_size(delin_builtins); i++)
		delin_register(delin_builtins[i].name,
			       delin_builtins[i].decode);
	for (i = 0; expr_ops_registry[i]; i++) {
		if (expr_ops_registry[i]->nl_name)
			delin_register(expr_ops_registry[i]->nl_name,
				       expr_ops_registry[i]->delinearize);
	}
	for (i = 0; stmt_ops_registry[i]; i++) {
		if (stmt_ops_registry[i]->nl_name)
			delin_register(stmt_ops_registry[i]->nl_name,
				       stmt_ops_registry[i]->delinearize);
	}
}

static const struct delin_entry *delin_lookup(const char *name)
{
	const struct delin_entry *e;

	pthread_once(&delin_table_once, delin_table_init);
	e = delin_slot(name);
	return e->name ? e : NULL;
}

/* The expression as `nft --debug=netlink` shows it ("[ meta set mark
 * with reg 1 ]"), for messages. */
static char *delin_expr_text(const struct nftnl_expr *nle, const char *name)
{
	char buf[256];
	size_t len;

	buf[0] = '\0';
	nftnl_expr_snprintf(buf, sizeof(buf), nle, NFTNL_OUTPUT_DEFAULT, 0);
	len = strlen(buf);
	while (len && buf[len - 1] == ' ')
		buf[--len] = '\0';
	return xasprintf("[ %s%s%s ]", name, len ? " " : "", buf);
}

static int delin_unsupported(struct delin_ctx *dctx,
			     const struct nftnl_expr *nle, const char *name,
			     bool known)
{
	char *text = delin_expr_text(nle, name);

	delin_error(dctx, known ?
		    "netlink expression '%s' is not supported in this form: %s" :
		    "netlink expression '%s' is not supported: %s",
		    name, text);
	xfree(text);
	return -1;
}

/*
 * Each decoder claiming the name tries in turn; the first that decodes
 * wins. The reason reported is the first decoder's, if it gave one.
 */
static int delin_expr(struct delin_ctx *dctx, const struct nftnl_expr *nle)
{
	const char *name = nftnl_expr_get_str(nle, NFTNL_EXPR_NAME);
	const struct delin_entry *e;
	char *why = NULL;
	unsigned int i;

	if (!name)
		return delin_error(dctx, "a netlink expression has no name");
	dctx->nle = nle;
	e = delin_lookup(name);
	if (!e)
		return delin_unsupported(dctx, nle, name, false);
	for (i = 0; i < e->num; i++) {
		if (e->decode[i](dctx, nle) == 0) {
			xfree(why);
			return 0;
		}
		if (!why)
			why = dctx->error;
		else
			xfree(dctx->error);
		dctx->error = NULL;
	}
	if (why) {
		dctx->error = why;
		return -1;
	}
	return delin_unsupported(dctx, nle, name, true);
}

struct udata_comment {
	char *comment;
};

static int rule_udata_cb(const struct nftnl_udata *attr, void *data)
{
	struct udata_comment *res = data;
	const char *value = nftnl_udata_get(attr);
	uint8_t len = nftnl_udata_len(attr);

	if (nftnl_udata_type(attr) != NFTNL_UDATA_RULE_COMMENT)
		return 0;
	/* only a NUL terminated string is a comment we wrote */
	if (len == 0 || value[len - 1] != '\0')
		return -1;
	xfree(res->comment);
	res->comment = xstrdup(value);
	return 0;
}

/* The comment (or NULL); -1 if the user data is malformed. */
static int delin_comment(const struct nftnl_rule *nlr, char **comment)
{
	struct udata_comment res = { NULL };
	const void *data;
	uint32_t len = 0;

	*comment = NULL;
	if (!nftnl_rule_is_set(nlr, NFTNL_RULE_USERDATA))
		return 0;
	data = nftnl_rule_get_data(nlr, NFTNL_RULE_USERDATA, &len);
	if (data == NULL || udata_parse(data, len, rule_udata_cb,
					      &res) < 0) {
		xfree(res.comment);
		return -1;
	}
	*comment = res.comment;
	return 0;
}

char *rule_comment_from_udata(const struct nftnl_rule *nlr)
{
	char *comment;

	delin_comment(nlr, &comment);
	return comment;
}

static void delin_rule_handle(struct rule *rule, uint32_t family,
			      const struct nftnl_rule *nlr)
{
	rule->handle.family = family;
	if (nftnl_rule_is_set(nlr, NFTNL_RULE_TABLE))
		rule->handle.table.name =
			xstrdup(nftnl_rule_get_str(nlr, NFTNL_RULE_TABLE));
	if (nftnl_rule_is_set(nlr, NFTNL_RULE_CHAIN))
		rule->handle.chain.name =
			xstrdup(nftnl_rule_get_str(nlr, NFTNL_RULE_CHAIN));
	if (nftnl_rule_is_set(nlr, NFTNL_RULE_HANDLE))
		rule->handle.handle.id =
			nftnl_rule_get_u64(nlr, NFTNL_RULE_HANDLE);
	if (nftnl_rule_is_set(nlr, NFTNL_RULE_POSITION))
		rule->handle.position.id =
			nftnl_rule_get_u64(nlr, NFTNL_RULE_POSITION);
}

/* Whether expression @n of the message was wrapped in an "inner" one:
 * the tunnel its load reads (delin_set_register() gives it). */
static int delin_inner_mark(struct delin_ctx *dctx, unsigned int n)
{
	const struct nle_ext *x = nle_ext_at(dctx->exts, n);

	dctx->inner = x ? x->inner : NULL;
	dctx->sreg2 = x ? x->sreg2 : 0;
	if (x && x->inner_unknown)
		return delin_error(dctx, "an inner expression of a tunnel this nft does not know");
	return 0;
}

static int delin_rule_exprs(struct delin_ctx *dctx,
			    const struct nftnl_rule *nlr)
{
	struct nftnl_expr_iter *iter;
	struct nftnl_expr *nle;
	unsigned int n = 0;
	int ret = 0;

	iter = nftnl_expr_iter_create(nlr);
	if (iter == NULL)
		memory_allocation_error();
	while (ret == 0 && !dctx->error &&
	       (nle = nftnl_expr_iter_next(iter)) != NULL) {
		ret = delin_inner_mark(dctx, n++);
		if (ret == 0)
			ret = delin_expr(dctx, nle);
		if (ret == 0 && dctx->inner)
			ret = delin_error(dctx, "an inner expression wraps a %s expression, which loads nothing from the packet",
					  nftnl_expr_get_str(nle,
							     NFTNL_EXPR_NAME));
	}
	if (ret < 0 && !dctx->error)
		delin_error(dctx, "a netlink expression cannot be decoded");
	nftnl_expr_iter_destroy(iter);
	return ret;
}

struct rule *delinearize_rule_why(struct nft_ctx *nft, uint32_t family,
				  const struct nftnl_rule *nlr, char **why)
{
	struct handle h;
	struct delin_ctx dctx;

	/* an empty handle: rule_alloc() may copy it or take it over */
	memset(&h, 0, sizeof(h));
	memset(&dctx, 0, sizeof(dctx));
	dctx.nft = nft;
	dctx.family = family;
	dctx.rule = rule_alloc(&internal_location, &h);
	delin_rule_handle(dctx.rule, family, nlr);
	dctx.table = dctx.rule->handle.table.name;
	proto_ctx_init(&dctx.pctx, family);
	if (nft && nft->nle_exts_nlr == nlr)
		dctx.exts = nft->nle_exts;

	*why = NULL;
	if (delin_rule_exprs(&dctx, nlr) == 0)
		delin_check_unused(&dctx);
	delin_regs_free(&dctx);
	if (!dctx.error)
		delin_postprocess(&dctx);
	if (!dctx.error)
		delin_check_printable(&dctx);
	if (!dctx.error && delin_comment(nlr, &dctx.rule->comment) < 0)
		delin_error(&dctx, "its user data (the comment) is malformed");
	if (dctx.error) {
		*why = dctx.error;
		rule_free(dctx.rule);
		return NULL;
	}
	return dctx.rule;
}

struct rule *delinearize_rule(struct nft_ctx *nft, uint32_t family,
			      const struct nftnl_rule *nlr)
{
	FILE *fp = nft && nft->octx.error_fp ? nft->octx.error_fp : stderr;
	struct rule *rule;
	char *why;

	rule = delinearize_rule_why(nft, family, nlr, &why);
	if (!rule) {
		fprintf(fp, "Warning: cannot list a rule: %s\n", why);
		xfree(why);
	}
	return rule;
}
