#ifndef NFT_OBJ_H
#define NFT_OBJ_H

/*
 * Object kinds: what a command does depends on the kind of object it
 * names (table, chain, rule, ruleset, ...). Each kind has one ops struct
 * in src/obj/KIND.c, next to everything about it: evaluation, what it
 * needs from the cache, its netlink messages (build and parse), its
 * execution and echo, its text and JSON output and input, and what its
 * kernel errors mean. The generic code looks the kind up by CMD_OBJ_*
 * (or by netlink message type) instead of switching on cmd->obj, so a new
 * kind is one new file and one registry line.
 */
#include <stdbool.h>
#include <stdint.h>
#include <jansson.h>
#include <rule.h>

struct eval_ctx;
struct exec_ctx;
struct json_ctx;
struct output_ctx;
struct nft_ctx;
struct nlmsghdr;
struct mnl_err;
struct pos_plan;

/* A set of commands (enum cmd_ops) as a bit mask. */
#define OBJ_CMD(op)	(1u << (op))

enum obj_flags {
	OBJ_F_ALL_TABLES	= 1 << 0,	/* names no one table */
	OBJ_F_ONE_CHAIN		= 1 << 1,	/* names one chain */
	OBJ_F_LIST		= 1 << 2,	/* "list KIND" exists */
	OBJ_F_LIST_HEADS	= 1 << 3,	/* lists headers, no rules */
	OBJ_F_LIST_NO_CHAINS	= 1 << 4,	/* lists tables only */
	/* JSON input: the "handle" of add and insert is where the new
	 * object goes, not its own (the -e -j echo replaces it). */
	OBJ_F_HANDLE_IS_POSITION = 1 << 5,
};

struct obj_ops {
	enum cmd_obj	obj;
	const char	*name;		/* "table", as in error messages */
	unsigned int	flags;		/* enum obj_flags */

	/* ---- evaluation ---- */
	/* add, create, insert, replace: check and resolve the command.
	 * NULL: these operations do not apply to the kind. */
	int		(*evaluate)(struct eval_ctx *ectx, struct cmd *cmd);
	/* delete, destroy: check the command. NULL: nothing to check. */
	int		(*evaluate_delete)(struct eval_ctx *ectx,
					   struct cmd *cmd);
	/* rename (cmd->arg: the new name). NULL: no renaming. */
	int		(*evaluate_rename)(struct eval_ctx *ectx,
					   struct cmd *cmd);

	/* ---- the cache ---- */
	/* What a change (add, create, insert, replace, delete, rename)
	 * needs in the cache before it is evaluated (NFT_CACHE_*), and
	 * what "list KIND" needs. */
	unsigned int	(*cache_needs)(const struct cmd *cmd);
	unsigned int	list_needs;
	/* what "flush KIND" needs (0: nothing) */
	unsigned int	flush_needs;

	/* ---- execution ---- */
	/* Turn the command into batch messages. NULL: not supported. */
	int		(*execute)(struct exec_ctx *x, struct cmd *cmd);
	/* How the command changes the rule lists that "index N" counts
	 * (src/obj/rule_index.c). NULL: it does not. */
	int		(*plan)(struct pos_plan *p, struct cmd *cmd);

	/* ---- netlink ---- */
	/* The kind's messages, if it has nl_put: NFT_MSG_NEW* (echoed
	 * with -e) and NFT_MSG_DEL*. */
	uint16_t	msg_new;
	uint16_t	msg_del;
	/* Build one message of @type for @obj (NULL: the handle only) into
	 * the batch; -1 with an error on x->msgs if it cannot be sent. */
	int		(*nl_put)(struct exec_ctx *x, uint16_t type,
				  uint16_t flags, const struct handle *h,
				  const void *obj);
	/* Parse a message of the kind the kernel sent; NULL if it cannot
	 * be printed exactly, *why then says why (caller frees). */
	void		*(*nl_parse)(struct nft_ctx *nft,
				     const struct nlmsghdr *nlh, char **why);
	void		(*obj_free)(void *obj);

