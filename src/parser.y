/*
 * The grammar of the text front end: a pure bison parser whose actions
 * only build nodes (commands, objects, expressions, statements). Checks of
 * meaning (valid hooks, priorities, types) belong to the evaluator; the
 * grammar reports what is plainly malformed, and looks up protocol fields
 * and meta keys in their tables so an unknown one gets a caret.
 *
 * Errors are records with locations; after a syntax error parsing resumes
 * at the next separator (newline or ';') of the innermost enclosing block,
 * so every error of a file is reported.
 *
 * The helpers the actions call live in src/parse/*.c (declared in
 * include/parse_build.h); each builds one kind of node so that the actions
 * stay one or two lines. Syntax error reporting and the entry point,
 * nft_parse_text(), are at the end.
 */

%code requires {
#include <parse_build.h>

#ifndef YY_TYPEDEF_YY_SCANNER_T
#define YY_TYPEDEF_YY_SCANNER_T
typedef void *yyscan_t;
#endif

/*
 * Locations are struct location; a rule's span runs from its first to its
 * last symbol (within one input), an empty rule sits at the end of the
 * symbol before it.
 */
#define YYLLOC_DEFAULT(cur, rhs, n)					\
	do {								\
		if (n) {						\
			(cur) = YYRHSLOC(rhs, 1);			\
			/* most reductions are of one symbol */		\
			if ((n) > 1 &&					\
			    YYRHSLOC(rhs, n).indesc == (cur).indesc) {	\
				(cur).last_line =			\
					YYRHSLOC(rhs, n).last_line;	\
				(cur).last_column =			\
					YYRHSLOC(rhs, n).last_column;	\
			}						\
		} else {						\
			(cur) = YYRHSLOC(rhs, 0);			\
			(cur).first_line = (cur).last_line;		\
			(cur).first_column = (cur).last_column;		\
		}							\
	} while (0)
}

%code provides {
/* Implemented in scanner.l. */
void scanner_push_input(yyscan_t scanner,
			const struct input_descriptor *indesc);
int scanner_include(yyscan_t scanner, const char *name,
		    const struct location *loc);
void scanner_cleanup(yyscan_t scanner);
}

%code {
#include <ctype.h>
#include <stdlib.h>
#include <string.h>
#include <linux/netfilter.h>
#include <linux/netfilter/nf_synproxy.h>
#include <linux/netfilter/nf_nat.h>
#include <sobj.h>
#include <set_pack.h>
#include <monitor.h>

/* From the flex scanner (scanner.h is generated after this file). */
int yylex(YYSTYPE *lval, YYLTYPE *lloc, yyscan_t scanner);
int yylex_init_extra(struct parser_state *state, yyscan_t *scanner);
int yylex_destroy(yyscan_t scanner);
static void yyerror(const YYLTYPE *loc, yyscan_t scanner,
		    struct parser_state *state, const char *msg);
}

%define api.pure full
%define api.location.type {struct location}
%define api.token.prefix {TOK_}
%define parse.error custom
%define parse.lac full
%locations
%parse-param {yyscan_t scanner} {struct parser_state *state}
%lex-param {yyscan_t scanner}
%expect 0
/* "tcp option maxseg size": a word after an option name is its field,
 * never the value of a presence match (that is exists or missing). */
%precedence OPTION_PRESENCE
%precedence STRING COUNT LEVEL OFFSET SEED
/* "dnat ip to ..." and "dnat ip prefix to ...": after a nat keyword,
 * "ip" and "ip6" followed by to or prefix name the family, never a
 * header field called "to" or "prefix" (there is none). */
%precedence NAT_FAMILY
/* "gre tcp dport": the inner packet's field, not gre's field "tcp" */
%precedence GRE_FIELD
%precedence PROTO
%precedence TO PREFIX

%union {
	const char *kw;
	char *string;
	uint32_t val;
	uint64_t u64;
	enum ops op;
	struct expr *expr;
	struct stmt *stmt;
	struct rule *rule;
	struct chain *chain;
	struct table *table;
	struct flowtable *flowtable;
	struct cmd *cmd;
	struct handle *handle;
	struct sobj_words *words;
	struct set *set;
}

%token NEWLINE "newline"
%token SEMICOLON "semicolon"
%token EQ "=="
%token NEQ "!="
%token LT "<"
%token GT ">"
%token LTE "<="
%token GTE ">="
%token LSHIFT "<<" RSHIFT ">>"

%token <string> STRING "string"
%token <string> QUOTED_STRING "quoted string"
%token <string> ADDRSTRING "address"
%token <string> NUMBER "number"
%token <string> VARIABLE "variable"
/* a word after "tcp option NAME" that is none of the option fields'
 * (scanner_option_word()): a value there, never a field */
%token <string> OPT_WORD "option word"

%token <kw> ADD "add" CREATE "create" INSERT "insert" REPLACE "replace"
%token <kw> DELETE "delete" DESTROY "destroy" FLUSH "flush" LIST "list"
%token <kw> RENAME "rename" DESCRIBE "describe" MONITOR "monitor"
%token <kw> DEFINE "define" REDEFINE "redefine" UNDEFINE "undefine"
%token <kw> INCLUDE "include"
%token <kw> TABLE "table" TABLES "tables" CHAIN "chain" CHAINS "chains"
%token <kw> RULE "rule" RULESET "ruleset"
%token <kw> IP "ip" IP6 "ip6" INET "inet" ARP "arp" BRIDGE "bridge"
%token <kw> NETDEV "netdev"
%token <kw> FLAGS "flags" COMMENT "comment" TYPE "type" HOOK "hook" HOOKS "hooks"
%token <kw> DEVICE "device" DEVICES "devices" PRIORITY "priority"
%token <kw> POLICY "policy"
%token <kw> POSITION "position" HANDLE "handle" INDEX "index"
%token <kw> COUNTER "counter" PACKETS "packets" BYTES "bytes"
%token <kw> ACCEPT "accept" DROP "drop" JUMP "jump" GOTO "goto"
%token <kw> RETURN "return" CONTINUE "continue"
%token <kw> META "meta"
%token <kw> PROTO "protocol name"
%token <kw> GRE "gre"
%token <kw> TUNNEL "tunnel name"
%token <kw> META_KEY "meta key"
%token <kw> LOG "log" PREFIX "prefix" LEVEL "level" GROUP "group"
%token <kw> SNAPLEN "snaplen" QUEUE_THRESHOLD "queue-threshold"
%token <kw> LIMIT "limit" RATE "rate" BURST "burst" OVER "over"
%token <kw> QUOTA "quota" UNTIL "until" USED "used"
%token <kw> UPDATE "update" METER "meter"
%token <kw> EXPORT "export"
%token <kw> REJECT "reject" WITH "with"
%token <kw> QUEUE "queue" NUM "num" TO "to" BYPASS "bypass" FANOUT "fanout"
%token <kw> DUP "dup" FWD "fwd" LAST "last"
%token <kw> SYNPROXY "synproxy" MSS "mss" WSCALE "wscale"
%token <kw> TIMESTAMP "timestamp" SACK_PERM "sack-perm"
%token <kw> SNAT "snat" DNAT "dnat" MASQUERADE "masquerade"
%token <kw> REDIRECT "redirect" RANDOM "random" FULLY_RANDOM "fully-random"
%token <kw> PERSISTENT "persistent" TPROXY "tproxy"
%token <kw> FIB "fib" RT "rt" NUMGEN "numgen" JHASH "jhash" SYMHASH "symhash"
%token <kw> SOCKET "socket" OSF "osf" IPSEC "ipsec" MOD "mod" SEED "seed"
%token <kw> OFFSET "offset" TTL "ttl" SPNUM "spnum"
%token <kw> EXTHDR "exthdr" HBH "hbh" RT0 "rt0" RT2 "rt2" SRH "srh"
%token <kw> FRAG "frag" DST "dst" MH "mh" OPTION "option" CHUNK "chunk"
%token <kw> EXISTS "exists" MISSING "missing"
%token <kw> CT "ct" CT_DIR "conntrack direction" SET "set"
%token <kw> NOTRACK "notrack" COUNT "count" XT "xt"
%token ADDR_DOT_PORT "addr . port"
%token <kw> FLOWTABLE "flowtable" FLOWTABLES "flowtables" FLOW "flow"
%token <kw> OFFLOAD "offload"
%token <kw> RESET "reset" SECMARK "secmark"
%token <kw> ELEMENT "element" SETS "sets" GET "get"
%token <kw> MAPS "maps" NAME "name"

%type <cmd> base_cmd add_cmd table_or_chain_add delete_cmd flush_cmd
%type <cmd> list_cmd bare_rule_add
%type <string> table_name
%type <handle> table_spec chain_spec rule_position bare_chain_spec
%type <handle> bare_rule_position
%type <val> family_spec family_kw ruleset_family table_flags
%type <u64> number
%type <string> set_obj_kind
%type <string> identifier string_arg objref_name obj_name prio_base opt_hooks_device
%type <string> elem_opt_key elem_opt_value
%type <kw> keyword_id name_keyword obj_name_kw proto_kw rhs_keyword inner_kw
%type <string> tunnel_field
%type <table> table_block table_body
%type <chain> chain_block chain_body
%type <rule> rule_body stmt_list
%type <set> setdecl_block setdecl_body
%type <handle> set_spec
%type <string> set_key_types
%type <val> set_flag_list
%type <expr> set_ref
%type <stmt> stmt match_stmt counter_stmt counter_valued optstrip_stmt verdict_stmt
%type <stmt> keyset_stmt notrack_stmt connlimit_stmt flow_stmt vmap_stmt
%type <val> nat_family
%type <stmt> xt_stmt
%type <string> xt_name
%type <stmt> set_stmt set_stmt_opts set_stmt_stmts set_elem_stmt
%type <stmt> elem_stmt
%type <val> set_stmt_op
%type <expr> set_stmt_key
%type <flowtable> flowtable_block flowtable_body
%type <expr> define_item keyset_map_key map_expr objmap_expr objmap_key objmap_field map_block anon_map_block map_list map_elem map_data map_verdict
%token <kw> MAP "map" VMAP "vmap"
%type <words> obj_block obj_body obj_inner
%type <val> obj_kind
%type <val> obj_kind_plain
%type <words> obj_args
%type <string> obj_punct
%type <handle> obj_spec
%destructor { sobj_words_free($$); } <words>
%type <expr> ct_expr keyset_key keyset_value keyset_operand keyset_const
%type <expr> match_rhs flag_list keyset_flag flag_or flag_range
%type <string> ct_key
%type <expr> typeof_concat concat_item lhs_value rhs_concat rhs_bits keyset_flags lhs_map
%type <expr> match_lhs payload_expr meta_expr rhs_expr rhs_primary
%type <expr> flag_head
%type <expr> fib_expr rt_expr numgen_expr hash_expr socket_expr osf_expr
%type <expr> xfrm_expr hash_src exthdr_expr option_expr
%type <kw> exthdr_name
%type <val> fib_flags opt_spnum
%type <u64> opt_offset
%type <expr> define_expr define_list dev_spec dev_value dev_set dev_list
%type <expr> opt_dev_spec prio_expr policy_expr chain_target
%type <expr> set_block set_list set_member set_elem concat_lhs concat_rhs
%type <expr> elem_set_block elem_map_block vmap_block vmap_list vmap_elem
%type <expr> rhs_set_block rhs_set_list
%type <expr> set_value set_bits set_operand
%type <op> rel_op
%type <stmt> log_stmt limit_stmt quota_stmt reject_stmt queue_stmt
%type <stmt> queue_compat
%type <stmt> dup_stmt fwd_stmt last_stmt synproxy_stmt
%type <val> log_flag log_tcp_flags limit_mode quota_mode queue_flags
%type <val> queue_flag
%type <u64> limit_burst_pkts limit_burst_bytes quota_value quota_used
%type <expr> reject_code reject_code_value queue_num stmt_arg queue_value
%type <expr> queue_expr queue_target
%type <stmt> nat_stmt snat_dnat masq_redir nat_target nat_addr_target
%type <stmt> tproxy_stmt
%type <string> option_name
%type <val> nat_kw nat_flags nat_flag_list nat_flag
%type <expr> nat_value nat_const nat_addr nat_port stmt_expr stmt_paren
%type <expr> stmt_dev

%destructor { xfree($$); } <string>
%destructor { expr_free($$); } <expr>
%destructor { stmt_free($$); } <stmt>
%destructor { rule_free($$); } <rule>
%destructor { cmd_free($$); } <cmd>
%destructor { parser_handle_free($$); } <handle>
%destructor { parser_scope_pop(state); table_free($$); } table_block table_body
%destructor { parser_scope_pop(state); chain_free($$); } chain_block chain_body
%destructor { flowtable_free($$); } flowtable_block flowtable_body
%destructor { set_free($$); } setdecl_block setdecl_body

%%

input		: %empty
		| input line
		;

line		: separator
		| base_cmd separator	{ list_add_tail(&$1->list, state->cmds); }
		| common_block
		| error separator	{ yyerrok; }
		;

separator	: NEWLINE
		| SEMICOLON
		;

opt_newlines	: %empty
		| opt_newlines NEWLINE
		;

/* Allowed at the top level and inside blocks. */
common_block	: INCLUDE QUOTED_STRING separator
			{
				/* Up to the separator, as nft reports it. */
				struct location loc = parser_span(&@1, &@3);

				if (state->nerrs < PARSER_MAX_ERRORS &&
				    scanner_include(scanner, $2, &loc) < 0)
					state->nerrs++;
				xfree($2);
			}
		| DEFINE identifier '=' define_expr separator
			{
				parser_define(state, &@2, $2, $4, false);
				xfree($2);
			}
		| REDEFINE identifier '=' define_expr separator
			{
				parser_define(state, &@2, $2, $4, true);
				xfree($2);
			}
		| UNDEFINE identifier separator
			{
				parser_undefine(state, &@2, $2);
				xfree($2);
			}
		;

base_cmd	: add_cmd		{ $$ = parser_cmd_at($1, &@$); }
		| ADD add_cmd		{ $$ = parser_cmd_at($2, &@$); }
		| bare_rule_add		{ $$ = $1; }
		| CREATE table_or_chain_add
			{
				$$ = parser_cmd_at($2, &@$);
				$$->op = CMD_CREATE;
			}
		| CREATE SET set_spec '{' setdecl_body '}'
			{
				$$ = parser_set_cmd(state, CMD_CREATE, $3, $5, &@$,
						    &@4, &@5);
			}
		| CREATE MAP set_spec '{' setdecl_body '}'
			{
				$5->flags |= NFT_SET_MAP;
				$$ = parser_set_cmd(state, CMD_CREATE, $3, $5, &@$,
						    &@4, &@5);
			}
		| CREATE ELEMENT set_spec elem_map_block
			{
				$$ = parser_element_cmd(CMD_CREATE, $3, $4, &@$);
			}
		| CREATE ELEMENT set_spec elem_set_block
			{
				$$ = parser_element_cmd(CMD_CREATE, $3, $4, &@$);
			}
		| INSERT RULE rule_position rule_body
			{
				$$ = parser_rule_cmd(CMD_INSERT, $3, $4, &@$);
			}
		| REPLACE RULE chain_spec HANDLE number rule_body
			{
				parser_set_id(&$3->handle, $5, &@5);
				$$ = parser_rule_cmd(CMD_REPLACE, $3, $6, &@$);
			}
		| DELETE delete_cmd
			{
				$$ = parser_cmd_at($2, &@$);
				$$->op = CMD_DELETE;
			}
		| DESTROY delete_cmd
			{
				$$ = parser_cmd_at($2, &@$);
				$$->op = CMD_DESTROY;
			}
		| FLUSH flush_cmd
			{
				$$ = parser_cmd_at($2, &@$);
				$$->op = CMD_FLUSH;
			}
		| GET ELEMENT set_spec set_block
			{
				$$ = parser_element_cmd(CMD_GET, $3, $4, &@$);
			}
		| LIST list_cmd
			{
				$$ = parser_cmd_at($2, &@$);
				$$->op = CMD_LIST;
			}
		| MONITOR obj_args
			{
				$$ = parser_monitor_cmd(state, $2, &@$);
				if (!$$)
					YYERROR;
			}
		| DESCRIBE match_lhs
			{
				$$ = parser_cmd(CMD_DESCRIBE, CMD_OBJ_EXPR,
						parser_handle_new(NFPROTO_UNSPEC),
						&@$, $2);
			}
		| CREATE obj_kind obj_spec
			{
				$$ = parser_sobj_cmd(state, CMD_ADD, $2, $3, NULL,
						     &@$);
				$$->op = CMD_CREATE;
			}
		| CREATE obj_kind obj_spec obj_block
			{
				$$ = parser_sobj_cmd(state, CMD_ADD, $2, $3, $4,
						     &@$);
				$$->op = CMD_CREATE;
			}
		| RESET CT STRING obj_args
			{
				$$ = parser_ct_list_cmd(state, CMD_RESET, "ct", $3,
							&@3, $4, &@$);
				if (!$$)
					YYERROR;
			}
		| RESET STRING obj_args
			{
				$$ = parser_ct_list_cmd(state, CMD_RESET, NULL, $2,
							&@2, $3, &@$);
				if (!$$)
					YYERROR;
			}
		| RESET obj_kind_plain obj_spec
			{
				$$ = parser_sobj_cmd(state, CMD_RESET, $2, $3,
						     NULL, &@$);
			}
		| RESET SET set_spec
			{
				$$ = parser_cmd(CMD_RESET, CMD_OBJ_SET, $3,
						&@$, NULL);
			}
		| RESET MAP set_spec
			{
				$$ = parser_cmd(CMD_RESET, CMD_OBJ_SET, $3,
						&@$, NULL);
				$$->set_map = true;
			}
		| RESET ELEMENT set_spec set_block
			{
				$$ = parser_element_cmd(CMD_RESET, $3, $4, &@$);
			}
		| RESET RULE chain_spec HANDLE number
			{
				$$ = parser_reset_rule_cmd($3, $5, &@5, &@$);
			}
		| EXPORT obj_args
			{
				parser_export_cmd(state, $2, &@$);
				$$ = NULL;
				YYERROR;
			}
		| RENAME CHAIN chain_spec identifier
			{
				$$ = parser_cmd(CMD_RENAME, CMD_OBJ_CHAIN, $3,
						&@$, NULL);
				$$->arg = $4;
				$$->arg_location = @4;
			}
		;

