/*
 * "typeof ip saddr . tcp dport": a set's key given as the expressions it
 * is matched with. The kernel only knows the key's type and length; the
 * expressions travel in the set's user data (NFTNL_UDATA_SET_KEY_TYPEOF)
 * the way the system nft writes them, so that either nft lists the
 * other's sets as "typeof": a nest holding the expression's kind
 * (NFTNL_UDATA_SET_TYPEOF_EXPR) and a nest of its attributes
 * (NFTNL_UDATA_SET_TYPEOF_DATA), all u32. As read from the system nft's
 * sets:
 *
 *   payload  kind 7: 0 protocol (its number below), 1 field (the index
 *            of the header template), 4 length in bits (some fields)
 *   meta     kind 9: 0 key (NFT_META_*)
 *   ct       kind 12: 0 key (NFT_CT_*), 1 direction (-1: none)
 *   concat   kind 13: one nest per member, numbered from 0, each
 *            holding a kind and a data nest as above
 */
#include <string.h>
#include <expr.h>
#include <proto.h>
#include <set.h>
#include <nftables.h>
#include <libnftnl/udata.h>

enum {
	TYPEOF_PAYLOAD	= 7,
	TYPEOF_META	= 9,
	TYPEOF_CT	= 12,
	TYPEOF_CONCAT	= 13,
};

/*
 * The system nft's numbers of its protocol descriptions, where its field
 * numbers are ours too. Left out: ah (1), esp (2) and comp (3), whose
 * fields it describes with a length as well, and vlan (16), whose fields
 * it numbers otherwise; sets keyed by them fail to list, loudly.
 */
static const struct {
	uint32_t id;
	const char *name;
} typeof_protos[] = {
	{ 4, "icmp" }, { 5, "igmp" }, { 6, "udp" }, { 7, "udplite" },
	{ 8, "tcp" }, { 9, "dccp" }, { 10, "sctp" }, { 11, "th" },
	{ 12, "ip" }, { 13, "ip6" }, { 14, "icmpv6" }, { 15, "arp" },
	{ 17, "ether" },
};

static uint32_t typeof_proto_id(const struct proto_desc *desc)
{
	unsigned int i;

	for (i = 0; i < array_size(typeof_protos); i++) {
		if (!strcmp(typeof_protos[i].name, desc->name))
			return typeof_protos[i].id;
	}
	return 0;
}

static const struct proto_desc *typeof_proto(uint32_t id)
{
	unsigned int i;

	for (i = 0; i < array_size(typeof_protos); i++) {
		if (typeof_protos[i].id == id)
			return proto_lookup(typeof_protos[i].name);
	}
	return NULL;
}

/* ---- encoding ---- */

static bool typeof_put_one(struct nftnl_udata_buf *ud, const struct expr *e)
{
	struct nftnl_udata *data;
	uint32_t field;

	switch (e->etype) {
	case EXPR_PAYLOAD:
		if (!e->payload.desc || !e->payload.tmpl ||
		    !typeof_proto_id(e->payload.desc))
			return false;
		field = e->payload.tmpl - e->payload.desc->templates;
		nftnl_udata_put_u32(ud, NFTNL_UDATA_SET_TYPEOF_EXPR,
				    TYPEOF_PAYLOAD);
		data = nftnl_udata_nest_start(ud, NFTNL_UDATA_SET_TYPEOF_DATA);
		nftnl_udata_put_u32(ud, 0, typeof_proto_id(e->payload.desc));
		nftnl_udata_put_u32(ud, 1, field);
		nftnl_udata_nest_end(ud, data);
		return true;
	case EXPR_META:
		nftnl_udata_put_u32(ud, NFTNL_UDATA_SET_TYPEOF_EXPR,
				    TYPEOF_META);
		data = nftnl_udata_nest_start(ud, NFTNL_UDATA_SET_TYPEOF_DATA);
		nftnl_udata_put_u32(ud, 0, e->meta.key);
		nftnl_udata_nest_end(ud, data);
		return true;
	case EXPR_CT:
		nftnl_udata_put_u32(ud, NFTNL_UDATA_SET_TYPEOF_EXPR,
				    TYPEOF_CT);
		data = nftnl_udata_nest_start(ud, NFTNL_UDATA_SET_TYPEOF_DATA);
		nftnl_udata_put_u32(ud, 0, e->ct.key);
		nftnl_udata_put_u32(ud, 1, (uint32_t)e->ct.direction);
		nftnl_udata_nest_end(ud, data);
		return true;
	default:
		return false;
	}
}

