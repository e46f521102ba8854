/*
 * Ruleset layout in JSON (libnftables-json(5), schema version 1). Objects
 * carry their keys in the order current upstream nft prints them, since
 * consumers diff and hash this output. Statements and expressions produce
 * their own JSON (stmt_json/expr_json).
 */
#include <nft.h>
#include <nftables.h>
#include <print.h>
#include <rule.h>
#include <cache.h>
#include <linux/netfilter.h>

#ifndef PACKAGE_VERSION
#define PACKAGE_VERSION "unknown"
#endif

/* Same layout as the system nft: one line, ", " and ": " separators. */
#define NFT_JSON_DUMP_FLAGS	JSON_PRESERVE_ORDER

json_t *json_metainfo(void)
{
	json_t *info = json_object();

	json_object_set_new(info, "version", json_string(PACKAGE_VERSION));
	json_object_set_new(info, "release_name",
			    json_string(NFT_RELEASE_NAME));
	json_object_set_new(info, "json_schema_version",
			    json_integer(NFT_JSON_SCHEMA_VERSION));
	return json_pack("{s:o}", "metainfo", info);
}

/* One flag prints as a string, several as an array (upstream's layout). */
static json_t *table_flags_json(const struct table *t)
{
	static const char *const names[] = { "dormant", "owner", "persist" };
	json_t *flags = json_array();
	json_t *one;
	unsigned int i;

	for (i = 0; i < array_size(names); i++) {
		if (t->flags & (1u << i))
			json_array_append_new(flags, json_string(names[i]));
	}
	if (json_array_size(flags) != 1) {
		if (json_array_size(flags) == 0) {
			json_decref(flags);
			return NULL;
		}
		return flags;
	}
	one = json_incref(json_array_get(flags, 0));
	json_decref(flags);
	return one;
}

json_t *table_json(const struct table *t, struct output_ctx *octx)
{
	json_t *root = json_object();
	json_t *flags;

	json_object_set_new(root, "family",
			    json_string(family_name(t->handle.family)));
	json_object_set_new(root, "name", json_string(t->handle.table.name));
	json_object_set_new(root, "handle",
			    json_integer(t->handle.handle.id));
	flags = table_flags_json(t);
	if (flags)
		json_object_set_new(root, "flags", flags);
	if (t->comment)
		json_object_set_new(root, "comment", json_string(t->comment));
	return json_pack("{s:o}", "table", root);
}

static json_t *chain_devs_json(const struct chain *c)
{
	json_t *devs;
	unsigned int i;

	if (c->num_devs == 1)
		return json_string(c->devs[0]);
	devs = json_array();
	for (i = 0; i < c->num_devs; i++)
		json_array_append_new(devs, json_string(c->devs[i]));
	return devs;
}

static void chain_hook_json(json_t *root, const struct chain *c)
{
	const char *hook = hook_name(c->handle.family, c->hooknum);

	if (!hook)
		hook = c->hookstr ? c->hookstr : "unknown";
	if (c->num_devs)
		json_object_set_new(root, "dev", chain_devs_json(c));
	json_object_set_new(root, "type",
			    json_string(c->type ? c->type : "filter"));
	json_object_set_new(root, "hook", json_string(hook));
	json_object_set_new(root, "prio", json_integer(c->prio));
	json_object_set_new(root, "policy",
			    json_string(c->policy_val == NF_DROP ?
					"drop" : "accept"));
}

json_t *chain_json(const struct chain *c, struct output_ctx *octx)
{
	json_t *root = json_object();

	json_object_set_new(root, "family",
			    json_string(family_name(c->handle.family)));
	json_object_set_new(root, "table", json_string(c->handle.table.name));
	json_object_set_new(root, "name", json_string(c->handle.chain.name));
	json_object_set_new(root, "handle",
			    json_integer(c->handle.handle.id));
	if (c->comment)
		json_object_set_new(root, "comment", json_string(c->comment));
	if (chain_is_base(c))
		chain_hook_json(root, c);
	return json_pack("{s:o}", "chain", root);
}

json_t *rule_json(const struct rule *r, struct output_ctx *octx)
{
	json_t *root = json_object();
	json_t *stmts = json_array();
	const struct stmt *stmt;
	json_t *js;

	json_object_set_new(root, "family",
			    json_string(family_name(r->handle.family)));
	json_object_set_new(root, "table", json_string(r->handle.table.name));
	json_object_set_new(root, "chain", json_string(r->handle.chain.name));
	json_object_set_new(root, "handle",
			    json_integer(r->handle.handle.id));
	if (r->comment)
		json_object_set_new(root, "comment", json_string(r->comment));
	list_for_each_entry(stmt, &r->stmts, list) {
		js = stmt_json(stmt, octx);
		if (js)
			json_array_append_new(stmts, js);
	}
	json_object_set_new(root, "expr", stmts);
	return json_pack("{s:o}", "rule", root);
}

