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
 * nft_parse_text(), are in code.y.
 *
 * The grammar is kept in parts that the build joins, in this order,
 * into one parser.y for bison (Makefile.am's GRAMMAR): this file (the
 * declarations), commands.y, exprs.y, stmts.y and code.y (the C code
 * after the rules).
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
	struct {
		char *text;
		bool quoted;
	} word;
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
%type <string> identifier name_id name_string name_word_kw string_arg objref_name obj_name prio_base opt_hooks_device
%type <string> elem_opt_key elem_opt_value
%type <kw> keyword_id name_keyword obj_name_kw proto_kw rhs_keyword inner_kw
%type <string> tunnel_field
%type <table> table_block table_body
%type <chain> chain_block chain_body binding_block
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
%type <expr> define_item keyset_map_key map_expr objmap_expr objmap_key objmap_operand objmap_field map_block anon_map_block map_list map_elem map_data map_verdict
%token <kw> MAP "map" VMAP "vmap"
%type <words> obj_block obj_body obj_inner obj_bare
%type <word> obj_word
%type <val> obj_kind
%type <val> obj_kind_plain
%type <words> obj_args
%type <string> obj_punct
%type <handle> obj_spec
%destructor { sobj_words_free($$); } <words>
%destructor { xfree($$.text); } <word>
%type <expr> ct_expr keyset_key keyset_value keyset_operand keyset_const
%type <expr> set_stmt_data keyset_rconst keyset_paren keyset_bits keyset_inner paren_lhs
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
%type <expr> map_chain_target rule_map_block
%type <expr> set_block set_list set_member set_elem concat_lhs concat_rhs
%type <expr> elem_set_block elem_map_block elem_var_block vmap_block vmap_list vmap_elem
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
%type <expr> nat_value nat_const nat_addr nat_port stmt_expr
%type <expr> stmt_dev

%destructor { xfree($$); } <string>
%destructor { expr_free($$); } <expr>
%destructor { stmt_free($$); } <stmt>
%destructor { rule_free($$); } <rule>
%destructor { cmd_free($$); } <cmd>
%destructor { parser_handle_free($$); } <handle>
%destructor { parser_scope_pop(state); table_free($$); } table_block table_body
%destructor { parser_scope_pop(state); chain_free($$); } chain_block chain_body
%destructor { parser_binding_free(state, $$); } binding_block
%destructor { flowtable_free($$); } flowtable_block flowtable_body
%destructor { set_free($$); } setdecl_block setdecl_body

%%