bool set_typeof_supported(const struct expr *key)
{
	const struct expr *i;

	if (key->etype != EXPR_CONCAT)
		return key->etype == EXPR_META || key->etype == EXPR_CT ||
		       (key->etype == EXPR_PAYLOAD && key->payload.desc &&
			key->payload.tmpl &&
			typeof_proto_id(key->payload.desc));
	list_for_each_entry(i, &key->expr_list.expressions, list) {
		if (i->etype == EXPR_CONCAT || !set_typeof_supported(i))
			return false;
	}
	return true;
}

static void typeof_put_as(struct nftnl_udata_buf *ud, uint8_t attr,
			  const struct expr *key);

void set_typeof_put(struct nftnl_udata_buf *ud, const struct expr *key)
{
	typeof_put_as(ud, NFTNL_UDATA_SET_KEY_TYPEOF, key);
}

/* A map's "typeof ... : DATA" (NFTNL_UDATA_SET_DATA_TYPEOF). */
void set_typeof_put_data(struct nftnl_udata_buf *ud, const struct expr *data)
{
	typeof_put_as(ud, NFTNL_UDATA_SET_DATA_TYPEOF, data);
}

static void typeof_put_as(struct nftnl_udata_buf *ud, uint8_t attr,
			  const struct expr *key)
{
	struct nftnl_udata *nest, *data, *member;
	const struct expr *i;
	unsigned int n = 0;

	if (!set_typeof_supported(key))
		return;
	nest = nftnl_udata_nest_start(ud, attr);
	if (key->etype != EXPR_CONCAT) {
		typeof_put_one(ud, key);
	} else {
		nftnl_udata_put_u32(ud, NFTNL_UDATA_SET_TYPEOF_EXPR,
				    TYPEOF_CONCAT);
		data = nftnl_udata_nest_start(ud, NFTNL_UDATA_SET_TYPEOF_DATA);
		list_for_each_entry(i, &key->expr_list.expressions, list) {
			member = nftnl_udata_nest_start(ud, n++);
			typeof_put_one(ud, i);
			nftnl_udata_nest_end(ud, member);
		}
		nftnl_udata_nest_end(ud, data);
	}
	nftnl_udata_nest_end(ud, nest);
}

/* ---- decoding ---- */

#define TYPEOF_ATTRS	8

struct typeof_attrs {
	const struct nftnl_udata *a[TYPEOF_ATTRS];
};

static int typeof_attrs_cb(const struct nftnl_udata *attr, void *data)
{
	struct typeof_attrs *t = data;
	uint8_t type = nftnl_udata_type(attr);

	if (type < TYPEOF_ATTRS)
		t->a[type] = attr;
	return 0;
}

static void typeof_attrs_parse(const struct nftnl_udata *nest,
			       struct typeof_attrs *t)
{
	memset(t, 0, sizeof(*t));
	if (nest)
		nftnl_udata_parse(nftnl_udata_get(nest), nftnl_udata_len(nest),
				  typeof_attrs_cb, t);
}

static bool typeof_u32(const struct nftnl_udata *attr, uint32_t *v)
{
	if (!attr || nftnl_udata_len(attr) != sizeof(uint32_t))
		return false;
	*v = nftnl_udata_get_u32(attr);
	return true;
}

static struct expr *typeof_parse(const struct nftnl_udata *nest);

static struct expr *typeof_parse_concat(const struct nftnl_udata *data)
{
	struct typeof_attrs members;
	struct expr *concat, *m;
	unsigned int i;

	typeof_attrs_parse(data, &members);
	/* "type a . b" is described as a concatenation of nothing */
	if (!members.a[0])
		return NULL;
	concat = concat_expr_alloc(&internal_location);
	for (i = 0; i < TYPEOF_ATTRS && members.a[i]; i++) {
		m = typeof_parse(members.a[i]);
		if (!m || m->etype == EXPR_CONCAT) {
			if (m)
				expr_free(m);
			expr_free(concat);
			return NULL;
		}
		concat_expr_add(concat, m);
	}
	if (i < 2) {
		expr_free(concat);
		return NULL;
	}
	return concat;
}

