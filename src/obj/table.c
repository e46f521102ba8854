/*
 * The table kind: "add/create/delete/destroy/list/flush table" and table
 * blocks (a table with its chains and their rules), and the names of
 * its flags. Everything about it: evaluation, cache needs, netlink
 * build and parse, execution and echo, text and JSON output, JSON input.
 */
#include <obj.h>
#include <flowtable.h>
#include <sobj.h>
#include <set.h>
#include <nft.h>
#include <evaluate.h>
#include <mnl.h>
#include <netlink.h>
#include <print.h>
#include <json.h>
#include <monitor.h>
#include <errno.h>
#include <inttypes.h>
#include <string.h>
#include <libnftnl/table.h>
#include <libnftnl/udata.h>
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

/* ---- evaluation ---- */

static void table_block_register(struct eval_ctx *ectx, struct table *table)
{
	struct chain *chain;

	run_add(ectx_run(ectx), table->handle.family, table->handle.table.name,
		NULL, table);
	list_for_each_entry(chain, &table->chains, list)
		run_add(ectx_run(ectx), chain->handle.family,
			chain->handle.table.name, chain->handle.chain.name,
			chain);
}

static int table_sets_evaluate(struct eval_ctx *ectx, struct table *table)
{
	struct set *s;
	int err = 0;

	list_for_each_entry(s, &table->sets, list) {
		if (set_evaluate(ectx, s) < 0)
			err = -1;
	}
	return err;
}

int table_evaluate(struct eval_ctx *ectx, struct table *table)
{
	struct flowtable *ft;
	struct sobj *o;
	struct chain *chain;
	struct rule *rule;
	int err = 0;

	if (name_evaluate(ectx, &table->handle.table, "table") < 0 ||
	    comment_evaluate(ectx, table->comment, &table->comment_loc,
			     &table->location) < 0)
		return -1;
	/* Chains first, all of them: a rule may jump to a chain declared
	 * further down the block. The kinds are evaluated in the
	 * reference's order, so that the first error is the same: chains,
	 * objects, sets, flowtables, then the rules. */
	table_block_register(ectx, table);
	ectx->table = table;
	list_for_each_entry(chain, &table->chains, list) {
		if (chain_evaluate(ectx, chain) < 0)
			err = -1;
	}
	list_for_each_entry(o, &table->objs, list) {
		if (sobj_evaluate(ectx, o) < 0)
			err = -1;
	}
	if (table_sets_evaluate(ectx, table) < 0)
		err = -1;
	list_for_each_entry(ft, &table->flowtables, list) {
		if (flowtable_evaluate(ectx, ft) < 0)
			err = -1;
	}
	list_for_each_entry(chain, &table->chains, list) {
		ectx->chain = chain;
		list_for_each_entry(rule, &chain->rules, list) {
			if (rule_evaluate(ectx, rule) < 0)
				err = -1;
		}
	}
	ectx->chain = NULL;
	ectx->table = NULL;
	return err;
}

static int table_cmd_evaluate(struct eval_ctx *ectx, struct cmd *cmd)
{
	if (!cmd->table)
		return name_evaluate(ectx, &cmd->handle.table, "table");
	return table_evaluate(ectx, cmd->table);
}

/* ---- the cache ---- */

static unsigned int table_cmd_needs(const struct cmd *cmd)
{
	const struct table *t = cmd->table;
	const struct chain *c;
	const struct rule *r;
	unsigned int need = 0;

	if (!t || !t->has_block)
		return 0;
	list_for_each_entry(c, &t->chains, list) {
		list_for_each_entry(r, &c->rules, list) {
			if (handle_has_index(&r->handle))
				need |= NFT_CACHE_FULL |
					NFT_CACHE_RULE_HANDLES;
		}
	}
	return need;
}

/* ---- netlink ---- */

