/*
 * The counter object: "counter c { packets 0 bytes 0 }", its packets and
 * bytes so far. Rules count into it by name ("counter name "c"").
 */
#include <sobj_kind.h>
#include <nftables.h>
#include <json.h>
#include <inttypes.h>
#include <string.h>
#include <libnftnl/object.h>
#include <linux/netfilter/nf_tables.h>

/* packets N bytes N */
static int counter_parse(struct wparse *p)
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

static void counter_nl_build(struct nftnl_obj *nlo, const struct sobj *o)
{
	nftnl_obj_set_u64(nlo, NFTNL_OBJ_CTR_PKTS, o->counter.packets);
	nftnl_obj_set_u64(nlo, NFTNL_OBJ_CTR_BYTES, o->counter.bytes);
}

static void counter_nl_parse(struct sobj *o, struct nftnl_obj *nlo,
			     const struct nlmsghdr *nlh)
{
	o->counter.packets = nftnl_obj_get_u64(nlo, NFTNL_OBJ_CTR_PKTS);
	o->counter.bytes = nftnl_obj_get_u64(nlo, NFTNL_OBJ_CTR_BYTES);
}

static void counter_print(const struct sobj *o, struct output_ctx *octx,
			  const char *tab, const char *nl)
{
	if (!nft_output_stateless(octx))
		nft_print(octx, "%spackets %" PRIu64 " bytes %" PRIu64 "%s",
			  tab, o->counter.packets, o->counter.bytes, nl);
}

static void counter_deleted(struct sobj *o)
{
	memset(&o->counter, 0, sizeof(o->counter));
}

static void counter_json(const struct sobj *o, json_t *r)
{
	json_object_set_new(r, "packets", json_integer(o->counter.packets));
	json_object_set_new(r, "bytes", json_integer(o->counter.bytes));
}

static int counter_json_parse(struct json_ctx *jctx, json_t *obj,
			      struct sobj *o)
{
	if (sobj_json_u64(jctx, obj, "packets", UINT64_MAX,
			  &o->counter.packets) < 0 ||
	    sobj_json_u64(jctx, obj, "bytes", UINT64_MAX,
			  &o->counter.bytes) < 0)
		return -1;
	return 0;
}

const struct sobj_ops sobj_counter_ops = {
	.type		= NFT_OBJECT_COUNTER,
	.name		= "counter",
	.plural		= "counters",
	.one		= CMD_OBJ_COUNTER,
	.all		= CMD_OBJ_COUNTERS,
	.ref		= "counter name",
	.parse		= counter_parse,
	.nl_build	= counter_nl_build,
	.nl_parse	= counter_nl_parse,
	.print		= counter_print,
	.deleted	= counter_deleted,
	.json		= counter_json,
	.json_parse	= counter_json_parse,
};
