/*
 * Named sets: dumped sets and their elements read back (key, data,
 * user data, per element options), and the cache's dump of them.
 */
#include <netlink.h>
#include <set_int.h>
#include <set_records.h>
#include <mnl.h>
#include <print.h>
#include <errno.h>
#include <retry.h>
#include <libnftnl/expr.h>
#include <string.h>
#include <libnftnl/set.h>
#include <libnftnl/udata.h>
#include <arpa/inet.h>
#include <libmnl/libmnl.h>
#include <linux/netfilter/nfnetlink.h>

static int set_udata_cb(const struct nftnl_udata *attr, void *data)
{
	struct set *s = data;
	const char *v = nftnl_udata_get(attr);
	uint8_t len = nftnl_udata_len(attr);

	switch (nftnl_udata_type(attr)) {
	case NFTNL_UDATA_SET_MERGE_ELEMENTS:
		s->auto_merge = true;
		break;
	case NFTNL_UDATA_SET_DATA_INTERVAL:
		s->data_interval = len == sizeof(uint32_t) &&
				   nftnl_udata_get_u32(attr);
		break;
	case NFTNL_UDATA_SET_COMMENT:
		if (len > 0 && v[len - 1] == '\0') {
			xfree(s->comment);
			s->comment = xstrdup(v);
		}
		break;
	default:
		break;
	}
	return 0;
}

static void set_udata_parse(struct set *s, const void *data, uint32_t len)
{
	udata_parse(data, len, set_udata_cb, s);
}

static bool set_nl_has_elems(const struct nftnl_set *nls)
{
	struct nftnl_set_elems_iter *it = nftnl_set_elems_iter_create(nls);
	bool any;

	if (!it)
		memory_allocation_error();
	any = nftnl_set_elems_iter_cur(it) != NULL;
	nftnl_set_elems_iter_destroy(it);
	return any;
}

static struct nftnl_set *set_nl_head(const struct nftnl_set *nls);
static int elem_count_cb(struct nftnl_set_elem *e, void *data);

static int elem_comment_cb(const struct nftnl_udata *attr, void *data)
{
	const char *v = nftnl_udata_get(attr);
	uint8_t len = nftnl_udata_len(attr);

	if (nftnl_udata_type(attr) == NFTNL_UDATA_SET_ELEM_COMMENT &&
	    len > 0 && v[len - 1] == '\0')
		*(char **)data = xstrdup(v);
	return 0;
}

static bool elem_info_read(struct nftnl_set_elem *e, struct set_elem_info *i)
{
	const void *ud;
	uint32_t len;

	memset(i, 0, sizeof(*i));
	if (nftnl_set_elem_is_set(e, NFTNL_SET_ELEM_TIMEOUT))
		i->timeout = nftnl_set_elem_get_u64(e, NFTNL_SET_ELEM_TIMEOUT);
	if (nftnl_set_elem_is_set(e, NFTNL_SET_ELEM_EXPIRATION))
		i->expires = nftnl_set_elem_get_u64(e,
						    NFTNL_SET_ELEM_EXPIRATION);
	if (nftnl_set_elem_is_set(e, NFTNL_SET_ELEM_USERDATA)) {
		ud = nftnl_set_elem_get(e, NFTNL_SET_ELEM_USERDATA, &len);
		udata_parse(ud, len, elem_comment_cb, &i->comment);
	}
	/* what cannot be listed kept the set out of the cache */
	set_stmts_read_elem(e, &i->stmts);
	return i->timeout || i->expires || i->comment || i->stmts.n;
}

static int elem_info_any_cb(struct nftnl_set_elem *e, void *data)
{
	struct set_elem_info i;

	if (elem_info_read(e, &i)) {
		*(bool *)data = true;
		xfree(i.comment);
		set_stmts_free(&i.stmts);
		return -1;
	}
	return 0;
}

bool set_elems_have_info(const struct nftnl_set *nls)
{
	bool any = false;

	nftnl_set_elem_foreach((struct nftnl_set *)nls, elem_info_any_cb,
			       &any);
	return any;
}

struct elem_pair {
	struct expr *member;
	struct set_elem_info info;
	/* its key as the kernel holds it (concatenations sort by it) */
	const unsigned char *raw;
	uint32_t rawlen;
	unsigned int pos;		/* in the dump */
};