struct nftnl_table *netlink_table_build(const struct handle *h,
					const struct table *t)
{
	struct nftnl_table *nlt = nftnl_table_alloc();
	struct nftnl_udata_buf *ud;

	if (!nlt)
		memory_allocation_error();
	nftnl_table_set_u32(nlt, NFTNL_TABLE_FAMILY, h->family);
	if (h->table.name)
		nftnl_table_set_str(nlt, NFTNL_TABLE_NAME, h->table.name);
	if (h->handle.id)
		nftnl_table_set_u64(nlt, NFTNL_TABLE_HANDLE, h->handle.id);
	if (!t)
		return nlt;
	/* The system nft always sends the flags on add, so a plain
	 * "add table" also wakes a dormant table. */
	nftnl_table_set_u32(nlt, NFTNL_TABLE_FLAGS, t->flags);
	ud = udata_comment_build(t->comment);
	if (ud) {
		nftnl_table_set_data(nlt, NFTNL_TABLE_USERDATA,
				     nftnl_udata_buf_data(ud),
				     nftnl_udata_buf_len(ud));
		nftnl_udata_buf_free(ud);
	}
	return nlt;
}

struct table *netlink_table_parse(const struct nftnl_table *nlt)
{
	struct table *t = table_alloc();
	const void *ud;
	uint32_t len = 0;

	t->handle.family = nftnl_table_get_u32(nlt, NFTNL_TABLE_FAMILY);
	t->handle.table.name = xstrdup(nftnl_table_get_str(nlt,
							   NFTNL_TABLE_NAME));
	t->handle.handle.id = nftnl_table_get_u64(nlt, NFTNL_TABLE_HANDLE);
	if (nftnl_table_is_set(nlt, NFTNL_TABLE_FLAGS))
		t->flags = nftnl_table_get_u32(nlt, NFTNL_TABLE_FLAGS);
	if (nftnl_table_is_set(nlt, NFTNL_TABLE_USE))
		t->nl_use = nftnl_table_get_u32(nlt, NFTNL_TABLE_USE);
	if (nftnl_table_is_set(nlt, NFTNL_TABLE_USERDATA)) {
		ud = nftnl_table_get_data(nlt, NFTNL_TABLE_USERDATA, &len);
		t->comment = udata_comment_parse(ud, len);
	}
	return t;
}

/* ---- execution and echo ---- */

int exec_put_table(struct exec_ctx *x, uint16_t type, uint16_t flags,
		   const struct handle *h, const void *obj)
{
	struct nftnl_table *nlt = netlink_table_build(h, obj);
	struct nlmsghdr *nlh;

	flags |= exec_echo_flag(x, type);
	nlh = batch_msg_start(x->batch, type, h->family, flags);
	nftnl_table_nlmsg_build_payload(nlh, nlt);
	batch_msg_end(x->batch, nlh);
	nftnl_table_free(nlt);
	return 0;
}

/* A table block sends the table, then all its chains, then all their
 * rules, so a rule may jump to a chain declared after it. */
static int exec_table_add(struct exec_ctx *x, struct cmd *cmd)
{
	static const struct table no_flags;
	const struct table *t = cmd->table ? cmd->table : &no_flags;
	const struct flowtable *ft;
	const struct sobj *o;
	const struct set *s;
	const struct chain *c;
	const struct rule *r;
	int err = 0;

	exec_put_table(x, NFT_MSG_NEWTABLE,
		       cmd->op == CMD_CREATE ? NLM_F_EXCL : 0, &cmd->handle, t);
	if (!t->has_block)
		return 0;
	/* The reference's order: chains, objects, sets, flowtables, then
	 * the rules, which may jump to any of the chains, look up the sets,
	 * use the objects and add flows to the flowtables; a verdict map's
	 * elements jump to chains, an object map's name objects. The echo
	 * finds each message's object by its sequence number. */
	list_for_each_entry(c, &t->chains, list) {
		batch_set_owner(x->batch, cmd, (struct chain *)c);
		if (chain_obj_ops.nl_put(x, NFT_MSG_NEWCHAIN, NLM_F_CREATE,
					 &c->handle, c) < 0)
			err = -1;
	}
	list_for_each_entry(o, &t->objs, list) {
		batch_set_owner(x->batch, cmd, (struct sobj *)o);
		if (sobj_put(x, NFT_MSG_NEWOBJ, NLM_F_CREATE, &o->handle, o) < 0)
			err = -1;
	}
	list_for_each_entry(s, &t->sets, list) {
		batch_set_owner(x->batch, cmd, (struct set *)s);
		if (exec_put_set(x, s) < 0)
			err = -1;
	}
	list_for_each_entry(ft, &t->flowtables, list) {
		batch_set_owner(x->batch, cmd, (struct flowtable *)ft);
		if (flowtable_obj_ops.nl_put(x, NFT_MSG_NEWFLOWTABLE,
					     NLM_F_CREATE, &ft->handle,
					     ft) < 0)
			err = -1;
	}
	list_for_each_entry(c, &t->chains, list) {
		list_for_each_entry(r, &c->rules, list) {
			batch_set_owner(x->batch, cmd, (struct rule *)r);
			if (rule_obj_ops.nl_put(x, NFT_MSG_NEWRULE,
						NLM_F_CREATE | NLM_F_APPEND,
						&r->handle, r) < 0)
				err = -1;
		}
	}
	return err;
}

