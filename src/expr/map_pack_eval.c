/*
 * Maps: packed mappings (include/set_pack.h) typed into keys and data
 * without an expression kept per mapping, for a named map's elements
 * (src/obj/set_eval_elems.c) and a big rule's map (map_anon_pack(),
 * src/expr/map.c). Literals of the commonest types are read in place;
 * the rest are unpacked one at a time and typed as listed mappings are
 * (map_members.c). Whatever this path does not take goes back to the
 * listed path, which says what is wrong in its order.
 */
#include <string.h>
#include <expr.h>
#include <evaluate.h>
#include <set.h>
#include <map_int.h>
#include <set_pack.h>

static bool map_pack_values(const struct expr *e)
{
	const struct expr *i;

	if (e->etype == EXPR_VALUE)
		return !(e->flags & EXPR_F_WILDCARD);
	if (e->etype != EXPR_CONCAT || e->flags & EXPR_F_INTERVAL)
		return false;
	list_for_each_entry(i, &e->expr_list.expressions, list)
		if (i->etype != EXPR_VALUE || i->flags & EXPR_F_WILDCARD)
			return false;
	return true;
}

/*
 * A chain a verdict map jumps to, met the first time (chain @i of @k): a
 * named map's (@h) must exist. An anonymous map's is the kernel's to
 * find, as for a listed one (verdict_target_evaluate()): its name is
 * checked, and where it is first jumped to (@keyloc, the key) kept for
 * the caret under the kernel's refusal (rule_explain_vmap_elem()).
 */
static int map_pack_chain_new(struct eval_ctx *ectx, const struct handle *h,
			      struct pack_keys *k, uint32_t i,
			      const struct location *loc,
			      const struct location *keyloc)
{
	const char *name = k->chains[i];

	if (h)
		return verdict_chain_evaluate(ectx, h, name, loc);
	k->chain_locs[i] = *keyloc;
	if (!name[0])
		return -1;
	return name_length_error(ectx->msgs, loc, name, NAME_JUMP);
}

/* A verdict's data: its code and its chain's index (each chain's
 * existence checked once). -1: no such chain. */
static int map_pack_verdict(struct eval_ctx *ectx, const struct handle *h,
			    const struct expr *m, unsigned char *data,
			    struct pack_keys *k)
{
	const struct expr *v = m->mapping.data;
	struct set_pack_verdict pv = { v->verdict.verdict, UINT32_MAX };
	unsigned int known = k->nchains;
	char *name;
	int ret = 0;

	if (v->verdict.chain) {
		name = constant_expr_get_string(v->verdict.chain);
		pv.chain = pack_keys_chain(k, name);
		if (k->nchains > known)
			ret = map_pack_chain_new(ectx, h, k, pv.chain,
					&v->verdict.chain->location,
					&m->mapping.key->location);
		xfree(name);
	}
	memcpy(data, &pv, sizeof(pv));
	return ret;
}

/* The data of mapping @m, typed, as map_elem_data() writes it. */
static int map_pack_data(struct eval_ctx *ectx, const struct expr *map,
			 const struct handle *h, const struct expr *m,
			 unsigned char *data, struct pack_keys *k)
{
	const struct expr *d = m->mapping.data, *i;
	unsigned int off = 0;

	if (d->etype == EXPR_VERDICT)
		return map_pack_verdict(ectx, h, m, data, k);
	if (d->etype != EXPR_CONCAT) {
		set_member_key(data, d, d->byteorder, k->data_len);
		return 0;
	}
	list_for_each_entry(i, &d->expr_list.expressions, list) {
		linearize_mpz(data + off, i->value.value, i->byteorder,
			      div_round_up(i->len, BITS_PER_BYTE));
		off += concat_field_bytes(i);
	}
	return 0;
}

/* @anon: a rule's map, whose concatenated data the statement reads
 * from the mappings (map_data_is_concat()). */
static bool map_pack_data_ok(const struct expr *map, const struct expr *d,
			     bool anon)
{
	if (map->map.vmap)
		return d->etype == EXPR_VERDICT &&
		       (!d->verdict.chain ||
			d->verdict.chain->etype == EXPR_VALUE);
	return !map->map.data_interval && !map->map.objtype &&
	       !(anon && d->etype == EXPR_CONCAT) && map_pack_values(d);
}

