/*
 * Messages from the kernel, checked before libnftnl parses them: libnftnl
 * trusts their structure, and a broken one crashes it (an expression
 * without a name is compared as a NULL string; an expression it cannot
 * parse in a set's declaration is freed twice). The kernel never sends
 * such messages; a broken kernel, or whatever else answers on the
 * socket, must still not crash us: the message is then one that cannot
 * be read, and the listing that meets it fails naming it.
 *
 * Checked: every attribute's length within its message, the types of
 * the attributes of the messages themselves and of their hooks and set
 * elements (libnftnl ends the process, "kernel ABI is broken", on one of
 * the wrong size), and every expression (rules, set declarations, set
 * elements, dynamic set statements) a nest with a name libnftnl knows.
 * The attributes inside expressions and stateful objects are left to
 * libnftnl: that needs its tables of every kind.
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
static bool check_data(const struct nlattr *nest);

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

/* The type of each attribute of a message or nest, by its number (as
 * the kernel's policies in linux/netfilter/nf_tables.h); 0: not
 * checked here. */
struct attr_types {
	const uint8_t *types;
	unsigned int n;
};

#define S	MNL_TYPE_NUL_STRING
#define U32	MNL_TYPE_U32
#define U64	MNL_TYPE_U64
#define NEST	MNL_TYPE_NESTED
#define ATTRS(...)	{ (const uint8_t[]){ 0, __VA_ARGS__ },		\
			  sizeof((const uint8_t[]){ 0, __VA_ARGS__ }) }

static const struct attr_types msg_attrs[] = {
	[NFT_MSG_NEWTABLE]	= ATTRS(S, U32, U32, U64, 0, 0, U32),
	[NFT_MSG_NEWCHAIN]	= ATTRS(S, U64, S, NEST, U32, U32, S, NEST, 0,
					U32, U32),
	[NFT_MSG_NEWRULE]	= ATTRS(S, S, U64, NEST, NEST, U64, 0, 0, U32,
					U32, U32),
	[NFT_MSG_NEWSET]	= ATTRS(S, S, U32, U32, U32, U32, U32, U32,
					NEST, U32, U64, U32, 0, 0, U32, U64,
					NEST, NEST),
	[NFT_MSG_NEWSETELEM]	= ATTRS(S, S, NEST, U32),
	[NFT_MSG_NEWGEN]	= ATTRS(U32, U32, S),
	[NFT_MSG_NEWOBJ]	= ATTRS(S, S, U32, NEST, U32, U64),
	[NFT_MSG_NEWFLOWTABLE]	= ATTRS(S, S, NEST, U32, U64, 0, U32),
};
/* NFTA_HOOK_*, NFTA_FLOWTABLE_HOOK_*, NFTA_SET_ELEM_*, NFTA_COUNTER_* */
static const struct attr_types chain_hook_attrs = ATTRS(U32, U32, S, NEST);
static const struct attr_types ft_hook_attrs = ATTRS(U32, U32, NEST);
static const struct attr_types elem_attrs = ATTRS(NEST, NEST, U32, U64, U64,
						  0, NEST, 0, S, NEST, NEST);
static const struct attr_types counter_attrs = ATTRS(U64, U64);

/* Each attribute of @t's kinds in the stream at @nest (or the message
 * @nlh) of its type. */
static bool check_types(const struct nlmsghdr *nlh, const struct nlattr *nest,
			const struct attr_types *t)
{
	const struct nlattr *a;
	uint16_t at;

#define CHECK_ONE							\
	at = mnl_attr_get_type(a);					\
	if (at < t->n && t->types[at] &&				\
	    mnl_attr_validate(a, t->types[at]) < 0)			\
		return false;
	if (nest) {
		mnl_attr_for_each_nested(a, nest) {
			CHECK_ONE
		}
	} else {
		mnl_attr_for_each(a, nlh, sizeof(struct nfgenmsg)) {
			CHECK_ONE
		}
	}
#undef CHECK_ONE
	return true;
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

/* The attributes of the expressions that hold values (nft_data):
 * libnftnl copies them into fixed room. */
static const struct {
	const char *name;
	uint16_t attrs[3];
} expr_data_attrs[] = {
	{ "cmp",	{ NFTA_CMP_DATA } },
	{ "immediate",	{ NFTA_IMMEDIATE_DATA } },
	{ "bitwise",	{ NFTA_BITWISE_MASK, NFTA_BITWISE_XOR,
			  NFTA_BITWISE_DATA } },
	{ "range",	{ NFTA_RANGE_FROM_DATA, NFTA_RANGE_TO_DATA } },
};

static bool check_expr_values(const char *name, const struct nlattr *data)
{
	const struct nlattr *a;
	unsigned int i, j;

	for (i = 0; i < array_size(expr_data_attrs); i++) {
		if (strcmp(expr_data_attrs[i].name, name))
			continue;
		mnl_attr_for_each_nested(a, data) {
			for (j = 0; j < array_size(expr_data_attrs[i].attrs);
			     j++)
				if (expr_data_attrs[i].attrs[j] &&
				    mnl_attr_get_type(a) ==
				    expr_data_attrs[i].attrs[j] &&
				    !check_data(a))
					return false;
		}
	}
	return true;
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
	if (data && !check_expr_values(name, data))
		return "an expression's value is malformed";
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
		/* libnftnl copies it into a register's room */
		if (mnl_attr_get_type(a) == NFTA_DATA_VALUE &&
		    mnl_attr_get_payload_len(a) > NFT_DATA_VALUE_MAXLEN)
			return false;
	}
	return true;
}

