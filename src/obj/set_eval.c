/*
 * Named sets: evaluation of declarations and "add set" (key, data,
 * typeof, flags, size), the sets a run adds, and the lookup of "@name"
 * from a rule. Their elements are evaluated in set_eval_elems.c,
 * element commands in set_eval_cmd.c; the kind's core and its ops are
 * in src/obj/set.c.
 */
#include <obj.h>
#include <set_int.h>
#include <evaluate.h>
#include <print.h>
#include <string.h>
#include <errno.h>
#include <inttypes.h>

/* ---- declarations ---- */

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

int set_key_evaluate(struct eval_ctx *ectx, struct set *s)
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

unsigned int set_cmd_needs(const struct cmd *cmd)
{
	/* a verdict map's jumps name chains */
	if (cmd->set && cmd->set->flags & NFT_SET_MAP && cmd->set->init)
		return NFT_CACHE_TABLE | NFT_CACHE_SET | NFT_CACHE_CHAIN;
	return NFT_CACHE_TABLE | NFT_CACHE_SET;
}
