/*
 * Named sets' elements packed for a listing (include/set_records.h): each
 * dump message is read in place into records of the dumped bytes, the
 * records are sorted as the system nft lists them, and each member is
 * made into an expression only while it is printed.
 */
#include <set_int.h>
#include <set_records.h>
#include <set_expr_int.h>
#include <intervals.h>
#include <mnl.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <arpa/inet.h>
#include <libmnl/libmnl.h>
#include <libnftnl/set.h>
#include <linux/netfilter.h>
#include <linux/netfilter/nfnetlink.h>
#include <linux/netfilter/nf_tables.h>

enum pack_kind {
	PACK_PLAIN,		/* keys, sorted by value */
	PACK_INTERVAL,		/* keys with end flags, read as intervals */
	PACK_CONCAT,		/* concatenations, sorted by their bytes */
	PACK_CONCAT_RANGE,	/* with range ends, in the dump's order */
	PACK_MAP,		/* key and data, sorted by key value */
	PACK_MAP_CONCAT,	/* concatenated key and data */
};

/*
 * A record: the key, its range end (PACK_CONCAT_RANGE), the data (a
 * verdict map's: the code and its chain's index + 1, 0 for none), the
 * element's flags (PACK_INTERVAL).
 */
struct set_records {
	struct nftnl_set *head;		/* the dumped set, no elements */
	enum pack_kind kind;
	bool verdicts;
	bool sort_le;			/* keys compare last byte first */
	bool flags;			/* keys sort by set_flags_rank() */
	uint32_t klen, dlen, stride;
	unsigned char *rec;
	unsigned int n, size;
	uint32_t *order;		/* listing order; NULL: as dumped */
	/* PACK_INTERVAL, once sorted: each interval's start record and
	 * its end's + 1 (0: it runs to the top) */
	uint32_t (*iv)[2];
	unsigned int niv;
	char **chains;			/* verdict maps' chains, each once */
	unsigned int nchains;
	uint32_t *chain_slot;		/* open addressing: index + 1 */
	unsigned int chain_mask;
	uint32_t *slot;			/* the records by hash: index + 1 */
	unsigned int slot_mask;
	bool slow;			/* an element holds more */
	bool repeat;			/* an element came twice */
};

#define PACK_VERDICT_LEN	8
#define PACK_DUMP_TRIES		16

static bool pack_is_map(const struct set_records *p)
{
	return p->kind == PACK_MAP || p->kind == PACK_MAP_CONCAT;
}

static uint32_t pack_data_off(const struct set_records *p)
{
	return p->kind == PACK_CONCAT_RANGE ? 2 * p->klen : p->klen;
}

static unsigned char *pack_rec(const struct set_records *p, unsigned int i)
{
	return p->rec + (size_t)i * p->stride;
}

/* The kind of @s's elements; false if it is not one for packing. */
static bool pack_kind_of(const struct set *s, uint32_t flags,
			 enum pack_kind *kind)
{
	bool concat = s->key->etype == EXPR_CONCAT;

	if (flags & NFT_SET_OBJECT)
		return false;
	if (set_is_map(s)) {
		/* "interval D" data: its JSON looks at the members whole */
		if (flags & NFT_SET_INTERVAL || !s->data || s->data_interval)
			return false;
		*kind = concat ? PACK_MAP_CONCAT : PACK_MAP;
	} else if (flags & NFT_SET_INTERVAL) {
		*kind = concat ? PACK_CONCAT_RANGE : PACK_INTERVAL;
	} else {
		*kind = concat ? PACK_CONCAT : PACK_PLAIN;
	}
	return true;
}

static struct set_records *pack_alloc(const struct nftnl_set *nls,
				   const struct set *s, enum pack_kind kind)
{
	struct set_records *p = xzalloc(sizeof(*p));

	p->head = set_nl_clone_head(nls);
	p->kind = kind;
	p->klen = nftnl_set_get_u32(nls, NFTNL_SET_KEY_LEN);
	if (pack_is_map(p)) {
		p->verdicts = nftnl_set_get_u32(nls, NFTNL_SET_DATA_TYPE) ==
			      NFT_DATA_VERDICT;
		p->dlen = p->verdicts ? PACK_VERDICT_LEN :
			  nftnl_set_get_u32(nls, NFTNL_SET_DATA_LEN);
	}
	p->stride = pack_data_off(p) + p->dlen +
		    (kind == PACK_INTERVAL ? 1 : 0);
	if (kind == PACK_CONCAT || kind == PACK_MAP_CONCAT)
		p->sort_le = true;
	else if (kind == PACK_PLAIN || kind == PACK_MAP) {
		struct set_member_maker mk;

		set_member_maker_init(&mk, nls, s->key, pack_is_map(p));
		p->sort_le = mk.order == BYTEORDER_HOST_ENDIAN &&
			     __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__;
		set_member_maker_clear(&mk);
		p->flags = datatype_is_bitmask(s->key->dtype) &&
			   p->klen <= sizeof(uint64_t);
	}
	return p;
}

