/*
 * Anonymous sets: "tcp dport { 22, 80, 8000-8080 }". The elements are
 * typed by the left side of the match, like any right-hand side. The
 * encoder does what the system nft does:
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
 * written, as the system nft's echo does. Decoding (listings, named
 * sets' dumps) is in src/expr/set_decode.c.
 */
#include <stdlib.h>
#include <string.h>
#include <errno.h>
#include <arpa/inet.h>
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
#include <set_pack.h>
#include <payload_int.h>

/* What the system nft names an anonymous set; the kernel picks the %d. */
#define SET_ANON_NAME	"__set%d"

static void set_expr_destroy(struct expr *expr)
{
	struct expr *i, *next;

	list_for_each_entry_safe(i, next, &expr->expr_list.expressions, list) {
		list_del(&i->list);
		expr_free(i);
	}
	set_pack_free(expr->expr_list.pack);
	expr_free(expr->expr_list.catchall);
	expr_free(expr->expr_list.catchall_clash);
}

static void set_expr_clone(struct expr *dst, const struct expr *src)
{
	struct expr *i;

	init_list_head(&dst->expr_list.expressions);
	dst->expr_list.size = 0;
	dst->expr_list.pack = src->expr_list.pack ?
			      set_pack_clone(src->expr_list.pack) : NULL;
	list_for_each_entry(i, &src->expr_list.expressions, list)
		set_expr_add(dst, expr_clone(i));
	dst->expr_list.catchall = src->expr_list.catchall ?
				  expr_clone(src->expr_list.catchall) : NULL;
	dst->expr_list.catchall_clash = src->expr_list.catchall_clash ?
		expr_clone(src->expr_list.catchall_clash) : NULL;
	dst->expr_list.catchall_again = src->expr_list.catchall_again;
}

static bool set_expr_cmp(const struct expr *a, const struct expr *b)
{
	const struct expr *i, *j;

	if (a->expr_list.size != b->expr_list.size)
		return false;
	if (!a->expr_list.catchall != !b->expr_list.catchall ||
	    (a->expr_list.catchall &&
	     !expr_cmp(a->expr_list.catchall, b->expr_list.catchall)))
		return false;
	if ((a->expr_list.pack || b->expr_list.pack) &&
	    (!a->expr_list.pack || !b->expr_list.pack ||
	     !set_pack_equal(a->expr_list.pack, b->expr_list.pack)))
		return false;
	j = list_first_entry(&b->expr_list.expressions, struct expr, list);
	list_for_each_entry(i, &a->expr_list.expressions, list) {
		if (!expr_cmp(i, j))
			return false;
		j = list_next_entry(j, list);
	}
	return true;
}

/*
 * A member (or a member of a concatenation) of a flags type with several
 * flags prints as it is written there, "syn | ack" and {"|": ["syn",
 * "ack"]}: a comma would separate members.
 */
void set_member_print(const struct expr *member, struct output_ctx *octx)
{
	if (!datatype_print_flags_or(member, octx, false))
		expr_print(member, octx);
}

json_t *set_member_json(const struct expr *member, struct output_ctx *octx)
{
	json_t *flags = datatype_json_flags_or(member, octx);

	return flags ? flags : expr_json(member, octx);
}

/* A map's data of several flags is one number, "1 : 0x3" (3 in JSON),
 * as 1.1.3 lists it; one flag is its name. */
static bool map_data_flags_number(const struct expr *data)
{
	return data->etype == EXPR_VALUE && datatype_is_bitmask(data->dtype) &&
	       mpz_popcount(data->value.value) > 1;
}

void map_data_print(const struct expr *data, struct output_ctx *octx)
{
	char *s;

	if (!map_data_flags_number(data)) {
		set_member_print(data, octx);
		return;
	}
	s = mpz_get_str(NULL, 16, data->value.value);
	nft_print(octx, "0x%s", s);
	free(s);
}

json_t *map_data_json(const struct expr *data, struct output_ctx *octx)
{
	if (map_data_flags_number(data) &&
	    mpz_fits_slong_p(data->value.value))
		return json_integer(mpz_get_si(data->value.value));
	return set_member_json(data, octx);
}

/* An anonymous set's member with what its element holds: "22 counter
 * packets 0 bytes 0", a map's "\"lo\" counter packets 0 bytes 0 :
 * jump w" (a named set's are its own, src/obj/set_print.c). */
static void set_anon_member_print(const struct expr *member,
				  struct output_ctx *octx)
{
	if (!member->elem_info) {
		set_member_print(member, octx);
		return;
	}
	if (member->etype == EXPR_MAPPING) {
		expr_print(member, octx);
		return;
	}
	set_member_print(member, octx);
	set_elem_info_print(member->elem_info, octx);
}