	/* ---- output ---- */
	/* A kind that is not in the ruleset ("list hooks") lists itself:
	 * its own kernel requests, text and JSON. NULL: the generic
	 * listing of the ruleset (src/print.c) with print and json. */
	int		(*list)(struct nft_ctx *nft, struct cmd *cmd,
				struct list_head *msgs);
	/* The object as "list" prints it (text, JSON). */
	void		(*print)(const void *obj, struct output_ctx *octx);
	json_t		*(*json)(const void *obj, struct output_ctx *octx);
	/* -e: the kernel echoed @obj (parsed by nl_parse from a message of
	 * @type) for @cmd, whose object @owner_obj it was built from: give
	 * @owner_obj and @cmd the kernel's handle and print the text echo. */
	void		(*echo)(struct nft_ctx *nft, struct cmd *cmd,
				void *owner_obj, uint16_t type, void *obj);
	/* nft monitor: print the kernel's notification @nlh of an object
	 * of the kind added (or, @del, removed) as the reference does;
	 * -1 (through monitor_failed()) if it cannot be printed exactly.
	 * NULL: the monitor prints nothing of the kind. */
	int		(*monitor)(struct nft_ctx *nft,
				   const struct nlmsghdr *nlh, bool del);
	/* -e -j: append what the command created to @array, each object
	 * wrapped in @op. NULL: the command's object through json(). */
	void		(*json_echo)(json_t *array, const char *op,
				     const struct cmd *cmd,
				     struct output_ctx *octx);

	/* ---- kernel errors ---- */
	/* The errno text for a command of the kind, where it says more
	 * than strerror(); NULL: the generic one. */
	const char	*(*strerror)(int err, const struct cmd *cmd);
	/* A message of the kind failed at attribute e->attr: explain, and
	 * point @loc at the cause; @obj: what the message was built from. */
	char		*(*explain_attr)(const struct mnl_err *e,
					 const struct cmd *cmd,
					 const void *obj,
					 const struct location **loc);
	/* A message of the kind failed, and its attribute (if any) told
	 * nothing: what the kernel's refusal means for @obj, what the
	 * message was built from. NULL result: no idea. */
	char		*(*explain)(struct nft_ctx *nft, const struct mnl_err *e,
				    const struct cmd *cmd, const void *obj,
				    const struct location **loc);
	/* @obj, an item of a table block: where the kernel's refusals of
	 * it point when they name no attribute (the reference's caret: its
	 * name). NULL: at the command. */
	const struct location *(*block_location)(const void *obj);
	/* ENOENT, EEXIST: name the missing or existing object. */
	char		*(*explain_missing)(const struct cmd *cmd,
					    const struct location **loc);
	char		*(*explain_exists)(const struct cmd *cmd,
					   const struct location **loc);

	/* ---- input ---- */
	/* Free what the command owns of this kind (cmd->table, ...). */
	void		(*free)(struct cmd *cmd);
	/* JSON input: the commands JSON accepts for the kind (as the text
	 * syntax does; 0: no JSON object of this name), and the parser of
	 * its object. NULL: the object carries only a family. @bare: a
	 * rule given without a command. */
	uint32_t	json_cmds;
	struct cmd	*(*json_parse)(struct json_ctx *jctx, enum cmd_ops op,
				       bool bare, json_t *obj);
	/* The keys its object may hold, the listing's too (NULL-terminated,
	 * checked before json_parse is called). */
	const char *const *json_keys;
};

/* Never NULL: unknown kinds get ops that refuse everything. */
const struct obj_ops *obj_ops_lookup(enum cmd_obj obj);
static inline unsigned int obj_cmd_flags(const struct cmd *cmd)
{
	return obj_ops_lookup(cmd->obj)->flags;
}

/* The kind a JSON command object names ("table"), or NULL. */
const struct obj_ops *obj_ops_lookup_json(const char *name);
/* The kind whose message type (NFT_MSG_*) @type is, or NULL. */
const struct obj_ops *obj_ops_lookup_msg(uint16_t type);

