/*
 * Encoding rules into libnftnl expressions. The kinds' linearize ops do
 * the work; this is the register allocator, data export and the rule
 * level loop. Like the system nft, every statement starts allocating at
 * the first slot: a match consumes its registers before the next
 * statement starts, so most loads go to NFT_REG_1.
 */
#include <string.h>
#include <linearize.h>
#include <nftables.h>
#include <libnftnl/udata.h>
#include <libnftnl/set.h>

void lin_add_expr(struct lin_ctx *lctx, struct nftnl_expr *nle)
{
	const struct inner_desc *inner = lctx->inner;
	struct rule *r = lctx->rule;

	nftnl_rule_add_expr(lctx->nlr, nle);
	lctx->inner = NULL;
	if (!r) {
		if (inner)
			BUG("an inner load outside a rule");
		return;
	}
	if (r->num_nle == lctx->nle_cap) {
		lctx->nle_cap = lctx->nle_cap ? 2 * lctx->nle_cap : 8;
		r->nle_origins = xrealloc(r->nle_origins, lctx->nle_cap *
					  sizeof(*r->nle_origins));
	}
	r->nle_origins[r->num_nle++] = (struct nle_origin) {
		.stmt		= lctx->stmt,
		.loc		= lctx->loc,
		.after_sep	= lctx->loc_sep,
		.inner		= inner,
	};
}

const struct nle_origin *rule_nle_origin(const struct rule *r,
					 unsigned int n)
{
	return n < r->num_nle ? &r->nle_origins[n] : NULL;
}

struct location nle_origin_location(const struct nle_origin *o)
{
	if (o->loc == NULL)
		return stmt_error_location(o->stmt);
	if (o->after_sep)
		return location_from_sep(o->loc, '.');
	return *o->loc;
}

struct nftnl_expr *lin_expr_alloc(const char *name)
{
	struct nftnl_expr *nle = nftnl_expr_alloc(name);

	if (nle == NULL)
		memory_allocation_error();
	return nle;
}

void lin_bitwise(struct lin_ctx *lctx, enum nft_registers reg,
		 const void *mask, const void *xor, unsigned int len)
{
	struct nftnl_expr *nle = lin_expr_alloc("bitwise");

	nftnl_expr_set_u32(nle, NFTNL_EXPR_BITWISE_SREG, reg);
	nftnl_expr_set_u32(nle, NFTNL_EXPR_BITWISE_DREG, reg);
	nftnl_expr_set_u32(nle, NFTNL_EXPR_BITWISE_LEN, len);
	nftnl_expr_set(nle, NFTNL_EXPR_BITWISE_MASK, mask, len);
	nftnl_expr_set(nle, NFTNL_EXPR_BITWISE_XOR, xor, len);
	lin_add_expr(lctx, nle);
}

/* reg = reg OP reg2 (an operation on two loads): libnftnl cannot hold
 * the second register, the message gets it (include/nlext.h). */
void lin_bitwise_regs(struct lin_ctx *lctx, enum nft_registers reg,
		      enum nft_registers reg2, uint32_t op, unsigned int len)
{
	struct nftnl_expr *nle = lin_expr_alloc("bitwise");

	if (!lctx->rule)
		BUG("an operation on two registers outside a rule");
	nftnl_expr_set_u32(nle, NFTNL_EXPR_BITWISE_SREG, reg);
	nftnl_expr_set_u32(nle, NFTNL_EXPR_BITWISE_DREG, reg);
	nftnl_expr_set_u32(nle, NFTNL_EXPR_BITWISE_OP, op);
	nftnl_expr_set_u32(nle, NFTNL_EXPR_BITWISE_LEN, len);
	lin_add_expr(lctx, nle);
	lctx->rule->nle_origins[lctx->rule->num_nle - 1].sreg2 = reg2;
}

void lin_byteorder(struct lin_ctx *lctx, enum nft_registers reg,
		   enum nft_byteorder_ops op, unsigned int len,
		   unsigned int size)
{
	struct nftnl_expr *nle = lin_expr_alloc("byteorder");

	nftnl_expr_set_u32(nle, NFTNL_EXPR_BYTEORDER_SREG, reg);
	nftnl_expr_set_u32(nle, NFTNL_EXPR_BYTEORDER_DREG, reg);
	nftnl_expr_set_u32(nle, NFTNL_EXPR_BYTEORDER_OP, op);
	nftnl_expr_set_u32(nle, NFTNL_EXPR_BYTEORDER_LEN, len);
	nftnl_expr_set_u32(nle, NFTNL_EXPR_BYTEORDER_SIZE, size);
	lin_add_expr(lctx, nle);
}

