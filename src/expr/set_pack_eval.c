/*
 * Anonymous and named sets: packed members (include/set_pack.h) typed
 * into keys (and an interval set's bounds) without an expression kept
 * per member, for a named set's elements (src/obj/set_eval_elems.c)
 * and a big rule's set (set_anon_pack_evaluate()); literals of the
 * commonest types read in place. The keys go into the batch in pages
 * (set_pack_build_page(), set_encode.c). A named map's mappings are
 * map_pack_eval.c's.
 */
#include <string.h>
#include <arpa/inet.h>
#include <expr.h>
#include <evaluate.h>
#include <linearize.h>
#include <nftables.h>
#include <set.h>
#include <set_expr_int.h>
#include <set_pack.h>

/*
 * A named set's packed members (include/set_pack.h) typed by its @key
 * without an expression per member kept: each is unpacked, evaluated as
 * set_evaluate_members() does and its key written out, in the order
 * written. A member this path does not take (a hostname of several
 * addresses, a wildcard, anything set_elem_check() would refuse) sends
 * the whole set back to the listed path, which evaluates it from the
 * start and says what is wrong exactly as it would have: the messages
 * this pass queued are dropped first. An evaluation error is the one
 * the listed path would meet first too: every member before it passed.
 */
static bool set_pack_value_ok(const struct eval_ctx *ectx,
			      const struct expr *m)
{
	const struct expr *i;

	if (m->etype == EXPR_VALUE)
		return !(m->flags & EXPR_F_WILDCARD) &&
		       set_types_match(ectx->ectx_dtype, m->dtype);
	if (m->etype != EXPR_CONCAT || !set_key_is_concat(ectx) ||
	    m->flags & EXPR_F_INTERVAL)
		return false;
	list_for_each_entry(i, &m->expr_list.expressions, list)
		if (i->etype != EXPR_VALUE || i->flags & EXPR_F_WILDCARD)
			return false;
	return true;
}

/* A decimal port as inet_service_parse() reads it: no sign, no base. */
static bool set_port_direct(const char *t, unsigned char *buf)
{
	unsigned long v = 0;
	unsigned int n;

	for (n = 0; t[n] >= '0' && t[n] <= '9' && n < 6; n++)
		v = v * 10 + (t[n] - '0');
	if (n == 0 || t[n] || (t[0] == '0' && n > 1) || v > 0xffff)
		return false;
	buf[0] = v >> 8;
	buf[1] = v & 0xff;
	return true;
}

/*
 * A literal of the commonest key types read without an expression: an
 * IPv4 or IPv6 address in the strict form (what addr_parse() takes
 * without the resolver), a port in decimal. The bytes are those the
 * parsed value encodes to; anything else takes the expression path.
 */
bool set_pack_direct(const struct set_pack_view *v, const struct expr *key,
		     unsigned char *buf)
{
	if (v->kind != SET_PACK_SYMBOL || v->quoted || v->flags ||
	    key->byteorder != BYTEORDER_BIG_ENDIAN)
		return false;
	if (key->dtype == &ipaddr_type && key->len == 32)
		return inet_pton(AF_INET, v->text, buf) == 1;
	if (key->dtype == &ip6addr_type && key->len == 128)
		return inet_pton(AF_INET6, v->text, buf) == 1;
	if (key->dtype == &inet_service_type && key->len == 16)
		return set_port_direct(v->text, buf);
	return false;
}

/* A key (a value, or a concatenation of them) read as set_pack_direct()
 * reads values, into @buf (zeroed, key bytes long): false if it cannot. */
bool set_pack_direct_key(const struct set_pack_view *v, unsigned int n,
			 const struct expr *key, unsigned char *buf)
{
	const struct expr *k;
	unsigned int off = 0, i = 1;

	if (key->etype != EXPR_CONCAT)
		return n >= 1 && v[0].children == 0 &&
		       set_pack_direct(&v[0], key, buf);
	if (n < 1 || v[0].kind != SET_PACK_CONCAT || v[0].flags ||
	    v[0].num != key->expr_list.size)
		return false;
	list_for_each_entry(k, &key->expr_list.expressions, list) {
		if (i >= n || v[i].children ||
		    !set_pack_direct(&v[i], k, buf + off))
			return false;
		off += concat_field_bytes(k);
		i++;
	}
	return true;
}

