/*
 * Anonymous sets into the batch, and the elements of named sets (for
 * src/obj/set.c). The encoder does what the system nft does:
 *
 *   one element       no set: the element is matched like a plain value,
 *                     prefix or range ("tcp dport { 22 }" is a cmp)
 *   only values       a set with flags anonymous|constant, the values in
 *                     the order written (duplicates included)
 *   ranges, prefixes  flags anonymous|constant|interval; the intervals
 *                     sorted and merged (overlapping and adjacent ones
 *                     too), sent as start/end elements (src/intervals.c);
 *                     host byte order keys are turned big endian first
 *   concatenations    always a set (src/expr/concat.c builds the key);
 *                     with ranges or prefixes flags |interval|concat, one
 *                     element per member with its range's end key
 *
 * then "lookup reg 1 set __set%d" (flag 0x1 for "!="). The set goes into
 * the batch before the rule (lin_queue_set()). Listing dumps the table's
 * anonymous sets (netlink_anon_set()) and turns the elements back into
 * values, prefixes (types that take them) and ranges, sorted by value
 * (concatenations in the system nft's order, see set_raw_cmp()). The
 * echo (-e) of a rule shows the sets it sent instead, in the order
 * written, as the system nft's echo does. Decoding is set_decode.c.
 */
#include <string.h>
#include <expr.h>
#include <stmt.h>
#include <evaluate.h>
#include <linearize.h>
#include <intervals.h>
#include <proto.h>
#include <netlink.h>
#include <nftables.h>
#include <set.h>
#include <libnftnl/expr.h>
#include <libnftnl/set.h>
#include <libnftnl/udata.h>
#include <set_expr_int.h>
#include <set_pack.h>
#include <payload_int.h>

/* What the system nft names an anonymous set; the kernel picks the %d. */
#define SET_ANON_NAME	"__set%d"

unsigned int set_key_bytes(const struct expr *left)
{
	return div_round_up(left->len, BITS_PER_BYTE);
}

/* Marks @e as a range open to the top (NFTNL_SET_ELEM_F_INTERVAL_OPEN in
 * its user data), in sets and maps. */
void set_elem_open(struct nftnl_set_elem *e)
{
	struct nftnl_udata_buf *ud = set_udata_scratch();

	nftnl_udata_put_u32(ud, NFTNL_UDATA_SET_ELEM_FLAGS,
			    NFTNL_SET_ELEM_F_INTERVAL_OPEN);
	nftnl_set_elem_set(e, NFTNL_SET_ELEM_USERDATA,
			   nftnl_udata_buf_data(ud), nftnl_udata_buf_len(ud));
	nftnl_udata_buf_free(ud);
}

/* One element: its key, the end of its range (concatenations of
 * ranges), flags and whether it opens a range without end. */
static struct nftnl_set_elem *set_add_elem(struct nftnl_set *elems,
					   const void *key,
			 const void *key_end, unsigned int len,
			 uint32_t flags, bool open)
{
	struct nftnl_set_elem *e = nftnl_set_elem_alloc();

	if (e == NULL)
		memory_allocation_error();
	nftnl_set_elem_set(e, NFTNL_SET_ELEM_KEY, key, len);
	if (key_end)
		nftnl_set_elem_set(e, NFTNL_SET_ELEM_KEY_END, key_end, len);
	if (flags)
		nftnl_set_elem_set_u32(e, NFTNL_SET_ELEM_FLAGS, flags);
	/* the system nft marks a range that runs to the top */
	if (open)
		set_elem_open(e);
	nftnl_set_elem_add(elems, e);
	return e;
}

static struct nftnl_set_elem *set_add_key(struct nftnl_set *elems,
					  const mpz_t key,
			enum byteorder byteorder, unsigned int len,
			uint32_t flags, bool open)
{
	unsigned char buf[NFT_REG_SIZE * 4];

	memset(buf, 0, sizeof(buf));
	linearize_mpz(buf, key, byteorder, len);
	return set_add_elem(elems, buf, NULL, len, flags, open);
}

/* The catch-all element, after the others, as 1.1.3 sends it: no key,
 * its flag and options. */
struct nftnl_set_elem *set_catchall_elem(struct nftnl_set *elems,
					 const struct expr *m)
{
	struct nftnl_set_elem *e = nftnl_set_elem_alloc();

	if (e == NULL)
		memory_allocation_error();
	nftnl_set_elem_set_u32(e, NFTNL_SET_ELEM_FLAGS, NFT_SET_ELEM_CATCHALL);
	set_elem_info_put(e, m->elem_info);
	nftnl_set_elem_add(elems, e);
	return e;
}

