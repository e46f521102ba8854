/*
 * Stateful statements of sets and of their elements: "set s { type
 * ipv4_addr; counter; limit rate 10/second; }" declares what the kernel
 * attaches to every element (NFTA_SET_EXPR for one, NFTA_SET_EXPRESSIONS
 * for several), "10.0.0.1 counter packets 1 bytes 84 quota 10 mbytes"
 * is what an element holds (NFTA_SET_ELEM_EXPR(ESSIONS)). The kinds are
 * the statements' own (src/stmt/): encoded and decoded through their ops
 * as a rule's statements are, one netlink expression each.
 */
#include <set_int.h>
#include <stmt.h>
#include <evaluate.h>
#include <linearize.h>
#include <print.h>
#include <json.h>
#include <string.h>
#include <libnftnl/expr.h>
#include <libnftnl/rule.h>
#include <libnftnl/set.h>
#include <linux/netfilter/nf_tables.h>

#ifndef NFT_SET_EXPR
#define NFT_SET_EXPR	0x100
#endif

/* What a set element can keep: state of its own, nothing else. */
static const enum stmt_types set_stmt_kinds[] = {
	STMT_COUNTER, STMT_LIMIT, STMT_QUOTA, STMT_CONNLIMIT, STMT_LAST,
};

bool set_stmt_is_stateful(const struct stmt *s)
{
	unsigned int i;

	for (i = 0; i < array_size(set_stmt_kinds); i++) {
		if (s->type == set_stmt_kinds[i])
			return true;
	}
	return false;
}

void set_stmts_add(struct set_stmts *l, struct stmt *s)
{
	l->v = xrealloc(l->v, (l->n + 1) * sizeof(*l->v));
	l->v[l->n++] = s;
}

void set_stmts_free(struct set_stmts *l)
{
	unsigned int i;

	for (i = 0; i < l->n; i++)
		stmt_free(l->v[i]);
	xfree(l->v);
	l->v = NULL;
	l->n = 0;
}

/* The stateful kinds hold plain values: a copy is the struct's. */
void set_stmts_clone(struct set_stmts *dst, const struct set_stmts *src)
{
	struct stmt *n;
	unsigned int i;

	memset(dst, 0, sizeof(*dst));
	for (i = 0; i < src->n; i++) {
		if (!set_stmt_is_stateful(src->v[i]))
			continue;
		n = xmalloc(sizeof(*n));
		*n = *src->v[i];
		init_list_head(&n->list);
		set_stmts_add(dst, n);
	}
}

/* ---- encode, decode ---- */

/* @s as its one netlink expression. */
static struct nftnl_expr *set_stmt_encode(const struct stmt *s)
{
	struct lin_ctx lctx;
	struct nftnl_expr_iter *it;
	struct nftnl_expr *nle;

	memset(&lctx, 0, sizeof(lctx));
	lctx.stmt = s;
	lctx.nlr = nftnl_rule_alloc();
	if (lctx.nlr == NULL)
		memory_allocation_error();
	s->ops->linearize(&lctx, s);
	it = nftnl_expr_iter_create(lctx.nlr);
	if (it == NULL)
		memory_allocation_error();
	nle = nftnl_expr_iter_next(it);
	nftnl_expr_iter_destroy(it);
	if (nle)
		nftnl_rule_del_expr(nle);
	nftnl_rule_free(lctx.nlr);
	return nle;
}

/* One expression goes in the attribute of one, several in the list,
 * as the system nft sends them; the kernel takes a set's list only
 * with NFT_SET_EXPR. */
void set_stmts_put_set(struct nftnl_set *nls, const struct set_stmts *l)
{
	struct nftnl_expr *nle;
	unsigned int i;

	if (l->n > 1)
		nftnl_set_set_u32(nls, NFTNL_SET_FLAGS,
				  nftnl_set_get_u32(nls, NFTNL_SET_FLAGS) |
				  NFT_SET_EXPR);
	for (i = 0; i < l->n; i++) {
		nle = set_stmt_encode(l->v[i]);
		if (nle == NULL)
			continue;
		if (l->n == 1)
			nftnl_set_set_data(nls, NFTNL_SET_EXPR, nle, 0);
		else
			nftnl_set_add_expr(nls, nle);
	}
}

void set_stmts_put_elem(struct nftnl_set_elem *e, const struct set_stmts *l)
{
	struct nftnl_expr *nle;
	unsigned int i;

	for (i = 0; i < l->n; i++) {
		nle = set_stmt_encode(l->v[i]);
		if (nle == NULL)
			continue;
		if (l->n == 1)
			nftnl_set_elem_set(e, NFTNL_SET_ELEM_EXPR, nle, 0);
		else
			nftnl_set_elem_add_expr(e, nle);
	}
}

