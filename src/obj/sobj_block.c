/*
 * Stateful objects' declaration blocks ("quota q { 25 mbytes comment
 * "x" }", "ct timeout t { protocol tcp; policy = { ... }; }"): the words
 * the grammar collects, read into an object as 1.1.3 reads them (the
 * rest of the kind is in src/obj/sobj.c).
 */
#include <sobj.h>
#include <nft.h>
#include <nftables.h>
#include <erec.h>
#include <stmt.h>
#include <ctype.h>
#include <errno.h>
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>
#include <linux/netfilter.h>
#include <linux/netfilter/nf_tables.h>
#include <linux/netfilter/nf_synproxy.h>

/*
 * A block is read as 1.1.3 reads it: counter, quota, limit, secmark and
 * synproxy objects take their settings and comments one after another,
 * with or without separators ("quota q { 25 mbytes comment "x" }"); the
 * ct objects take one setting per separated item. Each kind's parser
 * reads one setting from the word at p->w and says how many words it
 * took (-1 on an error, reported).
 */
struct wparse {
	struct sobj *o;
	const struct sobj_words *all;
	struct sobj_word *w;		/* the words from here on */
	unsigned int n;
	struct list_head *msgs;
	int err;
};

static int wp_error(struct wparse *p, const struct sobj_word *w,
		    const char *fmt, const char *arg)
{
	erec_error(p->msgs, &w->location, fmt, arg);
	p->err = -1;
	return -1;
}

static int wp_error_at(struct wparse *p, const struct location *loc,
		       const char *msg)
{
	erec_error(p->msgs, loc, "%s", msg);
	p->err = -1;
	return -1;
}

static bool wp_is(const struct wparse *p, unsigned int i, const char *s)
{
	return i < p->n && !p->w[i].quoted && !strcmp(p->w[i].text, s);
}

static bool wp_sep(const struct wparse *p, unsigned int i)
{
	return wp_is(p, i, ";");
}

/* Where word @i starts, as an index of the whole block. */
static unsigned int wp_index(const struct wparse *p, unsigned int i)
{
	return p->w - p->all->w + i;
}

/* The end of the word before word @i (the '{' for the first): where an
 * empty part of a setting is, as bison places it. */
static struct location wp_before(const struct wparse *p, unsigned int i)
{
	unsigned int k = wp_index(p, i);
	struct location loc = k ? p->all->w[k - 1].location : p->all->open;

	loc.first_line = loc.last_line;
	loc.first_column = loc.last_column;
	return loc;
}

/* Words @first to @last, as one location. */
static struct location wp_span(const struct wparse *p, unsigned int first,
			       unsigned int last)
{
	return location_span(&p->w[first].location, &p->w[last].location);
}

/* What 1.1.3's "syntax error, unexpected ..." calls a word. */
static const char *wp_token_name(const struct wparse *p, unsigned int i)
{
	static const char *const keywords[] = {
		"mss", "wscale", "timestamp", "comment", "packets", "bytes",
		"rate", "over", "until", "burst", "used", "protocol",
		"policy", "l3proto", "type", "size", "dport", "timeout",
		"tcp", "udp", "udplite", "sctp", "dccp", "icmp", "icmpv6",
		"gre", "ip", "ip6", "inet", "arp", "bridge", "netdev",
	};
	const struct sobj_word *w;
	unsigned int k;

	if (i >= p->n)
		return p->all->bare ? "newline" : "'}'";
	w = &p->w[i];
	if (w->quoted)
		return "quoted string";
	if (!strcmp(w->text, ";"))
		return "semicolon";
	if (!strcmp(w->text, ","))
		return "comma";
	if (!strcmp(w->text, ":"))
		return "colon";
	if (strchr("{}=/-", w->text[0]) && !w->text[1])
		return w->text[0] == '-' || w->text[0] == '/' ? w->text :
		       w->text[0] == '{' ? "'{'" : w->text[0] == '}' ? "'}'" :
		       "'='";
	if (!strcmp(w->text, "sack-perm") || !strcmp(w->text, "sack-permitted"))
		return "sack-permitted";
	if (isdigit((unsigned char)w->text[0]))
		return "number";
	for (k = 0; k < array_size(keywords); k++)
		if (!strcmp(w->text, keywords[k]))
			return keywords[k];
	return "string";
}

