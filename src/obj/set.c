/*
 * Named sets: "add set", "create set", "delete/destroy set" (by name or
 * handle), "flush set", "list set", "list sets", sets in table blocks,
 * and their elements ("add/delete element"). Everything about the kind:
 * evaluation, netlink build and parse, execution, the cache's dump,
 * text and JSON output. The elements themselves are encoded and decoded
 * by the anonymous sets' code (src/expr/set.c), typed by the set's key.
 */
#include <obj.h>
#include <set.h>
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
#include <errno.h>
#include <inttypes.h>
#include <libnftnl/expr.h>
#include <string.h>
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

static void set_info_free(struct set *s)
{
	unsigned int i;

	if (!s->info)
		return;
	for (i = 0; s->init && i < s->init->expr_list.size; i++) {
		xfree(s->info[i].comment);
		if (s->info[i].stmt)
			stmt_free(s->info[i].stmt);
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
	if (s->init)
		expr_free(s->init);
	xfree(s);
}

void table_add_set(struct table *t, struct set *s)
{
	list_add_tail(&s->list, &t->sets);
}

struct set *table_lookup_set(const struct table *t, const char *name)
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

static const struct {
	const char *name;
	uint32_t flag;
} set_flags[] = {
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
		if (!set_number(value, &v) || v == 0 || v > UINT32_MAX)
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
static struct expr *set_key_from_names(const char *names,
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
static struct expr *set_key_from_kernel(uint32_t type, uint32_t len)
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

static void set_print_key_types(const struct expr *key,
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

static void set_print_typeof(const struct expr *key, struct output_ctx *octx)
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

static bool set_is_map(const struct set *s)
{
	return s->flags & NFT_SET_MAP;
}

/* "verdict", or types as for a key. */
static struct expr *set_data_from_names(const char *names,
					const struct location *loc, char **bad)
{
	if (!strcmp(names, "verdict"))
		return constant_expr_alloc_u64(loc, &verdict_type,
					       BYTEORDER_INVALID, 0, 0);
	return set_key_from_names(names, loc, bad);
}

static struct expr *set_data_from_kernel(uint32_t type, uint32_t len)
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
static struct expr *set_map_stub(const struct set *s, struct expr *mappings)
{
	const struct expr *d = s->data;
	struct expr *map = map_expr_alloc(&s->location, expr_get(s->key),
					  mappings, set_data_is_verdict(s));

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
		map->len = s->data->len;
	}
	if (s->flags & NFT_SET_INTERVAL)
		map->flags |= EXPR_F_INTERVAL;
	return map;
}

static void set_map_stub_free(struct expr *map)
{
	map->map.mappings = NULL;
	expr_free(map);
}

static uint32_t set_data_type_id(const struct set *s)
{
	if (set_data_is_verdict(s))
		return NFT_DATA_VERDICT;
	if (s->data->etype == EXPR_CONCAT)
		return concat_key_type(s->data);
	return s->data->dtype->type;
}

static uint32_t set_data_len(const struct set *s)
{
	if (set_data_is_verdict(s))
		return 0;
	return div_round_up(s->data->len, BITS_PER_BYTE);
}

/* The elements of @members into @elems: how many. */
static unsigned int set_any_elems_build(struct nftnl_set *elems,
					const struct set *s,
					const struct expr *members, bool zero)
{
	struct expr *map;
	unsigned int n;

	if (!set_is_map(s) || !s->data)
		return set_elems_build(elems, members, s->key, s->auto_merge,
				       zero);
	map = set_map_stub(s, (struct expr *)members);
	if (members->flags & EXPR_F_INTERVAL)
		map->flags |= EXPR_F_INTERVAL;
	n = map_elems_build(elems, map);
	set_map_stub_free(map);
	nftnl_set_set_u32(elems, NFTNL_SET_DATA_TYPE, set_data_type_id(s));
	nftnl_set_set_u32(elems, NFTNL_SET_DATA_LEN, set_data_len(s));
	return n;
}

/* ---- evaluation ---- */

/* The members written must suit the set: prefixes and ranges need an
 * interval set, as the system nft says. */
static int set_check_intervals(struct eval_ctx *ectx, const struct set *s,
			       const struct expr *elems)
{
	const struct expr *i;

	if (s->flags & NFT_SET_INTERVAL)
		return 0;
	list_for_each_entry(i, &elems->expr_list.expressions, list) {
		if (i->etype == EXPR_PREFIX || i->etype == EXPR_RANGE ||
		    (i->flags & EXPR_F_INTERVAL))
			return expr_error(ectx, i,
					  "You must add 'flags interval' to your set declaration if you want to add %s elements",
					  i->etype == EXPR_PREFIX ? "prefix" :
					  "range");
	}
	return 0;
}

/* The chains a verdict map's elements jump to exist. */
static int set_map_chains_evaluate(struct eval_ctx *ectx, const struct set *s,
				   const struct expr *elems)
{
	const struct expr *i, *v;
	char *name;
	int err = 0;

	list_for_each_entry(i, &elems->expr_list.expressions, list) {
		v = i->mapping.data;
		if (v->etype != EXPR_VERDICT || !v->verdict.chain ||
		    v->verdict.chain->etype != EXPR_VALUE)
			continue;
		name = constant_expr_get_string(v->verdict.chain);
		err = verdict_chain_evaluate(ectx, &s->handle, name,
					     &v->verdict.chain->location);
		xfree(name);
		if (err < 0)
			return -1;
	}
	return 0;
}

/* Type the members of @elemsp by @s's key; a set of one member stays a
 * set. */
/*
 * Elements' options the kernel would refuse, refused here with the
 * system nft's words and its caret under the element: a timeout or an
 * expiry in a set without timeouts, an expiry with no timeout at all.
 * Interval elements do not carry options yet: said so.
 */
static int set_elems_check_info(struct eval_ctx *ectx, const struct set *s,
				const struct expr *elems)
{
	const struct set_elem_info *i;
	const struct expr *m, *at;

	if (elems->etype != EXPR_SET)
		return 0;
	list_for_each_entry(m, &elems->expr_list.expressions, list) {
		i = m->elem_info;
		at = m->etype == EXPR_MAPPING ? m->mapping.key : m;
		if (i == NULL)
			continue;
		if (s->flags & NFT_SET_INTERVAL && s->key->etype != EXPR_CONCAT)
			return expr_error(ectx, at,
					  "options on interval elements are not supported yet");
		if ((i->timeout || i->expires) &&
		    !(s->flags & NFT_SET_TIMEOUT))
			return expr_error(ectx, at,
					  "Could not process rule: Invalid argument");
		if (i->expires && !i->timeout && !s->timeout)
			return expr_error(ectx, at,
					  "Could not process rule: Operation not supported");
	}
	return 0;
}

static int set_elems_evaluate(struct eval_ctx *ectx, const struct set *s,
			      struct expr **elemsp)
{
	struct expr *e;

	if (set_is_map(s)) {
		struct expr *map;
		int ret;

		e = *elemsp;
		if (e->etype != EXPR_SET)
			return expr_error(ectx, e,
					  "map elements go in braces: { KEY : VALUE }");
		map = set_map_stub(s, e);
		map->flags &= ~EXPR_F_INTERVAL;
		ret = map_elems_evaluate(ectx, map);
		if (ret == 0 && map->flags & EXPR_F_INTERVAL &&
		    !(s->flags & NFT_SET_INTERVAL))
			ret = expr_error(ectx, e,
					 "You must add 'flags interval' to your map declaration if you want to add prefix or range elements");
		set_map_stub_free(map);
		if (ret < 0 || set_map_chains_evaluate(ectx, s, e) < 0)
			return -1;
		e->flags |= EXPR_F_CONSTANT;
		if (s->flags & NFT_SET_INTERVAL)
			e->flags |= EXPR_F_INTERVAL;
		return set_elems_check_info(ectx, s, e);
	}
	if (expr_evaluate_like(ectx, elemsp, s->key) < 0)
		return -1;
	e = *elemsp;
	if (e->etype != EXPR_SET) {
		struct expr *set = set_expr_alloc(&e->location);

		set_expr_add(set, e);
		set->dtype = s->key->dtype;
		set->byteorder = s->key->byteorder;
		set->len = s->key->len;
		set->flags |= EXPR_F_CONSTANT;
		if (e->etype == EXPR_PREFIX || e->etype == EXPR_RANGE)
			set->flags |= EXPR_F_INTERVAL;
		*elemsp = set;
	}
	if (set_check_intervals(ectx, s, *elemsp) < 0)
		return -1;
	if (s->flags & NFT_SET_INTERVAL)
		(*elemsp)->flags |= EXPR_F_INTERVAL;
	return set_elems_check_info(ectx, s, *elemsp);
}

/* A map's data: "type KEY : DATA"; a set has none. */
static int set_data_evaluate(struct eval_ctx *ectx, struct set *s)
{
	char *bad = NULL;

	if (!set_is_map(s)) {
		if (s->data_types)
			return erec_error(ectx->msgs, &s->data_loc,
					  "a set has no data: declare a map");
		return 0;
	}
	if (s->data && s->data_typeof) {
		if (!set_typeof_supported(s->data))
			return erec_error(ectx->msgs, &s->data_loc,
					  "typeof of this expression is not supported yet");
		set_key_set_len(s->data);
		return 0;
	}
	if (s->data)
		return 0;
	if (!s->data_types)
		return erec_error(ectx->msgs, &s->location,
				  "map definition does not specify data type: type KEY : DATA");
	s->data = set_data_from_names(s->data_types, &s->data_loc, &bad);
	if (!s->data) {
		erec_error(ectx->msgs, &s->data_loc,
			   "unknown datatype %s", bad);
		xfree(bad);
		return -1;
	}
	return 0;
}

static int set_key_evaluate(struct eval_ctx *ectx, struct set *s)
{
	char *bad = NULL;

	if (s->key) {
		if (s->key_typeof && !set_typeof_supported(s->key))
			return erec_error(ectx->msgs, &s->key_loc,
					  "typeof of this expression is not supported yet");
		set_key_set_len(s->key);
		return set_data_evaluate(ectx, s);
	}
	if (!s->key_types)
		return erec_error(ectx->msgs, &s->location,
				  "%s definition does not specify key",
				  set_is_map(s) ? "map" : "set");
	s->key = set_key_from_names(s->key_types, &s->key_loc, &bad);
	if (!s->key) {
		erec_error(ectx->msgs, &s->key_loc,
			   "unknown datatype %s", bad);
		xfree(bad);
		return -1;
	}
	return set_data_evaluate(ectx, s);
}

/*
 * Sets this run adds, so later commands may add elements to them: kept
 * with the run's tables and chains under a name no chain can clash
 * with (a chain name holds no byte 0x02 at its start here).
 */
static char *set_run_key(const char *name)
{
	return xasprintf("\x02set\x02%s", name);
}

static void set_run_add(struct eval_ctx *ectx, struct set *s)
{
	char *key = set_run_key(s->handle.set.name);

	run_add(ectx_run(ectx), s->handle.family, s->handle.table.name, key,
		s);
	xfree(key);
}

int set_evaluate(struct eval_ctx *ectx, struct set *s)
{
	if (name_evaluate(ectx, &s->handle.set, "set") < 0 ||
	    comment_evaluate(ectx, s->comment, &s->comment_loc,
			     &s->location) < 0 ||
	    set_key_evaluate(ectx, s) < 0)
		return -1;
	if (s->auto_merge && !(s->flags & NFT_SET_INTERVAL))
		return erec_error(ectx->msgs, &s->location,
				  "auto-merge only works with interval sets");
	if (s->timeout)
		s->flags |= NFT_SET_TIMEOUT;
	if (s->init && set_elems_evaluate(ectx, s, &s->init) < 0)
		return -1;
	set_run_add(ectx, s);
	return 0;
}

/* A set declared in a table block or added in this run, else the
 * cache's; NULL if unknown. */
struct set *set_find(struct eval_ctx *ectx, const struct handle *h)
{
	char *key = set_run_key(h->set.name);
	struct table *t;
	struct set *s;

	s = run_lookup(ectx_run(ectx), h->family, h->table.name, key);
	xfree(key);
	if (s)
		return s;
	t = cache_table_lookup(&ectx->nft->cache, h->family, h->table.name);
	return t ? table_lookup_set(t, h->set.name) : NULL;
}

/* "@name" in the current rule's table, its key and data resolved;
 * NULL if not known here. */
const struct set *set_lookup_for_rule(struct eval_ctx *ectx,
				      const char *name, bool *missing)
{
	struct handle h;
	struct set *s;

	*missing = false;
	if (!ectx->rule)
		return NULL;
	memset(&h, 0, sizeof(h));
	h.family = ectx->rule->handle.family;
	h.table.name = ectx->rule->handle.table.name;
	h.set.name = (char *)name;
	if (!h.table.name)
		return NULL;
	s = set_find(ectx, &h);
	/* a rule's command caches no sets: the table's, once */
	if (!s && !(ectx->nft->cache.flags & (NFT_CACHE_SET |
					      NFT_CACHE_SETELEM)) &&
	    cache_table_lookup(&ectx->nft->cache, h.family, h.table.name)) {
		ectx->nft->cache.flags |= NFT_CACHE_SET;
		if (cache_fetch_sets(ectx->nft, h.family, h.table.name,
				     false) == 0)
			s = set_find(ectx, &h);
	}
	/* not in the table's sets, which are all cached */
	if (!s && ectx->nft->cache.flags & (NFT_CACHE_SET |
					    NFT_CACHE_SETELEM) &&
	    cache_table_lookup(&ectx->nft->cache, h.family, h.table.name))
		*missing = true;
	if (!s || set_key_evaluate(ectx, s) < 0)
		return NULL;
	return s;
}

static int set_cmd_evaluate(struct eval_ctx *ectx, struct cmd *cmd)
{
	if (name_evaluate(ectx, &cmd->handle.table, "table") < 0 ||
	    set_evaluate(ectx, cmd->set) < 0)
		return -1;
	return 0;
}

/* An interval of @elems that overlaps one of @have's: its member. */
static const struct expr *set_overlap(const struct expr *key,
				      const struct expr *have,
				      const struct expr *elems)
{
	unsigned int n = 0, lo, hi, mid;
	const struct expr *i, *bad = NULL;
	struct interval *v, iv;

	v = xzalloc(have->expr_list.size * sizeof(*v));
	list_for_each_entry(i, &have->expr_list.expressions, list) {
		interval_init(&v[n]);
		set_member_bounds(i, key, &v[n++]);
	}
	n = intervals_merge_how(v, n, false);
	interval_init(&iv);
	list_for_each_entry(i, &elems->expr_list.expressions, list) {
		set_member_bounds(i, key, &iv);
		/* the first interval whose end is not below our start */
		for (lo = 0, hi = n; lo < hi; ) {
			mid = (lo + hi) / 2;
			if (mpz_cmp(v[mid].high, iv.low) < 0)
				lo = mid + 1;
			else
				hi = mid;
		}
		if (lo < n && mpz_cmp(v[lo].low, iv.high) <= 0 &&
		    !(mpz_cmp(v[lo].low, iv.low) == 0 &&
		      mpz_cmp(v[lo].high, iv.high) == 0)) {
			bad = i;
			break;
		}
	}
	interval_clear(&iv);
	intervals_free(v, have->expr_list.size);
	return bad;
}

static int element_cmd_evaluate(struct eval_ctx *ectx, struct cmd *cmd)
{
	struct set *s = set_find(ectx, &cmd->handle), *e = cmd->set;
	const struct expr *bad;

	if (!s)
		return erec_error(ectx->msgs,
				  cmd_loc_or(cmd, &cmd->handle.set.location),
				  "Could not process rule: No such file or directory");
	if (set_key_evaluate(ectx, s) < 0)
		return -1;
	e->key = expr_get(s->key);
	if (s->data)
		e->data = expr_get(s->data);
	e->flags = s->flags;
	/* a map's elements go by their keys alone */
	if (set_is_map(s) && (cmd->op == CMD_DELETE ||
			      cmd->op == CMD_DESTROY)) {
		struct expr *i, *k;

		if (e->init && e->init->etype == EXPR_SET)
			list_for_each_entry(i, &e->init->expr_list.expressions,
					    list) {
				if (i->etype != EXPR_MAPPING)
					continue;
				k = expr_get(i->mapping.key);
				list_replace(&i->list, &k->list);
				expr_free(i);
				i = k;
			}
		e->flags &= ~NFT_SET_MAP;
		return set_elems_evaluate(ectx, e, &e->init);
	}
	e->auto_merge = s->auto_merge;
	e->target_empty = !s->init || !s->init->expr_list.size;
	if (set_elems_evaluate(ectx, s, &e->init) < 0)
		return -1;
	if (!set_is_map(s) && (cmd->op == CMD_ADD || cmd->op == CMD_CREATE)) {
		bad = s->flags & NFT_SET_INTERVAL && !s->auto_merge &&
		      s->key->etype != EXPR_CONCAT && !e->target_empty ?
		      set_overlap(s->key, s->init, e->init) : NULL;
		if (bad)
			return expr_error(ectx, bad,
					  "interval overlaps with an existing one");
	}
	return 0;
}

static int element_cmd_evaluate_delete(struct eval_ctx *ectx,
				       struct cmd *cmd)
{
	return element_cmd_evaluate(ectx, cmd);
}

static unsigned int set_cmd_needs(const struct cmd *cmd)
{
	/* a verdict map's jumps name chains */
	if (cmd->set && cmd->set->flags & NFT_SET_MAP && cmd->set->init)
		return NFT_CACHE_TABLE | NFT_CACHE_SET | NFT_CACHE_CHAIN;
	return NFT_CACHE_TABLE | NFT_CACHE_SET;
}

/* Elements: whether the set has some, and which (overlaps). */
static unsigned int element_cmd_needs(const struct cmd *cmd)
{
	/* a verdict map's jumps name chains */
	if (cmd->set && cmd->set->init &&
	    cmd->set->init->etype == EXPR_SET &&
	    !list_empty(&cmd->set->init->expr_list.expressions) &&
	    list_first_entry(&cmd->set->init->expr_list.expressions,
			     struct expr, list)->etype == EXPR_MAPPING)
		return NFT_CACHE_TABLE | NFT_CACHE_SET | NFT_CACHE_SETELEM |
		       NFT_CACHE_CHAIN;
	return NFT_CACHE_TABLE | NFT_CACHE_SET | NFT_CACHE_SETELEM;
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

static void set_nl_udata(struct nftnl_set *nls, const struct set *s)
{
	struct nftnl_udata_buf *ud = nftnl_udata_buf_alloc(NFT_USERDATA_MAXLEN);

	if (!ud)
		memory_allocation_error();
	/* a concatenation has no byte order of its own: 0 */
	nftnl_udata_put_u32(ud, NFTNL_UDATA_SET_KEYBYTEORDER,
			    s->key->etype == EXPR_CONCAT ? BYTEORDER_INVALID :
			    s->key->byteorder);
	if (set_is_map(s) && s->data && !set_data_is_verdict(s))
		nftnl_udata_put_u32(ud, NFTNL_UDATA_SET_DATABYTEORDER,
				    s->data->etype == EXPR_CONCAT ?
				    BYTEORDER_INVALID : s->data->byteorder);
	if (s->auto_merge)
		nftnl_udata_put_u32(ud, NFTNL_UDATA_SET_MERGE_ELEMENTS, 1);
	if (s->key_typeof)
		set_typeof_put(ud, s->key);
	else if (s->key->etype == EXPR_CONCAT)
		set_typeof_put_plain_concat(ud);
	if (set_is_map(s) && s->data && s->data_typeof)
		set_typeof_put_data(ud, s->data);
	/* "typeof KEY : verdict": the data's kind, as the system nft
	 * writes it (1: a verdict), which it needs to list the typeof */
	if (set_is_map(s) && s->key_typeof && set_data_is_verdict(s)) {
		struct nftnl_udata *nest, *data;

		nest = nftnl_udata_nest_start(ud, NFTNL_UDATA_SET_DATA_TYPEOF);
		nftnl_udata_put_u32(ud, NFTNL_UDATA_SET_TYPEOF_EXPR, 1);
		data = nftnl_udata_nest_start(ud, NFTNL_UDATA_SET_TYPEOF_DATA);
		nftnl_udata_nest_end(ud, data);
		nftnl_udata_nest_end(ud, nest);
	}
	if (s->comment)
		nftnl_udata_put_strz(ud, NFTNL_UDATA_SET_COMMENT, s->comment);
	nftnl_set_set_data(nls, NFTNL_SET_USERDATA, nftnl_udata_buf_data(ud),
			   nftnl_udata_buf_len(ud));
	nftnl_udata_buf_free(ud);
}

static uint32_t set_key_type_id(const struct expr *key)
{
	if (key->etype == EXPR_CONCAT)
		return concat_key_type(key);
	return key->dtype->type;
}

static struct nftnl_set *set_nl_build(const struct handle *h,
				      const struct set *s)
{
	struct nftnl_set *nls = set_nl_alloc(h);

	nftnl_set_set_u32(nls, NFTNL_SET_FLAGS, s->flags);
	nftnl_set_set_u32(nls, NFTNL_SET_KEY_TYPE, set_key_type_id(s->key));
	nftnl_set_set_u32(nls, NFTNL_SET_KEY_LEN,
			  div_round_up(s->key->len, BITS_PER_BYTE));
	if (s->key->etype == EXPR_CONCAT && s->flags & NFT_SET_INTERVAL) {
		nftnl_set_set_u32(nls, NFTNL_SET_FLAGS,
				  s->flags | NFT_SET_CONCAT);
		set_key_desc(nls, s->key);
	}
	if (set_is_map(s) && s->data) {
		nftnl_set_set_u32(nls, NFTNL_SET_DATA_TYPE, set_data_type_id(s));
		nftnl_set_set_u32(nls, NFTNL_SET_DATA_LEN, set_data_len(s));
	}
	if (s->timeout)
		nftnl_set_set_u64(nls, NFTNL_SET_TIMEOUT, s->timeout);
	if (s->gc_int)
		nftnl_set_set_u32(nls, NFTNL_SET_GC_INTERVAL, s->gc_int);
	if (s->size)
		nftnl_set_set_u32(nls, NFTNL_SET_DESC_SIZE, s->size);
	if (s->policy_memory)
		nftnl_set_set_u32(nls, NFTNL_SET_POLICY, NFT_SET_POL_MEMORY);
	set_nl_udata(nls, s);
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

/* The elements of @members in messages of @type. */
static void set_exec_elems(struct exec_ctx *x, uint16_t type, uint16_t flags,
			   const struct handle *h, const struct set *s,
			   const struct expr *members, bool zero)
{
	struct nftnl_set *elems;

	/* in pages: a big set's libnftnl elements are never all held at
	 * once (the debug listing shows them in one piece, as built) */
	if (!(x->nft->debug_mask & NFT_DEBUG_NETLINK) && !set_is_map(s) &&
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
	}
	elems = set_nl_alloc(h);
	set_any_elems_build(elems, s, members, zero);
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
	/* a constant set is as large as its elements, as the system nft
	 * declares it */
	if (s && s->init && s->flags & NFT_SET_CONSTANT && !s->size) {
		struct nftnl_set *elems = set_nl_alloc(h);

		nftnl_set_set_u32(nls, NFTNL_SET_DESC_SIZE,
				  set_any_elems_build(elems, s, s->init, true));
		nftnl_set_free(elems);
	}
	/* the kernel wants an id on every new set */
	if (type == NFT_MSG_NEWSET)
		nftnl_set_set_u32(nls, NFTNL_SET_ID, ++x->batch->set_id);
	if (s)
		set_debug(x->nft, nls);
	nlh = batch_msg_start(x->batch, type, h->family, flags);
	nftnl_set_nlmsg_build_payload(nlh, nls);
	batch_msg_end(x->batch, nlh);
	nftnl_set_free(nls);
	if (s && s->init && type == NFT_MSG_NEWSET)
		set_exec_elems(x, NFT_MSG_NEWSETELEM, NLM_F_CREATE, h, s,
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
		struct nftnl_set *nls = set_nl_alloc(&h);
		struct nlmsghdr *nlh;

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

static int set_udata_cb(const struct nftnl_udata *attr, void *data)
{
	struct set *s = data;
	const char *v = nftnl_udata_get(attr);
	uint8_t len = nftnl_udata_len(attr);

	switch (nftnl_udata_type(attr)) {
	case NFTNL_UDATA_SET_MERGE_ELEMENTS:
		s->auto_merge = true;
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
	nftnl_udata_parse(data, len, set_udata_cb, s);
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

/* The one expression of an element, if it is a counter. */
static struct nftnl_expr *elem_counter(struct nftnl_set_elem *e)
{
	struct nftnl_expr *x;
	const char *name;

	if (!nftnl_set_elem_is_set(e, NFTNL_SET_ELEM_EXPR))
		return NULL;
	x = (struct nftnl_expr *)nftnl_set_elem_get(e, NFTNL_SET_ELEM_EXPR,
						    NULL);
	name = x ? nftnl_expr_get_str(x, NFTNL_EXPR_NAME) : NULL;
	return name && !strcmp(name, "counter") ? x : NULL;
}

/* second, minute, hour, day, week: the units the language names */
static bool elem_limit_unit_known(uint64_t unit)
{
	return unit == 1 || unit == 60 || unit == 3600 || unit == 86400 ||
	       unit == 604800;
}

/* The one expression of an element, if a limit or a quota the
 * language can say: as a statement. */
static struct stmt *elem_stmt(struct nftnl_set_elem *e)
{
	struct nftnl_expr *x;
	struct stmt *st;
	const char *name;

	if (!nftnl_set_elem_is_set(e, NFTNL_SET_ELEM_EXPR))
		return NULL;
	x = (struct nftnl_expr *)nftnl_set_elem_get(e, NFTNL_SET_ELEM_EXPR,
						    NULL);
	name = x ? nftnl_expr_get_str(x, NFTNL_EXPR_NAME) : NULL;
	if (name && !strcmp(name, "limit")) {
		st = limit_stmt_alloc(&internal_location);
		st->limit.rate = nftnl_expr_get_u64(x, NFTNL_EXPR_LIMIT_RATE);
		st->limit.unit = nftnl_expr_get_u64(x, NFTNL_EXPR_LIMIT_UNIT);
		st->limit.burst = nftnl_expr_get_u32(x, NFTNL_EXPR_LIMIT_BURST);
		st->limit.type = nftnl_expr_get_u32(x, NFTNL_EXPR_LIMIT_TYPE);
		st->limit.flags = nftnl_expr_get_u32(x, NFTNL_EXPR_LIMIT_FLAGS);
		if (!elem_limit_unit_known(st->limit.unit) ||
		    st->limit.type > NFT_LIMIT_PKT_BYTES ||
		    (st->limit.flags & ~NFT_LIMIT_F_INV)) {
			stmt_free(st);
			return NULL;
		}
		return st;
	}
	if (name && !strcmp(name, "quota")) {
		st = quota_stmt_alloc(&internal_location);
		st->quota.bytes = nftnl_expr_get_u64(x, NFTNL_EXPR_QUOTA_BYTES);
		st->quota.used = nftnl_expr_get_u64(x,
						NFTNL_EXPR_QUOTA_CONSUMED);
		st->quota.flags = nftnl_expr_get_u32(x, NFTNL_EXPR_QUOTA_FLAGS) &
				  NFT_QUOTA_F_INV;
		return st;
	}
	return NULL;
}

static bool elem_info_read(struct nftnl_set_elem *e, struct set_elem_info *i)
{
	struct nftnl_expr *ctr;

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
		nftnl_udata_parse(ud, len, elem_comment_cb, &i->comment);
	}
	ctr = elem_counter(e);
	if (ctr) {
		i->counter = true;
		i->packets = nftnl_expr_get_u64(ctr, NFTNL_EXPR_CTR_PACKETS);
		i->bytes = nftnl_expr_get_u64(ctr, NFTNL_EXPR_CTR_BYTES);
	}
	i->stmt = elem_stmt(e);
	return i->timeout || i->expires || i->comment || i->counter ||
	       i->stmt;
}

static int elem_info_any_cb(struct nftnl_set_elem *e, void *data)
{
	struct set_elem_info i;

	if (elem_info_read(e, &i)) {
		*(bool *)data = true;
		xfree(i.comment);
		if (i.stmt)
			stmt_free(i.stmt);
		return -1;
	}
	return 0;
}

static bool set_elems_have_info(const struct nftnl_set *nls)
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

	if (elem_pair_key(x)->etype == EXPR_CONCAT && x->raw && y->raw)
		return elem_raw_cmp(x, y);
	return set_member_compare(elem_pair_key(x), elem_pair_key(y));
}

/* One element alone, decoded: a set's member, a map's mapping. */
static struct expr *elem_decode_one(const struct nftnl_set *nls,
				    struct nftnl_set_elem *e,
				    const struct expr *key, bool map)
{
	static const uint16_t attrs[] = {
		NFTNL_SET_ELEM_KEY, NFTNL_SET_ELEM_DATA,
		NFTNL_SET_ELEM_VERDICT, NFTNL_SET_ELEM_CHAIN,
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

	p->member = elem_decode_one(c->nls, e, c->key, c->map);
	if (!p->member || (c->map && p->member->etype != EXPR_MAPPING)) {
		expr_free(p->member);
		c->bad = true;
		return -1;
	}
	elem_raw_read(e, p);
	elem_info_read(e, &p->info);
	c->n++;
	return 0;
}

/*
 * Elements (of a set, or of a map if @map) with a timeout, an expiry or
 * a comment: each is decoded on its own to keep what it holds with it,
 * then all are sorted as a listing sorts them. Plain keys only:
 * intervals and concatenations with them are not listed yet.
 */
static int decode_with_info(struct set *s, const struct nftnl_set *nls,
			    bool map)
{
	struct info_ctx c = { nls, s->key, map, NULL, 0, false };
	unsigned int n = 0, i;
	struct expr *set;

	if (s->flags & NFT_SET_INTERVAL)
		return -1;
	nftnl_set_elem_foreach((struct nftnl_set *)nls, elem_count_cb, &n);
	c.v = xzalloc((n + 1) * sizeof(*c.v));
	nftnl_set_elem_foreach((struct nftnl_set *)nls, elem_pair_cb, &c);
	if (c.bad) {
		for (i = 0; i < c.n; i++) {
			expr_free(c.v[i].member);
			xfree(c.v[i].info.comment);
			if (c.v[i].info.stmt)
				stmt_free(c.v[i].info.stmt);
		}
		xfree(c.v);
		return -1;
	}
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

static int set_decode_with_info(struct set *s, const struct nftnl_set *nls)
{
	return decode_with_info(s, nls, false);
}

static int map_decode_with_info(struct set *s, const struct nftnl_set *nls)
{
	return decode_with_info(s, nls, true);
}

struct set *netlink_set_parse(const struct nftnl_set *nls)
{
	struct set *s = set_alloc(NULL);
	const void *ud;
	uint32_t len = 0;

	s->handle.family = nftnl_set_get_u32(nls, NFTNL_SET_FAMILY);
	s->handle.table.name = xstrdup(nftnl_set_get_str(nls,
							 NFTNL_SET_TABLE));
	s->handle.set.name = xstrdup(nftnl_set_get_str(nls, NFTNL_SET_NAME));
	s->handle.handle.id = nftnl_set_get_u64(nls, NFTNL_SET_HANDLE);
	s->flags = nftnl_set_get_u32(nls, NFTNL_SET_FLAGS);
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
	if (nftnl_set_is_set(nls, NFTNL_SET_USERDATA)) {
		ud = nftnl_set_get_data(nls, NFTNL_SET_USERDATA, &len);
		switch (set_typeof_parse(ud, len, &s->key)) {
		case 1:
			set_key_set_len(s->key);
			s->key_typeof = true;
			break;
		case -1:	/* a typeof we cannot name: not listed */
			return s;
		default:
			break;
		}
	}
	if (!s->key)
		s->key = set_key_from_kernel(s->key_type_id, s->key_len);
	/* the kernel's key must be the one the description says */
	if (s->key && s->key_typeof &&
	    div_round_up(s->key->len, BITS_PER_BYTE) != s->key_len) {
		expr_free(s->key);
		s->key = NULL;
		return s;
	}
	if (s->key && set_is_map(s) && s->key_typeof &&
	    nftnl_set_is_set(nls, NFTNL_SET_USERDATA)) {
		ud = nftnl_set_get_data(nls, NFTNL_SET_USERDATA, &len);
		if (set_typeof_parse_data(ud, len, &s->data) == 1) {
			set_key_set_len(s->data);
			s->data_typeof = true;
			/* the kernel's data must be the one described */
			if (div_round_up(s->data->len, BITS_PER_BYTE) !=
			    nftnl_set_get_u32(nls, NFTNL_SET_DATA_LEN)) {
				expr_free(s->data);
				s->data = NULL;
				s->data_typeof = false;
			}
		}
	}
	if (s->key && set_is_map(s) && !s->data) {
		s->data = set_data_from_kernel(
				nftnl_set_get_u32(nls, NFTNL_SET_DATA_TYPE),
				nftnl_set_get_u32(nls, NFTNL_SET_DATA_LEN));
	}
	if (s->key && set_is_map(s)) {
		if (!s->data) {
			expr_free(s->key);	/* not listed */
			s->key = NULL;
			return s;
		}
		if (set_nl_has_elems(nls)) {
			/* elements with a timeout or a comment: not listed
			 * yet (rather than listed without them) */
			if (!set_elems_have_info(nls))
				s->init = map_elems_decode(nls, s->key);
			else if (map_decode_with_info(s, nls) < 0)
				s->init = NULL;
			if (!s->init) {
				expr_free(s->key);
				s->key = NULL;
			}
		}
		return s;
	}
	if (s->key && set_nl_has_elems(nls)) {
		if (!set_elems_have_info(nls))
			s->init = set_elems_decode(nls, s->key);
		else if (set_decode_with_info(s, nls) < 0) {
			expr_free(s->key);	/* not listed */
			s->key = NULL;
		}
	}
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
	if (nftnl_set_nlmsg_parse(nlh, nls) < 0) {
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

static bool elem_listable_stmt(struct nftnl_set_elem *e)
{
	struct stmt *st = elem_stmt(e);

	if (st == NULL)
		return false;
	stmt_free(st);
	return true;
}

/* An element with more than a key, an interval's flags, a timeout, an
 * expiry and a comment: a counter or data this nft does not list. */
static int elem_unlistable_cb(struct nftnl_set_elem *e, void *data)
{
	bool *bad = data;
	const void *ud;
	uint32_t len;

	if ((nftnl_set_elem_is_set(e, NFTNL_SET_ELEM_EXPR) &&
	     !elem_counter(e) && !elem_listable_stmt(e)) ||
	    nftnl_set_elem_is_set(e, NFTNL_SET_ELEM_EXPRESSIONS) ||
	    nftnl_set_elem_is_set(e, NFTNL_SET_ELEM_OBJREF))
		*bad = true;
	if (nftnl_set_elem_is_set(e, NFTNL_SET_ELEM_USERDATA)) {
		ud = nftnl_set_elem_get(e, NFTNL_SET_ELEM_USERDATA, &len);
		nftnl_udata_parse(ud, len, elem_udata_cb, bad);
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

	if (flags & NFT_SET_OBJECT ||
	    nftnl_set_is_set(nls, NFTNL_SET_EXPR) ||
	    nftnl_set_is_set(nls, NFTNL_SET_EXPRESSIONS))
		return false;
	nftnl_set_elem_foreach(nls, elem_unlistable_cb, &bad);
	return !bad;
}

/* A set dump repeats no key: one that does (the kernel walked a hash
 * table while it was resized) is dumped again, as is one it marks
 * interrupted. */
#define SET_DUMP_TRIES		16

struct elem_key {
	uint32_t len;
	uint32_t flags;
	uint8_t data[NFT_REG_SIZE * 4];
};

static int elem_key_collect(struct nftnl_set_elem *e, void *data)
{
	struct elem_key **p = data;
	const void *k;
	uint32_t len = 0;

	memset(*p, 0, sizeof(**p));
	k = nftnl_set_elem_get(e, NFTNL_SET_ELEM_KEY, &len);
	if (k && len <= sizeof((*p)->data)) {
		memcpy((*p)->data, k, len);
		(*p)->len = len;
	}
	if (nftnl_set_elem_is_set(e, NFTNL_SET_ELEM_FLAGS))
		(*p)->flags = nftnl_set_elem_get_u32(e, NFTNL_SET_ELEM_FLAGS);
	(*p)++;
	return 0;
}

static int elem_key_cmp(const void *a, const void *b)
{
	return memcmp(a, b, sizeof(struct elem_key));
}

static int elem_count_cb(struct nftnl_set_elem *e, void *data)
{
	(*(unsigned int *)data)++;
	return 0;
}

static bool set_elems_repeat(struct nftnl_set *nls)
{
	unsigned int n = 0, i;
	struct elem_key *v, *p;
	bool repeat = false;

	nftnl_set_elem_foreach(nls, elem_count_cb, &n);
	if (n < 2)
		return false;
	v = xzalloc(n * sizeof(*v));
	p = v;
	nftnl_set_elem_foreach(nls, elem_key_collect, &p);
	qsort(v, n, sizeof(*v), elem_key_cmp);
	for (i = 1; i < n && !repeat; i++)
		repeat = !elem_key_cmp(&v[i - 1], &v[i]);
	xfree(v);
	return repeat;
}

/* What the elements' decoder reads of the set, without elements. */
static struct nftnl_set *set_nl_head(const struct nftnl_set *nls)
{
	static const uint16_t attrs[] = {
		NFTNL_SET_FAMILY, NFTNL_SET_FLAGS, NFTNL_SET_KEY_TYPE,
		NFTNL_SET_KEY_LEN, NFTNL_SET_DATA_TYPE, NFTNL_SET_DATA_LEN,
		NFTNL_SET_HANDLE, NFTNL_SET_TIMEOUT, NFTNL_SET_GC_INTERVAL,
		NFTNL_SET_DESC_SIZE, NFTNL_SET_POLICY,
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
	unsigned int tries;

	for (tries = 0; tries < SET_DUMP_TRIES; tries++) {
		copy = nftnl_set_clone_head(nls);
		if (mnl_dump_set_elems_of(nft, copy) < 0) {
			int err = errno;

			nftnl_set_free(copy);
			if (err == EINTR)
				continue;
			if (err == ENOENT)	/* gone meanwhile */
				return nftnl_set_clone_head(nls);
			errno = err;
			return NULL;
		}
		if (!set_elems_repeat(copy))
			return copy;
		nftnl_set_free(copy);
	}
	errno = EINTR;
	return NULL;
}

static int cache_add_set(struct nft_ctx *nft, struct nftnl_set *nls,
			 bool elems)
{
	struct set *s;
	uint32_t family = nftnl_set_get_u32(nls, NFTNL_SET_FAMILY);
	const char *tname = nftnl_set_get_str(nls, NFTNL_SET_TABLE);
	struct table *t = cache_table_lookup(&nft->cache, family, tname);

	if (!t || nftnl_set_get_u32(nls, NFTNL_SET_FLAGS) & NFT_SET_ANONYMOUS)
		return 0;
	if (elems) {
		nls = set_dump_elems(nft, nls);
		if (!nls)
			return -1;
	} else {
		nls = nftnl_set_clone_head(nls);
	}
	if (!set_listable(nls)) {
		nftnl_set_free(nls);
		return 0;
	}
	s = netlink_set_parse(nls);
	nftnl_set_free(nls);
	if (!s->key) {
		set_free(s);
		return 0;
	}
	table_add_set(t, s);
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

/* ---- output ---- */

static void set_print_duration(const char *what, uint64_t ms,
			       struct output_ctx *octx)
{
	struct expr *d = constant_expr_alloc_u64(&internal_location,
						 &duration_type,
						 BYTEORDER_HOST_ENDIAN, 64, ms);

	nft_print(octx, "\t\t%s ", what);
	expr_print(d, octx);
	nft_print(octx, "\n");
	expr_free(d);
}

static const unsigned int set_flags_text[] = { 0, 1, 3, 2 };

static void set_print_flags(const struct set *s, struct output_ctx *octx)
{
	const char *sep = "";
	unsigned int i;
	uint32_t flags = s->flags;

	/* "timeout 1h" says it: a flag alone is not repeated */
	if (s->timeout && !(flags & ~NFT_SET_TIMEOUT & (NFT_SET_CONSTANT |
	    NFT_SET_INTERVAL | NFT_SET_EVAL)))
		flags &= ~NFT_SET_TIMEOUT;
	flags &= NFT_SET_CONSTANT | NFT_SET_INTERVAL | NFT_SET_TIMEOUT |
		 NFT_SET_EVAL;
	if (!flags)
		return;
	nft_print(octx, "\t\tflags ");
	/* the system nft's order, which is not the JSON's */
	for (i = 0; i < array_size(set_flags_text); i++) {
		if (flags & set_flags[set_flags_text[i]].flag) {
			nft_print(octx, "%s%s", sep,
				  set_flags[set_flags_text[i]].name);
			sep = ",";
		}
	}
	nft_print(octx, "\n");
}

/* How many members a line of "elements = { ... }" holds, by key type,
 * as the system nft wraps them; 0: one a line. */
static unsigned int set_members_per_line(const struct expr *key)
{
	if (key->etype == EXPR_CONCAT)
		return 1;
	switch (key->dtype->type) {
	case TYPE_NFPROTO: case TYPE_INTEGER: case TYPE_ARPOP:
	case TYPE_INET_PROTOCOL: case TYPE_INET_SERVICE: case TYPE_TCP_FLAG:
	case TYPE_DCCP_PKTTYPE: case TYPE_MARK: case TYPE_IFINDEX:
	case TYPE_CLASSID: case TYPE_UID: case TYPE_GID: case TYPE_CT_DIR:
		return 5;
	case TYPE_IPADDR: case TYPE_CT_STATE: case TYPE_CT_STATUS:
	case TYPE_PKTTYPE:
		return 2;
	default:
		return 1;
	}
}

static void set_print_ms(const char *what, uint64_t ms,
			 struct output_ctx *octx)
{
	struct expr *d = constant_expr_alloc_u64(&internal_location,
						 &duration_type,
						 BYTEORDER_HOST_ENDIAN, 64, ms);

	nft_print(octx, " %s ", what);
	expr_print(d, octx);
	expr_free(d);
}

/* "timeout 2h expires 1h59m59s988ms comment "x"": a timeout only where
 * it is not the set's. */
static void set_print_elem_info(const struct set *s,
				const struct set_elem_info *i,
				struct output_ctx *octx)
{
	/* the counter first, as the system nft lists it */
	if (i->counter && nft_output_stateless(octx))
		nft_print(octx, " counter");
	else if (i->counter)
		nft_print(octx, " counter packets %" PRIu64 " bytes %" PRIu64,
			  i->packets, i->bytes);
	if (i->stmt) {
		nft_print(octx, " ");
		stmt_print(i->stmt, octx);
	}
	if (i->timeout && i->timeout != s->timeout)
		set_print_ms("timeout", i->timeout, octx);
	/* an expiry is state: -s leaves it out, as the system nft */
	if (i->expires && !nft_output_stateless(octx))
		set_print_ms("expires", i->expires, octx);
	if (i->comment)
		nft_print(octx, " comment \"%s\"", i->comment);
}

static void set_print_elements(const struct set *s, struct output_ctx *octx)
{
	unsigned int per_line = set_members_per_line(s->key), n = 0;
	const struct expr *i;

	nft_print(octx, "\t\telements = { ");
	list_for_each_entry(i, &s->init->expr_list.expressions, list) {
		if (n) {
			if (n % per_line == 0)
				nft_print(octx, ",\n\t\t\t     ");
			else
				nft_print(octx, ", ");
		}
		if (i->etype == EXPR_MAPPING && s->info) {
			/* "k timeout 1h expires 59m : v", as the system nft */
			set_member_print(i->mapping.key, octx);
			set_print_elem_info(s, &s->info[n], octx);
			nft_print(octx, " : ");
			expr_print(i->mapping.data, octx);
			n++;
			continue;
		}
		set_member_print(i, octx);
		if (s->info)
			set_print_elem_info(s, &s->info[n], octx);
		n++;
	}
	nft_print(octx, " }\n");
}

void set_print(const struct set *s, struct output_ctx *octx, bool elements)
{
	nft_print(octx, "\t%s %s {", set_is_map(s) ? "map" : "set",
		  s->handle.set.name);
	if (nft_output_handle(octx))
		nft_print(octx, " # handle %" PRIu64, s->handle.handle.id);
	if (s->key && s->key_typeof) {
		nft_print(octx, "\n\t\ttypeof ");
		set_print_typeof(s->key, octx);
		if (s->data && s->data_typeof) {
			nft_print(octx, " : ");
			set_print_typeof(s->data, octx);
		} else if (s->data) {
			nft_print(octx, " : ");
			set_print_key_types(s->data, octx);
		}
	} else {
		nft_print(octx, "\n\t\ttype ");
		if (s->key)
			set_print_key_types(s->key, octx);
		if (s->data) {
			nft_print(octx, " : ");
			set_print_key_types(s->data, octx);
		}
	}
	nft_print(octx, "\n");
	if (s->policy_memory)
		nft_print(octx, "\t\tpolicy memory\n");
	/* a constant set's size is its element count, said by nobody */
	if (s->size && !(s->flags & NFT_SET_CONSTANT))
		nft_print(octx, "\t\tsize %u\n", s->size);
	set_print_flags(s, octx);
	if (s->auto_merge)
		nft_print(octx, "\t\tauto-merge\n");
	if (s->timeout)
		set_print_duration("timeout", s->timeout, octx);
	if (s->gc_int)
		set_print_duration("gc-interval", s->gc_int, octx);
	if (s->comment)
		nft_print(octx, "\t\tcomment \"%s\"\n", s->comment);
	if (elements && s->init && s->init->expr_list.size &&
	    !nft_output_terse(octx))
		set_print_elements(s, octx);
	nft_print(octx, "\t}\n");
}

static json_t *set_json_type(const struct expr *key)
{
	json_t *a;
	const struct expr *i;

	if (key->etype != EXPR_CONCAT)
		return json_string(key->dtype->name);
	a = json_array();
	list_for_each_entry(i, &key->expr_list.expressions, list)
		json_array_append_new(a, json_string(i->dtype->name));
	return a;
}

/* {"elem": {"val": ..., "timeout": s, "expires": s, "comment": ...}}
 * for an element that holds more than its key. */
static json_t *set_elem_json(const struct set *s, const struct expr *m,
			     const struct set_elem_info *i,
			     struct output_ctx *octx)
{
	json_t *o;

	if (!i || !(i->expires || i->comment || i->counter || i->stmt ||
		    (i->timeout && i->timeout != s->timeout)))
		return set_member_json(m, octx);
	/* a map's: [{"elem": {"val": KEY, ...}}, DATA] */
	if (m->etype == EXPR_MAPPING)
		return json_pack("[oo]", set_elem_json(s, m->mapping.key, i,
						       octx),
				 expr_json(m->mapping.data, octx));
	o = json_object();
	json_object_set_new(o, "val", set_member_json(m, octx));
	if (i->timeout && i->timeout != s->timeout)
		json_object_set_new(o, "timeout",
				    json_integer(i->timeout / 1000));
	if (i->expires)
		json_object_set_new(o, "expires",
				    json_integer(i->expires / 1000));
	if (i->comment)
		json_object_set_new(o, "comment", json_string(i->comment));
	if (i->counter)
		json_object_set_new(o, "counter",
				    json_pair("packets", json_integer(i->packets),
					      "bytes", json_integer(i->bytes)));
	if (i->stmt) {
		json_t *j = stmt_json(i->stmt, octx);

		json_object_update(o, j);
		json_decref(j);
	}
	return json_wrap("elem", o);
}

json_t *set_json(const struct set *s, struct output_ctx *octx)
{
	json_t *root = json_object(), *flags, *elem;
	const struct expr *i;
	unsigned int n;

	json_object_set_new(root, "family",
			    json_string(family_name(s->handle.family)));
	json_object_set_new(root, "name", json_string(s->handle.set.name));
	json_object_set_new(root, "table", json_string(s->handle.table.name));
	if (s->key)
		json_object_set_new(root, "type", set_json_type(s->key));
	json_object_set_new(root, "handle",
			    json_integer(s->handle.handle.id));
	/* the data's types: an array for a concatenation, as upstream
	 * 1.1 writes it (and "type") */
	if (set_is_map(s) && s->data)
		json_object_set_new(root, "map", set_json_type(s->data));
	if (s->comment)
		json_object_set_new(root, "comment", json_string(s->comment));
	if (s->policy_memory)
		json_object_set_new(root, "policy", json_string("memory"));
	if (s->size && !(s->flags & NFT_SET_CONSTANT))
		json_object_set_new(root, "size", json_integer(s->size));
	flags = json_array();
	for (n = 0; n < array_size(set_flags); n++) {
		if (s->flags & set_flags[n].flag)
			json_array_append_new(flags,
					json_string(set_flags[n].name));
	}
	if (json_array_size(flags))
		json_object_set_new(root, "flags", flags);
	else
		json_decref(flags);
	if (s->timeout)
		json_object_set_new(root, "timeout",
				    json_integer(s->timeout / 1000));
	if (s->gc_int)
		json_object_set_new(root, "gc-interval",
				    json_integer(s->gc_int / 1000));
	if (s->auto_merge)
		json_object_set_new(root, "auto-merge", json_true());
	if (s->init && s->init->expr_list.size && !nft_output_terse(octx)) {
		elem = json_array();
		n = 0;
		list_for_each_entry(i, &s->init->expr_list.expressions, list)
			json_array_append_new(elem, set_elem_json(s, i,
						s->info ? &s->info[n++] : NULL,
						octx));
		json_object_set_new(root, "elem", elem);
	}
	return json_wrap(set_is_map(s) ? "map" : "set", root);
}

/* ---- "list set", "list sets" ---- */

/* "list sets" lists the sets, "list maps" the maps. */
static bool set_list_wants(const struct set *s, const struct set *only,
			   enum cmd_obj obj)
{
	if (only)
		return s == only;
	return obj == CMD_OBJ_MAPS ? set_is_map(s) : !set_is_map(s);
}

static void set_list_table(struct nft_ctx *nft, const struct table *t,
			   const struct set *only, json_t *array,
			   enum cmd_obj obj)
{
	struct output_ctx *octx = &nft->octx;
	const struct set *s;
	unsigned int saved = octx->family;
	bool any = false;

	list_for_each_entry(s, &t->sets, list)
		any |= set_list_wants(s, only, obj);
	if (!any)
		return;
	if (array) {
		list_for_each_entry(s, &t->sets, list) {
			if (set_list_wants(s, only, obj))
				json_array_append_new(array, set_json(s, octx));
		}
		return;
	}
	octx->family = t->handle.family;
	table_print_header(t, octx, false);
	list_for_each_entry(s, &t->sets, list) {
		if (set_list_wants(s, only, obj))
			set_print(s, octx, true);
	}
	nft_print(octx, "}\n");
	octx->family = saved;
}

static int set_list(struct nft_ctx *nft, struct cmd *cmd,
		    struct list_head *msgs)
{
	struct cache_filter f = { cmd->handle.family, cmd->handle.table.name,
				  NULL };
	bool json = nft_output_json(&nft->octx);
	json_t *array = json ? json_array() : NULL;
	const struct set *only = NULL;
	struct table *t;
	int ret = 0;

	if (cmd->obj == CMD_OBJ_SETS || cmd->obj == CMD_OBJ_MAPS)
		f.table = NULL;
	if (cache_fetch(nft, NFT_CACHE_TABLE | NFT_CACHE_SET |
			NFT_CACHE_SETELEM, &f, msgs) < 0)
		return -1;
	if (json)
		json_array_append_new(array, json_metainfo());
	if (cmd->obj == CMD_OBJ_SET) {
		t = cache_table_lookup(&nft->cache, cmd->handle.family,
				       cmd->handle.table.name);
		only = t ? table_lookup_set(t, cmd->handle.set.name) : NULL;
		if (!only) {
			ret = erec_error(msgs, cmd_loc_or(cmd,
						&cmd->handle.set.location),
					 "No such file or directory");
			goto out;
		}
		set_list_table(nft, t, only, array, cmd->obj);
		goto out;
	}
	list_for_each_entry(t, &nft->cache.tables, list) {
		if (cmd->handle.family != NFPROTO_UNSPEC &&
		    t->handle.family != cmd->handle.family)
			continue;
		if (list_empty(&t->sets))
			continue;
		set_list_table(nft, t, NULL, array, cmd->obj);
	}
out:
	if (json) {
		json_t *root = json_wrap("nftables", array);
		FILE *fp = nft->octx.output_fp ? nft->octx.output_fp : stdout;

		if (ret == 0)
			json_write_fp(fp, "", root, "\n");
		json_decref(root);
	}
	return ret;
}

/* ---- JSON input ---- */

/* Element @i of @v, parsed into an expression that copied what it needs
 * (addresses, concatenations, prefixes, ranges): its JSON is freed now
 * rather than with the command, which halves a big set's peak. Not with
 * -e, whose echo prints the document back. */
static void json_set_elem_release(struct json_ctx *jctx, json_t *v, size_t i)
{
	json_t *e = json_array_get(v, i), *val;
	const char *key;

	if (nft_output_echo(&jctx->nft->octx))
		return;
	if (json_is_object(e)) {
		if (json_object_size(e) != 1)
			return;
		json_object_foreach(e, key, val)
			break;
		if (strcmp(key, "concat") && strcmp(key, "prefix") &&
		    strcmp(key, "range"))
			return;
	} else if (!json_is_string(e) && !json_is_integer(e)) {
		return;
	}
	json_array_set_new(v, i, json_null());
}

/* {"elem": {"val": V, "timeout": s, "expires": s, "comment": "x",
 * "counter": {"packets": n, "bytes": n}}}: V (a new reference) and the
 * options in *@info; @j itself if not such an object, NULL on error. */
static json_t *json_elem_unwrap(struct json_ctx *jctx, json_t *j,
				const char *path,
				struct set_elem_info **info)
{
	json_t *o, *val, *x;
	json_int_t n;

	*info = NULL;
	if (!json_is_object(j) || json_object_size(j) != 1 ||
	    !(o = json_object_get(j, "elem")))
		return json_incref(j);
	val = json_is_object(o) ? json_object_get(o, "val") : NULL;
	if (val == NULL) {
		json_error(jctx, path, "\"elem\" needs a \"val\"");
		return NULL;
	}
	*info = xzalloc(sizeof(**info));
	if ((x = json_object_get(o, "timeout"))) {
		if (!json_is_integer(x) || (n = json_integer_value(x)) <= 0)
			goto bad;
		(*info)->timeout = (uint64_t)n * 1000;
	}
	if ((x = json_object_get(o, "expires"))) {
		if (!json_is_integer(x) || (n = json_integer_value(x)) <= 0)
			goto bad;
		(*info)->expires = (uint64_t)n * 1000;
	}
	if ((x = json_object_get(o, "comment"))) {
		if (!json_is_string(x))
			goto bad;
		if (strlen(json_string_value(x)) > 128) {
			json_error(jctx, path,
				   "comment too long, 128 characters maximum allowed");
			goto fail;
		}
		(*info)->comment = xstrdup(json_string_value(x));
	}
	if ((x = json_object_get(o, "counter"))) {
		(*info)->counter = true;
		if (json_is_object(x)) {
			json_t *p = json_object_get(x, "packets");
			json_t *b = json_object_get(x, "bytes");

			if (json_is_integer(p))
				(*info)->packets = json_integer_value(p);
			if (json_is_integer(b))
				(*info)->bytes = json_integer_value(b);
		}
	}
	return json_incref(val);
bad:
	json_error(jctx, path,
		   "invalid element option: timeout and expires are seconds, comment a string");
fail:
	set_elem_info_free(*info);
	*info = NULL;
	return NULL;
}

static int json_set_elems(struct json_ctx *jctx, json_t *v, struct set *s)
{
	struct set_elem_info *info;
	struct expr *set, *e;
	json_t *j, *k;
	char path[40];
	size_t i;

	if (!json_is_array(v))
		v = json_pack("[O]", v);
	else
		json_incref(v);
	set = set_expr_alloc(&s->location);
	for (i = 0; i < json_array_size(v); i++) {
		json_index_suffix(path, ".elem", i);
		j = json_array_get(v, i);
		e = NULL;
		if (s->flags & NFT_SET_MAP && json_is_array(j) &&
		    json_array_size(j) == 2) {
			k = json_elem_unwrap(jctx, json_array_get(j, 0), path,
					     &info);
			j = k ? json_pack("[oO]", k, json_array_get(j, 1)) :
				NULL;
			if (j)
				e = map_json_elem_parse(jctx, j, &s->location,
							i);
			json_decref(j);
		} else if (s->flags & NFT_SET_MAP && json_is_array(j)) {
			info = NULL;
			e = map_json_elem_parse(jctx, j, &s->location, i);
		} else {
			k = json_elem_unwrap(jctx, j, path, &info);
			if (k)
				e = json_parse_expr(jctx, k, path);
			json_decref(k);
		}
		if (e && info) {
			set_elem_info_free(e->elem_info);
			e->elem_info = info;
		} else {
			set_elem_info_free(info);
		}
		if (!e) {
			expr_free(set);
			json_decref(v);
			return -1;
		}
		set_expr_add(set, e);
		json_set_elem_release(jctx, v, i);
	}
	json_decref(v);
	if (s->init)
		expr_free(s->init);
	s->init = set;
	return 0;
}

static int json_set_type(struct json_ctx *jctx, json_t *v, struct set *s)
{
	char *types = NULL, *t;
	size_t i;

	if (json_is_string(v)) {
		types = xstrdup(json_string_value(v));
	} else if (json_is_array(v) && json_array_size(v)) {
		for (i = 0; i < json_array_size(v); i++) {
			if (!json_is_string(json_array_get(v, i)))
				goto bad;
			t = xasprintf("%s%s%s", types ? types : "",
				      types ? " . " : "",
				      json_string_value(json_array_get(v, i)));
			xfree(types);
			types = t;
		}
	} else {
		goto bad;
	}
	s->key_types = types;
	s->key_loc = json_location(jctx, "type");
	return 0;
bad:
	xfree(types);
	return json_error(jctx, "type",
			  "\"type\" must be a type name or an array of them");
}

static int json_set_flags(struct json_ctx *jctx, json_t *v, struct set *s)
{
	const char *err;
	uint32_t flag;
	size_t i;
	json_t *f;

	if (json_is_string(v))
		v = json_pack("[O]", v);
	else if (json_is_array(v))
		json_incref(v);
	else
		return json_error(jctx, "flags",
				  "\"flags\" must be a string or an array of strings");
	json_array_foreach(v, i, f) {
		err = json_is_string(f) ?
		      set_flag_parse(json_string_value(f), &flag) :
		      "set flags are strings";
		if (err) {
			json_decref(v);
			return json_error(jctx, "flags", "%s", err);
		}
		s->flags |= flag;
	}
	json_decref(v);
	return 0;
}

static int json_set_body(struct json_ctx *jctx, json_t *obj, struct set *s)
{
	const char *comment = NULL, *policy = NULL;
	uint64_t v = 0;
	json_t *m;

	if ((m = json_object_get(obj, "type")) && json_set_type(jctx, m, s) < 0)
		return -1;
	if ((m = json_object_get(obj, "map"))) {
		/* as "type": a name ("a . b" too) or an array of them */
		char *key_types = s->key_types;
		struct location key_loc = s->key_loc;

		s->key_types = NULL;
		if (json_set_type(jctx, m, s) < 0) {
			s->key_types = key_types;
			return -1;
		}
		s->data_types = s->key_types;
		s->data_loc = json_location(jctx, "map");
		s->key_types = key_types;
		s->key_loc = key_loc;
		s->flags |= NFT_SET_MAP;
	}
	if ((m = json_object_get(obj, "flags")) &&
	    json_set_flags(jctx, m, s) < 0)
		return -1;
	if (json_opt_u64(jctx, obj, "timeout", &v) < 0)
		return -1;
	s->timeout = v * 1000;
	v = 0;
	if (json_opt_u64(jctx, obj, "gc-interval", &v) < 0)
		return -1;
	s->gc_int = v * 1000;
	v = 0;
	if (json_opt_u64(jctx, obj, "size", &v) < 0)
		return -1;
	s->size = v;
	if (json_opt_string(jctx, obj, "policy", &policy) < 0 ||
	    json_opt_string(jctx, obj, "comment", &comment) < 0)
		return -1;
	if (policy && !strcmp(policy, "memory"))
		s->policy_memory = true;
	else if (policy && strcmp(policy, "performance"))
		return json_error(jctx, "policy",
				  "unknown set policy \"%s\"", policy);
	if (comment) {
		s->comment = xstrdup(comment);
		s->comment_loc = json_location(jctx, "comment");
	}
	if (json_is_true(json_object_get(obj, "auto-merge")))
		s->auto_merge = true;
	if ((m = json_object_get(obj, "elem")) &&
	    json_set_elems(jctx, m, s) < 0)
		return -1;
	return 0;
}

static struct cmd *json_set_cmd(struct json_ctx *jctx, enum cmd_ops op,
				bool bare, json_t *obj)
{
	struct handle h = {};
	struct set *s = NULL;

	if (json_table_ref(jctx, obj, "set", &h) < 0 ||
	    json_parse_name(jctx, obj, op, &h.set, &h) < 0)
		goto err;
	if (json_op_is_add(op)) {
		s = set_alloc(NULL);
		s->location = json_location(jctx, "");
		handle_copy(&s->handle, &h);
		s->handle.handle.id = 0;
		if (json_set_body(jctx, obj, s) < 0)
			goto err;
	}
	return json_cmd_new(jctx, op, CMD_OBJ_SET, &h, s);
err:
	set_free(s);
	handle_free(&h);
	return NULL;
}

/* {"map": {... "type": K, "map": D, "elem": [[k, v], ...]}}: a set
 * command whose set is a map. */
static struct cmd *json_map_cmd(struct json_ctx *jctx, enum cmd_ops op,
				bool bare, json_t *obj)
{
	struct cmd *cmd = json_set_cmd(jctx, op, bare, obj);

	if (cmd && cmd->set && json_op_is_add(op) &&
	    !(cmd->set->flags & NFT_SET_MAP)) {
		json_error(jctx, "", "a map needs \"map\": its data's type");
		cmd_free(cmd);
		return NULL;
	}
	return cmd;
}

static struct cmd *json_element_cmd(struct json_ctx *jctx, enum cmd_ops op,
				    bool bare, json_t *obj)
{
	struct handle h = {};
	struct set *s = set_alloc(NULL);
	const char *name;
	json_t *elem;

	s->location = json_location(jctx, "");
	if (json_table_ref(jctx, obj, "element", &h) < 0 ||
	    json_req_string(jctx, obj, "name", &name) < 0)
		goto err;
	json_spec_str(jctx, &h.set, "name", name);
	elem = json_object_get(obj, "elem");
	if (!elem) {
		json_error(jctx, "", "missing \"elem\"");
		goto err;
	}
	/* [[KEY, DATA], ...]: a map's (the evaluation checks that) */
	if (json_is_array(elem) && json_is_array(json_array_get(elem, 0)) &&
	    json_array_size(json_array_get(elem, 0)) == 2)
		s->flags |= NFT_SET_MAP;
	if (json_set_elems(jctx, elem, s) < 0)
		goto err;
	handle_copy(&s->handle, &h);
	return json_cmd_new(jctx, op, CMD_OBJ_ELEMENT, &h, s);
err:
	set_free(s);
	handle_free(&h);
	return NULL;
}

/* ---- "get element" ---- */

/* The member of @have that holds @want: the same value, or (interval
 * sets) the interval around it. */
static const struct expr *set_get_find(const struct set *s,
				       const struct expr *want)
{
	struct interval a, b;
	const struct expr *i, *found = NULL;

	interval_init(&a);
	interval_init(&b);
	set_member_bounds(want, s->key, &a);
	list_for_each_entry(i, &s->init->expr_list.expressions, list) {
		set_member_bounds(i, s->key, &b);
		if (s->flags & NFT_SET_INTERVAL ?
		    mpz_cmp(b.low, a.low) <= 0 && mpz_cmp(b.high, a.high) >= 0 :
		    !mpz_cmp(b.low, a.low) && !mpz_cmp(b.high, a.high)) {
			found = i;
			break;
		}
	}
	interval_clear(&a);
	interval_clear(&b);
	return found;
}

/* Type the elements asked for by the set's key, outside a run. */
static int set_get_evaluate(struct nft_ctx *nft, struct list_head *msgs,
			    const struct set *s, struct expr **elems)
{
	struct eval_ctx ectx = { .nft = nft, .msgs = msgs };
	struct set tmp = *s;

	return set_elems_evaluate(&ectx, &tmp, elems);
}

static int element_get(struct nft_ctx *nft, struct cmd *cmd,
		       struct list_head *msgs)
{
	struct set *want = cmd->set, *s, out;
	const struct expr *i, *m;
	struct table *t;
	int ret = 0;

	t = cache_table_lookup(&nft->cache, cmd->handle.family,
			       cmd->handle.table.name);
	s = t ? table_lookup_set(t, cmd->handle.set.name) : NULL;
	if (!s)
		return erec_error(msgs, cmd_loc_or(cmd,
					&cmd->handle.set.location),
				  "Could not process rule: No such file or directory");
	if (s->key->etype == EXPR_CONCAT)
		return erec_error(msgs, &cmd->location,
				  "get element of a concatenated set is not supported yet");
	if (set_get_evaluate(nft, msgs, s, &want->init) < 0)
		return -1;
	out = *s;
	out.info = NULL;
	out.init = set_expr_alloc(&internal_location);
	list_for_each_entry(i, &want->init->expr_list.expressions, list) {
		m = s->init ? set_get_find(s, i) : NULL;
		if (!m) {
			ret = erec_error(msgs, &i->location,
					 "Could not process rule: No such file or directory");
			goto out;
		}
		set_expr_add(out.init, expr_clone(m));
	}
	if (nft_output_json(&nft->octx)) {
		json_t *array = json_array();
		json_t *root;
		FILE *fp = nft->octx.output_fp ? nft->octx.output_fp : stdout;

		json_array_append_new(array, json_metainfo());
		json_array_append_new(array, set_json(&out, &nft->octx));
		root = json_wrap("nftables", array);
		json_write_fp(fp, "", root, "\n");
		json_decref(root);
	} else {
		table_print_header(t, &nft->octx, false);
		set_print(&out, &nft->octx, true);
		nft_print(&nft->octx, "}\n");
	}
out:
	expr_free(out.init);
	return ret;
}

/* ---- errors ---- */

static char *set_explain_missing(const struct cmd *cmd,
				 const struct location **loc)
{
	const struct handle *h = &cmd->handle;

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

const struct obj_ops set_obj_ops = {
	.obj		= CMD_OBJ_SET,
	.name		= "set",
	.flags		= OBJ_F_LIST,
	.evaluate	= set_cmd_evaluate,
	.evaluate_delete = set_cmd_evaluate_delete,
	.cache_needs	= set_cmd_needs,
	.list_needs	= NFT_CACHE_TABLE | NFT_CACHE_SET | NFT_CACHE_SETELEM,
	.execute	= exec_set,
	.list		= set_list,
	.print		= set_obj_print,
	.json		= set_obj_json,
	.explain_missing = set_explain_missing,
	.explain_exists	= set_explain_exists,
	.free		= set_cmd_free,
	.json_cmds	= OBJ_CMD(CMD_ADD) | OBJ_CMD(CMD_CREATE) |
			  OBJ_CMD(CMD_DELETE) | OBJ_CMD(CMD_DESTROY) |
			  OBJ_CMD(CMD_LIST) | OBJ_CMD(CMD_FLUSH),
	.json_parse	= json_set_cmd,
};

const struct obj_ops sets_obj_ops = {
	.obj		= CMD_OBJ_SETS,
	.name		= "sets",
	.flags		= OBJ_F_ALL_TABLES | OBJ_F_LIST,
	.list_needs	= NFT_CACHE_TABLE | NFT_CACHE_SET | NFT_CACHE_SETELEM,
	.list		= set_list,
};

const struct obj_ops map_obj_ops = {
	.obj		= CMD_OBJ_MAP,
	.name		= "map",
	.json_cmds	= OBJ_CMD(CMD_ADD) | OBJ_CMD(CMD_CREATE) |
			  OBJ_CMD(CMD_DELETE) | OBJ_CMD(CMD_DESTROY) |
			  OBJ_CMD(CMD_LIST) | OBJ_CMD(CMD_FLUSH),
	.json_parse	= json_map_cmd,
};

const struct obj_ops maps_obj_ops = {
	.obj		= CMD_OBJ_MAPS,
	.name		= "maps",
	.flags		= OBJ_F_ALL_TABLES | OBJ_F_LIST,
	.list_needs	= NFT_CACHE_TABLE | NFT_CACHE_SET | NFT_CACHE_SETELEM,
	.list		= set_list,
};

/* -e: the elements the kernel echoed, one message each */
static void *element_nl_parse(struct nft_ctx *nft,
			      const struct nlmsghdr *nlh, char **why)
{
	struct nftnl_set *nls = nftnl_set_alloc();

	(void)nft;
	if (nls == NULL)
		memory_allocation_error();
	if (nftnl_set_elems_nlmsg_parse(nlh, nls) < 0) {
		nftnl_set_free(nls);
		*why = xstrdup("cannot parse the elements the kernel echoed");
		return NULL;
	}
	return nls;
}

static void element_nl_free(void *obj)
{
	nftnl_set_free(obj);
}

/* "add element ip t s { 10.0.0.1 timeout 10s expires 10s }": what the
 * kernel holds now, as the system nft echoes it. Plain keys and
 * concatenations (intervals come as their bounds: not echoed). */
static void element_echo(struct nft_ctx *nft, struct cmd *cmd,
			 void *owner_obj, uint16_t type, void *obj)
{
	struct nftnl_set *nls = obj;
	const struct set *e = NULL;
	const char *tname, *sname;
	const struct table *t;
	unsigned int n = 0;
	const struct expr *i;
	uint32_t family;
	struct set *s;

	(void)owner_obj;
	(void)type;
	if (nft_output_json(&nft->octx) ||
	    !nftnl_set_is_set(nls, NFTNL_SET_TABLE) ||
	    !nftnl_set_is_set(nls, NFTNL_SET_NAME))
		return;
	family = nftnl_set_get_u32(nls, NFTNL_SET_FAMILY);
	tname = nftnl_set_get_str(nls, NFTNL_SET_TABLE);
	sname = nftnl_set_get_str(nls, NFTNL_SET_NAME);
	if (cmd && cmd->obj == CMD_OBJ_ELEMENT && cmd->set &&
	    cmd->set->key)
		e = cmd->set;
	t = e ? NULL : cache_table_lookup(&nft->cache, family, tname);
	if (t)
		e = table_lookup_set(t, sname);
	if (!e || !e->key || e->flags & NFT_SET_INTERVAL)
		return;
	s = set_alloc(NULL);
	s->flags = e->flags;
	s->key = expr_get(e->key);
	if (e->data)
		s->data = expr_get(e->data);
	/* the echoed elements come without their set's attributes */
	nftnl_set_set_u32(nls, NFTNL_SET_FLAGS, e->flags);
	nftnl_set_set_u32(nls, NFTNL_SET_KEY_LEN,
			  div_round_up(e->key->len, BITS_PER_BYTE));
	if (set_is_map(s) && s->data) {
		nftnl_set_set_u32(nls, NFTNL_SET_DATA_TYPE,
				  set_data_type_id(s));
		nftnl_set_set_u32(nls, NFTNL_SET_DATA_LEN, set_data_len(s));
	}
	if (set_is_map(s)) {
		if (!s->data)
			s->init = NULL;
		else if (!set_elems_have_info(nls))
			s->init = map_elems_decode(nls, s->key);
		else if (map_decode_with_info(s, nls) < 0)
			s->init = NULL;
	} else if (!set_elems_have_info(nls)) {
		s->init = set_elems_decode(nls, s->key);
	} else if (set_decode_with_info(s, nls) < 0) {
		s->init = NULL;
	}
	if (s->init && s->init->expr_list.size) {
		nft_print(&nft->octx, "%s element %s %s %s { ",
			  cmd && cmd->obj == CMD_OBJ_ELEMENT ?
			  echo_op(cmd) : "add", family_name(family), tname,
			  sname);
		list_for_each_entry(i, &s->init->expr_list.expressions,
				    list) {
			if (n)
				nft_print(&nft->octx, ", ");
			if (i->etype == EXPR_MAPPING) {
				set_member_print(i->mapping.key, &nft->octx);
				if (s->info)
					set_print_elem_info(s, &s->info[n],
							    &nft->octx);
				nft_print(&nft->octx, " : ");
				expr_print(i->mapping.data, &nft->octx);
			} else {
				set_member_print(i, &nft->octx);
				if (s->info)
					set_print_elem_info(s, &s->info[n],
							    &nft->octx);
			}
			n++;
		}
		nft_print(&nft->octx, " }\n");
	}
	set_free(s);
}

/* -e -j: each element added, as the system nft prints the kernel's
 * echo: {"add": {"element": {..., "elem": {"set": [ELEM]}}}}, the
 * expiry the kernel starts from the timeout included. */
static void element_json_echo(json_t *array, const char *op,
			      const struct cmd *cmd, struct output_ctx *octx)
{
	const struct set *e = cmd->set;
	struct set_elem_info info;
	const struct expr *m;
	json_t *o;

	if ((cmd->op != CMD_ADD && cmd->op != CMD_CREATE) || !e || !e->init ||
	    e->init->etype != EXPR_SET || e->flags & NFT_SET_INTERVAL)
		return;
	list_for_each_entry(m, &e->init->expr_list.expressions, list) {
		memset(&info, 0, sizeof(info));
		if (m->elem_info) {
			info = *m->elem_info;
			info.stmt = NULL;
			if (!info.expires)
				info.expires = info.timeout;
		}
		o = json_object();
		json_object_set_new(o, "family",
				    json_string(family_name(cmd->handle.family)));
		json_object_set_new(o, "table",
				    json_string(cmd->handle.table.name));
		json_object_set_new(o, "name",
				    json_string(cmd->handle.set.name));
		json_object_set_new(o, "elem",
				    json_pack("{s:[o]}", "set",
					      set_elem_json(e, m, &info,
							    octx)));
		json_array_append_new(array,
				      json_pack("{s:{s:o}}", op, "element",
						o));
	}
}

const struct obj_ops element_obj_ops = {
	.obj		= CMD_OBJ_ELEMENT,
	.name		= "element",
	.msg_new	= NFT_MSG_NEWSETELEM,
	.nl_parse	= element_nl_parse,
	.obj_free	= element_nl_free,
	.echo		= element_echo,
	.json_echo	= element_json_echo,
	.flags		= OBJ_F_LIST,
	.list_needs	= NFT_CACHE_TABLE | NFT_CACHE_SET | NFT_CACHE_SETELEM,
	.list		= element_get,
	.evaluate	= element_cmd_evaluate,
	.evaluate_delete = element_cmd_evaluate_delete,
	.cache_needs	= element_cmd_needs,
	.execute	= exec_element,
	.explain_missing = set_explain_missing,
	.free		= set_cmd_free,
	.json_cmds	= OBJ_CMD(CMD_ADD) | OBJ_CMD(CMD_CREATE) |
			  OBJ_CMD(CMD_DELETE) | OBJ_CMD(CMD_DESTROY),
	.json_parse	= json_element_cmd,
};

/* Elements' options as written */

void set_elem_info_free(struct set_elem_info *i)
{
	if (i == NULL)
		return;
	xfree(i->comment);
	if (i->stmt)
		stmt_free(i->stmt);
	xfree(i);
}

struct set_elem_info *set_elem_info_clone(const struct set_elem_info *i)
{
	struct set_elem_info *n;

	if (i == NULL)
		return NULL;
	n = xzalloc(sizeof(*n));
	*n = *i;
	n->comment = i->comment ? xstrdup(i->comment) : NULL;
	n->stmt = NULL;
	return n;
}

struct set_elem_info *set_elem_info_of(struct expr *m)
{
	if (m->elem_info == NULL)
		m->elem_info = xzalloc(sizeof(*m->elem_info));
	return m->elem_info;
}

void set_elem_info_put(struct nftnl_set_elem *e,
		       const struct set_elem_info *i)
{
	struct nftnl_udata_buf *ud;
	struct nftnl_expr *x;

	if (i == NULL)
		return;
	if (i->timeout)
		nftnl_set_elem_set_u64(e, NFTNL_SET_ELEM_TIMEOUT, i->timeout);
	if (i->expires)
		nftnl_set_elem_set_u64(e, NFTNL_SET_ELEM_EXPIRATION,
				       i->expires);
	if (i->comment) {
		ud = nftnl_udata_buf_alloc(NFT_USERDATA_MAXLEN);
		if (ud == NULL)
			memory_allocation_error();
		nftnl_udata_put_strz(ud, NFTNL_UDATA_SET_ELEM_COMMENT,
				     i->comment);
		nftnl_set_elem_set(e, NFTNL_SET_ELEM_USERDATA,
				   nftnl_udata_buf_data(ud),
				   nftnl_udata_buf_len(ud));
		nftnl_udata_buf_free(ud);
	}
	if (i->counter) {
		x = nftnl_expr_alloc("counter");
		if (x == NULL)
			memory_allocation_error();
		nftnl_expr_set_u64(x, NFTNL_EXPR_CTR_PACKETS, i->packets);
		nftnl_expr_set_u64(x, NFTNL_EXPR_CTR_BYTES, i->bytes);
		nftnl_set_elem_set(e, NFTNL_SET_ELEM_EXPR, x, 0);
	}
}
