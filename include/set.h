/*
 * Named sets: "set s { type ipv4_addr; flags interval; elements = { ... } }"
 * declared in a table block or with "add set", their elements ("add
 * element", "delete element", "flush set") and the listings of them.
 * Everything about the kind is in src/obj/set*.c; the elements are encoded
 * and decoded by the anonymous sets' code (src/expr/set_encode.c and
 * set_decode.c), and "@s" in rules is src/expr/setref.c.
 */
#ifndef NFT_SET_H
#define NFT_SET_H

#include <rule.h>
#include <jansson.h>
#include <intervals.h>

struct output_ctx;
struct nftnl_set;
struct stmt;

/* Stateful statements (counter, limit, quota, ct count, last) of a
 * set's declaration or of an element, in the kernel's order
 * (src/obj/set_stmt.c). Zeroed is empty; the holder frees them. */
struct set_stmts {
	struct stmt **v;
	unsigned int n;
};

/* What an element holds besides its key (dumped sets). */
struct set_elem_info {
	uint64_t timeout;		/* ms, 0: the set's */
	uint64_t expires;		/* ms, 0: none */
	char *comment;
	/* "counter packets N bytes M limit rate 1/second": its state */
	struct set_stmts stmts;
};

/* Statements a set or an element keeps: the kernel's NFT_SET_EXPR_MAX. */
#define SET_STMTS_MAX	2

bool set_stmt_is_stateful(const struct stmt *s);
/* @s is taken over. */
void set_stmts_add(struct set_stmts *l, struct stmt *s);
void set_stmts_free(struct set_stmts *l);
void set_stmts_clone(struct set_stmts *dst, const struct set_stmts *src);

/* An element's options as written ("10.0.0.1 timeout 10s comment \"x\""):
 * NULL is none. */
void set_elem_info_free(struct set_elem_info *i);
/* Printed after an anonymous set's member (src/obj/set_print.c); the
 * JSON {"elem": {"val": @val, ...}} (takes @val). */
void set_elem_info_print(const struct set_elem_info *i,
			 struct output_ctx *octx);
json_t *set_elem_info_json(const struct set_elem_info *i, json_t *val,
			   struct output_ctx *octx);
struct set_elem_info *set_elem_info_clone(const struct set_elem_info *i);
/* The member's options, made if it had none. */
struct set_elem_info *set_elem_info_of(struct expr *m);
/* Its timeout, expiry, comment and counter onto element @e. */
struct nftnl_set_elem;
/* A set's catch-all element @m ("*", with its options) into @elems,
 * and the one of set expression @set if it has one (how many). */
struct nftnl_set_elem *set_catchall_elem(struct nftnl_set *elems,
					 const struct expr *m);
unsigned int set_catchall_build(struct nftnl_set *elems,
				const struct expr *set);
void set_elem_info_put(struct nftnl_set_elem *e,
		       const struct set_elem_info *i);
/* The same on an interval's start; @open: its range runs to the top. */
void set_elem_info_put_open(struct nftnl_set_elem *e,
			    const struct set_elem_info *i, bool open);

struct interval;

