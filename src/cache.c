/*
 * The cache: the kernel objects a run needs, fetched once. Commands say
 * what they need (levels and, when they all agree, one family/table/
 * chain); list commands need everything they print, most changes need
 * nothing, since the kernel reports what is missing.
 */
#include <flowtable.h>
#include <nft.h>
#include <nftables.h>
#include <cache.h>
#include <retry.h>
#include <rule.h>
#include <obj.h>
#include <sobj.h>
#include <mnl.h>
#include <netlink.h>
#include <set.h>
#include <errno.h>
#include <string.h>
#include <linux/netfilter.h>
#include <linux/netfilter/nf_tables.h>


void cache_init(struct nft_cache *cache)
{
	memset(cache, 0, sizeof(*cache));
	init_list_head(&cache->tables);
	str_hash_init(&cache->table_hash);
	cache->initialized = true;
}

static void cache_loaded_reset(struct nft_cache *cache)
{
	xfree(cache->loaded_table);
	xfree(cache->loaded_chain);
	cache->loaded_table = NULL;
	cache->loaded_chain = NULL;
	cache->loaded_family = NFPROTO_UNSPEC;
	cache->flags = 0;
	cache->genid = 0;
}

void cache_release(struct nft_cache *cache)
{
	struct table *t, *next;

	if (!cache->initialized)
		return;
	list_for_each_entry_safe(t, next, &cache->tables, list)
		cache_table_del(cache, t);
	str_hash_destroy(&cache->table_hash);
	str_hash_init(&cache->table_hash);
	cache_loaded_reset(cache);
}

/* Hash key: the family number cannot contain the separator byte. */
static char *cache_key(uint32_t family, const char *name)
{
	return xasprintf("%u\x01%s", family, name);
}

/* The same key in @buf when it fits (lookups run once per dumped rule:
 * no allocation); NULL if it does not. */
static const char *cache_key_buf(char *buf, size_t size, uint32_t family,
				 const char *name)
{
	size_t len = strlen(name), digits;
	char num[16], *p = num + sizeof(num);

	do {
		*--p = '0' + family % 10;
		family /= 10;
	} while (family);
	digits = num + sizeof(num) - p;
	if (digits + 1 + len + 1 > size)
		return NULL;
	memcpy(buf, p, digits);
	buf[digits] = '\x01';
	memcpy(buf + digits + 1, name, len + 1);
	return buf;
}

struct table *cache_table_lookup(const struct nft_cache *cache,
				 uint32_t family, const char *name)
{
	char buf[NFT_NAME_MAXLEN + 16];
	const char *key;
	struct table *t;
	char *heap;

	if (!cache->initialized || !name)
		return NULL;
	key = cache_key_buf(buf, sizeof(buf), family, name);
	if (key)
		return str_hash_lookup(&cache->table_hash, key);
	heap = cache_key(family, name);
	t = str_hash_lookup(&cache->table_hash, heap);
	xfree(heap);
	return t;
}

void cache_table_add(struct nft_cache *cache, struct table *t)
{
	if (!cache->initialized)
		cache_init(cache);
	xfree(t->cache_key);
	t->cache_key = cache_key(t->handle.family, t->handle.table.name);
	str_hash_add(&cache->table_hash, t->cache_key, t);
	list_add_tail(&t->list, &cache->tables);
}

void cache_table_del(struct nft_cache *cache, struct table *t)
{
	if (t->cache_key &&
	    str_hash_lookup(&cache->table_hash, t->cache_key) == t)
		str_hash_remove(&cache->table_hash, t->cache_key);
	list_del(&t->list);
	table_free(t);
}

/*
 * What commands need
 */

static bool str_eq(const char *a, const char *b)
{
	return a == b || (a && b && !strcmp(a, b));
}

/* Merge one need into the accumulated filter: disagreement widens. */
static void cache_need(unsigned int *flags, struct cache_filter *f,
		       bool *first, unsigned int need, uint32_t family,
		       const char *table, const char *chain)
{
	if (!need)
		return;
	if (*first) {
		f->family = family;
		f->table = table;
		f->chain = chain;
		*first = false;
	} else {
		if (f->family != family) {
			f->family = NFPROTO_UNSPEC;
			f->table = NULL;
		}
		if (!str_eq(f->table, table))
			f->table = NULL;
		if (!f->table || !str_eq(f->chain, chain))
			f->chain = NULL;
	}
	*flags |= need;
}

