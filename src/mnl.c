/*
 * Netlink transport: the NETLINK_NETFILTER socket, the batch, acks and
 * their mapping back to commands, dumps, the generation id.
 */
#include <obj.h>
#include <nft.h>
#include <nftables.h>
#include <mnl.h>
#include <retry.h>
#include <rule.h>
#include <cache.h>
#include <arpa/inet.h>
#include <endian.h>
#include <errno.h>
#include <net/if.h>
#include <poll.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <linux/netlink.h>
#include <linux/netfilter.h>
#include <linux/netfilter/nfnetlink.h>
#include <linux/netfilter/nf_tables.h>
#include <linux/netfilter/nfnetlink_hook.h>
#include <libnftnl/common.h>
#include <libnftnl/expr.h>
#include <libnftnl/gen.h>
#include <libnftnl/set.h>
#include <mnl_int.h>

/* Largest message one object can produce: attribute lengths are 16 bits,
 * so a rule's expression nest stays below 64 KiB (plus headers). */
#define BATCH_MSG_ROOM		(UINT16_MAX + 4096)
#define BATCH_INITIAL_SIZE	(2 * BATCH_MSG_ROOM)
/* Receive buffer for one recv() of dump parts and acks. */
#define MNL_RECV_SIZE		(128 * 1024)
/* Kernel-side cost of one queued ack (skb truesize, roughly). */
#define MNL_ACK_TRUESIZE	1024
/* what an echoed element's message may take in the receive buffer */
#define MNL_ECHO_TRUESIZE	4096
/* A "reset element" request: up to 64 KiB of keys, and the headers. */
#define MNL_RESET_REQ_SIZE	(UINT16_MAX + 4096)

#ifndef SOL_NETLINK
#define SOL_NETLINK	270
#endif

/*
 * Socket
 */

static void mnl_set_sockopt_int(int fd, int level, int opt, int val)
{
	/* Best effort: older kernels lack some options. */
	(void)setsockopt(fd, level, opt, &val, sizeof(val));
}

struct mnl_socket *nft_mnl_socket(struct nft_ctx *nft)
{
	struct mnl_socket *nl;
	int fd;

	if (nft->nf_sock)
		return nft->nf_sock;
	nl = mnl_socket_open(NETLINK_NETFILTER);
	if (!nl)
		return NULL;
	if (mnl_socket_bind(nl, 0, MNL_SOCKET_AUTOPID) < 0) {
		int err = errno;

		mnl_socket_close(nl);
		errno = err;
		return NULL;
	}
	fd = mnl_socket_get_fd(nl);
	/* Extended acks name the offending attribute; capped acks keep
	 * error messages small (we still have the request). */
	mnl_set_sockopt_int(fd, SOL_NETLINK, NETLINK_EXT_ACK, 1);
	mnl_set_sockopt_int(fd, SOL_NETLINK, NETLINK_CAP_ACK, 1);
	nft->nf_sock = nl;
	nft->portid = mnl_socket_get_portid(nl);
	if (!nft->seqnum)
		nft->seqnum = 1;
	return nl;
}

void nft_mnl_close(struct nft_ctx *nft)
{
	if (!nft->nf_sock)
		return;
	mnl_socket_close(nft->nf_sock);
	nft->nf_sock = NULL;
	nft->portid = 0;
}

uint32_t mnl_seqnum_next(struct nft_ctx *nft)
{
	if (!nft->seqnum)
		nft->seqnum = 1;
	return nft->seqnum++;
}

/* Grow a socket buffer to @size; the FORCE variant works as root even
 * above the sysctl limits. */
static void mnl_grow_buffer(int fd, int opt, int opt_force, size_t size)
{
	int cur = 0;
	socklen_t len = sizeof(cur);

	if (size > INT32_MAX / 2)
		size = INT32_MAX / 2;
	if (getsockopt(fd, SOL_SOCKET, opt, &cur, &len) == 0 &&
	    (size_t)cur >= size)
		return;
	if (setsockopt(fd, SOL_SOCKET, opt_force, &(int){ size },
		       sizeof(int)) < 0)
		mnl_set_sockopt_int(fd, SOL_SOCKET, opt, size);
}

/*
 * Batch
 */

/*
 * Room for @room more bytes. The buffer grows by half (a big set's batch
 * is most of a load's memory) and its new part is left untouched: pages
 * never written are never resident. batch_msg_end() zeroes the padding
 * after each message instead.
 */
static void batch_reserve(struct nft_batch *batch, size_t room)
{
	if (batch->size - batch->len >= room)
		return;
	while (batch->size - batch->len < room)
		batch->size += batch->size / 2;
	batch->buf = xrealloc(batch->buf, batch->size);
}

struct nft_batch *batch_alloc(struct nft_ctx *nft)
{
	struct nft_batch *batch = xzalloc(sizeof(*batch));
	struct nlmsghdr *nlh;

	batch->size = BATCH_INITIAL_SIZE;
	batch->buf = xzalloc(batch->size);
	batch->seq_first = mnl_seqnum_next(nft);
	nlh = nftnl_batch_begin(batch->buf, batch->seq_first);
	batch->len = MNL_ALIGN(nlh->nlmsg_len);
	/* Message sequence numbers follow the begin marker; the context's
	 * counter is advanced past them when the batch is sent. */
	batch->seq_next = batch->seq_first + 1;
	return batch;
}

void batch_free(struct nft_batch *batch)
{
	if (!batch)
		return;
	xfree(batch->owners);
	xfree(batch->buf);
	xfree(batch);
}

void batch_set_owner(struct nft_batch *batch, struct cmd *cmd, void *obj)
{
	batch->owner.cmd = cmd;
	batch->owner.obj = obj;
}

static void batch_add_owner(struct nft_batch *batch, uint32_t seq)
{
	size_t i = seq - batch->seq_first - 1;

	if (i >= batch->owners_size) {
		batch->owners_size = batch->owners_size ?
				     2 * batch->owners_size : 256;
		batch->owners = xrealloc(batch->owners, batch->owners_size *
					 sizeof(*batch->owners));
	}
	batch->owners[i] = batch->owner;
	batch->owners[i].off = batch->len;
}

