/*
 * Generic statement lifecycle and the registry of all statement kinds.
 */
#include <string.h>
#include <stmt.h>
#include <nftables.h>

struct stmt *stmt_alloc(const struct location *loc,
			const struct stmt_ops *ops)
{
	struct stmt *stmt = xzalloc(sizeof(*stmt));

	init_list_head(&stmt->list);
	stmt->location = loc ? *loc : internal_location;
	stmt->ops = ops;
	stmt->type = ops->type;
	return stmt;
}

void stmt_free(struct stmt *stmt)
{
	if (stmt == NULL)
		return;
	if (stmt->ops->destroy)
		stmt->ops->destroy(stmt);
	xfree(stmt);
}

void stmt_list_free(struct list_head *stmts)
{
	struct stmt *stmt, *next;

	list_for_each_entry_safe(stmt, next, stmts, list) {
		list_del(&stmt->list);
		stmt_free(stmt);
	}
}

void stmt_print(const struct stmt *stmt, struct output_ctx *octx)
{
	if (stmt->ops->print)
		stmt->ops->print(stmt, octx);
}

json_t *stmt_json(const struct stmt *stmt, struct output_ctx *octx)
{
	if (stmt->ops->json)
		return stmt->ops->json(stmt, octx);
	return json_null();
}

const struct stmt_ops *const stmt_ops_registry[] = {
	&expr_stmt_ops,
	&verdict_stmt_ops,
	&counter_stmt_ops,
	&meta_stmt_ops,
	&ct_stmt_ops,
	&notrack_stmt_ops,
	&connlimit_stmt_ops,
	NULL,
};

const struct stmt_ops *stmt_ops_by_nl_name(const char *name)
{
	unsigned int i;

	for (i = 0; stmt_ops_registry[i]; i++) {
		const struct stmt_ops *ops = stmt_ops_registry[i];

		if (ops->nl_name && !strcmp(ops->nl_name, name))
			return ops;
	}
	return NULL;
}

static bool stmt_ops_has_json_name(const struct stmt_ops *ops,
				   const char *name)
{
	unsigned int i;

	if (ops->json_name && !strcmp(ops->json_name, name))
		return true;
	for (i = 0; ops->json_names && ops->json_names[i]; i++)
		if (!strcmp(ops->json_names[i], name))
			return true;
	return false;
}

const struct stmt_ops *stmt_ops_by_json_name(const char *name)
{
	unsigned int i;

	for (i = 0; stmt_ops_registry[i]; i++)
		if (stmt_ops_has_json_name(stmt_ops_registry[i], name))
			return stmt_ops_registry[i];
	return NULL;
}
