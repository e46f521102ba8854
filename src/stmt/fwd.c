/*
 * Forward statements (netdev only): "fwd to DEV" sends the packet out
 * of DEV; "fwd ip|ip6 to ADDR device DEV" sends it to the neighbour ADDR
 * through DEV. The device goes to the kernel first, in its register,
 * then the address with its family.
 */
#include <string.h>
#include <stmt.h>
#include <evaluate.h>
#include <linearize.h>
#include <json.h>
#include <rule.h>
#include <nftables.h>
#include <libnftnl/expr.h>
#include <linux/netfilter.h>

static const char *fwd_family_name(uint8_t family)
{
	return family == NFPROTO_IPV4 ? "ip" : "ip6";
}

static const struct datatype *fwd_addr_type(uint8_t family)
{
	return family == NFPROTO_IPV4 ? &ipaddr_type : &ip6addr_type;
}

static void fwd_stmt_destroy(struct stmt *stmt)
{
	expr_free(stmt->dup.to);
	expr_free(stmt->dup.dev);
}

static void fwd_stmt_print(const struct stmt *stmt, struct output_ctx *octx)
{
	if (stmt->dup.to == NULL) {
		nft_print(octx, "fwd to ");
		expr_print(stmt->dup.dev, octx);
		return;
	}
	nft_print(octx, "fwd %s to ", fwd_family_name(stmt->dup.family));
	expr_print(stmt->dup.to, octx);
	nft_print(octx, " device ");
	expr_print(stmt->dup.dev, octx);
}

static json_t *fwd_stmt_json(const struct stmt *stmt, struct output_ctx *octx)
{
	json_t *obj = json_pack("{s:o}", "dev", expr_json(stmt->dup.dev, octx));

	if (stmt->dup.to) {
		json_object_set_new(obj, "family",
			json_string(fwd_family_name(stmt->dup.family)));
		json_object_set_new(obj, "addr", expr_json(stmt->dup.to, octx));
	}
	return json_wrap("fwd", obj);
}

/* A value, or an expression computing one ("fwd to meta iif"); the
 * whole statement is the related text of a mismatch. */
static int fwd_evaluate_arg(struct eval_ctx *ectx, const struct stmt *stmt,
			    struct expr **exprp, const struct datatype *dtype)
{
	if (stmt_evaluate_arg(ectx, exprp, dtype) < 0)
		return -1;
	return stmt_arg_type_check(ectx, *exprp, dtype, &stmt->location);
}

static int fwd_stmt_evaluate(struct eval_ctx *ectx, struct stmt *stmt)
{
	if (ectx->pctx.family != NFPROTO_NETDEV)
		return stmt_error(ectx, stmt,
				  "unsupported family");
	if (fwd_evaluate_arg(ectx, stmt, &stmt->dup.dev, &ifindex_type) < 0)
		return -1;
	if (stmt->dup.to == NULL)
		return 0;
	if (fwd_evaluate_arg(ectx, stmt, &stmt->dup.to,
			     fwd_addr_type(stmt->dup.family)) < 0)
		return -1;
	/* taken by the grammar, refused here as the reference does */
	if (stmt->dup.to->etype == EXPR_RANGE ||
	    stmt->dup.to->etype == EXPR_PREFIX)
		return expr_error(ectx, stmt->dup.to,
				  "fwd: range argument not supported");
	return 0;
}

static void fwd_stmt_linearize(struct lin_ctx *lctx, const struct stmt *stmt)
{
	struct nftnl_expr *nle = lin_expr_alloc("fwd");
	enum nft_registers dreg, areg = 0;

	dreg = lin_get_register(lctx, NFT_REG_SIZE * BITS_PER_BYTE);
	linearize_expr(lctx, stmt->dup.dev, dreg);
	nftnl_expr_set_u32(nle, NFTNL_EXPR_FWD_SREG_DEV, dreg);
	if (stmt->dup.to) {
		areg = lin_get_register(lctx, NFT_REG_SIZE * BITS_PER_BYTE);
		stmt_arg_linearize(lctx, stmt->dup.to, areg);
		nftnl_expr_set_u32(nle, NFTNL_EXPR_FWD_SREG_ADDR, areg);
		nftnl_expr_set_u32(nle, NFTNL_EXPR_FWD_NFPROTO,
				   stmt->dup.family);
	}
	lin_add_expr(lctx, nle);
	if (stmt->dup.to)
		lin_put_register(lctx, areg);
	lin_put_register(lctx, dreg);
}

