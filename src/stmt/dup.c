/*
 * Dup statements: "dup to ADDR [device DEV]" in ip and ip6 (a copy of
 * the packet routed to ADDR, or sent through DEV), "dup to DEV" in
 * netdev. Address and device go to the kernel in registers, the address
 * first. JSON names the netdev device "addr", as the system nft does.
 */
#include <string.h>
#include <stmt.h>
#include <evaluate.h>
#include <linearize.h>
#include <json.h>
#include <nftables.h>
#include <libnftnl/expr.h>
#include <rule.h>
#include <linux/netfilter.h>

static void dup_stmt_destroy(struct stmt *stmt)
{
	expr_free(stmt->dup.to);
	expr_free(stmt->dup.dev);
}

static void dup_stmt_print(const struct stmt *stmt, struct output_ctx *octx)
{
	nft_print(octx, "dup to ");
	expr_print(stmt->dup.to, octx);
	if (stmt->dup.dev) {
		nft_print(octx, " device ");
		expr_print(stmt->dup.dev, octx);
	}
}

static json_t *dup_stmt_json(const struct stmt *stmt, struct output_ctx *octx)
{
	json_t *obj = json_pack("{s:o}", "addr", expr_json(stmt->dup.to, octx));

	if (stmt->dup.dev)
		json_object_set_new(obj, "dev", expr_json(stmt->dup.dev, octx));
	return json_wrap("dup", obj);
}

/* A value, or an expression computing one ("dup to ip daddr", "device
 * meta iif"); the whole statement is the related text of a mismatch, as
 * the system nft shows it. */
static int dup_evaluate_arg(struct eval_ctx *ectx, const struct stmt *stmt,
			    struct expr **exprp, const struct datatype *dtype)
{
	if (stmt_evaluate_arg(ectx, exprp, dtype) < 0)
		return -1;
	return stmt_arg_type_check(ectx, *exprp, dtype, &stmt->location);
}

static int dup_stmt_evaluate(struct eval_ctx *ectx, struct stmt *stmt)
{
	switch (ectx->pctx.family) {
	case NFPROTO_IPV4:
		if (dup_evaluate_arg(ectx, stmt, &stmt->dup.to,
				     &ipaddr_type) < 0)
			return -1;
		break;
	case NFPROTO_IPV6:
		if (dup_evaluate_arg(ectx, stmt, &stmt->dup.to,
				     &ip6addr_type) < 0)
			return -1;
		break;
	case NFPROTO_NETDEV:
		/* "dup to DEVICE" only: 1.1.3's words, under the
		 * statement */
		if (stmt->dup.dev)
			return stmt_error(ectx, stmt,
					  "cannot specify device");
		return dup_evaluate_arg(ectx, stmt, &stmt->dup.to,
					&ifindex_type);
	default:
		/* the reference's words */
		return stmt_error(ectx, stmt, "unsupported family");
	}
	if (stmt->dup.dev &&
	    dup_evaluate_arg(ectx, stmt, &stmt->dup.dev, &ifindex_type) < 0)
		return -1;
	/* the grammar takes an address range or prefix; the reference
	 * refuses it once the device is known */
	if (stmt->dup.to->etype == EXPR_RANGE ||
	    stmt->dup.to->etype == EXPR_PREFIX)
		return expr_error(ectx, stmt->dup.to,
				  "dup: range argument not supported");
	return 0;
}

static void dup_stmt_linearize(struct lin_ctx *lctx, const struct stmt *stmt)
{
	struct nftnl_expr *nle = lin_expr_alloc("dup");
	enum nft_registers areg, dreg = 0;

	areg = lin_get_register(lctx, NFT_REG_SIZE * BITS_PER_BYTE);
	stmt_arg_linearize(lctx, stmt->dup.to, areg);
	if (stmt->dup.dev) {
		dreg = lin_get_register(lctx, NFT_REG_SIZE * BITS_PER_BYTE);
		linearize_expr(lctx, stmt->dup.dev, dreg);
	}
	if (lctx->family == NFPROTO_NETDEV) {
		nftnl_expr_set_u32(nle, NFTNL_EXPR_DUP_SREG_DEV, areg);
	} else {
		nftnl_expr_set_u32(nle, NFTNL_EXPR_DUP_SREG_ADDR, areg);
		if (stmt->dup.dev)
			nftnl_expr_set_u32(nle, NFTNL_EXPR_DUP_SREG_DEV, dreg);
	}
	lin_add_expr(lctx, nle);
	if (stmt->dup.dev)
		lin_put_register(lctx, dreg);
	lin_put_register(lctx, areg);
}

