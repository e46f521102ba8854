/*
 * Symbols: text from the input not yet given a meaning. The left side of
 * the relation they appear in decides their type (ectx->ectx_dtype).
 */
#include <string.h>
#include <expr.h>
#include <evaluate.h>
#include <nftables.h>

static void symbol_expr_destroy(struct expr *expr)
{
	xfree(expr->symbol.identifier);
}

static void symbol_expr_clone(struct expr *dst, const struct expr *src)
{
	dst->symbol.identifier = xstrdup(src->symbol.identifier);
	dst->symbol.quoted = src->symbol.quoted;
}

static bool symbol_expr_cmp(const struct expr *a, const struct expr *b)
{
	return !strcmp(a->symbol.identifier, b->symbol.identifier);
}

static void symbol_expr_print(const struct expr *expr, struct output_ctx *octx)
{
	if (expr->symbol.quoted)
		nft_print(octx, "\"%s\"", expr->symbol.identifier);
	else
		nft_print(octx, "%s", expr->symbol.identifier);
}

static json_t *symbol_expr_json(const struct expr *expr,
				struct output_ctx *octx)
{
	return json_string(expr->symbol.identifier);
}

static int symbol_boolean_mismatch(struct eval_ctx *ectx,
				   const struct expr *sym)
{
	const struct expr *rel = ectx->stmt ? ectx->stmt->expr : NULL;
	struct error_record *erec;

	erec = erec_create(EREC_ERROR, &sym->location,
			   "datatype mismatch, expected %s, expression has type boolean type",
			   ectx->ectx_dtype->desc);
	/* the left side marked too, where it was written */
	if (rel && rel->etype == EXPR_RELATIONAL && rel->binop.right == sym &&
	    rel->binop.left->location.indesc &&
	    rel->binop.left->location.json_index < 0)
		erec_add_location(erec, &rel->binop.left->location);
	erec_queue(erec, ectx->msgs);
	return -1;
}

static int symbol_expr_evaluate(struct eval_ctx *ectx, struct expr **exprp)
{
	struct expr *sym = *exprp, *res = NULL;
	struct error_record *erec;

	if (ectx->ectx_dtype == NULL ||
	    ectx->ectx_dtype->type == TYPE_INVALID)
		/* 1.1.3's words ("foo 1", "meta mark set foo map ...") */
		return expr_error(ectx, sym, "No symbol type information");

	/* "exists" and "missing" are a boolean's words, not strings: a
	 * left side of another type is a mismatch, as 1.1.3 says ("meta
	 * iifname missing", which we matched as a name) */
	if (!sym->symbol.quoted && ectx->ectx_dtype != &boolean_type &&
	    (!strcmp(sym->symbol.identifier, "exists") ||
	     !strcmp(sym->symbol.identifier, "missing")))
		return symbol_boolean_mismatch(ectx, sym);

	if (ectx->nft && ectx->nft->input_flags & NFT_CTX_INPUT_NO_DNS &&
	    symbol_needs_dns(ectx->ectx_dtype, sym->symbol.identifier))
		return expr_error(ectx, sym,
				  "'%s' is not an address, and name resolution is off (NFT_CTX_INPUT_NO_DNS)",
				  sym->symbol.identifier);

	/* The left side's width and byte order win over the type's own
	 * ("meta iifname" is a 16 byte string, "udp length" 16 bits). */
	erec = symbol_parse_sized(ectx->ectx_dtype, sym, ectx->ectx_byteorder,
				  ectx->ectx_len, &res);
	if (erec != NULL) {
		erec_queue(erec, ectx->msgs);
		return -1;
	}
	expr_free(sym);
	*exprp = res;
	return 0;
}

const struct expr_ops symbol_expr_ops = {
	.type		= EXPR_SYMBOL,
	.name		= "symbol",
	.destroy	= symbol_expr_destroy,
	.clone		= symbol_expr_clone,
	.cmp		= symbol_expr_cmp,
	.print		= symbol_expr_print,
	.json		= symbol_expr_json,
	.evaluate	= symbol_expr_evaluate,
};

struct expr *symbol_expr_alloc(const struct location *loc,
			       const char *identifier, bool quoted)
{
	struct expr *expr;

	expr = expr_alloc(loc, &symbol_expr_ops, &invalid_type,
			  BYTEORDER_INVALID, 0);
	expr->symbol.identifier = xstrdup(identifier);
	expr->symbol.quoted = quoted;
	return expr;
}

/* The same, taking over @identifier (the scanner's copy of a token): one
 * copy less per member of a big set block. */
struct expr *symbol_expr_alloc_take(const struct location *loc,
				    char *identifier, bool quoted)
{
	struct expr *expr;

	expr = expr_alloc(loc, &symbol_expr_ops, &invalid_type,
			  BYTEORDER_INVALID, 0);
	expr->symbol.identifier = identifier;
	expr->symbol.quoted = quoted;
	return expr;
}
