/*
 * Ruleset layout in text: tables, chains and rules as `nft list` prints
 * them, byte for byte. Expressions and statements print themselves
 * (expr_print/stmt_print); this file only arranges blocks, indentation,
 * blank lines, comments and handles.
 */
#include <retry.h>
#include <flowtable.h>
#include <obj.h>
#include <sobj.h>
#include <nft.h>
#include <nftables.h>
#include <print.h>
#include <set.h>
#include <rule.h>
#include <cache.h>
#include <mnl.h>
#include <netlink.h>
#include <errno.h>
#include <inttypes.h>
#include <libnftnl/set.h>
#include <libnftnl/object.h>
#include <libnftnl/flowtable.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include <linux/netfilter.h>

/*
 * Printing is the hot path of a listing, and most calls are literals or
 * plain %s/%u/%d/%x conversions (numbers possibly zero padded to one
 * digit's width, as in "%02x"): those are written here directly;
 * anything else goes to vfprintf.
 */
static bool nft_print_is_simple(const char *fmt)
{
	const char *p = fmt;
	unsigned int longs;
	bool pad;

	while ((p = strchr(p, '%'))) {
		p++;
		pad = p[0] == '0' && p[1] >= '1' && p[1] <= '9';
		if (pad)
			p += 2;
		for (longs = 0; *p == 'l'; p++)
			longs++;
		if (longs > 2)
			return false;
		switch (*p++) {
		case 's':
		case '%':
			if (longs || pad)
				return false;
			break;
		case 'u':
		case 'd':
		case 'x':
			break;
		default:
			return false;
		}
	}
	return true;
}

/* Unsigned @v in @base, written backwards from @end; returns start. */
static char *nft_print_utoa(char *end, unsigned long long v, unsigned int base)
{
	do {
		*--end = "0123456789abcdef"[v % base];
		v /= base;
	} while (v);
	return end;
}

/* One conversion at @p (after the '%'); returns the bytes written and
 * moves @p past the conversion. */
static int nft_print_conv(FILE *fp, const char **p, va_list *ap)
{
	unsigned int longs = 0, width = 0;
	unsigned long long u;
	long long d;
	char buf[32], *end = buf + sizeof(buf), *s;
	bool neg = false;

	if (**p == '0') {	/* "%0N": checked by nft_print_is_simple() */
		width = (*p)[1] - '0';
		*p += 2;
	}
	while (**p == 'l') {
		longs++;
		(*p)++;
	}
	switch (*(*p)++) {
	case 's':
		s = va_arg(*ap, char *);
		if (!s)
			s = "(null)";
		fputs_unlocked(s, fp);
		return strlen(s);
	case '%':
		putc_unlocked('%', fp);
		return 1;
	case 'd':
		d = longs > 1 ? va_arg(*ap, long long) :
		    longs ? va_arg(*ap, long) : va_arg(*ap, int);
		neg = d < 0;
		u = neg ? -(unsigned long long)d : (unsigned long long)d;
		s = nft_print_utoa(end, u, 10);
		break;
	default:	/* 'u' and 'x' */
		u = longs > 1 ? va_arg(*ap, unsigned long long) :
		    longs ? va_arg(*ap, unsigned long) :
			    va_arg(*ap, unsigned int);
		s = nft_print_utoa(end, u, (*p)[-1] == 'x' ? 16 : 10);
		break;
	}
	while (end - s < (long)width - neg)
		*--s = '0';
	if (neg)
		*--s = '-';
	fwrite_unlocked(s, 1, end - s, fp);
	return end - s;
}

static int nft_print_fast(FILE *fp, const char *fmt, va_list *ap)
{
	const char *p = fmt, *pct;
	int n = 0;

	while (*p) {
		pct = strchrnul(p, '%');
		if (pct != p) {
			fwrite_unlocked(p, 1, pct - p, fp);
			n += pct - p;
		}
		if (!*pct)
			break;
		p = pct + 1;
		n += nft_print_conv(fp, &p, ap);
	}
	return n;
}

int nft_print(struct output_ctx *octx, const char *fmt, ...)
{
	FILE *fp = octx->output_fp ? octx->output_fp : stdout;
	va_list ap;
	int ret;

	va_start(ap, fmt);
	if (nft_print_is_simple(fmt))
		ret = nft_print_fast(fp, fmt, &ap);
	else
		ret = vfprintf(fp, fmt, ap);
	va_end(ap);
	return ret;
}

