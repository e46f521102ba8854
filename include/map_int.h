#ifndef NFT_MAP_INT_H
#define NFT_MAP_INT_H

/* What the maps' files (src/expr/map*.c) share; not for the rest of
 * nft. The kind's ops are in src/expr/map.c. */

#include <expr.h>
#include <intervals.h>
#include <linearize.h>

struct delin_ctx;
struct lin_ctx;
struct nftnl_expr;
struct nftnl_set;

/* A mapping's key as an interval, in a map with interval keys. */
struct map_iv {
	struct interval iv;
	const struct expr *mapping;
	unsigned int index;		/* as written */
};

/* Evaluation's helpers, for the encoder and decoder too (map.c). */
bool map_is_named(const struct expr *map);
unsigned int map_key_bytes(const struct expr *key);
struct map_iv *map_intervals(const struct expr *map, unsigned int *n);
void map_intervals_free(struct map_iv *v, unsigned int n);
struct expr *map_keys_take(struct expr *map);
void map_keys_give(struct expr *map, struct expr *keys);

/* Encoding (map_encode.c). */
void map_expr_linearize(struct lin_ctx *lctx, const struct expr *expr,
			enum nft_registers dreg);

/* Decoding (map_decode.c). */
bool map_is_interval(const struct nftnl_set *nls);
int map_lookup_delinearize(struct delin_ctx *dctx,
			   const struct nftnl_expr *nle);

#endif /* NFT_MAP_INT_H */