static void pack_chains_free(struct set_records *p)
{
	unsigned int i;

	for (i = 0; i < p->nchains; i++)
		xfree(p->chains[i]);
	xfree(p->chains);
	xfree(p->chain_slot);
	p->chains = NULL;
	p->chain_slot = NULL;
	p->nchains = 0;
	p->chain_mask = 0;
}

/* Empty again, for a dump taken anew. */
static void pack_reset(struct set_records *p)
{
	xfree(p->rec);
	xfree(p->order);
	p->rec = NULL;
	p->order = NULL;
	p->n = p->size = 0;
	p->slow = false;
	p->repeat = false;
	xfree(p->slot);
	p->slot = NULL;
	p->slot_mask = 0;
	pack_chains_free(p);
}

void set_records_free(struct set_records *p)
{
	if (!p)
		return;
	pack_reset(p);
	xfree(p->iv);
	nftnl_set_free(p->head);
	xfree(p);
}

unsigned int set_records_count(const struct set_records *p)
{
	if (!p)
		return 0;
	return p->kind == PACK_INTERVAL ? p->niv : p->n;
}

/* ---- chain names ---- */

static uint32_t pack_str_hash(const char *s)
{
	uint32_t h = 2166136261u;

	while (*s)
		h = (h ^ (unsigned char)*s++) * 16777619u;
	return h;
}

static void pack_chains_grow(struct set_records *p)
{
	unsigned int size = p->chain_mask ? 2 * (p->chain_mask + 1) : 16;
	unsigned int i, s;

	xfree(p->chain_slot);
	p->chain_slot = xzalloc(size * sizeof(*p->chain_slot));
	p->chain_mask = size - 1;
	for (i = 0; i < p->nchains; i++) {
		for (s = pack_str_hash(p->chains[i]) & p->chain_mask;
		     p->chain_slot[s]; s = (s + 1) & p->chain_mask)
			;
		p->chain_slot[s] = i + 1;
	}
}

/* The index + 1 of chain @name, added if new. */
static uint32_t pack_chain_index(struct set_records *p, const char *name)
{
	unsigned int s;

	if (2 * (p->nchains + 1) > p->chain_mask)
		pack_chains_grow(p);
	for (s = pack_str_hash(name) & p->chain_mask; p->chain_slot[s];
	     s = (s + 1) & p->chain_mask) {
		if (!strcmp(p->chains[p->chain_slot[s] - 1], name))
			return p->chain_slot[s];
	}
	p->chains = xrealloc(p->chains,
			     (p->nchains + 1) * sizeof(*p->chains));
	p->chains[p->nchains++] = xstrdup(name);
	p->chain_slot[s] = p->nchains;
	return p->nchains;
}

/* ---- repeats ---- */

/* The bytes that tell elements apart: the key, an interval's end flag. */
static uint32_t pack_ident_len(const struct set_records *p)
{
	return p->kind == PACK_INTERVAL ? p->klen + 1 : p->klen;
}

/* An interval's end flag follows its key directly in its record. */
static const unsigned char *pack_ident(const struct set_records *p,
				       unsigned int i)
{
	return pack_rec(p, i);
}

/* Up to 8 bytes of @k as a word: the common sizes loaded at once. */
static uint64_t pack_word(const unsigned char *k, uint32_t len)
{
	uint64_t w8 = 0;
	uint32_t w4, i;

	switch (len) {
	case 4:
		memcpy(&w4, k, sizeof(w4));
		return w4;
	case 8:
		memcpy(&w8, k, sizeof(w8));
		return w8;
	default:
		for (i = 0; i < len; i++)
			w8 = w8 << 8 | k[i];
		return w8;
	}
}