struct set {
	struct list_head list;		/* in table->sets */
	struct handle handle;		/* family, table, set name, handle */
	struct location location;
	/* Where 1.1.3 says a declaration lacks a key: the "{ ... }" of an
	 * add command, the name in a table block. */
	struct location decl_loc;
	/* The text's last item had no separator before the closing brace
	 * (1.1.3 takes that after "elements = { ... }" and "auto-merge"
	 * only); where "auto-merge" was, which 1.1.3 refuses in maps. */
	bool last_unseparated;
	/* "typeof KEY : TYPE", which 1.1.3's parser refuses as it reads
	 * it (parser_map_typeof_names()) */
	bool typeof_data_refused;
	/* "elements = $X": checked once the set has its name
	 * (parser_var_block_check()) */
	bool init_var;
	struct location last_item_loc;
	struct location auto_merge_loc;
	unsigned int refcnt;
	uint32_t flags;			/* NFT_SET_* */
	/* The key as written ("ipv4_addr . inet_service"), resolved by
	 * evaluation into @key: a constant of each type (a concatenation
	 * of them for several), which is what elements are typed by. */
	char *key_types;
	struct location key_loc;
	struct expr *key;
	bool key_typeof;		/* "typeof EXPR": @key is EXPR */
	uint64_t timeout;		/* milliseconds, 0: none */
	uint64_t gc_int;		/* milliseconds, 0: none */
	/* 0: none; as written, which evaluation holds to 32 bits last
	 * (1.1.3 takes any and cuts it down: what it refuses first is
	 * refused first) */
	uint64_t size;
	struct location size_loc;
	bool policy_memory;		/* "policy memory" */
	bool auto_merge;
	/* "counter; quota 10 mbytes;": what every element gets */
	struct set_stmts stmts;
	char *comment;
	struct location comment_loc;
	/* Elements: an EXPR_SET (src/expr/set.c), NULL if none given */
	struct expr *init;
	/* Dumped: per member of @init, in its order, NULL if none has
	 * more than its key. */
	struct set_elem_info *info;
	/* Dumped for a listing: the elements packed (set_records.h), which
	 * table_lookup_set() turns into @init for the rest */
	struct set_records *packed;
	/* Cached: @init (or @packed) holds the kernel's elements; element
	 * commands fetch set heads only, and one set's elements where
	 * they need them (set_fetch_elems()). */
	bool elems_loaded;
	/* The answer of "get element": elements whose statements are all
	 * they carry share a line, as upstream prints them there. */
	bool get_answer;
	/* The kernel's intervals (@init's, merged and sorted) that element
	 * commands of a run check their additions against: built once,
	 * not once a command (firewalld adds thousands one by one). */
	struct interval *overlap_index;
	unsigned int overlap_n;		/* merged */
	unsigned int overlap_all;	/* allocated bounds */
	/* An element command: the set it adds to had no elements (the
	 * first interval elements carry the end element at 0). */
	bool target_empty;
	/* An element command on an auto-merge set: the members the set
	 * holds that the new ones overlap or touch, deleted and merged
	 * into them in the same batch, as the system nft does. */
	struct expr *merge_with;
	/* A set declared in this run: @init holds its members as written
	 * (and stays so, for the echo), not merged as the kernel holds
	 * them; @held does, once element commands of the batch merge with
	 * them (auto-merge). */
	bool init_as_written;
	struct expr *held;
	/* Without auto-merge: the members the batch added so far (its
	 * declaration's, earlier element commands'), which later ones may
	 * not overlap; NULL if none yet. */
	struct interval *batch_iv;	/* sorted by start */
	unsigned int batch_n, batch_cap;
	/* An element command whose members the next one, adding to the
	 * same auto-merge set, takes over: it sends nothing itself. */
	bool coalesced;
	/* Dumped from the kernel: its key as the kernel holds it. */
	uint32_t key_type_id;
	uint32_t key_len;		/* bytes */
	/* Named maps (NFT_SET_MAP): "type KEY : DATA", the data's types
	 * as written and resolved (a constant of the type; a verdict map's
	 * is of verdict_type, length 0). */
	char *data_types;
	struct location data_loc;
	struct expr *data;
	bool data_typeof;		/* "typeof K : EXPR": @data is EXPR */
	/* An object map ("type K : counter"): the objects' NFT_OBJECT_*
	 * type, its data their names (a string constant as @data); the
	 * kernel holds it as NFT_SET_OBJECT, not NFT_SET_MAP. */
	uint32_t objtype;
	/* "type K : interval D": each element's data is a range of D (a
	 * prefix, a range or a value), held as its low then its high end */
	bool data_interval;
};

struct set *set_alloc(const struct location *loc);
struct set *set_get(struct set *s);
void set_free(struct set *s);

/* The table owns its sets (table_free() frees them). */
void table_add_set(struct table *t, struct set *s);
struct set *table_lookup_set(const struct table *t, const char *name);
/* The same, its elements left packed (listings, set_records.h). */
struct set *table_find_set(const struct table *t, const char *name);
/* Whether @s is of the kind @cmd (flush, list, reset) names: "set" or
 * "map"; -1 and an error if it is not. */
bool set_cmd_kind_matches(const struct cmd *cmd, const struct set *s);
int set_cmd_kind_error(struct nft_ctx *nft, struct list_head *msgs,
		       const struct cmd *cmd);
/* The set @h names, declared or added in this run or in the cache;
 * NULL if unknown (src/obj/set.c). */
struct eval_ctx;
struct set *set_find(struct eval_ctx *ectx, const struct handle *h);
/* The same, only if declared or added in this run. */
struct set *set_find_in_run(struct eval_ctx *ectx, const struct handle *h);
void table_free_sets(struct table *t);
unsigned int table_count_sets(const struct table *t);

/* Parser helpers: "flags interval,timeout" and a "name value" item
 * ("timeout 1h", "size 100", "auto-merge"): NULL or an error message. */
const char *set_flag_parse(const char *name, uint32_t *flag);
/* "typeof KEY : NAMES": whether 1.1.3 takes NAMES there (a verdict, an
 * object's kind), not a type. */
