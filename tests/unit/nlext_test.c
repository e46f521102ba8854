/*
 * Expressions libnftnl cannot hold, on the wire (src/nlext.c), no
 * kernel: a tunnel's "inner" expression and a bitwise's second source
 * register. A rule's marked loads are wrapped (its bitwise given the
 * register) in the message libnftnl built, and taken out again before
 * libnftnl reads a dumped one. Adding then taking gives the message
 * back byte for byte; broken or unknown wrappings are told.
 */
#include <stdlib.h>
#include <string.h>
#include <arpa/inet.h>
#include <linux/netfilter.h>
#include <linux/netfilter/nf_tables.h>
#include <linux/netfilter/nfnetlink.h>
#include <libmnl/libmnl.h>
#include <libnftnl/rule.h>
#include <libnftnl/expr.h>
#include <nftables.h>
#include <rule.h>
#include <inner.h>
#include <nlext.h>
#include "unit.h"

#define BUF	8192

/* An empty rule of ip t c. */
static struct nftnl_rule *rule_new(void)
{
	struct nftnl_rule *nlr = nftnl_rule_alloc();

	nftnl_rule_set_str(nlr, NFTNL_RULE_TABLE, "t");
	nftnl_rule_set_str(nlr, NFTNL_RULE_CHAIN, "c");
	return nlr;
}

/* @nlr's message in @buf, as libnftnl writes it; frees @nlr. */
static struct nlmsghdr *rule_msg(char *buf, struct nftnl_rule *nlr)
{
	struct nlmsghdr *nlh;

	memset(buf, 0, BUF);
	nlh = nftnl_nlmsg_build_hdr(buf, NFT_MSG_NEWRULE, NFPROTO_IPV4, 0, 1);
	nftnl_rule_nlmsg_build_payload(nlh, nlr);
	nftnl_rule_free(nlr);
	return nlh;
}

/* ip t c: meta load l4proto, payload load 4b @ network + 12 */
static struct nlmsghdr *build_rule(char *buf)
{
	struct nftnl_rule *nlr = rule_new();
	struct nftnl_expr *e;

	e = nftnl_expr_alloc("meta");
	nftnl_expr_set_u32(e, NFTNL_EXPR_META_KEY, NFT_META_L4PROTO);
	nftnl_expr_set_u32(e, NFTNL_EXPR_META_DREG, NFT_REG_1);
	nftnl_rule_add_expr(nlr, e);
	e = nftnl_expr_alloc("payload");
	nftnl_expr_set_u32(e, NFTNL_EXPR_PAYLOAD_DREG, NFT_REG_1);
	nftnl_expr_set_u32(e, NFTNL_EXPR_PAYLOAD_BASE, 1);
	nftnl_expr_set_u32(e, NFTNL_EXPR_PAYLOAD_OFFSET, 12);
	nftnl_expr_set_u32(e, NFTNL_EXPR_PAYLOAD_LEN, 4);
	nftnl_rule_add_expr(nlr, e);
	return rule_msg(buf, nlr);
}

static void test_round_trip(void)
{
	struct nle_origin origins[2] = { { 0 }, { 0 } };
	struct nle_exts marks = { 0 };
	char plain[BUF], buf[BUF];
	struct nlmsghdr *p, *w, *u;
	struct nftnl_rule *nlr;
	struct rule r = { 0 };

	p = build_rule(plain);
	w = build_rule(buf);
	origins[1].inner = inner_lookup("vxlan");
	r.nle_origins = origins;
	r.num_nle = 2;
	CHECK(!nlext_msg_has(p));
	nlext_splice(w, &r);
	CHECK(nlext_msg_has(w));
	CHECK(w->nlmsg_len == p->nlmsg_len + INNER_WRAP_BYTES);

	u = nlext_take(w, &marks);
	CHECK(u != NULL);
	CHECK(u && u->nlmsg_len == p->nlmsg_len &&
	      !memcmp(u, p, p->nlmsg_len));
	CHECK(marks.num == 1);
	CHECK(nle_ext_at(&marks, 1) &&
	      nle_ext_at(&marks, 1)->inner == inner_lookup("vxlan"));
	CHECK(nle_ext_at(&marks, 0) == NULL);
	free(u);
	nle_exts_free(&marks);

	nlr = nftnl_rule_alloc();
	CHECK(nlext_rule_parse(w, nlr, &marks) == 0);
	CHECK(marks.num == 1);
	CHECK_STREQ(nftnl_rule_get_str(nlr, NFTNL_RULE_CHAIN), "c");
	nftnl_rule_free(nlr);
	nle_exts_free(&marks);
}