/* ---- list commands ---------------------------------------------------- */

static void json_add_rules(json_t *array, const struct chain *c,
			   struct output_ctx *octx)
{
	const struct rule *r;

	list_for_each_entry(r, &c->rules, list)
		json_array_append_new(array, rule_json(r, octx));
}

/* Per table: the table, its chains, then all its rules. */
static void json_add_table(json_t *array, const struct table *t,
			   struct output_ctx *octx)
{
	const struct chain *c;

	json_array_append_new(array, table_json(t, octx));
	list_for_each_entry(c, &t->chains, list)
		json_array_append_new(array, chain_json(c, octx));
	list_for_each_entry(c, &t->chains, list)
		json_add_rules(array, c, octx);
}

static bool json_family_match(uint32_t want, const struct table *t)
{
	return want == NFPROTO_UNSPEC || want == t->handle.family;
}

static void json_add_all(json_t *array, struct nft_ctx *nft,
			 const struct cmd *cmd)
{
	struct output_ctx *octx = &nft->octx;
	const struct table *t;
	const struct chain *c;

	list_for_each_entry(t, &nft->cache.tables, list) {
		if (!json_family_match(cmd->handle.family, t))
			continue;
		switch (cmd->obj) {
		case CMD_OBJ_TABLES:
			json_array_append_new(array, table_json(t, octx));
			break;
		case CMD_OBJ_CHAINS:
			list_for_each_entry(c, &t->chains, list)
				json_array_append_new(array,
						      chain_json(c, octx));
			break;
		default:
			json_add_table(array, t, octx);
			break;
		}
	}
}

static void json_print_root(struct nft_ctx *nft, json_t *array)
{
	json_t *root = json_pack("{s:o}", "nftables", array);
	FILE *fp = nft->octx.output_fp ? nft->octx.output_fp : stdout;

	json_dumpf(root, fp, NFT_JSON_DUMP_FLAGS);
	fputc('\n', fp);
	json_decref(root);
}

int json_do_list_cmd(struct nft_ctx *nft, struct cmd *cmd,
		     struct list_head *msgs)
{
	struct table *t = NULL;
	struct chain *c = NULL;
	json_t *array;

	if ((cmd->obj == CMD_OBJ_TABLE || cmd->obj == CMD_OBJ_CHAIN) &&
	    list_lookup(nft, cmd, &t, &c, msgs) < 0)
		return -1;

	array = json_array();
	json_array_append_new(array, json_metainfo());
	switch (cmd->obj) {
	case CMD_OBJ_TABLE:
		json_add_table(array, t, &nft->octx);
		break;
	case CMD_OBJ_CHAIN:
		json_array_append_new(array, chain_json(c, &nft->octx));
		json_add_rules(array, c, &nft->octx);
		break;
	case CMD_OBJ_RULESET:
	case CMD_OBJ_TABLES:
	case CMD_OBJ_CHAINS:
		json_add_all(array, nft, cmd);
		break;
	default:
		json_decref(array);
		return erec_error(msgs, &cmd->location, "cannot list %s",
				  cmd_obj_name(cmd->obj));
	}
	json_print_root(nft, array);
	return 0;
}

/* ---- echo ------------------------------------------------------------- */

static void json_echo_add(json_t *array, const char *op, json_t *obj)
{
	json_array_append_new(array, json_pack("{s:o}", op, obj));
}

/* A table block echoes the table, then its chains, then their rules. */
static void json_echo_table(json_t *array, const char *op,
			    const struct table *t, struct output_ctx *octx)
{
	const struct chain *c;
	const struct rule *r;

	json_echo_add(array, op, table_json(t, octx));
	list_for_each_entry(c, &t->chains, list)
		json_echo_add(array, op, chain_json(c, octx));
	list_for_each_entry(c, &t->chains, list) {
		list_for_each_entry(r, &c->rules, list)
			json_echo_add(array, op, rule_json(r, octx));
	}
}

void json_echo_cmd(struct nft_ctx *nft, const struct cmd *cmd)
{
	struct output_ctx *octx = &nft->octx;
	const char *op = cmd_op_name(cmd->op);
	json_t *array;

	if (!cmd->data)
		return;
	array = json_array();
	switch (cmd->obj) {
	case CMD_OBJ_TABLE:
		json_echo_table(array, op, cmd->table, octx);
		break;
	case CMD_OBJ_CHAIN:
		json_echo_add(array, op, chain_json(cmd->chain, octx));
		break;
	case CMD_OBJ_RULE:
		json_echo_add(array, op, rule_json(cmd->rule, octx));
		break;
	default:
		json_decref(array);
		return;
	}
	json_print_root(nft, array);
}
