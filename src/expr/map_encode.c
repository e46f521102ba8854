/*
 * Maps: the anonymous map's set and lookup into the batch, and the
 * elements of named maps (src/obj/set.c). The kind is in src/expr/map.c.
 */
#include <string.h>
#include <nftables.h>
#include <libnftnl/set.h>
#include <libnftnl/udata.h>
#include <set.h>
#include <map_int.h>

#define MAP_ANON_NAME		"__map%d"
#define OBJMAP_ANON_NAME	"__objmap%d"
/* The data "typeof" of a verdict map, as the system nft writes it. */

/* ---- encoding ---- */

/* One member of interval data ("10.1.0.0/16", "80-90", "22"), its
 * low end at @lo and its high end at @hi, @len bytes each. */
static void map_data_bounds_put(unsigned char *lo, unsigned char *hi,
				const struct expr *m, unsigned int len)
{
	const struct expr *v = m;
	mpz_t low, high;

	if (m->etype == EXPR_RANGE) {
		linearize_mpz(lo, m->range.left->value.value,
			      m->range.left->byteorder, len);
		linearize_mpz(hi, m->range.right->value.value,
			      m->range.right->byteorder, len);
		return;
	}
	if (m->etype == EXPR_PREFIX)
		v = m->prefix.prefix;
	mpz_init_set(low, v->value.value);
	mpz_init_set(high, v->value.value);
	if (m->etype == EXPR_PREFIX) {
		unsigned int host = len * BITS_PER_BYTE - m->prefix.prefix_len;

		mpz_fdiv_q_2exp(low, low, host);
		mpz_mul_2exp(low, low, host);
		mpz_set(high, low);
		mpz_setbit(high, host);
		mpz_sub_ui(high, high, 1);
		mpz_ior(high, high, low);
	}
	linearize_mpz(lo, low, v->byteorder, len);
	linearize_mpz(hi, high, v->byteorder, len);
	mpz_clear(low);
	mpz_clear(high);
}

/* A member's width: its declared one (map->map.data) in a named map,
 * its own (a range's bounds') in an anonymous map. */
static unsigned int map_data_member_len(const struct expr *d,
					const struct expr *i)
{
	if (d)
		return d->len;
	if (i->etype == EXPR_RANGE)
		return i->range.left->len;
	if (i->etype == EXPR_PREFIX)
		return i->prefix.prefix->len;
	return i->len;
}

/* "type K : interval D" (or an anonymous map with ranges for data): the
 * data's low ends, then its high ends, each member in its width. */
