/*
 * Datatypes: one struct per type, one symbol table row per named constant.
 *
 * A value is an EXPR_VALUE whose mpz holds the number in numeric order;
 * the datatype's byte order says how it is laid out in netlink data
 * (network fields big endian, meta keys such as mark/iif host endian).
 * Parsing walks the type, its symbol table and then its base types;
 * printing and JSON do the same. The types of addresses, protocols,
 * services and interfaces are in datatype_net.c, those of the meta, ct
 * and rt keys in datatype_meta.c.
 */
#include <nft.h>
#include <datatype.h>
#include <expr.h>
#include <erec.h>
#include <nftables.h>
#include <json.h>
#include <datatype_int.h>
#include <ctype.h>
#include <errno.h>
#include <inttypes.h>
#include <net/if.h>
#include <stdlib.h>
#include <string.h>

#include <ctype.h>
#include <inttypes.h>
#include <net/if.h>
#include <string.h>

/* ------------------------------------------------------------------ */
/* Value helpers                                                       */
/* ------------------------------------------------------------------ */

/* Host byte order is little endian on every platform nft runs on that we
 * target; mpz_import/export take the word order from this. */
static int host_endian_order(void)
{
	const uint16_t probe = 1;

	return *(const uint8_t *)&probe ? -1 : 1;
}

/* A value of one limb, the common case (addresses, ports, marks): the
 * bytes by hand, without gmp's temporaries and two allocations, which
 * cost a big set's load and listing a tenth of its time. */
static void mpz_export_small(uint8_t *data, unsigned long v, int order,
			     unsigned int len)
{
	unsigned int i;

	for (i = 0; i < len; i++, v >>= BITS_PER_BYTE)
		data[order == 1 ? len - 1 - i : i] = v & 0xff;
}

void mpz_export_data(void *data, const mpz_t op, enum byteorder byteorder,
		     unsigned int len)
{
	int order = byteorder == BYTEORDER_BIG_ENDIAN ? 1 : host_endian_order();
	size_t count = 0;
	uint8_t *tmp;
	mpz_t v;

	if (len <= sizeof(unsigned long) && mpz_sgn(op) >= 0 &&
	    mpz_size(op) <= 1) {
		mpz_export_small(data, mpz_get_ui(op), order, len);
		return;
	}
	memset(data, 0, len);
	if (!len)
		return;
	/* Truncate to @len bytes so an oversized value cannot overflow. */
	mpz_init(v);
	mpz_fdiv_r_2exp(v, op, len * BITS_PER_BYTE);
	tmp = xzalloc(len);
	mpz_export(tmp, &count, order, 1, 0, 0, v);
	if (order == 1)
		memcpy((uint8_t *)data + (len - count), tmp, count);
	else
		memcpy(data, tmp, count);
	xfree(tmp);
	mpz_clear(v);
}

void mpz_import_data(mpz_t rop, const void *data, enum byteorder byteorder,
		     unsigned int len)
{
	int order = byteorder == BYTEORDER_BIG_ENDIAN ? 1 : host_endian_order();

	mpz_import(rop, len, order, 1, 0, 0, data);
}

void datatype_value_retype(struct expr *value, const struct datatype *dtype,
			   enum byteorder byteorder)
{
	unsigned int len = div_round_up(value->len, BITS_PER_BYTE);
	uint8_t *buf;

	if (value->etype == EXPR_VALUE && len &&
	    value->byteorder != BYTEORDER_INVALID &&
	    byteorder != BYTEORDER_INVALID && value->byteorder != byteorder) {
		buf = xmalloc(len);
		mpz_export_data(buf, value->value.value, value->byteorder, len);
		mpz_import_data(value->value.value, buf, byteorder, len);
		xfree(buf);
	}
	value->dtype = dtype;
	value->byteorder = byteorder;
}

/* ------------------------------------------------------------------ */
/* Symbol tables                                                       */
/* ------------------------------------------------------------------ */

const struct symbolic_constant *symbol_lookup(const struct symbol_table *tbl,
					      const char *name)
{
	const struct symbolic_constant *s;

	if (!tbl || !name)
		return NULL;
	for (s = tbl->symbols; s->identifier; s++)
		if (!strcmp(s->identifier, name))
			return s;
	return NULL;
}

const char *symbol_name(const struct symbol_table *tbl, uint64_t value)
{
	const struct symbolic_constant *s;

	if (!tbl)
		return NULL;
	for (s = tbl->symbols; s->identifier; s++)
		if (s->value == value)
			return s->identifier;
	return NULL;
}

static const struct symbol_table nfproto_tbl = {
	.byteorder = BYTEORDER_HOST_ENDIAN, .size = 8, .base_decimal = true,
	.symbols = {
		{ "ipv4", 2 },
		{ "ipv6", 10 },
		{ NULL, 0 },
	},
};

/* The first row for a value is the name printed ("vlan" parses too). */
static const struct symbol_table ethertype_tbl = {
	.byteorder = BYTEORDER_BIG_ENDIAN, .size = 16,
	.symbols = {
		{ "ip",		0x0800 },
		{ "arp",	0x0806 },
		{ "ip6",	0x86dd },
		{ "8021q",	0x8100 },
		{ "8021ad",	0x88a8 },
		{ "vlan",	0x8100 },
		{ NULL, 0 },
	},
};

static const struct symbol_table arphrd_tbl = {
	.byteorder = BYTEORDER_HOST_ENDIAN, .size = 16, .base_decimal = true,
	.describe_hex = true,
	.symbols = {
		{ "ether",	1 },
		{ "ppp",	512 },
		{ "ipip",	768 },
		{ "ipip6",	769 },
		{ "loopback",	772 },
		{ "sit",	776 },
		{ "ipgre",	778 },
		{ NULL, 0 },
	},
};

static const struct symbol_table pkttype_tbl = {
	.byteorder = BYTEORDER_HOST_ENDIAN, .size = 8, .base_decimal = true,
	.symbols = {
		{ "host",	0 },
		{ "unicast",	0 },
		{ "broadcast",	1 },
		{ "multicast",	2 },
		{ "other",	3 },
		{ NULL, 0 },
	},
};

