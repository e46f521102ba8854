/*
 * JSON input: the usual shapes of a big set's elements read straight
 * from the text, without a jansson tree: a value ("10.0.0.1", 80), a
 * concatenation of values, a prefix, a range, and a map's [KEY, DATA]
 * with DATA a verdict or one of these. They become the expressions the
 * general path (json_set_elem(), through the kinds' json_parse ops)
 * makes from the tree, with the same locations; building and freeing a
 * tree per element cost a fifth of loading a big map.
 *
 * The text was checked by the reader when its command was read (no
 * escapes, no bytes outside ASCII, integers that fit): only the shape is
 * matched here. Anything else (element options, "@set" references,
 * negative numbers, other key orders or extra keys) is left to the
 * general path, which is also the one that reports errors.
 */
#include <json.h>
#include <set.h>
#include <expr.h>
#include <datatype.h>
#include <string.h>
#include <linux/netfilter/nf_tables.h>

/* Longer strings take the general path. */
#define JSON_ELEM_MAX_TEXT	128

struct jtext {
	const char *p;
	const char *end;
};

static void jt_ws(struct jtext *t)
{
	while (t->p < t->end && (*t->p == ' ' || *t->p == '\n' ||
				 *t->p == '\t' || *t->p == '\r'))
		t->p++;
}

/* @tok (@n bytes) next, after white space: consumed. */
static bool jt_take_n(struct jtext *t, const char *tok, size_t n)
{
	jt_ws(t);
	if ((size_t)(t->end - t->p) < n || memcmp(t->p, tok, n))
		return false;
	t->p += n;
	return true;
}

/* A literal's length known at compile time: strlen per token was a
 * tenth of reading the elements. */
#define jt_take(t, lit)	jt_take_n(t, lit, sizeof(lit) - 1)

/* A string's body, no "@set" reference, into @buf. */
static bool jt_string(struct jtext *t, char *buf)
{
	const char *s = t->p + 1, *q;

	q = memchr(s, '"', t->end - s);
	if (!q || q - s >= JSON_ELEM_MAX_TEXT || *s == '@')
		return false;
	memcpy(buf, s, q - s);
	buf[q - s] = '\0';
	t->p = q + 1;
	return true;
}

/* A non-negative integer's digits into @buf: the reader let through
 * only those without leading zeros, as the general path prints them. */
static bool jt_digits(struct jtext *t, char *buf)
{
	const char *s = t->p;

	while (s < t->end && *s >= '0' && *s <= '9')
		s++;
	if (s == t->p || s - t->p >= JSON_ELEM_MAX_TEXT)
		return false;
	memcpy(buf, t->p, s - t->p);
	buf[s - t->p] = '\0';
	t->p = s;
	return true;
}

/* A string or integer at @suffix: its symbol, typed later. */
static struct expr *jt_symbol(struct json_ctx *jctx, struct jtext *t,
			      const char *suffix)
{
	char buf[JSON_ELEM_MAX_TEXT];
	struct location loc;

	jt_ws(t);
	if (t->p >= t->end)
		return NULL;
	if (!(*t->p == '"' ? jt_string(t, buf) : jt_digits(t, buf)))
		return NULL;
	loc = json_location(jctx, suffix);
	return symbol_expr_alloc(&loc, buf, false);
}

/* {"concat": [V, V, ...]}, after "{\"concat\"": at least two values. */
static struct expr *jt_concat(struct json_ctx *jctx, struct jtext *t)
{
	struct location loc = json_location(jctx, "");
	struct expr *concat, *m;
	char suffix[32];
	size_t i;

	if (!jt_take(t, ":") || !jt_take(t, "["))
		return NULL;
	concat = concat_expr_alloc(&loc);
	for (i = 0; ; i++) {
		m = jt_symbol(jctx, t, json_index_suffix(suffix, ".concat", i));
		if (!m)
			break;
		concat_expr_add(concat, m);
		if (jt_take(t, ","))
			continue;
		if (i >= 1 && jt_take(t, "]") && jt_take(t, "}"))
			return concat;
		break;
	}
	expr_free(concat);
	return NULL;
}

/* {"prefix": {"addr": V, "len": N}}, after "{\"prefix\"". */
static struct expr *jt_prefix(struct json_ctx *jctx, struct jtext *t)
{
	struct location loc = json_location(jctx, "");
	char buf[JSON_ELEM_MAX_TEXT];
	struct expr *addr;
	unsigned long len;