void lin_shift(struct lin_ctx *lctx, enum nft_registers reg,
	       enum nft_bitwise_ops op, unsigned int bits, unsigned int len)
{
	struct nftnl_expr *nle = lin_expr_alloc("bitwise");

	nftnl_expr_set_u32(nle, NFTNL_EXPR_BITWISE_SREG, reg);
	nftnl_expr_set_u32(nle, NFTNL_EXPR_BITWISE_DREG, reg);
	nftnl_expr_set_u32(nle, NFTNL_EXPR_BITWISE_LEN, len);
	nftnl_expr_set_u32(nle, NFTNL_EXPR_BITWISE_OP, op);
	nftnl_expr_set_u32(nle, NFTNL_EXPR_BITWISE_DATA, bits);
	lin_add_expr(lctx, nle);
}

void lin_field_down(struct lin_ctx *lctx, enum nft_registers reg,
		    unsigned int len, unsigned int shift)
{
	if (shift == 0)
		return;
	if (len > BITS_PER_BYTE)
		lin_byteorder(lctx, reg, NFT_BYTEORDER_NTOH,
			      len / BITS_PER_BYTE,
			      lin_byteorder_size(len / BITS_PER_BYTE));
	lin_shift(lctx, reg, NFT_BITWISE_RSHIFT, shift, len / BITS_PER_BYTE);
}

/* The reference turns a value around in units of the largest power of
 * two of at most 8 bytes that divides its width (hton(reg, 8, 16) for a
 * 128 bit "ct label", which the kernel refuses in one unit of 16;
 * ntoh(reg, 2, 6) for an Ethernet address), else of the largest its
 * width holds (ntoh(reg, 2, 3)). */
unsigned int lin_byteorder_size(unsigned int len)
{
	unsigned int size;

	for (size = 8; size > 2 && (size > len || len % size); size /= 2)
		;
	return size;
}

void lin_hton(struct lin_ctx *lctx, enum nft_registers reg, unsigned int len)
{
	lin_byteorder(lctx, reg, NFT_BYTEORDER_HTON, len,
		      lin_byteorder_size(len));
}

unsigned int lin_register_slots(unsigned int len)
{
	if (len == 0)
		return NFT_REG_SIZE / sizeof(uint32_t);
	return div_round_up(len, LIN_REG_SLOT_BITS);
}

static enum nft_registers lin_slot_register(unsigned int slot)
{
	if (slot % (NFT_REG_SIZE / sizeof(uint32_t)) == 0)
		return NFT_REG_1 + slot / (NFT_REG_SIZE / sizeof(uint32_t));
	return NFT_REG32_00 + slot;
}

static unsigned int lin_register_slot(enum nft_registers reg)
{
	if (reg >= NFT_REG32_00)
		return reg - NFT_REG32_00;
	if (reg >= NFT_REG_1 && reg <= NFT_REG_4)
		return (reg - NFT_REG_1) * (NFT_REG_SIZE / sizeof(uint32_t));
	BUG("register %u is not a data register", reg);
}

enum nft_registers lin_register_at(enum nft_registers reg,
				   unsigned int offset)
{
	return lin_slot_register(lin_register_slot(reg) +
				 offset / LIN_REG_SLOT_BITS);
}

/* The first slot after the values actually held (not the padding). */
static unsigned int lin_held_end(const struct lin_ctx *lctx)
{
	const typeof(lctx->allocs[0]) *top;

	if (lctx->num_allocs == 0)
		return 0;
	top = &lctx->allocs[lctx->num_allocs - 1];
	return top->pad ? top->held : top->slot + top->nslots;
}

/*
 * More than the registers hold (the system nft aborts): recorded for the
 * caller's error, and slot 0 handed out so that encoding can go on.
 */
static unsigned int lin_overflow(struct lin_ctx *lctx)
{
	if (lctx->sets && !lctx->sets->overflowed) {
		lctx->sets->overflow = lctx->loc ? *lctx->loc :
				       stmt_error_location(lctx->stmt);
		lctx->sets->overflowed = true;
	}
	return 0;
}

