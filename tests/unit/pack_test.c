/*
 * src/expr/set_pack.c: packed member lists give back, in order, the
 * members that went in (kinds, text, quoting, flags and every location:
 * lines past 65,535, another input, a JSON path), list what cannot be
 * packed after them, clone and compare; the evaluated form's keys and
 * chain names.
 */
#include <stdlib.h>
#include <expr.h>
#include <print.h>
#include <set.h>
#include <set_pack.h>
#include <intervals.h>
#include <libmnl/libmnl.h>
#include <linux/netfilter.h>
#include <libnftnl/set.h>
#include "unit.h"

static struct input_descriptor in_a, in_b;

static struct location at(const struct input_descriptor *in,
			  unsigned int line, unsigned int col, unsigned int len)
{
	struct location l = {
		.indesc = in, .first_line = line, .first_column = col,
		.last_line = line, .last_column = col + len - 1,
		.json_index = -1,
	};
	return l;
}

static struct expr *sym(unsigned int line, unsigned int col, const char *s)
{
	struct location l = at(&in_a, line, col, strlen(s));

	return symbol_expr_alloc(&l, s, false);
}

static bool same_loc(const struct location *a, const struct location *b)
{
	return a->indesc == b->indesc && a->first_line == b->first_line &&
	       a->first_column == b->first_column &&
	       a->last_line == b->last_line &&
	       a->last_column == b->last_column &&
	       a->json_index == b->json_index && a->json_path == b->json_path;
}

static char *print(const struct expr *e)
{
	struct output_ctx octx = { 0 };
	char *buf = NULL;
	size_t size = 0;

	octx.output_fp = open_memstream(&buf, &size);
	expr_print(e, &octx);
	fclose(octx.output_fp);
	return buf;
}

/* The members of every kind the parser packs, and their clones. */
static void members(struct expr **want, unsigned int *n)
{
	struct location l = at(&in_a, 7, 3, 20), lj = at(NULL, 0, 0, 1);
	struct expr *c, *v, *q;

	*n = 0;
	want[(*n)++] = sym(1, 1, "10.0.0.1");
	want[(*n)++] = sym(150000, 4, "10.2.73.239");
	q = symbol_expr_alloc(&l, "eth0", true);
	want[(*n)++] = q;
	want[(*n)++] = prefix_expr_alloc(&l, sym(8, 1, "10.0.0.0"), 8);
	want[(*n)++] = range_expr_alloc(&l, sym(9, 1, "1"), sym(9, 3, "9"));
	c = concat_expr_alloc(&l);
	concat_expr_add(c, sym(10, 1, "1.2.3.4"));
	concat_expr_add(c, sym(10, 11, "22"));
	c->flags |= EXPR_F_PARENS;
	want[(*n)++] = c;
	v = verdict_expr_alloc(&l, NFT_JUMP,
			       constant_expr_alloc_string(&l, &string_type,
							  "chain1", 0));
	want[(*n)++] = mapping_expr_alloc(&l, sym(11, 1, "1.1.1.1"), v);
	want[(*n)++] = mapping_expr_alloc(&l, sym(12, 1, "2.2.2.2"),
					  sym(12, 11, "0x1"));
	/* another input; a JSON path */
	l = at(&in_b, 3, 1, 4);
	want[(*n)++] = symbol_expr_alloc(&l, "b", false);
	lj.json_index = 4;
	lj.json_path = ".add.element.elem[3]";
	want[(*n)++] = symbol_expr_alloc(&lj, "j", false);
}

static bool same_tree(const struct expr *a, const struct expr *b)
{
	const struct expr *i, *j;

	if (!expr_cmp(a, b) || !same_loc(&a->location, &b->location) ||
	    a->flags != b->flags || a->etype != b->etype)
		return false;
	switch (a->etype) {
	case EXPR_SYMBOL:
		return a->symbol.quoted == b->symbol.quoted;
	case EXPR_PREFIX:
		return same_tree(a->prefix.prefix, b->prefix.prefix);
	case EXPR_RANGE:
		return same_tree(a->range.left, b->range.left) &&
		       same_tree(a->range.right, b->range.right);
	case EXPR_MAPPING:
		return same_tree(a->mapping.key, b->mapping.key) &&
		       same_tree(a->mapping.data, b->mapping.data);
	case EXPR_CONCAT:
		j = list_first_entry(&b->expr_list.expressions, struct expr,
				     list);
		list_for_each_entry(i, &a->expr_list.expressions, list) {
			if (!same_tree(i, j))
				return false;
			j = list_next_entry(j, list);
		}
		return true;
	default:
		return true;
	}
}

