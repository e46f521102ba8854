/*
 * Transparent proxy statements: "tproxy [ip|ip6] to ADDR[:PORT]",
 * "tproxy to :PORT" hand the packet to a local socket. Like nat, the
 * address and the port travel in registers of their own (address
 * first), an IPv6 address is bracketed, and inet needs the family with
 * an address (and lists it whenever given). The kernel takes the family
 * always (unspec for an inet port-only tproxy), and a transport protocol
 * match first.
 */
#include <string.h>
#include <stmt.h>
#include <evaluate.h>
#include <linearize.h>
#include <json.h>
#include <proto.h>
#include <rule.h>
#include <nftables.h>
#include <libnftnl/expr.h>
#include <linux/netfilter.h>

static const char *tproxy_family_name(uint8_t family)
{
	return family == NFPROTO_IPV6 ? "ip6" : "ip";
}

static void tproxy_stmt_destroy(struct stmt *stmt)
{
	expr_free(stmt->tproxy.addr);
	expr_free(stmt->tproxy.port);
}

static void tproxy_stmt_print(const struct stmt *stmt,
			      struct output_ctx *octx)
{
	/* unlike nat, an IPv6 address is bracketed with or without port;
	 * a computed one is not (the system nft refuses "[ip6 saddr]") */
	bool brackets = stmt->tproxy.family == NFPROTO_IPV6 &&
			stmt->tproxy.addr &&
			stmt->tproxy.addr->etype == EXPR_VALUE;

	nft_print(octx, "tproxy");
	if (stmt->tproxy.show_family && stmt->tproxy.family)
		nft_print(octx, " %s",
			  tproxy_family_name(stmt->tproxy.family));
	nft_print(octx, " to ");
	if (stmt->tproxy.addr) {
		nft_print(octx, brackets ? "[" : "");
		expr_print(stmt->tproxy.addr, octx);
		nft_print(octx, brackets ? "]" : "");
	}
	if (stmt->tproxy.port) {
		nft_print(octx, ":");
		expr_print(stmt->tproxy.port, octx);
	}
}

static json_t *tproxy_stmt_json(const struct stmt *stmt,
				struct output_ctx *octx)
{
	json_t *obj = json_object();

	if (stmt->tproxy.show_family && stmt->tproxy.family)
		json_object_set_new(obj, "family", json_string(
			tproxy_family_name(stmt->tproxy.family)));
	if (stmt->tproxy.addr)
		json_object_set_new(obj, "addr",
				    expr_json(stmt->tproxy.addr, octx));
	if (stmt->tproxy.port)
		json_object_set_new(obj, "port",
				    expr_json(stmt->tproxy.port, octx));
	return json_wrap("tproxy", obj);
}

/* Is a transport protocol known before the statement? */
static bool tproxy_transport_known(struct eval_ctx *ectx, struct stmt *stmt)
{
	const struct list_head *pos;
	const struct expr *rel, *left;
	const struct stmt *s;
	struct proto_ctx pctx;

	proto_ctx_init(&pctx, ectx->pctx.family);
	for (pos = ectx->rule->stmts.next; pos != &stmt->list;
	     pos = pos->next) {
		s = list_entry(pos, struct stmt, list);
		rel = s->expr;
		if (s->type != STMT_EXPRESSION || !rel ||
		    rel->etype != EXPR_RELATIONAL)
			continue;
		left = rel->binop.left;
		if (left->etype == EXPR_PAYLOAD && left->payload.desc &&
		    !pctx.protocol[left->payload.desc->base].desc)
			proto_ctx_update(&pctx, left->payload.desc->base,
					 &left->location, left->payload.desc);
		proto_ctx_update_match(&pctx, rel, false);
	}
	return pctx.protocol[PROTO_BASE_TRANSPORT_HDR].desc != NULL;
}

