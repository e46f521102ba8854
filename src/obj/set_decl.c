/*
 * Named sets: a declaration's key and data types checked as upstream
 * 1.1.3 checks them, in its words and with its carets. Its parser
 * refuses some of these (a map without data, a set with data) with a
 * syntax error at the token it did not expect, then says the set
 * "does not specify key" under the declaration: the text after the key
 * tells which token that was.
 */
#include <set_int.h>
#include <evaluate.h>
#include <string.h>

/* The declaration itself, for "does not specify key": its braces, or
 * its name in a table block; the command where there is neither. */
static const struct location *set_decl_where(const struct set *s)
{
	return s->decl_loc.indesc ? &s->decl_loc : &s->location;
}

int set_decl_no_key(struct eval_ctx *ectx, const struct set *s)
{
	return erec_error(ectx->msgs, set_decl_where(s),
			  "set definition does not specify key");
}

/* An error under @loc, then the declaration's "does not specify key",
 * as 1.1.3's parser reports both. */
static int set_decl_error(struct eval_ctx *ectx, const struct set *s,
			  const struct location *loc, const char *msg)
{
	erec_parse_error(ectx->msgs, loc, "%s", msg);
	return set_decl_no_key(ectx, s);
}

/*
 * The token after @loc on its line: its location and the name 1.1.3's
 * parser gives it ("semicolon", "newline" one past the line's end,
 * "'}'", "colon"); NULL where the text cannot tell (JSON, a comment or
 * something else next).
 */
static const char *set_decl_next_token(const struct location *loc,
				       struct location *next)
{
	const char *line;
	size_t len, i;

	if (loc->first_line != loc->last_line ||
	    !location_line(loc, &line, &len) || loc->last_column > len)
		return NULL;
	for (i = loc->last_column; i < len && (line[i] == ' ' ||
					       line[i] == '\t'); i++)
		;
	*next = *loc;
	next->first_column = next->last_column = i + 1;
	if (i == len)
		return "newline";
	switch (line[i]) {
	case ';':
		return "semicolon";
	case '}':
		return "'}'";
	case ':':
		return "colon";
	}
	return NULL;
}

/* Where the @idx'th name (0-based) of "a . b . c" written at @loc is;
 * all of @loc where the text cannot tell. */
static void set_decl_name_loc(const struct location *loc, unsigned int idx,
			      struct location *out)
{
	const char *line;
	size_t len, i, start;
	unsigned int n = 0;

	*out = *loc;
	if (loc->first_line != loc->last_line ||
	    !location_line(loc, &line, &len) || loc->last_column > len ||
	    loc->first_column == 0)
		return;
	for (i = loc->first_column - 1; i < loc->last_column; ) {
		while (i < loc->last_column && strchr(" \t.", line[i]))
			i++;
		start = i;
		while (i < loc->last_column && !strchr(" \t.", line[i]))
			i++;
		if (i == start)
			return;
		if (n++ == idx) {
			out->first_column = start + 1;
			out->last_column = i;
			return;
		}
	}
}

/* A type a key or data can hold: a fixed size, and data may be a
 * verdict. */
static bool set_decl_type_sized(const struct datatype *dtype, bool data)
{
	if (dtype->type == TYPE_VERDICT)
		return data;
	return dtype->type != TYPE_INVALID && dtype->size != 0;
}

/*
 * The names of "type K" or a map's "K : D" (@data): one 1.1.3 does not
 * know is refused under it, then the declaration lacks a key; a type
 * without a fixed size (integer, string, bitmask, ll_addr; a verdict
 * key) is refused as "unqualified" alone, under the member in a
 * concatenation.
 */
int set_decl_check_names(struct eval_ctx *ectx, const struct set *s,
			 const char *names, const struct location *loc,
			 bool data)
{
	char *copy = xstrdup(names), *save = NULL, *tok;
	const struct datatype *dtype;
	struct location at;
	struct error_record *erec;
	unsigned int idx = 0;
	bool concat = strchr(names, '.') != NULL;
	int ret = 0;

	for (tok = strtok_r(copy, " .", &save); tok && !ret;
	     tok = strtok_r(NULL, " .", &save), idx++) {
		dtype = datatype_lookup_byname(tok);
		set_decl_name_loc(loc, idx, &at);
		/* words of 1.1.3's grammar there ("meta day"), no type */
		if (s->decl_loc.indesc && loc->json_index < 0 &&
		    (!strcmp(tok, "day") || !strcmp(tok, "hour"))) {
			char *msg = xasprintf("syntax error, unexpected %s",
					      tok);

			ret = set_decl_error(ectx, s, &at, msg);
			xfree(msg);
		} else if (!dtype) {
			erec_parse_error(ectx->msgs, &at,
					 "unknown datatype %s", tok);
			ret = s->decl_loc.indesc ? set_decl_no_key(ectx, s) : -1;
		} else if (set_decl_type_sized(dtype, data && !concat)) {
			continue;
		} else if (!concat) {
			ret = erec_error(ectx->msgs, set_decl_where(s),
					 "unqualified type %s specified in %s definition. Try \"typeof expression\" instead of \"type datatype\".",
					 tok, set_is_map(s) ? "map" : "set");
		} else {
			erec = erec_create(EREC_ERROR, &at,
					   "can not use variable sized data types (%s) in concat expressions",
					   tok);
			erec_add_location(erec, loc);
			erec_queue(erec, ectx->msgs);
			ret = -1;
		}
	}
	xfree(copy);
	return ret;
}

/*
 * "typeof ct original saddr": a ct address without its family, which a
 * rule takes from its table, has no type in a declaration to 1.1.3:
 * "unqualified" alone, in a concatenation the member's family missing.
 */
