/*
 * The text parser's builders for commands and objects (src/grammar's
 * actions call them): errors with locations, scopes and variables,
 * handles, commands, and the tables, chains, sets, flowtables and
 * stateful objects the blocks declare. Each takes over the strings it is
 * given, so that an action stays a line or two.
 */
#include <ctype.h>
#include <errno.h>
#include <limits.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <linux/netfilter.h>
#include <parse_build.h>
#include <obj.h>
#include <sobj.h>

/* Locations and errors */

/* From the start of @a to the end of @b (same input). */
struct location parser_span(const struct location *a, const struct location *b)
{
	struct location loc = *a;

	if (b->indesc == a->indesc) {
		loc.last_line = b->last_line;
		loc.last_column = b->last_column;
	}
	return loc;
}

void parser_error(struct parser_state *st, const struct location *loc,
		  const char *fmt, ...)
{
	struct error_record *erec;
	va_list ap;

	/* the scanner ends the input at the limit; what the parser says
	 * about that end is not worth an error of its own */
	if (st->nerrs >= PARSER_MAX_ERRORS)
		return;
	va_start(ap, fmt);
	erec = erec_vcreate(EREC_ERROR, loc, fmt, ap);
	va_end(ap);
	erec_queue(erec, st->msgs);
	st->nerrs++;
}

/*
 * The source text under a one-line location, for messages; "" when it
 * spans lines or has no source.
 */
bool parser_loc_text(const struct location *loc, char *buf, size_t size)
{
	const struct input_descriptor *in = loc->indesc;
	unsigned int line = 1;
	size_t len, pos = 0;

	buf[0] = '\0';
	if (!in || !in->data || loc->first_line != loc->last_line ||
	    loc->last_column < loc->first_column)
		return false;
	/* by length, not up to a NUL: the input may hold any byte */
	while (pos < in->len && line < loc->first_line) {
		if (in->data[pos++] == '\n')
			line++;
	}
	pos += loc->first_column - 1;
	len = loc->last_column - loc->first_column + 1;
	if (pos > in->len || in->len - pos < len || len >= size)
		return false;
	memcpy(buf, in->data + pos, len);
	buf[len] = '\0';
	return true;
}

/* Appends to the string in @buf, truncating at @size. */
void parser_buf_add(char *buf, size_t size, const char *fmt, ...)
{
	size_t len = strlen(buf);
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(buf + len, size - len, fmt, ap);
	va_end(ap);
}

/* Node builders: each keeps a grammar action to a line or two. */

/* Scopes and variables */

static struct scope *parser_scope(const struct parser_state *st)
{
	return st->scopes[st->num_scopes - 1];
}

void parser_scope_push(struct parser_state *st)
{
	if (st->num_scopes == PARSER_MAX_SCOPES)
		BUG("scopes nested too deeply");
	st->scopes[st->num_scopes] = scope_alloc(parser_scope(st));
	st->num_scopes++;
}

void parser_scope_pop(struct parser_state *st)
{
	if (st->num_scopes <= 1)
		BUG("popping the top scope");
	st->num_scopes--;
	scope_free(st->scopes[st->num_scopes]);
}

void parser_define(struct parser_state *st, const struct location *loc,
		   const char *name, struct expr *expr, bool redefine)
{
	struct scope *scope = parser_scope(st);

	if (!redefine && str_hash_lookup(&scope->symbols, name)) {
		parser_error(st, loc, "redefinition of symbol '%s'", name);
		expr_free(expr);
		return;
	}
	symbol_bind(scope, name, loc, expr);
}

void parser_undefine(struct parser_state *st, const struct location *loc,
		     const char *name)
{
	if (symbol_unbind(parser_scope(st), name) < 0)
		parser_error(st, loc, "undefined symbol '%s'", name);
}

/* The expression @name is bound to (counted as used), NULL if none. */
const struct expr *parser_var_value(struct parser_state *st,
				    const char *name)
{
	struct symbol *sym = symbol_lookup_scope(parser_scope(st), name);

	if (!sym)
		return NULL;
	sym->refcnt++;
	return sym->expr;
}

/*
 * $name: a variable referring to the bound expression. An unknown name is
 * an error; a symbol stands in so that parsing goes on.
 */
struct expr *parser_var_ref(struct parser_state *st, const char *name,
			    const struct location *loc)
{
	struct symbol *sym = symbol_lookup_scope(parser_scope(st), name);

	if (!sym) {
		struct location at = *loc;

		/* 1.1.3 marks the name, not its '$' */
		if (at.first_line == at.last_line &&
		    at.last_column > at.first_column)
			at.first_column++;
		parser_error(st, &at, "unknown identifier '%s'", name);
		st->var_unknown = *loc;
		return symbol_expr_alloc(loc, name, false);
	}
	sym->refcnt++;
	return variable_expr_alloc(loc, name, expr_get(sym->expr));
}

/* "elements = $X", "add element t s $X" (elem_var_block): X must hold
 * a block "{ ... }", in 1.1.3's words (its add element crashes). */
void parser_var_block_check(struct parser_state *st, struct expr *block,
			    const char *set, bool map)
{
	struct expr *var, *v;

	var = list_first_entry(&block->expr_list.expressions, struct expr,
			       list);
	if (var->etype != EXPR_VARIABLE)	/* unknown: said */
		return;
	for (v = var; v && v->etype == EXPR_VARIABLE; v = v->variable.value)
		;
	if (!v || v->etype == EXPR_SET || v->etype == EXPR_LIST)
		return;
	parser_error(st, &v->location,
		     "Set %s: Unexpected initial type value, missing { }?",
		     set ? set : "");
	/* said once: a set's block holds the value instead, a map's
	 * nothing (the value is no mapping: it would be said again) */
	if (!map)
		list_link_(&expr_clone(v)->list, var->list.prev, &var->list);
	else
		block->expr_list.size--;
	list_del(&var->list);
	expr_free(var);
}