static uint64_t pack_hash(const unsigned char *k, uint32_t len)
{
	uint64_t h = len * 0x9e3779b97f4a7c15ULL;
	uint32_t i;

	for (i = 0; i < len; i += 8) {
		h = (h ^ pack_word(k + i, len - i < 8 ? len - i : 8)) *
		    0xff51afd7ed558ccdULL;
		h ^= h >> 32;
	}
	return h;
}

static void pack_slot_put(struct set_records *p, unsigned int i)
{
	unsigned int s;

	for (s = pack_hash(pack_ident(p, i), pack_ident_len(p)) &
		 p->slot_mask; p->slot[s]; s = (s + 1) & p->slot_mask)
		;
	p->slot[s] = i + 1;
}

static void pack_slots_grow(struct set_records *p)
{
	unsigned int size = p->slot_mask ? 2 * (p->slot_mask + 1) : 64;
	unsigned int i;

	xfree(p->slot);
	p->slot = xzalloc(size * sizeof(*p->slot));
	p->slot_mask = size - 1;
	for (i = 0; i < p->n; i++)
		pack_slot_put(p, i);
}

/* Whether the last record came before: the kernel walked its hash
 * table while it was resized, and the dump is worth no more. */
static bool pack_repeats_last(struct set_records *p)
{
	unsigned int i = p->n - 1, s;
	uint32_t len = pack_ident_len(p);

	if (2 * p->n > p->slot_mask)
		pack_slots_grow(p);
	for (s = pack_hash(pack_ident(p, i), len) & p->slot_mask;
	     p->slot[s]; s = (s + 1) & p->slot_mask) {
		if (p->slot[s] - 1 != i &&
		    !memcmp(pack_ident(p, p->slot[s] - 1), pack_ident(p, i),
			    len))
			return true;
		if (p->slot[s] - 1 == i)
			return false;	/* placed by the growth */
	}
	p->slot[s] = i + 1;
	return false;
}

/* ---- reading a dump message ---- */

struct pack_elem {
	const void *key, *key_end, *data;
	uint32_t klen, kelen, dlen, flags;
	bool verdict;
	int32_t code;
	const char *chain;
};

/* The value in NFTA_DATA_VALUE nested in @a. */
static bool pack_value_read(const struct nlattr *a, const void **v,
			    uint32_t *len)
{
	const struct nlattr *d;

	mnl_attr_for_each_nested(d, a) {
		if (mnl_attr_get_type(d) != NFTA_DATA_VALUE)
			return false;
		*v = mnl_attr_get_payload(d);
		*len = mnl_attr_get_payload_len(d);
	}
	return *v != NULL;
}

static bool pack_verdict_read(const struct nlattr *a, struct pack_elem *e)
{
	const struct nlattr *v;
	bool code = false;

	mnl_attr_for_each_nested(v, a) {
		switch (mnl_attr_get_type(v)) {
		case NFTA_VERDICT_CODE:
			if (mnl_attr_validate(v, MNL_TYPE_U32) < 0)
				return false;
			e->code = (int32_t)ntohl(mnl_attr_get_u32(v));
			code = true;
			break;
		case NFTA_VERDICT_CHAIN:
			if (mnl_attr_validate(v, MNL_TYPE_NUL_STRING) < 0)
				return false;
			e->chain = mnl_attr_get_str(v);
			break;
		default:
			return false;
		}
	}
	e->verdict = code;
	return code;
}

/* NFTA_SET_ELEM_DATA: a value or a verdict. */
static bool pack_data_read(const struct nlattr *a, struct pack_elem *e)
{
	const struct nlattr *d;

	mnl_attr_for_each_nested(d, a) {
		switch (mnl_attr_get_type(d)) {
		case NFTA_DATA_VALUE:
			e->data = mnl_attr_get_payload(d);
			e->dlen = mnl_attr_get_payload_len(d);
			break;
		case NFTA_DATA_VERDICT:
			if (!pack_verdict_read(d, e))
				return false;
			break;
		default:
			return false;
		}
	}
	return e->data || e->verdict;
}

/* Element @elem's attributes (linux/netfilter/nf_tables.h): false if
 * it holds what a record does not. */
