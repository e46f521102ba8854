/*
 * The rule kind: "add/insert/replace/delete/destroy rule". Everything
 * about it but the statements themselves (src/stmt/, src/expr/) and
 * "index N" (rule_index.c): evaluation, cache needs, netlink build and
 * parse, execution and echo, text and JSON output, JSON input, and
 * where in the rule a kernel refusal points.
 */
#include <obj.h>
#include <sobj.h>
#include <nft.h>
#include <evaluate.h>
#include <cache.h>
#include <mnl.h>
#include <netlink.h>
#include <linearize.h>
#include <set.h>
#include <set_pack.h>
#include <arpa/inet.h>
#include <print.h>
#include <json.h>
#include <monitor.h>
#include <expr.h>
#include <inner.h>
#include <nlext.h>
#include <stmt.h>
#include <errno.h>
#include <inttypes.h>
#include <string.h>
#include <libnftnl/expr.h>
#include <libnftnl/rule.h>
#include <linux/netfilter/nf_tables.h>
#include <linux/netfilter/nfnetlink.h>

/* A command's span with its separator, for an error made from it before
 * the next command is explained */
static __thread struct location rule_whole_location;

static char *rule_explain_missing(const struct cmd *cmd,
				  const struct location **loc)
{
	const struct handle *h = &cmd->handle;
	const struct handle_spec_id *id = h->handle.id ?
		&h->handle : &h->position;

	if (!id->id)
		return NULL;
	/* 1.1.3 underlines the handle of a replace or delete, the whole
	 * command of an add or insert after one, with its separator */
	if (cmd->op == CMD_REPLACE || cmd->op == CMD_DELETE ||
	    cmd->op == CMD_DESTROY) {
		*loc = cmd_loc_or(cmd, &id->location);
	} else if (*loc == &cmd->location && !cmd->location.json_path) {
		rule_whole_location = cmd->location;
		rule_whole_location.last_column++;
		*loc = &rule_whole_location;
	}
	return xasprintf("no rule with handle %llu in chain %s %s %s (or the table or chain does not exist)",
			 (unsigned long long)id->id,
			 family_name(h->family), cmd_table_name(cmd),
			 cmd_chain_name(cmd));
}

static void rule_cmd_free(struct cmd *cmd)
{
	rule_free(cmd->rule);
}

/* ---- evaluation ---- */

/* A jump or goto lands on a chain of the rule's table (a named map's
 * elements too: src/obj/set.c). One to a base chain is left to the
 * kernel (EOPNOTSUPP), in the batch's turn with its other refusals, as
 * 1.1.3 reports it: rule_explain_expr() and rule_explain_vmap_elem()
 * put the caret. */
int verdict_chain_evaluate(struct eval_ctx *ectx,
				  const struct handle *h, const char *name,
				  const struct location *loc)
{
	struct chain *c;
	bool unknown;

	if (name_length_error(ectx->msgs, loc, name, NAME_JUMP) < 0)
		return -1;
	c = chain_find(ectx, h->family, h->table.name, name, &unknown);
	/* the kernel's refusal to 1.1.3 (ENOENT) */
	/* (1.1.3's hint is a chain near the rule's, @h's) */
	if (!c && !unknown)
		return cache_missing_error(ectx->msgs, loc, ectx->nft,
					   h, true);
	return 0;
}

static int verdict_expr_target_evaluate(struct eval_ctx *ectx,
					const struct rule *rule,
					const struct expr *v);

/* A verdict, or each of a verdict map's ("vmap { 1 : jump c }"). */
static int verdict_target_evaluate(struct eval_ctx *ectx,
				   const struct rule *rule,
				   const struct stmt *stmt)
{
	const struct expr *m;

	if (!stmt->expr || stmt->expr->etype != EXPR_MAP)
		return verdict_expr_target_evaluate(ectx, rule, stmt->expr);
	if (stmt->expr->map.mappings->etype != EXPR_SET)
		return 0;	/* a named map: its elements were checked */
	list_for_each_entry(m, &stmt->expr->map.mappings->expr_list.expressions,
			    list)
		if (verdict_expr_target_evaluate(ectx, rule,
						 m->mapping.data) < 0)
			return -1;
	return 0;
}

static int verdict_expr_target_evaluate(struct eval_ctx *ectx,
					const struct rule *rule,
					const struct expr *v)
{
	char *name;
	int err = 0;

	if (!v || v->etype != EXPR_VERDICT || !v->verdict.chain)
		return 0;
	if (v->verdict.chain->etype != EXPR_VALUE)
		return 0;
	name = constant_expr_get_string(v->verdict.chain);
	if (!name[0])
		err = erec_error(ectx->msgs, &v->verdict.chain->location,
				 "chain name must not be empty");
	/* a missing chain is the kernel's to refuse, in the batch's turn
	 * with the rule's other refusals (a missing object before it),
	 * as 1.1.3 reports it: rule_explain_expr() puts the caret */
	else
		err = name_length_error(ectx->msgs, &v->verdict.chain->location,
					name, NAME_JUMP);
	xfree(name);
	return err;
}

int rule_evaluate(struct eval_ctx *ectx, struct rule *rule)
{
	const struct handle *h = &rule->handle;
	struct stmt *stmt, *next;
	int err = 0;

	ectx->rule = rule;
	proto_ctx_init(&ectx->pctx, h->family);
	if (comment_evaluate(ectx, rule->comment, &rule->comment_loc,
			     &rule->location) < 0)
		err = -1;
	/* Stop at a rule's first error: later statements would only
	 * repeat it through a protocol context that is now wrong. */
	list_for_each_entry_safe(stmt, next, &rule->stmts, list) {
		if (stmt_check_terminal(ectx, stmt) < 0 ||
		    stmt_evaluate(ectx, stmt) < 0 ||
		    (stmt->type == STMT_VERDICT &&
		     verdict_target_evaluate(ectx, rule, stmt) < 0) ||
		    (stmt->type == STMT_VERDICT &&
		     stmt->expr->etype == EXPR_VERDICT &&
		     stmt->expr->verdict.binding &&
		     binding_evaluate(ectx, rule,
				      stmt->expr->verdict.binding) < 0)) {
			err = -1;
			break;
		}
	}
	/* Adjacent payload matches share one load, as the system nft's
	 * bytecode does. */
	if (!err)
		payload_merge_rule(rule);
	/* Dependencies were inserted before their statements. */
	rule->num_stmts = 0;
	list_for_each_entry(stmt, &rule->stmts, list)
		rule->num_stmts++;
	ectx->rule = NULL;
	return err;
}

