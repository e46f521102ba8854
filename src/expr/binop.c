/*
 * Binary operations on a loaded value: "meta mark & 0x0f". The bitwise
 * and/or/xor with a constant, which the kernel's bitwise expression does
 * as reg = (reg & mask) ^ xor, and shifts by a constant number of bits
 * (its shift operations).
 */
#include <json.h>
#include <expr.h>
#include <evaluate.h>
#include <linearize.h>
#include <nftables.h>
#include <nlext.h>
#include "payload_int.h"
#include <libnftnl/expr.h>

/*
 * "a | b | c | ..." parses into a chain down the left operands as long
 * as the input: free that spine in a loop, so that a hostile chain
 * (which evaluation rejects) cannot overflow the stack here.
 */
static void binop_expr_destroy(struct expr *expr)
{
	struct expr *left = expr->binop.left, *next;

	expr_free(expr->binop.right);
	while (left && left->ops == expr->ops && left->refcnt == 1) {
		next = left->binop.left;
		left->binop.left = NULL;
		expr_free(left);
		left = next;
	}
	expr_free(left);
}

static void binop_expr_clone(struct expr *dst, const struct expr *src)
{
	dst->binop.op = src->binop.op;
	dst->binop.left = expr_clone(src->binop.left);
	dst->binop.right = expr_clone(src->binop.right);
}

static bool binop_expr_cmp(const struct expr *a, const struct expr *b)
{
	return a->binop.op == b->binop.op &&
	       expr_cmp(a->binop.left, b->binop.left) &&
	       expr_cmp(a->binop.right, b->binop.right);
}

/* C's binding order: shifts, then &, then ^, then |. */
unsigned int binop_prec(enum ops op)
{
	switch (op) {
	case OP_LSHIFT:
	case OP_RSHIFT:
		return 4;
	case OP_AND:
		return 3;
	case OP_XOR:
		return 2;
	default:
		return 1;
	}
}

/* A mask of several flags: "ct state & (established | related)". A left
 * side that binds looser than the operator keeps its parentheses ("(meta
 * mark | 0x10) << 8"), as 1.1.3 lists it; the right is a constant. */
static void binop_expr_print(const struct expr *expr, struct output_ctx *octx)
{
	const struct expr *left = expr->binop.left;
	bool parens = left->etype == EXPR_BINOP &&
		      binop_prec(left->binop.op) < binop_prec(expr->binop.op);

	if (parens)
		nft_print(octx, "(");
	expr_print(left, octx);
	if (parens)
		nft_print(octx, ")");
	nft_print(octx, " %s ", op_token(expr->binop.op));
	if (!datatype_print_flags_or(expr->binop.right, octx, true))
		expr_print(expr->binop.right, octx);
}

/* The operands of a chain of one operator, as 1.1.3 writes them: one
 * array ({"|": [meta mark, ct mark, 16]} for "meta mark | ct mark |
 * 0x10", also where parentheses grouped them on the right). */
static void binop_json_operands(json_t *array, const struct expr *e,
				enum ops op, struct output_ctx *octx)
{
	json_t *right;

	if (e->etype != EXPR_BINOP || e->binop.op != op) {
		json_array_append_new(array, expr_json(e, octx));
		return;
	}
	binop_json_operands(array, e->binop.left, op, octx);
	right = datatype_json_flags_or(e->binop.right, octx);
	if (right)
		json_array_append_new(array, right);
	else
		binop_json_operands(array, e->binop.right, op, octx);
}

static json_t *binop_expr_json(const struct expr *expr, struct output_ctx *octx)
{
	json_t *operands = json_array();

	if (!operands)
		memory_allocation_error();
	binop_json_operands(operands, expr, expr->binop.op, octx);
	return json_wrap(op_token(expr->binop.op), operands);
}

/* {"|": ["established", "related"]} is one value of flags. */
static struct expr *binop_fold(struct expr *op)
{
	struct expr *left = op->binop.left, *right = op->binop.right, *res;

