/*
 * Generic statement lifecycle and the registry of all statement kinds.
 */
#include <string.h>
#include <stmt.h>
#include <evaluate.h>
#include <json.h>
#include <nftables.h>
#include <rule.h>
#include <linearize.h>

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

struct location stmt_error_location(const struct stmt *stmt)
{
	if (stmt->ops->error_location)
		return stmt->ops->error_location(stmt);
	return stmt->location;
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
	&payload_stmt_ops,
	&exthdr_stmt_ops,
	&log_stmt_ops,
	&limit_stmt_ops,
	&quota_stmt_ops,
	&reject_stmt_ops,
	&queue_stmt_ops,
	&dup_stmt_ops,
	&fwd_stmt_ops,
	&last_stmt_ops,
	&synproxy_stmt_ops,
	&nat_stmt_ops,
	&masq_stmt_ops,
	&redir_stmt_ops,
	&tproxy_stmt_ops,
	&meta_stmt_ops,
	&ct_stmt_ops,
	&notrack_stmt_ops,
	&connlimit_stmt_ops,
	&flow_stmt_ops,
	&objref_stmt_ops,
	&dynset_stmt_ops,
	&optstrip_stmt_ops,
	&xt_stmt_ops,
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

int stmt_evaluate_arg(struct eval_ctx *ectx, struct expr **exprp,
		      const struct datatype *dtype)
{
	return stmt_evaluate_arg_sized(ectx, exprp, dtype, dtype->byteorder,
				       dtype->size);
}

int stmt_evaluate_arg_sized(struct eval_ctx *ectx, struct expr **exprp,
			    const struct datatype *dtype,
			    enum byteorder byteorder, unsigned int len)
{
	struct eval_type saved;
	int ret;

	eval_type_push(ectx, &saved, dtype, byteorder, len);
	ret = expr_evaluate(ectx, exprp);
	eval_type_pop(ectx, &saved);
	/* a list that did not fold into one value (flags) is no value,
	 * nor is a set: JSON "addr": [] or "port": {"set": [1, 2]}
	 * reached linearization */
	if (ret == 0 && ((*exprp)->etype == EXPR_LIST ||
			 (*exprp)->etype == EXPR_SET))
		return expr_error(ectx, *exprp,
				  "a %s of %u values is not a value here",
				  (*exprp)->etype == EXPR_SET ? "set" : "list",
				  (*exprp)->expr_list.size);
	return ret;
}

struct location stmt_keyword_location(const struct stmt *stmt,
				      unsigned int len)
{
	struct location kw = stmt->location;

	kw.last_line = kw.first_line;
	kw.last_column = kw.first_column + len - 1;
	return kw;
}

/* A raw load whose width is not the argument's says so, as in the
 * reference: "expression has type integer with length 16". */
static bool stmt_arg_raw_width(const struct expr *e,
			       const struct datatype *dtype)
{
	return e->etype == EXPR_PAYLOAD && !e->payload.tmpl &&
	       dtype->size && e->len != dtype->size;
}

int stmt_arg_type_check(struct eval_ctx *ectx, struct expr *e,
			const struct datatype *dtype,
			const struct location *related)
{
	struct error_record *erec;
	char *desc;

	if (e->etype == EXPR_VALUE || e->etype == EXPR_RANGE ||
	    e->etype == EXPR_PREFIX || e->dtype == dtype)
		return 0;
	/* a number generator's value stays in host order (turned around
	 * when loaded, stmt_arg_linearize()), a hash's is taken as it is,
	 * as the reference loads them */
	if ((e->etype == EXPR_NUMGEN || e->etype == EXPR_HASH) &&
	    e->len == dtype->size) {
		e->dtype = dtype;
		if (e->etype == EXPR_HASH)
			e->byteorder = dtype->byteorder;
		return 0;
	}
	desc = expr_type_desc(e);
	if (stmt_arg_raw_width(e, dtype))
		erec = erec_create(EREC_ERROR, &e->location,
				   "datatype mismatch: expected %s, expression has type %s with length %u",
				   dtype->desc, desc, e->len);
	else
		erec = erec_create(EREC_ERROR, &e->location,
				   "datatype mismatch: expected %s, expression has type %s",
				   dtype->desc, desc);
	xfree(desc);
	if (related && related->indesc && related->json_index < 0)
		erec_add_location(erec, related);
	erec_queue(erec, ectx->msgs);
	return -1;
}

void stmt_arg_linearize(struct lin_ctx *lctx, const struct expr *e,
			enum nft_registers reg)
{
	linearize_expr(lctx, e, reg);
	if (e->etype != EXPR_VALUE && e->len > BITS_PER_BYTE &&
	    e->byteorder == BYTEORDER_HOST_ENDIAN &&
	    e->dtype->byteorder == BYTEORDER_BIG_ENDIAN)
		lin_hton(lctx, reg, div_round_up(e->len, BITS_PER_BYTE));
}

int stmt_json_u64(struct json_ctx *jctx, json_t *obj, const char *stmt,
		  const char *key, uint64_t max, uint64_t *res)
{
	json_t *v = json_is_object(obj) ? json_object_get(obj, key) : NULL;
	char path[64];

	if (v == NULL)
		return 0;
	snprintf(path, sizeof(path), ".%s.%s", stmt, key);
	if (!json_is_integer(v) || json_integer_value(v) < 0 ||
	    (uint64_t)json_integer_value(v) > max)
		return json_error(jctx, path,
				  "Invalid %s %s: expected a number from 0 to %llu",
				  stmt, key, (unsigned long long)max);
	*res = json_integer_value(v);
	return 1;
}

int stmt_json_str(struct json_ctx *jctx, json_t *obj, const char *stmt,
		  const char *key, const char **res)
{
	json_t *v = json_is_object(obj) ? json_object_get(obj, key) : NULL;
	char path[64];

	if (v == NULL)
		return 0;
	snprintf(path, sizeof(path), ".%s.%s", stmt, key);
	if (!json_is_string(v))
		return json_error(jctx, path, "Invalid %s %s: expected a string",
				  stmt, key);
	*res = json_string_value(v);
	return 1;
}

bool stmt_is_terminal(const struct stmt *stmt)
{
	/* continue goes on with the next statement; 1.1.3 takes
	 * statements after a binding ("jump { ... } counter") */
	if (stmt->type == STMT_VERDICT)
		return stmt->expr->etype == EXPR_VERDICT &&
		       stmt->expr->verdict.verdict != NFT_CONTINUE &&
		       !stmt->expr->verdict.binding;
	return stmt->ops->terminal;
}

int stmt_check_terminal(struct eval_ctx *ectx, struct stmt *stmt)
{
	struct location related;
	struct error_record *erec;
	struct stmt *prev;

	if (ectx->rule == NULL || stmt->list.prev == &ectx->rule->stmts)
		return 0;
	prev = list_entry(stmt->list.prev, struct stmt, list);
	if (!stmt_is_terminal(prev))
		return 0;
	erec = erec_create(EREC_ERROR, &stmt->location,
			   "Statement after terminal statement has no effect");
	/* the reference underlines the terminal statement's keyword
	 * ("dnat", "reject"), a verdict whole */
	related = prev->location;
	if (prev->type == STMT_NAT)
		related = stmt_keyword_location(prev,
				strlen(nat_stmt_keyword(prev)));
	else if (prev->type != STMT_VERDICT)
		related = stmt_keyword_location(prev, strlen(prev->ops->name));
	erec_add_location(erec, &related);
	erec_queue(erec, ectx->msgs);
	return -1;
}
