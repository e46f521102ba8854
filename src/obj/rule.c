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
	.free		= rule_cmd_free,
};