static void test_round_trip(void)
{
	struct expr *want[16], *set, *clone, *i, *last, *opt;
	struct location l = at(&in_a, 20, 1, 3);
	unsigned int n, k = 0;
	char *text;

	members(want, &n);
	set = set_expr_alloc(&l);
	for (k = 0; k < n; k++)
		set_expr_add_packed(set, expr_clone(want[k]));
	CHECK(set_expr_has_pack(set));
	CHECK(set->expr_list.size == 0);
	CHECK(set_expr_size(set) == n);
	/* a member with options is listed, and so is every one after it */
	opt = sym(21, 1, "3.3.3.3");
	set_elem_info_of(opt)->comment = xstrdup("c");
	set_expr_add_packed(set, opt);
	last = sym(22, 1, "4.4.4.4");
	set_expr_add_packed(set, expr_clone(last));
	CHECK(!set_expr_has_pack(set));
	CHECK(set->expr_list.size == n + 2);

	k = 0;
	list_for_each_entry(i, &set->expr_list.expressions, list) {
		if (k < n)
			CHECK(same_tree(i, want[k]));
		else if (k == n)
			CHECK(i == opt);
		else
			CHECK(same_tree(i, last));
		k++;
	}
	CHECK(k == n + 2);
	expr_free(set);
	expr_free(last);

	/* printed, cloned, compared while packed */
	set = set_expr_alloc(&l);
	set_expr_add_packed(set, sym(1, 1, "10.0.0.1"));
	set_expr_add_packed(set, expr_clone(want[3]));
	text = print(set);
	CHECK_STREQ(text, "{ 10.0.0.1, 10.0.0.0/8 }");
	free(text);
	clone = expr_clone(set);
	CHECK(set_expr_has_pack(clone) && expr_cmp(set, clone));
	set_expr_add_packed(clone, sym(2, 1, "10.0.0.2"));
	CHECK(!expr_cmp(set, clone));
	expr_free(clone);
	expr_free(set);
	for (k = 0; k < n; k++)
		expr_free(want[k]);
}

/*
 * JSON members: every node at the pack's input and command but each
 * under its own path (".elem[\x01]", ".elem[\x01].concat[1]", ...),
 * the element's index in the line. They come back with their paths,
 * past the pack's table of eight too, and read in place.
 */
static void test_json_paths(void)
{
	static const char *const paths[] = {
		".add.set.elem[\x01]", ".add.set.elem[\x01].concat[0]",
		".add.set.elem[\x01].concat[1]", ".p3", ".p4", ".p5", ".p6",
		".p7", ".p8", ".p9", ".p10",
	};
	struct location l = { .indesc = &in_b, .json_index = 2 };
	struct expr *want[20], *set, *c, *i;
	struct set_pack_view v[8];
	struct set_pack_iter it, next;
	unsigned int k, n = 0;

	set = set_expr_alloc(&l);
	for (k = 0; k < 8; k++) {
		l.first_line = l.last_line = 70000 + k;
		l.json_path = paths[0];
		c = concat_expr_alloc(&l);
		l.json_path = paths[1];
		concat_expr_add(c, symbol_expr_alloc(&l, "10.0.0.1", false));
		l.json_path = paths[2 + k];
		concat_expr_add(c, symbol_expr_alloc(&l, "80", false));
		want[n++] = c;
	}
	for (k = 0; k < n; k++)
		set_expr_add_packed(set, expr_clone(want[k]));
	CHECK(set_expr_has_pack(set) && set_expr_size(set) == n);

	/* in place: the members' text past each node's path index */
	set_pack_iter_init(set->expr_list.pack, &it);
	for (k = 0; k < n; k++) {
		CHECK(set_pack_view(set->expr_list.pack, &it, v, 8, &next) == 3);
		CHECK(v[0].kind == SET_PACK_CONCAT && v[0].num == 2);
		CHECK_STREQ(v[1].text, "10.0.0.1");
		CHECK_STREQ(v[2].text, "80");
		it = next;
	}

	set_expr_unpack(set);
	k = 0;
	list_for_each_entry(i, &set->expr_list.expressions, list)
		CHECK(k < n && same_tree(i, want[k++]));
	CHECK(k == n);
	expr_free(set);
	for (k = 0; k < n; k++)
		expr_free(want[k]);
}

