#ifndef NFT_DATATYPE_INT_H
#define NFT_DATATYPE_INT_H

/* Helpers datatype.c lends the type files; not for the rest of nft. */

#include <datatype.h>
#include <expr.h>
#include <erec.h>
#include <jansson.h>

/* What a symbol is parsed into. */
struct parse_target {
	const struct datatype *dtype;	/* type the value gets */
	enum byteorder byteorder;
	unsigned int len;		/* bits; 0: natural size */
};

/* @expr's value if it is a constant that fits 64 bits. */
bool value_get_u64(const struct expr *expr, uint64_t *val);
void print_decimal(const struct expr *expr, struct output_ctx *octx);
struct error_record *parse_error(const struct expr *sym, const char *fmt,
				 const char *arg);
/* Flags by name joined with ','; JSON: a name, or an array of them. */
void bitmask_print(const struct expr *expr, struct output_ctx *octx);
json_t *bitmask_json(const struct expr *expr, struct output_ctx *octx);
/* JSON of what the text printer writes, as a string. */
json_t *print_json(const struct expr *expr, struct output_ctx *octx);
/* JSON number of a constant, or what the printer writes if it is wider. */
json_t *number_json(const struct expr *expr, struct output_ctx *octx);

#endif