/* "syntax error, unexpected X[, expecting @expect]" at word @i (at the
 * closing brace past the last word). */
static int wp_syntax(struct wparse *p, unsigned int i, const char *expect)
{
	const struct location *loc = i < p->n ? &p->w[i].location :
				     &p->all->close;

	/* without braces the command may end there too */
	if (p->all->bare && expect && !strcmp(expect, "newline or semicolon"))
		expect = "end of file or newline or semicolon";
	/* a first word that starts no setting: the command may end */
	if (p->all->bare && !expect && i < p->n && &p->w[i] == p->all->w)
		expect = "end of file or newline or semicolon";
	erec_error(p->msgs, loc, "syntax error, unexpected %s%s%s",
		   wp_token_name(p, i), expect ? ", expecting " : "",
		   expect ?: "");
	p->err = -1;
	return -1;
}

/* "25 mbytes" or "25mbytes" at @i: the words used, -1 on an error;
 * *@bad tells a unit that is none (reported by the caller, whose
 * setting the caret spans). */
static int wp_bytes(struct wparse *p, unsigned int i, uint64_t *bytes,
		    bool *bad)
{
	const char *t, *unit;
	uint64_t v, mult;
	char *end;

	if (i >= p->n || wp_sep(p, i))
		return wp_syntax(p, i, "number");
	t = p->w[i].text;
	v = strtoull(t, &end, 10);
	if (!isdigit((unsigned char)*t))
		return wp_syntax(p, i, i ? "number" : NULL);
	/* the unit: a word, "bytes" the one keyword among them */
	if (!*end && (i + 1 >= p->n || p->w[i + 1].quoted ||
		      (strcmp(wp_token_name(p, i + 1), "string") &&
		       strcmp(wp_token_name(p, i + 1), "bytes"))))
		return wp_syntax(p, i + 1, "string or bytes");
	unit = *end ? end : p->w[i + 1].text;
	mult = limit_byte_unit(unit);
	*bad = !mult;
	*bytes = v * mult;
	return *end ? 1 : 2;
}

static int wp_ranged(struct wparse *p, unsigned int i, uint64_t max,
		     uint64_t *v);

static const char wrong_unit[] =
	"Wrong unit format, expecting bytes, kbytes or mbytes";

static int parse_counter(struct wparse *p)
{
	struct sobj *o = p->o;

	if (!wp_is(p, 0, "packets"))
		return wp_syntax(p, 0, NULL);
	if (wp_ranged(p, 1, UINT64_MAX, &o->counter.packets) < 0)
		return -1;
	if (!wp_is(p, 2, "bytes"))
		return wp_syntax(p, 2, "bytes");
	if (wp_ranged(p, 3, UINT64_MAX, &o->counter.bytes) < 0)
		return -1;
	return 4;
}

/* [over|until] N unit [used N unit]: a wrong unit of the quota is
 * pointed at from the mode (or the end of the word before) to the end
 * of the setting, one of "used" from "used" on. */
static int parse_quota(struct wparse *p)
{
	struct sobj *o = p->o;
	struct location loc, end;
	bool bad = false, bad_used = false;
	unsigned int i = 0, u;
	int r;

	loc = wp_before(p, 0);
	if (wp_is(p, 0, "over") || wp_is(p, 0, "until")) {
		if (wp_is(p, 0, "over"))
			o->quota.flags |= NFT_QUOTA_F_INV;
		else
			o->quota.flags &= ~NFT_QUOTA_F_INV;
		loc = p->w[0].location;
		i++;
	}
	r = wp_bytes(p, i, &o->quota.bytes, &bad);
	if (r < 0)
		return -1;
	i += r;
	o->quota.used = 0;
	if (wp_is(p, i, "used")) {
		u = i;
		r = wp_bytes(p, i + 1, &o->quota.used, &bad_used);
		if (r < 0)
			return -1;
		i += 1 + r;
		if (bad_used) {
			end = wp_span(p, u, i - 1);
			return wp_error_at(p, &end, wrong_unit);
		}
	}
	if (bad) {
		end = location_span(&loc, &p->w[i - 1].location);
		return wp_error_at(p, &end, wrong_unit);
	}
	return i;
}

