/*
 * The public API without a kernel: context settings, output and error
 * buffering, variables, include paths, and runs that fail or do nothing
 * before any netlink traffic.
 */
#include <nft.h>
#include <nftables.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/wait.h>
#include "unit.h"

static void test_settings(struct nft_ctx *nft)
{
	CHECK(nft_ctx_output_get_flags(nft) == 0);
	nft_ctx_output_set_flags(nft, NFT_CTX_OUTPUT_JSON |
				 NFT_CTX_OUTPUT_HANDLE);
	CHECK(nft_ctx_output_get_flags(nft) ==
	      (NFT_CTX_OUTPUT_JSON | NFT_CTX_OUTPUT_HANDLE));
	nft_ctx_output_set_flags(nft, 0);

	CHECK(!nft_ctx_get_dry_run(nft));
	nft_ctx_set_dry_run(nft, true);
	CHECK(nft_ctx_get_dry_run(nft));
	nft_ctx_set_dry_run(nft, false);

	nft_ctx_output_set_debug(nft, NFT_DEBUG_NETLINK);
	CHECK(nft_ctx_output_get_debug(nft) == NFT_DEBUG_NETLINK);
	nft_ctx_output_set_debug(nft, 0);

	nft_ctx_set_optimize(nft, NFT_OPTIMIZE_ENABLED);
	CHECK(nft_ctx_get_optimize(nft) == NFT_OPTIMIZE_ENABLED);
	nft_ctx_set_optimize(nft, 0);

	CHECK(nft_ctx_input_set_flags(nft, NFT_CTX_INPUT_JSON) == 0);
	CHECK(nft_ctx_input_set_flags(nft, 0) == NFT_CTX_INPUT_JSON);
	CHECK(nft_ctx_input_get_flags(nft) == 0);
}

static void test_output_buffer(struct nft_ctx *nft)
{
	FILE *old;

	CHECK_STREQ(nft_ctx_get_output_buffer(nft), "");
	CHECK(nft_ctx_buffer_output(nft) == 0);
	CHECK(nft_ctx_buffer_output(nft) == 0);	/* twice is fine */
	CHECK_STREQ(nft_ctx_get_output_buffer(nft), "");
	nft_print(&nft->octx, "hello %d\n", 1);
	nft_print(&nft->octx, "world\n");
	CHECK_STREQ(nft_ctx_get_output_buffer(nft), "hello 1\nworld\n");
	/* reading empties it */
	CHECK_STREQ(nft_ctx_get_output_buffer(nft), "");
	nft_print(&nft->octx, "again");
	CHECK_STREQ(nft_ctx_get_output_buffer(nft), "again");
	nft_print(&nft->octx, "dropped");
	CHECK(nft_ctx_unbuffer_output(nft) == 0);
	CHECK(nft->output.fp == stdout);
	CHECK(nft->octx.output_fp == stdout);
	CHECK_STREQ(nft_ctx_get_output_buffer(nft), "");
	CHECK(nft_ctx_unbuffer_output(nft) == 0);

	old = nft_ctx_set_output(nft, stderr);
	CHECK(old == stdout);
	CHECK(nft->octx.output_fp == stderr);
	CHECK(nft_ctx_set_output(nft, NULL) == NULL);
	CHECK(nft->octx.output_fp == stderr);
	nft_ctx_buffer_output(nft);
	/* switching away from a buffer: no previous stream to hand back */
	CHECK(nft_ctx_set_output(nft, stdout) == NULL);
	CHECK(!nft->output.buffered);
}

static void test_error_buffer(struct nft_ctx *nft)
{
	const char *err;

	CHECK(nft_ctx_buffer_error(nft) == 0);
	CHECK(nft_run_cmd_from_filename(nft, "/nonexistent/x.nft") == -1);
	err = nft_ctx_get_error_buffer(nft);
	CHECK_STREQ(err, "Error: Could not open file \"/nonexistent/x.nft\": "
		    "No such file or directory\n");
	CHECK_STREQ(nft_ctx_get_error_buffer(nft), "");
	CHECK(nft_ctx_unbuffer_error(nft) == 0);
	CHECK(nft->octx.error_fp == stderr);
}

