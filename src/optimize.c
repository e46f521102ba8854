/*
 * -o (--optimize): the analysis. Each rule of a chain in a table block is a row:
 * its matches sorted into the chain's columns (one per left side, in the
 * order the chain first uses them), its verdict, its counter, and whether
 * it can merge at all. Runs of consecutive compatible rows are handed to
 * src/optimize_merge.c. As in 1.1.3 this runs on the parsed commands:
 * values are compared as written, before evaluation.
 */
#include <string.h>
#include <stdio.h>
#include <stdlib.h>
#include <nftables.h>
#include <rule.h>
#include <set_pack.h>
#include <optimize.h>

/* Statements a mergeable rule may hold besides its matches and verdict;
 * they must be the same in every rule of a run. */
static bool optimize_stmt_is_kept(const struct stmt *s)
{
	switch (s->type) {
	case STMT_COUNTER:
	case STMT_LOG:
	case STMT_NOTRACK:
	case STMT_REJECT:
		return true;
	case STMT_NAT:	/* with an address or port: row->nat */
		return !s->nat.addr && !s->nat.proto;
	default:
		return false;
	}
}

/* A value as written: no variable in it anywhere. */
static bool optimize_plain(const struct expr *e)
{
	const struct expr *m;

	switch (e->etype) {
	case EXPR_SYMBOL:
	case EXPR_VALUE:
		return true;
	case EXPR_PREFIX:
		return optimize_plain(e->prefix.prefix);
	case EXPR_RANGE:
		return optimize_plain(e->range.left) &&
		       optimize_plain(e->range.right);
	case EXPR_LIST:
		list_for_each_entry(m, &e->expr_list.expressions, list)
			if (!optimize_plain(m))
				return false;
		return true;
	default:
		return false;
	}
}

/* Members of a set as written; mappings and element options are not. */
static bool optimize_set_ok(struct expr *set)
{
	const struct expr *m;

	set_expr_unpack(set);
	list_for_each_entry(m, &set->expr_list.expressions, list)
		if (m->elem_info || !optimize_plain(m))
			return false;
	return true;
}

/* A value a set can hold as written (not a variable). */
static bool optimize_value_ok(struct expr *e)
{
	if (e->etype == EXPR_SET)
		return optimize_set_ok(e);
	return optimize_plain(e);
}

static bool optimize_key_ok(const struct expr *e)
{
	switch (e->etype) {
	case EXPR_PAYLOAD:
	case EXPR_META:
	case EXPR_CT:
	case EXPR_EXTHDR:
	case EXPR_FIB:
	case EXPR_RT:
	case EXPR_BINOP:
	case EXPR_SOCKET:
	case EXPR_OSF:
	case EXPR_NUMGEN:
	case EXPR_HASH:
	case EXPR_XFRM:
		return true;
	default:
		return false;
	}
}

/* "KEY VALUE" or "KEY == VALUE": the one match a column can take. */
static bool optimize_is_selector(const struct stmt *s)
{
	struct expr *e = s->expr;

	if (s->type != STMT_EXPRESSION || e->etype != EXPR_RELATIONAL)
		return false;
	if (e->binop.op != OP_IMPLICIT && e->binop.op != OP_EQ)
		return false;
	return optimize_key_ok(e->binop.left) &&
	       optimize_value_ok(e->binop.right);
}

/* The chain's column for @left, added if new. */
static unsigned int optimize_column(struct opt_chain *c,
				    const struct expr *left)
{
	unsigned int i;

	for (i = 0; i < c->ncols; i++)
		if (expr_cmp(c->cols[i], left))
			return i;
	c->cols = xrealloc(c->cols, (c->ncols + 1) * sizeof(c->cols[0]));
	c->cols[c->ncols] = (struct expr *)left;
	return c->ncols++;
}

static bool optimize_row_add_selector(struct opt_chain *c,
				      struct opt_row *row, struct stmt *s)
{
	unsigned int col = optimize_column(c, s->expr->binop.left);

	/* a second match on the same key (1.1.3 merges it wrongly) */
	if (row->sel[col])
		return false;
	row->sel[col] = s;
	row->nsel++;
	return true;
}