unsigned int set_catchall_build(struct nftnl_set *elems,
				const struct expr *set)
{
	unsigned int i;

	if (!set->expr_list.catchall)
		return 0;
	for (i = 0; i <= set->expr_list.catchall_again; i++)
		set_catchall_elem(elems, set->expr_list.catchall);
	return i;
}

/* Values only: as written. Returns the element count. */
static unsigned int set_add_values(struct nftnl_set *elems,
				   const struct expr *set,
				   const struct expr *left)
{
	const struct expr *i;

	list_for_each_entry(i, &set->expr_list.expressions, list)
		set_elem_info_put(set_add_key(elems, i->value.value,
					      left->byteorder,
					      set_key_bytes(left), 0, false),
				  i->elem_info);
	return set->expr_list.size;
}

static void set_elem_bounds(const struct expr *elem, struct interval *iv,
			    unsigned int width)
{
	unsigned int host;

	switch (elem->etype) {
	case EXPR_RANGE:
		mpz_set(iv->low, elem->range.left->value.value);
		mpz_set(iv->high, elem->range.right->value.value);
		break;
	case EXPR_PREFIX:
		host = width - elem->prefix.prefix_len;
		mpz_fdiv_q_2exp(iv->low, elem->prefix.prefix->value.value,
				host);
		mpz_mul_2exp(iv->low, iv->low, host);
		mpz_set_ui(iv->high, 1);
		mpz_mul_2exp(iv->high, iv->high, host);
		mpz_sub_ui(iv->high, iv->high, 1);
		mpz_ior(iv->high, iv->high, iv->low);
		break;
	default:
		mpz_set(iv->low, elem->value.value);
		mpz_set(iv->high, elem->value.value);
		break;
	}
}

/*
 * A name as the number its bytes spell, big endian, NUL padded to the
 * key's @width bits; a wildcard ("eth*") covers all that follows its
 * bytes. Names have no byte order to convert: only the bytes count.
 */
static void set_string_bounds(const struct expr *elem, struct interval *iv,
			      unsigned int width)
{
	unsigned int bytes = width / BITS_PER_BYTE, plen = elem->len;
	unsigned char buf[NFT_REG_SIZE * 4];

	memset(buf, 0, sizeof(buf));
	linearize_mpz(buf, elem->value.value, BYTEORDER_HOST_ENDIAN,
		      div_round_up(elem->len, BITS_PER_BYTE));
	mpz_import_data(iv->low, buf, BYTEORDER_BIG_ENDIAN, bytes);
	mpz_set(iv->high, iv->low);
	if (elem->flags & EXPR_F_WILDCARD && plen < width) {
		mpz_set_ui(iv->high, 1);
		mpz_mul_2exp(iv->high, iv->high, width - plen);
		mpz_sub_ui(iv->high, iv->high, 1);
		mpz_ior(iv->high, iv->high, iv->low);
	}
}

/*
 * Intervals: merged, then start/end elements, big endian. The set's
 * size is what the system nft declares: the elements plus the end an
 * open interval leaves out.
 */
static unsigned int set_add_intervals_how(struct nftnl_set *elems,
					  const struct expr *set,
					  const struct expr *with,
					  const struct expr *left,
					  enum iv_merge how, bool zero);

static void set_anon_intervals_put(struct nftnl_set *elems,
				   const struct expr *set,
				   const struct expr *left);

static void set_interval_bounds(const struct expr *elem,
				const struct expr *left, struct interval *iv)
{
	if (set_key_is_string(left))
		set_string_bounds(elem, iv, left->len);
	else
		set_elem_bounds(elem, iv, left->len);
}

/*
 * The bounds of @set's members into @v (from v[0]): packed bounds
 * (set_pack_evaluate(): low, then high, big endian) and listed members,
 * each with its member as origin if @origin. How many.
 */
