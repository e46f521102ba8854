/*
 * What the fuzzers share: the whole library pipeline (parse, evaluate,
 * linearize, batch build, echo decode and print, list, error rendering)
 * with every way to the kernel cut off at link time.
 *
 * build.sh links the library objects with -Wl,--wrap for the few
 * functions that would talk to netlink; the __wrap_ versions below stand
 * in for them. Two ways to run, picked by the input's length:
 *
 * - no cache: the cache stays empty and unloaded (flags 0), which makes
 *   the evaluator assume that referenced tables and chains may exist, so
 *   rules are evaluated in full;
 * - fake kernel: the cache is fetched as usual, from a kernel in this
 *   file (the libmnl socket calls are wrapped): every request is built
 *   and checked as the kernel would parse it (a malformed one aborts),
 *   and dumps answer with the messages of a ruleset held here (empty for
 *   fuzz_text and fuzz_json, the input itself for fuzz_dump).
 *
 * The batch is never sent: each message is parsed back the way an echo
 * from the kernel would be (libnftnl -> delinearize -> print), which
 * round-trips everything the input built.
 */
#include <nft.h>
#include <nftables.h>
#include <rule.h>
#include <mnl.h>
#include <retry.h>
#include <errno.h>
#include <netdb.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <linux/netfilter/nfnetlink.h>
#include <libmnl/libmnl.h>
#include <linux/netfilter/nf_tables.h>

#ifndef NFT_MSG_GETSETELEM_RESET
#define NFT_MSG_GETSETELEM_RESET	33
#endif
#include "fuzz_common.h"

/* The fake kernel's netlink port id. */
#define FK_PORTID	4242

/* The fake kernel of this run: on or off, and the messages it dumps. */
static struct {
	bool on;
	const uint8_t *state;
	size_t state_len;
	/* the answer to the last request, read by recvfrom */
	uint8_t *reply;
	size_t reply_len, reply_off, reply_size;
} fk;

int __real_cache_update(struct nft_ctx *nft, struct list_head *cmds,
			struct list_head *msgs);
int __real_cache_fetch(struct nft_ctx *nft, unsigned int flags,
		       const struct cache_filter *filter,
		       struct list_head *msgs);

int __wrap_cache_update(struct nft_ctx *nft, struct list_head *cmds,
			struct list_head *msgs)
{
	return fk.on ? __real_cache_update(nft, cmds, msgs) : 0;
}

/* The fake kernel may say "interrupted" or "changed" as often as the
 * input likes: a few tries at once, not the library's 20 s of pauses. */
bool __wrap_nft_retry_again(struct nft_retry *r)
{
	return ++r->tries < 4;
}

int __wrap_cache_fetch(struct nft_ctx *nft, unsigned int flags,
		       const struct cache_filter *filter,
		       struct list_head *msgs)
{
	return fk.on ? __real_cache_fetch(nft, flags, filter, msgs) : 0;
}

/* Any non-NULL pointer: every libmnl socket call is wrapped. */
static char fk_socket;

struct mnl_socket *__wrap_mnl_socket_open(int bus)
{
	if (!fk.on) {
		errno = EPERM;
		return NULL;
	}
	return (struct mnl_socket *)&fk_socket;
}

int __wrap_mnl_socket_bind(struct mnl_socket *nl, unsigned int groups,
			   pid_t pid)
{
	return 0;
}

int __wrap_mnl_socket_close(struct mnl_socket *nl)
{
	return 0;
}

int __wrap_mnl_socket_get_fd(const struct mnl_socket *nl)
{
	return -1;
}

unsigned int __wrap_mnl_socket_get_portid(const struct mnl_socket *nl)
{
	return FK_PORTID;
}

