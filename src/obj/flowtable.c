/*
 * The flowtable kind: "add/create/delete/destroy/list flowtable",
 * "list flowtables", flowtables inside table blocks, adding and removing
 * devices of a flowtable, and everything about it: evaluation (hook,
 * priority and devices through the code chains use), netlink build and
 * parse, the cache, text and JSON output, JSON input, and what the
 * kernel's refusals mean (a kernel without nf_flow_table above all).
 */
#include <obj.h>
#include <flowtable.h>
#include <nft.h>
#include <evaluate.h>
#include <cache.h>
#include <mnl.h>
#include <netlink.h>
#include <print.h>
#include <json.h>
#include <monitor.h>
#include <expr.h>
#include <errno.h>
#include <inttypes.h>
#include <string.h>
#include <net/if.h>
#include <libnftnl/flowtable.h>
#include <linux/netfilter.h>
#include <linux/netfilter/nf_tables.h>

#define FT_FLAGS_KNOWN	(NFT_FLOWTABLE_HW_OFFLOAD | NFT_FLOWTABLE_COUNTER)
/* Linux 6.3+; the installed kernel header may predate it */
#define MSG_DESTROYFLOWTABLE	32

/* ---- objects ---- */

struct flowtable *flowtable_alloc(void)
{
	struct flowtable *ft = xzalloc(sizeof(*ft));

	init_list_head(&ft->list);
	ft->hooknum = NF_NETDEV_INGRESS;
	return ft;
}

void flowtable_free(struct flowtable *ft)
{
	unsigned int i;

	if (!ft)
		return;
	handle_free(&ft->handle);
	xfree(ft->hookstr);
	expr_free(ft->priority);
	expr_free(ft->dev_expr);
	for (i = 0; i < ft->num_devs; i++)
		xfree(ft->devs[i]);
	xfree(ft->devs);
	xfree(ft);
}

void flowtable_list_free(struct list_head *head)
{
	struct flowtable *ft, *next;

	list_for_each_entry_safe(ft, next, head, list) {
		list_del(&ft->list);
		flowtable_free(ft);
	}
}

struct flowtable *table_lookup_flowtable(const struct table *t,
					 const char *name)
{
	struct flowtable *ft;

	if (!t || !name)
		return NULL;
	list_for_each_entry(ft, &t->flowtables, list) {
		if (ft->handle.chain.name &&
		    !strcmp(ft->handle.chain.name, name))
			return ft;
	}
	return NULL;
}

static const char *ft_name(const struct handle *h)
{
	return h->chain.name ? h->chain.name : "";
}

/* ---- evaluation ---- */

static int ft_hook_evaluate(struct eval_ctx *ectx, struct flowtable *ft)
{
	if (strcmp(ft->hookstr, "ingress"))
		return erec_error(ectx->msgs, &ft->hook_loc,
				  "flowtables hook only ingress, not '%s'",
				  ft->hookstr);
	ft->hooknum = NF_NETDEV_INGRESS;
	if (!ft->priority)
		return erec_error(ectx->msgs, &ft->hook_loc,
				  "a flowtable hook needs a priority");
	/* named as the netdev family's ingress hook names them */
	return hook_prio_evaluate(ectx, ft->priority, &ft->prio_loc,
				  "invalid priority expression value.",
				  NFPROTO_NETDEV, NF_NETDEV_INGRESS, &ft->prio);
}

int flowtable_evaluate(struct eval_ctx *ectx, struct flowtable *ft)
{
	/* the family: the kernel's to refuse, as the reference lets it */
	if (name_evaluate(ectx, &ft->handle.chain, "flowtable") < 0)
		return -1;
	if (ft->has_hook && ft_hook_evaluate(ectx, ft) < 0)
		return -1;
	return hook_devices_evaluate(ectx, ft->dev_expr, &ft->devs,
				     &ft->num_devs, "flowtable");
}

static int ft_cmd_evaluate(struct eval_ctx *ectx, struct cmd *cmd)
{
	if (table_ref_evaluate(ectx, &cmd->handle) < 0)
		return -1;
	if (!cmd->data)
		return name_evaluate(ectx, &cmd->handle.chain, "flowtable");
	return flowtable_evaluate(ectx, cmd->data);
}

