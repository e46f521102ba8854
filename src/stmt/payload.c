/*
 * Header writes: "tcp dport set 80", "ip dscp set cs1", "tcp option
 * maxseg size set 1360". The value goes to a register and the kernel
 * writes it into the packet, fixing up the checksum the field is under.
 *
 * A field that is not whole bytes, or whose checksum is updated 16 bits
 * at a time and that does not cover whole 16 bit words, is rewritten
 * read-modify-write: the covering bytes are loaded, the field's bits
 * replaced by a bitwise and/xor, and the bytes written back, as the
 * system nft does ("ip ttl set 64" writes ttl and protocol).
 */
#include <string.h>
#include <stmt.h>
#include <expr.h>
#include <proto.h>
#include <evaluate.h>
#include <linearize.h>
#include <json.h>
#include <nftables.h>
#include <libnftnl/expr.h>
#include <payload_int.h>

/* The checksum each header's fields are under. */
static const struct {
	const char *proto;
	uint32_t type;		/* NFT_PAYLOAD_CSUM_* */
	unsigned int offset;	/* bytes from the header's start */
	uint32_t flags;		/* NFT_PAYLOAD_L4CSUM_* for every field */
} payload_csums[] = {
	{ "ip",		NFT_PAYLOAD_CSUM_INET,	10, 0 },
	{ "tcp",	NFT_PAYLOAD_CSUM_INET,	16, 0 },
	/* upstream 1.1: the kernel updates the UDP checksum, and leaves
	 * a zero one alone, as 1.1.3 sends it */
	{ "udp",	NFT_PAYLOAD_CSUM_NONE,	0,
	  NFT_PAYLOAD_L4CSUM_PSEUDOHDR },
	{ "icmp",	NFT_PAYLOAD_CSUM_INET,	2,  0 },
	{ "icmpv6",	NFT_PAYLOAD_CSUM_INET,	2,  0 },
	{ "igmp",	NFT_PAYLOAD_CSUM_INET,	2,  0 },
	{ "sctp",	NFT_PAYLOAD_CSUM_SCTP,	8,  0 },
};

/* Fields in the transport layer's pseudo header: their change must fix
 * up the layer 4 checksum too. */
static const struct {
	const char *proto;
	const char *field;
} payload_pseudo_fields[] = {
	{ "ip", "saddr" }, { "ip", "daddr" }, { "ip", "protocol" },
	{ "ip6", "saddr" }, { "ip6", "daddr" }, { "ip6", "nexthdr" },
};

struct payload_csum {
	uint32_t type;
	unsigned int offset;
	uint32_t flags;
	bool words;		/* written in whole 16 bit words */
};

static void payload_csum_of(const struct expr *key, struct payload_csum *c)
{
	const struct proto_desc *desc = key->payload.desc;
	const char *field = key->payload.tmpl ? key->payload.tmpl->token :
			    NULL;
	unsigned int i;

	memset(c, 0, sizeof(*c));
	/* raw writes fix no checksum but the inner header's (@ih), which
	 * the reference writes in 16 bit words fixing the transport's */
	if (!desc && key->payload.base == NFT_PAYLOAD_INNER_HEADER) {
		c->flags = NFT_PAYLOAD_L4CSUM_PSEUDOHDR;
		c->words = true;
	}
	if (!desc)
		return;
	for (i = 0; i < array_size(payload_csums); i++) {
		if (strcmp(payload_csums[i].proto, desc->name))
			continue;
		c->type = payload_csums[i].type;
		c->offset = payload_csums[i].offset;
		c->flags = payload_csums[i].flags;
	}
	for (i = 0; field && i < array_size(payload_pseudo_fields); i++)
		if (!strcmp(payload_pseudo_fields[i].proto, desc->name) &&
		    !strcmp(payload_pseudo_fields[i].field, field))
			c->flags |= NFT_PAYLOAD_L4CSUM_PSEUDOHDR;
	c->words = c->type == NFT_PAYLOAD_CSUM_INET;
}

