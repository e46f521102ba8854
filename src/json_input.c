/*
 * JSON input (libnftables-json(5), schema version 1) into the same
 * commands the text parser builds, so the evaluator cannot tell them
 * apart. This file holds the generic part: the command array, tables,
 * chains and rules; expressions and statements parse themselves through
 * their kinds' json_parse ops.
 *
 * Every node gets a location naming the command's index and its JSON
 * path ("nftables[3].add.chain.dev"), so errors point into the input.
 */
#include <obj.h>
#include <nft.h>
#include <nftables.h>
#include <json.h>
#include <set.h>
#include <parse.h>
#include <rule.h>
#include <expr.h>
#include <stmt.h>
#include <ctype.h>
#include <inttypes.h>
#include <stdarg.h>
#include <string.h>
#include <linux/netfilter.h>

bool nft_input_is_json(const char *text)
{
	if (!text)
		return false;
	while (isspace((unsigned char)*text))
		text++;
	return *text == '{';
}

/* ---- paths and locations ----------------------------------------------- */

/*
 * Append @suffix to the current path; returns the old length for
 * json_path_pop(). Suffixes may start with '.' or '[' (".prefix.addr",
 * "[0]") or be a bare key ("dev"), which gets a '.' in front.
 */
size_t json_path_push(struct json_ctx *jctx, const char *suffix)
{
	size_t len = strlen(jctx->path), room, n;
	char *p = jctx->path + len;

	if (!suffix || !*suffix)
		return len;
	/* by hand, truncated as snprintf would: called for every member
	 * of every set element, where snprintf cost a sixth of a load */
	room = sizeof(jctx->path) - len;
	if (*suffix != '.' && *suffix != '[' && len && room > 1) {
		*p++ = '.';
		room--;
	}
	n = strlen(suffix);
	if (n >= room)
		n = room - 1;
	memcpy(p, suffix, n);
	p[n] = '\0';
	return len;
}

void json_path_pop(struct json_ctx *jctx, size_t len)
{
	jctx->path[len] = '\0';
}

const char *json_index_suffix(char *buf, const char *prefix, size_t i)
{
	char digits[24];
	size_t n = 0, len = strlen(prefix);

	do {
		digits[n++] = '0' + i % 10;
		i /= 10;
	} while (i);
	memcpy(buf, prefix, len);
	buf[len++] = '[';
	while (n)
		buf[len++] = digits[--n];
	buf[len++] = ']';
	buf[len] = '\0';
	return buf;
}

const char *json_list_suffix(struct json_ctx *jctx, char *buf,
			     const char *prefix, size_t i)
{
	size_t len = strlen(prefix);

	jctx->elem_index = i;
	jctx->in_elem = true;
	memcpy(buf, prefix, len);
	memcpy(buf + len, "[" JSON_PATH_INDEX "]",
	       sizeof("[" JSON_PATH_INDEX "]"));
	return buf;
}

const char *json_elem_suffix(struct json_ctx *jctx, char *buf, size_t i)
{
	return json_list_suffix(jctx, buf, ".elem", i);
}

void json_elem_end(struct json_ctx *jctx)
{
	jctx->in_elem = false;
}

/* @path kept for the run; the last few are looked up first: a set's
 * elements repeat the same two or three, which the run's hash table
 * took 300 instructions each to find. */
static const char *json_path_intern(struct json_ctx *jctx, const char *path)
{
	const char **c = jctx->path_cache, *s;
	unsigned int i;

	for (i = 0; i < array_size(jctx->path_cache) && c[i]; i++) {
		if (strcmp(c[i], path))
			continue;
		s = c[i];
		memmove(c + 1, c, i * sizeof(*c));
		return c[0] = s;
	}
	s = nft_run_intern(jctx->nft, path);
	memmove(c + 1, c, (array_size(jctx->path_cache) - 1) * sizeof(*c));
	return c[0] = s;
}

/*
 * Inside a set's element, the element's index goes into the location's
 * line (unused by JSON locations) and the path keeps JSON_PATH_INDEX in
 * its place (erec_print()): a path string per element and member was a
 * big set's largest cost after the elements themselves.
 */
struct location json_location(struct json_ctx *jctx, const char *suffix)
{
	struct location loc = {
		.indesc		= jctx->indesc,
		.json_index	= jctx->cmd_index,
	};
	size_t len = json_path_push(jctx, suffix);

	if (jctx->in_elem)
		loc.first_line = loc.last_line = jctx->elem_index + 1;
	/* Within a command, only the part after "nftables[N]": the same
	 * paths repeat in every rule and are kept once. */
	if (jctx->path[0])
		loc.json_path = json_path_intern(jctx, jctx->cmd_index < 0 ?
						 jctx->path :
						 jctx->path + jctx->cmd_path_len);
	json_path_pop(jctx, len);
	return loc;
}

int json_error(struct json_ctx *jctx, const char *suffix, const char *fmt,
	       ...)
{
	struct location loc = json_location(jctx, suffix);
	struct error_record *erec;
	va_list ap;

	va_start(ap, fmt);
	erec = erec_vcreate(EREC_ERROR, &loc, fmt, ap);
	va_end(ap);
	erec_queue(erec, jctx->msgs);
	return -1;
}

/*
 * An object holds only the keys its kind knows: a key this nft does not
 * know ("tunnel" in a payload, a misspelt "comemnt") would be dropped,
 * and the command do something else than was asked. Upstream ignores
 * them.
 */
