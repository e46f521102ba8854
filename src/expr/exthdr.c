/*
 * Extension headers and options: IPv6 extension headers (hbh, rt, rt0,
 * rt2, srh, frag, dst, mh), TCP options and IPv4 options. The kernel
 * finds the header or option by its type; a field is an offset and a
 * length inside it, as for payload expressions. One table row per
 * field; "exists"/"missing" ask only whether the header is there.
 */
#include <string.h>
#include <expr.h>
#include <set.h>
#include <libnftnl/udata.h>
#include <stmt.h>
#include <evaluate.h>
#include <linearize.h>
#include <json.h>
#include <linux/netfilter.h>
#include <nftables.h>
#include <proto.h>
#include <libnftnl/expr.h>

#define EXTHDR_MAX_FIELDS	12

struct exthdr_field {
	const char *token;
	unsigned int offset;		/* bits from the header's start */
	unsigned int len;		/* bits */
	const struct datatype *dtype;
	unsigned int stride;		/* arrays ("addr[2]"): bits apart */
	/* typeof: the system nft's number of this field, where it is not
	 * its header's ud_first plus the row (IPv4 options) */
	uint8_t ud;
};

struct exthdr_desc {
	const char *name;		/* "frag", "maxseg" */
	enum nft_exthdr_op op;
	uint8_t type;			/* header number, option kind */
	struct exthdr_field fields[EXTHDR_MAX_FIELDS];
	/* typeof (in a set's user data, as the system nft writes it): its
	 * number of an IPv6 header (others go by type), and of fields[0] */
	uint8_t ud_id;
	uint8_t ud_first;
};

#define F(_t, _o, _l, _d)	{ .token = (_t), .offset = (_o), .len = (_l), \
				  .dtype = (_d) }
#define FU(_t, _o, _l, _d, _u) { .token = (_t), .offset = (_o), .len = (_l), \
				  .dtype = (_d), .ud = (_u) }
#define ARRAY(_t, _o, _l, _d)	{ .token = (_t), .offset = (_o), .len = (_l), \
				  .dtype = (_d), .stride = (_l) }
#define IPV6_NEXTHDR_FIELDS						\
	F("nexthdr", 0, 8, &inet_protocol_type),			\
	F("hdrlength", 8, 8, &integer_type)

static const struct exthdr_desc exthdr_ipv6[] = {
	{ "hbh", NFT_EXTHDR_OP_IPV6, 0, { IPV6_NEXTHDR_FIELDS },
	  .ud_id = 1, .ud_first = 1 },
	{ "rt", NFT_EXTHDR_OP_IPV6, 43, {
		IPV6_NEXTHDR_FIELDS,
		F("type", 16, 8, &integer_type),
		F("seg-left", 24, 8, &integer_type),
	}, .ud_id = 2, .ud_first = 1 },
	/* a listing names a routing header field by the first row
	 * that has it, srh before rt0, as the system nft does */
	{ "srh", NFT_EXTHDR_OP_IPV6, 43, {
		F("last-entry", 32, 8, &integer_type),
		F("flags", 40, 8, &integer_type),
		F("tag", 48, 16, &integer_type),
		ARRAY("sid", 64, 128, &ip6addr_type),
	}, .ud_id = 5, .ud_first = 1 },
	{ "rt0", NFT_EXTHDR_OP_IPV6, 43, {
		F("reserved", 32, 32, &integer_type),
		ARRAY("addr", 64, 128, &ip6addr_type),
	}, .ud_id = 3, .ud_first = 1 },
	{ "rt2", NFT_EXTHDR_OP_IPV6, 43, {
		F("reserved", 32, 32, &integer_type),
		F("addr", 64, 128, &ip6addr_type),
	}, .ud_id = 4, .ud_first = 1 },
	{ "frag", NFT_EXTHDR_OP_IPV6, 44, {
		F("nexthdr", 0, 8, &inet_protocol_type),
		F("reserved", 8, 8, &integer_type),
		F("frag-off", 16, 13, &integer_type),
		F("reserved2", 29, 2, &integer_type),
		F("more-fragments", 31, 1, &integer_type),
		F("id", 32, 32, &integer_type),
	}, .ud_id = 6, .ud_first = 1 },
	{ "dst", NFT_EXTHDR_OP_IPV6, 60, { IPV6_NEXTHDR_FIELDS },
	  .ud_id = 7, .ud_first = 1 },
	{ "mh", NFT_EXTHDR_OP_IPV6, 135, {
		IPV6_NEXTHDR_FIELDS,
		F("type", 16, 8, &mh_type_type),
		F("reserved", 24, 8, &integer_type),
		F("checksum", 32, 16, &integer_type),
	}, .ud_id = 8, .ud_first = 1 },
};

#define TCPOPT_KIND_LENGTH	F("kind", 0, 8, &integer_type),		\
				F("length", 8, 8, &integer_type)
#define TCPOPT_SACK(_n, _o)	F("left", (_o), 32, &integer_type),		\
				F("right", (_o) + 32, 32, &integer_type)

/* Named TCP options; "sack" is "sack0". */
static const struct exthdr_desc exthdr_tcpopt[] = {
	{ "eol", NFT_EXTHDR_OP_TCPOPT, 0, { F("kind", 0, 8, &integer_type) } },
	{ "nop", NFT_EXTHDR_OP_TCPOPT, 1, { F("kind", 0, 8, &integer_type) } },
	{ "maxseg", NFT_EXTHDR_OP_TCPOPT, 2, {
		TCPOPT_KIND_LENGTH, F("size", 16, 16, &integer_type) } },
	{ "window", NFT_EXTHDR_OP_TCPOPT, 3, {
		TCPOPT_KIND_LENGTH, F("count", 16, 8, &integer_type) } },
	{ "sack-perm", NFT_EXTHDR_OP_TCPOPT, 4, { TCPOPT_KIND_LENGTH } },
	{ "sack", NFT_EXTHDR_OP_TCPOPT, 5, {
		TCPOPT_KIND_LENGTH, TCPOPT_SACK(0, 16) } },
	{ "sack0", NFT_EXTHDR_OP_TCPOPT, 5, {
		TCPOPT_KIND_LENGTH, TCPOPT_SACK(0, 16) } },
	{ "sack1", NFT_EXTHDR_OP_TCPOPT, 5, {
		TCPOPT_KIND_LENGTH, TCPOPT_SACK(1, 80) }, .ud_first = 2 },
	{ "sack2", NFT_EXTHDR_OP_TCPOPT, 5, {
		TCPOPT_KIND_LENGTH, TCPOPT_SACK(2, 144) }, .ud_first = 4 },
	{ "sack3", NFT_EXTHDR_OP_TCPOPT, 5, {
		TCPOPT_KIND_LENGTH, TCPOPT_SACK(3, 208) }, .ud_first = 6 },
	{ "timestamp", NFT_EXTHDR_OP_TCPOPT, 8, {
		TCPOPT_KIND_LENGTH, F("tsval", 16, 32, &integer_type),
		F("tsecr", 48, 32, &integer_type) } },
	{ "md5sig", NFT_EXTHDR_OP_TCPOPT, 19, { TCPOPT_KIND_LENGTH } },
	{ "mptcp", NFT_EXTHDR_OP_TCPOPT, 30, {
		TCPOPT_KIND_LENGTH,
		F("subtype", 16, 4, &mptcp_subtype_type) } },
	{ "fastopen", NFT_EXTHDR_OP_TCPOPT, 34, { TCPOPT_KIND_LENGTH } },
};

