/*
 * The grammar of the text front end: a pure bison parser whose actions
 * only build nodes (commands, objects, expressions, statements). Checks of
 * meaning (valid hooks, priorities, types) belong to the evaluator; the
 * grammar reports what is plainly malformed, and looks up protocol fields
 * and meta keys in their tables so an unknown one gets a caret.
 *
 * Errors are records with locations; after a syntax error parsing resumes
 * at the next separator (newline or ';') of the innermost enclosing block,
 * so every error of a file is reported.
 *
 * The helpers the actions call come first (in %code); each builds one
 * kind of node so that the actions stay one or two lines. Syntax error
 * reporting and the entry point, nft_parse_text(), are at the end.
 */

%code requires {
#include <inttypes.h>
#include <nft.h>
#include <erec.h>
#include <expr.h>
#include <stmt.h>
#include <rule.h>
#include <flowtable.h>
#include <linux/netfilter/nf_tables.h>
#include <set.h>
#include <parse.h>

#ifndef YY_TYPEDEF_YY_SCANNER_T
#define YY_TYPEDEF_YY_SCANNER_T
typedef void *yyscan_t;
#endif

/* Parsing stops after this many errors, as in the system nft. */
#define PARSER_MAX_ERRORS	10

/* Nesting of scopes: the top one, a table block, a chain block. */
#define PARSER_MAX_SCOPES	4

struct scanner_input;

/* Everything one run of the parser and its scanner needs. */
struct parser_state {
	struct nft_ctx *nft;
	struct list_head *cmds;
	struct list_head *msgs;
	unsigned int nerrs;
	struct scope *scopes[PARSER_MAX_SCOPES];
	unsigned int num_scopes;
	/* the scanner's stack of inputs (main buffer, included files) */
	struct scanner_input *inputs;
	unsigned int num_inputs;
	unsigned int max_inputs;
	/* why the scanner returned an invalid token, for the message */
	const char *lex_error;
};

/* A keyword of the scanner's table. */
struct keyword {
	const char *name;
	int token;
};

/*
 * Locations are struct location; a rule's span runs from its first to its
 * last symbol (within one input), an empty rule sits at the end of the
 * symbol before it.
 */
#define YYLLOC_DEFAULT(cur, rhs, n)					\
	do {								\
		if (n) {						\
			(cur) = YYRHSLOC(rhs, 1);			\
			if (YYRHSLOC(rhs, n).indesc == (cur).indesc) {	\
				(cur).last_line =			\
					YYRHSLOC(rhs, n).last_line;	\
				(cur).last_column =			\
					YYRHSLOC(rhs, n).last_column;	\
			}						\
		} else {						\
			(cur) = YYRHSLOC(rhs, 0);			\
			(cur).first_line = (cur).last_line;		\
			(cur).first_column = (cur).last_column;		\
		}							\
	} while (0)
}

%code provides {
/* Implemented in scanner.l. */
void scanner_push_input(yyscan_t scanner,
			const struct input_descriptor *indesc);
int scanner_include(yyscan_t scanner, const char *name,
		    const struct location *loc);
void scanner_cleanup(yyscan_t scanner);
const struct keyword *scanner_keywords(size_t *num);
bool scanner_near(const char *word, const char *cand,
		  unsigned int *best);
}

