/*
 * "typeof ip saddr . tcp dport": a set's key given as the expressions it
 * is matched with. The kernel only knows the key's type and length; the
 * expressions travel in the set's user data (NFTNL_UDATA_SET_KEY_TYPEOF,
 * a map's data in NFTNL_UDATA_SET_DATA_TYPEOF) the way the system nft
 * writes them, so that either nft lists the other's sets as "typeof": a
 * nest holding the expression's kind (NFTNL_UDATA_SET_TYPEOF_EXPR) and a
 * nest of its attributes (NFTNL_UDATA_SET_TYPEOF_DATA).
 *
 * Each kind numbers itself (its ops' typeof_id, the system nft's number)
 * and writes and reads its own attributes (typeof_put, typeof_parse);
 * only the concatenation lives here: kind 13, one nest per member,
 * numbered from 0, each holding a kind and a data nest.
 */
#include <netlink.h>
#include <string.h>
#include <expr.h>
#include <proto.h>
#include <set.h>
#include <nftables.h>
#include <libnftnl/set.h>
#include <libnftnl/udata.h>

/* The system nft's number of a concatenation; each kind's own number is
 * its ops' typeof_id. */
#define TYPEOF_CONCAT	13
#define TYPEOF_VALUE	4
#define TYPEOF_VERDICT	1

bool typeof_u32(const struct typeof_attrs *t, unsigned int i, uint32_t *v)
{
	if (i >= TYPEOF_ATTRS || !t->a[i] ||
	    nftnl_udata_len(t->a[i]) != sizeof(uint32_t))
		return false;
	*v = nftnl_udata_get_u32(t->a[i]);
	return true;
}

/* ---- encoding ---- */

/* One expression: its kind, then its attributes in a nest. */
static bool typeof_put_one(struct nftnl_udata_buf *ud, const struct expr *e)
{
	struct nftnl_udata *data;
	bool ok;

	if (!e->ops->typeof_id || !e->ops->typeof_put)
		return false;
	nftnl_udata_put_u32(ud, NFTNL_UDATA_SET_TYPEOF_EXPR,
			    e->ops->typeof_id);
	data = nftnl_udata_nest_start(ud, NFTNL_UDATA_SET_TYPEOF_DATA);
	ok = e->ops->typeof_put(ud, e);
	nftnl_udata_nest_end(ud, data);
	return ok;
}

/*
 * A concatenation's members, each in a nest numbered from 0; upstream
 * 1.1.3 describes an anonymous set's key only up to its first member
 * whose byte order the rule turns (concat_member_order(): host order
 * members of interval sets, fields shifted down in host order):
 * @hton_stop.
 */
static bool typeof_put_concat(struct nftnl_udata_buf *ud,
			      const struct expr *key, bool hton_stop)
{
	struct nftnl_udata *data, *member;
	const struct expr *i;
	unsigned int n = 0;
	bool ok = true;

	nftnl_udata_put_u32(ud, NFTNL_UDATA_SET_TYPEOF_EXPR, TYPEOF_CONCAT);
	data = nftnl_udata_nest_start(ud, NFTNL_UDATA_SET_TYPEOF_DATA);
	list_for_each_entry(i, &key->expr_list.expressions, list) {
		if (hton_stop && concat_member_order(key, i) != i->byteorder)
			break;
		member = nftnl_udata_nest_start(ud, n++);
		ok = ok && i->etype != EXPR_CONCAT && typeof_put_one(ud, i);
		nftnl_udata_nest_end(ud, member);
	}
	nftnl_udata_nest_end(ud, data);
	return ok;
}

static bool typeof_put_expr(struct nftnl_udata_buf *ud, const struct expr *key)
{
	if (key->etype != EXPR_CONCAT)
		return typeof_put_one(ud, key);
	return typeof_put_concat(ud, key, false);
}

/* The bytes @key's description takes in a nest of its own, tried on a
 * scratch buffer; 0 if some part has none: a kind knows best which of its
 * expressions it can describe. */
