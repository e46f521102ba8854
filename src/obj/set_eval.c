/*
 * Named sets: evaluation of declarations, "add set" and element commands
 * (key, data, flags, elements, overlaps) and the lookup of "@name".
 * The kind's core and its ops are in src/obj/set.c.
 */
#include <obj.h>
#include <set_int.h>
#include <evaluate.h>
#include <print.h>
#include <intervals.h>
#include <string.h>
#include <errno.h>
#include <limits.h>
#include <inttypes.h>
#include <libnftnl/set.h>
#include <set_pack.h>

/* ---- evaluation ---- */

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
static bool set_refuses_overlaps(const struct set *s)
{
	return s->flags & NFT_SET_INTERVAL && !s->auto_merge &&
	       !set_is_map(s) && s->key && s->key->etype != EXPR_CONCAT;
}

/* Intervals by their start, in the order written where equal. */
static int set_iv_order_cmp(const void *a, const void *b, void *ctx)
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
static int set_check_conflicts(struct eval_ctx *ectx, const struct expr *key,
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

/* A set's "*": a map's is typed with the other mappings
 * (map_elems_catchall_evaluate()); a set's has its statements and
 * options only. */
static int set_catchall_evaluate(struct eval_ctx *ectx, const struct set *s,
				 const struct expr *elems)
{
	const struct expr *ca = elems->expr_list.catchall;
	struct set_elem_info *i = ca->elem_info;

	if (s->flags & NFT_SET_OBJECT)
		return expr_error(ectx, ca->etype == EXPR_MAPPING ?
				  ca->mapping.key : ca,
				  "catch-all elements (*) of object maps are not supported yet");
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
static int set_elems_evaluate_typed(struct eval_ctx *ectx,
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
static int set_elems_evaluate_opts(struct eval_ctx *ectx, const struct set *s,
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

/*
 * A typeof the set's user data cannot describe: the caret goes under the
 * member of a concatenation that has no description. A masked or shifted
 * key ("ip saddr & 255.255.255.0") stays refused: nft 1.0.6 refuses it
 * too and nothing we may go by says how upstream 1.1 describes it, so a
 * set of ours would list wrong there; "type" and the mask in the rule
 * match the same packets.
 */
static int set_typeof_error(struct eval_ctx *ectx, const struct expr *key,
			    const struct location *loc, bool data)
{
	const struct expr *bad = key, *i;

	if (key->etype == EXPR_CONCAT)
		list_for_each_entry(i, &key->expr_list.expressions, list)
			if (!set_typeof_supported(i)) {
				bad = i;
				break;
			}
	if (bad != key || key->etype != EXPR_CONCAT)
		loc = &bad->location;
	if (bad->etype == EXPR_BINOP && bad->dtype && bad->dtype->name)
		return erec_error(ectx->msgs, loc,
				  "typeof of a masked or shifted expression is not supported: declare %s '%s' and mask or shift in the rule",
				  data ? "the map's data as" : "the set with type",
				  bad->dtype->name);
	return erec_error(ectx->msgs, loc,
			  "typeof of this expression is not supported yet");
}

/* A map's data: "type KEY : DATA"; a set has none. */
static int set_data_evaluate(struct eval_ctx *ectx, struct set *s)
{
	char *bad = NULL;

	if (!set_is_map(s)) {
		if (!s->data_types && !s->data)
			return 0;
		if (set_decl_check_set_data(ectx, s) <= 0)
			return -1;
		return erec_error(ectx->msgs, &s->data_loc,
				  "a set has no data: declare a map");
	}
	if (s->data && s->data_typeof) {
		if (concat_size_error(ectx->msgs, s->data) < 0 ||
		    set_decl_check_ct_family(ectx, s, s->data) < 0)
			return -1;
		if (!set_typeof_supported(s->data))
			return set_typeof_error(ectx, s->data, &s->data_loc, true);
		set_key_set_len(s->data);
		return 0;
	}
	if (s->data)
		return concat_size_error(ectx->msgs, s->data);
	if (!s->data_types) {
		if (set_decl_check_map_data(ectx, s) <= 0)
			return -1;
		return erec_error(ectx->msgs, &s->location,
				  "map definition does not specify data type: type KEY : DATA");
	}
	s->objtype = set_obj_type_by_name(s->data_types);
	if (s->objtype) {
		s->data = set_obj_data(&s->data_loc);
		return 0;
	}
	if (set_decl_check_names(ectx, s, s->data_types, &s->data_loc,
				 true) < 0)
		return -1;
	s->data = set_data_from_names(s->data_types, &s->data_loc, &bad);
	if (!s->data) {
		erec_error(ectx->msgs, &s->data_loc,
			   "unknown datatype %s", bad);
		xfree(bad);
		return -1;
	}
	return concat_size_error(ectx->msgs, s->data);
}

/*
 * The kernel's key type keeps 6 bits of each member's type: a
 * concatenation of more than 5 members lists back only from its typeof
 * description in the user data. Upstream takes such sets and lists them
 * as something else ("type bitmask . ipv4_addr ..."): refused here.
 */
static int set_key_parts_evaluate(struct eval_ctx *ectx, struct set *s);

static int set_listable_evaluate(struct eval_ctx *ectx, const struct set *s,
				 const struct expr *key,
				 const struct location *loc)
{
	bool with_typeof = key == s->key ? s->key_typeof : s->data_typeof;

	if (!key || set_key_listable(s, key))
		return 0;
	if (!with_typeof)
		return erec_error(ectx->msgs, loc,
				  "a concatenation of %u types cannot be read back from the kernel, whose key type holds 5: declare it with typeof",
				  key->expr_list.size);
	return erec_error(ectx->msgs, loc,
			  "the typeof description of %u members does not fit the %u bytes of the set's user data, and without it more than 5 types cannot be read back",
			  key->expr_list.size, NFT_USERDATA_MAXLEN);
}

static int set_key_evaluate(struct eval_ctx *ectx, struct set *s)
{
	return set_key_parts_evaluate(ectx, s) < 0 ||
	       set_listable_evaluate(ectx, s, s->key, &s->key_loc) < 0 ||
	       (set_is_map(s) &&
		set_listable_evaluate(ectx, s, s->data, &s->data_loc) < 0) ?
	       -1 : 0;
}

/* A typeof's raw load of a port is the port ("typeof @th,0,16": th
 * sport, its type and description), as 1.1.3 reads it. */
static void set_typeof_ports(struct expr **key)
{
	struct expr *i, *next, *th;

	if ((*key)->etype == EXPR_CONCAT) {
		list_for_each_entry_safe(i, next, &(*key)->expr_list.expressions,
					 list) {
			th = set_raw_port_named(i);
			if (!th)
				continue;
			list_link_(&th->list, &i->list, &next->list);
			list_del(&i->list);
			expr_free(i);
		}
		return;
	}
	th = set_raw_port_named(*key);
	if (th) {
		expr_free(*key);
		*key = th;
	}
}

/* A typeof's header or option presence ("typeof dccp option 4") is a
 * key of its first field's type (exthdr_typeof_presence()). */
static void set_typeof_presence(struct expr *key)
{
	struct expr *i;

	if (key->etype == EXPR_CONCAT) {
		list_for_each_entry(i, &key->expr_list.expressions, list)
			set_typeof_presence(i);
		return;
	}
	if (key->etype == EXPR_EXTHDR)
		exthdr_typeof_presence(key);
}

static int set_key_parts_evaluate(struct eval_ctx *ectx, struct set *s)
{
	char *bad = NULL;

	if (set_decl_check_syntax(ectx, s) < 0)
		return -1;
	/* typeof data its parser refused: 1.1.3 then has no key */
	if (s->typeof_data_refused)
		return set_decl_no_key(ectx, s);

	if (s->key) {
		if (s->key_typeof) {
			set_typeof_ports(&s->key);
			set_typeof_presence(s->key);
		}
		if (concat_size_error(ectx->msgs, s->key) < 0)
			return -1;
		if (s->key_typeof &&
		    set_decl_check_ct_family(ectx, s, s->key) < 0)
			return -1;
		if (s->key_typeof && !set_typeof_supported(s->key))
			return set_typeof_error(ectx, s->key, &s->key_loc, false);
		set_key_set_len(s->key);
		set_key_mark_order(s);
		return set_data_evaluate(ectx, s);
	}
	if (!s->key_types) {
		/* 1.1.3 says it again for the elements it then cannot add */
		if (s->init)
			set_decl_no_key(ectx, s);
		return set_decl_no_key(ectx, s);
	}
	if (set_decl_check_names(ectx, s, s->key_types, &s->key_loc,
				 false) < 0)
		return -1;
	s->key = set_key_from_names(s->key_types, &s->key_loc, &bad);
	if (!s->key) {
		erec_error(ectx->msgs, &s->key_loc,
			   "unknown datatype %s", bad);
		xfree(bad);
		return -1;
	}
	if (concat_size_error(ectx->msgs, s->key) < 0)
		return -1;
	set_key_mark_order(s);
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

/* A size past 32 bits, which 1.1.3 cuts down unsaid: refused once
 * the rest of the declaration is checked, so that what 1.1.3 refuses
 * in it is refused first, as it says it. */
static int set_size_evaluate(struct eval_ctx *ectx, const struct set *s)
{
	if (s->size <= UINT32_MAX)
		return 0;
	return erec_error(ectx->msgs, &s->size_loc,
			  "invalid set size '%" PRIu64 "'", s->size);
}

/* Whether a statement of @r updates the set @name from the packet path
 * ("add @s { ip saddr }"). */
static bool set_rule_updates(const struct rule *r, const char *name)
{
	const struct stmt *st;

	list_for_each_entry(st, &r->stmts, list)
		if (st->type == STMT_SET && !st->dynset.meter &&
		    st->dynset.set && (st->dynset.set->etype == EXPR_SET_REF ||
				       st->dynset.set->etype == EXPR_SYMBOL) &&
		    !strcmp(st->dynset.set->symbol.identifier, name))
			return true;
	return false;
}

static bool set_table_updates(const struct table *t, const char *name)
{
	const struct chain *c;
	const struct rule *r;

	list_for_each_entry(c, &t->chains, list)
		list_for_each_entry(r, &c->rules, list)
			if (set_rule_updates(r, name))
				return true;
	return false;
}

/*
 * A set this run adds that a rule of the run updates from the packet
 * path is made dynamic, as 1.1.3 makes it (the kernel then gives it a
 * backend the packet path can change): its message goes to the batch
 * before the rule is evaluated, so the run's commands are read ahead.
 */
static void set_dynamic_in_run(struct eval_ctx *ectx, struct set *s)
{
	const struct cmd *cmd;
	const char *table;

	if (!ectx->cmds || s->flags & NFT_SET_EVAL)
		return;
	list_for_each_entry(cmd, ectx->cmds, list) {
		if (cmd->op != CMD_ADD && cmd->op != CMD_CREATE &&
		    cmd->op != CMD_INSERT && cmd->op != CMD_REPLACE)
			continue;
		if (cmd->handle.family != s->handle.family)
			continue;
		table = cmd->handle.table.name;
		if (!table || !s->handle.table.name ||
		    strcmp(table, s->handle.table.name))
			continue;
		if ((cmd->obj == CMD_OBJ_RULE && cmd->rule &&
		     set_rule_updates(cmd->rule, s->handle.set.name)) ||
		    (cmd->obj == CMD_OBJ_TABLE && cmd->table &&
		     set_table_updates(cmd->table, s->handle.set.name))) {
			s->flags |= NFT_SET_EVAL;
			return;
		}
	}
}

int set_evaluate(struct eval_ctx *ectx, struct set *s)
{
	if (name_evaluate(ectx, &s->handle.set, "set") < 0 ||
	    comment_evaluate(ectx, s->comment, &s->comment_loc,
			     &s->location) < 0 ||
	    set_key_evaluate(ectx, s) < 0)
		return -1;
	/* found by the rules from here on, whatever else is wrong with
	 * it, as 1.1.3 finds it */
	set_run_add(ectx, s);
	if (s->auto_merge && !(s->flags & NFT_SET_INTERVAL))
		return erec_error(ectx->msgs, &s->location,
				  "auto-merge only works with interval sets");
	if (s->timeout)
		s->flags |= NFT_SET_TIMEOUT;
	set_dynamic_in_run(ectx, s);
	if (set_stmts_evaluate(ectx, &s->stmts) < 0)
		return -1;
	if (s->init && set_elems_evaluate_typed(ectx, s, &s->init) < 0)
		return -1;
	if (s->init && s->init->etype == EXPR_SET && set_refuses_overlaps(s) &&
	    set_check_conflicts(ectx, s->key, NULL, s->init) < 0)
		return -1;
	if (s->init && set_elems_evaluate_opts(ectx, s, s->init) < 0)
		return -1;
	if (set_size_evaluate(ectx, s) < 0)
		return -1;
	s->init_as_written = s->init != NULL;
	return 0;
}

/* A set declared in a table block or added in this run; NULL if none. */
struct set *set_find_in_run(struct eval_ctx *ectx, const struct handle *h)
{
	char *key = set_run_key(h->set.name);
	struct set *s;

	s = run_lookup(ectx_run(ectx), h->family, h->table.name, key);
	xfree(key);
	return s;
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

/*
 * A hash or a number generator is a plain 32 bit integer, which 1.1.3
 * takes as a set's key member of any type that is an integer of 32 bits
 * ("symhash mod 2 @s" with s of type mark, ipv4_addr, uid), and which
 * it names so from then on; not a bit mask (ct_state), nor a narrower
 * or wider type.
 */
static void set_lookup_member_adopt(struct expr *e, const struct expr *want)
{
	const struct datatype *t = set_lookup_key_type(want);

	if (e->etype != EXPR_HASH && e->etype != EXPR_NUMGEN)
		return;
	if (e->dtype == &integer_type && t->basetype == &integer_type &&
	    want->len == e->len)
		e->dtype = t;
}

static void set_lookup_key_adopt(struct expr *key, const struct expr *want)
{
	struct expr *i;
	const struct expr *j;

	if (key->etype != EXPR_CONCAT) {
		if (want->etype != EXPR_CONCAT)
			set_lookup_member_adopt(key, want);
		return;
	}
	if (want->etype != EXPR_CONCAT ||
	    key->expr_list.size != want->expr_list.size)
		return;
	j = list_first_entry(&want->expr_list.expressions, struct expr, list);
	list_for_each_entry(i, &key->expr_list.expressions, list) {
		set_lookup_member_adopt(i, j);
		j = list_next_entry(j, list);
	}
}

/* A map's key (not a concatenation) of type mark takes any integer, as
 * 1.1.3 does ("@nh,0,32 vmap @m"), where a set's does not. */
static bool map_key_takes_integer(const struct expr *key,
				  const struct expr *want)
{
	return key->etype != EXPR_CONCAT && want->etype != EXPR_CONCAT &&
	       want->dtype == &mark_type && key->dtype->type == TYPE_INTEGER;
}

/* Each member of @key of the type of that of @want's (the set's key). */
static bool set_lookup_types_match(const struct expr *key,
				   const struct expr *want)
{
	const struct expr *i, *j;

	if ((key->etype == EXPR_CONCAT) != (want->etype == EXPR_CONCAT))
		return false;
	if (key->etype != EXPR_CONCAT)
		return set_lookup_key_type(key)->type ==
		       set_lookup_key_type(want)->type;
	if (key->expr_list.size != want->expr_list.size)
		return false;
	j = list_first_entry(&want->expr_list.expressions, struct expr, list);
	list_for_each_entry(i, &key->expr_list.expressions, list) {
		if (set_lookup_key_type(i)->type !=
		    set_lookup_key_type(j)->type)
			return false;
		j = list_next_entry(j, list);
	}
	return true;
}

/*
 * "KEY @s", "KEY map @m": the key must have the set's key type, as
 * upstream 1.1.3 checks, with its words: the caret under the set's
 * name, the key underlined.
 */
int set_lookup_type_check(struct eval_ctx *ectx, struct expr *key,
			  const struct expr *ref, const struct set *s)
{
	struct error_record *erec;
	char *have, *want;

	if (!s->key)
		return 0;
	if (!set_is_map(s))
		set_lookup_key_adopt(key, s->key);
	else if (map_key_takes_integer(key, s->key))
		return 0;
	if (set_lookup_types_match(key, s->key))
		return 0;
	have = expr_type_desc(key);
	want = expr_type_desc(s->key);
	if (set_is_map(s))
		erec = erec_create(EREC_ERROR, &ref->location,
				   "datatype mismatch, map expects %s, mapping expression has type %s",
				   want, have);
	else
		erec = erec_create(EREC_ERROR, &ref->location,
				   "datatype mismatch, expected %s, expression has type %s",
				   have, want);
	xfree(have);
	xfree(want);
	if (key->location.indesc && key->location.json_index < 0)
		erec_add_location(erec, &key->location);
	erec_queue(erec, ectx->msgs);
	return -1;
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
	/* not in the table's sets, which are all cached, or in a table
	 * this run adds, whose sets are all the run's */
	if (!s && ectx->nft->cache.flags & (NFT_CACHE_SET |
					    NFT_CACHE_SETELEM) &&
	    cache_table_lookup(&ectx->nft->cache, h.family, h.table.name))
		*missing = true;
	if (!s && ectx->nft->cache.flags & NFT_CACHE_TABLE &&
	    !cache_table_lookup(&ectx->nft->cache, h.family, h.table.name))
		*missing = true;
	if (!s || set_key_evaluate(ectx, s) < 0)
		return NULL;
	return s;
}

int set_cmd_evaluate(struct eval_ctx *ectx, struct cmd *cmd)
{
	if (name_evaluate(ectx, &cmd->handle.table, "table") < 0 ||
	    table_ref_evaluate(ectx, &cmd->handle) < 0 ||
	    set_evaluate(ectx, cmd->set) < 0)
		return -1;
	return 0;
}

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

unsigned int set_cmd_needs(const struct cmd *cmd)
{
	/* a verdict map's jumps name chains */
	if (cmd->set && cmd->set->flags & NFT_SET_MAP && cmd->set->init)
		return NFT_CACHE_TABLE | NFT_CACHE_SET | NFT_CACHE_CHAIN;
	return NFT_CACHE_TABLE | NFT_CACHE_SET;
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