int json_check_keys(struct json_ctx *jctx, json_t *obj, const char *suffix,
		    const char *const *keys)
{
	const char *key, *const *k;
	char path[128];
	json_t *v;

	if (!json_is_object(obj) || !keys)
		return 0;
	json_object_foreach(obj, key, v) {
		for (k = keys; *k; k++)
			if (!strcmp(*k, key))
				break;
		if (*k)
			continue;
		snprintf(path, sizeof(path), "%s%s%s", suffix,
			 *suffix ? "." : "", key);
		return json_error(jctx, path, "unknown key \"%s\"", key);
	}
	return 0;
}

const char *json_type_name(const json_t *v)
{
	switch (json_typeof(v)) {
	case JSON_OBJECT:	return "an object";
	case JSON_ARRAY:	return "an array";
	case JSON_STRING:	return "a string";
	case JSON_INTEGER:	return "an integer";
	case JSON_REAL:		return "a real number";
	case JSON_TRUE:
	case JSON_FALSE:	return "a boolean";
	case JSON_NULL:		return "null";
	}
	return "something else";
}

/* ---- expressions and statements -------------------------------------- */

/* The one key of {"kind": value}; NULL (with an error) otherwise. */
static const char *json_single_key(struct json_ctx *jctx, json_t *root,
				   const char *what, json_t **value)
{
	const char *key;

	if (!json_is_object(root) || json_object_size(root) != 1) {
		json_error(jctx, "",
			   "expected %s: an object with one key, got %s", what,
			   json_is_object(root) ? "an object with several keys" :
						  json_type_name(root));
		return NULL;
	}
	json_object_foreach(root, key, *value)
		return key;
	return NULL;
}

static struct expr *json_parse_list(struct json_ctx *jctx, json_t *root,
				    const struct location *loc)
{
	struct expr *list = list_expr_alloc(loc), *elem;
	char suffix[32];
	size_t i;
	json_t *v;

	json_array_foreach(root, i, v) {
		snprintf(suffix, sizeof(suffix), "[%zu]", i);
		elem = json_parse_expr(jctx, v, suffix);
		if (!elem) {
			expr_free(list);
			return NULL;
		}
		list_expr_add(list, elem);
	}
	return list;
}

/* The decimal text of @v, taken as unsigned 64 bit, in @buf (24 bytes
 * at least). */
static const char *json_integer_text(char *buf, json_int_t v)
{
	uint64_t u = (uint64_t)v;
	char *p = buf + 23;

	*p = '\0';
	do {
		*--p = '0' + u % 10;
		u /= 10;
	} while (u);
	return p;
}

static struct expr *json_parse_primitive(struct json_ctx *jctx, json_t *root,
					 const struct location *loc)
{
	char buf[32];

	switch (json_typeof(root)) {
	case JSON_STRING:
		/* "@name": a named set (src/expr/setref.c) */
		if (json_string_value(root)[0] == '@' &&
		    json_string_value(root)[1])
			return setref_expr_alloc(loc,
						 json_string_value(root) + 1);
		/* Typed later against the left side, like text symbols. */
		return symbol_expr_alloc(loc, json_string_value(root), false);
	case JSON_INTEGER:
		/* by hand: snprintf cost a tenth of a big set's members;
		 * a negative number is a 64 bit value past INT64_MAX, as
		 * number_json() and upstream 1.1.3 write it ("ct bytes
		 * 18446744073709551615" is -1) */
		return symbol_expr_alloc(loc, json_integer_text(buf,
					 json_integer_value(root)), false);
	case JSON_TRUE:
	case JSON_FALSE:
		/* booleans: "fib ... exists", "rt ipsec exists" */
		return symbol_expr_alloc(loc, json_is_true(root) ? "exists" :
					 "missing", false);
	case JSON_ARRAY:
		return json_parse_list(jctx, root, loc);
	default:
		json_error(jctx, "", "expected an expression, got %s",
			   json_type_name(root));
		return NULL;
	}
}

/*
 * {"|": ["fin", "syn", "rst"]}: flags as upstream writes them, one value
 * once evaluated. The chain ((fin | syn) | rst) folds to it whatever the
 * type, in a set too, where a list would stand for several members.
 */
static struct expr *json_parse_or_chain(struct json_ctx *jctx, json_t *value,
					const struct location *loc)
{
	struct expr *chain = NULL, *elem;
	char suffix[32];
	size_t i;
	json_t *v;

	json_array_foreach(value, i, v) {
		snprintf(suffix, sizeof(suffix), "[%zu]", i);
		elem = json_parse_expr(jctx, v, suffix);
		if (!elem) {
			expr_free(chain);
			return NULL;
		}
		if (chain) {
			chain = binop_expr_alloc(loc, OP_OR, chain, elem);
			chain->flags |= EXPR_F_FLAGS_LIST;
		} else {
			chain = elem;
		}
	}
	return chain;
}

/* {"&": [LEFT, RIGHT]}, likewise "|", "^", "<<", ">>"; more operands
 * are a chain from the left ({"&": [meta mark, ct mark, 3]}), as
 * 1.1.3 writes them */