/* the system nft numbers IPv4 option fields across options */
#define IPOPT_ROUTE_FIELDS	FU("type", 0, 8, &integer_type, 1),	\
				FU("length", 8, 8, &integer_type, 2),	\
				FU("ptr", 16, 8, &integer_type, 4),	\
				FU("addr", 24, 32, &ipaddr_type, 5)

static const struct exthdr_desc exthdr_ipopt[] = {
	{ "rr", NFT_EXTHDR_OP_IPV4, 7, { IPOPT_ROUTE_FIELDS } },
	{ "lsrr", NFT_EXTHDR_OP_IPV4, 131, { IPOPT_ROUTE_FIELDS } },
	{ "ssrr", NFT_EXTHDR_OP_IPV4, 137, { IPOPT_ROUTE_FIELDS } },
	{ "ra", NFT_EXTHDR_OP_IPV4, 148, {
		F("type", 0, 8, &integer_type),
		F("length", 8, 8, &integer_type),
		F("value", 16, 16, &integer_type) }, .ud_first = 1 },
};

#define SCTP_COMMON	F("type", 0, 8, &integer_type),			\
			F("flags", 8, 8, &integer_type),		\
			F("length", 16, 16, &integer_type)
#define SCTP_INIT	SCTP_COMMON,					\
			F("init-tag", 32, 32, &integer_type),		\
			F("a-rwnd", 64, 32, &integer_type),		\
			F("num-outbound-streams", 96, 16, &integer_type), \
			F("num-inbound-streams", 112, 16, &integer_type), \
			F("initial-tsn", 128, 32, &integer_type)
#define SCTP_TSN(_t)	SCTP_COMMON, F(_t, 32, 32, &integer_type)

/* SCTP chunks by type (nft(8), SCTP HEADER EXPRESSION). */
static const struct exthdr_desc exthdr_sctp[] = {
	{ "data", NFT_EXTHDR_OP_SCTP, 0, {
		SCTP_COMMON, F("tsn", 32, 32, &integer_type),
		F("stream", 64, 16, &integer_type),
		F("ssn", 80, 16, &integer_type),
		F("ppid", 96, 32, &integer_type) } },
	{ "init", NFT_EXTHDR_OP_SCTP, 1, { SCTP_INIT } },
	{ "init-ack", NFT_EXTHDR_OP_SCTP, 2, { SCTP_INIT } },
	{ "sack", NFT_EXTHDR_OP_SCTP, 3, {
		SCTP_COMMON, F("cum-tsn-ack", 32, 32, &integer_type),
		F("a-rwnd", 64, 32, &integer_type),
		F("num-gap-ack-blocks", 96, 16, &integer_type),
		F("num-dup-tsns", 112, 16, &integer_type) } },
	{ "heartbeat", NFT_EXTHDR_OP_SCTP, 4, { SCTP_COMMON } },
	{ "heartbeat-ack", NFT_EXTHDR_OP_SCTP, 5, { SCTP_COMMON } },
	{ "abort", NFT_EXTHDR_OP_SCTP, 6, { SCTP_COMMON } },
	{ "shutdown", NFT_EXTHDR_OP_SCTP, 7, { SCTP_TSN("cum-tsn-ack") } },
	{ "shutdown-ack", NFT_EXTHDR_OP_SCTP, 8, { SCTP_COMMON } },
	{ "error", NFT_EXTHDR_OP_SCTP, 9, { SCTP_COMMON } },
	{ "cookie-echo", NFT_EXTHDR_OP_SCTP, 10, { SCTP_COMMON } },
	{ "cookie-ack", NFT_EXTHDR_OP_SCTP, 11, { SCTP_COMMON } },
	{ "ecne", NFT_EXTHDR_OP_SCTP, 12, { SCTP_TSN("lowest-tsn") } },
	{ "cwr", NFT_EXTHDR_OP_SCTP, 13, { SCTP_TSN("lowest-tsn") } },
	{ "shutdown-complete", NFT_EXTHDR_OP_SCTP, 14, { SCTP_COMMON } },
	{ "asconf-ack", NFT_EXTHDR_OP_SCTP, 128, { SCTP_TSN("seqno") } },
	{ "forward-tsn", NFT_EXTHDR_OP_SCTP, 192, { SCTP_TSN("new-cum-tsn") } },
	{ "asconf", NFT_EXTHDR_OP_SCTP, 193, { SCTP_TSN("seqno") } },
};

static const struct {
	const struct exthdr_desc *descs;
	unsigned int num;
	const char *json_name;		/* key of its JSON object */
	const char *prefix;		/* printed before the name */
} exthdr_families[] = {
	[NFT_EXTHDR_OP_IPV6]	= { exthdr_ipv6, array_size(exthdr_ipv6),
				    "exthdr", "" },
	[NFT_EXTHDR_OP_TCPOPT]	= { exthdr_tcpopt, array_size(exthdr_tcpopt),
				    "tcp option", "tcp option " },
	[NFT_EXTHDR_OP_IPV4]	= { exthdr_ipopt, array_size(exthdr_ipopt),
				    "ip option", "ip option " },
	[NFT_EXTHDR_OP_SCTP]	= { exthdr_sctp, array_size(exthdr_sctp),
				    "sctp chunk", "sctp chunk " },
	/* DCCP options go by number only, and only by presence */
	[NFT_EXTHDR_OP_DCCP]	= { NULL, 0, "dccp option", "dccp option " },
};

