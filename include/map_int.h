#ifndef NFT_MAP_INT_H
#define NFT_MAP_INT_H

/* What the maps' files (src/expr/map*.c) share; not for the rest of
 * nft. The kind's ops are in src/expr/map.c. */

#include <expr.h>
#include <intervals.h>
#include <linearize.h>

struct delin_ctx;
struct eval_ctx;
struct json_ctx;
struct lin_ctx;
struct nftnl_expr;
struct nftnl_set;

/* A mapping's key as an interval, in a map with interval keys. */
struct map_iv {
	struct interval iv;
	const struct expr *mapping;
	unsigned int index;		/* as written */
};

/* Whether the map is "@name" (map.c). */
bool map_is_named(const struct expr *map);

/* The mappings typed (map_members.c), for a rule's map (map.c), packed
 * mappings (map_pack_eval.c), the encoder and decoder. @named: a named
 * map's element, refused in the words 1.1.3 has for a set's. */
unsigned int map_key_bytes(const struct expr *key);
int map_key_evaluate(struct eval_ctx *ectx, struct expr *map,
		     struct expr *m, bool named);
int map_data_evaluate(struct eval_ctx *ectx, struct expr *map,
		      struct expr *m);
int map_check_overlap(struct eval_ctx *ectx, const struct expr *map);
struct map_iv *map_intervals(const struct expr *map, unsigned int *n);
void map_intervals_free(struct map_iv *v, unsigned int n);
struct expr *map_keys_take(struct expr *map);
void map_keys_give(struct expr *map, struct expr *keys);

/* JSON input (map_json.c): {"map": ...}; "vmap" is in expr.h. */
struct expr *map_expr_json_parse(struct json_ctx *jctx, json_t *value,
				 const struct location *loc);

/* Encoding (map_encode.c). */
void map_expr_linearize(struct lin_ctx *lctx, const struct expr *expr,
			enum nft_registers dreg);

/* Decoding (map_decode.c). */
bool map_is_interval(const struct nftnl_set *nls);
int map_lookup_delinearize(struct delin_ctx *dctx,
			   const struct nftnl_expr *nle);

#endif /* NFT_MAP_INT_H */