int set_decl_check_ct_family(struct eval_ctx *ectx, const struct set *s,
			     const struct expr *key)
{
	const struct expr *i;

	if (key->etype == EXPR_CONCAT) {
		list_for_each_entry(i, &key->expr_list.expressions, list)
			if (ct_expr_family_implicit(i))
				return erec_error(ectx->msgs, &i->location,
						  "specify either ip or ip6 for address matching");
		return 0;
	}
	if (!ct_expr_family_implicit(key))
		return 0;
	return erec_error(ectx->msgs, set_decl_where(s),
			  "unqualified type invalid specified in %s definition. Try \"typeof expression\" instead of \"type datatype\".",
			  set_is_map(s) ? "map" : "set");
}

/*
 * "typeof KEY : TYPE" where 1.1.3 takes only an expression, a verdict
 * or an object's kind after a typeof key: its parser refuses the type
 * at once (parser_map_typeof_names()), under its (first) name. JSON
 * names a typeof map's data by type.
 */
bool set_typeof_data_name_ok(const char *names)
{
	static const char *const ok[] = {
		"verdict", "counter", "quota", "limit", "secmark",
		"synproxy", "ct",
	};
	size_t len = strcspn(names, " .");
	unsigned int i;

	for (i = 0; i < array_size(ok); i++)
		if (strlen(ok[i]) == len && !strncmp(names, ok[i], len))
			return true;
	return false;
}

/* A set given data ("type K : D"): 1.1.3's parser stops at the colon.
 * Returns -1 with the errors queued, 1 where the text cannot show the
 * colon (the caller says it its way). */
int set_decl_check_set_data(struct eval_ctx *ectx, const struct set *s)
{
	struct location colon;
	const char *tok = set_decl_next_token(&s->key_loc, &colon);

	if (!tok || strcmp(tok, "colon"))
		return 1;
	return set_decl_error(ectx, s, &colon,
			      "syntax error, unexpected colon, expecting newline or semicolon");
}

/* A map without data ("type K" alone): 1.1.3's parser wanted a colon
 * (or a concatenation's dot) after the key. 1 as above. */
int set_decl_check_map_data(struct eval_ctx *ectx, const struct set *s)
{
	struct location next;
	const char *tok = set_decl_next_token(&s->key_loc, &next);
	char *msg;
	int ret;

	if (!tok)
		return 1;
	msg = xasprintf("syntax error, unexpected %s, expecting colon or .",
			tok);
	ret = set_decl_error(ectx, s, &next, msg);
	xfree(msg);
	return ret;
}

/* The first word of the item written at @loc ("flags", "type"), or "". */
static void set_decl_item_word(const struct location *loc, char *buf,
			       size_t size)
{
	const char *line;
	size_t len, n;

	buf[0] = '\0';
	if (!location_line(loc, &line, &len) || loc->first_column == 0 ||
	    loc->first_column > len)
		return;
	line += loc->first_column - 1;
	len -= loc->first_column - 1;
	n = strcspn(line, " \t;}");
	if (n > len)
		n = len;
	if (n >= size)
		n = size - 1;
	memcpy(buf, line, n);
	buf[n] = '\0';
}

/* What 1.1.3's parser expects after the last item @word of a
 * declaration when a closing brace comes instead of a separator; NULL
 * where it takes the brace. */
static const char *set_decl_expected(const struct set *s, const char *word,
				     const struct location *item)
{
	static const char *const stateful[] = {
		"counter", "quota", "limit", "ct", "last",
	};
	const char *line;
	size_t len;
	bool colon = false;
	unsigned int i;

	if (!strcmp(word, "elements") || !strcmp(word, "auto-merge"))
		return NULL;
	for (i = 0; i < array_size(stateful); i++)
		if (!strcmp(word, stateful[i]))
			return "";
	if (!strcmp(word, "flags"))
		return ", expecting newline or semicolon or comma";
	if (strcmp(word, "type") && strcmp(word, "typeof"))
		return ", expecting newline or semicolon";
	if (item->first_line == item->last_line &&
	    location_line(item, &line, &len) && item->last_column <= len)
		colon = memchr(line + item->first_column - 1, ':',
			       item->last_column - item->first_column + 1);
	if (colon && !strcmp(word, "type"))
		return ", expecting newline or semicolon or .";
	return ", expecting newline or semicolon";
}

/*
 * What 1.1.3's grammar refuses of a declaration ours reads: a last item
 * without its separator (but elements and auto-merge), "auto-merge" in a
 * map; refused with its syntax error, under the brace or the keyword.
 */
int set_decl_check_syntax(struct eval_ctx *ectx, const struct set *s)
{
	struct location brace;
	const char *expected;
	char word[16];

	if (set_is_map(s) && s->auto_merge && s->auto_merge_loc.indesc) {
		erec_parse_error(ectx->msgs, &s->auto_merge_loc,
				 "syntax error, unexpected auto-merge");
		/* 1.1.3 goes on to the key (one its parser dropped) */
		if (!s->key && !s->key_types)
			set_decl_no_key(ectx, s);
		return -1;
	}
	/* a set's data, a map's missing data: that error comes first */
	if (!s->last_unseparated ||
	    set_is_map(s) != (s->data_types || s->data))
		return 0;
	set_decl_item_word(&s->last_item_loc, word, sizeof(word));
	expected = set_decl_expected(s, word, &s->last_item_loc);
	if (!expected)
		return 0;
	if (strcmp(set_decl_next_token(&s->last_item_loc, &brace) ?: "",
		   "'}'"))
		return 0;
	return erec_parse_error(ectx->msgs, &brace,
				"syntax error, unexpected '}'%s", expected);
}
