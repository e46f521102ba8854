/*
 * Object kinds, no kernel: the registry is consistent (every kind that
 * sends messages can parse them back, message types lead back to their
 * kind, JSON names to theirs), and each kind's netlink build and parse
 * are a round trip: an object put into a batch by its nl_put, parsed back
 * from that message by its nl_parse and printed by its print op, lists
 * as the object it was built from.
 */
#include <stdlib.h>
#include <string.h>
#include <linux/netfilter.h>
#include <linux/netfilter/nfnetlink.h>
#include <linux/netfilter/nf_tables.h>
#include <nftables.h>
#include <evaluate.h>
#include <obj.h>
#include <sobj.h>
#include <libnftnl/object.h>
#include <mnl.h>
#include <rule.h>
#include <expr.h>
#include <parse.h>
#include <set.h>
#include <set_int.h>
#include <stmt.h>
#include <libnftnl/set.h>
#include <proto.h>
#include <libnftnl/udata.h>
#include "unit.h"
#include "unit_nft.h"

static void test_registry(void)
{
	const struct obj_ops *ops;
	unsigned int obj;

	for (obj = CMD_OBJ_INVALID; obj < CMD_OBJ_MAX_; obj++) {
		ops = obj_ops_lookup(obj);
		CHECK(ops->obj == obj);
		CHECK(ops->name && ops->name[0]);
		/* what is added must be sent and freed */
		if (ops->evaluate) {
			CHECK(ops->execute != NULL);
			CHECK(ops->free != NULL);
		}
		if (ops->nl_put) {
			CHECK(ops->nl_parse && ops->obj_free);
			CHECK(ops->print && ops->json);
			CHECK(obj_ops_lookup_msg(ops->msg_new) == ops);
			CHECK(obj_ops_lookup_msg(ops->msg_del) == ops);
		}
		/* an echo is of a parsed message */
		if (ops->echo)
			CHECK(ops->nl_parse != NULL);
		if (ops->json_cmds)
			CHECK(obj_ops_lookup_json(ops->name) == ops);
	}
	CHECK(obj_ops_lookup(CMD_OBJ_MAX_ + 5)->obj == CMD_OBJ_INVALID);
	CHECK(obj_ops_lookup_msg(NFT_MSG_NEWTABLE) == &table_obj_ops);
	CHECK(obj_ops_lookup_msg(NFT_MSG_DELCHAIN) == &chain_obj_ops);
	CHECK(obj_ops_lookup_msg(NFT_MSG_NEWRULE) == &rule_obj_ops);
	CHECK(obj_ops_lookup_msg(NFT_MSG_NEWGEN) == NULL);
	CHECK(obj_ops_lookup_json("ruleset") == &ruleset_obj_ops);
	CHECK(obj_ops_lookup_json("nosuchkind") == NULL);
}

/*
 * Put @obj with @ops->nl_put as a message of @type, parse it back with
 * @ops->nl_parse and print that with @ops->print: the text (caller
 * frees), or NULL if any step failed.
 */
static char *round_trip(const struct obj_ops *ops, uint16_t type,
			const struct handle *h, const void *obj)
{
	struct nft_ctx *nft = test_nft();
	struct exec_ctx x = { .nft = nft };
	const struct batch_owner *owner;
	struct output_ctx octx = nft->octx;
	char *buf = NULL, *why = NULL;
	const struct nlmsghdr *nlh;
	size_t size = 0;
	LIST_HEAD(msgs);
	void *back;

	x.msgs = &msgs;
	x.batch = batch_alloc(nft);
	if (ops->nl_put(&x, type, 0, h, obj) < 0) {
		erec_print_list(stderr, &msgs);
		erec_free_list(&msgs);
		batch_free(x.batch);
		return NULL;
	}
	/* the last message: a rule may send its anonymous sets first */
	owner = batch_seq_owner(x.batch, x.batch->seq_next - 1);
	nlh = (const void *)(x.batch->buf + owner->off);
	CHECK(NFNL_MSG_TYPE(nlh->nlmsg_type) == type);
	back = ops->nl_parse(nft, nlh, &why);
	if (!back) {
		fprintf(stderr, "cannot parse back: %s\n", why ? why : "?");
		free(why);
		batch_free(x.batch);
		return NULL;
	}
	octx.output_fp = open_memstream(&buf, &size);
	octx.family = h->family;
	ops->print(back, &octx);
	fclose(octx.output_fp);
	ops->obj_free(back);
	batch_free(x.batch);
	return buf;
}

