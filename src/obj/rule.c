/*
 * The rule kind: "add/insert/replace/delete/destroy rule".
 */
#include <obj.h>
#include <nft.h>

static char *rule_explain_missing(const struct cmd *cmd,
				  const struct location **loc)
{
	const struct handle *h = &cmd->handle;
	const struct handle_spec_id *id = h->handle.id ?
		&h->handle : &h->position;

	if (!id->id)
		return NULL;
	*loc = cmd_loc_or(cmd, &id->location);
	return xasprintf("no rule with handle %llu in chain %s %s %s (or the table or chain does not exist)",
			 (unsigned long long)id->id,
			 family_name(h->family), cmd_table_name(cmd),
			 cmd_chain_name(cmd));
}

static void rule_cmd_free(struct cmd *cmd)
{
	rule_free(cmd->rule);
}

const struct obj_ops rule_obj_ops = {
	.obj		= CMD_OBJ_RULE,
	.name		= "rule",
	.evaluate	= rule_cmd_evaluate,
	.evaluate_delete = rule_delete_evaluate,
	.execute	= exec_rule,
	.cache_needs	= rule_cmd_needs,
	.explain_missing = rule_explain_missing,
	.free		= rule_cmd_free,
	.json_cmds	= OBJ_CMD(CMD_ADD) | OBJ_CMD(CMD_INSERT) |
			  OBJ_CMD(CMD_REPLACE) | OBJ_CMD(CMD_DELETE) |
			  OBJ_CMD(CMD_DESTROY),
	.json_parse	= json_rule_cmd,
	.json_echo	= json_echo_rule,
};
