/*
 * Regressions of the robustness review and the fuzzers (tests/fuzz): one
 * check per bug that was found, so it stays fixed. No kernel: text is
 * parsed and evaluated only when no command needs the cache (table
 * blocks and defines), JSON rules are evaluated statement by statement.
 */
#include <nft.h>
#include <nftables.h>
#include <parse.h>
#include <evaluate.h>
#include <linearize.h>
#include <netlink.h>
#include <rule.h>
#include <json.h>
#include <cache.h>
#include <errno.h>
#include <limits.h>
#include <sched.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <linux/netfilter.h>
#include <libnftnl/rule.h>
#include "unit.h"

struct run {
	struct nft_ctx *nft;
	struct list_head cmds;
	struct list_head msgs;
	int ret;
};

/* Nothing here may reach the kernel: no command may need the cache. */
static bool run_cache_free(struct run *r)
{
	struct cache_filter f = { NFPROTO_UNSPEC, NULL, NULL };
	unsigned int flags = 0;
	bool first = true;
	struct cmd *cmd;

	list_for_each_entry(cmd, &r->cmds, list)
		cache_cmd_needs(cmd, &flags, &f, &first);
	return flags == 0;
}

/* Parse @text (@len bytes, may hold any byte) and, if that went well,
 * evaluate it. */
static void run_text_len(struct run *r, struct nft_ctx *nft,
			 const char *text, size_t len)
{
	struct input_descriptor *d;
	char *data = xmalloc(len + 1);

	memcpy(data, text, len);
	data[len] = '\0';
	r->nft = nft;
	init_list_head(&r->cmds);
	init_list_head(&r->msgs);
	d = indesc_alloc(INPUT_BUFFER, NULL, data, len);
	list_add_tail(&d->list, &nft->indescs);
	r->ret = nft_parse_text(nft, d, &r->cmds, &r->msgs);
	if (r->ret < 0)
		return;
	CHECK(run_cache_free(r));
	if (run_cache_free(r))
		r->ret = nft_evaluate(nft, &r->cmds, &r->msgs);
}

static void run_text(struct run *r, struct nft_ctx *nft, const char *text)
{
	run_text_len(r, nft, text, strlen(text));
}

static void run_json(struct run *r, struct nft_ctx *nft, const char *text)
{
	struct input_descriptor *d;

	r->nft = nft;
	init_list_head(&r->cmds);
	init_list_head(&r->msgs);
	d = indesc_alloc(INPUT_JSON, NULL, xstrdup(text), strlen(text));
	list_add_tail(&d->list, &nft->indescs);
	r->ret = nft_parse_json(nft, d, &r->cmds, &r->msgs);
}

static void run_done(struct run *r)
{
	struct input_descriptor *d, *next;

	cmd_list_free(&r->cmds);
	erec_free_list(&r->msgs);
	list_for_each_entry_safe(d, next, &r->nft->indescs, list) {
		list_del(&d->list);
		indesc_free(d);
	}
	/* JSON paths interned for the run (libnftables.c frees them the
	 * same way at the end of a run) */
	nft_run_release_strings(r->nft);
	scope_free(r->nft->top_scope);
	r->nft->top_scope = NULL;
}

static unsigned int count_errors(const struct run *r)
{
	const struct error_record *e;
	unsigned int n = 0;

	list_for_each_entry(e, &r->msgs, list)
		n++;
	return n;
}

/* The first error's message contains @msg. */
static bool first_error_has(const struct run *r, const char *msg)
{
	const struct error_record *e;

	if (list_empty(&r->msgs))
		return false;
	e = list_first_entry(&r->msgs, struct error_record, list);
	if (!strstr(e->msg, msg))
		fprintf(stderr, "  error was: %s\n", e->msg);
	return strstr(e->msg, msg) != NULL;
}

static void check_ok(struct run *r)
{
	CHECK(r->ret == 0 && list_empty(&r->msgs));
	if (!list_empty(&r->msgs))
		erec_print_list(stderr, &r->msgs);
}

static struct cmd *first_cmd(struct run *r)
{
	return list_first_entry(&r->cmds, struct cmd, list);
}

static struct chain *nth_chain(struct table *t, unsigned int n)
{
	struct chain *c;

	list_for_each_entry(c, &t->chains, list)
		if (n-- == 0)
			return c;
	return NULL;
}

static struct rule *first_rule(struct chain *c)
{
	return list_first_entry(&c->rules, struct rule, list);
}

static char *bytecode(struct nft_ctx *nft, const struct rule *rule)
{
	struct nftnl_rule *nlr = netlink_rule_build(nft, &rule->handle, rule);
	char buf[4096];

	nftnl_rule_snprintf(buf, sizeof(buf), nlr, NFTNL_OUTPUT_DEFAULT, 0);
	unit_bytecode_norm(buf, sizeof(buf));
	nftnl_rule_free(nlr);
	return xstrdup(buf);
}

/*
 * The scanner's tables were 7-bit: a byte above 0x7f matched no rule and
 * flex looped forever ("add table ip té" hung nft). Now it is an invalid
 * character, shown escaped; UTF-8 in strings and comments is fine.
 */
static void test_high_bytes(struct nft_ctx *nft)
{
	static const char hang[] = "0\x8f";
	struct run r;

	run_text(&r, nft, "add table ip t\xc3\xa9\n");
	CHECK(r.ret == -1);
	CHECK(first_error_has(&r, "invalid character '\\xc3'"));
	run_done(&r);

	run_text_len(&r, nft, hang, sizeof(hang) - 1);
	CHECK(r.ret == -1 && count_errors(&r) >= 1);
	run_done(&r);

	run_text(&r, nft, "table ip t { # caf\xc3\xa9\n"
		 "\tcomment \"caf\xc3\xa9\"\n}\n");
	check_ok(&r);
	CHECK_STREQ(first_cmd(&r)->table->comment, "caf\xc3\xa9");
	run_done(&r);
}

/* include "/dev/zero" read until memory ran out. */
static void test_include_device(struct nft_ctx *nft)
{
	struct run r;

	run_text(&r, nft, "include \"/dev/zero\"\n");
	CHECK(r.ret == -1 && count_errors(&r) == 1);
	CHECK(first_error_has(&r, "not a regular file or a pipe"));
	run_done(&r);
}