add_cmd		: table_or_chain_add	{ $$ = $1; }
		| obj_kind obj_spec
			{
				$$ = parser_sobj_cmd(state, CMD_ADD, $1, $2, NULL,
						     &@$);
			}
		| obj_kind obj_spec obj_block
			{
				$$ = parser_sobj_cmd(state, CMD_ADD, $1, $2, $3,
						     &@$);
			}
		| SET set_spec '{' setdecl_body '}'
			{
				$$ = parser_set_cmd(state, CMD_ADD, $2, $4, &@$,
						    &@3, &@4);
			}
		| MAP set_spec '{' setdecl_body '}'
			{
				$4->flags |= NFT_SET_MAP;
				$$ = parser_set_cmd(state, CMD_ADD, $2, $4, &@$,
						    &@3, &@4);
			}
		| ELEMENT set_spec elem_set_block
			{
				$$ = parser_element_cmd(CMD_ADD, $2, $3, &@$);
			}
		| ELEMENT set_spec elem_map_block
			{
				$$ = parser_element_cmd(CMD_ADD, $2, $3, &@$);
			}
		| RULE rule_position rule_body
			{
				$$ = parser_rule_cmd(CMD_ADD, $2, $3, &@$);
			}
		;

/* "add [family] table chain ..." without "rule", as nft accepts. */
bare_rule_add	: ADD bare_rule_position rule_body
			{
				$$ = parser_rule_cmd(CMD_ADD, $2, $3, &@$);
			}
		;

table_or_chain_add : TABLE table_spec
			{
				$$ = parser_table_cmd(state, $2, NULL, &@$);
			}
		| TABLE table_spec '{' table_body '}'
			{
				$$ = parser_table_cmd(state, $2, $4, &@$);
			}
		| CHAIN chain_spec
			{
				$$ = parser_chain_cmd(state, CMD_ADD, $2,
						      chain_alloc(NULL), &@$);
			}
		| CHAIN chain_spec '{' chain_body '}'
			{
				parser_scope_pop(state);
				$4->has_block = true;
				$$ = parser_chain_cmd(state, CMD_ADD, $2, $4,
						      &@$);
			}
		| FLOWTABLE chain_spec '{' flowtable_body '}'
			{
				$$ = parser_flowtable_cmd(CMD_ADD, $2, $4, &@$);
			}
		;

delete_cmd	: TABLE table_spec
			{
				$$ = parser_cmd(CMD_DELETE, CMD_OBJ_TABLE, $2,
						&@$, NULL);
			}
		| TABLE family_spec HANDLE number
			{
				struct handle *h = parser_handle_new($2);

				parser_set_id(&h->handle, $4, &@4);
				$$ = parser_cmd(CMD_DELETE, CMD_OBJ_TABLE, h,
						&@$, NULL);
			}
		| CHAIN chain_spec
			{
				$$ = parser_cmd(CMD_DELETE, CMD_OBJ_CHAIN, $2,
						&@$, NULL);
			}
		| CHAIN chain_spec '{' chain_body '}'
			{
				parser_scope_pop(state);
				$4->has_block = true;
				$$ = parser_chain_cmd(state, CMD_DELETE, $2, $4,
						      &@$);
			}
		| CHAIN table_spec HANDLE number
			{
				parser_set_id(&$2->handle, $4, &@4);
				$$ = parser_cmd(CMD_DELETE, CMD_OBJ_CHAIN, $2,
						&@$, NULL);
			}
		| RULE chain_spec HANDLE number
			{
				parser_set_id(&$2->handle, $4, &@4);
				$$ = parser_cmd(CMD_DELETE, CMD_OBJ_RULE, $2,
						&@$, NULL);
			}
		| FLOWTABLE chain_spec
			{
				$$ = parser_cmd(CMD_DELETE, CMD_OBJ_FLOWTABLE, $2,
						&@$, NULL);
			}
		| FLOWTABLE chain_spec '{' flowtable_body '}'
			{
				$$ = parser_flowtable_cmd(CMD_DELETE, $2, $4,
							  &@$);
			}
		| FLOWTABLE table_spec HANDLE number
			{
				parser_set_id(&$2->handle, $4, &@4);
				$$ = parser_cmd(CMD_DELETE, CMD_OBJ_FLOWTABLE, $2,
						&@$, NULL);
			}
		| obj_kind obj_spec
			{
				$$ = parser_sobj_cmd(state, CMD_DELETE, $1, $2,
						     NULL, &@$);
			}
		| obj_kind table_spec HANDLE number
			{
				parser_set_id(&$2->handle, $4, &@4);
				$$ = parser_sobj_cmd(state, CMD_DELETE, $1, $2,
						     NULL, &@$);
			}
		| SET set_spec
			{
				$$ = parser_cmd(CMD_DELETE, CMD_OBJ_SET, $2,
						&@$, NULL);
			}
		| SET table_spec HANDLE number
			{
				parser_set_id(&$2->handle, $4, &@4);
				$$ = parser_cmd(CMD_DELETE, CMD_OBJ_SET, $2,
						&@$, NULL);
			}
		| ELEMENT set_spec set_block
			{
				$$ = parser_element_cmd(CMD_DELETE, $2, $3, &@$);
			}
		| ELEMENT set_spec map_block
			{
				$$ = parser_element_cmd(CMD_DELETE, $2, $3, &@$);
			}
		| MAP set_spec
			{
				$$ = parser_cmd(CMD_DELETE, CMD_OBJ_SET, $2,
						&@$, NULL);
			}
		;

flush_cmd	: TABLE table_spec
			{
				$$ = parser_cmd(CMD_FLUSH, CMD_OBJ_TABLE, $2,
						&@$, NULL);
			}
		| CHAIN chain_spec
			{
				$$ = parser_cmd(CMD_FLUSH, CMD_OBJ_CHAIN, $2,
						&@$, NULL);
			}
		| RULESET ruleset_family
			{
				$$ = parser_family_cmd(CMD_FLUSH,
						       CMD_OBJ_RULESET, $2, &@$);
			}
		| SET set_spec
			{
				$$ = parser_cmd(CMD_FLUSH, CMD_OBJ_SET, $2,
						&@$, NULL);
			}
		| MAP set_spec
			{
				$$ = parser_cmd(CMD_FLUSH, CMD_OBJ_SET, $2,
						&@$, NULL);
				$$->set_map = true;
			}
		;

list_cmd	: TABLE table_spec
			{
				$$ = parser_cmd(CMD_LIST, CMD_OBJ_TABLE, $2,
						&@$, NULL);
			}
		| CHAIN chain_spec
			{
				$$ = parser_cmd(CMD_LIST, CMD_OBJ_CHAIN, $2,
						&@$, NULL);
			}
		| RULESET ruleset_family
			{
				$$ = parser_family_cmd(CMD_LIST, CMD_OBJ_RULESET,
						       $2, &@$);
			}
		| TABLES ruleset_family
			{
				$$ = parser_family_cmd(CMD_LIST, CMD_OBJ_TABLES,
						       $2, &@$);
			}
		| CHAINS ruleset_family
			{
				$$ = parser_family_cmd(CMD_LIST, CMD_OBJ_CHAINS,
						       $2, &@$);
			}
		| FLOWTABLE chain_spec
			{
				$$ = parser_cmd(CMD_LIST, CMD_OBJ_FLOWTABLE, $2,
						&@$, NULL);
			}
		| FLOWTABLES ruleset_family
			{
				$$ = parser_family_cmd(CMD_LIST,
						       CMD_OBJ_FLOWTABLES, $2, &@$);
			}
		| obj_kind_plain obj_spec
			{
				$$ = parser_sobj_cmd(state, CMD_LIST, $1, $2,
						     NULL, &@$);
			}
		| STRING obj_args
			{
				$$ = parser_ct_list_cmd(state, CMD_LIST, NULL, $1,
							&@1, $2, &@$);
				if (!$$)
					YYERROR;
			}
		| CT STRING obj_args
			{
				$$ = parser_ct_list_cmd(state, CMD_LIST, "ct", $2,
							&@2, $3, &@$);
				if (!$$)
					YYERROR;
			}
		| SET set_spec
			{
				$$ = parser_cmd(CMD_LIST, CMD_OBJ_SET, $2,
						&@$, NULL);
			}
		| MAP set_spec
			{
				$$ = parser_cmd(CMD_LIST, CMD_OBJ_SET, $2,
						&@$, NULL);
				$$->set_map = true;
			}
		| SETS ruleset_family
			{
				$$ = parser_family_cmd(CMD_LIST, CMD_OBJ_SETS,
						       $2, &@$);
			}
		| SETS TABLE table_spec
			{
				$$ = parser_cmd(CMD_LIST, CMD_OBJ_SETS, $3,
						&@$, NULL);
			}
		| SETS family_kw identifier
			{
				$$ = parser_cmd(CMD_LIST, CMD_OBJ_SETS,
						parser_table_handle($2, $3, &@3),
						&@$, NULL);
			}
		| SETS STRING
			{
				$$ = parser_cmd(CMD_LIST, CMD_OBJ_SETS,
						parser_table_handle(NFPROTO_IPV4,
								    $2, &@2),
						&@$, NULL);
			}
		| MAPS ruleset_family
			{
				$$ = parser_family_cmd(CMD_LIST, CMD_OBJ_MAPS,
						       $2, &@$);
			}
		| METER set_spec
			{
				$$ = parser_cmd(CMD_LIST, CMD_OBJ_METER, $2,
						&@$, NULL);
			}
		| MAPS TABLE table_spec
			{
				$$ = parser_cmd(CMD_LIST, CMD_OBJ_MAPS, $3,
						&@$, NULL);
			}
		| MAPS family_kw identifier
			{
				$$ = parser_cmd(CMD_LIST, CMD_OBJ_MAPS,
						parser_table_handle($2, $3, &@3),
						&@$, NULL);
			}
		| MAPS STRING
			{
				$$ = parser_cmd(CMD_LIST, CMD_OBJ_MAPS,
						parser_table_handle(NFPROTO_IPV4,
								    $2, &@2),
						&@$, NULL);
			}
		| HOOKS ruleset_family opt_hooks_device
			{
				$$ = parser_family_cmd(CMD_LIST, CMD_OBJ_HOOKS,
						       $2, &@$);
				$$->arg = $3;
			}
		;

opt_hooks_device : %empty		{ $$ = NULL; }
		| DEVICE string_arg	{ $$ = $2; }
		;

/* Addressing: [family] table [chain] [position|handle|index N] */

family_kw	: IP		{ $$ = NFPROTO_IPV4; }
		| IP6		{ $$ = NFPROTO_IPV6; }
		| INET		{ $$ = NFPROTO_INET; }
		| ARP		{ $$ = NFPROTO_ARP; }
		| BRIDGE	{ $$ = NFPROTO_BRIDGE; }
		| NETDEV	{ $$ = NFPROTO_NETDEV; }
		;

family_spec	: %empty	{ $$ = NFPROTO_IPV4; }
		| family_kw	{ $$ = $1; }
		;

ruleset_family	: %empty	{ $$ = NFPROTO_UNSPEC; }
		| family_kw	{ $$ = $1; }
		;

table_spec	: family_spec table_name
			{
				$$ = parser_table_handle($1, $2, &@2);
			}
		;

/* A table's name: a word, or a keyword 1.1.3's scanner takes as one
 * there ("last"); not quoted, nor another keyword ("expecting string or
 * last") */
table_name	: STRING
			{
				/* a keyword to 1.1.3 ("timeout") */
				if (parser_is_reserved($1)) {
					parser_error(state, &@1,
						     "syntax error, unexpected %s, expecting string or last",
						     $1);
					xfree($1);
					YYERROR;
				}
				$$ = $1;
			}
		| obj_name_kw		{ $$ = xstrdup($1); }
		;

set_spec	: table_spec identifier
			{
				$$ = $1;
				$$->set.name = $2;
				$$->set.location = @2;
			}
		;

chain_spec	: table_spec identifier
			{
				$$ = $1;
				$$->chain.name = $2;
				$$->chain.location = @2;
			}
		;

/*
 * Without the "rule" keyword the table name must be a plain word or a
 * quoted string: a keyword there is the object of "add" ("add table").
 */
bare_chain_spec	: family_spec STRING identifier
			{
				$$ = parser_handle_new($1);
				$$->table.name = $2;
				$$->table.location = @2;
				$$->chain.name = $3;
				$$->chain.location = @3;
			}
		| family_spec QUOTED_STRING identifier
			{
				$$ = parser_handle_new($1);
				$$->table.name = $2;
				$$->table.location = @2;
				$$->chain.name = $3;
				$$->chain.location = @3;
			}
		;

bare_rule_position : bare_chain_spec	{ $$ = $1; }
		| bare_chain_spec POSITION number
			{
				$$ = $1;
				parser_set_id(&$$->position, $3, &@3);
			}
		| bare_chain_spec HANDLE number
			{
				$$ = $1;
				parser_set_id(&$$->position, $3, &@3);
			}
		| bare_chain_spec INDEX number
			{
				$$ = $1;
				parser_set_id(&$$->index, $3, &@3);
			}
		;

rule_position	: chain_spec		{ $$ = $1; }
		| chain_spec POSITION number
			{
				$$ = $1;
				parser_set_id(&$$->position, $3, &@3);
			}
		| chain_spec HANDLE number
			{
				/* "add rule ... handle N": after rule N */
				$$ = $1;
				parser_set_id(&$$->position, $3, &@3);
			}
		| chain_spec INDEX number
			{
				$$ = $1;
				parser_set_id(&$$->index, $3, &@3);
			}
		;

number		: NUMBER
			{
				$$ = parser_number(state, $1, &@1);
				xfree($1);
			}
		;

/*
 * Names: plain words, quoted strings, and keywords that cannot start
 * anything where a name is expected (a chain called "input" or "mark").
 * Family names and verdicts are not names: they would be ambiguous.
 */
identifier	: STRING		{ $$ = $1; }
		| QUOTED_STRING		{ $$ = $1; }
		| keyword_id		{ $$ = xstrdup($1); }
		;

keyword_id	: name_keyword | META | CT
		;

/* Keywords that can name an object after "counter name": not "meta"
 * and "ct", which start the key of an object map there ("counter name
 * meta mark map { ... }"); such objects are named in quotes. */
name_keyword	: ADD | CREATE | INSERT | REPLACE | DELETE | DESTROY
		| FLUSH | LIST | RENAME | DESCRIBE | MONITOR
		| TABLE | TABLES | CHAIN | CHAINS
		| RULE | RULESET | FLAGS | COMMENT | TYPE | HOOK | HOOKS | DEVICE
		| DEVICES | PRIORITY | POLICY | POSITION | HANDLE | INDEX
		| COUNTER | PACKETS | BYTES | PROTO | GRE | META_KEY
		| LOG | PREFIX | LEVEL | GROUP | SNAPLEN | QUEUE_THRESHOLD
		| LIMIT | RATE | BURST | OVER | QUOTA | UNTIL | USED
		| REJECT | WITH | QUEUE | NUM | TO | BYPASS | FANOUT
		| DUP | FWD | LAST | SYNPROXY | MSS | WSCALE | TIMESTAMP
		| SACK_PERM | SNAT | DNAT | MASQUERADE | REDIRECT | RANDOM
		| FULLY_RANDOM | PERSISTENT | TPROXY
		| FIB | RT | NUMGEN | JHASH | SYMHASH | SOCKET | OSF | IPSEC
		| TTL | EXTHDR | HBH | RT0 | RT2 | SRH | FRAG | DST | MH
		| CT_DIR | NOTRACK | COUNT | RESET | SECMARK
		| FLOWTABLE | FLOWTABLES | FLOW | OFFLOAD
		| MAP
		| ELEMENT | SETS | GET | MAPS
		| UPDATE | METER | NAME
		;

string_arg	: identifier		{ $$ = $1; }
		;

/* The object's name in "counter name NAME" and the like */
objref_name	: STRING		{ $$ = $1; }
		| QUOTED_STRING		{ $$ = $1; }
		;

/* Table blocks */

table_block	: %empty
			{
				$$ = table_alloc();
				parser_scope_push(state);
			}
		| table_block separator		{ $$ = $1; }
		| table_block table_item separator	{ $$ = $1; }
		| table_block common_block	{ $$ = $1; }
		| table_block error separator	{ $$ = $1; yyerrok; }
		;

/* As in the system nft, every item ends with a separator, the last one
 * before '}' too: "table ip t { chain c { accept; }; }". */
table_body	: table_block			{ $$ = $1; }
		;

/* Items apply to the table below them on the stack ($0). */
table_item	: FLAGS table_flags	{ $<table>0->flags |= $2; }
		| COMMENT string_arg
			{
				parser_comment(state, &$<table>0->comment,
					       &$<table>0->comment_loc, $2, &@2,
					       &@$);
			}
		| CHAIN identifier '{' chain_body '}'
			{
				parser_scope_pop(state);
				parser_table_add_chain($<table>0, $2, &@2, $4,
						       &@$);
			}
		| FLOWTABLE identifier '{' flowtable_body '}'
			{
				$4->handle.chain.name = $2;
				$4->handle.chain.location = @2;
				$4->location = @$;
				list_add_tail(&$4->list,
					      &$<table>0->flowtables);
			}
		| obj_kind obj_name obj_block
			{
				parser_table_add_sobj(state, $<table>0, $1, $2,
						      &@2, $3, &@$);
			}
		| SET identifier '{' setdecl_body '}'
			{
				parser_table_add_set(state, $<table>0, $2, &@2, $4,
						     &@$);
			}
		| MAP identifier '{' setdecl_body '}'
			{
				$4->flags |= NFT_SET_MAP;
				parser_table_add_set(state, $<table>0, $2, &@2, $4,
						     &@$);
			}
		;

/* Flowtable blocks: items apply to the flowtable below them ($0). */
flowtable_block	: %empty		{ $$ = flowtable_alloc(); }
		| flowtable_block separator	{ $$ = $1; }
		| flowtable_block flowtable_item separator	{ $$ = $1; }
		| flowtable_block error separator	{ $$ = $1; yyerrok; }
		;

flowtable_body	: flowtable_block		{ $$ = $1; }
		;

flowtable_item	: HOOK identifier PRIORITY prio_expr
			{
				struct flowtable *ft = $<flowtable>0;

				xfree(ft->hookstr);
				ft->hookstr = $2;
				ft->hook_loc = @2;
				ft->has_hook = true;
				expr_free(ft->priority);
				ft->priority = $4;
				ft->prio_loc = location_span(&@3, &@4);
			}
		| dev_spec
			{
				expr_free($<flowtable>0->dev_expr);
				$<flowtable>0->dev_expr = $1;
			}
		| FLAGS OFFLOAD
			{
				$<flowtable>0->flags |= NFT_FLOWTABLE_HW_OFFLOAD;
				$<flowtable>0->flags_given = true;
			}
		| COUNTER
			{
				$<flowtable>0->flags |= NFT_FLOWTABLE_COUNTER;
				$<flowtable>0->flags_given = true;
			}
		;

