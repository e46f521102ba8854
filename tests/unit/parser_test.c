/*
 * The text front end: buffers in, the command list (the AST of
 * "Conventions" in the team brief) and error records out. No kernel.
 */
#include <nft.h>
#include <nftables.h>
#include <parse.h>
#include <parse_build.h>
#include <rule.h>
#include <proto.h>
#include <linux/netfilter.h>
#include <linux/netfilter/nf_tables.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/stat.h>
#include <sobj.h>
#include "unit.h"

struct parse {
	struct nft_ctx *nft;
	struct list_head cmds;
	struct list_head msgs;
	int ret;
};

static void parse(struct parse *p, struct nft_ctx *nft, const char *text)
{
	struct input_descriptor *d;

	p->nft = nft;
	init_list_head(&p->cmds);
	init_list_head(&p->msgs);
	d = indesc_alloc(INPUT_BUFFER, NULL, xstrdup(text), strlen(text));
	list_add_tail(&d->list, &nft->indescs);
	p->ret = nft_parse_text(nft, d, &p->cmds, &p->msgs);
}

/* What the library does at the end of a run. */
static void parse_done(struct parse *p)
{
	struct input_descriptor *d, *next;

	cmd_list_free(&p->cmds);
	erec_free_list(&p->msgs);
	list_for_each_entry_safe(d, next, &p->nft->indescs, list) {
		list_del(&d->list);
		indesc_free(d);
	}
	scope_free(p->nft->top_scope);
	p->nft->top_scope = NULL;
}

static unsigned int list_count(const struct list_head *head)
{
	const struct list_head *pos;
	unsigned int n = 0;

	for (pos = head->next; pos != head; pos = pos->next)
		n++;
	return n;
}

static struct cmd *nth_cmd(struct parse *p, unsigned int n)
{
	struct cmd *cmd;

	list_for_each_entry(cmd, &p->cmds, list) {
		if (n-- == 0)
			return cmd;
	}
	return NULL;
}

static struct error_record *nth_err(struct parse *p, unsigned int n)
{
	struct error_record *erec;

	list_for_each_entry(erec, &p->msgs, list) {
		if (n-- == 0)
			return erec;
	}
	return NULL;
}

static struct stmt *nth_stmt(struct rule *r, unsigned int n)
{
	struct stmt *stmt;

	list_for_each_entry(stmt, &r->stmts, list) {
		if (n-- == 0)
			return stmt;
	}
	return NULL;
}

static struct expr *nth_elem(struct expr *list, unsigned int n)
{
	struct expr *e;

	list_for_each_entry(e, &list->expr_list.expressions, list) {
		if (n-- == 0)
			return e;
	}
	return NULL;
}

static bool is_symbol(const struct expr *e, const char *text)
{
	return e && e->etype == EXPR_SYMBOL &&
	       !strcmp(e->symbol.identifier, text);
}

/* The error at @n is at line:first-last and its message contains @msg. */
static void check_err(struct parse *p, unsigned int n, unsigned int line,
		      unsigned int first, unsigned int last, const char *msg)
{
	struct error_record *e = nth_err(p, n);

	CHECK(e != NULL);
	if (!e)
		return;
	CHECK(e->locations[0].first_line == line);
	CHECK(e->locations[0].first_column == first);
	CHECK(e->locations[0].last_column == last);
	if (!strstr(e->msg, msg))
		CHECK_STREQ(e->msg, msg);
	else
		CHECK(1);
}

static void check_ok(struct parse *p, unsigned int ncmds)
{
	CHECK(p->ret == 0);
	CHECK(list_empty(&p->msgs));
	CHECK(list_count(&p->cmds) == ncmds);
	if (!list_empty(&p->msgs))
		erec_print_list(stderr, &p->msgs);
}

static void test_table_cmds(struct nft_ctx *nft)
{
	struct parse p;
	struct cmd *c;

	parse(&p, nft, "add table ip t\ncreate table inet x; table t2\n"
		       "delete table ip6 t\ndestroy table netdev t\n"
		       "delete table bridge handle 5\nlist table arp t\n"
		       "flush table t");
	check_ok(&p, 8);
	c = nth_cmd(&p, 0);
	CHECK(c->op == CMD_ADD && c->obj == CMD_OBJ_TABLE);
	CHECK(c->handle.family == NFPROTO_IPV4);
	CHECK_STREQ(c->handle.table.name, "t");
	CHECK(c->handle.table.location.first_column == 14);
	CHECK(c->table && !c->table->has_block);
	CHECK_STREQ(c->table->handle.table.name, "t");
	CHECK(c->table->handle.table.name != c->handle.table.name);
	c = nth_cmd(&p, 1);
	CHECK(c->op == CMD_CREATE && c->handle.family == NFPROTO_INET);
	c = nth_cmd(&p, 2);
	CHECK(c->op == CMD_ADD && c->obj == CMD_OBJ_TABLE);
	CHECK_STREQ(c->handle.table.name, "t2");
	c = nth_cmd(&p, 3);
	CHECK(c->op == CMD_DELETE && c->handle.family == NFPROTO_IPV6);
	CHECK(c->data == NULL);
	c = nth_cmd(&p, 4);
	CHECK(c->op == CMD_DESTROY && c->handle.family == NFPROTO_NETDEV);
	c = nth_cmd(&p, 5);
	CHECK(c->op == CMD_DELETE && c->handle.family == NFPROTO_BRIDGE);
	CHECK(c->handle.table.name == NULL && c->handle.handle.id == 5);
	c = nth_cmd(&p, 6);
	CHECK(c->op == CMD_LIST && c->handle.family == NFPROTO_ARP);
	c = nth_cmd(&p, 7);
	CHECK(c->op == CMD_FLUSH && c->handle.family == NFPROTO_IPV4);
	/* the command's span starts at its keyword */
	CHECK(c->location.first_line == 7 && c->location.first_column == 1);
	parse_done(&p);
}

