/*
 * AST objects <-> libnftnl objects (src/netlink.c).
 */
#ifndef NFT_NETLINK_H
#define NFT_NETLINK_H

#include <nft.h>
#include <rule.h>
#include <libnftnl/table.h>
#include <libnftnl/chain.h>
#include <libnftnl/rule.h>

struct nft_ctx;
struct nftnl_udata_buf;

/* A comment in an object's user data, as the system nft stores it: the
 * buffer to attach (NULL: no comment), and the comment read back (NULL:
 * none; caller frees). */
struct nftnl_udata_buf *udata_comment_build(const char *comment);
char *udata_comment_parse(const void *data, uint32_t len);
/*
 * nftnl_udata_parse() for user data read from the kernel: libnftnl takes
 * each attribute's length on trust, so a broken one is read past the
 * buffer. -1, and @cb never called, if @data is not a well-formed list
 * of attributes.
 */
#include <libnftnl/udata.h>
int udata_parse(const void *data, uint32_t len, nftnl_udata_cb_t cb,
		void *arg);

/* Tables, chains and rules <-> libnftnl (src/obj/KIND.c). */
struct nftnl_table *netlink_table_build(const struct handle *h,
					const struct table *t /* or NULL */);
struct table *netlink_table_parse(const struct nftnl_table *nlt);

struct nftnl_chain *netlink_chain_build(const struct handle *h,
					const struct chain *c /* or NULL */,
					bool adding);
struct chain *netlink_chain_parse(const struct nftnl_chain *nlc);

struct nftnl_rule *netlink_rule_build(struct nft_ctx *nft,
				      const struct handle *h,
				      const struct rule *r /* or NULL */);
/* NULL (with a warning) if the rule cannot be listed exactly. */
struct rule *netlink_rule_parse(struct nft_ctx *nft,
				const struct nftnl_rule *nlr);
/* The same, silent: on NULL *@why says why (caller frees). */
struct rule *netlink_rule_parse_why(struct nft_ctx *nft,
				    const struct nftnl_rule *nlr, char **why);
/* "cannot list rule handle 5 in chain inet fw input: @why" (caller
 * frees), and the same queued on @msgs at @loc (returns -1). */
char *netlink_rule_error_msg(const struct nftnl_rule *nlr, const char *why);
int netlink_rule_error(struct list_head *msgs, const struct location *loc,
		       const struct nftnl_rule *nlr, const char *why);
/* For the cache: the decoded rule, or one with its handle only and
 * rule->undecoded saying why; rule_undecoded_msg() names it (caller
 * frees). */
struct rule *netlink_rule_parse_cache(struct nft_ctx *nft,
				      const struct nftnl_rule *nlr);
char *rule_undecoded_msg(const struct rule *r);
/* A cached rule with its handle alone (index and position lookups). */
struct rule *netlink_rule_handle_only(const struct nftnl_rule *nlr);
/* A rule libnftnl could not parse: only its handle, and @why. */
struct rule *netlink_rule_unparsed(const struct nftnl_rule *nlr,
				   const char *why);

/*
 * A rule for the batch: its anonymous sets and their elements go into
 * @batch first (NEWSET, NEWSETELEM), then the caller adds the rule. NULL:
 * the rule needs more registers than there are (where: *@overflow).
 */
struct nft_batch;
struct nftnl_rule *netlink_rule_build_batch(struct nft_ctx *nft,
					    struct nft_batch *batch,
					    const struct handle *h,
					    const struct rule *r,
					    struct location *overflow);

/*
 * The anonymous set @name of a table with its elements, for decoding a
 * rule's lookup; NULL if there is none by that name (or it is a named
 * set). The table's sets are dumped once per run. Between
 * netlink_anon_echo_begin() and _end(), the sets the echoed rule sent
 * come as sent instead, *@as_sent true: the members in the order
 * written, duplicates included, where a dump has them in any order.
 */
struct nftnl_set;
const struct nftnl_set *netlink_anon_set(struct nft_ctx *nft,
					 uint32_t family, const char *table,
					 const char *name, bool *as_sent);
/* The named set or map @name of a table as the kernel holds it now,
 * for decoding a rule that uses one the cache lacks (added by this
 * run's batch: its echo); NULL if there is none. Lives until
 * netlink_anon_sets_release(). */
struct set;
const struct set *netlink_named_set(struct nft_ctx *nft, uint32_t family,
				    const char *table, const char *name);
/*
 * With -e, netlink_rule_build_batch() keeps the sets each rule sends
 * until the run ends; decoding the echo of the rule message @seq (the
 * kernel's rule @nlr) between these two calls finds them under the
 * names the kernel gave them.
 */
struct nftnl_rule;
void netlink_anon_echo_begin(struct nft_ctx *nft, uint32_t seq,
			     const struct nftnl_rule *nlr);
void netlink_anon_echo_end(struct nft_ctx *nft);
/* nft monitor: the next rule decoded finds anonymous set @name as
 * @elems, its elements as the kernel notified them (both must live
 * until netlink_anon_sets_release()). */
struct nftnl_set;
void netlink_anon_monitor_name(struct nft_ctx *nft, const char *name,
			       const struct nftnl_set *elems);
/* Forget them (end of a run). */
void netlink_anon_sets_release(struct nft_ctx *nft);

/* With NFT_DEBUG_NETLINK: print @nlr's bytecode like the system nft's
 * --debug=netlink to the output stream. */
void netlink_dump_rule(struct nft_ctx *nft, const struct nftnl_rule *nlr);

#endif /* NFT_NETLINK_H */