/* second, minute, hour, day, week: the units the language names */
static bool set_stmt_limit_unit_known(uint64_t unit)
{
	return unit == 1 || unit == 60 || unit == 3600 || unit == 86400 ||
	       unit == 604800;
}

/* What the language cannot say of a decoded statement. */
static bool set_stmt_printable(const struct stmt *s)
{
	if (s->type != STMT_LIMIT)
		return true;
	return set_stmt_limit_unit_known(s->limit.unit) &&
	       s->limit.type <= NFT_LIMIT_PKT_BYTES &&
	       !(s->limit.flags & ~NFT_LIMIT_F_INV);
}

/* @nle through its statement kind: NULL if not a stateful one this nft
 * lists exactly. */
static struct stmt *set_stmt_decode(const struct nftnl_expr *nle)
{
	const char *name = nftnl_expr_get_str(nle, NFTNL_EXPR_NAME);
	const struct stmt_ops *ops = name ? stmt_ops_by_nl_name(name) : NULL;
	struct delin_ctx dctx;
	struct stmt *s = NULL, *x, *next;
	struct rule r;

	if (ops == NULL || ops->delinearize == NULL)
		return NULL;
	/* a rule of its own takes what the kind decodes: only its
	 * statement list is used (no allocation: big sets decode one a member) */
	memset(&dctx, 0, sizeof(dctx));
	memset(&r, 0, sizeof(r));
	init_list_head(&r.stmts);
	dctx.rule = &r;
	dctx.nle = nle;
	if (ops->delinearize(&dctx, nle) == 0 && r.num_stmts == 1) {
		s = list_first_entry(&r.stmts, struct stmt, list);
		list_del(&s->list);
		if (!set_stmt_is_stateful(s) || !set_stmt_printable(s)) {
			stmt_free(s);
			s = NULL;
		}
	}
	list_for_each_entry_safe(x, next, &r.stmts, list) {
		list_del(&x->list);
		stmt_free(x);
	}
	xfree(dctx.error);
	return s;
}

struct set_stmts_read {
	struct set_stmts *l;
	bool bad;
};

static int set_stmts_read_cb(struct nftnl_expr *nle, void *data)
{
	struct set_stmts_read *c = data;
	struct stmt *s = set_stmt_decode(nle);

	if (s == NULL) {
		c->bad = true;
		return -1;
	}
	set_stmts_add(c->l, s);
	return 0;
}

/* The statements of a dumped set: -1 (and none) if one cannot be
 * listed. */
int set_stmts_read_set(const struct nftnl_set *nls, struct set_stmts *l)
{
	struct set_stmts_read c = { l, false };

	if (!nftnl_set_is_set(nls, NFTNL_SET_EXPR) &&
	    !nftnl_set_is_set(nls, NFTNL_SET_EXPRESSIONS))
		return 0;
	nftnl_set_expr_foreach(nls, set_stmts_read_cb, &c);
	if (c.bad)
		set_stmts_free(l);
	return c.bad ? -1 : 0;
}

int set_stmts_read_elem(struct nftnl_set_elem *e, struct set_stmts *l)
{
	struct set_stmts_read c = { l, false };

	if (!nftnl_set_elem_is_set(e, NFTNL_SET_ELEM_EXPR) &&
	    !nftnl_set_elem_is_set(e, NFTNL_SET_ELEM_EXPRESSIONS))
		return 0;
	nftnl_set_elem_expr_foreach(e, set_stmts_read_cb, &c);
	if (c.bad)
		set_stmts_free(l);
	return c.bad ? -1 : 0;
}

/* ---- output ---- */

/* An element's: " counter packets 1 bytes 84 limit rate 1/second ..." */
void set_stmts_print(const struct set_stmts *l, struct output_ctx *octx)
{
	unsigned int i;

	for (i = 0; i < l->n; i++) {
		nft_print(octx, " ");
		stmt_print(l->v[i], octx);
	}
}

/* The declaration's line, "counter quota 10 mbytes": what each new
 * element starts with, so no state of its own. */
void set_stmts_print_decl(const struct set_stmts *l, struct output_ctx *octx)
{
	unsigned int flags = octx->flags, i;

	if (l->n == 0)
		return;
	octx->flags |= NFT_CTX_OUTPUT_STATELESS;
	nft_print(octx, "\t\t");
	for (i = 0; i < l->n; i++) {
		nft_print(octx, "%s", i ? " " : "");
		stmt_print(l->v[i], octx);
	}
	nft_print(octx, "\n");
	octx->flags = flags;
}