/* Handles and commands */

/* Make @dst a copy of @src with its own strings. */
static void parser_handle_assign(struct handle *dst, const struct handle *src)
{
	handle_free(dst);
	*dst = *src;
	dst->table.name = xstrdup(src->table.name);
	dst->chain.name = xstrdup(src->chain.name);
	dst->set.name = xstrdup(src->set.name);
}

/* Family and table of @src into @dst, keeping @dst's chain. */
static void parser_handle_inherit(struct handle *dst, const struct handle *src)
{
	dst->family = src->family;
	xfree(dst->table.name);
	dst->table.name = xstrdup(src->table.name);
	dst->table.location = src->table.location;
}

void parser_set_id(struct handle_spec_id *id, uint64_t value,
		   const struct location *loc)
{
	id->id = value;
	id->location = *loc;
}

uint64_t parser_number(struct parser_state *st, const char *text,
		       const struct location *loc)
{
	unsigned long long v;
	char *end;

	errno = 0;
	v = strtoull(text, &end, 0);
	if (errno == ERANGE) {
		parser_error(st, loc, "number %s is out of range (at most %llu)",
			     text, ULLONG_MAX);
		return 0;
	}
	if (errno || *end) {
		parser_error(st, loc, "invalid number '%s'", text);
		return 0;
	}
	return v;
}

/*
 * Handles travel on the parser's stack as pointers: a struct handle is
 * large, and bison copies values at every reduction.
 */
struct handle *parser_handle_new(uint32_t family)
{
	struct handle *h = xzalloc(sizeof(*h));

	h->family = family;
	return h;
}

/* A table's handle: @family, table @name (taken over) written at @loc. */
struct handle *parser_table_handle(uint32_t family, char *name,
				   const struct location *loc)
{
	struct handle *h = parser_handle_new(family);

	h->table.name = name;
	h->table.location = *loc;
	return h;
}

void parser_handle_free(struct handle *h)
{
	handle_free(h);
	xfree(h);
}

/* A command taking over @h (its strings move into the command) and
 * @data. */
struct cmd *parser_cmd(enum cmd_ops op, enum cmd_obj obj, struct handle *h,
		       const struct location *loc, void *data)
{
	struct cmd *cmd = cmd_alloc(op, obj, h, loc, data);

	xfree(h);
	cmd->json_index = -1;
	return cmd;
}

/* The whole command's span, keyword included. */
struct cmd *parser_cmd_at(struct cmd *cmd, const struct location *loc)
{
	cmd->location = *loc;
	return cmd;
}

struct cmd *parser_family_cmd(enum cmd_ops op, enum cmd_obj obj,
			      uint32_t family, const struct location *loc)
{
	return parser_cmd(op, obj, parser_handle_new(family), loc, NULL);
}

/* Rules of @chain get its family, table and name. */
static void parser_chain_fixup(struct chain *chain)
{
	struct rule *rule;

	list_for_each_entry(rule, &chain->rules, list)
		parser_handle_assign(&rule->handle, &chain->handle);
}

struct cmd *parser_rule_cmd(enum cmd_ops op, struct handle *h,
			    struct rule *rule, const struct location *loc)
{
	parser_handle_assign(&rule->handle, h);
	return parser_cmd(op, CMD_OBJ_RULE, h, loc, rule);
}

/* Stateful objects (src/obj/sobj.c): the block's words become the
 * object; the name goes in the handle's chain slot. */
static struct sobj *parser_sobj(struct parser_state *st, uint32_t type,
				struct sobj_words *ws,
				const struct location *loc)
{
	struct sobj *o = sobj_from_words(type, ws, loc, st->msgs);

	if (!o)
		st->nerrs++;
	sobj_words_free(ws);
	return o;
}

struct cmd *parser_sobj_cmd(struct parser_state *st, enum cmd_ops op,
			    uint32_t type, struct handle *h,
			    struct sobj_words *ws, const struct location *loc)
{
	struct sobj *o = NULL;

	if (op == CMD_ADD) {
		o = parser_sobj(st, type, ws, loc);
		if (o)
			handle_copy(&o->handle, h);
	} else {
		sobj_words_free(ws);
	}
	return parser_cmd(op, sobj_type_cmd(type), h, loc, o);
}

void parser_table_add_sobj(struct parser_state *st, struct table *table,
			   uint32_t type, char *name,
			   const struct location *name_loc,
			   struct sobj_words *ws, const struct location *loc)
{
	struct sobj *o = parser_sobj(st, type, ws, loc);

	if (!o) {
		xfree(name);
		return;
	}
	o->handle.chain.name = name;
	o->handle.chain.location = *name_loc;
	list_add_tail(&o->list, &table->objs);
}

/* The keywords 1.1.3 takes as an object's name, by kind (found by
 * running it): the scanner's words of other scopes. */
static const char *const obj_name_any[] = {
	"bypass", "chains", "chunk", "fanout", "flowtables", "fully-random",
	"group", "hooks", "last", "level", "maps", "mod", "num", "offset",
	"option", "persistent", "prefix", "queue-threshold", "seed", "sets",
	"snaplen", "spnum", "tables", "to", "ttl", "with", NULL,
};

