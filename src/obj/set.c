/*
 * Named sets: "add set", "create set", "delete/destroy set" (by name or
 * handle), "flush set", "list set", "list sets", sets in table blocks,
 * and their elements ("add/delete element"). This file has the objects,
 * the key, netlink build, execution and the kind's ops; evaluation is in
 * set_eval.c (declarations, "@name"), set_eval_elems.c (elements) and
 * set_eval_cmd.c (element commands), netlink parse and the cache's dump
 * in set_decode.c, text and JSON output in set_print.c, JSON input in
 * set_json.c, "get element" and echoes in set_elem.c (what they share:
 * set_int.h). The
 * elements themselves are encoded and decoded by the anonymous sets'
 * code (src/expr/set_encode.c, set_decode.c), typed by the set's key.
 */
#include <obj.h>
#include <monitor.h>
#include <set.h>
#include <sobj.h>
#include <set_int.h>
#include <linearize.h>
#include <set_records.h>
#include <nft.h>
#include <nftables.h>
#include <cache.h>
#include <evaluate.h>
#include <mnl.h>
#include <netlink.h>
#include <print.h>
#include <json.h>
#include <stmt.h>
#include <intervals.h>
#include <set_pack.h>
#include <limits.h>
#include <errno.h>
#include <inttypes.h>
#include <libnftnl/expr.h>
#include <linux/netfilter/nfnetlink.h>
#include <assert.h>
#include <string.h>
#include <arpa/inet.h>
#include <libmnl/libmnl.h>
#include <libnftnl/set.h>
#include <libnftnl/udata.h>
#include <linux/netfilter.h>
#include <linux/netfilter/nf_tables.h>

#ifndef NFT_MSG_DESTROYSET
#define MSG_DESTROYSET		29
#define MSG_DESTROYSETELEM	30
#else
#define MSG_DESTROYSET		NFT_MSG_DESTROYSET
#define MSG_DESTROYSETELEM	NFT_MSG_DESTROYSETELEM
#endif

/* Names are a string's 16 bytes in set keys, as in the system nft. */
#define SET_STRING_BITS		(16 * BITS_PER_BYTE)
#define SET_CONCAT_TYPE_BITS	6
/* ... so it holds 5 members' types */
#define SET_CONCAT_TYPES_MAX	(32 / SET_CONCAT_TYPE_BITS)

/* ---- objects ---- */

struct set *set_alloc(const struct location *loc)
{
	struct set *s = xzalloc(sizeof(*s));

	init_list_head(&s->list);
	if (loc)
		s->location = *loc;
	s->refcnt = 1;
	return s;
}

struct set *set_get(struct set *s)
{
	s->refcnt++;
	return s;
}

void set_info_free(struct set *s)
{
	unsigned int i;

	if (!s->info)
		return;
	for (i = 0; s->init && i < s->init->expr_list.size; i++) {
		xfree(s->info[i].comment);
		set_stmts_free(&s->info[i].stmts);
	}
	xfree(s->info);
	s->info = NULL;
}

void set_free(struct set *s)
{
	if (!s || --s->refcnt > 0)
		return;
	handle_free(&s->handle);
	xfree(s->key_types);
	xfree(s->data_types);
	xfree(s->comment);
	if (s->key)
		expr_free(s->key);
	if (s->data)
		expr_free(s->data);
	set_info_free(s);
	set_stmts_free(&s->stmts);
	if (s->init)
		expr_free(s->init);
	set_records_free(s->packed);
	if (s->merge_with)
		expr_free(s->merge_with);
	if (s->held)
		expr_free(s->held);
	if (s->batch_iv)
		intervals_free(s->batch_iv, s->batch_n);
	if (s->overlap_index)
		intervals_free(s->overlap_index, s->overlap_all);
	xfree(s);
}

void table_add_set(struct table *t, struct set *s)
{
	list_add_tail(&s->list, &t->sets);
}

struct set *table_find_set(const struct table *t, const char *name)
{
	struct set *s;

	if (!name)
		return NULL;
	list_for_each_entry(s, &t->sets, list) {
		if (s->handle.set.name && !strcmp(s->handle.set.name, name))
			return s;
	}
	return NULL;
}

struct set *table_lookup_set(const struct table *t, const char *name)
{
	struct set *s = table_find_set(t, name);

	/* what reads members reads them in @init */
	if (s && s->packed)
		set_records_unpack(s);
	return s;
}

unsigned int table_count_sets(const struct table *t)
{
	const struct set *s;
	unsigned int n = 0;

	list_for_each_entry(s, &t->sets, list)
		n++;
	return n;
}

void table_free_sets(struct table *t)
{
	struct set *s, *next;

	list_for_each_entry_safe(s, next, &t->sets, list) {
		list_del(&s->list);
		set_free(s);
	}
}

/* ---- parsing helpers ---- */

const struct set_flag_name set_flags[] = {
	{ "constant",	NFT_SET_CONSTANT },
	{ "interval",	NFT_SET_INTERVAL },
	{ "timeout",	NFT_SET_TIMEOUT },
	{ "dynamic",	NFT_SET_EVAL },
};

const char *set_flag_parse(const char *name, uint32_t *flag)
{
	unsigned int i;

	for (i = 0; i < array_size(set_flags); i++) {
		if (!strcmp(name, set_flags[i].name)) {
			*flag = set_flags[i].flag;
			return NULL;
		}
	}
	return "unknown set flag: expected constant, interval, timeout or dynamic";
}

static bool set_number(const char *text, uint64_t *v)
{
	char *end;

	if (!text || !*text)
		return false;
	*v = strtoull(text, &end, 0);
	return !*end;
}

char *set_item_parse(struct set *s, const char *key, const char *value)
{
	uint64_t v;

	if (!strcmp(key, "auto-merge") && !value) {
		s->auto_merge = true;
	} else if (!strcmp(key, "timeout") && value) {
		if (!last_used_parse(value, &s->timeout))
			return xasprintf("invalid timeout '%s'", value);
	} else if (!strcmp(key, "gc-interval") && value) {
		if (!last_used_parse(value, &s->gc_int))
			return xasprintf("invalid gc-interval '%s'", value);
	} else if (!strcmp(key, "size") && value) {
		/* 0 is no size, as in 1.1.3; past 32 bits is refused by
		 * evaluation (set_size_evaluate()) */
		if (!set_number(value, &v))
			return xasprintf("invalid set size '%s'", value);
		s->size = v;
	} else {
		return xasprintf("unknown set declaration '%s'", key);
	}
	return NULL;
}