static int ft_delete_evaluate(struct eval_ctx *ectx, struct cmd *cmd)
{
	struct flowtable *ft = cmd->data;

	if (!ft)
		return 0;
	if (cmd->op == CMD_DESTROY)
		return erec_error(ectx->msgs, &cmd->location,
				  "destroy takes no device list; use delete to remove devices");
	if (ft->has_hook || ft->flags_given)
		return erec_error(ectx->msgs, &cmd->location,
				  "delete flowtable takes only a device list");
	return hook_devices_evaluate(ectx, ft->dev_expr, &ft->devs,
				     &ft->num_devs, "flowtable");
}

/* ---- netlink ---- */

/* @adding: a new flowtable or new devices (NFT_MSG_NEWFLOWTABLE) */
static struct nftnl_flowtable *ft_build(const struct handle *h,
					const struct flowtable *ft, bool adding)
{
	struct nftnl_flowtable *nlf = nftnl_flowtable_alloc();
	const char **devs;

	if (!nlf)
		memory_allocation_error();
	nftnl_flowtable_set_u32(nlf, NFTNL_FLOWTABLE_FAMILY, h->family);
	if (h->table.name)
		nftnl_flowtable_set_str(nlf, NFTNL_FLOWTABLE_TABLE,
					h->table.name);
	if (h->chain.name)
		nftnl_flowtable_set_str(nlf, NFTNL_FLOWTABLE_NAME,
					h->chain.name);
	if (h->handle.id)
		nftnl_flowtable_set_u64(nlf, NFTNL_FLOWTABLE_HANDLE,
					h->handle.id);
	if (!ft)
		return nlf;
	if (ft->has_hook) {
		nftnl_flowtable_set_u32(nlf, NFTNL_FLOWTABLE_HOOKNUM,
					ft->hooknum);
		nftnl_flowtable_set_s32(nlf, NFTNL_FLOWTABLE_PRIO, ft->prio);
	}
	if (ft->flags_given || ft->has_hook)
		nftnl_flowtable_set_u32(nlf, NFTNL_FLOWTABLE_FLAGS, ft->flags);
	if (ft->num_devs) {
		devs = hook_devs_array(ft->devs, ft->num_devs, adding);
		nftnl_flowtable_set_array(nlf, NFTNL_FLOWTABLE_DEVICES, devs);
		xfree(devs);
	}
	return nlf;
}

static int ft_put(struct exec_ctx *x, uint16_t type, uint16_t flags,
		  const struct handle *h, const void *obj)
{
	struct nftnl_flowtable *nlf = ft_build(h, obj,
					       type == NFT_MSG_NEWFLOWTABLE);
	struct nlmsghdr *nlh;

	flags |= exec_echo_flag(x, type);
	nlh = batch_msg_start(x->batch, type, h->family, flags);
	nftnl_flowtable_nlmsg_build_payload(nlh, nlf);
	batch_msg_end(x->batch, nlh);
	nftnl_flowtable_free(nlf);
	return 0;
}

/* A dumped flowtable; NULL (with *why) if it cannot be listed exactly. */
static struct flowtable *ft_parse(const struct nftnl_flowtable *nlf,
				  char **why)
{
	struct flowtable *ft = flowtable_alloc();
	const char *const *devs;
	unsigned int n;
	char buf[16];

	ft->handle.family = nftnl_flowtable_get_u32(nlf,
						    NFTNL_FLOWTABLE_FAMILY);
	ft->handle.table.name =
		xstrdup(nftnl_flowtable_get_str(nlf, NFTNL_FLOWTABLE_TABLE));
	ft->handle.chain.name =
		xstrdup(nftnl_flowtable_get_str(nlf, NFTNL_FLOWTABLE_NAME));
	ft->handle.handle.id = nftnl_flowtable_get_u64(nlf,
						       NFTNL_FLOWTABLE_HANDLE);
	ft->has_hook = true;
	ft->hooknum = nftnl_flowtable_get_u32(nlf, NFTNL_FLOWTABLE_HOOKNUM);
	ft->hookstr = xstrdup("ingress");
	ft->prio = nftnl_flowtable_get_s32(nlf, NFTNL_FLOWTABLE_PRIO);
	snprintf(buf, sizeof(buf), "%d", ft->prio);
	ft->priority = symbol_expr_alloc(&internal_location, buf, false);
	ft->flags = nftnl_flowtable_get_u32(nlf, NFTNL_FLOWTABLE_FLAGS);
	ft->use = nftnl_flowtable_get_u32(nlf, NFTNL_FLOWTABLE_USE);
	if (nftnl_flowtable_is_set(nlf, NFTNL_FLOWTABLE_DEVICES)) {
		devs = nftnl_flowtable_get_array(nlf, NFTNL_FLOWTABLE_DEVICES);
		for (n = 0; devs && devs[n]; n++)
			;
		ft->devs = xzalloc((n + 1) * sizeof(*ft->devs));
		for (ft->num_devs = 0; ft->num_devs < n; ft->num_devs++)
			ft->devs[ft->num_devs] = xstrdup(devs[ft->num_devs]);
		qsort(ft->devs, ft->num_devs, sizeof(*ft->devs),
		      dev_name_cmp);
	}
	if (why && ft->hooknum != NF_NETDEV_INGRESS)
		*why = xasprintf("flowtable %s: its hook %u is one this nft does not know",
				 ft_name(&ft->handle), ft->hooknum);
	else if (why && ft->flags & ~FT_FLAGS_KNOWN)
		*why = xasprintf("flowtable %s: it has flags 0x%x that this nft does not know",
				 ft_name(&ft->handle),
				 ft->flags & ~FT_FLAGS_KNOWN);
	return ft;
}

