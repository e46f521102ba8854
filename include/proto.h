/*
 * Protocol header descriptors, as tables: one row per header field, one
 * row per upper-layer protocol. Payload expressions, protocol dependencies
 * and their removal when listing are all driven from here.
 */
#ifndef NFT_PROTO_H
#define NFT_PROTO_H

#include <nft.h>
#include <datatype.h>
#include <expr.h>
#include <linux/netfilter/nf_tables.h>

struct stmt;

enum proto_bases {
	PROTO_BASE_INVALID,
	PROTO_BASE_LL_HDR,
	PROTO_BASE_NETWORK_HDR,
	PROTO_BASE_TRANSPORT_HDR,
	__PROTO_BASE_MAX
};
#define PROTO_BASE_MAX (__PROTO_BASE_MAX - 1)

struct proto_hdr_template {
	const char *token;		/* "daddr" */
	const struct datatype *dtype;
	unsigned int offset;		/* bits from start of header */
	unsigned int len;		/* bits */
	enum byteorder byteorder;
	/* Values of the header's type field (proto_desc.type_key) for
	 * which this field means something ("icmp mtu": destination
	 * unreachable); a match on it first matches the type. */
	unsigned int num_types;
	uint8_t types[6];
	/* The reference types it as a bitmask of no fixed size, which it
	 * refuses in a concatenation ("comp flags"). */
	bool bitmask;
};

#define PROTO_MAX_UPPER	16
#define PROTO_MAX_FIELDS 24

struct proto_desc {
	const char *name;		/* "ip", "tcp", "ether" */
	enum proto_bases base;
	unsigned int length;		/* header length in bits (fixed part) */
	/* The one network protocol this transport runs over (icmp: ip,
	 * icmpv6: ip6); where the family does not fix the network layer,
	 * a match on it first depends on that protocol. */
	const struct proto_desc *network;
	/* Listing keeps that network dependency (the system nft lists
	 * "meta nfproto ipv4 igmp type ..." but not for icmp). */
	bool lists_network_dep;
	/* Not a protocol of its own ("th"): no dependency, no conflict. */
	bool generic;
	/* Field holding the message type (icmp type), 0 = none. */
	unsigned int type_key;
	/* Field whose value selects the upper-layer protocol (ip protocol,
	 * ether type); 0 = none. Index into templates[]. */
	unsigned int protocol_key;
	struct {
		uint32_t num;
		const struct proto_desc *desc;
	} protocols[PROTO_MAX_UPPER];
	struct proto_hdr_template templates[PROTO_MAX_FIELDS];	/* [0] unused */
};

extern const struct proto_desc proto_eth;
extern const struct proto_desc proto_ip;
extern const struct proto_desc proto_ip6;
extern const struct proto_desc proto_tcp;
extern const struct proto_desc proto_udp;
extern const struct proto_desc proto_arp;	/* network layer of arp tables */
extern const struct proto_desc proto_vlan;
extern const struct proto_desc proto_icmp;
extern const struct proto_desc proto_icmp6;
extern const struct proto_desc proto_igmp;
extern const struct proto_desc proto_th;	/* "th sport": any transport */
extern const struct proto_desc proto_unknown;	/* a key value naming none */
/* Tunnel headers' own fields ("vxlan vni"), at the tunnel base. */
extern const struct proto_desc proto_vxlan;
extern const struct proto_desc proto_geneve;

/* The upper protocol @desc selects with key value @num; NULL if none. */
const struct proto_desc *proto_find_upper(const struct proto_desc *desc,
					  uint32_t num);
/* The key value with which @desc selects @upper (ip -> tcp: 6). */
bool proto_upper_num(const struct proto_desc *desc,
		     const struct proto_desc *upper, uint32_t *num);

/* "ip" -> &proto_ip; NULL if unknown. */
const struct proto_desc *proto_lookup(const char *name);
/* Field index of @token in @desc; 0 if none. */
unsigned int proto_field_lookup(const struct proto_desc *desc,
				const char *token);
/* The descriptor/field matching a (base, offset, len) load; used when
 * decoding a payload expression. */
bool proto_field_find(const struct proto_desc *desc, unsigned int offset,
		      unsigned int len, unsigned int *field);