/* ---- the key ---- */

static struct expr *set_key_member(const struct location *loc,
				   const struct datatype *dtype)
{
	unsigned int len = dtype->size ? dtype->size : SET_STRING_BITS;
	enum byteorder bo = dtype->byteorder;

	if (bo == BYTEORDER_INVALID)
		bo = BYTEORDER_HOST_ENDIAN;
	return constant_expr_alloc_u64(loc, dtype, bo, len, 0);
}

static void set_key_concat_len(struct expr *concat);

void set_key_set_len(struct expr *key)
{
	if (key->etype == EXPR_CONCAT)
		set_key_concat_len(key);
}

static void set_key_concat_len(struct expr *concat)
{
	const struct expr *i;

	concat->len = 0;
	list_for_each_entry(i, &concat->expr_list.expressions, list)
		concat->len += concat_field_bytes(i) * BITS_PER_BYTE;
}

/* "ipv4_addr . inet_service" into a key; NULL with the unknown name. */
struct expr *set_key_from_names(const char *names,
				const struct location *loc,
				char **bad)
{
	char *copy = xstrdup(names), *save = NULL, *tok;
	struct expr *key = NULL, *concat = NULL, *m;
	const struct datatype *dtype;
	unsigned int n = 0;

	for (tok = strtok_r(copy, " .", &save); tok;
	     tok = strtok_r(NULL, " .", &save)) {
		dtype = datatype_lookup_byname(tok);
		if (!dtype || dtype->type == TYPE_INVALID ||
		    dtype->type == TYPE_VERDICT) {
			*bad = xstrdup(tok);
			goto err;
		}
		m = set_key_member(loc, dtype);
		/* each name's own place, for errors about one member */
		location_nth_word(loc, n, ".", &m->location);
		if (n++ == 0) {
			key = m;
			continue;
		}
		if (!concat) {
			concat = concat_expr_alloc(loc);
			concat_expr_add(concat, key);
			key = concat;
		}
		concat_expr_add(concat, m);
	}
	xfree(copy);
	if (concat)
		set_key_concat_len(concat);
	return key;
err:
	xfree(copy);
	if (key)
		expr_free(key);
	return NULL;
}

/* The key of a dumped set from its type id (6 bits a member). */
struct expr *set_key_from_kernel(uint32_t type, uint32_t len)
{
	const struct datatype *dtype;
	struct expr *concat, *m;
	uint32_t ids[8];
	unsigned int n = 0;

	dtype = datatype_lookup(type);
	if (type < __TYPE_MAX && dtype && (!dtype->size ||
	    div_round_up(dtype->size, BITS_PER_BYTE) <= len)) {
		m = set_key_member(&internal_location, dtype);
		if (!dtype->size)
			m->len = len * BITS_PER_BYTE;
		return m;
	}
	while (type && n < array_size(ids)) {
		ids[n++] = type & ((1 << SET_CONCAT_TYPE_BITS) - 1);
		type >>= SET_CONCAT_TYPE_BITS;
	}
	concat = concat_expr_alloc(&internal_location);
	while (n--) {
		dtype = datatype_lookup(ids[n]);
		if (!dtype) {
			expr_free(concat);
			return NULL;
		}
		concat_expr_add(concat, set_key_member(&internal_location,
						       dtype));
	}
	set_key_concat_len(concat);
	return concat;
}

void set_print_key_types(const struct expr *key,
			 struct output_ctx *octx)
{
	const struct expr *i;
	const char *sep = "";

	if (key->etype != EXPR_CONCAT) {
		nft_print(octx, "%s", key->dtype->name);
		return;
	}
	list_for_each_entry(i, &key->expr_list.expressions, list) {
		nft_print(octx, "%s%s", sep, i->dtype->name);
		sep = " . ";
	}
}

void set_print_typeof(const struct expr *key, struct output_ctx *octx)
{
	const struct expr *i;
	const char *sep = "";

	if (key->etype != EXPR_CONCAT) {
		expr_print(key, octx);
		return;
	}
	list_for_each_entry(i, &key->expr_list.expressions, list) {
		nft_print(octx, "%s", sep);
		expr_print(i, octx);
		sep = " . ";
	}
}

/* ---- named maps ---- */

bool set_is_map(const struct set *s)
{
	return s->flags & NFT_SET_MAP;
}

/* An interval set's concatenated key holds host order members big
 * endian (concat_member_order()); a field that the load shifts down
 * after turning it host order is held so (expr_key_order()). */
void set_key_mark_order(struct set *s)
{
	if (s->key && s->key->etype == EXPR_CONCAT &&
	    s->flags & NFT_SET_INTERVAL)
		s->key->flags |= EXPR_F_HTON;
	if (s->key && s->key->etype != EXPR_CONCAT)
		s->key->byteorder = expr_key_order(s->key);
}

/* The key's byte order in the user data: a header field's is big
 * endian, whichever order its values take in the elements; a type
 * declared by name that has no order in upstream's types has none. */
static enum byteorder set_udata_key_order(const struct expr *key,
					  bool by_typeof)
{
	if (key->etype == EXPR_CONCAT)
		return BYTEORDER_INVALID;
	/* an option's presence too, as 1.1.3 records it ("typeof dccp
	 * option 4") */
	if (payload_expr_needs_mask(key) || key->etype == EXPR_EXTHDR)
		return BYTEORDER_BIG_ENDIAN;
	if (!by_typeof && key->dtype->flags & DTYPE_F_NO_ORDER)
		return BYTEORDER_INVALID;
	return key->byteorder;
}

/* "verdict", or types as for a key. */
struct expr *set_data_from_names(const char *names,
				 const struct location *loc, char **bad)
{
	if (!strcmp(names, "verdict"))
		return constant_expr_alloc_u64(loc, &verdict_type,
					       BYTEORDER_INVALID, 0, 0);
	return set_key_from_names(names, loc, bad);
}

