/*
 * Decoding a dumped rule, second pass (src/delinearize.c replays the
 * netlink expressions first): each statement and its expression trees
 * are walked so each kind restores what the user wrote (typed values,
 * fields unmasked, no implied protocol dependencies), then the rule is
 * checked to print exactly (delin_check_printable()).
 */
#include <string.h>
#include <linearize.h>
#include <inner.h>
#include <nftables.h>
#include <linux/netfilter.h>

/* ---- postprocessing ---------------------------------------------------- */

static bool delin_is_shift(const struct expr *expr)
{
	return expr->etype == EXPR_BINOP &&
	       (expr->binop.op == OP_LSHIFT || expr->binop.op == OP_RSHIFT);
}

/*
 * The innermost left operand of a chain of binops: what is masked, whose
 * type the masks and the compared value take. A shifted value is no
 * longer of its type but a number, printed in hex as the reference
 * prints it ("meta mark >> 8 & 0xff == 0x5"): @shifted says so.
 */
static const struct expr *delin_binop_base(const struct expr *expr,
					   bool *shifted)
{
	*shifted = false;
	for (; expr->etype == EXPR_BINOP; expr = expr->binop.left)
		if (delin_is_shift(expr))
			*shifted = true;
	return expr;
}

/* Give @e the type of what the binop chain @chain computes. */
static void delin_type_like(struct expr *e, const struct expr *chain)
{
	bool shifted;
	const struct expr *base = delin_binop_base(chain, &shifted);

	if (shifted)
		expr_set_type(e, &xinteger_type, base->byteorder);
	else if (e->etype == EXPR_SET)
		expr_retype_constant(e, base);
	else
		expr_set_type(e, base->dtype, base->byteorder);
}

/* A match on a masked value types the mask like what it masks, and
 * the compared value too (a set may keep its key's own type). */
static void delin_postprocess_binop(struct stmt *stmt, struct expr *binop)
{
	/* a shift's right side is a number of bits */
	if (!delin_is_shift(binop))
		delin_type_like(binop->binop.right, binop->binop.left);
	delin_type_like(stmt->expr->binop.right, binop);
}

/*
 * (flags & mask) != 0 is how "ct state established,related" was encoded,
 * (flags & mask) == 0 "ct state ! established": list them as the flags
 * again. Takes over the binop's parts.
 */
static void delin_flags_match(struct expr *rel)
{
	struct expr *binop = rel->binop.left, *base;

	/* A plain compare of flags is "ct state == established". */
	if (rel->binop.op == OP_IMPLICIT && binop->etype != EXPR_BINOP &&
	    rel->binop.right->etype == EXPR_VALUE &&
	    datatype_is_bitmask(binop->dtype)) {
		rel->binop.op = OP_EQ;
		return;
	}
	if (binop->etype != EXPR_BINOP)
		return;
	base = binop->binop.left;
	if ((rel->binop.op != OP_NEQ && rel->binop.op != OP_IMPLICIT &&
	     rel->binop.op != OP_EQ) ||
	    binop->binop.op != OP_AND || base->etype == EXPR_BINOP ||
	    binop->binop.right->etype != EXPR_VALUE ||
	    !mpz_sgn(binop->binop.right->value.value) ||
	    rel->binop.right->etype != EXPR_VALUE ||
	    mpz_sgn(rel->binop.right->value.value) != 0 ||
	    !datatype_is_bitmask(base->dtype))
		return;
	expr_free(rel->binop.right);
	rel->binop.right = expr_get(binop->binop.right);
	rel->binop.left = expr_get(base);
	/* (flags & mask) == 0 is "ct state ! established", as for "tcp
	 * flags ! syn", as 1.1.3 lists them */
	rel->binop.op = rel->binop.op == OP_NEQ ? OP_IMPLICIT : OP_NEG;
	expr_free(binop);
}

/* A match (the statement's relational): its left-hand kind restores it;
 * it may replace stmt->expr (a merged load split into fields). */
/*
 * A field narrower than its bytes loaded as its value ("(load & 0xfc)
 * >> 2": ip dscp) and operated on further ("ip dscp & 3 == 1") is the
 * field again. At the top of a match (@top) a mask alone is the
 * match's own ("ip dscp cs1"), left to the payload kind.
 */