static void *ft_nl_parse(struct nft_ctx *nft, const struct nlmsghdr *nlh,
			 char **why)
{
	struct nftnl_flowtable *nlf = nftnl_flowtable_alloc();
	struct flowtable *ft = NULL;

	*why = NULL;
	if (!nlf)
		memory_allocation_error();
	if (!mnl_msg_broken(nlh) && nftnl_flowtable_nlmsg_parse(nlh, nlf) == 0)
		ft = ft_parse(nlf, NULL);
	nftnl_flowtable_free(nlf);
	return ft;
}

static void ft_obj_free(void *obj)
{
	flowtable_free(obj);
}

/* ---- the cache ---- */

static int ft_fetch_cb(const struct nlmsghdr *nlh, void *data)
{
	struct nftnl_flowtable *nlf = nftnl_flowtable_alloc();
	struct nft_ctx *nft = data;
	struct flowtable *ft;
	struct table *t;

	if (!nlf)
		memory_allocation_error();
	if (mnl_msg_broken(nlh) || nftnl_flowtable_nlmsg_parse(nlh, nlf) < 0) {
		nftnl_flowtable_free(nlf);
		return MNL_CB_OK;
	}
	ft = ft_parse(nlf, NULL);
	nftnl_flowtable_free(nlf);
	t = cache_table_lookup(&nft->cache, ft->handle.family,
			       ft->handle.table.name);
	if (t)
		list_add_tail(&ft->list, &t->flowtables);
	else
		flowtable_free(ft);	/* filtered out */
	return MNL_CB_OK;
}

int flowtable_cache_fetch(struct nft_ctx *nft, const struct cache_filter *f)
{
	if (mnl_dump_table_objs(nft, NFT_MSG_GETFLOWTABLE, f->family,
				f->table, ft_fetch_cb, nft) < 0)
		return errno == ENOENT ? 0 : -1;
	return 0;
}

/* ---- execution ---- */

static int ft_execute(struct exec_ctx *x, struct cmd *cmd)
{
	struct flowtable *ft = cmd->data;

	switch (cmd->op) {
	case CMD_ADD:
		return ft_put(x, NFT_MSG_NEWFLOWTABLE, NLM_F_CREATE,
			      &cmd->handle, ft);
	case CMD_CREATE:
		return ft_put(x, NFT_MSG_NEWFLOWTABLE,
			      NLM_F_CREATE | NLM_F_EXCL, &cmd->handle, ft);
	case CMD_DELETE:
		/* With devices, only those leave the flowtable. */
		return ft_put(x, NFT_MSG_DELFLOWTABLE, 0, &cmd->handle,
			      ft && ft->num_devs ? ft : NULL);
	case CMD_DESTROY:
		return ft_put(x, MSG_DESTROYFLOWTABLE, 0, &cmd->handle,
			      NULL);
	default:
		return erec_error(x->msgs, &cmd->location,
				  "%s flowtable is not supported",
				  cmd_op_name(cmd->op));
	}
}

/* ---- text output ---- */

/* The body: each item after @pre and before @post ("\t\t", "\n" in
 * listings; "", "; " on one line). */