static const struct symbol_table boolean_tbl = {
	.byteorder = BYTEORDER_HOST_ENDIAN, .size = 1, .base_decimal = true,
	.symbols = {
		{ "exists",	1 },
		{ "missing",	0 },
		{ NULL, 0 },
	},
};

static const struct symbol_table arpop_tbl = {
	.byteorder = BYTEORDER_BIG_ENDIAN, .size = 16, .base_decimal = true,
	.describe_hex = true,
	.symbols = {
		{ "request",	1 },
		{ "reply",	2 },
		{ "rrequest",	3 },
		{ "rreply",	4 },
		{ "inrequest",	8 },
		{ "inreply",	9 },
		{ "nak",	10 },
		{ NULL, 0 },
	},
};

static const struct symbol_table icmp_type_tbl = {
	.byteorder = BYTEORDER_BIG_ENDIAN, .size = 8, .base_decimal = true,
	.symbols = {
		{ "echo-reply",			0 },
		{ "destination-unreachable",	3 },
		{ "source-quench",		4 },
		{ "redirect",			5 },
		{ "echo-request",		8 },
		{ "router-advertisement",	9 },
		{ "router-solicitation",	10 },
		{ "time-exceeded",		11 },
		{ "parameter-problem",		12 },
		{ "timestamp-request",		13 },
		{ "timestamp-reply",		14 },
		{ "info-request",		15 },
		{ "info-reply",			16 },
		{ "address-mask-request",	17 },
		{ "address-mask-reply",		18 },
		{ NULL, 0 },
	},
};

/* Codes parse by name but print as numbers (upstream 1.1). The rows go
 * in the order "describe icmp code" lists them. */
static const struct symbol_table icmp_code_tbl = {
	.byteorder = BYTEORDER_BIG_ENDIAN, .size = 8, .base_decimal = true,
	.input_only = true,
	.symbols = {
		{ "net-unreachable",	0 },
		{ "host-unreachable",	1 },
		{ "prot-unreachable",	2 },
		{ "port-unreachable",	3 },
		{ "net-prohibited",	9 },
		{ "host-prohibited",	10 },
		{ "admin-prohibited",	13 },
		{ "frag-needed",	4 },
		{ NULL, 0 },
	},
};

static const struct symbol_table icmp6_type_tbl = {
	.byteorder = BYTEORDER_BIG_ENDIAN, .size = 8, .base_decimal = true,
	.symbols = {
		{ "destination-unreachable",	1 },
		{ "packet-too-big",		2 },
		{ "time-exceeded",		3 },
		{ "parameter-problem",		4 },
		{ "echo-request",		128 },
		{ "echo-reply",			129 },
		{ "mld-listener-query",		130 },
		{ "mld-listener-report",	131 },
		{ "mld-listener-done",		132 },
		{ "mld-listener-reduction",	132 },
		{ "nd-router-solicit",		133 },
		{ "nd-router-advert",		134 },
		{ "nd-neighbor-solicit",	135 },
		{ "nd-neighbor-advert",		136 },
		{ "nd-redirect",		137 },
		{ "router-renumbering",		138 },
		{ "ind-neighbor-solicit",	141 },
		{ "ind-neighbor-advert",	142 },
		{ "mld2-listener-report",	143 },
		{ NULL, 0 },
	},
};

static const struct symbol_table icmpv6_code_tbl = {
	.byteorder = BYTEORDER_BIG_ENDIAN, .size = 8, .base_decimal = true,
	.input_only = true,
	.symbols = {
		{ "no-route",		0 },
		{ "admin-prohibited",	1 },
		{ "addr-unreachable",	3 },
		{ "port-unreachable",	4 },
		{ "policy-fail",	5 },
		{ "reject-route",	6 },
		{ NULL, 0 },
	},
};

static const struct symbol_table icmpx_code_tbl = {
	.byteorder = BYTEORDER_BIG_ENDIAN, .size = 8, .base_decimal = true,
	.symbols = {
		{ "no-route",		0 },
		{ "port-unreachable",	1 },
		{ "host-unreachable",	2 },
		{ "admin-prohibited",	3 },
		{ NULL, 0 },
	},
};

static const struct symbol_table igmp_type_tbl = {
	.byteorder = BYTEORDER_BIG_ENDIAN, .size = 8, .base_decimal = true,
	.symbols = {
		{ "membership-query",		0x11 },
		{ "membership-report-v1",	0x12 },
		{ "membership-report-v2",	0x16 },
		{ "membership-report-v3",	0x22 },
		{ "leave-group",		0x17 },
		{ NULL, 0 },
	},
};

/* First row of a value is the one printed (cs0, not df or be). */
static const struct symbol_table dscp_tbl = {
	.byteorder = BYTEORDER_BIG_ENDIAN, .size = 6,
	.symbols = {
		{ "cs0", 0x00 }, { "cs1", 0x08 }, { "cs2", 0x10 },
		{ "cs3", 0x18 }, { "cs4", 0x20 }, { "cs5", 0x28 },
		{ "cs6", 0x30 }, { "cs7", 0x38 }, { "df", 0x00 },
		{ "be", 0x00 }, { "lephb", 0x01 },
		{ "af11", 0x0a }, { "af12", 0x0c }, { "af13", 0x0e },
		{ "af21", 0x12 }, { "af22", 0x14 }, { "af23", 0x16 },
		{ "af31", 0x1a }, { "af32", 0x1c }, { "af33", 0x1e },
		{ "af41", 0x22 }, { "af42", 0x24 }, { "af43", 0x26 },
		{ "va", 0x2c }, { "ef", 0x2e },
		{ NULL, 0 },
	},
};

static const struct symbol_table ecn_tbl = {
	.byteorder = BYTEORDER_BIG_ENDIAN, .size = 2,
	.symbols = {
		{ "not-ect",	0 },
		{ "ect1",	1 },
		{ "ect0",	2 },
		{ "ce",		3 },
		{ NULL, 0 },
	},
};

/* One row per bit: values print as lists of these. */
static const struct symbol_table tcp_flag_tbl = {
	.byteorder = BYTEORDER_BIG_ENDIAN, .size = 8,
	.symbols = {
		{ "fin",	0x01 },
		{ "syn",	0x02 },
		{ "rst",	0x04 },
		{ "psh",	0x08 },
		{ "ack",	0x10 },
		{ "urg",	0x20 },
		{ "ecn",	0x40 },
		{ "cwr",	0x80 },
		{ NULL, 0 },
	},
};

