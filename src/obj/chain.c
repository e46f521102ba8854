/*
 * The chain kind: "add/create/delete/destroy/list/flush/rename chain".
 */
#include <obj.h>
#include <nft.h>
#include <cache.h>

static char *chain_explain_missing(const struct cmd *cmd,
				   const struct location **loc)
{
	const struct handle *h = &cmd->handle;

	/* by name: the kernel's attribute says which */
	if (h->chain.name)
		return NULL;
	*loc = cmd_loc_or(cmd, &h->handle.location);
	return xasprintf("no chain with handle %llu in table %s %s",
			 (unsigned long long)h->handle.id,
			 family_name(h->family), cmd_table_name(cmd));
}

static char *chain_explain_exists(const struct cmd *cmd,
				  const struct location **loc)
{
	const struct handle *h = &cmd->handle;

	*loc = cmd_loc_or(cmd, &h->chain.location);
	if (cmd->op != CMD_CREATE)
		return NULL;
	return xasprintf("chain '%s' already exists in table %s %s",
			 cmd_chain_name(cmd), family_name(h->family),
			 cmd_table_name(cmd));
}

static void chain_cmd_free(struct cmd *cmd)
{
	chain_free(cmd->chain);
}

const struct obj_ops chain_obj_ops = {
	.obj		= CMD_OBJ_CHAIN,
	.name		= "chain",
	.flags		= OBJ_F_ONE_CHAIN | OBJ_F_LIST,
	.evaluate	= chain_cmd_evaluate,
	.evaluate_delete = chain_delete_evaluate,
	.execute	= exec_chain,
	.cache_needs	= chain_cmd_needs,
	.list_needs	= NFT_CACHE_TABLE | NFT_CACHE_CHAIN,
	.explain_missing = chain_explain_missing,
	.explain_exists	= chain_explain_exists,
	.free		= chain_cmd_free,
	.json_cmds	= OBJ_CMD(CMD_ADD) | OBJ_CMD(CMD_CREATE) |
			  OBJ_CMD(CMD_DELETE) | OBJ_CMD(CMD_DESTROY) |
			  OBJ_CMD(CMD_LIST) | OBJ_CMD(CMD_FLUSH) |
			  OBJ_CMD(CMD_RENAME),
	.json_parse	= json_chain_cmd,
	.json_echo	= json_echo_chain,
};
