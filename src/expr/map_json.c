/*
 * Maps in JSON input: {"map": {"key": K, "data": {"set": [[KEY, DATA],
 * ...]}}} and "vmap" alike, "data": "@m" for a named map, verdicts as
 * {"accept": null} or {"jump": {"target": "c"}}, and a named map's
 * element [KEY, DATA] (map_json_elem_parse(), for src/obj/set_json.c).
 * The mappings of a rule's map may stay packed (include/set_pack.h).
 */
#include <string.h>
#include <expr.h>
#include <json.h>
#include <linux/netfilter.h>
#include <set.h>
#include <set_pack.h>

static const char *const map_verdict_names[] = {
	"accept", "drop", "continue", "return", "jump", "goto", NULL,
};

static const int map_verdict_codes[] = {
	NF_ACCEPT, NF_DROP, NFT_CONTINUE, NFT_RETURN, NFT_JUMP, NFT_GOTO,
};

bool map_verdict_code(const char *name, int *code)
{
	unsigned int i;

	for (i = 0; map_verdict_names[i]; i++) {
		if (!strcmp(map_verdict_names[i], name)) {
			*code = map_verdict_codes[i];
			return true;
		}
	}
	return false;
}

/* {"accept": null}, {"jump": {"target": "c"}} */
static struct expr *map_verdict_json(struct json_ctx *jctx, json_t *value,
				     const struct location *loc)
{
	static const char *const target_keys[] = { "target", NULL };
	static const char *const no_keys[] = { NULL };
	const char *name;
	json_t *arg, *target;
	unsigned int i;

	if (!json_is_object(value) || json_object_size(value) != 1)
		return NULL;
	name = json_object_iter_key(json_object_iter(value));
	arg = json_object_iter_value(json_object_iter(value));
	for (i = 0; map_verdict_names[i]; i++)
		if (!strcmp(map_verdict_names[i], name))
			break;
	if (map_verdict_names[i] == NULL)
		return NULL;
	if (map_verdict_codes[i] != NFT_JUMP &&
	    map_verdict_codes[i] != NFT_GOTO) {
		if (json_check_keys(jctx, arg, name, no_keys) < 0)
			return NULL;
		return verdict_expr_alloc(loc, map_verdict_codes[i], NULL);
	}
	target = json_object_get(arg, "target");
	if (!json_is_string(target)) {
		json_error(jctx, "", "Invalid %s: expected {\"target\": STRING}",
			   name);
		return NULL;
	}
	if (json_check_keys(jctx, arg, name, target_keys) < 0)
		return NULL;
	return verdict_expr_alloc(loc, map_verdict_codes[i],
				  constant_expr_alloc_string(loc, &string_type,
						json_string_value(target), 0));
}

static bool map_json_is_verdict(json_t *value)
{
	const char *name;
	unsigned int i;

	if (!json_is_object(value) || json_object_size(value) != 1)
		return false;
	name = json_object_iter_key(json_object_iter(value));
	for (i = 0; map_verdict_names[i]; i++)
		if (!strcmp(map_verdict_names[i], name))
			return true;
	return false;
}

/* Element @i of an anonymous (v)map, [KEY, DATA], as a mapping; with
 * @indexed, its index in its locations (json_list_suffix()). */
static struct expr *map_json_mapping(struct json_ctx *jctx, json_t *pair,
				     const struct location *loc,
				     const char *what, size_t i, bool indexed)
{
	struct set_elem_info *info;
	struct expr *mk, *md, *m;
	char path[48], prefix[24];
	size_t end = 0;
	json_t *k;

	if (!json_is_array(pair) || json_array_size(pair) != 2) {
		json_error(jctx, "", "Invalid %s element %zu: expected [KEY, DATA]",
			   what, i);
		return NULL;
	}
	if (indexed) {
		snprintf(prefix, sizeof(prefix), ".%s.data.set", what);
		json_list_suffix(jctx, path, prefix, i);
		end = strlen(path);
		memcpy(path + end, "[0]", 4);
	} else {
		snprintf(path, sizeof(path), ".%s.data.set[%zu][0]", what, i);
	}
	/* {"elem": {"val": KEY, "counter": ...}}: what the element holds */
	k = json_elem_unwrap(jctx, json_array_get(pair, 0), path, &info);
	if (k == NULL)
		return NULL;
	if (json_is_string(k) && !strcmp(json_string_value(k), "*"))
		mk = catchall_expr_alloc(loc);
	else
		mk = json_parse_expr(jctx, k, path);
	json_decref(k);
	if (mk == NULL) {
		set_elem_info_free(info);
		return NULL;
	}
	md = map_verdict_json(jctx, json_array_get(pair, 1), loc);
	if (md == NULL && !map_json_is_verdict(json_array_get(pair, 1))) {
		if (indexed)
			path[end + 1] = '1';
		else
			snprintf(path, sizeof(path), ".%s.data.set[%zu][1]",
				 what, i);
		md = json_parse_expr(jctx, json_array_get(pair, 1), path);
	}
	if (md == NULL) {
		set_elem_info_free(info);
		expr_free(mk);
		return NULL;
	}
	m = mapping_expr_alloc(loc, mk, md);
	m->elem_info = info;
	return m;
}

