/*
 * Anonymous maps: "meta mark set tcp dport map { 22 : 1, 80 : 2 }" and
 * verdict maps, "ip saddr vmap { 10.0.0.1 : drop, 10.0.0.2 : jump c }".
 * An EXPR_MAP holds the key expression and an EXPR_SET of EXPR_MAPPING
 * (key : data). The data takes the type of the statement that uses the
 * map's value (the mark, the nat address) or is a verdict.
 *
 * The encoder does what the system nft does: a set "__map%d" with flags
 * anonymous|constant|map (|interval for ranges and prefixes, |concat
 * for concatenations of them), the data's type and length (a verdict
 * map: NFT_DATA_VERDICT, length 0), the elements' data beside their
 * keys (interval end elements carry none), then
 *
 *   [ lookup reg 1 set __map%d dreg 1 ]	value into the statement's
 *   [ lookup reg 1 set __map%d dreg 0 ]	verdict register
 *
 * Listing decodes the same lookup back into the map (this kind comes
 * before the set kind in the registry and leaves it the lookups
 * without a dreg, and those of named maps), keys sorted by value as
 * upstream lists them; an echo (-e) keeps them as written. The key's
 * load is named by the postprocessing a match on it gets.
 *
 * This file has the kind (mappings, maps, output, a rule's map
 * evaluated, ops); the mappings are typed in map_members.c (a named
 * map's elements too), packed ones in map_pack_eval.c, JSON input is
 * map_json.c, the encoder map_encode.c, the decoder map_decode.c, and
 * what they share is in include/map_int.h.
 */
#include <expr.h>
#include <stmt.h>
#include <evaluate.h>
#include <linearize.h>
#include <json.h>
#include <nftables.h>
#include <set.h>
#include <map_int.h>
#include <set_pack.h>

/* ---- mappings ---- */

static void mapping_expr_destroy(struct expr *expr)
{
	expr_free(expr->mapping.key);
	expr_free(expr->mapping.data);
}

static void mapping_expr_clone(struct expr *dst, const struct expr *src)
{
	dst->mapping.key = expr_clone(src->mapping.key);
	dst->mapping.data = expr_clone(src->mapping.data);
}

static bool mapping_expr_cmp(const struct expr *a, const struct expr *b)
{
	return expr_cmp(a->mapping.key, b->mapping.key) &&
	       expr_cmp(a->mapping.data, b->mapping.data);
}

/* What the element holds goes after the key: "22 counter : 1" (an
 * anonymous map's, decoded; a named map's print their own). */
static void mapping_expr_print(const struct expr *expr,
			       struct output_ctx *octx)
{
	set_member_print(expr->mapping.key, octx);
	if (expr->elem_info)
		set_elem_info_print(expr->elem_info, octx);
	nft_print(octx, " : ");
	map_data_print(expr->mapping.data, octx);
}

static json_t *mapping_expr_json(const struct expr *expr,
				 struct output_ctx *octx)
{
	json_t *pair = json_array(), *key;

	key = set_member_json(expr->mapping.key, octx);
	if (expr->elem_info)
		key = set_elem_info_json(expr->elem_info, key, octx);
	json_array_append_new(pair, key);
	json_array_append_new(pair, map_data_json(expr->mapping.data, octx));
	return pair;
}

const struct expr_ops mapping_expr_ops = {
	.type		= EXPR_MAPPING,
	.name		= "mapping",
	.destroy	= mapping_expr_destroy,
	.clone		= mapping_expr_clone,
	.cmp		= mapping_expr_cmp,
	.print		= mapping_expr_print,
	.json		= mapping_expr_json,
};

struct expr *mapping_expr_alloc(const struct location *loc, struct expr *key,
				struct expr *data)
{
	struct expr *expr = expr_alloc(loc, &mapping_expr_ops, &invalid_type,
				       BYTEORDER_INVALID, 0);

	expr->mapping.key = key;
	expr->mapping.data = data;
	return expr;
}

/* ---- maps ---- */

static void map_expr_destroy(struct expr *expr)
{
	expr_free(expr->map.key);
	expr_free(expr->map.mappings);
	expr_free(expr->map.data);
}

static void map_expr_clone(struct expr *dst, const struct expr *src)
{
	dst->map.key = expr_clone(src->map.key);
	dst->map.mappings = expr_clone(src->map.mappings);
	dst->map.vmap = src->map.vmap;
	dst->map.objtype = src->map.objtype;
	dst->map.data = src->map.data ? expr_get(src->map.data) : NULL;
	dst->map.data_interval = src->map.data_interval;
}

