/*
 * The generic semantic pass: commands, tables, chains and rules.
 *
 * Expressions and statements evaluate themselves through their ops; this
 * file checks what belongs to objects (families, hooks, chain types,
 * priorities, policies, device lists), resolves references between
 * objects (the table of a chain, the chain of a rule, the target of a
 * jump) and rejects whatever it can before anything reaches the kernel,
 * with the location of the offending text.
 */
#include <obj.h>
#include <nft.h>
#include <nftables.h>
#include <evaluate.h>
#include <expr.h>
#include <stmt.h>
#include <rule.h>
#include <cache.h>
#include <describe.h>
#include <errno.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <net/if.h>
#include <linux/netfilter.h>

/*
 * Objects this run adds, so that a later command may refer to them before
 * they exist in the kernel. Keys: family, table and chain joined by an
 * ASCII unit separator, which cannot appear in a name on the command line.
 */
struct eval_run {
	struct str_hash objs;
	char **keys;
	unsigned int num_keys;
};

static char *obj_key(uint32_t family, const char *table, const char *chain)
{
	return xasprintf("%u\x1f%s\x1f%s", family, table, chain ? chain : "");
}

void run_add(struct eval_run *run, uint32_t family, const char *table,
	     const char *chain, void *obj)
{
	char *key = obj_key(family, table, chain);

	if (str_hash_lookup(&run->objs, key)) {
		xfree(key);
		return;
	}
	run->keys = xrealloc(run->keys, (run->num_keys + 1) * sizeof(char *));
	run->keys[run->num_keys++] = key;
	str_hash_add(&run->objs, key, obj);
}

void *run_lookup(struct eval_run *run, uint32_t family,
		 const char *table, const char *chain)
{
	char *key = obj_key(family, table, chain);
	void *obj = str_hash_lookup(&run->objs, key);

	xfree(key);
	return obj;
}

static void run_release(struct eval_run *run)
{
	unsigned int i;

	str_hash_destroy(&run->objs);
	for (i = 0; i < run->num_keys; i++)
		xfree(run->keys[i]);
	xfree(run->keys);
}

struct eval_run *ectx_run(struct eval_ctx *ectx)
{
	return ectx->run;
}

/* Far beyond any real rule (a concatenation has at most 16 members). */
#define EXPR_MAX_DEPTH	256

int expr_evaluate(struct eval_ctx *ectx, struct expr **exprp)
{
	const struct expr_ops *ops = (*exprp)->ops;
	int ret;

	if (!ops->evaluate)
		return 0;
	if (ectx->depth >= EXPR_MAX_DEPTH)
		return expr_error(ectx, *exprp,
				  "expression nested too deeply (more than %u levels)",
				  EXPR_MAX_DEPTH);
	ectx->depth++;
	ret = ops->evaluate(ectx, exprp);
	ectx->depth--;
	return ret;
}

void eval_type_push(struct eval_ctx *ectx, struct eval_type *saved,
		    const struct datatype *dtype, enum byteorder byteorder,
		    unsigned int len)
{
	saved->dtype = ectx->ectx_dtype;
	saved->byteorder = ectx->ectx_byteorder;
	saved->len = ectx->ectx_len;
	ectx->ectx_dtype = dtype;
	ectx->ectx_byteorder = byteorder;
	ectx->ectx_len = len;
}

void eval_type_pop(struct eval_ctx *ectx, const struct eval_type *saved)
{
	ectx->ectx_dtype = saved->dtype;
	ectx->ectx_byteorder = saved->byteorder;
	ectx->ectx_len = saved->len;
}

int expr_evaluate_like(struct eval_ctx *ectx, struct expr **exprp,
		       const struct expr *like)
{
	const struct expr *key = ectx->ectx_key;
	struct eval_type saved;
	int ret;

	eval_type_push(ectx, &saved, like->dtype, like->byteorder, like->len);
	ectx->ectx_key = like;
	ret = expr_evaluate(ectx, exprp);
	ectx->ectx_key = key;
	eval_type_pop(ectx, &saved);
	return ret;
}


bool expr_is_presence_match(const struct eval_ctx *ectx,
			    const struct expr *expr)
{
	const struct expr *rel, *right;

	if (!ectx->stmt || ectx->stmt->type != STMT_EXPRESSION)
		return false;
	rel = ectx->stmt->expr;
	if (!rel || rel->etype != EXPR_RELATIONAL || rel->binop.left != expr)
		return false;
	right = expr_unvariable((struct expr *)rel->binop.right);
	return right && right->etype == EXPR_SYMBOL &&
	       (!strcmp(right->symbol.identifier, "exists") ||
		!strcmp(right->symbol.identifier, "missing"));
}