extern const struct obj_ops table_obj_ops;
extern const struct obj_ops chain_obj_ops;
extern const struct obj_ops rule_obj_ops;
extern const struct obj_ops ruleset_obj_ops;
extern const struct obj_ops rules_obj_ops;
extern const struct obj_ops tables_obj_ops;
extern const struct obj_ops chains_obj_ops;
extern const struct obj_ops expr_obj_ops;
extern const struct obj_ops hooks_obj_ops;
extern const struct obj_ops flowtable_obj_ops;
extern const struct obj_ops flowtables_obj_ops;
extern const struct obj_ops monitor_obj_ops;
/* stateful objects (src/obj/sobj.c) */
extern const struct obj_ops counter_obj_ops, quota_obj_ops,
	ct_helper_obj_ops, limit_obj_ops, ct_timeout_obj_ops,
	secmark_obj_ops, ct_expect_obj_ops, synproxy_obj_ops;
extern const struct obj_ops counters_obj_ops, quotas_obj_ops,
	ct_helpers_obj_ops, limits_obj_ops, ct_timeouts_obj_ops,
	secmarks_obj_ops, ct_expects_obj_ops, synproxys_obj_ops;

/*
 * Execution (src/objects.c runs it, the kinds fill the batch).
 */
struct exec_ctx {
	struct nft_ctx *nft;
	struct nft_batch *batch;
	struct list_head *msgs;
};

/* Message types of Linux 6.3+ (destroy: delete, but no error if the
 * object is missing); the installed kernel header may predate them. */
enum {
	MSG_DESTROYTABLE	= 26,
	MSG_DESTROYCHAIN	= 27,
	MSG_DESTROYRULE		= 28,
};

/* NLM_F_ECHO for a new object's message when echoing (-e). */
uint16_t exec_echo_flag(const struct exec_ctx *x, uint16_t type);
/* The operation an echo line names: "add", "create" or "insert". */
const char *echo_op(const struct cmd *cmd);

/*
 * Index planning (src/obj/rule_index.c): what the kinds' plan ops use.
 */
/* Rules of a table block go to the end of their chains. */
void pos_table_block(struct pos_plan *p, struct table *t);
/* The chains of @family (all: NFPROTO_UNSPEC), of @table (all: NULL),
 * named @chain (all: NULL) are now empty. */
void pos_clear(struct pos_plan *p, uint32_t family, const char *table,
	       const char *chain);
int pos_rule_cmd(struct pos_plan *p, struct cmd *cmd);
/* Resolve "index N" of the rule commands in @cmds to positions. */
int pos_plan_run(struct exec_ctx *x, struct list_head *cmds);

/*
 * What the kinds share with each other and with the generic code.
 */
const struct location *cmd_loc_or(const struct cmd *cmd,
				  const struct location *loc);
const char *cmd_table_name(const struct cmd *cmd);	/* "" if none */
const char *cmd_chain_name(const struct cmd *cmd);

/* table */
int table_evaluate(struct eval_ctx *ectx, struct table *table);
int exec_put_table(struct exec_ctx *x, uint16_t type, uint16_t flags,
		   const struct handle *h, const void *obj);
/* The table line, flags and comment of a listing; returns what goes
 * before the first chain. */
void table_print_header(const struct table *t, struct output_ctx *octx,
			bool with_handle);
const char *table_print_open(const struct table *t, struct output_ctx *octx);

/* chain */
int chain_evaluate(struct eval_ctx *ectx, struct chain *chain);
/* The ops' evaluation hooks (src/obj/chain_eval.c). */
int chain_cmd_evaluate(struct eval_ctx *ectx, struct cmd *cmd);
int chain_delete_evaluate(struct eval_ctx *ectx, struct cmd *cmd);
int chain_rename_evaluate(struct eval_ctx *ectx, struct cmd *cmd);
/* The chain commands' JSON input (src/obj/chain_out.c). */
struct cmd *json_chain_cmd(struct json_ctx *jctx, enum cmd_ops op,
			   bool bare, json_t *obj);
int exec_put_chain(struct exec_ctx *x, uint16_t type, uint16_t flags,
		   const struct handle *h, const void *obj);
/* "\tchain NAME {", its comment and hook line; no rules, no closing. */
void chain_print_head(const struct chain *c, struct output_ctx *octx);
bool chain_has_devices(const struct chain *c);
/* Where device @name was written in @c's device list, else @dflt. */
const struct location *chain_dev_location(const struct chain *c,
					  const char *name,
					  const struct location *dflt);
