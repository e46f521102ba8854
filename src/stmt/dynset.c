/*
 * Set statements: "add @s { ip saddr }", "update @s { ip saddr timeout
 * 10s counter }", "delete @s { ip saddr . tcp dport }". The packet path
 * adds its key to (updates, deletes from) a named set, which must be
 * dynamic. The kernel's dynset expression carries the operation, the
 * key's register, the set's name, an optional timeout and the stateful
 * statements each new element gets (one as NFTA_DYNSET_EXPR, several as
 * NFTA_DYNSET_EXPRESSIONS, as the system nft sends them).
 */
#include <errno.h>
#include <string.h>
#include <rule.h>
#include <set.h>
#include <obj.h>
#include <cache.h>
#include <stmt.h>
#include <evaluate.h>
#include <linearize.h>
#include <netlink.h>
#include <datatype.h>
#include <json.h>
#include <nftables.h>
#include <libnftnl/expr.h>
#include <libnftnl/rule.h>
#include <libnftnl/set.h>
#include <libnftnl/udata.h>

#define DYNSET_MAX_STMTS	8

static const char *const dynset_op_names[] = {
	[NFT_DYNSET_OP_ADD]	= "add",
	[NFT_DYNSET_OP_UPDATE]	= "update",
	[NFT_DYNSET_OP_DELETE]	= "delete",
};

static const char *dynset_op_name(uint32_t op)
{
	return op < array_size(dynset_op_names) && dynset_op_names[op] ?
	       dynset_op_names[op] : "add";
}

/* "add", "update", "delete" -> NFT_DYNSET_OP_*; -1 if none. */
int dynset_op_lookup(const char *name)
{
	unsigned int i;

	for (i = 0; i < array_size(dynset_op_names); i++)
		if (dynset_op_names[i] && !strcmp(dynset_op_names[i], name))
			return i;
	return -1;
}

static void dynset_stmt_destroy(struct stmt *stmt)
{
	expr_free(stmt->dynset.key);
	expr_free(stmt->dynset.set);
	expr_free(stmt->dynset.data);
	stmt_list_free(&stmt->dynset.stmts);
}

static void dynset_print_timeout(uint64_t ms, struct output_ctx *octx)
{
	struct expr *d = constant_expr_alloc_u64(&internal_location,
						 &duration_type,
						 BYTEORDER_HOST_ENDIAN, 64, ms);

	nft_print(octx, " timeout ");
	expr_print(d, octx);
	expr_free(d);
}

/* The statements inside are templates: their state is each element's,
 * never the rule's, so they print as written. */
static void dynset_stmt_print(const struct stmt *stmt,
			      struct output_ctx *octx)
{
	unsigned int flags = octx->flags;
	const struct stmt *s;

	if (stmt->dynset.anon)
		nft_print(octx, "meter %s size %llu { ",
			  stmt->dynset.set->symbol.identifier,
			  (unsigned long long)(stmt->dynset.size ?
					       stmt->dynset.size : 65535));
	else {
		nft_print(octx, "%s ", dynset_op_name(stmt->dynset.op));
		expr_print(stmt->dynset.set, octx);
		nft_print(octx, " { ");
	}
	expr_print(stmt->dynset.key, octx);
	if (stmt->dynset.timeout)
		dynset_print_timeout(stmt->dynset.timeout, octx);
	octx->flags |= NFT_CTX_OUTPUT_STATELESS;
	list_for_each_entry(s, &stmt->dynset.stmts, list) {
		nft_print(octx, " ");
		stmt_print(s, octx);
	}
	octx->flags = flags;
	if (stmt->dynset.data) {
		nft_print(octx, " : ");
		expr_print(stmt->dynset.data, octx);
	}
	nft_print(octx, " }");
}

/* A system nft's meter, as it writes it: {"meter": {"key": ..., "stmt":
 * {...}, "size": N, "name": "m"}} (one statement: an object). */
static json_t *dynset_meter_json(const struct stmt *stmt, json_t *key,
				 struct output_ctx *octx)
{
	unsigned int flags = octx->flags;
	json_t *root = json_wrap("key", key), *stmts = json_array();
	const struct stmt *s;

	octx->flags |= NFT_CTX_OUTPUT_STATELESS;
	list_for_each_entry(s, &stmt->dynset.stmts, list)
		json_array_append_new(stmts, stmt_json(s, octx));
	octx->flags = flags;
	if (json_array_size(stmts) == 1) {
		json_object_set(root, "stmt", json_array_get(stmts, 0));
		json_decref(stmts);
	} else {
		json_object_set_new(root, "stmt", stmts);
	}
	json_object_set_new(root, "size", json_integer(stmt->dynset.size ?
						stmt->dynset.size : 65535));
	json_object_set_new(root, "name",
			    json_string(stmt->dynset.set->symbol.identifier));
	return json_wrap("meter", root);
}

