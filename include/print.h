/*
 * Ruleset layout in text (src/print.c) and JSON (src/json.c). Per-kind
 * printing lives with the kind; these print objects and listings.
 */
#ifndef NFT_PRINT_H
#define NFT_PRINT_H

#include <nft.h>
#include <rule.h>
#include <jansson.h>
#include <nftables.h>

struct nft_ctx;
struct output_ctx;
struct cmd;

/* Text (the kinds' own, in src/obj/KIND.c) */
void table_print(const struct table *t, struct output_ctx *octx);
void chain_print(const struct chain *c, struct output_ctx *octx);
void rule_print(const struct rule *r, struct output_ctx *octx);
/* The chain header line(s): "type filter hook egress device "v0"
 * priority filter; policy accept;" without indentation. */
void chain_print_declaration(const struct chain *c, struct output_ctx *octx);

/*
 * Run a list command: the tables and chains come from the cache (fetched
 * here if missing), the rules are streamed (list_walk_run() below); text
 * or JSON depending on the output flags. Returns 0 or -1 (e.g. the table
 * does not exist, with an error on @msgs).
 */
int do_list_cmd(struct nft_ctx *nft, struct cmd *cmd, struct list_head *msgs);
/* The table (and, for CMD_OBJ_CHAIN, the chain) a list command names, from
 * the cache; -1 with "No such file or directory" naming what is missing. */
int list_lookup(struct nft_ctx *nft, const struct cmd *cmd,
		struct table **tp, struct chain **cp, struct list_head *msgs);

/*
 * Listings stream: a walk visits the tables and chains a list command
 * covers in cache order, and rules from a rule dump as they arrive
 * (decoded, printed and freed one at a time), or from the cache when it
 * holds them already. The format's ops print to the walk's output
 * context, which holds back a bounded amount and then streams (see
 * LIST_HOLD_BYTES in src/print.c): a walk that saw the ruleset change is
 * redone while nothing was written, and fails otherwise. Anything the
 * kernel holds that cannot be printed exactly fails the listing.
 */
struct list_walk;
struct list_hold;

struct list_walk_ops {
	void (*begin)(struct list_walk *w);		/* optional */
	void (*table_open)(struct list_walk *w, const struct table *t);
	void (*chain_open)(struct list_walk *w, const struct chain *c);
	void (*rule)(struct list_walk *w, const struct rule *r);
	void (*chain_close)(struct list_walk *w, const struct chain *c);
	void (*table_close)(struct list_walk *w, const struct table *t);
	void (*end)(struct list_walk *w);		/* optional */
};

struct list_walk {
	struct nft_ctx *nft;
	const struct cmd *cmd;
	const struct list_walk_ops *ops;
	struct output_ctx octx;		/* a copy writing to hold */
	const char *delim;		/* text: before the next chain */
	/* scope: `list table|chain` names one table (and chain) */
	struct table *only_table;
	struct chain *only_chain;
	/* reset rule of a chain the table lacks: the table alone */
	bool no_chain;
	/* cursor */
	struct table *t;
	struct chain *c;
	bool done;
	bool lost;			/* rules did not fit: redo */
	bool stale;			/* another generation: redo */
	/* lookup hint for dumped rules (cache_rule_chain) */
	struct table *rule_table;
	struct chain *rule_chain;
	struct list_hold *hold;		/* output held back, then streamed */
	char *error;			/* why the listing fails (owned) */
};

int list_walk_run(struct nft_ctx *nft, const struct cmd *cmd,
		  const struct list_walk_ops *ops, struct list_head *msgs);

/* JSON */
json_t *json_metainfo(void);
/* Write @prefix, @v (as nft formats JSON) and @suffix to @fp. */
void json_write_fp(FILE *fp, const char *prefix, json_t *v,
		   const char *suffix);
void json_write_fp_open(FILE *fp, const char *prefix, json_t *v,
			unsigned int open);
void json_write_fp_items(FILE *fp, const char *prefix, json_t *array);
json_t *table_json(const struct table *t, struct output_ctx *octx);
json_t *chain_json(const struct chain *c, struct output_ctx *octx);
json_t *rule_json(const struct rule *r, struct output_ctx *octx);
/* Print {"nftables": [metainfo, ...objects]} for a list command. */
int json_do_list_cmd(struct nft_ctx *nft, struct cmd *cmd,
		     struct list_head *msgs);
/* Echo (-e -j): the objects a command added, with their handles. */
void json_echo_cmds(struct nft_ctx *nft, struct list_head *cmds);
/* Drop the input document kept for the echo (end of a run). */
void json_echo_release(struct nft_ctx *nft);

#endif /* NFT_PRINT_H */
