/*
 * Value types of addresses and names the network gives: link layer,
 * Ethernet, IPv4 and IPv6 addresses (host names in text input),
 * protocols and services (/etc/protocols, /etc/services), interface
 * indexes and cgroup v2 paths. The generic types and the parse/print
 * walk are in datatype.c.
 */
#include <nft.h>
#include <datatype.h>
#include <expr.h>
#include <erec.h>
#include <nftables.h>
#include <json.h>
#include <datatype_int.h>

#include <arpa/inet.h>
#include <ctype.h>
#include <dirent.h>
#include <errno.h>
#include <net/if.h>
#include <netdb.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

/* Names as /etc/protocols gives them, so listings do not depend on NSS. */
static const struct symbol_table inet_protocol_tbl = {
	.byteorder = BYTEORDER_BIG_ENDIAN, .size = 8, .base_decimal = true,
	.numeric_flag = NFT_CTX_OUTPUT_NUMERIC_PROTO,
	.symbols = {
		{ "ip", 0 }, { "icmp", 1 }, { "igmp", 2 }, { "ggp", 3 },
		{ "ipencap", 4 }, { "st", 5 }, { "tcp", 6 }, { "egp", 8 },
		{ "igp", 9 }, { "pup", 12 }, { "udp", 17 }, { "hmp", 20 },
		{ "xns-idp", 22 }, { "rdp", 27 }, { "iso-tp4", 29 },
		{ "dccp", 33 }, { "xtp", 36 }, { "ddp", 37 },
		{ "idpr-cmtp", 38 }, { "ipv6", 41 }, { "ipv6-route", 43 },
		{ "ipv6-frag", 44 }, { "idrp", 45 }, { "rsvp", 46 },
		{ "gre", 47 }, { "esp", 50 }, { "ah", 51 }, { "skip", 57 },
		{ "ipv6-icmp", 58 }, { "ipv6-nonxt", 59 },
		{ "ipv6-opts", 60 }, { "rspf", 73 }, { "vmtp", 81 },
		{ "eigrp", 88 }, { "ospf", 89 }, { "ax.25", 93 },
		{ "ipip", 94 }, { "etherip", 97 }, { "encap", 98 },
		{ "pim", 103 }, { "ipcomp", 108 }, { "vrrp", 112 },
		{ "l2tp", 115 }, { "isis", 124 }, { "sctp", 132 },
		{ "fc", 133 }, { "mobility-header", 135 },
		{ "udplite", 136 }, { "mpls-in-ip", 137 }, { "manet", 138 },
		{ "hip", 139 }, { "shim6", 140 }, { "wesp", 141 },
		{ "rohc", 142 }, { "ethernet", 143 },
		/* aliases accepted when parsing */
		{ "icmpv6", 58 }, { "comp", 108 },
		{ NULL, 0 },
	},
};

/* Copy the bytes of a value in its own byte order. */
static uint8_t *value_bytes(const struct expr *expr, unsigned int *len)
{
	uint8_t *buf;

	*len = div_round_up(expr->len, BITS_PER_BYTE);
	buf = xzalloc(*len + 1);
	mpz_export_data(buf, expr->value.value,
			expr->byteorder == BYTEORDER_INVALID ?
			BYTEORDER_BIG_ENDIAN : expr->byteorder, *len);
	return buf;
}

/*
 * cgroup v2 paths (socket cgroupv2): the value is the cgroup's inode
 * number under /sys/fs/cgroup; a listing finds the path again by walking
 * the hierarchy, and prints the number when no cgroup has it.
 */
#define CGROUPV2_ROOT	"/sys/fs/cgroup"

/* Hex bytes separated by colons: 00:11:22:33:44:55 */
static struct error_record *lladdr_parse_len(const struct parse_target *t,
					     const struct expr *sym,
					     unsigned int want,
					     struct expr **res)
{
	const char *s = sym->symbol.identifier;
	uint8_t buf[64];
	unsigned int n = 0;
	char *end;

