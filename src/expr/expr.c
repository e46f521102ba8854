/*
 * Generic expression lifecycle, dispatch to the kinds' ops, operator
 * tokens and the registry of all kinds.
 */
#include <assert.h>
#include <string.h>
#include <expr.h>
#include <set.h>
#include <nftables.h>

struct expr *expr_alloc(const struct location *loc,
			const struct expr_ops *ops,
			const struct datatype *dtype,
			enum byteorder byteorder, unsigned int len)
{
	struct expr *expr = xzalloc(sizeof(*expr));

	init_list_head(&expr->list);
	expr->location = loc ? *loc : internal_location;
	expr->refcnt = 1;
	expr->ops = ops;
	expr->etype = ops->type;
	expr->dtype = dtype ? dtype : &invalid_type;
	expr->byteorder = byteorder;
	expr->len = len;
	return expr;
}

struct expr *expr_get(struct expr *expr)
{
	assert(expr->refcnt > 0);
	expr->refcnt++;
	return expr;
}

void expr_free(struct expr *expr)
{
	if (expr == NULL)
		return;
	assert(expr->refcnt > 0);
	if (--expr->refcnt > 0)
		return;
	if (expr->ops->destroy)
		expr->ops->destroy(expr);
	set_elem_info_free(expr->elem_info);
	xfree(expr);
}

struct expr *expr_clone(const struct expr *expr)
{
	struct expr *new;

	new = expr_alloc(&expr->location, expr->ops, expr->dtype,
			 expr->byteorder, expr->len);
	new->flags = expr->flags;
	new->elem_info = set_elem_info_clone(expr->elem_info);
	new->inner = expr->inner;
	if (expr->ops->clone)
		expr->ops->clone(new, expr);
	return new;
}

bool expr_cmp(const struct expr *a, const struct expr *b)
{
	if (a == b)
		return true;
	if (a == NULL || b == NULL || a->ops != b->ops)
		return false;
	return a->ops->cmp ? a->ops->cmp(a, b) : false;
}

void expr_print(const struct expr *expr, struct output_ctx *octx)
{
	if (expr->ops->print)
		expr->ops->print(expr, octx);
}

json_t *expr_json(const struct expr *expr, struct output_ctx *octx)
{
	if (expr->ops->json)
		return expr->ops->json(expr, octx);
	return json_null();
}

/*
 * Typing a compound constant types its parts too, so a decoded prefix
 * or range prints its bounds in the type of the match's left side.
 */
void expr_set_type(struct expr *expr, const struct datatype *dtype,
		   enum byteorder byteorder)
{
	struct expr *i;

	expr->dtype = dtype;
	expr->byteorder = byteorder;
	switch (expr->etype) {
	case EXPR_PREFIX:
		expr_set_type(expr->prefix.prefix, dtype, byteorder);
		break;
	case EXPR_RANGE:
		expr_set_type(expr->range.left, dtype, byteorder);
		expr_set_type(expr->range.right, dtype, byteorder);
		break;
	case EXPR_LIST:
	case EXPR_SET:
		list_for_each_entry(i, &expr->expr_list.expressions, list)
			expr_set_type(i, dtype, byteorder);
		break;
	default:
		break;
	}
}

char *expr_type_desc(const struct expr *e)
{
	const struct expr *i;
	const char *sep = "";
	char *desc, *tmp;

	if (e->etype != EXPR_CONCAT)
		return xstrdup(e->dtype->desc);
	desc = xstrdup("concatenation of (");
	list_for_each_entry(i, &e->expr_list.expressions, list) {
		tmp = xasprintf("%s%s%s", desc, sep, i->dtype->desc);
		xfree(desc);
		desc = tmp;
		sep = ", ";
	}
	tmp = xasprintf("%s)", desc);
	xfree(desc);
	return tmp;
}

void expr_retype_constant(struct expr *right, const struct expr *left)
{
	switch (right->etype) {
	case EXPR_VALUE:
		datatype_value_retype(right, left->dtype, left->byteorder);
		if (right->flags & EXPR_F_HTON_VALUE)
			delin_hton_unname(right);
		return;
	case EXPR_PREFIX:
		expr_retype_constant(right->prefix.prefix, left);
		break;
	case EXPR_RANGE:
		expr_retype_constant(right->range.left, left);
		expr_retype_constant(right->range.right, left);
		break;
	case EXPR_SET:
		set_expr_retype(right, left);
		break;
	default:
		return;
	}
	right->dtype = left->dtype;
	right->byteorder = left->byteorder;
}