/* One element: its key and data, its object's name, its expressions. */
static const char *check_elem(const struct nlattr *elem)
{
	const struct nlattr *a;

	if (!check_nest(elem) || !check_types(NULL, elem, &elem_attrs))
		return "an element is malformed";
	mnl_attr_for_each_nested(a, elem) {
		/* libnftnl takes attributes up to NFTA_SET_MAX here, into
		 * room for NFTA_SET_ELEM_MAX */
		if (mnl_attr_get_type(a) > NFTA_SET_ELEM_MAX)
			return "an element is malformed";
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

/* A set's description: at most 16 fields of a concatenation (libnftnl
 * keeps room for 16). */
static bool check_set_desc(const struct nlattr *desc)
{
	const struct nlattr *a, *f, *l;
	unsigned int n = 0;

	mnl_attr_for_each_nested(a, desc) {
		if (mnl_attr_get_type(a) == NFTA_SET_DESC_SIZE &&
		    mnl_attr_validate(a, MNL_TYPE_U32) < 0)
			return false;
		if (mnl_attr_get_type(a) != NFTA_SET_DESC_CONCAT)
			continue;
		if (!check_nest(a))
			return false;
		mnl_attr_for_each_nested(f, a) {
			if (++n > NFT_REG32_COUNT || !check_nest(f))
				return false;
			mnl_attr_for_each_nested(l, f)
				if (mnl_attr_get_type(l) == NFTA_SET_FIELD_LEN &&
				    mnl_attr_validate(l, MNL_TYPE_U32) < 0)
					return false;
		}
	}
	return true;
}

/* The hooks of chains and flowtables, a chain's counters, their device
 * lists. */
static bool check_nests(const struct nlmsghdr *nlh, uint16_t type)
{
	const struct nlattr *a, *d;

	mnl_attr_for_each(a, nlh, sizeof(struct nfgenmsg)) {
		uint16_t at = mnl_attr_get_type(a);
		const struct nlattr *devs = NULL;

		if (type == NFT_MSG_NEWSET && at == NFTA_SET_DESC) {
			if (!check_nest(a) || !check_set_desc(a))
				return false;
		} else if (type == NFT_MSG_NEWCHAIN && at == NFTA_CHAIN_HOOK) {
			if (!check_types(nlh, a, &chain_hook_attrs))
				return false;
			devs = a;
		} else if (type == NFT_MSG_NEWCHAIN &&
			   at == NFTA_CHAIN_COUNTERS) {
			if (!check_types(nlh, a, &counter_attrs))
				return false;
		} else if (type == NFT_MSG_NEWFLOWTABLE &&
			   at == NFTA_FLOWTABLE_HOOK) {
			if (!check_types(nlh, a, &ft_hook_attrs))
				return false;
			devs = a;
		}
		if (!devs)
			continue;
		mnl_attr_for_each_nested(d, devs) {
			const struct nlattr *n;

			if (mnl_attr_get_type(d) !=
			    (type == NFT_MSG_NEWCHAIN ? NFTA_HOOK_DEVS :
			     NFTA_FLOWTABLE_HOOK_DEVS))
				continue;
			mnl_attr_for_each_nested(n, d)
				if (mnl_attr_validate(n, MNL_TYPE_NUL_STRING) < 0)
					return false;
		}
	}
	return true;
}

const char *mnl_msg_broken(const struct nlmsghdr *nlh)
{
	size_t hdr = MNL_NLMSG_HDRLEN + MNL_ALIGN(sizeof(struct nfgenmsg));
	const struct nlattr *a;
	const char *why = NULL;
	uint16_t type = NFNL_MSG_TYPE(nlh->nlmsg_type);

	if (nlh->nlmsg_len < hdr ||
	    !check_attrs((const char *)nlh + hdr, nlh->nlmsg_len - hdr) ||
	    (type < array_size(msg_attrs) && msg_attrs[type].types &&
	     !check_types(nlh, NULL, &msg_attrs[type])) ||
	    !check_nests(nlh, type))
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