	while (*s && n < sizeof(buf)) {
		unsigned long b;

		/* strtoul() would take a sign, spaces or "0x" too */
		if (!isxdigit((unsigned char)*s))
			break;
		b = strtoul(s, &end, 16);
		if (end == s || end - s > 2 || b > 0xff ||
		    (*end && *end != ':'))
			break;
		buf[n++] = b;
		s = *end ? end + 1 : end;
		if (!*end)
			break;
	}
	if (*s || !n || (want && n != want))
		return parse_error(sym, "Could not parse %s",
				   t->dtype->desc);
	*res = constant_expr_alloc(&sym->location, t->dtype,
				   BYTEORDER_BIG_ENDIAN, n * BITS_PER_BYTE,
				   buf);
	return NULL;
}

static struct error_record *lladdr_parse(const struct expr *sym,
					 struct expr **res)
{
	struct parse_target t = { &lladdr_type, BYTEORDER_BIG_ENDIAN, 0 };

	return lladdr_parse_len(&t, sym, 0, res);
}

static struct error_record *etheraddr_parse(const struct expr *sym,
					    struct expr **res)
{
	struct parse_target t = { &etheraddr_type, BYTEORDER_BIG_ENDIAN, 48 };

	return lladdr_parse_len(&t, sym, 6, res);
}

static void lladdr_print(const struct expr *expr, struct output_ctx *octx)
{
	unsigned int len, i;
	uint8_t *buf = value_bytes(expr, &len);

	for (i = 0; i < len; i++)
		nft_print(octx, "%s%02x", i ? ":" : "", buf[i]);
	xfree(buf);
}

static struct error_record *addr_parse(const struct expr *sym, int af,
				       const struct datatype *dtype,
				       struct expr **res)
{
	struct addrinfo hints = { .ai_family = af, .ai_socktype = SOCK_DGRAM };
	struct addrinfo *ai;
	const void *addr;
	uint8_t raw[16];
	int err;

	/* A literal in the strict form: the resolver would give the same
	 * bytes, at many times the cost (big sets are all literals). */
	if (inet_pton(af, sym->symbol.identifier, raw) == 1) {
		*res = constant_expr_alloc(&sym->location, dtype,
					   BYTEORDER_BIG_ENDIAN, dtype->size,
					   raw);
		return NULL;
	}
	err = getaddrinfo(sym->symbol.identifier, NULL, &hints, &ai);
	if (err)
		return parse_error(sym, "Could not resolve hostname: %s",
				   gai_strerror(err));
	if (af == AF_INET)
		addr = &((struct sockaddr_in *)ai->ai_addr)->sin_addr;
	else
		addr = &((struct sockaddr_in6 *)ai->ai_addr)->sin6_addr;
	*res = constant_expr_alloc(&sym->location, dtype,
				   BYTEORDER_BIG_ENDIAN, dtype->size, addr);
	freeaddrinfo(ai);
	return NULL;
}

/*
 * Would parsing @text as a value of @dtype ask the resolver? Only for
 * addresses that are not literals (host names); NFT_CTX_INPUT_NO_DNS
 * refuses those.
 */
bool symbol_needs_dns(const struct datatype *dtype, const char *text)
{
	struct addrinfo hints = { .ai_flags = AI_NUMERICHOST };
	struct addrinfo *ai;
	uint8_t raw[16];

	for (; dtype; dtype = dtype->basetype) {
		if (dtype == &ipaddr_type)
			hints.ai_family = AF_INET;
		else if (dtype == &ip6addr_type)
			hints.ai_family = AF_INET6;
		else
			continue;
		/* strict literals are numeric hosts, without the resolver */
		if (inet_pton(hints.ai_family, text, raw) == 1)
			return false;
		if (getaddrinfo(text, NULL, &hints, &ai))
			return true;
		freeaddrinfo(ai);
		return false;
	}
	return false;
}

