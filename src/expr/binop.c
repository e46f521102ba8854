/*
 * Binary operations on a loaded value: "meta mark & 0x0f". The bitwise
 * and/or/xor with a constant, which the kernel's bitwise expression does
 * as reg = (reg & mask) ^ xor, and shifts by a constant number of bits
 * (its shift operations). Operations on constants are folded: "syn |
 * ack" is one value.
 */
#include <json.h>
#include <expr.h>
#include <evaluate.h>
#include <linearize.h>
#include <nftables.h>
#include <libnftnl/expr.h>

static void binop_expr_destroy(struct expr *expr)
{
	expr_free(expr->binop.left);
	expr_free(expr->binop.right);
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

/* "tcp flags & (syn | ack)": an operand that is itself another
 * operation is bracketed. */
static void binop_print_operand(const struct expr *expr,
				const struct expr *operand,
				struct output_ctx *octx)
{
	bool paren = operand->etype == EXPR_BINOP &&
		     operand->binop.op != expr->binop.op;

	nft_print(octx, "%s", paren ? "(" : "");
	expr_print(operand, octx);
	nft_print(octx, "%s", paren ? ")" : "");
}

static void binop_expr_print(const struct expr *expr, struct output_ctx *octx)
{
	binop_print_operand(expr, expr->binop.left, octx);
	nft_print(octx, " %s ", op_token(expr->binop.op));
	binop_print_operand(expr, expr->binop.right, octx);
}

/* "syn | ack | fin" is one array: {"|": ["syn", "ack", "fin"]}. */
static void binop_json_operands(const struct expr *expr, enum ops op,
				json_t *arr, struct output_ctx *octx)
{
	if (expr->etype == EXPR_BINOP && expr->binop.op == op &&
	    op == OP_OR) {
		binop_json_operands(expr->binop.left, op, arr, octx);
		binop_json_operands(expr->binop.right, op, arr, octx);
		return;
	}
	json_array_append_new(arr, expr_json(expr, octx));
}

static json_t *binop_expr_json(const struct expr *expr, struct output_ctx *octx)
{
	json_t *arr;

	if (expr->binop.op != OP_OR)
		return json_wrap(op_token(expr->binop.op),
				 json_array2(expr_json(expr->binop.left, octx),
					     expr_json(expr->binop.right,
						       octx)));
	arr = json_array();
	binop_json_operands(expr, expr->binop.op, arr, octx);
	return json_wrap(op_token(expr->binop.op), arr);
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
static int binop_shift_check(struct eval_ctx *ectx, const struct expr *op)
{
	const struct expr *left = op->binop.left, *right = op->binop.right;

	if (mpz_cmp_ui(right->value.value, left->len) >= 0)
		return expr_error(ectx, right,
				  "a %u bit value shifts by at most %u bits",
				  left->len, left->len - 1);
	if (left->byteorder == BYTEORDER_BIG_ENDIAN &&
	    left->len > BITS_PER_BYTE)
		return expr_error(ectx, op,
				  "shifting a big endian value of more than one byte is not supported");
	return 0;
}

/* "syn | ack" on constants: one value, of the left one's type. */
static int binop_fold(struct expr *op, struct expr **exprp)
{
	struct expr *left = op->binop.left, *right = op->binop.right;
	struct expr *res;

	res = constant_expr_alloc_mpz(&op->location, left->dtype,
				      left->byteorder,
				      left->len > right->len ? left->len :
							       right->len,
				      left->value.value);
	switch (op->binop.op) {
	case OP_AND:
		mpz_and(res->value.value, res->value.value, right->value.value);
		break;
	case OP_OR:
		mpz_ior(res->value.value, res->value.value, right->value.value);
		break;
	case OP_LSHIFT:
		mpz_mul_2exp(res->value.value, res->value.value,
			     mpz_get_ui(right->value.value));
		mpz_fdiv_r_2exp(res->value.value, res->value.value,
				res->len);
		break;
	case OP_RSHIFT:
		mpz_fdiv_q_2exp(res->value.value, res->value.value,
				mpz_get_ui(right->value.value));
		break;
	default:
		mpz_xor(res->value.value, res->value.value, right->value.value);
		break;
	}
	expr_free(op);
	*exprp = res;
	return 0;
}

static int binop_expr_evaluate(struct eval_ctx *ectx, struct expr **exprp)
{
	struct expr *op = *exprp, *left;
	struct eval_type saved;
	int ret;

	if (expr_evaluate(ectx, &op->binop.left) < 0)
		return -1;
	left = op->binop.left;
	/* the bytes would be operated on, not the field in them */
	if (payload_expr_needs_mask(left))
		return expr_error(ectx, left,
				  "binary operations on a field that is not whole bytes are not supported");
	if (op->binop.right->etype == EXPR_LIST)
		op->binop.right = binop_or_list(op->binop.right);
	/* a shift takes a number of bits, not a value of the left type */
	if (binop_is_shift(op->binop.op)) {
		eval_type_push(ectx, &saved, &integer_type,
			       BYTEORDER_HOST_ENDIAN, 32);
		ret = expr_evaluate(ectx, &op->binop.right);
		eval_type_pop(ectx, &saved);
	} else {
		ret = expr_evaluate_like(ectx, &op->binop.right, left);
	}
	if (ret < 0)
		return -1;
	if (op->binop.right->etype != EXPR_VALUE)
		return expr_error(ectx, op->binop.right,
				  "Right hand side of binary operation must be constant");
	if (op->binop.op != OP_AND && op->binop.op != OP_OR &&
	    op->binop.op != OP_XOR && !binop_is_shift(op->binop.op))
		return expr_error(ectx, op, "Unsupported binary operation");
	if (binop_is_shift(op->binop.op) &&
	    mpz_cmp_ui(op->binop.right->value.value, 128) > 0)
		return expr_error(ectx, op->binop.right,
				  "shifts are by at most 128 bits");
	if (left->etype == EXPR_VALUE)
		return binop_fold(op, exprp);
	if (binop_is_shift(op->binop.op) && binop_shift_check(ectx, op) < 0)
		return -1;
	op->dtype = left->dtype;
	op->byteorder = left->byteorder;
	op->len = left->len;
	return 0;
}

/* reg = reg << n (or >>): the bitwise expression's shift ops. */
static void binop_linearize_shift(struct lin_ctx *lctx,
				  const struct expr *expr,
				  enum nft_registers dreg)
{
	unsigned int len = div_round_up(expr->binop.left->len, BITS_PER_BYTE);
	struct nftnl_expr *nle;

	linearize_expr(lctx, expr->binop.left, dreg);
	nle = lin_expr_alloc("bitwise");
	nftnl_expr_set_u32(nle, NFTNL_EXPR_BITWISE_SREG, dreg);
	nftnl_expr_set_u32(nle, NFTNL_EXPR_BITWISE_DREG, dreg);
	nftnl_expr_set_u32(nle, NFTNL_EXPR_BITWISE_LEN, len);
	nftnl_expr_set_u32(nle, NFTNL_EXPR_BITWISE_OP,
			   expr->binop.op == OP_LSHIFT ? NFT_BITWISE_LSHIFT :
							NFT_BITWISE_RSHIFT);
	nftnl_expr_set_u32(nle, NFTNL_EXPR_BITWISE_DATA,
			   mpz_get_ui(expr->binop.right->value.value));
	lin_add_expr(lctx, nle);
}

static void binop_expr_linearize(struct lin_ctx *lctx, const struct expr *expr,
				 enum nft_registers dreg)
{
	unsigned int len = div_round_up(expr->binop.left->len, BITS_PER_BYTE);
	unsigned char mask[NFT_REG_SIZE * 4], xor[NFT_REG_SIZE * 4];
	const struct expr *right = expr->binop.right;
	mpz_t m, x;

	if (binop_is_shift(expr->binop.op)) {
		binop_linearize_shift(lctx, expr, dreg);
		return;
	}
	mpz_init(m);
	mpz_init(x);
	mpz_setbit(m, len * BITS_PER_BYTE);
	mpz_sub_ui(m, m, 1);			/* all ones */
	switch (expr->binop.op) {
	case OP_AND:
		mpz_set(m, right->value.value);
		break;
	case OP_OR:
		mpz_xor(m, m, right->value.value);
		mpz_set(x, right->value.value);
		break;
	default:
		mpz_set(x, right->value.value);
		break;
	}
	linearize_mpz(mask, m, expr->binop.left->byteorder, len);
	linearize_mpz(xor, x, expr->binop.left->byteorder, len);
	mpz_clear(m);
	mpz_clear(x);

	linearize_expr(lctx, expr->binop.left, dreg);
	lin_bitwise(lctx, dreg, mask, xor, len);
}

struct expr *binop_or_list(struct expr *list)
{
	struct expr *res = NULL, *elem, *next;

	list_for_each_entry_safe(elem, next, &list->expr_list.expressions,
				 list) {
		list_del(&elem->list);
		res = res ? binop_expr_alloc(&list->location, OP_OR, res, elem) :
			    elem;
	}
	if (!res)
		return list;	/* [] stays an empty list: an error later */
	expr_free(list);
	return res;
}

static const char *const binop_json_names[] = {
	"&", "|", "^", "<<", ">>", NULL,
};

/* {"|": [a, b, c]}: a | b | c */
static struct expr *binop_json_parse_or(struct json_ctx *jctx, json_t *value,
					const struct location *loc)
{
	struct expr *res = NULL, *elem;
	char suffix[32];
	size_t i;
	json_t *v;

	json_array_foreach(value, i, v) {
		snprintf(suffix, sizeof(suffix), "[%zu]", i);
		elem = json_parse_expr(jctx, v, suffix);
		if (!elem) {
			if (res)
				expr_free(res);
			return NULL;
		}
		res = res ? binop_expr_alloc(loc, OP_OR, res, elem) : elem;
	}
	return res;
}

/* {"&": [left, right]}; the key is the operator. */
static struct expr *binop_expr_json_parse(struct json_ctx *jctx,
					  json_t *value,
					  const struct location *loc)
{
	struct expr *left, *right;
	enum ops op;

	op = op_from_token(jctx->key);
	if (op == OP_OR && json_is_array(value) && json_array_size(value) > 2)
		return binop_json_parse_or(jctx, value, loc);
	if (!json_is_array(value) || json_array_size(value) != 2) {
		json_error(jctx, "", "binary operation \"%s\" takes an array of two expressions",
			   jctx->key);
		return NULL;
	}
	left = json_parse_expr(jctx, json_array_get(value, 0), "[0]");
	if (!left)
		return NULL;
	right = json_parse_expr(jctx, json_array_get(value, 1), "[1]");
	if (!right) {
		expr_free(left);
		return NULL;
	}
	return binop_expr_alloc(loc, op, left, right);
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
	.json_names	= binop_json_names,
	.json_parse	= binop_expr_json_parse,
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