static const struct symbol_table dccp_pkttype_tbl = {
	.byteorder = BYTEORDER_BIG_ENDIAN, .size = 4, .base_decimal = true,
	.describe_hex = true,
	.symbols = {
		{ "request",	0 },
		{ "response",	1 },
		{ "data",	2 },
		{ "ack",	3 },
		{ "dataack",	4 },
		{ "closereq",	5 },
		{ "close",	6 },
		{ "reset",	7 },
		{ "sync",	8 },
		{ "syncack",	9 },
		{ NULL, 0 },
	},
};

/* ------------------------------------------------------------------ */
/* Printing helpers                                                    */
/* ------------------------------------------------------------------ */

bool value_get_u64(const struct expr *expr, uint64_t *val)
{
	if (expr->etype != EXPR_VALUE ||
	    mpz_sizeinbase(expr->value.value, 2) > 64)
		return false;
	*val = mpz_get_ui(expr->value.value);
	if (sizeof(unsigned long) < sizeof(uint64_t)) {
		mpz_t hi;

		mpz_init(hi);
		mpz_fdiv_q_2exp(hi, expr->value.value, 32);
		*val = (*val & 0xffffffffULL) |
		       ((uint64_t)mpz_get_ui(hi) << 32);
		mpz_clear(hi);
	}
	return true;
}

void print_decimal(const struct expr *expr, struct output_ctx *octx)
{
	char *s = mpz_get_str(NULL, 10, expr->value.value);

	nft_print(octx, "%s", s);
	free(s);
}

/* Hex zero-padded to the width of the type: mark 0x00000010. */
static void print_hex(const struct expr *expr, unsigned int bits,
		      struct output_ctx *octx)
{
	char *s = mpz_get_str(NULL, 16, expr->value.value);
	unsigned int width = div_round_up(bits, 4);
	size_t n = strlen(s);

	nft_print(octx, "0x");
	for (; n < width; n++)
		nft_print(octx, "0");
	nft_print(octx, "%s", s);
	free(s);
}

/* The digits of a hex value are its type's ("ip ecn" 0x2, also as a
 * member of a concatenation, which pads it to a byte), else its own. */
static unsigned int value_bits(const struct expr *expr,
			       const struct datatype *dtype)
{
	if (expr->len && (!dtype->size || dtype->size >= expr->len))
		return expr->len;
	return dtype->size;
}

/* Does the output ask for @tbl's values as numbers? */
static bool symbols_numeric(const struct symbol_table *tbl,
			    const struct output_ctx *octx)
{
	unsigned int flag = tbl && tbl->numeric_flag ? tbl->numeric_flag :
			    NFT_CTX_OUTPUT_NUMERIC_SYMBOL;

	return octx->flags & flag;
}

/* Print a value of a type with a symbol table: the name, or the number. */
static bool symbolic_print(const struct datatype *dtype,
			   const struct expr *expr, struct output_ctx *octx)
{
	const struct symbol_table *tbl = dtype->sym_tbl;
	const char *name = NULL;
	uint64_t val;

	if (!value_get_u64(expr, &val))
		return false;
	if (!symbols_numeric(tbl, octx))
		name = symbol_name(tbl, val);
	if (name)
		nft_print(octx, "%s", name);
	else if (tbl->base_decimal)
		print_decimal(expr, octx);
	else
		print_hex(expr, value_bits(expr, dtype), octx);
	return true;
}

/* ------------------------------------------------------------------ */
/* Allocation of parsed values                                         */
/* ------------------------------------------------------------------ */

struct error_record *parse_error(const struct expr *sym,
					const char *fmt, const char *arg)
{
	return erec_create(EREC_ERROR, &sym->location, fmt, arg);
}

/* ------------------------------------------------------------------ */
/* Parse errors                                                        */
/* ------------------------------------------------------------------ */

static const struct symbol_table *datatype_symbols(const struct datatype *d);

#define NAME_DISTANCE_MAX	64

/* The edit distance of @a and @b, a swap of neighbours counting one
 * (optimal string alignment), case counting: "cak" is one from "ack",
 * "MONDAY" far from "Monday". */
static unsigned int name_distance(const char *a, const char *b)
{
	unsigned int d[NAME_DISTANCE_MAX + 1][NAME_DISTANCE_MAX + 1];
	size_t la = strlen(a), lb = strlen(b), i, j;
	unsigned int cost, v;

	if (la > NAME_DISTANCE_MAX || lb > NAME_DISTANCE_MAX)
		return UINT_MAX;
	for (i = 0; i <= la; i++)
		d[i][0] = i;
	for (j = 0; j <= lb; j++)
		d[0][j] = j;
	for (i = 1; i <= la; i++) {
		for (j = 1; j <= lb; j++) {
			cost = a[i - 1] != b[j - 1];
			v = d[i - 1][j] + 1;
			if (d[i][j - 1] + 1 < v)
				v = d[i][j - 1] + 1;
			if (d[i - 1][j - 1] + cost < v)
				v = d[i - 1][j - 1] + cost;
			if (i > 1 && j > 1 && a[i - 1] == b[j - 2] &&
			    a[i - 2] == b[j - 1] && d[i - 2][j - 2] + 1 < v)
				v = d[i - 2][j - 2] + 1;
			d[i][j] = v;
		}
	}
	return d[la][lb];
}

/* The name of @dtype's table nearest @s, at most half the longer of the
 * two and at most 4 away, the first of equals; NULL if none. (This
 * reproduces most of the reference's suggestions, not all: it offers
 * "fin" for "sxn" and nothing for "foo".) */
static const char *symbol_suggest(const struct datatype *dtype, const char *s)
{
	const struct symbol_table *tbl = datatype_symbols(dtype);
	const struct symbolic_constant *c;
	unsigned int best_d = UINT_MAX, d;
	const char *best = NULL;
	size_t max;

	if (!tbl)
		return NULL;
	for (c = tbl->symbols; c->identifier; c++) {
		max = strlen(s) > strlen(c->identifier) ? strlen(s) :
			strlen(c->identifier);
		d = name_distance(s, c->identifier);
		if (d <= max / 2 && d <= 4 && d < best_d) {
			best = c->identifier;
			best_d = d;
		}
	}
	return best;
}

