/*
 * The library's context and per-run state. Everything a run needs hangs
 * off struct nft_ctx: no mutable file-scope state anywhere.
 */
#ifndef NFT_NFTABLES_H
#define NFT_NFTABLES_H

#include <nft.h>
#include <erec.h>
#include <nftables/libnftables.h>
#include <cache.h>

/* What `nft --version` and JSON metainfo report. */
#define NFT_RELEASE_NAME	"Clean Slate #1"
#define NFT_JSON_SCHEMA_VERSION	1

struct mnl_socket;
struct scope;
struct anon_set_cache;
struct elem_echo;
struct table;

/* An output or error stream, possibly buffered in memory. */
struct output_stream {
	FILE *fp;		/* where writes go now */
	FILE *saved_fp;		/* stream to restore when unbuffered */
	bool buffered;
	char *buf;		/* open_memstream() buffer */
	size_t buf_size;
	char *last;		/* text handed out by the last get_*_buffer */
};

/* What printers need: flags and where to write. */
struct output_ctx {
	unsigned int flags;	/* NFT_CTX_OUTPUT_* */
	FILE *output_fp;	/* == nft_ctx.output.fp during a run */
	FILE *error_fp;
	unsigned int family;	/* family of the table being printed */
	unsigned int indent;	/* tab depth, for printers of blocks */
	/* The table a text listing is in, and whether its warning for
	 * iptables-nft's rules was printed (src/stmt/xt.c); NULL outside
	 * listings. */
	const struct table *table;
	bool table_warned;
	/* a rule's anonymous set is being written in JSON */
	bool rule_set;
};

static inline bool nft_output_handle(const struct output_ctx *o)
{
	return o->flags & NFT_CTX_OUTPUT_HANDLE;
}
static inline bool nft_output_stateless(const struct output_ctx *o)
{
	return o->flags & NFT_CTX_OUTPUT_STATELESS;
}
static inline bool nft_output_terse(const struct output_ctx *o)
{
	return o->flags & NFT_CTX_OUTPUT_TERSE;
}
static inline bool nft_output_json(const struct output_ctx *o)
{
	return o->flags & NFT_CTX_OUTPUT_JSON;
}
static inline bool nft_output_echo(const struct output_ctx *o)
{
	return o->flags & NFT_CTX_OUTPUT_ECHO;
}
static inline bool nft_output_numeric_prio(const struct output_ctx *o)
{
	return o->flags & NFT_CTX_OUTPUT_NUMERIC_PRIO;
}
static inline bool nft_output_numeric_proto(const struct output_ctx *o)
{
	return o->flags & NFT_CTX_OUTPUT_NUMERIC_PROTO;
}
static inline bool nft_output_numeric_symbol(const struct output_ctx *o)
{
	return o->flags & NFT_CTX_OUTPUT_NUMERIC_SYMBOL;
}
static inline bool nft_output_numeric_time(const struct output_ctx *o)
{
	return o->flags & NFT_CTX_OUTPUT_NUMERIC_TIME;
}
static inline bool nft_output_service(const struct output_ctx *o)
{
	return o->flags & NFT_CTX_OUTPUT_SERVICE;
}
static inline bool nft_output_reversedns(const struct output_ctx *o)
{
	return o->flags & NFT_CTX_OUTPUT_REVERSEDNS;
}
static inline bool nft_output_guid(const struct output_ctx *o)
{
	return o->flags & NFT_CTX_OUTPUT_GUID;
}

/* printf to the output stream of @octx. */
__fmt(2, 3) int nft_print(struct output_ctx *octx, const char *fmt, ...);
/* @s as it is: no format to read (a big set's listing prints a few per
 * element). */
void nft_print_str(struct output_ctx *octx, const char *s);

struct nft_var {
	char *key;
	char *value;
};

struct nle_exts;
struct nftnl_rule;
struct nft_ctx {
	struct mnl_socket *nf_sock;
	uint32_t portid;
	uint32_t seqnum;		/* next netlink sequence number */
	unsigned int debug_mask;
	unsigned int input_flags;	/* NFT_CTX_INPUT_* */
	uint32_t optimize_flags;
	bool check;			/* dry run */
	struct output_ctx octx;
	struct output_stream output;
	struct output_stream error;
	char **include_paths;
	unsigned int num_include_paths;
	struct nft_var *vars;
	unsigned int num_vars;
	struct nft_cache cache;
	/* per run */
	struct list_head indescs;	/* struct input_descriptor, owned */
	struct list_head strings;	/* interned strings (JSON paths) */
	struct str_hash string_hash;	/* the same, by content */
	char *string_chunk;		/* unique paths, packed (nft_run_intern) */
	size_t string_chunk_left;
	struct scope *top_scope;	/* -D variables + file defines */
	/* what the output stream held unwritten when the run began: the
	 * run flushes it only if it wrote to it (an application's own
	 * pending output is not ours to flush, as upstream) */
	size_t output_pending;
	/* the rule being handed over (a dump's, or one being sent) and
	 * what its expressions have that libnftnl cannot hold
	 * (include/nlext.h) */
	const struct nftnl_rule *nle_exts_nlr;
	const struct nle_exts *nle_exts;
	/* anonymous sets dumped for decoding lookups (src/netlink.c) */
	struct anon_set_cache *anon_sets;
	/* -e -j of JSON input: the input document (json_t), which the
	 * echo prints back with the handles filled in */
	void *json_echo;
	/* -e: the sets this batch added, for the elements the kernel
	 * echoes without an owner, and an interval's start until its end
	 * comes (src/obj/set_elem.c) */
	struct elem_echo *elem_echo;
	size_t max_input;		/* most bytes read from one file */
};

/*
 * The largest ruleset file (or stdin, or include) read: generous for
 * millions of set elements, and a clear error, rather than running out
 * of memory, on an endless pipe.
 */
#define NFT_INPUT_MAX		((size_t)256 << 20)

/*
 * Read all of @fp into a buffer ended by two NUL bytes (*@data, *@len;
 * the scanner reads it in place, struct input_descriptor's nul2), refusing
 * devices and directories and anything longer than @nft->max_input.
 * Returns NULL, or why not (a string the caller frees).
 */
char *nft_read_input(const struct nft_ctx *nft, FILE *fp, char **data,
		     size_t *len);

/* Keep a copy of @s alive until the end of the run; returns it. Equal
 * strings share one copy. */
const char *nft_run_intern(struct nft_ctx *nft, const char *s);
/* Free the run's interned strings (done at the end of a run; tests that
 * parse without running call it themselves). */
void nft_run_release_strings(struct nft_ctx *nft);

/*
 * The whole pipeline for one run: parse (text or JSON), evaluate,
 * execute. Returns 0 or -1; errors are printed to the error stream.
 */
int nft_run(struct nft_ctx *nft, struct input_descriptor *indesc);

#endif /* NFT_NFTABLES_H */