void cache_cmd_needs(const struct cmd *cmd, unsigned int *flags,
		     struct cache_filter *f, bool *first)
{
	const struct obj_ops *ops = obj_ops_lookup(cmd->obj);
	const struct handle *h = &cmd->handle;
	const char *chain = NULL;
	unsigned int need = 0;

	switch (cmd->op) {
	case CMD_GET:
	case CMD_LIST:
		/* Listings stream the rules from their own dump
		 * (src/print.c): the cache only holds what frames them. */
		need = ops->list_needs;
		if (ops->flags & OBJ_F_ONE_CHAIN)
			chain = h->chain.name;
		break;
	case CMD_FLUSH:
		need = ops->flush_needs;
		break;
	case CMD_ADD:
	case CMD_CREATE:
	case CMD_INSERT:
	case CMD_REPLACE:
	case CMD_DELETE:
	case CMD_RENAME:
		if (ops->cache_needs)
			need = ops->cache_needs(cmd);
		if (need & NFT_CACHE_RULE)
			chain = h->chain.name;
		break;
	default:
		break;
	}
	cache_need(flags, f, first, need, h->family,
		   ops->flags & OBJ_F_ALL_TABLES ? NULL : h->table.name, chain);
}

static bool cmd_changes_ruleset(const struct cmd *cmd)
{
	return cmd->op != CMD_LIST && cmd->op != CMD_GET &&
	       cmd->op != CMD_DESCRIBE && cmd->op != CMD_MONITOR;
}

int cache_update(struct nft_ctx *nft, struct list_head *cmds,
		 struct list_head *msgs)
{
	struct cache_filter f = { NFPROTO_UNSPEC, NULL, NULL };
	unsigned int flags = 0;
	bool changes = false, first = true;
	struct cmd *cmd;

	list_for_each_entry(cmd, cmds, list)
		changes |= cmd_changes_ruleset(cmd);
	/* Listings after a change print what the batch made: they fetch
	 * after it is sent, not now. */
	list_for_each_entry(cmd, cmds, list) {
		if (cmd_changes_ruleset(cmd) == changes)
			cache_cmd_needs(cmd, &flags, &f, &first);
	}
	if (!flags)
		return 0;
	return cache_fetch(nft, flags, &f, msgs);
}

/*
 * Fetching
 */

static bool cache_covers(const struct nft_cache *cache, unsigned int flags,
			 const struct cache_filter *f)
{
	if ((cache->flags & flags) != flags)
		return false;
	if (cache->loaded_family != NFPROTO_UNSPEC &&
	    cache->loaded_family != f->family)
		return false;
	if (cache->loaded_table && !str_eq(cache->loaded_table, f->table))
		return false;
	if ((flags & NFT_CACHE_RULE) && cache->loaded_chain &&
	    !str_eq(cache->loaded_chain, f->chain))
		return false;
	return true;
}

bool cache_has(const struct nft_cache *cache, unsigned int flags,
	       const struct cache_filter *filter)
{
	struct cache_filter f = *filter;

	if (!cache->initialized)
		return false;
	if (!f.table)
		f.chain = NULL;
	return cache_covers(cache, flags, &f);
}

static int cache_fetch_tables(struct nft_ctx *nft,
			      const struct cache_filter *f)
{
	struct nftnl_table_list *list;
	struct nftnl_table_list_iter *it;
	struct nftnl_table *nlt;
	struct table *t;

	list = mnl_dump_tables(nft, f->family, f->table);
	if (!list)
		return -1;
	it = nftnl_table_list_iter_create(list);
	while ((nlt = nftnl_table_list_iter_next(it))) {
		const char *name = nftnl_table_get_str(nlt, NFTNL_TABLE_NAME);

		if (f->table && !str_eq(name, f->table))
			continue;
		t = netlink_table_parse(nlt);
		cache_table_add(&nft->cache, t);
	}
	nftnl_table_list_iter_destroy(it);
	nftnl_table_list_free(list);
	return 0;
}