/* Not packed: what the parser's options and variables make. */
static void test_unpackable(void)
{
	struct location l = at(&in_a, 1, 1, 1);
	struct expr *set = set_expr_alloc(&l), *v, *shared;

	v = constant_expr_alloc_u64(&l, &integer_type, BYTEORDER_HOST_ENDIAN,
				    32, 5);
	set_expr_add_packed(set, v);
	CHECK(!set_expr_has_pack(set) && set->expr_list.size == 1);
	expr_free(set);

	/* a member someone else holds too stays that expression */
	set = set_expr_alloc(&l);
	shared = sym(1, 1, "x");
	set_expr_add_packed(set, expr_get(shared));
	CHECK(!set_expr_has_pack(set));
	CHECK(list_first_entry(&set->expr_list.expressions, struct expr,
			       list) == shared);
	expr_free(set);
	expr_free(shared);
}

static void test_keys(void)
{
	struct pack_keys *k = pack_keys_alloc(4, 8, 1);
	unsigned char *key, *data;
	unsigned int i;

	for (i = 0; i < 1000; i++) {
		key = pack_keys_add(k, &data);
		if (i == 0)
			CHECK(data != NULL);
		memcpy(key, &i, 4);
	}
	CHECK(k->n == 1000);
	memcpy(&i, k->keys + 999 * 4, 4);
	CHECK(i == 999);
	CHECK(pack_keys_chain(k, "a") == 0);
	CHECK(pack_keys_chain(k, "b") == 1);
	CHECK(pack_keys_chain(k, "a") == 0);
	CHECK(k->nchains == 2);
	pack_keys_free(k);
}

/* Random bounds of 16 bits, merged and encoded on bytes and as numbers
 * (src/intervals.c): the same elements. */
static bool iv_same(unsigned int n, bool touching, unsigned int seed)
{
	struct pack_keys *k = pack_keys_alloc(4, 0, n);
	struct interval *v = xzalloc((n + 1) * sizeof(*v));
	struct interval_elem *e;
	struct pack_iv_elems b;
	unsigned int i, m, cnt, lo, hi;
	unsigned char *key, want[2];
	bool same;

	srand(seed);
	for (i = 0; i < n; i++) {
		lo = rand() % 65536;
		hi = lo + rand() % (i % 3 ? 64 : 4096);
		if (i == 0 && seed % 3 == 0)
			lo = 0;
		if (hi > 65535 || (i == 1 && seed % 2))
			hi = 65535;
		key = pack_keys_add(k, NULL);
		key[0] = lo >> 8, key[1] = lo, key[2] = hi >> 8, key[3] = hi;
		interval_init(&v[i]);
		mpz_set_ui(v[i].low, lo);
		mpz_set_ui(v[i].high, hi);
	}
	k->intervals = true;
	pack_intervals_encode(k, touching, &b);
	m = intervals_merge_how(v, n, touching);
	cnt = intervals_encode(v, m, 16, &e);
	same = cnt == b.n;
	for (i = 0; same && i < cnt; i++) {
		mpz_export_data(want, e[i].key, BYTEORDER_BIG_ENDIAN, 2);
		same = !memcmp(want, b.keys + 2 * i, 2) &&
		       !!(b.flags[i] & PACK_IV_END) == e[i].end &&
		       !!(b.flags[i] & PACK_IV_OPEN) == e[i].open;
	}
	interval_elems_free(e, cnt);
	intervals_free(v, n);
	pack_iv_elems_free(&b);
	pack_keys_free(k);
	return same;
}

