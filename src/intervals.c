/*
 * Intervals of interval sets: sorting, merging, the kernel's start/end
 * element encoding and its decoding. Everything is one sort plus linear
 * passes, so sets of 100k CIDR blocks cost O(n log n).
 */
#include <stdlib.h>
#include <string.h>
#include <intervals.h>

void interval_init(struct interval *iv)
{
	mpz_init(iv->low);
	mpz_init(iv->high);
}

void interval_clear(struct interval *iv)
{
	mpz_clear(iv->low);
	mpz_clear(iv->high);
}

void intervals_free(struct interval *v, unsigned int n)
{
	unsigned int i;

	for (i = 0; i < n; i++)
		interval_clear(&v[i]);
	xfree(v);
}

/* By bounds, then in the order written (the options an interval written
 * twice sends twice are in that order) */
static int interval_cmp(const void *a, const void *b, void *ctx)
{
	const struct interval *v = ctx;
	unsigned int i = *(const unsigned int *)a, j = *(const unsigned int *)b;
	int c = mpz_cmp(v[i].low, v[j].low);

	if (!c)
		c = mpz_cmp(v[i].high, v[j].high);
	return c ? c : (i > j) - (i < j);
}

static void intervals_sort(struct interval *v, unsigned int n)
{
	unsigned int *order = xmalloc(n * sizeof(*order)), i;
	struct interval *tmp = xmalloc(n * sizeof(*tmp));

	for (i = 0; i < n; i++)
		order[i] = i;
	qsort_r(order, n, sizeof(*order), interval_cmp, v);
	/* the GMP numbers move with their structs */
	for (i = 0; i < n; i++)
		tmp[i] = v[order[i]];
	memcpy(v, tmp, n * sizeof(*v));
	xfree(tmp);
	xfree(order);
}

unsigned int intervals_merge(struct interval *v, unsigned int n)
{
	return intervals_merge_how(v, n, true);
}

unsigned int intervals_merge_how(struct interval *v, unsigned int n,
				 enum iv_merge how)
{
	bool touching = how == IV_TOUCHING;
	unsigned int i, out = 0;
	mpz_t next;

	if (n == 0)
		return 0;
	intervals_sort(v, n);
	mpz_init(next);
	for (i = 1; i < n; i++) {
		/* v[out] covers up to high; high + 1 touches it too */
		mpz_set(next, v[out].high);
		if (touching)
			mpz_add_ui(next, next, 1);
		if (mpz_cmp(v[i].low, next) <= 0 &&
		    (how != IV_APART_DUPS || mpz_cmp(v[i].low, v[out].low) ||
		     mpz_cmp(v[i].high, v[out].high))) {
			if (mpz_cmp(v[i].high, v[out].high) > 0)
				mpz_set(v[out].high, v[i].high);
			if (!v[out].origin)
				v[out].origin = v[i].origin;
			continue;
		}
		out++;
		mpz_swap(v[out].low, v[i].low);
		mpz_swap(v[out].high, v[i].high);
		v[out].origin = v[i].origin;
	}
	mpz_clear(next);
	/* the slots past the result still hold initialized (swapped)
	 * values: intervals_free(v, n) releases all of them */
	return out + 1;
}

int interval_prefix_len(const mpz_t low, const mpz_t high,
			unsigned int width)
{
	unsigned int host;
	mpz_t size;
	int plen = -1;

	mpz_init(size);
	mpz_sub(size, high, low);
	mpz_add_ui(size, size, 1);
	/* size must be a power of two and low aligned to it */
	if (mpz_popcount(size) == 1) {
		host = mpz_scan1(size, 0);
		if (host <= width && mpz_scan1(low, 0) >= host)
			plen = width - host;
	}
	mpz_clear(size);
	return plen;
}

static void interval_elem_set(struct interval_elem *e, const mpz_t key,
			      bool end)
{
	mpz_init_set(e->key, key);
	e->end = end;
	e->open = false;
	e->origin = NULL;
}

unsigned int intervals_encode(const struct interval *v, unsigned int n,
			      unsigned int width,
			      struct interval_elem **elems)
{
	struct interval_elem *e = xzalloc((2 * n + 1) * sizeof(*e));
	unsigned int i, k = 0;
	mpz_t top, end;

	mpz_init(top);
	mpz_init(end);
	mpz_setbit(top, width);
	mpz_sub_ui(top, top, 1);
	if (n && mpz_sgn(v[0].low) != 0)
		interval_elem_set(&e[k++], end, true);	/* end is 0 here */
	for (i = 0; i < n; i++) {
		interval_elem_set(&e[k], v[i].low, false);
		e[k++].origin = v[i].origin;
		if (mpz_cmp(v[i].high, top) >= 0) {
			e[k - 1].open = true;
			continue;
		}
		mpz_add_ui(end, v[i].high, 1);
		interval_elem_set(&e[k++], end, true);
	}
	mpz_clear(top);
	mpz_clear(end);
	*elems = e;
	return k;
}

void interval_elems_free(struct interval_elem *e, unsigned int n)
{
	unsigned int i;

	for (i = 0; i < n; i++)
		mpz_clear(e[i].key);
	xfree(e);
}

static int interval_elem_cmp(const void *a, const void *b)
{
	const struct interval_elem *x = a, *y = b;
	int c = mpz_cmp(x->key, y->key);

	/* an interval ending at k sorts before one starting at k */
	return c ? c : (int)y->end - (int)x->end;
}

unsigned int intervals_decode(struct interval_elem *e, unsigned int n,
			      unsigned int width, struct interval **vp)
{
	struct interval *v = xzalloc((n + 1) * sizeof(*v));
	unsigned int i, k = 0;

	qsort(e, n, sizeof(*e), interval_elem_cmp);
	for (i = 0; i < n; i++) {
		if (e[i].end)
			continue;	/* the leading 0, or a stray end */
		interval_init(&v[k]);
		mpz_set(v[k].low, e[i].key);
		if (i + 1 < n && e[i + 1].end) {
			mpz_sub_ui(v[k].high, e[i + 1].key, 1);
			i++;
		} else {
			mpz_setbit(v[k].high, width);
			mpz_sub_ui(v[k].high, v[k].high, 1);
		}
		k++;
	}
	*vp = v;
	return k;
}
