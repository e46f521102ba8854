/*
 * Value types of meta, ct and rt keys: conntrack state, status, events and
 * labels; names from iproute2 files, users and groups, classids; durations,
 * times of day, days and dates. The generic types and the parse/print
 * walk are in datatype.c.
 */
#include <nft.h>
#include <datatype.h>
#include <expr.h>
#include <erec.h>
#include <nftables.h>
#include <json.h>
#include <datatype_int.h>

#include <ctype.h>
#include <errno.h>
#include <grp.h>
#include <inttypes.h>
#include <pwd.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <time.h>

/* Rows in the order "describe ct state" lists them (the system nft's);
 * flags print in bit order whatever the order here. */
static const struct symbol_table ct_state_tbl = {
	.byteorder = BYTEORDER_HOST_ENDIAN, .size = 32,
	.symbols = {
		{ "invalid",	1 },
		{ "new",	8 },
		{ "established", 2 },
		{ "related",	4 },
		{ "untracked",	64 },
		{ NULL, 0 },
	},
};

static const struct symbol_table ct_dir_tbl = {
	.byteorder = BYTEORDER_HOST_ENDIAN, .size = 8, .base_decimal = true,
	.symbols = {
		{ "original",	0 },
		{ "reply",	1 },
		{ NULL, 0 },
	},
};

/* IPS_* of linux/netfilter/nf_conntrack_common.h */
static const struct symbol_table ct_status_tbl = {
	.byteorder = BYTEORDER_HOST_ENDIAN, .size = 32,
	.symbols = {
		{ "expected",	1 },
		{ "seen-reply",	2 },
		{ "assured",	4 },
		{ "confirmed",	8 },
		{ "snat",	16 },
		{ "dnat",	32 },
		{ "dying",	512 },
		{ NULL, 0 },
	},
};

/* IPCT_* events a ct event set statement may ask for */
static const struct symbol_table ct_event_tbl = {
	.byteorder = BYTEORDER_HOST_ENDIAN, .size = 32,
	.symbols = {
		{ "new",	1 },
		{ "related",	2 },
		{ "destroy",	4 },
		{ "reply",	8 },
		{ "assured",	16 },
		{ "protoinfo",	32 },
		{ "helper",	64 },
		{ "mark",	128 },
		{ "seqadj",	256 },
		{ "secmark",	512 },
		{ "label",	1024 },
		{ NULL, 0 },
	},
};

/* Days as struct tm counts them (row N is day N), printed as nft lists
 * them; "describe meta day" shows the table. */
#define DAYS	7
static const struct symbol_table day_tbl = {
	.byteorder = BYTEORDER_HOST_ENDIAN, .size = 8, .base_decimal = true,
	.symbols = {
		{ "Sunday", 0 }, { "Monday", 1 }, { "Tuesday", 2 },
		{ "Wednesday", 3 }, { "Thursday", 4 }, { "Friday", 5 },
		{ "Saturday", 6 },
		{ NULL, 0 },
	},
};

/*
 * Name files of iproute2 and conntrack: "NUMBER NAME" lines, '#'
 * comments. Read on each use: listings rarely need them, and a daemon
 * linking the library sees edits.
 */
static FILE *names_open(const char *file)
{
	static const char *const dirs[] = { "/etc/iproute2", "/usr/share/iproute2" };
	char path[256];
	unsigned int i;
	FILE *f;

	if (file[0] == '/')
		return fopen(file, "r");
	for (i = 0; i < array_size(dirs); i++) {
		snprintf(path, sizeof(path), "%s/%s", dirs[i], file);
		f = fopen(path, "r");
		if (f)
			return f;
	}
	return NULL;
}

/* Look @name up (by name, @name set) or @val up (by value, @out set). */
static bool names_find(const char *file, const char *name, uint64_t *val,
		       char *out, size_t size)
{
	char line[512], word[256];
	bool found = false;
	unsigned long long v;
	FILE *f = names_open(file);
	char *p;

	if (!f)
		return false;
	while (!found && fgets(line, sizeof(line), f)) {
		p = line + strspn(line, " \t");
		if (*p == '#' || sscanf(p, "%lli %255s", &v, word) != 2)
			continue;
		if (name && !strcmp(word, name)) {
			*val = v;
			found = true;
		} else if (!name && v == *val) {
			snprintf(out, size, "%s", word);
			found = true;
		}
	}
	fclose(f);
	return found;
}

