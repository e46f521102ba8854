/*
 * The grammar, part 2 of 4 (src/grammar/decls.y says how the parts are
 * joined): input lines, commands, tables, chains, stateful objects, set
 * and flowtable declarations.
 */

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
		| CREATE ELEMENT set_spec elem_var_block
			{
				parser_var_block_check(state, $4, $3->set.name,
						       false);
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
		| CREATE obj_kind obj_spec obj_bare
			{
				parser_obj_bare($4, &@4, &$3->chain.location);
				$$ = parser_sobj_cmd(state, CMD_ADD, $2, $3, $4,
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
				/* ct objects hold no state to reset: 1.1.3's
				 * grammar has no "reset ct" */
				parser_error(state, &@2, "syntax error, unexpected ct");
				xfree($3);
				sobj_words_free($4);
				$$ = NULL;
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
		| RENAME CHAIN chain_spec name_id
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
		| obj_kind obj_spec obj_bare
			{
				parser_obj_bare($3, &@3, &$2->chain.location);
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
		| ELEMENT set_spec elem_var_block
			{
				parser_var_block_check(state, $3, $2->set.name,
						       false);
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
		| ELEMENT set_spec elem_var_block
			{
				parser_var_block_check(state, $3, $2->set.name,
						       false);
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

/* A word naming a table, chain, set or object: not one that is a
 * keyword to 1.1.3 ("timeout") */
name_string	: STRING
			{
				if (parser_is_name_reserved($1)) {
					parser_error(state, &@1,
						     "syntax error, unexpected %s, expecting string or last",
						     $1);
					xfree($1);
					YYERROR;
				}
				$$ = $1;
			}
		;

/* A table's name: a word, or a keyword 1.1.3's scanner takes as one
 * there ("last"); not quoted, nor another keyword ("expecting string or
 * last") */
table_name	: name_string	{ $$ = $1; }
		| obj_name_kw		{ $$ = xstrdup($1); }
		| name_word_kw		{ $$ = $1; }
		;

/* The name of a chain, set, map or flowtable, where one is declared or
 * named: what a table's name may be (1.1.3 takes no keyword there, nor
 * a quoted string) */
name_id		: table_name	{ $$ = $1; }
		;

set_spec	: table_spec name_id
			{
				$$ = $1;
				$$->set.name = $2;
				$$->set.location = @2;
			}
		;

chain_spec	: table_spec name_id
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
		| CHAIN name_id '{' chain_body '}'
			{
				parser_scope_pop(state);
				parser_table_add_chain($<table>0, $2, &@2, $4,
						       &@$);
			}
		| FLOWTABLE name_id '{' flowtable_body '}'
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
		| SET name_id '{' setdecl_body '}'
			{
				parser_table_add_set(state, $<table>0, $2, &@2, $4,
						     &@$);
			}
		| MAP name_id '{' setdecl_body '}'
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
				$$ = parser_ct_obj_type(state, $2, &@2, false);
				state->obj_kind = $$;
				xfree($2);
				if ($$ == NFT_OBJECT_UNSPEC)
					YYERROR;
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
obj_name	: name_string	{ $$ = $1; }
		| obj_name_kw
			{
				if (!parser_obj_name_kw(state, $1, &@1))
					YYERROR;
				$$ = xstrdup($1);
			}
		| name_word_kw		{ $$ = $1; }
		;

/* Keywords of ours that are words to 1.1.3 where a table, chain or
 * object is named: "original", "reply", "iifkind" */
name_word_kw	: CT_DIR		{ $$ = xstrdup($1); }
		| META_KEY
			{
				$$ = parser_meta_word(state, $1, &@1,
						      "string or last");
				if (!$$)
					YYERROR;
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

/* "add quota T q 25 mbytes": a block's words without its braces, as
 * 1.1.3 takes them for counters, quotas, limits, synproxies and
 * secmarks */
obj_bare	: obj_word
			{
				if (!parser_obj_bare_kind(state, $1.text,
							  $1.quoted, &@1)) {
					xfree($1.text);
					YYERROR;
				}
				$$ = sobj_words_alloc();
				sobj_words_add($$, $1.text, &@1, $1.quoted);
				xfree($1.text);
			}
		| obj_bare obj_word
			{
				$$ = $1;
				sobj_words_add($$, $2.text, &@2, $2.quoted);
				xfree($2.text);
			}
		;

obj_word	: STRING	{ $$.text = $1; $$.quoted = false; }
		| QUOTED_STRING	{ $$.text = $1; $$.quoted = true; }
		| keyword_id	{ $$.text = xstrdup($1); $$.quoted = false; }
		| obj_punct	{ $$.text = $1; $$.quoted = false; }
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
		| STRING '=' elem_var_block
			{
				if (strcmp($1, "elements"))
					parser_error(state, &@1,
						     "unknown set declaration '%s'",
						     $1);
				$<set>0->init_var = true;
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

