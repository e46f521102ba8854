/*
 * Printer round trips, no kernel: a rule is built as the parser builds it,
 * evaluated (symbols typed, protocol dependencies added), linearized, and
 * the bytecode compared with what the system nft emits for the same rule
 * (`nft --debug=netlink add rule ...`, Debian's 1.0.6); then the bytecode
 * is decoded back and must list as the input text, and as the system
 * nft's JSON.
 */
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <linux/netfilter.h>
#include <nftables.h>
#include <evaluate.h>
#include <linearize.h>
#include <json.h>
#include <rule.h>
#include <flowtable.h>
#include <linux/netfilter/nf_tables.h>
#include <proto.h>
#include <parse.h>
#include <libnftnl/rule.h>
#include <libnftnl/udata.h>
#include "unit.h"
#include "unit_nft.h"

/* ---- rules through the real parser ------------------------------------- */

/* ---- pipeline steps ----------------------------------------------------- */

/* The evaluator's own rule evaluation, dependencies and merges included. */
static int evaluate_rule(struct rule *rule)
{
	LIST_HEAD(msgs);
	int err;

	err = nft_evaluate_rule(test_nft(), rule, &msgs);
	if (err)
		erec_print_list(stderr, &msgs);
	erec_free_list(&msgs);
	return err;
}

static struct nftnl_rule *nl_rule(const struct rule *rule)
{
	struct nftnl_rule *nlr = nftnl_rule_alloc();

	nftnl_rule_set_u32(nlr, NFTNL_RULE_FAMILY, rule->handle.family);
	nftnl_rule_set_str(nlr, NFTNL_RULE_TABLE, "t");
	nftnl_rule_set_str(nlr, NFTNL_RULE_CHAIN, "c");
	linearize_rule(NULL, rule, nlr);
	return nlr;
}

static char *bytecode(const struct nftnl_rule *nlr)
{
	char buf[8192];

	nftnl_rule_snprintf(buf, sizeof(buf), nlr, NFTNL_OUTPUT_DEFAULT, 0);
	unit_bytecode_norm(buf, sizeof(buf));
	return xstrdup(buf);
}

static char *rule_text(const struct rule *rule, unsigned int flags)
{
	struct output_ctx octx = { .flags = flags };
	const struct stmt *stmt;
	const char *sep = "";
	char *buf = NULL;
	size_t size = 0;

	octx.output_fp = open_memstream(&buf, &size);
	list_for_each_entry(stmt, &rule->stmts, list) {
		nft_print(&octx, "%s", sep);
		stmt_print(stmt, &octx);
		sep = " ";
	}
	fclose(octx.output_fp);
	return buf;
}

static char *rule_json_text(const struct rule *rule)
{
	struct output_ctx octx = { .flags = NFT_CTX_OUTPUT_JSON };
	json_t *array = json_array();
	const struct stmt *stmt;
	char *text;

	list_for_each_entry(stmt, &rule->stmts, list)
		json_array_append_new(array, stmt_json(stmt, &octx));
	text = json_dumps(array, JSON_PRESERVE_ORDER);
	json_decref(array);
	return text;
}

/*
 * @in: rule text; @out: its listing (NULL: same as @in); @code: the
 * system nft's bytecode for it; @json: the system nft's "expr" array.
 */
static void roundtrip(uint32_t family, const char *in, const char *out,
		      const char *code, const char *json)
{
	struct rule *rule = build_rule(family, in), *back;
	struct nftnl_rule *nlr;
	char *got;

	CHECK(rule != NULL);
	if (rule == NULL)
		return;
	CHECK(evaluate_rule(rule) == 0);
	nlr = nl_rule(rule);
	got = bytecode(nlr);
	CHECK_STREQ(got, code);
	free(got);

	back = delinearize_rule(NULL, family, nlr);
	CHECK(back != NULL);
	if (back) {
		got = rule_text(back, 0);
		CHECK_STREQ(got, out ? out : in);
		free(got);
		if (json) {
			got = rule_json_text(back);
			CHECK_STREQ(got, json);
			free(got);
		}
		rule_free(back);
	}
	nftnl_rule_free(nlr);
	rule_free(rule);
}

/* ---- cases: bytecode and JSON as the system nft prints them ------------ */

static void test_ip(void)
{
	roundtrip(NFPROTO_IPV4, "ip daddr 1.2.3.4", NULL,
		  "ip t c\n"
		  "  [ payload load 4b @ network header + 16 => reg 1 ]\n"
		  "  [ cmp eq reg 1 0x04030201 ]\n",
		  "[{\"match\": {\"op\": \"==\", \"left\": {\"payload\": "
		  "{\"protocol\": \"ip\", \"field\": \"daddr\"}}, "
		  "\"right\": \"1.2.3.4\"}}]");
	roundtrip(NFPROTO_IPV4, "ip daddr == 1.2.3.4", "ip daddr 1.2.3.4",
		  "ip t c\n"
		  "  [ payload load 4b @ network header + 16 => reg 1 ]\n"
		  "  [ cmp eq reg 1 0x04030201 ]\n", NULL);
	roundtrip(NFPROTO_IPV4, "ip daddr != 1.2.3.4", NULL,
		  "ip t c\n"
		  "  [ payload load 4b @ network header + 16 => reg 1 ]\n"
		  "  [ cmp neq reg 1 0x04030201 ]\n",
		  "[{\"match\": {\"op\": \"!=\", \"left\": {\"payload\": "
		  "{\"protocol\": \"ip\", \"field\": \"daddr\"}}, "
		  "\"right\": \"1.2.3.4\"}}]");
	roundtrip(NFPROTO_IPV4, "ip saddr 10.0.0.0/8", NULL,
		  "ip t c\n"
		  "  [ payload load 1b @ network header + 12 => reg 1 ]\n"
		  "  [ cmp eq reg 1 0x0000000a ]\n",
		  "[{\"match\": {\"op\": \"==\", \"left\": {\"payload\": "
		  "{\"protocol\": \"ip\", \"field\": \"saddr\"}}, "
		  "\"right\": {\"prefix\": {\"addr\": \"10.0.0.0\", "
		  "\"len\": 8}}}}]");
	roundtrip(NFPROTO_IPV4, "ip daddr != 10.0.0.0/8", NULL,
		  "ip t c\n"
		  "  [ payload load 1b @ network header + 16 => reg 1 ]\n"
		  "  [ cmp neq reg 1 0x0000000a ]\n", NULL);
	roundtrip(NFPROTO_IPV4, "ip saddr 10.1.0.0/15", "ip saddr 10.0.0.0/15",
		  "ip t c\n"
		  "  [ payload load 4b @ network header + 12 => reg 1 ]\n"
		  "  [ bitwise reg 1 = ( reg 1 & 0x0000feff ) ^ 0x00000000 ]\n"
		  "  [ cmp eq reg 1 0x0000000a ]\n",
		  "[{\"match\": {\"op\": \"==\", \"left\": {\"payload\": "
		  "{\"protocol\": \"ip\", \"field\": \"saddr\"}}, "
		  "\"right\": {\"prefix\": {\"addr\": \"10.0.0.0\", "
		  "\"len\": 15}}}}]");
	roundtrip(NFPROTO_IPV4, "ip daddr 1.2.3.4/31", NULL,
		  "ip t c\n"
		  "  [ payload load 4b @ network header + 16 => reg 1 ]\n"
		  "  [ bitwise reg 1 = ( reg 1 & 0xfeffffff ) ^ 0x00000000 ]\n"
		  "  [ cmp eq reg 1 0x04030201 ]\n", NULL);
	roundtrip(NFPROTO_IPV4, "ip saddr 0.0.0.0/0", NULL,
		  "ip t c\n"
		  "  [ payload load 4b @ network header + 12 => reg 1 ]\n"
		  "  [ bitwise reg 1 = ( reg 1 & 0x00000000 ) ^ 0x00000000 ]\n"
		  "  [ cmp eq reg 1 0x00000000 ]\n", NULL);
	roundtrip(NFPROTO_IPV4, "ip saddr 10.0.0.0/32", "ip saddr 10.0.0.0",
		  "ip t c\n"
		  "  [ payload load 4b @ network header + 12 => reg 1 ]\n"
		  "  [ cmp eq reg 1 0x0000000a ]\n", NULL);
	roundtrip(NFPROTO_IPV4, "ip saddr 10.0.0.0-10.0.0.5", NULL,
		  "ip t c\n"
		  "  [ payload load 4b @ network header + 12 => reg 1 ]\n"
		  "  [ range eq reg 1 0x0000000a 0x0500000a ]\n",
		  "[{\"match\": {\"op\": \"==\", \"left\": {\"payload\": "
		  "{\"protocol\": \"ip\", \"field\": \"saddr\"}}, "
		  "\"right\": {\"range\": [\"10.0.0.0\", \"10.0.0.5\"]}}}]");
	roundtrip(NFPROTO_IPV4, "ip daddr 10.0.0.0/8 ip daddr 10.0.0.1", NULL,
		  "ip t c\n"
		  "  [ payload load 1b @ network header + 16 => reg 1 ]\n"
		  "  [ cmp eq reg 1 0x0000000a ]\n"
		  "  [ payload load 4b @ network header + 16 => reg 1 ]\n"
		  "  [ cmp eq reg 1 0x0100000a ]\n", NULL);
}