static void ft_print_body(const struct flowtable *ft, struct output_ctx *octx,
			  const char *pre, const char *post)
{
	char prio[64];
	unsigned int i;

	prio_format(prio, sizeof(prio), NFPROTO_NETDEV, NF_NETDEV_INGRESS,
		    ft->prio, nft_output_numeric_prio(octx));
	nft_print(octx, "%shook ingress priority %s%s", pre, prio, post);
	if (ft->num_devs) {
		nft_print(octx, "%sdevices = { ", pre);
		for (i = 0; i < ft->num_devs; i++)
			nft_print(octx, "%s\"%s\"", i ? ", " : "",
				  ft->devs[i]);
		nft_print(octx, " }%s", post);
	}
	if (ft->flags & NFT_FLOWTABLE_COUNTER)
		nft_print(octx, "%scounter%s", pre, post);
	if (ft->flags & NFT_FLOWTABLE_HW_OFFLOAD)
		nft_print(octx, "%sflags " FLOWTABLE_FLAG_OFFLOAD "%s", pre,
			  post);
}

void flowtable_print(const struct flowtable *ft, struct output_ctx *octx)
{
	nft_print(octx, "\tflowtable %s {", ft_name(&ft->handle));
	if (nft_output_handle(octx))
		nft_print(octx, " # handle %" PRIu64, ft->handle.handle.id);
	nft_print(octx, "\n");
	ft_print_body(ft, octx, "\t\t", "\n");
	nft_print(octx, "\t}\n");
}

/* -e: "add flowtable inet t ft { hook ingress priority filter; ... }" */
static void ft_echo(struct nft_ctx *nft, struct cmd *cmd, void *owner_obj,
		    uint16_t type, void *obj)
{
	struct output_ctx *octx = &nft->octx;
	struct flowtable *own = owner_obj, *ft = obj;

	if (own)
		own->handle.handle.id = ft->handle.handle.id;
	cmd->echo_handle = ft->handle.handle.id;
	if (nft_output_json(octx) || type != NFT_MSG_NEWFLOWTABLE)
		return;
	nft_print(octx, "%s flowtable %s %s %s { ", echo_op(cmd),
		  family_name(ft->handle.family), ft->handle.table.name,
		  ft_name(&ft->handle));
	ft_print_body(ft, octx, "", "; ");
	nft_print(octx, "}");
	if (nft_output_handle(octx))
		nft_print(octx, " # handle %" PRIu64, ft->handle.handle.id);
	nft_print(octx, "\n");
}

/* nft monitor: a flowtable added, as echoed, or removed (its names);
 * modelled on the other kinds' events, not yet compared with 1.1.3's
 * (the host kernel has no flowtables). */
static void ft_monitor_print(struct nft_ctx *nft, const void *obj,
			     const char *op)
{
	bool del = !strcmp(op, "delete");
	struct output_ctx *octx = &nft->octx;
	const struct flowtable *ft = obj;

	if (nft_output_json(octx)) {
		monitor_json(nft, op,
			     del ? json_pack("{s:{s:s, s:s, s:s, s:I}}",
					     "flowtable", "family",
					     family_name(ft->handle.family),
					     "name", ft_name(&ft->handle),
					     "table", ft->handle.table.name,
					     "handle",
					     (json_int_t)ft->handle.handle.id) :
			     flowtable_json(ft, octx));
		return;
	}
	nft_print(octx, "%s flowtable %s %s %s", op,
		  family_name(ft->handle.family), ft->handle.table.name,
		  ft_name(&ft->handle));
	if (!del) {
		nft_print(octx, " { ");
		ft_print_body(ft, octx, "", "; ");
		nft_print(octx, "}");
		if (nft_output_handle(octx))
			nft_print(octx, " # handle %" PRIu64,
				  ft->handle.handle.id);
	}
	nft_print(octx, "\n");
}

static int ft_monitor(struct nft_ctx *nft, const struct nlmsghdr *nlh,
		      bool del)
{
	return monitor_parsed(nft, &flowtable_obj_ops, nlh, del,
			      ft_monitor_print);
}

const char *table_print_flowtables(const struct table *t,
				   struct output_ctx *octx, const char *delim)
{
	const struct flowtable *ft;

	list_for_each_entry(ft, &t->flowtables, list) {
		nft_print(octx, "%s", delim);
		flowtable_print(ft, octx);
		delim = "\n";
	}
	return delim;
}

/* ---- JSON output ---- */

