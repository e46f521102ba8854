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
 * Anonymous sets a rule needs ("tcp dport { 22, 80 }"): the kinds queue
 * them while encoding the rule; the sender puts each set (NEWSET) and
 * its elements (NEWSETELEM) into the batch before the rule that looks
 * them up by name "__set%d" and batch-local set id.
 */
struct lin_set {
	struct nftnl_set *set;		/* the set's attributes */
	struct nftnl_set *elems;	/* name, table, id and the elements */
	/* an anonymous set's (or map's mappings) and its key: packed
	 * keys (include/set_pack.h) are not in @elems but written to the
	 * batch from the pack */
	const struct expr *members;
	const struct expr *key;
};

struct lin_sets {
	struct lin_set *v;
	unsigned int num;
	uint32_t *next_id;	/* the batch's set id counter; NULL: local */
	uint32_t local_id;
	/* the rule needs more registers than there are (the expression
	 * being encoded when they ran out): it cannot be sent */
	bool overflowed;
	struct location overflow;
};

void lin_sets_release(struct lin_sets *sets);

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
	 * rule came from (the rule's nle_origins): the expression being
	 * encoded (NULL: the statement), and whether it is a member of a
	 * concatenation from the third on (@next_sep: the next one
	 * linearize_expr() encodes is) */
	const struct stmt *stmt;
	const struct location *loc;
	bool loc_sep;
	bool next_sep;
	/* the next expression added is the load of an inner payload or
	 * meta expression: wrapped in its tunnel (include/inner.h) */
	const struct inner_desc *inner;
	struct rule *rule;
	unsigned int nle_cap;
	/* Register allocation: slots in use, as a stack (values are
	 * released in the reverse order they were loaded). */
	unsigned int reg_low;		/* first free slot */
	unsigned int num_allocs;
	struct {
		unsigned int slot;
		unsigned int nslots;
		unsigned int low;	/* reg_low before */
		bool pad;	/* lin_pad_push(): held, nothing in it */
		unsigned int held;	/* a pad: end of what is held below */
	} allocs[LIN_MAX_ALLOCS];
	struct lin_sets *sets;	/* where lin_queue_set() puts sets */
};

/* Queue @set and @elems (owned from now on) to be sent before the rule;
 * sets their NFTNL_SET_ID and returns it. @members (with their @key):
 * what the elements were made of, recorded on the rule (NULL: none). */
struct nftnl_set;
uint32_t lin_queue_set(struct lin_ctx *lctx, struct nftnl_set *set,
		       struct nftnl_set *elems, const struct expr *members,
		       const struct expr *key);

void lin_add_expr(struct lin_ctx *lctx, struct nftnl_expr *nle);
/* reg = hton(reg) over @len bytes: cmp, range and set keys compare in
 * memory order, so host order values are turned big endian first. */
void lin_hton(struct lin_ctx *lctx, enum nft_registers reg, unsigned int len);
unsigned int lin_byteorder_size(unsigned int len);
void lin_bitwise_regs(struct lin_ctx *lctx, enum nft_registers reg,
		      enum nft_registers reg2, uint32_t op, unsigned int len);
/* A header field's masked bytes in @reg (@len bits of them) brought
 * down to its value, @shift bits up: turned host order where they are
 * several bytes, then shifted down, as the reference does for keys. */
void lin_field_down(struct lin_ctx *lctx, enum nft_registers reg,
		    unsigned int len, unsigned int shift);
/* reg = reg << @bits (or >>, @op), @len bytes */
void lin_shift(struct lin_ctx *lctx, enum nft_registers reg,
	       enum nft_bitwise_ops op, unsigned int bits, unsigned int len);
/* @value loaded into @reg and turned to host order in units of @size
 * bytes (src/expr/payload.c: a narrow field is masked first) */
void linearize_value_ntoh(struct lin_ctx *lctx, const struct expr *value,
			  enum nft_registers reg, unsigned int size);
/* byteorder @op of @len bytes in units of @size bytes, in place */
void lin_byteorder(struct lin_ctx *lctx, enum nft_registers reg,
		   enum nft_byteorder_ops op, unsigned int len,
		   unsigned int size);
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
 * remaining slots (a concatenation whose "jhash" member loads its source
 * after it) is recorded in the lin_sets, and the rule refused.
 */
enum nft_registers lin_get_register(struct lin_ctx *lctx, unsigned int len);
enum nft_registers lin_get_register_concat(struct lin_ctx *lctx,
					   unsigned int len);