/* Stateful objects */

obj_kind	: obj_kind_plain	{ $$ = $1; }
		| CT STRING
			{
				$$ = parser_ct_obj_type(state, $2, &@2);
				state->obj_kind = $$;
				xfree($2);
			}
		;

obj_kind_plain	: COUNTER	{ $$ = state->obj_kind = NFT_OBJECT_COUNTER; }
		| QUOTA		{ $$ = state->obj_kind = NFT_OBJECT_QUOTA; }
		| LIMIT		{ $$ = state->obj_kind = NFT_OBJECT_LIMIT; }
		| SYNPROXY	{ $$ = state->obj_kind = NFT_OBJECT_SYNPROXY; }
		| SECMARK	{ $$ = state->obj_kind = NFT_OBJECT_SECMARK; }
		;

/* "list ct helper T h", "list ct helpers [family] [table T]": which
 * one is told by the words (src/obj/sobj.c) */
obj_args	: %empty		{ $$ = sobj_words_alloc(); }
		| obj_args identifier
			{
				$$ = $1;
				sobj_words_add($$, $2, &@2, false);
				xfree($2);
			}
		| obj_args obj_punct
			{
				$$ = $1;
				sobj_words_add($$, $2, &@2, false);
				xfree($2);
			}
		;

/* An object's name: a word ("last" too), as 1.1.3 takes it; not quoted,
 * nor a keyword */
obj_name	: STRING		{ $$ = $1; }
		| obj_name_kw
			{
				if (!parser_obj_name_kw(state, $1, &@1))
					YYERROR;
				$$ = xstrdup($1);
			}
		;

/* the keywords 1.1.3 takes as some kind's object name (src/parse/cmd.c) */
obj_name_kw	: LAST		{ $$ = "last"; }
		| BYPASS		{ $$ = "bypass"; }
		| CHAINS		{ $$ = "chains"; }
		| CHUNK		{ $$ = "chunk"; }
		| FANOUT		{ $$ = "fanout"; }
		| FLOWTABLES	{ $$ = "flowtables"; }
		| FULLY_RANDOM	{ $$ = "fully-random"; }
		| GROUP		{ $$ = "group"; }
		| HOOKS		{ $$ = "hooks"; }
		| LEVEL		{ $$ = "level"; }
		| MAPS		{ $$ = "maps"; }
		| MOD		{ $$ = "mod"; }
		| NUM		{ $$ = "num"; }
		| OFFSET		{ $$ = "offset"; }
		| OPTION		{ $$ = "option"; }
		| PERSISTENT	{ $$ = "persistent"; }
		| PREFIX		{ $$ = "prefix"; }
		| QUEUE_THRESHOLD	{ $$ = "queue-threshold"; }
		| SEED		{ $$ = "seed"; }
		| SETS		{ $$ = "sets"; }
		| SNAPLEN		{ $$ = "snaplen"; }
		| SPNUM		{ $$ = "spnum"; }
		| TABLES		{ $$ = "tables"; }
		| TO		{ $$ = "to"; }
		| TTL		{ $$ = "ttl"; }
		| WITH		{ $$ = "with"; }
		| BURST		{ $$ = "burst"; }
		| COUNT		{ $$ = "count"; }
		| MSS		{ $$ = "mss"; }
		| OVER		{ $$ = "over"; }
		| RATE		{ $$ = "rate"; }
		| SACK_PERM	{ $$ = "sack-perm"; }
		| TIMESTAMP	{ $$ = "timestamp"; }
		| UNTIL		{ $$ = "until"; }
		| USED		{ $$ = "used"; }
		| WSCALE		{ $$ = "wscale"; }
		| PACKETS		{ $$ = "packets"; }
		| BYTES		{ $$ = "bytes"; }
		| NAME		{ $$ = "name"; }
		;


obj_spec	: table_spec obj_name
			{
				$$ = $1;
				$$->chain.name = $2;
				$$->chain.location = @2;
			}
		;


obj_block	: '{' obj_body '}'
			{
				$$ = $2;
				$$->open = @1;
				$$->close = @3;
			}
		;

obj_body	: %empty		{ $$ = sobj_words_alloc(); }
		| obj_body separator
			{
				$$ = $1;
				sobj_words_add($$, ";", &@2, false);
			}
		| obj_body STRING
			{
				$$ = $1;
				sobj_words_add($$, $2, &@2, false);
				xfree($2);
			}
		| obj_body QUOTED_STRING
			{
				/* quoted: never a keyword ("comment") */
				$$ = $1;
				sobj_words_add($$, $2, &@2, true);
				xfree($2);
			}
		| obj_body keyword_id
			{
				$$ = $1;
				sobj_words_add($$, $2, &@2, false);
			}
		| obj_body obj_punct
			{
				$$ = $1;
				sobj_words_add($$, $2, &@2, false);
				xfree($2);
			}
		| obj_body '{' obj_inner '}'
			{
				unsigned int i;

				$$ = $1;
				sobj_words_add($$, "{", &@2, false);
				for (i = 0; i < $3->n; i++)
					sobj_words_add($$, $3->w[i].text,
						       &$3->w[i].location,
						       $3->w[i].quoted);
				sobj_words_add($$, "}", &@4, false);
				sobj_words_free($3);
			}
		;

obj_inner	: %empty		{ $$ = sobj_words_alloc(); }
		| obj_inner NEWLINE	{ $$ = $1; }
		| obj_inner STRING
			{
				$$ = $1;
				sobj_words_add($$, $2, &@2, false);
				xfree($2);
			}
		| obj_inner QUOTED_STRING
			{
				$$ = $1;
				sobj_words_add($$, $2, &@2, true);
				xfree($2);
			}
		| obj_inner keyword_id
			{
				$$ = $1;
				sobj_words_add($$, $2, &@2, false);
			}
		| obj_inner obj_punct
			{
				$$ = $1;
				sobj_words_add($$, $2, &@2, false);
				xfree($2);
			}
		;

obj_punct	: NUMBER	{ $$ = $1; }
		| IP		{ $$ = xstrdup("ip"); }
		| IP6		{ $$ = xstrdup("ip6"); }
		| INET		{ $$ = xstrdup("inet"); }
		| ARP		{ $$ = xstrdup("arp"); }
		| BRIDGE	{ $$ = xstrdup("bridge"); }
		| NETDEV	{ $$ = xstrdup("netdev"); }
		| '/'		{ $$ = xstrdup("/"); }
		| ':'		{ $$ = xstrdup(":"); }
		| ','		{ $$ = xstrdup(","); }
		| '='		{ $$ = xstrdup("="); }
		| '-'		{ $$ = xstrdup("-"); }
		;

/* Set declarations: "type ipv4_addr; flags interval; elements = {...}".
 * Items apply to the set below them on the stack ($0). */
setdecl_block	: %empty		{ $$ = set_alloc(NULL); }
		| setdecl_block separator	{ $$ = $1; }
		| setdecl_block setdecl_item separator	{ $$ = $1; }
		| setdecl_block error separator	{ $$ = $1; yyerrok; }
		;

/* The last item may go without its separator, as in nft 1.0.6; 1.1.3
 * takes that for some items only, which evaluation checks. */
setdecl_body	: setdecl_block		{ $$ = $1; }
		| setdecl_block setdecl_item
			{
				$$ = $1;
				$$->last_unseparated = true;
				$$->last_item_loc = @2;
			}
		;

setdecl_item	: TYPE set_key_types
			{
				parser_set_key_once(state, $<set>0, &@1, &@2);
				xfree($<set>0->key_types);
				$<set>0->key_types = $2;
				$<set>0->key_loc = @2;
			}
		| TYPE set_key_types ':' set_key_types
			{
				parser_set_key_once(state, $<set>0, &@1, &@1);
				xfree($<set>0->key_types);
				$<set>0->key_types = $2;
				$<set>0->key_loc = @2;
				xfree($<set>0->data_types);
				$<set>0->data_types = $4;
				$<set>0->data_loc = @4;
			}
		| TYPE set_key_types ':' identifier set_key_types
			{
				parser_set_key_once(state, $<set>0, &@1, &@1);
				xfree($<set>0->key_types);
				$<set>0->key_types = $2;
				$<set>0->key_loc = @2;
				parser_map_interval(state, $<set>0, $4, &@4);
				xfree($<set>0->data_types);
				$<set>0->data_types = $5;
				$<set>0->data_loc = @5;
			}
		| FLAGS set_flag_list	{ $<set>0->flags |= $2; }
		| setdecl_stmts
		| COMMENT string_arg
			{
				parser_comment(state, &$<set>0->comment,
					       &$<set>0->comment_loc, $2, &@2,
					       &@$);
			}
		| POLICY identifier
			{
				if (!strcmp($2, "memory"))
					$<set>0->policy_memory = true;
				else if (strcmp($2, "performance"))
					parser_error(state, &@2,
						     "unknown set policy '%s': expected performance or memory",
						     $2);
				xfree($2);
			}
		| STRING
			{
				parser_set_item(state, $<set>0, $1, NULL, &@$, &@$);
			}
		| STRING NUMBER
			{
				if (!parser_set_item(state, $<set>0, $1, $2,
						     &@$, &@2))
					YYERROR;
			}
		| STRING STRING
			{
				if (!parser_set_item(state, $<set>0, $1, $2,
						     &@$, &@2))
					YYERROR;
			}
		| STRING match_lhs
			{
				parser_set_typeof(state, $<set>0, $1, &@1, $2,
						  &@2);
			}
		| STRING typeof_concat
			{
				parser_set_typeof(state, $<set>0, $1, &@1, $2,
						  &@2);
			}
		| STRING match_lhs ':' match_lhs
			{
				parser_map_typeof(state, $<set>0, $1, &@1, $2,
						  &@2, $4, &@4);
			}
		| STRING match_lhs ':' typeof_concat
			{
				parser_map_typeof(state, $<set>0, $1, &@1, $2,
						  &@2, $4, &@4);
			}
		| STRING typeof_concat ':' match_lhs
			{
				parser_map_typeof(state, $<set>0, $1, &@1, $2,
						  &@2, $4, &@4);
			}
		| STRING typeof_concat ':' typeof_concat
			{
				parser_map_typeof(state, $<set>0, $1, &@1, $2,
						  &@2, $4, &@4);
			}
		| STRING match_lhs ':' STRING match_lhs
			{
				parser_map_typeof(state, $<set>0, $1, &@1, $2,
						  &@2, $5, &@5);
				parser_map_interval(state, $<set>0, $4, &@4);
			}
		| STRING match_lhs ':' STRING typeof_concat
			{
				parser_map_typeof(state, $<set>0, $1, &@1, $2,
						  &@2, $5, &@5);
				parser_map_interval(state, $<set>0, $4, &@4);
			}
		| STRING typeof_concat ':' STRING match_lhs
			{
				parser_map_typeof(state, $<set>0, $1, &@1, $2,
						  &@2, $5, &@5);
				parser_map_interval(state, $<set>0, $4, &@4);
			}
		| STRING typeof_concat ':' STRING typeof_concat
			{
				parser_map_typeof(state, $<set>0, $1, &@1, $2,
						  &@2, $5, &@5);
				parser_map_interval(state, $<set>0, $4, &@4);
			}
		| STRING match_lhs ':' STRING
			{
				/* "typeof KEY : verdict": checked as a type */
				parser_map_typeof_names(state, $<set>0, $1,
							&@1, $2, &@2, $4, &@4,
							&@4);
			}
		| STRING typeof_concat ':' STRING
			{
				/* "typeof KEY : verdict": checked as a type */
				parser_map_typeof_names(state, $<set>0, $1,
							&@1, $2, &@2, $4, &@4,
							&@4);
			}
		| STRING match_lhs ':' STRING '.' set_key_types
			{
				YYLTYPE all = @4;

				all.last_line = @6.last_line;
				all.last_column = @6.last_column;
				parser_map_typeof_names(state, $<set>0, $1,
							&@1, $2, &@2,
							xasprintf("%s . %s",
								  $4, $6),
							&all, &@4);
				xfree($4);
				xfree($6);
			}
		| STRING match_lhs ':' set_obj_kind
			{
				/* an object map: "typeof ip saddr : quota" */
				if (!strcmp($1, "typeof"))
					parser_set_key_once(state, $<set>0,
							    &@1, &@1);
				parser_set_typeof(state, $<set>0, $1, &@1, $2,
						  &@2);
				xfree($<set>0->data_types);
				$<set>0->data_types = $4;
				$<set>0->data_loc = @4;
			}
		| STRING typeof_concat ':' set_obj_kind
			{
				if (!strcmp($1, "typeof"))
					parser_set_key_once(state, $<set>0,
							    &@1, &@1);
				parser_set_typeof(state, $<set>0, $1, &@1, $2,
						  &@2);
				xfree($<set>0->data_types);
				$<set>0->data_types = $4;
				$<set>0->data_loc = @4;
			}
		| STRING '=' elem_map_block
			{
				if (strcmp($1, "elements"))
					parser_error(state, &@1,
						     "unknown set declaration '%s'",
						     $1);
				if ($<set>0->init)
					expr_free($<set>0->init);
				$<set>0->init = $3;
				xfree($1);
			}
		| STRING '=' elem_set_block
			{
				if (strcmp($1, "elements"))
					parser_error(state, &@1,
						     "unknown set declaration '%s'",
						     $1);
				if ($<set>0->init)
					expr_free($<set>0->init);
				$<set>0->init = $3;
				xfree($1);
			}
		;

/* "counter quota 10 mbytes": several on a line, as listed */
setdecl_stmts	: elem_stmt
			{
				set_stmts_add(&$<set>0->stmts, $1);
			}
		| setdecl_stmts elem_stmt
			{
				set_stmts_add(&$<set>0->stmts, $2);
			}
		;

/* The objects a map may name after a typeof key. */
set_obj_kind	: COUNTER		{ $$ = xstrdup("counter"); }
		| QUOTA			{ $$ = xstrdup("quota"); }
		| LIMIT			{ $$ = xstrdup("limit"); }
		| SECMARK		{ $$ = xstrdup("secmark"); }
		| SYNPROXY		{ $$ = xstrdup("synproxy"); }
		;

set_key_types	: identifier
			{
				if (parser_type_word_reserved(state, $1, &@1))
					YYERROR;
				$$ = $1;
			}
		| set_key_types '.' identifier
			{
				if (parser_type_word_reserved(state, $3, &@3)) {
					xfree($1);
					YYERROR;
				}
				$$ = xasprintf("%s . %s", $1, $3);
				xfree($1);
				xfree($3);
			}
		;

set_flag_list	: identifier		{ $$ = parser_set_flag(state, $1, &@1); }
		| set_flag_list ',' identifier
			{
				$$ = $1 | parser_set_flag(state, $3, &@3);
			}
		;

table_flags	: identifier
			{
				$$ = parser_table_flag(state, $1, &@1);
				xfree($1);
			}
		| table_flags ',' identifier
			{
				$$ = $1 | parser_table_flag(state, $3, &@3);
				xfree($3);
			}
		;

/* Chain blocks */

chain_block	: %empty
			{
				$$ = chain_alloc(NULL);
				parser_scope_push(state);
			}
		| chain_block separator		{ $$ = $1; }
		| chain_block chain_item separator	{ $$ = $1; }
		| chain_block common_block	{ $$ = $1; }
		| chain_block error separator	{ $$ = $1; yyerrok; }
		;

/* Every item ends with a separator, as in table blocks. */
chain_body	: chain_block			{ $$ = $1; }
		;

/* Items apply to the chain below them on the stack ($0). */
chain_item	: TYPE identifier HOOK identifier opt_dev_spec PRIORITY
		  prio_expr
			{
				struct chain *c = $<chain>0;

				parser_chain_hook(state, c, $2, &@2, $4, &@4);
				parser_chain_devices(c, $5);
				expr_free(c->priority);
				c->priority = $7;
				c->hook_spec_loc = @$;
				c->prio_loc = location_span(&@6, &@7);
			}
		| POLICY policy_expr
			{
				expr_free($<chain>0->policy);
				$<chain>0->policy = $2;
			}
		| COMMENT string_arg
			{
				parser_comment(state, &$<chain>0->comment,
					       &$<chain>0->comment_loc, $2, &@2,
					       &@$);
			}
		| dev_spec
			{
				parser_chain_devices($<chain>0, $1);
			}
		| rule_body
			{
				list_add_tail(&$1->list, &$<chain>0->rules);
			}
		;

opt_dev_spec	: %empty		{ $$ = NULL; }
		| dev_spec		{ $$ = $1; }
		;

dev_spec	: DEVICE dev_value		{ $$ = $2; }
		| DEVICES '=' dev_set		{ $$ = $3; }
		;

dev_set		: dev_value			{ $$ = $1; }
		| '{' opt_newlines dev_list opt_newlines '}'	{ $$ = $3; }
		;

dev_list	: dev_value
			{
				$$ = list_expr_alloc(&@$);
				list_expr_add($$, $1);
			}
		| dev_list ',' opt_newlines dev_value
			{
				$$ = $1;
				list_expr_add($$, $4);
			}
		;

dev_value	: STRING
			{
				$$ = symbol_expr_alloc_take(&@1, $1, false);
			}
		| QUOTED_STRING
			{
				$$ = symbol_expr_alloc_take(&@1, $1, true);
			}
		| keyword_id	{ $$ = symbol_expr_alloc(&@1, $1, false); }
		| VARIABLE
			{
				$$ = parser_var_ref(state, $1, &@1);
				xfree($1);
			}
		;

/* "filter", "filter + 10", "mangle - 5", "-150", "$prio" */
prio_expr	: VARIABLE
			{
				$$ = parser_var_ref(state, $1, &@1);
				xfree($1);
			}
		| prio_base
			{
				$$ = symbol_expr_alloc(&@$, $1, false);
				xfree($1);
			}
		| prio_base '+' NUMBER
			{
				$$ = parser_prio_offset(&@$, $1, "+", $3);
			}
		| prio_base '-' NUMBER
			{
				$$ = parser_prio_offset(&@$, $1, "-", $3);
			}
		;

