/*
 * Anonymous and named sets' elements read back from the kernel: keys
 * turned into values, prefixes, ranges and concatenations, typed by the
 * set's user data or the lookup's left side, sorted as the system nft
 * lists them, and the lookup expression decoded (src/expr/set.c has the
 * kind and its evaluation, set_encode.c the encoding).
 */
#include <stdlib.h>
#include <string.h>
#include <expr.h>
#include <stmt.h>
#include <evaluate.h>
#include <linearize.h>
#include <intervals.h>
#include <proto.h>
#include <netlink.h>
#include <json.h>
#include <nftables.h>
#include <set.h>
#include <libnftnl/expr.h>
#include <libnftnl/set.h>
#include <libnftnl/udata.h>
#include <set_expr_int.h>
#include <set_records.h>

/* ---- decoding ---- */

/* A key of @len bytes as a constant typed like @left. */
static struct expr *set_key_value(const struct expr *left, const mpz_t key,
				  unsigned int len)
{
	return constant_expr_alloc_mpz(&internal_location, left->dtype,
				       left->byteorder,
				       len * BITS_PER_BYTE, key);
}

/* The value a member sorts by. */
static const struct expr *set_member_key(const struct expr *x)
{
	if (x->etype == EXPR_PREFIX)
		return x->prefix.prefix;
	if (x->etype == EXPR_RANGE)
		return x->range.left;
	return x;
}

/*
 * Upstream 1.1.3 lists flags ("syn | ack", a bitmask type's value) by
 * the first of them, the lowest bit: "fin | ack" before "syn", "syn"
 * and "syn | ack" alike, in the dump's order. Its rank: the lowest set
 * bit's number and one, 0 for no flag.
 */
uint64_t set_flags_rank(const mpz_t v)
{
	return mpz_sgn(v) ? mpz_scan1(v, 0) + 1 : 0;
}

static int set_value_order(const mpz_t x, const mpz_t y, bool flags)
{
	uint64_t a, b;

	if (!flags)
		return mpz_cmp(x, y);
	a = set_flags_rank(x);
	b = set_flags_rank(y);
	return a < b ? -1 : a > b;
}

static int set_member_cmp(const struct expr *x, const struct expr *y,
			  bool flags)
{
	return set_value_order(set_member_key(x)->value.value,
			       set_member_key(y)->value.value, flags);
}

struct set_sort_item {
	struct expr *e;
	unsigned int pos;
	bool flags;
};

/* Equal ones in their order: the sort is stable. */
static int set_item_cmp(const void *a, const void *b)
{
	const struct set_sort_item *x = a, *y = b;
	int r = set_member_cmp(x->e, y->e, x->flags);

	if (r)
		return r;
	return x->pos < y->pos ? -1 : x->pos > y->pos;
}

/* @x's value as the key of a radix sort; false if it does not fit. */
static bool set_sort_key_get(const mpz_t x, uint64_t *key)
{
	if (mpz_sgn(x) < 0 ||
	    mpz_sizeinbase(x, 2) > BITS_PER_BYTE * sizeof(unsigned long))
		return false;
	*key = mpz_get_ui(x);
	return true;
}

/*
 * Stable LSD radix sort of @a by key, 16 bits a pass and only the passes
 * @max needs: qsort's comparisons through two pointers and mpz_cmp were
 * a quarter of listing a big set of one-word values (addresses, ports).
 */
void set_radix_sort(struct set_sort_key *a, unsigned int n, uint64_t max)
{
	struct set_sort_key *b = xmalloc(n * sizeof(*b)), *src = a, *t;
	unsigned int i, shift, *count = xmalloc(65537 * sizeof(*count));

	for (shift = 0; shift < 64 && (max >> shift); shift += 16) {
		memset(count, 0, 65537 * sizeof(*count));
		for (i = 0; i < n; i++)
			count[((src[i].key >> shift) & 0xffff) + 1]++;
		for (i = 1; i <= 65536; i++)
			count[i] += count[i - 1];
		for (i = 0; i < n; i++)
			b[count[(src[i].key >> shift) & 0xffff]++] = src[i];
		t = src, src = b, b = t;
	}
	if (src != a) {
		memcpy(a, src, n * sizeof(*a));
		b = src;
	}
	xfree(count);
	xfree(b);
}

/* Sorts members @v by value (@flags: by rank) if every value fits one
 * word; false, with nothing moved, otherwise. */