/* A name from @file or a number up to @bits wide. */
static struct error_record *names_parse(const struct expr *sym,
					const char *file,
					const struct datatype *dtype,
					struct expr **res)
{
	const char *id = sym->symbol.identifier;
	unsigned long long v;
	uint64_t val;
	char *end;

	if (!names_find(file, id, &val, NULL, 0)) {
		errno = 0;
		v = strtoull(id, &end, 0);
		if (end == id || *end || *id == '-' || errno ||
		    v > 0xffffffffULL)
			return parse_error(sym, "Could not parse %s",
					   dtype->desc);
		val = v;
	}
	*res = constant_expr_alloc_u64(&sym->location, dtype,
				       BYTEORDER_HOST_ENDIAN, dtype->size,
				       val);
	return NULL;
}

/* The name of @expr's value in @file, unless numbers were asked for. */
static bool names_name(const struct expr *expr, const char *file,
		       struct output_ctx *octx, char *name, size_t size)
{
	uint64_t val;

	return !nft_output_numeric_symbol(octx) && value_get_u64(expr, &val) &&
	       names_find(file, NULL, &val, name, size);
}

static bool names_print(const struct expr *expr, const char *file,
			struct output_ctx *octx)
{
	char name[256];

	if (!names_name(expr, file, octx, name, sizeof(name)))
		return false;
	nft_print(octx, "\"%s\"", name);
	return true;
}

static struct error_record *realm_parse(const struct expr *sym,
					struct expr **res)
{
	return names_parse(sym, "rt_realms", &realm_type, res);
}

static void realm_print(const struct expr *expr, struct output_ctx *octx)
{
	if (!names_print(expr, "rt_realms", octx))
		print_decimal(expr, octx);
}

/* nft writes a realm as a string in JSON, named or not. */
static json_t *realm_json(const struct expr *expr, struct output_ctx *octx)
{
	char name[256];
	char *s;
	json_t *j;

	if (names_name(expr, "rt_realms", octx, name, sizeof(name)))
		return json_string(name);
	s = mpz_get_str(NULL, 10, expr->value.value);
	j = json_string(s);
	free(s);
	return j;
}

static struct error_record *devgroup_parse(const struct expr *sym,
					   struct expr **res)
{
	return names_parse(sym, "group", &devgroup_type, res);
}

static void devgroup_print(const struct expr *expr, struct output_ctx *octx)
{
	if (!names_print(expr, "group", octx))
		print_decimal(expr, octx);
}

static json_t *devgroup_json(const struct expr *expr, struct output_ctx *octx)
{
	char name[256];

	if (names_name(expr, "group", octx, name, sizeof(name)))
		return json_string(name);
	return number_json(expr, octx);
}

/* Users and groups: names resolve through NSS; -u lists them by name. */
static struct error_record *guid_parse(const struct expr *sym, bool user,
				       const struct datatype *dtype,
				       struct expr **res)
{
	const char *id = sym->symbol.identifier;
	unsigned long long v;
	struct passwd *pw;
	struct group *gr;
	char *end;

	errno = 0;
	v = strtoull(id, &end, 0);
	if (end == id || *end || *id == '-' || errno) {
		if (user && (pw = getpwnam(id)) != NULL)
			v = pw->pw_uid;
		else if (!user && (gr = getgrnam(id)) != NULL)
			v = gr->gr_gid;
		else
			return parse_error(sym, "%s", user ?
					   "User does not exist" :
					   "Group does not exist");
	} else if (v > 0xffffffffULL) {
		return parse_error(sym, "Value %s exceeds valid range 0-4294967295",
				   id);
	}
	*res = constant_expr_alloc_u64(&sym->location, dtype,
				       BYTEORDER_HOST_ENDIAN, 32, v);
	return NULL;
}

static struct error_record *uid_parse(const struct expr *sym,
				      struct expr **res)
{
	return guid_parse(sym, true, &uid_type, res);
}

static struct error_record *gid_parse(const struct expr *sym,
				      struct expr **res)
{
	return guid_parse(sym, false, &gid_type, res);
}