/* flex's "fast" tables were read past their end on a NUL byte followed
 * by a high one (AddressSanitizer: global-buffer-overflow in yylex). A
 * NUL is an invalid character, as in the system nft. */
static void test_nul_byte(struct nft_ctx *nft)
{
	static const char text[] = "add table ip t\0\377\nadd table ip u\n";
	struct run r;

	run_text_len(&r, nft, text, sizeof(text) - 1);
	CHECK(r.ret == -1 && count_errors(&r) == 1);
	CHECK(first_error_has(&r, "invalid character '\\x00'"));
	run_done(&r);
}

/* The first error's location starts at @line:@column. */
static bool first_error_at(const struct run *r, unsigned int line,
			   unsigned int column)
{
	const struct error_record *e;

	if (list_empty(&r->msgs))
		return false;
	e = list_first_entry(&r->msgs, struct error_record, list);
	if (e->locations[0].first_line != line ||
	    e->locations[0].first_column != column)
		fprintf(stderr, "  error at %u:%u\n",
			e->locations[0].first_line,
			e->locations[0].first_column);
	return e->locations[0].first_line == line &&
	       e->locations[0].first_column == column;
}

/*
 * Comments of tables, chains and rules hold 128 characters, as in the
 * kernel and the system nft (127 were allowed), and the error for a
 * longer one points at the comment, not at the object.
 */
static void test_comment_length(struct nft_ctx *nft)
{
	static const char *const fmt[] = {
		"table ip t {\n\tcomment \"%s\"\n}\n",
		"table ip t {\n\tchain c {\n\t\tcomment \"%s\"\n\t}\n}\n",
		"table ip t {\n\tchain c {\n\t\taccept comment \"%s\"\n\t}\n}\n",
	};
	static const unsigned int line[] = { 2, 3, 3 }, column[] = { 10, 11, 18 };
	char c128[129], c129[130], *text;
	unsigned int i;
	struct run r;

	memset(c128, 'a', 128);
	c128[128] = '\0';
	memset(c129, 'b', 129);
	c129[129] = '\0';
	for (i = 0; i < array_size(fmt); i++) {
		text = xasprintf(fmt[i], c128);
		run_text(&r, nft, text);
		check_ok(&r);
		run_done(&r);
		xfree(text);

		text = xasprintf(fmt[i], c129);
		run_text(&r, nft, text);
		CHECK(r.ret == -1 && count_errors(&r) == 1);
		CHECK(first_error_has(&r, "comment too long, 128 characters maximum allowed"));
		CHECK(first_error_at(&r, line[i], column[i]));
		run_done(&r);
		xfree(text);
	}

	text = xasprintf("{\"nftables\": [{\"add\": {\"table\": {"
			 "\"family\": \"ip\", \"name\": \"t\", "
			 "\"comment\": \"%s\"}}}]}", c129);
	run_json(&r, nft, text);
	CHECK(r.ret == 0 && run_cache_free(&r));
	if (r.ret == 0 && run_cache_free(&r)) {
		CHECK(nft_evaluate(nft, &r.cmds, &r.msgs) < 0);
		CHECK(first_error_has(&r, "comment too long, 128 characters maximum allowed"));
		if (!list_empty(&r.msgs)) {
			const struct error_record *e =
				list_first_entry(&r.msgs, struct error_record,
						 list);

			CHECK_STREQ(e->locations[0].json_path,
				    ".add.table.comment");
		}
	}
	run_done(&r);
	xfree(text);
}

/*
 * JSON tables, chains and rules name their family, as the system nft
 * requires; they were taken as ip.
 */
static void test_json_family(struct nft_ctx *nft)
{
	static const struct {
		const char *json, *path;
	} bad[] = {
		{ "{\"add\": {\"table\": {\"name\": \"t\"}}}",
		  ".add.table" },
		{ "{\"delete\": {\"table\": {\"name\": \"t\"}}}",
		  ".delete.table" },
		{ "{\"list\": {\"table\": {\"name\": \"t\"}}}",
		  ".list.table" },
		{ "{\"add\": {\"chain\": {\"table\": \"t\", "
		  "\"name\": \"c\"}}}", ".add.chain" },
		{ "{\"flush\": {\"chain\": {\"table\": \"t\", "
		  "\"name\": \"c\"}}}", ".flush.chain" },
		{ "{\"add\": {\"rule\": {\"table\": \"t\", \"chain\": "
		  "\"c\", \"expr\": [{\"accept\": null}]}}}",
		  ".add.rule" },
		{ "{\"delete\": {\"rule\": {\"table\": \"t\", \"chain\": "
		  "\"c\", \"handle\": 2}}}", ".delete.rule" },
	};
	const struct error_record *e;
	unsigned int i;
	struct run r;
	char *text;

	for (i = 0; i < array_size(bad); i++) {
		text = xasprintf("{\"nftables\": [%s]}", bad[i].json);
		run_json(&r, nft, text);
		CHECK(r.ret == -1 && count_errors(&r) == 1);
		CHECK(first_error_has(&r, "missing \"family\""));
		if (!list_empty(&r.msgs)) {
			e = list_first_entry(&r.msgs, struct error_record,
					     list);
			CHECK_STREQ(e->locations[0].json_path, bad[i].path);
		}
		run_done(&r);
		xfree(text);
	}

	/* with it, they parse; listing and flushing everything need none */
	run_json(&r, nft, "{\"nftables\": [{\"add\": {\"table\": "
		 "{\"family\": \"inet\", \"name\": \"t\"}}}, "
		 "{\"list\": {\"tables\": null}}, "
		 "{\"flush\": {\"ruleset\": null}}]}");
	check_ok(&r);
	if (r.ret == 0)
		CHECK(first_cmd(&r)->handle.family == NFPROTO_INET);
	run_done(&r);
}

/*
 * Separators between and after block items are what the system nft
 * 1.0.6 takes, no more: every item ends with a newline or ';', the last
 * one before '}' too, and so does a block before the next item. Each
 * line below was checked against /usr/sbin/nft -c.
 */
