/*
 * Reject statements: "reject", "reject with icmp|icmpv6|icmpx CODE",
 * "reject with tcp reset".
 *
 * A plain reject takes the family's default: icmp port-unreachable in
 * ip, icmpv6 port-unreachable in ip6, and where the network protocol is
 * not known (inet, bridge, netdev) icmpx port-unreachable, or icmp/icmpv6
 * when an earlier match fixed the protocol. Each of these lists as plain
 * "reject" only in the family whose default it is. An icmp or icmpv6
 * reject where the protocol is not known gets the network protocol match
 * as a dependency (meta nfproto in inet, meta protocol in bridge and
 * netdev); a tcp reset gets "meta l4proto tcp". Listing drops the network
 * dependency everywhere, and the l4proto one in ip and ip6 only, as the
 * system nft does.
 */
#include <string.h>
#include <stmt.h>
#include <evaluate.h>
#include <linearize.h>
#include <json.h>
#include <proto.h>
#include <nftables.h>
#include <libnftnl/expr.h>
#include <linux/netfilter.h>

/* Per type (and family for icmp): its JSON/text name, the code type,
 * and the default code. */
struct reject_kind {
	const char *name;
	int type;
	uint8_t family;		/* NFPROTO_IPV4/IPV6 for icmp, 0 else */
	const struct datatype *dtype;
	uint8_t def_code;
};

static const struct reject_kind reject_kinds[] = {
	{ "icmp",	NFT_REJECT_ICMP_UNREACH,  NFPROTO_IPV4,
	  &icmp_code_type,	3 },
	{ "icmpv6",	NFT_REJECT_ICMP_UNREACH,  NFPROTO_IPV6,
	  &icmpv6_code_type,	4 },
	{ "icmpx",	NFT_REJECT_ICMPX_UNREACH, 0,
	  &icmpx_code_type,	NFT_REJECT_ICMPX_PORT_UNREACH },
	{ "tcp reset",	NFT_REJECT_TCP_RST,	  0, NULL, 0 },
};

static const struct reject_kind *reject_kind(const struct stmt *stmt)
{
	unsigned int i;

	for (i = 0; i < array_size(reject_kinds); i++) {
		if (reject_kinds[i].type != stmt->reject.type)
			continue;
		if (stmt->reject.type != NFT_REJECT_ICMP_UNREACH ||
		    reject_kinds[i].family == stmt->reject.family)
			return &reject_kinds[i];
	}
	return NULL;
}

static const struct reject_kind *reject_kind_by_name(const char *name)
{
	unsigned int i;

	for (i = 0; i < array_size(reject_kinds); i++)
		if (!strcmp(reject_kinds[i].name, name))
			return &reject_kinds[i];
	return NULL;
}

/* Is this the default reject of @family, which lists as "reject"? */
static bool reject_is_default(const struct stmt *stmt, unsigned int family)
{
	switch (family) {
	case NFPROTO_IPV4:
	case NFPROTO_IPV6:
		return stmt->reject.type == NFT_REJECT_ICMP_UNREACH &&
		       stmt->reject.family == family &&
		       stmt->reject.code == reject_kind(stmt)->def_code;
	default:
		return stmt->reject.type == NFT_REJECT_ICMPX_UNREACH &&
		       stmt->reject.code == NFT_REJECT_ICMPX_PORT_UNREACH;
	}
}

static void reject_stmt_destroy(struct stmt *stmt)
{
	expr_free(stmt->reject.expr);
}

static const char *reject_code_name(const struct reject_kind *k,
				    uint8_t code)
{
	return k->dtype ? symbol_name(k->dtype->sym_tbl, code) : NULL;
}

static void reject_stmt_print(const struct stmt *stmt,
			      struct output_ctx *octx)
{
	const struct reject_kind *k = reject_kind(stmt);
	const char *code;