/* The rule above, its payload load wrapped in @tunnel's inner. */
static struct nlmsghdr *wrapped(char *buf, const char *tunnel)
{
	struct nle_origin origins[2] = { { 0 }, { 0 } };
	struct rule r = { 0 };
	struct nlmsghdr *nlh = build_rule(buf);

	origins[1].inner = inner_lookup(tunnel);
	r.nle_origins = origins;
	r.num_nle = 2;
	nlext_splice(nlh, &r);
	return nlh;
}

/* The attribute @type in the data of expression @index of @nlh. */
static struct nlattr *expr_attr(struct nlmsghdr *nlh, unsigned int index,
				uint16_t type)
{
	struct nlattr *a, *elem, *data, *x;
	unsigned int i;

	mnl_attr_for_each(a, nlh, sizeof(struct nfgenmsg)) {
		if (mnl_attr_get_type(a) != NFTA_RULE_EXPRESSIONS)
			continue;
		elem = mnl_attr_get_payload(a);
		for (i = 0; i < index; i++)
			elem = mnl_attr_next(elem);
		mnl_attr_for_each_nested(data, elem) {
			if (mnl_attr_get_type(data) != NFTA_EXPR_DATA)
				continue;
			mnl_attr_for_each_nested(x, data)
				if (mnl_attr_get_type(x) == type)
					return x;
		}
	}
	return NULL;
}

/* The attribute @type of the inner expression's data (the second, the
 * wrapped one) in @nlh. */
static struct nlattr *inner_attr(struct nlmsghdr *nlh, uint16_t type)
{
	return expr_attr(nlh, 1, type);
}

static void test_broken(void)
{
	struct nle_exts marks = { 0 };
	struct nlmsghdr *w, *u;
	struct nlattr *a;
	char buf[BUF];

	/* a tunnel type nobody knows: unwrapped, marked unknown */
	w = wrapped(buf, "geneve");
	a = inner_attr(w, INNER_NFTA_TYPE);
	CHECK(a != NULL);
	if (a)
		*(uint32_t *)mnl_attr_get_payload(a) = htonl(9);
	u = nlext_take(w, &marks);
	CHECK(u != NULL);
	CHECK(marks.num == 1);
	CHECK(nle_ext_at(&marks, 1) && !nle_ext_at(&marks, 1)->inner &&
	      nle_ext_at(&marks, 1)->inner_unknown);
	free(u);
	nle_exts_free(&marks);

	/* no header size: not an inner expression the kernel sends */
	w = wrapped(buf, "gre");
	a = inner_attr(w, INNER_NFTA_HDRSIZE);
	CHECK(a != NULL);
	if (a)
		a->nla_type = 99;
	CHECK(nlext_take(w, &marks) == NULL);
	CHECK(marks.num == 0);

	/* a wrapped load libnftnl cannot read: the rule is not parsed */
	w = wrapped(buf, "vxlan");
	a = inner_attr(w, INNER_NFTA_EXPR);
	CHECK(a != NULL);
	if (a) {
		struct nlattr *x;

		mnl_attr_for_each_nested(x, a)
			if (mnl_attr_get_type(x) == NFTA_EXPR_NAME) {
				CHECK_STREQ(mnl_attr_get_str(x), "payload");
				memcpy(mnl_attr_get_payload(x), "paylox", 6);
			}
	}
	CHECK(nlext_msg_has(w));
	{
		struct nftnl_rule *nlr = nftnl_rule_alloc();

		CHECK(nlext_rule_parse(w, nlr, &marks) < 0);
		CHECK(marks.num == 0);
		nftnl_rule_free(nlr);
	}
}