static void test_ports(void)
{
	roundtrip(NFPROTO_IPV4, "tcp dport 1-1024", NULL,
		  "ip t c\n"
		  "  [ meta load l4proto => reg 1 ]\n"
		  "  [ cmp eq reg 1 0x00000006 ]\n"
		  "  [ payload load 2b @ transport header + 2 => reg 1 ]\n"
		  "  [ range eq reg 1 0x00000100 0x00000004 ]\n",
		  "[{\"match\": {\"op\": \"==\", \"left\": {\"payload\": "
		  "{\"protocol\": \"tcp\", \"field\": \"dport\"}}, "
		  "\"right\": {\"range\": [1, 1024]}}}]");
	roundtrip(NFPROTO_IPV4, "tcp dport != 1-1024", NULL,
		  "ip t c\n"
		  "  [ meta load l4proto => reg 1 ]\n"
		  "  [ cmp eq reg 1 0x00000006 ]\n"
		  "  [ payload load 2b @ transport header + 2 => reg 1 ]\n"
		  "  [ range neq reg 1 0x00000100 0x00000004 ]\n",
		  "[{\"match\": {\"op\": \"!=\", \"left\": {\"payload\": "
		  "{\"protocol\": \"tcp\", \"field\": \"dport\"}}, "
		  "\"right\": {\"range\": [1, 1024]}}}]");
	/* one value is no range, as the reference sends it */
	roundtrip(NFPROTO_IPV4, "tcp dport 22-22", "tcp dport 22",
		  "ip t c\n"
		  "  [ meta load l4proto => reg 1 ]\n"
		  "  [ cmp eq reg 1 0x00000006 ]\n"
		  "  [ payload load 2b @ transport header + 2 => reg 1 ]\n"
		  "  [ cmp eq reg 1 0x00001600 ]\n", NULL);
	roundtrip(NFPROTO_IPV4, "tcp dport 22 counter packets 0 bytes 0 accept",
		  NULL,
		  "ip t c\n"
		  "  [ meta load l4proto => reg 1 ]\n"
		  "  [ cmp eq reg 1 0x00000006 ]\n"
		  "  [ payload load 2b @ transport header + 2 => reg 1 ]\n"
		  "  [ cmp eq reg 1 0x00001600 ]\n"
		  "  [ counter pkts 0 bytes 0 ]\n"
		  "  [ immediate reg 0 accept ]\n",
		  "[{\"match\": {\"op\": \"==\", \"left\": {\"payload\": "
		  "{\"protocol\": \"tcp\", \"field\": \"dport\"}}, "
		  "\"right\": 22}}, {\"counter\": {\"packets\": 0, "
		  "\"bytes\": 0}}, {\"accept\": null}]");
	roundtrip(NFPROTO_IPV4, "udp sport != 53", NULL,
		  "ip t c\n"
		  "  [ meta load l4proto => reg 1 ]\n"
		  "  [ cmp eq reg 1 0x00000011 ]\n"
		  "  [ payload load 2b @ transport header + 0 => reg 1 ]\n"
		  "  [ cmp neq reg 1 0x00003500 ]\n", NULL);
}

static void test_meta(void)
{
	roundtrip(NFPROTO_IPV4, "iifname \"eth0\" jump c", NULL,
		  "ip t c\n"
		  "  [ meta load iifname => reg 1 ]\n"
		  "  [ cmp eq reg 1 0x30687465 0x00000000 0x00000000 "
		  "0x00000000 ]\n"
		  "  [ immediate reg 0 jump -> c ]\n",
		  "[{\"match\": {\"op\": \"==\", \"left\": {\"meta\": "
		  "{\"key\": \"iifname\"}}, \"right\": \"eth0\"}}, "
		  "{\"jump\": {\"target\": \"c\"}}]");
	roundtrip(NFPROTO_IPV4, "iifname != \"eth0\"", NULL,
		  "ip t c\n"
		  "  [ meta load iifname => reg 1 ]\n"
		  "  [ cmp neq reg 1 0x30687465 0x00000000 0x00000000 "
		  "0x00000000 ]\n", NULL);
	roundtrip(NFPROTO_IPV4, "meta mark 0x10", "meta mark 0x00000010",
		  "ip t c\n"
		  "  [ meta load mark => reg 1 ]\n"
		  "  [ cmp eq reg 1 0x00000010 ]\n",
		  "[{\"match\": {\"op\": \"==\", \"left\": {\"meta\": "
		  "{\"key\": \"mark\"}}, \"right\": 16}}]");
	roundtrip(NFPROTO_IPV4, "meta mark != 0x10", "meta mark != 0x00000010",
		  "ip t c\n"
		  "  [ meta load mark => reg 1 ]\n"
		  "  [ cmp neq reg 1 0x00000010 ]\n", NULL);
	roundtrip(NFPROTO_IPV4, "meta mark 1-5",
		  "meta mark 0x00000001-0x00000005",
		  "ip t c\n"
		  "  [ meta load mark => reg 1 ]\n"
		  "  [ byteorder reg 1 = hton(reg 1, 4, 4) ]\n"
		  "  [ range eq reg 1 0x01000000 0x05000000 ]\n", NULL);
	roundtrip(NFPROTO_IPV4, "meta mark != 1-5",
		  "meta mark != 0x00000001-0x00000005",
		  "ip t c\n"
		  "  [ meta load mark => reg 1 ]\n"
		  "  [ byteorder reg 1 = hton(reg 1, 4, 4) ]\n"
		  "  [ range neq reg 1 0x01000000 0x05000000 ]\n",
		  "[{\"match\": {\"op\": \"!=\", \"left\": {\"meta\": "
		  "{\"key\": \"mark\"}}, \"right\": {\"range\": [1, 5]}}}]");
	roundtrip(NFPROTO_IPV4, "meta mark & 0xff == 0x10",
		  "meta mark & 0x000000ff == 0x00000010",
		  "ip t c\n"
		  "  [ meta load mark => reg 1 ]\n"
		  "  [ bitwise reg 1 = ( reg 1 & 0x000000ff ) ^ 0x00000000 ]\n"
		  "  [ cmp eq reg 1 0x00000010 ]\n",
		  "[{\"match\": {\"op\": \"==\", \"left\": {\"&\": "
		  "[{\"meta\": {\"key\": \"mark\"}}, 255]}, \"right\": 16}}]");
	roundtrip(NFPROTO_IPV4, "meta mark | 0xff == 0x10",
		  "meta mark | 0x000000ff == 0x00000010",
		  "ip t c\n"
		  "  [ meta load mark => reg 1 ]\n"
		  "  [ bitwise reg 1 = ( reg 1 & 0xffffff00 ) ^ 0x000000ff ]\n"
		  "  [ cmp eq reg 1 0x00000010 ]\n", NULL);
	roundtrip(NFPROTO_IPV4, "meta l4proto 6-17", NULL,
		  "ip t c\n"
		  "  [ meta load l4proto => reg 1 ]\n"
		  "  [ range eq reg 1 0x00000006 0x00000011 ]\n", NULL);
	roundtrip(NFPROTO_IPV4, "iif \"lo\" oif \"lo\"", NULL,
		  "ip t c\n"
		  "  [ meta load iif => reg 1 ]\n"
		  "  [ cmp eq reg 1 0x00000001 ]\n"
		  "  [ meta load oif => reg 1 ]\n"
		  "  [ cmp eq reg 1 0x00000001 ]\n",
		  "[{\"match\": {\"op\": \"==\", \"left\": {\"meta\": "
		  "{\"key\": \"iif\"}}, \"right\": \"lo\"}}, "
		  "{\"match\": {\"op\": \"==\", \"left\": {\"meta\": "
		  "{\"key\": \"oif\"}}, \"right\": \"lo\"}}]");
}

