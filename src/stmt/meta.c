/*
 * "meta KEY set VALUE": write packet metadata (mark, priority, nftrace,
 * pkttype, ...). VALUE is a constant of the key's type or an expression
 * loaded at run time ("meta mark set ct mark & 0xff"). The "KEY set
 * VALUE" helpers here serve the ct statement too, and the JSON "mangle"
 * statement, whose key says which kind it is.
 */
#include <string.h>
#include <stmt.h>
#include <evaluate.h>
#include <linearize.h>
#include <json.h>
#include <nftables.h>
#include <libnftnl/expr.h>
#include <payload_int.h>

void keyset_stmt_destroy(struct stmt *stmt)
{
	expr_free(stmt->keyset.key);
	expr_free(stmt->keyset.value);
}

void keyset_stmt_print(const struct stmt *stmt, struct output_ctx *octx)
{
	if (stmt->keyset.key->etype == EXPR_META)
		nft_print(octx, "meta %s",
			  meta_key_name(stmt->keyset.key->meta.key));
	else
		expr_print(stmt->keyset.key, octx);
	nft_print(octx, " set ");
	/* a header's flags written: "tcp flags set syn | ack", as 1.1.3
	 * lists them ("ct event set new,destroy" keeps the list) */
	if (stmt->keyset.key->etype == EXPR_PAYLOAD &&
	    datatype_print_flags_or(stmt->keyset.value, octx, false))
		return;
	expr_print(stmt->keyset.value, octx);
}

/* {"mangle": {"key": {"meta": {"key": "mark"}}, "value": 1}} */
json_t *keyset_stmt_json(const struct stmt *stmt, struct output_ctx *octx)
{
	json_t *value = NULL;

	if (stmt->keyset.key->etype == EXPR_PAYLOAD)
		value = datatype_json_flags_or(stmt->keyset.value, octx);
	if (!value)
		value = expr_json(stmt->keyset.value, octx);
	return json_wrap("mangle", json_pair(
			"key", expr_json(stmt->keyset.key, octx),
			"value", value));
}

/* What may be written into a key: a value, or something loaded. */
static bool keyset_value_kind(const struct expr *value)
{
	switch (value->etype) {
	case EXPR_RELATIONAL:
	case EXPR_RANGE:
	case EXPR_PREFIX:
	case EXPR_LIST:
	case EXPR_SYMBOL:
	case EXPR_VERDICT:
		return false;
	default:
		/* JSON "ct event set" {"set": [...]}: nothing to write */
		return value->ops->linearize != NULL;
	}
}

/* A raw load of another width than the key's: the reference's
 * "expression has type integer with length 16". */
static bool keyset_raw_width(const struct expr *key, const struct expr *value)
{
	return value->etype == EXPR_PAYLOAD && !value->payload.tmpl &&
	       value->len != key->len;
}

/* Does @dtype derive from @base? */
static bool keyset_type_is(const struct datatype *dtype,
			   enum datatypes base)
{
	for (; dtype; dtype = dtype->basetype)
		if (dtype->type == base)
			return true;
	return false;
}

/*
 * A loaded value must be of the key's type, as the reference checks:
 * an integer key takes any integer ("ct zone set meta cpu"), a mark
 * anything that is a number ("meta mark set ip saddr", "ct mark set
 * tcp dport") but flags and link layer addresses; "ct zone set meta
 * mark" is refused. A raw load must have
 * the key's width; a number generator or a hash of the key's width
 * takes its type.
 */