/* "Could not parse TCP flag", with the reference's suggestion of a
 * name near what was written (its words, "you" twice included). */
struct error_record *parse_error_suggest(const struct expr *sym,
					 const struct datatype *dtype)
{
	const char *hint = symbol_suggest(dtype, sym->symbol.identifier);

	if (hint)
		return erec_create(EREC_ERROR, &sym->location,
				   "Could not parse %s expression; did you you mean `%s`?",
				   dtype->desc, hint);
	return erec_create(EREC_ERROR, &sym->location, "Could not parse %s",
			   dtype->desc);
}

/* ------------------------------------------------------------------ */
/* Per-type parse/print/json                                           */
/* ------------------------------------------------------------------ */

static struct error_record *integer_parse(const struct parse_target *t,
					  const struct expr *sym,
					  struct expr **res)
{
	const char *s = sym->symbol.identifier;
	unsigned int len = t->len;
	struct expr *e;
	char *max, *val;
	mpz_t v, lim;
	int base = 10;

	if (!strncmp(s, "0x", 2) || !strncmp(s, "0X", 2)) {
		base = 16;
		s += 2;
	} else if (s[0] == '0' && s[1]) {
		base = 8;
		s += 1;
	}
	mpz_init(v);
	if (!*s || !isalnum((unsigned char)*s) || mpz_set_str(v, s, base)) {
		mpz_clear(v);
		return parse_error_suggest(sym, t->dtype);
	}
	if (!len)
		len = div_round_up(mpz_sizeinbase(v, 2), BITS_PER_BYTE) *
		      BITS_PER_BYTE;
	mpz_init(lim);
	mpz_setbit(lim, len);
	if (mpz_cmp(v, lim) >= 0) {
		struct error_record *erec;

		mpz_sub_ui(lim, lim, 1);
		val = mpz_get_str(NULL, 10, v);
		max = mpz_get_str(NULL, 10, lim);
		erec = erec_create(EREC_ERROR, &sym->location,
				   "Value %s exceeds valid range 0-%s",
				   val, max);
		free(val);
		free(max);
		mpz_clear(v);
		mpz_clear(lim);
		return erec;
	}
	e = constant_expr_alloc_mpz(&sym->location, t->dtype, t->byteorder,
				    len, v);
	mpz_clear(v);
	mpz_clear(lim);
	*res = e;
	return NULL;
}

/*
 * A string; a trailing '*' makes it a prefix (interface names: "eth*"),
 * and "\\*" is a literal star.
 */
static struct error_record *string_parse(const struct parse_target *t,
					 const struct expr *sym,
					 struct expr **res)
{
	const char *s = sym->symbol.identifier;
	unsigned int len = t->len;
	size_t slen = strlen(s);
	bool wildcard = false;
	char *text = NULL;

	/* "ct helper ''" matches nothing the kernel holds */
	if (slen == 0)
		return parse_error(sym, "%s", "Empty string is not allowed");
	if (slen && s[slen - 1] == '*' &&
	    (slen < 2 || s[slen - 2] != '\\')) {
		if (slen == 1)
			return parse_error(sym, "%s",
					   "All-wildcard strings are not supported");
		wildcard = true;
		slen--;
	} else if (slen >= 2 && s[slen - 1] == '*') {
		text = xstrdup(s);
		text[slen - 2] = '*';
		text[--slen] = '\0';
	}
	/* the text as written, star included, needs room for a NUL, as
	 * the system nft counts it ("abcdefghijklmno*" is refused) */
	if (len && slen + 1 + wildcard > len / BITS_PER_BYTE) {
		char buf[16];

		xfree(text);
		snprintf(buf, sizeof(buf), "%u", len / BITS_PER_BYTE);
		return parse_error(sym, "String exceeds maximum length of %s",
				   buf);
	}
	if (!len || wildcard)
		len = slen * BITS_PER_BYTE;
	*res = constant_expr_alloc_string(&sym->location, t->dtype,
					  text ? text : s, len);
	if (wildcard)
		(*res)->flags |= EXPR_F_WILDCARD;
	xfree(text);
	return NULL;
}

/* A literal star at the end is escaped, so it does not read back as a
 * wildcard. */
static char *string_text(const struct expr *expr)
{
	char *s = constant_expr_get_string(expr);
	size_t n = strlen(s);
	char *t;

	if (expr->flags & EXPR_F_WILDCARD)
		t = xasprintf("%s*", s);
	else if (n && s[n - 1] == '*')
		t = xasprintf("%.*s\\*", (int)(n - 1), s);
	else
		return s;
	xfree(s);
	return t;
}

static void string_print(const struct expr *expr, struct output_ctx *octx)
{
	char *s = string_text(expr);

	nft_print(octx, "\"%s\"", s);
	xfree(s);
}

static json_t *string_json(const struct expr *expr, struct output_ctx *octx)
{
	char *s = string_text(expr);
	json_t *j = json_string(s);

	xfree(s);
	return j;
}


static void mark_print(const struct expr *expr, struct output_ctx *octx)
{
	print_hex(expr, value_bits(expr, &mark_type), octx);
}


/* "0x4000": no padding, unlike marks. */
static void xinteger_print(const struct expr *expr, struct output_ctx *octx)
{
	char *s = mpz_get_str(NULL, 16, expr->value.value);

	nft_print(octx, "0x%s", s);
	free(s);
}

static const struct symbol_table mh_type_tbl = {
	.byteorder = BYTEORDER_BIG_ENDIAN, .size = 8, .base_decimal = true,
	.symbols = {
		{ "binding-refresh-request",		 0 },
		{ "home-test-init",			 1 },
		{ "careof-test-init",			 2 },
		{ "home-test",				 3 },
		{ "careof-test",			 4 },
		{ "binding-update",			 5 },
		{ "binding-acknowledgement",		 6 },
		{ "binding-error",			 7 },
		{ "fast-binding-update",		 8 },
		{ "fast-binding-acknowledgement",	 9 },
		{ "fast-binding-advertisement",		10 },
		{ "experimental-mobility-header",	11 },
		{ "home-agent-switch-message",		12 },
		{ NULL, 0 },
	},
};