/* The bits written: the field, widened to whole bytes, and to whole 16
 * bit words where the internet checksum is updated. */
static void payload_write_span(const struct expr *key,
			       const struct payload_csum *c,
			       unsigned int *start, unsigned int *end)
{
	unsigned int align = c->words ? 16 : 8;
	unsigned int off = key->payload.offset;

	*start = off / align * align;
	*end = div_round_up(off + key->len, align) * align;
}

static bool payload_write_is_field(const struct expr *key)
{
	struct payload_csum c;
	unsigned int start, end;

	payload_csum_of(key, &c);
	payload_write_span(key, &c, &start, &end);
	return start == key->payload.offset && end == start + key->len;
}

static int payload_stmt_evaluate(struct eval_ctx *ectx, struct stmt *stmt)
{
	const struct expr *key;

	/* the kernel's inner expression only loads */
	if (stmt->keyset.key->inner)
		return expr_error(ectx, stmt->keyset.key,
				  "payload statement for this expression is not supported");
	if (keyset_stmt_evaluate(ectx, stmt) < 0)
		return -1;
	key = stmt->keyset.key;
	if (key->etype != EXPR_PAYLOAD)
		return stmt_error(ectx, stmt, "%s cannot be written",
				  expr_name(key));
	if (!payload_write_is_field(key) &&
	    stmt->keyset.value->etype != EXPR_VALUE)
		return expr_error(ectx, stmt->keyset.value,
				  "payload statement for this expression is not supported");
	if (key->len > NFT_REG_SIZE * BITS_PER_BYTE)
		return expr_error(ectx, key, "field too wide to be written");
	return 0;
}

/* The value into @reg: a loaded host order value goes big endian. */
static void payload_lin_value(struct lin_ctx *lctx, const struct expr *key,
			      const struct expr *value,
			      enum nft_registers reg)
{
	unsigned int len = div_round_up(key->len, BITS_PER_BYTE);

	linearize_expr(lctx, value, reg);
	if (value->etype != EXPR_VALUE &&
	    value->byteorder == BYTEORDER_HOST_ENDIAN &&
	    key->byteorder == BYTEORDER_BIG_ENDIAN && len > 1)
		lin_hton(lctx, reg, len);
}

/* Load the covering bytes, replace the field's bits by the value. */
static void payload_lin_rmw(struct lin_ctx *lctx, const struct expr *key,
			    const struct expr *value, unsigned int start,
			    unsigned int end, enum nft_registers reg)
{
	unsigned int bits = end - start, shift = end - key->payload.offset -
						 key->len;
	unsigned char mask[NFT_REG_SIZE * 4], xor[NFT_REG_SIZE * 4];
	struct expr *span;
	mpz_t m, x;

	span = payload_expr_alloc_raw(&key->location, key->payload.base,
				      start, bits);
	span->dtype = &integer_type;
	linearize_expr(lctx, span, reg);
	expr_free(span);

	mpz_init(m);
	mpz_init(x);
	mpz_setbit(m, bits);
	mpz_sub_ui(m, m, 1);			/* all ones */
	mpz_fdiv_r_2exp(x, value->value.value, key->len);
	mpz_mul_2exp(x, x, shift);
	{
		mpz_t f;

		mpz_init(f);
		mpz_setbit(f, key->len);
		mpz_sub_ui(f, f, 1);
		mpz_mul_2exp(f, f, shift);	/* the field's bits */
		mpz_xor(m, m, f);		/* everything else */
		mpz_clear(f);
	}
	linearize_mpz(mask, m, BYTEORDER_BIG_ENDIAN, bits / BITS_PER_BYTE);
	linearize_mpz(xor, x, BYTEORDER_BIG_ENDIAN, bits / BITS_PER_BYTE);
	mpz_clear(m);
	mpz_clear(x);
	lin_bitwise(lctx, reg, mask, xor, bits / BITS_PER_BYTE);
}

