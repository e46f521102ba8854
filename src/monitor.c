/*
 * nft monitor [new|destroy] [tables|chains|sets|rules|elements|ruleset]
 * [json]: the ruleset's changes as the kernel multicasts them to the
 * NFNLGRP_NFTABLES group, printed as the reference prints them. The
 * command is a kind of its own (CMD_OBJ_MONITOR, whose "list" op runs
 * it); each object kind prints its own notifications through the
 * monitor op of its struct obj_ops, with the printers its echo (-e)
 * and listings use. Here: the command's words, the socket, the filter
 * and the generation lines.
 */
#include <monitor.h>
#include <obj.h>
#include <nft.h>
#include <nftables.h>
#include <cache.h>
#include <mnl.h>
#include <netlink.h>
#include <json.h>
#include <print.h>
#include <erec.h>
#include <sobj.h>
#include <trace.h>
#include <parse_build.h>
#include <errno.h>
#include <sys/socket.h>
#include <string.h>
#include <libmnl/libmnl.h>
#include <libnftnl/set.h>
#include <linux/netfilter.h>
#include <linux/netfilter/nfnetlink.h>
#include <linux/netfilter/nf_tables.h>

/* ---- the command's words ---- */

/* The kinds "monitor KIND" names (1.1.3's words: no "objects" nor
 * "flowtables" there). */
static const struct {
	const char *word;
	unsigned int kinds;
} monitor_kind_words[] = {
	{ "tables",	MON_TABLES },
	{ "chains",	MON_CHAINS },
	{ "sets",	MON_SETS },
	{ "rules",	MON_RULES },
	{ "elements",	MON_ELEMENTS },
	{ "ruleset",	MON_RULESET },
	{ "trace",	MON_TRACE },
};

static unsigned int monitor_kind_word(const char *w)
{
	unsigned int i;

	for (i = 0; i < array_size(monitor_kind_words); i++)
		if (!strcmp(monitor_kind_words[i].word, w))
			return monitor_kind_words[i].kinds;
	return 0;
}

/* Words that are keywords to the reference: out of place, they are
 * named as such in its syntax error; any other word is a "string". */
static bool monitor_is_keyword(const char *w)
{
	return monitor_kind_word(w) || !strcmp(w, "json") ||
	       !strcmp(w, "vm") || !strcmp(w, "destroy");
}

struct monitor_words {
	struct parser_state *st;
	const struct sobj_words *ws;
	unsigned int i;
	struct monitor_spec *spec;
};

static const struct sobj_word *mw_peek(const struct monitor_words *m)
{
	return m->i < m->ws->n ? &m->ws->w[m->i] : NULL;
}

static bool mw_unexpected(struct monitor_words *m, const struct sobj_word *w)
{
	parser_error(m->st, &w->location,
		     "syntax error, unexpected %s, expecting end of file or newline or semicolon",
		     !w->quoted && monitor_is_keyword(w->text) ? w->text :
		     w->quoted ? "quoted string" : "string");
	return false;
}

/* [new|destroy]: any other plain word there is an invalid event. */
static bool mw_event(struct monitor_words *m)
{
	const struct sobj_word *w = mw_peek(m);

	if (w == NULL || (!w->quoted && monitor_is_keyword(w->text) &&
			  strcmp(w->text, "destroy")))
		return true;
	m->i++;
	if (!strcmp(w->text, "new"))
		m->spec->new_only = true;
	else if (!strcmp(w->text, "destroy"))
		m->spec->del_only = true;
	else {
		parser_error(m->st, &w->location, "invalid event %s", w->text);
		return false;
	}
	return true;
}

static void mw_kind(struct monitor_words *m)
{
	const struct sobj_word *w = mw_peek(m);

	if (w && !w->quoted && monitor_kind_word(w->text)) {
		m->spec->kinds = monitor_kind_word(w->text);
		m->i++;
	}
}

/* [json | vm json]; "xml" output, which 1.1.3 takes and prints
 * nothing with, is refused. */