struct expr *set_data_from_kernel(uint32_t type, uint32_t len)
{
	if (type == NFT_DATA_VERDICT)
		return constant_expr_alloc_u64(&internal_location,
					       &verdict_type,
					       BYTEORDER_INVALID, 0, 0);
	return set_key_from_kernel(type, len);
}

static bool set_data_is_verdict(const struct set *s)
{
	return s->data && s->data->dtype->type == TYPE_VERDICT;
}

/* A stand-in anonymous map of @s's key and data holding @mappings,
 * which stay the caller's (set_map_stub_free()). */
struct expr *set_map_stub(const struct set *s, struct expr *mappings)
{
	const struct expr *d = s->data;
	struct expr *map = map_expr_alloc(&s->location, expr_get(s->key),
					  mappings, set_data_is_verdict(s));

	map->map.objtype = s->objtype;
	if (map->map.vmap) {
		map->dtype = &verdict_type;
		map->byteorder = BYTEORDER_INVALID;
		map->len = 0;
	} else {
		if (d->etype == EXPR_CONCAT)
			d = list_first_entry(&d->expr_list.expressions,
					     struct expr, list);
		map->dtype = d->dtype;
		map->byteorder = d->byteorder;
		map->len = set_data_len(s) * BITS_PER_BYTE;
		if (s->data->etype == EXPR_CONCAT || s->data_interval)
			map->map.data = expr_get(s->data);
		map->map.data_interval = s->data_interval;
	}
	if (s->flags & NFT_SET_INTERVAL)
		map->flags |= EXPR_F_INTERVAL;
	return map;
}

void set_map_stub_free(struct expr *map)
{
	map->map.mappings = NULL;
	expr_free(map);
}

/* The object kinds a map may name ("type K : counter"; the ct ones in a
 * typeof's data only, "typeof ip saddr : ct helper"): the stateful
 * object kinds (include/sobj.h). */
uint32_t set_obj_type_by_name(const char *name)
{
	const struct sobj_ops *k = sobj_ops_by_name(name);

	return k ? k->type : 0;
}

const char *set_obj_type_name(uint32_t type)
{
	return sobj_type_name(type);
}

/* An object map's data: the objects' names. */
struct expr *set_obj_data(const struct location *loc)
{
	return constant_expr_alloc_u64(loc, &string_type,
				       BYTEORDER_HOST_ENDIAN,
				       NFT_OBJ_MAXNAMELEN * BITS_PER_BYTE, 0);
}

uint32_t set_data_type_id(const struct set *s)
{
	if (set_data_is_verdict(s))
		return NFT_DATA_VERDICT;
	if (s->data->etype == EXPR_CONCAT)
		return concat_key_type(s->data);
	return s->data->dtype->type;
}

/* Interval data hold a low and a high end. */
uint32_t set_data_len(const struct set *s)
{
	if (set_data_is_verdict(s))
		return 0;
	return div_round_up(s->data->len, BITS_PER_BYTE) *
	       (s->data_interval ? 2 : 1);
}

/* How the intervals of messages of @type merge: an add sends an
 * interval written twice twice, as 1.1.3 does, where it does not
 * merge them. */
static enum iv_merge set_iv_merge(const struct set *s, uint16_t type)
{
	if (s->auto_merge)
		return IV_TOUCHING;
	return type == NFT_MSG_NEWSETELEM ? IV_APART_DUPS : IV_APART;
}

/* The elements of @members into @elems (for messages of @type): how
 * many. */
static unsigned int set_any_elems_build(struct nftnl_set *elems,
					const struct set *s,
					const struct expr *members,
					uint16_t type, bool zero)
{
	struct expr *map;
	unsigned int n;

	if (set_pack_keys(members->expr_list.pack) &&
	    !set_pack_keys(members->expr_list.pack)->intervals)
		return set_pack_build_page(elems,
					   set_pack_keys(members->expr_list.pack),
					   0, UINT_MAX);
	/* auto-merge: the new elements merged with the set's own */
	if (!set_is_map(s) && s->merge_with && members == s->init)
		return set_elems_build_merged(elems, members, s->merge_with,
					      s->key, zero) +
		       set_catchall_build(elems, members);
	if (!set_is_map(s) || !s->data)
		return set_elems_build(elems, members, s->key,
				       set_iv_merge(s, type), zero) +
		       set_catchall_build(elems, members);
	map = set_map_stub(s, (struct expr *)members);
	if (members->flags & EXPR_F_INTERVAL)
		map->flags |= EXPR_F_INTERVAL;
	n = map_elems_build(elems, map, zero);
	n += map_catchall_build(elems, map);
	set_map_stub_free(map);
	if (s->objtype) {
		nftnl_set_set_u32(elems, NFTNL_SET_OBJ_TYPE, s->objtype);
		return n;
	}
	nftnl_set_set_u32(elems, NFTNL_SET_DATA_TYPE, set_data_type_id(s));
	nftnl_set_set_u32(elems, NFTNL_SET_DATA_LEN, set_data_len(s));
	return n;
}

/* ---- netlink ---- */

static struct nftnl_set *set_nl_alloc(const struct handle *h)
{
	struct nftnl_set *nls = nftnl_set_alloc();

	if (!nls)
		memory_allocation_error();
	nftnl_set_set_u32(nls, NFTNL_SET_FAMILY, h->family);
	if (h->table.name)
		nftnl_set_set_str(nls, NFTNL_SET_TABLE, h->table.name);
	if (h->set.name)
		nftnl_set_set_str(nls, NFTNL_SET_NAME, h->set.name);
	if (h->handle.id)
		nftnl_set_set_u64(nls, NFTNL_SET_HANDLE, h->handle.id);
	return nls;
}

