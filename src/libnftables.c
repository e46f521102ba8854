/*
 * The public API (libnftables(3)) and the run pipeline.
 *
 * A run is one call of nft_run_cmd_from_buffer() or _from_filename():
 * parse -> evaluate -> execute, errors printed to the error stream, then
 * everything the run allocated (commands, input text, interned strings,
 * the top scope, the cache) is freed so nothing leaks into the next run
 * of a long-lived process.
 */
#include <stdio_ext.h>
#include <nft.h>
#include <nftables.h>
#include <erec.h>
#include <parse.h>
#include <evaluate.h>
#include <optimize.h>
#include <rule.h>
#include <cache.h>
#include <mnl.h>
#include <netlink.h>
#include <print.h>
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <ctype.h>
#include <time.h>
#include <unistd.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>

#ifndef DEFAULT_INCLUDE_PATH
#define DEFAULT_INCLUDE_PATH "/etc"
#endif

/* A string kept alive until the end of the run (see nft_run_intern). */
struct run_string {
	struct list_head list;
	char s[];
};

static void output_stream_init(struct output_stream *os, FILE *fp)
{
	memset(os, 0, sizeof(*os));
	os->fp = fp;
}

/* Point the printers' context at the streams as they are now. */
static void nft_sync_octx(struct nft_ctx *nft)
{
	nft->octx.output_fp = nft->output.fp;
	nft->octx.error_fp = nft->error.fp;
}

EXPORT_SYMBOL struct nft_ctx *nft_ctx_new(uint32_t flags)
{
	struct nft_ctx *nft = xzalloc(sizeof(*nft));

	/* @flags has no defined bits (NFT_CTX_DEFAULT); like the system
	 * library we ignore unknown ones rather than fail. */
	output_stream_init(&nft->output, stdout);
	output_stream_init(&nft->error, stderr);
	nft_sync_octx(nft);
	init_list_head(&nft->indescs);
	init_list_head(&nft->strings);
	cache_init(&nft->cache);
	/* Sequence numbers only need to differ between batches of one
	 * socket; starting from the clock keeps them distinct across
	 * contexts too, which makes netlink traces easier to read. */
	nft->seqnum = time(NULL);
	nft_ctx_add_include_path(nft, DEFAULT_INCLUDE_PATH);
	nft->max_input = NFT_INPUT_MAX;
	return nft;
}

static void output_stream_release(struct output_stream *os)
{
	if (os->buffered) {
		fclose(os->fp);
		free(os->buf);
		os->fp = os->saved_fp;
	}
	free(os->last);
	os->buf = NULL;
	os->last = NULL;
	os->buffered = false;
}

EXPORT_SYMBOL void nft_ctx_free(struct nft_ctx *ctx)
{
	if (!ctx)
		return;
	nft_mnl_close(ctx);
	nft_run_release_strings(ctx);
	cache_release(&ctx->cache);
	/* cache_release() leaves an empty, reusable hash behind for the
	 * next run; there is none, so drop it too (safe if already gone). */
	str_hash_destroy(&ctx->cache.table_hash);
	output_stream_release(&ctx->output);
	output_stream_release(&ctx->error);
	nft_ctx_clear_include_paths(ctx);
	nft_ctx_clear_vars(ctx);
	xfree(ctx);
}

EXPORT_SYMBOL bool nft_ctx_get_dry_run(struct nft_ctx *ctx)
{
	return ctx->check;
}

EXPORT_SYMBOL void nft_ctx_set_dry_run(struct nft_ctx *ctx, bool dry)
{
	ctx->check = dry;
}

EXPORT_SYMBOL uint32_t nft_ctx_get_optimize(struct nft_ctx *ctx)
{
	return ctx->optimize_flags;
}

EXPORT_SYMBOL void nft_ctx_set_optimize(struct nft_ctx *ctx, uint32_t flags)
{
	ctx->optimize_flags = flags;
}

EXPORT_SYMBOL unsigned int nft_ctx_input_get_flags(struct nft_ctx *ctx)
{
	return ctx->input_flags;
}

EXPORT_SYMBOL unsigned int nft_ctx_input_set_flags(struct nft_ctx *ctx,
						   unsigned int flags)
{
	unsigned int old = ctx->input_flags;

	ctx->input_flags = flags;
	return old;
}

