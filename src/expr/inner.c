/*
 * Inner headers of tunnels: "udp dport 4789 vxlan ip saddr 1.2.3.4",
 * "vxlan vni 5", "gre ip saddr 1.2.3.4", "gretap ether saddr ...".
 *
 * The kernel's "inner" expression (Linux 6.2) parses the packet a tunnel
 * carries and runs one payload or meta load on it; the load's bases
 * (link, network, transport) are then those of the inner packet, and
 * the tunnel header's own fields are at the tunnel base. What 1.1.3
 * sends for each tunnel (type, header size, flags: which inner headers
 * the kernel parses) is the table below.
 *
 * An inner load is a payload or meta expression whose @inner names the
 * tunnel. Its dependencies are those of a table of the family the inner
 * packet resembles (bridge where it starts with Ethernet: "vxlan ip
 * saddr" needs an inner "meta protocol ip", "vxlan icmp type" an inner
 * "ether type ip"; netdev for gre), worked out by the payload code in a
 * protocol context of the inner matches only (inner_payload_evaluate()),
 * and removed again when listing in the same context (the decoder swaps
 * it in for inner statements, src/delinearize.c). The outer packet must
 * be udp for vxlan and geneve; gre gets "meta l4proto gre" where the
 * rule named no transport.
 *
 * libnftnl 1.2.4 knows no "inner" expression, so the wrapping is done on
 * the netlink messages (src/nlext.c): libnftnl builds and parses the
 * plain loads.
 */
#include <string.h>
#include <stdlib.h>
#include <arpa/inet.h>
#include <expr.h>
#include <stmt.h>
#include <proto.h>
#include <inner.h>
#include <nlext.h>
#include <rule.h>
#include <evaluate.h>
#include <nftables.h>
#include <mnl.h>
#include <libnftnl/rule.h>
#include <linux/netfilter.h>
#include <linux/netfilter/nf_tables.h>
#include <linux/netfilter/nfnetlink.h>
#include "payload_int.h"

static const struct inner_desc inner_descs[] = {
	{ "vxlan", 1, 8, INNER_F_HDRSIZE | INNER_F_LL | INNER_F_NH |
	  INNER_F_TH, &proto_vxlan, NFPROTO_BRIDGE, true },
	{ "geneve", 2, 8, INNER_F_HDRSIZE | INNER_F_LL | INNER_F_NH |
	  INNER_F_TH, &proto_geneve, NFPROTO_BRIDGE, true },
	{ "gre", 3, 4, INNER_F_NH | INNER_F_TH, NULL, NFPROTO_NETDEV,
	  false },
	{ "gretap", 4, 4, INNER_F_LL | INNER_F_NH | INNER_F_TH, NULL,
	  NFPROTO_BRIDGE, false },
};

const struct inner_desc *inner_lookup(const char *name)
{
	unsigned int i;

	for (i = 0; i < array_size(inner_descs); i++)
		if (!strcmp(inner_descs[i].name, name))
			return &inner_descs[i];
	return NULL;
}

const struct inner_desc *inner_lookup_nl(uint32_t type, uint32_t hdrsize,
					 uint32_t flags)
{
	unsigned int i;

	for (i = 0; i < array_size(inner_descs); i++)
		if (inner_descs[i].type == type &&
		    inner_descs[i].hdrsize == hdrsize &&
		    inner_descs[i].flags == flags)
			return &inner_descs[i];
	return NULL;
}

const struct inner_desc *inner_of_expr(const struct expr *expr)
{
	if (!expr)
		return NULL;
	switch (expr->etype) {
	case EXPR_PAYLOAD:
	case EXPR_META:
		return expr->inner;
	case EXPR_RELATIONAL:
	case EXPR_BINOP:
		return inner_of_expr(expr->binop.left);
	case EXPR_CONCAT: {
		/* a member of the inner packet makes 1.1.3 name all of
		 * them in its context ("vxlan ip saddr . udp sport" lists
		 * as "vxlan ip saddr . th sport") */
		const struct inner_desc *in;
		const struct expr *i;

		list_for_each_entry(i, &expr->expr_list.expressions, list)
			if ((in = inner_of_expr(i)))
				return in;
		return NULL;
	}
	case EXPR_MAP:
		return inner_of_expr(expr->map.key);
	default:
		return NULL;
	}
}