static struct error_record *ipaddr_parse(const struct expr *sym,
					 struct expr **res)
{
	return addr_parse(sym, AF_INET, &ipaddr_type, res);
}

static struct error_record *ip6addr_parse(const struct expr *sym,
					  struct expr **res)
{
	return addr_parse(sym, AF_INET6, &ip6addr_type, res);
}

/* Dotted quad of @raw into @out (16 bytes at least): inet_ntop formats
 * each byte with sprintf, which was a third of listing a big set. */
static void ipv4_format(const uint8_t *raw, char *out)
{
	unsigned int i, b;

	for (i = 0; i < 4; i++) {
		b = raw[i];
		if (b >= 100)
			*out++ = '0' + b / 100;
		if (b >= 10)
			*out++ = '0' + b / 10 % 10;
		*out++ = '0' + b % 10;
		*out++ = i < 3 ? '.' : '\0';
	}
}

static void addr_format(const struct expr *expr, int af, char *out,
			size_t size)
{
	unsigned int len = div_round_up(expr->len, BITS_PER_BYTE);
	uint8_t raw[16] = { 0 };

	uint8_t *buf;

	if (len <= sizeof(raw)) {
		mpz_export_data(raw, expr->value.value,
				expr->byteorder == BYTEORDER_INVALID ?
				BYTEORDER_BIG_ENDIAN : expr->byteorder, len);
	} else {	/* oversized: its first bytes */
		buf = value_bytes(expr, &len);
		memcpy(raw, buf, sizeof(raw));
		xfree(buf);
	}
	if (af == AF_INET && size >= INET_ADDRSTRLEN)
		ipv4_format(raw, out);
	else if (!inet_ntop(af, raw, out, size))
		snprintf(out, size, "?");
}

/* -N: the address's name, where the resolver knows one. */
static bool addr_reverse(const struct expr *expr, int af, char *out,
			 size_t size)
{
	struct sockaddr_storage ss = { .ss_family = af };
	unsigned int len;
	uint8_t *buf = value_bytes(expr, &len);
	socklen_t salen;

	if (af == AF_INET && len == 4) {
		memcpy(&((struct sockaddr_in *)&ss)->sin_addr, buf, 4);
		salen = sizeof(struct sockaddr_in);
	} else if (af == AF_INET6 && len == 16) {
		memcpy(&((struct sockaddr_in6 *)&ss)->sin6_addr, buf, 16);
		salen = sizeof(struct sockaddr_in6);
	} else {
		xfree(buf);
		return false;
	}
	xfree(buf);
	return getnameinfo((struct sockaddr *)&ss, salen, out, size, NULL, 0,
			   NI_NAMEREQD) == 0;
}

static void addr_print(const struct expr *expr, int af,
		       struct output_ctx *octx)
{
	char s[NI_MAXHOST];

	if (!nft_output_reversedns(octx) || !addr_reverse(expr, af, s,
							  sizeof(s)))
		addr_format(expr, af, s, sizeof(s));
	nft_print_str(octx, s);
}

static void ipaddr_print(const struct expr *expr, struct output_ctx *octx)
{
	addr_print(expr, AF_INET, octx);
}

static void ip6addr_print(const struct expr *expr, struct output_ctx *octx)
{
	addr_print(expr, AF_INET6, octx);
}

/* JSON: the same text, without print_json's memory stream per value. */
static json_t *addr_json(const struct expr *expr, int af,
			 struct output_ctx *octx)
{
	char s[NI_MAXHOST];

	if (nft_output_reversedns(octx))
		return print_json(expr, octx);
	addr_format(expr, af, s, sizeof(s));
	return json_string(s);
}

static json_t *ipaddr_json(const struct expr *expr, struct output_ctx *octx)
{
	return addr_json(expr, AF_INET, octx);
}

static json_t *ip6addr_json(const struct expr *expr, struct output_ctx *octx)
{
	return addr_json(expr, AF_INET6, octx);
}

