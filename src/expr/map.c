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

#define MAP_ANON_NAME		"__map%d"
#define OBJMAP_ANON_NAME	"__objmap%d"
/* The data "typeof" of a verdict map, as the system nft writes it. */
#define MAP_TYPEOF_KIND_VERDICT	1

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

static void mapping_expr_print(const struct expr *expr,
			       struct output_ctx *octx)
{
	set_member_print(expr->mapping.key, octx);
	nft_print(octx, " : ");
	set_member_print(expr->mapping.data, octx);
}

static json_t *mapping_expr_json(const struct expr *expr,
				 struct output_ctx *octx)
{
	json_t *pair = json_array();

	json_array_append_new(pair, set_member_json(expr->mapping.key, octx));
	json_array_append_new(pair, set_member_json(expr->mapping.data, octx));
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
}

static void map_expr_clone(struct expr *dst, const struct expr *src)
{
	dst->map.key = expr_clone(src->map.key);
	dst->map.mappings = expr_clone(src->map.mappings);
	dst->map.vmap = src->map.vmap;
	dst->map.objtype = src->map.objtype;
}

static bool map_expr_cmp(const struct expr *a, const struct expr *b)
{
	return a->map.vmap == b->map.vmap &&
	       expr_cmp(a->map.key, b->map.key) &&
	       expr_cmp(a->map.mappings, b->map.mappings);
}

/* "map @m", "vmap @m": a named map's (src/obj/set.c) */
static bool map_is_named(const struct expr *map)
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
		       map->len > map->dtype->size;
	if (map->etype != EXPR_MAP || map->map.mappings->etype != EXPR_SET ||
	    list_empty(&map->map.mappings->expr_list.expressions))
		return false;
	m = list_first_entry(&map->map.mappings->expr_list.expressions,
			     struct expr, list);
	return m->mapping.data && m->mapping.data->etype == EXPR_CONCAT;
}

static unsigned int map_key_bytes(const struct expr *key)
{
	return div_round_up(key->len, BITS_PER_BYTE);
}

struct map_iv {
	struct interval iv;
	const struct expr *mapping;
	unsigned int index;		/* as written */
};

static int map_iv_cmp(const void *a, const void *b)
{
	const struct map_iv *x = a, *y = b;
	int r = mpz_cmp(x->iv.low, y->iv.low);

	if (r)
		return r;
	return x->index < y->index ? -1 : x->index > y->index;
}

/* The mappings' keys as sorted intervals (a map with interval keys). */
static struct map_iv *map_intervals(const struct expr *map, unsigned int *n)
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

static void map_intervals_free(struct map_iv *v, unsigned int n)
{
	unsigned int i;

	for (i = 0; i < n; i++)
		interval_clear(&v[i].iv);
	xfree(v);
}

