/*
 * Conntrack expressions: what the kernel knows about a packet's
 * connection ("ct state established", "ct original ip saddr 10.0.0.1",
 * "ct reply proto-dst 80"). One table row per key gives its name, type,
 * width, byte order and whether a direction goes with it.
 */
#include <string.h>
#include <expr.h>
#include <set.h>
#include <libnftnl/udata.h>
#include <stmt.h>
#include <proto.h>
#include <evaluate.h>
#include <linearize.h>
#include <json.h>
#include <nftables.h>
#include <linux/netfilter.h>
#include <libnftnl/expr.h>

enum ct_dir_rule {
	CT_DIR_NONE,		/* "ct original state" is a syntax error */
	CT_DIR_OPTIONAL,	/* "ct bytes", "ct original bytes" */
	CT_DIR_REQUIRED,	/* "ct original proto-dst" */
	CT_DIR_UNLISTED,	/* encoded, but the system nft lists none */
};

enum ct_flags {
	CT_F_SET	= 1 << 0,	/* "ct KEY set EXPR" writes it */
	CT_F_NOCONST	= 1 << 1,	/* no compare with a constant */
	CT_F_FAMILY	= 1 << 2,	/* address of the table's family */
};

struct ct_template {
	const char *token;		/* as written after "ct [DIR]" */
	const char *json;		/* JSON "key" (NULL: token) */
	const struct datatype *dtype;
	unsigned int len;		/* bits */
	enum byteorder byteorder;
	enum ct_dir_rule dir;
	unsigned int flags;		/* enum ct_flags */
};

