%%

/*
 * The grammar's own C code (its last part): syntax errors in 1.1.3's
 * words, token names, and the entry points.
 */


/* Syntax errors */

static void yyerror(const YYLTYPE *loc, yyscan_t scanner,
		    struct parser_state *state, const char *msg)
{
	parser_error(state, loc, "%s", msg);
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
 * Right after "jump" or "goto", where a chain's name goes: 1.1.3 names
 * an anonymous chain's '{' alone in a statement, a name or a variable
 * in a map.
 */
static int parser_chain_target_expected(const struct parser_state *state,
					yysymbol_kind_t *expected, int n)
{
	if ((state->prev_tok != TOK_JUMP && state->prev_tok != TOK_GOTO) ||
	    !parser_expects(expected, n, YYSYMBOL_VARIABLE) ||
	    !parser_expects(expected, n, YYSYMBOL_LAST))
		return n;
	if (parser_expects(expected, n, YYTRANSLATE('{'))) {
		expected[0] = YYTRANSLATE('{');
		return 1;
	}
	expected[0] = YYSYMBOL_STRING;
	expected[1] = YYSYMBOL_LAST;
	expected[2] = YYSYMBOL_VARIABLE;
	return 3;
}

/*
 * Where a ':' goes: after a verdict map's key (its options may come
 * between), 1.1.3 has reduced the key and expects the colon alone;
 * after the key's type in a set's or map's declaration, it expects the
 * end of the item in a set, the colon or another part of the key in a
 * map.
 */
static int parser_colon_expected(const struct parser_state *state,
				 yysymbol_kind_t *expected, int n)
{
	if (!parser_expects(expected, n, YYTRANSLATE(':')) ||
	    parser_expects(expected, n, YYTRANSLATE(',')))
		return n;
	if (parser_expects(expected, n, YYSYMBOL_COMMENT)) {
		expected[0] = YYTRANSLATE(':');
		return 1;
	}
	if (!parser_expects(expected, n, YYSYMBOL_NEWLINE) ||
	    !parser_expects(expected, n, YYTRANSLATE('}')) ||
	    !parser_expects(expected, n, YYTRANSLATE('.')))
		return n;
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
 * The order 1.1.3 names some tokens in: a variable's '$' last, a set's
 * '@' before a block's '{' ("vmap 1"). After a chain's hook, its
 * optional device was reduced: the priority alone.
 */
static int parser_expected_order(yysymbol_kind_t *expected, int n)
{
	int i;

	for (i = 0; i + 1 < n; i++) {
		if (expected[i] == YYSYMBOL_VARIABLE) {
			expected[i] = expected[i + 1];
			expected[i + 1] = YYSYMBOL_VARIABLE;
		}
	}
	if (n == 3 && expected[0] == YYTRANSLATE('{') &&
	    expected[1] == YYTRANSLATE('@')) {
		expected[0] = YYTRANSLATE('@');
		expected[1] = YYTRANSLATE('{');
	}
	/* 1.1.3's token order: "to or ip or ip6", "name or rate" */
	for (i = n - 1; i > 0; i--) {
		if ((expected[i] == YYSYMBOL_TO &&
		     (expected[i - 1] == YYSYMBOL_IP ||
		      expected[i - 1] == YYSYMBOL_IP6)) ||
		    (expected[i] == YYSYMBOL_NAME &&
		     expected[i - 1] == YYSYMBOL_RATE)) {
			yysymbol_kind_t t = expected[i];

			expected[i] = expected[i - 1];
			expected[i - 1] = t;
		}
	}
	if (n == 3 && expected[0] == YYSYMBOL_DEVICE &&
	    expected[1] == YYSYMBOL_DEVICES && expected[2] == YYSYMBOL_PRIORITY) {
		expected[0] = YYSYMBOL_PRIORITY;
		return 1;
	}
	return n;
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
	bool eof = state->braces + state->brace_closed <=
		   (tok == YYTRANSLATE('{'));
	int m = 0;

	/* the input ended inside a block: 1.1.3 names nothing expected */
	if (tok == YYSYMBOL_YYEOF)
		return n;
	/* "add table ip t extra", "list table ip t extra": the command
	 * (without a block) reduced, at the top level the input's end
	 * too */
	if ((n == 2 || (n == 3 &&
			parser_expects(expected, n, YYTRANSLATE('{')))) &&
	    parser_expects(expected, n, YYSYMBOL_NEWLINE) &&
	    parser_expects(expected, n, YYSYMBOL_SEMICOLON)) {
		if (eof)
			expected[m++] = YYSYMBOL_YYEOF;
		expected[m++] = YYSYMBOL_NEWLINE;
		expected[m++] = YYSYMBOL_SEMICOLON;
		return m;
	}
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
	/* the newline of "{ 1 : accept\n}" too */
	if ((n <= 4 && !(n == 3 &&
			 parser_expects(expected, n, YYSYMBOL_NEWLINE))) ||
	    !parser_expects(expected, n, YYTRANSLATE(',')) ||
	    !parser_expects(expected, n, YYTRANSLATE('}')) ||
	    parser_expects(expected, n, YYSYMBOL_ACCEPT))
		return n;
	expected[0] = YYTRANSLATE(',');
	expected[1] = YYTRANSLATE('}');
	return 2;
}

/*
 * Inside parentheses, after an operand ("(ip saddr . tcp dport)"):
 * 1.1.3 has reduced what they hold and expects their end only.
 */
static int parser_paren_end_expected(yysymbol_kind_t *expected, int n)
{
	if (n <= 1 || !parser_expects(expected, n, YYTRANSLATE(')')))
		return n;
	expected[0] = YYTRANSLATE(')');
	return 1;
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
 * What 1.1.3 expects after a header or an expression's keyword where a
 * field's name goes ("udp exists"): its own keywords there, named when
 * four or fewer ("" where more). Keyed by the word before the offending
 * token, and the one before that where two words lead ("rt ip").
 */
static const struct {
	const char *prev2, *prev, *fields;
} parser_field_hints[] = {
	{ NULL, "ah", "" }, { NULL, "arp", "" }, { NULL, "frag", "" },
	{ NULL, "gre", "" }, { NULL, "icmp", "" }, { NULL, "icmpv6", "" },
	{ NULL, "ip", "" }, { NULL, "ip6", "" }, { NULL, "mh", "" },
	{ NULL, "rt", "" }, { NULL, "sctp", "" }, { NULL, "tcp", "" },
	{ NULL, "vlan", "" }, { NULL, "fib", "" },
	{ "rt", "ip", "mtu or classid or nexthop or ipsec" },
	{ "rt", "ip6", "mtu or classid or nexthop or ipsec" },
	{ "ipsec", "in", "ip or ip6 or spi or reqid" },
	{ "ipsec", "out", "ip or ip6 or spi or reqid" },
	{ "ip", "option", "lsrr or rr or ssrr or ra" },
	{ "reject", "with", "icmp or icmpv6 or tcp or icmpx" },
	{ "in", "ip", "saddr or daddr" },
	{ "in", "ip6", "saddr or daddr" },
	{ "out", "ip", "saddr or daddr" },
	{ "out", "ip6", "saddr or daddr" },
	{ "fib", "saddr", "type or oif or oifname" },
	{ "fib", "daddr", "type or oif or oifname" },
	{ "fib", "mark", "type or oif or oifname" },
	{ "fib", "iif", "type or oif or oifname" },
	{ "fib", "oif", "type or oif or oifname" },
	{ NULL, "esp", "seq or spi" },
	{ NULL, "comp", "nexthdr or flags or cpi" },
	{ NULL, "udp", "length or checksum or sport or dport" },
	{ NULL, "udplite", "checksum or sport or dport or csumcov" },
	{ NULL, "dccp", "type or sport or dport or option" },
	{ NULL, "igmp", "type or checksum or mrt or group" },
	{ NULL, "ether", "saddr or daddr or type" },
	{ NULL, "th", "sport or dport" },
	{ NULL, "hbh", "hdrlength or nexthdr" },
	{ NULL, "dst", "hdrlength or nexthdr" },
	{ NULL, "rt0", "addr" },
	{ NULL, "rt2", "addr" },
	{ NULL, "srh", "flags or last-entry or tag or sid" },
	{ NULL, "socket", "transparent or wildcard or cgroupv2 or mark" },
	{ NULL, "osf", "version or name" },
	{ NULL, "numgen", "random or inc" },
};

/* The words a family follows in commands ("table ip t") */
static const char *const parser_family_before[] = {
	"table", "chain", "set", "map", "flowtable", "element", "rule",
	"ruleset", "tables", "chains", "sets", "maps", "flowtables",
	"meters", "meter", "counter", "counters", "quota", "quotas", "limit",
	"limits", "secmark", "secmarks", "synproxy", "synproxys", "helper",
	"helpers", "timeout", "expectation", "hooks", "list", "flush",
	"reset", "delete", "destroy", "add", "create", "insert", "replace",
	"rename", "monitor", "export",
};

/* The hint for a field's name expected after the last words, or NULL */
static const char *parser_field_hint(const struct parser_state *state)
{
	char prev[32], prev2[32];
	unsigned int i;

	if (!parser_loc_text(&state->tok_loc[1], prev, sizeof(prev)))
		return NULL;
	if (!parser_loc_text(&state->tok_loc[2], prev2, sizeof(prev2)))
		prev2[0] = '\0';
	/* "add table ip NAME": a family, no header */
	for (i = 0; i < array_size(parser_family_before); i++)
		if (!strcmp(prev2, parser_family_before[i]))
			return NULL;
	/* two words first: "rt ip" is not "ip" */
	for (i = 0; i < array_size(parser_field_hints); i++)
		if (parser_field_hints[i].prev2 &&
		    !strcmp(parser_field_hints[i].prev2, prev2) &&
		    !strcmp(parser_field_hints[i].prev, prev))
			return parser_field_hints[i].fields;
	for (i = 0; i < array_size(parser_field_hints); i++)
		if (!parser_field_hints[i].prev2 &&
		    !strcmp(parser_field_hints[i].prev, prev))
			return parser_field_hints[i].fields;
	return NULL;
}

/*
 * "syntax error, unexpected X[, expecting A or B]" (no hint: 1.1.3
 * gives none) with the location of the offending token. A word is "string", its
 * text not repeated (as 1.1.3 puts it), but where it is a keyword to
 * 1.1.3 ("unexpected timeout").
 */
static int yyreport_syntax_error(const yypcontext_t *ctx, yyscan_t scanner,
				 struct parser_state *state)
{
	yysymbol_kind_t expected[YYNTOKENS], tok = yypcontext_token(ctx);
	const YYLTYPE *loc = yypcontext_location(ctx);
	char msg[1024] = "syntax error, ", text[128];
	bool has_text = parser_loc_text(loc, text, sizeof(text));
	const char *hint;
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
	     tok == YYSYMBOL_CT_DIR || tok == YYSYMBOL_TUNNEL || reserved) &&
	    text[0])
		parser_buf_add(msg, sizeof(msg), "%s", text);
	else
		buf_add_token(msg, sizeof(msg), tok);
	n = yypcontext_expected_tokens(ctx, expected, YYNTOKENS);
	n = parser_chain_target_expected(state, expected, n);
	n = parser_colon_expected(state, expected, n);
	/* no object's name follows a colon ("type ipv4_addr : ;") nor
	 * "meta" (a key does) */
	if (state->prev_tok != ':' && state->prev_tok != TOK_META)
		n = parser_obj_name_expected(expected, n);
	if (tok == YYSYMBOL_OPT_WORD)
		n = parser_option_word_expected(state, expected);
	else
		n = parser_stmt_end_expected(state, tok, expected, n);
	n = parser_elem_end_expected(expected, n);
	n = parser_paren_end_expected(expected, n);
	n = parser_expected_order(expected, n);
	/* "limit rate", "quota": 1.1.3 takes "over" and the rest in
	 * states of their own, and expects the number */
	if ((state->prev_tok == TOK_RATE || state->prev_tok == TOK_QUOTA) &&
	    parser_expects(expected, n, YYSYMBOL_NUMBER)) {
		expected[0] = YYSYMBOL_NUMBER;
		n = 1;
	}
	/* a field's name, where we take any word and check it later */
	hint = parser_expects(expected, n, YYSYMBOL_STRING) ?
	       parser_field_hint(state) : NULL;
	if (hint) {
		if (hint[0])
			parser_buf_add(msg, sizeof(msg), ", expecting %s", hint);
		n = 0;
	}
	for (i = 0; n <= 4 && i < n; i++) {
		parser_buf_add(msg, sizeof(msg), i ? " or " : ", expecting ");
		buf_add_token(msg, sizeof(msg), expected[i]);
	}
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