EXPORT_SYMBOL unsigned int nft_ctx_output_get_flags(struct nft_ctx *ctx)
{
	return ctx->octx.flags;
}

EXPORT_SYMBOL void nft_ctx_output_set_flags(struct nft_ctx *ctx,
					    unsigned int flags)
{
	ctx->octx.flags = flags;
}

EXPORT_SYMBOL unsigned int nft_ctx_output_get_debug(struct nft_ctx *ctx)
{
	return ctx->debug_mask;
}

EXPORT_SYMBOL void nft_ctx_output_set_debug(struct nft_ctx *ctx,
					    unsigned int mask)
{
	ctx->debug_mask = mask;
}

/* ---- output and error streams ---- */

static FILE *output_stream_set(struct output_stream *os, FILE *fp)
{
	FILE *old;

	if (!fp || ferror(fp))
		return NULL;
	old = os->buffered ? NULL : os->fp;
	output_stream_release(os);
	os->fp = fp;
	return old;
}

static int output_stream_buffer(struct output_stream *os)
{
	FILE *fp;

	if (os->buffered)
		return 0;
	fp = open_memstream(&os->buf, &os->buf_size);
	if (!fp)
		return -1;
	os->saved_fp = os->fp;
	os->fp = fp;
	os->buffered = true;
	return 0;
}

static int output_stream_unbuffer(struct output_stream *os)
{
	if (!os->buffered)
		return 0;
	output_stream_release(os);
	return 0;
}

/*
 * Hand out what was written so far and start an empty buffer: the
 * memstream is closed (which finalizes its text) and a new one opened.
 * The text stays valid until the next call, unbuffering or ctx free.
 */
static const char *output_stream_get(struct output_stream *os)
{
	FILE *fp;

	free(os->last);
	os->last = NULL;
	if (!os->buffered)
		return "";
	fclose(os->fp);
	os->last = os->buf;
	os->buf = NULL;
	os->buf_size = 0;
	fp = open_memstream(&os->buf, &os->buf_size);
	if (fp) {
		os->fp = fp;
	} else {
		os->fp = os->saved_fp;
		os->buffered = false;
	}
	return os->last ? os->last : "";
}

EXPORT_SYMBOL FILE *nft_ctx_set_output(struct nft_ctx *ctx, FILE *fp)
{
	FILE *old = output_stream_set(&ctx->output, fp);

	nft_sync_octx(ctx);
	return old;
}

EXPORT_SYMBOL int nft_ctx_buffer_output(struct nft_ctx *ctx)
{
	int ret = output_stream_buffer(&ctx->output);

	nft_sync_octx(ctx);
	return ret;
}

EXPORT_SYMBOL int nft_ctx_unbuffer_output(struct nft_ctx *ctx)
{
	int ret = output_stream_unbuffer(&ctx->output);

	nft_sync_octx(ctx);
	return ret;
}

EXPORT_SYMBOL const char *nft_ctx_get_output_buffer(struct nft_ctx *ctx)
{
	const char *text = output_stream_get(&ctx->output);

	nft_sync_octx(ctx);
	return text;
}

EXPORT_SYMBOL FILE *nft_ctx_set_error(struct nft_ctx *ctx, FILE *fp)
{
	FILE *old = output_stream_set(&ctx->error, fp);

	nft_sync_octx(ctx);
	return old;
}

EXPORT_SYMBOL int nft_ctx_buffer_error(struct nft_ctx *ctx)
{
	int ret = output_stream_buffer(&ctx->error);

	nft_sync_octx(ctx);
	return ret;
}

EXPORT_SYMBOL int nft_ctx_unbuffer_error(struct nft_ctx *ctx)
{
	int ret = output_stream_unbuffer(&ctx->error);

	nft_sync_octx(ctx);
	return ret;
}

EXPORT_SYMBOL const char *nft_ctx_get_error_buffer(struct nft_ctx *ctx)
{
	const char *text = output_stream_get(&ctx->error);

	nft_sync_octx(ctx);
	return text;
}

/* ---- include paths and variables ---- */

EXPORT_SYMBOL int nft_ctx_add_include_path(struct nft_ctx *ctx,
					   const char *path)
{
	if (!path)
		return -1;
	ctx->include_paths = xrealloc(ctx->include_paths,
				      (ctx->num_include_paths + 1) *
				      sizeof(ctx->include_paths[0]));
	ctx->include_paths[ctx->num_include_paths++] = xstrdup(path);
	return 0;
}

