/*
 * Anonymous sets: "tcp dport { 22, 80, 8000-8080 }". The elements are
 * typed by the left side of the match, like any right-hand side.
 *
 * This file has the kind (output, evaluation, JSON input, ops). The
 * encoder, of a rule's set and lookup and of named sets' elements, is
 * set_encode.c; packed members (include/set_pack.h) are typed in
 * set_pack_eval.c; decoding (listings, named sets' dumps) is in
 * set_decode.c; what they share is in include/set_expr_int.h.
 */
#include <stdlib.h>
#include <string.h>
#include <errno.h>
#include <expr.h>
#include <stmt.h>
#include <evaluate.h>
#include <json.h>
#include <nftables.h>
#include <set.h>
#include <set_expr_int.h>
#include <set_pack.h>

static void set_expr_destroy(struct expr *expr)
{
	struct expr *i, *next;

	list_for_each_entry_safe(i, next, &expr->expr_list.expressions, list) {
		list_del(&i->list);
		expr_free(i);
	}
	set_pack_free(expr->expr_list.pack);
	expr_free(expr->expr_list.catchall);
	expr_free(expr->expr_list.catchall_clash);
}

static void set_expr_clone(struct expr *dst, const struct expr *src)
{
	struct expr *i;

	init_list_head(&dst->expr_list.expressions);
	dst->expr_list.size = 0;
	dst->expr_list.pack = src->expr_list.pack ?
			      set_pack_clone(src->expr_list.pack) : NULL;
	list_for_each_entry(i, &src->expr_list.expressions, list)
		set_expr_add(dst, expr_clone(i));
	dst->expr_list.catchall = src->expr_list.catchall ?
				  expr_clone(src->expr_list.catchall) : NULL;
	dst->expr_list.catchall_clash = src->expr_list.catchall_clash ?
		expr_clone(src->expr_list.catchall_clash) : NULL;
	dst->expr_list.catchall_again = src->expr_list.catchall_again;
}

static bool set_expr_cmp(const struct expr *a, const struct expr *b)
{
	const struct expr *i, *j;

	if (a->expr_list.size != b->expr_list.size)
		return false;
	if (!a->expr_list.catchall != !b->expr_list.catchall ||
	    (a->expr_list.catchall &&
	     !expr_cmp(a->expr_list.catchall, b->expr_list.catchall)))
		return false;
	if ((a->expr_list.pack || b->expr_list.pack) &&
	    (!a->expr_list.pack || !b->expr_list.pack ||
	     !set_pack_equal(a->expr_list.pack, b->expr_list.pack)))
		return false;
	j = list_first_entry(&b->expr_list.expressions, struct expr, list);
	list_for_each_entry(i, &a->expr_list.expressions, list) {
		if (!expr_cmp(i, j))
			return false;
		j = list_next_entry(j, list);
	}
	return true;
}

/*
 * A member (or a member of a concatenation) of a flags type with several
 * flags prints as it is written there, "syn | ack" and {"|": ["syn",
 * "ack"]}: a comma would separate members.
 */
void set_member_print(const struct expr *member, struct output_ctx *octx)
{
	if (!datatype_print_flags_or(member, octx, false))
		expr_print(member, octx);
}

json_t *set_member_json(const struct expr *member, struct output_ctx *octx)
{
	json_t *flags = datatype_json_flags_or(member, octx);

	return flags ? flags : expr_json(member, octx);
}

/* A map's data of several flags is one number, "1 : 0x3" (3 in JSON),
 * as 1.1.3 lists it; one flag is its name. */
static bool map_data_flags_number(const struct expr *data)
{
	return data->etype == EXPR_VALUE && datatype_is_bitmask(data->dtype) &&
	       mpz_popcount(data->value.value) > 1;
}

void map_data_print(const struct expr *data, struct output_ctx *octx)
{
	char *s;

	if (!map_data_flags_number(data)) {
		set_member_print(data, octx);
		return;
	}
	s = mpz_get_str(NULL, 16, data->value.value);
	nft_print(octx, "0x%s", s);
	free(s);
}

json_t *map_data_json(const struct expr *data, struct output_ctx *octx)
{
	if (map_data_flags_number(data) &&
	    mpz_fits_slong_p(data->value.value))
		return json_integer(mpz_get_si(data->value.value));
	return set_member_json(data, octx);
}

/* An anonymous set's member with what its element holds: "22 counter
 * packets 0 bytes 0", a map's "\"lo\" counter packets 0 bytes 0 :
 * jump w" (a named set's are its own, src/obj/set_print.c). */
