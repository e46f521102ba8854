/*
 * Chain bindings: "jump { ... }" and "goto { ... }", an anonymous chain
 * bound to the rule whose verdict names it (NFT_CHAIN_BINDING). The
 * kernel names it ("__chainN"), deletes it with the rule, and refuses a
 * binding in a bound chain (EOPNOTSUPP).
 *
 * Sent as 1.1.3 sends it: before the rule, the chain (no name, the
 * binding flag, a batch id), then its rules (by that id); the rule's
 * verdict names the chain by the id. Listed as 1.1.3 lists it: the
 * chain's rules inside the verdict, the chain itself nowhere else; in
 * JSON, as 1.1.3 writes it, the verdict is the text of its listing.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <arpa/inet.h>
#include <libmnl/libmnl.h>
#include <libnftnl/chain.h>
#include <libnftnl/rule.h>
#include <linux/netfilter/nf_tables.h>
#include <cache.h>
#include <evaluate.h>
#include <json.h>
#include <mnl.h>
#include <netlink.h>
#include <nftables.h>
#include <obj.h>
#include <parse.h>
#include <print.h>

/* The chain a verdict statement binds, or NULL. */
static struct chain *stmt_binding(const struct stmt *stmt)
{
	if (stmt->type != STMT_VERDICT || !stmt->expr ||
	    stmt->expr->etype != EXPR_VERDICT)
		return NULL;
	return stmt->expr->verdict.binding;
}

bool rule_has_binding(const struct rule *r)
{
	const struct stmt *s;

	list_for_each_entry(s, &r->stmts, list)
		if (stmt_binding(s))
			return true;
	return false;
}

/* ---- evaluation ---- */

/* The bound chain's rules are rules of the rule's table. */
int binding_evaluate(struct eval_ctx *ectx, const struct rule *owner,
		     struct chain *c)
{
	struct proto_ctx *saved = xmalloc(sizeof(*saved));
	struct rule *outer = ectx->rule;
	struct stmt *stmt = ectx->stmt;
	struct rule *r;
	int err = 0;

	*saved = ectx->pctx;
	list_for_each_entry(r, &c->rules, list) {
		r->handle.family = owner->handle.family;
		if (!r->handle.table.name && owner->handle.table.name)
			r->handle.table.name =
				xstrdup(owner->handle.table.name);
		if (rule_evaluate(ectx, r) < 0)
			err = -1;
	}
	ectx->pctx = *saved;
	ectx->rule = outer;
	ectx->stmt = stmt;
	xfree(saved);
	return err;
}

/* ---- the batch ---- */

/* A rule of the bound chain: the kernel finds the chain by its id. */
void binding_put_chain_id(struct nlmsghdr *nlh, const struct handle *h)
{
	if (h->chain_id && !h->chain.name)
		mnl_attr_put_u32(nlh, NFTA_RULE_CHAIN_ID, htonl(h->chain_id));
}

static int binding_put_chain(struct exec_ctx *x, const struct handle *h,
			     struct chain *c)
{
	struct batch_owner owner = x->batch->owner;
	struct handle ch = {
		.family = h->family,
		.table = h->table,
	};
	struct nftnl_chain *nlc;
	struct nlmsghdr *nlh;
	struct rule *r;
	int err = 0;

	ch.chain_id = c->handle.chain_id;
	/* for the echo (the kernel names the chain) */
	c->handle.family = h->family;
	if (!c->handle.table.name && h->table.name)
		c->handle.table.name = xstrdup(h->table.name);
	nlc = netlink_chain_build(&ch, NULL, true);
	nftnl_chain_set_u32(nlc, NFTNL_CHAIN_FLAGS, NFT_CHAIN_BINDING);
	chain_debug(x, nlc, h->family);
	batch_set_owner(x->batch, owner.cmd, c);
	nlh = batch_msg_start(x->batch, NFT_MSG_NEWCHAIN, h->family,
			      NLM_F_CREATE |
			      exec_echo_flag(x, NFT_MSG_NEWCHAIN));
	nftnl_chain_nlmsg_build_payload(nlh, nlc);
	batch_msg_end(x->batch, nlh);
	nftnl_chain_free(nlc);
	list_for_each_entry(r, &c->rules, list) {
		batch_set_owner(x->batch, owner.cmd, r);
		if (exec_put_rule(x, NFT_MSG_NEWRULE,
				  NLM_F_CREATE | NLM_F_APPEND, &ch, r) < 0) {
			err = -1;
			break;
		}
	}
	batch_set_owner(x->batch, owner.cmd, owner.obj);
	return err;
}