	res = constant_expr_alloc_mpz(&op->location, left->dtype,
				      left->byteorder, left->len,
				      left->value.value);
	switch (op->binop.op) {
	case OP_AND:
		mpz_and(res->value.value, left->value.value, right->value.value);
		break;
	case OP_OR:
		mpz_ior(res->value.value, left->value.value, right->value.value);
		break;
	case OP_LSHIFT:
		mpz_mul_2exp(res->value.value, left->value.value,
			     mpz_get_ui(right->value.value));
		mpz_fdiv_r_2exp(res->value.value, res->value.value, res->len);
		break;
	case OP_RSHIFT:
		mpz_fdiv_q_2exp(res->value.value, left->value.value,
				mpz_get_ui(right->value.value));
		break;
	default:
		mpz_xor(res->value.value, left->value.value, right->value.value);
		break;
	}
	expr_free(op);
	return res;
}

static bool binop_is_shift(enum ops op)
{
	return op == OP_LSHIFT || op == OP_RSHIFT;
}

/*
 * The kernel shifts 32 bit words in host byte order: a value of one
 * byte, or in host order, shifts as it is; a big endian field of more
 * would need a byte order conversion first, which is not done yet.
 */
/* As 1.1.3 words it, the left side underlined. */
static int binop_shift_too_far(struct eval_ctx *ectx, const struct expr *op,
			       unsigned int width)
{
	struct error_record *erec;

	erec = erec_create(EREC_ERROR, &op->binop.right->location,
			   "%s shift of %lu bits is undefined for type of %u bits width",
			   op->binop.op == OP_LSHIFT ? "Left" : "Right",
			   mpz_get_ui(op->binop.right->value.value), width);
	erec_add_location(erec, &op->binop.left->location);
	erec_queue(erec, ectx->msgs);
	return -1;
}

static int binop_shift_check(struct eval_ctx *ectx, const struct expr *op)
{
	const struct expr *left = op->binop.left, *right = op->binop.right;

	if (mpz_cmp_ui(right->value.value, left->len) >= 0)
		return binop_shift_too_far(ectx, op, left->len);
	if (left->byteorder == BYTEORDER_BIG_ENDIAN &&
	    left->len > BITS_PER_BYTE)
		return expr_error(ectx, op,
				  "shifting a big endian value of more than one byte is not supported");
	return 0;
}

/* A shift takes a number of bits, not a value of the left side's type. */
static int binop_evaluate_right(struct eval_ctx *ectx, struct expr *op)
{
	struct eval_type saved;
	int ret;

	if (!binop_is_shift(op->binop.op))
		return expr_evaluate_like(ectx, &op->binop.right,
					  op->binop.left);
	eval_type_push(ectx, &saved, &integer_type, BYTEORDER_HOST_ENDIAN, 32);
	ret = expr_evaluate(ectx, &op->binop.right);
	eval_type_pop(ectx, &saved);
	return ret;
}

/*
 * The reference evaluates at most 16 binary operations inside each
 * other ("meta mark | 1 | 2 ... | 0x8000" is one too many) and points at
 * what the 16th operates on.
 */
#define BINOP_MAX_DEPTH	16

static int binop_evaluate_nested(struct eval_ctx *ectx, struct expr **exprp);
static bool binop_is_mask(const struct expr *e);

/* Constants operated on ("(3 | 4)"), before evaluation. */
static bool binop_is_constant(const struct expr *e)
{
	if (e->etype == EXPR_BINOP)
		return binop_is_constant(e->binop.left) &&
		       binop_is_constant(e->binop.right);
	return e->etype == EXPR_SYMBOL || e->etype == EXPR_VALUE;
}

/*
 * A field narrower than its bytes that spans several is turned host
 * order before it is shifted down (payload_key_linearize()): what
 * operates on it and what it is compared with are host order values of
 * its bytes ("frag frag-off & 0x1fff == 300": & 0x00001fff, cmp
 * 0x0000012c).
 */
static void binop_field_host(struct expr *op)
{
	const struct expr *base = op->binop.left;
	struct expr *load;
	unsigned int shift;

	while (binop_is_mask(base))
		base = base->binop.left;
	load = field_masked_load(base, &shift);
	if (!load)
		return;
	if (shift && load->len > BITS_PER_BYTE) {
		op->byteorder = BYTEORDER_HOST_ENDIAN;
		op->len = load->len;
	}
	expr_free(load);
}

static int binop_expr_evaluate(struct eval_ctx *ectx, struct expr **exprp)
{
	int ret;

	if ((*exprp)->flags & EXPR_F_FLAGS_LIST)
		return binop_evaluate_nested(ectx, exprp);
	if (ectx->binop_depth + 1 >= BINOP_MAX_DEPTH)
		return expr_error(ectx, (*exprp)->binop.left,
				  "Binary operation limit %u reached ",
				  BINOP_MAX_DEPTH);
	ectx->binop_depth++;
	ret = binop_evaluate_nested(ectx, exprp);
	ectx->binop_depth--;
	return ret;
}

