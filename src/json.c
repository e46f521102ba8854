/*
 * Ruleset layout in JSON (libnftables-json(5), schema version 1). Objects
 * carry their keys in the order current upstream nft prints them, since
 * consumers diff and hash this output. Statements and expressions produce
 * their own JSON (stmt_json/expr_json).
 */
#include <flowtable.h>
#include <sobj.h>
#include <obj.h>
#include <nft.h>
#include <nftables.h>
#include <print.h>
#include <set.h>
#include <rule.h>
#include <cache.h>
#include <stdio.h>
#include <string.h>
#include <linux/netfilter.h>

#ifndef PACKAGE_VERSION
#define PACKAGE_VERSION "unknown"
#endif

/* Same layout as the system nft: one line, ", " and ": " separators. */
#define NFT_JSON_DUMP_FLAGS	JSON_PRESERVE_ORDER

/*
 * Small builders for JSON output. json_pack would parse its format string
 * on every call, once per listed object and expression; these take over
 * the references they are given.
 */
json_t *json_wrap(const char *key, json_t *obj)
{
	json_t *root = json_object();

	json_object_set_new(root, key, obj);
	return root;
}

json_t *json_pair(const char *k1, json_t *v1, const char *k2, json_t *v2)
{
	json_t *root = json_object();

	json_object_set_new(root, k1, v1);
	json_object_set_new(root, k2, v2);
	return root;
}

json_t *json_array2(json_t *a, json_t *b)
{
	json_t *root = json_array();

	json_array_append_new(root, a);
	json_array_append_new(root, b);
	return root;
}

json_t *json_metainfo(void)
{
	json_t *info = json_object();

	json_object_set_new(info, "version", json_string(PACKAGE_VERSION));
	json_object_set_new(info, "release_name",
			    json_string(NFT_RELEASE_NAME));
	json_object_set_new(info, "json_schema_version",
			    json_integer(NFT_JSON_SCHEMA_VERSION));
	return json_wrap("metainfo", info);
}

/* The keys chains and rules begin with: family, table, @chain_key (the
 * chain's name), handle. */
json_t *json_object_head(const struct handle *h, const char *chain_key)
{
	json_t *root = json_object();

	json_object_set_new(root, "family", json_string(family_name(h->family)));
	json_object_set_new(root, "table", json_string(h->table.name));
	json_object_set_new(root, chain_key, json_string(h->chain.name));
	json_object_set_new(root, "handle", json_integer(h->handle.id));
	return root;
}

/* ---- writing --------------------------------------------------------- */

/*
 * JSON is written here rather than with json_dumpf(): jansson checks
 * every container it dumps for reference loops through a hash table
 * keyed by the printed pointer, and writes each token with its own
 * stdio call, which costs more than building the objects. The layout
 * is the same: ", " between items, ": " after keys, only '"', '\' and
 * control characters escaped (as \uXXXX in upper case hex unless they
 * have a short form). One object is collected in memory, then written
 * with a single stdio call.
 */
struct json_out {
	char *buf;
	size_t len;
	size_t size;
	char stack[4096];	/* most objects fit: no allocation */
};

static void json_out_init(struct json_out *o)
{
	o->buf = o->stack;
	o->len = 0;
	o->size = sizeof(o->stack);
}

static void json_out_flush(struct json_out *o, FILE *fp)
{
	fwrite_unlocked(o->buf, 1, o->len, fp);
	if (o->buf != o->stack)
		xfree(o->buf);
	json_out_init(o);
}

static __attribute__((noinline)) void json_out_grow(struct json_out *o,
		     size_t room)
{
	size_t size = o->size;

	while (size - o->len < room)
		size *= 2;
	if (o->buf == o->stack) {
		o->buf = xmalloc(size);
		memcpy(o->buf, o->stack, o->len);
	} else {
		o->buf = xrealloc(o->buf, size);
	}
	o->size = size;
}

static inline void json_out_put(struct json_out *o, const char *s,
				size_t len)
{
	if (o->size - o->len < len)
		json_out_grow(o, len);
	memcpy(o->buf + o->len, s, len);
	o->len += len;
}

