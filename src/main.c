/*
 * nft: the command line over libnftables. Options map to library calls;
 * everything else (parsing, checking, the kernel, printing) is the
 * library's, so the CLI, the Python binding and daemons behave alike.
 */
#include <nftables/libnftables.h>
#include <nftables.h>
#include "cli.h"
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Exit codes, as the system nft documents them. */
enum nft_exit {
	NFT_EXIT_SUCCESS	= 0,
	NFT_EXIT_FAILURE	= 1,
	NFT_EXIT_NOMEM		= 2,
	NFT_EXIT_NONL		= 3,
};

#ifndef DEFAULT_INCLUDE_PATH
#define DEFAULT_INCLUDE_PATH "/etc"
#endif

/* Options that only set an output flag: one row each. */
struct flag_opt {
	int val;
	unsigned int flag;
};

static const struct flag_opt output_flag_opts[] = {
	{ 'a', NFT_CTX_OUTPUT_HANDLE },
	{ 's', NFT_CTX_OUTPUT_STATELESS },
	{ 't', NFT_CTX_OUTPUT_TERSE },
	{ 'S', NFT_CTX_OUTPUT_SERVICE },
	{ 'N', NFT_CTX_OUTPUT_REVERSEDNS },
	{ 'u', NFT_CTX_OUTPUT_GUID },
	{ 'n', NFT_CTX_OUTPUT_NUMERIC_ALL },
	{ 'y', NFT_CTX_OUTPUT_NUMERIC_PRIO },
	{ 'p', NFT_CTX_OUTPUT_NUMERIC_PROTO },
	{ 'T', NFT_CTX_OUTPUT_NUMERIC_TIME },
	{ 'e', NFT_CTX_OUTPUT_ECHO },
	{ 'j', NFT_CTX_OUTPUT_JSON },
};

static const struct option nft_long_options[] = {
	{ "help",		no_argument,		NULL, 'h' },
	{ "version",		no_argument,		NULL, 'v' },
	{ "file",		required_argument,	NULL, 'f' },
	{ "define",		required_argument,	NULL, 'D' },
	{ "interactive",	no_argument,		NULL, 'i' },
	{ "includepath",	required_argument,	NULL, 'I' },
	{ "check",		no_argument,		NULL, 'c' },
	{ "optimize",		no_argument,		NULL, 'o' },
	{ "handle",		no_argument,		NULL, 'a' },
	{ "stateless",		no_argument,		NULL, 's' },
	{ "terse",		no_argument,		NULL, 't' },
	{ "service",		no_argument,		NULL, 'S' },
	{ "reversedns",		no_argument,		NULL, 'N' },
	{ "guid",		no_argument,		NULL, 'u' },
	{ "numeric",		no_argument,		NULL, 'n' },
	{ "numeric-priority",	no_argument,		NULL, 'y' },
	{ "numeric-protocol",	no_argument,		NULL, 'p' },
	{ "numeric-time",	no_argument,		NULL, 'T' },
	{ "echo",		no_argument,		NULL, 'e' },
	{ "json",		no_argument,		NULL, 'j' },
	{ "debug",		required_argument,	NULL, 'd' },
	{ NULL, 0, NULL, 0 },
};

/* Leading '+': stop at the first command word, so that negative numbers
 * in commands are not taken for options; options must come first. */
static const char nft_short_options[] = "+hvVf:D:iI:coastSNunypTejd:";

static const struct {
	const char *name;
	unsigned int mask;
} debug_levels[] = {
	{ "scanner",	NFT_DEBUG_SCANNER },
	{ "parser",	NFT_DEBUG_PARSER },
	{ "eval",	NFT_DEBUG_EVALUATION },
	{ "netlink",	NFT_DEBUG_NETLINK },
	{ "mnl",	NFT_DEBUG_MNL },
	{ "proto-ctx",	NFT_DEBUG_PROTO_CTX },
	{ "segtree",	NFT_DEBUG_SEGTREE },
	{ "all",	~0U },
};