static bool pack_elem_read(const struct nlattr *elem, struct pack_elem *e)
{
	const struct nlattr *a;

	memset(e, 0, sizeof(*e));
	mnl_attr_for_each_nested(a, elem) {
		switch (mnl_attr_get_type(a)) {
		case NFTA_SET_ELEM_KEY:
			if (!pack_value_read(a, &e->key, &e->klen))
				return false;
			break;
		case NFTA_SET_ELEM_KEY_END:
			if (!pack_value_read(a, &e->key_end, &e->kelen))
				return false;
			break;
		case NFTA_SET_ELEM_FLAGS:
			if (mnl_attr_validate(a, MNL_TYPE_U32) < 0)
				return false;
			e->flags = ntohl(mnl_attr_get_u32(a));
			break;
		case NFTA_SET_ELEM_DATA:
			if (!pack_data_read(a, e))
				return false;
			break;
		default:
			return false;
		}
	}
	return true;
}

/* Whether @e is what a record of @p holds. */
static bool pack_elem_fits(const struct set_records *p,
			   const struct pack_elem *e)
{
	if (!e->key || e->klen != p->klen)
		return false;
	if (e->flags & ~(p->kind == PACK_INTERVAL ?
			 NFT_SET_ELEM_INTERVAL_END : 0))
		return false;
	if (e->key_end && (p->kind != PACK_CONCAT_RANGE ||
			   e->kelen != p->klen))
		return false;
	if (!pack_is_map(p))
		return !e->data && !e->verdict;
	if (p->verdicts)
		return e->verdict && !e->data;
	return e->data && !e->verdict && e->dlen == p->dlen;
}

static unsigned char *pack_push(struct set_records *p)
{
	if (p->n == p->size) {
		p->size = p->size ? 2 * p->size : 1024;
		p->rec = xrealloc(p->rec, (size_t)p->size * p->stride);
	}
	return pack_rec(p, p->n++);
}

static void pack_add(struct set_records *p, const struct pack_elem *e)
{
	unsigned char *r = pack_push(p);
	uint32_t off = pack_data_off(p), chain;

	memcpy(r, e->key, p->klen);
	if (p->kind == PACK_CONCAT_RANGE)
		memcpy(r + p->klen, e->key_end ? e->key_end : e->key,
		       p->klen);
	if (p->verdicts) {
		chain = e->chain ? pack_chain_index(p, e->chain) : 0;
		memcpy(r + off, &e->code, sizeof(e->code));
		memcpy(r + off + 4, &chain, sizeof(chain));
	} else if (p->dlen) {
		memcpy(r + off, e->data, p->dlen);
	}
	if (p->kind == PACK_INTERVAL)
		r[off] = e->flags & NFT_SET_ELEM_INTERVAL_END ? 1 : 0;
}

/* A message of the dump: its elements packed, read in place. */
static int pack_dump_cb(const struct nlmsghdr *nlh, void *data)
{
	struct set_records *p = data;
	const struct nlattr *a, *e;
	struct pack_elem el;

	if (p->slow)
		return MNL_CB_OK;	/* drained, then decoded otherwise */
	mnl_attr_for_each(a, nlh, sizeof(struct nfgenmsg)) {
		if (mnl_attr_get_type(a) != NFTA_SET_ELEM_LIST_ELEMENTS)
			continue;
		mnl_attr_for_each_nested(e, a) {
			if (mnl_attr_get_type(e) != NFTA_LIST_ELEM ||
			    !pack_elem_read(e, &el) ||
			    !pack_elem_fits(p, &el)) {
				p->slow = true;
				return MNL_CB_OK;
			}
			pack_add(p, &el);
			if (pack_repeats_last(p)) {
				p->repeat = true;
				return MNL_CB_STOP;
			}
		}
	}
	return MNL_CB_OK;
}

/* ---- order ---- */

static uint64_t pack_key_word(const struct set_records *p,
			      const unsigned char *k)
{
	uint64_t v = 0;
	uint32_t i;

	for (i = 0; i < p->klen; i++)
		v = v << 8 | k[p->sort_le ? p->klen - 1 - i : i];
	return v;
}

static int pack_key_cmp(const void *a, const void *b, void *ctx)
{
	const struct set_records *p = ctx;
	const unsigned char *x = pack_rec(p, *(const uint32_t *)a);
	const unsigned char *y = pack_rec(p, *(const uint32_t *)b);
	uint32_t i;

	if (!p->sort_le)
		return memcmp(x, y, p->klen);
	for (i = p->klen; i-- > 0;) {
		if (x[i] != y[i])
			return x[i] < y[i] ? -1 : 1;
	}
	return 0;
}

/* The records' sort word: the key, and for an interval set's bounds
 * (@bounds) the key with one more bit, so that at one key an end sorts
 * before a start. */
