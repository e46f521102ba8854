/*
 * Set references: "ip saddr @blocked", "ip saddr != @blocked",
 * "ip saddr . tcp dport @pairs". The right side names a set of the
 * rule's table; the match loads the left side and looks it up by the
 * set's name ("lookup reg 1 set blocked", flag 0x1 for "!="), as the
 * system nft does. The set is the kernel's to find: a missing one is
 * refused when the batch is sent. The name lives in symbol.identifier.
 */
#include <string.h>
#include <expr.h>
#include <evaluate.h>
#include <linearize.h>
#include <json.h>
#include <nftables.h>
#include <set.h>
#include <cache.h>
#include <payload_int.h>
#include <libnftnl/expr.h>

static void setref_expr_destroy(struct expr *expr)
{
	xfree(expr->symbol.identifier);
}

static void setref_expr_clone(struct expr *dst, const struct expr *src)
{
	dst->symbol.identifier = xstrdup(src->symbol.identifier);
}

static bool setref_expr_cmp(const struct expr *a, const struct expr *b)
{
	return !strcmp(a->symbol.identifier, b->symbol.identifier);
}

static void setref_expr_print(const struct expr *expr,
			      struct output_ctx *octx)
{
	nft_print(octx, "@%s", expr->symbol.identifier);
}

static json_t *setref_expr_json(const struct expr *expr,
				struct output_ctx *octx)
{
	return json_pack("s+", "@", expr->symbol.identifier);
}

/* The reference takes the type of what it is matched with. */
static int setref_expr_evaluate(struct eval_ctx *ectx, struct expr **exprp)
{
	struct expr *ref = *exprp;

	if (!ref->symbol.identifier[0])
		return expr_error(ectx, ref, "set name must not be empty");
	if (name_length_error(ectx->msgs, &ref->location,
			      ref->symbol.identifier, NAME_OBJECT) < 0)
		return -1;
	if (ectx->ectx_dtype) {
		ref->dtype = ectx->ectx_dtype;
		ref->byteorder = ectx->ectx_byteorder;
		ref->len = ectx->ectx_len;
	}
	return 0;
}

/* "@ss" missing: 1.1.3's words, and its hint of a set near */
int setref_missing_error(struct eval_ctx *ectx, const struct expr *ref)
{
	char hint[CACHE_HINT_SIZE];

	return expr_error(ectx, ref, "No such file or directory%s",
			  cache_set_hint(ectx->nft, ref->symbol.identifier,
					 hint, sizeof(hint)));
}

/*
 * "KEY @s": the set's key type checked (set_lookup_type_check()); an
 * interval set's (EXPR_F_INTERVAL on the reference) is looked up with a
 * host order key turned big endian, as its elements are.
 */
int setref_lookup_evaluate(struct eval_ctx *ectx, struct expr *rel)
{
	struct expr *left = rel->binop.left, *ref = rel->binop.right;
	const struct set *s;
	bool missing;

	s = set_lookup_for_rule(ectx, ref->symbol.identifier, &missing);
	if (s == NULL && missing)
		return setref_missing_error(ectx, ref);
	if (s == NULL)
		return 0;
	if (set_lookup_type_check(ectx, left, ref, s) < 0)
		return -1;
	if (s->flags & NFT_SET_INTERVAL) {
		ref->flags |= EXPR_F_INTERVAL;
		if (left->etype == EXPR_CONCAT)
			left->flags |= EXPR_F_HTON;
	}
	return 0;
}

unsigned int set_key_turned_bytes(const struct expr *left)
{
	unsigned int start, len = 0, shift = 0;

	if (payload_expr_needs_mask(left))
		payload_field_span(left, &start, &len, &shift);
	else if (exthdr_expr_needs_mask(left))
		exthdr_field_span(left, &start, &len, &shift);
	return shift && len > BITS_PER_BYTE ? len / BITS_PER_BYTE : 0;
}

void setref_lookup_linearize(struct lin_ctx *lctx, const struct expr *rel,
			     enum nft_registers reg)
{
	const struct expr *left = rel->binop.left, *ref = rel->binop.right;
	unsigned int len = div_round_up(left->len, BITS_PER_BYTE);
	unsigned int turned = set_key_turned_bytes(left);
	struct nftnl_expr *nle;

	linearize_expr(lctx, left, reg);
	/* an interval set's keys are big endian: a host order key is
	 * turned back, as 1.1.3 does (for a shifted field too: "frag
	 * frag-off @s" ntoh, >> 3, hton) */
	if (ref->flags & EXPR_F_INTERVAL && turned)
		lin_hton(lctx, reg, turned);
	else if (ref->flags & EXPR_F_INTERVAL && left->etype != EXPR_CONCAT &&
	    !set_key_is_string(left) &&
	    left->byteorder == BYTEORDER_HOST_ENDIAN && len > 1)
		lin_hton(lctx, reg, len);
	nle = lin_expr_alloc("lookup");
	nftnl_expr_set_u32(nle, NFTNL_EXPR_LOOKUP_SREG, reg);
	nftnl_expr_set_str(nle, NFTNL_EXPR_LOOKUP_SET, ref->symbol.identifier);
	if (rel->binop.op == OP_NEQ)
		nftnl_expr_set_u32(nle, NFTNL_EXPR_LOOKUP_FLAGS,
				   NFT_LOOKUP_F_INV);
	lin_add_expr(lctx, nle);
}

/* JSON: a string "@name" stands for the reference (see json input). */
const struct expr_ops setref_expr_ops = {
	.type		= EXPR_SET_REF,
	.name		= "set reference",
	.destroy	= setref_expr_destroy,
	.clone		= setref_expr_clone,
	.cmp		= setref_expr_cmp,
	.print		= setref_expr_print,
	.json		= setref_expr_json,
	.evaluate	= setref_expr_evaluate,
};

struct expr *setref_expr_alloc(const struct location *loc, const char *name)
{
	struct expr *expr = expr_alloc(loc, &setref_expr_ops, &invalid_type,
				       BYTEORDER_INVALID, 0);

	expr->symbol.identifier = xstrdup(name);
	return expr;
}