/* The batch ids of the chains @r binds: its verdicts name them. */
void binding_assign_ids(struct exec_ctx *x, const struct rule *r)
{
	const struct stmt *s;
	struct chain *c;

	list_for_each_entry(s, &r->stmts, list) {
		c = stmt_binding(s);
		if (c)
			c->handle.chain_id = ++x->batch->chain_id;
	}
}

/* The chains @r binds go into the batch before it, their rules too
 * (after @r's anonymous sets, as 1.1.3 sends them). */
int binding_put(struct exec_ctx *x, const struct handle *h,
		const struct rule *r)
{
	const struct stmt *s;
	struct chain *c;

	list_for_each_entry(s, &r->stmts, list) {
		c = stmt_binding(s);
		if (c && binding_put_chain(x, h, c) < 0)
			return -1;
	}
	return 0;
}

/* ---- output ---- */

bool chain_is_bound(const struct chain *c)
{
	return c->nl_flags & NFT_CHAIN_BINDING;
}

/* The chain a verdict binds: its own (input), or the bound chain of the
 * listed table it names (a dump). */
const struct chain *verdict_binding(const struct expr *v,
				    const struct output_ctx *octx)
{
	const struct chain *c;
	char *name;

	if (v->verdict.binding)
		return v->verdict.binding;
	if (!v->verdict.chain || !octx->table ||
	    v->verdict.chain->etype != EXPR_VALUE)
		return NULL;
	name = constant_expr_get_string(v->verdict.chain);
	c = table_lookup_chain(octx->table, name);
	xfree(name);
	return c && chain_is_bound(c) ? c : NULL;
}

/* " {\n", the rules a level deeper than the rule, "}" at its level
 * (chain blocks' rules are two tabs in); no handles inside. */
void binding_print(const struct chain *c, struct output_ctx *octx)
{
	struct output_ctx o = *octx;
	const struct rule *r;

	o.flags &= ~NFT_CTX_OUTPUT_HANDLE;
	nft_print(octx, " {\n");
	list_for_each_entry(r, &c->rules, list) {
		nft_print(octx, "\t\t\t");
		rule_print(r, &o);
		nft_print(octx, "\n");
	}
	nft_print(octx, "\t\t}");
}

/* 1.1.3 has no JSON for a binding: it writes the text listing's. */
json_t *binding_json(const struct expr *v, const struct chain *c,
		     const struct output_ctx *octx)
{
	struct output_ctx o = *octx;
	char *buf = NULL;
	size_t len = 0;
	json_t *js;

	o.flags &= ~NFT_CTX_OUTPUT_JSON;
	o.output_fp = open_memstream(&buf, &len);
	if (!o.output_fp)
		memory_allocation_error();
	nft_print(&o, "%s", verdict_name(v->verdict.verdict));
	binding_print(c, &o);
	fclose(o.output_fp);
	js = json_stringn(buf, len);
	free(buf);
	return js;
}

/* ---- listings ---- */

struct binding_fetch {
	struct nft_ctx *nft;
	struct chain *c;
};

static void binding_fetched_rule(const struct nftnl_rule *nlr,
				 const char *unparsed, void *data)
{
	struct binding_fetch *f = data;
	struct rule *r;
	char *why = NULL;

	if (unparsed) {
		r = netlink_rule_unparsed(nlr, unparsed);
	} else {
		r = netlink_rule_parse_why(f->nft, nlr, &why);
		if (!r) {
			r = netlink_rule_unparsed(nlr, why);
			xfree(why);
		}
	}
	list_add_tail(&r->list, &f->c->rules);
}

/* A listing prints bound chains inside the rules binding them: their
 * rules are fetched first, into the cache's chains (once). -1 with
 * errno if the kernel could not be asked. */
