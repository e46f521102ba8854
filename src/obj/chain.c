/*
 * The chain kind: "add/create/delete/destroy/list/flush/rename chain".
 */
#include <obj.h>
#include <cache.h>

static void chain_cmd_free(struct cmd *cmd)
{
	chain_free(cmd->chain);
}

const struct obj_ops chain_obj_ops = {
	.obj		= CMD_OBJ_CHAIN,
	.name		= "chain",
	.flags		= OBJ_F_ONE_CHAIN,
	.evaluate	= chain_cmd_evaluate,
	.execute	= exec_chain,
	.cache_needs	= chain_cmd_needs,
	.list_needs	= NFT_CACHE_TABLE | NFT_CACHE_CHAIN,
	.free		= chain_cmd_free,
	.json_cmds	= OBJ_CMD(CMD_ADD) | OBJ_CMD(CMD_CREATE) |
			  OBJ_CMD(CMD_DELETE) | OBJ_CMD(CMD_DESTROY) |
			  OBJ_CMD(CMD_LIST) | OBJ_CMD(CMD_FLUSH) |
			  OBJ_CMD(CMD_RENAME),
	.json_parse	= json_chain_cmd,
	.json_echo	= json_echo_chain,
};
