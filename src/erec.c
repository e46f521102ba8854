/*
 * Error records and their rendering.
 *
 * The output format follows the system nft byte for byte, since scripts
 * and people have learned to read it:
 *
 *   In file included from top.nft:2:1-20:
 *   inc.nft:3:23-31: Error: message
 *   <the source line, tabs kept>
 *   <spaces and tabs, ~~~ under related text, ^^^ under the culprit>
 *
 * Text given on the command line or in a buffer has no "file:" prefix.
 * JSON input has no source line worth showing; the command's index and
 * JSON path take its place.
 */
#include <nft.h>
#include <erec.h>
#include <errno.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

const struct location internal_location = {
	.indesc		= NULL,
	.json_index	= -1,
};

struct input_descriptor *indesc_alloc(enum input_type type, const char *name,
				      char *data, size_t len)
{
	struct input_descriptor *indesc = xzalloc(sizeof(*indesc));

	init_list_head(&indesc->list);
	indesc->type = type;
	indesc->name = xstrdup(name);
	indesc->data = data;
	indesc->len = len;
	return indesc;
}

void indesc_free(struct input_descriptor *indesc)
{
	if (!indesc)
		return;
	xfree(indesc->name);
	xfree(indesc->data);
	xfree(indesc);
}

struct error_record *erec_vcreate(enum erec_type type,
				  const struct location *loc,
				  const char *fmt, va_list ap)
{
	struct error_record *erec = xzalloc(sizeof(*erec));

	init_list_head(&erec->list);
	erec->type = type;
	erec->locations[0] = loc ? *loc : internal_location;
	erec->num_locations = 1;
	if (vasprintf(&erec->msg, fmt, ap) < 0)
		memory_allocation_error();
	return erec;
}

struct error_record *erec_create(enum erec_type type,
				 const struct location *loc,
				 const char *fmt, ...)
{
	struct error_record *erec;
	va_list ap;

	va_start(ap, fmt);
	erec = erec_vcreate(type, loc, fmt, ap);
	va_end(ap);
	return erec;
}

void erec_add_location(struct error_record *erec, const struct location *loc)
{
	/* Extra locations only decorate the message; dropping the fifth one
	 * loses nothing a reader needs. */
	if (erec->num_locations < EREC_MAX_LOCATIONS && loc)
		erec->locations[erec->num_locations++] = *loc;
}

void erec_destroy(struct error_record *erec)
{
	if (!erec)
		return;
	free(erec->msg);
	xfree(erec);
}

void erec_queue(struct error_record *erec, struct list_head *msgs)
{
	list_add_tail(&erec->list, msgs);
}

int erec_error(struct list_head *msgs, const struct location *loc,
	       const char *fmt, ...)
{
	struct error_record *erec;
	va_list ap;

	va_start(ap, fmt);
	erec = erec_vcreate(EREC_ERROR, loc, fmt, ap);
	va_end(ap);
	erec_queue(erec, msgs);
	return -1;
}

int erec_missing(struct list_head *msgs, const struct location *loc,
		 const char *fmt, ...)
{
	va_list ap;
	char *what;

	va_start(ap, fmt);
	if (vasprintf(&what, fmt, ap) < 0)
		memory_allocation_error();
	va_end(ap);
	erec_error(msgs, loc, "%s: %s", strerror(ENOENT), what);
	free(what);
	return -1;
}

/* NULL for informational records: they print without a prefix. */
static const char *erec_type_name(enum erec_type type)
{
	switch (type) {
	case EREC_WARNING:
		return "Warning";
	case EREC_ERROR:
		return "Error";
	default:
		return NULL;
	}
}

static void erec_print_message(FILE *f, const struct error_record *erec)
{
	const char *name = erec_type_name(erec->type);

	if (name)
		fprintf(f, "%s: %s\n", name, erec->msg);
	else
		fprintf(f, "%s\n", erec->msg);
}

static bool location_is_json(const struct location *loc)
{
	return (loc->indesc && loc->indesc->type == INPUT_JSON) ||
	       loc->json_path;
}

static bool indesc_is_file(const struct input_descriptor *indesc)
{
	return indesc->type == INPUT_FILE || indesc->type == INPUT_STDIN;
}

/* How nft names a piece of input in "file:line:col" prefixes. */
static const char *indesc_display_name(const struct input_descriptor *indesc)
{
	if (indesc->name && indesc_is_file(indesc))
		return indesc->name;
	return "<cmdline>";
}

/* "In file included from a:1:1-20:" then "from b:...:" per level. */
void erec_print_include_chain(FILE *f, const struct input_descriptor *indesc)
{
	const struct location *parent;
	bool first = true;

	for (parent = indesc->parent; parent && parent->indesc;
	     parent = parent->indesc->parent) {
		fprintf(f, "%s %s:%u:%u-%u:\n",
			first ? "In file included from" :
				"                 from",
			indesc_display_name(parent->indesc),
			parent->first_line, parent->first_column,
			parent->last_column);
		first = false;
	}
}