static void test_families(void)
{
	roundtrip(NFPROTO_INET, "tcp dport 22", NULL,
		  "inet t c\n"
		  "  [ meta load l4proto => reg 1 ]\n"
		  "  [ cmp eq reg 1 0x00000006 ]\n"
		  "  [ payload load 2b @ transport header + 2 => reg 1 ]\n"
		  "  [ cmp eq reg 1 0x00001600 ]\n", NULL);
	roundtrip(NFPROTO_INET, "ip saddr 10.0.0.0/8 udp sport != 53", NULL,
		  "inet t c\n"
		  "  [ meta load nfproto => reg 1 ]\n"
		  "  [ cmp eq reg 1 0x00000002 ]\n"
		  "  [ payload load 1b @ network header + 12 => reg 1 ]\n"
		  "  [ cmp eq reg 1 0x0000000a ]\n"
		  "  [ meta load l4proto => reg 1 ]\n"
		  "  [ cmp eq reg 1 0x00000011 ]\n"
		  "  [ payload load 2b @ transport header + 0 => reg 1 ]\n"
		  "  [ cmp neq reg 1 0x00003500 ]\n", NULL);
	roundtrip(NFPROTO_NETDEV, "ip daddr 1.2.3.4", NULL,
		  "netdev t c\n"
		  "  [ meta load protocol => reg 1 ]\n"
		  "  [ cmp eq reg 1 0x00000008 ]\n"
		  "  [ payload load 4b @ network header + 16 => reg 1 ]\n"
		  "  [ cmp eq reg 1 0x04030201 ]\n", NULL);
	roundtrip(NFPROTO_NETDEV,
		  "ether saddr 00:11:22:33:44:55 ether type ip6", NULL,
		  "netdev t c\n"
		  "  [ meta load iiftype => reg 1 ]\n"
		  "  [ cmp eq reg 1 0x00000001 ]\n"
		  "  [ payload load 8b @ link header + 6 => reg 1 ]\n"
		  "  [ cmp eq reg 1 0x33221100 0xdd865544 ]\n", NULL);
	roundtrip(NFPROTO_BRIDGE, "ip6 daddr ::/64", NULL,
		  "bridge t c\n"
		  "  [ meta load protocol => reg 1 ]\n"
		  "  [ cmp eq reg 1 0x0000dd86 ]\n"
		  "  [ payload load 8b @ network header + 24 => reg 1 ]\n"
		  "  [ cmp eq reg 1 0x00000000 0x00000000 ]\n", NULL);
	roundtrip(NFPROTO_IPV6, "ip6 daddr ::1/127", "ip6 daddr ::/127",
		  "ip6 t c\n"
		  "  [ payload load 16b @ network header + 24 => reg 1 ]\n"
		  "  [ bitwise reg 1 = ( reg 1 & 0xffffffff 0xffffffff "
		  "0xffffffff 0xfeffffff ) ^ 0x00000000 0x00000000 "
		  "0x00000000 0x00000000 ]\n"
		  "  [ cmp eq reg 1 0x00000000 0x00000000 0x00000000 "
		  "0x00000000 ]\n", NULL);
}

/* Adjacent payload matches are loaded at once, like the system nft. */
static void test_merge(void)
{
	roundtrip(NFPROTO_IPV4, "tcp sport 1 tcp dport 2", NULL,
		  "ip t c\n"
		  "  [ meta load l4proto => reg 1 ]\n"
		  "  [ cmp eq reg 1 0x00000006 ]\n"
		  "  [ payload load 4b @ transport header + 0 => reg 1 ]\n"
		  "  [ cmp eq reg 1 0x02000100 ]\n",
		  "[{\"match\": {\"op\": \"==\", \"left\": {\"payload\": "
		  "{\"protocol\": \"tcp\", \"field\": \"sport\"}}, "
		  "\"right\": 1}}, {\"match\": {\"op\": \"==\", "
		  "\"left\": {\"payload\": {\"protocol\": \"tcp\", "
		  "\"field\": \"dport\"}}, \"right\": 2}}]");
	roundtrip(NFPROTO_IPV4, "tcp dport 2 tcp sport 1",
		  "tcp sport 1 tcp dport 2",
		  "ip t c\n"
		  "  [ meta load l4proto => reg 1 ]\n"
		  "  [ cmp eq reg 1 0x00000006 ]\n"
		  "  [ payload load 4b @ transport header + 0 => reg 1 ]\n"
		  "  [ cmp eq reg 1 0x02000100 ]\n", NULL);
	roundtrip(NFPROTO_IPV4, "ip saddr 1.1.1.1 ip daddr 2.2.2.2", NULL,
		  "ip t c\n"
		  "  [ payload load 4b @ network header + 12 => reg 1 ]\n"
		  "  [ cmp eq reg 1 0x01010101 ]\n"
		  "  [ payload load 4b @ network header + 16 => reg 1 ]\n"
		  "  [ cmp eq reg 1 0x02020202 ]\n", NULL);
	roundtrip(NFPROTO_IPV4, "ip daddr 2.2.2.2 ip saddr 1.1.1.1", NULL,
		  "ip t c\n"
		  "  [ payload load 4b @ network header + 16 => reg 1 ]\n"
		  "  [ cmp eq reg 1 0x02020202 ]\n"
		  "  [ payload load 4b @ network header + 12 => reg 1 ]\n"
		  "  [ cmp eq reg 1 0x01010101 ]\n", NULL);
	roundtrip(NFPROTO_NETDEV, "ether daddr 00:11:22:33:44:55 "
		  "ether saddr 00:11:22:33:44:56 ether type ip", NULL,
		  "netdev t c\n"
		  "  [ meta load iiftype => reg 1 ]\n"
		  "  [ cmp eq reg 1 0x00000001 ]\n"
		  "  [ payload load 14b @ link header + 0 => reg 1 ]\n"
		  "  [ cmp eq reg 1 0x33221100 0x11005544 0x56443322 "
		  "0x00000008 ]\n", NULL);
	/* a statement between two matches ends the run of matches that
	 * merge (1.1.3's): the counter counts what the first matched */
	roundtrip(NFPROTO_IPV4, "tcp sport 1 counter tcp dport 2",
		  "tcp sport 1 counter packets 0 bytes 0 tcp dport 2",
		  "ip t c\n"
		  "  [ meta load l4proto => reg 1 ]\n"
		  "  [ cmp eq reg 1 0x00000006 ]\n"
		  "  [ payload load 2b @ transport header + 0 => reg 1 ]\n"
		  "  [ cmp eq reg 1 0x00000100 ]\n"
		  "  [ counter pkts 0 bytes 0 ]\n"
		  "  [ payload load 2b @ transport header + 2 => reg 1 ]\n"
		  "  [ cmp eq reg 1 0x00000200 ]\n", NULL);
	roundtrip(NFPROTO_IPV4, "tcp sport 1 tcp dport != 2", NULL,
		  "ip t c\n"
		  "  [ meta load l4proto => reg 1 ]\n"
		  "  [ cmp eq reg 1 0x00000006 ]\n"
		  "  [ payload load 2b @ transport header + 0 => reg 1 ]\n"
		  "  [ cmp eq reg 1 0x00000100 ]\n"
		  "  [ payload load 2b @ transport header + 2 => reg 1 ]\n"
		  "  [ cmp neq reg 1 0x00000200 ]\n", NULL);
	roundtrip(NFPROTO_IPV4, "ip saddr 1.1.1.1 counter ip daddr 2.2.2.2",
		  "ip saddr 1.1.1.1 counter packets 0 bytes 0 ip daddr 2.2.2.2",
		  "ip t c\n"
		  "  [ payload load 4b @ network header + 12 => reg 1 ]\n"
		  "  [ cmp eq reg 1 0x01010101 ]\n"
		  "  [ counter pkts 0 bytes 0 ]\n"
		  "  [ payload load 4b @ network header + 16 => reg 1 ]\n"
		  "  [ cmp eq reg 1 0x02020202 ]\n", NULL);
}

