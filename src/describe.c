/*
 * describe EXPR: what kind of expression it is, its datatype with the
 * chain of base types, its width, and the named constants the type
 * knows, laid out as the system nft prints them.
 */
#include <nft.h>
#include <nftables.h>
#include <describe.h>
#include <datatype.h>
#include <evaluate.h>
#include <expr.h>
#include <inttypes.h>
#include <string.h>
#include <linux/netfilter.h>

/* The first base type, and those below it, by description. */
static void describe_basetypes(const struct datatype *dtype,
			       struct output_ctx *octx)
{
	const struct datatype *b = dtype->basetype;
	const char *sep = " (basetype ";

	for (; b; b = b->basetype) {
		nft_print(octx, "%s%s", sep, b->desc);
		sep = ", ";
	}
	if (dtype->basetype)
		nft_print(octx, ")");
}

static bool describe_is_string(const struct datatype *dtype)
{
	for (; dtype; dtype = dtype->basetype)
		if (dtype->type == TYPE_STRING)
			return true;
	return false;
}

/* The type's own symbol table, or the first one of its base types. */
static const struct symbol_table *describe_symbols(const struct datatype *d)
{
	for (; d; d = d->basetype)
		if (d->sym_tbl)
			return d->sym_tbl;
	return NULL;
}

static void describe_symbol_table(const struct datatype *dtype,
				  const struct symbol_table *tbl,
				  struct output_ctx *octx)
{
	const struct symbolic_constant *s;
	unsigned int bits = tbl->size ? tbl->size : dtype->size;
	bool decimal = tbl->base_decimal && !tbl->describe_hex;

	/* Protocol names mirror /etc/protocols: the system nft prints
	 * them without the heading. */
	if (dtype->type != TYPE_INET_PROTOCOL)
		nft_print(octx, "\npre-defined symbolic constants (in %s):\n",
			  decimal ? "decimal" : "hexadecimal");
	for (s = tbl->symbols; s->identifier; s++) {
		/* aliases we accept beyond /etc/protocols' names */
		if (dtype->type == TYPE_INET_PROTOCOL &&
		    strcmp(symbol_name(tbl, s->value), s->identifier))
			continue;
		nft_print(octx, "\t%-30s\t", s->identifier);
		if (dtype->type == TYPE_INET_PROTOCOL)
			nft_print(octx, "%" PRIu64 "\n", s->value);
		else if (decimal)
			nft_print(octx, "%20" PRIu64 "\n", s->value);
		else	/* whole bytes: "ip ecn" shows 0x03 */
			nft_print(octx, "0x%0*" PRIx64 "\n",
				  (int)div_round_up(bits, BITS_PER_BYTE) * 2,
				  s->value);
	}
}

void describe_expr(const struct expr *expr, struct output_ctx *octx)
{
	const struct datatype *dtype = expr->dtype;
	const struct symbol_table *tbl;

	nft_print(octx, "%s, datatype %s (%s)", expr_name(expr), dtype->name,
		  dtype->desc);
	if (expr->etype == EXPR_SYMBOL || dtype->type == TYPE_INVALID) {
		nft_print(octx, "\n");
		return;
	}
	describe_basetypes(dtype, octx);
	if (describe_is_string(dtype))
		nft_print(octx, ", %u characters\n",
			  expr->len / BITS_PER_BYTE);
	else
		nft_print(octx, ", %u bits\n", expr->len);
	tbl = describe_symbols(dtype);
	if (tbl && !tbl->input_only)
		describe_symbol_table(dtype, tbl, octx);
}

/* An expression described has no table: take it as in inet, the family
 * where every key is valid. */
int describe_cmd_evaluate(struct eval_ctx *ectx, struct cmd *cmd)
{
	struct expr *expr = cmd->data;

	proto_ctx_init(&ectx->pctx, NFPROTO_INET);
	if (expr->etype == EXPR_CT)
		return ct_expr_describe_evaluate(ectx, expr);
	return expr_evaluate(ectx, (struct expr **)&cmd->data);
}

int do_describe_cmd(struct nft_ctx *nft, struct cmd *cmd)
{
	describe_expr(cmd->data, &nft->octx);
	return 0;
}
