/*
 * -o (--optimize): nat statements. Rules that match different values and
 * translate to an address, a port or both merge into one nat statement
 * whose address (or, for redirect, port) is a map from the matched values
 * ("dnat ip to ip saddr map { 1.1.1.1 : 2.2.2.2, ... }"), as 1.1.3 merges
 * them. Where 1.1.3 loses part of the rules (a counter beside the nat,
 * an address with a port in one rule and without in the next, where it
 * fails) or aborts (a prefix), they are left as they are.
 */
#include <linux/netfilter.h>
#include <linux/netfilter/nf_nat.h>
#include <nftables.h>
#include <rule.h>
#include <proto.h>
#include <optimize.h>

/* A value or a range as written (1.1.3 aborts on a prefix). */
static bool optimize_nat_value_ok(const struct expr *e)
{
	return !e || e->etype == EXPR_SYMBOL ||
	       (e->etype == EXPR_RANGE &&
		e->range.left->etype == EXPR_SYMBOL &&
		e->range.right->etype == EXPR_SYMBOL);
}

bool optimize_nat_ok(const struct stmt *s)
{
	if (s->nat.type != NFT_NAT_SNAT && s->nat.type != NFT_NAT_DNAT &&
	    s->nat.type != NAT_REDIR)
		return false;
	if ((s->nat.type == NAT_REDIR && s->nat.addr) ||
	    s->nat.flags & NF_NAT_RANGE_NETMAP)
		return false;
	/* a map of port ranges, which the kernel refuses to 1.1.3 */
	if (s->nat.type == NAT_REDIR && s->nat.proto->etype == EXPR_RANGE)
		return false;
	return optimize_nat_value_ok(s->nat.addr) &&
	       optimize_nat_value_ok(s->nat.proto);
}

bool optimize_nat_compatible(const struct opt_row *a,
			     const struct opt_row *b)
{
	const struct stmt *x = a->nat, *y = b->nat;

	if (!x || !y)
		return !x && !y;
	return x->nat.type == y->nat.type &&
	       x->nat.family == y->nat.family &&
	       x->nat.flags == y->nat.flags &&
	       !x->nat.addr == !y->nat.addr &&
	       !x->nat.proto == !y->nat.proto;
}

/* What the row translates to: address, port, or address . port. */
static struct expr *optimize_nat_data(const struct stmt *s,
				      const struct location *loc)
{
	struct expr *concat;

	if (!s->nat.addr)
		return expr_clone(s->nat.proto);
	if (!s->nat.proto)
		return expr_clone(s->nat.addr);
	concat = concat_expr_alloc(loc);
	concat_expr_add(concat, expr_clone(s->nat.addr));
	concat_expr_add(concat, expr_clone(s->nat.proto));
	return concat;
}

void optimize_nat_merge(struct opt_chain *c, unsigned int from,
			unsigned int to, const struct location *loc,
			struct expr *key)
{
	struct stmt *nat = c->rows[from].nat;
	struct expr *set = set_expr_alloc(loc), *map;
	unsigned int i;

	for (i = from; i < to; i++)
		set_expr_add(set, mapping_expr_alloc(loc,
				optimize_key(c, &c->rows[i], true, loc),
				optimize_nat_data(c->rows[i].nat, loc)));
	map = map_expr_alloc(loc, key, set, false);
	if (nat->nat.addr) {
		expr_free(nat->nat.addr);
		expr_free(nat->nat.proto);
		nat->nat.addr = map;
		nat->nat.proto = NULL;
	} else {
		expr_free(nat->nat.proto);
		nat->nat.proto = map;
	}
}

/* A rule's set of values, printed nested as 1.1.3 prints it, gives a
 * mapping per value. */
static void optimize_nat_flatten_map(struct expr *map)
{
	struct expr *set = map->map.mappings, *m, *next, *i;

	list_for_each_entry_safe(m, next, &set->expr_list.expressions, list) {
		if (m->mapping.key->etype != EXPR_SET)
			continue;
		list_for_each_entry(i, &m->mapping.key->expr_list.expressions,
				    list) {
			struct expr *n = mapping_expr_alloc(&m->location,
						expr_clone(i),
						expr_clone(m->mapping.data));

			list_add_tail(&n->list, &m->list);
			set->expr_list.size++;
		}
		list_del(&m->list);
		set->expr_list.size--;
		expr_free(m);
	}
}

void optimize_nat_flatten(struct stmt *s)
{
	if (s->type != STMT_NAT)
		return;
	if (s->nat.addr && s->nat.addr->etype == EXPR_MAP)
		optimize_nat_flatten_map(s->nat.addr);
	else if (s->nat.proto && s->nat.proto->etype == EXPR_MAP)
		optimize_nat_flatten_map(s->nat.proto);
}

/* 1.1.3 names the family of a map keyed by an IPv4 or IPv6 field. */
static const char *optimize_nat_family(const struct stmt *s,
				       const struct expr *key)
{
	if (s->nat.family == NFPROTO_IPV4)
		return " ip";
	if (s->nat.family == NFPROTO_IPV6)
		return " ip6";
	if (key->etype == EXPR_CONCAT)
		key = list_first_entry(&key->expr_list.expressions,
				       struct expr, list);
	if (key->etype != EXPR_PAYLOAD || !key->payload.desc)
		return "";
	if (key->payload.desc == &proto_ip)
		return " ip";
	if (key->payload.desc == &proto_ip6)
		return " ip6";
	return "";
}

static void optimize_nat_print_map(const struct expr *map,
				   struct output_ctx *octx)
{
	const struct expr *m;
	bool first = true;

	expr_print(map->map.key, octx);
	nft_print(octx, " map { ");
	list_for_each_entry(m, &map->map.mappings->expr_list.expressions,
			    list) {
		nft_print(octx, "%s", first ? "" : ", ");
		optimize_print_value(m->mapping.key, octx);
		nft_print(octx, " : ");
		optimize_print_value(m->mapping.data, octx);
		first = false;
	}
	nft_print(octx, " }");
}

/* The merged nat statement; false for any other. */
bool optimize_nat_print(const struct stmt *s, struct output_ctx *octx)
{
	const struct expr *map;

	if (s->type != STMT_NAT)
		return false;
	if (s->nat.addr && s->nat.addr->etype == EXPR_MAP) {
		map = s->nat.addr;
		nft_print(octx, "%s%s to ",
			  s->nat.type == NFT_NAT_SNAT ? "snat" : "dnat",
			  optimize_nat_family(s, map->map.key));
	} else if (s->nat.proto && s->nat.proto->etype == EXPR_MAP) {
		map = s->nat.proto;
		nft_print(octx, "redirect to :");
	} else {
		return false;
	}
	optimize_nat_print_map(map, octx);
	nat_print_flags(s->nat.flags, octx);
	return true;
}
