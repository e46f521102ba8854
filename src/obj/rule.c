/*
 * The rule kind: "add/insert/replace/delete/destroy rule".
 */
#include <obj.h>

static void rule_cmd_free(struct cmd *cmd)
{
	rule_free(cmd->rule);
}

const struct obj_ops rule_obj_ops = {
	.obj		= CMD_OBJ_RULE,
	.name		= "rule",
	.evaluate	= rule_cmd_evaluate,
	.execute	= exec_rule,
	.cache_needs	= rule_cmd_needs,
	.free		= rule_cmd_free,
	.json_cmds	= OBJ_CMD(CMD_ADD) | OBJ_CMD(CMD_INSERT) |
			  OBJ_CMD(CMD_REPLACE) | OBJ_CMD(CMD_DELETE) |
			  OBJ_CMD(CMD_DESTROY),
	.json_parse	= json_rule_cmd,
	.json_echo	= json_echo_rule,
};
