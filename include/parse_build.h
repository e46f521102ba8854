/*
 * The text parser's builders (src/parse/ files), which src/grammar's
 * actions call so that the grammar only builds nodes: each takes over the
 * strings and nodes it is given. Locations are bison's YYLTYPE, which is
 * struct location (%define api.location.type).
 */
#ifndef NFT_PARSE_BUILD_H
#define NFT_PARSE_BUILD_H

#include <inttypes.h>
#include <nft.h>
#include <erec.h>
#include <expr.h>
#include <stmt.h>
#include <rule.h>
#include <flowtable.h>
#include <linux/netfilter/nf_tables.h>
#include <set.h>
#include <parse.h>

/* Parsing stops after this many errors, as in the system nft. */
#define PARSER_MAX_ERRORS	10

/* Nesting of scopes: the top one, a table block, a chain block. */
#define PARSER_MAX_SCOPES	4

struct scanner_input;
struct sobj_words;

/* Everything one run of the parser and its scanner needs. */
struct parser_state {
	struct nft_ctx *nft;
	struct list_head *cmds;
	struct list_head *msgs;
	unsigned int nerrs;
	struct scope *scopes[PARSER_MAX_SCOPES];
	unsigned int num_scopes;
	/* the scanner's stack of inputs (main buffer, included files) */
	struct scanner_input *inputs;
	unsigned int num_inputs;
	unsigned int max_inputs;
	/* where the last unknown $name was: the statement holding it
	 * drops its rule, as 1.1.3 drops it (one error, not more from
	 * evaluating a name in its place); no file: none */
	struct location var_unknown;
	/* why the scanner returned an invalid token, for the message */
	const char *lex_error;
	/* the kind of the object whose name is parsed next
	 * (NFT_OBJECT_*), see parser_obj_name_kw() */
	uint32_t obj_kind;
	/* a packed map member's mapping, kept for the next one
	 * (parser_mapping()): one allocation less per member */
	struct expr *spare_mapping;
	struct expr *spare_verdict;
	struct expr *spare_symbol;
	char *spare_text;
	size_t spare_text_size;
	/* where the scanner is in "tcp option NAME FIELD" (its
	 * scanner_option_word()) */
	const char *opt_proto;
	unsigned int opt_phase;
	enum nft_exthdr_op opt_op;
	bool opt_in_map;	/* the last "set" or "map" was "map" */
	bool opt_map_data;	/* a ':' came after the last "typeof" */
	unsigned int braces;	/* '{' the scanner saw not closed yet */
	bool brace_closed;	/* the last token closed one of them */
	bool after_arp;		/* the last token was "arp" */
	bool after_last;	/* the last token was "last", a statement */
	/* "@s": the word after an '@' (a raw payload's base or a set's
	 * name), for the token read after it (prev) and the last (cur) */
	int last_tok;
	int prev_tok;		/* the token before the last */
	/* where the last three tokens were read: the last, the one before,
	 * the one before that (the words a syntax error's hint is chosen
	 * by) */
	struct location tok_loc[3];
	bool at_word_cur, at_word_prev;
	struct location at_word_loc_cur, at_word_loc_prev;
	char at_word_cur_text[16], at_word_prev_text[16];
	bool in_quota;		/* in "quota N UNIT used N UNIT" */
	/* in a log statement (1), after its "flags" (2), "flags tcp" (3) */
	unsigned int log_phase;
};

/* A keyword of the scanner's table. */
struct keyword {
	const char *name;
	int token;
};

/* Implemented in scanner.l. */
const struct keyword *scanner_keywords(size_t *num);

/* Errors, scopes, handles, commands and objects (src/parse/cmd.c) */
struct location parser_span(const struct location *a, const struct location *b);
void parser_error(struct parser_state *st, const struct location *loc,
		  const char *fmt, ...) __fmt(3, 4);
void parser_unexpected(struct parser_state *st, const struct location *loc,
		       const char *token, const char *text);
bool parser_loc_text(const struct location *loc, char *buf, size_t size);
void parser_buf_add(char *buf, size_t size, const char *fmt, ...) __fmt(3, 4);
void parser_scope_push(struct parser_state *st);
void parser_scope_pop(struct parser_state *st);
void parser_define(struct parser_state *st, const struct location *loc,
		   const char *name, struct expr *expr, bool redefine);
