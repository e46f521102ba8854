/*
 * Stateful objects, output: the frame of their text (listings and echo
 * lines, as the system nft writes them) and JSON around each kind's
 * body (src/obj/sobj_<kind>.c), the dump that fills the cache, "list|
 * reset counters|counter ..." and nft monitor's lines (src/obj/sobj.c
 * has the rest).
 */
#include <obj.h>
#include <sobj_kind.h>
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

const char *sobj_bytes_unit(uint64_t bytes, uint64_t *v)
{
	static const struct {
		const char *name;
		uint64_t bytes;
	} units[] = { { "mbytes", 1 << 20 }, { "kbytes", 1 << 10 } };
	unsigned int i;

	for (i = 0; i < array_size(units); i++) {
		if (bytes && bytes % units[i].bytes == 0) {
			*v = bytes / units[i].bytes;
			return units[i].name;
		}
	}
	*v = bytes;
	return "bytes";
}

void sobj_print_bytes(struct output_ctx *octx, uint64_t bytes)
{
	const char *unit;
	uint64_t v;

	unit = sobj_bytes_unit(bytes, &v);
	nft_print(octx, "%" PRIu64 " %s", v, unit);
}

/* The body lines of an object, each starting with @tab. */
static void sobj_print_body(const struct sobj *o, struct output_ctx *octx,
			    const char *tab)
{
	const struct sobj_ops *k = sobj_ops_lookup(o->type);

	if (k)
		k->print(o, octx, tab, "\n");
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

json_t *sobj_json(const struct sobj *o, struct output_ctx *octx)
{
	const struct sobj_ops *k = sobj_ops_lookup(o->type);
	json_t *r = json_object();

	json_object_set_new(r, "family",
			    json_string(family_name(o->handle.family)));
	json_object_set_new(r, "name", json_string(o->handle.chain.name));
	json_object_set_new(r, "table", json_string(o->handle.table.name));
	json_object_set_new(r, "handle", json_integer(o->handle.handle.id));
	if (o->comment)
		json_object_set_new(r, "comment", json_string(o->comment));
	if (k)
		k->json(o, r);
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

/* Whether table T holds objects of any kind: "list ct expectation table
 * T" prints T's empty block when it holds others but no expectation, as
 * 1.1.3 does. */
static bool sobj_table_has_any(struct nft_ctx *nft, const struct handle *h)
{
	LIST_HEAD(objs);
	struct sobj_dump d = { nft, &objs };
	bool any;

	if (mnl_obj_request(nft, NFT_MSG_GETOBJ, h->family, h->table.name,
			    NULL, 0, sobj_dump_cb, &d) < 0)
		any = false;
	else
		any = !list_empty(&objs);
	sobj_list_free(&objs);
	return any;
}

/* "list counters [table T]", "list counter T c", "reset ...": ask the
 * kernel for exactly those objects (reset: and zero them), then print
 * them grouped by table as the system nft does. */
int sobj_list(struct nft_ctx *nft, struct cmd *cmd,
		     struct list_head *msgs)
{
	const struct handle *h = &cmd->handle;
	bool all = false, json = nft_output_json(&nft->octx);
	const struct sobj_ops *k = sobj_ops_by_cmd(cmd->obj, &all);
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
	else if (cmd->obj == CMD_OBJ_CT_EXPECTS && h->table.name &&
		 sobj_table_has_any(nft, h))
		nft_print(octx, "table %s %s {\n}\n", family_name(h->family),
			  h->table.name);
	sobj_list_free(&objs);
	return 0;
}

/* The one-line body of an echo, as the system nft writes it (its
 * spacing included): "packets 0 bytes 0 ", "type "ftp" protocol tcp;
 * l3proto ip; ". */
static void sobj_echo_body(const struct sobj *o, struct output_ctx *octx)
{
	const struct sobj_ops *k = sobj_ops_lookup(o->type);

	if (!k)
		return;
	if (k->echo)
		k->echo(o, octx);
	else
		k->print(o, octx, "", " ");
}

/* "OP counter ip t c { packets 0 bytes 0 } ", as the system nft echoes
 * an object */
static void sobj_echo_line(struct nft_ctx *nft, const char *op,
			   const struct sobj *o)
{
	const struct sobj_ops *k = sobj_ops_lookup(o->type);
	const char *lead, *trail;

	/* a synproxy's parts bring their spaces before them, "{; }" when
	 * empty; the other kinds' after them */
	lead = k && k->echo_lead_space ? " " : "";
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
	const struct sobj_ops *k;

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
		k = sobj_ops_lookup(o.type);
		if (k && k->deleted)
			k->deleted(&o);
	}
	monitor_json(nft, op, sobj_json(&o, &nft->octx));
}
