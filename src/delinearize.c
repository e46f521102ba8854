/*
 * Decoding a dumped rule back into statements. The netlink expressions
 * are replayed on a register file of expressions: loads (payload, meta,
 * the kinds' decoders) put their expression in a register, bitwise and
 * byteorder transform it, and cmp/range turn it into a match. A second
 * pass lets each match's left-hand kind restore what the user wrote:
 * typed values and no implied protocol dependencies.
 */
#include <stdarg.h>
#include <string.h>
#include <linearize.h>
#include <nftables.h>
#include <libnftnl/udata.h>
#include <linux/netfilter.h>

void delin_set_register(struct delin_ctx *dctx, enum nft_registers reg,
			struct expr *expr)
{
	if (reg >= NFT_REG_COUNT)
		BUG("register %u out of range", reg);
	expr_free(dctx->registers[reg]);
	dctx->registers[reg] = expr;
	dctx->reg_hton &= ~(1U << reg);
}

struct expr *delin_get_register(struct delin_ctx *dctx,
				enum nft_registers reg)
{
	if (reg >= NFT_REG_COUNT || dctx->registers[reg] == NULL)
		return NULL;
	return expr_clone(dctx->registers[reg]);
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

static __fmt(2, 3) void delin_warn(const struct delin_ctx *dctx,
				   const char *fmt, ...)
{
	FILE *fp = dctx->nft && dctx->nft->octx.error_fp ?
		   dctx->nft->octx.error_fp : stderr;
	va_list ap;

	fprintf(fp, "Warning: ");
	va_start(ap, fmt);
	vfprintf(fp, fmt, ap);
	va_end(ap);
	fprintf(fp, "\n");
}

static struct expr *delin_source(struct delin_ctx *dctx,
				 const struct nftnl_expr *nle, uint16_t attr,
				 bool *hton)
{
	enum nft_registers reg = nftnl_expr_get_u32(nle, attr);
	struct expr *expr = delin_get_register(dctx, reg);

	if (expr == NULL)
		delin_warn(dctx, "%s reads the empty register %u",
			   nftnl_expr_get_str(nle, NFTNL_EXPR_NAME), reg);
	*hton = reg < 32 && (dctx->reg_hton & (1U << reg));
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

static int delin_cmp(struct delin_ctx *dctx, const struct nftnl_expr *nle)
{
	enum ops op = delin_cmp_op(nftnl_expr_get_u32(nle, NFTNL_EXPR_CMP_OP));
	struct expr *left, *right;
	const void *data;
	unsigned int len;
	bool hton;

	left = delin_source(dctx, nle, NFTNL_EXPR_CMP_SREG, &hton);
	if (left == NULL)
		return -1;
	data = delin_get_data(nle, NFTNL_EXPR_CMP_DATA, &len);
	right = NULL;
	if (op == OP_IMPLICIT || op == OP_NEQ)
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

	left = delin_source(dctx, nle, NFTNL_EXPR_RANGE_SREG, &hton);
	if (left == NULL)
		return -1;
	data = delin_get_data(nle, NFTNL_EXPR_RANGE_FROM_DATA, &len);
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
	if (mpz_sgn(xor->value.value) == 0) {
		res = binop_expr_alloc(&internal_location, OP_AND, left, mask);
		expr_free(xor);
	} else if (!mpz_cmp(mask->value.value, ones)) {
		res = binop_expr_alloc(&internal_location, OP_XOR, left, xor);
		expr_free(mask);
	} else if (!mpz_cmp(mask->value.value, inv)) {
		res = binop_expr_alloc(&internal_location, OP_OR, left, xor);
		expr_free(mask);
	} else {
		res = binop_expr_alloc(&internal_location, OP_AND, left, mask);
		res = binop_expr_alloc(&internal_location, OP_XOR, res, xor);
	}
	mpz_clear(ones);
	mpz_clear(inv);
	return res;
}

static int delin_bitwise(struct delin_ctx *dctx, const struct nftnl_expr *nle)
{
	struct expr *left, *mask, *xor;
	const void *data;
	unsigned int len;
	bool hton;

	if (nftnl_expr_is_set(nle, NFTNL_EXPR_BITWISE_OP) &&
	    nftnl_expr_get_u32(nle, NFTNL_EXPR_BITWISE_OP) !=
	    NFT_BITWISE_BOOL) {
		delin_warn(dctx, "unsupported bitwise shift in rule");
		return -1;
	}
	left = delin_source(dctx, nle, NFTNL_EXPR_BITWISE_SREG, &hton);
	if (left == NULL)
		return -1;
	data = delin_get_data(nle, NFTNL_EXPR_BITWISE_MASK, &len);
	mask = delin_value(left, data, len, hton);
	data = delin_get_data(nle, NFTNL_EXPR_BITWISE_XOR, &len);
	xor = delin_value(left, data, len, hton);
	delin_set_register(dctx,
			   nftnl_expr_get_u32(nle, NFTNL_EXPR_BITWISE_DREG),
			   delin_bitwise_expr(left, mask, xor));
	return 0;
}

/* Only the hton the relational encoder emits before range compares. */
static int delin_byteorder(struct delin_ctx *dctx,
			   const struct nftnl_expr *nle)
{
	uint32_t dreg = nftnl_expr_get_u32(nle, NFTNL_EXPR_BYTEORDER_DREG);
	uint32_t op = nftnl_expr_get_u32(nle, NFTNL_EXPR_BYTEORDER_OP);
	struct expr *expr;
	bool hton;

	expr = delin_source(dctx, nle, NFTNL_EXPR_BYTEORDER_SREG, &hton);
	if (expr == NULL || dreg >= 32)
		return -1;
	delin_set_register(dctx, dreg, expr);
	if (op == NFT_BYTEORDER_HTON)
		dctx->reg_hton |= 1U << dreg;
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

typedef int (*delin_decoder)(struct delin_ctx *dctx,
			     const struct nftnl_expr *nle);

/* This file's decoders by netlink name. This runs for every expression
 * of every listed rule: the first letter picks the one candidate. */
static delin_decoder delin_builtin(const char *name)
{
	switch (name[0]) {
	case 'b':
		if (!strcmp(name, "bitwise"))
			return delin_bitwise;
		if (!strcmp(name, "byteorder"))
			return delin_byteorder;
		break;
	case 'c':
		if (!strcmp(name, "cmp"))
			return delin_cmp;
		break;
	case 'i':
		if (!strcmp(name, "immediate"))
			return delin_immediate;
		break;
	case 'r':
		if (!strcmp(name, "range"))
			return delin_range;
		break;
	}
	return NULL;
}

static int delin_expr(struct delin_ctx *dctx, const struct nftnl_expr *nle)
{
	const char *name = nftnl_expr_get_str(nle, NFTNL_EXPR_NAME);
	const struct expr_ops *eops;
	const struct stmt_ops *sops;
	delin_decoder decode;

	if (!name)
		return -1;
	decode = delin_builtin(name);
	if (decode)
		return decode(dctx, nle);
	eops = expr_ops_by_nl_name(name);
	if (eops && eops->delinearize)
		return eops->delinearize(dctx, nle);
	sops = stmt_ops_by_nl_name(name);
	if (sops && sops->delinearize)
		return sops->delinearize(dctx, nle);

	delin_warn(dctx, "unsupported netlink expression '%s' in rule", name);
	return -1;
}

/* A match on a masked value types the mask like what it masks. */
static void delin_postprocess_binop(struct stmt *stmt, struct expr *binop)
{
	struct expr *base = binop;

	while (base->etype == EXPR_BINOP)
		base = base->binop.left;
	expr_set_type(binop->binop.right, base->dtype, base->byteorder);
	expr_set_type(stmt->expr->binop.right, base->dtype, base->byteorder);
}

static void delin_postprocess(struct delin_ctx *dctx)
{
	struct stmt *stmt, *next;
	struct expr *left;

	list_for_each_entry_safe(stmt, next, &dctx->rule->stmts, list) {
		if (stmt->type != STMT_EXPRESSION ||
		    stmt->expr->etype != EXPR_RELATIONAL)
			continue;
		left = stmt->expr->binop.left;
		if (left->etype == EXPR_BINOP) {
			delin_postprocess_binop(stmt, left);
			/* the masked load's kind may know better:
			 * "ip dscp", "tcp flags syn" */
			left = left->binop.left;
			if (left->etype == EXPR_BINOP)
				continue;
		}
		if (left->ops->delin_postprocess)
			left->ops->delin_postprocess(dctx, stmt, left);
	}
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

char *rule_comment_from_udata(const struct nftnl_rule *nlr)
{
	struct udata_comment res = { NULL };
	const void *data;
	uint32_t len = 0;

	if (!nftnl_rule_is_set(nlr, NFTNL_RULE_USERDATA))
		return NULL;
	data = nftnl_rule_get_data(nlr, NFTNL_RULE_USERDATA, &len);
	if (data == NULL || nftnl_udata_parse(data, len, rule_udata_cb,
					      &res) < 0) {
		xfree(res.comment);
		return NULL;
	}
	return res.comment;
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

static int delin_rule_exprs(struct delin_ctx *dctx,
			    const struct nftnl_rule *nlr)
{
	struct nftnl_expr_iter *iter;
	struct nftnl_expr *nle;
	int ret = 0;

	iter = nftnl_expr_iter_create(nlr);
	if (iter == NULL)
		memory_allocation_error();
	while (ret == 0 && (nle = nftnl_expr_iter_next(iter)) != NULL)
		ret = delin_expr(dctx, nle);
	nftnl_expr_iter_destroy(iter);
	return ret;
}

struct rule *delinearize_rule(struct nft_ctx *nft, uint32_t family,
			      const struct nftnl_rule *nlr)
{
	struct handle h;
	struct delin_ctx dctx;
	unsigned int i;
	int ret;

	/* an empty handle: rule_alloc() may copy it or take it over */
	memset(&h, 0, sizeof(h));
	memset(&dctx, 0, sizeof(dctx));
	dctx.nft = nft;
	dctx.family = family;
	dctx.rule = rule_alloc(&internal_location, &h);
	delin_rule_handle(dctx.rule, family, nlr);
	dctx.table = dctx.rule->handle.table.name;
	proto_ctx_init(&dctx.pctx, family);

	ret = delin_rule_exprs(&dctx, nlr);
	for (i = 0; i < NFT_REG_COUNT; i++) {
		if (dctx.registers[i])
			expr_free(dctx.registers[i]);
	}
	if (ret < 0) {
		rule_free(dctx.rule);
		return NULL;
	}
	delin_postprocess(&dctx);
	dctx.rule->comment = rule_comment_from_udata(nlr);
	return dctx.rule;
}
