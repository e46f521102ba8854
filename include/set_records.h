/*
 * A named set's elements as a listing holds them: packed records of the
 * dumped bytes (key, range end, data or verdict), sorted as the system
 * nft lists them, each made into an expression only while it is
 * printed (src/obj/set_records.c). A 144-byte expression and its number
 * per element of a 200,000-element set were most of a listing's memory
 * and of its allocations. Sets whose elements carry more (timeouts,
 * comments, statements) keep the expression path.
 */
#ifndef NFT_SET_RECORDS_H
#define NFT_SET_RECORDS_H

#include <stdbool.h>
#include <stdint.h>
#include <gmp.h>
#include <datatype.h>

struct expr;
struct set;
struct nft_ctx;
struct nftnl_set;
struct nlmsghdr;
struct interval;
struct output_ctx;

struct set_records;

/* The dump of @s's elements (@nls its dumped head) into s->packed: 0,
 * 1 if the set is not one for packing or its elements hold more (the
 * caller decodes it the expression way), -1 with errno on failure. */
int set_records_dump(struct nft_ctx *nft, const struct nftnl_set *nls,
		  struct set *s);
void set_records_free(struct set_records *p);
unsigned int set_records_count(const struct set_records *p);
/* Each member (a map's: its mapping) in listing order, made, given to
 * @cb and freed. */
void set_records_foreach(const struct set *s,
		      void (*cb)(const struct expr *m, void *ctx), void *ctx);
/* s->init made of s->packed (which goes), for what reads members. */
void set_records_unpack(struct set *s);

/* ---- members made from bytes (src/expr/set_decode.c, map_decode.c) ---- */

/* How the members of a dumped named set (@head, keyed by @left) are
 * made from their keys' bytes, as set_elems_decode() and
 * map_elems_decode() would make them. */
struct set_member_maker {
	const struct expr *left;
	enum byteorder order;		/* the keys' byte order */
	unsigned int klen;		/* key bytes */
	bool map;
	mpz_t tmp;
};

void set_member_maker_init(struct set_member_maker *mk,
			   const struct nftnl_set *head,
			   const struct expr *left, bool map);
void set_member_maker_clear(struct set_member_maker *mk);
/* A plain key (neither interval nor concatenation). */
struct expr *set_member_make(struct set_member_maker *mk, const void *key);
/* @m (a plain key's member, unshared) holding @key instead; false if
 * it cannot. */
bool set_member_refill(struct set_member_maker *mk, struct expr *m,
		       const void *key);
bool set_member_refill_concat(struct set_member_maker *mk, struct expr *m,
			      const void *key);
/* An interval of a plain key. */
struct expr *set_member_make_interval(struct set_member_maker *mk,
				      const struct interval *iv);
/* A concatenation, a range of them with @key_end (NULL: none). */
struct expr *set_member_make_concat(struct set_member_maker *mk,
				    const void *key, const void *key_end,
				    bool interval);
/* A map's concatenated key. */
struct expr *map_member_make_concat(struct set_member_maker *mk,
				    const void *key);
/* The set expression that holds such members (empty), typed as
 * set_elems_decode() types it. */
struct expr *set_member_maker_set(struct set_member_maker *mk,
				  const struct nftnl_set *head, bool interval);

/* A map's data from its bytes or verdict (map_decode.c). */
struct map_data_maker {
	uint32_t type;
	uint32_t len;
	struct expr *dexpr;		/* its typeof, or NULL */
	bool interval;			/* "interval D": low, then high */
};

void map_data_maker_init(struct map_data_maker *mk,
			 const struct nftnl_set *head);
void map_data_maker_clear(struct map_data_maker *mk);
/* NULL if the data cannot be read. */
struct expr *map_data_make(const struct map_data_maker *mk, int verdict,
			   const char *chain, const void *data, uint32_t len);

#endif /* NFT_SET_RECORDS_H */