static int tproxy_evaluate_family(struct eval_ctx *ectx, struct stmt *stmt)
{
	unsigned int family = ectx->pctx.family;

	switch (family) {
	case NFPROTO_IPV4:
	case NFPROTO_IPV6:
		if (stmt->tproxy.family && stmt->tproxy.family != family)
			return stmt_error(ectx, stmt,
					  "conflicting protocols specified: %s vs. %s",
					  family_name(family),
					  family_name(stmt->tproxy.family));
		stmt->tproxy.family = family;
		return 0;
	case NFPROTO_INET:
		stmt->tproxy.show_family = true;
		if (stmt->tproxy.addr && !stmt->tproxy.family)
			return stmt_error(ectx, stmt,
					  "specify `tproxy ip' or 'tproxy ip6' in inet table to disambiguate");
		return 0;
	default:
		return stmt_error(ectx, stmt,
				  "tproxy is not supported in the %s family",
				  family_name(family));
	}
}

static bool tproxy_is_range(const struct expr *e)
{
	return e->etype == EXPR_RANGE || e->etype == EXPR_PREFIX;
}

static int tproxy_stmt_evaluate(struct eval_ctx *ectx, struct stmt *stmt)
{
	const struct datatype *dtype;

	if (!tproxy_transport_known(ectx, stmt))
		return stmt_error(ectx, stmt,
				  "Transparent proxy support requires transport protocol match");
	if (tproxy_evaluate_family(ectx, stmt) < 0)
		return -1;
	dtype = stmt->tproxy.family == NFPROTO_IPV6 ? &ip6addr_type :
						      &ipaddr_type;
	if (stmt->tproxy.addr &&
	    stmt_evaluate_arg(ectx, &stmt->tproxy.addr, dtype) < 0)
		return -1;
	if (stmt->tproxy.port &&
	    stmt_evaluate_arg(ectx, &stmt->tproxy.port,
			      &inet_service_type) < 0)
		return -1;
	/* computed ones ("tproxy to :tcp dport") as in nat */
	if ((stmt->tproxy.addr &&
	     stmt_arg_type_check(ectx, stmt->tproxy.addr, dtype,
				 &stmt->location) < 0) ||
	    (stmt->tproxy.port &&
	     stmt_arg_type_check(ectx, stmt->tproxy.port, &inet_service_type,
				 &stmt->location) < 0))
		return -1;
	if ((stmt->tproxy.addr && tproxy_is_range(stmt->tproxy.addr)) ||
	    (stmt->tproxy.port && tproxy_is_range(stmt->tproxy.port)))
		return stmt_error(ectx, stmt,
				  "tproxy takes one address and one port");
	return 0;
}

static void tproxy_stmt_linearize(struct lin_ctx *lctx,
				  const struct stmt *stmt)
{
	struct nftnl_expr *nle = lin_expr_alloc("tproxy");
	enum nft_registers areg = 0, preg = 0;

	nftnl_expr_set_u32(nle, NFTNL_EXPR_TPROXY_FAMILY, stmt->tproxy.family);
	if (stmt->tproxy.addr) {
		areg = lin_get_register(lctx, NFT_REG_SIZE * BITS_PER_BYTE);
		stmt_arg_linearize(lctx, stmt->tproxy.addr, areg);
		nftnl_expr_set_u32(nle, NFTNL_EXPR_TPROXY_REG_ADDR, areg);
	}
	if (stmt->tproxy.port) {
		preg = lin_get_register(lctx, NFT_REG_SIZE * BITS_PER_BYTE);
		stmt_arg_linearize(lctx, stmt->tproxy.port, preg);
		nftnl_expr_set_u32(nle, NFTNL_EXPR_TPROXY_REG_PORT, preg);
	}
	lin_add_expr(lctx, nle);
	if (preg)
		lin_put_register(lctx, preg);
	if (areg)
		lin_put_register(lctx, areg);
}

static struct expr *tproxy_delin_reg(struct delin_ctx *dctx,
				     const struct nftnl_expr *nle,
				     uint16_t attr,
				     const struct datatype *dtype)
{
	struct expr *e;

	e = delin_get_register(dctx, nftnl_expr_get_u32(nle, attr));
	if (e && e->etype == EXPR_VALUE)
		datatype_value_retype(e, dtype, dtype->byteorder);
	return e;
}

/* Listing: loads in the address and port are named; the transport
 * match the statement needs stays, as for a nat port. */
