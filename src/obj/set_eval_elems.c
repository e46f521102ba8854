/*
 * Named sets: the elements of a declaration or an element command
 * typed and held against the set (ranges, statements, options the
 * kernel refuses, a catch-all), packed ones kept packed where nothing
 * needs their expressions, a map's through its stand-in map
 * (map_elems_evaluate(), src/expr/map_members.c); overlapping
 * intervals refused. Declarations are set_eval.c's, element commands
 * set_eval_cmd.c's.
 */
#include <obj.h>
#include <set_int.h>
#include <evaluate.h>
#include <print.h>
#include <intervals.h>
#include <limits.h>
#include <libnftnl/set.h>
#include <set_pack.h>

/* The first prefix or range of a key (of a concatenation: the first
 * member that is one), NULL if none; "eth*" is a prefix. */
static const struct expr *set_key_interval(const struct expr *k)
{
	const struct expr *i, *r;

	switch (k->etype) {
	case EXPR_PREFIX:
	case EXPR_RANGE:
		return k;
	case EXPR_CONCAT:
		list_for_each_entry(i, &k->expr_list.expressions, list)
			if ((r = set_key_interval(i)))
				return r;
		return NULL;
	default:
		return k->flags & (EXPR_F_WILDCARD | EXPR_F_INTERVAL) ? k :
									NULL;
	}
}

/* Prefixes and ranges need an interval set, as the system nft says,
 * the caret under the (member) prefix or range. */
static int set_member_intervals(struct eval_ctx *ectx, const struct set *s,
				const struct expr *k)
{
	const struct expr *bad;

	if (s->flags & NFT_SET_INTERVAL || !(bad = set_key_interval(k)))
		return 0;
	return expr_error(ectx, bad,
			  "You must add 'flags interval' to your %s declaration if you want to add %s elements",
			  set_is_map(s) ? "map" : "set",
			  bad->etype == EXPR_RANGE ? "range" : "prefix");
}

/* As 1.1.3 checks each element, before the next: its statements
 * before its key is typed, */
int set_member_stmts_evaluate(struct eval_ctx *ectx, const struct set *s,
			      const struct expr *m)
{
	const struct expr *k = m->etype == EXPR_MAPPING ? m->mapping.key : m;
	struct set_elem_info *i = m->elem_info;

	if (i && (set_elem_stmts_match(ectx, s, k, &i->stmts) < 0 ||
		  set_stmts_evaluate(ectx, &i->stmts) < 0))
		return -1;
	return 0;
}