static unsigned int lin_push_slots(struct lin_ctx *lctx, unsigned int n,
				   bool pad, unsigned int held)
{
	unsigned int slot = lctx->reg_low, low = lctx->reg_low;

	/* padding never makes a value run out of registers: it shrinks
	 * to what is left, and a value goes right after what is held */
	if (pad && slot + n > LIN_REG_SLOTS)
		n = slot < LIN_REG_SLOTS ? LIN_REG_SLOTS - slot : 0;
	if (slot + n > LIN_REG_SLOTS)
		slot = lin_held_end(lctx);
	if (slot + n > LIN_REG_SLOTS)
		slot = lin_overflow(lctx);
	if (lctx->num_allocs == LIN_MAX_ALLOCS)
		BUG("more than %u register allocations", LIN_MAX_ALLOCS);
	lctx->allocs[lctx->num_allocs].slot = slot;
	lctx->allocs[lctx->num_allocs].nslots = n;
	lctx->allocs[lctx->num_allocs].low = low;
	lctx->allocs[lctx->num_allocs].pad = pad;
	lctx->allocs[lctx->num_allocs].held = held;
	lctx->num_allocs++;
	lctx->reg_low = slot + n > low ? slot + n : low;
	return slot;
}

static enum nft_registers lin_alloc_slots(struct lin_ctx *lctx,
					  unsigned int n)
{
	return lin_slot_register(lin_push_slots(lctx, n, false, 0));
}

void lin_pad_push(struct lin_ctx *lctx, enum nft_registers kreg,
		  unsigned int len)
{
	unsigned int held = lin_register_slot(kreg) + lin_register_slots(len);
	unsigned int below = lin_held_end(lctx);

	lin_push_slots(lctx, lin_register_slots(len), true,
		       held > below ? held : below);
}

void lin_pad_pop(struct lin_ctx *lctx)
{
	unsigned int top;

	if (lctx->num_allocs == 0 || !lctx->allocs[lctx->num_allocs - 1].pad)
		BUG("releasing register padding, none allocated");
	top = --lctx->num_allocs;
	lctx->reg_low = lctx->allocs[top].low;
}

enum nft_registers lin_get_register(struct lin_ctx *lctx, unsigned int len)
{
	unsigned int per_reg = NFT_REG_SIZE / sizeof(uint32_t);

	return lin_alloc_slots(lctx, div_round_up(lin_register_slots(len),
						  per_reg) * per_reg);
}

enum nft_registers lin_get_register_concat(struct lin_ctx *lctx,
					   unsigned int len)
{
	return lin_alloc_slots(lctx, lin_register_slots(len));
}

void lin_put_register(struct lin_ctx *lctx, enum nft_registers reg)
{
	unsigned int top;

	if (lctx->num_allocs == 0)
		BUG("releasing register %u, none allocated", reg);
	top = --lctx->num_allocs;
	if (lctx->allocs[top].pad ||
	    lin_slot_register(lctx->allocs[top].slot) != reg)
		BUG("releasing register %u out of order", reg);
	lctx->reg_low = lctx->allocs[top].low;
}

void lin_sets_release(struct lin_sets *sets)
{
	unsigned int i;

	for (i = 0; i < sets->num; i++) {
		nftnl_set_free(sets->v[i].set);
		if (sets->v[i].elems)	/* NULL: kept for the echo */
			nftnl_set_free(sets->v[i].elems);
	}
	xfree(sets->v);
	sets->v = NULL;
	sets->num = 0;
}

uint32_t lin_queue_set(struct lin_ctx *lctx, struct nftnl_set *set,
		       struct nftnl_set *elems, const struct expr *members,
		       const struct expr *key)
{
	struct rule *r = lctx->rule;
	struct lin_sets *sets = lctx->sets;
	uint32_t *next = sets->next_id ? sets->next_id : &sets->local_id;
	uint32_t id = ++*next;

	nftnl_set_set_u32(set, NFTNL_SET_ID, id);
	nftnl_set_set_u32(elems, NFTNL_SET_ID, id);
	sets->v = xrealloc(sets->v, (sets->num + 1) * sizeof(*sets->v));
	sets->v[sets->num] = (struct lin_set) {
		.set = set, .elems = elems, .members = members, .key = key,
	};
	sets->num++;
	if (r && members) {
		r->anon = xrealloc(r->anon, (r->num_anon + 1) *
				   sizeof(*r->anon));
		r->anon[r->num_anon++] = (struct rule_anon) {
			.id = id, .members = members, .key = key,
		};
	}
	return id;
}