static bool map_expr_cmp(const struct expr *a, const struct expr *b)
{
	return a->map.vmap == b->map.vmap &&
	       expr_cmp(a->map.key, b->map.key) &&
	       expr_cmp(a->map.mappings, b->map.mappings);
}

/* "map @m", "vmap @m": a named map's (src/obj/set.c) */
bool map_is_named(const struct expr *map)
{
	return map->map.mappings && map->map.mappings->etype == EXPR_SET_REF;
}

static void map_expr_print(const struct expr *expr, struct output_ctx *octx)
{
	const struct expr *i;
	const char *sep = "";

	expr_print(expr->map.key, octx);
	if (map_is_named(expr)) {
		nft_print(octx, " %s ", expr->map.vmap ? "vmap" : "map");
		expr_print(expr->map.mappings, octx);
		return;
	}
	nft_print(octx, " %s { ", expr->map.vmap ? "vmap" : "map");
	list_for_each_entry(i, &expr->map.mappings->expr_list.expressions,
			    list) {
		nft_print(octx, "%s", sep);
		expr_print(i, octx);
		sep = ", ";
	}
	if (expr->map.mappings->expr_list.catchall) {
		nft_print(octx, "%s", sep);
		expr_print(expr->map.mappings->expr_list.catchall, octx);
	}
	nft_print(octx, " }");
}

static json_t *map_expr_json(const struct expr *expr, struct output_ctx *octx)
{
	json_t *set;
	const struct expr *i;

	if (map_is_named(expr))
		return json_wrap(expr->map.vmap ? "vmap" : "map",
				 json_pair("key", expr_json(expr->map.key, octx),
					   "data", expr_json(expr->map.mappings,
							     octx)));
	set = json_array();
	list_for_each_entry(i, &expr->map.mappings->expr_list.expressions,
			    list)
		json_array_append_new(set, expr_json(i, octx));
	if (expr->map.mappings->expr_list.catchall)
		json_array_append_new(set, expr_json(
				expr->map.mappings->expr_list.catchall, octx));
	return json_wrap(expr->map.vmap ? "vmap" : "map",
			 json_pair("key", expr_json(expr->map.key, octx),
				   "data", json_wrap("set", set)));
}

/* ---- a rule's map evaluated ---- */

/*
 * A key narrower than its bytes ("ip dscp"): loaded, masked, and the
 * keys shifted into place, as a match on it is (and as the system nft
 * builds the map).
 */
static void map_key_mask(struct expr *map)
{
	struct expr *key = map->map.key, *rel;

	if (!exthdr_expr_needs_mask(key) && !payload_expr_needs_mask(key))
		return;
	/* an interval map, or one holding "* : DATA", holds the field's
	 * own values, which the load shifts down to, as 1.1.3 builds it
	 * (for a field within a byte) */
	if ((map->flags & EXPR_F_INTERVAL ||
	     map->map.mappings->expr_list.catchall) &&
	    set_key_in_one_byte(key))
		return;
	rel = relational_expr_alloc(&map->location, OP_IMPLICIT, key,
				    map_keys_take(map));
	if (exthdr_expr_needs_mask(key))
		exthdr_relational_mask(rel);
	else
		payload_relational_mask(rel);
	map->map.key = expr_get(rel->binop.left);
	map_keys_give(map, rel->binop.right);
	expr_free(rel);
}

/* "map $m" with "define m = { 22 : 1, 80 : 2 }": a copy of the
 * mappings, which keep the locations of the definition. */
static int map_mappings_unvariable(struct eval_ctx *ectx, struct expr *map)
{
	struct expr *var = map->map.mappings, *value, *set, *i;

	if (var->etype != EXPR_VARIABLE)
		return 0;
	value = expr_unvariable(var);
	if (value == NULL || (value->etype != EXPR_LIST &&
			      value->etype != EXPR_SET))
		return expr_error(ectx, var,
				  "$%s is not a map: define it as { KEY : VALUE, ... }",
				  var->variable.name);
	set = set_expr_alloc(&var->location);
	list_for_each_entry(i, &value->expr_list.expressions, list) {
		if (expr_is_catchall(i) && i->etype == EXPR_MAPPING) {
			set_catchall_put(set, expr_clone(i));
			continue;
		}
		if (i->etype != EXPR_MAPPING) {
			expr_free(set);
			return expr_error(ectx, i,
					  "$%s is not a map: this member has no ': VALUE'",
					  var->variable.name);
		}
		set_expr_add(set, expr_clone(i));
	}
	expr_free(var);
	map->map.mappings = set;
	return 0;
}

