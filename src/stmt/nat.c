/*
 * NAT statements: "snat|dnat [ip|ip6] [prefix] to ADDR[:PORT] [FLAGS]",
 * "masquerade [to :PORT] [FLAGS]", "redirect [to :PORT] [FLAGS]".
 *
 * The kernel has three expressions for them (nat, masq, redir), so this
 * kind has three ops structs that share everything but their netlink
 * name. Addresses and ports travel in registers, each range bound in a
 * register of its own (addr_min, addr_max, proto_min, proto_max, in that
 * order, as the system nft allocates them). A range of addresses that is
 * a whole prefix lists as the prefix. A port needs a transport protocol
 * match before it.
 */
#include <string.h>
#include <arpa/inet.h>
#include <stmt.h>
#include <evaluate.h>
#include <linearize.h>
#include <json.h>
#include <proto.h>
#include <rule.h>
#include <set.h>
#include <set_pack.h>
#include <nftables.h>
#include <libnftnl/expr.h>
#include <linux/netfilter.h>
#include <linux/netfilter/nf_nat.h>

static const struct {
	int type;
	const char *name;
} nat_kinds[] = {
	{ NFT_NAT_SNAT,	"snat" },
	{ NFT_NAT_DNAT,	"dnat" },
	{ NAT_MASQ,	"masquerade" },
	{ NAT_REDIR,	"redirect" },
};

/* Flags the user writes, in listing order; netmap is "prefix" in text. */
static const struct {
	uint32_t flag;
	const char *name;
} nat_flag_tbl[] = {
	{ NF_NAT_RANGE_PROTO_RANDOM,		"random" },
	{ NF_NAT_RANGE_PROTO_RANDOM_FULLY,	"fully-random" },
	{ NF_NAT_RANGE_PERSISTENT,		"persistent" },
	{ NF_NAT_RANGE_NETMAP,			"netmap" },
};

#define NAT_USER_FLAGS	(NF_NAT_RANGE_PROTO_RANDOM | \
			 NF_NAT_RANGE_PROTO_RANDOM_FULLY | \
			 NF_NAT_RANGE_PERSISTENT | NF_NAT_RANGE_NETMAP)

static const char *nat_name(const struct stmt *stmt)
{
	unsigned int i;

	for (i = 0; i < array_size(nat_kinds); i++)
		if (nat_kinds[i].type == stmt->nat.type)
			return nat_kinds[i].name;
	return "nat";
}

const char *nat_stmt_keyword(const struct stmt *stmt)
{
	return nat_name(stmt);
}

static bool nat_is_snat_dnat(const struct stmt *stmt)
{
	return stmt->nat.type == NFT_NAT_SNAT || stmt->nat.type == NFT_NAT_DNAT;
}

static void nat_stmt_destroy(struct stmt *stmt)
{
	expr_free(stmt->nat.addr);
	expr_free(stmt->nat.proto);
}

void nat_print_flags(uint32_t flags, struct output_ctx *octx)
{
	const char *sep = " ";
	unsigned int i;

	for (i = 0; i < array_size(nat_flag_tbl); i++) {
		if (nat_flag_tbl[i].flag == NF_NAT_RANGE_NETMAP ||
		    !(flags & nat_flag_tbl[i].flag))
			continue;
		nft_print(octx, "%s%s", sep, nat_flag_tbl[i].name);
		sep = ",";
	}
}

/* A value, a range or a prefix, as opposed to what is computed. */
static bool nat_is_constant(const struct expr *e)
{
	return e->etype == EXPR_VALUE || e->etype == EXPR_RANGE ||
	       e->etype == EXPR_PREFIX;
}

static void nat_print_addr(const struct stmt *stmt, struct output_ctx *octx)
{
	/* an IPv6 address before a port needs brackets; a computed one
	 * takes none ("dnat ip6 to ip6 saddr:tcp dport") */
	bool brackets = stmt->nat.proto &&
			stmt->nat.family == NFPROTO_IPV6 &&
			nat_is_constant(stmt->nat.addr);

	const struct expr *a = stmt->nat.addr;

	/* each end of a range in its own ("[::1]-[::3]:80"), as the
	 * system nft lists it and both read it back */
	if (brackets && a->etype == EXPR_RANGE) {
		nft_print(octx, "[");
		expr_print(a->range.left, octx);
		nft_print(octx, "]-[");
		expr_print(a->range.right, octx);
		nft_print(octx, "]");
		return;
	}
	nft_print(octx, brackets ? "[" : "");
	expr_print(a, octx);
	nft_print(octx, brackets ? "]" : "");
}

