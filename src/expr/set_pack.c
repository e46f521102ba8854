/*
 * Packed member lists (include/set_pack.h): a set's plain members as a
 * stream of serialized nodes in chained blocks, and once evaluated as
 * the keys the kernel takes.
 *
 * A node is a kind byte (PK_*, with PK_RAWLOC when its location is not
 * in the pack's input), a byte of expression flags, its location, then
 * the kind's fields; children follow their parent. Numbers are LEB128
 * varints, so a line number costs 1 to 3 bytes and a column one.
 */
#include <stdlib.h>
#include <string.h>
#include <expr.h>
#include <set_pack.h>
#include <arpa/inet.h>
#include <libmnl/libmnl.h>
#ifdef __GLIBC__
#include <malloc.h>
#endif

/* include/set_pack.h's SET_PACK_*, as the stream writes them */
enum pack_kind {
	PK_SYMBOL = SET_PACK_SYMBOL,
	PK_STRING = SET_PACK_STRING,	/* a string constant (a jump's chain) */
	PK_PREFIX = SET_PACK_PREFIX,
	PK_RANGE = SET_PACK_RANGE,
	PK_CONCAT = SET_PACK_CONCAT,
	PK_MAPPING = SET_PACK_MAPPING,
	PK_VERDICT = SET_PACK_VERDICT,
};
#define PK_RAWLOC	0x80
/* the base location but another of the pack's JSON paths (an index
 * byte follows): a JSON element's members each have their own path */
#define PK_PATHLOC	0x40

#define PACK_BLOCK	65536

struct pack_block {
	struct pack_block *next;
	unsigned int used;
	unsigned int size;
	unsigned char data[];
};

struct set_pack {
	struct pack_block *first, *last;
	unsigned int count;
	/* the input most members come from: theirs is not stored */
	struct location base;
	bool has_base;
	const char *paths[8];
	unsigned int npaths;
	struct pack_keys *keys;
	/* a member is a mapping; some node is a prefix or a range */
	bool mappings, ranges;
	/* one member being serialized, then copied into a block */
	unsigned char *tmp;
	unsigned int tmp_len, tmp_size;
};

/* ---- writing ---- */

/* Room for @len more bytes (a node's fixed part is at most
 * TMP_NODE_MAX: two bytes, a raw location or four varints, a varint and
 * a byte). */
#define TMP_NODE_MAX	(2 + sizeof(struct location) + 5 + 1 + 5)

static void tmp_reserve(struct set_pack *p, unsigned int len)
{
	if (p->tmp_len + len > p->tmp_size) {
		p->tmp_size = (p->tmp_len + len) * 2 + 64;
		p->tmp = xrealloc(p->tmp, p->tmp_size);
	}
}

static void tmp_put(struct set_pack *p, const void *data, unsigned int len)
{
	tmp_reserve(p, len);
	memcpy(p->tmp + p->tmp_len, data, len);
	p->tmp_len += len;
}

/* The callers reserved the room (TMP_NODE_MAX). */
static void tmp_byte(struct set_pack *p, unsigned char c)
{
	p->tmp[p->tmp_len++] = c;
}

/* @v at @d: past it (a location's four go through one cursor, not
 * p->tmp_len each byte, which the compiler must reload after a store) */
static unsigned char *put_varint(unsigned char *d, uint32_t v)
{
	while (v >= 0x80) {
		*d++ = (v & 0x7f) | 0x80;
		v >>= 7;
	}
	*d++ = v;
	return d;
}

static void tmp_varint(struct set_pack *p, uint32_t v)
{
	p->tmp_len = put_varint(p->tmp + p->tmp_len, v) - p->tmp;
}

