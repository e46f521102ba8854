/*
 * The grammar, part 3 of 4: rules, anonymous sets and maps, their
 * members, concatenations, relations, extension headers and options,
 * lookups, flags and payload fields.
 */

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
				/* bison frees no right side on YYERROR */
				if (parser_stmt_var_unknown(state, $1)) {
					stmt_free($1);
					YYERROR;
				}
				$$ = parser_rule_alloc(&@$);
				parser_rule_add_stmt($$, $1, &@$);
			}
		| stmt_list stmt
			{
				$$ = $1;
				if (parser_stmt_var_unknown(state, $2)) {
					stmt_free($2);
					rule_free($1);
					YYERROR;
				}
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

lhs_map		: lhs_value MAP rule_map_block
			{
				$$ = map_expr_alloc(&@$, $1, $3, false);
			}
		| lhs_value MAP set_ref
			{
				$$ = map_expr_alloc(&@$, $1, $3, false);
			}
		| match_lhs MAP rule_map_block
			{
				$$ = map_expr_alloc(&@$, $1, $3, false);
			}
		| match_lhs MAP set_ref
			{
				$$ = map_expr_alloc(&@$, $1, $3, false);
			}
		| concat_lhs MAP rule_map_block
			{
				$$ = map_expr_alloc(&@$, $1, $3, false);
			}
		| concat_lhs MAP set_ref
			{
				$$ = map_expr_alloc(&@$, $1, $3, false);
			}
		;

/* A named set: "@blocked" (src/expr/setref.c) */
set_ref		: '@' name_id
			{
				/* a raw payload's base to 1.1.3, no set */
				if (!strcmp($2, "ll") || !strcmp($2, "nh") ||
				    !strcmp($2, "th")) {
					parser_error(state, &@2,
						     "syntax error, unexpected %s, expecting string or last",
						     $2);
					xfree($2);
					YYERROR;
				}
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
		/* "{ { 22, 23 }, 80 }": a set among the members, whose
		 * members they become, as 1.1.3 takes it */
		| elem_set_block
			{
				$$ = set_expr_alloc(&@$);
				parser_set_add(state, $$, $1);
			}
		| set_list opt_newlines ',' opt_newlines elem_set_block
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
		| '*'		{ $$ = catchall_expr_alloc(&@$); }
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
					parser_error(state, &@1,
						     "syntax error, unexpected string, expecting comma or '}'");
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
objmap_expr	: objmap_key MAP rule_map_block
			{
				$$ = map_expr_alloc(&@$, $1, $3, false);
			}
		| objmap_key MAP set_ref
			{
				$$ = map_expr_alloc(&@$, $1, $3, false);
			}
		/* no map: the key where a name goes, which the evaluator
		 * refuses by its type, as 1.1.3 does */
		| objmap_key		{ $$ = $1; }
		;

objmap_key	: objmap_operand	{ $$ = $1; }
		| objmap_key '.' objmap_operand
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

/* a field operated on ("meta mark >> 8 & 0xf"), as 1.1.3 takes it */
objmap_operand	: objmap_field		{ $$ = $1; }
		| '(' paren_lhs ')'
			{
				$$ = $2;
				$$->location = @$;
				$$->flags |= EXPR_F_PARENS;
			}
		| objmap_operand '&' rhs_primary
			{
				$$ = parser_binop(&@$, OP_AND, $1, $3);
			}
		| objmap_operand '|' rhs_primary
			{
				$$ = parser_binop(&@$, OP_OR, $1, $3);
			}
		| objmap_operand '^' rhs_primary
			{
				$$ = parser_binop(&@$, OP_XOR, $1, $3);
			}
		| objmap_operand LSHIFT rhs_primary
			{
				$$ = parser_binop(&@$, OP_LSHIFT, $1, $3);
			}
		| objmap_operand RSHIFT rhs_primary
			{
				$$ = parser_binop(&@$, OP_RSHIFT, $1, $3);
			}
		;

/* "tcp dport" whose field is not a keyword, told apart so from
 * "counter name tcp" followed by a statement */
objmap_field	: proto_kw STRING
			{
				$$ = parser_payload(state, &@$, $1, &@1, $2,
						    &@2);
				xfree($2);
				if (!$$)
					YYERROR;
			}
		/* "vlan type", "ether type": the field is a keyword */
		| proto_kw TYPE
			{
				$$ = parser_payload(state, &@$, $1, &@1, "type",
						    &@2);
				if (!$$)
					YYERROR;
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

/* A rule's map: members without data among them too ("map { 22 }"), as
 * 1.1.3's grammar takes them; the kernel refuses them. */
rule_map_block	: map_block		{ $$ = $1; }
		| set_block		{ $$ = $1; }
		;

/* A rule's map whose mappings may stay packed (map_expr_evaluate()
 * decides, src/expr/map.c). */
anon_map_block	: elem_map_block	{ $$ = $1; }
		| set_block		{ $$ = $1; }
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
		/* (see set_list) */
		| rhs_set_block
			{
				$$ = set_expr_alloc(&@$);
				parser_set_add(state, $$, $1);
			}
		| rhs_set_list opt_newlines ',' opt_newlines rhs_set_block
			{
				$$ = $1;
				parser_set_add(state, $$, $5);
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

/* A variable given for a whole element block ("elements = $P",
 * "add element t s $P", P defined as "{ 80, 443 }"): a block of that
 * one member, which evaluation expands as it expands "{ $P }". */
elem_var_block	: VARIABLE
			{
				$$ = set_expr_alloc(&@$);
				parser_set_add(state, $$,
					       parser_var_ref(state, $1, &@1));
				xfree($1);
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
		/* "{ 1 : 2, 3 }": a member without data, which 1.1.3's
		 * grammar takes, the kernel refuses */
		| map_list opt_newlines ',' opt_newlines set_elem
			{
				$$ = $1;
				parser_map_add_plain(state, $$, $5);
			}
		/* "{ { 22 : 1 }, 80 : 2 }": its mappings, as 1.1.3 takes
		 * them */
		| elem_map_block
			{
				$$ = set_expr_alloc(&@$);
				parser_map_splice(state, $$, $1);
			}
		| map_list opt_newlines ',' opt_newlines elem_map_block
			{
				$$ = $1;
				parser_map_splice(state, $$, $5);
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
		| JUMP map_chain_target
			{
				$$ = parser_map_verdict(state, &@$, NFT_JUMP, $2);
			}
		| GOTO map_chain_target
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
		/* "(meta mark & 0xff) 3": parentheses group operations,
		 * never a concatenation, as in 1.1.3 */
		| '(' paren_lhs ')'
			{
				$$ = $2;
				$$->location = @$;
				$$->flags |= EXPR_F_PARENS;
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

/* its own symbol so that a dot in it is an error where only ')' goes
 * (bison names what it expects there, as 1.1.3's does) */
paren_lhs	: match_lhs		{ $$ = $1; }
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
				$$ = symbol_expr_alloc_take(&@1, $1, false);
			}
		| NUMBER
			{
				$$ = symbol_expr_alloc_take(&@1, $1, false);
			}
		| OPT_WORD
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
				if (!$$)
					YYERROR;
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
				if (!$$)
					YYERROR;
			}
		| META_KEY
			{
				/* keys 1.1.3 takes only after "meta": a bare
				 * one is a word, which has no type */
				if (parser_meta_needs_prefix($1))
					$$ = symbol_expr_alloc(&@1, $1, false);
				else
					$$ = parser_meta(state, &@$, $1, &@1);
			}
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