int binding_fetch_rules(struct nft_ctx *nft, struct table *t)
{
	struct binding_fetch f = { .nft = nft };
	struct chain *c;

	list_for_each_entry(c, &t->chains, list) {
		if (!chain_is_bound(c) || !list_empty(&c->rules))
			continue;
		f.c = c;
		if (mnl_dump_rules_cb(nft, t->handle.family,
				      t->handle.table.name,
				      c->handle.chain.name,
				      binding_fetched_rule, &f) < 0 &&
		    errno != ENOENT)
			return -1;
	}
	return 0;
}

/* Why the table's bound chains cannot be listed, or NULL (owned). */
char *binding_undecoded(const struct table *t)
{
	const struct chain *c;
	const struct rule *r;

	list_for_each_entry(c, &t->chains, list) {
		if (!chain_is_bound(c))
			continue;
		list_for_each_entry(r, &c->rules, list)
			if (r->undecoded)
				return rule_undecoded_msg(r);
	}
	return NULL;
}

/* -e -j: each chain @r binds and its rules, named and with the handles
 * the kernel echoed (src/obj/chain.c, src/obj/rule.c) */
void binding_json_echo(json_t *array, const char *op, const struct rule *r,
		       struct output_ctx *octx)
{
	const struct stmt *s;
	const struct rule *b;
	struct chain *c;

	list_for_each_entry(s, &r->stmts, list) {
		c = stmt_binding(s);
		if (!c || !c->handle.chain.name)
			continue;
		json_echo_add(array, op, chain_json(c, octx));
		list_for_each_entry(b, &c->rules, list) {
			binding_json_echo(array, op, b, octx);
			json_echo_add(array, op, rule_json(b, octx));
		}
	}
}

/* The chains @from binds go to the verdicts of @to, the same rule as
 * the kernel echoed it (they name the chains), in order. */
void binding_move(struct rule *from, struct rule *to)
{
	struct stmt *s, *t = list_entry(&to->stmts, struct stmt, list);
	struct chain *c;

	list_for_each_entry(s, &from->stmts, list) {
		c = stmt_binding(s);
		if (!c)
			continue;
		list_for_each_entry_continue(t, &to->stmts, list)
			if (t->type == STMT_VERDICT &&
			    t->expr->etype == EXPR_VERDICT &&
			    !t->expr->verdict.binding)
				break;
		if (&t->list == &to->stmts)
			return;
		t->expr->verdict.binding = c;
		s->expr->verdict.binding = NULL;
	}
}

/* ---- JSON input ---- */

bool binding_json_is_text(const char *text)
{
	return !strncmp(text, "jump {", 6) || !strncmp(text, "goto {", 6);
}

/* The binding statement of the one rule @cmds hold, taken out of it;
 * NULL if they hold anything else. */
static struct stmt *binding_take(struct list_head *cmds)
{
	struct cmd *cmd;
	struct stmt *s;

	if (list_empty(cmds) || cmds->next->next != cmds)
		return NULL;
	cmd = list_first_entry(cmds, struct cmd, list);
	if (cmd->obj != CMD_OBJ_RULE || !cmd->rule ||
	    cmd->rule->stmts.next->next != &cmd->rule->stmts)
		return NULL;
	s = list_first_entry(&cmd->rule->stmts, struct stmt, list);
	if (!stmt_binding(s))
		return NULL;
	list_del(&s->list);
	cmd->rule->num_stmts = 0;
	return s;
}

/*
 * 1.1.3 writes a binding in JSON as the text of its listing ("jump {\n
 * ... }"), which it cannot read back; read here as that text, so a
 * JSON listing loads back (README, Differences).
 */
struct stmt *binding_json_parse(struct json_ctx *jctx, const char *text)
{
	struct input_descriptor *in;
	struct cmd *cmd, *next;
	struct stmt *s = NULL;
	LIST_HEAD(cmds);
	char *buf;

	buf = xasprintf("add rule ip t c %s\n", text);
	in = indesc_alloc(INPUT_BUFFER, NULL, buf, strlen(buf));
	/* kept for the run: error locations point into it */
	list_add_tail(&in->list, &jctx->nft->indescs);
	if (nft_parse_text(jctx->nft, in, &cmds, jctx->msgs) == 0) {
		s = binding_take(&cmds);
		if (!s)
			json_error(jctx, "",
				   "a chain binding's text holds one statement: \"jump { ... }\"");
	}
	list_for_each_entry_safe(cmd, next, &cmds, list) {
		list_del(&cmd->list);
		cmd_free(cmd);
	}
	return s;
}