/* ip t c: meta load mark => reg 1, ct load mark => reg 2, bitwise
 * reg 1 = reg 1 | reg 2 (libnftnl writes all but the second register) */
static struct nlmsghdr *build_two_loads(char *buf)
{
	struct nftnl_rule *nlr = rule_new();
	struct nftnl_expr *e;

	e = nftnl_expr_alloc("meta");
	nftnl_expr_set_u32(e, NFTNL_EXPR_META_KEY, NFT_META_MARK);
	nftnl_expr_set_u32(e, NFTNL_EXPR_META_DREG, NFT_REG_1);
	nftnl_rule_add_expr(nlr, e);
	e = nftnl_expr_alloc("ct");
	nftnl_expr_set_u32(e, NFTNL_EXPR_CT_KEY, NFT_CT_MARK);
	nftnl_expr_set_u32(e, NFTNL_EXPR_CT_DREG, NFT_REG_2);
	nftnl_rule_add_expr(nlr, e);
	e = nftnl_expr_alloc("bitwise");
	nftnl_expr_set_u32(e, NFTNL_EXPR_BITWISE_SREG, NFT_REG_1);
	nftnl_expr_set_u32(e, NFTNL_EXPR_BITWISE_DREG, NFT_REG_1);
	nftnl_expr_set_u32(e, NFTNL_EXPR_BITWISE_OP, NFTX_BITWISE_OR);
	nftnl_expr_set_u32(e, NFTNL_EXPR_BITWISE_LEN, 4);
	nftnl_rule_add_expr(nlr, e);
	return rule_msg(buf, nlr);
}

/* The value of NFTA_BITWISE_SREG2 in the third expression, 0 if none. */
static uint32_t sreg2_of(struct nlmsghdr *nlh)
{
	struct nlattr *x = expr_attr(nlh, 2, NFTX_BITWISE_SREG2);

	return x ? ntohl(mnl_attr_get_u32(x)) : 0;
}

static void test_sreg2(void)
{
	struct nle_origin origins[3] = { { 0 }, { 0 }, { 0 } };
	struct nle_exts exts = { 0 };
	char plain[BUF], buf[BUF];
	struct nlmsghdr *p, *w, *u;
	struct nftnl_rule *nlr;
	struct rule r = { 0 };

	p = build_two_loads(plain);
	w = build_two_loads(buf);
	origins[2].sreg2 = NFT_REG_2;
	r.nle_origins = origins;
	r.num_nle = 3;
	CHECK(!nlext_msg_has(p));
	CHECK(sreg2_of(p) == 0);
	nlext_splice(w, &r);
	CHECK(nlext_msg_has(w));
	CHECK(sreg2_of(w) == NFT_REG_2);
	CHECK(w->nlmsg_len == p->nlmsg_len + MNL_ALIGN(MNL_ATTR_HDRLEN + 4));

	u = nlext_take(w, &exts);
	CHECK(u && u->nlmsg_len == p->nlmsg_len &&
	      !memcmp(u, p, p->nlmsg_len));
	CHECK(exts.num == 1 && nle_ext_at(&exts, 2) &&
	      nle_ext_at(&exts, 2)->sreg2 == NFT_REG_2);
	free(u);
	nle_exts_free(&exts);

	nlr = nftnl_rule_alloc();
	CHECK(nlext_rule_parse(w, nlr, &exts) == 0);
	CHECK(exts.num == 1 && nle_ext_at(&exts, 2)->sreg2 == NFT_REG_2);
	nftnl_rule_free(nlr);
	nle_exts_free(&exts);
}

int main(void)
{
	test_round_trip();
	test_broken();
	test_sreg2();
	return unit_done("nlext_test");
}