static uint64_t pack_sort_word(const struct set_records *p, unsigned int i,
			       bool bounds)
{
	uint64_t w = pack_key_word(p, pack_rec(p, i));

	if (p->flags)
		w = w ? (uint64_t)__builtin_ctzll(w) + 1 : 0;
	return bounds ? w << 1 | !pack_rec(p, i)[p->klen] : w;
}

/* p->order: the records by key (and bound flag), a radix sort where the
 * sort word fits 64 bits, @cmp on the bytes otherwise. */
static void pack_order(struct set_records *p, bool bounds,
		       int (*cmp)(const void *, const void *, void *))
{
	struct set_sort_key *a;
	uint64_t max = 0;
	unsigned int i;

	p->order = xmalloc((p->n + 1) * sizeof(*p->order));
	for (i = 0; i < p->n; i++)
		p->order[i] = i;
	if (p->klen + bounds > sizeof(uint64_t)) {
		qsort_r(p->order, p->n, sizeof(*p->order), cmp, p);
		return;
	}
	a = xmalloc((p->n + 1) * sizeof(*a));
	for (i = 0; i < p->n; i++) {
		a[i].key = pack_sort_word(p, i, bounds);
		a[i].e = (void *)(uintptr_t)i;
		if (a[i].key > max)
			max = a[i].key;
	}
	set_radix_sort(a, p->n, max);
	for (i = 0; i < p->n; i++)
		p->order[i] = (uint32_t)(uintptr_t)a[i].e;
	xfree(a);
}

/* The records in listing order: by key, a number or bytes. */
static void pack_sort(struct set_records *p)
{
	pack_order(p, false, pack_key_cmp);
}

static int pack_bound_cmp(const void *a, const void *b, void *ctx)
{
	const struct set_records *p = ctx;
	uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;
	int c = pack_key_cmp(a, b, ctx);

	/* an interval ending at k sorts before one starting at k */
	return c ? c : (int)pack_rec(p, y)[p->klen] -
		       (int)pack_rec(p, x)[p->klen];
}

/* An interval set's bounds in order, ends before starts at one key. */
static void pack_sort_bounds(struct set_records *p)
{
	pack_order(p, true, pack_bound_cmp);
}

/* An interval set's bounds paired as intervals_decode() pairs them:
 * each start with the end right after it, if any. */
static void pack_intervals(struct set_records *p)
{
	unsigned int i;
	uint32_t r;

	pack_sort_bounds(p);
	p->iv = xmalloc((p->n + 1) * sizeof(*p->iv));
	for (i = 0; i < p->n; i++) {
		r = p->order[i];
		if (pack_rec(p, r)[p->klen])
			continue;	/* the leading 0, or a stray end */
		p->iv[p->niv][0] = r;
		p->iv[p->niv][1] = 0;
		if (i + 1 < p->n && pack_rec(p, p->order[i + 1])[p->klen])
			p->iv[p->niv][1] = p->order[++i] + 1;
		p->niv++;
	}
	xfree(p->order);
	p->order = NULL;
}

/* Whether the data of a map's first record can be read: a map's data
 * is read the same way for each element. */
static bool pack_data_readable(const struct set_records *p)
{
	struct map_data_maker dm;
	struct expr *d;

	if (!pack_is_map(p) || p->verdicts || p->n == 0)
		return true;
	map_data_maker_init(&dm, p->head);
	d = map_data_make(&dm, 0, NULL, pack_rec(p, 0) + pack_data_off(p),
			  p->dlen);
	map_data_maker_clear(&dm);
	if (d == NULL)
		return false;
	expr_free(d);
	return true;
}

static void pack_finish(struct set_records *p)
{
	switch (p->kind) {
	case PACK_INTERVAL:
		pack_intervals(p);
		break;
	case PACK_CONCAT_RANGE:
		break;		/* listed in the dump's order */
	default:
		if (p->n > 1)
			pack_sort(p);
		break;
	}
}

/* ---- the dump ---- */

/* A pause before a dump that repeated elements is taken again: the
 * kernel's resize of its hash table runs on, and a dump at once would
 * likely meet it again. */
static void pack_pause(unsigned int tries)
{
	struct timespec ts = { 0, 20 * 1000 * 1000 };

	while (tries-- > 0 && ts.tv_nsec < 320 * 1000 * 1000)
		ts.tv_nsec *= 2;
	nanosleep(&ts, NULL);
}

