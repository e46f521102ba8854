/*
 * The catch-all element of a set or map, "*" (NFT_SET_ELEM_CATCHALL):
 * what a lookup finds when no other element holds the key. It has no
 * key of its own, so it is kept beside a set expression's members
 * (set->expr_list.catchall), not among them: what types, sorts, merges
 * and encodes the members' keys never meets it. A map's is a mapping of
 * "*" to its data; either may carry an element's options ("* timeout
 * 10s", "* counter").
 */
#include <string.h>
#include <expr.h>
#include <erec.h>
#include <evaluate.h>
#include <json.h>
#include <nftables.h>

static void catchall_expr_print(const struct expr *expr,
				struct output_ctx *octx)
{
	nft_print(octx, "*");
}

static json_t *catchall_expr_json(const struct expr *expr,
				  struct output_ctx *octx)
{
	return json_string("*");
}

static void catchall_expr_clone(struct expr *dst, const struct expr *src)
{
}

static bool catchall_expr_cmp(const struct expr *a, const struct expr *b)
{
	return true;
}

static const struct expr_ops catchall_expr_ops = {
	.type		= EXPR_SET_ELEM_CATCHALL,
	.name		= "catch-all",
	.clone		= catchall_expr_clone,
	.cmp		= catchall_expr_cmp,
	.print		= catchall_expr_print,
	.json		= catchall_expr_json,
};

struct expr *catchall_expr_alloc(const struct location *loc)
{
	return expr_alloc(loc, &catchall_expr_ops, &invalid_type,
			  BYTEORDER_INVALID, 0);
}

bool expr_is_catchall(const struct expr *e)
{
	if (e->etype == EXPR_MAPPING)
		e = e->mapping.key;
	return e->etype == EXPR_SET_ELEM_CATCHALL;
}

/* 1.1.3 sends each "*" written: the kernel takes the same twice as
 * one ("{ *, * }"), and refuses another's data (EEXIST). */
void set_catchall_put(struct expr *set, struct expr *m)
{
	const struct expr *have = set->expr_list.catchall;

	if (have == NULL) {
		set->expr_list.catchall = m;
	} else if (m->etype == EXPR_MAPPING && have->etype == EXPR_MAPPING &&
		   !expr_cmp(m->mapping.data, have->mapping.data) &&
		   !set->expr_list.catchall_clash) {
		set->expr_list.catchall_clash = m;
	} else {
		set->expr_list.catchall_again++;
		expr_free(m);
	}
}

int set_catchall_clash_check(struct eval_ctx *ectx, const struct expr *set)
{
	const struct expr *m = set->expr_list.catchall_clash;

	if (m == NULL)
		return 0;
	erec_error(ectx->msgs, &m->mapping.key->location,
		   "Could not process rule: File exists");
	return erec_as_kernel(ectx->msgs);
}

/* A variable's list ("define v = { 1, * }") spliced into @set: its
 * catch-alls go beside the members. */
void set_catchall_take(struct expr *set, struct expr *list)
{
	struct expr *i, *next;

	list_for_each_entry_safe(i, next, &list->expr_list.expressions,
				 list) {
		if (!expr_is_catchall(i))
			continue;
		list_del(&i->list);
		list->expr_list.size--;
		set_catchall_put(set, i);
	}
	if (list->etype == EXPR_SET && list->expr_list.catchall) {
		set_catchall_put(set, list->expr_list.catchall);
		list->expr_list.catchall = NULL;
	}
}

/* JSON's "*" (a symbol as the readers make it) as the catch-all, a
 * mapping's key too; @e taken over. */
struct expr *catchall_from_json(struct expr *e)
{
	struct expr *k = e->etype == EXPR_MAPPING ? e->mapping.key : e;
	struct expr *ca;

	if (k->etype != EXPR_SYMBOL || strcmp(k->symbol.identifier, "*"))
		return e;
	ca = catchall_expr_alloc(&k->location);
	ca->elem_info = k->elem_info;
	k->elem_info = NULL;
	if (e->etype != EXPR_MAPPING) {
		ca->elem_info = ca->elem_info ? ca->elem_info : e->elem_info;
		e->elem_info = NULL;
		expr_free(e);
		return ca;
	}
	expr_free(k);
	e->mapping.key = ca;
	return e;
}