static struct expr *json_parse_binop(struct json_ctx *jctx, const char *key,
				     json_t *value, const struct location *loc)
{
	struct expr *chain, *right;
	char suffix[32];
	size_t i;

	if (!strcmp(key, "|") && json_is_array(value) &&
	    json_array_size(value) > 2)
		return json_parse_or_chain(jctx, value, loc);
	if (!json_is_array(value) || json_array_size(value) < 2) {
		json_error(jctx, "", "Invalid binary operation \"%s\": expected an array of two expressions",
			   key);
		return NULL;
	}
	chain = json_parse_expr(jctx, json_array_get(value, 0), "[0]");
	for (i = 1; chain && i < json_array_size(value); i++) {
		snprintf(suffix, sizeof(suffix), "[%zu]", i);
		right = json_parse_expr(jctx, json_array_get(value, i), suffix);
		if (!right) {
			expr_free(chain);
			return NULL;
		}
		chain = binop_expr_alloc(loc, op_from_token(key), chain, right);
	}
	return chain;
}

static struct expr *json_parse_expr_object(struct json_ctx *jctx,
					   json_t *root,
					   const struct location *loc)
{
	const struct expr_ops *ops;
	const char *key;
	json_t *value;

	key = json_single_key(jctx, root, "an expression", &value);
	if (!key)
		return NULL;
	if (op_from_token(key) >= OP_AND)
		return json_parse_binop(jctx, key, value, loc);
	ops = expr_ops_by_json_name(key);
	if (!ops || !ops->json_parse) {
		json_error(jctx, "", "unknown expression \"%s\"", key);
		return NULL;
	}
	if (json_check_keys(jctx, value, key, ops->json_keys) < 0)
		return NULL;
	return ops->json_parse(jctx, value, loc);
}

struct expr *json_parse_expr(struct json_ctx *jctx, json_t *root,
			     const char *path_suffix)
{
	size_t len = json_path_push(jctx, path_suffix);
	struct location loc = json_location(jctx, "");
	struct expr *expr;

	if (!root) {
		json_error(jctx, "", "missing expression");
		expr = NULL;
	} else if (json_is_object(root)) {
		expr = json_parse_expr_object(jctx, root, &loc);
	} else {
		expr = json_parse_primitive(jctx, root, &loc);
	}
	json_path_pop(jctx, len);
	return expr;
}

struct stmt *json_parse_stmt(struct json_ctx *jctx, json_t *root,
			     const char *path_suffix)
{
	size_t len = json_path_push(jctx, path_suffix);
	struct location loc = json_location(jctx, "");
	const struct stmt_ops *ops;
	struct stmt *stmt = NULL;
	const char *key;
	json_t *value;

	key = json_single_key(jctx, root, "a statement", &value);
	if (key) {
		ops = stmt_ops_by_json_name(key);
		if (ops && ops->json_parse &&
		    json_check_keys(jctx, value, key, ops->json_keys) < 0)
			;
		else if (ops && ops->json_parse)
			stmt = ops->json_parse(jctx, key, value, &loc);
		else
			json_error(jctx, "", "unknown statement \"%s\"", key);
	}
	json_path_pop(jctx, len);
	return stmt;
}

/* ---- typed members of an object -------------------------------------- */

/* 1: present (*out set), 0: absent, -1: wrong type (error queued). */
int json_opt_string(struct json_ctx *jctx, json_t *obj,
		    const char *key, const char **out)
{
	json_t *v = json_object_get(obj, key);

	*out = NULL;
	if (!v)
		return 0;
	if (!json_is_string(v))
		return json_error(jctx, key, "\"%s\" must be a string, got %s",
				  key, json_type_name(v));
	*out = json_string_value(v);
	return 1;
}

int json_req_string(struct json_ctx *jctx, json_t *obj,
		    const char *key, const char **out)
{
	int ret = json_opt_string(jctx, obj, key, out);

	if (ret == 0)
		return json_error(jctx, "", "missing \"%s\"", key);
	return ret < 0 ? -1 : 0;
}

int json_opt_u64(struct json_ctx *jctx, json_t *obj, const char *key,
		 uint64_t *out)
{
	json_t *v = json_object_get(obj, key);

	*out = 0;
	if (!v)
		return 0;
	if (!json_is_integer(v) || json_integer_value(v) < 0)
		return json_error(jctx, key,
				  "\"%s\" must be a non-negative integer, got %s",
				  key, json_type_name(v));
	*out = json_integer_value(v);
	return 1;
}

/* "family": optional; @dflt when absent. */
int json_parse_family(struct json_ctx *jctx, json_t *obj,
		      uint32_t dflt, uint32_t *family)
{
	const char *name;
	int ret = json_opt_string(jctx, obj, "family", &name);

	*family = dflt;
	if (ret <= 0)
		return ret;
	if (!family_lookup(name, family))
		return json_error(jctx, "family",
				  "unknown family \"%s\": expected ip, ip6, inet, arp, bridge or netdev",
				  name);
	return 0;
}

/*
 * "family" of a table, chain or rule: required, as in the system nft.
 * Unlike the text language, JSON has no default family: a missing one is
 * more likely a mistake than a wish for ip.
 */
int json_req_family(struct json_ctx *jctx, json_t *obj,
		    const char *what, uint32_t *family)
{
	const char *name;
	int ret = json_opt_string(jctx, obj, "family", &name);

	if (ret < 0)
		return -1;
	if (ret == 0)
		return json_error(jctx, "",
				  "missing \"family\": a %s needs one of ip, ip6, inet, arp, bridge or netdev",
				  what);
	return json_parse_family(jctx, obj, NFPROTO_UNSPEC, family);
}