static int cache_fetch_chains(struct nft_ctx *nft,
			      const struct cache_filter *f)
{
	struct nftnl_chain_list *list;
	struct nftnl_chain_list_iter *it;
	struct nftnl_chain *nlc;
	struct table *t = NULL;

	list = mnl_dump_chains(nft, f->family, f->table);
	if (!list)
		return errno == ENOENT ? 0 : -1;
	it = nftnl_chain_list_iter_create(list);
	while ((nlc = nftnl_chain_list_iter_next(it))) {
		uint32_t family = nftnl_chain_get_u32(nlc, NFTNL_CHAIN_FAMILY);
		const char *table = nftnl_chain_get_str(nlc, NFTNL_CHAIN_TABLE);

		/* chains come grouped by table */
		if (!t || t->handle.family != family || !table ||
		    strcmp(t->handle.table.name, table))
			t = cache_table_lookup(&nft->cache, family, table);
		if (!t)
			continue;	/* filtered out */
		table_add_chain(t, netlink_chain_parse(nlc));
	}
	nftnl_chain_list_iter_destroy(it);
	nftnl_chain_list_free(list);
	return 0;
}

/* Where dumped rules go: rules arrive grouped by chain, so the last
 * table and chain found usually serve the next rule too. */
struct cache_rule_ctx {
	struct nft_ctx *nft;
	struct table *t;
	struct chain *c;
	bool handles;		/* NFT_CACHE_RULE_HANDLES: no decoding */
};

/* The cached chain of a dumped rule, NULL if the cache left it out. */
struct chain *cache_rule_chain(struct nft_cache *cache,
			       const struct nftnl_rule *nlr,
			       struct table **tp, struct chain **cp)
{
	uint32_t family = nftnl_rule_get_u32(nlr, NFTNL_RULE_FAMILY);
	const char *table = nftnl_rule_get_str(nlr, NFTNL_RULE_TABLE);
	const char *chain = nftnl_rule_get_str(nlr, NFTNL_RULE_CHAIN);
	struct table *t = *tp;

	if (!table || !chain)
		return NULL;
	if (*cp && t->handle.family == family &&
	    !strcmp((*cp)->handle.chain.name, chain) &&
	    !strcmp(t->handle.table.name, table))
		return *cp;
	if (!t || t->handle.family != family ||
	    strcmp(t->handle.table.name, table))
		t = cache_table_lookup(cache, family, table);
	*tp = t;
	*cp = t ? table_lookup_chain(t, chain) : NULL;
	return *cp;
}

static void cache_add_rule(const struct nftnl_rule *nlr,
			   const char *unparsed, void *data)
{
	struct cache_rule_ctx *ctx = data;
	struct chain *c;
	struct rule *r;

	c = cache_rule_chain(&ctx->nft->cache, nlr, &ctx->t, &ctx->c);
	if (!c)
		return;
	/* A rule we cannot decode keeps its place (positions count it),
	 * and whoever lists it fails saying why. */
	if (unparsed) {
		r = netlink_rule_unparsed(nlr, unparsed);
		list_add_tail(&r->list, &c->rules);
		return;
	}
	/* a position in a chain of 20,000 rules: their handles only */
	if (ctx->handles) {
		r = netlink_rule_handle_only(nlr);
		list_add_tail(&r->list, &c->rules);
		return;
	}
	netlink_dump_rule(ctx->nft, nlr);
	r = netlink_rule_parse_cache(ctx->nft, nlr);
	list_add_tail(&r->list, &c->rules);
}

/* Rules are decoded as their messages arrive; a change during the dump
 * shows in the generation id, which cache_fetch() checks. */
static int cache_fetch_rules(struct nft_ctx *nft,
			     const struct cache_filter *f, bool handles)
{
	struct cache_rule_ctx ctx = { nft, NULL, NULL, handles };

	if (mnl_dump_rules_cb(nft, f->family, f->table,
			      f->table ? f->chain : NULL,
			      cache_add_rule, &ctx) < 0)
		return errno == ENOENT ? 0 : -1;
	return 0;
}