static json_t *dynset_stmt_json(const struct stmt *stmt,
				struct output_ctx *octx)
{
	unsigned int flags = octx->flags;
	json_t *root, *elem, *stmts;
	const struct stmt *s;

	elem = expr_json(stmt->dynset.key, octx);
	if (stmt->dynset.timeout)
		elem = json_wrap("elem", json_pair("val", elem, "timeout",
				json_integer(stmt->dynset.timeout / 1000)));
	if (stmt->dynset.anon)
		return dynset_meter_json(stmt, elem, octx);
	root = json_pair("op", json_string(dynset_op_name(stmt->dynset.op)),
			 "elem", elem);
	if (stmt->dynset.data)
		json_object_set_new(root, "data",
				    expr_json(stmt->dynset.data, octx));
	json_object_set_new(root, stmt->dynset.data ? "map" : "set",
			    expr_json(stmt->dynset.set, octx));
	if (!list_empty(&stmt->dynset.stmts)) {
		stmts = json_array();
		octx->flags |= NFT_CTX_OUTPUT_STATELESS;
		list_for_each_entry(s, &stmt->dynset.stmts, list)
			json_array_append_new(stmts, stmt_json(s, octx));
		octx->flags = flags;
		json_object_set_new(root, "stmt", stmts);
	}
	return json_wrap(stmt->dynset.data ? "map" : "set", root);
}

/* The set, if known: declared in this run or in the cache. */
static const struct set *dynset_find_set(struct eval_ctx *ectx,
					 const struct stmt *stmt,
					 struct handle *h)
{
	memset(h, 0, sizeof(*h));
	if (ectx->table) {
		h->family = ectx->table->handle.family;
		h->table.name = ectx->table->handle.table.name;
	} else if (ectx->cmd) {
		h->family = ectx->cmd->handle.family;
		h->table.name = ectx->cmd->handle.table.name;
	}
	h->set.name = stmt->dynset.set->symbol.identifier;
	if (h->table.name == NULL)
		return NULL;
	return set_find(ectx, h);
}

/* A missing set is named before the kernel sees the rule, where the
 * cache surely holds the table's sets: a rule added on its own to a
 * table of the kernel. */
static bool dynset_set_surely_missing(struct eval_ctx *ectx,
				      const struct handle *h)
{
	const struct nft_cache *cache = &ectx->nft->cache;

	return ectx->cmd && ectx->cmd->obj == CMD_OBJ_RULE &&
	       (cache->flags & NFT_CACHE_SET) &&
	       cache_table_lookup(cache, h->family, h->table.name);
}

static bool dynset_type_fits(const struct datatype *want,
			     const struct datatype *have, unsigned int len)
{
	if (want == have || want->type == have->type)
		return true;
	/* typeof keys of raw loads, and integer sets of any field */
	return (want->type == TYPE_INTEGER || have->type == TYPE_INTEGER) &&
	       (!want->size || want->size == len);
}

static bool dynset_key_fits(const struct expr *want, const struct expr *key)
{
	const struct expr *w, *k;

	if (want->etype != EXPR_CONCAT && key->etype != EXPR_CONCAT)
		return dynset_type_fits(want->dtype, key->dtype, key->len);
	if (want->etype != EXPR_CONCAT || key->etype != EXPR_CONCAT ||
	    want->expr_list.size != key->expr_list.size)
		return false;
	k = list_first_entry(&key->expr_list.expressions, struct expr, list);
	list_for_each_entry(w, &want->expr_list.expressions, list) {
		if (!dynset_type_fits(w->dtype, k->dtype, k->len))
			return false;
		k = list_next_entry(k, list);
	}
	return true;
}

/* The key's (a map's data from the packet's) type is not the set's:
 * the caret under it, the statement underlined, as upstream 1.1.3
 * shows it. */
static int dynset_type_error(struct eval_ctx *ectx, const struct stmt *stmt,
			     const struct expr *e, const struct expr *want_e)
{
	struct error_record *erec;
	char *have = expr_type_desc(e), *want = expr_type_desc(want_e);

	erec = erec_create(EREC_ERROR, &e->location,
			   "datatype mismatch: expected %s, expression has type %s",
			   want, have);
	xfree(have);
	xfree(want);
	if (stmt->location.indesc && stmt->location.json_index < 0)
		erec_add_location(erec, &stmt->location);
	erec_queue(erec, ectx->msgs);
	return -1;
}

static int dynset_key_error(struct eval_ctx *ectx, const struct stmt *stmt,
			    const struct set *set)
{
	return dynset_type_error(ectx, stmt, stmt->dynset.key, set->key);
}

/* A map's data: a value of the map's data type (a verdict map is not
 * updated from the packet path: the kernel refuses it). */