static void payload_stmt_linearize(struct lin_ctx *lctx,
				   const struct stmt *stmt)
{
	const struct expr *key = stmt->keyset.key;
	const struct expr *value = stmt->keyset.value;
	struct nftnl_expr *nle;
	struct payload_csum c;
	unsigned int start, end;
	enum nft_registers reg;

	payload_csum_of(key, &c);
	payload_write_span(key, &c, &start, &end);
	reg = lin_get_register(lctx, end - start);
	if (start == key->payload.offset && end == start + key->len)
		payload_lin_value(lctx, key, value, reg);
	else
		payload_lin_rmw(lctx, key, value, start, end, reg);
	nle = lin_expr_alloc("payload");
	nftnl_expr_set_u32(nle, NFTNL_EXPR_PAYLOAD_SREG, reg);
	nftnl_expr_set_u32(nle, NFTNL_EXPR_PAYLOAD_BASE, key->payload.base);
	nftnl_expr_set_u32(nle, NFTNL_EXPR_PAYLOAD_OFFSET,
			   start / BITS_PER_BYTE);
	nftnl_expr_set_u32(nle, NFTNL_EXPR_PAYLOAD_LEN,
			   (end - start) / BITS_PER_BYTE);
	nftnl_expr_set_u32(nle, NFTNL_EXPR_PAYLOAD_CSUM_TYPE, c.type);
	nftnl_expr_set_u32(nle, NFTNL_EXPR_PAYLOAD_CSUM_OFFSET, c.offset);
	nftnl_expr_set_u32(nle, NFTNL_EXPR_PAYLOAD_FLAGS, c.flags);
	lin_add_expr(lctx, nle);
	lin_put_register(lctx, reg);
}

/* Decoding: a payload expression with a source register. */
static int payload_stmt_delinearize(struct delin_ctx *dctx,
				    const struct nftnl_expr *nle)
{
	static const char *const bases[] = { "ll", "nh", "th", "ih" };
	uint32_t base = nftnl_expr_get_u32(nle, NFTNL_EXPR_PAYLOAD_BASE);
	struct expr *key, *value;

	if (!nftnl_expr_is_set(nle, NFTNL_EXPR_PAYLOAD_SREG))
		return -1;
	if (base >= array_size(bases))
		return delin_error(dctx, "payload write to unknown base %u",
				   base);
	value = delin_get_register(dctx,
			nftnl_expr_get_u32(nle, NFTNL_EXPR_PAYLOAD_SREG));
	if (!value)
		return delin_error(dctx, "payload write of an empty register");
	key = payload_expr_alloc_base(&internal_location, bases[base],
		nftnl_expr_get_u32(nle, NFTNL_EXPR_PAYLOAD_OFFSET) *
		BITS_PER_BYTE,
		nftnl_expr_get_u32(nle, NFTNL_EXPR_PAYLOAD_LEN) *
		BITS_PER_BYTE);
	delin_add_stmt(dctx, payload_stmt_alloc(&internal_location, key,
						value));
	return 0;
}

/*
 * (load & mask) ^ xor of the bytes written: a read-modify-write, however
 * the decoder wrote the bitwise back (&, |, ^ or a chain of them). Sets
 * *mask and *xor (the caller frees them).
 */
static bool payload_rmw_parts(const struct stmt *stmt, struct expr **mask,
			      struct expr **xor)
{
	const struct expr *v = stmt->keyset.value, *key = stmt->keyset.key;
	const struct expr *load;
	mpz_t m, x;

	if (v->etype != EXPR_BINOP || v->binop.right->etype != EXPR_VALUE)
		return false;
	mpz_init(m);
	mpz_init(x);
	load = binop_mask_chain(v, key->len, m, x);
	if (load == v || !expr_cmp(load, key)) {
		mpz_clear(m);
		mpz_clear(x);
		return false;
	}
	*mask = constant_expr_alloc_mpz(&internal_location, &integer_type,
					BYTEORDER_BIG_ENDIAN, key->len, m);
	*xor = constant_expr_alloc_mpz(&internal_location, &integer_type,
				       BYTEORDER_BIG_ENDIAN, key->len, x);
	mpz_clear(m);
	mpz_clear(x);
	return true;
}