static void test_verdicts(void)
{
	roundtrip(NFPROTO_IPV4, "counter packets 5 bytes 10 goto c", NULL,
		  "ip t c\n"
		  "  [ counter pkts 5 bytes 10 ]\n"
		  "  [ immediate reg 0 goto -> c ]\n",
		  "[{\"counter\": {\"packets\": 5, \"bytes\": 10}}, "
		  "{\"goto\": {\"target\": \"c\"}}]");
	roundtrip(NFPROTO_IPV4, "return", NULL,
		  "ip t c\n  [ immediate reg 0 return ]\n",
		  "[{\"return\": null}]");
	roundtrip(NFPROTO_IPV4, "continue", NULL,
		  "ip t c\n  [ immediate reg 0 continue ]\n",
		  "[{\"continue\": null}]");
	roundtrip(NFPROTO_IPV4, "drop", NULL,
		  "ip t c\n  [ immediate reg 0 drop ]\n",
		  "[{\"drop\": null}]");
	roundtrip(NFPROTO_IPV4, "counter counter",
		  "counter packets 0 bytes 0 counter packets 0 bytes 0",
		  "ip t c\n"
		  "  [ counter pkts 0 bytes 0 ]\n"
		  "  [ counter pkts 0 bytes 0 ]\n", NULL);
}

/* JSON input builds the same AST: the system nft's JSON of a rule gives
 * its bytecode, and lists back as the same JSON. */
/* @out: the listing's JSON, NULL: @json itself */
static void json_roundtrip_to(struct nft_ctx *nft, uint32_t family,
			      const char *json, const char *code,
			      const char *out)
{
	struct json_ctx jctx = { .nft = nft, .cmd_index = 0 };
	struct handle h = { .family = family };
	struct rule *rule = rule_alloc(&internal_location, &h), *back;
	json_t *root = json_loads(json, 0, NULL), *elem;
	struct nftnl_rule *nlr;
	struct stmt *stmt;
	LIST_HEAD(msgs);
	size_t i;
	char *got;

	jctx.msgs = &msgs;
	jctx.family = family;
	CHECK(json_is_array(root));
	json_array_foreach(root, i, elem) {
		stmt = json_parse_stmt(&jctx, elem, "");
		CHECK(stmt != NULL);
		if (stmt == NULL) {
			erec_print_list(stderr, &msgs);
			goto out;
		}
		list_add_tail(&stmt->list, &rule->stmts);
		rule->num_stmts++;
	}
	CHECK(evaluate_rule(rule) == 0);
	nlr = nl_rule(rule);
	got = bytecode(nlr);
	CHECK_STREQ(got, code);
	free(got);
	back = delinearize_rule(NULL, family, nlr);
	CHECK(back != NULL);
	if (back) {
		got = rule_json_text(back);
		CHECK_STREQ(got, out ? out : json);
		free(got);
		rule_free(back);
	}
	nftnl_rule_free(nlr);
out:
	erec_free_list(&msgs);
	json_decref(root);
	rule_free(rule);
}

static void json_roundtrip(struct nft_ctx *nft, uint32_t family,
			   const char *json, const char *code)
{
	json_roundtrip_to(nft, family, json, code, NULL);
}

static void test_json_input(void)
{
	struct nft_ctx *nft = nft_ctx_new(0);

	json_roundtrip(nft, NFPROTO_IPV4,
		"[{\"match\": {\"op\": \"==\", \"left\": {\"payload\": "
		"{\"protocol\": \"ip\", \"field\": \"saddr\"}}, "
		"\"right\": {\"prefix\": {\"addr\": \"10.0.0.0\", "
		"\"len\": 8}}}}, {\"jump\": {\"target\": \"c\"}}]",
		"ip t c\n"
		"  [ payload load 1b @ network header + 12 => reg 1 ]\n"
		"  [ cmp eq reg 1 0x0000000a ]\n"
		"  [ immediate reg 0 jump -> c ]\n");
	json_roundtrip(nft, NFPROTO_IPV4,
		"[{\"match\": {\"op\": \"!=\", \"left\": {\"payload\": "
		"{\"protocol\": \"tcp\", \"field\": \"dport\"}}, "
		"\"right\": {\"range\": [1, 1024]}}}, "
		"{\"counter\": {\"packets\": 5, \"bytes\": 10}}, "
		"{\"drop\": null}]",
		"ip t c\n"
		"  [ meta load l4proto => reg 1 ]\n"
		"  [ cmp eq reg 1 0x00000006 ]\n"
		"  [ payload load 2b @ transport header + 2 => reg 1 ]\n"
		"  [ range neq reg 1 0x00000100 0x00000004 ]\n"
		"  [ counter pkts 5 bytes 10 ]\n"
		"  [ immediate reg 0 drop ]\n");
	json_roundtrip(nft, NFPROTO_NETDEV,
		"[{\"match\": {\"op\": \"==\", \"left\": {\"meta\": "
		"{\"key\": \"iifname\"}}, \"right\": \"eth0\"}}, "
		"{\"goto\": {\"target\": \"c\"}}]",
		"netdev t c\n"
		"  [ meta load iifname => reg 1 ]\n"
		"  [ cmp eq reg 1 0x30687465 0x00000000 0x00000000 "
		"0x00000000 ]\n"
		"  [ immediate reg 0 goto -> c ]\n");
	json_roundtrip(nft, NFPROTO_IPV4,
		"[{\"match\": {\"op\": \"==\", \"left\": {\"meta\": "
		"{\"key\": \"mark\"}}, \"right\": 16}}, "
		"{\"return\": null}]",
		"ip t c\n"
		"  [ meta load mark => reg 1 ]\n"
		"  [ cmp eq reg 1 0x00000010 ]\n"
		"  [ immediate reg 0 return ]\n");
	/* more than two flags or operands are one value, in a set too */
	json_roundtrip_to(nft, NFPROTO_IPV4,
		"[{\"match\": {\"op\": \"==\", \"left\": {\"meta\": "
		"{\"key\": \"mark\"}}, \"right\": {\"|\": [2, 4, 8]}}}]",
		"ip t c\n"
		"  [ meta load mark => reg 1 ]\n"
		"  [ cmp eq reg 1 0x0000000e ]\n",
		"[{\"match\": {\"op\": \"==\", \"left\": {\"meta\": "
		"{\"key\": \"mark\"}}, \"right\": 14}}]");
	json_roundtrip_to(nft, NFPROTO_IPV4,
		"[{\"match\": {\"op\": \"==\", \"left\": {\"meta\": "
		"{\"key\": \"mark\"}}, \"right\": {\"set\": "
		"[{\"|\": [2, 4, 8]}]}}}]",
		"ip t c\n"
		"  [ meta load mark => reg 1 ]\n"
		"  [ cmp eq reg 1 0x0000000e ]\n",
		"[{\"match\": {\"op\": \"==\", \"left\": {\"meta\": "
		"{\"key\": \"mark\"}}, \"right\": 14}}]");
	/* JSON paths were interned for a run that nft_run() would end */
	nft_run_release_strings(nft);
	nft_ctx_free(nft);
}

