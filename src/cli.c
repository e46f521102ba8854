/*
 * nft -i: commands read a line at a time, each line run on its own
 * through the library as if given on the command line (so a table added
 * by one line is in the cache the next line builds). With libedit (as
 * Debian builds nft) a terminal gets the "nft> " prompt, line editing
 * and a history kept in ~/.nft.history; input that is no terminal is read
 * the same way without a prompt. Built --without-cli, plain lines.
 */
#include "cli.h"
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#ifdef HAVE_LIBEDIT
#include <editline/readline.h>
#endif

#define CLI_PROMPT	"nft> "
#define CLI_HISTORY	".nft.history"

/* The one word that ends the session: only alone on its line, as 1.1.3
 * takes it (" quit" is a command, and a syntax error). */
static bool cli_is_quit(const char *line)
{
	return !strcmp(line, "quit");
}

/* Run one line; the parser sees its newline, so an error at the end of
 * the line reads "unexpected newline" as on the command line. */
static void cli_run_line(struct nft_ctx *nft, const char *line)
{
	size_t len = strlen(line);
	char *buf = malloc(len + 2);

	if (!buf) {
		fprintf(stderr, "nft: out of memory\n");
		return;
	}
	memcpy(buf, line, len);
	buf[len] = '\n';
	buf[len + 1] = '\0';
	nft_run_cmd_from_buffer(nft, buf);
	free(buf);
}

#ifdef HAVE_LIBEDIT
const char cli_editor[] = "editline";

/* ~/.nft.history, or NULL (no history) without a home */
static char *cli_history_path(void)
{
	const char *home = getenv("HOME");
	char *path;

	if (!home || !*home)
		return NULL;
	path = malloc(strlen(home) + sizeof("/" CLI_HISTORY));
	if (path)
		sprintf(path, "%s/%s", home, CLI_HISTORY);
	return path;
}

/* Remember a line unless it is empty or repeats the one before. */
static void cli_remember(const char *line, char **last)
{
	if (!*line || (*last && !strcmp(*last, line)))
		return;
	add_history(line);
	free(*last);
	*last = strdup(line);
}

int cli_run(struct nft_ctx *nft)
{
	char *path = cli_history_path(), *last = NULL, *line;

	/* the name libedit reads its ~/.editrc section under */
	rl_readline_name = "nft";
	using_history();
	if (path)
		read_history(path);
	while ((line = readline(CLI_PROMPT)) != NULL) {
		if (cli_is_quit(line)) {
			free(line);
			break;
		}
		cli_remember(line, &last);
		if (*line)
			cli_run_line(nft, line);
		free(line);
	}
	if (path)
		write_history(path);
	free(last);
	free(path);
	return 0;
}
#else
const char cli_editor[] = "no";

int cli_run(struct nft_ctx *nft)
{
	bool tty = isatty(STDIN_FILENO);
	char *line = NULL;
	size_t size = 0;
	ssize_t len;

	for (;;) {
		if (tty) {
			fputs(CLI_PROMPT, stdout);
			fflush(stdout);
		}
		len = getline(&line, &size, stdin);
		if (len < 0)
			break;
		if (len > 0 && line[len - 1] == '\n')
			line[--len] = '\0';
		if (cli_is_quit(line))
			break;
		if (*line)
			cli_run_line(nft, line);
	}
	free(line);
	return 0;
}
#endif
