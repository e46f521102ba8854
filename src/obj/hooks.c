/*
 * "list hooks [FAMILY] [device DEV]": every function the kernel runs on
 * a family's hook points, nft chains and others (conntrack, defrag,
 * flowtables, ...), in the order the kernel runs them, from its nfnetlink
 * hook subsystem (NFNL_SUBSYS_HOOK, Linux 5.14,
 * CONFIG_NETFILTER_NETLINK_HOOK). Not part of the ruleset, so the kind
 * lists itself. The layout is upstream 1.1.3's:
 *
 *	family ip {
 *		hook input {
 *			-0000000003 chain inet t in [nf_tables]
 *			+2147483647 ipv4_confirm [nf_conntrack]
 *		}
 *	}
 *	family netdev {
 *		hook ingress device v0 {
 *			+0000000005 chain netdev n ing [nf_tables]
 *		}
 *	}
 *
 * Without a family: arp, ip, ip6, bridge, then the netdev hooks of the
 * device named, or of every device of the namespace (the last made
 * first); "inet" is ip and ip6; "netdev" the netdev hooks alone. A device
 * given to another family is noted in a comment and in the hooks' heads.
 * Families and hooks with nothing on them are left out, as are requests
 * the kernel refuses (an old kernel), but a netdev device that does not
 * exist is an error.
 */
#include <arpa/inet.h>
#include <obj.h>
#include <nft.h>
#include <nftables.h>
#include <mnl.h>
#include <erec.h>
#include <string.h>
#include <errno.h>
#include <net/if.h>
#include <linux/netfilter.h>
#include <linux/netfilter/nfnetlink.h>
#include <linux/netfilter/nfnetlink_hook.h>

struct hook_family {
	uint8_t		nfproto;
	const char	*name;
	const char	*const *hooks;	/* by hook number */
	unsigned int	nhooks;
};

static const char *const ip_hooks[] = {
	"prerouting", "input", "forward", "output", "postrouting",
};
static const char *const arp_hooks[] = { "input", "output" };
static const char *const netdev_hooks[] = { "ingress", "egress" };

static const struct hook_family hook_families[] = {
	{ NFPROTO_IPV4,   "ip",     ip_hooks,     array_size(ip_hooks) },
	{ NFPROTO_IPV6,   "ip6",    ip_hooks,     array_size(ip_hooks) },
	{ NFPROTO_BRIDGE, "bridge", ip_hooks,     array_size(ip_hooks) },
	{ NFPROTO_ARP,    "arp",    arp_hooks,    array_size(arp_hooks) },
	{ NFPROTO_NETDEV, "netdev", netdev_hooks, array_size(netdev_hooks) },
};

static const struct hook_family *hook_family(uint32_t nfproto)
{
	unsigned int i;

	for (i = 0; i < array_size(hook_families); i++)
		if (hook_families[i].nfproto == nfproto)
			return &hook_families[i];
	return NULL;
}

/* What a family argument lists besides netdev: none means arp, ip, ip6
 * and bridge, inet means ip and ip6. */
static unsigned int hook_families_of(uint32_t family,
				     const struct hook_family **out)
{
	switch (family) {
	case NFPROTO_UNSPEC:
		out[0] = hook_family(NFPROTO_ARP);
		out[1] = hook_family(NFPROTO_IPV4);
		out[2] = hook_family(NFPROTO_IPV6);
		out[3] = hook_family(NFPROTO_BRIDGE);
		return 4;
	case NFPROTO_INET:
		out[0] = hook_family(NFPROTO_IPV4);
		out[1] = hook_family(NFPROTO_IPV6);
		return 2;
	case NFPROTO_NETDEV:
		return 0;
	default:
		out[0] = hook_family(family);
		return out[0] ? 1 : 0;
	}
}

/* ---- messages ---- */

static int hook_attr_cb(const struct nlattr *a, void *data)
{
	const struct nlattr **tb = data;
	uint16_t type = mnl_attr_get_type(a);

	if (type <= NFNLA_HOOK_MAX)
		tb[type] = a;
	return MNL_CB_OK;
}

static int chain_desc_cb(const struct nlattr *a, void *data)
{
	const struct nlattr **tb = data;
	uint16_t type = mnl_attr_get_type(a);

	if (type <= NFNLA_CHAIN_MAX)
		tb[type] = a;
	return MNL_CB_OK;
}

static int chain_info_cb(const struct nlattr *a, void *data)
{
	const struct nlattr **tb = data;
	uint16_t type = mnl_attr_get_type(a);

	if (type <= NFNLA_HOOK_INFO_MAX)
		tb[type] = a;
	return MNL_CB_OK;
}