static const char *const *const obj_name_kind[] = {
	[NFT_OBJECT_COUNTER] = (const char *const[]){ "burst", "count",
		"mss", "over", "rate", "sack-perm", "timestamp", "until",
		"used", "wscale", NULL },
	[NFT_OBJECT_QUOTA] = (const char *const[]){ "burst", "count", "mss",
		"packets", "rate", "sack-perm", "timestamp", "wscale", NULL },
	[NFT_OBJECT_LIMIT] = (const char *const[]){ "count", "mss",
		"sack-perm", "timestamp", "until", "used", "wscale", NULL },
	[NFT_OBJECT_SYNPROXY] = (const char *const[]){ "burst", "bytes",
		"count", "over", "packets", "rate", "until", "used", NULL },
	[NFT_OBJECT_SECMARK] = (const char *const[]){ "burst", "bytes",
		"count", "mss", "name", "over", "packets", "rate",
		"sack-perm", "timestamp", "until", "used", "wscale", NULL },
	[NFT_OBJECT_CT_HELPER] = (const char *const[]){ "burst", "mss",
		"name", "rate", "sack-perm", "timestamp", "until", "used",
		"wscale", NULL },
	[NFT_OBJECT_CT_TIMEOUT] = (const char *const[]){ "burst", "mss",
		"name", "rate", "sack-perm", "timestamp", "until", "used",
		"wscale", NULL },
	[NFT_OBJECT_CT_EXPECT] = (const char *const[]){ "burst", "mss",
		"name", "rate", "sack-perm", "timestamp", "until", "used",
		"wscale", NULL },
};

static bool word_in(const char *const *list, const char *w)
{
	for (; list && *list; list++)
		if (!strcmp(*list, w))
			return true;
	return false;
}

bool parser_obj_name_kw(struct parser_state *st, const char *kw,
			const struct location *loc)
{
	uint32_t k = st->obj_kind;

	if (word_in(obj_name_any, kw) ||
	    (k < array_size(obj_name_kind) && word_in(obj_name_kind[k], kw)))
		return true;
	parser_error(st, loc, "syntax error, unexpected %s, expecting string or last",
		     kw);
	return false;
}

bool parser_obj_bare_kind(struct parser_state *st, const char *word,
			 bool quoted, const struct location *loc)
{
	const struct sobj_ops *k = sobj_ops_lookup(st->obj_kind);

	/* the kinds of one setting per item need their braces */
	if (k && k->items) {
		parser_error(st, loc,
			     "syntax error, unexpected %s, expecting '{'",
			     quoted ? "quoted string" :
			     isdigit((unsigned char)word[0]) ? "number" : word);
		return false;
	}
	return true;
}

void parser_obj_bare(struct sobj_words *ws, const struct location *loc,
		     const struct location *name_loc)
{
	ws->bare = true;
	/* what a setting's error spans from, where a brace would be */
	ws->open = *name_loc;
	/* the command's end, just past its last word */
	ws->close = *loc;
	ws->close.first_line = ws->close.last_line;
	ws->close.first_column = ws->close.last_column + 1;
	ws->close.last_column = ws->close.first_column;
}

/* "ct foo": a syntax error to 1.1.3, whose grammar has the kinds as
 * keywords after "ct" ("helpers" too where objects are listed) */
static void parser_ct_kind_error(struct parser_state *st,
				 const struct location *loc, bool list)
{
	parser_error(st, loc,
		     "syntax error, unexpected string, expecting timeout or expectation or helper%s",
		     list ? " or helpers" : "");
}

uint32_t parser_ct_obj_type(struct parser_state *st, const char *kind,
			    const struct location *loc, bool list)
{
	if (!strcmp(kind, "helper") || !strcmp(kind, "helpers"))
		return NFT_OBJECT_CT_HELPER;
	if (!strcmp(kind, "timeout") || !strcmp(kind, "timeouts"))
		return NFT_OBJECT_CT_TIMEOUT;
	if (!strcmp(kind, "expectation") || !strcmp(kind, "expectations"))
		return NFT_OBJECT_CT_EXPECT;
	parser_ct_kind_error(st, loc, list);
	return NFT_OBJECT_UNSPEC;
}

/* "list counters", "list ct helpers": the kind of the plural word */
static enum cmd_obj parser_sobjs_kind(const char *word)
{
	static const struct {
		const char *word;
		enum cmd_obj obj;
	} words[] = {
		{ "counters", CMD_OBJ_COUNTERS }, { "quotas", CMD_OBJ_QUOTAS },
		{ "limits", CMD_OBJ_LIMITS }, { "secmarks", CMD_OBJ_SECMARKS },
		{ "synproxys", CMD_OBJ_SYNPROXYS },
		{ "helpers", CMD_OBJ_CT_HELPERS },
		{ "timeouts", CMD_OBJ_CT_TIMEOUTS },
		{ "expectations", CMD_OBJ_CT_EXPECTS },
	};
	unsigned int i;

	for (i = 0; i < array_size(words); i++)
		if (!strcmp(word, words[i].word))
			return words[i].obj;
	return CMD_OBJ_INVALID;
}

/* The end of @loc, where a missing word was expected */
static struct location loc_after(const struct location *loc)
{
	struct location end = *loc;

	end.first_line = end.last_line;
	end.first_column = end.last_column + 1;
	end.last_column = end.first_column;
	return end;
}

/*
 * "reset rules [FAMILY]", "reset rules [table] [FAMILY] T", "reset rules
 * [chain] [FAMILY] T C": the listing of the ruleset, table or chain with
 * its rules fetched by NFT_MSG_GETRULE_RESET (src/print.c).
 */
