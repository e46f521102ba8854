/*
 * The semantic pass (src/evaluate.c plus the kinds' evaluate ops):
 * resolves variables and symbols against datatypes, inserts protocol
 * dependencies, validates hooks, priorities and devices, and expands
 * blocks into commands.
 */
#ifndef NFT_EVALUATE_H
#define NFT_EVALUATE_H

#include <nft.h>
#include <erec.h>
#include <proto.h>
#include <rule.h>
#include <net/if.h>

struct nft_ctx;
struct eval_run;
struct set;

struct eval_ctx {
	struct nft_ctx *nft;
	struct list_head *msgs;
	struct cmd *cmd;		/* being evaluated */
	struct table *table;		/* current table (from cache or cmd) */
	struct chain *chain;		/* current chain, if known */
	struct rule *rule;		/* current rule */
	struct stmt *stmt;		/* current statement */
	/* evaluating a load of a tunnel's inner packet: pctx is the inner
	 * packet's, dependencies inserted are inner loads too */
	const struct inner_desc *inner;
	struct proto_ctx pctx;		/* per rule */
	/* The type context: what a constant (a symbol such as "ssh" or
	 * "10.0.0.1") resolves against, set while the right side of a
	 * relation or a statement's value is evaluated. Set it only through
	 * expr_evaluate_typed() / eval_type_push(). */
	const struct datatype *ectx_dtype;
	enum byteorder ectx_byteorder;
	unsigned int ectx_len;
	/* The left side itself while its right side is evaluated: a
	 * concatenation types each member of the values it is matched
	 * with (src/expr/concat.c). */
	const struct expr *ectx_key;
	/* The named set's key a concatenation is looked up in or added
	 * to ("ip saddr . 22 @s", "add @s { ip saddr . 22 }"): its
	 * constants take the types of the key's members there. */
	const struct expr *concat_set_key;
	/* Tables and chains this run adds, so later commands may refer to
	 * them (private to src/evaluate.c). */
	struct eval_run *run;
	/* The run's commands, so one may look at its neighbours. */
	const struct list_head *cmds;
	/* Values copied out of variables so far (src/expr/variable.c). */
	unsigned long expanded;
	/* Evaluating a set's member that is a variable: a list it holds
	 * ("define s = { established, new }") is members, not flags to
	 * fold into one value (src/expr/list.c). */
	bool list_members;
	/* The left side of the match being evaluated takes no constant
	 * ("meta secmark 1"): refused once the right side is evaluated,
	 * as 1.1.3 refuses it (a value that does not parse first). */
	bool rhs_noconst;
	/* What the statements of @rule up to and including @last establish
	 * (src/expr/payload.c), so each dependency lookup goes on from
	 * there instead of walking the whole rule again. */
	struct {
		const struct rule *rule;
		const struct list_head *last;	/* &rule->stmts: none yet */
		struct proto_ctx pctx;
	} pctx_cache;
	/* Expressions being evaluated, one inside the other: bounded so
	 * that a hostile nesting ends in an error, not a stack overflow
	 * here or in the later walks (linearize, print). */
	unsigned int depth;
	/* Binary operations being evaluated, one inside the other: the
	 * reference refuses a 16th (src/expr/binop.c). */
	unsigned int binop_depth;
	/* The named set whose members (a map's mappings) are being typed,
	 * a declaration's or an element command's: each is held against
	 * the set as soon as it is typed (set_member_evaluate()), in the
	 * order upstream 1.1.3 says what is wrong; NULL elsewhere. */
	const struct set *elem_set;
	/* Where the dependencies being inserted go: after this (the rule's
	 * head, then each one put there), or before the current statement
	 * when NULL (src/expr/payload.c). */
	struct list_head *dep_at;
	/* The dependency being inserted is implied by another one (icmp's
	 * network protocol): 1.1.3 does not check it against the rule's
	 * matches ("conflicting statements"). */
	bool dep_implied;
};

/* Evaluate one rule alone (no cache): the unit tests' round trips. */
int nft_evaluate_rule(struct nft_ctx *nft, struct rule *rule,
		      struct list_head *msgs);

/* Evaluate all commands; returns 0 or -1 (errors on @msgs). */
int nft_evaluate(struct nft_ctx *nft, struct list_head *cmds,
		 struct list_head *msgs);
/* The same, calling @each for every command as soon as it is evaluated,
 * while no error has come up (src/objects.c builds its batch messages
 * then, while the command is still in the processor's cache). */
int nft_evaluate_each(struct nft_ctx *nft, struct list_head *cmds,
		      struct list_head *msgs,
		      int (*each)(void *arg, struct cmd *cmd), void *arg);

/* Evaluate an expression / statement (dispatch to the kind's ops). */
int expr_evaluate(struct eval_ctx *ectx, struct expr **exprp);

/* A saved type context (see eval_ctx.ectx_dtype). */
struct eval_type {
	const struct datatype *dtype;
	enum byteorder byteorder;
	unsigned int len;
};

/* Make constants resolve against @dtype in @byteorder, @len bits (0: the
 * type's size); @saved receives the context to restore with
 * eval_type_pop(). Pushes nest. */
void eval_type_push(struct eval_ctx *ectx, struct eval_type *saved,
		    const struct datatype *dtype, enum byteorder byteorder,
		    unsigned int len);
void eval_type_pop(struct eval_ctx *ectx, const struct eval_type *saved);
/* Evaluate *@exprp with constants typed like @like: the right side of
 * "@like OP *exprp", the value of "@like set *exprp". */
