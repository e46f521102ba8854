/*
 * Error rendering: the expected texts were checked against what the
 * system nft prints for the same input and columns.
 */
#include <nft.h>
#include <erec.h>
#include <stdlib.h>
#include <string.h>
#include "unit.h"

static struct input_descriptor *mkdesc(enum input_type type,
				       const char *name, const char *text)
{
	return indesc_alloc(type, name, xstrdup(text), strlen(text));
}

static struct location mkloc(const struct input_descriptor *d,
			     unsigned int line, unsigned int first,
			     unsigned int last_line, unsigned int last)
{
	struct location loc = {
		.indesc = d,
		.first_line = line,
		.first_column = first,
		.last_line = last_line,
		.last_column = last,
		.json_index = -1,
	};

	return loc;
}

/* Render @erec into a string (caller frees); destroys @erec. */
static char *render(struct error_record *erec)
{
	LIST_HEAD(msgs);
	size_t size = 0;
	char *buf = NULL;
	FILE *f = open_memstream(&buf, &size);

	erec_queue(erec, &msgs);
	erec_print_list(f, &msgs);
	fclose(f);
	CHECK(list_empty(&msgs));
	return buf;
}

static void test_file_tabs(void)
{
	struct input_descriptor *d = mkdesc(INPUT_FILE, "ee/a.nft",
		"table ip t {\n\tchain c {\n"
		"\t\ttype filter hook input priority 0; policy bogus;\n"
		"\t}\n}\n");
	struct location loc = mkloc(d, 3, 45, 3, 49);
	char *out = render(erec_create(EREC_ERROR, &loc, "syntax error"));

	CHECK_STREQ(out, "ee/a.nft:3:45-49: Error: syntax error\n"
		"\t\ttype filter hook input priority 0; policy bogus;\n"
		"\t\t                                          ^^^^^\n");
	free(out);
	indesc_free(d);
}

static void test_related_location(void)
{
	const char *text = "add table t; add rule t c meta mark set ip daddr";
	struct input_descriptor *d = mkdesc(INPUT_BUFFER, NULL, text);
	struct location stmt = mkloc(d, 1, 27, 1, 48);
	struct location expr = mkloc(d, 1, 41, 1, 48);
	struct error_record *erec;
	char *out;

	erec = erec_create(EREC_ERROR, &expr, "datatype mismatch");
	erec_add_location(erec, &stmt);
	out = render(erec);
	CHECK_STREQ(out, "Error: datatype mismatch\n"
		"add table t; add rule t c meta mark set ip daddr\n"
		"                          ~~~~~~~~~~~~~~^^^^^^^^\n");
	free(out);
	indesc_free(d);
}

/* A buffer's error shows the line the error is on, not the first one. */
static void test_buffer_line(void)
{
	struct input_descriptor *d = mkdesc(INPUT_BUFFER, NULL,
		"add table t\nadd chain t c\nadd rule t c\tip daddr 1.2.3.400");
	struct location loc = mkloc(d, 3, 23, 3, 31);
	char *out = render(erec_create(EREC_ERROR, &loc, "bad %s", "addr"));

	CHECK_STREQ(out, "Error: bad addr\n"
		"add rule t c\tip daddr 1.2.3.400\n"
		"            \t         ^^^^^^^^^\n");
	free(out);
	indesc_free(d);
}

/* "unexpected newline" points one past the end of the line. */
static void test_past_end(void)
{
	struct input_descriptor *d = mkdesc(INPUT_CMDLINE, NULL,
		"add rule t c ip daddr tcp dport");
	struct location loc = mkloc(d, 1, 32, 1, 32);
	char *out = render(erec_create(EREC_ERROR, &loc, "syntax error"));

	CHECK_STREQ(out, "Error: syntax error\n"
		"add rule t c ip daddr tcp dport\n"
		"                               ^\n");
	free(out);
	indesc_free(d);
}

/* A related span starting on an earlier line: its columns are marked on
 * the offending line, as nft does. */
static void test_multiline_related(void)
{
	struct input_descriptor *d = mkdesc(INPUT_FILE, "ee/c.nft",
		"table ip t {\n\tchain c {\n\t\tmeta mark set \\\n"
		"\t\t\tip daddr\n\t}\n}\n");
	struct location stmt = mkloc(d, 3, 3, 4, 11);
	struct location expr = mkloc(d, 4, 4, 4, 11);
	struct error_record *erec = erec_create(EREC_ERROR, &expr, "mismatch");
	char *out;

	erec_add_location(erec, &stmt);
	out = render(erec);
	CHECK_STREQ(out, "ee/c.nft:4:4-11: Error: mismatch\n"
		"\t\t\tip daddr\n"
		"\t\t~^^^^^^^^\n");
	free(out);
	indesc_free(d);
}