static void nat_stmt_print(const struct stmt *stmt, struct output_ctx *octx)
{
	nft_print(octx, "%s", nat_name(stmt));
	if (stmt->nat.show_family && stmt->nat.addr)
		nft_print(octx, " %s", stmt->nat.family == NFPROTO_IPV6 ?
			  "ip6" : "ip");
	if (stmt->nat.flags & NF_NAT_RANGE_NETMAP)
		nft_print(octx, " prefix");
	if (stmt->nat.addr || stmt->nat.proto)
		nft_print(octx, " to ");
	if (stmt->nat.addr)
		nat_print_addr(stmt, octx);
	if (stmt->nat.proto) {
		nft_print(octx, ":");
		expr_print(stmt->nat.proto, octx);
	}
	nat_print_flags(stmt->nat.flags, octx);
}

/* One flag: a string, several: an array. */
static json_t *nat_flags_json(uint32_t flags)
{
	json_t *arr = json_array(), *one;
	unsigned int i;

	for (i = 0; i < array_size(nat_flag_tbl); i++)
		if (flags & nat_flag_tbl[i].flag)
			json_array_append_new(arr,
				json_string(nat_flag_tbl[i].name));
	if (json_array_size(arr) != 1)
		return arr;
	one = json_incref(json_array_get(arr, 0));
	json_decref(arr);
	return one;
}

static json_t *nat_stmt_json(const struct stmt *stmt, struct output_ctx *octx)
{
	json_t *obj = json_object();

	if (stmt->nat.show_family && stmt->nat.addr)
		json_object_set_new(obj, "family", json_string(
			stmt->nat.family == NFPROTO_IPV6 ? "ip6" : "ip"));
	if (stmt->nat.addr)
		json_object_set_new(obj, "addr",
				    expr_json(stmt->nat.addr, octx));
	if (stmt->nat.proto)
		json_object_set_new(obj, "port",
				    expr_json(stmt->nat.proto, octx));
	if (stmt->nat.flags & NAT_USER_FLAGS)
		json_object_set_new(obj, "flags",
				    nat_flags_json(stmt->nat.flags));
	if (stmt->nat.flags & NF_NAT_RANGE_NETMAP)
		json_object_set_new(obj, "type_flags", json_string("prefix"));
	if (json_object_size(obj) == 0) {
		json_decref(obj);
		return json_wrap(nat_name(stmt), json_null());
	}
	return json_wrap(nat_name(stmt), obj);
}

/* Evaluation */

/* The keyword ("dnat") is the related text of an argument's error, as
 * the system nft shows it. */
static struct location nat_keyword_location(const struct stmt *stmt)
{
	return stmt_keyword_location(stmt, strlen(nat_name(stmt)));
}

static int nat_transport_error(struct eval_ctx *ectx, const struct stmt *stmt)
{
	struct location kw = nat_keyword_location(stmt);
	struct error_record *erec;

	/* the port, or the map that gives it */
	erec = erec_create(EREC_ERROR, stmt->nat.proto ?
			   &stmt->nat.proto->location :
			   &stmt->nat.addr->location,
			   "transport protocol mapping is only valid after transport protocol match");
	if (kw.indesc && kw.json_index < 0)
		erec_add_location(erec, &kw);
	erec_queue(erec, ectx->msgs);
	return -1;
}

/* A value, a range of values or a prefix of one, typed @dtype; or an
 * expression computing it. */
static int nat_evaluate_arg(struct eval_ctx *ectx, struct stmt *stmt,
			    struct expr **exprp, const struct datatype *dtype)
{
	struct expr *e = *exprp;
	struct location kw;

	if (e->etype == EXPR_RANGE) {
		if (stmt_evaluate_arg(ectx, &e->range.left, dtype) < 0 ||
		    stmt_evaluate_arg(ectx, &e->range.right, dtype) < 0)
			return -1;
		if (e->range.left->etype != EXPR_VALUE ||
		    e->range.right->etype != EXPR_VALUE)
			return expr_error(ectx, e,
					  "range bounds must be values");
		if (mpz_cmp(e->range.left->value.value,
			    e->range.right->value.value) > 0)
			return expr_error(ectx, e,
					  "Range negative size");
		/* "1.1.1.1-1.1.1.1" is one address, sent as one */
		if (!mpz_cmp(e->range.left->value.value,
			     e->range.right->value.value)) {
			*exprp = expr_get(e->range.left);
			expr_free(e);
		}
		return 0;
	}
	/* anything else loads its value into the register itself: a map
	 * lookup ("dnat to tcp dport map { ... }"), numgen, a hash */
	if (stmt_evaluate_arg(ectx, exprp, dtype) < 0)
		return -1;
	kw = nat_keyword_location(stmt);
	return stmt_arg_type_check(ectx, *exprp, dtype, &kw);
}

/* What the matches before the statement establish. */
static void nat_rule_pctx(struct eval_ctx *ectx, struct stmt *stmt,
			  struct proto_ctx *pctx)
{
	const struct list_head *pos;
	const struct expr *rel, *left;
	const struct stmt *s;