void parser_undefine(struct parser_state *st, const struct location *loc,
		     const char *name);
void parser_var_block_check(struct parser_state *st, struct expr *block,
			    const char *set, bool map);
struct expr *parser_var_ref(struct parser_state *st, const char *name,
			    const struct location *loc);
void parser_set_id(struct handle_spec_id *id, uint64_t value,
		   const struct location *loc);
uint64_t parser_number(struct parser_state *st, const char *text,
		       const struct location *loc);
struct handle *parser_handle_new(uint32_t family);
struct handle *parser_table_handle(uint32_t family, char *name,
				   const struct location *loc);
void parser_handle_free(struct handle *h);
struct cmd *parser_cmd(enum cmd_ops op, enum cmd_obj obj, struct handle *h,
		       const struct location *loc, void *data);
struct cmd *parser_cmd_at(struct cmd *cmd, const struct location *loc);
struct cmd *parser_family_cmd(enum cmd_ops op, enum cmd_obj obj,
			      uint32_t family, const struct location *loc);
struct cmd *parser_rule_cmd(enum cmd_ops op, struct handle *h,
			    struct rule *rule, const struct location *loc);
struct cmd *parser_sobj_cmd(struct parser_state *st, enum cmd_ops op,
			    uint32_t type, struct handle *h,
			    struct sobj_words *ws, const struct location *loc);
void parser_table_add_sobj(struct parser_state *st, struct table *table,
			   uint32_t type, char *name,
			   const struct location *name_loc,
			   struct sobj_words *ws, const struct location *loc);
/* Can keyword @kw name an object of the kind parsed last? 1.1.3's
 * scanner takes some as words there; else a syntax error. */
bool parser_obj_name_kw(struct parser_state *st, const char *kw,
			const struct location *loc);
uint32_t parser_ct_obj_type(struct parser_state *st, const char *kind,
			    const struct location *loc, bool list);
/* "add quota T q 25 mbytes": words @ws at @loc without braces after
 * the name at @name_loc, which 1.1.3 takes for the kinds other than
 * ct's (parser_obj_bare_kind() checks the first word as it comes,
 * false with an error). */
bool parser_obj_bare_kind(struct parser_state *st, const char *word,
			  bool quoted, const struct location *loc);
void parser_obj_bare(struct sobj_words *ws, const struct location *loc,
		     const struct location *name_loc);
struct cmd *parser_ct_list_cmd(struct parser_state *st, enum cmd_ops op,
			       const char *prefix, char *kind,
			       const struct location *kind_loc,
			       struct sobj_words *ws,
			       const struct location *loc);
void parser_export_cmd(struct parser_state *st, struct sobj_words *ws,
		       const struct location *loc);
struct cmd *parser_reset_rule_cmd(struct handle *h, uint64_t handle,
				  const struct location *handle_loc,
				  const struct location *loc);
struct cmd *parser_table_cmd(struct parser_state *st, struct handle *h,
			     struct table *table, const struct location *loc);
struct cmd *parser_chain_cmd(struct parser_state *st, enum cmd_ops op,
			     struct handle *h, struct chain *chain,
			     const struct location *loc);
struct cmd *parser_set_cmd(struct parser_state *st, enum cmd_ops op,
			   struct handle *h, struct set *set,
			   const struct location *loc,
			   const struct location *open,
			   const struct location *body);
void parser_set_once(struct parser_state *st, bool given,
		     const struct location *first, const struct location *last);
void parser_set_key_once(struct parser_state *st, struct set *set,
			 const struct location *first,
			 const struct location *last);
void parser_set_typeof(struct parser_state *st, struct set *set, char *kw,
		       const struct location *kw_loc, struct expr *key,
		       const struct location *loc);
/* "KEY : interval DATA": @kw must be "interval". Takes @kw. */
void parser_map_interval(struct parser_state *st, struct set *set, char *kw,
			 const struct location *kw_loc);
void parser_map_typeof_names(struct parser_state *st, struct set *set,
			     char *kw, const struct location *kw_loc,
			     struct expr *key, const struct location *loc,
			     char *names, const struct location *names_loc,
			     const struct location *first);