/* rate [over] N/unit [burst N packets] | rate [over] N bytes/unit
 * [burst N bytes] */
static int parse_limit(struct wparse *p)
{
	struct sobj *o = p->o;
	unsigned int i = 1, num;
	const char *per = NULL;
	struct location loc;
	bool bad = false;
	char *slash;
	uint64_t v;
	int r;

	if (!wp_is(p, 0, "rate"))
		return wp_syntax(p, 0, NULL);
	o->limit.type = NFT_LIMIT_PKTS;
	o->limit.unit = 1;
	o->limit.burst = 5;
	o->limit.flags = 0;
	if (wp_is(p, i, "over")) {
		o->limit.flags |= NFT_LIMIT_F_INV;
		i++;
	}
	num = i;
	if (wp_ranged(p, i, UINT64_MAX, &o->limit.rate) < 0)
		return -1;
	i++;
	if (wp_is(p, i, "/") && i + 1 < p->n) {
		per = p->w[i + 1].text;
		i += 2;
	} else if (wp_is(p, i + 1, "/") && i + 2 < p->n &&
		   !strchr(p->w[i].text, '/')) {
		/* "5 kbytes / second" */
		v = limit_byte_unit(p->w[i].text);
		if (!v) {
			loc = wp_span(p, num, i + 2);
			return wp_error_at(p, &loc, wrong_unit);
		}
		o->limit.type = NFT_LIMIT_PKT_BYTES;
		o->limit.rate *= v;
		o->limit.burst = 0;
		per = p->w[i + 2].text;
		i += 3;
	} else if (i < p->n && (slash = strchr(p->w[i].text, '/'))) {
		*slash = '\0';
		v = limit_byte_unit(p->w[i].text);
		*slash = '/';
		if (!v) {
			loc = wp_span(p, num, i);
			return wp_error_at(p, &loc, wrong_unit);
		}
		o->limit.type = NFT_LIMIT_PKT_BYTES;
		o->limit.rate *= v;
		o->limit.burst = 0;
		per = slash + 1;
		i++;
	} else {
		return wp_syntax(p, i, "/ or string or bytes");
	}
	o->limit.unit = limit_time_unit(per);
	if (!o->limit.unit)
		return wp_syntax(p, i - 1, NULL);
	if (wp_is(p, i, "burst")) {
		if (o->limit.type == NFT_LIMIT_PKT_BYTES) {
			r = wp_bytes(p, i + 1, &v, &bad);
			if (r < 0)
				return -1;
			if (bad) {
				loc = wp_span(p, i + 1, i + r);
				return wp_error_at(p, &loc, wrong_unit);
			}
			i += 1 + r;
		} else {
			if (wp_ranged(p, i + 1, UINT32_MAX, &v) < 0)
				return -1;
			i += 2;
			if (!wp_is(p, i, "packets"))
				return wp_syntax(p, i, "packets");
			i++;
		}
		o->limit.burst = v;
	}
	return i;
}

static void timeout_states_add(struct sobj *o, const struct sobj_word *w,
			       uint64_t ms)
{
	struct sobj_state *s;

	o->timeout.states = xrealloc(o->timeout.states,
				     (o->timeout.nstates + 1) * sizeof(*s));
	s = &o->timeout.states[o->timeout.nstates++];
	s->name = xstrdup(w->text);
	s->location = w->location;
	s->seconds = ms / 1000;
}

/* l3proto FAMILY at @i */
static int wp_l3proto(struct wparse *p, unsigned int i, uint16_t *family)
{
	if (i >= p->n || p->w[i].quoted ||
	    !sobj_l3proto_lookup(p->w[i].text, family))
		return wp_syntax(p, i, NULL);
	return 0;
}