/* Start and length of line @lineno (1-based) in @indesc, without '\n'. */
static bool indesc_line(const struct input_descriptor *indesc,
			unsigned int lineno, const char **start, size_t *len)
{
	const char *p = indesc->data, *end;
	size_t size;

	if (!p || lineno == 0)
		return false;
	size = indesc->len ? indesc->len : strlen(p);
	end = p + size;
	while (--lineno > 0) {
		p = memchr(p, '\n', end - p);
		if (!p)
			return false;
		p++;
	}
	*start = p;
	*len = strcspn(p, "\n");
	if (*len > (size_t)(end - p))
		*len = end - p;
	return true;
}

static bool indesc_at_end(const struct input_descriptor *indesc,
			  const char *p)
{
	size_t size = indesc->len ? indesc->len : strlen(indesc->data);

	return p == indesc->data + size;
}

/* Is (@line, @col) at or before the end of @loc? */
static bool location_holds(const struct location *loc, unsigned int line,
			   unsigned int col)
{
	return line < loc->last_line ||
	       (line == loc->last_line && col <= loc->last_column);
}

bool location_nth_word(const struct location *loc, unsigned int n,
		       const char *seps, struct location *out)
{
	unsigned int line = loc->first_line, col = loc->first_column;
	const char *p, *end;
	size_t len;

	if (!loc->indesc || loc->indesc->type == INPUT_JSON ||
	    !indesc_line(loc->indesc, line, &p, &len) || col == 0 ||
	    col - 1 > len)
		return false;
	p += col - 1;
	end = loc->indesc->data + loc->indesc->len;
	while (p < end && location_holds(loc, line, col)) {
		if (*p == '\n') {
			line++;
			col = 1;
			p++;
			continue;
		}
		if (*p == ' ' || *p == '\t' || (*p && strchr(seps, *p))) {
			col++;
			p++;
			continue;
		}
		*out = *loc;
		out->first_line = out->last_line = line;
		out->first_column = col;
		while (p < end && *p && *p != '\n' && *p != ' ' &&
		       *p != '\t' && !strchr(seps, *p) &&
		       location_holds(loc, line, col)) {
			p++;
			col++;
		}
		out->last_column = col - 1;
		if (n-- == 0)
			return true;
	}
	return false;
}

struct location location_from_sep(const struct location *loc, char sep)
{
	struct location out = *loc;
	unsigned int col = loc->first_column;
	const char *p;
	size_t len;

	if (!loc->indesc || loc->indesc->type == INPUT_JSON ||
	    !indesc_line(loc->indesc, loc->first_line, &p, &len) ||
	    col < 2 || col - 1 > len)
		return out;
	while (col > 1 && (p[col - 2] == ' ' || p[col - 2] == '\t'))
		col--;
	if (col > 1 && p[col - 2] == sep)
		out.first_column = col - 1;
	return out;
}

struct location location_span(const struct location *first,
			      const struct location *last)
{
	struct location out = *first;

	out.last_line = last->last_line;
	out.last_column = last->last_column;
	return out;
}

bool location_line(const struct location *loc, const char **start,
		   size_t *len)
{
	if (!loc->indesc || loc->json_index >= 0)
		return false;
	return indesc_line(loc->indesc, loc->first_line, start, len);
}

static void caret_fill(char *buf, size_t size, size_t first, size_t last,
		       char mark)
{
	size_t i;

	for (i = first ? first : 1; i <= last && i <= size; i++)
		buf[i - 1] = mark;
}

/*
 * The marker line under the source line: every tab of the source stays a
 * tab so the markers line up whatever the tab width; related locations
 * get '~' first and the offending one '^' on top, as nft does.
 */
static void erec_print_caret_line(FILE *f, const struct error_record *erec,
				  const char *line, size_t line_len)
{
	const struct location *loc;
	size_t size = line_len, i, end, last;
	unsigned int n;
	char *buf;

	for (n = 0; n < erec->num_locations; n++)
		if (erec->locations[n].last_column > size)
			size = erec->locations[n].last_column;
	buf = xmalloc(size + 1);
	for (i = 0; i < size; i++)
		buf[i] = i < line_len && line[i] == '\t' ? '\t' : ' ';
	/* Related spans are marked by their columns alone, even when they
	 * start on an earlier line, as nft does. */
	for (n = 1; n < erec->num_locations; n++) {
		loc = &erec->locations[n];
		caret_fill(buf, size, loc->first_column, loc->last_column, '~');
	}
	/* An offending span that runs past its line is marked to the end. */
	loc = &erec->locations[0];
	last = loc->last_column;
	if (loc->last_line > loc->first_line && last < line_len)
		last = line_len;
	caret_fill(buf, size, loc->first_column, last, '^');
	for (end = size; end > 0 && (buf[end - 1] == ' ' ||
				     buf[end - 1] == '\t'); end--)
		;
	fprintf(f, "%.*s\n", (int)end, buf);
	xfree(buf);
}