/*
 * Listing: the written bytes become the field they hold. A
 * read-modify-write names the field by the bits the mask leaves out,
 * through the payload kind's own masked-match postprocessing on a
 * stand-in match "bytes & field bits == value".
 */
static void payload_stmt_delin_postprocess(struct delin_ctx *dctx,
					   struct stmt *stmt)
{
	struct expr *key = stmt->keyset.key, *mask, *xor, *fmask, *rel;
	struct stmt *tmp;
	mpz_t all;

	if (!payload_rmw_parts(stmt, &mask, &xor)) {
		delin_postprocess_load(dctx, stmt, key);
		delin_postprocess_expr(dctx, stmt, &stmt->keyset.value);
		if (stmt->keyset.value->etype == EXPR_VALUE)
			datatype_value_retype(stmt->keyset.value, key->dtype,
					      key->byteorder);
		return;
	}
	mpz_init(all);
	mpz_setbit(all, key->len);
	mpz_sub_ui(all, all, 1);
	fmask = constant_expr_alloc_mpz(&internal_location, &integer_type,
					BYTEORDER_BIG_ENDIAN, key->len, all);
	mpz_xor(fmask->value.value, fmask->value.value, mask->value.value);
	mpz_clear(all);
	expr_free(mask);
	rel = relational_expr_alloc(&stmt->location, OP_IMPLICIT,
			binop_expr_alloc(&stmt->location, OP_AND,
					 expr_get(key), fmask),
			xor);
	tmp = expr_stmt_alloc(&stmt->location, rel);
	list_add(&tmp->list, &stmt->list);
	delin_postprocess_expr(dctx, tmp, &tmp->expr);
	if (tmp->expr->etype == EXPR_RELATIONAL &&
	    tmp->expr->binop.left->etype == EXPR_PAYLOAD) {
		expr_free(stmt->keyset.key);
		expr_free(stmt->keyset.value);
		stmt->keyset.key = expr_get(tmp->expr->binop.left);
		stmt->keyset.value = expr_get(tmp->expr->binop.right);
	} else {
		/* bits of no field: the whole field written from itself,
		 * masked ("ip6 hoplimit set ip6 hoplimit & 192") */
		delin_postprocess_expr(dctx, stmt, &stmt->keyset.value);
	}
	list_del(&tmp->list);
	stmt_free(tmp);
}

const struct stmt_ops payload_stmt_ops = {
	.type			= STMT_PAYLOAD,
	.name			= "payload",
	.destroy		= keyset_stmt_destroy,
	.print			= keyset_stmt_print,
	.json			= keyset_stmt_json,
	.evaluate		= payload_stmt_evaluate,
	.linearize		= payload_stmt_linearize,
	.nl_name		= "payload",
	.delinearize		= payload_stmt_delinearize,
	.delin_postprocess	= payload_stmt_delin_postprocess,
};

struct stmt *payload_stmt_alloc(const struct location *loc, struct expr *key,
				struct expr *value)
{
	struct stmt *stmt = stmt_alloc(loc, &payload_stmt_ops);

	stmt->keyset.key = key;
	stmt->keyset.value = value;
	return stmt;
}

/* TCP options: "tcp option maxseg size set 1360". */
static int exthdr_stmt_evaluate(struct eval_ctx *ectx, struct stmt *stmt)
{
	const struct expr *key;

	if (keyset_stmt_evaluate(ectx, stmt) < 0)
		return -1;
	key = stmt->keyset.key;
	if (key->etype != EXPR_EXTHDR || key->exthdr.op != NFT_EXTHDR_OP_TCPOPT ||
	    key->exthdr.flags)
		return expr_error(ectx, key,
				  "only fields of TCP options can be written");
	return 0;
}