prio_base	: identifier		{ $$ = $1; }
		| NUMBER		{ $$ = $1; }
		| '-' NUMBER
			{
				$$ = xasprintf("-%s", $2);
				xfree($2);
			}
		;

/* Any other word is a syntax error to 1.1.3 ("expecting accept or drop
 * or '$'"), a quoted "drop" too. */
policy_expr	: ACCEPT	{ $$ = symbol_expr_alloc(&@1, $1, false); }
		| DROP		{ $$ = symbol_expr_alloc(&@1, $1, false); }
		| VARIABLE
			{
				$$ = parser_var_ref(state, $1, &@1);
				xfree($1);
			}
		;

/* Rules */

rule_body	: stmt_list		{ $$ = $1; }
		| stmt_list COMMENT string_arg
			{
				$$ = $1;
				xfree($$->comment);
				$$->comment = $3;
				$$->comment_loc = @3;
				$$->location = @$;
			}
		;

stmt_list	: stmt
			{
				state->lhs_word.indesc = NULL;
				$$ = parser_rule_alloc(&@$);
				parser_rule_add_stmt($$, $1, &@$);
			}
		| stmt_list stmt
			{
				state->lhs_word.indesc = NULL;
				$$ = $1;
				parser_rule_add_stmt($$, $2, &@$);
			}
		;

stmt		: match_stmt		{ $$ = $1; }
		| counter_stmt		{ $$ = $1; }
		| verdict_stmt		{ $$ = $1; }
		| log_stmt		{ $$ = $1; }
		| limit_stmt		{ $$ = $1; }
		| quota_stmt		{ $$ = $1; }
		| reject_stmt		{ $$ = $1; }
		| queue_stmt		{ $$ = $1; }
		| dup_stmt		{ $$ = $1; }
		| fwd_stmt		{ $$ = $1; }
		| last_stmt		{ $$ = $1; }
		| synproxy_stmt		{ $$ = $1; }
		| nat_stmt		{ $$ = $1; }
		| tproxy_stmt		{ $$ = $1; }
		| keyset_stmt		{ $$ = $1; }
		| notrack_stmt		{ $$ = $1; }
		| xt_stmt		{ $$ = $1; }
		| optstrip_stmt		{ $$ = $1; }
		| connlimit_stmt	{ $$ = $1; }
		| flow_stmt		{ $$ = $1; }
		| vmap_stmt		{ $$ = $1; }
		| set_stmt		{ $$ = $1; }
		;

match_stmt	: match_lhs match_rhs
			{
				if (parser_scope_word(state, $1, $2)) {
					expr_free($1);
					expr_free($2);
					YYERROR;
				}
				$$ = expr_stmt_alloc(&@$,
					relational_expr_alloc(&@$, OP_IMPLICIT,
							      $1, $2));
			}
		/* "tcp flags ! syn": none of the flags (helper "payload") */
		| match_lhs '!' match_rhs
			{
				$$ = expr_stmt_alloc(&@$,
					relational_expr_alloc(&@$, OP_NEG,
							      $1, $3));
			}
		/* "tcp flags syn / syn,ack": the value under a mask;
		 * "meta mark 0x50000/16": a prefix, as for addresses */
		| match_lhs flag_head '/' match_rhs
			{
				$$ = expr_stmt_alloc(&@$,
					parser_slash(state, &@$, $1, OP_IMPLICIT,
						     $2, &@2, $4, &@4));
			}
		| match_lhs rel_op flag_head '/' match_rhs
			{
				$$ = expr_stmt_alloc(&@$,
					parser_slash(state, &@$, $1, $2,
						     $3, &@3, $5, &@5));
			}
		| match_lhs rel_op match_rhs
			{
				$$ = expr_stmt_alloc(&@$,
					relational_expr_alloc(&@$, $2, $1, $3));
			}
		| match_lhs rhs_set_block
			{
				$$ = expr_stmt_alloc(&@$,
					relational_expr_alloc(&@$, OP_IMPLICIT,
							      $1, $2));
			}
		| match_lhs rel_op rhs_set_block
			{
				$$ = expr_stmt_alloc(&@$,
					relational_expr_alloc(&@$, $2, $1, $3));
			}
		| concat_lhs rhs_set_block
			{
				$$ = expr_stmt_alloc(&@$,
					relational_expr_alloc(&@$, OP_IMPLICIT,
							      $1, $2));
			}
		| concat_lhs rel_op rhs_set_block
			{
				$$ = expr_stmt_alloc(&@$,
					relational_expr_alloc(&@$, $2, $1, $3));
			}
		| concat_lhs set_ref
			{
				$$ = expr_stmt_alloc(&@$,
					relational_expr_alloc(&@$, OP_IMPLICIT,
							      $1, $2));
			}
		| concat_lhs rel_op set_ref
			{
				$$ = expr_stmt_alloc(&@$,
					relational_expr_alloc(&@$, $2, $1, $3));
			}
		| concat_lhs rhs_expr
			{
				$$ = expr_stmt_alloc(&@$,
					relational_expr_alloc(&@$, OP_IMPLICIT,
							      $1, $2));
			}
		| concat_lhs rel_op rhs_expr
			{
				$$ = expr_stmt_alloc(&@$,
					relational_expr_alloc(&@$, $2, $1, $3));
			}
		| concat_lhs rhs_concat
			{
				$$ = expr_stmt_alloc(&@$,
					relational_expr_alloc(&@$, OP_IMPLICIT,
							      $1, $2));
			}
		| concat_lhs rel_op rhs_concat
			{
				$$ = expr_stmt_alloc(&@$,
					relational_expr_alloc(&@$, $2, $1, $3));
			}
		| lhs_value match_rhs
			{
				$$ = expr_stmt_alloc(&@$,
					relational_expr_alloc(&@$, OP_IMPLICIT,
							      $1, $2));
			}
		| lhs_value rel_op match_rhs
			{
				$$ = expr_stmt_alloc(&@$,
					relational_expr_alloc(&@$, $2, $1, $3));
			}
		| lhs_value rhs_set_block
			{
				$$ = expr_stmt_alloc(&@$,
					relational_expr_alloc(&@$, OP_IMPLICIT,
							      $1, $2));
			}
		| lhs_value rel_op rhs_set_block
			{
				$$ = expr_stmt_alloc(&@$,
					relational_expr_alloc(&@$, $2, $1, $3));
			}
		/* "foo map { 1 : 2 } 3": a value mapped, then matched, as
		 * 1.1.3's grammar takes it (its evaluator finds no type) */
		| lhs_map match_rhs
			{
				$$ = expr_stmt_alloc(&@$,
					relational_expr_alloc(&@$, OP_IMPLICIT,
							      $1, $2));
			}
		| lhs_map rel_op match_rhs
			{
				$$ = expr_stmt_alloc(&@$,
					relational_expr_alloc(&@$, $2, $1, $3));
			}
		| lhs_map rhs_set_block
			{
				$$ = expr_stmt_alloc(&@$,
					relational_expr_alloc(&@$, OP_IMPLICIT,
							      $1, $2));
			}
		| lhs_map rel_op rhs_set_block
			{
				$$ = expr_stmt_alloc(&@$,
					relational_expr_alloc(&@$, $2, $1, $3));
			}
		;

lhs_map		: lhs_value MAP map_block
			{
				$$ = map_expr_alloc(&@$, $1, $3, false);
			}
		| lhs_value MAP set_ref
			{
				$$ = map_expr_alloc(&@$, $1, $3, false);
			}
		| match_lhs MAP map_block
			{
				$$ = map_expr_alloc(&@$, $1, $3, false);
			}
		| match_lhs MAP set_ref
			{
				$$ = map_expr_alloc(&@$, $1, $3, false);
			}
		| concat_lhs MAP map_block
			{
				$$ = map_expr_alloc(&@$, $1, $3, false);
			}
		| concat_lhs MAP set_ref
			{
				$$ = map_expr_alloc(&@$, $1, $3, false);
			}
		;

/* A named set: "@blocked" (src/expr/setref.c) */
set_ref		: '@' identifier
			{
				$$ = setref_expr_alloc(&@$, $2);
				xfree($2);
			}
		;

/*
 * Anonymous sets (src/expr/set.c): "{ 22, 80, 8000-8080 }" on the right
 * of a match; members may be values, ranges, prefixes and variables,
 * separated by commas and newlines, with an optional trailing comma.
 */
/* Elements of named sets (declarations, "add element") may stay packed
 * (include/set_pack.h); everywhere else the members are listed. */
set_block	: elem_set_block
			{
				$$ = $1;
				set_expr_unpack($$);
			}
		;

elem_set_block	: '{' opt_newlines set_list opt_newlines '}'
			{
				$$ = $3;
				$$->location = @$;
			}
		| '{' opt_newlines set_list opt_newlines ',' opt_newlines '}'
			{
				$$ = $3;
				$$->location = @$;
			}
		;

set_list	: set_elem
			{
				$$ = set_expr_alloc(&@$);
				parser_set_add(state, $$, $1);
			}
		| set_list opt_newlines ',' opt_newlines set_elem
			{
				$$ = $1;
				parser_set_add(state, $$, $5);
			}
		/* "{ 1, 2 : 3 }": 1.1.3's grammar takes a mapping after
		 * plain members, its evaluator refuses it */
		| set_list opt_newlines ',' opt_newlines map_elem
			{
				$$ = $1;
				parser_set_add(state, $$, $5);
			}
		;

set_member	: set_value
		| concat_rhs
		;

/* A member with its options: "10.0.0.1 timeout 10s expires 5s
 * comment "x" counter" (named sets' elements, src/obj/set.c). */
set_elem	: set_member
		| set_elem elem_opt_key elem_opt_value
			{
				$$ = $1;
				if (!parser_elem_opt(state, $$, $2, &@2, $3,
						     &@3)) {
					/* popped without its destructor */
					expr_free($1);
					YYERROR;
				}
			}
		| set_elem COMMENT string_arg
			{
				struct location loc = @3;

				$$ = $1;
				if (strlen($3) > 128)
					parser_error(state, &@3,
						     "comment too long, 128 characters maximum allowed");
				parser_comment(state,
					       &set_elem_info_of($$)->comment,
					       &loc, $3, &@3, &@2);
			}
		| set_elem elem_stmt
			{
				$$ = $1;
				set_stmts_add(&set_elem_info_of($$)->stmts, $2);
			}
		;

/* "timeout" and "expires" are keywords to the reference: any other word
 * after a member is a syntax error there ("{ 1.2 }" is 1 and ".2"). */
elem_opt_key	: STRING
			{
				if (!parser_is_elem_opt($1)) {
					parser_unexpected(state, &@1, "string", $1);
					xfree($1);
					YYERROR;
				}
				$$ = $1;
			}
		;

elem_opt_value	: STRING
		| NUMBER
		;

/*
 * What an element keeps, and what a set declares for every element:
 * "counter [packets N bytes N]", "limit rate ...", "quota ...", "ct count
 * [over] N", "last [used ...]" (src/obj/set_stmt.c). No named objects:
 * "counter timeout 10s" is a counter and an option.
 */
elem_stmt	: COUNTER		{ $$ = counter_stmt_alloc(&@$); }
		| COUNTER PACKETS number BYTES number
			{
				$$ = counter_stmt_alloc(&@$);
				$$->counter.packets = $3;
				$$->counter.bytes = $5;
			}
		| LIMIT RATE limit_mode NUMBER '/' STRING limit_burst_pkts
			{
				$$ = parser_limit(state, &@$, $3, $4, &@4, NULL,
						  $6, &@6, $7);
			}
		| LIMIT RATE limit_mode NUMBER STRING limit_burst_bytes
			{
				$$ = parser_limit(state, &@$, $3, $4, &@4, $5,
						  NULL, &@5, $6);
			}
		| QUOTA quota_mode quota_value quota_used
			{
				$$ = quota_stmt_alloc(&@$);
				$$->quota.flags = $2;
				$$->quota.bytes = $3;
				$$->quota.used = $4;
			}
		| connlimit_stmt	{ $$ = $1; }
		| last_stmt		{ $$ = $1; }
		;

/*
 * Anonymous maps (src/expr/map.c): "KEY map { k : v, ... }" wherever a
 * statement takes a value, "KEY vmap { k : VERDICT, ... }" as a
 * statement. The data's type is the statement's (or a verdict).
 */
map_expr	: stmt_expr MAP anon_map_block
			{
				$$ = map_expr_alloc(&@$, $1, $3, false);
			}
		| stmt_expr MAP VARIABLE
			{
				$$ = map_expr_alloc(&@$, $1,
					parser_var_ref(state, $3, &@3), false);
				xfree($3);
			}
		| stmt_expr MAP set_ref
			{
				$$ = map_expr_alloc(&@$, $1, $3, false);
			}
		;

vmap_stmt	: stmt_expr VMAP vmap_block
			{
				$$ = verdict_stmt_alloc(&@$,
					map_expr_alloc(&@$, $1, $3, true));
			}
		| lhs_value VMAP vmap_block
			{
				$$ = verdict_stmt_alloc(&@$,
					map_expr_alloc(&@$, $1, $3, true));
			}
		| stmt_expr VMAP VARIABLE
			{
				$$ = verdict_stmt_alloc(&@$,
					map_expr_alloc(&@$, $1,
						parser_var_ref(state, $3, &@3),
						true));
				xfree($3);
			}
		| stmt_expr VMAP set_ref
			{
				$$ = verdict_stmt_alloc(&@$,
					map_expr_alloc(&@$, $1, $3, true));
			}
		;

/*
 * "counter name KEY map { ... }": the key is a header field, a meta or
 * ct key ("meta mark", "mark", "ct original mark") or a concatenation of
 * them. Other expressions start with a word that can be an object's name
 * ("counter name numgen" followed by the next statement).
 */
objmap_expr	: objmap_key MAP map_block
			{
				$$ = map_expr_alloc(&@$, $1, $3, false);
			}
		| objmap_key MAP set_ref
			{
				$$ = map_expr_alloc(&@$, $1, $3, false);
			}
		;

objmap_key	: objmap_field		{ $$ = $1; }
		| objmap_key '.' objmap_field
			{
				if ($1->etype != EXPR_CONCAT) {
					$$ = concat_expr_alloc(&@$);
					concat_expr_add($$, $1);
				} else {
					$$ = $1;
					$$->location = @$;
					concat_member_from_dot($3, &@2);
				}
				concat_expr_add($$, $3);
			}
		;

/* "tcp dport" whose field is not a keyword, told apart so from
 * "counter name tcp" followed by a statement */
objmap_field	: proto_kw STRING
			{
				$$ = parser_payload(state, &@$, $1, &@1, $2,
						    &@2);
				xfree($2);
			}
		/* "vlan type", "ether type": the field is a keyword */
		| proto_kw TYPE
			{
				$$ = parser_payload(state, &@$, $1, &@1, "type",
						    &@2);
			}
		| '@' identifier ',' NUMBER ',' NUMBER
			{
				/* the statement goes, as with 1.1.3 */
				if (!payload_base_known($2)) {
					parser_error(state, &@2,
						     "unknown raw payload base");
					xfree($2);
					xfree($4);
					xfree($6);
					YYERROR;
				}
				$$ = parser_payload_raw(state, &@$, $2, &@2,
							$4, &@4, $6);
				xfree($2);
				xfree($4);
				xfree($6);
			}
		| meta_expr		{ $$ = $1; }
		| ct_expr		{ $$ = $1; }
		| numgen_expr		{ $$ = $1; }
		| hash_expr		{ $$ = $1; }
		/* as 1.1.3 takes them there: not fib, ipsec, extension
		 * headers, nor the routing header's fields */
		| osf_expr		{ $$ = $1; }
		| socket_expr		{ $$ = $1; }
		| option_expr		{ $$ = $1; }
		| rt_expr
			{
				if (parser_rt_header_field(state, $1)) {
					expr_free($1);
					YYERROR;
				}
				$$ = $1;
			}
		;

map_block	: elem_map_block
			{
				$$ = $1;
				set_expr_unpack($$);
			}
		;

/* A rule's map whose mappings may stay packed (map_expr_evaluate()
 * decides, src/expr/map.c). */
anon_map_block	: elem_map_block	{ $$ = $1; }
		;

/* A verdict map's data are verdicts to the grammar ("vmap { 22 : 33 }"
 * is a syntax error at 33, as in the reference). */
vmap_block	: '{' opt_newlines vmap_list opt_newlines '}'
			{
				$$ = $3;
				$$->location = @$;
			}
		| '{' opt_newlines vmap_list opt_newlines ',' opt_newlines '}'
			{
				$$ = $3;
				$$->location = @$;
			}
		;

vmap_list	: vmap_elem
			{
				$$ = set_expr_alloc(&@$);
				parser_map_add(state, $$, $1);
			}
		| vmap_list opt_newlines ',' opt_newlines vmap_elem
			{
				$$ = $1;
				parser_map_add(state, $$, $5);
			}
		;

vmap_elem	: set_elem ':' map_verdict
			{
				$$ = parser_mapping(state, &@$, $1, $3);
				$$->elem_info = $1->elem_info;
				$1->elem_info = NULL;
			}
		;

/* A set on the right of a match: members, and mappings, which the
 * evaluator refuses there ("mapping outside of map context"), as the
 * reference's grammar takes them. Its members may stay packed (the
 * match's evaluation decides, src/expr/relational.c). */
rhs_set_block	: '{' opt_newlines rhs_set_list opt_newlines '}'
			{
				$$ = $3;
				$$->location = @$;
			}
		| '{' opt_newlines rhs_set_list opt_newlines ',' opt_newlines '}'
			{
				$$ = $3;
				$$->location = @$;
			}
		;

rhs_set_list	: set_elem
			{
				$$ = set_expr_alloc(&@$);
				parser_set_add(state, $$, $1);
			}
		| map_elem
			{
				$$ = set_expr_alloc(&@$);
				parser_set_add(state, $$, $1);
			}
		| rhs_set_list opt_newlines ',' opt_newlines set_elem
			{
				$$ = $1;
				parser_set_add(state, $$, $5);
			}
		| rhs_set_list opt_newlines ',' opt_newlines map_elem
			{
				$$ = $1;
				parser_set_add(state, $$, $5);
			}
		;

elem_map_block	: '{' opt_newlines map_list opt_newlines '}'
			{
				$$ = $3;
				$$->location = @$;
			}
		| '{' opt_newlines map_list opt_newlines ',' opt_newlines '}'
			{
				$$ = $3;
				$$->location = @$;
			}
		;

