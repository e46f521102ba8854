/*
 * Retries of what another writer interrupted: a dump that saw the
 * generation change or came back NLM_F_DUMP_INTR, a batch the kernel asks
 * to replay. On a live host (firewalld, Docker, kube-proxy, fail2ban
 * writing at once) that happens often: the work starts over as often as
 * needed within a bounded total time, each time after a short pause that
 * grows (and varies, so that writers do not meet again in step).
 */
#ifndef NFT_RETRY_H
#define NFT_RETRY_H

#include <stdbool.h>
#include <time.h>

/* How long a command keeps starting over before it says why it gave up. */
#define NFT_RETRY_SECONDS	20

struct nft_retry {
	struct timespec start;
	unsigned int tries;	/* retries so far */
	unsigned int seed;
};

void nft_retry_init(struct nft_retry *r);
/* After an interrupted attempt: pause and return true to try again,
 * false once the time is spent. */
bool nft_retry_again(struct nft_retry *r);
/* Whether the time is spent (the next attempt is the last). */
bool nft_retry_spent(const struct nft_retry *r);

#endif /* NFT_RETRY_H */
