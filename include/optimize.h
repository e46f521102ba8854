#ifndef NFT_OPTIMIZE_H
#define NFT_OPTIMIZE_H

/*
 * -o (--optimize): consecutive rules of a chain in a table block that
 * differ in the values they match merge into one rule with an anonymous
 * set, a verdict map, a set of concatenations or a nat map, as 1.1.3
 * merges them. The pass runs on the parsed commands, before evaluation
 * (src/optimize.c).
 */
#include <stdbool.h>
#include <list.h>
#include <expr.h>
#include <stmt.h>

struct nft_ctx;
struct rule;

/* Merge what can be merged in the table blocks of @cmds, printing each
 * merge as a proposal ("Merging:" ... "into:"). */
void optimize_cmds(struct nft_ctx *nft, struct list_head *cmds);

/* A rule's statements sorted for merging (src/optimize.c). */
struct opt_row {
	struct rule *rule;
	bool mergeable;
	/* per column of the chain: the relational matching it, or NULL */
	struct stmt **sel;
	struct stmt *verdict;		/* a plain verdict, or NULL */
	struct stmt *counter;		/* the rule's counter, or NULL */
	/* a nat statement with an address or port: they become a map */
	struct stmt *nat;
	unsigned int nsel;
};

struct opt_chain {
	struct expr **cols;		/* left sides, in the order first used */
	unsigned int ncols;
	struct opt_row *rows;
	unsigned int nrows;
};

/* Can rules @a and @b go into one rule (the verdicts aside)? */
bool optimize_rows_compatible(const struct opt_chain *c,
			      const struct opt_row *a,
			      const struct opt_row *b);
/* Do @a and @b match the same values in every column? */
bool optimize_rows_same_key(const struct opt_chain *c,
			    const struct opt_row *a,
			    const struct opt_row *b);

/* src/optimize_merge.c: rows [@from, @to) of @c into the first's rule,
 * the others taken out of the chain and freed; prints the proposal. */
void optimize_merge(struct nft_ctx *nft, struct opt_chain *c,
		    unsigned int from, unsigned int to);

/* The row's values (@right) or keys, concatenated if several. */
struct expr *optimize_key(const struct opt_chain *c, const struct opt_row *row,
			  bool right, const struct location *loc);

/* src/optimize_nat.c */
bool optimize_nat_ok(const struct stmt *s);
bool optimize_nat_compatible(const struct opt_row *a,
			     const struct opt_row *b);
void optimize_nat_merge(struct opt_chain *c, unsigned int from,
			unsigned int to, const struct location *loc,
			struct expr *key);
bool optimize_nat_print(const struct stmt *s, struct output_ctx *octx);
/* After the proposal: a set among a map's keys, one mapping a member. */
void optimize_nat_flatten(struct stmt *s);

/* src/optimize_print.c */
void optimize_print_value(const struct expr *e, struct output_ctx *octx);
void optimize_print_merging(struct nft_ctx *nft, const struct opt_chain *c,
			    unsigned int from, unsigned int to);
void optimize_print_into(struct nft_ctx *nft, const struct rule *rule);

#endif