static struct cmd *parser_reset_rules_cmd(struct parser_state *st,
					  struct sobj_words *ws,
					  const struct location *kind_loc,
					  const struct location *loc)
{
	struct handle *h = parser_handle_new(NFPROTO_UNSPEC);
	enum cmd_obj obj = CMD_OBJ_RULESET;
	unsigned int i = 0, names = 0, max = 2;
	struct location end;
	struct cmd *cmd;

	if (i < ws->n && (!strcmp(ws->w[i].text, "table") ||
			  !strcmp(ws->w[i].text, "chain"))) {
		max = names = ws->w[i].text[0] == 't' ? 1 : 2;
		i++;
	}
	if (i < ws->n && family_lookup(ws->w[i].text, &h->family))
		i++;
	else if (names || i < ws->n)
		h->family = NFPROTO_IPV4;
	if (ws->n - i > max) {
		parser_error(st, &ws->w[i + max].location,
			     "syntax error, unexpected string, expecting end of file or newline or semicolon");
		goto err;
	}
	if (ws->n - i < names) {
		end = loc_after(ws->n ? &ws->w[ws->n - 1].location : kind_loc);
		parser_error(st, &end,
			     "syntax error, unexpected newline, expecting string or last");
		goto err;
	}
	if (i < ws->n) {
		obj = CMD_OBJ_TABLE;
		h->table.name = xstrdup(ws->w[i].text);
		h->table.location = ws->w[i].location;
	}
	if (++i < ws->n) {
		obj = CMD_OBJ_CHAIN;
		h->chain.name = xstrdup(ws->w[i].text);
		h->chain.location = ws->w[i].location;
	}
	sobj_words_free(ws);
	cmd = parser_cmd(CMD_LIST, obj, h, loc, NULL);
	cmd->reset_rules = true;
	return cmd;
err:
	sobj_words_free(ws);
	parser_handle_free(h);
	return NULL;
}

/*
 * "export [ruleset] xml|json|vm json": refused as 1.1.3 refuses it, in
 * its words (the export formats are gone; "nft -j list ruleset" is
 * JSON). Always an error.
 */
void parser_export_cmd(struct parser_state *st, struct sobj_words *ws,
		       const struct location *loc)
{
	bool ruleset = ws->n && !strcmp(ws->w[0].text, "ruleset");
	const char *expect = ruleset ? "xml or json or vm" :
				       "ruleset or xml or json or vm";
	struct sobj_word *w = ws->w + ruleset;
	unsigned int n = ws->n - ruleset, used;
	struct location whole = *loc, end;

	/* marked to the end of the command, its separator too */
	whole.last_column++;
	if (!n) {
		end = loc_after(ruleset ? &ws->w[0].location : loc);
		parser_error(st, &end, "syntax error, unexpected newline, expecting %s",
			     expect);
	} else if (!strcmp(w[0].text, "vm") && n == 1) {
		end = loc_after(&w[0].location);
		parser_error(st, &end, "syntax error, unexpected newline, expecting json");
	} else if (!strcmp(w[0].text, "vm") && strcmp(w[1].text, "json")) {
		parser_error(st, &w[1].location,
			     "syntax error, unexpected %s, expecting json",
			     strcmp(w[1].text, "xml") ? "string" : "xml");
	} else if (strcmp(w[0].text, "vm") && strcmp(w[0].text, "json") &&
		   strcmp(w[0].text, "xml")) {
		parser_error(st, &w[0].location,
			     "syntax error, unexpected string, expecting %s",
			     expect);
	} else if ((used = !strcmp(w[0].text, "vm") ? 2 : 1) < n) {
		parser_error(st, &w[used].location,
			     "syntax error, unexpected string, expecting end of file or newline or semicolon");
	} else if (!strcmp(w[0].text, "xml")) {
		parser_error(st, &whole,
			     "this output type is not supported, use nft -j list ruleset for JSON support instead");
	} else {
		parser_error(st, &whole,
			     "JSON export is no longer supported, use 'nft -j list ruleset' instead");
	}
	sobj_words_free(ws);
}

/* "list meters [FAMILY]": the dynamic sets and maps of every table */
static struct cmd *parser_list_meters_cmd(struct parser_state *st,
					  struct sobj_words *ws,
					  const struct location *loc)
{
	uint32_t family = NFPROTO_UNSPEC;
	unsigned int i = 0;

	if (i < ws->n && family_lookup(ws->w[i].text, &family))
		i++;
	if (i < ws->n) {
		parser_error(st, &ws->w[i].location,
			     "syntax error, unexpected %s, expecting end of file or newline or semicolon",
			     !strcmp(ws->w[i].text, "table") ? "table" :
							       "string");
		sobj_words_free(ws);
		return NULL;
	}
	sobj_words_free(ws);
	return parser_family_cmd(CMD_LIST, CMD_OBJ_METERS, family, loc);
}

/* "reset rule [FAMILY] T C handle N": table T listed with chain C, which
 * holds rule N only, fetched by NFT_MSG_GETRULE_RESET */
struct cmd *parser_reset_rule_cmd(struct handle *h, uint64_t handle,
				  const struct location *handle_loc,
				  const struct location *loc)
{
	struct cmd *cmd;

	parser_set_id(&h->handle, handle, handle_loc);
	cmd = parser_cmd(CMD_LIST, CMD_OBJ_TABLE, h, loc, NULL);
	cmd->reset_rules = true;
	return cmd;
}

/* Which objects "list|reset [ct] KIND WORDS..." names, CMD_OBJ_INVALID
 * after an error; @plural and @of_table say how the words go on:
 * "table [family] T" only, for "list ct helpers table T" and "list ct
 * timeout table T". */
