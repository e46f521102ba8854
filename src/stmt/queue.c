/*
 * Queue statements: "queue [num N|N-M] [bypass][,fanout]", also written
 * "queue [flags F] to N|N-M|EXPR" (the grammar takes exactly the system nft's
 * forms). The kernel takes the first queue number and how many there are.
 * Lists in upstream's form, "queue flags bypass to 1-3" ("queue to 0" for
 * a plain queue).
 *
 * "queue to jhash ... | symhash ... | numgen ..." takes the queue number
 * from that expression, loaded into a register (sreg_qnum).
 *
 * The host kernel lacks nft_queue: tests/vm/cases/queue.sh checks every
 * form on Debian's kernel against the system nft.
 */
#include <string.h>
#include <stmt.h>
#include <evaluate.h>
#include <linearize.h>
#include <json.h>
#include <nftables.h>
#include <libnftnl/expr.h>

static const struct {
	uint16_t flag;
	const char *name;
} queue_flag_tbl[] = {
	{ NFT_QUEUE_FLAG_BYPASS,	"bypass" },
	{ NFT_QUEUE_FLAG_CPU_FANOUT,	"fanout" },
};

static void queue_stmt_destroy(struct stmt *stmt)
{
	expr_free(stmt->queue.queue);
}

static void queue_stmt_print(const struct stmt *stmt, struct output_ctx *octx)
{
	const char *sep = " flags ";
	unsigned int i;

	nft_print(octx, "queue");
	for (i = 0; i < array_size(queue_flag_tbl); i++) {
		if (stmt->queue.flags & queue_flag_tbl[i].flag) {
			nft_print(octx, "%s%s", sep, queue_flag_tbl[i].name);
			sep = ",";
		}
	}
	nft_print(octx, " to ");
	if (stmt->queue.queue)
		expr_print(stmt->queue.queue, octx);
	else
		nft_print(octx, "0");
}

static json_t *queue_stmt_json(const struct stmt *stmt,
			       struct output_ctx *octx)
{
	json_t *obj = json_object(), *flags = json_array();
	unsigned int i;

	if (stmt->queue.queue)
		json_object_set_new(obj, "num",
				    expr_json(stmt->queue.queue, octx));
	for (i = 0; i < array_size(queue_flag_tbl); i++)
		if (stmt->queue.flags & queue_flag_tbl[i].flag)
			json_array_append_new(flags,
				json_string(queue_flag_tbl[i].name));
	if (json_array_size(flags) == 1)
		json_object_set(obj, "flags", json_array_get(flags, 0));
	else if (json_array_size(flags) > 1)
		json_object_set(obj, "flags", flags);
	json_decref(flags);
	if (json_object_size(obj) == 0) {
		json_decref(obj);
		return json_wrap("queue", json_null());
	}
	return json_wrap("queue", obj);
}

static int queue_num_evaluate(struct eval_ctx *ectx, struct expr **exprp)
{
	return stmt_evaluate_arg_sized(ectx, exprp, &integer_type,
				       BYTEORDER_HOST_ENDIAN, 16);
}

/* The first queue and how many: num N is 1, num N-M is M-N+1. */
static void queue_span(const struct stmt *stmt, uint16_t *num,
		       uint16_t *total)
{
	const struct expr *q = stmt->queue.queue;

	*num = 0;
	*total = 1;
	if (q == NULL)
		return;
	if (q->etype == EXPR_RANGE) {
		*num = mpz_get_ui(q->range.left->value.value);
		*total = mpz_get_ui(q->range.right->value.value) - *num + 1;
	} else {
		*num = mpz_get_ui(q->value.value);
	}
}

/*
 * The largest queue number a computed one can take: the kernel keeps only
 * the low 16 bits of the register, so a larger one would silently pick
 * another queue. 0 if unknown.
 */
static uint64_t queue_expr_max(const struct expr *q)
{
	switch (q->etype) {
	case EXPR_NUMGEN:
		return (uint64_t)q->numgen.mod + q->numgen.offset - 1;
	case EXPR_HASH:
		return (uint64_t)q->hash.mod + q->hash.offset - 1;
	default:
		return 0;
	}
}