static void erec_print_source(FILE *f, const struct error_record *erec)
{
	const struct location *loc = &erec->locations[0];
	const char *line;
	size_t len;

	if (!indesc_line(loc->indesc, loc->first_line, &line, &len))
		return;
	/* the end of an input that ends its last line: that line is
	 * shown, as nft does, the caret where the next one would start */
	if (len == 0 && loc->first_line > 1 && indesc_at_end(loc->indesc, line))
		indesc_line(loc->indesc, loc->first_line - 1, &line, &len);
	fprintf(f, "%.*s\n", (int)len, line);
	erec_print_caret_line(f, erec, line, len);
}

/* The path, a set element's index in its place (JSON_PATH_INDEX). */
static void erec_print_json_path(FILE *f, const struct location *loc)
{
	const char *p;

	for (p = loc->json_path; p && *p; p++) {
		if (*p == JSON_PATH_INDEX[0])
			fprintf(f, "%u", loc->first_line - 1);
		else
			fputc(*p, f);
	}
}

static void erec_print_json(FILE *f, const struct error_record *erec)
{
	const struct location *loc = &erec->locations[0];

	erec_print_message(f, erec);
	if (loc->json_index < 0 && !loc->json_path)
		return;
	/* outside the commands: beside "nftables" */
	if (loc->json_index < 0)
		fprintf(f, "JSON top level, at ");
	else
		fprintf(f, "JSON command #%d", loc->json_index);
	if (loc->json_index >= 0 && loc->json_path)
		fprintf(f, ", at nftables[%d]", loc->json_index);
	erec_print_json_path(f, loc);
	fputc('\n', f);
}

void erec_print(FILE *f, const struct error_record *erec)
{
	const struct location *loc = &erec->locations[0];
	const struct input_descriptor *indesc = loc->indesc;

	if (location_is_json(loc)) {
		erec_print_json(f, erec);
		return;
	}
	if (!indesc || indesc->type == INPUT_INTERNAL) {
		erec_print_message(f, erec);
		return;
	}
	erec_print_include_chain(f, indesc);
	if (indesc_is_file(indesc))
		fprintf(f, "%s:%u:%u-%u: ", indesc_display_name(indesc),
			loc->first_line, loc->first_column, loc->last_column);
	erec_print_message(f, erec);
	erec_print_source(f, erec);
}

void erec_print_list(FILE *f, struct list_head *msgs)
{
	struct error_record *erec, *next;

	list_for_each_entry_safe(erec, next, msgs, list) {
		list_del(&erec->list);
		erec_print(f, erec);
		erec_destroy(erec);
	}
	fflush(f);
}

void erec_free_list(struct list_head *msgs)
{
	struct error_record *erec, *next;

	list_for_each_entry_safe(erec, next, msgs, list) {
		list_del(&erec->list);
		erec_destroy(erec);
	}
}

bool erec_list_has_error(const struct list_head *msgs)
{
	const struct error_record *erec;

	list_for_each_entry(erec, msgs, list)
		if (erec->type == EREC_ERROR)
			return true;
	return false;
}

int erec_parse_error(struct list_head *msgs, const struct location *loc,
		     const char *fmt, ...)
{
	struct error_record *erec;
	va_list ap;

	va_start(ap, fmt);
	erec = erec_vcreate(EREC_ERROR, loc, fmt, ap);
	va_end(ap);
	erec->phase = EREC_PHASE_PARSE_LIKE;
	erec_queue(erec, msgs);
	return -1;
}

int erec_as_kernel(struct list_head *msgs)
{
	struct error_record *erec;

	if (!list_empty(msgs)) {
		erec = list_last_entry(msgs, struct error_record, list);
		erec->phase = EREC_PHASE_KERNEL_LIKE;
	}
	return -1;
}

void erec_list_parsed(struct list_head *msgs)
{
	struct error_record *erec;

	list_for_each_entry(erec, msgs, list)
		erec->phase = EREC_PHASE_PARSER;
}

/* Includes nest at most this deep (src/scanner.l): deeper is compared
 * by the outer places alone. */
#define EREC_PLACE_DEPTH	32

/* Where @loc stands in the top input: the place of each include that
 * leads to it, outermost first, then its own; the number of places. */
