/*
 * Netlink transport (src/mnl.c): the socket, the batch, acks and error
 * mapping, dumps, the generation id.
 */
#ifndef NFT_MNL_H
#define NFT_MNL_H

#include <nft.h>
#include <erec.h>
#include <libmnl/libmnl.h>
#include <libnftnl/table.h>
#include <libnftnl/chain.h>
#include <libnftnl/rule.h>

struct nft_ctx;
struct cmd;

/* Open the NETLINK_NETFILTER socket lazily; NULL + errno on failure. */
struct mnl_socket *nft_mnl_socket(struct nft_ctx *nft);
void nft_mnl_close(struct nft_ctx *nft);

/*
 * A batch: one contiguous buffer of netlink messages between a
 * NFNL_MSG_BATCH_BEGIN and NFNL_MSG_BATCH_END, grown as needed.
 */
/*
 * Who a message of the batch belongs to: its command and the object it
 * was built from (a table block sends several), and where it starts in
 * the buffer. Indexed by sequence number, so that acks and echoes find
 * them in constant time.
 */
struct batch_owner {
	struct cmd *cmd;
	void *obj;
	size_t off;
};

struct nft_batch {
	char *buf;
	size_t len;
	size_t size;
	uint32_t seq_first;
	uint32_t seq_next;
	unsigned int msgs;
	bool echo;		/* some message asked for NLM_F_ECHO */
	/* elements of messages with NLM_F_ECHO: the kernel echoes each
	 * (the receive buffer is sized by them, not by messages) */
	unsigned int echo_elems;
	uint32_t set_id;	/* last NFTA_SET_ID given out (anonymous sets) */
	uint32_t chain_id;	/* last NFTA_CHAIN_ID given out (bindings) */
	/* owners[seq - seq_first - 1], for the messages so far */
	struct batch_owner *owners;
	size_t owners_size;
	struct batch_owner owner;	/* of the messages started next */
};

struct nft_batch *batch_alloc(struct nft_ctx *nft);
void batch_free(struct nft_batch *batch);
/* Reserve room for one message and return its header with the next
 * sequence number; fill it with nftnl_*_nlmsg_build_payload(). */
struct nlmsghdr *batch_msg_start(struct nft_batch *batch, uint16_t type,
				 uint16_t family, uint16_t flags);
void batch_msg_end(struct nft_batch *batch, struct nlmsghdr *nlh);
bool batch_is_empty(const struct nft_batch *batch);
/* The messages started from now on belong to @cmd and @obj. */
void batch_set_owner(struct nft_batch *batch, struct cmd *cmd, void *obj);
/* The owner of message @seq, or NULL. */
const struct batch_owner *batch_seq_owner(const struct nft_batch *batch,
					  uint32_t seq);

/*
 * Error acks, for the kinds' explanations (obj_ops.explain_attr ...).
 */
#define MNL_PATH_MAX	8

/* What an error ack tells about the failed request. */
struct mnl_err {
	const struct batch_owner *owner;	/* of the request, or NULL */
	int err;
	uint32_t seq;
	const char *kmsg;		/* extack text, points into rx buf */
	uint32_t offset;		/* extack attribute offset, 0 = none */
	const struct nlmsghdr *req;	/* the request, NULL if unknown */
	uint16_t msg_type;		/* NFT_MSG_* of the request */
	unsigned int depth;		/* attribute path to the offset */
	uint16_t path[MNL_PATH_MAX];
	const struct nlattr *attr;	/* the attribute at the offset */
	/* What an explanation may set: a location it computes (it may
	 * point its location at it), and whether its words are the whole
	 * message rather than what follows the errno's. */
	struct mnl_err_out *out;
};

struct mnl_err_out {
	struct location room;
	bool own_words;
	/* A missing object (ENOENT) has the errno's words alone, as the
	 * reference's: the words explain what the kernel lacks instead, on
	 * a line of their own after the caret. */
	bool note;
};

/* Is the attribute path to the offset @n types long or longer, starting
 * with the @n types given? */
bool mnl_err_path_is(const struct mnl_err *e, unsigned int n, ...);
/* NUL-terminated string payload of @a, or NULL. */
const char *nla_str(const struct nlattr *a);
/* Find nested attribute types @types[0..n) starting at @a's payload. */
const struct nlattr *nla_find_nested(const struct nlattr *a,
				     const uint16_t *types, unsigned int n);
/*
 * Send the batch (abort instead of commit when nft->check), reading acks
 * as it goes. Each error ack is mapped by sequence number to its command
 * in @cmds and queued on @msgs with that command's location and a message
 * that says why. Returns 0 or -1.
 */
int batch_send(struct nft_ctx *nft, struct nft_batch *batch,
	       struct list_head *cmds, struct list_head *msgs);

/*
 * A message from the kernel libnftnl would crash on (src/mnl_check.c):
 * why, or NULL if it may be parsed. Check every kernel message before
 * an nftnl_*_nlmsg_parse().
 */
const char *mnl_msg_broken(const struct nlmsghdr *nlh);

