/*
 * The text parser's builders for expressions (src/grammar's actions call
 * them): protocol fields, meta and ct keys, raw payloads, binary
 * operations, prefixes, lookups (fib, rt, numgen, hash, socket, osf,
 * ipsec) and extension headers. Unknown names get an error with a caret
 * and a placeholder node, so that parsing goes on.
 */
#include <ctype.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <parse_build.h>
#include <proto.h>
#include <inner.h>
#include <set_pack.h>

/* A stand-in for a node that could not be built; the run fails anyway. */
static struct expr *parser_placeholder(const struct location *loc,
				       const char *text)
{
	return symbol_expr_alloc(loc, text, false);
}

struct expr *parser_payload(struct parser_state *st, const struct location *loc,
			    const char *proto, const struct location *proto_loc,
			    const char *field, const struct location *field_loc)
{
	const struct proto_desc *desc = proto_lookup(proto);
	unsigned int idx;

	if (!desc) {
		parser_error(st, proto_loc, "unknown protocol '%s'", proto);
		return parser_placeholder(loc, field);
	}
	idx = proto_field_lookup(desc, field);
	if (idx)
		return payload_expr_alloc(loc, desc, idx);
	/* the fields are keywords to 1.1.3: another word is a syntax
	 * error, which drops the statement */
	parser_error(st, field_loc, "syntax error, unexpected string");
	return NULL;
}

struct expr *parser_inner_payload(struct parser_state *st,
				  const struct location *loc,
				  const char *tunnel, const char *proto,
				  const struct location *proto_loc,
				  const char *field,
				  const struct location *field_loc)
{
	const struct inner_desc *in = inner_lookup(tunnel);
	struct expr *expr;

	/* 1.1.3's grammar has no link layer after gre */
	if (!(in->flags & INNER_F_LL) &&
	    (!strcmp(proto, "ether") || !strcmp(proto, "vlan") ||
	     !strcmp(proto, "arp"))) {
		parser_unexpected(st, proto_loc, proto, NULL);
		return NULL;
	}
	expr = parser_payload(st, loc, proto, proto_loc, field, field_loc);
	if (expr && expr->etype == EXPR_PAYLOAD)
		expr->inner = in;
	return expr;
}

struct expr *parser_inner_own(struct parser_state *st,
			      const struct location *loc, const char *tunnel,
			      const char *field,
			      const struct location *field_loc)
{
	const struct inner_desc *in = inner_lookup(tunnel);
	unsigned int idx = in->own ? proto_field_lookup(in->own, field) : 0;
	struct expr *expr;

	/* 1.1.3's grammar names each field: another is a syntax error */
	if (!idx) {
		parser_unexpected(st, field_loc, "string", NULL);
		return NULL;
	}
	expr = payload_expr_alloc(loc, in->own, idx);
	expr->inner = in;
	return expr;
}