static char *hook_attr_str(const struct nlattr *a)
{
	if (!a || mnl_attr_validate(a, MNL_TYPE_STRING) < 0)
		return NULL;
	return xstrdup(nla_str(a));
}

/* The nf_tables chain a hook runs, if it is one: table, name, family. */
static int hook_chain_parse(const struct nlattr *info, struct hook_entry *e)
{
	const struct nlattr *tbi[NFNLA_HOOK_INFO_MAX + 1] = {};
	const struct nlattr *tbc[NFNLA_CHAIN_MAX + 1] = {};
	const struct nlattr *fam;

	if (mnl_attr_parse_nested(info, chain_info_cb, tbi) < 0)
		return -1;
	if (!tbi[NFNLA_HOOK_INFO_TYPE] || !tbi[NFNLA_HOOK_INFO_DESC] ||
	    mnl_attr_validate(tbi[NFNLA_HOOK_INFO_TYPE], MNL_TYPE_U32) < 0 ||
	    ntohl(mnl_attr_get_u32(tbi[NFNLA_HOOK_INFO_TYPE])) !=
	    NFNL_HOOK_TYPE_NFTABLES)
		return 0;	/* some other kind of hook: its function */
	if (mnl_attr_parse_nested(tbi[NFNLA_HOOK_INFO_DESC], chain_desc_cb,
				  tbc) < 0)
		return -1;
	fam = tbc[NFNLA_CHAIN_FAMILY];
	if (!tbc[NFNLA_CHAIN_TABLE] || !tbc[NFNLA_CHAIN_NAME] || !fam ||
	    mnl_attr_validate(fam, MNL_TYPE_U8) < 0)
		return -1;
	e->table = hook_attr_str(tbc[NFNLA_CHAIN_TABLE]);
	e->chain = hook_attr_str(tbc[NFNLA_CHAIN_NAME]);
	e->chain_family = mnl_attr_get_u8(fam);
	return e->table && e->chain ? 0 : -1;
}

int hook_entry_parse(const struct nlmsghdr *nlh, struct hook_entry *e)
{
	const struct nlattr *tb[NFNLA_HOOK_MAX + 1] = {};
	const struct nlattr *prio;

	memset(e, 0, sizeof(*e));
	if (mnl_attr_parse(nlh, sizeof(struct nfgenmsg), hook_attr_cb,
			   tb) < 0)
		return -1;
	prio = tb[NFNLA_HOOK_PRIORITY];
	if (!prio || mnl_attr_validate(prio, MNL_TYPE_U32) < 0)
		return -1;
	e->priority = (int32_t)ntohl(mnl_attr_get_u32(prio));
	e->function = hook_attr_str(tb[NFNLA_HOOK_FUNCTION_NAME]);
	e->module = hook_attr_str(tb[NFNLA_HOOK_MODULE_NAME]);
	if (tb[NFNLA_HOOK_CHAIN_INFO] &&
	    hook_chain_parse(tb[NFNLA_HOOK_CHAIN_INFO], e) < 0) {
		hook_entry_release(e);
		return -1;
	}
	return 0;
}

void hook_entry_release(struct hook_entry *e)
{
	xfree(e->function);
	xfree(e->module);
	xfree(e->table);
	xfree(e->chain);
	memset(e, 0, sizeof(*e));
}

static const char *chain_family_name(uint8_t family)
{
	const struct hook_family *f = hook_family(family);

	if (family == NFPROTO_INET)
		return "inet";
	return f ? f->name : "unknown";
}

/* "-0000000400 ipv4_conntrack_defrag [nf_defrag_ipv4]": the sign is a
 * blank for 0, the chain replaces the function for nf_tables chains. */
void hook_entry_print(const struct hook_entry *e, struct output_ctx *octx)
{
	long long prio = e->priority;
	char sign = prio < 0 ? '-' : prio > 0 ? '+' : ' ';

	nft_print(octx, "\t\t%c%010lld ", sign, prio < 0 ? -prio : prio);
	if (e->table)
		nft_print(octx, "chain %s %s %s",
			  chain_family_name(e->chain_family), e->table,
			  e->chain);
	else
		nft_print(octx, "%s", e->function ? e->function : "");
	if (e->module)
		nft_print(octx, " [%s]", e->module);
	nft_print(octx, "\n");
}

/* ---- listing ---- */

struct hooks_listing {
	struct output_ctx *octx;
	const char *family;	/* printed before the first hook, then NULL */
	const char *hook;	/* likewise */
	const char *dev;	/* in the hook's head, if any */
	bool in_hook;
};