EXPORT_SYMBOL void nft_ctx_clear_include_paths(struct nft_ctx *ctx)
{
	unsigned int i;

	for (i = 0; i < ctx->num_include_paths; i++)
		xfree(ctx->include_paths[i]);
	xfree(ctx->include_paths);
	ctx->include_paths = NULL;
	ctx->num_include_paths = 0;
}

EXPORT_SYMBOL int nft_ctx_add_var(struct nft_ctx *ctx, const char *var)
{
	const char *eq = var ? strchr(var, '=') : NULL;
	struct nft_var *v;

	if (!eq || eq == var || eq[1] == '\0')
		return -1;
	ctx->vars = xrealloc(ctx->vars, (ctx->num_vars + 1) *
				      sizeof(ctx->vars[0]));
	v = &ctx->vars[ctx->num_vars++];
	v->key = xstrndup(var, eq - var);
	v->value = xstrdup(eq + 1);
	return 0;
}

EXPORT_SYMBOL void nft_ctx_clear_vars(struct nft_ctx *ctx)
{
	unsigned int i;

	for (i = 0; i < ctx->num_vars; i++) {
		xfree(ctx->vars[i].key);
		xfree(ctx->vars[i].value);
	}
	xfree(ctx->vars);
	ctx->vars = NULL;
	ctx->num_vars = 0;
}

/* ---- one run ---- */

/* A path through a member at index 100 or more (".elem[123456]"): one of
 * a big set's elements, which no other path repeats. */
static bool run_string_unique(const char *s)
{
	while ((s = strchr(s, '['))) {
		s++;
		if (isdigit((unsigned char)s[0]) &&
		    isdigit((unsigned char)s[1]) &&
		    isdigit((unsigned char)s[2]))
			return true;
	}
	return false;
}

#define RUN_STRING_CHUNK	65536

const char *nft_run_intern(struct nft_ctx *nft, const char *s)
{
	size_t len = strlen(s);
	struct run_string *rs;
	char *out;

	/* Unique paths are packed in chunks, neither looked up nor hashed:
	 * a big JSON set has one per element and member, and a malloc and
	 * a hash node each made up a fifth of the load's memory. */
	if (len < RUN_STRING_CHUNK / 16 && run_string_unique(s)) {
		if (nft->string_chunk_left < len + 1) {
			rs = xmalloc(sizeof(*rs) + RUN_STRING_CHUNK);
			list_add_tail(&rs->list, &nft->strings);
			nft->string_chunk = rs->s;
			nft->string_chunk_left = RUN_STRING_CHUNK;
		}
		out = nft->string_chunk;
		memcpy(out, s, len + 1);
		nft->string_chunk += len + 1;
		nft->string_chunk_left -= len + 1;
		return out;
	}
	rs = str_hash_lookup(&nft->string_hash, s);

	if (rs)
		return rs->s;
	rs = xmalloc(sizeof(*rs) + len + 1);
	memcpy(rs->s, s, len + 1);
	list_add_tail(&rs->list, &nft->strings);
	str_hash_add(&nft->string_hash, rs->s, rs);
	return rs->s;
}

void nft_run_release_strings(struct nft_ctx *nft)
{
	struct run_string *rs, *rnext;

	str_hash_destroy(&nft->string_hash);
	nft->string_chunk = NULL;
	nft->string_chunk_left = 0;
	list_for_each_entry_safe(rs, rnext, &nft->strings, list) {
		list_del(&rs->list);
		xfree(rs);
	}
}

/* -D variables (nft_ctx_add_var()) become symbols in the top scope,
 * which the parser nests the file's own scopes under; as in 1.1.3 they
 * are there for files only, not for commands from a buffer. */
static void nft_run_begin(struct nft_ctx *nft,
			  const struct input_descriptor *indesc)
{
	nft_sync_octx(nft);
	if (indesc->type == INPUT_FILE || indesc->type == INPUT_STDIN)
		nft_top_scope_vars(nft);
	else
		nft_top_scope(nft);
	nft->output_pending = __fpending(nft->output.fp);
}

