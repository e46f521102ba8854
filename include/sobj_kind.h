/*
 * What the kinds of stateful object share (src/obj/sobj_<kind>.c): the
 * registry's entries, the word reader of declaration blocks, and the
 * helpers their input and output use. Only the src/obj/sobj*.c files
 * include this; the rest of nft sees include/sobj.h.
 */
#ifndef NFT_SOBJ_KIND_H
#define NFT_SOBJ_KIND_H

#include <sobj.h>

extern const struct sobj_ops sobj_counter_ops;
extern const struct sobj_ops sobj_quota_ops;
extern const struct sobj_ops sobj_limit_ops;
extern const struct sobj_ops sobj_ct_helper_ops;
extern const struct sobj_ops sobj_ct_timeout_ops;
extern const struct sobj_ops sobj_ct_expect_ops;
extern const struct sobj_ops sobj_secmark_ops;
extern const struct sobj_ops sobj_synproxy_ops;

/* ---- protocol names (src/obj/sobj.c) ---- */

const char *sobj_l3proto_name(uint16_t family);	/* "ip" */
const char *sobj_l4proto_name(uint8_t proto);		/* "tcp" */
/* and back: false for a name that is none */
bool sobj_l3proto_lookup(const char *name, uint16_t *family);
bool sobj_l4proto_lookup(const char *name, uint8_t *proto);

/* Where an object's refusals point: its name, else the object. */
const struct location *sobj_name_location(const struct sobj *o);

/* ---- declaration blocks (src/obj/sobj_block.c) ---- */

/*
 * A block is read as 1.1.3 reads it: counter, quota, limit, secmark and
 * synproxy objects take their settings and comments one after another,
 * with or without separators ("quota q { 25 mbytes comment "x" }"); the
 * ct objects take one setting per separated item. Each kind's parse()
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

/* An error at word @w (@fmt takes one string, @arg) or at @loc. */
int wp_error(struct wparse *p, const struct sobj_word *w, const char *fmt,
	     const char *arg);
int wp_error_at(struct wparse *p, const struct location *loc,
		const char *msg);
/* Word @i is the keyword @s; is a separator */
bool wp_is(const struct wparse *p, unsigned int i, const char *s);
bool wp_sep(const struct wparse *p, unsigned int i);
/* The end of the word before word @i (the '{' for the first): where an
 * empty part of a setting is, as bison places it. */
struct location wp_before(const struct wparse *p, unsigned int i);
/* Words @first to @last, as one location. */
struct location wp_span(const struct wparse *p, unsigned int first,
			unsigned int last);
/* "syntax error, unexpected X[, expecting @expect]" at word @i (at the
 * closing brace past the last word). */
int wp_syntax(struct wparse *p, unsigned int i, const char *expect);
/* "25 mbytes" or "25mbytes" at @i: the words used, -1 on an error;
 * *@bad tells a unit that is none (reported by the caller, whose
 * setting the caret spans). */
int wp_bytes(struct wparse *p, unsigned int i, uint64_t *bytes, bool *bad);
/* A number at @i within 0-@max (0 on success, -1 reported) */
int wp_ranged(struct wparse *p, unsigned int i, uint64_t max, uint64_t *v);
/* l3proto FAMILY at @i; protocol tcp|udp at @i (@any: any of ours) */
int wp_l3proto(struct wparse *p, unsigned int i, uint16_t *family);
int wp_l4proto(struct wparse *p, unsigned int i, bool any, uint8_t *proto);
/* A time at @i: a number is @unit_ms each (none if 0: a time string is
 * due), else a duration ("1m30s"). */
int wp_time(struct wparse *p, unsigned int i, uint64_t unit_ms,
	    uint64_t *ms);
extern const char sobj_wrong_unit[];

/* ---- JSON input (src/obj/sobj.c) ---- */

/* Optional key @key within 0-@max: 1 if given, 0 if not, -1 (reported) */
int sobj_json_u64(struct json_ctx *jctx, json_t *obj, const char *key,
		  uint64_t max, uint64_t *v);
/* Optional protocol name @key: an l3 one into *@l3p if @l3, else an l4
 * one into *@l4p; as sobj_json_u64() */
int sobj_json_proto(struct json_ctx *jctx, json_t *obj, const char *key,
		    bool l3, uint16_t *l3p, uint8_t *l4p);

/* ---- output (src/obj/sobj_out.c) ---- */

/* 100000 ms: "1m40s" */
void sobj_print_duration(struct output_ctx *octx, uint64_t ms);
/* "25 mbytes", "3 kbytes", "100 bytes": the unit, *@v the number */
const char *sobj_bytes_unit(uint64_t bytes, uint64_t *v);
void sobj_print_bytes(struct output_ctx *octx, uint64_t bytes);

struct cmd;
int sobj_list(struct nft_ctx *nft, struct cmd *cmd, struct list_head *msgs);
/* nft monitor: an object added or (@op "delete") removed */
void sobj_monitor_print(struct nft_ctx *nft, const void *obj,
			const char *op);
void sobj_echo(struct nft_ctx *nft, struct cmd *cmd, void *owner_obj,
	       uint16_t type, void *obj);

#endif /* NFT_SOBJ_KIND_H */
