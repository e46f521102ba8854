/*
 * fakehook.so: an LD_PRELOAD stand-in for the kernel's nfnetlink hook
 * subsystem (NFNL_SUBSYS_HOOK), which neither the host kernel nor the
 * VM's Debian 6.1 kernel has (CONFIG_NETFILTER_NETLINK_HOOK is off).
 * "nft list hooks" of both our nft and the system nft is run against the
 * same answers, so their text can be compared byte for byte.
 *
 * Every NFNL_MSG_HOOK_GET request sent on a netlink socket is answered
 * on the next receive from $FAKEHOOK_FILE, one hook a line:
 *
 *   FAMILY HOOKNUM DEV PRIORITY FUNCTION MODULE [TABLE CHAINFAMILY CHAIN]
 *   FAMILY HOOKNUM DEV error ERRNO
 *
 * FAMILY and HOOKNUM are numbers, DEV "-" for none ("*": any), MODULE "-" for none;
 * a chain (NFNLA_HOOK_CHAIN_INFO) is sent when TABLE is given. Lines that
 * match the request's family, hook number and device are sent in file
 * order and end with NLMSG_DONE; an error line answers with that errno.
 * Each request is appended to $FAKEHOOK_LOG if set ("FAMILY HOOKNUM DEV").
 * Every other message goes to the real kernel.
 */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <arpa/inet.h>
#include <linux/netlink.h>
#include <linux/netfilter/nfnetlink.h>
#include <linux/netfilter/nfnetlink_hook.h>

#define QUEUE_SIZE	65536

static char queue[QUEUE_SIZE];
static size_t queue_len;
static int queue_fd = -1;

static struct nlattr *put_attr(char *buf, size_t *off, uint16_t type,
			       const void *data, size_t len)
{
	struct nlattr *a = (struct nlattr *)(buf + *off);

	a->nla_type = type;
	a->nla_len = NLA_HDRLEN + len;
	memcpy((char *)a + NLA_HDRLEN, data, len);
	memset((char *)a + NLA_HDRLEN + len, 0,
	       NLA_ALIGN(len) - len);
	*off += NLA_ALIGN(a->nla_len);
	return a;
}

static void put_str(char *buf, size_t *off, uint16_t type, const char *s)
{
	put_attr(buf, off, type, s, strlen(s) + 1);
}

static void put_be32(char *buf, size_t *off, uint16_t type, uint32_t v)
{
	v = htonl(v);
	put_attr(buf, off, type, &v, 4);
}

static void nest_end(char *buf, size_t start, size_t off)
{
	((struct nlattr *)(buf + start))->nla_len = off - start;
}

static struct nlmsghdr *msg_start(uint16_t type, uint16_t flags,
				  uint32_t seq, uint8_t family)
{
	struct nlmsghdr *nlh = (struct nlmsghdr *)(queue + queue_len);
	struct nfgenmsg *nfg;

	memset(nlh, 0, NLMSG_HDRLEN + sizeof(*nfg));
	nlh->nlmsg_type = type;
	nlh->nlmsg_flags = flags;
	nlh->nlmsg_seq = seq;
	nfg = (struct nfgenmsg *)((char *)nlh + NLMSG_HDRLEN);
	nfg->nfgen_family = family;
	nfg->version = NFNETLINK_V0;
	return nlh;
}

static void put_hook(uint32_t seq, uint8_t family, char **f, int n)
{
	struct nlmsghdr *nlh = msg_start(NFNL_SUBSYS_HOOK << 8 |
					 NFNL_MSG_HOOK_GET, NLM_F_MULTI,
					 seq, family);
	char *buf = (char *)nlh;
	size_t off = NLMSG_HDRLEN + sizeof(struct nfgenmsg);
	size_t info, desc;
	uint8_t fam;

	put_be32(buf, &off, NFNLA_HOOK_HOOKNUM, strtoul(f[1], NULL, 0));
	put_be32(buf, &off, NFNLA_HOOK_PRIORITY,
		 (uint32_t)strtol(f[3], NULL, 0));
	if (strcmp(f[2], "-"))
		put_str(buf, &off, NFNLA_HOOK_DEV, f[2]);
	put_str(buf, &off, NFNLA_HOOK_FUNCTION_NAME, f[4]);
	if (strcmp(f[5], "-"))
		put_str(buf, &off, NFNLA_HOOK_MODULE_NAME, f[5]);
	if (n >= 9) {
		/* laid out as Linux 6.1 does: the type, then the table,
		 * chain and family (a u8) of the chain */
		info = off;
		put_attr(buf, &off, NLA_F_NESTED | NFNLA_HOOK_CHAIN_INFO,
			 NULL, 0);
		put_be32(buf, &off, NFNLA_HOOK_INFO_TYPE,
			 NFNL_HOOK_TYPE_NFTABLES);
		desc = off;
		put_attr(buf, &off, NLA_F_NESTED | NFNLA_HOOK_INFO_DESC,
			 NULL, 0);
		put_str(buf, &off, NFNLA_CHAIN_TABLE, f[6]);
		put_str(buf, &off, NFNLA_CHAIN_NAME, f[8]);
		fam = strtoul(f[7], NULL, 0);
		put_attr(buf, &off, NFNLA_CHAIN_FAMILY, &fam, 1);
		nest_end(buf, desc, off);
		nest_end(buf, info, off);
	}
	nlh->nlmsg_len = off;
	queue_len += NLMSG_ALIGN(off);
}