void json_spec_str(struct json_ctx *jctx, struct handle_spec_str *spec,
		   const char *key, const char *value)
{
	spec->name = xstrdup(value);
	spec->location = json_location(jctx, key);
}

/* ---- commands --------------------------------------------------------- */

struct cmd *json_cmd_new(struct json_ctx *jctx, enum cmd_ops op,
			 enum cmd_obj obj, struct handle *h, void *data)
{
	struct location loc = json_location(jctx, "");
	struct cmd *cmd;

	cmd = cmd_alloc(op, obj, h, &loc, data);
	cmd->json_index = jctx->cmd_index;
	return cmd;
}

bool json_op_is_add(enum cmd_ops op)
{
	return op == CMD_ADD || op == CMD_CREATE;
}

bool json_op_is_delete(enum cmd_ops op)
{
	return op == CMD_DELETE || op == CMD_DESTROY;
}

/*
 * The object's own name: required, except that delete and destroy may
 * give "handle" instead.
 */
int json_parse_name(struct json_ctx *jctx, json_t *obj,
		    enum cmd_ops op, struct handle_spec_str *spec,
		    struct handle *h)
{
	const char *name;
	int ret = json_opt_string(jctx, obj, "name", &name);

	if (ret < 0)
		return -1;
	if (json_op_is_delete(op) &&
	    json_opt_u64(jctx, obj, "handle", &h->handle.id) < 0)
		return -1;
	if (ret == 0 && !(json_op_is_delete(op) && h->handle.id))
		return json_error(jctx, "", json_op_is_delete(op) ?
				  "missing \"name\" or \"handle\"" :
				  "missing \"name\"");
	if (h->handle.id)
		h->handle.location = json_location(jctx, "handle");
	if (ret > 0)
		json_spec_str(jctx, spec, "name", name);
	return 0;
}

int json_table_ref(struct json_ctx *jctx, json_t *obj,
		   const char *what, struct handle *h)
{
	const char *table;

	if (json_req_family(jctx, obj, what, &h->family) < 0 ||
	    json_req_string(jctx, obj, "table", &table) < 0)
		return -1;
	json_spec_str(jctx, &h->table, "table", table);
	return 0;
}

static const char *const json_family_keys[] = { "family", NULL };

/* ruleset, tables, chains: null or an object with an optional family. */
static struct cmd *json_all_cmd(struct json_ctx *jctx, enum cmd_ops op,
				enum cmd_obj objtype, json_t *obj)
{
	struct handle h = {};

	if (!json_is_null(obj) && !json_is_object(obj)) {
		json_error(jctx, "",
			   "expected null or an object with \"family\"");
		return NULL;
	}
	if (json_is_object(obj) &&
	    (json_check_keys(jctx, obj, "", json_family_keys) < 0 ||
	     json_parse_family(jctx, obj, NFPROTO_UNSPEC, &h.family) < 0))
		return NULL;
	return json_cmd_new(jctx, op, objtype, &h, NULL);
}

/* {"list": {"counters": null | {"family": F, "table": T}}}, "sets" and
 * "maps" too: every object of a kind, of a family, of a table */
struct cmd *json_list_kind_cmd(struct json_ctx *jctx, enum cmd_ops op,
			       json_t *obj, enum cmd_obj kind)
{
	struct handle h = {};
	const char *table;

	if (!json_is_null(obj) && !json_is_object(obj)) {
		json_error(jctx, "",
			   "expected null or an object with \"family\" and \"table\"");
		return NULL;
	}
	if (json_is_object(obj) &&
	    (json_parse_family(jctx, obj, NFPROTO_UNSPEC, &h.family) < 0 ||
	     json_opt_string(jctx, obj, "table", &table) < 0))
		return NULL;
	if (json_is_object(obj) && table) {
		if (h.family == NFPROTO_UNSPEC)
			h.family = NFPROTO_IPV4;
		json_spec_str(jctx, &h.table, "table", table);
	} else if (kind == CMD_OBJ_CT_HELPERS) {
		/* as "list ct helpers table T" in text */
		json_error(jctx, "", "Listing ct helpers requires table reference.");
		return NULL;
	}
	return json_cmd_new(jctx, op, kind, &h, NULL);
}

/* ---- the command array ------------------------------------------------ */

static const struct {
	const char *name;
	enum cmd_ops op;
} json_cmd_names[] = {
	{ "add",	CMD_ADD },
	{ "create",	CMD_CREATE },
	{ "insert",	CMD_INSERT },
	{ "replace",	CMD_REPLACE },
	{ "delete",	CMD_DELETE },
	{ "destroy",	CMD_DESTROY },
	{ "list",	CMD_LIST },
	{ "flush",	CMD_FLUSH },
	{ "rename",	CMD_RENAME },
	{ "reset",	CMD_RESET },
};

/*
 * {"reset": {"rules": V}}: "reset rules [FAMILY]", a listing of the
 * ruleset whose rules are reset. As 1.1.3 reads it, only V's "family"
 * counts: anything else in V (a "table", a "chain") is passed over and
 * the family's, or the whole ruleset's, rules are reset and listed.
 */
static struct cmd *json_reset_rules_cmd(struct json_ctx *jctx, json_t *v)
{
	struct handle h = {};
	struct cmd *cmd;