/* 0: the base location's path, N: paths[N - 1], -1: a raw location */
static int loc_path(struct set_pack *p, const struct location *l)
{
	unsigned int i;

	if (!p->has_base || l->indesc != p->base.indesc ||
	    l->json_index != p->base.json_index ||
	    l->last_line < l->first_line)
		return -1;
	if (l->json_path == p->base.json_path)
		return 0;
	for (i = 0; i < p->npaths; i++)
		if (p->paths[i] == l->json_path)
			return i + 1;
	if (p->npaths == array_size(p->paths))
		return -1;
	p->paths[p->npaths++] = l->json_path;
	return p->npaths;
}

static void tmp_loc(struct set_pack *p, unsigned char kind,
		    const struct expr *e)
{
	const struct location *l = &e->location;
	unsigned char *d;
	int path;

	tmp_reserve(p, TMP_NODE_MAX);
	if (!p->has_base) {
		p->base = *l;
		p->has_base = true;
	}
	path = loc_path(p, l);
	if (path < 0) {
		tmp_byte(p, kind | PK_RAWLOC);
		tmp_byte(p, e->flags);
		memcpy(p->tmp + p->tmp_len, l, sizeof(*l));
		p->tmp_len += sizeof(*l);
		return;
	}
	d = p->tmp + p->tmp_len;
	*d++ = kind | (path ? PK_PATHLOC : 0);
	*d++ = e->flags;
	if (path)
		*d++ = path - 1;
	d = put_varint(d, l->first_line);
	d = put_varint(d, l->first_column);
	d = put_varint(d, l->last_line - l->first_line);
	d = put_varint(d, l->last_column);
	p->tmp_len = d - p->tmp;
}

static void tmp_str(struct set_pack *p, const char *s)
{
	tmp_put(p, s, strlen(s) + 1);
}

/* A string constant exactly as constant_expr_alloc_string() makes it
 * (a chain name): its text into @buf. */
#define PACK_STRING_MAX	256

static bool pack_string(const struct expr *e, char *buf)
{
	unsigned int len = e->len / BITS_PER_BYTE;

	if (e->etype != EXPR_VALUE || e->dtype != &string_type ||
	    e->byteorder != BYTEORDER_HOST_ENDIAN || e->len == 0 ||
	    e->len % BITS_PER_BYTE || len >= PACK_STRING_MAX)
		return false;
	mpz_export_data(buf, e->value.value, BYTEORDER_HOST_ENDIAN, len);
	buf[len] = '\0';
	return strlen(buf) == len;
}

static bool pack_is_string(const struct expr *e)
{
	char buf[PACK_STRING_MAX];

	return pack_string(e, buf);
}

static bool pack_plain(const struct expr *e)
{
	return e->refcnt == 1 && e->elem_info == NULL && e->flags < 0x100;
}

/* Whether @e (and its children) can be packed and come back the same. */
static bool pack_ok(const struct expr *e, bool data)
{
	const struct expr *i;

	if (!pack_plain(e))
		return false;
	switch (e->etype) {
	case EXPR_SYMBOL:
		return e->dtype == &invalid_type && e->len == 0;
	case EXPR_PREFIX:
		return pack_ok(e->prefix.prefix, data) &&
		       e->prefix.prefix->etype == EXPR_SYMBOL;
	case EXPR_RANGE:
		return e->range.left->etype == EXPR_SYMBOL &&
		       e->range.right->etype == EXPR_SYMBOL &&
		       pack_ok(e->range.left, data) &&
		       pack_ok(e->range.right, data);
	case EXPR_CONCAT:
		if (e->len || e->expr_list.size == 0)
			return false;
		list_for_each_entry(i, &e->expr_list.expressions, list)
			if (i->etype == EXPR_CONCAT || !pack_ok(i, data))
				return false;
		return true;
	case EXPR_VERDICT:
		return data && (!e->verdict.chain ||
				(pack_plain(e->verdict.chain) &&
				 pack_is_string(e->verdict.chain)));
	default:
		return false;
	}
}

static bool pack_member_ok(const struct expr *m)
{
	if (m->etype == EXPR_MAPPING)
		return pack_plain(m) && m->dtype == &invalid_type &&
		       m->mapping.key->etype != EXPR_VERDICT &&
		       pack_ok(m->mapping.key, false) &&
		       pack_ok(m->mapping.data, true);
	return m->etype != EXPR_VERDICT && pack_ok(m, false);
}