void nft_print_str(struct output_ctx *octx, const char *s)
{
	fputs_unlocked(s, octx->output_fp ? octx->output_fp : stdout);
}

/* ---- list commands ---------------------------------------------------- */

/* A walk restarts when the ruleset changed under it; this many times. */

/*
 * Streaming and consistency. A listing's tables and chains come from
 * the cache, its rules from a dump that follows: together they are one
 * ruleset only if the generation id did not move from the cache fetch to
 * the end of the dump (the dump itself is flagged if interrupted).
 * Holding the whole listing back in memory until that is known costs
 * memory in proportion to the ruleset; redoing it needs nothing to have
 * been written yet. So output is held in memory up to LIST_HOLD_BYTES
 * (most rulesets a person reads), and past that in an unlinked
 * temporary file: a listing is redone unseen when the ruleset changed
 * under it, whatever its size, and fails before writing anything when
 * it holds a rule we cannot print. Only where no temporary file can be
 * made is a longer listing written as it is produced; if it then turns
 * out to be inconsistent or to hold such a rule, the listing fails with
 * an error that says what was written is incomplete: never a silently
 * wrong or shortened listing. Memory stays flat: the hold buffer, one
 * decoded rule, and the cached tables and chains.
 */
#define LIST_HOLD_BYTES		(256 * 1024)

struct list_hold {
	FILE *real;		/* where the listing goes */
	char *buf;		/* held back, while !streaming */
	size_t len;
	size_t size;
	FILE *spill;		/* held back past LIST_HOLD_BYTES */
	int spill_errno;	/* a write to it failed: what is held is not whole */
	bool streaming;		/* the hold was written out: no redo */
	bool discard;		/* the walk is dropped: swallow the rest */
};

/* Write what is held back (@output) or drop it. */
static void list_hold_end(struct list_hold *h, bool output)
{
	char chunk[65536];
	size_t n;

	if (h->spill && fflush(h->spill) && !h->spill_errno)
		h->spill_errno = errno ? errno : EIO;
	if (h->spill_errno)
		output = false;
	if (output && h->len)
		fwrite(h->buf, 1, h->len, h->real);
	if (h->spill) {
		if (output) {
			rewind(h->spill);
			while ((n = fread(chunk, 1, sizeof(chunk), h->spill)) > 0)
				fwrite(chunk, 1, n, h->real);
		}
		fclose(h->spill);
		h->spill = NULL;
	}
	xfree(h->buf);
	h->buf = NULL;
	h->len = h->size = 0;
}

/* Past the memory bound: on to a temporary file, or (none to be had)
 * out to the real output, after which the walk cannot be redone. */
static FILE *list_hold_overflow(struct list_hold *h)
{
	if (!h->spill && !h->streaming) {
		h->spill = tmpfile();
		if (h->spill) {
			fwrite(h->buf, 1, h->len, h->spill);
			xfree(h->buf);
			h->buf = NULL;
			h->len = h->size = 0;
		} else {
			list_hold_end(h, true);
			h->streaming = true;
		}
	}
	return h->spill ? h->spill : h->real;
}

static ssize_t list_hold_write(void *cookie, const char *data, size_t size)
{
	struct list_hold *h = cookie;
	FILE *fp;

	if (h->discard)
		return size;
	if (!h->streaming && !h->spill && h->len + size <= LIST_HOLD_BYTES) {
		if (h->len + size > h->size) {
			h->size = h->size ? h->size * 2 : 16384;
			while (h->size < h->len + size)
				h->size *= 2;
			h->buf = xrealloc(h->buf, h->size);
		}
		memcpy(h->buf + h->len, data, size);
		h->len += size;
		return size;
	}
	fp = list_hold_overflow(h);
	if (fwrite(data, 1, size, fp) != size && fp == h->spill &&
	    !h->spill_errno)
		h->spill_errno = errno ? errno : EIO;
	return size;
}

static FILE *list_hold_open(struct list_hold *h, FILE *real)
{
	static const cookie_io_functions_t io = { .write = list_hold_write };
	FILE *fp;

	memset(h, 0, sizeof(*h));
	h->real = real;
	fp = fopencookie(h, "w", io);
	if (!fp)
		memory_allocation_error();
	return fp;
}

/* Whether anything of the walk may still reach the output. */
static bool list_hold_flushed(struct list_walk *w)
{
	return w->hold->streaming;
}

static bool list_family_match(uint32_t want, const struct table *t)
{
	return want == NFPROTO_UNSPEC || want == t->handle.family;
}

