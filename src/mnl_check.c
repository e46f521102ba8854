/*
 * Messages from the kernel, checked before libnftnl parses them: libnftnl
 * trusts their structure, and a broken one crashes it (an expression
 * without a name is compared as a NULL string; an expression it cannot
 * parse in a set's declaration is freed twice). The kernel never sends
 * such messages; a broken kernel, or whatever else answers on the
 * socket, must still not crash us: the message is then one that cannot
 * be read, and the listing that meets it fails naming it.
 *
 * Checked: every attribute's length within its message, and every
 * expression (rules, set declarations, set elements, dynamic set
 * statements) a nest with a name libnftnl knows. libnftnl still ends the
 * process (exit, "kernel ABI is broken") on an attribute of the wrong
 * size; that needs its tables of every attribute, and is left to it.
 */
#include <nft.h>
#include <mnl.h>
#include <string.h>
#include <linux/netfilter/nfnetlink.h>
#include <linux/netfilter/nf_tables.h>
#include <libnftnl/expr.h>

#ifndef NFT_MSG_GETSETELEM_RESET
#define NFT_MSG_GETSETELEM_RESET	33
#endif

static const char *check_expr(const struct nlattr *nest, unsigned int depth);

/* Every attribute of the stream @p, @len bytes, within it. */
static bool check_attrs(const void *p, size_t len)
{
	const struct nlattr *a = p;

	while (len >= sizeof(*a)) {
		if (a->nla_len < sizeof(*a) || a->nla_len > len)
			return false;
		if (MNL_ALIGN(a->nla_len) >= len)
			return true;
		len -= MNL_ALIGN(a->nla_len);
		a = (const void *)((const char *)a + MNL_ALIGN(a->nla_len));
	}
	return len == 0;
}

static bool check_nest(const struct nlattr *a)
{
	return check_attrs(mnl_attr_get_payload(a),
			   mnl_attr_get_payload_len(a));
}

/* A list of expressions (NFTA_LIST_ELEM each). */
static const char *check_expr_list(const struct nlattr *list,
				   unsigned int depth)
{
	const struct nlattr *elem;
	const char *why;

	if (!check_nest(list))
		return "its expression list is malformed";
	mnl_attr_for_each_nested(elem, list) {
		if (mnl_attr_get_type(elem) != NFTA_LIST_ELEM)
			return "its expression list is malformed";
		why = check_expr(elem, depth);
		if (why)
			return why;
	}
	return NULL;
}

/* The expressions a dynamic set statement ("dynset") holds. */
static const char *check_dynset(const struct nlattr *data,
				unsigned int depth)
{
	const struct nlattr *a;
	const char *why = NULL;

	mnl_attr_for_each_nested(a, data) {
		if (mnl_attr_get_type(a) == NFTA_DYNSET_EXPR)
			why = check_expr(a, depth + 1);
		else if (mnl_attr_get_type(a) == NFTA_DYNSET_EXPRESSIONS)
			why = check_expr_list(a, depth + 1);
		if (why)
			return why;
	}
	return NULL;
}

/* One expression: NFTA_EXPR_NAME, known to libnftnl, and its data. */
static const char *check_expr(const struct nlattr *nest, unsigned int depth)
{
	const struct nlattr *a, *data = NULL;
	const char *name = NULL;
	struct nftnl_expr *e;

	if (depth > 4 || !check_nest(nest))
		return "its expressions are malformed";
	mnl_attr_for_each_nested(a, nest) {
		if (mnl_attr_get_type(a) == NFTA_EXPR_NAME) {
			if (mnl_attr_validate(a, MNL_TYPE_NUL_STRING) < 0)
				return "an expression's name is malformed";
			name = mnl_attr_get_str(a);
		} else if (mnl_attr_get_type(a) == NFTA_EXPR_DATA) {
			if (!check_nest(a))
				return "an expression's data are malformed";
			data = a;
		}
	}
	if (!name)
		return "an expression has no name";
	e = nftnl_expr_alloc(name);
	if (!e)
		return "libnftnl cannot read one of its expressions";
	nftnl_expr_free(e);
	if (data && !strcmp(name, "dynset"))
		return check_dynset(data, depth);
	return NULL;
}

/* The attributes of @nest, for those of type @single (an expression)
 * or @list (a list of them). */