static void tmp_node(struct set_pack *p, const struct expr *e)
{
	char s[PACK_STRING_MAX];
	const struct expr *i;

	switch (e->etype) {
	case EXPR_SYMBOL:
		tmp_loc(p, PK_SYMBOL, e);
		tmp_byte(p, e->symbol.quoted);
		tmp_str(p, e->symbol.identifier);
		break;
	case EXPR_VALUE:
		tmp_loc(p, PK_STRING, e);
		pack_string(e, s);
		tmp_str(p, s);
		break;
	case EXPR_PREFIX:
		p->ranges = true;
		tmp_loc(p, PK_PREFIX, e);
		tmp_varint(p, e->prefix.prefix_len);
		tmp_node(p, e->prefix.prefix);
		break;
	case EXPR_RANGE:
		p->ranges = true;
		tmp_loc(p, PK_RANGE, e);
		tmp_node(p, e->range.left);
		tmp_node(p, e->range.right);
		break;
	case EXPR_CONCAT:
		tmp_loc(p, PK_CONCAT, e);
		tmp_varint(p, e->expr_list.size);
		list_for_each_entry(i, &e->expr_list.expressions, list)
			tmp_node(p, i);
		break;
	case EXPR_MAPPING:
		p->mappings = true;
		tmp_loc(p, PK_MAPPING, e);
		tmp_node(p, e->mapping.key);
		tmp_node(p, e->mapping.data);
		break;
	case EXPR_VERDICT:
		tmp_loc(p, PK_VERDICT, e);
		tmp_varint(p, (uint32_t)e->verdict.verdict);
		tmp_byte(p, e->verdict.chain != NULL);
		if (e->verdict.chain)
			tmp_node(p, e->verdict.chain);
		break;
	default:
		BUG("set_pack: %s cannot be packed", expr_name(e));
	}
}

static struct pack_block *pack_block_new(struct set_pack *p, unsigned int need)
{
	unsigned int size = need > PACK_BLOCK ? need : PACK_BLOCK;
	struct pack_block *b = xmalloc(sizeof(*b) + size);

	b->next = NULL;
	b->used = 0;
	b->size = size;
	if (p->last)
		p->last->next = b;
	else
		p->first = b;
	p->last = b;
	return b;
}

static void pack_append(struct set_pack *p, const struct expr *m)
{
	struct pack_block *b = p->last;

	p->tmp_len = 0;
	tmp_node(p, m);
	if (!b || b->size - b->used < p->tmp_len)
		b = pack_block_new(p, p->tmp_len);
	memcpy(b->data + b->used, p->tmp, p->tmp_len);
	b->used += p->tmp_len;
	p->count++;
}

/* ---- reading ---- */

struct pack_reader {
	const unsigned char *d;
	unsigned int off;
	const struct set_pack *p;
};

static uint32_t rd_varint(struct pack_reader *r)
{
	uint32_t v = 0;
	unsigned int shift = 0;
	unsigned char c;

	do {
		c = r->d[r->off++];
		v |= (uint32_t)(c & 0x7f) << shift;
		shift += 7;
	} while (c & 0x80);
	return v;
}

static const char *rd_str(struct pack_reader *r)
{
	const char *s = (const char *)r->d + r->off;

	r->off += strlen(s) + 1;
	return s;
}

static void rd_loc(struct pack_reader *r, unsigned char kind,
		   struct location *l)
{
	if (kind & PK_RAWLOC) {
		memcpy(l, r->d + r->off, sizeof(*l));
		r->off += sizeof(*l);
		return;
	}
	*l = r->p->base;
	if (kind & PK_PATHLOC)
		l->json_path = r->p->paths[r->d[r->off++]];
	l->first_line = rd_varint(r);
	l->first_column = rd_varint(r);
	l->last_line = l->first_line + rd_varint(r);
	l->last_column = rd_varint(r);
}