static void test_include_chain(void)
{
	struct input_descriptor *top2 = mkdesc(INPUT_FILE, "top2.nft",
		"include \"./top.nft\"\n");
	struct input_descriptor *top = mkdesc(INPUT_FILE, "./top.nft",
		"# x\ninclude \"./inc.nft\"\n");
	struct input_descriptor *inc = mkdesc(INPUT_FILE, "./inc.nft",
		"add table t\nadd chain t c\nadd rule t c ip daddr 1.2.3.400\n");
	struct location l_top2 = mkloc(top2, 1, 1, 1, 20);
	struct location l_top = mkloc(top, 2, 1, 2, 20);
	struct location loc = mkloc(inc, 3, 23, 3, 31);
	char *out;

	top->parent = &l_top2;
	inc->parent = &l_top;
	out = render(erec_create(EREC_ERROR, &loc, "bad"));
	CHECK_STREQ(out, "In file included from ./top.nft:2:1-20:\n"
		"                 from top2.nft:1:1-20:\n"
		"./inc.nft:3:23-31: Error: bad\n"
		"add rule t c ip daddr 1.2.3.400\n"
		"                      ^^^^^^^^^\n");
	free(out);
	indesc_free(inc);
	indesc_free(top);
	indesc_free(top2);
}

static void test_cmdline_include(void)
{
	struct input_descriptor *cmd = mkdesc(INPUT_CMDLINE, NULL,
		"include \"/tmp/inc.nft\"");
	struct input_descriptor *inc = mkdesc(INPUT_FILE, "/tmp/inc.nft",
		"add table t\n");
	struct location l_cmd = mkloc(cmd, 1, 1, 1, 22);
	struct location loc = mkloc(inc, 1, 5, 1, 9);
	char *out;

	inc->parent = &l_cmd;
	out = render(erec_create(EREC_WARNING, &loc, "careful"));
	CHECK_STREQ(out, "In file included from <cmdline>:1:1-22:\n"
		"/tmp/inc.nft:1:5-9: Warning: careful\n"
		"add table t\n"
		"    ^^^^^\n");
	free(out);
	indesc_free(inc);
	indesc_free(cmd);
}

static void test_json_and_internal(void)
{
	struct input_descriptor *d = mkdesc(INPUT_JSON, NULL,
		"{\"nftables\": []}");
	struct location loc = mkloc(d, 0, 0, 0, 0);
	char *out;

	loc.json_index = 3;
	loc.json_path = ".add.chain.dev";
	out = render(erec_create(EREC_ERROR, &loc, "bad device"));
	CHECK_STREQ(out, "Error: bad device\n"
		"JSON command #3, at nftables[3].add.chain.dev\n");
	free(out);
	indesc_free(d);

	out = render(erec_create(EREC_ERROR, &internal_location,
				 "Could not open file \"%s\": %s", "x", "gone"));
	CHECK_STREQ(out, "Error: Could not open file \"x\": gone\n");
	free(out);
	out = render(erec_create(EREC_INFORMATIONAL, NULL, "note"));
	CHECK_STREQ(out, "note\n");
	free(out);
}

static void test_queue_order(void)
{
	LIST_HEAD(msgs);
	size_t size = 0;
	char *buf = NULL;
	FILE *f = open_memstream(&buf, &size);
	struct error_record *erec;

	CHECK(erec_error(&msgs, NULL, "first") == -1);
	CHECK(erec_error(&msgs, &internal_location, "second %d", 2) == -1);
	erec = erec_create(EREC_ERROR, NULL, "dropped");
	erec_add_location(erec, &internal_location);
	erec_add_location(erec, &internal_location);
	erec_add_location(erec, &internal_location);
	erec_add_location(erec, &internal_location);
	CHECK(erec->num_locations == EREC_MAX_LOCATIONS);
	erec_queue(erec, &msgs);
	erec_free_list(&msgs);
	CHECK(list_empty(&msgs));
	erec_error(&msgs, NULL, "first");
	erec_error(&msgs, NULL, "second");
	erec_print_list(f, &msgs);
	fclose(f);
	CHECK_STREQ(buf, "Error: first\nError: second\n");
	free(buf);
}

int main(void)
{
	test_file_tabs();
	test_related_location();
	test_buffer_line();
	test_past_end();
	test_multiline_related();
	test_include_chain();
	test_cmdline_include();
	test_json_and_internal();
	test_queue_order();
	return unit_done("erec_test");
}