%code {
#include <ctype.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <errno.h>
#include <linux/netfilter.h>
#include <linux/netfilter/nf_log.h>
#include <linux/netfilter/nf_synproxy.h>
#include <linux/netfilter/nf_nat.h>
#include <nftables.h>
#include <proto.h>
#include <datatype.h>
#include <obj.h>
#include <sobj.h>

/* From the flex scanner (scanner.h is generated after this file). */
int yylex(YYSTYPE *lval, YYLTYPE *lloc, yyscan_t scanner);
int yylex_init_extra(struct parser_state *state, yyscan_t *scanner);
int yylex_destroy(yyscan_t scanner);
static void yyerror(const YYLTYPE *loc, yyscan_t scanner,
		    struct parser_state *state, const char *msg);

/* Locations and errors */

static void parser_error(struct parser_state *st, const YYLTYPE *loc,
			 const char *fmt, ...) __fmt(3, 4);

/* From the start of @a to the end of @b (same input). */
static struct location parser_span(const YYLTYPE *a, const YYLTYPE *b)
{
	struct location loc = *a;

	if (b->indesc == a->indesc) {
		loc.last_line = b->last_line;
		loc.last_column = b->last_column;
	}
	return loc;
}

static void parser_error(struct parser_state *st, const YYLTYPE *loc,
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

/* Node builders: each keeps a grammar action to a line or two. */

/* Scopes and variables */

static struct scope *parser_scope(const struct parser_state *st)
{
	return st->scopes[st->num_scopes - 1];
}

static void parser_scope_push(struct parser_state *st)
{
	if (st->num_scopes == PARSER_MAX_SCOPES)
		BUG("scopes nested too deeply");
	st->scopes[st->num_scopes] = scope_alloc(parser_scope(st));
	st->num_scopes++;
}

static void parser_scope_pop(struct parser_state *st)
{
	if (st->num_scopes <= 1)
		BUG("popping the top scope");
	st->num_scopes--;
	scope_free(st->scopes[st->num_scopes]);
}

static void parser_define(struct parser_state *st, const YYLTYPE *loc,
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

static void parser_undefine(struct parser_state *st, const YYLTYPE *loc,
			    const char *name)
{
	if (symbol_unbind(parser_scope(st), name) < 0)
		parser_error(st, loc, "undefined symbol '%s'", name);
}

/*
 * $name: a variable referring to the bound expression. An unknown name is
 * an error; a symbol stands in so that parsing goes on.
 */
static struct expr *parser_var_ref(struct parser_state *st,
				   const char *name, const YYLTYPE *loc)
{
	struct symbol *sym = symbol_lookup_scope(parser_scope(st), name);

	if (!sym) {
		parser_error(st, loc, "unknown identifier '%s'", name);
		return symbol_expr_alloc(loc, name, false);
	}
	sym->refcnt++;
	return variable_expr_alloc(loc, name, expr_get(sym->expr));
}

/* Handles and commands */

static void parser_handle_release(struct handle *h)
{
	xfree(h->table.name);
	xfree(h->chain.name);
	xfree(h->set.name);
	h->table.name = NULL;
	h->chain.name = NULL;
	h->set.name = NULL;
}

/* Make @dst a copy of @src with its own strings. */
static void parser_handle_assign(struct handle *dst, const struct handle *src)
{
	parser_handle_release(dst);
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

static void parser_set_id(struct handle_spec_id *id, uint64_t value,
			  const YYLTYPE *loc)
{
	id->id = value;
	id->location = *loc;
}

static uint64_t parser_number(struct parser_state *st, const char *text,
			      const YYLTYPE *loc)
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
static struct handle *parser_handle_new(uint32_t family)
{
	struct handle *h = xzalloc(sizeof(*h));

	h->family = family;
	return h;
}

static void parser_handle_free(struct handle *h)
{
	parser_handle_release(h);
	xfree(h);
}

/* A command taking over @h (its strings move into the command) and
 * @data. */
static struct cmd *parser_cmd(enum cmd_ops op, enum cmd_obj obj,
			      struct handle *h, const YYLTYPE *loc,
			      void *data)
{
	struct cmd *cmd = cmd_alloc(op, obj, h, loc, data);

	xfree(h);
	cmd->json_index = -1;
	return cmd;
}

/* The whole command's span, keyword included. */
static struct cmd *parser_cmd_at(struct cmd *cmd, const YYLTYPE *loc)
{
	cmd->location = *loc;
	return cmd;
}

static struct cmd *parser_family_cmd(enum cmd_ops op, enum cmd_obj obj,
				     uint32_t family, const YYLTYPE *loc)
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

static struct cmd *parser_rule_cmd(enum cmd_ops op, struct handle *h,
				   struct rule *rule, const YYLTYPE *loc)
{
	parser_handle_assign(&rule->handle, h);
	return parser_cmd(op, CMD_OBJ_RULE, h, loc, rule);
}

/* Stateful objects (src/obj/sobj.c): the block's words become the
 * object; the name goes in the handle's chain slot. */
static struct sobj *parser_sobj(struct parser_state *st, uint32_t type,
				struct sobj_words *ws, const YYLTYPE *loc)
{
	struct sobj *o = sobj_from_words(type, ws, loc, st->msgs);

	if (!o)
		st->nerrs++;
	sobj_words_free(ws);
	return o;
}

static struct cmd *parser_sobj_cmd(struct parser_state *st, enum cmd_ops op,
				   uint32_t type, struct handle *h,
				   struct sobj_words *ws, const YYLTYPE *loc)
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

static void parser_table_add_sobj(struct parser_state *st,
				  struct table *table, uint32_t type,
				  char *name, const YYLTYPE *name_loc,
				  struct sobj_words *ws, const YYLTYPE *loc)
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

static uint32_t parser_ct_obj_type(struct parser_state *st, const char *kind,
				   const YYLTYPE *loc)
{
	if (!strcmp(kind, "helper") || !strcmp(kind, "helpers"))
		return NFT_OBJECT_CT_HELPER;
	if (!strcmp(kind, "timeout") || !strcmp(kind, "timeouts"))
		return NFT_OBJECT_CT_TIMEOUT;
	if (!strcmp(kind, "expectation") || !strcmp(kind, "expectations"))
		return NFT_OBJECT_CT_EXPECT;
	parser_error(st, loc,
		     "unknown ct object '%s': expected helper, timeout or expectation",
		     kind);
	return NFT_OBJECT_CT_HELPER;
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

/* "list counters [family] [table [family] T]", "list ct helper T h",
 * "reset quotas": @prefix "ct" or NULL, @kind the word after it; which
 * objects is told by the words that follow */
static struct cmd *parser_ct_list_cmd(struct parser_state *st,
				      enum cmd_ops op, const char *prefix,
				      char *kind, const YYLTYPE *kind_loc,
				      struct sobj_words *ws,
				      const YYLTYPE *loc)
{
	bool plural = kind[strlen(kind) - 1] == 's';
	struct handle *h = parser_handle_new(plural ? NFPROTO_UNSPEC :
					     NFPROTO_IPV4);
	enum cmd_obj obj = CMD_OBJ_INVALID;
	unsigned int i = 0, left;
	bool in_table = false;

	if (prefix && !plural)
		obj = sobj_type_cmd(parser_ct_obj_type(st, kind, kind_loc));
	else if (plural)
		obj = parser_sobjs_kind(kind);
	/* "ct helpers", but "counters" */
	if (plural && (obj == CMD_OBJ_CT_HELPERS || obj == CMD_OBJ_CT_TIMEOUTS ||
		       obj == CMD_OBJ_CT_EXPECTS) != !!prefix)
		obj = CMD_OBJ_INVALID;
	if (obj == CMD_OBJ_INVALID) {
		parser_error(st, kind_loc, "syntax error, unexpected string '%s'",
			     kind);
		xfree(kind);
		sobj_words_free(ws);
		parser_handle_free(h);
		return NULL;
	}
	if (plural && i < ws->n && !strcmp(ws->w[i].text, "table")) {
		i++;
		h->family = NFPROTO_IPV4;
		in_table = true;
	}
	if (i < ws->n && family_lookup(ws->w[i].text, &h->family))
		i++;
	left = ws->n - i;
	/* "list counters table ip": a table called ip */
	if (in_table && !left && i == 2) {
		h->family = NFPROTO_IPV4;
		i--;
		left++;
	}
	if (plural && left == 1) {
		h->table.name = xstrdup(ws->w[i].text);
		h->table.location = ws->w[i].location;
	} else if (!plural && left == 2) {
		h->table.name = xstrdup(ws->w[i].text);
		h->table.location = ws->w[i].location;
		h->chain.name = xstrdup(ws->w[i + 1].text);
		h->chain.location = ws->w[i + 1].location;
	} else if (left) {
		parser_error(st, &ws->w[i].location,
			     plural ? "expected: [family] [table [family] NAME]" :
			     "expected: [family] TABLE NAME");
	} else if (!plural || in_table) {
		parser_error(st, loc, plural ?
			     "expected: [family] [table [family] NAME]" :
			     "expected: [family] TABLE NAME");
	}
	xfree(kind);
	sobj_words_free(ws);
	return parser_cmd(op, obj, h, loc, NULL);
}


static struct cmd *parser_table_cmd(struct parser_state *st,
				    struct handle *h, struct table *table,
				    const YYLTYPE *loc)
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

static struct cmd *parser_chain_cmd(struct parser_state *st,
				    enum cmd_ops op, struct handle *h,
				    struct chain *chain, const YYLTYPE *loc)
{
	parser_handle_assign(&chain->handle, h);
	chain->location = *loc;
	parser_chain_fixup(chain);
	return parser_cmd(op, CMD_OBJ_CHAIN, h, loc, chain);
}

/* Named sets (src/obj/set.c) */

static struct cmd *parser_set_cmd(enum cmd_ops op, struct handle *h,
				  struct set *set, const YYLTYPE *loc)
{
	parser_handle_assign(&set->handle, h);
	set->location = *loc;
	return parser_cmd(op, CMD_OBJ_SET, h, loc, set);
}

/* "typeof ip saddr . tcp dport": the key is the expression itself. */
static void parser_set_typeof(struct parser_state *st, struct set *set,
			      char *kw, const YYLTYPE *kw_loc,
			      struct expr *key, const YYLTYPE *loc)
{
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

/* "typeof ip saddr : meta mark": a map's key and data. */
static void parser_map_typeof(struct parser_state *st, struct set *set,
			      char *kw, const YYLTYPE *kw_loc,
			      struct expr *key, const YYLTYPE *loc,
			      struct expr *data, const YYLTYPE *data_loc)
{
	parser_set_typeof(st, set, kw, kw_loc, key, loc);
	if (set->data)
		expr_free(set->data);
	set->data = data;
	set->data_typeof = true;
	set->data_loc = *data_loc;
}

/* Elements travel in a set of their own, named like the target. */
static struct cmd *parser_element_cmd(enum cmd_ops op, struct handle *h,
				      struct expr *elems, const YYLTYPE *loc)
{
	struct set *set = set_alloc(loc);

	set->init = elems;
	parser_handle_assign(&set->handle, h);
	return parser_cmd(op, CMD_OBJ_ELEMENT, h, loc, set);
}

static void parser_table_add_set(struct table *table, char *name,
				 const YYLTYPE *name_loc, struct set *set,
				 const YYLTYPE *loc)
{
	xfree(set->handle.set.name);
	set->handle.set.name = name;
	set->handle.set.location = *name_loc;
	set->location = *loc;
	table_add_set(table, set);
}

static uint32_t parser_set_flag(struct parser_state *st, char *name,
				const YYLTYPE *loc)
{
	const char *err;
	uint32_t flag = 0;

	err = set_flag_parse(name, &flag);
	if (err)
		parser_error(st, loc, "%s", err);
	xfree(name);
	return flag;
}

/* "timeout 10s", "expires 5s" after an element */
static void parser_elem_opt(struct parser_state *st, struct expr *m,
			    char *key, const YYLTYPE *kloc, char *value,
			    const YYLTYPE *vloc)
{
	uint64_t ms;

	if (strcmp(key, "timeout") && strcmp(key, "expires"))
		parser_error(st, kloc,
			     "unknown element option '%s': expected timeout, expires, comment or counter",
			     key);
	else if (!last_used_parse(value, &ms) || ms == 0)
		parser_error(st, vloc, "invalid %s '%s'", key, value);
	else if (!strcmp(key, "timeout"))
		set_elem_info_of(m)->timeout = ms;
	else
		set_elem_info_of(m)->expires = ms;
	xfree(key);
	xfree(value);
}

static void parser_set_item(struct parser_state *st, struct set *set,
			    char *key, char *value, const YYLTYPE *loc)
{
	char *err = set_item_parse(set, key, value);

	if (err) {
		parser_error(st, loc, "%s", err);
		xfree(err);
	}
	xfree(key);
	xfree(value);
}

/* Objects */

static void parser_table_add_chain(struct table *table, char *name,
				   const YYLTYPE *name_loc,
				   struct chain *chain, const YYLTYPE *loc)
{
	xfree(chain->handle.chain.name);
	chain->handle.chain.name = name;
	chain->handle.chain.location = *name_loc;
	chain->location = *loc;
	chain->has_block = true;
	table_add_chain(table, chain);
}

static uint32_t parser_table_flag(struct parser_state *st,
				  const char *name, const YYLTYPE *loc)
{
	uint32_t flag;

	if (table_flag_lookup(name, &flag))
		return flag;
	parser_error(st, loc, "unknown table flag '%s'", name);
	return 0;
}

/* "add|delete flowtable [family] t ft { ... }" */
static struct cmd *parser_flowtable_cmd(enum cmd_ops op, struct handle *h,
					struct flowtable *ft,
					const YYLTYPE *loc)
{
	parser_handle_assign(&ft->handle, h);
	ft->location = *loc;
	return parser_cmd(op, CMD_OBJ_FLOWTABLE, h, loc, ft);
}

static void parser_chain_hook(struct chain *chain, char *type,
			      const YYLTYPE *type_loc, char *hook,
			      const YYLTYPE *hook_loc)
{
	xfree(chain->type);
	xfree(chain->hookstr);
	chain->type = type;
	chain->type_loc = *type_loc;
	chain->hookstr = hook;
	chain->hook_loc = *hook_loc;
	chain->has_hook = true;
	chain->flags |= CHAIN_F_BASECHAIN;
}

static void parser_chain_devices(struct chain *chain, struct expr *devs)
{
	if (!devs)
		return;
	expr_free(chain->dev_expr);
	chain->dev_expr = devs;
}

/* "filter + 10": the evaluator resolves the name and adds the offset. */
static struct expr *parser_prio_offset(const YYLTYPE *loc, char *base,
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
static struct expr *parser_prio_define(const YYLTYPE *loc, struct expr *base,
				       char *offset)
{
	struct expr *expr = parser_prio_offset(loc,
					       xstrdup(base->symbol.identifier),
					       "+", offset);

	expr_free(base);
	return expr;
}

static struct rule *parser_rule_alloc(const YYLTYPE *loc)
{
	struct handle h;

	memset(&h, 0, sizeof(h));
	return rule_alloc(loc, &h);
}

static void parser_rule_add_stmt(struct rule *rule, struct stmt *stmt,
				 const YYLTYPE *loc)
{
	list_add_tail(&stmt->list, &rule->stmts);
	rule->num_stmts++;
	rule->location = *loc;
}

/* Expressions and statements */

/* A stand-in for a node that could not be built; the run fails anyway. */
static struct expr *parser_placeholder(const YYLTYPE *loc, const char *text)
{
	return symbol_expr_alloc(loc, text, false);
}

static struct expr *parser_payload(struct parser_state *st,
				   const YYLTYPE *loc, const char *proto,
				   const YYLTYPE *proto_loc, const char *field,
				   const YYLTYPE *field_loc)
{
	const struct proto_desc *desc = proto_lookup(proto);
	const char *hint = NULL;
	unsigned int idx, best = ~0u;

	if (!desc) {
		parser_error(st, proto_loc, "unknown protocol '%s'", proto);
		return parser_placeholder(loc, field);
	}
	idx = proto_field_lookup(desc, field);
	if (idx)
		return payload_expr_alloc(loc, desc, idx);
	for (idx = 1; idx < PROTO_MAX_FIELDS; idx++) {
		const char *tok = desc->templates[idx].token;

		if (tok && scanner_near(field, tok, &best))
			hint = tok;
	}
	if (hint)
		parser_error(st, field_loc,
			     "unknown %s field '%s'; did you mean '%s'?",
			     proto, field, hint);
	else
		parser_error(st, field_loc, "unknown %s field '%s'", proto,
			     field);
	return parser_placeholder(loc, field);
}

/* "@nh,16,16": a raw load at a bit offset from one of the bases. */
static struct expr *parser_payload_raw(struct parser_state *st,
				       const YYLTYPE *loc, const char *base,
				       const YYLTYPE *base_loc,
				       const char *offset,
				       const YYLTYPE *offset_loc,
				       const char *len)
{
	unsigned long off = strtoul(offset, NULL, 0);
	unsigned long bits = strtoul(len, NULL, 0);
	struct expr *expr;

	if (bits > 65535 * 8)
		bits = 65535 * 8 + 1;	/* refused by the evaluator */
	expr = payload_expr_alloc_base(loc, base, off, bits);
	if (!expr) {
		parser_error(st, base_loc,
			     "unknown payload base '%s' (ll, nh, th or ih)",
			     base);
		return parser_placeholder(loc, base);
	}
	/* what the kernel's 16 bit byte offset can say; the length is
	 * the evaluator's to check */
	if (off > 65535 * 8) {
		parser_error(st, offset_loc,
			     "raw payload offset %lu is past the last the kernel can load (%u bits)",
			     off, 65535 * 8);
		expr_free(expr);
		return parser_placeholder(loc, base);
	}
	return expr;
}

/* "unknown ct key 'stat'; did you mean 'state'?" over a kind's key names
 * (@name gives "unknown" for numbers that are no key). */
static void parser_unknown_key(struct parser_state *st, const YYLTYPE *loc,
			       const char *kind, const char *key,
			       const char *(*name)(unsigned int))
{
	const char *hint = NULL, *cand;
	unsigned int i, best = ~0u;

	for (i = 0; i < 64; i++) {
		cand = name(i);
		if (strcmp(cand, "unknown") && scanner_near(key, cand, &best))
			hint = cand;
	}
	if (hint)
		parser_error(st, loc, "unknown %s key '%s'; did you mean '%s'?",
			     kind, key, hint);
	else
		parser_error(st, loc, "unknown %s key '%s'", kind, key);
}

static const char *parser_meta_key_name(unsigned int key)
{
	return meta_key_name(key);
}

static const char *parser_ct_key_name(unsigned int key)
{
	return ct_key_name(key);
}

static struct expr *parser_meta(struct parser_state *st, const YYLTYPE *loc,
				const char *key, const YYLTYPE *key_loc)
{
	enum nft_meta_keys k;

	if (meta_key_lookup(key, &k))
		return meta_expr_alloc(loc, k);
	parser_unknown_key(st, key_loc, "meta", key, parser_meta_key_name);
	return parser_placeholder(loc, key);
}

/* ct [DIR] KEY; the key is looked up in the ct kind's table. */
static struct expr *parser_ct(struct parser_state *st, const YYLTYPE *loc,
			      const char *dir, const char *key,
			      const YYLTYPE *key_loc)
{
	enum nft_ct_keys k;

	if (ct_key_lookup(key, &k) && !strchr(key, ' '))
		return ct_expr_alloc(loc, k, dir ? ct_dir_lookup(dir) : -1);
	/* "ct timeout set", "ct expectation set": object references only
	 * (parser_keyset) */
	if (!dir && (!strcmp(key, "timeout") || !strcmp(key, "expectation")))
		return symbol_expr_alloc(loc, !strcmp(key, "timeout") ?
					 "ct timeout" : "ct expectation",
					 false);
	parser_unknown_key(st, key_loc, "ct", key, parser_ct_key_name);
	return parser_placeholder(loc, key);
}

/* ct DIR ip saddr, ct DIR ip6 daddr */
static struct expr *parser_ct_addr(struct parser_state *st,
				   const YYLTYPE *loc, const char *dir,
				   const char *proto, const char *field,
				   const YYLTYPE *field_loc)
{
	struct expr *expr;

	expr = ct_expr_alloc_addr(loc, ct_dir_lookup(dir), proto, field);
	if (expr)
		return expr;
	parser_error(st, field_loc, "unknown ct %s key '%s'", proto, field);
	return parser_placeholder(loc, field);
}

static struct stmt *parser_connlimit(struct parser_state *st,
				     const YYLTYPE *loc, uint64_t count,
				     const YYLTYPE *count_loc, uint32_t flags)
{
	if (count > UINT32_MAX)
		parser_error(st, count_loc,
			     "ct count %" PRIu64 " is out of range (at most 4294967295)",
			     count);
	return connlimit_stmt_alloc(loc, count, flags);
}

/* The grammar's "KEY set VALUE" on a meta or ct expression. */
/* "ct helper set "h"", "meta secmark set "s"", "ct timeout set "t"": a
 * name is an object reference */
/* "counter name "c"": @word must be "name" */
static struct stmt *parser_objref(struct parser_state *st, const YYLTYPE *loc,
				  uint32_t type, char *word,
				  const YYLTYPE *word_loc, char *name)
{
	if (strcmp(word, "name"))
		parser_error(st, word_loc, "unexpected '%s': expected name",
			     word);
	xfree(word);
	return objref_stmt_alloc(loc, type, name);
}

/* "counter name KEY map { K : "c", ... }": an object map */
static struct stmt *parser_objmap(struct parser_state *st, const YYLTYPE *loc,
				  uint32_t type, char *word,
				  const YYLTYPE *word_loc, struct expr *map)
{
	struct stmt *stmt = parser_objref(st, loc, type, word, word_loc,
					  xstrdup(""));

	stmt->objref.map = map;
	return stmt;
}

static struct stmt *parser_keyset_objref(struct parser_state *st,
					 const YYLTYPE *loc, struct expr *key,
					 struct expr *value)
{
	uint32_t type = 0;
	struct stmt *stmt;

	if (key->etype == EXPR_SYMBOL)
		type = !strcmp(key->symbol.identifier, "ct timeout") ?
		       NFT_OBJECT_CT_TIMEOUT : NFT_OBJECT_CT_EXPECT;
	else if (key->etype == EXPR_CT && key->ct.key == NFT_CT_HELPER &&
		 key->ct.direction < 0)
		type = NFT_OBJECT_CT_HELPER;
	else if (key->etype == EXPR_META && key->meta.key == NFT_META_SECMARK &&
		 (value->etype == EXPR_MAP || (value->etype == EXPR_SYMBOL &&
		 !isdigit((unsigned char)value->symbol.identifier[0]))))
		type = NFT_OBJECT_SECMARK;
	if (!type)
		return NULL;
	if (value->etype == EXPR_MAP) {
		stmt = objref_stmt_alloc(loc, type, xstrdup(""));
		stmt->objref.map = value;
		expr_free(key);
		return stmt;
	}
	if (value->etype != EXPR_SYMBOL) {
		parser_error(st, &value->location, "an object name is expected");
		stmt = objref_stmt_alloc(loc, type, xstrdup(""));
	} else {
		stmt = objref_stmt_alloc(loc, type,
					 xstrdup(value->symbol.identifier));
	}
	expr_free(key);
	expr_free(value);
	return stmt;
}

static struct stmt *parser_keyset(struct parser_state *st,
				  const YYLTYPE *loc, struct expr *key,
				  struct expr *value)
{
	struct stmt *ref = parser_keyset_objref(st, loc, key, value);

	if (ref)
		return ref;
	if (key->etype == EXPR_CT)
		return ct_stmt_alloc(loc, key, value);
	if (key->etype == EXPR_PAYLOAD)
		return payload_stmt_alloc(loc, key, value);
	if (key->etype == EXPR_EXTHDR)
		return exthdr_stmt_alloc(loc, key, value);
	return meta_stmt_alloc(loc, key, value);
}

/* "a,b,c" on the right of a match or set: a list the left side types. */
static struct expr *parser_flag_list(const YYLTYPE *loc, struct expr *list,
				     struct expr *elem)
{
	if (list->etype != EXPR_LIST) {
		struct expr *first = list;

		list = list_expr_alloc(loc);
		list_expr_add(list, first);
	}
	list->location = *loc;
	list_expr_add(list, elem);
	return list;
}

/* 10.0.0.0/8, fe80::/64: the address stays text for the evaluator. */
static struct expr *parser_prefix(struct parser_state *st,
				  const YYLTYPE *loc, char *addr,
				  const YYLTYPE *addr_loc, char *len,
				  const YYLTYPE *len_loc)
{
	struct expr *sym = symbol_expr_alloc(addr_loc, addr, false);
	uint64_t plen = parser_number(st, len, len_loc);

	/* Not truncated to 32 bits: /4294967304 must not become /8. */
	if (plen > UINT_MAX) {
		parser_error(st, len_loc, "prefix length %s is out of range",
			     len);
		plen = 0;
	}
	xfree(addr);
	xfree(len);
	return prefix_expr_alloc(loc, sym, plen);
}

/* Is @e a number as written, "16" or "0x10"? */
static bool parser_is_number(const struct expr *e)
{
	const char *p = e->symbol.identifier;
	int (*digit)(int) = isdigit;

	if (e->etype != EXPR_SYMBOL || e->symbol.quoted)
		return false;
	if (p[0] == '0' && (p[1] == 'x' || p[1] == 'X') && p[2]) {
		p += 2;
		digit = isxdigit;
	}
	for (; *p; p++)
		if (!digit((unsigned char)*p))
			return false;
	return p != e->symbol.identifier;
}

/* C's binding order: shifts, then &, then ^, then |. */
static unsigned int parser_binop_prec(enum ops op)
{
	switch (op) {
	case OP_LSHIFT:
	case OP_RSHIFT:
		return 4;
	case OP_AND:
		return 3;
	case OP_XOR:
		return 2;
	default:
		return 1;
	}
}

/*
 * "LEFT OP RIGHT" of a chain the grammar reads from left to right: an
 * operator that binds tighter than the one before it takes that one's
 * right operand, as C and the system nft bind them ("meta mark & 0xff |
 * 0x100 ^ 0x3" sets 0x103: the ^ of the two constants goes first).
 * Parentheses keep what they hold together.
 */
static struct expr *parser_binop(const YYLTYPE *loc, enum ops op,
				 struct expr *left, struct expr *right)
{
	if (left->etype == EXPR_BINOP && !(left->flags & EXPR_F_PARENS) &&
	    parser_binop_prec(left->binop.op) < parser_binop_prec(op)) {
		left->binop.right = parser_binop(loc, op, left->binop.right,
						 right);
		left->binop.right->location =
			parser_span(&left->binop.right->location, loc);
		left->location = *loc;
		return left;
	}
	return binop_expr_alloc(loc, op, left, right);
}

/*
 * "VALUE / RHS" after a field. A number after the slash is a prefix
 * length, whatever the field's type ("meta mark 0x50000/16" matches the
 * top 16 bits, "tcp flags 2/18" is too long a prefix), as the system nft
 * reads it; names and lists are a mask ("tcp flags syn / syn,ack").
 */
static struct expr *parser_slash(struct parser_state *st, const YYLTYPE *loc,
				 struct expr *left, enum ops op,
				 struct expr *value,
				 const YYLTYPE *value_loc, struct expr *rhs,
				 const YYLTYPE *rhs_loc)
{
	struct location span = parser_span(value_loc, rhs_loc);
	struct expr *masked;
	uint64_t plen;

	if (!parser_is_number(rhs)) {
		masked = binop_expr_alloc(loc, OP_AND, left, rhs);
		return relational_expr_alloc(loc, op == OP_IMPLICIT ? OP_EQ : op,
					     masked, value);
	}
	plen = parser_number(st, rhs->symbol.identifier, rhs_loc);
	if (plen > UINT_MAX) {
		parser_error(st, rhs_loc, "prefix length %s is out of range",
			     rhs->symbol.identifier);
		plen = 0;
	}
	expr_free(rhs);
	return relational_expr_alloc(loc, op, left,
				     prefix_expr_alloc(&span, value, plen));
}

/* Statement options (log, limit, quota, reject, queue, dup, fwd, last,
 * synproxy) */

static uint64_t parser_uint(struct parser_state *st, uint64_t v,
			    const YYLTYPE *loc, const char *what,
			    uint64_t max)
{
	if (v <= max)
		return v;
	parser_error(st, loc, "%s %llu is out of range (0-%llu)", what,
		     (unsigned long long)v, (unsigned long long)max);
	return 0;
}

static uint16_t parser_u16(struct parser_state *st, uint64_t v,
			   const YYLTYPE *loc, const char *what)
{
	return parser_uint(st, v, loc, what, UINT16_MAX);
}

static uint32_t parser_u32(struct parser_state *st, uint64_t v,
			   const YYLTYPE *loc, const char *what)
{
	return parser_uint(st, v, loc, what, UINT32_MAX);
}

static void parser_log_level(struct stmt *stmt, struct parser_state *st,
			     const char *name, const YYLTYPE *loc)
{
	if (!log_level_lookup(name, &stmt->log.level))
		parser_error(st, loc, "invalid log level '%s'", name);
	stmt->log.flags |= LOG_F_LEVEL;
}

/* log prefix $p: the text of a defined string. */
static void parser_log_prefix_var(struct stmt *stmt, struct parser_state *st,
				  const char *name, const YYLTYPE *loc)
{
	struct expr *var = parser_var_ref(st, name, loc);
	const struct expr *val = var->etype == EXPR_VARIABLE ?
				 var->variable.value : NULL;

	if (val && val->etype == EXPR_SYMBOL) {
		xfree(stmt->log.prefix);
		stmt->log.prefix = xstrdup(val->symbol.identifier);
		stmt->log.flags |= LOG_F_PREFIX;
	} else if (val) {
		parser_error(st, loc, "log prefix $%s is not a string", name);
	}
	expr_free(var);
}

/* One word of "log flags": @proto is "tcp" or "ip" before it, if any. */
static uint32_t parser_log_flag(struct parser_state *st, const char *proto,
				const char *word, const YYLTYPE *loc)
{
	static const struct {
		const char *proto;
		const char *word;
		uint32_t flag;
	} tbl[] = {
		{ "tcp", "sequence",	NF_LOG_TCPSEQ },
		{ "tcp", "options",	NF_LOG_TCPOPT },
		{ "ip",	"options",	NF_LOG_IPOPT },
		{ NULL,	"skuid",	NF_LOG_UID },
		{ NULL,	"ether",	NF_LOG_MACDECODE },
		{ NULL,	"all",		NF_LOG_MASK },
	};
	unsigned int i;

	for (i = 0; i < array_size(tbl); i++) {
		if ((proto == NULL) != (tbl[i].proto == NULL) ||
		    (proto && strcmp(proto, tbl[i].proto)))
			continue;
		if (!strcmp(word, tbl[i].word))
			return tbl[i].flag;
	}
	parser_error(st, loc, "unknown log flag '%s%s%s'", proto ? proto : "",
		     proto ? " " : "", word);
	return 0;
}

/* "@num @unit" in bytes: unit is bytes, kbytes or mbytes. */
static uint64_t parser_bytes(struct parser_state *st, const char *num,
			     const YYLTYPE *num_loc, const char *unit,
			     const YYLTYPE *loc)
{
	uint64_t v = parser_number(st, num, num_loc);
	uint64_t mult = limit_byte_unit(unit);

	if (mult == 0) {
		parser_error(st, loc,
			     "Wrong unit format, expecting bytes, kbytes or mbytes");
		return 0;
	}
	if (v > UINT64_MAX / mult) {
		parser_error(st, loc, "%s %s is out of range", num, unit);
		return 0;
	}
	return v * mult;
}

/*
 * A packet rate ("10/second": @per is the time unit) or a byte rate
 * ("1 mbytes/second": @bytes_per is the unit and time unit in one word).
 */
static struct stmt *parser_limit(struct parser_state *st, const YYLTYPE *loc,
				 uint32_t flags, char *num,
				 const YYLTYPE *num_loc, char *bytes_per,
				 char *per, const YYLTYPE *unit_loc,
				 uint64_t burst)
{
	struct stmt *stmt = limit_stmt_alloc(loc);
	char *slash = bytes_per ? strchr(bytes_per, '/') : NULL;

	stmt->limit.flags = flags;
	stmt->limit.type = bytes_per ? NFT_LIMIT_PKT_BYTES : NFT_LIMIT_PKTS;
	if (bytes_per && !slash) {
		parser_error(st, unit_loc, "Wrong rate format, expecting UNIT/TIME");
	} else if (bytes_per) {
		*slash = '\0';
		per = slash + 1;
		stmt->limit.rate = parser_bytes(st, num, num_loc, bytes_per,
						unit_loc);
	} else {
		stmt->limit.rate = parser_number(st, num, num_loc);
	}
	stmt->limit.unit = per ? limit_time_unit(per) : 1;
	if (per && stmt->limit.unit == 0)
		parser_error(st, unit_loc,
			     "Wrong time format, expecting second, minute, hour, day or week");
	stmt->limit.burst = parser_u32(st, burst, loc, "limit burst");
	xfree(num);
	xfree(bytes_per ? bytes_per : per);
	return stmt;
}

static struct stmt *parser_reject(struct parser_state *st,
				  const YYLTYPE *loc, const char *proto,
				  const YYLTYPE *proto_loc, struct expr *code)
{
	struct stmt *stmt = reject_stmt_alloc(loc);

	if (!strcmp(proto, "tcp")) {
		stmt->reject.type = NFT_REJECT_TCP_RST;
		if (code->etype != EXPR_SYMBOL ||
		    strcmp(code->symbol.identifier, "reset"))
			parser_error(st, &code->location,
				     "expected 'reset' after 'with tcp'");
		expr_free(code);
		return stmt;
	}
	stmt->reject.expr = code;
	if (!strcmp(proto, "icmp")) {
		stmt->reject.type = NFT_REJECT_ICMP_UNREACH;
		stmt->reject.family = NFPROTO_IPV4;
	} else if (!strcmp(proto, "icmpv6")) {
		stmt->reject.type = NFT_REJECT_ICMP_UNREACH;
		stmt->reject.family = NFPROTO_IPV6;
	} else if (!strcmp(proto, "icmpx")) {
		stmt->reject.type = NFT_REJECT_ICMPX_UNREACH;
	} else {
		parser_error(st, proto_loc,
			     "unknown reject type '%s', expecting icmp, icmpv6, icmpx or tcp",
			     proto);
	}
	return stmt;
}

static struct stmt *parser_fwd(const YYLTYPE *loc, uint8_t family,
			       struct expr *addr, struct expr *dev)
{
	struct stmt *stmt = fwd_stmt_alloc(loc);

	stmt->dup.family = family;
	stmt->dup.to = addr;
	stmt->dup.dev = dev;
	return stmt;
}

static struct stmt *parser_last(struct parser_state *st, const YYLTYPE *loc,
				const char *used, const YYLTYPE *used_loc)
{
	struct stmt *stmt = last_stmt_alloc(loc);

	if (!strcmp(used, "never"))
		return stmt;
	if (!last_used_parse(used, &stmt->last.used))
		parser_error(st, used_loc,
			     "invalid duration '%s', expecting never or a time like 1h2m3s",
			     used);
	stmt->last.set = true;
	return stmt;
}

/* "add|update|delete @NAME { KEY [timeout T] [STMT...] }": @opts is a
 * set statement holding the options, completed here. */
static struct stmt *parser_set_stmt(const YYLTYPE *loc, uint32_t op,
				    char *name, const YYLTYPE *name_loc,
				    struct expr *key, struct stmt *opts)
{
	opts->location = *loc;
	opts->dynset.op = op;
	opts->dynset.set = setref_expr_alloc(name_loc, name);
	opts->dynset.key = key;
	xfree(name);
	return opts;
}

static struct stmt *parser_meter(const YYLTYPE *loc, char *name,
				 const YYLTYPE *name_loc, uint64_t size,
				 struct expr *key, struct stmt *opts)
{
	struct stmt *stmt = parser_set_stmt(loc, NFT_DYNSET_OP_ADD, name,
					    name_loc, key, opts);

	stmt->dynset.meter = true;
	stmt->dynset.size = size;
	return stmt;
}

static void parser_set_stmt_timeout(struct parser_state *st,
				    struct stmt *stmt, char *what,
				    const YYLTYPE *what_loc, char *value,
				    const YYLTYPE *value_loc)
{
	if (strcmp(what, "timeout"))
		parser_error(st, what_loc,
			     "unexpected '%s', expecting timeout or a stateful statement",
			     what);
	else if (!last_used_parse(value, &stmt->dynset.timeout))
		parser_error(st, value_loc,
			     "invalid timeout '%s', expecting a time like 1h2m3s",
			     value);
	xfree(what);
	xfree(value);
}

/* A NAT statement to @addr and/or @port; its kind is set by the caller
 * (parser_nat_kind()) once the grammar knows it. */
static struct stmt *parser_nat(const YYLTYPE *loc, struct expr *addr,
			       struct expr *port)
{
	struct stmt *stmt = nat_stmt_alloc(loc, NFT_NAT_SNAT);

	stmt->nat.addr = addr;
	stmt->nat.proto = port;
	return stmt;
}

static struct stmt *parser_nat_kind(struct stmt *stmt, int type,
				    uint8_t family, uint32_t flags)
{
	const struct stmt_ops *ops = nat_stmt_alloc_ops(type);

	stmt->ops = ops;
	stmt->nat.type = type;
	stmt->nat.family = family;
	stmt->nat.flags |= flags;
	return stmt;
}

/* The address and port the nat target grammar collected, for tproxy. */
static struct stmt *parser_tproxy(const YYLTYPE *loc, uint8_t family,
				  struct stmt *target)
{
	struct stmt *stmt = tproxy_stmt_alloc(loc);

	stmt->tproxy.family = family;
	stmt->tproxy.addr = target->nat.addr;
	stmt->tproxy.port = target->nat.proto;
	target->nat.addr = NULL;
	target->nat.proto = NULL;
	stmt_free(target);
	return stmt;
}

/* Lookup expressions: each takes over its strings. */

static uint32_t parser_fib_flag(struct parser_state *st, char *name,
				const YYLTYPE *loc)
{
	uint32_t flag = 0;

	if (!fib_flag_lookup(name, &flag))
		parser_error(st, loc, "unknown fib field '%s': expected saddr, daddr, mark, iif or oif",
			     name);
	xfree(name);
	return flag;
}

static struct expr *parser_fib(struct parser_state *st, const YYLTYPE *loc,
			       uint32_t flags, const YYLTYPE *flags_loc,
			       char *result, const YYLTYPE *result_loc)
{
	uint32_t res = NFT_FIB_RESULT_OIF;

	if (!fib_result_lookup(result, &res))
		parser_error(st, result_loc,
			     "unknown fib result '%s': expected oif, oifname or type",
			     result);
	xfree(result);
	/* errors about the lookup fields point at them */
	(void)loc;
	return fib_expr_alloc(flags_loc, flags, res);
}

static struct expr *parser_exthdr(struct parser_state *st,
				  const YYLTYPE *loc, enum nft_exthdr_op op,
				  const char *name, const YYLTYPE *name_loc,
				  char *field, const YYLTYPE *field_loc,
				  uint64_t index);

static struct expr *parser_rt(struct parser_state *st, const YYLTYPE *loc,
			      const char *family, char *key,
			      const YYLTYPE *key_loc)
{
	const struct exthdr_desc *rthdr = exthdr_lookup(NFT_EXTHDR_OP_IPV6,
							 "rt");
	unsigned int k = NFT_RT_CLASSID;
	struct expr *expr;

	/* "rt type", "rt seg-left": the IPv6 routing header */
	if (!family && !rt_key_lookup(key, NULL, &k) &&
	    exthdr_field_lookup(rthdr, key))
		return parser_exthdr(st, loc, NFT_EXTHDR_OP_IPV6, "rt", loc,
				     key, key_loc, 0);
	if (!rt_key_lookup(key, family, &k))
		parser_error(st, key_loc, "unknown rt key '%s'", key);
	expr = rt_expr_alloc(loc, k);
	if (!family && !strcmp(key, "nexthop"))
		expr->rt.family_implicit = true;
	xfree(key);
	return expr;
}

static struct expr *parser_numgen(struct parser_state *st,
				  const YYLTYPE *loc, char *type,
				  const YYLTYPE *type_loc, uint64_t mod,
				  uint64_t offset)
{
	enum nft_ng_types t = NFT_NG_INCREMENTAL;

	if (!numgen_type_lookup(type, &t))
		parser_error(st, type_loc,
			     "unknown numgen mode '%s': expected inc or random",
			     type);
	xfree(type);
	if (mod > UINT32_MAX || offset > UINT32_MAX) {
		parser_error(st, loc, "numgen modulus and offset are 32 bit numbers");
		mod = 1;
		offset = 0;
	}
	return numgen_expr_alloc(loc, t, mod, offset);
}

static struct expr *parser_hash(const YYLTYPE *loc, enum nft_hash_types type,
				struct expr *src, uint64_t mod,
				const uint64_t *seed, uint64_t offset)
{
	struct expr *expr = hash_expr_alloc(loc, type, src, mod);

	if (seed) {
		expr->hash.seed = *seed;
		expr->hash.seed_set = true;
	}
	expr->hash.offset = offset;
	/* out of range values make the evaluator complain about 0 */
	if (mod > UINT32_MAX)
		expr->hash.mod = 0;
	return expr;
}

static struct expr *parser_socket(struct parser_state *st,
				  const YYLTYPE *loc, char *key,
				  const YYLTYPE *key_loc)
{
	enum nft_socket_keys k = NFT_SOCKET_TRANSPARENT;

	if (!socket_key_lookup(key, &k))
		parser_error(st, key_loc,
			     "unknown socket key '%s': expected transparent, mark or wildcard",
			     key);
	xfree(key);
	return socket_expr_alloc(loc, k);
}

/* "socket cgroupv2 level N": how deep in the hierarchy to look. */
static void parser_socket_level(struct parser_state *st, struct expr *expr,
				uint64_t level, const YYLTYPE *loc)
{
	if (expr->etype != EXPR_SOCKET ||
	    expr->socket.key != NFT_SOCKET_CGROUPV2)
		parser_error(st, loc, "only socket cgroupv2 takes a level");
	else if (level > 255)
		parser_error(st, loc, "cgroupv2 level %llu is out of range (0-255)",
			     (unsigned long long)level);
	else
		expr->socket.level = level;
}

static struct expr *parser_osf(struct parser_state *st, const YYLTYPE *loc,
			       char *ttl, const YYLTYPE *ttl_loc, char *key,
			       const YYLTYPE *key_loc)
{
	uint8_t t = 0;
	uint32_t flags = 0;

	if (ttl && !osf_ttl_lookup(ttl, &t))
		parser_error(st, ttl_loc,
			     "unknown osf ttl '%s': expected loose or skip",
			     ttl);
	if (!strcmp(key, "version"))
		flags = NFT_OSF_F_VERSION;
	else if (strcmp(key, "name"))
		parser_error(st, key_loc,
			     "unknown osf key '%s': expected name or version",
			     key);
	xfree(ttl);
	xfree(key);
	return osf_expr_alloc(loc, t, flags);
}

static uint32_t parser_spnum(struct parser_state *st, uint64_t n,
			     const YYLTYPE *loc)
{
	if (n > 255) {
		parser_error(st, loc, "spnum %llu is out of range (0-255)",
			     (unsigned long long)n);
		return 0;
	}
	return n;
}

static struct expr *parser_xfrm(struct parser_state *st, const YYLTYPE *loc,
				char *dir, const YYLTYPE *dir_loc,
				uint32_t spnum, const char *family, char *key,
				const YYLTYPE *key_loc)
{
	enum nft_xfrm_keys k = NFT_XFRM_KEY_REQID;
	uint8_t d = 0;

	if (!xfrm_dir_lookup(dir, &d))
		parser_error(st, dir_loc,
			     "unknown ipsec direction '%s': expected in or out",
			     dir);
	if (!xfrm_key_lookup(key, family, &k))
		parser_error(st, key_loc, family ?
			     "unknown ipsec key '%s'" :
			     "unknown ipsec key '%s' (addresses need ip or ip6 before them)",
			     key);
	xfree(dir);
	xfree(key);
	return xfrm_expr_alloc(loc, k, d, spnum);
}

/* Extension headers: each takes over @field. */
static struct expr *parser_exthdr(struct parser_state *st,
				  const YYLTYPE *loc, enum nft_exthdr_op op,
				  const char *name, const YYLTYPE *name_loc,
				  char *field, const YYLTYPE *field_loc,
				  uint64_t index)
{
	const struct exthdr_desc *d = exthdr_lookup(op, name);
	const struct exthdr_field *f = NULL;

	if (!d) {
		parser_error(st, name_loc, "unknown %s '%s'",
			     op == NFT_EXTHDR_OP_TCPOPT ? "TCP option" :
			     op == NFT_EXTHDR_OP_IPV4 ? "IP option" :
			     op == NFT_EXTHDR_OP_SCTP ? "SCTP chunk" :
			     "extension header", name);
		xfree(field);
		return parser_placeholder(loc, name);
	}
	if (field) {
		f = exthdr_field_lookup(d, field);
		if (!f)
			parser_error(st, field_loc, "unknown %s field '%s'",
				     name, field);
		else if (exthdr_field_is_array(f) && !index)
			parser_error(st, field_loc,
				     "%s %s needs an index: %s[N]", name,
				     field, field);
		else if (!exthdr_field_is_array(f) && index)
			parser_error(st, field_loc, "%s %s is not an array",
				     name, field);
		else if (index > 255)
			parser_error(st, field_loc, "index %llu is out of range",
				     (unsigned long long)index);
		xfree(field);
		if (!f || (exthdr_field_is_array(f) != !!index) ||
		    index > 255)
			return parser_placeholder(loc, name);
	}
	return exthdr_expr_alloc(loc, d, f, index);
}

/* "sctp chunk NAME [FIELD]" */
static struct expr *parser_chunk(struct parser_state *st,
				 const YYLTYPE *loc, const char *proto,
				 const YYLTYPE *proto_loc, char *name,
				 const YYLTYPE *name_loc, char *field,
				 const YYLTYPE *field_loc)
{
	struct expr *expr;

	if (strcmp(proto, "sctp")) {
		parser_error(st, proto_loc, "%s has no chunks: sctp chunk",
			     proto);
		xfree(name);
		xfree(field);
		return parser_placeholder(loc, proto);
	}
	expr = parser_exthdr(st, loc, NFT_EXTHDR_OP_SCTP, name, name_loc,
			     field, field_loc, 0);
	xfree(name);
	return expr;
}

/* "tcp option NAME [FIELD]", "ip option NAME [FIELD]" */
static struct expr *parser_option(struct parser_state *st,
				  const YYLTYPE *loc, const char *proto,
				  const YYLTYPE *proto_loc, char *name,
				  const YYLTYPE *name_loc, char *field,
				  const YYLTYPE *field_loc)
{
	struct expr *expr;
	enum nft_exthdr_op op;

	if (!strcmp(proto, "tcp")) {
		op = NFT_EXTHDR_OP_TCPOPT;
	} else if (!strcmp(proto, "ip")) {
		op = NFT_EXTHDR_OP_IPV4;
	} else {
		parser_error(st, proto_loc, "%s has no options: tcp option or ip option",
			     proto);
		xfree(name);
		xfree(field);
		return parser_placeholder(loc, proto);
	}
	expr = parser_exthdr(st, loc, op, name, name_loc, field, field_loc,
			     0);
	xfree(name);
	return expr;
}

static bool parser_tcp_options(struct parser_state *st, const char *proto,
			       const YYLTYPE *proto_loc)
{
	if (!strcmp(proto, "tcp"))
		return true;
	parser_error(st, proto_loc, "only tcp options can be given by number");
	return false;
}

/* "tcp option 34": whether option kind 34 is there. */
static struct expr *parser_option_number(struct parser_state *st,
					 const YYLTYPE *loc, const char *proto,
					 const YYLTYPE *proto_loc, char *num,
					 const YYLTYPE *num_loc)
{
	uint64_t kind = parser_number(st, num, num_loc);

	xfree(num);
	if (!parser_tcp_options(st, proto, proto_loc))
		return parser_placeholder(loc, proto);
	if (kind > 255) {
		parser_error(st, num_loc, "TCP option kind must be 0-255");
		kind = 0;
	}
	return exthdr_expr_alloc_raw(loc, NFT_EXTHDR_OP_TCPOPT, kind, 0, 8,
				     true);
}

/* "tcp option @KIND,OFFSET,LEN" (offset and length in bits) */
static struct expr *parser_option_raw(struct parser_state *st,
				      const YYLTYPE *loc, const char *proto,
				      const YYLTYPE *proto_loc, uint64_t kind,
				      uint64_t off, uint64_t len,
				      const YYLTYPE *len_loc)
{
	if (!parser_tcp_options(st, proto, proto_loc))
		return parser_placeholder(loc, proto);
	if (kind > 255 || off > 255 * BITS_PER_BYTE || len == 0 ||
	    len > 128) {
		parser_error(st, len_loc,
			     "raw TCP option: kind 0-255, offset and length in bits, at most 128 bits");
		return parser_placeholder(loc, proto);
	}
	return exthdr_expr_alloc_raw(loc, NFT_EXTHDR_OP_TCPOPT, kind, off, len,
				     false);
}

static struct stmt *parser_verdict(const YYLTYPE *loc, int verdict,
				   struct expr *chain)
{
	return verdict_stmt_alloc(loc, verdict_expr_alloc(loc, verdict, chain));
}
}

%define api.pure full
%define api.location.type {struct location}
%define api.token.prefix {TOK_}
%define parse.error custom
%define parse.lac full
%locations
%parse-param {yyscan_t scanner} {struct parser_state *state}
%lex-param {yyscan_t scanner}
%expect 0
/* "tcp option maxseg size": a word after an option name is its field,
 * never the value of a presence match (that is exists or missing). */
%precedence OPTION_PRESENCE
%precedence STRING TYPE COUNT LEVEL FLAGS
/* "dnat ip to ..." and "dnat ip prefix to ...": after a nat keyword,
 * "ip" and "ip6" followed by to or prefix name the family, never a
 * header field called "to" or "prefix" (there is none). */
%precedence NAT_FAMILY
%precedence TO PREFIX

%union {
	const char *kw;
	char *string;
	uint32_t val;
	uint64_t u64;
	enum ops op;
	struct expr *expr;
	struct stmt *stmt;
	struct rule *rule;
	struct chain *chain;
	struct table *table;
	struct flowtable *flowtable;
	struct cmd *cmd;
	struct handle *handle;
	struct sobj_words *words;
	struct set *set;
}

%token NEWLINE "newline"
%token SEMICOLON "semicolon"
%token EQ "'=='"
%token NEQ "'!='"
%token LT "'<'"
%token GT "'>'"
%token LTE "'<='"
%token GTE "'>='"
%token LSHIFT "'<<'" RSHIFT "'>>'"

%token <string> STRING "string"
%token <string> QUOTED_STRING "quoted string"
%token <string> ADDRSTRING "address"
%token <string> NUMBER "number"
%token <string> VARIABLE "variable"

%token <kw> ADD "add" CREATE "create" INSERT "insert" REPLACE "replace"
%token <kw> DELETE "delete" DESTROY "destroy" FLUSH "flush" LIST "list"
%token <kw> RENAME "rename" DESCRIBE "describe"
%token <kw> DEFINE "define" REDEFINE "redefine" UNDEFINE "undefine"
%token <kw> INCLUDE "include"
%token <kw> TABLE "table" TABLES "tables" CHAIN "chain" CHAINS "chains"
%token <kw> RULE "rule" RULESET "ruleset"
%token <kw> IP "ip" IP6 "ip6" INET "inet" ARP "arp" BRIDGE "bridge"
%token <kw> NETDEV "netdev"
%token <kw> FLAGS "flags" COMMENT "comment" TYPE "type" HOOK "hook" HOOKS "hooks"
%token <kw> DEVICE "device" DEVICES "devices" PRIORITY "priority"
%token <kw> POLICY "policy"
%token <kw> POSITION "position" HANDLE "handle" INDEX "index"
%token <kw> COUNTER "counter" PACKETS "packets" BYTES "bytes"
%token <kw> ACCEPT "accept" DROP "drop" JUMP "jump" GOTO "goto"
%token <kw> RETURN "return" CONTINUE "continue"
%token <kw> META "meta"
%token <kw> PROTO "protocol name"
%token <kw> META_KEY "meta key"
%token <kw> LOG "log" PREFIX "prefix" LEVEL "level" GROUP "group"
%token <kw> SNAPLEN "snaplen" QUEUE_THRESHOLD "queue-threshold"
%token <kw> LIMIT "limit" RATE "rate" BURST "burst" OVER "over"
%token <kw> QUOTA "quota" UNTIL "until" USED "used"
%token <kw> UPDATE "update" METER "meter"
%token <kw> REJECT "reject" WITH "with"
%token <kw> QUEUE "queue" NUM "num" TO "to" BYPASS "bypass" FANOUT "fanout"
%token <kw> DUP "dup" FWD "fwd" LAST "last"
%token <kw> SYNPROXY "synproxy" MSS "mss" WSCALE "wscale"
%token <kw> TIMESTAMP "timestamp" SACK_PERM "sack-perm"
%token <kw> SNAT "snat" DNAT "dnat" MASQUERADE "masquerade"
%token <kw> REDIRECT "redirect" RANDOM "random" FULLY_RANDOM "fully-random"
%token <kw> PERSISTENT "persistent" TPROXY "tproxy"
%token <kw> FIB "fib" RT "rt" NUMGEN "numgen" JHASH "jhash" SYMHASH "symhash"
%token <kw> SOCKET "socket" OSF "osf" IPSEC "ipsec" MOD "mod" SEED "seed"
%token <kw> OFFSET "offset" TTL "ttl" SPNUM "spnum"
%token <kw> EXTHDR "exthdr" HBH "hbh" RT0 "rt0" RT2 "rt2" SRH "srh"
%token <kw> FRAG "frag" DST "dst" MH "mh" OPTION "option" CHUNK "chunk"
%token <kw> EXISTS "exists" MISSING "missing"
%token <kw> CT "ct" CT_DIR "conntrack direction" SET "set"
%token <kw> NOTRACK "notrack" COUNT "count"
%token <kw> FLOWTABLE "flowtable" FLOWTABLES "flowtables" FLOW "flow"
%token <kw> OFFLOAD "offload"
%token <kw> RESET "reset" SECMARK "secmark"
%token <kw> ELEMENT "element" SETS "sets" GET "get"
%token <kw> MAPS "maps"

%type <cmd> base_cmd add_cmd table_or_chain_add delete_cmd flush_cmd
%type <cmd> list_cmd bare_rule_add
%type <handle> table_spec chain_spec rule_position bare_chain_spec
%type <handle> bare_rule_position
%type <val> family_spec family_kw ruleset_family table_flags
%type <u64> number
%type <string> identifier string_arg prio_base opt_hooks_device
%type <kw> keyword_id proto_kw rhs_keyword
%type <table> table_block table_body
%type <chain> chain_block chain_body
%type <rule> rule_body stmt_list
%type <set> setdecl_block setdecl_body
%type <handle> set_spec
%type <string> set_key_types
%type <val> set_flag_list
%type <expr> set_ref
%type <stmt> stmt match_stmt counter_stmt verdict_stmt
%type <stmt> keyset_stmt notrack_stmt connlimit_stmt flow_stmt vmap_stmt
%type <stmt> set_stmt set_stmt_opts set_stmt_stmts set_elem_stmt
%type <stmt> elem_stmt
%type <val> set_stmt_op
%type <expr> set_stmt_key
%type <flowtable> flowtable_block flowtable_body
%type <expr> define_item keyset_map_key map_expr objmap_expr objmap_key objmap_field map_block map_list map_elem map_data map_verdict
%token <kw> MAP "map" VMAP "vmap"
%type <words> obj_block obj_body obj_inner
%type <val> obj_kind
%type <val> obj_kind_plain
%type <words> obj_args
%type <string> obj_punct
%type <handle> obj_spec
%destructor { sobj_words_free($$); } <words>
%type <expr> ct_expr keyset_key keyset_value keyset_operand keyset_const
%type <expr> match_rhs flag_list keyset_flag flag_or
%type <string> ct_key
%type <expr> match_lhs payload_expr meta_expr rhs_expr rhs_primary
%type <expr> flag_head
%type <expr> fib_expr rt_expr numgen_expr hash_expr socket_expr osf_expr
%type <expr> xfrm_expr hash_src exthdr_expr
%type <kw> exthdr_name
%type <val> fib_flags opt_spnum
%type <u64> opt_offset
%type <expr> define_expr define_list dev_spec dev_value dev_set dev_list
%type <expr> opt_dev_spec prio_expr policy_expr chain_target
%type <expr> set_block set_list set_member set_elem concat_lhs concat_rhs
%type <expr> set_value set_bits set_operand
%type <op> rel_op
%type <stmt> log_stmt limit_stmt quota_stmt reject_stmt queue_stmt
%type <stmt> queue_compat
%type <stmt> dup_stmt fwd_stmt last_stmt synproxy_stmt
%type <val> log_flag log_tcp_flags limit_mode quota_mode queue_flags
%type <val> queue_flag
%type <u64> limit_burst_pkts limit_burst_bytes quota_value quota_used
%type <expr> reject_code reject_code_value queue_num stmt_arg queue_value
%type <expr> queue_expr queue_target
%type <stmt> nat_stmt snat_dnat masq_redir nat_target tproxy_stmt
%type <string> option_name
%type <val> nat_kw nat_flags nat_flag_list nat_flag
%type <expr> nat_value nat_const nat_addr nat_port stmt_expr stmt_paren
%type <expr> stmt_dev

%destructor { xfree($$); } <string>
%destructor { expr_free($$); } <expr>
%destructor { stmt_free($$); } <stmt>
%destructor { rule_free($$); } <rule>
%destructor { cmd_free($$); } <cmd>
%destructor { parser_handle_free($$); } <handle>
%destructor { parser_scope_pop(state); table_free($$); } table_block table_body
%destructor { parser_scope_pop(state); chain_free($$); } chain_block chain_body
%destructor { flowtable_free($$); } flowtable_block flowtable_body
%destructor { set_free($$); } setdecl_block setdecl_body

%%

input		: %empty
		| input line
		;

line		: separator
		| base_cmd separator	{ list_add_tail(&$1->list, state->cmds); }
		| common_block
		| error separator	{ yyerrok; }
		;

separator	: NEWLINE
		| SEMICOLON
		;

opt_newlines	: %empty
		| opt_newlines NEWLINE
		;

/* Allowed at the top level and inside blocks. */
common_block	: INCLUDE QUOTED_STRING separator
			{
				/* Up to the separator, as nft reports it. */
				struct location loc = parser_span(&@1, &@3);

				if (state->nerrs < PARSER_MAX_ERRORS &&
				    scanner_include(scanner, $2, &loc) < 0)
					state->nerrs++;
				xfree($2);
			}
		| DEFINE identifier '=' define_expr separator
			{
				parser_define(state, &@2, $2, $4, false);
				xfree($2);
			}
		| REDEFINE identifier '=' define_expr separator
			{
				parser_define(state, &@2, $2, $4, true);
				xfree($2);
			}
		| UNDEFINE identifier separator
			{
				parser_undefine(state, &@2, $2);
				xfree($2);
			}
		;

base_cmd	: add_cmd		{ $$ = parser_cmd_at($1, &@$); }
		| ADD add_cmd		{ $$ = parser_cmd_at($2, &@$); }
		| bare_rule_add		{ $$ = $1; }
		| CREATE table_or_chain_add
			{
				$$ = parser_cmd_at($2, &@$);
				$$->op = CMD_CREATE;
			}
		| CREATE SET set_spec '{' setdecl_body '}'
			{
				$$ = parser_set_cmd(CMD_CREATE, $3, $5, &@$);
			}
		| CREATE MAP set_spec '{' setdecl_body '}'
			{
				$5->flags |= NFT_SET_MAP;
				$$ = parser_set_cmd(CMD_CREATE, $3, $5, &@$);
			}
		| CREATE ELEMENT set_spec map_block
			{
				$$ = parser_element_cmd(CMD_CREATE, $3, $4, &@$);
			}
		| CREATE ELEMENT set_spec set_block
			{
				$$ = parser_element_cmd(CMD_CREATE, $3, $4, &@$);
			}
		| INSERT RULE rule_position rule_body
			{
				$$ = parser_rule_cmd(CMD_INSERT, $3, $4, &@$);
			}
		| REPLACE RULE chain_spec HANDLE number rule_body
			{
				parser_set_id(&$3->handle, $5, &@5);
				$$ = parser_rule_cmd(CMD_REPLACE, $3, $6, &@$);
			}
		| DELETE delete_cmd
			{
				$$ = parser_cmd_at($2, &@$);
				$$->op = CMD_DELETE;
			}
		| DESTROY delete_cmd
			{
				$$ = parser_cmd_at($2, &@$);
				$$->op = CMD_DESTROY;
			}
		| FLUSH flush_cmd
			{
				$$ = parser_cmd_at($2, &@$);
				$$->op = CMD_FLUSH;
			}
		| GET ELEMENT set_spec set_block
			{
				$$ = parser_element_cmd(CMD_GET, $3, $4, &@$);
			}
		| LIST list_cmd
			{
				$$ = parser_cmd_at($2, &@$);
				$$->op = CMD_LIST;
			}
		| DESCRIBE match_lhs
			{
				$$ = parser_cmd(CMD_DESCRIBE, CMD_OBJ_EXPR,
						parser_handle_new(NFPROTO_UNSPEC),
						&@$, $2);
			}
		| CREATE obj_kind obj_spec
			{
				$$ = parser_sobj_cmd(state, CMD_ADD, $2, $3, NULL,
						     &@$);
				$$->op = CMD_CREATE;
			}
		| CREATE obj_kind obj_spec obj_block
			{
				$$ = parser_sobj_cmd(state, CMD_ADD, $2, $3, $4,
						     &@$);
				$$->op = CMD_CREATE;
			}
		| RESET CT STRING obj_args
			{
				$$ = parser_ct_list_cmd(state, CMD_RESET, "ct", $3,
							&@3, $4, &@$);
				if (!$$)
					YYERROR;
			}
		| RESET STRING obj_args
			{
				$$ = parser_ct_list_cmd(state, CMD_RESET, NULL, $2,
							&@2, $3, &@$);
				if (!$$)
					YYERROR;
			}
		| RESET obj_kind_plain obj_spec
			{
				$$ = parser_sobj_cmd(state, CMD_RESET, $2, $3,
						     NULL, &@$);
			}
		| RESET SET set_spec
			{
				$$ = parser_cmd(CMD_RESET, CMD_OBJ_SET, $3,
						&@$, NULL);
			}
		| RESET MAP set_spec
			{
				$$ = parser_cmd(CMD_RESET, CMD_OBJ_SET, $3,
						&@$, NULL);
			}
		| RESET ELEMENT set_spec set_block
			{
				$$ = parser_element_cmd(CMD_RESET, $3, $4, &@$);
			}
		| RENAME CHAIN chain_spec identifier
			{
				$$ = parser_cmd(CMD_RENAME, CMD_OBJ_CHAIN, $3,
						&@$, NULL);
				$$->arg = $4;
			}
		;

add_cmd		: table_or_chain_add	{ $$ = $1; }
		| obj_kind obj_spec
			{
				$$ = parser_sobj_cmd(state, CMD_ADD, $1, $2, NULL,
						     &@$);
			}
		| obj_kind obj_spec obj_block
			{
				$$ = parser_sobj_cmd(state, CMD_ADD, $1, $2, $3,
						     &@$);
			}
		| SET set_spec '{' setdecl_body '}'
			{
				$$ = parser_set_cmd(CMD_ADD, $2, $4, &@$);
			}
		| MAP set_spec '{' setdecl_body '}'
			{
				$4->flags |= NFT_SET_MAP;
				$$ = parser_set_cmd(CMD_ADD, $2, $4, &@$);
			}
		| ELEMENT set_spec set_block
			{
				$$ = parser_element_cmd(CMD_ADD, $2, $3, &@$);
			}
		| ELEMENT set_spec map_block
			{
				$$ = parser_element_cmd(CMD_ADD, $2, $3, &@$);
			}
		| RULE rule_position rule_body
			{
				$$ = parser_rule_cmd(CMD_ADD, $2, $3, &@$);
			}
		;

/* "add [family] table chain ..." without "rule", as nft accepts. */
bare_rule_add	: ADD bare_rule_position rule_body
			{
				$$ = parser_rule_cmd(CMD_ADD, $2, $3, &@$);
			}
		;

table_or_chain_add : TABLE table_spec
			{
				$$ = parser_table_cmd(state, $2, NULL, &@$);
			}
		| TABLE table_spec '{' table_body '}'
			{
				$$ = parser_table_cmd(state, $2, $4, &@$);
			}
		| CHAIN chain_spec
			{
				$$ = parser_chain_cmd(state, CMD_ADD, $2,
						      chain_alloc(NULL), &@$);
			}
		| CHAIN chain_spec '{' chain_body '}'
			{
				parser_scope_pop(state);
				$4->has_block = true;
				$$ = parser_chain_cmd(state, CMD_ADD, $2, $4,
						      &@$);
			}
		| FLOWTABLE chain_spec '{' flowtable_body '}'
			{
				$$ = parser_flowtable_cmd(CMD_ADD, $2, $4, &@$);
			}
		;

delete_cmd	: TABLE table_spec
			{
				$$ = parser_cmd(CMD_DELETE, CMD_OBJ_TABLE, $2,
						&@$, NULL);
			}
		| TABLE family_spec HANDLE number
			{
				struct handle *h = parser_handle_new($2);

				parser_set_id(&h->handle, $4, &@4);
				$$ = parser_cmd(CMD_DELETE, CMD_OBJ_TABLE, h,
						&@$, NULL);
			}
		| CHAIN chain_spec
			{
				$$ = parser_cmd(CMD_DELETE, CMD_OBJ_CHAIN, $2,
						&@$, NULL);
			}
		| CHAIN chain_spec '{' chain_body '}'
			{
				parser_scope_pop(state);
				$4->has_block = true;
				$$ = parser_chain_cmd(state, CMD_DELETE, $2, $4,
						      &@$);
			}
		| CHAIN table_spec HANDLE number
			{
				parser_set_id(&$2->handle, $4, &@4);
				$$ = parser_cmd(CMD_DELETE, CMD_OBJ_CHAIN, $2,
						&@$, NULL);
			}
		| RULE chain_spec HANDLE number
			{
				parser_set_id(&$2->handle, $4, &@4);
				$$ = parser_cmd(CMD_DELETE, CMD_OBJ_RULE, $2,
						&@$, NULL);
			}
		| FLOWTABLE chain_spec
			{
				$$ = parser_cmd(CMD_DELETE, CMD_OBJ_FLOWTABLE, $2,
						&@$, NULL);
			}
		| FLOWTABLE chain_spec '{' flowtable_body '}'
			{
				$$ = parser_flowtable_cmd(CMD_DELETE, $2, $4,
							  &@$);
			}
		| FLOWTABLE table_spec HANDLE number
			{
				parser_set_id(&$2->handle, $4, &@4);
				$$ = parser_cmd(CMD_DELETE, CMD_OBJ_FLOWTABLE, $2,
						&@$, NULL);
			}
		| obj_kind obj_spec
			{
				$$ = parser_sobj_cmd(state, CMD_DELETE, $1, $2,
						     NULL, &@$);
			}
		| obj_kind table_spec HANDLE number
			{
				parser_set_id(&$2->handle, $4, &@4);
				$$ = parser_sobj_cmd(state, CMD_DELETE, $1, $2,
						     NULL, &@$);
			}
		| SET set_spec
			{
				$$ = parser_cmd(CMD_DELETE, CMD_OBJ_SET, $2,
						&@$, NULL);
			}
		| SET table_spec HANDLE number
			{
				parser_set_id(&$2->handle, $4, &@4);
				$$ = parser_cmd(CMD_DELETE, CMD_OBJ_SET, $2,
						&@$, NULL);
			}
		| ELEMENT set_spec set_block
			{
				$$ = parser_element_cmd(CMD_DELETE, $2, $3, &@$);
			}
		| ELEMENT set_spec map_block
			{
				$$ = parser_element_cmd(CMD_DELETE, $2, $3, &@$);
			}
		| MAP set_spec
			{
				$$ = parser_cmd(CMD_DELETE, CMD_OBJ_SET, $2,
						&@$, NULL);
			}
		;

flush_cmd	: TABLE table_spec
			{
				$$ = parser_cmd(CMD_FLUSH, CMD_OBJ_TABLE, $2,
						&@$, NULL);
			}
		| CHAIN chain_spec
			{
				$$ = parser_cmd(CMD_FLUSH, CMD_OBJ_CHAIN, $2,
						&@$, NULL);
			}
		| RULESET ruleset_family
			{
				$$ = parser_family_cmd(CMD_FLUSH,
						       CMD_OBJ_RULESET, $2, &@$);
			}
		| SET set_spec
			{
				$$ = parser_cmd(CMD_FLUSH, CMD_OBJ_SET, $2,
						&@$, NULL);
			}
		| MAP set_spec
			{
				$$ = parser_cmd(CMD_FLUSH, CMD_OBJ_SET, $2,
						&@$, NULL);
			}
		;

list_cmd	: TABLE table_spec
			{
				$$ = parser_cmd(CMD_LIST, CMD_OBJ_TABLE, $2,
						&@$, NULL);
			}
		| CHAIN chain_spec
			{
				$$ = parser_cmd(CMD_LIST, CMD_OBJ_CHAIN, $2,
						&@$, NULL);
			}
		| RULESET ruleset_family
			{
				$$ = parser_family_cmd(CMD_LIST, CMD_OBJ_RULESET,
						       $2, &@$);
			}
		| TABLES ruleset_family
			{
				$$ = parser_family_cmd(CMD_LIST, CMD_OBJ_TABLES,
						       $2, &@$);
			}
		| CHAINS ruleset_family
			{
				$$ = parser_family_cmd(CMD_LIST, CMD_OBJ_CHAINS,
						       $2, &@$);
			}
		| FLOWTABLE chain_spec
			{
				$$ = parser_cmd(CMD_LIST, CMD_OBJ_FLOWTABLE, $2,
						&@$, NULL);
			}
		| FLOWTABLES ruleset_family
			{
				$$ = parser_family_cmd(CMD_LIST,
						       CMD_OBJ_FLOWTABLES, $2, &@$);
			}
		| obj_kind_plain obj_spec
			{
				$$ = parser_sobj_cmd(state, CMD_LIST, $1, $2,
						     NULL, &@$);
			}
		| STRING obj_args
			{
				$$ = parser_ct_list_cmd(state, CMD_LIST, NULL, $1,
							&@1, $2, &@$);
				if (!$$)
					YYERROR;
			}
		| CT STRING obj_args
			{
				$$ = parser_ct_list_cmd(state, CMD_LIST, "ct", $2,
							&@2, $3, &@$);
				if (!$$)
					YYERROR;
			}
		| SET set_spec
			{
				$$ = parser_cmd(CMD_LIST, CMD_OBJ_SET, $2,
						&@$, NULL);
			}
		| MAP set_spec
			{
				$$ = parser_cmd(CMD_LIST, CMD_OBJ_SET, $2,
						&@$, NULL);
			}
		| SETS ruleset_family
			{
				$$ = parser_family_cmd(CMD_LIST, CMD_OBJ_SETS,
						       $2, &@$);
			}
		| MAPS ruleset_family
			{
				$$ = parser_family_cmd(CMD_LIST, CMD_OBJ_MAPS,
						       $2, &@$);
			}
		| HOOKS ruleset_family opt_hooks_device
			{
				$$ = parser_family_cmd(CMD_LIST, CMD_OBJ_HOOKS,
						       $2, &@$);
				$$->arg = $3;
			}
		;

opt_hooks_device : %empty		{ $$ = NULL; }
		| DEVICE string_arg	{ $$ = $2; }
		;

/* Addressing: [family] table [chain] [position|handle|index N] */

family_kw	: IP		{ $$ = NFPROTO_IPV4; }
		| IP6		{ $$ = NFPROTO_IPV6; }
		| INET		{ $$ = NFPROTO_INET; }
		| ARP		{ $$ = NFPROTO_ARP; }
		| BRIDGE	{ $$ = NFPROTO_BRIDGE; }
		| NETDEV	{ $$ = NFPROTO_NETDEV; }
		;

family_spec	: %empty	{ $$ = NFPROTO_IPV4; }
		| family_kw	{ $$ = $1; }
		;

ruleset_family	: %empty	{ $$ = NFPROTO_UNSPEC; }
		| family_kw	{ $$ = $1; }
		;

table_spec	: family_spec identifier
			{
				$$ = parser_handle_new($1);
				$$->table.name = $2;
				$$->table.location = @2;
			}
		;

set_spec	: table_spec identifier
			{
				$$ = $1;
				$$->set.name = $2;
				$$->set.location = @2;
			}
		;

chain_spec	: table_spec identifier
			{
				$$ = $1;
				$$->chain.name = $2;
				$$->chain.location = @2;
			}
		;

/*
 * Without the "rule" keyword the table name must be a plain word or a
 * quoted string: a keyword there is the object of "add" ("add table").
 */
bare_chain_spec	: family_spec STRING identifier
			{
				$$ = parser_handle_new($1);
				$$->table.name = $2;
				$$->table.location = @2;
				$$->chain.name = $3;
				$$->chain.location = @3;
			}
		| family_spec QUOTED_STRING identifier
			{
				$$ = parser_handle_new($1);
				$$->table.name = $2;
				$$->table.location = @2;
				$$->chain.name = $3;
				$$->chain.location = @3;
			}
		;

bare_rule_position : bare_chain_spec	{ $$ = $1; }
		| bare_chain_spec POSITION number
			{
				$$ = $1;
				parser_set_id(&$$->position, $3, &@3);
			}
		| bare_chain_spec HANDLE number
			{
				$$ = $1;
				parser_set_id(&$$->position, $3, &@3);
			}
		| bare_chain_spec INDEX number
			{
				$$ = $1;
				parser_set_id(&$$->index, $3, &@3);
			}
		;

rule_position	: chain_spec		{ $$ = $1; }
		| chain_spec POSITION number
			{
				$$ = $1;
				parser_set_id(&$$->position, $3, &@3);
			}
		| chain_spec HANDLE number
			{
				/* "add rule ... handle N": after rule N */
				$$ = $1;
				parser_set_id(&$$->position, $3, &@3);
			}
		| chain_spec INDEX number
			{
				$$ = $1;
				parser_set_id(&$$->index, $3, &@3);
			}
		;

number		: NUMBER
			{
				$$ = parser_number(state, $1, &@1);
				xfree($1);
			}
		;

/*
 * Names: plain words, quoted strings, and keywords that cannot start
 * anything where a name is expected (a chain called "input" or "mark").
 * Family names and verdicts are not names: they would be ambiguous.
 */
identifier	: STRING		{ $$ = $1; }
		| QUOTED_STRING		{ $$ = $1; }
		| keyword_id		{ $$ = xstrdup($1); }
		;

keyword_id	: ADD | CREATE | INSERT | REPLACE | DELETE | DESTROY
		| FLUSH | LIST | RENAME | DESCRIBE | TABLE | TABLES | CHAIN | CHAINS
		| RULE | RULESET | FLAGS | COMMENT | TYPE | HOOK | HOOKS | DEVICE
		| DEVICES | PRIORITY | POLICY | POSITION | HANDLE | INDEX
		| COUNTER | PACKETS | BYTES | META | PROTO | META_KEY
		| LOG | PREFIX | LEVEL | GROUP | SNAPLEN | QUEUE_THRESHOLD
		| LIMIT | RATE | BURST | OVER | QUOTA | UNTIL | USED
		| REJECT | WITH | QUEUE | NUM | TO | BYPASS | FANOUT
		| DUP | FWD | LAST | SYNPROXY | MSS | WSCALE | TIMESTAMP
		| SACK_PERM | SNAT | DNAT | MASQUERADE | REDIRECT | RANDOM
		| FULLY_RANDOM | PERSISTENT | TPROXY
		| FIB | RT | NUMGEN | JHASH | SYMHASH | SOCKET | OSF | IPSEC
		| TTL | EXTHDR | HBH | RT0 | RT2 | SRH | FRAG | DST | MH
		| CT | CT_DIR | NOTRACK | COUNT | RESET | SECMARK
		| FLOWTABLE | FLOWTABLES | FLOW | OFFLOAD
		| MAP
		| ELEMENT | SETS | GET | MAPS
		| UPDATE | METER
		;

string_arg	: identifier		{ $$ = $1; }
		;

/* Table blocks */

table_block	: %empty
			{
				$$ = table_alloc();
				parser_scope_push(state);
			}
		| table_block separator		{ $$ = $1; }
		| table_block table_item separator	{ $$ = $1; }
		| table_block common_block	{ $$ = $1; }
		| table_block error separator	{ $$ = $1; yyerrok; }
		;

/* As in the system nft, every item ends with a separator, the last one
 * before '}' too: "table ip t { chain c { accept; }; }". */
table_body	: table_block			{ $$ = $1; }
		;

/* Items apply to the table below them on the stack ($0). */
table_item	: FLAGS table_flags	{ $<table>0->flags |= $2; }
		| COMMENT string_arg
			{
				xfree($<table>0->comment);
				$<table>0->comment = $2;
				$<table>0->comment_loc = @2;
			}
		| CHAIN identifier '{' chain_body '}'
			{
				parser_scope_pop(state);
				parser_table_add_chain($<table>0, $2, &@2, $4,
						       &@$);
			}
		| FLOWTABLE identifier '{' flowtable_body '}'
			{
				$4->handle.chain.name = $2;
				$4->handle.chain.location = @2;
				$4->location = @$;
				list_add_tail(&$4->list,
					      &$<table>0->flowtables);
			}
		| obj_kind identifier obj_block
			{
				parser_table_add_sobj(state, $<table>0, $1, $2,
						      &@2, $3, &@$);
			}
		| SET identifier '{' setdecl_body '}'
			{
				parser_table_add_set($<table>0, $2, &@2, $4,
						     &@$);
			}
		| MAP identifier '{' setdecl_body '}'
			{
				$4->flags |= NFT_SET_MAP;
				parser_table_add_set($<table>0, $2, &@2, $4,
						     &@$);
			}
		;

/* Flowtable blocks: items apply to the flowtable below them ($0). */
flowtable_block	: %empty		{ $$ = flowtable_alloc(); }
		| flowtable_block separator	{ $$ = $1; }
		| flowtable_block flowtable_item separator	{ $$ = $1; }
		| flowtable_block error separator	{ $$ = $1; yyerrok; }
		;

flowtable_body	: flowtable_block		{ $$ = $1; }
		;

flowtable_item	: HOOK identifier PRIORITY prio_expr
			{
				struct flowtable *ft = $<flowtable>0;

				xfree(ft->hookstr);
				ft->hookstr = $2;
				ft->hook_loc = @2;
				ft->has_hook = true;
				expr_free(ft->priority);
				ft->priority = $4;
			}
		| dev_spec
			{
				expr_free($<flowtable>0->dev_expr);
				$<flowtable>0->dev_expr = $1;
			}
		| FLAGS OFFLOAD
			{
				$<flowtable>0->flags |= NFT_FLOWTABLE_HW_OFFLOAD;
				$<flowtable>0->flags_given = true;
			}
		| COUNTER
			{
				$<flowtable>0->flags |= NFT_FLOWTABLE_COUNTER;
				$<flowtable>0->flags_given = true;
			}
		;

/* Stateful objects */

obj_kind	: obj_kind_plain	{ $$ = $1; }
		| CT STRING
			{
				$$ = parser_ct_obj_type(state, $2, &@2);
				xfree($2);
			}
		;

obj_kind_plain	: COUNTER	{ $$ = NFT_OBJECT_COUNTER; }
		| QUOTA		{ $$ = NFT_OBJECT_QUOTA; }
		| LIMIT		{ $$ = NFT_OBJECT_LIMIT; }
		| SYNPROXY	{ $$ = NFT_OBJECT_SYNPROXY; }
		| SECMARK	{ $$ = NFT_OBJECT_SECMARK; }
		;

/* "list ct helper T h", "list ct helpers [family] [table T]": which
 * one is told by the words (src/obj/sobj.c) */
obj_args	: %empty		{ $$ = sobj_words_alloc(); }
		| obj_args identifier
			{
				$$ = $1;
				sobj_words_add($$, $2, &@2, false);
				xfree($2);
			}
		| obj_args obj_punct
			{
				$$ = $1;
				sobj_words_add($$, $2, &@2, false);
				xfree($2);
			}
		;

obj_spec	: table_spec identifier
			{
				$$ = $1;
				$$->chain.name = $2;
				$$->chain.location = @2;
			}
		;


obj_block	: '{' obj_body '}'	{ $$ = $2; }
		;

obj_body	: %empty		{ $$ = sobj_words_alloc(); }
		| obj_body separator
			{
				$$ = $1;
				sobj_words_add($$, ";", &@2, false);
			}
		| obj_body identifier
			{
				$$ = $1;
				sobj_words_add($$, $2, &@2, false);
				xfree($2);
			}
		| obj_body obj_punct
			{
				$$ = $1;
				sobj_words_add($$, $2, &@2, false);
				xfree($2);
			}
		| obj_body '{' obj_inner '}'
			{
				unsigned int i;

				$$ = $1;
				sobj_words_add($$, "{", &@2, false);
				for (i = 0; i < $3->n; i++)
					sobj_words_add($$, $3->w[i].text,
						       &$3->w[i].location,
						       $3->w[i].quoted);
				sobj_words_add($$, "}", &@4, false);
				sobj_words_free($3);
			}
		;

obj_inner	: %empty		{ $$ = sobj_words_alloc(); }
		| obj_inner NEWLINE	{ $$ = $1; }
		| obj_inner identifier
			{
				$$ = $1;
				sobj_words_add($$, $2, &@2, false);
				xfree($2);
			}
		| obj_inner obj_punct
			{
				$$ = $1;
				sobj_words_add($$, $2, &@2, false);
				xfree($2);
			}
		;

obj_punct	: NUMBER	{ $$ = $1; }
		| IP		{ $$ = xstrdup("ip"); }
		| IP6		{ $$ = xstrdup("ip6"); }
		| INET		{ $$ = xstrdup("inet"); }
		| ARP		{ $$ = xstrdup("arp"); }
		| BRIDGE	{ $$ = xstrdup("bridge"); }
		| NETDEV	{ $$ = xstrdup("netdev"); }
		| '/'		{ $$ = xstrdup("/"); }
		| ':'		{ $$ = xstrdup(":"); }
		| ','		{ $$ = xstrdup(","); }
		| '='		{ $$ = xstrdup("="); }
		;

/* Set declarations: "type ipv4_addr; flags interval; elements = {...}".
 * Items apply to the set below them on the stack ($0). */
setdecl_block	: %empty		{ $$ = set_alloc(NULL); }
		| setdecl_block separator	{ $$ = $1; }
		| setdecl_block setdecl_item separator	{ $$ = $1; }
		| setdecl_block error separator	{ $$ = $1; yyerrok; }
		;

/* The last item may go without its separator, as in the system nft. */
setdecl_body	: setdecl_block		{ $$ = $1; }
		| setdecl_block setdecl_item	{ $$ = $1; }
		;

setdecl_item	: TYPE set_key_types
			{
				xfree($<set>0->key_types);
				$<set>0->key_types = $2;
				$<set>0->key_loc = @2;
			}
		| TYPE set_key_types ':' set_key_types
			{
				xfree($<set>0->key_types);
				$<set>0->key_types = $2;
				$<set>0->key_loc = @2;
				xfree($<set>0->data_types);
				$<set>0->data_types = $4;
				$<set>0->data_loc = @4;
			}
		| FLAGS set_flag_list	{ $<set>0->flags |= $2; }
		| setdecl_stmts
		| COMMENT string_arg
			{
				xfree($<set>0->comment);
				$<set>0->comment = $2;
				$<set>0->comment_loc = @2;
			}
		| POLICY identifier
			{
				if (!strcmp($2, "memory"))
					$<set>0->policy_memory = true;
				else if (strcmp($2, "performance"))
					parser_error(state, &@2,
						     "unknown set policy '%s': expected performance or memory",
						     $2);
				xfree($2);
			}
		| STRING
			{
				parser_set_item(state, $<set>0, $1, NULL, &@$);
			}
		| STRING NUMBER
			{
				parser_set_item(state, $<set>0, $1, $2, &@$);
			}
		| STRING STRING
			{
				parser_set_item(state, $<set>0, $1, $2, &@$);
			}
		| STRING match_lhs
			{
				parser_set_typeof(state, $<set>0, $1, &@1, $2,
						  &@2);
			}
		| STRING concat_lhs
			{
				parser_set_typeof(state, $<set>0, $1, &@1, $2,
						  &@2);
			}
		| STRING match_lhs ':' match_lhs
			{
				parser_map_typeof(state, $<set>0, $1, &@1, $2,
						  &@2, $4, &@4);
			}
		| STRING match_lhs ':' concat_lhs
			{
				parser_map_typeof(state, $<set>0, $1, &@1, $2,
						  &@2, $4, &@4);
			}
		| STRING concat_lhs ':' match_lhs
			{
				parser_map_typeof(state, $<set>0, $1, &@1, $2,
						  &@2, $4, &@4);
			}
		| STRING concat_lhs ':' concat_lhs
			{
				parser_map_typeof(state, $<set>0, $1, &@1, $2,
						  &@2, $4, &@4);
			}
		| STRING match_lhs ':' STRING
			{
				parser_set_typeof(state, $<set>0, $1, &@1, $2,
						  &@2);
				/* "typeof KEY : verdict": checked as a type */
				xfree($<set>0->data_types);
				$<set>0->data_types = $4;
				$<set>0->data_loc = @4;
			}
		| STRING concat_lhs ':' STRING
			{
				parser_set_typeof(state, $<set>0, $1, &@1, $2,
						  &@2);
				/* "typeof KEY : verdict": checked as a type */
				xfree($<set>0->data_types);
				$<set>0->data_types = $4;
				$<set>0->data_loc = @4;
			}
		| STRING '=' map_block
			{
				if (strcmp($1, "elements"))
					parser_error(state, &@1,
						     "unknown set declaration '%s'",
						     $1);
				if ($<set>0->init)
					expr_free($<set>0->init);
				$<set>0->init = $3;
				xfree($1);
			}
		| STRING '=' set_block
			{
				if (strcmp($1, "elements"))
					parser_error(state, &@1,
						     "unknown set declaration '%s'",
						     $1);
				if ($<set>0->init)
					expr_free($<set>0->init);
				$<set>0->init = $3;
				xfree($1);
			}
		;

/* "counter quota 10 mbytes": several on a line, as listed */
setdecl_stmts	: elem_stmt
			{
				set_stmts_add(&$<set>0->stmts, $1);
			}
		| setdecl_stmts elem_stmt
			{
				set_stmts_add(&$<set>0->stmts, $2);
			}
		;

set_key_types	: identifier		{ $$ = $1; }
		| set_key_types '.' identifier
			{
				$$ = xasprintf("%s . %s", $1, $3);
				xfree($1);
				xfree($3);
			}
		;

set_flag_list	: identifier		{ $$ = parser_set_flag(state, $1, &@1); }
		| set_flag_list ',' identifier
			{
				$$ = $1 | parser_set_flag(state, $3, &@3);
			}
		;

table_flags	: identifier
			{
				$$ = parser_table_flag(state, $1, &@1);
				xfree($1);
			}
		| table_flags ',' identifier
			{
				$$ = $1 | parser_table_flag(state, $3, &@3);
				xfree($3);
			}
		;

/* Chain blocks */

chain_block	: %empty
			{
				$$ = chain_alloc(NULL);
				parser_scope_push(state);
			}
		| chain_block separator		{ $$ = $1; }
		| chain_block chain_item separator	{ $$ = $1; }
		| chain_block common_block	{ $$ = $1; }
		| chain_block error separator	{ $$ = $1; yyerrok; }
		;

/* Every item ends with a separator, as in table blocks. */
chain_body	: chain_block			{ $$ = $1; }
		;

/* Items apply to the chain below them on the stack ($0). */
chain_item	: TYPE identifier HOOK identifier opt_dev_spec PRIORITY
		  prio_expr
			{
				struct chain *c = $<chain>0;

				parser_chain_hook(c, $2, &@2, $4, &@4);
				parser_chain_devices(c, $5);
				expr_free(c->priority);
				c->priority = $7;
			}
		| POLICY policy_expr
			{
				expr_free($<chain>0->policy);
				$<chain>0->policy = $2;
			}
		| COMMENT string_arg
			{
				xfree($<chain>0->comment);
				$<chain>0->comment = $2;
				$<chain>0->comment_loc = @2;
			}
		| dev_spec
			{
				parser_chain_devices($<chain>0, $1);
			}
		| rule_body
			{
				list_add_tail(&$1->list, &$<chain>0->rules);
			}
		;

opt_dev_spec	: %empty		{ $$ = NULL; }
		| dev_spec		{ $$ = $1; }
		;

dev_spec	: DEVICE dev_value		{ $$ = $2; }
		| DEVICES '=' dev_set		{ $$ = $3; }
		;

dev_set		: dev_value			{ $$ = $1; }
		| '{' opt_newlines dev_list opt_newlines '}'	{ $$ = $3; }
		;

dev_list	: dev_value
			{
				$$ = list_expr_alloc(&@$);
				list_expr_add($$, $1);
			}
		| dev_list ',' opt_newlines dev_value
			{
				$$ = $1;
				list_expr_add($$, $4);
			}
		;

dev_value	: STRING
			{
				$$ = symbol_expr_alloc(&@1, $1, false);
				xfree($1);
			}
		| QUOTED_STRING
			{
				$$ = symbol_expr_alloc(&@1, $1, true);
				xfree($1);
			}
		| keyword_id	{ $$ = symbol_expr_alloc(&@1, $1, false); }
		| VARIABLE
			{
				$$ = parser_var_ref(state, $1, &@1);
				xfree($1);
			}
		;

/* "filter", "filter + 10", "mangle - 5", "-150", "$prio" */
prio_expr	: VARIABLE
			{
				$$ = parser_var_ref(state, $1, &@1);
				xfree($1);
			}
		| prio_base
			{
				$$ = symbol_expr_alloc(&@$, $1, false);
				xfree($1);
			}
		| prio_base '+' NUMBER
			{
				$$ = parser_prio_offset(&@$, $1, "+", $3);
			}
		| prio_base '-' NUMBER
			{
				$$ = parser_prio_offset(&@$, $1, "-", $3);
			}
		;

prio_base	: identifier		{ $$ = $1; }
		| NUMBER		{ $$ = $1; }
		| '-' NUMBER
			{
				$$ = xasprintf("-%s", $2);
				xfree($2);
			}
		;

policy_expr	: ACCEPT	{ $$ = symbol_expr_alloc(&@1, $1, false); }
		| DROP		{ $$ = symbol_expr_alloc(&@1, $1, false); }
		| identifier
			{
				$$ = symbol_expr_alloc(&@1, $1, false);
				xfree($1);
			}
		| VARIABLE
			{
				$$ = parser_var_ref(state, $1, &@1);
				xfree($1);
			}
		;

/* Rules */

rule_body	: stmt_list		{ $$ = $1; }
		| stmt_list COMMENT string_arg
			{
				$$ = $1;
				xfree($$->comment);
				$$->comment = $3;
				$$->comment_loc = @3;
				$$->location = @$;
			}
		;

stmt_list	: stmt
			{
				$$ = parser_rule_alloc(&@$);
				parser_rule_add_stmt($$, $1, &@$);
			}
		| stmt_list stmt
			{
				$$ = $1;
				parser_rule_add_stmt($$, $2, &@$);
			}
		;

stmt		: match_stmt		{ $$ = $1; }
		| counter_stmt		{ $$ = $1; }
		| verdict_stmt		{ $$ = $1; }
		| log_stmt		{ $$ = $1; }
		| limit_stmt		{ $$ = $1; }
		| quota_stmt		{ $$ = $1; }
		| reject_stmt		{ $$ = $1; }
		| queue_stmt		{ $$ = $1; }
		| dup_stmt		{ $$ = $1; }
		| fwd_stmt		{ $$ = $1; }
		| last_stmt		{ $$ = $1; }
		| synproxy_stmt		{ $$ = $1; }
		| nat_stmt		{ $$ = $1; }
		| tproxy_stmt		{ $$ = $1; }
		| keyset_stmt		{ $$ = $1; }
		| notrack_stmt		{ $$ = $1; }
		| connlimit_stmt	{ $$ = $1; }
		| flow_stmt		{ $$ = $1; }
		| vmap_stmt		{ $$ = $1; }
		| set_stmt		{ $$ = $1; }
		;

match_stmt	: match_lhs match_rhs
			{
				$$ = expr_stmt_alloc(&@$,
					relational_expr_alloc(&@$, OP_IMPLICIT,
							      $1, $2));
			}
		/* "tcp flags ! syn": none of the flags (helper "payload") */
		| match_lhs '!' match_rhs
			{
				$$ = expr_stmt_alloc(&@$,
					relational_expr_alloc(&@$, OP_NEG,
							      $1, $3));
			}
		/* "tcp flags syn / syn,ack": the value under a mask;
		 * "meta mark 0x50000/16": a prefix, as for addresses */
		| match_lhs flag_head '/' match_rhs
			{
				$$ = expr_stmt_alloc(&@$,
					parser_slash(state, &@$, $1, OP_IMPLICIT,
						     $2, &@2, $4, &@4));
			}
		| match_lhs rel_op flag_head '/' match_rhs
			{
				$$ = expr_stmt_alloc(&@$,
					parser_slash(state, &@$, $1, $2,
						     $3, &@3, $5, &@5));
			}
		| match_lhs rel_op match_rhs
			{
				$$ = expr_stmt_alloc(&@$,
					relational_expr_alloc(&@$, $2, $1, $3));
			}
		| match_lhs set_block
			{
				$$ = expr_stmt_alloc(&@$,
					relational_expr_alloc(&@$, OP_IMPLICIT,
							      $1, $2));
			}
		| match_lhs rel_op set_block
			{
				$$ = expr_stmt_alloc(&@$,
					relational_expr_alloc(&@$, $2, $1, $3));
			}
		| concat_lhs set_block
			{
				$$ = expr_stmt_alloc(&@$,
					relational_expr_alloc(&@$, OP_IMPLICIT,
							      $1, $2));
			}
		| concat_lhs rel_op set_block
			{
				$$ = expr_stmt_alloc(&@$,
					relational_expr_alloc(&@$, $2, $1, $3));
			}
		| concat_lhs set_ref
			{
				$$ = expr_stmt_alloc(&@$,
					relational_expr_alloc(&@$, OP_IMPLICIT,
							      $1, $2));
			}
		| concat_lhs rel_op set_ref
			{
				$$ = expr_stmt_alloc(&@$,
					relational_expr_alloc(&@$, $2, $1, $3));
			}
		;

/* A named set: "@blocked" (src/expr/setref.c) */
set_ref		: '@' identifier
			{
				$$ = setref_expr_alloc(&@$, $2);
				xfree($2);
			}
		;

/*
 * Anonymous sets (src/expr/set.c): "{ 22, 80, 8000-8080 }" on the right
 * of a match; members may be values, ranges, prefixes and variables,
 * separated by commas and newlines, with an optional trailing comma.
 */
set_block	: '{' opt_newlines set_list opt_newlines '}'
			{
				$$ = $3;
				$$->location = @$;
			}
		| '{' opt_newlines set_list ',' opt_newlines '}'
			{
				$$ = $3;
				$$->location = @$;
			}
		;

set_list	: set_elem
			{
				$$ = set_expr_alloc(&@$);
				set_expr_add($$, $1);
			}
		| set_list ',' opt_newlines set_elem
			{
				$$ = $1;
				set_expr_add($$, $4);
			}
		;

set_member	: set_value
		| concat_rhs
		;

/* A member with its options: "10.0.0.1 timeout 10s expires 5s
 * comment "x" counter" (named sets' elements, src/obj/set.c). */
set_elem	: set_member
		| set_elem STRING STRING
			{
				$$ = $1;
				parser_elem_opt(state, $$, $2, &@2, $3, &@3);
			}
		| set_elem STRING NUMBER
			{
				$$ = $1;
				parser_elem_opt(state, $$, $2, &@2, $3, &@3);
			}
		| set_elem COMMENT string_arg
			{
				$$ = $1;
				xfree(set_elem_info_of($$)->comment);
				set_elem_info_of($$)->comment = $3;
				if (strlen($3) > 128)
					parser_error(state, &@3,
						     "comment too long, 128 characters maximum allowed");
			}
		| set_elem elem_stmt
			{
				$$ = $1;
				set_stmts_add(&set_elem_info_of($$)->stmts, $2);
			}
		;

/*
 * What an element keeps, and what a set declares for every element:
 * "counter [packets N bytes N]", "limit rate ...", "quota ...", "ct count
 * [over] N", "last [used ...]" (src/obj/set_stmt.c). No named objects:
 * "counter timeout 10s" is a counter and an option.
 */
elem_stmt	: COUNTER		{ $$ = counter_stmt_alloc(&@$); }
		| COUNTER PACKETS number BYTES number
			{
				$$ = counter_stmt_alloc(&@$);
				$$->counter.packets = $3;
				$$->counter.bytes = $5;
			}
		| LIMIT RATE limit_mode NUMBER '/' STRING limit_burst_pkts
			{
				$$ = parser_limit(state, &@$, $3, $4, &@4, NULL,
						  $6, &@6, $7);
			}
		| LIMIT RATE limit_mode NUMBER STRING limit_burst_bytes
			{
				$$ = parser_limit(state, &@$, $3, $4, &@4, $5,
						  NULL, &@5, $6);
			}
		| QUOTA quota_mode quota_value quota_used
			{
				$$ = quota_stmt_alloc(&@$);
				$$->quota.flags = $2;
				$$->quota.bytes = $3;
				$$->quota.used = $4;
			}
		| connlimit_stmt	{ $$ = $1; }
		| last_stmt		{ $$ = $1; }
		;

/*
 * Anonymous maps (src/expr/map.c): "KEY map { k : v, ... }" wherever a
 * statement takes a value, "KEY vmap { k : VERDICT, ... }" as a
 * statement. The data's type is the statement's (or a verdict).
 */
map_expr	: stmt_expr MAP map_block
			{
				$$ = map_expr_alloc(&@$, $1, $3, false);
			}
		| stmt_expr MAP VARIABLE
			{
				$$ = map_expr_alloc(&@$, $1,
					parser_var_ref(state, $3, &@3), false);
				xfree($3);
			}
		| stmt_expr MAP set_ref
			{
				$$ = map_expr_alloc(&@$, $1, $3, false);
			}
		;

vmap_stmt	: stmt_expr VMAP map_block
			{
				$$ = verdict_stmt_alloc(&@$,
					map_expr_alloc(&@$, $1, $3, true));
			}
		| stmt_expr VMAP VARIABLE
			{
				$$ = verdict_stmt_alloc(&@$,
					map_expr_alloc(&@$, $1,
						parser_var_ref(state, $3, &@3),
						true));
				xfree($3);
			}
		| stmt_expr VMAP set_ref
			{
				$$ = verdict_stmt_alloc(&@$,
					map_expr_alloc(&@$, $1, $3, true));
			}
		;

/*
 * "counter name KEY map { ... }": the key is a header field or a
 * concatenation of them; others start with a word that can be an
 * object's name ("counter name meta ...").
 */
objmap_expr	: objmap_key MAP map_block
			{
				$$ = map_expr_alloc(&@$, $1, $3, false);
			}
		;

objmap_key	: objmap_field		{ $$ = $1; }
		| objmap_key '.' objmap_field
			{
				if ($1->etype != EXPR_CONCAT) {
					$$ = concat_expr_alloc(&@$);
					concat_expr_add($$, $1);
				} else {
					$$ = $1;
					$$->location = @$;
				}
				concat_expr_add($$, $3);
			}
		;

/* "tcp dport" whose field is not a keyword, told apart so from
 * "counter name tcp" followed by a statement */
objmap_field	: proto_kw STRING
			{
				$$ = parser_payload(state, &@$, $1, &@1, $2,
						    &@2);
				xfree($2);
			}
		;

map_block	: '{' opt_newlines map_list opt_newlines '}'
			{
				$$ = $3;
				$$->location = @$;
			}
		| '{' opt_newlines map_list ',' opt_newlines '}'
			{
				$$ = $3;
				$$->location = @$;
			}
		;

map_list	: map_elem
			{
				$$ = set_expr_alloc(&@$);
				set_expr_add($$, $1);
			}
		| map_list ',' opt_newlines map_elem
			{
				$$ = $1;
				set_expr_add($$, $4);
			}
		;

map_elem	: set_elem ':' map_data
			{
				$$ = mapping_expr_alloc(&@$, $1, $3);
				/* the options go with the mapping */
				$$->elem_info = $1->elem_info;
				$1->elem_info = NULL;
			}
		;

map_data	: set_value		{ $$ = $1; }
		| concat_rhs		{ $$ = $1; }
		| map_verdict		{ $$ = $1; }
		;

map_verdict	: ACCEPT { $$ = verdict_expr_alloc(&@$, NF_ACCEPT, NULL); }
		| DROP	{ $$ = verdict_expr_alloc(&@$, NF_DROP, NULL); }
		| RETURN { $$ = verdict_expr_alloc(&@$, NFT_RETURN, NULL); }
		| CONTINUE { $$ = verdict_expr_alloc(&@$, NFT_CONTINUE, NULL); }
		| JUMP chain_target
			{
				$$ = verdict_expr_alloc(&@$, NFT_JUMP, $2);
			}
		| GOTO chain_target
			{
				$$ = verdict_expr_alloc(&@$, NFT_GOTO, $2);
			}
		;

/*
 * One member, a range of two or a prefix. A member may combine constants
 * with |, & and ^ ("tcp flags { syn, syn | ack }", "ct status {
 * expected, seen-reply | assured }"), which bind as in C and fold into
 * one value of the set's type once evaluated: a comma separates
 * members here, so "|" is what joins the flags of one of them.
 */
set_value	: set_bits		{ $$ = $1; }
		| set_bits '-' set_bits
			{
				$$ = range_expr_alloc(&@$, $1, $3);
			}
		| ADDRSTRING '/' NUMBER
			{
				$$ = parser_prefix(state, &@$, $1, &@1, $3, &@3);
			}
		;

set_bits	: set_operand		{ $$ = $1; }
		| set_bits '|' set_operand
			{
				$$ = parser_binop(&@$, OP_OR, $1, $3);
			}
		| set_bits '&' set_operand
			{
				$$ = parser_binop(&@$, OP_AND, $1, $3);
			}
		| set_bits '^' set_operand
			{
				$$ = parser_binop(&@$, OP_XOR, $1, $3);
			}
		;

set_operand	: rhs_primary		{ $$ = $1; }
		| VARIABLE
			{
				$$ = parser_var_ref(state, $1, &@1);
				xfree($1);
			}
		| '(' set_bits ')'
			{
				$$ = $2;
				$$->location = @$;
				$$->flags |= EXPR_F_PARENS;
			}
		;

/* Concatenations (src/expr/concat.c): "ip saddr . tcp dport" matched
 * with sets of "1.2.3.4 . 22". */
concat_lhs	: match_lhs '.' match_lhs
			{
				$$ = concat_expr_alloc(&@$);
				concat_expr_add($$, $1);
				concat_expr_add($$, $3);
			}
		| concat_lhs '.' match_lhs
			{
				$$ = $1;
				$$->location = @$;
				concat_expr_add($$, $3);
			}
		;

concat_rhs	: set_value '.' set_value
			{
				$$ = concat_expr_alloc(&@$);
				concat_expr_add($$, $1);
				concat_expr_add($$, $3);
			}
		| concat_rhs '.' set_value
			{
				$$ = $1;
				$$->location = @$;
				concat_expr_add($$, $3);
			}
		;

rel_op		: EQ		{ $$ = OP_EQ; }
		| NEQ		{ $$ = OP_NEQ; }
		| LT		{ $$ = OP_LT; }
		| GT		{ $$ = OP_GT; }
		| LTE		{ $$ = OP_LTE; }
		| GTE		{ $$ = OP_GTE; }
		;

match_lhs	: payload_expr		{ $$ = $1; }
		| meta_expr		{ $$ = $1; }
		| match_lhs LSHIFT rhs_primary
			{
				$$ = parser_binop(&@$, OP_LSHIFT, $1, $3);
			}
		| match_lhs RSHIFT rhs_primary
			{
				$$ = parser_binop(&@$, OP_RSHIFT, $1, $3);
			}
		| fib_expr		{ $$ = $1; }
		| rt_expr		{ $$ = $1; }
		| numgen_expr		{ $$ = $1; }
		| hash_expr		{ $$ = $1; }
		| socket_expr		{ $$ = $1; }
		| osf_expr		{ $$ = $1; }
		| xfrm_expr		{ $$ = $1; }
		| exthdr_expr		{ $$ = $1; }
		| ct_expr		{ $$ = $1; }
		| match_lhs '&' rhs_primary
			{
				$$ = parser_binop(&@$, OP_AND, $1, $3);
			}
		| match_lhs '&' '(' flag_or ')'
			{
				$$ = parser_binop(&@$, OP_AND, $1, $4);
			}
		| match_lhs '|' rhs_primary
			{
				$$ = parser_binop(&@$, OP_OR, $1, $3);
			}
		| match_lhs '^' rhs_primary
			{
				$$ = parser_binop(&@$, OP_XOR, $1, $3);
			}
		;

/*
 * Extension headers and options: "frag frag-off", "rt0 addr[2]",
 * "exthdr frag" (presence), "tcp option maxseg size", "tcp option
 * sack-perm" (presence), "tcp option 34", "tcp option @34,8,8", "ip
 * option rr ptr". "rt" with a header field is the routing header (see
 * parser_rt()).
 */
exthdr_name	: HBH | RT | RT0 | RT2 | SRH | FRAG | DST | MH
		;

exthdr_expr	: HBH identifier
			{
				$$ = parser_exthdr(state, &@$, NFT_EXTHDR_OP_IPV6,
						   $1, &@1, $2, &@2, 0);
			}
		| RT0 identifier '[' number ']'
			{
				$$ = parser_exthdr(state, &@$, NFT_EXTHDR_OP_IPV6,
						   $1, &@1, $2, &@2, $4);
			}
		| RT2 identifier
			{
				$$ = parser_exthdr(state, &@$, NFT_EXTHDR_OP_IPV6,
						   $1, &@1, $2, &@2, 0);
			}
		| RT0 identifier
			{
				$$ = parser_exthdr(state, &@$, NFT_EXTHDR_OP_IPV6,
						   $1, &@1, $2, &@2, 0);
			}
		| SRH identifier
			{
				$$ = parser_exthdr(state, &@$, NFT_EXTHDR_OP_IPV6,
						   $1, &@1, $2, &@2, 0);
			}
		| SRH identifier '[' number ']'
			{
				$$ = parser_exthdr(state, &@$, NFT_EXTHDR_OP_IPV6,
						   $1, &@1, $2, &@2, $4);
			}
		| FRAG identifier
			{
				$$ = parser_exthdr(state, &@$, NFT_EXTHDR_OP_IPV6,
						   $1, &@1, $2, &@2, 0);
			}
		| DST identifier
			{
				$$ = parser_exthdr(state, &@$, NFT_EXTHDR_OP_IPV6,
						   $1, &@1, $2, &@2, 0);
			}
		| MH identifier
			{
				$$ = parser_exthdr(state, &@$, NFT_EXTHDR_OP_IPV6,
						   $1, &@1, $2, &@2, 0);
			}
		| EXTHDR exthdr_name
			{
				$$ = parser_exthdr(state, &@$, NFT_EXTHDR_OP_IPV6,
						   $2, &@2, NULL, NULL, 0);
			}
		| proto_kw OPTION option_name	%prec OPTION_PRESENCE
			{
				$$ = parser_option(state, &@$, $1, &@1, $3, &@3,
						   NULL, NULL);
			}
		| proto_kw OPTION option_name STRING
			{
				$$ = parser_option(state, &@$, $1, &@1, $3, &@3,
						   $4, &@4);
			}
		| proto_kw OPTION option_name TYPE
			{
				$$ = parser_option(state, &@$, $1, &@1, $3, &@3,
						   xstrdup($4), &@4);
			}
		| proto_kw OPTION option_name COUNT
			{
				$$ = parser_option(state, &@$, $1, &@1, $3, &@3,
						   xstrdup($4), &@4);
			}
		| proto_kw CHUNK STRING	%prec OPTION_PRESENCE
			{
				$$ = parser_chunk(state, &@$, $1, &@1, $3, &@3,
						  NULL, NULL);
			}
		| proto_kw CHUNK STRING STRING
			{
				$$ = parser_chunk(state, &@$, $1, &@1, $3, &@3,
						  $4, &@4);
			}
		| proto_kw CHUNK STRING TYPE
			{
				$$ = parser_chunk(state, &@$, $1, &@1, $3, &@3,
						  xstrdup($4), &@4);
			}
		| proto_kw CHUNK STRING FLAGS
			{
				$$ = parser_chunk(state, &@$, $1, &@1, $3, &@3,
						  xstrdup($4), &@4);
			}
		| proto_kw OPTION NUMBER
			{
				$$ = parser_option_number(state, &@$, $1, &@1,
							  $3, &@3);
			}
		| proto_kw OPTION '@' number ',' number ',' number
			{
				$$ = parser_option_raw(state, &@$, $1, &@1, $4,
						       $6, $8, &@8);
			}
		;

/* Option names that are also synproxy keywords. */
option_name	: STRING		{ $$ = $1; }
		| TIMESTAMP		{ $$ = xstrdup($1); }
		| SACK_PERM		{ $$ = xstrdup($1); }
		;

/*
 * Routing and other lookups: fib, rt, numgen, jhash/symhash, socket,
 * osf, ipsec. Their keys are words looked up in the kinds' tables.
 */
fib_expr	: FIB fib_flags identifier
			{
				$$ = parser_fib(state, &@$, $2, &@2, $3, &@3);
			}
		;

fib_flags	: identifier
			{
				$$ = parser_fib_flag(state, $1, &@1);
			}
		| fib_flags '.' identifier
			{
				$$ = $1 | parser_fib_flag(state, $3, &@3);
			}
		;

rt_expr		: RT identifier
			{
				$$ = parser_rt(state, &@$, NULL, $2, &@2);
			}
		| RT IP identifier
			{
				$$ = parser_rt(state, &@$, "ip", $3, &@3);
			}
		| RT IP6 identifier
			{
				$$ = parser_rt(state, &@$, "ip6", $3, &@3);
			}
		;

numgen_expr	: NUMGEN identifier MOD number opt_offset
			{
				$$ = parser_numgen(state, &@$, $2, &@2, $4,
						   $5);
			}
		;

opt_offset	: %empty		{ $$ = 0; }
		| OFFSET number		{ $$ = $2; }
		;

hash_src	: match_lhs		{ $$ = $1; }
		| concat_lhs		{ $$ = $1; }
		;

hash_expr	: JHASH hash_src MOD number opt_offset
			{
				$$ = parser_hash(&@$, NFT_HASH_JENKINS, $2, $4,
						 NULL, $5);
			}
		| JHASH hash_src MOD number SEED number opt_offset
			{
				$$ = parser_hash(&@$, NFT_HASH_JENKINS, $2, $4,
						 &$6, $7);
			}
		| SYMHASH MOD number opt_offset
			{
				$$ = parser_hash(&@$, NFT_HASH_SYM, NULL, $3,
						 NULL, $4);
			}
		;

socket_expr	: SOCKET identifier	%prec OPTION_PRESENCE
			{
				$$ = parser_socket(state, &@$, $2, &@2);
			}
		| SOCKET identifier LEVEL number
			{
				$$ = parser_socket(state, &@$, $2, &@2);
				parser_socket_level(state, $$, $4, &@4);
			}
		;

/* plain words: "ttl" is a keyword, and the keys are not */
osf_expr	: OSF STRING
			{
				$$ = parser_osf(state, &@$, NULL, NULL, $2, &@2);
			}
		| OSF TTL STRING STRING
			{
				$$ = parser_osf(state, &@$, $3, &@3, $4, &@4);
			}
		;

opt_spnum	: %empty		{ $$ = 0; }
		| SPNUM number
			{
				$$ = parser_spnum(state, $2, &@2);
			}
		;

xfrm_expr	: IPSEC identifier opt_spnum identifier
			{
				$$ = parser_xfrm(state, &@$, $2, &@2, $3, NULL,
						 $4, &@4);
			}
		| IPSEC identifier opt_spnum IP identifier
			{
				$$ = parser_xfrm(state, &@$, $2, &@2, $3, "ip",
						 $5, &@5);
			}
		| IPSEC identifier opt_spnum IP6 identifier
			{
				$$ = parser_xfrm(state, &@$, $2, &@2, $3, "ip6",
						 $5, &@5);
			}
		;

/* One value, or flags: "ct state established,related". */
/* a single word before '/': "10.0.0.0/8" stays a prefix */
flag_head	: NUMBER
			{
				$$ = symbol_expr_alloc(&@1, $1, false);
				xfree($1);
			}
		| STRING
			{
				$$ = symbol_expr_alloc(&@1, $1, false);
				xfree($1);
			}
		;

match_rhs	: rhs_expr		{ $$ = $1; }
		| set_ref		{ $$ = $1; }
		| flag_list		{ $$ = $1; }
		| flag_or		{ $$ = $1; }
		;

/* "established | related": flags under a mask, as upstream lists them */
flag_or		: rhs_primary '|' rhs_primary
			{
				$$ = parser_flag_list(&@$, $1, $3);
			}
		| flag_or '|' rhs_primary
			{
				$$ = parser_flag_list(&@$, $1, $3);
			}
		;

flag_list	: rhs_primary ',' rhs_primary
			{
				$$ = parser_flag_list(&@$, $1, $3);
			}
		| flag_list ',' rhs_primary
			{
				$$ = parser_flag_list(&@$, $1, $3);
			}
		;

proto_kw	: IP %prec NAT_FAMILY
		| IP6 %prec NAT_FAMILY
		| ARP
		| PROTO
		;

/* "tcp dport": the field is looked up in the protocol's table. */
payload_expr	: proto_kw identifier
			{
				$$ = parser_payload(state, &@$, $1, &@1, $2,
						    &@2);
				xfree($2);
			}
		| '@' identifier ',' NUMBER ',' NUMBER
			{
				$$ = parser_payload_raw(state, &@$, $2, &@2,
							$4, &@4, $6);
				xfree($2);
				xfree($4);
				xfree($6);
			}
		;

meta_expr	: META identifier
			{
				$$ = parser_meta(state, &@$, $2, &@2);
				xfree($2);
			}
		| META_KEY	{ $$ = parser_meta(state, &@$, $1, &@1); }
		;

rhs_expr	: rhs_primary		{ $$ = $1; }
		| rhs_primary '-' rhs_primary
			{
				$$ = range_expr_alloc(&@$, $1, $3);
			}
		| ADDRSTRING '/' NUMBER
			{
				$$ = parser_prefix(state, &@$, $1, &@1, $3, &@3);
			}
		| VARIABLE
			{
				$$ = parser_var_ref(state, $1, &@1);
				xfree($1);
			}
		;

/* Values stay text (symbols): the left-hand side's type parses them. */
rhs_primary	: NUMBER
			{
				$$ = symbol_expr_alloc(&@1, $1, false);
				xfree($1);
			}
		| STRING
			{
				$$ = symbol_expr_alloc(&@1, $1, false);
				xfree($1);
			}
		| QUOTED_STRING
			{
				$$ = symbol_expr_alloc(&@1, $1, true);
				xfree($1);
			}
		| ADDRSTRING
			{
				$$ = symbol_expr_alloc(&@1, $1, false);
				xfree($1);
			}
		| '-' NUMBER
			{
				char *text = xasprintf("-%s", $2);

				$$ = symbol_expr_alloc(&@$, text, false);
				xfree(text);
				xfree($2);
			}
		| rhs_keyword	{ $$ = symbol_expr_alloc(&@1, $1, false); }
		;

rhs_keyword	: keyword_id | IP | IP6 | INET | ARP | BRIDGE | NETDEV
		| EXISTS | MISSING
		;

/*
 * ct: "ct [original|reply] KEY", "ct original ip saddr", and the
 * statements that write meta and ct keys: "meta mark set ct mark & 0xff",
 * "ct event set new,destroy", "notrack".
 */
ct_key		: STRING		{ $$ = $1; }
		| META_KEY		{ $$ = xstrdup($1); }
		| SECMARK		{ $$ = xstrdup($1); }
		| PACKETS		{ $$ = xstrdup($1); }
		| BYTES			{ $$ = xstrdup($1); }
		;

ct_expr		: CT ct_key
			{
				$$ = parser_ct(state, &@$, NULL, $2, &@2);
				xfree($2);
			}
		| CT CT_DIR ct_key
			{
				$$ = parser_ct(state, &@$, $2, $3, &@3);
				xfree($3);
			}
		| CT CT_DIR IP STRING
			{
				$$ = parser_ct_addr(state, &@$, $2, "ip", $4,
						    &@4);
				xfree($4);
			}
		| CT CT_DIR IP6 STRING
			{
				$$ = parser_ct_addr(state, &@$, $2, "ip6", $4,
						    &@4);
				xfree($4);
			}
		;

keyset_key	: meta_expr		{ $$ = $1; }
		| ct_expr		{ $$ = $1; }
		| payload_expr		{ $$ = $1; }
		| exthdr_expr		{ $$ = $1; }
		;

keyset_stmt	: keyset_key SET keyset_value
			{
				$$ = parser_keyset(state, &@$, $1, $3);
			}
		;

keyset_value	: keyset_operand	{ $$ = $1; }
		| keyset_map_key MAP map_block
			{
				$$ = map_expr_alloc(&@$, $1, $3, false);
			}
		| keyset_map_key MAP VARIABLE
			{
				$$ = map_expr_alloc(&@$, $1,
					parser_var_ref(state, $3, &@3), false);
				xfree($3);
			}
		| keyset_map_key MAP set_ref
			{
				$$ = map_expr_alloc(&@$, $1, $3, false);
			}
		| keyset_value '&' keyset_const
			{
				$$ = parser_binop(&@$, OP_AND, $1, $3);
			}
		| keyset_value '|' keyset_const
			{
				$$ = parser_binop(&@$, OP_OR, $1, $3);
			}
		| keyset_value '^' keyset_const
			{
				$$ = parser_binop(&@$, OP_XOR, $1, $3);
			}
		| keyset_value LSHIFT keyset_const
			{
				$$ = parser_binop(&@$, OP_LSHIFT, $1, $3);
			}
		| keyset_value RSHIFT keyset_const
			{
				$$ = parser_binop(&@$, OP_RSHIFT, $1, $3);
			}
		;

/* "meta mark set ip saddr . tcp dport map { ... }" */
keyset_map_key	: keyset_operand	{ $$ = $1; }
		| keyset_map_key '.' keyset_operand
			{
				$$ = $1;
				if ($$->etype != EXPR_CONCAT ||
				    ($$->flags & EXPR_F_PARENS)) {
					$$ = concat_expr_alloc(&@$);
					concat_expr_add($$, $1);
				}
				$$->location = @$;
				concat_expr_add($$, $3);
			}
		;

keyset_operand	: keyset_const		{ $$ = $1; }
		| keyset_operand ',' keyset_flag
			{
				$$ = parser_flag_list(&@$, $1, $3);
			}
		| meta_expr		{ $$ = $1; }
		| ct_expr		{ $$ = $1; }
		| payload_expr		{ $$ = $1; }
		| numgen_expr		{ $$ = $1; }
		| hash_expr		{ $$ = $1; }
		| rt_expr		{ $$ = $1; }
		| fib_expr		{ $$ = $1; }
		| socket_expr		{ $$ = $1; }
		| xfrm_expr		{ $$ = $1; }
		;

keyset_const	: NUMBER
			{
				$$ = symbol_expr_alloc(&@1, $1, false);
				xfree($1);
			}
		| STRING
			{
				$$ = symbol_expr_alloc(&@1, $1, false);
				xfree($1);
			}
		| QUOTED_STRING
			{
				$$ = symbol_expr_alloc(&@1, $1, true);
				xfree($1);
			}
		| ADDRSTRING
			{
				$$ = symbol_expr_alloc(&@1, $1, false);
				xfree($1);
			}
		| VARIABLE
			{
				$$ = parser_var_ref(state, $1, &@1);
				xfree($1);
			}
		| DESTROY	{ $$ = symbol_expr_alloc(&@1, $1, false); }
		| CT_DIR	{ $$ = symbol_expr_alloc(&@1, $1, false); }
		;

/* After a comma only a flag can follow: "ct event set new,mark". */
keyset_flag	: keyset_const		{ $$ = $1; }
		| META_KEY	{ $$ = symbol_expr_alloc(&@1, $1, false); }
		;

notrack_stmt	: NOTRACK		{ $$ = notrack_stmt_alloc(&@$); }
		;

/* "flow offload @ft" is the older spelling of "flow add @ft". */
flow_stmt	: FLOW ADD '@' identifier
			{
				$$ = flow_stmt_alloc(&@$, $4);
			}
		| FLOW OFFLOAD '@' identifier
			{
				$$ = flow_stmt_alloc(&@$, $4);
			}
		;

/* Set statements (src/stmt/dynset.c) */
set_stmt	: set_stmt_op '@' identifier '{' set_stmt_key set_stmt_opts '}'
			{
				YYLTYPE ref = @2;

				ref.last_line = @3.last_line;
				ref.last_column = @3.last_column;
				$$ = parser_set_stmt(&@$, $1, $3, &ref, $5, $6);
			}
		/* "update @m { KEY : DATA }": a map updated from the
		 * packet path */
		| set_stmt_op '@' identifier '{' set_stmt_key set_stmt_opts ':' map_data '}'
			{
				YYLTYPE ref = @2;

				ref.last_line = @3.last_line;
				ref.last_column = @3.last_column;
				$$ = parser_set_stmt(&@$, $1, $3, &ref, $5, $6);
				$$->dynset.data = $8;
			}
		/* "meter NAME [size N] { KEY ... }": a named dynamic set
		 * made for the rule, as upstream 1.1 does */
		| METER identifier '{' set_stmt_key set_stmt_opts '}'
			{
				$$ = parser_meter(&@$, $2, &@2, 0, $4, $5);
			}
		| METER identifier STRING number '{' set_stmt_key set_stmt_opts '}'
			{
				$$ = parser_meter(&@$, $2, &@2, $4, $6, $7);
				if (strcmp($3, "size"))
					parser_error(state, &@3,
						     "unexpected '%s', expecting size or '{'",
						     $3);
				xfree($3);
			}
		;

set_stmt_op	: ADD		{ $$ = NFT_DYNSET_OP_ADD; }
		| DELETE	{ $$ = NFT_DYNSET_OP_DELETE; }
		| UPDATE	{ $$ = NFT_DYNSET_OP_UPDATE; }
		;

set_stmt_key	: match_lhs	{ $$ = $1; }
		| concat_lhs	{ $$ = $1; }
		;

/* "timeout T" comes first: "counter timeout" would be a named counter */
set_stmt_opts	: set_stmt_stmts	{ $$ = $1; }
		| STRING STRING set_stmt_stmts
			{
				$$ = $3;
				parser_set_stmt_timeout(state, $$, $1, &@1,
							$2, &@2);
			}
		;

set_stmt_stmts	: %empty
			{
				$$ = dynset_stmt_alloc(&@$, NFT_DYNSET_OP_ADD,
						       NULL, NULL);
			}
		| set_stmt_stmts set_elem_stmt
			{
				$$ = $1;
				list_add_tail(&$2->list, &$$->dynset.stmts);
			}
		;

set_elem_stmt	: counter_stmt		{ $$ = $1; }
		| limit_stmt		{ $$ = $1; }
		| quota_stmt		{ $$ = $1; }
		| connlimit_stmt	{ $$ = $1; }
		| last_stmt		{ $$ = $1; }
		;

connlimit_stmt	: CT COUNT number
			{
				$$ = parser_connlimit(state, &@$, $3, &@3, 0);
			}
		| CT COUNT OVER number
			{
				$$ = parser_connlimit(state, &@$, $4, &@4,
						      NFT_CONNLIMIT_F_INV);
			}
		;

counter_stmt	: COUNTER		{ $$ = counter_stmt_alloc(&@$); }
		| COUNTER STRING objmap_expr
			{
				$$ = parser_objmap(state, &@$, NFT_OBJECT_COUNTER,
						   $2, &@2, $3);
			}
		| COUNTER STRING string_arg
			{
				$$ = parser_objref(state, &@$, NFT_OBJECT_COUNTER,
						   $2, &@2, $3);
			}
		| COUNTER PACKETS number BYTES number
			{
				$$ = counter_stmt_alloc(&@$);
				$$->counter.packets = $3;
				$$->counter.bytes = $5;
			}
		;

verdict_stmt	: ACCEPT	{ $$ = parser_verdict(&@$, NF_ACCEPT, NULL); }
		| DROP		{ $$ = parser_verdict(&@$, NF_DROP, NULL); }
		| RETURN	{ $$ = parser_verdict(&@$, NFT_RETURN, NULL); }
		| CONTINUE	{ $$ = parser_verdict(&@$, NFT_CONTINUE, NULL); }
		| JUMP chain_target
			{
				$$ = parser_verdict(&@$, NFT_JUMP, $2);
			}
		| GOTO chain_target
			{
				$$ = parser_verdict(&@$, NFT_GOTO, $2);
			}
		;

/*
 * log [prefix P] [level L] [flags F]... | log group N [snaplen N]
 * [queue-threshold N]: options in any order, each applied to the
 * statement below it on the stack ($0).
 */
log_stmt	: LOG		{ $$ = log_stmt_alloc(&@$); }
		| log_stmt log_arg
			{
				$$ = $1;
				$$->location = @$;
			}
		;

log_arg		: PREFIX string_arg
			{
				xfree($<stmt>0->log.prefix);
				$<stmt>0->log.prefix = $2;
				$<stmt>0->log.flags |= LOG_F_PREFIX;
			}
		| PREFIX VARIABLE
			{
				parser_log_prefix_var($<stmt>0, state, $2, &@2);
				xfree($2);
			}
		| GROUP number
			{
				$<stmt>0->log.group = parser_u16(state, $2, &@2,
								 "log group");
				$<stmt>0->log.flags |= LOG_F_GROUP;
			}
		| SNAPLEN number
			{
				$<stmt>0->log.snaplen = parser_u32(state, $2,
							&@2, "log snaplen");
				$<stmt>0->log.flags |= LOG_F_SNAPLEN;
			}
		| QUEUE_THRESHOLD number
			{
				$<stmt>0->log.qthreshold = parser_u16(state, $2,
						&@2, "log queue-threshold");
				$<stmt>0->log.flags |= LOG_F_QTHRESHOLD;
			}
		| LEVEL identifier
			{
				parser_log_level($<stmt>0, state, $2, &@2);
				xfree($2);
			}
		| FLAGS log_flag
			{
				$<stmt>0->log.logflags |= $2;
			}
		;

/* flags tcp sequence,options | ip options | skuid | ether | all */
log_flag	: STRING
			{
				$$ = parser_log_flag(state, NULL, $1, &@1);
				xfree($1);
			}
		| IP STRING
			{
				$$ = parser_log_flag(state, "ip", $2, &@2);
				xfree($2);
			}
		| PROTO
			{
				$$ = parser_log_flag(state, NULL, $1, &@1);
			}
		| META_KEY	/* skuid */
			{
				$$ = parser_log_flag(state, NULL, $1, &@1);
			}
		| PROTO log_tcp_flags
			{
				$$ = $2;
				if (strcmp($1, "tcp"))
					parser_error(state, &@1,
						     "unknown log flags '%s'", $1);
			}
		;

log_tcp_flags	: STRING
			{
				$$ = parser_log_flag(state, "tcp", $1, &@1);
				xfree($1);
			}
		| log_tcp_flags ',' STRING
			{
				$$ = $1 | parser_log_flag(state, "tcp", $3, &@3);
				xfree($3);
			}
		;

/*
 * limit rate [over] N/unit [burst N packets]
 * limit rate [over] N kbytes/unit [burst N bytes|kbytes|mbytes]
 * The scanner reads "kbytes/second" as one word.
 */
limit_stmt	: LIMIT STRING string_arg
			{
				$$ = parser_objref(state, &@$, NFT_OBJECT_LIMIT,
						   $2, &@2, $3);
			}
		| LIMIT STRING objmap_expr
			{
				$$ = parser_objmap(state, &@$, NFT_OBJECT_LIMIT,
						   $2, &@2, $3);
			}
		| LIMIT RATE limit_mode NUMBER '/' STRING limit_burst_pkts
			{
				$$ = parser_limit(state, &@$, $3, $4, &@4, NULL,
						  $6, &@6, $7);
			}
		| LIMIT RATE limit_mode NUMBER STRING limit_burst_bytes
			{
				$$ = parser_limit(state, &@$, $3, $4, &@4, $5,
						  NULL, &@5, $6);
			}
		;

limit_mode	: %empty	{ $$ = 0; }
		| OVER		{ $$ = NFT_LIMIT_F_INV; }
		;

limit_burst_pkts : %empty	{ $$ = 5; }
		| BURST number PACKETS	{ $$ = $2; }
		;

limit_burst_bytes : %empty	{ $$ = 0; }
		| BURST quota_value	{ $$ = $2; }
		;

/* quota [over|until] N bytes|kbytes|mbytes [used N unit] */
quota_stmt	: QUOTA STRING string_arg
			{
				$$ = parser_objref(state, &@$, NFT_OBJECT_QUOTA,
						   $2, &@2, $3);
			}
		| QUOTA STRING objmap_expr
			{
				$$ = parser_objmap(state, &@$, NFT_OBJECT_QUOTA,
						   $2, &@2, $3);
			}
		| QUOTA quota_mode quota_value quota_used
			{
				$$ = quota_stmt_alloc(&@$);
				$$->quota.flags = $2;
				$$->quota.bytes = $3;
				$$->quota.used = $4;
			}
		;

quota_mode	: %empty	{ $$ = 0; }
		| OVER		{ $$ = NFT_QUOTA_F_INV; }
		| UNTIL		{ $$ = 0; }
		;

quota_value	: NUMBER BYTES
			{
				$$ = parser_bytes(state, $1, &@1, "bytes", &@$);
				xfree($1);
			}
		| NUMBER STRING
			{
				$$ = parser_bytes(state, $1, &@1, $2, &@$);
				xfree($1);
				xfree($2);
			}
		;

quota_used	: %empty		{ $$ = 0; }
		| USED quota_value	{ $$ = $2; }
		;

/*
 * reject [with icmp|icmpv6|icmpx [type] CODE | with tcp reset]: the code
 * stays a symbol for the evaluator, which knows the family.
 */
reject_stmt	: REJECT
			{
				$$ = reject_stmt_alloc(&@$);
			}
		| REJECT WITH PROTO reject_code
			{
				$$ = parser_reject(state, &@$, $3, &@3, $4);
			}
		| REJECT WITH STRING reject_code
			{
				$$ = parser_reject(state, &@$, $3, &@3, $4);
				xfree($3);
			}
		;

/* Codes are never keywords, so the old "type CODE" form can stay. */
reject_code	: reject_code_value		{ $$ = $1; }
		| TYPE reject_code_value	{ $$ = $2; }
		;

reject_code_value : NUMBER
			{
				$$ = symbol_expr_alloc(&@1, $1, false);
				xfree($1);
			}
		| RESET
			{
				$$ = symbol_expr_alloc(&@1, $1, false);
			}
		| STRING
			{
				$$ = symbol_expr_alloc(&@1, $1, false);
				xfree($1);
			}
		| VARIABLE
			{
				$$ = parser_var_ref(state, $1, &@1);
				xfree($1);
			}
		;

/* An argument of a statement, typed by the evaluator. */
/* a value (address, device name, $var) or computed */
stmt_arg	: nat_value		{ $$ = $1; }
		| stmt_expr		{ $$ = $1; }
		| map_expr		{ $$ = $1; }
		;

/* "device lo", "device $dev" or computed: "device meta iif" */
stmt_dev	: STRING
			{
				$$ = symbol_expr_alloc(&@1, $1, false);
				xfree($1);
			}
		| QUOTED_STRING
			{
				$$ = symbol_expr_alloc(&@1, $1, true);
				xfree($1);
			}
		| VARIABLE
			{
				$$ = parser_var_ref(state, $1, &@1);
				xfree($1);
			}
		| stmt_expr		{ $$ = $1; }
		| map_expr		{ $$ = $1; }
		;

/*
 * The forms the system nft accepts, and only those: the old one, "queue"
 * then "num N|N-M" and bare flag lists in any order (the last num wins),
 * or "queue [flags F] to N|N-M|EXPR", or "queue flags F num N|N-M", each
 * with nothing after it.
 */
queue_stmt	: queue_compat			{ $$ = $1; }
		| QUEUE TO queue_target
			{
				$$ = queue_stmt_alloc(&@$);
				$$->queue.queue = $3;
			}
		| QUEUE FLAGS queue_flags TO queue_target
			{
				$$ = queue_stmt_alloc(&@$);
				$$->queue.flags = $3;
				$$->queue.queue = $5;
			}
		| QUEUE FLAGS queue_flags NUM queue_num
			{
				$$ = queue_stmt_alloc(&@$);
				$$->queue.flags = $3;
				$$->queue.queue = $5;
			}
		;

queue_compat	: QUEUE		{ $$ = queue_stmt_alloc(&@$); }
		| queue_compat NUM queue_num
			{
				$$ = $1;
				$$->location = @$;
				expr_free($$->queue.queue);
				$$->queue.queue = $3;
			}
		| queue_compat queue_flags
			{
				$$ = $1;
				$$->location = @$;
				$$->queue.flags |= $2;
			}
		;

queue_target	: queue_num		{ $$ = $1; }
		| queue_expr		{ $$ = $1; }
		;

/* queue to jhash ... / numgen ...: the queue number computed */
queue_expr	: numgen_expr		{ $$ = $1; }
		| hash_expr		{ $$ = $1; }
		| map_expr		{ $$ = $1; }
		;

queue_flags	: queue_flag			{ $$ = $1; }
		| queue_flags ',' queue_flag	{ $$ = $1 | $3; }
		;

queue_flag	: BYPASS	{ $$ = NFT_QUEUE_FLAG_BYPASS; }
		| FANOUT	{ $$ = NFT_QUEUE_FLAG_CPU_FANOUT; }
		;

/* N, N-M or $var: never a keyword, so "to jhash ..." stays apart */
queue_num	: queue_value		{ $$ = $1; }
		| queue_value '-' queue_value
			{
				$$ = range_expr_alloc(&@$, $1, $3);
			}
		;

queue_value	: NUMBER
			{
				$$ = symbol_expr_alloc(&@1, $1, false);
				xfree($1);
			}
		| VARIABLE
			{
				$$ = parser_var_ref(state, $1, &@1);
				xfree($1);
			}
		;

/* dup to ADDR [device DEV] | dup to DEV (netdev) */
dup_stmt	: DUP TO stmt_arg
			{
				$$ = dup_stmt_alloc(&@$);
				$$->dup.to = $3;
			}
		| DUP TO stmt_arg DEVICE stmt_dev
			{
				$$ = dup_stmt_alloc(&@$);
				$$->dup.to = $3;
				$$->dup.dev = $5;
			}
		;

/* fwd to DEV | fwd ip|ip6 to ADDR device DEV (netdev) */
fwd_stmt	: FWD TO stmt_arg
			{
				$$ = fwd_stmt_alloc(&@$);
				$$->dup.dev = $3;
			}
		| FWD IP TO stmt_arg DEVICE stmt_dev
			{
				$$ = parser_fwd(&@$, NFPROTO_IPV4, $4, $6);
			}
		| FWD IP6 TO stmt_arg DEVICE stmt_dev
			{
				$$ = parser_fwd(&@$, NFPROTO_IPV6, $4, $6);
			}
		;

/* last [used never|DURATION] */
last_stmt	: LAST		{ $$ = last_stmt_alloc(&@$); }
		| LAST USED STRING
			{
				$$ = parser_last(state, &@$, $3, &@3);
				xfree($3);
			}
		;

/* synproxy [mss N] [wscale N] [timestamp] [sack-perm] */
synproxy_stmt	: SYNPROXY	{ $$ = synproxy_stmt_alloc(&@$); }
		| SYNPROXY STRING objmap_expr
			{
				$$ = parser_objmap(state, &@$, NFT_OBJECT_SYNPROXY,
						   $2, &@2, $3);
			}
		| SYNPROXY STRING string_arg
			{
				$$ = parser_objref(state, &@$, NFT_OBJECT_SYNPROXY,
						   $2, &@2, $3);
			}
		| synproxy_stmt synproxy_arg
			{
				$$ = $1;
				$$->location = @$;
			}
		;

synproxy_arg	: MSS number
			{
				$<stmt>0->synproxy.mss = parser_u16(state, $2, &@2,
								    "mss");
				$<stmt>0->synproxy.flags |= NF_SYNPROXY_OPT_MSS;
			}
		| WSCALE number
			{
				$<stmt>0->synproxy.wscale = parser_uint(state, $2,
							&@2, "wscale", UINT8_MAX);
				$<stmt>0->synproxy.flags |=
					NF_SYNPROXY_OPT_WSCALE;
			}
		| TIMESTAMP
			{
				$<stmt>0->synproxy.flags |=
					NF_SYNPROXY_OPT_TIMESTAMP;
			}
		| SACK_PERM
			{
				$<stmt>0->synproxy.flags |=
					NF_SYNPROXY_OPT_SACK_PERM;
			}
		;

/*
 * NAT: snat|dnat [ip|ip6] [prefix] to ADDR[:PORT] [FLAGS], "to" optional
 * before a plain address; ADDR is a value, range or prefix, an IPv6
 * address before a port is written [ADDR]:PORT; :PORT alone keeps the
 * address. masquerade|redirect [to :PORT] [FLAGS]. Addresses and ports
 * are never keywords, which keeps "snat ip to" apart from "snat ADDR".
 */
nat_stmt	: snat_dnat nat_flags
			{
				$$ = $1;
				$$->nat.flags |= $2;
				$$->location = @$;
			}
		| masq_redir nat_flags
			{
				$$ = $1;
				$$->nat.flags |= $2;
				$$->location = @$;
			}
		;

nat_kw		: SNAT		{ $$ = NFT_NAT_SNAT; }
		| DNAT		{ $$ = NFT_NAT_DNAT; }
		;

snat_dnat	: nat_kw nat_target
			{
				$$ = parser_nat_kind($2, $1, 0, 0);
			}
		| nat_kw TO nat_target
			{
				$$ = parser_nat_kind($3, $1, 0, 0);
			}
		| nat_kw IP TO nat_target
			{
				$$ = parser_nat_kind($4, $1, NFPROTO_IPV4, 0);
			}
		| nat_kw IP6 TO nat_target
			{
				$$ = parser_nat_kind($4, $1, NFPROTO_IPV6, 0);
			}
		| nat_kw PREFIX TO nat_target
			{
				$$ = parser_nat_kind($4, $1, 0,
						     NF_NAT_RANGE_NETMAP);
			}
		| nat_kw IP PREFIX TO nat_target
			{
				$$ = parser_nat_kind($5, $1, NFPROTO_IPV4,
						     NF_NAT_RANGE_NETMAP);
			}
		| nat_kw IP6 PREFIX TO nat_target
			{
				$$ = parser_nat_kind($5, $1, NFPROTO_IPV6,
						     NF_NAT_RANGE_NETMAP);
			}
		;

nat_target	: nat_addr		{ $$ = parser_nat(&@$, $1, NULL); }
		| nat_addr ':' nat_port	{ $$ = parser_nat(&@$, $1, $3); }
		| ':' nat_port		{ $$ = parser_nat(&@$, NULL, $2); }
		| '[' nat_value ']' ':' nat_port
			{
				$$ = parser_nat(&@$, $2, $5);
			}
		;

masq_redir	: MASQUERADE
			{
				$$ = nat_stmt_alloc(&@$, NAT_MASQ);
			}
		| MASQUERADE TO ':' nat_port
			{
				$$ = parser_nat(&@$, NULL, $4);
				parser_nat_kind($$, NAT_MASQ, 0, 0);
			}
		| REDIRECT
			{
				$$ = nat_stmt_alloc(&@$, NAT_REDIR);
			}
		| REDIRECT TO ':' nat_port
			{
				$$ = parser_nat(&@$, NULL, $4);
				parser_nat_kind($$, NAT_REDIR, 0, 0);
			}
		| REDIRECT TO nat_port
			{
				$$ = parser_nat(&@$, NULL, $3);
				parser_nat_kind($$, NAT_REDIR, 0, 0);
			}
		;

/* Without "to" only a constant: "snat ip to" is the family */
nat_const	: nat_value			{ $$ = $1; }
		| nat_value '-' nat_value
			{
				$$ = range_expr_alloc(&@$, $1, $3);
			}
		| ADDRSTRING '/' NUMBER
			{
				$$ = parser_prefix(state, &@$, $1, &@1, $3, &@3);
			}
		;

nat_addr	: nat_const			{ $$ = $1; }
		| stmt_expr			{ $$ = $1; }
		| map_expr			{ $$ = $1; }
		;

nat_port	: nat_value			{ $$ = $1; }
		| nat_value '-' nat_value
			{
				$$ = range_expr_alloc(&@$, $1, $3);
			}
		| stmt_expr			{ $$ = $1; }
		| map_expr			{ $$ = $1; }
		;

/*
 * A computed statement argument (nat address and port, dup and fwd
 * address and device): "ip saddr", "tcp dport & 0xff", "jhash ip saddr
 * mod 2", "numgen inc mod 2", "(ct original ip saddr)". Whether its type
 * fits is the evaluator's business; a concatenation parses so that it
 * is refused there with its location.
 */
stmt_expr	: match_lhs		{ $$ = $1; }
		| concat_lhs		{ $$ = $1; }
		| stmt_paren		{ $$ = $1; }
		;

stmt_paren	: '(' stmt_expr ')'
			{
				$$ = $2;
				$$->location = @$;
				$$->flags |= EXPR_F_PARENS;
			}
		| stmt_paren '&' rhs_primary
			{
				$$ = parser_binop(&@$, OP_AND, $1, $3);
			}
		| stmt_paren '|' rhs_primary
			{
				$$ = parser_binop(&@$, OP_OR, $1, $3);
			}
		| stmt_paren '^' rhs_primary
			{
				$$ = parser_binop(&@$, OP_XOR, $1, $3);
			}
		| stmt_paren LSHIFT rhs_primary
			{
				$$ = parser_binop(&@$, OP_LSHIFT, $1, $3);
			}
		| stmt_paren RSHIFT rhs_primary
			{
				$$ = parser_binop(&@$, OP_RSHIFT, $1, $3);
			}
		;

nat_value	: ADDRSTRING
			{
				$$ = symbol_expr_alloc(&@1, $1, false);
				xfree($1);
			}
		| STRING
			{
				$$ = symbol_expr_alloc(&@1, $1, false);
				xfree($1);
			}
		| QUOTED_STRING
			{
				$$ = symbol_expr_alloc(&@1, $1, true);
				xfree($1);
			}
		| NUMBER
			{
				$$ = symbol_expr_alloc(&@1, $1, false);
				xfree($1);
			}
		| VARIABLE
			{
				$$ = parser_var_ref(state, $1, &@1);
				xfree($1);
			}
		;

nat_flags	: %empty		{ $$ = 0; }
		| nat_flag_list		{ $$ = $1; }
		;

nat_flag_list	: nat_flag			{ $$ = $1; }
		| nat_flag_list ',' nat_flag	{ $$ = $1 | $3; }
		;

nat_flag	: RANDOM	{ $$ = NF_NAT_RANGE_PROTO_RANDOM; }
		| FULLY_RANDOM	{ $$ = NF_NAT_RANGE_PROTO_RANDOM_FULLY; }
		| PERSISTENT	{ $$ = NF_NAT_RANGE_PERSISTENT; }
		;

/* tproxy [ip|ip6] to ADDR[:PORT] | to :PORT | to [ADDR]:PORT (as nat) */
tproxy_stmt	: TPROXY TO nat_target
			{
				$$ = parser_tproxy(&@$, 0, $3);
			}
		| TPROXY IP TO nat_target
			{
				$$ = parser_tproxy(&@$, NFPROTO_IPV4, $4);
			}
		| TPROXY IP6 TO nat_target
			{
				$$ = parser_tproxy(&@$, NFPROTO_IPV6, $4);
			}
		;

chain_target	: identifier
			{
				$$ = constant_expr_alloc_string(&@1, &string_type,
								$1, 0);
				xfree($1);
			}
		| VARIABLE
			{
				$$ = parser_var_ref(state, $1, &@1);
				xfree($1);
			}
		;

/*
 * define x = value | { v0, v1 } | NAME + N. The last is only good for
 * "priority $x"; "NAME - N" is a range here, which the evaluator also
 * takes as a priority.
 */
define_expr	: rhs_expr		{ $$ = $1; }
		| rhs_primary '+' NUMBER
			{
				$$ = parser_prio_define(&@$, $1, $3);
			}
		| '{' opt_newlines define_list opt_newlines '}'	{ $$ = $3; }
		;

define_list	: define_item
			{
				$$ = list_expr_alloc(&@$);
				list_expr_add($$, $1);
			}
		| define_list ',' opt_newlines define_item
			{
				$$ = $1;
				list_expr_add($$, $4);
			}
		;

/* "define m = { 22 : accept, 80 : drop }" for "vmap $m" (src/expr/map.c) */
define_item	: rhs_expr		{ $$ = $1; }
		| rhs_expr ':' map_data
			{
				$$ = mapping_expr_alloc(&@$, $1, $3);
			}
		;

%%

/* Syntax errors */

static void yyerror(const YYLTYPE *loc, yyscan_t scanner,
		    struct parser_state *state, const char *msg)
{
	parser_error(state, loc, "%s", msg);
}

/*
 * The source text under a one-line location, for messages; "" when it
 * spans lines or has no source.
 */
static bool parser_loc_text(const YYLTYPE *loc, char *buf, size_t size)
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

/* The keyword nearest to @word among the tokens the parser expected. */
static const char *parser_suggest(const char *word,
				  const yysymbol_kind_t *expected,
				  int num_expected)
{
	const struct keyword *kw;
	const char *match = NULL;
	unsigned int best = ~0u;
	size_t i, n;
	int j;

	kw = scanner_keywords(&n);
	for (i = 0; i < n; i++) {
		for (j = 0; j < num_expected; j++) {
			if (expected[j] == YYTRANSLATE(kw[i].token))
				break;
		}
		if (j < num_expected && scanner_near(word, kw[i].name, &best))
			match = kw[i].name;
	}
	return match;
}

static void buf_add(char *buf, size_t size, const char *fmt, ...)
	__fmt(3, 4);

static void buf_add(char *buf, size_t size, const char *fmt, ...)
{
	size_t len = strlen(buf);
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(buf + len, size - len, fmt, ap);
	va_end(ap);
}

/* Token names without bison's double quotes: "add" -> add. */
static void buf_add_token(char *buf, size_t size, yysymbol_kind_t kind)
{
	const char *name = yysymbol_name(kind);
	size_t len = strlen(name);

	if (len >= 2 && name[0] == '"' && name[len - 1] == '"')
		buf_add(buf, size, "%.*s", (int)len - 2, name + 1);
	else
		buf_add(buf, size, "%s", name);
}

static bool parser_expects(const yysymbol_kind_t *expected, int n,
			   yysymbol_kind_t kind)
{
	int i;

	for (i = 0; i < n; i++)
		if (expected[i] == kind)
			return true;
	return false;
}

/*
 * "syntax error, unexpected X[ 'text'][, expecting A or B][; did you
 * mean 'k'?]" with the location of the offending token.
 */
static int yyreport_syntax_error(const yypcontext_t *ctx, yyscan_t scanner,
				 struct parser_state *state)
{
	yysymbol_kind_t expected[YYNTOKENS], tok = yypcontext_token(ctx);
	const YYLTYPE *loc = yypcontext_location(ctx);
	char msg[1024] = "syntax error, ", text[128];
	bool has_text = parser_loc_text(loc, text, sizeof(text));
	const char *hint = NULL;
	int i, n;

	if (tok == YYSYMBOL_YYUNDEF) {
		buf_add(msg, sizeof(msg), "%s", state->lex_error ?
			state->lex_error : "invalid token");
		/* A stray byte may be half of a UTF-8 sequence: show it
		 * escaped rather than as broken text. */
		if (has_text && !isprint((unsigned char)text[0]) &&
		    loc->first_column == loc->last_column)
			buf_add(msg, sizeof(msg), " '\\x%02x'",
				(unsigned char)text[0]);
		else if (text[0])
			buf_add(msg, sizeof(msg), " '%s'", text);
		state->lex_error = NULL;
		parser_error(state, loc, "%s", msg);
		return 0;
	}
	buf_add(msg, sizeof(msg), "unexpected ");
	buf_add_token(msg, sizeof(msg), tok);
	if (tok == YYSYMBOL_STRING && text[0])
		buf_add(msg, sizeof(msg), " '%s'", text);
	n = yypcontext_expected_tokens(ctx, expected, YYNTOKENS);
	for (i = 0; n <= 4 && i < n; i++) {
		buf_add(msg, sizeof(msg), i ? " or " : ", expecting ");
		buf_add_token(msg, sizeof(msg), expected[i]);
	}
	if (text[0] && tok != YYSYMBOL_NEWLINE)
		hint = parser_suggest(text, expected, n);
	if (hint)
		buf_add(msg, sizeof(msg), "; did you mean '%s'?", hint);
	else if (n > 4 && !strcmp(text, "}") &&
		 parser_expects(expected, n, YYSYMBOL_SEMICOLON))
		buf_add(msg, sizeof(msg),
			"; end the last item of a block with ';' or a newline");
	parser_error(state, loc, "%s", msg);
	return 0;
}

/* Entry point */

int nft_parse_text(struct nft_ctx *nft, struct input_descriptor *indesc,
		   struct list_head *cmds, struct list_head *msgs)
{
	struct parser_state st;
	yyscan_t scanner;
	int ret;

	memset(&st, 0, sizeof(st));
	st.nft = nft;
	st.cmds = cmds;
	st.msgs = msgs;
	st.scopes[0] = nft_top_scope(nft);
	st.num_scopes = 1;

	if (yylex_init_extra(&st, &scanner))
		memory_allocation_error();
	scanner_push_input(scanner, indesc);
	ret = yyparse(scanner, &st);
	scanner_cleanup(scanner);
	yylex_destroy(scanner);
	while (st.num_scopes > 1)
		parser_scope_pop(&st);

	return ret || st.nerrs ? -1 : 0;
}