	proto_ctx_init(pctx, ectx->pctx.family);
	for (pos = ectx->rule->stmts.next; pos != &stmt->list;
	     pos = pos->next) {
		s = list_entry(pos, struct stmt, list);
		rel = s->expr;
		if (s->type != STMT_EXPRESSION || !rel ||
		    rel->etype != EXPR_RELATIONAL)
			continue;
		left = rel->binop.left;
		if (left->etype == EXPR_PAYLOAD && left->payload.desc &&
		    !pctx->protocol[left->payload.desc->base].desc)
			proto_ctx_update(pctx, left->payload.desc->base,
					 &left->location, left->payload.desc);
		proto_ctx_update_match(pctx, rel, false);
	}
}

/* Is a transport protocol known before the statement? */
static bool nat_transport_known(struct eval_ctx *ectx, struct stmt *stmt)
{
	struct proto_ctx pctx;

	nat_rule_pctx(ectx, stmt, &pctx);
	return pctx.protocol[PROTO_BASE_TRANSPORT_HDR].desc != NULL;
}

/* Is the data of map @addr (not yet evaluated) an address and a port
 * ("1.1.1.1 . 80"), as written or as the named map declares it? */
static bool nat_map_data_concat(struct eval_ctx *ectx, const struct expr *addr)
{
	const struct expr *m = addr->map.mappings;
	const struct set *set;
	bool missing;

	if (m->etype == EXPR_SET_REF) {
		set = set_lookup_for_rule(ectx, m->symbol.identifier, &missing);
		return set && set->data && set->data->etype == EXPR_CONCAT;
	}
	if (m->etype != EXPR_SET ||
	    list_empty(&m->expr_list.expressions))
		return false;
	m = list_first_entry(&m->expr_list.expressions, struct expr, list);
	return m->etype == EXPR_MAPPING &&
	       m->mapping.data->etype == EXPR_CONCAT;
}

/* The family a header field of the network header gives: "ip saddr",
 * 0 if none (a raw load, a masked one). */
static unsigned int nat_key_load_family(const struct expr *e)
{
	if (e->etype != EXPR_PAYLOAD || !e->payload.tmpl)
		return 0;
	if (e->payload.desc == &proto_ip)
		return NFPROTO_IPV4;
	if (e->payload.desc == &proto_ip6)
		return NFPROTO_IPV6;
	return 0;
}

/*
 * The reference takes an inet nat's family from a map's key, as from a
 * match before the statement ("snat to ip saddr map { 10.0.0.1 :
 * 192.168.0.1 }" and "ip saddr . tcp dport map ..." are snat ip), but
 * not from a masked key, nor where the map gives an address and a
 * port; 0 if none.
 */
static unsigned int nat_map_family(struct eval_ctx *ectx,
				   const struct expr *addr)
{
	const struct expr *key, *i;
	unsigned int family;

	if (addr->etype != EXPR_MAP || nat_map_data_concat(ectx, addr))
		return 0;
	key = addr->map.key;
	if (key->etype != EXPR_CONCAT)
		return nat_key_load_family(key);
	list_for_each_entry(i, &key->expr_list.expressions, list) {
		family = nat_key_load_family(i);
		if (family)
			return family;
	}
	return 0;
}

/* In inet, the family a match before the statement establishes ("ip
 * saddr 10.0.0.0/8 dnat to ...", "meta nfproto ipv4 dnat to ..."), as
 * the system nft takes it, and where; 0 if none. */
static unsigned int nat_context_family(struct eval_ctx *ectx,
				       struct stmt *stmt,
				       struct location *where)
{
	const struct proto_desc *nh;
	struct proto_ctx pctx;

	nat_rule_pctx(ectx, stmt, &pctx);
	nh = pctx.protocol[PROTO_BASE_NETWORK_HDR].desc;
	*where = pctx.protocol[PROTO_BASE_NETWORK_HDR].location;
	if (nh == &proto_ip)
		return NFPROTO_IPV4;
	if (nh == &proto_ip6)
		return NFPROTO_IPV6;
	return 0;
}

/* "meta nfproto ipv4 dnat ip6 to ::1" never matches: the system nft's
 * words, the caret under the statement's keyword. */
static int nat_family_conflict(struct eval_ctx *ectx, const struct stmt *stmt,
			       unsigned int family, const struct location *where)
{
	struct location kw = nat_keyword_location(stmt);
	struct error_record *erec;

	erec = erec_create(EREC_ERROR, kw.indesc ? &kw : &stmt->location,
			   "conflicting protocols specified: %s vs. %s. You must specify ip or ip6 family in nat statement",
			   family_name(family),
			   family_name(stmt->nat.family));
	if (where->indesc && where->json_index < 0)
		erec_add_location(erec, where);
	erec_queue(erec, ectx->msgs);
	return -1;
}

/* The family of an inet nat: written, else from the matches before it,
 * else from a map's addresses. */
static int nat_inet_family(struct eval_ctx *ectx, struct stmt *stmt)
{
	struct location where;
	unsigned int ctx;

	if (!stmt->nat.addr)
		return 0;
	ctx = nat_context_family(ectx, stmt, &where);
	if (stmt->nat.family && ctx && stmt->nat.family != ctx)
		return nat_family_conflict(ectx, stmt, ctx, &where);
	if (!stmt->nat.family)
		stmt->nat.family = ctx;
	if (!stmt->nat.family)
		stmt->nat.family = nat_map_family(ectx, stmt->nat.addr);
	return 0;
}

