/*
 * Maps: dumped mappings read back, the lookups of anonymous, named and
 * object maps decoded into expressions, and the postprocessing of their
 * keys. The kind is in src/expr/map.c.
 */
#include <string.h>
#include <netlink.h>
#include <nftables.h>
#include <libnftnl/set.h>
#include <set.h>
#include <map_int.h>
#include <set_expr_int.h>
#include <set_records.h>

/* ---- decoding ---- */

struct map_raw {
	mpz_t key;
	const unsigned char *bytes;
	const unsigned char *end_bytes;
	uint32_t len;
	bool end;
	struct expr *data;
	unsigned int pos;		/* in the dump */
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

/* A map's data as its typeof (@dexpr) describes it: each value in its
 * expression's type and byte order, which the kernel's data type (an
 * integer, say) does not know. */
static struct expr *map_typeof_data_decode(const unsigned char *data,
					   uint32_t len,
					   const struct expr *dexpr)
{
	const struct expr *m;
	struct expr *concat;
	unsigned int off = 0, bytes;

	if (dexpr->etype != EXPR_CONCAT)
		return constant_expr_alloc(&internal_location, dexpr->dtype,
					   dexpr->byteorder,
					   len * BITS_PER_BYTE, data);
	concat = concat_expr_alloc(&internal_location);
	list_for_each_entry(m, &dexpr->expr_list.expressions, list) {
		bytes = div_round_up(m->len, BITS_PER_BYTE);
		if (off + bytes > len) {
			expr_free(concat);
			return NULL;
		}
		concat_expr_add(concat, constant_expr_alloc(&internal_location,
				m->dtype, m->byteorder,
				bytes * BITS_PER_BYTE, data + off));
		off += concat_field_bytes(m);
	}
	concat->len = len * BITS_PER_BYTE;
	concat->flags |= EXPR_F_CONSTANT;
	return concat;
}

/* "type K : interval D" (the map's user data says so). */
static bool map_data_interval(const struct nftnl_set *nls)
{
	const void *ud;
	uint32_t len = 0;

	if (!nftnl_set_is_set(nls, NFTNL_SET_USERDATA))
		return false;
	ud = nftnl_set_get_data(nls, NFTNL_SET_USERDATA, &len);
	return set_udata_data_interval(ud, len);
}

/* The data's typeof in the map's user data, NULL if none. */
static struct expr *map_data_typeof(const struct nftnl_set *nls)
{
	struct expr *dexpr = NULL;
	const void *ud;
	uint32_t len = 0;

	if (!nftnl_set_is_set(nls, NFTNL_SET_USERDATA))
		return NULL;
	ud = nftnl_set_get_data(nls, NFTNL_SET_USERDATA, &len);
	if (set_typeof_parse_data(ud, len, &dexpr) == 1)
		set_key_set_len(dexpr);
	return dexpr;
}

/* [lo, hi] of interval data as the system nft lists it: a value if
 * they are equal, a prefix where the type takes one and they span
 * one, else a range (@whole: the data, not a member of it). Takes
 * both. */
static struct expr *map_bounds_merge(struct expr *lo, struct expr *hi,
				      bool whole)
{
	unsigned long host;
	bool prefix;
	mpz_t span;

	/* upstream 1.1.3 lists one address of whole interval data as a
	 * prefix of its length ("2.2.2.2/32"), in a concatenation not */
	if (whole && lo->etype == EXPR_VALUE && hi->etype == EXPR_VALUE &&
	    !mpz_cmp(lo->value.value, hi->value.value) &&
	    lo->dtype->flags & DTYPE_F_PREFIX) {
		expr_free(hi);
		return prefix_expr_alloc(&internal_location, lo, lo->len);
	}
	if (lo->etype != EXPR_VALUE || hi->etype != EXPR_VALUE ||
	    !mpz_cmp(lo->value.value, hi->value.value)) {
		expr_free(hi);
		return lo;
	}
	mpz_init(span);
	mpz_sub(span, hi->value.value, lo->value.value);
	mpz_add_ui(span, span, 1);
	host = mpz_scan1(span, 0);
	prefix = lo->dtype->flags & DTYPE_F_PREFIX &&
		 mpz_popcount(span) == 1 && host < lo->len &&
		 mpz_scan1(lo->value.value, 0) >= host;
	mpz_clear(span);
	if (!prefix)
		return range_expr_alloc(&internal_location, lo, hi);
	expr_free(hi);
	return prefix_expr_alloc(&internal_location, lo, lo->len - host);
}

/* Interval data: the low ends' members merged with the high ends'. */
static struct expr *map_interval_merge(struct expr *lo, struct expr *hi)
{
	struct expr *concat, *l, *h, *nl, *nh;

