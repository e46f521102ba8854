/*
 * Named sets: JSON input of sets, maps and elements.
 */
#include <set_int.h>
#include <print.h>
#include <json.h>
#include <set_pack.h>
#include <inttypes.h>
#include <string.h>

/* ---- JSON input ---- */

/* A key parsed into a copy: a value, concatenation, prefix, range. */
static bool json_elem_copied(json_t *e)
{
	json_t *val;
	const char *key;

	if (json_is_object(e)) {
		if (json_object_size(e) != 1)
			return false;
		json_object_foreach(e, key, val)
			break;
		return !strcmp(key, "concat") || !strcmp(key, "prefix") ||
		       !strcmp(key, "range");
	}
	return json_is_string(e) || json_is_integer(e);
}

/* Element @i of @v, parsed into an expression that copied what it needs
 * (addresses, concatenations, prefixes, ranges): its JSON is freed now
 * rather than with the command, which halves a big set's peak. Not with
 * -e, whose echo prints the document back. */
static void json_set_elem_release(struct json_ctx *jctx, json_t *v, size_t i)
{
	json_t *e = json_array_get(v, i);

	if (nft_output_echo(&jctx->nft->octx))
		return;
	/*
	 * Not a map's [KEY, DATA]: freeing them (36 MB of 100,000 verdict
	 * entries) scatters the expressions built next into their holes,
	 * and the passes over them that follow (evaluation, encoding) took
	 * twice the user time of a load that frees the tree at the end.
	 */
	if (json_elem_copied(e))
		json_array_set_new(v, i, json_null());
}

/* The element's statements: its other members, "counter": {...},
 * "limit": {...}, in their order. */
static int json_elem_stmts(struct json_ctx *jctx, json_t *o,
			   const char *path, struct set_stmts *l)
{
	static const char *const opts[] = {
		"val", "timeout", "expires", "comment",
	};
	const char *key;
	struct stmt *st;
	unsigned int i;
	json_t *v, *one;

	json_object_foreach(o, key, v) {
		for (i = 0; i < array_size(opts); i++) {
			if (!strcmp(key, opts[i]))
				break;
		}
		if (i < array_size(opts))
			continue;
		one = json_pack("{sO}", key, v);
		st = json_parse_stmt(jctx, one, path);
		json_decref(one);
		if (st == NULL)
			return -1;
		set_stmts_add(l, st);
	}
	return 0;
}

/* The set's "stmt": [{"counter": null}, ...]. */
static int json_set_stmts(struct json_ctx *jctx, json_t *a, struct set *s)
{
	struct stmt *st;
	char path[40];
	size_t i;

	if (!json_is_array(a))
		return json_error(jctx, "stmt",
				  "\"stmt\" must be an array of statements");
	for (i = 0; i < json_array_size(a); i++) {
		json_index_suffix(path, ".stmt", i);
		st = json_parse_stmt(jctx, json_array_get(a, i), path);
		if (st == NULL)
			return -1;
		set_stmts_add(&s->stmts, st);
	}
	return 0;
}

/* {"elem": {"val": V, "timeout": s, "expires": s, "comment": "x",
 * "counter": {"packets": n, "bytes": n}}}: V (a new reference) and the
 * options in *@info; @j itself if not such an object, NULL on error. */