static bool mw_format(struct monitor_words *m)
{
	const struct sobj_word *w = mw_peek(m);

	if (w == NULL || w->quoted)
		return w == NULL || mw_unexpected(m, w);
	if (!strcmp(w->text, "vm")) {
		struct location end = w->location;

		m->i++;
		w = mw_peek(m);
		/* at the end of the line: just past "vm" */
		end.first_column = end.last_column = end.last_column + 1;
		if (w == NULL || w->quoted || strcmp(w->text, "json")) {
			parser_error(m->st, w ? &w->location : &end,
				     "syntax error, unexpected %s, expecting json",
				     w ? "string" : "newline");
			return false;
		}
	}
	if (!strcmp(w->text, "xml")) {
		parser_error(m->st, &w->location,
			     "XML output is not supported");
		return false;
	}
	if (strcmp(w->text, "json"))
		return mw_unexpected(m, w);
	m->spec->json = true;
	m->i++;
	w = mw_peek(m);
	return w == NULL || mw_unexpected(m, w);
}

struct cmd *parser_monitor_cmd(struct parser_state *st, struct sobj_words *ws,
			       const struct location *loc)
{
	struct monitor_spec *spec = xzalloc(sizeof(*spec));
	struct monitor_words m = { st, ws, 0, spec };
	bool ok;

	ok = mw_event(&m);
	if (ok) {
		mw_kind(&m);
		ok = mw_format(&m);
	}
	sobj_words_free(ws);
	if (!ok) {
		xfree(spec);
		return NULL;
	}
	return parser_cmd(CMD_MONITOR, CMD_OBJ_MONITOR,
			  parser_handle_new(NFPROTO_UNSPEC), loc, spec);
}

/* ---- printing ---- */

void monitor_json(struct nft_ctx *nft, const char *op, json_t *obj)
{
	json_t *o = json_wrap(op, obj);

	json_write_fp(nft->octx.output_fp, "", o, "\n");
	json_decref(o);
}

int monitor_failed(struct nft_ctx *nft, char *why)
{
	if (why)
		fprintf(nft->octx.error_fp, "Error: %s\n", why);
	xfree(why);
	return -1;
}

const char *monitor_op(const struct nlmsghdr *nlh, bool del)
{
	if (del)
		return "delete";
	return nlh->nlmsg_flags & NLM_F_EXCL ? "create" : "add";
}

int monitor_parsed(struct nft_ctx *nft, const struct obj_ops *ops,
		   const struct nlmsghdr *nlh, bool del,
		   void (*print)(struct nft_ctx *nft, const void *obj,
				 const char *op))
{
	char *why = NULL;
	void *obj;

	obj = ops->nl_parse(nft, nlh, &why);
	if (obj == NULL)
		return monitor_failed(nft, why ? why :
				      xasprintf("cannot parse a %s the kernel notified",
						ops->name));
	print(nft, obj, monitor_op(nlh, del));
	ops->obj_free(obj);
	return 0;
}

/* ---- events ---- */

/* The notifications of each kind: its messages, the kind's printer and
 * the word that selects it. */
static const struct {
	uint16_t msg_new;
	uint16_t msg_del;
	unsigned int kind;
	const struct obj_ops *ops;
} monitor_events[] = {
	{ NFT_MSG_NEWTABLE, NFT_MSG_DELTABLE, MON_TABLES, &table_obj_ops },
	{ NFT_MSG_NEWCHAIN, NFT_MSG_DELCHAIN, MON_CHAINS, &chain_obj_ops },
	{ NFT_MSG_NEWSET, NFT_MSG_DELSET, MON_SETS, &set_obj_ops },
	{ NFT_MSG_NEWRULE, NFT_MSG_DELRULE, MON_RULES, &rule_obj_ops },
	{ NFT_MSG_NEWSETELEM, NFT_MSG_DELSETELEM, MON_ELEMENTS,
	  &element_obj_ops },
	{ NFT_MSG_NEWOBJ, NFT_MSG_DELOBJ, MON_OBJECTS, &counter_obj_ops },
	{ NFT_MSG_NEWFLOWTABLE, NFT_MSG_DELFLOWTABLE, MON_FLOWTABLES,
	  &flowtable_obj_ops },
};

