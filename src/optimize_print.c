/*
 * -o (--optimize): the proposals, as 1.1.3 prints them. "Merging:", the
 * merged rules' lines ("FILE:LINE:FIRST-LAST: " and the whole source
 * line) and "into:" go to the error stream; the merged rule itself to the
 * output stream, without a newline (the error stream ends its line).
 * The rule is printed as written, before evaluation: values bare, as the
 * input spelled them, numbers in decimal.
 */
#include <stdlib.h>
#include <inttypes.h>
#include <string.h>
#include <errno.h>
#include <nftables.h>
#include <rule.h>
#include <set.h>
#include <optimize.h>

/* Where the rule's statements are (its comment is not part of it). */
static struct location optimize_rule_span(const struct rule *rule)
{
	const struct stmt *first, *last;

	first = list_first_entry(&rule->stmts, struct stmt, list);
	last = list_last_entry(&rule->stmts, struct stmt, list);
	return location_span(&first->location, &last->location);
}

static void optimize_print_rule_line(struct nft_ctx *nft,
				     const struct rule *rule)
{
	struct location loc = optimize_rule_span(rule);
	const char *name = "<cmdline>", *line = "";
	size_t len = 0;

	if (loc.indesc && loc.indesc->name)
		name = loc.indesc->name;
	if (loc.indesc)
		erec_print_include_chain(nft->error.fp, loc.indesc);
	location_line(&loc, &line, &len);
	fprintf(nft->error.fp, "%s:%u:%u-%u: %.*s\n", name, loc.first_line,
		loc.first_column, loc.last_column, (int)len, line);
}

void optimize_print_merging(struct nft_ctx *nft, const struct opt_chain *c,
			    unsigned int from, unsigned int to)
{
	unsigned int i;

	fprintf(nft->error.fp, "Merging:\n");
	for (i = from; i < to; i++)
		optimize_print_rule_line(nft, c->rows[i].rule);
	fprintf(nft->error.fp, "into:\n\t");
}

/* A number as the scanner read it ("0x50") prints in decimal. */
static void optimize_print_symbol(const struct expr *e,
				  struct output_ctx *octx)
{
	const char *s = e->symbol.identifier;
	unsigned long long v;
	char *end;

	if (!e->symbol.quoted && s[0] >= '0' && s[0] <= '9') {
		errno = 0;
		v = strtoull(s, &end, 0);
		if (*end == '\0' && errno == 0) {
			nft_print(octx, "%llu", v);
			return;
		}
	}
	nft_print(octx, "%s", s);
}


static void optimize_print_list(const struct expr *e, const char *sep,
				struct output_ctx *octx)
{
	const struct expr *i;
	bool first = true;

	list_for_each_entry(i, &e->expr_list.expressions, list) {
		nft_print(octx, "%s", first ? "" : sep);
		optimize_print_value(i, octx);
		first = false;
	}
}

/* "syn|ack" and "syn,ack" parse into the same list: the source tells
 * them apart, and 1.1.3 prints the first as "syn | ack". */
static bool optimize_list_is_or(const struct expr *list)
{
	const struct expr *first, *second;
	const struct location *a, *b;
	const char *line;
	unsigned int i;
	size_t len;

	if (list->expr_list.size < 2)
		return false;
	first = list_first_entry(&list->expr_list.expressions, struct expr,
				 list);
	second = list_entry(first->list.next, struct expr, list);
	a = &first->location;
	b = &second->location;
	if (a->last_line != b->first_line ||
	    a->last_column >= b->first_column ||
	    !location_line(b, &line, &len) || b->first_column > len)
		return false;
	for (i = a->last_column; i + 1 < b->first_column; i++)
		if (line[i] == '|')
			return true;
	return false;
}

void optimize_print_value(const struct expr *e, struct output_ctx *octx)
{
	switch (e->etype) {
	case EXPR_SYMBOL:
		optimize_print_symbol(e, octx);
		break;
	case EXPR_PREFIX:
		optimize_print_value(e->prefix.prefix, octx);
		nft_print(octx, "/%u", e->prefix.prefix_len);
		break;
	case EXPR_RANGE:
		optimize_print_value(e->range.left, octx);
		nft_print(octx, "-");
		optimize_print_value(e->range.right, octx);
		break;
	case EXPR_LIST:
		optimize_print_list(e, optimize_list_is_or(e) ? " | " : ",",
				    octx);
		break;
	case EXPR_CONCAT:
		optimize_print_list(e, " . ", octx);
		break;
	case EXPR_SET:	/* a rule's set among the merged values */
		nft_print(octx, "{ ");
		optimize_print_list(e, ",\n\t\t\t     ", octx);
		nft_print(octx, " }");
		break;
	default:
		expr_print(e, octx);
	}
}

