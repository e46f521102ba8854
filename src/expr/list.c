/*
 * Lists: { a, b } of device names and comma separated values. The
 * elements are evaluated in the list's own type context.
 */
#include <expr.h>
#include <evaluate.h>
#include <nftables.h>

static void list_expr_destroy(struct expr *expr)
{
	struct expr *i, *next;

	list_for_each_entry_safe(i, next, &expr->expr_list.expressions, list) {
		list_del(&i->list);
		expr_free(i);
	}
}

static void list_expr_clone(struct expr *dst, const struct expr *src)
{
	struct expr *i;

	init_list_head(&dst->expr_list.expressions);
	dst->expr_list.size = 0;
	list_for_each_entry(i, &src->expr_list.expressions, list)
		list_expr_add(dst, expr_clone(i));
}

static bool list_expr_cmp(const struct expr *a, const struct expr *b)
{
	const struct expr *i, *j;

	if (a->expr_list.size != b->expr_list.size)
		return false;
	j = list_first_entry(&b->expr_list.expressions, struct expr, list);
	list_for_each_entry(i, &a->expr_list.expressions, list) {
		if (!expr_cmp(i, j))
			return false;
		j = list_next_entry(j, list);
	}
	return true;
}

static void list_expr_print(const struct expr *expr, struct output_ctx *octx)
{
	const struct expr *i;
	const char *sep = "";

	nft_print(octx, "{ ");
	list_for_each_entry(i, &expr->expr_list.expressions, list) {
		nft_print(octx, "%s", sep);
		expr_print(i, octx);
		sep = ", ";
	}
	nft_print(octx, " }");
}

static json_t *list_expr_json(const struct expr *expr, struct output_ctx *octx)
{
	json_t *array = json_array();
	const struct expr *i;

	list_for_each_entry(i, &expr->expr_list.expressions, list)
		json_array_append_new(array, expr_json(i, octx));
	return array;
}

/*
 * Flags compared as a comma list ("ct state established,related", "ct
 * event set new,destroy") are one value with all their bits.
 */
static int list_expr_fold_flags(struct eval_ctx *ectx, struct expr **exprp)
{
	struct expr *list = *exprp, *i, *res;

	if (!ectx->ectx_dtype || !datatype_is_bitmask(ectx->ectx_dtype) ||
	    list->expr_list.size == 0 || ectx->list_members)
		return 0;
	list_for_each_entry(i, &list->expr_list.expressions, list) {
		if (i->etype != EXPR_VALUE)
			return expr_error(ectx, i,
					  "%s in a list of flags is not a constant",
					  expr_name(i));
	}
	i = list_first_entry(&list->expr_list.expressions, struct expr, list);
	res = constant_expr_alloc_mpz(&list->location, i->dtype, i->byteorder,
				      i->len, i->value.value);
	list_for_each_entry(i, &list->expr_list.expressions, list)
		mpz_ior(res->value.value, res->value.value, i->value.value);
	expr_free(list);
	*exprp = res;
	return 0;
}

/* Elements are replaced in place; a variable may stand for a whole list,
 * whose elements are then spliced in. */
static int list_expr_evaluate(struct eval_ctx *ectx, struct expr **exprp)
{
	struct expr *list = *exprp, *i, *next, *elem;

	list_for_each_entry_safe(i, next, &list->expr_list.expressions, list) {
		list_del(&i->list);
		list->expr_list.size--;
		elem = i;
		if (expr_evaluate(ectx, &elem) < 0) {
			expr_free(elem);
			return -1;
		}
		if (elem->etype == EXPR_LIST) {
			list->expr_list.size += elem->expr_list.size;
			elem->expr_list.size = 0;
			list_splice_tail_init(&elem->expr_list.expressions,
					      &next->list);
			expr_free(elem);
			continue;
		}
		list_link_(&elem->list, next->list.prev, &next->list);
		list->expr_list.size++;
	}
	return list_expr_fold_flags(ectx, exprp);
}

const struct expr_ops list_expr_ops = {
	.type		= EXPR_LIST,
	.name		= "list",
	.destroy	= list_expr_destroy,
	.clone		= list_expr_clone,
	.cmp		= list_expr_cmp,
	.print		= list_expr_print,
	.json		= list_expr_json,
	.evaluate	= list_expr_evaluate,
};

struct expr *list_expr_alloc(const struct location *loc)
{
	struct expr *expr;

	expr = expr_alloc(loc, &list_expr_ops, &invalid_type,
			  BYTEORDER_INVALID, 0);
	init_list_head(&expr->expr_list.expressions);
	return expr;
}

void list_expr_add(struct expr *list, struct expr *elem)
{
	list_add_tail(&elem->list, &list->expr_list.expressions);
	list->expr_list.size++;
}