static int list_missing_table(const struct cmd *cmd, struct list_head *msgs)
{
	/* the errno's words alone, as 1.1.3 says it */
	return erec_error(msgs, &cmd->handle.table.location, "%s",
			  strerror(ENOENT));
}

static int list_missing_chain(const struct cmd *cmd, struct list_head *msgs)
{
	return erec_error(msgs, &cmd->handle.chain.location, "%s",
			  strerror(ENOENT));
}

/* Make sure the cache holds the tables and chains the command lists
 * (the executor normally fetched them already). */
static int list_cache_ensure(struct nft_ctx *nft, const struct cmd *cmd,
			     struct cache_filter *f, struct list_head *msgs)
{
	unsigned int flags = 0;
	bool first = true;

	f->family = NFPROTO_UNSPEC;
	f->table = NULL;
	f->chain = NULL;
	cache_cmd_needs(cmd, &flags, f, &first);
	return cache_fetch(nft, flags, f, msgs);
}

/* Find the table (and chain) a `list table|chain` names. */
int list_lookup(struct nft_ctx *nft, const struct cmd *cmd,
		struct table **tp, struct chain **cp, struct list_head *msgs)
{
	*tp = cache_table_lookup(&nft->cache, cmd->handle.family,
				 cmd->handle.table.name);
	if (!*tp)
		return list_missing_table(cmd, msgs);
	if (!(obj_cmd_flags(cmd) & OBJ_F_ONE_CHAIN))
		return 0;
	*cp = table_lookup_chain(*tp, cmd->handle.chain.name);
	/* a bound chain is listed in its rule only, as in 1.1.3 */
	if (!*cp || chain_is_bound(*cp))
		return list_missing_chain(cmd, msgs);
	return 0;
}

/*
 * What a listing cannot print yet
 *
 * A table's kernel use count covers its chains, sets, stateful objects
 * and flowtables. Sets, objects and flowtables are not listed yet: when
 * the count says a table has more than its chains, dump them to find
 * out which (anonymous sets print inside the rules that use them) and
 * fail naming them, before anything is written.
 */

#define CHAIN_FLAGS_KNOWN	(NFT_CHAIN_BASE | NFT_CHAIN_HW_OFFLOAD | \
				 NFT_CHAIN_BINDING)
#define LIST_NAMES_MAX		8

struct table_objs {
	const struct table *t;
	unsigned int anonymous;		/* anonymous sets */
	unsigned int named;		/* everything else found */
	char names[512];		/* "set blocked, counter cnt" */
	size_t len;
};

static void table_objs_add(struct table_objs *o, const char *kind,
			   const char *name)
{
	if (o->named++ >= LIST_NAMES_MAX)
		return;
	o->len += snprintf(o->names + o->len, sizeof(o->names) - o->len,
			   "%s%s %s", o->named > 1 ? ", " : "", kind,
			   name ? name : "?");
	if (o->len >= sizeof(o->names))
		o->len = sizeof(o->names) - 1;
}

static int table_sets_cb(const struct nlmsghdr *nlh, void *data)
{
	struct nftnl_set *s = nftnl_set_alloc();
	struct table_objs *o = data;
	uint32_t flags;

	if (!s)
		memory_allocation_error();
	if (!mnl_msg_broken(nlh) && nftnl_set_nlmsg_parse(nlh, s) == 0) {
		flags = nftnl_set_get_u32(s, NFTNL_SET_FLAGS);
		if (flags & NFT_SET_ANONYMOUS)
			o->anonymous++;
		else if (table_find_set(o->t, nftnl_set_get_str(s,
							NFTNL_SET_NAME)))
			;	/* listed, and counted with the chains */
		else
			table_objs_add(o, flags & NFT_SET_MAP ? "map" : "set",
				       nftnl_set_get_str(s, NFTNL_SET_NAME));
	}
	nftnl_set_free(s);
	return MNL_CB_OK;
}

/* The kernel's object kinds that have no struct sobj_ops (the others
 * are listed, and named, by theirs). */
static const char *obj_kind_name(uint32_t type)
{
	static const char *const names[] = {
		[NFT_OBJECT_CONNLIMIT]	= "connlimit",
		[NFT_OBJECT_TUNNEL]	= "tunnel",
	};

	if (type < array_size(names) && names[type])
		return names[type];
	return "object";
}