static struct expr *rd_node(struct pack_reader *r)
{
	unsigned char kind = r->d[r->off++], flags = r->d[r->off++];
	struct expr *e, *a, *b;
	struct location loc;
	unsigned int n, v;

	rd_loc(r, kind, &loc);
	switch (kind & ~(PK_RAWLOC | PK_PATHLOC)) {
	case PK_SYMBOL:
		n = r->d[r->off++];
		e = symbol_expr_alloc(&loc, rd_str(r), n);
		break;
	case PK_STRING:
		e = constant_expr_alloc_string(&loc, &string_type, rd_str(r), 0);
		break;
	case PK_PREFIX:
		v = rd_varint(r);
		e = prefix_expr_alloc(&loc, rd_node(r), v);
		break;
	case PK_RANGE:
		a = rd_node(r);
		b = rd_node(r);
		e = range_expr_alloc(&loc, a, b);
		break;
	case PK_CONCAT:
		e = concat_expr_alloc(&loc);
		for (n = rd_varint(r); n > 0; n--)
			concat_expr_add(e, rd_node(r));
		break;
	case PK_MAPPING:
		a = rd_node(r);
		b = rd_node(r);
		e = mapping_expr_alloc(&loc, a, b);
		break;
	case PK_VERDICT:
		v = rd_varint(r);
		n = r->d[r->off++];
		e = verdict_expr_alloc(&loc, (int)v, n ? rd_node(r) : NULL);
		break;
	default:
		BUG("set_pack: bad node kind %u", kind);
	}
	e->flags = flags;
	return e;
}

void set_pack_iter_init(const struct set_pack *p, struct set_pack_iter *it)
{
	it->block = p ? p->first : NULL;
	it->off = 0;
}

struct expr *set_pack_next(const struct set_pack *p, struct set_pack_iter *it)
{
	const struct pack_block *b = it->block;
	struct pack_reader r;
	struct expr *e;

	while (b && it->off >= b->used) {
		b = it->block = b->next;
		it->off = 0;
	}
	if (!b)
		return NULL;
	r.d = b->data;
	r.off = it->off;
	r.p = p;
	e = rd_node(&r);

	it->off = r.off;
	return e;
}

/* ---- views: members read in place, nothing allocated ---- */

/* Past a location (a view has none). */
static const unsigned char *skip_loc(const unsigned char *d,
				     unsigned char kind)
{
	unsigned int k;

	if (kind & PK_RAWLOC)
		return d + sizeof(struct location);
	if (kind & PK_PATHLOC)
		d++;
	for (k = 0; k < 4; k++)
		while (*d++ & 0x80)
			;
	return d;
}

static uint32_t view_varint(const unsigned char **dp)
{
	const unsigned char *d = *dp;
	uint32_t v = 0;
	unsigned int shift = 0;

	do {
		v |= (uint32_t)(*d & 0x7f) << shift;
		shift += 7;
	} while (*d++ & 0x80);
	*dp = d;
	return v;
}

/* One node's own fields (its children follow in the stream), read
 * through a local cursor: r->off is stored back once. */
static void view_one(struct pack_reader *r, struct set_pack_view *n)
{
	const unsigned char *d = r->d + r->off;
	unsigned char kind = *d++;

	n->kind = kind & ~(PK_RAWLOC | PK_PATHLOC);
	n->flags = *d++;
	n->quoted = false;
	n->text = NULL;
	n->num = n->children = 0;
	d = skip_loc(d, kind);
	switch (n->kind) {
	case PK_SYMBOL:
		n->quoted = *d++;
		/* fall through */
	case PK_STRING:
		n->text = (const char *)d;
		d += strlen(n->text) + 1;
		break;
	case PK_PREFIX:
		n->num = view_varint(&d);
		n->children = 1;
		break;
	case PK_RANGE:
	case PK_MAPPING:
		n->children = 2;
		break;
	case PK_CONCAT:
		n->children = n->num = view_varint(&d);
		break;
	case PK_VERDICT:
		n->num = view_varint(&d);
		n->children = *d++;
		break;
	}
	r->off = d - r->d;
}