static void fk_put(const void *data, size_t len)
{
	if (fk.reply_len + len > fk.reply_size) {
		fk.reply_size = (fk.reply_len + len) * 2;
		fk.reply = realloc(fk.reply, fk.reply_size);
		if (!fk.reply)
			abort();
	}
	memcpy(fk.reply + fk.reply_len, data, len);
	fk.reply_len += MNL_ALIGN(len);
}

/* An ack (@err 0) or an error for @req. */
static void fk_ack(const struct nlmsghdr *req, int err)
{
	struct {
		struct nlmsghdr nlh;
		struct nlmsgerr e;
	} m = {
		.nlh = {
			.nlmsg_len = sizeof(m),
			.nlmsg_type = NLMSG_ERROR,
			.nlmsg_flags = err ? 0 : NLM_F_CAPPED,
			.nlmsg_seq = req->nlmsg_seq,
			.nlmsg_pid = FK_PORTID,
		},
		.e = { .error = -err, .msg = *req },
	};

	m.e.msg.nlmsg_len = sizeof(m.e.msg);
	fk_put(&m, sizeof(m));
}

static void fk_done(const struct nlmsghdr *req)
{
	struct {
		struct nlmsghdr nlh;
		int err;
	} m = {
		.nlh = {
			.nlmsg_len = sizeof(m),
			.nlmsg_type = NLMSG_DONE,
			.nlmsg_flags = NLM_F_MULTI,
			.nlmsg_seq = req->nlmsg_seq,
			.nlmsg_pid = FK_PORTID,
		},
	};

	fk_put(&m, sizeof(m));
}

/*
 * A request must be what the kernel parses: one whole message, its
 * attributes inside it, each attribute's length within its parent.
 * Anything else is a bug of the request builders.
 */
static void fk_check_attrs(const void *buf, size_t len, unsigned int depth)
{
	const struct nlattr *a = buf;
	size_t left = len;

	while (left >= sizeof(*a)) {
		if (a->nla_len < sizeof(*a) || a->nla_len > left)
			abort();
		/* strings and nests look alike here: descend while the
		 * payload parses as attributes, as the kernel would */
		if (depth < 8 && a->nla_type & NLA_F_NESTED)
			fk_check_attrs(mnl_attr_get_payload(a),
				       mnl_attr_get_payload_len(a), depth + 1);
		if (MNL_ALIGN(a->nla_len) >= left)
			return;
		left -= MNL_ALIGN(a->nla_len);
		a = (const void *)((const char *)a + MNL_ALIGN(a->nla_len));
	}
	if (left)
		abort();
}

static void fk_check(const struct nlmsghdr *nlh, size_t len)
{
	size_t hdr = MNL_NLMSG_HDRLEN + MNL_ALIGN(sizeof(struct nfgenmsg));

	/* dump requests are built in MNL_SOCKET_BUFFER_SIZE, "reset
	 * element" ones in 64 KiB and their headers */
	size_t room = (nlh->nlmsg_type & 0xff) == NFT_MSG_GETSETELEM_RESET ?
		      UINT16_MAX + 4096 : MNL_SOCKET_BUFFER_SIZE;

	if (len < hdr || nlh->nlmsg_len != len || len > room)
		abort();
	fk_check_attrs((const char *)nlh + hdr, len - hdr, 0);
}

/* The string attribute @type of message @nlh, or NULL. */
static const char *fk_attr_str(const struct nlmsghdr *nlh, uint16_t type)
{
	const struct nlattr *a;

	mnl_attr_for_each(a, nlh, sizeof(struct nfgenmsg)) {
		if (mnl_attr_get_type(a) == type &&
		    mnl_attr_validate(a, MNL_TYPE_NUL_STRING) == 0)
			return mnl_attr_get_str(a);
	}
	return NULL;
}

static bool fk_str_eq(const char *a, const char *b)
{
	return a && b && !strcmp(a, b);
}

/* As the kernel: a set's elements only, when its table and name are
 * asked for (NFTA_SET_ELEM_LIST_TABLE, _SET). */
