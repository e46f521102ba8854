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
 * This file has the kind (mappings, maps, evaluation, JSON input, ops);
 * the encoder is map_encode.c, the decoder map_decode.c, and what they
 * share is in include/map_int.h.
 */
#include <stdlib.h>
#include <string.h>
#include <expr.h>
#include <stmt.h>
#include <evaluate.h>
#include <linearize.h>
#include <intervals.h>
#include <netlink.h>
#include <json.h>
#include <nftables.h>
#include <linux/netfilter.h>
#include <libnftnl/expr.h>
#include <libnftnl/set.h>
#include <libnftnl/udata.h>
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

/* ---- evaluation ---- */

bool map_data_is_concat(const struct expr *map)
{
	const struct expr *m;

	/* a named map's data is longer than its first type's */
	if (map->etype == EXPR_MAP && map->map.mappings &&
	    map->map.mappings->etype == EXPR_SET_REF)
		return map->dtype && map->dtype->size &&
		       map->len / (map->map.data_interval ? 2 : 1) >
		       map->dtype->size;
	if (map->etype != EXPR_MAP || map->map.mappings->etype != EXPR_SET)
		return false;
	/* "{ * : 1.2.3.4 . 80 }": the catch-all's data */
	m = map->map.mappings->expr_list.catchall;
	if (!list_empty(&map->map.mappings->expr_list.expressions))
		m = list_first_entry(&map->map.mappings->expr_list.expressions,
				     struct expr, list);
	if (m == NULL)
		return false;
	return m->mapping.data && m->mapping.data->etype == EXPR_CONCAT;
}

unsigned int map_key_bytes(const struct expr *key)
{
	return div_round_up(key->len, BITS_PER_BYTE);
}

static int map_iv_cmp(const void *a, const void *b)
{
	const struct map_iv *x = a, *y = b;
	int r = mpz_cmp(x->iv.low, y->iv.low);

	if (r)
		return r;
	return x->index < y->index ? -1 : x->index > y->index;
}

/* The mappings' keys as sorted intervals (a map with interval keys). */
struct map_iv *map_intervals(const struct expr *map, unsigned int *n)
{
	const struct expr *set = map->map.mappings, *i;
	struct map_iv *v = xzalloc((set->expr_list.size + 1) * sizeof(*v));
	unsigned int k = 0;

	list_for_each_entry(i, &set->expr_list.expressions, list) {
		interval_init(&v[k].iv);
		set_member_bounds(i->mapping.key, map->map.key, &v[k].iv);
		v[k].index = k;
		v[k++].mapping = i;
	}
	qsort(v, k, sizeof(*v), map_iv_cmp);
	*n = k;
	return v;
}

void map_intervals_free(struct map_iv *v, unsigned int n)
{
	unsigned int i;

	for (i = 0; i < n; i++)
		interval_clear(&v[i].iv);
	xfree(v);
}

static bool map_iv_same_key(const struct map_iv *a, const struct map_iv *b)
{
	return !mpz_cmp(a->iv.low, b->iv.low) &&
	       !mpz_cmp(a->iv.high, b->iv.high);
}

/*
 * The keys of a map may not overlap: each has its own data. As 1.1.3
 * says it: overlapping intervals "conflicting intervals specified" under
 * the later one, the other beside it; a key given other data again is
 * what the kernel refuses ("File exists"), under the later one.
 */
static int map_check_overlap(struct eval_ctx *ectx, const struct expr *map)
{
	struct error_record *erec;
	const struct map_iv *a;
	struct map_iv *v;
	unsigned int n, i;
	int ret = 0;

	v = map_intervals(map, &n);
	for (i = 1; i < n && ret == 0; i++) {
		if (mpz_cmp(v[i].iv.low, v[i - 1].iv.high) > 0)
			continue;
		a = &v[i];
		/* the same key with the same data: sent twice, as 1.1.3
		 * sends it (the kernel takes it) */
		if (map_iv_same_key(a, &v[i - 1]) &&
		    expr_cmp(a->mapping->mapping.data,
			     v[i - 1].mapping->mapping.data))
			continue;
		if (map_iv_same_key(a, &v[i - 1]) ||
		    !(map->flags & EXPR_F_INTERVAL)) {
			/* the kernel refuses such a map itself first */
			if (ectx->elem_set &&
			    set_kernel_refuses(ectx->elem_set))
				continue;
			/* a rule's map: the kernel refuses it, in the
			 * batch's order of errors (rule_explain_setelem()) */
			if (!ectx->elem_set)
				continue;
			/* the kernel takes the elements in turn: an
			 * option it refuses before is refused first */
			ret = ectx->elem_set ?
			      set_elems_info_evaluate(ectx, ectx->elem_set,
						      map->map.mappings,
						      a->index) : 0;
			if (ret < 0)
				break;
			ret = erec_error(ectx->msgs,
					 &a->mapping->mapping.key->location,
					 "Could not process rule: File exists");
			break;
		}
		erec = erec_create(EREC_ERROR, &a->mapping->mapping.key->location,
				   "conflicting intervals specified");
		erec_add_location(erec, &v[i - 1].mapping->mapping.key->location);
		erec_queue(erec, ectx->msgs);
		ret = -1;
	}
	map_intervals_free(v, n);
	return ret;
}

