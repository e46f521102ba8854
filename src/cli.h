#ifndef NFT_CLI_H
#define NFT_CLI_H

#include <nftables/libnftables.h>

/* "cli:" of nft -V: the line editor nft -i reads with */
extern const char cli_editor[];

/* nft -i: one command line at a time until "quit" or the end of input;
 * returns the exit code (0: errors of single lines do not count). */
int cli_run(struct nft_ctx *nft);

#endif