static const char *check_exprs_in(const struct nlattr *nest, uint16_t single,
				  uint16_t list)
{
	const struct nlattr *a;
	const char *why = NULL;

	mnl_attr_for_each_nested(a, nest) {
		if (mnl_attr_get_type(a) == single)
			why = check_expr(a, 0);
		else if (mnl_attr_get_type(a) == list)
			why = check_expr_list(a, 0);
		if (why)
			return why;
	}
	return NULL;
}

/* A verdict: its code, and a chain's name that is a string. */
static bool check_verdict(const struct nlattr *nest)
{
	const struct nlattr *a;

	if (!check_nest(nest))
		return false;
	mnl_attr_for_each_nested(a, nest) {
		switch (mnl_attr_get_type(a)) {
		case NFTA_VERDICT_CODE:
		case NFTA_VERDICT_CHAIN_ID:
			if (mnl_attr_validate(a, MNL_TYPE_U32) < 0)
				return false;
			break;
		case NFTA_VERDICT_CHAIN:
			if (mnl_attr_validate(a, MNL_TYPE_NUL_STRING) < 0)
				return false;
			break;
		default:
			return false;
		}
	}
	return true;
}

/* A key or data: bytes, or a verdict. */
static bool check_data(const struct nlattr *nest)
{
	const struct nlattr *a;

	if (!check_nest(nest))
		return false;
	mnl_attr_for_each_nested(a, nest) {
		if (mnl_attr_get_type(a) == NFTA_DATA_VERDICT &&
		    !check_verdict(a))
			return false;
		if (mnl_attr_get_type(a) != NFTA_DATA_VERDICT &&
		    mnl_attr_get_type(a) != NFTA_DATA_VALUE)
			return false;
	}
	return true;
}

/* One element: its key and data, its object's name, its expressions. */
static const char *check_elem(const struct nlattr *elem)
{
	const struct nlattr *a;

	if (!check_nest(elem))
		return "an element is malformed";
	mnl_attr_for_each_nested(a, elem) {
		switch (mnl_attr_get_type(a)) {
		case NFTA_SET_ELEM_KEY:
		case NFTA_SET_ELEM_KEY_END:
		case NFTA_SET_ELEM_DATA:
			if (!check_data(a))
				return "an element's key or data are malformed";
			break;
		case NFTA_SET_ELEM_OBJREF:
			if (mnl_attr_validate(a, MNL_TYPE_NUL_STRING) < 0)
				return "an element's object name is malformed";
			break;
		}
	}
	return check_exprs_in(elem, NFTA_SET_ELEM_EXPR,
			      NFTA_SET_ELEM_EXPRESSIONS);
}

/* A set element list. */
static const char *check_elems(const struct nlattr *list)
{
	const struct nlattr *elem;
	const char *why;

	if (!check_nest(list))
		return "its element list is malformed";
	mnl_attr_for_each_nested(elem, list) {
		why = check_elem(elem);
		if (why)
			return why;
	}
	return NULL;
}

const char *mnl_msg_broken(const struct nlmsghdr *nlh)
{
	size_t hdr = MNL_NLMSG_HDRLEN + MNL_ALIGN(sizeof(struct nfgenmsg));
	const struct nlattr *a;
	const char *why = NULL;
	uint16_t type = NFNL_MSG_TYPE(nlh->nlmsg_type);

	if (nlh->nlmsg_len < hdr ||
	    !check_attrs((const char *)nlh + hdr, nlh->nlmsg_len - hdr))
		return "the kernel's message is malformed";
	mnl_attr_for_each(a, nlh, sizeof(struct nfgenmsg)) {
		uint16_t at = mnl_attr_get_type(a);

		if ((type == NFT_MSG_NEWRULE || type == NFT_MSG_DELRULE) &&
		    at == NFTA_RULE_EXPRESSIONS)
			why = check_expr_list(a, 0);
		else if (type == NFT_MSG_NEWSET && at == NFTA_SET_EXPR)
			why = check_expr(a, 0);
		else if (type == NFT_MSG_NEWSET && at == NFTA_SET_EXPRESSIONS)
			why = check_expr_list(a, 0);
		else if (type == NFT_MSG_NEWSETELEM &&
			 at == NFTA_SET_ELEM_LIST_ELEMENTS)
			why = check_elems(a);
		if (why)
			return why;
	}
	return NULL;
}