/* "3 | meta mark": a constant before a load of &, | or ^ goes after
 * it, as 1.1.3 takes it (and lists it: "meta mark | 0x00000003") */
static void binop_constant_last(struct expr *op)
{
	struct expr *l = op->binop.left, *r = op->binop.right;

	if ((op->binop.op != OP_AND && op->binop.op != OP_OR &&
	     op->binop.op != OP_XOR) ||
	    (l->etype != EXPR_SYMBOL && l->etype != EXPR_VALUE &&
	     !(l->etype == EXPR_BINOP && l->flags & EXPR_F_PARENS &&
	       binop_is_constant(l))) ||
	    r->etype == EXPR_SYMBOL || r->etype == EXPR_VALUE ||
	    r->etype == EXPR_VARIABLE || r->etype == EXPR_BINOP)
		return;
	op->binop.left = r;
	op->binop.right = l;
}

static const struct datatype *binop_root_type(const struct datatype *d)
{
	while (d->basetype)
		d = d->basetype;
	return d;
}

/*
 * The byte order of a loaded operand in its register: a field narrower
 * than its bytes is shifted down and turned host order
 * (linearize_value_ntoh()), a value of one byte has none.
 */
static enum byteorder binop_load_order(const struct expr *e)
{
	unsigned int start, len, shift;

	if (e->len <= BITS_PER_BYTE)
		return BYTEORDER_HOST_ENDIAN;
	if (e->etype == EXPR_PAYLOAD && payload_expr_needs_mask(e)) {
		payload_field_span(e, &start, &len, &shift);
		if (shift)
			return BYTEORDER_HOST_ENDIAN;
	}
	return e->byteorder;
}

/*
 * &, | or ^ of two loaded values ("meta mark set meta mark | ct mark"):
 * the kernel's bitwise reads the second from a register of its own
 * (Linux 6.13). The result has the left's byte order and the width of
 * what it is for (a mark from "ip dscp | meta mark" is 32 bits), as
 * 1.1.3 encodes it.
 */
static int binop_evaluate_loads(struct eval_ctx *ectx, struct expr *op)
{
	struct expr *left = op->binop.left, *right = op->binop.right;
	struct error_record *erec;

	if (binop_is_shift(op->binop.op)) {
		erec = erec_create(EREC_ERROR, &right->location,
				   "Right hand side of binary operation (%s) must be constant",
				   op_token(op->binop.op));
		erec_add_location(erec, &op->location);
		erec_queue(erec, ectx->msgs);
		return -1;
	}
	if (right->ops->linearize == NULL)
		return expr_error(ectx, right,
				  "Right hand side of binary operation must be constant");
	if (binop_root_type(left->dtype) != binop_root_type(right->dtype)) {
		erec = erec_create(EREC_ERROR, &left->location,
				   "Binary operation (%s) with different base types (%s vs %s) is not supported",
				   op_token(op->binop.op),
				   binop_root_type(left->dtype)->name,
				   binop_root_type(right->dtype)->name);
		erec_add_location(erec, &op->location);
		erec_queue(erec, ectx->msgs);
		return -1;
	}
	op->dtype = left->dtype;
	op->byteorder = binop_load_order(left);
	op->len = ectx->ectx_len > left->len ? ectx->ectx_len : left->len;
	return 0;
}

/*
 * A load shifted for a mark ("meta mark set tcp dport >> 1", "ct mark
 * set ip ttl << 8"): 1.1.3 turns it into the mark's bits in host order
 * first and shifts those, so it may shift by up to the mark's width.
 */
static bool binop_shift_widens(const struct eval_ctx *ectx,
			       const struct expr *op)
{
	const struct expr *left = op->binop.left;

	/* masks first ("(tcp dport & 0xff) << 4") mask the mark's bits */
	while (binop_is_mask(left))
		left = left->binop.left;
	return binop_is_shift(op->binop.op) && ectx->ectx_dtype &&
	       ectx->ectx_dtype->type == TYPE_MARK &&
	       left->etype != EXPR_VALUE && left->etype != EXPR_BINOP &&
	       left->ops->linearize &&
	       (ectx->ectx_len > left->len ||
		binop_load_order(left) != BYTEORDER_HOST_ENDIAN);
}

