/*
 * -o (src/optimize*.c) on parsed chain blocks, without a kernel: which
 * runs of rules merge, what the merged rule is, and the proposal lines
 * (tests/shell/93-optimize.sh compares whole files with the reference).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <nftables.h>
#include <parse.h>
#include <rule.h>
#include <optimize.h>
#include "unit.h"
#include "unit_nft.h"

struct opt_result {
	char *out;		/* the merged rules (output stream) */
	char *err;		/* the proposals (error stream) */
	unsigned int rules;	/* rules left in the first chain */
};

static unsigned int first_chain_rules(struct list_head *cmds)
{
	struct cmd *cmd = list_first_entry(cmds, struct cmd, list);
	struct chain *chain;
	struct rule *rule;
	unsigned int n = 0;

	chain = list_first_entry(&cmd->table->chains, struct chain, list);
	list_for_each_entry(rule, &chain->rules, list)
		n++;
	return n;
}

/* "table ip t { chain c { RULES } }", one rule a line, optimized. */
static struct opt_result optimize_text(const char *rules)
{
	struct nft_ctx *nft = test_nft();
	struct opt_result r = { NULL, NULL, 0 };
	FILE *out_fp = nft->octx.output_fp, *err_fp = nft->error.fp;
	struct input_descriptor *d;
	size_t out_len, err_len;
	LIST_HEAD(cmds);
	LIST_HEAD(msgs);
	char *buf;

	buf = xasprintf("table ip t {\n\tchain c {\n%s\t}\n}\n", rules);
	d = indesc_alloc(INPUT_FILE, "f.nft", buf, strlen(buf));
	list_add_tail(&d->list, &nft->indescs);
	nft->octx.output_fp = open_memstream(&r.out, &out_len);
	nft->error.fp = open_memstream(&r.err, &err_len);
	if (nft_parse_text(nft, d, &cmds, &msgs) == 0 && !list_empty(&cmds)) {
		optimize_cmds(nft, &cmds);
		r.rules = first_chain_rules(&cmds);
	} else {
		erec_print_list(stderr, &msgs);
	}
	fclose(nft->octx.output_fp);
	fclose(nft->error.fp);
	nft->octx.output_fp = out_fp;
	nft->error.fp = err_fp;
	erec_free_list(&msgs);
	cmd_list_free(&cmds);
	return r;
}

static void opt_result_free(struct opt_result *r)
{
	free(r->out);
	free(r->err);
}

static void check_merge(const char *rules, const char *want,
			unsigned int left)
{
	struct opt_result r = optimize_text(rules);

	CHECK_STREQ(r.out, want);
	CHECK(r.rules == left);
	opt_result_free(&r);
}

static void test_merges(void)
{
	check_merge("\t\tip saddr 1.1.1.1 accept\n"
		    "\t\tip saddr 1.1.1.2 accept\n",
		    "ip saddr { 1.1.1.1, 1.1.1.2 } accept", 1);
	check_merge("\t\ttcp dport 0x16 accept\n"
		    "\t\ttcp dport 80 drop\n",
		    "tcp dport vmap { 22 : accept, 80 : drop }", 1);
	check_merge("\t\tip saddr 1.1.1.1 tcp dport 22 counter accept\n"
		    "\t\tip saddr 1.1.1.2 tcp dport 23 counter drop\n",
		    "ip saddr . tcp dport vmap { 1.1.1.1 . 22 counter : "
		    "accept, 1.1.1.2 . 23 counter : drop }", 1);
	check_merge("\t\ttcp flags syn|ack accept\n"
		    "\t\ttcp flags fin accept\n",
		    "tcp flags { syn | ack, fin } accept", 1);
	check_merge("\t\tip saddr 1.1.1.1 dnat to 2.2.2.2\n"
		    "\t\tip saddr 1.1.1.2 dnat to 2.2.2.3\n",
		    "dnat ip to ip saddr map { 1.1.1.1 : 2.2.2.2, "
		    "1.1.1.2 : 2.2.2.3 }", 1);
	/* a set of a rule: nested, as 1.1.3 prints it */
	check_merge("\t\ttcp dport { 1, 2 } accept\n"
		    "\t\ttcp dport 3 accept\n",
		    "tcp dport { { 1,\n\t\t\t     2 }, 3 } accept", 1);
}

static void test_left_alone(void)
{
	/* two rules matching the same: the whole run stays */
	check_merge("\t\tip saddr 1.1.1.1 accept\n"
		    "\t\tip saddr 1.1.1.2 accept\n"
		    "\t\tip saddr 1.1.1.2 drop\n", "", 3);
	check_merge("\t\tip saddr != 1.1.1.1 accept\n"
		    "\t\tip saddr != 1.1.1.2 accept\n", "", 2);
	check_merge("\t\tip saddr 1.1.1.1 accept\n"
		    "\t\tip daddr 1.1.1.2 accept\n", "", 2);
	check_merge("\t\tip saddr 1.1.1.1 meta mark set 1\n"
		    "\t\tip saddr 1.1.1.2 meta mark set 1\n", "", 2);
	check_merge("\t\ttcp dport 5 tcp dport 6 accept\n"
		    "\t\ttcp dport 7 tcp dport 8 accept\n", "", 2);
	check_merge("\t\tmeta mark 1 counter dnat to 1.1.1.1\n"
		    "\t\tmeta mark 2 counter dnat to 1.1.1.2\n", "", 2);
}

static void test_proposal(void)
{
	struct opt_result r = optimize_text("\t\tip saddr 1.1.1.1 accept\n"
					    "\t\tip saddr 1.1.1.2 accept "
					    "comment \"x\"\n");

	CHECK_STREQ(r.err, "Merging:\n"
		    "f.nft:3:3-25: \t\tip saddr 1.1.1.1 accept\n"
		    "f.nft:4:3-25: \t\tip saddr 1.1.1.2 accept comment \"x\"\n"
		    "into:\n\t\n");
	opt_result_free(&r);
}

int main(void)
{
	test_merges();
	test_left_alone();
	test_proposal();
	test_nft_release();
	return unit_done("optimize_test");
}
