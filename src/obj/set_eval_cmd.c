/*
 * Named sets: "add", "create", "delete" and "destroy element" checked
 * against what the set holds (fetched from the kernel) and what the
 * batch added to it before: overlapping intervals, deletes of
 * intervals the set does not hold, auto-merge across the commands of
 * one batch, and the cache an element command needs. The elements
 * themselves are typed in set_eval_elems.c.
 */
#include <obj.h>
#include <set_int.h>
#include <evaluate.h>
#include <print.h>
#include <intervals.h>
#include <string.h>
#include <errno.h>
#include <libnftnl/set.h>
#include <set_pack.h>

/* An interval of @elems that overlaps one of @have's: its member. */
static const struct expr *set_overlap(struct set *s,
				      const struct expr *elems)
{
	const struct expr *i, *bad = NULL;
	unsigned int n, lo, hi, mid;
	struct interval *v, iv;

	if (!s->overlap_index) {
		v = xzalloc((set_expr_size(s->init) + 1) * sizeof(*v));
		s->overlap_all = set_bounds_fill(v, s->init, s->key, false);
		s->overlap_n = intervals_merge_how(v, s->overlap_all, false);
		s->overlap_index = v;
	}
	v = s->overlap_index;
	n = s->overlap_n;
	interval_init(&iv);
	list_for_each_entry(i, &elems->expr_list.expressions, list) {
		set_member_bounds(i, s->key, &iv);
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
	return bad;
}

/* Whether [l, h] overlaps or touches one of @v's @n sorted, merged
 * intervals. */
static bool set_touches(const struct interval *v, unsigned int n,
			const mpz_t l, const mpz_t h)
{
	unsigned int lo = 0, hi = n, mid;
	mpz_t t;
	bool yes;

	mpz_init(t);
	/* the first interval that ends at l - 1 or later */
	for (; lo < hi; ) {
		mid = (lo + hi) / 2;
		mpz_add_ui(t, v[mid].high, 1);
		if (mpz_cmp(t, l) < 0)
			lo = mid + 1;
		else
			hi = mid;
	}
	mpz_add_ui(t, h, 1);
	yes = lo < n && mpz_cmp(v[lo].low, t) <= 0;
	mpz_clear(t);
	return yes;
}

/* Auto-merge: the members of @have that @elems overlap or touch, which
 * the new ones replace merged with them, taken out of @have; NULL if
 * none. */
static struct expr *set_merge_with(const struct expr *key,
				   struct expr *have,
				   const struct expr *elems)
{
	unsigned int n = 0, k;
	struct expr *with = NULL, *i, *next;
	const struct expr *m;
	struct interval *v, iv;

	v = xzalloc(elems->expr_list.size * sizeof(*v));
	list_for_each_entry(m, &elems->expr_list.expressions, list) {
		interval_init(&v[n]);
		set_member_bounds(m, key, &v[n++]);
	}
	k = intervals_merge_how(v, n, true);
	interval_init(&iv);
	list_for_each_entry_safe(i, next, &have->expr_list.expressions, list) {
		set_member_bounds(i, key, &iv);
		if (!set_touches(v, k, iv.low, iv.high))
			continue;
		if (!with) {
			with = set_expr_alloc(&internal_location);
			with->flags = elems->flags;
		}
		list_del(&i->list);
		have->expr_list.size--;
		set_expr_add(with, i);
	}
	interval_clear(&iv);
	intervals_free(v, n);
	return with;
}

/* @elems (merged with @with, the members they touch) as the kernel
 * holds them once added: merged, decoded back from what is sent. */
static struct expr *set_members_as_held(const struct set *s,
					const struct expr *elems,
					const struct expr *with)
{
	struct nftnl_set *nls = nftnl_set_alloc();
	struct expr *held;

	if (nls == NULL)
		memory_allocation_error();
	nftnl_set_set_u32(nls, NFTNL_SET_FLAGS, s->flags);
	nftnl_set_set_u32(nls, NFTNL_SET_KEY_LEN,
			  div_round_up(s->key->len, BITS_PER_BYTE));
	if (with)
		set_elems_build_merged(nls, elems, with, s->key, true);
	else
		set_elems_build(nls, elems, s->key, true, true);
	held = set_elems_decode(nls, s->key);
	nftnl_set_free(nls);
	return held;
}

/*
 * Auto-merge with several element commands in one batch (or a
 * declaration and element commands): each merges with what the earlier
 * ones left, as the system nft does, so the set's members follow the
 * batch: a dumped set's @init (its options go, as its members change),
 * a declared set's @held, its members merged as the kernel got them.
 */
static struct expr **set_batch_members(struct set *s)
{
	set_info_free(s);
	if (!s->init_as_written)
		return &s->init;
	if (!s->held && s->init)
		s->held = set_members_as_held(s, s->init, NULL);
	return &s->held;
}

/* The command's members, merged with those it took out of @have, go
 * in. */
static void set_batch_add(struct set *s, struct expr **have,
			  const struct set *e)
{
	struct expr *held = set_members_as_held(s, e->init, e->merge_with);
	struct expr *i, *next;

	if (!*have) {
		*have = held;
		return;
	}
	list_for_each_entry_safe(i, next, &held->expr_list.expressions,
				 list) {
		list_del(&i->list);
		held->expr_list.size--;
		set_expr_add(*have, i);
	}
	expr_free(held);
}

/* Whether @o names the set @cmd adds to. */
static bool set_cmd_same_set(const struct cmd *o, const struct cmd *cmd)
{
	return o->handle.family == cmd->handle.family &&
	       o->handle.table.name && o->handle.set.name &&
	       !strcmp(o->handle.table.name, cmd->handle.table.name) &&
	       !strcmp(o->handle.set.name, cmd->handle.set.name);
}

/* Whether @o leaves the set @cmd adds to alone: additions of rules and
 * chains, commands of other sets. */
static bool set_cmd_passes(const struct cmd *o, const struct cmd *cmd)
{
	switch (o->obj) {
	case CMD_OBJ_RULE:
	case CMD_OBJ_CHAIN:
		return o->op == CMD_ADD || o->op == CMD_INSERT ||
		       o->op == CMD_CREATE || o->op == CMD_REPLACE;
	case CMD_OBJ_ELEMENT:
	case CMD_OBJ_SET:
	case CMD_OBJ_MAP:
		return o->op != CMD_DELETE && o->op != CMD_DESTROY &&
		       o->op != CMD_FLUSH && !set_cmd_same_set(o, cmd);
	default:
		return false;
	}
}

static bool set_cmd_adds_same(const struct cmd *o, const struct cmd *cmd)
{
	return o->op == CMD_ADD && o->obj == CMD_OBJ_ELEMENT &&
	       set_cmd_same_set(o, cmd);
}

enum set_later {
	SET_LATER_NONE,		/* no later command adds to the set */
	SET_LATER_NEXT,		/* one does, only others' commands between */
	SET_LATER_AFTER,	/* one does, after a command on the set */
};

/* Whether and how a later command adds elements to the same set. */
static enum set_later set_later_adds(const struct eval_ctx *ectx,
				     const struct cmd *cmd)
{
	enum set_later how = SET_LATER_NEXT;
	const struct list_head *l;
	const struct cmd *o;

	for (l = cmd->list.next; ectx->cmds && l != ectx->cmds; l = l->next) {
		o = list_entry(l, struct cmd, list);
		if (set_cmd_adds_same(o, cmd))
			return how;
		if (!set_cmd_passes(o, cmd))
			how = SET_LATER_AFTER;
	}
	return SET_LATER_NONE;
}

/* @from's members to the front of @into. */
static void set_members_take(struct expr *into, struct expr *from)
{
	struct expr *i;

	while (!list_empty(&from->expr_list.expressions)) {
		i = list_last_entry(&from->expr_list.expressions,
				    struct expr, list);
		list_del(&i->list);
		from->expr_list.size--;
		list_add(&i->list, &into->expr_list.expressions);
		into->expr_list.size++;
	}
}

/*
 * "add element" commands of an auto-merge set, with only commands that
 * leave the set alone in between, go as the last of them: the kernel
 * cannot delete an interval added in the same batch after one with the
 * same start was deleted, which merging each command with those before
 * would ask of it. The earlier ones left their members to this one.
 */
static void set_batch_take_earlier(const struct eval_ctx *ectx,
				   struct cmd *cmd)
{
	const struct list_head *l;
	struct cmd *o;

	for (l = cmd->list.prev; ectx->cmds && l != ectx->cmds; l = l->prev) {
		o = list_entry(l, struct cmd, list);
		if (set_cmd_adds_same(o, cmd) && o->set && o->set->coalesced &&
		    o->set->init && o->set->init->etype == EXPR_SET)
			set_members_take(cmd->set->init, o->set->init);
		else if (!set_cmd_passes(o, cmd))
			return;
	}
}

/* An element command's set @e takes what its elements are typed and
 * echoed by from the set @s they go to. */
static void element_cmd_inherit(struct set *e, const struct set *s)
{
	e->key = expr_get(s->key);
	if (s->data)
		e->data = expr_get(s->data);
	e->data_interval = s->data_interval;
	e->objtype = s->objtype;
	e->flags = s->flags;
	/* what the kernel gives elements without statements (-e -j) */
	set_stmts_free(&e->stmts);
	set_stmts_clone(&e->stmts, &s->stmts);
}

/* Deleting from a map: its elements go by their keys alone. */
static int element_cmd_map_keys(struct eval_ctx *ectx, struct set *e)
{
	struct expr *i, *k;

	if (e->init && e->init->etype == EXPR_SET)
		list_for_each_entry(i, &e->init->expr_list.expressions, list) {
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

/* "add element" to an auto-merge interval set: merged with what the set
 * holds by then, or handed to the next command adding to it. */
static void element_cmd_auto_merge(struct eval_ctx *ectx, struct cmd *cmd,
				   struct set *s)
{
	struct set *e = cmd->set;
	enum set_later later;
	struct expr **have;

	set_batch_take_earlier(ectx, cmd);
	later = set_later_adds(ectx, cmd);
	if (later == SET_LATER_NEXT) {
		e->coalesced = true;
		return;
	}
	have = set_batch_members(s);
	e->target_empty = !*have || !(*have)->expr_list.size;
	if (!e->target_empty)
		e->merge_with = set_merge_with(s->key, *have, e->init);
	/* what the set holds then, for a later command's merge */
	if (later == SET_LATER_AFTER)
		set_batch_add(s, have, e);
}

static int set_iv_low_cmp(const void *a, const void *b)
{
	const struct interval *x = a, *y = b;

	return mpz_cmp(x->low, y->low);
}

/* A member of @elems that is none of @have's intervals exactly: a
 * delete of it is refused as upstream 1.1.3 refuses it; NULL if all
 * are. */
static const struct expr *set_missing_interval(const struct expr *key,
					       const struct expr *have,
					       const struct expr *elems)
{
	const struct expr *i, *bad = NULL;
	struct interval *v, iv, *hit;
	unsigned int n;

	v = xzalloc((set_expr_size(have) + 1) * sizeof(*v));
	n = set_bounds_fill(v, have, key, false);
	qsort(v, n, sizeof(*v), set_iv_low_cmp);
	interval_init(&iv);
	list_for_each_entry(i, &elems->expr_list.expressions, list) {
		set_member_bounds(i, key, &iv);
		hit = bsearch(&iv, v, n, sizeof(*v), set_iv_low_cmp);
		if (!hit || mpz_cmp(hit->high, iv.high)) {
			bad = i;
			break;
		}
	}
	interval_clear(&iv);
	intervals_free(v, n);
	return bad;
}

/* The run's additions to @s so far, sorted by start: its declaration's
 * members if the run declares it, then each command's. */
static void set_batch_index_init(struct eval_ctx *ectx, struct cmd *cmd,
				 struct set *s)
{
	unsigned int n = 0;
	unsigned int *o, k;
	struct interval *v;

	if (set_find_in_run(ectx, &cmd->handle) && s->init &&
	    s->init->etype == EXPR_SET)
		n = set_expr_size(s->init);
	s->batch_cap = n + 16;
	s->batch_iv = xzalloc(s->batch_cap * sizeof(*s->batch_iv));
	if (!n)
		return;
	v = xzalloc((n + 1) * sizeof(*v));
	n = set_bounds_fill(v, s->init, s->key, true);
	o = xmalloc((n + 1) * sizeof(*o));
	for (k = 0; k < n; k++)
		o[k] = k;
	qsort_r(o, n, sizeof(*o), set_iv_order_cmp, v);
	for (k = 0; k < n; k++)
		s->batch_iv[k] = v[o[k]];	/* moved: v's own are not freed */
	s->batch_n = n;
	xfree(o);
	xfree(v);
}

/* Where @iv goes in the index: after every interval starting at or
 * before its start. */
static unsigned int set_batch_index_pos(const struct set *s,
					const struct interval *iv)
{
	unsigned int lo = 0, hi = s->batch_n, mid;

	while (lo < hi) {
		mid = (lo + hi) / 2;
		if (mpz_cmp(s->batch_iv[mid].low, iv->low) <= 0)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo;
}

/* The interval of the index that @iv overlaps (the same one is none). */
static const struct interval *set_batch_index_hit(const struct set *s,
						   const struct interval *iv)
{
	unsigned int p = set_batch_index_pos(s, iv);
	const struct interval *x;

	if (p > 0) {
		x = &s->batch_iv[p - 1];
		if (mpz_cmp(x->high, iv->low) >= 0 &&
		    (mpz_cmp(x->low, iv->low) || mpz_cmp(x->high, iv->high)))
			return x;
	}
	if (p < s->batch_n && mpz_cmp(s->batch_iv[p].low, iv->high) <= 0)
		return &s->batch_iv[p];
	return NULL;
}

static void set_batch_index_add(struct set *s, struct interval *iv)
{
	unsigned int p = set_batch_index_pos(s, iv);

	if (s->batch_n == s->batch_cap) {
		s->batch_cap *= 2;
		s->batch_iv = xrealloc(s->batch_iv,
				       s->batch_cap * sizeof(*s->batch_iv));
	}
	memmove(&s->batch_iv[p + 1], &s->batch_iv[p],
		(s->batch_n - p) * sizeof(*s->batch_iv));
	s->batch_iv[p] = *iv;		/* moved */
	s->batch_n++;
}

/* "conflicting intervals specified" for new member @i, bounds @iv, and
 * @x of the index: the caret under the one that starts later (the new
 * one where both start together), the other underlined. */
static void set_batch_conflict(struct eval_ctx *ectx, const struct expr *i,
			       const struct interval *iv,
			       const struct interval *x)
{
	const struct expr *a = x->origin, *b = i;
	struct error_record *erec;

	if (mpz_cmp(x->low, iv->low) > 0) {
		a = i;
		b = x->origin;
	}
	if (!b) {
		b = a;
		a = NULL;
	}
	erec = erec_create(EREC_ERROR, &b->location,
			   "conflicting intervals specified");
	if (a)
		erec_add_location(erec, &a->location);
	erec_queue(erec, ectx->msgs);
}

/*
 * New intervals of an "add element" that overlap each other or what the
 * batch added to the set before (its declaration's, earlier commands'):
 * conflicting, as upstream 1.1.3 says; kept for the commands after, in
 * an index sorted once (firewalld adds thousands, one a command).
 */
static int element_cmd_conflicts(struct eval_ctx *ectx, struct cmd *cmd,
				 struct set *s)
{
	struct set *e = cmd->set;
	const struct interval *x;
	struct interval iv;
	struct expr *i;

	if (set_check_conflicts(ectx, s->key, NULL, e->init) < 0)
		return -1;
	if (!s->batch_iv)
		set_batch_index_init(ectx, cmd, s);
	list_for_each_entry(i, &e->init->expr_list.expressions, list) {
		interval_init(&iv);
		set_member_bounds(i, s->key, &iv);
		x = set_batch_index_hit(s, &iv);
		if (x)
			set_batch_conflict(ectx, i, &iv, x);
		interval_clear(&iv);
		if (x)
			return -1;
	}
	list_for_each_entry(i, &e->init->expr_list.expressions, list) {
		interval_init(&iv);
		iv.origin = i;
		set_member_bounds(i, s->key, &iv);
		set_batch_index_add(s, &iv);
	}
	return 0;
}

int element_cmd_evaluate(struct eval_ctx *ectx, struct cmd *cmd)
{
	struct set *s = set_find(ectx, &cmd->handle), *e = cmd->set;
	bool ranges, adds = cmd->op == CMD_ADD || cmd->op == CMD_CREATE;
	const struct expr *bad;

	if (table_ref_evaluate(ectx, &cmd->handle) < 0)
		return -1;
	if (!s)
		return erec_error(ectx->msgs,
				  cmd_loc_or(cmd, &cmd->handle.set.location),
				  "No such file or directory");
	/* the kernel's intervals: what overlaps, merges and the end
	 * element at 0 depend on (other sets' elements are not fetched) */
	if (s->flags & NFT_SET_INTERVAL && !set_find_in_run(ectx, &cmd->handle) &&
	    set_fetch_elems(ectx->nft, s) < 0)
		return erec_error(ectx->msgs, &cmd->location,
				  "cannot fetch the elements of set '%s': %s",
				  cmd->handle.set.name, strerror(errno));
	if (set_key_evaluate(ectx, s) < 0)
		return -1;
	element_cmd_inherit(e, s);
	if (set_is_map(s) && (cmd->op == CMD_DELETE ||
			      cmd->op == CMD_DESTROY))
		return element_cmd_map_keys(ectx, e);
	e->auto_merge = s->auto_merge;
	e->timeout = s->timeout;	/* the echo's expiry (set_elem.c) */
	e->target_empty = !s->init || !set_expr_size(s->init);
	/* new intervals are checked against, merged with, or handed to
	 * later commands as the set's own members, one by one: listed */
	if (s->flags & NFT_SET_INTERVAL && e->init->etype == EXPR_SET)
		set_expr_unpack(e->init);
	if (set_elems_evaluate_typed(ectx, s, &e->init) < 0)
		return -1;
	if (set_is_map(s))
		return 0;
	ranges = s->flags & NFT_SET_INTERVAL && s->key->etype != EXPR_CONCAT;
	if (adds && set_refuses_overlaps(s) && e->init->etype == EXPR_SET &&
	    element_cmd_conflicts(ectx, cmd, s) < 0)
		return -1;
	bad = adds && ranges && !s->auto_merge && !e->target_empty &&
	      !set_find_in_run(ectx, &cmd->handle) ?
	      set_overlap(s, e->init) : NULL;
	if (bad)
		return expr_error(ectx, bad,
				  "interval overlaps with an existing one");
	/* a delete names whole intervals the set holds */
	if (!adds && ranges && !s->auto_merge && e->init->etype == EXPR_SET &&
	    set_expr_size(e->init) && !set_find_in_run(ectx, &cmd->handle)) {
		bad = s->init && set_expr_size(s->init) ?
		      set_missing_interval(s->key, s->init, e->init) :
		      list_first_entry(&e->init->expr_list.expressions,
				       struct expr, list);
		if (bad)
			return expr_error(ectx, bad, "element does not exist");
	}
	if (set_elems_evaluate_opts(ectx, s, e->init) < 0)
		return -1;
	if (cmd->op == CMD_ADD && s->auto_merge && ranges &&
	    e->init->etype == EXPR_SET)
		element_cmd_auto_merge(ectx, cmd, s);
	return 0;
}

int element_cmd_evaluate_delete(struct eval_ctx *ectx,
				struct cmd *cmd)
{
	return element_cmd_evaluate(ectx, cmd);
}

/* Whether the first member of @elems is a mapping (packed or listed). */
static bool set_elems_are_mappings(const struct expr *elems)
{
	const struct set_pack *p = elems->expr_list.pack;
	struct set_pack_iter it;
	struct expr *m;
	bool yes;

	if (p && !set_pack_keys(p)) {
		set_pack_iter_init(p, &it);
		m = set_pack_next(p, &it);
		yes = m && m->etype == EXPR_MAPPING;
		if (m)
			expr_free(m);
		return yes;
	}
	return !list_empty(&elems->expr_list.expressions) &&
	       list_first_entry(&elems->expr_list.expressions,
				struct expr, list)->etype == EXPR_MAPPING;
}

unsigned int element_cmd_needs(const struct cmd *cmd)
{
	/* a verdict map's jumps name chains */
	if (cmd->set && cmd->set->init &&
	    cmd->set->init->etype == EXPR_SET &&
	    set_elems_are_mappings(cmd->set->init))
		return NFT_CACHE_TABLE | NFT_CACHE_SET | NFT_CACHE_CHAIN;
	/* the elements of the one set that needs them, fetched when
	 * evaluated (element_cmd_evaluate()) */
	return NFT_CACHE_TABLE | NFT_CACHE_SET;
}