static void test_ruleset_cmds(struct nft_ctx *nft)
{
	struct parse p;

	parse(&p, nft, "list ruleset\nlist ruleset ip6\nflush ruleset\n"
		       "flush ruleset inet\nlist tables\nlist tables netdev\n"
		       "list chains\nlist chains arp\n");
	check_ok(&p, 8);
	CHECK(nth_cmd(&p, 0)->obj == CMD_OBJ_RULESET);
	CHECK(nth_cmd(&p, 0)->handle.family == NFPROTO_UNSPEC);
	CHECK(nth_cmd(&p, 1)->handle.family == NFPROTO_IPV6);
	CHECK(nth_cmd(&p, 2)->op == CMD_FLUSH);
	CHECK(nth_cmd(&p, 2)->handle.family == NFPROTO_UNSPEC);
	CHECK(nth_cmd(&p, 3)->handle.family == NFPROTO_INET);
	CHECK(nth_cmd(&p, 4)->obj == CMD_OBJ_TABLES);
	CHECK(nth_cmd(&p, 4)->handle.family == NFPROTO_UNSPEC);
	CHECK(nth_cmd(&p, 5)->handle.family == NFPROTO_NETDEV);
	CHECK(nth_cmd(&p, 6)->obj == CMD_OBJ_CHAINS);
	CHECK(nth_cmd(&p, 7)->handle.family == NFPROTO_ARP);
	parse_done(&p);
}

static void test_chain_cmds(struct nft_ctx *nft)
{
	struct parse p;
	struct cmd *c;

	parse(&p, nft, "add chain ip t c\ndelete chain ip t handle 7\n"
		       "rename chain ip t c newname\nlist chain inet t c\n"
		       "flush chain t c\ndelete chain ip t input\n"
		       "add chain ip t input\n");
	check_ok(&p, 7);
	c = nth_cmd(&p, 0);
	CHECK(c->op == CMD_ADD && c->obj == CMD_OBJ_CHAIN);
	CHECK_STREQ(c->handle.chain.name, "c");
	CHECK(c->chain && !c->chain->has_hook && !c->chain->has_block);
	CHECK_STREQ(c->chain->handle.chain.name, "c");
	CHECK_STREQ(c->chain->handle.table.name, "t");
	c = nth_cmd(&p, 1);
	CHECK(c->op == CMD_DELETE && c->obj == CMD_OBJ_CHAIN);
	CHECK(c->handle.chain.name == NULL && c->handle.handle.id == 7);
	CHECK_STREQ(c->handle.table.name, "t");
	c = nth_cmd(&p, 2);
	CHECK(c->op == CMD_RENAME);
	CHECK_STREQ(c->arg, "newname");
	CHECK_STREQ(c->handle.chain.name, "c");
	CHECK(nth_cmd(&p, 3)->op == CMD_LIST);
	CHECK(nth_cmd(&p, 3)->handle.family == NFPROTO_INET);
	CHECK(nth_cmd(&p, 4)->op == CMD_FLUSH);
	CHECK_STREQ(nth_cmd(&p, 5)->handle.chain.name, "input");
	parse_done(&p);
}