/* The node at @r and its children into v[@at..@max): how many, 0 if
 * they do not fit. */
static unsigned int view_node(struct pack_reader *r, struct set_pack_view *v,
			      unsigned int at, unsigned int max)
{
	unsigned int k, c, count = 1;

	if (at >= max)
		return 0;
	view_one(r, &v[at]);
	for (k = 0; k < v[at].children; k++) {
		c = view_node(r, v, at + count, max);
		if (!c)
			return 0;
		count += c;
	}
	return count;
}

unsigned int set_pack_view(const struct set_pack *p,
			   const struct set_pack_iter *it,
			   struct set_pack_view *v, unsigned int max,
			   struct set_pack_iter *next)
{
	const struct pack_block *b = it->block;
	struct pack_reader r;
	unsigned int off = it->off, n;

	while (b && off >= b->used) {
		b = b->next;
		off = 0;
	}
	if (!b)
		return 0;
	r.d = b->data;
	r.off = off;
	r.p = p;
	n = view_node(&r, v, 0, max);
	next->block = b;
	next->off = r.off;
	return n;
}

/* ---- the pack ---- */

/* The blocks freed: how many bytes they held. */
static size_t pack_blocks_free(struct set_pack *p)
{
	struct pack_block *b, *next;
	size_t bytes = 0;

	for (b = p->first; b; b = next) {
		next = b->next;
		bytes += b->size;
		xfree(b);
	}
	p->first = p->last = NULL;
	return bytes;
}

/* Big text typed into keys is given back to the system: the blocks lie
 * among the parser's other allocations, where free() keeps them, and
 * the batch, as big, is built next. */
#define PACK_TRIM_BYTES	(4u << 20)

static void pack_trim(size_t bytes)
{
#ifdef __GLIBC__
	if (bytes >= PACK_TRIM_BYTES)
		malloc_trim(0);
#else
	(void)bytes;
#endif
}

void set_pack_free(struct set_pack *p)
{
	if (!p)
		return;
	pack_blocks_free(p);
	pack_keys_free(p->keys);
	xfree(p->tmp);
	xfree(p);
}

unsigned int set_pack_count(const struct set_pack *p)
{
	if (!p)
		return 0;
	return p->keys ? p->keys->n : p->count;
}

static struct pack_keys *pack_keys_clone(const struct pack_keys *k)
{
	struct pack_keys *c;
	unsigned int i;

	if (!k)
		return NULL;
	c = pack_keys_alloc(k->key_len, k->data_len, k->n);
	c->n = k->n;
	memcpy(c->keys, k->keys, (size_t)k->n * k->key_len);
	if (k->data_len)
		memcpy(c->data, k->data, (size_t)k->n * k->data_len);
	c->verdicts = k->verdicts;
	c->intervals = k->intervals;
	for (i = 0; i < k->nchains; i++) {
		pack_keys_chain(c, k->chains[i]);
		c->chain_locs[i] = k->chain_locs[i];
	}
	return c;
}

struct set_pack *set_pack_clone(const struct set_pack *p)
{
	struct set_pack *c = xzalloc(sizeof(*c));
	const struct pack_block *b;

	c->base = p->base;
	c->has_base = p->has_base;
	memcpy(c->paths, p->paths, sizeof(c->paths));
	c->npaths = p->npaths;
	c->count = p->count;
	c->mappings = p->mappings;
	c->ranges = p->ranges;
	for (b = p->first; b; b = b->next) {
		struct pack_block *n = pack_block_new(c, b->used);

		memcpy(n->data, b->data, b->used);
		n->used = b->used;
	}
	c->keys = pack_keys_clone(p->keys);
	return c;
}