static int dynset_data_evaluate(struct eval_ctx *ectx, struct stmt *stmt,
				const struct set *set)
{
	struct expr *data;
	int ret;

	if (set->data == NULL || set->data->dtype == NULL)
		return 0;
	if (set->data->dtype->type == TYPE_VERDICT ||
	    stmt->dynset.data->etype == EXPR_VERDICT)
		return expr_error(ectx, stmt->dynset.data,
				  "map %s: a verdict cannot be written from the packet path",
				  stmt->dynset.set->symbol.identifier);
	/* a concatenation of loads for data of one type: evaluated as
	 * loads, its type refused below */
	if (stmt->dynset.data->etype == EXPR_CONCAT &&
	    (set->data->etype != EXPR_CONCAT ||
	     concat_has_load(stmt->dynset.data))) {
		/* its constants typed by the data's members, as a key's
		 * by the set's key */
		ectx->concat_set_key = set->data;
		ret = expr_evaluate(ectx, &stmt->dynset.data);
		ectx->concat_set_key = NULL;
		if (ret < 0)
			return -1;
	} else if (expr_evaluate_like(ectx, &stmt->dynset.data,
				      set->data) < 0)
		return -1;
	data = stmt->dynset.data;
	if (!dynset_key_fits(set->data, data) &&
	    !(data->flags & EXPR_F_CONSTANT))
		return dynset_type_error(ectx, stmt, data, set->data);
	if (!dynset_key_fits(set->data, data))
		return erec_error(ectx->msgs, &data->location,
				  "datatype mismatch: map %s expects %s, data has type %s",
				  stmt->dynset.set->symbol.identifier,
				  set->data->dtype->desc, data->dtype->desc);
	return 0;
}

static int dynset_check_set(struct eval_ctx *ectx, struct stmt *stmt,
			    const struct set *set)
{
	const struct expr *ref = stmt->dynset.set, *key = stmt->dynset.key;

	if (stmt->dynset.data && !(set->flags & NFT_SET_MAP))
		return expr_error(ectx, ref, "%s is a set: '%s @%s { KEY : DATA }' needs a map",
				  ref->symbol.identifier,
				  dynset_op_name(stmt->dynset.op),
				  ref->symbol.identifier);
	if (!stmt->dynset.data && (set->flags & NFT_SET_MAP))
		return expr_error(ectx, ref, "%s is a map: a set statement needs a set",
				  ref->symbol.identifier);
	/* the kernel: EBUSY, EOPNOTSUPP */
	if (set->flags & NFT_SET_CONSTANT)
		return expr_error(ectx, ref, "set %s is constant: the packet path cannot change it",
				  ref->symbol.identifier);
	if (set->flags & NFT_SET_INTERVAL)
		return expr_error(ectx, ref, "set %s is an interval set: the packet path can only change sets of single keys with 'flags dynamic'",
				  ref->symbol.identifier);
	if (set->key && set->key->dtype && !dynset_key_fits(set->key, key))
		return dynset_key_error(ectx, stmt, set);
	if (stmt->dynset.data)
		return dynset_data_evaluate(ectx, stmt, set);
	return 0;
}

static bool dynset_stateful_kind(const struct stmt *s)
{
	switch (s->type) {
	case STMT_COUNTER:
	case STMT_LIMIT:
	case STMT_QUOTA:
	case STMT_CONNLIMIT:
	case STMT_LAST:
		return true;
	default:
		return false;
	}
}

/* A meter adds its key, or refreshes it where it times out; its set
 * is made with the rule (dynset_meter_queue()). */
static int dynset_meter_evaluate(struct eval_ctx *ectx, struct stmt *stmt)
{
	if (name_length_error(ectx->msgs, &stmt->dynset.set->location,
			      stmt->dynset.set->symbol.identifier,
			      NAME_OBJECT) < 0)
		return -1;
	if (stmt->dynset.size > UINT32_MAX)
		return stmt_error(ectx, stmt, "meter size %llu is too large",
				  (unsigned long long)stmt->dynset.size);
	stmt->dynset.op = stmt->dynset.timeout ? NFT_DYNSET_OP_UPDATE :
						 NFT_DYNSET_OP_ADD;
	return 0;
}

/* The key; a concatenation's constants take their types from the
 * set's key ("add @s { ip saddr . 22 }"), as 1.1.3 types them. */
static int dynset_key_evaluate(struct eval_ctx *ectx, struct stmt *stmt)
{
	const struct set *set = NULL;
	struct handle h;
	int ret;

	if (!stmt->dynset.meter && stmt->dynset.key->etype == EXPR_CONCAT)
		set = dynset_find_set(ectx, stmt, &h);
	ectx->concat_set_key = set ? set->key : NULL;
	ret = expr_evaluate(ectx, &stmt->dynset.key);
	ectx->concat_set_key = NULL;
	return ret;
}

