/*
 * Rules streamed from the kernel one message at a time (listings of big
 * rulesets, reset rules): each is parsed, handed to the caller and freed;
 * what libnftnl cannot read is handed over with the reason, and what it
 * cannot hold goes through src/nlext.c.
 */
#include <nft.h>
#include <nftables.h>
#include <mnl.h>
#include <mnl_int.h>
#include <nlext.h>
#include <endian.h>
#include <errno.h>
#include <string.h>
#include <linux/netfilter/nfnetlink.h>
#include <linux/netfilter/nf_tables.h>
#include <libnftnl/common.h>
#include <libnftnl/rule.h>
#include <libnftnl/expr.h>

struct rule_stream_ctx {
	struct nft_ctx *nft;
	mnl_rule_cb cb;
	void *data;
};

/* The first expression of a rule message libnftnl has no parser for,
 * or NULL. */
static char *rule_unknown_expr(const struct nlattr *exprs)
{
	const struct nlattr *elem, *a;
	struct nftnl_expr *e;
	const char *name;

	mnl_attr_for_each_nested(elem, exprs) {
		if (mnl_attr_validate(elem, MNL_TYPE_NESTED) < 0)
			return xstrdup("its expression list is malformed");
		mnl_attr_for_each_nested(a, elem) {
			if (mnl_attr_get_type(a) != NFTA_EXPR_NAME ||
			    mnl_attr_validate(a, MNL_TYPE_NUL_STRING) < 0)
				continue;
			name = mnl_attr_get_str(a);
			e = nftnl_expr_alloc(name);
			if (!e)
				return xasprintf("libnftnl cannot read its expression '%s'",
						 name);
			nftnl_expr_free(e);
		}
	}
	return NULL;
}

/*
 * A rule libnftnl cannot parse: its family, table, chain and handle read
 * from the message itself into @nlr, and why. It must not vanish from a
 * listing: the consumer fails naming it.
 */
static char *rule_unparsed(const struct nlmsghdr *nlh, struct nftnl_rule *nlr)
{
	const struct nfgenmsg *nfg = mnl_nlmsg_get_payload(nlh);
	const char *broken = mnl_msg_broken(nlh);
	const struct nlattr *a;
	char *why = NULL;

	if (nlh->nlmsg_len >= MNL_NLMSG_HDRLEN + sizeof(*nfg))
		nftnl_rule_set_u32(nlr, NFTNL_RULE_FAMILY, nfg->nfgen_family);
	mnl_attr_for_each(a, nlh, sizeof(*nfg)) {
		switch (mnl_attr_get_type(a)) {
		case NFTA_RULE_TABLE:
		case NFTA_RULE_CHAIN:
			if (mnl_attr_validate(a, MNL_TYPE_NUL_STRING) < 0)
				break;
			nftnl_rule_set_str(nlr, mnl_attr_get_type(a) ==
					   NFTA_RULE_TABLE ? NFTNL_RULE_TABLE :
					   NFTNL_RULE_CHAIN,
					   mnl_attr_get_str(a));
			break;
		case NFTA_RULE_HANDLE:
			if (mnl_attr_validate(a, MNL_TYPE_U64) == 0)
				nftnl_rule_set_u64(nlr, NFTNL_RULE_HANDLE,
						   be64toh(mnl_attr_get_u64(a)));
			break;
		case NFTA_RULE_EXPRESSIONS:
			if (!why)
				why = rule_unknown_expr(a);
			break;
		}
	}
	if (!why)
		why = xstrdup(broken ? broken : "libnftnl cannot read it");
	return why;
}

/*
 * A rule with expressions libnftnl cannot hold (a tunnel's "inner"
 * loads, a bitwise's second register): libnftnl parses it without them,
 * and the decoder learns them from nft->nle_exts while the rule is
 * handed over (include/nlext.h).
 */