static int exec_table(struct exec_ctx *x, struct cmd *cmd)
{
	struct handle h;

	switch (cmd->op) {
	case CMD_ADD:
	case CMD_CREATE:
		return exec_table_add(x, cmd);
	case CMD_DELETE:
		return exec_put_table(x, NFT_MSG_DELTABLE, 0, &cmd->handle,
				      NULL);
	case CMD_DESTROY:
		return exec_put_table(x, MSG_DESTROYTABLE, 0, &cmd->handle,
				      NULL);
	case CMD_FLUSH:
		/* Deleting rules without a chain empties every chain. */
		h = cmd->handle;
		h.chain.name = NULL;
		return rule_obj_ops.nl_put(x, NFT_MSG_DELRULE, 0, &h, NULL);
	default:
		return erec_error(x->msgs, &cmd->location,
				  "%s table is not supported",
				  cmd_op_name(cmd->op));
	}
}

/* The plan op: a table block adds rules, a delete or flush empties the
 * table's chains. */
static int table_plan(struct pos_plan *p, struct cmd *cmd)
{
	const struct handle *h = &cmd->handle;

	if ((cmd->op == CMD_ADD || cmd->op == CMD_CREATE) && cmd->table &&
	    cmd->table->has_block)
		pos_table_block(p, cmd->table);
	else if ((cmd->op == CMD_DELETE || cmd->op == CMD_DESTROY ||
		  cmd->op == CMD_FLUSH) && h->table.name)
		pos_clear(p, h->family, h->table.name, NULL);
	return 0;
}

static void *table_nl_parse(struct nft_ctx *nft, const struct nlmsghdr *nlh,
			    char **why)
{
	struct nftnl_table *nlt = nftnl_table_alloc();
	struct table *t = NULL;

	*why = NULL;
	if (!nlt)
		memory_allocation_error();
	if (!mnl_msg_broken(nlh) && nftnl_table_nlmsg_parse(nlh, nlt) == 0)
		t = netlink_table_parse(nlt);
	nftnl_table_free(nlt);
	return t;
}

static void table_obj_free(void *t)
{
	table_free(t);
}

static void table_echo(struct nft_ctx *nft, struct cmd *cmd,
		       void *owner_obj, uint16_t type, void *obj)
{
	struct table *own = owner_obj, *t = obj;

	if (own)
		own->handle.handle.id = t->handle.handle.id;
	cmd->echo_handle = t->handle.handle.id;
	if (nft_output_json(&nft->octx))
		return;
	nft_print(&nft->octx, "%s table %s %s", echo_op(cmd),
		  family_name(t->handle.family), t->handle.table.name);
	if (nft_output_handle(&nft->octx))
		nft_print(&nft->octx, " # handle %llu",
			  (unsigned long long)t->handle.handle.id);
	nft_print(&nft->octx, "\n");
}

/* nft monitor: "add table ip t { flags dormant; }" (the comment is not
 * printed), "delete table ip t"; -a: "# handle N" after either. */
static void table_monitor_print(struct nft_ctx *nft, const void *obj,
				const char *op)
{
	bool del = !strcmp(op, "delete");
	const struct table *t = obj;
	struct output_ctx *octx = &nft->octx;
	const char *sep = " { flags ";
	unsigned int i;

	if (nft_output_json(octx)) {
		monitor_json(nft, op,
			     del ? json_pack("{s:{s:s, s:s, s:I}}", "table",
					     "family",
					     family_name(t->handle.family),
					     "name", t->handle.table.name,
					     "handle",
					     (json_int_t)t->handle.handle.id) :
			     table_json(t, octx));
		return;
	}
	nft_print(octx, "%s table %s %s", op,
		  family_name(t->handle.family), t->handle.table.name);
	for (i = 0; !del && i < table_flags_count; i++) {
		if (!(t->flags & table_flags[i].flag))
			continue;
		nft_print(octx, "%s%s", sep, table_flags[i].name);
		sep = ",";
	}
	if (*sep == ',')
		nft_print(octx, "; }");
	if (nft_output_handle(octx))
		nft_print(octx, " # handle %" PRIu64, t->handle.handle.id);
	nft_print(octx, "\n");
}

