/*
 * Stateful named objects: counter, quota, limit, ct helper, ct timeout,
 * ct expectation, secmark and synproxy objects of a table, and the words
 * their declaration blocks are written in. Each kind is one file
 * (src/obj/sobj_<kind>.c) behind a struct sobj_ops; src/obj/sobj.c holds
 * their registry and what the kinds share (include/sobj_kind.h).
 */
#ifndef NFT_SOBJ_H
#define NFT_SOBJ_H

#include <nft.h>
#include <erec.h>
#include <rule.h>
#include <jansson.h>

struct output_ctx;
struct eval_ctx;
struct nftnl_obj;
struct nlmsghdr;

/* Kernel object types (NFT_OBJECT_*), as the headers may predate some. */
#define SOBJ_TYPE_MAX	10

/* The number of states a ct timeout policy can have (tcp's). */
#define SOBJ_TIMEOUT_MAX	11

/* A "STATE : VALUE" of a ct timeout's policy, before evaluation. */
struct sobj_state {
	char *name;
	struct location location;
	uint32_t seconds;
};

struct sobj {
	struct list_head list;		/* in table->objs */
	/* family, table, the object's name (in the chain slot, as
	 * commands address it) and the kernel handle */
	struct handle handle;
	struct location location;
	uint32_t type;			/* NFT_OBJECT_* */
	char *comment;
	struct location comment_loc;
	/* a dumped object we cannot print exactly: why (owned) */
	char *undecoded;
	/* a ct object's l3proto is the table's, none was written (what
	 * --debug=netlink prints of it, see sobj_debug()) */
	bool l3proto_implicit;
	union {
		struct {
			uint64_t packets;
			uint64_t bytes;
		} counter;
		struct {
			uint64_t bytes;
			uint64_t used;
			uint32_t flags;		/* NFT_QUOTA_F_INV */
		} quota;
		struct {
			uint64_t rate;
			uint64_t unit;		/* seconds */
			uint32_t burst;
			uint32_t type;		/* NFT_LIMIT_PKTS, _PKT_BYTES */
			uint32_t flags;		/* NFT_LIMIT_F_INV */
		} limit;
		struct {
			char name[16];
			uint16_t l3proto;	/* NFPROTO_*; 0: the table's */
			uint8_t l4proto;	/* IPPROTO_* */
		} helper;
		struct {
			uint16_t l3proto;
			uint8_t l4proto;
			uint32_t timeout[SOBJ_TIMEOUT_MAX];	/* seconds */
			/* the policy as written, its states checked
			 * against the protocol when evaluated */
			struct sobj_state *states;
			unsigned int nstates;
		} timeout;
		struct {
			uint16_t l3proto;
			uint8_t l4proto;
			uint16_t dport;
			uint32_t timeout;	/* ms */
			uint8_t size;
		} expect;
		struct {
			char ctx[256];
		} secmark;
		struct {
			uint16_t mss;
			uint8_t wscale;
			uint32_t flags;		/* NF_SYNPROXY_OPT_* */
		} synproxy;
	};
};

/* The words of a declaration block, "{ over 100 mbytes; comment "x" }",
 * separators as ";" words; @open and @close are where the braces are. */
struct sobj_word {
	char *text;
	struct location location;
	bool quoted;
};

struct sobj_words {
	struct sobj_word *w;
	unsigned int n;
	unsigned int size;
	struct location open;
	struct location close;
	/* "add quota T q 25 mbytes": no braces, @close is just past the
	 * last word, where the command's end is */
	bool bare;
};

struct sobj_words *sobj_words_alloc(void);
void sobj_words_add(struct sobj_words *ws, const char *text,
		    const struct location *loc, bool quoted);
void sobj_words_free(struct sobj_words *ws);

/*
 * One kind of stateful object: everything in which the kinds differ.
 * The common code (src/obj/sobj*.c) looks the kind up by its type and
 * calls these: parse, print, json and json_parse every kind has, the
 * others may be NULL (nothing to do). A new kind is one file,
 * src/obj/sobj_<kind>.c, its lines in src/obj/sobj.c's registry and
 * its command kinds (CMD_OBJ_*) in src/obj/obj.c's.
 */
struct wparse;
struct json_ctx;
struct sobj_ops {
	uint32_t	type;		/* NFT_OBJECT_* */
	const char	*name;		/* "ct helper" */
	const char	*plural;	/* "ct helpers" */
	enum cmd_obj	one;		/* CMD_OBJ_CT_HELPER */
	enum cmd_obj	all;		/* CMD_OBJ_CT_HELPERS */
	/* how a rule names one: "ct helper set" "h" (src/stmt/objref.c) */
	const char	*ref;

	/* ---- declaration blocks (src/obj/sobj_block.c) ---- */
	/* the ct objects take one setting per separated item; the others
	 * their settings one after another */
	bool		items;
	/* the settings an object has before its block is read */
	void		(*init)(struct sobj *o);
	/* read one setting at p->w: the words used, -1 on an error */
	int		(*parse)(struct wparse *p);

	/* ---- evaluation ---- */
	int		(*evaluate)(struct eval_ctx *ectx, struct sobj *o);