/* A verdict map with "map", a map of values with "vmap": the data
 * are not what the statement (or the verdict) takes, in upstream
 * 1.1.3's words, the caret under the map, a statement underlined. */
static int map_named_data_error(struct eval_ctx *ectx, const struct expr *map,
				const struct set *s)
{
	const struct datatype *want = map->map.vmap ? &verdict_type :
				      ectx->ectx_dtype;
	struct error_record *erec;

	erec = erec_create(EREC_ERROR, &map->location,
			   "datatype mismatch: expected %s, expression has type %s",
			   want ? want->desc : "a value",
			   s->data ? s->data->dtype->desc : "nothing");
	if (!map->map.vmap && ectx->stmt && ectx->stmt->location.indesc &&
	    ectx->stmt->location.json_index < 0)
		erec_add_location(erec, &ectx->stmt->location);
	erec_queue(erec, ectx->msgs);
	return -1;
}

/*
 * The statement takes the map's data: of its own type, or, for a mark,
 * any integer (an address, a port), as 1.1.3 checks; a concatenation, or
 * a statement that states no type, is not checked.
 */
static bool map_named_data_fits(const struct datatype *want,
				const struct set *s)
{
	const struct datatype *have = s->data ? s->data->dtype : NULL;

	if (!want || !have || want->type == TYPE_INVALID ||
	    s->data->etype == EXPR_CONCAT || want->type >= __TYPE_MAX)
		return true;
	if (want->type == have->type)
		return true;
	return want->type == TYPE_MARK &&
	       (have->type == TYPE_INTEGER ||
		(have->basetype && have->basetype->type == TYPE_INTEGER));
}

/* "KEY map @m": the map must be one, of the statement's data (the
 * cache's or this run's; one not known is the kernel's to refuse). */
static int map_named_evaluate(struct eval_ctx *ectx, struct expr *map)
{
	struct expr *ref = map->map.mappings;
	const struct set *s;
	bool missing;

	if (!ref->symbol.identifier[0])
		return expr_error(ectx, ref, "map name must not be empty");
	if (name_length_error(ectx->msgs, &ref->location,
			      ref->symbol.identifier, NAME_OBJECT) < 0)
		return -1;
	s = set_lookup_for_rule(ectx, ref->symbol.identifier, &missing);
	if (s == NULL && missing)
		return setref_missing_error(ectx, ref);
	if (s == NULL)
		return 0;
	if (set_lookup_type_check(ectx, map->map.key, ref, s) < 0)
		return -1;
	/* objects of another kind are taken, as 1.1.3 takes them: the
	 * kernel's lookup names the map, whose kind the listing says */
	if (map->map.objtype && !s->objtype)
		return expr_error(ectx, ref,
				  "Expression is not a map with objects");
	if (!(s->flags & NFT_SET_MAP) || (s->objtype && !map->map.objtype))
		return expr_error(ectx, ref, "Expression is not a map");
	if (s->flags & NFT_SET_INTERVAL) {
		map->flags |= EXPR_F_INTERVAL;
		if (map->map.key->etype == EXPR_CONCAT)
			map->map.key->flags |= EXPR_F_HTON;
	}
	if (map->map.objtype)
		return 0;
	if (map->map.vmap != (s->data && s->data->dtype->type == TYPE_VERDICT))
		return map_named_data_error(ectx, map, s);
	if (!map->map.vmap && !map_named_data_fits(ectx->ectx_dtype, s))
		return map_named_data_error(ectx, map, s);
	if (s->data && s->data->etype == EXPR_CONCAT)
		map->len = s->data->len;
	/* "type K : interval D": the lookup fills low, then high ends */
	map->map.data_interval = s->data_interval;
	if (s->data && s->data_interval)
		map->len = 2 * concat_field_bytes(s->data) * BITS_PER_BYTE;
	return 0;
}

/*
 * A map matched ("meta mark map { 1 : 2 } 3"): 1.1.3 takes it in its
 * grammar and refuses it here, in its words. A named map's lookup is
 * checked first; 1 is returned for it, to refuse after that.
 */