void parser_map_typeof(struct parser_state *st, struct set *set, char *kw,
		       const struct location *kw_loc, struct expr *key,
		       const struct location *loc, struct expr *data,
		       const struct location *data_loc);
struct cmd *parser_element_cmd(enum cmd_ops op, struct handle *h,
			       struct expr *elems, const struct location *loc);
void parser_table_add_set(struct parser_state *st, struct table *table,
			  char *name, const struct location *name_loc,
			  struct set *set, const struct location *loc);
uint32_t parser_set_flag(struct parser_state *st, char *name,
			 const struct location *loc);
bool parser_is_elem_opt(const char *word);
bool parser_is_reserved(const char *word);
bool parser_keyset_word(struct parser_state *st, const struct expr *key,
			const struct expr *value);
bool parser_rt_header_field(struct parser_state *st, const struct expr *e);
bool parser_is_value_key(const char *word);
bool parser_meta_needs_prefix(const char *key);
bool parser_is_name_reserved(const char *word);
char *parser_meta_word(struct parser_state *st, const char *key,
		       const struct location *loc, const char *expecting);
bool parser_scope_word(struct parser_state *st, const struct expr *lhs,
		       const struct expr *rhs);
bool parser_elem_opt(struct parser_state *st, struct expr *m, char *key,
		     const struct location *kloc, char *value,
		     const struct location *vloc);
bool parser_set_item(struct parser_state *st, struct set *set, char *key,
		     char *value, const struct location *loc,
		     const struct location *vloc);
void parser_table_add_chain(struct table *table, char *name,
			    const struct location *name_loc,
			    struct chain *chain, const struct location *loc);
uint32_t parser_table_flag(struct parser_state *st, const char *name,
			   const struct location *loc);
struct cmd *parser_flowtable_cmd(enum cmd_ops op, struct handle *h,
				 struct flowtable *ft,
				 const struct location *loc);
void parser_chain_hook(struct parser_state *st, struct chain *chain,
		       char *type, const struct location *type_loc,
		       char *hook, const struct location *hook_loc);
void parser_chain_devices(struct chain *chain, struct expr *devs);
struct expr *parser_prio_offset(const struct location *loc, char *base,
				const char *op, char *offset);
struct expr *parser_prio_define(const struct location *loc, struct expr *base,
				char *offset);
struct rule *parser_rule_alloc(const struct location *loc);
/* Whether @stmt holds an unknown $name (its rule is dropped, the error
 * was said); the name is forgotten either way. */
bool parser_stmt_var_unknown(struct parser_state *st, const struct stmt *stmt);
void parser_rule_add_stmt(struct rule *rule, struct stmt *stmt,
			  const struct location *loc);

/* The third and later member of a concatenation starts at the '.'
 * before it, as the reference marks it in errors ("a . b . c": ". c");
 * the second starts where it does. */
void concat_member_from_dot(struct expr *member, const struct location *dot);

/* Expressions (src/parse/expr.c) */
/* "vxlan ip saddr", "gre tcp dport": a field of the packet tunnel @tunnel
 * carries; NULL after a syntax error (gre has no Ethernet header). */
struct expr *parser_inner_payload(struct parser_state *st,
				  const struct location *loc,
				  const char *tunnel, const char *proto,
				  const struct location *proto_loc,
				  const char *field,
				  const struct location *field_loc);
/* "vxlan vni": a field of the tunnel header itself. */
struct expr *parser_inner_own(struct parser_state *st,
			      const struct location *loc, const char *tunnel,
			      const char *field,
			      const struct location *field_loc);
struct expr *parser_payload(struct parser_state *st, const struct location *loc,
			    const char *proto, const struct location *proto_loc,
			    const char *field,
			    const struct location *field_loc);
struct expr *parser_payload_raw(struct parser_state *st,
				const struct location *loc, const char *base,
				const struct location *base_loc,
				const char *offset,
				const struct location *offset_loc,
				const char *len);
struct expr *parser_meta(struct parser_state *st, const struct location *loc,
			 const char *key, const struct location *key_loc);
struct expr *parser_ct(struct parser_state *st, const struct location *loc,
		       const char *dir, const char *key,
		       const struct location *key_loc);
