/*
 * Kinds that name no single object: "flush/list ruleset", "list tables",
 * "list chains" and "describe EXPR".
 */
#include <obj.h>
#include <expr.h>

const struct obj_ops ruleset_obj_ops = {
	.obj		= CMD_OBJ_RULESET,
	.name		= "ruleset",
	.execute	= exec_ruleset,
};

const struct obj_ops tables_obj_ops = {
	.obj		= CMD_OBJ_TABLES,
	.name		= "tables",
};

const struct obj_ops chains_obj_ops = {
	.obj		= CMD_OBJ_CHAINS,
	.name		= "chains",
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
