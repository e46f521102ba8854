/*
 * The chain kind: "add/create/delete/destroy/list/flush/rename chain".
 */
#include <obj.h>

static void chain_cmd_free(struct cmd *cmd)
{
	chain_free(cmd->chain);
}

const struct obj_ops chain_obj_ops = {
	.obj		= CMD_OBJ_CHAIN,
	.name		= "chain",
	.evaluate	= chain_cmd_evaluate,
	.execute	= exec_chain,
	.free		= chain_cmd_free,
};