/* Concatenations, as the system nft lists them: by their key bytes
 * read as one little endian number. */
static int elem_raw_cmp(const struct elem_pair *x, const struct elem_pair *y)
{
	uint32_t i = x->rawlen > y->rawlen ? x->rawlen : y->rawlen;
	unsigned int cx, cy;

	while (i-- > 0) {
		cx = i < x->rawlen ? x->raw[i] : 0;
		cy = i < y->rawlen ? y->raw[i] : 0;
		if (cx != cy)
			return cx < cy ? -1 : 1;
	}
	return 0;
}

static void elem_raw_read(struct nftnl_set_elem *e, struct elem_pair *p)
{
	p->raw = nftnl_set_elem_get(e, NFTNL_SET_ELEM_KEY, &p->rawlen);
}

/* The key a pair sorts by: a set's member, a map element's key. */
static const struct expr *elem_pair_key(const struct elem_pair *p)
{
	return p->member->etype == EXPR_MAPPING ? p->member->mapping.key :
						   p->member;
}

static int elem_pair_cmp(const void *a, const void *b)
{
	const struct elem_pair *x = a, *y = b;

	int r;

	if (elem_pair_key(x)->etype == EXPR_CONCAT && x->raw && y->raw)
		r = elem_raw_cmp(x, y);
	else
		r = set_member_compare(elem_pair_key(x), elem_pair_key(y));
	/* equal ones (flags of one rank) in the dump's order */
	if (r)
		return r;
	return x->pos < y->pos ? -1 : x->pos > y->pos;
}

/* One element alone, decoded: a set's member, a map's mapping. */
static struct expr *elem_decode_one(const struct nftnl_set *nls,
				    struct nftnl_set_elem *e,
				    const struct expr *key, bool map)
{
	static const uint16_t attrs[] = {
		NFTNL_SET_ELEM_KEY, NFTNL_SET_ELEM_DATA,
		NFTNL_SET_ELEM_VERDICT, NFTNL_SET_ELEM_CHAIN,
		NFTNL_SET_ELEM_OBJREF,
	};
	struct nftnl_set *one = set_nl_head(nls);
	struct nftnl_set_elem *k = nftnl_set_elem_alloc();
	struct expr *set, *m = NULL;
	const void *data;
	unsigned int i;
	uint32_t len;

	if (!k)
		memory_allocation_error();
	/* a set's element: its key only */
	for (i = 0; i < (map ? array_size(attrs) : 1); i++) {
		if (!nftnl_set_elem_is_set(e, attrs[i]))
			continue;
		data = nftnl_set_elem_get(e, attrs[i], &len);
		nftnl_set_elem_set(k, attrs[i], data, len);
	}
	nftnl_set_elem_add(one, k);
	set = map ? map_elems_decode(one, key) : set_elems_decode(one, key);
	if (set && set->expr_list.size == 1) {
		m = list_first_entry(&set->expr_list.expressions, struct expr,
				     list);
		list_del(&m->list);
		set->expr_list.size = 0;
	}
	expr_free(set);
	nftnl_set_free(one);
	return m;
}

struct info_ctx {
	const struct nftnl_set *nls;
	const struct expr *key;
	bool map;
	struct elem_pair *v;
	unsigned int n;
	bool bad;
};

static int elem_pair_cb(struct nftnl_set_elem *e, void *data)
{
	struct info_ctx *c = data;
	struct elem_pair *p = &c->v[c->n];

	if (set_elem_is_catchall(e))
		return 0;	/* beside the members */
	p->member = elem_decode_one(c->nls, e, c->key, c->map);
	if (!p->member || (c->map && p->member->etype != EXPR_MAPPING)) {
		expr_free(p->member);
		c->bad = true;
		return -1;
	}
	elem_raw_read(e, p);
	elem_info_read(e, &p->info);
	p->pos = c->n++;
	return 0;
}

/*
 * Elements (of a set, or of a map if @map) with a timeout, an expiry or
 * a comment: each is decoded on its own to keep what it holds with it,
 * then all are sorted as a listing sorts them. Intervals are decoded
 * whole and given their start elements' options (set_elem.c).
 */