int expr_evaluate_like(struct eval_ctx *ectx, struct expr **exprp,
		       const struct expr *like);
int stmt_evaluate(struct eval_ctx *ectx, struct stmt *stmt);

/*
 * Insert the dependency statements a payload/meta expression needs
 * before the current statement (e.g. in netdev "ip daddr" needs
 * "meta protocol ip"; in inet "tcp dport" needs "meta l4proto tcp"), and
 * record the protocol in the context. Implemented in src/expr/payload.c.
 */
int payload_gen_dependency(struct eval_ctx *ectx, const struct expr *expr);
int payload_gen_implied_dependency(struct eval_ctx *ectx,
				   const struct expr *expr);
/* The same for a statement's own needs (reject with tcp reset: meta
 * l4proto tcp): the reference puts these, as an extension header's or IP
 * option's, at the start of the rule. */
int payload_gen_rule_dependency(struct eval_ctx *ectx,
				const struct expr *expr);
/* ectx->pctx: what the rule's statements before the current one
 * establish (src/expr/payload.c) */
void payload_pctx_rebuild(struct eval_ctx *ectx);
/* Add what @stmt establishes to @pctx: the statements on the packet a
 * tunnel carries to an inner context, the others to an outer one. */
void payload_pctx_stmt(struct proto_ctx *pctx, const struct stmt *stmt);
/* What the match @rel says of the protocols (a set's members in turn, a
 * meta key's value naming none "unknown"), as evaluation takes it. */
void payload_pctx_match(struct proto_ctx *pctx, const struct expr *rel);

/*
 * A relation on a payload that is not whole bytes (ip dscp, vlan id,
 * "@nh,1,3"): payload_relational_mask() turns "left OP right" into
 * "(bytes & mask) OP right << shift", the system nft's encoding. The
 * relational evaluator calls it once both sides are evaluated.
 * Implemented in src/expr/payload.c.
 */
bool payload_expr_needs_mask(const struct expr *expr);
void payload_relational_mask(struct expr *rel);

/*
 * After all statements of @rule are evaluated (without errors): merge
 * "==" matches of adjacent header fields into one load, exactly as the
 * system nft does ("tcp sport 1 tcp dport 2" is one 4 byte load;
 * network/transport merges stop at 4 bytes, link layer ones at 16), and
 * drop "meta protocol ip" in ip tables (ip6 in ip6) unless it is the last
 * statement, as the system nft does. The evaluator calls this at the end
 * of rule evaluation; listing splits merged loads again.
 * Implemented in src/expr/payload.c.
 */
void payload_merge_rule(struct rule *rule);

/*
 * Is @expr the left side of the current match, and its right side the
 * word exists or missing? Such a match asks only whether the thing is
 * there (fib, extension headers), which changes how @expr is encoded.
 */
bool expr_is_presence_match(const struct eval_ctx *ectx,
			    const struct expr *expr);

/* Error helper: queue an error at @loc, return -1. */
/*
 * For the object kinds (src/obj/KIND.c): names and comments within the
 * kernel's limits, tables and chains that exist (in the kernel or added
 * earlier in this run), and the run's own additions.
 */
#define NFT_NAME_MAXLEN		256	/* NFT_{TABLE,CHAIN}_MAXNAMELEN */
/* As the system nft: 128 bytes, which with the TLV header and the NUL
 * fits the kernel's 256-byte NFT_USERDATA_MAXLEN. */
#define NFT_COMMENT_MAXLEN	128
#define DEV_NAME_MAXLEN		(IFNAMSIZ - 1)

/* Where a name is used, for the words of its error. */
enum name_use {
	NAME_OBJECT,	/* a table, chain, set, flowtable, object, reference */
	NAME_JUMP,	/* a jump or goto target */
	NAME_STRING,	/* a name typed as a string ("counter name X") */
};

/* -1 (an error at @loc queued on @msgs) if @name is too long for the
 * kernel, else 0. */
int name_length_error(struct list_head *msgs, const struct location *loc,
		      const char *name, enum name_use use);
int name_evaluate(struct eval_ctx *ectx, const struct handle_spec_str *name,
		  const char *what);
/* @loc: where the comment was written, if known, else @obj_loc. */
int comment_evaluate(struct eval_ctx *ectx, const char *comment,
		     const struct location *loc,
		     const struct location *obj_loc);
/* An error unless the table of @h exists (or may: no table cache). */
int table_ref_evaluate(struct eval_ctx *ectx, const struct handle *h);
/* The chain, added in this run or in the kernel. NULL if it is known not
 * to exist, or if the cache holds no chains to tell (*unknown is set). */
struct chain *chain_find(struct eval_ctx *ectx, uint32_t family,
			 const char *table, const char *chain, bool *unknown);
bool chain_known(struct eval_ctx *ectx, uint32_t family, const char *table,
		 const char *chain);
/* A variable's value, through variables of variables. */
struct expr *expr_unvariable(struct expr *expr);
/* This run's tables (@chain NULL) and chains, by name. */
struct eval_run *ectx_run(struct eval_ctx *ectx);
void run_add(struct eval_run *run, uint32_t family, const char *table,
	     const char *chain, void *obj);
void *run_lookup(struct eval_run *run, uint32_t family, const char *table,
		 const char *chain);

#define expr_error(ectx, expr, ...) \
	erec_error((ectx)->msgs, &(expr)->location, __VA_ARGS__)
#define stmt_error(ectx, stmt, ...) \
	erec_error((ectx)->msgs, &(stmt)->location, __VA_ARGS__)

#endif /* NFT_EVALUATE_H */