/* The user or group name under -u, NULL if none or not asked for. */
static const char *guid_name(const struct expr *expr,
			     const struct output_ctx *octx)
{
	struct passwd *pw;
	struct group *gr;
	uint64_t val;

	if (!(octx->flags & NFT_CTX_OUTPUT_GUID) || !value_get_u64(expr, &val))
		return NULL;
	if (expr->dtype == &uid_type) {
		pw = getpwuid(val);
		return pw ? pw->pw_name : NULL;
	}
	gr = getgrgid(val);
	return gr ? gr->gr_name : NULL;
}

static void guid_print(const struct expr *expr, struct output_ctx *octx)
{
	const char *name = guid_name(expr, octx);

	if (name)
		nft_print(octx, "\"%s\"", name);
	else
		print_decimal(expr, octx);
}

static json_t *guid_json(const struct expr *expr, struct output_ctx *octx)
{
	const char *name = guid_name(expr, octx);

	return name ? json_string(name) : number_json(expr, octx);
}

/* tc handles, "major:minor" in hex: meta priority 1:2, none, root. */
static struct error_record *classid_parse(const struct expr *sym,
					  struct expr **res)
{
	const char *id = sym->symbol.identifier;
	unsigned long major, minor;
	uint32_t v;
	char *end;

	if (!strcmp(id, "none")) {
		v = 0;
	} else if (!strcmp(id, "root")) {
		v = 0xffffffff;
	} else if (strchr(id, ':')) {
		errno = 0;
		major = strtoul(id, &end, 16);
		if (end == id || *end != ':' || major > 0xffff || errno)
			return parse_error(sym, "%s", "Could not parse classid");
		id = end + 1;
		minor = strtoul(id, &end, 16);
		if (end == id || *end || minor > 0xffff || errno)
			return parse_error(sym, "%s", "Could not parse classid");
		v = major << 16 | minor;
	} else {
		return NULL;		/* a plain number: the integer parser */
	}
	*res = constant_expr_alloc_u64(&sym->location, &classid_type,
				       BYTEORDER_HOST_ENDIAN, 32, v);
	return NULL;
}

static void classid_print(const struct expr *expr, struct output_ctx *octx)
{
	uint64_t val = 0;

	value_get_u64(expr, &val);
	if (val == 0)
		nft_print(octx, "none");
	else if (val == 0xffffffff)
		nft_print(octx, "root");
	else
		nft_print(octx, "%x:%x", (unsigned int)(val >> 16),
			  (unsigned int)(val & 0xffff));
}

static const struct {
	char unit;
	unsigned int bit;
	uint64_t ms;
	const char *name;
} duration_units[] = {
	{ 'd', 1 << 0, 86400000, "Day" },
	{ 'h', 1 << 1, 3600000, "Hour" },
	{ 'm', 1 << 2, 60000, "Minute" },
	{ 's', 1 << 3, 1000, "Second" },
};

/*
 * A word that starts with a unit ("s", "d2h", "sms"), which 1.1.3's
 * scanner passes as a word and its parser reads unit by unit: a unit
 * without digits is none of it, digits after the last unit are
 * dropped, a unit given twice is refused; "ms" counts as seconds given
 * for that (so "ms" then "s" is refused, "ms" twice is not). NULL, or
 * the error.
 */
const char *duration_word_parse(const char *p, uint64_t *ms)
{
	unsigned int seen = 0, digits = 0, i;
	uint64_t n = 0, total = 0;

	for (; *p; p++) {
		if (*p >= '0' && *p <= '9') {
			if (++digits > DURATION_DIGITS_MAX)
				return "value too large";
			n = n * 10 + (uint64_t)(*p - '0');
			continue;
		}
		digits = 0;
		if (p[0] == 'm' && p[1] == 's') {
			total += n;
			seen |= duration_units[3].bit;
			n = 0;
			p++;
			continue;
		}
		for (i = 0; i < array_size(duration_units); i++)
			if (duration_units[i].unit == *p)
				break;
		if (i == array_size(duration_units))
			return "wrong time format";
		if (seen & duration_units[i].bit)
			return duration_units[i].name;
		seen |= duration_units[i].bit;
		total += n * duration_units[i].ms;
		n = 0;
	}
	*ms = total;
	return NULL;
}

/* Durations in milliseconds: "1d2h3m4s5ms"; a bare number is seconds. */
static struct error_record *duration_parse(const struct expr *sym,
					   struct expr **res)
{
	const char *s = sym->symbol.identifier, *err;
	uint64_t total = 0, n;
	char *end;