/* The caret under the statement's keyword, as upstream 1.1.3 puts it. */
static int nat_disambiguate_error(struct eval_ctx *ectx,
				  const struct stmt *stmt)
{
	struct location kw = nat_keyword_location(stmt);

	return erec_error(ectx->msgs, kw.indesc ? &kw : &stmt->location,
			  "specify `%s ip' or '%s ip6' in inet table to disambiguate",
			  nat_name(stmt), nat_name(stmt));
}

static int nat_evaluate_family(struct eval_ctx *ectx, struct stmt *stmt)
{
	unsigned int family = ectx->pctx.family;

	switch (family) {
	case NFPROTO_IPV4:
	case NFPROTO_IPV6:
		if (stmt->nat.family && stmt->nat.family != family)
			return stmt_error(ectx, stmt,
					  "conflicting protocols specified: %s vs. %s",
					  family_name(family),
					  family_name(stmt->nat.family));
		stmt->nat.family = family;
		return 0;
	case NFPROTO_INET:
		stmt->nat.show_family = true;
		if (nat_inet_family(ectx, stmt) < 0)
			return -1;
		if (stmt->nat.addr && !stmt->nat.family)
			return nat_disambiguate_error(ectx, stmt);
		if (!stmt->nat.addr && stmt->nat.family)
			return stmt_error(ectx, stmt,
					  "%s %s to needs an address",
					  nat_name(stmt),
					  family_name(stmt->nat.family));
		/* a port only: the kernel's inet nat for both families */
		if (!stmt->nat.family)
			stmt->nat.family = NFPROTO_INET;
		return 0;
	default: {
		/* the reference's words, under the keyword */
		struct location kw = nat_keyword_location(stmt);

		return erec_error(ectx->msgs, &kw,
				  "NAT is only supported for IPv4/IPv6");
	}
	}
}

static int nat_stmt_evaluate(struct eval_ctx *ectx, struct stmt *stmt)
{
	/* the map's data are looked at before they are typed
	 * (nat_map_data_concat()): its mappings are listed */
	if (stmt->nat.addr && stmt->nat.addr->etype == EXPR_MAP)
		set_expr_unpack(stmt->nat.addr->map.mappings);
	if (nat_evaluate_family(ectx, stmt) < 0)
		return -1;
	if (stmt->nat.addr &&
	    nat_evaluate_arg(ectx, stmt, &stmt->nat.addr,
			     stmt->nat.family == NFPROTO_IPV6 ?
			     &ip6addr_type : &ipaddr_type) < 0)
		return -1;
	/* a map's address . port: the port needs its protocol too */
	if (stmt->nat.addr && map_data_is_concat(stmt->nat.addr)) {
		if (stmt->nat.proto)
			return expr_error(ectx, stmt->nat.proto,
					  "the map gives the port already");
		if (!nat_transport_known(ectx, stmt))
			return nat_transport_error(ectx, stmt);
	}
	/* a port loaded from the transport header ("tcp dport") brings
	 * the match it needs, as the reference's evaluation does */
	if (stmt->nat.proto) {
		if (nat_evaluate_arg(ectx, stmt, &stmt->nat.proto,
				     &inet_service_type) < 0)
			return -1;
		if (!nat_transport_known(ectx, stmt))
			return nat_transport_error(ectx, stmt);
	}
	if ((stmt->nat.flags & NF_NAT_RANGE_NETMAP) && stmt->nat.addr == NULL)
		return stmt_error(ectx, stmt, "nat prefix needs an address");
	return 0;
}

/* Encoding */

/* The low and high value of @e (high NULL for a single value). */
static void nat_bounds(const struct expr *e, struct expr **lo,
		       struct expr **hi)
{
	const struct expr *v;
	unsigned int host;
	mpz_t mask;

	*hi = NULL;
	if (e->etype == EXPR_RANGE) {
		*lo = expr_get(e->range.left);
		*hi = expr_get(e->range.right);
		return;
	}
	if (e->etype != EXPR_PREFIX) {
		*lo = expr_get((struct expr *)e);
		return;
	}
	v = e->prefix.prefix;
	host = v->len - e->prefix.prefix_len;
	mpz_init(mask);
	mpz_setbit(mask, host);
	mpz_sub_ui(mask, mask, 1);
	*lo = constant_expr_alloc_mpz(&e->location, v->dtype, v->byteorder,
				      v->len, v->value.value);
	mpz_com(mask, mask);
	mpz_and((*lo)->value.value, (*lo)->value.value, mask);
	mpz_com(mask, mask);
	*hi = constant_expr_alloc_mpz(&e->location, v->dtype, v->byteorder,
				      v->len, (*lo)->value.value);
	mpz_ior((*hi)->value.value, (*hi)->value.value, mask);
	mpz_clear(mask);
}

