/*
 * Log statements: "log [prefix P] [level L] [flags F...]" for the kernel
 * log, "log group N [snaplen N] [queue-threshold N]" for nflog. The
 * kernel tells the two apart by the group attribute and refuses a level
 * with a group; it dumps the level of every kernel-log rule, so level
 * warn (the default) is left out when listing, as the system nft does.
 */
#include <string.h>
#include <stmt.h>
#include <evaluate.h>
#include <linearize.h>
#include <json.h>
#include <nftables.h>
#include <libnftnl/expr.h>
#include <linux/netfilter/nf_log.h>

#define LOG_LEVEL_DEFAULT	4	/* warn */

static const char *const log_levels[] = {
	"emerg", "alert", "crit", "err", "warn", "notice", "info", "debug",
	"audit",
};

/* Flag words in listing order; "all" stands for all of them. */
static const struct {
	uint32_t flag;
	const char *text;	/* after "flags " */
	const char *json;
} log_flag_tbl[] = {
	{ NF_LOG_TCPSEQ,	"tcp sequence",	"tcp sequence" },
	{ NF_LOG_TCPOPT,	"tcp options",	"tcp options" },
	{ NF_LOG_IPOPT,		"ip options",	"ip options" },
	{ NF_LOG_UID,		"skuid",	"skuid" },
	{ NF_LOG_MACDECODE,	"ether",	"ether" },
};

bool log_level_lookup(const char *name, uint32_t *level)
{
	unsigned int i;

	for (i = 0; i < array_size(log_levels); i++) {
		if (!strcmp(name, log_levels[i])) {
			*level = i;
			return true;
		}
	}
	return false;
}

static void log_stmt_destroy(struct stmt *stmt)
{
	xfree(stmt->log.prefix);
}

static bool log_has(const struct stmt *stmt, uint32_t f)
{
	return stmt->log.flags & f;
}

/* Shown unless it is the default the kernel reports for plain "log". */
static bool log_show_level(const struct stmt *stmt)
{
	return log_has(stmt, LOG_F_LEVEL) &&
	       stmt->log.level != LOG_LEVEL_DEFAULT &&
	       stmt->log.level < array_size(log_levels);
}

/* "flags tcp sequence,options flags ip options" */
static void log_print_flags(uint32_t flags, struct output_ctx *octx)
{
	unsigned int i;

	if (flags == NF_LOG_MASK) {
		nft_print(octx, " flags all");
		return;
	}
	if ((flags & (NF_LOG_TCPSEQ | NF_LOG_TCPOPT)) ==
	    (NF_LOG_TCPSEQ | NF_LOG_TCPOPT)) {
		nft_print(octx, " flags tcp sequence,options");
		flags &= ~(NF_LOG_TCPSEQ | NF_LOG_TCPOPT);
	}
	for (i = 0; i < array_size(log_flag_tbl); i++)
		if (flags & log_flag_tbl[i].flag)
			nft_print(octx, " flags %s", log_flag_tbl[i].text);
}

static void log_stmt_print(const struct stmt *stmt, struct output_ctx *octx)
{
	nft_print(octx, "log");
	if (log_has(stmt, LOG_F_PREFIX))
		nft_print(octx, " prefix \"%s\"", stmt->log.prefix);
	if (log_has(stmt, LOG_F_GROUP))
		nft_print(octx, " group %u", stmt->log.group);
	if (log_has(stmt, LOG_F_SNAPLEN) && log_has(stmt, LOG_F_GROUP))
		nft_print(octx, " snaplen %u", stmt->log.snaplen);
	if (log_has(stmt, LOG_F_QTHRESHOLD) && log_has(stmt, LOG_F_GROUP))
		nft_print(octx, " queue-threshold %u", stmt->log.qthreshold);
	if (log_show_level(stmt))
		nft_print(octx, " level %s", log_levels[stmt->log.level]);
	if (stmt->log.logflags)
		log_print_flags(stmt->log.logflags, octx);
}

