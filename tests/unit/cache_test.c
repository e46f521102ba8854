/*
 * What commands ask of the cache: the levels cache_cmd_needs() merges
 * for a command as the parser builds it. Flowtables are a dump of their
 * own, asked for by listings of tables and rulesets and by flowtable
 * commands only: a rule or chain command must not cost one.
 */
#include "unit.h"
#include "unit_nft.h"
#include <cache.h>
#include <linux/netfilter.h>

/* The cache levels @text (one command) needs; ~0u if it does not parse. */
static unsigned int needs_of(const char *text)
{
	struct cache_filter f = { NFPROTO_UNSPEC, NULL, NULL };
	struct nft_ctx *nft = test_nft();
	struct input_descriptor *d;
	unsigned int flags = ~0u;
	bool first = true;
	LIST_HEAD(cmds);
	LIST_HEAD(msgs);
	struct cmd *cmd;
	char *buf;

	buf = xasprintf("%s\n", text);
	d = indesc_alloc(INPUT_BUFFER, NULL, buf, strlen(buf));
	list_add_tail(&d->list, &nft->indescs);
	if (nft_parse_text(nft, d, &cmds, &msgs) < 0 || list_empty(&cmds)) {
		fprintf(stderr, "cannot parse '%s'\n", text);
		erec_print_list(stderr, &msgs);
	} else {
		flags = 0;
		list_for_each_entry(cmd, &cmds, list)
			cache_cmd_needs(cmd, &flags, &f, &first);
	}
	erec_free_list(&msgs);
	cmd_list_free(&cmds);
	return flags;
}

struct needs_case {
	const char	*cmd;
	bool		flowtables;	/* whether it dumps flowtables */
	unsigned int	also;		/* levels it needs besides */
};

static const struct needs_case needs_cases[] = {
	{ "add rule ip t c counter", false, NFT_CACHE_TABLE },
	{ "add rule ip t c jump d", false, NFT_CACHE_CHAIN },
	{ "add rule ip t c index 0 counter", false, NFT_CACHE_RULE },
	{ "add chain ip t c", false, NFT_CACHE_TABLE },
	{ "add chain netdev t c { devices = { lo }; }", false,
	  NFT_CACHE_CHAIN },
	{ "delete chain netdev t c { devices = { lo }; }", false,
	  NFT_CACHE_CHAIN },
	{ "rename chain ip t c d", false, NFT_CACHE_CHAIN },
	{ "list chain ip t c", false, NFT_CACHE_CHAIN },
	{ "list chains", false, NFT_CACHE_CHAIN },
	{ "list tables", false, NFT_CACHE_TABLE },
	{ "list set ip t s", false, NFT_CACHE_SET },
	{ "list table ip t", true, NFT_CACHE_CHAIN | NFT_CACHE_OBJ },
	{ "list ruleset", true, NFT_CACHE_CHAIN | NFT_CACHE_OBJ },
	{ "list flowtables", true, NFT_CACHE_TABLE },
	{ "list flowtable ip t ft", true, NFT_CACHE_TABLE },
	{ "delete flowtable ip t ft { devices = { lo }; }", true,
	  NFT_CACHE_TABLE },
};

static void test_needs(void)
{
	const struct needs_case *c;
	unsigned int i, got;

	for (i = 0; i < array_size(needs_cases); i++) {
		c = &needs_cases[i];
		got = needs_of(c->cmd);
		if (got == ~0u) {
			CHECK(!"parses");
			continue;
		}
		if (!!(got & NFT_CACHE_FLOWTABLE) != c->flowtables ||
		    (got & c->also) != c->also) {
			fprintf(stderr, "'%s': needs 0x%x\n", c->cmd, got);
			CHECK(!"cache needs as expected");
			continue;
		}
		CHECK(true);
	}
}

int main(void)
{
	test_needs();
	test_nft_release();
	return unit_done("cache_test");
}