int stmt_evaluate(struct eval_ctx *ectx, struct stmt *stmt)
{
	struct stmt *saved = ectx->stmt;
	int ret = 0;

	ectx->stmt = stmt;
	if (stmt->ops->evaluate)
		ret = stmt->ops->evaluate(ectx, stmt);
	ectx->stmt = saved;
	return ret;
}

/*
 * Names of tables, chains, sets, flowtables and objects: the kernel takes
 * 255 bytes (NFT_NAME_MAXLEN with the NUL). Upstream 1.1.3 refuses more
 * than 256 with the words below, and sends 256 to the kernel, whose
 * refusal it prints as "Could not process rule: Numerical result out of
 * range" under the name: the same words here, without asking.
 */
int name_length_error(struct list_head *msgs, const struct location *loc,
		      const char *name, enum name_use use)
{
	size_t len = strlen(name);

	if (len < NFT_NAME_MAXLEN)
		return 0;
	if (len == NFT_NAME_MAXLEN)
		return erec_error(msgs, loc, "Could not process rule: %s",
				  strerror(ERANGE));
	switch (use) {
	case NAME_JUMP:
		return erec_error(msgs, loc, "chain name too long (%zu, max %u)",
				  len, NFT_NAME_MAXLEN);
	case NAME_STRING:
		return erec_error(msgs, loc,
				  "String exceeds maximum length of %u",
				  NFT_NAME_MAXLEN);
	case NAME_OBJECT:
		break;
	}
	return erec_error(msgs, loc,
			  "name too long, %u characters maximum allowed",
			  NFT_NAME_MAXLEN);
}

int name_evaluate(struct eval_ctx *ectx,
		  const struct handle_spec_str *name, const char *what)
{
	if (!name->name)
		return 0;
	if (!name->name[0])
		return erec_error(ectx->msgs, &name->location,
				  "%s name must not be empty", what);
	return name_length_error(ectx->msgs, &name->location, name->name,
				 NAME_OBJECT);
}

/*
 * The names a command's handle holds go into the dump requests of the
 * cache (src/cache.c, src/mnl.c) before anything is evaluated: they are
 * checked first.
 */
static int cmd_names_evaluate(struct list_head *msgs, const struct cmd *cmd)
{
	const struct handle_spec_str *names[] = {
		&cmd->handle.table, &cmd->handle.chain, &cmd->handle.set,
	};
	unsigned int i;
	int err = 0;

	for (i = 0; i < array_size(names); i++)
		if (names[i]->name &&
		    name_length_error(msgs, &names[i]->location,
				      names[i]->name, NAME_OBJECT) < 0)
			err = -1;
	if (cmd->op == CMD_RENAME && cmd->arg &&
	    name_length_error(msgs, &cmd->arg_location, cmd->arg,
			      NAME_OBJECT) < 0)
		err = -1;
	return err;
}

/* @loc: where the comment was written, if known, else @obj_loc. */
int comment_evaluate(struct eval_ctx *ectx, const char *comment,
		     const struct location *loc,
		     const struct location *obj_loc)
{
	if (comment && strlen(comment) > NFT_COMMENT_MAXLEN)
		return erec_error(ectx->msgs, loc->indesc ? loc : obj_loc,
				  "comment too long, %u characters maximum allowed",
				  NFT_COMMENT_MAXLEN);
	return 0;
}

/* Is the table there, in the kernel or added earlier in this run? */
static bool table_known(struct eval_ctx *ectx, const struct handle *h,
			struct table **cached)
{
	struct nft_cache *cache = &ectx->nft->cache;

	*cached = cache_table_lookup(cache, h->family, h->table.name);
	if (*cached)
		return true;
	if (run_lookup(ectx_run(ectx), h->family, h->table.name, NULL))
		return true;
	/* Without a table cache we cannot tell: let the kernel decide. */
	return !(cache->flags & NFT_CACHE_TABLE);
}

int table_ref_evaluate(struct eval_ctx *ectx, const struct handle *h)
{
	struct table *t;

	if (table_known(ectx, h, &t))
		return 0;
	return cache_missing_error(ectx->msgs, &h->table.location,
				   ectx->nft, h, ectx->cmd &&
				   ectx->cmd->obj == CMD_OBJ_RULE);
}

/*
 * The chain, added in this run or in the kernel. NULL if it is known not
 * to exist, or if the cache holds no chains to tell (*unknown is set).
 */
