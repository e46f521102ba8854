/*
 * Expressions. One struct expr for every kind; a kind is an ops struct
 * (struct expr_ops) that owns everything about it: evaluate, linearize
 * (encode to netlink), delinearize (decode), print, JSON out, JSON in.
 * Each kind lives in src/expr/<kind>.c.
 */
#ifndef NFT_EXPR_H
#define NFT_EXPR_H

#include <nft.h>
#include <erec.h>
#include <datatype.h>
#include <gmp.h>
#include <jansson.h>
#include <linux/netfilter/nf_tables.h>

struct output_ctx;
struct eval_ctx;
struct lin_ctx;
struct delin_ctx;
struct json_ctx;
struct nftnl_expr;
struct proto_desc;
struct proto_hdr_template;
struct stmt;
struct chain;
struct exthdr_desc;
struct exthdr_field;
struct nftnl_udata_buf;
struct typeof_attrs;

enum expr_types {
	EXPR_INVALID,
	EXPR_VERDICT,
	EXPR_SYMBOL,
	EXPR_VARIABLE,
	EXPR_VALUE,
	EXPR_PREFIX,
	EXPR_RANGE,
	EXPR_PAYLOAD,
	EXPR_META,
	EXPR_LIST,
	EXPR_RELATIONAL,
	EXPR_BINOP,
	/* kinds being added (issue 5); each owns src/expr/<kind>.c */
	EXPR_UNARY,		/* byte order conversion */
	EXPR_CONCAT,
	EXPR_SET,		/* anonymous set { a, b } */
	EXPR_SET_REF,		/* @name */
	EXPR_SET_ELEM,
	EXPR_SET_ELEM_CATCHALL,	/* "*" (src/expr/catchall.c) */
	EXPR_MAPPING,
	EXPR_MAP,
	EXPR_CT,
	EXPR_EXTHDR,
	EXPR_FIB,
	EXPR_RT,
	EXPR_NUMGEN,
	EXPR_HASH,
	EXPR_SOCKET,
	EXPR_OSF,
	EXPR_XFRM,
	__EXPR_MAX
};

enum ops {
	OP_INVALID,
	OP_IMPLICIT,	/* no operator written: "ip daddr 1.2.3.4" */
	OP_EQ,
	OP_NEQ,
	OP_LT,
	OP_GT,
	OP_LTE,
	OP_GTE,
	OP_AND,		/* binop & */
	OP_OR,		/* binop | */
	OP_XOR,		/* binop ^ */
	OP_LSHIFT,
	OP_RSHIFT,
	OP_NEG,		/* "tcp flags ! syn": none of the flags set */
	__OP_MAX
};

const char *op_token(enum ops op);	/* "==", "!=", "&", ... */
enum ops op_from_token(const char *tok);

enum expr_flags {
	EXPR_F_CONSTANT		= 1 << 0,
	EXPR_F_SINGLETON	= 1 << 1,
	EXPR_F_PROTOCOL		= 1 << 2,	/* selects an upper layer */
	EXPR_F_INTERVAL		= 1 << 3,
	EXPR_F_BOOLEAN		= 1 << 4,
	/* A string constant that matches as a prefix ("eth*"): its length
	 * is the prefix's, without NUL padding. */
	EXPR_F_WILDCARD		= 1 << 5,
	/* parser: written in parentheses, binds as a unit */
	EXPR_F_PARENS		= 1 << 6,
	/* a dumped set looked up with a host order key the rule turned
	 * to network order first (interval sets of "meta mark"); a
	 * concatenation keying an interval set, whose host order members
	 * are turned so (concat_member_order()) */
	EXPR_F_HTON		= 1 << 7,
	/* JSON input: a link of {"|": [a, b, c, ...]}, one flags value
	 * however many it names (the reference takes all 32 of ct
	 * status), not counted against the limit of nested binary
	 * operations */
	EXPR_F_FLAGS_LIST	= 1 << 8,
	/* a member of a dumped concatenation that the anonymous set's
	 * typeof holds as a raw load ("@nh,16,16"): its values keep the
	 * raw load's type (hex) once the member is named ("ip length"),
	 * as upstream 1.1.3 lists them */
	EXPR_F_RAW_TYPEOF	= 1 << 9,
	/* a dumped value the rule turned to network order first (an
	 * ordered compare, a member of an anonymous set of ranges): once
	 * typed, no names, as 1.1.3 lists it (delin_hton_unname()) */
	EXPR_F_HTON_VALUE	= 1 << 10,
};

