#ifndef NFT_MONITOR_H
#define NFT_MONITOR_H

/*
 * nft monitor (src/monitor.c): the ruleset's changes as the kernel
 * notifies them, printed as the reference prints them. Each object kind
 * prints its own notifications (the monitor hook of struct obj_ops);
 * the monitor listens, filters and frames.
 */
#include <stdbool.h>
#include <stdint.h>

struct nft_ctx;
struct cmd;
struct list_head;
struct handle;
struct location;
struct sobj_words;
struct parser_state;
struct nlmsghdr;

/* What "monitor [new|destroy] [KIND] [json]" asked for. */
struct monitor_spec {
	unsigned int kinds;	/* enum monitor_kind bits; 0: all */
	bool new_only;		/* "new" */
	bool del_only;		/* "destroy" */
	bool json;		/* "json", "vm json" */
};

enum monitor_kind {
	MON_TABLES	= 1 << 0,
	MON_CHAINS	= 1 << 1,
	MON_SETS	= 1 << 2,
	MON_RULES	= 1 << 3,
	MON_ELEMENTS	= 1 << 4,
	MON_OBJECTS	= 1 << 5,
	MON_FLOWTABLES	= 1 << 6,
	MON_TRACE	= 1 << 7,
	MON_RULESET	= (1 << 7) - 1,	/* everything but trace */
};

/* The command of "monitor WORDS"; NULL after an error on the parser's
 * messages. Takes @ws. */
struct cmd *parser_monitor_cmd(struct parser_state *st, struct sobj_words *ws,
			       const struct location *loc);

/* Listen and print until the socket fails (or the process ends). */
int monitor_run(struct nft_ctx *nft, struct cmd *cmd, struct list_head *msgs);

/* An event that cannot be printed exactly: say so on the error stream
 * (@why, freed; NULL: say nothing) and return -1. */
int monitor_failed(struct nft_ctx *nft, char *why);

/* Parse @nlh with @ops' nl_parse and hand the object to @print. */
struct obj_ops;
int monitor_parsed(struct nft_ctx *nft, const struct obj_ops *ops,
		   const struct nlmsghdr *nlh, bool del,
		   void (*print)(struct nft_ctx *nft, const void *obj,
				 const char *op));
/* What an event's line starts with: "delete" (@del), "create" (the
 * request's NLM_F_EXCL, which the kernel passes on) or "add". */
const char *monitor_op(const struct nlmsghdr *nlh, bool del);

/* Print {"@op": @obj} on a line of its own; takes @obj. */
#include <jansson.h>
void monitor_json(struct nft_ctx *nft, const char *op, json_t *obj);

/* The per-kind printers the monitor calls (src/obj/): @del, a removal. */
int element_monitor(struct nft_ctx *nft, const struct nlmsghdr *nlh,
		    bool del);
int set_monitor(struct nft_ctx *nft, const struct nlmsghdr *nlh, bool del);
/* A batch ended (NFT_MSG_NEWGEN): forget an interval's half. */
void element_monitor_batch_end(struct nft_ctx *nft);
/* A set added while sets are not printed: its elements may be. */
void set_monitor_remember(struct nft_ctx *nft, const struct nlmsghdr *nlh);

#endif /* NFT_MONITOR_H */