static int decode_with_info(struct set *s, const struct nftnl_set *nls,
			    bool map)
{
	struct info_ctx c = { nls, s->key, map, NULL, 0, false };
	unsigned int n = 0, i;
	struct expr *set;

	if (s->flags & NFT_SET_INTERVAL)
		return set_interval_decode_with_info(s, nls, map);
	nftnl_set_elem_foreach((struct nftnl_set *)nls, elem_count_cb, &n);
	c.v = xzalloc((n + 1) * sizeof(*c.v));
	nftnl_set_elem_foreach((struct nftnl_set *)nls, elem_pair_cb, &c);
	if (c.bad) {
		for (i = 0; i < c.n; i++) {
			expr_free(c.v[i].member);
			xfree(c.v[i].info.comment);
			set_stmts_free(&c.v[i].info.stmts);
		}
		xfree(c.v);
		return -1;
	}
	if (c.n > 1)
		qsort(c.v, c.n, sizeof(*c.v), elem_pair_cmp);
	set = set_expr_alloc(&internal_location);
	if (!map) {
		set->dtype = s->key->dtype;
		set->byteorder = s->key->byteorder;
		set->len = s->key->len;
	}
	set->flags |= EXPR_F_CONSTANT;
	s->info = xzalloc((c.n + 1) * sizeof(*s->info));
	for (i = 0; i < c.n; i++) {
		set_expr_add(set, c.v[i].member);
		s->info[i] = c.v[i].info;
	}
	xfree(c.v);
	s->init = set;
	return 0;
}

int set_decode_with_info(struct set *s, const struct nftnl_set *nls)
{
	return decode_with_info(s, nls, false);
}

int map_decode_with_info(struct set *s, const struct nftnl_set *nls)
{
	return decode_with_info(s, nls, true);
}

/*
 * An anonymous set's or map's members, where some element holds more
 * than its key ("tcp dport { 22 counter }"), decoded as a named set's
 * are, each member (a map's mapping) carrying what its element holds:
 * NULL if none does or they cannot be read.
 */
struct expr *set_anon_decode_with_info(const struct nftnl_set *nls,
				       const struct expr *key, bool map)
{
	struct set s;
	struct expr *m;
	unsigned int i = 0;
	int ret;

	if (!set_elems_have_info(nls))
		return NULL;
	memset(&s, 0, sizeof(s));
	s.key = (struct expr *)key;
	s.flags = nftnl_set_get_u32(nls, NFTNL_SET_FLAGS);
	ret = decode_with_info(&s, nls, map);
	if (ret < 0 || !s.init) {
		xfree(s.info);
		return NULL;
	}
	list_for_each_entry(m, &s.init->expr_list.expressions, list) {
		if (s.info[i].timeout || s.info[i].expires ||
		    s.info[i].comment || s.info[i].stmts.n) {
			m->elem_info = xmalloc(sizeof(*m->elem_info));
			*m->elem_info = s.info[i];
		}
		i++;
	}
	xfree(s.info);
	return s.init;
}

/* For the intervals' decoder (set_elem.c). */
bool set_elem_info_decode(struct nftnl_set_elem *e, struct set_elem_info *i)
{
	return elem_info_read(e, i);
}

/* The set's attributes, user data and statements. */
static void set_parse_head(struct set *s, const struct nftnl_set *nls)
{
	const void *ud;
	uint32_t len = 0;

	s->handle.family = nftnl_set_get_u32(nls, NFTNL_SET_FAMILY);
	s->handle.table.name = xstrdup(nftnl_set_get_str(nls,
							 NFTNL_SET_TABLE));
	s->handle.set.name = xstrdup(nftnl_set_get_str(nls, NFTNL_SET_NAME));
	s->handle.handle.id = nftnl_set_get_u64(nls, NFTNL_SET_HANDLE);
	s->flags = nftnl_set_get_u32(nls, NFTNL_SET_FLAGS);
	/* an object map is a map here, its data the objects' names */
	if (s->flags & NFT_SET_OBJECT) {
		s->flags ^= NFT_SET_OBJECT | NFT_SET_MAP;
		s->objtype = nftnl_set_get_u32(nls, NFTNL_SET_OBJ_TYPE);
	}
	s->key_type_id = nftnl_set_get_u32(nls, NFTNL_SET_KEY_TYPE);
	s->key_len = nftnl_set_get_u32(nls, NFTNL_SET_KEY_LEN);
	if (nftnl_set_is_set(nls, NFTNL_SET_TIMEOUT))
		s->timeout = nftnl_set_get_u64(nls, NFTNL_SET_TIMEOUT);
	if (nftnl_set_is_set(nls, NFTNL_SET_GC_INTERVAL))
		s->gc_int = nftnl_set_get_u32(nls, NFTNL_SET_GC_INTERVAL);
	if (nftnl_set_is_set(nls, NFTNL_SET_DESC_SIZE))
		s->size = nftnl_set_get_u32(nls, NFTNL_SET_DESC_SIZE);
	if (nftnl_set_is_set(nls, NFTNL_SET_POLICY))
		s->policy_memory = nftnl_set_get_u32(nls, NFTNL_SET_POLICY) ==
				   NFT_SET_POL_MEMORY;
	if (nftnl_set_is_set(nls, NFTNL_SET_USERDATA)) {
		ud = nftnl_set_get_data(nls, NFTNL_SET_USERDATA, &len);
		set_udata_parse(s, ud, len);
	}
	set_stmts_read_set(nls, &s->stmts);
}