static int rule_cmd_evaluate(struct eval_ctx *ectx, struct cmd *cmd)
{
	const struct handle *h = &cmd->handle;
	int err = 0;

	/* the kernel's refusals to 1.1.3, which evaluates the rule all the
	 * same; without its table, though, the rule's sets are not found,
	 * in words we do not have here: the rule is left alone */
	if (table_ref_evaluate(ectx, h) < 0)
		return erec_as_kernel(ectx->msgs);
	if (h->chain.name && !chain_known(ectx, h->family, h->table.name,
					  h->chain.name)) {
		err = cache_missing_error(ectx->msgs, &h->chain.location,
					  ectx->nft, h, true);
	}
	if (cmd->rule && rule_evaluate(ectx, cmd->rule) < 0)
		err = -1;
	return err;
}

static int rule_delete_evaluate(struct eval_ctx *ectx, struct cmd *cmd)
{
	if (!cmd->handle.handle.id)
		return erec_error(ectx->msgs, &cmd->location,
				  "a rule is deleted by its handle: delete rule FAMILY TABLE CHAIN handle N");
	return 0;
}

/* ---- the cache ---- */

static bool rule_has_jump(const struct rule *r)
{
	const struct stmt *s;

	if (!r)
		return false;
	list_for_each_entry(s, &r->stmts, list) {
		if (s->type == STMT_VERDICT && s->expr &&
		    s->expr->etype == EXPR_VERDICT && s->expr->verdict.chain)
			return true;
		/* a verdict map: its jumps and gotos are checked too */
		if (s->type == STMT_VERDICT && s->expr &&
		    s->expr->etype == EXPR_MAP)
			return true;
	}
	/* a bound chain's rules may jump */
	return rule_has_binding(r);
}

/* Set statements check their set's key and flags (src/stmt/dynset.c). */
static bool rule_has_set_stmt(const struct rule *r)
{
	const struct stmt *s;

	if (!r)
		return false;
	list_for_each_entry(s, &r->stmts, list) {
		if (s->type == STMT_SET)
			return true;
		/* or one of a bound chain's rules */
		if (s->type == STMT_VERDICT && s->expr &&
		    s->expr->etype == EXPR_VERDICT && s->expr->verdict.binding) {
			const struct rule *b;

			list_for_each_entry(b, &s->expr->verdict.binding->rules,
					    list)
				if (rule_has_set_stmt(b))
					return true;
		}
	}
	return false;
}

static unsigned int rule_cmd_needs(const struct cmd *cmd)
{
	unsigned int sets = rule_has_set_stmt(cmd->rule) ? NFT_CACHE_SET : 0;

	/* by handle: the kernel finds the rule */
	if (cmd->op == CMD_DELETE)
		return 0;
	if (handle_has_index(&cmd->handle))
		return NFT_CACHE_FULL | NFT_CACHE_RULE_HANDLES | sets;
	if (rule_has_jump(cmd->rule))
		return NFT_CACHE_TABLE | NFT_CACHE_CHAIN | sets;
	return NFT_CACHE_TABLE | sets;
}

/* ---- netlink ---- */

struct nftnl_rule *netlink_rule_build(struct nft_ctx *nft,
				      const struct handle *h,
				      const struct rule *r)
{
	struct nftnl_rule *nlr = nftnl_rule_alloc();

	if (!nlr)
		memory_allocation_error();
	nftnl_rule_set_u32(nlr, NFTNL_RULE_FAMILY, h->family);
	if (h->table.name)
		nftnl_rule_set_str(nlr, NFTNL_RULE_TABLE, h->table.name);
	if (h->chain.name)
		nftnl_rule_set_str(nlr, NFTNL_RULE_CHAIN, h->chain.name);
	if (h->handle.id)
		nftnl_rule_set_u64(nlr, NFTNL_RULE_HANDLE, h->handle.id);
	if (h->position.id)
		nftnl_rule_set_u64(nlr, NFTNL_RULE_POSITION, h->position.id);
	if (h->rule_id)
		nftnl_rule_set_u32(nlr, NFTNL_RULE_ID, h->rule_id);
	if (h->position_id)
		nftnl_rule_set_u32(nlr, NFTNL_RULE_POSITION_ID,
				   h->position_id);
	if (!r)
		return nlr;
	/* the statements and the comment (user data) */
	linearize_rule(nft, r, nlr);
	return nlr;
}

static void rule_parse_handle(struct rule *r, const struct nftnl_rule *nlr)
{
	struct handle *h = &r->handle;

	h->family = nftnl_rule_get_u32(nlr, NFTNL_RULE_FAMILY);
	if (!h->table.name)
		h->table.name = xstrdup(nftnl_rule_get_str(nlr,
							   NFTNL_RULE_TABLE));
	if (!h->chain.name)
		h->chain.name = xstrdup(nftnl_rule_get_str(nlr,
							   NFTNL_RULE_CHAIN));
	h->handle.id = nftnl_rule_get_u64(nlr, NFTNL_RULE_HANDLE);
	if (nftnl_rule_is_set(nlr, NFTNL_RULE_POSITION))
		h->position.id = nftnl_rule_get_u64(nlr, NFTNL_RULE_POSITION);
}

struct rule *netlink_rule_parse_why(struct nft_ctx *nft,
				    const struct nftnl_rule *nlr, char **why)
{
	uint32_t family = nftnl_rule_get_u32(nlr, NFTNL_RULE_FAMILY);
	struct rule *r;

	/* the statements and the comment (user data) */
	r = delinearize_rule_why(nft, family, nlr, why);
	if (!r)
		return NULL;
	rule_parse_handle(r, nlr);
	return r;
}

struct rule *netlink_rule_parse(struct nft_ctx *nft,
				const struct nftnl_rule *nlr)
{
	FILE *fp = nft && nft->octx.error_fp ? nft->octx.error_fp : stderr;
	struct rule *r;
	char *why, *msg;

	r = netlink_rule_parse_why(nft, nlr, &why);
	if (!r) {
		msg = netlink_rule_error_msg(nlr, why);
		fprintf(fp, "Warning: %s\n", msg);
		xfree(msg);
		xfree(why);
	}
	return r;
}

/* A rule, named as a person finds it again: family, table, chain and
 * handle. */
static char *rule_error_fmt(uint32_t family, const char *table,
			    const char *chain, uint64_t handle,
			    const char *why)
{
	return xasprintf("cannot list rule handle %llu in chain %s %s %s: %s",
			 (unsigned long long)handle, family_name(family),
			 table ? table : "?", chain ? chain : "?", why);
}