/* The first device of @c missing from this network namespace. */
const char *chain_missing_dev(const struct chain *c);

/* What chains and flowtables share: a hook's priority (a number or
 * "NAME [+|- N]", named as @family's @hooknum names them) and a device
 * list (names, no duplicates, at most CHAIN_DEVICES_MAX; @owner names
 * the kind in errors). The list replaces *@devs. */
/* @loc: "priority P" as written (where the reference's error @invalid
 * points) */
int hook_prio_evaluate(struct eval_ctx *ectx, struct expr *priority,
		       const struct location *loc, const char *invalid,
		       uint32_t family, unsigned int hooknum, int *prio);
int hook_devices_evaluate(struct eval_ctx *ectx, const struct expr *dev_expr,
			  char ***devs, unsigned int *num_devs,
			  const char *owner);
/* The device names a message carries, NULL-terminated (caller frees
 * the array): the reference sends the devices it adds last written
 * first, those it removes as written. */
const char **hook_devs_array(char *const *devs, unsigned int num_devs,
			     bool adding);
/* Where device @name was written in @dev_expr, else @dflt. */
const struct location *dev_expr_location(const struct expr *dev_expr,
					 const char *name,
					 const struct location *dflt);
/* qsort() order of device names (listings sort them). */
int dev_name_cmp(const void *a, const void *b);
/* JSON "prio" (number or "NAME + N") and "dev" (string or array). */
struct json_ctx;
struct expr *json_hook_prio(struct json_ctx *jctx, json_t *v);
struct expr *json_hook_devs(struct json_ctx *jctx, json_t *v);

/* rule */
int rule_evaluate(struct eval_ctx *ectx, struct rule *rule);
int exec_put_rule(struct exec_ctx *x, uint16_t type, uint16_t flags,
		  const struct handle *h, const void *obj);

/* chain bindings, "jump { ... }" (src/obj/binding.c) */
struct nlmsghdr;
bool rule_has_binding(const struct rule *r);
int binding_evaluate(struct eval_ctx *ectx, const struct rule *owner,
		     struct chain *c);
/* --debug=netlink of a chain added: "ip t c use 0", as 1.1.3 */
struct nftnl_chain;
void chain_debug(struct exec_ctx *x, const struct nftnl_chain *nlc,
		 uint32_t family);
/* the batch ids of the chains @r binds (before @r is built) */
void binding_assign_ids(struct exec_ctx *x, const struct rule *r);
/* the chains @r binds, with their rules, into the batch */
int binding_put(struct exec_ctx *x, const struct handle *h,
		const struct rule *r);
/* NFTA_RULE_CHAIN_ID of a bound chain's rule (libnftnl has none) */
void binding_put_chain_id(struct nlmsghdr *nlh, const struct handle *h);
bool chain_is_bound(const struct chain *c);
const struct chain *verdict_binding(const struct expr *v,
				    const struct output_ctx *octx);
void binding_print(const struct chain *c, struct output_ctx *octx);
json_t *binding_json(const struct expr *v, const struct chain *c,
		     const struct output_ctx *octx);
int binding_fetch_rules(struct nft_ctx *nft, struct table *t);
char *binding_undecoded(const struct table *t);
void binding_move(struct rule *from, struct rule *to);
bool binding_json_is_text(const char *text);
struct stmt *binding_json_parse(struct json_ctx *jctx, const char *text);
void binding_json_echo(json_t *array, const char *op, const struct rule *r,
		       struct output_ctx *octx);

/* hooks ("list hooks"): one hook the kernel reported */
struct hook_entry {
	int32_t		priority;
	char		*function;	/* NULL: not reported */
	char		*module;	/* NULL: built in */
	char		*table;		/* an nf_tables chain: NULL if none */
	char		*chain;
	uint8_t		chain_family;
};

/* Parse an NFNL_MSG_HOOK_GET reply into @e (release it after); -1 if
 * it is malformed. */
int hook_entry_parse(const struct nlmsghdr *nlh, struct hook_entry *e);
void hook_entry_release(struct hook_entry *e);
/* The entry's line of a listing. */
void hook_entry_print(const struct hook_entry *e, struct output_ctx *octx);

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