/* The set's user data; @with_typeof: with the typeof descriptions. */
static struct nftnl_udata_buf *set_udata_build(const struct set *s,
					       bool with_typeof)
{
	struct nftnl_udata_buf *ud = set_udata_scratch();

	/* a concatenation has no byte order of its own: 0 */
	nftnl_udata_put_u32(ud, NFTNL_UDATA_SET_KEYBYTEORDER,
			    set_udata_key_order(s->key, s->key_typeof));
	if (set_is_map(s) && s->data && !s->objtype)
		nftnl_udata_put_u32(ud, NFTNL_UDATA_SET_DATABYTEORDER,
				    set_udata_key_order(s->data,
							s->data_typeof));
	/* a concatenation's ranges are never merged: 1.1.3 records no
	 * auto-merge for it, and lists none */
	if (s->auto_merge && s->key && s->key->etype != EXPR_CONCAT)
		nftnl_udata_put_u32(ud, NFTNL_UDATA_SET_MERGE_ELEMENTS, 1);
	if (s->key_typeof && with_typeof)
		set_typeof_put(ud, s->key);
	else
		set_typeof_put_type(ud, s->key);
	/* "typeof KEY : verdict": the data's kind (1: a verdict), which
	 * upstream needs to list the typeof; "type K : verdict" has the
	 * constant */
	if (set_is_map(s) && s->data && s->data_typeof && with_typeof)
		set_typeof_put_data(ud, s->data);
	else if (set_is_map(s) && s->key_typeof && with_typeof &&
		 set_data_is_verdict(s))
		set_typeof_put_verdict_data(ud);
	else if (set_is_map(s))
		set_typeof_put_type_data(ud, s->data);
	/* whether a map's data are ranges, written for every map as the
	 * system nft does */
	if (set_is_map(s) && s->data)
		nftnl_udata_put_u32(ud, NFTNL_UDATA_SET_DATA_INTERVAL,
				    s->data_interval);
	if (s->comment)
		nftnl_udata_put_strz(ud, NFTNL_UDATA_SET_COMMENT, s->comment);
	return ud;
}

/*
 * The kernel keeps 256 bytes: a typeof description that does not fit
 * with the rest is left out, as upstream leaves out what does not fit,
 * and the set lists by its key type (set_key_listable() refused the
 * keys that cannot).
 */
static struct nftnl_udata_buf *set_udata(const struct set *s)
{
	struct nftnl_udata_buf *ud = set_udata_build(s, true);

	if (nftnl_udata_buf_len(ud) > NFT_USERDATA_MAXLEN) {
		nftnl_udata_buf_free(ud);
		ud = set_udata_build(s, false);
	}
	return ud;
}

bool set_key_listable(const struct set *s, const struct expr *key)
{
	struct expr *back = NULL;
	struct nftnl_udata_buf *ud;
	bool fits;

	if (key->etype != EXPR_CONCAT ||
	    key->expr_list.size <= SET_CONCAT_TYPES_MAX)
		return true;
	if (!(key == s->key ? s->key_typeof : s->data_typeof))
		return false;
	/* what would be sent holds the description */
	ud = set_udata(s);
	if (key == s->key)
		fits = set_typeof_parse(nftnl_udata_buf_data(ud),
					nftnl_udata_buf_len(ud), &back) == 1;
	else
		fits = set_typeof_parse_data(nftnl_udata_buf_data(ud),
					     nftnl_udata_buf_len(ud),
					     &back) == 1;
	if (back)
		expr_free(back);
	nftnl_udata_buf_free(ud);
	return fits;
}

static void set_nl_udata(struct nftnl_set *nls, const struct set *s)
{
	struct nftnl_udata_buf *ud = set_udata(s);

	/* comments are 128 bytes at most: the rest always fits */
	assert(nftnl_udata_buf_len(ud) <= NFT_USERDATA_MAXLEN);
	nftnl_set_set_data(nls, NFTNL_SET_USERDATA, nftnl_udata_buf_data(ud),
			   nftnl_udata_buf_len(ud));
	nftnl_udata_buf_free(ud);
}

static uint32_t set_key_type_id(const struct expr *key)
{
	return expr_key_type_id(key);
}

static struct nftnl_set *set_nl_build(const struct handle *h,
				      const struct set *s)
{
	struct nftnl_set *nls = set_nl_alloc(h);

	uint32_t flags = s->flags;

	if (s->objtype) {
		flags ^= NFT_SET_MAP | NFT_SET_OBJECT;
		nftnl_set_set_u32(nls, NFTNL_SET_OBJ_TYPE, s->objtype);
	}
	if (s->key->etype == EXPR_CONCAT && s->flags & NFT_SET_INTERVAL)
		flags |= NFT_SET_CONCAT;
	nftnl_set_set_u32(nls, NFTNL_SET_FLAGS, flags);
	nftnl_set_set_u32(nls, NFTNL_SET_KEY_TYPE, set_key_type_id(s->key));
	nftnl_set_set_u32(nls, NFTNL_SET_KEY_LEN,
			  div_round_up(s->key->len, BITS_PER_BYTE));
	if (s->key->etype == EXPR_CONCAT && s->flags & NFT_SET_INTERVAL)
		set_key_desc(nls, s->key);
	if (set_is_map(s) && s->data && !s->objtype) {
		nftnl_set_set_u32(nls, NFTNL_SET_DATA_TYPE, set_data_type_id(s));
		nftnl_set_set_u32(nls, NFTNL_SET_DATA_LEN, set_data_len(s));
	}
	if (s->timeout)
		nftnl_set_set_u64(nls, NFTNL_SET_TIMEOUT, s->timeout);
	if (s->gc_int)
		nftnl_set_set_u32(nls, NFTNL_SET_GC_INTERVAL, s->gc_int);
	/* a constant set has no size for the kernel (1.1.3 drops a declared
	 * one too, and its policy): it never grows */
	if (s->size && !(s->flags & NFT_SET_CONSTANT))
		nftnl_set_set_u32(nls, NFTNL_SET_DESC_SIZE, s->size);
	if (s->policy_memory && !(s->flags & NFT_SET_CONSTANT))
		nftnl_set_set_u32(nls, NFTNL_SET_POLICY, NFT_SET_POL_MEMORY);
	set_nl_udata(nls, s);
	set_stmts_put_set(nls, &s->stmts);
	return nls;
}

static void set_debug(struct nft_ctx *nft, const struct nftnl_set *nls)
{
	FILE *fp = nft->octx.output_fp ? nft->octx.output_fp : stdout;

	if (!(nft->debug_mask & NFT_DEBUG_NETLINK))
		return;
	nftnl_set_fprintf(fp, nls, NFTNL_OUTPUT_DEFAULT, 0);
	fprintf(fp, "\n");
}

