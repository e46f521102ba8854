/*
 * libnftables: the nft ruleset language (text and JSON) as a library.
 *
 * A context (struct nft_ctx) holds the netlink socket, output options,
 * include paths and variables. Each nft_run_cmd_from_*() call parses its
 * input, checks it, and applies it to the kernel as one atomic
 * transaction; listings are written to the context's output stream and
 * errors to its error stream, either of which may be buffered in memory.
 */
#ifndef LIB_NFTABLES_H
#define LIB_NFTABLES_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#ifdef __cplusplus
extern "C" {
#endif

struct nft_ctx;

enum nft_debug_level {
	NFT_DEBUG_SCANNER		= 0x1,
	NFT_DEBUG_PARSER		= 0x2,
	NFT_DEBUG_EVALUATION		= 0x4,
	NFT_DEBUG_NETLINK		= 0x8,
	NFT_DEBUG_MNL			= 0x10,
	NFT_DEBUG_PROTO_CTX		= 0x20,
	NFT_DEBUG_SEGTREE		= 0x40,
};

/* Flags for nft_ctx_new(). */
#define NFT_CTX_DEFAULT		0

enum nft_optimize_flags {
	NFT_OPTIMIZE_ENABLED		= 0x1,
};

enum {
	NFT_CTX_OUTPUT_REVERSEDNS	= (1 << 0),
	NFT_CTX_OUTPUT_SERVICE		= (1 << 1),
	NFT_CTX_OUTPUT_STATELESS	= (1 << 2),
	NFT_CTX_OUTPUT_HANDLE		= (1 << 3),
	NFT_CTX_OUTPUT_JSON		= (1 << 4),
	NFT_CTX_OUTPUT_ECHO		= (1 << 5),
	NFT_CTX_OUTPUT_GUID		= (1 << 6),
	NFT_CTX_OUTPUT_NUMERIC_PROTO	= (1 << 7),
	NFT_CTX_OUTPUT_NUMERIC_PRIO	= (1 << 8),
	NFT_CTX_OUTPUT_NUMERIC_SYMBOL	= (1 << 9),
	NFT_CTX_OUTPUT_NUMERIC_TIME	= (1 << 10),
	NFT_CTX_OUTPUT_NUMERIC_ALL	= (NFT_CTX_OUTPUT_NUMERIC_PROTO |
					   NFT_CTX_OUTPUT_NUMERIC_PRIO |
					   NFT_CTX_OUTPUT_NUMERIC_SYMBOL |
					   NFT_CTX_OUTPUT_NUMERIC_TIME),
	NFT_CTX_OUTPUT_TERSE		= (1 << 11),
};

enum {
	NFT_CTX_INPUT_NO_DNS		= (1 << 0),
	NFT_CTX_INPUT_JSON		= (1 << 1),
};

/** Allocate a context; @flags must be NFT_CTX_DEFAULT. NULL on failure. */
struct nft_ctx *nft_ctx_new(uint32_t flags);
/** Free a context, its socket, buffers, include paths and variables. */
void nft_ctx_free(struct nft_ctx *ctx);

/** Dry run: evaluate and send the batch, but abort it (nft --check). */
bool nft_ctx_get_dry_run(struct nft_ctx *ctx);
void nft_ctx_set_dry_run(struct nft_ctx *ctx, bool dry);

/** Optimizer flags: NFT_OPTIMIZE_ENABLED merges the rules of table blocks
 * in files run by nft_run_cmd_from_filename(), as nft -o does. */
uint32_t nft_ctx_get_optimize(struct nft_ctx *ctx);
void nft_ctx_set_optimize(struct nft_ctx *ctx, uint32_t flags);

/** Input flags: NFT_CTX_INPUT_NO_DNS, NFT_CTX_INPUT_JSON. */
unsigned int nft_ctx_input_get_flags(struct nft_ctx *ctx);
/** Set input flags; returns the previous ones. */
unsigned int nft_ctx_input_set_flags(struct nft_ctx *ctx, unsigned int flags);

/** Output flags: NFT_CTX_OUTPUT_*. */
unsigned int nft_ctx_output_get_flags(struct nft_ctx *ctx);
void nft_ctx_output_set_flags(struct nft_ctx *ctx, unsigned int flags);

/** Debug mask: enum nft_debug_level bits. */
unsigned int nft_ctx_output_get_debug(struct nft_ctx *ctx);
void nft_ctx_output_set_debug(struct nft_ctx *ctx, unsigned int mask);

/** Direct output to @fp; returns the previous stream (NULL if buffered). */
FILE *nft_ctx_set_output(struct nft_ctx *ctx, FILE *fp);
/** Collect output in memory, read with nft_ctx_get_output_buffer(). 0 ok. */
int nft_ctx_buffer_output(struct nft_ctx *ctx);
/** Stop buffering output and go back to the previous stream. 0 ok. */
int nft_ctx_unbuffer_output(struct nft_ctx *ctx);
/** The buffered output so far ("" if none); reading it empties it. */
const char *nft_ctx_get_output_buffer(struct nft_ctx *ctx);

/** The same four for the error stream. */
FILE *nft_ctx_set_error(struct nft_ctx *ctx, FILE *fp);
int nft_ctx_buffer_error(struct nft_ctx *ctx);
int nft_ctx_unbuffer_error(struct nft_ctx *ctx);
const char *nft_ctx_get_error_buffer(struct nft_ctx *ctx);

/** Add a directory searched by include "file". 0 ok, -1 on error. */
int nft_ctx_add_include_path(struct nft_ctx *ctx, const char *path);
/** Forget all include paths (the default one included). */
void nft_ctx_clear_include_paths(struct nft_ctx *ctx);

/** Define a variable, "name=value", as -D does. 0 ok, -1 malformed. */
int nft_ctx_add_var(struct nft_ctx *ctx, const char *var);
/** Forget all variables defined with nft_ctx_add_var(). */
void nft_ctx_clear_vars(struct nft_ctx *ctx);

/**
 * Run commands from a text (or JSON, see the flags) buffer. Several
 * commands may be separated by newlines or ';'. Returns 0 on success,
 * -1 on failure (errors are on the error stream).
 */
int nft_run_cmd_from_buffer(struct nft_ctx *nft, const char *buf);
/** Run a ruleset file; "-" is standard input. 0 on success, -1 failure. */
int nft_run_cmd_from_filename(struct nft_ctx *nft, const char *filename);

#ifdef __cplusplus
}
#endif

#endif /* LIB_NFTABLES_H */