/*
 * Verdict codes are the kernel's (NF_ACCEPT, NF_DROP, NFT_JUMP, NFT_GOTO,
 * NFT_RETURN, NFT_CONTINUE, NFT_BREAK).
 */
struct set_elem_info;
struct set_pack;
struct expr {
	struct list_head list;		/* membership in EXPR_LIST etc. */
	struct location location;
	unsigned int refcnt;
	unsigned int flags;
	const struct datatype *dtype;
	enum byteorder byteorder;
	unsigned int len;		/* bits */
	enum expr_types etype;
	const struct expr_ops *ops;
	/* A named set's member as written: its timeout, expiry and
	 * comment (src/obj/set.c), NULL if none */
	struct set_elem_info *elem_info;
	/* A payload or meta load of the packet a tunnel carries ("vxlan ip
	 * saddr"), NULL for the packet itself (include/inner.h) */
	const struct inner_desc *inner;
	union {
		/* EXPR_SYMBOL: text not yet resolved against a datatype */
		struct {
			char *identifier;
			bool quoted;		/* was "..." in the input */
		} symbol;
		/* EXPR_VARIABLE: $name, resolved by the parser's scope.
		 * value is a reference to the defined expression. */
		struct {
			char *name;
			struct expr *value;
		} variable;
		/* EXPR_VALUE */
		struct {
			mpz_t value;
		} value;
		/* EXPR_PREFIX: 10.0.0.0/8 */
		struct {
			struct expr *prefix;
			unsigned int prefix_len;
		} prefix;
		/* EXPR_RANGE: 1-1024 */
		struct {
			struct expr *left;
			struct expr *right;
		} range;
		/* EXPR_VERDICT */
		struct {
			int verdict;
			struct expr *chain;	/* jump/goto target, NULL else */
			/* "jump { ... }": the anonymous chain bound to the
			 * rule, its rules (src/obj/binding.c); chain NULL */
			struct chain *binding;
		} verdict;
		/* EXPR_PAYLOAD */
		struct {
			const struct proto_desc *desc;
			const struct proto_hdr_template *tmpl;
			enum nft_payload_bases base;
			unsigned int offset;	/* bits from the base */
		} payload;
		/* EXPR_META */
		struct {
			enum nft_meta_keys key;
		} meta;
		/* EXPR_EXTHDR: a field of an IPv6 extension header, TCP
		 * option or IP option (desc/field NULL: raw) */
		struct {
			const struct exthdr_desc *desc;
			const struct exthdr_field *field;
			enum nft_exthdr_op op;
			uint8_t type;
			unsigned int offset;	/* bits */
			uint32_t flags;		/* NFT_EXTHDR_F_PRESENT */
		} exthdr;
		/* EXPR_FIB: NFTA_FIB_F_* flags, NFT_FIB_RESULT_*; the
		 * columns of the flags in the location's first line
		 * (0: the whole location), where errors about them point */
		struct {
			uint32_t flags;
			uint32_t result;
			unsigned int flags_first, flags_last;
		} fib;
		/* EXPR_RT */
		struct {
			enum nft_rt_keys key;
			bool family_implicit;	/* "rt nexthop" */
		} rt;
		/* EXPR_NUMGEN */
		struct {
			enum nft_ng_types type;
			uint32_t mod;
			uint32_t offset;
		} numgen;
		/* EXPR_HASH: jhash EXPR / symhash */
		struct {
			struct expr *expr;	/* NULL for symhash */
			enum nft_hash_types type;
			uint32_t mod;
			uint32_t seed;
			bool seed_set;
			uint32_t offset;
		} hash;
		/* EXPR_SOCKET */
		struct {
			enum nft_socket_keys key;
			uint32_t level;		/* cgroupv2 */
		} socket;
		/* EXPR_OSF */
		struct {
			uint8_t ttl;		/* 0 (default), loose, skip */
			uint32_t flags;		/* NFT_OSF_F_VERSION */
		} osf;
		/* EXPR_XFRM: ipsec in|out [spnum N] KEY */
		struct {
			enum nft_xfrm_keys key;
			uint8_t dir;		/* XFRM_POLICY_IN / OUT */
			uint8_t spnum;
		} xfrm;
		/* EXPR_CT: "ct [original|reply] KEY" */
		struct {
			enum nft_ct_keys key;
			int direction;		/* IP_CT_DIR_*, or -1: none */
		} ct;
		/* EXPR_LIST: { a, b } in device lists, comma lists (member is
		 * expr_list because "list" links the node itself); EXPR_SET
		 * keeps its elements here too (src/expr/set.c) */
		struct {
			struct list_head expressions;
			unsigned int size;
			/* EXPR_SET: members packed before the listed ones
			 * (include/set_pack.h), NULL if none */
			struct set_pack *pack;
			/* EXPR_SET: its catch-all element ("*", or a map's
			 * "* : DATA"), after the members; NULL if none;
			 * and one written again with other data, which
			 * the kernel refuses (EEXIST) */
			struct expr *catchall;
			struct expr *catchall_clash;
			/* the same written again: sent again, as 1.1.3 */
			unsigned int catchall_again;
		} expr_list;
		/* EXPR_MAP: "KEY map { k : v }", "KEY vmap { k : accept }";
		 * @mappings is an EXPR_SET of EXPR_MAPPING (src/expr/map.c) */
		struct {
			struct expr *key;
			struct expr *mappings;
			bool vmap;
			uint32_t objtype;	/* an object map's NFT_OBJECT_* */
			/* a named map's declared data, whose members type
			 * concatenated data (set_map_stub()); else NULL */
			struct expr *data;
			bool data_interval;	/* its data are ranges */
		} map;
		/* EXPR_MAPPING: "k : v" of a map */
		struct {
			struct expr *key;
			struct expr *data;
		} mapping;
		/* EXPR_RELATIONAL and EXPR_BINOP */
		struct {
			enum ops op;
			struct expr *left;
			struct expr *right;
		} binop;
	};
};