static int map_untyped(struct eval_ctx *ectx, const struct expr *map)
{
	const struct expr *i;

	if (map->map.key->etype == EXPR_CONCAT) {
		list_for_each_entry(i, &map->map.key->expr_list.expressions,
				    list) {
			if (i->etype == EXPR_SYMBOL)
				return expr_error(ectx, i,
						  "Could not parse symbolic invalid expression");
		}
	}
	if (map_is_named(map))
		return 1;
	return expr_error(ectx, map,
			  "Implicit map expression without known datatype");
}

/* What the map gives: a verdict, or a value of the type the statement
 * around it expects. */
static int map_result_type(struct eval_ctx *ectx, struct expr *map)
{
	if (map->map.vmap) {
		map->dtype = &verdict_type;
		map->byteorder = BYTEORDER_INVALID;
		map->len = 0;
		return 0;
	}
	/* "foo map { 1 : 2 } 3": 1.1.3 finds its key untyped first */
	if ((ectx->ectx_dtype == NULL ||
	     ectx->ectx_dtype->type == TYPE_INVALID) &&
	    map->map.key->etype == EXPR_SYMBOL)
		return expr_error(ectx, map->map.key,
				  "No symbol type information");
	if (ectx->ectx_dtype == NULL || ectx->ectx_dtype->type == TYPE_INVALID)
		return map_untyped(ectx, map);
	map->dtype = ectx->ectx_dtype;
	map->byteorder = ectx->ectx_byteorder;
	map->len = ectx->ectx_len ? ectx->ectx_len : ectx->ectx_dtype->size;
	return 0;
}

/*
 * A big anonymous map stays packed (include/set_pack.h) as a named map's
 * mappings do, unless it is an object map or its key is masked into
 * place (map_key_mask() rewrites the keys). What the pack path does not
 * take (ranges, concatenated data, a key given twice, which the kernel
 * refuses under the member) goes to the listed path, which says what
 * is wrong in its words and order: nothing the pack path tried stays.
 * 0: typed, 1: unpacked for the listed path.
 */
static int map_anon_pack(struct eval_ctx *ectx, struct expr *map)
{
	const struct expr *key = map->map.key;
	struct expr *set = map->map.mappings;
	unsigned int len = map->len;

	if (!set_expr_has_pack(set))
		return 1;
	if (set_anon_packable(ectx, set) && !map->map.objtype &&
	    !exthdr_expr_needs_mask(key) && !payload_expr_needs_mask(key) &&
	    map_pack_evaluate(ectx, map, NULL) == 0)
		return 0;
	map->len = len;
	map->flags &= ~EXPR_F_INTERVAL;
	map->map.data_interval = false;
	set_expr_unpack(set);
	return 1;
}

/* "* : DATA": its data, as the other mappings' */
static int map_catchall_evaluate(struct eval_ctx *ectx, struct expr *map)
{
	struct expr *m = map->map.mappings->expr_list.catchall;

	if (m == NULL)
		return 0;
	if (m->etype != EXPR_MAPPING)
		return expr_error(ectx, m, "map elements need data: * : DATA");
	if (set_catchall_clash_check(ectx, map->map.mappings) < 0)
		return -1;
	if (map_data_evaluate(ectx, map, m) < 0 ||
	    set_member_stmts_check(ectx, m) < 0)
		return -1;
	if (map_data_is_concat(map) != (m->mapping.data->etype == EXPR_CONCAT))
		return expr_error(ectx, m->mapping.data,
				  "map data must all be concatenations or none");
	return 0;
}

/*
 * "map { 22 }": a member without data, whose key is evaluated as the
 * others' are, then refused (@plain: the first) as the kernel refuses
 * what 1.1.3 sends. Unlinked meanwhile: evaluation may replace it.
 */
static int map_plain_key_evaluate(struct eval_ctx *ectx, struct expr *map,
				  struct expr *m, struct expr **plain)
{
	struct list_head *prev = m->list.prev;
	int ret;

	list_del(&m->list);
	ret = expr_evaluate_like(ectx, &m, map->map.key);
	list_add(&m->list, prev);
	if (*plain == NULL)
		*plain = m;
	return ret;
}