struct expr *parser_ct_addr(struct parser_state *st, const struct location *loc,
			    const char *dir, const char *proto,
			    const char *field,
			    const struct location *field_loc);
struct expr *parser_flag_list(const struct location *loc, struct expr *list,
			      struct expr *elem);
struct expr *parser_prefix(struct parser_state *st, const struct location *loc,
			   char *addr, const struct location *addr_loc,
			   char *len, const struct location *len_loc);
/* A map block's member, and adding it to the block's set (packed when
 * plain, its shell and its verdict's and key's kept for the next
 * parser_mapping(), parser_map_verdict() and parser_symbol()); the same
 * for a set block's member. */
struct expr *parser_mapping(struct parser_state *st,
			    const struct location *loc,
			    struct expr *key, struct expr *data);
void parser_map_add(struct parser_state *st, struct expr *set,
		    struct expr *m);
void parser_map_splice(struct parser_state *st, struct expr *set,
		       struct expr *inner);
struct expr *parser_symbol(struct parser_state *st,
			   const struct location *loc, char *text,
			   bool quoted);
void parser_set_add(struct parser_state *st, struct expr *set,
		    struct expr *m);
void parser_map_add_plain(struct parser_state *st, struct expr *set,
			  struct expr *m);
struct expr *parser_map_verdict(struct parser_state *st,
			    const struct location *loc, int code,
			    struct expr *chain);
struct expr *parser_binop(const struct location *loc, enum ops op,
			  struct expr *left, struct expr *right);
struct expr *parser_slash(struct parser_state *st, const struct location *loc,
			  struct expr *left, enum ops op, struct expr *value,
			  const struct location *value_loc, struct expr *rhs,
			  const struct location *rhs_loc);
uint32_t parser_fib_flag(struct parser_state *st, char *name,
			 const struct location *loc);
struct expr *parser_fib(struct parser_state *st, const struct location *loc,
			uint32_t flags, const struct location *flags_loc,
			char *result, const struct location *result_loc);
struct expr *parser_rt(struct parser_state *st, const struct location *loc,
		       const char *family, char *key,
		       const struct location *key_loc);
struct expr *parser_numgen(struct parser_state *st, const struct location *loc,
			   char *type, const struct location *type_loc,
			   uint64_t mod, uint64_t offset);
struct expr *parser_hash(const struct location *loc, enum nft_hash_types type,
			 struct expr *src, uint64_t mod, const uint64_t *seed,
			 uint64_t offset);
struct expr *parser_socket(struct parser_state *st, const struct location *loc,
			   char *key, const struct location *key_loc);
void parser_socket_level(struct parser_state *st, struct expr *expr,
			 uint64_t level, const struct location *loc);
struct expr *parser_osf(struct parser_state *st, const struct location *loc,
			char *ttl, const struct location *ttl_loc, char *key,
			const struct location *key_loc);
uint32_t parser_spnum(struct parser_state *st, uint64_t n,
		      const struct location *loc);
struct expr *parser_xfrm(struct parser_state *st, const struct location *loc,
			 char *dir, const struct location *dir_loc,
			 uint32_t spnum, const char *family, char *key,
			 const struct location *key_loc);
struct expr *parser_exthdr(struct parser_state *st, const struct location *loc,
			   enum nft_exthdr_op op, const char *name,
			   const struct location *name_loc, char *field,
			   const struct location *field_loc, uint64_t index);
struct expr *parser_chunk(struct parser_state *st, const struct location *loc,
			  const char *proto, const struct location *proto_loc,
			  char *name, const struct location *name_loc,
			  char *field, const struct location *field_loc);
struct expr *parser_option(struct parser_state *st, const struct location *loc,
			   const char *proto, const struct location *proto_loc,
			   char *name, const struct location *name_loc,
			   char *field, const struct location *field_loc);
struct expr *parser_option_number(struct parser_state *st,
				  const struct location *loc, const char *proto,
				  const struct location *proto_loc, char *num,
				  const struct location *num_loc, char *field,
				  const struct location *field_loc);
bool parser_option_field_word(enum nft_exthdr_op op, const char *word);
bool parser_type_word_reserved(struct parser_state *st, char *word,
			       const struct location *loc);