static void optimize_print_mapping(const struct expr *m,
				   struct output_ctx *octx)
{
	unsigned int i;

	optimize_print_value(m->mapping.key, octx);
	for (i = 0; m->elem_info && i < m->elem_info->stmts.n; i++) {
		nft_print(octx, " ");
		stmt_print(m->elem_info->stmts.v[i], octx);
	}
	nft_print(octx, " : ");
	expr_print(m->mapping.data, octx);
}

static void optimize_print_members(const struct expr *set,
				   struct output_ctx *octx)
{
	const struct expr *i;
	bool first = true;

	nft_print(octx, "{ ");
	list_for_each_entry(i, &set->expr_list.expressions, list) {
		nft_print(octx, "%s", first ? "" : ", ");
		if (i->etype == EXPR_MAPPING)
			optimize_print_mapping(i, octx);
		else
			optimize_print_value(i, octx);
		first = false;
	}
	nft_print(octx, " }");
}

/* The matched key: a mask's flags in parentheses ("tcp flags &
 * (syn | ack)"), as 1.1.3 prints them. */
static void optimize_print_key(const struct expr *e, struct output_ctx *octx)
{
	const struct expr *right;

	if (e->etype != EXPR_BINOP) {
		expr_print(e, octx);
		return;
	}
	right = e->binop.right;
	optimize_print_key(e->binop.left, octx);
	nft_print(octx, " %s ", e->binop.op == OP_AND ? "&" :
				e->binop.op == OP_OR ? "|" :
				e->binop.op == OP_XOR ? "^" :
				e->binop.op == OP_LSHIFT ? "<<" : ">>");
	if (right->etype == EXPR_LIST || right->etype == EXPR_BINOP) {
		nft_print(octx, "(");
		optimize_print_value(right, octx);
		nft_print(octx, ")");
	} else {
		optimize_print_value(right, octx);
	}
}

/* The merged match or map; false for any other statement. */
static bool optimize_print_merged(const struct stmt *s,
				  struct output_ctx *octx)
{
	const struct expr *e = s->expr;

	if (s->type == STMT_VERDICT && e->etype == EXPR_MAP) {
		optimize_print_key(e->map.key, octx);
		nft_print(octx, " vmap ");
		optimize_print_members(e->map.mappings, octx);
		return true;
	}
	if (s->type == STMT_EXPRESSION && e->etype == EXPR_RELATIONAL &&
	    e->binop.right->etype == EXPR_SET) {
		optimize_print_key(e->binop.left, octx);
		/* 1.1.3 writes "==" after a mask, whatever was written */
		nft_print(octx, e->binop.left->etype == EXPR_BINOP ?
				" == " : " ");
		optimize_print_members(e->binop.right, octx);
		return true;
	}
	return false;
}

/* A reject's code is still the symbol written: its text as written. */
static bool optimize_print_reject(const struct stmt *s,
				  struct output_ctx *octx)
{
	const char *line;
	size_t len;

	if (s->type != STMT_REJECT || !s->reject.expr ||
	    s->location.first_line != s->location.last_line ||
	    !location_line(&s->location, &line, &len) ||
	    s->location.last_column > len || s->location.first_column == 0)
		return false;
	nft_print(octx, "%.*s",
		  (int)(s->location.last_column - s->location.first_column + 1),
		  line + s->location.first_column - 1);
	return true;
}

void optimize_print_into(struct nft_ctx *nft, const struct rule *rule)
{
	struct output_ctx octx = nft->octx;
	const struct stmt *s;
	bool first = true;

	octx.flags |= NFT_CTX_OUTPUT_STATELESS;
	list_for_each_entry(s, &rule->stmts, list) {
		nft_print(&octx, "%s", first ? "" : " ");
		if (!optimize_print_merged(s, &octx) &&
		    !optimize_nat_print(s, &octx) &&
		    !optimize_print_reject(s, &octx))
			stmt_print(s, &octx);
		first = false;
	}
	if (nft_output_handle(&octx))
		nft_print(&octx, " # handle %" PRIu64, rule->handle.handle.id);
	/* the rule sits between "into:" and its newline on a terminal */
	fflush(octx.output_fp);
	fprintf(nft->error.fp, "\n");
}
