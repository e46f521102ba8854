/*
 * Synproxy statements: "synproxy [mss N] [wscale N] [timestamp]
 * [sack-perm]". The kernel keeps which options were given as flags; mss
 * and wscale list together when either was given ("mss 1460" lists as
 * "mss 1460 wscale 0"), JSON carries only the given ones.
 */
#include <string.h>
#include <stmt.h>
#include <sobj.h>
#include <evaluate.h>
#include <linearize.h>
#include <json.h>
#include <nftables.h>
#include <libnftnl/expr.h>
#include <linux/netfilter/nf_synproxy.h>

/* The flag options, in listing order. */
static const struct {
	uint32_t flag;
	const char *name;
} synproxy_flag_tbl[] = {
	{ NF_SYNPROXY_OPT_TIMESTAMP,	"timestamp" },
	{ NF_SYNPROXY_OPT_SACK_PERM,	"sack-perm" },
};

static void synproxy_stmt_print(const struct stmt *stmt,
				struct output_ctx *octx)
{
	uint32_t flags = stmt->synproxy.flags;
	unsigned int i;

	nft_print(octx, "synproxy");
	if (flags & (NF_SYNPROXY_OPT_MSS | NF_SYNPROXY_OPT_WSCALE))
		nft_print(octx, " mss %u wscale %u", stmt->synproxy.mss,
			  stmt->synproxy.wscale);
	for (i = 0; i < array_size(synproxy_flag_tbl); i++)
		if (flags & synproxy_flag_tbl[i].flag)
			nft_print(octx, " %s", synproxy_flag_tbl[i].name);
}

static json_t *synproxy_stmt_json(const struct stmt *stmt,
				  struct output_ctx *octx)
{
	uint32_t flags = stmt->synproxy.flags;
	json_t *obj = json_object(), *arr = json_array();
	unsigned int i;

	if (flags & NF_SYNPROXY_OPT_MSS)
		json_object_set_new(obj, "mss",
				    json_integer(stmt->synproxy.mss));
	if (flags & NF_SYNPROXY_OPT_WSCALE)
		json_object_set_new(obj, "wscale",
				    json_integer(stmt->synproxy.wscale));
	for (i = 0; i < array_size(synproxy_flag_tbl); i++)
		if (flags & synproxy_flag_tbl[i].flag)
			json_array_append_new(arr,
				json_string(synproxy_flag_tbl[i].name));
	if (json_array_size(arr))
		json_object_set(obj, "flags", arr);
	json_decref(arr);
	if (json_object_size(obj) == 0) {
		json_decref(obj);
		return json_wrap("synproxy", json_null());
	}
	return json_wrap("synproxy", obj);
}

static int synproxy_stmt_evaluate(struct eval_ctx *ectx, struct stmt *stmt)
{
	return 0;
}

static void synproxy_stmt_linearize(struct lin_ctx *lctx,
				    const struct stmt *stmt)
{
	struct nftnl_expr *nle = lin_expr_alloc("synproxy");

	nftnl_expr_set_u16(nle, NFTNL_EXPR_SYNPROXY_MSS, stmt->synproxy.mss);
	nftnl_expr_set_u8(nle, NFTNL_EXPR_SYNPROXY_WSCALE,
			  stmt->synproxy.wscale);
	nftnl_expr_set_u32(nle, NFTNL_EXPR_SYNPROXY_FLAGS,
			   stmt->synproxy.flags);
	lin_add_expr(lctx, nle);
}