static void set_anon_member_print(const struct expr *member,
				  struct output_ctx *octx)
{
	if (!member->elem_info) {
		set_member_print(member, octx);
		return;
	}
	if (member->etype == EXPR_MAPPING) {
		expr_print(member, octx);
		return;
	}
	set_member_print(member, octx);
	set_elem_info_print(member->elem_info, octx);
}

static json_t *set_anon_member_json(const struct expr *member,
				    struct output_ctx *octx)
{
	if (!member->elem_info)
		return set_member_json(member, octx);
	if (member->etype == EXPR_MAPPING)
		return expr_json(member, octx);
	return set_elem_info_json(member->elem_info,
				  set_member_json(member, octx), octx);
}

static void set_expr_print(const struct expr *expr, struct output_ctx *octx)
{
	const struct set_pack *p = expr->expr_list.pack;
	struct set_pack_iter it;
	const struct expr *i;
	const char *sep = "";
	struct expr *m;

	nft_print(octx, "{ ");
	/* unevaluated packed members print as written (text only) */
	set_pack_iter_init(p, &it);
	while (p && !set_pack_keys(p) && (m = set_pack_next(p, &it))) {
		nft_print(octx, "%s", sep);
		set_member_print(m, octx);
		expr_free(m);
		sep = ", ";
	}
	list_for_each_entry(i, &expr->expr_list.expressions, list) {
		nft_print(octx, "%s", sep);
		set_anon_member_print(i, octx);
		sep = ", ";
	}
	if (expr->expr_list.catchall) {
		nft_print(octx, "%s", sep);
		set_anon_member_print(expr->expr_list.catchall, octx);
	}
	nft_print(octx, " }");
}

static json_t *set_expr_json(const struct expr *expr, struct output_ctx *octx)
{
	const struct set_pack *p = expr->expr_list.pack;
	json_t *array = json_array();
	struct set_pack_iter it;
	const struct expr *i;
	struct expr *m;

	set_pack_iter_init(p, &it);
	while (p && !set_pack_keys(p) && (m = set_pack_next(p, &it))) {
		json_array_append_new(array, set_member_json(m, octx));
		expr_free(m);
	}
	list_for_each_entry(i, &expr->expr_list.expressions, list)
		json_array_append_new(array, set_anon_member_json(i, octx));
	if (expr->expr_list.catchall)
		json_array_append_new(array, set_anon_member_json(
				expr->expr_list.catchall, octx));
	return json_wrap("set", array);
}

/* ---- evaluation ---- */

bool set_types_match(const struct datatype *want,
		     const struct datatype *have)
{
	const struct datatype *i;

	if (want == NULL || want->type == TYPE_INVALID || want == have ||
	    want->type == have->type)
		return true;
	for (i = want->basetype; i; i = i->basetype)
		if (i->type == have->type)
			return true;
	for (i = have->basetype; i; i = i->basetype)
		if (i->type == want->type)
			return true;
	return false;
}

/* Names compare as bytes, not as numbers in some byte order. */
bool set_key_is_string(const struct expr *key)
{
	return key->dtype && set_types_match(&string_type, key->dtype);
}

bool set_key_is_concat(const struct eval_ctx *ectx)
{
	return ectx->ectx_key && ectx->ectx_key->etype == EXPR_CONCAT;
}

int set_elem_check(struct eval_ctx *ectx, struct expr *set,
		   const struct expr *elem)
{
	if (set_key_is_concat(ectx)) {
		if (elem->etype != EXPR_CONCAT)
			return concat_lone_value_error(ectx, elem,
						       ectx->ectx_key);
		if (elem->flags & EXPR_F_INTERVAL)
			set->flags |= EXPR_F_INTERVAL;
		return 0;
	}
	switch (elem->etype) {
	case EXPR_VALUE:
		/* "eth*" covers every name that starts with eth */
		if (elem->flags & EXPR_F_WILDCARD)
			set->flags |= EXPR_F_INTERVAL;
		break;
	case EXPR_RANGE:
	case EXPR_PREFIX:
		/* names have no order the kernel could compare (a JSON
		 * prefix of a name reached the encoder as if a value) */
		if (ectx->ectx_dtype &&
		    set_types_match(&string_type, ectx->ectx_dtype))
			return expr_error(ectx, elem,
					  "%s expression is undefined for %s types",
					  elem->etype == EXPR_RANGE ?
					  "Range" : "Prefix",
					  ectx->ectx_dtype->desc);
		set->flags |= EXPR_F_INTERVAL;
		break;
	default:
		return expr_error(ectx, elem,
				  "Set member must be a value, a prefix or a range, not a %s",
				  expr_name(elem));
	}
	if (!set_types_match(ectx->ectx_dtype, elem->dtype))
		return expr_error(ectx, elem,
				  "datatype mismatch, expected %s, set member has type %s",
				  ectx->ectx_dtype->desc, elem->dtype->desc);
	return 0;
}

