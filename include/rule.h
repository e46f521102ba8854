/*
 * Ruleset objects (tables, chains, rules) and commands.
 * Objects are built by the parser / JSON input and by dumps from the
 * kernel; commands say what to do with them.
 */
#ifndef NFT_RULE_H
#define NFT_RULE_H

#include <nft.h>
#include <erec.h>
#include <expr.h>
#include <stmt.h>

struct nft_ctx;

/* A name with the location it was written at. */
struct handle_spec_str {
	char *name;
	struct location location;
};

struct handle_spec_id {
	uint64_t id;
	struct location location;
};

/*
 * How an object is addressed: family, table, chain, and the kernel handle
 * or position for rules. Owned strings.
 */
struct handle {
	uint32_t family;		/* NFPROTO_* */
	struct handle_spec_str table;
	struct handle_spec_str chain;
	struct handle_spec_id handle;	/* kernel handle (delete ... handle N) */
	struct handle_spec_id position;	/* add/insert rule ... position N */
	struct handle_spec_id index;	/* add/insert rule ... index N */
	uint32_t chain_id;		/* batch-local id of a new chain */
	uint32_t rule_id;		/* batch-local id of a new rule */
	uint32_t position_id;		/* rule_id of the rule to add after */
	struct handle_spec_str set;	/* named sets and maps (include/set.h) */
};

/*
 * "index N" is stored as the literal N in index.id; since N may be 0,
 * whether an index was given is told by its location (set by the parser
 * and the JSON input).
 */
static inline bool handle_has_index(const struct handle *h)
{
	return h->index.id || h->index.location.first_line ||
	       h->index.location.json_path;
}

void handle_free(struct handle *h);
void handle_merge(struct handle *dst, const struct handle *src);
void handle_copy(struct handle *dst, const struct handle *src);

/* "ip", "ip6", "inet", "arp", "bridge", "netdev" <-> NFPROTO_* */
const char *family_name(uint32_t family);
bool family_lookup(const char *name, uint32_t *family);

/*
 * Devices of one chain: the kernel refuses the 256th with EFBIG (its
 * NFT_NETDEVICE_MAX, which is not in the UAPI headers).
 */
#define CHAIN_DEVICES_MAX	255

struct table {
	struct list_head list;		/* in cache / command */
	struct handle handle;
	struct location location;
	uint32_t flags;
	char *comment;
	struct location comment_loc;	/* of the comment's text */
	struct list_head chains;	/* declared chains, in order */
	struct str_hash chain_hash;	/* name -> struct chain */
	unsigned int refcnt;
	/* A table block in the input ("table ip t { chain c { ... } }")
	 * holds its chains (with their rules) in @chains; executing the add
	 * sends the table, then every chain, then every rule, so a jump
	 * may name a chain declared later in the block. */
	bool has_block;
	/* cache.c: the table_hash key ("<family>\x01<name>"), owned */
	char *cache_key;
	/* Dumped tables: the kernel's use count (NFTA_TABLE_USE), its
	 * chains, sets, stateful objects and flowtables together. */
	uint32_t nl_use;
	/* flowtables (struct flowtable), declared or dumped, in order */
	struct list_head flowtables;
	/* stateful objects (struct sobj), in order; dumped with
	 * NFT_CACHE_OBJ or declared in a block */
	struct list_head objs;
	struct list_head sets;		/* named sets and maps (struct set) */
};

enum chain_flags {
	CHAIN_F_BASECHAIN	= 1 << 0,
	CHAIN_F_HW_OFFLOAD	= 1 << 1,	/* NFT_CHAIN_HW_OFFLOAD */
};

struct chain {
	struct list_head list;
	struct handle handle;
	struct location location;
	uint32_t flags;
	unsigned int refcnt;
	/* base chains */
	char *type;			/* "filter", "nat", "route" */
	struct location type_loc;
	char *hookstr;			/* "ingress" */
	struct location hook_loc;
	unsigned int hooknum;		/* NF_INET_* / NF_NETDEV_* */
	/* "type T hook H [devices] priority P", and its "priority P": what
	 * the reference's errors about the hook and the priority point at */
	struct location hook_spec_loc;
	struct location prio_loc;
	struct expr *priority;		/* expression as written; evaluated to
					   a value expression */
	int prio;			/* resolved number */
	struct expr *policy;		/* NULL = not given */
	int policy_val;			/* NF_ACCEPT / NF_DROP */
	/* devices: dev_expr as written (a symbol, a list or a variable);
	 * evaluation produces the name array. */
	struct expr *dev_expr;
	char **devs;
	unsigned int num_devs;		/* at most CHAIN_DEVICES_MAX */
	char *comment;
	struct location comment_loc;
	struct list_head rules;		/* rules, in order */
	bool has_block;			/* written as "chain c { ... }" */
	bool has_hook;			/* "type ... hook ..." was given */
	bool hook_refused;		/* the parser named its type or hook
					   unknown: nothing more to say */
	bool has_policy_only;		/* "{ policy drop; }" on existing */
	/* a binding's block ("jump { ... }") pushed a parser scope: the
	 * parser pops it at the '}' (none past the nesting limit) */
	bool scoped;
	uint32_t nl_flags;		/* dumped: NFTA_CHAIN_FLAGS as is */
};