bool set_typeof_data_name_ok(const char *names);
char *set_item_parse(struct set *s, const char *key, const char *value);

/* Check and resolve a set declaration (key, flags, elements). */
struct eval_ctx;
struct exec_ctx;
int set_evaluate(struct eval_ctx *ectx, struct set *s);
/* Table blocks: the set's message and its elements into the batch. */
int exec_put_set(struct exec_ctx *x, const struct set *s);

/* The set as "list set" prints it, its elements with @elements. */
void set_print(const struct set *s, struct output_ctx *octx, bool elements);
json_t *set_json(const struct set *s, struct output_ctx *octx);
void set_json_write(FILE *fp, const char *prefix, const struct set *s,
		    struct output_ctx *octx);

/* A dumped set (with its elements, if the dump had them). */
struct set *netlink_set_parse(const struct nftnl_set *nls);

/* The cache: dump the sets of @table (NULL: all) in @family, with their
 * elements if @elems, into the cached tables. */
int cache_fetch_sets(struct nft_ctx *nft, uint32_t family, const char *table,
		     bool elems);
/* The elements of cached set @s, if not yet fetched: 0, or -1 with
 * errno. */
int set_fetch_elems(struct nft_ctx *nft, struct set *s);

/* Elements of a named set (src/expr/set_encode.c): encode the members of @set
 * keyed like @key into @elems; decode those of a dumped set. */
unsigned int set_elems_build(struct nftnl_set *elems, const struct expr *set,
			     const struct expr *key, enum iv_merge merge,
			     bool zero);
/* Intervals of @set merged with the set's own @with (whose options give
 * way to the new members'). */
unsigned int set_elems_build_merged(struct nftnl_set *elems,
				    const struct expr *set,
				    const struct expr *with,
				    const struct expr *key, bool zero);
bool set_elems_pageable(const struct expr *set, const struct expr *key);
unsigned int set_elems_build_page(struct nftnl_set *elems,
				  const struct expr *set,
				  const struct expr *key,
				  const struct expr **pos, unsigned int max);
struct interval;
/* The bounds of member @m of a set keyed by @key. */
void set_member_bounds(const struct expr *m, const struct expr *key,
		       struct interval *iv);
/* Whether keys of @key's type compare as names (bytes). */
bool set_key_is_string(const struct expr *key);
/* Concatenation @elem keyed by @key into @buf (zeroed by the caller),
 * each member in its byte order, padded to 32 bit words; with @high,
 * the tops of its ranges and prefixes. */
void set_concat_key(unsigned char *buf, const struct expr *elem,
		    const struct expr *key, bool high);
/* Catch-all elements ("*", NFT_SET_ELEM_CATCHALL): no key. */
struct nftnl_set_elem;
bool set_elem_is_catchall(struct nftnl_set_elem *e);
/* @nls's catch-all element (the decoders of members skip it), or NULL */
struct nftnl_set_elem *set_nl_catchall(const struct nftnl_set *nls);
/* A map's "* : DATA" of its element @ca; NULL if its data cannot be
 * read. */
struct expr *map_catchall_decode(const struct nftnl_set *nls,
				 struct nftnl_set_elem *ca);
/* The catch-all member "*" of @ca, with what the element holds */
struct expr *set_catchall_decode(struct nftnl_set_elem *ca);
/* @nls's catch-all beside the members decoded into s->init: -1 if it
 * cannot be read */
struct set;
int set_parse_catchall(struct set *s, const struct nftnl_set *nls);
struct expr *set_elems_decode(const struct nftnl_set *nls,
			      const struct expr *key);
/* An anonymous set's (@map: map's) members with what their elements
 * hold, as member->elem_info; NULL if none holds more than its key. */
struct expr *set_anon_decode_with_info(const struct nftnl_set *nls,
				       const struct expr *key, bool map);
/* A map's decoded keys typed by @key: ranges, not prefixes, for types
 * without them. */
void set_keys_retype(struct expr *map, const struct expr *key);
void set_key_desc(struct nftnl_set *nls, const struct expr *key);
/* An element opening a range without end, for sets and maps. */
void set_elem_open(struct nftnl_set_elem *e);
/* NFTA_SET_DESC_CONCAT of a concatenated key, for sets and maps. */
void set_desc_concat(struct nftnl_set *nls, const struct expr *key);
/* The order of a listing's members. */
int set_member_compare(const struct expr *a, const struct expr *b);

/* typeof (src/obj/set_typeof.c): whether @key can be described in the
 * user data, the description, and the key read back from user data (1,
 * 0 if there is none, -1 if it cannot be read). */