static bool exthdr_op_valid(unsigned int op)
{
	return op < array_size(exthdr_families) && exthdr_families[op].json_name;
}

const struct exthdr_desc *exthdr_lookup(enum nft_exthdr_op op,
					const char *name)
{
	unsigned int i;

	if (!exthdr_op_valid(op))
		return NULL;
	for (i = 0; i < exthdr_families[op].num; i++)
		if (!strcmp(exthdr_families[op].descs[i].name, name))
			return &exthdr_families[op].descs[i];
	return NULL;
}

/* The first header of @op with type @type: the name a listing uses. */
static const struct exthdr_desc *exthdr_by_type(enum nft_exthdr_op op,
						unsigned int type)
{
	unsigned int i;

	if (!exthdr_op_valid(op))
		return NULL;
	for (i = 0; i < exthdr_families[op].num; i++)
		if (exthdr_families[op].descs[i].type == type)
			return &exthdr_families[op].descs[i];
	return NULL;
}

const struct exthdr_field *exthdr_field_lookup(const struct exthdr_desc *d,
					       const char *token)
{
	unsigned int i;

	for (i = 0; i < EXTHDR_MAX_FIELDS && d->fields[i].token; i++)
		if (!strcmp(d->fields[i].token, token))
			return &d->fields[i];
	return NULL;
}

bool exthdr_field_is_array(const struct exthdr_field *f)
{
	return f->stride != 0;
}

/* Element @index (from 1) of an array field, or the field itself. */
static unsigned int exthdr_field_offset(const struct exthdr_field *f,
					unsigned int index)
{
	return f->offset + (index ? index - 1 : 0) * f->stride;
}

static void exthdr_set_field(struct expr *expr, const struct exthdr_desc *d,
			     const struct exthdr_field *f, unsigned int offset)
{
	expr->exthdr.desc = d;
	expr->exthdr.field = f;
	expr->exthdr.op = d->op;
	expr->exthdr.type = d->type;
	expr->exthdr.offset = offset;
	expr->dtype = f->dtype;
	expr->byteorder = BYTEORDER_BIG_ENDIAN;
	expr->len = f->len;
}

/* @f NULL: the header's presence ("exthdr frag exists"); @index: the
 * element of an array field (from 1), 0 otherwise. */
struct expr *exthdr_expr_alloc(const struct location *loc,
			       const struct exthdr_desc *d,
			       const struct exthdr_field *f,
			       unsigned int index)
{
	struct expr *expr = expr_alloc(loc, &exthdr_expr_ops, &boolean_type,
				       BYTEORDER_HOST_ENDIAN, BITS_PER_BYTE);

	expr->exthdr.desc = d;
	expr->exthdr.op = d->op;
	expr->exthdr.type = d->type;
	if (f)
		exthdr_set_field(expr, d, f, exthdr_field_offset(f, index));
	else
		expr->exthdr.flags = NFT_EXTHDR_F_PRESENT;
	return expr;
}

/* A raw field: "tcp option @34,8,8", "tcp option 34" (presence). */
struct expr *exthdr_expr_alloc_raw(const struct location *loc,
				   enum nft_exthdr_op op, uint8_t type,
				   unsigned int offset, unsigned int len,
				   bool present)
{
	struct expr *expr = expr_alloc(loc, &exthdr_expr_ops,
				       present ? &boolean_type : &integer_type,
				       present ? BYTEORDER_HOST_ENDIAN :
						 BYTEORDER_BIG_ENDIAN,
				       present ? BITS_PER_BYTE : len);

	expr->exthdr.op = op;
	expr->exthdr.type = type;
	expr->exthdr.offset = offset;
	expr->exthdr.flags = present ? NFT_EXTHDR_F_PRESENT : 0;
	expr->exthdr.desc = exthdr_by_type(op, type);
	return expr;
}

static void exthdr_expr_clone(struct expr *dst, const struct expr *src)
{
	dst->exthdr = src->exthdr;
}

static bool exthdr_expr_cmp(const struct expr *a, const struct expr *b)
{
	return a->exthdr.op == b->exthdr.op &&
	       a->exthdr.type == b->exthdr.type &&
	       a->exthdr.offset == b->exthdr.offset &&
	       a->exthdr.flags == b->exthdr.flags && a->len == b->len;
}

static bool exthdr_present(const struct expr *expr)
{
	return expr->exthdr.flags & NFT_EXTHDR_F_PRESENT;
}

/* "size", or "addr[2]" for an element of an array field. */
static void exthdr_field_name(const struct expr *expr, char *buf,
			      size_t size)
{
	const struct exthdr_field *f = expr->exthdr.field;

	if (f->stride)
		snprintf(buf, size, "%s[%u]", f->token,
			 (expr->exthdr.offset - f->offset) / f->stride + 1);
	else
		snprintf(buf, size, "%s", f->token);
}

static void exthdr_expr_print(const struct expr *expr,
			      struct output_ctx *octx)
{
	const struct exthdr_desc *d = expr->exthdr.desc;
	const char *prefix = exthdr_op_valid(expr->exthdr.op) ?
			     exthdr_families[expr->exthdr.op].prefix : "";

	if (exthdr_present(expr)) {
		if (!d)
			nft_print(octx, "%s%u", prefix, expr->exthdr.type);
		else if (expr->exthdr.op == NFT_EXTHDR_OP_IPV6)
			nft_print(octx, "exthdr %s", d->name);
		else
			nft_print(octx, "%s%s", prefix, d->name);
		return;
	}
	if (d && expr->exthdr.field) {
		char field[64];

		exthdr_field_name(expr, field, sizeof(field));
		nft_print(octx, "%s%s %s", prefix, d->name, field);
	} else
		nft_print(octx, "%s@%u,%u,%u", prefix, expr->exthdr.type,
			  expr->exthdr.offset, expr->len);
}

static json_t *exthdr_expr_json(const struct expr *expr,
				struct output_ctx *octx)
{
	const struct exthdr_desc *d = expr->exthdr.desc;
	const char *key = exthdr_op_valid(expr->exthdr.op) ?
			  exthdr_families[expr->exthdr.op].json_name : "exthdr";
	json_t *root = json_object();

