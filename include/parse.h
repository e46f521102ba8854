/*
 * The text front end: a reentrant flex scanner and a pure bison parser
 * (src/scanner.l, src/grammar/) that turn text into a list of commands.
 * Grammar actions only build nodes; checks belong to the evaluator.
 */
#ifndef NFT_PARSE_H
#define NFT_PARSE_H

#include <nft.h>
#include <erec.h>
#include <expr.h>

struct nft_ctx;

/*
 * Variables: `define name = expr` binds in the current scope (a table or
 * chain block opens a nested one); `$name` looks up through the chain of
 * scopes. -D variables live in the top scope as symbols.
 */
struct scope {
	struct scope *parent;
	struct str_hash symbols;	/* name -> struct symbol */
	struct list_head symbol_list;	/* owns them */
};

struct symbol {
	struct list_head list;
	char *name;
	struct expr *expr;
	struct location location;
	unsigned int refcnt;		/* uses, for "unused" warnings */
};

struct scope *scope_alloc(struct scope *parent);
void scope_free(struct scope *scope);
void symbol_bind(struct scope *scope, const char *name,
		 const struct location *loc, struct expr *expr);
int symbol_unbind(struct scope *scope, const char *name);
struct symbol *symbol_lookup_scope(const struct scope *scope,
				   const char *name);
/*
 * The run's top scope (nft->top_scope), made on first use. The library
 * frees it at the end of the run; other callers (unit tests) free it
 * with scope_free().
 */
struct scope *nft_top_scope(struct nft_ctx *nft);
/* The same, made with the context's variables (nft_ctx_add_var()) bound
 * in it if it did not exist yet. */
struct scope *nft_top_scope_vars(struct nft_ctx *nft);

/*
 * Parse @indesc (text) into @cmds. Includes are resolved against the
 * context's include paths and added to nft->indescs. All syntax errors are
 * queued on @msgs (parsing continues after an error where it can).
 * Returns 0 or -1.
 */
int nft_parse_text(struct nft_ctx *nft, struct input_descriptor *indesc,
		   struct list_head *cmds, struct list_head *msgs);

/*
 * Parse JSON input (src/json_input.c) into the same commands. Errors name
 * the command's index and JSON path. Returns 0 or -1.
 */
int nft_parse_json(struct nft_ctx *nft, struct input_descriptor *indesc,
		   struct list_head *cmds, struct list_head *msgs);

/* Does @text look like JSON input (first non-blank char is '{')? */
bool nft_input_is_json(const char *text);

#endif /* NFT_PARSE_H */