static void show_help(const char *name)
{
	printf("Usage: %s [ options ] [ cmds... ]\n"
"\n"
"Options (general):\n"
"  -h, --help                      Print this text and exit\n"
"  -v, --version                   Print the version and exit\n"
"  -V                              Print the version and build features\n"
"\n"
"Options (ruleset input handling):\n"
"  -f, --file <filename>           Read commands from <filename> (- for stdin)\n"
"  -D, --define <name=value>       Define a variable, used as $name\n"
"  -i, --interactive               Read commands a line at a time (\"quit\" ends)\n"
"  -I, --includepath <directory>   Search <directory> for include files. Default is: %s\n"
"  -c, --check                     Check the commands, change nothing\n"
"  -o, --optimize                  Optimize the ruleset\n"
"\n"
"Options (ruleset list formatting):\n"
"  -a, --handle                    Show rule handles\n"
"  -s, --stateless                 Leave out stateful data (counters, ...)\n"
"  -t, --terse                     Leave out set contents\n"
"  -S, --service                   Show ports as service names (/etc/services)\n"
"  -N, --reversedns                Show IP addresses as host names\n"
"  -u, --guid                      Show UID/GID as user and group names\n"
"  -n, --numeric                   Show everything numerically\n"
"  -y, --numeric-priority          Show chain priorities as numbers\n"
"  -p, --numeric-protocol          Show layer 4 protocols as numbers\n"
"  -T, --numeric-time              Show times as numbers\n"
"\n"
"Options (command output formatting):\n"
"  -e, --echo                      Print what was added, inserted or replaced\n"
"  -j, --json                      Use JSON for output (and accept it as input)\n"
"  -d, --debug <level [,level...]> Debug output (scanner, parser, eval, netlink, mnl, proto-ctx, segtree, all)\n"
"\n",
	       name, DEFAULT_INCLUDE_PATH);
}

static void show_version(bool extended)
{
	printf("nftables v%s (%s)\n", PACKAGE_VERSION, NFT_RELEASE_NAME);
	if (!extended)
		return;
	printf("  cli:\t\t%s\n"
	       "  json:\t\tyes\n"
	       "  minigmp:\tno\n"
	       "  libxtables:\tno\n", cli_editor);
}

/* "netlink,eval" -> mask; false on an unknown level. */
static bool parse_debug(const char *arg, unsigned int *mask)
{
	char *copy = strdup(arg), *save = NULL, *tok;
	bool ok = copy != NULL;
	size_t i;

	for (tok = copy ? strtok_r(copy, ",", &save) : NULL; ok && tok;
	     tok = strtok_r(NULL, ",", &save)) {
		for (i = 0; i < array_size(debug_levels); i++)
			if (!strcmp(tok, debug_levels[i].name))
				break;
		if (i == array_size(debug_levels)) {
			fprintf(stderr, "invalid debug parameter `%s'\n", tok);
			ok = false;
		} else {
			*mask |= debug_levels[i].mask;
		}
	}
	free(copy);
	return ok;
}

/* The remaining arguments, joined by single spaces, are the commands. */
static char *join_args(int argc, char **argv)
{
	size_t len = 1;
	char *buf;
	int i;

	for (i = 0; i < argc; i++)
		len += strlen(argv[i]) + 1;
	buf = malloc(len);
	if (!buf)
		return NULL;
	buf[0] = '\0';
	for (i = 0; i < argc; i++) {
		if (i)
			strcat(buf, " ");
		strcat(buf, argv[i]);
	}
	return buf;
}

/* An option after the first command word: "-a", "--json", "-x". A
 * leading '-' before a digit is a value ("priority -150"). */
static bool arg_is_option(const char *arg)
{
	return arg[0] == '-' &&
	       (arg[1] == '-' || (arg[1] >= 'a' && arg[1] <= 'z') ||
		(arg[1] >= 'A' && arg[1] <= 'Z'));
}

/*
 * getopt stops at the first command word (so "priority -150" survives),
 * which leaves options written after the commands unapplied: say so the
 * way nft does, with the command line and a marker under the option.
 */
static bool misplaced_option(int argc, char **argv)
{
	size_t col = strlen("nft ");
	int i, bad = -1;

	for (i = 0; i < argc && bad < 0; i++)
		if (arg_is_option(argv[i]))
			bad = i;
	if (bad < 0)
		return false;
	fprintf(stderr, "Error: syntax error, options must be specified "
		"before commands\nnft ");
	for (i = 0; i < argc; i++)
		fprintf(stderr, "%s ", argv[i]);
	for (i = 0; i < bad; i++)
		col += strlen(argv[i]) + 1;
	fprintf(stderr, "\n   ^%*s~~\n", (int)(col - 4), "");
	return true;
}