/* Members compared one by one, as expr_cmp() would the lists. */
bool set_pack_equal(const struct set_pack *a, const struct set_pack *b)
{
	struct set_pack_iter ia, ib;
	struct expr *x, *y;
	bool same = true;

	if (set_pack_count(a) != set_pack_count(b))
		return false;
	if (a->keys || b->keys)
		return a->keys && b->keys && a->keys->key_len == b->keys->key_len &&
		       !memcmp(a->keys->keys, b->keys->keys,
			       (size_t)a->keys->n * a->keys->key_len);
	set_pack_iter_init(a, &ia);
	set_pack_iter_init(b, &ib);
	while (same && (x = set_pack_next(a, &ia))) {
		y = set_pack_next(b, &ib);
		same = expr_cmp(x, y);
		expr_free(x);
		expr_free(y);
	}
	return same;
}

/* ---- the set expression's side ---- */

bool set_expr_has_pack(const struct expr *set)
{
	return set->etype == EXPR_SET && set->expr_list.pack != NULL;
}

bool set_pack_has_mappings(const struct set_pack *p)
{
	return p && p->mappings;
}

bool set_pack_has_ranges(const struct set_pack *p)
{
	return p && p->ranges;
}

unsigned int set_expr_size(const struct expr *set)
{
	if (set->etype != EXPR_SET)
		return set->expr_list.size;
	return set->expr_list.size + set_pack_count(set->expr_list.pack);
}

void set_expr_unpack(struct expr *set)
{
	struct set_pack *p = set->etype == EXPR_SET ? set->expr_list.pack :
			     NULL;
	struct list_head *at;
	struct set_pack_iter it;
	struct expr *e;

	if (!p)
		return;
	if (p->keys)
		BUG("set_pack: evaluated keys cannot be unpacked");
	set->expr_list.pack = NULL;
	/* packed members all came before the listed ones */
	at = set->expr_list.expressions.next;
	set_pack_iter_init(p, &it);
	while ((e = set_pack_next(p, &it))) {
		list_link_(&e->list, at->prev, at);
		set->expr_list.size++;
	}
	set_pack_free(p);
}

bool set_expr_pack_keep(struct expr *set, const struct expr *member)
{
	struct set_pack *p = set->expr_list.pack;

	/* once a member is listed, all after it are, to keep the order */
	if (set->expr_list.size != 0 || !pack_member_ok(member))
		return false;
	if (!p)
		p = set->expr_list.pack = xzalloc(sizeof(*p));
	pack_append(p, member);
	return true;
}

void set_expr_add_packed(struct expr *set, struct expr *member)
{
	if (set_expr_pack_keep(set, member)) {
		expr_free(member);
		return;
	}
	set_expr_unpack(set);
	set_expr_add(set, member);
}

/* ---- keys ---- */

struct pack_keys *pack_keys_alloc(unsigned int key_len, unsigned int data_len,
				unsigned int hint)
{
	struct pack_keys *k = xzalloc(sizeof(*k));

	k->key_len = key_len;
	k->data_len = data_len;
	k->cap = hint ? hint : 16;
	k->keys = xmalloc((size_t)k->cap * key_len);
	if (data_len)
		k->data = xmalloc((size_t)k->cap * data_len);
	return k;
}

unsigned char *pack_keys_add(struct pack_keys *k, unsigned char **data)
{
	unsigned char *key;

	if (k->n == k->cap) {
		k->cap *= 2;
		k->keys = xrealloc(k->keys, (size_t)k->cap * k->key_len);
		if (k->data_len)
			k->data = xrealloc(k->data,
					   (size_t)k->cap * k->data_len);
	}
	key = k->keys + (size_t)k->n * k->key_len;
	memset(key, 0, k->key_len);
	if (data) {
		*data = k->data_len ? k->data + (size_t)k->n * k->data_len :
			NULL;
		if (*data)
			memset(*data, 0, k->data_len);
	}
	k->n++;
	return key;
}

