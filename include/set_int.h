#ifndef NFT_SET_INT_H
#define NFT_SET_INT_H

/* What the named sets' files (src/obj/set*.c) share; not for the rest
 * of nft. The kind's ops are in src/obj/set.c. */

#include <set.h>
#include <jansson.h>

struct cmd;
struct eval_ctx;
struct json_ctx;
struct list_head;
struct nft_ctx;
struct nftnl_set;
struct nlmsghdr;
struct output_ctx;

/* The flags the language names, for parsing and output (set.c); the
 * size here makes the compiler check it against the table. */
struct set_flag_name {
	const char *name;
	uint32_t flag;
};
extern const struct set_flag_name set_flags[4];

/* The key and a map's data, by name or as the kernel holds them,
 * and the stand-in anonymous map of a named map's elements (set.c). */
struct expr *set_key_from_names(const char *names,
				const struct location *loc,
				char **bad);
struct expr *set_key_from_kernel(uint32_t type, uint32_t len);
void set_print_key_types(const struct expr *key,
			 struct output_ctx *octx);
void set_print_typeof(const struct expr *key, struct output_ctx *octx);
bool set_is_map(const struct set *s);
void set_key_mark_order(struct set *s);
struct expr *set_data_from_names(const char *names,
				 const struct location *loc, char **bad);
struct expr *set_data_from_kernel(uint32_t type, uint32_t len);
struct expr *set_map_stub(const struct set *s, struct expr *mappings);
void set_map_stub_free(struct expr *map);
uint32_t set_data_type_id(const struct set *s);
/* Object maps: the kinds' names and types, their data (set.c). */
uint32_t set_obj_type_by_name(const char *name);
const char *set_obj_type_name(uint32_t type);
struct expr *set_obj_data(const struct location *loc);
uint32_t set_data_len(const struct set *s);
/* Drop a dumped set's element options (@info), before its members
 * change. */
void set_info_free(struct set *s);

/* A declaration's key and data types checked as 1.1.3 checks them
 * (set_decl.c): 0, -1 with errors queued; the last two return 1 where
 * the text cannot show what 1.1.3 would say. */
int set_decl_no_key(struct eval_ctx *ectx, const struct set *s);
int set_decl_check_ct_family(struct eval_ctx *ectx, const struct set *s,
			     const struct expr *key);
int set_decl_check_names(struct eval_ctx *ectx, const struct set *s,
			 const char *names, const struct location *loc,
			 bool data);
int set_decl_check_set_data(struct eval_ctx *ectx, const struct set *s);
int set_decl_check_map_data(struct eval_ctx *ectx, const struct set *s);
int set_decl_check_syntax(struct eval_ctx *ectx, const struct set *s);

/* Evaluation of declarations (set_eval.c): the key and data resolved
 * and checked, as an element command needs them too. */
int set_key_evaluate(struct eval_ctx *ectx, struct set *s);
int set_cmd_evaluate(struct eval_ctx *ectx, struct cmd *cmd);
unsigned int set_cmd_needs(const struct cmd *cmd);

/* Evaluation of elements (set_eval_elems.c): typed and held against
 * the set, then the options the kernel refuses (a set's are checked
 * after its intervals' conflicts, so the two halves are apart); the
 * overlapping intervals of a set that refuses them (@prev: the set's
 * before, or NULL); intervals by start, then as written (qsort_r() on
 * indices of an interval array, @ctx). */
int set_elems_evaluate(struct eval_ctx *ectx, const struct set *s,
		       struct expr **elemsp);
int set_elems_evaluate_typed(struct eval_ctx *ectx, const struct set *s,
			     struct expr **elemsp);
int set_elems_evaluate_opts(struct eval_ctx *ectx, const struct set *s,
			    const struct expr *elems);
bool set_refuses_overlaps(const struct set *s);
int set_check_conflicts(struct eval_ctx *ectx, const struct expr *key,
			const struct expr *prev, const struct expr *elems);
int set_iv_order_cmp(const void *a, const void *b, void *ctx);

/* Element commands (set_eval_cmd.c). */
int element_cmd_evaluate(struct eval_ctx *ectx, struct cmd *cmd);
int element_cmd_evaluate_delete(struct eval_ctx *ectx,
				struct cmd *cmd);
unsigned int element_cmd_needs(const struct cmd *cmd);

