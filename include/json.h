/*
 * JSON input context (src/json_input.c). Kinds' json_parse ops use it to
 * report errors with the command index and JSON path, and to recurse.
 */
#ifndef NFT_JSON_H
#define NFT_JSON_H

#include <nft.h>
#include <erec.h>
#include <jansson.h>

struct nft_ctx;
struct expr;
struct stmt;

struct json_ctx {
	struct nft_ctx *nft;
	struct list_head *msgs;
	const struct input_descriptor *indesc;
	int cmd_index;			/* index in "nftables" */
	char path[512];			/* JSON path of the current node */
	size_t cmd_path_len;		/* its "nftables[N]" part */
	unsigned int family;
};

/* JSON output builders (src/json.c); each takes over its arguments. */
json_t *json_wrap(const char *key, json_t *obj);		/* {key: obj} */
json_t *json_pair(const char *k1, json_t *v1, const char *k2, json_t *v2);
json_t *json_array2(json_t *a, json_t *b);			/* [a, b] */

/* A location naming the current command index and @suffix appended to
 * the path. */
struct location json_location(struct json_ctx *jctx, const char *suffix);
__fmt(3, 4) int json_error(struct json_ctx *jctx, const char *suffix,
			   const char *fmt, ...);

/* Parse an expression (an object with one key naming the kind, or a
 * string/number/array primitive as the right side of a match). */
struct expr *json_parse_expr(struct json_ctx *jctx, json_t *root,
			     const char *path_suffix);
/* Parse one statement object ({"counter": ...}). */
struct stmt *json_parse_stmt(struct json_ctx *jctx, json_t *root,
			     const char *path_suffix);

#endif /* NFT_JSON_H */