	n = strtoull(s, &end, 10);
	if (*s && !*end && isdigit((unsigned char)*s)) {
		total = n * 1000;
		goto done;
	}
	/* 1.1.3's reading, its words */
	err = duration_word_parse(s, &total);
	if (err && err[0] >= 'A' && err[0] <= 'Z')
		return parse_error(sym, "%s has been specified twice", err);
	if (err)
		return parse_error(sym, "%s", err);
done:
	if (total > 0xffffffffULL)
		return parse_error(sym, "%s", "Time value out of range");
	*res = constant_expr_alloc_u64(&sym->location, &duration_type,
				       BYTEORDER_HOST_ENDIAN, 32, total);
	return NULL;
}

/* 1m40s; 0s for nothing; -T and -n print seconds: 100s. */
static void duration_print(const struct expr *expr, struct output_ctx *octx)
{
	static const struct { const char *unit; uint64_t ms; } units[] = {
		{ "d", 86400000 }, { "h", 3600000 }, { "m", 60000 },
		{ "s", 1000 }, { "ms", 1 },
	};
	uint64_t ms = 0;
	unsigned int i;

	value_get_u64(expr, &ms);
	if (octx->flags & NFT_CTX_OUTPUT_NUMERIC_TIME) {
		nft_print(octx, "%" PRIu64 "s", ms / 1000);
		return;
	}
	if (ms == 0) {
		nft_print(octx, "0s");
		return;
	}
	for (i = 0; i < array_size(units); i++) {
		if (ms / units[i].ms)
			nft_print(octx, "%" PRIu64 "%s", ms / units[i].ms,
				  units[i].unit);
		ms %= units[i].ms;
	}
}

static json_t *duration_json(const struct expr *expr, struct output_ctx *octx)
{
	uint64_t ms = 0;

	value_get_u64(expr, &ms);
	return json_integer(ms / 1000);
}

/* Seconds east of UTC of the local time zone now. */
static long local_utc_offset(void)
{
	time_t now = time(NULL);
	struct tm tm;

	localtime_r(&now, &tm);
	return tm.tm_gmtoff;
}

/*
 * A plain number where a time is expected: "meta hour 3600" (seconds
 * after UTC midnight), "meta time 1561129200" (seconds since 1970), as
 * the reference reads them; 0x and leading-zero octal too. At most @max;
 * -1 if it is not a number, else 0 or an error.
 */
static int time_number(const struct expr *sym, unsigned long long max,
		       unsigned long long *v, struct error_record **erec)
{
	const char *id = sym->symbol.identifier;
	char *end;

	*erec = NULL;
	if (!isdigit((unsigned char)*id))
		return -1;
	errno = 0;
	*v = strtoull(id, &end, 0);
	if (end == id || *end)
		return -1;
	/* the reference wraps these silently (to 0 for "meta hour
	 * 4294967296"): refused instead */
	if (errno || *v > max)
		*erec = erec_create(EREC_ERROR, &sym->location,
				    "Value %s exceeds valid range 0-%llu",
				    id, max);
	return 0;
}

/* "17:00" or "17:00:01", local time; kept as seconds after UTC midnight. */
static struct error_record *hour_parse(const struct expr *sym,
				       struct expr **res)
{
	struct error_record *erec;
	unsigned long long n;
	unsigned int h, m, s = 0;
	long secs;
	char c;

	if (time_number(sym, UINT32_MAX, &n, &erec) == 0) {
		if (!erec)
			*res = constant_expr_alloc_u64(&sym->location,
						       &hour_type,
						       BYTEORDER_HOST_ENDIAN,
						       32, n);
		return erec;
	}
	if (sscanf(sym->symbol.identifier, "%u:%u%c", &h, &m, &c) != 2 &&
	    sscanf(sym->symbol.identifier, "%u:%u:%u%c", &h, &m, &s, &c) != 3)
		return parse_error(sym, "%s", "Could not parse time of day");
	if (h > 23 || m > 59 || s > 59)
		return parse_error(sym, "%s", "Time of day out of range");
	secs = (long)h * 3600 + m * 60 + s - local_utc_offset();
	secs = ((secs % 86400) + 86400) % 86400;
	*res = constant_expr_alloc_u64(&sym->location, &hour_type,
				       BYTEORDER_HOST_ENDIAN, 32, secs);
	return NULL;
}