static int binop_evaluate_widened(struct eval_ctx *ectx, struct expr *op)
{
	unsigned int width = ectx->ectx_len > op->binop.left->len ?
			     ectx->ectx_len : op->binop.left->len;

	if (mpz_cmp_ui(op->binop.right->value.value, width) >= 0)
		return binop_shift_too_far(ectx, op, width);
	op->dtype = &integer_type;
	op->byteorder = BYTEORDER_HOST_ENDIAN;
	op->len = width;
	return 0;
}

static int binop_evaluate_nested(struct eval_ctx *ectx, struct expr **exprp)
{
	struct expr *op = *exprp, *left;

	binop_constant_last(op);
	if (expr_evaluate(ectx, &op->binop.left) < 0)
		return -1;
	left = op->binop.left;
	/* a field narrower than its bytes is operated on as its value,
	 * loaded masked and shifted down (payload_key_linearize()) */
	/* JSON {"&": [{"range": ...}, 255]}: no one value to operate on */
	if (left->ops->linearize == NULL)
		return expr_error(ectx, left,
				  "a %s cannot be the left side of a binary operation",
				  expr_name(left));
	if (binop_evaluate_right(ectx, op) < 0)
		return -1;
	if (op->binop.right->etype != EXPR_VALUE && left->etype != EXPR_VALUE)
		return binop_evaluate_loads(ectx, op);
	if (op->binop.right->etype != EXPR_VALUE)
		return expr_error(ectx, op->binop.right,
				  "Right hand side of binary operation must be constant");
	if (!binop_is_shift(op->binop.op) &&
	    expr_check_value_max(ectx, left, op->binop.right) < 0)
		return -1;
	if (op->binop.op != OP_AND && op->binop.op != OP_OR &&
	    op->binop.op != OP_XOR && !binop_is_shift(op->binop.op))
		return expr_error(ectx, op, "Unsupported binary operation");
	if (binop_is_shift(op->binop.op) &&
	    mpz_cmp_ui(op->binop.right->value.value, 128) > 0)
		return expr_error(ectx, op->binop.right,
				  "shifts are by at most 128 bits");
	if (binop_shift_widens(ectx, op))
		return binop_evaluate_widened(ectx, op);
	if (binop_is_shift(op->binop.op) && left->etype != EXPR_VALUE &&
	    binop_shift_check(ectx, op) < 0)
		return -1;
	op->dtype = left->dtype;
	op->byteorder = left->byteorder;
	op->len = left->len;
	/* a shifted load is a number to 1.1.3 ("counter name meta mark >>
	 * 8": "expression has type integer") */
	if (binop_is_shift(op->binop.op) && left->etype != EXPR_VALUE)
		op->dtype = &integer_type;
	if (left->etype == EXPR_VALUE)
		*exprp = binop_fold(op);
	else if (!binop_is_shift(op->binop.op))
		binop_field_host(op);
	return 0;
}

static void binop_load_linearize(struct lin_ctx *lctx, const struct expr *e,
				 enum nft_registers reg, enum byteorder order);

/* The masks of the chain @e on its base's value widened to @len bits in
 * host order: one bitwise of the mark's width. */
static void binop_linearize_host_masks(struct lin_ctx *lctx,
				       const struct expr *e,
				       enum nft_registers reg, unsigned int len)
{
	unsigned char mask[NFT_REG_SIZE], xor[NFT_REG_SIZE];
	unsigned int bytes = div_round_up(len, BITS_PER_BYTE);
	mpz_t m, x;

	if (bytes > NFT_REG_SIZE)
		BUG("a mask chain of %u bytes widened", bytes);
	mpz_init(m);
	mpz_init(x);
	binop_mask_chain(e, len, m, x);
	linearize_mpz(mask, m, BYTEORDER_HOST_ENDIAN, bytes);
	linearize_mpz(xor, x, BYTEORDER_HOST_ENDIAN, bytes);
	mpz_clear(m);
	mpz_clear(x);
	lin_bitwise(lctx, reg, mask, xor, bytes);
}

/* reg = reg << n (or >>): the bitwise expression's shift ops; a load
 * widened for a mark (binop_shift_widens()) in host order first. */