static bool fk_wanted(const struct nlmsghdr *req, const struct nlmsghdr *nlh)
{
	uint16_t type = req->nlmsg_type & 0xff;

	if (type != NFT_MSG_GETSETELEM && type != NFT_MSG_GETSETELEM_RESET)
		return true;
	return fk_str_eq(fk_attr_str(req, 1), fk_attr_str(nlh, 1)) &&
	       fk_str_eq(fk_attr_str(req, 2), fk_attr_str(nlh, 2));
}

/*
 * The kernel's answer: for a dump (or a get of one object) the state's
 * messages of the matching type and family, patched to answer this
 * request, then the end of the dump or an ack.
 */
static void fk_answer(const struct nlmsghdr *req)
{
	const struct nfgenmsg *rg = mnl_nlmsg_get_payload(req);
	const struct nlmsghdr *nlh = (const void *)fk.state;
	size_t off = 0;
	/* NFT_MSG_GETx - 1: NEWx; a reset answers with elements */
	uint16_t want = (req->nlmsg_type & 0xff) == NFT_MSG_GETSETELEM_RESET ?
			(req->nlmsg_type & 0xff00) | NFT_MSG_NEWSETELEM :
			req->nlmsg_type - 1;

	fk.reply_len = fk.reply_off = 0;
	/* by hand: libmnl takes an nlmsg_len of 2 GiB and more as fine */
	for (; off + sizeof(*nlh) <= fk.state_len &&
	       nlh->nlmsg_len >= sizeof(*nlh) &&
	       nlh->nlmsg_len <= fk.state_len - off;
	     off += MNL_ALIGN(nlh->nlmsg_len),
	     nlh = (const void *)(fk.state + off)) {
		const struct nfgenmsg *g;
		struct nlmsghdr *out;
		size_t at = fk.reply_len;

		if (nlh->nlmsg_type != want ||
		    nlh->nlmsg_len < MNL_NLMSG_HDRLEN + sizeof(*g))
			continue;
		g = mnl_nlmsg_get_payload(nlh);
		if ((rg->nfgen_family && g->nfgen_family != rg->nfgen_family) ||
		    !fk_wanted(req, nlh))
			continue;
		fk_put(nlh, nlh->nlmsg_len);
		out = (void *)(fk.reply + at);
		out->nlmsg_seq = req->nlmsg_seq;
		out->nlmsg_pid = FK_PORTID;
		out->nlmsg_flags |= NLM_F_MULTI;
	}
	if (req->nlmsg_flags & NLM_F_DUMP)
		fk_done(req);
	else
		fk_ack(req, 0);
}

ssize_t __wrap_mnl_socket_sendto(const struct mnl_socket *nl,
				 const void *buf, size_t len)
{
	const struct nlmsghdr *req = buf;

	fk_check(req, len);
	if (req->nlmsg_type >> 8 == NFNL_SUBSYS_NFTABLES)
		fk_answer(req);
	else
		fk_done(req);	/* the hook subsystem: nothing hooked */
	return len;
}

/* The answer in pieces of whole messages, as a datagram socket gives it. */
ssize_t __wrap_mnl_socket_recvfrom(const struct mnl_socket *nl, void *buf,
				   size_t size)
{
	const struct nlmsghdr *nlh;
	size_t n = 0;

	while (fk.reply_off + n < fk.reply_len) {
		nlh = (const void *)(fk.reply + fk.reply_off + n);
		if (n + MNL_ALIGN(nlh->nlmsg_len) > size)
			break;
		n += MNL_ALIGN(nlh->nlmsg_len);
	}
	if (n == 0) {
		errno = EAGAIN;	/* nothing was asked: a bug of ours */
		abort();
	}
	memcpy(buf, fk.reply + fk.reply_off, n);
	fk.reply_off += n;
	return n;
}

int __real_getaddrinfo(const char *node, const char *service,
		       const struct addrinfo *hints, struct addrinfo **res);

