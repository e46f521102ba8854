/*
 * Ruleset layout in text: tables, chains and rules as `nft list` prints
 * them, byte for byte. Expressions and statements print themselves
 * (expr_print/stmt_print); this file only arranges blocks, indentation,
 * blank lines, comments and handles.
 */
#include <nft.h>
#include <nftables.h>
#include <print.h>
#include <rule.h>
#include <cache.h>
#include <inttypes.h>
#include <stdarg.h>
#include <linux/netfilter.h>

int nft_print(struct output_ctx *octx, const char *fmt, ...)
{
	FILE *fp = octx->output_fp ? octx->output_fp : stdout;
	va_list ap;
	int ret;

	va_start(ap, fmt);
	ret = vfprintf(fp, fmt, ap);
	va_end(ap);
	return ret;
}

/* Table flag names, in bit order (NFT_TABLE_F_*). */
static const char *const table_flag_names[] = {
	"dormant",
	"owner",
	"persist",
};

static void table_print_flags(const struct table *t, struct output_ctx *octx)
{
	const char *sep = "";
	unsigned int i;

	nft_print(octx, "\tflags ");
	for (i = 0; i < array_size(table_flag_names); i++) {
		if (!(t->flags & (1u << i)))
			continue;
		nft_print(octx, "%s%s", sep, table_flag_names[i]);
		sep = ",";
	}
	nft_print(octx, "\n");
}

static void table_print_header(const struct table *t, struct output_ctx *octx,
			       bool with_handle)
{
	nft_print(octx, "table %s %s {", family_name(t->handle.family),
		  t->handle.table.name);
	if (with_handle && nft_output_handle(octx))
		nft_print(octx, " # handle %" PRIu64, t->handle.handle.id);
	nft_print(octx, "\n");
}

/*
 * A table block: its declarations (flags, comment), then its chains, each
 * preceded by a blank line except the very first thing in the block.
 */
void table_print(const struct table *t, struct output_ctx *octx)
{
	const struct chain *c;
	const char *delim = "";
	unsigned int saved_family = octx->family;

	octx->family = t->handle.family;
	table_print_header(t, octx, true);
	if (t->flags) {
		table_print_flags(t, octx);
		delim = "\n";
	}
	/* Only flags are set apart from the chains by a blank line; a
	 * comment alone is not (as nft lists it). */
	if (t->comment)
		nft_print(octx, "\tcomment \"%s\"\n", t->comment);
	list_for_each_entry(c, &t->chains, list) {
		nft_print(octx, "%s", delim);
		chain_print(c, octx);
		delim = "\n";
	}
	nft_print(octx, "}\n");
	octx->family = saved_family;
}

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
static void chain_print_head(const struct chain *c, struct output_ctx *octx)
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
		rule_print(r, octx);
		nft_print(octx, "\n");
	}
	nft_print(octx, "\t}\n");
}

void rule_print(const struct rule *r, struct output_ctx *octx)
{
	const struct stmt *stmt;
	const char *sep = "";

	list_for_each_entry(stmt, &r->stmts, list) {
		nft_print(octx, "%s", sep);
		stmt_print(stmt, octx);
		sep = " ";
	}
	if (r->comment)
		nft_print(octx, "%scomment \"%s\"", sep, r->comment);
	if (nft_output_handle(octx))
		nft_print(octx, " # handle %" PRIu64, r->handle.handle.id);
}

/* ---- list commands ---------------------------------------------------- */

static bool list_family_match(uint32_t want, const struct table *t)
{
	return want == NFPROTO_UNSPEC || want == t->handle.family;
}

static int list_missing_table(const struct cmd *cmd, struct list_head *msgs)
{
	return erec_error(msgs, &cmd->handle.table.location,
			  "No such file or directory: no table %s %s",
			  family_name(cmd->handle.family),
			  cmd->handle.table.name);
}

static int list_missing_chain(const struct cmd *cmd, struct list_head *msgs)
{
	return erec_error(msgs, &cmd->handle.chain.location,
			  "No such file or directory: no chain %s in table %s %s",
			  cmd->handle.chain.name,
			  family_name(cmd->handle.family),
			  cmd->handle.table.name);
}