/* A name of /etc/protocols our table lacks, aliases too ("TCP"), as the
 * system nft takes them. */
static bool inet_protocol_lookup(const char *id, unsigned long *v)
{
	struct protoent pe, *res = NULL;
	char buf[1024];

	if (getprotobyname_r(id, &pe, buf, sizeof(buf), &res) || !res ||
	    res->p_proto < 0 || res->p_proto > 255)
		return false;
	*v = res->p_proto;
	return true;
}

static struct error_record *inet_protocol_parse(const struct expr *sym,
						struct expr **res)
{
	const struct symbolic_constant *s;
	const char *id = sym->symbol.identifier;
	unsigned long v;
	char *end;

	s = symbol_lookup(&inet_protocol_tbl, id);
	/* the aliases are 1.1.3's keywords: quoted, a name of
	 * /etc/protocols is looked up ("icmpv6" is none) */
	if (s && sym->symbol.quoted &&
	    (!strcmp(id, "icmpv6") || !strcmp(id, "comp")))
		s = NULL;
	if (s) {
		v = s->value;
	} else if (inet_protocol_lookup(id, &v)) {
		;
	} else {
		errno = 0;
		v = strtoul(id, &end, 0);
		if (end == id || *end || *id == '-')
			return parse_error(sym, "%s",
					   "Could not resolve protocol name");
		if (errno || v > 255)
			return parse_error(sym, "%s", "Protocol out of range");
	}
	*res = constant_expr_alloc_u64(&sym->location, &inet_protocol_type,
				       BYTEORDER_BIG_ENDIAN, 8, v);
	return NULL;
}

static struct error_record *inet_service_parse(const struct expr *sym,
					       struct expr **res)
{
	struct addrinfo hints = { .ai_family = AF_INET };
	const char *id = sym->symbol.identifier;
	struct addrinfo *ai;
	unsigned long v;
	char *end;
	int err;

	errno = 0;
	v = strtoul(id, &end, 0);
	if (end != id && !*end && *id != '-') {
		if (errno || v > 0xffff)
			return parse_error(sym, "%s", "Service out of range");
	} else {
		err = getaddrinfo(NULL, id, &hints, &ai);
		if (err)
			return parse_error(sym, "Could not resolve service: %s",
					   gai_strerror(err));
		v = ntohs(((struct sockaddr_in *)ai->ai_addr)->sin_port);
		freeaddrinfo(ai);
	}
	*res = constant_expr_alloc_u64(&sym->location, &inet_service_type,
				       BYTEORDER_BIG_ENDIAN, 16, v);
	return NULL;
}

/* -p prints protocol numbers. */
static void inet_protocol_print(const struct expr *expr,
				struct output_ctx *octx)
{
	const char *name = NULL;
	uint64_t v;

	if (!nft_output_numeric_proto(octx) && value_get_u64(expr, &v))
		name = symbol_name(&inet_protocol_tbl, v);
	if (name)
		nft_print(octx, "%s", name);
	else
		print_decimal(expr, octx);
}

static json_t *inet_protocol_json(const struct expr *expr,
				  struct output_ctx *octx)
{
	const char *name = NULL;
	uint64_t v;

	if (!nft_output_numeric_proto(octx) && value_get_u64(expr, &v))
		name = symbol_name(&inet_protocol_tbl, v);
	return name ? json_string(name) : number_json(expr, octx);
}

/* -S: the service name of a port, as /etc/services has it. */
static bool inet_service_name(const struct expr *expr, char *out,
			      size_t size)
{
	struct servent se, *res = NULL;
	char buf[1024];
	uint64_t port;

	if (!value_get_u64(expr, &port) || port > 0xffff ||
	    getservbyport_r(htons(port), NULL, &se, buf, sizeof(buf),
			    &res) || !res)
		return false;
	snprintf(out, size, "%s", res->s_name);
	return true;
}