static bool optimize_row_add(struct opt_chain *c, struct opt_row *row,
			     struct stmt *s)
{
	if (optimize_is_selector(s))
		return optimize_row_add_selector(c, row, s);
	/* a chain given by a variable: 1.1.3 aborts on its merge */
	if (s->type == STMT_VERDICT && s->expr->etype == EXPR_VERDICT &&
	    !row->verdict && (!s->expr->verdict.chain ||
			      s->expr->verdict.chain->etype != EXPR_VARIABLE)) {
		row->verdict = s;
		return true;
	}
	if (row->verdict)	/* something after the verdict */
		return false;
	if (s->type == STMT_NAT && (s->nat.addr || s->nat.proto)) {
		if (row->nat || !optimize_nat_ok(s))
			return false;
		row->nat = s;
		return true;
	}
	if (s->type == STMT_COUNTER && !row->counter)
		row->counter = s;
	return optimize_stmt_is_kept(s);
}

/* A set or list of values among the matches. */
static bool optimize_row_has_sets(const struct opt_chain *c,
				  const struct opt_row *row)
{
	const struct expr *right;
	unsigned int i;

	for (i = 0; i < c->ncols; i++) {
		if (!row->sel[i])
			continue;
		right = row->sel[i]->expr->binop.right;
		if (right->etype == EXPR_SET || right->etype == EXPR_LIST)
			return true;
	}
	return false;
}

static void optimize_row_init(struct opt_chain *c, struct opt_row *row,
			      struct rule *rule)
{
	struct stmt *s;

	row->rule = rule;
	row->mergeable = true;
	row->sel = xzalloc(c->ncols * sizeof(row->sel[0]));
	list_for_each_entry(s, &rule->stmts, list)
		if (!optimize_row_add(c, row, s))
			row->mergeable = false;
	if (row->nsel == 0)
		row->mergeable = false;
	/* 1.1.3 loses a counter beside a nat statement it maps */
	if (row->nat && (row->counter || row->verdict ||
			 (row->nsel > 1 && optimize_row_has_sets(c, row))))
		row->mergeable = false;
}

/* A statement as the proposal prints it (counters without their state),
 * to tell whether two rules do the same besides matching. */
static char *optimize_stmt_text(const struct nft_ctx *nft,
				const struct stmt *s)
{
	struct output_ctx octx = nft->octx;
	size_t size = 0;
	char *buf = NULL;

	octx.flags |= NFT_CTX_OUTPUT_STATELESS;
	octx.output_fp = open_memstream(&buf, &size);
	if (!octx.output_fp)
		return xstrdup("");
	stmt_print(s, &octx);
	fclose(octx.output_fp);
	return buf;
}

static bool optimize_stmt_same(const struct nft_ctx *nft,
			       const struct stmt *a, const struct stmt *b)
{
	char *ta, *tb;
	bool same;

	if (a->type != b->type)
		return false;
	/* a reject's code is still the symbol written */
	if (a->type == STMT_REJECT &&
	    (a->reject.type != b->reject.type ||
	     !a->reject.expr != !b->reject.expr ||
	     (a->reject.expr && !expr_cmp(a->reject.expr, b->reject.expr))))
		return false;
	ta = optimize_stmt_text(nft, a);
	tb = optimize_stmt_text(nft, b);
	same = !strcmp(ta, tb);
	free(ta);
	free(tb);
	return same;
}

static struct stmt *optimize_next_kept(const struct opt_row *row,
				       struct stmt *s)
{
	list_for_each_entry_continue(s, &row->rule->stmts, list)
		if (optimize_stmt_is_kept(s))
			return s;
	return NULL;
}

static struct stmt *optimize_first_kept(const struct opt_row *row)
{
	struct stmt *s = list_entry(&row->rule->stmts, struct stmt, list);

	return optimize_next_kept(row, s);
}

static bool optimize_row_holds(const struct nft_ctx *nft,
			       const struct opt_row *row,
			       const struct stmt *want)
{
	struct stmt *s;

	for (s = optimize_first_kept(row); s; s = optimize_next_kept(row, s))
		if (optimize_stmt_same(nft, s, want))
			return true;
	return false;
}

static unsigned int optimize_row_kept(const struct opt_row *row)
{
	unsigned int n = 0;
	struct stmt *s;

	for (s = optimize_first_kept(row); s; s = optimize_next_kept(row, s))
		n++;
	return n;
}

/* The same statements besides the matches, in any order ("counter log"
 * merges with "log counter" in 1.1.3). */