struct expr_ops {
	enum expr_types type;
	const char *name;
	void (*destroy)(struct expr *expr);
	void (*clone)(struct expr *dst, const struct expr *src);
	bool (*cmp)(const struct expr *a, const struct expr *b);
	/* Text as nft lists it (no trailing space/newline). */
	void (*print)(const struct expr *expr, struct output_ctx *octx);
	/* JSON per libnftables-json(5); returns a new reference. */
	json_t *(*json)(const struct expr *expr, struct output_ctx *octx);
	/* Semantic pass; may replace *exprp. Errors queued on ectx->msgs,
	 * return -1. */
	int (*evaluate)(struct eval_ctx *ectx, struct expr **exprp);
	/* Emit netlink expressions that leave the value in @dreg. */
	void (*linearize)(struct lin_ctx *lctx, const struct expr *expr,
			  enum nft_registers dreg);
	/* Decoder for one netlink expression (by libnftnl name), producing
	 * this kind into the delinearizer's register file. NULL if the kind
	 * has no netlink expression of its own. */
	const char *nl_name;
	int (*delinearize)(struct delin_ctx *dctx, const struct nftnl_expr *nle);
	/* After a rule is decoded: turn a match on this kind back into
	 * what the user wrote (typed right-hand side, dependency removal).
	 * @stmt is the STMT_EXPRESSION whose relational's left is @expr. */
	void (*delin_postprocess)(struct delin_ctx *dctx, struct stmt *stmt,
				  struct expr *expr);
	/* Kinds that hold subexpressions the generic walk does not know
	 * (concatenations, sets, elements, mappings): call @visit on each
	 * child's slot, so postprocessing reaches whole trees. */
	void (*delin_children)(struct expr *expr,
			       void (*visit)(struct expr **child, void *arg),
			       void *arg);
	/* JSON input: the key that names this kind in an expression object
	 * ("payload", "meta"). NULL for kinds with no JSON object form. */
	const char *json_name;
	struct expr *(*json_parse)(struct json_ctx *jctx, json_t *value,
				   const struct location *loc);
	/* The keys its object may hold (NULL-terminated; checked before
	 * json_parse is called); NULL: json_parse checks them itself. */
	const char *const *json_keys;
	/* "typeof EXPR" in a set's user data (src/obj/set_typeof.c): the
	 * number the system nft gives this kind there (0: none), the
	 * kind's attributes written into the open data nest (false: this
	 * expression cannot be described, nothing useful was written) and
	 * the expression read back from them (NULL: not understood). */
	uint32_t typeof_id;
	bool (*typeof_put)(struct nftnl_udata_buf *ud, const struct expr *expr);
	struct expr *(*typeof_parse)(const struct typeof_attrs *attrs);
};