/* "stmt": [{"counter": null}, {"quota": {...}}] */
json_t *set_stmts_json_decl(const struct set_stmts *l,
			    struct output_ctx *octx)
{
	unsigned int flags = octx->flags, i;
	json_t *a = json_array();

	octx->flags |= NFT_CTX_OUTPUT_STATELESS;
	for (i = 0; i < l->n; i++)
		json_array_append_new(a, stmt_json(l->v[i], octx));
	octx->flags = flags;
	return a;
}

/* An element's, as members of its "elem" object: "counter": {...}. */
void set_stmts_json_elem(json_t *o, const struct set_stmts *l,
			 struct output_ctx *octx)
{
	unsigned int i;
	json_t *j;

	for (i = 0; i < l->n; i++) {
		j = stmt_json(l->v[i], octx);
		json_object_update(o, j);
		json_decref(j);
	}
}

/* ---- evaluation ---- */

int set_stmts_evaluate(struct eval_ctx *ectx, struct set_stmts *l)
{
	unsigned int i;

	/* more cannot be sent either: 5000 overflowed the batch */
	if (l->n > SET_STMTS_MAX)
		return stmt_error(ectx, l->v[SET_STMTS_MAX],
				  "too many statements: the kernel keeps at most %u per set and element",
				  SET_STMTS_MAX);
	for (i = 0; i < l->n; i++) {
		if (!set_stmt_is_stateful(l->v[i]))
			return stmt_error(ectx, l->v[i],
					  "%s is not a stateful statement: a set element can keep counter, limit, quota, ct count or last",
					  l->v[i]->ops->name);
		if (stmt_evaluate(ectx, l->v[i]) < 0)
			return -1;
	}
	return 0;
}

/* Where a statement's keyword is written ("quota", "ct count"), for
 * the caret under it. */
static const struct location *set_stmt_keyword_loc(const struct stmt *st,
						   struct location *loc)
{
	const char *kw = st->type == STMT_CONNLIMIT ? "ct count" :
			 st->type == STMT_LIMIT ? "limit rate" :
						  st->ops->name;

	*loc = st->location;
	if (loc->json_index < 0 && loc->first_line == loc->last_line &&
	    loc->first_column + strlen(kw) - 1 <= loc->last_column)
		loc->last_column = loc->first_column + strlen(kw) - 1;
	return loc;
}

/*
 * An element's statements against its named set's: as upstream 1.1.3,
 * a set that declares none takes none ("missing statement in set
 * declaration" under the first) unless it is dynamic (its elements
 * keep what they are given), and one that declares some wants the
 * same kinds in the same order (an element without any gets the set's).
 * A count that differs is refused under the element's key, a kind in
 * another place under the element's statement, in 1.1.3's words.
 */
int set_elem_stmts_match(struct eval_ctx *ectx, const struct set *s,
			 const struct expr *at, struct set_stmts *l)
{
	struct location loc;
	unsigned int i;

	if (l->n == 0)
		return 0;
	if (s->stmts.n == 0 && s->flags & NFT_SET_EVAL)
		return 0;
	if (s->stmts.n == 0)
		return erec_error(ectx->msgs,
				  set_stmt_keyword_loc(l->v[0], &loc),
				  "missing statement in %s declaration",
				  s->flags & NFT_SET_MAP ? "map" : "set");
	/* 1.1.3's JSON of an element holding several writes the first
	 * only: loaded, the element gets the set's, as 1.1.3 loads it */
	if (l->n < s->stmts.n && at->location.json_index >= 0) {
		for (i = 0; i < l->n; i++)
			if (l->v[i]->type != s->stmts.v[i]->type)
				break;
		if (i == l->n) {
			set_stmts_free(l);
			return 0;
		}
	}
	if (l->n != s->stmts.n)
		return erec_error(ectx->msgs, &at->location,
				  "number of statements mismatch, set expects %u but element has %u",
				  s->stmts.n, l->n);
	for (i = 0; i < l->n; i++) {
		if (l->v[i]->type == s->stmts.v[i]->type)
			continue;
		return erec_error(ectx->msgs, set_stmt_keyword_loc(l->v[i], &loc),
				  "statement mismatch, element expects %s, but %s has type %s",
				  l->v[i]->ops->name,
				  s->flags & NFT_SET_MAP ? "map" : "set",
				  s->stmts.v[i]->ops->name);
	}
	return 0;
}