/* A member typed; what it holds (a variable's "{ a, b }") is no
 * member of a named set's until spliced in: each is checked then. */
static int set_evaluate_member(struct eval_ctx *ectx, struct expr **elemp)
{
	const struct set *s = ectx->elem_set;
	bool members = ectx->list_members;
	struct expr *i;
	int ret;

	ectx->elem_set = NULL;
	/* "ct state $v", v = { established, new }: a set of two */
	if ((*elemp)->etype == EXPR_VARIABLE)
		ectx->list_members = true;
	ret = expr_evaluate(ectx, elemp);
	ectx->list_members = members;
	ectx->elem_set = s;
	if (ret < 0 || !s || ((*elemp)->etype != EXPR_LIST &&
			      (*elemp)->etype != EXPR_SET))
		return ret;
	list_for_each_entry(i, &(*elemp)->expr_list.expressions, list)
		if (set_member_evaluate(ectx, s, i) < 0)
			return -1;
	return 0;
}

/* Evaluate the members in place; lists (a variable holding "{ a, b }")
 * are spliced in. A named set's are held against it one by one
 * (set_member_evaluate()). */
static int set_evaluate_members(struct eval_ctx *ectx, struct expr *set)
{
	struct set_elem_info *info;
	struct expr *i, *next, *elem;

	list_for_each_entry_safe(i, next, &set->expr_list.expressions, list) {
		/* a lone value has no type: say what is missing */
		if (set_key_is_concat(ectx) && concat_lone(i))
			return concat_lone_value_error(ectx, concat_lone(i),
						       ectx->ectx_key);
		if (ectx->elem_set &&
		    set_member_stmts_evaluate(ectx, ectx->elem_set, i) < 0)
			return -1;
		list_del(&i->list);
		set->expr_list.size--;
		elem = i;
		info = i->elem_info;
		i->elem_info = NULL;
		if (set_evaluate_member(ectx, &elem) < 0) {
			set_elem_info_free(info);
			expr_free(elem);
			return -1;
		}
		if (info) {
			set_elem_info_free(elem->elem_info);
			elem->elem_info = info;
		}
		if (elem->etype == EXPR_LIST || elem->etype == EXPR_SET) {
			set_catchall_take(set, elem);
			set->expr_list.size += elem->expr_list.size;
			elem->expr_list.size = 0;
			list_splice_tail_init(&elem->expr_list.expressions,
					      &next->list);
			expr_free(elem);
			continue;
		}
		list_link_(&elem->list, next->list.prev, &next->list);
		set->expr_list.size++;
		if (ectx->elem_set &&
		    set_member_evaluate(ectx, ectx->elem_set, elem) < 0)
			return -1;
		/* "numgen inc mod 2 { 5, "foo" }": 1.1.3 refuses 5 as
		 * out of range before it meets "foo" */
		if (ectx->ectx_key && elem->etype != EXPR_MAPPING &&
		    !ectx->elem_set && ectx->stmt &&
		    expr_check_value_max(ectx, ectx->ectx_key, elem) < 0)
			return -1;
	}
	return 0;
}

/*
 * The kernel keeps at most two statements on an element (its
 * NFT_SET_EXPR_MAX): more are refused as its refusal reads, under the
 * member (a map's mapping), where upstream 1.1.3 points for it.
 */
int set_member_stmts_check(struct eval_ctx *ectx, const struct expr *m)
{
	const struct set_stmts *l;
	const struct location *end;
	struct location loc;

	/* a named set's elements are held against its declaration first
	 * (set_elem_stmts_match(): "missing statement", "number of
	 * statements mismatch"), as 1.1.3 checks them */
	if (!m->elem_info || m->elem_info->stmts.n <= 2 || !ectx->rule)
		return 0;
	/* a mapping's key and statements, not its data */
	l = &m->elem_info->stmts;
	end = &l->v[l->n - 1]->location;
	loc = m->location;
	if (m->etype == EXPR_MAPPING && loc.json_index < 0 &&
	    end->indesc == loc.indesc && end->last_line == loc.first_line) {
		loc.last_line = end->last_line;
		loc.last_column = end->last_column;
	}
	return erec_error(ectx->msgs, &loc, "Could not process rule: %s",
			  strerror(E2BIG));
}

/* The members are checked once all are in place, spliced ones too. */
static int set_check_members(struct eval_ctx *ectx, struct expr *set)
{
	struct expr *i;

	set->flags &= ~EXPR_F_INTERVAL;
	list_for_each_entry(i, &set->expr_list.expressions, list)
		if (set_elem_check(ectx, set, i) < 0 ||
		    set_member_stmts_check(ectx, i) < 0)
			return -1;
	return 0;
}