	nft_print(octx, "reject");
	if (stmt->reject.plain || k == NULL)
		return;
	nft_print(octx, " with %s", k->name);
	if (k->type == NFT_REJECT_TCP_RST)
		return;
	/* -n: the number, as the reference prints it */
	code = nft_output_numeric_symbol(octx) ? NULL :
	       reject_code_name(k, stmt->reject.code);
	if (code)
		nft_print(octx, " %s", code);
	else
		nft_print(octx, " %u", stmt->reject.code);
}

static json_t *reject_stmt_json(const struct stmt *stmt,
				struct output_ctx *octx)
{
	const struct reject_kind *k = reject_kind(stmt);
	const char *code;

	if (k == NULL)
		return json_wrap("reject", json_null());
	if (k->type == NFT_REJECT_TCP_RST)
		return json_wrap("reject", json_pack("{s:s}", "type", k->name));
	code = reject_code_name(k, stmt->reject.code);
	return json_wrap("reject", json_pack("{s:s, s:o}", "type", k->name,
			 "expr", code ? json_string(code) :
				  json_integer(stmt->reject.code)));
}

/* What the statements before @until establish (as payload.c does). */
static void reject_pctx(struct proto_ctx *pctx, unsigned int family,
			const struct list_head *stmts,
			const struct list_head *until)
{
	const struct list_head *pos;
	const struct expr *rel, *left;
	const struct stmt *stmt;

	proto_ctx_init(pctx, family);
	for (pos = stmts->next; pos != stmts && pos != until;
	     pos = pos->next) {
		stmt = list_entry(pos, struct stmt, list);
		rel = stmt->expr;
		if (stmt->type != STMT_EXPRESSION || !rel ||
		    rel->etype != EXPR_RELATIONAL)
			continue;
		left = rel->binop.left;
		if (left->etype == EXPR_PAYLOAD && left->payload.desc &&
		    !pctx->protocol[left->payload.desc->base].desc)
			proto_ctx_update(pctx, left->payload.desc->base,
					 &left->location, left->payload.desc);
		payload_pctx_match(pctx, rel);
	}
}

/* Insert the match that @desc's header needs at the start of the rule,
 * as the reference does (a stand-in payload expression asks the payload
 * kind for it). */
static int reject_dependency(struct eval_ctx *ectx, struct stmt *stmt,
			     const struct proto_desc *desc)
{
	/* its errors under the keyword, as 1.1.3's */
	struct location kw = stmt_keyword_location(stmt, strlen("reject"));
	struct expr *dep = payload_expr_alloc(&kw, desc, 1);
	int ret = payload_gen_rule_dependency(ectx, dep);

	expr_free(dep);
	return ret;
}

/* As the system nft words it, whichever way round; the match that
 * fixed the other protocol (or the statement) underlined. */
static int reject_conflict(struct eval_ctx *ectx, struct stmt *stmt,
			   const struct location *other)
{
	const struct location *loc = stmt->reject.expr ?
		&stmt->reject.expr->location : &stmt->location;
	struct error_record *erec;

	erec = erec_create(EREC_ERROR, loc,
			   "conflicting protocols specified: ip vs ip6");
	erec_add_location(erec, other && other->indesc ? other :
					      &stmt->location);
	erec_queue(erec, ectx->msgs);
	return -1;
}

static int reject_family_error(struct eval_ctx *ectx, struct stmt *stmt,
			       const struct location *other)
{
	struct location kw = stmt_keyword_location(stmt, strlen("reject"));
	struct error_record *erec;

	erec = erec_create(EREC_ERROR, &kw,
			   "cannot reject this network family");
	if (other->indesc && other->json_index < 0)
		erec_add_location(erec, other);
	erec_queue(erec, ectx->msgs);
	return -1;
}

/* "udp dport 1 reject with tcp reset": the match that chose another
 * transport protocol underlined. */
