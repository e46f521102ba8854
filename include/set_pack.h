/*
 * Packed member lists: the elements of a big set or map without one
 * struct expr per element.
 *
 * A set block of 200,000 addresses held 200,000 symbol expressions (144
 * bytes and a string each) from the parser to the evaluator, then as
 * many values until the batch was built. Instead, the members of a set
 * expression (EXPR_SET) may live in a pack hung on it
 * (set->expr_list.pack): first as text (each member serialized with its
 * locations, ~20 bytes for an IPv4 address), then, once evaluated by a
 * named set's key, as the keys (and data) in the kernel's byte order,
 * which the encoder copies into the batch.
 *
 * Adding members (the text parser's set and map blocks, JSON input):
 *
 *	set = set_expr_alloc(&loc);
 *	for each member m (a new reference, whatever its kind):
 *		set_expr_add_packed(set, m);
 *
 * set_expr_add_packed() takes over @m: a plain member (a symbol, a
 * string constant, a prefix or range of symbols, a concatenation of
 * these, a mapping of such a key to such a value or to a verdict; no
 * options such as timeout or counter) is serialized and freed; any
 * other is linked into set->expr_list.expressions as set_expr_add()
 * would, after the pack so far has been turned back into expressions,
 * so that the members keep the order they were written in. The
 * locations of every node (file, line, column, or JSON index and path)
 * come back as they went in, so errors keep their carets.
 *
 * Reading members: code that walks set->expr_list.expressions first
 * calls set_expr_unpack(set), which turns the pack back into the
 * ordinary list (the same expressions the parser made, in order) and
 * frees it; set_expr_size() counts both. Only the evaluation of a named
 * set's elements (src/obj/set_eval_elems.c), of a rule's anonymous set
 * (src/expr/relational.c decides, src/expr/set_pack_eval.c types) or
 * map (src/expr/map_pack_eval.c), and the encoders (src/obj/set.c,
 * src/expr/set_encode.c, src/netlink.c) read the pack itself; everything else unpacks, so behaviour is the
 * same wherever the fast path does not apply (echo, JSON output,
 * --debug=netlink, get and reset element, masked keys, nat and object
 * maps).
 */
#ifndef NFT_SET_PACK_H
#define NFT_SET_PACK_H

#include <stdbool.h>
#include <stdint.h>
#include <datatype.h>
#include <intervals.h>

struct expr;
struct set_pack;

/* Fewer members are typed as expressions: what the pack saves is
 * nothing then, and the kernel's refusal of one of them (a full set, a
 * key it holds already) is pointed at that member (element_explain_attr()),
 * which a typed pack cannot locate any more. */
#define SET_PACK_MIN_MEMBERS	16

/* Append @member to @set (an EXPR_SET), packed if plain; takes it over. */
void set_expr_add_packed(struct expr *set, struct expr *member);
/* The same but @member stays the caller's: true if it was packed (the
 * caller frees it, or reuses its shell), false if nothing was done. */
bool set_expr_pack_keep(struct expr *set, const struct expr *member);
/* The packed members back into set->expr_list.expressions (before the
 * listed ones, which all came after them). No-op without a pack. Only
 * the text form can be unpacked: the keys of an evaluated pack have lost
 * their text (callers decide before evaluating, src/obj/set_eval*.c). */
void set_expr_unpack(struct expr *set);
/* Members listed and packed. */
unsigned int set_expr_size(const struct expr *set);
/* Whether @set has a pack (text or keys). */
bool set_expr_has_pack(const struct expr *set);
/* Whether a packed member is a mapping; whether some packed node is a
 * prefix or a range (an anonymous set's intervals). */
bool set_pack_has_mappings(const struct set_pack *p);
bool set_pack_has_ranges(const struct set_pack *p);

/* ---- the pack itself (src/expr/set_pack.c) ---- */

void set_pack_free(struct set_pack *p);
struct set_pack *set_pack_clone(const struct set_pack *p);
bool set_pack_equal(const struct set_pack *a, const struct set_pack *b);
/* Members in the pack (text or keys). */
unsigned int set_pack_count(const struct set_pack *p);

/* Walking the text form: each call returns a new member (the caller
 * frees it), NULL at the end. */
struct set_pack_iter {
	const void *block;
	unsigned int off;
};
void set_pack_iter_init(const struct set_pack *p, struct set_pack_iter *it);
struct expr *set_pack_next(const struct set_pack *p, struct set_pack_iter *it);

/*
 * A member read in place (no expression made): its nodes in preorder,
 * children after their parent. Kinds: SET_PACK_SYMBOL (@text, @quoted),
 * SET_PACK_STRING (@text), SET_PACK_PREFIX (@num: its length),
 * SET_PACK_RANGE, SET_PACK_CONCAT (@num members), SET_PACK_MAPPING (key,
 * data), SET_PACK_VERDICT (@num: its code; a string child if it names a
 * chain). @flags: the expression's. The text lives in the pack.
 */
enum set_pack_kind {
	SET_PACK_SYMBOL = 1,
	SET_PACK_STRING,
	SET_PACK_PREFIX,
	SET_PACK_RANGE,
	SET_PACK_CONCAT,
	SET_PACK_MAPPING,
	SET_PACK_VERDICT,
};

struct set_pack_view {
	uint8_t kind;
	uint8_t flags;
	bool quoted;
	const char *text;
	uint32_t num;
	uint32_t children;
};

/* The member @it is at, as at most @max nodes into @v: how many (0: at
 * the end, or more than @max); *@next: past it. */
unsigned int set_pack_view(const struct set_pack *p,
			   const struct set_pack_iter *it,
			   struct set_pack_view *v, unsigned int max,
			   struct set_pack_iter *next);