static void test_base_chain(struct nft_ctx *nft)
{
	struct parse p;
	struct chain *ch;
	struct cmd *c;

	parse(&p, nft, "add chain netdev t c { type filter hook egress "
		       "device \"v0\" priority -150; policy drop; "
		       "comment \"egress\"; }\n"
		       "add chain inet t i { type nat hook ingress device v0 "
		       "priority filter - 5\n}\n"
		       "add chain ip t f { type filter hook input priority 0; }\n"
		       "add chain ip t g { type route hook output priority "
		       "mangle+10; policy accept; }\n");
	check_ok(&p, 4);
	c = nth_cmd(&p, 0);
	ch = c->chain;
	CHECK(ch->has_hook && ch->has_block);
	CHECK_STREQ(ch->type, "filter");
	CHECK_STREQ(ch->hookstr, "egress");
	CHECK(ch->hook_loc.first_column == 41 && ch->hook_loc.last_column == 46);
	CHECK(ch->type_loc.first_column == 29);
	CHECK(is_symbol(ch->priority, "-150"));
	CHECK(is_symbol(ch->policy, "drop"));
	CHECK(is_symbol(ch->dev_expr, "v0") && ch->dev_expr->symbol.quoted);
	CHECK_STREQ(ch->comment, "egress");
	CHECK_STREQ(ch->handle.table.name, "t");
	CHECK(ch->handle.family == NFPROTO_NETDEV);
	ch = nth_cmd(&p, 1)->chain;
	CHECK(is_symbol(ch->priority, "filter - 5"));
	CHECK(is_symbol(ch->dev_expr, "v0") && !ch->dev_expr->symbol.quoted);
	CHECK(ch->policy == NULL);
	CHECK(is_symbol(nth_cmd(&p, 2)->chain->priority, "0"));
	ch = nth_cmd(&p, 3)->chain;
	CHECK(is_symbol(ch->priority, "mangle + 10"));
	CHECK_STREQ(ch->type, "route");
	CHECK(is_symbol(ch->policy, "accept"));
	parse_done(&p);
}

static void test_devices(struct nft_ctx *nft)
{
	struct parse p;
	struct chain *ch;
	struct expr *e;

	parse(&p, nft, "define d = veth-a\n"
		       "define devs = { v0, \"eth0.100\" }\n"
		       "add chain netdev t c { type filter hook ingress "
		       "devices = { eth1, $d,\n  lo } priority 0; }\n"
		       "add chain netdev t c { devices = $devs; }\n"
		       "delete chain netdev t c { devices = { d1 }; }\n");
	check_ok(&p, 3);
	ch = nth_cmd(&p, 0)->chain;
	e = ch->dev_expr;
	CHECK(e && e->etype == EXPR_LIST && e->expr_list.size == 3);
	CHECK(is_symbol(nth_elem(e, 0), "eth1"));
	CHECK(nth_elem(e, 1)->etype == EXPR_VARIABLE);
	CHECK_STREQ(nth_elem(e, 1)->variable.name, "d");
	CHECK(is_symbol(nth_elem(e, 1)->variable.value, "veth-a"));
	CHECK(is_symbol(nth_elem(e, 2), "lo"));
	ch = nth_cmd(&p, 1)->chain;
	CHECK(!ch->has_hook && ch->has_block);
	e = ch->dev_expr;
	CHECK(e && e->etype == EXPR_VARIABLE);
	CHECK(e->variable.value->etype == EXPR_LIST);
	CHECK(e->variable.value->expr_list.size == 2);
	CHECK(nth_elem(e->variable.value, 1)->symbol.quoted);
	CHECK(is_symbol(nth_elem(e->variable.value, 1), "eth0.100"));
	CHECK(nth_cmd(&p, 2)->op == CMD_DELETE);
	CHECK(nth_cmd(&p, 2)->chain != NULL);
	CHECK(is_symbol(nth_elem(nth_cmd(&p, 2)->chain->dev_expr, 0), "d1"));
	parse_done(&p);
}

static void test_table_block(struct nft_ctx *nft)
{
	struct parse p;
	struct table *t;
	struct chain *ch;
	struct rule *r;
	struct cmd *c;

	parse(&p, nft, "table inet t {\n"
		       "\tflags dormant\n\tcomment \"tc\"\n"
		       "\tchain a {\n"
		       "\t\ttype filter hook input priority filter; policy drop\n"
		       "\t\ttcp dport 22 counter accept comment \"ssh\"\n"
		       "\t\tjump b\n"
		       "\t}\n"
		       "\tchain b { }\n"
		       "}\n");
	check_ok(&p, 1);
	c = nth_cmd(&p, 0);
	CHECK(c->op == CMD_ADD && c->obj == CMD_OBJ_TABLE);
	t = c->table;
	CHECK(t->has_block && t->flags == NFT_TABLE_F_DORMANT);
	CHECK_STREQ(t->comment, "tc");
	CHECK(list_count(&t->chains) == 2);
	ch = table_lookup_chain(t, "a");
	CHECK(ch && ch->has_block && ch->has_hook);
	CHECK(ch->handle.family == NFPROTO_INET);
	CHECK_STREQ(ch->handle.table.name, "t");
	CHECK_STREQ(ch->handle.chain.name, "a");
	CHECK(ch->handle.chain.location.first_line == 4);
	CHECK(list_count(&ch->rules) == 2);
	r = list_first_entry(&ch->rules, struct rule, list);
	CHECK(r->handle.family == NFPROTO_INET);
	CHECK_STREQ(r->handle.table.name, "t");
	CHECK_STREQ(r->handle.chain.name, "a");
	CHECK_STREQ(r->comment, "ssh");
	CHECK(r->num_stmts == 3);
	CHECK(nth_stmt(r, 0)->type == STMT_EXPRESSION);
	CHECK(nth_stmt(r, 1)->type == STMT_COUNTER);
	CHECK(nth_stmt(r, 2)->type == STMT_VERDICT);
	r = list_last_entry(&ch->rules, struct rule, list);
	CHECK(nth_stmt(r, 0)->expr->verdict.verdict == NFT_JUMP);
	ch = table_lookup_chain(t, "b");
	CHECK(ch && !ch->has_hook && list_empty(&ch->rules));
	CHECK_STREQ(ch->handle.table.name, "t");
	parse_done(&p);

	/* Every flag JSON knows, from the shared table of flag names. */
	parse(&p, nft, "table ip t { flags owner,persist,dormant; }");
	check_ok(&p, 1);
	t = nth_cmd(&p, 0)->table;
	CHECK(t->flags == (NFT_TABLE_F_DORMANT | NFT_TABLE_F_OWNER | 0x4));
	parse_done(&p);
}