unsigned int set_bounds_fill(struct interval *v, const struct expr *set,
			     const struct expr *key, bool origin)
{
	const struct pack_keys *pk = set_pack_keys(set->expr_list.pack);
	unsigned int n = 0, half = pk ? pk->key_len / 2 : 0;
	const unsigned char *b;
	const struct expr *elem;

	for (; pk && n < pk->n; n++) {
		b = pk->keys + (size_t)n * pk->key_len;
		interval_init(&v[n]);
		mpz_import_data(v[n].low, b, BYTEORDER_BIG_ENDIAN, half);
		mpz_import_data(v[n].high, b + half, BYTEORDER_BIG_ENDIAN,
				half);
	}
	list_for_each_entry(elem, &set->expr_list.expressions, list) {
		interval_init(&v[n]);
		v[n].origin = origin ? elem : NULL;
		set_interval_bounds(elem, key, &v[n++]);
	}
	return n;
}

/*
 * The top of an interval set's keys: the key's own, but a field shifted
 * down to bit 0 as it is loaded ("ip dscp { 1-3, 63 }": & 0xfc, >> 2)
 * is held in the whole bytes it came in, so a range up to the field's
 * top ends in an element, as 1.1.3 encodes it (one not shifted, "ip
 * ecn", runs open to its top).
 */
static unsigned int set_key_top_bits(const struct expr *left)
{
	unsigned int start, len, shift = 0;

	if (payload_expr_needs_mask(left))
		payload_field_span(left, &start, &len, &shift);
	else if (exthdr_expr_needs_mask(left))
		exthdr_field_span(left, &start, &len, &shift);
	return shift ? len : left->len;
}

bool set_key_in_one_byte(const struct expr *key)
{
	unsigned int start, len = 0, shift;

	if (payload_expr_needs_mask(key))
		payload_field_span(key, &start, &len, &shift);
	else if (exthdr_expr_needs_mask(key))
		exthdr_field_span(key, &start, &len, &shift);
	return len == BITS_PER_BYTE;
}

/* @zero: with the end element at 0 that a set holds once (an element
 * added to a set that has some leaves it out, as the system nft). */
/* @set's members (and @with's, the set's own) merged and encoded into
 * start/end elements in *@e: how many. */
static unsigned int set_intervals_encode(const struct expr *set,
					 const struct expr *with,
					 const struct expr *left,
					 enum iv_merge how,
					 struct interval_elem **e)
{
	unsigned int n, k, count;
	struct interval *v;

	v = xzalloc((set_expr_size(set) + (with ? set_expr_size(with) : 0) +
		     1) * sizeof(*v));
	n = set_bounds_fill(v, set, left, true);
	/* the set's own: no options of theirs survive the merge */
	if (with)
		n += set_bounds_fill(v + n, with, left, false);
	k = intervals_merge_how(v, n, how);
	count = intervals_encode(v, k, set_key_top_bits(left), e);
	intervals_free(v, n);
	return count;
}

static void set_interval_elem_put(struct nftnl_set *elems,
				  const struct interval_elem *e,
				  const struct expr *left)
{
	const struct expr *origin = e->origin;
	const struct set_elem_info *info;
	struct nftnl_set_elem *x;

	/* the options go on the start: its user data holds the comment
	 * and the open flag together */
	info = origin ? origin->elem_info : NULL;
	x = set_add_key(elems, e->key, BYTEORDER_BIG_ENDIAN,
			set_key_bytes(left),
			e->end ? NFT_SET_ELEM_INTERVAL_END : 0,
			e->open && !info);
	if (info)
		set_elem_info_put_open(x, info, e->open);
}

static unsigned int set_add_intervals_how(struct nftnl_set *elems,
					  const struct expr *set,
					  const struct expr *with,
					  const struct expr *left,
					  enum iv_merge how, bool zero)
{
	unsigned int count, size, i;
	struct interval_elem *e;

	count = set_intervals_encode(set, with, left, how, &e);
	for (i = 0; i < count; i++) {
		if (!zero && e[i].end && !mpz_sgn(e[i].key))
			continue;
		set_interval_elem_put(elems, &e[i], left);
	}
	size = count;
	if (count && e[count - 1].open)
		size++;
	interval_elems_free(e, count);
	return size;
}

/*
 * A rule's anonymous interval set: 1.1.3 sorts its catch-all as the key
 * 0, after the members from 0 ("{ 0.0.0.0/8, * }": the first interval,
 * then "*"), else after the end element at 0 that closes the gap below
 * the first member ("{ 10.0.0.0/8, * }": that end, "*", the interval).
 */