/* A match, or a verdict map (a lookup to 1.1.3), on an inner load. */
const struct inner_desc *inner_of_stmt(const struct stmt *stmt)
{
	if (stmt->type != STMT_EXPRESSION && stmt->type != STMT_VERDICT)
		return NULL;
	return inner_of_expr(stmt->expr);
}

void inner_print_prefix(const struct expr *expr, struct output_ctx *octx)
{
	if (expr->inner && (expr->etype != EXPR_PAYLOAD ||
			    expr->payload.desc != expr->inner->own))
		nft_print(octx, "%s ", expr->inner->name);
}

/* ---- evaluation ---- */

/* The location of "ip saddr" in "gre ip saddr": where 1.1.3 puts the
 * caret of the dependency's refusal ("arp vs. gre"). */
static struct location inner_load_location(const struct expr *expr)
{
	struct location loc = expr->location;

	if (loc.first_line == loc.last_line &&
	    loc.first_column + strlen(expr->inner->name) + 1 <=
	    loc.last_column)
		loc.first_column += strlen(expr->inner->name) + 1;
	return loc;
}

/* What the outer packet must be: udp for vxlan and geneve (which 1.1.3
 * wants matched, it adds nothing), GRE where nothing says otherwise. */
static int inner_outer_check(struct eval_ctx *ectx, const struct expr *expr)
{
	const struct inner_desc *in = expr->inner;
	const struct proto_desc *th, *gre;
	struct location loc;
	struct expr *tmp;
	int ret;

	payload_pctx_rebuild(ectx);
	th = ectx->pctx.protocol[PROTO_BASE_TRANSPORT_HDR].desc;
	if (in->over_udp) {
		if (!th)
			return expr_error(ectx, expr,
					  "no transport protocol specified");
		if (th != &proto_udp)
			return expr_error(ectx, expr,
					  "unexpected transport protocol %s",
					  th->name);
		return 0;
	}
	if (th)
		return 0;
	gre = proto_lookup("gre");
	loc = inner_load_location(expr);
	tmp = payload_expr_alloc(&loc, gre, 1);
	ret = payload_gen_dependency(ectx, tmp);
	expr_free(tmp);
	return ret;
}

/*
 * An inner packet's context before any match: bridge's (Ethernet given)
 * or netdev's (network protocols by "meta protocol") per the tunnel's
 * row. GRE's carries no Ethernet header, yet 1.1.3 takes its fields
 * from JSON with no dependency, as where Ethernet is given
 * (payload_dep_uses_ll() still asks "meta protocol" there).
 */
void inner_pctx_init(struct proto_ctx *pctx, const struct inner_desc *in)
{
	proto_ctx_init(pctx, in->family);
	pctx->inner = true;
	if (!(in->flags & INNER_F_LL))
		pctx->protocol[PROTO_BASE_LL_HDR].desc = &proto_eth;
}

/* The protocol context of the inner matches before the current
 * statement. */
static void inner_pctx_build(struct eval_ctx *ectx,
			     const struct inner_desc *in,
			     struct proto_ctx *pctx)
{
	const struct stmt *stmt;

	inner_pctx_init(pctx, in);
	if (!ectx->rule)
		return;
	list_for_each_entry(stmt, &ectx->rule->stmts, list) {
		if (stmt == ectx->stmt)
			break;
		payload_pctx_stmt(pctx, stmt);
	}
}

int inner_payload_evaluate(struct eval_ctx *ectx, struct expr **exprp,
			   int (*eval)(struct eval_ctx *, struct expr **))
{
	const struct inner_desc *in = (*exprp)->inner;
	struct proto_ctx outer;
	int ret;

	if (ectx->inner)
		BUG("nested inner payload");
	if (ectx->stmt && inner_outer_check(ectx, *exprp) < 0)
		return -1;
	outer = ectx->pctx;
	inner_pctx_build(ectx, in, &ectx->pctx);
	ectx->inner = in;
	ret = eval(ectx, exprp);
	ectx->inner = NULL;
	ectx->pctx = outer;
	/* dependencies were inserted: walk the statements again */
	ectx->pctx_cache.rule = NULL;
	return ret;
}

/* ---- netlink: wrapping and unwrapping (src/nlext.c) ---- */

/* NFTA_LIST_ELEM { NAME "inner", DATA { NUM, TYPE, FLAGS, HDRSIZE,
 * EXPR { the load's NAME and DATA } } }, as the kernel reads it. */