const struct batch_owner *batch_seq_owner(const struct nft_batch *batch,
					  uint32_t seq)
{
	uint32_t i = seq - batch->seq_first - 1;

	/* Unsigned: sequence numbers before the batch wrap to large. */
	if (seq == batch->seq_first || i >= batch->msgs)
		return NULL;
	return &batch->owners[i];
}

struct nlmsghdr *batch_msg_start(struct nft_batch *batch, uint16_t type,
				 uint16_t family, uint16_t flags)
{
	struct nlmsghdr *nlh;
	struct nfgenmsg *nfg;

	batch_reserve(batch, BATCH_MSG_ROOM);
	batch_add_owner(batch, batch->seq_next);
	memset(batch->buf + batch->len, 0, sizeof(*nlh) + sizeof(*nfg));
	nlh = mnl_nlmsg_put_header(batch->buf + batch->len);
	nlh->nlmsg_type = (NFNL_SUBSYS_NFTABLES << 8) | type;
	nlh->nlmsg_flags = NLM_F_REQUEST | NLM_F_ACK | flags;
	if (flags & NLM_F_ECHO)
		batch->echo = true;
	nlh->nlmsg_seq = batch->seq_next++;
	nfg = mnl_nlmsg_put_extra_header(nlh, sizeof(*nfg));
	nfg->nfgen_family = family;
	nfg->version = NFNETLINK_V0;
	nfg->res_id = 0;
	return nlh;
}

/* The elements an element message carries (0 for other messages). */
static unsigned int batch_msg_elems(const struct nlmsghdr *nlh)
{
	uint16_t type = nlh->nlmsg_type & 0xff;
	const struct nlattr *a, *e;
	unsigned int n = 0;

	if (type != NFT_MSG_NEWSETELEM && type != NFT_MSG_DELSETELEM)
		return 0;
	mnl_attr_for_each(a, nlh, sizeof(struct nfgenmsg)) {
		if (mnl_attr_get_type(a) != NFTA_SET_ELEM_LIST_ELEMENTS)
			continue;
		mnl_attr_for_each_nested(e, a)
			n++;
	}
	return n;
}

void batch_msg_end(struct nft_batch *batch, struct nlmsghdr *nlh)
{
	if (nlh->nlmsg_len > BATCH_MSG_ROOM)
		BUG("netlink message of %u bytes overflows the batch",
		    nlh->nlmsg_len);
	/* the alignment padding goes to the kernel too: zero */
	memset((char *)nlh + nlh->nlmsg_len, 0,
	       MNL_ALIGN(nlh->nlmsg_len) - nlh->nlmsg_len);
	batch->len += MNL_ALIGN(nlh->nlmsg_len);
	batch->msgs++;
	if (nlh->nlmsg_flags & NLM_F_ECHO)
		batch->echo_elems += batch_msg_elems(nlh);
}

bool batch_is_empty(const struct nft_batch *batch)
{
	return batch->msgs == 0;
}

/* The request message with sequence number @seq, or NULL. */
static const struct nlmsghdr *batch_find_msg(const struct nft_batch *batch,
					     uint32_t seq)
{
	const struct batch_owner *o = batch_seq_owner(batch, seq);

	return o ? (const void *)(batch->buf + o->off) : NULL;
}

/*
 * Error explanation
 */

static bool nla_contains(const struct nlattr *a, uint32_t off, uint32_t base)
{
	return off >= base && off < base + a->nla_len;
}

/* Walk from the request's top-level attributes down to the attribute at
 * the extack offset, recording the attribute types on the way. */
static void mnl_err_resolve_path(struct mnl_err *e)
{
	const char *start = (const char *)e->req;
	const struct nlattr *attr;
	const void *payload;
	size_t len;

	payload = mnl_nlmsg_get_payload_offset(e->req,
					       sizeof(struct nfgenmsg));
	len = (const char *)mnl_nlmsg_get_payload_tail(e->req) -
	      (const char *)payload;
	while (e->depth < MNL_PATH_MAX) {
		const struct nlattr *next = NULL;

		mnl_attr_for_each_payload(payload, len) {
			uint32_t base = (const char *)attr - start;

			if (!nla_contains(attr, e->offset, base))
				continue;
			next = attr;
			break;
		}
		if (!next)
			return;
		e->path[e->depth++] = mnl_attr_get_type(next);
		e->attr = next;
		if ((const char *)next - start == (long)e->offset ||
		    !(next->nla_type & NLA_F_NESTED))
			return;
		payload = mnl_attr_get_payload(next);
		len = mnl_attr_get_payload_len(next);
	}
}

bool mnl_err_path_is(const struct mnl_err *e, unsigned int n, ...)
{
	va_list ap;
	unsigned int i;
	bool ok = e->depth >= n;

	va_start(ap, n);
	for (i = 0; i < n && ok; i++)
		ok = e->path[i] == (uint16_t)va_arg(ap, int);
	va_end(ap);
	return ok;
}

/* NUL-terminated string payload of @a, or NULL. */
const char *nla_str(const struct nlattr *a)
{
	const char *s = mnl_attr_get_payload(a);
	size_t len = mnl_attr_get_payload_len(a);

	if (!len || s[len - 1] != '\0')
		return NULL;
	return s;
}

/* Find nested attribute types @types[0..n) starting at @a's payload. */
const struct nlattr *nla_find_nested(const struct nlattr *a,
				     const uint16_t *types,
				     unsigned int n)
{
	const struct nlattr *cur;
	unsigned int i;

	for (i = 0; i < n; i++) {
		const struct nlattr *found = NULL;

		mnl_attr_for_each_nested(cur, a) {
			if (mnl_attr_get_type(cur) == types[i]) {
				found = cur;
				break;
			}
		}
		if (!found)
			return NULL;
		a = found;
	}
	return a;
}

/* @loc if it points anywhere, else the command's location. */
const struct location *cmd_loc_or(const struct cmd *cmd,
				  const struct location *loc)
{
	if (loc && (loc->indesc || loc->json_path || loc->first_line))
		return loc;
	return &cmd->location;
}

const char *cmd_table_name(const struct cmd *cmd)
{
	return cmd->handle.table.name ? cmd->handle.table.name : "";
}

const char *cmd_chain_name(const struct cmd *cmd)
{
	return cmd->handle.chain.name ? cmd->handle.chain.name : "";
}

