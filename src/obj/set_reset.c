/*
 * "reset set T s", "reset map T m", "reset element T s { k, ... }"
 * (upstream 1.1; Linux 6.5's NFT_MSG_GETSETELEM_RESET): the kernel zeroes
 * the elements' counters and quotas and answers with what they held,
 * which is printed as "list set" (or "get element") prints it, as
 * "reset counters" prints the counters it zeroed.
 */
#include <obj.h>
#include <set_int.h>
#include <evaluate.h>
#include <mnl.h>
#include <print.h>
#include <json.h>
#include <errno.h>
#include <string.h>
#include <libnftnl/set.h>

/* The answer of "get element" or "reset": the set in its table, as
 * "list set" prints it, text or JSON. */
void set_answer_print(struct nft_ctx *nft, const struct table *t,
		      const struct set *s)
{
	if (nft_output_json(&nft->octx)) {
		FILE *fp = nft->octx.output_fp ? nft->octx.output_fp : stdout;
		json_t *array = json_array(), *root;

		json_array_append_new(array, json_metainfo());
		json_array_append_new(array, set_json(s, &nft->octx));
		root = json_wrap("nftables", array);
		json_write_fp(fp, "", root, "\n");
		json_decref(root);
		return;
	}
	table_print_header(t, &nft->octx, false);
	set_print(s, &nft->octx, true);
	nft_print(&nft->octx, "}\n");
}

static int set_reset_error(struct list_head *msgs, const struct cmd *cmd,
			   int err)
{
	const struct location *loc = cmd_loc_or(cmd, &cmd->handle.set.location);

	if (cmd->op == CMD_RESET && (err == EOPNOTSUPP || err == EINVAL))
		return erec_error(msgs, &cmd->location,
				  "Could not process rule: %s: resetting set elements needs Linux 6.5 or newer",
				  strerror(err));
	return erec_error(msgs, loc, "Could not process rule: %s",
			  strerror(err));
}

/*
 * Reset (or get) what @keys names (its elements, or all of its set) and
 * print the answer; @head is the set as dumped, with its statements. -1
 * with errno if the kernel refused, nothing queued.
 */
static int set_query_run(struct nft_ctx *nft, struct cmd *cmd,
			 struct list_head *msgs, const struct table *t,
			 const struct nftnl_set *head, struct nftnl_set *keys)
{
	struct nftnl_set *out = set_nl_clone_head(head);
	bool reset = cmd->op == CMD_RESET;
	/* "reset element" answers as "get element" does, in 1.1.3 */
	bool answer = !reset || cmd->obj == CMD_OBJ_ELEMENT;
	struct set *s;
	int ret = 0;

	if (mnl_query_set_elems(nft, keys, out, reset) < 0) {
		nftnl_set_free(out);
		return -1;
	}
	s = netlink_set_parse(out);
	nftnl_set_free(out);
	/* "get element": the elements say their statements, no
	 * declaration line (as upstream) */
	if (!s->key || (!answer && set_stmts_read_set(head, &s->stmts) < 0))
		ret = erec_error(msgs, &cmd->location,
				 reset ? "set '%s' was reset, but this nft cannot list its elements" :
					 "this nft cannot list the elements of set '%s'",
				 cmd->handle.set.name);
	else {
		s->get_answer = answer;
		set_answer_print(nft, t, s);
	}
	set_free(s);
	return ret < 0 ? 1 : 0;
}

static int set_reset_run(struct nft_ctx *nft, struct cmd *cmd,
			 struct list_head *msgs, const struct table *t,
			 const struct nftnl_set *head, struct nftnl_set *keys)
{
	int ret = set_query_run(nft, cmd, msgs, t, head, keys);

	if (ret < 0)
		return set_reset_error(msgs, cmd, errno);
	return ret ? -1 : 0;
}

static const struct table *set_reset_table(struct nft_ctx *nft,
					   const struct cmd *cmd,
					   unsigned int flags,
					   struct list_head *msgs)
{
	struct cache_filter f = { cmd->handle.family, cmd->handle.table.name,
				  NULL };
	const struct table *t;

	if (cache_fetch(nft, NFT_CACHE_TABLE | NFT_CACHE_SET | flags, &f,
			msgs) < 0)
		return NULL;
	t = cache_table_lookup(&nft->cache, cmd->handle.family,
			       cmd->handle.table.name);
	if (!t)
		erec_error(msgs, &cmd->handle.table.location,
			   "Could not process rule: No such file or directory");
	return t;
}