static void set_put_elems(struct exec_ctx *x, uint16_t type, uint16_t flags,
			  const struct handle *h, struct nftnl_set *elems)
{
	struct nftnl_set_elems_iter *it;
	struct nlmsghdr *nlh;
	int more;

	it = nftnl_set_elems_iter_create(elems);
	if (!it)
		memory_allocation_error();
	do {
		nlh = batch_msg_start(x->batch, type, h->family, flags);
		more = nftnl_set_elems_nlmsg_build_payload_iter(nlh, it);
		batch_msg_end(x->batch, nlh);
	} while (more > 0);
	nftnl_set_elems_iter_destroy(it);
}

#define SET_ELEMS_PAGE	1024

/* A map's elements in pages as set_exec_elems() sends a set's; false
 * if they cannot be (intervals). */
static bool set_exec_map_pages(struct exec_ctx *x, uint16_t type,
			       uint16_t flags, const struct handle *h,
			       const struct set *s,
			       const struct expr *members)
{
	struct expr *map = set_map_stub(s, (struct expr *)members);
	const struct expr *pos = NULL;
	struct nftnl_set *elems;

	if (members->flags & EXPR_F_INTERVAL)
		map->flags |= EXPR_F_INTERVAL;
	if (!map_elems_pageable(map) || !members->expr_list.size) {
		set_map_stub_free(map);
		return false;
	}
	do {
		elems = set_nl_alloc(h);
		map_elems_build_page(elems, map, &pos, SET_ELEMS_PAGE);
		if (s->objtype) {
			nftnl_set_set_u32(elems, NFTNL_SET_OBJ_TYPE,
					  s->objtype);
		} else {
			nftnl_set_set_u32(elems, NFTNL_SET_DATA_TYPE,
					  set_data_type_id(s));
			nftnl_set_set_u32(elems, NFTNL_SET_DATA_LEN,
					  set_data_len(s));
		}
		set_put_elems(x, type, flags, h, elems);
		nftnl_set_free(elems);
	} while (pos);
	set_map_stub_free(map);
	return true;
}

/* An interval set's elements (set_iv_pages_alloc()) in pages. */
static void set_exec_iv_pages(struct exec_ctx *x, uint16_t type,
			      uint16_t flags, const struct handle *h,
			      const struct set *s,
			      const struct expr *members, bool zero)
{
	/* auto-merge: the new elements merged with the set's own */
	const struct expr *with = s->merge_with && members == s->init ?
				  s->merge_with : NULL;
	struct set_iv_pages *p = set_iv_pages_alloc(members, with, s->key,
						    set_iv_merge(s, type),
						    zero);
	struct nftnl_set *elems;
	bool first = true;

	do {
		elems = set_nl_alloc(h);
		/* an empty page only as the whole (as unpaged) */
		if (set_iv_pages_next(p, elems, SET_ELEMS_PAGE) || first)
			set_put_elems(x, type, flags, h, elems);
		nftnl_set_free(elems);
		first = false;
	} while (!set_iv_pages_done(p));
	set_iv_pages_free(p);
}

/* A message's elements, at most: its element list stays well under the
 * 64 KiB a netlink attribute can hold. */
#define SET_PACK_MSG_ROOM	60000

/* Packed keys (include/set_pack.h) straight into the batch, the same
 * bytes libnftnl would write for them, without its elements. */
static void set_exec_packed(struct exec_ctx *x, uint16_t type, uint16_t flags,
			    const struct handle *h, const struct pack_keys *k)
{
	unsigned int from = 0;
	struct nlmsghdr *nlh;
	struct nlattr *list;

	do {
		nlh = batch_msg_start(x->batch, type, h->family, flags);
		if (h->set.name)
			mnl_attr_put_strz(nlh, NFTA_SET_ELEM_LIST_SET,
					  h->set.name);
		if (h->table.name)
			mnl_attr_put_strz(nlh, NFTA_SET_ELEM_LIST_TABLE,
					  h->table.name);
		list = mnl_attr_nest_start(nlh, NFTA_SET_ELEM_LIST_ELEMENTS);
		from += set_pack_nlmsg_elems(nlh, k, from, SET_PACK_MSG_ROOM);
		mnl_attr_nest_end(nlh, list);
		batch_msg_end(x->batch, nlh);
	} while (from < k->n);
}

/* The elements of @members in messages of @type. */
static void set_exec_elems(struct exec_ctx *x, uint16_t type, uint16_t flags,
			   const struct handle *h, const struct set *s,
			   const struct expr *members, bool zero)
{
	const struct pack_keys *k = set_pack_keys(members->expr_list.pack);
	bool whole = x->nft->debug_mask & NFT_DEBUG_NETLINK ||
		     members->expr_list.catchall;
	struct nftnl_set *elems;

	/* none ("elements = $e", e defined as {}): nothing to send, an
	 * empty list to debug as 1.1.3 prints it */
	if (!k && members->expr_list.size == 0 &&
	    !members->expr_list.catchall) {
		if (x->nft->debug_mask & NFT_DEBUG_NETLINK) {
			elems = set_nl_alloc(h);
			set_debug(x->nft, elems);
			nftnl_set_free(elems);
		}
		return;
	}
	/* packed keys (include/set_pack.h) go in pages as they are;
	 * packed intervals are merged first */
	if (k && k->intervals && !(x->nft->debug_mask & NFT_DEBUG_NETLINK)) {
		set_exec_iv_pages(x, type, flags, h, s, members, zero);
		return;
	}
	if (k && !k->intervals) {
		set_exec_packed(x, type, flags, h, k);
		return;
	}
	/* in pages: a big set's libnftnl elements are never all held at
	 * once (the debug listing shows them in one piece, as built) */
	/* a catch-all goes after the others, in one piece with them */
	if (!whole && set_is_map(s) && s->data) {
		if (set_exec_map_pages(x, type, flags, h, s, members))
			return;
	} else if (!whole && !set_is_map(s) &&
		   set_elems_pageable(members, s->key)) {
		const struct expr *pos = NULL;

		do {
			elems = set_nl_alloc(h);
			set_elems_build_page(elems, members, s->key, &pos,
					     SET_ELEMS_PAGE);
			set_put_elems(x, type, flags, h, elems);
			nftnl_set_free(elems);
		} while (pos);
		return;
	} else if (!whole && !set_is_map(s)) {
		set_exec_iv_pages(x, type, flags, h, s, members, zero);
		return;
	}
	elems = set_nl_alloc(h);
	set_any_elems_build(elems, s, members, type, zero);
	if (x->nft->debug_mask & NFT_DEBUG_NETLINK) {
		FILE *fp = x->nft->octx.output_fp ?
			   x->nft->octx.output_fp : stdout;

		nftnl_set_fprintf(fp, elems, NFTNL_OUTPUT_DEFAULT, 0);
		fprintf(fp, "\n");
	}
	set_put_elems(x, type, flags, h, elems);
	nftnl_set_free(elems);
}

