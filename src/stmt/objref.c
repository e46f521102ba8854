/*
 * References to stateful named objects from rules: "counter name "c"",
 * "quota name "q"", "limit name "l"", "ct helper set "h"", "ct timeout
 * set "t"", "ct expectation set "e"", "meta secmark set "s"" and
 * "synproxy name "sp"". The kernel's objref expression carries the
 * object's type and name.
 */
#include <string.h>
#include <stmt.h>
#include <sobj.h>
#include <evaluate.h>
#include <linearize.h>
#include <json.h>
#include <netlink.h>
#include <expr.h>
#include <nftables.h>
#include <libnftnl/expr.h>
#include <libnftnl/set.h>
#include <linux/netfilter/nf_tables.h>

/* How a rule writes a reference to an object of kind @type: "counter
 * name" (the kind's ref) in text, "counter" (its name) as a JSON key;
 * "objref" for a kind we do not know. */
static const char *objref_text(uint32_t type)
{
	const struct sobj_ops *k = sobj_ops_lookup(type);

	return k ? k->ref : "objref";
}

static const char *objref_json_key(uint32_t type)
{
	const struct sobj_ops *k = sobj_ops_lookup(type);

	return k ? k->name : "objref";
}

static void objref_stmt_destroy(struct stmt *stmt)
{
	xfree(stmt->objref.name);
	expr_free(stmt->objref.map);
}

static void objref_stmt_print(const struct stmt *stmt,
			      struct output_ctx *octx)
{
	const char *text = objref_text(stmt->objref.type);

	if (stmt->objref.map) {
		nft_print(octx, "%s ", text);
		expr_print(stmt->objref.map, octx);
		return;
	}
	nft_print(octx, "%s \"%s\"", text, stmt->objref.name);
}

static json_t *objref_stmt_json(const struct stmt *stmt,
				struct output_ctx *octx)
{
	return json_wrap(objref_json_key(stmt->objref.type),
			 stmt->objref.map ? expr_json(stmt->objref.map, octx) :
			 json_string(stmt->objref.name));
}

/* "counter name meta mark": a key without its map, where the name
 * goes, refused by its type under it as 1.1.3 refuses it */
static int objref_key_error(struct eval_ctx *ectx, struct stmt *stmt)
{
	struct error_record *erec;
	char *have;

	if (expr_evaluate(ectx, &stmt->objref.map) < 0)
		return -1;
	have = expr_type_desc(stmt->objref.map);
	erec = erec_create(EREC_ERROR, &stmt->objref.map->location,
			   "datatype mismatch: expected string, expression has type %s",
			   have);
	xfree(have);
	if (stmt->location.indesc && stmt->location.json_index < 0)
		erec_add_location(erec, &stmt->location);
	erec_queue(erec, ectx->msgs);
	return -1;
}

/* An object map's names are strings as long as an object's name may be. */
static int objref_map_evaluate(struct eval_ctx *ectx, struct stmt *stmt)
{
	struct eval_type saved;
	int ret;

	if (stmt->objref.map->etype != EXPR_MAP)
		return objref_key_error(ectx, stmt);
	stmt->objref.map->map.objtype = stmt->objref.type;
	eval_type_push(ectx, &saved, &string_type, BYTEORDER_HOST_ENDIAN,
		       NFT_OBJ_MAXNAMELEN * BITS_PER_BYTE);
	ret = expr_evaluate(ectx, &stmt->objref.map);
	eval_type_pop(ectx, &saved);
	if (ret == 0 && stmt->objref.map->etype != EXPR_MAP)
		return stmt_error(ectx, stmt, "an object map is expected");
	return ret;
}

static int objref_stmt_evaluate(struct eval_ctx *ectx, struct stmt *stmt)
{
	if (stmt->objref.map)
		return objref_map_evaluate(ectx, stmt);
	if (!stmt->objref.name || !stmt->objref.name[0])
		return stmt_error(ectx, stmt, "an object name is missing");
	return name_length_error(ectx->msgs,
				 stmt->objref.name_loc.indesc ?
				 &stmt->objref.name_loc : &stmt->location,
				 stmt->objref.name, NAME_STRING);
}

static void objref_stmt_linearize(struct lin_ctx *lctx,
				  const struct stmt *stmt)
{
	struct nftnl_expr *nle;

	if (stmt->objref.map) {
		linearize_expr(lctx, stmt->objref.map, NFT_REG_VERDICT);
		return;
	}
	/* a refusal (no such object) points at the name */
	if (stmt->objref.name_loc.indesc)
		lctx->loc = &stmt->objref.name_loc;
	nle = lin_expr_alloc("objref");
	nftnl_expr_set_u32(nle, NFTNL_EXPR_OBJREF_IMM_TYPE, stmt->objref.type);
	nftnl_expr_set_str(nle, NFTNL_EXPR_OBJREF_IMM_NAME, stmt->objref.name);
	lin_add_expr(lctx, nle);
}

