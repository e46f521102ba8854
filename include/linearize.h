/*
 * Encoding rules to libnftnl expressions (src/linearize.c) and decoding
 * them back (src/delinearize.c). The kinds' linearize/delinearize ops do
 * the per-kind work; these are the shared contexts and helpers.
 */
#ifndef NFT_LINEARIZE_H
#define NFT_LINEARIZE_H

#include <nft.h>
#include <erec.h>
#include <expr.h>
#include <stmt.h>
#include <rule.h>
#include <proto.h>
#include <libnftnl/rule.h>
#include <libnftnl/expr.h>

struct nft_ctx;

/* Register numbers are the kernel's (NFT_REG_1 .. NFT_REG32_15). */
#define NFT_REG_COUNT	(NFT_REG32_15 + 1)

/*
 * The kernel's data registers are sixteen 32 bit slots. NFT_REG_1..4 name
 * them four at a time (128 bits each, NFT_REG_1 = slots 0-3), and
 * NFT_REG32_00..15 one at a time; both name the same memory.
 */
#define LIN_REG_SLOTS		16
#define LIN_REG_SLOT_BITS	32
#define LIN_MAX_ALLOCS		LIN_REG_SLOTS

struct lin_ctx {
	struct nft_ctx *nft;
	struct nftnl_rule *nlr;
	uint32_t family;
	/* the statement being encoded, and where each expression of the
	 * rule came from (the rule's nle_stmts) */
	const struct stmt *stmt;
	struct rule *rule;
	unsigned int nle_cap;
	/* Register allocation: slots in use, as a stack (values are
	 * released in the reverse order they were loaded). */
	unsigned int reg_low;		/* first free slot */
	unsigned int num_allocs;
	struct {
		unsigned int slot;
		unsigned int nslots;
	} allocs[LIN_MAX_ALLOCS];
};

void lin_add_expr(struct lin_ctx *lctx, struct nftnl_expr *nle);
/* nftnl_expr_alloc() that aborts on out-of-memory, like xmalloc(). */
struct nftnl_expr *lin_expr_alloc(const char *name);
/* reg = (reg & mask) ^ xor over @len bytes: the bitwise expression. */
void lin_bitwise(struct lin_ctx *lctx, enum nft_registers reg,
		 const void *mask, const void *xor, unsigned int len);
/*
 * Allocate data registers for a value of @len bits. As the system nft
 * does, every value takes whole 128 bit registers (nat with an address
 * and a port: reg 1 and reg 2; "jhash ip saddr" into "meta mark set":
 * the mark in reg 1, the hashed address in reg 2), except the parts of a
 * concatenation, which lin_get_register_concat() packs into 32 bit slots
 * ("ip saddr . tcp dport": reg 1 and reg 9). The returned number is the
 * one the system nft uses for the first slot: NFT_REG_1..4 on a 128 bit
 * boundary, NFT_REG32_xx elsewhere. A value that does not fit the
 * remaining slots is a bug of the caller: the evaluator refuses what
 * exceeds the registers.
 */
enum nft_registers lin_get_register(struct lin_ctx *lctx, unsigned int len);
enum nft_registers lin_get_register_concat(struct lin_ctx *lctx,
					   unsigned int len);
/* Release the most recently allocated register(s), which must be @reg. */
void lin_put_register(struct lin_ctx *lctx, enum nft_registers reg);
/* The register @offset bits into the value held from @reg on (the parts
 * of a concatenation are loaded at 32 bit aligned offsets). */
enum nft_registers lin_register_at(enum nft_registers reg,
				   unsigned int offset);
/* Slots needed by a value of @len bits: concatenations pad every part to
 * a multiple of 32 bits. */
unsigned int lin_register_slots(unsigned int len);

/* Load @expr's value into @dreg (dispatch to the kind). */
void linearize_expr(struct lin_ctx *lctx, const struct expr *expr,
		    enum nft_registers dreg);

/* Export a constant (value, prefix mask, ...) to netlink data bytes in
 * the expression's byte order; returns the byte length. */
unsigned int linearize_data(const struct expr *expr, void *buf,
			    unsigned int size);
/* Export @value as exactly @len bytes in @byteorder: big endian values
 * are zero padded in front, host order values (strings) at the end. */
void linearize_mpz(void *buf, const mpz_t value, enum byteorder byteorder,
		   unsigned int len);

/*
 * The rule comment lives in NFTNL_RULE_USERDATA as a TLV list (type
 * NFTNL_UDATA_RULE_COMMENT, NUL terminated), byte-identical to the system
 * nft's. linearize_rule() and delinearize_rule() call these themselves.
 */
void rule_comment_to_udata(struct nftnl_rule *nlr, const char *comment);
/* The comment, or NULL if none (caller frees). */
char *rule_comment_from_udata(const struct nftnl_rule *nlr);

/* Fill @nlr (already carrying family/table/chain) with @rule's stmts. */
void linearize_rule(struct nft_ctx *nft, const struct rule *rule,
		    struct nftnl_rule *nlr);

struct delin_ctx {
	struct nft_ctx *nft;
	uint32_t family;
	const char *table;
	struct rule *rule;		/* being built */
	struct expr *registers[NFT_REG_COUNT];
	struct proto_ctx pctx;		/* for postprocessing */
	struct stmt *prev_dep;		/* last dependency match seen */
	/* Registers a "byteorder hton" turned big endian: bit per reg. */
	uint32_t reg_hton;
	/* Per protocol base: the match that selected the protocol now in
	 * pctx.protocol[base] ("meta l4proto tcp" for the transport
	 * header), so the payload match that implies it can remove it.
	 * Zeroed with the context; maintained by the payload and meta
	 * postprocessors. */
	struct stmt *deps[PROTO_BASE_MAX + 1];
};

void delin_set_register(struct delin_ctx *dctx, enum nft_registers reg,
			struct expr *expr);
/* A copy of the expression loaded into @reg, or NULL (caller owns). */
struct expr *delin_get_register(struct delin_ctx *dctx,
				enum nft_registers reg);
void delin_add_stmt(struct delin_ctx *dctx, struct stmt *stmt);

/* An integer constant (big endian) from netlink data of @len bytes. */
struct expr *delin_data_expr(const void *data, unsigned int len);

/*
 * Listing: a match on something that implies the network protocol @desc
 * (an IPv6 extension header implies ip6): drop the dependency that
 * selected it, as a payload match of @desc would (src/expr/payload.c).
 */
void payload_dep_kill(struct delin_ctx *dctx, const struct proto_desc *desc);

/* Decode a whole rule; NULL (with a warning printed) if a netlink
 * expression is unknown. */
struct rule *delinearize_rule(struct nft_ctx *nft, uint32_t family,
			      const struct nftnl_rule *nlr);

#endif /* NFT_LINEARIZE_H */