/* The time of day in the local zone, as written. */
static long hour_local(uint64_t v)
{
	return ((((long)(v % 86400) + local_utc_offset()) % 86400) + 86400) %
	       86400;
}

/* A value past the day ("meta hour 90000", which the reference lists as
 * "01:00") is no time of day: it prints as the number it is, which
 * loads back as itself. */
static void hour_format(const struct expr *expr, char *buf, size_t size)
{
	uint64_t v = 0;
	long secs;

	value_get_u64(expr, &v);
	secs = hour_local(v);
	if (v >= 86400)
		snprintf(buf, size, "%" PRIu64, v);
	else if (secs % 60)
		snprintf(buf, size, "%02ld:%02ld:%02ld", secs / 3600,
			 secs / 60 % 60, secs % 60);
	else
		snprintf(buf, size, "%02ld:%02ld", secs / 3600, secs / 60 % 60);
}

static void hour_print(const struct expr *expr, struct output_ctx *octx)
{
	char buf[24];
	uint64_t v = 0;

	value_get_u64(expr, &v);
	hour_format(expr, buf, sizeof(buf));
	nft_print(octx, v >= 86400 ? "%s" : "\"%s\"", buf);
}

static json_t *hour_json(const struct expr *expr, struct output_ctx *octx)
{
	char buf[24];
	uint64_t v = 0;

	value_get_u64(expr, &v);
	if (v >= 86400)
		return json_integer(v);
	hour_format(expr, buf, sizeof(buf));
	return json_string(buf);
}

/* A range "as written" is in local time: "08:00"-"10:00" in Tokyo is
 * 23:00-01:00 in UTC, and still no negative range. */
static void hour_written(const struct expr *expr, mpz_t out)
{
	uint64_t v = 0;

	value_get_u64(expr, &v);
	mpz_set_ui(out, v >= 86400 ? v : (unsigned long)hour_local(v));
}

static struct error_record *day_parse(const struct expr *sym,
				      struct expr **res)
{
	const char *id = sym->symbol.identifier;
	unsigned long v;
	unsigned int i;
	char *end;

	/* names as written: "monday" is refused, as by the reference */
	for (i = 0; i < DAYS; i++)
		if (!strcmp(id, day_tbl.symbols[i].identifier))
			break;
	if (i == DAYS) {
		errno = 0;
		v = strtoul(id, &end, 0);
		if (end == id || *end || *id == '-')
			return parse_error_suggest(sym, &day_type);
		/* 7 to 255 fit a day's byte: a map's key takes them,
		 * a comparison refuses them (expr_value_max()) */
		if (errno)
			return parse_error(sym, "Value %s exceeds valid range 0-6",
					   id);
		if (v > UINT8_MAX)
			return erec_create(EREC_ERROR, &sym->location,
					   "Value %lu exceeds valid range 0-6",
					   v);
		i = v;
	}
	*res = constant_expr_alloc_u64(&sym->location, &day_type,
				       BYTEORDER_HOST_ENDIAN, 8, i);
	return NULL;
}

static void day_print(const struct expr *expr, struct output_ctx *octx)
{
	uint64_t v = 0;

	value_get_u64(expr, &v);
	if (v < DAYS && !nft_output_numeric_symbol(octx))
		nft_print(octx, "\"%s\"", day_tbl.symbols[v].identifier);
	else
		print_decimal(expr, octx);
}

static json_t *day_json(const struct expr *expr, struct output_ctx *octx)
{
	uint64_t v = 0;

	value_get_u64(expr, &v);
	if (v < DAYS && !nft_output_numeric_symbol(octx))
		return json_string(day_tbl.symbols[v].identifier);
	return number_json(expr, octx);
}

/* "2019-06-21 17:00:00" local time; kept as nanoseconds since 1970. */
static struct error_record *date_parse(const struct expr *sym,
				       struct expr **res)
{
	static const char *const formats[] = {
		"%Y-%m-%d %H:%M:%S", "%Y-%m-%d %H:%M", "%Y-%m-%d",
	};
	const char *id = sym->symbol.identifier, *end;
	unsigned int i;
	struct tm tm;
	time_t t;
	mpz_t ns;