static void set_anon_intervals_put(struct nftnl_set *elems,
				   const struct expr *set,
				   const struct expr *left)
{
	bool ca = set->expr_list.catchall;
	unsigned int count, i, at;
	struct interval_elem *e;

	count = set_intervals_encode(set, NULL, left, true, &e);
	at = count && !e[0].end && count > 1 ? 2 : count ? 1 : 0;
	for (i = 0; i < count; i++) {
		if (ca && i == at)
			set_catchall_build(elems, set);
		set_interval_elem_put(elems, &e[i], left);
	}
	if (ca && at >= count)
		set_catchall_build(elems, set);
	interval_elems_free(e, count);
}

/*
 * An interval set's elements in pages, as plain sets go (see
 * set_elems_build_page()): the members are merged and encoded whole into
 * compact keys (struct interval_elem), and only the libnftnl elements of
 * a page live at a time: all of them were half of loading a big set.
 */
struct set_iv_pages {
	struct interval_elem *e;
	/* packed bounds are merged and encoded on their bytes, which
	 * take a tenth of the room of numbers (include/set_pack.h) */
	struct pack_iv_elems b;
	bool bytes;
	unsigned int count;
	unsigned int pos;
	const struct expr *left;
	bool zero;
};

struct set_iv_pages *set_iv_pages_alloc(const struct expr *set,
					const struct expr *with,
					const struct expr *left,
					enum iv_merge merge, bool zero)
{
	const struct pack_keys *pk = set_pack_keys(set->expr_list.pack);
	struct set_iv_pages *p = xzalloc(sizeof(*p));

	p->left = left;
	p->zero = zero;
	if (pk && pk->intervals && !with && !set->expr_list.size &&
	    left->len == pk->key_len / 2 * BITS_PER_BYTE) {
		pack_intervals_encode(pk, merge, &p->b);
		p->bytes = true;
		p->count = p->b.n;
		return p;
	}
	p->count = set_intervals_encode(set, with, left,
					with ? IV_TOUCHING : merge, &p->e);
	return p;
}

static unsigned int set_iv_pages_next_bytes(struct set_iv_pages *p,
					    struct nftnl_set *elems,
					    unsigned int max)
{
	const unsigned char *key;
	unsigned int n;
	uint8_t f;

	for (n = 0; n < max && p->pos < p->count; p->pos++) {
		key = p->b.keys + (size_t)p->pos * p->b.w;
		f = p->b.flags[p->pos];
		/* an end at 0 is the leading one */
		if (!p->zero && f & PACK_IV_END && p->pos == 0)
			continue;
		set_add_elem(elems, key, NULL, p->b.w,
			     f & PACK_IV_END ? NFT_SET_ELEM_INTERVAL_END : 0,
			     f & PACK_IV_OPEN);
		n++;
	}
	return n;
}

/* At most @max elements more into @elems: how many. */
unsigned int set_iv_pages_next(struct set_iv_pages *p,
			       struct nftnl_set *elems, unsigned int max)
{
	const struct interval_elem *e;
	unsigned int n;

	if (p->bytes)
		return set_iv_pages_next_bytes(p, elems, max);
	for (n = 0; n < max && p->pos < p->count; p->pos++) {
		e = &p->e[p->pos];
		if (!p->zero && e->end && !mpz_sgn(e->key))
			continue;
		set_interval_elem_put(elems, e, p->left);
		n++;
	}
	return n;
}

bool set_iv_pages_done(const struct set_iv_pages *p)
{
	return p->pos == p->count;
}

void set_iv_pages_free(struct set_iv_pages *p)
{
	if (p->bytes)
		pack_iv_elems_free(&p->b);
	else
		interval_elems_free(p->e, p->count);
	xfree(p);
}

/*
 * A concatenation's key: each member's value (with @high, the top of its
 * range or prefix) in its byte order (concat_member_order()), padded to
 * whole 32 bit words.
 */
void set_concat_key(unsigned char *buf, const struct expr *elem,
		    const struct expr *key, bool high)
{
	const struct expr *m, *k;
	struct interval iv;
	unsigned int off = 0;

	interval_init(&iv);
	k = list_first_entry(&key->expr_list.expressions, struct expr, list);
	list_for_each_entry(m, &elem->expr_list.expressions, list) {
		if (set_key_is_string(k)) {
			set_string_bounds(m, &iv, k->len);
			linearize_mpz(buf + off, high ? iv.high : iv.low,
				      BYTEORDER_BIG_ENDIAN,
				      div_round_up(k->len, BITS_PER_BYTE));
		} else {
			set_elem_bounds(m, &iv, k->len);
			linearize_mpz(buf + off, high ? iv.high : iv.low,
				      concat_member_order(key, k),
				      div_round_up(k->len, BITS_PER_BYTE));
		}
		off += concat_field_bytes(k);
		k = list_next_entry(k, list);
	}
	interval_clear(&iv);
}

