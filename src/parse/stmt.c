/*
 * The text parser's builders for statements (src/grammar's actions call
 * them): object references, "KEY set VALUE", and the options of log,
 * limit, reject, fwd, last, set statements, nat and tproxy.
 */
#include <ctype.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <linux/netfilter.h>
#include <linux/netfilter/nf_log.h>
#include <parse_build.h>
#include <sobj.h>

struct stmt *parser_connlimit(struct parser_state *st,
			      const struct location *loc, uint64_t count,
			      const struct location *count_loc, uint32_t flags)
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
/* "counter name "c"" */
struct stmt *parser_objref(struct parser_state *st, const struct location *loc,
			   uint32_t type, char *name)
{
	return objref_stmt_alloc(loc, type, name);
}

/* "counter name KEY map { K : "c", ... }": an object map */
struct stmt *parser_objmap(struct parser_state *st, const struct location *loc,
			   uint32_t type, struct expr *map)
{
	struct stmt *stmt = parser_objref(st, loc, type, xstrdup(""));

	stmt->objref.map = map;
	return stmt;
}

/* An object's name: a number is named in decimal ("0x10" is "16"), as
 * 1.1.3 sends it. */
static char *objref_word(const struct expr *sym)
{
	const char *t = sym->symbol.identifier;
	unsigned long long v;
	char *end;

	if (sym->symbol.quoted || !isdigit((unsigned char)*t))
		return xstrdup(t);
	errno = 0;
	v = strtoull(t, &end, 0);
	if (*end || errno)
		return xstrdup(t);
	return xasprintf("%llu", v);
}

static struct stmt *parser_keyset_objref(struct parser_state *st,
					 const struct location *loc,
					 struct expr *key, struct expr *value)
{
	const struct expr *name;
	uint32_t type = 0;
	struct stmt *stmt;

	if (key->etype == EXPR_SYMBOL)
		type = !strcmp(key->symbol.identifier, "ct timeout") ?
		       NFT_OBJECT_CT_TIMEOUT : NFT_OBJECT_CT_EXPECT;
	else if (key->etype == EXPR_CT && key->ct.key == NFT_CT_HELPER &&
		 key->ct.direction < 0)
		type = NFT_OBJECT_CT_HELPER;
	/* "meta secmark set 5" too: a secmark is set from an object, as the
	 * reference sends it (a number is the object's name) */
	else if (key->etype == EXPR_META && key->meta.key == NFT_META_SECMARK &&
		 (value->etype == EXPR_MAP || value->etype == EXPR_SYMBOL ||
		  value->etype == EXPR_VARIABLE))
		type = NFT_OBJECT_SECMARK;
	if (!type)
		return NULL;
	if (value->etype == EXPR_MAP) {
		stmt = objref_stmt_alloc(loc, type, xstrdup(""));
		stmt->objref.map = value;
		expr_free(key);
		return stmt;
	}
	/* "meta secmark set $v": the name defined, pointed at there */
	name = value;
	if (name->etype == EXPR_VARIABLE && name->variable.value &&
	    name->variable.value->etype == EXPR_SYMBOL)
		name = name->variable.value;
	if (name->etype != EXPR_SYMBOL) {
		parser_error(st, &value->location, "an object name is expected");
		stmt = objref_stmt_alloc(loc, type, xstrdup(""));
	} else {
		stmt = objref_stmt_alloc(loc, type, objref_word(name));
		stmt->objref.name_loc = name->location;
	}
	expr_free(key);
	expr_free(value);
	return stmt;
}

struct stmt *parser_keyset(struct parser_state *st, const struct location *loc,
			   struct expr *key, struct expr *value)
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

/* Statement options (log, limit, quota, reject, queue, dup, fwd, last,
 * synproxy) */

uint64_t parser_uint(struct parser_state *st, uint64_t v,
		     const struct location *loc, const char *what, uint64_t max)
{
	if (v <= max)
		return v;
	parser_error(st, loc, "%s %llu is out of range (0-%llu)", what,
		     (unsigned long long)v, (unsigned long long)max);
	return 0;
}

uint16_t parser_u16(struct parser_state *st, uint64_t v,
		    const struct location *loc, const char *what)
{
	return parser_uint(st, v, loc, what, UINT16_MAX);
}