/* protocol tcp|udp at @i (a ct timeout also takes the protocols whose
 * policies this nft writes itself, see sobj_timeout.c) */
static int wp_l4proto(struct wparse *p, unsigned int i, bool any,
		      uint8_t *proto)
{
	uint8_t v;

	if (i >= p->n || p->w[i].quoted || !sobj_l4proto_lookup(p->w[i].text, &v) ||
	    (!any && v != IPPROTO_TCP && v != IPPROTO_UDP))
		return wp_syntax(p, i, "udp or tcp");
	*proto = v;
	return 0;
}

/* A time at @i: a number is @unit_ms each (none if 0: a time string is
 * due), else a duration ("1m30s"). */
static int wp_time(struct wparse *p, unsigned int i, uint64_t unit_ms,
		   uint64_t *ms)
{
	const char *t;
	char *end;

	if (i >= p->n || wp_sep(p, i) || p->w[i].quoted || wp_is(p, i, "}") ||
	    wp_is(p, i, ","))
		return wp_syntax(p, i, unit_ms ? "number or string" : "string");
	t = p->w[i].text;
	if (isdigit((unsigned char)*t)) {
		errno = 0;
		*ms = strtoull(t, &end, 10);
		if (!*end && !errno) {
			if (!unit_ms)
				return wp_syntax(p, i, "string");
			*ms *= unit_ms;
			return 0;
		}
	}
	if (!last_used_parse(t, ms))
		return wp_error(p, &p->w[i], "wrong time format%s", "");
	return 0;
}

/* A number at @i within 0-@max: beyond it, 1.1.3 cuts it down unsaid
 * (dport 99999 is 34463), we refuse it. */
static int wp_ranged(struct wparse *p, unsigned int i, uint64_t max,
		     uint64_t *v)
{
	char *end;

	if (i >= p->n || wp_sep(p, i) || p->w[i].quoted ||
	    !isdigit((unsigned char)p->w[i].text[0]))
		return wp_syntax(p, i, "number");
	errno = 0;
	*v = strtoull(p->w[i].text, &end, 0);
	if (*end)
		return wp_syntax(p, i, "number");
	if (errno || *v > max) {
		erec_error(p->msgs, &p->w[i].location,
			   "Value %s exceeds valid range 0-%" PRIu64,
			   p->w[i].text, max);
		p->err = -1;
		return -1;
	}
	return 0;
}

/* type "ftp" protocol tcp | l3proto ip */
static int parse_helper(struct wparse *p)
{
	struct sobj *o = p->o;

	if (wp_is(p, 0, "l3proto"))
		return wp_l3proto(p, 1, &o->helper.l3proto) < 0 ? -1 : 2;
	if (!wp_is(p, 0, "type"))
		return wp_syntax(p, 0, NULL);
	if (p->n < 2 || !p->w[1].quoted)
		return wp_syntax(p, 1, "quoted string");
	if (o->helper.name[0]) {
		erec_error(p->msgs, &p->w[1].location,
			   "You can only specify this once. This statement is already set for %s.",
			   o->helper.name);
		p->err = -1;
		return -1;
	}
	if (strlen(p->w[1].text) >= sizeof(o->helper.name))
		return wp_error(p, &p->w[1], "helper name '%s' is too long",
				p->w[1].text);
	if (!wp_is(p, 2, "protocol"))
		return wp_syntax(p, 2, "protocol");
	if (wp_l4proto(p, 3, false, &o->helper.l4proto) < 0)
		return -1;
	strcpy(o->helper.name, p->w[1].text);
	return 4;
}

/* policy = { STATE : VALUE [, STATE : VALUE]... }: the states are the
 * protocol's, which may come later, so they are checked when evaluated */