static void test_table(void)
{
	struct table *t = table_alloc();
	char *out;

	t->handle.family = NFPROTO_INET;
	t->handle.table.name = xstrdup("fw");
	t->flags = NFT_TABLE_F_DORMANT;
	t->comment = xstrdup("the \"firewall\"");
	out = round_trip(&table_obj_ops, NFT_MSG_NEWTABLE, &t->handle, t);
	CHECK_STREQ(out, "table inet fw {\n\tflags dormant\n"
		    "\tcomment \"the \"firewall\"\"\n}\n");
	free(out);
	/* delete by name: the handle only */
	out = round_trip(&table_obj_ops, NFT_MSG_DELTABLE, &t->handle, NULL);
	CHECK_STREQ(out, "table inet fw {\n}\n");
	free(out);
	table_free(t);
}

static struct chain *base_chain(uint32_t family, const char *name,
				const char *hook, unsigned int hooknum,
				int prio)
{
	struct chain *c = chain_alloc(name);

	c->handle.family = family;
	c->handle.table.name = xstrdup("t");
	c->flags |= CHAIN_F_BASECHAIN;
	c->type = xstrdup("filter");
	c->hookstr = xstrdup(hook);
	c->hooknum = hooknum;
	c->prio = prio;
	/* as written: only a policy given is sent */
	c->policy = symbol_expr_alloc(&internal_location, "drop", false);
	c->policy_val = NF_DROP;
	return c;
}

static void test_chain(void)
{
	struct chain *c = base_chain(NFPROTO_NETDEV, "out", "egress",
				     NF_NETDEV_EGRESS, -10);
	char *out;

	c->devs = xzalloc(2 * sizeof(char *));
	c->devs[0] = xstrdup("v1");
	c->devs[1] = xstrdup("v0");
	c->num_devs = 2;
	c->comment = xstrdup("egress");
	out = round_trip(&chain_obj_ops, NFT_MSG_NEWCHAIN, &c->handle, c);
	/* devices come back sorted, as the system nft lists them */
	CHECK_STREQ(out, "\tchain out {\n\t\tcomment \"egress\"\n"
		    "\t\ttype filter hook egress devices = { \"v0\", \"v1\" }"
		    " priority filter - 10; policy drop;\n\t}\n");
	free(out);
	chain_free(c);

	c = chain_alloc("plain");
	c->handle.family = NFPROTO_IPV4;
	c->handle.table.name = xstrdup("t");
	out = round_trip(&chain_obj_ops, NFT_MSG_NEWCHAIN, &c->handle, c);
	CHECK_STREQ(out, "\tchain plain {\n\t}\n");
	free(out);
	chain_free(c);
}

/* @text as "add rule FAMILY t c TEXT", parsed and evaluated. */
static struct rule *parse_rule(uint32_t family, const char *text)
{
	struct rule *rule = build_rule(family, text);
	LIST_HEAD(msgs);

	if (rule && nft_evaluate_rule(test_nft(), rule, &msgs) < 0) {
		erec_print_list(stderr, &msgs);
		rule_free(rule);
		rule = NULL;
	}
	erec_free_list(&msgs);
	return rule;
}

static void test_rule(void)
{
	static const char *const rules[] = {
		"tcp dport 22 counter packets 0 bytes 0 accept comment \"ssh\"",
		/* (anonymous sets are decoded from the kernel's copy) */
		"iifname \"v0*\" ip saddr 10.0.0.0/8 ip dscp cs1 drop",
		"ct state established,related accept",
	};
	struct rule *r;
	unsigned int i;
	char *out;

	for (i = 0; i < array_size(rules); i++) {
		r = parse_rule(NFPROTO_INET, rules[i]);
		CHECK(r != NULL);
		if (!r)
			continue;
		out = round_trip(&rule_obj_ops, NFT_MSG_NEWRULE, &r->handle,
				 r);
		CHECK_STREQ(out, rules[i]);
		free(out);
		rule_free(r);
	}
}