static int synproxy_stmt_delinearize(struct delin_ctx *dctx,
				     const struct nftnl_expr *nle)
{
	struct stmt *stmt = synproxy_stmt_alloc(&internal_location);

	stmt->synproxy.mss = nftnl_expr_get_u16(nle, NFTNL_EXPR_SYNPROXY_MSS);
	stmt->synproxy.wscale = nftnl_expr_get_u8(nle,
						  NFTNL_EXPR_SYNPROXY_WSCALE);
	stmt->synproxy.flags = nftnl_expr_get_u32(nle,
						  NFTNL_EXPR_SYNPROXY_FLAGS);
	/* ecn and unknown options have no syntax: refuse, not drop them */
	if (stmt->synproxy.flags & ~NF_SYNPROXY_OPT_MASK) {
		stmt_free(stmt);
		return -1;
	}
	delin_add_stmt(dctx, stmt);
	return 0;
}

static int synproxy_json_flags(struct json_ctx *jctx, json_t *obj,
			       uint32_t *flags)
{
	json_t *v = json_object_get(obj, "flags"), *e;
	unsigned int i;
	size_t n;

	if (v == NULL)
		return 0;
	if (json_is_string(v)) {
		e = json_array();
		json_array_append(e, v);
		v = e;
	} else {
		json_incref(v);
	}
	json_array_foreach(v, n, e) {
		for (i = 0; i < array_size(synproxy_flag_tbl); i++)
			if (json_is_string(e) && !strcmp(json_string_value(e),
						synproxy_flag_tbl[i].name))
				break;
		if (i == array_size(synproxy_flag_tbl)) {
			json_decref(v);
			return json_error(jctx, ".synproxy.flags",
					  "Invalid synproxy flag");
		}
		*flags |= synproxy_flag_tbl[i].flag;
	}
	json_decref(v);
	return 0;
}

/* {"synproxy": null} or {"synproxy": {"mss": 1460, "wscale": 7,
 *  "flags": ["timestamp", "sack-perm"]}} */
static struct stmt *synproxy_stmt_json_parse(struct json_ctx *jctx,
					     const char *key, json_t *value,
					     const struct location *loc)
{
	struct stmt *stmt;
	uint64_t v;
	int r;

	if (objref_json_is_ref(value))
		return objref_json_parse_name(jctx, NFT_OBJECT_SYNPROXY, value,
					      loc);
	if (value && !json_is_null(value) && !json_is_object(value)) {
		json_error(jctx, ".synproxy",
			   "Invalid synproxy: expected an object");
		return NULL;
	}
	stmt = synproxy_stmt_alloc(loc);
	if (!json_is_object(value))
		return stmt;
	r = stmt_json_u64(jctx, value, "synproxy", "mss", UINT16_MAX, &v);
	if (r < 0)
		goto err;
	if (r) {
		stmt->synproxy.mss = v;
		stmt->synproxy.flags |= NF_SYNPROXY_OPT_MSS;
	}
	r = stmt_json_u64(jctx, value, "synproxy", "wscale", UINT8_MAX, &v);
	if (r < 0)
		goto err;
	if (r) {
		stmt->synproxy.wscale = v;
		stmt->synproxy.flags |= NF_SYNPROXY_OPT_WSCALE;
	}
	if (synproxy_json_flags(jctx, value, &stmt->synproxy.flags) < 0)
		goto err;
	return stmt;
err:
	stmt_free(stmt);
	return NULL;
}

static const char *const synproxy_stmt_json_keys[] = {
	"mss", "wscale", "flags", "map", NULL,
};

const struct stmt_ops synproxy_stmt_ops = {
	.type		= STMT_SYNPROXY,
	.name		= "synproxy",
	.print		= synproxy_stmt_print,
	.json		= synproxy_stmt_json,
	.evaluate	= synproxy_stmt_evaluate,
	.linearize	= synproxy_stmt_linearize,
	.nl_name	= "synproxy",
	.delinearize	= synproxy_stmt_delinearize,
	.json_name	= "synproxy",
	.json_parse	= synproxy_stmt_json_parse,
	.json_keys	= synproxy_stmt_json_keys,
};

struct stmt *synproxy_stmt_alloc(const struct location *loc)
{
	return stmt_alloc(loc, &synproxy_stmt_ops);
}
