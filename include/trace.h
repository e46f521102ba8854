#ifndef NFT_TRACE_H
#define NFT_TRACE_H

/*
 * nft monitor trace (src/trace.c): a trace event of the kernel printed
 * as the reference prints it; rules from the cache the monitor fetched
 * when it started.
 */
struct nft_ctx;
struct nlmsghdr;

/* Print the event of @nlh (NFT_MSG_TRACE); -1 when it cannot be read. */
int trace_event(struct nft_ctx *nft, const struct nlmsghdr *nlh);

#endif /* NFT_TRACE_H */