static bool set_output_flag(struct nft_ctx *nft, int val)
{
	size_t i;

	for (i = 0; i < array_size(output_flag_opts); i++) {
		if (output_flag_opts[i].val != val)
			continue;
		nft_ctx_output_set_flags(nft, nft_ctx_output_get_flags(nft) |
					 output_flag_opts[i].flag);
		return true;
	}
	return false;
}

struct cli_opts {
	const char *filename;
	bool interactive;
	bool defined;		/* -D given */
	unsigned int debug_mask;
};

/* Apply one option; returns -1 to go on, else the exit code. */
static int handle_option(struct nft_ctx *nft, int val, const char *arg,
			 struct cli_opts *o, const char *progname)
{
	if (set_output_flag(nft, val))
		return -1;
	switch (val) {
	case 'h':
		show_help(progname);
		return NFT_EXIT_SUCCESS;
	case 'v':
	case 'V':
		show_version(val == 'V');
		return NFT_EXIT_SUCCESS;
	case 'f':
		o->filename = arg;
		return -1;
	case 'i':
		o->interactive = true;
		return -1;
	case 'D':
		o->defined = true;
		if (nft_ctx_add_var(nft, arg) == 0)
			return -1;
		fprintf(stderr, "Failed to define variable '%s'\n", arg);
		return NFT_EXIT_FAILURE;
	case 'I':
		nft_ctx_add_include_path(nft, arg);
		return -1;
	case 'c':
		nft_ctx_set_dry_run(nft, true);
		return -1;
	case 'o':
		nft_ctx_set_optimize(nft, NFT_OPTIMIZE_ENABLED);
		return -1;
	case 'd':
		return parse_debug(arg, &o->debug_mask) ? -1 :
						    NFT_EXIT_FAILURE;
	default:	/* getopt already said what was wrong */
		return NFT_EXIT_FAILURE;
	}
}

static int run(struct nft_ctx *nft, const struct cli_opts *o,
	       int argc, char **argv)
{
	char *cmds;
	int ret;

	/* variables of the command line are for a file, as 1.1.3 has it */
	if (o->defined && !o->filename) {
		fprintf(stderr, "Error: -D/--define can only be used with -f/--filename\n");
		return NFT_EXIT_FAILURE;
	}
	if (o->interactive && o->filename) {
		fprintf(stderr, "Error: -i/--interactive and -f/--file options cannot be combined\n");
		return NFT_EXIT_FAILURE;
	}
	if (misplaced_option(argc, argv))
		return NFT_EXIT_FAILURE;
	if (o->filename && argc > 0) {
		fprintf(stderr, "nft: -f/--file cannot be combined with "
			"commands on the command line\n");
		return NFT_EXIT_FAILURE;
	}
	if (o->filename)
		return nft_run_cmd_from_filename(nft, o->filename) ?
		       NFT_EXIT_FAILURE : NFT_EXIT_SUCCESS;
	/* commands on the command line win over -i, as in 1.1.3 */
	if (o->interactive && argc == 0)
		return cli_run(nft);
	if (argc == 0) {
		fprintf(stderr, "nft: no command specified\n");
		return NFT_EXIT_FAILURE;
	}
	cmds = join_args(argc, argv);
	if (!cmds)
		return NFT_EXIT_NOMEM;
	ret = nft_run_cmd_from_buffer(nft, cmds);
	free(cmds);
	return ret ? NFT_EXIT_FAILURE : NFT_EXIT_SUCCESS;
}

int main(int argc, char **argv)
{
	struct cli_opts opts = { 0 };
	struct nft_ctx *nft;
	int val, ret = -1;

	nft = nft_ctx_new(NFT_CTX_DEFAULT);
	if (!nft)
		return NFT_EXIT_NONL;
	while (ret < 0 && (val = getopt_long(argc, argv, nft_short_options,
					     nft_long_options, NULL)) != -1)
		ret = handle_option(nft, val, optarg, &opts, argv[0]);
	if (ret < 0) {
		nft_ctx_output_set_debug(nft, opts.debug_mask);
		ret = run(nft, &opts, argc - optind, argv + optind);
	}
	nft_ctx_free(nft);
	return ret;
}