static void put_error(const struct nlmsghdr *req, int err)
{
	struct nlmsghdr *nlh = msg_start(NLMSG_ERROR, 0, req->nlmsg_seq, 0);
	struct nlmsgerr *e = NLMSG_DATA(nlh);

	e->error = -err;
	memcpy(&e->msg, req, sizeof(*req));
	nlh->nlmsg_len = NLMSG_LENGTH(sizeof(*e));
	queue_len += NLMSG_ALIGN(nlh->nlmsg_len);
}

static void put_done(uint32_t seq)
{
	struct nlmsghdr *nlh = msg_start(NLMSG_DONE, NLM_F_MULTI, seq, 0);

	nlh->nlmsg_len = NLMSG_LENGTH(sizeof(int));
	memset(NLMSG_DATA(nlh), 0, sizeof(int));
	queue_len += NLMSG_ALIGN(nlh->nlmsg_len);
}

/* The request's hook number and device. */
static void parse_request(const struct nlmsghdr *nlh, uint32_t *hooknum,
			  char *dev, size_t devlen)
{
	size_t off = NLMSG_HDRLEN + NLMSG_ALIGN(sizeof(struct nfgenmsg));
	const struct nlattr *a;

	*hooknum = 0;
	strcpy(dev, "-");
	while (off + NLA_HDRLEN <= nlh->nlmsg_len) {
		a = (const struct nlattr *)((const char *)nlh + off);
		if (a->nla_len < NLA_HDRLEN)
			break;
		if ((a->nla_type & NLA_TYPE_MASK) == NFNLA_HOOK_HOOKNUM)
			*hooknum = ntohl(*(uint32_t *)((char *)a + NLA_HDRLEN));
		if ((a->nla_type & NLA_TYPE_MASK) == NFNLA_HOOK_DEV)
			snprintf(dev, devlen, "%.*s",
				 (int)(a->nla_len - NLA_HDRLEN),
				 (char *)a + NLA_HDRLEN);
		off += NLA_ALIGN(a->nla_len);
	}
}

static void answer(const struct nlmsghdr *req)
{
	const struct nfgenmsg *nfg = NLMSG_DATA(req);
	const char *path = getenv("FAKEHOOK_FILE"), *logpath;
	char line[512], dev[64], *f[10], *save;
	uint32_t hooknum;
	FILE *fp, *log;
	int n;

	parse_request(req, &hooknum, dev, sizeof(dev));
	logpath = getenv("FAKEHOOK_LOG");
	if (logpath && (log = fopen(logpath, "a"))) {
		fprintf(log, "%u %u %s\n", nfg->nfgen_family, hooknum, dev);
		fclose(log);
	}
	queue_len = 0;
	fp = path ? fopen(path, "r") : NULL;
	while (fp && fgets(line, sizeof(line), fp)) {
		for (n = 0; n < 10; n++) {
			f[n] = strtok_r(n ? NULL : line, " \t\n", &save);
			if (!f[n])
				break;
		}
		if (n < 5 || f[0][0] == '#' ||
		    strtoul(f[0], NULL, 0) != nfg->nfgen_family ||
		    strtoul(f[1], NULL, 0) != hooknum ||
		    (strcmp(f[2], dev) && strcmp(f[2], "*")))
			continue;
		if (!strcmp(f[3], "error")) {
			queue_len = 0;
			put_error(req, atoi(f[4]));
			fclose(fp);
			return;
		}
		if (n >= 6 && queue_len < QUEUE_SIZE - 1024)
			put_hook(req->nlmsg_seq, nfg->nfgen_family, f, n);
	}
	if (fp)
		fclose(fp);
	put_done(req->nlmsg_seq);
}

ssize_t sendto(int fd, const void *buf, size_t len, int flags,
	       const struct sockaddr *addr, socklen_t alen)
{
	static ssize_t (*real)(int, const void *, size_t, int,
			       const struct sockaddr *, socklen_t);
	const struct nlmsghdr *nlh = buf;

	if (len >= NLMSG_HDRLEN + sizeof(struct nfgenmsg) &&
	    nlh->nlmsg_type == (NFNL_SUBSYS_HOOK << 8 | NFNL_MSG_HOOK_GET)) {
		answer(nlh);
		queue_fd = fd;
		return len;
	}
	if (!real)
		real = dlsym(RTLD_NEXT, "sendto");
	return real(fd, buf, len, flags, addr, alen);
}

ssize_t recvmsg(int fd, struct msghdr *msg, int flags)
{
	static ssize_t (*real)(int, struct msghdr *, int);
	struct sockaddr_nl *sa = msg->msg_name;
	size_t n = queue_len;

	if (fd == queue_fd && queue_len) {
		if (n > msg->msg_iov[0].iov_len)
			n = msg->msg_iov[0].iov_len;
		memcpy(msg->msg_iov[0].iov_base, queue, n);
		if (sa && msg->msg_namelen >= sizeof(*sa)) {
			memset(sa, 0, sizeof(*sa));
			sa->nl_family = AF_NETLINK;
			msg->msg_namelen = sizeof(*sa);
		}
		msg->msg_flags = 0;
		queue_len = 0;
		queue_fd = -1;
		return n;
	}
	if (!real)
		real = dlsym(RTLD_NEXT, "recvmsg");
	return real(fd, msg, flags);
}