/* The key, from the typeof description or the kernel's type; false if
 * it cannot be named (the set is then not listed). */
static bool set_parse_key(struct set *s, const struct nftnl_set *nls)
{
	const void *ud;
	uint32_t len = 0;

	if (nftnl_set_is_set(nls, NFTNL_SET_USERDATA)) {
		ud = nftnl_set_get_data(nls, NFTNL_SET_USERDATA, &len);
		switch (set_typeof_parse(ud, len, &s->key)) {
		case 1:
			set_key_set_len(s->key);
			s->key_typeof = true;
			break;
		case -1:	/* a typeof we cannot name: not listed */
			return false;
		default:
			break;
		}
	}
	if (!s->key)
		s->key = set_key_from_kernel(s->key_type_id, s->key_len);
	/* the kernel's key must be the one the description says; a
	 * concatenation of more types than the kernel's key type holds
	 * (6 bits each) is not that of its length */
	if (s->key && (s->key_typeof || s->key->etype == EXPR_CONCAT) &&
	    div_round_up(s->key->len, BITS_PER_BYTE) != s->key_len) {
		expr_free(s->key);
		s->key = NULL;
	}
	return s->key != NULL;
}

/* A map's data, from the typeof description if the kernel's data
 * length agrees with it, else from the kernel's type. */
static void set_parse_data(struct set *s, const struct nftnl_set *nls)
{
	const void *ud;
	uint32_t len = 0;

	if (s->objtype) {
		s->data = set_obj_data(&internal_location);
		return;
	}
	if (s->key_typeof && nftnl_set_is_set(nls, NFTNL_SET_USERDATA)) {
		ud = nftnl_set_get_data(nls, NFTNL_SET_USERDATA, &len);
		if (set_typeof_parse_data(ud, len, &s->data) == 1) {
			set_key_set_len(s->data);
			s->data_typeof = true;
			if (set_data_len(s) !=
			    nftnl_set_get_u32(nls, NFTNL_SET_DATA_LEN)) {
				expr_free(s->data);
				s->data = NULL;
				s->data_typeof = false;
			}
		}
	}
	if (!s->data)
		s->data = set_data_from_kernel(
				nftnl_set_get_u32(nls, NFTNL_SET_DATA_TYPE),
				nftnl_set_get_u32(nls, NFTNL_SET_DATA_LEN) /
				(s->data_interval ? 2 : 1));
	if (s->data && s->data->etype == EXPR_CONCAT &&
	    set_data_len(s) != nftnl_set_get_u32(nls, NFTNL_SET_DATA_LEN)) {
		expr_free(s->data);	/* not listed */
		s->data = NULL;
	}
}

/* The catch-all element, beside the members the decoders made (they
 * skip it): -1 if it cannot be read. */
int set_parse_catchall(struct set *s, const struct nftnl_set *nls)
{
	struct nftnl_set_elem *ca = set_nl_catchall(nls);
	struct expr *m;

	if (ca == NULL || s->init == NULL)
		return 0;
	if (s->flags & NFT_SET_OBJECT)
		return -1;
	m = set_is_map(s) ? map_catchall_decode(nls, ca) :
			    set_catchall_decode(ca);
	if (m == NULL)
		return -1;
	s->init->expr_list.catchall = m;
	return 0;
}