static json_t *set_anon_member_json(const struct expr *member,
				    struct output_ctx *octx)
{
	if (!member->elem_info)
		return set_member_json(member, octx);
	if (member->etype == EXPR_MAPPING)
		return expr_json(member, octx);
	return set_elem_info_json(member->elem_info,
				  set_member_json(member, octx), octx);
}

static void set_expr_print(const struct expr *expr, struct output_ctx *octx)
{
	const struct set_pack *p = expr->expr_list.pack;
	struct set_pack_iter it;
	const struct expr *i;
	const char *sep = "";
	struct expr *m;

	nft_print(octx, "{ ");
	/* unevaluated packed members print as written (text only) */
	set_pack_iter_init(p, &it);
	while (p && !set_pack_keys(p) && (m = set_pack_next(p, &it))) {
		nft_print(octx, "%s", sep);
		set_member_print(m, octx);
		expr_free(m);
		sep = ", ";
	}
	list_for_each_entry(i, &expr->expr_list.expressions, list) {
		nft_print(octx, "%s", sep);
		set_anon_member_print(i, octx);
		sep = ", ";
	}
	if (expr->expr_list.catchall) {
		nft_print(octx, "%s", sep);
		set_anon_member_print(expr->expr_list.catchall, octx);
	}
	nft_print(octx, " }");
}

static json_t *set_expr_json(const struct expr *expr, struct output_ctx *octx)
{
	const struct set_pack *p = expr->expr_list.pack;
	json_t *array = json_array();
	struct set_pack_iter it;
	const struct expr *i;
	struct expr *m;

	set_pack_iter_init(p, &it);
	while (p && !set_pack_keys(p) && (m = set_pack_next(p, &it))) {
		json_array_append_new(array, set_member_json(m, octx));
		expr_free(m);
	}
	list_for_each_entry(i, &expr->expr_list.expressions, list)
		json_array_append_new(array, set_anon_member_json(i, octx));
	if (expr->expr_list.catchall)
		json_array_append_new(array, set_anon_member_json(
				expr->expr_list.catchall, octx));
	return json_wrap("set", array);
}

/* ---- evaluation ---- */

static bool set_types_match(const struct datatype *want,
			    const struct datatype *have)
{
	const struct datatype *i;

	if (want == NULL || want->type == TYPE_INVALID || want == have ||
	    want->type == have->type)
		return true;
	for (i = want->basetype; i; i = i->basetype)
		if (i->type == have->type)
			return true;
	for (i = have->basetype; i; i = i->basetype)
		if (i->type == want->type)
			return true;
	return false;
}

/* Names compare as bytes, not as numbers in some byte order. */
bool set_key_is_string(const struct expr *key)
{
	return key->dtype && set_types_match(&string_type, key->dtype);
}

static bool set_key_is_concat(const struct eval_ctx *ectx)
{
	return ectx->ectx_key && ectx->ectx_key->etype == EXPR_CONCAT;
}

static int set_elem_check(struct eval_ctx *ectx, struct expr *set,
			  const struct expr *elem)
{
	if (set_key_is_concat(ectx)) {
		if (elem->etype != EXPR_CONCAT)
			return concat_lone_value_error(ectx, elem,
						       ectx->ectx_key);
		if (elem->flags & EXPR_F_INTERVAL)
			set->flags |= EXPR_F_INTERVAL;
		return 0;
	}
	switch (elem->etype) {
	case EXPR_VALUE:
		/* "eth*" covers every name that starts with eth */
		if (elem->flags & EXPR_F_WILDCARD)
			set->flags |= EXPR_F_INTERVAL;
		break;
	case EXPR_RANGE:
	case EXPR_PREFIX:
		/* names have no order the kernel could compare (a JSON
		 * prefix of a name reached the encoder as if a value) */
		if (ectx->ectx_dtype &&
		    set_types_match(&string_type, ectx->ectx_dtype))
			return expr_error(ectx, elem,
					  "%s expression is undefined for %s types",
					  elem->etype == EXPR_RANGE ?
					  "Range" : "Prefix",
					  ectx->ectx_dtype->desc);
		set->flags |= EXPR_F_INTERVAL;
		break;
	default:
		return expr_error(ectx, elem,
				  "Set member must be a value, a prefix or a range, not a %s",
				  expr_name(elem));
	}
	if (!set_types_match(ectx->ectx_dtype, elem->dtype))
		return expr_error(ectx, elem,
				  "datatype mismatch, expected %s, set member has type %s",
				  ectx->ectx_dtype->desc, elem->dtype->desc);
	return 0;
}