static void test_block_separators(struct nft_ctx *nft)
{
	static const char *const good[] = {
		"table ip t {}",
		"table ip t { };",
		"table ip t { } ;;",
		"table ip t { chain c { }; chain d { }; }",
		"table ip t { chain c { accept; }; }",
		"table ip t { ; chain c { ; accept ; ; } ; }",
		"table ip t { comment \"x\"; chain c { }; }",
		"table ip t { flags dormant; comment \"x\"; }",
		"table ip t { chain c { counter; accept; }; chain d { drop; }; }",
		"table ip t { chain c { type filter hook input priority 0; "
		"policy drop; comment \"x\"; }; }",
		"table ip t {\n\tchain c {\n\t\taccept\n\t}\n}",
		"table ip t { # a\n chain c { # b\n accept # c\n } # d\n} # e",
		"table ip t { chain c {\n accept\n};}",
		"table ip t { define x = 1; }",
		"add table ip t;add table ip u;",
	};
	static const char *const bad[] = {
		"table ip t { chain c { } chain d { } }",
		"table ip t { chain c { }; chain d { } }",
		"table ip t { chain c { accept } }",
		"table ip t { chain c { accept; } }",
		"table ip t { chain c { accept }; }",
		"table ip t { comment \"x\" }",
		"table ip t { flags dormant comment \"x\" }",
		"table ip t { chain c { type filter hook input priority 0; "
		"policy drop }; }",
		"table ip t { } table ip u { }",
		"table ip t { chain c { }; } add table ip u",
		"table ip t {\n chain c { accept }\n}",
		"table ip t {\n\tchain c {\n\t} chain d {\n\t}\n}",
		"table ip t { define x = 1 chain c { }; }",
	};
	unsigned int i;
	struct run r;
	char *text;

	for (i = 0; i < array_size(good); i++) {
		text = xasprintf("%s\n", good[i]);
		run_text(&r, nft, text);
		if (r.ret != 0)
			fprintf(stderr, "  refused: %s\n", good[i]);
		check_ok(&r);
		run_done(&r);
		xfree(text);
	}
	for (i = 0; i < array_size(bad); i++) {
		text = xasprintf("%s\n", bad[i]);
		run_text(&r, nft, text);
		if (r.ret == 0)
			fprintf(stderr, "  accepted: %s\n", bad[i]);
		CHECK(r.ret == -1 && first_error_has(&r, "syntax error"));
		run_done(&r);
		xfree(text);
	}

	/* what was taken before says what it lacks, in 1.1.3's words */
	run_text(&r, nft, "table ip t { chain c { accept } }\n");
	CHECK(r.ret == -1 && first_error_has(&r, "unexpected '}', "
					     "expecting newline or semicolon"));
	run_done(&r);
}

/*
 * Parsing stops after 10 errors, as in the system nft: 10 MB of random
 * bytes made 56,599 errors and 14 MB of output in 51 s.
 */
static void test_error_limit(struct nft_ctx *nft)
{
	size_t i, len = 10 << 20;
	char *junk = xmalloc(len), *text;
	uint32_t x = 2463534242u;
	struct run r;

	for (i = 0; i < len; i++) {
		x ^= x << 13;
		x ^= x >> 17;
		x ^= x << 5;
		junk[i] = x >> 24;
	}
	run_text_len(&r, nft, junk, len);
	CHECK(r.ret == -1 && count_errors(&r) == 10);
	run_done(&r);
	xfree(junk);

	/* twelve bad lines: the first ten are reported */
	text = xstrdup("");
	for (i = 0; i < 12; i++) {
		char *more = xasprintf("%sadd table ip t%zu x\n", text, i);

		xfree(text);
		text = more;
	}
	run_text(&r, nft, text);
	CHECK(r.ret == -1 && count_errors(&r) == 10);
	run_done(&r);
	xfree(text);

	/* errors of the grammar's actions count too */
	run_text(&r, nft, "add rule ip t c tcp dport $a\n"
		 "add rule ip t c tcp dport $b\nadd rule ip t c tcp dport $c\n"
		 "add rule ip t c tcp dport $d\nadd rule ip t c tcp dport $e\n"
		 "add rule ip t c tcp dport $f\nadd rule ip t c tcp dport $g\n"
		 "add rule ip t c tcp dport $h\nadd rule ip t c tcp dport $i\n"
		 "add rule ip t c tcp dport $j\nadd rule ip t c tcp dport $k\n");
	CHECK(r.ret == -1 && count_errors(&r) == 10);
	run_done(&r);
}

/* "ether type 8021q" (as nft lists it) lexed as 8021 and q. */
static void test_digit_words(struct nft_ctx *nft)
{
	struct run r;
	char *code;

	run_text(&r, nft, "table netdev t { chain c {\n"
		 "\tether type 8021q\n\tether type 8021ad\n}; }\n");
	check_ok(&r);
	if (r.ret == 0) {
		code = bytecode(nft, first_rule(nth_chain(first_cmd(&r)->table,
							  0)));
		CHECK(strstr(code, "cmp eq reg 1 0x00000081") != NULL);
		xfree(code);
	}
	run_done(&r);
}

/* Numbers too big for their field are errors, never truncated. */
static void test_number_ranges(struct nft_ctx *nft)
{
	struct run r;

	run_text(&r, nft, "table ip t { chain c {\n"
		 "\tcounter packets 99999999999999999999 bytes 1\n}; }\n");
	CHECK(r.ret == -1);
	CHECK(first_error_has(&r, "99999999999999999999 is out of range"));
	run_done(&r);

	/* was taken as /8 */
	run_text(&r, nft, "table ip t { chain c {\n"
		 "\tip saddr 10.0.0.0/4294967304\n}; }\n");
	CHECK(r.ret == -1);
	CHECK(first_error_has(&r, "prefix length 4294967304 is out of range"));
	run_done(&r);

	run_json(&r, nft, "{\"nftables\": [{\"add\": {\"rule\": {"
		 "\"family\": \"ip\", \"table\": \"t\", \"chain\": \"c\", "
		 "\"expr\": [{\"match\": "
		 "{\"op\": \"==\", \"left\": {\"payload\": {\"protocol\": "
		 "\"ip\", \"field\": \"saddr\"}}, \"right\": {\"prefix\": "
		 "{\"addr\": \"10.0.0.0\", \"len\": 4294967304}}}}]}}}]}");
	CHECK(r.ret == -1 && first_error_has(&r, "Invalid prefix"));
	run_done(&r);

	run_text(&r, nft, "table ip t { chain c { type filter hook input "
		 "priority filter + 99999999999999999999; }; }\n");
	CHECK(r.ret == -1 && first_error_has(&r, "invalid priority"));
	run_done(&r);
}

