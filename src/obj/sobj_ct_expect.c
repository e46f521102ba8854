/*
 * The ct expectation object: "ct expectation e { protocol tcp; dport 22;
 * timeout 10s; size 8; l3proto ip; }", the expected connections rules
 * set up for a connection ("ct expectation set "e"").
 */
#include <sobj_kind.h>
#include <nftables.h>
#include <evaluate.h>
#include <json.h>
#include <libnftnl/object.h>
#include <linux/netfilter/nf_tables.h>

/* protocol tcp | dport 22 | timeout 10s | size 8 | l3proto ip */
static int ct_expect_parse(struct wparse *p)
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

static int ct_expect_evaluate(struct eval_ctx *ectx, struct sobj *o)
{
	if (!o->expect.l4proto || !o->expect.dport ||
	    !o->expect.timeout || !o->expect.size)
		return erec_error(ectx->msgs, sobj_name_location(o),
				  "missing options");
	o->l3proto_implicit = !o->expect.l3proto;
	if (!o->expect.l3proto)
		o->expect.l3proto = o->handle.family;
	return 0;
}

static void ct_expect_nl_build(struct nftnl_obj *nlo, const struct sobj *o)
{
	if (!o->l3proto_implicit)
		nftnl_obj_set_u16(nlo, NFTNL_OBJ_CT_EXPECT_L3PROTO,
				  o->expect.l3proto);
	nftnl_obj_set_u8(nlo, NFTNL_OBJ_CT_EXPECT_L4PROTO, o->expect.l4proto);
	nftnl_obj_set_u16(nlo, NFTNL_OBJ_CT_EXPECT_DPORT, o->expect.dport);
	nftnl_obj_set_u32(nlo, NFTNL_OBJ_CT_EXPECT_TIMEOUT, o->expect.timeout);
	nftnl_obj_set_u8(nlo, NFTNL_OBJ_CT_EXPECT_SIZE, o->expect.size);
}

static void ct_expect_nl_parse(struct sobj *o, struct nftnl_obj *nlo,
			       const struct nlmsghdr *nlh)
{
	o->expect.l3proto = nftnl_obj_get_u16(nlo,
				NFTNL_OBJ_CT_EXPECT_L3PROTO);
	o->expect.l4proto = nftnl_obj_get_u8(nlo,
				NFTNL_OBJ_CT_EXPECT_L4PROTO);
	o->expect.dport = nftnl_obj_get_u16(nlo, NFTNL_OBJ_CT_EXPECT_DPORT);
	o->expect.timeout = nftnl_obj_get_u32(nlo,
				NFTNL_OBJ_CT_EXPECT_TIMEOUT);
	o->expect.size = nftnl_obj_get_u8(nlo, NFTNL_OBJ_CT_EXPECT_SIZE);
	if (!sobj_l3proto_name(o->expect.l3proto) ||
	    !sobj_l4proto_name(o->expect.l4proto))
		o->undecoded = xstrdup("its protocols are ones this nft does not know");
}

static void ct_expect_print(const struct sobj *o, struct output_ctx *octx,
			    const char *tab, const char *nl)
{
	nft_print(octx, "%sprotocol %s\n", tab,
		  sobj_l4proto_name(o->expect.l4proto));
	nft_print(octx, "%sdport %u\n", tab, o->expect.dport);
	nft_print(octx, "%stimeout ", tab);
	sobj_print_duration(octx, o->expect.timeout);
	nft_print(octx, "\n%ssize %u\n", tab, o->expect.size);
	nft_print(octx, "%sl3proto %s\n", tab,
		  sobj_l3proto_name(o->expect.l3proto));
}

static void ct_expect_echo(const struct sobj *o, struct output_ctx *octx)
{
	nft_print(octx, "protocol %s; dport %u; timeout ",
		  sobj_l4proto_name(o->expect.l4proto), o->expect.dport);
	sobj_print_duration(octx, o->expect.timeout);
	nft_print(octx, "; size %u; l3proto %s; ", o->expect.size,
		  sobj_l3proto_name(o->expect.l3proto));
}

static void ct_expect_json(const struct sobj *o, json_t *r)
{
	json_object_set_new(r, "protocol", json_string(
			sobj_l4proto_name(o->expect.l4proto)));
	json_object_set_new(r, "dport", json_integer(o->expect.dport));
	json_object_set_new(r, "timeout", json_integer(o->expect.timeout));
	json_object_set_new(r, "size", json_integer(o->expect.size));
	json_object_set_new(r, "l3proto", json_string(
			sobj_l3proto_name(o->expect.l3proto)));
}

static int ct_expect_json_parse(struct json_ctx *jctx, json_t *obj,
				struct sobj *o)
{
	uint64_t v = 0;

	if (sobj_json_proto(jctx, obj, "protocol", false, NULL,
			    &o->expect.l4proto) < 0 ||
	    sobj_json_proto(jctx, obj, "l3proto", true, &o->expect.l3proto,
			    NULL) < 0)
		return -1;
	if (sobj_json_u64(jctx, obj, "dport", UINT16_MAX, &v) > 0)
		o->expect.dport = v;
	if (sobj_json_u64(jctx, obj, "timeout", UINT32_MAX, &v) > 0)
		o->expect.timeout = v;
	if (sobj_json_u64(jctx, obj, "size", UINT8_MAX, &v) > 0)
		o->expect.size = v;
	return 0;
}

const struct sobj_ops sobj_ct_expect_ops = {
	.type		= NFT_OBJECT_CT_EXPECT,
	.name		= "ct expectation",
	.plural		= "ct expectations",
	.one		= CMD_OBJ_CT_EXPECT,
	.all		= CMD_OBJ_CT_EXPECTS,
	.ref		= "ct expectation set",
	.items		= true,
	.parse		= ct_expect_parse,
	.evaluate	= ct_expect_evaluate,
	.nl_build	= ct_expect_nl_build,
	.nl_parse	= ct_expect_nl_parse,
	.print		= ct_expect_print,
	.echo		= ct_expect_echo,
	.json		= ct_expect_json,
	.json_parse	= ct_expect_json_parse,
};