/* One flag: a string, several: an array, all of them: "all". */
static json_t *log_flags_json(uint32_t flags)
{
	json_t *arr;
	unsigned int i;

	if (flags == NF_LOG_MASK)
		return json_string("all");
	arr = json_array();
	for (i = 0; i < array_size(log_flag_tbl); i++)
		if (flags & log_flag_tbl[i].flag)
			json_array_append_new(arr,
				json_string(log_flag_tbl[i].json));
	if (json_array_size(arr) == 1) {
		json_t *one = json_incref(json_array_get(arr, 0));

		json_decref(arr);
		return one;
	}
	return arr;
}

static json_t *log_stmt_json(const struct stmt *stmt, struct output_ctx *octx)
{
	json_t *obj = json_object();
	bool group = log_has(stmt, LOG_F_GROUP);

	if (log_has(stmt, LOG_F_PREFIX))
		json_object_set_new(obj, "prefix",
				    json_string(stmt->log.prefix));
	if (group)
		json_object_set_new(obj, "group",
				    json_integer(stmt->log.group));
	if (group && log_has(stmt, LOG_F_SNAPLEN))
		json_object_set_new(obj, "snaplen",
				    json_integer(stmt->log.snaplen));
	if (group && log_has(stmt, LOG_F_QTHRESHOLD))
		json_object_set_new(obj, "queue-threshold",
				    json_integer(stmt->log.qthreshold));
	if (log_show_level(stmt))
		json_object_set_new(obj, "level",
				    json_string(log_levels[stmt->log.level]));
	if (stmt->log.logflags)
		json_object_set_new(obj, "flags",
				    log_flags_json(stmt->log.logflags));
	if (json_object_size(obj) == 0) {
		json_decref(obj);
		return json_wrap("log", json_null());
	}
	return json_wrap("log", obj);
}

/* Errors point at the keyword, as the reference's do. */
static int log_stmt_evaluate(struct eval_ctx *ectx, struct stmt *stmt)
{
	struct location kw = stmt_keyword_location(stmt, strlen("log"));
	/* a snaplen or a queue threshold is nflog's, as a group */
	bool nflog = log_has(stmt, LOG_F_GROUP | LOG_F_SNAPLEN |
				   LOG_F_QTHRESHOLD);

	/* 1.1.3's checks, in its order and words */
	if (log_has(stmt, LOG_F_LEVEL) && nflog)
		return erec_error(ectx->msgs, &kw,
				  "level and group are mutually exclusive");
	if (stmt->log.logflags && nflog)
		return erec_error(ectx->msgs, &kw,
				  "flags and group are mutually exclusive");
	if (log_has(stmt, LOG_F_LEVEL) && stmt->log.level == NFT_LOGLEVEL_AUDIT &&
	    (log_has(stmt, LOG_F_PREFIX) || stmt->log.logflags))
		return erec_error(ectx->msgs, &kw,
				  "log level audit doesn't support any further options");
	if (log_has(stmt, LOG_F_PREFIX) && !stmt->log.prefix[0])
		return erec_error(ectx->msgs, &kw,
				  "log prefix must have a minimum length of 1 character");
	if (log_has(stmt, LOG_F_PREFIX) &&
	    strlen(stmt->log.prefix) >= NF_LOG_PREFIXLEN)
		return erec_error(ectx->msgs, &kw, "log prefix is too long");
	return 0;
}