const char *mnl_strerror(int err, const struct cmd *cmd)
{
	const struct obj_ops *ops = cmd ? obj_ops_lookup(cmd->obj) : NULL;
	const char *why = ops && ops->strerror ? ops->strerror(err, cmd) :
			  NULL;

	if (why)
		return why;
	switch (err) {
	case EOPNOTSUPP:
		if (cmd && cmd->op == CMD_DESTROY)
			return "this kernel does not support destroy (Linux 6.3+)";
		break;
	case ENODEV:
		return "network device does not exist";
	case EEXIST:
		if (cmd && cmd->op == CMD_CREATE)
			return "it already exists";
		break;
	case ENOSPC:
		return "too many objects";
	case EFBIG:
		return "set or map is full";
	case ELOOP:
		return "this change makes the ruleset loop (jump/goto cycle)";
	case EPERM:
		return "root or CAP_NET_ADMIN is needed";
	case EMSGSIZE:
		return "netlink message too large";
	}
	return strerror(err);
}

/* What the command's kind makes of a missing or existing object; else
 * the errno text. */
static char *explain_fallback(struct nft_ctx *nft, const struct mnl_err *e,
			      const struct cmd *cmd,
			      const struct location **loc)
{
	const struct obj_ops *ops = obj_ops_lookup(cmd->obj);
	const void *obj = e->owner ? e->owner->obj : NULL;
	char *detail = NULL;

	/* a table block's item is not what the command names */
	if (obj != cmd->data)
		ops = obj_ops_lookup(CMD_OBJ_INVALID);
	if (cmd->op == CMD_DESTROY &&
	    (e->err == EOPNOTSUPP || e->err == EINVAL))
		detail = xstrdup(mnl_strerror(EOPNOTSUPP, cmd));
	if (!detail && e->err == ENOENT && ops->explain_missing)
		detail = ops->explain_missing(cmd, loc);
	if (!detail && e->err == EEXIST && ops->explain_exists)
		detail = ops->explain_exists(cmd, loc);
	if (detail)
		return detail;
	if (e->kmsg)
		return xasprintf("%s (kernel: %s)", mnl_strerror(e->err, cmd),
				 e->kmsg);
	if (strcmp(mnl_strerror(e->err, cmd), strerror(e->err)))
		return xstrdup(mnl_strerror(e->err, cmd));
	return NULL;
}

/*
 * The kind of the failed message explains first (a table block sends
 * chains and rules): by the attribute the kernel named, then by the
 * object the message was built from.
 */
/* Elements of an anonymous set ("__objmap%d"...): a rule's, which owns
 * the message. */
static bool mnl_err_anon_elems(const struct mnl_err *e)
{
	const struct nlattr *a;
	const char *name;

	if (e->msg_type != NFT_MSG_NEWSETELEM || e->req == NULL)
		return false;
	mnl_attr_for_each(a, e->req, sizeof(struct nfgenmsg)) {
		if (mnl_attr_get_type(a) != NFTA_SET_ELEM_LIST_SET)
			continue;
		name = nla_str(a);
		return name && !strncmp(name, "__", 2);
	}
	return false;
}

static char *mnl_err_explain(struct nft_ctx *nft, const struct mnl_err *e,
			     const struct cmd *cmd,
			     const struct location **loc)
{
	const struct obj_ops *ops = e->req ? obj_ops_lookup_msg(e->msg_type) :
				    NULL;
	const void *obj = e->owner ? e->owner->obj : NULL;
	char *detail = NULL;

	*loc = &cmd->location;
	if (obj && obj != cmd->data && ops && ops->block_location)
		*loc = cmd_loc_or(cmd, ops->block_location(obj));
	if (e->attr && ops && ops->explain_attr)
		detail = ops->explain_attr(e, cmd, obj, loc);
	if (!detail && ops && ops->explain)
		detail = ops->explain(nft, e, cmd, obj, loc);
	/* a rule's anonymous set's elements: the rule explains */
	if (!detail && e->attr && mnl_err_anon_elems(e))
		detail = obj_ops_lookup(CMD_OBJ_RULE)->explain_attr(e, cmd, obj,
								    loc);
	if (!detail)
		detail = explain_fallback(nft, e, cmd, loc);
	return detail;
}

/* A kernel's ENOENT whose words 1.1.3 follows with a hint, once the
 * acks are read (finding one dumps the ruleset) */
struct mnl_hint {
	struct error_record *erec;
	const struct cmd *cmd;
};

#define MNL_HINTS_MAX	10

struct batch_result {
	int restart;		/* generation changed: resend */
	int errors;
	bool lost;		/* ENOBUFS: acks were dropped */
	struct mnl_hint hints[MNL_HINTS_MAX];
	unsigned int nhints;
};

/* for a rule's or chain's command, a set or table deleted (not the
 * elements of a set added, which 1.1.3 leaves without) */
static void mnl_err_hint_later(struct batch_result *res,
			       const struct cmd *cmd, struct list_head *msgs)
{
	bool by_chain = cmd->obj == CMD_OBJ_RULE || cmd->obj == CMD_OBJ_CHAIN;

	if (res->nhints == MNL_HINTS_MAX || !cmd->handle.table.name ||
	    !(by_chain ||
	      (cmd->op == CMD_DELETE && (cmd->obj == CMD_OBJ_SET ||
					 cmd->obj == CMD_OBJ_MAP ||
					 cmd->obj == CMD_OBJ_TABLE))))
		return;
	res->hints[res->nhints].erec = list_last_entry(msgs,
						       struct error_record,
						       list);
	res->hints[res->nhints++].cmd = cmd;
}

/* Does a command of the batch add @h's table? 1.1.3 knows it then, and
 * suggests nothing for it. */
static bool mnl_batch_adds_table(const struct list_head *cmds,
				 const struct handle *h)
{
	const struct cmd *c;

	list_for_each_entry(c, cmds, list) {
		if ((c->op == CMD_ADD || c->op == CMD_CREATE) &&
		    c->obj == CMD_OBJ_TABLE &&
		    c->handle.family == h->family &&
		    c->handle.table.name && h->table.name &&
		    !strcmp(c->handle.table.name, h->table.name))
			return true;
	}
	return false;
}