/* The first error evaluating @text, as the system nft words it. */
static void eval_error(uint32_t family, const char *text, const char *want)
{
	struct rule *rule = build_rule(family, text);
	struct error_record *erec;
	LIST_HEAD(msgs);

	CHECK(rule != NULL);
	if (!rule)
		return;
	CHECK(nft_evaluate_rule(test_nft(), rule, &msgs) < 0);
	CHECK(!list_empty(&msgs));
	if (!list_empty(&msgs)) {
		erec = list_first_entry(&msgs, struct error_record, list);
		CHECK_STREQ(erec->msg, want);
	}
	erec_free_list(&msgs);
	rule_free(rule);
}

static void test_errors(void)
{
	eval_error(NFPROTO_IPV4, "ip saddr 10.0.0.0/33",
		   "Prefix length 33 is invalid for type of 32 bits width");
	eval_error(NFPROTO_IPV4, "tcp dport 1024-1",
		   "Range negative size");
	eval_error(NFPROTO_IPV4, "ip saddr 1.2.3.4-1.2.3.1",
		   "Range negative size");
	/* a flag combination in a set: each flag parses */
	eval_error(NFPROTO_IPV4, "tcp flags { syn, syn | foo }",
		   "Could not parse TCP flag");
	eval_error(NFPROTO_IPV4, "tcp flags { syn | 0x100 }",
		   "Value 256 exceeds valid range 0-255");
}

/*
 * Members that combine flags fold into one value; one member is no set
 * ("tcp flags { syn | ack }" is then exactly those, as the reference
 * makes it, but "ct state { new }", which stays any of them), and other
 * types fold their constants too.
 */
static void test_flag_sets(void)
{
	roundtrip(NFPROTO_IPV4, "tcp flags { syn | ack }", "tcp flags == 0x12",
		  "ip t c\n"
		  "  [ meta load l4proto => reg 1 ]\n"
		  "  [ cmp eq reg 1 0x00000006 ]\n"
		  "  [ payload load 1b @ transport header + 13 => reg 1 ]\n"
		  "  [ cmp eq reg 1 0x00000012 ]\n", NULL);
	roundtrip(NFPROTO_IPV4, "ct state { (new | established) & new }",
		  "ct state new",
		  "ip t c\n"
		  "  [ ct load state => reg 1 ]\n"
		  "  [ bitwise reg 1 = ( reg 1 & 0x00000008 ) ^ 0x00000000 ]\n"
		  "  [ cmp neq reg 1 0x00000000 ]\n", NULL);
	roundtrip(NFPROTO_IPV4, "meta mark { 1 | 2 ^ 6 }",
		  "meta mark 0x00000005",
		  "ip t c\n"
		  "  [ meta load mark => reg 1 ]\n"
		  "  [ cmp eq reg 1 0x00000005 ]\n", NULL);
}

/* $var on the right: a private copy of the value, typed in context. */
static void test_variable(void)
{
	struct rule *rule = build_rule(NFPROTO_IPV4, "accept");
	struct expr *def = symbol_expr_alloc(&internal_location, "22", false);
	struct stmt *stmt;
	struct nftnl_rule *nlr;
	char *got;

	stmt = expr_stmt_alloc(&internal_location,
		relational_expr_alloc(&internal_location, OP_IMPLICIT,
			payload_expr_alloc(&internal_location, &proto_tcp,
				proto_field_lookup(&proto_tcp, "dport")),
			variable_expr_alloc(&internal_location, "port",
					    expr_get(def))));
	list_add(&stmt->list, &rule->stmts);
	CHECK(evaluate_rule(rule) == 0);
	CHECK(def->etype == EXPR_SYMBOL && def->refcnt == 1);
	nlr = nl_rule(rule);
	got = bytecode(nlr);
	CHECK_STREQ(got, "ip t c\n"
		    "  [ meta load l4proto => reg 1 ]\n"
		    "  [ cmp eq reg 1 0x00000006 ]\n"
		    "  [ payload load 2b @ transport header + 2 => reg 1 ]\n"
		    "  [ cmp eq reg 1 0x00001600 ]\n"
		    "  [ immediate reg 0 accept ]\n");
	free(got);
	nftnl_rule_free(nlr);
	rule_free(rule);
	expr_free(def);
}

/* Only non-zero counter values are sent, like the system nft. */
static void test_counter_attrs(void)
{
	struct rule *rule = build_rule(NFPROTO_IPV4,
				       "counter packets 1 bytes 0");
	struct nftnl_rule *nlr = nl_rule(rule);
	struct nftnl_expr_iter *it = nftnl_expr_iter_create(nlr);
	struct nftnl_expr *nle = nftnl_expr_iter_next(it);
	struct rule *back;
	char *got;

	CHECK(nftnl_expr_is_set(nle, NFTNL_EXPR_CTR_PACKETS));
	CHECK(!nftnl_expr_is_set(nle, NFTNL_EXPR_CTR_BYTES));
	nftnl_expr_iter_destroy(it);
	back = delinearize_rule(NULL, NFPROTO_IPV4, nlr);
	got = rule_text(back, NFT_CTX_OUTPUT_STATELESS);
	CHECK_STREQ(got, "counter");
	free(got);
	rule_free(back);
	nftnl_rule_free(nlr);
	rule_free(rule);
}

/* The comment TLV must be the system nft's: \x00\x08hello x\x00 */
static struct nftnl_rule *nl_rule_ip(void);
static void check_decode_fails(struct nftnl_rule *nlr, const char *reason);

