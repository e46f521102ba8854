/*
 * What the netlink transport's files share (src/mnl.c, src/mnl_rules.c)
 * and nothing else uses.
 */
#ifndef NFT_MNL_INT_H
#define NFT_MNL_INT_H

#include <stdbool.h>
#include <stdint.h>
#include <libmnl/libmnl.h>

struct nft_ctx;

uint32_t mnl_seqnum_next(struct nft_ctx *nft);
/* Send one request on @nl and run @cb over the replies until done; -1
 * with errno EINTR: a dump was interrupted by a ruleset change. */
int mnl_talk_on(struct nft_ctx *nft, struct mnl_socket *nl,
		const struct nlmsghdr *nlh, mnl_cb_t cb, void *data);
/* A socket for one streamed dump (the context's stays free). */
struct mnl_socket *mnl_dump_socket(void);
/* A string attribute of a request; false (ENAMETOOLONG) if it does not
 * fit. */
bool mnl_req_strz(struct nlmsghdr *nlh, uint16_t type, const char *s);

/* The rules of a table and chain (either may be NULL: all). */
struct rule_dump_filter {
	const char *table;
	const char *chain;
};
bool rule_dump_build(struct nlmsghdr *nlh, const void *filter);

#endif
