/*
 * What src/expr/payload.c (evaluation, encoding) and
 * src/expr/payload_decode.c (listing) share.
 */
#ifndef NFT_PAYLOAD_INT_H
#define NFT_PAYLOAD_INT_H

#include <expr.h>
#include <proto.h>

/* A load of @len bits at bit @offset of @base, not yet named. */
struct expr *payload_expr_alloc_raw(const struct location *loc,
				    enum nft_payload_bases base,
				    unsigned int offset, unsigned int len);

/* "icmp type 3": the message type of the header now known, if @rel
 * matches exactly one. */
bool payload_type_match(const struct proto_ctx *pctx, const struct expr *rel,
			int *type);

/* A match of a header's type field against a set of types. */
bool payload_type_set_match(const struct proto_ctx *pctx,
			    const struct expr *rel);

/* The whole bytes that hold @field (bits from the base), and how far
 * its last bit is from their end. */
void payload_field_span(const struct expr *field, unsigned int *start,
			unsigned int *len, unsigned int *shift);

/* A constant (a value, a range, a set's members) moved @shift bits up
 * into a field's place in @len bits of big endian bytes. */
void payload_shift_constant(struct expr *right, unsigned int shift,
			    unsigned int len);

#endif