static int table_objs_cb(const struct nlmsghdr *nlh, void *data)
{
	struct nftnl_obj *obj = nftnl_obj_alloc();

	if (!obj)
		memory_allocation_error();
	/* the kinds we list are counted already (sobj_table_count) */
	if (!mnl_msg_broken(nlh) && nftnl_obj_nlmsg_parse(nlh, obj) == 0 &&
	    !sobj_type_name(nftnl_obj_get_u32(obj, NFTNL_OBJ_TYPE)))
		table_objs_add(data,
			       obj_kind_name(nftnl_obj_get_u32(obj,
							       NFTNL_OBJ_TYPE)),
			       nftnl_obj_get_str(obj, NFTNL_OBJ_NAME));
	nftnl_obj_free(obj);
	return MNL_CB_OK;
}

static int table_flowtables_cb(const struct nlmsghdr *nlh, void *data)
{
	struct nftnl_flowtable *ft = nftnl_flowtable_alloc();

	if (!ft)
		memory_allocation_error();
	if (!mnl_msg_broken(nlh) && nftnl_flowtable_nlmsg_parse(nlh, ft) == 0)
		table_objs_add(data, "flowtable",
			       nftnl_flowtable_get_str(ft,
						       NFTNL_FLOWTABLE_NAME));
	nftnl_flowtable_free(ft);
	return MNL_CB_OK;
}

static int table_objs_dump(struct nft_ctx *nft, struct table_objs *o)
{
	static const struct {
		uint16_t type;
		mnl_cb_t cb;
	} dumps[] = {
		{ NFT_MSG_GETSET,	table_sets_cb },
		{ NFT_MSG_GETOBJ,	table_objs_cb },
		{ NFT_MSG_GETFLOWTABLE,	table_flowtables_cb },
	};
	const struct table *t = o->t;
	unsigned int i;

	for (i = 0; i < array_size(dumps); i++) {
		if (mnl_dump_table_objs(nft, dumps[i].type, t->handle.family,
					t->handle.table.name, dumps[i].cb,
					o) < 0 && errno != ENOENT)
			return -1;
	}
	return 0;
}

/* -1 error, 1 the ruleset changed (redo), 0 fine. */
static int list_check_table_objs(struct list_walk *w, const struct table *t,
				 unsigned int others, struct list_head *msgs)
{
	struct table_objs o = { .t = t };
	uint32_t genid;

	if (table_objs_dump(w->nft, &o) < 0 ||
	    mnl_genid_get(w->nft, &genid) < 0) {
		if (errno == EINTR)
			return 1;
		return erec_error(msgs, &internal_location,
				  "cannot fetch the ruleset from the kernel: %s",
				  strerror(errno));
	}
	if (o.named)
		return erec_error(msgs, &w->cmd->location,
				  "cannot list table %s %s: it holds %s%s, which this nft cannot list yet",
				  family_name(t->handle.family),
				  t->handle.table.name, o.names,
				  o.named > LIST_NAMES_MAX ? " and more" : "");
	if (o.anonymous >= others)
		return 0;
	if (genid != w->nft->cache.genid)
		return 1;
	return erec_error(msgs, &w->cmd->location,
			  "cannot list table %s %s: it holds %u objects other than chains and anonymous sets that this nft does not know",
			  family_name(t->handle.family), t->handle.table.name,
			  others - o.anonymous);
}

/* Why a dumped chain cannot be printed as the kernel holds it, or NULL. */
static const char *chain_unlistable(const struct chain *c)
{
	uint32_t unknown = c->nl_flags & ~CHAIN_FLAGS_KNOWN;

	if (unknown)
		return "it has chain flags this nft does not know";
	if (!chain_is_base(c))
		return NULL;
	if (!hook_name(c->handle.family, c->hooknum))
		return "its hook is one this nft does not know";
	if (c->policy_val != NF_ACCEPT && c->policy_val != NF_DROP)
		return "its policy is neither accept nor drop";
	return NULL;
}

static int list_check_chain(struct list_walk *w, const struct chain *c,
			    struct list_head *msgs)
{
	const char *why = chain_unlistable(c);

	if (!why)
		return 0;
	return erec_error(msgs, &w->cmd->location,
			  "cannot list chain %s %s %s: %s",
			  family_name(c->handle.family), c->handle.table.name,
			  c->handle.chain.name, why);
}

/* A table's flowtables count with its chains in the kernel's use
 * count (@n); one that cannot be listed exactly fails the listing. */