static struct expr *map_json_parse(struct json_ctx *jctx, json_t *value,
				   const struct location *loc, bool vmap)
{
	const char *what = vmap ? "vmap" : "map";
	struct expr *key, *set, *pair;
	json_t *k, *d, *elems;
	char path[48];
	bool indexed;
	size_t i;

	k = json_is_object(value) ? json_object_get(value, "key") : NULL;
	d = json_is_object(value) ? json_object_get(value, "data") : NULL;
	elems = json_is_object(d) ? json_object_get(d, "set") : NULL;
	/* "data": "@m": a named map */
	if (k && json_is_string(d) && json_string_value(d)[0] == '@') {
		snprintf(path, sizeof(path), ".%s.key", what);
		key = json_parse_expr(jctx, k, path);
		if (key == NULL)
			return NULL;
		return map_expr_alloc(loc, key,
				      setref_expr_alloc(loc,
						json_string_value(d) + 1),
				      vmap);
	}
	if (k == NULL || !json_is_array(elems)) {
		json_error(jctx, "", "Invalid %s: expected {\"key\": EXPR, \"data\": {\"set\": [[KEY, DATA], ...]}}",
			   what);
		return NULL;
	}
	snprintf(path, sizeof(path), ".%s.key", what);
	key = json_parse_expr(jctx, k, path);
	if (key == NULL)
		return NULL;
	/* the mappings may stay packed (include/set_pack.h), as
	 * set_expr_json_parse() keeps a set's members */
	indexed = !jctx->in_elem;
	set = set_expr_alloc(loc);
	for (i = 0; i < json_array_size(elems); i++) {
		pair = map_json_mapping(jctx, json_array_get(elems, i), loc,
					what, i, indexed);
		if (indexed)
			json_elem_end(jctx);
		if (pair == NULL) {
			expr_free(key);
			expr_free(set);
			return NULL;
		}
		if (expr_is_catchall(pair))
			set_catchall_put(set, pair);
		else if (indexed)
			set_expr_add_packed(set, pair);
		else
			set_expr_add(set, pair);
	}
	return map_expr_alloc(loc, key, set, vmap);
}

struct expr *map_expr_json_parse(struct json_ctx *jctx, json_t *value,
				 const struct location *loc)
{
	return map_json_parse(jctx, value, loc, false);
}

struct expr *vmap_expr_json_parse(struct json_ctx *jctx, json_t *value,
				  const struct location *loc)
{
	return map_json_parse(jctx, value, loc, true);
}

/* A named map's element in JSON, [KEY, DATA] (DATA a verdict or a
 * value): its mapping, NULL on error (said). */
struct expr *map_json_elem_parse(struct json_ctx *jctx, json_t *pair,
				 const struct location *loc, size_t i)
{
	struct expr *mk, *md;
	char path[48];
	size_t end;

	if (!json_is_array(pair) || json_array_size(pair) != 2) {
		json_error(jctx, "", "Invalid map element %zu: expected [KEY, DATA]",
			   i);
		return NULL;
	}
	/* ".elem[i][0]", then "[1]": snprintf per element was 5% of
	 * loading a big map */
	json_elem_suffix(jctx, path, i);
	end = strlen(path);
	memcpy(path + end, "[0]", 4);
	mk = json_parse_expr(jctx, json_array_get(pair, 0), path);
	if (mk == NULL)
		return NULL;
	md = map_verdict_json(jctx, json_array_get(pair, 1), loc);
	if (md == NULL && !map_json_is_verdict(json_array_get(pair, 1))) {
		path[end + 1] = '1';
		md = json_parse_expr(jctx, json_array_get(pair, 1), path);
	}
	if (md == NULL) {
		expr_free(mk);
		return NULL;
	}
	return mapping_expr_alloc(loc, mk, md);
}