static void map_interval_data(unsigned char *buf, const struct expr *map,
			      const struct expr *data)
{
	const struct expr *decl = map->map.data, *d = NULL, *i;
	unsigned int half = map_key_bytes(map) / 2, off = 0, len;

	if (data->etype != EXPR_CONCAT) {
		map_data_bounds_put(buf, buf + half, data, half);
		return;
	}
	if (decl)
		d = list_first_entry(&decl->expr_list.expressions,
				     struct expr, list);
	list_for_each_entry(i, &data->expr_list.expressions, list) {
		len = map_data_member_len(d, i);
		map_data_bounds_put(buf + off, buf + half + off, i,
				    div_round_up(len, BITS_PER_BYTE));
		off += div_round_up(len, 32) * 4;
		if (d)
			d = list_next_entry(d, list);
	}
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
	if (map->map.data_interval) {
		map_interval_data(buf, map, data);
	} else if (data->etype == EXPR_CONCAT) {
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
		set_elem_open(e);
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

/* Mapping @i of a map of plain keys or concatenations: one element. */
static void map_add_one(struct nftnl_set *elems, const struct expr *map,
			const struct expr *i)
{
	unsigned char low[NFT_REG_SIZE * 4], high[NFT_REG_SIZE * 4];
	bool interval = map->flags & EXPR_F_INTERVAL;
	unsigned int len = map_key_bytes(map->map.key);

	if (map->map.key->etype != EXPR_CONCAT) {
		set_elem_info_put(map_add_mpz(elems, map,
					      i->mapping.key->value.value,
					      map->map.key->byteorder,
					      i->mapping.data, false, false),
				  i->elem_info);
		return;
	}
	memset(low, 0, sizeof(low));
	memset(high, 0, sizeof(high));
	set_concat_key(low, i->mapping.key, map->map.key, false);
	set_concat_key(high, i->mapping.key, map->map.key, true);
	set_elem_info_put(map_add_elem(elems, map, low, interval ? high : NULL,
				       len, i->mapping.data, false, false),
			  i->elem_info);
}

/* "* : DATA", after the other elements, as 1.1.3 sends it (how many) */
unsigned int map_catchall_build(struct nftnl_set *elems,
				const struct expr *map)
{
	const struct expr *m = map->map.mappings->expr_list.catchall;
	unsigned int i;

	if (m == NULL)
		return 0;
	for (i = 0; i <= map->map.mappings->expr_list.catchall_again; i++)
		map_elem_data(set_catchall_elem(elems, m), map,
			      m->mapping.data);
	return i;
}

static unsigned int map_add_values(struct nftnl_set *elems,
				   const struct expr *map)
{
	const struct expr *i;

	list_for_each_entry(i, &map->map.mappings->expr_list.expressions,
			    list)
		map_add_one(elems, map, i);
	return map->map.mappings->expr_list.size;
}

/*
 * Intervals, big endian: each start carries its data; an end element
 * follows an interval unless it runs to the top or (anonymous maps,
 * not @named ones, as the system nft) the next one starts right after
 * it; a leading end at 0 unless the first starts there or (@zero
 * false) the map holds some already.
 */
static unsigned int map_add_intervals(struct nftnl_set *elems,
				      const struct expr *map, bool named,
				      bool zero)
{
	unsigned int width = map->map.key->len, n, i, count;
	struct map_iv *v = map_intervals(map, &n);
	struct nftnl_set_elem *e;
	mpz_t max, next;
	bool open;

	mpz_init(max);
	mpz_init(next);
	mpz_set_ui(max, 1);
	mpz_mul_2exp(max, max, width);
	mpz_sub_ui(max, max, 1);
	if (zero && n && mpz_sgn(v[0].iv.low) != 0) {
		map_add_mpz(elems, map, next, BYTEORDER_BIG_ENDIAN, NULL,
			    true, false);
	}
	for (i = 0; i < n; i++) {
		const struct set_elem_info *info = v[i].mapping->elem_info;

		open = mpz_cmp(v[i].iv.high, max) == 0;
		/* the options go on the start, with the open flag */
		e = map_add_mpz(elems, map, v[i].iv.low, BYTEORDER_BIG_ENDIAN,
				v[i].mapping->mapping.data, false,
				open && !info);
		if (info)
			set_elem_info_put_open(e, info, open);
		if (open)
			break;
		mpz_add_ui(next, v[i].iv.high, 1);
		if (!named && i + 1 < n && mpz_cmp(next, v[i + 1].iv.low) == 0)
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

/*
 * The user data upstream 1.1.3 gives its anonymous maps: a concatenated
 * key has no byte order (0) and is described by its expressions (but in
 * an object map); any other key, and the data, by their type (a
 * verdict map's data as a verdict).
 */
static void map_udata(struct nftnl_set *nls, const struct expr *map)
{
	struct nftnl_udata_buf *ud = set_udata_scratch();
	const struct expr *key = map->map.key;
	bool concat = key->etype == EXPR_CONCAT;

	nftnl_udata_put_u32(ud, NFTNL_UDATA_SET_KEYBYTEORDER,
			    concat ? BYTEORDER_INVALID : key->byteorder);
	/* an object map's names have none */
	if (!map->map.objtype)
		nftnl_udata_put_u32(ud, NFTNL_UDATA_SET_DATABYTEORDER,
				    map->map.vmap || map_data_is_concat(map) ?
				    0 : map->byteorder);
	if (concat && !map->map.objtype && set_typeof_supported(key))
		set_typeof_put(ud, key);
	else
		set_typeof_put_type(ud, NULL);
	if (map->map.vmap)
		set_typeof_put_verdict_data(ud);
	else
		set_typeof_put_type_data(ud, NULL);
	nftnl_udata_put_u32(ud, NFTNL_UDATA_SET_DATA_INTERVAL,
			    map->map.data_interval);
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

/* The first mapping, the catch-all if there is no other. */
static const struct expr *map_first_mapping(const struct expr *map)
{
	const struct expr *set = map->map.mappings;

	if (list_empty(&set->expr_list.expressions))
		return set->expr_list.catchall;
	return list_first_entry(&set->expr_list.expressions, struct expr,
				list);
}

static uint32_t map_queue(struct lin_ctx *lctx, const struct expr *map)
{
	const struct expr *key = map->map.key;
	bool interval = map->flags & EXPR_F_INTERVAL;
	struct nftnl_set *nls = map_nl_alloc(lctx, map);
	struct nftnl_set *elems = map_nl_alloc(lctx, map);
	uint32_t flags = NFT_SET_ANONYMOUS | NFT_SET_CONSTANT | NFT_SET_MAP;

	/* no NFTNL_SET_DESC_SIZE, as upstream 1.1 */
	if (key->etype == EXPR_CONCAT) {
		map_add_values(elems, map);
		if (interval) {
			flags |= NFT_SET_INTERVAL | NFT_SET_CONCAT;
			set_desc_concat(nls, key);
		}
	} else if (interval) {
		flags |= NFT_SET_INTERVAL;
		map_add_intervals(elems, map, false, true);
	} else {
		map_add_values(elems, map);
	}
	map_catchall_build(elems, map);
	if (map->map.objtype)
		flags ^= NFT_SET_MAP | NFT_SET_OBJECT;
	nftnl_set_set_u32(nls, NFTNL_SET_FLAGS, flags);
	nftnl_set_set_u32(nls, NFTNL_SET_KEY_TYPE, expr_key_type_id(key));
	nftnl_set_set_u32(nls, NFTNL_SET_KEY_LEN, map_key_bytes(key));
	if (map->map.objtype) {
		nftnl_set_set_u32(nls, NFTNL_SET_OBJ_TYPE, map->map.objtype);
		map_udata(nls, map);
		nftnl_set_set_u32(elems, NFTNL_SET_KEY_LEN, map_key_bytes(key));
		nftnl_set_set_u32(elems, NFTNL_SET_OBJ_TYPE, map->map.objtype);
		return lin_queue_set(lctx, nls, elems, map->map.mappings, key);
	}
	nftnl_set_set_u32(nls, NFTNL_SET_DATA_TYPE,
			  map->map.vmap ? NFT_DATA_VERDICT :
			  map_data_is_concat(map) ?
			  concat_key_type(map_first_mapping(map)->mapping.data) :
			  map->dtype->type);
	nftnl_set_set_u32(nls, NFTNL_SET_DATA_LEN,
			  map->map.vmap ? 0 : map_key_bytes(map));
	map_udata(nls, map);
	/* the echo (-e) decodes the elements sent: they say what the set
	 * says (these attributes stay out of the elements' message; the
	 * flags would show in its debug line: map_is_interval()) */
	nftnl_set_set_u32(elems, NFTNL_SET_KEY_LEN, map_key_bytes(key));
	nftnl_set_set_u32(elems, NFTNL_SET_DATA_TYPE,
			  nftnl_set_get_u32(nls, NFTNL_SET_DATA_TYPE));
	nftnl_set_set_u32(elems, NFTNL_SET_DATA_LEN,
			  nftnl_set_get_u32(nls, NFTNL_SET_DATA_LEN));
	if (map->map.data_interval)
		map_udata(elems, map);
	return lin_queue_set(lctx, nls, elems, map->map.mappings, key);
}

void map_expr_linearize(struct lin_ctx *lctx, const struct expr *expr,
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
	if (key->etype == EXPR_CONCAT)
		lin_pad_push(lctx, kreg, key->len);
	linearize_expr(lctx, key, kreg);
	if (key->etype == EXPR_CONCAT)
		lin_pad_pop(lctx);
	if (expr->flags & EXPR_F_INTERVAL && map_is_named(expr) &&
	    set_key_turned_bytes(key))
		lin_hton(lctx, kreg, set_key_turned_bytes(key));
	else if (expr->flags & EXPR_F_INTERVAL && key->etype != EXPR_CONCAT &&
	    !set_key_is_string(key) &&
	    key->byteorder == BYTEORDER_HOST_ENDIAN && len > 1)
		lin_hton(lctx, kreg, len);
	if (expr->map.objtype) {
		nle = lin_expr_alloc("objref");
		nftnl_expr_set_u32(nle, NFTNL_EXPR_OBJREF_SET_SREG, kreg);
		if (map_is_named(expr)) {
			nftnl_expr_set_str(nle, NFTNL_EXPR_OBJREF_SET_NAME,
				expr->map.mappings->symbol.identifier);
		} else {
			id = map_queue(lctx, expr);
			nftnl_expr_set_str(nle, NFTNL_EXPR_OBJREF_SET_NAME,
					   OBJMAP_ANON_NAME);
			nftnl_expr_set_u32(nle, NFTNL_EXPR_OBJREF_SET_ID, id);
		}
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

/* The elements of @map (as above) into @elems: how many. */
unsigned int map_elems_build(struct nftnl_set *elems, const struct expr *map,
			     bool zero)
{
	if (map->map.key->etype != EXPR_CONCAT &&
	    map->flags & EXPR_F_INTERVAL)
		return map_add_intervals(elems, map, true, zero);
	return map_add_values(elems, map);
}

/* Plain keys and concatenations make one element per mapping, so a big
 * map can go to the batch in pages, as sets do (set_elems_build_page()):
 * its libnftnl elements were a third of loading one. */
bool map_elems_pageable(const struct expr *map)
{
	return map->map.key->etype == EXPR_CONCAT ||
	       !(map->flags & EXPR_F_INTERVAL);
}

/* The mappings of @map from *@pos (NULL: the first) on, at most @max,
 * into @elems; *@pos moves past them (NULL at the end). */
unsigned int map_elems_build_page(struct nftnl_set *elems,
				  const struct expr *map,
				  const struct expr **pos, unsigned int max)
{
	const struct list_head *head =
		&map->map.mappings->expr_list.expressions;
	const struct expr *i;
	unsigned int n = 0;

	i = *pos ? *pos : list_first_entry(head, struct expr, list);
	for (; &i->list != head && n < max; i = list_next_entry(i, list), n++)
		map_add_one(elems, map, i);
	*pos = &i->list == head ? NULL : i;
	return n;
}