void inner_wrap_elem(struct nlmsghdr *nlh, const struct nlattr *elem,
		     const struct inner_desc *in)
{
	struct nlattr *e, *d, *x;

	e = mnl_attr_nest_start(nlh, NFTA_LIST_ELEM);
	mnl_attr_put_strz(nlh, NFTA_EXPR_NAME, "inner");
	d = mnl_attr_nest_start(nlh, NFTA_EXPR_DATA);
	mnl_attr_put_u32(nlh, INNER_NFTA_NUM, htonl(0));
	mnl_attr_put_u32(nlh, INNER_NFTA_TYPE, htonl(in->type));
	mnl_attr_put_u32(nlh, INNER_NFTA_FLAGS, htonl(in->flags));
	mnl_attr_put_u32(nlh, INNER_NFTA_HDRSIZE, htonl(in->hdrsize));
	x = mnl_attr_nest_start(nlh, INNER_NFTA_EXPR);
	nlext_put_nested(nlh, elem);
	mnl_attr_nest_end(nlh, x);
	mnl_attr_nest_end(nlh, d);
	mnl_attr_nest_end(nlh, e);
}

/* An inner expression's DATA: its numbers and the nested load. */
struct inner_attrs {
	uint32_t type, flags, hdrsize;
	const struct nlattr *expr;
};

static bool inner_parse_data(const struct nlattr *elem, struct inner_attrs *ia)
{
	const struct nlattr *a, *d = NULL;
	unsigned int seen = 0;

	mnl_attr_for_each_nested(a, elem)
		if (mnl_attr_get_type(a) == NFTA_EXPR_DATA)
			d = a;
	if (!d || mnl_attr_validate(d, MNL_TYPE_NESTED) < 0)
		return false;
	mnl_attr_for_each_nested(a, d) {
		switch (mnl_attr_get_type(a)) {
		case INNER_NFTA_TYPE:
		case INNER_NFTA_FLAGS:
		case INNER_NFTA_HDRSIZE:
			if (mnl_attr_validate(a, MNL_TYPE_U32) < 0)
				return false;
			seen |= 1u << mnl_attr_get_type(a);
			if (mnl_attr_get_type(a) == INNER_NFTA_TYPE)
				ia->type = ntohl(mnl_attr_get_u32(a));
			else if (mnl_attr_get_type(a) == INNER_NFTA_FLAGS)
				ia->flags = ntohl(mnl_attr_get_u32(a));
			else
				ia->hdrsize = ntohl(mnl_attr_get_u32(a));
			break;
		case INNER_NFTA_EXPR:
			if (mnl_attr_validate(a, MNL_TYPE_NESTED) < 0)
				return false;
			ia->expr = a;
			break;
		}
	}
	return ia->expr && seen == ((1u << INNER_NFTA_TYPE) |
				    (1u << INNER_NFTA_FLAGS) |
				    (1u << INNER_NFTA_HDRSIZE));
}

bool inner_unwrap_elem(struct nlmsghdr *nlh, const struct nlattr *elem,
		       const struct inner_desc **desc)
{
	struct inner_attrs ia = { 0 };
	struct nlattr *e;

	if (!inner_parse_data(elem, &ia))
		return false;
	e = mnl_attr_nest_start(nlh, NFTA_LIST_ELEM);
	nlext_put_nested(nlh, ia.expr);
	mnl_attr_nest_end(nlh, e);
	*desc = inner_lookup_nl(ia.type, ia.hdrsize, ia.flags);
	return true;
}

void inner_dump_line(FILE *fp, const struct inner_desc *in,
		     const char *line, size_t len)
{
	/* "  [ payload ... ]\n" -> "  [ inner ... [ payload ... ] ]\n" */
	if (len < 4 || strncmp(line, "  [ ", 4)) {
		fwrite(line, 1, len, fp);
		return;
	}
	if (line[len - 1] == '\n')
		len--;
	static const char unknown[] = "@ unknown header";
	const char *at;

	fprintf(fp, "  [ inner type %u hdrsize %u flags %x ", in->type,
		in->hdrsize, in->flags);
	line += 2;
	len -= 2;
	/* libnftnl names no tunnel base */
	at = memmem(line, len, unknown, sizeof(unknown) - 1);
	if (at) {
		fwrite(line, 1, at - line, fp);
		fputs("@ tunnel header", fp);
		len -= at + sizeof(unknown) - 1 - line;
		line = at + sizeof(unknown) - 1;
	}
	fwrite(line, 1, len, fp);
	fputs(" ]\n", fp);
}