/* INT_MIN - 50 overflowed (UBSan) when a listing named the priority. */
static void test_priority_extremes(struct nft_ctx *nft)
{
	struct run r;
	char buf[64];

	run_text(&r, nft, "table ip t { chain c { type filter hook input "
		 "priority -2147483648; }; }\n");
	check_ok(&r);
	if (r.ret == 0)
		CHECK(nth_chain(first_cmd(&r)->table, 0)->prio == INT_MIN);
	run_done(&r);

	prio_format(buf, sizeof(buf), NFPROTO_IPV4, NF_INET_LOCAL_IN, INT_MIN,
		    false);
	CHECK_STREQ(buf, "-2147483648");
	prio_format(buf, sizeof(buf), NFPROTO_IPV4, NF_INET_LOCAL_IN, INT_MAX,
		    false);
	CHECK_STREQ(buf, "2147483647");
	prio_format(buf, sizeof(buf), NFPROTO_IPV4, NF_INET_LOCAL_IN, -145,
		    false);
	CHECK_STREQ(buf, "mangle + 5");
}

/*
 * "define prio = filter + 10; ... priority $prio" was a syntax error
 * (and crashes the system nft 1.0.6); "filter - 10" is a range there.
 */
static void test_define_priority(struct nft_ctx *nft)
{
	struct run r;
	struct table *t;

	run_text(&r, nft, "define p1 = filter + 10\n"
		 "define p2 = mangle - 5\ndefine p3 = -150\n"
		 "define p4 = $p1\n"
		 "table inet t {\n"
		 "\tchain a { type filter hook input priority $p1; }\n"
		 "\tchain b { type filter hook input priority $p2; }\n"
		 "\tchain c { type filter hook input priority $p3; }\n"
		 "\tchain d { type filter hook input priority $p4; }\n}\n");
	check_ok(&r);
	if (r.ret == 0) {
		t = first_cmd(&r)->table;
		CHECK(nth_chain(t, 0)->prio == 10);
		CHECK(nth_chain(t, 1)->prio == -155);
		CHECK(nth_chain(t, 2)->prio == -150);
		CHECK(nth_chain(t, 3)->prio == 10);
	}
	run_done(&r);

	/* a priority longer than a fixed buffer was cut, its offset lost */
	run_text(&r, nft, "table ip t { chain c { type filter hook input "
		 "priority filter + 000000000000000000000000000000000000000000"
		 "000000000000000000000000000000000000000000000000007; }; }\n");
	check_ok(&r);
	if (r.ret == 0)
		CHECK(nth_chain(first_cmd(&r)->table, 0)->prio == 7);
	run_done(&r);

	run_text(&r, nft, "define p = { 1, 2 }\ntable ip t { chain c { "
		 "type filter hook input priority $p; }; }\n");
	CHECK(r.ret == -1 &&
	      first_error_has(&r, "invalid priority expression value"));
	run_done(&r);
}

/* 25 lines, each doubling the one before: 2^25 copies took minutes and
 * gigabytes. */
static char *doubling_defines(const char *first, unsigned int n)
{
	char *text = xasprintf("define d0 = %s\n", first), *more;
	unsigned int i;

	for (i = 1; i <= n; i++) {
		more = xasprintf("%sdefine d%u = { $d%u, $d%u }\n", text, i,
				 i - 1, i - 1);
		xfree(text);
		text = more;
	}
	return text;
}

static void test_variable_expansion(struct nft_ctx *nft)
{
	char *defs = doubling_defines("{ v0 }", 25), *text;
	time_t start = time(NULL);
	struct run r;

	text = xasprintf("%stable netdev t { chain c { type filter hook "
			 "ingress devices = $d25 priority 0; }; }\n", defs);
	run_text(&r, nft, text);
	CHECK(r.ret == -1 && count_errors(&r) == 1);
	CHECK(first_error_has(&r, "device 'v0' is listed twice"));
	run_done(&r);
	xfree(text);
	xfree(defs);

	defs = doubling_defines("22", 25);
	text = xasprintf("%stable ip t { chain c { tcp dport $d25; }; }\n",
			 defs);
	run_text(&r, nft, text);
	CHECK(r.ret == -1 && count_errors(&r) == 1);
	CHECK(first_error_has(&r, "too many values"));
	run_done(&r);
	xfree(text);
	xfree(defs);
	CHECK(time(NULL) - start < 30);
}

/* Fields that are not whole bytes were compared as whole bytes: "ip
 * version 4" never matched an IPv4 packet. They are masked now. */
static void test_sub_byte_fields(struct nft_ctx *nft)
{
	static const struct {
		const char *rule, *mask;
	} rules[] = {
		{ "ip version 4", "& 0x000000f0 )" },
		{ "ip dscp 10", "& 0x000000fc )" },
		{ "ip6 flowlabel 5", "& 0x00ffff0f )" },
		{ "tcp doff 5", "& 0x000000f0 )" },
	};
	unsigned int i;
	struct run r;
	char *text, *code;

	for (i = 0; i < array_size(rules); i++) {
		text = xasprintf("table inet t { chain c { %s; }; }\n",
				 rules[i].rule);
		run_text(&r, nft, text);
		check_ok(&r);
		if (r.ret == 0) {
			code = bytecode(nft, first_rule(nth_chain(
					first_cmd(&r)->table, 0)));
			CHECK(strstr(code, rules[i].mask) != NULL);
			xfree(code);
		}
		run_done(&r);
		xfree(text);
	}
}

/* Evaluate the statements of the first (JSON) rule command. */
static int eval_json_rule(struct run *r)
{
	struct eval_ctx ectx;
	struct rule *rule;
	struct stmt *stmt, *next;
	int err = 0;

	if (r->ret < 0 || list_empty(&r->cmds))
		return -1;
	rule = first_cmd(r)->rule;
	memset(&ectx, 0, sizeof(ectx));
	ectx.nft = r->nft;
	ectx.msgs = &r->msgs;
	ectx.rule = rule;
	proto_ctx_init(&ectx.pctx, rule->handle.family);
	list_for_each_entry_safe(stmt, next, &rule->stmts, list)
		if (stmt_evaluate(&ectx, stmt) < 0)
			err = -1;
	return err;
}