static bool set_sort_radix(struct expr **v, unsigned int n, bool flags)
{
	struct set_sort_key *a = xmalloc(n * sizeof(*a));
	const struct expr *k;
	uint64_t max = 0;
	unsigned int i;

	for (i = 0; i < n; i++) {
		k = set_member_key(v[i]);
		if (k->etype != EXPR_VALUE) {
			xfree(a);
			return false;
		}
		if (flags)
			a[i].key = set_flags_rank(k->value.value);
		else if (!set_sort_key_get(k->value.value, &a[i].key)) {
			xfree(a);
			return false;
		}
		a[i].e = v[i];
		if (a[i].key > max)
			max = a[i].key;
	}
	set_radix_sort(a, n, max);
	for (i = 0; i < n; i++)
		v[i] = a[i].e;
	xfree(a);
	return true;
}

static void set_sort_small(struct expr **v, unsigned int n, bool flags)
{
	struct set_sort_item *a = xmalloc(n * sizeof(*a));
	unsigned int i;

	for (i = 0; i < n; i++) {
		a[i].e = v[i];
		a[i].pos = i;
		a[i].flags = flags;
	}
	qsort(a, n, sizeof(*a), set_item_cmp);
	for (i = 0; i < n; i++)
		v[i] = a[i].e;
	xfree(a);
}

/* Listings show the members sorted by value, as the system nft does;
 * flags by their rank (set_flags_rank()). */
static void set_sort(struct expr *set, bool flags)
{
	unsigned int n = set->expr_list.size, i = 0;
	struct expr **v, *e, *next;

	if (n < 2)
		return;
	v = xmalloc(n * sizeof(*v));
	list_for_each_entry_safe(e, next, &set->expr_list.expressions, list) {
		list_del(&e->list);
		v[i++] = e;
	}
	if (n < 64 || !set_sort_radix(v, n, flags))
		set_sort_small(v, n, flags);
	for (i = 0; i < n; i++)
		list_add_tail(&v[i]->list, &set->expr_list.expressions);
	xfree(v);
}

struct set_keys {
	struct interval_elem *v;
	unsigned int n;
	unsigned int size;		/* room in v */
	unsigned int len;		/* key bytes */
};

static void set_keys_init(struct set_keys *keys)
{
	keys->size = 16;
	keys->v = xzalloc(keys->size * sizeof(*keys->v));
	keys->n = 0;
	keys->len = 0;
}

static void set_keys_push(struct set_keys *keys, const void *data,
			  uint32_t dlen, uint32_t flags,
			  enum byteorder byteorder)
{
	if (keys->n == keys->size) {
		keys->size *= 2;
		keys->v = xrealloc(keys->v, keys->size * sizeof(*keys->v));
	}
	mpz_init(keys->v[keys->n].key);
	if (data && dlen)
		mpz_import_data(keys->v[keys->n].key, data, byteorder, dlen);
	keys->v[keys->n].end = flags & NFT_SET_ELEM_INTERVAL_END;
	keys->v[keys->n].open = false;
	if (dlen > keys->len)
		keys->len = dlen;
	keys->n++;
}

/* Adds the keys of @nls' elements to @keys. */
static void set_keys_append(const struct nftnl_set *nls,
			    enum byteorder byteorder, struct set_keys *keys)
{
	struct nftnl_set_elems_iter *it;
	struct nftnl_set_elem *e;
	const void *data;
	uint32_t dlen, flags;

	it = nftnl_set_elems_iter_create(nls);
	if (it == NULL)
		memory_allocation_error();
	while ((e = nftnl_set_elems_iter_next(it)) != NULL) {
		if (set_elem_is_catchall(e))
			continue;	/* beside the members */
		dlen = 0;
		data = nftnl_set_elem_get(e, NFTNL_SET_ELEM_KEY, &dlen);
		flags = nftnl_set_elem_is_set(e, NFTNL_SET_ELEM_FLAGS) ?
			nftnl_set_elem_get_u32(e, NFTNL_SET_ELEM_FLAGS) : 0;
		set_keys_push(keys, data, dlen, flags, byteorder);
	}
	nftnl_set_elems_iter_destroy(it);
}

static void set_keys_read(const struct nftnl_set *nls,
			  enum byteorder byteorder, struct set_keys *keys)
{
	set_keys_init(keys);
	set_keys_append(nls, byteorder, keys);
}

/* Equal keys next to each other, the first sent first. */
static int set_key_ptr_cmp(const void *a, const void *b)
{
	const struct interval_elem *x = *(const struct interval_elem *const *)a;
	const struct interval_elem *y = *(const struct interval_elem *const *)b;
	int r = mpz_cmp(x->key, y->key);

	if (r)
		return r;
	return x < y ? -1 : x > y;
}