/* The elements the set's message carries; elements with a timeout or
 * a comment go through the slower decoders that keep them. NULL key if
 * they cannot be listed exactly (rather than listed without them). */
static void set_parse_elems(struct set *s, const struct nftnl_set *nls)
{
	int ret = 0;

	if (!set_nl_has_elems(nls))
		return;
	if (set_is_map(s)) {
		if (!set_elems_have_info(nls))
			s->init = map_elems_decode(nls, s->key);
		else if (map_decode_with_info(s, nls) < 0)
			s->init = NULL;
		ret = s->init ? 0 : -1;
	} else if (!set_elems_have_info(nls)) {
		s->init = set_elems_decode(nls, s->key);
	} else {
		ret = set_decode_with_info(s, nls);
	}
	if (ret == 0 && set_parse_catchall(s, nls) < 0)
		ret = -1;
	if (ret < 0) {
		expr_free(s->key);	/* not listed */
		s->key = NULL;
	}
}

struct set *netlink_set_parse(const struct nftnl_set *nls)
{
	struct set *s = set_alloc(NULL);

	set_parse_head(s, nls);
	if (!set_parse_key(s, nls))
		return s;
	set_key_mark_order(s);
	if (set_is_map(s)) {
		set_parse_data(s, nls);
		if (!s->data) {
			expr_free(s->key);	/* not listed */
			s->key = NULL;
			return s;
		}
	}
	set_parse_elems(s, nls);
	return s;
}

/* ---- the cache ---- */

static void *nls_alloc(void) { return nftnl_set_alloc(); }

static int set_dump_cb(const struct nlmsghdr *nlh, void *data)
{
	struct nftnl_set_list *list = data;
	struct nftnl_set *nls = nls_alloc();

	if (!nls)
		memory_allocation_error();
	/* a set without a name is a broken kernel's: libnftnl's list
	 * would hash a NULL name (the table's use count still shows it) */
	if (mnl_msg_broken(nlh) || nftnl_set_nlmsg_parse(nlh, nls) < 0 ||
	    !nftnl_set_is_set(nls, NFTNL_SET_NAME) ||
	    !nftnl_set_is_set(nls, NFTNL_SET_TABLE)) {
		nftnl_set_free(nls);
		return MNL_CB_OK;
	}
	nftnl_set_list_add_tail(nls, list);
	return MNL_CB_OK;
}

static int elem_udata_cb(const struct nftnl_udata *attr, void *data)
{
	if (nftnl_udata_type(attr) != NFTNL_UDATA_SET_ELEM_FLAGS &&
	    nftnl_udata_type(attr) != NFTNL_UDATA_SET_ELEM_COMMENT)
		*(bool *)data = true;
	return 0;
}

/* Whether the element's expressions are statements this nft lists. */
static bool elem_listable_stmts(struct nftnl_set_elem *e)
{
	struct set_stmts l = {};
	int ret = set_stmts_read_elem(e, &l);

	set_stmts_free(&l);
	return ret == 0;
}

/* An element with more than a key, an interval's flags, a timeout, an
 * expiry, a comment and stateful statements: data this nft does not
 * list. */
static int elem_unlistable_cb(struct nftnl_set_elem *e, void *data)
{
	bool *bad = data;
	const void *ud;
	uint32_t len;

	if (!elem_listable_stmts(e))
		*bad = true;
	if (nftnl_set_elem_is_set(e, NFTNL_SET_ELEM_USERDATA)) {
		ud = nftnl_set_elem_get(e, NFTNL_SET_ELEM_USERDATA, &len);
		udata_parse(ud, len, elem_udata_cb, bad);
	}
	return *bad ? -1 : 0;
}

/*
 * What this nft cannot list exactly stays out of the cache: maps,
 * object maps, sets with per-element state or typeof keys it cannot
 * name. A listing of the table then fails naming them (src/print.c)
 * rather than print something that reloads as something else.
 */
static bool set_listable(struct nftnl_set *nls)
{
	uint32_t flags = nftnl_set_get_u32(nls, NFTNL_SET_FLAGS);
	bool bad = false;

	struct set_stmts l = {};

	if (flags & NFT_SET_OBJECT &&
	    !set_obj_type_name(nftnl_set_get_u32(nls, NFTNL_SET_OBJ_TYPE)))
		return false;
	bad = set_stmts_read_set(nls, &l) < 0;
	set_stmts_free(&l);
	if (bad)
		return false;
	nftnl_set_elem_foreach(nls, elem_unlistable_cb, &bad);
	return !bad;
}