struct chain *chain_find(struct eval_ctx *ectx, uint32_t family,
			 const char *table, const char *chain,
			 bool *unknown)
{
	struct nft_cache *cache = &ectx->nft->cache;
	struct chain *c;
	struct table *t;

	*unknown = false;
	c = run_lookup(ectx_run(ectx), family, table, chain);
	if (c)
		return c;
	t = cache_table_lookup(cache, family, table);
	c = t ? table_lookup_chain(t, chain) : NULL;
	if (!c && !(cache->flags & NFT_CACHE_CHAIN))
		*unknown = true;
	return c;
}

bool chain_known(struct eval_ctx *ectx, uint32_t family,
		 const char *table, const char *chain)
{
	bool unknown;

	return chain_find(ectx, family, table, chain, &unknown) || unknown;
}

/*
 * Replace variables by their values, recursively: a device list may hold
 * variables that are themselves lists.
 */
struct expr *expr_unvariable(struct expr *expr)
{
	while (expr && expr->etype == EXPR_VARIABLE)
		expr = expr->variable.value;
	return expr;
}

static int add_cmd_evaluate(struct eval_ctx *ectx, struct cmd *cmd)
{
	const struct obj_ops *ops = obj_ops_lookup(cmd->obj);

	if (!ops->evaluate)
		return erec_error(ectx->msgs, &cmd->location,
				  "cannot %s a %s", cmd_op_name(cmd->op),
				  ops->name);
	return ops->evaluate(ectx, cmd);
}

static int delete_cmd_evaluate(struct eval_ctx *ectx, struct cmd *cmd)
{
	const struct obj_ops *ops = obj_ops_lookup(cmd->obj);

	return ops->evaluate_delete ? ops->evaluate_delete(ectx, cmd) : 0;
}

static int rename_cmd_evaluate(struct eval_ctx *ectx, struct cmd *cmd)
{
	const struct obj_ops *ops = obj_ops_lookup(cmd->obj);

	if (!ops->evaluate_rename)
		return erec_error(ectx->msgs, &cmd->location,
				  "cannot rename a %s", ops->name);
	return ops->evaluate_rename(ectx, cmd);
}

static int cmd_evaluate(struct eval_ctx *ectx, struct cmd *cmd)
{
	ectx->cmd = cmd;
	switch (cmd->op) {
	case CMD_ADD:
	case CMD_CREATE:
	case CMD_INSERT:
	case CMD_REPLACE:
		return add_cmd_evaluate(ectx, cmd);
	case CMD_DELETE:
	case CMD_DESTROY:
		return delete_cmd_evaluate(ectx, cmd);
	case CMD_RENAME:
		return rename_cmd_evaluate(ectx, cmd);
	case CMD_LIST:
	case CMD_FLUSH:
	case CMD_RESET:
	case CMD_GET:
	case CMD_MONITOR:
		return 0;
	case CMD_DESCRIBE:
		return describe_cmd_evaluate(ectx, cmd);
	default:
		return erec_error(ectx->msgs, &cmd->location,
				  "unsupported command");
	}
}

/*
 * One rule on its own, with nothing from the kernel: the evaluation an
 * "add rule" gets, for the unit tests' round trips through the real
 * parser and evaluator.
 */
int nft_evaluate_rule(struct nft_ctx *nft, struct rule *rule,
		      struct list_head *msgs)
{
	struct eval_run run = {};
	struct eval_ctx ectx = {
		.nft = nft,
		.msgs = msgs,
		.run = &run,
	};
	int err;

	str_hash_init(&run.objs);
	err = rule_evaluate(&ectx, rule);
	run_release(&run);
	return err;
}

int nft_evaluate_each(struct nft_ctx *nft, struct list_head *cmds,
		      struct list_head *msgs,
		      int (*each)(void *arg, struct cmd *cmd), void *arg)
{
	struct eval_run run = {};
	struct eval_ctx ectx = {
		.nft = nft,
		.msgs = msgs,
		.run = &run,
		.cmds = cmds,
	};
	struct cmd *cmd;
	int err = 0;

	str_hash_init(&run.objs);
	list_for_each_entry(cmd, cmds, list)
		if (cmd_names_evaluate(msgs, cmd) < 0)
			err = -1;
	if (err < 0 || cache_update(nft, cmds, msgs) < 0) {
		run_release(&run);
		return -1;
	}
	list_for_each_entry(cmd, cmds, list) {
		if (cmd_evaluate(&ectx, cmd) < 0)
			err = -1;
		else if (each && !err && each(arg, cmd) < 0)
			err = -1;
	}
	run_release(&run);
	return err;
}

int nft_evaluate(struct nft_ctx *nft, struct list_head *cmds,
		 struct list_head *msgs)
{
	return nft_evaluate_each(nft, cmds, msgs, NULL, NULL);
}