static void test_comment(void)
{
	static const char want[] = "\x00\x08hello x";
	struct rule *rule = build_rule(NFPROTO_IPV4, "accept"), *back;
	struct nftnl_rule *nlr;
	const void *data;
	uint32_t len = 0;

	rule->comment = xstrdup("hello x");
	nlr = nl_rule(rule);
	data = nftnl_rule_get_data(nlr, NFTNL_RULE_USERDATA, &len);
	CHECK(len == sizeof(want));
	CHECK(data && !memcmp(data, want, sizeof(want)));
	back = delinearize_rule(NULL, NFPROTO_IPV4, nlr);
	CHECK(back && back->comment && !strcmp(back->comment, "hello x"));
	rule_free(back);
	nftnl_rule_free(nlr);

	nlr = nftnl_rule_alloc();
	rule_comment_to_udata(nlr, "");
	data = nftnl_rule_get_data(nlr, NFTNL_RULE_USERDATA, &len);
	CHECK(len == 3 && !memcmp(data, "\x00\x01\x00", 3));
	nftnl_rule_free(nlr);
	rule_free(rule);

	/* a comment without its NUL is not ours: the rule is not listed
	 * without it */
	nlr = nl_rule_ip();
	nftnl_rule_set_data(nlr, NFTNL_RULE_USERDATA, "\x00\x02hi", 4);
	check_decode_fails(nlr, "comment");
}

/* Unknown netlink expressions: no rule, and the reason names it. */
static void test_unknown(void)
{
	struct nftnl_rule *nlr = nftnl_rule_alloc();
	char *why;

	nftnl_rule_set_u32(nlr, NFTNL_RULE_FAMILY, NFPROTO_IPV4);
	nftnl_rule_add_expr(nlr, nftnl_expr_alloc("tunnel"));
	CHECK(delinearize_rule_why(NULL, NFPROTO_IPV4, nlr, &why) == NULL);
	CHECK(why && strstr(why, "'tunnel'"));
	xfree(why);
	nftnl_rule_free(nlr);
}

/* ---- hand-made bytecode: what other tools (and the system nft with
 * 32-bit registers) write ---------------------------------------------- */

static void nl_payload(struct nftnl_rule *nlr, uint32_t base, uint32_t off,
		       uint32_t len, uint32_t dreg)
{
	struct nftnl_expr *e = nftnl_expr_alloc("payload");

	nftnl_expr_set_u32(e, NFTNL_EXPR_PAYLOAD_BASE, base);
	nftnl_expr_set_u32(e, NFTNL_EXPR_PAYLOAD_OFFSET, off);
	nftnl_expr_set_u32(e, NFTNL_EXPR_PAYLOAD_LEN, len);
	nftnl_expr_set_u32(e, NFTNL_EXPR_PAYLOAD_DREG, dreg);
	nftnl_rule_add_expr(nlr, e);
}

static void nl_meta(struct nftnl_rule *nlr, uint32_t key, uint32_t dreg)
{
	struct nftnl_expr *e = nftnl_expr_alloc("meta");

	nftnl_expr_set_u32(e, NFTNL_EXPR_META_KEY, key);
	nftnl_expr_set_u32(e, NFTNL_EXPR_META_DREG, dreg);
	nftnl_rule_add_expr(nlr, e);
}

static void nl_cmp(struct nftnl_rule *nlr, uint32_t sreg, const void *data,
		   uint32_t len)
{
	struct nftnl_expr *e = nftnl_expr_alloc("cmp");

	nftnl_expr_set_u32(e, NFTNL_EXPR_CMP_SREG, sreg);
	nftnl_expr_set_u32(e, NFTNL_EXPR_CMP_OP, NFT_CMP_EQ);
	nftnl_expr_set(e, NFTNL_EXPR_CMP_DATA, data, len);
	nftnl_rule_add_expr(nlr, e);
}

static struct nftnl_rule *nl_rule_ip(void)
{
	struct nftnl_rule *nlr = nftnl_rule_alloc();

	nftnl_rule_set_u32(nlr, NFTNL_RULE_FAMILY, NFPROTO_IPV4);
	nftnl_rule_set_str(nlr, NFTNL_RULE_TABLE, "t");
	nftnl_rule_set_str(nlr, NFTNL_RULE_CHAIN, "c");
	return nlr;
}

/* Decode @nlr: its listing, or "error: <why>". */
static char *decode_text(struct nftnl_rule *nlr)
{
	struct rule *r;
	char *why, *text;

	r = delinearize_rule_why(NULL, NFPROTO_IPV4, nlr, &why);
	nftnl_rule_free(nlr);
	if (!r) {
		text = xasprintf("error: %s", why);
		xfree(why);
		return text;
	}
	text = rule_text(r, 0);
	rule_free(r);
	return text;
}

static void check_decode(struct nftnl_rule *nlr, const char *want)
{
	char *got = decode_text(nlr);

	CHECK_STREQ(got, want);
	free(got);
}

static void check_decode_fails(struct nftnl_rule *nlr, const char *reason)
{
	char *got = decode_text(nlr);

	CHECK(!strncmp(got, "error: ", 7) && strstr(got, reason));
	if (strncmp(got, "error: ", 7) || !strstr(got, reason))
		fprintf(stderr, "  got: %s\n  want an error with: %s\n", got,
			reason);
	free(got);
}

static const uint8_t saddr_1234[] = { 1, 2, 3, 4 };
static const uint8_t port_22[] = { 0, 22 };

/*
 * The 128-bit registers are views of the 32-bit ones: NFT_REG_1 is
 * NFT_REG32_00..03, NFT_REG_2 is NFT_REG32_04..07.
 */