#define CT_KEY(_key, _token, _dtype, _len, _bo, _dir, _flags)		\
	[_key] = { .token = (_token), .dtype = (_dtype), .len = (_len),	\
		   .byteorder = BYTEORDER_##_bo##_ENDIAN,		\
		   .dir = CT_DIR_##_dir, .flags = (_flags) }

/* nft(8), CONNTRACK EXPRESSIONS; widths and byte orders as the kernel
 * stores them. saddr/daddr take their type from the table's family. */
static const struct ct_template ct_templates[] = {
	CT_KEY(NFT_CT_STATE, "state", &ct_state_type, 32, HOST, NONE, 0),
	CT_KEY(NFT_CT_DIRECTION, "direction", &ct_dir_type, 8, HOST, NONE, 0),
	CT_KEY(NFT_CT_STATUS, "status", &ct_status_type, 32, HOST, NONE, 0),
	CT_KEY(NFT_CT_MARK, "mark", &mark_type, 32, HOST, NONE, CT_F_SET),
	CT_KEY(NFT_CT_SECMARK, "secmark", &integer_type, 32, HOST, NONE,
	       CT_F_SET | CT_F_NOCONST),
	CT_KEY(NFT_CT_EXPIRATION, "expiration", &duration_type, 32, HOST,
	       NONE, 0),
	CT_KEY(NFT_CT_HELPER, "helper", &string_type,
	       16 * BITS_PER_BYTE, HOST, NONE, 0),	/* NF_CT_HELPER_NAME_LEN */
	CT_KEY(NFT_CT_L3PROTOCOL, "l3proto", &nfproto_type, 8, HOST,
	       UNLISTED, 0),
	CT_KEY(NFT_CT_SRC, "saddr", &ipaddr_type, 32, BIG, REQUIRED,
	       CT_F_FAMILY),
	CT_KEY(NFT_CT_DST, "daddr", &ipaddr_type, 32, BIG, REQUIRED,
	       CT_F_FAMILY),
	CT_KEY(NFT_CT_PROTOCOL, "protocol", &inet_protocol_type, 8, BIG,
	       UNLISTED, 0),
	CT_KEY(NFT_CT_PROTO_SRC, "proto-src", &inet_service_type, 16, BIG,
	       REQUIRED, 0),
	CT_KEY(NFT_CT_PROTO_DST, "proto-dst", &inet_service_type, 16, BIG,
	       REQUIRED, 0),
	CT_KEY(NFT_CT_LABELS, "label", &ct_label_type, 128, HOST, NONE,
	       CT_F_SET),
	CT_KEY(NFT_CT_PKTS, "packets", &integer_type, 64, HOST, OPTIONAL, 0),
	CT_KEY(NFT_CT_BYTES, "bytes", &integer_type, 64, HOST, OPTIONAL, 0),
	CT_KEY(NFT_CT_AVGPKT, "avgpkt", &integer_type, 64, HOST, OPTIONAL, 0),
	CT_KEY(NFT_CT_ZONE, "zone", &integer_type, 16, HOST, OPTIONAL,
	       CT_F_SET),
	CT_KEY(NFT_CT_EVENTMASK, "event", &ct_event_type, 32, HOST, NONE,
	       CT_F_SET),
	CT_KEY(NFT_CT_SRC_IP, "ip saddr", &ipaddr_type, 32, BIG, REQUIRED, 0),
	CT_KEY(NFT_CT_DST_IP, "ip daddr", &ipaddr_type, 32, BIG, REQUIRED, 0),
	CT_KEY(NFT_CT_SRC_IP6, "ip6 saddr", &ip6addr_type, 128, BIG, REQUIRED,
	       0),
	CT_KEY(NFT_CT_DST_IP6, "ip6 daddr", &ip6addr_type, 128, BIG, REQUIRED,
	       0),
	CT_KEY(NFT_CT_ID, "id", &integer_type, 32, BIG, NONE, 0),
};

static const char *const ct_dir_names[] = { "original", "reply" };

static const struct ct_template *ct_template(enum nft_ct_keys key)
{
	if ((unsigned int)key >= array_size(ct_templates) ||
	    !ct_templates[key].token)
		return NULL;
	return &ct_templates[key];
}

bool ct_key_lookup(const char *name, enum nft_ct_keys *key)
{
	unsigned int i;

	for (i = 0; i < array_size(ct_templates); i++) {
		if (ct_templates[i].token &&
		    !strcmp(ct_templates[i].token, name)) {
			*key = i;
			return true;
		}
	}
	return false;
}

const char *ct_key_name(enum nft_ct_keys key)
{
	const struct ct_template *t = ct_template(key);

	return t ? t->token : "unknown";
}

bool ct_key_settable(enum nft_ct_keys key)
{
	const struct ct_template *t = ct_template(key);

	return t && t->flags & CT_F_SET;
}

int ct_dir_lookup(const char *name)
{
	unsigned int i;

	for (i = 0; i < array_size(ct_dir_names); i++)
		if (!strcmp(ct_dir_names[i], name))
			return i;
	return -1;
}

struct expr *ct_expr_alloc(const struct location *loc, enum nft_ct_keys key,
			   int direction)
{
	const struct ct_template *t = ct_template(key);
	struct expr *expr;

	if (!t)
		expr = expr_alloc(loc, &ct_expr_ops, &integer_type,
				  BYTEORDER_HOST_ENDIAN, 32);
	else
		expr = expr_alloc(loc, &ct_expr_ops, t->dtype, t->byteorder,
				  t->len);
	expr->ct.key = key;
	expr->ct.direction = direction;
	return expr;
}

struct expr *ct_expr_alloc_addr(const struct location *loc, int direction,
				const char *proto, const char *field)
{
	enum nft_ct_keys key;
	char name[16];

	snprintf(name, sizeof(name), "%s %s", proto, field);
	if (!ct_key_lookup(name, &key))
		return NULL;
	return ct_expr_alloc(loc, key, direction);
}

/* The deprecated family-less address keys take the table's family. */
static void ct_expr_set_family(struct expr *expr, unsigned int family)
{
	if (family == NFPROTO_IPV6)
		expr_set_type(expr, &ip6addr_type, BYTEORDER_BIG_ENDIAN);
	expr->len = expr->dtype->size;
}

static void ct_expr_clone(struct expr *dst, const struct expr *src)
{
	dst->ct = src->ct;
}

static bool ct_expr_cmp(const struct expr *a, const struct expr *b)
{
	return a->ct.key == b->ct.key && a->ct.direction == b->ct.direction;
}

static bool ct_expr_lists_dir(const struct expr *expr)
{
	const struct ct_template *t = ct_template(expr->ct.key);

	return expr->ct.direction >= 0 && t && t->dir != CT_DIR_UNLISTED &&
	       (unsigned int)expr->ct.direction < array_size(ct_dir_names);
}

/* "ct original saddr" lists with the family it has: "ip saddr". */
static void ct_expr_print(const struct expr *expr, struct output_ctx *octx)
{
	const struct ct_template *t = ct_template(expr->ct.key);

	nft_print(octx, "ct ");
	if (ct_expr_lists_dir(expr))
		nft_print(octx, "%s ", ct_dir_names[expr->ct.direction]);
	if (t && t->flags & CT_F_FAMILY)
		nft_print(octx, "%s ",
			  expr->dtype == &ip6addr_type ? "ip6" : "ip");
	nft_print(octx, "%s", ct_key_name(expr->ct.key));
}

static json_t *ct_expr_json(const struct expr *expr, struct output_ctx *octx)
{
	json_t *obj = json_object();

	json_object_set_new(obj, "key", json_string(ct_key_name(expr->ct.key)));
	if (ct_expr_lists_dir(expr))
		json_object_set_new(obj, "dir",
			json_string(ct_dir_names[expr->ct.direction]));
	return json_wrap("ct", obj);
}

static int ct_json_dir(struct json_ctx *jctx, json_t *value, int *dir)
{
	json_t *d = json_object_get(value, "dir");

	*dir = -1;
	if (!d)
		return 0;
	if (json_is_string(d))
		*dir = ct_dir_lookup(json_string_value(d));
	if (*dir < 0)
		return json_error(jctx, ".ct.dir",
				  "Invalid ct direction: expected \"original\" or \"reply\"");
	return 0;
}

/*
 * {"ct": {"key": "state"}}, {"ct": {"key": "saddr", "family": "ip",
 * "dir": "original"}} or {"ct": {"key": "ip saddr", "dir": "original"}}
 */
static struct expr *ct_expr_json_parse(struct json_ctx *jctx, json_t *value,
				       const struct location *loc)
{
	json_t *k = json_is_object(value) ? json_object_get(value, "key") :
		    NULL;
	json_t *f = json_is_object(value) ? json_object_get(value, "family") :
		    NULL;
	enum nft_ct_keys key;
	char name[32];
	int dir;

	if (!k || !json_is_string(k)) {
		json_error(jctx, ".ct.key",
			   "Invalid ct expression: \"key\" must be a string");
		return NULL;
	}
	if (f && !json_is_string(f)) {
		json_error(jctx, ".ct.family",
			   "Invalid ct family: expected \"ip\" or \"ip6\"");
		return NULL;
	}
	snprintf(name, sizeof(name), "%s%s%s", f ? json_string_value(f) : "",
		 f ? " " : "", json_string_value(k));
	if (!ct_key_lookup(name, &key)) {
		json_error(jctx, ".ct.key", "Unknown ct key '%s'", name);
		return NULL;
	}
	if (ct_json_dir(jctx, value, &dir) < 0)
		return NULL;
	return ct_expr_alloc(loc, key, dir);
}

static int ct_check_noconst(struct eval_ctx *ectx, const struct expr *expr)
{
	const struct stmt *stmt = ectx->stmt;
	const struct expr *rel;

	if (!stmt || stmt->type != STMT_EXPRESSION)
		return 0;
	rel = stmt->expr;
	if (rel->etype != EXPR_RELATIONAL || rel->binop.left != expr)
		return 0;
	ectx->rhs_noconst = true;
	return 0;
}

static int ct_evaluate_family(struct eval_ctx *ectx, struct expr *expr)
{
	unsigned int family = ectx->pctx.family;

	if (family == NFPROTO_IPV4 || family == NFPROTO_IPV6) {
		ct_expr_set_family(expr, family);
		return 0;
	}
	return expr_error(ectx, expr,
			  "cannot determine ip protocol version, use \"ip %s\" or \"ip6 %s\" instead",
			  ct_key_name(expr->ct.key), ct_key_name(expr->ct.key));
}

/* "ct original ip6 saddr" in an ip table, or after "ip saddr 1.2.3.4"
 * (the match underlined), can never match. */
static int ct_evaluate_addr_family(struct eval_ctx *ectx, struct expr *expr)
{
	unsigned int family = ectx->pctx.family;
	bool v6 = expr->dtype == &ip6addr_type;
	const struct proto_desc *nh;
	struct error_record *erec;
	struct location where;

	if ((family == NFPROTO_IPV4 && v6) || (family == NFPROTO_IPV6 && !v6))
		return expr_error(ectx, expr,
				  "conflicting protocols specified: %s vs. %s",
				  family == NFPROTO_IPV4 ? "ip" : "ip6",
				  v6 ? "ip6" : "ip");
	payload_pctx_rebuild(ectx);
	nh = ectx->pctx.protocol[PROTO_BASE_NETWORK_HDR].desc;
	where = ectx->pctx.protocol[PROTO_BASE_NETWORK_HDR].location;
	if (!(nh == &proto_ip && v6) && !(nh == &proto_ip6 && !v6))
		return 0;
	erec = erec_create(EREC_ERROR, &expr->location,
			   "conflicting protocols specified: %s vs. %s",
			   nh->name, v6 ? "ip6" : "ip");
	if (where.indesc && where.json_index < 0)
		erec_add_location(erec, &where);
	erec_queue(erec, ectx->msgs);
	return -1;
}

static int ct_expr_evaluate(struct eval_ctx *ectx, struct expr **exprp)
{
	struct expr *expr = *exprp;
	const struct ct_template *t = ct_template(expr->ct.key);

	if (!t)
		return expr_error(ectx, expr, "unknown ct key %u",
				  expr->ct.key);
	if (t->dir == CT_DIR_REQUIRED && expr->ct.direction < 0)
		return expr_error(ectx, expr,
				  "ct %s requires a direction: ct original %s or ct reply %s",
				  t->token, t->token, t->token);
	if (t->dir == CT_DIR_NONE && expr->ct.direction >= 0)
		return expr_error(ectx, expr,
				  "ct %s takes no direction", t->token);
	if (t->flags & CT_F_FAMILY)
		return ct_evaluate_family(ectx, expr);
	if (t->dtype == &ipaddr_type || t->dtype == &ip6addr_type)
		return ct_evaluate_addr_family(ectx, expr);
	if (t->flags & CT_F_NOCONST)
		return ct_check_noconst(ectx, expr);
	return 0;
}

bool ct_expr_family_implicit(const struct expr *expr)
{
	const struct ct_template *t;

	if (expr->etype != EXPR_CT)
		return false;
	t = ct_template(expr->ct.key);
	return t && (t->flags & CT_F_FAMILY);
}

/*
 * "describe ct original saddr": no rule, so neither a table family nor a
 * missing direction can be held against the key. The system nft
 * describes the key as written: the family-less address keys have no
 * type until a table gives them one ("datatype invalid"), a key that
 * needs a direction is described without it. A direction on a key that
 * takes none is still an error.
 */
int ct_expr_describe_evaluate(struct eval_ctx *ectx, struct expr *expr)
{
	const struct ct_template *t = ct_template(expr->ct.key);

	if (!t || (t->dir == CT_DIR_NONE && expr->ct.direction >= 0))
		return ct_expr_evaluate(ectx, &expr);
	if (t->flags & CT_F_FAMILY)
		expr_set_type(expr, &invalid_type, BYTEORDER_INVALID);
	return 0;
}

static void ct_expr_linearize(struct lin_ctx *lctx, const struct expr *expr,
			      enum nft_registers dreg)
{
	struct nftnl_expr *nle = lin_expr_alloc("ct");

	nftnl_expr_set_u32(nle, NFTNL_EXPR_CT_KEY, expr->ct.key);
	if (expr->ct.direction >= 0)
		nftnl_expr_set_u8(nle, NFTNL_EXPR_CT_DIR, expr->ct.direction);
	nftnl_expr_set_u32(nle, NFTNL_EXPR_CT_DREG, dreg);
	lin_add_expr(lctx, nle);
}

static int ct_expr_delinearize(struct delin_ctx *dctx,
			       const struct nftnl_expr *nle)
{
	enum nft_ct_keys key = nftnl_expr_get_u32(nle, NFTNL_EXPR_CT_KEY);
	const struct ct_template *t = ct_template(key);
	int dir = -1;
	struct expr *expr;

	if (nftnl_expr_is_set(nle, NFTNL_EXPR_CT_DIR))
		dir = nftnl_expr_get_u8(nle, NFTNL_EXPR_CT_DIR);
	expr = ct_expr_alloc(&internal_location, key, dir);
	if (t && t->flags & CT_F_FAMILY)
		ct_expr_set_family(expr, dctx->family);
	/* A ct with a source register is the "ct set" statement. */
	if (nftnl_expr_is_set(nle, NFTNL_EXPR_CT_SREG))
		return ct_stmt_delinearize(dctx, expr,
			nftnl_expr_get_u32(nle, NFTNL_EXPR_CT_SREG));
	if (!nftnl_expr_is_set(nle, NFTNL_EXPR_CT_DREG)) {
		expr_free(expr);
		return -1;
	}
	delin_set_register(dctx, nftnl_expr_get_u32(nle, NFTNL_EXPR_CT_DREG),
			   expr);
	return 0;
}

/* typeof: its key and direction, -1 for none (src/obj/set_typeof.c);
 * not a key that needs a direction without one ("ct ip saddr"), which
 * the system nft lists as a type. */
static bool ct_typeof_put(struct nftnl_udata_buf *ud, const struct expr *expr)
{
	const struct ct_template *t = ct_template(expr->ct.key);

	if (t && t->dir == CT_DIR_REQUIRED && expr->ct.direction < 0)
		return false;
	nftnl_udata_put_u32(ud, 0, expr->ct.key);
	nftnl_udata_put_u32(ud, 1, (uint32_t)expr->ct.direction);
	return true;
}

static struct expr *ct_typeof_parse(const struct typeof_attrs *t)
{
	uint32_t key, dir;

	if (!typeof_u32(t, 0, &key) || !ct_template(key))
		return NULL;
	if (!typeof_u32(t, 1, &dir))
		dir = (uint32_t)-1;
	if ((int)dir < -1 || (int)dir >= (int)array_size(ct_dir_names))
		return NULL;
	return ct_expr_alloc(&internal_location, key, (int)dir);
}

/* "ct l3proto ipv4 ip saddr 1.2.3.4" in inet: the match selects the
 * network protocol, as when it was evaluated, so the loads after it are
 * named; it stays listed (it is no dependency evaluation inserts). */
static void ct_expr_delin_postprocess(struct delin_ctx *dctx,
				      struct stmt *stmt, struct expr *expr)
{
	delin_retype_match(dctx, stmt, expr);
	if (stmt->expr->binop.left == expr)
		proto_ctx_update_match(&dctx->pctx, stmt->expr, false);
}

static const char *const ct_expr_json_keys[] = {
	"key", "dir", "family", NULL,
};

const struct expr_ops ct_expr_ops = {
	.type			= EXPR_CT,
	.name			= "ct",
	.clone			= ct_expr_clone,
	.cmp			= ct_expr_cmp,
	.print			= ct_expr_print,
	.json			= ct_expr_json,
	.evaluate		= ct_expr_evaluate,
	.linearize		= ct_expr_linearize,
	.nl_name		= "ct",
	.delinearize		= ct_expr_delinearize,
	.delin_postprocess	= ct_expr_delin_postprocess,
	.json_name		= "ct",
	.json_parse		= ct_expr_json_parse,
	.json_keys		= ct_expr_json_keys,
	.typeof_id		= 12,
	.typeof_put		= ct_typeof_put,
	.typeof_parse		= ct_typeof_parse,
};