/* A member typed; what it holds (a variable's "{ a, b }") is no
 * member of a named set's until spliced in: each is checked then. */
static int set_evaluate_member(struct eval_ctx *ectx, struct expr **elemp)
{
	const struct set *s = ectx->elem_set;
	bool members = ectx->list_members;
	struct expr *i;
	int ret;

	ectx->elem_set = NULL;
	/* "ct state $v", v = { established, new }: a set of two */
	if ((*elemp)->etype == EXPR_VARIABLE)
		ectx->list_members = true;
	ret = expr_evaluate(ectx, elemp);
	ectx->list_members = members;
	ectx->elem_set = s;
	if (ret < 0 || !s || ((*elemp)->etype != EXPR_LIST &&
			      (*elemp)->etype != EXPR_SET))
		return ret;
	list_for_each_entry(i, &(*elemp)->expr_list.expressions, list)
		if (set_member_evaluate(ectx, s, i) < 0)
			return -1;
	return 0;
}

/* Evaluate the members in place; lists (a variable holding "{ a, b }")
 * are spliced in. A named set's are held against it one by one
 * (set_member_evaluate()). */
static int set_evaluate_members(struct eval_ctx *ectx, struct expr *set)
{
	struct set_elem_info *info;
	struct expr *i, *next, *elem;

	list_for_each_entry_safe(i, next, &set->expr_list.expressions, list) {
		/* a lone value has no type: say what is missing */
		if (set_key_is_concat(ectx) && concat_lone(i))
			return concat_lone_value_error(ectx, concat_lone(i),
						       ectx->ectx_key);
		if (ectx->elem_set &&
		    set_member_stmts_evaluate(ectx, ectx->elem_set, i) < 0)
			return -1;
		list_del(&i->list);
		set->expr_list.size--;
		elem = i;
		info = i->elem_info;
		i->elem_info = NULL;
		if (set_evaluate_member(ectx, &elem) < 0) {
			set_elem_info_free(info);
			expr_free(elem);
			return -1;
		}
		if (info) {
			set_elem_info_free(elem->elem_info);
			elem->elem_info = info;
		}
		if (elem->etype == EXPR_LIST || elem->etype == EXPR_SET) {
			set_catchall_take(set, elem);
			set->expr_list.size += elem->expr_list.size;
			elem->expr_list.size = 0;
			list_splice_tail_init(&elem->expr_list.expressions,
					      &next->list);
			expr_free(elem);
			continue;
		}
		list_link_(&elem->list, next->list.prev, &next->list);
		set->expr_list.size++;
		if (ectx->elem_set &&
		    set_member_evaluate(ectx, ectx->elem_set, elem) < 0)
			return -1;
		/* "numgen inc mod 2 { 5, "foo" }": 1.1.3 refuses 5 as
		 * out of range before it meets "foo" */
		if (ectx->ectx_key && elem->etype != EXPR_MAPPING &&
		    !ectx->elem_set && ectx->stmt &&
		    expr_check_value_max(ectx, ectx->ectx_key, elem) < 0)
			return -1;
	}
	return 0;
}

/*
 * The kernel keeps at most two statements on an element (its
 * NFT_SET_EXPR_MAX): more are refused as its refusal reads, under the
 * member (a map's mapping), where upstream 1.1.3 points for it.
 */
int set_member_stmts_check(struct eval_ctx *ectx, const struct expr *m)
{
	const struct set_stmts *l;
	const struct location *end;
	struct location loc;

	/* a named set's elements are held against its declaration first
	 * (set_elem_stmts_match(): "missing statement", "number of
	 * statements mismatch"), as 1.1.3 checks them */
	if (!m->elem_info || m->elem_info->stmts.n <= 2 || !ectx->rule)
		return 0;
	/* a mapping's key and statements, not its data */
	l = &m->elem_info->stmts;
	end = &l->v[l->n - 1]->location;
	loc = m->location;
	if (m->etype == EXPR_MAPPING && loc.json_index < 0 &&
	    end->indesc == loc.indesc && end->last_line == loc.first_line) {
		loc.last_line = end->last_line;
		loc.last_column = end->last_column;
	}
	return erec_error(ectx->msgs, &loc, "Could not process rule: %s",
			  strerror(E2BIG));
}

/* The members are checked once all are in place, spliced ones too. */
static int set_check_members(struct eval_ctx *ectx, struct expr *set)
{
	struct expr *i;

	set->flags &= ~EXPR_F_INTERVAL;
	list_for_each_entry(i, &set->expr_list.expressions, list)
		if (set_elem_check(ectx, set, i) < 0 ||
		    set_member_stmts_check(ectx, i) < 0)
			return -1;
	return 0;
}

