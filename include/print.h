/*
 * Ruleset layout in text (src/print.c) and JSON (src/json.c). Per-kind
 * printing lives with the kind; these print objects and listings.
 */
#ifndef NFT_PRINT_H
#define NFT_PRINT_H

#include <nft.h>
#include <rule.h>
#include <jansson.h>

struct nft_ctx;
struct output_ctx;
struct cmd;

/* Text */
void table_print(const struct table *t, struct output_ctx *octx);
void chain_print(const struct chain *c, struct output_ctx *octx);
void rule_print(const struct rule *r, struct output_ctx *octx);
/* The chain header line(s): "type filter hook egress device "v0"
 * priority filter; policy accept;" without indentation. */
void chain_print_declaration(const struct chain *c, struct output_ctx *octx);

/*
 * Run a list command against the cache (already fetched) and print it in
 * text or JSON depending on the output flags. Returns 0 or -1 (e.g. the
 * table does not exist, with an error on @msgs).
 */
int do_list_cmd(struct nft_ctx *nft, struct cmd *cmd, struct list_head *msgs);
/* The table (and, for CMD_OBJ_CHAIN, the chain) a list command names, from
 * the cache; -1 with "No such file or directory" naming what is missing. */
int list_lookup(struct nft_ctx *nft, const struct cmd *cmd,
		struct table **tp, struct chain **cp, struct list_head *msgs);

/* JSON */
json_t *json_metainfo(void);
json_t *table_json(const struct table *t, struct output_ctx *octx);
json_t *chain_json(const struct chain *c, struct output_ctx *octx);
json_t *rule_json(const struct rule *r, struct output_ctx *octx);
/* Print {"nftables": [metainfo, ...objects]} for a list command. */
int json_do_list_cmd(struct nft_ctx *nft, struct cmd *cmd,
		     struct list_head *msgs);
/* Echo (-e -j): the objects a command added, with their handles. */
void json_echo_cmd(struct nft_ctx *nft, const struct cmd *cmd);

#endif /* NFT_PRINT_H */