static const char *const expr_names[__EXPR_MAX] = {
	[EXPR_INVALID]		= "invalid expression",
	[EXPR_VERDICT]		= "verdict expression",
	[EXPR_SYMBOL]		= "symbol expression",
	[EXPR_VARIABLE]		= "variable expression",
	[EXPR_VALUE]		= "value expression",
	[EXPR_PREFIX]		= "prefix expression",
	[EXPR_RANGE]		= "range expression",
	[EXPR_PAYLOAD]		= "payload expression",
	[EXPR_META]		= "meta expression",
	[EXPR_LIST]		= "list expression",
	[EXPR_RELATIONAL]	= "relational expression",
	[EXPR_BINOP]		= "binary operation",
	[EXPR_UNARY]		= "unary expression",
	[EXPR_CONCAT]		= "concatenation",
	[EXPR_SET]		= "set",
	[EXPR_SET_REF]		= "set reference",
	[EXPR_SET_ELEM]		= "set element",
	[EXPR_SET_ELEM_CATCHALL] = "catch-all set element",
	[EXPR_MAPPING]		= "mapping",
	[EXPR_MAP]		= "map expression",
	[EXPR_CT]		= "ct expression",
	[EXPR_EXTHDR]		= "exthdr expression",
	[EXPR_FIB]		= "fib expression",
	[EXPR_RT]		= "rt expression",
	[EXPR_NUMGEN]		= "numgen expression",
	[EXPR_HASH]		= "hash expression",
	[EXPR_SOCKET]		= "socket expression",
	[EXPR_OSF]		= "osf expression",
	[EXPR_XFRM]		= "xfrm expression",
};

const char *expr_name(const struct expr *expr)
{
	if (expr->etype >= __EXPR_MAX || expr_names[expr->etype] == NULL)
		return "expression";
	return expr_names[expr->etype];
}

static const char *const op_tokens[__OP_MAX] = {
	[OP_INVALID]	= "",
	[OP_IMPLICIT]	= "",
	[OP_EQ]		= "==",
	[OP_NEQ]	= "!=",
	[OP_LT]		= "<",
	[OP_GT]		= ">",
	[OP_LTE]	= "<=",
	[OP_GTE]	= ">=",
	[OP_AND]	= "&",
	[OP_OR]		= "|",
	[OP_XOR]	= "^",
	[OP_LSHIFT]	= "<<",
	[OP_RSHIFT]	= ">>",
	[OP_NEG]	= "!",
};

const char *op_token(enum ops op)
{
	if (op >= __OP_MAX)
		return "";
	return op_tokens[op];
}

enum ops op_from_token(const char *tok)
{
	unsigned int i;

	if (tok == NULL)
		return OP_INVALID;
	/* no token is a word: JSON asks this of every expression key */
	if ((*tok >= 'a' && *tok <= 'z') || (*tok >= 'A' && *tok <= 'Z'))
		return OP_INVALID;
	for (i = OP_EQ; i < __OP_MAX; i++) {
		if (!strcmp(op_tokens[i], tok))
			return i;
	}
	/* The JSON man page spells <= as the Unicode sign. */
	if (!strcmp(tok, "\u21d0"))
		return OP_LTE;
	return OP_INVALID;
}

const struct expr_ops *const expr_ops_registry[] = {
	&verdict_expr_ops,
	&symbol_expr_ops,
	&variable_expr_ops,
	&value_expr_ops,
	&prefix_expr_ops,
	&range_expr_ops,
	&payload_expr_ops,
	&meta_expr_ops,
	&list_expr_ops,
	&relational_expr_ops,
	&binop_expr_ops,
	&map_expr_ops,		/* a "lookup" with dreg; before set's */
	&mapping_expr_ops,
	&set_expr_ops,
	&setref_expr_ops,
	&concat_expr_ops,
	&exthdr_expr_ops,
	&tcpopt_expr_ops,
	&ipopt_expr_ops,
	&dccp_option_expr_ops,
	&sctp_chunk_expr_ops,
	&fib_expr_ops,
	&rt_expr_ops,
	&numgen_expr_ops,
	&hash_expr_ops,
	&symhash_expr_ops,
	&socket_expr_ops,
	&osf_expr_ops,
	&xfrm_expr_ops,
	&ct_expr_ops,
	NULL,
};

const struct expr_ops *expr_ops_by_nl_name(const char *name)
{
	unsigned int i;

	for (i = 0; expr_ops_registry[i]; i++) {
		const struct expr_ops *ops = expr_ops_registry[i];

		if (ops->nl_name && !strcmp(ops->nl_name, name))
			return ops;
	}
	return NULL;
}

const struct expr_ops *expr_ops_by_json_name(const char *name)
{
	/* Big sets repeat one kind (concat, prefix, range, elem) for
	 * every member: the last one found is tried first. */
	static __thread const struct expr_ops *last;
	unsigned int i;

	if (last && !strcmp(last->json_name, name))
		return last;
	for (i = 0; expr_ops_registry[i]; i++) {
		const struct expr_ops *ops = expr_ops_registry[i];

		if (ops->json_name && !strcmp(ops->json_name, name)) {
			last = ops;
			return ops;
		}
	}
	return NULL;
}