/* Host names would go to DNS: numbers only, so a run never waits. */
int __wrap_getaddrinfo(const char *node, const char *service,
		       const struct addrinfo *hints, struct addrinfo **res)
{
	struct addrinfo h = { 0 };

	if (hints)
		h = *hints;
	if (node)
		h.ai_flags |= AI_NUMERICHOST;
	return __real_getaddrinfo(node, service, &h, res);
}

/*
 * Decode every message of the batch as if the kernel echoed it; what
 * cannot be echoed exactly is reported on @msgs, as after a real send.
 */
int __wrap_batch_send(struct nft_ctx *nft, struct nft_batch *batch,
		      struct list_head *cmds, struct list_head *msgs)
{
	const struct nlmsghdr *nlh = (const void *)batch->buf;
	int len = batch->len;
	int ret = 0;

	while (mnl_nlmsg_ok(nlh, len)) {
		if ((nlh->nlmsg_type >> 8) == NFNL_SUBSYS_NFTABLES &&
		    cmd_echo_msg(nft, batch_seq_owner(batch, nlh->nlmsg_seq),
				 nlh, msgs) < 0)
			ret = -1;
		nlh = mnl_nlmsg_next(nlh, &len);
	}
	return ret;
}

/*
 * Includes: only files of a private directory with two small files, so
 * a fuzzed "include" can neither read the host's files nor block on a
 * device. Inputs naming a path (a '/') together with "include" are
 * skipped.
 */
static char fuzz_dir[64];

static void fuzz_write(const char *name, const char *text)
{
	char path[128];
	FILE *f;

	snprintf(path, sizeof(path), "%s/%s", fuzz_dir, name);
	f = fopen(path, "w");
	if (!f)
		abort();
	fputs(text, f);
	fclose(f);
}

static void fuzz_setup(void)
{
	if (fuzz_dir[0])
		return;
	snprintf(fuzz_dir, sizeof(fuzz_dir), "/tmp/nft-fuzz-XXXXXX");
	if (!mkdtemp(fuzz_dir))
		abort();
	fuzz_write("a.nft", "define fz = 10.0.0.1\n"
		   "table ip fz { chain c { ip saddr $fz counter; }; }\n");
	fuzz_write("b.nft", "add rule ip fz c tcp dport 1-1024 drop\n");
}

static bool fuzz_skip(const char *text)
{
	return strstr(text, "include") && strchr(text, '/');
}

static struct nft_ctx *fuzz_ctx(unsigned int output_flags, bool json)
{
	struct nft_ctx *nft = nft_ctx_new(NFT_CTX_DEFAULT);

	nft_ctx_clear_include_paths(nft);
	nft_ctx_add_include_path(nft, fuzz_dir);
	nft_ctx_buffer_output(nft);
	nft_ctx_buffer_error(nft);
	nft_ctx_output_set_flags(nft, output_flags);
	fk.reply_len = fk.reply_off = 0;
	nft_ctx_input_set_flags(nft, NFT_CTX_INPUT_NO_DNS |
				(json ? NFT_CTX_INPUT_JSON : 0));
	return nft;
}

static void fuzz_cmd(struct nft_ctx *nft, const char *text)
{
	nft_run_cmd_from_buffer(nft, text);
	/* FUZZ_DEBUG=1 shows what a run printed, to check a harness. */
	if (getenv("FUZZ_DEBUG"))
		fprintf(stderr, "--- output:\n%s--- errors:\n%s",
			nft_ctx_get_output_buffer(nft),
			nft_ctx_get_error_buffer(nft));
}

/*
 * Text or JSON: one run on a fresh context, in @mode: its output flags
 * and its kernel (none, or the fake one with nothing in it).
 */