static enum cmd_obj parser_ct_list_kind(struct parser_state *st,
					enum cmd_ops op, const char *prefix,
					const char *kind,
					const struct location *kind_loc,
					const struct sobj_words *ws,
					const struct location *loc,
					bool *plural, bool *of_table)
{
	enum cmd_obj obj = CMD_OBJ_INVALID;
	struct location at;
	uint32_t f;

	if (prefix && !*plural) {
		uint32_t type = parser_ct_obj_type(st, kind, kind_loc, true);

		if (type == NFT_OBJECT_UNSPEC)
			return CMD_OBJ_INVALID;
		obj = sobj_type_cmd(type);
		/* "list ct timeout table [family] T": every ct timeout (or
		 * expectation) of a table, as "list ct helpers table T" */
		if (op == CMD_LIST && ws->n && !strcmp(ws->w[0].text, "table") &&
		    (obj == CMD_OBJ_CT_TIMEOUT || obj == CMD_OBJ_CT_EXPECT)) {
			obj = obj == CMD_OBJ_CT_TIMEOUT ? CMD_OBJ_CT_TIMEOUTS :
							  CMD_OBJ_CT_EXPECTS;
			*plural = true;
			*of_table = true;
		}
	} else if (*plural) {
		obj = parser_sobjs_kind(kind);
	}
	/* "ct helpers", but "counters" ("ct timeouts" is no word to
	 * 1.1.3) */
	if (*plural && (obj == CMD_OBJ_CT_HELPERS || obj == CMD_OBJ_CT_TIMEOUTS ||
			obj == CMD_OBJ_CT_EXPECTS) != !!prefix)
		obj = CMD_OBJ_INVALID;
	if (op == CMD_LIST && prefix && *plural && obj != CMD_OBJ_CT_HELPERS &&
	    !*of_table)
		obj = CMD_OBJ_INVALID;
	/* "list ct helpers" takes "table [family] T", no less: 1.1.3's
	 * grammar */
	if (obj == CMD_OBJ_CT_HELPERS) {
		if (!ws->n || strcmp(ws->w[0].text, "table")) {
			at = ws->n ? ws->w[0].location : loc_after(loc);
			parser_error(st, &at,
				     "syntax error, unexpected %s, expecting table",
				     !ws->n ? "newline" :
				     family_lookup(ws->w[0].text, &f) ?
				     ws->w[0].text : "string");
			return CMD_OBJ_INVALID;
		}
		*of_table = true;
	}
	if (obj == CMD_OBJ_INVALID) {
		if (prefix)
			parser_ct_kind_error(st, kind_loc, true);
		else
			parser_error(st, kind_loc, "syntax error, unexpected string");
	}
	return obj;
}

/* The table (and object) @ws names after the kind: "[family] T NAME" for
 * one object, "[family] [table [family] T]" for a kind's, "table [family]
 * T" where @of_table */
static void parser_ct_list_handle(struct parser_state *st, struct handle *h,
				  const struct sobj_words *ws,
				  const struct location *loc, bool plural,
				  bool of_table)
{
	unsigned int i = 0, left;
	bool in_table = false;
	struct location at;

	if (plural && i < ws->n && !strcmp(ws->w[i].text, "table")) {
		i++;
		h->family = NFPROTO_IPV4;
		in_table = true;
	}
	if (i < ws->n && family_lookup(ws->w[i].text, &h->family))
		i++;
	left = ws->n - i;
	/* "list counters table ip": a table called ip */
	if (in_table && !left && i == 2 && !of_table) {
		h->family = NFPROTO_IPV4;
		i--;
		left++;
	}
	/* "list ct timeout table [family]" takes one name, as 1.1.3's
	 * grammar does: a word missing or one too many is a syntax error */
	if (of_table && left != 1) {
		at = left ? ws->w[i + 1].location : loc_after(loc);
		parser_error(st, &at, left ?
			     "syntax error, unexpected string, expecting end of file or newline or semicolon" :
			     "syntax error, unexpected newline, expecting string or last");
		return;
	}
	if (plural && left == 1) {
		h->table.name = xstrdup(ws->w[i].text);
		h->table.location = ws->w[i].location;
	} else if (!plural && left == 2) {
		h->table.name = xstrdup(ws->w[i].text);
		h->table.location = ws->w[i].location;
		h->chain.name = xstrdup(ws->w[i + 1].text);
		h->chain.location = ws->w[i + 1].location;
	} else if (!plural) {
		/* "list ct timeout [family] T NAME", in 1.1.3's words */
		at = left > 2 ? ws->w[i + 2].location : loc_after(loc);
		parser_error(st, &at, left > 2 ?
			     "syntax error, unexpected string, expecting end of file or newline or semicolon" :
			     "syntax error, unexpected newline, expecting string or last");
	} else if (left) {
		parser_error(st, &ws->w[i].location,
			     "expected: [family] [table [family] NAME]");
	} else if (in_table) {
		parser_error(st, loc, "expected: [family] [table [family] NAME]");
	}
}

/* "list counters [family] [table [family] T]", "list ct helper T h",
 * "reset quotas": @prefix "ct" or NULL, @kind the word after it; which
 * objects is told by the words that follow */
struct cmd *parser_ct_list_cmd(struct parser_state *st, enum cmd_ops op,
			       const char *prefix, char *kind,
			       const struct location *kind_loc,
			       struct sobj_words *ws,
			       const struct location *loc)
{
	bool plural = kind[strlen(kind) - 1] == 's', of_table = false;
	struct handle *h;
	enum cmd_obj obj;

	if (op == CMD_LIST && !prefix && !strcmp(kind, "meters")) {
		xfree(kind);
		return parser_list_meters_cmd(st, ws, loc);
	}
	if (op == CMD_RESET && !prefix && !strcmp(kind, "rules")) {
		xfree(kind);
		return parser_reset_rules_cmd(st, ws, kind_loc, loc);
	}
	obj = parser_ct_list_kind(st, op, prefix, kind, kind_loc, ws, loc,
				  &plural, &of_table);
	xfree(kind);
	if (obj == CMD_OBJ_INVALID) {
		sobj_words_free(ws);
		return NULL;
	}
	h = parser_handle_new(plural ? NFPROTO_UNSPEC : NFPROTO_IPV4);
	parser_ct_list_handle(st, h, ws, loc, plural, of_table);
	sobj_words_free(ws);
	return parser_cmd(op, obj, h, loc, NULL);
}