/* A set dump repeats no key: one that does (the kernel walked a hash
 * table while it was resized) is dumped again, as is one it marks
 * interrupted. */

/* A dumped element's key as the dump holds it (valid while its set
 * lives), with its interval flags: a start and an end may share bytes. */
struct elem_key {
	const unsigned char *data;
	uint32_t len;
	uint32_t flags;
};

/* Open addressing over indexes into the keys (0: empty slot). */
struct elem_keys {
	struct elem_key *v;
	uint32_t *slot;
	unsigned int n;
	unsigned int mask;
	bool repeat;
};

static uint64_t elem_key_hash(const struct elem_key *k)
{
	uint64_t h = k->len * 0x9e3779b97f4a7c15ULL ^ k->flags, w;
	uint32_t i;

	for (i = 0; i < k->len; i += sizeof(w)) {
		w = 0;
		memcpy(&w, k->data + i,
		       k->len - i < sizeof(w) ? k->len - i : sizeof(w));
		h = (h ^ w) * 0xff51afd7ed558ccdULL;
		h ^= h >> 32;
	}
	return h;
}

static bool elem_key_eq(const struct elem_key *a, const struct elem_key *b)
{
	return a->len == b->len && a->flags == b->flags &&
	       (a->len == 0 || !memcmp(a->data, b->data, a->len));
}

/* Adds the element's key; notes a key already seen. */
static int elem_key_collect(struct nftnl_set_elem *e, void *data)
{
	struct elem_keys *ks = data;
	struct elem_key *k = &ks->v[ks->n];
	uint64_t h;
	uint32_t len = 0, s;

	if (set_elem_is_catchall(e))
		return 0;
	k->data = nftnl_set_elem_get(e, NFTNL_SET_ELEM_KEY, &len);
	k->len = k->data ? len : 0;
	k->flags = nftnl_set_elem_is_set(e, NFTNL_SET_ELEM_FLAGS) ?
		   nftnl_set_elem_get_u32(e, NFTNL_SET_ELEM_FLAGS) : 0;
	h = elem_key_hash(k);
	for (s = h & ks->mask; ks->slot[s]; s = (s + 1) & ks->mask) {
		if (elem_key_eq(&ks->v[ks->slot[s] - 1], k)) {
			ks->repeat = true;
			return -1;
		}
	}
	ks->slot[s] = ++ks->n;
	return 0;
}

static int elem_count_cb(struct nftnl_set_elem *e, void *data)
{
	(*(unsigned int *)data)++;
	return 0;
}

/* One pass through a hash of the keys: sorting them (qsort with memcmp)
 * to find a pair was 15% of listing a set of 200,000 elements. */
static bool set_elems_repeat(struct nftnl_set *nls)
{
	struct elem_keys ks = { 0 };
	unsigned int n = 0, size = 4;

	nftnl_set_elem_foreach(nls, elem_count_cb, &n);
	if (n < 2)
		return false;
	while (size < 2 * n)
		size *= 2;
	ks.v = xmalloc(n * sizeof(*ks.v));
	ks.slot = xzalloc(size * sizeof(*ks.slot));
	ks.mask = size - 1;
	nftnl_set_elem_foreach(nls, elem_key_collect, &ks);
	xfree(ks.slot);
	xfree(ks.v);
	return ks.repeat;
}

/* What the elements' decoder reads of the set, without elements. */
static struct nftnl_set *set_nl_head(const struct nftnl_set *nls)
{
	static const uint16_t attrs[] = {
		NFTNL_SET_FAMILY, NFTNL_SET_FLAGS, NFTNL_SET_KEY_TYPE,
		NFTNL_SET_KEY_LEN, NFTNL_SET_DATA_TYPE, NFTNL_SET_DATA_LEN,
		NFTNL_SET_HANDLE, NFTNL_SET_TIMEOUT, NFTNL_SET_GC_INTERVAL,
		NFTNL_SET_DESC_SIZE, NFTNL_SET_POLICY, NFTNL_SET_OBJ_TYPE,
		NFTNL_SET_USERDATA,	/* a map's data typeof */
	};
	struct nftnl_set *copy = nftnl_set_alloc();
	const void *data;
	uint32_t len;
	unsigned int i;

