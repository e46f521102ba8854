/*
 * Rule expressions libnftnl 1.2.4 cannot hold, done on the netlink
 * messages (include/nlext.h): a tunnel's "inner" wrapping of a load and
 * the second source register of a bitwise operation on two loads.
 */
#include <string.h>
#include <arpa/inet.h>
#include <nlext.h>
#include <rule.h>
#include <mnl.h>
#include <nftables.h>
#include <libnftnl/rule.h>
#include <linux/netfilter/nf_tables.h>
#include <linux/netfilter/nfnetlink.h>

void nle_exts_free(struct nle_exts *e)
{
	xfree(e->v);
	e->v = NULL;
	e->num = 0;
}

const struct nle_ext *nle_ext_at(const struct nle_exts *e,
				 unsigned int index)
{
	unsigned int i;

	for (i = 0; e && i < e->num; i++)
		if (e->v[i].index == index)
			return &e->v[i];
	return NULL;
}

/* The extension record of expression @index, added if it has none. */
static struct nle_ext *nle_ext_get(struct nle_exts *e, unsigned int index)
{
	if (e->num && e->v[e->num - 1].index == index)
		return &e->v[e->num - 1];
	e->v = xrealloc(e->v, (e->num + 1) * sizeof(*e->v));
	e->v[e->num] = (struct nle_ext) { .index = index };
	return &e->v[e->num++];
}

static bool nle_origin_has_ext(const struct nle_origin *o)
{
	return o->inner || o->sreg2;
}

void nle_exts_of_rule(struct nle_exts *e, const struct rule *r)
{
	struct nle_ext *x;
	unsigned int i;

	for (i = 0; i < r->num_nle; i++) {
		if (!nle_origin_has_ext(&r->nle_origins[i]))
			continue;
		x = nle_ext_get(e, i);
		x->inner = r->nle_origins[i].inner;
		x->sreg2 = r->nle_origins[i].sreg2;
	}
}

void nlext_put_nested(struct nlmsghdr *nlh, const struct nlattr *nest)
{
	const struct nlattr *a;

	mnl_attr_for_each_nested(a, nest)
		mnl_attr_put(nlh, a->nla_type, mnl_attr_get_payload_len(a),
			     mnl_attr_get_payload(a));
}

static void nlext_put_attr(struct nlmsghdr *nlh, const struct nlattr *a)
{
	mnl_attr_put(nlh, a->nla_type, mnl_attr_get_payload_len(a),
		     mnl_attr_get_payload(a));
}

/* The message again from its copy @src: other attributes as they are,
 * the expression list through @elem_cb. */
static void nlext_rebuild(struct nlmsghdr *nlh, const struct nlmsghdr *src,
			  void (*elem_cb)(struct nlmsghdr *nlh,
					  const struct nlattr *elem,
					  unsigned int index, void *arg),
			  void *arg)
{
	const struct nlattr *a, *elem;
	struct nlattr *nest;
	unsigned int i;

	nlh->nlmsg_len = MNL_NLMSG_HDRLEN + MNL_ALIGN(sizeof(struct nfgenmsg));
	mnl_attr_for_each(a, src, sizeof(struct nfgenmsg)) {
		if (mnl_attr_get_type(a) != NFTA_RULE_EXPRESSIONS) {
			nlext_put_attr(nlh, a);
			continue;
		}
		nest = mnl_attr_nest_start(nlh, NFTA_RULE_EXPRESSIONS);
		i = 0;
		mnl_attr_for_each_nested(elem, a)
			elem_cb(nlh, elem, i++, arg);
		mnl_attr_nest_end(nlh, nest);
	}
}

/* ---- bitwise: the second source register ---- */

/* The element again, its data but the second register's, and that as
 * @sreg2 unless 0. */
static void nlext_bitwise_rewrite(struct nlmsghdr *nlh,
				  const struct nlattr *elem, uint32_t sreg2)
{
	const struct nlattr *a, *b;
	struct nlattr *e, *d;

	e = mnl_attr_nest_start(nlh, NFTA_LIST_ELEM);
	mnl_attr_for_each_nested(a, elem) {
		if (mnl_attr_get_type(a) != NFTA_EXPR_DATA) {
			nlext_put_attr(nlh, a);
			continue;
		}
		d = mnl_attr_nest_start(nlh, NFTA_EXPR_DATA);
		mnl_attr_for_each_nested(b, a)
			if (mnl_attr_get_type(b) != NFTX_BITWISE_SREG2)
				nlext_put_attr(nlh, b);
		if (sreg2)
			mnl_attr_put_u32(nlh, NFTX_BITWISE_SREG2, htonl(sreg2));
		mnl_attr_nest_end(nlh, d);
	}
	mnl_attr_nest_end(nlh, e);
}

/* The NFTA_EXPR_DATA of an NFTA_LIST_ELEM, NULL if none. */
static const struct nlattr *nlext_elem_data(const struct nlattr *elem)
{
	const struct nlattr *a, *d = NULL;

	mnl_attr_for_each_nested(a, elem)
		if (mnl_attr_get_type(a) == NFTA_EXPR_DATA)
			d = a;
	if (!d || mnl_attr_validate(d, MNL_TYPE_NESTED) < 0)
		return NULL;
	return d;
}

/* A bitwise element's NFTA_BITWISE_SREG2, NULL if none. */
static const struct nlattr *nlext_bitwise_sreg2(const struct nlattr *elem)
{
	const struct nlattr *d = nlext_elem_data(elem), *a;

	if (!d)
		return NULL;
	mnl_attr_for_each_nested(a, d)
		if (mnl_attr_get_type(a) == NFTX_BITWISE_SREG2)
			return a;
	return NULL;
}