static void json_out_str(struct json_out *o, const char *s)
{
	json_out_put(o, s, strlen(s));
}

static void json_write_string(struct json_out *o, const char *s, size_t len)
{
	size_t i, start = 0;
	const char *esc;
	char hex[8];

	json_out_put(o, "\"", 1);
	for (i = 0; i < len; i++) {
		unsigned char ch = s[i];

		if (ch >= 0x20 && ch != '"' && ch != '\\')
			continue;
		json_out_put(o, s + start, i - start);
		start = i + 1;
		switch (ch) {
		case '"':  esc = "\\\""; break;
		case '\\': esc = "\\\\"; break;
		case '\b': esc = "\\b"; break;
		case '\f': esc = "\\f"; break;
		case '\n': esc = "\\n"; break;
		case '\r': esc = "\\r"; break;
		case '\t': esc = "\\t"; break;
		default:
			snprintf(hex, sizeof(hex), "\\u%04X", ch);
			esc = hex;
			break;
		}
		json_out_str(o, esc);
	}
	json_out_put(o, s + start, len - start);
	json_out_put(o, "\"", 1);
}

static void json_write_integer(struct json_out *o, json_int_t v)
{
	unsigned long long u = v < 0 ? -(unsigned long long)v : v;
	char buf[24], *p = buf + sizeof(buf);

	do {
		*--p = '0' + u % 10;
		u /= 10;
	} while (u);
	if (v < 0)
		*--p = '-';
	json_out_put(o, p, buf + sizeof(buf) - p);
}

static void json_write(struct json_out *o, json_t *v);

static void json_write_object(struct json_out *o, json_t *obj)
{
	const char *key;
	json_t *value;
	bool first = true;

	json_out_put(o, "{", 1);
	json_object_foreach(obj, key, value) {
		if (!first)
			json_out_put(o, ", ", 2);
		first = false;
		json_write_string(o, key, strlen(key));
		json_out_put(o, ": ", 2);
		json_write(o, value);
	}
	json_out_put(o, "}", 1);
}

static void json_write_array(struct json_out *o, json_t *array)
{
	json_t *value;
	size_t i;

	json_out_put(o, "[", 1);
	json_array_foreach(array, i, value) {
		if (i)
			json_out_put(o, ", ", 2);
		json_write(o, value);
	}
	json_out_put(o, "]", 1);
}

/* Reals (none in listings today) keep jansson's number format. */
static void json_write_other(struct json_out *o, json_t *v)
{
	char *s = json_dumps(v, NFT_JSON_DUMP_FLAGS | JSON_ENCODE_ANY);

	if (s)
		json_out_str(o, s);
	free(s);
}

static void json_write(struct json_out *o, json_t *v)
{
	switch (json_typeof(v)) {
	case JSON_OBJECT:
		json_write_object(o, v);
		break;
	case JSON_ARRAY:
		json_write_array(o, v);
		break;
	case JSON_STRING:
		json_write_string(o, json_string_value(v),
				  json_string_length(v));
		break;
	case JSON_INTEGER:
		json_write_integer(o, json_integer_value(v));
		break;
	case JSON_TRUE:
		json_out_str(o, "true");
		break;
	case JSON_FALSE:
		json_out_str(o, "false");
		break;
	case JSON_NULL:
		json_out_str(o, "null");
		break;
	default:
		json_write_other(o, v);
		break;
	}
}

/* Write @prefix, @v and @suffix to @fp. */
void json_write_fp(FILE *fp, const char *prefix, json_t *v,
		   const char *suffix)
{
	struct json_out o;

	json_out_init(&o);
	json_out_str(&o, prefix);
	json_write(&o, v);
	json_out_str(&o, suffix);
	json_out_flush(&o, fp);
}

/* Write @prefix and @v without its last @open characters: the closing
 * brackets of containers the caller goes on to fill and close itself
 * (a big set's elements, written one at a time). */
