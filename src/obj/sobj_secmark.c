/*
 * The secmark object: "secmark s { "system_u:object_r:ssh_server_packet_t:s0" }",
 * an SELinux context that rules give packets ("meta secmark set "s"").
 */
#include <sobj_kind.h>
#include <nftables.h>
#include <json.h>
#include <ctype.h>
#include <string.h>
#include <libnftnl/object.h>
#include <linux/netfilter/nf_tables.h>

/* the context, a word or quoted */
static int secmark_parse(struct wparse *p)
{
	if (!p->w[0].quoted && isdigit((unsigned char)p->w[0].text[0]))
		return wp_syntax(p, 0, NULL);
	if (strlen(p->w[0].text) >= sizeof(p->o->secmark.ctx))
		return wp_error(p, &p->w[0], "unexpected '%s' in a secmark",
				p->w[0].text);
	strcpy(p->o->secmark.ctx, p->w[0].text);
	return 1;
}

static void secmark_nl_build(struct nftnl_obj *nlo, const struct sobj *o)
{
	nftnl_obj_set_str(nlo, NFTNL_OBJ_SECMARK_CTX, o->secmark.ctx);
}

static void secmark_nl_parse(struct sobj *o, struct nftnl_obj *nlo,
			     const struct nlmsghdr *nlh)
{
	snprintf(o->secmark.ctx, sizeof(o->secmark.ctx), "%s",
		 nftnl_obj_get_str(nlo, NFTNL_OBJ_SECMARK_CTX) ?: "");
}

static void secmark_print(const struct sobj *o, struct output_ctx *octx,
			  const char *tab, const char *nl)
{
	nft_print(octx, "%s\"%s\"\n", tab, o->secmark.ctx);
}

static void secmark_echo(const struct sobj *o, struct output_ctx *octx)
{
	nft_print(octx, "\"%s\" ", o->secmark.ctx);
}

static void secmark_json(const struct sobj *o, json_t *r)
{
	json_object_set_new(r, "context", json_string(o->secmark.ctx));
}

static int secmark_json_parse(struct json_ctx *jctx, json_t *obj,
			      struct sobj *o)
{
	const char *s;

	if (json_req_string(jctx, obj, "context", &s) < 0)
		return -1;
	snprintf(o->secmark.ctx, sizeof(o->secmark.ctx), "%s", s);
	return 0;
}

const struct sobj_ops sobj_secmark_ops = {
	.type		= NFT_OBJECT_SECMARK,
	.name		= "secmark",
	.plural		= "secmarks",
	.one		= CMD_OBJ_SECMARK,
	.all		= CMD_OBJ_SECMARKS,
	.ref		= "meta secmark set",
	.parse		= secmark_parse,
	.nl_build	= secmark_nl_build,
	.nl_parse	= secmark_nl_parse,
	.print		= secmark_print,
	.echo		= secmark_echo,
	.json		= secmark_json,
	.json_parse	= secmark_json_parse,
};