static void nat_load(struct lin_ctx *lctx, const struct expr *e,
		     enum nft_registers *regs)
{
	struct expr *lo, *hi;

	nat_bounds(e, &lo, &hi);
	regs[0] = lin_get_register(lctx, NFT_REG_SIZE * BITS_PER_BYTE);
	stmt_arg_linearize(lctx, lo, regs[0]);
	if (hi) {
		regs[1] = lin_get_register(lctx,
					   NFT_REG_SIZE * BITS_PER_BYTE);
		stmt_arg_linearize(lctx, hi, regs[1]);
	}
	expr_free(lo);
	expr_free(hi);
}

/* Attribute numbers of the three netlink expressions. */
struct nat_attrs {
	const char *nl_name;
	uint16_t reg[4];	/* 0: the expression has no such register */
	uint16_t flags;
};

static const struct nat_attrs nat_nl = {
	"nat", { NFTNL_EXPR_NAT_REG_ADDR_MIN, NFTNL_EXPR_NAT_REG_ADDR_MAX,
		 NFTNL_EXPR_NAT_REG_PROTO_MIN, NFTNL_EXPR_NAT_REG_PROTO_MAX },
	NFTNL_EXPR_NAT_FLAGS,
};

static const struct nat_attrs masq_nl = {
	"masq", { 0, 0, NFTNL_EXPR_MASQ_REG_PROTO_MIN,
		  NFTNL_EXPR_MASQ_REG_PROTO_MAX },
	NFTNL_EXPR_MASQ_FLAGS,
};

static const struct nat_attrs redir_nl = {
	"redir", { 0, 0, NFTNL_EXPR_REDIR_REG_PROTO_MIN,
		   NFTNL_EXPR_REDIR_REG_PROTO_MAX },
	NFTNL_EXPR_REDIR_FLAGS,
};

static const struct nat_attrs *nat_attrs(int type)
{
	switch (type) {
	case NAT_MASQ:
		return &masq_nl;
	case NAT_REDIR:
		return &redir_nl;
	default:
		return &nat_nl;
	}
}

static void nat_stmt_linearize(struct lin_ctx *lctx, const struct stmt *stmt)
{
	const struct nat_attrs *a = nat_attrs(stmt->nat.type);
	struct nftnl_expr *nle = lin_expr_alloc(a->nl_name);
	/* the registers of addr min, max, proto min, max; 0: none */
	enum nft_registers reg[4] = { 0 };
	uint32_t flags = stmt->nat.flags;
	int i;

	enum nft_registers port = 0, addr_max = 0, port_max = 0;

	if (stmt->nat.addr)
		nat_load(lctx, stmt->nat.addr, &reg[0]);
	/* a map's address . port: the port follows the address in the
	 * register the lookup fills */
	if (stmt->nat.addr && map_data_is_concat(stmt->nat.addr))
		port = lin_register_at(reg[0],
				       div_round_up(stmt->nat.addr->dtype->size,
						    32) * 32);
	/* a map of ranges ("type K : interval D"): the high ends follow
	 * the low ones in the register the lookup fills */
	if (stmt->nat.addr && stmt->nat.addr->etype == EXPR_MAP &&
	    stmt->nat.addr->map.data_interval) {
		addr_max = lin_register_at(reg[0], stmt->nat.addr->len / 2);
		if (port)
			port_max = lin_register_at(port,
						   stmt->nat.addr->len / 2);
	}
	if (stmt->nat.proto) {
		nat_load(lctx, stmt->nat.proto, &reg[2]);
		flags |= NF_NAT_RANGE_PROTO_SPECIFIED;
	}
	if (nat_is_snat_dnat(stmt)) {
		nftnl_expr_set_u32(nle, NFTNL_EXPR_NAT_TYPE, stmt->nat.type);
		nftnl_expr_set_u32(nle, NFTNL_EXPR_NAT_FAMILY,
				   stmt->nat.family);
	}
	for (i = 0; i < 4; i++)
		if (reg[i] && a->reg[i])
			nftnl_expr_set_u32(nle, a->reg[i], reg[i]);
	if (port)
		nftnl_expr_set_u32(nle, a->reg[2], port);
	if (addr_max)
		nftnl_expr_set_u32(nle, a->reg[1], addr_max);
	if (port_max)
		nftnl_expr_set_u32(nle, a->reg[3], port_max);
	if (flags)
		nftnl_expr_set_u32(nle, a->flags, flags);
	lin_add_expr(lctx, nle);
	for (i = 3; i >= 0; i--)
		if (reg[i])
			lin_put_register(lctx, reg[i]);
}

/* Decoding */

static struct expr *nat_delin_reg(struct delin_ctx *dctx,
				  const struct nftnl_expr *nle, uint16_t attr,
				  const struct datatype *dtype)
{
	struct expr *e;

	if (attr == 0 || !nftnl_expr_is_set(nle, attr))
		return NULL;
	e = delin_get_register(dctx, nftnl_expr_get_u32(nle, attr));
	if (e && e->etype == EXPR_VALUE)
		datatype_value_retype(e, dtype, dtype->byteorder);
	return e;
}