	if (lo == NULL || hi == NULL || lo->etype != EXPR_CONCAT) {
		if (lo && hi && hi->etype != EXPR_CONCAT)
			return map_bounds_merge(lo, hi, true);
		expr_free(lo);
		expr_free(hi);
		return NULL;
	}
	concat = concat_expr_alloc(&internal_location);
	h = list_first_entry(&hi->expr_list.expressions, struct expr, list);
	list_for_each_entry_safe(l, nl, &lo->expr_list.expressions, list) {
		nh = list_next_entry(h, list);
		list_del(&l->list);
		list_del(&h->list);
		concat_expr_add(concat, map_bounds_merge(l, h, false));
		h = nh;
	}
	concat->len = lo->len;
	concat->flags |= EXPR_F_CONSTANT;
	expr_free(lo);
	expr_free(hi);
	return concat;
}

static struct expr *map_data_value(const unsigned char *data, uint32_t len,
				   uint32_t data_type,
				   const struct expr *dexpr)
{
	const struct datatype *dtype;

	if (dexpr)
		return map_typeof_data_decode(data, len, dexpr);
	if (data_type >> MAP_CONCAT_TYPE_BITS)
		return map_concat_data_decode(data, len, data_type);
	dtype = datatype_lookup(data_type);
	if (dtype == NULL)
		dtype = &integer_type;
	return constant_expr_alloc(&internal_location, dtype,
				   dtype->byteorder, len * BITS_PER_BYTE, data);
}

/* A map's data from its bytes (@len) or its verdict (@chain: NULL if
 * none): NULL if it cannot be read. */
static struct expr *map_data_from(uint32_t data_type, uint32_t data_len,
				  const struct expr *dexpr, bool interval,
				  int verdict, const char *chain,
				  const void *data, uint32_t len)
{
	if (data_type == NFT_DATA_VERDICT)
		return verdict_expr_alloc(&internal_location, verdict,
			chain ? constant_expr_alloc_string(&internal_location,
							   &string_type,
							   chain, 0) : NULL);
	if (data == NULL || len != data_len)
		return NULL;
	if (interval)
		return map_interval_merge(
			map_data_value(data, len / 2, data_type, dexpr),
			map_data_value((const unsigned char *)data + len / 2,
				       len / 2, data_type, dexpr));
	return map_data_value(data, len, data_type, dexpr);
}

static struct expr *map_data_decode(struct nftnl_set_elem *e,
				    uint32_t data_type, uint32_t data_len,
				    const struct expr *dexpr, bool interval)
{
	const char *chain = NULL;
	const void *data = NULL;
	uint32_t len = 0;
	int verdict = 0;

	if (nftnl_set_elem_is_set(e, NFTNL_SET_ELEM_OBJREF))
		return constant_expr_alloc_string(&internal_location,
			&string_type,
			nftnl_set_elem_get_str(e, NFTNL_SET_ELEM_OBJREF), 0);
	if (data_type == NFT_DATA_VERDICT) {
		if (!nftnl_set_elem_is_set(e, NFTNL_SET_ELEM_VERDICT))
			return NULL;
		verdict = (int)nftnl_set_elem_get_u32(e,
						      NFTNL_SET_ELEM_VERDICT);
		if (nftnl_set_elem_is_set(e, NFTNL_SET_ELEM_CHAIN))
			chain = nftnl_set_elem_get_str(e, NFTNL_SET_ELEM_CHAIN);
	} else if (nftnl_set_elem_is_set(e, NFTNL_SET_ELEM_DATA)) {
		data = nftnl_set_elem_get(e, NFTNL_SET_ELEM_DATA, &len);
	}
	return map_data_from(data_type, data_len, dexpr, interval, verdict,
			     chain, data, len);
}

static int map_raw_cmp(const void *a, const void *b)
{
	const struct map_raw *x = a, *y = b;
	int r = mpz_cmp(x->key, y->key);

	if (r)
		return r;
	return (int)y->end - (int)x->end;	/* ends first */
}

/* Flags keys by their rank (set_flags_rank()), equal ones in the
 * dump's order. */
static int map_raw_flags_cmp(const void *a, const void *b)
{
	const struct map_raw *x = a, *y = b;
	uint64_t rx = set_flags_rank(x->key), ry = set_flags_rank(y->key);

	if (rx != ry)
		return rx < ry ? -1 : 1;
	return x->pos < y->pos ? -1 : x->pos > y->pos;
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
	int plen = -1;

	if (mpz_cmp(low, high)) {
		plen = interval_prefix_len(low, high, len * BITS_PER_BYTE);
		if (plen % BITS_PER_BYTE)
			plen = -1;
	}
	return set_string_value(left, low, len, plen);
}

/* The type a key prints as: its own, but a raw load's (masked or not,
 * "@nh,0,8 & 0x1f") is the map's integer, in decimal, as 1.1.3 lists
 * a map of one (a set of one and a concatenation print it in hex). */
static const struct datatype *map_member_dtype(const struct expr *left)
{
	const struct expr *e = left;

	while (e->etype == EXPR_BINOP)
		e = e->binop.left;
	return set_left_is_raw(e) ? &integer_type : left->dtype;
}

static struct expr *map_member(const struct expr *left, const mpz_t low,
			       const mpz_t high, unsigned int len)
{
	const struct datatype *dtype = map_member_dtype(left);
	int plen;

	/* a field narrower than a byte keeps its width ("ip ecn": 0x2) */
	if (mpz_cmp(low, high) == 0)
		return constant_expr_alloc_mpz(&internal_location,
					       dtype, left->byteorder,
					       left->len % BITS_PER_BYTE ?
					       left->len : len * BITS_PER_BYTE,
					       low);
	plen = interval_prefix_len(low, high, len * BITS_PER_BYTE);
	if (plen >= 0)
		return prefix_expr_alloc(&internal_location,
			constant_expr_alloc_mpz(&internal_location,
						dtype, left->byteorder,
						len * BITS_PER_BYTE, low),
			plen);
	return range_expr_alloc(&internal_location,
		constant_expr_alloc_mpz(&internal_location, dtype,
					left->byteorder, len * BITS_PER_BYTE,
					low),
		constant_expr_alloc_mpz(&internal_location, dtype,
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
		     concat_member_order(left, m);
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

struct map_raws {
	struct map_raw *v;
	unsigned int n;
	unsigned int size;
};

/* Adds the elements of @chunk (of the map @head) to @r; false, with
 * @r unchanged, if one cannot be read. */
static bool map_raws_append(const struct nftnl_set *head,
			    const struct nftnl_set *chunk,
			    enum byteorder byteorder, struct map_raws *r)
{
	uint32_t data_type = nftnl_set_get_u32(head, NFTNL_SET_DATA_TYPE);
	uint32_t data_len = nftnl_set_get_u32(head, NFTNL_SET_DATA_LEN);
	struct expr *dexpr = map_data_typeof(head);
	bool interval = map_data_interval(head);
	struct nftnl_set_elems_iter *it;
	struct nftnl_set_elem *e;
	unsigned int first = r->n;
	struct map_raw *v;
	uint32_t len, end_len;

	it = nftnl_set_elems_iter_create(chunk);
	if (it == NULL)
		memory_allocation_error();
	while ((e = nftnl_set_elems_iter_next(it)) != NULL) {
		if (set_elem_is_catchall(e))
			continue;	/* beside the mappings */
		if (r->n == r->size) {
			r->size = r->size ? 2 * r->size : 16;
			r->v = xrealloc(r->v, r->size * sizeof(*r->v));
		}
		v = &r->v[r->n];
		memset(v, 0, sizeof(*v));
		len = end_len = 0;
		v->bytes = nftnl_set_elem_get(e, NFTNL_SET_ELEM_KEY, &len);
		v->len = len;
		if (nftnl_set_elem_is_set(e, NFTNL_SET_ELEM_KEY_END))
			v->end_bytes = nftnl_set_elem_get(e,
					NFTNL_SET_ELEM_KEY_END, &end_len);
		v->end = nftnl_set_elem_is_set(e, NFTNL_SET_ELEM_FLAGS) &&
			 (nftnl_set_elem_get_u32(e, NFTNL_SET_ELEM_FLAGS) &
			  NFT_SET_ELEM_INTERVAL_END);
		mpz_init(v->key);
		if (v->bytes)
			mpz_import_data(v->key, v->bytes, byteorder, len);
		if (!v->end)
			v->data = map_data_decode(e, data_type, data_len,
						  dexpr, interval);
		v->pos = r->n++;
		if (v->bytes == NULL || (!v->end && v->data == NULL) ||
		    (v->end_bytes && end_len != len))
			break;
	}
	nftnl_set_elems_iter_destroy(it);
	expr_free(dexpr);
	if (e == NULL)
		return true;
	while (r->n > first) {
		r->n--;
		mpz_clear(r->v[r->n].key);
		expr_free(r->v[r->n].data);
	}
	return false;
}

static unsigned int map_raws_read(const struct nftnl_set *nls,
				  enum byteorder byteorder,
				  struct map_raw **res)
{
	struct map_raws r = { NULL, 0, 0 };

	if (!map_raws_append(nls, nls, byteorder, &r)) {
		map_raws_free(r.v, r.n);
		return (unsigned int)-1;
	}
	*res = r.v;
	return r.n;
}

/* The set's flags say so; the elements sent, kept for an echo, carry
 * none: their end elements and open starts do. */
bool map_is_interval(const struct nftnl_set *nls)
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

static void map_raws_to_set(struct expr *set, const struct nftnl_set *nls,
			    const struct expr *left, struct map_raw *v,
			    unsigned int n, bool interval, bool as_sent);

/* The mappings of a dumped map; NULL if some element cannot be read. */
static struct expr *map_mappings_decode(const struct nftnl_set *nls,
					const struct expr *left, bool hton,
					bool as_sent)
{
	bool interval = map_is_interval(nls);
	enum byteorder byteorder = left->byteorder;
	struct expr *set = set_expr_alloc(&internal_location);
	struct map_raw *v;
	unsigned int n;

	if (hton || interval || byteorder == BYTEORDER_INVALID)
		byteorder = BYTEORDER_BIG_ENDIAN;
	n = map_raws_read(nls, byteorder, &v);
	if (n == (unsigned int)-1) {
		expr_free(set);
		return NULL;
	}
	map_raws_to_set(set, nls, left, v, n, interval, as_sent);
	return set;
}

/* Whether the map's key type is flags (set_flags_rank()). */
static bool map_keys_are_flags(const struct nftnl_set *nls)
{
	const struct datatype *dtype;

	dtype = datatype_lookup(nftnl_set_get_u32(nls, NFTNL_SET_KEY_TYPE));
	return dtype && datatype_is_named_flags(dtype);
}

/* The mappings of @v (@n, freed) of the map @nls into @set. */
static void map_raws_to_set(struct expr *set, const struct nftnl_set *nls,
			    const struct expr *left, struct map_raw *v,
			    unsigned int n, bool interval, bool as_sent)
{
	uint32_t klen = nftnl_set_get_u32(nls, NFTNL_SET_KEY_LEN);
	struct expr *key;
	unsigned int i, j;
	mpz_t high;

	mpz_init(high);
	if (left->etype == EXPR_CONCAT) {
		/* an interval one lists as the kernel dumps it, as 1.1.3
		 * lists it */
		if (!as_sent && !interval && n > 1)
			qsort(v, n, sizeof(*v), map_raw_bytes_cmp);
		for (i = 0; i < n; i++) {
			/* ranges of concatenations end in their own element
			 * (NFTA_SET_ELEM_KEY_END): an end element has no
			 * data to show, as below */
			if (v[i].end || !v[i].data)
				continue;
			key = map_concat_member(&v[i], left);
			set_expr_add(set, mapping_expr_alloc(&internal_location,
							     key, v[i].data));
			v[i].data = NULL;
		}
	} else {
		/* an echo shows the values in the order written */
		if (n > 1 && !interval && !as_sent && map_keys_are_flags(nls))
			qsort(v, n, sizeof(*v), map_raw_flags_cmp);
		else if (n > 1 && (!as_sent || interval))
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
			/* a named map's raw key lists in hex, as its
			 * typeof's load does (an anonymous one's stays
			 * integer until named) */
			if (!(nftnl_set_get_u32(nls, NFTNL_SET_FLAGS) &
			      NFT_SET_ANONYMOUS) && set_left_is_raw(left))
				expr_set_type(key, left->dtype,
					      left->byteorder);
			set_expr_add(set, mapping_expr_alloc(&internal_location,
							     key, v[i].data));
			v[i].data = NULL;
		}
	}
	mpz_clear(high);
	map_raws_free(v, n);
}

/* "lookup reg 1 set m dreg 0": "ip saddr vmap @m", typed by the cached
 * map's data; -1 for a set that is no map (another kind's). */
/* The named map @name of the rule's table, NULL if none is known;
 * -1 (said) if the sets cannot be read. */
static int map_named_find(struct delin_ctx *dctx, const char *name,
			  const struct set **sp)
{
	struct table *t;

	*sp = NULL;
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
		*sp = table_find_set(t, name);
	/* one the cache lacks: added by this run (an echo) */
	if (*sp == NULL && dctx->nft && dctx->table)
		*sp = netlink_named_set(dctx->nft, dctx->family, dctx->table,
					name);
	return 0;
}

/* The key a named map @s is looked up by, from @sreg on. */
static struct expr *map_named_key(struct delin_ctx *dctx, const struct set *s,
				  enum nft_registers sreg)
{
	struct expr *key = delin_get_register(dctx, sreg);

	if (key && s && s->key && s->key->len > key->len) {
		expr_free(key);
		key = concat_from_registers(dctx, sreg,
				div_round_up(s->key->len, BITS_PER_BYTE));
	}
	/* "ip dscp" was masked and shifted to the map's key */
	return key ? payload_key_unmask(key) : NULL;
}

/* A named object map's ("counter name ip saddr map @m"): its objects'
 * kind in *@objtype; NULL (an error said) if it cannot be read. */
struct expr *map_objref_named_decode(struct delin_ctx *dctx, uint32_t sreg,
				     const char *name, uint32_t *objtype)
{
	const struct set *s;
	struct expr *key, *map;

	if (map_named_find(dctx, name, &s) < 0)
		return NULL;
	if (s == NULL || !s->objtype) {
		delin_error(dctx, "object map %s is not known to this nft",
			    name);
		return NULL;
	}
	key = map_named_key(dctx, s, sreg);
	if (key == NULL) {
		delin_error(dctx, "object map lookup in %s: its key is not in the registers",
			    name);
		return NULL;
	}
	map = map_expr_alloc(&internal_location, key,
			     setref_expr_alloc(&internal_location, name),
			     false);
	map->map.objtype = *objtype = s->objtype;
	map->dtype = &string_type;
	map->byteorder = BYTEORDER_HOST_ENDIAN;
	map->len = NFT_OBJ_MAXNAMELEN * BITS_PER_BYTE;
	if (s->flags & NFT_SET_INTERVAL)
		map->flags |= EXPR_F_INTERVAL;
	return map;
}

static int map_named_delinearize(struct delin_ctx *dctx,
				 const struct nftnl_expr *nle,
				 const char *name)
{
	enum nft_registers sreg, dreg;
	const struct set *s;
	struct expr *key, *map;

	if (map_named_find(dctx, name, &s) < 0)
		return -1;
	dreg = nftnl_expr_get_u32(nle, NFTNL_EXPR_LOOKUP_DREG);
	if (dreg != NFT_REG_VERDICT &&
	    (s == NULL || !(s->flags & NFT_SET_MAP) || s->data == NULL))
		return delin_error(dctx, "map %s is not known to this nft",
				   name);
	sreg = nftnl_expr_get_u32(nle, NFTNL_EXPR_LOOKUP_SREG);
	key = map_named_key(dctx, s, sreg);
	if (key == NULL)
		return delin_error(dctx, "map lookup in %s: its key is not in the registers",
				   name);
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
	/* "type K : interval D": low ends, then high ends */
	map->map.data_interval = s->data_interval;
	if (s->data_interval)
		map->len = 2 * concat_field_bytes(s->data) * BITS_PER_BYTE;
	delin_set_register(dctx, dreg, map);
	return 0;
}

/* The mappings of an anonymous map, with what their elements hold
 * besides key and data ("{ "lo" counter : jump w }"). */
static struct expr *map_anon_mappings_of(const struct nftnl_set *nls,
					 const struct expr *key, bool hton,
					 bool as_sent)
{
	struct expr *set = NULL;

	if (!as_sent)
		set = set_anon_decode_with_info(nls, key, true);
	return set ? set : map_mappings_decode(nls, key, hton, as_sent);
}

/* "* : DATA" of the map @nls, from its element @ca; NULL if its data
 * cannot be read. */
struct expr *map_catchall_decode(const struct nftnl_set *nls,
				 struct nftnl_set_elem *ca)
{
	struct expr *dexpr = map_data_typeof(nls), *data, *m;

	data = map_data_decode(ca, nftnl_set_get_u32(nls, NFTNL_SET_DATA_TYPE),
			       nftnl_set_get_u32(nls, NFTNL_SET_DATA_LEN),
			       dexpr, map_data_interval(nls));
	expr_free(dexpr);
	if (data == NULL)
		return NULL;
	m = set_catchall_decode(ca);
	data = mapping_expr_alloc(&internal_location, m, data);
	/* what the element holds prints after the key: the mapping's */
	data->elem_info = m->elem_info;
	m->elem_info = NULL;
	return data;
}

/* An anonymous map's mappings, its catch-all beside them; NULL if some
 * element cannot be read. */
static struct expr *map_anon_mappings(const struct nftnl_set *nls,
				      const struct expr *key, bool hton,
				      bool as_sent)
{
	struct nftnl_set_elem *ca = set_nl_catchall(nls);
	struct expr *set, *m = NULL;

	if (ca && (m = map_catchall_decode(nls, ca)) == NULL)
		return NULL;
	set = map_anon_mappings_of(nls, key, hton, as_sent);
	if (set)
		set->expr_list.catchall = m;
	else
		expr_free(m);
	return set;
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
	mappings = map_anon_mappings(nls, key,
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

int map_lookup_delinearize(struct delin_ctx *dctx,
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
	set_mark_raw_typeof(nls, key);
	mappings = map_anon_mappings(nls, key, hton, as_sent);
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
	/* ranges for data: low ends, then high ends */
	map->map.data_interval = map_data_interval(nls);
	delin_set_register(dctx, dreg, map);
	return 0;
}

static void map_value_retype(struct expr *e, const struct datatype *dtype)
{
	switch (e->etype) {
	case EXPR_VALUE:
		e->dtype = dtype;
		break;
	case EXPR_RANGE:
		map_value_retype(e->range.left, dtype);
		map_value_retype(e->range.right, dtype);
		break;
	case EXPR_PREFIX:
		map_value_retype(e->prefix.prefix, dtype);
		break;
	default:
		break;
	}
}

/* A raw load's keys (masked too) print as the map's integers
 * (map_member_dtype()), which the match's postprocessing typed as the
 * load's. */
static void map_keys_retype(struct expr *map)
{
	const struct datatype *dtype = map_member_dtype(map->map.key);
	struct expr *m;

	if (dtype == map->map.key->dtype)
		return;
	list_for_each_entry(m, &map->map.mappings->expr_list.expressions,
			    list)
		if (m->etype == EXPR_MAPPING)
			map_value_retype(m->mapping.key, dtype);
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
	if (!named)
		map_keys_retype(map);
}

/* The mappings of a dumped named map keyed by @key, NULL if some
 * element cannot be read. */
struct expr *map_elems_decode(const struct nftnl_set *nls,
			      const struct expr *key)
{
	struct expr *m = map_mappings_decode(nls, key, false, false);

	/* a raw load is typed once named (an anonymous map's) */
	if (m && nftnl_set_get_u32(nls, NFTNL_SET_FLAGS) & NFT_SET_INTERVAL &&
	    !set_left_is_raw(key))
		set_keys_retype(m, key);
	return m;
}

/* ---- a named map's members made one at a time (src/obj/set_records.c) ---- */

void map_data_maker_init(struct map_data_maker *mk,
			 const struct nftnl_set *head)
{
	mk->type = nftnl_set_get_u32(head, NFTNL_SET_DATA_TYPE);
	mk->len = nftnl_set_get_u32(head, NFTNL_SET_DATA_LEN);
	mk->dexpr = map_data_typeof(head);
	mk->interval = map_data_interval(head);
}

void map_data_maker_clear(struct map_data_maker *mk)
{
	expr_free(mk->dexpr);
}

struct expr *map_data_make(const struct map_data_maker *mk, int verdict,
			   const char *chain, const void *data, uint32_t len)
{
	return map_data_from(mk->type, mk->len, mk->dexpr, mk->interval,
			     verdict, chain, data, len);
}

struct expr *map_member_make_concat(struct set_member_maker *mk,
				    const void *key)
{
	struct map_raw r = { .bytes = key, .len = mk->klen };

	return map_concat_member(&r, mk->left);
}