static void mnl_err_hints(struct nft_ctx *nft, struct batch_result *res,
			  const struct list_head *cmds)
{
	char hint[CACHE_HINT_SIZE];
	const struct cmd *cmd;
	unsigned int i;
	bool found;

	for (i = 0; i < res->nhints; i++) {
		cmd = res->hints[i].cmd;
		if (mnl_batch_adds_table(cmds, &cmd->handle))
			continue;
		if (cmd->obj == CMD_OBJ_SET || cmd->obj == CMD_OBJ_MAP)
			found = *cache_set_hint(nft, cmd->handle.set.name, hint,
						sizeof(hint));
		else
			found = cache_missing_hint(nft, &cmd->handle,
						   cmd->obj == CMD_OBJ_RULE ||
						   cmd->obj == CMD_OBJ_CHAIN,
						   true, hint, sizeof(hint));
		if (!found)
			continue;
		xfree(res->hints[i].erec->msg);
		res->hints[i].erec->msg = xasprintf("%s%s%s", strerror(ENOENT),
						    hint[0] == ';' ? "" : "; ",
						    hint);
		/* still the kernel's, in the order of its errors */
		res->hints[i].erec->phase = EREC_PHASE_KERNEL_LIKE;
	}
}

static void mnl_err_queue(struct nft_ctx *nft, struct mnl_err *e,
			  const struct nft_batch *batch,
			  struct list_head *cmds, struct list_head *msgs,
			  struct batch_result *res)
{
	struct mnl_err_out out = { .room = internal_location };
	struct cmd *cmd;
	const struct location *loc;
	char *detail;

	e->out = &out;
	e->owner = batch_seq_owner(batch, e->seq);
	cmd = e->owner ? e->owner->cmd : NULL;
	if (!cmd) {
		/* Commit-time failures, and a refusal of the whole batch
		 * (no permission), come back on the batch begin. */
		const char *why = mnl_strerror(e->err, NULL);

		if (!strcmp(why, strerror(e->err)))
			why = NULL;
		erec_error(msgs, &internal_location,
			   "Could not process rule: %s%s%s%s%s%s",
			   strerror(e->err), why ? ": " : "", why ? why : "",
			   e->kmsg ? " (kernel: " : "",
			   e->kmsg ? e->kmsg : "", e->kmsg ? ")" : "");
		return;
	}
	e->req = batch_find_msg(batch, e->seq);
	if (e->req) {
		e->msg_type = NFNL_MSG_TYPE(e->req->nlmsg_type);
		if (e->offset)
			mnl_err_resolve_path(e);
	}
	detail = mnl_err_explain(nft, e, cmd, &loc);
	/* A missing object: the errno's words alone, as the reference
	 * says it (scripts match them); the caret says which. What the
	 * kernel lacks, if that is why, follows on a line of its own;
	 * 1.1.3's hint of a table or chain near, in its place. */
	if (e->err == ENOENT && detail) {
		erec_error(msgs, loc, "Could not process rule: %s",
			   strerror(e->err));
		mnl_err_hint_later(res, cmd, msgs);
		if (out.note && *detail)
			erec_queue(erec_create(EREC_INFORMATIONAL,
					       &internal_location, "%s",
					       detail), msgs);
		xfree(detail);
		return;
	}
	/* "": a place found, nothing more to say */
	if (detail && *detail && out.own_words)
		erec_error(msgs, loc, "%s", detail);
	else if (detail && *detail)
		erec_error(msgs, loc, "Could not process rule: %s: %s",
			   strerror(e->err), detail);
	else
		erec_error(msgs, loc, "Could not process rule: %s",
			   strerror(e->err));
	xfree(detail);
}

/* Decode an NLMSG_ERROR; false if it is a plain (success) ack. */
static bool mnl_err_parse(const struct nlmsghdr *nlh, struct mnl_err *e)
{
	const struct nlmsgerr *err = mnl_nlmsg_get_payload(nlh);
	const struct nlattr *a;
	size_t off;

	memset(e, 0, sizeof(*e));
	if (nlh->nlmsg_len < mnl_nlmsg_size(sizeof(*err)) || !err->error)
		return false;
	e->err = -err->error;
	e->seq = nlh->nlmsg_seq;
	if (!(nlh->nlmsg_flags & NLM_F_ACK_TLVS))
		return true;
	off = sizeof(*err);
	if (!(nlh->nlmsg_flags & NLM_F_CAPPED))
		off += err->msg.nlmsg_len - sizeof(err->msg);
	mnl_attr_for_each(a, nlh, off) {
		switch (mnl_attr_get_type(a)) {
		case NLMSGERR_ATTR_MSG:
			e->kmsg = nla_str(a);
			break;
		case NLMSGERR_ATTR_OFFS:
			e->offset = mnl_attr_get_u32(a);
			break;
		}
	}
	return true;
}

/*
 * Sending
 */


static void batch_rx_msgs(struct nft_ctx *nft, const char *buf, int len,
			  const struct nft_batch *batch,
			  struct list_head *cmds, struct list_head *msgs,
			  struct batch_result *res)
{
	const struct nlmsghdr *nlh = (const void *)buf;
	struct mnl_err e;

	for (; mnl_nlmsg_ok(nlh, len); nlh = mnl_nlmsg_next(nlh, &len)) {
		if (nlh->nlmsg_pid != nft->portid && nlh->nlmsg_pid != 0)
			continue;
		if (nlh->nlmsg_type != NLMSG_ERROR) {
			if (NFNL_SUBSYS_ID(nlh->nlmsg_type) ==
			    NFNL_SUBSYS_NFTABLES &&
			    cmd_echo_msg(nft,
					 batch_seq_owner(batch, nlh->nlmsg_seq),
					 nlh, msgs) < 0)
				res->errors++;
			continue;
		}
		if (!mnl_err_parse(nlh, &e))
			continue;
		if (e.err == ERESTART || e.err == EINTR) {
			res->restart++;
			continue;
		}
		res->errors++;
		mnl_err_queue(nft, &e, batch, cmds, msgs, res);
	}
}

/* Read every ack queued for us; the kernel processed the whole batch
 * inside sendmsg(), so all of them are there already. */
static void batch_read_acks(struct nft_ctx *nft, const struct nft_batch *batch,
			    struct list_head *cmds, struct list_head *msgs,
			    struct batch_result *res)
{
	int fd = mnl_socket_get_fd(nft->nf_sock);
	char *buf = xmalloc(MNL_RECV_SIZE);
	struct pollfd pfd = { .fd = fd, .events = POLLIN };
	ssize_t n;