	if (json_is_object(v) &&
	    json_parse_family(jctx, v, NFPROTO_UNSPEC, &h.family) < 0)
		return NULL;
	cmd = json_cmd_new(jctx, CMD_LIST, CMD_OBJ_RULESET, &h, NULL);
	if (cmd)
		cmd->reset_rules = true;
	return cmd;
}

static struct cmd *json_parse_obj(struct json_ctx *jctx, enum cmd_ops op,
				  bool bare, const char *key, json_t *value)
{
	const struct obj_ops *ops = obj_ops_lookup_json(key);

	if (!ops) {
		json_error(jctx, "", "unknown object \"%s\"", key);
		return NULL;
	}
	if (!(ops->json_cmds & OBJ_CMD(op))) {
		json_error(jctx, "", "cannot %s a %s", cmd_op_name(op), key);
		return NULL;
	}
	if (ops->obj == CMD_OBJ_RULES)
		return json_reset_rules_cmd(jctx, value);
	if (!ops->json_parse)
		return json_all_cmd(jctx, op, ops->obj, value);
	/* {"list": {"counters": null}}: all of them */
	if (json_is_null(value) && (ops->flags & OBJ_F_ALL_TABLES))
		return ops->json_parse(jctx, op, bare, value);
	if (!json_is_object(value)) {
		json_error(jctx, "", "expected a %s object, got %s", key,
			   json_type_name(value));
		return NULL;
	}
	if (json_check_keys(jctx, value, "", ops->json_keys) < 0)
		return NULL;
	return ops->json_parse(jctx, op, bare, value);
}

static int json_metainfo_check(struct json_ctx *jctx, json_t *info)
{
	static const char *const keys[] = {
		"version", "release_name", "json_schema_version", NULL,
	};
	json_t *v = json_is_object(info) ?
		    json_object_get(info, "json_schema_version") : NULL;

	if (json_check_keys(jctx, info, "metainfo", keys) < 0)
		return -1;
	if (v && (!json_is_integer(v) ||
		  json_integer_value(v) > NFT_JSON_SCHEMA_VERSION))
		return json_error(jctx, "metainfo.json_schema_version",
				  "unsupported JSON schema version: this nft understands version %d",
				  NFT_JSON_SCHEMA_VERSION);
	return 0;
}

static int json_lookup_cmd(const char *name)
{
	unsigned int i;

	for (i = 0; i < array_size(json_cmd_names); i++)
		if (!strcmp(json_cmd_names[i].name, name))
			return i;
	return -1;
}

/* {"CMD": {"OBJ": {...}}}, or a bare {"OBJ": {...}} meaning add. */
static int json_parse_one(struct json_ctx *jctx, json_t *root,
			  struct list_head *cmds)
{
	enum cmd_ops op = CMD_ADD;
	const char *key;
	struct cmd *cmd;
	json_t *value;
	int i;

	key = json_single_key(jctx, root, "a command", &value);
	if (!key)
		return -1;
	if (!strcmp(key, "metainfo"))
		return json_metainfo_check(jctx, value);
	i = json_lookup_cmd(key);
	if (i < 0 && !obj_ops_lookup_json(key))
		return json_error(jctx, "", "unknown command or object \"%s\"",
				  key);
	json_path_push(jctx, key);
	if (i >= 0) {
		op = json_cmd_names[i].op;
		key = json_single_key(jctx, value, "an object", &value);
		if (!key)
			return -1;
		json_path_push(jctx, key);
	}
	cmd = json_parse_obj(jctx, op, i < 0, key, value);
	if (!cmd)
		return -1;
	list_add_tail(&cmd->list, cmds);
	return 0;
}

static int json_syntax_error(struct json_ctx *jctx,
			     const json_error_t *jerr)
{
	struct location loc = {
		.indesc		= jctx->indesc,
		.first_line	= jerr->line > 0 ? jerr->line : 0,
		.last_line	= jerr->line > 0 ? jerr->line : 0,
		.first_column	= jerr->column > 0 ? jerr->column : 1,
		.last_column	= jerr->column > 0 ? jerr->column : 1,
		.json_index	= -1,
	};

	if (jerr->line <= 0)
		return erec_error(jctx->msgs, &loc, "JSON syntax error: %s",
				  jerr->text);
	return erec_error(jctx->msgs, &loc,
			  "JSON syntax error at line %d, column %d: %s",
			  jerr->line, jerr->column, jerr->text);
}

/* The top level: {"nftables": [ ... ]}. */
static json_t *json_commands(struct json_ctx *jctx, json_t *root)
{
	static const char *const keys[] = { "nftables", NULL };
	json_t *array = json_is_object(root) ?
			json_object_get(root, "nftables") : NULL;

	if (array && json_check_keys(jctx, root, "", keys) < 0)
		return NULL;
	if (!array) {
		json_error(jctx, "",
			   "expected {\"nftables\": [ ... ]} at the top level");
		return NULL;
	}
	if (!json_is_array(array)) {
		json_error(jctx, "", "\"nftables\" must be an array, got %s",
			   json_type_name(array));
		return NULL;
	}
	return array;
}

/*
 * Large inputs ({"nftables": [ ...thousands of rules... ]}) are parsed one
 * command at a time: the text of each element of the array is found by
 * matching brackets outside strings and loaded on its own, so the JSON
 * tree of the whole document never exists at once. Anything that does
 * not have exactly that shape (or any element that does not load) is
 * left to the whole-document path, whose errors carry line and column.
 */