/* "@nh,16,16": a raw load at a bit offset from one of the bases. */
struct expr *parser_payload_raw(struct parser_state *st,
				const struct location *loc, const char *base,
				const struct location *base_loc,
				const char *offset,
				const struct location *offset_loc,
				const char *len)
{
	unsigned long off = strtoul(offset, NULL, 0);
	unsigned long bits = strtoul(len, NULL, 0);
	struct expr *expr;

	if (bits > 65535 * 8)
		bits = 65535 * 8 + 1;	/* refused by the evaluator */
	expr = payload_expr_alloc_base(loc, base, off, bits);
	if (!expr) {
		parser_error(st, base_loc, "unknown raw payload base");
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

/*
 * "meta foo": 1.1.3's words, under the whole expression, and no
 * statement (a syntax error there).
 */
static void parser_meta_unknown(struct parser_state *st,
				const struct location *loc, const char *key)
{
	char msg[1024];
	const char *name, *sep = " ";
	unsigned int i;

	snprintf(msg, sizeof(msg), "syntax error, unexpected %s, known keys are",
		 key);
	for (i = 0; i < 64; i++) {
		name = meta_key_name(i);
		if (strcmp(name, "unknown")) {
			parser_buf_add(msg, sizeof(msg), "%s%s", sep, name);
			sep = ", ";
		}
	}
	parser_error(st, loc, "%s", msg);
}

struct expr *parser_meta(struct parser_state *st, const struct location *loc,
			 const char *key, const struct location *key_loc)
{
	enum nft_meta_keys k;

	if (meta_key_lookup(key, &k))
		return meta_expr_alloc(loc, k);
	parser_meta_unknown(st, loc, key);
	return NULL;
}

/* ct [DIR] KEY; the key is looked up in the ct kind's table. */
struct expr *parser_ct(struct parser_state *st, const struct location *loc,
		       const char *dir, const char *key,
		       const struct location *key_loc)
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
	/* its keys are keywords to 1.1.3 */
	parser_error(st, key_loc, "syntax error, unexpected string");
	return NULL;
}

/* ct DIR ip saddr, ct DIR ip6 daddr */
struct expr *parser_ct_addr(struct parser_state *st, const struct location *loc,
			    const char *dir, const char *proto,
			    const char *field, const struct location *field_loc)
{
	struct expr *expr;

	expr = ct_expr_alloc_addr(loc, ct_dir_lookup(dir), proto, field);
	if (expr)
		return expr;
	parser_error(st, field_loc, "unknown ct %s key '%s'", proto, field);
	return parser_placeholder(loc, field);
}

/* "a,b,c" on the right of a match or set: a list the left side types. */
struct expr *parser_flag_list(const struct location *loc, struct expr *list,
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
struct expr *parser_prefix(struct parser_state *st, const struct location *loc,
			   char *addr, const struct location *addr_loc,
			   char *len, const struct location *len_loc)
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

void concat_member_from_dot(struct expr *member, const struct location *dot)
{
	member->location = parser_span(dot, &member->location);
}

/*
 * "LEFT OP RIGHT" of a chain the grammar reads from left to right: an
 * operator that binds tighter than the one before it takes that one's
 * right operand, as C and the system nft bind them ("meta mark & 0xff |
 * 0x100 ^ 0x3" sets 0x103: the ^ of the two constants goes first).
 * Parentheses keep what they hold together.
 */
struct expr *parser_binop(const struct location *loc, enum ops op,
			  struct expr *left, struct expr *right)
{
	if (left->etype == EXPR_BINOP && !(left->flags & EXPR_F_PARENS) &&
	    binop_prec(left->binop.op) < binop_prec(op)) {
		left->binop.right = parser_binop(loc, op, left->binop.right,
						 right);
		left->binop.right->location =
			parser_span(&left->binop.right->location, loc);
		left->location = *loc;
		return left;
	}
	return binop_expr_alloc(loc, op, left, right);
}

/* The kept shell of a packed member's node, taken and made fresh for
 * @loc (its fields but these are the caller's to set); NULL if none. */
static struct expr *parser_spare(struct expr **spare,
				 const struct location *loc)
{
	struct expr *e = *spare;

	if (!e)
		return NULL;
	*spare = NULL;
	init_list_head(&e->list);
	e->location = *loc;
	e->flags = 0;
	return e;
}

/*
 * A map block's members: a 100,000-entry block made and freed as many
 * mappings, which only carry their key and data into the pack. The shell
 * of a packed one serves the next (unchanged since expr_alloc() but for
 * what is reset here: a packed mapping is plain, see set_pack.c).
 */
struct expr *parser_mapping(struct parser_state *st,
			    const struct location *loc,
			    struct expr *key, struct expr *data)
{
	struct expr *m = parser_spare(&st->spare_mapping, loc);

	if (!m)
		return mapping_expr_alloc(loc, key, data);
	m->mapping.key = key;
	m->mapping.data = data;
	return m;
}

/* A map block's verdict, the same way (a packed one is plain too). */
struct expr *parser_map_verdict(struct parser_state *st,
			    const struct location *loc, int code,
			    struct expr *chain)
{
	struct expr *v = parser_spare(&st->spare_verdict, loc);

	if (!v)
		return verdict_expr_alloc(loc, code, chain);
	v->verdict.verdict = code;
	v->verdict.chain = chain;
	return v;
}

static int word_cmp(const void *a, const void *b)
{
	return strcmp(*(const char *const *)a, *(const char *const *)b);
}

static bool word_in(const char *word, const char *const *words, size_t n)
{
	return bsearch(&word, words, n, sizeof(*words), word_cmp) != NULL;
}

/*
 * Words the reference's scanner takes as keywords wherever a value may
 * be, which are plain words to ours (sorted): "meta mark day" is a
 * syntax error there.
 */
bool parser_is_reserved(const char *word)
{
	static const char *const words[] = {
		"all", "auto-merge", "constant", "day", "dynamic", "elements",
		"expires", "gc-interval", "geneve", "gretap", "hour",
		"interval", "monitor", "size", "time", "timeout", "typeof",
		"vni", "vxlan", "xt",
	};

	return word_in(word, words, array_size(words));
}

/* A meta key where a name goes: a word to 1.1.3 if it knows the key
 * only after "meta" ("iifkind"), else its syntax error, expecting
 * @expecting. */
char *parser_meta_word(struct parser_state *st, const char *key,
		       const struct location *loc, const char *expecting)
{
	if (!parser_meta_needs_prefix(key)) {
		parser_error(st, loc, "syntax error, unexpected %s, expecting %s",
			     key, expecting);
		return NULL;
	}
	return xstrdup(key);
}

/* A word that is a keyword to 1.1.3 where a table, chain, set or object
 * is named ("timeout", "ecn") */
bool parser_is_name_reserved(const char *word)
{
	return parser_is_reserved(word) || !strcmp(word, "ecn");
}

/*
 * A type name that is a keyword to 1.1.3's scanner ("type day", its
 * meta key): a syntax error there, which drops the declaration's item.
 * Takes @word on true.
 */
bool parser_type_word_reserved(struct parser_state *st, char *word,
			       const struct location *loc)
{
	static const char *const words[] = { "day", "hour", "pkttype" };

	if (!word_in(word, words, array_size(words)))
		return false;
	parser_error(st, loc, "syntax error, unexpected %s", word);
	xfree(word);
	return true;
}

/* Meta keys 1.1.3 knows only after "meta" ("meta iifkind"): bare, they
 * are plain words. */
bool parser_meta_needs_prefix(const char *key)
{
	static const char *const keys[] = {
		"ibrpvid", "ibrvproto", "iifkind", "oifkind",
	};
	unsigned int i;

	for (i = 0; i < array_size(keys); i++)
		if (!strcmp(key, keys[i]))
			return true;
	return false;
}

/* Meta keys that are values too ("meta iifkind iifkind"), sorted. */
bool parser_is_value_key(const char *word)
{
	static const char *const words[] = {
		"ibrpvid", "ibrvproto", "iifkind", "oifkind",
	};

	return word_in(word, words, array_size(words));
}

/* The value's first word: "a" of "a-b" and "a,b". */
static const struct expr *first_symbol(const struct expr *e)
{
	while (e) {
		switch (e->etype) {
		case EXPR_SYMBOL:
			return e;
		case EXPR_RANGE:
			e = e->range.left;
			break;
		case EXPR_LIST:
			if (list_empty(&e->expr_list.expressions))
				return NULL;
			e = list_first_entry(&e->expr_list.expressions,
					     struct expr, list);
			break;
		default:
			return NULL;
		}
	}
	return NULL;
}

/* Is @w a keyword of the scope 1.1.3's scanner is in after @lhs, a
 * meta or ct selector? */
static bool scope_word(const struct expr *lhs, const char *w)
{
	static const char *const meta_words[] = { "length", "protocol" };
	static const char *const ct_words[] = {
		"avgpkt", "bytes", "count", "daddr", "direction", "dport",
		"event", "expectation", "expiration", "helper", "helpers",
		"id", "l3proto", "mark", "over", "packets", "proto-dst",
		"proto-src", "protocol", "saddr", "state", "status", "zone",
	};

	if (lhs->etype == EXPR_META)
		return word_in(w, meta_words, array_size(meta_words));
	if (lhs->etype == EXPR_CT)
		return word_in(w, ct_words, array_size(ct_words));
	return false;
}

/*
 * The word right after a meta or ct selector is scanned among that
 * selector's keywords in 1.1.3 ("ct helper count" is a syntax error
 * there, "ct helper == count" and "meta iifkind count" are not).
 * Reports it and returns true if @rhs starts with one.
 */
bool parser_scope_word(struct parser_state *st, const struct expr *lhs,
		       const struct expr *rhs)
{
	const struct expr *sym = first_symbol(rhs);

	if (!sym || sym->symbol.quoted ||
	    !scope_word(lhs, sym->symbol.identifier))
		return false;
	parser_unexpected(st, &sym->location, sym->symbol.identifier, NULL);
	return true;
}

/* Is @w reserved in a set statement's value? There "day", "hour" and
 * "time" are meta keys to 1.1.3 ("meta mark set day"). */
static bool keyset_reserved(const char *w)
{
	static const char *const meta_keys[] = { "day", "hour", "time" };

	return parser_is_reserved(w) &&
	       !word_in(w, meta_keys, array_size(meta_keys));
}

struct expr_stack {
	const struct expr **v;
	size_t n, size;
};

static void expr_stack_push(struct expr_stack *s, const struct expr *e)
{
	if (s->n == s->size) {
		s->size = s->size ? 2 * s->size : 16;
		s->v = xrealloc(s->v, s->size * sizeof(*s->v));
	}
	s->v[s->n++] = e;
}

/* The first word of @value, a set statement's value, 1.1.3's scanner
 * takes for a keyword, in the order of the text; walked without
 * recursion, as "1 | 2 | ..." may hold any number of values. */
static const struct expr *keyset_word(const struct expr *key,
				      const struct expr *value)
{
	struct expr_stack s = {};
	const struct expr *e, *i, *hit = NULL;

	expr_stack_push(&s, value);
	while (s.n && !hit) {
		e = s.v[--s.n];
		switch (e->etype) {
		case EXPR_SYMBOL:
			if (!e->symbol.quoted &&
			    (keyset_reserved(e->symbol.identifier) ||
			     scope_word(key, e->symbol.identifier)))
				hit = e;
			break;
		case EXPR_LIST:
			/* the first member on top */
			list_for_each_entry_reverse(i,
					&e->expr_list.expressions, list)
				expr_stack_push(&s, i);
			break;
		case EXPR_BINOP:
			expr_stack_push(&s, e->binop.right);
			expr_stack_push(&s, e->binop.left);
			break;
		default:
			break;
		}
	}
	xfree(s.v);
	return hit;
}

/*
 * "ct event set new,helper", "meta mark set length": after "ct" or
 * "meta" 1.1.3's scanner stays among that selector's keywords for the
 * whole value of a set statement (and reserves a few words everywhere).
 * Reports the first such word and returns true if there is one.
 */
bool parser_keyset_word(struct parser_state *st, const struct expr *key,
			const struct expr *value)
{
	const struct expr *sym = keyset_word(key, value);

	if (!sym)
		return false;
	parser_unexpected(st, &sym->location, sym->symbol.identifier, NULL);
	return true;
}

/* A value's symbol, the same way: the shell of a packed member's. */
struct expr *parser_symbol(struct parser_state *st,
			   const struct location *loc, char *text,
			   bool quoted)
{
	struct expr *e = parser_spare(&st->spare_symbol, loc);

	if (!e)
		return symbol_expr_alloc_take(loc, text, quoted);
	e->symbol.identifier = text;
	e->symbol.quoted = quoted;
	return e;
}

/* A packed symbol's text: its buffer kept for the scanner's next token
 * (scanner_text()), the bigger of two. */
static void parser_recycle_text(struct parser_state *st, char *text)
{
	size_t size = strlen(text) + 1;

	if (st->spare_text && st->spare_text_size >= size) {
		xfree(text);
		return;
	}
	xfree(st->spare_text);
	st->spare_text = text;
	st->spare_text_size = size;
}

/* A packed member's key: its shell kept if a plain symbol. */
static void parser_recycle_key(struct parser_state *st, struct expr *e)
{
	if (e->etype != EXPR_SYMBOL || st->spare_symbol) {
		expr_free(e);
		return;
	}
	parser_recycle_text(st, e->symbol.identifier);
	e->symbol.identifier = NULL;
	st->spare_symbol = e;
}

void parser_set_add(struct parser_state *st, struct expr *set,
		    struct expr *m)
{
	if (expr_is_catchall(m))
		set_catchall_put(set, m);
	else if (set_expr_pack_keep(set, m))
		parser_recycle_key(st, m);
	else
		set_expr_add_packed(set, m);
}

void parser_map_add(struct parser_state *st, struct expr *set,
		    struct expr *m)
{
	struct expr *data = m->mapping.data;

	if (expr_is_catchall(m)) {
		set_catchall_put(set, m);
		return;
	}
	if (!set_expr_pack_keep(set, m)) {
		set_expr_add_packed(set, m);
		return;
	}
	parser_recycle_key(st, m->mapping.key);
	if (data->etype == EXPR_VERDICT && !st->spare_verdict) {
		expr_free(data->verdict.chain);
		data->verdict.chain = NULL;
		st->spare_verdict = data;
	} else {
		expr_free(data);
	}
	m->mapping.key = m->mapping.data = NULL;
	if (st->spare_mapping)
		expr_free(m);
	else
		st->spare_mapping = m;
}

/* "{ 1 : 2, 3 }": a member without data in a map's block, listed (the
 * pack holds mappings only): the kernel refuses it, as 1.1.3 sends it. */
void parser_map_add_plain(struct parser_state *st, struct expr *set,
			  struct expr *m)
{
	if (expr_is_catchall(m)) {
		set_catchall_put(set, m);
		return;
	}
	set_expr_unpack(set);
	set_expr_add(set, m);
}

/* "{ { 22 : 1 }, 80 : 2 }": the mappings of the inner block @inner
 * (freed) become @set's, as 1.1.3 takes them. */
void parser_map_splice(struct parser_state *st, struct expr *set,
		       struct expr *inner)
{
	struct expr *m, *next;

	set_expr_unpack(inner);
	list_for_each_entry_safe(m, next, &inner->expr_list.expressions,
				 list) {
		list_del(&m->list);
		inner->expr_list.size--;
		parser_map_add(st, set, m);
	}
	expr_free(inner);
}

/*
 * "VALUE / RHS" after a field. A number after the slash is a prefix
 * length, whatever the field's type ("meta mark 0x50000/16" matches the
 * top 16 bits, "tcp flags 2/18" is too long a prefix), as the system nft
 * reads it; names and lists are a mask ("tcp flags syn / syn,ack").
 */
struct expr *parser_slash(struct parser_state *st, const struct location *loc,
			  struct expr *left, enum ops op, struct expr *value,
			  const struct location *value_loc, struct expr *rhs,
			  const struct location *rhs_loc)
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

/* Lookup expressions: each takes over its strings. */

uint32_t parser_fib_flag(struct parser_state *st, char *name,
			 const struct location *loc)
{
	uint32_t flag = 0;

	if (!fib_flag_lookup(name, &flag))
		parser_error(st, loc, "unknown fib field '%s': expected saddr, daddr, mark, iif or oif",
			     name);
	xfree(name);
	return flag;
}

struct expr *parser_fib(struct parser_state *st, const struct location *loc,
			uint32_t flags, const struct location *flags_loc,
			char *result, const struct location *result_loc)
{
	uint32_t res = NFT_FIB_RESULT_OIF;
	struct expr *expr;

	if (!fib_result_lookup(result, &res))
		parser_error(st, result_loc,
			     "unknown fib result '%s': expected oif, oifname or type",
			     result);
	xfree(result);
	/* the kernel's refusal marks the expression, errors about the
	 * lookup fields these, as the reference's do */
	expr = fib_expr_alloc(loc, flags, res);
	if (flags_loc->first_line == loc->first_line &&
	    flags_loc->last_line == loc->first_line) {
		expr->fib.flags_first = flags_loc->first_column;
		expr->fib.flags_last = flags_loc->last_column;
	}
	return expr;
}

struct expr *parser_rt(struct parser_state *st, const struct location *loc,
		       const char *family, char *key,
		       const struct location *key_loc)
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

/* "rt seg-left" where only the rt expression goes: reported under the
 * field as 1.1.3's syntax error, true then. */
bool parser_rt_header_field(struct parser_state *st, const struct expr *e)
{
	struct location at;
	char word[32];

	if (e->etype != EXPR_EXTHDR)
		return false;
	if (!location_nth_word(&e->location, 1, "", &at))
		at = e->location;
	if (!parser_loc_text(&at, word, sizeof(word)))
		strcpy(word, "string");
	parser_unexpected(st, &at, word, NULL);
	return true;
}

struct expr *parser_numgen(struct parser_state *st, const struct location *loc,
			   char *type, const struct location *type_loc,
			   uint64_t mod, uint64_t offset)
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

struct expr *parser_hash(const struct location *loc, enum nft_hash_types type,
			 struct expr *src, uint64_t mod, const uint64_t *seed,
			 uint64_t offset)
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

struct expr *parser_socket(struct parser_state *st, const struct location *loc,
			   char *key, const struct location *key_loc)
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
void parser_socket_level(struct parser_state *st, struct expr *expr,
			 uint64_t level, const struct location *loc)
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

struct expr *parser_osf(struct parser_state *st, const struct location *loc,
			char *ttl, const struct location *ttl_loc, char *key,
			const struct location *key_loc)
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

uint32_t parser_spnum(struct parser_state *st, uint64_t n,
		      const struct location *loc)
{
	if (n > 255) {
		parser_error(st, loc, "spnum %llu is out of range (0-255)",
			     (unsigned long long)n);
		return 0;
	}
	return n;
}

struct expr *parser_xfrm(struct parser_state *st, const struct location *loc,
			 char *dir, const struct location *dir_loc,
			 uint32_t spnum, const char *family, char *key,
			 const struct location *key_loc)
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

/*
 * The words 1.1.3's scanner knows as fields right after "tcp option
 * NAME", "ip option NAME" and "sctp chunk NAME" (other than those that
 * are keywords everywhere: count, type, flags). Any other word there is
 * a value: "tcp option nop kind" is the option's presence against the
 * value "kind" (scanner_option_word()).
 */
bool parser_option_field_word(enum nft_exthdr_op op, const char *word)
{
	static const char *const tcp[] = {
		"length", "size", "left", "right", "tsval", "tsecr",
		"subtype", NULL,
	};
	/* "size" is a keyword everywhere to 1.1.3 (a set's size) */
	static const char *const ip[] = {
		"length", "ptr", "addr", "value", "size", NULL,
	};
	static const char *const sctp[] = {
		"length", "tsn", "stream", "ssn", "ppid", "init-tag", "a-rwnd",
		"num-outbound-streams", "num-inbound-streams", "initial-tsn",
		"cum-tsn-ack", "num-gap-ack-blocks", "num-dup-tsns",
		"lowest-tsn", "seqno", "new-cum-tsn", "size", NULL,
	};
	const char *const *w;

	switch (op) {
	case NFT_EXTHDR_OP_TCPOPT:
		w = tcp;
		break;
	case NFT_EXTHDR_OP_IPV4:
		w = ip;
		break;
	case NFT_EXTHDR_OP_SCTP:
		w = sctp;
		break;
	default:
		return true;
	}
	for (; *w; w++)
		if (!strcmp(*w, word))
			return true;
	return false;
}

/*
 * A field word this option does not have, said as 1.1.3 says it (true:
 * the command is dropped). To its grammar a TCP option's or SCTP
 * chunk's field word the option lacks is a syntax error, but every TCP
 * option has a length (eol and nop have no template for it: its
 * evaluator says so under "tcp"), and its evaluator finds no such IP
 * option field (under "ip"): the rest of that rule is not evaluated.
 */
static bool parser_option_bad_field(struct parser_state *st,
				    const struct location *loc,
				    enum nft_exthdr_op op, const char *name,
				    const char *field,
				    const struct location *field_loc)
{
	struct location proto = *loc;

	proto.last_line = proto.first_line;
	switch (op) {
	case NFT_EXTHDR_OP_TCPOPT:
		if (strcmp(field, "length"))
			break;
		proto.last_column = proto.first_column + 2;
		parser_error(st, &proto,
			     "Could not find a tcp option template");
		return true;
	case NFT_EXTHDR_OP_SCTP:
		break;
	case NFT_EXTHDR_OP_IPV4:
		if (!strcmp(field, "size"))
			break;
		proto.last_column = proto.first_column + 1;
		parser_error(st, &proto, "unknown ip option type/field");
		return true;
	default:
		parser_error(st, field_loc, "unknown %s field '%s'", name,
			     field);
		return false;
	}
	parser_error(st, field_loc, "syntax error, unexpected %s", field);
	return true;
}

/* Extension headers: each takes over @field. NULL after a syntax
 * error (the command is dropped, as by the grammar). */
struct expr *parser_exthdr(struct parser_state *st, const struct location *loc,
			   enum nft_exthdr_op op, const char *name,
			   const struct location *name_loc, char *field,
			   const struct location *field_loc, uint64_t index)
{
	const struct exthdr_desc *d = exthdr_lookup(op, name);
	const struct exthdr_field *f = NULL;

	/* an option or chunk 1.1.3 does not know is a word its grammar
	 * has no place for */
	if (!d && (op == NFT_EXTHDR_OP_TCPOPT || op == NFT_EXTHDR_OP_IPV4 ||
		   op == NFT_EXTHDR_OP_SCTP)) {
		parser_error(st, name_loc, "syntax error, unexpected string%s",
			     op == NFT_EXTHDR_OP_IPV4 ?
			     ", expecting lsrr or rr or ssrr or ra" : "");
		xfree(field);
		return NULL;
	}
	if (!d) {
		parser_error(st, name_loc, "unknown extension header '%s'",
			     name);
		xfree(field);
		return parser_placeholder(loc, name);
	}
	if (field) {
		f = exthdr_field_lookup(d, field);
		if (!f && parser_option_bad_field(st, loc, op, name, field,
						  field_loc)) {
			xfree(field);
			return NULL;
		}
		if (f && exthdr_field_is_array(f) && !index)
			parser_error(st, field_loc,
				     "%s %s needs an index: %s[N]", name,
				     field, field);
		else if (f && !exthdr_field_is_array(f) && index)
			parser_error(st, field_loc, "%s %s is not an array",
				     name, field);
		else if (f && index > 255)
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
struct expr *parser_chunk(struct parser_state *st, const struct location *loc,
			  const char *proto, const struct location *proto_loc,
			  char *name, const struct location *name_loc,
			  char *field, const struct location *field_loc)
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
struct expr *parser_option(struct parser_state *st, const struct location *loc,
			   const char *proto, const struct location *proto_loc,
			   char *name, const struct location *name_loc,
			   char *field, const struct location *field_loc)
{
	struct expr *expr;
	enum nft_exthdr_op op;

	if (!strcmp(proto, "tcp")) {
		op = NFT_EXTHDR_OP_TCPOPT;
	} else if (!strcmp(proto, "ip")) {
		op = NFT_EXTHDR_OP_IPV4;
	} else if (!strcmp(proto, "dccp")) {
		/* DCCP options have numbers, not names */
		parser_error(st, name_loc,
			     "syntax error, unexpected string, expecting number");
		xfree(name);
		xfree(field);
		return NULL;
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
			       const struct location *proto_loc)
{
	if (!strcmp(proto, "tcp"))
		return true;
	parser_error(st, proto_loc, "only tcp options can be given by number");
	return false;
}

/* "tcp option 34": whether option kind 34 is there; "tcp option 34
 * length" its length; "dccp option 4" (presence only). */
struct expr *parser_option_number(struct parser_state *st,
				  const struct location *loc, const char *proto,
				  const struct location *proto_loc, char *num,
				  const struct location *num_loc, char *field,
				  const struct location *field_loc)
{
	uint64_t kind = parser_number(st, num, num_loc);
	bool dccp = !strcmp(proto, "dccp");
	bool length = field && !dccp && !strcmp(field, "length");

	xfree(num);
	if (!dccp && !parser_tcp_options(st, proto, proto_loc)) {
		xfree(field);
		return parser_placeholder(loc, proto);
	}
	/* a number's one field is its length ("tcp option 5 length") */
	if (field && !length) {
		parser_error(st, field_loc, "syntax error, unexpected %s",
			     field);
		xfree(field);
		return NULL;
	}
	xfree(field);
	if (kind > 255) {
		/* 1.1.3 marks the protocol's word for DCCP */
		if (dccp)
			parser_error(st, proto_loc, "value too large");
		else
			parser_error(st, num_loc,
				     "TCP option kind must be 0-255");
		kind = 0;
	}
	if (dccp)
		return exthdr_expr_alloc_raw(loc, NFT_EXTHDR_OP_DCCP, kind, 0,
					     8, true);
	if (length)
		return exthdr_expr_alloc_raw(loc, NFT_EXTHDR_OP_TCPOPT, kind,
					     8, 8, false);
	return exthdr_expr_alloc_raw(loc, NFT_EXTHDR_OP_TCPOPT, kind, 0, 8,
				     true);
}

/* "tcp option @KIND,OFFSET,LEN" (offset and length in bits) */
struct expr *parser_option_raw(struct parser_state *st,
			       const struct location *loc, const char *proto,
			       const struct location *proto_loc, uint64_t kind,
			       uint64_t off, uint64_t len,
			       const struct location *len_loc)
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