static bool keyset_types_match(const struct expr *key, struct expr *value)
{
	if (value->etype == EXPR_VALUE)
		return true;
	if (keyset_raw_width(key, value))
		return false;
	if (value->dtype->type == key->dtype->type)
		return true;
	if ((value->etype == EXPR_NUMGEN || value->etype == EXPR_HASH) &&
	    value->len == key->len) {
		value->dtype = key->dtype;
		return true;
	}
	if (key->dtype->type == TYPE_INTEGER)
		return value->dtype->type == TYPE_INTEGER;
	/* not flags ("ct state", "tcp flags") nor a link layer address,
	 * which 1.1.3 refuses there ("meta mark set ether saddr") */
	if (key->dtype->type == TYPE_MARK)
		return keyset_type_is(value->dtype, TYPE_INTEGER) &&
		       !keyset_type_is(value->dtype, TYPE_BITMASK) &&
		       !keyset_type_is(value->dtype, TYPE_LLADDR);
	return false;
}

/* Constants in the value are typed like the key (the key is not the
 * left side of a match: no concatenation key, see expr_evaluate_like()). */
static int keyset_value_evaluate(struct eval_ctx *ectx, struct stmt *stmt)
{
	const struct expr *key = stmt->keyset.key;
	struct eval_type saved;
	int ret;

	/* JSON {"set": [1]}: a set of one would become its member */
	if (stmt->keyset.value->etype == EXPR_SET)
		return expr_error(ectx, stmt->keyset.value,
				  "you cannot use a set here, unknown value to use");
	eval_type_push(ectx, &saved, key->dtype, key->byteorder, key->len);
	ret = expr_evaluate(ectx, &stmt->keyset.value);
	eval_type_pop(ectx, &saved);
	return ret;
}

/* "datatype mismatch", the key and "set" underlined ("~~~"), as the
 * reference shows it. */
static int keyset_type_error(struct eval_ctx *ectx, const struct stmt *stmt)
{
	const struct expr *key = stmt->keyset.key, *value = stmt->keyset.value;
	struct location related = stmt->location;
	struct error_record *erec;

	char *have = expr_type_desc(value);

	if (keyset_raw_width(key, value))
		erec = erec_create(EREC_ERROR, &value->location,
				   "datatype mismatch: expected %s, expression has type %s with length %u",
				   key->dtype->desc, have, value->len);
	else
		erec = erec_create(EREC_ERROR, &value->location,
				   "datatype mismatch: expected %s, expression has type %s",
				   key->dtype->desc, have);
	xfree(have);
	if (related.indesc && related.json_index < 0 &&
	    value->location.indesc == related.indesc &&
	    value->location.first_line == related.first_line &&
	    value->location.first_column > related.first_column) {
		related.last_line = related.first_line;
		related.last_column = value->location.first_column - 1;
		erec_add_location(erec, &related);
	}
	erec_queue(erec, ectx->msgs);
	return -1;
}

int keyset_stmt_evaluate(struct eval_ctx *ectx, struct stmt *stmt)
{
	struct expr *key, *value;

	if (expr_evaluate(ectx, &stmt->keyset.key) < 0 ||
	    keyset_value_evaluate(ectx, stmt) < 0)
		return -1;
	key = stmt->keyset.key;
	value = stmt->keyset.value;
	if (!keyset_value_kind(value))
		return expr_error(ectx, value,
				  "%s cannot be written into %s: expected a value or an expression",
				  expr_name(value), expr_name(key));
	if (!keyset_types_match(key, value))
		return keyset_type_error(ectx, stmt);
	if (value->etype == EXPR_VALUE) {
		value->len = key->len;
		return 0;
	}
	if (value->len > NFT_REG_SIZE * BITS_PER_BYTE)
		return expr_error(ectx, value,
				  "%s of %u bits does not fit a register",
				  expr_name(value), value->len);
	return 0;
}

/*
 * A mark is a number in host order: a value loaded big endian is turned
 * around first ("meta mark set ip saddr", "ct mark set tcp dport"), as
 * the reference does, by the largest power of two of at most 8 bytes
 * that its width holds (ntoh(reg, 8, 16) for an IPv6 address).
 */