json_t *flowtable_json(const struct flowtable *ft, struct output_ctx *octx)
{
	json_t *root = json_object(), *devs, *flags;
	unsigned int i;

	json_object_set_new(root, "family",
			    json_string(family_name(ft->handle.family)));
	json_object_set_new(root, "name", json_string(ft_name(&ft->handle)));
	json_object_set_new(root, "table",
			    json_string(ft->handle.table.name));
	json_object_set_new(root, "handle",
			    json_integer(ft->handle.handle.id));
	json_object_set_new(root, "hook", json_string("ingress"));
	json_object_set_new(root, "prio", json_integer(ft->prio));
	if (ft->num_devs == 1) {
		json_object_set_new(root, "dev", json_string(ft->devs[0]));
	} else if (ft->num_devs) {
		devs = json_array();
		for (i = 0; i < ft->num_devs; i++)
			json_array_append_new(devs, json_string(ft->devs[i]));
		json_object_set_new(root, "dev", devs);
	}
	if (ft->flags & NFT_FLOWTABLE_HW_OFFLOAD) {
		flags = json_array();
		json_array_append_new(flags,
				      json_string(FLOWTABLE_FLAG_OFFLOAD));
		json_object_set_new(root, "flags", flags);
	}
	if (ft->flags & NFT_FLOWTABLE_COUNTER)
		json_object_set_new(root, "counter", json_true());
	return json_wrap("flowtable", root);
}

static void ft_obj_print(const void *obj, struct output_ctx *octx)
{
	flowtable_print(obj, octx);
}

static json_t *ft_obj_json(const void *obj, struct output_ctx *octx)
{
	return flowtable_json(obj, octx);
}

/* ---- listing: "list flowtable T NAME", "list flowtables [family]" ---- */

static bool list_contains(const struct list_head *head,
			  const struct list_head *e)
{
	const struct list_head *pos;

	for (pos = head->next; pos != head; pos = pos->next) {
		if (pos == e)
			return true;
	}
	return false;
}

static void ft_list_text(struct nft_ctx *nft, const struct table *t,
			 const struct flowtable *only)
{
	const struct flowtable *ft;

	nft_print(&nft->octx, "table %s %s {\n",
		  family_name(t->handle.family), t->handle.table.name);
	list_for_each_entry(ft, &t->flowtables, list) {
		if (!only || ft == only)
			flowtable_print(ft, &nft->octx);
	}
	nft_print(&nft->octx, "}\n");
}

static void ft_list_json(struct nft_ctx *nft, json_t *array,
			 const struct table *t, const struct flowtable *only)
{
	const struct flowtable *ft;

	list_for_each_entry(ft, &t->flowtables, list) {
		if (!only || ft == only)
			json_array_append_new(array,
					      flowtable_json(ft, &nft->octx));
	}
}

static void ft_json_print(struct nft_ctx *nft, json_t *array)
{
	json_t *root = json_wrap("nftables", array);
	FILE *fp = nft->octx.output_fp ? nft->octx.output_fp : stdout;
	char *s = json_dumps(root, JSON_PRESERVE_ORDER);

	/* not compact: ", " and ": " as the listings' layout */
	json_decref(root);
	if (!s)
		return;
	fprintf(fp, "%s\n", s);
	free(s);
}

static int ft_list(struct nft_ctx *nft, struct cmd *cmd,
		   struct list_head *msgs)
{
	const struct handle *h = &cmd->handle;
	struct cache_filter f = {
		.family = h->family,
		.table = cmd->obj == CMD_OBJ_FLOWTABLE ? h->table.name : NULL,
	};
	const struct flowtable *only = NULL;
	bool json = nft_output_json(&nft->octx);
	json_t *array = NULL;
	struct table *t;

	if (cache_fetch(nft, NFT_CACHE_TABLE | NFT_CACHE_FLOWTABLE, &f,
			msgs) < 0)
		return -1;
	if (cmd->obj == CMD_OBJ_FLOWTABLE) {
		t = cache_table_lookup(&nft->cache, h->family, h->table.name);
		if (!t)
			return erec_error(msgs, cmd_loc_or(cmd,
							   &h->table.location),
					  "%s", strerror(ENOENT));
		only = table_lookup_flowtable(t, h->chain.name);
		if (!only)
			return erec_error(msgs, cmd_loc_or(cmd,
							   &h->chain.location),
					  "%s", strerror(ENOENT));
	}
	if (json) {
		array = json_array();
		json_array_append_new(array, json_metainfo());
	}
	list_for_each_entry(t, &nft->cache.tables, list) {
		if (h->family != NFPROTO_UNSPEC &&
		    t->handle.family != h->family)
			continue;
		if (only && !list_contains(&t->flowtables, &only->list))
			continue;
		if (json)
			ft_list_json(nft, array, t, only);
		else
			ft_list_text(nft, t, only);
	}
	if (json)
		ft_json_print(nft, array);
	return 0;
}