static bool rule_stream_ext(struct rule_stream_ctx *ctx,
			      const struct nlmsghdr *nlh,
			      struct nftnl_rule *nlr)
{
	struct nle_exts exts = { 0 };
	int ret;

	if (!nlext_msg_has(nlh))
		return false;
	ret = nlext_rule_parse(nlh, nlr, &exts);
	if (ret == 0) {
		ctx->nft->nle_exts_nlr = nlr;
		ctx->nft->nle_exts = &exts;
		ctx->cb(nlr, NULL, ctx->data);
		ctx->nft->nle_exts_nlr = NULL;
		ctx->nft->nle_exts = NULL;
	}
	nle_exts_free(&exts);
	return ret == 0;
}

/* One rule per message: parse it, hand it over, free it. */
static int rule_stream_cb(const struct nlmsghdr *nlh, void *data)
{
	struct rule_stream_ctx *ctx = data;
	struct nftnl_rule *nlr = nftnl_rule_alloc();
	char *why;

	if (!nlr)
		memory_allocation_error();
	/* libnftnl reads a bitwise's second register as nothing */
	if (!nlext_msg_has(nlh) && !mnl_msg_broken(nlh) &&
	    nftnl_rule_nlmsg_parse(nlh, nlr) == 0) {
		ctx->cb(nlr, NULL, ctx->data);
	} else {
		/* what a failed parse left in it goes */
		nftnl_rule_free(nlr);
		nlr = nftnl_rule_alloc();
		if (!nlr)
			memory_allocation_error();
		if (rule_stream_ext(ctx, nlh, nlr)) {
			nftnl_rule_free(nlr);
			return MNL_CB_OK;
		}
		nftnl_rule_free(nlr);
		nlr = nftnl_rule_alloc();
		if (!nlr)
			memory_allocation_error();
		why = rule_unparsed(nlh, nlr);
		ctx->cb(nlr, why, ctx->data);
		xfree(why);
	}
	nftnl_rule_free(nlr);
	return MNL_CB_OK;
}

#define MSG_GETRULE_RESET	25	/* Linux 6.3 */

/* @type GETRULE or MSG_GETRULE_RESET; a @handle asks for that one rule
 * (acked, so the reply ends), else the rules of @table/@chain are
 * dumped. */
static int mnl_rules_cb(struct nft_ctx *nft, uint16_t type, uint32_t family,
			const char *table, const char *chain, uint64_t handle,
			mnl_rule_cb cb, void *data)
{
	struct rule_dump_filter f = { table, chain };
	struct rule_stream_ctx ctx = { nft, cb, data };
	char req[MNL_SOCKET_BUFFER_SIZE];
	struct nlmsghdr *nlh;

	struct mnl_socket *nl;
	int ret, err;

	memset(req, 0, sizeof(req));
	nlh = nftnl_nlmsg_build_hdr(req, type, family,
				    handle ? NLM_F_ACK : NLM_F_DUMP,
				    mnl_seqnum_next(nft));
	if (!rule_dump_build(nlh, &f))
		return -1;
	if (handle)
		mnl_attr_put_u64(nlh, NFTA_RULE_HANDLE, htobe64(handle));
	nl = mnl_dump_socket();
	if (!nl)
		return -1;
	ret = mnl_talk_on(nft, nl, nlh, rule_stream_cb, &ctx);
	err = errno;
	mnl_socket_close(nl);
	errno = err;
	return ret;
}

int mnl_dump_rules_cb(struct nft_ctx *nft, uint32_t family,
		      const char *table, const char *chain,
		      mnl_rule_cb cb, void *data)
{
	return mnl_rules_cb(nft, NFT_MSG_GETRULE, family, table, chain, 0,
			    cb, data);
}

int mnl_reset_rules_cb(struct nft_ctx *nft, uint32_t family,
		       const char *table, const char *chain, uint64_t handle,
		       mnl_rule_cb cb, void *data)
{
	return mnl_rules_cb(nft, MSG_GETRULE_RESET, family, table, chain,
			    handle, cb, data);
}