static void tproxy_stmt_delin_postprocess(struct delin_ctx *dctx,
					  struct stmt *stmt)
{
	dctx->deps[PROTO_BASE_TRANSPORT_HDR] = NULL;
	delin_postprocess_expr(dctx, stmt, &stmt->tproxy.addr);
	delin_postprocess_expr(dctx, stmt, &stmt->tproxy.port);
}

static int tproxy_stmt_delinearize(struct delin_ctx *dctx,
				   const struct nftnl_expr *nle)
{
	struct stmt *stmt = tproxy_stmt_alloc(&internal_location);
	bool bad = false;

	stmt->tproxy.family = nftnl_expr_get_u32(nle,
						 NFTNL_EXPR_TPROXY_FAMILY);
	stmt->tproxy.show_family = dctx->family == NFPROTO_INET;
	if (nftnl_expr_is_set(nle, NFTNL_EXPR_TPROXY_REG_ADDR)) {
		stmt->tproxy.addr = tproxy_delin_reg(dctx, nle,
				NFTNL_EXPR_TPROXY_REG_ADDR,
				stmt->tproxy.family == NFPROTO_IPV6 ?
				&ip6addr_type : &ipaddr_type);
		bad |= stmt->tproxy.addr == NULL;
	}
	if (nftnl_expr_is_set(nle, NFTNL_EXPR_TPROXY_REG_PORT)) {
		stmt->tproxy.port = tproxy_delin_reg(dctx, nle,
				NFTNL_EXPR_TPROXY_REG_PORT, &inet_service_type);
		bad |= stmt->tproxy.port == NULL;
	}
	if (bad || (!stmt->tproxy.addr && !stmt->tproxy.port)) {
		stmt_free(stmt);
		return -1;
	}
	delin_add_stmt(dctx, stmt);
	return 0;
}

/* {"tproxy": {"family": "ip", "addr": "10.0.0.1", "port": 8080}} */
static struct stmt *tproxy_stmt_json_parse(struct json_ctx *jctx,
					   const char *key, json_t *value,
					   const struct location *loc)
{
	json_t *addr = json_object_get(value, "addr");
	json_t *port = json_object_get(value, "port");
	const char *family = NULL;
	struct stmt *stmt;

	if (!json_is_object(value) || (!addr && !port)) {
		json_error(jctx, ".tproxy",
			   "Invalid tproxy: expected an object with \"addr\" or \"port\"");
		return NULL;
	}
	if (stmt_json_str(jctx, value, "tproxy", "family", &family) < 0)
		return NULL;
	if (family && strcmp(family, "ip") && strcmp(family, "ip6")) {
		json_error(jctx, ".tproxy.family",
			   "Invalid tproxy family '%s'", family);
		return NULL;
	}
	stmt = tproxy_stmt_alloc(loc);
	if (family)
		stmt->tproxy.family = strcmp(family, "ip") ? NFPROTO_IPV6 :
							     NFPROTO_IPV4;
	if (addr)
		stmt->tproxy.addr = json_parse_expr(jctx, addr,
						    ".tproxy.addr");
	if (port)
		stmt->tproxy.port = json_parse_expr(jctx, port,
						    ".tproxy.port");
	if ((addr && !stmt->tproxy.addr) || (port && !stmt->tproxy.port)) {
		stmt_free(stmt);
		return NULL;
	}
	return stmt;
}

static const char *const tproxy_stmt_json_keys[] = {
	"family", "addr", "port", NULL,
};

const struct stmt_ops tproxy_stmt_ops = {
	.type		= STMT_TPROXY,
	.name		= "tproxy",
	.destroy	= tproxy_stmt_destroy,
	.print		= tproxy_stmt_print,
	.json		= tproxy_stmt_json,
	.evaluate	= tproxy_stmt_evaluate,
	.linearize	= tproxy_stmt_linearize,
	.nl_name	= "tproxy",
	.delinearize	= tproxy_stmt_delinearize,
	.delin_postprocess = tproxy_stmt_delin_postprocess,
	.json_name	= "tproxy",
	.json_parse	= tproxy_stmt_json_parse,
	.json_keys	= tproxy_stmt_json_keys,
};

struct stmt *tproxy_stmt_alloc(const struct location *loc)
{
	return stmt_alloc(loc, &tproxy_stmt_ops);
}
