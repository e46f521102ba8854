/*
 * What both fuzzers share: the whole library pipeline (parse, evaluate,
 * linearize, batch build, echo decode and print, list, error rendering)
 * with every way to the kernel cut off at link time.
 *
 * build.sh links the library objects with -Wl,--wrap for the few
 * functions that would talk to netlink; the __wrap_ versions below stand
 * in for them. The cache stays empty and unloaded (flags 0), which makes
 * the evaluator assume that referenced tables and chains may exist, so
 * rules are evaluated in full. The batch is not sent: each message is
 * parsed back the way an echo from the kernel would be (libnftnl ->
 * delinearize -> print), which round-trips everything the input built.
 */
#include <nft.h>
#include <nftables.h>
#include <rule.h>
#include <mnl.h>
#include <errno.h>
#include <netdb.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <linux/netfilter/nfnetlink.h>
#include "fuzz_common.h"

int __wrap_cache_update(struct nft_ctx *nft, struct list_head *cmds,
			struct list_head *msgs)
{
	return 0;
}

int __wrap_cache_fetch(struct nft_ctx *nft, unsigned int flags,
		       const struct cache_filter *filter,
		       struct list_head *msgs)
{
	return 0;
}

struct mnl_socket *__wrap_nft_mnl_socket(struct nft_ctx *nft)
{
	errno = EPERM;
	return NULL;
}

int __real_getaddrinfo(const char *node, const char *service,
		       const struct addrinfo *hints, struct addrinfo **res);

/* Host names would go to DNS: numbers only, so a run never waits. */
int __wrap_getaddrinfo(const char *node, const char *service,
		       const struct addrinfo *hints, struct addrinfo **res)
{
	struct addrinfo h = { 0 };

	if (hints)
		h = *hints;
	if (node)
		h.ai_flags |= AI_NUMERICHOST;
	return __real_getaddrinfo(node, service, &h, res);
}

/*
 * Decode every message of the batch as if the kernel echoed it; what
 * cannot be echoed exactly is reported on @msgs, as after a real send.
 */
int __wrap_batch_send(struct nft_ctx *nft, struct nft_batch *batch,
		      struct list_head *cmds, struct list_head *msgs)
{
	const struct nlmsghdr *nlh = (const void *)batch->buf;
	int len = batch->len;
	int ret = 0;

	while (mnl_nlmsg_ok(nlh, len)) {
		if ((nlh->nlmsg_type >> 8) == NFNL_SUBSYS_NFTABLES &&
		    cmd_echo_msg(nft, batch_seq_owner(batch, nlh->nlmsg_seq),
				 nlh, msgs) < 0)
			ret = -1;
		nlh = mnl_nlmsg_next(nlh, &len);
	}
	return ret;
}

/*
 * Includes: only files of a private directory with two small files, so
 * a fuzzed "include" can neither read the host's files nor block on a
 * device. Inputs naming a path (a '/') together with "include" are
 * skipped.
 */
static char fuzz_dir[64];

static void fuzz_write(const char *name, const char *text)
{
	char path[128];
	FILE *f;

	snprintf(path, sizeof(path), "%s/%s", fuzz_dir, name);
	f = fopen(path, "w");
	if (!f)
		abort();
	fputs(text, f);
	fclose(f);
}

static void fuzz_setup(void)
{
	if (fuzz_dir[0])
		return;
	snprintf(fuzz_dir, sizeof(fuzz_dir), "/tmp/nft-fuzz-XXXXXX");
	if (!mkdtemp(fuzz_dir))
		abort();
	fuzz_write("a.nft", "define fz = 10.0.0.1\n"
		   "table ip fz { chain c { ip saddr $fz counter; }; }\n");
	fuzz_write("b.nft", "add rule ip fz c tcp dport 1-1024 drop\n");
}

static bool fuzz_skip(const char *text)
{
	return strstr(text, "include") && strchr(text, '/');
}

/*
 * One run on a fresh context. The output mode comes from the input's
 * length, so the corpus keeps covering the text echo, the JSON echo and
 * plain output without a byte of the input being spent on it.
 */
int fuzz_run(const uint8_t *data, size_t size, bool json)
{
	static const unsigned int modes[] = {
		0,
		NFT_CTX_OUTPUT_ECHO | NFT_CTX_OUTPUT_HANDLE,
		NFT_CTX_OUTPUT_ECHO | NFT_CTX_OUTPUT_JSON,
	};
	struct nft_ctx *nft;
	char *text;

	fuzz_setup();
	text = malloc(size + 1);
	memcpy(text, data, size);
	text[size] = '\0';
	if (fuzz_skip(text)) {
		free(text);
		return -1;
	}
	nft = nft_ctx_new(NFT_CTX_DEFAULT);
	nft_ctx_clear_include_paths(nft);
	nft_ctx_add_include_path(nft, fuzz_dir);
	nft_ctx_buffer_output(nft);
	nft_ctx_buffer_error(nft);
	nft_ctx_output_set_flags(nft, modes[size % array_size(modes)]);
	nft_ctx_input_set_flags(nft, NFT_CTX_INPUT_NO_DNS |
				(json ? NFT_CTX_INPUT_JSON : 0));
	nft_run_cmd_from_buffer(nft, text);
	/* FUZZ_DEBUG=1 shows what a run printed, to check a harness. */
	if (getenv("FUZZ_DEBUG"))
		fprintf(stderr, "--- output:\n%s--- errors:\n%s",
			nft_ctx_get_output_buffer(nft),
			nft_ctx_get_error_buffer(nft));
	nft_ctx_free(nft);
	free(text);
	return 0;
}