static bool map_key_is_interval(const struct expr *key)
{
	const struct expr *i;

	if (key->etype == EXPR_RANGE || key->etype == EXPR_PREFIX ||
	    (key->etype == EXPR_VALUE && key->flags & EXPR_F_WILDCARD))
		return true;
	if (key->etype != EXPR_CONCAT)
		return false;
	list_for_each_entry(i, &key->expr_list.expressions, list)
		if (map_key_is_interval(i))
			return true;
	return false;
}

/* One type derives from the other (a mark is an integer), or either is
 * a plain integer. */
static bool map_types_match(const struct datatype *a,
			    const struct datatype *b)
{
	const struct datatype *i;

	if (a->type == TYPE_INTEGER || b->type == TYPE_INTEGER)
		return true;
	for (i = a; i; i = i->basetype)
		if (i->type == b->type)
			return true;
	for (i = b; i; i = i->basetype)
		if (i->type == a->type)
			return true;
	return false;
}

/* A lone value where the key is a concatenation: 1.1.3's words, a
 * @named map's as a set's. */
static int map_lone_key_error(struct eval_ctx *ectx, const struct expr *v,
			      const struct expr *key, bool named)
{
	if (named)
		return concat_lone_value_error(ectx, v, key);
	return expr_error(ectx, v, "expression is not a concatenation");
}

static int map_key_evaluate(struct eval_ctx *ectx, struct expr *map,
			    struct expr *m, bool named)
{
	struct expr *key = map->map.key;
	const struct expr *lone;

	/* a lone value has no type to parse in: say what is missing */
	lone = key->etype == EXPR_CONCAT ? concat_lone(m->mapping.key) : NULL;
	if (lone)
		return map_lone_key_error(ectx, lone, key, named);
	if (expr_evaluate_like(ectx, &m->mapping.key, key) < 0)
		return -1;
	switch (m->mapping.key->etype) {
	case EXPR_VALUE:
	case EXPR_RANGE:
	case EXPR_PREFIX:
		if (key->etype == EXPR_CONCAT)
			return map_lone_key_error(ectx, m->mapping.key,
						  key, named);
		break;
	case EXPR_CONCAT:
		if (key->etype == EXPR_CONCAT)
			break;
		/* fall through */
	default:
		return expr_error(ectx, m->mapping.key,
				  "map key must be a value, a prefix or a range, not a %s",
				  expr_name(m->mapping.key));
	}
	if (m->mapping.key->etype == EXPR_VALUE &&
	    !map_types_match(key->dtype, m->mapping.key->dtype))
		return expr_error(ectx, m->mapping.key,
				  "datatype mismatch, map expects %s, mapping key has type %s",
				  key->dtype->desc, m->mapping.key->dtype->desc);
	if (map_key_is_interval(m->mapping.key))
		map->flags |= EXPR_F_INTERVAL;
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

/* A member of a map's data: a value, or in interval data ("type K :
 * interval D") also a prefix or a range. */
static int map_data_member_check(struct eval_ctx *ectx, const struct expr *map,
				 const struct expr *i)
{
	if (i->etype == EXPR_VALUE ||
	    (map->map.data_interval &&
	     (i->etype == EXPR_PREFIX || i->etype == EXPR_RANGE)))
		return 0;
	if (!map->map.data_interval && !ectx->stmt)
		return expr_error(ectx, i, "Value must be a singleton");
	return expr_error(ectx, i, map->map.data_interval ?
			  "map data must be values, prefixes or ranges, not a %s" :
			  "map data must be values, not a %s",
			  expr_name(i));
}

/* Does the statement being evaluated take a range from a map?  A nat
 * address or port does ("dnat to ip saddr map { 10.0.0.0/8 :
 * 1.1.1.1-1.1.1.5 }"); a mark set from a range would mean nothing. */
static bool map_stmt_takes_ranges(const struct eval_ctx *ectx,
				  const struct expr *map)
{
	return ectx->stmt && ectx->stmt->type == STMT_NAT &&
	       ectx->stmt->nat.addr == map;
}

/* An anonymous map's data (or a member of it) that is not a value: a
 * range or a prefix where the statement takes ranges; the map's data
 * are then written as intervals (low ends, then high ends). */
static int map_data_range_check(struct eval_ctx *ectx, struct expr *map,
				const struct expr *i)
{
	if ((i->etype == EXPR_RANGE || i->etype == EXPR_PREFIX) &&
	    map_stmt_takes_ranges(ectx, map)) {
		map->map.data_interval = true;
		return 0;
	}
	/* a named map's element (no statement around it), as 1.1.3 says */
	if (!ectx->stmt)
		return expr_error(ectx, i, "Value must be a singleton");
	return expr_error(ectx, i, "map data must be %s, not a %s",
			  map_data_is_concat(map) ? "values" : "a value",
			  expr_name(i));
}

/* The system nft's words: "invalid data type, expected concatenation
 * of (IPv4 address, packet mark)". */
static int map_data_not_concat(struct eval_ctx *ectx, const struct expr *data,
			       const struct expr *decl)
{
	char types[256] = "";
	const struct expr *i;
	size_t n = 0;

	list_for_each_entry(i, &decl->expr_list.expressions, list) {
		if (n >= sizeof(types))
			break;
		n += snprintf(types + n, sizeof(types) - n, "%s%s",
			      n ? ", " : "", i->dtype->desc);
	}
	return expr_error(ectx, data,
			  "invalid data type, expected concatenation of (%s)",
			  types);
}

/*
 * A named map's data typed member by member as declared ("ipv4_addr .
 * mark", "ifname . inet_service . mark"), so each member is encoded in
 * its own byte order and width.
 */
static int map_declared_data_evaluate(struct eval_ctx *ectx, struct expr *map,
				      struct expr **datap)
{
	const struct expr *decl = map->map.data;
	struct expr *i;