/* A value's bytes as a key or data holds them. */
void set_member_key(unsigned char *buf, const struct expr *v,
		    enum byteorder byteorder, unsigned int len)
{
	linearize_mpz(buf, v->value.value, byteorder, len);
}

/* An interval set's member: its bounds, low then high, big endian
 * (set_intervals_encode() reads them back). */
static int set_pack_bounds(struct eval_ctx *ectx, struct expr *set,
			   const struct expr *m, const struct expr *key,
			   struct pack_keys *k)
{
	unsigned int half = k->key_len / 2;
	unsigned char *buf;
	struct interval iv;

	if (m->etype != EXPR_VALUE && m->etype != EXPR_PREFIX &&
	    m->etype != EXPR_RANGE)
		return 1;
	/* refused: the listed path says so, in its order */
	if (set_elem_check(ectx, set, m) < 0)
		return 1;
	buf = pack_keys_add(k, NULL);
	interval_init(&iv);
	set_member_bounds(m, key, &iv);
	mpz_export_data(buf, iv.low, BYTEORDER_BIG_ENDIAN, half);
	mpz_export_data(buf + half, iv.high, BYTEORDER_BIG_ENDIAN, half);
	interval_clear(&iv);
	return 0;
}

/* 0: the key is written; -1: an error; 1: not for this path. */
static int set_pack_member(struct eval_ctx *ectx, struct expr *set,
			   struct expr **mp, const struct expr *key,
			   struct pack_keys *k)
{
	unsigned char *buf;

	/* a lone value has no type: say what is missing */
	if (set_key_is_concat(ectx) && (*mp)->etype != EXPR_CONCAT)
		return set_elem_check(ectx, set, *mp) < 0 ? -1 : 1;
	if (expr_evaluate(ectx, mp) < 0)
		return -1;
	if (k->intervals)
		return set_pack_bounds(ectx, set, *mp, key, k);
	if (!set_pack_value_ok(ectx, *mp))
		return 1;
	buf = pack_keys_add(k, NULL);
	if ((*mp)->etype == EXPR_CONCAT)
		set_concat_key(buf, *mp, key, false);
	else
		linearize_mpz(buf, (*mp)->value.value, key->byteorder,
			      k->key_len);
	return 0;
}

static void set_pack_drop_msgs(struct eval_ctx *ectx, struct list_head *last)
{
	struct error_record *erec;

	while (ectx->msgs->prev != last) {
		erec = list_entry(ectx->msgs->prev, struct error_record, list);
		list_del(&erec->list);
		erec_destroy(erec);
	}
}

/* The member at @it into @k if set_pack_direct_key() reads it (@it moves
 * past it). */
static bool set_pack_direct_next(const struct set_pack *p,
				 struct set_pack_iter *it,
				 const struct expr *key, struct pack_keys *k)
{
	unsigned char buf[NFT_REG_SIZE * 4];
	struct set_pack_view v[NFT_REG32_COUNT + 1];
	struct set_pack_iter next;
	unsigned int n = set_pack_view(p, it, v, array_size(v), &next);

	memset(buf, 0, k->key_len);
	if (!n || !set_pack_direct_key(v, n, key, buf))
		return false;
	memcpy(pack_keys_add(k, NULL), buf, k->key_len);
	*it = next;
	return true;
}

static int pack_bound_cmp(const void *a, const void *b, void *ctx)
{
	const struct pack_keys *k = ctx;
	const unsigned char *x = k->keys + *(const unsigned int *)a *
				 (size_t)k->key_len;
	const unsigned char *y = k->keys + *(const unsigned int *)b *
				 (size_t)k->key_len;
	int r = memcmp(x, y, k->key_len / 2);

	if (r)
		return r;
	return *(const unsigned int *)a < *(const unsigned int *)b ? -1 : 1;
}