struct expr *parser_option_raw(struct parser_state *st,
			       const struct location *loc, const char *proto,
			       const struct location *proto_loc, uint64_t kind,
			       uint64_t off, uint64_t len,
			       const struct location *len_loc);

/* Statements (src/parse/stmt.c) */
struct stmt *parser_connlimit(struct parser_state *st,
			      const struct location *loc, uint64_t count,
			      const struct location *count_loc, uint32_t flags);
struct stmt *parser_objref(struct parser_state *st, const struct location *loc,
			   uint32_t type, char *name);
struct stmt *parser_objmap(struct parser_state *st, const struct location *loc,
			   uint32_t type, struct expr *map);
struct stmt *parser_keyset(struct parser_state *st, const struct location *loc,
			   struct expr *key, struct expr *value);
uint64_t parser_uint(struct parser_state *st, uint64_t v,
		     const struct location *loc, const char *what,
		     uint64_t max);
uint16_t parser_u16(struct parser_state *st, uint64_t v,
		    const struct location *loc, const char *what);
uint32_t parser_u32(struct parser_state *st, uint64_t v,
		    const struct location *loc, const char *what);
void parser_log_level(struct stmt *stmt, struct parser_state *st,
		      const char *name, const struct location *loc);
/* "log prefix "x $p y"": the text with the variables in it expanded,
 * as 1.1.3 does (names of letters, digits and '_'); takes @text. */
void parser_log_prefix(struct stmt *stmt, struct parser_state *st,
		       char *text, const struct location *loc);
const struct expr *parser_var_value(struct parser_state *st,
				    const char *name);
uint32_t parser_log_flag(struct parser_state *st, const char *proto,
			 const char *word, const struct location *loc);
uint64_t parser_bytes(struct parser_state *st, const char *num,
		      const struct location *num_loc, const char *unit,
		      const struct location *loc);
struct stmt *parser_limit(struct parser_state *st, const struct location *loc,
			  uint32_t flags, char *num,
			  const struct location *num_loc, char *bytes_per,
			  char *per, const struct location *unit_loc,
			  uint64_t burst);
struct stmt *parser_reject(struct parser_state *st, const struct location *loc,
			   const char *proto, const struct location *proto_loc,
			   struct expr *code);
struct stmt *parser_fwd(const struct location *loc, uint8_t family,
			struct expr *addr, struct expr *dev);
struct stmt *parser_last(struct parser_state *st, const struct location *loc,
			 const char *used, const struct location *used_loc);
struct stmt *parser_set_stmt(const struct location *loc, uint32_t op,
			     char *name, const struct location *name_loc,
			     struct expr *key, struct stmt *opts);
struct stmt *parser_meter(const struct location *loc, char *name,
			  const struct location *name_loc, uint64_t size,
			  struct expr *key, struct stmt *opts);
void parser_set_stmt_timeout(struct parser_state *st, struct stmt *stmt,
			     char *what, const struct location *what_loc,
			     char *value, const struct location *value_loc);
struct stmt *parser_nat(const struct location *loc, struct expr *addr,
			struct expr *port);
struct stmt *parser_nat_kind(struct stmt *stmt, int type, uint8_t family,
			     uint32_t flags);
struct stmt *parser_tproxy(const struct location *loc, uint8_t family,
			   struct stmt *target);
struct expr *parser_chain_word(struct parser_state *st, char *word,
			       const struct location *loc, bool in_map);
struct stmt *parser_verdict(const struct location *loc, int verdict,
			    struct expr *chain);
/* "jump { ... }", "goto { ... }": the block's chain, then the verdict
 * bound to it */
struct chain *parser_binding_open(struct parser_state *st,
				  const struct location *brace);
void parser_binding_free(struct parser_state *st, struct chain *c);
struct stmt *parser_binding(struct parser_state *st,
			    const struct location *loc, int verdict,
			    struct chain *c);

/* A block's "comment STRING": the first one, a second is an error. */
void parser_comment(struct parser_state *st, char **dst,
		    struct location *dst_loc, char *comment,
		    const struct location *comment_loc,
		    const struct location *item_loc);

#endif /* NFT_PARSE_BUILD_H */