static int queue_range_evaluate(struct eval_ctx *ectx, struct expr *q)
{
	if (queue_num_evaluate(ectx, &q->range.left) < 0 ||
	    queue_num_evaluate(ectx, &q->range.right) < 0)
		return -1;
	if (q->range.left->etype != EXPR_VALUE ||
	    q->range.right->etype != EXPR_VALUE)
		return expr_error(ectx, q, "queue numbers must be values");
	/* N-N is one queue, as the system nft takes it */
	if (mpz_cmp(q->range.left->value.value,
		    q->range.right->value.value) > 0)
		return expr_error(ectx, q, "Range negative size");
	return 0;
}

static int queue_stmt_evaluate(struct eval_ctx *ectx, struct stmt *stmt)
{
	struct expr *q = stmt->queue.queue;

	if (q && q->etype == EXPR_RANGE) {
		if (queue_range_evaluate(ectx, q) < 0)
			return -1;
	} else if (q) {
		if (queue_num_evaluate(ectx, &stmt->queue.queue) < 0)
			return -1;
		q = stmt->queue.queue;
		if (queue_expr_max(q) > UINT16_MAX)
			return expr_error(ectx, q,
					  "queue expression max value exceeds %u",
					  UINT16_MAX);
	}
	/* a bare "queue fanout" is queue 0 alone, as the system nft takes
	 * it; given numbers must be a range */
	if ((stmt->queue.flags & NFT_QUEUE_FLAG_CPU_FANOUT) &&
	    q && q->etype != EXPR_RANGE)
		return expr_error(ectx, q,
				  "fanout requires a range to be specified");
	return 0;
}

/* Is the queue number computed (an expression) rather than given? */
static bool queue_from_reg(const struct stmt *stmt)
{
	const struct expr *q = stmt->queue.queue;

	return q && q->etype != EXPR_VALUE && q->etype != EXPR_RANGE;
}

static void queue_linearize_sreg(struct lin_ctx *lctx,
				 const struct stmt *stmt)
{
	struct nftnl_expr *nle = lin_expr_alloc("queue");
	enum nft_registers reg;

	reg = lin_get_register(lctx, stmt->queue.queue->len);
	linearize_expr(lctx, stmt->queue.queue, reg);
	nftnl_expr_set_u32(nle, NFTNL_EXPR_QUEUE_SREG_QNUM, reg);
	if (stmt->queue.flags)
		nftnl_expr_set_u16(nle, NFTNL_EXPR_QUEUE_FLAGS,
				   stmt->queue.flags);
	lin_add_expr(lctx, nle);
	lin_put_register(lctx, reg);
}

static void queue_stmt_linearize(struct lin_ctx *lctx,
				 const struct stmt *stmt)
{
	struct nftnl_expr *nle;
	uint16_t num, total;

	if (queue_from_reg(stmt)) {
		queue_linearize_sreg(lctx, stmt);
		return;
	}
	nle = lin_expr_alloc("queue");
	queue_span(stmt, &num, &total);
	nftnl_expr_set_u16(nle, NFTNL_EXPR_QUEUE_NUM, num);
	nftnl_expr_set_u16(nle, NFTNL_EXPR_QUEUE_TOTAL, total);
	if (stmt->queue.flags)
		nftnl_expr_set_u16(nle, NFTNL_EXPR_QUEUE_FLAGS,
				   stmt->queue.flags);
	lin_add_expr(lctx, nle);
}

static struct expr *queue_value(uint32_t v)
{
	return constant_expr_alloc_u64(&internal_location, &integer_type,
				       BYTEORDER_HOST_ENDIAN, 16, v);
}