	if (expr->exthdr.op == NFT_EXTHDR_OP_DCCP) {
		json_object_set_new(root, "type",
				    json_integer(expr->exthdr.type));
	} else if (d && (exthdr_present(expr) || expr->exthdr.field)) {
		json_object_set_new(root, "name", json_string(d->name));
		if (!exthdr_present(expr)) {
			char field[64];

			exthdr_field_name(expr, field, sizeof(field));
			json_object_set_new(root, "field", json_string(field));
		}
	} else {
		json_object_set_new(root, "base",
				    json_integer(expr->exthdr.type));
		json_object_set_new(root, "offset",
				    json_integer(expr->exthdr.offset));
		json_object_set_new(root, "len",
				    json_integer(exthdr_present(expr) ?
						 BITS_PER_BYTE : expr->len));
	}
	return json_wrap(key, root);
}

static struct expr *exthdr_json_parse_op(struct json_ctx *jctx,
					 json_t *value,
					 const struct location *loc,
					 enum nft_exthdr_op op)
{
	json_t *n = json_object_get(value, "name");
	json_t *f = json_object_get(value, "field");
	const struct exthdr_desc *d;
	const struct exthdr_field *field = NULL;
	unsigned int index = 0;
	char name[64];

	if (!json_is_object(value) || !json_is_string(n)) {
		json_error(jctx, ".name",
			   "Invalid extension header: \"name\" must be a string");
		return NULL;
	}
	d = exthdr_lookup(op, json_string_value(n));
	if (!d) {
		json_error(jctx, ".name", "Unknown extension header '%s'",
			   json_string_value(n));
		return NULL;
	}
	if (f) {
		/* "addr[2]": an element of an array field */
		if (json_is_string(f) &&
		    sscanf(json_string_value(f), "%63[^[][%u]", name,
			   &index) == 2 && index > 0)
			field = exthdr_field_lookup(d, name);
		else if (json_is_string(f))
			field = exthdr_field_lookup(d, json_string_value(f));
		if (!field || (index > 0) != exthdr_field_is_array(field)) {
			json_error(jctx, ".field", "Unknown %s field", d->name);
			return NULL;
		}
	}
	return exthdr_expr_alloc(loc, d, field, index);
}

static struct expr *exthdr_expr_json_parse(struct json_ctx *jctx,
					   json_t *value,
					   const struct location *loc)
{
	return exthdr_json_parse_op(jctx, value, loc, NFT_EXTHDR_OP_IPV6);
}

static struct expr *tcpopt_expr_json_parse(struct json_ctx *jctx,
					   json_t *value,
					   const struct location *loc)
{
	json_t *b = json_object_get(value, "base");

	if (json_is_integer(b)) {
		json_t *o = json_object_get(value, "offset");
		json_t *l = json_object_get(value, "len");

		if (!json_is_integer(o) || !json_is_integer(l) ||
		    json_integer_value(b) < 0 || json_integer_value(b) > 255 ||
		    json_integer_value(o) < 0 || json_integer_value(l) <= 0 ||
		    json_integer_value(o) > 255 * BITS_PER_BYTE ||
		    json_integer_value(l) > 128) {
			json_error(jctx, ".base",
				   "Invalid raw TCP option: base 0-255, offset and len in bits");
			return NULL;
		}
		return exthdr_expr_alloc_raw(loc, NFT_EXTHDR_OP_TCPOPT,
					     json_integer_value(b),
					     json_integer_value(o),
					     json_integer_value(l), false);
	}
	return exthdr_json_parse_op(jctx, value, loc, NFT_EXTHDR_OP_TCPOPT);
}

/* {"dccp option": {"type": 4}}: whether option 4 is there */
static struct expr *dccp_option_expr_json_parse(struct json_ctx *jctx,
						json_t *value,
						const struct location *loc)
{
	json_t *t = json_object_get(value, "type");

	if (!json_is_integer(t) || json_integer_value(t) < 0 ||
	    json_integer_value(t) > 255) {
		json_error(jctx, ".type",
			   "Invalid DCCP option: \"type\" must be a number 0-255");
		return NULL;
	}
	return exthdr_expr_alloc_raw(loc, NFT_EXTHDR_OP_DCCP,
				     json_integer_value(t), 0, BITS_PER_BYTE,
				     true);
}

static struct expr *sctp_chunk_expr_json_parse(struct json_ctx *jctx,
					       json_t *value,
					       const struct location *loc)
{
	return exthdr_json_parse_op(jctx, value, loc, NFT_EXTHDR_OP_SCTP);
}

static struct expr *ipopt_expr_json_parse(struct json_ctx *jctx,
					  json_t *value,
					  const struct location *loc)
{
	return exthdr_json_parse_op(jctx, value, loc, NFT_EXTHDR_OP_IPV4);
}

/*
 * IPv6 extension headers need the packet to be IPv6, IP options IPv4:
 * the same dependency as a field of that network header ("meta nfproto
 * ipv6" in inet, "meta protocol ip6" in bridge and netdev). TCP options
 * get none, as with the system nft.
 */
static int exthdr_expr_evaluate(struct eval_ctx *ectx, struct expr **exprp)
{
	const struct expr *expr = *exprp;
	const struct proto_desc *nh, *known;
	unsigned int family;
	struct expr *tmp;
	int ret;

	/* a raw option compared with exists/missing (JSON input) */
	if (!exthdr_present(expr) && !expr->exthdr.field &&
	    expr_is_presence_match(ectx, expr)) {
		(*exprp)->exthdr.flags |= NFT_EXTHDR_F_PRESENT;
		(*exprp)->dtype = &boolean_type;
		(*exprp)->byteorder = BYTEORDER_HOST_ENDIAN;
		(*exprp)->len = BITS_PER_BYTE;
	}
	switch (expr->exthdr.op) {
	case NFT_EXTHDR_OP_IPV6:
		nh = &proto_ip6;
		break;
	case NFT_EXTHDR_OP_IPV4:
		nh = &proto_ip;
		break;
	default:
		return 0;
	}
	/* a table of another network protocol, or a match on another one
	 * ("ether type arp exthdr mh missing"), in the reference's words:
	 * the network protocol known then, that of an ip table too until a
	 * match selects another ("ether type ip6" lets an ip table's rule
	 * read IPv6 extension headers) */
	family = ectx->pctx.family;
	if (!ectx->rule || !ectx->stmt) {
		/* no rule (a set's typeof): the table's */
		if ((family == NFPROTO_IPV4 && nh != &proto_ip) ||
		    (family == NFPROTO_IPV6 && nh != &proto_ip6) ||
		    family == NFPROTO_ARP)
			return expr_error(ectx, expr,
					  "cannot use exthdr with %s",
					  family_name(family));
		return 0;
	}
	payload_pctx_rebuild(ectx);
	known = ectx->pctx.protocol[PROTO_BASE_NETWORK_HDR].desc;
	if (known && known != nh && !known->generic)
		return expr_error(ectx, expr, "cannot use exthdr with %s",
				  known->name);
	tmp = payload_expr_alloc(&(*exprp)->location, nh, nh->protocol_key);
	ret = payload_gen_implied_dependency(ectx, tmp);
	expr_free(tmp);
	return ret;
}