struct json_span {
	const char *p;
	const char *end;
};

static void json_span_skip_ws(struct json_span *sp)
{
	while (sp->p < sp->end && (*sp->p == ' ' || *sp->p == '\t' ||
				   *sp->p == '\n' || *sp->p == '\r'))
		sp->p++;
}

static bool json_span_take(struct json_span *sp, const char *tok)
{
	size_t n = strlen(tok);

	json_span_skip_ws(sp);
	if ((size_t)(sp->end - sp->p) < n || memcmp(sp->p, tok, n))
		return false;
	sp->p += n;
	return true;
}

/* The bytes json_span_value_end stops at: quote, backslash, brackets. */
static bool json_span_special(unsigned char ch)
{
	return ch == '"' || ch == '\\' || ch == '{' || ch == '}' ||
	       ch == '[' || ch == ']';
}

/* The end of the value starting at sp->p (an object or array), or NULL. */
static const char *json_span_value_end(const struct json_span *sp)
{
	const char *p = sp->p;
	unsigned int depth = 0;
	bool in_str = false;

	if (p >= sp->end || (*p != '{' && *p != '['))
		return NULL;
	for (; p < sp->end; p++) {
		/* most bytes are none of these: skip them in a tight loop */
		while (!json_span_special(*p) && p + 1 < sp->end)
			p++;
		if (in_str) {
			if (*p == '\\')
				p++;
			else if (*p == '"')
				in_str = false;
			continue;
		}
		if (*p == '"')
			in_str = true;
		else if (*p == '{' || *p == '[')
			depth++;
		else if ((*p == '}' || *p == ']') && --depth == 0)
			return p + 1;
	}
	return NULL;
}

/*
 * A reader for the plain JSON nft writes and reads back: ASCII strings
 * without escapes, integers, true/false/null, objects with short keys.
 * It builds the same jansson tree as json_loadb() at a fraction of the
 * cost (jansson decodes every byte through a UTF-8 stream and a string
 * buffer); anything else (escapes, other bytes, reals, very deep or
 * malformed input) makes it give up, and the caller loads the text with
 * jansson, whose result and errors are then the ones the user sees.
 */
struct json_fast {
	const char *p;
	const char *end;
	unsigned int depth;
	bool skip;		/* check the syntax only, build nothing */
	/* the command's lazy "elem" arrays (NULL: none); the keys of the
	 * two outer objects tell a set's "elem" from any other */
	struct json_ctx *lazy;
	char outer[2][12];
};

#define JSON_FAST_MAX_DEPTH	64
#define JSON_FAST_MAX_KEY	64

static json_t *json_fast_value(struct json_fast *f);

static void json_fast_ws(struct json_fast *f)
{
	while (f->p < f->end && (*f->p == ' ' || *f->p == '\n' ||
				 *f->p == '\t' || *f->p == '\r'))
		f->p++;
}

/* The body of the string at f->p (after its '"'): its length, or -1. */
static ssize_t json_fast_string_len(struct json_fast *f)
{
	const char *s = f->p;

	while (s < f->end) {
		unsigned char ch = *s;

		if (ch == '"') {
			ssize_t n = s - f->p;

			f->p = s + 1;
			return n;
		}
		if (ch < 0x20 || ch >= 0x80 || ch == '\\')
			return -1;
		s++;
	}
	return -1;
}

static json_t *json_fast_string(struct json_fast *f)
{
	const char *start = ++f->p;
	ssize_t n = json_fast_string_len(f);

	if (n < 0)
		return NULL;
	return f->skip ? json_null() : json_stringn_nocheck(start, n);
}

/* Integers only, as jansson reads them; reals go to jansson. */
static json_t *json_fast_number(struct json_fast *f)
{
	const char *s = f->p;
	bool neg = *s == '-';
	json_int_t v = 0;
	int digits = 0;

	if (neg)
		s++;
	if (s < f->end && *s == '0' && s + 1 < f->end && isdigit((unsigned char)s[1]))
		return NULL;
	while (s < f->end && *s >= '0' && *s <= '9') {
		if (++digits > 18)	/* could overflow: jansson's */
			return NULL;
		v = v * 10 + (*s++ - '0');
	}
	if (!digits || (s < f->end && (*s == '.' || *s == 'e' || *s == 'E')))
		return NULL;
	f->p = s;
	return f->skip ? json_null() : json_integer(neg ? -v : v);
}

static json_t *json_fast_word(struct json_fast *f, const char *word,
			      json_t *value)
{
	size_t n = strlen(word);

	if ((size_t)(f->end - f->p) < n || memcmp(f->p, word, n))
		return NULL;
	f->p += n;
	return value;
}

/* Append @v to @array (NULL when only checking); 0 or -1. */
static int json_fast_append(json_t *array, json_t *v)
{
	if (!v)
		return -1;
	return array ? json_array_append_new(array, v) : 0;
}

static json_t *json_fast_array(struct json_fast *f)
{
	json_t *array = f->skip ? NULL : json_array();

	f->p++;
	json_fast_ws(f);
	if (f->p < f->end && *f->p == ']') {
		f->p++;
		return array ? array : json_null();
	}
	for (;;) {
		if (json_fast_append(array, json_fast_value(f)) < 0)
			break;
		json_fast_ws(f);
		if (f->p >= f->end)
			break;
		if (*f->p++ == ']')
			return array ? array : json_null();
		if (f->p[-1] != ',')
			break;
	}
	json_decref(array);
	return NULL;
}