/* What the command lets through: 1.1.3's "new" without a kind leaves
 * out objects ("destroy", which it refuses, keeps them), and only the
 * bare command prints generations. */
static bool monitor_wants(const struct monitor_spec *spec,
			  unsigned int kind, bool del)
{
	unsigned int kinds = spec->kinds;

	if ((spec->new_only && del) || (spec->del_only && !del))
		return false;
	if (kinds == 0)
		kinds = spec->new_only ? MON_RULESET & ~MON_OBJECTS :
			MON_RULESET;
	return kinds & kind;
}

/* Trace events: "monitor trace", and the bare command, as in 1.1.3. */
static bool monitor_wants_trace(const struct monitor_spec *spec)
{
	return spec->kinds == MON_TRACE ||
	       (!spec->kinds && !spec->new_only && !spec->del_only);
}

static bool monitor_gen_lines(const struct monitor_spec *spec)
{
	return !spec->kinds && !spec->new_only && !spec->del_only;
}

/*
 * The sets the rules to come may look up, kept until removed: an
 * anonymous set with its elements as the kernel notified them, in the
 * order they were sent, which is how the reference prints them (a
 * listing sorts them); a named one for its key. A rule removed in the
 * batch that removes its sets is still decoded with them.
 */
struct monitor_run {
	struct nft_ctx *nft;
	const struct monitor_spec *spec;
	struct nftnl_set **anon;
	unsigned int num_anon;
};

static bool anon_is(const struct nftnl_set *a, uint32_t family,
		    const char *table, const char *name)
{
	return nftnl_set_get_u32(a, NFTNL_SET_FAMILY) == family &&
	       !strcmp(nftnl_set_get_str(a, NFTNL_SET_TABLE), table) &&
	       (!name || !strcmp(nftnl_set_get_str(a, NFTNL_SET_NAME), name));
}

static int anon_find(const struct monitor_run *run, const struct nftnl_set *s)
{
	unsigned int i;

	for (i = 0; i < run->num_anon; i++)
		if (anon_is(run->anon[i], nftnl_set_get_u32(s, NFTNL_SET_FAMILY),
			    nftnl_set_get_str(s, NFTNL_SET_TABLE),
			    nftnl_set_get_str(s, NFTNL_SET_NAME)))
			return i;
	return -1;
}

static void anon_drop(struct monitor_run *run, int i)
{
	nftnl_set_free(run->anon[i]);
	run->anon[i] = run->anon[--run->num_anon];
}

/* A set's message: a set added is kept, a set removed forgotten. */
static void anon_set_msg(struct monitor_run *run, const struct nlmsghdr *nlh,
			 bool del)
{
	struct nftnl_set *s = nftnl_set_alloc();
	int i;

	if (s == NULL)
		memory_allocation_error();
	if (nftnl_set_nlmsg_parse(nlh, s) < 0 ||
	    !nftnl_set_is_set(s, NFTNL_SET_TABLE) ||
	    !nftnl_set_is_set(s, NFTNL_SET_NAME)) {
		nftnl_set_free(s);
		return;
	}
	i = anon_find(run, s);
	if (i >= 0)
		anon_drop(run, i);
	if (del) {
		nftnl_set_free(s);
		return;
	}
	run->anon = xrealloc(run->anon, (run->num_anon + 1) * sizeof(*run->anon));
	run->anon[run->num_anon++] = s;
}

/* Elements added to a kept anonymous set join it (a named set's are
 * not needed: a lookup prints its name). */