static int queue_stmt_delinearize(struct delin_ctx *dctx,
				  const struct nftnl_expr *nle)
{
	struct stmt *stmt;
	uint32_t num, total;

	stmt = queue_stmt_alloc(&internal_location);
	stmt->queue.flags = nftnl_expr_get_u16(nle, NFTNL_EXPR_QUEUE_FLAGS);
	if (stmt->queue.flags & ~NFT_QUEUE_FLAG_MASK) {
		stmt_free(stmt);
		return -1;
	}
	if (nftnl_expr_is_set(nle, NFTNL_EXPR_QUEUE_SREG_QNUM)) {
		stmt->queue.queue = delin_get_register(dctx,
				nftnl_expr_get_u32(nle,
						   NFTNL_EXPR_QUEUE_SREG_QNUM));
		if (stmt->queue.queue == NULL) {
			stmt_free(stmt);
			return -1;
		}
		delin_add_stmt(dctx, stmt);
		return 0;
	}
	num = nftnl_expr_get_u16(nle, NFTNL_EXPR_QUEUE_NUM);
	total = nftnl_expr_get_u16(nle, NFTNL_EXPR_QUEUE_TOTAL);
	stmt->queue.queue = queue_value(num);
	/* fanout over one queue lists as N-N: "to N" with fanout would not
	 * load back ("fanout requires a range") */
	if (total > 1 || (stmt->queue.flags & NFT_QUEUE_FLAG_CPU_FANOUT))
		stmt->queue.queue = range_expr_alloc(&internal_location,
						     stmt->queue.queue,
						     queue_value(num + total - 1));
	delin_add_stmt(dctx, stmt);
	return 0;
}

/*
 * A computed queue number names the loads in it ("queue to jhash ip
 * saddr mod 4", not "@nh,96,32") and drops the dependency they imply
 * (inet's "meta nfproto ipv4"), as the system nft lists it.
 */
static void queue_stmt_delin_postprocess(struct delin_ctx *dctx,
					 struct stmt *stmt)
{
	if (queue_from_reg(stmt))
		delin_postprocess_expr(dctx, stmt, &stmt->queue.queue);
}

static int queue_json_flag(struct json_ctx *jctx, json_t *v, uint16_t *flags)
{
	unsigned int i;

	for (i = 0; json_is_string(v) && i < array_size(queue_flag_tbl); i++) {
		if (!strcmp(json_string_value(v), queue_flag_tbl[i].name)) {
			*flags |= queue_flag_tbl[i].flag;
			return 0;
		}
	}
	return json_error(jctx, ".queue.flags", "Invalid queue flag");
}

static int queue_json_flags(struct json_ctx *jctx, json_t *obj,
			    uint16_t *flags)
{
	json_t *v = json_object_get(obj, "flags"), *e;
	size_t i;

	if (v == NULL)
		return 0;
	if (!json_is_array(v))
		return queue_json_flag(jctx, v, flags);
	json_array_foreach(v, i, e)
		if (queue_json_flag(jctx, e, flags) < 0)
			return -1;
	return 0;
}

/* {"queue": null} or {"queue": {"num": 1 | {"range": [1, 3]},
 *  "flags": ["bypass", "fanout"]}} */
static struct stmt *queue_stmt_json_parse(struct json_ctx *jctx,
					  const char *key, json_t *value,
					  const struct location *loc)
{
	struct stmt *stmt;
	json_t *num;

	if (value && !json_is_null(value) && !json_is_object(value)) {
		json_error(jctx, ".queue", "Invalid queue: expected an object");
		return NULL;
	}
	stmt = queue_stmt_alloc(loc);
	if (!json_is_object(value))
		return stmt;
	num = json_object_get(value, "num");
	if (num) {
		stmt->queue.queue = json_parse_expr(jctx, num, ".queue.num");
		if (stmt->queue.queue == NULL)
			goto err;
	}
	if (queue_json_flags(jctx, value, &stmt->queue.flags) < 0)
		goto err;
	return stmt;
err:
	stmt_free(stmt);
	return NULL;
}

static const char *const queue_stmt_json_keys[] = {
	"num", "flags", NULL,
};

const struct stmt_ops queue_stmt_ops = {
	.type		= STMT_QUEUE,
	.name		= "queue",
	.destroy	= queue_stmt_destroy,
	.print		= queue_stmt_print,
	.json		= queue_stmt_json,
	.evaluate	= queue_stmt_evaluate,
	.linearize	= queue_stmt_linearize,
	.nl_name	= "queue",
	.delinearize	= queue_stmt_delinearize,
	.delin_postprocess = queue_stmt_delin_postprocess,
	.json_name	= "queue",
	.json_parse	= queue_stmt_json_parse,
	.json_keys	= queue_stmt_json_keys,
	.terminal	= true,
};

struct stmt *queue_stmt_alloc(const struct location *loc)
{
	return stmt_alloc(loc, &queue_stmt_ops);
}