/* Stateful objects: the words of a block ("packets 1 bytes 2 ; comment
 * x", space separated) built into an object, sent and parsed back,
 * print as the system nft lists them. */
static char *sobj_round_trip(uint32_t type, const char *text)
{
	struct sobj_words *ws = sobj_words_alloc();
	char *copy = xstrdup(text), *w, *save = NULL, *out = NULL;
	LIST_HEAD(msgs);
	struct sobj *o;

	/* "x" is a quoted string x */
	for (w = strtok_r(copy, " ", &save); w; w = strtok_r(NULL, " ", &save)) {
		if (w[0] == '"' && strlen(w) > 1 && w[strlen(w) - 1] == '"') {
			w[strlen(w) - 1] = '\0';
			sobj_words_add(ws, w + 1, &internal_location, true);
		} else {
			sobj_words_add(ws, w, &internal_location, false);
		}
	}
	o = sobj_from_words(type, ws, &internal_location, &msgs);
	sobj_words_free(ws);
	xfree(copy);
	/* a ct timeout's states are checked as evaluation does */
	if (o && sobj_states_evaluate(o, &msgs) < 0) {
		sobj_free(o);
		o = NULL;
	}
	if (!o) {
		erec_print_list(stderr, &msgs);
		erec_free_list(&msgs);
		return NULL;
	}
	o->handle.family = NFPROTO_IPV4;
	o->handle.table.name = xstrdup("t");
	o->handle.chain.name = xstrdup("o");
	out = round_trip(&counter_obj_ops, NFT_MSG_NEWOBJ, &o->handle, o);
	sobj_free(o);
	return out;
}