/* lo-hi as a prefix if it covers exactly one, else as a range. */
static struct expr *nat_delin_range(struct expr *lo, struct expr *hi)
{
	unsigned int host;
	mpz_t size;
	bool prefix;

	if (hi == NULL)
		return lo;
	mpz_init(size);
	mpz_sub(size, hi->value.value, lo->value.value);
	mpz_add_ui(size, size, 1);
	host = mpz_scan1(size, 0);
	prefix = mpz_popcount(size) == 1 && host < lo->len &&
		 mpz_scan1(lo->value.value, 0) >= host;
	mpz_clear(size);
	if (!prefix)
		return range_expr_alloc(&internal_location, lo, hi);
	expr_free(hi);
	return prefix_expr_alloc(&internal_location, lo, lo->len - host);
}

static int nat_delin_bounds(struct delin_ctx *dctx,
			    const struct nftnl_expr *nle,
			    const uint16_t *attrs,
			    const struct datatype *dtype, struct expr **res)
{
	struct expr *lo = nat_delin_reg(dctx, nle, attrs[0], dtype);
	struct expr *hi = nat_delin_reg(dctx, nle, attrs[1], dtype);

	*res = NULL;
	if (lo == NULL) {
		expr_free(hi);
		return attrs[0] && nftnl_expr_is_set(nle, attrs[0]) ? -1 : 0;
	}
	/* the kernel reports max = min for a single value, and for
	 * computed ones (a map lookup) the same register */
	if (hi && (lo->etype != EXPR_VALUE || hi->etype != EXPR_VALUE)) {
		expr_free(hi);
		if (lo->etype == EXPR_VALUE) {
			expr_free(lo);
			return -1;
		}
		*res = lo;
		return 0;
	}
	if (hi && !mpz_cmp(lo->value.value, hi->value.value)) {
		expr_free(hi);
		hi = NULL;
	}
	*res = dtype == &inet_service_type && hi ?
	       range_expr_alloc(&internal_location, lo, hi) :
	       nat_delin_range(lo, hi);
	return 0;
}

/* Is the port the one a map's address . port data put after the
 * address ("dnat to ip saddr map { 10.0.0.1 : 192.168.0.1 . 80 }")? */
static bool nat_delin_map_port(const struct nftnl_expr *nle,
			       const struct nat_attrs *a,
			       const struct stmt *stmt)
{
	const struct expr *addr = stmt->nat.addr;
	uint32_t max;

	if (!addr || !map_data_is_concat(addr) || !a->reg[0] || !a->reg[2] ||
	    !nftnl_expr_is_set(nle, a->reg[2]))
		return false;
	/* the high port of interval data follows the high address */
	max = addr->map.data_interval ?
	      lin_register_at(nftnl_expr_get_u32(nle, a->reg[2]),
			      addr->len / 2) :
	      nftnl_expr_get_u32(nle, a->reg[2]);
	if (a->reg[3] && nftnl_expr_is_set(nle, a->reg[3]) &&
	    nftnl_expr_get_u32(nle, a->reg[3]) != max)
		return false;
	return nftnl_expr_get_u32(nle, a->reg[2]) ==
	       lin_register_at(nftnl_expr_get_u32(nle, a->reg[0]),
			       div_round_up(addr->dtype->size, 32) * 32);
}

static int nat_delinearize_type(struct delin_ctx *dctx,
				const struct nftnl_expr *nle, int type)
{
	const struct nat_attrs *a = nat_attrs(type);
	struct stmt *stmt = nat_stmt_alloc(&internal_location, type);
	const struct datatype *dtype;

	if (type == NFT_NAT_SNAT || type == NFT_NAT_DNAT) {
		stmt->nat.type = nftnl_expr_get_u32(nle, NFTNL_EXPR_NAT_TYPE);
		stmt->nat.family = nftnl_expr_get_u32(nle,
						      NFTNL_EXPR_NAT_FAMILY);
	} else {
		stmt->nat.family = dctx->family;
	}
	stmt->nat.show_family = dctx->family == NFPROTO_INET;
	stmt->nat.flags = nftnl_expr_get_u32(nle, a->flags);
	/* a port offset (or unknown flag) has no syntax here: refuse it
	 * rather than list a different rule */
	if (stmt->nat.flags & ~(NAT_USER_FLAGS | NF_NAT_RANGE_MAP_IPS |
				NF_NAT_RANGE_PROTO_SPECIFIED)) {
		stmt_free(stmt);
		return -1;
	}
	stmt->nat.flags &= NAT_USER_FLAGS;
	dtype = stmt->nat.family == NFPROTO_IPV6 ? &ip6addr_type :
						   &ipaddr_type;
	if (nat_delin_bounds(dctx, nle, &a->reg[0], dtype,
			     &stmt->nat.addr) < 0 ||
	    (!nat_delin_map_port(nle, a, stmt) &&
	     nat_delin_bounds(dctx, nle, &a->reg[2], &inet_service_type,
			      &stmt->nat.proto) < 0)) {
		stmt_free(stmt);
		return -1;
	}
	/* as the system nft lists a map's address . port, or its ranges,
	 * in every family */
	if (stmt->nat.addr && (map_data_is_concat(stmt->nat.addr) ||
			       (stmt->nat.addr->etype == EXPR_MAP &&
				stmt->nat.addr->map.data_interval)))
		stmt->nat.show_family = true;
	delin_add_stmt(dctx, stmt);
	return 0;
}