/* One dump into @p: 0 done, 1 to be taken again, -1 with errno. */
static int pack_dump_once(struct nft_ctx *nft, const struct nftnl_set *nls,
			  struct set_records *p)
{
	pack_reset(p);
	if (mnl_dump_set_elems_each(nft, nls, pack_dump_cb, p) < 0)
		return errno == EINTR ? 1 : -1;
	if (p->repeat) {
		/* the rest of the dump is still queued on the socket: it
		 * goes with it */
		nft_mnl_close(nft);
		return 1;
	}
	return 0;
}

int set_records_dump(struct nft_ctx *nft, const struct nftnl_set *nls,
		  struct set *s)
{
	uint32_t flags = nftnl_set_get_u32(nls, NFTNL_SET_FLAGS);
	enum pack_kind kind;
	struct set_records *p;
	unsigned int tries;
	int ret = 1, err;

	if (!s->key || !pack_kind_of(s, flags, &kind))
		return 1;
	p = pack_alloc(nls, s, kind);
	if (p->klen == 0 || p->klen > NFT_REG_SIZE * 4 ||
	    p->dlen > NFT_REG_SIZE * 4) {
		set_records_free(p);
		return 1;
	}
	for (tries = 0; tries < PACK_DUMP_TRIES && ret > 0; tries++) {
		if (tries)
			pack_pause(tries - 1);
		ret = pack_dump_once(nft, nls, p);
	}
	if (ret || p->slow || !pack_data_readable(p)) {
		err = ret > 0 ? EINTR : errno;
		set_records_free(p);
		if (ret < 0 && err == ENOENT)
			return 0;	/* gone meanwhile */
		errno = err;
		return ret ? -1 : 1;
	}
	xfree(p->slot);
	p->slot = NULL;
	pack_finish(p);
	s->packed = p;
	return 0;
}

/* ---- members ---- */

struct pack_makers {
	struct set_member_maker key;
	struct map_data_maker data;
	struct interval iv;
	/* verdicts made once each: by code (-5..5), then jump and goto
	 * of each chain */
	struct expr **verdicts;
	unsigned int nverdicts;
};

#define PACK_CODES		11

static void pack_makers_init(struct pack_makers *m, const struct set_records *p,
			     const struct set *s)
{
	set_member_maker_init(&m->key, p->head, s->key, pack_is_map(p));
	interval_init(&m->iv);
	m->verdicts = NULL;
	m->nverdicts = 0;
	if (pack_is_map(p))
		map_data_maker_init(&m->data, p->head);
	if (p->verdicts) {
		m->nverdicts = PACK_CODES + 2 * p->nchains;
		m->verdicts = xzalloc(m->nverdicts * sizeof(*m->verdicts));
	}
}

static void pack_makers_clear(struct pack_makers *m,
			      const struct set_records *p)
{
	unsigned int i;

	for (i = 0; i < m->nverdicts; i++)
		expr_free(m->verdicts[i]);
	xfree(m->verdicts);
	set_member_maker_clear(&m->key);
	interval_clear(&m->iv);
	if (pack_is_map(p))
		map_data_maker_clear(&m->data);
}

/* The cache slot of verdict @code to chain @chain (index + 1), -1 if
 * none. */
static int pack_verdict_slot(int32_t code, uint32_t chain)
{
	if (chain)
		return code == NFT_JUMP || code == NFT_GOTO ?
		       PACK_CODES + 2 * (int)(chain - 1) +
		       (code == NFT_GOTO) : -1;
	return code >= -5 && code <= 5 ? code + 5 : -1;
}

/* A map's data (a reference): verdicts made once each. */
static struct expr *pack_data_make(const struct set_records *p,
				   struct pack_makers *m,
				   const unsigned char *d)
{
	uint32_t chain;
	int32_t code;
	int slot;

	if (!p->verdicts)
		return map_data_make(&m->data, 0, NULL, d, p->dlen);
	memcpy(&code, d, sizeof(code));
	memcpy(&chain, d + 4, sizeof(chain));
	slot = pack_verdict_slot(code, chain);
	if (slot < 0)
		return map_data_make(&m->data, code,
				     chain ? p->chains[chain - 1] : NULL,
				     NULL, 0);
	if (!m->verdicts[slot])
		m->verdicts[slot] = map_data_make(&m->data, code,
				chain ? p->chains[chain - 1] : NULL, NULL, 0);
	return expr_get(m->verdicts[slot]);
}