static bool json_fast_is_set_kind(const char *key)
{
	return !strcmp(key, "set") || !strcmp(key, "map") ||
	       !strcmp(key, "element");
}

/*
 * The "elem" array of a set, map or element command ({"set": {...}} at
 * depth 2 or {"add": {"set": {...}}} at depth 3): only checked, and an
 * empty array stands for it, which json_set_elems() recognizes and reads
 * from the text one element at a time, so that a big set's JSON tree
 * never exists whole. NULL when it does not apply.
 */
static json_t *json_fast_lazy(struct json_fast *f, json_t *obj,
			      const char *key)
{
	struct json_ctx *jctx = f->lazy;
	struct json_fast check = *f;
	struct json_lazy *lz;
	unsigned int i;

	if (!jctx || f->skip || (f->depth != 2 && f->depth != 3) ||
	    strcmp(key, "elem") || f->p >= f->end || *f->p != '[' ||
	    !json_fast_is_set_kind(f->outer[f->depth - 2]))
		return NULL;
	check.skip = true;
	if (!json_fast_value(&check))
		return NULL;
	for (i = 0; i < jctx->nlazy; i++)
		if (jctx->lazy[i].owner == obj)
			break;
	if (i == array_size(jctx->lazy))
		return NULL;
	lz = &jctx->lazy[i];
	jctx->nlazy += i == jctx->nlazy;
	lz->owner = obj;
	lz->placeholder = json_array();
	lz->p = f->p;
	lz->end = check.p;
	f->p = check.p;
	return lz->placeholder;
}

/* "key": value; 0 or -1. */
static int json_fast_member(struct json_fast *f, json_t *obj)
{
	char key[JSON_FAST_MAX_KEY];
	const char *start;
	ssize_t n;
	json_t *v;

	json_fast_ws(f);
	if (f->p >= f->end || *f->p != '"')
		return -1;
	start = ++f->p;
	n = json_fast_string_len(f);
	if (n < 0 || n >= JSON_FAST_MAX_KEY)
		return -1;
	json_fast_ws(f);
	if (f->p >= f->end || *f->p++ != ':')
		return -1;
	if (f->skip)
		return json_fast_value(f) ? 0 : -1;
	memcpy(key, start, n);
	key[n] = '\0';
	if (f->depth <= 2) {
		n = n < (ssize_t)sizeof(f->outer[0]) ? n : 0;
		memcpy(f->outer[f->depth - 1], key, n);
		f->outer[f->depth - 1][n] = '\0';
	}
	json_fast_ws(f);
	v = json_fast_lazy(f, obj, key);
	if (!v)
		v = json_fast_value(f);
	/* a repeated key replaces the value, as in jansson */
	if (!v || json_object_set_new_nocheck(obj, key, v))
		return -1;
	return 0;
}

static json_t *json_fast_object(struct json_fast *f)
{
	json_t *obj = f->skip ? json_null() : json_object();

	f->p++;
	json_fast_ws(f);
	if (f->p < f->end && *f->p == '}') {
		f->p++;
		return obj;
	}
	for (;;) {
		if (json_fast_member(f, obj) < 0)
			break;
		json_fast_ws(f);
		if (f->p >= f->end)
			break;
		if (*f->p++ == '}')
			return obj;
		if (f->p[-1] != ',')
			break;
	}
	json_decref(obj);
	return NULL;
}

static json_t *json_fast_value(struct json_fast *f)
{
	json_t *v = NULL;

	json_fast_ws(f);
	if (f->p >= f->end || f->depth >= JSON_FAST_MAX_DEPTH)
		return NULL;
	f->depth++;
	switch (*f->p) {
	case '{': v = json_fast_object(f); break;
	case '[': v = json_fast_array(f); break;
	case '"': v = json_fast_string(f); break;
	case 't': v = json_fast_word(f, "true", json_true()); break;
	case 'f': v = json_fast_word(f, "false", json_false()); break;
	case 'n': v = json_fast_word(f, "null", json_null()); break;
	default:
		if (*f->p == '-' || isdigit((unsigned char)*f->p))
			v = json_fast_number(f);
		break;
	}
	f->depth--;
	return v;
}

/* The object starting at *@p, and *@p moved past it; NULL if the fast
 * reader gave up (nothing consumed). @lazy: a command whose set
 * elements may be left in the text (json_fast_lazy()). */
static json_t *json_fast_load_cmd(const char **p, const char *end,
				  struct json_ctx *lazy)
{
	struct json_fast f = { .p = *p, .end = end, .lazy = lazy };
	json_t *v;

	if (f.p >= end || *f.p != '{')
		return NULL;
	v = json_fast_value(&f);
	if (v)
		*p = f.p;
	return v;
}

/* Not static: tests/unit compares it with jansson. */
json_t *json_fast_load(const char **p, const char *end)
{
	return json_fast_load_cmd(p, end, NULL);
}

/* ---- lazy "elem" arrays ---------------------------------------------- */

struct json_lazy *json_lazy_find(struct json_ctx *jctx, const json_t *v)
{
	unsigned int i;