bool exthdr_expr_needs_mask(const struct expr *expr)
{
	return expr->etype == EXPR_EXTHDR && !exthdr_present(expr) &&
	       (expr->exthdr.offset % BITS_PER_BYTE ||
		expr->len % BITS_PER_BYTE);
}

/* The whole bytes that hold @field (bits from its header), and how far
 * its last bit is from their end. */
void exthdr_field_span(const struct expr *field, unsigned int *start,
		       unsigned int *len, unsigned int *shift)
{
	unsigned int end = div_round_up(field->exthdr.offset + field->len,
					BITS_PER_BYTE) * BITS_PER_BYTE;

	*start = field->exthdr.offset / BITS_PER_BYTE * BITS_PER_BYTE;
	*len = end - *start;
	*shift = end - field->exthdr.offset - field->len;
}

/* The load of the bytes that hold @field, masked to it. */
static struct expr *exthdr_masked_load(const struct expr *field)
{
	unsigned int start, len, shift;
	struct expr *load, *mask;
	mpz_t m;

	exthdr_field_span(field, &start, &len, &shift);
	load = exthdr_expr_alloc_raw(&field->location, field->exthdr.op,
				     field->exthdr.type, start, len, false);
	mpz_init(m);
	mpz_setbit(m, field->len);
	mpz_sub_ui(m, m, 1);
	mpz_mul_2exp(m, m, shift);
	mask = constant_expr_alloc_mpz(&field->location, &integer_type,
				       BYTEORDER_BIG_ENDIAN, len, m);
	mpz_clear(m);
	return binop_expr_alloc(&field->location, OP_AND, load, mask);
}

struct expr *exthdr_field_masked_load(const struct expr *field)
{
	return exthdr_masked_load(field);
}

/*
 * "frag frag-off 10": load the bytes that hold the field, mask it, and
 * compare with the value moved to the field's place, as payload fields
 * are (and as the system nft does: & 0xfff8, cmp 0x0050); the members
 * of a set likewise ("frag frag-off { 1, 2 }").
 */
void exthdr_relational_mask(struct expr *rel)
{
	struct expr *left = rel->binop.left, *right = rel->binop.right;
	unsigned int start, len, shift;

	exthdr_field_span(left, &start, &len, &shift);
	rel->binop.left = exthdr_masked_load(left);
	/* an anonymous set's key type is the field's */
	if (right->etype == EXPR_SET)
		rel->binop.left->dtype = left->dtype;
	expr_free(left);
	constant_shift_left(right, shift, len);
}

/*
 * "ip option rr type 7": an option's type is its own number wherever it
 * is there, so the reference asks whether it is ("ip option rr exists",
 * the present flag); "!= 7" is "!= exists". Another number, which
 * 1.1.3 sends as "exists" as well, stays a compare of the field, which
 * never matches (README: Differences).
 */
void exthdr_relational_type(struct expr *rel)
{
	struct expr *left = rel->binop.left, *right = rel->binop.right;
	const struct exthdr_field *f = left->exthdr.field;

	if (left->etype != EXPR_EXTHDR || left->exthdr.op != NFT_EXTHDR_OP_IPV4 ||
	    !f || strcmp(f->token, "type") || right->etype != EXPR_VALUE ||
	    mpz_cmp_ui(right->value.value, left->exthdr.type) ||
	    (rel->binop.op != OP_EQ && rel->binop.op != OP_IMPLICIT &&
	     rel->binop.op != OP_NEQ))
		return;
	left->exthdr.field = NULL;
	left->exthdr.offset = 0;
	left->exthdr.flags = NFT_EXTHDR_F_PRESENT;
	left->dtype = &boolean_type;
	left->byteorder = BYTEORDER_HOST_ENDIAN;
	left->len = BITS_PER_BYTE;
	rel->binop.right = constant_expr_alloc_u64(&right->location,
						   &boolean_type,
						   BYTEORDER_HOST_ENDIAN,
						   BITS_PER_BYTE, 1);
	expr_free(right);
}

/*
 * The value of such a field where nothing is moved into its place (a
 * named set's key, a member of a concatenation, a set statement's key,
 * a statement's value): masked and shifted down to bit 0, as upstream
 * 1.1.3 loads it ("frag frag-off @s": & 0xfff8, ntoh, >> 3); the bytes
 * of one that spans several are turned host order before the shift,
 * as payload_key_linearize() does for header fields.
 */
static void exthdr_key_linearize(struct lin_ctx *lctx,
				 const struct expr *field,
				 enum nft_registers dreg)
{
	unsigned int start, len, shift;
	struct expr *load = exthdr_masked_load(field);

	exthdr_field_span(field, &start, &len, &shift);
	linearize_expr(lctx, load, dreg);
	expr_free(load);
	lin_field_down(lctx, dreg, len, shift);
}

/* Listing: a key register holding "(load & mask) >> shift" (an ntoh
 * between them is the load's business) where the mask selects a field
 * of an extension header narrower than its bytes: that field, named if
 * a header has it; NULL otherwise. */
