/*
 * The ct helper object: "ct helper h { type "ftp" protocol tcp; l3proto
 * ip; }", a conntrack helper that rules attach to connections ("ct
 * helper set "h"").
 */
#include <sobj_kind.h>
#include <nftables.h>
#include <json.h>
#include <string.h>
#include <libnftnl/object.h>
#include <linux/netfilter/nf_tables.h>

/* type "ftp" protocol tcp | l3proto ip */
static int ct_helper_parse(struct wparse *p)
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

/* 1.1.3 leaves a missing type to the kernel; the family is the table's */
static int ct_helper_evaluate(struct eval_ctx *ectx, struct sobj *o)
{
	o->l3proto_implicit = !o->helper.l3proto;
	if (!o->helper.l3proto)
		o->helper.l3proto = o->handle.family;
	return 0;
}

static void ct_helper_nl_build(struct nftnl_obj *nlo, const struct sobj *o)
{
	nftnl_obj_set_str(nlo, NFTNL_OBJ_CT_HELPER_NAME, o->helper.name);
	/* the table's family is the kernel's to take, as 1.1.3 leaves
	 * it (and its --debug=netlink prints it) */
	if (!o->l3proto_implicit)
		nftnl_obj_set_u16(nlo, NFTNL_OBJ_CT_HELPER_L3PROTO,
				  o->helper.l3proto);
	nftnl_obj_set_u8(nlo, NFTNL_OBJ_CT_HELPER_L4PROTO, o->helper.l4proto);
}

static void ct_helper_nl_parse(struct sobj *o, struct nftnl_obj *nlo,
			       const struct nlmsghdr *nlh)
{
	snprintf(o->helper.name, sizeof(o->helper.name), "%s",
		 nftnl_obj_get_str(nlo, NFTNL_OBJ_CT_HELPER_NAME) ?: "");
	o->helper.l3proto = nftnl_obj_get_u16(nlo,
				NFTNL_OBJ_CT_HELPER_L3PROTO);
	o->helper.l4proto = nftnl_obj_get_u8(nlo,
				NFTNL_OBJ_CT_HELPER_L4PROTO);
	if (!sobj_l3proto_name(o->helper.l3proto) ||
	    !sobj_l4proto_name(o->helper.l4proto))
		o->undecoded = xstrdup("its protocols are ones this nft does not know");
}

static void ct_helper_print(const struct sobj *o, struct output_ctx *octx,
			    const char *tab, const char *nl)
{
	nft_print(octx, "%stype \"%s\" protocol %s\n", tab,
		  o->helper.name, sobj_l4proto_name(o->helper.l4proto));
	nft_print(octx, "%sl3proto %s\n", tab,
		  sobj_l3proto_name(o->helper.l3proto));
}

static void ct_helper_echo(const struct sobj *o, struct output_ctx *octx)
{
	nft_print(octx, "type \"%s\" protocol %s; l3proto %s; ",
		  o->helper.name, sobj_l4proto_name(o->helper.l4proto),
		  sobj_l3proto_name(o->helper.l3proto));
}

static void ct_helper_json(const struct sobj *o, json_t *r)
{
	json_object_set_new(r, "type", json_string(o->helper.name));
	json_object_set_new(r, "protocol", json_string(
			sobj_l4proto_name(o->helper.l4proto)));
	json_object_set_new(r, "l3proto", json_string(
			sobj_l3proto_name(o->helper.l3proto)));
}

static int ct_helper_json_parse(struct json_ctx *jctx, json_t *obj,
				struct sobj *o)
{
	const char *s;

	if (json_req_string(jctx, obj, "type", &s) < 0)
		return -1;
	snprintf(o->helper.name, sizeof(o->helper.name), "%s", s);
	if (sobj_json_proto(jctx, obj, "protocol", false, NULL,
			    &o->helper.l4proto) < 0 ||
	    sobj_json_proto(jctx, obj, "l3proto", true, &o->helper.l3proto,
			    NULL) < 0)
		return -1;
	return 0;
}

const struct sobj_ops sobj_ct_helper_ops = {
	.type		= NFT_OBJECT_CT_HELPER,
	.name		= "ct helper",
	.plural		= "ct helpers",
	.one		= CMD_OBJ_CT_HELPER,
	.all		= CMD_OBJ_CT_HELPERS,
	.ref		= "ct helper set",
	.items		= true,
	.parse		= ct_helper_parse,
	.evaluate	= ct_helper_evaluate,
	.nl_build	= ct_helper_nl_build,
	.nl_parse	= ct_helper_nl_parse,
	.print		= ct_helper_print,
	.echo		= ct_helper_echo,
	.json		= ct_helper_json,
	.json_parse	= ct_helper_json_parse,
};