static void test_vars_and_paths(struct nft_ctx *nft)
{
	CHECK(nft->num_include_paths == 1);
	CHECK_STREQ(nft->include_paths[0], DEFAULT_INCLUDE_PATH);
	CHECK(nft_ctx_add_include_path(nft, "/tmp") == 0);
	CHECK(nft->num_include_paths == 2);
	nft_ctx_clear_include_paths(nft);
	CHECK(nft->num_include_paths == 0);
	CHECK(nft_ctx_add_include_path(nft, "/etc") == 0);

	CHECK(nft_ctx_add_var(nft, "dev=v0") == 0);
	CHECK(nft_ctx_add_var(nft, "x=a=b") == 0);
	CHECK(nft_ctx_add_var(nft, "novalue") == -1);
	CHECK(nft_ctx_add_var(nft, "=v") == -1);
	CHECK(nft_ctx_add_var(nft, "k=") == -1);
	CHECK(nft->num_vars == 2);
	CHECK_STREQ(nft->vars[0].key, "dev");
	CHECK_STREQ(nft->vars[1].value, "a=b");
	nft_ctx_clear_vars(nft);
	CHECK(nft->num_vars == 0);
}

/* Variables of nft_ctx_add_var() are there for files, not for commands
 * from a buffer (1.1.3: "unknown identifier"). */
static void test_vars_for_files(struct nft_ctx *nft)
{
	char path[] = "/tmp/api_test_vars.XXXXXX";
	int fd;

	CHECK(nft_ctx_add_var(nft, "p=22") == 0);
	CHECK(nft_run_cmd_from_buffer(nft, "define x = $p") == -1);
	CHECK(strstr(nft_ctx_get_error_buffer(nft),
		     "unknown identifier 'p'") != NULL);
	fd = mkstemp(path);
	CHECK(fd >= 0);
	if (fd >= 0) {
		CHECK(write(fd, "define x = $p\n", 14) == 14);
		close(fd);
		CHECK(nft_run_cmd_from_filename(nft, path) == 0);
		CHECK_STREQ(nft_ctx_get_error_buffer(nft), "");
		unlink(path);
	}
	nft_ctx_clear_vars(nft);
}

/* Runs that never reach the kernel: the whole pipeline, errors shown. */
static void test_runs(struct nft_ctx *nft)
{
	const char *err;

	nft_ctx_buffer_output(nft);
	nft_ctx_buffer_error(nft);
	CHECK(nft_run_cmd_from_buffer(nft, "") == 0);
	CHECK(nft_run_cmd_from_buffer(nft, "# only a comment\n") == 0);
	CHECK_STREQ(nft_ctx_get_error_buffer(nft), "");

	CHECK(nft_run_cmd_from_buffer(nft, "bogus table x") == -1);
	err = nft_ctx_get_error_buffer(nft);
	CHECK(!strncmp(err, "Error: ", 7));
	CHECK(strstr(err, "\nbogus table x\n^") != NULL);
	/* errors do not stick to the next run */
	CHECK(nft_run_cmd_from_buffer(nft, "") == 0);
	CHECK_STREQ(nft_ctx_get_error_buffer(nft), "");
	CHECK_STREQ(nft_ctx_get_output_buffer(nft), "");
	test_vars_for_files(nft);
}

/*
 * A run that prints nothing leaves the application's pending output
 * alone, as upstream does: "nft" is not the application's stdout's
 * owner. Checked in a child whose stdout is a pipe, which _exit()s
 * without flushing: only what the library flushed comes through.
 */