	while (poll(&pfd, 1, 0) > 0) {
		n = recv(fd, buf, MNL_RECV_SIZE, MSG_DONTWAIT);
		if (n < 0) {
			if (errno == EINTR)
				continue;
			if (errno == ENOBUFS) {
				res->lost = true;
				continue;
			}
			break;
		}
		batch_rx_msgs(nft, buf, n, batch, cmds, msgs, res);
	}
	xfree(buf);
}

static void batch_debug(struct nft_ctx *nft, const struct nft_batch *batch)
{
	if (!(nft->debug_mask & NFT_DEBUG_MNL))
		return;
	mnl_nlmsg_fprintf(nft->octx.output_fp ? nft->octx.output_fp : stdout,
			  batch->buf, batch->len, sizeof(struct nfgenmsg));
}

/* Close the batch; dry runs leave out the end marker so the kernel
 * validates everything and then aborts. */
static void batch_close(struct nft_ctx *nft, struct nft_batch *batch)
{
	struct nlmsghdr *nlh;

	if (!nft->check) {
		batch_reserve(batch, MNL_NLMSG_HDRLEN + 64);
		nlh = nftnl_batch_end(batch->buf + batch->len,
				      batch->seq_next++);
		/* The kernel reports the new generation to us (as the
		 * system nft prints it with -e) when the message it commits
		 * on, the batch end, asks for an echo. */
		if (batch->echo)
			nlh->nlmsg_flags |= NLM_F_ECHO;
		batch->len += MNL_ALIGN(nlh->nlmsg_len);
	}
	if (nft->seqnum < batch->seq_next)
		nft->seqnum = batch->seq_next;
}

int batch_send(struct nft_ctx *nft, struct nft_batch *batch,
	       struct list_head *cmds, struct list_head *msgs)
{
	struct batch_result res;
	struct nft_retry retry;
	int fd;

	if (!nft_mnl_socket(nft))
		return erec_error(msgs, &internal_location,
				  "cannot open netlink socket: %s",
				  strerror(errno));
	batch_close(nft, batch);
	batch_debug(nft, batch);
	fd = mnl_socket_get_fd(nft->nf_sock);
	mnl_grow_buffer(fd, SO_SNDBUF, SO_SNDBUFFORCE, batch->len + 4096);
	/* each echoed element may come in a message of its own */
	mnl_grow_buffer(fd, SO_RCVBUF, SO_RCVBUFFORCE,
			(size_t)(batch->msgs + 2) * MNL_ACK_TRUESIZE *
			(batch->echo ? 4 : 1) +
			(size_t)batch->echo_elems * MNL_ECHO_TRUESIZE +
			MNL_RECV_SIZE);
	nft_retry_init(&retry);
	do {
		memset(&res, 0, sizeof(res));
		if (mnl_socket_sendto(nft->nf_sock, batch->buf,
				      batch->len) < 0)
			return erec_error(msgs, &internal_location,
					  "netlink: sending the batch failed: %s",
					  strerror(errno));
		batch_read_acks(nft, batch, cmds, msgs, &res);
	} while (res.restart && !res.errors && nft_retry_again(&retry));
	mnl_err_hints(nft, &res, cmds);

	if (res.restart && !res.errors)
		return erec_error(msgs, &internal_location,
				  "ruleset changed concurrently, giving up after %u tries in %d seconds",
				  retry.tries + 1, NFT_RETRY_SECONDS);
	if (res.lost && !res.errors)
		return erec_error(msgs, &internal_location,
				  "netlink: acknowledgements were lost (receive buffer too small); the ruleset may have been changed");
	return res.errors ? -1 : 0;
}

/*
 * Dumps
 */

struct mnl_dump_ctx {
	int (*parse)(const struct nlmsghdr *nlh, void *obj);
	void *(*obj_alloc)(void);
	void (*obj_free)(void *obj);
	void (*list_add)(void *obj, void *list);
	void *list;
	bool interrupted;
};

static int mnl_dump_cb(const struct nlmsghdr *nlh, void *data)
{
	struct mnl_dump_ctx *ctx = data;
	void *obj;

	if (nlh->nlmsg_flags & NLM_F_DUMP_INTR)
		ctx->interrupted = true;
	obj = ctx->obj_alloc();
	if (!obj)
		memory_allocation_error();
	if (ctx->parse(nlh, obj) < 0) {
		ctx->obj_free(obj);
		return MNL_CB_OK;	/* skip what we cannot parse */
	}
	ctx->list_add(obj, ctx->list);
	return MNL_CB_OK;
}

/*
 * libmnl fails a whole receive buffer at the first message flagged
 * NLM_F_DUMP_INTR and leaves the rest of the dump queued on the socket,
 * where the next request would find it. Take the flag off so the dump is
 * read to its end; mnl_talk() reports the interruption afterwards.
 */
static bool mnl_take_dump_intr(char *buf, int len)
{
	struct nlmsghdr *nlh = (struct nlmsghdr *)buf;
	bool intr = false;

	for (; mnl_nlmsg_ok(nlh, len); nlh = mnl_nlmsg_next(nlh, &len)) {
		if (nlh->nlmsg_flags & NLM_F_DUMP_INTR) {
			nlh->nlmsg_flags &= ~NLM_F_DUMP_INTR;
			intr = true;
		}
	}
	return intr;
}

/* Send one request on @nl and run @cb over the replies until done. -1
 * with errno EINTR: a dump was interrupted by a ruleset change (and read
 * to its end). */
int mnl_talk_on(struct nft_ctx *nft, struct mnl_socket *nl,
		const struct nlmsghdr *nlh, mnl_cb_t cb, void *data)
{
	uint32_t seq = nlh->nlmsg_seq;
	uint32_t portid = mnl_socket_get_portid(nl);
	bool intr = false;
	char *buf;
	int ret;

	if (nft->debug_mask & NFT_DEBUG_MNL)
		mnl_nlmsg_fprintf(nft->octx.output_fp ? nft->octx.output_fp :
				  stdout, nlh, nlh->nlmsg_len,
				  sizeof(struct nfgenmsg));
	if (mnl_socket_sendto(nl, nlh, nlh->nlmsg_len) < 0)
		return -1;
	buf = xmalloc(MNL_RECV_SIZE);
	do {
		ret = mnl_socket_recvfrom(nl, buf, MNL_RECV_SIZE);
		if (ret < 0) {
			if (errno == EINTR)
				continue;
			break;
		}
		intr |= mnl_take_dump_intr(buf, ret);
		ret = mnl_cb_run(buf, ret, seq, portid, cb, data);
	} while (ret > MNL_CB_STOP);
	xfree(buf);
	if (ret >= 0 && intr) {
		errno = EINTR;
		return -1;
	}
	return ret < 0 ? -1 : 0;
}

