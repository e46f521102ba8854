/*
 * Names from iproute2's tables (/etc/iproute2/rt_realms, group, ...):
 * "NUMBER NAME" per line, '#' comments. Read on each lookup: the files
 * are a few lines long, and a daemon keeps seeing the current names.
 */
#include <nft.h>
#include <iproute2.h>
#include <ctype.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#define IPROUTE2_DIR	"/etc/iproute2"

/* Calls @fn for each entry until it returns true; true if one did. */
static bool iproute2_walk(const char *file,
			  bool (*fn)(uint64_t val, const char *name,
				     void *data),
			  void *data)
{
	char path[256], line[512], name[256];
	unsigned long long val;
	bool found = false;
	FILE *f;

	snprintf(path, sizeof(path), "%s/%s", IPROUTE2_DIR, file);
	f = fopen(path, "r");
	if (!f)
		return false;
	while (!found && fgets(line, sizeof(line), f)) {
		char *p = line;

		while (isspace((unsigned char)*p))
			p++;
		if (*p == '#' || !*p)
			continue;
		if (sscanf(p, "%llu %255s", &val, name) != 2 &&
		    sscanf(p, "0x%llx %255s", &val, name) != 2)
			continue;
		found = fn(val, name, data);
	}
	fclose(f);
	return found;
}

struct iproute2_query {
	const char *name;
	uint64_t val;
	char *out;
	size_t size;
};

static bool by_name(uint64_t val, const char *name, void *data)
{
	struct iproute2_query *q = data;

	if (strcmp(name, q->name))
		return false;
	q->val = val;
	return true;
}

static bool by_value(uint64_t val, const char *name, void *data)
{
	struct iproute2_query *q = data;

	if (val != q->val)
		return false;
	snprintf(q->out, q->size, "%s", name);
	return true;
}

bool iproute2_lookup(const char *file, const char *name, uint64_t *val)
{
	struct iproute2_query q = { .name = name };

	if (!iproute2_walk(file, by_name, &q))
		return false;
	*val = q.val;
	return true;
}

bool iproute2_name(const char *file, uint64_t val, char *out, size_t size)
{
	struct iproute2_query q = { .val = val, .out = out, .size = size };

	return iproute2_walk(file, by_value, &q);
}