static int dynset_stmt_evaluate(struct eval_ctx *ectx, struct stmt *stmt)
{
	const struct set *set;
	unsigned int n = 0;
	struct handle h;
	struct stmt *s;

	if (!stmt->dynset.set->symbol.identifier[0])
		return stmt_error(ectx, stmt, "set name must not be empty");
	if (dynset_key_evaluate(ectx, stmt) < 0)
		return -1;
	if (stmt->dynset.key->len == 0)
		return expr_error(ectx, stmt->dynset.key,
				  "%s cannot be a set's key",
				  expr_name(stmt->dynset.key));
	list_for_each_entry(s, &stmt->dynset.stmts, list) {
		if (++n > SET_STMTS_MAX)
			return stmt_error(ectx, s,
					  "too many statements: the kernel keeps at most %u per set and element",
					  SET_STMTS_MAX);
		if (!dynset_stateful_kind(s))
			return stmt_error(ectx, s, "%s is not a stateful statement: a set element can keep counter, limit, quota, ct count or last",
					  s->ops->name);
		if (stmt_evaluate(ectx, s) < 0)
			return -1;
	}
	if (stmt->dynset.meter)
		return dynset_meter_evaluate(ectx, stmt);
	if (name_length_error(ectx->msgs, &stmt->dynset.set->location,
			      stmt->dynset.set->symbol.identifier,
			      NAME_OBJECT) < 0)
		return -1;
	set = dynset_find_set(ectx, stmt, &h);
	if (set && dynset_check_set(ectx, stmt, set) < 0)
		return -1;
	/* a set declared with the rule becomes dynamic, as upstream
	 * 1.1.3 makes it (the kernel then gives it a backend that the
	 * packet path can change) */
	if (set && set_find_in_run(ectx, &h))
		set_find_in_run(ectx, &h)->flags |= NFT_SET_EVAL;
	if (set)
		return 0;
	/* in 1.1.3's words */
	if (stmt->dynset.data ||
	    (h.table.name && dynset_set_surely_missing(ectx, &h)))
		return expr_error(ectx, stmt->dynset.set,
				  "No such file or directory");
	return 0;
}

/* Encode @s alone and hand back its one netlink expression. */
static struct nftnl_expr *dynset_encode_inner(struct lin_ctx *lctx,
					      const struct stmt *s)
{
	struct lin_ctx tmp = *lctx;
	struct nftnl_expr_iter *it;
	struct nftnl_expr *nle, *first = NULL;

	tmp.rule = NULL;
	tmp.nlr = nftnl_rule_alloc();
	if (tmp.nlr == NULL)
		memory_allocation_error();
	s->ops->linearize(&tmp, s);
	it = nftnl_expr_iter_create(tmp.nlr);
	if (it == NULL)
		memory_allocation_error();
	first = nftnl_expr_iter_next(it);
	nftnl_expr_iter_destroy(it);
	nle = first;
	if (nle)
		nftnl_rule_del_expr(nle);
	nftnl_rule_free(tmp.nlr);
	return nle;
}

static unsigned int dynset_key_bytes(const struct expr *key)
{
	const struct expr *m;
	unsigned int n = 0;

	if (key->etype != EXPR_CONCAT)
		return div_round_up(key->len, BITS_PER_BYTE);
	list_for_each_entry(m, &key->expr_list.expressions, list)
		n += concat_field_bytes(m);
	return n;
}

/* A meter's set's user data, as upstream 1.1 writes it: its key's byte
 * order alone (a concatenation has none: 0). */
static void dynset_meter_udata(struct nftnl_set *set, const struct expr *key)
{
	struct nftnl_udata_buf *ud = set_udata_scratch();

	nftnl_udata_put_u32(ud, NFTNL_UDATA_SET_KEYBYTEORDER,
			    key->etype == EXPR_CONCAT ? BYTEORDER_INVALID :
			    key->byteorder);
	nftnl_set_set_data(set, NFTNL_SET_USERDATA, nftnl_udata_buf_data(ud),
			   nftnl_udata_buf_len(ud));
	nftnl_udata_buf_free(ud);
}

/*
 * The set of a meter goes into the batch before its rule, as a named
 * dynamic set ("set m { type ipv4_addr; flags dynamic; }", with timeout
 * if the meter has one), where upstream 1.1 makes it; created without
 * NLM_F_EXCL, a second rule may use the same meter.
 */