/* Concatenations: one element each, with the range's end key if some
 * member is a range or prefix (the kernel's pipapo sets). */
static unsigned int set_add_concats(struct nftnl_set *elems,
				    const struct expr *set,
				    const struct expr *key)
{
	unsigned char low[NFT_REG_SIZE * 4], high[NFT_REG_SIZE * 4];
	bool interval = set->flags & EXPR_F_INTERVAL;
	unsigned int len = set_key_bytes(key);
	const struct expr *i;

	list_for_each_entry(i, &set->expr_list.expressions, list) {
		memset(low, 0, sizeof(low));
		memset(high, 0, sizeof(high));
		set_concat_key(low, i, key, false);
		set_concat_key(high, i, key, true);
		set_elem_info_put(set_add_elem(elems, low,
					       interval ? high : NULL, len, 0,
					       false), i->elem_info);
	}
	return set->expr_list.size;
}

/* The lengths of a concatenated key's fields (NFTA_SET_DESC_CONCAT), for
 * sets and maps alike. */
void set_desc_concat(struct nftnl_set *nls, const struct expr *key)
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

/* A raw payload load, masked or not: "@th,32,16", "@th,32,8 & 0xf0". */
bool set_left_is_raw(const struct expr *e)
{
	while (e->etype == EXPR_BINOP)
		e = e->binop.left;
	return e->etype == EXPR_PAYLOAD &&
	       !(e->payload.desc && e->payload.tmpl);
}

/*
 * A raw load of a port ("@th,16,16") is "th dport" to the system nft,
 * whose set then has the port's type: the type, or NULL.
 */
static const struct datatype *set_raw_port_type(const struct expr *left)
{
	unsigned int field;

	if (left->etype != EXPR_PAYLOAD || !set_left_is_raw(left) ||
	    left->payload.base != NFT_PAYLOAD_TRANSPORT_HEADER ||
	    !proto_field_find(&proto_th, left->payload.offset, left->len,
			      &field))
		return NULL;
	return proto_th.templates[field].dtype;
}

struct expr *set_raw_port_named(const struct expr *e)
{
	unsigned int field;
	struct expr *th;

	if (!set_raw_port_type(e) ||
	    !proto_field_find(&proto_th, e->payload.offset, e->len, &field))
		return NULL;
	th = payload_expr_alloc(&e->location, &proto_th, field);
	return th;
}

const struct datatype *set_lookup_key_type(const struct expr *e)
{
	const struct datatype *port = set_raw_port_type(e);

	return port ? port : e->dtype;
}

/* The key type the set declares to the kernel. */
static uint32_t set_key_type(const struct expr *left)
{
	const struct datatype *port = set_raw_port_type(left);

	return port ? port->type : expr_key_type_id(left);
}

/*
 * Upstream 1.1 describes every anonymous set's key as the expression it
 * came from, as a typeof set's (the payload kind writes a raw load as
 * raw, src/expr/payload_typeof.c), but a raw load of a port, which it
 * reads as "th dport".
 */
static void set_udata_typeof(struct nftnl_udata_buf *ud,
			     const struct expr *left)
{
	unsigned int field;
	struct expr *th;

	/* a field narrower than its bytes, which the load masks (and
	 * shifts): described by none, as 1.1.3 writes it */
	if (payload_expr_needs_mask(left) || exthdr_expr_needs_mask(left))
		return;
	if (left->etype == EXPR_PAYLOAD && set_raw_port_type(left) &&
	    proto_field_find(&proto_th, left->payload.offset, left->len,
			     &field)) {
		th = payload_expr_alloc(&internal_location, &proto_th, field);
		set_typeof_put(ud, th);
		expr_free(th);
		return;
	}
	set_typeof_put_anon(ud, left);
}