static struct expr *fwd_delin_reg(struct delin_ctx *dctx,
				  const struct nftnl_expr *nle, uint16_t attr,
				  const struct datatype *dtype)
{
	struct expr *e;

	e = delin_get_register(dctx, nftnl_expr_get_u32(nle, attr));
	if (e && e->etype == EXPR_VALUE)
		datatype_value_retype(e, dtype, dtype->byteorder);
	return e;
}

static int fwd_stmt_delinearize(struct delin_ctx *dctx,
				const struct nftnl_expr *nle)
{
	struct stmt *stmt = fwd_stmt_alloc(&internal_location);
	uint32_t family;

	stmt->dup.dev = fwd_delin_reg(dctx, nle, NFTNL_EXPR_FWD_SREG_DEV,
				      &ifindex_type);
	if (stmt->dup.dev == NULL)
		goto err;
	if (nftnl_expr_is_set(nle, NFTNL_EXPR_FWD_SREG_ADDR)) {
		family = nftnl_expr_get_u32(nle, NFTNL_EXPR_FWD_NFPROTO);
		if (family != NFPROTO_IPV4 && family != NFPROTO_IPV6)
			goto err;
		stmt->dup.family = family;
		stmt->dup.to = fwd_delin_reg(dctx, nle,
					     NFTNL_EXPR_FWD_SREG_ADDR,
					     fwd_addr_type(family));
		if (stmt->dup.to == NULL)
			goto err;
	}
	delin_add_stmt(dctx, stmt);
	return 0;
err:
	stmt_free(stmt);
	return -1;
}

/* Listing: loads in the device and address are named, their
 * dependencies dropped. */
static void fwd_stmt_delin_postprocess(struct delin_ctx *dctx,
				       struct stmt *stmt)
{
	delin_postprocess_expr(dctx, stmt, &stmt->dup.dev);
	delin_postprocess_expr(dctx, stmt, &stmt->dup.to);
}

/* {"fwd": {"dev": "eth0"}} or {"fwd": {"dev": "eth0", "family": "ip",
 *  "addr": "10.0.0.1"}} */
static struct stmt *fwd_stmt_json_parse(struct json_ctx *jctx,
					const char *key, json_t *value,
					const struct location *loc)
{
	json_t *dev = json_object_get(value, "dev");
	json_t *addr = json_object_get(value, "addr");
	const char *family = NULL;
	struct stmt *stmt;

	if (dev == NULL) {
		json_error(jctx, ".fwd", "Invalid fwd: no \"dev\"");
		return NULL;
	}
	if (stmt_json_str(jctx, value, "fwd", "family", &family) < 0)
		return NULL;
	if (addr && (family == NULL || (strcmp(family, "ip") &&
					 strcmp(family, "ip6")))) {
		json_error(jctx, ".fwd.family",
			   "fwd to an address needs \"family\": \"ip\" or \"ip6\"");
		return NULL;
	}
	stmt = fwd_stmt_alloc(loc);
	stmt->dup.dev = json_parse_expr(jctx, dev, ".fwd.dev");
	if (addr) {
		stmt->dup.family = strcmp(family, "ip") ? NFPROTO_IPV6 :
							  NFPROTO_IPV4;
		stmt->dup.to = json_parse_expr(jctx, addr, ".fwd.addr");
	}
	if (stmt->dup.dev == NULL || (addr && stmt->dup.to == NULL)) {
		stmt_free(stmt);
		return NULL;
	}
	return stmt;
}

static const char *const fwd_stmt_json_keys[] = {
	"dev", "family", "addr", NULL,
};

const struct stmt_ops fwd_stmt_ops = {
	.type		= STMT_FWD,
	.name		= "fwd",
	.destroy	= fwd_stmt_destroy,
	.print		= fwd_stmt_print,
	.json		= fwd_stmt_json,
	.evaluate	= fwd_stmt_evaluate,
	.linearize	= fwd_stmt_linearize,
	.nl_name	= "fwd",
	.delinearize	= fwd_stmt_delinearize,
	.delin_postprocess = fwd_stmt_delin_postprocess,
	.json_name	= "fwd",
	.json_parse	= fwd_stmt_json_parse,
	.json_keys	= fwd_stmt_json_keys,
	.terminal	= true,
};

struct stmt *fwd_stmt_alloc(const struct location *loc)
{
	return stmt_alloc(loc, &fwd_stmt_ops);
}