/* then whether the set takes its range, once typed. */
int set_member_evaluate(struct eval_ctx *ectx, const struct set *s,
			const struct expr *m)
{
	return set_member_intervals(ectx, s, m->etype == EXPR_MAPPING ?
					     m->mapping.key : m);
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

/* An interval set without auto-merge: overlapping elements are refused
 * (a concatenation's are the kernel's to refuse). */
bool set_refuses_overlaps(const struct set *s)
{
	return s->flags & NFT_SET_INTERVAL && !s->auto_merge &&
	       !set_is_map(s) && s->key && s->key->etype != EXPR_CONCAT;
}

/* Intervals by their start, in the order written where equal. */
int set_iv_order_cmp(const void *a, const void *b, void *ctx)
{
	const struct interval *v = ctx;
	unsigned int x = *(const unsigned int *)a, y = *(const unsigned int *)b;
	int r = mpz_cmp(v[x].low, v[y].low);

	if (r)
		return r;
	return x < y ? -1 : x > y;
}

/*
 * Elements of @elems, after those of @prev (the set's added earlier in
 * the batch, or NULL), that overlap (the same one twice is one):
 * refused as upstream 1.1.3 refuses them, the caret under the one that
 * starts later, the one before it underlined.
 */
int set_check_conflicts(struct eval_ctx *ectx, const struct expr *key,
			const struct expr *prev,
			const struct expr *elems)
{
	unsigned int n = 0, i, *o, x, y;
	struct error_record *erec;
	const struct expr *a, *b;
	struct interval *v;
	int ret = 0;

	n = (prev ? set_expr_size(prev) : 0) + set_expr_size(elems);
	v = xzalloc((n + 1) * sizeof(*v));
	o = xmalloc((n + 1) * sizeof(*o));
	n = prev ? set_bounds_fill(v, prev, key, true) : 0;
	n += set_bounds_fill(v + n, elems, key, true);
	for (i = 0; i < n; i++)
		o[i] = i;
	qsort_r(o, n, sizeof(*o), set_iv_order_cmp, v);
	for (i = 1; i < n; i++) {
		x = o[i - 1];
		y = o[i];
		if (mpz_cmp(v[y].low, v[x].high) > 0 ||
		    (!mpz_cmp(v[y].low, v[x].low) &&
		     !mpz_cmp(v[y].high, v[x].high)))
			continue;
		/* a packed member (a block's big element list) has no
		 * expression to point at */
		a = v[x].origin;
		b = v[y].origin;
		if (!b) {
			b = a;
			a = NULL;
		}
		if (!b)
			continue;
		erec = erec_create(EREC_ERROR, &b->location,
				   "conflicting intervals specified");
		if (a)
			erec_add_location(erec, &a->location);
		erec_queue(erec, ectx->msgs);
		ret = -1;
		break;
	}
	xfree(o);
	intervals_free(v, n);
	return ret;
}

/* Flags the kernel refuses together (EOPNOTSUPP), the set before its
 * elements: intervals from the packet path, which no backend keeps,
 * timeouts in a constant set, a dynamic object map; and a gc-interval
 * without timeouts (EINVAL). */
bool set_kernel_refuses(const struct set *s)
{
	static const uint32_t never[] = {
		NFT_SET_INTERVAL | NFT_SET_EVAL,
		NFT_SET_CONSTANT | NFT_SET_TIMEOUT,
	};
	unsigned int i;

	for (i = 0; i < array_size(never); i++)
		if ((s->flags & never[i]) == never[i])
			return true;
	/* an object map is not updated from the packet path */
	if (s->objtype && s->flags & NFT_SET_EVAL)
		return true;
	return s->gc_int && !(s->flags & NFT_SET_TIMEOUT);
}

/*
 * Elements' options the kernel would refuse, refused here with the
 * system nft's words and its caret under the element: a timeout or an
 * expiry in a set without timeouts, an expiry with no timeout at all.
 */
int set_elems_info_evaluate(struct eval_ctx *ectx, const struct set *s,
			    const struct expr *elems, unsigned int limit)
{
	struct set_elem_info *i;
	const struct expr *m, *at;
	unsigned int n = 0;

	/* an object map's: the kernel's, element by element in the order
	 * sent, a missing object (ENOENT) the first that meets one */
	if (elems->etype != EXPR_SET || set_kernel_refuses(s) || s->objtype)
		return 0;
	list_for_each_entry(m, &elems->expr_list.expressions, list) {
		if (n++ == limit)
			break;
		i = m->elem_info;
		at = m->etype == EXPR_MAPPING ? m->mapping.key : m;
		if (i == NULL)
			continue;
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

/*
 * Whether @elems may stay packed (include/set_pack.h) once typed: nothing
 * after evaluation needs their expressions. The echo (-e) and the
 * netlink debug output print them; intervals are merged from them.
 */
static bool set_elems_packable(const struct eval_ctx *ectx,
			       const struct set *s, const struct expr *elems)
{
	return elems->etype == EXPR_SET && set_expr_has_pack(elems) &&
	       elems->expr_list.size == 0 && !elems->expr_list.catchall &&
	       set_expr_size(elems) >= SET_PACK_MIN_MEMBERS &&
	       !set_pack_keys(elems->expr_list.pack) &&
	       !nft_output_echo(&ectx->nft->octx) &&
	       !(ectx->nft->debug_mask & NFT_DEBUG_NETLINK) &&
	       !(s->flags & NFT_SET_OBJECT) &&
	       (!set_is_map(s) || (s->data && !s->data_interval &&
				   !(s->flags & NFT_SET_INTERVAL))) &&
	       (!(s->flags & NFT_SET_INTERVAL) ||
		s->key->etype != EXPR_CONCAT);
}

/* A map's packed mappings: 0, or 1 for the listed path. */
static int set_map_pack_evaluate(struct eval_ctx *ectx, const struct set *s,
				 struct expr *e)
{
	struct expr *map = set_map_stub(s, e);
	int ret;

	map->flags &= ~EXPR_F_INTERVAL;
	ret = map_pack_evaluate(ectx, map, &s->handle);
	set_map_stub_free(map);
	if (ret == 0)
		e->flags |= EXPR_F_CONSTANT;
	return ret;
}

/* The members of @s in *@ep typed (like @key; a map's stand-in alone),
 * each held against @s as it is (set_member_evaluate()). */
static int set_members_evaluate_like(struct eval_ctx *ectx,
				     const struct set *s, struct expr **ep,
				     const struct expr *key)
{
	const struct set *outer = ectx->elem_set;
	int ret;

	ectx->elem_set = s;
	ret = key ? expr_evaluate_like(ectx, ep, key) :
		    map_elems_evaluate(ectx, *ep);
	ectx->elem_set = outer;
	return ret;
}

/* A map's elements, listed: typed by a stub map expression, each
 * checked against the map as it is typed (map_elems_evaluate()), then
 * for the chains they jump to. */
static int set_map_elems_evaluate(struct eval_ctx *ectx, const struct set *s,
				  struct expr *e)
{
	struct expr *map;
	int ret;

	if (e->etype != EXPR_SET)
		return expr_error(ectx, e,
				  "map elements go in braces: { KEY : VALUE }");
	map = set_map_stub(s, e);
	map->flags &= ~EXPR_F_INTERVAL;
	ret = set_members_evaluate_like(ectx, s, &map, NULL);
	set_map_stub_free(map);
	if (ret < 0 || set_map_chains_evaluate(ectx, s, e) < 0)
		return -1;
	e->flags |= EXPR_F_CONSTANT;
	if (s->flags & NFT_SET_INTERVAL)
		e->flags |= EXPR_F_INTERVAL;
	return set_elems_info_evaluate(ectx, s, e, UINT_MAX);
}

/* A lone element (evaluated from a variable) in a set expression of
 * the set's key. */
static struct expr *set_elems_wrap(const struct set *s, struct expr *e)
{
	struct expr *set = set_expr_alloc(&e->location);

	set_expr_add(set, e);
	set->dtype = s->key->dtype;
	set->byteorder = s->key->byteorder;
	set->len = s->key->len;
	set->flags |= EXPR_F_CONSTANT;
	if (e->etype == EXPR_PREFIX || e->etype == EXPR_RANGE)
		set->flags |= EXPR_F_INTERVAL;
	return set;
}

/* A set's "*": a map's (an object map's too, its data an object's
 * name) is typed with the other mappings (map_elems_catchall_evaluate());
 * a set's has its statements and options only. */
static int set_catchall_evaluate(struct eval_ctx *ectx, const struct set *s,
				 const struct expr *elems)
{
	const struct expr *ca = elems->expr_list.catchall;
	struct set_elem_info *i = ca->elem_info;

	if (set_is_map(s))
		return 0;
	if (ca->etype == EXPR_MAPPING)
		return expr_error(ectx, ca,
				  "Set member must be a value, a prefix or a range, not a mapping");
	if (set_member_stmts_evaluate(ectx, s, ca) < 0)
		return -1;
	if (i && (i->timeout || i->expires) && !(s->flags & NFT_SET_TIMEOUT))
		return expr_error(ectx, ca,
				  "Could not process rule: Invalid argument");
	return 0;
}

/*
 * The elements typed and held against the set, but the options the
 * kernel refuses (set_elems_info_evaluate()): a set's are checked after
 * its intervals' conflicts, as 1.1.3 finds those first. A map's are
 * checked in the order of its own checks (map_elems_evaluate()).
 */
int set_elems_evaluate_typed(struct eval_ctx *ectx,
			     const struct set *s,
			     struct expr **elemsp)
{
	const struct expr *ca = (*elemsp)->etype == EXPR_SET ?
				(*elemsp)->expr_list.catchall : NULL;
	struct expr *m;
	int ret;

	if (ca && set_catchall_evaluate(ectx, s, *elemsp) < 0)
		return -1;
	/* typed into keys already (a set evaluated again) */
	if ((*elemsp)->etype == EXPR_SET &&
	    set_pack_keys((*elemsp)->expr_list.pack))
		return 0;
	if (set_elems_packable(ectx, s, *elemsp)) {
		ret = set_is_map(s) ?
		      set_map_pack_evaluate(ectx, s, *elemsp) :
		      set_pack_evaluate(ectx, *elemsp, s->key,
					s->flags & NFT_SET_INTERVAL,
					set_refuses_overlaps(s));
		if (ret <= 0)
			return ret;
	}
	if ((*elemsp)->etype == EXPR_SET)
		set_expr_unpack(*elemsp);
	if (set_is_map(s))
		return set_map_elems_evaluate(ectx, s, *elemsp);
	if (set_members_evaluate_like(ectx, s, elemsp, s->key) < 0)
		return -1;
	if ((*elemsp)->etype != EXPR_SET) {
		*elemsp = set_elems_wrap(s, *elemsp);
		/* a lone member, from a variable: no set typed it */
		m = list_first_entry(&(*elemsp)->expr_list.expressions,
				     struct expr, list);
		if (set_member_stmts_evaluate(ectx, s, m) < 0 ||
		    set_member_evaluate(ectx, s, m) < 0)
			return -1;
	}
	if (s->flags & NFT_SET_INTERVAL)
		(*elemsp)->flags |= EXPR_F_INTERVAL;
	return 0;
}

/* A set's options checked after its other checks (see above). */
int set_elems_evaluate_opts(struct eval_ctx *ectx, const struct set *s,
			    const struct expr *elems)
{
	if (set_is_map(s))
		return 0;
	return set_elems_info_evaluate(ectx, s, elems, UINT_MAX);
}

int set_elems_evaluate(struct eval_ctx *ectx, const struct set *s,
		       struct expr **elemsp)
{
	if (set_elems_evaluate_typed(ectx, s, elemsp) < 0)
		return -1;
	return set_elems_evaluate_opts(ectx, s, *elemsp);
}