static int objref_stmt_delinearize(struct delin_ctx *dctx,
				   const struct nftnl_expr *nle)
{
	const struct nftnl_set *nls;
	struct stmt *stmt;
	struct expr *map;
	const char *name;
	uint32_t type, sreg;
	bool as_sent;

	/* an object map ("counter name tcp dport map { ... }") */
	if (nftnl_expr_is_set(nle, NFTNL_EXPR_OBJREF_SET_NAME)) {
		name = nftnl_expr_get_str(nle, NFTNL_EXPR_OBJREF_SET_NAME);
		sreg = nftnl_expr_get_u32(nle, NFTNL_EXPR_OBJREF_SET_SREG);
		nls = netlink_anon_set(dctx->nft, dctx->family, dctx->table,
				       name, &as_sent);
		if (nls == NULL || (!as_sent &&
				    !(nftnl_set_get_u32(nls, NFTNL_SET_FLAGS) &
				      NFT_SET_ANONYMOUS))) {
			/* a named one ("... map @m") */
			map = map_objref_named_decode(dctx, sreg, name,
						      &type);
			if (map == NULL)
				return -1;
			stmt = objref_stmt_alloc(&internal_location, type,
						 xstrdup(""));
			stmt->objref.map = map;
			delin_add_stmt(dctx, stmt);
			return 0;
		}
		type = nftnl_set_get_u32(nls, NFTNL_SET_OBJ_TYPE);
		if (!sobj_ops_lookup(type))
			return -1;
		map = map_objref_decode(dctx, sreg, name, type);
		if (map == NULL)
			return delin_error(dctx, "object map %s cannot be read",
					   name);
		stmt = objref_stmt_alloc(&internal_location, type, xstrdup(""));
		stmt->objref.map = map;
		delin_add_stmt(dctx, stmt);
		return 0;
	}
	if (!nftnl_expr_is_set(nle, NFTNL_EXPR_OBJREF_IMM_NAME))
		return -1;
	type = nftnl_expr_get_u32(nle, NFTNL_EXPR_OBJREF_IMM_TYPE);
	if (!sobj_ops_lookup(type))
		return -1;
	delin_add_stmt(dctx, objref_stmt_alloc(&internal_location, type,
		xstrdup(nftnl_expr_get_str(nle, NFTNL_EXPR_OBJREF_IMM_NAME))));
	return 0;
}

/* {"ct helper": "h"} and the like; {"counter": "c"} comes through the
 * counter statement (see objref_json_parse_name). */
static struct stmt *objref_stmt_json_parse(struct json_ctx *jctx,
					   const char *key, json_t *value,
					   const struct location *loc)
{
	const struct sobj_ops *k = sobj_ops_by_name(key);

	if (!k) {
		json_error(jctx, "", "unknown object reference \"%s\"", key);
		return NULL;
	}
	if (!objref_json_is_ref(value)) {
		json_error(jctx, "", "\"%s\" takes an object name", key);
		return NULL;
	}
	return objref_json_parse_name(jctx, k->type, value, loc);
}

/* Listing: the object map's key load is named, its dependency dropped. */
static void objref_stmt_delin_postprocess(struct delin_ctx *dctx,
					  struct stmt *stmt)
{
	if (stmt->objref.map)
		delin_postprocess_expr(dctx, stmt, &stmt->objref.map);
}

static const char *const objref_json_names[] = {
	"ct helper", "ct timeout", "ct expectation", "secmark", NULL,
};

static const char *const objref_stmt_json_keys[] = {
	"map", NULL,
};

const struct stmt_ops objref_stmt_ops = {
	.type		= STMT_OBJREF,
	.name		= "objref",
	.destroy	= objref_stmt_destroy,
	.print		= objref_stmt_print,
	.json		= objref_stmt_json,
	.evaluate	= objref_stmt_evaluate,
	.linearize	= objref_stmt_linearize,
	.nl_name	= "objref",
	.delinearize	= objref_stmt_delinearize,
	.delin_postprocess = objref_stmt_delin_postprocess,
	.json_names	= objref_json_names,
	.json_parse	= objref_stmt_json_parse,
	.json_keys	= objref_stmt_json_keys,
};

struct stmt *objref_stmt_alloc(const struct location *loc, uint32_t type,
			       char *name)
{
	struct stmt *stmt = stmt_alloc(loc, &objref_stmt_ops);

	stmt->objref.type = type;
	stmt->objref.name = name;
	return stmt;
}

const struct location *objref_map_location(const struct stmt *stmt,
					   const char *name)
{
	const struct expr *m;
	char *s;
	bool same;

	if (stmt->type != STMT_OBJREF || !stmt->objref.map ||
	    stmt->objref.map->etype != EXPR_MAP)
		return NULL;
	list_for_each_entry(m, &stmt->objref.map->map.mappings->expr_list.expressions,
			    list) {
		if (m->mapping.data->etype != EXPR_VALUE)
			continue;
		s = constant_expr_get_string(m->mapping.data);
		same = !strcmp(s, name);
		xfree(s);
		/* the reference's caret: under the element's key */
		if (same)
			return &m->mapping.key->location;
	}
	return NULL;
}

bool objref_json_is_ref(json_t *value)
{
	return json_is_string(value) ||
	       (json_is_object(value) && json_object_size(value) == 1 &&
		json_object_get(value, "map"));
}

struct stmt *objref_json_parse_name(struct json_ctx *jctx, uint32_t type,
				    json_t *value, const struct location *loc)
{
	struct stmt *stmt;
	struct expr *map;

	if (!json_is_string(value)) {
		map = json_parse_expr(jctx, value, "");
		if (map == NULL)
			return NULL;
		stmt = objref_stmt_alloc(loc, type, xstrdup(""));
		stmt->objref.map = map;
		return stmt;
	}
	return objref_stmt_alloc(loc, type, xstrdup(json_string_value(value)));
}