/* Route types (RTN_*) as fib reports them. */
static const struct symbol_table fib_addrtype_tbl = {
	.byteorder = BYTEORDER_HOST_ENDIAN, .size = 32, .base_decimal = true,
	.symbols = {
		{ "unspec",	 0 },
		{ "unicast",	 1 },
		{ "local",	 2 },
		{ "broadcast",	 3 },
		{ "anycast",	 4 },
		{ "multicast",	 5 },
		{ "blackhole",	 6 },
		{ "unreachable", 7 },
		{ "prohibit",	 8 },
		{ NULL, 0 },
	},
};

/* ------------------------------------------------------------------ */
/* Conntrack, meta and time types (the meta and ct kinds)              */
/* ------------------------------------------------------------------ */

bool datatype_is_bitmask(const struct datatype *dtype)
{
	for (; dtype; dtype = dtype->basetype)
		if (dtype->type == TYPE_BITMASK)
			return true;
	return false;
}

static const struct symbol_table *datatype_symbols(const struct datatype *d)
{
	for (; d; d = d->basetype)
		if (d->sym_tbl)
			return d->sym_tbl;
	return NULL;
}

bool datatype_is_named_flags(const struct datatype *dtype)
{
	return datatype_is_bitmask(dtype) && datatype_symbols(dtype);
}

/* Bits set in a flags value (ct label's 128 bits are not flags of this
 * kind: it has its own printer). */
static unsigned int bitmask_count(const struct expr *expr)
{
	return expr->etype == EXPR_VALUE ? mpz_popcount(expr->value.value) : 0;
}

static void bitmask_print_sep(const struct expr *expr,
			      struct output_ctx *octx, const char *sep_str)
{
	const struct symbol_table *tbl = datatype_symbols(expr->dtype);
	const char *sep = "", *name;
	unsigned int bit;
	uint64_t val;

	if (!value_get_u64(expr, &val) || !val) {
		print_hex(expr, 0, octx);
		return;
	}
	for (bit = 0; bit < 64; bit++) {
		if (!(val & (1ULL << bit)))
			continue;
		name = nft_output_numeric_symbol(octx) ? NULL :
		       symbol_name(tbl, 1ULL << bit);
		if (name)
			nft_print(octx, "%s%s", sep, name);
		else
			nft_print(octx, "%s0x%" PRIx64, sep, (uint64_t)1 << bit);
		sep = sep_str;
	}
}

/*
 * A flags value lists its bits by name in bit order, "established,related";
 * bits without a name, and every bit under -n, print as hex ("0x2,0x4").
 */
void bitmask_print(const struct expr *expr, struct output_ctx *octx)
{
	bitmask_print_sep(expr, octx, ",");
}

/*
 * Under a mask, or compared with a masked value, upstream writes several
 * flags as an or-expression: "ct state & (established | related) ==
 * established | related". Returns false if @expr is not such a value.
 */
bool datatype_print_flags_or(const struct expr *expr, struct output_ctx *octx,
			     bool parens)
{
	if (!datatype_is_bitmask(expr->dtype) || expr->dtype == &ct_label_type ||
	    bitmask_count(expr) < 2)
		return false;
	if (parens)
		nft_print(octx, "(");
	bitmask_print_sep(expr, octx, " | ");
	if (parens)
		nft_print(octx, ")");
	return true;
}

/* One flag is a string, several an array: "new", ["new", "related"]. */
json_t *bitmask_json(const struct expr *expr, struct output_ctx *octx)
{
	const struct symbol_table *tbl = datatype_symbols(expr->dtype);
	json_t *array = json_array(), *one;
	const char *name;
	unsigned int bit;
	uint64_t val;

	if (!value_get_u64(expr, &val) || !val) {
		json_decref(array);
		return number_json(expr, octx);
	}
	for (bit = 0; bit < 64; bit++) {
		if (!(val & (1ULL << bit)))
			continue;
		name = nft_output_numeric_symbol(octx) ? NULL :
		       symbol_name(tbl, 1ULL << bit);
		json_array_append_new(array, name ? json_string(name) :
				      json_integer(1ULL << bit));
	}
	if (json_array_size(array) != 1)
		return array;
	one = json_incref(json_array_get(array, 0));
	json_decref(array);
	return one;
}

/* {"|": ["established", "related"]}, the JSON of the form above. */
json_t *datatype_json_flags_or(const struct expr *expr,
			       struct output_ctx *octx)
{
	json_t *flags;

	if (!datatype_is_bitmask(expr->dtype) || expr->dtype == &ct_label_type ||
	    bitmask_count(expr) < 2)
		return NULL;
	flags = bitmask_json(expr, octx);
	return json_wrap("|", flags);
}

/*
 * A flags value compared otherwise than whole for equality ("ct state !=
 * new,0x80", "tcp flags < syn,ack"), as upstream 1.1.3 writes it: flags
 * kept in host order (ct state, ct status) as their bits or-ed, named
 * after "!=" and as numbers after an ordering ("ct state < 0x8 | 0x80");
 * those of a header (tcp flags) one flag by its name, several as one
 * number ("tcp flags != 0x12"). False (nothing printed) where the value
 * prints as usual.
 */
static bool flags_cmp_form(const struct expr *expr, uint64_t *val)
{
	return datatype_is_bitmask(expr->dtype) &&
	       expr->dtype != &ct_label_type && expr->etype == EXPR_VALUE &&
	       value_get_u64(expr, val) && *val;
}

bool datatype_print_flags_cmp(const struct expr *expr, bool ordered,
			      struct output_ctx *octx)
{
	const char *sep = "";
	unsigned int bit;
	uint64_t val;

	if (!flags_cmp_form(expr, &val))
		return false;
	if (expr->byteorder != BYTEORDER_HOST_ENDIAN) {
		if (bitmask_count(expr) < 2)
			return false;
		print_hex(expr, 0, octx);
		return true;
	}
	if (!ordered)
		return datatype_print_flags_or(expr, octx, false);
	for (bit = 0; bit < 64; bit++) {
		if (!(val & (1ULL << bit)))
			continue;
		nft_print(octx, "%s0x%" PRIx64, sep, (uint64_t)1 << bit);
		sep = " | ";
	}
	return true;
}