/* Dumps; NULL with errno set on failure. @table NULL = all. */
struct nftnl_table_list *mnl_dump_tables(struct nft_ctx *nft,
					 uint32_t family, const char *table);
struct nftnl_chain_list *mnl_dump_chains(struct nft_ctx *nft,
					 uint32_t family, const char *table);
struct nftnl_rule_list *mnl_dump_rules(struct nft_ctx *nft, uint32_t family,
				       const char *table, const char *chain);
/*
 * Stream a rule dump: @cb gets each rule as its message arrives, parsed
 * into an nftnl_rule that is freed when @cb returns, so no dump is held
 * in memory. The dump always runs to its end; callers that need a
 * consistent view compare the generation id before and after. It runs
 * on a socket of its own: @cb may talk to the kernel (fetch the set a
 * rule looks up, ...). Returns 0, or -1 with errno set (src/mnl_rules.c).
 */
/* A rule libnftnl cannot parse comes with @unparsed saying why, and
 * only its family, table, chain and handle in @nlr. */
typedef void (*mnl_rule_cb)(const struct nftnl_rule *nlr,
			    const char *unparsed, void *data);
int mnl_dump_rules_cb(struct nft_ctx *nft, uint32_t family,
		      const char *table, const char *chain,
		      mnl_rule_cb cb, void *data);
/* The same with NFT_MSG_GETRULE_RESET: each rule as it was before its
 * counters and quotas were zeroed; a @handle (non-zero) resets that rule
 * of @table/@chain only. */
int mnl_reset_rules_cb(struct nft_ctx *nft, uint32_t family,
		       const char *table, const char *chain, uint64_t handle,
		       mnl_rule_cb cb, void *data);
int mnl_genid_get(struct nft_ctx *nft, uint32_t *genid);
/* Stream a dump of one kind of object in @table (NFT_MSG_GETSET,
 * NFT_MSG_GETOBJ, NFT_MSG_GETFLOWTABLE): @cb gets each message. 0, or
 * -1 with errno (EINTR: the ruleset changed during the dump). */
/* The hooks of @family's hook @hooknum (and of device @dev, may be
 * NULL) from the kernel's nfnetlink hook subsystem; @cb gets each
 * message. -1 with errno: the kernel refused the request. */
int mnl_dump_hooks(struct nft_ctx *nft, uint8_t family, uint32_t hooknum,
		   const char *dev, mnl_cb_t cb, void *data);
int mnl_dump_table_objs(struct nft_ctx *nft, uint16_t type, uint32_t family,
			const char *table, mnl_cb_t cb, void *data);
/* Stateful objects: one (@name given) or a dump, of @objtype (0: all);
 * @type NFT_MSG_GETOBJ or NFT_MSG_GETOBJ_RESET. */
int mnl_obj_request(struct nft_ctx *nft, uint16_t type, uint32_t family,
		    const char *table, const char *name, uint32_t objtype,
		    mnl_cb_t cb, void *data);
/* Add the elements of named set @nls (table and name set) to it. */
struct nftnl_set;
int mnl_dump_set_elems_of(struct nft_ctx *nft, struct nftnl_set *nls);
/* The element dump of @nls a message at a time: @cb sees each. */
int mnl_dump_set_elems_each(struct nft_ctx *nft, const struct nftnl_set *nls,
			    int (*cb)(const struct nlmsghdr *nlh, void *data),
			    void *data);
/* NFT_MSG_GETSETELEM (NFT_MSG_GETSETELEM_RESET if @reset) of @keys'
 * elements, or of all of the set @keys names if it holds none; the
 * replies into @out. */
int mnl_query_set_elems(struct nft_ctx *nft, struct nftnl_set *keys,
			struct nftnl_set *out, bool reset);

/*
 * The anonymous sets of a table with their elements, for decoding rules
 * that look them up. Runs on a socket of its own, as the decoder may be
 * called while a rule dump streams on the main one. NULL with errno set
 * on failure.
 */
struct nftnl_set_list;
struct nftnl_set_list *mnl_dump_anon_sets(struct nft_ctx *nft,
					  uint32_t family, const char *table);

/*
 * Sending (batch_send) calls this for every notification the kernel
 * echoes back (NLM_F_ECHO): @owner says which command and object the
 * message with the notification's sequence number was built from; NULL
 * for the new generation (src/objects.c). -1 with an error on @msgs if
 * what was added cannot be echoed exactly (a rule the listing cannot
 * print).
 */
struct nlmsghdr;
/* "# new generation N by process PID (NAME)" of a NEWGEN message (not
 * in JSON), as -e and nft monitor print it. */
void echo_genid(struct nft_ctx *nft, const struct nlmsghdr *nlh);
int cmd_echo_msg(struct nft_ctx *nft, const struct batch_owner *owner,
		 const struct nlmsghdr *nlh, struct list_head *msgs);

/* errno -> a message a person can act on, given what was attempted. */
const char *mnl_strerror(int err, const struct cmd *cmd);

#endif /* NFT_MNL_H */