char *netlink_rule_error_msg(const struct nftnl_rule *nlr, const char *why)
{
	return rule_error_fmt(nftnl_rule_get_u32(nlr, NFTNL_RULE_FAMILY),
			      nftnl_rule_get_str(nlr, NFTNL_RULE_TABLE),
			      nftnl_rule_get_str(nlr, NFTNL_RULE_CHAIN),
			      nftnl_rule_get_u64(nlr, NFTNL_RULE_HANDLE), why);
}

char *rule_undecoded_msg(const struct rule *r)
{
	const struct handle *h = &r->handle;

	return rule_error_fmt(h->family, h->table.name, h->chain.name,
			      h->handle.id, r->undecoded);
}

struct rule *netlink_rule_parse_cache(struct nft_ctx *nft,
				      const struct nftnl_rule *nlr)
{
	struct handle h;
	struct rule *r;
	char *why;

	r = netlink_rule_parse_why(nft, nlr, &why);
	if (r)
		return r;
	memset(&h, 0, sizeof(h));
	r = rule_alloc(&internal_location, &h);
	rule_parse_handle(r, nlr);
	r->undecoded = why;
	return r;
}

/* A cached rule of which only the handle is wanted (positions). */
struct rule *netlink_rule_handle_only(const struct nftnl_rule *nlr)
{
	struct handle h;
	struct rule *r;

	memset(&h, 0, sizeof(h));
	r = rule_alloc(&internal_location, &h);
	rule_parse_handle(r, nlr);
	return r;
}

struct rule *netlink_rule_unparsed(const struct nftnl_rule *nlr,
				   const char *why)
{
	struct handle h;
	struct rule *r;

	memset(&h, 0, sizeof(h));
	r = rule_alloc(&internal_location, &h);
	rule_parse_handle(r, nlr);
	r->undecoded = xstrdup(why);
	return r;
}

int netlink_rule_error(struct list_head *msgs, const struct location *loc,
		       const struct nftnl_rule *nlr, const char *why)
{
	char *msg = netlink_rule_error_msg(nlr, why);

	erec_error(msgs, loc, "%s", msg);
	xfree(msg);
	return -1;
}

/*
 * Names an older libnftnl prints as "unknown" (Debian 12's 1.2.4 lacks
 * "ct load id", which the reference's libnftnl names): the expression's
 * line is fixed after libnftnl printed it.
 */
static void rule_dump_fix_line(FILE *fp, const char *line, size_t len,
			       const struct nftnl_expr *nle)
{
	static const char unknown[] = "ct load unknown";
	const char *at;

	at = nle ? memmem(line, len, unknown, sizeof(unknown) - 1) : NULL;
	if (!at || strcmp(nftnl_expr_get_str(nle, NFTNL_EXPR_NAME), "ct") ||
	    nftnl_expr_get_u32(nle, NFTNL_EXPR_CT_KEY) != NFT_CT_ID) {
		fwrite(line, 1, len, fp);
		return;
	}
	fwrite(line, 1, at - line, fp);
	fputs("ct load id", fp);
	at += sizeof(unknown) - 1;
	fwrite(at, 1, line + len - at, fp);
}

static const char *rule_dump_bitwise_op(uint32_t op)
{
	switch (op) {
	case NFTX_BITWISE_AND:
		return "&";
	case NFTX_BITWISE_OR:
		return "|";
	case NFTX_BITWISE_XOR:
		return "^";
	}
	return "?";
}

/* One expression's line; a load sent wrapped in a tunnel's "inner"
 * expression shows the wrapping, a bitwise operation on two registers
 * both, as 1.1.3 prints them. */
static void rule_dump_expr_line(struct nft_ctx *nft,
				const struct nftnl_rule *nlr, FILE *fp,
				const char *line, size_t len,
				const struct nftnl_expr *nle, unsigned int n)
{
	const struct nle_ext *x = NULL;
	char *fixed = NULL;
	size_t size = 0;
	FILE *mem;

	if (nft->nle_exts_nlr == nlr)
		x = nle_ext_at(nft->nle_exts, n);
	if (x && x->sreg2) {
		fprintf(fp, "  [ bitwise reg %u = ( reg %u %s reg %u ) ]\n",
			nftnl_expr_get_u32(nle, NFTNL_EXPR_BITWISE_DREG),
			nftnl_expr_get_u32(nle, NFTNL_EXPR_BITWISE_SREG),
			rule_dump_bitwise_op(nftnl_expr_get_u32(nle,
						NFTNL_EXPR_BITWISE_OP)),
			x->sreg2);
		return;
	}
	if (!x || !x->inner) {
		rule_dump_fix_line(fp, line, len, nle);
		return;
	}
	mem = open_memstream(&fixed, &size);
	if (!mem)
		memory_allocation_error();
	rule_dump_fix_line(mem, line, len, nle);
	fclose(mem);
	inner_dump_line(fp, x->inner, fixed, size);
	free(fixed);
}

/* --debug=netlink: the rule's bytecode as the reference prints it, a
 * header line ("ip t c"), one line per expression ("  [ ... ]", in the
 * rule's order); no blank line after it, as upstream 1.1.3. */
void netlink_dump_rule(struct nft_ctx *nft, const struct nftnl_rule *nlr)
{
	FILE *fp = nft->octx.output_fp ? nft->octx.output_fp : stdout;
	struct nftnl_expr_iter *it;
	unsigned int n = 0;
	const char *line, *end;
	char *buf = NULL;
	size_t size = 0;
	FILE *mem;

	if (!(nft->debug_mask & NFT_DEBUG_NETLINK))
		return;
	mem = open_memstream(&buf, &size);
	if (!mem)
		memory_allocation_error();
	nftnl_rule_fprintf(mem, nlr, NFTNL_OUTPUT_DEFAULT, 0);
	fclose(mem);
	it = nftnl_expr_iter_create(nlr);
	for (line = buf; *line; line = end) {
		end = strchr(line, '\n');
		end = end ? end + 1 : line + strlen(line);
		if (!strncmp(line, "  [ ", 4))
			rule_dump_expr_line(nft, nlr, fp, line, end - line,
					    nftnl_expr_iter_next(it), n++);
		else
			fwrite(line, 1, end - line, fp);
	}
	nftnl_expr_iter_destroy(it);
	/* libnftnl ends a rule with user data without a newline */
	if (size && buf[size - 1] != '\n')
		fputc('\n', fp);
	free(buf);
}

/* ---- execution and echo ---- */

/* --debug=netlink of a rule being sent, with what its encoding extends
 * (include/nlext.h). */
static void rule_dump_sent(struct nft_ctx *nft, const struct nftnl_rule *nlr,
			   const struct rule *r)
{
	struct nle_exts exts = { 0 };

	if (!(nft->debug_mask & NFT_DEBUG_NETLINK))
		return;
	nle_exts_of_rule(&exts, r);
	nft->nle_exts_nlr = nlr;
	nft->nle_exts = &exts;
	netlink_dump_rule(nft, nlr);
	nft->nle_exts_nlr = NULL;
	nft->nle_exts = NULL;
	nle_exts_free(&exts);
}