static int list_check_flowtables(struct list_walk *w, const struct table *t,
				 unsigned int *n, struct list_head *msgs)
{
	const struct flowtable *ft;

	list_for_each_entry(ft, &t->flowtables, list) {
		if (ft->hooknum != NF_NETDEV_INGRESS)
			return erec_error(msgs, &w->cmd->location,
					  "cannot list flowtable %s %s %s: its hook %u is one this nft does not know",
					  family_name(t->handle.family),
					  t->handle.table.name,
					  ft->handle.chain.name, ft->hooknum);
		(*n)++;
	}
	return 0;
}

static int list_check_table(struct list_walk *w, const struct table *t,
			    struct list_head *msgs)
{
	const struct chain *c;
	unsigned int chains = 0;
	char *why;

	if (t->flags & ~table_flags_known())
		return erec_error(msgs, &w->cmd->location,
				  "cannot list table %s %s: it has table flags 0x%x that this nft does not know",
				  family_name(t->handle.family),
				  t->handle.table.name,
				  t->flags & ~table_flags_known());
	list_for_each_entry(c, &t->chains, list) {
		if (list_check_chain(w, c, msgs) < 0)
			return -1;
		chains++;
	}
	if (list_check_flowtables(w, t, &chains, msgs) < 0)
		return -1;
	why = sobj_table_unlistable(t);
	if (why) {
		erec_error(msgs, &w->cmd->location, "%s", why);
		xfree(why);
		return -1;
	}
	chains += sobj_table_count(t);
	/* named sets the cache holds are listed */
	chains += table_count_sets(t);
	if (t->nl_use <= chains)
		return 0;
	return list_check_table_objs(w, t, t->nl_use - chains, msgs);
}

/* Before anything is written: -1 error, 1 redo, 0 fine. */
static int list_check_scope(struct list_walk *w, struct list_head *msgs)
{
	struct table *t;
	int ret;

	unsigned int flags = obj_cmd_flags(w->cmd);

	if (flags & OBJ_F_ONE_CHAIN)
		return list_check_chain(w, w->only_chain, msgs);
	if (!(flags & OBJ_F_ALL_TABLES))
		return list_check_table(w, w->only_table, msgs);
	/* headers are listed whatever the tables hold */
	if (flags & OBJ_F_LIST_HEADS)
		return 0;
	list_for_each_entry(t, &w->nft->cache.tables, list) {
		if (!list_family_match(w->cmd->handle.family, t))
			continue;
		ret = list_check_table(w, t, msgs);
		if (ret)
			return ret;
	}
	return 0;
}

/*
 * The walk
 */

/* "reset rule T C handle N" lists table T with chain C alone (none if T
 * lacks it), as 1.1.3 does. 1.1.3's JSON output of it zeroes the rule
 * and then fails without printing it: refused here before anything is
 * zeroed (README, Differences). */
static int reset_rule_scope(struct list_walk *w, struct list_head *msgs)
{
	const struct cmd *cmd = w->cmd;
	struct location loc = cmd->location;

	if (!cmd->handle.handle.id)
		return 0;
	/* marked to the end of the line, as 1.1.3 marks it */
	loc.last_column++;
	if (nft_output_json(&w->nft->octx))
		return erec_error(msgs, &loc,
				  "Could not process rule: Operation not supported");
	w->only_chain = table_lookup_chain(w->only_table,
					   cmd->handle.chain.name);
	w->no_chain = !w->only_chain;
	return 0;
}

static bool walk_has_rules(const struct list_walk *w)
{
	return !(obj_cmd_flags(w->cmd) & OBJ_F_LIST_HEADS);
}

static struct table *walk_table_after(const struct list_walk *w,
				      struct table *t)
{
	const struct list_head *head = &w->nft->cache.tables;
	const struct list_head *pos;

	if (w->only_table)
		return t ? NULL : w->only_table;
	for (pos = t ? t->list.next : head->next; pos != head;
	     pos = pos->next) {
		t = list_entry(pos, struct table, list);
		if (list_family_match(w->cmd->handle.family, t))
			return t;
	}
	return NULL;
}

static struct chain *walk_chain_after(const struct list_walk *w,
				      struct chain *c)
{
	const struct list_head *pos;