static int map_expr_evaluate(struct eval_ctx *ectx, struct expr **exprp)
{
	struct expr *map = *exprp, *i, *next, *plain = NULL;
	struct eval_type saved;
	int ret, untyped;

	if (map_mappings_unvariable(ectx, map) < 0)
		return -1;
	untyped = map_result_type(ectx, map);
	if (untyped < 0)
		return -1;
	/* a map's key never takes the table's family for a conntrack
	 * address, in any family (the reference's words) */
	if (ct_expr_family_implicit(map->map.key))
		return expr_error(ectx, map->map.key,
				  "specify either ip or ip6 for address matching");
	/* the key is loaded, not a constant of the data's type */
	eval_type_push(ectx, &saved, NULL, BYTEORDER_INVALID, 0);
	ret = expr_evaluate(ectx, &map->map.key);
	if (ret == 0 && (map->map.key->flags & EXPR_F_CONSTANT))
		ret = expr_error(ectx, map->map.key,
				 "map key must not be a constant");
	/* JSON "key": [...]: nothing to load */
	else if (ret == 0 && map->map.key->ops->linearize == NULL)
		ret = expr_error(ectx, map->map.key,
				 "%s cannot be a map's key",
				 expr_name(map->map.key));
	eval_type_pop(ectx, &saved);
	if (ret < 0)
		return -1;
	if (map_is_named(map)) {
		if (map_named_evaluate(ectx, map) < 0)
			return -1;
		if (untyped)
			return expr_error(ectx, map,
					  "Relational expression ((null)) has constant value");
		return 0;
	}
	map->flags &= ~EXPR_F_INTERVAL;
	map->map.data_interval = false;
	ret = map_anon_pack(ectx, map);
	if (ret <= 0)
		return ret;
	ret = 0;
	eval_type_push(ectx, &saved, NULL, BYTEORDER_INVALID, 0);
	list_for_each_entry_safe(i, next,
				 &map->map.mappings->expr_list.expressions,
				 list) {
		if (ret == 0 && i->etype != EXPR_MAPPING)
			ret = map_plain_key_evaluate(ectx, map, i, &plain);
		else if (ret == 0)
			ret = map_key_evaluate(ectx, map, i, false);
	}
	eval_type_pop(ectx, &saved);
	if (ret < 0)
		return -1;
	if (plain)
		return expr_error(ectx, plain,
				  "Could not process rule: Invalid argument");
	list_for_each_entry(i, &map->map.mappings->expr_list.expressions,
			    list) {
		if (map_data_evaluate(ectx, map, i) < 0 ||
		    set_member_stmts_check(ectx, i) < 0)
			return -1;
		if (map_data_is_concat(map) !=
		    (i->mapping.data->etype == EXPR_CONCAT))
			return expr_error(ectx, i->mapping.data,
					  "map data must all be concatenations or none");
	}
	if (map_catchall_evaluate(ectx, map) < 0)
		return -1;
	/* ranges: the lookup fills the low ends, then the high ones */
	if (map->map.data_interval)
		map->len *= 2;
	/* keys overlap, or one is written twice (the kernel would refuse
	 * the element, naming none) */
	if (map->map.key->etype != EXPR_CONCAT &&
	    map_check_overlap(ectx, map) < 0)
		return -1;
	/* an interval map's key holds host order members big endian */
	if (map->flags & EXPR_F_INTERVAL &&
	    map->map.key->etype == EXPR_CONCAT)
		map->map.key->flags |= EXPR_F_HTON;
	map_key_mask(map);
	return 0;
}

static const char *const map_expr_json_keys[] = {
	"key", "data", NULL,
};

const struct expr_ops map_expr_ops = {
	.type		= EXPR_MAP,
	.name		= "map",
	.destroy	= map_expr_destroy,
	.clone		= map_expr_clone,
	.cmp		= map_expr_cmp,
	.print		= map_expr_print,
	.json		= map_expr_json,
	.evaluate	= map_expr_evaluate,
	.linearize	= map_expr_linearize,
	.nl_name	= "lookup",
	.delinearize	= map_lookup_delinearize,
	.json_name	= "map",
	.json_parse	= map_expr_json_parse,
	.json_keys	= map_expr_json_keys,
};

struct expr *map_expr_alloc(const struct location *loc, struct expr *key,
			    struct expr *mappings, bool vmap)
{
	struct expr *expr = expr_alloc(loc, &map_expr_ops, &invalid_type,
				       BYTEORDER_INVALID, 0);

	expr->map.key = key;
	expr->map.mappings = mappings;
	expr->map.vmap = vmap;
	return expr;
}
