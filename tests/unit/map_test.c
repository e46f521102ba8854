/*
 * Anonymous maps and verdict maps, no kernel: a rule goes through the
 * real parser and evaluator, is linearized, and the map it queues must
 * be the set the reference nft sends for the same rule (`tools/ref nft
 * --debug=mnl add rule ...`, 1.1.3): flags, key and data types and
 * lengths, no size, user data bytes, and elements. Rules the evaluator
 * must refuse say why.
 */
#include <stdlib.h>
#include <string.h>
#include <linux/netfilter.h>
#include <nftables.h>
#include <evaluate.h>
#include <linearize.h>
#include <rule.h>
#include <libnftnl/rule.h>
#include <libnftnl/set.h>
#include "unit.h"
#include "unit_nft.h"

struct want_map {
	uint32_t flags, key_type, key_len, data_type, data_len, size;
	const char *udata;	/* hex, as sent */
	const char *elems;	/* the debug line of the elements */
	const char *code;	/* the rule's expressions */
};

static char *hex(const void *data, uint32_t len)
{
	const unsigned char *p = data;
	char *s = xzalloc(2 * len + 1);
	uint32_t i;

	for (i = 0; i < len; i++)
		sprintf(s + 2 * i, "%02x", p[i]);
	return s;
}

static char *snprint_set(const struct nftnl_set *s)
{
	char buf[4096];

	nftnl_set_snprintf(buf, sizeof(buf), s, NFTNL_OUTPUT_DEFAULT, 0);
	return xstrdup(buf);
}

static char *snprint_rule(const struct nftnl_rule *r)
{
	char buf[4096];

	nftnl_rule_snprintf(buf, sizeof(buf), r, NFTNL_OUTPUT_DEFAULT, 0);
	unit_bytecode_norm(buf, sizeof(buf));
	return xstrdup(buf);
}

static void check_map(uint32_t family, const char *text,
		      const struct want_map *w)
{
	struct rule *rule = build_rule(family, text);
	struct lin_sets sets = { 0 };
	struct nftnl_rule *nlr;
	const struct nftnl_set *s;
	LIST_HEAD(msgs);
	const void *ud;
	uint32_t len = 0;
	char *got;

	CHECK(rule != NULL);
	if (!rule)
		return;
	CHECK(nft_evaluate_rule(test_nft(), rule, &msgs) == 0);
	erec_print_list(stderr, &msgs);
	erec_free_list(&msgs);
	nlr = nftnl_rule_alloc();
	nftnl_rule_set_u32(nlr, NFTNL_RULE_FAMILY, family);
	nftnl_rule_set_str(nlr, NFTNL_RULE_TABLE, "t");
	nftnl_rule_set_str(nlr, NFTNL_RULE_CHAIN, "c");
	linearize_rule_sets(NULL, rule, nlr, &sets);
	CHECK(sets.num == 1);
	if (sets.num == 1) {
		s = sets.v[0].set;
		CHECK_STREQ(nftnl_set_get_str(s, NFTNL_SET_NAME), "__map%d");
		CHECK(nftnl_set_get_u32(s, NFTNL_SET_FLAGS) == w->flags);
		CHECK(nftnl_set_get_u32(s, NFTNL_SET_KEY_TYPE) == w->key_type);
		CHECK(nftnl_set_get_u32(s, NFTNL_SET_KEY_LEN) == w->key_len);
		CHECK(nftnl_set_get_u32(s, NFTNL_SET_DATA_TYPE) ==
		      w->data_type);
		CHECK(nftnl_set_get_u32(s, NFTNL_SET_DATA_LEN) == w->data_len);
		CHECK(nftnl_set_get_u32(s, NFTNL_SET_DESC_SIZE) == w->size);
		ud = nftnl_set_get_data(s, NFTNL_SET_USERDATA, &len);
		got = hex(ud, len);
		CHECK_STREQ(got, w->udata);
		free(got);
		got = snprint_set(sets.v[0].elems);
		CHECK_STREQ(got, w->elems);
		free(got);
	}
	got = snprint_rule(nlr);
	CHECK_STREQ(got, w->code);
	free(got);
	lin_sets_release(&sets);
	nftnl_rule_free(nlr);
	rule_free(rule);
}

/* The key and data byte orders, then the key's and the data's "typeof"
 * (u3, u4: a type, kind 4 with no expression, or for a verdict map the
 * data's verdict, kind 1), then the data's interval flag: what 1.1.3
 * sends. */
#define UD_TYPE		"0308000404000000" "0100"
#define UD_MARK		"000402000000" "010401000000" UD_TYPE \
			"0408000404000000" "0100" "060400000000"
#define UD_VERDICT	"000402000000" "010400000000" UD_TYPE \
			"0408000401000000" "0100" "060400000000"
/* numgen's key is an integer in host byte order */
#define UD_NUMGEN_ADDR	"000401000000" "010402000000" UD_TYPE \
			"0408000404000000" "0100" "060400000000"
/* a concatenation's key byte order is 0 and its typeof the expressions */
#define UD_CONCAT_MARK	"000400000000" "010401000000" \
			"033400040d000000012c0014000407000000010c00040c000000" \
			"01040b0000000114000407000000010c000408000000010402000000" \
			"0408000404000000" "0100" "060400000000"