/* All kinds, for dispatch by netlink name or JSON key. */
extern const struct expr_ops *const expr_ops_registry[];
const struct expr_ops *expr_ops_by_nl_name(const char *name);
const struct expr_ops *expr_ops_by_json_name(const char *name);

extern const struct expr_ops verdict_expr_ops;
extern const struct expr_ops symbol_expr_ops;
extern const struct expr_ops variable_expr_ops;
extern const struct expr_ops value_expr_ops;
extern const struct expr_ops prefix_expr_ops;
extern const struct expr_ops range_expr_ops;
extern const struct expr_ops payload_expr_ops;
extern const struct expr_ops meta_expr_ops;
extern const struct expr_ops list_expr_ops;
extern const struct expr_ops relational_expr_ops;
extern const struct expr_ops binop_expr_ops;
extern const struct expr_ops set_expr_ops;
extern const struct expr_ops setref_expr_ops;
extern const struct expr_ops concat_expr_ops;
extern const struct expr_ops exthdr_expr_ops;
extern const struct expr_ops tcpopt_expr_ops;
extern const struct expr_ops ipopt_expr_ops;
extern const struct expr_ops dccp_option_expr_ops;
extern const struct expr_ops sctp_chunk_expr_ops;
extern const struct expr_ops fib_expr_ops;
extern const struct expr_ops rt_expr_ops;
extern const struct expr_ops numgen_expr_ops;
extern const struct expr_ops hash_expr_ops;
extern const struct expr_ops symhash_expr_ops;
extern const struct expr_ops socket_expr_ops;
extern const struct expr_ops osf_expr_ops;
extern const struct expr_ops xfrm_expr_ops;
extern const struct expr_ops ct_expr_ops;
extern const struct expr_ops map_expr_ops;
extern const struct expr_ops mapping_expr_ops;

/* Generic lifecycle (src/expr/expr.c). */
struct expr *expr_alloc(const struct location *loc,
			const struct expr_ops *ops,
			const struct datatype *dtype,
			enum byteorder byteorder, unsigned int len);
struct expr *expr_get(struct expr *expr);	/* refcnt++ */
void expr_free(struct expr *expr);		/* refcnt--, free at 0 */
struct expr *expr_clone(const struct expr *expr);
bool expr_cmp(const struct expr *a, const struct expr *b);
void expr_print(const struct expr *expr, struct output_ctx *octx);
json_t *expr_json(const struct expr *expr, struct output_ctx *octx);
void expr_set_type(struct expr *expr, const struct datatype *dtype,
		   enum byteorder byteorder);