static char *raw_payload_rule(unsigned int offset, unsigned int len)
{
	return xasprintf("{\"nftables\": [{\"add\": {\"rule\": {"
			 "\"family\": \"ip\", \"table\": \"t\", "
			 "\"chain\": \"c\", \"expr\": "
			 "[{\"match\": {\"op\": \"==\", \"left\": {\"payload\": "
			 "{\"base\": \"ll\", \"offset\": %u, \"len\": %u}}, "
			 "\"right\": 1}}]}}}]}", offset, len);
}

/* A raw payload of 1000 bits overflowed the encoder's 64 byte compare
 * buffer on the stack (ASan). */
static void test_raw_payload(struct nft_ctx *nft)
{
	struct run r;
	char *text, *code;

	text = raw_payload_rule(0, 1000);
	run_json(&r, nft, text);
	CHECK(r.ret == -1 && first_error_has(&r, "length of at most"));
	run_done(&r);
	xfree(text);

	/* bits are masked, but the bytes that hold them must fit too */
	text = raw_payload_rule(4, 512);
	run_json(&r, nft, text);
	CHECK(eval_json_rule(&r) == -1 &&
	      first_error_has(&r, "does not fit the data registers"));
	run_done(&r);
	xfree(text);

	text = raw_payload_rule(4, 8);
	run_json(&r, nft, text);
	CHECK(eval_json_rule(&r) == 0);
	if (r.ret == 0) {
		code = bytecode(nft, first_cmd(&r)->rule);
		CHECK(strstr(code, "payload load 2b @ link header + 0") &&
		      strstr(code, "& 0x0000f00f )"));
		xfree(code);
	}
	run_done(&r);
	xfree(text);

	/* the largest load the registers hold still encodes */
	text = raw_payload_rule(8, 512);
	run_json(&r, nft, text);
	CHECK(eval_json_rule(&r) == 0);
	if (r.ret == 0) {
		code = bytecode(nft, first_cmd(&r)->rule);
		CHECK(strstr(code, "payload load 64b @ link header + 1") !=
		      NULL);
		xfree(code);
	}
	run_done(&r);
	xfree(text);
}

/* Each payload match walked the whole rule again: a rule of 20000
 * matches took a minute. */
static void test_long_rule(struct nft_ctx *nft)
{
	unsigned int i, n = 20000;
	size_t len = 0, size = n * 16 + 64;
	char *text = xmalloc(size);
	clock_t start = clock();
	struct rule *rule;
	struct run r;

	len += snprintf(text, size, "table ip t { chain c {");
	for (i = 0; i < n; i++)
		len += snprintf(text + len, size - len, " tcp dport 22");
	snprintf(text + len, size - len, "; }; }\n");
	run_text(&r, nft, text);
	check_ok(&r);
	if (r.ret == 0) {
		rule = first_rule(nth_chain(first_cmd(&r)->table, 0));
		/* one "meta l4proto tcp" in front */
		CHECK(rule->num_stmts == n + 1);
	}
	run_done(&r);
	xfree(text);
	CHECK((clock() - start) / CLOCKS_PER_SEC < 20);
}

static void test_verdict_targets(struct nft_ctx *nft)
{
	struct run r;

	/* a variable standing for another one */
	run_text(&r, nft, "define a = other\ndefine b = $a\n"
		 "table ip t { chain c { jump $b; }\n\tchain other { }; }\n");
	check_ok(&r);
	run_done(&r);

	/* a quoted name is a syntax error there, an empty one through a
	 * variable 1.1.3's error at its definition */
	run_text(&r, nft, "table ip t { chain c { jump \"\"; }; }\n");
	CHECK(r.ret == -1 && first_error_has(&r, "unexpected quoted string"));
	run_done(&r);
	run_text(&r, nft, "define e = \"\"\n"
		 "table ip t { chain c { jump $e; }; }\n");
	CHECK(r.ret == -1 && first_error_has(&r, "Empty string is not allowed"));
	run_done(&r);
}

/*
 * A rule of more than 64 KiB of expressions overflowed the batch buffer
 * (ASan: libnftnl writes it unchecked). The check comes before anything
 * is sent, but in case it regresses this runs in a network namespace of
 * its own, and only if one can be made (root).
 */
static void test_huge_rule(struct nft_ctx *nft)
{
	unsigned int i, n = 3000;
	size_t len = 0, size = n * 20 + 64;
	char *text;

	if (unshare(CLONE_NEWNET) < 0) {
		fprintf(stderr, "robust_test: no network namespace (%s), "
			"huge rule test skipped\n", strerror(errno));
		return;
	}
	text = xmalloc(size);
	len += snprintf(text, size, "table ip t { chain c {");
	for (i = 0; i < n; i++)
		len += snprintf(text + len, size - len, " ip saddr 1.2.3.4");
	snprintf(text + len, size - len, "; }; }\n");
	nft_ctx_buffer_error(nft);
	CHECK(nft_run_cmd_from_buffer(nft, text) == -1);
	CHECK(strstr(nft_ctx_get_error_buffer(nft), "rule too large") != NULL);
	nft_ctx_unbuffer_error(nft);
	xfree(text);
}

static void test_datatypes(void)
{
	struct expr *sym, *res = NULL, *v;
	struct output_ctx octx = { 0 };
	struct error_record *erec;
	json_t *j;

	/* strtoul() took a sign or leading blanks in MAC addresses */
	sym = symbol_expr_alloc(&internal_location, "+1:22:33:44:55:66",
				false);
	erec = symbol_parse(&etheraddr_type, sym, &res);
	CHECK(erec != NULL && res == NULL);
	erec_destroy(erec);
	expr_free(sym);
	sym = symbol_expr_alloc(&internal_location, " 11:22:33:44:55:66",
				false);
	erec = symbol_parse(&etheraddr_type, sym, &res);
	CHECK(erec != NULL && res == NULL);
	erec_destroy(erec);
	expr_free(sym);

	/* JSON integers are signed: 2^64 - 1 goes out as -1, as 1.1.3
	 * writes it, and JSON input reads -1 back as 2^64 - 1 (see
	 * tests/py/ct.t) */
	v = constant_expr_alloc_u64(&internal_location, &integer_type,
				    BYTEORDER_BIG_ENDIAN, 64, UINT64_MAX);
	j = datatype_json(v, &octx);
	CHECK(json_is_integer(j) && json_integer_value(j) == -1);
	json_decref(j);
	expr_free(v);
}

static char *json_rule(const char *family, const char *expr)
{
	return xasprintf("{\"nftables\": [{\"add\": {\"rule\": {"
			 "\"family\": \"%s\", \"table\": \"t\", "
			 "\"chain\": \"c\", \"expr\": [%s]}}}]}", family, expr);
}