static int nat_stmt_delinearize(struct delin_ctx *dctx,
				const struct nftnl_expr *nle)
{
	return nat_delinearize_type(dctx, nle, NFT_NAT_SNAT);
}

static int masq_stmt_delinearize(struct delin_ctx *dctx,
				 const struct nftnl_expr *nle)
{
	return nat_delinearize_type(dctx, nle, NAT_MASQ);
}

static int redir_stmt_delinearize(struct delin_ctx *dctx,
				  const struct nftnl_expr *nle)
{
	return nat_delinearize_type(dctx, nle, NAT_REDIR);
}

/*
 * A computed address or port names its loads ("dnat to ip saddr", not
 * "@nh,96,32") and drops the dependency they imply (inet's "meta nfproto
 * ipv4"), as a match does.
 */
static void nat_stmt_delin_postprocess(struct delin_ctx *dctx,
				       struct stmt *stmt)
{
	delin_postprocess_expr(dctx, stmt, &stmt->nat.addr);
	delin_postprocess_expr(dctx, stmt, &stmt->nat.proto);
	/* A port needs the transport protocol match before it: one its
	 * load does not bring back ("meta l4proto tcp dnat to
	 * 1.2.3.4:80") stays, or the listing would not load again; "meta
	 * l4proto tcp dnat to 1.2.3.4:tcp dport" lists without it, as
	 * the reference lists it. */
	if (stmt->nat.proto ||
	    (stmt->nat.addr && map_data_is_concat(stmt->nat.addr)))
		dctx->deps[PROTO_BASE_TRANSPORT_HDR] = NULL;
}

/* JSON input */

static int nat_json_flag(struct json_ctx *jctx, json_t *v, uint32_t *flags)
{
	unsigned int i;

	for (i = 0; json_is_string(v) && i < array_size(nat_flag_tbl); i++) {
		if (!strcmp(json_string_value(v), nat_flag_tbl[i].name)) {
			*flags |= nat_flag_tbl[i].flag;
			return 0;
		}
	}
	return json_error(jctx, ".flags", "Invalid nat flag");
}

static int nat_json_flags(struct json_ctx *jctx, json_t *obj,
			  const char *key, uint32_t *flags)
{
	json_t *v = json_object_get(obj, key), *e;
	size_t i;

	if (v == NULL)
		return 0;
	if (!json_is_array(v))
		return nat_json_flag(jctx, v, flags);
	json_array_foreach(v, i, e)
		if (nat_json_flag(jctx, e, flags) < 0)
			return -1;
	return 0;
}

/* "type_flags": NAME or [NAME, ...]: checked as 1.1.3 checks them; what
 * they say the address already tells */
static int nat_json_type_flags(struct json_ctx *jctx, json_t *obj)
{
	static const char *const names[] = { "interval", "prefix", "concat" };
	json_t *v = json_object_get(obj, "type_flags"), *e;
	unsigned int n;
	size_t i;

	if (v == NULL)
		return 0;
	if (!json_is_array(v) && !json_is_string(v))
		return json_error(jctx, ".type_flags",
				  "\"type_flags\" must be a string or an array of strings, got %s",
				  json_type_name(v));
	for (i = 0; json_is_array(v) ? i < json_array_size(v) : i < 1; i++) {
		e = json_is_array(v) ? json_array_get(v, i) : v;
		if (!json_is_string(e))
			return json_error(jctx, ".type_flags",
					  "\"type_flags\" must be a string or an array of strings, got %s",
					  json_type_name(e));
		for (n = 0; n < array_size(names); n++)
			if (!strcmp(json_string_value(e), names[n]))
				break;
		if (n == array_size(names))
			return json_error(jctx, ".type_flags",
					  "Unknown nat type flag '%s'",
					  json_string_value(e));
	}
	return 0;
}

static int nat_json_family(struct json_ctx *jctx, json_t *obj,
			   struct stmt *stmt)
{
	const char *family = NULL;
	int r;

	r = stmt_json_str(jctx, obj, nat_name(stmt), "family", &family);
	if (r <= 0)
		return r;
	if (!strcmp(family, "ip"))
		stmt->nat.family = NFPROTO_IPV4;
	else if (!strcmp(family, "ip6"))
		stmt->nat.family = NFPROTO_IPV6;
	else
		return json_error(jctx, ".family", "Invalid nat family '%s'",
				  family);
	return 0;
}

