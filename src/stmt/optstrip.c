/*
 * "reset tcp option NAME": the kernel removes the option from the packet
 * (overwrites it with NOPs). The kernel's exthdr expression without a
 * register does it; the statement holds the option's presence
 * expression ("tcp option sack-perm"), in stmt->expr, as the reference
 * prints and reads it: {"reset": {"tcp option": {"name": "sack-perm"}}}.
 */
#include <string.h>
#include <stmt.h>
#include <evaluate.h>
#include <linearize.h>
#include <json.h>
#include <nftables.h>
#include <libnftnl/expr.h>

static void optstrip_stmt_destroy(struct stmt *stmt)
{
	expr_free(stmt->expr);
}

static void optstrip_stmt_print(const struct stmt *stmt,
				struct output_ctx *octx)
{
	nft_print(octx, "reset ");
	expr_print(stmt->expr, octx);
}

/* An option without a name is the kernel's attributes, length 0, as
 * the reference writes it. */
static json_t *optstrip_stmt_json(const struct stmt *stmt,
				  struct output_ctx *octx)
{
	const struct expr *e = stmt->expr;

	if (e->exthdr.desc)
		return json_wrap("reset", expr_json(e, octx));
	return json_wrap("reset", json_wrap("tcp option",
			 json_pack("{s:i, s:i, s:i}", "base", e->exthdr.type,
				   "offset", 0, "len", 0)));
}

/* A TCP option as a whole (not a field of it), by name or number. */
static int optstrip_stmt_evaluate(struct eval_ctx *ectx, struct stmt *stmt)
{
	const struct expr *e = stmt->expr;

	if (e->etype != EXPR_EXTHDR || e->exthdr.op != NFT_EXTHDR_OP_TCPOPT ||
	    !(e->exthdr.flags & NFT_EXTHDR_F_PRESENT))
		return expr_error(ectx, e,
				  "only a tcp option can be reset: reset tcp option NAME");
	return 0;
}

static void optstrip_stmt_linearize(struct lin_ctx *lctx,
				    const struct stmt *stmt)
{
	struct nftnl_expr *nle = lin_expr_alloc("exthdr");

	/* the kernel takes the option's type alone: no offset, length,
	 * flags or register */
	nftnl_expr_set_u8(nle, NFTNL_EXPR_EXTHDR_TYPE, stmt->expr->exthdr.type);
	nftnl_expr_set_u32(nle, NFTNL_EXPR_EXTHDR_OP, NFT_EXTHDR_OP_TCPOPT);
	lin_add_expr(lctx, nle);
}

/* An exthdr with neither register: the option removed. */
static int optstrip_stmt_delinearize(struct delin_ctx *dctx,
				     const struct nftnl_expr *nle)
{
	if (nftnl_expr_is_set(nle, NFTNL_EXPR_EXTHDR_DREG) ||
	    nftnl_expr_is_set(nle, NFTNL_EXPR_EXTHDR_SREG) ||
	    nftnl_expr_get_u32(nle, NFTNL_EXPR_EXTHDR_OP) !=
	    NFT_EXTHDR_OP_TCPOPT)
		return -1;
	delin_add_stmt(dctx, optstrip_stmt_alloc(&internal_location,
		exthdr_expr_alloc_raw(&internal_location,
				      NFT_EXTHDR_OP_TCPOPT,
				      nftnl_expr_get_u8(nle,
						NFTNL_EXPR_EXTHDR_TYPE),
				      0, BITS_PER_BYTE, true)));
	return 0;
}

/* {"reset": {"tcp option": {"name": "sack-perm"}}} */
static struct stmt *optstrip_stmt_json_parse(struct json_ctx *jctx,
					     const char *key, json_t *value,
					     const struct location *loc)
{
	json_t *opt = json_is_object(value) ?
		      json_object_get(value, "tcp option") : NULL;
	json_t *base = json_is_object(opt) ? json_object_get(opt, "base") :
		       NULL;
	struct expr *e;

	/* {"base": 200, "offset": 0, "len": 0}: the option by number */
	if (json_is_integer(base) && json_integer_value(base) >= 0 &&
	    json_integer_value(base) <= UINT8_MAX) {
		e = exthdr_expr_alloc_raw(loc, NFT_EXTHDR_OP_TCPOPT,
					  json_integer_value(base), 0,
					  BITS_PER_BYTE, true);
		return optstrip_stmt_alloc(loc, e);
	}
	e = json_parse_expr(jctx, value, ".reset");
	return e ? optstrip_stmt_alloc(loc, e) : NULL;
}

const struct stmt_ops optstrip_stmt_ops = {
	.type		= STMT_OPTSTRIP,
	.name		= "reset",
	.destroy	= optstrip_stmt_destroy,
	.print		= optstrip_stmt_print,
	.json		= optstrip_stmt_json,
	.evaluate	= optstrip_stmt_evaluate,
	.linearize	= optstrip_stmt_linearize,
	.nl_name	= "exthdr",
	.delinearize	= optstrip_stmt_delinearize,
	.json_name	= "reset",
	.json_parse	= optstrip_stmt_json_parse,
};

struct stmt *optstrip_stmt_alloc(const struct location *loc, struct expr *e)
{
	struct stmt *stmt = stmt_alloc(loc, &optstrip_stmt_ops);

	stmt->expr = e;
	return stmt;
}
