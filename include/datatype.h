/*
 * Datatypes: how a value of a type is parsed from text, printed, and
 * carried in JSON. Named constants are symbol tables: one row per name.
 */
#ifndef NFT_DATATYPE_H
#define NFT_DATATYPE_H

#include <nft.h>
#include <gmp.h>
#include <jansson.h>

struct expr;
struct output_ctx;
struct error_record;
struct location;

/*
 * Type identifiers. The numeric values are part of the kernel ABI for set
 * key types (NFTA_SET_KEY_TYPE), so they follow the system nft's numbering;
 * never reorder.
 */
enum datatypes {
	TYPE_INVALID = 0,
	TYPE_VERDICT,		/* 1 */
	TYPE_NFPROTO,		/* 2 */
	TYPE_BITMASK,		/* 3 */
	TYPE_INTEGER,		/* 4 */
	TYPE_STRING,		/* 5 */
	TYPE_LLADDR,		/* 6 */
	TYPE_IPADDR,		/* 7 */
	TYPE_IP6ADDR,		/* 8 */
	TYPE_ETHERADDR,		/* 9 */
	TYPE_ETHERTYPE,		/* 10 */
	TYPE_ARPOP,		/* 11 */
	TYPE_INET_PROTOCOL,	/* 12 */
	TYPE_INET_SERVICE,	/* 13 */
	TYPE_ICMP_TYPE,		/* 14 */
	TYPE_TCP_FLAG,		/* 15 */
	TYPE_DCCP_PKTTYPE,	/* 16 */
	TYPE_MH_TYPE,		/* 17 */
	TYPE_TIME,		/* 18 */
	TYPE_MARK,		/* 19 */
	TYPE_IFINDEX,		/* 20 */
	TYPE_ARPHRD,		/* 21 */
	TYPE_REALM,		/* 22 */
	TYPE_CLASSID,		/* 23 */
	TYPE_UID,		/* 24 */
	TYPE_GID,		/* 25 */
	TYPE_CT_STATE,		/* 26 */
	TYPE_CT_DIR,		/* 27 */
	TYPE_CT_STATUS,		/* 28 */
	TYPE_ICMP6_TYPE,	/* 29 */
	TYPE_CT_LABEL,		/* 30 */
	TYPE_PKTTYPE,		/* 31 */
	TYPE_ICMP_CODE,		/* 32 */
	TYPE_ICMPV6_CODE,	/* 33 */
	TYPE_ICMPX_CODE,	/* 34 */
	TYPE_DEVGROUP,		/* 35 */
	TYPE_DSCP,		/* 36 */
	TYPE_ECN,		/* 37 */
	TYPE_FIB_ADDR,		/* 38 */
	TYPE_BOOLEAN,		/* 39 */
	TYPE_CT_EVENTBIT,	/* 40 */
	TYPE_IFNAME,		/* 41 */
	TYPE_IGMP_TYPE,		/* 42 */
	TYPE_TIME_DATE,		/* 43 */
	TYPE_TIME_HOUR,		/* 44 */
	TYPE_TIME_DAY,		/* 45 */
	TYPE_CGROUPV2,		/* 46 */
	__TYPE_MAX
};

enum byteorder {
	BYTEORDER_INVALID,
	BYTEORDER_HOST_ENDIAN,
	BYTEORDER_BIG_ENDIAN,
};

/* A named constant: one row. Tables end with a { NULL } row. */
struct symbolic_constant {
	const char *identifier;
	uint64_t value;
};

struct symbol_table {
	enum byteorder byteorder;
	unsigned int size;	/* bits */
	bool base_decimal;	/* print unknown values in decimal, not hex */
	bool describe_hex;	/* but "describe" shows the table in hex */
	/* names taken as input only: "describe" and listings show numbers
	 * (icmp codes, as the reference) */
	bool input_only;
	/* The output flag that prints these as numbers: -p for protocols;
	 * 0 means NFT_CTX_OUTPUT_NUMERIC_SYMBOL (the first -n). */
	unsigned int numeric_flag;
	struct symbolic_constant symbols[];
};