static void test_rule_cmds(struct nft_ctx *nft)
{
	struct parse p;
	struct cmd *c;

	parse(&p, nft, "add rule ip t c accept\n"
		       "add rule ip t c position 5 drop\n"
		       "add rule ip t c handle 6 drop\n"
		       "insert rule ip t c index 0 return\n"
		       "insert rule ip t c position 0x10 continue\n"
		       "replace rule ip t c handle 9 counter comment \"x\"\n"
		       "delete rule ip t c handle 11\n"
		       "rule t c goto d\n");
	check_ok(&p, 8);
	c = nth_cmd(&p, 0);
	CHECK(c->op == CMD_ADD && c->obj == CMD_OBJ_RULE);
	CHECK_STREQ(c->handle.chain.name, "c");
	CHECK_STREQ(c->rule->handle.chain.name, "c");
	CHECK_STREQ(c->rule->handle.table.name, "t");
	CHECK(c->rule->num_stmts == 1);
	CHECK(nth_stmt(c->rule, 0)->expr->verdict.verdict == NF_ACCEPT);
	c = nth_cmd(&p, 1);
	CHECK(c->handle.position.id == 5 && c->rule->handle.position.id == 5);
	c = nth_cmd(&p, 2);
	CHECK(c->handle.position.id == 6 && c->handle.handle.id == 0);
	c = nth_cmd(&p, 3);
	CHECK(c->op == CMD_INSERT && c->handle.index.id == 0);
	CHECK(handle_has_index(&c->handle));
	CHECK(!handle_has_index(&nth_cmd(&p, 2)->handle));
	c = nth_cmd(&p, 4);
	CHECK(c->handle.position.id == 16);
	CHECK(nth_stmt(c->rule, 0)->expr->verdict.verdict == NFT_CONTINUE);
	c = nth_cmd(&p, 5);
	CHECK(c->op == CMD_REPLACE && c->handle.handle.id == 9);
	CHECK(c->rule->handle.handle.id == 9);
	CHECK_STREQ(c->rule->comment, "x");
	CHECK(nth_stmt(c->rule, 0)->type == STMT_COUNTER);
	c = nth_cmd(&p, 6);
	CHECK(c->op == CMD_DELETE && c->obj == CMD_OBJ_RULE);
	CHECK(c->handle.handle.id == 11 && c->rule == NULL);
	c = nth_cmd(&p, 7);
	CHECK(c->op == CMD_ADD && c->handle.family == NFPROTO_IPV4);
	CHECK(nth_stmt(c->rule, 0)->expr->verdict.verdict == NFT_GOTO);
	parse_done(&p);
}

static struct expr *match_of(struct cmd *c, unsigned int n)
{
	struct stmt *s = nth_stmt(c->rule, n);

	if (!s || s->type != STMT_EXPRESSION)
		return NULL;
	return s->expr;
}