/* ---- kernel errors ---- */

static char *ft_explain_missing(const struct cmd *cmd,
				const struct location **loc);

static bool ft_family_ok(uint32_t family)
{
	return family == NFPROTO_IPV4 || family == NFPROTO_IPV6 ||
	       family == NFPROTO_INET;
}

static const char no_flowtables[] =
	"this kernel does not support flowtables (nf_flow_table, nf_flow_table_inet)";

static const char *ft_missing_dev(const struct flowtable *ft)
{
	unsigned int i;

	for (i = 0; ft && i < ft->num_devs; i++) {
		if (!if_nametoindex(ft->devs[i]))
			return ft->devs[i];
	}
	return NULL;
}

static char *ft_explain_attr(const struct mnl_err *e, const struct cmd *cmd,
			     const void *obj, const struct location **loc)
{
	const struct flowtable *ft = obj;
	const char *dev;

	if (mnl_err_path_is(e, 1, NFTA_FLOWTABLE_TABLE) && e->err == ENOENT) {
		*loc = cmd_loc_or(cmd, &cmd->handle.table.location);
		return xasprintf("table '%s' does not exist in family %s",
				 cmd_table_name(cmd),
				 family_name(cmd->handle.family));
	}
	if (mnl_err_path_is(e, 3, NFTA_FLOWTABLE_HOOK,
			    NFTA_FLOWTABLE_HOOK_DEVS, NFTA_DEVICE_NAME) && ft) {
		dev = nla_str(e->attr);
		*loc = dev_expr_location(ft->dev_expr, dev, &cmd->location);
		e->out->note = cmd->op != CMD_DELETE;
		if (e->err == ENOENT || e->err == ENODEV)
			return xasprintf(cmd->op == CMD_DELETE ?
					 "device '%s' is not a device of this flowtable" :
					 "device '%s' does not exist",
					 dev ? dev : "?");
		if (e->err == EEXIST || e->err == EBUSY)
			return xasprintf("device '%s' is already used by another flowtable",
					 dev ? dev : "?");
	}
	return NULL;
}

/* Deleting devices: the kernel does not say which one the flowtable
 * lacks, the cache does. */
static char *ft_explain_dev_delete(struct nft_ctx *nft, const struct cmd *cmd,
				   const struct flowtable *ft,
				   const struct location **loc)
{
	const struct handle *h = &cmd->handle;
	const struct flowtable *cur;
	unsigned int i, j;

	cur = table_lookup_flowtable(cache_table_lookup(&nft->cache,
							h->family,
							h->table.name),
				     h->chain.name);
	if (!cur)
		return ft_explain_missing(cmd, loc);
	for (i = 0; i < ft->num_devs; i++) {
		for (j = 0; j < cur->num_devs; j++)
			if (!strcmp(ft->devs[i], cur->devs[j]))
				break;
		if (j < cur->num_devs)
			continue;
		*loc = dev_expr_location(ft->dev_expr, ft->devs[i],
					 &cmd->location);
		return xasprintf("device '%s' is not a device of flowtable '%s'",
				 ft->devs[i], ft_name(h));
	}
	return NULL;
}

/*
 * A new flowtable refused with ENOENT at its name: the kernel found no
 * flowtable type for the family (nf_flow_table_inet is not there), or,
 * given no hook, the flowtable to change the devices of does not exist.
 */
