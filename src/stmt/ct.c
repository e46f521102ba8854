/*
 * "ct [original|reply] KEY set VALUE": write conntrack state of the
 * packet's connection (mark, label, zone, event mask, secmark). The
 * shared "KEY set VALUE" work is in src/stmt/meta.c; JSON input comes
 * through its "mangle" parser.
 */
#include <stmt.h>
#include <evaluate.h>
#include <linearize.h>
#include <nftables.h>
#include <libnftnl/expr.h>

static int ct_stmt_evaluate(struct eval_ctx *ectx, struct stmt *stmt)
{
	/* a key the kernel cannot set is its to refuse (EOPNOTSUPP),
	 * after the value is typed, in the batch's order, as 1.1.3 has
	 * it */
	return keyset_stmt_evaluate(ectx, stmt);
}

static void ct_stmt_linearize(struct lin_ctx *lctx, const struct stmt *stmt)
{
	const struct expr *key = stmt->keyset.key;
	struct nftnl_expr *nle = lin_expr_alloc("ct");

	nftnl_expr_set_u32(nle, NFTNL_EXPR_CT_KEY, key->ct.key);
	if (key->ct.direction >= 0)
		nftnl_expr_set_u8(nle, NFTNL_EXPR_CT_DIR, key->ct.direction);
	keyset_stmt_linearize(lctx, stmt, nle, NFTNL_EXPR_CT_SREG);
}

int ct_stmt_delinearize(struct delin_ctx *dctx, struct expr *key,
			enum nft_registers sreg)
{
	return keyset_stmt_delinearize(dctx,
			ct_stmt_alloc(&internal_location, key, NULL), sreg);
}

const struct stmt_ops ct_stmt_ops = {
	.type		= STMT_CT,
	.name		= "ct",
	.destroy	= keyset_stmt_destroy,
	.print		= keyset_stmt_print,
	.json		= keyset_stmt_json,
	.evaluate	= ct_stmt_evaluate,
	.linearize	= ct_stmt_linearize,
	.delin_postprocess = keyset_stmt_delin_postprocess,
};

struct stmt *ct_stmt_alloc(const struct location *loc, struct expr *key,
			   struct expr *value)
{
	struct stmt *stmt = stmt_alloc(loc, &ct_stmt_ops);

	stmt->keyset.key = key;
	stmt->keyset.value = value;
	return stmt;
}