static void list_ruleset_text(struct nft_ctx *nft, uint32_t family)
{
	const struct table *t;

	list_for_each_entry(t, &nft->cache.tables, list) {
		if (list_family_match(family, t))
			table_print(t, &nft->octx);
	}
}

static void list_tables_text(struct nft_ctx *nft, uint32_t family)
{
	const struct table *t;

	list_for_each_entry(t, &nft->cache.tables, list) {
		if (!list_family_match(family, t))
			continue;
		nft_print(&nft->octx, "table %s %s\n",
			  family_name(t->handle.family), t->handle.table.name);
	}
}

/* `list chains`: chain headers only, no blank lines between them. */
static void list_chains_text(struct nft_ctx *nft, uint32_t family)
{
	struct output_ctx *octx = &nft->octx;
	const struct table *t;
	const struct chain *c;

	list_for_each_entry(t, &nft->cache.tables, list) {
		if (!list_family_match(family, t))
			continue;
		table_print_header(t, octx, false);
		list_for_each_entry(c, &t->chains, list) {
			chain_print_head(c, octx);
			nft_print(octx, "\t}\n");
		}
		nft_print(octx, "}\n");
	}
}

static void list_chain_text(struct nft_ctx *nft, const struct table *t,
			    const struct chain *c)
{
	table_print_header(t, &nft->octx, false);
	chain_print(c, &nft->octx);
	nft_print(&nft->octx, "}\n");
}

/*
 * Make sure the cache holds tables, chains and rules; the executor
 * normally fetched them already, this only covers callers that did not.
 */
static int list_cache_ensure(struct nft_ctx *nft, struct cmd *cmd,
			     struct list_head *msgs)
{
	unsigned int need = NFT_CACHE_FULL;
	struct cache_filter filter = { .family = NFPROTO_UNSPEC };

	if (cmd->obj == CMD_OBJ_TABLES)
		need = NFT_CACHE_TABLE;
	else if (cmd->obj == CMD_OBJ_CHAINS)
		need = NFT_CACHE_TABLE | NFT_CACHE_CHAIN;
	if ((nft->cache.flags & need) == need)
		return 0;
	return cache_fetch(nft, need, &filter, msgs);
}

/* Find the table (and chain) a `list table|chain` names. */
int list_lookup(struct nft_ctx *nft, const struct cmd *cmd,
		struct table **tp, struct chain **cp, struct list_head *msgs)
{
	*tp = cache_table_lookup(&nft->cache, cmd->handle.family,
				 cmd->handle.table.name);
	if (!*tp)
		return list_missing_table(cmd, msgs);
	if (cmd->obj != CMD_OBJ_CHAIN)
		return 0;
	*cp = table_lookup_chain(*tp, cmd->handle.chain.name);
	if (!*cp)
		return list_missing_chain(cmd, msgs);
	return 0;
}

int do_list_cmd(struct nft_ctx *nft, struct cmd *cmd, struct list_head *msgs)
{
	struct table *t = NULL;
	struct chain *c = NULL;

	if (list_cache_ensure(nft, cmd, msgs) < 0)
		return -1;
	if (nft_output_json(&nft->octx))
		return json_do_list_cmd(nft, cmd, msgs);

	switch (cmd->obj) {
	case CMD_OBJ_RULESET:
		list_ruleset_text(nft, cmd->handle.family);
		return 0;
	case CMD_OBJ_TABLES:
		list_tables_text(nft, cmd->handle.family);
		return 0;
	case CMD_OBJ_CHAINS:
		list_chains_text(nft, cmd->handle.family);
		return 0;
	case CMD_OBJ_TABLE:
		if (list_lookup(nft, cmd, &t, &c, msgs) < 0)
			return -1;
		table_print(t, &nft->octx);
		return 0;
	case CMD_OBJ_CHAIN:
		if (list_lookup(nft, cmd, &t, &c, msgs) < 0)
			return -1;
		list_chain_text(nft, t, c);
		return 0;
	default:
		break;
	}
	return erec_error(msgs, &cmd->location, "cannot list %s",
			  cmd_obj_name(cmd->obj));
}