static void nft_run_end(struct nft_ctx *nft)
{
	struct input_descriptor *indesc, *inext;

	list_for_each_entry_safe(indesc, inext, &nft->indescs, list) {
		list_del(&indesc->list);
		indesc_free(indesc);
	}
	nft_run_release_strings(nft);
	if (nft->top_scope) {
		scope_free(nft->top_scope);
		nft->top_scope = NULL;
	}
	json_echo_release(nft);
	/* The kernel may change between runs: never trust a stale cache. */
	cache_release(&nft->cache);
	netlink_anon_sets_release(nft);
	if (nft->output.buffered ||
	    __fpending(nft->output.fp) != nft->output_pending)
		fflush(nft->output.fp);
	fflush(nft->error.fp);
}

int nft_run(struct nft_ctx *nft, struct input_descriptor *indesc)
{
	LIST_HEAD(cmds);
	LIST_HEAD(msgs);
	int ret;

	nft_run_begin(nft, indesc);
	list_add_tail(&indesc->list, &nft->indescs);
	if (indesc->type == INPUT_JSON) {
		ret = nft_parse_json(nft, indesc, &cmds, &msgs);
	} else {
		ret = nft_parse_text(nft, indesc, &cmds, &msgs);
		erec_list_parsed(&msgs);
	}
	if (ret == 0 && !erec_list_has_error(&msgs)) {
		/* -o merges the rules of files only, as 1.1.3 does */
		if (nft->optimize_flags && (indesc->type == INPUT_FILE ||
					    indesc->type == INPUT_STDIN))
			optimize_cmds(nft, &cmds);
		ret = nft_execute(nft, &cmds, &msgs);
	} else if (indesc->type != INPUT_JSON)
		/* 1.1.3 evaluates what parsed despite syntax errors, and
		 * reports what that finds after them */
		nft_evaluate(nft, &cmds, &msgs);
	if (erec_list_has_error(&msgs))
		ret = -1;
	if (indesc->type != INPUT_JSON)
		erec_list_order(&msgs);
	/* Locations point into the input descriptors: print first. */
	erec_print_list(nft->error.fp, &msgs);
	cmd_list_free(&cmds);
	nft_run_end(nft);
	return ret ? -1 : 0;
}

static bool nft_wants_json(const struct nft_ctx *nft, const char *text)
{
	return (nft->input_flags & NFT_CTX_INPUT_JSON ||
		nft->octx.flags & NFT_CTX_OUTPUT_JSON) &&
	       nft_input_is_json(text);
}

EXPORT_SYMBOL int nft_run_cmd_from_buffer(struct nft_ctx *nft,
					  const char *buf)
{
	struct input_descriptor *indesc;
	enum input_type type = INPUT_BUFFER;
	size_t len;
	char *data;

	if (!buf)
		buf = "";
	if (nft_wants_json(nft, buf))
		type = INPUT_JSON;
	len = strlen(buf);
	data = xmalloc(len + 2);
	memcpy(data, buf, len);
	data[len] = data[len + 1] = '\0';
	indesc = indesc_alloc(type, NULL, data, len);
	indesc->nul2 = true;
	return nft_run(nft, indesc);
}

/*
 * What a ruleset may be read from: files, pipes and sockets end, and so
 * do /dev/null and a terminal (when its user says so). Other devices
 * (/dev/zero, /dev/urandom, a disk) would be read until memory runs out.
 */
static const char *input_type_error(const struct stat *sb, int fd)
{
	if (S_ISDIR(sb->st_mode))
		return strerror(EISDIR);
	if (S_ISREG(sb->st_mode) || S_ISFIFO(sb->st_mode) ||
	    S_ISSOCK(sb->st_mode) || isatty(fd))
		return NULL;
	/* Linux's /dev/null, under any name */
	if (S_ISCHR(sb->st_mode) && sb->st_rdev == makedev(1, 3))
		return NULL;
	return "not a regular file or a pipe";
}

static char *input_size_error(const struct nft_ctx *nft)
{
	if (nft->max_input >= 1 << 20)
		return xasprintf("larger than the limit of %zu MiB",
				 nft->max_input >> 20);
	return xasprintf("larger than the limit of %zu bytes",
			 nft->max_input);
}