enum datatype_flags {
	DTYPE_F_PREFIX	= 1 << 0,	/* values may carry a /len prefix */
	DTYPE_F_WRAP	= 1 << 1,	/* a range may wrap: "23:00"-"02:00" */
	/* upstream's type has no byte order of its own: a named set or
	 * map declared "type X" records byte order 0 for it */
	DTYPE_F_NO_ORDER = 1 << 2,
};

struct datatype {
	enum datatypes type;
	const char *name;	/* "ipv4_addr" */
	const char *desc;	/* "IPv4 address" */
	enum byteorder byteorder;
	unsigned int size;	/* bits; 0 = variable (strings) */
	unsigned int flags;
	const struct datatype *basetype;	/* integer for most */
	const struct symbol_table *sym_tbl;
	/* Print a constant value expression (EXPR_VALUE) of this type. NULL:
	 * use the symbol table, then the base type. */
	void (*print)(const struct expr *expr, struct output_ctx *octx);
	/* JSON of a constant value; NULL: string of the print, or number for
	 * integers without symbols. */
	json_t *(*json)(const struct expr *expr, struct output_ctx *octx);
	/* Parse the text of a symbol expression into a value expression.
	 * Returns NULL and sets *res, or an error record. NULL: symbol
	 * table, then base type. */
	struct error_record *(*parse)(const struct expr *sym,
				      struct expr **res);
	/* The value as the user writes and reads it, where it is kept
	 * otherwise (a time of day: local, kept in UTC), for ordering
	 * range bounds. NULL: the value itself. */
	void (*written)(const struct expr *expr, mpz_t out);
};

extern const struct datatype invalid_type;
extern const struct datatype verdict_type;
extern const struct datatype nfproto_type;
extern const struct datatype bitmask_type;
extern const struct datatype integer_type;
extern const struct datatype string_type;
extern const struct datatype lladdr_type;
extern const struct datatype ipaddr_type;
extern const struct datatype ip6addr_type;
extern const struct datatype etheraddr_type;
extern const struct datatype ethertype_type;
extern const struct datatype inet_protocol_type;
extern const struct datatype inet_service_type;
extern const struct datatype mark_type;
extern const struct datatype ifindex_type;
extern const struct datatype ifname_type;
extern const struct datatype arphrd_type;
extern const struct datatype pkttype_type;
extern const struct datatype boolean_type;
extern const struct datatype icmp_code_type;
extern const struct datatype icmpv6_code_type;
extern const struct datatype icmpx_code_type;
extern const struct datatype realm_type;
extern const struct datatype fib_addrtype_type;
extern const struct datatype mh_type_type;
extern const struct datatype cgroupv2_type;
/* Header field types (src/proto.c). */
extern const struct datatype xinteger_type;	/* integer printed in hex */
extern const struct datatype arpop_type;
extern const struct datatype icmp_type_type;
extern const struct datatype icmp_code_type;
extern const struct datatype icmp6_type_type;
extern const struct datatype icmpv6_code_type;
extern const struct datatype icmpx_code_type;
extern const struct datatype igmp_type_type;
extern const struct datatype dscp_type;
extern const struct datatype ecn_type;
extern const struct datatype tcp_flag_type;
extern const struct datatype dccp_pkttype_type;
extern const struct datatype mptcp_subtype_type;

/* meta and ct */
extern const struct datatype ct_state_type;
extern const struct datatype ct_dir_type;
extern const struct datatype ct_status_type;
extern const struct datatype ct_event_type;
extern const struct datatype ct_label_type;
extern const struct datatype duration_type;	/* milliseconds: 1m40s */
extern const struct datatype realm_type;
extern const struct datatype devgroup_type;
extern const struct datatype classid_type;
extern const struct datatype uid_type;
extern const struct datatype gid_type;
extern const struct datatype date_type;		/* meta time */
extern const struct datatype hour_type;
extern const struct datatype day_type;

/* "Could not parse <type>" for @sym, with a name of @dtype's table near
 * it suggested as the reference does ("did you you mean `Monday`?"). */
struct error_record *parse_error_suggest(const struct expr *sym,
					 const struct datatype *dtype);

/* Is @dtype a flags type (ct state, tcp flags)? Its values list as
 * "a,b" and an implicit match tests for any of the bits. */