static void test_matches(struct nft_ctx *nft)
{
	struct parse p;
	struct expr *m, *l;
	struct stmt *s;

	parse(&p, nft, "add rule ip t c ip daddr 1.2.3.4 ip saddr != "
		       "10.0.0.0/8 tcp dport 1-1024\n"
		       "add rule ip6 t c ip6 saddr fe80::/64 ip6 daddr == ::1 "
		       "udp sport 53\n"
		       "add rule netdev t c ether saddr aa:bb:cc:dd:ee:ff "
		       "ether type ip6 meta protocol ip\n"
		       "add rule ip t c meta iifname \"eth0\" oifname lo "
		       "iif lo mark 0x10 meta l4proto tcp meta nfproto ipv4\n"
		       "add rule ip t c counter packets 1 bytes 20 jump x\n");
	check_ok(&p, 5);
	m = match_of(nth_cmd(&p, 0), 0);
	CHECK(m && m->etype == EXPR_RELATIONAL && m->binop.op == OP_IMPLICIT);
	l = m->binop.left;
	CHECK(l->etype == EXPR_PAYLOAD && l->payload.desc == &proto_ip);
	CHECK_STREQ(l->payload.tmpl->token, "daddr");
	CHECK(is_symbol(m->binop.right, "1.2.3.4"));
	CHECK(m->location.first_column == 17 && m->location.last_column == 32);
	m = match_of(nth_cmd(&p, 0), 1);
	CHECK(m->binop.op == OP_NEQ);
	CHECK(m->binop.right->etype == EXPR_PREFIX);
	CHECK(m->binop.right->prefix.prefix_len == 8);
	CHECK(is_symbol(m->binop.right->prefix.prefix, "10.0.0.0"));
	m = match_of(nth_cmd(&p, 0), 2);
	CHECK(m->binop.left->payload.desc == &proto_tcp);
	CHECK(m->binop.right->etype == EXPR_RANGE);
	CHECK(is_symbol(m->binop.right->range.left, "1"));
	CHECK(is_symbol(m->binop.right->range.right, "1024"));

	m = match_of(nth_cmd(&p, 1), 0);
	CHECK(m->binop.left->payload.desc == &proto_ip6);
	CHECK(is_symbol(m->binop.right->prefix.prefix, "fe80::"));
	CHECK(m->binop.right->prefix.prefix_len == 64);
	m = match_of(nth_cmd(&p, 1), 1);
	CHECK(m->binop.op == OP_EQ && is_symbol(m->binop.right, "::1"));
	CHECK(match_of(nth_cmd(&p, 1), 2)->binop.left->payload.desc ==
	      &proto_udp);

	m = match_of(nth_cmd(&p, 2), 0);
	CHECK(m->binop.left->payload.desc == &proto_eth);
	CHECK(is_symbol(m->binop.right, "aa:bb:cc:dd:ee:ff"));
	m = match_of(nth_cmd(&p, 2), 1);
	CHECK_STREQ(m->binop.left->payload.tmpl->token, "type");
	CHECK(is_symbol(m->binop.right, "ip6"));
	m = match_of(nth_cmd(&p, 2), 2);
	CHECK(m->binop.left->etype == EXPR_META);
	CHECK(m->binop.left->meta.key == NFT_META_PROTOCOL);
	CHECK(is_symbol(m->binop.right, "ip"));

	m = match_of(nth_cmd(&p, 3), 0);
	CHECK(m->binop.left->meta.key == NFT_META_IIFNAME);
	CHECK(is_symbol(m->binop.right, "eth0") && m->binop.right->symbol.quoted);
	CHECK(match_of(nth_cmd(&p, 3), 1)->binop.left->meta.key ==
	      NFT_META_OIFNAME);
	CHECK(match_of(nth_cmd(&p, 3), 2)->binop.left->meta.key ==
	      NFT_META_IIF);
	m = match_of(nth_cmd(&p, 3), 3);
	CHECK(m->binop.left->meta.key == NFT_META_MARK);
	CHECK(is_symbol(m->binop.right, "0x10"));
	m = match_of(nth_cmd(&p, 3), 4);
	CHECK(m->binop.left->meta.key == NFT_META_L4PROTO);
	CHECK(is_symbol(m->binop.right, "tcp"));
	CHECK(match_of(nth_cmd(&p, 3), 5)->binop.left->meta.key ==
	      NFT_META_NFPROTO);

	s = nth_stmt(nth_cmd(&p, 4)->rule, 0);
	CHECK(s->type == STMT_COUNTER);
	CHECK(s->counter.packets == 1 && s->counter.bytes == 20);
	s = nth_stmt(nth_cmd(&p, 4)->rule, 1);
	CHECK(s->type == STMT_VERDICT && s->expr->verdict.verdict == NFT_JUMP);
	CHECK(s->expr->verdict.chain != NULL);
	if (s->expr->verdict.chain) {
		char *name = constant_expr_get_string(s->expr->verdict.chain);

		CHECK_STREQ(name, "x");
		xfree(name);
	}
	parse_done(&p);
}

static void test_lexical(struct nft_ctx *nft)
{
	struct parse p;

	/* comments, continuation, ';', CRLF-free blank lines, last line
	 * without a newline */
	parse(&p, nft, "# comment\n\nadd table a # trailing\n"
		       "add \\\n  table b; add table c;;\n"
		       "add table last\n\tadd chain a \\\n c");
	check_ok(&p, 5);
	CHECK_STREQ(nth_cmd(&p, 1)->handle.table.name, "b");
	CHECK(nth_cmd(&p, 1)->handle.table.location.first_line == 5);
	CHECK(nth_cmd(&p, 1)->handle.table.location.first_column == 9);
	/* a keyword 1.1.3 takes as a table's name (not a quoted one) */
	CHECK_STREQ(nth_cmd(&p, 3)->handle.table.name, "last");
	CHECK_STREQ(nth_cmd(&p, 4)->handle.chain.name, "c");
	CHECK(nth_cmd(&p, 4)->handle.chain.location.first_line == 8);
	CHECK(nth_cmd(&p, 4)->handle.chain.location.first_column == 2);
	parse_done(&p);
}