static void delin_unmask(struct expr **exprp, bool top, bool under_or)
{
	struct expr *e = *exprp, *f;

	if (e->etype != EXPR_BINOP)
		return;
	/* a mask alone under an | or ^ stays the raw bits it masks, as
	 * the reference lists it ("@nh,0,8 & 0xf | 0x1"): the field's
	 * mask and the chain's are one bitwise there */
	if ((!top && !under_or) || delin_is_shift(e)) {
		f = payload_key_unmask(expr_get(e));
		if (f != e) {
			expr_free(e);
			*exprp = f;
			return;
		}
		expr_free(f);
	}
	delin_unmask(&e->binop.left, false,
		     e->binop.op == OP_OR || e->binop.op == OP_XOR);
	/* an operation on two loads: the second is a field as well */
	if (e->binop.right->etype != EXPR_VALUE)
		delin_unmask(&e->binop.right, false, false);
}

void delin_unmask_chain(struct expr **exprp, bool top)
{
	delin_unmask(exprp, top, false);
}

static void delin_postprocess_match(struct delin_ctx *dctx, struct stmt *stmt)
{
	struct expr *left;
	bool shifted;

	delin_flags_match(stmt->expr);
	delin_unmask_chain(&stmt->expr->binop.left, true);
	left = stmt->expr->binop.left;
	if (left->etype == EXPR_BINOP) {
		/* every mask of a nested binop, then the compared value */
		delin_postprocess_expr(dctx, stmt, &stmt->expr->binop.left);
		delin_postprocess_binop(stmt, left);
		/* the masked load's kind may know better: "ip dscp cs1",
		 * "tcp flags syn" (it sees its binop as the match's left) */
		left = left->binop.left;
		if (left->etype != EXPR_BINOP && left->ops->delin_postprocess)
			left->ops->delin_postprocess(dctx, stmt, left);
		/* ... but not the type of a shifted one */
		if (stmt->expr->binop.left->etype == EXPR_BINOP &&
		    delin_binop_base(stmt->expr->binop.left, &shifted) &&
		    shifted)
			delin_type_like(stmt->expr->binop.right,
					stmt->expr->binop.left);
	} else if (left->ops->delin_postprocess)
		left->ops->delin_postprocess(dctx, stmt, left);
}

struct delin_walk {
	struct delin_ctx *dctx;
	struct stmt *stmt;
};

static void delin_walk_visit(struct expr **child, void *arg)
{
	struct delin_walk *w = arg;

	delin_postprocess_expr(w->dctx, w->stmt, child);
}

static void delin_walk_list(struct delin_ctx *dctx, struct stmt *stmt,
			    struct list_head *head)
{
	struct expr *i, *next, *old;

	list_for_each_entry_safe(i, next, head, list) {
		struct expr *cur = i;

		old = i;
		delin_postprocess_expr(dctx, stmt, &cur);
		if (cur != old) {	/* replaced: keep its place */
			list_add(&cur->list, &old->list);
			list_del(&old->list);
		}
	}
}

/* The postprocessing of a kind with nothing to name: the compared value
 * takes the type of the loaded one. */
void delin_retype_match(struct delin_ctx *dctx, struct stmt *stmt,
			struct expr *expr)
{
	expr_retype_constant(stmt->expr->binop.right, expr);
}

/*
 * A load outside a match (the source of a jhash, the value or target of a
 * set statement) is named by its kind's match postprocessing, run on a
 * stand-in match of the load alone against an empty set, so that nothing
 * is retyped and no statement is split; the dependency it implies is
 * dropped as for a match.
 */
void delin_postprocess_load(struct delin_ctx *dctx, struct stmt *stmt,
			    struct expr *expr)
{
	struct expr *rel;
	struct stmt *tmp;
	unsigned int b;