	if (decl->etype == EXPR_CONCAT && (*datap)->etype != EXPR_CONCAT &&
	    (*datap)->etype != EXPR_VARIABLE)
		return map_data_not_concat(ectx, *datap, decl);
	if (expr_evaluate_like(ectx, datap, decl) < 0)
		return -1;
	if ((*datap)->etype != EXPR_CONCAT)
		return map_data_member_check(ectx, map, *datap);
	list_for_each_entry(i, &(*datap)->expr_list.expressions, list) {
		/* 1.1.3 marks the whole concatenation */
		if (i->etype != EXPR_VALUE && !map->map.data_interval &&
		    !ectx->stmt)
			return expr_error(ectx, *datap,
					  "Value must be a singleton");
		if (map_data_member_check(ectx, map, i) < 0)
			return -1;
	}
	return 0;
}

/*
 * Concatenated data: a nat address and port ("dnat to ip saddr map {
 * 10.0.0.1 : 192.168.0.1 . 8080 }"), the address of the statement's
 * type, then ports. Each member takes whole 32 bit words, as in keys.
 * A named map's elements take the types its declaration gives
 * ("ipv4_addr . mark", "ifname . inet_service . mark").
 */
static int map_concat_data_evaluate(struct eval_ctx *ectx, struct expr *map,
				    struct expr *data)
{
	const struct datatype *dtype = map->dtype;
	struct expr *i, *next, *v;
	struct eval_type saved;
	unsigned int len = 0, n = 0;
	int ret;

	list_for_each_entry_safe(i, next, &data->expr_list.expressions, list) {
		if (n++ == 0)
			eval_type_push(ectx, &saved, dtype, dtype->byteorder,
				       dtype->size);
		else
			eval_type_push(ectx, &saved, &inet_service_type,
				       BYTEORDER_BIG_ENDIAN,
				       inet_service_type.size);
		list_del(&i->list);
		v = i;
		ret = expr_evaluate(ectx, &v);
		eval_type_pop(ectx, &saved);
		list_link_(&v->list, next->list.prev, &next->list);
		if (ret < 0)
			return -1;
		if (v->etype != EXPR_VALUE &&
		    map_data_range_check(ectx, map, v) < 0)
			return -1;
		len += concat_field_bytes(v) * BITS_PER_BYTE;
	}
	if (n != 2)
		return expr_error(ectx, data,
				  "map data of %u values: only an address and a port can be concatenated",
				  n);
	data->flags |= EXPR_F_CONSTANT;
	data->len = len;
	map->len = len;
	return 0;
}

static int map_data_evaluate(struct eval_ctx *ectx, struct expr *map,
			     struct expr *m)
{
	struct expr *data = m->mapping.data;

	if (map->map.vmap) {
		if (data->etype != EXPR_VERDICT)
			return expr_error(ectx, data,
					  "datatype mismatch, expected verdict, mapping data has type %s",
					  data->etype == EXPR_SYMBOL ?
					  "value" : expr_name(data));
		return expr_evaluate(ectx, &m->mapping.data);
	}
	if (data->etype == EXPR_VERDICT)
		return expr_error(ectx, data,
				  "datatype mismatch, expected %s, mapping data is a verdict: use vmap",
				  map->dtype->desc);
	if (map->map.data)
		return map_declared_data_evaluate(ectx, map, &m->mapping.data);
	if (data->etype == EXPR_CONCAT)
		return map_concat_data_evaluate(ectx, map, data);
	if (expr_evaluate(ectx, &m->mapping.data) < 0)
		return -1;
	/* "lo*": a named map's data is one name, as 1.1.3 says */
	if (m->mapping.data->flags & EXPR_F_WILDCARD && !ectx->stmt)
		return expr_error(ectx, m->mapping.data,
				  "Value must be a singleton");
	if (m->mapping.data->etype == EXPR_VALUE)
		m->mapping.data->len = map->len;
	else if (map_data_range_check(ectx, map, m->mapping.data) < 0)
		return -1;
	return 0;
}

/* The mappings' keys, moved into a set of their own (and back):
 * what treats a looked up set's members treats them alike. */
struct expr *map_keys_take(struct expr *map)
{
	struct expr *keys = set_expr_alloc(&map->map.mappings->location), *m;

