/*
 * Verdicts: accept, drop, continue, return, jump CHAIN, goto CHAIN. They
 * live in the verdict register (NFT_REG_VERDICT) through an immediate.
 */
#include <string.h>
#include <json.h>
#include <expr.h>
#include <evaluate.h>
#include <linearize.h>
#include <nftables.h>
#include <obj.h>
#include <libnftnl/expr.h>
#include <linux/netfilter.h>

struct verdict_row {
	int verdict;
	const char *name;
};

static const struct verdict_row verdict_table[] = {
	{ NF_ACCEPT,	"accept" },
	{ NF_DROP,	"drop" },
	{ NFT_CONTINUE,	"continue" },
	{ NFT_RETURN,	"return" },
	{ NFT_JUMP,	"jump" },
	{ NFT_GOTO,	"goto" },
	{ NFT_BREAK,	"break" },
};

const char *verdict_name(int verdict)
{
	unsigned int i;

	for (i = 0; i < array_size(verdict_table); i++)
		if (verdict_table[i].verdict == verdict)
			return verdict_table[i].name;
	return "unknown";
}

static void verdict_expr_destroy(struct expr *expr)
{
	expr_free(expr->verdict.chain);
	if (expr->verdict.binding)
		chain_free(expr->verdict.binding);
}

static void verdict_expr_clone(struct expr *dst, const struct expr *src)
{
	dst->verdict.verdict = src->verdict.verdict;
	dst->verdict.chain = src->verdict.chain ?
			     expr_clone(src->verdict.chain) : NULL;
	dst->verdict.binding = src->verdict.binding ?
			       chain_get(src->verdict.binding) : NULL;
}

static bool verdict_expr_cmp(const struct expr *a, const struct expr *b)
{
	return a->verdict.verdict == b->verdict.verdict &&
	       a->verdict.binding == b->verdict.binding &&
	       (a->verdict.chain == b->verdict.chain ||
		expr_cmp(a->verdict.chain, b->verdict.chain));
}

/* The target's text whatever stage it is in (symbol, variable, value). */
static char *verdict_chain_name(const struct expr *chain)
{
	switch (chain->etype) {
	case EXPR_SYMBOL:
		return xstrdup(chain->symbol.identifier);
	case EXPR_VARIABLE:
		if (chain->variable.value)
			return verdict_chain_name(chain->variable.value);
		return xasprintf("$%s", chain->variable.name);
	case EXPR_VALUE:
		return constant_expr_get_string(chain);
	default:
		return xstrdup("");
	}
}

static void verdict_expr_print(const struct expr *expr,
			       struct output_ctx *octx)
{
	const struct chain *bound = verdict_binding(expr, octx);
	char *name;

	nft_print(octx, "%s", verdict_name(expr->verdict.verdict));
	if (bound && !(expr->verdict.binding && expr->verdict.chain)) {
		binding_print(bound, octx);
		return;
	}
	if (expr->verdict.chain == NULL)
		return;
	name = verdict_chain_name(expr->verdict.chain);
	nft_print(octx, " %s", name);
	xfree(name);
}

static json_t *verdict_expr_json(const struct expr *expr,
				 struct output_ctx *octx)
{
	const struct chain *bound = verdict_binding(expr, octx);
	const char *key = verdict_name(expr->verdict.verdict);
	json_t *target;
	char *name;

	/* a listing's; an echo names the chain (src/obj/binding.c) */
	if (bound && !(expr->verdict.binding && expr->verdict.chain))
		return binding_json(expr, bound, octx);
	if (expr->verdict.chain == NULL)
		return json_wrap(key, json_null());
	name = verdict_chain_name(expr->verdict.chain);
	target = json_wrap(key, json_wrap("target", json_string(name)));
	xfree(name);
	return target;
}

/* The target is a name: resolve $var / symbol into a string constant. */
static int verdict_expr_evaluate(struct eval_ctx *ectx, struct expr **exprp)
{
	struct expr *expr = *exprp, *chain = expr->verdict.chain;
	const struct expr *target = chain;
	char *name;

	if (chain == NULL || chain->etype == EXPR_VALUE)
		return 0;
	/* define b = $a: a variable may stand for another one */
	while (target->etype == EXPR_VARIABLE) {
		if (target->variable.value == NULL)
			return expr_error(ectx, chain,
					  "unknown identifier '%s'",
					  target->variable.name);
		target = target->variable.value;
	}
	if (target->etype != EXPR_SYMBOL && target->etype != EXPR_VALUE)
		return expr_error(ectx, chain,
				  "Verdict target must be a chain name");
	/* 1.1.3 reads the name as a string, which refuses "" where it
	 * was defined */
	if (target->etype == EXPR_SYMBOL && !target->symbol.identifier[0])
		return expr_error(ectx, target, "Empty string is not allowed");
	name = verdict_chain_name(chain);
	expr->verdict.chain = constant_expr_alloc_string(&chain->location,
							 &string_type, name, 0);
	xfree(name);
	expr_free(chain);
	return 0;
}

static void verdict_expr_linearize(struct lin_ctx *lctx,
				   const struct expr *expr,
				   enum nft_registers dreg)
{
	struct nftnl_expr *nle = lin_expr_alloc("immediate");
	char *name;

	nftnl_expr_set_u32(nle, NFTNL_EXPR_IMM_DREG, NFT_REG_VERDICT);
	nftnl_expr_set_u32(nle, NFTNL_EXPR_IMM_VERDICT, expr->verdict.verdict);
	if (expr->verdict.chain) {
		name = verdict_chain_name(expr->verdict.chain);
		nftnl_expr_set_str(nle, NFTNL_EXPR_IMM_CHAIN, name);
		xfree(name);
	}
	if (expr->verdict.binding)
		nftnl_expr_set_u32(nle, NFTNL_EXPR_IMM_CHAIN_ID,
				   expr->verdict.binding->handle.chain_id);
	lin_add_expr(lctx, nle);
}

const struct expr_ops verdict_expr_ops = {
	.type		= EXPR_VERDICT,
	.name		= "verdict",
	.destroy	= verdict_expr_destroy,
	.clone		= verdict_expr_clone,
	.cmp		= verdict_expr_cmp,
	.print		= verdict_expr_print,
	.json		= verdict_expr_json,
	.evaluate	= verdict_expr_evaluate,
	.linearize	= verdict_expr_linearize,
};

struct expr *verdict_expr_alloc(const struct location *loc, int verdict,
				struct expr *chain)
{
	struct expr *expr;

	expr = expr_alloc(loc, &verdict_expr_ops, &verdict_type,
			  BYTEORDER_INVALID, NFT_REG_SIZE * BITS_PER_BYTE);
	expr->verdict.verdict = verdict;
	expr->verdict.chain = chain;
	return expr;
}