/* The element without its NFTA_BITWISE_SREG2, whose value is *@sreg2;
 * false if that is no register number. */
static bool nlext_bitwise_take(struct nlmsghdr *nlh, const struct nlattr *elem,
			       uint32_t *sreg2)
{
	const struct nlattr *s = nlext_bitwise_sreg2(elem);

	if (mnl_attr_validate(s, MNL_TYPE_U32) < 0)
		return false;
	*sreg2 = ntohl(mnl_attr_get_u32(s));
	if (*sreg2 == 0)
		return false;
	nlext_bitwise_rewrite(nlh, elem, 0);
	return true;
}

/* ---- out: what libnftnl wrote, extended ---- */

static void nlext_splice_elem(struct nlmsghdr *nlh, const struct nlattr *elem,
			      unsigned int index, void *arg)
{
	const struct nle_origin *o = rule_nle_origin(arg, index);

	if (o && o->inner)
		inner_wrap_elem(nlh, elem, o->inner);
	else if (o && o->sreg2)
		nlext_bitwise_rewrite(nlh, elem, o->sreg2);
	else
		nlext_put_attr(nlh, elem);
}

void nlext_splice(struct nlmsghdr *nlh, const struct rule *r)
{
	struct nlmsghdr *copy;
	unsigned int i;

	for (i = 0; r && i < r->num_nle; i++)
		if (nle_origin_has_ext(&r->nle_origins[i]))
			break;
	if (!r || i == r->num_nle)
		return;
	copy = xmalloc(nlh->nlmsg_len);
	memcpy(copy, nlh, nlh->nlmsg_len);
	nlext_rebuild(nlh, copy, nlext_splice_elem, (void *)r);
	xfree(copy);
}

/* ---- in: what the kernel sent, for libnftnl ---- */

/* The name of an NFTA_LIST_ELEM's expression, NULL if none. */
static const char *nlext_elem_name(const struct nlattr *elem)
{
	const struct nlattr *a;

	if (mnl_attr_validate(elem, MNL_TYPE_NESTED) < 0)
		return NULL;
	mnl_attr_for_each_nested(a, elem)
		if (mnl_attr_get_type(a) == NFTA_EXPR_NAME &&
		    mnl_attr_validate(a, MNL_TYPE_NUL_STRING) == 0)
			return mnl_attr_get_str(a);
	return NULL;
}

static bool nlext_elem_has(const struct nlattr *elem)
{
	const char *name = nlext_elem_name(elem);

	if (!name)
		return false;
	if (!strcmp(name, "inner"))
		return true;
	return !strcmp(name, "bitwise") && nlext_bitwise_sreg2(elem);
}

bool nlext_msg_has(const struct nlmsghdr *nlh)
{
	const struct nlattr *a, *elem;

	if (nlh->nlmsg_len < MNL_NLMSG_HDRLEN +
			     MNL_ALIGN(sizeof(struct nfgenmsg)))
		return false;
	mnl_attr_for_each(a, nlh, sizeof(struct nfgenmsg)) {
		if (mnl_attr_get_type(a) != NFTA_RULE_EXPRESSIONS ||
		    mnl_attr_validate(a, MNL_TYPE_NESTED) < 0)
			continue;
		mnl_attr_for_each_nested(elem, a)
			if (nlext_elem_has(elem))
				return true;
	}
	return false;
}

struct nlext_take_ctx {
	struct nle_exts *exts;
	bool bad;
};

static void nlext_take_elem(struct nlmsghdr *nlh, const struct nlattr *elem,
			    unsigned int index, void *arg)
{
	struct nlext_take_ctx *t = arg;
	const struct inner_desc *in;
	struct nle_ext *x;
	uint32_t sreg2;

	if (!nlext_elem_has(elem)) {
		nlext_put_attr(nlh, elem);
		return;
	}
	if (!strcmp(nlext_elem_name(elem), "bitwise")) {
		if (!nlext_bitwise_take(nlh, elem, &sreg2)) {
			t->bad = true;
			return;
		}
		nle_ext_get(t->exts, index)->sreg2 = sreg2;
		return;
	}
	if (!inner_unwrap_elem(nlh, elem, &in)) {
		t->bad = true;
		return;
	}
	x = nle_ext_get(t->exts, index);
	x->inner = in;
	x->inner_unknown = in == NULL;
}

struct nlmsghdr *nlext_take(const struct nlmsghdr *nlh,
				   struct nle_exts *e)
{
	struct nlext_take_ctx t = { e, false };
	struct nlmsghdr *out;

	/* taking out shrinks, but each copied attribute takes its padding,
	 * which the last of a nest may lack (at most 3 bytes an attribute
	 * of 4 or more) */
	out = xzalloc(2 * MNL_ALIGN(nlh->nlmsg_len));
	memcpy(out, nlh, MNL_NLMSG_HDRLEN + sizeof(struct nfgenmsg));
	nlext_rebuild(out, nlh, nlext_take_elem, &t);
	if (t.bad) {
		xfree(out);
		nle_exts_free(e);
		return NULL;
	}
	return out;
}

int nlext_rule_parse(const struct nlmsghdr *nlh, struct nftnl_rule *nlr,
		     struct nle_exts *e)
{
	struct nlmsghdr *plain;
	int ret;

	if (!nlext_msg_has(nlh))
		return mnl_msg_broken(nlh) ? -1 : nftnl_rule_nlmsg_parse(nlh, nlr);
	plain = nlext_take(nlh, e);
	if (!plain)
		return -1;
	/* what libnftnl reads is checked as any message is */
	ret = mnl_msg_broken(plain) ? -1 : nftnl_rule_nlmsg_parse(plain, nlr);
	xfree(plain);
	if (ret < 0)
		nle_exts_free(e);
	return ret;
}
