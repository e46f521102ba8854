/*
 * Chains, output: the text of listings and echo lines, their JSON, and
 * the JSON input of the chain commands (src/obj/chain.c has the rest of
 * the kind).
 */
#include <obj.h>
#include <nft.h>
#include <evaluate.h>
#include <print.h>
#include <json.h>
#include <expr.h>
#include <ctype.h>
#include <inttypes.h>
#include <string.h>
#include <linux/netfilter.h>

/* ---- text ---- */

static const char *chain_policy_name(int policy)
{
	switch (policy) {
	case NF_ACCEPT:
		return "accept";
	case NF_DROP:
		return "drop";
	}
	return "unknown";
}

static void chain_print_devices(const struct chain *c, struct output_ctx *octx)
{
	unsigned int i;

	if (c->num_devs == 1) {
		nft_print(octx, " device \"%s\"", c->devs[0]);
		return;
	}
	nft_print(octx, " devices = { ");
	for (i = 0; i < c->num_devs; i++)
		nft_print(octx, "%s\"%s\"", i ? ", " : "", c->devs[i]);
	nft_print(octx, " }");
}

static const char *chain_hook_name(const struct chain *c)
{
	const char *name = hook_name(c->handle.family, c->hooknum);

	if (!name)
		name = c->hookstr;
	return name ? name : "unknown";
}

void chain_print_declaration(const struct chain *c, struct output_ctx *octx)
{
	char prio[64];

	if (!chain_is_base(c))
		return;
	prio_format(prio, sizeof(prio), c->handle.family, c->hooknum, c->prio,
		    nft_output_numeric_prio(octx));
	nft_print(octx, "type %s hook %s", c->type ? c->type : "filter",
		  chain_hook_name(c));
	if (c->num_devs)
		chain_print_devices(c, octx);
	nft_print(octx, " priority %s; policy %s;", prio,
		  chain_policy_name(c->policy_val));
	if (c->flags & CHAIN_F_HW_OFFLOAD)
		nft_print(octx, " flags offload;");
}

/* "\tchain NAME {", its comment and hook line; no rules, no closing. */
void chain_print_head(const struct chain *c, struct output_ctx *octx)
{
	nft_print(octx, "\tchain %s {", c->handle.chain.name);
	if (nft_output_handle(octx))
		nft_print(octx, " # handle %" PRIu64, c->handle.handle.id);
	nft_print(octx, "\n");
	if (c->comment)
		nft_print(octx, "\t\tcomment \"%s\"\n", c->comment);
	if (chain_is_base(c)) {
		nft_print(octx, "\t\t");
		chain_print_declaration(c, octx);
		nft_print(octx, "\n");
	}
}

void chain_print(const struct chain *c, struct output_ctx *octx)
{
	const struct rule *r;

	chain_print_head(c, octx);
	list_for_each_entry(r, &c->rules, list) {
		nft_print(octx, "\t\t");
		rule_obj_ops.print(r, octx);
		nft_print(octx, "\n");
	}
	nft_print(octx, "\t}\n");
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
	json_t *root = json_object_head(&c->handle, "name");

	if (c->comment)
		json_object_set_new(root, "comment", json_string(c->comment));
	if (chain_is_base(c))
		chain_hook_json(root, c);
	return json_wrap("chain", root);
}

/* ---- JSON input ---- */

/*
 * "prio" as a number or a string such as "filter", "filter+10" or
 * "mangle - 5": normalized to the parser's text ("filter + 10") so the
 * evaluator resolves it the same way.
 */
static char *json_prio_text(const char *s)
{
	const char *name, *num;
	size_t name_len;
	char op;

	while (isspace((unsigned char)*s))
		s++;
	if (*s == '-' || *s == '+' || isdigit((unsigned char)*s))
		return xstrndup(s, strcspn(s, " \t"));
	name = s;
	name_len = strcspn(s, " \t+-");
	s += name_len;
	while (isspace((unsigned char)*s))
		s++;
	if (!*s)
		return xstrndup(name, name_len);
	op = *s++;
	while (isspace((unsigned char)*s))
		s++;
	num = s;
	if (op != '+' && op != '-')
		return xstrdup(name);	/* malformed: the evaluator says so */
	return xasprintf("%.*s %c %.*s", (int)name_len, name, op,
			 (int)strcspn(num, " \t"), num);
}

struct expr *json_hook_prio(struct json_ctx *jctx, json_t *v)
{
	struct location loc = json_location(jctx, "prio");
	struct expr *expr;
	char *text;