static void log_stmt_linearize(struct lin_ctx *lctx, const struct stmt *stmt)
{
	struct nftnl_expr *nle = lin_expr_alloc("log");

	if (log_has(stmt, LOG_F_PREFIX))
		nftnl_expr_set_str(nle, NFTNL_EXPR_LOG_PREFIX,
				   stmt->log.prefix);
	if (log_has(stmt, LOG_F_GROUP))
		nftnl_expr_set_u16(nle, NFTNL_EXPR_LOG_GROUP, stmt->log.group);
	if (log_has(stmt, LOG_F_SNAPLEN))
		nftnl_expr_set_u32(nle, NFTNL_EXPR_LOG_SNAPLEN,
				   stmt->log.snaplen);
	if (log_has(stmt, LOG_F_QTHRESHOLD))
		nftnl_expr_set_u16(nle, NFTNL_EXPR_LOG_QTHRESHOLD,
				   stmt->log.qthreshold);
	if (log_has(stmt, LOG_F_LEVEL))
		nftnl_expr_set_u32(nle, NFTNL_EXPR_LOG_LEVEL, stmt->log.level);
	if (stmt->log.logflags)
		nftnl_expr_set_u32(nle, NFTNL_EXPR_LOG_FLAGS,
				   stmt->log.logflags);
	lin_add_expr(lctx, nle);
}

static int log_stmt_delinearize(struct delin_ctx *dctx,
				const struct nftnl_expr *nle)
{
	struct stmt *stmt = log_stmt_alloc(&internal_location);

	if (nftnl_expr_is_set(nle, NFTNL_EXPR_LOG_PREFIX)) {
		stmt->log.prefix = xstrdup(nftnl_expr_get_str(nle,
						NFTNL_EXPR_LOG_PREFIX));
		stmt->log.flags |= LOG_F_PREFIX;
	}
	if (nftnl_expr_is_set(nle, NFTNL_EXPR_LOG_GROUP)) {
		stmt->log.group = nftnl_expr_get_u16(nle, NFTNL_EXPR_LOG_GROUP);
		stmt->log.flags |= LOG_F_GROUP;
	}
	if (nftnl_expr_is_set(nle, NFTNL_EXPR_LOG_SNAPLEN)) {
		stmt->log.snaplen = nftnl_expr_get_u32(nle,
						NFTNL_EXPR_LOG_SNAPLEN);
		stmt->log.flags |= LOG_F_SNAPLEN;
	}
	if (nftnl_expr_is_set(nle, NFTNL_EXPR_LOG_QTHRESHOLD)) {
		stmt->log.qthreshold = nftnl_expr_get_u16(nle,
						NFTNL_EXPR_LOG_QTHRESHOLD);
		stmt->log.flags |= LOG_F_QTHRESHOLD;
	}
	if (nftnl_expr_is_set(nle, NFTNL_EXPR_LOG_LEVEL)) {
		stmt->log.level = nftnl_expr_get_u32(nle, NFTNL_EXPR_LOG_LEVEL);
		stmt->log.flags |= LOG_F_LEVEL;
	}
	if (nftnl_expr_is_set(nle, NFTNL_EXPR_LOG_FLAGS))
		stmt->log.logflags = nftnl_expr_get_u32(nle,
						NFTNL_EXPR_LOG_FLAGS);
	/* what the language cannot say must not list as something else */
	if ((stmt->log.logflags & ~NF_LOG_MASK) ||
	    (log_has(stmt, LOG_F_LEVEL) &&
	     stmt->log.level >= array_size(log_levels))) {
		stmt_free(stmt);
		return -1;
	}
	delin_add_stmt(dctx, stmt);
	return 0;
}

static int log_json_flag(struct json_ctx *jctx, json_t *v, uint32_t *flags)
{
	unsigned int i;

	if (json_is_string(v) && !strcmp(json_string_value(v), "all")) {
		*flags |= NF_LOG_MASK;
		return 0;
	}
	for (i = 0; json_is_string(v) && i < array_size(log_flag_tbl); i++) {
		if (!strcmp(json_string_value(v), log_flag_tbl[i].json)) {
			*flags |= log_flag_tbl[i].flag;
			return 0;
		}
	}
	return json_error(jctx, ".log.flags", "Unknown log flag %s",
			  json_is_string(v) ? json_string_value(v) : "");
}