/* Release the most recently allocated register(s), which must be @reg. */
void lin_put_register(struct lin_ctx *lctx, enum nft_registers reg);
/*
 * Slots for a value of @len bits (a concatenation's) held unused until
 * lin_pad_pop(): the system nft reserves them while it loads a map's
 * concatenated key (held from @kreg on), so what that key's members load
 * themselves (the source of a "jhash" member) goes after them. Padding
 * shrinks to what is left rather than run out of registers.
 */
void lin_pad_push(struct lin_ctx *lctx, enum nft_registers kreg,
		  unsigned int len);
void lin_pad_pop(struct lin_ctx *lctx);
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
/* The same, handing the anonymous sets the rule needs to @sets (the
 * caller sends them first, then frees them with lin_sets_release()). */
void linearize_rule_sets(struct nft_ctx *nft, const struct rule *rule,
			 struct nftnl_rule *nlr, struct lin_sets *sets);

/*
 * The decoder's register file. The kernel has 16 32-bit registers
 * (NFT_REG32_00 .. NFT_REG32_15); the 128-bit NFT_REG_1 .. NFT_REG_4 are
 * views of four of them each (NFT_REG_1 is NFT_REG32_00..03, NFT_REG_2 is
 * NFT_REG32_04..07, ...). A value lives in the slot it was written to and
 * covers as many slots as its length needs; writing any view drops every
 * value it overlaps, so rules written with either numbering decode.
 */
#define DELIN_REG_SLOTS		16

struct delin_reg {
	struct expr *expr;	/* the value starting in this slot, or NULL */
	unsigned int nslots;	/* 32-bit slots the value covers */
	bool hton;		/* a byteorder hton turned it big endian */
	bool used;		/* some expression read it */
};

struct nle_exts;
struct delin_ctx {
	struct nft_ctx *nft;
	uint32_t family;
	const char *table;
	struct rule *rule;		/* being built */
	struct delin_reg regs[DELIN_REG_SLOTS];
	/* Kept for decoders written against the old register file: bit N
	 * set if register number N (either view, below 32) holds a value a
	 * byteorder hton turned big endian. Prefer delin_register_hton(). */
	uint32_t reg_hton;
	struct proto_ctx pctx;		/* for postprocessing */
	struct stmt *prev_dep;		/* last dependency match seen */
	/* Per protocol base: the match that selected the protocol now in
	 * pctx.protocol[base] ("meta l4proto tcp" for the transport
	 * header), so the payload match that implies it can remove it.
	 * Zeroed with the context; maintained by the payload and meta
	 * postprocessors. */
	struct stmt *deps[PROTO_BASE_MAX + 1];
	/* Why the rule cannot be listed exactly (the first reason found,
	 * owned); a rule with a reason is never printed. */
	char *error;
	const struct nftnl_expr *nle;	/* the expression being decoded */
	/* What the rule message's expressions had that libnftnl cannot
	 * hold (include/nlext.h). Inner loads (include/inner.h): the tunnel of the one being decoded (the
	 * register it loads takes it), and the protocol context and
	 * dependencies of the inner packet, swapped with pctx and deps
	 * while postprocessing an inner statement. */
	const struct nle_exts *exts;
	uint32_t sreg2;		/* of the bitwise being decoded, 0: none */
	const struct inner_desc *inner;
	struct proto_ctx inner_pctx;
	struct stmt *inner_deps[PROTO_BASE_MAX + 1];
	bool inner_seen;
};

/*
 * Registers, by the kernel's number in either view (NFT_REG_1..4 or
 * NFT_REG32_00..15). A value is read where it was written: reading
 * NFT_REG32_01 finds what was loaded into NFT_REG32_01, not the middle of
 * a 128-bit value loaded into NFT_REG_1 (that reads as empty).
 *
 * delin_set_register() takes over @expr; a write over a value nobody read
 * is an error of the rule (a load the listing would lose).
 */
void delin_set_register(struct delin_ctx *dctx, enum nft_registers reg,
			struct expr *expr);
/* A copy of the expression loaded into @reg, or NULL (caller owns). */
struct expr *delin_get_register(struct delin_ctx *dctx,
				enum nft_registers reg);
/* The expression itself, leaving @reg empty (cheaper than a copy for
 * the usual single reader); NULL if empty. */
struct expr *delin_take_register(struct delin_ctx *dctx,
				 enum nft_registers reg);
/* Whether a byteorder hton turned @reg's value big endian. */
bool delin_register_hton(const struct delin_ctx *dctx,
			 enum nft_registers reg);
