/*
 * Variable scopes of the text front end.
 *
 * A scope maps names to the expressions bound by `define` (or -D). Scopes
 * nest: a table or chain block opens one whose parent is the enclosing
 * scope, and a lookup walks outwards. A symbol holds a reference on its
 * expression; `$name` takes another, so freeing a scope never pulls an
 * expression from under a command that uses it.
 */
#include <nft.h>
#include <nftables.h>
#include <parse.h>
#include <expr.h>

struct scope *scope_alloc(struct scope *parent)
{
	struct scope *scope = xzalloc(sizeof(*scope));

	scope->parent = parent;
	str_hash_init(&scope->symbols);
	init_list_head(&scope->symbol_list);
	return scope;
}

static void symbol_free(struct symbol *sym)
{
	list_del(&sym->list);
	expr_free(sym->expr);
	xfree(sym->name);
	xfree(sym);
}

void scope_free(struct scope *scope)
{
	struct symbol *sym, *tmp;

	if (!scope)
		return;
	list_for_each_entry_safe(sym, tmp, &scope->symbol_list, list)
		symbol_free(sym);
	str_hash_destroy(&scope->symbols);
	xfree(scope);
}

/*
 * Bind @name to @expr in @scope, taking over the caller's reference on
 * @expr. An existing binding of the same name in this scope is replaced
 * (redefine; -D variables bound again on a reused top scope).
 */
void symbol_bind(struct scope *scope, const char *name,
		 const struct location *loc, struct expr *expr)
{
	struct symbol *sym;

	symbol_unbind(scope, name);
	sym = xzalloc(sizeof(*sym));
	sym->name = xstrdup(name);
	sym->expr = expr;
	sym->location = *loc;
	list_add_tail(&sym->list, &scope->symbol_list);
	str_hash_add(&scope->symbols, sym->name, sym);
}

/* Remove @name from @scope only (not its parents). 0 or -1 if unbound. */
int symbol_unbind(struct scope *scope, const char *name)
{
	struct symbol *sym;

	sym = str_hash_remove(&scope->symbols, name);
	if (!sym)
		return -1;
	symbol_free(sym);
	return 0;
}

struct scope *nft_top_scope(struct nft_ctx *nft)
{
	if (!nft->top_scope)
		nft->top_scope = scope_alloc(NULL);
	return nft->top_scope;
}

struct scope *nft_top_scope_vars(struct nft_ctx *nft)
{
	unsigned int i;

	if (nft->top_scope)
		return nft->top_scope;
	nft->top_scope = scope_alloc(NULL);
	for (i = 0; i < nft->num_vars; i++)
		symbol_bind(nft->top_scope, nft->vars[i].key,
			    &internal_location,
			    symbol_expr_alloc(&internal_location,
					      nft->vars[i].value, false));
	return nft->top_scope;
}

/* Find @name in @scope or the nearest enclosing scope that binds it. */
struct symbol *symbol_lookup_scope(const struct scope *scope,
				   const char *name)
{
	struct symbol *sym;

	for (; scope; scope = scope->parent) {
		sym = str_hash_lookup(&scope->symbols, name);
		if (sym)
			return sym;
	}
	return NULL;
}