	for (i = 0; v && i < jctx->nlazy; i++)
		if (jctx->lazy[i].placeholder == v)
			return &jctx->lazy[i];
	return NULL;
}

void json_lazy_iter_init(const struct json_lazy *lz, struct json_lazy_iter *it)
{
	it->p = lz->p + 1;	/* past '[' */
	it->end = lz->end;
}

bool json_lazy_more(struct json_lazy_iter *it)
{
	struct json_fast f = { .p = it->p, .end = it->end };

	json_fast_ws(&f);
	if (f.p < f.end && *f.p == ',')
		f.p++;
	json_fast_ws(&f);
	it->p = f.p;
	return f.p < f.end && *f.p != ']';
}

/* The text was checked when the command was read: the fast reader
 * cannot fail. */
json_t *json_lazy_next(struct json_lazy_iter *it)
{
	struct json_fast f = { .p = it->p, .end = it->end };
	json_t *v;

	if (!json_lazy_more(it))
		return NULL;
	f.p = it->p;
	v = json_fast_value(&f);
	it->p = f.p;
	return v;
}

/* Command @i at sp->p, loaded and parsed (*@err set on an error in
 * it); -1 if it does not load. */
static int json_streamed_one(struct json_ctx *jctx, struct json_span *sp,
			     size_t i, struct list_head *cmds, int *err)
{
	json_error_t jerr;
	const char *end;
	json_t *elem;

	jctx->nlazy = 0;
	elem = json_fast_load_cmd(&sp->p, sp->end, jctx);
	if (!elem) {
		jctx->nlazy = 0;
		end = json_span_value_end(sp);
		if (!end)
			return -1;
		elem = json_loadb(sp->p, end - sp->p, 0, &jerr);
		sp->p = end;
	}
	if (!elem)
		return -1;
	jctx->cmd_index = i;
	jctx->cmd_path_len = snprintf(jctx->path, sizeof(jctx->path),
				      "nftables[%zu]", i);
	if (json_parse_one(jctx, elem, cmds) < 0)
		*err = -1;
	json_decref(elem);
	jctx->nlazy = 0;
	return 0;
}

/* After the array: the closing brace and nothing else. */
static int json_streamed_end(struct json_span *sp, struct list_head *cmds)
{
	if (json_span_take(sp, "}")) {
		json_span_skip_ws(sp);
		if (sp->p == sp->end)
			return 1;
	}
	cmd_list_free(cmds);
	return 0;
}

/* Returns 1 when the document was parsed this way (err set), 0 when the
 * caller should parse it whole (which drops the errors queued). */
static int json_parse_streamed(struct json_ctx *jctx, const char *data,
			       size_t len, struct list_head *cmds, int *err)
{
	struct json_span sp = { data, data + len };
	size_t i;

	/* small documents too (their sets' elements read lazily like a
	 * big one's, so the tests see that path), but not with -e, whose
	 * echo is the document's tree with the handles filled in, element
	 * i for element i (a leading metainfo too), whatever its size */
	if (nft_output_echo(&jctx->nft->octx) || !json_span_take(&sp, "{") ||
	    !json_span_take(&sp, "\"nftables\"") || !json_span_take(&sp, ":") ||
	    !json_span_take(&sp, "["))
		return 0;
	/* One command at a time; a document whose shape turns out to be
	 * other (or a command that does not load) is dropped, with any
	 * errors queued, and parsed whole, for the exact position. */
	*err = 0;
	if (json_span_take(&sp, "]"))
		return json_streamed_end(&sp, cmds);
	for (i = 0; ; i++) {
		json_span_skip_ws(&sp);
		if (json_streamed_one(jctx, &sp, i, cmds, err) < 0)
			break;
		if (json_span_take(&sp, ","))
			continue;
		if (json_span_take(&sp, "]"))
			return json_streamed_end(&sp, cmds);
		break;
	}
	cmd_list_free(cmds);
	return 0;
}

int nft_parse_json(struct nft_ctx *nft, struct input_descriptor *indesc,
		   struct list_head *cmds, struct list_head *msgs)
{
	struct json_ctx jctx = {
		.nft		= nft,
		.msgs		= msgs,
		.indesc		= indesc,
		.cmd_index	= -1,
	};
	size_t len = indesc->len ? indesc->len : strlen(indesc->data);
	json_t *root, *array, *elem;
	json_error_t jerr;
	int err = 0;
	size_t i;

	if (json_parse_streamed(&jctx, indesc->data, len, cmds, &err))
		return err;
	erec_free_list(msgs);
	jctx.cmd_index = -1;
	jctx.path[0] = '\0';
	root = json_loadb(indesc->data, len, 0, &jerr);
	if (!root)
		return json_syntax_error(&jctx, &jerr);
	array = json_commands(&jctx, root);
	if (!array)
		err = -1;
	json_array_foreach(array, i, elem) {
		jctx.cmd_index = i;
		jctx.cmd_path_len = snprintf(jctx.path, sizeof(jctx.path),
					     "nftables[%zu]", i);
		/* Go on after an error, to report every broken command. */
		if (json_parse_one(&jctx, elem, cmds) < 0)
			err = -1;
	}
	/* -e: the echo is this document with the handles filled in. */
	if (!err && nft_output_echo(&nft->octx) && !nft->json_echo)
		nft->json_echo = json_incref(root);
	json_decref(root);
	return err;
}