struct rule {
	struct list_head list;
	struct handle handle;
	struct location location;
	struct list_head stmts;
	unsigned int num_stmts;
	char *comment;
	struct location comment_loc;
	unsigned int refcnt;
	/* A dumped rule that cannot be listed exactly: why (owned). Kept in
	 * the cache with its handle but no statements, so positions still
	 * count it and listings fail on it. */
	char *undecoded;
	/* Filled when the rule is encoded: where each netlink expression
	 * of the rule came from (by position), so that a kernel refusal of
	 * one expression points at what produced it. */
	struct nle_origin *nle_origins;
	unsigned int num_nle;
	/* ... and the anonymous sets it sent, by their batch id, so that a
	 * refused element points at its member */
	struct rule_anon *anon;
	unsigned int num_anon;
};

/* An anonymous set or map a rule sent: its members (the EXPR_SET of
 * the set, of the map's mappings) and their key. */
struct rule_anon {
	uint32_t id;
	const struct expr *members;
	const struct expr *key;
};

/* Where one netlink expression of an encoded rule came from: its
 * statement and, if an expression of the statement produced it, that
 * expression's location (NULL: the statement itself). */
struct nle_origin {
	const struct stmt *stmt;
	const struct location *loc;
	/* a concatenation's member from the third on: the reference's
	 * caret starts at the "." before it */
	bool after_sep;
	/* sent wrapped in this tunnel's "inner" expression, NULL: not */
	const struct inner_desc *inner;
	/* a bitwise operation's second source register, which libnftnl
	 * cannot hold (include/nlext.h), 0: none */
	uint32_t sreg2;
};

/* The origin of the @n-th netlink expression of @r, or NULL. */
const struct nle_origin *rule_nle_origin(const struct rule *r,
					 unsigned int n);
/* Where the reference puts the caret for a refusal of @o. */
struct location nle_origin_location(const struct nle_origin *o);

struct table *table_alloc(void);
struct table *table_get(struct table *t);
void table_free(struct table *t);
void table_add_chain(struct table *t, struct chain *c);
struct chain *table_lookup_chain(const struct table *t, const char *name);

struct chain *chain_alloc(const char *name);
struct chain *chain_get(struct chain *c);
void chain_free(struct chain *c);
bool chain_is_base(const struct chain *c);

struct rule *rule_alloc(const struct location *loc, const struct handle *h);
struct rule *rule_get(struct rule *r);
void rule_free(struct rule *r);

/* Hooks: name <-> number per family. False if the family has no such
 * hook. */
bool hook_lookup(uint32_t family, const char *name, unsigned int *hooknum);
const char *hook_name(uint32_t family, unsigned int hooknum);
/* Is @name a hook of any family? A chain type ("filter", "nat",
 * "route")? */
bool hook_name_known(const char *name);
bool chain_type_known(const char *type);

/*
 * Named priorities ("filter", "dstnat", ...) per family and hook. Returns
 * false if @name is not valid there.
 */
bool prio_lookup(uint32_t family, unsigned int hooknum, const char *name,
		 int *prio);
/* Print a numeric priority as nft does: "filter", "filter + 10",
 * "mangle - 5", or the bare number when no name is near (or -y). */
void prio_format(char *buf, size_t size, uint32_t family,
		 unsigned int hooknum, int prio, bool numeric);

enum cmd_ops {
	CMD_INVALID,
	CMD_ADD,
	CMD_REPLACE,
	CMD_CREATE,
	CMD_INSERT,
	CMD_DELETE,
	CMD_DESTROY,
	CMD_GET,
	CMD_LIST,
	CMD_RESET,
	CMD_FLUSH,
	CMD_RENAME,
	CMD_DESCRIBE,
	CMD_MONITOR,
};

