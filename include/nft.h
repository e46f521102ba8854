/*
 * Common helpers: the aborting allocator, string hash tables, small macros.
 * Every internal module includes this first.
 */
#ifndef NFT_NFT_H
#define NFT_NFT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <list.h>

#define array_size(a)	(sizeof(a) / sizeof((a)[0]))
#define div_round_up(n, d)	(((n) + (d) - 1) / (d))
#define BITS_PER_BYTE	8

#ifndef __must_check
#define __must_check __attribute__((warn_unused_result))
#endif
#define __fmt(a, b)	__attribute__((format(printf, a, b)))
#define __noreturn	__attribute__((noreturn))

/* Exported symbols of the public API carry this marker. */
#define EXPORT_SYMBOL	__attribute__((visibility("default")))

/*
 * Allocation never fails for callers: on out-of-memory these print a
 * message and abort (the CLI maps that to exit code 2 semantics).
 */
void *xmalloc(size_t size);
void *xzalloc(size_t size);
void *xrealloc(void *ptr, size_t size);
char *xstrdup(const char *s);
char *xstrndup(const char *s, size_t n);
__fmt(1, 2) char *xasprintf(const char *fmt, ...);
void xfree(const void *ptr);

__noreturn void memory_allocation_error(void);
__noreturn __fmt(3, 4) void nft_bug(const char *file, int line,
				     const char *fmt, ...);
#define BUG(...)	nft_bug(__FILE__, __LINE__, __VA_ARGS__)

/*
 * String-keyed hash table of pointers (names of tables, chains, sets,
 * variables). Open hashing with chaining; grows by doubling, so lookups and
 * inserts stay O(1) for hundreds of thousands of names.
 */
struct str_hash_node {
	struct str_hash_node *next;
	const char *key;	/* not owned */
	void *value;
};

struct str_hash {
	struct str_hash_node **buckets;
	unsigned int nbuckets;
	unsigned int count;
};

void str_hash_init(struct str_hash *h);
void str_hash_destroy(struct str_hash *h);	/* frees nodes, not values */
void str_hash_add(struct str_hash *h, const char *key, void *value);
void *str_hash_lookup(const struct str_hash *h, const char *key);
void *str_hash_remove(struct str_hash *h, const char *key);
uint32_t str_hash_fn(const char *s);

#endif /* NFT_NFT_H */