static int parse_policy(struct wparse *p)
{
	unsigned int i = 3;
	uint64_t ms;

	if (!wp_is(p, 1, "="))
		return wp_syntax(p, 1, "'='");
	if (!wp_is(p, 2, "{"))
		return wp_syntax(p, 2, "'{'");
	/* "policy = {  }" is how 1.1.3 lists a policy of defaults, which
	 * it then refuses to read back: we read it */
	if (wp_is(p, 3, "}"))
		return 4;
	for (;;) {
		if (i >= p->n || p->w[i].quoted || wp_is(p, i, "}") ||
		    isdigit((unsigned char)p->w[i].text[0]))
			return wp_syntax(p, i, "string");
		if (!wp_is(p, i + 1, ":"))
			return wp_syntax(p, i + 1, "colon");
		if (wp_time(p, i + 2, 1000, &ms) < 0)
			return -1;
		timeout_states_add(p->o, &p->w[i], ms);
		i += 3;
		if (wp_is(p, i, "}"))
			return i + 1;
		if (!wp_is(p, i, ","))
			return wp_syntax(p, i, "comma or '}'");
		i++;
	}
}

/* protocol tcp | l3proto ip | policy = { ... } */
static int parse_timeout(struct wparse *p)
{
	struct sobj *o = p->o;
	const struct timeout_proto *tp;
	unsigned int i;

	if (wp_is(p, 0, "protocol")) {
		if (wp_l4proto(p, 1, true, &o->timeout.l4proto) < 0)
			return -1;
		tp = sobj_timeout_proto(o->timeout.l4proto);
		if (!tp)
			return wp_error(p, &p->w[1],
					"ct timeout policies for %s are not supported yet",
					p->w[1].text);
		for (i = 0; i < tp->n; i++)
			o->timeout.timeout[i] = tp->dflt[i];
		return 2;
	}
	if (wp_is(p, 0, "l3proto"))
		return wp_l3proto(p, 1, &o->timeout.l3proto) < 0 ? -1 : 2;
	if (wp_is(p, 0, "policy"))
		return parse_policy(p);
	return wp_syntax(p, 0, NULL);
}

/* protocol tcp | dport 22 | timeout 10s | size 8 | l3proto ip */
static int parse_expect(struct wparse *p)
{
	struct sobj *o = p->o;
	uint64_t v;

	if (wp_is(p, 0, "protocol"))
		return wp_l4proto(p, 1, false, &o->expect.l4proto) < 0 ? -1 : 2;
	if (wp_is(p, 0, "l3proto"))
		return wp_l3proto(p, 1, &o->expect.l3proto) < 0 ? -1 : 2;
	if (wp_is(p, 0, "dport")) {
		if (wp_ranged(p, 1, UINT16_MAX, &v) < 0)
			return -1;
		o->expect.dport = v;
		return 2;
	}
	if (wp_is(p, 0, "size")) {
		if (wp_ranged(p, 1, UINT8_MAX, &v) < 0)
			return -1;
		o->expect.size = v;
		return 2;
	}
	if (wp_is(p, 0, "timeout")) {
		if (wp_time(p, 1, 0, &v) < 0)
			return -1;
		o->expect.timeout = v;
		return 2;
	}
	return wp_syntax(p, 0, NULL);
}

static int parse_secmark(struct wparse *p)
{
	if (!p->w[0].quoted && isdigit((unsigned char)p->w[0].text[0]))
		return wp_syntax(p, 0, NULL);
	if (strlen(p->w[0].text) >= sizeof(p->o->secmark.ctx))
		return wp_error(p, &p->w[0], "unexpected '%s' in a secmark",
				p->w[0].text);
	strcpy(p->o->secmark.ctx, p->w[0].text);
	return 1;
}

/* mss N wscale N [timestamp] [sack-perm], or with separators:
 * mss N; wscale N; [timestamp] [sack-perm] */