	if ((obj_cmd_flags(w->cmd) & OBJ_F_LIST_NO_CHAINS) || w->no_chain)
		return NULL;
	if (w->only_chain)
		return c ? NULL : w->only_chain;
	/* bound chains print in the rules that bind them */
	for (pos = c ? c->list.next : w->t->chains.next;
	     pos != &w->t->chains; pos = pos->next) {
		c = list_entry(pos, struct chain, list);
		if (!chain_is_bound(c))
			return c;
	}
	return NULL;
}

/* Move to the next chain in scope, closing and opening chains and tables
 * on the way; false at the end, with everything closed. */
static bool walk_next(struct list_walk *w)
{
	if (w->done)
		return false;
	if (w->c)
		w->ops->chain_close(w, w->c);
	for (;;) {
		if (w->t) {
			w->c = walk_chain_after(w, w->c);
			if (w->c) {
				w->ops->chain_open(w, w->c);
				return true;
			}
			w->ops->table_close(w, w->t);
		}
		w->t = walk_table_after(w, w->t);
		if (!w->t) {
			w->done = true;
			return false;
		}
		w->ops->table_open(w, w->t);
	}
}

static bool walk_in_scope(const struct list_walk *w, const struct table *t,
			  const struct chain *c)
{
	if (w->only_table)
		return t == w->only_table &&
		       (!w->only_chain || c == w->only_chain);
	return list_family_match(w->cmd->handle.family, t);
}

/* The first rule that cannot be printed stops the walk: nothing after it
 * is written, and the listing fails naming it. */
static void walk_fail(struct list_walk *w, char *msg)
{
	if (!w->error)
		w->error = msg;
	else
		xfree(msg);
}

/* A dumped rule: decode it, print it in its place, free it. Dumps come
 * in the cache's table and chain order; a rule that does not fit means
 * the ruleset changed since the cache was fetched. */
static void walk_dumped_rule(const struct nftnl_rule *nlr,
			     const char *unparsed, void *data)
{
	struct list_walk *w = data;
	struct chain *c;
	struct rule *r;
	char *why;

	if (w->lost || w->error)
		return;
	c = cache_rule_chain(&w->nft->cache, nlr, &w->rule_table,
			     &w->rule_chain);
	if (!c) {
		w->lost = true;
		return;
	}
	if (!walk_in_scope(w, w->rule_table, c) || chain_is_bound(c))
		return;
	if (unparsed) {
		walk_fail(w, netlink_rule_error_msg(nlr, unparsed));
		return;
	}
	netlink_dump_rule(w->nft, nlr);
	while (w->c != c) {
		if (!walk_next(w)) {
			w->lost = true;
			return;
		}
	}
	r = netlink_rule_parse_why(w->nft, nlr, &why);
	if (!r) {
		walk_fail(w, netlink_rule_error_msg(nlr, why));
		xfree(why);
		return;
	}
	w->ops->rule(w, r);
	rule_free(r);
}

/* The rules of @table/@chain (all with NULL), each to walk_dumped_rule() */
static int walk_rules_request(struct list_walk *w, const char *table,
			      const char *chain)
{
	const struct cmd *cmd = w->cmd;

	if (!cmd->reset_rules)
		return mnl_dump_rules_cb(w->nft, cmd->handle.family, table,
					 chain, walk_dumped_rule, w);
	if (w->no_chain)
		return 0;
	return mnl_reset_rules_cb(w->nft, cmd->handle.family, table, chain,
				  cmd->handle.handle.id, walk_dumped_rule, w);
}

/* The bound chains' rules of the tables in scope, before the rules
 * that print them; one that cannot be printed fails the listing. */
static int walk_bindings(struct list_walk *w)
{
	struct table *t = NULL;

	while (!w->error && (t = walk_table_after(w, t))) {
		if (binding_fetch_rules(w->nft, t) < 0)
			return -1;
		if (!w->error)
			w->error = binding_undecoded(t);
	}
	return 0;
}

/* Stream the rules from a dump; then the generation must still be the
 * one the cache was fetched in. */
static int walk_dump_rules(struct list_walk *w)
{
	const char *table = NULL, *chain = NULL;
	uint32_t genid;

	if (w->only_table)
		table = w->only_table->handle.table.name;
	if (w->only_chain)
		chain = w->only_chain->handle.chain.name;
	w->rule_table = NULL;
	w->rule_chain = NULL;
	/* Changed already: refetch before anything is written. */
	if (mnl_genid_get(w->nft, &genid) < 0)
		return -1;
	if (genid != w->nft->cache.genid) {
		w->lost = true;
		return 0;
	}
	if (walk_bindings(w) < 0)
		return -1;
	if (walk_rules_request(w, table, chain) < 0) {
		if (errno == EINTR)
			w->lost = true;	/* changed during the dump */
		else if (errno != ENOENT)
			return -1;
	}
	if (mnl_genid_get(w->nft, &genid) < 0)
		return -1;
	if (genid != w->nft->cache.genid)
		w->stale = true;
	return 0;
}