static int nat_json_parse_obj(struct json_ctx *jctx, json_t *obj,
			      struct stmt *stmt)
{
	json_t *addr = json_object_get(obj, "addr");
	json_t *port = json_object_get(obj, "port");

	/* "type_flags" ("prefix") says what the listing writes beside
	 * "flags": "netmap"; alone it maps nothing, as in 1.1.3, where
	 * only "netmap" makes the kernel map a prefix onto a prefix */
	if (nat_json_family(jctx, obj, stmt) < 0 ||
	    nat_json_flags(jctx, obj, "flags", &stmt->nat.flags) < 0 ||
	    nat_json_type_flags(jctx, obj) < 0)
		return -1;
	if (addr && !nat_is_snat_dnat(stmt))
		return json_error(jctx, ".addr", "%s takes no address",
				  nat_name(stmt));
	if (addr) {
		stmt->nat.addr = json_parse_expr(jctx, addr, ".addr");
		if (stmt->nat.addr == NULL)
			return -1;
	}
	if (port) {
		stmt->nat.proto = json_parse_expr(jctx, port, ".port");
		if (stmt->nat.proto == NULL)
			return -1;
	}
	return 0;
}

/* {"snat": {"family": "ip", "addr": ..., "port": ..., "flags": ...}},
 * {"masquerade": null}, {"redirect": {"port": 8080}} */
static struct stmt *nat_stmt_json_parse(struct json_ctx *jctx,
					const char *key, json_t *value,
					const struct location *loc)
{
	struct stmt *stmt = NULL;
	unsigned int i;

	for (i = 0; i < array_size(nat_kinds); i++)
		if (!strcmp(key, nat_kinds[i].name))
			stmt = nat_stmt_alloc(loc, nat_kinds[i].type);
	if (stmt == NULL || value == NULL || json_is_null(value))
		return stmt;
	if (!json_is_object(value) ||
	    nat_json_parse_obj(jctx, value, stmt) < 0) {
		if (!json_is_object(value))
			json_error(jctx, "", "Invalid %s: expected an object",
				   key);
		stmt_free(stmt);
		return NULL;
	}
	return stmt;
}

static const char *const nat_json_names[] = { "snat", "dnat", NULL };

static const char *const nat_stmt_json_keys[] = {
	"addr", "family", "port", "flags", "type_flags", NULL,
};

const struct stmt_ops nat_stmt_ops = {
	.type		= STMT_NAT,
	.name		= "nat",
	.destroy	= nat_stmt_destroy,
	.print		= nat_stmt_print,
	.json		= nat_stmt_json,
	.evaluate	= nat_stmt_evaluate,
	.terminal	= true,
	.linearize	= nat_stmt_linearize,
	.nl_name	= "nat",
	.delinearize	= nat_stmt_delinearize,
	.delin_postprocess = nat_stmt_delin_postprocess,
	.json_names	= nat_json_names,
	.json_parse	= nat_stmt_json_parse,
	.json_keys	= nat_stmt_json_keys,
};

const struct stmt_ops masq_stmt_ops = {
	.type		= STMT_NAT,
	.name		= "masquerade",
	.destroy	= nat_stmt_destroy,
	.print		= nat_stmt_print,
	.json		= nat_stmt_json,
	.evaluate	= nat_stmt_evaluate,
	.terminal	= true,
	.linearize	= nat_stmt_linearize,
	.nl_name	= "masq",
	.delinearize	= masq_stmt_delinearize,
	.delin_postprocess = nat_stmt_delin_postprocess,
	.json_name	= "masquerade",
	.json_parse	= nat_stmt_json_parse,
	.json_keys	= nat_stmt_json_keys,
};

const struct stmt_ops redir_stmt_ops = {
	.type		= STMT_NAT,
	.name		= "redirect",
	.destroy	= nat_stmt_destroy,
	.print		= nat_stmt_print,
	.json		= nat_stmt_json,
	.evaluate	= nat_stmt_evaluate,
	.terminal	= true,
	.linearize	= nat_stmt_linearize,
	.nl_name	= "redir",
	.delinearize	= redir_stmt_delinearize,
	.delin_postprocess = nat_stmt_delin_postprocess,
	.json_name	= "redirect",
	.json_parse	= nat_stmt_json_parse,
	.json_keys	= nat_stmt_json_keys,
};

const struct stmt_ops *nat_stmt_alloc_ops(int type)
{
	switch (type) {
	case NAT_MASQ:
		return &masq_stmt_ops;
	case NAT_REDIR:
		return &redir_stmt_ops;
	default:
		return &nat_stmt_ops;
	}
}

struct stmt *nat_stmt_alloc(const struct location *loc, int type)
{
	struct stmt *stmt = stmt_alloc(loc, nat_stmt_alloc_ops(type));

	stmt->nat.type = type;
	return stmt;
}