static int parse_synproxy(struct wparse *p)
{
	struct sobj *o = p->o;
	unsigned int i = 2;
	bool sep = false;
	uint64_t v;

	if (!wp_is(p, 0, "mss"))
		return wp_syntax(p, 0, NULL);
	if (wp_ranged(p, 1, UINT16_MAX, &v) < 0)
		return -1;
	o->synproxy.mss = v;
	if (wp_sep(p, i)) {
		sep = true;
		i++;
	}
	if (!wp_is(p, i, "wscale"))
		return wp_syntax(p, i, sep ? "wscale" :
				 "newline or semicolon or wscale");
	if (wp_ranged(p, i + 1, UINT8_MAX, &v) < 0)
		return -1;
	o->synproxy.wscale = v;
	i += 2;
	if (sep) {
		if (!wp_sep(p, i))
			return wp_syntax(p, i, "newline or semicolon");
		i++;
	}
	o->synproxy.flags = NF_SYNPROXY_OPT_MSS | NF_SYNPROXY_OPT_WSCALE;
	if (wp_is(p, i, "timestamp")) {
		o->synproxy.flags |= NF_SYNPROXY_OPT_TIMESTAMP;
		i++;
	}
	if (wp_is(p, i, "sack-perm")) {
		o->synproxy.flags |= NF_SYNPROXY_OPT_SACK_PERM;
		i++;
	}
	return i;
}

static int (*const kind_parsers[])(struct wparse *p) = {
	[NFT_OBJECT_COUNTER]	= parse_counter,
	[NFT_OBJECT_QUOTA]	= parse_quota,
	[NFT_OBJECT_CT_HELPER]	= parse_helper,
	[NFT_OBJECT_LIMIT]	= parse_limit,
	[NFT_OBJECT_CT_TIMEOUT]	= parse_timeout,
	[NFT_OBJECT_SECMARK]	= parse_secmark,
	[NFT_OBJECT_CT_EXPECT]	= parse_expect,
	[NFT_OBJECT_SYNPROXY]	= parse_synproxy,
};

/* comment "x" at p->w: 2 words, -1 on an error */
static int parse_comment(struct wparse *p)
{
	struct sobj_word w;

	if (p->n < 2 || wp_sep(p, 1))
		return wp_syntax(p, 1,
				 "string or quoted string or string with a trailing asterisk");
	if (p->o->comment) {
		w = p->w[0];
		w.location = wp_span(p, 0, 1);
		return wp_error(p, &w, "%s",
				"You can only specify this once. This statement is duplicated.");
	}
	p->o->comment = xstrdup(p->w[1].text);
	p->o->comment_loc = p->w[1].location;
	return 2;
}

static bool kind_takes_items(uint32_t type)
{
	return type == NFT_OBJECT_CT_HELPER || type == NFT_OBJECT_CT_TIMEOUT ||
	       type == NFT_OBJECT_CT_EXPECT;
}

/* A ct object's setting, which a separator has to follow. */
static int parse_item(struct wparse *p)
{
	int r = kind_parsers[p->o->type](p);

	if (r < 0)
		return -1;
	if (!wp_sep(p, r))
		return wp_syntax(p, r, "newline or semicolon");
	return r;
}

static void parse_block(struct wparse *p, struct sobj_words *ws)
{
	unsigned int i = 0;
	int r;

	while (i < ws->n) {
		p->w = &ws->w[i];
		p->n = ws->n - i;
		if (wp_sep(p, 0)) {
			i++;
			continue;
		}
		if (wp_is(p, 0, "comment"))
			r = parse_comment(p);
		else if (kind_takes_items(p->o->type))
			r = parse_item(p);
		else
			r = kind_parsers[p->o->type](p);
		if (r < 0)
			return;
		i += r;
	}
}

struct sobj *sobj_from_words(uint32_t type, struct sobj_words *ws,
			     const struct location *loc,
			     struct list_head *msgs)
{
	struct sobj *o = sobj_alloc(type);
	struct wparse p = { .o = o, .all = ws, .msgs = msgs };

	o->location = *loc;
	if (type == NFT_OBJECT_LIMIT) {
		o->limit.unit = 1;
		o->limit.burst = 5;
	}
	if (ws)
		parse_block(&p, ws);
	if (p.err < 0) {
		sobj_free(o);
		return NULL;
	}
	return o;
}