/*
 * JSON lets any expression stand anywhere; some reached linearization
 * where no encoder takes them: an empty array as a list expression, a
 * range or a set as a value, and hit BUG(), or a prefix in a set of
 * names was encoded as a value (SEGV in gmp). Found by giving each
 * field of the golden files' json: lines wrong types and each other's
 * expressions.
 */
static void test_json_wrong_kinds(struct nft_ctx *nft)
{
	static const struct {
		const char *expr, *error;
	} bad[] = {
		/* dnat to nothing */
		{ "{\"dnat\": {\"addr\": []}}", "is not a value here" },
		/* a hash of nothing */
		{ "{\"mangle\": {\"key\": {\"meta\": {\"key\": \"mark\"}}, "
		  "\"value\": {\"jhash\": {\"mod\": 10, \"expr\": []}}}}",
		  "expected something to load" },
		/* a concatenation with an empty member */
		{ "{\"match\": {\"op\": \"==\", \"left\": {\"jhash\": "
		  "{\"mod\": 3, \"expr\": {\"concat\": [[], {\"payload\": "
		  "{\"protocol\": \"ip\", \"field\": \"daddr\"}}]}}}, "
		  "\"right\": 2}}", "cannot be part of a concatenation" },
		/* a range as the operand of a bitwise and */
		{ "{\"mangle\": {\"key\": {\"meta\": {\"key\": \"mark\"}}, "
		  "\"value\": {\"&\": [{\"range\": [8000, 8080]}, 255]}}}",
		  "cannot be the left side of a binary operation" },
		/* a set of ports to translate to */
		{ "{\"match\": {\"op\": \"==\", \"left\": {\"payload\": "
		  "{\"protocol\": \"tcp\", \"field\": \"dport\"}}, "
		  "\"right\": 80}}, "
		  "{\"redirect\": {\"port\": {\"set\": [{\"range\": "
		  "[22, 30]}, 80]}}}", "set of 2 values is not a value" },
		/* a set written into a key */
		{ "{\"mangle\": {\"key\": {\"ct\": {\"key\": \"event\"}}, "
		  "\"value\": {\"set\": [20, {\"range\": [1, 5]}]}}}",
		  "you cannot use a set here, unknown value to use" },
		/* a set of one was taken as its member */
		{ "{\"mangle\": {\"key\": {\"meta\": {\"key\": \"mark\"}}, "
		  "\"value\": {\"set\": [1]}}}",
		  "you cannot use a set here, unknown value to use" },
		/* a hash of a constant was sent (upstream: refused) */
		{ "{\"mangle\": {\"key\": {\"meta\": {\"key\": \"mark\"}}, "
		  "\"value\": {\"jhash\": {\"mod\": 2, \"expr\": "
		  "{\"set\": [1]}}}}}", "expected something to load" },
		{ "{\"mangle\": {\"key\": {\"meta\": {\"key\": \"mark\"}}, "
		  "\"value\": {\"jhash\": {\"mod\": 2, \"expr\": 1}}}}",
		  "expected something to load" },
		/* a list as a named map's key: BUG in the encoder */
		{ "{\"mangle\": {\"key\": {\"meta\": {\"key\": \"mark\"}}, "
		  "\"value\": {\"map\": {\"key\": [{\"meta\": {\"key\": "
		  "\"mark\"}}], \"data\": \"@m\"}}}}",
		  "list expression cannot be a map's key" },
		/* an address prefix in a set of interface names */
		{ "{\"match\": {\"op\": \"==\", \"left\": {\"fib\": "
		  "{\"result\": \"oifname\", \"flags\": [\"daddr\"]}}, "
		  "\"right\": {\"set\": [{\"prefix\": {\"addr\": "
		  "\"10.0.0.0\", \"len\": 8}}, \"lo\"]}}}",
		  "Prefix expression is undefined" },
	};
	unsigned int i;
	struct run r;
	char *text;

	for (i = 0; i < array_size(bad); i++) {
		text = json_rule("ip", bad[i].expr);
		run_json(&r, nft, text);
		CHECK(eval_json_rule(&r) == -1);
		CHECK(first_error_has(&r, bad[i].error));
		run_done(&r);
		xfree(text);
	}
}

/*
 * Decoding "frag frag-off 10" (inet) read the extension header load
 * after naming its field had freed it (ASan: heap-use-after-free in
 * exthdr_expr_delin_postprocess, found by the text fuzzer on a seed).
 */
static void test_exthdr_decode(struct nft_ctx *nft)
{
	struct nftnl_rule *nlr;
	struct rule *back;
	struct run r;
	char *text;

	text = json_rule("inet", "{\"match\": {\"op\": \"==\", \"left\": "
			 "{\"exthdr\": {\"name\": \"frag\", \"field\": "
			 "\"frag-off\"}}, \"right\": 10}}");
	run_json(&r, nft, text);
	CHECK(eval_json_rule(&r) == 0);
	if (r.ret == 0) {
		nlr = netlink_rule_build(nft, &first_cmd(&r)->rule->handle,
					 first_cmd(&r)->rule);
		nftnl_rule_set_u32(nlr, NFTNL_RULE_FAMILY, NFPROTO_INET);
		back = delinearize_rule(NULL, NFPROTO_INET, nlr);
		CHECK(back != NULL);
		if (back)
			rule_free(back);
		nftnl_rule_free(nlr);
	}
	run_done(&r);
	xfree(text);
}

/*
 * "meta mark set meta mark | 2 | 2 | ..." (20000 times) overflowed the
 * stack: the left-recursive grammar builds a binop chain as deep as the
 * input, and evaluation, linearization and freeing all recursed down it.
 * Now evaluation stops at a depth limit (the reference's: 16 binary
 * operations) and freeing walks the chain in a loop (200000 levels
 * here).
 */
static void test_deep_binop(struct nft_ctx *nft)
{
	static const char head[] =
		"table ip t { chain c { meta mark set meta mark";
	unsigned int i, n = 200000;
	size_t len = sizeof(head) - 1;
	char *text = xmalloc(len + n * 4 + 16);
	struct run r;

	memcpy(text, head, len);
	for (i = 0; i < n; i++, len += 4)
		memcpy(text + len, " | 2", 4);
	strcpy(text + len, "; }; }\n");
	run_text(&r, nft, text);
	CHECK(r.ret == -1);
	CHECK(first_error_has(&r, "Binary operation limit 16 reached"));
	run_done(&r);
	xfree(text);
}