	/* ---- netlink ---- */
	/* the kind's attributes into @nlo */
	void		(*nl_build)(struct nftnl_obj *nlo, const struct sobj *o);
	/* the kind's attributes out of @nlo (@nlh: the message it was
	 * parsed from, NULL if none); o->undecoded says what cannot be
	 * printed exactly */
	void		(*nl_parse)(struct sobj *o, struct nftnl_obj *nlo,
				    const struct nlmsghdr *nlh);
	/* a kind libnftnl cannot write: its NFTA_OBJ_TYPE and NFTA_OBJ_DATA
	 * by hand (nl_build then leaves the type out) */
	void		(*nl_put)(struct nlmsghdr *nlh, const struct sobj *o);
	/* --debug=netlink: what libnftnl is to print of such a kind */
	void		(*debug)(struct nftnl_obj *nlo, const struct sobj *o);

	/* ---- output ---- */
	/* the body lines, each after @tab; the lines a listing ends with
	 * "\n" end with @nl (" " in an echo) */
	void		(*print)(const struct sobj *o, struct output_ctx *octx,
				 const char *tab, const char *nl);
	/* the one-line body of an echo; NULL: print()'s with @nl " " */
	void		(*echo)(const struct sobj *o, struct output_ctx *octx);
	/* the echo's parts bring their spaces before them, not after */
	bool		echo_lead_space;
	/* nft monitor -j: what 1.1.3 reads of a removed object (zeroes
	 * the rest) */
	void		(*deleted)(struct sobj *o);
	void		(*json)(const struct sobj *o, json_t *r);
	/* JSON input: the kind's keys of {"counter": {...}} */
	int		(*json_parse)(struct json_ctx *jctx, json_t *obj,
				      struct sobj *o);

	/* what the kind owns of @o */
	void		(*free)(struct sobj *o);
};

/* The kind of NFT_OBJECT_* @type, of the command kind @obj (*@all: its
 * plural), of the name @name ("ct helper"); NULL if none. */
const struct sobj_ops *sobj_ops_lookup(uint32_t type);
const struct sobj_ops *sobj_ops_by_cmd(enum cmd_obj obj, bool *all);
const struct sobj_ops *sobj_ops_by_name(const char *name);

/* "counter", "ct helper", ... of NFT_OBJECT_*; NULL if unknown. */
const char *sobj_type_name(uint32_t type);
/* The kind of a command (CMD_OBJ_COUNTER, ...), 0 if none. */
uint32_t sobj_cmd_type(enum cmd_obj obj);
enum cmd_obj sobj_type_cmd(uint32_t type);

struct sobj *sobj_alloc(uint32_t type);
void sobj_free(struct sobj *o);
void sobj_list_free(struct list_head *objs);
/* Build an object of @type from a declaration block (@ws may be NULL);
 * NULL with errors on @msgs if the words do not fit. */
struct sobj *sobj_from_words(uint32_t type, struct sobj_words *ws,
			     const struct location *loc,
			     struct list_head *msgs);

/* Table blocks (src/obj/table.c) */
int sobj_evaluate(struct eval_ctx *ectx, struct sobj *o);
/* A ct timeout's policy states, in its protocol's (part of the above;
 * 0 for the other kinds) */
int sobj_states_evaluate(struct sobj *o, struct list_head *msgs);
struct exec_ctx;
int sobj_put(struct exec_ctx *x, uint16_t type, uint16_t flags,
	     const struct handle *h, const void *obj);
/* "\tcounter c {...}\n" inside a table */
void sobj_print(const struct sobj *o, struct output_ctx *octx);
json_t *sobj_json(const struct sobj *o, struct output_ctx *octx);
/* @nlh: the message @nlo was parsed from, which a ct timeout is read
 * from (src/obj/sobj_ct_timeout.c); may be NULL for other kinds */
struct sobj *sobj_nl_parse_obj(struct nftnl_obj *nlo,
			       const struct nlmsghdr *nlh);

/* The cache (src/cache.c): dump the objects of @family/@table once and
 * hang them on the cached tables. */
struct nft_ctx;
int sobj_cache_fetch(struct nft_ctx *nft, uint32_t family, const char *table,
		     bool have_chains);
/* Why a table's objects cannot be listed (owned message), or NULL. */
char *sobj_table_unlistable(const struct table *t);
unsigned int sobj_table_count(const struct table *t);
/* A table's objects in a listing, each after @delim; returns what goes
 * before the next thing of the table. */
const char *sobj_print_table(const struct table *t, struct output_ctx *octx,
			     const char *delim);

/* The objref statement (src/stmt/objref.c) */
struct stmt *objref_stmt_alloc(const struct location *loc, uint32_t type,
			       char *name);
/* {"counter": "c"}: the statements whose JSON key names an object kind
 * take a string as a reference. */
struct json_ctx;
struct stmt *objref_json_parse_name(struct json_ctx *jctx, uint32_t type,
				    json_t *value, const struct location *loc);
/* The key of the element by which @stmt, an object map, names object
 * @name; NULL if it does not. */
struct stmt;
const struct location *objref_map_location(const struct stmt *stmt,
					   const char *name);
/* A name or an object map ({"map": {"key": ..., "data": ...}}). */
bool objref_json_is_ref(json_t *value);

#endif /* NFT_SOBJ_H */