unsigned int set_typeof_len(const struct expr *key)
{
	struct nftnl_udata_buf *ud = set_udata_scratch();
	struct nftnl_udata *nest;
	unsigned int len;
	bool ok;

	nest = nftnl_udata_nest_start(ud, NFTNL_UDATA_SET_KEY_TYPEOF);
	ok = typeof_put_expr(ud, key);
	nftnl_udata_nest_end(ud, nest);
	len = ok ? nftnl_udata_buf_len(ud) : 0;
	nftnl_udata_buf_free(ud);
	return len;
}

/* Only where it fits: the kernel keeps 256 bytes of user data, and
 * libnftnl would write past the buffer's end. */
static void typeof_put_as(struct nftnl_udata_buf *ud, uint8_t attr,
			  const struct expr *key)
{
	unsigned int len = set_typeof_len(key);
	struct nftnl_udata *nest;

	if (!len || nftnl_udata_buf_len(ud) + len > NFT_USERDATA_MAXLEN)
		return;
	nest = nftnl_udata_nest_start(ud, attr);
	typeof_put_expr(ud, key);
	nftnl_udata_nest_end(ud, nest);
}

struct nftnl_udata_buf *set_udata_scratch(void)
{
	struct nftnl_udata_buf *ud = nftnl_udata_buf_alloc(SET_UDATA_SCRATCH);

	if (ud == NULL)
		memory_allocation_error();
	return ud;
}

/* A jhash in @key (or a member of it). */
static bool typeof_has_jhash(const struct expr *key)
{
	const struct expr *i;

	if (key->etype == EXPR_CONCAT) {
		list_for_each_entry(i, &key->expr_list.expressions, list)
			if (typeof_has_jhash(i))
				return true;
		return false;
	}
	return key->etype == EXPR_HASH && key->hash.type == NFT_HASH_JENKINS;
}

/*
 * Whether a named set's typeof @key reads back from its description: an
 * anonymous set's key may be described without that ("jhash ip saddr"
 * loses the expression it hashes, and the listing has the rule's), a
 * named set's is all its listing has. But 1.1.3 takes a named set's
 * "typeof jhash ..." (and crashes listing it): it is made as 1.1.3
 * makes it, and listing it fails with an error.
 */
bool set_typeof_supported(const struct expr *key)
{
	unsigned int len = set_typeof_len(key);
	struct nftnl_udata_buf *ud;
	struct expr *back = NULL;
	bool ok;

	if (!len)
		return false;
	if (typeof_has_jhash(key))
		return true;
	/* one too long for the user data is set_key_listable()'s to
	 * refuse, in its words */
	if (len > NFT_USERDATA_MAXLEN)
		return true;
	ud = set_udata_scratch();
	typeof_put_as(ud, NFTNL_UDATA_SET_KEY_TYPEOF, key);
	/* 0: read back as its type, as 1.1.3 reads an osf in a
	 * concatenation ("type string . mark") */
	ok = set_typeof_parse(nftnl_udata_buf_data(ud),
			      nftnl_udata_buf_len(ud), &back) >= 0;
	if (back)
		expr_free(back);
	nftnl_udata_buf_free(ud);
	return ok;
}

void set_typeof_put(struct nftnl_udata_buf *ud, const struct expr *key)
{
	typeof_put_as(ud, NFTNL_UDATA_SET_KEY_TYPEOF, key);
}

void set_typeof_put_anon(struct nftnl_udata_buf *ud, const struct expr *key)
{
	struct nftnl_udata *nest;
	unsigned int len;

	if (key->etype != EXPR_CONCAT) {
		set_typeof_put(ud, key);
		return;
	}
	len = set_typeof_len(key);
	if (!len || nftnl_udata_buf_len(ud) + len > NFT_USERDATA_MAXLEN)
		return;
	nest = nftnl_udata_nest_start(ud, NFTNL_UDATA_SET_KEY_TYPEOF);
	typeof_put_concat(ud, key, true);
	nftnl_udata_nest_end(ud, nest);
}