/*
 * The fast JSON reader of big inputs (src/json_input.c) builds exactly
 * jansson's tree, key order included, or gives up and leaves the text
 * to jansson: it must never accept what jansson refuses or read a
 * value differently.
 */
static void fast_json_case(const char *text, bool fast)
{
	const char *p = text, *end = text + strlen(text);
	json_t *a = json_fast_load(&p, end), *b;
	char *sa, *sb;

	if (!fast) {
		CHECK(a == NULL && p == text);
		if (a)
			fprintf(stderr, "  fast reader took: %s\n", text);
		json_decref(a);
		return;
	}
	b = json_loadb(text, strlen(text), 0, NULL);
	CHECK(a && b && p == end);
	if (!a || !b) {
		fprintf(stderr, "  not read: %s\n", text);
		json_decref(a);
		json_decref(b);
		return;
	}
	sa = json_dumps(a, JSON_PRESERVE_ORDER | JSON_COMPACT);
	sb = json_dumps(b, JSON_PRESERVE_ORDER | JSON_COMPACT);
	CHECK_STREQ(sa, sb);
	free(sa);
	free(sb);
	json_decref(a);
	json_decref(b);
}

static void test_json_fast_reader(void)
{
	static const char *const same[] = {
		"{}", "{ }", "{\"a\": []}",
		"{\"set\": {\"family\": \"ip\", \"elem\": [\"10.0.0.1\", 5, -7, 0, -0]}}",
		"{\"b\": 1, \"a\": 2, \"c\": {\"z\": true, \"y\": false, \"x\": null}}",
		"{\"a\": 1, \"b\": 2, \"a\": 3}",
		"{\"n\": 999999999999999999, \"m\": -999999999999999999}",
		"{\r\n\t\"a\" :\n[ [ ] , { } , \"\" ]\n}",
		"{\"concat\": [\"10.0.0.1\", 22]}",
	};
	static const char *const refused[] = {
		"{\"a\": \"\\n\"}", "{\"a\": \"\\u00e9\"}", "{\"a\": \"\xc3\xa9\"}",
		"{\"a\": 1.5}", "{\"a\": 1e3}", "{\"a\": 01}", "{\"a\": -}",
		"{\"a\": 9999999999999999999}", "{\"a\": [1,]}", "{\"a\": 1,}",
		"{\"a\" 1}", "{\"a\": tru}", "{\"a\": \"x\tb\"}", "{a: 1}",
		"{\"a\": [1 2]}", "[1]", "{\"a\": 1", "{\"a\": \"unterminated}",
		"{\"a\": nulls}", "{\"a\": 12x}",
	};
	char deep[512];
	size_t i;

	for (i = 0; i < array_size(same); i++)
		fast_json_case(same[i], true);
	for (i = 0; i < array_size(refused); i++)
		fast_json_case(refused[i], false);
	/* deeper than the fast reader goes: jansson's */
	for (i = 0; i < 200; i++)
		deep[i] = '[';
	memcpy(deep, "{\"a\": ", 6);
	for (i = 200; i < 394; i++)
		deep[i] = ']';
	strcpy(deep + 394, "}");
	fast_json_case(deep, false);
}

/* A set or element keeps 2 statements in the kernel: 5000 counters in
 * a map's declaration overflowed the batch (BUG at mnl.c), an element's
 * too (of a dynamic set: one that declares none takes none, "missing
 * statement in set declaration", below). */
static void test_set_stmts_count(struct nft_ctx *nft)
{
	static const char *const fmt[] = {
		"table ip t { map m { type ipv4_addr : verdict; %s; }; }",
		"table ip t { set s { type ipv4_addr; flags dynamic; "
		"elements = { 1.2.3.4 %s }; }; }",
		"table ip t { set s { type ipv4_addr; flags dynamic; }; "
		"chain c { add @s { ip saddr %s }; }; }",
	};
	char *counters = xstrdup("counter"), *more, *text;
	unsigned int i;
	struct run r;

	for (i = 0; i < 5000; i++) {
		more = xasprintf("%s counter", counters);
		xfree(counters);
		counters = more;
	}
	for (i = 0; i < array_size(fmt); i++) {
		text = xasprintf(fmt[i], counters);
		run_text(&r, nft, text);
		CHECK(r.ret == -1 &&
		      first_error_has(&r, "too many statements: the kernel keeps at most 2"));
		run_done(&r);
		xfree(text);
	}
	xfree(counters);
	text = xasprintf(fmt[1], "counter quota 10 bytes");
	run_text(&r, nft, text);
	check_ok(&r);
	run_done(&r);
	xfree(text);
	/* as 1.1.3: the element against the declaration first */
	run_text(&r, nft, "table ip t { set s { type ipv4_addr; "
		 "elements = { 1.2.3.4 counter counter counter }; }; }");
	CHECK(r.ret == -1 &&
	      first_error_has(&r, "missing statement in set declaration"));
	run_done(&r);
}

/* A second "comment" in a block was taken over the first; upstream
 * refuses it, the caret under the second. */
static void test_duplicate_comment(struct nft_ctx *nft)
{
	static const char *const blocks[] = {
		"table ip t { comment \"a\"; comment \"b\"; }",
		"table ip t { chain c { comment \"a\"; comment \"b\"; }; }",
		"table ip t { set s { type ipv4_addr; comment \"a\"; comment \"b\"; }; }",
		"table ip t { map m { type ipv4_addr : mark; comment \"a\"; comment \"b\"; }; }",
		"table ip t { counter c { comment \"a\"; comment \"b\"; }; }",
		"table ip t { quota q { 10 bytes; comment \"a\"; comment \"b\"; }; }",
		"table ip t { ct helper h { type \"ftp\" protocol tcp; comment \"a\"; comment \"b\"; }; }",
		"table ip t { set s { type ipv4_addr; elements = { 1.1.1.1 comment \"a\" comment \"b\" }; }; }",
	};
	unsigned int i;
	struct run r;
	char *text;

	for (i = 0; i < array_size(blocks); i++) {
		text = xasprintf("%s\n", blocks[i]);
		run_text(&r, nft, text);
		CHECK(r.ret == -1 && count_errors(&r) == 1);
		CHECK(first_error_has(&r, "You can only specify this once. This statement is duplicated."));
		CHECK(first_error_at(&r, 1, strstr(text, "comment \"b\"") -
					    text + 1));
		run_done(&r);
		xfree(text);
	}
}