static void dynset_meter_queue(struct lin_ctx *lctx, const struct stmt *stmt)
{
	const struct expr *key = stmt->dynset.key;
	const char *name = stmt->dynset.set->symbol.identifier;
	const char *table = nftnl_rule_get_str(lctx->nlr, NFTNL_RULE_TABLE);
	struct nftnl_set *set = nftnl_set_alloc(), *elems = nftnl_set_alloc();
	uint32_t flags = NFT_SET_EVAL;

	if (set == NULL || elems == NULL)
		memory_allocation_error();
	if (stmt->dynset.timeout)
		flags |= NFT_SET_TIMEOUT;
	nftnl_set_set_u32(set, NFTNL_SET_FAMILY, lctx->family);
	nftnl_set_set_str(set, NFTNL_SET_TABLE, table ? table : "");
	nftnl_set_set_str(set, NFTNL_SET_NAME, name);
	nftnl_set_set_u32(set, NFTNL_SET_FLAGS, flags);
	nftnl_set_set_u32(set, NFTNL_SET_KEY_TYPE, expr_key_type_id(key));
	nftnl_set_set_u32(set, NFTNL_SET_KEY_LEN, dynset_key_bytes(key));
	if (stmt->dynset.size)
		nftnl_set_set_u32(set, NFTNL_SET_DESC_SIZE, stmt->dynset.size);
	dynset_meter_udata(set, key);
	nftnl_set_set_u32(elems, NFTNL_SET_FAMILY, lctx->family);
	nftnl_set_set_str(elems, NFTNL_SET_TABLE, table ? table : "");
	nftnl_set_set_str(elems, NFTNL_SET_NAME, name);
	lin_queue_set(lctx, set, elems, NULL, NULL);
}

static void dynset_stmt_linearize(struct lin_ctx *lctx,
				  const struct stmt *stmt)
{
	const struct expr *key = stmt->dynset.key;
	unsigned int n = 0;
	struct nftnl_expr *nle, *inner;
	enum nft_registers reg, dreg = 0;
	const struct stmt *s;

	if (stmt->dynset.meter && lctx->sets)
		dynset_meter_queue(lctx, stmt);
	reg = key->etype == EXPR_CONCAT ?
	      lin_get_register_concat(lctx, key->len) :
	      lin_get_register(lctx, key->len);
	linearize_expr(lctx, key, reg);
	if (stmt->dynset.data) {
		dreg = stmt->dynset.data->etype == EXPR_CONCAT ?
		       lin_get_register_concat(lctx, stmt->dynset.data->len) :
		       lin_get_register(lctx, stmt->dynset.data->len);
		linearize_expr(lctx, stmt->dynset.data, dreg);
	}
	nle = lin_expr_alloc("dynset");
	nftnl_expr_set_u32(nle, NFTNL_EXPR_DYNSET_SREG_KEY, reg);
	if (stmt->dynset.data)
		nftnl_expr_set_u32(nle, NFTNL_EXPR_DYNSET_SREG_DATA, dreg);
	nftnl_expr_set_u32(nle, NFTNL_EXPR_DYNSET_OP, stmt->dynset.op);
	nftnl_expr_set_str(nle, NFTNL_EXPR_DYNSET_SET_NAME,
			   stmt->dynset.set->symbol.identifier);
	if (stmt->dynset.timeout)
		nftnl_expr_set_u64(nle, NFTNL_EXPR_DYNSET_TIMEOUT,
				   stmt->dynset.timeout);
	list_for_each_entry(s, &stmt->dynset.stmts, list)
		n++;
	/* the kernel takes a list only with this flag */
	if (n > 1)
		nftnl_expr_set_u32(nle, NFTNL_EXPR_DYNSET_FLAGS,
				   NFT_DYNSET_F_EXPR);
	list_for_each_entry(s, &stmt->dynset.stmts, list) {
		inner = dynset_encode_inner(lctx, s);
		if (inner == NULL)
			continue;
		if (n == 1)
			nftnl_expr_set(nle, NFTNL_EXPR_DYNSET_EXPR, inner, 0);
		else
			nftnl_expr_add_expr(nle, NFTNL_EXPR_DYNSET_EXPRESSIONS,
					    inner);
	}
	lin_add_expr(lctx, nle);
	if (stmt->dynset.data)
		lin_put_register(lctx, dreg);
	lin_put_register(lctx, reg);
}

/* Decode one inner expression through its statement kind, moving the
 * statement it appends to the rule into @stmt's list. */
static int dynset_decode_inner(struct nftnl_expr *e, void *data)
{
	struct delin_ctx *dctx = ((void **)data)[0];
	struct stmt *stmt = ((void **)data)[1], *s;
	const char *name = nftnl_expr_get_str(e, NFTNL_EXPR_NAME);
	const struct stmt_ops *ops = name ? stmt_ops_by_nl_name(name) : NULL;
	unsigned int before = dctx->rule->num_stmts;

	if (ops == NULL || ops->delinearize == NULL ||
	    ops->delinearize(dctx, e) < 0 ||
	    dctx->rule->num_stmts != before + 1)
		return delin_error(dctx, "set statement on %s holds %s, which this nft cannot list",
				   stmt->dynset.set->symbol.identifier,
				   name ? name : "an unnamed expression");
	s = list_last_entry(&dctx->rule->stmts, struct stmt, list);
	list_del(&s->list);
	dctx->rule->num_stmts--;
	list_add_tail(&s->list, &stmt->dynset.stmts);
	return 0;
}