static void test_sobj(void)
{
	struct nftnl_obj *nlo;
	struct table *t;
	struct sobj *o;
	char *out, *why;

	out = sobj_round_trip(NFT_OBJECT_COUNTER,
			      "packets 1 bytes 2 ; comment x");
	CHECK_STREQ(out, "\tcounter o {\n\t\tcomment \"x\"\n"
		    "\t\tpackets 1 bytes 2\n\t}\n");
	free(out);
	out = sobj_round_trip(NFT_OBJECT_QUOTA, "over 25 mbytes used 1024 bytes");
	CHECK_STREQ(out, "\tquota o {\n\t\tover 25 mbytes used 1 kbytes\n\t}\n");
	free(out);
	out = sobj_round_trip(NFT_OBJECT_LIMIT, "rate 10 / second");
	CHECK_STREQ(out, "\tlimit o {\n\t\trate 10/second\n\t}\n");
	free(out);
	out = sobj_round_trip(NFT_OBJECT_LIMIT,
			      "rate over 1 mbytes/second burst 2 mbytes");
	CHECK_STREQ(out, "\tlimit o {\n\t\trate over 1 mbytes/second "
		    "burst 2 mbytes\n\t}\n");
	free(out);
	out = sobj_round_trip(NFT_OBJECT_CT_HELPER,
			      "type \"ftp\" protocol tcp ; l3proto ip ;");
	CHECK_STREQ(out, "\tct helper o {\n\t\ttype \"ftp\" protocol tcp\n"
		    "\t\tl3proto ip\n\t}\n");
	free(out);
	out = sobj_round_trip(NFT_OBJECT_CT_TIMEOUT,
			      "protocol udp ; l3proto ip ; policy = { replied : 1h , unreplied : 30 } ;");
	CHECK_STREQ(out, "\tct timeout o {\n\t\tprotocol udp\n"
		    "\t\tl3proto ip\n\t\tpolicy = { replied : 1h }\n\t}\n");
	free(out);
	out = sobj_round_trip(NFT_OBJECT_CT_EXPECT,
			      "protocol tcp ; dport 21 ; timeout 1m30s ; size 4 ; l3proto ip6 ;");
	CHECK_STREQ(out, "\tct expectation o {\n\t\tprotocol tcp\n"
		    "\t\tdport 21\n\t\ttimeout 1m30s\n\t\tsize 4\n"
		    "\t\tl3proto ip6\n\t}\n");
	free(out);
	out = sobj_round_trip(NFT_OBJECT_SYNPROXY,
			      "mss 1460 ; wscale 7 ; sack-perm");
	/* 1.1.3's spacing: the missing timestamp's space */
	CHECK_STREQ(out, "\tsynproxy o {\n\t\tmss 1460\n\t\twscale 7\n"
		    "\t\t sack-perm\n\t}\n");
	free(out);
	out = sobj_round_trip(NFT_OBJECT_SECMARK, "system_u:object_r:x:s0");
	CHECK_STREQ(out, "\tsecmark o {\n\t\t\"system_u:object_r:x:s0\"\n\t}\n");
	free(out);
	/* words that do not fit the kind */
	CHECK(sobj_round_trip(NFT_OBJECT_COUNTER, "packets 1") == NULL);
	CHECK(sobj_round_trip(NFT_OBJECT_QUOTA, "10 gbytes") == NULL);
	CHECK(sobj_round_trip(NFT_OBJECT_CT_TIMEOUT,
			      "protocol tcp ; policy = { nosuch : 1 } ;") == NULL);

	/* a kind this nft does not know makes its table unlistable */
	nlo = nftnl_obj_alloc();
	nftnl_obj_set_u32(nlo, NFTNL_OBJ_FAMILY, NFPROTO_IPV4);
	nftnl_obj_set_str(nlo, NFTNL_OBJ_TABLE, "t");
	nftnl_obj_set_str(nlo, NFTNL_OBJ_NAME, "tun");
	nftnl_obj_set_u32(nlo, NFTNL_OBJ_TYPE, NFT_OBJECT_TUNNEL);
	o = sobj_nl_parse_obj(nlo, NULL);
	nftnl_obj_free(nlo);
	CHECK(o->undecoded != NULL);
	t = table_alloc();
	t->handle.family = NFPROTO_IPV4;
	t->handle.table.name = xstrdup("t");
	list_add_tail(&o->list, &t->objs);
	why = sobj_table_unlistable(t);
	CHECK(why && strstr(why, "object tun in table ip t"));
	free(why);
	CHECK(sobj_table_count(t) == 1);
	table_free(t);
}

/* typeof keys through the set's user data and back, and what is not
 * typeof: a plain concatenation described as one of nothing. */
static void typeof_roundtrip(struct expr *key, const char *want)
{
	struct nftnl_udata_buf *ud = nftnl_udata_buf_alloc(NFT_USERDATA_MAXLEN);
	struct output_ctx octx = {};
	struct expr *back = NULL;
	char *buf = NULL;
	size_t len = 0;

	CHECK(set_typeof_supported(key));
	set_typeof_put(ud, key);
	CHECK(set_typeof_parse(nftnl_udata_buf_data(ud),
			       nftnl_udata_buf_len(ud), &back) == 1);
	if (back) {
		octx.output_fp = open_memstream(&buf, &len);
		expr_print(back, &octx);
		fclose(octx.output_fp);
		CHECK_STREQ(buf, want);
		free(buf);
		expr_free(back);
	}
	nftnl_udata_buf_free(ud);
	expr_free(key);
}

