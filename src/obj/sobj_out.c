/*
 * Stateful objects, output: their text (listings and echo lines, as the
 * system nft writes them) and JSON, the dump that fills the cache, and
 * "list|reset counters|counter ..." (src/obj/sobj.c has the rest).
 */
#include <obj.h>
#include <sobj.h>
#include <nft.h>
#include <nftables.h>
#include <cache.h>
#include <mnl.h>
#include <print.h>
#include <json.h>
#include <monitor.h>
#include <stmt.h>
#include <errno.h>
#include <inttypes.h>
#include <string.h>
#include <libnftnl/object.h>
#include <linux/netfilter.h>
#include <linux/netfilter/nf_tables.h>
#include <linux/netfilter/nf_synproxy.h>

/* ---- durations: 100000 ms -> "1m40s" ---- */

void sobj_print_duration(struct output_ctx *octx, uint64_t ms)
{
	static const struct {
		const char *suffix;
		uint64_t ms;
	} units[] = {
		{ "d", 86400000 }, { "h", 3600000 }, { "m", 60000 },
		{ "s", 1000 }, { "ms", 1 },
	};
	unsigned int i;

	if (!ms) {
		nft_print(octx, "0s");
		return;
	}
	for (i = 0; i < array_size(units); i++) {
		if (ms >= units[i].ms) {
			nft_print(octx, "%" PRIu64 "%s", ms / units[i].ms,
				  units[i].suffix);
			ms %= units[i].ms;
		}
	}
}

/* ---- text ---- */