/* Whether two of the packed intervals overlap (the same one twice is
 * one): the listed path then says which, as upstream 1.1.3 refuses
 * them in a set without auto-merge. */
static bool pack_intervals_overlap(const struct pack_keys *k)
{
	unsigned int *o = xmalloc((k->n + 1) * sizeof(*o)), i, half;
	const unsigned char *a, *b;
	bool bad = false;

	half = k->key_len / 2;
	for (i = 0; i < k->n; i++)
		o[i] = i;
	qsort_r(o, k->n, sizeof(*o), pack_bound_cmp, (void *)k);
	for (i = 1; i < k->n && !bad; i++) {
		a = k->keys + (size_t)o[i - 1] * k->key_len;
		b = k->keys + (size_t)o[i] * k->key_len;
		bad = memcmp(b, a + half, half) <= 0 &&
		      memcmp(a, b, k->key_len) != 0;
	}
	xfree(o);
	return bad;
}

int set_pack_evaluate(struct eval_ctx *ectx, struct expr *set,
		      const struct expr *key, bool intervals,
		      bool no_overlaps)
{
	const struct expr *saved_key = ectx->ectx_key;
	struct set_pack *p = set->expr_list.pack;
	struct list_head *last = ectx->msgs->prev;
	struct eval_type saved;
	struct set_pack_iter it;
	struct pack_keys *k;
	struct expr *m;
	int ret = 0;

	k = pack_keys_alloc(set_key_bytes(key) * (intervals ? 2 : 1), 0,
			    set_pack_count(p));
	k->intervals = intervals;
	eval_type_push(ectx, &saved, key->dtype, key->byteorder, key->len);
	ectx->ectx_key = key;
	set_pack_iter_init(p, &it);
	while (ret == 0) {
		if (!k->intervals && set_pack_direct_next(p, &it, key, k))
			continue;
		m = set_pack_next(p, &it);
		if (!m)
			break;
		ret = set_pack_member(ectx, set, &m, key, k);
		expr_free(m);
	}
	ectx->ectx_key = saved_key;
	eval_type_pop(ectx, &saved);
	if (ret == 0 && intervals && no_overlaps && pack_intervals_overlap(k))
		ret = 1;
	if (ret) {
		pack_keys_free(k);
		if (ret > 0)
			set_pack_drop_msgs(ectx, last);
		return ret;
	}
	set_pack_set_keys(p, k);
	set->dtype = key->dtype;
	set->byteorder = key->byteorder;
	set->len = key->len;
	set->flags |= EXPR_F_CONSTANT;
	if (intervals)
		set->flags |= EXPR_F_INTERVAL;
	return 0;
}

bool set_anon_packable(const struct eval_ctx *ectx, const struct expr *set)
{
	return set->etype == EXPR_SET && set_expr_has_pack(set) &&
	       set->expr_list.size == 0 && !set->expr_list.catchall &&
	       !set_pack_keys(set->expr_list.pack) &&
	       set_expr_size(set) >= SET_PACK_MIN_MEMBERS &&
	       !nft_output_echo(&ectx->nft->octx) &&
	       !(ectx->nft->debug_mask & NFT_DEBUG_NETLINK);
}

/*
 * Concatenations of ranges (one element per member, with its range's
 * end) are left to the listed path; values, ranges and prefixes are
 * merged from their keys as a named set's (set_iv_pages_alloc()).
 */
int set_anon_pack_evaluate(struct eval_ctx *ectx, struct expr *set,
			   const struct expr *key)
{
	bool ranges = set_pack_has_ranges(set->expr_list.pack);
	int ret = 1;

	if (set_anon_packable(ectx, set) &&
	    !(ranges && key->etype == EXPR_CONCAT))
		ret = set_pack_evaluate(ectx, set, key, ranges, false);
	if (ret > 0)
		set_expr_unpack(set);
	return ret;
}