map_list	: map_elem
			{
				$$ = set_expr_alloc(&@$);
				parser_map_add(state, $$, $1);
			}
		| map_list opt_newlines ',' opt_newlines map_elem
			{
				$$ = $1;
				parser_map_add(state, $$, $5);
			}
		;

map_elem	: set_elem ':' map_data
			{
				$$ = parser_mapping(state, &@$, $1, $3);
				/* the options go with the mapping */
				$$->elem_info = $1->elem_info;
				$1->elem_info = NULL;
			}
		;

map_data	: set_value		{ $$ = $1; }
		| concat_rhs		{ $$ = $1; }
		| map_verdict		{ $$ = $1; }
		;

map_verdict	: ACCEPT
			{
				$$ = parser_map_verdict(state, &@$, NF_ACCEPT, NULL);
			}
		| DROP
			{
				$$ = parser_map_verdict(state, &@$, NF_DROP, NULL);
			}
		| RETURN
			{
				$$ = parser_map_verdict(state, &@$, NFT_RETURN, NULL);
			}
		| CONTINUE
			{
				$$ = parser_map_verdict(state, &@$, NFT_CONTINUE, NULL);
			}
		| JUMP chain_target
			{
				$$ = parser_map_verdict(state, &@$, NFT_JUMP, $2);
			}
		| GOTO chain_target
			{
				$$ = parser_map_verdict(state, &@$, NFT_GOTO, $2);
			}
		;

/*
 * One member, a range of two or a prefix. A member may combine constants
 * with |, & and ^ ("tcp flags { syn, syn | ack }", "ct status {
 * expected, seen-reply | assured }"), which bind as in C and fold into
 * one value of the set's type once evaluated: a comma separates
 * members here, so "|" is what joins the flags of one of them.
 */
set_value	: set_bits		{ $$ = $1; }
		| set_bits '-' set_bits
			{
				$$ = range_expr_alloc(&@$, $1, $3);
			}
		| ADDRSTRING '/' NUMBER
			{
				$$ = parser_prefix(state, &@$, $1, &@1, $3, &@3);
			}
		;

set_bits	: set_operand		{ $$ = $1; }
		| set_bits '|' set_operand
			{
				$$ = parser_binop(&@$, OP_OR, $1, $3);
			}
		| set_bits '&' set_operand
			{
				$$ = parser_binop(&@$, OP_AND, $1, $3);
			}
		| set_bits '^' set_operand
			{
				$$ = parser_binop(&@$, OP_XOR, $1, $3);
			}
		;

set_operand	: rhs_primary		{ $$ = $1; }
		| VARIABLE
			{
				$$ = parser_var_ref(state, $1, &@1);
				xfree($1);
			}
		| '(' set_bits ')'
			{
				$$ = $2;
				$$->location = @$;
				$$->flags |= EXPR_F_PARENS;
			}
		;

/* Concatenations (src/expr/concat.c): "ip saddr . tcp dport" matched
 * with sets of "1.2.3.4 . 22". */
concat_lhs	: match_lhs '.' concat_item
			{
				$$ = concat_expr_alloc(&@$);
				concat_expr_add($$, $1);
				concat_expr_add($$, $3);
			}
		| lhs_value '.' concat_item
			{
				$$ = concat_expr_alloc(&@$);
				concat_expr_add($$, $1);
				concat_expr_add($$, $3);
			}
		| concat_lhs '.' concat_item
			{
				$$ = $1;
				$$->location = @$;
				concat_member_from_dot($3, &@2);
				concat_expr_add($$, $3);
			}
		;

concat_rhs	: set_value '.' set_value
			{
				$$ = concat_expr_alloc(&@$);
				concat_expr_add($$, $1);
				concat_expr_add($$, $3);
			}
		| concat_rhs '.' set_value
			{
				$$ = $1;
				$$->location = @$;
				concat_member_from_dot($3, &@2);
				concat_expr_add($$, $3);
			}
		;

/* a typeof's: selectors only */
typeof_concat	: match_lhs '.' match_lhs
			{
				$$ = concat_expr_alloc(&@$);
				concat_expr_add($$, $1);
				concat_expr_add($$, $3);
			}
		| typeof_concat '.' match_lhs
			{
				$$ = $1;
				$$->location = @$;
				concat_member_from_dot($3, &@2);
				concat_expr_add($$, $3);
			}
		;

/* 1.1.3 takes any primary expression in a concatenation ("foo . meta
 * mark 1"); its evaluator finds no type for a value there */
concat_item	: match_lhs		{ $$ = $1; }
		| lhs_value		{ $$ = $1; }
		;

rel_op		: EQ		{ $$ = OP_EQ; }
		| NEQ		{ $$ = OP_NEQ; }
		| LT		{ $$ = OP_LT; }
		| GT		{ $$ = OP_GT; }
		| LTE		{ $$ = OP_LTE; }
		| GTE		{ $$ = OP_GTE; }
		;

match_lhs	: payload_expr		{ $$ = $1; }
		| meta_expr		{ $$ = $1; }
		| match_lhs LSHIFT rhs_primary
			{
				$$ = parser_binop(&@$, OP_LSHIFT, $1, $3);
			}
		| match_lhs RSHIFT rhs_primary
			{
				$$ = parser_binop(&@$, OP_RSHIFT, $1, $3);
			}
		| fib_expr		{ $$ = $1; }
		| rt_expr		{ $$ = $1; }
		| numgen_expr		{ $$ = $1; }
		| hash_expr		{ $$ = $1; }
		| socket_expr		{ $$ = $1; }
		| osf_expr		{ $$ = $1; }
		| xfrm_expr		{ $$ = $1; }
		| exthdr_expr		{ $$ = $1; }
		| ct_expr		{ $$ = $1; }
		| match_lhs '&' rhs_primary
			{
				$$ = parser_binop(&@$, OP_AND, $1, $3);
			}
		| match_lhs '&' '(' flag_or ')'
			{
				$$ = parser_binop(&@$, OP_AND, $1, $4);
			}
		| match_lhs '|' rhs_primary
			{
				$$ = parser_binop(&@$, OP_OR, $1, $3);
			}
		| match_lhs '^' rhs_primary
			{
				$$ = parser_binop(&@$, OP_XOR, $1, $3);
			}
		;

/* A value where a selector goes ("foo 22", "1.2.3.4 1"): the
 * reference's grammar takes any primary expression there, and its
 * evaluator finds no type for it. */
lhs_value	: STRING
			{
				if (parser_is_reserved($1)) {
					parser_unexpected(state, &@1, $1, NULL);
					xfree($1);
					YYERROR;
				}
				state->lhs_word = @1;
				$$ = symbol_expr_alloc_take(&@1, $1, false);
			}
		| NUMBER
			{
				$$ = symbol_expr_alloc_take(&@1, $1, false);
			}
		| OPT_WORD
			{
				state->lhs_word = @1;
				$$ = symbol_expr_alloc_take(&@1, $1, false);
			}
		| QUOTED_STRING
			{
				$$ = symbol_expr_alloc_take(&@1, $1, true);
			}
		| ADDRSTRING
			{
				$$ = symbol_expr_alloc_take(&@1, $1, false);
			}
		| VARIABLE
			{
				$$ = parser_var_ref(state, $1, &@1);
				xfree($1);
			}
		;

/*
 * Extension headers and options: "frag frag-off", "rt0 addr[2]",
 * "exthdr frag" (presence), "tcp option maxseg size", "tcp option
 * sack-perm" (presence), "tcp option 34", "tcp option @34,8,8", "ip
 * option rr ptr". "rt" with a header field is the routing header (see
 * parser_rt()).
 */
exthdr_name	: HBH | RT | RT0 | RT2 | SRH | FRAG | DST | MH
		;

exthdr_expr	: HBH identifier
			{
				$$ = parser_exthdr(state, &@$, NFT_EXTHDR_OP_IPV6,
						   $1, &@1, $2, &@2, 0);
			}
		| RT0 identifier '[' number ']'
			{
				$$ = parser_exthdr(state, &@$, NFT_EXTHDR_OP_IPV6,
						   $1, &@1, $2, &@2, $4);
			}
		| RT2 identifier
			{
				$$ = parser_exthdr(state, &@$, NFT_EXTHDR_OP_IPV6,
						   $1, &@1, $2, &@2, 0);
			}
		| RT0 identifier
			{
				$$ = parser_exthdr(state, &@$, NFT_EXTHDR_OP_IPV6,
						   $1, &@1, $2, &@2, 0);
			}
		| SRH identifier
			{
				$$ = parser_exthdr(state, &@$, NFT_EXTHDR_OP_IPV6,
						   $1, &@1, $2, &@2, 0);
			}
		| SRH identifier '[' number ']'
			{
				$$ = parser_exthdr(state, &@$, NFT_EXTHDR_OP_IPV6,
						   $1, &@1, $2, &@2, $4);
			}
		| FRAG identifier
			{
				$$ = parser_exthdr(state, &@$, NFT_EXTHDR_OP_IPV6,
						   $1, &@1, $2, &@2, 0);
			}
		| DST identifier
			{
				$$ = parser_exthdr(state, &@$, NFT_EXTHDR_OP_IPV6,
						   $1, &@1, $2, &@2, 0);
			}
		| MH identifier
			{
				$$ = parser_exthdr(state, &@$, NFT_EXTHDR_OP_IPV6,
						   $1, &@1, $2, &@2, 0);
			}
		| EXTHDR exthdr_name
			{
				$$ = parser_exthdr(state, &@$, NFT_EXTHDR_OP_IPV6,
						   $2, &@2, NULL, NULL, 0);
			}
		| option_expr		{ $$ = $1; }
		;

/* TCP and IP options, SCTP chunks: a set statement's value may be one
 * (keyset_operand), an IPv6 extension header not, as in 1.1.3 */
option_expr	: proto_kw OPTION option_name	%prec OPTION_PRESENCE
			{
				$$ = parser_option(state, &@$, $1, &@1, $3, &@3,
						   NULL, NULL);
				if (!$$)
					YYERROR;
			}
		| proto_kw OPTION option_name STRING
			{
				$$ = parser_option(state, &@$, $1, &@1, $3, &@3,
						   $4, &@4);
				if (!$$)
					YYERROR;
			}
		| proto_kw OPTION option_name TYPE
			{
				$$ = parser_option(state, &@$, $1, &@1, $3, &@3,
						   xstrdup($4), &@4);
				if (!$$)
					YYERROR;
			}
		| proto_kw OPTION option_name COUNT
			{
				$$ = parser_option(state, &@$, $1, &@1, $3, &@3,
						   xstrdup($4), &@4);
				if (!$$)
					YYERROR;
			}
		| proto_kw CHUNK STRING	%prec OPTION_PRESENCE
			{
				$$ = parser_chunk(state, &@$, $1, &@1, $3, &@3,
						  NULL, NULL);
				if (!$$)
					YYERROR;
			}
		| proto_kw CHUNK STRING STRING
			{
				$$ = parser_chunk(state, &@$, $1, &@1, $3, &@3,
						  $4, &@4);
				if (!$$)
					YYERROR;
			}
		| proto_kw CHUNK STRING TYPE
			{
				$$ = parser_chunk(state, &@$, $1, &@1, $3, &@3,
						  xstrdup($4), &@4);
				if (!$$)
					YYERROR;
			}
		| proto_kw CHUNK STRING FLAGS
			{
				$$ = parser_chunk(state, &@$, $1, &@1, $3, &@3,
						  xstrdup($4), &@4);
				if (!$$)
					YYERROR;
			}
		| proto_kw OPTION NUMBER	%prec OPTION_PRESENCE
			{
				$$ = parser_option_number(state, &@$, $1, &@1,
							  $3, &@3, NULL, NULL);
				if (!$$)
					YYERROR;
			}
		/* "tcp option 5 length": its one field by number */
		| proto_kw OPTION NUMBER STRING
			{
				$$ = parser_option_number(state, &@$, $1, &@1,
							  $3, &@3, $4, &@4);
				if (!$$)
					YYERROR;
			}
		| proto_kw OPTION NUMBER COUNT
			{
				$$ = parser_option_number(state, &@$, $1, &@1,
							  $3, &@3, xstrdup($4),
							  &@4);
				if (!$$)
					YYERROR;
			}
		| proto_kw OPTION '@' number ',' number ',' number
			{
				$$ = parser_option_raw(state, &@$, $1, &@1, $4,
						       $6, $8, &@8);
			}
		;

/* Option names that are also synproxy keywords. */
option_name	: STRING		{ $$ = $1; }
		| TIMESTAMP		{ $$ = xstrdup($1); }
		| SACK_PERM		{ $$ = xstrdup($1); }
		;

/*
 * Routing and other lookups: fib, rt, numgen, jhash/symhash, socket,
 * osf, ipsec. Their keys are words looked up in the kinds' tables.
 */
fib_expr	: FIB fib_flags identifier
			{
				$$ = parser_fib(state, &@$, $2, &@2, $3, &@3);
			}
		;

fib_flags	: identifier
			{
				$$ = parser_fib_flag(state, $1, &@1);
			}
		| fib_flags '.' identifier
			{
				$$ = $1 | parser_fib_flag(state, $3, &@3);
			}
		;

rt_expr		: RT identifier
			{
				$$ = parser_rt(state, &@$, NULL, $2, &@2);
			}
		| RT IP identifier
			{
				$$ = parser_rt(state, &@$, "ip", $3, &@3);
			}
		| RT IP6 identifier
			{
				$$ = parser_rt(state, &@$, "ip6", $3, &@3);
			}
		;

numgen_expr	: NUMGEN identifier MOD number opt_offset
			{
				$$ = parser_numgen(state, &@$, $2, &@2, $4,
						   $5);
			}
		;

/* "symhash mod 2 offset 5": a word after the modulus is its offset or
 * seed, never a value ("offset" is one to the scanner) */
opt_offset	: %empty	%prec OPTION_PRESENCE	{ $$ = 0; }
		| OFFSET number		{ $$ = $2; }
		;

hash_src	: match_lhs		{ $$ = $1; }
		| concat_lhs		{ $$ = $1; }
		;

hash_expr	: JHASH hash_src MOD number opt_offset
			{
				$$ = parser_hash(&@$, NFT_HASH_JENKINS, $2, $4,
						 NULL, $5);
			}
		| JHASH hash_src MOD number SEED number opt_offset
			{
				$$ = parser_hash(&@$, NFT_HASH_JENKINS, $2, $4,
						 &$6, $7);
			}
		| SYMHASH MOD number opt_offset
			{
				$$ = parser_hash(&@$, NFT_HASH_SYM, NULL, $3,
						 NULL, $4);
			}
		;

socket_expr	: SOCKET identifier	%prec OPTION_PRESENCE
			{
				$$ = parser_socket(state, &@$, $2, &@2);
			}
		| SOCKET identifier LEVEL number
			{
				$$ = parser_socket(state, &@$, $2, &@2);
				parser_socket_level(state, $$, $4, &@4);
			}
		;

/* plain words: "ttl" is a keyword, and the keys are not */
osf_expr	: OSF STRING
			{
				$$ = parser_osf(state, &@$, NULL, NULL, $2, &@2);
			}
		| OSF NAME
			{
				$$ = parser_osf(state, &@$, NULL, NULL,
						xstrdup($2), &@2);
			}
		| OSF TTL STRING STRING
			{
				$$ = parser_osf(state, &@$, $3, &@3, $4, &@4);
			}
		| OSF TTL STRING NAME
			{
				$$ = parser_osf(state, &@$, $3, &@3, xstrdup($4),
						&@4);
			}
		;

opt_spnum	: %empty		{ $$ = 0; }
		| SPNUM number
			{
				$$ = parser_spnum(state, $2, &@2);
			}
		;

xfrm_expr	: IPSEC identifier opt_spnum identifier
			{
				$$ = parser_xfrm(state, &@$, $2, &@2, $3, NULL,
						 $4, &@4);
			}
		| IPSEC identifier opt_spnum IP identifier
			{
				$$ = parser_xfrm(state, &@$, $2, &@2, $3, "ip",
						 $5, &@5);
			}
		| IPSEC identifier opt_spnum IP6 identifier
			{
				$$ = parser_xfrm(state, &@$, $2, &@2, $3, "ip6",
						 $5, &@5);
			}
		;

/* One value, or flags: "ct state established,related". */
/* a single word before '/': "10.0.0.0/8" stays a prefix */
flag_head	: NUMBER
			{
				$$ = symbol_expr_alloc_take(&@1, $1, false);
			}
		| STRING
			{
				$$ = symbol_expr_alloc_take(&@1, $1, false);
			}
		;

match_rhs	: rhs_expr		{ $$ = $1; }
		| rhs_bits		{ $$ = $1; }
		| set_ref		{ $$ = $1; }
		| flag_list		{ $$ = $1; }
		| flag_or		{ $$ = $1; }
		| flag_range		{ $$ = $1; }
		| rhs_concat		{ $$ = $1; }
		;

/* "meta mark 3 ^ 4": a value of constants, as 1.1.3's grammar takes
 * it on the right of a match */
rhs_bits	: rhs_primary '^' rhs_primary
			{
				$$ = parser_binop(&@$, OP_XOR, $1, $3);
			}
		| rhs_primary '&' rhs_primary
			{
				$$ = parser_binop(&@$, OP_AND, $1, $3);
			}
		| rhs_bits '^' rhs_primary
			{
				$$ = parser_binop(&@$, OP_XOR, $1, $3);
			}
		| rhs_bits '&' rhs_primary
			{
				$$ = parser_binop(&@$, OP_AND, $1, $3);
			}
		;

/* "ip saddr . tcp dport 1.2.3.4 . 22": the grammar takes it, the
 * evaluator wants a set there, as the reference does */
rhs_concat	: rhs_expr '.' rhs_expr
			{
				$$ = concat_expr_alloc(&@$);
				concat_expr_add($$, $1);
				concat_expr_add($$, $3);
			}
		| rhs_concat '.' rhs_expr
			{
				$$ = $1;
				$$->location = @$;
				concat_member_from_dot($3, &@2);
				concat_expr_add($$, $3);
			}
		;

/* "ct state 0x1 | 0x2-0x1 | 0x4": a range of or-ed flags, as the
 * reference lists ranges of ct state and status */
flag_range	: flag_or '-' flag_or
			{
				$$ = range_expr_alloc(&@$, $1, $3);
			}
		| flag_or '-' rhs_primary
			{
				$$ = range_expr_alloc(&@$, $1, $3);
			}
		| rhs_primary '-' flag_or
			{
				$$ = range_expr_alloc(&@$, $1, $3);
			}
		;

