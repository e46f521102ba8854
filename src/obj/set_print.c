/*
 * Named sets: text and JSON output, "list set(s)" and "list map(s)".
 */
#include <obj.h>
#include <set_int.h>
#include <set_records.h>
#include <print.h>
#include <json.h>
#include <inttypes.h>
#include <libnftnl/set.h>
#include <linux/netfilter.h>

/* ---- output ---- */

/* "map m { type ipv4_addr : interval ipv4_addr . inet_service; }" */
static const char *set_data_qualifier(const struct set *s)
{
	return s->data_interval ? "interval " : "";
}

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
	/* by the type the kernel keeps: "comp flags" is a bitmask */
	switch (expr_key_type_id(key)) {
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

/* What an anonymous set's element holds: its statements and comment
 * (set_print_elem_info() without a set). */
void set_elem_info_print(const struct set_elem_info *i,
			 struct output_ctx *octx)
{
	set_stmts_print(&i->stmts, octx);
	if (i->timeout)
		set_print_ms("timeout", i->timeout, octx);
	if (i->expires && !nft_output_stateless(octx))
		set_print_ms("expires", i->expires, octx);
	if (i->comment)
		nft_print(octx, " comment \"%s\"", i->comment);
}

/* {"elem": {"val": VAL, ...}} for what an anonymous set's element
 * holds; takes @val. */
/* the element's options around @val; a timeout that is the set's
 * (@set_timeout) goes without saying */
static json_t *elem_info_json(const struct set_elem_info *i, json_t *val,
			      uint64_t set_timeout, struct output_ctx *octx)
{
	json_t *o = json_object();

	json_object_set_new(o, "val", val);
	if (i->timeout && i->timeout != set_timeout)
		json_object_set_new(o, "timeout",
				    json_integer(i->timeout / 1000));
	if (i->expires)
		json_object_set_new(o, "expires",
				    json_integer(i->expires / 1000));
	if (i->comment)
		json_object_set_new(o, "comment", json_string(i->comment));
	set_stmts_json_elem(o, &i->stmts, octx);
	return json_wrap("elem", o);
}

json_t *set_elem_info_json(const struct set_elem_info *i, json_t *val,
			   struct output_ctx *octx)
{
	return elem_info_json(i, val, 0, octx);
}

/* "timeout 2h expires 1h59m59s988ms comment "x"": a timeout only where
 * it is not the set's. */
void set_print_elem_info(const struct set *s,
			 const struct set_elem_info *i,
			 struct output_ctx *octx)
{
	/* the statements first, as the system nft lists them */
	set_stmts_print(&i->stmts, octx);
	if (i->timeout && i->timeout != s->timeout)
		set_print_ms("timeout", i->timeout, octx);
	/* an expiry is state: -s leaves it out, as the system nft */
	if (i->expires && !nft_output_stateless(octx))
		set_print_ms("expires", i->expires, octx);
	if (i->comment)
		nft_print(octx, " comment \"%s\"", i->comment);
}

/* Where members go: text (per_line) or a JSON array (elem, each). */
struct set_elems_out {
	const struct set *s;
	struct output_ctx *octx;
	unsigned int per_line;
	unsigned int n;
	json_t *elem;
	void (*each)(const struct expr *i, void *ctx);
	FILE *fp;
};

static void set_print_member(const struct expr *i, void *ctx)
{
	struct set_elems_out *o = ctx;
	const struct set *s = o->s;
	struct output_ctx *octx = o->octx;

	if (o->n)
		nft_print_str(octx, o->n % o->per_line ? ", " :
						       ",\n\t\t\t     ");
	if (i->etype == EXPR_MAPPING && s->info) {
		/* "k timeout 1h expires 59m : v", as the system nft */
		set_member_print(i->mapping.key, octx);
		set_print_elem_info(s, &s->info[o->n], octx);
		nft_print(octx, " : ");
		map_data_print(i->mapping.data, octx);
	} else {
		set_member_print(i, octx);
		if (s->info)
			set_print_elem_info(s, &s->info[o->n], octx);
	}
	o->n++;
}

/* The catch-all ("*"), after the members as 1.1.3 lists it; what it
 * holds is its own (ca->elem_info, a map's on the mapping). */
static void set_print_catchall(const struct expr *ca, void *ctx)
{
	struct set_elems_out *o = ctx;
	const struct set *s = o->s;
	struct output_ctx *octx = o->octx;
	const struct set_elem_info *i = ca->elem_info;

	if (o->n)
		nft_print_str(octx, o->n % o->per_line ? ", " :
						       ",\n\t\t\t     ");
	nft_print(octx, "*");
	if (i)
		set_print_elem_info(s, i, octx);
	if (ca->etype == EXPR_MAPPING) {
		nft_print(octx, " : ");
		map_data_print(ca->mapping.data, octx);
	}
	o->n++;
}

static const struct expr *set_catchall_of(const struct set *s)
{
	return s->init ? s->init->expr_list.catchall : NULL;
}

static bool set_elem_info_any(const struct set *s)
{
	unsigned int n, k;

	if (!s->info || !s->init)
		return false;
	n = s->init->expr_list.size;
	for (k = 0; k < n; k++)
		if (s->info[k].timeout || s->info[k].expires ||
		    s->info[k].comment ||
		    (s->info[k].stmts.n && !s->get_answer))
			return true;
	return false;
}

/*
 * Upstream 1.1.3 lists a map's elements one a line, and a set's where
 * elements may carry more than their key (a timeout, a comment,
 * statements); other sets as many a line as their type takes.
 */
static unsigned int set_elems_per_line(const struct set *s)
{
	if (set_is_map(s) || s->flags & NFT_SET_TIMEOUT || s->timeout ||
	    s->stmts.n || set_elem_info_any(s))
		return 1;
	return set_members_per_line(s->key);
}

static void set_print_elements(const struct set *s, struct output_ctx *octx)
{
	struct set_elems_out o = { s, octx, set_elems_per_line(s), 0 };
	const struct expr *i;

	nft_print(octx, "\t\telements = { ");
	if (s->packed)
		set_records_foreach(s, set_print_member, &o);
	else
		list_for_each_entry(i, &s->init->expr_list.expressions, list)
			set_print_member(i, &o);
	if (set_catchall_of(s))
		set_print_catchall(set_catchall_of(s), &o);
	nft_print(octx, " }\n");
}

/* Whether a listing of @s shows elements. */
static bool set_has_elems(const struct set *s)
{
	return (s->init && s->init->expr_list.size) || set_catchall_of(s) ||
	       set_records_count(s->packed);
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
		if (s->objtype) {
			nft_print(octx, " : %s", set_obj_type_name(s->objtype));
		} else if (s->data && s->data_typeof) {
			nft_print(octx, " : %s", set_data_qualifier(s));
			set_print_typeof(s->data, octx);
		} else if (s->data) {
			nft_print(octx, " : %s", set_data_qualifier(s));
			set_print_key_types(s->data, octx);
		}
	} else {
		nft_print(octx, "\n\t\ttype ");
		if (s->key)
			set_print_key_types(s->key, octx);
		if (s->objtype) {
			nft_print(octx, " : %s", set_obj_type_name(s->objtype));
		} else if (s->data) {
			nft_print(octx, " : %s", set_data_qualifier(s));
			set_print_key_types(s->data, octx);
		}
	}
	nft_print(octx, "\n");
	if (s->policy_memory)
		nft_print(octx, "\t\tpolicy memory\n");
	/* a constant set's size is its element count, said by nobody */
	if (s->size && !(s->flags & NFT_SET_CONSTANT))
		nft_print(octx, "\t\tsize %" PRIu64 "\n", s->size);
	set_print_flags(s, octx);
	/* right after the flags, where the system nft has them */
	set_stmts_print_decl(&s->stmts, octx);
	if (s->auto_merge)
		nft_print(octx, "\t\tauto-merge\n");
	if (s->timeout)
		set_print_duration("timeout", s->timeout, octx);
	if (s->gc_int)
		set_print_duration("gc-interval", s->gc_int, octx);
	if (s->comment)
		nft_print(octx, "\t\tcomment \"%s\"\n", s->comment);
	if (elements && set_has_elems(s) && !nft_output_terse(octx))
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

/*
 * A key or a map's data: its type's name (an array of them for a
 * concatenation), or {"typeof": EXPR} where the set was declared with
 * typeof, as upstream 1.1.3 writes the key (and reads the data, which
 * it writes as types, losing the typeof).
 */
static json_t *set_json_key(const struct expr *key, bool typeof_,
			    struct output_ctx *octx)
{
	if (typeof_)
		return json_wrap("typeof", expr_json(key, octx));
	return set_json_type(key);
}

/* {"elem": {"val": ..., "timeout": s, "expires": s, "comment": ...}}
 * for an element that holds more than its key. */
json_t *set_elem_json(const struct set *s, const struct expr *m,
		      const struct set_elem_info *i,
		      struct output_ctx *octx)
{
	if (!i || !(i->expires || i->comment || i->stmts.n ||
		    (i->timeout && i->timeout != s->timeout)))
		return set_member_json(m, octx);
	/* a map's: [{"elem": {"val": KEY, ...}}, DATA] */
	if (m->etype == EXPR_MAPPING)
		return json_pack("[oo]", set_elem_json(s, m->mapping.key, i,
						       octx),
				 map_data_json(m->mapping.data, octx));
	return elem_info_json(i, set_member_json(m, octx), s->timeout, octx);
}

static bool set_json_has_elems(const struct set *s, struct output_ctx *octx)
{
	return set_has_elems(s) && !nft_output_terse(octx);
}

/* Everything but the elements; @root gets the set's keys. */
static void set_json_head(json_t *root, const struct set *s,
			  struct output_ctx *octx)
{
	json_t *flags;
	unsigned int n;

	json_object_set_new(root, "family",
			    json_string(family_name(s->handle.family)));
	json_object_set_new(root, "name", json_string(s->handle.set.name));
	json_object_set_new(root, "table", json_string(s->handle.table.name));
	if (s->key)
		json_object_set_new(root, "type",
				    set_json_key(s->key, s->key_typeof, octx));
	json_object_set_new(root, "handle",
			    json_integer(s->handle.handle.id));
	/* the data's types: an array for a concatenation, as upstream
	 * 1.1 writes it (and "type") */
	if (s->objtype)
		json_object_set_new(root, "map",
				    json_string(set_obj_type_name(s->objtype)));
	else if (set_is_map(s) && s->data)
		json_object_set_new(root, "map",
				    set_json_key(s->data, s->data_typeof,
						 octx));
	if (set_json_data_interval_hidden(s, set_json_has_elems(s, octx)))
		json_object_set_new(root, "data-interval", json_true());
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
}

static void set_json_member(const struct expr *i, void *ctx)
{
	struct set_elems_out *o = ctx;

	json_array_append_new(o->elem, set_elem_json(o->s, i,
			o->s->info ? &o->s->info[o->n] : NULL, o->octx));
	o->n++;
}

static void set_json_members(const struct set *s, struct set_elems_out *o)
{
	const struct expr *i;

	if (s->packed)
		set_records_foreach(s, o->each, o);
	else
		list_for_each_entry(i, &s->init->expr_list.expressions, list)
			o->each(i, o);
	/* the catch-all last, with what it holds */
	i = set_catchall_of(s);
	if (i)
		json_array_append_new(o->elem, set_elem_json(s, i,
						i->elem_info, o->octx));
}

json_t *set_json(const struct set *s, struct output_ctx *octx)
{
	struct set_elems_out o = { s, octx, 0, 0, NULL, set_json_member };
	json_t *root = json_object();

	set_json_head(root, s, octx);
	if (set_json_has_elems(s, octx)) {
		o.elem = json_array();
		set_json_members(s, &o);
		json_object_set_new(root, "elem", o.elem);
	}
	if (s->stmts.n)
		json_object_set_new(root, "stmt",
				    set_stmts_json_decl(&s->stmts, octx));
	return json_wrap(set_is_map(s) ? "map" : "set", root);
}

/* Elements made, written and freed at a time. */
#define SET_JSON_BATCH		1024

/*
 * @prefix and set_json()'s text, its elements written and freed 1,024
 * at a time: the tree of a big set's elements, built whole, then freed,
 * was most of the memory and a third of the instructions of listing it.
 */
/* One member into the batch, the batch written when full. */
static void set_json_batch_member(const struct expr *i, void *ctx)
{
	struct set_elems_out *o = ctx;

	set_json_member(i, o);
	if (o->n % SET_JSON_BATCH == 0) {
		json_write_fp_items(o->fp, o->n > SET_JSON_BATCH ? ", " : "",
				    o->elem);
		json_array_clear(o->elem);
	}
}

void set_json_write(FILE *fp, const char *prefix, const struct set *s,
		    struct output_ctx *octx)
{
	struct set_elems_out o = { s, octx, 0, 0, NULL,
				   set_json_batch_member, fp };
	json_t *root, *obj;

	if (!set_json_has_elems(s, octx)) {
		obj = set_json(s, octx);
		json_write_fp(fp, prefix, obj, "");
		json_decref(obj);
		return;
	}
	root = json_object();
	set_json_head(root, s, octx);
	json_object_set_new(root, "elem", json_array());
	obj = json_wrap(set_is_map(s) ? "map" : "set", root);
	/* "elem" is the last key yet: open up to its empty array's "]}}" */
	json_write_fp_open(fp, prefix, obj, 3);
	json_decref(obj);
	o.elem = json_array();
	set_json_members(s, &o);
	if (json_array_size(o.elem))
		json_write_fp_items(fp, o.n > SET_JSON_BATCH ? ", " : "",
				    o.elem);
	json_decref(o.elem);
	fputs_unlocked("]", fp);
	/* the set's statements follow its elements, as set_json() puts them */
	if (s->stmts.n) {
		obj = set_stmts_json_decl(&s->stmts, octx);
		json_write_fp(fp, ", \"stmt\": ", obj, "");
		json_decref(obj);
	}
	fputs_unlocked("}}", fp);
}

/* ---- "list set", "list sets" ---- */

/* "list sets" lists the sets, "list maps" the maps, "list meters" the
 * dynamic ones of both. */
static bool set_list_wants(const struct set *s, const struct set *only,
			   enum cmd_obj obj)
{
	if (only)
		return s == only;
	if (obj == CMD_OBJ_METERS)
		return s->flags & NFT_SET_EVAL;
	return obj == CMD_OBJ_MAPS ? set_is_map(s) : !set_is_map(s);
}

static void set_list_table(struct nft_ctx *nft, const struct table *t,
			   const struct set *only, FILE *json_fp,
			   enum cmd_obj obj)
{
	struct output_ctx *octx = &nft->octx;
	const struct set *s;
	unsigned int saved = octx->family;
	bool any = false;

	list_for_each_entry(s, &t->sets, list)
		any |= set_list_wants(s, only, obj);
	if (!any && (json_fp || only))
		return;
	if (json_fp) {
		list_for_each_entry(s, &t->sets, list) {
			if (set_list_wants(s, only, obj))
				set_json_write(json_fp, ", ", s, octx);
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

/* {"nftables": [metainfo, ...: the sets follow, each written as it is
 * made (set_json_write()). */
static FILE *set_list_json_begin(struct nft_ctx *nft)
{
	FILE *fp = nft->octx.output_fp ? nft->octx.output_fp : stdout;
	json_t *info = json_metainfo();

	json_write_fp(fp, "{\"nftables\": [", info, "");
	json_decref(info);
	return fp;
}

/* A set the cache lacks: none, or one this nft cannot list (left out
 * of the cache), which is said rather than denied. */
static int set_list_missing(struct nft_ctx *nft, const struct cmd *cmd,
			    const struct table *t, struct list_head *msgs)
{
	/* the table's name where the table is missing, as upstream */
	const struct location *loc = cmd_loc_or(cmd, t ?
						&cmd->handle.set.location :
						&cmd->handle.table.location);
	struct nftnl_set *nls = t ? set_nl_fetch(nft, cmd->handle.family,
						 cmd->handle.table.name,
						 cmd->handle.set.name) : NULL;

	if (!nls)
		return erec_error(msgs, loc, "No such file or directory");
	nftnl_set_free(nls);
	return erec_error(msgs, loc,
			  "cannot list set %s: it holds what this nft cannot list yet",
			  cmd->handle.set.name);
}

int set_list(struct nft_ctx *nft, struct cmd *cmd,
	     struct list_head *msgs)
{
	struct cache_filter f = { cmd->handle.family, cmd->handle.table.name,
				  NULL };
	bool json = nft_output_json(&nft->octx);
	const struct set *only = NULL;
	FILE *fp = NULL;
	struct table *t;

	if (cmd->op == CMD_RESET && cmd->obj == CMD_OBJ_SET)
		return set_reset(nft, cmd, msgs);

	/* "list sets table ip t": the family's tables, as "list sets ip"
	 * (upstream 1.1.3 only checks that t exists) */
	if (cache_fetch(nft, NFT_CACHE_TABLE | NFT_CACHE_SET |
			NFT_CACHE_SETELEM, &f, msgs) < 0)
		return -1;
	if (cmd->obj == CMD_OBJ_SET || cmd->obj == CMD_OBJ_METER) {
		t = cache_table_lookup(&nft->cache, cmd->handle.family,
				       cmd->handle.table.name);
		only = t ? table_find_set(t, cmd->handle.set.name) : NULL;
		if (cmd->obj == CMD_OBJ_METER && only &&
		    !(only->flags & NFT_SET_EVAL))
			return erec_error(msgs, &cmd->handle.set.location,
					  "No such file or directory");
		if (!only)
			return set_list_missing(nft, cmd, t, msgs);
		if (cmd->obj == CMD_OBJ_SET && !set_cmd_kind_matches(cmd, only))
			return set_cmd_kind_error(nft, msgs, cmd);
		if (json)
			fp = set_list_json_begin(nft);
		set_list_table(nft, t, only, fp, cmd->obj);
		goto out;
	}
	if (cmd->handle.table.name) {
		t = cache_table_lookup(&nft->cache, cmd->handle.family,
				       cmd->handle.table.name);
		if (!t)
			return erec_error(msgs, &cmd->handle.table.location,
					  "No such file or directory");
	}
	if (json)
		fp = set_list_json_begin(nft);
	/* 1.1.3's JSON of "list meters" holds none */
	if (json && cmd->obj == CMD_OBJ_METERS)
		goto out;
	/* every table, as upstream 1.1.3 lists it: empty where it has
	 * none of the kind */
	list_for_each_entry(t, &nft->cache.tables, list) {
		if (cmd->handle.family != NFPROTO_UNSPEC &&
		    t->handle.family != cmd->handle.family)
			continue;
		set_list_table(nft, t, NULL, fp, cmd->obj);
	}
out:
	if (fp)
		fputs_unlocked("]}\n", fp);
	return 0;
}