uint32_t pack_keys_chain(struct pack_keys *k, const char *name)
{
	unsigned int i;

	/* a verdict map jumps to few chains: the last ones first */
	for (i = k->nchains; i > 0; i--)
		if (!strcmp(k->chains[i - 1], name))
			return i - 1;
	k->chains = xrealloc(k->chains, (k->nchains + 1) * sizeof(char *));
	k->chains[k->nchains] = xstrdup(name);
	k->chain_locs = xrealloc(k->chain_locs,
				 (k->nchains + 1) * sizeof(*k->chain_locs));
	memset(&k->chain_locs[k->nchains], 0, sizeof(*k->chain_locs));
	return k->nchains++;
}

void pack_keys_free(struct pack_keys *k)
{
	unsigned int i;

	if (!k)
		return;
	for (i = 0; i < k->nchains; i++)
		xfree(k->chains[i]);
	xfree(k->chains);
	xfree(k->chain_locs);
	xfree(k->keys);
	xfree(k->data);
	xfree(k);
}

const struct pack_keys *set_pack_keys(const struct set_pack *p)
{
	return p ? p->keys : NULL;
}

const struct location *set_pack_chain_location(const struct set_pack *p,
					       const char *name)
{
	const struct pack_keys *k = set_pack_keys(p);
	unsigned int i;

	for (i = 0; k && i < k->nchains; i++)
		if (!strcmp(k->chains[i], name))
			return k->chain_locs[i].indesc ? &k->chain_locs[i] :
							 NULL;
	return NULL;
}

struct set_pack *set_pack_new_keys(struct pack_keys *k)
{
	struct set_pack *p = xzalloc(sizeof(*p));

	p->keys = k;
	return p;
}

void set_pack_set_keys(struct set_pack *p, struct pack_keys *k)
{
	pack_trim(pack_blocks_free(p));
	xfree(p->tmp);
	p->tmp = NULL;
	p->tmp_size = p->tmp_len = 0;
	pack_keys_free(p->keys);
	p->keys = k;
}

/* ---- packed intervals, merged and encoded on their bytes ---- */

static int pack_iv_cmp(const void *a, const void *b, void *arg)
{
	const struct pack_keys *k = arg;
	const unsigned char *x = k->keys + (size_t)*(const uint32_t *)a *
				 k->key_len;
	const unsigned char *y = k->keys + (size_t)*(const uint32_t *)b *
				 k->key_len;
	int c = memcmp(x, y, k->key_len / 2);

	return c ? c : memcmp(x + k->key_len / 2, y + k->key_len / 2,
			      k->key_len / 2);
}

/* @b + 1 into @out (@w bytes, big endian): false if it overflows. */
static bool pack_iv_next(unsigned char *out, const unsigned char *b,
			 unsigned int w)
{
	unsigned int i = w;

	memcpy(out, b, w);
	while (i-- > 0)
		if (++out[i] != 0)
			return true;
	return false;
}

static void pack_iv_put(struct pack_iv_elems *e, const unsigned char *key,
			uint8_t flags)
{
	memcpy(e->keys + (size_t)e->n * e->w, key, e->w);
	e->flags[e->n++] = flags;
}

/*
 * As intervals_merge_how() then intervals_encode() do on numbers: the
 * bounds sorted, merged where they overlap (or touch, as @how says),
 * then a start element per interval and an end element one past its
 * high bound (none if it reaches the top: an open start), after an end
 * element at 0 if the first interval does not start there.
 */
void pack_intervals_encode(const struct pack_keys *k, enum iv_merge how,
			   struct pack_iv_elems *e)
{
	bool touching = how == IV_TOUCHING;
	unsigned int w = k->key_len / 2, i, out = 0;
	uint32_t *order = xmalloc((k->n + 1) * sizeof(*order));
	unsigned char *m = xmalloc((size_t)(k->n + 1) * k->key_len);
	unsigned char next[NFT_REG_SIZE * 4], *cur;
	const unsigned char *x;
	bool top;

