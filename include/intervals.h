/*
 * Intervals of interval sets (src/intervals.c): the ranges and prefixes
 * of "{ 22, 80, 8000-8080 }" as closed [low, high] bounds, sorted and
 * merged in O(n log n), and the kernel's encoding of them as start and
 * end elements.
 */
#ifndef NFT_INTERVALS_H
#define NFT_INTERVALS_H

#include <nft.h>
#include <gmp.h>

struct interval {
	mpz_t low;
	mpz_t high;		/* inclusive */
	/* the member it was written as, whose options (timeout, comment)
	 * its start element carries; a merge keeps the lowest one's, as
	 * the system nft does, NULL (the set's own, merged with new ones)
	 * giving way to the next */
	const void *origin;
};

void interval_init(struct interval *iv);
void interval_clear(struct interval *iv);
/* Free @n intervals and the array. */
void intervals_free(struct interval *v, unsigned int n);

/*
 * Sort by lower bound and merge intervals that overlap or touch, as the
 * system nft does for anonymous sets ("auto-merge"). Returns the number
 * of intervals left at the front of @v; the rest are cleared.
 */
unsigned int intervals_merge(struct interval *v, unsigned int n);
/*
 * How intervals merge: those that overlap only (named sets without
 * auto-merge keep 10.1.0.0/16 and 10.2.0.0/16 apart), overlap or touch
 * (auto-merge), or overlap only, an interval written twice kept twice
 * (the elements 1.1.3 adds to a set without auto-merge: the kernel
 * keeps one; its deletes name it once).
 */
enum iv_merge {
	IV_APART	= 0,
	IV_TOUCHING	= 1,
	IV_APART_DUPS	= 2,
};

/* The same, merging as @how says (a bool: touching or not). */
unsigned int intervals_merge_how(struct interval *v, unsigned int n,
				 enum iv_merge how);

/* The prefix length if [low, high] is exactly one prefix of a @width
 * bit value (10.0.0.0-10.255.255.255 is /8), else -1. */
int interval_prefix_len(const mpz_t low, const mpz_t high,
			unsigned int width);

/*
 * The kernel's encoding: one element per interval start, one flagged
 * NFT_SET_ELEM_INTERVAL_END at high + 1, and a leading end element at 0
 * when the first interval does not start there. An interval reaching
 * the top of the @width bit range has no end element: its start is
 * "open". Sorted ascending.
 */
struct interval_elem {
	mpz_t key;
	bool end;		/* NFT_SET_ELEM_INTERVAL_END */
	bool open;		/* start of an interval without end */
	const void *origin;	/* a start's: its interval's */
};

/* Encode @n merged, sorted intervals; returns the element count and
 * the elements in *@elems (free with interval_elems_free()). */
unsigned int intervals_encode(const struct interval *v, unsigned int n,
			      unsigned int width,
			      struct interval_elem **elems);
void interval_elems_free(struct interval_elem *e, unsigned int n);

/*
 * Decode elements as the kernel dumps them (any order) back into
 * intervals: sorts @e (ends before starts at equal keys) and pairs each
 * start with the end that follows it; a start without end runs to the
 * top of the range. Returns the interval count, intervals in *@v.
 */
unsigned int intervals_decode(struct interval_elem *e, unsigned int n,
			      unsigned int width, struct interval **v);

#endif /* NFT_INTERVALS_H */