static int cache_fetch_levels(struct nft_ctx *nft, unsigned int flags,
			      const struct cache_filter *f)
{
	if (cache_fetch_tables(nft, f) < 0)
		return -1;
	if (flags & (NFT_CACHE_CHAIN | NFT_CACHE_RULE) &&
	    cache_fetch_chains(nft, f) < 0)
		return -1;
	if (flags & NFT_CACHE_RULE &&
	    cache_fetch_rules(nft, f, flags & NFT_CACHE_RULE_HANDLES) < 0)
		return -1;
	/* only listings and flowtable commands look at flowtables: a
	 * rule or chain command costs no flowtable dump */
	if (flags & NFT_CACHE_FLOWTABLE && flowtable_cache_fetch(nft, f) < 0)
		return -1;
	/* one dump for the whole family or table, not one per table */
	if (flags & NFT_CACHE_OBJ &&
	    sobj_cache_fetch(nft, f->family, f->table,
			     flags & (NFT_CACHE_CHAIN | NFT_CACHE_RULE)) < 0)
		return -1;
	if (flags & (NFT_CACHE_SET | NFT_CACHE_SETELEM) &&
	    cache_fetch_sets(nft, f->family, f->table,
			     flags & NFT_CACHE_SETELEM) < 0)
		return -1;
	return 0;
}

static void cache_set_loaded(struct nft_cache *cache, unsigned int flags,
			     const struct cache_filter *f, uint32_t genid)
{
	cache->flags = flags;
	/* Chains need their tables, rules their chains. */
	if (flags & NFT_CACHE_RULE)
		cache->flags |= NFT_CACHE_CHAIN;
	if (flags)
		cache->flags |= NFT_CACHE_TABLE;
	if (flags & NFT_CACHE_SETELEM)
		cache->flags |= NFT_CACHE_SET;
	cache->genid = genid;
	cache->loaded_family = f->family;
	cache->loaded_table = xstrdup(f->table);
	cache->loaded_chain = (flags & NFT_CACHE_RULE) ?
			      xstrdup(f->chain) : NULL;
}

static int cache_fetch_error(struct list_head *msgs, int err)
{
	if (err == EPERM)
		return erec_error(msgs, &internal_location,
				  "Operation not permitted (you must be root or have CAP_NET_ADMIN)");
	return erec_error(msgs, &internal_location,
			  "cannot fetch the ruleset from the kernel: %s",
			  strerror(err));
}

/* Widen @f so it covers what is loaded as well (one fetch serves both). */
static void cache_filter_merge(const struct nft_cache *cache,
			       struct cache_filter *f, unsigned int *flags)
{
	if (!cache->flags)
		return;
	*flags |= cache->flags;
	if (cache->loaded_family != f->family) {
		f->family = NFPROTO_UNSPEC;
		f->table = NULL;
	}
	if (!str_eq(cache->loaded_table, f->table))
		f->table = NULL;
	if (!f->table || !str_eq(cache->loaded_chain, f->chain))
		f->chain = NULL;
}

int cache_fetch(struct nft_ctx *nft, unsigned int flags,
		const struct cache_filter *filter, struct list_head *msgs)
{
	struct nft_cache *cache = &nft->cache;
	struct cache_filter f = *filter;
	uint32_t genid, genid_after;
	struct nft_retry retry;
	char *table, *chain;
	int ret = 0;

	if (!cache->initialized)
		cache_init(cache);
	if (!f.table)
		f.chain = NULL;
	/* The cache lives for one run (released at its end), so what is
	 * loaded is current unless this run changed the ruleset, and then
	 * the executor released it. */
	if (cache_covers(cache, flags, &f))
		return 0;
	cache_filter_merge(cache, &f, &flags);
	/* Copy the names: the release below frees the loaded ones. */
	table = xstrdup(f.table);
	chain = xstrdup(f.chain);
	f.table = table;
	f.chain = chain;
	if (mnl_genid_get(nft, &genid) < 0) {
		ret = cache_fetch_error(msgs, errno);
		goto out;
	}
	nft_retry_init(&retry);
	for (;;) {
		cache_release(cache);
		if (cache_fetch_levels(nft, flags, &f) < 0 ||
		    mnl_genid_get(nft, &genid_after) < 0) {
			int err = errno;

			cache_release(cache);
			/* a dump interrupted by a change: again */
			if (err == EINTR && nft_retry_again(&retry) &&
			    mnl_genid_get(nft, &genid) == 0)
				continue;
			ret = err == EINTR ?
			      erec_error(msgs, &internal_location,
					 "the ruleset kept changing while it was fetched, giving up after %u tries in %d seconds",
					 retry.tries + 1, NFT_RETRY_SECONDS) :
			      cache_fetch_error(msgs, err);
			goto out;
		}
		if (genid_after == genid)
			break;
		/* changed under us: again */
		if (!nft_retry_again(&retry)) {
			cache_release(cache);
			ret = erec_error(msgs, &internal_location,
					 "the ruleset kept changing while it was fetched, giving up after %u tries in %d seconds",
					 retry.tries + 1, NFT_RETRY_SECONDS);
			goto out;
		}
		genid = genid_after;
	}
	cache_set_loaded(cache, flags, &f, genid);
out:
	xfree(table);
	xfree(chain);
	return ret;
}

