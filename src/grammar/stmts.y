/*
 * The grammar, part 4 of 4: right-hand values, ct and meta keys, and the
 * statements (set updates, counters, log, limits, quotas, reject, queue,
 * dup and fwd, nat), then defines.
 */

/* Values stay text (symbols): the left-hand side's type parses them. */
rhs_primary	: NUMBER
			{
				$$ = parser_symbol(state, &@1, $1, false);
			}
		/* "meta mark (1 | 2)", "{ (1 | 2) }": constants grouped */
		| '(' set_bits ')'
			{
				$$ = $2;
				$$->location = @$;
				$$->flags |= EXPR_F_PARENS;
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
				if (!$$)
					YYERROR;
			}
		| CT CT_DIR ct_key
			{
				$$ = parser_ct(state, &@$, $2, $3, &@3);
				xfree($3);
				if (!$$)
					YYERROR;
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
		| keyset_value '&' keyset_rconst
			{
				$$ = parser_binop(&@$, OP_AND, $1, $3);
			}
		| keyset_value '|' keyset_rconst
			{
				$$ = parser_binop(&@$, OP_OR, $1, $3);
			}
		| keyset_value '^' keyset_rconst
			{
				$$ = parser_binop(&@$, OP_XOR, $1, $3);
			}
		| keyset_value LSHIFT keyset_rconst
			{
				$$ = parser_binop(&@$, OP_LSHIFT, $1, $3);
			}
		| keyset_value RSHIFT keyset_rconst
			{
				$$ = parser_binop(&@$, OP_RSHIFT, $1, $3);
			}
		;

keyset_rconst	: keyset_const		{ $$ = $1; }
		| keyset_paren		{ $$ = $1; }
		/* "3 | meta mark": the evaluator takes the load first
		 * (binop_expr_evaluate()), as 1.1.3 does */
		| meta_expr		{ $$ = $1; }
		| ct_expr		{ $$ = $1; }
		| payload_expr		{ $$ = $1; }
		/* the other loads 1.1.3 operates on there ("meta mark |
		 * numgen inc mod 2"): not fib nor ipsec */
		| numgen_expr		{ $$ = $1; }
		| hash_expr		{ $$ = $1; }
		| socket_expr		{ $$ = $1; }
		| osf_expr		{ $$ = $1; }
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

/* "ct mark set (meta mark | 0x10) << 8": parentheses group operations,
 * never a concatenation or a map ("(meta mark . ct mark)" is a syntax
 * error at the dot to 1.1.3) */
keyset_paren	: '(' keyset_inner ')'
			{
				$$ = $2;
				$$->location = @$;
				$$->flags |= EXPR_F_PARENS;
			}
		;

/* (see paren_lhs) */
keyset_inner	: keyset_bits		{ $$ = $1; }
		;

keyset_bits	: keyset_operand	{ $$ = $1; }
		| keyset_bits '&' keyset_rconst
			{
				$$ = parser_binop(&@$, OP_AND, $1, $3);
			}
		| keyset_bits '|' keyset_rconst
			{
				$$ = parser_binop(&@$, OP_OR, $1, $3);
			}
		| keyset_bits '^' keyset_rconst
			{
				$$ = parser_binop(&@$, OP_XOR, $1, $3);
			}
		| keyset_bits LSHIFT keyset_rconst
			{
				$$ = parser_binop(&@$, OP_LSHIFT, $1, $3);
			}
		| keyset_bits RSHIFT keyset_rconst
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
		| keyset_paren		{ $$ = $1; }
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
flow_stmt	: FLOW ADD '@' name_id
			{
				$$ = flow_stmt_alloc(&@$, $4);
			}
		| FLOW OFFLOAD '@' name_id
			{
				$$ = flow_stmt_alloc(&@$, $4);
			}
		;

/* Set statements (src/stmt/dynset.c) */
set_stmt	: set_stmt_op '@' name_id '{' set_stmt_key set_stmt_opts '}'
			{
				YYLTYPE ref = @2;

				ref.last_line = @3.last_line;
				ref.last_column = @3.last_column;
				$$ = parser_set_stmt(&@$, $1, $3, &ref, $5, $6);
			}
		/* "update @m { KEY : DATA }": a map updated from the
		 * packet path */
		| set_stmt_op '@' name_id '{' set_stmt_key set_stmt_opts ':' set_stmt_data '}'
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

/* a map's data: a value, or one from the packet ("update @m { ip
 * saddr : tcp sport }"), as a statement's value, as 1.1.3 takes them */
set_stmt_data	: keyset_value	{ $$ = $1; }
		| map_verdict	{ $$ = $1; }
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
		| JUMP '{' binding_block '}'
			{
				$$ = parser_binding(state, &@$, NFT_JUMP, $3);
			}
		| GOTO '{' binding_block '}'
			{
				$$ = parser_binding(state, &@$, NFT_GOTO, $3);
			}
		;

/* The rules of an anonymous chain bound to the rule ("jump { ... }"),
 * each ending with a separator, as in chain blocks. */
binding_block	: %empty	{ $$ = parser_binding_open(state, &@0); }
		| binding_block separator	{ $$ = $1; }
		| binding_block rule_body separator
			{
				$$ = $1;
				list_add_tail(&$2->list, &$$->rules);
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
				parser_log_prefix($<stmt>0, state, $2, &@2);
			}
		/* 1.1.3's scanner takes no variable there: a '$' */
		| PREFIX VARIABLE
			{
				YYLTYPE at = @2;

				at.last_line = at.first_line;
				at.last_column = at.first_column;
				parser_error(state, &at, "syntax error, unexpected '$', expecting string or quoted string or string with a trailing asterisk");
				xfree($2);
				YYERROR;
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
 * mod 2", "numgen inc mod 2", "(ct original ip saddr)" (match_lhs). Whether its type
 * fits is the evaluator's business; a concatenation parses so that it
 * is refused there with its location.
 */
stmt_expr	: match_lhs		{ $$ = $1; }
		| concat_lhs		{ $$ = $1; }
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

/*
 * The chain of a jump or goto: a word, as a table's name is (1.1.3 takes
 * no quoted name there, nor a keyword but those its scanner takes as
 * words), or a variable. A statement's and a map's refuse another word
 * in different words (parser_chain_word()).
 */
chain_target	: STRING
			{
				$$ = parser_chain_word(state, $1, &@1, false);
				if (!$$)
					YYERROR;
			}
		| obj_name_kw
			{
				$$ = parser_chain_word(state, xstrdup($1), &@1,
						       false);
			}
		| CT_DIR
			{
				$$ = parser_chain_word(state, xstrdup($1), &@1,
						       false);
			}
		| META_KEY
			{
				char *w = parser_meta_word(state, $1, &@1, "'{'");

				if (!w)
					YYERROR;
				$$ = parser_chain_word(state, w, &@1, false);
			}
		| VARIABLE
			{
				$$ = parser_var_ref(state, $1, &@1);
				xfree($1);
			}
		;

map_chain_target : STRING
			{
				$$ = parser_chain_word(state, $1, &@1, true);
				if (!$$)
					YYERROR;
			}
		| obj_name_kw
			{
				$$ = parser_chain_word(state, xstrdup($1), &@1,
						       true);
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
		/* "define s = @blocked": a named set, "ip saddr $s" */
		| set_ref		{ $$ = $1; }
		/* "define e = {}": no members, "elements = $e" */
		| '{' opt_newlines '}'
			{
				$$ = list_expr_alloc(&@$);
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
		/* "define v = { { 22, 23 }, 80 }": its members, as 1.1.3
		 * takes them */
		| '{' opt_newlines define_list opt_newlines '}'
			{
				$$ = $3;
				$$->location = @$;
			}
		| rhs_expr ':' map_data
			{
				$$ = mapping_expr_alloc(&@$, $1, $3);
			}
		| '*'		{ $$ = catchall_expr_alloc(&@$); }
		| '*' ':' map_data
			{
				$$ = mapping_expr_alloc(&@$,
					catchall_expr_alloc(&@1), $3);
			}
		;