static void test_encode(void)
{
	check_map(NFPROTO_IPV4, "meta mark set tcp dport map { 22 : 1, 80 : 2 }",
		  &(struct want_map){ 0xb, 13, 2, 19, 4, 0, UD_MARK,
		  "__map%d t 0\n"
		  "\telement 00001600  : 00000001 0 [end]"
		  "\telement 00005000  : 00000002 0 [end]",
		  "ip t c\n"
		  "  [ meta load l4proto => reg 1 ]\n"
		  "  [ cmp eq reg 1 0x00000006 ]\n"
		  "  [ payload load 2b @ transport header + 2 => reg 1 ]\n"
		  "  [ lookup reg 1 set __map%d dreg 1 ]\n"
		  "  [ meta set mark with reg 1 ]\n" });
	check_map(NFPROTO_IPV4, "ip saddr vmap { 10.0.0.1 : drop, 10.0.0.2 : jump c2 }",
		  &(struct want_map){ 0xb, 7, 4, NFT_DATA_VERDICT, 0, 0,
		  UD_VERDICT,
		  "__map%d t 0\n"
		  "\telement 0100000a  : drop 0 [end]"
		  "\telement 0200000a  : jump -> c2 0 [end]",
		  "ip t c\n"
		  "  [ payload load 4b @ network header + 12 => reg 1 ]\n"
		  "  [ lookup reg 1 set __map%d dreg 0 ]\n" });
	/* intervals: a leading end, an end after each interval but the
	 * one running to the top */
	check_map(NFPROTO_IPV4, "tcp dport vmap { 22 : accept, 1000-65535 : drop }",
		  &(struct want_map){ 0xf, 13, 2, NFT_DATA_VERDICT, 0, 0,
		  UD_VERDICT,
		  "__map%d t 0\n"
		  "\telement 00000000  : 1 [end]"
		  "\telement 00001600  : accept 0 [end]"
		  "\telement 00001700  : 1 [end]"
		  "\telement 0000e803  : drop 0 [end]"
		  "  userdata = { \\x01\\x04\\x01\\x00\\x00\\x00 }",
		  "ip t c\n"
		  "  [ meta load l4proto => reg 1 ]\n"
		  "  [ cmp eq reg 1 0x00000006 ]\n"
		  "  [ payload load 2b @ transport header + 2 => reg 1 ]\n"
		  "  [ lookup reg 1 set __map%d dreg 0 ]\n" });
	check_map(NFPROTO_IPV4, "meta mark set ip saddr . tcp dport map { 10.0.0.0/24 . 22-23 : 3 }",
		  &(struct want_map){ 0x8f, (7 << 6) | 13, 8, 19, 4, 0,
		  UD_CONCAT_MARK,
		  "__map%d t 0\n"
		  "\telement 0000000a 00001600  - ff00000a 00001700  : 00000003 0 [end]",
		  "ip t c\n"
		  "  [ meta load l4proto => reg 1 ]\n"
		  "  [ cmp eq reg 1 0x00000006 ]\n"
		  "  [ payload load 4b @ network header + 12 => reg 1 ]\n"
		  "  [ payload load 2b @ transport header + 2 => reg 9 ]\n"
		  "  [ lookup reg 1 set __map%d dreg 1 ]\n"
		  "  [ meta set mark with reg 1 ]\n" });
	check_map(NFPROTO_IPV4, "dnat to numgen inc mod 2 map { 0 : 10.0.0.1, 1 : 10.0.0.2 }",
		  &(struct want_map){ 0xb, 4, 4, 7, 4, 0, UD_NUMGEN_ADDR,
		  "__map%d t 0\n"
		  "\telement 00000000  : 0100000a 0 [end]"
		  "\telement 00000001  : 0200000a 0 [end]",
		  "ip t c\n"
		  "  [ numgen reg 1 = inc mod 2 ]\n"
		  "  [ lookup reg 1 set __map%d dreg 1 ]\n"
		  "  [ nat dnat ip addr_min reg 1 ]\n" });
}

/* @text must be refused with a message that contains @why. */
static void check_refused(uint32_t family, const char *text, const char *why)
{
	struct rule *rule = build_rule(family, text);
	struct error_record *erec;
	LIST_HEAD(msgs);

	if (!rule) {
		CHECK(why == NULL);	/* a syntax error was wanted */
		return;
	}
	CHECK(why != NULL);
	CHECK(nft_evaluate_rule(test_nft(), rule, &msgs) != 0);
	CHECK(!list_empty(&msgs));
	if (why && !list_empty(&msgs)) {
		erec = list_first_entry(&msgs, struct error_record, list);
		if (!strstr(erec->msg, why))
			fprintf(stderr, "'%s': got '%s'\n", text, erec->msg);
		CHECK(strstr(erec->msg, why) != NULL);
	}
	erec_free_list(&msgs);
	rule_free(rule);
}

/* An object map: the set names objects (NFT_SET_OBJECT, its object type,
 * each element's NFTA_SET_ELEM_OBJREF), its user data has no data byte
 * order, and an objref expression looks the key up in it. */
