/*
 * The synproxy object: "synproxy s { mss 1460 wscale 7 timestamp
 * sack-perm }", the TCP options a SYN proxy answers with; rules hand
 * connections to it ("synproxy name "s"").
 */
#include <sobj_kind.h>
#include <nftables.h>
#include <json.h>
#include <string.h>
#include <libnftnl/object.h>
#include <linux/netfilter/nf_tables.h>
#include <linux/netfilter/nf_synproxy.h>

/* mss N wscale N [timestamp] [sack-perm], or with separators:
 * mss N; wscale N; [timestamp] [sack-perm] */
static int synproxy_parse(struct wparse *p)
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

static void synproxy_nl_build(struct nftnl_obj *nlo, const struct sobj *o)
{
	nftnl_obj_set_u16(nlo, NFTNL_OBJ_SYNPROXY_MSS, o->synproxy.mss);
	nftnl_obj_set_u8(nlo, NFTNL_OBJ_SYNPROXY_WSCALE, o->synproxy.wscale);
	nftnl_obj_set_u32(nlo, NFTNL_OBJ_SYNPROXY_FLAGS, o->synproxy.flags);
}

static void synproxy_nl_parse(struct sobj *o, struct nftnl_obj *nlo,
			      const struct nlmsghdr *nlh)
{
	o->synproxy.mss = nftnl_obj_get_u16(nlo, NFTNL_OBJ_SYNPROXY_MSS);
	o->synproxy.wscale = nftnl_obj_get_u8(nlo, NFTNL_OBJ_SYNPROXY_WSCALE);
	o->synproxy.flags = nftnl_obj_get_u32(nlo, NFTNL_OBJ_SYNPROXY_FLAGS);
}

/* "timestamp sack-perm", "timestamp " and " sack-perm" (sic), as 1.1.3
 * prints them; nothing without either. */
static void synproxy_print_flags(const struct sobj *o, struct output_ctx *octx,
				 const char *before)
{
	if (!(o->synproxy.flags & (NF_SYNPROXY_OPT_TIMESTAMP |
				   NF_SYNPROXY_OPT_SACK_PERM)))
		return;
	nft_print(octx, "%s%s %s", before,
		  o->synproxy.flags & NF_SYNPROXY_OPT_TIMESTAMP ?
		  "timestamp" : "",
		  o->synproxy.flags & NF_SYNPROXY_OPT_SACK_PERM ?
		  "sack-perm" : "");
}

/* 1.1.3 prints what the flags say is there */
static void synproxy_print(const struct sobj *o, struct output_ctx *octx,
			   const char *tab, const char *nl)
{
	if (o->synproxy.flags & NF_SYNPROXY_OPT_MSS)
		nft_print(octx, "%smss %u\n", tab, o->synproxy.mss);
	if (o->synproxy.flags & NF_SYNPROXY_OPT_WSCALE)
		nft_print(octx, "%swscale %u\n", tab, o->synproxy.wscale);
	synproxy_print_flags(o, octx, tab);
	if (o->synproxy.flags & (NF_SYNPROXY_OPT_TIMESTAMP |
				 NF_SYNPROXY_OPT_SACK_PERM))
		nft_print(octx, "%s", nl);
}

/* after "{" or the comment, without a space */
static void synproxy_echo(const struct sobj *o, struct output_ctx *octx)
{
	if (o->synproxy.flags & NF_SYNPROXY_OPT_MSS)
		nft_print(octx, " mss %u", o->synproxy.mss);
	if (o->synproxy.flags & NF_SYNPROXY_OPT_WSCALE)
		nft_print(octx, " wscale %u", o->synproxy.wscale);
	synproxy_print_flags(o, octx, " ");
	nft_print(octx, "; ");
}

static void synproxy_json(const struct sobj *o, json_t *r)
{
	json_t *flags;

	json_object_set_new(r, "mss", json_integer(o->synproxy.mss));
	json_object_set_new(r, "wscale", json_integer(o->synproxy.wscale));
	flags = json_array();
	if (o->synproxy.flags & NF_SYNPROXY_OPT_TIMESTAMP)
		json_array_append_new(flags, json_string("timestamp"));
	if (o->synproxy.flags & NF_SYNPROXY_OPT_SACK_PERM)
		json_array_append_new(flags, json_string("sack-perm"));
	if (json_array_size(flags))
		json_object_set_new(r, "flags", flags);
	else
		json_decref(flags);
}

static int synproxy_json_parse(struct json_ctx *jctx, json_t *obj,
			       struct sobj *o)
{
	const char *s;
	uint64_t v = 0;
	json_t *val, *f;
	size_t idx;

	if (sobj_json_u64(jctx, obj, "mss", UINT16_MAX, &v) > 0) {
		o->synproxy.mss = v;
		o->synproxy.flags |= NF_SYNPROXY_OPT_MSS;
	}
	if (sobj_json_u64(jctx, obj, "wscale", UINT8_MAX, &v) > 0) {
		o->synproxy.wscale = v;
		o->synproxy.flags |= NF_SYNPROXY_OPT_WSCALE;
	}
	f = json_object_get(obj, "flags");
	if (json_is_string(f))
		f = json_pack("[O]", f);
	else
		json_incref(f);
	json_array_foreach(f, idx, val) {
		s = json_string_value(val);
		if (s && !strcmp(s, "timestamp"))
			o->synproxy.flags |= NF_SYNPROXY_OPT_TIMESTAMP;
		else if (s && !strcmp(s, "sack-perm"))
			o->synproxy.flags |= NF_SYNPROXY_OPT_SACK_PERM;
		else {
			json_decref(f);
			return json_error(jctx, "flags",
					  "invalid synproxy flag");
		}
	}
	json_decref(f);
	return 0;
}

const struct sobj_ops sobj_synproxy_ops = {
	.type		= NFT_OBJECT_SYNPROXY,
	.name		= "synproxy",
	.plural		= "synproxys",
	.one		= CMD_OBJ_SYNPROXY,
	.all		= CMD_OBJ_SYNPROXYS,
	.ref		= "synproxy name",
	.parse		= synproxy_parse,
	.nl_build	= synproxy_nl_build,
	.nl_parse	= synproxy_nl_parse,
	.print		= synproxy_print,
	.echo		= synproxy_echo,
	.echo_lead_space = true,
	.json		= synproxy_json,
	.json_parse	= synproxy_json_parse,
};