/* A value of names decoded from a register the rule turned big endian
 * (EXPR_F_HTON_VALUE from then on) lists as a number, as 1.1.3 lists it
 * (src/delinearize.c). */
void delin_hton_unname(struct expr *value);
/*
 * Listing: give a decoded right side (a value, or the values of a prefix
 * or range) the type of the left side it is compared with, re-reading
 * values whose byte order changes (datatype_value_retype()).
 */
void expr_retype_constant(struct expr *right, const struct expr *left);
/* Human name of the kind for messages: "payload expression" */
const char *expr_name(const struct expr *expr);

/* Constructors (each in its kind's file). */
struct expr *symbol_expr_alloc(const struct location *loc,
			       const char *identifier, bool quoted);
struct expr *symbol_expr_alloc_take(const struct location *loc,
				    char *identifier, bool quoted);
struct expr *variable_expr_alloc(const struct location *loc,
				 const char *name, struct expr *value);
struct expr *constant_expr_alloc(const struct location *loc,
				 const struct datatype *dtype,
				 enum byteorder byteorder, unsigned int len,
				 const void *data /* len bits, in @byteorder */);
struct expr *constant_expr_alloc_mpz(const struct location *loc,
				     const struct datatype *dtype,
				     enum byteorder byteorder,
				     unsigned int len, const mpz_t value);
struct expr *constant_expr_alloc_u64(const struct location *loc,
				     const struct datatype *dtype,
				     enum byteorder byteorder,
				     unsigned int len, uint64_t value);
/* A string constant, NUL padded to @len bits (0: strlen). */
struct expr *constant_expr_alloc_string(const struct location *loc,
					const struct datatype *dtype,
					const char *s, unsigned int len);
/* Copy of a string constant's text (caller frees). */
char *constant_expr_get_string(const struct expr *expr);
/* A value whose set bits are one run within @len bits ("& 0x1ff8"):
 * its lowest bit in @lo, one past its highest in @hi; false for
 * another expression, no bits, holes or a run past @len. */
bool constant_expr_bit_run(const struct expr *mask, unsigned int len,
			   unsigned int *lo, unsigned int *hi);
struct expr *prefix_expr_alloc(const struct location *loc,
			       struct expr *prefix, unsigned int prefix_len);
struct expr *range_expr_alloc(const struct location *loc,
			      struct expr *left, struct expr *right);
/* The bounds of a range of values compared as written (a time of day in
 * local time): > 0 if the low one is higher. */
int range_bounds_cmp(const struct expr *left, const struct expr *right);
/* Catch-all elements (src/expr/catchall.c) */
struct expr *catchall_expr_alloc(const struct location *loc);
/* "*", or a mapping of "*" */
bool expr_is_catchall(const struct expr *e);
/* @m, a catch-all, as @set's (taking it over) */
void set_catchall_put(struct expr *set, struct expr *m);
/* The catch-alls of @list (a list or set spliced into @set) to @set */
void set_catchall_take(struct expr *set, struct expr *list);
/* JSON input's "*" (a symbol) made the catch-all (@e taken over) */
struct expr *catchall_from_json(struct expr *e);
/* The kernel's refusal of a catch-all given twice with other data */
struct eval_ctx;
int set_catchall_clash_check(struct eval_ctx *ectx, const struct expr *set);

struct expr *verdict_expr_alloc(const struct location *loc, int verdict,
				struct expr *chain);
struct expr *list_expr_alloc(const struct location *loc);
void list_expr_add(struct expr *list, struct expr *elem);
/* What an error says @e's type is: its type's description, "concatenation
 * of (A, B)" for a concatenation. The caller frees it. */
char *expr_type_desc(const struct expr *e);

/* Concatenations (src/expr/concat.c): members in expr_list. */
struct expr *concat_expr_alloc(const struct location *loc);
/* The byte order member @m of key @concat has in registers and set
 * elements: big endian where an interval set's key (EXPR_F_HTON) turns
 * a host order member around. */