static int hooks_dump_cb(const struct nlmsghdr *nlh, void *data)
{
	struct hooks_listing *l = data;
	struct hook_entry e;

	if (hook_entry_parse(nlh, &e) < 0)
		return MNL_CB_OK;
	if (l->family) {
		nft_print(l->octx, "family %s {\n", l->family);
		l->family = NULL;
	}
	if (l->hook) {
		nft_print(l->octx, "\thook %s", l->hook);
		if (l->dev)
			nft_print(l->octx, " device %s", l->dev);
		nft_print(l->octx, " {\n");
		l->hook = NULL;
		l->in_hook = true;
	}
	hook_entry_print(&e, l->octx);
	hook_entry_release(&e);
	return MNL_CB_OK;
}

/* One hook point: its block, if the kernel reports any hooks on it;
 * the kernel's error otherwise (refusals list as nothing, mostly). */
static int hooks_list_one(struct nft_ctx *nft, struct hooks_listing *l,
			  const struct hook_family *f, uint32_t hooknum,
			  const char *dev)
{
	int ret;

	l->hook = f->hooks[hooknum];
	l->in_hook = false;
	ret = mnl_dump_hooks(nft, f->nfproto, hooknum, dev, hooks_dump_cb, l);
	if (ret < 0)
		ret = errno ? -errno : -EINVAL;
	if (l->in_hook)
		nft_print(l->octx, "\t}\n");
	return ret;
}

static void hooks_list_family(struct nft_ctx *nft, const struct hook_family *f,
			      const char *dev)
{
	struct hooks_listing l = { &nft->octx, f->name, NULL, dev, false };
	unsigned int i;

	for (i = 0; i < f->nhooks; i++)
		hooks_list_one(nft, &l, f, i, dev);
	if (!l.family)
		nft_print(&nft->octx, "}\n");
}

/* A device's netdev hooks, ingress then egress; the first error. */
static int hooks_list_device(struct nft_ctx *nft, struct hooks_listing *l,
			     const char *dev)
{
	const struct hook_family *netdev = hook_family(NFPROTO_NETDEV);
	unsigned int i;
	int ret, err = 0;

	l->dev = dev;
	for (i = 0; i < netdev->nhooks; i++) {
		ret = hooks_list_one(nft, l, netdev, i, dev);
		if (ret < 0 && !err)
			err = ret;
	}
	return err;
}

/* The netdev family: one device, or every device of the namespace, the
 * highest index first. */
static int hooks_list_netdev(struct nft_ctx *nft, const char *dev)
{
	struct hooks_listing l = { &nft->octx, "netdev", NULL, NULL, false };
	struct if_nameindex *ifs;
	unsigned int n;
	int err = 0;

	if (dev) {
		err = hooks_list_device(nft, &l, dev);
	} else {
		ifs = if_nameindex();
		for (n = 0; ifs && ifs[n].if_index; n++)
			;
		while (n-- > 0)
			hooks_list_device(nft, &l, ifs[n].if_name);
		if (ifs)
			if_freenameindex(ifs);
	}
	if (!l.family)
		nft_print(&nft->octx, "}\n");
	return err;
}

static int hooks_list(struct nft_ctx *nft, struct cmd *cmd,
		      struct list_head *msgs)
{
	const struct hook_family *families[4];
	uint32_t family = cmd->handle.family;
	const char *dev = cmd->arg;
	unsigned int i, n;
	int err;

	/* upstream prints nothing at all for -j, which loses the listing */
	if (nft_output_json(&nft->octx))
		return erec_error(msgs, &cmd->location,
				  "list hooks: JSON output is not supported");
	n = hook_families_of(family, families);
	if (dev && family != NFPROTO_UNSPEC && family != NFPROTO_INET &&
	    family != NFPROTO_NETDEV)
		nft_print(&nft->octx,
			  "# device keyword (%s) unexpected for this family\n",
			  dev);
	for (i = 0; i < n; i++)
		hooks_list_family(nft, families[i],
				  family == NFPROTO_UNSPEC ||
				  family == NFPROTO_INET ? NULL : dev);
	if (family != NFPROTO_UNSPEC && family != NFPROTO_NETDEV)
		return 0;
	err = hooks_list_netdev(nft, dev);
	/* only a device named to the netdev family must exist (and the
	 * subsystem be there); upstream's caret runs one past the command */
	if (err < 0 && dev && family == NFPROTO_NETDEV) {
		struct location loc = cmd->location;

		loc.last_column++;
		return erec_error(msgs, &loc, "Could not process rule: %s",
				  strerror(-err));
	}
	return 0;
}

const struct obj_ops hooks_obj_ops = {
	.obj		= CMD_OBJ_HOOKS,
	.name		= "hooks",
	.flags		= OBJ_F_ALL_TABLES | OBJ_F_LIST,
	.list		= hooks_list,
};