static void inet_service_print(const struct expr *expr,
			       struct output_ctx *octx)
{
	char name[256];

	if (nft_output_service(octx) &&
	    inet_service_name(expr, name, sizeof(name)))
		nft_print(octx, "\"%s\"", name);
	else
		print_decimal(expr, octx);
}

static json_t *inet_service_json(const struct expr *expr,
				 struct output_ctx *octx)
{
	char name[256];

	if (nft_output_service(octx) &&
	    inet_service_name(expr, name, sizeof(name)))
		return json_string(name);
	return number_json(expr, octx);
}

/* A device name resolves now (at evaluation); a number is taken as is. */
static struct error_record *ifindex_parse(const struct expr *sym,
					  struct expr **res)
{
	const char *id = sym->symbol.identifier;
	unsigned long v = if_nametoindex(id);
	char *end;

	if (!v) {
		errno = 0;
		v = strtoul(id, &end, 0);
		if (end == id || *end || *id == '-' || errno ||
		    v > 0xffffffffUL)
			return parse_error(sym, "%s",
					   "Interface does not exist");
	}
	*res = constant_expr_alloc_u64(&sym->location, &ifindex_type,
				       BYTEORDER_HOST_ENDIAN, 32, v);
	return NULL;
}

static bool ifindex_name(const struct expr *expr, char *name)
{
	uint64_t idx;

	return value_get_u64(expr, &idx) && idx && idx <= 0xffffffffULL &&
	       if_indextoname(idx, name);
}

static void ifindex_print(const struct expr *expr, struct output_ctx *octx)
{
	char name[IF_NAMESIZE];

	if (ifindex_name(expr, name))
		nft_print(octx, "\"%s\"", name);
	else
		print_decimal(expr, octx);
}

/* nft gives an index as a string in JSON, known or not. */
static json_t *ifindex_json(const struct expr *expr, struct output_ctx *octx)
{
	char name[IF_NAMESIZE];
	json_t *j;
	char *s;

	if (ifindex_name(expr, name))
		return json_string(name);
	s = mpz_get_str(NULL, 10, expr->value.value);
	j = json_string(s);
	free(s);
	return j;
}

static struct error_record *cgroupv2_parse(const struct expr *sym,
					   struct expr **res)
{
	const char *id = sym->symbol.identifier;
	struct stat st;
	char *path;

	path = xasprintf("%s/%s", CGROUPV2_ROOT, id);
	if (stat(path, &st) < 0) {
		xfree(path);
		return erec_create(EREC_ERROR, &sym->location,
				   "cgroupv2 path fails: %s", strerror(errno));
	}
	xfree(path);
	*res = constant_expr_alloc_u64(&sym->location, &cgroupv2_type,
				       BYTEORDER_HOST_ENDIAN, 64, st.st_ino);
	return NULL;
}

/* Depth-first search of the cgroup tree for inode @ino, at most a few
 * levels deep (a listing must not wander a huge hierarchy). */
static bool cgroupv2_find(const char *dir, const char *rel, uint64_t ino,
			  unsigned int depth, char *out, size_t size)
{
	struct dirent *de;
	bool found = false;
	struct stat st;
	DIR *d;

	if (depth > 8 || !(d = opendir(dir)))
		return false;
	while (!found && (de = readdir(d))) {
		char *path, *sub;

		if (de->d_type != DT_DIR || de->d_name[0] == '.')
			continue;
		path = xasprintf("%s/%s", dir, de->d_name);
		sub = rel[0] ? xasprintf("%s/%s", rel, de->d_name) :
			       xstrdup(de->d_name);
		if (stat(path, &st) == 0 && st.st_ino == ino) {
			snprintf(out, size, "%s", sub);
			found = true;
		} else {
			found = cgroupv2_find(path, sub, ino, depth + 1, out,
					      size);
		}
		xfree(path);
		xfree(sub);
	}
	closedir(d);
	return found;
}