	if (!copy)
		memory_allocation_error();
	nftnl_set_set_str(copy, NFTNL_SET_TABLE,
			  nftnl_set_get_str(nls, NFTNL_SET_TABLE));
	nftnl_set_set_str(copy, NFTNL_SET_NAME,
			  nftnl_set_get_str(nls, NFTNL_SET_NAME));
	for (i = 0; i < array_size(attrs); i++) {
		if (!nftnl_set_is_set(nls, attrs[i]))
			continue;
		data = nftnl_set_get_data(nls, attrs[i], &len);
		nftnl_set_set_data(copy, attrs[i], data, len);
	}
	if (nftnl_set_is_set(nls, NFTNL_SET_USERDATA)) {
		data = nftnl_set_get_data(nls, NFTNL_SET_USERDATA, &len);
		nftnl_set_set_data(copy, NFTNL_SET_USERDATA, data, len);
	}
	return copy;
}

static struct nftnl_set *nftnl_set_clone_head(const struct nftnl_set *nls)
{
	return set_nl_head(nls);
}

/* A copy of @nls with its elements, NULL with errno on failure. */
static struct nftnl_set *set_dump_elems(struct nft_ctx *nft,
					const struct nftnl_set *nls)
{
	struct nftnl_set *copy;
	struct nft_retry retry;

	nft_retry_init(&retry);
	do {
		copy = nftnl_set_clone_head(nls);
		if (mnl_dump_set_elems_of(nft, copy) < 0) {
			int err = errno;

			nftnl_set_free(copy);
			if (err == EINTR)
				continue;	/* (the loop's test pauses) */
			if (err == ENOENT)	/* gone meanwhile */
				return nftnl_set_clone_head(nls);
			errno = err;
			return NULL;
		}
		if (!set_elems_repeat(copy))
			return copy;
		nftnl_set_free(copy);
	} while (nft_retry_again(&retry));
	errno = EINTR;
	return NULL;
}

/* A set packed as its dump comes (src/obj/set_records.c): 1 if it is not
 * one of those, -1 on failure. */
static int cache_add_set_keys(struct nft_ctx *nft, struct table *t,
			      struct nftnl_set *nls)
{
	uint32_t flags = nftnl_set_get_u32(nls, NFTNL_SET_FLAGS);
	struct set *s;
	int ret;

	if (flags & NFT_SET_OBJECT || !set_listable(nls))
		return 1;
	s = netlink_set_parse(nls);
	if (!s->key || s->init) {
		set_free(s);
		return 1;
	}
	ret = set_records_dump(nft, nls, s);
	if (ret) {
		set_free(s);
	} else {
		s->elems_loaded = true;
		table_add_set(t, s);
	}
	return ret;
}

static int cache_add_set(struct nft_ctx *nft, struct nftnl_set *nls,
			 bool elems)
{
	const struct nftnl_set *head = nls;
	struct set_stmts l = {};
	struct set *s;
	uint32_t family = nftnl_set_get_u32(nls, NFTNL_SET_FAMILY);
	const char *tname = nftnl_set_get_str(nls, NFTNL_SET_TABLE);
	struct table *t = cache_table_lookup(&nft->cache, family, tname);

	if (!t || nftnl_set_get_u32(nls, NFTNL_SET_FLAGS) & NFT_SET_ANONYMOUS)
		return 0;
	/* the set's statements are the dumped set's (the copy below has
	 * its attributes and elements only) */
	if (set_stmts_read_set(head, &l) < 0)
		return 0;
	if (elems) {
		int ret = cache_add_set_keys(nft, t, nls);

		if (ret <= 0) {
			set_stmts_free(&l);
			return ret;
		}
		nls = set_dump_elems(nft, nls);
		if (!nls) {
			set_stmts_free(&l);
			return -1;
		}
	} else {
		nls = nftnl_set_clone_head(nls);
	}
	if (!set_listable(nls)) {
		set_stmts_free(&l);
		nftnl_set_free(nls);
		return 0;
	}
	s = netlink_set_parse(nls);
	nftnl_set_free(nls);
	if (!s->key) {
		set_stmts_free(&l);
		set_free(s);
		return 0;
	}
	set_stmts_free(&s->stmts);
	s->stmts = l;
	s->elems_loaded = elems;
	table_add_set(t, s);
	return 0;
}