static void test_reg_aliasing(void)
{
	struct nftnl_rule *nlr;

	/* a 32-bit register, read back by its own number */
	nlr = nl_rule_ip();
	nl_payload(nlr, NFT_PAYLOAD_NETWORK_HEADER, 12, 4, NFT_REG32_01);
	nl_cmp(nlr, NFT_REG32_01, saddr_1234, 4);
	check_decode(nlr, "ip saddr 1.2.3.4");

	/* written as NFT_REG32_00, read as NFT_REG_1: the same slot */
	nlr = nl_rule_ip();
	nl_payload(nlr, NFT_PAYLOAD_NETWORK_HEADER, 12, 4, NFT_REG32_00);
	nl_cmp(nlr, NFT_REG_1, saddr_1234, 4);
	check_decode(nlr, "ip saddr 1.2.3.4");

	/* written as NFT_REG_2, read as NFT_REG32_04 */
	nlr = nl_rule_ip();
	nl_payload(nlr, NFT_PAYLOAD_NETWORK_HEADER, 12, 4, NFT_REG_2);
	nl_cmp(nlr, NFT_REG32_04, saddr_1234, 4);
	check_decode(nlr, "ip saddr 1.2.3.4");

	/* two values side by side in one 128-bit register */
	nlr = nl_rule_ip();
	nl_payload(nlr, NFT_PAYLOAD_NETWORK_HEADER, 12, 4, NFT_REG32_00);
	nl_payload(nlr, NFT_PAYLOAD_NETWORK_HEADER, 16, 4, NFT_REG32_01);
	nl_cmp(nlr, NFT_REG32_01, saddr_1234, 4);
	nl_cmp(nlr, NFT_REG_1, saddr_1234, 4);
	check_decode(nlr, "ip daddr 1.2.3.4 ip saddr 1.2.3.4");

	/* writing a 32-bit view drops the 128-bit value it overlaps, which
	 * nobody read: the load would be lost from the listing */
	nlr = nl_rule_ip();
	nl_meta(nlr, NFT_META_IIFNAME, NFT_REG_1);
	nl_payload(nlr, NFT_PAYLOAD_NETWORK_HEADER, 12, 4, NFT_REG32_02);
	nl_cmp(nlr, NFT_REG32_02, saddr_1234, 4);
	check_decode_fails(nlr, "overwritten before it is used");

	/* ... and reading it afterwards finds nothing */
	nlr = nl_rule_ip();
	nl_meta(nlr, NFT_META_IIFNAME, NFT_REG_1);
	nl_cmp(nlr, NFT_REG_1, "eth0\0\0\0\0\0\0\0\0\0\0\0", 16);
	nl_payload(nlr, NFT_PAYLOAD_NETWORK_HEADER, 12, 4, NFT_REG32_03);
	nl_cmp(nlr, NFT_REG_1, "eth0\0\0\0\0\0\0\0\0\0\0\0", 16);
	check_decode_fails(nlr, "holds no value");

	/* a shorter compare on a name is the prefix wildcard */
	nlr = nl_rule_ip();
	nl_meta(nlr, NFT_META_IIFNAME, NFT_REG_1);
	nl_cmp(nlr, NFT_REG_1, "eth", 3);
	check_decode(nlr, "iifname \"eth*\"");

	/* ... and on anything else cannot be printed */
	nlr = nl_rule_ip();
	nl_payload(nlr, NFT_PAYLOAD_NETWORK_HEADER, 12, 4, NFT_REG_1);
	nl_cmp(nlr, NFT_REG_1, saddr_1234, 2);
	check_decode_fails(nlr, "compares 2 bytes");

	/* a load nothing reads */
	nlr = nl_rule_ip();
	nl_payload(nlr, NFT_PAYLOAD_NETWORK_HEADER, 12, 4, NFT_REG_1);
	check_decode_fails(nlr, "never used");

	/* a compare across two values is a concatenation */
	nlr = nl_rule_ip();
	nl_payload(nlr, NFT_PAYLOAD_NETWORK_HEADER, 12, 4, NFT_REG_1);
	nl_payload(nlr, NFT_PAYLOAD_TRANSPORT_HEADER, 2, 2, NFT_REG32_01);
	nl_cmp(nlr, NFT_REG_1, "\1\2\3\4\0\26\0\0", 8);
	check_decode_fails(nlr, "concatenation");

	/* a meta with a source register (meta set) names itself */
	nlr = nl_rule_ip();
	{
		struct nftnl_expr *e = nftnl_expr_alloc("meta");

		nftnl_expr_set_u32(e, NFTNL_EXPR_META_KEY, NFT_META_MARK);
		nftnl_expr_set_u32(e, NFTNL_EXPR_META_SREG, NFT_REG_1);
		nftnl_rule_add_expr(nlr, e);
	}
	check_decode_fails(nlr, "'meta'");
}

/* The register API the statement decoders use, by either number. */
static void test_reg_api(void)
{
	struct delin_ctx dctx;
	struct expr *parts[4], *e;

	memset(&dctx, 0, sizeof(dctx));
	delin_set_register(&dctx, NFT_REG32_00,
			   delin_data_expr(saddr_1234, 4));
	delin_set_register(&dctx, NFT_REG32_01, delin_data_expr(port_22, 2));
	CHECK(delin_register_valid(NFT_REG_4));
	CHECK(delin_register_valid(NFT_REG32_15));
	CHECK(!delin_register_valid(NFT_REG_VERDICT));
	CHECK(!delin_register_valid(NFT_REG32_15 + 1));
	e = delin_get_register(&dctx, NFT_REG_1);
	CHECK(e && e->len == 32);
	expr_free(e);
	/* a span that sticks out of the values takes nothing */
	CHECK(delin_take_register_span(&dctx, NFT_REG_1, 96, parts, 4) == 0);
	CHECK(delin_take_register_span(&dctx, NFT_REG_1, 64, parts, 1) == 0);
	CHECK(delin_take_register_span(&dctx, NFT_REG_1, 64, parts, 4) == 2);
	CHECK(parts[0]->len == 32 && parts[1]->len == 16);
	expr_free(parts[0]);
	expr_free(parts[1]);
	CHECK(delin_get_register(&dctx, NFT_REG_1) == NULL);
	/* a 128-bit value in NFT_REG_2, dropped by a write to its middle */
	delin_set_register(&dctx, NFT_REG_2,
			   delin_data_expr("0123456789abcdef", 16));
	e = delin_take_register(&dctx, NFT_REG32_04);
	CHECK(e && e->len == 128);
	delin_set_register(&dctx, NFT_REG_2, e);
	delin_set_register(&dctx, NFT_REG32_06, delin_data_expr(port_22, 2));
	CHECK(dctx.error && strstr(dctx.error, "overwritten"));
	CHECK(delin_get_register(&dctx, NFT_REG_2) == NULL);
	e = delin_get_register(&dctx, NFT_REG32_06);
	CHECK(e && e->len == 16);
	expr_free(e);
	xfree(dctx.error);
	for (unsigned int i = 0; i < DELIN_REG_SLOTS; i++)
		expr_free(dctx.regs[i].expr);
}

static void test_generic_print(void)
{
	struct output_ctx octx = { 0 };
	struct expr *list, *v;
	char *buf = NULL;
	size_t size = 0;

	CHECK_STREQ(op_token(OP_NEQ), "!=");
	CHECK(op_from_token("==") == OP_EQ);
	CHECK(op_from_token(">=") == OP_GTE);
	CHECK(op_from_token("bogus") == OP_INVALID);
	CHECK_STREQ(verdict_name(NFT_GOTO), "goto");
	CHECK(expr_ops_by_json_name("prefix") == &prefix_expr_ops);
	CHECK(expr_ops_by_json_name("range") == &range_expr_ops);
	CHECK(stmt_ops_by_json_name("jump") == &verdict_stmt_ops);
	CHECK(stmt_ops_by_json_name("match") == &expr_stmt_ops);
	CHECK(stmt_ops_by_nl_name("counter") == &counter_stmt_ops);

	octx.output_fp = open_memstream(&buf, &size);
	list = list_expr_alloc(&internal_location);
	list_expr_add(list, symbol_expr_alloc(&internal_location, "v0", true));
	list_expr_add(list, symbol_expr_alloc(&internal_location, "v1", true));
	expr_print(list, &octx);
	v = expr_clone(list);
	CHECK(expr_cmp(list, v));
	expr_free(v);
	expr_free(list);
	v = constant_expr_alloc_string(&internal_location, &string_type,
				       "eth0", 128);
	CHECK(v->len == 128);
	fclose(octx.output_fp);
	CHECK_STREQ(buf, "{ \"v0\", \"v1\" }");
	free(buf);
	buf = constant_expr_get_string(v);
	CHECK_STREQ(buf, "eth0");
	xfree(buf);
	expr_free(v);
}

/* "flow add @ft" and its older spelling, as the system nft encodes them. */
static void test_flow(void)
{
	roundtrip(NFPROTO_INET, "flow add @ft", NULL,
		  "inet t c\n"
		  "  [ flow_offload flowtable ft ]\n",
		  "[{\"flow\": {\"op\": \"add\", \"flowtable\": \"@ft\"}}]");
	roundtrip(NFPROTO_INET, "flow offload @ft", "flow add @ft",
		  "inet t c\n"
		  "  [ flow_offload flowtable ft ]\n", NULL);
	roundtrip(NFPROTO_IPV4, "meta l4proto tcp flow add @f2", NULL,
		  "ip t c\n"
		  "  [ meta load l4proto => reg 1 ]\n"
		  "  [ cmp eq reg 1 0x00000006 ]\n"
		  "  [ flow_offload flowtable f2 ]\n", NULL);
}

/* Set statements: the dynset expression and back (src/stmt/dynset.c);
 * the statements inside print stateless, as templates. */