static bool cgroupv2_name(const struct expr *expr, char *out, size_t size)
{
	uint64_t ino;

	return value_get_u64(expr, &ino) &&
	       cgroupv2_find(CGROUPV2_ROOT, "", ino, 0, out, size);
}

static void cgroupv2_print(const struct expr *expr, struct output_ctx *octx)
{
	char path[4096];

	if (cgroupv2_name(expr, path, sizeof(path)))
		nft_print(octx, "\"%s\"", path);
	else
		print_decimal(expr, octx);
}

static json_t *cgroupv2_json(const struct expr *expr, struct output_ctx *octx)
{
	char path[4096];
	json_t *j;
	char *s;

	if (cgroupv2_name(expr, path, sizeof(path)))
		return json_string(path);
	s = mpz_get_str(NULL, 10, expr->value.value);
	j = json_string(s);
	free(s);
	return j;
}


const struct datatype lladdr_type = {
	.type = TYPE_LLADDR, .name = "ll_addr", .desc = "link layer address",
	.byteorder = BYTEORDER_BIG_ENDIAN, .basetype = &integer_type,
	.print = lladdr_print, .json = print_json, .parse = lladdr_parse,
};

const struct datatype ipaddr_type = {
	.type = TYPE_IPADDR, .name = "ipv4_addr", .desc = "IPv4 address",
	.byteorder = BYTEORDER_BIG_ENDIAN, .size = 32,
	.flags = DTYPE_F_PREFIX, .basetype = &integer_type,
	.print = ipaddr_print, .json = ipaddr_json, .parse = ipaddr_parse,
};

const struct datatype ip6addr_type = {
	.type = TYPE_IP6ADDR, .name = "ipv6_addr", .desc = "IPv6 address",
	.byteorder = BYTEORDER_BIG_ENDIAN, .size = 128,
	.flags = DTYPE_F_PREFIX, .basetype = &integer_type,
	.print = ip6addr_print, .json = ip6addr_json, .parse = ip6addr_parse,
};

const struct datatype etheraddr_type = {
	.type = TYPE_ETHERADDR, .name = "ether_addr",
	.desc = "Ethernet address",
	.byteorder = BYTEORDER_BIG_ENDIAN, .size = 48,
	.basetype = &lladdr_type,
	.print = lladdr_print, .json = print_json, .parse = etheraddr_parse,
};

const struct datatype inet_protocol_type = {
	.type = TYPE_INET_PROTOCOL, .name = "inet_proto",
	.desc = "Internet protocol",
	.byteorder = BYTEORDER_BIG_ENDIAN, .size = 8,
	.flags = DTYPE_F_NO_ORDER,
	.basetype = &integer_type, .sym_tbl = &inet_protocol_tbl,
	.parse = inet_protocol_parse, .print = inet_protocol_print,
	.json = inet_protocol_json,
};

const struct datatype inet_service_type = {
	.type = TYPE_INET_SERVICE, .name = "inet_service",
	.desc = "internet network service",
	.byteorder = BYTEORDER_BIG_ENDIAN, .size = 16,
	.basetype = &integer_type, .parse = inet_service_parse,
	.print = inet_service_print, .json = inet_service_json,
};

const struct datatype ifindex_type = {
	.type = TYPE_IFINDEX, .name = "iface_index",
	.desc = "network interface index",
	.byteorder = BYTEORDER_HOST_ENDIAN, .size = 32,
	.basetype = &integer_type,
	.print = ifindex_print, .json = ifindex_json, .parse = ifindex_parse,
};

const struct datatype cgroupv2_type = {
	.type = TYPE_CGROUPV2, .name = "cgroupsv2", .desc = "cgroupsv2 path",
	.byteorder = BYTEORDER_HOST_ENDIAN, .size = 64,
	.basetype = &integer_type,
	.print = cgroupv2_print, .json = cgroupv2_json,
	.parse = cgroupv2_parse,
};