/* "established | related": flags under a mask, as upstream lists them */
flag_or		: rhs_primary '|' rhs_primary
			{
				$$ = parser_flag_list(&@$, $1, $3);
			}
		| flag_or '|' rhs_primary
			{
				$$ = parser_flag_list(&@$, $1, $3);
			}
		;

flag_list	: rhs_primary ',' rhs_primary
			{
				$$ = parser_flag_list(&@$, $1, $3);
			}
		| flag_list ',' rhs_primary
			{
				$$ = parser_flag_list(&@$, $1, $3);
			}
		;

proto_kw	: IP %prec NAT_FAMILY
		| IP6 %prec NAT_FAMILY
		| ARP
		| PROTO
		| GRE %prec GRE_FIELD
		;

/* The headers a tunnel's inner packet has (include/inner.h); gre has
 * no Ethernet (the action refuses ether and vlan after it). */
inner_kw	: IP
		| IP6
		| ARP
		| PROTO
		;

/* A tunnel header's own field: "vxlan vni", "vxlan flags", "geneve
 * type". */
tunnel_field	: STRING	{ $$ = $1; }
		| FLAGS		{ $$ = xstrdup($1); }
		| TYPE		{ $$ = xstrdup($1); }
		;

/* "tcp dport": the field is looked up in the protocol's table. */
payload_expr	: proto_kw identifier
			{
				$$ = parser_payload(state, &@$, $1, &@1, $2,
						    &@2);
				xfree($2);
			}
		| '@' identifier ',' NUMBER ',' NUMBER
			{
				/* the statement goes, as with 1.1.3 */
				if (!payload_base_known($2)) {
					parser_error(state, &@2,
						     "unknown raw payload base");
					xfree($2);
					xfree($4);
					xfree($6);
					YYERROR;
				}
				$$ = parser_payload_raw(state, &@$, $2, &@2,
							$4, &@4, $6);
				xfree($2);
				xfree($4);
				xfree($6);
			}
		| TUNNEL inner_kw identifier
			{
				$$ = parser_inner_payload(state, &@$, $1, $2,
							  &@2, $3, &@3);
				xfree($3);
				if (!$$)
					YYERROR;
			}
		| GRE inner_kw identifier
			{
				$$ = parser_inner_payload(state, &@$, $1, $2,
							  &@2, $3, &@3);
				xfree($3);
				if (!$$)
					YYERROR;
			}
		| TUNNEL tunnel_field
			{
				$$ = parser_inner_own(state, &@$, $1, $2, &@2);
				xfree($2);
				if (!$$)
					YYERROR;
			}
		;

meta_expr	: META identifier
			{
				$$ = parser_meta(state, &@$, $2, &@2);
				xfree($2);
			}
		| META_KEY	{ $$ = parser_meta(state, &@$, $1, &@1); }
		;

rhs_expr	: rhs_primary		{ $$ = $1; }
		| rhs_primary '-' rhs_primary
			{
				$$ = range_expr_alloc(&@$, $1, $3);
			}
		| ADDRSTRING '/' NUMBER
			{
				$$ = parser_prefix(state, &@$, $1, &@1, $3, &@3);
			}
		| VARIABLE
			{
				$$ = parser_var_ref(state, $1, &@1);
				xfree($1);
			}
		;

/* Values stay text (symbols): the left-hand side's type parses them. */
rhs_primary	: NUMBER
			{
				$$ = parser_symbol(state, &@1, $1, false);
			}
		| STRING
			{
				if (parser_is_reserved($1)) {
					parser_unexpected(state, &@1, $1, NULL);
					xfree($1);
					YYERROR;
				}
				$$ = parser_symbol(state, &@1, $1, false);
			}
		| OPT_WORD
			{
				$$ = parser_symbol(state, &@1, $1, false);
			}
		| QUOTED_STRING
			{
				$$ = parser_symbol(state, &@1, $1, true);
			}
		| ADDRSTRING
			{
				$$ = parser_symbol(state, &@1, $1, false);
			}
		| rhs_keyword	{ $$ = symbol_expr_alloc(&@1, $1, false); }
		| LAST
			{
				/* a value: no "used" of the statement follows
				 * (reduced before the next token is read) */
				state->after_last = false;
				$$ = symbol_expr_alloc(&@1, $1, false);
			}
		| ARP
			{
				/* a value ("g arp daddr ether" is "g" against
				 * "arp", then "daddr" against "ether" to
				 * 1.1.3): no field name of two words follows.
				 * Reduced before the next token is read. */
				state->after_arp = false;
				$$ = symbol_expr_alloc(&@1, $1, false);
			}
		| GRE	{ $$ = symbol_expr_alloc(&@1, $1, false); }
		| PROTO
			{
				/* "th" starts an expression, never a value */
				if (!strcmp($1, "th")) {
					parser_unexpected(state, &@1, $1, NULL);
					YYERROR;
				}
				$$ = symbol_expr_alloc(&@1, $1, false);
			}
		| META_KEY
			{
				if (!parser_is_value_key($1)) {
					parser_unexpected(state, &@1, $1, NULL);
					YYERROR;
				}
				$$ = symbol_expr_alloc(&@1, $1, false);
			}
		;

/* The keywords a value may be, as 1.1.3's scanner has them: words that
 * start a statement or an expression are a syntax error there ("meta
 * iifkind bridge"), others are plain words ("meta iifkind snat"). */
rhs_keyword	: IP | IP6 | EXISTS | MISSING | CT_DIR | NAME
		| BURST | BYPASS | CHAINS | CHUNK | DESTROY | DNAT | FANOUT
		| FLOWTABLES | FULLY_RANDOM | GROUP | HOOKS | LEVEL | MAPS
		| MOD | MSS | NUM | OFFSET | OPTION | PERSISTENT | PREFIX
		| QUEUE_THRESHOLD | RATE | RESET | SACK_PERM | SEED | SETS
		| SNAPLEN | SNAT | SPNUM | TABLES | TIMESTAMP | TO | TTL | UNTIL
		| USED | WITH | WSCALE | BYTES | COUNT | OVER | PACKETS
		/* an ICMP type, as the reference has it */
		| REDIRECT
		;

/*
 * ct: "ct [original|reply] KEY", "ct original ip saddr", and the
 * statements that write meta and ct keys: "meta mark set ct mark & 0xff",
 * "ct event set new,destroy", "notrack".
 */
ct_key		: STRING		{ $$ = $1; }
		| META_KEY		{ $$ = xstrdup($1); }
		| SECMARK		{ $$ = xstrdup($1); }
		| PACKETS		{ $$ = xstrdup($1); }
		| BYTES			{ $$ = xstrdup($1); }
		;

ct_expr		: CT ct_key
			{
				$$ = parser_ct(state, &@$, NULL, $2, &@2);
				xfree($2);
			}
		| CT CT_DIR ct_key
			{
				$$ = parser_ct(state, &@$, $2, $3, &@3);
				xfree($3);
			}
		| CT CT_DIR IP STRING
			{
				$$ = parser_ct_addr(state, &@$, $2, "ip", $4,
						    &@4);
				xfree($4);
			}
		| CT CT_DIR IP6 STRING
			{
				$$ = parser_ct_addr(state, &@$, $2, "ip6", $4,
						    &@4);
				xfree($4);
			}
		;

keyset_key	: meta_expr		{ $$ = $1; }
		| ct_expr		{ $$ = $1; }
		| payload_expr		{ $$ = $1; }
		| exthdr_expr		{ $$ = $1; }
		;

keyset_stmt	: keyset_key SET keyset_value
			{
				if (parser_keyset_word(state, $1, $3)) {
					expr_free($1);
					expr_free($3);
					YYERROR;
				}
				$$ = parser_keyset(state, &@$, $1, $3);
			}
		;

/* a concatenation too ("meta mark set ether daddr . ipsec"): 1.1.3's
 * grammar takes it, its evaluator finds the type wrong */
keyset_value	: keyset_map_key	{ $$ = $1; }
		/* a key operated on too ("ip ttl & 0x1f map @m"), as
		 * 1.1.3 takes it */
		| keyset_value MAP anon_map_block
			{
				$$ = map_expr_alloc(&@$, $1, $3, false);
			}
		| keyset_value MAP VARIABLE
			{
				$$ = map_expr_alloc(&@$, $1,
					parser_var_ref(state, $3, &@3), false);
				xfree($3);
			}
		| keyset_value MAP set_ref
			{
				$$ = map_expr_alloc(&@$, $1, $3, false);
			}
		| keyset_value '&' keyset_const
			{
				$$ = parser_binop(&@$, OP_AND, $1, $3);
			}
		| keyset_value '|' keyset_const
			{
				$$ = parser_binop(&@$, OP_OR, $1, $3);
			}
		| keyset_value '^' keyset_const
			{
				$$ = parser_binop(&@$, OP_XOR, $1, $3);
			}
		| keyset_value LSHIFT keyset_const
			{
				$$ = parser_binop(&@$, OP_LSHIFT, $1, $3);
			}
		| keyset_value RSHIFT keyset_const
			{
				$$ = parser_binop(&@$, OP_RSHIFT, $1, $3);
			}
		;

/* "meta mark set ip saddr . tcp dport map { ... }" */
keyset_map_key	: keyset_operand	{ $$ = $1; }
		| keyset_map_key '.' keyset_operand
			{
				$$ = $1;
				if ($$->etype != EXPR_CONCAT ||
				    ($$->flags & EXPR_F_PARENS)) {
					$$ = concat_expr_alloc(&@$);
					concat_expr_add($$, $1);
				} else {
					concat_member_from_dot($3, &@2);
				}
				$$->location = @$;
				concat_expr_add($$, $3);
			}
		;

keyset_operand	: keyset_const		{ $$ = $1; }
		| keyset_flags		{ $$ = $1; }
		| meta_expr		{ $$ = $1; }
		| ct_expr		{ $$ = $1; }
		| payload_expr		{ $$ = $1; }
		| numgen_expr		{ $$ = $1; }
		| hash_expr		{ $$ = $1; }
		| rt_expr
			{
				/* the routing header's fields are no value
				 * there ("rt seg-left"), as in 1.1.3 */
				if (parser_rt_header_field(state, $1)) {
					expr_free($1);
					YYERROR;
				}
				$$ = $1;
			}
		| socket_expr		{ $$ = $1; }
		| osf_expr		{ $$ = $1; }
		/* "ipsec" alone is "meta ipsec" there, as in 1.1.3: "meta
		 * mark set ipsec in reqid" sets it, then matches "in" */
		| IPSEC
			{
				$$ = parser_meta(state, &@$, "ipsec", &@1);
			}
		| option_expr		{ $$ = $1; }
		;

keyset_const	: NUMBER
			{
				$$ = symbol_expr_alloc_take(&@1, $1, false);
			}
		| STRING
			{
				$$ = symbol_expr_alloc_take(&@1, $1, false);
			}
		| QUOTED_STRING
			{
				$$ = symbol_expr_alloc_take(&@1, $1, true);
			}
		| ADDRSTRING
			{
				$$ = symbol_expr_alloc_take(&@1, $1, false);
			}
		| VARIABLE
			{
				$$ = parser_var_ref(state, $1, &@1);
				xfree($1);
			}
		| DESTROY	{ $$ = symbol_expr_alloc(&@1, $1, false); }
		| CT_DIR	{ $$ = symbol_expr_alloc(&@1, $1, false); }
		;

/* "ct event set new,mark": values only before a comma ("ct event set
 * mark,new" is "ct event set meta mark", then a syntax error, as in
 * 1.1.3), after it a flag. */
keyset_flags	: keyset_const ',' keyset_flag
			{
				$$ = parser_flag_list(&@$, $1, $3);
			}
		| keyset_flags ',' keyset_flag
			{
				$$ = parser_flag_list(&@$, $1, $3);
			}
		;

/* After a comma only a flag can follow: "ct event set new,mark". */
keyset_flag	: keyset_const		{ $$ = $1; }
		| META_KEY	{ $$ = symbol_expr_alloc(&@1, $1, false); }
		;

notrack_stmt	: NOTRACK		{ $$ = notrack_stmt_alloc(&@$); }
		;

/* "xt KIND NAME", as listed for iptables-nft's rules: parsed to be
 * refused (src/stmt/xt.c) */
xt_stmt		: XT STRING xt_name
			{
				$$ = xt_stmt_alloc(&@$, 1, $3);
				xfree($2);
			}
		;
xt_name		: STRING		{ $$ = $1; }
		| QUOTED_STRING		{ $$ = $1; }
		;

/* "flow offload @ft" is the older spelling of "flow add @ft". */
flow_stmt	: FLOW ADD '@' identifier
			{
				$$ = flow_stmt_alloc(&@$, $4);
			}
		| FLOW OFFLOAD '@' identifier
			{
				$$ = flow_stmt_alloc(&@$, $4);
			}
		;

/* Set statements (src/stmt/dynset.c) */
set_stmt	: set_stmt_op '@' identifier '{' set_stmt_key set_stmt_opts '}'
			{
				YYLTYPE ref = @2;

				ref.last_line = @3.last_line;
				ref.last_column = @3.last_column;
				$$ = parser_set_stmt(&@$, $1, $3, &ref, $5, $6);
			}
		/* "update @m { KEY : DATA }": a map updated from the
		 * packet path */
		| set_stmt_op '@' identifier '{' set_stmt_key set_stmt_opts ':' map_data '}'
			{
				YYLTYPE ref = @2;

				ref.last_line = @3.last_line;
				ref.last_column = @3.last_column;
				$$ = parser_set_stmt(&@$, $1, $3, &ref, $5, $6);
				$$->dynset.data = $8;
			}
		/* "meter NAME [size N] { KEY ... }": a named dynamic set
		 * made for the rule, as upstream 1.1 does */
		/* a meter's key is followed by a statement: 1.1.3's
		 * grammar wants one before the brace */
		| METER identifier '{' set_stmt_key set_stmt_opts '}'
			{
				if (list_empty(&$5->dynset.stmts)) {
					parser_unexpected(state, &@6, "'}'", NULL);
					xfree($2);
					expr_free($4);
					stmt_free($5);
					YYERROR;
				}
				$$ = parser_meter(&@$, $2, &@2, 0, $4, $5);
			}
		| METER identifier STRING number '{' set_stmt_key set_stmt_opts '}'
			{
				if (list_empty(&$7->dynset.stmts)) {
					parser_unexpected(state, &@8, "'}'", NULL);
					xfree($2);
					xfree($3);
					expr_free($6);
					stmt_free($7);
					YYERROR;
				}
				$$ = parser_meter(&@$, $2, &@2, $4, $6, $7);
				if (strcmp($3, "size"))
					parser_error(state, &@3,
						     "unexpected '%s', expecting size or '{'",
						     $3);
				xfree($3);
			}
		;

set_stmt_op	: ADD		{ $$ = NFT_DYNSET_OP_ADD; }
		| DELETE	{ $$ = NFT_DYNSET_OP_DELETE; }
		| UPDATE	{ $$ = NFT_DYNSET_OP_UPDATE; }
		;

set_stmt_key	: match_lhs	{ $$ = $1; }
		| concat_lhs	{ $$ = $1; }
		;

/* "timeout T" comes first: "counter timeout" would be a named counter */
set_stmt_opts	: set_stmt_stmts	{ $$ = $1; }
		| STRING STRING set_stmt_stmts
			{
				$$ = $3;
				parser_set_stmt_timeout(state, $$, $1, &@1,
							$2, &@2);
			}
		;

set_stmt_stmts	: %empty
			{
				$$ = dynset_stmt_alloc(&@$, NFT_DYNSET_OP_ADD,
						       NULL, NULL);
			}
		| set_stmt_stmts set_elem_stmt
			{
				$$ = $1;
				list_add_tail(&$2->list, &$$->dynset.stmts);
			}
		;

set_elem_stmt	: counter_stmt		{ $$ = $1; }
		| limit_stmt		{ $$ = $1; }
		| quota_stmt		{ $$ = $1; }
		| connlimit_stmt	{ $$ = $1; }
		| last_stmt		{ $$ = $1; }
		;

connlimit_stmt	: CT COUNT number
			{
				$$ = parser_connlimit(state, &@$, $3, &@3, 0);
			}
		| CT COUNT OVER number
			{
				$$ = parser_connlimit(state, &@$, $4, &@4,
						      NFT_CONNLIMIT_F_INV);
			}
		;

counter_stmt	: COUNTER		{ $$ = counter_stmt_alloc(&@$); }
		| COUNTER NAME objmap_expr
			{
				$$ = parser_objmap(state, &@$, NFT_OBJECT_COUNTER, $3);
			}
		| COUNTER NAME objref_name
			{
				$$ = parser_objref(state, &@$, NFT_OBJECT_COUNTER, $3);
				$$->objref.name_loc = @3;
			}
		| counter_valued
		;

/* "reset tcp option sack-perm": the option removed from the packet */
optstrip_stmt	: RESET proto_kw OPTION option_name
			{
				$$ = optstrip_stmt_alloc(&@$,
					parser_option(state, &@$, $2, &@2,
						      $4, &@4, NULL, NULL));
			}
		| RESET proto_kw OPTION NUMBER
			{
				$$ = optstrip_stmt_alloc(&@$,
					parser_option_number(state, &@$, $2,
							     &@2, $4, &@4,
							     NULL, NULL));
			}
		;

/* "counter packets N bytes M", either or both, in any order (the other
 * is 0), as the reference takes them */
counter_valued	: COUNTER PACKETS number
			{
				$$ = counter_stmt_alloc(&@$);
				$$->counter.packets = $3;
			}
		| COUNTER BYTES number
			{
				$$ = counter_stmt_alloc(&@$);
				$$->counter.bytes = $3;
			}
		| counter_valued PACKETS number
			{
				$$ = $1;
				$$->location = @$;
				$$->counter.packets = $3;
			}
		| counter_valued BYTES number
			{
				$$ = $1;
				$$->location = @$;
				$$->counter.bytes = $3;
			}
		;

verdict_stmt	: ACCEPT	{ $$ = parser_verdict(&@$, NF_ACCEPT, NULL); }
		| DROP		{ $$ = parser_verdict(&@$, NF_DROP, NULL); }
		| RETURN	{ $$ = parser_verdict(&@$, NFT_RETURN, NULL); }
		| CONTINUE	{ $$ = parser_verdict(&@$, NFT_CONTINUE, NULL); }
		| JUMP chain_target
			{
				$$ = parser_verdict(&@$, NFT_JUMP, $2);
			}
		| GOTO chain_target
			{
				$$ = parser_verdict(&@$, NFT_GOTO, $2);
			}
		;