/*
 * Bytes of the rule's expression list as netlink attributes, measured one
 * expression at a time in a scratch buffer (the largest expression we
 * build, an immediate with a 255 byte chain name, is far below its size).
 */
#define RULE_EXPR_MAX_BYTES	4096

static size_t rule_exprs_size(const struct nftnl_rule *nlr,
			      const struct rule *r)
{
	static const size_t nest = MNL_ATTR_HDRLEN;
	uint32_t scratch[RULE_EXPR_MAX_BYTES / sizeof(uint32_t)];
	struct nftnl_expr_iter *it = nftnl_expr_iter_create(nlr);
	struct nftnl_expr *e;
	struct nlmsghdr *nlh;
	size_t size = nest;
	unsigned int n = 0;

	if (!it)
		memory_allocation_error();
	while ((e = nftnl_expr_iter_next(it))) {
		memset(scratch, 0, MNL_NLMSG_HDRLEN);
		nlh = mnl_nlmsg_put_header(scratch);
		nftnl_expr_build_payload(nlh, e);
		size += nest + nlh->nlmsg_len - MNL_NLMSG_HDRLEN;
		/* extended when sent (nlext_splice()) */
		if (rule_nle_origin(r, n) && (rule_nle_origin(r, n)->inner ||
					      rule_nle_origin(r, n)->sreg2))
			size += NLE_EXT_BYTES;
		n++;
	}
	nftnl_expr_iter_destroy(it);
	return size;
}

/*
 * libnftnl writes a rule into the batch unchecked, and attribute lengths
 * are 16 bits: a rule whose expressions take more cannot be sent (and
 * would overflow the batch buffer).
 */
int exec_put_rule(struct exec_ctx *x, uint16_t type, uint16_t flags,
		  const struct handle *h, const void *obj)
{
	const struct rule *r = obj;
	struct location overflow;
	struct nftnl_rule *nlr;
	struct nlmsghdr *nlh;
	size_t size;

	/* anonymous sets go into the batch first (as the rule is built),
	 * then bound chains with their rules */
	if (r && type == NFT_MSG_NEWRULE)
		binding_assign_ids(x, r);
	nlr = netlink_rule_build_batch(x->nft, x->batch, h, r, &overflow);
	if (nlr == NULL)
		return erec_error(x->msgs, &overflow,
				  "out of registers: the kernel holds %u bytes of values at once",
				  LIN_REG_SLOTS * LIN_REG_SLOT_BITS / BITS_PER_BYTE);
	/* Measuring costs as much as building: only rules with enough
	 * expressions (one each) to reach the limit are measured. */
	if (r && (r->num_nle + 1) * (RULE_EXPR_MAX_BYTES + MNL_ATTR_HDRLEN +
				     NLE_EXT_BYTES) > UINT16_MAX &&
	    (size = rule_exprs_size(nlr, r)) > UINT16_MAX) {
		nftnl_rule_free(nlr);
		return erec_error(x->msgs, &r->location,
				  "rule too large: its expressions take %zu bytes, a netlink message holds at most %u",
				  size, UINT16_MAX);
	}
	if (r && type == NFT_MSG_NEWRULE && binding_put(x, h, r) < 0) {
		nftnl_rule_free(nlr);
		return -1;
	}
	flags |= exec_echo_flag(x, type);
	if (r)
		rule_dump_sent(x->nft, nlr, r);
	nlh = batch_msg_start(x->batch, type, h->family, flags);
	nftnl_rule_nlmsg_build_payload(nlh, nlr);
	nlext_splice(nlh, r);
	binding_put_chain_id(nlh, h);
	batch_msg_end(x->batch, nlh);
	nftnl_rule_free(nlr);
	return 0;
}

static int exec_rule(struct exec_ctx *x, struct cmd *cmd)
{
	const struct handle *h = &cmd->handle;
	uint16_t type = NFT_MSG_NEWRULE, flags = 0;

	switch (cmd->op) {
	case CMD_ADD:
		flags = NLM_F_CREATE | NLM_F_APPEND;
		break;
	case CMD_INSERT:
		flags = NLM_F_CREATE;
		break;
	case CMD_REPLACE:
		flags = NLM_F_REPLACE;
		break;
	case CMD_DELETE:
		return exec_put_rule(x, NFT_MSG_DELRULE, 0, h, NULL);
	case CMD_DESTROY:
		return exec_put_rule(x, MSG_DESTROYRULE, 0, h, NULL);
	default:
		return erec_error(x->msgs, &cmd->location,
				  "%s rule is not supported",
				  cmd_op_name(cmd->op));
	}
	/* "index N" was turned into a position by pos_plan_run(). */
	return exec_put_rule(x, type, flags, h, cmd->rule);
}

static void echo_rule_text(struct nft_ctx *nft, struct cmd *cmd,
			   uint16_t type, const struct rule *r)
{
	struct output_ctx *octx = &nft->octx;
	const struct handle *h = &r->handle;

	if (type == NFT_MSG_DELRULE) {
		/* replace: the kernel reports the old rule's removal */
		nft_print(octx, "delete rule %s %s %s handle %llu\n",
			  family_name(h->family), h->table.name,
			  h->chain.name, (unsigned long long)h->handle.id);
		return;
	}
	nft_print(octx, "%s rule %s %s %s ", echo_op(cmd),
		  family_name(h->family), h->table.name, h->chain.name);
	/* where it went, -a or not, as 1.1.3 echoes it (a chain block's
	 * rules after the one before them) */
	if (h->position.id)
		nft_print(octx, "handle %llu ",
			  (unsigned long long)h->position.id);
	octx->family = h->family;
	rule_print(r, octx);
	nft_print(octx, "\n");
}

/* The plan op: where the command's rule goes. */
static int rule_plan(struct pos_plan *p, struct cmd *cmd)
{
	return pos_rule_cmd(p, cmd);
}

/* NULL, and *why, if the kernel holds a rule that cannot be printed as
 * it is (the listing would fail on it too). */