static char *ft_explain(struct nft_ctx *nft, const struct mnl_err *e,
			const struct cmd *cmd, const void *obj,
			const struct location **loc)
{
	const struct flowtable *ft = obj;
	const char *dev;

	if (e->msg_type == NFT_MSG_DELFLOWTABLE && ft && ft->num_devs &&
	    e->err == ENOENT)
		return ft_explain_dev_delete(nft, cmd, ft, loc);
	if (e->msg_type != NFT_MSG_NEWFLOWTABLE || !ft)
		return NULL;
	if (e->err == ENOENT && ft->has_hook &&
	    (dev = ft_missing_dev(ft))) {
		*loc = dev_expr_location(ft->dev_expr, dev, &cmd->location);
		e->out->note = true;
		return xasprintf("device '%s' does not exist", dev);
	}
	/* the kernel has no flowtable type for the family */
	if (e->err == ENOENT && ft->has_hook) {
		e->out->note = true;
		if (!ft_family_ok(ft->handle.family))
			return xasprintf("flowtables are only available in the ip, ip6 and inet families, not in %s",
					 family_name(ft->handle.family));
		return xstrdup(no_flowtables);
	}
	/* add of an existing flowtable updates it: the clash is a device's */
	if (e->err == EEXIST && cmd->op != CMD_CREATE && ft->dev_expr) {
		*loc = &ft->dev_expr->location;
		return xasprintf("a device of flowtable '%s' is already used by another flowtable",
				 ft_name(&ft->handle));
	}
	if (e->err == ENOENT)
		return xasprintf("flowtable '%s' does not exist in table %s %s: give hook and priority to add it",
				 ft_name(&ft->handle),
				 family_name(ft->handle.family),
				 ft->handle.table.name);
	if (e->err == EOPNOTSUPP && ft->flags & NFT_FLOWTABLE_HW_OFFLOAD)
		return xasprintf("the devices of flowtable '%s' cannot offload flows to hardware (flags offload), or it exists without that flag",
				 ft_name(&ft->handle));
	if (e->err == EOPNOTSUPP)
		return xasprintf("flowtable '%s' exists with another hook, priority or offload flag (those cannot change)",
				 ft_name(&ft->handle));
	return NULL;
}

static char *ft_explain_missing(const struct cmd *cmd,
				const struct location **loc)
{
	const struct handle *h = &cmd->handle;

	if (h->chain.name) {
		*loc = cmd_loc_or(cmd, &h->chain.location);
		return xasprintf("flowtable '%s' does not exist in table %s %s",
				 h->chain.name, family_name(h->family),
				 cmd_table_name(cmd));
	}
	*loc = cmd_loc_or(cmd, &h->handle.location);
	return xasprintf("no flowtable with handle %llu in table %s %s",
			 (unsigned long long)h->handle.id,
			 family_name(h->family), cmd_table_name(cmd));
}

static char *ft_explain_exists(const struct cmd *cmd,
			       const struct location **loc)
{
	if (cmd->op != CMD_CREATE)
		return NULL;
	*loc = cmd_loc_or(cmd, &cmd->handle.chain.location);
	return xasprintf("flowtable '%s' already exists in table %s %s",
			 cmd_chain_name(cmd), family_name(cmd->handle.family),
			 cmd_table_name(cmd));
}

static const char *ft_strerror(int err, const struct cmd *cmd)
{
	switch (err) {
	case EBUSY:
		return "flowtable is in use: rules still add flows to it";
	case EEXIST:
		if (cmd->op == CMD_CREATE)
			return NULL;
		return "a device is already used by another flowtable";
	}
	return NULL;
}

/* ---- JSON input ---- */

static int json_ft_flags(struct json_ctx *jctx, json_t *v, uint32_t *flags)
{
	const char *name;
	size_t idx;
	json_t *f;

	if (json_is_string(v))
		f = json_pack("[O]", v);
	else if (json_is_array(v))
		f = json_incref(v);
	else
		return json_error(jctx, "flags",
				  "\"flags\" must be a string or an array of strings");
	json_array_foreach(f, idx, v) {
		name = json_string_value(v);
		if (!name || strcmp(name, FLOWTABLE_FLAG_OFFLOAD)) {
			json_error(jctx, "flags",
				   "unknown flowtable flag \"%s\": expected \"offload\"",
				   name ? name : json_type_name(v));
			json_decref(f);
			return -1;
		}
		*flags |= NFT_FLOWTABLE_HW_OFFLOAD;
	}
	json_decref(f);
	return 0;
}

static int json_ft_hook(struct json_ctx *jctx, json_t *obj,
			struct flowtable *ft)
{
	const char *hook;
	json_t *prio = json_object_get(obj, "prio");

	if (json_req_string(jctx, obj, "hook", &hook) < 0)
		return -1;
	if (!prio)
		return json_error(jctx, "",
				  "missing \"prio\": a flowtable needs a priority");
	ft->has_hook = true;
	ft->hookstr = xstrdup(hook);
	ft->hook_loc = json_location(jctx, "hook");
	ft->priority = json_hook_prio(jctx, prio);
	return ft->priority ? 0 : -1;
}

static int json_ft_body(struct json_ctx *jctx, json_t *obj,
			struct flowtable *ft)
{
	json_t *dev = json_object_get(obj, "dev");
	json_t *flags = json_object_get(obj, "flags");
	json_t *counter = json_object_get(obj, "counter");

