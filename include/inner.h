/*
 * Inner headers of tunnels ("udp dport 4789 vxlan ip saddr 1.2.3.4",
 * "gre ip saddr 1.2.3.4"): a payload or meta load wrapped in the
 * kernel's "inner" expression, which parses the tunnel's encapsulated
 * packet and runs the load on it (src/expr/inner.c).
 *
 * libnftnl 1.2.4 has no "inner" expression: it can neither build nor
 * parse one. So a wrapped load is handed to libnftnl as the plain load
 * it wraps, and the wrapping is done on the netlink message itself
 * (include/nlext.h), which says which expressions were wrapped; the
 * decoder puts that back on the loads.
 */
#ifndef NFT_INNER_H
#define NFT_INNER_H

#include <stdint.h>
#include <stdio.h>
#include <stdbool.h>
#include <libmnl/libmnl.h>

/* The kernel's NFT_PAYLOAD_TUN_HEADER (enum nft_payload_bases since
 * 6.2), missing from older installed headers; a name of our own, since a
 * macro of the kernel's name breaks the enum of newer headers included
 * after this one (Debian 13's). */
#define INNER_PAYLOAD_TUN_HEADER	4
enum {
	INNER_NFTA_UNSPEC,
	INNER_NFTA_NUM,
	INNER_NFTA_TYPE,
	INNER_NFTA_FLAGS,
	INNER_NFTA_HDRSIZE,
	INNER_NFTA_EXPR,
	__INNER_NFTA_MAX
};
#define INNER_NFTA_MAX	(__INNER_NFTA_MAX - 1)
/* enum nft_inner_flags */
#define INNER_F_HDRSIZE	(1 << 0)
#define INNER_F_LL	(1 << 1)
#define INNER_F_NH	(1 << 2)
#define INNER_F_TH	(1 << 3)

struct proto_desc;
struct expr;
struct stmt;
struct eval_ctx;
struct delin_ctx;
struct rule;
struct nftnl_rule;
struct output_ctx;

/* One row per tunnel the language names. */
struct inner_desc {
	const char *name;		/* "vxlan" */
	uint32_t type;			/* the kernel's tunnel type */
	uint32_t hdrsize;		/* tunnel header bytes */
	uint32_t flags;			/* INNER_F_* */
	/* the tunnel header's own fields ("vxlan vni"), NULL: none */
	const struct proto_desc *own;
	/* the family whose dependencies the inner packet takes: bridge
	 * where it starts with Ethernet, netdev where it does not */
	unsigned int family;
	/* carried over udp: the rule must have matched udp already
	 * (1.1.3: "no transport protocol specified"); else GRE, which a
	 * rule without a transport gets "meta l4proto gre" for */
	bool over_udp;
};

const struct inner_desc *inner_lookup(const char *name);
/* The row the kernel's attributes describe, NULL if none. */
const struct inner_desc *inner_lookup_nl(uint32_t type, uint32_t hdrsize,
					 uint32_t flags);

/* The tunnel of the load a statement matches on, NULL if none (also
 * what a dependency statement evaluation inserted is about). */
const struct inner_desc *inner_of_expr(const struct expr *expr);
const struct inner_desc *inner_of_stmt(const struct stmt *stmt);

struct proto_ctx;
/* The protocol context of a tunnel's inner packet before any match. */
void inner_pctx_init(struct proto_ctx *pctx, const struct inner_desc *in);

/* Evaluation of an inner payload (src/expr/payload.c calls it): the
 * outer transport check, then the payload's own evaluation @eval in the
 * inner packet's protocol context. */
int inner_payload_evaluate(struct eval_ctx *ectx, struct expr **exprp,
			   int (*eval)(struct eval_ctx *, struct expr **));

/* "vxlan " before a load of the inner packet, nothing else. */
void inner_print_prefix(const struct expr *expr, struct output_ctx *octx);

/* What wrapping adds to a load's NFTA_LIST_ELEM: the name "inner", the
 * data nest, four u32 attributes and the nest of the load. */
#define INNER_WRAP_BYTES	(MNL_ALIGN(MNL_ATTR_HDRLEN + sizeof("inner")) + \
				 MNL_ATTR_HDRLEN +			\
				 4 * MNL_ALIGN(MNL_ATTR_HDRLEN + 4) +	\
				 MNL_ATTR_HDRLEN)

/* The load's NFTA_LIST_ELEM @elem wrapped in @in's "inner" expression,
 * into @nlh (src/nlext.c sends and reads the wrapping). */
void inner_wrap_elem(struct nlmsghdr *nlh, const struct nlattr *elem,
		     const struct inner_desc *in);
/* The load an "inner" NFTA_LIST_ELEM @elem wraps, into @nlh, and its
 * tunnel in *@desc (NULL: one we do not know); false if malformed. */
bool inner_unwrap_elem(struct nlmsghdr *nlh, const struct nlattr *elem,
		       const struct inner_desc **desc);

/* --debug=netlink line of a wrapped expression: "[ inner type 1 hdrsize
 * 8 flags f [ payload ... ] ]" from libnftnl's "[ payload ... ]". */
void inner_dump_line(FILE *fp, const struct inner_desc *desc,
		     const char *line, size_t len);

#endif