void json_write_fp_open(FILE *fp, const char *prefix, json_t *v,
			unsigned int open)
{
	struct json_out o;

	json_out_init(&o);
	json_out_str(&o, prefix);
	json_write(&o, v);
	o.len -= open < o.len ? open : o.len;
	json_out_flush(&o, fp);
}

/* Write @prefix and the items of @array, ", " between them, without
 * the brackets: a big array in batches, each freed once written. */
void json_write_fp_items(FILE *fp, const char *prefix, json_t *array)
{
	struct json_out o;
	json_t *value;
	size_t i;

	json_out_init(&o);
	json_out_str(&o, prefix);
	json_array_foreach(array, i, value) {
		if (i)
			json_out_put(&o, ", ", 2);
		json_write(&o, value);
	}
	json_out_flush(&o, fp);
}

/* ---- list commands ---------------------------------------------------- */

/* {"nftables": [metainfo, objects...]}: each object is written as soon
 * as it is built, then freed. */
static void json_walk_emit(struct list_walk *w, json_t *obj)
{
	json_write_fp(w->octx.output_fp, ", ", obj, "");
	json_decref(obj);
}

static void json_walk_begin(struct list_walk *w)
{
	json_t *info = json_metainfo();

	json_write_fp(w->octx.output_fp, "{\"nftables\": [", info, "");
	json_decref(info);
}

static void json_walk_end(struct list_walk *w)
{
	fputs_unlocked("]}\n", w->octx.output_fp);
}

/* Per table: the table, its chains, then all its rules. */
static void json_walk_table_open(struct list_walk *w, const struct table *t)
{
	const struct flowtable *ft;
	const struct chain *c;
	const struct sobj *o;

	unsigned int flags = obj_cmd_flags(w->cmd);

	/* rules name bound chains in it (src/obj/binding.c) */
	w->octx.table = t;
	if (flags & OBJ_F_LIST_NO_CHAINS) {
		json_walk_emit(w, table_json(t, &w->octx));
	} else if (!(flags & (OBJ_F_LIST_HEADS | OBJ_F_ONE_CHAIN))) {
		const struct set *s;

		json_walk_emit(w, table_json(t, &w->octx));
		list_for_each_entry(c, &t->chains, list)
			if (!chain_is_bound(c))
				json_walk_emit(w, chain_json(c, &w->octx));
		list_for_each_entry(o, &t->objs, list)
			json_walk_emit(w, sobj_json(o, &w->octx));
		list_for_each_entry(s, &t->sets, list)
			set_json_write(w->octx.output_fp, ", ", s,
				       &w->octx);
		list_for_each_entry(ft, &t->flowtables, list)
			json_walk_emit(w, flowtable_json(ft, &w->octx));
	}
}

static void json_walk_chain_open(struct list_walk *w, const struct chain *c)
{
	if (obj_cmd_flags(w->cmd) & (OBJ_F_LIST_HEADS | OBJ_F_ONE_CHAIN))
		json_walk_emit(w, chain_json(c, &w->octx));
}

static void json_walk_rule(struct list_walk *w, const struct rule *r)
{
	json_walk_emit(w, rule_json(r, &w->octx));
}

/* Objects are complete when emitted: nothing to close. */
static void json_walk_chain_close(struct list_walk *w, const struct chain *c)
{
}

static void json_walk_table_close(struct list_walk *w, const struct table *t)
{
	w->octx.table = NULL;
}

static const struct list_walk_ops json_walk_ops = {
	.begin		= json_walk_begin,
	.table_open	= json_walk_table_open,
	.chain_open	= json_walk_chain_open,
	.rule		= json_walk_rule,
	.chain_close	= json_walk_chain_close,
	.table_close	= json_walk_table_close,
	.end		= json_walk_end,
};

static void json_print_root(struct nft_ctx *nft, json_t *array)
{
	json_t *root = json_wrap("nftables", array);
	FILE *fp = nft->octx.output_fp ? nft->octx.output_fp : stdout;

	json_write_fp(fp, "", root, "\n");
	json_decref(root);
}