static int mnl_talk(struct nft_ctx *nft, const struct nlmsghdr *nlh,
		    mnl_cb_t cb, void *data)
{
	if (!nft_mnl_socket(nft))
		return -1;
	return mnl_talk_on(nft, nft->nf_sock, nlh, cb, data);
}

/* A socket for one streamed dump, so the dump's callback may talk to
 * the kernel on the context's socket meanwhile. */
struct mnl_socket *mnl_dump_socket(void)
{
	struct mnl_socket *nl = mnl_socket_open(NETLINK_NETFILTER);
	int err;

	if (!nl)
		return NULL;
	if (mnl_socket_bind(nl, 0, MNL_SOCKET_AUTOPID) < 0) {
		err = errno;
		mnl_socket_close(nl);
		errno = err;
		return NULL;
	}
	return nl;
}

/*
 * Request attributes: names come from the input and were checked, but a
 * request never writes past its buffer; one that does not fit fails
 * with ENAMETOOLONG.
 */
bool mnl_req_strz(struct nlmsghdr *nlh, uint16_t type, const char *s)
{
	if (mnl_attr_put_strz_check(nlh, MNL_SOCKET_BUFFER_SIZE, type, s))
		return true;
	errno = ENAMETOOLONG;
	return false;
}

/* Dump into a fresh list; retried when the ruleset changed mid-dump. */
static void *mnl_dump(struct nft_ctx *nft, uint16_t type, uint32_t family,
		      const void *filter,
		      bool (*build)(struct nlmsghdr *nlh, const void *filter),
		      struct mnl_dump_ctx *ctx, void *(*list_alloc)(void),
		      void (*list_free)(void *list))
{
	char req[MNL_SOCKET_BUFFER_SIZE];
	struct nft_retry retry;
	struct nlmsghdr *nlh;
	int err;

	nft_retry_init(&retry);
	do {
		memset(req, 0, sizeof(req));
		nlh = nftnl_nlmsg_build_hdr(req, type, family, NLM_F_DUMP,
					    mnl_seqnum_next(nft));
		if (build && !build(nlh, filter))
			return NULL;
		ctx->list = list_alloc();
		ctx->interrupted = false;
		if (mnl_talk(nft, nlh, mnl_dump_cb, ctx) < 0) {
			err = errno;
			list_free(ctx->list);
			if (err == EINTR)
				continue;	/* (the loop's test pauses) */
			errno = err;
			return NULL;
		}
		if (!ctx->interrupted)
			return ctx->list;
		list_free(ctx->list);
	} while (nft_retry_again(&retry));
	errno = EINTR;
	return NULL;
}

static void *table_obj_alloc(void) { return nftnl_table_alloc(); }
static void table_obj_free(void *o) { nftnl_table_free(o); }
/*
 * What the kernel dumps always has a name (and a table): a message
 * without one is a broken kernel's, and libnftnl's lists would hash a
 * NULL name. It is not parsed, as a message libnftnl cannot parse.
 */
static int table_obj_parse(const struct nlmsghdr *nlh, void *o)
{
	if (mnl_msg_broken(nlh) || nftnl_table_nlmsg_parse(nlh, o) < 0 ||
	    !nftnl_table_is_set(o, NFTNL_TABLE_NAME))
		return -1;
	return 0;
}
static void table_obj_add(void *o, void *l) { nftnl_table_list_add_tail(o, l); }
static void *table_list_alloc(void) { return nftnl_table_list_alloc(); }
static void table_list_free(void *l) { nftnl_table_list_free(l); }

struct nftnl_table_list *mnl_dump_tables(struct nft_ctx *nft,
					 uint32_t family, const char *table)
{
	struct mnl_dump_ctx ctx = {
		.parse = table_obj_parse, .obj_alloc = table_obj_alloc,
		.obj_free = table_obj_free, .list_add = table_obj_add,
	};

	/* The kernel dumps whole families; callers filter by name. */
	(void)table;
	return mnl_dump(nft, NFT_MSG_GETTABLE, family, NULL, NULL, &ctx,
			table_list_alloc, table_list_free);
}

static void *chain_obj_alloc(void) { return nftnl_chain_alloc(); }
static void chain_obj_free(void *o) { nftnl_chain_free(o); }
static int chain_obj_parse(const struct nlmsghdr *nlh, void *o)
{
	if (mnl_msg_broken(nlh) || nftnl_chain_nlmsg_parse(nlh, o) < 0 ||
	    !nftnl_chain_is_set(o, NFTNL_CHAIN_NAME) ||
	    !nftnl_chain_is_set(o, NFTNL_CHAIN_TABLE))
		return -1;
	return 0;
}
static void chain_obj_add(void *o, void *l) { nftnl_chain_list_add_tail(o, l); }
static void *chain_list_alloc(void) { return nftnl_chain_list_alloc(); }
static void chain_list_free(void *l) { nftnl_chain_list_free(l); }

static bool chain_dump_build(struct nlmsghdr *nlh, const void *filter)
{
	return !filter || mnl_req_strz(nlh, NFTA_CHAIN_TABLE, filter);
}

struct nftnl_chain_list *mnl_dump_chains(struct nft_ctx *nft,
					 uint32_t family, const char *table)
{
	struct mnl_dump_ctx ctx = {
		.parse = chain_obj_parse, .obj_alloc = chain_obj_alloc,
		.obj_free = chain_obj_free, .list_add = chain_obj_add,
	};

	/* Kernels that ignore the table attribute dump everything; the
	 * cache filters again by name. */
	return mnl_dump(nft, NFT_MSG_GETCHAIN, family, table,
			table ? chain_dump_build : NULL, &ctx,
			chain_list_alloc, chain_list_free);
}

