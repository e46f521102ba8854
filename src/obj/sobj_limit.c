/*
 * The limit object: "limit l { rate over 10/second burst 5 packets }" or
 * a byte rate ("rate 5 mbytes/second burst 1 mbytes"). Rules match
 * against it by name ("limit name "l"").
 */
#include <sobj_kind.h>
#include <nftables.h>
#include <json.h>
#include <stmt.h>
#include <inttypes.h>
#include <string.h>
#include <libnftnl/object.h>
#include <linux/netfilter/nf_tables.h>

/* 1.1.3's default: packets per second, a burst of 5 */
static void limit_init(struct sobj *o)
{
	o->limit.unit = 1;
	o->limit.burst = 5;
}

/* rate [over] N/unit [burst N packets] | rate [over] N bytes/unit
 * [burst N bytes] */
static int limit_parse(struct wparse *p)
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
			return wp_error_at(p, &loc, sobj_wrong_unit);
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
			return wp_error_at(p, &loc, sobj_wrong_unit);
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
				return wp_error_at(p, &loc, sobj_wrong_unit);
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

static void limit_nl_build(struct nftnl_obj *nlo, const struct sobj *o)
{
	nftnl_obj_set_u64(nlo, NFTNL_OBJ_LIMIT_RATE, o->limit.rate);
	nftnl_obj_set_u64(nlo, NFTNL_OBJ_LIMIT_UNIT, o->limit.unit);
	nftnl_obj_set_u32(nlo, NFTNL_OBJ_LIMIT_BURST, o->limit.burst);
	nftnl_obj_set_u32(nlo, NFTNL_OBJ_LIMIT_TYPE, o->limit.type);
	nftnl_obj_set_u32(nlo, NFTNL_OBJ_LIMIT_FLAGS, o->limit.flags);
}

static void limit_nl_parse(struct sobj *o, struct nftnl_obj *nlo,
			   const struct nlmsghdr *nlh)
{
	o->limit.rate = nftnl_obj_get_u64(nlo, NFTNL_OBJ_LIMIT_RATE);
	o->limit.unit = nftnl_obj_get_u64(nlo, NFTNL_OBJ_LIMIT_UNIT);
	o->limit.burst = nftnl_obj_get_u32(nlo, NFTNL_OBJ_LIMIT_BURST);
	o->limit.type = nftnl_obj_get_u32(nlo, NFTNL_OBJ_LIMIT_TYPE);
	o->limit.flags = nftnl_obj_get_u32(nlo, NFTNL_OBJ_LIMIT_FLAGS);
}

static const char *time_unit_name(uint64_t seconds)
{
	static const char *const names[] = {
		"second", "minute", "hour", "day", "week",
	};
	static const uint64_t secs[] = { 1, 60, 3600, 86400, 604800 };
	unsigned int i;

	for (i = 0; i < array_size(secs); i++)
		if (secs[i] == seconds)
			return names[i];
	return "second";
}

static void limit_print(const struct sobj *o, struct output_ctx *octx,
			const char *tab, const char *nl)
{
	bool over = o->limit.flags & NFT_LIMIT_F_INV;

	nft_print(octx, "%srate %s", tab, over ? "over " : "");
	if (o->limit.type == NFT_LIMIT_PKT_BYTES) {
		sobj_print_bytes(octx, o->limit.rate);
		nft_print(octx, "/%s", time_unit_name(o->limit.unit));
		if (o->limit.burst) {
			nft_print(octx, " burst ");
			sobj_print_bytes(octx, o->limit.burst);
		}
	} else {
		nft_print(octx, "%" PRIu64 "/%s", o->limit.rate,
			  time_unit_name(o->limit.unit));
		if (o->limit.burst && o->limit.burst != 5)
			nft_print(octx, " burst %u packets", o->limit.burst);
	}
	nft_print(octx, "%s", nl);
}

/* A byte rate and burst in the largest unit that divides them */
static void limit_json(const struct sobj *o, json_t *r)
{
	bool bytes = o->limit.type == NFT_LIMIT_PKT_BYTES;
	const char *unit = NULL;
	uint64_t v = o->limit.rate;

	if (bytes)
		unit = sobj_bytes_unit(o->limit.rate, &v);
	json_object_set_new(r, "rate", json_integer(v));
	json_object_set_new(r, "per", json_string(
			time_unit_name(o->limit.unit)));
	if (o->limit.flags & NFT_LIMIT_F_INV)
		json_object_set_new(r, "inv", json_true());
	if (!bytes) {
		json_object_set_new(r, "burst", json_integer(o->limit.burst));
		return;
	}
	json_object_set_new(r, "rate_unit", json_string(unit));
	/* 1.1.3 leaves out a byte limit's burst of 0 */
	if (o->limit.burst) {
		unit = sobj_bytes_unit(o->limit.burst, &v);
		json_object_set_new(r, "burst", json_integer(v));
		json_object_set_new(r, "burst_unit", json_string(unit));
	}
}

/* libnftables-json(5): burst 0 unless given; "unit": "bytes" for byte
 * rates (the listing writes "rate_unit") */
static int limit_json_parse(struct json_ctx *jctx, json_t *obj,
			    struct sobj *o)
{
	const char *s;
	uint64_t v = 0;
	json_t *val;

	o->limit.type = NFT_LIMIT_PKTS;
	o->limit.unit = 1;
	o->limit.burst = 0;
	if (sobj_json_u64(jctx, obj, "rate", UINT64_MAX,
			  &o->limit.rate) < 0)
		return -1;
	if (json_opt_string(jctx, obj, "unit", &s) > 0) {
		if (!strcmp(s, "bytes"))
			o->limit.type = NFT_LIMIT_PKT_BYTES;
		else if (strcmp(s, "packets"))
			return json_error(jctx, "unit",
					  "invalid limit unit \"%s\": expected packets or bytes",
					  s);
	}
	if (json_opt_string(jctx, obj, "per", &s) > 0) {
		o->limit.unit = limit_time_unit(s);
		if (!o->limit.unit)
			return json_error(jctx, "per",
					  "invalid time unit \"%s\"", s);
	}
	if (json_opt_string(jctx, obj, "rate_unit", &s) > 0 &&
	    strcmp(s, "packets")) {
		o->limit.type = NFT_LIMIT_PKT_BYTES;
		o->limit.rate *= limit_byte_unit(s);
	}
	if (sobj_json_u64(jctx, obj, "burst", UINT32_MAX, &v) > 0) {
		o->limit.burst = v;
		if (json_opt_string(jctx, obj, "burst_unit", &s) > 0)
			o->limit.burst *= limit_byte_unit(s);
	}
	val = json_object_get(obj, "inv");
	if (val && json_is_true(val))
		o->limit.flags |= NFT_LIMIT_F_INV;
	return 0;
}

const struct sobj_ops sobj_limit_ops = {
	.type		= NFT_OBJECT_LIMIT,
	.name		= "limit",
	.plural		= "limits",
	.one		= CMD_OBJ_LIMIT,
	.all		= CMD_OBJ_LIMITS,
	.ref		= "limit name",
	.init		= limit_init,
	.parse		= limit_parse,
	.nl_build	= limit_nl_build,
	.nl_parse	= limit_nl_parse,
	.print		= limit_print,
	.json		= limit_json,
	.json_parse	= limit_json_parse,
};