static void binop_linearize_shift(struct lin_ctx *lctx,
				  const struct expr *expr,
				  enum nft_registers dreg)
{
	const struct expr *left = expr->binop.left, *base = left;
	unsigned int len = left->len;

	while (binop_is_mask(base))
		base = base->binop.left;
	if (base->etype != EXPR_VALUE && base->etype != EXPR_BINOP &&
	    expr->byteorder == BYTEORDER_HOST_ENDIAN &&
	    (expr->len > base->len ||
	     binop_load_order(base) != BYTEORDER_HOST_ENDIAN)) {
		binop_load_linearize(lctx, base, dreg, BYTEORDER_HOST_ENDIAN);
		len = expr->len;
		if (base != left)
			binop_linearize_host_masks(lctx, left, dreg, len);
	} else {
		linearize_expr(lctx, left, dreg);
	}
	lin_shift(lctx, dreg,
		  expr->binop.op == OP_LSHIFT ? NFT_BITWISE_LSHIFT :
						NFT_BITWISE_RSHIFT,
		  mpz_get_ui(expr->binop.right->value.value),
		  div_round_up(len, BITS_PER_BYTE));
}

/* The bytes a loaded operand takes in its register. */
static unsigned int binop_load_bytes(const struct expr *e)
{
	unsigned int start, len, shift;

	if (e->etype == EXPR_PAYLOAD && payload_expr_needs_mask(e)) {
		payload_field_span(e, &start, &len, &shift);
		return len / BITS_PER_BYTE;
	}
	return div_round_up(e->len, BITS_PER_BYTE);
}

/* An operand of an operation on two loads into @reg, as its value
 * (binop_load_order()), turned to @order ("meta mark | ip saddr": ntoh
 * of the address first; "ip saddr | meta mark": hton of the mark). */
static void binop_load_linearize(struct lin_ctx *lctx, const struct expr *e,
				 enum nft_registers reg, enum byteorder order)
{
	unsigned int bytes = binop_load_bytes(e), start, len, shift;
	enum byteorder own = binop_load_order(e);

	if (own != order && order == BYTEORDER_HOST_ENDIAN) {
		linearize_value_ntoh(lctx, e, reg, lin_byteorder_size(bytes));
		return;
	}
	if (e->etype == EXPR_PAYLOAD && payload_expr_needs_mask(e)) {
		payload_field_span(e, &start, &len, &shift);
		if (shift) {
			linearize_value_ntoh(lctx, e, reg, 0);
			return;
		}
	}
	linearize_expr(lctx, e, reg);
	if (own != order && bytes > 1)
		lin_hton(lctx, reg, bytes);
}

/* reg = reg OP reg2: the kernel's bitwise on two registers. */
static void binop_linearize_loads(struct lin_ctx *lctx,
				  const struct expr *expr,
				  enum nft_registers dreg)
{
	const struct expr *left = expr->binop.left, *right = expr->binop.right;
	enum nft_registers reg2;

	binop_load_linearize(lctx, left, dreg, binop_load_order(left));
	reg2 = lin_get_register(lctx, right->len);
	binop_load_linearize(lctx, right, reg2, expr->byteorder);
	lin_bitwise_regs(lctx, dreg, reg2,
			 expr->binop.op == OP_AND ? NFTX_BITWISE_AND :
			 expr->binop.op == OP_OR ? NFTX_BITWISE_OR :
						   NFTX_BITWISE_XOR,
			 div_round_up(expr->len, BITS_PER_BYTE));
	lin_put_register(lctx, reg2);
}

/* One constant &, | or ^ on top of (value & *m) ^ *x: still one mask
 * and one xor, as the kernel's bitwise computes them. */
static void binop_compose(mpz_t m, mpz_t x, const struct expr *e,
			  const mpz_t ones)
{
	const mpz_srcptr c = e->binop.right->value.value;
	mpz_t notc;

	switch (e->binop.op) {
	case OP_AND:
		mpz_and(m, m, c);
		mpz_and(x, x, c);
		break;
	case OP_OR:			/* y | c == (y & ~c) ^ c */
		mpz_init(notc);
		mpz_xor(notc, ones, c);
		mpz_and(m, m, notc);
		mpz_and(x, x, notc);
		mpz_ior(x, x, c);
		mpz_clear(notc);
		break;
	default:			/* OP_XOR */
		mpz_xor(x, x, c);
		break;
	}
}