	if (!expr->ops->delin_postprocess)
		return;
	rel = relational_expr_alloc(&stmt->location, OP_IMPLICIT,
				    expr_get(expr),
				    set_expr_alloc(&stmt->location));
	tmp = expr_stmt_alloc(&stmt->location, rel);
	expr->ops->delin_postprocess(dctx, tmp, expr);
	for (b = 0; b < array_size(dctx->deps); b++)
		if (dctx->deps[b] == tmp)
			dctx->deps[b] = NULL;
	stmt_free(tmp);
}

void delin_postprocess_expr(struct delin_ctx *dctx, struct stmt *stmt,
			    struct expr **exprp)
{
	struct expr *expr = *exprp;
	struct delin_walk w = { dctx, stmt };

	if (!expr)
		return;
	switch (expr->etype) {
	case EXPR_RELATIONAL:
		/* the right side first: the left kind's hook may replace
		 * the whole match */
		delin_postprocess_expr(dctx, stmt, &expr->binop.right);
		if (stmt && stmt->type == STMT_EXPRESSION &&
		    stmt->expr == expr)
			delin_postprocess_match(dctx, stmt);
		else
			delin_postprocess_expr(dctx, stmt, &expr->binop.left);
		break;
	case EXPR_BINOP:
		delin_postprocess_expr(dctx, stmt, &expr->binop.left);
		delin_postprocess_expr(dctx, stmt, &expr->binop.right);
		if (expr->binop.right->etype == EXPR_VALUE &&
		    !delin_is_shift(expr))
			delin_type_like(expr->binop.right, expr->binop.left);
		break;
	case EXPR_LIST:
		delin_walk_list(dctx, stmt, &expr->expr_list.expressions);
		break;
	case EXPR_PREFIX:
		delin_postprocess_expr(dctx, stmt, &expr->prefix.prefix);
		break;
	case EXPR_RANGE:
		delin_postprocess_expr(dctx, stmt, &expr->range.left);
		delin_postprocess_expr(dctx, stmt, &expr->range.right);
		break;
	case EXPR_PAYLOAD:
	case EXPR_EXTHDR:
		/* not the left side of a match (delin_postprocess_match()) */
		delin_postprocess_load(dctx, stmt, expr);
		break;
	case EXPR_CONCAT: {
		/* the source of a jhash: each member is a load */
		struct expr *i;

		list_for_each_entry(i, &expr->expr_list.expressions, list)
			delin_postprocess_load(dctx, stmt, i);
		break;
	}
	case EXPR_MAP:
		map_expr_delin_postprocess(dctx, stmt, expr);
		break;
	default:
		if (expr->ops && expr->ops->delin_children)
			expr->ops->delin_children(expr, delin_walk_visit, &w);
		break;
	}
}

/*
 * A statement other than a match between a dependency and the match
 * that implies it ("meta l4proto tcp counter tcp dport 22") keeps it:
 * without it the counter would count what the reloaded rule does not
 * (its dependency would come after the counter). The reference lists
 * them so too; a verdict map does not keep it.
 */
static void delin_deps_forget(struct delin_ctx *dctx)
{
	unsigned int b;

	for (b = 0; b < array_size(dctx->deps); b++)
		dctx->deps[b] = NULL;
	for (b = 0; b < array_size(dctx->pctx.protocol); b++)
		dctx->pctx.protocol[b].type_stmt = NULL;
}

/*
 * A statement on the packet a tunnel carries is postprocessed in that
 * packet's protocol context (include/inner.h): swap it in, and out
 * again after. The first one also takes the outer "meta l4proto gre"
 * evaluation inserts for gre (1.1.3 lists "gre ip saddr 1.2.3.4").
 */
void delin_inner_swap(struct delin_ctx *dctx)
{
	struct stmt *deps[PROTO_BASE_MAX + 1];
	struct proto_ctx p = dctx->pctx;

	dctx->pctx = dctx->inner_pctx;
	dctx->inner_pctx = p;
	memcpy(deps, dctx->deps, sizeof(deps));
	memcpy(dctx->deps, dctx->inner_deps, sizeof(deps));
	memcpy(dctx->inner_deps, deps, sizeof(deps));
	dctx->family = dctx->pctx.family;
}