char *nft_read_input(const struct nft_ctx *nft, FILE *fp, char **datap,
		     size_t *lenp)
{
	size_t len = 0, size = 4096, n;
	struct stat sb;
	char *data;

	if (fstat(fileno(fp), &sb) < 0)
		return xstrdup(strerror(errno));
	if (input_type_error(&sb, fileno(fp)))
		return xstrdup(input_type_error(&sb, fileno(fp)));
	/* a regular file too big is refused without reading it */
	if (S_ISREG(sb.st_mode) && (uintmax_t)sb.st_size > nft->max_input)
		return input_size_error(nft);
	/* a file's size is known: read it into a buffer of that size */
	if (S_ISREG(sb.st_mode) && (size_t)sb.st_size + 3 > size)
		size = sb.st_size + 3;
	data = xmalloc(size);
	while ((n = fread(data + len, 1, size - len - 1, fp)) > 0) {
		len += n;
		if (len > nft->max_input) {
			xfree(data);
			return input_size_error(nft);
		}
		/* grow up to one byte past the limit, not to twice it */
		if (size - len - 1 == 0) {
			size = size > nft->max_input / 2 ?
			       nft->max_input + 2 : size * 2;
			data = xrealloc(data, size);
		}
	}
	if (ferror(fp)) {
		xfree(data);
		return xstrdup(strerror(EIO));
	}
	/* two NULs after the text: the scanner reads it in place */
	if (size < len + 2)
		data = xrealloc(data, len + 2);
	data[len] = '\0';
	data[len + 1] = '\0';
	*datap = data;
	*lenp = len;
	return NULL;
}

static int nft_open_error(struct nft_ctx *nft, const char *filename, int err)
{
	LIST_HEAD(msgs);

	erec_error(&msgs, &internal_location,
		   "Could not open file \"%s\": %s", filename, strerror(err));
	erec_print_list(nft->error.fp, &msgs);
	return -1;
}

static int nft_read_error(struct nft_ctx *nft, const char *filename,
			  char *why)
{
	LIST_HEAD(msgs);

	erec_error(&msgs, &internal_location,
		   "Could not read file \"%s\": %s", filename, why);
	erec_print_list(nft->error.fp, &msgs);
	xfree(why);
	return -1;
}

/*
 * -o with a file, as 1.1.3 runs it: the file as written, checked only
 * (nothing printed of merges, nothing loaded), then, if that passes, again
 * with its rules merged and loaded (or checked, with -c). @data is taken.
 */
static int nft_run_optimized(struct nft_ctx *nft, enum input_type type,
			     const char *name, char *data, size_t len)
{
	uint32_t flags = nft->optimize_flags;
	struct input_descriptor *indesc;
	bool check = nft->check;
	char *copy;
	int ret;

	copy = xmalloc(len + 2);
	memcpy(copy, data, len + 2);	/* and nft_read_input()'s NULs */
	nft->check = true;
	nft->optimize_flags = 0;
	indesc = indesc_alloc(type, name, copy, len);
	indesc->nul2 = true;
	ret = nft_run(nft, indesc);
	nft->check = check;
	nft->optimize_flags = flags;
	if (ret < 0) {
		xfree(data);
		return ret;
	}
	indesc = indesc_alloc(type, name, data, len);
	indesc->nul2 = true;
	return nft_run(nft, indesc);
}

EXPORT_SYMBOL int nft_run_cmd_from_filename(struct nft_ctx *nft,
					    const char *filename)
{
	bool is_stdin = filename && !strcmp(filename, "-");
	enum input_type type = is_stdin ? INPUT_STDIN : INPUT_FILE;
	const char *name = is_stdin ? "/dev/stdin" : filename;
	struct input_descriptor *indesc;
	char *why;
	size_t len = 0;
	char *data;
	FILE *fp;

	if (!filename)
		return nft_open_error(nft, "(null)", EINVAL);
	fp = is_stdin ? stdin : fopen(filename, "r");
	if (!fp)
		return nft_open_error(nft, filename, errno);
	why = nft_read_input(nft, fp, &data, &len);
	if (!is_stdin)
		fclose(fp);
	if (why)
		return nft_read_error(nft, name, why);
	/* JSON input keeps its file name, for the error prefix. */
	if (nft_wants_json(nft, data))
		type = INPUT_JSON;
	if (nft->optimize_flags && type != INPUT_JSON)
		return nft_run_optimized(nft, type, name, data, len);
	indesc = indesc_alloc(type, name, data, len);
	indesc->nul2 = true;		/* nft_read_input() */
	return nft_run(nft, indesc);
}
