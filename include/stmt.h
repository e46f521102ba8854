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
	STMT_CONNLIMIT,		/* ct count */
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
		/* STMT_META, STMT_CT: "KEY set VALUE"; @key is the meta or
		 * ct expression written, @value what goes into it. */
		struct {
			struct expr *key;
			struct expr *value;
		} keyset;
		/* STMT_CONNLIMIT */
		struct {
			uint32_t count;
			uint32_t flags;		/* NFT_CONNLIMIT_F_* */
		} connlimit;
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
extern const struct stmt_ops meta_stmt_ops;
extern const struct stmt_ops ct_stmt_ops;
extern const struct stmt_ops notrack_stmt_ops;
extern const struct stmt_ops connlimit_stmt_ops;

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
/* "meta KEY set VALUE", "ct [DIR] KEY set VALUE": @key is the meta or ct
 * expression; both are taken over. */
struct stmt *meta_stmt_alloc(const struct location *loc, struct expr *key,
			     struct expr *value);
struct stmt *ct_stmt_alloc(const struct location *loc, struct expr *key,
			   struct expr *value);
struct stmt *notrack_stmt_alloc(const struct location *loc);
struct stmt *connlimit_stmt_alloc(const struct location *loc, uint32_t count,
				  uint32_t flags);
/* Decoders: a meta or ct netlink expression with a source register
 * writes @key (taken over) from register @sreg. */
int meta_stmt_delinearize(struct delin_ctx *dctx, struct expr *key,
			  enum nft_registers sreg);
int ct_stmt_delinearize(struct delin_ctx *dctx, struct expr *key,
			enum nft_registers sreg);
/* Shared by the "KEY set VALUE" kinds (src/stmt/meta.c). */
void keyset_stmt_destroy(struct stmt *stmt);
void keyset_stmt_print(const struct stmt *stmt, struct output_ctx *octx);
json_t *keyset_stmt_json(const struct stmt *stmt, struct output_ctx *octx);
int keyset_stmt_evaluate(struct eval_ctx *ectx, struct stmt *stmt);
/* Load VALUE into a register, then @nle (a "meta" or "ct" set expression
 * whose source register attribute is @sreg_attr) writes it. */
void keyset_stmt_linearize(struct lin_ctx *lctx, const struct stmt *stmt,
			   struct nftnl_expr *nle, uint16_t sreg_attr);
int keyset_stmt_delinearize(struct delin_ctx *dctx, struct stmt *stmt,
			    enum nft_registers sreg);

#endif /* NFT_STMT_H */