static void anon_elem_msg(struct monitor_run *run, const struct nlmsghdr *nlh)
{
	struct nftnl_set *s = nftnl_set_alloc();
	int i;

	if (s == NULL)
		memory_allocation_error();
	if (nftnl_set_elems_nlmsg_parse(nlh, s) == 0 &&
	    nftnl_set_is_set(s, NFTNL_SET_TABLE) &&
	    nftnl_set_is_set(s, NFTNL_SET_NAME) &&
	    (i = anon_find(run, s)) >= 0 &&
	    nftnl_set_get_u32(run->anon[i], NFTNL_SET_FLAGS) &
	    NFT_SET_ANONYMOUS)
		nftnl_set_elems_nlmsg_parse(nlh, run->anon[i]);
	nftnl_set_free(s);
}

/* A rule's message: its table's kept sets are what its lookups find
 * first (then the kernel's). */
static void anon_rule_msg(struct monitor_run *run, const struct nlmsghdr *nlh)
{
	const struct nfgenmsg *g = mnl_nlmsg_get_payload(nlh);
	const char *table = NULL;
	const struct nlattr *a;
	unsigned int i;

	mnl_attr_for_each(a, nlh, sizeof(*g))
		if (mnl_attr_get_type(a) == NFTA_RULE_TABLE &&
		    mnl_attr_validate(a, MNL_TYPE_NUL_STRING) == 0)
			table = mnl_attr_get_str(a);
	for (i = 0; table && i < run->num_anon; i++)
		if (anon_is(run->anon[i], g->nfgen_family, table, NULL))
			netlink_anon_monitor_name(run->nft,
				nftnl_set_get_str(run->anon[i], NFTNL_SET_NAME),
				run->anon[i]);
}

static void anon_track(struct monitor_run *run, const struct nlmsghdr *nlh)
{
	switch (NFNL_MSG_TYPE(nlh->nlmsg_type)) {
	case NFT_MSG_NEWSET:
	case NFT_MSG_DELSET:
		anon_set_msg(run, nlh,
			     NFNL_MSG_TYPE(nlh->nlmsg_type) == NFT_MSG_DELSET);
		break;
	case NFT_MSG_NEWSETELEM:
		anon_elem_msg(run, nlh);
		break;
	case NFT_MSG_NEWRULE:
	case NFT_MSG_DELRULE:
		anon_rule_msg(run, nlh);
		break;
	}
}

static void anon_release(struct monitor_run *run)
{
	while (run->num_anon)
		anon_drop(run, run->num_anon - 1);
	xfree(run->anon);
}

static int monitor_event(const struct nlmsghdr *nlh, void *data)
{
	struct monitor_run *run = data;
	struct nft_ctx *nft = run->nft;
	uint16_t type = NFNL_MSG_TYPE(nlh->nlmsg_type);
	const struct obj_ops *ops;
	unsigned int i;
	bool del;

	if (type == NFT_MSG_TRACE) {
		if (monitor_wants_trace(run->spec))
			trace_event(nft, nlh);
		goto out;
	}
	anon_track(run, nlh);
	if (type == NFT_MSG_NEWGEN) {
		element_monitor_batch_end(nft);
		if (monitor_gen_lines(run->spec))
			echo_genid(nft, nlh);
		goto out;
	}
	for (i = 0; i < array_size(monitor_events); i++) {
		if (type != monitor_events[i].msg_new &&
		    type != monitor_events[i].msg_del)
			continue;
		del = type == monitor_events[i].msg_del;
		ops = monitor_events[i].ops;
		if (monitor_wants(run->spec, monitor_events[i].kind, del) &&
		    ops->monitor)
			ops->monitor(nft, nlh, del);
		else if (type == NFT_MSG_NEWSET)
			set_monitor_remember(nft, nlh);
		break;
	}
out:
	/* a pipe's reader sees each event at once; the sets a rule's
	 * lookups were decoded with are the kernel's of this moment */
	fflush(nft->octx.output_fp);
	netlink_anon_sets_release(nft);
	return MNL_CB_OK;
}

static int monitor_join(struct mnl_socket *nl, int group)
{
	return mnl_socket_setsockopt(nl, NETLINK_ADD_MEMBERSHIP, &group,
				     sizeof(group));
}

