/*
 * Internals shared by the anonymous set kind's files: src/expr/set.c
 * (kind, evaluation), src/expr/set_encode.c (encoding),
 * src/expr/set_pack_eval.c (packed members typed) and
 * src/expr/set_decode.c (decoding).
 */
#ifndef NFT_SET_EXPR_INT_H
#define NFT_SET_EXPR_INT_H

#include <stdbool.h>
#include <stdint.h>

struct datatype;
struct eval_ctx;
struct expr;
struct delin_ctx;
struct nftnl_expr;

/* Evaluation's checks (set.c), for packed members too: whether @have
 * is, or derives from or to, @want's type; whether the set's key (the
 * evaluation's) is a concatenation; a member @elem of @set as 1.1.3
 * checks it (it flags @set an interval set where it is a range). */
bool set_types_match(const struct datatype *want,
		     const struct datatype *have);
bool set_key_is_concat(const struct eval_ctx *ectx);
int set_elem_check(struct eval_ctx *ectx, struct expr *set,
		   const struct expr *elem);
/* A key's whole bytes (set_encode.c). */
unsigned int set_key_bytes(const struct expr *left);

/* A raw payload load, masked or not: "@th,32,16", "@th,32,8 & 0xf0". */
bool set_left_is_raw(const struct expr *e);
/* The lookup expression of a rule, with its anonymous or named set. */
int set_lookup_delinearize(struct delin_ctx *dctx,
			   const struct nftnl_expr *nle);

/* A stable radix sort of @n one-word keys up to @max (set_decode.c). */
struct set_sort_key {
	uint64_t key;
	void *e;
};
void set_radix_sort(struct set_sort_key *a, unsigned int n, uint64_t max);
/* What flags (a bitmask type's values) are listed by: their lowest set
 * bit's number and one, 0 for none (set_decode.c). */
uint64_t set_flags_rank(const mpz_t v);

/* The name whose bytes spell @v (big endian, @len bytes); @plen bits
 * of it when it is a wildcard, -1 for a whole name. */
struct expr *set_string_value(const struct expr *left, const mpz_t v,
			      unsigned int len, int plen);

#endif