/* 0: mapping @m is in @k; 1: not for this path (or an error, which the
 * listed path says in its order). */
static int map_pack_member(struct eval_ctx *ectx, struct expr *map,
			   const struct handle *h, struct expr *m,
			   struct pack_keys *k)
{
	unsigned char *key, *data;
	struct eval_type saved;
	int ret;

	if (m->etype != EXPR_MAPPING)
		return 1;
	eval_type_push(ectx, &saved, NULL, BYTEORDER_INVALID, 0);
	ret = map_key_evaluate(ectx, map, m, true);
	eval_type_pop(ectx, &saved);
	if (ret < 0 || map->flags & EXPR_F_INTERVAL ||
	    !map_pack_values(m->mapping.key))
		return 1;
	/* a rule's map types its data as the statement around it does
	 * (map_expr_evaluate()) */
	if (!map->map.vmap && h)
		eval_type_push(ectx, &saved, map->dtype, map->byteorder,
			       map->len);
	ret = map_data_evaluate(ectx, map, m);
	if (!map->map.vmap && h)
		eval_type_pop(ectx, &saved);
	if (ret < 0 || !map_pack_data_ok(map, m->mapping.data, !h))
		return 1;
	key = pack_keys_add(k, &data);
	if (m->mapping.key->etype == EXPR_CONCAT)
		set_concat_key(key, m->mapping.key, map->map.key, false);
	else
		set_member_key(key, m->mapping.key, map->map.key->byteorder,
			       k->key_len);
	return map_pack_data(ectx, map, h, m, data, k) < 0;
}

/* Where the key of the member at @it is. */
static void map_pack_key_location(const struct set_pack *p,
				  const struct set_pack_iter *it,
				  struct location *loc)
{
	struct set_pack_iter at = *it;
	struct expr *m = set_pack_next(p, &at);

	*loc = m->mapping.key->location;
	expr_free(m);
}

/* A verdict read in place: its code and chain (checked once per name),
 * of the member at @it. */
static int map_pack_verdict_view(struct eval_ctx *ectx,
				 const struct handle *h,
				 const struct set_pack_view *v,
				 unsigned int n, unsigned char *data,
				 struct pack_keys *k, const struct set_pack *p,
				 const struct set_pack_iter *it)
{
	struct set_pack_verdict pv = { (int32_t)v[0].num, UINT32_MAX };
	unsigned int known = k->nchains;
	struct location keyloc = {};
	int ret = 0;

	if (v[0].children) {
		if (n < 2 || v[1].kind != SET_PACK_STRING)
			return -1;
		pv.chain = pack_keys_chain(k, v[1].text);
		if (k->nchains > known) {
			if (!h)
				map_pack_key_location(p, it, &keyloc);
			ret = map_pack_chain_new(ectx, h, k, pv.chain,
						 &internal_location, &keyloc);
		}
	}
	memcpy(data, &pv, sizeof(pv));
	return ret;
}

/*
 * A mapping read without expressions (set_pack_direct_key()): a key of
 * literals and a verdict, or a value the data's type reads so. 0: done,
 * @it past it; 1: take the expression path; -1: an error (the listed
 * path says it).
 */
static int map_pack_direct_next(struct eval_ctx *ectx, const struct expr *map,
				const struct handle *h,
				const struct set_pack *p,
				struct set_pack_iter *it, struct pack_keys *k)
{
	unsigned char key[NFT_REG_SIZE * 4], data[NFT_REG_SIZE * 4];
	struct set_pack_view v[2 * NFT_REG32_COUNT + 4];
	struct set_pack_iter next;
	unsigned int n = set_pack_view(p, it, v, array_size(v), &next);
	unsigned int kn, dn;
	unsigned char *kb, *db;

