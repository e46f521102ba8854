/*
 * "flow add @NAME" (and the older spelling "flow offload @NAME", listed
 * as the former): the packet's connection goes into flowtable NAME, whose
 * fast path then forwards the rest of the flow. The kernel's
 * flow_offload expression carries the flowtable's name only.
 */
#include <errno.h>
#include <string.h>
#include <rule.h>
#include <obj.h>
#include <stmt.h>
#include <evaluate.h>
#include <linearize.h>
#include <json.h>
#include <nftables.h>
#include <libnftnl/expr.h>

static void flow_stmt_destroy(struct stmt *stmt)
{
	xfree(stmt->flow.flowtable);
}

static void flow_stmt_print(const struct stmt *stmt, struct output_ctx *octx)
{
	nft_print(octx, "flow add @%s", stmt->flow.flowtable);
}

static json_t *flow_stmt_json(const struct stmt *stmt,
			      struct output_ctx *octx)
{
	char *ref = xasprintf("@%s", stmt->flow.flowtable);
	json_t *root = json_pair("op", json_string("add"),
				 "flowtable", json_string(ref));

	xfree(ref);
	return json_wrap("flow", root);
}

static int flow_stmt_evaluate(struct eval_ctx *ectx, struct stmt *stmt)
{
	const char *name = stmt->flow.flowtable;

	if (!name[0])
		return stmt_error(ectx, stmt, "flowtable name must not be empty");
	return name_length_error(ectx->msgs, &stmt->location, name,
				 NAME_OBJECT);
}

static void flow_stmt_linearize(struct lin_ctx *lctx, const struct stmt *stmt)
{
	struct nftnl_expr *nle = lin_expr_alloc("flow_offload");

	nftnl_expr_set_str(nle, NFTNL_EXPR_FLOW_TABLE_NAME,
			   stmt->flow.flowtable);
	lin_add_expr(lctx, nle);
}

static int flow_stmt_delinearize(struct delin_ctx *dctx,
				 const struct nftnl_expr *nle)
{
	const char *name = nftnl_expr_get_str(nle, NFTNL_EXPR_FLOW_TABLE_NAME);

	if (!name)
		return -1;
	delin_add_stmt(dctx, flow_stmt_alloc(&internal_location,
					     xstrdup(name)));
	return 0;
}

/* The kernel finds no flowtable of that name in the rule's table, or
 * has no flow_offload expression at all (nft_flow_offload). */
static char *flow_stmt_explain(const struct stmt *stmt, int err,
			       const struct cmd *cmd)
{
	if (err == ENOENT)
		return xasprintf("flowtable '%s' does not exist in table %s %s, or this kernel does not support flowtables (nft_flow_offload)",
				 stmt->flow.flowtable,
				 family_name(cmd->handle.family),
				 cmd_table_name(cmd));
	if (err == EOPNOTSUPP)
		return xstrdup("flow add works in forward chains only");
	return NULL;
}

/* {"flow": {"op": "add", "flowtable": "@ft"}} */
static struct stmt *flow_stmt_json_parse(struct json_ctx *jctx,
					 const char *key, json_t *value,
					 const struct location *loc)
{
	const char *op, *ref;

	if (!json_is_object(value)) {
		json_error(jctx, ".flow",
			   "Invalid flow statement: expected an object with \"op\" and \"flowtable\"");
		return NULL;
	}
	if (json_req_string(jctx, value, "op", &op) < 0 ||
	    json_req_string(jctx, value, "flowtable", &ref) < 0)
		return NULL;
	if (strcmp(op, "add")) {
		json_error(jctx, ".flow.op",
			   "Invalid flow statement: unknown op \"%s\", expected \"add\"",
			   op);
		return NULL;
	}
	if (ref[0] != '@' || !ref[1]) {
		json_error(jctx, ".flow.flowtable",
			   "Invalid flow statement: flowtable reference must be \"@NAME\", not \"%s\"",
			   ref);
		return NULL;
	}
	return flow_stmt_alloc(loc, xstrdup(ref + 1));
}

static const char *const flow_stmt_json_keys[] = {
	"op", "flowtable", NULL,
};

const struct stmt_ops flow_stmt_ops = {
	.type		= STMT_FLOW,
	.name		= "flow",
	.destroy	= flow_stmt_destroy,
	.print		= flow_stmt_print,
	.json		= flow_stmt_json,
	.evaluate	= flow_stmt_evaluate,
	.linearize	= flow_stmt_linearize,
	.nl_name	= "flow_offload",
	.delinearize	= flow_stmt_delinearize,
	.json_name	= "flow",
	.json_parse	= flow_stmt_json_parse,
	.json_keys	= flow_stmt_json_keys,
	.explain	= flow_stmt_explain,
};

struct stmt *flow_stmt_alloc(const struct location *loc, char *name)
{
	struct stmt *stmt = stmt_alloc(loc, &flow_stmt_ops);

	stmt->flow.flowtable = name;
	return stmt;
}