	list_for_each_entry(m, &map->map.mappings->expr_list.expressions,
			    list) {
		set_expr_add(keys, m->mapping.key);
		m->mapping.key = NULL;
	}
	return keys;
}

void map_keys_give(struct expr *map, struct expr *keys)
{
	struct expr *m, *i;

	list_for_each_entry(m, &map->map.mappings->expr_list.expressions,
			    list) {
		if (list_empty(&keys->expr_list.expressions))
			break;
		i = list_first_entry(&keys->expr_list.expressions,
				     struct expr, list);
		list_del(&i->list);
		init_list_head(&i->list);
		keys->expr_list.size--;
		m->mapping.key = i;
	}
}

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

/* ---- JSON input ---- */

static const char *const map_verdict_names[] = {
	"accept", "drop", "continue", "return", "jump", "goto", NULL,
};

static const int map_verdict_codes[] = {
	NF_ACCEPT, NF_DROP, NFT_CONTINUE, NFT_RETURN, NFT_JUMP, NFT_GOTO,
};

bool map_verdict_code(const char *name, int *code)
{
	unsigned int i;

	for (i = 0; map_verdict_names[i]; i++) {
		if (!strcmp(map_verdict_names[i], name)) {
			*code = map_verdict_codes[i];
			return true;
		}
	}
	return false;
}

/* {"accept": null}, {"jump": {"target": "c"}} */
static struct expr *map_verdict_json(struct json_ctx *jctx, json_t *value,
				     const struct location *loc)
{
	static const char *const target_keys[] = { "target", NULL };
	static const char *const no_keys[] = { NULL };
	const char *name;
	json_t *arg, *target;
	unsigned int i;

	if (!json_is_object(value) || json_object_size(value) != 1)
		return NULL;
	name = json_object_iter_key(json_object_iter(value));
	arg = json_object_iter_value(json_object_iter(value));
	for (i = 0; map_verdict_names[i]; i++)
		if (!strcmp(map_verdict_names[i], name))
			break;
	if (map_verdict_names[i] == NULL)
		return NULL;
	if (map_verdict_codes[i] != NFT_JUMP &&
	    map_verdict_codes[i] != NFT_GOTO) {
		if (json_check_keys(jctx, arg, name, no_keys) < 0)
			return NULL;
		return verdict_expr_alloc(loc, map_verdict_codes[i], NULL);
	}
	target = json_object_get(arg, "target");
	if (!json_is_string(target)) {
		json_error(jctx, "", "Invalid %s: expected {\"target\": STRING}",
			   name);
		return NULL;
	}
	if (json_check_keys(jctx, arg, name, target_keys) < 0)
		return NULL;
	return verdict_expr_alloc(loc, map_verdict_codes[i],
				  constant_expr_alloc_string(loc, &string_type,
						json_string_value(target), 0));
}

static bool map_json_is_verdict(json_t *value)
{
	const char *name;
	unsigned int i;

	if (!json_is_object(value) || json_object_size(value) != 1)
		return false;
	name = json_object_iter_key(json_object_iter(value));
	for (i = 0; map_verdict_names[i]; i++)
		if (!strcmp(map_verdict_names[i], name))
			return true;
	return false;
}

/* Element @i of an anonymous (v)map, [KEY, DATA], as a mapping; with
 * @indexed, its index in its locations (json_list_suffix()). */
static struct expr *map_json_mapping(struct json_ctx *jctx, json_t *pair,
				     const struct location *loc,
				     const char *what, size_t i, bool indexed)
{
	struct set_elem_info *info;
	struct expr *mk, *md, *m;
	char path[48], prefix[24];
	size_t end = 0;
	json_t *k;

	if (!json_is_array(pair) || json_array_size(pair) != 2) {
		json_error(jctx, "", "Invalid %s element %zu: expected [KEY, DATA]",
			   what, i);
		return NULL;
	}
	if (indexed) {
		snprintf(prefix, sizeof(prefix), ".%s.data.set", what);
		json_list_suffix(jctx, path, prefix, i);
		end = strlen(path);
		memcpy(path + end, "[0]", 4);
	} else {
		snprintf(path, sizeof(path), ".%s.data.set[%zu][0]", what, i);
	}
	/* {"elem": {"val": KEY, "counter": ...}}: what the element holds */
	k = json_elem_unwrap(jctx, json_array_get(pair, 0), path, &info);
	if (k == NULL)
		return NULL;
	if (json_is_string(k) && !strcmp(json_string_value(k), "*"))
		mk = catchall_expr_alloc(loc);
	else
		mk = json_parse_expr(jctx, k, path);
	json_decref(k);
	if (mk == NULL) {
		set_elem_info_free(info);
		return NULL;
	}
	md = map_verdict_json(jctx, json_array_get(pair, 1), loc);
	if (md == NULL && !map_json_is_verdict(json_array_get(pair, 1))) {
		if (indexed)
			path[end + 1] = '1';
		else
			snprintf(path, sizeof(path), ".%s.data.set[%zu][1]",
				 what, i);
		md = json_parse_expr(jctx, json_array_get(pair, 1), path);
	}
	if (md == NULL) {
		set_elem_info_free(info);
		expr_free(mk);
		return NULL;
	}
	m = mapping_expr_alloc(loc, mk, md);
	m->elem_info = info;
	return m;
}

static struct expr *map_json_parse(struct json_ctx *jctx, json_t *value,
				   const struct location *loc, bool vmap)
{
	const char *what = vmap ? "vmap" : "map";
	struct expr *key, *set, *pair;
	json_t *k, *d, *elems;
	char path[48];
	bool indexed;
	size_t i;

	k = json_is_object(value) ? json_object_get(value, "key") : NULL;
	d = json_is_object(value) ? json_object_get(value, "data") : NULL;
	elems = json_is_object(d) ? json_object_get(d, "set") : NULL;
	/* "data": "@m": a named map */
	if (k && json_is_string(d) && json_string_value(d)[0] == '@') {
		snprintf(path, sizeof(path), ".%s.key", what);
		key = json_parse_expr(jctx, k, path);
		if (key == NULL)
			return NULL;
		return map_expr_alloc(loc, key,
				      setref_expr_alloc(loc,
						json_string_value(d) + 1),
				      vmap);
	}
	if (k == NULL || !json_is_array(elems)) {
		json_error(jctx, "", "Invalid %s: expected {\"key\": EXPR, \"data\": {\"set\": [[KEY, DATA], ...]}}",
			   what);
		return NULL;
	}
	snprintf(path, sizeof(path), ".%s.key", what);
	key = json_parse_expr(jctx, k, path);
	if (key == NULL)
		return NULL;
	/* the mappings may stay packed (include/set_pack.h), as
	 * set_expr_json_parse() keeps a set's members */
	indexed = !jctx->in_elem;
	set = set_expr_alloc(loc);
	for (i = 0; i < json_array_size(elems); i++) {
		pair = map_json_mapping(jctx, json_array_get(elems, i), loc,
					what, i, indexed);
		if (indexed)
			json_elem_end(jctx);
		if (pair == NULL) {
			expr_free(key);
			expr_free(set);
			return NULL;
		}
		if (expr_is_catchall(pair))
			set_catchall_put(set, pair);
		else if (indexed)
			set_expr_add_packed(set, pair);
		else
			set_expr_add(set, pair);
	}
	return map_expr_alloc(loc, key, set, vmap);
}

static struct expr *map_expr_json_parse(struct json_ctx *jctx, json_t *value,
					const struct location *loc)
{
	return map_json_parse(jctx, value, loc, false);
}

struct expr *vmap_expr_json_parse(struct json_ctx *jctx, json_t *value,
				  const struct location *loc)
{
	return map_json_parse(jctx, value, loc, true);
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

/* ---- named maps (src/obj/set.c) ---- */

/* A mapping of a named map: its statements, its key typed and held
 * against the map (ectx->elem_set: ranges), then its data, one mapping
 * after the other, as 1.1.3 says what is wrong. */
/* A named map's element's data, typed by the map's data */
static int map_elem_data_evaluate(struct eval_ctx *ectx, struct expr *map,
				  struct expr *m)
{
	struct eval_type saved;
	int ret;

	if (map->map.vmap)
		return map_data_evaluate(ectx, map, m);
	eval_type_push(ectx, &saved, map->dtype, map->byteorder, map->len);
	ret = map_data_evaluate(ectx, map, m);
	eval_type_pop(ectx, &saved);
	return ret;
}

static int map_elem_evaluate(struct eval_ctx *ectx, struct expr *map,
			     struct expr *m)
{
	const struct set *s = ectx->elem_set;
	struct eval_type saved;
	int ret;

	if (m->etype != EXPR_MAPPING)
		return expr_error(ectx, m,
				  "Could not process rule: Invalid argument");
	if (s && set_member_stmts_evaluate(ectx, s, m) < 0)
		return -1;
	eval_type_push(ectx, &saved, NULL, BYTEORDER_INVALID, 0);
	ectx->elem_set = NULL;
	ret = map_key_evaluate(ectx, map, m, true);
	ectx->elem_set = s;
	eval_type_pop(ectx, &saved);
	if (ret < 0 || (s && set_member_evaluate(ectx, s, m) < 0))
		return -1;
	return map_elem_data_evaluate(ectx, map, m);
}

/*
 * The elements of a named map: @map is a stand-in EXPR_MAP whose key is
 * the map's key (a constant of each type) and whose type and length are
 * its data's. The mappings are typed as an anonymous map's are.
 */
/* A variable among a named map's elements ("add element t m $M" or
 * "{ $M }", M defined as "{ 80 : accept }"): its mappings in its place,
 * copies that keep the definition's locations. Anything else is left
 * for map_elem_evaluate() to refuse. */
static void map_elems_unvariable(struct expr *mappings)
{
	struct expr *i, *next, *value, *m;

	list_for_each_entry_safe(i, next, &mappings->expr_list.expressions,
				 list) {
		if (i->etype != EXPR_VARIABLE)
			continue;
		value = expr_unvariable(i);
		if (value == NULL || (value->etype != EXPR_LIST &&
				      value->etype != EXPR_SET))
			continue;
		list_for_each_entry(m, &value->expr_list.expressions, list)
			if (m->etype != EXPR_MAPPING)
				break;
		if (&m->list != &value->expr_list.expressions)
			continue;
		list_for_each_entry(m, &value->expr_list.expressions, list) {
			list_link_(&expr_clone(m)->list, i->list.prev,
				   &i->list);
			mappings->expr_list.size++;
		}
		list_del(&i->list);
		mappings->expr_list.size--;
		expr_free(i);
	}
}

/* A named map's "* : DATA" (@map: the stand-in map_elems_evaluate()
 * takes): its statements, then its data, as the other elements'. */
int map_elems_catchall_evaluate(struct eval_ctx *ectx, struct expr *map)
{
	struct expr *m = map->map.mappings->expr_list.catchall;
	const struct set *s = ectx->elem_set;

	if (m == NULL)
		return 0;
	if (m->etype != EXPR_MAPPING)
		return expr_error(ectx, m,
				  "Could not process rule: Invalid argument");
	if (s && set_member_stmts_evaluate(ectx, s, m) < 0)
		return -1;
	if (set_catchall_clash_check(ectx, map->map.mappings) < 0)
		return -1;
	return map_elem_data_evaluate(ectx, map, m);
}

int map_elems_evaluate(struct eval_ctx *ectx, struct expr *map)
{
	struct expr *i;

	map_elems_unvariable(map->map.mappings);
	list_for_each_entry(i, &map->map.mappings->expr_list.expressions,
			    list)
		if (map_elem_evaluate(ectx, map, i) < 0)
			return -1;
	if (map_elems_catchall_evaluate(ectx, map) < 0)
		return -1;
	if (map->map.key->etype != EXPR_CONCAT &&
	    map_check_overlap(ectx, map) < 0)
		return -1;
	return 0;
}

/* A named map's element in JSON, [KEY, DATA] (DATA a verdict or a
 * value): its mapping, NULL on error (said). */
struct expr *map_json_elem_parse(struct json_ctx *jctx, json_t *pair,
				 const struct location *loc, size_t i)
{
	struct expr *mk, *md;
	char path[48];
	size_t end;

	if (!json_is_array(pair) || json_array_size(pair) != 2) {
		json_error(jctx, "", "Invalid map element %zu: expected [KEY, DATA]",
			   i);
		return NULL;
	}
	/* ".elem[i][0]", then "[1]": snprintf per element was 5% of
	 * loading a big map */
	json_elem_suffix(jctx, path, i);
	end = strlen(path);
	memcpy(path + end, "[0]", 4);
	mk = json_parse_expr(jctx, json_array_get(pair, 0), path);
	if (mk == NULL)
		return NULL;
	md = map_verdict_json(jctx, json_array_get(pair, 1), loc);
	if (md == NULL && !map_json_is_verdict(json_array_get(pair, 1))) {
		path[end + 1] = '1';
		md = json_parse_expr(jctx, json_array_get(pair, 1), path);
	}
	if (md == NULL) {
		expr_free(mk);
		return NULL;
	}
	return mapping_expr_alloc(loc, mk, md);
}

/* ---- packed mappings (include/set_pack.h) ---- */

static bool map_pack_values(const struct expr *e)
{
	const struct expr *i;

	if (e->etype == EXPR_VALUE)
		return !(e->flags & EXPR_F_WILDCARD);
	if (e->etype != EXPR_CONCAT || e->flags & EXPR_F_INTERVAL)
		return false;
	list_for_each_entry(i, &e->expr_list.expressions, list)
		if (i->etype != EXPR_VALUE || i->flags & EXPR_F_WILDCARD)
			return false;
	return true;
}

/*
 * A chain a verdict map jumps to, met the first time (chain @i of @k): a
 * named map's (@h) must exist. An anonymous map's is the kernel's to
 * find, as for a listed one (verdict_target_evaluate()): its name is
 * checked, and where it is first jumped to (@keyloc, the key) kept for
 * the caret under the kernel's refusal (rule_explain_vmap_elem()).
 */
static int map_pack_chain_new(struct eval_ctx *ectx, const struct handle *h,
			      struct pack_keys *k, uint32_t i,
			      const struct location *loc,
			      const struct location *keyloc)
{
	const char *name = k->chains[i];

	if (h)
		return verdict_chain_evaluate(ectx, h, name, loc);
	k->chain_locs[i] = *keyloc;
	if (!name[0])
		return -1;
	return name_length_error(ectx->msgs, loc, name, NAME_JUMP);
}

/* A verdict's data: its code and its chain's index (each chain's
 * existence checked once). -1: no such chain. */
static int map_pack_verdict(struct eval_ctx *ectx, const struct handle *h,
			    const struct expr *m, unsigned char *data,
			    struct pack_keys *k)
{
	const struct expr *v = m->mapping.data;
	struct set_pack_verdict pv = { v->verdict.verdict, UINT32_MAX };
	unsigned int known = k->nchains;
	char *name;
	int ret = 0;

	if (v->verdict.chain) {
		name = constant_expr_get_string(v->verdict.chain);
		pv.chain = pack_keys_chain(k, name);
		if (k->nchains > known)
			ret = map_pack_chain_new(ectx, h, k, pv.chain,
					&v->verdict.chain->location,
					&m->mapping.key->location);
		xfree(name);
	}
	memcpy(data, &pv, sizeof(pv));
	return ret;
}

/* The data of mapping @m, typed, as map_elem_data() writes it. */
static int map_pack_data(struct eval_ctx *ectx, const struct expr *map,
			 const struct handle *h, const struct expr *m,
			 unsigned char *data, struct pack_keys *k)
{
	const struct expr *d = m->mapping.data, *i;
	unsigned int off = 0;

	if (d->etype == EXPR_VERDICT)
		return map_pack_verdict(ectx, h, m, data, k);
	if (d->etype != EXPR_CONCAT) {
		set_member_key(data, d, d->byteorder, k->data_len);
		return 0;
	}
	list_for_each_entry(i, &d->expr_list.expressions, list) {
		linearize_mpz(data + off, i->value.value, i->byteorder,
			      div_round_up(i->len, BITS_PER_BYTE));
		off += concat_field_bytes(i);
	}
	return 0;
}

/* @anon: a rule's map, whose concatenated data the statement reads
 * from the mappings (map_data_is_concat()). */
static bool map_pack_data_ok(const struct expr *map, const struct expr *d,
			     bool anon)
{
	if (map->map.vmap)
		return d->etype == EXPR_VERDICT &&
		       (!d->verdict.chain ||
			d->verdict.chain->etype == EXPR_VALUE);
	return !map->map.data_interval && !map->map.objtype &&
	       !(anon && d->etype == EXPR_CONCAT) && map_pack_values(d);
}

/* 0: mapping @m is in @k; 1: not for this path (or an error, which the
 * listed path says in its order). */
static int map_pack_member(struct eval_ctx *ectx, struct expr *map,
			   const struct handle *h, struct expr *m,
			   struct pack_keys *k)
{
	unsigned char *key, *data;
	struct eval_type saved;
	int ret;

	if (m->etype != EXPR_MAPPING)
		return 1;
	eval_type_push(ectx, &saved, NULL, BYTEORDER_INVALID, 0);
	ret = map_key_evaluate(ectx, map, m, true);
	eval_type_pop(ectx, &saved);
	if (ret < 0 || map->flags & EXPR_F_INTERVAL ||
	    !map_pack_values(m->mapping.key))
		return 1;
	/* a rule's map types its data as the statement around it does
	 * (map_expr_evaluate()) */
	if (!map->map.vmap && h)
		eval_type_push(ectx, &saved, map->dtype, map->byteorder,
			       map->len);
	ret = map_data_evaluate(ectx, map, m);
	if (!map->map.vmap && h)
		eval_type_pop(ectx, &saved);
	if (ret < 0 || !map_pack_data_ok(map, m->mapping.data, !h))
		return 1;
	key = pack_keys_add(k, &data);
	if (m->mapping.key->etype == EXPR_CONCAT)
		set_concat_key(key, m->mapping.key, map->map.key, false);
	else
		set_member_key(key, m->mapping.key, map->map.key->byteorder,
			       k->key_len);
	return map_pack_data(ectx, map, h, m, data, k) < 0;
}

/* Where the key of the member at @it is. */
static void map_pack_key_location(const struct set_pack *p,
				  const struct set_pack_iter *it,
				  struct location *loc)
{
	struct set_pack_iter at = *it;
	struct expr *m = set_pack_next(p, &at);

	*loc = m->mapping.key->location;
	expr_free(m);
}

/* A verdict read in place: its code and chain (checked once per name),
 * of the member at @it. */
static int map_pack_verdict_view(struct eval_ctx *ectx,
				 const struct handle *h,
				 const struct set_pack_view *v,
				 unsigned int n, unsigned char *data,
				 struct pack_keys *k, const struct set_pack *p,
				 const struct set_pack_iter *it)
{
	struct set_pack_verdict pv = { (int32_t)v[0].num, UINT32_MAX };
	unsigned int known = k->nchains;
	struct location keyloc = {};
	int ret = 0;

	if (v[0].children) {
		if (n < 2 || v[1].kind != SET_PACK_STRING)
			return -1;
		pv.chain = pack_keys_chain(k, v[1].text);
		if (k->nchains > known) {
			if (!h)
				map_pack_key_location(p, it, &keyloc);
			ret = map_pack_chain_new(ectx, h, k, pv.chain,
						 &internal_location, &keyloc);
		}
	}
	memcpy(data, &pv, sizeof(pv));
	return ret;
}

/*
 * A mapping read without expressions (set_pack_direct_key()): a key of
 * literals and a verdict, or a value the data's type reads so. 0: done,
 * @it past it; 1: take the expression path; -1: an error (the listed
 * path says it).
 */
static int map_pack_direct_next(struct eval_ctx *ectx, const struct expr *map,
				const struct handle *h,
				const struct set_pack *p,
				struct set_pack_iter *it, struct pack_keys *k)
{
	unsigned char key[NFT_REG_SIZE * 4], data[NFT_REG_SIZE * 4];
	struct set_pack_view v[2 * NFT_REG32_COUNT + 4];
	struct set_pack_iter next;
	unsigned int n = set_pack_view(p, it, v, array_size(v), &next);
	unsigned int kn, dn;
	unsigned char *kb, *db;

	if (n < 3 || v[0].kind != SET_PACK_MAPPING || v[0].flags)
		return 1;
	kn = 1 + (v[1].kind == SET_PACK_CONCAT ? v[1].num : 0);
	dn = n - 1 - kn;
	memset(key, 0, k->key_len);
	memset(data, 0, k->data_len);
	if (kn >= n || !set_pack_direct_key(&v[1], kn, map->map.key, key))
		return 1;
	if (map->map.vmap) {
		if (v[1 + kn].kind != SET_PACK_VERDICT || v[1 + kn].flags)
			return 1;
		if (map_pack_verdict_view(ectx, h, &v[1 + kn], dn, data, k,
					  p, it) < 0)
			return -1;
	} else if (map->map.data_interval || map->map.objtype ||
		   !map->map.data || dn != 1 + (v[1 + kn].kind ==
						SET_PACK_CONCAT ?
						v[1 + kn].num : 0) ||
		   !set_pack_direct_key(&v[1 + kn], dn, map->map.data, data)) {
		return 1;
	}
	kb = pack_keys_add(k, &db);
	memcpy(kb, key, k->key_len);
	memcpy(db, data, k->data_len);
	*it = next;
	return 0;
}

static uint32_t map_pack_hash(const unsigned char *key, unsigned int len)
{
	uint32_t h = 2166136261u;
	unsigned int i;

	for (i = 0; i < len; i++)
		h = (h ^ key[i]) * 16777619u;
	return h;
}

/* Whether two keys are the same (map_check_overlap() names them): an
 * open-addressing table of key indices, one pass. */
static bool map_pack_repeats(const struct pack_keys *k)
{
	unsigned int size = 16, i, slot;
	const unsigned char *key;
	bool yes = false;
	uint32_t *t;

	while (size < 2 * k->n)
		size *= 2;
	t = xmalloc(size * sizeof(*t));
	memset(t, 0xff, size * sizeof(*t));
	for (i = 0; i < k->n && !yes; i++) {
		key = k->keys + (size_t)i * k->key_len;
		slot = map_pack_hash(key, k->key_len) & (size - 1);
		while (t[slot] != UINT32_MAX && !yes) {
			yes = !memcmp(k->keys + (size_t)t[slot] * k->key_len,
				      key, k->key_len);
			slot = (slot + 1) & (size - 1);
		}
		t[slot] = i;
	}
	xfree(t);
	return yes;
}

/*
 * A named map's packed mappings (@map: set_map_stub()'s stand-in, its
 * mappings the packed set) typed into keys and data as
 * map_elems_evaluate() types listed ones. Anything else than values
 * and verdicts, and any error, leave the pack as it was and return 1:
 * the listed path then says what is wrong, in its order; the messages
 * queued here are dropped.
 */
int map_pack_evaluate(struct eval_ctx *ectx, struct expr *map,
		      const struct handle *h)
{
	struct expr *set = map->map.mappings, *m;
	struct set_pack *p = set->expr_list.pack;
	struct list_head *last = ectx->msgs->prev;
	struct error_record *erec;
	struct set_pack_iter it;
	struct pack_keys *k;
	int ret = 0;

	k = pack_keys_alloc(map_key_bytes(map->map.key),
			    map->map.vmap ? sizeof(struct set_pack_verdict) :
			    map_key_bytes(map), set_pack_count(p));
	k->verdicts = map->map.vmap;
	set_pack_iter_init(p, &it);
	while (ret == 0) {
		ret = map_pack_direct_next(ectx, map, h, p, &it, k);
		if (ret <= 0) {
			ret = -ret;
			continue;
		}
		m = set_pack_next(p, &it);
		ret = 0;
		if (!m)
			break;
		ret = map_pack_member(ectx, map, h, m, k);
		expr_free(m);
	}
	/* a rule's map: the kernel refuses a concatenation given twice
	 * too, which the listed path locates (rule_explain_setelem()) */
	if (ret == 0 && (map->map.key->etype != EXPR_CONCAT || !h))
		ret = map_pack_repeats(k);
	if (ret == 0) {
		set_pack_set_keys(p, k);
		return 0;
	}
	pack_keys_free(k);
	while (ectx->msgs->prev != last) {
		erec = list_entry(ectx->msgs->prev, struct error_record, list);
		list_del(&erec->list);
		erec_destroy(erec);
	}
	return 1;
}