static struct rule *rule_parse_msg(struct nft_ctx *nft,
				   const struct nlmsghdr *nlh, char **why,
				   bool handle_only)
{
	struct nftnl_rule *nlr = nftnl_rule_alloc();
	struct nle_exts exts = { 0 };
	struct rule *r = NULL;
	char *reason = NULL;

	*why = NULL;
	if (!nlr)
		memory_allocation_error();
	if (nlext_rule_parse(nlh, nlr, &exts) < 0)
		goto out;
	nft->nle_exts_nlr = nlr;
	nft->nle_exts = &exts;
	if (handle_only) {
		r = netlink_rule_parse_cache(nft, nlr);
		goto out;
	}
	/* an echo: the rule's anonymous sets as this run sent them */
	netlink_anon_echo_begin(nft, nlh->nlmsg_seq, nlr);
	r = netlink_rule_parse_why(nft, nlr, &reason);
	netlink_anon_echo_end(nft);
	if (!r) {
		*why = netlink_rule_error_msg(nlr, reason);
		xfree(reason);
	}
out:
	nft->nle_exts_nlr = NULL;
	nft->nle_exts = NULL;
	nle_exts_free(&exts);
	nftnl_rule_free(nlr);
	return r;
}

static void *rule_nl_parse(struct nft_ctx *nft, const struct nlmsghdr *nlh,
			   char **why)
{
	/* a removal (replace) echoes only the old rule's handle */
	return rule_parse_msg(nft, nlh, why, NFNL_MSG_TYPE(nlh->nlmsg_type) ==
					     NFT_MSG_DELRULE);
}

static void rule_obj_free(void *r)
{
	rule_free(r);
}

static void rule_echo(struct nft_ctx *nft, struct cmd *cmd, void *owner_obj,
		      uint16_t type, void *obj)
{
	struct rule *own = type == NFT_MSG_NEWRULE ? owner_obj : NULL;
	struct rule *r = obj;

	if (own)
		own->handle.handle.id = r->handle.handle.id;
	/* a bound chain's rule: the kernel named its chain */
	if (own && !own->handle.chain.name && r->handle.chain.name)
		own->handle.chain.name = xstrdup(r->handle.chain.name);
	if (type == NFT_MSG_NEWRULE)
		cmd->echo_handle = r->handle.handle.id;
	if (!nft_output_json(&nft->octx)) {
		echo_rule_text(nft, cmd, type, r);
	} else if (own) {
		/* JSON echo prints the command's rule later: give it the
		 * statements as listed (no protocol dependencies). */
		binding_move(own, r);
		stmt_list_free(&own->stmts);
		list_splice_tail_init(&r->stmts, &own->stmts);
		own->num_stmts = r->num_stmts;
	}
}

/* "delete rule ip t c handle N": the statements are not read (the sets
 * they look up may be gone already). */
static int rule_monitor_del(struct nft_ctx *nft, const struct nlmsghdr *nlh)
{
	struct nftnl_rule *nlr = nftnl_rule_alloc();
	struct nle_exts exts = { 0 };
	int ret;

	if (!nlr)
		memory_allocation_error();
	/* (a rule of inner expressions, which libnftnl cannot parse) */
	ret = nlext_rule_parse(nlh, nlr, &exts);
	nle_exts_free(&exts);
	if (ret < 0) {
		nftnl_rule_free(nlr);
		return monitor_failed(nft, xstrdup("cannot parse a rule the kernel notified"));
	}
	nft_print(&nft->octx, "delete rule %s %s %s handle %" PRIu64 "\n",
		  family_name(nftnl_rule_get_u32(nlr, NFTNL_RULE_FAMILY)),
		  nftnl_rule_get_str(nlr, NFTNL_RULE_TABLE),
		  nftnl_rule_get_str(nlr, NFTNL_RULE_CHAIN),
		  nftnl_rule_get_u64(nlr, NFTNL_RULE_HANDLE));
	nftnl_rule_free(nlr);
	return 0;
}

/* nft monitor: "add rule ip t c STATEMENTS" (-a: "# handle N" after),
 * "delete rule ip t c handle N"; JSON: the rule, a removed one too. */
static int rule_monitor(struct nft_ctx *nft, const struct nlmsghdr *nlh,
			bool del)
{
	struct output_ctx *octx = &nft->octx;
	bool json = nft_output_json(octx);
	const char *op;
	char *why = NULL;
	struct rule *r;

	if (del && !json)
		return rule_monitor_del(nft, nlh);
	r = rule_parse_msg(nft, nlh, &why, false);
	if (r == NULL)
		return monitor_failed(nft, why ? why :
				      xstrdup("cannot parse a rule the kernel notified"));
	/* a rule not appended was inserted */
	op = del ? "delete" : nlh->nlmsg_flags & NLM_F_APPEND ? "add" :
	     "insert";
	if (json) {
		monitor_json(nft, op, rule_json(r, octx));
	} else {
		nft_print(octx, "%s rule %s %s %s ", op,
			  family_name(r->handle.family), r->handle.table.name,
			  r->handle.chain.name);
		/* where the kernel says it went (without -a too) */
		if (r->handle.position.id)
			nft_print(octx, "handle %" PRIu64 " ",
				  r->handle.position.id);
		octx->family = r->handle.family;
		rule_print(r, octx);
		nft_print(octx, "\n");
	}
	rule_free(r);
	return 0;
}

/* ---- output ---- */

void rule_print(const struct rule *r, struct output_ctx *octx)
{
	const struct stmt *stmt;
	const char *sep = "";

	list_for_each_entry(stmt, &r->stmts, list) {
		nft_print(octx, "%s", sep);
		stmt_print(stmt, octx);
		sep = " ";
	}
	if (r->comment)
		nft_print(octx, "%scomment \"%s\"", sep, r->comment);
	if (nft_output_handle(octx))
		nft_print(octx, " # handle %" PRIu64, r->handle.handle.id);
}

json_t *rule_json(const struct rule *r, struct output_ctx *octx)
{
	json_t *root = json_object_head(&r->handle, "chain");
	json_t *stmts = json_array();
	const struct stmt *stmt;
	json_t *js;

	if (r->comment)
		json_object_set_new(root, "comment", json_string(r->comment));
	list_for_each_entry(stmt, &r->stmts, list) {
		js = stmt_json(stmt, octx);
		if (js)
			json_array_append_new(stmts, js);
	}
	json_object_set_new(root, "expr", stmts);
	return json_wrap("rule", root);
}

/* ---- JSON input ---- */

static int json_rule_stmts(struct json_ctx *jctx, json_t *obj,
			   struct rule *r)
{
	json_t *exprs = json_object_get(obj, "expr"), *v;
	struct stmt *stmt;
	char suffix[48];
	size_t i;