static unsigned int keyset_ntoh_size(const struct expr *key,
				     const struct expr *value)
{
	unsigned int len = div_round_up(value->len, BITS_PER_BYTE);
	unsigned int start, shift;

	if (key->dtype->type != TYPE_MARK || value->etype == EXPR_VALUE)
		return 0;
	/* a narrow field: the bytes that hold it, as loaded */
	if (payload_expr_needs_mask(value)) {
		payload_field_span(value, &start, &len, &shift);
		len /= BITS_PER_BYTE;
	} else if (value->byteorder != BYTEORDER_BIG_ENDIAN) {
		return 0;
	}
	if (len < 2)
		return 0;
	return lin_byteorder_size(len);
}

/*
 * Masks on a value of another width or byte order than the mark's
 * ("meta mark set tcp dport & 3"): the reference turns the value into
 * the mark's first and masks all of the mark's 32 bits (one bitwise, as
 * for any chain of masks). False if @value is no such chain.
 */
static bool keyset_lin_masked(struct lin_ctx *lctx, const struct expr *key,
			      const struct expr *value, enum nft_registers reg)
{
	unsigned char mask[NFT_REG_SIZE], xor[NFT_REG_SIZE];
	unsigned int len = div_round_up(key->len, BITS_PER_BYTE), size;
	const struct expr *base;
	mpz_t m, x;

	if (key->dtype->type != TYPE_MARK || value->etype != EXPR_BINOP ||
	    len > NFT_REG_SIZE)
		return false;
	mpz_init(m);
	mpz_init(x);
	base = binop_mask_chain(value, key->len, m, x);
	size = keyset_ntoh_size(key, base);
	if (base == value || base->etype == EXPR_BINOP ||
	    base->len == key->len) {
		mpz_clear(m);
		mpz_clear(x);
		return false;
	}
	if (size)
		linearize_value_ntoh(lctx, base, reg, size);
	else
		linearize_expr(lctx, base, reg);
	linearize_mpz(mask, m, BYTEORDER_HOST_ENDIAN, len);
	linearize_mpz(xor, x, BYTEORDER_HOST_ENDIAN, len);
	mpz_clear(m);
	mpz_clear(x);
	lin_bitwise(lctx, reg, mask, xor, len);
	return true;
}

void keyset_stmt_linearize(struct lin_ctx *lctx, const struct stmt *stmt,
			   struct nftnl_expr *nle, uint16_t sreg_attr)
{
	const struct expr *key = stmt->keyset.key, *value = stmt->keyset.value;
	unsigned int size = keyset_ntoh_size(key, value);
	enum nft_registers reg;

	reg = lin_get_register(lctx, value->len > key->len ? value->len :
							       key->len);
	if (keyset_lin_masked(lctx, key, value, reg))
		;
	else if (size)
		linearize_value_ntoh(lctx, value, reg, size);
	else
		linearize_expr(lctx, value, reg);
	nftnl_expr_set_u32(nle, sreg_attr, reg);
	lin_add_expr(lctx, nle);
	lin_put_register(lctx, reg);
}

/* A decoded constant was imported big endian; give it the key's type. */
int keyset_stmt_delinearize(struct delin_ctx *dctx, struct stmt *stmt,
			    enum nft_registers sreg)
{
	struct expr *value = delin_get_register(dctx, sreg);

	if (!value) {
		stmt_free(stmt);
		return -1;
	}
	if (value->etype == EXPR_VALUE)
		datatype_value_retype(value, stmt->keyset.key->dtype,
				      stmt->keyset.key->byteorder);
	stmt->keyset.value = value;
	delin_add_stmt(dctx, stmt);
	return 0;
}

/* Listing: loads in the value are named ("meta mark set ip dscp"). */
void keyset_stmt_delin_postprocess(struct delin_ctx *dctx, struct stmt *stmt)
{
	/* a narrow field, masked and shifted down: the field again */
	/* a narrow field, masked ("vlan id": & 0x0fff) or also shifted
	 * down: the field again; a field masked whole ("ip ttl & 3")
	 * stays as it is */
	if (stmt->keyset.value) {
		const struct expr *v = stmt->keyset.value;

		delin_unmask_chain(&stmt->keyset.value,
				   v->etype == EXPR_BINOP &&
				   v->binop.op == OP_AND &&
				   payload_load_is_field(dctx, v->binop.left));
	}
	if (stmt->keyset.value)
		delin_postprocess_expr(dctx, stmt, &stmt->keyset.value);
}

