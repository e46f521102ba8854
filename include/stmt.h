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
struct cmd;
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
	STMT_FLOW,		/* flow add @ft */
	STMT_OBJREF,		/* counter name "c", ... (src/stmt/objref.c) */
	STMT_OPTSTRIP,		/* reset tcp option NAME */
	STMT_XT,		/* xt match NAME (src/stmt/xt.c) */
	__STMT_MAX
};

struct stmt {
	struct list_head list;
	struct location location;
	enum stmt_types type;
	const struct stmt_ops *ops;
	union {
		/* STMT_EXPRESSION, STMT_VERDICT; STMT_OPTSTRIP: the
		 * option's presence ("tcp option sack-perm") */
		struct expr *expr;
		struct {
			uint64_t packets;
			uint64_t bytes;
		} counter;
		/* STMT_LOG: which fields were given (LOG_F_*), as the kernel
		 * tells set attributes from absent ones */
		struct {
			char *prefix;
			uint32_t level;
			uint32_t logflags;	/* NF_LOG_* */
			uint32_t snaplen;
			uint16_t group;
			uint16_t qthreshold;
			uint32_t flags;		/* LOG_F_* */
		} log;
		/* STMT_LIMIT: rate per unit seconds; bytes limits in bytes */
		struct {
			uint64_t rate;
			uint64_t unit;		/* seconds */
			uint32_t burst;
			uint32_t type;		/* NFT_LIMIT_PKTS, _PKT_BYTES */
			uint32_t flags;		/* NFT_LIMIT_F_INV */
		} limit;
		/* STMT_QUOTA */
		struct {
			uint64_t bytes;
			uint64_t used;
			uint32_t flags;		/* NFT_QUOTA_F_INV */
		} quota;
		/* STMT_REJECT: type NFT_REJECT_*; code in the type's space.
		 * family: NFPROTO_IPV4/IPV6 of an icmp/icmpv6 reject, chosen
		 * by the evaluator or the decoder (0 if not known). expr is
		 * the code as written (a symbol) until evaluated. */
		struct {
			struct expr *expr;
			int type;		/* -1: not given */
			uint8_t code;
			uint8_t family;
			bool plain;	/* the family's default: "reject" */
		} reject;
		/* STMT_QUEUE: num is a value or range of queue numbers */
		struct {
			struct expr *queue;
			uint16_t flags;		/* NFT_QUEUE_FLAG_* */
		} queue;
		/* STMT_DUP, STMT_FWD: to address and/or device. family:
		 * NFPROTO_IPV4/IPV6 of "fwd ip|ip6 to" */
		struct {
			struct expr *to;
			struct expr *dev;
			uint8_t family;
		} dup;
		/* STMT_LAST */
		struct {
			uint64_t used;		/* ms since the last match */
			bool set;		/* has matched at all */
		} last;
		/* STMT_NAT: snat, dnat, masquerade, redirect. addr: value,
		 * range or prefix; proto: port value or range. family:
		 * NFPROTO_IPV4/IPV6 of the address (written "snat ip to" in
		 * inet, where show_family is set). */
		struct {
			int type;		/* NFT_NAT_SNAT, _DNAT, NAT_MASQ.. */
			struct expr *addr;
			struct expr *proto;
			uint32_t flags;		/* NF_NAT_RANGE_* given */
			uint8_t family;
			bool show_family;
		} nat;
		/* STMT_TPROXY: to addr and/or port; family as in nat */
		struct {
			struct expr *addr;
			struct expr *port;
			uint8_t family;
			bool show_family;
		} tproxy;
		/* STMT_SYNPROXY */
		struct {
			uint16_t mss;
			uint8_t wscale;
			uint32_t flags;		/* NF_SYNPROXY_OPT_* */
		} synproxy;
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
		/* STMT_FLOW: the flowtable's name (without '@') */
		struct {
			char *flowtable;
		} flow;
		/* STMT_XT: listed only */
		struct {
			uint32_t type;		/* match, target, watcher */
			char *name;
		} xt;
		/* STMT_OBJREF */
		struct {
			uint32_t type;		/* NFT_OBJECT_* */
			char *name;
			struct location name_loc;	/* if known */
			struct expr *map;	/* an object map, or NULL */
		} objref;
		/* STMT_SET (src/stmt/dynset.c): "add @s { KEY ... }" */
		struct {
			uint32_t op;		/* NFT_DYNSET_OP_* */
			struct expr *set;	/* a set reference */
			struct expr *key;
			uint64_t timeout;	/* ms, 0: the set's */
			struct list_head stmts;	/* stateful, per element */
			/* "meter NAME size N { ... }": the set is made
			 * with the rule (N: 0 if not given) */
			bool meter;
			uint64_t size;
			/* listed: the set is anonymous, a meter of
			 * the system nft (printed "meter NAME ...") */
			bool anon;
			/* "update @m { KEY : DATA }": a map's data, in
			 * NFTA_DYNSET_SREG_DATA (NULL for a set) */
			struct expr *data;
		} dynset;
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
	/* After the rule is decoded (src/delin_post.c): restore what the
	 * user wrote, e.g. type the arguments; walk them with
	 * delin_postprocess_expr(). NULL if nothing to do. */
	void (*delin_postprocess)(struct delin_ctx *dctx, struct stmt *stmt);
	/* JSON input key ("counter", "match", "accept", ...). Verdict
	 * statements register several keys through json_names. */
	const char *json_name;
	const char *const *json_names;
	struct stmt *(*json_parse)(struct json_ctx *jctx, const char *key,
				   json_t *value, const struct location *loc);
	/* The keys its object may hold (NULL-terminated; checked before
	 * json_parse is called); NULL: json_parse checks them itself. */
	const char *const *json_keys;
	/* The packet's fate is decided here: nothing may follow (reject,
	 * queue, fwd; verdicts but continue, see stmt_is_terminal()). */
	bool terminal;
	/* The kernel refused the statement's expression with @err in a
	 * rule of @cmd: what that means, or NULL (caller frees). */
	char *(*explain)(const struct stmt *stmt, int err,
			 const struct cmd *cmd);
	/* Where the reference puts the caret when the kernel refuses the
	 * statement's own expression; NULL: the statement's location. */
	struct location (*error_location)(const struct stmt *stmt);
};

extern const struct stmt_ops *const stmt_ops_registry[];
const struct stmt_ops *stmt_ops_by_nl_name(const char *name);
const struct stmt_ops *stmt_ops_by_json_name(const char *name);

extern const struct stmt_ops expr_stmt_ops;
extern const struct stmt_ops verdict_stmt_ops;
extern const struct stmt_ops counter_stmt_ops;
extern const struct stmt_ops optstrip_stmt_ops;
extern const struct stmt_ops log_stmt_ops;
extern const struct stmt_ops limit_stmt_ops;
extern const struct stmt_ops quota_stmt_ops;
extern const struct stmt_ops reject_stmt_ops;
extern const struct stmt_ops queue_stmt_ops;
extern const struct stmt_ops dup_stmt_ops;
extern const struct stmt_ops fwd_stmt_ops;
extern const struct stmt_ops last_stmt_ops;
extern const struct stmt_ops synproxy_stmt_ops;
extern const struct stmt_ops nat_stmt_ops;
extern const struct stmt_ops masq_stmt_ops;
extern const struct stmt_ops redir_stmt_ops;
extern const struct stmt_ops tproxy_stmt_ops;
extern const struct stmt_ops meta_stmt_ops;
extern const struct stmt_ops ct_stmt_ops;
extern const struct stmt_ops notrack_stmt_ops;
extern const struct stmt_ops xt_stmt_ops;
/* @type: 0 match, 1 target, 2 watcher; @name is taken over. */
struct stmt *xt_stmt_alloc(const struct location *loc, uint32_t type,
			   char *name);
extern const struct stmt_ops connlimit_stmt_ops;
extern const struct stmt_ops flow_stmt_ops;
/* "flow add @NAME": takes @name over. */
struct stmt *flow_stmt_alloc(const struct location *loc, char *name);
extern const struct stmt_ops objref_stmt_ops;
/* Set statements (src/stmt/dynset.c): @set and @key are taken over. */
extern const struct stmt_ops dynset_stmt_ops;
struct stmt *dynset_stmt_alloc(const struct location *loc, uint32_t op,
			       struct expr *set, struct expr *key);
/* "add", "update", "delete" -> NFT_DYNSET_OP_*; -1 if none. */
int dynset_op_lookup(const char *name);

/* Where a kernel refusal of @stmt's own expression points. */
struct location stmt_error_location(const struct stmt *stmt);
struct stmt *stmt_alloc(const struct location *loc,
			const struct stmt_ops *ops);
void stmt_free(struct stmt *stmt);
void stmt_list_free(struct list_head *stmts);
void stmt_print(const struct stmt *stmt, struct output_ctx *octx);
json_t *stmt_json(const struct stmt *stmt, struct output_ctx *octx);

/* " random,persistent": a nat statement's flags as its listing ends
 * (src/stmt/nat.c). */
void nat_print_flags(uint32_t flags, struct output_ctx *octx);
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
struct stmt *optstrip_stmt_alloc(const struct location *loc, struct expr *e);
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
/* Header and TCP option writes (src/stmt/payload.c). */
extern const struct stmt_ops payload_stmt_ops;
extern const struct stmt_ops exthdr_stmt_ops;
struct stmt *payload_stmt_alloc(const struct location *loc, struct expr *key,
				struct expr *value);
struct stmt *exthdr_stmt_alloc(const struct location *loc, struct expr *key,
			       struct expr *value);
struct delin_ctx;
/* The kernel's "match" and "target" expressions. */
int xt_stmt_delinearize(struct delin_ctx *dctx, const struct nftnl_expr *nle);
void keyset_stmt_delin_postprocess(struct delin_ctx *dctx, struct stmt *stmt);
/* Load VALUE into a register, then @nle (a "meta" or "ct" set expression
 * whose source register attribute is @sreg_attr) writes it. */
void keyset_stmt_linearize(struct lin_ctx *lctx, const struct stmt *stmt,
			   struct nftnl_expr *nle, uint16_t sreg_attr);
int keyset_stmt_delinearize(struct delin_ctx *dctx, struct stmt *stmt,
			    enum nft_registers sreg);

/* Log: which fields are set (the kernel tells absent from zero). */
enum {
	LOG_F_PREFIX	= 1 << 0,
	LOG_F_LEVEL	= 1 << 1,
	LOG_F_GROUP	= 1 << 2,
	LOG_F_SNAPLEN	= 1 << 3,
	LOG_F_QTHRESHOLD = 1 << 4,
	LOG_F_FLAGS	= 1 << 5,
};

struct stmt *log_stmt_alloc(const struct location *loc);
/* "warn" -> 4; false if not a level name. */
bool log_level_lookup(const char *name, uint32_t *level);
struct stmt *limit_stmt_alloc(const struct location *loc);
/* "second" -> 1, "minute" -> 60, ..., "week"; 0 if unknown. */
uint64_t limit_time_unit(const char *name);
/* "bytes" -> 1, "kbytes" -> 1024, "mbytes" -> 1048576; 0 if unknown. */
uint64_t limit_byte_unit(const char *name);
struct stmt *quota_stmt_alloc(const struct location *loc);
struct stmt *reject_stmt_alloc(const struct location *loc);
struct stmt *queue_stmt_alloc(const struct location *loc);
struct stmt *dup_stmt_alloc(const struct location *loc);
struct stmt *fwd_stmt_alloc(const struct location *loc);
struct stmt *last_stmt_alloc(const struct location *loc);
struct stmt *synproxy_stmt_alloc(const struct location *loc);
/* NAT kinds beyond the kernel's NFT_NAT_SNAT and NFT_NAT_DNAT. */
enum {
	NAT_MASQ = 16,
	NAT_REDIR,
};
/* @type: NFT_NAT_SNAT, NFT_NAT_DNAT, NAT_MASQ or NAT_REDIR. */
struct stmt *nat_stmt_alloc(const struct location *loc, int type);
struct stmt *tproxy_stmt_alloc(const struct location *loc);
/* "snat", "dnat", "masquerade" or "redirect" */
const char *nat_stmt_keyword(const struct stmt *stmt);
/* The ops of NAT kind @type (the grammar learns the kind late). */
const struct stmt_ops *nat_stmt_alloc_ops(int type);

/*
 * Resolve a statement's argument (a symbol or variable, usually) against
 * @dtype as a match's right side would be: "dup to 10.0.0.1 device eth0".
 */
int stmt_evaluate_arg(struct eval_ctx *ectx, struct expr **exprp,
		      const struct datatype *dtype);
/* The same with @len bits in @byteorder ("queue num": 16 bit integers). */
int stmt_evaluate_arg_sized(struct eval_ctx *ectx, struct expr **exprp,
			    const struct datatype *dtype,
			    enum byteorder byteorder, unsigned int len);
/*
 * A computed statement argument (an address, a port, a device) must have
 * the type asked for, as the reference checks: "dnat to meta mark",
 * "dnat to @nh,96,32" (an integer), "dup to ip saddr . tcp dport" are
 * refused. A number generator or a hash takes the type if it has its
 * width ("dnat to numgen inc mod 2"). @related is underlined beside it
 * ("~~~"), if not NULL. Returns 0 or -1.
 */
int stmt_arg_type_check(struct eval_ctx *ectx, struct expr *e,
			const struct datatype *dtype,
			const struct location *related);
/* Load argument @e into @reg: a host order value into a big endian
 * argument (a number generator's into an address) is turned around. */
struct lin_ctx;
void stmt_arg_linearize(struct lin_ctx *lctx, const struct expr *e,
			enum nft_registers reg);
/* The statement's first @len columns: its keyword ("log", "dnat"),
 * where the reference points at errors of the whole statement. */
struct location stmt_keyword_location(const struct stmt *stmt,
				      unsigned int len);
/* "last used 1h2m3s" -> milliseconds; false if not a duration. */
bool last_used_parse(const char *text, uint64_t *ms);

bool stmt_is_terminal(const struct stmt *stmt);
/* Refuse @stmt if the statement before it in the rule is terminal
 * ("reject counter"), as the system nft does. */
int stmt_check_terminal(struct eval_ctx *ectx, struct stmt *stmt);

/*
 * JSON input helpers for the kinds: the member @key of object @obj of
 * statement @stmt. 1: found (*res set), 0: absent, -1: wrong type or out
 * of range (error queued with the path .stmt.key).
 */
int stmt_json_u64(struct json_ctx *jctx, json_t *obj, const char *stmt,
		  const char *key, uint64_t max, uint64_t *res);
int stmt_json_str(struct json_ctx *jctx, json_t *obj, const char *stmt,
		  const char *key, const char **res);

#endif /* NFT_STMT_H */
