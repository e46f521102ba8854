/*
 * "xt match NAME", "xt target NAME", "xt watcher NAME": the kernel's
 * x_tables compatibility expressions, which iptables-nft, ebtables-nft
 * and arptables-nft write for the matches and targets nf_tables has no
 * expression of its own for (Docker's "-m addrtype", "-j MASQUERADE",
 * ...). They are listed, never loaded: their options are an opaque
 * structure of the xtables extension, which this nft does not read, so a
 * listed rule names the extension only and must not pretend to be
 * loadable. Input of the statement is refused with upstream's words.
 *
 * As upstream, a text listing also warns on the error stream: once per
 * table that holds such rules ("managed by iptables-nft"), and once per
 * statement that its extension is unknown here.
 */
#include <string.h>
#include <linux/netfilter.h>
#include <stmt.h>
#include <linearize.h>
#include <json.h>
#include <nftables.h>
#include <rule.h>
#include <erec.h>
#include <evaluate.h>

enum xt_type {
	XT_MATCH,
	XT_TARGET,
	XT_WATCHER,
};

static const char *const xt_type_names[] = {
	[XT_MATCH]	= "match",
	[XT_TARGET]	= "target",
	[XT_WATCHER]	= "watcher",
};

/* The kernel's extension kind: a watcher is an ebtables target. */
static const char *xt_kernel_kind(uint32_t type)
{
	return type == XT_MATCH ? "match" : "target";
}

static void xt_stmt_destroy(struct stmt *stmt)
{
	xfree(stmt->xt.name);
}

static void xt_warn(const struct stmt *stmt, struct output_ctx *octx)
{
	FILE *fp = octx->error_fp ? octx->error_fp : stderr;

	if (octx->table && !octx->table_warned) {
		fprintf(fp, "# Warning: table %s %s is managed by iptables-nft, do not touch!\n",
			family_name(octx->table->handle.family),
			octx->table->handle.table.name);
		octx->table_warned = true;
	}
	fprintf(fp, "# Warning: XT %s %s not found\n",
		xt_kernel_kind(stmt->xt.type), stmt->xt.name);
}

static void xt_stmt_print(const struct stmt *stmt, struct output_ctx *octx)
{
	xt_warn(stmt, octx);
	nft_print(octx, "xt %s \"%s\"", xt_type_names[stmt->xt.type],
		  stmt->xt.name);
}

static json_t *xt_stmt_json(const struct stmt *stmt, struct output_ctx *octx)
{
	return json_wrap("xt", json_pack("{s:s, s:s}",
					 "type", xt_type_names[stmt->xt.type],
					 "name", stmt->xt.name));
}

static const char xt_unsupported[] =
	"unsupported xtables compat expression, use iptables-nft with this ruleset";

/* Parsed only to be refused: its options cannot be written here. */
static int xt_stmt_evaluate(struct eval_ctx *ectx, struct stmt *stmt)
{
	erec_queue(erec_create(EREC_ERROR, &stmt->location, "%s",
			       xt_unsupported), ectx->msgs);
	return -1;
}

/* ebtables' watchers (log, nflog) are targets to the kernel; upstream
 * lists them as watchers in the bridge family. */
static uint32_t xt_target_type(const struct delin_ctx *dctx,
			       const char *name)
{
	if (dctx->family == NFPROTO_BRIDGE &&
	    (!strcmp(name, "log") || !strcmp(name, "nflog")))
		return XT_WATCHER;
	return XT_TARGET;
}

int xt_stmt_delinearize(struct delin_ctx *dctx, const struct nftnl_expr *nle)
{
	bool match = !strcmp(nftnl_expr_get_str(nle, NFTNL_EXPR_NAME),
			     "match");
	const char *name;
	struct stmt *stmt;

	name = nftnl_expr_get_str(nle, match ? NFTNL_EXPR_MT_NAME :
					       NFTNL_EXPR_TG_NAME);
	if (!name)
		return delin_error(dctx, "xt %s without a name",
				   match ? "match" : "target");
	stmt = xt_stmt_alloc(&internal_location,
			     match ? XT_MATCH : xt_target_type(dctx, name),
			     xstrdup(name));
	delin_add_stmt(dctx, stmt);
	return 0;
}

/* {"xt": {...}}: refused as the text is. */
static struct stmt *xt_stmt_json_parse(struct json_ctx *jctx,
				       const char *key, json_t *value,
				       const struct location *loc)
{
	json_error(jctx, "", "%s", xt_unsupported);
	return NULL;
}

const struct stmt_ops xt_stmt_ops = {
	.type		= STMT_XT,
	.name		= "xt",
	.destroy	= xt_stmt_destroy,
	.print		= xt_stmt_print,
	.json		= xt_stmt_json,
	.evaluate	= xt_stmt_evaluate,
	.nl_name	= "match",
	.delinearize	= xt_stmt_delinearize,
	.json_name	= "xt",
	.json_parse	= xt_stmt_json_parse,
};

/* Takes @name over; @type: 0 match, 1 target, 2 watcher, as written. */
struct stmt *xt_stmt_alloc(const struct location *loc, uint32_t type,
			   char *name)
{
	struct stmt *stmt = stmt_alloc(loc, &xt_stmt_ops);

	stmt->xt.type = type;
	stmt->xt.name = name;
	return stmt;
}
