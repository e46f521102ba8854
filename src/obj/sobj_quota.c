/*
 * The quota object: "quota q { over 25 mbytes used 1 kbytes }", a byte
 * budget and what is used of it. Rules match against it by name
 * ("quota name "q"").
 */
#include <sobj_kind.h>
#include <nftables.h>
#include <json.h>
#include <string.h>
#include <libnftnl/object.h>
#include <linux/netfilter/nf_tables.h>

/* [over|until] N unit [used N unit]: a wrong unit of the quota is
 * pointed at from the mode (or the end of the word before) to the end
 * of the setting, one of "used" from "used" on. */
static int quota_parse(struct wparse *p)
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
			return wp_error_at(p, &end, sobj_wrong_unit);
		}
	}
	if (bad) {
		end = location_span(&loc, &p->w[i - 1].location);
		return wp_error_at(p, &end, sobj_wrong_unit);
	}
	return i;
}

static void quota_nl_build(struct nftnl_obj *nlo, const struct sobj *o)
{
	nftnl_obj_set_u64(nlo, NFTNL_OBJ_QUOTA_BYTES, o->quota.bytes);
	nftnl_obj_set_u64(nlo, NFTNL_OBJ_QUOTA_CONSUMED, o->quota.used);
	nftnl_obj_set_u32(nlo, NFTNL_OBJ_QUOTA_FLAGS, o->quota.flags);
}

static void quota_nl_parse(struct sobj *o, struct nftnl_obj *nlo,
			   const struct nlmsghdr *nlh)
{
	o->quota.bytes = nftnl_obj_get_u64(nlo, NFTNL_OBJ_QUOTA_BYTES);
	o->quota.used = nftnl_obj_get_u64(nlo, NFTNL_OBJ_QUOTA_CONSUMED);
	/* the depleted bit is state, not configuration */
	o->quota.flags = nftnl_obj_get_u32(nlo, NFTNL_OBJ_QUOTA_FLAGS) &
			 NFT_QUOTA_F_INV;
}

static void quota_print(const struct sobj *o, struct output_ctx *octx,
			const char *tab, const char *nl)
{
	nft_print(octx, "%s%s", tab,
		  o->quota.flags & NFT_QUOTA_F_INV ? "over " : "");
	sobj_print_bytes(octx, o->quota.bytes);
	if (o->quota.used && !nft_output_stateless(octx)) {
		nft_print(octx, " used ");
		sobj_print_bytes(octx, o->quota.used);
	}
	nft_print(octx, "%s", nl);
}

static void quota_deleted(struct sobj *o)
{
	memset(&o->quota, 0, sizeof(o->quota));
}

static void quota_json(const struct sobj *o, json_t *r)
{
	json_object_set_new(r, "bytes", json_integer(o->quota.bytes));
	json_object_set_new(r, "used", json_integer(o->quota.used));
	json_object_set_new(r, "inv", json_boolean(o->quota.flags &
						    NFT_QUOTA_F_INV));
}

static int quota_json_parse(struct json_ctx *jctx, json_t *obj,
			    struct sobj *o)
{
	json_t *val;

	if (sobj_json_u64(jctx, obj, "bytes", UINT64_MAX,
			  &o->quota.bytes) < 0 ||
	    sobj_json_u64(jctx, obj, "used", UINT64_MAX,
			  &o->quota.used) < 0)
		return -1;
	val = json_object_get(obj, "inv");
	if (val && json_is_true(val))
		o->quota.flags |= NFT_QUOTA_F_INV;
	return 0;
}

const struct sobj_ops sobj_quota_ops = {
	.type		= NFT_OBJECT_QUOTA,
	.name		= "quota",
	.plural		= "quotas",
	.one		= CMD_OBJ_QUOTA,
	.all		= CMD_OBJ_QUOTAS,
	.ref		= "quota name",
	.parse		= quota_parse,
	.nl_build	= quota_nl_build,
	.nl_parse	= quota_nl_parse,
	.print		= quota_print,
	.deleted	= quota_deleted,
	.json		= quota_json,
	.json_parse	= quota_json_parse,
};