static int reject_tcp_check(struct eval_ctx *ectx, struct stmt *stmt,
			    const struct proto_ctx *pctx)
{
	const struct proto_desc *th =
		pctx->protocol[PROTO_BASE_TRANSPORT_HDR].desc;
	const struct location *where =
		&pctx->protocol[PROTO_BASE_TRANSPORT_HDR].location;
	struct location kw;
	struct error_record *erec;

	if (!th || th == &proto_tcp || th->generic)
		return 0;
	kw = stmt_keyword_location(stmt, strlen("reject"));
	erec = erec_create(EREC_ERROR, &kw,
			   "you cannot use tcp reset with this protocol");
	if (where->indesc && where->json_index < 0)
		erec_add_location(erec, where);
	erec_queue(erec, ectx->msgs);
	return -1;
}

/* A reject without "with": the default of what is known. */
static void reject_default(struct stmt *stmt, const struct proto_desc *nh)
{
	if (nh == &proto_ip || nh == &proto_ip6) {
		stmt->reject.type = NFT_REJECT_ICMP_UNREACH;
		stmt->reject.family = nh == &proto_ip ? NFPROTO_IPV4 :
							NFPROTO_IPV6;
		stmt->reject.code = reject_kind(stmt)->def_code;
	} else {
		stmt->reject.type = NFT_REJECT_ICMPX_UNREACH;
		stmt->reject.code = NFT_REJECT_ICMPX_PORT_UNREACH;
	}
}

static int reject_evaluate_code(struct eval_ctx *ectx, struct stmt *stmt,
				const struct reject_kind *k)
{
	uint64_t code;

	stmt->reject.code = k->def_code;
	if (stmt->reject.expr == NULL)
		return 0;
	if (stmt_evaluate_arg(ectx, &stmt->reject.expr, k->dtype) < 0)
		return -1;
	if (stmt->reject.expr->etype != EXPR_VALUE ||
	    !mpz_fits_ulong_p(stmt->reject.expr->value.value))
		return expr_error(ectx, stmt->reject.expr,
				  "reject code must be a value");
	code = mpz_get_ui(stmt->reject.expr->value.value);
	if (code > UINT8_MAX || (k->type == NFT_REJECT_ICMPX_UNREACH &&
				 code > NFT_REJECT_ICMPX_MAX))
		return expr_error(ectx, stmt->reject.expr,
				  "invalid %s code %lu", k->name,
				  (unsigned long)code);
	stmt->reject.code = code;
	return 0;
}

static int reject_evaluate_icmp(struct eval_ctx *ectx, struct stmt *stmt,
				const struct proto_desc *nh,
				const struct location *nh_loc)
{
	const struct proto_desc *want = stmt->reject.family == NFPROTO_IPV4 ?
					&proto_ip : &proto_ip6;

	if (nh && nh != want)
		return reject_conflict(ectx, stmt, nh_loc);
	if (nh == NULL && reject_dependency(ectx, stmt, want) < 0)
		return -1;
	return reject_evaluate_code(ectx, stmt, reject_kind(stmt));
}