static int set_put(struct exec_ctx *x, uint16_t type, uint16_t flags,
		   const struct handle *h, const void *obj)
{
	const struct set *s = obj;
	struct nftnl_set *nls;
	struct nlmsghdr *nlh;

	nls = s ? set_nl_build(h, s) : set_nl_alloc(h);
	/* the kernel wants an id on every new set */
	if (type == NFT_MSG_NEWSET)
		nftnl_set_set_u32(nls, NFTNL_SET_ID, ++x->batch->set_id);
	if (s)
		set_debug(x->nft, nls);
	if (s)
		flags |= exec_echo_flag(x, type);
	nlh = batch_msg_start(x->batch, type, h->family, flags);
	nftnl_set_nlmsg_build_payload(nlh, nls);
	batch_msg_end(x->batch, nlh);
	nftnl_set_free(nls);
	if (s && s->init && type == NFT_MSG_NEWSET)
		set_exec_elems(x, NFT_MSG_NEWSETELEM, NLM_F_CREATE |
			       exec_echo_flag(x, NFT_MSG_NEWSETELEM), h, s,
			       s->init, true);
	return 0;
}

/* For table blocks (src/obj/table.c): the set and its elements. */
int exec_put_set(struct exec_ctx *x, const struct set *s)
{
	return set_put(x, NFT_MSG_NEWSET, NLM_F_CREATE, &s->handle, s);
}

static int exec_set(struct exec_ctx *x, struct cmd *cmd)
{
	struct handle h = cmd->handle;

	switch (cmd->op) {
	case CMD_ADD:
		return set_put(x, NFT_MSG_NEWSET, NLM_F_CREATE, &h, cmd->set);
	case CMD_CREATE:
		return set_put(x, NFT_MSG_NEWSET, NLM_F_CREATE | NLM_F_EXCL,
			       &h, cmd->set);
	case CMD_DELETE:
		return set_put(x, NFT_MSG_DELSET, 0, &h, NULL);
	case CMD_DESTROY:
		return set_put(x, MSG_DESTROYSET, 0, &h, NULL);
	case CMD_FLUSH: {
		struct nftnl_set *nls;
		struct nlmsghdr *nlh;

		if (set_cmd_kind_error(x->nft, x->msgs, cmd) < 0)
			return -1;
		nls = set_nl_alloc(&h);
		nlh = batch_msg_start(x->batch, NFT_MSG_DELSETELEM, h.family,
				      0);
		nftnl_set_elems_nlmsg_build_payload(nlh, nls);
		batch_msg_end(x->batch, nlh);
		nftnl_set_free(nls);
		return 0;
	}
	default:
		return erec_error(x->msgs, &cmd->location,
				  "%s set is not supported",
				  cmd_op_name(cmd->op));
	}
}

static int exec_element(struct exec_ctx *x, struct cmd *cmd)
{
	const struct set *s = cmd->set;
	/* the end element at 0 goes in with the first elements only */
	bool empty = s->target_empty;
	const struct set *tmp = s;

	switch (cmd->op) {
	case CMD_ADD:
		if (s->coalesced)
			return 0;
		/* the set's own elements the new ones merge with go first */
		if (s->merge_with)
			set_exec_elems(x, NFT_MSG_DELSETELEM, 0, &cmd->handle,
				       tmp, s->merge_with, false);
		set_exec_elems(x, NFT_MSG_NEWSETELEM, NLM_F_CREATE |
			       exec_echo_flag(x, NFT_MSG_NEWSETELEM),
			       &cmd->handle, tmp, s->init, empty);
		return 0;
	case CMD_CREATE:
		set_exec_elems(x, NFT_MSG_NEWSETELEM,
			       NLM_F_CREATE | NLM_F_EXCL |
			       exec_echo_flag(x, NFT_MSG_NEWSETELEM),
			       &cmd->handle, tmp, s->init, empty);
		return 0;
	case CMD_DELETE:
		set_exec_elems(x, NFT_MSG_DELSETELEM, 0, &cmd->handle, tmp,
			       s->init, false);
		return 0;
	case CMD_DESTROY:
		set_exec_elems(x, MSG_DESTROYSETELEM, 0, &cmd->handle, tmp,
			       s->init, false);
		return 0;
	default:
		return erec_error(x->msgs, &cmd->location,
				  "%s element is not supported",
				  cmd_op_name(cmd->op));
	}
}

/* ---- errors ---- */

bool set_cmd_kind_matches(const struct cmd *cmd, const struct set *s)
{
	return set_is_map(s) == cmd->set_map;
}

/*
 * "flush set" of a map, "flush map" of a set: no such set, as upstream
 * says. A set the cache does not hold (added in this run) is the
 * kernel's to find.
 */
int set_cmd_kind_error(struct nft_ctx *nft, struct list_head *msgs,
		       const struct cmd *cmd)
{
	const struct table *t = cache_table_lookup(&nft->cache,
						   cmd->handle.family,
						   cmd->handle.table.name);
	const struct set *s = t && cmd->handle.set.name ?
			      table_find_set(t, cmd->handle.set.name) : NULL;

	if (!s || set_cmd_kind_matches(cmd, s))
		return 0;
	return erec_error(msgs, cmd_loc_or(cmd, &cmd->handle.set.location),
			  "No such file or directory");
}

static char *set_explain_missing(const struct cmd *cmd,
				 const struct location **loc)
{
	const struct handle *h = &cmd->handle;

	/* the elements of a set that the kernel refused before them in
	 * the same command: under the declaration, as 1.1.3 says it */
	if (cmd->obj == CMD_OBJ_SET && cmd->set && cmd->set->init &&
	    cmd->set->decl_loc.indesc) {
		*loc = &cmd->set->decl_loc;
		return xstrdup("");
	}
	*loc = cmd_loc_or(cmd, &h->set.location);
	if (!h->set.name)
		return xasprintf("no set with handle %llu in table '%s'",
				 (unsigned long long)h->handle.id,
				 cmd_table_name(cmd));
	return xasprintf("set '%s' does not exist in table %s %s",
			 h->set.name, family_name(h->family),
			 cmd_table_name(cmd));
}