static void test_dynset(void)
{
	roundtrip(NFPROTO_IPV4, "add @s { ip saddr }", NULL,
		  "ip t c\n"
		  "  [ payload load 4b @ network header + 12 => reg 1 ]\n"
		  "  [ dynset add reg_key 1 set s ]\n",
		  "[{\"set\": {\"op\": \"add\", \"elem\": {\"payload\": {\"protocol\": \"ip\", \"field\": \"saddr\"}}, \"set\": \"@s\"}}]");
	roundtrip(NFPROTO_IPV4, "update @s { ip saddr timeout 1m30s counter }",
		  NULL,
		  "ip t c\n"
		  "  [ payload load 4b @ network header + 12 => reg 1 ]\n"
		  "  [ dynset update reg_key 1 set s timeout 90000ms expr [ counter pkts 0 bytes 0 ] ]\n",
		  "[{\"set\": {\"op\": \"update\", \"elem\": {\"elem\": {\"val\": {\"payload\": {\"protocol\": \"ip\", \"field\": \"saddr\"}}, \"timeout\": 90}}, \"set\": \"@s\", \"stmt\": [{\"counter\": null}]}}]");
	roundtrip(NFPROTO_INET, "tcp dport 22 delete @p { tcp sport }", NULL,
		  "inet t c\n"
		  "  [ meta load l4proto => reg 1 ]\n"
		  "  [ cmp eq reg 1 0x00000006 ]\n"
		  "  [ payload load 2b @ transport header + 2 => reg 1 ]\n"
		  "  [ cmp eq reg 1 0x00001600 ]\n"
		  "  [ payload load 2b @ transport header + 0 => reg 1 ]\n"
		  "  [ dynset delete reg_key 1 set p ]\n", NULL);
	roundtrip(NFPROTO_IPV4, "add @s { ip saddr counter quota 10 bytes }",
		  NULL,
		  "ip t c\n"
		  "  [ payload load 4b @ network header + 12 => reg 1 ]\n"
		  "  [ dynset add reg_key 1 set s expr [ counter pkts 0 bytes 0 ] expr [ quota bytes 10 consumed 0 flags 0 ] ]\n",
		  NULL);
}

static char *ft_text(const struct flowtable *ft, unsigned int flags)
{
	struct output_ctx octx = { .flags = flags };
	char *buf = NULL;
	size_t size = 0;

	octx.output_fp = open_memstream(&buf, &size);
	flowtable_print(ft, &octx);
	fclose(octx.output_fp);
	return buf;
}

/* A flowtable as listings print it: text (upstream's quoted devices,
 * named priority) and JSON (with flags and counter, which upstream's
 * JSON lacks). */
static void test_flowtable_print(void)
{
	struct output_ctx octx = { .flags = 0 };
	struct flowtable *ft = flowtable_alloc();
	char *got;
	json_t *j;

	ft->handle.family = NFPROTO_INET;
	ft->handle.table.name = xstrdup("t");
	ft->handle.chain.name = xstrdup("ft");
	ft->handle.handle.id = 7;
	ft->has_hook = true;
	ft->prio = 5;
	ft->devs = xzalloc(3 * sizeof(char *));
	ft->devs[0] = xstrdup("v0");
	ft->devs[1] = xstrdup("v2");
	ft->num_devs = 2;
	ft->flags = NFT_FLOWTABLE_COUNTER | NFT_FLOWTABLE_HW_OFFLOAD;
	got = ft_text(ft, 0);
	CHECK_STREQ(got, "\tflowtable ft {\n"
			 "\t\thook ingress priority filter + 5\n"
			 "\t\tdevices = { \"v0\", \"v2\" }\n"
			 "\t\tcounter\n"
			 "\t\tflags offload\n"
			 "\t}\n");
	free(got);
	got = ft_text(ft, NFT_CTX_OUTPUT_HANDLE | NFT_CTX_OUTPUT_NUMERIC_PRIO);
	CHECK_STREQ(got, "\tflowtable ft { # handle 7\n"
			 "\t\thook ingress priority 5\n"
			 "\t\tdevices = { \"v0\", \"v2\" }\n"
			 "\t\tcounter\n"
			 "\t\tflags offload\n"
			 "\t}\n");
	free(got);
	j = flowtable_json(ft, &octx);
	got = json_dumps(j, JSON_PRESERVE_ORDER);
	CHECK_STREQ(got, "{\"flowtable\": {\"family\": \"inet\", "
			 "\"name\": \"ft\", \"table\": \"t\", "
			 "\"handle\": 7, \"hook\": \"ingress\", "
			 "\"prio\": 5, \"dev\": [\"v0\", \"v2\"], "
			 "\"flags\": [\"offload\"], \"counter\": true}}");
	free(got);
	json_decref(j);
	/* one device: a string, as upstream's JSON; no flags */
	ft->num_devs = 1;
	ft->flags = 0;
	ft->prio = -10;
	j = flowtable_json(ft, &octx);
	got = json_dumps(j, JSON_PRESERVE_ORDER);
	CHECK_STREQ(got, "{\"flowtable\": {\"family\": \"inet\", "
			 "\"name\": \"ft\", \"table\": \"t\", "
			 "\"handle\": 7, \"hook\": \"ingress\", "
			 "\"prio\": -10, \"dev\": \"v0\"}}");
	free(got);
	json_decref(j);
	ft->num_devs = 2;
	got = ft_text(ft, 0);
	CHECK_STREQ(got, "\tflowtable ft {\n"
			 "\t\thook ingress priority filter - 10\n"
			 "\t\tdevices = { \"v0\", \"v2\" }\n"
			 "\t}\n");
	free(got);
	flowtable_free(ft);
}

/* References to named objects: one objref expression each. */
static void test_objref(void)
{
	static const struct {
		const char *rule, *code, *json;
	} cases[] = {
		{ "counter name \"c\"", "  [ objref type 1 name c ]\n",
		  "[{\"counter\": \"c\"}]" },
		{ "quota name \"q\"", "  [ objref type 2 name q ]\n",
		  "[{\"quota\": \"q\"}]" },
		{ "ct helper set \"ftp\"", "  [ objref type 3 name ftp ]\n",
		  "[{\"ct helper\": \"ftp\"}]" },
		{ "limit name \"l\"", "  [ objref type 4 name l ]\n",
		  "[{\"limit\": \"l\"}]" },
		{ "ct timeout set \"t\"", "  [ objref type 7 name t ]\n",
		  "[{\"ct timeout\": \"t\"}]" },
		{ "meta secmark set \"s\"", "  [ objref type 8 name s ]\n",
		  "[{\"secmark\": \"s\"}]" },
		{ "ct expectation set \"e\"", "  [ objref type 9 name e ]\n",
		  "[{\"ct expectation\": \"e\"}]" },
		{ "synproxy name \"sp\"", "  [ objref type 10 name sp ]\n",
		  "[{\"synproxy\": \"sp\"}]" },
	};
	unsigned int i;
	char code[128];

	for (i = 0; i < array_size(cases); i++) {
		snprintf(code, sizeof(code), "ip t c\n%s", cases[i].code);
		roundtrip(NFPROTO_IPV4, cases[i].rule, NULL, code,
			  cases[i].json);
	}
}

int main(void)
{
	test_flow();
	test_dynset();
	test_flowtable_print();
	test_generic_print();
	test_objref();
	test_ip();
	test_ports();
	test_meta();
	test_families();
	test_merge();
	test_verdicts();
	test_counter_attrs();
	test_comment();
	test_unknown();
	test_reg_aliasing();
	test_reg_api();
	test_errors();
	test_flag_sets();
	test_variable();
	test_json_input();
	test_nft_release();
	return unit_done("printer_test");
}