/* The scanner finds keywords by binary search: a word out of order
 * makes others plain strings ("goto" once did). */
static void test_keywords_sorted(void)
{
	const struct keyword *kw;
	size_t i, n;

	kw = scanner_keywords(&n);
	for (i = 1; i < n; i++)
		CHECK(strcmp(kw[i - 1].name, kw[i].name) < 0);
}

static void test_syntax_errors(struct nft_ctx *nft)
{
	struct parse p;

	parse(&p, nft, "add table ip t\n"
		       "add chain ip t c { type filter hook input; }\n"
		       "add rule ip t c countr\n"
		       "\tadd table ip t extra\n"
		       "add rule ip t c ip daddrx 1.2.3.4\n"
		       "add table ip ok\n"
		       "add rule ip t c meta foo 1 `\n");
	CHECK(p.ret == -1);
	CHECK(list_count(&p.msgs) == 5);
	check_err(&p, 0, 2, 42, 42,
		  "syntax error, unexpected semicolon, expecting ");
	/* a word starting a statement is a value to compare, as in the
	 * reference: the error is where nothing follows it, no hint */
	check_err(&p, 1, 3, 23, 23, "syntax error, unexpected newline");
	/* a tab is one column */
	check_err(&p, 2, 4, 17, 21, "unexpected string, expecting end of file or newline or semicolon");
	check_err(&p, 3, 5, 20, 25, "syntax error, unexpected string");
	/* the rest of the line is skipped, as 1.1.3 skips it */
	check_err(&p, 4, 7, 17, 24, "syntax error, unexpected foo, known keys are length, protocol,");
	/* the good commands around the errors were still parsed */
	CHECK(list_count(&p.cmds) >= 2);
	parse_done(&p);

	/* errors inside blocks recover at the next line of the block */
	parse(&p, nft, "table ip t {\n\tchain c {\n\t\tpolicy\n"
		       "\t\tip saddr 1.2.3.4 acept\n\t}\n\tflgs dormant\n}\n"
		       "add table \"unterminated\n");
	CHECK(p.ret == -1);
	CHECK(list_count(&p.msgs) == 4);
	check_err(&p, 0, 3, 9, 9, "unexpected newline");
	check_err(&p, 1, 4, 25, 25, "syntax error, unexpected newline");
	check_err(&p, 2, 6, 2, 5, "syntax error, unexpected string");
	check_err(&p, 3, 8, 11, 23, "unterminated string");
	parse_done(&p);

	/* a missing '}' is reported at the end of the input: the start
	 * of the line after the last, as 1.1.3 has it */
	parse(&p, nft, "table ip t {\n\tchain c {\n\t\taccept\n\t}\n");
	CHECK(p.ret == -1 && list_count(&p.msgs) == 1);
	check_err(&p, 0, 5, 1, 1, "unexpected end of file");
	parse_done(&p);
}

static void test_variables(struct nft_ctx *nft)
{
	struct parse p;
	struct chain *ch;
	struct expr *m;

	nft_ctx_add_var(nft, "cli=10.1.1.1");
	/* as for a file (the library binds them for files only) */
	nft_top_scope_vars(nft);
	parse(&p, nft, "define prio = -5\ndefine port = 22\n"
		       "table ip t {\n"
		       "\tdefine inner = 7\n"
		       "\tchain c {\n"
		       "\t\ttype filter hook input priority $prio; "
		       "policy $pol\n"
		       "\t\ttcp dport $port ip saddr $cli\n"
		       "\t}\n}\n"
		       "add rule ip t c meta mark $inner\n"
		       "define port = 23\nredefine port = 24\n"
		       "add rule ip t c tcp dport $port\n"
		       "undefine port\nadd rule ip t c tcp dport $port\n");
	CHECK(p.ret == -1);
	CHECK(list_count(&p.msgs) == 4);
	/* the name marked, not its '$', as 1.1.3 does */
	check_err(&p, 0, 6, 50, 52, "unknown identifier 'pol'");
	check_err(&p, 1, 10, 28, 32, "unknown identifier 'inner'");
	check_err(&p, 2, 11, 8, 11, "redefinition of symbol 'port'");
	check_err(&p, 3, 15, 28, 31, "unknown identifier 'port'");
	ch = table_lookup_chain(nth_cmd(&p, 0)->table, "c");
	CHECK(ch->priority->etype == EXPR_VARIABLE);
	CHECK(is_symbol(ch->priority->variable.value, "-5"));
	CHECK(nth_cmd(&p, 0)->obj == CMD_OBJ_TABLE);
	m = list_first_entry(&ch->rules, struct rule, list) ?
	    nth_stmt(list_first_entry(&ch->rules, struct rule, list),
		     0)->expr : NULL;
	CHECK(m && m->binop.right->etype == EXPR_VARIABLE);
	CHECK(is_symbol(m->binop.right->variable.value, "22"));
	m = nth_stmt(list_first_entry(&ch->rules, struct rule, list),
		     1)->expr;
	CHECK(is_symbol(m->binop.right->variable.value, "10.1.1.1"));
	/* a rule with an unknown name is dropped, as 1.1.3 drops it */
	CHECK(list_count(&p.cmds) == 2);
	m = match_of(nth_cmd(&p, 1), 0);
	CHECK(m && is_symbol(m->binop.right->variable.value, "24"));
	parse_done(&p);
	nft_ctx_clear_vars(nft);
}

