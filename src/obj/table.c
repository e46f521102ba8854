/*
 * The table kind: "add/create/delete/destroy/list/flush/rename table",
 * and the names of its flags.
 */
#include <string.h>
#include <obj.h>
#include <nft.h>
#include <cache.h>
#include <linux/netfilter/nf_tables.h>

/* Newer kernels than our headers: the table outlives its owner. */
#ifndef NFT_TABLE_F_PERSIST
#define NFT_TABLE_F_PERSIST	0x4
#endif

const struct table_flag table_flags[] = {
	{ "dormant",	NFT_TABLE_F_DORMANT },
	{ "owner",	NFT_TABLE_F_OWNER },
	{ "persist",	NFT_TABLE_F_PERSIST },
};
const unsigned int table_flags_count = array_size(table_flags);

bool table_flag_lookup(const char *name, uint32_t *flag)
{
	unsigned int i;

	for (i = 0; i < table_flags_count; i++) {
		if (!strcmp(name, table_flags[i].name)) {
			*flag = table_flags[i].flag;
			return true;
		}
	}
	return false;
}

uint32_t table_flags_known(void)
{
	uint32_t known = 0;
	unsigned int i;

	for (i = 0; i < table_flags_count; i++)
		known |= table_flags[i].flag;
	return known;
}

static char *table_explain_missing(const struct cmd *cmd,
				   const struct location **loc)
{
	const struct handle *h = &cmd->handle;

	*loc = cmd_loc_or(cmd, &h->table.location);
	if (!h->table.name)
		return xasprintf("no table with handle %llu",
				 (unsigned long long)h->handle.id);
	return xasprintf("table '%s' does not exist in family %s",
			 cmd_table_name(cmd), family_name(h->family));
}

static char *table_explain_exists(const struct cmd *cmd,
				  const struct location **loc)
{
	const struct handle *h = &cmd->handle;

	*loc = cmd_loc_or(cmd, &h->table.location);
	return xasprintf("table '%s' already exists in family %s",
			 cmd_table_name(cmd), family_name(h->family));
}

static void table_cmd_free(struct cmd *cmd)
{
	table_free(cmd->table);
}

const struct obj_ops table_obj_ops = {
	.obj		= CMD_OBJ_TABLE,
	.name		= "table",
	.flags		= OBJ_F_LIST,
	.evaluate	= table_cmd_evaluate,
	.execute	= exec_table,
	.cache_needs	= table_cmd_needs,
	.list_needs	= NFT_CACHE_TABLE | NFT_CACHE_CHAIN,
	.explain_missing = table_explain_missing,
	.explain_exists	= table_explain_exists,
	.free		= table_cmd_free,
	.json_cmds	= OBJ_CMD(CMD_ADD) | OBJ_CMD(CMD_CREATE) |
			  OBJ_CMD(CMD_DELETE) | OBJ_CMD(CMD_DESTROY) |
			  OBJ_CMD(CMD_LIST) | OBJ_CMD(CMD_FLUSH),
	.json_parse	= json_table_cmd,
	.json_echo	= json_echo_table,
};