	if (!json_is_array(exprs) || json_array_size(exprs) == 0)
		return json_error(jctx, exprs ? "expr" : "",
				  "a rule needs \"expr\": a non-empty array of statements");
	json_array_foreach(exprs, i, v) {
		snprintf(suffix, sizeof(suffix), "expr[%zu]", i);
		if (json_is_string(v) &&
		    binding_json_is_text(json_string_value(v))) {
			size_t len = json_path_push(jctx, suffix);

			stmt = binding_json_parse(jctx, json_string_value(v));
			json_path_pop(jctx, len);
		} else {
			stmt = json_parse_stmt(jctx, v, suffix);
		}
		if (!stmt)
			return -1;
		list_add_tail(&stmt->list, &r->stmts);
		r->num_stmts++;
	}
	return 0;
}

/*
 * "handle" names the rule itself for replace and delete; for add and
 * insert it names the rule to add after / insert before (the text
 * syntax's "position"). "index" is the rule's position by number.
 */
static int json_rule_handle(struct json_ctx *jctx, json_t *obj,
			    enum cmd_ops op, bool bare, struct handle *h)
{
	uint64_t id;
	int ret;

	ret = json_opt_u64(jctx, obj, "handle", &id);
	if (ret < 0)
		return -1;
	/* A bare rule object is what `nft -j list` printed: its handle is
	 * its own, meaningless when loading it elsewhere. */
	if (ret > 0 && !bare) {
		struct handle_spec_id *spec = op == CMD_ADD ||
					      op == CMD_INSERT ?
					      &h->position : &h->handle;

		spec->id = id;
		spec->location = json_location(jctx, "handle");
	}
	ret = json_opt_u64(jctx, obj, "index", &id);
	if (ret < 0)
		return -1;
	if (ret > 0) {
		h->index.id = id;
		h->index.location = json_location(jctx, "index");
	}
	if ((op == CMD_REPLACE || json_op_is_delete(op)) && !h->handle.id)
		return json_error(jctx, "",
				  "missing \"handle\": %s a rule by its handle",
				  op == CMD_REPLACE ? "replace" : "delete");
	return 0;
}

static struct rule *json_rule_body(struct json_ctx *jctx, json_t *obj,
				   const struct handle *h)
{
	struct location loc = json_location(jctx, "");
	struct rule *r = rule_alloc(&loc, h);
	const char *comment;

	if (json_rule_stmts(jctx, obj, r) < 0 ||
	    json_opt_string(jctx, obj, "comment", &comment) < 0) {
		rule_free(r);
		return NULL;
	}
	r->comment = xstrdup(comment);
	if (comment)
		r->comment_loc = json_location(jctx, "comment");
	return r;
}

static struct cmd *json_rule_cmd(struct json_ctx *jctx, enum cmd_ops op,
				 bool bare, json_t *obj)
{
	struct handle h = {};
	struct rule *r = NULL;
	const char *chain;

	if (json_table_ref(jctx, obj, "rule", &h) < 0 ||
	    json_req_string(jctx, obj, "chain", &chain) < 0)
		goto err;
	json_spec_str(jctx, &h.chain, "chain", chain);
	if (json_rule_handle(jctx, obj, op, bare, &h) < 0)
		goto err;
	if (!json_op_is_delete(op)) {
		r = json_rule_body(jctx, obj, &h);
		if (!r)
			goto err;
	}
	return json_cmd_new(jctx, op, CMD_OBJ_RULE, &h, r);
err:
	handle_free(&h);
	return NULL;
}

static void rule_obj_print(const void *obj, struct output_ctx *octx)
{
	rule_print(obj, octx);
}

static json_t *rule_obj_json(const void *obj, struct output_ctx *octx)
{
	return rule_json(obj, octx);
}

/* -e -j: the chains the rule binds, with their rules, before it, as
 * 1.1.3 echoes them */
static void rule_json_echo(json_t *array, const char *op,
			   const struct cmd *cmd, struct output_ctx *octx)
{
	const struct rule *r = cmd->data;

	if (!cmd->echo_handle)
		return;
	binding_json_echo(array, op, r, octx);
	json_echo_add(array, op, rule_json(r, octx));
}

/* ---- kernel errors ---- */

/* The jump or goto statement of @r to @name (any, if NULL), or NULL. */
static const struct stmt *rule_verdict_to(const struct rule *r,
					  const char *name)
{
	const struct stmt *s;

	list_for_each_entry(s, &r->stmts, list) {
		const struct expr *v = s->expr;
		char *target;
		bool match;

		/* a verdict map's statement holds the map, no verdict */
		if (s->type != STMT_VERDICT || !v || v->etype != EXPR_VERDICT ||
		    !v->verdict.chain)
			continue;
		target = constant_expr_get_string(v->verdict.chain);
		match = !name || (target && !strcmp(target, name));
		xfree(target);
		if (match)
			return s;
	}
	return NULL;
}

/* Where the jump/goto to @name in @r was written: under the chain's
 * name, as the system nft puts it. */
static const struct location *rule_verdict_location(const struct cmd *cmd,
						    const struct rule *r,
						    const char *name)
{
	const struct stmt *s = r ? rule_verdict_to(r, name) : NULL;
	const struct location *at;

	if (!s)
		return r ? cmd_loc_or(cmd, &r->location) : &cmd->location;
	at = &s->expr->verdict.chain->location;
	if (!at->indesc && !at->json_path && !at->first_line)
		at = &s->location;
	return cmd_loc_or(cmd, at);
}

/* The origin of the failed expression element (e->attr, an element of
 * NFTA_RULE_EXPRESSIONS) of @r. */
static const struct nle_origin *rule_nle_origin_at(const struct mnl_err *e,
						   const struct rule *r)
{
	const struct nlattr *list = NULL, *a, *elem;
	unsigned int n = 0;

	if (!r || !e->req)
		return NULL;
	mnl_attr_for_each(a, e->req, sizeof(struct nfgenmsg)) {
		if (mnl_attr_get_type(a) == NFTA_RULE_EXPRESSIONS)
			list = a;
	}
	if (!list)
		return NULL;
	mnl_attr_for_each_nested(elem, list) {
		if (elem == e->attr)
			return rule_nle_origin(r, n);
		n++;
	}
	return NULL;
}

