/* The aborting allocator and the string hash table. */
#include <nft.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

__noreturn void memory_allocation_error(void)
{
	fprintf(stderr, "Error: out of memory\n");
	abort();
}

__noreturn void nft_bug(const char *file, int line, const char *fmt, ...)
{
	va_list ap;

	fprintf(stderr, "BUG at %s:%d: ", file, line);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fprintf(stderr, "\n");
	abort();
}

void *xmalloc(size_t size)
{
	void *p = malloc(size ? size : 1);

	if (!p)
		memory_allocation_error();
	return p;
}

void *xzalloc(size_t size)
{
	void *p = calloc(1, size ? size : 1);

	if (!p)
		memory_allocation_error();
	return p;
}

void *xrealloc(void *ptr, size_t size)
{
	void *p = realloc(ptr, size ? size : 1);

	if (!p)
		memory_allocation_error();
	return p;
}

char *xstrdup(const char *s)
{
	char *p;

	if (!s)
		return NULL;
	p = strdup(s);
	if (!p)
		memory_allocation_error();
	return p;
}

char *xstrndup(const char *s, size_t n)
{
	char *p = strndup(s, n);

	if (!p)
		memory_allocation_error();
	return p;
}

char *xasprintf(const char *fmt, ...)
{
	va_list ap;
	char *p;
	int n;

	va_start(ap, fmt);
	n = vasprintf(&p, fmt, ap);
	va_end(ap);
	if (n < 0)
		memory_allocation_error();
	return p;
}

void xfree(const void *ptr)
{
	free((void *)ptr);
}

/* FNV-1a: cheap and good enough for identifiers. */
uint32_t str_hash_fn(const char *s)
{
	uint32_t h = 2166136261u;

	while (*s) {
		h ^= (unsigned char)*s++;
		h *= 16777619u;
	}
	return h;
}

void str_hash_init(struct str_hash *h)
{
	h->nbuckets = 16;
	h->count = 0;
	h->buckets = xzalloc(h->nbuckets * sizeof(*h->buckets));
}

void str_hash_destroy(struct str_hash *h)
{
	struct str_hash_node *n, *next;
	unsigned int i;

	if (!h->buckets)
		return;
	for (i = 0; i < h->nbuckets; i++) {
		for (n = h->buckets[i]; n; n = next) {
			next = n->next;
			xfree(n);
		}
	}
	xfree(h->buckets);
	h->buckets = NULL;
	h->count = 0;
}

static void str_hash_grow(struct str_hash *h)
{
	unsigned int i, nb = h->nbuckets * 2;
	struct str_hash_node **b = xzalloc(nb * sizeof(*b));
	struct str_hash_node *n, *next;

	for (i = 0; i < h->nbuckets; i++) {
		for (n = h->buckets[i]; n; n = next) {
			uint32_t k = str_hash_fn(n->key) & (nb - 1);

			next = n->next;
			n->next = b[k];
			b[k] = n;
		}
	}
	xfree(h->buckets);
	h->buckets = b;
	h->nbuckets = nb;
}

void str_hash_add(struct str_hash *h, const char *key, void *value)
{
	struct str_hash_node *n = xmalloc(sizeof(*n));
	uint32_t k;

	if (!h->buckets)
		str_hash_init(h);
	if (h->count >= h->nbuckets)
		str_hash_grow(h);
	k = str_hash_fn(key) & (h->nbuckets - 1);
	n->key = key;
	n->value = value;
	n->next = h->buckets[k];
	h->buckets[k] = n;
	h->count++;
}

void *str_hash_lookup(const struct str_hash *h, const char *key)
{
	struct str_hash_node *n;

	if (!h->buckets)
		return NULL;
	for (n = h->buckets[str_hash_fn(key) & (h->nbuckets - 1)]; n;
	     n = n->next) {
		if (!strcmp(n->key, key))
			return n->value;
	}
	return NULL;
}

void *str_hash_remove(struct str_hash *h, const char *key)
{
	struct str_hash_node **pp, *n;
	void *value;

	if (!h->buckets)
		return NULL;
	pp = &h->buckets[str_hash_fn(key) & (h->nbuckets - 1)];
	for (; (n = *pp); pp = &n->next) {
		if (!strcmp(n->key, key)) {
			*pp = n->next;
			value = n->value;
			xfree(n);
			h->count--;
			return value;
		}
	}
	return NULL;
}