	if ((json_object_get(obj, "hook") || json_object_get(obj, "prio")) &&
	    json_ft_hook(jctx, obj, ft) < 0)
		return -1;
	if (dev) {
		ft->dev_expr = json_hook_devs(jctx, dev);
		if (!ft->dev_expr)
			return -1;
	}
	if (flags) {
		if (json_ft_flags(jctx, flags, &ft->flags) < 0)
			return -1;
		ft->flags_given = true;
	}
	if (counter) {
		if (!json_is_boolean(counter))
			return json_error(jctx, "counter",
					  "\"counter\" must be true or false");
		if (json_is_true(counter))
			ft->flags |= NFT_FLOWTABLE_COUNTER;
		ft->flags_given = true;
	}
	return 0;
}

static struct cmd *json_ft_cmd(struct json_ctx *jctx, enum cmd_ops op,
			       bool bare, json_t *obj)
{
	struct handle h = {};
	struct flowtable *ft = NULL;

	if (json_table_ref(jctx, obj, "flowtable", &h) < 0 ||
	    json_parse_name(jctx, obj, op, &h.chain, &h) < 0)
		goto err;
	if (json_op_is_add(op) ||
	    (op == CMD_DELETE && json_object_get(obj, "dev"))) {
		ft = flowtable_alloc();
		handle_copy(&ft->handle, &h);
		ft->location = json_location(jctx, "");
		if (json_ft_body(jctx, obj, ft) < 0)
			goto err;
	}
	return json_cmd_new(jctx, op, CMD_OBJ_FLOWTABLE, &h, ft);
err:
	flowtable_free(ft);
	handle_free(&h);
	return NULL;
}

static void ft_cmd_free(struct cmd *cmd)
{
	flowtable_free(cmd->data);
}

/* Deleting devices: the flowtable as it is tells which one it lacks. */
static unsigned int ft_cmd_needs(const struct cmd *cmd)
{
	if (cmd->op == CMD_DELETE && cmd->data)
		return NFT_CACHE_TABLE | NFT_CACHE_FLOWTABLE;
	return cmd->op == CMD_ADD || cmd->op == CMD_CREATE ?
	       NFT_CACHE_TABLE : 0;
}

static const char *const flowtable_json_keys[] = {
	"family", "table", "name", "handle", "hook", "prio", "dev", "flags",
	"counter", NULL,
};

static const struct location *ft_block_location(const void *obj)
{
	const struct flowtable *ft = obj;

	return &ft->handle.chain.location;
}

const struct obj_ops flowtable_obj_ops = {
	.obj		= CMD_OBJ_FLOWTABLE,
	.name		= "flowtable",
	.flags		= OBJ_F_LIST,
	.evaluate	= ft_cmd_evaluate,
	.evaluate_delete = ft_delete_evaluate,
	.cache_needs	= ft_cmd_needs,
	.list_needs	= NFT_CACHE_TABLE | NFT_CACHE_FLOWTABLE,
	.execute	= ft_execute,
	.msg_new	= NFT_MSG_NEWFLOWTABLE,
	.msg_del	= NFT_MSG_DELFLOWTABLE,
	.nl_put		= ft_put,
	.nl_parse	= ft_nl_parse,
	.obj_free	= ft_obj_free,
	.list		= ft_list,
	.print		= ft_obj_print,
	.json		= ft_obj_json,
	.echo		= ft_echo,
	.monitor	= ft_monitor,
	.strerror	= ft_strerror,
	.explain_attr	= ft_explain_attr,
	.explain	= ft_explain,
	.explain_missing = ft_explain_missing,
	.explain_exists	= ft_explain_exists,
	.free		= ft_cmd_free,
	.json_cmds	= OBJ_CMD(CMD_ADD) | OBJ_CMD(CMD_CREATE) |
			  OBJ_CMD(CMD_DELETE) | OBJ_CMD(CMD_DESTROY) |
			  OBJ_CMD(CMD_LIST),
	.json_parse	= json_ft_cmd,
	.json_keys	= flowtable_json_keys,
	.block_location	= ft_block_location,
};

const struct obj_ops flowtables_obj_ops = {
	.obj		= CMD_OBJ_FLOWTABLES,
	.name		= "flowtables",
	.flags		= OBJ_F_ALL_TABLES | OBJ_F_LIST,
	.list_needs	= NFT_CACHE_TABLE | NFT_CACHE_FLOWTABLE,
	.list		= ft_list,
	.json_cmds	= OBJ_CMD(CMD_LIST),
};