static char *write_file(const char *dir, const char *name, const char *text)
{
	char *path = xasprintf("%s/%s", dir, name);
	FILE *f = fopen(path, "w");

	fputs(text, f);
	fclose(f);
	return path;
}

static void test_include(struct nft_ctx *nft)
{
	char tmpl[] = "/tmp/parser_test.XXXXXX";
	char *dir = mkdtemp(tmpl), *files[5];
	struct parse p;
	struct cmd *c;
	char *sub;

	CHECK(dir != NULL);
	if (!dir)
		return;
	sub = xasprintf("%s/sub", dir);
	mkdir(sub, 0755);
	files[0] = write_file(dir, "a.nft",
			      "define dev = v0\nadd table ip from_a\n"
			      "include \"sub/b.nft\"");
	files[1] = write_file(dir, "sub/b.nft", "add table ip from_b\n");
	files[2] = write_file(dir, "bad.nft", "add table ip t\nlist tabel x\n");
	files[3] = write_file(sub, "c1.nft", "add table ip c1\n");
	files[4] = write_file(sub, "c2.nft", "add table ip c2\n");
	nft_ctx_clear_include_paths(nft);
	nft_ctx_add_include_path(nft, "/nonexistent");
	nft_ctx_add_include_path(nft, dir);

	parse(&p, nft, "include \"a.nft\"\n"
		       "add chain netdev t c { devices = { $dev }; }\n"
		       "include \"sub/c*.nft\"; include \"none*.nft\"\n"
		       "add table ip last");
	check_ok(&p, 6);
	CHECK_STREQ(nth_cmd(&p, 0)->handle.table.name, "from_a");
	c = nth_cmd(&p, 1);
	CHECK_STREQ(c->handle.table.name, "from_b");
	/* locations of included text refer to the included file */
	CHECK(c->location.indesc && c->location.indesc->name &&
	      strstr(c->location.indesc->name, "sub/b.nft"));
	CHECK(c->location.indesc->parent &&
	      c->location.indesc->parent->first_line == 3);
	CHECK(c->location.first_line == 1 && c->location.first_column == 1);
	CHECK(nth_cmd(&p, 2)->location.first_line == 2);
	CHECK(nth_cmd(&p, 2)->location.indesc->name == NULL);
	CHECK_STREQ(nth_cmd(&p, 3)->handle.table.name, "c1");
	CHECK_STREQ(nth_cmd(&p, 4)->handle.table.name, "c2");
	CHECK_STREQ(nth_cmd(&p, 5)->handle.table.name, "last");
	parse_done(&p);

	parse(&p, nft, "include \"missing.nft\"\ninclude \"bad.nft\"\n"
		       "add table ip x\n");
	CHECK(p.ret == -1 && list_count(&p.msgs) == 2);
	/* The include statement runs up to its separator, as the system
	 * nft reports it ("1:1-22", the newline included). */
	check_err(&p, 0, 1, 1, 22, "File not found: missing.nft");
	check_err(&p, 1, 2, 6, 10, "syntax error, unexpected string");
	CHECK(nth_err(&p, 1)->locations[0].indesc->name &&
	      strstr(nth_err(&p, 1)->locations[0].indesc->name, "bad.nft"));
	/* "In file included from <cmdline>:2:1-18:" */
	CHECK(nth_err(&p, 1)->locations[0].indesc->parent->first_column == 1 &&
	      nth_err(&p, 1)->locations[0].indesc->parent->last_column == 18);
	CHECK(list_count(&p.cmds) == 2);
	parse_done(&p);

	/* a file including itself stops at the depth limit */
	free(files[0]);
	files[0] = write_file(dir, "a.nft", "include \"a.nft\"\n");
	parse(&p, nft, "include \"a.nft\"\n");
	CHECK(p.ret == -1 && list_count(&p.msgs) == 1);
	CHECK(strstr(nth_err(&p, 0)->msg, "max 16 levels") != NULL);
	parse_done(&p);

	for (unsigned int i = 0; i < array_size(files); i++) {
		unlink(files[i]);
		free(files[i]);
	}
	rmdir(sub);
	rmdir(dir);
	free(sub);
}