int set_reset(struct nft_ctx *nft, struct cmd *cmd, struct list_head *msgs)
{
	const struct table *t = set_reset_table(nft, cmd, 0, msgs);
	struct nftnl_set *head, *keys;
	int ret;

	if (!t || set_cmd_kind_error(nft, msgs, cmd) < 0)
		return -1;
	head = set_nl_fetch(nft, cmd->handle.family, cmd->handle.table.name,
			    cmd->handle.set.name);
	if (!head)
		return set_reset_error(msgs, cmd, errno);
	/* "reset map" of a set, "reset set" of a map: none such */
	if (!(nftnl_set_get_u32(head, NFTNL_SET_FLAGS) & NFT_SET_MAP) !=
	    !cmd->set_map) {
		nftnl_set_free(head);
		return erec_error(msgs, cmd_loc_or(cmd,
					&cmd->handle.set.location),
				  "No such file or directory");
	}
	keys = set_nl_clone_head(head);
	ret = set_reset_run(nft, cmd, msgs, t, head, keys);
	nftnl_set_free(keys);
	nftnl_set_free(head);
	return ret;
}

/* The elements written, typed by the set's key (a map's by their keys
 * alone). */
static int element_reset_keys(struct nft_ctx *nft, struct list_head *msgs,
			      const struct set *s, struct expr **elems)
{
	struct eval_ctx ectx = { .nft = nft, .msgs = msgs };
	struct set tmp = *s;

	tmp.flags &= ~NFT_SET_MAP;
	memset(&tmp.stmts, 0, sizeof(tmp.stmts));
	return set_elems_evaluate(&ectx, &tmp, elems);
}

/*
 * The keys to send: the elements written, or in an interval set the
 * members holding them, start and end elements (the kernel finds an
 * interval by its start, and answers with both, which the listing
 * decodes as the dump).
 */
static struct expr *element_reset_members(struct nft_ctx *nft,
					  struct list_head *msgs,
					  const struct set *s, struct cmd *cmd)
{
	if (element_reset_keys(nft, msgs, s, &cmd->set->init) < 0)
		return NULL;
	if (!(s->flags & NFT_SET_INTERVAL))
		return expr_clone(cmd->set->init);
	return set_members_holding(s, cmd->set->init, msgs);
}

/* "get element" of elements the kernel does not all hold: the first it
 * lacks (asked one by one: its answer does not say which) under the
 * caret. */
static int element_get_missing(struct nft_ctx *nft, struct list_head *msgs,
			       const struct cmd *cmd,
			       const struct nftnl_set *head,
			       const struct set *s, const struct expr *members)
{
	struct nftnl_set *keys, *out;
	const struct expr *i;
	struct expr *one;
	int ret = 0;

	list_for_each_entry(i, &members->expr_list.expressions, list) {
		one = set_expr_alloc(&internal_location);
		set_expr_add(one, expr_clone(i));
		keys = set_nl_clone_head(head);
		set_elems_build(keys, one, s->key, false, false);
		out = set_nl_clone_head(head);
		ret = mnl_query_set_elems(nft, keys, out, false);
		nftnl_set_free(out);
		nftnl_set_free(keys);
		expr_free(one);
		if (ret < 0 && errno == ENOENT)
			return erec_error(msgs, &i->location,
					  "Could not process rule: No such file or directory");
	}
	/* the members are there: the "*" is not (the whole command
	 * marked, as 1.1.3 marks it) */
	if (members->expr_list.catchall) {
		struct location loc = cmd->location;

		loc.last_column++;
		return erec_error(msgs, &loc,
				  "Could not process rule: No such file or directory");
	}
	return set_reset_error(msgs, cmd, ENOENT);	/* added meanwhile */
}

/* "reset element" and "get element": the kernel answers for the
 * elements asked (interval sets: for the members holding them, found in
 * that set's elements). */
int element_reset(struct nft_ctx *nft, struct cmd *cmd,
		  struct list_head *msgs)
{
	const struct table *t = set_reset_table(nft, cmd, 0, msgs);
	struct nftnl_set *head, *keys;
	struct expr *members;
	struct set *s;
	int ret;

	if (!t)
		return -1;
	s = table_lookup_set(t, cmd->handle.set.name);
	if (!s)
		return set_reset_error(msgs, cmd, ENOENT);
	if (s->flags & NFT_SET_INTERVAL && set_fetch_elems(nft, s) < 0)
		return set_reset_error(msgs, cmd, errno);
	members = element_reset_members(nft, msgs, s, cmd);
	if (!members)
		return -1;
	head = set_nl_fetch(nft, cmd->handle.family, cmd->handle.table.name,
			    cmd->handle.set.name);
	if (!head) {
		expr_free(members);
		return set_reset_error(msgs, cmd, errno);
	}
	keys = set_nl_clone_head(head);
	set_elems_build(keys, members, s->key, false, false);
	set_catchall_build(keys, members);
	ret = set_query_run(nft, cmd, msgs, t, head, keys);
	if (ret < 0 && errno == ENOENT && cmd->op != CMD_RESET &&
	    !(s->flags & NFT_SET_INTERVAL))
		element_get_missing(nft, msgs, cmd, head, s, members);
	else if (ret < 0)
		set_reset_error(msgs, cmd, errno);
	if (ret)
		ret = -1;
	expr_free(members);
	nftnl_set_free(keys);
	nftnl_set_free(head);
	return ret;
}