	if (json_is_integer(v))
		text = xasprintf("%" JSON_INTEGER_FORMAT,
				 json_integer_value(v));
	else if (json_is_string(v))
		text = json_prio_text(json_string_value(v));
	else {
		json_error(jctx, "prio",
			   "\"prio\" must be a number or a string such as \"filter + 10\"");
		return NULL;
	}
	expr = symbol_expr_alloc(&loc, text, false);
	xfree(text);
	return expr;
}

/* "dev": one name or an array of names. */
struct expr *json_hook_devs(struct json_ctx *jctx, json_t *v)
{
	struct location loc = json_location(jctx, "dev");
	struct expr *list;
	size_t i;
	json_t *d;

	if (json_is_string(v))
		return symbol_expr_alloc(&loc, json_string_value(v), true);
	if (!json_is_array(v) || json_array_size(v) == 0)
		goto bad;
	json_array_foreach(v, i, d)
		if (!json_is_string(d))
			goto bad;
	list = list_expr_alloc(&loc);
	json_array_foreach(v, i, d) {
		char suffix[48];
		struct location eloc;

		snprintf(suffix, sizeof(suffix), "dev[%zu]", i);
		eloc = json_location(jctx, suffix);
		list_expr_add(list, symbol_expr_alloc(&eloc,
						      json_string_value(d),
						      true));
	}
	return list;
bad:
	json_error(jctx, "dev", "expected a string or an array of strings");
	return NULL;
}

static int json_chain_hook(struct json_ctx *jctx, json_t *obj,
			   struct chain *c)
{
	const char *type, *hook;
	json_t *prio = json_object_get(obj, "prio");

	if (json_req_string(jctx, obj, "type", &type) < 0 ||
	    json_req_string(jctx, obj, "hook", &hook) < 0)
		return -1;
	if (!prio)
		return json_error(jctx, "",
				  "missing \"prio\": a base chain needs a priority");
	c->has_hook = true;
	c->type = xstrdup(type);
	c->type_loc = json_location(jctx, "type");
	c->hookstr = xstrdup(hook);
	c->hook_loc = json_location(jctx, "hook");
	c->priority = json_hook_prio(jctx, prio);
	return c->priority ? 0 : -1;
}

/* The keys of a chain object beyond its name: hook, devices, policy. */
static int json_chain_body(struct json_ctx *jctx, json_t *obj,
			   struct chain *c)
{
	const char *policy, *comment;
	struct location loc;
	json_t *dev = json_object_get(obj, "dev");
	int ret;

	if ((json_object_get(obj, "hook") || json_object_get(obj, "type")) &&
	    json_chain_hook(jctx, obj, c) < 0)
		return -1;
	if (dev) {
		c->dev_expr = json_hook_devs(jctx, dev);
		if (!c->dev_expr)
			return -1;
	}
	ret = json_opt_string(jctx, obj, "policy", &policy);
	if (ret < 0)
		return -1;
	if (ret > 0) {
		loc = json_location(jctx, "policy");
		c->policy = symbol_expr_alloc(&loc, policy, false);
	}
	if (json_opt_string(jctx, obj, "comment", &comment) < 0)
		return -1;
	c->comment = xstrdup(comment);
	if (comment)
		c->comment_loc = json_location(jctx, "comment");
	c->has_block = c->has_hook || c->dev_expr || c->policy || c->comment;
	return 0;
}

static int json_chain_rename(struct json_ctx *jctx, json_t *obj,
			     struct cmd *cmd)
{
	const char *newname;

	if (json_req_string(jctx, obj, "newname", &newname) < 0)
		return -1;
	cmd->arg = xstrdup(newname);
	cmd->arg_location = json_location(jctx, "newname");
	return 0;
}

struct cmd *json_chain_cmd(struct json_ctx *jctx, enum cmd_ops op,
			   bool bare, json_t *obj)
{
	struct handle h = {};
	struct chain *c = NULL;
	struct cmd *cmd;

	if (json_table_ref(jctx, obj, "chain", &h) < 0 ||
	    json_parse_name(jctx, obj, op, &h.chain, &h) < 0)
		goto err;
	/* delete with "dev" removes devices from the chain. */
	if (json_op_is_add(op) ||
	    (op == CMD_DELETE && json_object_get(obj, "dev"))) {
		c = chain_alloc(NULL);
		handle_copy(&c->handle, &h);
		c->location = json_location(jctx, "");
		if (json_chain_body(jctx, obj, c) < 0)
			goto err;
	}
	cmd = json_cmd_new(jctx, op, CMD_OBJ_CHAIN, &h, c);
	if (op == CMD_RENAME && json_chain_rename(jctx, obj, cmd) < 0) {
		cmd_free(cmd);
		return NULL;
	}
	return cmd;
err:
	chain_free(c);
	handle_free(&h);
	return NULL;
}