/* ---- "did you mean" ---- */

/*
 * The edit distance 1.1.3's hints measure: @typed against @name cut to
 * @typed's length where @name is longer (what was typed may be the start
 * of a name). Names are at most 256 bytes.
 */
static unsigned int misspell_distance(const char *typed, const char *name)
{
	size_t lt = strlen(typed), ln = strlen(name), i, j;
	unsigned int row[NFT_NAME_MAXLEN + 2], diag, up, v;

	if (ln > lt)
		ln = lt;
	if (lt > NFT_NAME_MAXLEN || ln > NFT_NAME_MAXLEN)
		return ~0u;
	for (j = 0; j <= ln; j++)
		row[j] = j;
	for (i = 1; i <= lt; i++) {
		diag = row[0];
		row[0] = i;
		for (j = 1; j <= ln; j++) {
			up = row[j];
			v = diag + (typed[i - 1] != name[j - 1]);
			if (up + 1 < v)
				v = up + 1;
			if (row[j - 1] + 1 < v)
				v = row[j - 1] + 1;
			row[j] = v;
			diag = up;
		}
	}
	return row[ln];
}

/* Is @name near enough to @typed to be suggested, as 1.1.3 judges it:
 * a third of the longer, a little more if their lengths differ by more
 * than one; two bytes are always near. */
static bool misspell_near(const char *typed, const char *name)
{
	size_t lt = strlen(typed), ln = strlen(name);
	size_t max = lt > ln ? lt : ln, min = lt > ln ? ln : lt;
	unsigned int limit;

	if (max <= 1)
		return false;
	if (max == 2)
		return true;
	if (max - min <= 1)
		limit = (max + 2) / 3;
	else
		limit = (max + 4) / 3;
	return misspell_distance(typed, name) <= limit;
}

/* The first chain of any cached table whose name is near @name (not
 * @name itself); *@t its table. */
static const struct chain *cache_chain_near(const struct nft_cache *cache,
					    const char *name,
					    const struct table **t)
{
	const struct table *table;
	const struct chain *c;

	if (!cache->initialized)
		return NULL;
	list_for_each_entry(table, &cache->tables, list) {
		list_for_each_entry(c, &table->chains, list) {
			if (strcmp(c->handle.chain.name, name) &&
			    misspell_near(name, c->handle.chain.name)) {
				*t = table;
				return c;
			}
		}
	}
	return NULL;
}

/* The first cached table whose name is near @h's (not @h's table). */
static const struct table *cache_table_near(const struct nft_cache *cache,
					    const struct handle *h)
{
	const struct table *t;

	if (!cache->initialized)
		return NULL;
	list_for_each_entry(t, &cache->tables, list) {
		if (t->handle.family == h->family &&
		    !strcmp(t->handle.table.name, h->table.name))
			continue;
		if (misspell_near(h->table.name, t->handle.table.name))
			return t;
	}
	return NULL;
}