enum byteorder concat_member_order(const struct expr *concat,
				   const struct expr *m);
/* The byte order of @e's value as a key: host order for a field
 * narrower than its bytes that a load turns host order to shift it
 * down ("frag frag-off", "ip6 dscp"), else its own. */
enum byteorder expr_key_order(const struct expr *e);
void concat_expr_add(struct expr *concat, struct expr *member);
/* Bytes a member takes in registers and set keys (whole 32 bit slots). */
unsigned int concat_field_bytes(const struct expr *member);
/* -1 (an error on @msgs) if @concat does not fit the registers. */
int concat_size_error(struct list_head *msgs, const struct expr *concat);
/* The kernel's key type: the members' types, 6 bits each. */
uint32_t concat_key_type(const struct expr *concat);
/* A set's key type for the kernel keyed by @key: its type's, a
 * concatenation's members', and 1.1.3's bitmask for "comp flags". */
uint32_t expr_key_type_id(const struct expr *key);
/* A lone value @v where the concatenation @key goes: refused in 1.1.3's
 * words ("invalid data type, expected concatenation of (...)"). */
int concat_lone_value_error(struct eval_ctx *ectx, const struct expr *v,
			    const struct expr *key);
/* What of @e is a lone value where a concatenation goes (a variable's
 * value), or NULL. */
const struct expr *concat_lone(const struct expr *e);
/* Decoding: the loads a lookup of @key_len bytes from @sreg reads, as a
 * concatenation; NULL if the registers do not hold them. */
struct expr *concat_from_registers(struct delin_ctx *dctx,
				   enum nft_registers sreg,
				   unsigned int key_len);
/* Whether a member of @concat is no constant (a load, an operation). */
bool concat_has_load(const struct expr *concat);
/* Its constants ("ip saddr . 22 @s") typed as the members of the
 * set's key of type @type_id, @key_len bytes. */
void concat_values_retype(struct expr *concat, uint32_t type_id,
			  uint32_t key_len);

/* Anonymous sets (src/expr/set.c): elements are values, prefixes and
 * ranges, kept in expr_list; EXPR_F_INTERVAL once one is not a value. */
struct expr *set_expr_alloc(const struct location *loc);
void set_expr_add(struct expr *set, struct expr *elem);
void set_member_print(const struct expr *member, struct output_ctx *octx);
json_t *set_member_json(const struct expr *member, struct output_ctx *octx);
/* expr_retype_constant() of a decoded set: its members take @left's
 * type; prefixes become ranges where the type has no prefixes. */
void set_expr_retype(struct expr *set, const struct expr *left);
/* "left { ... }" and "left != { ... }": load left, look it up. */
void set_lookup_linearize(struct lin_ctx *lctx, const struct expr *rel,
			  enum nft_registers reg);
struct expr *relational_expr_alloc(const struct location *loc, enum ops op,
				   struct expr *left, struct expr *right);
/*
 * @e as (base & *m) ^ *x over @len bits, where base is what a chain of
 * constant &, | and ^ operates on (@e itself if it is none): returns the
 * base. @m and @x are initialized by the caller.
 */
const struct expr *binop_mask_chain(const struct expr *e, unsigned int len,
				    mpz_t m, mpz_t x);
unsigned int binop_prec(enum ops op);
struct expr *binop_expr_alloc(const struct location *loc, enum ops op,
			      struct expr *left, struct expr *right);

struct expr *meta_expr_alloc(const struct location *loc,
			     enum nft_meta_keys key);
struct expr *payload_expr_alloc(const struct location *loc,
				const struct proto_desc *desc,
				unsigned int field /* index into desc->templates */);
/* A raw load "@nh,16,16": @base is "ll", "nh", "th" or "ih"; NULL if
 * it is none of them. */
struct expr *payload_expr_alloc_base(const struct location *loc,
				     const char *base, unsigned int offset,
				     unsigned int len);
bool payload_base_known(const char *base);