static void *rule_obj_alloc(void) { return nftnl_rule_alloc(); }
static void rule_obj_free(void *o) { nftnl_rule_free(o); }
static int rule_obj_parse(const struct nlmsghdr *nlh, void *o)
{
	return mnl_msg_broken(nlh) ? -1 : nftnl_rule_nlmsg_parse(nlh, o);
}
static void rule_obj_add(void *o, void *l) { nftnl_rule_list_add_tail(o, l); }
static void *rule_list_alloc(void) { return nftnl_rule_list_alloc(); }
static void rule_list_free(void *l) { nftnl_rule_list_free(l); }

bool rule_dump_build(struct nlmsghdr *nlh, const void *data)
{
	const struct rule_dump_filter *f = data;

	if (f->table && !mnl_req_strz(nlh, NFTA_RULE_TABLE, f->table))
		return false;
	return !f->table || !f->chain ||
	       mnl_req_strz(nlh, NFTA_RULE_CHAIN, f->chain);
}

struct nftnl_rule_list *mnl_dump_rules(struct nft_ctx *nft, uint32_t family,
				       const char *table, const char *chain)
{
	struct mnl_dump_ctx ctx = {
		.parse = rule_obj_parse, .obj_alloc = rule_obj_alloc,
		.obj_free = rule_obj_free, .list_add = rule_obj_add,
	};
	struct rule_dump_filter f = { table, chain };

	return mnl_dump(nft, NFT_MSG_GETRULE, family, &f, rule_dump_build,
			&ctx, rule_list_alloc, rule_list_free);
}

int mnl_dump_hooks(struct nft_ctx *nft, uint8_t family, uint32_t hooknum,
		   const char *dev, mnl_cb_t cb, void *data)
{
	char req[MNL_SOCKET_BUFFER_SIZE];
	struct nlmsghdr *nlh;
	struct nfgenmsg *nfg;

	nlh = mnl_nlmsg_put_header(req);
	nlh->nlmsg_type = NFNL_SUBSYS_HOOK << 8 | NFNL_MSG_HOOK_GET;
	nlh->nlmsg_flags = NLM_F_REQUEST | NLM_F_DUMP;
	nlh->nlmsg_seq = mnl_seqnum_next(nft);
	nfg = mnl_nlmsg_put_extra_header(nlh, sizeof(*nfg));
	nfg->nfgen_family = family;
	nfg->version = NFNETLINK_V0;
	nfg->res_id = 0;
	mnl_attr_put_u32(nlh, NFNLA_HOOK_HOOKNUM, htonl(hooknum));
	if (dev && !mnl_req_strz(nlh, NFNLA_HOOK_DEV, dev))
		return -1;
	return mnl_talk(nft, nlh, cb, data);
}

int mnl_dump_table_objs(struct nft_ctx *nft, uint16_t type, uint32_t family,
			const char *table, mnl_cb_t cb, void *data)
{
	char req[MNL_SOCKET_BUFFER_SIZE];
	struct nlmsghdr *nlh;

	memset(req, 0, sizeof(req));
	nlh = nftnl_nlmsg_build_hdr(req, type, family, NLM_F_DUMP,
				    mnl_seqnum_next(nft));
	/* NFTA_SET_TABLE, NFTA_OBJ_TABLE and NFTA_FLOWTABLE_TABLE alike */
	if (table && !mnl_req_strz(nlh, NFTA_SET_TABLE, table))
		return -1;
	return mnl_talk(nft, nlh, cb, data);
}

int mnl_obj_request(struct nft_ctx *nft, uint16_t type, uint32_t family,
		    const char *table, const char *name, uint32_t objtype,
		    mnl_cb_t cb, void *data)
{
	char req[MNL_SOCKET_BUFFER_SIZE];
	struct nlmsghdr *nlh;

	memset(req, 0, sizeof(req));
	nlh = nftnl_nlmsg_build_hdr(req, type, family,
				    name ? NLM_F_ACK : NLM_F_DUMP,
				    mnl_seqnum_next(nft));
	if ((table && !mnl_req_strz(nlh, NFTA_OBJ_TABLE, table)) ||
	    (name && !mnl_req_strz(nlh, NFTA_OBJ_NAME, name)))
		return -1;
	if (objtype)
		mnl_attr_put_u32(nlh, NFTA_OBJ_TYPE, htonl(objtype));
	return mnl_talk(nft, nlh, cb, data);
}

static int genid_cb(const struct nlmsghdr *nlh, void *data)
{
	struct nftnl_gen *gen = nftnl_gen_alloc();
	uint32_t *genid = data;

	if (!gen)
		memory_allocation_error();
	if (!mnl_msg_broken(nlh) && nftnl_gen_nlmsg_parse(nlh, gen) == 0)
		*genid = nftnl_gen_get_u32(gen, NFTNL_GEN_ID);
	nftnl_gen_free(gen);
	return MNL_CB_OK;
}

int mnl_genid_get(struct nft_ctx *nft, uint32_t *genid)
{
	char req[MNL_SOCKET_BUFFER_SIZE];
	struct nlmsghdr *nlh;

	memset(req, 0, sizeof(req));
	/* The ack ends the exchange after the single NEWGEN reply. */
	nlh = nftnl_nlmsg_build_hdr(req, NFT_MSG_GETGEN, AF_UNSPEC,
				    NLM_F_ACK, mnl_seqnum_next(nft));
	*genid = 0;
	return mnl_talk(nft, nlh, genid_cb, genid);
}

/*
 * Sets (anonymous ones, for the lookup decoder)
 */

static void *set_obj_alloc(void) { return nftnl_set_alloc(); }
static void set_obj_free(void *o) { nftnl_set_free(o); }
static int set_obj_parse(const struct nlmsghdr *nlh, void *o)
{
	if (mnl_msg_broken(nlh) || nftnl_set_nlmsg_parse(nlh, o) < 0 ||
	    !nftnl_set_is_set(o, NFTNL_SET_NAME) ||
	    !nftnl_set_is_set(o, NFTNL_SET_TABLE))
		return -1;
	return 0;
}
static void set_obj_add(void *o, void *l) { nftnl_set_list_add_tail(o, l); }
static void *set_list_alloc(void) { return nftnl_set_list_alloc(); }
static void set_list_free(void *l) { nftnl_set_list_free(l); }

static bool set_dump_build(struct nlmsghdr *nlh, const void *filter)
{
	return mnl_req_strz(nlh, NFTA_SET_TABLE, filter);
}

/* Elements that cannot be read fail the dump: a set is never listed
 * without some of its elements. */