/*
 * log [prefix P] [level L] [flags F]... | log group N [snaplen N]
 * [queue-threshold N]: options in any order, each applied to the
 * statement below it on the stack ($0).
 */
log_stmt	: LOG		{ $$ = log_stmt_alloc(&@$); }
		| log_stmt log_arg
			{
				$$ = $1;
				$$->location = @$;
			}
		;

log_arg		: PREFIX string_arg
			{
				xfree($<stmt>0->log.prefix);
				$<stmt>0->log.prefix = $2;
				$<stmt>0->log.flags |= LOG_F_PREFIX;
			}
		| PREFIX VARIABLE
			{
				parser_log_prefix_var($<stmt>0, state, $2, &@2);
				xfree($2);
			}
		| GROUP number
			{
				$<stmt>0->log.group = parser_u16(state, $2, &@2,
								 "log group");
				$<stmt>0->log.flags |= LOG_F_GROUP;
			}
		| SNAPLEN number
			{
				$<stmt>0->log.snaplen = parser_u32(state, $2,
							&@2, "log snaplen");
				$<stmt>0->log.flags |= LOG_F_SNAPLEN;
			}
		| QUEUE_THRESHOLD number
			{
				$<stmt>0->log.qthreshold = parser_u16(state, $2,
						&@2, "log queue-threshold");
				$<stmt>0->log.flags |= LOG_F_QTHRESHOLD;
			}
		| LEVEL identifier
			{
				parser_log_level($<stmt>0, state, $2, &@2);
				xfree($2);
			}
		| FLAGS log_flag
			{
				$<stmt>0->log.logflags |= $2;
			}
		;

/* flags tcp sequence,options | ip options | skuid | ether | all */
log_flag	: STRING
			{
				$$ = parser_log_flag(state, NULL, $1, &@1);
				xfree($1);
			}
		| IP STRING
			{
				$$ = parser_log_flag(state, "ip", $2, &@2);
				xfree($2);
			}
		/* "ether"; "tcp" takes its flags ("log flags tcp
		 * sequence"), never the word of a statement after it */
		| PROTO			%prec OPTION_PRESENCE
			{
				$$ = parser_log_flag(state, NULL, $1, &@1);
			}
		| META_KEY	/* skuid */
			{
				$$ = parser_log_flag(state, NULL, $1, &@1);
			}
		| PROTO log_tcp_flags
			{
				$$ = $2;
				if (strcmp($1, "tcp"))
					parser_error(state, &@1,
						     "unknown log flags '%s'", $1);
			}
		;

log_tcp_flags	: STRING
			{
				$$ = parser_log_flag(state, "tcp", $1, &@1);
				xfree($1);
			}
		| log_tcp_flags ',' STRING
			{
				$$ = $1 | parser_log_flag(state, "tcp", $3, &@3);
				xfree($3);
			}
		;

/*
 * limit rate [over] N/unit [burst N packets]
 * limit rate [over] N kbytes/unit [burst N bytes|kbytes|mbytes]
 * The scanner reads "kbytes/second" as one word.
 */
limit_stmt	: LIMIT NAME objref_name
			{
				$$ = parser_objref(state, &@$, NFT_OBJECT_LIMIT, $3);
				$$->objref.name_loc = @3;
			}
		| LIMIT NAME objmap_expr
			{
				$$ = parser_objmap(state, &@$, NFT_OBJECT_LIMIT, $3);
			}
		| LIMIT RATE limit_mode NUMBER '/' STRING limit_burst_pkts
			{
				$$ = parser_limit(state, &@$, $3, $4, &@4, NULL,
						  $6, &@6, $7);
			}
		| LIMIT RATE limit_mode NUMBER STRING limit_burst_bytes
			{
				$$ = parser_limit(state, &@$, $3, $4, &@4, $5,
						  NULL, &@5, $6);
			}
		/* "5 mbytes / second": the unit in three words */
		| LIMIT RATE limit_mode NUMBER STRING '/' STRING
		  limit_burst_bytes
			{
				struct location loc = parser_span(&@5, &@7);

				$$ = parser_limit(state, &@$, $3, $4, &@4,
						  xasprintf("%s/%s", $5, $7),
						  NULL, &loc, $8);
				xfree($5);
				xfree($7);
			}
		| LIMIT RATE limit_mode NUMBER BYTES '/' STRING
		  limit_burst_bytes
			{
				struct location loc = parser_span(&@5, &@7);

				$$ = parser_limit(state, &@$, $3, $4, &@4,
						  xasprintf("bytes/%s", $7),
						  NULL, &loc, $8);
				xfree($7);
			}
		;

limit_mode	: %empty	{ $$ = 0; }
		| OVER		{ $$ = NFT_LIMIT_F_INV; }
		;

limit_burst_pkts : %empty	{ $$ = 5; }
		| BURST number PACKETS
			{
				/* the parser's check in 1.1.3: before the
				 * rate's, the rest of the line skipped */
				if ($2 == 0) {
					parser_error(state, &@$,
						     "packet limit burst must be > 0");
					YYERROR;
				}
				$$ = $2;
			}
		;

limit_burst_bytes : %empty	{ $$ = 0; }
		| BURST NUMBER BYTES
			{
				$$ = parser_bytes(state, $2, &@2, "bytes", &@$);
				xfree($2);
			}
		| BURST NUMBER STRING
			{
				struct location loc = parser_span(&@2, &@3);

				$$ = parser_bytes(state, $2, &@2, $3, &loc);
				xfree($2);
				xfree($3);
			}
		;

/* quota [over|until] N bytes|kbytes|mbytes [used N unit] */
quota_stmt	: QUOTA NAME objref_name
			{
				$$ = parser_objref(state, &@$, NFT_OBJECT_QUOTA, $3);
				$$->objref.name_loc = @3;
			}
		| QUOTA NAME objmap_expr
			{
				$$ = parser_objmap(state, &@$, NFT_OBJECT_QUOTA, $3);
			}
		| QUOTA quota_mode quota_value quota_used
			{
				$$ = quota_stmt_alloc(&@$);
				$$->quota.flags = $2;
				$$->quota.bytes = $3;
				$$->quota.used = $4;
			}
		;

quota_mode	: %empty	{ $$ = 0; }
		| OVER		{ $$ = NFT_QUOTA_F_INV; }
		| UNTIL		{ $$ = 0; }
		;

/* A bad unit is reported from the word before the number on, "quota"
 * (the end of its empty mode), "over" or "used", as the reference does. */
quota_value	: NUMBER BYTES
			{
				struct location loc = parser_span(&@0, &@$);

				$$ = parser_bytes(state, $1, &@1, "bytes", &loc);
				xfree($1);
			}
		| NUMBER STRING
			{
				struct location loc = parser_span(&@0, &@$);

				$$ = parser_bytes(state, $1, &@1, $2, &loc);
				xfree($1);
				xfree($2);
			}
		;

quota_used	: %empty		{ $$ = 0; }
		| USED quota_value	{ $$ = $2; }
		;

/*
 * reject [with icmp|icmpv6|icmpx [type] CODE | with tcp reset]: the code
 * stays a symbol for the evaluator, which knows the family.
 */
reject_stmt	: REJECT
			{
				$$ = reject_stmt_alloc(&@$);
			}
		| REJECT WITH PROTO reject_code
			{
				$$ = parser_reject(state, &@$, $3, &@3, $4);
			}
		| REJECT WITH STRING reject_code
			{
				$$ = parser_reject(state, &@$, $3, &@3, $4);
				xfree($3);
			}
		;

/* Codes are never keywords, so the old "type CODE" form can stay. */
reject_code	: reject_code_value		{ $$ = $1; }
		| TYPE reject_code_value	{ $$ = $2; }
		;

reject_code_value : NUMBER
			{
				$$ = symbol_expr_alloc_take(&@1, $1, false);
			}
		| RESET
			{
				$$ = symbol_expr_alloc(&@1, $1, false);
			}
		| STRING
			{
				$$ = symbol_expr_alloc_take(&@1, $1, false);
			}
		| VARIABLE
			{
				$$ = parser_var_ref(state, $1, &@1);
				xfree($1);
			}
		;

/* An argument of a statement, typed by the evaluator. */
/* a value (address, device name, $var) or computed */
stmt_arg	: nat_value		{ $$ = $1; }
		/* dup and fwd refuse these at evaluation, as 1.1.3 does */
		| ADDRSTRING '/' NUMBER
			{
				$$ = parser_prefix(state, &@$, $1, &@1, $3, &@3);
			}
		| nat_value '-' nat_value
			{
				$$ = range_expr_alloc(&@$, $1, $3);
			}
		| stmt_expr		{ $$ = $1; }
		| map_expr		{ $$ = $1; }
		;

/* "device lo", "device $dev" or computed: "device meta iif" */
stmt_dev	: STRING
			{
				$$ = symbol_expr_alloc_take(&@1, $1, false);
			}
		| QUOTED_STRING
			{
				$$ = symbol_expr_alloc_take(&@1, $1, true);
			}
		| VARIABLE
			{
				$$ = parser_var_ref(state, $1, &@1);
				xfree($1);
			}
		| stmt_expr		{ $$ = $1; }
		| map_expr		{ $$ = $1; }
		;

/*
 * The forms the system nft accepts, and only those: the old one, "queue"
 * then "num N|N-M" and bare flag lists in any order (the last num wins),
 * or "queue [flags F] to N|N-M|EXPR", or "queue flags F num N|N-M", each
 * with nothing after it.
 */
queue_stmt	: queue_compat			{ $$ = $1; }
		| QUEUE TO queue_target
			{
				$$ = queue_stmt_alloc(&@$);
				$$->queue.queue = $3;
			}
		| QUEUE FLAGS queue_flags TO queue_target
			{
				$$ = queue_stmt_alloc(&@$);
				$$->queue.flags = $3;
				$$->queue.queue = $5;
			}
		| QUEUE FLAGS queue_flags NUM queue_num
			{
				$$ = queue_stmt_alloc(&@$);
				$$->queue.flags = $3;
				$$->queue.queue = $5;
			}
		;

queue_compat	: QUEUE		{ $$ = queue_stmt_alloc(&@$); }
		| queue_compat NUM queue_num
			{
				$$ = $1;
				$$->location = @$;
				expr_free($$->queue.queue);
				/* the reference's errors mark "num 3-1" */
				$3->location = parser_span(&@2, &@3);
				$$->queue.queue = $3;
			}
		| queue_compat queue_flags
			{
				$$ = $1;
				$$->location = @$;
				$$->queue.flags |= $2;
			}
		;

queue_target	: queue_num		{ $$ = $1; }
		| queue_expr		{ $$ = $1; }
		;

/* queue to jhash ... / numgen ...: the queue number computed */
queue_expr	: numgen_expr		{ $$ = $1; }
		| hash_expr		{ $$ = $1; }
		| map_expr		{ $$ = $1; }
		;

queue_flags	: queue_flag			{ $$ = $1; }
		| queue_flags ',' queue_flag	{ $$ = $1 | $3; }
		;

queue_flag	: BYPASS	{ $$ = NFT_QUEUE_FLAG_BYPASS; }
		| FANOUT	{ $$ = NFT_QUEUE_FLAG_CPU_FANOUT; }
		;

/* N, N-M or $var: never a keyword, so "to jhash ..." stays apart */
queue_num	: queue_value		{ $$ = $1; }
		| queue_value '-' queue_value
			{
				$$ = range_expr_alloc(&@$, $1, $3);
			}
		;

queue_value	: NUMBER
			{
				$$ = symbol_expr_alloc_take(&@1, $1, false);
			}
		| VARIABLE
			{
				$$ = parser_var_ref(state, $1, &@1);
				xfree($1);
			}
		;

/* dup to ADDR [device DEV] | dup to DEV (netdev) */
dup_stmt	: DUP TO stmt_arg
			{
				$$ = dup_stmt_alloc(&@$);
				$$->dup.to = $3;
			}
		| DUP TO stmt_arg DEVICE stmt_dev
			{
				$$ = dup_stmt_alloc(&@$);
				$$->dup.to = $3;
				$$->dup.dev = $5;
			}
		;

/* fwd to DEV | fwd ip|ip6 to ADDR device DEV (netdev) */
fwd_stmt	: FWD TO stmt_arg
			{
				$$ = fwd_stmt_alloc(&@$);
				$$->dup.dev = $3;
			}
		| FWD IP TO stmt_arg DEVICE stmt_dev
			{
				$$ = parser_fwd(&@$, NFPROTO_IPV4, $4, $6);
			}
		| FWD IP6 TO stmt_arg DEVICE stmt_dev
			{
				$$ = parser_fwd(&@$, NFPROTO_IPV6, $4, $6);
			}
		;

/* last [used never|DURATION] */
last_stmt	: LAST		{ $$ = last_stmt_alloc(&@$); }
		| LAST USED STRING
			{
				$$ = parser_last(state, &@$, $3, &@3);
				xfree($3);
			}
		;

/* synproxy [mss N] [wscale N] [timestamp] [sack-perm] */
synproxy_stmt	: SYNPROXY	{ $$ = synproxy_stmt_alloc(&@$); }
		| SYNPROXY NAME objmap_expr
			{
				$$ = parser_objmap(state, &@$, NFT_OBJECT_SYNPROXY, $3);
			}
		| SYNPROXY NAME objref_name
			{
				$$ = parser_objref(state, &@$, NFT_OBJECT_SYNPROXY, $3);
				$$->objref.name_loc = @3;
			}
		| synproxy_stmt synproxy_arg
			{
				$$ = $1;
				$$->location = @$;
			}
		;

synproxy_arg	: MSS number
			{
				$<stmt>0->synproxy.mss = parser_u16(state, $2, &@2,
								    "mss");
				$<stmt>0->synproxy.flags |= NF_SYNPROXY_OPT_MSS;
			}
		| WSCALE number
			{
				$<stmt>0->synproxy.wscale = parser_uint(state, $2,
							&@2, "wscale", UINT8_MAX);
				$<stmt>0->synproxy.flags |=
					NF_SYNPROXY_OPT_WSCALE;
			}
		| TIMESTAMP
			{
				$<stmt>0->synproxy.flags |=
					NF_SYNPROXY_OPT_TIMESTAMP;
			}
		| SACK_PERM
			{
				$<stmt>0->synproxy.flags |=
					NF_SYNPROXY_OPT_SACK_PERM;
			}
		;

/*
 * NAT: snat|dnat [ip|ip6] [prefix] to ADDR[:PORT] [FLAGS], "to" optional
 * before a plain address; ADDR is a value, range or prefix, an IPv6
 * address before a port is written [ADDR]:PORT; :PORT alone keeps the
 * address. masquerade|redirect [to :PORT] [FLAGS]. Addresses and ports
 * are never keywords, which keeps "snat ip to" apart from "snat ADDR".
 */
nat_stmt	: snat_dnat nat_flags
			{
				$$ = $1;
				$$->nat.flags |= $2;
				$$->location = @$;
			}
		| masq_redir nat_flags
			{
				$$ = $1;
				$$->nat.flags |= $2;
				$$->location = @$;
			}
		;

nat_kw		: SNAT		{ $$ = NFT_NAT_SNAT; }
		| DNAT		{ $$ = NFT_NAT_DNAT; }
		;

snat_dnat	: nat_kw nat_target
			{
				$$ = parser_nat_kind($2, $1, 0, 0);
			}
		| nat_kw TO nat_target
			{
				$$ = parser_nat_kind($3, $1, 0, 0);
			}
		| nat_kw IP TO nat_addr_target
			{
				$$ = parser_nat_kind($4, $1, NFPROTO_IPV4, 0);
			}
		| nat_kw IP6 TO nat_addr_target
			{
				$$ = parser_nat_kind($4, $1, NFPROTO_IPV6, 0);
			}
		| nat_kw nat_family ADDR_DOT_PORT TO nat_addr_target
			{
				/* "dnat ip addr . port to EXPR" (nftlb): the
				 * map's data gives both, as "dnat ip to EXPR" */
				$$ = parser_nat_kind($5, $1, $2, 0);
			}
		| nat_kw PREFIX TO nat_addr_target
			{
				$$ = parser_nat_kind($4, $1, 0,
						     NF_NAT_RANGE_NETMAP);
			}
		| nat_kw IP PREFIX TO nat_addr_target
			{
				$$ = parser_nat_kind($5, $1, NFPROTO_IPV4,
						     NF_NAT_RANGE_NETMAP);
			}
		| nat_kw IP6 PREFIX TO nat_addr_target
			{
				$$ = parser_nat_kind($5, $1, NFPROTO_IPV6,
						     NF_NAT_RANGE_NETMAP);
			}
		;

nat_family	: IP		{ $$ = NFPROTO_IPV4; }
		| IP6		{ $$ = NFPROTO_IPV6; }
		;

nat_target	: nat_addr_target	{ $$ = $1; }
		| ':' nat_port		{ $$ = parser_nat(&@$, NULL, $2); }
		;

/* After a family or "prefix" an address must be given: ":PORT" alone is
 * a syntax error under the colon to 1.1.3 */
nat_addr_target	: nat_addr		{ $$ = parser_nat(&@$, $1, NULL); }
		| nat_addr ':' nat_port	{ $$ = parser_nat(&@$, $1, $3); }
		;

masq_redir	: MASQUERADE
			{
				$$ = nat_stmt_alloc(&@$, NAT_MASQ);
			}
		| MASQUERADE TO ':' nat_port
			{
				$$ = parser_nat(&@$, NULL, $4);
				parser_nat_kind($$, NAT_MASQ, 0, 0);
			}
		| REDIRECT
			{
				$$ = nat_stmt_alloc(&@$, NAT_REDIR);
			}
		| REDIRECT TO ':' nat_port
			{
				$$ = parser_nat(&@$, NULL, $4);
				parser_nat_kind($$, NAT_REDIR, 0, 0);
			}
		| REDIRECT TO nat_port
			{
				$$ = parser_nat(&@$, NULL, $3);
				parser_nat_kind($$, NAT_REDIR, 0, 0);
			}
		;

/* Without "to" only a constant: "snat ip to" is the family */
nat_const	: nat_value			{ $$ = $1; }
		| nat_value '-' nat_value
			{
				$$ = range_expr_alloc(&@$, $1, $3);
			}
		| ADDRSTRING '/' NUMBER
			{
				$$ = parser_prefix(state, &@$, $1, &@1, $3, &@3);
			}
		;

nat_addr	: nat_const			{ $$ = $1; }
		| stmt_expr			{ $$ = $1; }
		| map_expr			{ $$ = $1; }
		;

