/*
 * -o (--optimize): merging a run of rows (src/optimize.c) into its first
 * rule. Their keys become the members of an anonymous set in the place
 * of the first rule's first match ("ip saddr { 1.1.1.1, 1.1.1.2 }"), a
 * concatenation when they match several keys, and a verdict map when the
 * verdicts differ, where each rule's counter goes with its member.
 */
#include <nftables.h>
#include <rule.h>
#include <set.h>
#include <optimize.h>

/* The column's key, or the concatenation of the columns' keys. */
struct expr *optimize_key(const struct opt_chain *c, const struct opt_row *row,
			  bool right, const struct location *loc)
{
	struct expr *concat = NULL, *e, *one = NULL;
	unsigned int i;

	for (i = 0; i < c->ncols; i++) {
		if (!row->sel[i])
			continue;
		e = right ? row->sel[i]->expr->binop.right :
			    row->sel[i]->expr->binop.left;
		e = expr_clone(e);
		if (row->nsel == 1) {
			one = e;
			continue;
		}
		if (!concat)
			concat = concat_expr_alloc(loc);
		concat_expr_add(concat, e);
	}
	return row->nsel == 1 ? one : concat;
}

static bool optimize_run_one_verdict(const struct opt_chain *c,
				     unsigned int from, unsigned int to)
{
	unsigned int i;

	for (i = from + 1; i < to; i++)
		if (c->rows[i].verdict &&
		    !expr_cmp(c->rows[i].verdict->expr,
			      c->rows[from].verdict->expr))
			return false;
	return true;
}

/* The first match of the first rule (in its own order): the merged
 * match takes its place. */
static struct stmt *optimize_first_selector(const struct opt_chain *c,
					    const struct opt_row *row)
{
	struct stmt *s;
	unsigned int i;

	list_for_each_entry(s, &row->rule->stmts, list)
		for (i = 0; i < c->ncols; i++)
			if (row->sel[i] == s)
				return s;
	return NULL;
}

static void optimize_drop_stmt(struct rule *rule, struct stmt *s)
{
	list_del(&s->list);
	stmt_free(s);
	rule->num_stmts--;
}

/* The values of column @col onwards, each combination concatenated
 * after @prefix (NULL: none yet): a set or list of values in a column
 * gives one member per value, as 1.1.3 spells out the product. */
static void optimize_product(const struct opt_chain *c,
			     const struct opt_row *row, unsigned int col,
			     struct expr *prefix, struct list_head *out,
			     const struct location *loc)
{
	struct expr *v, *i, *next;

	while (col < c->ncols && !row->sel[col])
		col++;
	if (col == c->ncols) {
		list_add_tail(&prefix->list, out);
		return;
	}
	v = row->sel[col]->expr->binop.right;
	if (v->etype != EXPR_SET && v->etype != EXPR_LIST) {
		next = prefix ? expr_clone(prefix) : concat_expr_alloc(loc);
		concat_expr_add(next, expr_clone(v));
		optimize_product(c, row, col + 1, next, out, loc);
	} else {
		list_for_each_entry(i, &v->expr_list.expressions, list) {
			next = prefix ? expr_clone(prefix) :
					concat_expr_alloc(loc);
			concat_expr_add(next, expr_clone(i));
			optimize_product(c, row, col + 1, next, out, loc);
		}
	}
	expr_free(prefix);
}

static void optimize_add_clone(struct list_head *out, const struct expr *e)
{
	struct expr *clone = expr_clone(e);

	list_add_tail(&clone->list, out);
}

/* The row's members: its values, one per combination; a lone column's
 * values bare, not concatenated. */
static void optimize_members(const struct opt_chain *c,
			     const struct opt_row *row, struct list_head *out,
			     const struct location *loc)
{
	const struct expr *v = NULL, *i;
	unsigned int col;

	if (row->nsel > 1) {
		optimize_product(c, row, 0, NULL, out, loc);
		return;
	}
	for (col = 0; col < c->ncols && !v; col++)
		if (row->sel[col])
			v = row->sel[col]->expr->binop.right;
	if (v->etype != EXPR_SET && v->etype != EXPR_LIST) {
		optimize_add_clone(out, v);
		return;
	}
	list_for_each_entry(i, &v->expr_list.expressions, list)
		optimize_add_clone(out, i);
}

static struct expr *optimize_set(const struct opt_chain *c,
				 unsigned int from, unsigned int to,
				 const struct location *loc)
{
	struct expr *set = set_expr_alloc(loc), *m, *next;
	LIST_HEAD(members);
	unsigned int i;

	for (i = from; i < to; i++) {
		/* a lone column's set stays a set, printed nested */
		if (c->rows[i].nsel == 1) {
			set_expr_add(set, optimize_key(c, &c->rows[i], true,
						       loc));
			continue;
		}
		optimize_members(c, &c->rows[i], &members, loc);
		list_for_each_entry_safe(m, next, &members, list) {
			list_del(&m->list);
			set_expr_add(set, m);
		}
	}
	return set;
}