/* Its typeof description (src/expr/payload_typeof.c). */
bool payload_typeof_put(struct nftnl_udata_buf *ud, const struct expr *expr);
struct expr *payload_typeof_parse(const struct typeof_attrs *attrs);

/*
 * Listing of a match on a flag type (tcp flags, ct state): "(x & m) !=
 * 0" becomes "x m" (any of m), "(x & m) == 0" becomes "x ! m", and
 * other masked compares show their mask and value as "(syn | ack)".
 * Kinds call it from their delin_postprocess once @rel's left side has
 * its type. Implemented in src/expr/relational.c.
 */
void relational_flags_postprocess(struct expr *rel);

/* Extension headers and options (src/expr/exthdr.c). */
const struct exthdr_desc *exthdr_lookup(enum nft_exthdr_op op,
					const char *name);
const struct exthdr_field *exthdr_field_lookup(const struct exthdr_desc *d,
					       const char *token);
struct expr *exthdr_expr_alloc(const struct location *loc,
			       const struct exthdr_desc *d,
			       const struct exthdr_field *f,
			       unsigned int index);
bool exthdr_field_is_array(const struct exthdr_field *f);
/* Fields narrower than a byte are matched under a mask. */
bool exthdr_expr_needs_mask(const struct expr *expr);
void exthdr_relational_mask(struct expr *rel);
/* A value, a range or each member of a set moved up by @shift bits into
 * a field's place in @len bits (big endian), and back down: false if
 * it holds anything else. */
void constant_shift_left(struct expr *right, unsigned int shift,
			 unsigned int len);
bool constant_shift_right(struct expr *right, unsigned int shift,
			  unsigned int len);
/* The largest value @e (a number generator or hash, maybe masked)
 * yields; false if no such bound. */
bool expr_value_max(const struct expr *e, uint64_t *max);
/* @right (a value, range or set) within it, else an error. */
int expr_check_value_max(struct eval_ctx *ectx, const struct expr *left,
			 const struct expr *right);
/* "ip option rr type 7" is "ip option rr exists" */
void exthdr_relational_type(struct expr *rel);
/* The whole bytes that hold @field (bits from its header), and how far
 * its last bit is from their end. */
void exthdr_field_span(const struct expr *field, unsigned int *start,
		       unsigned int *len, unsigned int *shift);
/* Listing: the field "(@load & @mask) >> @shift" holds, NULL if none
 * (payload_key_unmask() for extension headers). */
struct expr *exthdr_masked_raw(const struct expr *load, const struct expr *mask,
			       unsigned int shift);
/* Name a decoded load by the field it covers exactly, if any. */
void exthdr_find_field(struct expr *expr);
void exthdr_typeof_presence(struct expr *expr);
/* The load of the bytes that hold @field (an extension header's field
 * narrower than them), masked to it. */
struct expr *exthdr_field_masked_load(const struct expr *field);
/* The same for any field narrower than its bytes (a header's or an
 * extension header's), with how far its last bit is from their end;
 * NULL for anything else (src/expr/payload.c). */
struct expr *field_masked_load(const struct expr *field,
			       unsigned int *shift);
struct expr *exthdr_expr_alloc_raw(const struct location *loc,
				   enum nft_exthdr_op op, uint8_t type,
				   unsigned int offset, unsigned int len,
				   bool present);

/* Routing and other lookups (src/expr/fib.c, rt.c, numgen.c, hash.c,
 * socket.c, osf.c, xfrm.c): constructors and their keys by name. */
struct expr *fib_expr_alloc(const struct location *loc, uint32_t flags,
			    uint32_t result);
bool fib_flag_lookup(const char *name, uint32_t *flag);
bool fib_result_lookup(const char *name, uint32_t *result);
struct expr *rt_expr_alloc(const struct location *loc, unsigned int key);
bool rt_key_lookup(const char *name, const char *family, unsigned int *key);
struct expr *numgen_expr_alloc(const struct location *loc,
			       enum nft_ng_types type, uint32_t mod,
			       uint32_t offset);