static struct mnl_socket *monitor_socket(struct list_head *msgs,
					 const struct cmd *cmd)
{
	const struct monitor_spec *spec = cmd->data;
	struct mnl_socket *nl = mnl_socket_open(NETLINK_NETFILTER);
	/* a flush of a big set notifies each element: room for many */
	int size = 16 << 20;

	if (nl && mnl_socket_bind(nl, 0, MNL_SOCKET_AUTOPID) == 0 &&
	    (spec->kinds == MON_TRACE ||
	     monitor_join(nl, NFNLGRP_NFTABLES) == 0) &&
	    (!monitor_wants_trace(spec) ||
	     monitor_join(nl, NFNLGRP_NFTRACE) == 0)) {
		if (setsockopt(mnl_socket_get_fd(nl), SOL_SOCKET,
			       SO_RCVBUFFORCE, &size, sizeof(size)) < 0)
			(void)setsockopt(mnl_socket_get_fd(nl), SOL_SOCKET,
					 SO_RCVBUF, &size, sizeof(size));
		return nl;
	}
	erec_error(msgs, &cmd->location, "cannot listen to nf_tables: %s",
		   strerror(errno));
	if (nl)
		mnl_socket_close(nl);
	return NULL;
}

/* Read until the socket fails. A reader too slow for the kernel loses
 * events (ENOBUFS): that is said, and reading goes on. */
static int monitor_loop(struct nft_ctx *nft, struct mnl_socket *nl,
			const struct monitor_spec *spec)
{
	struct monitor_run run = { nft, spec };
	char buf[MNL_SOCKET_BUFFER_SIZE * 4];
	ssize_t n;
	int ret;

	for (;;) {
		n = mnl_socket_recvfrom(nl, buf, sizeof(buf));
		if (n < 0 && errno == ENOBUFS) {
			fprintf(nft->octx.error_fp,
				"Error: events were lost: the kernel had more than this nft could read\n");
			continue;
		}
		if (n < 0 && errno == EINTR)
			continue;
		if (n < 0)
			break;
		ret = mnl_cb_run(buf, n, 0, 0, monitor_event, &run);
		if (ret < 0 && errno != ENOENT && errno != EINTR)
			break;
	}
	anon_release(&run);
	return -1;
}

int monitor_run(struct nft_ctx *nft, struct cmd *cmd, struct list_head *msgs)
{
	struct cache_filter f = { NFPROTO_UNSPEC, NULL, NULL };
	const struct monitor_spec *spec = cmd->data;
	unsigned int need = NFT_CACHE_TABLE | NFT_CACHE_SET;
	struct mnl_socket *nl;
	unsigned int flags;
	int ret;

	nl = monitor_socket(msgs, cmd);
	if (nl == NULL)
		return -1;
	/* the sets elements of may come: their keys decode them; traced
	 * rules print as they are now, as the reference prints them */
	if (monitor_wants_trace(spec))
		need |= NFT_CACHE_FULL | NFT_CACHE_OBJ;
	if (cache_fetch(nft, need, &f, msgs) < 0) {
		mnl_socket_close(nl);
		return -1;
	}
	flags = nft->octx.flags;
	if (spec->json)
		nft->octx.flags |= NFT_CTX_OUTPUT_JSON;
	ret = monitor_loop(nft, nl, spec);
	nft->octx.flags = flags;
	mnl_socket_close(nl);
	if (ret < 0)
		return erec_error(msgs, &cmd->location,
				  "reading nf_tables events: %s",
				  strerror(errno));
	return 0;
}

/* ---- the kind ---- */

static void monitor_cmd_free(struct cmd *cmd)
{
	xfree(cmd->data);
}

const struct obj_ops monitor_obj_ops = {
	.obj		= CMD_OBJ_MONITOR,
	.name		= "monitor",
	.list		= monitor_run,
	.free		= monitor_cmd_free,
};