/* "KEY : VERDICT" with a copy of the rule's counter, if any. */
static void optimize_vmap_add(struct expr *set, const struct opt_row *row,
			      struct expr *key, const struct location *loc)
{
	struct expr *m = mapping_expr_alloc(loc, key,
					    expr_clone(row->verdict->expr));
	struct stmt *counter;

	if (row->counter) {
		counter = counter_stmt_alloc(&row->counter->location);
		counter->counter = row->counter->counter;
		set_stmts_add(&set_elem_info_of(m)->stmts, counter);
	}
	set_expr_add(set, m);
}

static void optimize_vmap_row(struct expr *set, const struct opt_chain *c,
			      const struct opt_row *row,
			      const struct location *loc)
{
	struct expr *m, *next;
	LIST_HEAD(members);

	optimize_members(c, row, &members, loc);
	list_for_each_entry_safe(m, next, &members, list) {
		list_del(&m->list);
		optimize_vmap_add(set, row, m, loc);
	}
}

static struct expr *optimize_vmap_set(const struct opt_chain *c,
				      unsigned int from, unsigned int to,
				      const struct location *loc)
{
	struct expr *set = set_expr_alloc(loc);
	unsigned int i;

	for (i = from; i < to; i++)
		optimize_vmap_row(set, c, &c->rows[i], loc);
	return set;
}

/* The merged match replaces @first; the first rule's other matches go
 * (and for a map its verdict, its counter having gone to its member). */
static void optimize_rewrite_first(struct opt_chain *c, unsigned int from,
				   unsigned int to, bool vmap)
{
	struct opt_row *row = &c->rows[from];
	struct stmt *first = optimize_first_selector(c, row), *s;
	const struct location *loc = &first->location;
	struct expr *key = optimize_key(c, row, false, loc);
	unsigned int i;

	if (row->nat) {
		optimize_nat_merge(c, from, to, loc, key);
	} else if (vmap) {
		s = verdict_stmt_alloc(loc, map_expr_alloc(loc, key,
				optimize_vmap_set(c, from, to, loc), true));
		list_add(&s->list, &first->list);
		row->rule->num_stmts++;
		optimize_drop_stmt(row->rule, row->verdict);
		row->verdict = NULL;
		/* its counter went with each of its members */
		if (row->counter)
			optimize_drop_stmt(row->rule, row->counter);
		row->counter = NULL;
	} else {
		s = expr_stmt_alloc(loc, relational_expr_alloc(loc,
				first->expr->binop.op, key,
				optimize_set(c, from, to, loc)));
		list_add(&s->list, &first->list);
		row->rule->num_stmts++;
	}
	for (i = 0; i < c->ncols; i++)
		if (row->sel[i]) {
			optimize_drop_stmt(row->rule, row->sel[i]);
			row->sel[i] = NULL;
		}
	row->mergeable = false;
}

/* A rule's set among the merged values was printed nested, as 1.1.3
 * prints it; its members join the merged set. */
static void optimize_flatten_set(struct expr *set)
{
	struct expr *m, *next, *i, *inext;

	list_for_each_entry_safe(m, next, &set->expr_list.expressions, list) {
		if (m->etype != EXPR_SET)
			continue;
		list_for_each_entry_safe(i, inext, &m->expr_list.expressions,
					 list) {
			list_del(&i->list);
			list_add_tail(&i->list, &m->list);
			set->expr_list.size++;
			m->expr_list.size--;
		}
		list_del(&m->list);
		set->expr_list.size--;
		expr_free(m);
	}
}

static void optimize_flatten(struct rule *rule)
{
	struct stmt *s;

	list_for_each_entry(s, &rule->stmts, list) {
		optimize_nat_flatten(s);
		if (s->type == STMT_EXPRESSION &&
		    s->expr->etype == EXPR_RELATIONAL &&
		    s->expr->binop.right->etype == EXPR_SET)
			optimize_flatten_set(s->expr->binop.right);
	}
}

void optimize_merge(struct nft_ctx *nft, struct opt_chain *c,
		    unsigned int from, unsigned int to)
{
	bool vmap = !optimize_run_one_verdict(c, from, to);
	unsigned int i;

	optimize_print_merging(nft, c, from, to);
	optimize_rewrite_first(c, from, to, vmap);
	/* as in 1.1.3, the merged rule keeps no comment */
	xfree(c->rows[from].rule->comment);
	c->rows[from].rule->comment = NULL;
	for (i = from + 1; i < to; i++) {
		list_del(&c->rows[i].rule->list);
		rule_free(c->rows[i].rule);
		c->rows[i].rule = NULL;
	}
	optimize_print_into(nft, c->rows[from].rule);
	optimize_flatten(c->rows[from].rule);
}