static bool binop_is_mask(const struct expr *e)
{
	return e->etype == EXPR_BINOP && !binop_is_shift(e->binop.op) &&
	       e->binop.right->etype == EXPR_VALUE;
}

const struct expr *binop_mask_chain(const struct expr *e, unsigned int len,
				    mpz_t m, mpz_t x)
{
	const struct expr *base;
	mpz_t ones;

	if (!binop_is_mask(e)) {
		mpz_set_ui(m, 0);
		mpz_setbit(m, len);
		mpz_sub_ui(m, m, 1);
		mpz_set_ui(x, 0);
		return e;
	}
	base = binop_mask_chain(e->binop.left, len, m, x);
	mpz_init(ones);
	mpz_setbit(ones, len);
	mpz_sub_ui(ones, ones, 1);
	binop_compose(m, x, e, ones);
	mpz_clear(ones);
	return base;
}

/*
 * The chain's base: how many bits its value has for the chain (a field
 * narrower than its bytes, shifted down, counts the bits from its first
 * to the end of its bytes: "vlan dei | 0" is & 0x1f, as the reference
 * encodes it), and its masked load where that is merged into the chain
 * (a field that ends with its bytes needs no shift: "vlan id & 0xff" is
 * one & 0x00ff, as to the reference). Returns the load or NULL.
 */
static struct expr *binop_base_load(const struct expr *base,
				    unsigned int *bits)
{
	unsigned int shift;
	struct expr *load = field_masked_load(base, &shift);

	if (!load)
		return NULL;
	if (shift == 0)
		return load;
	*bits = base->len + shift;
	expr_free(load);
	return NULL;
}

/*
 * A chain of constant masks ("meta mark & 0xffff0000 | 0x1") is one
 * bitwise expression, as the system nft encodes it: the kernel's
 * (value & mask) ^ xor composes any number of &, | and ^.
 */
static void binop_expr_linearize(struct lin_ctx *lctx, const struct expr *expr,
				 enum nft_registers dreg)
{
	unsigned int len = div_round_up(expr->binop.left->len, BITS_PER_BYTE);
	unsigned char mask[NFT_REG_SIZE * 4], xor[NFT_REG_SIZE * 4];
	unsigned int bits = len * BITS_PER_BYTE;
	const struct expr *base = expr;
	enum byteorder order;
	struct expr *load;
	mpz_t m, x;

	if (binop_is_shift(expr->binop.op)) {
		binop_linearize_shift(lctx, expr, dreg);
		return;
	}
	if (expr->binop.right->etype != EXPR_VALUE) {
		binop_linearize_loads(lctx, expr, dreg);
		return;
	}
	while (binop_is_mask(base))
		base = base->binop.left;
	load = binop_base_load(base, &bits);
	order = base->byteorder;
	mpz_init(m);
	mpz_init(x);
	/* a field turned host order (binop_field_host()) */
	if (expr->byteorder == BYTEORDER_HOST_ENDIAN &&
	    base->byteorder == BYTEORDER_BIG_ENDIAN && !load) {
		len = div_round_up(expr->len, BITS_PER_BYTE);
		order = BYTEORDER_HOST_ENDIAN;
	}
	base = binop_mask_chain(expr, bits, m, x);
	if (load)
		mpz_and(m, m, load->binop.right->value.value);
	linearize_mpz(mask, m, order, len);
	linearize_mpz(xor, x, order, len);
	mpz_clear(m);
	mpz_clear(x);

	linearize_expr(lctx, load ? load->binop.left : base, dreg);
	lin_bitwise(lctx, dreg, mask, xor, len);
	expr_free(load);
}

const struct expr_ops binop_expr_ops = {
	.type		= EXPR_BINOP,
	.name		= "binop",
	.destroy	= binop_expr_destroy,
	.clone		= binop_expr_clone,
	.cmp		= binop_expr_cmp,
	.print		= binop_expr_print,
	.json		= binop_expr_json,
	.evaluate	= binop_expr_evaluate,
	.linearize	= binop_expr_linearize,
};

struct expr *binop_expr_alloc(const struct location *loc, enum ops op,
			      struct expr *left, struct expr *right)
{
	struct expr *expr;

	expr = expr_alloc(loc, &binop_expr_ops, left->dtype, left->byteorder,
			  left->len);
	expr->binop.op = op;
	expr->binop.left = left;
	expr->binop.right = right;
	return expr;
}
