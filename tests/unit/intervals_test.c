/*
 * src/intervals.c: merging the ranges of an anonymous set, the kernel's
 * start/end element encoding and its decoding, on the shapes the system
 * nft produces ("{ 22, 80, 8000-8080 }" is 0 end, 22, 23 end, 80, 81
 * end, 8000, 8081 end).
 */
#include <stdlib.h>
#include <intervals.h>
#include "unit.h"

static struct interval *ivs(unsigned int n, const unsigned long *bounds)
{
	struct interval *v = xzalloc(n * sizeof(*v));
	unsigned int i;

	for (i = 0; i < n; i++) {
		interval_init(&v[i]);
		mpz_set_ui(v[i].low, bounds[2 * i]);
		mpz_set_ui(v[i].high, bounds[2 * i + 1]);
	}
	return v;
}

static bool iv_is(const struct interval *iv, unsigned long lo,
		  unsigned long hi)
{
	return mpz_cmp_ui(iv->low, lo) == 0 && mpz_cmp_ui(iv->high, hi) == 0;
}

static void test_merge(void)
{
	/* unsorted, overlapping, adjacent, contained, duplicate */
	static const unsigned long b[] = {
		80, 80, 25, 40, 22, 30, 41, 41, 27, 28, 80, 80, 100, 200,
	};
	struct interval *v = ivs(7, b);
	unsigned int n = intervals_merge(v, 7);

	CHECK(n == 3);
	CHECK(iv_is(&v[0], 22, 41));
	CHECK(iv_is(&v[1], 80, 80));
	CHECK(iv_is(&v[2], 100, 200));
	intervals_free(v, 7);

	CHECK(intervals_merge(NULL, 0) == 0);
}

/* Named sets without auto-merge keep touching intervals apart. */
static void test_merge_touching(void)
{
	static const unsigned long b[] = { 10, 20, 21, 30, 25, 26, 40, 40 };
	struct interval *v = ivs(4, b);
	unsigned int n = intervals_merge_how(v, 4, false);

	CHECK(n == 3);
	CHECK(iv_is(&v[0], 10, 20));
	CHECK(iv_is(&v[1], 21, 30));
	CHECK(iv_is(&v[2], 40, 40));
	intervals_free(v, 4);
}

/* A merged interval carries the options of its lowest member (its
 * origin), unless that has none to give (the set's own, NULL): then the
 * next one's, as the system nft merges an addition with the set. */
static void test_merge_origin(void)
{
	static const unsigned long b[] = { 20, 29, 10, 19, 50, 60, 55, 70 };
	static const char a[] = "a", bb[] = "b", c[] = "c";
	struct interval *v = ivs(4, b), *e;
	unsigned int n;
	struct interval_elem *el;

	v[0].origin = a;
	v[1].origin = bb;
	v[2].origin = NULL;
	v[3].origin = c;
	n = intervals_merge(v, 4);
	CHECK(n == 2);
	CHECK(iv_is(&v[0], 10, 29) && v[0].origin == bb);
	CHECK(iv_is(&v[1], 50, 70) && v[1].origin == c);
	/* the start element carries it, the end none */
	e = v;
	CHECK(intervals_encode(e, n, 8, &el) == 5);
	CHECK(el[1].origin == bb && !el[1].end && el[2].origin == NULL);
	CHECK(el[3].origin == c);
	interval_elems_free(el, 5);
	intervals_free(v, 4);
}

static void test_prefix_len(void)
{
	mpz_t lo, hi;

	mpz_init_set_ui(lo, 0x0a000000);
	mpz_init_set_ui(hi, 0x0affffff);
	CHECK(interval_prefix_len(lo, hi, 32) == 8);
	mpz_set_ui(hi, 0x0afffffe);
	CHECK(interval_prefix_len(lo, hi, 32) == -1);
	mpz_set_ui(lo, 0x0a000001);
	mpz_set_ui(hi, 0x0a000002);
	CHECK(interval_prefix_len(lo, hi, 32) == -1);	/* not aligned */
	mpz_set_ui(lo, 0);
	mpz_set_ui(hi, 0xffffffff);
	CHECK(interval_prefix_len(lo, hi, 32) == 0);
	mpz_set_ui(lo, 7);
	mpz_set_ui(hi, 7);
	CHECK(interval_prefix_len(lo, hi, 32) == 32);
	mpz_clear(lo);
	mpz_clear(hi);
}