void json_print_list(struct nft_ctx *nft, json_t *array)
{
	json_print_root(nft, array);
}

int json_do_list_cmd(struct nft_ctx *nft, struct cmd *cmd,
		     struct list_head *msgs)
{
	return list_walk_run(nft, cmd, &json_walk_ops, msgs);
}

/* ---- echo ------------------------------------------------------------- */

void json_echo_add(json_t *array, const char *op, json_t *obj)
{
	json_array_append_new(array, json_wrap(op, obj));
}

static void json_echo_cmd(json_t *array, const struct cmd *cmd,
			  struct output_ctx *octx)
{
	const struct obj_ops *ops = obj_ops_lookup(cmd->obj);

	if (!cmd->data)
		return;
	if (ops->json_echo)
		ops->json_echo(array, cmd_op_name(cmd->op), cmd, octx);
	else if (ops->json && cmd->echo_handle)	/* echoed by the kernel */
		json_echo_add(array, cmd_op_name(cmd->op),
			      ops->json(cmd->data, octx));
}

/* The value of @obj's first key, if it is an object. */
static json_t *json_first_object(json_t *obj)
{
	void *iter = json_is_object(obj) ? json_object_iter(obj) : NULL;

	obj = iter ? json_object_iter_value(iter) : NULL;
	return json_is_object(obj) ? obj : NULL;
}

/*
 * Give command element @elem the handle of @cmd's new object, where the
 * system nft puts it: in the object of "add" and "insert" commands
 * ({"add": {"rule": {..., "handle": 5}}}), next to the object for the
 * others ({"create": {"chain": {...}, "handle": 5}}). A rule's input
 * "handle" (the position of add and insert, the old rule of replace)
 * goes, and the new handle goes last.
 */
static void json_echo_set_handle(json_t *elem, const struct cmd *cmd)
{
	json_t *op = json_first_object(elem);
	json_t *obj = json_first_object(op);
	json_t *target;

	if (!obj)
		return;
	if (json_object_get(elem, "add") || json_object_get(elem, "insert"))
		target = obj;
	else
		target = op;
	if (obj_cmd_flags(cmd) & OBJ_F_HANDLE_IS_POSITION)
		json_object_del(obj, "handle");
	json_object_del(target, "handle");
	json_object_set_new(target, "handle",
			    json_integer(cmd->echo_handle));
}

/*
 * JSON input: the input document itself comes back, element i for
 * element i (a leading metainfo included), with the handles the kernel
 * gave. firewalld matches the echo to its input element by element.
 */
static void json_echo_mirror(struct nft_ctx *nft, struct list_head *cmds)
{
	json_t *root = nft->json_echo;
	json_t *array = json_object_get(root, "nftables");
	FILE *fp = nft->octx.output_fp ? nft->octx.output_fp : stdout;
	const struct cmd *cmd;

	list_for_each_entry(cmd, cmds, list) {
		if (cmd->json_index >= 0 && cmd->echo_handle)
			json_echo_set_handle(json_array_get(array,
							    cmd->json_index),
					     cmd);
	}
	/* without a final newline, as upstream echoes a JSON input */
	json_write_fp(fp, "", root, "");
}

void json_echo_release(struct nft_ctx *nft)
{
	json_decref(nft->json_echo);
	nft->json_echo = NULL;
}

/* One document for the whole run, as the system nft prints it. */
void json_echo_cmds(struct nft_ctx *nft, struct list_head *cmds)
{
	json_t *array;
	const struct cmd *cmd;

	if (nft->json_echo) {
		json_echo_mirror(nft, cmds);
		return;
	}
	array = json_array();

	list_for_each_entry(cmd, cmds, list) {
		if (cmd->op == CMD_ADD || cmd->op == CMD_CREATE ||
		    cmd->op == CMD_INSERT || cmd->op == CMD_REPLACE)
			json_echo_cmd(array, cmd, &nft->octx);
	}
	if (!json_array_size(array)) {
		json_decref(array);
		return;
	}
	json_print_root(nft, array);
}