/* One set's elements, dumped on their own: an element command on a set
 * of a million must not dump the table's other sets, nor this one unless
 * it has to (overlaps and merges of intervals). */
int set_fetch_elems(struct nft_ctx *nft, struct set *s)
{
	struct nftnl_set *head, *nls;
	struct set *tmp;

	if (s->elems_loaded)
		return 0;
	head = set_nl_fetch(nft, s->handle.family, s->handle.table.name,
			    s->handle.set.name);
	if (!head)
		return errno == ENOENT ? 0 : -1;
	/* packed as they come where they can be (a fraction of the
	 * memory of a decoded dump), then members as lookups see them */
	if (!s->init && !s->packed && s->key) {
		int ret = set_records_dump(nft, head, s);

		if (ret <= 0) {
			nftnl_set_free(head);
			if (ret < 0)
				return -1;
			s->elems_loaded = true;
			if (s->packed)
				set_records_unpack(s);
			return 0;
		}
	}
	nls = set_dump_elems(nft, head);
	nftnl_set_free(head);
	if (!nls)
		return -1;
	s->elems_loaded = true;
	/* what cannot be listed is not checked here: the kernel does */
	tmp = set_listable(nls) ? netlink_set_parse(nls) : NULL;
	nftnl_set_free(nls);
	if (tmp && tmp->key) {
		set_info_free(s);
		expr_free(s->init);
		s->init = tmp->init;
		tmp->init = NULL;
		s->info = tmp->info;
		tmp->info = NULL;
	}
	if (tmp)
		set_free(tmp);
	return 0;
}

int cache_fetch_sets(struct nft_ctx *nft, uint32_t family, const char *table,
		     bool elems)
{
	struct nftnl_set_list *list = nftnl_set_list_alloc();
	struct nftnl_set_list_iter *it;
	struct nftnl_set *nls;
	int ret = 0;

	if (!list)
		memory_allocation_error();
	if (mnl_dump_table_objs(nft, NFT_MSG_GETSET, family, table,
				set_dump_cb, list) < 0) {
		nftnl_set_list_free(list);
		return errno == ENOENT ? 0 : -1;
	}
	it = nftnl_set_list_iter_create(list);
	while (ret == 0 && (nls = nftnl_set_list_iter_next(it)))
		ret = cache_add_set(nft, nls, elems);
	nftnl_set_list_iter_destroy(it);
	nftnl_set_list_free(list);
	return ret;
}

static int set_head_cb(const struct nlmsghdr *nlh, void *data)
{
	void **c = data;
	struct nftnl_set *nls = nftnl_set_alloc();

	if (!nls)
		memory_allocation_error();
	if (mnl_msg_broken(nlh) || nftnl_set_nlmsg_parse(nlh, nls) < 0 || c[1] ||
	    !nftnl_set_is_set(nls, NFTNL_SET_NAME) ||
	    strcmp(nftnl_set_get_str(nls, NFTNL_SET_NAME), c[0])) {
		nftnl_set_free(nls);
		return MNL_CB_OK;
	}
	c[1] = nls;
	return MNL_CB_OK;
}

/* Set @name of table @table as the kernel holds it, without elements
 * (statements included); NULL with errno if none. */
struct nftnl_set *set_nl_fetch(struct nft_ctx *nft, uint32_t family,
			       const char *table, const char *name)
{
	void *c[2] = { (void *)name, NULL };

	if (mnl_dump_table_objs(nft, NFT_MSG_GETSET, family, table,
				set_head_cb, c) < 0) {
		if (c[1])
			nftnl_set_free(c[1]);
		return NULL;
	}
	if (c[1] == NULL)
		errno = ENOENT;
	return c[1];
}

/* What the elements' decoder needs of @nls, and no elements. */
struct nftnl_set *set_nl_clone_head(const struct nftnl_set *nls)
{
	return set_nl_head(nls);
}


/* ---- catch-all elements ("*", src/expr/catchall.c) ---- */

struct expr *set_catchall_decode(struct nftnl_set_elem *ca)
{
	struct expr *m = catchall_expr_alloc(&internal_location);
	struct set_elem_info i;

	if (elem_info_read(ca, &i))
		*set_elem_info_of(m) = i;
	return m;
}