void linearize_expr(struct lin_ctx *lctx, const struct expr *expr,
		    enum nft_registers dreg)
{
	const struct location *loc = lctx->loc;
	bool sep = lctx->loc_sep;

	if (expr->ops->linearize == NULL)
		BUG("%s cannot be linearized", expr_name(expr));
	lctx->loc = &expr->location;
	lctx->loc_sep = lctx->next_sep;
	lctx->next_sep = false;
	/* the load itself (not a mask after it) is the inner one */
	if (expr->inner)
		lctx->inner = expr->inner;
	expr->ops->linearize(lctx, expr, dreg);
	lctx->inner = NULL;
	lctx->loc = loc;
	lctx->loc_sep = sep;
}

/* The datatypes' export does exactly this (and keeps the low bytes of a
 * value too wide for @len). */
void linearize_mpz(void *buf, const mpz_t value, enum byteorder byteorder,
		   unsigned int len)
{
	mpz_export_data(buf, value, byteorder, len);
}

unsigned int linearize_data(const struct expr *expr, void *buf,
			    unsigned int size)
{
	unsigned int len = div_round_up(expr->len, BITS_PER_BYTE);

	if (expr->etype != EXPR_VALUE)
		BUG("%s is not a constant", expr_name(expr));
	if (len > size)
		BUG("value of %u bytes does not fit %u", len, size);
	linearize_mpz(buf, expr->value.value, expr->byteorder, len);
	return len;
}

void rule_comment_to_udata(struct nftnl_rule *nlr, const char *comment)
{
	struct nftnl_udata_buf *udbuf;

	udbuf = nftnl_udata_buf_alloc(NFT_USERDATA_MAXLEN);
	if (udbuf == NULL)
		memory_allocation_error();
	/* The evaluator limits comments to 128 bytes, so this fits. */
	if (nftnl_udata_put_strz(udbuf, NFTNL_UDATA_RULE_COMMENT, comment))
		nftnl_rule_set_data(nlr, NFTNL_RULE_USERDATA,
				    nftnl_udata_buf_data(udbuf),
				    nftnl_udata_buf_len(udbuf));
	nftnl_udata_buf_free(udbuf);
}

/*
 * Adjacent payload matches were merged into one load by the evaluator
 * (payload_merge_rule()), so statements map one to one onto bytecode.
 */
void linearize_rule_sets(struct nft_ctx *nft, const struct rule *rule,
			 struct nftnl_rule *nlr, struct lin_sets *sets)
{
	struct lin_ctx lctx = {
		.nft		= nft,
		.nlr		= nlr,
		.family		= rule->handle.family,
		/* the encoding is recorded on the rule, not part of it */
		.rule		= (struct rule *)rule,
		.sets		= sets,
	};
	const struct stmt *stmt;

	xfree(lctx.rule->nle_origins);
	lctx.rule->nle_origins = NULL;
	xfree(lctx.rule->anon);
	lctx.rule->anon = NULL;
	lctx.rule->num_anon = 0;
	lctx.rule->num_nle = 0;
	list_for_each_entry(stmt, &rule->stmts, list) {
		lctx.stmt = stmt;
		lctx.loc = NULL;
		if (stmt->ops->linearize == NULL)
			BUG("statement %s cannot be linearized",
			    stmt->ops->name);
		stmt->ops->linearize(&lctx, stmt);
		if (lctx.num_allocs)
			BUG("statement %s leaves %u register(s) allocated",
			    stmt->ops->name, lctx.num_allocs);
	}
	if (rule->comment)
		rule_comment_to_udata(nlr, rule->comment);
}

/* Without a batch to send them to, the sets are built and dropped (unit
 * tests look at the rule's expressions only). */
void linearize_rule(struct nft_ctx *nft, const struct rule *rule,
		    struct nftnl_rule *nlr)
{
	struct lin_sets sets = { NULL };

	linearize_rule_sets(nft, rule, nlr, &sets);
	lin_sets_release(&sets);
}