static int log_json_flags(struct json_ctx *jctx, json_t *obj,
			  struct stmt *stmt)
{
	json_t *v = json_object_get(obj, "flags"), *e;
	size_t i;

	if (v == NULL)
		return 0;
	if (!json_is_array(v))
		return log_json_flag(jctx, v, &stmt->log.logflags);
	json_array_foreach(v, i, e)
		if (log_json_flag(jctx, e, &stmt->log.logflags) < 0)
			return -1;
	return 0;
}

/* The numbers, each marked set when present. */
static int log_json_numbers(struct json_ctx *jctx, json_t *obj,
			    struct stmt *stmt)
{
	uint64_t v;
	int r;

	if ((r = stmt_json_u64(jctx, obj, "log", "group", UINT16_MAX, &v)) < 0)
		return -1;
	if (r) {
		stmt->log.group = v;
		stmt->log.flags |= LOG_F_GROUP;
	}
	if ((r = stmt_json_u64(jctx, obj, "log", "snaplen", UINT32_MAX,
			       &v)) < 0)
		return -1;
	if (r) {
		stmt->log.snaplen = v;
		stmt->log.flags |= LOG_F_SNAPLEN;
	}
	if ((r = stmt_json_u64(jctx, obj, "log", "queue-threshold",
			       UINT16_MAX, &v)) < 0)
		return -1;
	if (r) {
		stmt->log.qthreshold = v;
		stmt->log.flags |= LOG_F_QTHRESHOLD;
	}
	return 0;
}

static int log_json_strings(struct json_ctx *jctx, json_t *obj,
			    struct stmt *stmt)
{
	const char *s;
	int r;

	if ((r = stmt_json_str(jctx, obj, "log", "prefix", &s)) < 0)
		return -1;
	if (r) {
		stmt->log.prefix = xstrdup(s);
		stmt->log.flags |= LOG_F_PREFIX;
	}
	if ((r = stmt_json_str(jctx, obj, "log", "level", &s)) < 0)
		return -1;
	if (r) {
		if (!log_level_lookup(s, &stmt->log.level))
			return json_error(jctx, ".log.level",
					  "Invalid log level '%s'", s);
		stmt->log.flags |= LOG_F_LEVEL;
	}
	return 0;
}

/* {"log": null} or {"log": {"prefix": ..., "level": ..., ...}} */
static struct stmt *log_stmt_json_parse(struct json_ctx *jctx,
					const char *key, json_t *value,
					const struct location *loc)
{
	struct stmt *stmt = log_stmt_alloc(loc);

	if (value == NULL || json_is_null(value))
		return stmt;
	if (!json_is_object(value)) {
		json_error(jctx, ".log", "Invalid log: expected an object");
		goto err;
	}
	if (log_json_strings(jctx, value, stmt) < 0 ||
	    log_json_numbers(jctx, value, stmt) < 0 ||
	    log_json_flags(jctx, value, stmt) < 0)
		goto err;
	return stmt;
err:
	stmt_free(stmt);
	return NULL;
}

static const char *const log_stmt_json_keys[] = {
	"prefix", "group", "snaplen", "queue-threshold", "level", "flags", NULL,
};

const struct stmt_ops log_stmt_ops = {
	.type		= STMT_LOG,
	.name		= "log",
	.destroy	= log_stmt_destroy,
	.print		= log_stmt_print,
	.json		= log_stmt_json,
	.evaluate	= log_stmt_evaluate,
	.linearize	= log_stmt_linearize,
	.nl_name	= "log",
	.delinearize	= log_stmt_delinearize,
	.json_name	= "log",
	.json_parse	= log_stmt_json_parse,
	.json_keys	= log_stmt_json_keys,
};

struct stmt *log_stmt_alloc(const struct location *loc)
{
	return stmt_alloc(loc, &log_stmt_ops);
}