struct expr *exthdr_masked_raw(const struct expr *load, const struct expr *mask,
			       unsigned int shift)
{
	unsigned int lo, hi, start, len, s;
	struct expr *field;

	if (load->etype != EXPR_EXTHDR || exthdr_present(load) ||
	    !constant_expr_bit_run(mask, load->len, &lo, &hi) || lo != shift)
		return NULL;
	field = exthdr_expr_alloc_raw(&load->location, load->exthdr.op,
				      load->exthdr.type,
				      load->exthdr.offset + load->len - hi,
				      hi - lo, false);
	exthdr_field_span(field, &start, &len, &s);
	if (!exthdr_expr_needs_mask(field) ||
	    start != load->exthdr.offset || len != load->len) {
		expr_free(field);
		return NULL;
	}
	exthdr_find_field(field);
	return field;
}

/*
 * Listing "(load & 0) OP value" of an IPv6 extension header, which has
 * no raw form that loads back: a field at the end of the loaded bytes
 * that needs a mask, with "& 0" kept ("frag more-fragments & 0 == 0"
 * loads the same byte under a zero mask).
 */
static void exthdr_zero_mask_field(struct expr *binop, struct expr *load)
{
	struct expr *mask = binop->binop.right, *field;
	unsigned int w;

	if (load->exthdr.op != NFT_EXTHDR_OP_IPV6 || load->exthdr.field ||
	    mask->etype != EXPR_VALUE || mpz_sgn(mask->value.value))
		return;
	for (w = 1; w < load->len; w++) {
		field = exthdr_expr_alloc_raw(&load->location, load->exthdr.op,
					      load->exthdr.type,
					      load->exthdr.offset + load->len - w,
					      w, false);
		exthdr_find_field(field);
		if (field->exthdr.field && exthdr_expr_needs_mask(field)) {
			binop->binop.left = field;
			expr_free(load);
			expr_retype_constant(mask, field);
			return;
		}
		expr_free(field);
	}
}

/* Listing "(load & mask) OP value": the field the mask selects. */
static void exthdr_masked_field(struct stmt *stmt, struct expr *load)
{
	struct expr *rel = stmt->expr, *binop = rel->binop.left;
	struct expr *mask = binop->binop.right, *right = rel->binop.right;
	struct expr *field;
	unsigned int lo, hi;

	/* a field narrower than its bytes, shifted down ("frag frag-off
	 * & 0x1fff"): the mask is on its value, not on its bits */
	if (binop->etype != EXPR_BINOP || binop->binop.op != OP_AND ||
	    binop->binop.left != load || exthdr_expr_needs_mask(load))
		return;
	if (!constant_expr_bit_run(mask, load->len, &lo, &hi)) {
		exthdr_zero_mask_field(binop, load);
		if (binop->binop.left != load)
			expr_retype_constant(right, binop->binop.left);
		return;
	}
	field = exthdr_expr_alloc_raw(&load->location, load->exthdr.op,
				      load->exthdr.type,
				      load->exthdr.offset + load->len - hi,
				      hi - lo, false);
	exthdr_find_field(field);
	if (!field->exthdr.field) {
		expr_free(field);
		return;
	}
	if (!constant_shift_right(right, lo, hi - lo)) {
		expr_free(field);
		return;
	}
	rel->binop.left = field;
	expr_free(binop);
	expr_retype_constant(rel->binop.right, field);
}

/*
 * The decoder reads "(load & leading ones) == v" as a prefix match; a
 * field at the start of the load ("frag frag-off", "tcp option mptcp
 * subtype") is that field's match.
 */
static void exthdr_unprefix(struct stmt *stmt, struct expr *load)
{
	struct expr *rel = stmt->expr, *right = rel->binop.right, *field;
	struct expr *value;
	unsigned int plen;

	if (right->etype != EXPR_PREFIX || load->exthdr.field ||
	    right->prefix.prefix->etype != EXPR_VALUE)
		return;
	plen = right->prefix.prefix_len;
	if (!plen || plen >= load->len)
		return;
	field = exthdr_expr_alloc_raw(&load->location, load->exthdr.op,
				      load->exthdr.type, load->exthdr.offset,
				      plen, false);
	exthdr_find_field(field);
	if (!field->exthdr.field) {
		expr_free(field);
		return;
	}
	value = expr_get(right->prefix.prefix);
	mpz_fdiv_q_2exp(value->value.value, value->value.value,
			load->len - plen);
	value->len = plen;
	expr_free(rel->binop.right);
	rel->binop.right = value;
	expr_free(rel->binop.left);
	rel->binop.left = field;
	expr_retype_constant(rel->binop.right, field);
}

/* A decoded load: the field it is, if any covers exactly those bytes. */
void exthdr_find_field(struct expr *expr)
{
	const struct exthdr_desc *d;
	unsigned int i, j;

	if (exthdr_present(expr) || !exthdr_op_valid(expr->exthdr.op))
		return;
	for (i = 0; i < exthdr_families[expr->exthdr.op].num; i++) {
		d = &exthdr_families[expr->exthdr.op].descs[i];
		if (d->type != expr->exthdr.type)
			continue;
		for (j = 0; j < EXTHDR_MAX_FIELDS && d->fields[j].token; j++) {
			const struct exthdr_field *f = &d->fields[j];
			unsigned int off = expr->exthdr.offset;

			if (f->len != expr->len || off < f->offset ||
			    (!f->stride && off != f->offset) ||
			    (f->stride && (off - f->offset) % f->stride))
				continue;
			exthdr_set_field(expr, d, f, off);
			return;
		}
	}
}

/* The bytes a field occupies: a field that does not start or end on a
 * byte boundary is loaded whole and masked by the relation. */
static void exthdr_load_span(const struct expr *expr, unsigned int *off,
			     unsigned int *len)
{
	unsigned int first = expr->exthdr.offset / BITS_PER_BYTE;
	unsigned int end = div_round_up(expr->exthdr.offset + expr->len,
					BITS_PER_BYTE);

	*off = first;
	*len = exthdr_present(expr) ? 1 : end - first;
}

static void exthdr_expr_linearize(struct lin_ctx *lctx,
				  const struct expr *expr,
				  enum nft_registers dreg)
{
	struct nftnl_expr *nle;
	unsigned int off, len;

