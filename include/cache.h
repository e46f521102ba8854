/*
 * The cache: kernel objects fetched for the current run, only what the
 * commands reference. Tables and chains are found by name through hash
 * tables.
 */
#ifndef NFT_CACHE_H
#define NFT_CACHE_H

#include <nft.h>

struct nft_ctx;
struct table;
struct chain;
struct list_head;
struct cmd;

enum cache_level_flags {
	NFT_CACHE_TABLE		= 1 << 0,
	NFT_CACHE_CHAIN		= 1 << 1,
	NFT_CACHE_RULE		= 1 << 2,
	NFT_CACHE_SET		= 1 << 3,	/* named sets of the tables */
	NFT_CACHE_SETELEM	= 1 << 4,	/* and their elements */
	NFT_CACHE_FULL		= NFT_CACHE_TABLE | NFT_CACHE_CHAIN |
				  NFT_CACHE_RULE,
	NFT_CACHE_OBJ		= 1 << 5,	/* stateful objects */
	NFT_CACHE_FLOWTABLE	= 1 << 6,	/* flowtables: their own dump */
	/* with NFT_CACHE_RULE: the rules' handles are all that is needed
	 * (positions: index, position), not their decoding */
	NFT_CACHE_RULE_HANDLES	= 1 << 7,
};

/* What to fetch: levels, and optionally one family/table only. */
struct cache_filter {
	uint32_t family;	/* NFPROTO_UNSPEC = all */
	const char *table;	/* NULL = all */
	const char *chain;	/* NULL = all */
};

struct nft_cache {
	unsigned int flags;		/* levels currently loaded */
	uint32_t genid;
	struct list_head tables;	/* struct table, dump order */
	struct str_hash table_hash;	/* "family\0name" key -> table */
	bool initialized;
	/* What the loaded levels cover (cache.c): family (UNSPEC = all),
	 * table and chain (NULL = all); owned copies. */
	uint32_t loaded_family;
	char *loaded_table;
	char *loaded_chain;
};

void cache_init(struct nft_cache *cache);
void cache_release(struct nft_cache *cache);

/*
 * Decide from @cmds what must be fetched, then fetch it (if not already
 * there for this generation). Returns 0, or -1 with errors on @msgs.
 */
int cache_update(struct nft_ctx *nft, struct list_head *cmds,
		 struct list_head *msgs);
/* Fetch explicitly (used by list commands). */
int cache_fetch(struct nft_ctx *nft, unsigned int flags,
		const struct cache_filter *filter, struct list_head *msgs);

/* Whether the loaded levels cover @flags for @filter. */
bool cache_has(const struct nft_cache *cache, unsigned int flags,
	       const struct cache_filter *filter);

/*
 * Lookups only see the levels in cache->flags (and the tables the loaded
 * filter covers): check the flags before concluding an object is
 * missing.
 */
struct table *cache_table_lookup(const struct nft_cache *cache,
				 uint32_t family, const char *name);
struct handle;
struct location;
int cache_missing_error(struct list_head *msgs, const struct location *loc,
			struct nft_ctx *nft, const struct handle *h,
			bool by_chain);
bool cache_missing_hint(struct nft_ctx *nft, const struct handle *h,
			bool by_chain, bool fetch, char *buf, size_t size);
const char *cache_set_hint(const struct nft_ctx *nft, const char *name,
			   char *buf, size_t size);
#define CACHE_HINT_SIZE		(2 * NFT_NAME_MAXLEN + 64)
/* The cache takes over the caller's reference of @t. */
void cache_table_add(struct nft_cache *cache, struct table *t);
void cache_table_del(struct nft_cache *cache, struct table *t);

/*
 * The cached chain a dumped rule belongs to (and its table), NULL if it
 * is not in the cache. *@tp and *@cp carry the previous answer (or
 * NULL): dumps come grouped by chain, so most rules cost no lookup.
 */
struct nftnl_rule;
struct chain *cache_rule_chain(struct nft_cache *cache,
			       const struct nftnl_rule *nlr,
			       struct table **tp, struct chain **cp);

/* Cache needs of one command, merged into @flags / @filter (the filter
 * broadens to "all" when commands disagree). */
void cache_cmd_needs(const struct cmd *cmd, unsigned int *flags,
		     struct cache_filter *filter, bool *first);

#endif /* NFT_CACHE_H */