/* Same, preferring the field that means something for message @type
 * (-1: unknown): "icmp mtu" and "icmp sequence" share their bits. */
/* Whether @t is read in messages of @type (-1: any type). */
bool proto_field_of_type(const struct proto_hdr_template *t, int type);
bool proto_field_find_typed(const struct proto_desc *desc,
			    unsigned int offset, unsigned int len, int type,
			    unsigned int *field);

/*
 * Protocol context: per rule, what is known about each layer so far.
 * Evaluation fills it as matches are seen, and asks it which dependency a
 * payload needs; delinearization uses the same to decide which matches
 * were implied dependencies and can be dropped when listing.
 */
#define PROTO_CTX_SEEN	16

struct proto_ctx {
	unsigned int family;		/* NFPROTO_* of the table */
	struct {
		const struct proto_desc *desc;
		struct location location;
		/* Bits from the base to this header: stacked link layer
		 * headers (ether, vlan, vlan) share one base. */
		unsigned int offset;
		/* The value its type field was matched with, -1 if none,
		 * and that match (when decoding). */
		int type;
		struct stmt *type_stmt;
		/* A set's last member, -1 if none (src/expr/payload_decode.c) */
		int type_last;
	} protocol[PROTO_BASE_MAX + 1];
	/* The transport protocols matched, each once: 1.1.3 refuses a
	 * field of one when another was matched too ("meta l4proto {
	 * tcp, udp } tcp dport 1"). */
	const struct proto_desc *seen[PROTO_CTX_SEEN];
	unsigned int num_seen;
	/* A context of the packet a tunnel carries: only the matches on
	 * its loads count (include/inner.h). */
	bool inner;
};

/* The first transport protocol matched other than @desc, if more than
 * one was (proto_ctx.seen). */
const struct proto_desc *proto_ctx_seen_conflict(const struct proto_ctx *ctx,
						 const struct proto_desc *desc);

void proto_ctx_init(struct proto_ctx *ctx, unsigned int family);
void proto_ctx_update(struct proto_ctx *ctx, enum proto_bases base,
		      const struct location *loc,
		      const struct proto_desc *desc);
/* Same, for a header that starts @offset bits after the base. */
void proto_ctx_update_at(struct proto_ctx *ctx, enum proto_bases base,
			 const struct location *loc,
			 const struct proto_desc *desc, unsigned int offset);
/* The header the family fixes at @base before any match, or NULL. */
const struct proto_desc *proto_family_desc(unsigned int family,
					   enum proto_bases base);

/*
 * The meta match that establishes @desc at @base in @family, from the
 * same table that reads such matches back (proto_ctx_update_match):
 * "meta l4proto" for transports, "meta nfproto" (inet) or "meta
 * protocol" (bridge, netdev) for network headers, "meta iiftype" for
 * Ethernet. False if the family has no such key or it cannot say @desc.
 */
bool proto_dep_meta(unsigned int family, enum proto_bases base,
		    const struct proto_desc *desc, enum nft_meta_keys *key,
		    uint32_t *num);

/*
 * Record what an evaluated match selects: for "KEY == VALUE" on a
 * protocol key (ether type, ip protocol, ip6 nexthdr, meta l4proto,
 * meta nfproto (inet), meta protocol (bridge, netdev), meta iiftype) the
 * layer above is now known. @rel is the relational with a value on its
 * right. Returns the base that was updated, or PROTO_BASE_INVALID.
 * The evaluator calls this after each evaluated match statement (so an
 * explicit "meta l4proto tcp" satisfies "tcp dport" and no duplicate is
 * inserted); delinearization does the same while postprocessing.
 * @unknown: as proto_ctx_update_value().
 */
enum proto_bases proto_ctx_update_match(struct proto_ctx *ctx,
					const struct expr *rel, bool unknown);
/* Same for "@left == @val" at @loc; @unknown: a meta key's value that
 * names no protocol makes it proto_unknown (evaluation) instead of
 * leaving the context alone. */
enum proto_bases proto_ctx_update_value(struct proto_ctx *ctx,
					const struct expr *left, uint32_t val,
					const struct location *loc,
					bool unknown);

#endif /* NFT_PROTO_H */