static int reject_stmt_evaluate(struct eval_ctx *ectx, struct stmt *stmt)
{
	unsigned int family = ectx->pctx.family;
	const struct proto_desc *nh;
	struct proto_ctx pctx;

	if (family == NFPROTO_ARP)
		return stmt_error(ectx, stmt,
				  "reject is not supported in the arp family");
	reject_pctx(&pctx, family, &ectx->rule->stmts, &stmt->list);
	nh = pctx.protocol[PROTO_BASE_NETWORK_HDR].desc;
	/* "meta nfproto 5 reject": neither icmp nor icmpv6, in 1.1.3's
	 * words (a tcp reset gets its dependency's) */
	if (nh == &proto_unknown && family == NFPROTO_INET) {
		struct location kw = stmt_keyword_location(stmt,
							    strlen("reject"));

		if (stmt->reject.type != NFT_REJECT_ICMPX_UNREACH &&
		    stmt->reject.type != NFT_REJECT_TCP_RST)
			return erec_error(ectx->msgs, &kw,
					  "cannot infer ICMP reject variant to use: explicit value required.");
		nh = NULL;
	}
	/* after "arp operation 1": nothing to answer with, as the
	 * reference says, its keyword and the match underlined */
	if (nh && nh != &proto_ip && nh != &proto_ip6)
		return reject_family_error(ectx, stmt,
			&pctx.protocol[PROTO_BASE_NETWORK_HDR].location);
	if (nh != &proto_ip && nh != &proto_ip6)
		nh = NULL;
	switch (stmt->reject.type) {
	case -1:
		reject_default(stmt, nh);
		break;
	case NFT_REJECT_TCP_RST:
		if (reject_tcp_check(ectx, stmt, &pctx) < 0 ||
		    reject_dependency(ectx, stmt, &proto_tcp) < 0)
			return -1;
		break;
	case NFT_REJECT_ICMP_UNREACH:
		if (reject_evaluate_icmp(ectx, stmt, nh,
			&pctx.protocol[PROTO_BASE_NETWORK_HDR].location) < 0)
			return -1;
		break;
	case NFT_REJECT_ICMPX_UNREACH:
		if (family == NFPROTO_IPV4 || family == NFPROTO_IPV6)
			return erec_error(ectx->msgs, stmt->reject.expr ?
					  &stmt->reject.expr->location :
					  &stmt->location,
					  "abstracted ICMP unreachable not supported");
		if (reject_evaluate_code(ectx, stmt, reject_kind(stmt)) < 0)
			return -1;
		break;
	}
	stmt->reject.plain = reject_is_default(stmt, family);
	return 0;
}

static void reject_stmt_linearize(struct lin_ctx *lctx,
				  const struct stmt *stmt)
{
	struct nftnl_expr *nle = lin_expr_alloc("reject");

	nftnl_expr_set_u32(nle, NFTNL_EXPR_REJECT_TYPE, stmt->reject.type);
	nftnl_expr_set_u8(nle, NFTNL_EXPR_REJECT_CODE, stmt->reject.code);
	lin_add_expr(lctx, nle);
}

/* An icmp reject's family: that of the network header the rule is
 * about. */
static void reject_delin_family(struct delin_ctx *dctx, struct stmt *stmt)
{
	struct proto_ctx pctx;

	if (stmt->reject.type != NFT_REJECT_ICMP_UNREACH)
		return;
	reject_pctx(&pctx, dctx->family, &dctx->rule->stmts,
		    &dctx->rule->stmts);
	stmt->reject.family =
		pctx.protocol[PROTO_BASE_NETWORK_HDR].desc == &proto_ip6 ?
		NFPROTO_IPV6 : NFPROTO_IPV4;
}

/*
 * The reject's dependency ("meta nfproto ipv4", "meta protocol ip"; in
 * ip and ip6 "meta l4proto tcp" too), which evaluation puts at the start
 * of the rule: the meta match that selected the protocol, wherever it
 * is, unless a payload match took it as its own or a statement other
 * than a match came between (as the reference lists it).
 */
static void reject_stmt_delin_postprocess(struct delin_ctx *dctx,
					  struct stmt *stmt)
{
	const struct proto_desc *want;
	enum proto_bases base;
	struct stmt *dep;

	switch (stmt->reject.type) {
	case NFT_REJECT_TCP_RST:
		if (dctx->family != NFPROTO_IPV4 &&
		    dctx->family != NFPROTO_IPV6)
			return;
		base = PROTO_BASE_TRANSPORT_HDR;
		want = &proto_tcp;
		break;
	case NFT_REJECT_ICMP_UNREACH:
		base = PROTO_BASE_NETWORK_HDR;
		want = stmt->reject.family == NFPROTO_IPV4 ? &proto_ip :
							     &proto_ip6;
		break;
	default:
		return;
	}
	dep = dctx->deps[base];
	if (!dep || dctx->pctx.protocol[base].desc != want ||
	    dep->expr->etype != EXPR_RELATIONAL ||
	    dep->expr->binop.left->etype != EXPR_META)
		return;
	dctx->deps[base] = NULL;
	list_del(&dep->list);
	stmt_free(dep);
	if (dctx->rule->num_stmts)
		dctx->rule->num_stmts--;
}

