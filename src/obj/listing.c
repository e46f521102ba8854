/*
 * Kinds that name no single object: "flush/list ruleset", "list tables",
 * "list chains" and "describe EXPR".
 */
#include <obj.h>
#include <expr.h>
#include <cache.h>
#include <nft.h>
#include <erec.h>
#include <linux/netfilter/nf_tables.h>

static int exec_ruleset(struct exec_ctx *x, struct cmd *cmd)
{
	struct handle h = { .family = cmd->handle.family };

	if (cmd->op != CMD_FLUSH)
		return erec_error(x->msgs, &cmd->location,
				  "%s ruleset is not supported",
				  cmd_op_name(cmd->op));
	/* A table delete without a name flushes the whole family (all
	 * families for NFPROTO_UNSPEC). */
	return table_obj_ops.nl_put(x, NFT_MSG_DELTABLE, 0, &h, NULL);
}

/* The plan op: "flush ruleset" empties every chain of the family. */
static int ruleset_plan(struct pos_plan *p, struct cmd *cmd)
{
	if (cmd->op == CMD_FLUSH)
		pos_clear(p, cmd->handle.family, NULL, NULL);
	return 0;
}

const struct obj_ops ruleset_obj_ops = {
	.obj		= CMD_OBJ_RULESET,
	.name		= "ruleset",
	.flags		= OBJ_F_ALL_TABLES | OBJ_F_LIST,
	.list_needs	= NFT_CACHE_TABLE | NFT_CACHE_CHAIN | NFT_CACHE_OBJ |
			  NFT_CACHE_SET | NFT_CACHE_SETELEM |
			  NFT_CACHE_FLOWTABLE,
	.execute	= exec_ruleset,
	.plan		= ruleset_plan,
	.json_cmds	= OBJ_CMD(CMD_LIST) | OBJ_CMD(CMD_FLUSH),
};

/* JSON {"reset": {"rules": null | {"family": F}}}: "reset rules [F]",
 * made a listing of the ruleset with its rules reset by json_parse_obj() */
const struct obj_ops rules_obj_ops = {
	.obj		= CMD_OBJ_RULES,
	.name		= "rules",
	.json_cmds	= OBJ_CMD(CMD_RESET),
};

const struct obj_ops tables_obj_ops = {
	.obj		= CMD_OBJ_TABLES,
	.name		= "tables",
	.flags		= OBJ_F_ALL_TABLES | OBJ_F_LIST | OBJ_F_LIST_HEADS |
			  OBJ_F_LIST_NO_CHAINS,
	.list_needs	= NFT_CACHE_TABLE,
	.json_cmds	= OBJ_CMD(CMD_LIST),
};

const struct obj_ops chains_obj_ops = {
	.obj		= CMD_OBJ_CHAINS,
	.name		= "chains",
	.flags		= OBJ_F_ALL_TABLES | OBJ_F_LIST | OBJ_F_LIST_HEADS,
	.list_needs	= NFT_CACHE_TABLE | NFT_CACHE_CHAIN,
	.json_cmds	= OBJ_CMD(CMD_LIST),
};

static void expr_cmd_free(struct cmd *cmd)
{
	expr_free(cmd->expr);
}

const struct obj_ops expr_obj_ops = {
	.obj		= CMD_OBJ_EXPR,
	.name		= "expression",
	.free		= expr_cmd_free,
};