nat_port	: nat_value			{ $$ = $1; }
		| nat_value '-' nat_value
			{
				$$ = range_expr_alloc(&@$, $1, $3);
			}
		| stmt_expr			{ $$ = $1; }
		| map_expr			{ $$ = $1; }
		;

/*
 * A computed statement argument (nat address and port, dup and fwd
 * address and device): "ip saddr", "tcp dport & 0xff", "jhash ip saddr
 * mod 2", "numgen inc mod 2", "(ct original ip saddr)". Whether its type
 * fits is the evaluator's business; a concatenation parses so that it
 * is refused there with its location.
 */
stmt_expr	: match_lhs		{ $$ = $1; }
		| concat_lhs		{ $$ = $1; }
		| stmt_paren		{ $$ = $1; }
		;

stmt_paren	: '(' stmt_expr ')'
			{
				$$ = $2;
				$$->location = @$;
				$$->flags |= EXPR_F_PARENS;
			}
		| stmt_paren '&' rhs_primary
			{
				$$ = parser_binop(&@$, OP_AND, $1, $3);
			}
		| stmt_paren '|' rhs_primary
			{
				$$ = parser_binop(&@$, OP_OR, $1, $3);
			}
		| stmt_paren '^' rhs_primary
			{
				$$ = parser_binop(&@$, OP_XOR, $1, $3);
			}
		| stmt_paren LSHIFT rhs_primary
			{
				$$ = parser_binop(&@$, OP_LSHIFT, $1, $3);
			}
		| stmt_paren RSHIFT rhs_primary
			{
				$$ = parser_binop(&@$, OP_RSHIFT, $1, $3);
			}
		;

nat_value	: ADDRSTRING
			{
				$$ = symbol_expr_alloc_take(&@1, $1, false);
			}
		| STRING
			{
				$$ = symbol_expr_alloc_take(&@1, $1, false);
			}
		| QUOTED_STRING
			{
				$$ = symbol_expr_alloc_take(&@1, $1, true);
			}
		| NUMBER
			{
				$$ = symbol_expr_alloc_take(&@1, $1, false);
			}
		| VARIABLE
			{
				$$ = parser_var_ref(state, $1, &@1);
				xfree($1);
			}
		;

nat_flags	: %empty		{ $$ = 0; }
		| nat_flag_list		{ $$ = $1; }
		;

nat_flag_list	: nat_flag			{ $$ = $1; }
		| nat_flag_list ',' nat_flag	{ $$ = $1 | $3; }
		;

nat_flag	: RANDOM	{ $$ = NF_NAT_RANGE_PROTO_RANDOM; }
		| FULLY_RANDOM	{ $$ = NF_NAT_RANGE_PROTO_RANDOM_FULLY; }
		| PERSISTENT	{ $$ = NF_NAT_RANGE_PERSISTENT; }
		;

/* tproxy [ip|ip6] to ADDR[:PORT] | to :PORT | to [ADDR]:PORT (as nat) */
tproxy_stmt	: TPROXY TO nat_target
			{
				$$ = parser_tproxy(&@$, 0, $3);
			}
		| TPROXY IP TO nat_target
			{
				$$ = parser_tproxy(&@$, NFPROTO_IPV4, $4);
			}
		| TPROXY IP6 TO nat_target
			{
				$$ = parser_tproxy(&@$, NFPROTO_IPV6, $4);
			}
		;

chain_target	: identifier
			{
				$$ = constant_expr_alloc_string(&@1, &string_type,
								$1, 0);
				xfree($1);
			}
		| VARIABLE
			{
				$$ = parser_var_ref(state, $1, &@1);
				xfree($1);
			}
		;

/*
 * define x = value | { v0, v1 } | NAME + N. The last is only good for
 * "priority $x"; "NAME - N" is a range here, which the evaluator also
 * takes as a priority.
 */
/* "-5" only here, alone, as 1.1.3 takes it: for "priority $p" */
define_expr	: rhs_expr		{ $$ = $1; }
		| '-' NUMBER
			{
				char *text = xasprintf("-%s", $2);

				$$ = symbol_expr_alloc(&@$, text, false);
				xfree(text);
				xfree($2);
			}
		| rhs_primary '+' NUMBER
			{
				$$ = parser_prio_define(&@$, $1, $3);
			}
		/* the braces too, where 1.1.3 points at the list */
		| '{' opt_newlines define_list opt_newlines '}'
			{
				$$ = $3;
				$$->location = @$;
			}
		| '{' opt_newlines define_list opt_newlines ',' opt_newlines '}'
			{
				$$ = $3;
				$$->location = @$;
			}
		;

define_list	: define_item
			{
				$$ = list_expr_alloc(&@$);
				list_expr_add($$, $1);
			}
		| define_list opt_newlines ',' opt_newlines define_item
			{
				$$ = $1;
				list_expr_add($$, $5);
			}
		;

/* "define m = { 22 : accept, 80 : drop }" for "vmap $m" (src/expr/map.c) */
define_item	: rhs_expr		{ $$ = $1; }
		| rhs_expr ':' map_data
			{
				$$ = mapping_expr_alloc(&@$, $1, $3);
			}
		;

%%

/* Syntax errors */

static void yyerror(const YYLTYPE *loc, yyscan_t scanner,
		    struct parser_state *state, const char *msg)
{
	parser_error(state, loc, "%s", msg);
}

/* The keyword nearest to @word among the tokens the parser expected
 * (any keyword if @expected is NULL). */
static const char *parser_suggest(const char *word,
				  const yysymbol_kind_t *expected,
				  int num_expected)
{
	const struct keyword *kw;
	const char *match = NULL;
	unsigned int best = ~0u;
	size_t i, n;
	int j;

	kw = scanner_keywords(&n);
	for (i = 0; i < n; i++) {
		for (j = 0; expected && j < num_expected; j++) {
			if (expected[j] == YYTRANSLATE(kw[i].token))
				break;
		}
		if ((!expected || j < num_expected) &&
		    scanner_near(word, kw[i].name, &best))
			match = kw[i].name;
	}
	return match;
}

/*
 * "countr\n": a word that began a statement, taken for a value compared
 * with something, and nothing to compare it with. A keyword near it was
 * probably meant.
 */
static void parser_suggest_lhs(struct parser_state *state,
			       const YYLTYPE *loc, char *msg, size_t size)
{
	/* the keywords that start statements and selectors */
	static const yysymbol_kind_t starts[] = {
		YYSYMBOL_ACCEPT, YYSYMBOL_DROP, YYSYMBOL_JUMP, YYSYMBOL_GOTO,
		YYSYMBOL_RETURN, YYSYMBOL_CONTINUE, YYSYMBOL_COUNTER,
		YYSYMBOL_LOG, YYSYMBOL_LIMIT, YYSYMBOL_QUOTA, YYSYMBOL_REJECT,
		YYSYMBOL_QUEUE, YYSYMBOL_DUP, YYSYMBOL_FWD, YYSYMBOL_LAST,
		YYSYMBOL_SYNPROXY, YYSYMBOL_SNAT, YYSYMBOL_DNAT,
		YYSYMBOL_MASQUERADE, YYSYMBOL_REDIRECT, YYSYMBOL_TPROXY,
		YYSYMBOL_NOTRACK, YYSYMBOL_FLOW, YYSYMBOL_META, YYSYMBOL_CT,
		YYSYMBOL_IP, YYSYMBOL_IP6, YYSYMBOL_ARP, YYSYMBOL_PROTO,
		YYSYMBOL_META_KEY, YYSYMBOL_FIB, YYSYMBOL_RT, YYSYMBOL_NUMGEN,
		YYSYMBOL_JHASH, YYSYMBOL_SYMHASH, YYSYMBOL_SOCKET,
		YYSYMBOL_OSF, YYSYMBOL_IPSEC, YYSYMBOL_EXTHDR, YYSYMBOL_HBH,
		YYSYMBOL_RT0, YYSYMBOL_RT2, YYSYMBOL_SRH, YYSYMBOL_FRAG,
		YYSYMBOL_DST, YYSYMBOL_MH, YYSYMBOL_RESET, YYSYMBOL_SECMARK,
		YYSYMBOL_COMMENT, YYSYMBOL_UPDATE, YYSYMBOL_ADD,
		YYSYMBOL_DELETE, YYSYMBOL_METER,
	};
	const struct location *w = &state->lhs_word;
	const char *hint;
	char word[64];

	if (!w->indesc || w->indesc != loc->indesc ||
	    w->last_line != loc->first_line ||
	    w->last_column >= loc->first_column ||
	    !parser_loc_text(w, word, sizeof(word)))
		return;
	hint = parser_suggest(word, starts, array_size(starts));
	if (hint)
		parser_buf_add(msg, size, "; '%s' starts no statement, did you mean '%s'?",
			       word, hint);
}

/*
 * Token names without bison's double quotes: "add" -> add. Punctuation
 * is named as the reference names it ("unexpected comma", "expecting
 * /"): programs read these messages.
 */
static void buf_add_token(char *buf, size_t size, yysymbol_kind_t kind)
{
	static const char *const punct[][2] = {
		{ "','", "comma" }, { "':'", "colon" }, { "'/'", "/" },
		{ "'-'", "-" }, { "'.'", "." }, { "'^'", "^" }, { "'&'", "&" },
		{ "'@'", "@" }, { "'!'", "!" }, { "'+'", "+" }, { "'*'", "*" },
		/* an address is a string to the reference's scanner */
		{ "address", "string" },
		{ "option word", "string" },
		/* its variables are '$' and a name */
		{ "variable", "'$'" },
	};
	const char *name = yysymbol_name(kind);
	size_t len = strlen(name), i;

	for (i = 0; i < array_size(punct); i++) {
		if (!strcmp(name, punct[i][0])) {
			parser_buf_add(buf, size, "%s", punct[i][1]);
			return;
		}
	}
	if (len >= 2 && name[0] == '"' && name[len - 1] == '"')
		parser_buf_add(buf, size, "%.*s", (int)len - 2, name + 1);
	else
		parser_buf_add(buf, size, "%s", name);
}

static bool parser_expects(const yysymbol_kind_t *expected, int n,
			   yysymbol_kind_t kind)
{
	int i;

	for (i = 0; i < n; i++)
		if (expected[i] == kind)
			return true;
	return false;
}

/*
 * Where an object's name goes, 1.1.3 expects "string or last" (its
 * scanner takes other keywords as words there, see obj_name), after a
 * table "handle" too: those alone are named.
 */
static int parser_obj_name_expected(yysymbol_kind_t *expected, int n)
{
	bool handle = parser_expects(expected, n, YYSYMBOL_HANDLE);
	int m = 0;

	/* a value (a number) goes there too: not an object's name */
	if (parser_expects(expected, n, YYSYMBOL_NUMBER) ||
	    !parser_expects(expected, n, YYSYMBOL_STRING) ||
	    !parser_expects(expected, n, YYSYMBOL_LAST) ||
	    !parser_expects(expected, n, YYSYMBOL_SNAPLEN) ||
	    !parser_expects(expected, n, YYSYMBOL_WSCALE))
		return n;
	if (handle)
		expected[m++] = YYSYMBOL_HANDLE;
	expected[m++] = YYSYMBOL_STRING;
	expected[m++] = YYSYMBOL_LAST;
	return m;
}

/*
 * After a whole statement, where another could start: 1.1.3 (no
 * lookahead correction) has reduced the rule by then, and expects its
 * end, at the top level the input's too.
 */
static int parser_stmt_end_expected(const struct parser_state *state,
				    yysymbol_kind_t tok,
				    yysymbol_kind_t *expected, int n)
{
	/* in a block (the offending token may open one) */
	bool eof = state->braces <= (tok == YYTRANSLATE('{'));
	int m = 0;

	/* the input ended inside a block: 1.1.3 names nothing expected */
	if (tok == YYSYMBOL_YYEOF)
		return n;
	if (n <= 4 || !parser_expects(expected, n, YYSYMBOL_NEWLINE) ||
	    !parser_expects(expected, n, YYSYMBOL_SEMICOLON) ||
	    !parser_expects(expected, n, YYSYMBOL_COUNTER) ||
	    !parser_expects(expected, n, YYSYMBOL_ACCEPT))
		return n;
	if (eof)
		expected[m++] = YYSYMBOL_YYEOF;
	expected[m++] = YYSYMBOL_NEWLINE;
	expected[m++] = YYSYMBOL_SEMICOLON;
	return m;
}

/*
 * After a whole member of a set block ("{ 1 : 2 timeout 1s }": its
 * options go before the colon), where 1.1.3 has reduced the member and
 * expects the next or the end.
 */
static int parser_elem_end_expected(yysymbol_kind_t *expected, int n)
{
	if (n <= 4 || !parser_expects(expected, n, YYTRANSLATE(',')) ||
	    !parser_expects(expected, n, YYTRANSLATE('}')) ||
	    parser_expects(expected, n, YYSYMBOL_ACCEPT))
		return n;
	expected[0] = YYTRANSLATE(',');
	expected[1] = YYTRANSLATE('}');
	return 2;
}

/*
 * A word after "tcp option NAME" is a syntax error only in a typeof
 * (anywhere else it is a value): 1.1.3 expected a map's ':' or '.'
 * in a map's key, the end of the item anywhere else.
 */
static int parser_option_word_expected(const struct parser_state *state,
				       yysymbol_kind_t *expected)
{
	if (state->opt_in_map && !state->opt_map_data) {
		expected[0] = YYTRANSLATE(':');
		expected[1] = YYTRANSLATE('.');
	} else {
		expected[0] = YYSYMBOL_NEWLINE;
		expected[1] = YYSYMBOL_SEMICOLON;
	}
	return 2;
}

/*
 * "syntax error, unexpected X[ 'text'][, expecting A or B][; did you
 * mean 'k'?]" with the location of the offending token.
 */
static int yyreport_syntax_error(const yypcontext_t *ctx, yyscan_t scanner,
				 struct parser_state *state)
{
	yysymbol_kind_t expected[YYNTOKENS], tok = yypcontext_token(ctx);
	const YYLTYPE *loc = yypcontext_location(ctx);
	char msg[1024] = "syntax error, ", text[128];
	bool has_text = parser_loc_text(loc, text, sizeof(text));
	const char *hint = NULL;
	bool reserved;
	int i, n;

	if (tok == YYSYMBOL_YYUNDEF) {
		parser_buf_add(msg, sizeof(msg), "%s", state->lex_error ?
			state->lex_error : "invalid token");
		/* A stray byte may be half of a UTF-8 sequence: show it
		 * escaped rather than as broken text. */
		if (has_text && !isprint((unsigned char)text[0]) &&
		    loc->first_column == loc->last_column)
			parser_buf_add(msg, sizeof(msg), " '\\x%02x'",
				(unsigned char)text[0]);
		else if (text[0])
			parser_buf_add(msg, sizeof(msg), " '%s'", text);
		state->lex_error = NULL;
		parser_error(state, loc, "%s", msg);
		return 0;
	}
	/* "@s accept": where only a raw payload goes, 1.1.3 refuses its
	 * base as it reads it */
	if (yypcontext_expected_tokens(ctx, expected, YYNTOKENS) == 1 &&
	    !strcmp(yysymbol_name(expected[0]), "','") &&
	    state->at_word_prev &&
	    !payload_base_known(state->at_word_prev_text)) {
		parser_error(state, &state->at_word_loc_prev,
			     "unknown raw payload base");
		return 0;
	}
	parser_buf_add(msg, sizeof(msg), "unexpected ");
	/* a keyword of a class token ("protocol name") is named as itself,
	 * as every other keyword is, and so is a word that is one to
	 * 1.1.3 ("timeout") */
	reserved = tok == YYSYMBOL_STRING && text[0] &&
		   parser_is_reserved(text);
	if ((tok == YYSYMBOL_PROTO || tok == YYSYMBOL_META_KEY ||
	     tok == YYSYMBOL_CT_DIR || reserved) && text[0])
		parser_buf_add(msg, sizeof(msg), "%s", text);
	else
		buf_add_token(msg, sizeof(msg), tok);
	if ((tok == YYSYMBOL_STRING || tok == YYSYMBOL_ADDRSTRING) &&
	    text[0] && !reserved)
		parser_buf_add(msg, sizeof(msg), " '%s'", text);
	n = yypcontext_expected_tokens(ctx, expected, YYNTOKENS);
	n = parser_obj_name_expected(expected, n);
	if (tok == YYSYMBOL_OPT_WORD)
		n = parser_option_word_expected(state, expected);
	else
		n = parser_stmt_end_expected(state, tok, expected, n);
	n = parser_elem_end_expected(expected, n);
	for (i = 0; n <= 4 && i < n; i++) {
		parser_buf_add(msg, sizeof(msg), i ? " or " : ", expecting ");
		buf_add_token(msg, sizeof(msg), expected[i]);
	}
	if (text[0] && tok != YYSYMBOL_NEWLINE)
		hint = parser_suggest(text, expected, n);
	if (hint)
		parser_buf_add(msg, sizeof(msg), "; did you mean '%s'?", hint);
	else if (tok == YYSYMBOL_NEWLINE || tok == YYSYMBOL_SEMICOLON)
		parser_suggest_lhs(state, loc, msg, sizeof(msg));
	else if (n > 4 && !strcmp(text, "}") &&
		 parser_expects(expected, n, YYSYMBOL_SEMICOLON))
		parser_buf_add(msg, sizeof(msg),
			"; end the last item of a block with ';' or a newline");
	parser_error(state, loc, "%s", msg);
	return 0;
}

/* Entry point */

int nft_parse_text(struct nft_ctx *nft, struct input_descriptor *indesc,
		   struct list_head *cmds, struct list_head *msgs)
{
	struct parser_state st;
	yyscan_t scanner;
	int ret;

	memset(&st, 0, sizeof(st));
	st.nft = nft;
	st.cmds = cmds;
	st.msgs = msgs;
	st.scopes[0] = nft_top_scope(nft);
	st.num_scopes = 1;

	if (yylex_init_extra(&st, &scanner))
		memory_allocation_error();
	scanner_push_input(scanner, indesc);
	ret = yyparse(scanner, &st);
	expr_free(st.spare_mapping);
	expr_free(st.spare_verdict);
	expr_free(st.spare_symbol);
	xfree(st.spare_text);
	scanner_cleanup(scanner);
	yylex_destroy(scanner);
	while (st.num_scopes > 1)
		parser_scope_pop(&st);

	return ret || st.nerrs ? -1 : 0;
}