/* A map's "typeof ... : DATA" (NFTNL_UDATA_SET_DATA_TYPEOF). */
void set_typeof_put_data(struct nftnl_udata_buf *ud, const struct expr *data)
{
	typeof_put_as(ud, NFTNL_UDATA_SET_DATA_TYPEOF, data);
}

/* The user data of a set that only carries elements (an echo's), for
 * their decoder to read a map's data typeof from. */
void set_typeof_nl_data(struct nftnl_set *nls, const struct expr *data)
{
	struct nftnl_udata_buf *ud = set_udata_scratch();
	set_typeof_put_data(ud, data);
	nftnl_set_set_data(nls, NFTNL_SET_USERDATA, nftnl_udata_buf_data(ud),
			   nftnl_udata_buf_len(ud));
	nftnl_udata_buf_free(ud);
}

/* ---- decoding ---- */

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
		udata_parse(nftnl_udata_get(nest), nftnl_udata_len(nest),
				  typeof_attrs_cb, t);
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

/* The kind that the system nft numbers @id. */
static const struct expr_ops *typeof_kind(uint32_t id)
{
	unsigned int i;

	for (i = 0; expr_ops_registry[i]; i++) {
		if (expr_ops_registry[i]->typeof_id == id &&
		    expr_ops_registry[i]->typeof_parse)
			return expr_ops_registry[i];
	}
	return NULL;
}

/* One expression from a nest of kind and data. */
static struct expr *typeof_parse(const struct nftnl_udata *nest)
{
	const struct expr_ops *ops;
	struct typeof_attrs t, d;
	uint32_t kind;

	typeof_attrs_parse(nest, &t);
	if (!typeof_u32(&t, NFTNL_UDATA_SET_TYPEOF_EXPR, &kind))
		return NULL;
	if (kind == TYPEOF_CONCAT)
		return typeof_parse_concat(t.a[NFTNL_UDATA_SET_TYPEOF_DATA]);
	ops = typeof_kind(kind);
	if (!ops)
		return NULL;
	typeof_attrs_parse(t.a[NFTNL_UDATA_SET_TYPEOF_DATA], &d);
	return ops->typeof_parse(&d);
}

static int typeof_first_cb(const struct nftnl_udata *attr, void *data)
{
	const struct nftnl_udata **first = data;

	if (!*first)
		*first = attr;
	return 0;
}

/* A concatenation's member whose data nest is empty, into *data. */
static int typeof_bare_cb(const struct nftnl_udata *attr, void *data)
{
	const struct nftnl_udata **bare = data;
	struct typeof_attrs t;

	typeof_attrs_parse(attr, &t);
	if (!*bare && t.a[NFTNL_UDATA_SET_TYPEOF_DATA] &&
	    nftnl_udata_len(t.a[NFTNL_UDATA_SET_TYPEOF_DATA]) == 0)
		*bare = attr;
	return 0;
}

/*
 * A key described by its type, not by expressions: a constant (kind 4),
 * or a concatenation with no members, or whose first member is an empty
 * nest (upstream 1.1.3's "type a . b"; ours before wrote an empty data
 * nest).
 */
static bool typeof_is_type(const struct nftnl_udata *nest)
{
	const struct nftnl_udata *first = NULL;
	struct typeof_attrs t;
	uint32_t kind;

	typeof_attrs_parse(nest, &t);
	if (!typeof_u32(&t, NFTNL_UDATA_SET_TYPEOF_EXPR, &kind))
		return false;
	if (kind == TYPEOF_VALUE)
		return true;
	if (kind != TYPEOF_CONCAT)
		return false;
	nest = t.a[NFTNL_UDATA_SET_TYPEOF_DATA];
	if (nest)
		udata_parse(nftnl_udata_get(nest), nftnl_udata_len(nest),
			    typeof_first_cb, &first);
	if (!first || nftnl_udata_len(first) == 0)
		return true;
	/* a member with no attributes (an osf's): 1.1.3 reads none
	 * there and lists the set by its type ("type string . mark") */
	first = NULL;
	if (nest)
		udata_parse(nftnl_udata_get(nest), nftnl_udata_len(nest),
			    typeof_bare_cb, &first);
	return first != NULL;
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
	udata_parse(data, len, typeof_find_cb, &f);
	if (!f.key || typeof_is_type(f.key))
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
	udata_parse(data, len, typeof_find_cb, &f);
	if (!f.key || typeof_is_type(f.key))
		return 0;
	*key = typeof_parse(f.key);
	return *key ? 1 : -1;
}