struct cmd *parser_table_cmd(struct parser_state *st, struct handle *h,
			     struct table *table, const struct location *loc)
{
	struct flowtable *ft;
	struct chain *chain;
	struct sobj *o;
	struct set *set;

	if (table) {
		parser_scope_pop(st);
		table->has_block = true;
	} else {
		table = table_alloc();
	}
	parser_handle_assign(&table->handle, h);
	table->location = *loc;
	list_for_each_entry(chain, &table->chains, list) {
		parser_handle_inherit(&chain->handle, h);
		parser_chain_fixup(chain);
	}
	list_for_each_entry(ft, &table->flowtables, list)
		parser_handle_inherit(&ft->handle, h);
	list_for_each_entry(o, &table->objs, list)
		parser_handle_inherit(&o->handle, h);
	list_for_each_entry(set, &table->sets, list)
		parser_handle_inherit(&set->handle, h);
	return parser_cmd(CMD_ADD, CMD_OBJ_TABLE, h, loc, table);
}

struct cmd *parser_chain_cmd(struct parser_state *st, enum cmd_ops op,
			     struct handle *h, struct chain *chain,
			     const struct location *loc)
{
	parser_handle_assign(&chain->handle, h);
	chain->location = *loc;
	parser_chain_fixup(chain);
	return parser_cmd(op, CMD_OBJ_CHAIN, h, loc, chain);
}

/* Named sets (src/obj/set.c) */

/* @open, @body: the declaration's opening brace and its items, which
 * 1.1.3 marks as the declaration */
struct cmd *parser_set_cmd(struct parser_state *st, enum cmd_ops op,
			   struct handle *h, struct set *set,
			   const struct location *loc,
			   const struct location *open,
			   const struct location *body)
{
	parser_handle_assign(&set->handle, h);
	set->location = *loc;
	set->decl_loc = *open;
	if (set->init_var)
		parser_var_block_check(st, set->init, h->set.name,
				       set->flags & NFT_SET_MAP);
	if (body->indesc == open->indesc) {
		set->decl_loc.last_line = body->last_line;
		set->decl_loc.last_column = body->last_column;
	}
	return parser_cmd(op, CMD_OBJ_SET, h, loc, set);
}

/* A declaration's key or comment given twice: refused under the second,
 * in 1.1.3's words. */
void parser_set_once(struct parser_state *st, bool given,
		     const struct location *first, const struct location *last)
{
	struct location loc = *first;

	if (!given)
		return;
	if (last->indesc == first->indesc) {
		loc.last_line = last->last_line;
		loc.last_column = last->last_column;
	}
	parser_error(st, &loc,
		     "You can only specify this once. This statement is duplicated.");
}

/* The same for the key; the first one dropped so that the second is
 * not refused again. A map's is marked under its keyword alone, as
 * 1.1.3 marks it. */
void parser_set_key_once(struct parser_state *st, struct set *set,
			 const struct location *first,
			 const struct location *last)
{
	if (!set->key && !set->key_types)
		return;
	parser_set_once(st, true, first, last);
	if (set->key)
		expr_free(set->key);
	set->key = NULL;
	xfree(set->key_types);
	set->key_types = NULL;
}

/* "typeof ip saddr . tcp dport": the key is the expression itself. */
void parser_set_typeof(struct parser_state *st, struct set *set, char *kw,
		       const struct location *kw_loc, struct expr *key,
		       const struct location *loc)
{
	if (!strcmp(kw, "typeof"))
		parser_set_key_once(st, set, kw_loc, loc);
	if (strcmp(kw, "typeof")) {
		parser_error(st, kw_loc, "unknown set declaration '%s'", kw);
		expr_free(key);
	} else {
		if (set->key)
			expr_free(set->key);
		set->key = key;
		set->key_typeof = true;
		set->key_loc = *loc;
	}
	xfree(kw);
}

/* "typeof KEY : ct helper" (ct timeout, ct expectation): the data is
 * an object's kind, as 1.1.3 takes it; NULL if @data is an expression */
static const char *parser_typeof_ct_obj(const struct expr *data)
{
	if (data->etype == EXPR_CT && data->ct.key == NFT_CT_HELPER &&
	    data->ct.direction < 0)
		return "ct helper";
	if (data->etype == EXPR_SYMBOL && !data->symbol.quoted &&
	    (!strcmp(data->symbol.identifier, "ct timeout") ||
	     !strcmp(data->symbol.identifier, "ct expectation")))
		return data->symbol.identifier;
	return NULL;
}

/* "typeof ip saddr : meta mark": a map's key and data. */
void parser_map_typeof(struct parser_state *st, struct set *set, char *kw,
		       const struct location *kw_loc, struct expr *key,
		       const struct location *loc, struct expr *data,
		       const struct location *data_loc)
{
	const char *obj = parser_typeof_ct_obj(data);

	if (obj) {
		parser_map_typeof_names(st, set, kw, kw_loc, key, loc,
					xstrdup(obj), data_loc, data_loc);
		expr_free(data);
		return;
	}
	if (!strcmp(kw, "typeof"))
		parser_set_key_once(st, set, kw_loc, kw_loc);
	parser_set_typeof(st, set, kw, kw_loc, key, loc);
	if (set->data)
		expr_free(set->data);
	set->data = data;
	set->data_typeof = true;
	set->data_loc = *data_loc;
}