json_t *datatype_json_flags_cmp(const struct expr *expr, bool ordered,
				struct output_ctx *octx)
{
	json_t *bits;
	unsigned int bit;
	uint64_t val;

	if (!flags_cmp_form(expr, &val))
		return NULL;
	if (expr->byteorder != BYTEORDER_HOST_ENDIAN)
		return bitmask_count(expr) < 2 ? NULL : json_integer(val);
	if (!ordered)
		return datatype_json_flags_or(expr, octx);
	if (bitmask_count(expr) < 2)
		return json_integer(val);
	bits = json_array();
	for (bit = 0; bit < 64; bit++)
		if (val & (1ULL << bit))
			json_array_append_new(bits, json_integer(1ULL << bit));
	return json_wrap("|", bits);
}

/* "exists" and "missing" are words of the language, not strings: quoted,
 * 1.1.3 cannot parse them as a boolean (a quoted number it can). */
static struct error_record *boolean_parse(const struct expr *sym,
					  struct expr **res)
{
	const char *s = sym->symbol.identifier;
	mpz_t v;

	*res = NULL;
	if (sym->symbol.quoted && !isdigit((unsigned char)s[0]))
		return parse_error(sym, "Could not parse %s", "boolean type");
	/* a number of any size is true unless it is 0, as 1.1.3 takes it
	 * ("tcp option 34 2" matches the option's presence, 1) */
	if (!isdigit((unsigned char)s[0]))
		return NULL;
	mpz_init(v);
	if (mpz_set_str(v, s, 0)) {
		mpz_clear(v);
		return NULL;
	}
	mpz_set_ui(v, mpz_sgn(v) != 0);
	*res = constant_expr_alloc_mpz(&sym->location, &boolean_type,
				       BYTEORDER_HOST_ENDIAN, BITS_PER_BYTE, v);
	mpz_clear(v);
	return NULL;
}

static json_t *boolean_json(const struct expr *expr, struct output_ctx *octx)
{
	uint64_t v = 0;

	value_get_u64(expr, &v);
	return json_boolean(v);
}

/* ------------------------------------------------------------------ */
/* The types                                                           */
/* ------------------------------------------------------------------ */

const struct datatype invalid_type = {
	.type = TYPE_INVALID, .name = "invalid", .desc = "invalid",
	.byteorder = BYTEORDER_INVALID,
};

const struct datatype verdict_type = {
	.type = TYPE_VERDICT, .name = "verdict", .desc = "netfilter verdict",
	.byteorder = BYTEORDER_HOST_ENDIAN, .size = 32,
};

const struct datatype integer_type = {
	.type = TYPE_INTEGER, .name = "integer", .desc = "integer",
	.byteorder = BYTEORDER_HOST_ENDIAN,
};

const struct datatype bitmask_type = {
	.type = TYPE_BITMASK, .name = "bitmask", .desc = "bitmask",
	.byteorder = BYTEORDER_HOST_ENDIAN, .basetype = &integer_type,
};

const struct datatype nfproto_type = {
	.type = TYPE_NFPROTO, .name = "nf_proto", .desc = "netfilter protocol",
	.byteorder = BYTEORDER_HOST_ENDIAN, .size = 8,
	.flags = DTYPE_F_NO_ORDER,
	.basetype = &integer_type, .sym_tbl = &nfproto_tbl,
};

const struct datatype string_type = {
	.type = TYPE_STRING, .name = "string", .desc = "string",
	.byteorder = BYTEORDER_HOST_ENDIAN,
	.print = string_print, .json = string_json,
};

const struct datatype ethertype_type = {
	.type = TYPE_ETHERTYPE, .name = "ether_type",
	.desc = "Ethernet protocol",
	.byteorder = BYTEORDER_BIG_ENDIAN, .size = 16,
	.basetype = &integer_type, .sym_tbl = &ethertype_tbl,
};

const struct datatype mark_type = {
	.type = TYPE_MARK, .name = "mark", .desc = "packet mark",
	.byteorder = BYTEORDER_HOST_ENDIAN, .size = 32,
	/* no prefixes in listings: upstream 1.1.3 lists "0x0-0xff" */
	.basetype = &integer_type,
	.print = mark_print, .json = number_json,
};

const struct datatype ifname_type = {
	.type = TYPE_IFNAME, .name = "ifname",
	.desc = "network interface name",
	.byteorder = BYTEORDER_HOST_ENDIAN, .size = IFNAMSIZ * BITS_PER_BYTE,
	.basetype = &string_type,
	.print = string_print, .json = string_json,
};

const struct datatype arphrd_type = {
	.type = TYPE_ARPHRD, .name = "iface_type",
	.desc = "network interface type",
	.byteorder = BYTEORDER_HOST_ENDIAN, .size = 16,
	.basetype = &integer_type, .sym_tbl = &arphrd_tbl,
};

const struct datatype pkttype_type = {
	.type = TYPE_PKTTYPE, .name = "pkt_type", .desc = "packet type",
	.byteorder = BYTEORDER_HOST_ENDIAN, .size = 8,
	.basetype = &integer_type, .sym_tbl = &pkttype_tbl,
};

const struct datatype boolean_type = {
	.type = TYPE_BOOLEAN, .name = "boolean", .desc = "boolean type",
	.byteorder = BYTEORDER_HOST_ENDIAN, .size = 1,
	.flags = DTYPE_F_NO_ORDER,
	.basetype = &integer_type, .sym_tbl = &boolean_tbl,
	.parse = boolean_parse, .json = boolean_json,
};

const struct datatype mh_type_type = {
	.type = TYPE_MH_TYPE, .name = "mh_type", .desc = "Mobility Header Type",
	.byteorder = BYTEORDER_BIG_ENDIAN, .size = 8,
	.basetype = &integer_type, .sym_tbl = &mh_type_tbl,
};

const struct datatype fib_addrtype_type = {
	.type = TYPE_FIB_ADDR, .name = "fib_addrtype",
	.desc = "fib address type",
	.byteorder = BYTEORDER_HOST_ENDIAN, .size = 32,
	.basetype = &integer_type, .sym_tbl = &fib_addrtype_tbl,
};

