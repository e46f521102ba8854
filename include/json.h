/*
 * JSON input context (src/json_input.c). Kinds' json_parse ops use it to
 * report errors with the command index and JSON path, and to recurse.
 */
#ifndef NFT_JSON_H
#define NFT_JSON_H

#include <nft.h>
#include <erec.h>
#include <jansson.h>
#include <rule.h>

struct nft_ctx;
struct expr;
struct stmt;
struct set;

/* A set's "elem" array left in the text by the reader (src/json_input.c):
 * @placeholder, an empty array, stands for it in @owner. */
struct json_lazy {
	json_t *owner;
	json_t *placeholder;
	const char *p;		/* its '[' */
	const char *end;	/* past its ']' */
};

struct json_lazy_iter {
	const char *p;
	const char *end;
};

struct json_ctx {
	struct nft_ctx *nft;
	struct list_head *msgs;
	const struct input_descriptor *indesc;
	int cmd_index;			/* index in "nftables" */
	char path[512];			/* JSON path of the current node */
	size_t cmd_path_len;		/* its "nftables[N]" part */
	unsigned int family;
	/* While a set's element is converted, its index: the paths below
	 * it read ".elem[\x01]", the same for every element (interned
	 * once), and locations carry the index (json_location()). */
	size_t elem_index;
	bool in_elem;
	/* the paths interned last (json_location()), most recent first */
	const char *path_cache[4];
	/* the current command's lazy "elem" arrays */
	struct json_lazy lazy[2];
	unsigned int nlazy;
};

/* JSON output builders (src/json.c); each takes over its arguments. */
json_t *json_wrap(const char *key, json_t *obj);		/* {key: obj} */
json_t *json_pair(const char *k1, json_t *v1, const char *k2, json_t *v2);
json_t *json_array2(json_t *a, json_t *b);			/* [a, b] */

/* A location naming the current command index and @suffix appended to
 * the path. */
struct location json_location(struct json_ctx *jctx, const char *suffix);
/* "@prefix[@i]" into @buf (at least 32 bytes): a member's path suffix,
 * without snprintf's cost in loops over big sets. */
const char *json_index_suffix(char *buf, const char *prefix, size_t i);
/* ".elem[\x01]" into @buf (at least 32 bytes), the path suffix of
 * element @i of a set, whose index the locations below it carry;
 * json_elem_end() when the element is done. */
const char *json_elem_suffix(struct json_ctx *jctx, char *buf, size_t i);
/* The same for member @i of a list "@prefix" (".set[\x01]"). */
const char *json_list_suffix(struct json_ctx *jctx, char *buf,
			     const char *prefix, size_t i);
void json_elem_end(struct json_ctx *jctx);
__fmt(3, 4) int json_error(struct json_ctx *jctx, const char *suffix,
			   const char *fmt, ...);

/* The JSON object at *@p (before @end) read without jansson's decoder,
 * *@p moved past it; NULL when it needs jansson (escapes, non-ASCII,
 * reals, errors). src/json_input.c */
json_t *json_fast_load(const char **p, const char *end);

/* The lazy array @v stands for, or NULL; its elements one by one (new
 * references, NULL after the last). */
struct json_lazy *json_lazy_find(struct json_ctx *jctx, const json_t *v);
void json_lazy_iter_init(const struct json_lazy *lz,
			 struct json_lazy_iter *it);
json_t *json_lazy_next(struct json_lazy_iter *it);
/* Whether an element follows; it->p moved to it. */
bool json_lazy_more(struct json_lazy_iter *it);
/* Element @i of @s at it->p read straight from the text when it has a
 * usual shape (it->p moved past it), else NULL (src/json_elem.c). */
struct expr *json_elem_direct(struct json_ctx *jctx,
			      struct json_lazy_iter *it, size_t i,
			      const struct set *s);

/* Append @suffix to the current path (".a", "[0]" or a bare key); the
 * length to go back to with json_path_pop(). */
size_t json_path_push(struct json_ctx *jctx, const char *suffix);
void json_path_pop(struct json_ctx *jctx, size_t len);

/*
 * -1 (an error queued at @suffix.KEY) if @obj holds a key not in @keys
 * (NULL-terminated), else 0; also 0 if @obj is not an object or @keys
 * is NULL.
 */
int json_check_keys(struct json_ctx *jctx, json_t *obj, const char *suffix,
		    const char *const *keys);

/* Parse an expression (an object with one key naming the kind, or a
 * string/number/array primitive as the right side of a match). */
struct expr *json_parse_expr(struct json_ctx *jctx, json_t *root,
			     const char *path_suffix);
/* Parse one statement object ({"counter": ...}). */
struct stmt *json_parse_stmt(struct json_ctx *jctx, json_t *root,
			     const char *path_suffix);

/*
 * Members of a command's object, for the kinds' json_parse ops: 1 if
 * present (*out set), 0 if absent, -1 on a wrong type (error queued);
 * the json_req_* ones: 0 or -1, missing being an error.
 */
const char *json_type_name(const json_t *v);
int json_opt_string(struct json_ctx *jctx, json_t *obj, const char *key,
		    const char **out);
int json_req_string(struct json_ctx *jctx, json_t *obj, const char *key,
		    const char **out);
int json_opt_u64(struct json_ctx *jctx, json_t *obj, const char *key,
		 uint64_t *out);
/* "family": optional, @dflt when absent. */
int json_parse_family(struct json_ctx *jctx, json_t *obj, uint32_t dflt,
		      uint32_t *family);
/* "family" of a table, chain or rule (@what): required. */
int json_req_family(struct json_ctx *jctx, json_t *obj, const char *what,
		    uint32_t *family);
/* "family" and "table" of an object inside a table. */
int json_table_ref(struct json_ctx *jctx, json_t *obj, const char *what,
		   struct handle *h);
/* The object's own "name" (or, for delete and destroy, "handle"). */
int json_parse_name(struct json_ctx *jctx, json_t *obj, enum cmd_ops op,
		    struct handle_spec_str *spec, struct handle *h);
void json_spec_str(struct json_ctx *jctx, struct handle_spec_str *spec,
		   const char *key, const char *value);
struct cmd *json_list_kind_cmd(struct json_ctx *jctx, enum cmd_ops op,
			       json_t *obj, enum cmd_obj kind);
struct cmd *json_cmd_new(struct json_ctx *jctx, enum cmd_ops op,
			 enum cmd_obj obj, struct handle *h, void *data);
bool json_op_is_add(enum cmd_ops op);		/* add, create */
bool json_op_is_delete(enum cmd_ops op);	/* delete, destroy */

/* -e -j: append {@op: @obj} to @array (takes @obj over). */
void json_echo_add(json_t *array, const char *op, json_t *obj);
/* JSON output: {"family", "table", @chain_key: the chain, "handle"}. */
/* {"nftables": @array} on the output (takes @array over). */
struct nft_ctx;
void json_print_list(struct nft_ctx *nft, json_t *array);
json_t *json_object_head(const struct handle *h, const char *chain_key);

/* {"elem": {"val": V, "timeout": s, "comment": "x", "counter": ...}}: V
 * (a new reference) and what the element holds in *@info; @j itself if
 * not such an object, NULL on error (src/obj/set_json.c). */
struct set_elem_info;
json_t *json_elem_unwrap(struct json_ctx *jctx, json_t *j, const char *path,
			 struct set_elem_info **info);

#endif /* NFT_JSON_H */