/* The value loaded into the register @attr names, as @dtype. */
static struct expr *dup_delin_reg(struct delin_ctx *dctx,
				  const struct nftnl_expr *nle, uint16_t attr,
				  const struct datatype *dtype)
{
	struct expr *e;

	e = delin_get_register(dctx, nftnl_expr_get_u32(nle, attr));
	if (e && e->etype == EXPR_VALUE)
		datatype_value_retype(e, dtype, dtype->byteorder);
	return e;
}

static int dup_stmt_delinearize(struct delin_ctx *dctx,
				const struct nftnl_expr *nle)
{
	struct stmt *stmt = dup_stmt_alloc(&internal_location);
	bool has_addr = nftnl_expr_is_set(nle, NFTNL_EXPR_DUP_SREG_ADDR);

	if (has_addr)
		stmt->dup.to = dup_delin_reg(dctx, nle,
				NFTNL_EXPR_DUP_SREG_ADDR,
				dctx->family == NFPROTO_IPV6 ?
				&ip6addr_type : &ipaddr_type);
	if (nftnl_expr_is_set(nle, NFTNL_EXPR_DUP_SREG_DEV)) {
		struct expr *dev = dup_delin_reg(dctx, nle,
						 NFTNL_EXPR_DUP_SREG_DEV,
						 &ifindex_type);

		if (has_addr)
			stmt->dup.dev = dev;
		else
			stmt->dup.to = dev;
		if (dev == NULL) {
			expr_free(stmt->dup.to);
			stmt->dup.to = NULL;
		}
	}
	if (stmt->dup.to == NULL) {
		stmt_free(stmt);
		return -1;
	}
	delin_add_stmt(dctx, stmt);
	return 0;
}

/* Listing: loads in the address and device are named ("dup to ip
 * daddr", not "@nh,128,32"), their dependencies dropped. */
static void dup_stmt_delin_postprocess(struct delin_ctx *dctx,
				       struct stmt *stmt)
{
	delin_postprocess_expr(dctx, stmt, &stmt->dup.to);
	delin_postprocess_expr(dctx, stmt, &stmt->dup.dev);
}

/* {"dup": {"addr": "10.0.0.1", "dev": "eth0"}}; netdev: {"addr": "eth0"} */
static struct stmt *dup_stmt_json_parse(struct json_ctx *jctx,
					const char *key, json_t *value,
					const struct location *loc)
{
	json_t *addr = json_object_get(value, "addr");
	json_t *dev = json_object_get(value, "dev");
	struct stmt *stmt;

	if (addr == NULL) {
		json_error(jctx, ".dup", "Invalid dup: no \"addr\"");
		return NULL;
	}
	stmt = dup_stmt_alloc(loc);
	stmt->dup.to = json_parse_expr(jctx, addr, ".dup.addr");
	if (dev)
		stmt->dup.dev = json_parse_expr(jctx, dev, ".dup.dev");
	if (stmt->dup.to == NULL || (dev && stmt->dup.dev == NULL)) {
		stmt_free(stmt);
		return NULL;
	}
	return stmt;
}

static const char *const dup_stmt_json_keys[] = {
	"addr", "dev", NULL,
};

const struct stmt_ops dup_stmt_ops = {
	.type		= STMT_DUP,
	.name		= "dup",
	.destroy	= dup_stmt_destroy,
	.print		= dup_stmt_print,
	.json		= dup_stmt_json,
	.evaluate	= dup_stmt_evaluate,
	.linearize	= dup_stmt_linearize,
	.nl_name	= "dup",
	.delinearize	= dup_stmt_delinearize,
	.delin_postprocess = dup_stmt_delin_postprocess,
	.json_name	= "dup",
	.json_parse	= dup_stmt_json_parse,
	.json_keys	= dup_stmt_json_keys,
};

struct stmt *dup_stmt_alloc(const struct location *loc)
{
	return stmt_alloc(loc, &dup_stmt_ops);
}
