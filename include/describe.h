/*
 * describe EXPR (src/describe.c): the expression's kind, datatype, width
 * and named constants.
 */
#ifndef NFT_DESCRIBE_H
#define NFT_DESCRIBE_H

#include <nft.h>

struct expr;
struct cmd;
struct nft_ctx;
struct eval_ctx;
struct output_ctx;

void describe_expr(const struct expr *expr, struct output_ctx *octx);
int describe_cmd_evaluate(struct eval_ctx *ectx, struct cmd *cmd);
int do_describe_cmd(struct nft_ctx *nft, struct cmd *cmd);

#endif /* NFT_DESCRIBE_H */