static void print_quota_value(struct output_ctx *octx, uint64_t bytes)
{
	static const struct {
		const char *name;
		uint64_t bytes;
	} units[] = { { "mbytes", 1 << 20 }, { "kbytes", 1 << 10 } };
	unsigned int i;

	for (i = 0; i < array_size(units); i++) {
		if (bytes && bytes % units[i].bytes == 0) {
			nft_print(octx, "%" PRIu64 " %s",
				  bytes / units[i].bytes, units[i].name);
			return;
		}
	}
	nft_print(octx, "%" PRIu64 " bytes", bytes);
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

static void print_limit(const struct sobj *o, struct output_ctx *octx,
			const char *tab, const char *nl)
{
	bool over = o->limit.flags & NFT_LIMIT_F_INV;

	nft_print(octx, "%srate %s", tab, over ? "over " : "");
	if (o->limit.type == NFT_LIMIT_PKT_BYTES) {
		print_quota_value(octx, o->limit.rate);
		nft_print(octx, "/%s", time_unit_name(o->limit.unit));
		if (o->limit.burst) {
			nft_print(octx, " burst ");
			print_quota_value(octx, o->limit.burst);
		}
	} else {
		nft_print(octx, "%" PRIu64 "/%s", o->limit.rate,
			  time_unit_name(o->limit.unit));
		if (o->limit.burst && o->limit.burst != 5)
			nft_print(octx, " burst %u packets", o->limit.burst);
	}
	nft_print(octx, "%s", nl);
}

static void print_timeout_policy(const struct sobj *o,
				 struct output_ctx *octx, const char *tab)
{
	const struct timeout_proto *tp = sobj_timeout_proto(o->timeout.l4proto);
	const char *sep = "";
	unsigned int i;

	nft_print(octx, "%spolicy = { ", tab);
	for (i = 0; tp && i < tp->n; i++) {
		if (o->timeout.timeout[i] == tp->dflt[i])
			continue;
		nft_print(octx, "%s%s : ", sep, tp->states[i]);
		if (nft_output_numeric_time(octx))
			nft_print(octx, "%us", o->timeout.timeout[i]);
		else
			sobj_print_duration(octx,
				       (uint64_t)o->timeout.timeout[i] * 1000);
		sep = ", ";
	}
	nft_print(octx, " }\n");
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

/* The body lines of an object, each starting with @tab. */
static void sobj_print_body_nl(const struct sobj *o, struct output_ctx *octx,
			       const char *tab, const char *nl);

static void sobj_print_body(const struct sobj *o, struct output_ctx *octx,
			    const char *tab)
{
	sobj_print_body_nl(o, octx, tab, "\n");
}

/* Lines end with @nl: the listing's "\n", the echo's " ". */
static void sobj_print_body_nl(const struct sobj *o, struct output_ctx *octx,
			       const char *tab, const char *nl)
{
	bool stateless = nft_output_stateless(octx);

	switch (o->type) {
	case NFT_OBJECT_COUNTER:
		if (!stateless)
			nft_print(octx, "%spackets %" PRIu64 " bytes %" PRIu64 "%s",
				  tab, o->counter.packets, o->counter.bytes, nl);
		break;
	case NFT_OBJECT_QUOTA:
		nft_print(octx, "%s%s", tab,
			  o->quota.flags & NFT_QUOTA_F_INV ? "over " : "");
		print_quota_value(octx, o->quota.bytes);
		if (o->quota.used && !stateless) {
			nft_print(octx, " used ");
			print_quota_value(octx, o->quota.used);
		}
		nft_print(octx, "%s", nl);
		break;
	case NFT_OBJECT_LIMIT:
		print_limit(o, octx, tab, nl);
		break;
	case NFT_OBJECT_CT_HELPER:
		nft_print(octx, "%stype \"%s\" protocol %s\n", tab,
			  o->helper.name, sobj_l4proto_name(o->helper.l4proto));
		nft_print(octx, "%sl3proto %s\n", tab,
			  sobj_l3proto_name(o->helper.l3proto));
		break;
	case NFT_OBJECT_CT_TIMEOUT:
		nft_print(octx, "%sprotocol %s\n", tab,
			  sobj_l4proto_name(o->timeout.l4proto));
		nft_print(octx, "%sl3proto %s\n", tab,
			  sobj_l3proto_name(o->timeout.l3proto));
		print_timeout_policy(o, octx, tab);
		break;
	case NFT_OBJECT_CT_EXPECT:
		nft_print(octx, "%sprotocol %s\n", tab,
			  sobj_l4proto_name(o->expect.l4proto));
		nft_print(octx, "%sdport %u\n", tab, o->expect.dport);
		nft_print(octx, "%stimeout ", tab);
		sobj_print_duration(octx, o->expect.timeout);
		nft_print(octx, "\n%ssize %u\n", tab, o->expect.size);
		nft_print(octx, "%sl3proto %s\n", tab,
			  sobj_l3proto_name(o->expect.l3proto));
		break;
	case NFT_OBJECT_SECMARK:
		nft_print(octx, "%s\"%s\"\n", tab, o->secmark.ctx);
		break;
	case NFT_OBJECT_SYNPROXY:
		/* 1.1.3 prints what the flags say is there */
		if (o->synproxy.flags & NF_SYNPROXY_OPT_MSS)
			nft_print(octx, "%smss %u\n", tab, o->synproxy.mss);
		if (o->synproxy.flags & NF_SYNPROXY_OPT_WSCALE)
			nft_print(octx, "%swscale %u\n", tab,
				  o->synproxy.wscale);
		synproxy_print_flags(o, octx, tab);
		if (o->synproxy.flags & (NF_SYNPROXY_OPT_TIMESTAMP |
					 NF_SYNPROXY_OPT_SACK_PERM))
			nft_print(octx, "%s", nl);
		break;
	}
}

void sobj_print(const struct sobj *o, struct output_ctx *octx)
{
	nft_print(octx, "\t%s %s {", sobj_type_name(o->type),
		  o->handle.chain.name);
	if (nft_output_handle(octx))
		nft_print(octx, " # handle %" PRIu64, o->handle.handle.id);
	nft_print(octx, "\n");
	if (o->comment)
		nft_print(octx, "\t\tcomment \"%s\"\n", o->comment);
	sobj_print_body(o, octx, "\t\t");
	nft_print(octx, "\t}\n");
}

/* ---- JSON ---- */

static json_t *json_bytes_unit(json_t *obj, const char *key,
			       const char *unit_key, uint64_t bytes)
{
	uint64_t v = bytes;
	const char *unit = "bytes";

	if (bytes && bytes % (1 << 20) == 0) {
		v = bytes >> 20;
		unit = "mbytes";
	} else if (bytes && bytes % 1024 == 0) {
		v = bytes >> 10;
		unit = "kbytes";
	}
	json_object_set_new(obj, key, json_integer(v));
	json_object_set_new(obj, unit_key, json_string(unit));
	return obj;
}

static void sobj_limit_json(const struct sobj *o, json_t *r)
{
	if (o->limit.type == NFT_LIMIT_PKT_BYTES) {
		uint64_t v = o->limit.rate;
		const char *unit = "bytes";

		if (v && v % (1 << 20) == 0) {
			v >>= 20;
			unit = "mbytes";
		} else if (v && v % 1024 == 0) {
			v >>= 10;
			unit = "kbytes";
		}
		json_object_set_new(r, "rate", json_integer(v));
		json_object_set_new(r, "per", json_string(
				time_unit_name(o->limit.unit)));
		if (o->limit.flags & NFT_LIMIT_F_INV)
			json_object_set_new(r, "inv", json_true());
		json_object_set_new(r, "rate_unit", json_string(unit));
		/* 1.1.3 leaves out a byte limit's burst of 0 */
		if (o->limit.burst)
			json_bytes_unit(r, "burst", "burst_unit",
					o->limit.burst);
	} else {
		json_object_set_new(r, "rate",
				    json_integer(o->limit.rate));
		json_object_set_new(r, "per", json_string(
				time_unit_name(o->limit.unit)));
		if (o->limit.flags & NFT_LIMIT_F_INV)
			json_object_set_new(r, "inv", json_true());
		json_object_set_new(r, "burst",
				    json_integer(o->limit.burst));
	}
}

static void sobj_timeout_json(const struct sobj *o, json_t *r)
{
	const struct timeout_proto *tp;
	unsigned int i;
	json_t *pol;

	tp = sobj_timeout_proto(o->timeout.l4proto);
	json_object_set_new(r, "protocol", json_string(
			sobj_l4proto_name(o->timeout.l4proto)));
	json_object_set_new(r, "l3proto", json_string(
			sobj_l3proto_name(o->timeout.l3proto)));
	pol = json_object();
	for (i = 0; tp && i < tp->n; i++)
		if (o->timeout.timeout[i] != tp->dflt[i])
			json_object_set_new(pol, tp->states[i],
				json_integer(o->timeout.timeout[i]));
	/* 1.1.3 writes null for a policy of defaults only */
	if (!json_object_size(pol)) {
		json_decref(pol);
		pol = json_null();
	}
	json_object_set_new(r, "policy", pol);
}

static void sobj_json_body(const struct sobj *o, json_t *r,
			   struct output_ctx *octx)
{
	json_t *flags;

	switch (o->type) {
	case NFT_OBJECT_COUNTER:
		json_object_set_new(r, "packets",
				    json_integer(o->counter.packets));
		json_object_set_new(r, "bytes", json_integer(o->counter.bytes));
		break;
	case NFT_OBJECT_QUOTA:
		json_object_set_new(r, "bytes", json_integer(o->quota.bytes));
		json_object_set_new(r, "used", json_integer(o->quota.used));
		json_object_set_new(r, "inv", json_boolean(o->quota.flags &
							    NFT_QUOTA_F_INV));
		break;
	case NFT_OBJECT_LIMIT:
		sobj_limit_json(o, r);
		break;
	case NFT_OBJECT_CT_HELPER:
		json_object_set_new(r, "type", json_string(o->helper.name));
		json_object_set_new(r, "protocol", json_string(
				sobj_l4proto_name(o->helper.l4proto)));
		json_object_set_new(r, "l3proto", json_string(
				sobj_l3proto_name(o->helper.l3proto)));
		break;
	case NFT_OBJECT_CT_TIMEOUT:
		sobj_timeout_json(o, r);
		break;
	case NFT_OBJECT_CT_EXPECT:
		json_object_set_new(r, "protocol", json_string(
				sobj_l4proto_name(o->expect.l4proto)));
		json_object_set_new(r, "dport", json_integer(o->expect.dport));
		json_object_set_new(r, "timeout",
				    json_integer(o->expect.timeout));
		json_object_set_new(r, "size", json_integer(o->expect.size));
		json_object_set_new(r, "l3proto", json_string(
				sobj_l3proto_name(o->expect.l3proto)));
		break;
	case NFT_OBJECT_SECMARK:
		json_object_set_new(r, "context", json_string(o->secmark.ctx));
		break;
	case NFT_OBJECT_SYNPROXY:
		json_object_set_new(r, "mss", json_integer(o->synproxy.mss));
		json_object_set_new(r, "wscale",
				    json_integer(o->synproxy.wscale));
		flags = json_array();
		if (o->synproxy.flags & NF_SYNPROXY_OPT_TIMESTAMP)
			json_array_append_new(flags, json_string("timestamp"));
		if (o->synproxy.flags & NF_SYNPROXY_OPT_SACK_PERM)
			json_array_append_new(flags, json_string("sack-perm"));
		if (json_array_size(flags))
			json_object_set_new(r, "flags", flags);
		else
			json_decref(flags);
		break;
	}
}

json_t *sobj_json(const struct sobj *o, struct output_ctx *octx)
{
	json_t *r = json_object();

	json_object_set_new(r, "family",
			    json_string(family_name(o->handle.family)));
	json_object_set_new(r, "name", json_string(o->handle.chain.name));
	json_object_set_new(r, "table", json_string(o->handle.table.name));
	json_object_set_new(r, "handle", json_integer(o->handle.handle.id));
	if (o->comment)
		json_object_set_new(r, "comment", json_string(o->comment));
	sobj_json_body(o, r, octx);
	return json_wrap(sobj_type_name(o->type), r);
}

/* ---- the cache and listings ---- */

struct sobj_dump {
	struct nft_ctx *nft;
	struct list_head *into;		/* NULL: hang on the cached tables */
};

static int sobj_dump_cb(const struct nlmsghdr *nlh, void *data)
{
	struct sobj_dump *d = data;
	struct nftnl_obj *nlo = nftnl_obj_alloc();
	struct table *t;
	struct sobj *o;

	if (!nlo)
		memory_allocation_error();
	/* one without its table and name is a broken kernel's: left out,
	 * the table's use count shows it */
	if (mnl_msg_broken(nlh) || nftnl_obj_nlmsg_parse(nlh, nlo) < 0 ||
	    !nftnl_obj_is_set(nlo, NFTNL_OBJ_TABLE) ||
	    !nftnl_obj_is_set(nlo, NFTNL_OBJ_NAME)) {
		nftnl_obj_free(nlo);
		return MNL_CB_OK;
	}
	o = sobj_nl_parse_obj(nlo, nlh);
	nftnl_obj_free(nlo);
	if (d->into) {
		list_add_tail(&o->list, d->into);
		return MNL_CB_OK;
	}
	t = cache_table_lookup(&d->nft->cache, o->handle.family,
			       o->handle.table.name);
	if (!t) {
		sobj_free(o);
		return MNL_CB_OK;
	}
	list_add_tail(&o->list, &t->objs);
	return MNL_CB_OK;
}

/* Whether a cached table may hold objects: its kernel use count covers
 * its chains, sets, objects and flowtables. Without chains in the cache,
 * any table may. */
static bool sobj_cache_may_have(const struct nft_cache *cache,
				bool have_chains)
{
	const struct table *t;
	const struct chain *c;
	uint32_t chains;

	list_for_each_entry(t, &cache->tables, list) {
		if (!have_chains)
			return true;
		chains = 0;
		list_for_each_entry(c, &t->chains, list)
			chains++;
		if (t->nl_use > chains)
			return true;
	}
	return false;
}

int sobj_cache_fetch(struct nft_ctx *nft, uint32_t family, const char *table,
		     bool have_chains)
{
	struct sobj_dump d = { nft, NULL };

	/* no dump at all for rulesets of tables and chains only */
	if (!sobj_cache_may_have(&nft->cache, have_chains))
		return 0;

	if (mnl_obj_request(nft, NFT_MSG_GETOBJ, family, table, NULL, 0,
			    sobj_dump_cb, &d) < 0)
		return errno == ENOENT ? 0 : -1;
	return 0;
}

unsigned int sobj_table_count(const struct table *t)
{
	const struct sobj *o;
	unsigned int n = 0;

	list_for_each_entry(o, &t->objs, list)
		n++;
	return n;
}

char *sobj_table_unlistable(const struct table *t)
{
	const struct sobj *o;

	list_for_each_entry(o, &t->objs, list) {
		if (o->undecoded || !sobj_type_name(o->type))
			return xasprintf("cannot list %s %s in table %s %s: %s",
					 sobj_type_name(o->type) ?: "object",
					 o->handle.chain.name,
					 family_name(t->handle.family),
					 t->handle.table.name,
					 o->undecoded ?: "unknown kind");
	}
	return NULL;
}

const char *sobj_print_table(const struct table *t, struct output_ctx *octx,
			     const char *delim)
{
	const struct sobj *o;

	list_for_each_entry(o, &t->objs, list) {
		nft_print(octx, "%s", delim);
		sobj_print(o, octx);
		delim = "\n";
	}
	return delim;
}

static bool sobj_table_exists(struct nft_ctx *nft, const struct handle *h,
			      struct list_head *msgs)
{
	struct cache_filter f = { h->family, h->table.name, NULL };

	return cache_fetch(nft, NFT_CACHE_TABLE, &f, msgs) < 0 ||
	       cache_table_lookup(&nft->cache, h->family, h->table.name);
}

/* "list counters [table T]", "list counter T c", "reset ...": ask the
 * kernel for exactly those objects (reset: and zero them), then print
 * them grouped by table as the system nft does. */
int sobj_list(struct nft_ctx *nft, struct cmd *cmd,
		     struct list_head *msgs)
{
	const struct handle *h = &cmd->handle;
	bool all = false, json = nft_output_json(&nft->octx);
	const struct sobj_kind *k = sobj_kind_by_cmd(cmd->obj, &all);
	uint16_t type = cmd->op == CMD_RESET ? NFT_MSG_GETOBJ_RESET :
					       NFT_MSG_GETOBJ;
	struct output_ctx *octx = &nft->octx;
	LIST_HEAD(objs);
	struct sobj_dump d = { nft, &objs };
	const struct sobj *o, *prev = NULL;
	json_t *array;
	char *why;
	int ret;

	/* the kernel dumps nothing for a missing table: ask for it */
	if (all && h->table.name) {
		struct cache_filter f = { h->family, h->table.name, NULL };

		if (cache_fetch(nft, NFT_CACHE_TABLE, &f, msgs) < 0)
			return -1;
		if (!cache_table_lookup(&nft->cache, h->family, h->table.name))
			return erec_error(msgs, &h->table.location,
					  "No such file or directory");
	}
	ret = mnl_obj_request(nft, type, h->family, h->table.name,
			      all ? NULL : h->chain.name, k->type,
			      sobj_dump_cb, &d);
	/* a missing table is an error, no such objects are not */
	if (ret < 0 && errno != ENOENT) {
		ret = erec_error(msgs, &cmd->location,
				 errno == EPERM ?
				 "Operation not permitted (you must be root or have CAP_NET_ADMIN)" :
				 "cannot fetch the %s from the kernel: %s",
				 all ? k->plural : k->name, strerror(errno));
		sobj_list_free(&objs);
		return ret;
	}
	/* in 1.1.3's words: under the table if it is missing, else under
	 * the object; the reset of a missing object resets nothing */
	if (ret < 0 && !(all && !h->table.name)) {
		sobj_list_free(&objs);
		if (!all && !sobj_table_exists(nft, h, msgs))
			return erec_error(msgs, &h->table.location,
					  "No such file or directory");
		if (!all && cmd->op == CMD_RESET)
			goto print;
		return erec_error(msgs, all ? &h->table.location :
				  &h->chain.location,
				  "No such file or directory");
	}
print:
	list_for_each_entry(o, &objs, list) {
		if (o->undecoded) {
			why = xasprintf("cannot list %s %s: %s", k->name,
					o->handle.chain.name, o->undecoded);
			erec_error(msgs, &cmd->location, "%s", why);
			xfree(why);
			sobj_list_free(&objs);
			return -1;
		}
	}
	if (json) {
		array = json_array();
		json_array_append_new(array, json_metainfo());
		list_for_each_entry(o, &objs, list)
			json_array_append_new(array, sobj_json(o, octx));
		json_print_list(nft, array);
		sobj_list_free(&objs);
		return 0;
	}
	list_for_each_entry(o, &objs, list) {
		if (!prev || prev->handle.family != o->handle.family ||
		    strcmp(prev->handle.table.name, o->handle.table.name)) {
			if (prev)
				nft_print(octx, "}\n");
			nft_print(octx, "table %s %s {\n",
				  family_name(o->handle.family),
				  o->handle.table.name);
		}
		sobj_print(o, octx);
		prev = o;
	}
	if (prev)
		nft_print(octx, "}\n");
	sobj_list_free(&objs);
	return 0;
}

/* The one-line body of an echo, as the system nft writes it (its
 * spacing included): "packets 0 bytes 0 ", "type "ftp" protocol tcp;
 * l3proto ip; ". */
static void sobj_echo_body(const struct sobj *o, struct output_ctx *octx)
{
	const struct timeout_proto *tp;
	const char *sep = "";
	unsigned int i;

	switch (o->type) {
	case NFT_OBJECT_COUNTER:
	case NFT_OBJECT_QUOTA:
	case NFT_OBJECT_LIMIT:
		sobj_print_body_nl(o, octx, "", " ");
		break;
	case NFT_OBJECT_CT_HELPER:
		nft_print(octx, "type \"%s\" protocol %s; l3proto %s; ",
			  o->helper.name, sobj_l4proto_name(o->helper.l4proto),
			  sobj_l3proto_name(o->helper.l3proto));
		break;
	case NFT_OBJECT_CT_TIMEOUT:
		tp = sobj_timeout_proto(o->timeout.l4proto);
		nft_print(octx, "protocol %s; l3proto %s; policy = { ",
			  sobj_l4proto_name(o->timeout.l4proto),
			  sobj_l3proto_name(o->timeout.l3proto));
		for (i = 0; tp && i < tp->n; i++) {
			if (o->timeout.timeout[i] == tp->dflt[i])
				continue;
			nft_print(octx, "%s%s : ", sep, tp->states[i]);
			sobj_print_duration(octx,
				       (uint64_t)o->timeout.timeout[i] * 1000);
			sep = ", ";
		}
		nft_print(octx, " }; ");
		break;
	case NFT_OBJECT_CT_EXPECT:
		nft_print(octx, "protocol %s; dport %u; timeout ",
			  sobj_l4proto_name(o->expect.l4proto), o->expect.dport);
		sobj_print_duration(octx, o->expect.timeout);
		nft_print(octx, "; size %u; l3proto %s; ", o->expect.size,
			  sobj_l3proto_name(o->expect.l3proto));
		break;
	case NFT_OBJECT_SECMARK:
		nft_print(octx, "\"%s\" ", o->secmark.ctx);
		break;
	case NFT_OBJECT_SYNPROXY:
		/* after "{" or the comment, without a space */
		if (o->synproxy.flags & NF_SYNPROXY_OPT_MSS)
			nft_print(octx, " mss %u", o->synproxy.mss);
		if (o->synproxy.flags & NF_SYNPROXY_OPT_WSCALE)
			nft_print(octx, " wscale %u", o->synproxy.wscale);
		synproxy_print_flags(o, octx, " ");
		nft_print(octx, "; ");
		break;
	}
}

/* "OP counter ip t c { packets 0 bytes 0 } ", as the system nft echoes
 * an object */
static void sobj_echo_line(struct nft_ctx *nft, const char *op,
			   const struct sobj *o)
{
	const char *lead, *trail;

	/* a synproxy's parts bring their spaces before them, "{; }" when
	 * empty; the other kinds' after them */
	lead = o->type == NFT_OBJECT_SYNPROXY ? " " : "";
	trail = *lead ? "" : " ";
	nft_print(&nft->octx, "%s %s %s %s %s {%s", op,
		  sobj_type_name(o->type), family_name(o->handle.family),
		  o->handle.table.name, o->handle.chain.name, trail);
	if (nft_output_handle(&nft->octx))
		nft_print(&nft->octx, "%s# handle %" PRIu64 "%s", lead,
			  o->handle.handle.id, trail);
	if (o->comment)
		nft_print(&nft->octx, "%scomment \"%s\"%s", lead, o->comment,
			  trail);
	sobj_echo_body(o, &nft->octx);
	nft_print(&nft->octx, "} \n");
}

void sobj_echo(struct nft_ctx *nft, struct cmd *cmd, void *owner_obj,
		      uint16_t type, void *obj)
{
	struct sobj *own = owner_obj, *o = obj;

	if (own)
		own->handle.handle.id = o->handle.handle.id;
	cmd->echo_handle = o->handle.handle.id;
	if (nft_output_json(&nft->octx))
		return;
	sobj_echo_line(nft, echo_op(cmd), o);
}

/* nft monitor: an object added (as echoed), or removed: "delete quota
 * ip t q"; JSON: the reference reads nothing of a removed counter's or
 * quota's state and configuration, which print as zeros. */
void sobj_monitor_print(struct nft_ctx *nft, const void *obj,
			const char *op)
{
	struct sobj o = *(const struct sobj *)obj;
	bool del = !strcmp(op, "delete");

	if (o.undecoded && !del) {
		monitor_failed(nft, xasprintf("cannot print %s %s in table %s %s: %s",
					      sobj_type_name(o.type),
					      o.handle.chain.name,
					      family_name(o.handle.family),
					      o.handle.table.name,
					      o.undecoded));
		return;
	}
	if (!nft_output_json(&nft->octx)) {
		if (!del)
			sobj_echo_line(nft, op, &o);
		else
			nft_print(&nft->octx, "delete %s %s %s %s\n",
				  sobj_type_name(o.type),
				  family_name(o.handle.family),
				  o.handle.table.name, o.handle.chain.name);
		return;
	}
	if (del) {
		o.comment = NULL;
		if (o.type == NFT_OBJECT_COUNTER)
			memset(&o.counter, 0, sizeof(o.counter));
		else if (o.type == NFT_OBJECT_QUOTA)
			memset(&o.quota, 0, sizeof(o.quota));
	}
	monitor_json(nft, op, sobj_json(&o, &nft->octx));
}