/* As set_key_ptr_cmp sorts them (equal keys in their order, which is
 * the radix sort's stability), when every key fits one word. */
static bool set_keys_sort_radix(const struct interval_elem **p,
				unsigned int n)
{
	struct set_sort_key *a;
	uint64_t max = 0;
	unsigned int i;

	if (n < 64)
		return false;
	a = xmalloc(n * sizeof(*a));
	for (i = 0; i < n; i++) {
		if (!set_sort_key_get(p[i]->key, &a[i].key)) {
			xfree(a);
			return false;
		}
		a[i].e = (void *)p[i];
		if (a[i].key > max)
			max = a[i].key;
	}
	set_radix_sort(a, n, max);
	for (i = 0; i < n; i++)
		p[i] = a[i].e;
	xfree(a);
	return true;
}

/* A value sent twice is one element: keep its first place. */
static void set_keys_first(struct set_keys *keys)
{
	const struct interval_elem **p;
	bool *dup;
	unsigned int i, n = 0;

	if (keys->n < 2)
		return;
	p = xmalloc(keys->n * sizeof(*p));
	dup = xzalloc(keys->n * sizeof(*dup));
	for (i = 0; i < keys->n; i++)
		p[i] = &keys->v[i];
	if (!set_keys_sort_radix(p, keys->n))
		qsort(p, keys->n, sizeof(*p), set_key_ptr_cmp);
	for (i = 1; i < keys->n; i++)
		if (!mpz_cmp(p[i - 1]->key, p[i]->key))
			dup[p[i] - keys->v] = true;
	for (i = 0; i < keys->n; i++) {
		if (dup[i]) {
			mpz_clear(keys->v[i].key);
			continue;
		}
		if (n != i)
			keys->v[n] = keys->v[i];
		n++;
	}
	keys->n = n;
	xfree(dup);
	xfree(p);
}

/* The name whose bytes spell @v (big endian, @len bytes); @plen bits
 * of it when it is a wildcard. */