static char *set_explain_exists(const struct cmd *cmd,
				const struct location **loc)
{
	const struct handle *h = &cmd->handle;

	*loc = cmd_loc_or(cmd, &h->set.location);
	return xasprintf("set '%s' already exists in table %s %s",
			 h->set.name ? h->set.name : "",
			 family_name(h->family), cmd_table_name(cmd));
}

/* A set of a table block (or a command) that the kernel holds already
 * with other attributes: named, the caret under its name (a table
 * block's command would name the table). */
static char *set_explain(struct nft_ctx *nft, const struct mnl_err *e,
			 const struct cmd *cmd, const void *obj,
			 const struct location **loc)
{
	const struct set *s = obj;

	(void)nft;
	if (e->msg_type != NFT_MSG_NEWSET || e->err != EEXIST || !s ||
	    !s->handle.set.name)
		return NULL;
	if (s->handle.set.location.indesc)
		*loc = &s->handle.set.location;
	return xasprintf("set '%s' already exists in table %s %s",
			 s->handle.set.name, family_name(s->handle.family),
			 s->handle.table.name ? s->handle.table.name :
						cmd_table_name(cmd));
}

static void set_cmd_free(struct cmd *cmd)
{
	set_free(cmd->set);
}

static void set_obj_print(const void *obj, struct output_ctx *octx)
{
	set_print(obj, octx, true);
}

static json_t *set_obj_json(const void *obj, struct output_ctx *octx)
{
	return set_json(obj, octx);
}

static int set_cmd_evaluate_delete(struct eval_ctx *ectx, struct cmd *cmd)
{
	return name_evaluate(ectx, &cmd->handle.set, "set");
}

/* a set's or a map's, the listing's too; "typeof" and "data-interval"
 * are ours (README: Differences) */
static const char *const set_json_keys[] = {
	"family", "table", "name", "handle", "type", "map", "policy", "flags",
	"elem", "timeout", "gc-interval", "size", "auto-merge", "comment",
	"stmt", "typeof", "data-interval", NULL,
};

/* A set of a table block (its elements' message too) */
static const struct location *set_block_location(const void *obj)
{
	const struct set *set = obj;

	return &set->handle.set.location;
}

const struct obj_ops set_obj_ops = {
	.obj		= CMD_OBJ_SET,
	.name		= "set",
	.msg_new	= NFT_MSG_NEWSET,
	.nl_parse	= set_nl_parse_echo,
	.obj_free	= set_obj_free_echo,
	.echo		= set_echo,
	.monitor	= set_monitor,
	.json_echo	= set_json_echo,
	.flags		= OBJ_F_LIST,
	.evaluate	= set_cmd_evaluate,
	.evaluate_delete = set_cmd_evaluate_delete,
	.cache_needs	= set_cmd_needs,
	.list_needs	= NFT_CACHE_TABLE | NFT_CACHE_SET | NFT_CACHE_SETELEM,
	.flush_needs	= NFT_CACHE_TABLE | NFT_CACHE_SET,
	.execute	= exec_set,
	.list		= set_list,
	.print		= set_obj_print,
	.json		= set_obj_json,
	.explain	= set_explain,
	.explain_missing = set_explain_missing,
	.explain_exists	= set_explain_exists,
	.free		= set_cmd_free,
	.json_cmds	= OBJ_CMD(CMD_ADD) | OBJ_CMD(CMD_CREATE) |
			  OBJ_CMD(CMD_DELETE) | OBJ_CMD(CMD_DESTROY) |
			  OBJ_CMD(CMD_LIST) | OBJ_CMD(CMD_FLUSH) |
			  OBJ_CMD(CMD_RESET),
	.json_parse	= json_set_cmd,
	.json_keys	= set_json_keys,
	.block_location	= set_block_location,
};

/* {"list": {"sets": null | {"family": F, "table": T}}} */
static const char *const json_list_kind_keys[] = { "family", "table", NULL };

static struct cmd *json_sets_cmd(struct json_ctx *jctx, enum cmd_ops op,
				  bool bare, json_t *obj)
{
	return json_list_kind_cmd(jctx, op, obj, CMD_OBJ_SETS);
}

const struct obj_ops sets_obj_ops = {
	.obj		= CMD_OBJ_SETS,
	.name		= "sets",
	.flags		= OBJ_F_ALL_TABLES | OBJ_F_LIST,
	.list_needs	= NFT_CACHE_TABLE | NFT_CACHE_SET | NFT_CACHE_SETELEM,
	.list		= set_list,
	.json_cmds	= OBJ_CMD(CMD_LIST),
	.json_parse	= json_sets_cmd,
	.json_keys	= json_list_kind_keys,
};

const struct obj_ops map_obj_ops = {
	.obj		= CMD_OBJ_MAP,
	.name		= "map",
	.json_cmds	= OBJ_CMD(CMD_ADD) | OBJ_CMD(CMD_CREATE) |
			  OBJ_CMD(CMD_DELETE) | OBJ_CMD(CMD_DESTROY) |
			  OBJ_CMD(CMD_LIST) | OBJ_CMD(CMD_FLUSH) |
			  OBJ_CMD(CMD_RESET),
	.json_parse	= json_map_cmd,
	.json_keys	= set_json_keys,
	.block_location	= set_block_location,
};

static struct cmd *json_maps_cmd(struct json_ctx *jctx, enum cmd_ops op,
				  bool bare, json_t *obj)
{
	return json_list_kind_cmd(jctx, op, obj, CMD_OBJ_MAPS);
}

const struct obj_ops maps_obj_ops = {
	.obj		= CMD_OBJ_MAPS,
	.name		= "maps",
	.flags		= OBJ_F_ALL_TABLES | OBJ_F_LIST,
	.list_needs	= NFT_CACHE_TABLE | NFT_CACHE_SET | NFT_CACHE_SETELEM,
	.list		= set_list,
	.json_cmds	= OBJ_CMD(CMD_LIST),
	.json_parse	= json_maps_cmd,
	.json_keys	= json_list_kind_keys,
};