	for (i = 0; i < array_size(formats); i++) {
		memset(&tm, 0, sizeof(tm));
		end = strptime(id, formats[i], &tm);
		if (end && !*end)
			break;
	}
	if (i == array_size(formats)) {
		struct error_record *erec;
		unsigned long long n;

		/* a number is seconds: the most whose nanoseconds fit */
		if (time_number(sym, UINT64_MAX / 1000000000ULL, &n,
				&erec) < 0)
			return NULL;	/* the integer parser's error */
		if (erec)
			return erec;
		mpz_init_set_ui(ns, n);
		goto done;
	}
	tm.tm_isdst = -1;
	t = mktime(&tm);
	mpz_init_set_si(ns, t);
done:
	mpz_mul_ui(ns, ns, 1000000000UL);
	*res = constant_expr_alloc_mpz(&sym->location, &date_type,
				       BYTEORDER_HOST_ENDIAN, 64, ns);
	mpz_clear(ns);
	return NULL;
}

static void date_format(const struct expr *expr, char *buf, size_t size)
{
	uint64_t ns = 0;
	struct tm tm;
	time_t t;

	value_get_u64(expr, &ns);
	t = ns / 1000000000ULL;
	localtime_r(&t, &tm);
	strftime(buf, size, "%Y-%m-%d %H:%M:%S", &tm);
}

static void date_print(const struct expr *expr, struct output_ctx *octx)
{
	char buf[64];

	date_format(expr, buf, sizeof(buf));
	nft_print(octx, "\"%s\"", buf);
}

static json_t *date_json(const struct expr *expr, struct output_ctx *octx)
{
	char buf[64];

	date_format(expr, buf, sizeof(buf));
	return json_string(buf);
}

/* Labels are bits 0..127 named in /etc/connlabel.conf: "ct label 1". */
#define CONNLABEL_FILE	"/etc/connlabel.conf"
#define CT_LABEL_BITS	128

static struct error_record *ct_label_parse(const struct expr *sym,
					   struct expr **res)
{
	const char *id = sym->symbol.identifier;
	unsigned long v;
	uint64_t val;
	char *end;
	mpz_t m;

	if (names_find(CONNLABEL_FILE, id, &val, NULL, 0)) {
		v = val;
	} else {
		errno = 0;
		v = strtoul(id, &end, 0);
		if (end == id || *end || *id == '-' || errno)
			return parse_error(sym, "%s: could not parse conntrack label",
					   id);
	}
	if (v >= CT_LABEL_BITS)
		return erec_create(EREC_ERROR, &sym->location,
				   "%s: bit %lu out of range (%u max)", id, v,
				   CT_LABEL_BITS);
	mpz_init(m);
	mpz_setbit(m, v);
	*res = constant_expr_alloc_mpz(&sym->location, &ct_label_type,
				       BYTEORDER_HOST_ENDIAN, CT_LABEL_BITS, m);
	mpz_clear(m);
	return NULL;
}

static void ct_label_print(const struct expr *expr, struct output_ctx *octx)
{
	const char *sep = "";
	char name[256];
	uint64_t bit;

	for (bit = 0; bit < CT_LABEL_BITS; bit++) {
		if (!mpz_tstbit(expr->value.value, bit))
			continue;
		if (names_find(CONNLABEL_FILE, NULL, &bit, name, sizeof(name)))
			nft_print(octx, "%s\"%s\"", sep, name);
		else
			nft_print(octx, "%s%" PRIu64, sep, bit);
		sep = ",";
	}
	if (!*sep)
		nft_print(octx, "0");
}

static json_t *ct_label_json(const struct expr *expr, struct output_ctx *octx)
{
	json_t *array = json_array(), *one;
	char name[256];
	uint64_t bit;

	for (bit = 0; bit < CT_LABEL_BITS; bit++) {
		if (!mpz_tstbit(expr->value.value, bit))
			continue;
		if (names_find(CONNLABEL_FILE, NULL, &bit, name, sizeof(name)))
			json_array_append_new(array, json_string(name));
		else
			json_array_append_new(array, json_integer(bit));
	}
	if (json_array_size(array) != 1)
		return array;
	one = json_incref(json_array_get(array, 0));
	json_decref(array);
	return one;
}

const struct datatype ct_state_type = {
	.type = TYPE_CT_STATE, .name = "ct_state", .desc = "conntrack state",
	.byteorder = BYTEORDER_HOST_ENDIAN, .size = 32,
	.basetype = &bitmask_type, .sym_tbl = &ct_state_tbl,
	.print = bitmask_print, .json = bitmask_json,
};