static int meta_stmt_evaluate(struct eval_ctx *ectx, struct stmt *stmt)
{
	/* a key the kernel cannot set is its to refuse (EOPNOTSUPP),
	 * after the value is typed, in the batch's order, as 1.1.3 has
	 * it */
	return keyset_stmt_evaluate(ectx, stmt);
}

static void meta_stmt_linearize(struct lin_ctx *lctx, const struct stmt *stmt)
{
	struct nftnl_expr *nle = lin_expr_alloc("meta");

	nftnl_expr_set_u32(nle, NFTNL_EXPR_META_KEY,
			   stmt->keyset.key->meta.key);
	keyset_stmt_linearize(lctx, stmt, nle, NFTNL_EXPR_META_SREG);
}

int meta_stmt_delinearize(struct delin_ctx *dctx, struct expr *key,
			  enum nft_registers sreg)
{
	return keyset_stmt_delinearize(dctx,
			meta_stmt_alloc(&internal_location, key, NULL), sreg);
}

/*
 * {"mangle": {"key": KEY, "value": VALUE}}: the key's kind picks the
 * statement. Payload and exthdr keys belong to their statements; they
 * join the switch when those kinds exist.
 */
static struct stmt *mangle_stmt_json_parse(struct json_ctx *jctx,
					   const char *name, json_t *value,
					   const struct location *loc)
{
	json_t *k = json_is_object(value) ? json_object_get(value, "key") :
		    NULL;
	json_t *v = json_is_object(value) ? json_object_get(value, "value") :
		    NULL;
	struct expr *key, *val;

	if (!k || !v) {
		json_error(jctx, ".mangle",
			   "Invalid mangle statement: \"key\" and \"value\" are required");
		return NULL;
	}
	key = json_parse_expr(jctx, k, ".mangle.key");
	if (!key)
		return NULL;
	val = json_parse_expr(jctx, v, ".mangle.value");
	if (!val) {
		expr_free(key);
		return NULL;
	}
	switch (key->etype) {
	case EXPR_META:
		return meta_stmt_alloc(loc, key, val);
	case EXPR_CT:
		return ct_stmt_alloc(loc, key, val);
	case EXPR_PAYLOAD:
		return payload_stmt_alloc(loc, key, val);
	case EXPR_EXTHDR:
		return exthdr_stmt_alloc(loc, key, val);
	default:
		json_error(jctx, ".mangle.key",
			   "Invalid mangle statement: cannot set a %s",
			   expr_name(key));
		expr_free(key);
		expr_free(val);
		return NULL;
	}
}

static const char *const meta_stmt_json_keys[] = {
	"key", "value", NULL,
};

const struct stmt_ops meta_stmt_ops = {
	.type		= STMT_META,
	.name		= "meta",
	.destroy	= keyset_stmt_destroy,
	.print		= keyset_stmt_print,
	.json		= keyset_stmt_json,
	.evaluate	= meta_stmt_evaluate,
	.linearize	= meta_stmt_linearize,
	.delin_postprocess = keyset_stmt_delin_postprocess,
	.json_name	= "mangle",
	.json_parse	= mangle_stmt_json_parse,
	.json_keys	= meta_stmt_json_keys,
};

struct stmt *meta_stmt_alloc(const struct location *loc, struct expr *key,
			     struct expr *value)
{
	struct stmt *stmt = stmt_alloc(loc, &meta_stmt_ops);

	stmt->keyset.key = key;
	stmt->keyset.value = value;
	return stmt;
}
