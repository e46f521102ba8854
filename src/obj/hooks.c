/*
 * "list hooks [FAMILY] [device DEV]": every function the kernel runs on
 * a family's hook points, nft chains and others (conntrack, defrag, ...),
 * in the order the kernel runs them, from its nfnetlink hook subsystem
 * (NFNL_SUBSYS_HOOK, Linux 5.14, CONFIG_NETFILTER_NETLINK_HOOK). Not part
 * of the ruleset, so the kind lists itself.
 *
 * The layout is the system nft's (1.0.6):
 *
 *	family ip {
 *		hook input {
 *			-0000000003 chain inet t in [nf_tables]
 *			+2147483647 ipv4_confirm [nf_conntrack]
 *		}
 *	}
 *
 * With a device, each family starts with the netdev hooks of that device
 * (ingress, and egress, which 1.0.6 does not ask for). Like 1.0.6, a
 * request the kernel refuses (no such device, no such subsystem) shows as
 * no hooks.
 */
#include <arpa/inet.h>
#include <obj.h>
#include <nft.h>
#include <nftables.h>
#include <mnl.h>
#include <erec.h>
#include <string.h>
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

/* What a family argument lists: none means ip, ip6 and bridge (not arp,
 * as in 1.0.6), inet means ip and ip6. */
static unsigned int hook_families_of(uint32_t family,
				     const struct hook_family **out)
{
	switch (family) {
	case NFPROTO_UNSPEC:
		out[0] = hook_family(NFPROTO_IPV4);
		out[1] = hook_family(NFPROTO_IPV6);
		out[2] = hook_family(NFPROTO_BRIDGE);
		return 3;
	case NFPROTO_INET:
		out[0] = hook_family(NFPROTO_IPV4);
		out[1] = hook_family(NFPROTO_IPV6);
		return 2;
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
		nft_print(l->octx, "\thook %s {\n", l->hook);
		l->hook = NULL;
		l->in_hook = true;
	}
	hook_entry_print(&e, l->octx);
	hook_entry_release(&e);
	return MNL_CB_OK;
}

/* One hook point: its block, if the kernel reports any hooks on it. */
static void hooks_list_one(struct nft_ctx *nft, struct hooks_listing *l,
			   const struct hook_family *f, uint32_t hooknum,
			   const char *dev)
{
	l->hook = f->hooks[hooknum];
	l->in_hook = false;
	/* refused (no such device, an old kernel): nothing, as in 1.0.6 */
	mnl_dump_hooks(nft, f->nfproto, hooknum, dev, hooks_dump_cb, l);
	if (l->in_hook)
		nft_print(l->octx, "\t}\n");
}

static void hooks_list_family(struct nft_ctx *nft, const struct hook_family *f,
			      const char *dev)
{
	const struct hook_family *netdev = hook_family(NFPROTO_NETDEV);
	struct hooks_listing l = { &nft->octx, f->name, NULL, false };
	unsigned int i;

	/* A device's netdev hooks come first, also in the other families. */
	if (dev) {
		for (i = 0; i < netdev->nhooks; i++)
			hooks_list_one(nft, &l, netdev, i, dev);
	}
	if (f != netdev) {
		for (i = 0; i < f->nhooks; i++)
			hooks_list_one(nft, &l, f, i, dev);
	}
	if (!l.family)
		nft_print(&nft->octx, "}\n");
}

static int hooks_list(struct nft_ctx *nft, struct cmd *cmd,
		      struct list_head *msgs)
{
	const struct hook_family *families[3];
	unsigned int i, n;

	if (nft_output_json(&nft->octx))
		return erec_error(msgs, &cmd->location,
				  "list hooks: JSON output is not supported");
	n = hook_families_of(cmd->handle.family, families);
	if (!n)
		return erec_error(msgs, &cmd->location,
				  "list hooks: no hooks in family %s",
				  family_name(cmd->handle.family));
	for (i = 0; i < n; i++)
		hooks_list_family(nft, families[i], cmd->arg);
	return 0;
}

const struct obj_ops hooks_obj_ops = {
	.obj		= CMD_OBJ_HOOKS,
	.name		= "hooks",
	.flags		= OBJ_F_ALL_TABLES | OBJ_F_LIST,
	.list		= hooks_list,
};