static struct expr *dynset_decode_key(struct delin_ctx *dctx,
				      enum nft_registers sreg,
				      const char *name, struct stmt *stmt)
{
	const struct nftnl_set *nls;
	struct expr *key;
	uint32_t klen;
	bool as_sent;

	key = delin_get_register(dctx, sreg);
	if (key == NULL)
		return NULL;
	nls = netlink_anon_set(dctx->nft, dctx->family, dctx->table, name,
			       &as_sent);
	/* a meter of the system nft (1.0.6): its set is anonymous */
	if (nls && nftnl_set_is_set(nls, NFTNL_SET_FLAGS) &&
	    nftnl_set_get_u32(nls, NFTNL_SET_FLAGS) & NFT_SET_ANONYMOUS) {
		stmt->dynset.anon = true;
		if (nftnl_set_is_set(nls, NFTNL_SET_DESC_SIZE))
			stmt->dynset.size = nftnl_set_get_u32(nls,
							NFTNL_SET_DESC_SIZE);
	}
	if (nls == NULL || !nftnl_set_is_set(nls, NFTNL_SET_KEY_LEN))
		return payload_key_unmask(key);
	klen = nftnl_set_get_u32(nls, NFTNL_SET_KEY_LEN);
	if (klen <= div_round_up(key->len, BITS_PER_BYTE))
		return payload_key_unmask(key);
	expr_free(key);
	key = concat_from_registers(dctx, sreg, klen);
	if (key)
		concat_values_retype(key,
			nftnl_set_get_u32(nls, NFTNL_SET_KEY_TYPE), klen);
	return key;
}

/* "update @m { KEY : DATA }": the data register holds a value, typed
 * as the map's data. */
static int dynset_decode_data(struct delin_ctx *dctx,
			      const struct nftnl_expr *nle, const char *name,
			      struct stmt *stmt)
{
	const struct datatype *dtype = NULL;
	const struct nftnl_set *nls;
	struct expr *data;
	bool as_sent;

	enum nft_registers sreg = nftnl_expr_get_u32(nle,
					NFTNL_EXPR_DYNSET_SREG_DATA);
	uint32_t dlen;

	data = delin_get_register(dctx, sreg);
	if (data == NULL)
		return -1;
	nls = netlink_anon_set(dctx->nft, dctx->family, dctx->table, name,
			       &as_sent);
	/* data longer than the register's value: a concatenation */
	dlen = nls && nftnl_set_is_set(nls, NFTNL_SET_DATA_LEN) ?
	       nftnl_set_get_u32(nls, NFTNL_SET_DATA_LEN) : 0;
	if (dlen > div_round_up(data->len, BITS_PER_BYTE)) {
		expr_free(data);
		data = concat_from_registers(dctx, sreg, dlen);
		if (data == NULL)
			return -1;
		concat_values_retype(data,
			nftnl_set_get_u32(nls, NFTNL_SET_DATA_TYPE), dlen);
		stmt->dynset.data = data;
		return 0;
	}
	if (nls && nftnl_set_is_set(nls, NFTNL_SET_DATA_TYPE))
		dtype = datatype_lookup(nftnl_set_get_u32(nls,
						NFTNL_SET_DATA_TYPE));
	if (dtype && data->etype == EXPR_VALUE &&
	    (!dtype->size || dtype->size == data->len))
		datatype_value_retype(data, dtype, dtype->byteorder);
	stmt->dynset.data = data;
	return 0;
}

static int dynset_stmt_delinearize(struct delin_ctx *dctx,
				   const struct nftnl_expr *nle)
{
	const char *name = nftnl_expr_get_str(nle, NFTNL_EXPR_DYNSET_SET_NAME);
	struct stmt *stmt;
	struct expr *key;
	void *data[2];

	if (name == NULL)
		return delin_error(dctx, "set statement without a set name");
	stmt = dynset_stmt_alloc(&internal_location,
				 nftnl_expr_get_u32(nle, NFTNL_EXPR_DYNSET_OP),
				 setref_expr_alloc(&internal_location, name),
				 NULL);
	key = dynset_decode_key(dctx, nftnl_expr_get_u32(nle,
					NFTNL_EXPR_DYNSET_SREG_KEY), name, stmt);
	if (key == NULL) {
		stmt_free(stmt);
		return delin_error(dctx, "set statement on %s: its key is not in the registers",
				   name);
	}
	stmt->dynset.key = key;
	if (nftnl_expr_is_set(nle, NFTNL_EXPR_DYNSET_SREG_DATA) &&
	    dynset_decode_data(dctx, nle, name, stmt) < 0) {
		stmt_free(stmt);
		return delin_error(dctx, "map update of %s: its data is not a value",
				   name);
	}
	if (nftnl_expr_is_set(nle, NFTNL_EXPR_DYNSET_TIMEOUT))
		stmt->dynset.timeout = nftnl_expr_get_u64(nle,
						NFTNL_EXPR_DYNSET_TIMEOUT);
	data[0] = dctx;
	data[1] = stmt;
	if (nftnl_expr_expr_foreach(nle, dynset_decode_inner, data) < 0) {
		stmt_free(stmt);
		return -1;
	}
	delin_add_stmt(dctx, stmt);
	return 0;
}