const struct datatype ct_dir_type = {
	.type = TYPE_CT_DIR, .name = "ct_dir",
	.desc = "conntrack direction",
	.byteorder = BYTEORDER_HOST_ENDIAN, .size = 8,
	.flags = DTYPE_F_NO_ORDER,
	.basetype = &integer_type, .sym_tbl = &ct_dir_tbl,
};

const struct datatype ct_status_type = {
	.type = TYPE_CT_STATUS, .name = "ct_status",
	.desc = "conntrack status",
	.byteorder = BYTEORDER_HOST_ENDIAN, .size = 32,
	.basetype = &bitmask_type, .sym_tbl = &ct_status_tbl,
	.print = bitmask_print, .json = bitmask_json,
};

const struct datatype ct_event_type = {
	.type = TYPE_CT_EVENTBIT, .name = "ct_event",
	.desc = "conntrack event bits",
	.byteorder = BYTEORDER_HOST_ENDIAN, .size = 32,
	.basetype = &bitmask_type, .sym_tbl = &ct_event_tbl,
	.print = bitmask_print, .json = bitmask_json,
};

const struct datatype ct_label_type = {
	.type = TYPE_CT_LABEL, .name = "ct_label", .desc = "conntrack label",
	.byteorder = BYTEORDER_HOST_ENDIAN, .size = CT_LABEL_BITS,
	.basetype = &bitmask_type,
	.print = ct_label_print, .json = ct_label_json,
	.parse = ct_label_parse,
};

const struct datatype duration_type = {
	.type = TYPE_TIME, .name = "time", .desc = "relative time",
	.byteorder = BYTEORDER_HOST_ENDIAN, .size = 32,
	.basetype = &integer_type,
	.print = duration_print, .json = duration_json,
	.parse = duration_parse,
};

const struct datatype realm_type = {
	.type = TYPE_REALM, .name = "realm", .desc = "routing realm",
	.byteorder = BYTEORDER_HOST_ENDIAN, .size = 32,
	.basetype = &integer_type,
	.print = realm_print, .json = realm_json, .parse = realm_parse,
};

const struct datatype devgroup_type = {
	.type = TYPE_DEVGROUP, .name = "devgroup", .desc = "devgroup name",
	.byteorder = BYTEORDER_HOST_ENDIAN, .size = 32,
	.basetype = &integer_type,
	.print = devgroup_print, .json = devgroup_json,
	.parse = devgroup_parse,
};

const struct datatype classid_type = {
	.type = TYPE_CLASSID, .name = "classid", .desc = "TC classid",
	.byteorder = BYTEORDER_HOST_ENDIAN, .size = 32,
	.basetype = &integer_type,
	.print = classid_print, .json = print_json, .parse = classid_parse,
};

const struct datatype uid_type = {
	.type = TYPE_UID, .name = "uid", .desc = "user ID",
	.byteorder = BYTEORDER_HOST_ENDIAN, .size = 32,
	.basetype = &integer_type,
	.print = guid_print, .json = guid_json, .parse = uid_parse,
};

const struct datatype gid_type = {
	.type = TYPE_GID, .name = "gid", .desc = "group ID",
	.byteorder = BYTEORDER_HOST_ENDIAN, .size = 32,
	.basetype = &integer_type,
	.print = guid_print, .json = guid_json, .parse = gid_parse,
};

const struct datatype date_type = {
	.type = TYPE_TIME_DATE, .name = "time", .desc = "Relative time of packet reception",
	.byteorder = BYTEORDER_HOST_ENDIAN, .size = 64,
	.basetype = &integer_type,
	.print = date_print, .json = date_json, .parse = date_parse,
};

const struct datatype hour_type = {
	.type = TYPE_TIME_HOUR, .name = "hour",
	.desc = "Hour of day of packet reception",
	.byteorder = BYTEORDER_HOST_ENDIAN, .size = 32,
	.flags = DTYPE_F_WRAP, .basetype = &integer_type,
	.print = hour_print, .json = hour_json, .parse = hour_parse,
	.written = hour_written,
};

const struct datatype day_type = {
	.type = TYPE_TIME_DAY, .name = "day",
	.desc = "Day of week of packet reception",
	.byteorder = BYTEORDER_HOST_ENDIAN, .size = 8,
	.basetype = &integer_type, .sym_tbl = &day_tbl,
	.print = day_print, .json = day_json, .parse = day_parse,
};
