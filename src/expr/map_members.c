/*
 * Maps: the mappings typed, key then data, as a rule's map
 * (map_expr_evaluate(), src/expr/map.c) and a named map's elements
 * (map_elems_evaluate(), for src/obj/set_eval_elems.c) both type them:
 * the key like the map's key, the data like the statement's value, a
 * verdict or the named map's declared data; keys that overlap or repeat
 * refused in 1.1.3's words. The packed path (map_pack_eval.c) types
 * its mappings with the same functions.
 */
#include <stdlib.h>
#include <expr.h>
#include <stmt.h>
#include <evaluate.h>
#include <set.h>
#include <map_int.h>

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
int map_check_overlap(struct eval_ctx *ectx, const struct expr *map)
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

int map_key_evaluate(struct eval_ctx *ectx, struct expr *map,
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

int map_data_evaluate(struct eval_ctx *ectx, struct expr *map,
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

/* ---- named maps (src/obj/set_eval_elems.c) ---- */

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