/* Stateful objects: commands, table blocks, the scope of list/reset. */
static void test_objects(struct nft_ctx *nft)
{
	struct parse p;
	struct cmd *c;
	struct table *t;
	struct sobj *o;

	parse(&p, nft, "add counter inet t c { packets 1 bytes 2; }\n"
		       "create quota t q { over 10 kbytes }\n"
		       "delete limit ip6 t handle 7\n"
		       "list ct helper t h\n"
		       "list counters\n"
		       "list quotas table ip6 x\n"
		       "reset quotas inet\n"
		       "list counters table ip\n");
	check_ok(&p, 8);
	c = nth_cmd(&p, 0);
	CHECK(c->op == CMD_ADD && c->obj == CMD_OBJ_COUNTER);
	CHECK_STREQ(c->handle.chain.name, "c");
	CHECK(c->sobj && c->sobj->counter.packets == 1 &&
	      c->sobj->counter.bytes == 2);
	c = nth_cmd(&p, 1);
	CHECK(c->op == CMD_CREATE && c->obj == CMD_OBJ_QUOTA);
	CHECK(c->sobj && c->sobj->quota.bytes == 10240 &&
	      c->sobj->quota.flags == NFT_QUOTA_F_INV);
	c = nth_cmd(&p, 2);
	CHECK(c->op == CMD_DELETE && c->obj == CMD_OBJ_LIMIT &&
	      c->handle.handle.id == 7 && c->handle.family == NFPROTO_IPV6);
	c = nth_cmd(&p, 3);
	CHECK(c->op == CMD_LIST && c->obj == CMD_OBJ_CT_HELPER);
	CHECK_STREQ(c->handle.chain.name, "h");
	c = nth_cmd(&p, 4);
	CHECK(c->obj == CMD_OBJ_COUNTERS && c->handle.family == NFPROTO_UNSPEC &&
	      !c->handle.table.name);
	c = nth_cmd(&p, 5);
	CHECK(c->obj == CMD_OBJ_QUOTAS && c->handle.family == NFPROTO_IPV6);
	CHECK_STREQ(c->handle.table.name, "x");
	c = nth_cmd(&p, 6);
	CHECK(c->op == CMD_RESET && c->obj == CMD_OBJ_QUOTAS &&
	      c->handle.family == NFPROTO_INET);
	/* a table called ip */
	c = nth_cmd(&p, 7);
	CHECK(c->handle.family == NFPROTO_IPV4);
	CHECK_STREQ(c->handle.table.name, "ip");
	parse_done(&p);

	parse(&p, nft, "table ip t {\n\tcounter c {\n\t\tpackets 0 bytes 0\n"
		       "\t}\n\tct timeout to { protocol udp; policy = "
		       "{ replied : 2m, unreplied : 5 }; }\n}\n");
	check_ok(&p, 1);
	t = nth_cmd(&p, 0)->table;
	CHECK(t && sobj_table_count(t) == 2);
	o = list_entry(t->objs.next, struct sobj, list);
	CHECK(o->type == NFT_OBJECT_COUNTER);
	CHECK_STREQ(o->handle.table.name, "t");
	o = list_entry(o->list.next, struct sobj, list);
	/* its states are the protocol's, as evaluation finds them */
	CHECK(sobj_states_evaluate(o, &p.msgs) == 0);
	CHECK(o->type == NFT_OBJECT_CT_TIMEOUT &&
	      o->timeout.timeout[1] == 120 && o->timeout.timeout[0] == 5);
	parse_done(&p);

	parse(&p, nft, "list counterz\nadd quota t q { 5 parsecs }\n");
	CHECK(p.ret == -1 && list_count(&p.msgs) == 2);
	check_err(&p, 0, 1, 6, 13, "syntax error, unexpected string");
	/* from the end of the word before the setting, as 1.1.3 */
	check_err(&p, 1, 2, 15, 25, "Wrong unit format");
	parse_done(&p);
}

int main(void)
{
	struct nft_ctx *nft = nft_ctx_new(0);

	test_table_cmds(nft);
	test_ruleset_cmds(nft);
	test_chain_cmds(nft);
	test_base_chain(nft);
	test_devices(nft);
	test_table_block(nft);
	test_rule_cmds(nft);
	test_matches(nft);
	test_lexical(nft);
	test_keywords_sorted();
	test_syntax_errors(nft);
	test_variables(nft);
	test_include(nft);
	test_objects(nft);
	nft_ctx_free(nft);
	return unit_done("parser_test");
}