	if (exthdr_expr_needs_mask(expr)) {
		exthdr_key_linearize(lctx, expr, dreg);
		return;
	}
	nle = lin_expr_alloc("exthdr");
	exthdr_load_span(expr, &off, &len);
	nftnl_expr_set_u32(nle, NFTNL_EXPR_EXTHDR_DREG, dreg);
	nftnl_expr_set_u8(nle, NFTNL_EXPR_EXTHDR_TYPE, expr->exthdr.type);
	nftnl_expr_set_u32(nle, NFTNL_EXPR_EXTHDR_OFFSET, off);
	nftnl_expr_set_u32(nle, NFTNL_EXPR_EXTHDR_LEN, len);
	if (expr->exthdr.flags)
		nftnl_expr_set_u32(nle, NFTNL_EXPR_EXTHDR_FLAGS,
				   expr->exthdr.flags);
	nftnl_expr_set_u32(nle, NFTNL_EXPR_EXTHDR_OP, expr->exthdr.op);
	lin_add_expr(lctx, nle);
}

/* Whole byte fields decode to their row; others stay raw until a mask
 * says which bits are meant (exthdr_expr_delin_postprocess()). */
static int exthdr_expr_delinearize(struct delin_ctx *dctx,
				   const struct nftnl_expr *nle)
{
	uint32_t op = nftnl_expr_get_u32(nle, NFTNL_EXPR_EXTHDR_OP);
	uint8_t type = nftnl_expr_get_u8(nle, NFTNL_EXPR_EXTHDR_TYPE);
	uint32_t off = nftnl_expr_get_u32(nle, NFTNL_EXPR_EXTHDR_OFFSET);
	uint32_t len = nftnl_expr_get_u32(nle, NFTNL_EXPR_EXTHDR_LEN);
	uint32_t flags = 0;
	struct expr *expr;

	if (!nftnl_expr_is_set(nle, NFTNL_EXPR_EXTHDR_DREG) ||
	    !exthdr_op_valid(op))
		return -1;
	if (nftnl_expr_is_set(nle, NFTNL_EXPR_EXTHDR_FLAGS))
		flags = nftnl_expr_get_u32(nle, NFTNL_EXPR_EXTHDR_FLAGS);
	if (flags & ~NFT_EXTHDR_F_PRESENT)
		return -1;
	expr = exthdr_expr_alloc_raw(&internal_location, op, type,
				     off * BITS_PER_BYTE, len * BITS_PER_BYTE,
				     flags & NFT_EXTHDR_F_PRESENT);
	exthdr_find_field(expr);
	delin_set_register(dctx,
			   nftnl_expr_get_u32(nle, NFTNL_EXPR_EXTHDR_DREG),
			   expr);
	return 0;
}

/*
 * The first bytes of a field compared for (in)equality: that field
 * matched with a prefix ("rt0 addr[1] 2001:db8::/32" loads 4 bytes, as
 * the reference encodes it, relational_linearize_prefix()).
 */
static bool exthdr_short_prefix(struct stmt *stmt, struct expr *load)
{
	struct expr *rel = stmt->expr, *right = rel->binop.right, *value;
	unsigned int plen = load->len, i, j, off = load->exthdr.offset;
	const struct exthdr_desc *d;

	if (load->exthdr.field || exthdr_present(load) ||
	    right->etype != EXPR_VALUE || plen % BITS_PER_BYTE ||
	    (rel->binop.op != OP_IMPLICIT && rel->binop.op != OP_EQ &&
	     rel->binop.op != OP_NEQ) || !exthdr_op_valid(load->exthdr.op))
		return false;
	for (i = 0; i < exthdr_families[load->exthdr.op].num; i++) {
		d = &exthdr_families[load->exthdr.op].descs[i];
		if (d->type != load->exthdr.type)
			continue;
		for (j = 0; j < EXTHDR_MAX_FIELDS && d->fields[j].token; j++) {
			const struct exthdr_field *f = &d->fields[j];

			if (f->len <= plen || f->len % BITS_PER_BYTE ||
			    off < f->offset ||
			    (!f->stride && off != f->offset) ||
			    (f->stride && (off - f->offset) % f->stride))
				continue;
			exthdr_set_field(load, d, f, off);
			value = constant_expr_alloc_mpz(&right->location,
							f->dtype,
							BYTEORDER_BIG_ENDIAN,
							f->len,
							right->value.value);
			mpz_mul_2exp(value->value.value, value->value.value,
				     f->len - plen);
			rel->binop.right = prefix_expr_alloc(&right->location,
							     value, plen);
			expr_free(right);
			return true;
		}
	}
	return false;
}

/* The match's value takes the field's type; a dependency the header
 * implies (meta nfproto ipv6) is dropped as for a payload match. */
static void exthdr_expr_delin_postprocess(struct delin_ctx *dctx,
					  struct stmt *stmt, struct expr *expr)
{
	/* naming a masked field replaces (and may free) @expr */
	enum nft_exthdr_op op = expr->exthdr.op;

	if (stmt->expr->binop.left != expr)
		exthdr_masked_field(stmt, expr);
	else if (stmt->expr->binop.right->etype == EXPR_PREFIX)
		exthdr_unprefix(stmt, expr);
	else if (!exthdr_short_prefix(stmt, expr))
		expr_retype_constant(stmt->expr->binop.right, expr);
	if (op == NFT_EXTHDR_OP_IPV6)
		payload_dep_kill(dctx, &proto_ip6);
	else if (op == NFT_EXTHDR_OP_IPV4)
		payload_dep_kill(dctx, &proto_ip);
}

/*
 * typeof (src/obj/set_typeof.c), as the system nft writes it: the field's
 * number, the family (NFT_EXTHDR_OP_*, left out for IPv6) and the header
 * or option; only named fields (the first element of an array), since
 * it lists a header's presence as its first field.
 */
enum { EXTHDR_TYPEOF_TYPE, EXTHDR_TYPEOF_FIELD, EXTHDR_TYPEOF_OP };

static uint32_t exthdr_typeof_id(const struct exthdr_desc *d)
{
	return d->op == NFT_EXTHDR_OP_IPV6 ? d->ud_id : d->type;
}

static uint32_t exthdr_typeof_field(const struct exthdr_desc *d,
				    const struct exthdr_field *f)
{
	return f->ud ? f->ud : d->ud_first + (uint32_t)(f - d->fields);
}