const struct datatype xinteger_type = {
	.type = TYPE_INTEGER, .name = "integer", .desc = "integer",
	.byteorder = BYTEORDER_BIG_ENDIAN, .basetype = &integer_type,
	.print = xinteger_print, .json = number_json,
};

const struct datatype arpop_type = {
	.type = TYPE_ARPOP, .name = "arp_op", .desc = "ARP operation",
	.byteorder = BYTEORDER_BIG_ENDIAN, .size = 16,
	.basetype = &integer_type, .sym_tbl = &arpop_tbl,
};

const struct datatype icmp_type_type = {
	.type = TYPE_ICMP_TYPE, .name = "icmp_type", .desc = "ICMP type",
	.byteorder = BYTEORDER_BIG_ENDIAN, .size = 8,
	.basetype = &integer_type, .sym_tbl = &icmp_type_tbl,
};

const struct datatype icmp_code_type = {
	.type = TYPE_ICMP_CODE, .name = "icmp_code", .desc = "icmp code",
	.byteorder = BYTEORDER_BIG_ENDIAN, .size = 8,
	.basetype = &integer_type, .sym_tbl = &icmp_code_tbl,
	.print = print_decimal, .json = number_json,
};

const struct datatype icmp6_type_type = {
	.type = TYPE_ICMP6_TYPE, .name = "icmpv6_type",
	.desc = "ICMPv6 type",
	.byteorder = BYTEORDER_BIG_ENDIAN, .size = 8,
	.basetype = &integer_type, .sym_tbl = &icmp6_type_tbl,
};

const struct datatype icmpv6_code_type = {
	.type = TYPE_ICMPV6_CODE, .name = "icmpv6_code",
	.desc = "icmpv6 code",
	.byteorder = BYTEORDER_BIG_ENDIAN, .size = 8,
	.basetype = &integer_type, .sym_tbl = &icmpv6_code_tbl,
	.print = print_decimal, .json = number_json,
};

const struct datatype icmpx_code_type = {
	.type = TYPE_ICMPX_CODE, .name = "icmpx_code",
	.desc = "icmpx code",
	.byteorder = BYTEORDER_BIG_ENDIAN, .size = 8,
	.basetype = &integer_type, .sym_tbl = &icmpx_code_tbl,
	.print = print_decimal, .json = number_json,
};

const struct datatype igmp_type_type = {
	.type = TYPE_IGMP_TYPE, .name = "igmp_type", .desc = "IGMP type",
	.byteorder = BYTEORDER_BIG_ENDIAN, .size = 8,
	.basetype = &integer_type, .sym_tbl = &igmp_type_tbl,
};

const struct datatype dscp_type = {
	.type = TYPE_DSCP, .name = "dscp",
	.desc = "Differentiated Services Code Point",
	.byteorder = BYTEORDER_BIG_ENDIAN, .size = 6,
	.basetype = &integer_type, .sym_tbl = &dscp_tbl,
};

const struct datatype ecn_type = {
	.type = TYPE_ECN, .name = "ecn",
	.desc = "Explicit Congestion Notification",
	.byteorder = BYTEORDER_BIG_ENDIAN, .size = 2,
	.basetype = &integer_type, .sym_tbl = &ecn_tbl,
};

const struct datatype tcp_flag_type = {
	.type = TYPE_TCP_FLAG, .name = "tcp_flag", .desc = "TCP flag",
	.byteorder = BYTEORDER_BIG_ENDIAN, .size = 8,
	.basetype = &bitmask_type, .sym_tbl = &tcp_flag_tbl,
	.print = bitmask_print, .json = bitmask_json,
};

const struct datatype dccp_pkttype_type = {
	.type = TYPE_DCCP_PKTTYPE, .name = "dccp_pkttype",
	.desc = "DCCP packet type",
	.byteorder = BYTEORDER_BIG_ENDIAN, .size = 4,
	.flags = DTYPE_F_NO_ORDER,
	.basetype = &integer_type, .sym_tbl = &dccp_pkttype_tbl,
};

/* The subtypes of the MPTCP option (RFC 8684), as the reference names
 * them: an integer with names, not a type of its own (it has no number
 * a set could declare). */
static const struct symbol_table mptcp_subtype_tbl = {
	.byteorder = BYTEORDER_BIG_ENDIAN, .size = 4, .base_decimal = true,
	.symbols = {
		{ "mp-capable",		0 },
		{ "mp-join",		1 },
		{ "dss",		2 },
		{ "add-addr",		3 },
		{ "remove-addr",	4 },
		{ "mp-prio",		5 },
		{ "mp-fail",		6 },
		{ "mp-fastclose",	7 },
		{ "mp-tcprst",		8 },
		{ NULL, 0 },
	},
};

const struct datatype mptcp_subtype_type = {
	.type = TYPE_INTEGER, .name = "integer",
	.desc = "mptcp option subtype",
	.byteorder = BYTEORDER_BIG_ENDIAN, .size = 4,
	.basetype = &integer_type, .sym_tbl = &mptcp_subtype_tbl,
};

static const struct datatype *const datatypes[] = {
	&invalid_type, &verdict_type, &nfproto_type, &bitmask_type,
	&integer_type, &string_type, &lladdr_type, &ipaddr_type,
	&ip6addr_type, &etheraddr_type, &ethertype_type,
	&inet_protocol_type, &inet_service_type, &mark_type,
	&ifindex_type, &ifname_type, &arphrd_type, &pkttype_type,
	&boolean_type,
	&ct_state_type, &ct_dir_type, &ct_status_type, &ct_event_type,
	&ct_label_type, &duration_type, &realm_type, &devgroup_type,
	&classid_type, &uid_type, &gid_type, &date_type, &hour_type,
	&day_type, &fib_addrtype_type, &mh_type_type, &cgroupv2_type,
	&arpop_type, &icmp_type_type, &icmp_code_type,
	&icmp6_type_type, &icmpv6_code_type, &icmpx_code_type,
	&igmp_type_type, &dscp_type, &ecn_type, &tcp_flag_type,
	&dccp_pkttype_type,
};