/* "@what . @what . ..." (@n times) */
static char *concat_of(const char *what, unsigned int n)
{
	char *s = xstrdup(what), *more;

	while (--n > 0) {
		more = xasprintf("%s . %s", s, what);
		xfree(s);
		s = more;
	}
	return s;
}

/*
 * A concatenation of more than 16 words of 32 bits does not fit the
 * kernel's registers: 17 members overflowed the stack buffers of the
 * set key encoder. Upstream's words, the caret under the member that
 * goes over and the '.' before it.
 */
static void test_concat_size(struct nft_ctx *nft)
{
	static const struct {
		const char *fmt, *member;
		unsigned int n, bits;
	} bad[] = {
		{ "table ip t { chain c { %s { 1.2.3.4 }; }; }", "ip saddr",
		  17, 544 },
		{ "table ip t { chain c { %s { 1.2.3.4 }; }; }", "tcp dport",
		  17, 544 },
		{ "table ip6 t { chain c { %s { ::1 }; }; }", "ip6 saddr",
		  5, 640 },
		{ "table ip t { set s { type %s; }; }", "ipv4_addr", 17, 544 },
		{ "table ip t { set s { typeof %s; }; }", "ip saddr", 17, 544 },
		{ "table ip t { map m { type ipv4_addr : %s; }; }", "ipv4_addr",
		  17, 544 },
		{ "table ip t { map m { typeof ip saddr : %s; }; }", "ip daddr",
		  17, 544 },
		{ "table ip t { set s { type ipv4_addr; }; chain c { add @s { %s }; }; }",
		  "ip saddr", 17, 544 },
		{ "table ip t { chain c { %s vmap { 1.2.3.4 : accept }; }; }",
		  "ip saddr", 17, 544 },
		{ "table ip t { chain c { snat to %s map { 1.2.3.4 : 1.2.3.4 }; }; }",
		  "ip saddr", 17, 544 },
	};
	char *members, *text, *msg;
	const char *at;
	unsigned int i, j;
	struct run r;

	for (i = 0; i < array_size(bad); i++) {
		members = concat_of(bad[i].member, bad[i].n);
		text = xasprintf(bad[i].fmt, members);
		run_text(&r, nft, text);
		msg = xasprintf("Concatenation of size %u exceeds maximum size of 512",
				bad[i].bits);
		CHECK(r.ret == -1 && first_error_has(&r, msg));
		/* the last member, and the " . " before it */
		at = strstr(text, members);
		for (j = 0; j < bad[i].n - 1; j++)
			at = strstr(at, " . ") + 3;
		CHECK(first_error_at(&r, 1, at - text - 1));
		run_done(&r);
		xfree(msg);
		xfree(text);
		xfree(members);
	}

	/* 16 members of 32 bits fill the registers: fine */
	members = concat_of("ip saddr", 16);
	text = xasprintf("table ip t { chain c { %s { 1.2.3.4 }; }; }",
			 members);
	run_text(&r, nft, text);
	/* the values are one member short: the size passed */
	CHECK(r.ret == -1 && !first_error_has(&r, "Concatenation of size"));
	run_done(&r);
	xfree(text);
	xfree(members);
}

/*
 * The kernel's key type keeps 6 bits of a member's type: more than 5
 * members list back only from their typeof description, which must fit
 * the 256 bytes of user data (16 members overflowed the user data buffer
 * on the heap). Upstream takes them and lists "type bitmask . ...".
 */
static void test_concat_listable(struct nft_ctx *nft)
{
	char *members, *text, *comment;
	struct run r;

	members = concat_of("ipv4_addr", 6);
	text = xasprintf("table ip t { set s { type %s; }; }", members);
	run_text(&r, nft, text);
	CHECK(r.ret == -1 &&
	      first_error_has(&r, "a concatenation of 6 types cannot be read back"));
	CHECK(first_error_at(&r, 1, strstr(text, "ipv4_addr") - text + 1));
	run_done(&r);
	xfree(text);
	xfree(members);

	members = concat_of("ip saddr", 16);
	text = xasprintf("table ip t { map m { typeof ip daddr : %s; }; }",
			 members);
	run_text(&r, nft, text);
	CHECK(r.ret == -1 &&
	      first_error_has(&r, "typeof description of 16 members does not fit"));
	run_done(&r);
	xfree(text);
	xfree(members);

	/* 5 and a long comment: the description is left out, the key
	 * type says it all */
	comment = xmalloc(129);
	memset(comment, 'c', 128);
	comment[128] = '\0';
	text = xasprintf("table ip t { set s { typeof ip saddr . ip daddr . "
			 "tcp dport . tcp sport . ip protocol; comment \"%s\"; }; }",
			 comment);
	run_text(&r, nft, text);
	check_ok(&r);
	run_done(&r);
	xfree(text);
	xfree(comment);

	members = concat_of("ip saddr", 7);
	text = xasprintf("table ip t { set s { typeof %s; }; }", members);
	run_text(&r, nft, text);
	check_ok(&r);
	run_done(&r);
	xfree(text);
	xfree(members);
}

int main(void)
{
	struct nft_ctx *nft = nft_ctx_new(0);

	test_high_bytes(nft);
	test_include_device(nft);
	test_nul_byte(nft);
	test_error_limit(nft);
	test_comment_length(nft);
	test_json_family(nft);
	test_block_separators(nft);
	test_digit_words(nft);
	test_number_ranges(nft);
	test_priority_extremes(nft);
	test_define_priority(nft);
	test_variable_expansion(nft);
	test_sub_byte_fields(nft);
	test_raw_payload(nft);
	test_long_rule(nft);
	test_verdict_targets(nft);
	test_deep_binop(nft);
	test_json_wrong_kinds(nft);
	test_json_fast_reader();
	test_exthdr_decode(nft);
	test_datatypes();
	test_concat_size(nft);
	test_duplicate_comment(nft);
	test_set_stmts_count(nft);
	test_concat_listable(nft);
	/* last: it moves the process into a network namespace of its own */
	test_huge_rule(nft);
	nft_ctx_free(nft);
	return unit_done("robust_test");
}