uint32_t parser_u32(struct parser_state *st, uint64_t v,
		    const struct location *loc, const char *what)
{
	return parser_uint(st, v, loc, what, UINT32_MAX);
}

void parser_log_level(struct stmt *stmt, struct parser_state *st,
		      const char *name, const struct location *loc)
{
	if (!log_level_lookup(name, &stmt->log.level))
		parser_error(st, loc, "invalid log level '%s'", name);
	stmt->log.flags |= LOG_F_LEVEL;
}

/* The text of variable @name's value in a log prefix; NULL with an
 * error at @loc (the string) if there is none. */
static const char *log_prefix_value(struct parser_state *st,
				    const char *name,
				    const struct location *loc)
{
	const struct expr *v = parser_var_value(st, name);

	while (v && v->etype == EXPR_VARIABLE)
		v = v->variable.value;
	if (!v) {
		parser_error(st, loc, "unknown identifier '%s'", name);
		return NULL;
	}
	/* a set's (1.1.3 prints bytes of memory) */
	if (v->etype != EXPR_SYMBOL) {
		parser_error(st, loc,
			     "log prefix: variable '%s' is not a string",
			     name);
		return NULL;
	}
	return v->symbol.identifier;
}

void parser_log_prefix(struct stmt *stmt, struct parser_state *st,
		       char *text, const struct location *loc)
{
	char *out = NULL, *name, *t;
	const char *p = text, *d, *val;
	size_t n;

	while ((d = strchr(p, '$'))) {
		n = strspn(d + 1, "abcdefghijklmnopqrstuvwxyz"
				  "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_");
		name = xstrndup(d + 1, n);
		val = log_prefix_value(st, name, loc);
		xfree(name);
		if (!val) {
			xfree(out);
			xfree(text);
			return;
		}
		t = xasprintf("%s%.*s%s", out ? out : "", (int)(d - p), p,
			      val);
		xfree(out);
		out = t;
		p = d + 1 + n;
	}
	if (out) {
		t = xasprintf("%s%s", out, p);
		xfree(out);
		xfree(text);
		text = t;
	}
	xfree(stmt->log.prefix);
	stmt->log.prefix = text;
	stmt->log.flags |= LOG_F_PREFIX;
}

/* One word of "log flags": @proto is "tcp" or "ip" before it, if any. */
uint32_t parser_log_flag(struct parser_state *st, const char *proto,
			 const char *word, const struct location *loc)
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
uint64_t parser_bytes(struct parser_state *st, const char *num,
		      const struct location *num_loc, const char *unit,
		      const struct location *loc)
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
struct stmt *parser_limit(struct parser_state *st, const struct location *loc,
			  uint32_t flags, char *num,
			  const struct location *num_loc, char *bytes_per,
			  char *per, const struct location *unit_loc,
			  uint64_t burst)
{
	struct stmt *stmt = limit_stmt_alloc(loc);
	char *slash = bytes_per ? strchr(bytes_per, '/') : NULL;
	/* a byte rate's errors cover the number and its unit */
	struct location rate_loc = bytes_per ? parser_span(num_loc, unit_loc) :
					       *unit_loc;

	stmt->limit.flags = flags;
	stmt->limit.type = bytes_per ? NFT_LIMIT_PKT_BYTES : NFT_LIMIT_PKTS;
	if (bytes_per && !slash) {
		parser_error(st, &rate_loc,
			     "wrong rate format, expecting {bytes,kbytes,mbytes}/{second,minute,hour,day,week}");
	} else if (bytes_per) {
		*slash = '\0';
		per = slash + 1;
		stmt->limit.rate = parser_bytes(st, num, num_loc, bytes_per,
						&rate_loc);
	} else {
		stmt->limit.rate = parser_number(st, num, num_loc);
	}
	stmt->limit.unit = per ? limit_time_unit(per) : 1;
	if (per && stmt->limit.unit == 0)
		parser_error(st, &rate_loc,
			     "Wrong time format, expecting second, minute, hour, day or week");
	stmt->limit.burst = parser_u32(st, burst, loc, "limit burst");
	xfree(num);
	xfree(bytes_per ? bytes_per : per);
	return stmt;
}

struct stmt *parser_reject(struct parser_state *st, const struct location *loc,
			   const char *proto, const struct location *proto_loc,
			   struct expr *code)
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

