/*
 * The object kind registry: CMD_OBJ_* to the kind's ops.
 */
#include <obj.h>
#include <set.h>
#include <string.h>
#include <nft.h>

static const struct obj_ops invalid_obj_ops = {
	.obj		= CMD_OBJ_INVALID,
	.name		= "invalid",
};

static const struct obj_ops *const obj_registry[] = {
	[CMD_OBJ_INVALID]	= &invalid_obj_ops,
	[CMD_OBJ_TABLE]		= &table_obj_ops,
	[CMD_OBJ_CHAIN]		= &chain_obj_ops,
	[CMD_OBJ_RULE]		= &rule_obj_ops,
	[CMD_OBJ_RULESET]	= &ruleset_obj_ops,
	[CMD_OBJ_TABLES]	= &tables_obj_ops,
	[CMD_OBJ_CHAINS]	= &chains_obj_ops,
	[CMD_OBJ_EXPR]		= &expr_obj_ops,
	[CMD_OBJ_HOOKS]		= &hooks_obj_ops,
	[CMD_OBJ_FLOWTABLE]	= &flowtable_obj_ops,
	[CMD_OBJ_FLOWTABLES]	= &flowtables_obj_ops,
	[CMD_OBJ_COUNTER]	= &counter_obj_ops,
	[CMD_OBJ_QUOTA]		= &quota_obj_ops,
	[CMD_OBJ_CT_HELPER]	= &ct_helper_obj_ops,
	[CMD_OBJ_LIMIT]		= &limit_obj_ops,
	[CMD_OBJ_CT_TIMEOUT]	= &ct_timeout_obj_ops,
	[CMD_OBJ_SECMARK]	= &secmark_obj_ops,
	[CMD_OBJ_CT_EXPECT]	= &ct_expect_obj_ops,
	[CMD_OBJ_SYNPROXY]	= &synproxy_obj_ops,
	[CMD_OBJ_COUNTERS]	= &counters_obj_ops,
	[CMD_OBJ_QUOTAS]	= &quotas_obj_ops,
	[CMD_OBJ_CT_HELPERS]	= &ct_helpers_obj_ops,
	[CMD_OBJ_LIMITS]	= &limits_obj_ops,
	[CMD_OBJ_CT_TIMEOUTS]	= &ct_timeouts_obj_ops,
	[CMD_OBJ_SECMARKS]	= &secmarks_obj_ops,
	[CMD_OBJ_CT_EXPECTS]	= &ct_expects_obj_ops,
	[CMD_OBJ_SYNPROXYS]	= &synproxys_obj_ops,
	[CMD_OBJ_SET]		= &set_obj_ops,
	[CMD_OBJ_SETS]		= &sets_obj_ops,
	[CMD_OBJ_ELEMENT]	= &element_obj_ops,
	[CMD_OBJ_MAP]		= &map_obj_ops,
	[CMD_OBJ_MAPS]		= &maps_obj_ops,
	[CMD_OBJ_METER]		= &meter_obj_ops,
	[CMD_OBJ_METERS]	= &meters_obj_ops,
	[CMD_OBJ_RULES]		= &rules_obj_ops,
	[CMD_OBJ_MONITOR]	= &monitor_obj_ops,
};

const struct obj_ops *obj_ops_lookup(enum cmd_obj obj)
{
	if ((unsigned int)obj >= array_size(obj_registry) ||
	    !obj_registry[obj])
		return &invalid_obj_ops;
	return obj_registry[obj];
}

const struct obj_ops *obj_ops_lookup_json(const char *name)
{
	unsigned int i;

	for (i = 0; i < array_size(obj_registry); i++) {
		if (obj_registry[i] && obj_registry[i]->json_cmds &&
		    !strcmp(obj_registry[i]->name, name))
			return obj_registry[i];
	}
	return NULL;
}

const struct obj_ops *obj_ops_lookup_msg(uint16_t type)
{
	/* Linux 6.3's destroy messages (26-32): those of the kinds'
	 * delete messages, for what a failure means */
	static const uint16_t destroy_del[] = {
		NFT_MSG_DELTABLE, NFT_MSG_DELCHAIN, NFT_MSG_DELRULE,
		NFT_MSG_DELSET, NFT_MSG_DELSETELEM, NFT_MSG_DELOBJ,
		NFT_MSG_DELFLOWTABLE,
	};
	const struct obj_ops *ops;
	unsigned int i;

	if (type >= MSG_DESTROYTABLE &&
	    type < MSG_DESTROYTABLE + array_size(destroy_del))
		type = destroy_del[type - MSG_DESTROYTABLE];

	/* NFT_MSG_NEWTABLE is 0: only kinds with messages have types */
	for (i = 0; i < array_size(obj_registry); i++) {
		ops = obj_registry[i];
		/* (elements have no nl_put of their own, but echo) */
		if (ops && (ops->nl_put || ops->echo) &&
		    (ops->msg_new == type || ops->msg_del == type))
			return ops;
	}
	return NULL;
}