static void test_set_typeof(void)
{
	struct nftnl_udata_buf *ud;
	struct expr *concat, *back = (struct expr *)1;

	typeof_roundtrip(payload_expr_alloc(&internal_location, &proto_ip,
					    11), "ip saddr");
	typeof_roundtrip(meta_expr_alloc(&internal_location, NFT_META_MARK),
			 "meta mark");
	concat = concat_expr_alloc(&internal_location);
	concat_expr_add(concat, payload_expr_alloc(&internal_location,
						   &proto_ip, 12));
	concat_expr_add(concat, payload_expr_alloc(&internal_location,
						   &proto_tcp, 2));
	typeof_roundtrip(concat, "ip daddr . tcp dport");

	/* "type a . b" as upstream 1.1.3 describes it: a concatenation
	 * holding an empty member nest, then a constant's kind (4) and
	 * empty attributes; read back as no typeof */
	static const unsigned char plain_concat[] = {
		3, 18, 0, 4, 13, 0, 0, 0, 1, 10,
		0, 0, 0, 4, 4, 0, 0, 0, 1, 0,
	};
	concat = concat_expr_alloc(&internal_location);
	concat_expr_add(concat, payload_expr_alloc(&internal_location,
						   &proto_ip, 12));
	concat_expr_add(concat, payload_expr_alloc(&internal_location,
						   &proto_tcp, 2));
	ud = nftnl_udata_buf_alloc(NFT_USERDATA_MAXLEN);
	set_typeof_put_type(ud, concat);
	CHECK(nftnl_udata_buf_len(ud) == sizeof(plain_concat) &&
	      !memcmp(nftnl_udata_buf_data(ud), plain_concat,
		      sizeof(plain_concat)));
	CHECK(set_typeof_parse(nftnl_udata_buf_data(ud),
			       nftnl_udata_buf_len(ud), &back) == 0);
	CHECK(back == NULL);
	nftnl_udata_buf_free(ud);
	expr_free(concat);
	/* "type a": a constant (kind 4), no attributes */
	back = (struct expr *)1;
	ud = nftnl_udata_buf_alloc(NFT_USERDATA_MAXLEN);
	set_typeof_put_type(ud, NULL);
	CHECK(set_typeof_parse(nftnl_udata_buf_data(ud),
			       nftnl_udata_buf_len(ud), &back) == 0);
	CHECK(back == NULL);
	nftnl_udata_buf_free(ud);
}

static struct expr *typeof_field(const char *proto, const char *field)
{
	const struct proto_desc *desc = proto_lookup(proto);
	unsigned int i;

	for (i = 1; i < PROTO_MAX_FIELDS; i++) {
		if (desc->templates[i].token &&
		    !strcmp(desc->templates[i].token, field))
			return payload_expr_alloc(&internal_location, desc, i);
	}
	return NULL;
}

static struct expr *typeof_exthdr(enum nft_exthdr_op op, const char *name,
				  const char *field)
{
	const struct exthdr_desc *d = exthdr_lookup(op, name);

	return exthdr_expr_alloc(&internal_location, d,
				 exthdr_field_lookup(d, field), 0);
}

/* Every kind with a typeof hook round-trips; each kind's bytes are those
 * the system nft writes (vlan id here, the rest in tests/shell's
 * 49-typeof.sh, which has it list ours), and what it could not list
 * back is refused. */
