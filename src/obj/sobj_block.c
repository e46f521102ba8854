/*
 * Stateful objects' declaration blocks ("quota q { 25 mbytes comment
 * "x" }", "ct timeout t { protocol tcp; policy = { ... }; }"): the words
 * the grammar collects, read into an object as 1.1.3 reads them. Here
 * are the block's frame (separators, comments) and the word reader the
 * kinds' parse() share (include/sobj_kind.h); each kind reads its own
 * settings in src/obj/sobj_<kind>.c.
 */
#include <sobj_kind.h>
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

int wp_error(struct wparse *p, const struct sobj_word *w, const char *fmt,
	     const char *arg)
{
	erec_error(p->msgs, &w->location, fmt, arg);
	p->err = -1;
	return -1;
}

int wp_error_at(struct wparse *p, const struct location *loc,
		const char *msg)
{
	erec_error(p->msgs, loc, "%s", msg);
	p->err = -1;
	return -1;
}

bool wp_is(const struct wparse *p, unsigned int i, const char *s)
{
	return i < p->n && !p->w[i].quoted && !strcmp(p->w[i].text, s);
}

bool wp_sep(const struct wparse *p, unsigned int i)
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
struct location wp_before(const struct wparse *p, unsigned int i)
{
	unsigned int k = wp_index(p, i);
	struct location loc = k ? p->all->w[k - 1].location : p->all->open;

	loc.first_line = loc.last_line;
	loc.first_column = loc.last_column;
	return loc;
}

/* Words @first to @last, as one location. */
struct location wp_span(const struct wparse *p, unsigned int first,
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
int wp_syntax(struct wparse *p, unsigned int i, const char *expect)
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
int wp_bytes(struct wparse *p, unsigned int i, uint64_t *bytes, bool *bad)
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

const char sobj_wrong_unit[] =
	"Wrong unit format, expecting bytes, kbytes or mbytes";

/* l3proto FAMILY at @i */
int wp_l3proto(struct wparse *p, unsigned int i, uint16_t *family)
{
	if (i >= p->n || p->w[i].quoted ||
	    !sobj_l3proto_lookup(p->w[i].text, family))
		return wp_syntax(p, i, NULL);
	return 0;
}

/* protocol tcp|udp at @i (a ct timeout also takes the protocols whose
 * policies this nft writes itself, see sobj_ct_timeout.c) */
int wp_l4proto(struct wparse *p, unsigned int i, bool any, uint8_t *proto)
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
int wp_time(struct wparse *p, unsigned int i, uint64_t unit_ms,
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
int wp_ranged(struct wparse *p, unsigned int i, uint64_t max, uint64_t *v)
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

/* A ct object's setting, which a separator has to follow. */
static int parse_item(struct wparse *p)
{
	int r = sobj_ops_lookup(p->o->type)->parse(p);

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
		else if (sobj_ops_lookup(p->o->type)->items)
			r = parse_item(p);
		else
			r = sobj_ops_lookup(p->o->type)->parse(p);
		if (r < 0)
			return;
		i += r;
	}
}

struct sobj *sobj_from_words(uint32_t type, struct sobj_words *ws,
			     const struct location *loc,
			     struct list_head *msgs)
{
	const struct sobj_ops *k = sobj_ops_lookup(type);
	struct sobj *o = sobj_alloc(type);
	struct wparse p = { .o = o, .all = ws, .msgs = msgs };

	o->location = *loc;
	if (k->init)
		k->init(o);
	if (ws)
		parse_block(&p, ws);
	if (p.err < 0) {
		sobj_free(o);
		return NULL;
	}
	return o;
}
