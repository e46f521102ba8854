/*
 * Internals shared by the anonymous set kind's files: src/expr/set.c
 * (kind, evaluation, encoding) and src/expr/set_decode.c (decoding).
 */
#ifndef NFT_SET_EXPR_INT_H
#define NFT_SET_EXPR_INT_H

#include <stdbool.h>
#include <stdint.h>

struct expr;
struct delin_ctx;
struct nftnl_expr;

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