struct expr *set_string_value(const struct expr *left, const mpz_t v,
			      unsigned int len, int plen)
{
	unsigned char buf[NFT_REG_SIZE * 4];
	struct expr *res;
	mpz_t host;

	memset(buf, 0, sizeof(buf));
	linearize_mpz(buf, v, BYTEORDER_BIG_ENDIAN, len);
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

static struct expr *set_interval_member(const struct expr *left,
					const struct interval *iv,
					unsigned int len)
{
	unsigned int width = len * BITS_PER_BYTE;
	int plen;

	if (set_key_is_string(left)) {
		plen = interval_prefix_len(iv->low, iv->high, width);
		if (!mpz_cmp(iv->low, iv->high))
			plen = -1;
		if (plen >= 0 && plen % BITS_PER_BYTE == 0)
			return set_string_value(left, iv->low, len, plen);
		return set_string_value(left, iv->low, len, -1);
	}

	if (!mpz_cmp(iv->low, iv->high))
		return set_key_value(left, iv->low, len);
	/* the left side may not be typed yet: set_expr_retype() turns
	 * prefixes of types without them back into ranges */
	plen = interval_prefix_len(iv->low, iv->high, width);
	if (plen >= 0)
		return prefix_expr_alloc(&internal_location,
					 set_key_value(left, iv->low, len),
					 plen);
	return range_expr_alloc(&internal_location,
				set_key_value(left, iv->low, len),
				set_key_value(left, iv->high, len));
}

static void set_add_intervals_decoded(struct expr *set,
				      const struct expr *left,
				      struct set_keys *keys)
{
	unsigned int n, i;
	struct interval *v;

	n = intervals_decode(keys->v, keys->n, keys->len * BITS_PER_BYTE, &v);
	for (i = 0; i < n; i++)
		set_expr_add(set, set_interval_member(left, &v[i],
						      keys->len));
	intervals_free(v, n);
}

/* One member of a dumped concatenation: [low, high] of @m's type. */
static struct expr *set_concat_member(const struct expr *m, const void *low,
				      const void *high,
				      enum byteorder byteorder)
{
	unsigned int len = div_round_up(m->len, BITS_PER_BYTE);
	struct interval iv;
	struct expr *res;

	/* names are read as the number their bytes spell */
	if (set_key_is_string(m))
		byteorder = BYTEORDER_BIG_ENDIAN;

	interval_init(&iv);
	mpz_import_data(iv.low, low, byteorder, len);
	mpz_import_data(iv.high, high ? high : low, byteorder, len);
	res = set_interval_member(m, &iv, len);
	interval_clear(&iv);
	/* a field narrower than a byte keeps its width ("ip ecn" prints
	 * 0x2 with -n, not 0x02) */
	if (m->len % BITS_PER_BYTE && res->etype == EXPR_VALUE)
		res->len = m->len;
	else if (m->len % BITS_PER_BYTE && res->etype == EXPR_RANGE) {
		res->range.left->len = m->len;
		res->range.right->len = m->len;
	}
	return res;
}

static struct expr *set_concat_elem(const struct expr *left,
				    const unsigned char *key,
				    const unsigned char *key_end,
				    uint32_t len)
{
	struct expr *concat = concat_expr_alloc(&internal_location);
	const struct expr *m;
	unsigned int off = 0;

	list_for_each_entry(m, &left->expr_list.expressions, list) {
		if (off + div_round_up(m->len, BITS_PER_BYTE) > len)
			break;
		concat_expr_add(concat, set_concat_member(m, key + off,
				key_end ? key_end + off : NULL,
				concat_member_order(left, m)));
		off += concat_field_bytes(m);
	}
	concat->dtype = left->dtype;
	concat->len = left->len;
	concat->flags |= EXPR_F_CONSTANT;
	return concat;
}

struct set_raw {
	const unsigned char *key;
	uint32_t len;
	struct expr *elem;
};

/* The system nft lists concatenations ordered by their key bytes read
 * as one host order (little endian) number: last byte first. */
static int set_raw_cmp(const void *a, const void *b)
{
	const struct set_raw *x = a, *y = b;
	uint32_t i = x->len > y->len ? x->len : y->len;
	unsigned int cx, cy;

	while (i-- > 0) {
		cx = i < x->len ? x->key[i] : 0;
		cy = i < y->len ? y->key[i] : 0;
		if (cx != cy)
			return cx < cy ? -1 : 1;
	}
	return 0;
}

static int set_raw_ptr_cmp(const void *a, const void *b)
{
	const struct set_raw *x = *(const struct set_raw *const *)a;
	const struct set_raw *y = *(const struct set_raw *const *)b;
	int r = set_raw_cmp(x, y);

	if (r)
		return r;
	return x < y ? -1 : x > y;
}

/* As sent: a member sent twice is one element, in its first place. */
static void set_raws_first(struct set_raw *v, unsigned int *n)
{
	const struct set_raw **p;
	bool *dup;
	unsigned int i, k = 0;

	if (*n < 2)
		return;
	p = xmalloc(*n * sizeof(*p));
	dup = xzalloc(*n * sizeof(*dup));
	for (i = 0; i < *n; i++)
		p[i] = &v[i];
	qsort(p, *n, sizeof(*p), set_raw_ptr_cmp);
	for (i = 1; i < *n; i++)
		if (!set_raw_cmp(p[i - 1], p[i]))
			dup[p[i] - v] = true;
	for (i = 0; i < *n; i++) {
		if (dup[i]) {
			expr_free(v[i].elem);
			continue;
		}
		v[k++] = v[i];
	}
	*n = k;
	xfree(dup);
	xfree(p);
}

static void set_add_concats_decoded(struct expr *set,
				    const struct nftnl_set *nls,
				    const struct expr *left, bool as_sent)
{
	struct nftnl_set_elems_iter *it;
	struct nftnl_set_elem *e;
	const void *key, *key_end;
	uint32_t len, end_len;
	struct set_raw *v = NULL;
	unsigned int n = 0, size = 0, i;

	it = nftnl_set_elems_iter_create(nls);
	if (it == NULL)
		memory_allocation_error();
	while ((e = nftnl_set_elems_iter_next(it)) != NULL) {
		len = end_len = 0;
		key = nftnl_set_elem_get(e, NFTNL_SET_ELEM_KEY, &len);
		key_end = nftnl_set_elem_is_set(e, NFTNL_SET_ELEM_KEY_END) ?
			  nftnl_set_elem_get(e, NFTNL_SET_ELEM_KEY_END,
					     &end_len) : NULL;
		if (key == NULL || (key_end && end_len != len))
			continue;
		if (n == size) {
			size = size ? 2 * size : 16;
			v = xrealloc(v, size * sizeof(*v));
		}
		v[n].key = key;
		v[n].len = len;
		v[n++].elem = set_concat_elem(left, key, key_end, len);
	}
	nftnl_set_elems_iter_destroy(it);
	/* ranges (the kernel's pipapo sets) list in the dump's order, as
	 * the system nft lists them */
	if (as_sent)
		set_raws_first(v, &n);
	else if (n > 1 && !(nftnl_set_get_u32(nls, NFTNL_SET_FLAGS) &
			    NFT_SET_INTERVAL))
		qsort(v, n, sizeof(*v), set_raw_cmp);
	for (i = 0; i < n; i++)
		set_expr_add(set, v[i].elem);
	xfree(v);
}

/*
 * The members of a dumped set, typed like @left. Interval keys are big
 * endian (@hton: the rule turned a host order key around first). A set
 * @as_sent (an echo, see netlink_anon_set()) keeps the order written;
 * intervals come sorted and merged either way, as they were built.
 */
/* The byte order of the keys of @nls' elements. */
static enum byteorder set_keys_order(const struct nftnl_set *nls,
				     const struct expr *left, bool hton)
{
	uint32_t flags = nftnl_set_get_u32(nls, NFTNL_SET_FLAGS);

	if (hton || flags & NFT_SET_INTERVAL ||
	    left->byteorder == BYTEORDER_INVALID)
		return BYTEORDER_BIG_ENDIAN;
	return left->byteorder;
}

/* A decoded set's type: @left's, its members printed as @left is
 * listed (a raw load's in hex, a raw key's as the field it lists as),
 * as upstream 1.1.3 prints them. */
static void set_decoded_type(struct expr *set, const struct expr *left)
{
	set->dtype = left->dtype;
	set->byteorder = left->byteorder;
	set->len = left->len;
	set->flags |= EXPR_F_CONSTANT;
}

/* Whether the set's key type (what the nft that made it typed it by)
 * is flags; the left side may not be named yet. */
static bool set_keys_are_flags(const struct nftnl_set *nls)
{
	const struct datatype *dtype;

	dtype = datatype_lookup(nftnl_set_get_u32(nls, NFTNL_SET_KEY_TYPE));
	return dtype && datatype_is_named_flags(dtype);
}

/* The members of @keys (freed) of the set @nls, typed like @left. */
static struct expr *set_from_keys(const struct nftnl_set *nls,
				  const struct expr *left,
				  struct set_keys *keys, bool as_sent)
{
	uint32_t flags = nftnl_set_get_u32(nls, NFTNL_SET_FLAGS);
	struct expr *set = set_expr_alloc(&internal_location);
	unsigned int i;

	if (flags & NFT_SET_INTERVAL) {
		set->flags |= EXPR_F_INTERVAL;
		set_add_intervals_decoded(set, left, keys);
	} else {
		if (as_sent)
			set_keys_first(keys);
		for (i = 0; i < keys->n; i++)
			set_expr_add(set, set_key_value(left, keys->v[i].key,
							keys->len));
		if (!as_sent)
			set_sort(set, set_keys_are_flags(nls));
	}
	interval_elems_free(keys->v, keys->n);
	keys->v = NULL;
	keys->n = 0;
	set_decoded_type(set, left);
	return set;
}

static struct expr *set_from_nftnl(const struct nftnl_set *nls,
				   const struct expr *left, bool hton,
				   bool as_sent)
{
	uint32_t flags = nftnl_set_get_u32(nls, NFTNL_SET_FLAGS);
	struct set_keys keys;
	struct expr *set;

	if (left->etype == EXPR_CONCAT) {
		set = set_expr_alloc(&internal_location);
		if (flags & NFT_SET_INTERVAL)
			set->flags |= EXPR_F_INTERVAL;
		set_add_concats_decoded(set, nls, left, as_sent);
		set_decoded_type(set, left);
		return set;
	}
	set_keys_read(nls, set_keys_order(nls, left, hton), &keys);
	return set_from_keys(nls, left, &keys, as_sent);
}

static int set_lookup_warn(struct delin_ctx *dctx, const char *fmt,
			   const char *name)
{
	FILE *fp = dctx->nft && dctx->nft->octx.error_fp ?
		   dctx->nft->octx.error_fp : stderr;

	fprintf(fp, "Warning: ");
	fprintf(fp, fmt, name);
	fprintf(fp, "\n");
	return -1;
}

/* Whether @t, a member of a set's typeof, is a raw load. */
static bool set_typeof_is_raw(const struct expr *t)
{
	return t->etype == EXPR_PAYLOAD && t->payload.desc == NULL;
}

/*
 * Marks the members of the concatenation @left that the anonymous set
 * @nls' typeof holds as raw loads (EXPR_F_RAW_TYPEOF): upstream 1.1.3
 * types an anonymous set's members by its typeof, so "@nh,16,16 . tcp
 * dport { 65535 . 22 }" lists as "ip length . tcp dport { 0xffff . 22 }".
 */
void set_mark_raw_typeof(const struct nftnl_set *nls, struct expr *left)
{
	struct expr *key = NULL, *i;
	const struct expr *t;
	const void *ud;
	uint32_t len = 0;

	if (left->etype != EXPR_CONCAT ||
	    !nftnl_set_is_set(nls, NFTNL_SET_USERDATA))
		return;
	ud = nftnl_set_get_data(nls, NFTNL_SET_USERDATA, &len);
	if (set_typeof_parse(ud, len, &key) != 1)
		return;
	if (key->etype != EXPR_CONCAT)
		goto out;
	t = list_first_entry(&key->expr_list.expressions, struct expr, list);
	list_for_each_entry(i, &left->expr_list.expressions, list) {
		if (&t->list == &key->expr_list.expressions)
			break;
		if (i->etype == EXPR_PAYLOAD && set_typeof_is_raw(t) &&
		    t->payload.offset == i->payload.offset &&
		    t->len == i->len)
			i->flags |= EXPR_F_RAW_TYPEOF;
		t = list_next_entry(t, list);
	}
out:
	expr_free(key);
}

/* An anonymous set's members, its catch-all beside them. */
static struct expr *set_anon_decode(const struct nftnl_set *nls,
				    struct expr *left, bool hton, bool as_sent)
{
	struct nftnl_set_elem *ca = set_nl_catchall(nls);
	struct expr *set;

	set_mark_raw_typeof(nls, left);
	/* elements holding counters or comments: decoded one by one,
	 * each keeping them */
	set = as_sent ? NULL : set_anon_decode_with_info(nls, left, false);
	if (set == NULL)
		set = set_from_nftnl(nls, left, hton, as_sent);
	if (ca)
		set->expr_list.catchall = set_catchall_decode(ca);
	return set;
}

int set_lookup_delinearize(struct delin_ctx *dctx,
			   const struct nftnl_expr *nle)
{
	enum nft_registers sreg = nftnl_expr_get_u32(nle,
						     NFTNL_EXPR_LOOKUP_SREG);
	const char *name = nftnl_expr_get_str(nle, NFTNL_EXPR_LOOKUP_SET);
	const struct nftnl_set *nls;
	struct expr *left, *set;
	uint32_t flags = 0;
	bool hton, as_sent;

	if (nftnl_expr_is_set(nle, NFTNL_EXPR_LOOKUP_DREG))
		return set_lookup_warn(dctx, "map lookup in set %s is not supported",
				       name);
	if (nftnl_expr_is_set(nle, NFTNL_EXPR_LOOKUP_FLAGS))
		flags = nftnl_expr_get_u32(nle, NFTNL_EXPR_LOOKUP_FLAGS);
	nls = netlink_anon_set(dctx->nft, dctx->family, dctx->table, name,
			       &as_sent);
	if (nls == NULL)
		return set_lookup_warn(dctx, "lookup in set %s: only anonymous sets are supported",
				       name);
	left = delin_get_register(dctx, sreg);
	if (left == NULL)
		return set_lookup_warn(dctx, "lookup in set %s reads an empty register",
				       name);
	/* a key longer than the register's value: a concatenation */
	if (nftnl_set_get_u32(nls, NFTNL_SET_KEY_LEN) >
	    div_round_up(left->len, BITS_PER_BYTE)) {
		expr_free(left);
		left = concat_from_registers(dctx, sreg,
				nftnl_set_get_u32(nls, NFTNL_SET_KEY_LEN));
		if (left == NULL)
			return set_lookup_warn(dctx, "lookup in set %s: its key is not in the registers",
					       name);
	}
	hton = sreg < 32 && (dctx->reg_hton & (1U << sreg));
	/* a named set: "@name", which holds "ip dscp" shifted down */
	if (!(nftnl_set_get_u32(nls, NFTNL_SET_FLAGS) & NFT_SET_ANONYMOUS)) {
		left = payload_lookup_key_unmask(left);
		concat_values_retype(left,
			nftnl_set_get_u32(nls, NFTNL_SET_KEY_TYPE),
			nftnl_set_get_u32(nls, NFTNL_SET_KEY_LEN));
		set = setref_expr_alloc(&internal_location, name);
	} else {
		set = set_anon_decode(nls, left, hton, as_sent);
		if (hton) {
			struct expr *i;

			set->flags |= EXPR_F_HTON;
			list_for_each_entry(i, &set->expr_list.expressions,
					    list)
				delin_hton_unname(i);
		}
	}
	delin_add_stmt(dctx, expr_stmt_alloc(&internal_location,
			relational_expr_alloc(&internal_location,
				flags & NFT_LOOKUP_F_INV ? OP_NEQ : OP_IMPLICIT,
				left, set)));
	return 0;
}

static struct expr *set_prefix_to_range(const struct expr *prefix)
{
	struct expr *low = expr_get(prefix->prefix.prefix), *high;
	unsigned int host = prefix->len - prefix->prefix.prefix_len;

	high = expr_clone(low);
	mpz_set_ui(high->value.value, 1);
	mpz_mul_2exp(high->value.value, high->value.value, host);
	mpz_sub_ui(high->value.value, high->value.value, 1);
	mpz_ior(high->value.value, high->value.value, low->value.value);
	return range_expr_alloc(&internal_location, low, high);
}

/* A decoded member takes the type of @left, the left side (or its
 * member at the same position in a concatenation). */
static struct expr *set_member_retype(struct expr *m, const struct expr *left)
{
	struct expr *range;

	if (m->etype == EXPR_CONCAT && left->etype == EXPR_CONCAT) {
		struct expr *i, *next;
		const struct expr *k;

		k = list_first_entry(&left->expr_list.expressions,
				     struct expr, list);
		list_for_each_entry_safe(i, next, &m->expr_list.expressions,
					 list) {
			if (&k->list == &left->expr_list.expressions)
				break;
			list_del(&i->list);
			i = set_member_retype(i, k);
			list_link_(&i->list, next->list.prev, &next->list);
			k = list_next_entry(k, list);
		}
		return m;
	}
	if (m->etype == EXPR_PREFIX && !(left->dtype->flags & DTYPE_F_PREFIX)) {
		range = set_prefix_to_range(m);
		expr_free(m);
		m = range;
	}
	expr_retype_constant(m, left);
	return m;
}

static void set_members_retype(struct list_head *members,
			       const struct expr *left)
{
	struct expr *i, *next;

	list_for_each_entry_safe(i, next, members, list) {
		list_del(&i->list);
		i = set_member_retype(i, left);
		list_link_(&i->list, next->list.prev, &next->list);
	}
}

void set_expr_retype(struct expr *set, const struct expr *left)
{
	set_members_retype(&set->expr_list.expressions, left);
	set->dtype = left->dtype;
	set->byteorder = left->byteorder;
}

/* ---- named sets (src/obj/set*.c) ---- */

void set_keys_retype(struct expr *set, const struct expr *key)
{
	struct expr *i;

	list_for_each_entry(i, &set->expr_list.expressions, list) {
		if (i->etype != EXPR_MAPPING)
			continue;
		i->mapping.key = set_member_retype(i->mapping.key, key);
	}
}

bool set_elem_is_catchall(struct nftnl_set_elem *e)
{
	return nftnl_set_elem_is_set(e, NFTNL_SET_ELEM_FLAGS) &&
	       nftnl_set_elem_get_u32(e, NFTNL_SET_ELEM_FLAGS) &
	       NFT_SET_ELEM_CATCHALL;
}

static int set_elem_catchall_cb(struct nftnl_set_elem *e, void *data)
{
	if (!set_elem_is_catchall(e))
		return 0;
	*(struct nftnl_set_elem **)data = e;
	return -1;
}

struct nftnl_set_elem *set_nl_catchall(const struct nftnl_set *nls)
{
	struct nftnl_set_elem *found = NULL;

	nftnl_set_elem_foreach((struct nftnl_set *)nls, set_elem_catchall_cb,
			       &found);
	return found;
}

struct expr *set_elems_decode(const struct nftnl_set *nls,
			      const struct expr *key)
{
	struct expr *set = set_from_nftnl(nls, key, false, false);

	/* the key is typed: a type without prefixes lists ranges
	 * ("22-23", not "22/15"), in concatenations too; a raw load is
	 * typed once named (an anonymous set's, set_expr_retype()) */
	if (set->flags & EXPR_F_INTERVAL && !set_left_is_raw(key))
		set_members_retype(&set->expr_list.expressions, key);
	return set;
}

int set_member_compare(const struct expr *a, const struct expr *b)
{
	return set_member_cmp(a, b, datatype_is_bitmask(a->dtype));
}

/* ---- a named set's members made one at a time (src/obj/set_records.c) ---- */

void set_member_maker_init(struct set_member_maker *mk,
			   const struct nftnl_set *head,
			   const struct expr *left, bool map)
{

	mk->left = left;
	mk->map = map;
	mk->klen = nftnl_set_get_u32(head, NFTNL_SET_KEY_LEN);
	if (map)
		mk->order = left->byteorder == BYTEORDER_INVALID ?
			    BYTEORDER_BIG_ENDIAN : left->byteorder;
	else
		mk->order = set_keys_order(head, left, false);
	mpz_init(mk->tmp);
}

void set_member_maker_clear(struct set_member_maker *mk)
{
	mpz_clear(mk->tmp);
}

/* @key's number into @v: a word folded by hand where it fits (gmp's
 * generic import was a tenth of listing a big set). */
static void set_member_key_read(const struct set_member_maker *mk, mpz_t v,
				const unsigned char *key)
{
	unsigned long w = 0;
	unsigned int i;
	bool le = mk->order == BYTEORDER_HOST_ENDIAN &&
		  __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__;

	if (mk->klen > sizeof(w)) {
		mpz_import_data(v, key, mk->order, mk->klen);
		return;
	}
	for (i = 0; i < mk->klen; i++)
		w = w << 8 | key[le ? mk->klen - 1 - i : i];
	mpz_set_ui(v, w);
}

struct expr *set_member_make(struct set_member_maker *mk, const void *key)
{
	set_member_key_read(mk, mk->tmp, key);
	return set_key_value(mk->left, mk->tmp, mk->klen);
}

/* @m, made by set_member_make(), given the value of @key instead: what
 * set_member_make() would make of it, without an allocation. */
bool set_member_refill(struct set_member_maker *mk, struct expr *m,
		       const void *key)
{
	if (m->etype != EXPR_VALUE || m->refcnt != 1)
		return false;
	set_member_key_read(mk, m->value.value, key);
	return true;
}

struct expr *set_member_make_interval(struct set_member_maker *mk,
				      const struct interval *iv)
{
	struct expr *m = set_interval_member(mk->left, iv, mk->klen);

	/* typed by the key again, as set_elems_decode() does: a type
	 * without prefixes lists ranges ("22-23", not "22/15") */
	return set_member_retype(m, mk->left);
}

struct expr *set_member_make_concat(struct set_member_maker *mk,
				    const void *key, const void *key_end,
				    bool interval)
{
	struct expr *m = set_concat_elem(mk->left, key, key_end, mk->klen);

	/* set_elems_decode() types an interval set's members again */
	return interval ? set_member_retype(m, mk->left) : m;
}

struct expr *set_member_maker_set(struct set_member_maker *mk,
				  const struct nftnl_set *head, bool interval)
{
	struct expr *set = set_expr_alloc(&internal_location);

	if (mk->map)
		return set;
	if (interval)
		set->flags |= EXPR_F_INTERVAL;
	set->dtype = mk->left->dtype;
	set->byteorder = mk->left->byteorder;
	set->len = mk->left->len;
	set->flags |= EXPR_F_CONSTANT;
	return set;
}

/* @m, a concatenation made by set_member_make_concat() (no range) or
 * map_member_make_concat(), given the members of @key instead; false
 * if a member is not a plain value (names: wildcards are made anew). */
bool set_member_refill_concat(struct set_member_maker *mk, struct expr *m,
			      const void *key)
{
	const struct expr *k;
	struct expr *v;
	unsigned int off = 0, len;

	if (m->etype != EXPR_CONCAT || m->refcnt != 1)
		return false;
	v = list_first_entry(&m->expr_list.expressions, struct expr, list);
	list_for_each_entry(k, &mk->left->expr_list.expressions, list) {
		len = div_round_up(k->len, BITS_PER_BYTE);
		if (off + len > mk->klen)
			break;
		if (&v->list == &m->expr_list.expressions ||
		    v->etype != EXPR_VALUE || set_key_is_string(k))
			return false;
		mpz_import_data(v->value.value,
				(const unsigned char *)key + off,
				concat_member_order(mk->left, k), len);
		off += concat_field_bytes(k);
		v = list_next_entry(v, list);
	}
	return true;
}