struct nftnl_udata_buf;
bool set_typeof_supported(const struct expr *key);
/* The bytes of @key's description (its nest included), 0 if none. */
unsigned int set_typeof_len(const struct expr *key);
/*
 * User data are built in a buffer bigger than the kernel's 256 bytes
 * (NFT_USERDATA_MAXLEN) and measured before they are sent: libnftnl
 * checks each attribute against the whole buffer, not the room left, and
 * writes past its end.
 */
#define SET_UDATA_SCRATCH	4096
struct nftnl_udata_buf *set_udata_scratch(void);
/* Whether @key (@s's key or data) can be read back from the kernel: a
 * concatenation of more than 5 members only from its typeof
 * description, if that fits the user data. */
bool set_key_listable(const struct set *s, const struct expr *key);
void set_typeof_put(struct nftnl_udata_buf *ud, const struct expr *key);
/* An anonymous set's key, as upstream 1.1.3 describes it. */
void set_typeof_put_anon(struct nftnl_udata_buf *ud, const struct expr *key);
int set_typeof_parse(const void *data, uint32_t len, struct expr **key);
/* Marks the members of @left, a dumped anonymous set's concatenated key,
 * that its typeof holds as raw loads (EXPR_F_RAW_TYPEOF). */
void set_mark_raw_typeof(const struct nftnl_set *nls, struct expr *left);
/* A key or data given by type ("type ipv4_addr . mark"), as upstream
 * 1.1.3 describes it; @data NULL for an object map's data. */
void set_typeof_put_type(struct nftnl_udata_buf *ud, const struct expr *key);
void set_typeof_put_type_data(struct nftnl_udata_buf *ud,
			      const struct expr *data);
void set_typeof_put_verdict_data(struct nftnl_udata_buf *ud);
void set_typeof_put_data(struct nftnl_udata_buf *ud, const struct expr *data);
int set_typeof_parse_data(const void *data, uint32_t len, struct expr **key);
/* Whether a map's user data says its data are ranges
 * (NFTNL_UDATA_SET_DATA_INTERVAL). */
bool set_udata_data_interval(const void *data, uint32_t len);
struct nftnl_set;
void set_typeof_nl_data(struct nftnl_set *nls, const struct expr *data);
/* A kind's attributes in its typeof data nest, by number, for its
 * typeof_parse hook; typeof_u32() is false if @i is absent or no u32. */
#define TYPEOF_ATTRS	8
struct nftnl_udata;
struct typeof_attrs {
	const struct nftnl_udata *a[TYPEOF_ATTRS];
};
bool typeof_u32(const struct typeof_attrs *t, unsigned int i, uint32_t *v);
/* A key's length: a concatenation's is its members' whole words. */
void set_key_set_len(struct expr *key);

/* "@name" (src/expr/setref.c) */
struct expr *setref_expr_alloc(const struct location *loc, const char *name);
struct lin_ctx;
/* "left @s": load left, look it up in the set by name. */
void setref_lookup_linearize(struct lin_ctx *lctx, const struct expr *rel,
			     enum nft_registers reg);
int setref_lookup_evaluate(struct eval_ctx *ectx, struct expr *rel);
int setref_missing_error(struct eval_ctx *ectx, const struct expr *ref);

/* Named maps' elements (src/expr/map_members.c): @map a stand-in EXPR_MAP of
 * the map's key, typed as its data. */
/* @missing: the table's sets are known and @name is none of them. */
const struct set *set_lookup_for_rule(struct eval_ctx *ectx,
				      const char *name, bool *missing);
int map_elems_evaluate(struct eval_ctx *ectx, struct expr *map);
int map_elems_catchall_evaluate(struct eval_ctx *ectx, struct expr *map);
/* An anonymous set's member (a map's mapping) holds at most the two
 * statements the kernel keeps: 0, or -1 with an error. */
int set_member_stmts_check(struct eval_ctx *ectx, const struct expr *m);
/* A named set's member (a map's mapping) against the set
 * (ectx->elem_set), as 1.1.3 checks it: its statements before its key
 * is typed, a range the set does not take after. 0, or -1 with an
 * error. */
int set_member_stmts_evaluate(struct eval_ctx *ectx, const struct set *s,
			      const struct expr *m);
int set_member_evaluate(struct eval_ctx *ectx, const struct set *s,
			const struct expr *m);
/* The options of @s's elements @elems (the first @limit of them) that
 * the kernel refuses, refused here in its words: a timeout in a set
 * without timeouts, an expiry without a timeout. 0, or -1 said. */