void delin_inner_enter(struct delin_ctx *dctx, const struct inner_desc *in)
{
	const struct proto_desc *gre = proto_lookup("gre");

	if (!in->over_udp && dctx->deps[PROTO_BASE_TRANSPORT_HDR])
		payload_dep_kill(dctx, gre);
	if (!dctx->inner_seen) {
		inner_pctx_init(&dctx->inner_pctx, in);
		memset(dctx->inner_deps, 0, sizeof(dctx->inner_deps));
		dctx->inner_seen = true;
	}
	delin_inner_swap(dctx);
}

static void delin_postprocess_stmt(struct delin_ctx *dctx, struct stmt *stmt)
{
	switch (stmt->type) {
	case STMT_EXPRESSION:
		delin_postprocess_expr(dctx, stmt, &stmt->expr);
		break;
	default:
		if (stmt->ops->delin_postprocess)
			stmt->ops->delin_postprocess(dctx, stmt);
		/* a verdict map is a lookup, a match to 1.1.3: "meta
		 * l4proto tcp meta mark vmap { ... } tcp dport 1" lists
		 * without the dependency */
		if (stmt->type != STMT_VERDICT ||
		    stmt->expr->etype != EXPR_MAP)
			delin_deps_forget(dctx);
		break;
	}
}

void delin_postprocess(struct delin_ctx *dctx)
{
	const struct inner_desc *in;
	struct stmt *stmt, *next;

	list_for_each_entry_safe(stmt, next, &dctx->rule->stmts, list) {
		in = inner_of_stmt(stmt);
		if (in)
			delin_inner_enter(dctx, in);
		delin_postprocess_stmt(dctx, stmt);
		if (in)
			delin_inner_swap(dctx);
	}
}


/*
 * Whatever the rule holds must print: a kind without a printer (or,
 * for JSON, without JSON output) would silently vanish from the listing.
 */
struct delin_check {
	struct delin_ctx *dctx;
	bool json;
};

static void delin_check_expr(struct delin_check *c, struct expr *expr);

static void delin_check_visit(struct expr **child, void *arg)
{
	delin_check_expr(arg, *child);
}

static void delin_check_expr(struct delin_check *c, struct expr *expr)
{
	struct expr *i;

	if (!expr || c->dctx->error)
		return;
	/* an inner "meta protocol" no payload match implied: there are
	 * no words for it */
	if (expr->etype == EXPR_META && expr->inner) {
		delin_error(c->dctx, "a meta load of the packet a %s tunnel carries cannot be printed",
			    expr->inner->name);
		return;
	}
	if (!expr->ops || !expr->ops->print || (c->json && !expr->ops->json)) {
		delin_error(c->dctx, "the %s cannot be printed%s",
			    expr_name(expr), c->json ? " in JSON" : "");
		return;
	}
	switch (expr->etype) {
	case EXPR_RELATIONAL:
	case EXPR_BINOP:
		delin_check_expr(c, expr->binop.left);
		delin_check_expr(c, expr->binop.right);
		break;
	case EXPR_LIST:
		list_for_each_entry(i, &expr->expr_list.expressions, list)
			delin_check_expr(c, i);
		break;
	case EXPR_PREFIX:
		delin_check_expr(c, expr->prefix.prefix);
		break;
	case EXPR_RANGE:
		delin_check_expr(c, expr->range.left);
		delin_check_expr(c, expr->range.right);
		break;
	default:
		if (expr->ops->delin_children)
			expr->ops->delin_children(expr, delin_check_visit, c);
		break;
	}
}

void delin_check_printable(struct delin_ctx *dctx)
{
	struct delin_check c = { dctx, false };
	const struct stmt *stmt;

	c.json = dctx->nft && nft_output_json(&dctx->nft->octx);
	list_for_each_entry(stmt, &dctx->rule->stmts, list) {
		if (!stmt->ops->print || (c.json && !stmt->ops->json)) {
			delin_error(dctx, "the %s statement cannot be printed%s",
				    stmt->ops->name, c.json ? " in JSON" : "");
			return;
		}
		if (stmt->type == STMT_EXPRESSION || stmt->type == STMT_VERDICT)
			delin_check_expr(&c, stmt->expr);
	}
}