/* "typeof KEY : NAMES" (a verdict, an object's kind): a type there is
 * refused by 1.1.3's parser as it reads it, under its first name
 * (@first), before whatever syntax error follows. Takes @kw, @key and
 * @names. */
void parser_map_typeof_names(struct parser_state *st, struct set *set,
			     char *kw, const struct location *kw_loc,
			     struct expr *key, const struct location *loc,
			     char *names, const struct location *names_loc,
			     const struct location *first)
{
	if (!strcmp(kw, "typeof")) {
		parser_set_key_once(st, set, kw_loc, kw_loc);
		set->typeof_data_refused = !set_typeof_data_name_ok(names);
		if (set->typeof_data_refused)
			parser_error(st, first,
				     "map data type '%.*s' lacks typeof serialization",
				     (int)strcspn(names, " ."), names);
	}
	parser_set_typeof(st, set, kw, kw_loc, key, loc);
	xfree(set->data_types);
	set->data_types = names;
	set->data_loc = *names_loc;
}

void parser_map_interval(struct parser_state *st, struct set *set, char *kw,
			 const struct location *kw_loc)
{
	if (strcmp(kw, "interval"))
		parser_error(st, kw_loc,
			     "unknown map data qualifier '%s': expected interval",
			     kw);
	else
		set->data_interval = true;
	xfree(kw);
}

/* Elements travel in a set of their own, named like the target. */
struct cmd *parser_element_cmd(enum cmd_ops op, struct handle *h,
			       struct expr *elems, const struct location *loc)
{
	struct set *set = set_alloc(loc);

	set->init = elems;
	parser_handle_assign(&set->handle, h);
	return parser_cmd(op, CMD_OBJ_ELEMENT, h, loc, set);
}

void parser_table_add_set(struct parser_state *st, struct table *table,
			  char *name, const struct location *name_loc,
			  struct set *set, const struct location *loc)
{
	xfree(set->handle.set.name);
	set->handle.set.name = name;
	set->handle.set.location = *name_loc;
	set->location = *loc;
	set->decl_loc = *name_loc;
	if (set->init_var)
		parser_var_block_check(st, set->init, name,
				       set->flags & NFT_SET_MAP);
	table_add_set(table, set);
}

uint32_t parser_set_flag(struct parser_state *st, char *name,
			 const struct location *loc)
{
	const char *err;
	uint32_t flag = 0;

	/* 1.1.3's grammar knows the flags as words */
	err = set_flag_parse(name, &flag);
	if (err)
		parser_error(st, loc, "syntax error, unexpected string, expecting constant or interval or dynamic or timeout");
	xfree(name);
	return flag;
}

/*
 * A duration ("1h2m", "0s": none) as 1.1.3 reads one: what its scanner
 * cannot take as one is a number it did not expect ("42", the "1" of
 * "1x") or else a wrong format; false with the error said.
 */
static bool parser_duration(struct parser_state *st, const char *value,
			    const struct location *vloc, uint64_t *ms)
{
	struct location at = *vloc;
	const char *p, *err;
	size_t n;

	if (last_used_parse(value, ms)) {
		/* 1.1.3 takes no part of 100000000 or more */
		for (p = value; *p; p += n ? n : 1) {
			n = strspn(p, "0123456789");
			if (n > DURATION_DIGITS_MAX) {
				parser_error(st, vloc, "value too large");
				return false;
			}
		}
		return true;
	}
	n = strspn(value, "0123456789");
	if (!n) {
		err = duration_word_parse(value, ms);
		if (!err)
			return true;
		if (err[0] >= 'A' && err[0] <= 'Z')
			parser_error(st, vloc, "%s has been specified twice",
				     err);
		else
			parser_error(st, vloc, "%s", err);
		return false;
	}
	if (at.first_line == at.last_line &&
	    at.first_column + n - 1 <= at.last_column)
		at.last_column = at.first_column + n - 1;
	parser_error(st, &at, "syntax error, unexpected number, expecting string");
	return false;
}

/* "timeout 10s", "expires 5s" after an element */
bool parser_is_elem_opt(const char *word)
{
	return !strcmp(word, "timeout") || !strcmp(word, "expires");
}

/* A syntax error found by an action: "unexpected string 'x'", as bison
 * would have put it had the word been a token of its own. */
void parser_unexpected(struct parser_state *st, const struct location *loc,
		       const char *token, const char *text)
{
	if (text)
		parser_error(st, loc, "syntax error, unexpected %s '%s'",
			     token, text);
	else
		parser_error(st, loc, "syntax error, unexpected %s", token);
}

/* false where the value is no duration: a syntax error to the
 * reference, the caller recovers as from one */
bool parser_elem_opt(struct parser_state *st, struct expr *m, char *key,
		     const struct location *kloc, char *value,
		     const struct location *vloc)
{
	bool ok = true;
	uint64_t ms;

	if (strcmp(key, "timeout") && strcmp(key, "expires"))
		parser_error(st, kloc,
			     "unknown element option '%s': expected timeout, expires, comment or counter",
			     key);
	else if (!parser_duration(st, value, vloc, &ms))
		ok = false;
	else if (!strcmp(key, "timeout"))
		set_elem_info_of(m)->timeout = ms;
	else
		set_elem_info_of(m)->expires = ms;
	xfree(key);
	xfree(value);
	return ok;
}