static void test_set_typeof_kinds(void)
{
	/* kind 7 { protocol 16 (vlan), field 4 (its number of id),
	 * length 12 }, as the system nft writes "typeof vlan id" */
	static const unsigned char vlan_id[] = {
		3, 26, 0, 4, 7, 0, 0, 0, 1, 18,
		0, 4, 16, 0, 0, 0, 1, 4, 4, 0, 0, 0, 4, 4, 12, 0, 0, 0,
	};
	struct nftnl_udata_buf *ud = nftnl_udata_buf_alloc(NFT_USERDATA_MAXLEN);
	struct expr *e;

	e = typeof_field("vlan", "id");
	set_typeof_put(ud, e);
	CHECK(nftnl_udata_buf_len(ud) == sizeof(vlan_id) &&
	      !memcmp(nftnl_udata_buf_data(ud), vlan_id, sizeof(vlan_id)));
	nftnl_udata_buf_free(ud);
	expr_free(e);

	typeof_roundtrip(typeof_field("vlan", "id"), "vlan id");
	typeof_roundtrip(typeof_field("vlan", "type"), "vlan type");
	typeof_roundtrip(typeof_field("ah", "spi"), "ah spi");
	typeof_roundtrip(typeof_field("comp", "flags"), "comp flags");
	typeof_roundtrip(typeof_field("ip", "ttl"), "ip ttl");
	typeof_roundtrip(payload_expr_alloc_base(&internal_location, "th", 32,
						 16), "@th,32,16");
	typeof_roundtrip(ct_expr_alloc(&internal_location, NFT_CT_SRC_IP, 0),
			 "ct original ip saddr");
	typeof_roundtrip(typeof_exthdr(NFT_EXTHDR_OP_TCPOPT, "maxseg", "size"),
			 "tcp option maxseg size");
	typeof_roundtrip(typeof_exthdr(NFT_EXTHDR_OP_TCPOPT, "sack2", "right"),
			 "tcp option sack2 right");
	typeof_roundtrip(typeof_exthdr(NFT_EXTHDR_OP_IPV4, "lsrr", "addr"),
			 "ip option lsrr addr");
	typeof_roundtrip(typeof_exthdr(NFT_EXTHDR_OP_IPV6, "frag", "id"),
			 "frag id");
	typeof_roundtrip(typeof_exthdr(NFT_EXTHDR_OP_SCTP, "init", "a-rwnd"),
			 "sctp chunk init a-rwnd");
	typeof_roundtrip(osf_expr_alloc(&internal_location, 0, 0), "osf name");
	typeof_roundtrip(numgen_expr_alloc(&internal_location, NFT_NG_RANDOM,
					   8, 2),
			 "numgen random mod 8 offset 2");
	typeof_roundtrip(fib_expr_alloc(&internal_location,
					NFTA_FIB_F_SADDR | NFTA_FIB_F_IIF,
					NFT_FIB_RESULT_OIFNAME),
			 "fib saddr . iif oifname");
	typeof_roundtrip(rt_expr_alloc(&internal_location, NFT_RT_TCPMSS),
			 "rt mtu");
	typeof_roundtrip(socket_expr_alloc(&internal_location,
					   NFT_SOCKET_WILDCARD),
			 "socket wildcard");
	typeof_roundtrip(xfrm_expr_alloc(&internal_location,
					 NFT_XFRM_KEY_DADDR_IP6, 1, 2),
			 "ipsec out spnum 2 ip6 daddr");
	typeof_roundtrip(hash_expr_alloc(&internal_location, NFT_HASH_SYM,
					 NULL, 4), "symhash mod 4");

	/* taken as 1.1.3 takes them (what is hashed, the osf flags and the
	 * cgroup level are not in the user data) */
	e = hash_expr_alloc(&internal_location, NFT_HASH_JENKINS,
			    typeof_field("ip", "saddr"), 4);
	CHECK(set_typeof_supported(e));
	expr_free(e);
	e = osf_expr_alloc(&internal_location, 0, NFT_OSF_F_VERSION);
	CHECK(set_typeof_supported(e));
	expr_free(e);
	e = socket_expr_alloc(&internal_location, NFT_SOCKET_CGROUPV2);
	CHECK(set_typeof_supported(e));
	expr_free(e);
}

/* Statements of sets and elements: encoded, put in a message, parsed
 * back and decoded, they print as they were built. */
static struct set_stmts set_stmts_sample(unsigned int n)
{
	struct set_stmts l = {};
	struct stmt *st;

	st = counter_stmt_alloc(&internal_location);
	st->counter.packets = 3;
	st->counter.bytes = 4;
	set_stmts_add(&l, st);
	if (n < 2)
		return l;
	st = quota_stmt_alloc(&internal_location);
	st->quota.bytes = 10 * 1024 * 1024;
	st->quota.used = 1024 * 1024;
	set_stmts_add(&l, st);
	st = limit_stmt_alloc(&internal_location);
	st->limit.rate = 1;
	set_stmts_add(&l, st);
	set_stmts_add(&l, connlimit_stmt_alloc(&internal_location, 2,
					       NFT_CONNLIMIT_F_INV));
	st = last_stmt_alloc(&internal_location);
	st->last.set = true;
	st->last.used = 1500;
	set_stmts_add(&l, st);
	return l;
}

static char *set_stmts_text(const struct set_stmts *l, bool decl)
{
	struct output_ctx octx = {};
	char *buf = NULL;
	size_t len = 0;

	octx.output_fp = open_memstream(&buf, &len);
	if (decl)
		set_stmts_print_decl(l, &octx);
	else
		set_stmts_print(l, &octx);
	fclose(octx.output_fp);
	return buf;
}