int set_elems_info_evaluate(struct eval_ctx *ectx, const struct set *s,
			    const struct expr *elems, unsigned int limit);
/* Whether the kernel refuses @s's flags together (the set, before any
 * element of it). */
bool set_kernel_refuses(const struct set *s);
/* A field narrower than a byte that lies in one byte ("ip dscp", not
 * "ip6 dscp"): an anonymous interval set or map holds its own values,
 * the load shifting it down to them, as 1.1.3 builds it (one spanning
 * bytes keeps its values moved to its place). */
bool set_key_in_one_byte(const struct expr *key);
/* The type a lookup key has: its own, but a raw load of a port's is
 * the port's ("@th,16,16" is "th dport"), as upstream 1.1.3 types it. */
const struct datatype *set_lookup_key_type(const struct expr *e);
/* "typeof @th,16,16" is "typeof th dport" to 1.1.3: the port @e loads
 * raw as a new expression, or NULL. */
struct expr *set_raw_port_named(const struct expr *e);
/* The key bytes (@len) member @m of a set keyed by @key holds (its low
 * end; a mapping's key's); an @interval set's start elements are big
 * endian. */
void element_member_key(const struct expr *m, const struct expr *key,
			bool interval, unsigned char *buf, unsigned int len);
/*
 * The bytes of a key field that spans several and is shifted down, which
 * its load turned host order first ("frag frag-off": & 0xfff8, ntoh,
 * >> 3); 0 if it is loaded as it is.
 */
unsigned int set_key_turned_bytes(const struct expr *left);
/* A map's data as 1.1.3 lists it (several flags: one number). */
void map_data_print(const struct expr *data, struct output_ctx *octx);
json_t *map_data_json(const struct expr *data, struct output_ctx *octx);
/* "KEY @s" and "KEY map @m" (@ref): @key must have the key type of
 * set @s: 0, or -1 with an error. A hash or numgen member of @key takes
 * the type of the set's (not a map's) member where 1.1.3 takes it. */
int set_lookup_type_check(struct eval_ctx *ectx, struct expr *key,
			  const struct expr *ref, const struct set *s);
/* @zero: with the leading end element at 0 (a map that has elements
 * holds it already). */
/* A map's "* : DATA" into @elems (how many: 0 or 1) */
unsigned int map_catchall_build(struct nftnl_set *elems,
				const struct expr *map);
unsigned int map_elems_build(struct nftnl_set *elems, const struct expr *map,
			     bool zero);
bool map_elems_pageable(const struct expr *map);
/* An interval set's (not a concatenation's) elements, merged (as @merge
 * says; with @with, the set's own, if not NULL, touching too) and
 * encoded at once, into the batch a page at a time; @zero: with the end
 * element at 0. */
struct set_iv_pages;
struct set_iv_pages *set_iv_pages_alloc(const struct expr *set,
					const struct expr *with,
					const struct expr *left,
					enum iv_merge merge, bool zero);
unsigned int set_iv_pages_next(struct set_iv_pages *p,
			       struct nftnl_set *elems, unsigned int max);
bool set_iv_pages_done(const struct set_iv_pages *p);
void set_iv_pages_free(struct set_iv_pages *p);
unsigned int map_elems_build_page(struct nftnl_set *elems,
				  const struct expr *map,
				  const struct expr **pos, unsigned int max);
struct expr *map_elems_decode(const struct nftnl_set *nls,
			      const struct expr *key);

/* src/obj/rule.c: a jump's or goto's chain @name exists in @h's table
 * (an error at @loc if not). */
int verdict_chain_evaluate(struct eval_ctx *ectx, const struct handle *h,
			   const char *name, const struct location *loc);

struct json_ctx;
struct expr *map_json_elem_parse(struct json_ctx *jctx, json_t *pair,
				 const struct location *loc, size_t i);
/* The code of the verdict a map's JSON data names ("accept", "jump"). */
bool map_verdict_code(const char *name, int *code);

/* -e: what the echo of elements kept during the batch (set_elem.c). */
void element_echo_release(struct nft_ctx *nft);
/* -e -j: a set the kernel added and its elements (table blocks). */
void set_json_echo_set(json_t *array, const char *op, const struct set *s,
		       struct output_ctx *octx);

extern const struct obj_ops set_obj_ops;
extern const struct obj_ops sets_obj_ops;
extern const struct obj_ops element_obj_ops;
extern const struct obj_ops map_obj_ops;
extern const struct obj_ops maps_obj_ops;
extern const struct obj_ops meter_obj_ops;
extern const struct obj_ops meters_obj_ops;

#endif /* NFT_SET_H */