static bool el_is(const struct interval_elem *e, unsigned long key,
		  bool end, bool open)
{
	return mpz_cmp_ui(e->key, key) == 0 && e->end == end &&
	       e->open == open;
}

static void test_encode(void)
{
	static const unsigned long b1[] = { 22, 22, 80, 80, 8000, 8080 };
	static const unsigned long b2[] = { 0, 10, 20, 20 };
	static const unsigned long b3[] = { 20, 20, 65000, 65535 };
	struct interval_elem *e;
	struct interval *v;
	unsigned int n;

	v = ivs(3, b1);
	n = intervals_encode(v, 3, 16, &e);
	CHECK(n == 7);
	CHECK(el_is(&e[0], 0, true, false));
	CHECK(el_is(&e[1], 22, false, false));
	CHECK(el_is(&e[2], 23, true, false));
	CHECK(el_is(&e[5], 8000, false, false));
	CHECK(el_is(&e[6], 8081, true, false));
	interval_elems_free(e, n);
	intervals_free(v, 3);

	/* starting at 0: no leading end element */
	v = ivs(2, b2);
	n = intervals_encode(v, 2, 16, &e);
	CHECK(n == 4);
	CHECK(el_is(&e[0], 0, false, false));
	CHECK(el_is(&e[1], 11, true, false));
	interval_elems_free(e, n);
	intervals_free(v, 2);

	/* up to the top: the last start is open, no end */
	v = ivs(2, b3);
	n = intervals_encode(v, 2, 16, &e);
	CHECK(n == 4);
	CHECK(el_is(&e[3], 65000, false, true));
	interval_elems_free(e, n);
	intervals_free(v, 2);
}

static void set_elem(struct interval_elem *e, unsigned long key, bool end)
{
	mpz_init_set_ui(e->key, key);
	e->end = end;
	e->open = false;
}

static void test_decode(void)
{
	struct interval_elem *e = xzalloc(8 * sizeof(*e));
	struct interval *v;
	unsigned int n;

	/* as a dump may return them: any order; 3 ends one interval
	 * and starts the next (a set without auto-merge) */
	set_elem(&e[0], 8081, true);
	set_elem(&e[1], 3, false);
	set_elem(&e[2], 0, true);
	set_elem(&e[3], 1, false);
	set_elem(&e[4], 3, true);
	set_elem(&e[5], 8000, false);
	set_elem(&e[6], 5, true);
	set_elem(&e[7], 65000, false);
	n = intervals_decode(e, 8, 16, &v);
	CHECK(n == 4);
	CHECK(iv_is(&v[0], 1, 2));
	CHECK(iv_is(&v[1], 3, 4));
	CHECK(iv_is(&v[2], 8000, 8080));
	CHECK(iv_is(&v[3], 65000, 65535));
	intervals_free(v, n);
	interval_elems_free(e, 8);
}

/* Random sets: encode then decode gives the merged intervals back; 200k
 * intervals stay fast (one sort, linear passes). */
static void test_round_trip(void)
{
	unsigned int n = 200000, k, m, d, i;
	struct interval *v = xzalloc(n * sizeof(*v)), *back;
	struct interval_elem *e;
	bool same = true;

	srandom(1);
	for (i = 0; i < n; i++) {
		unsigned long lo = random() % 4000000000UL;

		interval_init(&v[i]);
		mpz_set_ui(v[i].low, lo);
		mpz_set_ui(v[i].high, lo + random() % 1000);
	}
	k = intervals_merge(v, n);
	CHECK(k > 0 && k <= n);
	for (i = 1; i < k; i++) {
		mpz_t next;

		mpz_init(next);
		mpz_add_ui(next, v[i - 1].high, 1);
		if (mpz_cmp(v[i].low, next) <= 0)
			same = false;	/* not merged or not sorted */
		mpz_clear(next);
	}
	CHECK(same);
	m = intervals_encode(v, k, 32, &e);
	d = intervals_decode(e, m, 32, &back);
	CHECK(d == k);
	for (i = 0; i < k && i < d; i++)
		if (mpz_cmp(v[i].low, back[i].low) ||
		    mpz_cmp(v[i].high, back[i].high))
			same = false;
	CHECK(same);
	interval_elems_free(e, m);
	intervals_free(back, d);
	intervals_free(v, n);
}

int main(void)
{
	test_merge_touching();
	test_merge();
	test_merge_origin();
	test_prefix_len();
	test_encode();
	test_decode();
	test_round_trip();
	return unit_done("intervals_test");
}