static void set_stmts_elem_roundtrip(unsigned int n, const char *want)
{
	struct nftnl_set *nls = nftnl_set_alloc(), *back = nftnl_set_alloc();
	struct nftnl_set_elem *e = nftnl_set_elem_alloc();
	struct nftnl_set_elems_iter *it;
	struct set_stmts l = set_stmts_sample(n), got = {};
	char buf[4096], *text;
	struct nlmsghdr *nlh;
	uint32_t key = 1;

	nftnl_set_set_str(nls, NFTNL_SET_TABLE, "t");
	nftnl_set_set_str(nls, NFTNL_SET_NAME, "s");
	nftnl_set_elem_set(e, NFTNL_SET_ELEM_KEY, &key, sizeof(key));
	set_stmts_put_elem(e, &l);
	nftnl_set_elem_add(nls, e);
	nlh = nftnl_nlmsg_build_hdr(buf, NFT_MSG_NEWSETELEM, NFPROTO_IPV4, 0,
				    1);
	nftnl_set_elems_nlmsg_build_payload(nlh, nls);
	CHECK(nftnl_set_elems_nlmsg_parse(nlh, back) == 0);
	it = nftnl_set_elems_iter_create(back);
	e = nftnl_set_elems_iter_next(it);
	CHECK(e != NULL);
	/* one in NFTA_SET_ELEM_EXPR, several in the list */
	CHECK(e && nftnl_set_elem_is_set(e, n > 1 ?
					  NFTNL_SET_ELEM_EXPRESSIONS :
					  NFTNL_SET_ELEM_EXPR));
	CHECK(e && set_stmts_read_elem(e, &got) == 0);
	text = set_stmts_text(&got, false);
	CHECK_STREQ(text, want);
	free(text);
	nftnl_set_elems_iter_destroy(it);
	set_stmts_free(&l);
	set_stmts_free(&got);
	nftnl_set_free(nls);
	nftnl_set_free(back);
}

static void test_set_stmts(void)
{
	struct nftnl_set *nls = nftnl_set_alloc(), *back = nftnl_set_alloc();
	struct set_stmts l = set_stmts_sample(5), got = {}, copy;
	char buf[4096], *text;
	struct nlmsghdr *nlh;

	set_stmts_elem_roundtrip(1, " counter packets 3 bytes 4");
	set_stmts_elem_roundtrip(5, " counter packets 3 bytes 4 quota 10 mbytes used 1 mbytes limit rate 1/second burst 5 packets ct count over 2 last used 1s500ms");

	/* the declaration: several need NFT_SET_EXPR, listed statelessly */
	nftnl_set_set_str(nls, NFTNL_SET_TABLE, "t");
	nftnl_set_set_str(nls, NFTNL_SET_NAME, "s");
	nftnl_set_set_u32(nls, NFTNL_SET_FLAGS, 0);
	set_stmts_put_set(nls, &l);
	CHECK(nftnl_set_get_u32(nls, NFTNL_SET_FLAGS) == 0x100);
	nlh = nftnl_nlmsg_build_hdr(buf, NFT_MSG_NEWSET, NFPROTO_IPV4, 0, 1);
	nftnl_set_nlmsg_build_payload(nlh, nls);
	CHECK(nftnl_set_nlmsg_parse(nlh, back) == 0);
	CHECK(set_stmts_read_set(back, &got) == 0);
	text = set_stmts_text(&got, true);
	CHECK_STREQ(text, "\t\tcounter quota 10 mbytes limit rate 1/second burst 5 packets ct count over 2 last\n");
	free(text);
	set_stmts_clone(&copy, &got);
	CHECK(copy.n == 5 && copy.v[1]->quota.used == 1024 * 1024);
	set_stmts_free(&copy);
	set_stmts_free(&got);
	set_stmts_free(&l);
	nftnl_set_free(nls);
	nftnl_set_free(back);
}

int main(void)
{
	test_set_stmts();
	test_set_typeof();
	test_set_typeof_kinds();
	test_registry();
	test_table();
	test_chain();
	test_rule();
	test_sobj();
	test_nft_release();
	return unit_done("obj_test");
}