struct stmt *parser_fwd(const struct location *loc, uint8_t family,
			struct expr *addr, struct expr *dev)
{
	struct stmt *stmt = fwd_stmt_alloc(loc);

	stmt->dup.family = family;
	stmt->dup.to = addr;
	stmt->dup.dev = dev;
	return stmt;
}

struct stmt *parser_last(struct parser_state *st, const struct location *loc,
			 const char *used, const struct location *used_loc)
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
struct stmt *parser_set_stmt(const struct location *loc, uint32_t op,
			     char *name, const struct location *name_loc,
			     struct expr *key, struct stmt *opts)
{
	opts->location = *loc;
	opts->dynset.op = op;
	opts->dynset.set = setref_expr_alloc(name_loc, name);
	opts->dynset.key = key;
	xfree(name);
	return opts;
}

struct stmt *parser_meter(const struct location *loc, char *name,
			  const struct location *name_loc, uint64_t size,
			  struct expr *key, struct stmt *opts)
{
	struct stmt *stmt = parser_set_stmt(loc, NFT_DYNSET_OP_ADD, name,
					    name_loc, key, opts);

	stmt->dynset.meter = true;
	stmt->dynset.size = size;
	return stmt;
}

void parser_set_stmt_timeout(struct parser_state *st, struct stmt *stmt,
			     char *what, const struct location *what_loc,
			     char *value, const struct location *value_loc)
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
struct stmt *parser_nat(const struct location *loc, struct expr *addr,
			struct expr *port)
{
	struct stmt *stmt = nat_stmt_alloc(loc, NFT_NAT_SNAT);

	stmt->nat.addr = addr;
	stmt->nat.proto = port;
	return stmt;
}

struct stmt *parser_nat_kind(struct stmt *stmt, int type, uint8_t family,
			     uint32_t flags)
{
	const struct stmt_ops *ops = nat_stmt_alloc_ops(type);

	stmt->ops = ops;
	stmt->nat.type = type;
	stmt->nat.family = family;
	stmt->nat.flags |= flags;
	return stmt;
}

/* The address and port the nat target grammar collected, for tproxy. */
struct stmt *parser_tproxy(const struct location *loc, uint8_t family,
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

struct stmt *parser_verdict(const struct location *loc, int verdict,
			    struct expr *chain)
{
	return verdict_stmt_alloc(loc, verdict_expr_alloc(loc, verdict, chain));
}

/*
 * A jump's or goto's chain, @word (taken). A word 1.1.3's scanner takes
 * for a keyword ("timeout") is a syntax error, worded as 1.1.3 words
 * another keyword there (see chain_target_expected() in code.y): in a
 * statement it expected an anonymous chain's '{', in a map a name.
 */
struct expr *parser_chain_word(struct parser_state *st, char *word,
			       const struct location *loc, bool in_map)
{
	struct expr *e;

	if (parser_is_name_reserved(word)) {
		parser_error(st, loc, "syntax error, unexpected %s, expecting %s",
			     word, in_map ? "string or last or '$'" : "'{'");
		xfree(word);
		return NULL;
	}
	e = constant_expr_alloc_string(loc, &string_type, word, 0);
	xfree(word);
	return e;
}

/* A binding's block is a scope of its own, as a chain block is: past
 * 1.1.3's nesting limit (a binding within a binding in a chain block)
 * its error, and no scope. @brace: the block's '{'. */
struct chain *parser_binding_open(struct parser_state *st,
				  const struct location *brace)
{
	struct chain *c = chain_alloc(NULL);

	c->location = *brace;
	if (st->num_scopes == PARSER_MAX_SCOPES) {
		parser_error(st, brace, "too many levels of nesting");
		return c;
	}
	parser_scope_push(st);
	c->scoped = true;
	return c;
}

static void parser_binding_close(struct parser_state *st, struct chain *c)
{
	if (c->scoped)
		parser_scope_pop(st);
	c->scoped = false;
}

void parser_binding_free(struct parser_state *st, struct chain *c)
{
	parser_binding_close(st, c);
	chain_free(c);
}

struct stmt *parser_binding(struct parser_state *st,
			    const struct location *loc, int verdict,
			    struct chain *c)
{
	struct stmt *stmt = parser_verdict(loc, verdict, NULL);

	parser_binding_close(st, c);
	c->location = *loc;
	stmt->expr->verdict.binding = c;
	return stmt;
}