static int table_monitor(struct nft_ctx *nft, const struct nlmsghdr *nlh,
			 bool del)
{
	return monitor_parsed(nft, &table_obj_ops, nlh, del,
			      table_monitor_print);
}

/* ---- output ---- */

static void table_print_flags(const struct table *t, struct output_ctx *octx)
{
	const char *sep = "";
	unsigned int i;

	nft_print(octx, "\tflags ");
	for (i = 0; i < table_flags_count; i++) {
		if (!(t->flags & table_flags[i].flag))
			continue;
		nft_print(octx, "%s%s", sep, table_flags[i].name);
		sep = ",";
	}
	nft_print(octx, "\n");
}

void table_print_header(const struct table *t, struct output_ctx *octx,
			bool with_handle)
{
	nft_print(octx, "table %s %s {", family_name(t->handle.family),
		  t->handle.table.name);
	if (with_handle && nft_output_handle(octx))
		nft_print(octx, " # handle %" PRIu64, t->handle.handle.id);
	nft_print(octx, "\n");
}

/* The table line, flags and comment; returns what goes before the first
 * chain: only flags are set apart from the chains by a blank line, a
 * comment alone is not (as nft lists it). */
const char *table_print_open(const struct table *t, struct output_ctx *octx)
{
	table_print_header(t, octx, true);
	if (t->flags)
		table_print_flags(t, octx);
	if (t->comment)
		nft_print(octx, "\tcomment \"%s\"\n", t->comment);
	return t->flags ? "\n" : "";
}

/* A table block: its declarations, then its chains, each preceded by a
 * blank line except the very first thing in the block. */
void table_print(const struct table *t, struct output_ctx *octx)
{
	const struct set *s;
	const struct chain *c;
	const char *delim;
	unsigned int saved_family = octx->family;

	octx->family = t->handle.family;
	delim = table_print_open(t, octx);
	delim = sobj_print_table(t, octx, delim);
	list_for_each_entry(s, &t->sets, list) {
		nft_print(octx, "%s", delim);
		set_print(s, octx, true);
		delim = "\n";
	}
	delim = table_print_flowtables(t, octx, delim);
	list_for_each_entry(c, &t->chains, list) {
		nft_print(octx, "%s", delim);
		chain_obj_ops.print(c, octx);
		delim = "\n";
	}
	nft_print(octx, "}\n");
	octx->family = saved_family;
}