json_t *json_elem_unwrap(struct json_ctx *jctx, json_t *j, const char *path,
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
	/* 0 is none: 1.1.3 lists what is left of a second so */
	if ((x = json_object_get(o, "timeout"))) {
		if (!json_is_integer(x) || (n = json_integer_value(x)) < 0)
			goto bad;
		(*info)->timeout = (uint64_t)n * 1000;
	}
	if ((x = json_object_get(o, "expires"))) {
		if (!json_is_integer(x) || (n = json_integer_value(x)) < 0)
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
	if (json_elem_stmts(jctx, o, path, &(*info)->stmts) < 0)
		goto fail;
	return json_incref(val);
bad:
	json_error(jctx, path,
		   "invalid element option: timeout and expires are seconds, comment a string");
fail:
	set_elem_info_free(*info);
	*info = NULL;
	return NULL;
}

/* Map element @pair, [KEY, DATA], its key unwrapped into @k (a
 * reference taken over): the pair is rebuilt only if @k is not its own. */
static struct expr *json_map_elem(struct json_ctx *jctx, json_t *pair,
				  json_t *k, const struct location *loc,
				  size_t i)
{
	struct expr *e;
	json_t *j;

	if (k == json_array_get(pair, 0)) {
		json_decref(k);
		return map_json_elem_parse(jctx, pair, loc, i);
	}
	j = json_array();
	json_array_append_new(j, k);
	json_array_append(j, json_array_get(pair, 1));
	e = map_json_elem_parse(jctx, j, loc, i);
	json_decref(j);
	return e;
}

/* Element @i, @j, parsed into a member of @set; 0 or -1 (said). */
static int json_set_elem(struct json_ctx *jctx, json_t *j, size_t i,
			 const struct set *s, struct expr *set)
{
	struct set_elem_info *info;
	struct expr *e = NULL;
	char path[40];
	json_t *k;

	json_elem_suffix(jctx, path, i);
	if (s->flags & NFT_SET_MAP && json_is_array(j) &&
	    json_array_size(j) == 2) {
		k = json_elem_unwrap(jctx, json_array_get(j, 0), path, &info);
		e = k ? json_map_elem(jctx, j, k, &s->location, i) : NULL;
	} else if (s->flags & NFT_SET_MAP && json_is_array(j)) {
		info = NULL;
		e = map_json_elem_parse(jctx, j, &s->location, i);
	} else {
		k = json_elem_unwrap(jctx, j, path, &info);
		if (k)
			e = json_parse_expr(jctx, k, path);
		json_decref(k);
	}
	json_elem_end(jctx);
	if (e && info) {
		set_elem_info_free(e->elem_info);
		e->elem_info = info;
	} else {
		set_elem_info_free(info);
	}
	if (!e)
		return -1;
	e = catchall_from_json(e);
	if (expr_is_catchall(e)) {
		set_catchall_put(set, e);
		return 0;
	}
	/* plain members (no options) are serialized, not kept as exprs */
	set_expr_add_packed(set, e);
	return 0;
}

/* The elements left in the text by the reader: each one's JSON lives
 * only while it is converted. */
static int json_set_elems_lazy(struct json_ctx *jctx,
			       const struct json_lazy *lz,
			       const struct set *s, struct expr *set)
{
	struct json_lazy_iter it;
	struct expr *e;
	json_t *j;
	size_t i;
	int ret;

	json_lazy_iter_init(lz, &it);
	for (i = 0; json_lazy_more(&it); i++) {
		e = json_elem_direct(jctx, &it, i, s);
		if (e) {
			e = catchall_from_json(e);
			if (expr_is_catchall(e))
				set_catchall_put(set, e);
			else
				set_expr_add_packed(set, e);
			continue;
		}
		j = json_lazy_next(&it);
		ret = json_set_elem(jctx, j, i, s, set);
		json_decref(j);
		if (ret < 0)
			return -1;
	}
	return 0;
}

static int json_set_elems(struct json_ctx *jctx, json_t *v, struct set *s)
{
	const struct json_lazy *lz = json_lazy_find(jctx, v);
	struct expr *set = set_expr_alloc(&s->location);
	int ret = 0;
	size_t i;

	if (lz) {
		ret = json_set_elems_lazy(jctx, lz, s, set);
	} else {
		if (!json_is_array(v))
			v = json_pack("[O]", v);
		else
			json_incref(v);
		for (i = 0; i < json_array_size(v) && ret == 0; i++) {
			ret = json_set_elem(jctx, json_array_get(v, i), i, s,
					    set);
			json_set_elem_release(jctx, v, i);
		}
		json_decref(v);
	}
	if (ret < 0) {
		expr_free(set);
		return -1;
	}
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

/* A typeof expression at @path: the set's key, or (@data) a map's data,
 * replacing what "type" or "map" said. */
static int json_set_typeof_expr(struct json_ctx *jctx, json_t *v,
				const char *path, struct set *s, bool data)
{
	struct expr *e = json_parse_expr(jctx, v, path);

	if (e == NULL)
		return -1;
	if (data) {
		expr_free(s->data);
		xfree(s->data_types);
		s->data_types = NULL;
		s->data = e;
		s->data_typeof = true;
		s->data_loc = json_location(jctx, path);
		s->flags |= NFT_SET_MAP;
	} else {
		expr_free(s->key);
		xfree(s->key_types);
		s->key_types = NULL;
		s->key = e;
		s->key_typeof = true;
		s->key_loc = json_location(jctx, path);
	}
	return 0;
}

/* "typeof": {"key": EXPR, "data": EXPR}, the data a map's only; newer
 * upstream nft writes "type": {"typeof": EXPR} and "map": {"typeof":
 * EXPR} instead (json_set_body()). */
static int json_set_typeof(struct json_ctx *jctx, json_t *v, struct set *s)
{
	json_t *k = json_is_object(v) ? json_object_get(v, "key") : NULL;
	json_t *d = json_is_object(v) ? json_object_get(v, "data") : NULL;
	const char *key;
	json_t *x;

	if (k == NULL)
		return json_error(jctx, "typeof",
				  "\"typeof\" must be an object {\"key\": EXPR, \"data\": EXPR}");
	json_object_foreach(v, key, x) {
		if (strcmp(key, "key") && strcmp(key, "data"))
			return json_error(jctx, "typeof",
					  "unknown key \"%s\" in \"typeof\"",
					  key);
	}
	if (json_set_typeof_expr(jctx, k, "typeof.key", s, false) < 0)
		return -1;
	if (d && json_set_typeof_expr(jctx, d, "typeof.data", s, true) < 0)
		return -1;
	return 0;
}

/* {"typeof": EXPR} in place of a type name, as newer upstream writes. */
static json_t *json_typeof_wrapped(json_t *v)
{
	return json_is_object(v) && json_object_size(v) == 1 ?
	       json_object_get(v, "typeof") : NULL;
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

static bool json_data_is_range(const struct expr *d)
{
	const struct expr *i;

	if (d->etype == EXPR_PREFIX || d->etype == EXPR_RANGE)
		return true;
	if (d->etype != EXPR_CONCAT)
		return false;
	list_for_each_entry(i, &d->expr_list.expressions, list)
		if (i->etype == EXPR_PREFIX || i->etype == EXPR_RANGE)
			return true;
	return false;
}

static bool json_mapping_shows_interval(const struct expr *m)
{
	return m->etype == EXPR_MAPPING && m->mapping.data &&
	       json_data_is_range(m->mapping.data);
}

/* A packed block's first member tells (upstream writes every datum of
 * an interval map as a prefix or a range): the block stays packed. */
static bool json_pack_shows_interval(const struct expr *init)
{
	struct set_pack_iter it;
	struct expr *m;
	bool ret;

	set_pack_iter_init(init->expr_list.pack, &it);
	m = set_pack_next(init->expr_list.pack, &it);
	ret = m && json_mapping_shows_interval(m);
	expr_free(m);
	return ret;
}

static bool json_elems_show_interval(const struct expr *init)
{
	const struct expr *m;

	if (!init || init->etype != EXPR_SET)
		return false;
	if (init->expr_list.pack && !set_pack_keys(init->expr_list.pack) &&
	    json_pack_shows_interval(init))
		return true;
	list_for_each_entry(m, &init->expr_list.expressions, list)
		if (json_mapping_shows_interval(m))
			return true;
	return false;
}

/*
 * JSON has no word for "type K : interval D" (upstream writes the
 * data's type alone): an interval map whose elements' data hold a
 * prefix or a range has interval data. Where none does (an empty map,
 * a terse listing), ours writes "data-interval": true, which upstream
 * ignores, so the map comes back as it was.
 */
static int json_set_data_interval(struct json_ctx *jctx, json_t *obj,
				  struct set *s)
{
	json_t *m = json_object_get(obj, "data-interval");

	if (m && !json_is_boolean(m))
		return json_error(jctx, "data-interval",
				  "\"data-interval\" must be true or false");
	if (json_is_true(m) && !(s->flags & NFT_SET_MAP))
		return json_error(jctx, "data-interval",
				  "\"data-interval\" needs a map's data");
	/* the members are looked at, an interval map's unpacked; the key
	 * need not be an interval ("type devgroup : interval ipv4_addr") */
	if (s->flags & NFT_SET_MAP && s->flags & NFT_SET_INTERVAL && s->init &&
	    s->init->etype == EXPR_SET)
		set_expr_unpack(s->init);
	if (json_is_true(m) ||
	    (s->flags & NFT_SET_MAP && json_elems_show_interval(s->init)))
		s->data_interval = true;
	return 0;
}

bool set_json_data_interval_hidden(const struct set *s, bool elems)
{
	return set_is_map(s) && s->data_interval &&
	       !(elems && json_elems_show_interval(s->init));
}
/*
 * A set's "timeout", "gc-interval" or "size": a number. A string (firewalld
 * sends its ipsets' "timeout" and "maxelem" as they are written in its
 * XML, "60") is ignored, as upstream ignores it: refusing it stops
 * firewalld at start.
 */
static int json_set_u64(struct json_ctx *jctx, json_t *obj, const char *key,
			uint64_t *out)
{
	*out = 0;
	if (json_is_string(json_object_get(obj, key)))
		return 0;
	return json_opt_u64(jctx, obj, key, out);
}


static int json_set_body(struct json_ctx *jctx, json_t *obj, struct set *s)
{
	const char *comment = NULL, *policy = NULL;
	uint64_t v = 0;
	json_t *m;

	if ((m = json_object_get(obj, "type")) && json_typeof_wrapped(m)) {
		if (json_set_typeof_expr(jctx, json_typeof_wrapped(m),
					 "type.typeof", s, false) < 0)
			return -1;
	} else if (m && json_set_type(jctx, m, s) < 0) {
		return -1;
	}
	if ((m = json_object_get(obj, "map")) && json_typeof_wrapped(m)) {
		if (json_set_typeof_expr(jctx, json_typeof_wrapped(m),
					 "map.typeof", s, true) < 0)
			return -1;
	} else if (m) {
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
	if ((m = json_object_get(obj, "typeof")) &&
	    json_set_typeof(jctx, m, s) < 0)
		return -1;
	if ((m = json_object_get(obj, "flags")) &&
	    json_set_flags(jctx, m, s) < 0)
		return -1;
	if (json_set_u64(jctx, obj, "timeout", &v) < 0)
		return -1;
	s->timeout = v * 1000;
	v = 0;
	if (json_set_u64(jctx, obj, "gc-interval", &v) < 0)
		return -1;
	s->gc_int = v * 1000;
	v = 0;
	if (json_set_u64(jctx, obj, "size", &v) < 0)
		return -1;
	if (v > UINT32_MAX)
		return json_error(jctx, "size", "invalid set size %" PRIu64,
				  v);
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
	if (json_set_data_interval(jctx, obj, s) < 0)
		return -1;
	if ((m = json_object_get(obj, "stmt")) &&
	    json_set_stmts(jctx, m, s) < 0)
		return -1;
	return 0;
}

struct cmd *json_set_cmd(struct json_ctx *jctx, enum cmd_ops op,
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
struct cmd *json_map_cmd(struct json_ctx *jctx, enum cmd_ops op,
			 bool bare, json_t *obj)
{
	struct cmd *cmd = json_set_cmd(jctx, op, bare, obj);

	if (cmd)
		cmd->set_map = true;
	if (cmd && cmd->set && json_op_is_add(op) &&
	    !(cmd->set->flags & NFT_SET_MAP)) {
		json_error(jctx, "", "a map needs \"map\": its data's type");
		cmd_free(cmd);
		return NULL;
	}
	return cmd;
}

/* {"list": {"meter": {"family", "table", "name"}}}: a dynamic set or map */
struct cmd *json_meter_cmd(struct json_ctx *jctx, enum cmd_ops op,
			   bool bare, json_t *obj)
{
	struct cmd *cmd = json_set_cmd(jctx, op, bare, obj);

	if (cmd)
		cmd->obj = CMD_OBJ_METER;
	return cmd;
}

/* [[KEY, DATA], ...]: a map's elements (the evaluation checks that). */
static bool json_elems_are_map(struct json_ctx *jctx, json_t *elem)
{
	const struct json_lazy *lz = json_lazy_find(jctx, elem);
	struct json_lazy_iter it;
	json_t *first;
	bool map;

	if (lz) {
		json_lazy_iter_init(lz, &it);
		first = json_lazy_next(&it);
	} else {
		first = json_is_array(elem) ?
			json_incref(json_array_get(elem, 0)) : NULL;
	}
	map = json_is_array(first) && json_array_size(first) == 2;
	json_decref(first);
	return map;
}

struct cmd *json_element_cmd(struct json_ctx *jctx, enum cmd_ops op,
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
	if (json_elems_are_map(jctx, elem))
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