/* A rule expression failed: say which, and for a jump/goto, to where. */
static char *rule_explain_expr(const struct mnl_err *e, const struct cmd *cmd,
			       const struct rule *r,
			       const struct location **loc)
{
	static const uint16_t name_path[] = { NFTA_EXPR_NAME };
	static const uint16_t chain_path[] = {
		NFTA_EXPR_DATA, NFTA_IMMEDIATE_DATA, NFTA_DATA_VERDICT,
		NFTA_VERDICT_CHAIN
	};
	const struct nlattr *elem, *a;
	const char *name = NULL, *target = NULL;
	char *detail;

	/* path: NFTA_RULE_EXPRESSIONS, NFTA_LIST_ELEM, ... */
	if (e->depth != 2)
		return NULL;
	elem = e->attr;
	a = nla_find_nested(elem, name_path, 1);
	if (a)
		name = nla_str(a);
	a = nla_find_nested(elem, chain_path, array_size(chain_path));
	if (a)
		target = nla_str(a);
	/* a base chain, or one bound to a rule (EINVAL): 1.1.3's bare
	 * words, under the chain's name */
	if (target && (e->err == EOPNOTSUPP || e->err == EINVAL)) {
		*loc = rule_verdict_location(cmd, r, target);
		return xstrdup("");
	}
	if (target && e->err == ENOENT) {
		*loc = rule_verdict_location(cmd, r, target);
		return xasprintf("chain '%s' does not exist in table %s %s",
				 target, family_name(cmd->handle.family),
				 cmd_table_name(cmd));
	}
	if (name) {
		const struct nle_origin *o = rule_nle_origin_at(e, r);
		const struct stmt *stmt = o ? o->stmt : NULL;

		/* the reference's caret: the expression that made it */
		if (o) {
			e->out->room = nle_origin_location(o);
			*loc = cmd_loc_or(cmd, &e->out->room);
		}
		if (stmt && stmt->ops->explain &&
		    (detail = stmt->ops->explain(stmt, e->err, cmd)))
			return detail;
		/* "counter name "nope"": the name marked, as the
		 * reference marks it */
		if (stmt && stmt->type == STMT_OBJREF && e->err == ENOENT &&
		    stmt->objref.name_loc.indesc)
			*loc = cmd_loc_or(cmd, &stmt->objref.name_loc);
		if (stmt && stmt->type == STMT_OBJREF && e->err == ENOENT)
			return xasprintf("%s '%s' does not exist in table %s %s",
					 sobj_type_name(stmt->objref.type),
					 stmt->objref.name,
					 family_name(cmd->handle.family),
					 cmd_table_name(cmd));
	}
	return NULL;
}

/*
 * A rule message failed at an attribute. @obj: for a new rule, the rule
 * it was built from (the command's, or one of a chain or table block);
 * a removal (delete, flush) was built from a handle only.
 */
/*
 * No attribute named: the kernel's validation of the chain refused a
 * statement for the hook it runs at (EOPNOTSUPP); the statements that
 * know when that happens say so.
 */
static char *rule_explain(struct nft_ctx *nft, const struct mnl_err *e,
			  const struct cmd *cmd, const void *obj,
			  const struct location **loc)
{
	const struct rule *r = obj;
	const struct stmt *stmt;
	char *detail;

	if (!r || e->attr || e->err != EOPNOTSUPP ||
	    e->msg_type != NFT_MSG_NEWRULE)
		return NULL;
	list_for_each_entry(stmt, &r->stmts, list) {
		if (!stmt->ops->explain)
			continue;
		detail = stmt->ops->explain(stmt, e->err, cmd);
		if (detail) {
			*loc = cmd_loc_or(cmd, &stmt->location);
			return detail;
		}
	}
	return NULL;
}

/* The key of the element of @r's verdict map that jumps or goes to
 * @name, NULL if none. */
static const struct location *rule_vmap_key_location(const struct rule *r,
						     const char *name)
{
	const struct stmt *stmt;
	const struct expr *m, *v;
	const struct location *at = NULL;
	char *chain;

	list_for_each_entry(stmt, &r->stmts, list) {
		if (stmt->type != STMT_VERDICT || !stmt->expr ||
		    stmt->expr->etype != EXPR_MAP ||
		    stmt->expr->map.mappings->etype != EXPR_SET)
			continue;
		/* packed: where the chain is first jumped to was kept */
		at = set_pack_chain_location(
				stmt->expr->map.mappings->expr_list.pack, name);
		if (at)
			return at;
		list_for_each_entry(m, &stmt->expr->map.mappings->expr_list.expressions,
				    list) {
			v = m->etype == EXPR_MAPPING ? m->mapping.data : NULL;
			if (!v || v->etype != EXPR_VERDICT || !v->verdict.chain ||
			    v->verdict.chain->etype != EXPR_VALUE)
				continue;
			chain = constant_expr_get_string(v->verdict.chain);
			if (!strcmp(chain, name))
				at = &m->mapping.key->location;
			xfree(chain);
			if (at)
				return at;
		}
	}
	return NULL;
}

/* A verdict map's element jumps to a base chain (EOPNOTSUPP) or to a
 * missing one (ENOENT): the caret under its key, 1.1.3's bare words. */
static char *rule_explain_vmap_elem(const struct mnl_err *e,
				    const struct cmd *cmd,
				    const struct rule *r,
				    const struct location **loc)
{
	static const uint16_t chain_path[] = {
		NFTA_SET_ELEM_DATA, NFTA_DATA_VERDICT, NFTA_VERDICT_CHAIN
	};
	const struct location *at;
	const struct nlattr *a;
	const char *name;

	a = nla_find_nested(e->attr, chain_path, array_size(chain_path));
	name = a ? nla_str(a) : NULL;
	at = name ? rule_vmap_key_location(r, name) : NULL;
	if (!at)
		return NULL;
	*loc = cmd_loc_or(cmd, at);
	return xstrdup("");
}

/* The rule's anonymous set the element message @e fills. */
static const struct rule_anon *rule_anon_of(const struct rule *r,
					    const struct mnl_err *e)
{
	const struct nlattr *a;
	unsigned int i;
	uint32_t id;

	if (!e->req)
		return NULL;
	mnl_attr_for_each(a, e->req, sizeof(struct nfgenmsg)) {
		if (mnl_attr_get_type(a) != NFTA_SET_ELEM_LIST_SET_ID ||
		    mnl_attr_get_payload_len(a) != sizeof(uint32_t))
			continue;
		id = ntohl(mnl_attr_get_u32(a));
		for (i = 0; i < r->num_anon; i++)
			if (r->anon[i].id == id)
				return &r->anon[i];
	}
	return NULL;
}

/*
 * An element of the rule's anonymous map the kernel holds already (a key
 * given twice with other data, a range of a concatenation that overlaps
 * another): the caret under the member with the refused key, the second
 * one with it, as 1.1.3 points; its bare words.
 */
