/*
 * What the unit tests that run rules through the real parser share: one
 * library context, the parse of "add rule FAMILY t c TEXT", and the
 * release of what the parses kept for the run.
 */
#ifndef NFT_TESTS_UNIT_NFT_H
#define NFT_TESTS_UNIT_NFT_H

#include <stdio.h>
#include <string.h>
#include <nftables.h>
#include <parse.h>
#include <rule.h>

/* The library context of every parse and evaluation of the test. */
static struct nft_ctx *test_nft(void)
{
	static struct nft_ctx *nft;

	if (!nft)
		nft = nft_ctx_new(0);
	return nft;
}

/*
 * @text as the rule of "add rule FAMILY t c TEXT", parsed by the text
 * front end; NULL (with the errors printed) if it does not parse.
 */
static inline struct rule *build_rule(uint32_t family, const char *text)
{
	struct nft_ctx *nft = test_nft();
	struct input_descriptor *d;
	struct rule *rule = NULL;
	struct cmd *cmd;
	LIST_HEAD(cmds);
	LIST_HEAD(msgs);
	char *buf;

	buf = xasprintf("add rule %s t c %s\n", family_name(family), text);
	d = indesc_alloc(INPUT_BUFFER, NULL, buf, strlen(buf));
	list_add_tail(&d->list, &nft->indescs);
	if (nft_parse_text(nft, d, &cmds, &msgs) < 0 ||
	    list_empty(&cmds)) {
		fprintf(stderr, "cannot parse '%s'\n", text);
		erec_print_list(stderr, &msgs);
	} else {
		cmd = list_first_entry(&cmds, struct cmd, list);
		rule = cmd->rule;
		cmd->rule = NULL;
	}
	erec_free_list(&msgs);
	cmd_list_free(&cmds);
	return rule;
}

/* At the end: the parses interned strings and kept their input. */
static void test_nft_release(void)
{
	struct input_descriptor *d;

	nft_run_release_strings(test_nft());
	while (!list_empty(&test_nft()->indescs)) {
		d = list_first_entry(&test_nft()->indescs,
				     struct input_descriptor, list);
		list_del(&d->list);
		indesc_free(d);
	}
	scope_free(test_nft()->top_scope);
	test_nft()->top_scope = NULL;
	nft_ctx_free(test_nft());
}

#endif /* NFT_TESTS_UNIT_NFT_H */