/* Whether @reg names a data register (either view). */
bool delin_register_valid(uint32_t reg);
/*
 * The values that together fill @len bits from @reg on, in register
 * order (a concatenation loads one value per register: reg 1, reg 9,
 * reg 10, ...): at most @max, moved into @exprs, the registers left
 * empty. Returns how many, 0 (nothing taken) if the span has a gap or
 * a value that sticks out of it.
 */
unsigned int delin_take_register_span(struct delin_ctx *dctx,
				      enum nft_registers reg,
				      unsigned int len, struct expr **exprs,
				      unsigned int max);

void delin_add_stmt(struct delin_ctx *dctx, struct stmt *stmt);

/*
 * Decoders (the kinds' delinearize callbacks) return 0, or -1 when they
 * cannot decode the expression exactly. A decoder that returns -1 with
 * the context untouched lets another kind registered for the same
 * netlink name try; say why with delin_error() (it returns -1), else the
 * listing names the expression as not supported. Never decode only part
 * of what the kernel holds: a listing must fail rather than print a rule
 * other than the kernel's.
 */
__fmt(2, 3) int delin_error(struct delin_ctx *dctx, const char *fmt, ...);

/*
 * Postprocessing, after a rule is decoded: one walk over the statements
 * and their whole expression trees. Matches call their left-hand kind's
 * expr_ops.delin_postprocess; other statements their
 * stmt_ops.delin_postprocess, which walks its arguments with this (it
 * types the masks of binops and visits lists, prefixes, ranges and what
 * the kinds' expr_ops.delin_children enumerate).
 */
void delin_retype_match(struct delin_ctx *dctx, struct stmt *stmt,
			struct expr *expr);
void delin_postprocess_load(struct delin_ctx *dctx, struct stmt *stmt,
			    struct expr *expr);
void delin_postprocess_expr(struct delin_ctx *dctx, struct stmt *stmt,
			    struct expr **exprp);

/* An integer constant (big endian) from netlink data of @len bytes. */
struct expr *delin_data_expr(const void *data, unsigned int len);

/*
 * Listing: a match on something that implies the network protocol @desc
 * (an IPv6 extension header implies ip6): drop the dependency that
 * selected it, as a payload match of @desc would (src/expr/payload.c).
 */
void payload_dep_kill(struct delin_ctx *dctx, const struct proto_desc *desc);
/* Postprocessing in the protocol context of the packet tunnel @in
 * carries, and back (src/delin_post.c, include/inner.h). */
void delin_inner_enter(struct delin_ctx *dctx, const struct inner_desc *in);
void delin_inner_swap(struct delin_ctx *dctx);

/*
 * Listing: a key register (a named set's, a concatenation member's, a set
 * statement's) that holds "(load & mask) >> n" or "load & mask" where
 * the mask selects a field narrower than its bytes, moved down to bit 0:
 * that field as a raw load ("@nh,8,6"), which postprocessing names ("ip
 * dscp"). Anything else is returned as it is. Takes @key.
 */
struct expr *payload_key_unmask(struct expr *key);
/* The same for a named set's or map's key, as 1.1.3 lists it. */
struct expr *payload_lookup_key_unmask(struct expr *key);
/* Does a decoded load read a named field whole ("ip ttl")? */
bool payload_load_is_field(const struct delin_ctx *dctx,
			   const struct expr *load);
/* The rule's second pass, then whether it prints exactly (a reason in
 * dctx->error if not); src/delin_post.c. */
void delin_postprocess(struct delin_ctx *dctx);
void delin_check_printable(struct delin_ctx *dctx);
/* src/delin_post.c: narrow fields loaded as values, in a binop chain */
void delin_unmask_chain(struct expr **exprp, bool top);

/* Listing: name the header field a payload load @expr of the match
 * @stmt reads, now that the rule's protocol context is known
 * (src/expr/payload_decode.c). */
void payload_expr_delin_postprocess(struct delin_ctx *dctx, struct stmt *stmt,
				    struct expr *expr);

/* Decode a whole rule; NULL (with a warning printed) if it cannot be
 * listed exactly. */
struct rule *delinearize_rule(struct nft_ctx *nft, uint32_t family,
			      const struct nftnl_rule *nlr);
/* The same, silent: on NULL *@why says why (caller frees). */
struct rule *delinearize_rule_why(struct nft_ctx *nft, uint32_t family,
				  const struct nftnl_rule *nlr, char **why);

#endif /* NFT_LINEARIZE_H */