	if (n < 3 || v[0].kind != SET_PACK_MAPPING || v[0].flags)
		return 1;
	kn = 1 + (v[1].kind == SET_PACK_CONCAT ? v[1].num : 0);
	dn = n - 1 - kn;
	memset(key, 0, k->key_len);
	memset(data, 0, k->data_len);
	if (kn >= n || !set_pack_direct_key(&v[1], kn, map->map.key, key))
		return 1;
	if (map->map.vmap) {
		if (v[1 + kn].kind != SET_PACK_VERDICT || v[1 + kn].flags)
			return 1;
		if (map_pack_verdict_view(ectx, h, &v[1 + kn], dn, data, k,
					  p, it) < 0)
			return -1;
	} else if (map->map.data_interval || map->map.objtype ||
		   !map->map.data || dn != 1 + (v[1 + kn].kind ==
						SET_PACK_CONCAT ?
						v[1 + kn].num : 0) ||
		   !set_pack_direct_key(&v[1 + kn], dn, map->map.data, data)) {
		return 1;
	}
	kb = pack_keys_add(k, &db);
	memcpy(kb, key, k->key_len);
	memcpy(db, data, k->data_len);
	*it = next;
	return 0;
}

static uint32_t map_pack_hash(const unsigned char *key, unsigned int len)
{
	uint32_t h = 2166136261u;
	unsigned int i;

	for (i = 0; i < len; i++)
		h = (h ^ key[i]) * 16777619u;
	return h;
}

/* Whether two keys are the same (map_check_overlap() names them): an
 * open-addressing table of key indices, one pass. */
static bool map_pack_repeats(const struct pack_keys *k)
{
	unsigned int size = 16, i, slot;
	const unsigned char *key;
	bool yes = false;
	uint32_t *t;

	while (size < 2 * k->n)
		size *= 2;
	t = xmalloc(size * sizeof(*t));
	memset(t, 0xff, size * sizeof(*t));
	for (i = 0; i < k->n && !yes; i++) {
		key = k->keys + (size_t)i * k->key_len;
		slot = map_pack_hash(key, k->key_len) & (size - 1);
		while (t[slot] != UINT32_MAX && !yes) {
			yes = !memcmp(k->keys + (size_t)t[slot] * k->key_len,
				      key, k->key_len);
			slot = (slot + 1) & (size - 1);
		}
		t[slot] = i;
	}
	xfree(t);
	return yes;
}

/*
 * A named map's packed mappings (@map: set_map_stub()'s stand-in, its
 * mappings the packed set) typed into keys and data as
 * map_elems_evaluate() types listed ones. Anything else than values
 * and verdicts, and any error, leave the pack as it was and return 1:
 * the listed path then says what is wrong, in its order; the messages
 * queued here are dropped.
 */
int map_pack_evaluate(struct eval_ctx *ectx, struct expr *map,
		      const struct handle *h)
{
	struct expr *set = map->map.mappings, *m;
	struct set_pack *p = set->expr_list.pack;
	struct list_head *last = ectx->msgs->prev;
	struct error_record *erec;
	struct set_pack_iter it;
	struct pack_keys *k;
	int ret = 0;

	k = pack_keys_alloc(map_key_bytes(map->map.key),
			    map->map.vmap ? sizeof(struct set_pack_verdict) :
			    map_key_bytes(map), set_pack_count(p));
	k->verdicts = map->map.vmap;
	set_pack_iter_init(p, &it);
	while (ret == 0) {
		ret = map_pack_direct_next(ectx, map, h, p, &it, k);
		if (ret <= 0) {
			ret = -ret;
			continue;
		}
		m = set_pack_next(p, &it);
		ret = 0;
		if (!m)
			break;
		ret = map_pack_member(ectx, map, h, m, k);
		expr_free(m);
	}
	/* a rule's map: the kernel refuses a concatenation given twice
	 * too, which the listed path locates (rule_explain_setelem()) */
	if (ret == 0 && (map->map.key->etype != EXPR_CONCAT || !h))
		ret = map_pack_repeats(k);
	if (ret == 0) {
		set_pack_set_keys(p, k);
		return 0;
	}
	pack_keys_free(k);
	while (ectx->msgs->prev != last) {
		erec = list_entry(ectx->msgs->prev, struct error_record, list);
		list_del(&erec->list);
		erec_destroy(erec);
	}
	return 1;
}