/* One expression from a nest of kind and data. */
static struct expr *typeof_parse(const struct nftnl_udata *nest)
{
	const struct proto_desc *desc;
	struct typeof_attrs t, d;
	uint32_t kind, a, b;

	typeof_attrs_parse(nest, &t);
	if (!typeof_u32(t.a[NFTNL_UDATA_SET_TYPEOF_EXPR], &kind))
		return NULL;
	if (kind == TYPEOF_CONCAT)
		return typeof_parse_concat(t.a[NFTNL_UDATA_SET_TYPEOF_DATA]);
	typeof_attrs_parse(t.a[NFTNL_UDATA_SET_TYPEOF_DATA], &d);
	switch (kind) {
	case TYPEOF_PAYLOAD:
		if (!typeof_u32(d.a[0], &a) || !typeof_u32(d.a[1], &b))
			return NULL;
		desc = typeof_proto(a);
		if (!desc || b == 0 || b >= PROTO_MAX_FIELDS ||
		    !desc->templates[b].token)
			return NULL;
		return payload_expr_alloc(&internal_location, desc, b);
	case TYPEOF_META:
		if (!typeof_u32(d.a[0], &a) || !meta_key_name(a))
			return NULL;
		return meta_expr_alloc(&internal_location, a);
	case TYPEOF_CT:
		if (!typeof_u32(d.a[0], &a) || !ct_key_name(a))
			return NULL;
		if (!typeof_u32(d.a[1], &b))
			b = (uint32_t)-1;
		return ct_expr_alloc(&internal_location, a, (int)b);
	default:
		return NULL;
	}
}

static bool typeof_is_plain_concat(const struct nftnl_udata *nest)
{
	struct typeof_attrs t, d;
	uint32_t kind;

	typeof_attrs_parse(nest, &t);
	if (!typeof_u32(t.a[NFTNL_UDATA_SET_TYPEOF_EXPR], &kind) ||
	    kind != TYPEOF_CONCAT)
		return false;
	typeof_attrs_parse(t.a[NFTNL_UDATA_SET_TYPEOF_DATA], &d);
	return !d.a[0];
}

struct typeof_find {
	const struct nftnl_udata *key;
	uint8_t attr;
};

static int typeof_find_cb(const struct nftnl_udata *attr, void *data)
{
	struct typeof_find *f = data;

	if (nftnl_udata_type(attr) == f->attr)
		f->key = attr;
	return 0;
}

/* A map's data typeof, as set_typeof_parse() reads the key's. */
int set_typeof_parse_data(const void *data, uint32_t len, struct expr **key)
{
	struct typeof_find f = { NULL, NFTNL_UDATA_SET_DATA_TYPEOF };

	*key = NULL;
	if (!data || !len)
		return 0;
	nftnl_udata_parse(data, len, typeof_find_cb, &f);
	if (!f.key || typeof_is_plain_concat(f.key))
		return 0;
	*key = typeof_parse(f.key);
	return *key ? 1 : -1;
}

int set_typeof_parse(const void *data, uint32_t len, struct expr **key)
{
	struct typeof_find f = { NULL, NFTNL_UDATA_SET_KEY_TYPEOF };

	*key = NULL;
	if (!data || !len)
		return 0;
	nftnl_udata_parse(data, len, typeof_find_cb, &f);
	if (!f.key || typeof_is_plain_concat(f.key))
		return 0;
	*key = typeof_parse(f.key);
	return *key ? 1 : -1;
}

/* "type a . b": as the system nft describes it, a concatenation of no
 * expressions. */
void set_typeof_put_plain_concat(struct nftnl_udata_buf *ud)
{
	struct nftnl_udata *nest, *data;

	nest = nftnl_udata_nest_start(ud, NFTNL_UDATA_SET_KEY_TYPEOF);
	nftnl_udata_put_u32(ud, NFTNL_UDATA_SET_TYPEOF_EXPR, TYPEOF_CONCAT);
	data = nftnl_udata_nest_start(ud, NFTNL_UDATA_SET_TYPEOF_DATA);
	nftnl_udata_nest_end(ud, data);
	nftnl_udata_nest_end(ud, nest);
}
