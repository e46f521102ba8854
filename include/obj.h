#ifndef NFT_OBJ_H
#define NFT_OBJ_H

/*
 * Object kinds: what a command does depends on the kind of object it
 * names (table, chain, rule, ruleset, ...). Each kind has one ops struct
 * in src/obj/KIND.c; callers look it up by CMD_OBJ_* instead of
 * switching on cmd->obj, so a new kind is one new file and one registry
 * line.
 */
#include <stdbool.h>
#include <stdint.h>
#include <jansson.h>
#include <rule.h>

struct eval_ctx;
struct exec_ctx;
struct json_ctx;
struct output_ctx;

/* A set of commands (enum cmd_ops) as a bit mask. */
#define OBJ_CMD(op)	(1u << (op))

enum obj_flags {
	OBJ_F_ALL_TABLES	= 1 << 0,	/* names no one table */
	OBJ_F_ONE_CHAIN		= 1 << 1,	/* names one chain */
	OBJ_F_LIST		= 1 << 2,	/* "list KIND" exists */
	OBJ_F_LIST_HEADS	= 1 << 3,	/* lists headers, no rules */
	OBJ_F_LIST_NO_CHAINS	= 1 << 4,	/* lists tables only */
};

struct obj_ops {
	enum cmd_obj	obj;
	const char	*name;		/* "table", as in error messages */
	unsigned int	flags;		/* enum obj_flags */
	/* add, create, insert, replace: check and resolve the command.
	 * NULL: these operations do not apply to the kind. */
	int		(*evaluate)(struct eval_ctx *ectx, struct cmd *cmd);
	/* delete, destroy: check the command. NULL: nothing to check. */
	int		(*evaluate_delete)(struct eval_ctx *ectx,
					   struct cmd *cmd);
	/* Turn the command into batch messages. NULL: not supported. */
	int		(*execute)(struct exec_ctx *x, struct cmd *cmd);
	/* What a change (add, create, insert, replace, delete, rename)
	 * needs in the cache before it is evaluated (NFT_CACHE_*), and
	 * what "list KIND" needs. */
	unsigned int	(*cache_needs)(const struct cmd *cmd);
	unsigned int	list_needs;
	/* Kernel errors: name the missing (ENOENT) or existing (EEXIST)
	 * object of the command, and point @loc at it. NULL: no better
	 * explanation than the errno text. */
	char		*(*explain_missing)(const struct cmd *cmd,
					    const struct location **loc);
	char		*(*explain_exists)(const struct cmd *cmd,
					   const struct location **loc);
	/* Free what the command owns of this kind (cmd->table, ...). */
	void		(*free)(struct cmd *cmd);
	/* JSON input: the commands JSON accepts for the kind (as the text
	 * syntax does; 0: no JSON object of this name), and the parser of
	 * its object. NULL: the object carries only a family. @bare: a
	 * rule given without a command. */
	uint32_t	json_cmds;
	struct cmd	*(*json_parse)(struct json_ctx *jctx, enum cmd_ops op,
				       bool bare, json_t *obj);
	/* -e -j: append what the command created to @array, each object
	 * wrapped in @op. NULL: nothing to echo. */
	void		(*json_echo)(json_t *array, const char *op,
				     const struct cmd *cmd,
				     struct output_ctx *octx);
};

/* Never NULL: unknown kinds get ops that refuse everything. */
const struct obj_ops *obj_ops_lookup(enum cmd_obj obj);
static inline unsigned int obj_cmd_flags(const struct cmd *cmd)
{
	return obj_ops_lookup(cmd->obj)->flags;
}

/* The kind a JSON command object names ("table"), or NULL. */
const struct obj_ops *obj_ops_lookup_json(const char *name);

extern const struct obj_ops table_obj_ops;
extern const struct obj_ops chain_obj_ops;
extern const struct obj_ops rule_obj_ops;
extern const struct obj_ops ruleset_obj_ops;
extern const struct obj_ops tables_obj_ops;
extern const struct obj_ops chains_obj_ops;
extern const struct obj_ops expr_obj_ops;

/*
 * The kinds' work, still in evaluate.c and objects.c next to the helpers
 * it shares; the ops in src/obj/ point at it.
 */
int table_cmd_evaluate(struct eval_ctx *ectx, struct cmd *cmd);
int chain_cmd_evaluate(struct eval_ctx *ectx, struct cmd *cmd);
int rule_cmd_evaluate(struct eval_ctx *ectx, struct cmd *cmd);
int chain_delete_evaluate(struct eval_ctx *ectx, struct cmd *cmd);
int rule_delete_evaluate(struct eval_ctx *ectx, struct cmd *cmd);
unsigned int table_cmd_needs(const struct cmd *cmd);
unsigned int chain_cmd_needs(const struct cmd *cmd);
unsigned int rule_cmd_needs(const struct cmd *cmd);
const struct location *cmd_loc_or(const struct cmd *cmd,
				  const struct location *loc);
const char *cmd_table_name(const struct cmd *cmd);	/* "" if none */
const char *cmd_chain_name(const struct cmd *cmd);
int exec_table(struct exec_ctx *x, struct cmd *cmd);
int exec_chain(struct exec_ctx *x, struct cmd *cmd);
int exec_rule(struct exec_ctx *x, struct cmd *cmd);
int exec_ruleset(struct exec_ctx *x, struct cmd *cmd);
struct cmd *json_table_cmd(struct json_ctx *jctx, enum cmd_ops op,
			   bool bare, json_t *obj);
struct cmd *json_chain_cmd(struct json_ctx *jctx, enum cmd_ops op,
			   bool bare, json_t *obj);
struct cmd *json_rule_cmd(struct json_ctx *jctx, enum cmd_ops op,
			  bool bare, json_t *obj);
void json_echo_add(json_t *array, const char *op, json_t *obj);
void json_echo_table(json_t *array, const char *op, const struct cmd *cmd,
		     struct output_ctx *octx);
void json_echo_chain(json_t *array, const char *op, const struct cmd *cmd,
		     struct output_ctx *octx);
void json_echo_rule(json_t *array, const char *op, const struct cmd *cmd,
		    struct output_ctx *octx);

/*
 * Table flags: the one list of names the parser, JSON input and both
 * outputs use, so text and JSON accept and print the same set.
 */
struct table_flag {
	const char	*name;
	uint32_t	flag;		/* NFT_TABLE_F_* */
};

extern const struct table_flag table_flags[];
extern const unsigned int table_flags_count;
#define TABLE_FLAGS_NAMES	"dormant, owner or persist"

/* false if @name is no table flag */
bool table_flag_lookup(const char *name, uint32_t *flag);
/* Every flag bit a name exists for. */
uint32_t table_flags_known(void);

#endif /* NFT_OBJ_H */