/*
 * 1.1.3's hint where a table or chain of @h is missing: a chain near
 * @h's in any table (near the chain of the rule whose jump is missing)
 * if @h names a rule's or chain's (@by_chain), else a table near @h's.
 * Written to @buf; false if none is near.
 */
static bool missing_hint_in(const struct nft_cache *cache,
			    const struct handle *h, bool by_chain,
			    char *buf, size_t size)
{
	const struct table *t = NULL;
	const struct chain *c = NULL;

	if (by_chain && h->chain.name)
		c = cache_chain_near(cache, h->chain.name, &t);
	if (!c && h->table.name &&
	    !cache_table_lookup(cache, h->family, h->table.name))
		t = cache_table_near(cache, h);
	if (t && (t->handle.family != h->family ||
		  strcmp(t->handle.table.name, h->table.name)))
		snprintf(buf, size, "did you mean table '%s' in family %s?",
			 t->handle.table.name, family_name(t->handle.family));
	else if (c)
		snprintf(buf, size, "did you mean chain '%s' in table %s '%s'?",
			 c->handle.chain.name, family_name(t->handle.family),
			 t->handle.table.name);
	else
		return false;
	return true;
}

/*
 * @fetch: every table and chain, as 1.1.3 has them then, dumped into a
 * cache of their own (what the run holds of its own stays put: the list
 * heads are restored to the same place); not while a batch's acks are
 * being read. Else the run's cache as it is.
 */
bool cache_missing_hint(struct nft_ctx *nft, const struct handle *h,
			bool by_chain, bool fetch, char *buf, size_t size)
{
	static const struct cache_filter all = { NFPROTO_UNSPEC, NULL, NULL };
	struct nft_cache saved = nft->cache;
	LIST_HEAD(scratch);
	bool found;

	if (!fetch)
		return missing_hint_in(&nft->cache, h, by_chain, buf, size);
	memset(&nft->cache, 0, sizeof(nft->cache));
	cache_fetch(nft, NFT_CACHE_TABLE | NFT_CACHE_CHAIN, &all, &scratch);
	erec_free_list(&scratch);
	found = missing_hint_in(&nft->cache, h, by_chain, buf, size);
	cache_release(&nft->cache);
	str_hash_destroy(&nft->cache.table_hash);
	nft->cache = saved;
	return found;
}

/* A table or chain of @h missing: for a rule's (@by_chain), which 1.1.3
 * leaves to the kernel, its refusal; for anything else 1.1.3's own
 * "No such file or directory". The hint after it if there is one. */
int cache_missing_error(struct list_head *msgs, const struct location *loc,
			struct nft_ctx *nft, const struct handle *h,
			bool by_chain)
{
	char hint[CACHE_HINT_SIZE];

	if (cache_missing_hint(nft, h, by_chain, true, hint, sizeof(hint)))
		erec_error(msgs, loc, "%s; %s", strerror(ENOENT), hint);
	else if (by_chain)
		erec_error(msgs, loc, "Could not process rule: %s",
			   strerror(ENOENT));
	else
		return erec_error(msgs, loc, "%s", strerror(ENOENT));
	return by_chain ? erec_as_kernel(msgs) : -1;
}

/*
 * "@ss": 1.1.3's hint after its "No such file or directory", a named set
 * or map of the cached tables whose name is near @name (not @name
 * itself); "" if none. Written to @buf, returned.
 */
const char *cache_set_hint(const struct nft_ctx *nft, const char *name,
			   char *buf, size_t size)
{
	const struct nft_cache *cache = &nft->cache;
	const struct table *t;
	const struct set *s;

	buf[0] = '\0';
	if (!cache->initialized || !name)
		return buf;
	list_for_each_entry(t, &cache->tables, list) {
		list_for_each_entry(s, &t->sets, list) {
			if (!strcmp(s->handle.set.name, name) ||
			    !misspell_near(name, s->handle.set.name))
				continue;
			snprintf(buf, size,
				 "; did you mean %s '%s' in table %s '%s'?",
				 s->flags & (NFT_SET_MAP | NFT_SET_OBJECT) ?
				 "map" : "set",
				 s->handle.set.name,
				 family_name(t->handle.family),
				 t->handle.table.name);
			return buf;
		}
	}
	return buf;
}