static bool exthdr_typeof_put(struct nftnl_udata_buf *ud,
			      const struct expr *expr)
{
	const struct exthdr_desc *d = expr->exthdr.desc;
	const struct exthdr_field *f = expr->exthdr.field;
	struct expr *named;
	bool ok;

	/* a raw one ("tcp option @30,8,8") as the field it covers, which
	 * is how 1.1.3 lists it back ("tcp option mptcp length"); none
	 * covered: 1.1.3 writes a field number out of memory it never
	 * set, so it stays refused */
	/* a header's or option's presence, as 1.1.3 writes it: as its
	 * first field (it lists "tcp option fastopen kind"), a DCCP
	 * option's as field 1 */
	if (expr->exthdr.op == NFT_EXTHDR_OP_DCCP && exthdr_present(expr)) {
		nftnl_udata_put_u32(ud, EXTHDR_TYPEOF_FIELD, 1);
		nftnl_udata_put_u32(ud, EXTHDR_TYPEOF_OP, expr->exthdr.op);
		nftnl_udata_put_u32(ud, EXTHDR_TYPEOF_TYPE, expr->exthdr.type);
		return true;
	}
	if (d && exthdr_present(expr)) {
		named = exthdr_expr_alloc(&expr->location, d, &d->fields[0], 0);
		ok = exthdr_typeof_put(ud, named);
		expr_free(named);
		return ok;
	}
	if (!f && !expr->exthdr.flags) {
		named = expr_clone(expr);
		exthdr_find_field(named);
		ok = named->exthdr.field &&
		     exthdr_typeof_put(ud, named);
		expr_free(named);
		return ok;
	}
	if (!d || !f || expr->exthdr.flags || expr->exthdr.offset != f->offset)
		return false;
	nftnl_udata_put_u32(ud, EXTHDR_TYPEOF_FIELD, exthdr_typeof_field(d, f));
	if (d->op != NFT_EXTHDR_OP_IPV6)
		nftnl_udata_put_u32(ud, EXTHDR_TYPEOF_OP, d->op);
	nftnl_udata_put_u32(ud, EXTHDR_TYPEOF_TYPE, exthdr_typeof_id(d));
	return true;
}

/* A set's typeof of a header's or option's presence: a key of one byte
 * of its first field's type (integer for a DCCP option), as 1.1.3
 * records it, which is how its user data lists back (above). */
void exthdr_typeof_presence(struct expr *expr)
{
	const struct exthdr_desc *d = expr->exthdr.desc;

	if (!exthdr_present(expr))
		return;
	expr->dtype = d ? d->fields[0].dtype : &integer_type;
	expr->byteorder = BYTEORDER_BIG_ENDIAN;
}

static struct expr *exthdr_typeof_parse(const struct typeof_attrs *t)
{
	uint32_t type, field, op = NFT_EXTHDR_OP_IPV6;
	const struct exthdr_desc *d;
	unsigned int i, j;

	if (!typeof_u32(t, EXTHDR_TYPEOF_TYPE, &type) ||
	    !typeof_u32(t, EXTHDR_TYPEOF_FIELD, &field) ||
	    (t->a[EXTHDR_TYPEOF_OP] && !typeof_u32(t, EXTHDR_TYPEOF_OP, &op)) ||
	    !exthdr_op_valid(op) || type > 255)
		return NULL;
	if (op == NFT_EXTHDR_OP_DCCP)
		return field == 1 ?
		       exthdr_expr_alloc_raw(&internal_location, op, type, 0,
					     BITS_PER_BYTE, true) : NULL;
	for (i = 0; i < exthdr_families[op].num; i++) {
		d = &exthdr_families[op].descs[i];
		if (exthdr_typeof_id(d) != type)
			continue;
		for (j = 0; j < EXTHDR_MAX_FIELDS && d->fields[j].token; j++) {
			if (exthdr_typeof_field(d, &d->fields[j]) == field)
				return exthdr_expr_alloc(&internal_location, d,
							 &d->fields[j],
							 d->fields[j].stride ?
							 1 : 0);
		}
	}
	return NULL;
}

static const char *const exthdr_expr_json_keys[] = {
	"name", "field", NULL,
};

const struct expr_ops exthdr_expr_ops = {
	.type			= EXPR_EXTHDR,
	.name			= "exthdr",
	.clone			= exthdr_expr_clone,
	.cmp			= exthdr_expr_cmp,
	.print			= exthdr_expr_print,
	.json			= exthdr_expr_json,
	.evaluate		= exthdr_expr_evaluate,
	.linearize		= exthdr_expr_linearize,
	.nl_name		= "exthdr",
	.delinearize		= exthdr_expr_delinearize,
	.delin_postprocess	= exthdr_expr_delin_postprocess,
	.json_name		= "exthdr",
	.json_parse		= exthdr_expr_json_parse,
	.json_keys		= exthdr_expr_json_keys,
	.typeof_id		= 8,
	.typeof_put		= exthdr_typeof_put,
	.typeof_parse		= exthdr_typeof_parse,
};

/* JSON names the TCP and IP option families with keys of their own. */
static const char *const tcpopt_expr_json_keys[] = {
	"name", "field", "base", "offset", "len", NULL,
};

const struct expr_ops tcpopt_expr_ops = {
	.type			= EXPR_EXTHDR,
	.name			= "tcp option",
	.json_name		= "tcp option",
	.json_parse		= tcpopt_expr_json_parse,
	.json_keys		= tcpopt_expr_json_keys,
};

static const char *const sctp_chunk_expr_json_keys[] = {
	"name", "field", NULL,
};

const struct expr_ops sctp_chunk_expr_ops = {
	.type			= EXPR_EXTHDR,
	.name			= "sctp chunk",
	.json_name		= "sctp chunk",
	.json_parse		= sctp_chunk_expr_json_parse,
	.json_keys		= sctp_chunk_expr_json_keys,
};

static const char *const dccp_option_expr_json_keys[] = {
	"type", NULL,
};

const struct expr_ops dccp_option_expr_ops = {
	.type			= EXPR_EXTHDR,
	.name			= "dccp option",
	.json_name		= "dccp option",
	.json_parse		= dccp_option_expr_json_parse,
	.json_keys		= dccp_option_expr_json_keys,
};

static const char *const ipopt_expr_json_keys[] = {
	"name", "field", NULL,
};

const struct expr_ops ipopt_expr_ops = {
	.type			= EXPR_EXTHDR,
	.name			= "ip option",
	.json_name		= "ip option",
	.json_parse		= ipopt_expr_json_parse,
	.json_keys		= ipopt_expr_json_keys,
};