static void set_udata(struct nftnl_set *nls, const struct expr *left,
		      bool interval)
{
	struct nftnl_udata_buf *ud = set_udata_scratch();
	enum byteorder bo = left->byteorder;

	/* an interval set's host order key of one byte is held as it is,
	 * which 1.1.3 says is big endian (a wider one it turns around and
	 * says is host order); a concatenation has no byte order of its
	 * own, nor merged elements */
	if (interval && bo == BYTEORDER_HOST_ENDIAN &&
	    left->len <= BITS_PER_BYTE)
		bo = BYTEORDER_BIG_ENDIAN;
	/* an option's presence too ("tcp option 34 { 0, 1 }") */
	if (left->etype == EXPR_EXTHDR)
		bo = BYTEORDER_BIG_ENDIAN;
	nftnl_udata_put_u32(ud, NFTNL_UDATA_SET_KEYBYTEORDER,
			    left->etype == EXPR_CONCAT ? BYTEORDER_INVALID :
			    bo);
	if (interval && left->etype != EXPR_CONCAT)
		nftnl_udata_put_u32(ud, NFTNL_UDATA_SET_MERGE_ELEMENTS, 1);
	set_udata_typeof(ud, left);
	nftnl_set_set_data(nls, NFTNL_SET_USERDATA, nftnl_udata_buf_data(ud),
			   nftnl_udata_buf_len(ud));
	nftnl_udata_buf_free(ud);
}

static struct nftnl_set *set_nl_alloc(struct lin_ctx *lctx)
{
	struct nftnl_set *nls = nftnl_set_alloc();
	const char *table = nftnl_rule_get_str(lctx->nlr, NFTNL_RULE_TABLE);

	if (nls == NULL)
		memory_allocation_error();
	nftnl_set_set_u32(nls, NFTNL_SET_FAMILY, lctx->family);
	nftnl_set_set_str(nls, NFTNL_SET_TABLE, table ? table : "");
	nftnl_set_set_str(nls, NFTNL_SET_NAME, SET_ANON_NAME);
	return nls;
}

/* Build and queue the set; returns its batch id. */
static uint32_t set_queue(struct lin_ctx *lctx, const struct expr *set,
			  const struct expr *left)
{
	bool interval = set->flags & EXPR_F_INTERVAL;
	struct nftnl_set *nls = set_nl_alloc(lctx);
	struct nftnl_set *elems = set_nl_alloc(lctx);
	uint32_t flags = NFT_SET_ANONYMOUS | NFT_SET_CONSTANT;
	/* no NFTNL_SET_DESC_SIZE: upstream 1.1 leaves the backend to the
	 * kernel, and the kernel picks by what is sent */
	if (left->etype == EXPR_CONCAT) {
		set_add_concats(elems, set, left);
		if (interval) {
			flags |= NFT_SET_INTERVAL | NFT_SET_CONCAT;
			set_desc_concat(nls, left);
		}
	} else if (interval) {
		flags |= NFT_SET_INTERVAL;
		/* packed keys go to the batch from the pack (netlink.c) */
		if (!set_pack_keys(set->expr_list.pack))
			set_anon_intervals_put(elems, set, left);
	} else {
		set_add_values(elems, set, left);
	}
	nftnl_set_set_u32(nls, NFTNL_SET_FLAGS, flags);
	nftnl_set_set_u32(nls, NFTNL_SET_KEY_TYPE, set_key_type(left));
	nftnl_set_set_u32(nls, NFTNL_SET_KEY_LEN, set_key_bytes(left));
	if (!interval || left->etype == EXPR_CONCAT)
		set_catchall_build(elems, set);
	set_udata(nls, left, interval);
	return lin_queue_set(lctx, nls, elems, set, left);
}

void set_lookup_linearize(struct lin_ctx *lctx, const struct expr *rel,
			  enum nft_registers reg)
{
	const struct expr *left = rel->binop.left, *set = rel->binop.right;
	unsigned int len = set_key_bytes(left);
	struct nftnl_expr *nle;
	uint32_t id;

	linearize_expr(lctx, left, reg);
	/* interval sets compare keys as big endian bytes */
	if (set->flags & EXPR_F_INTERVAL && left->etype != EXPR_CONCAT &&
	    !set_key_is_string(left) &&
	    left->byteorder == BYTEORDER_HOST_ENDIAN && len > 1)
		lin_hton(lctx, reg, len);
	id = set_queue(lctx, set, left);
	nle = lin_expr_alloc("lookup");
	nftnl_expr_set_u32(nle, NFTNL_EXPR_LOOKUP_SREG, reg);
	nftnl_expr_set_str(nle, NFTNL_EXPR_LOOKUP_SET, SET_ANON_NAME);
	nftnl_expr_set_u32(nle, NFTNL_EXPR_LOOKUP_SET_ID, id);
	if (rel->binop.op == OP_NEQ)
		nftnl_expr_set_u32(nle, NFTNL_EXPR_LOOKUP_FLAGS,
				   NFT_LOOKUP_F_INV);
	lin_add_expr(lctx, nle);
}