static bool optimize_rows_same_kept(const struct nft_ctx *nft,
				    const struct opt_row *a,
				    const struct opt_row *b)
{
	struct stmt *s;

	if (optimize_row_kept(a) != optimize_row_kept(b))
		return false;
	for (s = optimize_first_kept(a); s; s = optimize_next_kept(a, s))
		if (!optimize_row_holds(nft, b, s))
			return false;
	return true;
}

bool optimize_rows_compatible(const struct opt_chain *c,
			      const struct opt_row *a,
			      const struct opt_row *b)
{
	unsigned int i;

	if (!a->mergeable || !b->mergeable)
		return false;
	for (i = 0; i < c->ncols; i++) {
		if (!a->sel[i] != !b->sel[i])
			return false;
		/* "KEY VALUE" and "KEY == VALUE" do not merge in 1.1.3 */
		if (a->sel[i] && a->sel[i]->expr->binop.op !=
				 b->sel[i]->expr->binop.op)
			return false;
	}
	if (!optimize_nat_compatible(a, b))
		return false;
	return !a->verdict == !b->verdict;
}

bool optimize_rows_same_key(const struct opt_chain *c,
			    const struct opt_row *a,
			    const struct opt_row *b)
{
	unsigned int i;

	for (i = 0; i < c->ncols; i++)
		if (a->sel[i] && !expr_cmp(a->sel[i]->expr->binop.right,
					   b->sel[i]->expr->binop.right))
			return false;
	return true;
}

/* Can row @j join the run before it? */
static bool optimize_row_joins(const struct nft_ctx *nft,
			       const struct opt_chain *c, unsigned int j)
{
	return optimize_rows_compatible(c, &c->rows[j - 1], &c->rows[j]) &&
	       optimize_rows_same_kept(nft, &c->rows[j - 1], &c->rows[j]);
}

/* Two rules of a run that match the same: 1.1.3 merges none of it. */
static bool optimize_run_has_twins(const struct opt_chain *c,
				   unsigned int from, unsigned int to)
{
	unsigned int i, j;

	for (i = from; i < to; i++)
		for (j = i + 1; j < to; j++)
			if (optimize_rows_same_key(c, &c->rows[i],
						   &c->rows[j]))
				return true;
	return false;
}

static void optimize_chain_runs(struct nft_ctx *nft, struct opt_chain *c)
{
	unsigned int from = 0, to;

	while (from < c->nrows) {
		to = from + 1;
		while (to < c->nrows && optimize_row_joins(nft, c, to))
			to++;
		if (to - from > 1 && !optimize_run_has_twins(c, from, to))
			optimize_merge(nft, c, from, to);
		from = to;
	}
}

/* The columns first, so that every row has one slot per column. */
static void optimize_chain_columns(struct opt_chain *c, struct chain *chain)
{
	struct rule *rule;
	struct stmt *s;

	list_for_each_entry(rule, &chain->rules, list)
		list_for_each_entry(s, &rule->stmts, list)
			if (optimize_is_selector(s))
				optimize_column(c, s->expr->binop.left);
}

static void optimize_chain(struct nft_ctx *nft, struct chain *chain)
{
	struct opt_chain c = {};
	struct rule *rule;
	unsigned int n = 0, i;

	list_for_each_entry(rule, &chain->rules, list)
		n++;
	if (n < 2)
		return;
	optimize_chain_columns(&c, chain);
	c.rows = xzalloc(n * sizeof(c.rows[0]));
	list_for_each_entry(rule, &chain->rules, list)
		optimize_row_init(&c, &c.rows[c.nrows++], rule);
	optimize_chain_runs(nft, &c);
	for (i = 0; i < c.nrows; i++)
		xfree(c.rows[i].sel);
	xfree(c.rows);
	xfree(c.cols);
}

void optimize_cmds(struct nft_ctx *nft, struct list_head *cmds)
{
	struct chain *chain;
	struct cmd *cmd;

	list_for_each_entry(cmd, cmds, list) {
		if (cmd->op != CMD_ADD && cmd->op != CMD_CREATE)
			continue;
		/* table blocks only: 1.1.3 leaves "chain T c { ... }" */
		if (cmd->obj == CMD_OBJ_TABLE && cmd->table)
			list_for_each_entry(chain, &cmd->table->chains, list)
				optimize_chain(nft, chain);
	}
}