/* Rules the cache holds already (fetched for this run's commands). */
static void walk_cached_rules(struct list_walk *w)
{
	const struct rule *r;
	struct table *t = NULL;

	while (!w->error && (t = walk_table_after(w, t)))
		w->error = binding_undecoded(t);

	while (!w->error && walk_next(w)) {
		list_for_each_entry(r, &w->c->rules, list) {
			if (r->undecoded) {
				walk_fail(w, rule_undecoded_msg(r));
				break;
			}
			w->ops->rule(w, r);
		}
	}
}

static int walk_rules(struct list_walk *w, const struct cache_filter *f)
{
	if (!walk_has_rules(w))
		return 0;
	/* rules cached for positions have their handles only; a reset
	 * must reach the kernel */
	if (!w->cmd->reset_rules && cache_has(&w->nft->cache, NFT_CACHE_RULE, f) &&
	    !(w->nft->cache.flags & NFT_CACHE_RULE_HANDLES)) {
		walk_cached_rules(w);
		return 0;
	}
	return walk_dump_rules(w);
}

static void walk_start(struct list_walk *w, struct list_hold *hold)
{
	w->t = NULL;
	w->c = NULL;
	w->done = false;
	w->lost = false;
	w->stale = false;
	w->error = NULL;
	w->hold = hold;
	w->octx = w->nft->octx;
	w->octx.output_fp = list_hold_open(hold, w->nft->octx.output_fp ?
					   w->nft->octx.output_fp : stdout);
	if (w->ops->begin)
		w->ops->begin(w);
}

/* Complete the listing (@output) or drop what is still held back;
 * -1 if it could not be held whole (nothing of it was written). */
static int walk_finish(struct list_walk *w, bool output)
{
	if (output && w->ops->end)
		w->ops->end(w);
	w->hold->discard = !output;
	fclose(w->octx.output_fp);
	list_hold_end(w->hold, output);
	xfree(w->error);
	w->error = NULL;
	return output && w->hold->spill_errno ? -1 : 0;
}

/* The walk cannot go on: the listing fails. What was written already
 * is incomplete: say so. */
static int walk_error(struct list_walk *w, struct list_head *msgs,
		      const char *msg)
{
	/* Decided before flushing: a flush could push the held listing
	 * past the bound and out. */
	bool partial = list_hold_flushed(w);

	if (partial)
		fflush(w->octx.output_fp);
	erec_error(msgs, &w->cmd->location, "%s%s", msg,
		   partial ? " (the listing written so far is incomplete)" :
		   "");
	walk_finish(w, false);
	return -1;
}

/*
 * One attempt: 0 done, 1 to be redone, -1 error. A walk whose rules all
 * fitted, but in a generation other than the cache's, is redone too, as
 * long as nothing was written; on the @last attempt it is printed (its
 * tables and chains may be a little older than its rules), as the cache
 * accepts its last fetch.
 */
static int walk_once(struct list_walk *w, bool last, struct list_head *msgs)
{
	struct list_hold hold;
	struct cache_filter f;
	struct table *t = NULL;
	struct chain *c = NULL;
	int ret;

	if (list_cache_ensure(w->nft, w->cmd, &f, msgs) < 0)
		return -1;
	if (!(obj_cmd_flags(w->cmd) & OBJ_F_ALL_TABLES) &&
	    list_lookup(w->nft, w->cmd, &t, &c, msgs) < 0)
		return -1;
	w->only_table = t;
	w->only_chain = c;
	if (w->cmd->reset_rules && reset_rule_scope(w, msgs) < 0)
		return -1;
	ret = list_check_scope(w, msgs);
	if (ret)
		return ret;
	walk_start(w, &hold);
	if (walk_rules(w, &f) < 0) {
		char *msg = xasprintf("cannot fetch the ruleset from the kernel: %s",
				      strerror(errno));

		walk_error(w, msgs, msg);
		xfree(msg);
		return -1;
	}
	if (w->error)
		return walk_error(w, msgs, w->error);
	if (list_hold_flushed(w) && (w->lost || w->stale))
		return walk_error(w, msgs,
				  "the ruleset changed while it was listed");
	if (w->stale && !last)
		w->lost = true;
	while (!w->lost && walk_next(w))
		;
	if (walk_finish(w, !w->lost) < 0)
		return erec_error(msgs, &w->cmd->location,
				  "cannot hold the listing back: %s",
				  strerror(hold.spill_errno));
	return w->lost ? 1 : 0;
}