bool numgen_type_lookup(const char *name, enum nft_ng_types *type);
struct expr *hash_expr_alloc(const struct location *loc,
			     enum nft_hash_types type, struct expr *src,
			     uint32_t mod);
struct expr *socket_expr_alloc(const struct location *loc,
			       enum nft_socket_keys key);
bool socket_key_lookup(const char *name, enum nft_socket_keys *key);
struct expr *osf_expr_alloc(const struct location *loc, uint8_t ttl,
			    uint32_t flags);
bool osf_ttl_lookup(const char *name, uint8_t *ttl);
struct expr *xfrm_expr_alloc(const struct location *loc,
			     enum nft_xfrm_keys key, uint8_t dir,
			     uint8_t spnum);
bool xfrm_key_lookup(const char *name, const char *family,
		     enum nft_xfrm_keys *key);
bool xfrm_dir_lookup(const char *name, uint8_t *dir);

/* Look up "iifname" etc. Returns false if unknown. */
bool meta_key_lookup(const char *name, enum nft_meta_keys *key);
const char *meta_key_name(enum nft_meta_keys key);
/* May "meta KEY set EXPR" write the key? */
bool meta_key_settable(enum nft_meta_keys key);

/* ct: "state", "l3proto", "proto-src"; "ip saddr" etc. are parsed by the
 * grammar (ct_expr_alloc_addr). @direction -1 when none was written. */
bool ct_key_lookup(const char *name, enum nft_ct_keys *key);
const char *ct_key_name(enum nft_ct_keys key);
struct expr *ct_expr_alloc(const struct location *loc, enum nft_ct_keys key,
			   int direction);
/* "ct DIR ip saddr": @proto "ip" or "ip6", @field "saddr" or "daddr";
 * NULL if that is not a ct address. */
struct expr *ct_expr_alloc_addr(const struct location *loc, int direction,
				const char *proto, const char *field);
/* May "ct KEY set EXPR" write the key? */
bool ct_key_settable(enum nft_ct_keys key);
/* "original" -> 0, "reply" -> 1, else -1 */
int ct_dir_lookup(const char *name);
/* "describe ct ...": the key outside a rule (see src/expr/ct.c) */
int ct_expr_describe_evaluate(struct eval_ctx *ectx, struct expr *expr);
/* "ct original saddr" without ip or ip6, which a table family types. */
bool ct_expr_family_implicit(const struct expr *expr);

/* Maps (src/expr/map.c): @mappings an EXPR_SET of mapping_expr_alloc()s. */
struct delin_ctx;
/* An object map read back from the anonymous set @name (src/expr/map.c). */
struct expr *map_objref_decode(struct delin_ctx *dctx, uint32_t sreg,
			       const char *name, uint32_t objtype);
/* ... and from the named object map @name, its kind in *@objtype. */
struct expr *map_objref_named_decode(struct delin_ctx *dctx, uint32_t sreg,
				     const char *name, uint32_t *objtype);
struct expr *map_expr_alloc(const struct location *loc, struct expr *key,
			    struct expr *mappings, bool vmap);
struct expr *mapping_expr_alloc(const struct location *loc, struct expr *key,
				struct expr *data);
/* Is the data of @map (any expression) concatenated: a nat address and
 * port ("dnat to ip saddr map { 10.0.0.1 : 192.168.0.1 . 80 }")? */
bool map_data_is_concat(const struct expr *map);
/* JSON input of {"vmap": {"key": ..., "data": ...}} (the statement). */
struct expr *vmap_expr_json_parse(struct json_ctx *jctx, json_t *value,
				  const struct location *loc);
/* Listing: name the key's load, type the keys (src/delin_post.c). */
void map_expr_delin_postprocess(struct delin_ctx *dctx, struct stmt *stmt,
				struct expr *map);

/* Verdict names: "accept", "drop", "jump", ... */
const char *verdict_name(int verdict);

#endif /* NFT_EXPR_H */