static unsigned int erec_places(const struct location *loc,
				unsigned int place[][2])
{
	const struct location *l;
	unsigned int n = 0, i, j;

	for (l = loc; l && l->indesc && n < EREC_PLACE_DEPTH;
	     l = l->indesc->parent) {
		place[n][0] = l->first_line;
		place[n][1] = l->first_column;
		n++;
	}
	for (i = 0, j = n ? n - 1 : 0; i < j; i++, j--) {
		unsigned int line = place[i][0], col = place[i][1];

		place[i][0] = place[j][0];
		place[i][1] = place[j][1];
		place[j][0] = line;
		place[j][1] = col;
	}
	return n;
}

/* Is @a before @b in the text? Records without text (JSON) are
 * before nothing. */
static bool erec_before(const struct error_record *a,
			const struct error_record *b)
{
	unsigned int pa[EREC_PLACE_DEPTH][2], pb[EREC_PLACE_DEPTH][2];
	unsigned int na = erec_places(&a->locations[0], pa);
	unsigned int nb = erec_places(&b->locations[0], pb);
	unsigned int i;

	for (i = 0; i < na && i < nb; i++) {
		if (pa[i][0] != pb[i][0])
			return pa[i][0] < pb[i][0];
		if (pa[i][1] != pb[i][1])
			return pa[i][1] < pb[i][1];
	}
	return false;
}

/* Insert @erec into @sorted after the records not after it: stable,
 * and from the end, since evaluation finds them mostly in order. */
static void erec_insert_sorted(struct list_head *sorted,
			       struct error_record *erec)
{
	struct error_record *at;

	list_for_each_entry_reverse(at, sorted, list) {
		if (!erec_before(erec, at))
			break;
	}
	/* after @at, or first if every record is after it */
	list_add(&erec->list, &at->list);
}

/* 1.1.3 words every refusal of the kernel "Could not process rule: ...":
 * what evaluation says in those words stands where the kernel's would. */
static bool erec_is_kernel(const struct error_record *erec)
{
	static const char prefix[] = "Could not process rule:";

	return erec->phase == EREC_PHASE_KERNEL_LIKE ||
	       !strncmp(erec->msg, prefix, sizeof(prefix) - 1);
}

/*
 * 1.1.3 counts the errors of parsing and evaluation together: its parser
 * stops at the 10th, and evaluation stops once the count reaches 10 (so
 * after ten syntax errors it goes on). The kernel's are not counted.
 */
#define EREC_MAX_ERRORS		10

static void erec_list_cap(struct list_head *msgs)
{
	struct error_record *erec, *next;
	unsigned int n = 0;
	bool hard = false, stop = false;

	list_for_each_entry(erec, msgs, list)
		if (erec->type == EREC_ERROR && !erec_is_kernel(erec))
			hard = true;
	if (!hard)
		return;
	list_for_each_entry_safe(erec, next, msgs, list) {
		if (erec->type != EREC_ERROR)
			continue;
		if (erec->phase == EREC_PHASE_PARSER ||
		    erec->phase == EREC_PHASE_PARSE_LIKE)
			stop = n >= EREC_MAX_ERRORS;
		if (stop) {
			list_del(&erec->list);
			erec_destroy(erec);
			continue;
		}
		if (++n == EREC_MAX_ERRORS && erec->phase != EREC_PHASE_PARSER &&
		    erec->phase != EREC_PHASE_PARSE_LIKE)
			stop = true;
	}
}

void erec_list_order(struct list_head *msgs)
{
	struct error_record *erec, *next, *at;
	bool eval_errors = false;
	LIST_HEAD(parser);
	LIST_HEAD(like);
	LIST_HEAD(rest);
	LIST_HEAD(kernel);

	/* records in the kernel's words move only after errors of
	 * evaluation: else they are the kernel's own, which stay in the
	 * order of the batch with their notes */
	list_for_each_entry(erec, msgs, list)
		if (erec->type == EREC_ERROR &&
		    erec->phase == EREC_PHASE_EVAL && !erec_is_kernel(erec))
			eval_errors = true;
	list_for_each_entry_safe(erec, next, msgs, list) {
		list_del(&erec->list);
		if (erec->phase == EREC_PHASE_PARSER)
			list_add_tail(&erec->list, &parser);
		else if (erec->phase == EREC_PHASE_PARSE_LIKE)
			erec_insert_sorted(&like, erec);
		else if (eval_errors && erec_is_kernel(erec))
			list_add_tail(&erec->list, &kernel);
		else
			list_add_tail(&erec->list, &rest);
	}
	/* merge: a parse-like record goes before the first parser's
	 * record after it */
	at = list_first_entry(&parser, struct error_record, list);
	list_for_each_entry_safe(erec, next, &like, list) {
		while (&at->list != &parser && !erec_before(erec, at))
			at = list_next_entry(at, list);
		list_del(&erec->list);
		list_add_tail(&erec->list, &at->list);
	}
	list_splice_tail_init(&parser, msgs);
	list_splice_tail_init(&rest, msgs);
	list_splice_tail_init(&kernel, msgs);
	erec_list_cap(msgs);
}