/* The keys of a map may not overlap: each has its own data. */
static int map_check_overlap(struct eval_ctx *ectx, const struct expr *map)
{
	const struct map_iv *a, *b;
	struct error_record *erec;
	struct map_iv *v;
	unsigned int n, i;
	int ret = 0;

	v = map_intervals(map, &n);
	for (i = 1; i < n; i++) {
		if (mpz_cmp(v[i].iv.low, v[i - 1].iv.high) > 0)
			continue;
		/* as the system nft: the later one, the other beside it */
		a = &v[i];
		b = &v[i - 1];
		erec = erec_create(EREC_ERROR, &a->mapping->mapping.key->location,
				   map->flags & EXPR_F_INTERVAL ?
				   "conflicting intervals specified" :
				   "duplicate key: a map has one value per key");
		erec_add_location(erec, &b->mapping->mapping.key->location);
		erec_queue(erec, ectx->msgs);
		ret = -1;
		break;
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

static int map_key_evaluate(struct eval_ctx *ectx, struct expr *map,
			    struct expr *m)
{
	struct expr *key = map->map.key;

	/* a lone value has no type to parse in: say what is missing */
	if (key->etype == EXPR_CONCAT &&
	    m->mapping.key->etype != EXPR_CONCAT &&
	    m->mapping.key->etype != EXPR_VARIABLE)
		return expr_error(ectx, m->mapping.key,
				  "expected a concatenation of %u values",
				  key->expr_list.size);
	if (expr_evaluate_like(ectx, &m->mapping.key, key) < 0)
		return -1;
	switch (m->mapping.key->etype) {
	case EXPR_VALUE:
	case EXPR_RANGE:
	case EXPR_PREFIX:
		if (key->etype == EXPR_CONCAT)
			return expr_error(ectx, m->mapping.key,
					  "expected a concatenation of %u values",
					  key->expr_list.size);
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
 * Concatenated data: a nat address and port ("dnat to ip saddr map {
 * 10.0.0.1 : 192.168.0.1 . 8080 }"), the address of the statement's
 * type, then ports. Each member takes whole 32 bit words, as in keys.
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
		if (v->etype != EXPR_VALUE)
			return expr_error(ectx, v,
					  "map data must be values, not a %s",
					  expr_name(v));
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
	if (data->etype == EXPR_CONCAT)
		return map_concat_data_evaluate(ectx, map, data);
	if (expr_evaluate(ectx, &m->mapping.data) < 0)
		return -1;
	if (m->mapping.data->etype != EXPR_VALUE)
		return expr_error(ectx, m->mapping.data,
				  "map data must be a value, not a %s",
				  expr_name(m->mapping.data));
	m->mapping.data->len = map->len;
	return 0;
}

/* The mappings' keys, moved into a set of their own (and back):
 * what treats a looked up set's members treats them alike. */
static struct expr *map_keys_take(struct expr *map)
{
	struct expr *keys = set_expr_alloc(&map->map.mappings->location), *m;

	list_for_each_entry(m, &map->map.mappings->expr_list.expressions,
			    list) {
		set_expr_add(keys, m->mapping.key);
		m->mapping.key = NULL;
	}
	return keys;
}

static void map_keys_give(struct expr *map, struct expr *keys)
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

/* "KEY map @m": the map must be one, of the statement's data (the
 * cache's or this run's; one not known is the kernel's to refuse). */
static int map_named_evaluate(struct eval_ctx *ectx, struct expr *map)
{
	struct expr *ref = map->map.mappings;
	const struct set *s;
	bool missing;

	if (!ref->symbol.identifier[0])
		return expr_error(ectx, ref, "map name must not be empty");
	s = set_lookup_for_rule(ectx, ref->symbol.identifier, &missing);
	if (s == NULL && missing)
		return expr_error(ectx, ref,
				  "No such file or directory: map '%s' does not exist in table %s %s",
				  ref->symbol.identifier,
				  family_name(ectx->rule->handle.family),
				  ectx->rule->handle.table.name);
	if (s == NULL)
		return 0;
	if (!(s->flags & NFT_SET_MAP))
		return expr_error(ectx, ref, "%s is not a map: it has no data",
				  ref->symbol.identifier);
	if (map->map.vmap != (s->data && s->data->dtype->type == TYPE_VERDICT))
		return expr_error(ectx, ref, map->map.vmap ?
				  "%s is not a verdict map: use map" :
				  "%s is a verdict map: use vmap",
				  ref->symbol.identifier);
	if (s->flags & NFT_SET_INTERVAL)
		map->flags |= EXPR_F_INTERVAL;
	if (s->data && s->data->etype == EXPR_CONCAT)
		map->len = s->data->len;
	return 0;
}

static int map_expr_evaluate(struct eval_ctx *ectx, struct expr **exprp)
{
	struct expr *map = *exprp, *i;
	struct eval_type saved;
	int ret;

	if (map_mappings_unvariable(ectx, map) < 0)
		return -1;
	if (map->map.vmap) {
		map->dtype = &verdict_type;
		map->byteorder = BYTEORDER_INVALID;
		map->len = 0;
	} else {
		if (ectx->ectx_dtype == NULL ||
		    ectx->ectx_dtype->type == TYPE_INVALID)
			return expr_error(ectx, map,
					  "map data type unknown: a map gives a statement its value");
		map->dtype = ectx->ectx_dtype;
		map->byteorder = ectx->ectx_byteorder;
		map->len = ectx->ectx_len ? ectx->ectx_len :
			   ectx->ectx_dtype->size;
	}
	/* the key is loaded, not a constant of the data's type */
	eval_type_push(ectx, &saved, NULL, BYTEORDER_INVALID, 0);
	ret = expr_evaluate(ectx, &map->map.key);
	if (ret == 0 && (map->map.key->flags & EXPR_F_CONSTANT))
		ret = expr_error(ectx, map->map.key,
				 "map key must not be a constant");
	if (map_is_named(map)) {
		eval_type_pop(ectx, &saved);
		if (ret < 0)
			return -1;
		return map_named_evaluate(ectx, map);
	}
	map->flags &= ~EXPR_F_INTERVAL;
	list_for_each_entry(i, &map->map.mappings->expr_list.expressions,
			    list) {
		if (ret == 0)
			ret = map_key_evaluate(ectx, map, i);
	}
	eval_type_pop(ectx, &saved);
	if (ret < 0)
		return -1;
	list_for_each_entry(i, &map->map.mappings->expr_list.expressions,
			    list) {
		if (map_data_evaluate(ectx, map, i) < 0)
			return -1;
		if (map_data_is_concat(map) !=
		    (i->mapping.data->etype == EXPR_CONCAT))
			return expr_error(ectx, i->mapping.data,
					  "map data must all be concatenations or none");
	}
	/* keys overlap, or one is written twice (the kernel would refuse
	 * the element, naming none) */
	if (map->map.key->etype != EXPR_CONCAT &&
	    map_check_overlap(ectx, map) < 0)
		return -1;
	map_key_mask(map);
	return 0;
}

/* ---- encoding ---- */

static void map_elem_open(struct nftnl_set_elem *e)
{
	struct nftnl_udata_buf *ud = nftnl_udata_buf_alloc(NFT_USERDATA_MAXLEN);

	if (ud == NULL)
		memory_allocation_error();
	nftnl_udata_put_u32(ud, NFTNL_UDATA_SET_ELEM_FLAGS,
			    NFTNL_SET_ELEM_F_INTERVAL_OPEN);
	nftnl_set_elem_set(e, NFTNL_SET_ELEM_USERDATA,
			   nftnl_udata_buf_data(ud), nftnl_udata_buf_len(ud));
	nftnl_udata_buf_free(ud);
}

static void map_elem_data(struct nftnl_set_elem *e, const struct expr *map,
			  const struct expr *data)
{
	unsigned char buf[NFT_REG_SIZE * 4];
	char *chain;

	if (map->map.objtype) {
		chain = constant_expr_get_string(data);
		nftnl_set_elem_set_str(e, NFTNL_SET_ELEM_OBJREF, chain);
		xfree(chain);
		return;
	}
	if (data->etype == EXPR_VERDICT) {
		nftnl_set_elem_set_u32(e, NFTNL_SET_ELEM_VERDICT,
				       data->verdict.verdict);
		if (data->verdict.chain) {
			chain = constant_expr_get_string(data->verdict.chain);
			nftnl_set_elem_set_str(e, NFTNL_SET_ELEM_CHAIN, chain);
			xfree(chain);
		}
		return;
	}
	memset(buf, 0, sizeof(buf));
	if (data->etype == EXPR_CONCAT) {
		const struct expr *i;
		unsigned int off = 0;

		list_for_each_entry(i, &data->expr_list.expressions, list) {
			linearize_mpz(buf + off, i->value.value, i->byteorder,
				      div_round_up(i->len, BITS_PER_BYTE));
			off += concat_field_bytes(i);
		}
	} else {
		linearize_mpz(buf, data->value.value, data->byteorder,
			      map_key_bytes(map));
	}
	nftnl_set_elem_set(e, NFTNL_SET_ELEM_DATA, buf, map_key_bytes(map));
}

static struct nftnl_set_elem *map_add_elem(struct nftnl_set *elems,
			 const struct expr *map, const void *key, const void *key_end,
			 unsigned int len, const struct expr *data, bool end,
			 bool open)
{
	struct nftnl_set_elem *e = nftnl_set_elem_alloc();

	if (e == NULL)
		memory_allocation_error();
	nftnl_set_elem_set(e, NFTNL_SET_ELEM_KEY, key, len);
	if (key_end)
		nftnl_set_elem_set(e, NFTNL_SET_ELEM_KEY_END, key_end, len);
	if (end)
		nftnl_set_elem_set_u32(e, NFTNL_SET_ELEM_FLAGS,
				       NFT_SET_ELEM_INTERVAL_END);
	if (data)
		map_elem_data(e, map, data);
	if (open)
		map_elem_open(e);
	nftnl_set_elem_add(elems, e);
	return e;
}

static struct nftnl_set_elem *map_add_mpz(struct nftnl_set *elems,
			const struct expr *map,
			const mpz_t key, enum byteorder byteorder,
			const struct expr *data, bool end, bool open)
{
	unsigned char buf[NFT_REG_SIZE * 4];
	unsigned int len = map_key_bytes(map->map.key);

	memset(buf, 0, sizeof(buf));
	linearize_mpz(buf, key, byteorder, len);
	return map_add_elem(elems, map, buf, NULL, len, data, end, open);
}

static unsigned int map_add_values(struct nftnl_set *elems,
				   const struct expr *map)
{
	const struct expr *i, *key = map->map.key;

	list_for_each_entry(i, &map->map.mappings->expr_list.expressions,
			    list)
		set_elem_info_put(map_add_mpz(elems, map,
					      i->mapping.key->value.value,
					      key->byteorder, i->mapping.data,
					      false, false), i->elem_info);
	return map->map.mappings->expr_list.size;
}

/*
 * Intervals, big endian: each start carries its data; an end element
 * follows an interval unless the next one starts right after it or it
 * runs to the top; a leading end at 0 unless the first starts there.
 */
static unsigned int map_add_intervals(struct nftnl_set *elems,
				      const struct expr *map)
{
	unsigned int width = map->map.key->len, n, i, count;
	struct map_iv *v = map_intervals(map, &n);
	mpz_t max, next;
	bool open;

	mpz_init(max);
	mpz_init(next);
	mpz_set_ui(max, 1);
	mpz_mul_2exp(max, max, width);
	mpz_sub_ui(max, max, 1);
	if (n && mpz_sgn(v[0].iv.low) != 0) {
		map_add_mpz(elems, map, next, BYTEORDER_BIG_ENDIAN, NULL,
			    true, false);
	}
	for (i = 0; i < n; i++) {
		open = mpz_cmp(v[i].iv.high, max) == 0;
		map_add_mpz(elems, map, v[i].iv.low, BYTEORDER_BIG_ENDIAN,
			    v[i].mapping->mapping.data, false, open);
		if (open)
			break;
		mpz_add_ui(next, v[i].iv.high, 1);
		if (i + 1 < n && mpz_cmp(next, v[i + 1].iv.low) == 0)
			continue;
		map_add_mpz(elems, map, next, BYTEORDER_BIG_ENDIAN, NULL,
			    true, false);
	}
	/* the size the system nft declares: an end for every interval,
	 * those it leaves out (adjacent, open) too */
	count = 2 * n + (n && mpz_sgn(v[0].iv.low) != 0);
	mpz_clear(max);
	mpz_clear(next);
	map_intervals_free(v, n);
	return count;
}

static unsigned int map_add_concats(struct nftnl_set *elems,
				    const struct expr *map)
{
	unsigned char low[NFT_REG_SIZE * 4], high[NFT_REG_SIZE * 4];
	bool interval = map->flags & EXPR_F_INTERVAL;
	unsigned int len = map_key_bytes(map->map.key);
	const struct expr *i;

	list_for_each_entry(i, &map->map.mappings->expr_list.expressions,
			    list) {
		memset(low, 0, sizeof(low));
		memset(high, 0, sizeof(high));
		set_concat_key(low, i->mapping.key, map->map.key, false);
		set_concat_key(high, i->mapping.key, map->map.key, true);
		set_elem_info_put(map_add_elem(elems, map, low,
					       interval ? high : NULL, len,
					       i->mapping.data, false, false),
				  i->elem_info);
	}
	return map->map.mappings->expr_list.size;
}

static void map_desc_concat(struct nftnl_set *nls, const struct expr *key)
{
	uint8_t field_len[NFT_REG32_COUNT + 1];
	unsigned int n = 0;
	const struct expr *k;

	memset(field_len, 0, sizeof(field_len));
	list_for_each_entry(k, &key->expr_list.expressions, list) {
		if (n == NFT_REG32_COUNT)
			break;
		field_len[n++] = div_round_up(k->len, BITS_PER_BYTE);
	}
	nftnl_set_set_data(nls, NFTNL_SET_DESC_CONCAT, field_len,
			   n * sizeof(uint8_t));
}

/* The user data the system nft gives its anonymous maps. */
static void map_udata(struct nftnl_set *nls, const struct expr *map)
{
	struct nftnl_udata_buf *ud = nftnl_udata_buf_alloc(NFT_USERDATA_MAXLEN);
	struct nftnl_udata *nest, *data;

	if (ud == NULL)
		memory_allocation_error();
	nftnl_udata_put_u32(ud, NFTNL_UDATA_SET_KEYBYTEORDER,
			    map->map.key->byteorder);
	/* an object map's names have none */
	if (!map->map.objtype)
		nftnl_udata_put_u32(ud, NFTNL_UDATA_SET_DATABYTEORDER,
				    map->map.vmap || map_data_is_concat(map) ?
				    0 : map->byteorder);
	if (map->map.vmap) {
		nest = nftnl_udata_nest_start(ud, NFTNL_UDATA_SET_DATA_TYPEOF);
		nftnl_udata_put_u32(ud, NFTNL_UDATA_SET_TYPEOF_EXPR,
				    MAP_TYPEOF_KIND_VERDICT);
		data = nftnl_udata_nest_start(ud, NFTNL_UDATA_SET_TYPEOF_DATA);
		nftnl_udata_nest_end(ud, data);
		nftnl_udata_nest_end(ud, nest);
	}
	nftnl_udata_put_u32(ud, NFTNL_UDATA_SET_DATA_INTERVAL, 0);
	nftnl_set_set_data(nls, NFTNL_SET_USERDATA, nftnl_udata_buf_data(ud),
			   nftnl_udata_buf_len(ud));
	nftnl_udata_buf_free(ud);
}

static struct nftnl_set *map_nl_alloc(struct lin_ctx *lctx,
				      const struct expr *map)
{
	struct nftnl_set *nls = nftnl_set_alloc();
	const char *table = nftnl_rule_get_str(lctx->nlr, NFTNL_RULE_TABLE);

	if (nls == NULL)
		memory_allocation_error();
	nftnl_set_set_u32(nls, NFTNL_SET_FAMILY, lctx->family);
	nftnl_set_set_str(nls, NFTNL_SET_TABLE, table ? table : "");
	nftnl_set_set_str(nls, NFTNL_SET_NAME, map->map.objtype ?
			   OBJMAP_ANON_NAME : MAP_ANON_NAME);
	return nls;
}

static uint32_t map_queue(struct lin_ctx *lctx, const struct expr *map)
{
	const struct expr *key = map->map.key;
	bool interval = map->flags & EXPR_F_INTERVAL;
	struct nftnl_set *nls = map_nl_alloc(lctx, map);
	struct nftnl_set *elems = map_nl_alloc(lctx, map);
	uint32_t flags = NFT_SET_ANONYMOUS | NFT_SET_CONSTANT | NFT_SET_MAP;
	unsigned int size;

	if (key->etype == EXPR_CONCAT) {
		size = map_add_concats(elems, map);
		if (interval) {
			flags |= NFT_SET_INTERVAL | NFT_SET_CONCAT;
			map_desc_concat(nls, key);
		}
	} else if (interval) {
		flags |= NFT_SET_INTERVAL;
		size = map_add_intervals(elems, map);
	} else {
		size = map_add_values(elems, map);
	}
	if (map->map.objtype)
		flags ^= NFT_SET_MAP | NFT_SET_OBJECT;
	nftnl_set_set_u32(nls, NFTNL_SET_FLAGS, flags);
	nftnl_set_set_u32(nls, NFTNL_SET_KEY_TYPE,
			  key->etype == EXPR_CONCAT ? concat_key_type(key) :
			  key->dtype->type);
	nftnl_set_set_u32(nls, NFTNL_SET_KEY_LEN, map_key_bytes(key));
	if (map->map.objtype) {
		nftnl_set_set_u32(nls, NFTNL_SET_OBJ_TYPE, map->map.objtype);
		nftnl_set_set_u32(nls, NFTNL_SET_DESC_SIZE, size);
		map_udata(nls, map);
		nftnl_set_set_u32(elems, NFTNL_SET_KEY_LEN, map_key_bytes(key));
		nftnl_set_set_u32(elems, NFTNL_SET_OBJ_TYPE, map->map.objtype);
		return lin_queue_set(lctx, nls, elems);
	}
	nftnl_set_set_u32(nls, NFTNL_SET_DATA_TYPE,
			  map->map.vmap ? NFT_DATA_VERDICT :
			  map_data_is_concat(map) ?
			  concat_key_type(list_first_entry(
				&map->map.mappings->expr_list.expressions,
				struct expr, list)->mapping.data) :
			  map->dtype->type);
	nftnl_set_set_u32(nls, NFTNL_SET_DATA_LEN,
			  map->map.vmap ? 0 : map_key_bytes(map));
	nftnl_set_set_u32(nls, NFTNL_SET_DESC_SIZE, size);
	map_udata(nls, map);
	/* the echo (-e) decodes the elements sent: they say what the set
	 * says (these attributes stay out of the elements' message; the
	 * flags would show in its debug line: map_is_interval()) */
	nftnl_set_set_u32(elems, NFTNL_SET_KEY_LEN, map_key_bytes(key));
	nftnl_set_set_u32(elems, NFTNL_SET_DATA_TYPE,
			  nftnl_set_get_u32(nls, NFTNL_SET_DATA_TYPE));
	nftnl_set_set_u32(elems, NFTNL_SET_DATA_LEN,
			  nftnl_set_get_u32(nls, NFTNL_SET_DATA_LEN));
	return lin_queue_set(lctx, nls, elems);
}

static void map_expr_linearize(struct lin_ctx *lctx, const struct expr *expr,
			       enum nft_registers dreg)
{
	const struct expr *key = expr->map.key;
	unsigned int len = map_key_bytes(key);
	enum nft_registers kreg = dreg;
	struct nftnl_expr *nle;
	bool own = false;
	uint32_t id;

	/* the key goes where the value will (as the system nft does,
	 * even a key longer than the value's register) */
	if (dreg == NFT_REG_VERDICT) {
		kreg = key->etype == EXPR_CONCAT ?
		       lin_get_register_concat(lctx, key->len) :
		       lin_get_register(lctx, key->len);
		own = true;
	}
	linearize_expr(lctx, key, kreg);
	if (expr->flags & EXPR_F_INTERVAL && key->etype != EXPR_CONCAT &&
	    !set_key_is_string(key) &&
	    key->byteorder == BYTEORDER_HOST_ENDIAN && len > 1)
		lin_hton(lctx, kreg, len);
	if (expr->map.objtype) {
		id = map_queue(lctx, expr);
		nle = lin_expr_alloc("objref");
		nftnl_expr_set_u32(nle, NFTNL_EXPR_OBJREF_SET_SREG, kreg);
		nftnl_expr_set_str(nle, NFTNL_EXPR_OBJREF_SET_NAME,
				   OBJMAP_ANON_NAME);
		nftnl_expr_set_u32(nle, NFTNL_EXPR_OBJREF_SET_ID, id);
		lin_add_expr(lctx, nle);
		if (own)
			lin_put_register(lctx, kreg);
		return;
	}
	nle = lin_expr_alloc("lookup");
	nftnl_expr_set_u32(nle, NFTNL_EXPR_LOOKUP_SREG, kreg);
	if (map_is_named(expr)) {
		nftnl_expr_set_str(nle, NFTNL_EXPR_LOOKUP_SET,
				   expr->map.mappings->symbol.identifier);
	} else {
		id = map_queue(lctx, expr);
		nftnl_expr_set_str(nle, NFTNL_EXPR_LOOKUP_SET, MAP_ANON_NAME);
		nftnl_expr_set_u32(nle, NFTNL_EXPR_LOOKUP_SET_ID, id);
	}
	nftnl_expr_set_u32(nle, NFTNL_EXPR_LOOKUP_DREG, dreg);
	lin_add_expr(lctx, nle);
	if (own)
		lin_put_register(lctx, kreg);
}

/* ---- decoding ---- */

struct map_raw {
	mpz_t key;
	const unsigned char *bytes;
	const unsigned char *end_bytes;
	uint32_t len;
	bool end;
	struct expr *data;
};

/* A concatenation's type: its members' types, 6 bits each, the first
 * member's highest (concat_key_type()). */
#define MAP_CONCAT_TYPE_BITS	6

static struct expr *map_concat_data_decode(const unsigned char *data,
					   uint32_t len, uint32_t data_type)
{
	const struct datatype *types[8];
	unsigned int n = 0, i, off = 0, bytes;
	struct expr *concat;

	for (; data_type && n < array_size(types);
	     data_type >>= MAP_CONCAT_TYPE_BITS) {
		types[n] = datatype_lookup(data_type &
					   ((1 << MAP_CONCAT_TYPE_BITS) - 1));
		if (types[n] == NULL || types[n]->size == 0)
			return NULL;
		n++;
	}
	if (data_type)
		return NULL;
	concat = concat_expr_alloc(&internal_location);
	for (i = n; i-- > 0;) {
		bytes = div_round_up(types[i]->size, BITS_PER_BYTE);
		if (off + bytes > len) {
			expr_free(concat);
			return NULL;
		}
		concat_expr_add(concat, constant_expr_alloc(&internal_location,
				types[i], types[i]->byteorder,
				types[i]->size, data + off));
		off += div_round_up(bytes, 4) * 4;
	}
	concat->len = len * BITS_PER_BYTE;
	concat->flags |= EXPR_F_CONSTANT;
	return concat;
}

static struct expr *map_data_decode(struct nftnl_set_elem *e,
				    uint32_t data_type, uint32_t data_len)
{
	const struct datatype *dtype;
	const char *chain;
	const void *data;
	uint32_t len = 0;

	if (nftnl_set_elem_is_set(e, NFTNL_SET_ELEM_OBJREF))
		return constant_expr_alloc_string(&internal_location,
			&string_type,
			nftnl_set_elem_get_str(e, NFTNL_SET_ELEM_OBJREF), 0);
	if (data_type == NFT_DATA_VERDICT) {
		if (!nftnl_set_elem_is_set(e, NFTNL_SET_ELEM_VERDICT))
			return NULL;
		chain = nftnl_set_elem_is_set(e, NFTNL_SET_ELEM_CHAIN) ?
			nftnl_set_elem_get_str(e, NFTNL_SET_ELEM_CHAIN) : NULL;
		return verdict_expr_alloc(&internal_location,
			(int)nftnl_set_elem_get_u32(e, NFTNL_SET_ELEM_VERDICT),
			chain ? constant_expr_alloc_string(&internal_location,
							   &string_type,
							   chain, 0) : NULL);
	}
	if (!nftnl_set_elem_is_set(e, NFTNL_SET_ELEM_DATA))
		return NULL;
	data = nftnl_set_elem_get(e, NFTNL_SET_ELEM_DATA, &len);
	if (len != data_len)
		return NULL;
	if (data_type >> MAP_CONCAT_TYPE_BITS)
		return map_concat_data_decode(data, len, data_type);
	dtype = datatype_lookup(data_type);
	if (dtype == NULL)
		dtype = &integer_type;
	return constant_expr_alloc(&internal_location, dtype,
				   dtype->byteorder, len * BITS_PER_BYTE, data);
}

static int map_raw_cmp(const void *a, const void *b)
{
	const struct map_raw *x = a, *y = b;
	int r = mpz_cmp(x->key, y->key);

	if (r)
		return r;
	return (int)y->end - (int)x->end;	/* ends first */
}

/* Concatenations as the system nft lists them: last byte first. */
static int map_raw_bytes_cmp(const void *a, const void *b)
{
	const struct map_raw *x = a, *y = b;
	uint32_t i = x->len > y->len ? x->len : y->len;
	unsigned int cx, cy;

	while (i-- > 0) {
		cx = i < x->len ? x->bytes[i] : 0;
		cy = i < y->len ? y->bytes[i] : 0;
		if (cx != cy)
			return cx < cy ? -1 : 1;
	}
	return 0;
}

/* A dumped name (big endian bytes): a wildcard if [low, high] covers
 * whole bytes after it ("eth*"). */
static struct expr *map_string_member(const struct expr *left,
				      const mpz_t low, const mpz_t high,
				      unsigned int len)
{
	unsigned char buf[NFT_REG_SIZE * 4];
	int plen = -1;
	struct expr *res;
	mpz_t host;

	if (mpz_cmp(low, high)) {
		plen = interval_prefix_len(low, high, len * BITS_PER_BYTE);
		if (plen % BITS_PER_BYTE)
			plen = -1;
	}
	memset(buf, 0, sizeof(buf));
	linearize_mpz(buf, low, BYTEORDER_BIG_ENDIAN, len);
	mpz_init(host);
	mpz_import_data(host, buf, BYTEORDER_HOST_ENDIAN,
			plen >= 0 ? (unsigned int)plen / BITS_PER_BYTE : len);
	res = constant_expr_alloc_mpz(&internal_location, left->dtype,
				      left->byteorder,
				      plen >= 0 ? (unsigned int)plen :
				      len * BITS_PER_BYTE, host);
	mpz_clear(host);
	if (plen >= 0)
		res->flags |= EXPR_F_WILDCARD;
	return res;
}

static struct expr *map_member(const struct expr *left, const mpz_t low,
			       const mpz_t high, unsigned int len)
{
	int plen;

	if (mpz_cmp(low, high) == 0)
		return constant_expr_alloc_mpz(&internal_location,
					       left->dtype, left->byteorder,
					       len * BITS_PER_BYTE, low);
	plen = interval_prefix_len(low, high, len * BITS_PER_BYTE);
	if (plen >= 0)
		return prefix_expr_alloc(&internal_location,
			constant_expr_alloc_mpz(&internal_location,
						left->dtype, left->byteorder,
						len * BITS_PER_BYTE, low),
			plen);
	return range_expr_alloc(&internal_location,
		constant_expr_alloc_mpz(&internal_location, left->dtype,
					left->byteorder, len * BITS_PER_BYTE,
					low),
		constant_expr_alloc_mpz(&internal_location, left->dtype,
					left->byteorder, len * BITS_PER_BYTE,
					high));
}

static struct expr *map_concat_member(const struct map_raw *r,
				      const struct expr *left)
{
	struct expr *concat = concat_expr_alloc(&internal_location);
	const struct expr *m;
	unsigned int off = 0, len;
	enum byteorder bo;
	mpz_t low, high;

	mpz_init(low);
	mpz_init(high);
	list_for_each_entry(m, &left->expr_list.expressions, list) {
		len = div_round_up(m->len, BITS_PER_BYTE);
		if (off + len > r->len)
			break;
		/* names are read as the number their bytes spell */
		bo = set_key_is_string(m) ? BYTEORDER_BIG_ENDIAN :
		     m->byteorder;
		mpz_import_data(low, r->bytes + off, bo, len);
		mpz_import_data(high, (r->end_bytes ? r->end_bytes :
				       r->bytes) + off, bo, len);
		concat_expr_add(concat, set_key_is_string(m) ?
				map_string_member(m, low, high, len) :
				map_member(m, low, high, len));
		off += concat_field_bytes(m);
	}
	mpz_clear(low);
	mpz_clear(high);
	concat->dtype = left->dtype;
	concat->len = left->len;
	concat->flags |= EXPR_F_CONSTANT;
	return concat;
}

static void map_raws_free(struct map_raw *v, unsigned int n)
{
	unsigned int i;

	for (i = 0; i < n; i++) {
		mpz_clear(v[i].key);
		expr_free(v[i].data);
	}
	xfree(v);
}

static unsigned int map_raws_read(const struct nftnl_set *nls,
				  enum byteorder byteorder,
				  struct map_raw **res)
{
	uint32_t data_type = nftnl_set_get_u32(nls, NFTNL_SET_DATA_TYPE);
	uint32_t data_len = nftnl_set_get_u32(nls, NFTNL_SET_DATA_LEN);
	struct nftnl_set_elems_iter *it;
	struct nftnl_set_elem *e;
	struct map_raw *v = NULL;
	unsigned int n = 0, size = 0;
	uint32_t len, end_len;

	it = nftnl_set_elems_iter_create(nls);
	if (it == NULL)
		memory_allocation_error();
	while ((e = nftnl_set_elems_iter_next(it)) != NULL) {
		if (n == size) {
			size = size ? 2 * size : 16;
			v = xrealloc(v, size * sizeof(*v));
		}
		memset(&v[n], 0, sizeof(v[n]));
		len = end_len = 0;
		v[n].bytes = nftnl_set_elem_get(e, NFTNL_SET_ELEM_KEY, &len);
		v[n].len = len;
		if (nftnl_set_elem_is_set(e, NFTNL_SET_ELEM_KEY_END))
			v[n].end_bytes = nftnl_set_elem_get(e,
					NFTNL_SET_ELEM_KEY_END, &end_len);
		v[n].end = nftnl_set_elem_is_set(e, NFTNL_SET_ELEM_FLAGS) &&
			   (nftnl_set_elem_get_u32(e, NFTNL_SET_ELEM_FLAGS) &
			    NFT_SET_ELEM_INTERVAL_END);
		mpz_init(v[n].key);
		if (v[n].bytes)
			mpz_import_data(v[n].key, v[n].bytes, byteorder, len);
		if (!v[n].end)
			v[n].data = map_data_decode(e, data_type, data_len);
		if (v[n].bytes == NULL || (!v[n].end && v[n].data == NULL) ||
		    (v[n].end_bytes && end_len != len)) {
			mpz_clear(v[n].key);
			expr_free(v[n].data);
			nftnl_set_elems_iter_destroy(it);
			map_raws_free(v, n);
			return (unsigned int)-1;
		}
		n++;
	}
	nftnl_set_elems_iter_destroy(it);
	*res = v;
	return n;
}

/* The set's flags say so; the elements sent, kept for an echo, carry
 * none: their end elements and open starts do. */
static bool map_is_interval(const struct nftnl_set *nls)
{
	struct nftnl_set_elems_iter *it;
	struct nftnl_set_elem *e;
	bool interval = false;

	if (nftnl_set_get_u32(nls, NFTNL_SET_FLAGS) & NFT_SET_INTERVAL)
		return true;
	it = nftnl_set_elems_iter_create(nls);
	if (it == NULL)
		memory_allocation_error();
	while (!interval && (e = nftnl_set_elems_iter_next(it)) != NULL)
		interval = nftnl_set_elem_is_set(e, NFTNL_SET_ELEM_USERDATA) ||
			   nftnl_set_elem_is_set(e, NFTNL_SET_ELEM_KEY_END) ||
			   (nftnl_set_elem_is_set(e, NFTNL_SET_ELEM_FLAGS) &&
			    (nftnl_set_elem_get_u32(e, NFTNL_SET_ELEM_FLAGS) &
			     NFT_SET_ELEM_INTERVAL_END));
	nftnl_set_elems_iter_destroy(it);
	return interval;
}

/* The mappings of a dumped map; NULL if some element cannot be read. */
static struct expr *map_mappings_decode(const struct nftnl_set *nls,
					const struct expr *left, bool hton,
					bool as_sent)
{
	uint32_t klen = nftnl_set_get_u32(nls, NFTNL_SET_KEY_LEN);
	bool interval = map_is_interval(nls);
	enum byteorder byteorder = left->byteorder;
	struct expr *set = set_expr_alloc(&internal_location), *key;
	struct map_raw *v;
	unsigned int n, i, j;
	mpz_t high;

	if (hton || interval || byteorder == BYTEORDER_INVALID)
		byteorder = BYTEORDER_BIG_ENDIAN;
	n = map_raws_read(nls, byteorder, &v);
	if (n == (unsigned int)-1) {
		expr_free(set);
		return NULL;
	}
	mpz_init(high);
	if (left->etype == EXPR_CONCAT) {
		if (!as_sent)
			qsort(v, n, sizeof(*v), map_raw_bytes_cmp);
		for (i = 0; i < n; i++) {
			key = map_concat_member(&v[i], left);
			set_expr_add(set, mapping_expr_alloc(&internal_location,
							     key, v[i].data));
			v[i].data = NULL;
		}
	} else {
		/* an echo shows the values in the order written */
		if (!as_sent || interval)
			qsort(v, n, sizeof(*v), map_raw_cmp);
		for (i = 0; i < n; i++) {
			if (v[i].end)
				continue;
			mpz_set(high, v[i].key);
			if (interval) {
				for (j = i + 1; j < n && !mpz_cmp(v[j].key,
							v[i].key); j++)
					;
				if (j < n) {
					mpz_sub_ui(high, v[j].key, 1);
				} else {
					mpz_set_ui(high, 1);
					mpz_mul_2exp(high, high,
						     klen * BITS_PER_BYTE);
					mpz_sub_ui(high, high, 1);
				}
			}
			key = interval && set_key_is_string(left) ?
			      map_string_member(left, v[i].key, high, klen) :
			      map_member(left, v[i].key, high, klen);
			set_expr_add(set, mapping_expr_alloc(&internal_location,
							     key, v[i].data));
			v[i].data = NULL;
		}
	}
	mpz_clear(high);
	map_raws_free(v, n);
	return set;
}

/* "lookup reg 1 set m dreg 0": "ip saddr vmap @m", typed by the cached
 * map's data; -1 for a set that is no map (another kind's). */
static int map_named_delinearize(struct delin_ctx *dctx,
				 const struct nftnl_expr *nle,
				 const char *name)
{
	enum nft_registers sreg, dreg;
	const struct set *s = NULL;
	struct table *t;
	struct expr *key, *map;

	t = dctx->nft && dctx->table ?
	    cache_table_lookup(&dctx->nft->cache, dctx->family, dctx->table) :
	    NULL;
	/* a listing of chains or rules alone has no sets cached: the
	 * table's, without their elements, once */
	if (t && !(dctx->nft->cache.flags & (NFT_CACHE_SET |
					     NFT_CACHE_SETELEM))) {
		dctx->nft->cache.flags |= NFT_CACHE_SET;
		if (cache_fetch_sets(dctx->nft, dctx->family, dctx->table,
				     false) < 0)
			return delin_error(dctx, "map %s: the sets of table %s cannot be read",
					   name, dctx->table);
	}
	if (t)
		s = table_lookup_set(t, name);
	dreg = nftnl_expr_get_u32(nle, NFTNL_EXPR_LOOKUP_DREG);
	if (dreg != NFT_REG_VERDICT &&
	    (s == NULL || !(s->flags & NFT_SET_MAP) || s->data == NULL))
		return delin_error(dctx, "map %s is not known to this nft",
				   name);
	sreg = nftnl_expr_get_u32(nle, NFTNL_EXPR_LOOKUP_SREG);
	key = delin_get_register(dctx, sreg);
	if (key == NULL)
		return delin_error(dctx, "map lookup in %s reads an empty register",
				   name);
	if (s && s->key && s->key->len > key->len) {
		expr_free(key);
		key = concat_from_registers(dctx, sreg,
				div_round_up(s->key->len, BITS_PER_BYTE));
		if (key == NULL)
			return delin_error(dctx, "map lookup in %s: its key is not in the registers",
					   name);
	}
	map = map_expr_alloc(&internal_location, key,
			     setref_expr_alloc(&internal_location, name),
			     dreg == NFT_REG_VERDICT);
	if (map->map.vmap) {
		map->dtype = &verdict_type;
		delin_add_stmt(dctx, verdict_stmt_alloc(&internal_location,
							map));
		return 0;
	}
	if (s->data->etype == EXPR_CONCAT)
		map->dtype = list_first_entry(&s->data->expr_list.expressions,
					      struct expr, list)->dtype;
	else
		map->dtype = s->data->dtype;
	map->byteorder = map->dtype->byteorder;
	map->len = s->data->len;
	delin_set_register(dctx, dreg, map);
	return 0;
}

/* An object map's: the key in @sreg looked up in the anonymous set
 * @name, whose elements name objects; NULL (an error said) if it cannot
 * be read. */
struct expr *map_objref_decode(struct delin_ctx *dctx, uint32_t sreg,
			       const char *name, uint32_t objtype)
{
	const struct nftnl_set *nls;
	struct expr *key, *mappings, *map;
	uint32_t klen;
	bool as_sent;

	nls = netlink_anon_set(dctx->nft, dctx->family, dctx->table, name,
			       &as_sent);
	if (nls == NULL)
		return NULL;
	klen = nftnl_set_get_u32(nls, NFTNL_SET_KEY_LEN);
	key = delin_get_register(dctx, sreg);
	if (key == NULL)
		return NULL;
	if (klen > div_round_up(key->len, BITS_PER_BYTE)) {
		expr_free(key);
		key = concat_from_registers(dctx, sreg, klen);
		if (key == NULL)
			return NULL;
	}
	mappings = map_mappings_decode(nls, key,
				       sreg < 32 &&
				       (dctx->reg_hton & (1U << sreg)),
				       as_sent);
	if (mappings == NULL) {
		expr_free(key);
		return NULL;
	}
	map = map_expr_alloc(&internal_location, key, mappings, false);
	map->map.objtype = objtype;
	map->dtype = &string_type;
	map->byteorder = BYTEORDER_HOST_ENDIAN;
	map->len = NFT_OBJ_MAXNAMELEN * BITS_PER_BYTE;
	return map;
}

static int map_lookup_delinearize(struct delin_ctx *dctx,
				  const struct nftnl_expr *nle)
{
	enum nft_registers sreg, dreg;
	const struct nftnl_set *nls;
	struct expr *key, *mappings, *map;
	const char *name;
	uint32_t data_type, klen;
	bool hton, as_sent;

	if (!nftnl_expr_is_set(nle, NFTNL_EXPR_LOOKUP_DREG))
		return -1;
	name = nftnl_expr_get_str(nle, NFTNL_EXPR_LOOKUP_SET);
	nls = netlink_anon_set(dctx->nft, dctx->family, dctx->table, name,
			       &as_sent);
	if (nls == NULL || (!as_sent && !(nftnl_set_get_u32(nls,
					NFTNL_SET_FLAGS) & NFT_SET_ANONYMOUS)))
		return map_named_delinearize(dctx, nle, name);
	/* an echo's elements carry no flags */
	if (!as_sent && !(nftnl_set_get_u32(nls, NFTNL_SET_FLAGS) &
			  NFT_SET_MAP))
		return -1;
	sreg = nftnl_expr_get_u32(nle, NFTNL_EXPR_LOOKUP_SREG);
	dreg = nftnl_expr_get_u32(nle, NFTNL_EXPR_LOOKUP_DREG);
	klen = nftnl_set_get_u32(nls, NFTNL_SET_KEY_LEN);
	key = delin_get_register(dctx, sreg);
	if (key == NULL)
		return delin_error(dctx, "map lookup in %s reads an empty register",
				   name);
	if (klen > div_round_up(key->len, BITS_PER_BYTE)) {
		expr_free(key);
		key = concat_from_registers(dctx, sreg, klen);
		if (key == NULL)
			return delin_error(dctx, "map lookup in %s: its key is not in the registers",
					   name);
	}
	hton = sreg < 32 && (dctx->reg_hton & (1U << sreg));
	mappings = map_mappings_decode(nls, key, hton, as_sent);
	if (mappings == NULL) {
		expr_free(key);
		return delin_error(dctx, "map %s has an element this nft cannot read",
				   name);
	}
	data_type = nftnl_set_get_u32(nls, NFTNL_SET_DATA_TYPE);
	map = map_expr_alloc(&internal_location, key, mappings,
			     dreg == NFT_REG_VERDICT);
	if (map->map.vmap) {
		map->dtype = &verdict_type;
		delin_add_stmt(dctx, verdict_stmt_alloc(&internal_location,
							map));
		return 0;
	}
	/* concatenated data (a nat address and port): the address's */
	while (data_type >> MAP_CONCAT_TYPE_BITS)
		data_type >>= MAP_CONCAT_TYPE_BITS;
	map->dtype = datatype_lookup(data_type);
	if (map->dtype == NULL)
		map->dtype = &integer_type;
	map->byteorder = map->dtype->byteorder;
	map->len = nftnl_set_get_u32(nls, NFTNL_SET_DATA_LEN) * BITS_PER_BYTE;
	delin_set_register(dctx, dreg, map);
	return 0;
}

/*
 * Listing: the key's load is named by its kind's match postprocessing,
 * run on a stand-in match of the key against the set of the mappings'
 * keys, which it types as it would a looked up set's; its dependency is
 * dropped as for a match.
 */
void map_expr_delin_postprocess(struct delin_ctx *dctx, struct stmt *stmt,
				struct expr *map)
{
	struct expr *rel;
	struct stmt *tmp;
	unsigned int b;
	bool named = map_is_named(map);

	rel = relational_expr_alloc(&stmt->location, OP_IMPLICIT,
				    map->map.key, named ?
				    expr_get(map->map.mappings) :
				    map_keys_take(map));
	tmp = expr_stmt_alloc(&stmt->location, rel);
	/* the match's own postprocessing: masks, flags, the load's kind */
	delin_postprocess_expr(dctx, tmp, &tmp->expr);
	for (b = 0; b < array_size(dctx->deps); b++)
		if (dctx->deps[b] == tmp)
			dctx->deps[b] = NULL;
	rel = tmp->expr;
	map->map.key = expr_get(rel->binop.left);
	if (!named)
		map_keys_give(map, rel->binop.right);
	stmt_free(tmp);
}

/* ---- JSON input ---- */

static const char *const map_verdict_names[] = {
	"accept", "drop", "continue", "return", "jump", "goto", NULL,
};

static const int map_verdict_codes[] = {
	NF_ACCEPT, NF_DROP, NFT_CONTINUE, NFT_RETURN, NFT_JUMP, NFT_GOTO,
};

/* {"accept": null}, {"jump": {"target": "c"}} */
static struct expr *map_verdict_json(struct json_ctx *jctx, json_t *value,
				     const struct location *loc)
{
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
	if (map_verdict_codes[i] != NFT_JUMP && map_verdict_codes[i] != NFT_GOTO)
		return verdict_expr_alloc(loc, map_verdict_codes[i], NULL);
	target = json_object_get(arg, "target");
	if (!json_is_string(target)) {
		json_error(jctx, "", "Invalid %s: expected {\"target\": STRING}",
			   name);
		return NULL;
	}
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

static struct expr *map_json_parse(struct json_ctx *jctx, json_t *value,
				   const struct location *loc, bool vmap)
{
	const char *what = vmap ? "vmap" : "map";
	json_t *k, *d, *elems, *pair;
	struct expr *key, *set, *mk, *md;
	char path[48];
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
	set = set_expr_alloc(loc);
	for (i = 0; i < json_array_size(elems); i++) {
		pair = json_array_get(elems, i);
		if (!json_is_array(pair) || json_array_size(pair) != 2) {
			json_error(jctx, "", "Invalid %s element %zu: expected [KEY, DATA]",
				   what, i);
			goto err;
		}
		snprintf(path, sizeof(path), ".%s.data.set[%zu][0]", what, i);
		mk = json_parse_expr(jctx, json_array_get(pair, 0), path);
		if (mk == NULL)
			goto err;
		md = map_verdict_json(jctx, json_array_get(pair, 1), loc);
		if (md == NULL && !map_json_is_verdict(json_array_get(pair, 1))) {
			snprintf(path, sizeof(path), ".%s.data.set[%zu][1]",
				 what, i);
			md = json_parse_expr(jctx, json_array_get(pair, 1),
					     path);
		}
		if (md == NULL) {
			expr_free(mk);
			goto err;
		}
		set_expr_add(set, mapping_expr_alloc(loc, mk, md));
	}
	return map_expr_alloc(loc, key, set, vmap);
err:
	expr_free(key);
	expr_free(set);
	return NULL;
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

/*
 * The elements of a named map: @map is a stand-in EXPR_MAP whose key is
 * the map's key (a constant of each type) and whose type and length are
 * its data's. The mappings are typed as an anonymous map's are.
 */
int map_elems_evaluate(struct eval_ctx *ectx, struct expr *map)
{
	struct expr *i;
	struct eval_type saved;
	int ret = 0;

	eval_type_push(ectx, &saved, NULL, BYTEORDER_INVALID, 0);
	list_for_each_entry(i, &map->map.mappings->expr_list.expressions,
			    list) {
		if (i->etype != EXPR_MAPPING) {
			ret = expr_error(ectx, i,
					 "a map's element needs ': VALUE'");
			break;
		}
		if (map_key_evaluate(ectx, map, i) < 0) {
			ret = -1;
			break;
		}
	}
	eval_type_pop(ectx, &saved);
	if (ret < 0)
		return -1;
	list_for_each_entry(i, &map->map.mappings->expr_list.expressions,
			    list) {
		if (map->map.vmap) {
			if (map_data_evaluate(ectx, map, i) < 0)
				return -1;
			continue;
		}
		eval_type_push(ectx, &saved, map->dtype, map->byteorder,
			       map->len);
		ret = map_data_evaluate(ectx, map, i);
		eval_type_pop(ectx, &saved);
		if (ret < 0)
			return -1;
	}
	if (map->map.key->etype != EXPR_CONCAT &&
	    map_check_overlap(ectx, map) < 0)
		return -1;
	return 0;
}

/* The elements of @map (as above) into @elems: how many. */
unsigned int map_elems_build(struct nftnl_set *elems, const struct expr *map)
{
	if (map->map.key->etype == EXPR_CONCAT)
		return map_add_concats(elems, map);
	if (map->flags & EXPR_F_INTERVAL)
		return map_add_intervals(elems, map);
	return map_add_values(elems, map);
}

/* The mappings of a dumped named map keyed by @key, NULL if some
 * element cannot be read. */
struct expr *map_elems_decode(const struct nftnl_set *nls,
			      const struct expr *key)
{
	return map_mappings_decode(nls, key, false, false);
}

/* A named map's element in JSON, [KEY, DATA] (DATA a verdict or a
 * value): its mapping, NULL on error (said). */
struct expr *map_json_elem_parse(struct json_ctx *jctx, json_t *pair,
				 const struct location *loc, size_t i)
{
	struct expr *mk, *md;
	char path[48];

	if (!json_is_array(pair) || json_array_size(pair) != 2) {
		json_error(jctx, "", "Invalid map element %zu: expected [KEY, DATA]",
			   i);
		return NULL;
	}
	snprintf(path, sizeof(path), ".elem[%zu][0]", i);
	mk = json_parse_expr(jctx, json_array_get(pair, 0), path);
	if (mk == NULL)
		return NULL;
	md = map_verdict_json(jctx, json_array_get(pair, 1), loc);
	if (md == NULL && !map_json_is_verdict(json_array_get(pair, 1))) {
		snprintf(path, sizeof(path), ".elem[%zu][1]", i);
		md = json_parse_expr(jctx, json_array_get(pair, 1), path);
	}
	if (md == NULL) {
		expr_free(mk);
		return NULL;
	}
	return mapping_expr_alloc(loc, mk, md);
}