/* Dumped elements with their options (set_decode.c). */
bool set_elems_have_info(const struct nftnl_set *nls);
int set_decode_with_info(struct set *s, const struct nftnl_set *nls);
int map_decode_with_info(struct set *s, const struct nftnl_set *nls);
struct nftnl_set_elem;
/* One dumped element's options: whether it has any. */
bool set_elem_info_decode(struct nftnl_set_elem *e, struct set_elem_info *i);
/* Interval sets and maps: decoded as without options, then each member
 * given those of its start element (set_elem.c). */
int set_interval_decode_with_info(struct set *s, const struct nftnl_set *nls,
				  bool map);

/* Set-level and element statements (set_stmt.c). */
struct nftnl_set_elem;
struct expr;
void set_stmts_put_set(struct nftnl_set *nls, const struct set_stmts *l);
void set_stmts_put_elem(struct nftnl_set_elem *e, const struct set_stmts *l);
int set_stmts_read_set(const struct nftnl_set *nls, struct set_stmts *l);
int set_stmts_read_elem(struct nftnl_set_elem *e, struct set_stmts *l);
void set_stmts_print(const struct set_stmts *l, struct output_ctx *octx);
void set_stmts_print_decl(const struct set_stmts *l,
			  struct output_ctx *octx);
json_t *set_stmts_json_decl(const struct set_stmts *l,
			    struct output_ctx *octx);
void set_stmts_json_elem(json_t *o, const struct set_stmts *l,
			 struct output_ctx *octx);
int set_stmts_evaluate(struct eval_ctx *ectx, struct set_stmts *l);
int set_elem_stmts_match(struct eval_ctx *ectx, const struct set *s,
			 const struct expr *at, struct set_stmts *l);

/* "reset set", "reset element" (set_reset.c, set_decode.c). */
struct nftnl_set *set_nl_fetch(struct nft_ctx *nft, uint32_t family,
			       const char *table, const char *name);
struct nftnl_set *set_nl_clone_head(const struct nftnl_set *nls);
int set_reset(struct nft_ctx *nft, struct cmd *cmd, struct list_head *msgs);
struct expr *set_members_holding(const struct set *s, const struct expr *want,
				 struct list_head *msgs);
int element_reset(struct nft_ctx *nft, struct cmd *cmd,
		  struct list_head *msgs);
void set_answer_print(struct nft_ctx *nft, const struct table *t,
		      const struct set *s);

/* Output (set_print.c). */
void set_print_elem_info(const struct set *s,
			 const struct set_elem_info *i,
			 struct output_ctx *octx);
json_t *set_elem_json(const struct set *s, const struct expr *m,
		      const struct set_elem_info *i,
		      struct output_ctx *octx);
int set_list(struct nft_ctx *nft, struct cmd *cmd,
	     struct list_head *msgs);

/* JSON input (set_json.c). */
struct cmd *json_set_cmd(struct json_ctx *jctx, enum cmd_ops op,
			 bool bare, json_t *obj);
struct cmd *json_map_cmd(struct json_ctx *jctx, enum cmd_ops op,
			 bool bare, json_t *obj);
struct cmd *json_meter_cmd(struct json_ctx *jctx, enum cmd_ops op,
			   bool bare, json_t *obj);
struct cmd *json_element_cmd(struct json_ctx *jctx, enum cmd_ops op,
			     bool bare, json_t *obj);
/* Whether a map of ranges ("type K : interval D") must say so in its
 * JSON: its elements, as listed, do not show it (none, or none whose
 * data is a prefix or a range). */
bool set_json_data_interval_hidden(const struct set *s, bool elems);

/* "get element" and the echo of elements (set_elem.c). */
int element_get(struct nft_ctx *nft, struct cmd *cmd,
		struct list_head *msgs);
void *element_nl_parse(struct nft_ctx *nft,
		       const struct nlmsghdr *nlh, char **why);
void element_nl_free(void *obj);
void element_echo(struct nft_ctx *nft, struct cmd *cmd,
		  void *owner_obj, uint16_t type, void *obj);
void element_echo_remember(struct nft_ctx *nft, struct set *s);
void *set_nl_parse_echo(struct nft_ctx *nft, const struct nlmsghdr *nlh,
			char **why);
void set_obj_free_echo(void *s);
void set_echo(struct nft_ctx *nft, struct cmd *cmd, void *owner_obj,
	      uint16_t type, void *obj);
void set_json_echo(json_t *array, const char *op, const struct cmd *cmd,
		   struct output_ctx *octx);
void element_json_echo(json_t *array, const char *op,
		       const struct cmd *cmd, struct output_ctx *octx);

#endif /* NFT_SET_INT_H */