/* ---- packed keys (include/set_pack.h) ---- */

/* Keys @from on, at most @max, into @elems: how many. */
unsigned int set_pack_build_page(struct nftnl_set *elems,
				 const struct pack_keys *k,
				 unsigned int from, unsigned int max)
{

	const struct set_pack_verdict *v;
	struct nftnl_set_elem *e;
	const unsigned char *d;
	unsigned int n, i;

	for (n = 0; n < max && from + n < k->n; n++) {
		i = from + n;
		e = set_add_elem(elems, k->keys + (size_t)i * k->key_len,
				 NULL, k->key_len, 0, false);
		if (!k->data_len)
			continue;
		d = k->data + (size_t)i * k->data_len;
		if (!k->verdicts) {
			nftnl_set_elem_set(e, NFTNL_SET_ELEM_DATA, d,
					   k->data_len);
			continue;
		}
		v = (const struct set_pack_verdict *)d;
		nftnl_set_elem_set_u32(e, NFTNL_SET_ELEM_VERDICT, v->code);
		if (v->chain != UINT32_MAX)
			nftnl_set_elem_set_str(e, NFTNL_SET_ELEM_CHAIN,
					       k->chains[v->chain]);
	}
	return n;
}

/* ---- named sets (src/obj/set.c) ---- */

unsigned int set_elems_build(struct nftnl_set *elems, const struct expr *set,
			     const struct expr *key, enum iv_merge merge,
			     bool zero)
{
	if (key->etype == EXPR_CONCAT)
		return set_add_concats(elems, set, key);
	if (set->flags & EXPR_F_INTERVAL)
		return set_add_intervals_how(elems, set, NULL, key, merge, zero);
	return set_add_values(elems, set, key);
}

unsigned int set_elems_build_merged(struct nftnl_set *elems,
				    const struct expr *set,
				    const struct expr *with,
				    const struct expr *key, bool zero)
{
	return set_add_intervals_how(elems, set, with, key, true, zero);
}

/* Plain values and concatenations make one element per member, so a big
 * set can go to the batch in pages, each freed before the next is built
 * (intervals are merged and split across members, and are built whole). */
bool set_elems_pageable(const struct expr *set, const struct expr *key)
{
	return key->etype == EXPR_CONCAT || !(set->flags & EXPR_F_INTERVAL);
}

/* The members of @set from *@pos (NULL: the first) on, at most @max, into
 * @elems; *@pos moves past them (NULL at the end). */
unsigned int set_elems_build_page(struct nftnl_set *elems,
				  const struct expr *set,
				  const struct expr *key,
				  const struct expr **pos, unsigned int max)
{
	unsigned char low[NFT_REG_SIZE * 4], high[NFT_REG_SIZE * 4];
	const struct list_head *head = &set->expr_list.expressions;
	bool interval = set->flags & EXPR_F_INTERVAL;
	unsigned int len = set_key_bytes(key), n = 0;
	const struct expr *i;

	i = *pos ? *pos : list_first_entry(head, struct expr, list);
	for (; &i->list != head && n < max; i = list_next_entry(i, list), n++) {
		if (key->etype != EXPR_CONCAT) {
			set_elem_info_put(set_add_key(elems, i->value.value,
						      key->byteorder, len, 0,
						      false), i->elem_info);
			continue;
		}
		memset(low, 0, sizeof(low));
		memset(high, 0, sizeof(high));
		set_concat_key(low, i, key, false);
		set_concat_key(high, i, key, true);
		set_elem_info_put(set_add_elem(elems, low,
					       interval ? high : NULL, len, 0,
					       false), i->elem_info);
	}
	*pos = &i->list == head ? NULL : i;
	return n;
}

void set_member_bounds(const struct expr *m, const struct expr *key,
		       struct interval *iv)
{
	if (set_key_is_string(key))
		set_string_bounds(m, iv, key->len);
	else
		set_elem_bounds(m, iv, key->len);
}

void set_key_desc(struct nftnl_set *nls, const struct expr *key)
{
	set_desc_concat(nls, key);
}
