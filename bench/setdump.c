/*
 * setdump FAMILY TABLE SET: dump the elements of one set from the kernel
 * and throw the messages away. What it costs is the floor of any listing
 * of the set: the kernel's walk of the set and the netlink copies, with
 * no parsing or printing. Prints the number of messages and elements
 * read on stderr, so a run can be checked.
 *
 * Built by bench/sets.sh with: cc -O2 setdump.c -lmnl
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <libmnl/libmnl.h>
#include <linux/netfilter.h>
#include <linux/netfilter/nfnetlink.h>
#include <linux/netfilter/nf_tables.h>

struct count {
	unsigned long msgs;
	unsigned long elems;
};

static int family_number(const char *s)
{
	static const struct {
		const char *name;
		int family;
	} f[] = {
		{ "ip", NFPROTO_IPV4 }, { "ip6", NFPROTO_IPV6 },
		{ "inet", NFPROTO_INET }, { "arp", NFPROTO_ARP },
		{ "bridge", NFPROTO_BRIDGE }, { "netdev", NFPROTO_NETDEV },
	};
	unsigned int i;

	for (i = 0; i < sizeof(f) / sizeof(f[0]); i++)
		if (!strcmp(f[i].name, s))
			return f[i].family;
	return -1;
}

/* Counts the elements of one message: the nested list's entries. */
static int elem_cb(const struct nlmsghdr *nlh, void *data)
{
	struct count *c = data;
	struct nlattr *a, *e;

	c->msgs++;
	mnl_attr_for_each(a, nlh, sizeof(struct nfgenmsg)) {
		if (mnl_attr_get_type(a) != NFTA_SET_ELEM_LIST_ELEMENTS)
			continue;
		mnl_attr_for_each_nested(e, a)
			c->elems++;
	}
	return MNL_CB_OK;
}

int main(int argc, char **argv)
{
	static char buf[32768];	/* what the kernel fills per dump message, and more */
	struct mnl_socket *nl;
	struct nlmsghdr *nlh;
	struct nfgenmsg *nfg;
	struct count c = { 0, 0 };
	unsigned int portid;
	uint32_t seq = time(NULL);
	int family, ret;

	if (argc != 4 || (family = family_number(argv[1])) < 0) {
		fprintf(stderr, "usage: setdump FAMILY TABLE SET\n");
		return 2;
	}
	nl = mnl_socket_open(NETLINK_NETFILTER);
	if (!nl || mnl_socket_bind(nl, 0, MNL_SOCKET_AUTOPID) < 0) {
		perror("setdump: netlink");
		return 1;
	}
	portid = mnl_socket_get_portid(nl);

	nlh = mnl_nlmsg_put_header(buf);
	nlh->nlmsg_type = (NFNL_SUBSYS_NFTABLES << 8) | NFT_MSG_GETSETELEM;
	nlh->nlmsg_flags = NLM_F_REQUEST | NLM_F_DUMP;
	nlh->nlmsg_seq = seq;
	nfg = mnl_nlmsg_put_extra_header(nlh, sizeof(*nfg));
	nfg->nfgen_family = family;
	nfg->version = NFNETLINK_V0;
	nfg->res_id = 0;
	mnl_attr_put_strz(nlh, NFTA_SET_ELEM_LIST_TABLE, argv[2]);
	mnl_attr_put_strz(nlh, NFTA_SET_ELEM_LIST_SET, argv[3]);

	if (mnl_socket_sendto(nl, nlh, nlh->nlmsg_len) < 0) {
		perror("setdump: send");
		return 1;
	}
	for (;;) {
		ret = mnl_socket_recvfrom(nl, buf, sizeof(buf));
		if (ret < 0) {
			perror("setdump: receive");
			return 1;
		}
		ret = mnl_cb_run(buf, ret, seq, portid, elem_cb, &c);
		if (ret <= MNL_CB_STOP)
			break;
	}
	if (ret < 0) {
		fprintf(stderr, "setdump: %s\n", strerror(errno));
		return 1;
	}
	mnl_socket_close(nl);
	fprintf(stderr, "setdump: %lu messages, %lu elements\n", c.msgs,
		c.elems);
	return 0;
}