static int set_elems_cb(const struct nlmsghdr *nlh, void *data)
{
	if (mnl_msg_broken(nlh) || nftnl_set_elems_nlmsg_parse(nlh, data) < 0) {
		errno = EPROTO;
		return MNL_CB_ERROR;
	}
	return MNL_CB_OK;
}

/* The table and set names of @nls into a request. */
static bool mnl_req_set_names(struct nlmsghdr *nlh, const struct nftnl_set *nls)
{
	return mnl_req_strz(nlh, NFTA_SET_ELEM_LIST_TABLE,
			    nftnl_set_get_str(nls, NFTNL_SET_TABLE)) &&
	       mnl_req_strz(nlh, NFTA_SET_ELEM_LIST_SET,
			    nftnl_set_get_str(nls, NFTNL_SET_NAME));
}

/* The element dump of @nls (name and table set), each message to @cb. */
static int mnl_dump_set_elems_cb(struct nft_ctx *nft,
				 const struct nftnl_set *nls, mnl_cb_t cb,
				 void *data)
{
	char req[MNL_SOCKET_BUFFER_SIZE];
	struct nlmsghdr *nlh;

	memset(req, 0, sizeof(req));
	nlh = nftnl_nlmsg_build_hdr(req, NFT_MSG_GETSETELEM,
				    nftnl_set_get_u32(nls, NFTNL_SET_FAMILY),
				    NLM_F_DUMP, mnl_seqnum_next(nft));
	if (!mnl_req_set_names(nlh, nls))
		return -1;
	return mnl_talk(nft, nlh, cb, data);
}

/* Add the elements of @nls (name and table set) to it. */
static int mnl_dump_set_elems(struct nft_ctx *nft, struct nftnl_set *nls)
{
	return mnl_dump_set_elems_cb(nft, nls, set_elems_cb, nls);
}

int mnl_dump_set_elems_of(struct nft_ctx *nft, struct nftnl_set *nls)
{
	return mnl_dump_set_elems(nft, nls);
}

int mnl_dump_set_elems_each(struct nft_ctx *nft, const struct nftnl_set *nls,
			    int (*cb)(const struct nlmsghdr *nlh, void *data),
			    void *data)
{
	return mnl_dump_set_elems_cb(nft, nls, cb, data);
}

#define MSG_GETSETELEM_RESET	33	/* Linux 6.5 */

/* "reset set", "reset element" (@reset) and "get element": the elements
 * of @keys (all of the set if it holds none) into @out, zeroed after if
 * @reset. Many keys take several requests, each under the 64 KiB an
 * attribute holds. */
int mnl_query_set_elems(struct nft_ctx *nft, struct nftnl_set *keys,
			struct nftnl_set *out, bool reset)
{
	char *req = xmalloc(MNL_RESET_REQ_SIZE);
	struct nftnl_set_elems_iter *it = nftnl_set_elems_iter_create(keys);
	bool some = it && nftnl_set_elems_iter_cur(it) != NULL;
	struct nlmsghdr *nlh;
	int more = 0, ret;

	if (it == NULL)
		memory_allocation_error();
	do {
		memset(req, 0, MNL_RESET_REQ_SIZE);
		nlh = nftnl_nlmsg_build_hdr(req, reset ? MSG_GETSETELEM_RESET :
						       NFT_MSG_GETSETELEM,
					    nftnl_set_get_u32(keys,
							      NFTNL_SET_FAMILY),
					    some ? NLM_F_ACK : NLM_F_DUMP,
					    mnl_seqnum_next(nft));
		if (some)
			more = nftnl_set_elems_nlmsg_build_payload_iter(nlh,
									it);
		else if (!mnl_req_set_names(nlh, keys))
			more = -1;
		/* the kernel answers each key with a message of its own,
		 * all queued before we read: room for them (the request's
		 * size bounds their number) */
		if (some && more >= 0 && nft_mnl_socket(nft))
			mnl_grow_buffer(mnl_socket_get_fd(nft->nf_sock),
					SO_RCVBUF, SO_RCVBUFFORCE,
					(size_t)nlh->nlmsg_len / 8 *
					MNL_ACK_TRUESIZE + MNL_RECV_SIZE);
		ret = more < 0 ? -1 : mnl_talk(nft, nlh, set_elems_cb, out);
	} while (ret == 0 && more > 0);
	nftnl_set_elems_iter_destroy(it);
	xfree(req);
	return ret;
}

/* The sets of @table; anonymous ones come with their elements. */
static struct nftnl_set_list *mnl_anon_sets(struct nft_ctx *nft,
					    uint32_t family,
					    const char *table)
{
	struct mnl_dump_ctx ctx = {
		.parse = set_obj_parse, .obj_alloc = set_obj_alloc,
		.obj_free = set_obj_free, .list_add = set_obj_add,
	};
	struct nftnl_set_list_iter *it;
	struct nftnl_set_list *list;
	struct nftnl_set *nls;
	int ret = 0;

	list = mnl_dump(nft, NFT_MSG_GETSET, family, table, set_dump_build,
			&ctx, set_list_alloc, set_list_free);
	if (list == NULL)
		return NULL;
	it = nftnl_set_list_iter_create(list);
	if (it == NULL)
		memory_allocation_error();
	while (ret == 0 && (nls = nftnl_set_list_iter_next(it)) != NULL) {
		if (nftnl_set_get_u32(nls, NFTNL_SET_FLAGS) &
		    NFT_SET_ANONYMOUS)
			ret = mnl_dump_set_elems(nft, nls);
	}
	nftnl_set_list_iter_destroy(it);
	if (ret < 0) {
		nftnl_set_list_free(list);
		return NULL;
	}
	return list;
}

struct nftnl_set_list *mnl_dump_anon_sets(struct nft_ctx *nft,
					  uint32_t family, const char *table)
{
	struct mnl_socket *main_sock = nft->nf_sock;
	uint32_t main_portid = nft->portid;
	struct nftnl_set_list *list;
	int err;

	/* mnl_talk() uses the context's socket: lend it a fresh one */
	nft->nf_sock = NULL;
	list = mnl_anon_sets(nft, family, table);
	err = errno;
	nft_mnl_close(nft);
	nft->nf_sock = main_sock;
	nft->portid = main_portid;
	errno = err;
	return list;
}