const struct datatype *datatype_lookup(enum datatypes type)
{
	unsigned int i;

	for (i = 0; i < array_size(datatypes); i++)
		if (datatypes[i]->type == type)
			return datatypes[i];
	return NULL;
}

const struct datatype *datatype_lookup_byname(const char *name)
{
	unsigned int i;

	for (i = 0; i < array_size(datatypes); i++)
		if (!strcmp(datatypes[i]->name, name))
			return datatypes[i];
	return NULL;
}

/* ------------------------------------------------------------------ */
/* Generic dispatch                                                    */
/* ------------------------------------------------------------------ */

static struct error_record *symbolic_parse(const struct parse_target *t,
					   const struct datatype *dtype,
					   const struct expr *sym,
					   struct expr **res)
{
	const struct symbolic_constant *s;

	s = symbol_lookup(dtype->sym_tbl, sym->symbol.identifier);
	if (!s)
		return NULL;
	*res = constant_expr_alloc_u64(&sym->location, t->dtype, t->byteorder,
				       t->len ? t->len : dtype->sym_tbl->size,
				       s->value);
	return NULL;
}

/* Give a value produced by a more basic type the caller's type. */
static void parse_fixup(const struct parse_target *t, struct expr *e)
{
	if (e->dtype == t->dtype)
		return;
	datatype_value_retype(e, t->dtype, e->byteorder);
}

struct error_record *symbol_parse_sized(const struct datatype *dtype,
					const struct expr *sym,
					enum byteorder byteorder,
					unsigned int len, struct expr **res)
{
	struct parse_target t = { dtype, byteorder, len };
	const struct datatype *d;
	struct error_record *erec;

	*res = NULL;
	if (t.byteorder == BYTEORDER_INVALID)
		t.byteorder = dtype->byteorder;
	if (t.byteorder == BYTEORDER_INVALID)
		t.byteorder = BYTEORDER_HOST_ENDIAN;
	if (!t.len)
		t.len = dtype->size;

	for (d = dtype; d; d = d->basetype) {
		if (d->parse) {
			/* NULL without a value: not this type's own syntax
			 * ("meta priority 0x10"), the base type parses it. */
			erec = d->parse(sym, res);
			if (!erec && *res)
				parse_fixup(&t, *res);
			if (erec || *res)
				return erec;
		}
		if (d->sym_tbl) {
			erec = symbolic_parse(&t, d, sym, res);
			if (erec || *res)
				return erec;
		}
		if (d == &integer_type)
			return integer_parse(&t, sym, res);
		if (d == &string_type)
			return string_parse(&t, sym, res);
	}
	return parse_error_suggest(sym, dtype);
}

struct error_record *symbol_parse(const struct datatype *dtype,
				  const struct expr *sym, struct expr **res)
{
	return symbol_parse_sized(dtype, sym, BYTEORDER_INVALID, 0, res);
}

void datatype_print(const struct expr *expr, struct output_ctx *octx)
{
	const struct datatype *d;

	for (d = expr->dtype; d; d = d->basetype) {
		if (d->print) {
			d->print(expr, octx);
			return;
		}
		if (d->sym_tbl && symbolic_print(d, expr, octx))
			return;
		if (d == &integer_type) {
			print_decimal(expr, octx);
			return;
		}
	}
	print_decimal(expr, octx);
}

/* The text form of a value into a growing buffer (caller frees). */
static char *print_alloc(const struct expr *expr, struct output_ctx *octx)
{
	struct output_ctx tmp = *octx;
	char *buf = NULL;
	size_t size = 0;
	FILE *f;

	f = open_memstream(&buf, &size);
	if (!f)
		memory_allocation_error();
	tmp.output_fp = f;
	datatype_print(expr, &tmp);
	fclose(f);
	return buf;
}

/*
 * JSON of a value as its text form ("1.2.3.4", "00:11:..."). Listings
 * print thousands of these: most fit a stack buffer, written unbuffered
 * (an open_memstream per value costs more than the rest of the value's
 * JSON).
 */
json_t *print_json(const struct expr *expr, struct output_ctx *octx)
{
	struct output_ctx tmp = *octx;
	char small[128], *buf;
	json_t *j;
	long len;
	FILE *f;

	f = fmemopen(small, sizeof(small), "w");
	if (!f)
		memory_allocation_error();
	setvbuf(f, NULL, _IONBF, 0);
	tmp.output_fp = f;
	datatype_print(expr, &tmp);
	len = ftell(f);
	fclose(f);
	if (len >= 0 && (size_t)len < sizeof(small) - 1) {
		small[len] = '\0';
		return json_string(small);
	}
	buf = print_alloc(expr, octx);
	j = json_string(buf);
	free(buf);
	return j;
}

/*
 * JSON integers are signed 64 bit: one past INT64_MAX is written as the
 * negative number of the same bits, as upstream 1.1.3 writes it (and
 * JSON input reads it back, src/json_input.c); anything larger goes as
 * hex text, unpadded, as 1.1.3 writes it ("0x10000000000000000").
 */
json_t *number_json(const struct expr *expr, struct output_ctx *octx)
{
	uint64_t val;
	char *s;
	json_t *j;

	if (value_get_u64(expr, &val))
		return json_integer((json_int_t)val);
	if (expr->etype != EXPR_VALUE || mpz_sgn(expr->value.value) < 0)
		return print_json(expr, octx);
	s = mpz_get_str(NULL, 16, expr->value.value);
	j = json_pack("s+", "0x", s);
	free(s);
	return j;
}

json_t *datatype_json(const struct expr *expr, struct output_ctx *octx)
{
	const struct datatype *d;
	const char *name;
	uint64_t val;

	for (d = expr->dtype; d; d = d->basetype) {
		if (d->json)
			return d->json(expr, octx);
		if (d->sym_tbl && value_get_u64(expr, &val)) {
			name = symbols_numeric(d->sym_tbl, octx) ? NULL :
			       symbol_name(d->sym_tbl, val);
			if (name)
				return json_string(name);
			return number_json(expr, octx);
		}
		if (d->print)
			return print_json(expr, octx);
		if (d == &integer_type)
			return number_json(expr, octx);
	}
	return number_json(expr, octx);
}