static int set_expr_evaluate(struct eval_ctx *ectx, struct expr **exprp)
{
	struct expr *set = *exprp, *elem;

	set_expr_unpack(set);
	if (set_evaluate_members(ectx, set) < 0 ||
	    set_check_members(ectx, set) < 0)
		return -1;
	/* "define e = {}": no members for a named set's elements
	 * ("elements = $e"), none to match, as 1.1.3 takes them; a
	 * catch-all alone is a member */
	if (set->expr_list.size == 0 && !set->expr_list.catchall &&
	    !ectx->elem_set)
		return expr_error(ectx, set, "Set is empty");
	set->dtype = ectx->ectx_dtype ? ectx->ectx_dtype : &invalid_type;
	set->byteorder = ectx->ectx_byteorder;
	set->len = ectx->ectx_len;
	set->flags |= EXPR_F_CONSTANT;
	/* One member needs no set: it is matched as it is (but a
	 * concatenation is only ever looked up in a set, and an element
	 * holding a counter or a comment is one) */
	elem = list_first_entry(&set->expr_list.expressions, struct expr,
				list);
	if (set->expr_list.size == 1 && !set_key_is_concat(ectx) &&
	    !elem->elem_info && !set->expr_list.catchall) {
		list_del(&elem->list);
		set->expr_list.size = 0;
		expr_free(set);
		*exprp = elem;
	}
	return 0;
}

/* ---- JSON input ---- */

/* A member, or {"elem": {"val": V, "counter": ...}} holding more. */
static struct expr *set_json_member(struct json_ctx *jctx, json_t *j,
				    const char *path)
{
	struct set_elem_info *info;
	struct expr *elem;
	json_t *v;

	v = json_elem_unwrap(jctx, j, path, &info);
	if (v == NULL)
		return NULL;
	if (json_is_string(v) && !strcmp(json_string_value(v), "*"))
		elem = catchall_expr_alloc(&internal_location);
	else
		elem = json_parse_expr(jctx, v, path);
	json_decref(v);
	if (elem && info) {
		set_elem_info_free(elem->elem_info);
		elem->elem_info = info;
	} else {
		set_elem_info_free(info);
	}
	return elem;
}

static struct expr *set_expr_json_parse(struct json_ctx *jctx,
					json_t *value,
					const struct location *loc)
{
	struct expr *set, *elem;
	char path[32];
	bool nested;
	size_t i;

	if (!json_is_array(value)) {
		elem = json_parse_expr(jctx, value, ".set");
		if (elem == NULL)
			return NULL;
		set = set_expr_alloc(loc);
		set_expr_add(set, elem);
		return set;
	}
	/* the members may stay packed (include/set_pack.h) as the text
	 * parser's do: their index goes into their locations, not a path
	 * per member (json_location()), unless an element's index is
	 * there already */
	nested = jctx->in_elem;
	set = set_expr_alloc(loc);
	for (i = 0; i < json_array_size(value); i++) {
		if (nested)
			json_index_suffix(path, ".set", i);
		else
			json_list_suffix(jctx, path, ".set", i);
		elem = set_json_member(jctx, json_array_get(value, i), path);
		if (!nested)
			json_elem_end(jctx);
		if (elem == NULL) {
			expr_free(set);
			return NULL;
		}
		if (expr_is_catchall(elem))
			set_catchall_put(set, elem);
		else if (nested)
			set_expr_add(set, elem);
		else
			set_expr_add_packed(set, elem);
	}
	return set;
}

const struct expr_ops set_expr_ops = {
	.type		= EXPR_SET,
	.name		= "set",
	.destroy	= set_expr_destroy,
	.clone		= set_expr_clone,
	.cmp		= set_expr_cmp,
	.print		= set_expr_print,
	.json		= set_expr_json,
	.evaluate	= set_expr_evaluate,
	.nl_name	= "lookup",
	.delinearize	= set_lookup_delinearize,
	.json_name	= "set",
	.json_parse	= set_expr_json_parse,
};

struct expr *set_expr_alloc(const struct location *loc)
{
	struct expr *expr;

	expr = expr_alloc(loc, &set_expr_ops, &invalid_type,
			  BYTEORDER_INVALID, 0);
	init_list_head(&expr->expr_list.expressions);
	return expr;
}

void set_expr_add(struct expr *set, struct expr *elem)
{
	list_add_tail(&elem->list, &set->expr_list.expressions);
	set->expr_list.size++;
}
