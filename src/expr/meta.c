/*
 * Meta expressions: packet metadata the kernel loads by key ("meta mark",
 * "iifname", "meta l4proto"). One table row per key gives its name, type,
 * width and byte order, and whether nft lists it without the "meta"
 * keyword.
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
#include <net/if.h>
#include <linux/netfilter.h>
#include <libnftnl/expr.h>

/* Newer kernels than our headers: bridge port "broute" decision. */
#ifndef NFT_META_BRI_BROUTE
#define NFT_META_BRI_BROUTE	35
#endif

enum meta_flags {
	META_F_BARE	= 1 << 0,	/* listed without "meta " */
	META_F_PROTO	= 1 << 1,	/* selects a protocol layer */
	META_F_SET	= 1 << 2,	/* "meta KEY set EXPR" writes it */
	META_F_NOCONST	= 1 << 3,	/* no compare with a constant */
};

struct meta_template {
	const char *token;
	const struct datatype *dtype;
	unsigned int len;		/* bits */
	enum byteorder byteorder;
	unsigned int flags;		/* enum meta_flags */
};

#define META_KEY(_key, _token, _dtype, _len, _bo, _flags)		\
	[_key] = { .token = (_token), .dtype = (_dtype), .len = (_len),	\
		   .byteorder = BYTEORDER_##_bo##_ENDIAN, .flags = (_flags) }
#define IFNAME_BITS	(IFNAMSIZ * BITS_PER_BYTE)

/* Rows as the system nft parses and lists them; nft(8), META EXPRESSIONS. */
static const struct meta_template meta_templates[] = {
	META_KEY(NFT_META_LEN, "length", &integer_type, 32, HOST, 0),
	META_KEY(NFT_META_PROTOCOL, "protocol", &ethertype_type, 16, BIG,
		 META_F_PROTO),
	META_KEY(NFT_META_PRIORITY, "priority", &classid_type, 32, HOST,
		 META_F_SET),
	META_KEY(NFT_META_MARK, "mark", &mark_type, 32, HOST, META_F_SET),
	META_KEY(NFT_META_IIF, "iif", &ifindex_type, 32, HOST, META_F_BARE),
	META_KEY(NFT_META_OIF, "oif", &ifindex_type, 32, HOST, META_F_BARE),
	META_KEY(NFT_META_IIFNAME, "iifname", &ifname_type, IFNAME_BITS, HOST,
		 META_F_BARE),
	META_KEY(NFT_META_OIFNAME, "oifname", &ifname_type, IFNAME_BITS, HOST,
		 META_F_BARE),
	META_KEY(NFT_META_IIFTYPE, "iiftype", &arphrd_type, 16, HOST,
		 META_F_PROTO),
	META_KEY(NFT_META_OIFTYPE, "oiftype", &arphrd_type, 16, HOST, 0),
	META_KEY(NFT_META_SKUID, "skuid", &uid_type, 32, HOST, 0),
	META_KEY(NFT_META_SKGID, "skgid", &gid_type, 32, HOST, 0),
	META_KEY(NFT_META_NFTRACE, "nftrace", &integer_type, 1, HOST,
		 META_F_SET),
	META_KEY(NFT_META_RTCLASSID, "rtclassid", &realm_type, 32, HOST, 0),
	META_KEY(NFT_META_SECMARK, "secmark", &integer_type, 32, HOST,
		 META_F_NOCONST),
	META_KEY(NFT_META_NFPROTO, "nfproto", &nfproto_type, 8, HOST,
		 META_F_PROTO),
	META_KEY(NFT_META_L4PROTO, "l4proto", &inet_protocol_type, 8, HOST,
		 META_F_PROTO),
	META_KEY(NFT_META_BRI_IIFNAME, "ibrname", &ifname_type, IFNAME_BITS,
		 HOST, 0),
	META_KEY(NFT_META_BRI_OIFNAME, "obrname", &ifname_type, IFNAME_BITS,
		 HOST, 0),
	META_KEY(NFT_META_PKTTYPE, "pkttype", &pkttype_type, 8, HOST,
		 META_F_SET),
	META_KEY(NFT_META_CPU, "cpu", &integer_type, 32, HOST, 0),
	META_KEY(NFT_META_IIFGROUP, "iifgroup", &devgroup_type, 32, HOST,
		 META_F_BARE),
	META_KEY(NFT_META_OIFGROUP, "oifgroup", &devgroup_type, 32, HOST,
		 META_F_BARE),
	META_KEY(NFT_META_CGROUP, "cgroup", &integer_type, 32, HOST, 0),
	META_KEY(NFT_META_PRANDOM, "random", &integer_type, 32, BIG, 0),
	META_KEY(NFT_META_SECPATH, "ipsec", &boolean_type, 8, HOST, 0),
	META_KEY(NFT_META_IIFKIND, "iifkind", &ifname_type, IFNAME_BITS, HOST,
		 0),
	META_KEY(NFT_META_OIFKIND, "oifkind", &ifname_type, IFNAME_BITS, HOST,
		 0),
	META_KEY(NFT_META_BRI_IIFPVID, "ibrpvid", &integer_type, 16, HOST, 0),
	META_KEY(NFT_META_BRI_IIFVPROTO, "ibrvproto", &ethertype_type, 16, BIG,
		 0),
	META_KEY(NFT_META_TIME_NS, "time", &date_type, 64, HOST, 0),
	META_KEY(NFT_META_TIME_DAY, "day", &day_type, 8, HOST, 0),
	META_KEY(NFT_META_TIME_HOUR, "hour", &hour_type, 32, HOST, 0),
	META_KEY(NFT_META_SDIF, "sdif", &ifindex_type, 32, HOST, 0),
	META_KEY(NFT_META_SDIFNAME, "sdifname", &ifname_type, IFNAME_BITS,
		 HOST, 0),
	META_KEY(NFT_META_BRI_BROUTE, "broute", &integer_type, 8, HOST,
		 META_F_SET),
};

/* Other names the parser takes for a key ("meta secpath exists"). */
static const struct {
	const char *token;
	enum nft_meta_keys key;
} meta_aliases[] = {
	{ "secpath", NFT_META_SECPATH },
};

static const struct meta_template *meta_template(enum nft_meta_keys key)
{
	if ((unsigned int)key >= array_size(meta_templates) ||
	    !meta_templates[key].token)
		return NULL;
	return &meta_templates[key];
}

bool meta_key_lookup(const char *name, enum nft_meta_keys *key)
{
	unsigned int i;

	for (i = 0; i < array_size(meta_templates); i++) {
		if (meta_templates[i].token &&
		    !strcmp(meta_templates[i].token, name)) {
			*key = i;
			return true;
		}
	}
	for (i = 0; i < array_size(meta_aliases); i++) {
		if (!strcmp(meta_aliases[i].token, name)) {
			*key = meta_aliases[i].key;
			return true;
		}
	}
	return false;
}

const char *meta_key_name(enum nft_meta_keys key)
{
	const struct meta_template *t = meta_template(key);

	return t ? t->token : "unknown";
}

struct expr *meta_expr_alloc(const struct location *loc,
			     enum nft_meta_keys key)
{
	const struct meta_template *t = meta_template(key);
	struct expr *expr;

	if (!t)
		expr = expr_alloc(loc, &meta_expr_ops, &integer_type,
				  BYTEORDER_HOST_ENDIAN, 32);
	else
		expr = expr_alloc(loc, &meta_expr_ops, t->dtype,
				  t->byteorder, t->len);
	expr->meta.key = key;
	if (t && t->flags & META_F_PROTO)
		expr->flags |= EXPR_F_PROTOCOL;
	return expr;
}

static void meta_expr_clone(struct expr *dst, const struct expr *src)
{
	dst->meta.key = src->meta.key;
}

static bool meta_expr_cmp(const struct expr *a, const struct expr *b)
{
	return a->meta.key == b->meta.key;
}

static void meta_expr_print(const struct expr *expr, struct output_ctx *octx)
{
	const struct meta_template *t = meta_template(expr->meta.key);

	if (t && t->flags & META_F_BARE)
		nft_print(octx, "%s", t->token);
	else
		nft_print(octx, "meta %s", meta_key_name(expr->meta.key));
}

static json_t *meta_expr_json(const struct expr *expr,
			      struct output_ctx *octx)
{
	return json_wrap("meta", json_wrap("key",
				json_string(meta_key_name(expr->meta.key))));
}

/* {"meta": {"key": "iifname"}} (the caller hands over the inner object) */
static struct expr *meta_expr_json_parse(struct json_ctx *jctx,
					 json_t *value,
					 const struct location *loc)
{
	enum nft_meta_keys key;
	json_t *k;

	k = json_is_object(value) ? json_object_get(value, "key") : NULL;
	if (!k || !json_is_string(k)) {
		json_error(jctx, ".meta.key",
			   "Invalid meta expression: \"key\" must be a string");
		return NULL;
	}
	if (!meta_key_lookup(json_string_value(k), &key)) {
		json_error(jctx, ".meta.key", "Unknown meta key '%s'",
			   json_string_value(k));
		return NULL;
	}
	return meta_expr_alloc(loc, key);
}

bool meta_key_settable(enum nft_meta_keys key)
{
	const struct meta_template *t = meta_template(key);

	return t && t->flags & META_F_SET;
}

/*
 * "meta secmark 1": the kernel holds a secmark id that only a secmark
 * object can name, so the system nft refuses a constant on the right.
 */
static int meta_check_noconst(struct eval_ctx *ectx, const struct expr *expr)
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

static int meta_expr_evaluate(struct eval_ctx *ectx, struct expr **exprp)
{
	const struct meta_template *t = meta_template((*exprp)->meta.key);
	struct expr *expr = *exprp;

	if (!t)
		return expr_error(ectx, expr, "unknown meta key %u",
				  expr->meta.key);
	if (expr->meta.key == NFT_META_NFPROTO &&
	    ectx->pctx.family != NFPROTO_INET)
		return expr_error(ectx, expr,
				  "meta nfproto is only useful in the inet family");
	if (t->flags & META_F_NOCONST)
		return meta_check_noconst(ectx, expr);
	return 0;
}

static void meta_expr_linearize(struct lin_ctx *lctx, const struct expr *expr,
				enum nft_registers dreg)
{
	struct nftnl_expr *nle = lin_expr_alloc("meta");

	nftnl_expr_set_u32(nle, NFTNL_EXPR_META_KEY, expr->meta.key);
	nftnl_expr_set_u32(nle, NFTNL_EXPR_META_DREG, dreg);
	lin_add_expr(lctx, nle);
}

static int meta_expr_delinearize(struct delin_ctx *dctx,
				 const struct nftnl_expr *nle)
{
	enum nft_meta_keys key = nftnl_expr_get_u32(nle, NFTNL_EXPR_META_KEY);
	struct expr *expr = meta_expr_alloc(&internal_location, key);

	/* A meta with a source register is the "meta set" statement. */
	if (nftnl_expr_is_set(nle, NFTNL_EXPR_META_SREG))
		return meta_stmt_delinearize(dctx, expr,
			nftnl_expr_get_u32(nle, NFTNL_EXPR_META_SREG));
	if (!nftnl_expr_is_set(nle, NFTNL_EXPR_META_DREG)) {
		expr_free(expr);
		return -1;
	}
	delin_set_register(dctx, nftnl_expr_get_u32(nle, NFTNL_EXPR_META_DREG),
			   expr);
	return 0;
}

/*
 * A range of times of day is kept in UTC: one that wraps there is sent
 * turned around ("08:00"-"10:00" in Tokyo, 23:00-01:00 UTC, as "range
 * neq 01:00 23:00"). Listed in local time, it is turned back where it
 * wraps as written, so it reads as it was written and loads again.
 * (The reference lists "!= 12:00-13:00" as "13:00"-"12:00", which it
 * then refuses: "Range negative size".)
 */
static void meta_unwrap_range(struct expr *rel)
{
	struct expr *range = rel->binop.right, *tmp;

	if ((rel->binop.op != OP_NEQ && rel->binop.op != OP_EQ &&
	     rel->binop.op != OP_IMPLICIT) || range->etype != EXPR_RANGE ||
	    !(rel->binop.left->dtype->flags & DTYPE_F_WRAP) ||
	    range->range.left->etype != EXPR_VALUE ||
	    range->range.right->etype != EXPR_VALUE ||
	    range_bounds_cmp(range->range.left, range->range.right) <= 0)
		return;
	tmp = range->range.left;
	range->range.left = range->range.right;
	range->range.right = tmp;
	rel->binop.op = rel->binop.op == OP_NEQ ? OP_IMPLICIT : OP_NEQ;
}

/*
 * A protocol key match ("meta l4proto tcp") may be the dependency of a
 * later payload match; remember it so payload postprocessing can drop it.
 */
static void meta_expr_delin_postprocess(struct delin_ctx *dctx,
					struct stmt *stmt, struct expr *expr)
{
	struct expr *rel = stmt->expr;
	enum proto_bases base;

	expr_retype_constant(rel->binop.right, expr);
	meta_unwrap_range(rel);
	if (!(expr->flags & EXPR_F_PROTOCOL))
		return;
	base = proto_ctx_update_match(&dctx->pctx, rel, true);
	if (base != PROTO_BASE_INVALID)
		dctx->deps[base] = stmt;
}

/* typeof: its key (src/obj/set_typeof.c). */
static bool meta_typeof_put(struct nftnl_udata_buf *ud, const struct expr *expr)
{
	nftnl_udata_put_u32(ud, 0, expr->meta.key);
	return true;
}

static struct expr *meta_typeof_parse(const struct typeof_attrs *t)
{
	uint32_t key;

	if (!typeof_u32(t, 0, &key) || !meta_template(key))
		return NULL;
	return meta_expr_alloc(&internal_location, key);
}

static const char *const meta_expr_json_keys[] = {
	"key", NULL,
};

const struct expr_ops meta_expr_ops = {
	.type			= EXPR_META,
	.name			= "meta",
	.clone			= meta_expr_clone,
	.cmp			= meta_expr_cmp,
	.print			= meta_expr_print,
	.json			= meta_expr_json,
	.evaluate		= meta_expr_evaluate,
	.linearize		= meta_expr_linearize,
	.nl_name		= "meta",
	.delinearize		= meta_expr_delinearize,
	.delin_postprocess	= meta_expr_delin_postprocess,
	.json_name		= "meta",
	.json_parse		= meta_expr_json_parse,
	.json_keys		= meta_expr_json_keys,
	.typeof_id		= 9,
	.typeof_put		= meta_typeof_put,
	.typeof_parse		= meta_typeof_parse,
};