/* "list meter T m", "list meters": what the meter statement makes, a set
 * or map with flags dynamic, as upstream 1.1.3 lists them (a meter of
 * another set is missing) */
const struct obj_ops meter_obj_ops = {
	.obj		= CMD_OBJ_METER,
	.name		= "meter",
	.flags		= OBJ_F_LIST,
	.list_needs	= NFT_CACHE_TABLE | NFT_CACHE_SET | NFT_CACHE_SETELEM,
	.list		= set_list,
	.json_cmds	= OBJ_CMD(CMD_LIST),
	.json_parse	= json_meter_cmd,
	.json_keys	= set_json_keys,
};

const struct obj_ops meters_obj_ops = {
	.obj		= CMD_OBJ_METERS,
	.name		= "meters",
	.flags		= OBJ_F_ALL_TABLES | OBJ_F_LIST,
	.list_needs	= NFT_CACHE_TABLE | NFT_CACHE_SET | NFT_CACHE_SETELEM,
	.list		= set_list,
	.json_cmds	= OBJ_CMD(CMD_LIST),
};

/* The key bytes member @m of a set keyed by @key holds (its low end). */
void element_member_key(const struct expr *m, const struct expr *key,
			bool interval, unsigned char *buf, unsigned int len)
{
	struct interval iv;

	memset(buf, 0, len);
	if (m->etype == EXPR_MAPPING)
		m = m->mapping.key;
	if (m->etype == EXPR_CONCAT) {
		set_concat_key(buf, m, key, false);
		return;
	}
	interval_init(&iv);
	set_member_bounds(m, key, &iv);
	linearize_mpz(buf, iv.low, set_key_is_string(key) || interval ?
		      BYTEORDER_BIG_ENDIAN : key->byteorder, len);
	interval_clear(&iv);
}

/* The message fills a rule's anonymous set: its owner is the rule. */
static bool element_msg_is_anon(const struct mnl_err *e)
{
	const struct nlattr *a;
	const char *name;

	if (!e->req)
		return true;
	mnl_attr_for_each(a, e->req, sizeof(struct nfgenmsg)) {
		if (mnl_attr_get_type(a) != NFTA_SET_ELEM_LIST_SET)
			continue;
		name = mnl_attr_get_str(a);
		return !strncmp(name, "__", 2);
	}
	return true;
}

/*
 * The kernel refused one element of an element command (a key it
 * does not hold, one it holds already, one past the set's size): the
 * caret under the member whose key it is, as upstream 1.1.3 points;
 * nothing more to say.
 */
static char *element_explain_attr(const struct mnl_err *e,
				  const struct cmd *cmd, const void *obj,
				  const struct location **loc)
{
	static const uint16_t key_path[] = { NFTA_SET_ELEM_KEY, NFTA_DATA_VALUE };
	static const uint16_t flags_path[] = { NFTA_SET_ELEM_FLAGS };
	unsigned char buf[NFT_REG_SIZE * 4];
	const struct set *s;
	const struct nlattr *a;
	const struct expr *m;
	unsigned int len;

	/* a set's own command, or a set of a table block (the message's
	 * object: see set_block_location()) */
	if (cmd->obj == CMD_OBJ_ELEMENT || cmd->obj == CMD_OBJ_SET)
		s = cmd->set;
	else if (cmd->obj == CMD_OBJ_TABLE && obj &&
		 !element_msg_is_anon(e))
		s = obj;
	else
		return NULL;
	if (e->depth < 2 ||
	    !mnl_err_path_is(e, 1, NFTA_SET_ELEM_LIST_ELEMENTS) || !s ||
	    !s->key || !s->init || s->init->etype != EXPR_SET)
		return NULL;
	/* the catch-all: under its "*" */
	a = nla_find_nested(e->attr, flags_path, 1);
	m = s->init->expr_list.catchall;
	if (m && a && mnl_attr_get_payload_len(a) == sizeof(uint32_t) &&
	    ntohl(mnl_attr_get_u32(a)) & NFT_SET_ELEM_CATCHALL) {
		*loc = cmd_loc_or(cmd, m->etype == EXPR_MAPPING ?
				  &m->mapping.key->location : &m->location);
		return xstrdup("");
	}
	a = nla_find_nested(e->attr, key_path, 2);
	len = a ? mnl_attr_get_payload_len(a) : 0;
	if (!len || len > sizeof(buf))
		return NULL;
	list_for_each_entry(m, &s->init->expr_list.expressions, list) {
		element_member_key(m, s->key, s->flags & NFT_SET_INTERVAL,
				   buf, len);
		if (memcmp(buf, mnl_attr_get_payload(a), len))
			continue;
		/* a mapping: under its key */
		*loc = cmd_loc_or(cmd, m->etype == EXPR_MAPPING ?
				  &m->mapping.key->location : &m->location);
		return xstrdup("");
	}
	return NULL;
}

const struct obj_ops element_obj_ops = {
	.obj		= CMD_OBJ_ELEMENT,
	.name		= "element",
	.msg_new	= NFT_MSG_NEWSETELEM,
	.msg_del	= NFT_MSG_DELSETELEM,
	.nl_parse	= element_nl_parse,
	.obj_free	= element_nl_free,
	.echo		= element_echo,
	.monitor	= element_monitor,
	.json_echo	= element_json_echo,
	.flags		= OBJ_F_LIST,
	/* the kernel answers for the elements (set_reset.c) */
	.list_needs	= NFT_CACHE_TABLE | NFT_CACHE_SET,
	.list		= element_get,
	.evaluate	= element_cmd_evaluate,
	.evaluate_delete = element_cmd_evaluate_delete,
	.cache_needs	= element_cmd_needs,
	.execute	= exec_element,
	.explain_attr	= element_explain_attr,
	.explain_missing = set_explain_missing,
	.free		= set_cmd_free,
	.json_cmds	= OBJ_CMD(CMD_ADD) | OBJ_CMD(CMD_CREATE) |
			  OBJ_CMD(CMD_DELETE) | OBJ_CMD(CMD_DESTROY) |
			  OBJ_CMD(CMD_RESET),
	.json_parse	= json_element_cmd,
	.json_keys	= (const char *const[]){ "family", "table", "name",
						 "elem", NULL },
	.block_location	= set_block_location,
};
