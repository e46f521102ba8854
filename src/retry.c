/*
 * Starting over after another writer changed the ruleset (include/retry.h).
 */
#include <retry.h>
#include <stdlib.h>
#include <unistd.h>

static double retry_elapsed(const struct nft_retry *r)
{
	struct timespec now;

	clock_gettime(CLOCK_MONOTONIC, &now);
	return (double)(now.tv_sec - r->start.tv_sec) +
	       (now.tv_nsec - r->start.tv_nsec) / 1e9;
}

void nft_retry_init(struct nft_retry *r)
{
	clock_gettime(CLOCK_MONOTONIC, &r->start);
	r->tries = 0;
	r->seed = (unsigned int)r->start.tv_nsec ^ (unsigned int)getpid();
}

bool nft_retry_spent(const struct nft_retry *r)
{
	return retry_elapsed(r) >= NFT_RETRY_SECONDS;
}

bool nft_retry_again(struct nft_retry *r)
{
	unsigned int shift = r->tries < 6 ? r->tries : 6;
	struct timespec pause;
	long us;

	if (nft_retry_spent(r))
		return false;
	/* at once the first time; then 0.5 ms doubling to 32 ms, each
	 * with up to as much again at random */
	if (r->tries++ == 0)
		return true;
	us = 500L << shift;
	us += rand_r(&r->seed) % us;
	pause.tv_sec = 0;
	pause.tv_nsec = us * 1000;
	nanosleep(&pause, NULL);
	return true;
}