/* Record @r as its member. */
static struct expr *pack_make(const struct set_records *p, struct pack_makers *m,
			      const unsigned char *r)
{
	struct expr *key;

	switch (p->kind) {
	case PACK_PLAIN:
		return set_member_make(&m->key, r);
	case PACK_CONCAT:
		return set_member_make_concat(&m->key, r, NULL, false);
	case PACK_CONCAT_RANGE:
		return set_member_make_concat(&m->key, r, r + p->klen, true);
	case PACK_MAP:
		key = set_member_make(&m->key, r);
		break;
	case PACK_MAP_CONCAT:
		key = map_member_make_concat(&m->key, r);
		break;
	default:
		return NULL;
	}
	return mapping_expr_alloc(&internal_location, key,
				  pack_data_make(p, m, r + pack_data_off(p)));
}

/* Interval @i: [start, end - 1], or to the top of the key's range. */
static struct expr *pack_make_interval(const struct set_records *p,
				       struct pack_makers *m, unsigned int i)
{
	uint32_t end = p->iv[i][1];

	mpz_import_data(m->iv.low, pack_rec(p, p->iv[i][0]), m->key.order,
			p->klen);
	if (end) {
		mpz_import_data(m->iv.high, pack_rec(p, end - 1),
				m->key.order, p->klen);
		mpz_sub_ui(m->iv.high, m->iv.high, 1);
	} else {
		mpz_set_ui(m->iv.high, 0);
		mpz_setbit(m->iv.high, p->klen * BITS_PER_BYTE);
		mpz_sub_ui(m->iv.high, m->iv.high, 1);
	}
	return set_member_make_interval(&m->key, &m->iv);
}

static struct expr *pack_make_nth(const struct set_records *p,
				  struct pack_makers *m, unsigned int i)
{
	if (p->kind == PACK_INTERVAL)
		return pack_make_interval(p, m, i);
	return pack_make(p, m, pack_rec(p, p->order ? p->order[i] : i));
}

/* @e, member i - 1, made member @i in place; false if it cannot be. */
static bool pack_refill(const struct set_records *p, struct pack_makers *m,
			struct expr *e, unsigned int i)
{
	const unsigned char *r = pack_rec(p, p->order ? p->order[i] : i);
	struct expr *key = e;

	if (pack_is_map(p)) {
		if (e->etype != EXPR_MAPPING || e->refcnt != 1)
			return false;
		key = e->mapping.key;
	}
	switch (p->kind) {
	case PACK_PLAIN:
	case PACK_MAP:
		if (!set_member_refill(&m->key, key, r))
			return false;
		break;
	case PACK_CONCAT:
	case PACK_MAP_CONCAT:
		if (!set_member_refill_concat(&m->key, key, r))
			return false;
		break;
	default:
		return false;
	}
	if (pack_is_map(p)) {
		expr_free(e->mapping.data);
		e->mapping.data = pack_data_make(p, m, r + pack_data_off(p));
	}
	return true;
}

void set_records_foreach(const struct set *s,
		      void (*cb)(const struct expr *m, void *ctx), void *ctx)
{
	const struct set_records *p = s->packed;
	struct pack_makers m;
	unsigned int i, n = set_records_count(p);
	struct expr *e;

	if (n == 0)
		return;
	pack_makers_init(&m, p, s);
	e = pack_make_nth(p, &m, 0);
	cb(e, ctx);
	for (i = 1; i < n; i++) {
		/* a member is made once and given each value: an
		 * allocation per element was a fifth of a listing */
		if (!pack_refill(p, &m, e, i)) {
			expr_free(e);
			e = pack_make_nth(p, &m, i);
		}
		cb(e, ctx);
	}
	expr_free(e);
	pack_makers_clear(&m, p);
}

void set_records_unpack(struct set *s)
{
	struct set_records *p = s->packed;
	struct pack_makers m;
	unsigned int i, n;

	if (!p)
		return;
	n = set_records_count(p);
	pack_makers_init(&m, p, s);
	if (n) {
		s->init = set_member_maker_set(&m.key, p->head,
				p->kind == PACK_INTERVAL ||
				p->kind == PACK_CONCAT_RANGE);
		for (i = 0; i < n; i++)
			set_expr_add(s->init, pack_make_nth(p, &m, i));
	}
	pack_makers_clear(&m, p);
	set_records_free(p);
	s->packed = NULL;
}