static const unsigned int input_outputs[] = {
	0,
	NFT_CTX_OUTPUT_ECHO | NFT_CTX_OUTPUT_HANDLE,
	NFT_CTX_OUTPUT_ECHO | NFT_CTX_OUTPUT_JSON,
};
#define INPUT_MODES	(array_size(input_outputs) * 2)

static int fuzz_input(const uint8_t *data, size_t size, bool json,
		      unsigned int mode)
{
	struct nft_ctx *nft;
	char *text;

	text = malloc(size + 1);
	memcpy(text, data, size);
	text[size] = '\0';
	if (fuzz_skip(text)) {
		free(text);
		return -1;
	}
	fk.on = (mode / array_size(input_outputs)) % 2;
	fk.state = NULL;
	fk.state_len = 0;
	nft = fuzz_ctx(input_outputs[mode % array_size(input_outputs)], json);
	fuzz_cmd(nft, text);
	nft_ctx_free(nft);
	free(text);
	return 0;
}

/*
 * Kernel dumps: the input is the kernel's ruleset, netlink messages as
 * the kernel dumps them (NFT_MSG_NEWTABLE, NEWCHAIN, NEWRULE, NEWSET,
 * NEWSETELEM, NEWOBJ, NEWFLOWTABLE, each answering the dump of its
 * kind), and a listing runs over it, in @mode: which listing, with
 * which output flags.
 */
static const char *const dump_cmds[] = {
	"list ruleset", "list tables", "list sets", "list maps",
	"list counters", "list flowtables", "list chains",
	"list table ip t", "list chain inet t c", "list set ip t s",
	"reset counters", "list ct timeouts",
};
static const unsigned int dump_outputs[] = {
	0,
	NFT_CTX_OUTPUT_HANDLE,
	NFT_CTX_OUTPUT_JSON,
	NFT_CTX_OUTPUT_STATELESS | NFT_CTX_OUTPUT_NUMERIC_ALL,
	NFT_CTX_OUTPUT_JSON | NFT_CTX_OUTPUT_HANDLE,
	NFT_CTX_OUTPUT_TERSE | NFT_CTX_OUTPUT_GUID,
};
#define DUMP_MODES	(array_size(dump_cmds) * array_size(dump_outputs))

static int fuzz_dump(const uint8_t *data, size_t size, unsigned int mode)
{
	struct nft_ctx *nft;

	fk.on = true;
	fk.state = data;
	fk.state_len = size;
	nft = fuzz_ctx(dump_outputs[(mode / array_size(dump_cmds)) %
				    array_size(dump_outputs)], false);
	fuzz_cmd(nft, dump_cmds[mode % array_size(dump_cmds)]);
	nft_ctx_free(nft);
	fk.state = NULL;
	fk.state_len = 0;
	return 0;
}

unsigned int fuzz_modes(enum fuzz_kind kind)
{
	return kind == FUZZ_DUMP ? DUMP_MODES : INPUT_MODES;
}

int fuzz_run_mode(const uint8_t *data, size_t size, enum fuzz_kind kind,
		  unsigned int mode)
{
	int ret;

	fuzz_setup();
	if (kind == FUZZ_DUMP)
		ret = fuzz_dump(data, size, mode);
	else
		ret = fuzz_input(data, size, kind == FUZZ_JSON, mode);
	fk.on = false;
	return ret;
}

/* The mode comes from the input's length, so the corpus keeps covering
 * all of them without a byte of the input being spent on it. */
int fuzz_run(const uint8_t *data, size_t size, enum fuzz_kind kind)
{
	return fuzz_run_mode(data, size, kind, size % fuzz_modes(kind));
}

void fuzz_cleanup(void)
{
	char path[128];

	if (!fuzz_dir[0])
		return;
	snprintf(path, sizeof(path), "%s/a.nft", fuzz_dir);
	unlink(path);
	snprintf(path, sizeof(path), "%s/b.nft", fuzz_dir);
	unlink(path);
	rmdir(fuzz_dir);
	fuzz_dir[0] = '\0';
}