bool datatype_is_bitmask(const struct datatype *dtype);
/* A bitmask with names for its flags, which 1.1.3 sorts in a listing by
 * the lowest flag ("comp flags", a bitmask printed as a number, sorts
 * as one). */
bool datatype_is_named_flags(const struct datatype *dtype);

/* Digits past which 1.1.3 takes no part of a duration */
#define DURATION_DIGITS_MAX	8
/*
 * A duration read unit by unit, as 1.1.3 reads a word ("s", "d2h",
 * "1m30s"): a unit without digits is none of it, digits after the last
 * unit are dropped, a unit given twice is refused. NULL with *@ms set,
 * or the error: lower case words, or a unit's name ("Second") given
 * twice.
 */
const char *duration_word_parse(const char *p, uint64_t *ms);
/* Several flags in or-form, "(a | b)" with @parens, "a | b" without;
 * false (nothing printed) if @expr is not a value of several flags. */
bool datatype_print_flags_or(const struct expr *expr, struct output_ctx *octx,
			     bool parens);
/* {"|": [...]} for the same values; NULL otherwise. */
json_t *datatype_json_flags_or(const struct expr *expr,
			       struct output_ctx *octx);
/* A flags value compared otherwise than whole for equality, @ordered
 * by <, >, <= or >= (else !=), as upstream writes it: "new | 0x80",
 * "0x8 | 0x80", "0x12"; false / NULL where it prints as usual. */
bool datatype_print_flags_cmp(const struct expr *expr, bool ordered,
			      struct output_ctx *octx);
json_t *datatype_json_flags_cmp(const struct expr *expr, bool ordered,
				struct output_ctx *octx);

const struct datatype *datatype_lookup(enum datatypes type);
const struct datatype *datatype_lookup_byname(const char *name);

/*
 * Resolve a symbol expression (text) against @dtype: returns NULL with
 * *res set to a new value expression carrying the symbol's location, or an
 * error record ("Could not parse ipv4_addr: ..." with the caret on the
 * symbol).
 */
struct error_record *symbol_parse(const struct datatype *dtype,
				  const struct expr *sym, struct expr **res);

/*
 * Like symbol_parse(), for a left side whose width or byte order is not
 * the type's own (integer and string typed fields: "udp length 10",
 * "meta iifkind foo"): the value gets @len bits (0: the type's size) in
 * @byteorder (BYTEORDER_INVALID: the type's), and integers are range
 * checked against @len ("Value 70000 exceeds valid range 0-65535").
 */
struct error_record *symbol_parse_sized(const struct datatype *dtype,
					const struct expr *sym,
					enum byteorder byteorder,
					unsigned int len, struct expr **res);

/*
 * Give a decoded constant (EXPR_VALUE) the type of the expression it is
 * compared with: its mpz is re-read from its bytes when the byte order
 * changes (delin_data_expr() imports netlink data as big endian; a host
 * endian meta mark must be re-read in host order).
 */
void datatype_value_retype(struct expr *value, const struct datatype *dtype,
			   enum byteorder byteorder);

/* Would parsing @text against @dtype need DNS (a host name)? */
bool symbol_needs_dns(const struct datatype *dtype, const char *text);

/* Print / JSON a value expression through its datatype chain. */
void datatype_print(const struct expr *expr, struct output_ctx *octx);
json_t *datatype_json(const struct expr *expr, struct output_ctx *octx);

/* Symbol tables for constants (also used by the parser for keywords). */
const struct symbolic_constant *symbol_lookup(const struct symbol_table *tbl,
					      const char *name);
const char *symbol_name(const struct symbol_table *tbl, uint64_t value);

/*
 * Value helpers: GMP <-> network/host byte buffers. Values of big-endian
 * types are stored in mpz in numerical (host) order and converted when
 * exported to netlink data.
 */
void mpz_export_data(void *data, const mpz_t op, enum byteorder byteorder,
		     unsigned int len /* bytes */);
void mpz_import_data(mpz_t rop, const void *data, enum byteorder byteorder,
		     unsigned int len /* bytes */);

#endif /* NFT_DATATYPE_H */
