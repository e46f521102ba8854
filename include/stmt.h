/*
 * Statements of a rule. Like expressions, one ops struct per kind in
 * src/stmt/<kind>.c with evaluate, linearize, delinearize, print, JSON.
 */
#ifndef NFT_STMT_H
#define NFT_STMT_H

#include <nft.h>
#include <erec.h>
#include <expr.h>
#include <jansson.h>

struct output_ctx;
struct eval_ctx;
struct lin_ctx;
struct delin_ctx;
struct json_ctx;
struct nftnl_expr;

enum stmt_types {
	STMT_INVALID,
	STMT_EXPRESSION,	/* a match: relational expression */
	STMT_VERDICT,
	STMT_COUNTER,
	/* kinds being added (issue 5); each owns src/stmt/<kind>.c */
	STMT_LOG,
	STMT_LIMIT,
	STMT_QUOTA,
	STMT_REJECT,
	STMT_NAT,
	STMT_QUEUE,
	STMT_META,
	STMT_CT,
	STMT_PAYLOAD,
	STMT_EXTHDR,
	STMT_NOTRACK,
	STMT_DUP,
	STMT_FWD,
	STMT_LAST,
	STMT_SYNPROXY,
	STMT_SET,
	STMT_TPROXY,
	__STMT_MAX
};

struct stmt {
	struct list_head list;
	struct location location;
	enum stmt_types type;
	const struct stmt_ops *ops;
	union {
		struct expr *expr;	/* STMT_EXPRESSION, STMT_VERDICT */
		struct {
			uint64_t packets;
			uint64_t bytes;
		} counter;
	};
};

struct stmt_ops {
	enum stmt_types type;
	const char *name;
	void (*destroy)(struct stmt *stmt);
	void (*print)(const struct stmt *stmt, struct output_ctx *octx);
	json_t *(*json)(const struct stmt *stmt, struct output_ctx *octx);
	int (*evaluate)(struct eval_ctx *ectx, struct stmt *stmt);
	void (*linearize)(struct lin_ctx *lctx, const struct stmt *stmt);
	/* Decoder for a netlink expression that maps to this statement
	 * ("counter"); NULL if none. */
	const char *nl_name;
	int (*delinearize)(struct delin_ctx *dctx, const struct nftnl_expr *nle);
	/* After the rule is decoded (src/delinearize.c): restore what the
	 * user wrote, e.g. type the arguments; walk them with
	 * delin_postprocess_expr(). NULL if nothing to do. */
	void (*delin_postprocess)(struct delin_ctx *dctx, struct stmt *stmt);
	/* JSON input key ("counter", "match", "accept", ...). Verdict
	 * statements register several keys through json_names. */
	const char *json_name;
	const char *const *json_names;
	struct stmt *(*json_parse)(struct json_ctx *jctx, const char *key,
				   json_t *value, const struct location *loc);
};

extern const struct stmt_ops *const stmt_ops_registry[];
const struct stmt_ops *stmt_ops_by_nl_name(const char *name);
const struct stmt_ops *stmt_ops_by_json_name(const char *name);

extern const struct stmt_ops expr_stmt_ops;
extern const struct stmt_ops verdict_stmt_ops;
extern const struct stmt_ops counter_stmt_ops;

struct stmt *stmt_alloc(const struct location *loc,
			const struct stmt_ops *ops);
void stmt_free(struct stmt *stmt);
void stmt_list_free(struct list_head *stmts);
void stmt_print(const struct stmt *stmt, struct output_ctx *octx);
json_t *stmt_json(const struct stmt *stmt, struct output_ctx *octx);

struct stmt *expr_stmt_alloc(const struct location *loc, struct expr *expr);
struct stmt *verdict_stmt_alloc(const struct location *loc,
				struct expr *verdict);
struct stmt *counter_stmt_alloc(const struct location *loc);

#endif /* NFT_STMT_H */