/*
 * Listing: the key is named and its dependency dropped as for a lookup
 * of the same key in the set ("ip saddr . tcp dport @s" in ip drops
 * "meta l4proto tcp"); the inner statements need nothing.
 */
static void dynset_delin_postprocess_part(struct delin_ctx *dctx,
					  struct stmt *stmt,
					  struct expr **part)
{
	struct expr *rel;
	struct stmt *tmp;
	unsigned int b;

	rel = relational_expr_alloc(&stmt->location, OP_IMPLICIT, *part,
				    expr_get(stmt->dynset.set));
	tmp = expr_stmt_alloc(&stmt->location, rel);
	delin_postprocess_expr(dctx, tmp, &tmp->expr);
	for (b = 0; b < array_size(dctx->deps); b++)
		if (dctx->deps[b] == tmp)
			dctx->deps[b] = NULL;
	*part = expr_get(tmp->expr->binop.left);
	stmt_free(tmp);
}

/* a map's data from the packet ("update @m { ip saddr : tcp sport }")
 * too: its dependency goes as the key's does */
static void dynset_stmt_delin_postprocess(struct delin_ctx *dctx,
					  struct stmt *stmt)
{
	dynset_delin_postprocess_part(dctx, stmt, &stmt->dynset.key);
	if (stmt->dynset.data && !(stmt->dynset.data->flags & EXPR_F_CONSTANT))
		dynset_delin_postprocess_part(dctx, stmt, &stmt->dynset.data);
}

static char *dynset_stmt_explain(const struct stmt *stmt, int err,
				 const struct cmd *cmd)
{
	const char *name = stmt->dynset.set->symbol.identifier;

	if (err == ENOENT)
		return xasprintf("set '%s' does not exist in table %s %s",
				 name, family_name(cmd->handle.family),
				 cmd_table_name(cmd));
	/* EOPNOTSUPP (a set without 'flags dynamic', a timeout in one
	 * without timeouts): 1.1.3's words alone, under the statement */
	return NULL;
}

static const char *const dynset_elem_json_keys[] = { "val", "timeout", NULL };

/* {"set": {"op": "add", "elem": KEY, "set": "@s", "stmt": [...]}};
 * a timeout comes as "elem": {"elem": {"val": KEY, "timeout": N}}. */
static int dynset_json_elem(struct json_ctx *jctx, struct stmt *stmt,
			    json_t *elem)
{
	json_t *inner = json_is_object(elem) ? json_object_get(elem, "elem") :
			NULL;
	json_t *t;

	if (inner && json_is_object(inner)) {
		if (json_check_keys(jctx, inner, ".set.elem.elem",
				    dynset_elem_json_keys) < 0)
			return -1;
		t = json_object_get(inner, "timeout");
		if (t && json_is_integer(t) && json_integer_value(t) >= 0)
			stmt->dynset.timeout = json_integer_value(t) * 1000;
		else if (t) {
			json_error(jctx, ".set.elem.elem.timeout",
				   "Invalid timeout: expected seconds");
			return -1;
		}
		elem = json_object_get(inner, "val");
		if (elem == NULL) {
			json_error(jctx, ".set.elem.elem",
				   "Invalid set element: \"val\" is required");
			return -1;
		}
	}
	stmt->dynset.key = json_parse_expr(jctx, elem, ".set.elem");
	return stmt->dynset.key ? 0 : -1;
}

static int dynset_json_stmts(struct json_ctx *jctx, struct stmt *stmt,
			     json_t *stmts, const char *path)
{
	struct stmt *s;
	json_t *i;
	size_t n;

	if (stmts == NULL)
		return 0;
	if (json_is_object(stmts)) {	/* a meter's one statement */
		s = json_parse_stmt(jctx, stmts, path);
		if (s == NULL)
			return -1;
		list_add_tail(&s->list, &stmt->dynset.stmts);
		return 0;
	}
	if (!json_is_array(stmts)) {
		json_error(jctx, path, "Invalid set statement: \"stmt\" must be an array");
		return -1;
	}
	json_array_foreach(stmts, n, i) {
		s = json_parse_stmt(jctx, i, path);
		if (s == NULL)
			return -1;
		list_add_tail(&s->list, &stmt->dynset.stmts);
	}
	return 0;
}