static void test_intervals(void)
{
	unsigned int seed;

	for (seed = 1; seed <= 60; seed++) {
		CHECK(iv_same(1 + seed * 7, seed % 2, seed));
		CHECK(iv_same(500, !(seed % 2), seed + 1000));
	}
}

/* A message of @k's elements as libnftnl writes them, and as
 * set_pack_nlmsg_elems() does: the same bytes. */
static bool msg_same(const struct pack_keys *k)
{
	static char a[65536], b[65536];
	struct nftnl_set *nls = nftnl_set_alloc();
	struct nlmsghdr *na, *nb;
	struct nlattr *list;

	nftnl_set_set_str(nls, NFTNL_SET_TABLE, "t");
	nftnl_set_set_str(nls, NFTNL_SET_NAME, "s");
	/* what the encoder sets on a map's elements too */
	nftnl_set_set_u32(nls, NFTNL_SET_DATA_TYPE, NFT_DATA_VERDICT);
	nftnl_set_set_u32(nls, NFTNL_SET_DATA_LEN, k->data_len);
	nftnl_set_set_u64(nls, NFTNL_SET_HANDLE, 7);
	set_pack_build_page(nls, k, 0, k->n);
	memset(a, 0, sizeof(a));
	memset(b, 0, sizeof(b));
	na = mnl_nlmsg_put_header(a);
	mnl_nlmsg_put_extra_header(na, 4);
	nftnl_set_elems_nlmsg_build_payload(na, nls);
	nftnl_set_free(nls);
	nb = mnl_nlmsg_put_header(b);
	mnl_nlmsg_put_extra_header(nb, 4);
	mnl_attr_put_strz(nb, NFTA_SET_ELEM_LIST_SET, "s");
	mnl_attr_put_strz(nb, NFTA_SET_ELEM_LIST_TABLE, "t");
	list = mnl_attr_nest_start(nb, NFTA_SET_ELEM_LIST_ELEMENTS);
	if (set_pack_nlmsg_elems(nb, k, 0, sizeof(b) - 1024) != k->n)
		return false;
	mnl_attr_nest_end(nb, list);
	if (na->nlmsg_len != nb->nlmsg_len)
		fprintf(stderr, "lengths %u, %u\n", na->nlmsg_len,
			nb->nlmsg_len);
	return na->nlmsg_len == nb->nlmsg_len &&
	       !memcmp(a, b, na->nlmsg_len);
}

static void test_nlmsg(void)
{
	struct pack_keys *k = pack_keys_alloc(4, 0, 0);
	struct set_pack_verdict v;
	unsigned char *key, *data;
	unsigned int i;

	for (i = 0; i < 100; i++) {
		key = pack_keys_add(k, NULL);
		memcpy(key, &i, 4);
	}
	CHECK(msg_same(k));
	pack_keys_free(k);

	k = pack_keys_alloc(8, sizeof(v), 0);
	k->verdicts = true;
	for (i = 0; i < 60; i++) {
		key = pack_keys_add(k, &data);
		memcpy(key, &i, 4);
		v.code = i % 3 == 0 ? NF_ACCEPT : i % 3 == 1 ? NF_DROP :
			 NFT_JUMP;
		v.chain = i % 3 == 2 ? pack_keys_chain(k, i % 2 ? "c" : "dd") :
			  UINT32_MAX;
		memcpy(data, &v, sizeof(v));
	}
	CHECK(msg_same(k));
	pack_keys_free(k);

	k = pack_keys_alloc(4, 16, 0);
	for (i = 0; i < 50; i++) {
		key = pack_keys_add(k, &data);
		memcpy(key, &i, 4);
		memset(data, i, 16);
	}
	CHECK(msg_same(k));
	pack_keys_free(k);
}

int main(void)
{
	test_nlmsg();
	test_intervals();
	test_round_trip();
	test_json_paths();
	test_unpackable();
	test_keys();
	return unit_done("pack_test");
}