static int reject_stmt_delinearize(struct delin_ctx *dctx,
				   const struct nftnl_expr *nle)
{
	struct stmt *stmt = reject_stmt_alloc(&internal_location);

	stmt->reject.type = nftnl_expr_get_u32(nle, NFTNL_EXPR_REJECT_TYPE);
	stmt->reject.code = nftnl_expr_get_u8(nle, NFTNL_EXPR_REJECT_CODE);
	reject_delin_family(dctx, stmt);
	if (reject_kind(stmt) == NULL) {
		stmt_free(stmt);
		return -1;
	}
	stmt->reject.plain = reject_is_default(stmt, dctx->family);
	delin_add_stmt(dctx, stmt);
	return 0;
}

/* The code as a symbol, for the evaluator: a name or a number. */
static struct expr *reject_json_code(struct json_ctx *jctx, json_t *v,
				     const struct location *loc)
{
	char buf[32];

	if (json_is_string(v))
		return symbol_expr_alloc(loc, json_string_value(v), false);
	if (json_is_integer(v) && json_integer_value(v) >= 0) {
		snprintf(buf, sizeof(buf), "%" JSON_INTEGER_FORMAT,
			 json_integer_value(v));
		return symbol_expr_alloc(loc, buf, false);
	}
	json_error(jctx, ".reject.expr",
		   "Invalid reject code: expected a name or a number");
	return NULL;
}

/* {"reject": null}, {"reject": {"type": "tcp reset"}},
 * {"reject": {"type": "icmpx", "expr": "port-unreachable"}} */
static struct stmt *reject_stmt_json_parse(struct json_ctx *jctx,
					   const char *key, json_t *value,
					   const struct location *loc)
{
	const struct reject_kind *k;
	const char *type = NULL;
	struct stmt *stmt;
	json_t *code;

	if (value && !json_is_null(value) && !json_is_object(value)) {
		json_error(jctx, ".reject", "Invalid reject: expected an object");
		return NULL;
	}
	if (stmt_json_str(jctx, value, "reject", "type", &type) < 0)
		return NULL;
	stmt = reject_stmt_alloc(loc);
	if (type == NULL)
		return stmt;
	k = reject_kind_by_name(type);
	if (k == NULL) {
		json_error(jctx, ".reject.type", "Unknown reject type '%s'",
			   type);
		stmt_free(stmt);
		return NULL;
	}
	stmt->reject.type = k->type;
	stmt->reject.family = k->family;
	code = json_object_get(value, "expr");
	if (code && k->dtype) {
		stmt->reject.expr = reject_json_code(jctx, code, loc);
		if (stmt->reject.expr == NULL) {
			stmt_free(stmt);
			return NULL;
		}
	}
	return stmt;
}

static const char *const reject_stmt_json_keys[] = {
	"type", "expr", NULL,
};

const struct stmt_ops reject_stmt_ops = {
	.type		= STMT_REJECT,
	.name		= "reject",
	.destroy	= reject_stmt_destroy,
	.print		= reject_stmt_print,
	.json		= reject_stmt_json,
	.evaluate	= reject_stmt_evaluate,
	.linearize	= reject_stmt_linearize,
	.nl_name	= "reject",
	.delinearize	= reject_stmt_delinearize,
	.delin_postprocess = reject_stmt_delin_postprocess,
	.json_name	= "reject",
	.json_parse	= reject_stmt_json_parse,
	.json_keys	= reject_stmt_json_keys,
	.terminal	= true,
};

struct stmt *reject_stmt_alloc(const struct location *loc)
{
	struct stmt *stmt = stmt_alloc(loc, &reject_stmt_ops);

	stmt->reject.type = -1;
	return stmt;
}