/*
 * The evaluated form: @n keys of @key_len bytes (and data of @data_len
 * bytes each, maps), in the order written, as the kernel takes them.
 * A verdict map's data are a verdict code and the index of its chain
 * name in @chains (or UINT32_MAX), see struct set_pack_verdict.
 */
struct set_pack_verdict {
	int32_t code;
	uint32_t chain;
};

struct pack_keys {
	unsigned char *keys;
	unsigned char *data;
	unsigned int key_len;
	unsigned int data_len;
	unsigned int n;
	unsigned int cap;
	char **chains;
	/* an anonymous verdict map's: where each chain is first jumped
	 * to (the key), for the kernel's refusal of it */
	struct location *chain_locs;
	unsigned int nchains;
	bool verdicts;
	/* an interval set's: each key is a low and a high bound of
	 * key_len / 2 bytes, big endian, merged when encoded */
	bool intervals;
};

/* Packed intervals (@intervals keys) merged and encoded as the kernel
 * takes them, on their bytes: @n elements of @w bytes, each with
 * PACK_IV_* flags. Only for keys whose width is whole bytes. */
#define PACK_IV_END	1	/* NFT_SET_ELEM_INTERVAL_END */
#define PACK_IV_OPEN	2	/* a start whose range runs to the top */
struct pack_iv_elems {
	unsigned char *keys;
	uint8_t *flags;
	unsigned int n;
	unsigned int w;
};
void pack_intervals_encode(const struct pack_keys *k, enum iv_merge how,
			   struct pack_iv_elems *e);
void pack_iv_elems_free(struct pack_iv_elems *e);

/* Plain keys @from on (and data) into @nlh's open element list while it
 * is under @room bytes: how many (src/expr/set_pack.c). */
struct nlmsghdr;
unsigned int set_pack_nlmsg_elems(struct nlmsghdr *nlh,
				  const struct pack_keys *k,
				  unsigned int from, unsigned int room);

/* The pack's keys (NULL while it is still text). */
const struct pack_keys *set_pack_keys(const struct set_pack *p);
/* Replace the text of @p by @k (taken over). */
void set_pack_set_keys(struct set_pack *p, struct pack_keys *k);
struct pack_keys *pack_keys_alloc(unsigned int key_len, unsigned int data_len,
				unsigned int hint);
/* One more key (and data): where to write them. */
unsigned char *pack_keys_add(struct pack_keys *k, unsigned char **data);
/* The index of chain @name in @k's names (added if new). */
uint32_t pack_keys_chain(struct pack_keys *k, const char *name);
/* Where chain @name is first jumped to (NULL: not known). */
const struct location *set_pack_chain_location(const struct set_pack *p,
					       const char *name);
void pack_keys_free(struct pack_keys *k);

/* ---- evaluation (src/expr/set_pack_eval.c, map_pack_eval.c) and
 * encoding (src/expr/set_encode.c) ---- */

struct eval_ctx;
struct nftnl_set;
/* @set's packed members typed by a named set's @key into keys (with
 * @intervals: bounds): 0, -1 on
 * an error (queued), 1 if some member needs the listed path (the pack is
 * untouched: set_expr_unpack() and evaluate as usual), as two
 * overlapping intervals do with @no_overlaps (the listed path names
 * them). */
int set_pack_evaluate(struct eval_ctx *ectx, struct expr *set,
		      const struct expr *key, bool intervals,
		      bool no_overlaps);
/* A rule's anonymous set typed by the left side of its match, @key, as
 * set_pack_evaluate() types a named set's (with intervals if some member
 * is a range or a prefix): 0, -1 on an error (queued), 1 if the listed
 * path takes it (then the set is unpacked). */
int set_anon_pack_evaluate(struct eval_ctx *ectx, struct expr *set,
			   const struct expr *key);
/* Whether a rule's anonymous set (or map's mappings) may stay packed:
 * big enough, and neither the echo nor --debug=netlink prints them. */
bool set_anon_packable(const struct eval_ctx *ectx, const struct expr *set);
/* The same for a named map's mappings (src/expr/map_pack_eval.c): @map is
 * set_map_stub()'s stand-in, @h the map's handle (jumps' chains); or a
 * rule's anonymous map, its key evaluated, @h NULL (the chains jumped to
 * are the kernel's to find). 0 or 1 (nothing is said: the listed path
 * says it). */
struct handle;
int map_pack_evaluate(struct eval_ctx *ectx, struct expr *map,
		      const struct handle *h);
/* The bounds of @set's members (packed or listed) into @v, an array of
 * set_expr_size(@set) at least; with their members as origins if
 * @origin (NULL for packed ones). How many. */
struct interval;
unsigned int set_bounds_fill(struct interval *v, const struct expr *set,
			     const struct expr *key, bool origin);
/* A pack holding @k (taken over) from the start: what the evaluation
 * would have made of members no text was written for. */
struct set_pack *set_pack_new_keys(struct pack_keys *k);
/* Literals read without an expression (set_pack_eval.c): a value of
 * @key's type into @buf, or a whole key (@v: a member's @n nodes). */
bool set_pack_direct(const struct set_pack_view *v, const struct expr *key,
		     unsigned char *buf);
bool set_pack_direct_key(const struct set_pack_view *v, unsigned int n,
			 const struct expr *key, unsigned char *buf);
/* A value's bytes (@len of them, in @byteorder) at @buf. */
void set_member_key(unsigned char *buf, const struct expr *v,
		    enum byteorder byteorder, unsigned int len);
/* Keys (and data) @from on, at most @max, into @elems: how many. */
unsigned int set_pack_build_page(struct nftnl_set *elems,
				 const struct pack_keys *k,
				 unsigned int from, unsigned int max);

#endif