static void exthdr_stmt_linearize(struct lin_ctx *lctx,
				  const struct stmt *stmt)
{
	const struct expr *key = stmt->keyset.key;
	struct nftnl_expr *nle;
	enum nft_registers reg;

	reg = lin_get_register(lctx, key->len);
	payload_lin_value(lctx, key, stmt->keyset.value, reg);
	nle = lin_expr_alloc("exthdr");
	nftnl_expr_set_u32(nle, NFTNL_EXPR_EXTHDR_SREG, reg);
	nftnl_expr_set_u8(nle, NFTNL_EXPR_EXTHDR_TYPE, key->exthdr.type);
	nftnl_expr_set_u32(nle, NFTNL_EXPR_EXTHDR_OFFSET,
			   key->exthdr.offset / BITS_PER_BYTE);
	nftnl_expr_set_u32(nle, NFTNL_EXPR_EXTHDR_LEN,
			   div_round_up(key->len, BITS_PER_BYTE));
	nftnl_expr_set_u32(nle, NFTNL_EXPR_EXTHDR_OP, key->exthdr.op);
	lin_add_expr(lctx, nle);
	lin_put_register(lctx, reg);
}

static int exthdr_stmt_delinearize(struct delin_ctx *dctx,
				   const struct nftnl_expr *nle)
{
	struct expr *key, *value;

	if (!nftnl_expr_is_set(nle, NFTNL_EXPR_EXTHDR_SREG))
		return -1;
	if (nftnl_expr_get_u32(nle, NFTNL_EXPR_EXTHDR_OP) !=
	    NFT_EXTHDR_OP_TCPOPT)
		return delin_error(dctx, "extension header write other than a TCP option");
	value = delin_get_register(dctx,
			nftnl_expr_get_u32(nle, NFTNL_EXPR_EXTHDR_SREG));
	if (!value)
		return delin_error(dctx, "exthdr write of an empty register");
	key = exthdr_expr_alloc_raw(&internal_location, NFT_EXTHDR_OP_TCPOPT,
		nftnl_expr_get_u8(nle, NFTNL_EXPR_EXTHDR_TYPE),
		nftnl_expr_get_u32(nle, NFTNL_EXPR_EXTHDR_OFFSET) *
		BITS_PER_BYTE,
		nftnl_expr_get_u32(nle, NFTNL_EXPR_EXTHDR_LEN) *
		BITS_PER_BYTE, false);
	exthdr_find_field(key);
	delin_add_stmt(dctx, exthdr_stmt_alloc(&internal_location, key,
					       value));
	return 0;
}

static void exthdr_stmt_delin_postprocess(struct delin_ctx *dctx,
					  struct stmt *stmt)
{
	delin_postprocess_expr(dctx, stmt, &stmt->keyset.value);
	if (stmt->keyset.value->etype == EXPR_VALUE)
		datatype_value_retype(stmt->keyset.value,
				      stmt->keyset.key->dtype,
				      stmt->keyset.key->byteorder);
}

const struct stmt_ops exthdr_stmt_ops = {
	.type			= STMT_EXTHDR,
	.name			= "exthdr",
	.destroy		= keyset_stmt_destroy,
	.print			= keyset_stmt_print,
	.json			= keyset_stmt_json,
	.evaluate		= exthdr_stmt_evaluate,
	.linearize		= exthdr_stmt_linearize,
	.nl_name		= "exthdr",
	.delinearize		= exthdr_stmt_delinearize,
	.delin_postprocess	= exthdr_stmt_delin_postprocess,
};

struct stmt *exthdr_stmt_alloc(const struct location *loc, struct expr *key,
			       struct expr *value)
{
	struct stmt *stmt = stmt_alloc(loc, &exthdr_stmt_ops);

	stmt->keyset.key = key;
	stmt->keyset.value = value;
	return stmt;
}