/* false where the value is not a duration the key needs: a syntax
 * error to the reference, so the caller recovers as from one */
bool parser_set_item(struct parser_state *st, struct set *set, char *key,
		     char *value, const struct location *loc,
		     const struct location *vloc)
{
	uint64_t ms;
	char *err;
	bool ok;

	if (value && (!strcmp(key, "timeout") || !strcmp(key, "gc-interval"))) {
		ok = parser_duration(st, value, vloc, &ms);
		if (ok)
			*(key[0] == 't' ? &set->timeout : &set->gc_int) = ms;
		xfree(key);
		xfree(value);
		return ok;
	}
	err = set_item_parse(set, key, value);

	if (!strcmp(key, "auto-merge"))
		set->auto_merge_loc = *loc;
	if (!strcmp(key, "size"))
		set->size_loc = *loc;
	if (err) {
		parser_error(st, loc, "%s", err);
		xfree(err);
	}
	xfree(key);
	xfree(value);
	return true;
}

/* Objects */

void parser_table_add_chain(struct table *table, char *name,
			    const struct location *name_loc,
			    struct chain *chain, const struct location *loc)
{
	xfree(chain->handle.chain.name);
	chain->handle.chain.name = name;
	chain->handle.chain.location = *name_loc;
	chain->location = *loc;
	chain->has_block = true;
	table_add_chain(table, chain);
}

uint32_t parser_table_flag(struct parser_state *st, const char *name,
			   const struct location *loc)
{
	uint32_t flag;

	if (table_flag_lookup(name, &flag))
		return flag;
	parser_error(st, loc, "unknown table flag '%s'", name);
	return 0;
}

/* "add|delete flowtable [family] t ft { ... }" */
struct cmd *parser_flowtable_cmd(enum cmd_ops op, struct handle *h,
				 struct flowtable *ft,
				 const struct location *loc)
{
	parser_handle_assign(&ft->handle, h);
	ft->location = *loc;
	return parser_cmd(op, CMD_OBJ_FLOWTABLE, h, loc, ft);
}

/* A type or hook name no family has is a syntax error to the
 * reference: reported before the block is evaluated. */
void parser_chain_hook(struct parser_state *st, struct chain *chain,
		       char *type, const struct location *type_loc,
		       char *hook, const struct location *hook_loc)
{
	chain->hook_refused = true;
	if (!chain_type_known(type))
		parser_error(st, type_loc, "unknown chain type");
	else if (!hook_name_known(hook))
		parser_error(st, hook_loc, "unknown chain hook");
	else
		chain->hook_refused = false;
	xfree(chain->type);
	xfree(chain->hookstr);
	chain->type = type;
	chain->type_loc = *type_loc;
	chain->hookstr = hook;
	chain->hook_loc = *hook_loc;
	chain->has_hook = true;
	chain->flags |= CHAIN_F_BASECHAIN;
}

void parser_chain_devices(struct chain *chain, struct expr *devs)
{
	if (!devs)
		return;
	expr_free(chain->dev_expr);
	chain->dev_expr = devs;
}

/* "filter + 10": the evaluator resolves the name and adds the offset. */
struct expr *parser_prio_offset(const struct location *loc, char *base,
				const char *op, char *offset)
{
	char *text = xasprintf("%s %s %s", base, op, offset);
	struct expr *expr = symbol_expr_alloc(loc, text, false);

	xfree(text);
	xfree(base);
	xfree(offset);
	return expr;
}

/* define prio = filter + 10: the same symbol as "priority filter + 10". */
struct expr *parser_prio_define(const struct location *loc, struct expr *base,
				char *offset)
{
	struct expr *expr = parser_prio_offset(loc,
					       xstrdup(base->symbol.identifier),
					       "+", offset);

	expr_free(base);
	return expr;
}

struct rule *parser_rule_alloc(const struct location *loc)
{
	struct handle h;

	memset(&h, 0, sizeof(h));
	return rule_alloc(loc, &h);
}

static bool location_within(const struct location *in,
			    const struct location *outer)
{
	if (in->indesc != outer->indesc)
		return false;
	if (in->first_line < outer->first_line ||
	    (in->first_line == outer->first_line &&
	     in->first_column < outer->first_column))
		return false;
	return in->last_line < outer->last_line ||
	       (in->last_line == outer->last_line &&
		in->last_column <= outer->last_column);
}

bool parser_stmt_var_unknown(struct parser_state *st, const struct stmt *stmt)
{
	bool in;

	if (!st->var_unknown.indesc)
		return false;
	in = location_within(&st->var_unknown, &stmt->location);
	memset(&st->var_unknown, 0, sizeof(st->var_unknown));
	return in;
}

void parser_rule_add_stmt(struct rule *rule, struct stmt *stmt,
			  const struct location *loc)
{
	list_add_tail(&stmt->list, &rule->stmts);
	rule->num_stmts++;
	rule->location = *loc;
}

/*
 * "comment STRING" in a block, once: a second one is refused in upstream's
 * words, the caret under it (@item_loc: from the keyword to the string,
 * or the keyword alone).
 */
void parser_comment(struct parser_state *st, char **dst,
		    struct location *dst_loc, char *comment,
		    const struct location *comment_loc,
		    const struct location *item_loc)
{
	struct location loc = *item_loc;

	if (*dst) {
		if (loc.last_line == comment_loc->last_line &&
		    loc.indesc == comment_loc->indesc)
			loc.last_column = comment_loc->last_column;
		parser_error(st, &loc,
			     "You can only specify this once. This statement is duplicated.");
		xfree(comment);
		return;
	}
	*dst = comment;
	*dst_loc = *comment_loc;
}