static int set_expr_evaluate(struct eval_ctx *ectx, struct expr **exprp)
{
	struct expr *set = *exprp, *elem;

	set_expr_unpack(set);
	if (set_evaluate_members(ectx, set) < 0 ||
	    set_check_members(ectx, set) < 0)
		return -1;
	/* "define e = {}": no members for a named set's elements
	 * ("elements = $e"), none to match, as 1.1.3 takes them; a
	 * catch-all alone is a member */
	if (set->expr_list.size == 0 && !set->expr_list.catchall &&
	    !ectx->elem_set)
		return expr_error(ectx, set, "Set is empty");
	set->dtype = ectx->ectx_dtype ? ectx->ectx_dtype : &invalid_type;
	set->byteorder = ectx->ectx_byteorder;
	set->len = ectx->ectx_len;
	set->flags |= EXPR_F_CONSTANT;
	/* One member needs no set: it is matched as it is (but a
	 * concatenation is only ever looked up in a set, and an element
	 * holding a counter or a comment is one) */
	elem = list_first_entry(&set->expr_list.expressions, struct expr,
				list);
	if (set->expr_list.size == 1 && !set_key_is_concat(ectx) &&
	    !elem->elem_info && !set->expr_list.catchall) {
		list_del(&elem->list);
		set->expr_list.size = 0;
		expr_free(set);
		*exprp = elem;
	}
	return 0;
}

/* ---- encoding ---- */


static unsigned int set_key_bytes(const struct expr *left)
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

/* ---- JSON input ---- */

/* A member, or {"elem": {"val": V, "counter": ...}} holding more. */
static struct expr *set_json_member(struct json_ctx *jctx, json_t *j,
				    const char *path)
{
	struct set_elem_info *info;
	struct expr *elem;
	json_t *v;

	v = json_elem_unwrap(jctx, j, path, &info);
	if (v == NULL)
		return NULL;
	if (json_is_string(v) && !strcmp(json_string_value(v), "*"))
		elem = catchall_expr_alloc(&internal_location);
	else
		elem = json_parse_expr(jctx, v, path);
	json_decref(v);
	if (elem && info) {
		set_elem_info_free(elem->elem_info);
		elem->elem_info = info;
	} else {
		set_elem_info_free(info);
	}
	return elem;
}

static struct expr *set_expr_json_parse(struct json_ctx *jctx,
					json_t *value,
					const struct location *loc)
{
	struct expr *set, *elem;
	char path[32];
	bool nested;
	size_t i;

	if (!json_is_array(value)) {
		elem = json_parse_expr(jctx, value, ".set");
		if (elem == NULL)
			return NULL;
		set = set_expr_alloc(loc);
		set_expr_add(set, elem);
		return set;
	}
	/* the members may stay packed (include/set_pack.h) as the text
	 * parser's do: their index goes into their locations, not a path
	 * per member (json_location()), unless an element's index is
	 * there already */
	nested = jctx->in_elem;
	set = set_expr_alloc(loc);
	for (i = 0; i < json_array_size(value); i++) {
		if (nested)
			json_index_suffix(path, ".set", i);
		else
			json_list_suffix(jctx, path, ".set", i);
		elem = set_json_member(jctx, json_array_get(value, i), path);
		if (!nested)
			json_elem_end(jctx);
		if (elem == NULL) {
			expr_free(set);
			return NULL;
		}
		if (expr_is_catchall(elem))
			set_catchall_put(set, elem);
		else if (nested)
			set_expr_add(set, elem);
		else
			set_expr_add_packed(set, elem);
	}
	return set;
}

const struct expr_ops set_expr_ops = {
	.type		= EXPR_SET,
	.name		= "set",
	.destroy	= set_expr_destroy,
	.clone		= set_expr_clone,
	.cmp		= set_expr_cmp,
	.print		= set_expr_print,
	.json		= set_expr_json,
	.evaluate	= set_expr_evaluate,
	.nl_name	= "lookup",
	.delinearize	= set_lookup_delinearize,
	.json_name	= "set",
	.json_parse	= set_expr_json_parse,
};

struct expr *set_expr_alloc(const struct location *loc)
{
	struct expr *expr;

	expr = expr_alloc(loc, &set_expr_ops, &invalid_type,
			  BYTEORDER_INVALID, 0);
	init_list_head(&expr->expr_list.expressions);
	return expr;
}

void set_expr_add(struct expr *set, struct expr *elem)
{
	list_add_tail(&elem->list, &set->expr_list.expressions);
	set->expr_list.size++;
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

/* ---- packed members (include/set_pack.h) ---- */

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
	set_interval_bounds(m, key, &iv);
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
