/*
 * What the kernel's rule expressions have and libnftnl 1.2.4 cannot
 * hold: the "inner" expression of a tunnel that wraps a load (Linux 6.2,
 * include/inner.h), and the second source register of a bitwise
 * operation on two loaded values ("meta mark set meta mark | ct mark",
 * Linux 6.13).
 *
 * libnftnl builds and parses each rule without them. nlext_splice()
 * adds them to the message libnftnl wrote, as the rule's nle_origins
 * say; nlext_rule_parse() takes them out of a dumped message before
 * libnftnl reads it and says, per expression, what it took (struct
 * nle_ext), which the decoder and --debug=netlink put back. Callers
 * hand the extensions over in nft->nle_exts while the rule is decoded.
 */
#ifndef NFT_NLEXT_H
#define NFT_NLEXT_H

#include <stdint.h>
#include <stdbool.h>
#include <libmnl/libmnl.h>
#include <inner.h>

/* The kernel's (enum nft_bitwise_ops, enum nft_bitwise_attributes since
 * 6.13), missing from older installed headers. */
#define NFTX_BITWISE_AND	3
#define NFTX_BITWISE_OR		4
#define NFTX_BITWISE_XOR	5
#define NFTX_BITWISE_SREG2	8

/* What expression @index of a rule carries beyond libnftnl's. */
struct nle_ext {
	unsigned int index;
	const struct inner_desc *inner;	/* wrapped in this tunnel's inner */
	bool inner_unknown;		/* wrapped in one we do not know */
	uint32_t sreg2;			/* bitwise's second source, 0: none */
};
struct nle_exts {
	unsigned int num;
	struct nle_ext *v;
};
void nle_exts_free(struct nle_exts *e);
/* The extensions of expression @index, NULL if it has none. */
const struct nle_ext *nle_ext_at(const struct nle_exts *e,
				 unsigned int index);

struct rule;
struct nftnl_rule;
/* The extensions of the rule @r being sent (its nle_origins). */
void nle_exts_of_rule(struct nle_exts *e, const struct rule *r);

/* What an extension adds to an expression's NFTA_LIST_ELEM at most. */
#define NLE_EXT_BYTES	(INNER_WRAP_BYTES + MNL_ALIGN(MNL_ATTR_HDRLEN + 4))

/* Add the extensions of @r to the rule message @nlh libnftnl built from
 * it. @nlh has room for NLE_EXT_BYTES an expression. */
void nlext_splice(struct nlmsghdr *nlh, const struct rule *r);
/* Whether the rule message @nlh holds anything libnftnl cannot read. */
bool nlext_msg_has(const struct nlmsghdr *nlh);
/* A copy of the rule message @nlh without the extensions, and which
 * they were in @e; NULL if one is malformed. Caller frees. */
struct nlmsghdr *nlext_take(const struct nlmsghdr *nlh, struct nle_exts *e);
/* A rule message into @nlr, as nftnl_rule_nlmsg_parse() but with the
 * extensions taken out first (@e, empty if none); -1 if it cannot be
 * read. */
int nlext_rule_parse(const struct nlmsghdr *nlh, struct nftnl_rule *nlr,
		     struct nle_exts *e);

/* Copy the attributes nested in @nest into @nlh. */
void nlext_put_nested(struct nlmsghdr *nlh, const struct nlattr *nest);

#endif