bool set_udata_data_interval(const void *data, uint32_t len)
{
	struct typeof_find f = { NULL, NFTNL_UDATA_SET_DATA_INTERVAL };

	if (!data || !len)
		return false;
	udata_parse(data, len, typeof_find_cb, &f);
	return f.key && nftnl_udata_len(f.key) == sizeof(uint32_t) &&
	       nftnl_udata_get_u32(f.key);
}

/*
 * A key given by its type ("type ipv4_addr", an anonymous map's key, a
 * map's data): upstream 1.1.3 describes it as a constant of the type
 * (kind 4) with no attributes; "type a . b" as a concatenation whose
 * data holds an empty member nest followed by such a constant's kind and
 * attributes, at the concatenation's level (its bytes, whatever the
 * number of members).
 */
static void typeof_put_value(struct nftnl_udata_buf *ud)
{
	struct nftnl_udata *data;

	nftnl_udata_put_u32(ud, NFTNL_UDATA_SET_TYPEOF_EXPR, TYPEOF_VALUE);
	data = nftnl_udata_nest_start(ud, NFTNL_UDATA_SET_TYPEOF_DATA);
	nftnl_udata_nest_end(ud, data);
}

static void typeof_put_type(struct nftnl_udata_buf *ud, uint8_t attr,
			    const struct expr *key)
{
	struct nftnl_udata *nest, *data, *member;

	nest = nftnl_udata_nest_start(ud, attr);
	if (key && key->etype == EXPR_CONCAT) {
		nftnl_udata_put_u32(ud, NFTNL_UDATA_SET_TYPEOF_EXPR,
				    TYPEOF_CONCAT);
		data = nftnl_udata_nest_start(ud, NFTNL_UDATA_SET_TYPEOF_DATA);
		member = nftnl_udata_nest_start(ud, 0);
		nftnl_udata_nest_end(ud, member);
		typeof_put_value(ud);
		nftnl_udata_nest_end(ud, data);
	} else {
		typeof_put_value(ud);
	}
	nftnl_udata_nest_end(ud, nest);
}

void set_typeof_put_type(struct nftnl_udata_buf *ud, const struct expr *key)
{
	typeof_put_type(ud, NFTNL_UDATA_SET_KEY_TYPEOF, key);
}

/* @data NULL: an object map's, a constant too. */
void set_typeof_put_type_data(struct nftnl_udata_buf *ud,
			      const struct expr *data)
{
	typeof_put_type(ud, NFTNL_UDATA_SET_DATA_TYPEOF, data);
}

/* A verdict map's data in anonymous verdict maps and "typeof K :
 * verdict": the verdict kind (1) with no attributes. */
void set_typeof_put_verdict_data(struct nftnl_udata_buf *ud)
{
	struct nftnl_udata *nest, *data;

	nest = nftnl_udata_nest_start(ud, NFTNL_UDATA_SET_DATA_TYPEOF);
	nftnl_udata_put_u32(ud, NFTNL_UDATA_SET_TYPEOF_EXPR, TYPEOF_VERDICT);
	data = nftnl_udata_nest_start(ud, NFTNL_UDATA_SET_TYPEOF_DATA);
	nftnl_udata_nest_end(ud, data);
	nftnl_udata_nest_end(ud, nest);
}