/* One flag prints as a string, several as an array (upstream's layout). */
static json_t *table_flags_json(const struct table *t)
{
	json_t *flags = json_array();
	json_t *one;
	unsigned int i;

	for (i = 0; i < table_flags_count; i++) {
		if (t->flags & table_flags[i].flag)
			json_array_append_new(flags,
					      json_string(table_flags[i].name));
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
	return json_wrap("table", root);
}

/* A table block echoes the table, then its chains, then their rules. */
static void json_echo_table(json_t *array, const char *op, const struct cmd *cmd,
			    struct output_ctx *octx)
{
	const struct table *t = cmd->table;
	const struct flowtable *ft;
	const struct sobj *o;
	const struct set *s;
	const struct chain *c;
	const struct rule *r;

	/* the kernel echoes no existing table: neither does the system nft */
	if (t->handle.handle.id)
		json_echo_add(array, op, table_json(t, octx));
	/* in the batch's order (exec_table_add()) */
	list_for_each_entry(c, &t->chains, list)
		json_echo_add(array, op, chain_obj_ops.json(c, octx));
	list_for_each_entry(o, &t->objs, list)
		json_echo_add(array, op, sobj_json(o, octx));
	list_for_each_entry(s, &t->sets, list)
		set_json_echo_set(array, op, s, octx);
	list_for_each_entry(ft, &t->flowtables, list)
		json_echo_add(array, op, flowtable_json(ft, octx));
	list_for_each_entry(c, &t->chains, list) {
		list_for_each_entry(r, &c->rules, list) {
			binding_json_echo(array, op, r, octx);
			json_echo_add(array, op, rule_obj_ops.json(r, octx));
		}
	}
}

/* ---- JSON input ---- */

static int json_table_flags(struct json_ctx *jctx, json_t *v, uint32_t *flags)
{
	const char *name;
	uint32_t flag;
	size_t idx;
	json_t *f;

	if (json_is_string(v)) {
		f = json_pack("[O]", v);
	} else if (json_is_array(v)) {
		f = json_incref(v);
	} else {
		return json_error(jctx, "flags",
				  "\"flags\" must be a string or an array of strings");
	}
	json_array_foreach(f, idx, v) {
		name = json_string_value(v);
		if (!name || !table_flag_lookup(name, &flag)) {
			json_error(jctx, "flags",
				   "unknown table flag \"%s\": expected "
				   TABLE_FLAGS_NAMES,
				   name ? name : json_type_name(v));
			json_decref(f);
			return -1;
		}
		*flags |= flag;
	}
	json_decref(f);
	return 0;
}

static int json_table_body(struct json_ctx *jctx, json_t *obj,
			   struct table *t)
{
	const char *comment;
	json_t *flags = json_object_get(obj, "flags");

	if (flags && json_table_flags(jctx, flags, &t->flags) < 0)
		return -1;
	if (json_opt_string(jctx, obj, "comment", &comment) < 0)
		return -1;
	t->comment = xstrdup(comment);
	if (comment)
		t->comment_loc = json_location(jctx, "comment");
	return 0;
}

/* Only rules can be bare (see json_rule_cmd). */
static struct cmd *json_table_cmd(struct json_ctx *jctx, enum cmd_ops op,
				  bool bare, json_t *obj)
{
	struct handle h = {};
	struct table *t = NULL;

	if (json_req_family(jctx, obj, "table", &h.family) < 0 ||
	    json_parse_name(jctx, obj, op, &h.table, &h) < 0)
		goto err;
	if (json_op_is_add(op)) {
		t = table_alloc();
		handle_copy(&t->handle, &h);
		t->location = json_location(jctx, "");
		if (json_table_body(jctx, obj, t) < 0)
			goto err;
	}
	return json_cmd_new(jctx, op, CMD_OBJ_TABLE, &h, t);
err:
	if (t)
		table_free(t);
	handle_free(&h);
	return NULL;
}

static void table_obj_print(const void *obj, struct output_ctx *octx)
{
	table_print(obj, octx);
}

static json_t *table_obj_json(const void *obj, struct output_ctx *octx)
{
	return table_json(obj, octx);
}

static const char *table_strerror(int err, const struct cmd *cmd)
{
	return err == EBUSY ? "table is in use" : NULL;
}

static const char *const table_json_keys[] = {
	"family", "name", "handle", "flags", "comment", NULL,
};

const struct obj_ops table_obj_ops = {
	.obj		= CMD_OBJ_TABLE,
	.name		= "table",
	.flags		= OBJ_F_LIST,
	.evaluate	= table_cmd_evaluate,
	.cache_needs	= table_cmd_needs,
	.list_needs	= NFT_CACHE_TABLE | NFT_CACHE_CHAIN | NFT_CACHE_OBJ |
			  NFT_CACHE_SET | NFT_CACHE_SETELEM |
			  NFT_CACHE_FLOWTABLE,
	.execute	= exec_table,
	.plan		= table_plan,
	.msg_new	= NFT_MSG_NEWTABLE,
	.msg_del	= NFT_MSG_DELTABLE,
	.nl_put		= exec_put_table,
	.nl_parse	= table_nl_parse,
	.obj_free	= table_obj_free,
	.print		= table_obj_print,
	.json		= table_obj_json,
	.echo		= table_echo,
	.monitor	= table_monitor,
	.json_echo	= json_echo_table,
	.strerror	= table_strerror,
	.explain_missing = table_explain_missing,
	.explain_exists	= table_explain_exists,
	.free		= table_cmd_free,
	.json_cmds	= OBJ_CMD(CMD_ADD) | OBJ_CMD(CMD_CREATE) |
			  OBJ_CMD(CMD_DELETE) | OBJ_CMD(CMD_DESTROY) |
			  OBJ_CMD(CMD_LIST) | OBJ_CMD(CMD_FLUSH),
	.json_parse	= json_table_cmd,
	.json_keys	= table_json_keys,
};