/* 1.0.6's {"meter": {"key": KEY, "stmt": STMT, "size": N, "name": "m"}} */
static struct stmt *meter_json_parse(struct json_ctx *jctx, json_t *value,
				     const struct location *loc)
{
	const char *name;
	struct stmt *stmt;
	json_t *key;
	uint64_t size = 0;

	static const char *const keys[] = {
		"name", "key", "stmt", "size", NULL,
	};

	if (json_check_keys(jctx, value, "meter", keys) < 0)
		return NULL;
	if (!json_is_object(value) ||
	    (key = json_object_get(value, "key")) == NULL) {
		json_error(jctx, ".meter",
			   "Invalid meter: expected an object with \"name\", \"key\" and \"stmt\"");
		return NULL;
	}
	if (json_req_string(jctx, value, "name", &name) < 0 ||
	    json_opt_u64(jctx, value, "size", &size) < 0)
		return NULL;
	stmt = dynset_stmt_alloc(loc, NFT_DYNSET_OP_ADD,
				 setref_expr_alloc(loc, name), NULL);
	stmt->dynset.meter = true;
	stmt->dynset.size = size;
	if (dynset_json_elem(jctx, stmt, key) < 0 ||
	    dynset_json_stmts(jctx, stmt, json_object_get(value, "stmt"),
			      ".meter.stmt") < 0) {
		stmt_free(stmt);
		return NULL;
	}
	return stmt;
}

static struct stmt *dynset_stmt_json_parse(struct json_ctx *jctx,
					   const char *key, json_t *value,
					   const struct location *loc)
{
	const char *op, *ref;
	struct stmt *stmt;
	json_t *elem, *data = NULL;
	bool map = !strcmp(key, "map");
	int o;

	static const char *const set_keys[] = {
		"op", "elem", "set", "stmt", NULL,
	};
	static const char *const map_keys[] = {
		"op", "elem", "data", "map", "stmt", NULL,
	};

	if (!strcmp(key, "meter"))
		return meter_json_parse(jctx, value, loc);
	if (json_check_keys(jctx, value, key, map ? map_keys : set_keys) < 0)
		return NULL;
	/* {"map": {"op": ..., "elem": KEY, "data": DATA, "map": "@m"}} */
	if (map && (!json_is_object(value) ||
		    (data = json_object_get(value, "data")) == NULL ||
		    json_object_get(value, "map") == NULL)) {
		json_error(jctx, ".map",
			   "Invalid map statement: expected an object with \"op\", \"elem\", \"data\" and \"map\"");
		return NULL;
	}
	if (!json_is_object(value) ||
	    (elem = json_object_get(value, "elem")) == NULL) {
		json_error(jctx, ".set",
			   "Invalid set statement: expected an object with \"op\", \"elem\" and \"set\"");
		return NULL;
	}
	if (json_req_string(jctx, value, "op", &op) < 0 ||
	    json_req_string(jctx, value, map ? "map" : "set", &ref) < 0)
		return NULL;
	o = dynset_op_lookup(op);
	if (o < 0) {
		json_error(jctx, ".set.op",
			   "Invalid set statement: unknown op \"%s\", expected add, update or delete",
			   op);
		return NULL;
	}
	if (ref[0] != '@' || !ref[1]) {
		json_error(jctx, ".set.set",
			   "Invalid set statement: set reference must be \"@NAME\", not \"%s\"",
			   ref);
		return NULL;
	}
	stmt = dynset_stmt_alloc(loc, o, setref_expr_alloc(loc, ref + 1),
				 NULL);
	if (dynset_json_elem(jctx, stmt, elem) < 0)
		goto err;
	if (data) {
		stmt->dynset.data = json_parse_expr(jctx, data, ".map.data");
		if (stmt->dynset.data == NULL)
			goto err;
	}
	if (dynset_json_stmts(jctx, stmt, json_object_get(value, "stmt"),
			      ".set.stmt") < 0)
		goto err;
	return stmt;
err:
	stmt_free(stmt);
	return NULL;
}

static const char *const dynset_json_names[] = { "set", "meter", "map", NULL };

const struct stmt_ops dynset_stmt_ops = {
	.type		= STMT_SET,
	.name		= "set",
	.destroy	= dynset_stmt_destroy,
	.print		= dynset_stmt_print,
	.json		= dynset_stmt_json,
	.evaluate	= dynset_stmt_evaluate,
	.linearize	= dynset_stmt_linearize,
	.nl_name	= "dynset",
	.delinearize	= dynset_stmt_delinearize,
	.delin_postprocess = dynset_stmt_delin_postprocess,
	.json_names	= dynset_json_names,
	.json_parse	= dynset_stmt_json_parse,
	.explain	= dynset_stmt_explain,
};

struct stmt *dynset_stmt_alloc(const struct location *loc, uint32_t op,
			       struct expr *set, struct expr *key)
{
	struct stmt *stmt = stmt_alloc(loc, &dynset_stmt_ops);

	stmt->dynset.op = op;
	stmt->dynset.set = set;
	stmt->dynset.key = key;
	init_list_head(&stmt->dynset.stmts);
	return stmt;
}