static char *rule_explain_elem_exists(const struct mnl_err *e,
				      const struct cmd *cmd,
				      const struct rule *r,
				      const struct location **loc)
{
	static const uint16_t key_path[] = { NFTA_SET_ELEM_KEY, NFTA_DATA_VALUE };
	const struct rule_anon *anon = rule_anon_of(r, e);
	unsigned char buf[NFT_REG_SIZE * 4];
	const struct location *at = NULL;
	const struct nlattr *a;
	const struct expr *m;
	unsigned int len, n = 0;

	a = nla_find_nested(e->attr, key_path, 2);
	len = a ? mnl_attr_get_payload_len(a) : 0;
	if (!anon || anon->members->etype != EXPR_SET || !len ||
	    len > sizeof(buf))
		return NULL;
	list_for_each_entry(m, &anon->members->expr_list.expressions, list) {
		element_member_key(m, anon->key,
				   anon->members->flags & EXPR_F_INTERVAL,
				   buf, len);
		if (memcmp(buf, mnl_attr_get_payload(a), len))
			continue;
		at = m->etype == EXPR_MAPPING ? &m->mapping.key->location :
		     &m->location;
		/* the kernel holds the first: the second is refused */
		if (++n == 2)
			break;
	}
	if (!at)
		return NULL;
	*loc = cmd_loc_or(cmd, at);
	return xstrdup("");
}

/* An element of the rule's object map names a missing object. */
/* The refused element is a catch-all ("*", its missing chain, its
 * timeout...): 1.1.3's bare words, the caret under its "*". */
static char *rule_explain_catchall(const struct mnl_err *e,
				   const struct cmd *cmd, const struct rule *r,
				   const struct location **loc)
{
	static const uint16_t flags_path[] = { NFTA_SET_ELEM_FLAGS };
	const struct rule_anon *anon;
	const struct expr *m;
	const struct nlattr *a;

	a = nla_find_nested(e->attr, flags_path, 1);
	if (a == NULL || mnl_attr_get_payload_len(a) != sizeof(uint32_t) ||
	    !(ntohl(mnl_attr_get_u32(a)) & NFT_SET_ELEM_CATCHALL))
		return NULL;
	anon = rule_anon_of(r, e);
	m = anon && anon->members->etype == EXPR_SET ?
	    anon->members->expr_list.catchall : NULL;
	if (m == NULL)
		return NULL;
	if (m->etype == EXPR_MAPPING)
		m = m->mapping.key;
	*loc = cmd_loc_or(cmd, &m->location);
	return xstrdup("");
}

static char *rule_explain_setelem(const struct mnl_err *e,
				  const struct cmd *cmd, const void *obj,
				  const struct location **loc)
{
	const struct rule *r = obj;
	const struct location *where;
	const struct stmt *stmt;
	static const uint16_t objref_path[] = { NFTA_SET_ELEM_OBJREF };
	const struct nlattr *a;
	const char *name;
	char *detail;

	/* path: NFTA_SET_ELEM_LIST_ELEMENTS, the element (by its index) */
	if (!r || e->depth != 2 ||
	    !mnl_err_path_is(e, 1, NFTA_SET_ELEM_LIST_ELEMENTS))
		return NULL;
	detail = rule_explain_catchall(e, cmd, r, loc);
	if (detail)
		return detail;
	if (e->err == EOPNOTSUPP)
		return rule_explain_vmap_elem(e, cmd, r, loc);
	if (e->err == EEXIST)
		return rule_explain_elem_exists(e, cmd, r, loc);
	if (e->err != ENOENT)
		return NULL;
	/* a verdict map's element jumps to a missing chain */
	detail = rule_explain_vmap_elem(e, cmd, r, loc);
	if (detail)
		return detail;
	a = nla_find_nested(e->attr, objref_path, 1);
	if (a == NULL)
		return NULL;
	name = nla_str(a);
	if (name == NULL)
		return NULL;
	list_for_each_entry(stmt, &r->stmts, list) {
		where = objref_map_location(stmt, name);
		if (where == NULL)
			continue;
		*loc = cmd_loc_or(cmd, where);
		return xasprintf("%s '%s' does not exist in table %s %s",
				 sobj_type_name(stmt->objref.type), name,
				 family_name(cmd->handle.family),
				 cmd_table_name(cmd));
	}
	return NULL;
}

static char *rule_explain_attr(const struct mnl_err *e, const struct cmd *cmd,
			       const void *obj, const struct location **loc)
{
	const struct rule *r = e->msg_type == NFT_MSG_NEWRULE ? obj : NULL;

	if (e->msg_type == NFT_MSG_NEWSETELEM)
		return rule_explain_setelem(e, cmd, obj, loc);
	if (mnl_err_path_is(e, 1, NFTA_RULE_EXPRESSIONS))
		return rule_explain_expr(e, cmd, r, loc);
	if (e->err != ENOENT)
		return NULL;
	if (mnl_err_path_is(e, 1, NFTA_RULE_CHAIN)) {
		*loc = cmd_loc_or(cmd, &cmd->handle.chain.location);
		return xasprintf("chain '%s' does not exist in table %s %s",
				 cmd_chain_name(cmd),
				 family_name(cmd->handle.family),
				 cmd_table_name(cmd));
	}
	if (mnl_err_path_is(e, 1, NFTA_RULE_TABLE)) {
		*loc = cmd_loc_or(cmd, &cmd->handle.table.location);
		return xasprintf("table '%s' does not exist in family %s",
				 cmd_table_name(cmd),
				 family_name(cmd->handle.family));
	}
	return NULL;
}

static const char *const rule_json_keys[] = {
	"family", "table", "chain", "expr", "handle", "index", "comment", NULL,
};

static const struct location *rule_block_location(const void *obj)
{
	const struct rule *r = obj;

	return &r->location;
}

const struct obj_ops rule_obj_ops = {
	.obj		= CMD_OBJ_RULE,
	.name		= "rule",
	.flags		= OBJ_F_HANDLE_IS_POSITION,
	.evaluate	= rule_cmd_evaluate,
	.evaluate_delete = rule_delete_evaluate,
	.cache_needs	= rule_cmd_needs,
	.execute	= exec_rule,
	.plan		= rule_plan,
	.msg_new	= NFT_MSG_NEWRULE,
	.msg_del	= NFT_MSG_DELRULE,
	.nl_put		= exec_put_rule,
	.nl_parse	= rule_nl_parse,
	.obj_free	= rule_obj_free,
	.print		= rule_obj_print,
	.json		= rule_obj_json,
	.echo		= rule_echo,
	.json_echo	= rule_json_echo,
	.monitor	= rule_monitor,
	.explain_attr	= rule_explain_attr,
	.explain	= rule_explain,
	.explain_missing = rule_explain_missing,
	.free		= rule_cmd_free,
	.json_cmds	= OBJ_CMD(CMD_ADD) | OBJ_CMD(CMD_INSERT) |
			  OBJ_CMD(CMD_REPLACE) | OBJ_CMD(CMD_DELETE) |
			  OBJ_CMD(CMD_DESTROY),
	.json_parse	= json_rule_cmd,
	.json_keys	= rule_json_keys,
	.block_location	= rule_block_location,
};