enum cmd_obj {
	CMD_OBJ_INVALID,
	CMD_OBJ_TABLE,
	CMD_OBJ_CHAIN,
	CMD_OBJ_RULE,
	CMD_OBJ_RULESET,
	CMD_OBJ_TABLES,		/* list tables [family] */
	CMD_OBJ_CHAINS,		/* list chains [family] */
	CMD_OBJ_EXPR,		/* describe EXPR */
	CMD_OBJ_HOOKS,		/* list hooks [family] [device DEV] */
	CMD_OBJ_FLOWTABLE,	/* include/flowtable.h */
	CMD_OBJ_FLOWTABLES,	/* list flowtables [family] */
	/* stateful objects (src/obj/sobj.c): one of a kind, all of a kind */
	CMD_OBJ_COUNTER,
	CMD_OBJ_QUOTA,
	CMD_OBJ_CT_HELPER,
	CMD_OBJ_LIMIT,
	CMD_OBJ_CT_TIMEOUT,
	CMD_OBJ_SECMARK,
	CMD_OBJ_CT_EXPECT,
	CMD_OBJ_SYNPROXY,
	CMD_OBJ_COUNTERS,
	CMD_OBJ_QUOTAS,
	CMD_OBJ_CT_HELPERS,
	CMD_OBJ_LIMITS,
	CMD_OBJ_CT_TIMEOUTS,
	CMD_OBJ_SECMARKS,
	CMD_OBJ_CT_EXPECTS,
	CMD_OBJ_SYNPROXYS,
	CMD_OBJ_SET,		/* named sets (src/obj/set.c) */
	CMD_OBJ_SETS,		/* list sets [family] */
	CMD_OBJ_ELEMENT,	/* add/delete/get element */
	CMD_OBJ_MAP,		/* JSON {"map": ...}: a set command */
	CMD_OBJ_MAPS,		/* list maps [family] */
	CMD_OBJ_METER,		/* list meter T m: a dynamic set or map */
	CMD_OBJ_METERS,		/* list meters [family] */
	CMD_OBJ_RULES,		/* JSON {"reset": {"rules": ...}}: a listing */
	CMD_OBJ_MONITOR,	/* nft monitor (src/monitor.c) */
	CMD_OBJ_MAX_		/* not a kind: one past the last */
};

struct cmd {
	struct list_head list;
	struct location location;
	enum cmd_ops op;
	enum cmd_obj obj;
	struct handle handle;
	union {
		void *data;
		struct table *table;
		struct chain *chain;
		struct rule *rule;
		struct expr *expr;
		struct sobj *sobj;
		struct set *set;
	};
	char *arg;			/* rename: the new name */
	struct location arg_location;
	/* flush, list, reset of a set: "map" was written, so the set must
	 * be one ("set": must not be) */
	bool set_map;
	/* a listing of "reset rules|rule": the rules are fetched with
	 * NFT_MSG_GETRULE_RESET (their counters and quotas zeroed, listed
	 * as they were); "reset rule" names one by handle.handle */
	bool reset_rules;
	/* netlink sequence numbers this command's messages used, so an
	 * error ack maps back to it */
	uint32_t seqnum_from;
	uint32_t seqnum_to;
	/* JSON input: index in the "nftables" array, or -1 */
	int json_index;
	/* -e: the handle the kernel gave the object this command added */
	uint64_t echo_handle;
};

/* The command takes over @h's names (do not free them after); @data is
 * owned by the command and freed by cmd_free() according to @obj. */
struct cmd *cmd_alloc(enum cmd_ops op, enum cmd_obj obj,
		      const struct handle *h, const struct location *loc,
		      void *data);
void cmd_free(struct cmd *cmd);
void cmd_list_free(struct list_head *cmds);

/*
 * Evaluate and execute commands (src/objects.c): every command that
 * changes the ruleset goes into one batch as soon as it is evaluated,
 * the batch is sent once if nothing failed; then list commands print
 * from a fresh cache. Returns 0 or -1 (errors on @msgs, mapped to the
 * command that caused them).
 */
int nft_execute(struct nft_ctx *nft, struct list_head *cmds,
		struct list_head *msgs);

const char *cmd_op_name(enum cmd_ops op);	/* "add", "delete", ... */
const char *cmd_obj_name(enum cmd_obj obj);	/* "table", "chain", ... */

#endif /* NFT_RULE_H */
