#ifndef NFT_FLOWTABLE_H
#define NFT_FLOWTABLE_H

/*
 * Flowtables (src/obj/flowtable.c): a fast path for established flows
 * on a set of devices, fed by the rules' "flow add @NAME" statement
 * (src/stmt/flow.c). A flowtable lives in a table of the ip, ip6 or
 * inet family and hooks the netdev ingress of its devices.
 */
#include <nft.h>
#include <rule.h>
#include <jansson.h>

struct eval_ctx;
struct exec_ctx;
struct output_ctx;
struct nft_ctx;
struct cache_filter;

struct flowtable {
	struct list_head list;		/* in its table (t->flowtables) */
	/* handle.chain holds the flowtable's name: commands address it
	 * like a chain ("delete flowtable inet t ft") */
	struct handle handle;
	struct location location;
	/* "hook ingress priority P": absent when devices of an existing
	 * flowtable change */
	bool has_hook;
	char *hookstr;
	struct location hook_loc;
	unsigned int hooknum;		/* NF_NETDEV_INGRESS */
	struct expr *priority;		/* as written */
	struct location prio_loc;	/* "priority P" */
	int prio;			/* evaluated or dumped */
	/* devices as written (symbol, list or variable), then by name */
	struct expr *dev_expr;
	char **devs;
	unsigned int num_devs;
	uint32_t flags;			/* NFT_FLOWTABLE_HW_OFFLOAD, _COUNTER */
	bool flags_given;		/* "flags ..." or "counter" written */
	uint32_t use;			/* dumped: rules referring to it */
};

struct flowtable *flowtable_alloc(void);
void flowtable_free(struct flowtable *ft);
/* Free every flowtable on @head (a table's). */
void flowtable_list_free(struct list_head *head);
struct flowtable *table_lookup_flowtable(const struct table *t,
					 const char *name);

/* A flowtable of a table block ("table inet t { flowtable ft {...} }"). */
int flowtable_evaluate(struct eval_ctx *ectx, struct flowtable *ft);

/* Every flowtable of the tables @f covers, into the cached tables. */
int flowtable_cache_fetch(struct nft_ctx *nft, const struct cache_filter *f);

/* "\tflowtable NAME {" ... "\t}\n" as listings print it. */
void flowtable_print(const struct flowtable *ft, struct output_ctx *octx);
/* A table's flowtables in a listing, each after @delim (then "\n");
 * returns what goes before the next thing in the table. */
const char *table_print_flowtables(const struct table *t,
				   struct output_ctx *octx, const char *delim);
json_t *flowtable_json(const struct flowtable *ft, struct output_ctx *octx);

/* Flag names (text and JSON alike). */
#define FLOWTABLE_FLAG_OFFLOAD	"offload"

#endif /* NFT_FLOWTABLE_H */