	for (i = 0; i < k->n; i++)
		order[i] = i;
	qsort_r(order, k->n, sizeof(*order), pack_iv_cmp, (void *)k);
	for (i = 0; i < k->n; i++) {
		x = k->keys + (size_t)order[i] * k->key_len;
		cur = m + (size_t)(out - 1) * k->key_len;
		if (out > 0 &&
		    (how != IV_APART_DUPS || memcmp(x, cur, k->key_len))) {
			top = touching ? !pack_iv_next(next, cur + w, w) :
			      (memcpy(next, cur + w, w), false);
			if (top || memcmp(x, next, w) <= 0) {
				if (memcmp(x + w, cur + w, w) > 0)
					memcpy(cur + w, x + w, w);
				continue;
			}
		}
		memcpy(m + (size_t)out++ * k->key_len, x, k->key_len);
	}
	xfree(order);
	e->w = w;
	e->n = 0;
	e->keys = xmalloc((size_t)(2 * out + 1) * w);
	e->flags = xmalloc(2 * out + 1);
	memset(next, 0, w);
	if (out && memcmp(m, next, w))
		pack_iv_put(e, next, PACK_IV_END);
	for (i = 0; i < out; i++) {
		cur = m + (size_t)i * k->key_len;
		if (!pack_iv_next(next, cur + w, w)) {
			pack_iv_put(e, cur, PACK_IV_OPEN);
			continue;
		}
		pack_iv_put(e, cur, 0);
		pack_iv_put(e, next, PACK_IV_END);
	}
	xfree(m);
}

void pack_iv_elems_free(struct pack_iv_elems *e)
{
	xfree(e->keys);
	xfree(e->flags);
}

/* ---- packed keys straight into a netlink message ---- */

static void pack_put_value(struct nlmsghdr *nlh, uint16_t type,
			   const unsigned char *v, unsigned int len)
{
	struct nlattr *nest = mnl_attr_nest_start(nlh, type);

	mnl_attr_put(nlh, NFTA_DATA_VALUE, len, v);
	mnl_attr_nest_end(nlh, nest);
}

static void pack_put_verdict(struct nlmsghdr *nlh, const struct pack_keys *k,
			     const struct set_pack_verdict *v)
{
	struct nlattr *data, *verdict;

	data = mnl_attr_nest_start(nlh, NFTA_SET_ELEM_DATA);
	verdict = mnl_attr_nest_start(nlh, NFTA_DATA_VERDICT);
	mnl_attr_put_u32(nlh, NFTA_VERDICT_CODE, htonl(v->code));
	if (v->chain != UINT32_MAX)
		mnl_attr_put_strz(nlh, NFTA_VERDICT_CHAIN,
				  k->chains[v->chain]);
	mnl_attr_nest_end(nlh, verdict);
	mnl_attr_nest_end(nlh, data);
}

/*
 * Elements @from on (plain keys, with their data) into @nlh's element
 * list, which the caller opened, while the message stays under @room
 * bytes: how many. The attributes are the kernel's
 * (linux/netfilter/nf_tables.h), as libnftnl writes them for the same
 * elements; no libnftnl element is made.
 */
unsigned int set_pack_nlmsg_elems(struct nlmsghdr *nlh,
				  const struct pack_keys *k,
				  unsigned int from, unsigned int room)
{
	const unsigned char *d;
	struct nlattr *elem;
	unsigned int i;

	for (i = from; i < k->n && nlh->nlmsg_len < room; i++) {
		elem = mnl_attr_nest_start(nlh, i - from + 1);
		pack_put_value(nlh, NFTA_SET_ELEM_KEY,
			       k->keys + (size_t)i * k->key_len, k->key_len);
		d = k->data ? k->data + (size_t)i * k->data_len : NULL;
		if (k->verdicts)
			pack_put_verdict(nlh, k,
					 (const struct set_pack_verdict *)d);
		else if (k->data_len)
			pack_put_value(nlh, NFTA_SET_ELEM_DATA, d, k->data_len);
		mnl_attr_nest_end(nlh, elem);
	}
	return i - from;
}