	if (!jt_take(t, ":") || !jt_take(t, "{") || !jt_take(t, "\"addr\"") ||
	    !jt_take(t, ":"))
		return NULL;
	addr = jt_symbol(jctx, t, ".prefix.addr");
	if (!addr)
		return NULL;
	if (jt_take(t, ",") && jt_take(t, "\"len\"") && jt_take(t, ":") &&
	    (jt_ws(t), jt_digits(t, buf)) && strlen(buf) < 10 &&
	    jt_take(t, "}") && jt_take(t, "}")) {
		len = strtoul(buf, NULL, 10);
		return prefix_expr_alloc(&loc, addr, len);
	}
	expr_free(addr);
	return NULL;
}

/* {"range": [LOW, HIGH]}, after "{\"range\"". */
static struct expr *jt_range(struct json_ctx *jctx, struct jtext *t)
{
	struct location loc = json_location(jctx, "");
	struct expr *low, *high = NULL;

	if (!jt_take(t, ":") || !jt_take(t, "["))
		return NULL;
	low = jt_symbol(jctx, t, ".range[0]");
	if (low && jt_take(t, ","))
		high = jt_symbol(jctx, t, ".range[1]");
	if (high && jt_take(t, "]") && jt_take(t, "}"))
		return range_expr_alloc(&loc, low, high);
	expr_free(low);
	expr_free(high);
	return NULL;
}

/* A value, concatenation, prefix or range at the current path. */
static struct expr *jt_value(struct json_ctx *jctx, struct jtext *t)
{
	jt_ws(t);
	if (t->p < t->end && *t->p != '{')
		return jt_symbol(jctx, t, "");
	if (jt_take(t, "{\"concat\""))
		return jt_concat(jctx, t);
	if (jt_take(t, "{\"prefix\""))
		return jt_prefix(jctx, t);
	if (jt_take(t, "{\"range\""))
		return jt_range(jctx, t);
	return NULL;
}

/* A string next (after white space), its body into @buf. */
static bool jt_key(struct jtext *t, char *buf)
{
	jt_ws(t);
	return t->p < t->end && *t->p == '"' && jt_string(t, buf);
}

/* {"accept": null}, {"jump": {"target": "c"}}: at the map's location,
 * as map_verdict_json() makes them; NULL if not a verdict so written. */
static struct expr *jt_verdict(struct jtext *t, const struct location *loc)
{
	char name[JSON_ELEM_MAX_TEXT], target[JSON_ELEM_MAX_TEXT];
	int code;

	if (!jt_take(t, "{") || !jt_key(t, name) ||
	    !map_verdict_code(name, &code) || !jt_take(t, ":"))
		return NULL;
	if (code != NFT_JUMP && code != NFT_GOTO)
		return jt_take(t, "null") && jt_take(t, "}") ?
		       verdict_expr_alloc(loc, code, NULL) : NULL;
	if (!jt_take(t, "{") || !jt_take(t, "\"target\"") ||
	    !jt_take(t, ":") || !jt_key(t, target) || !jt_take(t, "}") ||
	    !jt_take(t, "}"))
		return NULL;
	return verdict_expr_alloc(loc, code,
				  constant_expr_alloc_string(loc, &string_type,
							     target, 0));
}

/* [KEY, DATA] at ".elem[i]", as map_json_elem_parse() reads it. */
static struct expr *jt_mapping(struct json_ctx *jctx, struct jtext *t,
			       const struct location *loc)
{
	struct expr *key, *data;
	struct jtext at;
	size_t len;

	if (!jt_take(t, "["))
		return NULL;
	len = json_path_push(jctx, "[0]");
	key = jt_value(jctx, t);
	json_path_pop(jctx, len);
	if (!key || !jt_take(t, ","))
		goto fail;
	jt_ws(t);
	at = *t;
	data = jt_verdict(t, loc);
	if (!data) {
		*t = at;
		len = json_path_push(jctx, "[1]");
		data = jt_value(jctx, t);
		json_path_pop(jctx, len);
	}
	if (data && jt_take(t, "]"))
		return mapping_expr_alloc(loc, key, data);
	expr_free(data);
fail:
	expr_free(key);
	return NULL;
}

struct expr *json_elem_direct(struct json_ctx *jctx,
			      struct json_lazy_iter *it, size_t i,
			      const struct set *s)
{
	struct jtext t = { it->p, it->end };
	struct expr *e;
	char path[32];
	size_t len;

	/* a set's arrays are lists, which the general path builds */
	if (!(s->flags & NFT_SET_MAP) && *t.p == '[')
		return NULL;
	len = json_path_push(jctx, json_elem_suffix(jctx, path, i));
	e = s->flags & NFT_SET_MAP ? jt_mapping(jctx, &t, &s->location) :
				     jt_value(jctx, &t);
	json_path_pop(jctx, len);
	json_elem_end(jctx);
	if (e)
		it->p = t.p;
	return e;
}