static void test_no_flush(void)
{
	char buf[64] = "";
	int fds[2];
	pid_t pid;
	ssize_t n;

	if (pipe(fds) < 0)
		return;
	pid = fork();
	if (pid == 0) {
		struct nft_ctx *c = nft_ctx_new(NFT_CTX_DEFAULT);

		dup2(fds[1], STDOUT_FILENO);
		close(fds[0]);
		setvbuf(stdout, NULL, _IOFBF, 4096);
		printf("pending");
		nft_run_cmd_from_buffer(c, "# nothing\n");
		_exit(0);
	}
	close(fds[1]);
	n = read(fds[0], buf, sizeof(buf) - 1);
	close(fds[0]);
	waitpid(pid, NULL, 0);
	CHECK(n == 0);
}

/*
 * Endless input: "nft -f /dev/zero" grew its buffer until memory ran
 * out. Devices are refused; files and pipes longer than the limit are
 * refused with an error naming it.
 */
static void test_endless_input(struct nft_ctx *nft)
{
	char path[] = "/tmp/api_test.XXXXXX", pipe_path[64];
	size_t old_max = nft->max_input;
	const char *err;
	int fd, p[2];
	pid_t pid;

	nft_ctx_buffer_error(nft);
	CHECK(nft->max_input == NFT_INPUT_MAX);
	CHECK(nft_run_cmd_from_filename(nft, "/dev/zero") == -1);
	CHECK_STREQ(nft_ctx_get_error_buffer(nft),
		    "Error: Could not read file \"/dev/zero\": "
		    "not a regular file or a pipe\n");
	CHECK(nft_run_cmd_from_filename(nft, "/dev/null") == 0);
	CHECK(nft_run_cmd_from_filename(nft, "/tmp") == -1);
	err = nft_ctx_get_error_buffer(nft);
	CHECK(strstr(err, "Is a directory") != NULL);

	/* a (sparse) file just over the limit is refused unread */
	fd = mkstemp(path);
	CHECK(fd >= 0 && ftruncate(fd, NFT_INPUT_MAX + 1) == 0);
	close(fd);
	CHECK(nft_run_cmd_from_filename(nft, path) == -1);
	err = nft_ctx_get_error_buffer(nft);
	CHECK(strstr(err, "larger than the limit of 256 MiB") != NULL);
	unlink(path);

	/* a pipe that never ends, against a small limit */
	nft->max_input = 1 << 16;
	CHECK(pipe(p) == 0);
	pid = fork();
	if (pid == 0) {
		static const char line[] = "add table ip t\n";

		close(p[0]);
		while (write(p[1], line, sizeof(line) - 1) > 0)
			;
		_exit(0);
	}
	close(p[1]);
	snprintf(pipe_path, sizeof(pipe_path), "/proc/self/fd/%d", p[0]);
	CHECK(nft_run_cmd_from_filename(nft, pipe_path) == -1);
	err = nft_ctx_get_error_buffer(nft);
	CHECK(strstr(err, "larger than the limit of 65536 bytes") != NULL);
	close(p[0]);
	waitpid(pid, NULL, 0);

	/* and an include of it */
	CHECK(pipe(p) == 0);
	pid = fork();
	if (pid == 0) {
		close(p[0]);
		while (write(p[1], "\n", 1) > 0)
			;
		_exit(0);
	}
	close(p[1]);
	snprintf(pipe_path, sizeof(pipe_path),
		 "include \"/proc/self/fd/%d\"", p[0]);
	CHECK(nft_run_cmd_from_buffer(nft, pipe_path) == -1);
	err = nft_ctx_get_error_buffer(nft);
	CHECK(strstr(err, "larger than the limit of 65536 bytes") != NULL);
	close(p[0]);
	waitpid(pid, NULL, 0);
	nft->max_input = old_max;
	nft_ctx_unbuffer_error(nft);
}

int main(void)
{
	struct nft_ctx *nft = nft_ctx_new(NFT_CTX_DEFAULT);

	CHECK(nft != NULL);
	test_settings(nft);
	test_output_buffer(nft);
	test_error_buffer(nft);
	test_vars_and_paths(nft);
	test_runs(nft);
	test_no_flush();
	test_endless_input(nft);
	nft_ctx_free(nft);
	nft_ctx_free(NULL);
	return unit_done("api_test");
}