int list_walk_run(struct nft_ctx *nft, const struct cmd *cmd,
		  const struct list_walk_ops *ops, struct list_head *msgs)
{
	struct list_walk w = { .nft = nft, .cmd = cmd, .ops = ops };
	struct nft_retry retry;
	int ret;

	if (!(obj_cmd_flags(cmd) & OBJ_F_LIST))
		return erec_error(msgs, &cmd->location, "cannot list %s",
				  cmd_obj_name(cmd->obj));
	nft_retry_init(&retry);
	do {
		ret = walk_once(&w, nft_retry_spent(&retry), msgs);
		if (ret <= 0)
			return ret;
		/* The ruleset changed: fetch it again. */
		cache_release(&nft->cache);
	} while (nft_retry_again(&retry));
	return erec_error(msgs, &internal_location,
			  "the ruleset kept changing while it was listed, giving up after %u tries in %d seconds",
			  retry.tries + 1, NFT_RETRY_SECONDS);
}

/*
 * Text
 */

static void text_table_open(struct list_walk *w, const struct table *t)
{
	struct output_ctx *octx = &w->octx;

	unsigned int flags = obj_cmd_flags(w->cmd);

	octx->table = t;
	octx->table_warned = false;
	if (flags & OBJ_F_LIST_NO_CHAINS) {
		nft_print(octx, "table %s %s\n",
			  family_name(t->handle.family), t->handle.table.name);
	} else if (flags & (OBJ_F_LIST_HEADS | OBJ_F_ONE_CHAIN)) {
		/* the chains' frame, without the table's attributes */
		table_print_header(t, octx, false);
	} else {
		const struct set *s;

		octx->family = t->handle.family;
		w->delim = table_print_open(t, octx);
		w->delim = sobj_print_table(t, octx, w->delim);
		list_for_each_entry(s, &t->sets, list) {
			nft_print(octx, "%s", w->delim);
			set_print(s, octx, true);
			w->delim = "\n";
		}
		w->delim = table_print_flowtables(t, octx, w->delim);
	}
}

static void text_chain_open(struct list_walk *w, const struct chain *c)
{
	unsigned int flags = obj_cmd_flags(w->cmd);

	if (flags & OBJ_F_LIST_HEADS) {
		/* `list chains`: headers only, no blank lines between */
		chain_print_head(c, &w->octx);
		nft_print(&w->octx, "\t}\n");
	} else if (flags & OBJ_F_ONE_CHAIN) {
		chain_print_head(c, &w->octx);
	} else {
		nft_print(&w->octx, "%s", w->delim);
		chain_print_head(c, &w->octx);
		w->delim = "\n";
	}
}

static void text_rule(struct list_walk *w, const struct rule *r)
{
	nft_print(&w->octx, "\t\t");
	rule_print(r, &w->octx);
	nft_print(&w->octx, "\n");
}

static void text_chain_close(struct list_walk *w, const struct chain *c)
{
	if (!(obj_cmd_flags(w->cmd) & OBJ_F_LIST_HEADS))
		nft_print(&w->octx, "\t}\n");
}

static void text_table_close(struct list_walk *w, const struct table *t)
{
	w->octx.table = NULL;
	if (obj_cmd_flags(w->cmd) & OBJ_F_LIST_NO_CHAINS)
		return;
	nft_print(&w->octx, "}\n");
	w->octx.family = w->nft->octx.family;
}

static const struct list_walk_ops text_walk_ops = {
	.table_open	= text_table_open,
	.chain_open	= text_chain_open,
	.rule		= text_rule,
	.chain_close	= text_chain_close,
	.table_close	= text_table_close,
};

int do_list_cmd(struct nft_ctx *nft, struct cmd *cmd, struct list_head *msgs)
{
	const struct obj_ops *ops = obj_ops_lookup(cmd->obj);

	if (ops->list)
		return ops->list(nft, cmd, msgs);
	if (nft_output_json(&nft->octx))
		return json_do_list_cmd(nft, cmd, msgs);
	return list_walk_run(nft, cmd, &text_walk_ops, msgs);
}