static void check_objmap(const char *text, uint32_t flags, uint32_t objtype,
			 const char *udata, const char *first_obj,
			 const char *elems, const char *code)
{
	struct rule *rule = build_rule(NFPROTO_IPV4, text);
	struct lin_sets sets = { 0 };
	struct nftnl_set_elems_iter *it;
	struct nftnl_set_elem *e;
	struct nftnl_rule *nlr;
	const struct nftnl_set *s;
	LIST_HEAD(msgs);
	const void *ud;
	uint32_t len = 0;
	char *got;

	CHECK(rule != NULL);
	if (!rule)
		return;
	CHECK(nft_evaluate_rule(test_nft(), rule, &msgs) == 0);
	erec_print_list(stderr, &msgs);
	erec_free_list(&msgs);
	nlr = nftnl_rule_alloc();
	nftnl_rule_set_u32(nlr, NFTNL_RULE_FAMILY, NFPROTO_IPV4);
	nftnl_rule_set_str(nlr, NFTNL_RULE_TABLE, "t");
	nftnl_rule_set_str(nlr, NFTNL_RULE_CHAIN, "c");
	linearize_rule_sets(NULL, rule, nlr, &sets);
	CHECK(sets.num == 1);
	if (sets.num == 1) {
		s = sets.v[0].set;
		CHECK_STREQ(nftnl_set_get_str(s, NFTNL_SET_NAME), "__objmap%d");
		CHECK(nftnl_set_get_u32(s, NFTNL_SET_FLAGS) == flags);
		CHECK(nftnl_set_get_u32(s, NFTNL_SET_OBJ_TYPE) == objtype);
		CHECK(!nftnl_set_is_set(s, NFTNL_SET_DATA_TYPE));
		ud = nftnl_set_get_data(s, NFTNL_SET_USERDATA, &len);
		got = hex(ud, len);
		CHECK_STREQ(got, udata);
		free(got);
		got = snprint_set(sets.v[0].elems);
		CHECK_STREQ(got, elems);
		free(got);
		it = nftnl_set_elems_iter_create(sets.v[0].elems);
		e = nftnl_set_elems_iter_next(it);
		while (e && !nftnl_set_elem_is_set(e, NFTNL_SET_ELEM_OBJREF))
			e = nftnl_set_elems_iter_next(it);
		CHECK(e != NULL);
		if (e)
			CHECK_STREQ(nftnl_set_elem_get_str(e,
				    NFTNL_SET_ELEM_OBJREF), first_obj);
		nftnl_set_elems_iter_destroy(it);
	}
	got = snprint_rule(nlr);
	CHECK_STREQ(got, code);
	free(got);
	lin_sets_release(&sets);
	nftnl_rule_free(nlr);
	rule_free(rule);
}

#define UD_OBJMAP	"000402000000" UD_TYPE \
			"0408000404000000" "0100" "060400000000"

static void test_objmap(void)
{
	check_objmap("counter name tcp dport map { 22 : \"c1\", 80 : \"c2\" }",
		     0x43, NFT_OBJECT_COUNTER, UD_OBJMAP, "c1",
		     "__objmap%d t 0\n"
		     "\telement 00001600  : 0 [end]"
		     "\telement 00005000  : 0 [end]",
		     "ip t c\n"
		     "  [ meta load l4proto => reg 1 ]\n"
		     "  [ cmp eq reg 1 0x00000006 ]\n"
		     "  [ payload load 2b @ transport header + 2 => reg 1 ]\n"
		     "  [ objref sreg 1 set __objmap%d ]\n");
	check_objmap("ct helper set ip saddr map { 10.0.0.0/8 : \"h\" }",
		     0x47, NFT_OBJECT_CT_HELPER, UD_OBJMAP, "h",
		     "__objmap%d t 0\n"
		     "\telement 00000000  : 1 [end]"
		     "\telement 0000000a  : 0 [end]"
		     "\telement 0000000b  : 1 [end]",
		     "ip t c\n"
		     "  [ payload load 4b @ network header + 12 => reg 1 ]\n"
		     "  [ objref sreg 1 set __objmap%d ]\n");
}

static void test_refused(void)
{
	check_refused(NFPROTO_IPV4, "meta mark set tcp dport map { 22 : accept }",
		      "mapping data is a verdict");
	/* a verdict map's data are verdicts to the grammar, as to 1.1.3 */
	check_refused(NFPROTO_IPV4, "tcp dport vmap { 22 : 1 }", NULL);
	check_refused(NFPROTO_IPV4, "ip saddr vmap { 10.0.0.0/24 : accept, 10.0.0.1 : drop }",
		      "conflicting intervals specified");
	check_refused(NFPROTO_IPV4, "ip saddr . tcp dport vmap { 10.0.0.1 : accept }",
		      "expression is not a concatenation");
	check_refused(NFPROTO_IPV4, "tcp dport vmap { foo : accept }",
		      "Could not resolve service");
}

int main(void)
{
	test_encode();
	test_refused();
	test_objmap();
	test_nft_release();
	return unit_done("map_test");
}
