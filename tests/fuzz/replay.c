/*
 * Replay of tests/fuzz/crashes: every input that ever crashed the
 * library or made it do something else than asked, through the fuzzers'
 * harness (fuzz_common.c, no kernel), in every mode (output flags, with
 * and without the fake kernel; each listing of a dump). Part of "make
 * check": built with the sanitizers there, so a crash, a sanitizer
 * report or a leak fails it.
 *
 *   replay [DIR...]    (default: $SRCDIR/tests/fuzz/crashes)
 *
 * DIR holds text/, json/ and dump/, one input per file.
 */
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include "fuzz_common.h"

static const struct {
	const char *dir;
	enum fuzz_kind kind;
} kinds[] = {
	{ "text", FUZZ_TEXT },
	{ "json", FUZZ_JSON },
	{ "dump", FUZZ_DUMP },
};

static unsigned char *read_file(const char *path, size_t *len)
{
	unsigned char *buf;
	FILE *f = fopen(path, "rb");
	long n;

	if (!f)
		return NULL;
	if (fseek(f, 0, SEEK_END) < 0 || (n = ftell(f)) < 0 ||
	    fseek(f, 0, SEEK_SET) < 0) {
		fclose(f);
		return NULL;
	}
	buf = malloc(n + 1);
	if (!buf || fread(buf, 1, n, f) != (size_t)n) {
		free(buf);
		fclose(f);
		return NULL;
	}
	fclose(f);
	*len = n;
	return buf;
}

/* Every input of @dir/@sub in every mode; the number of inputs, -1 if
 * one could not be read. */
static int replay_dir(const char *dir, const char *sub,
		      enum fuzz_kind kind)
{
	char path[4096];
	struct dirent *de;
	unsigned char *data;
	unsigned int mode;
	int n = 0;
	size_t len;
	DIR *d;

	snprintf(path, sizeof(path), "%s/%s", dir, sub);
	d = opendir(path);
	if (!d)
		return 0;
	while ((de = readdir(d))) {
		if (de->d_name[0] == '.')
			continue;
		snprintf(path, sizeof(path), "%s/%s/%s", dir, sub, de->d_name);
		data = read_file(path, &len);
		if (!data) {
			fprintf(stderr, "replay: cannot read %s\n", path);
			closedir(d);
			return -1;
		}
		/* a crash aborts here, with the input's name above it */
		fprintf(stderr, "replay: %s\n", path);
		for (mode = 0; mode < fuzz_modes(kind); mode++)
			fuzz_run_mode(data, len, kind, mode);
		free(data);
		n++;
	}
	closedir(d);
	return n;
}

int main(int argc, char **argv)
{
	const char *srcdir = getenv("SRCDIR");
	char dflt[4096];
	int i, n, total = 0, k;
	time_t start = time(NULL);

	if (argc < 2) {
		snprintf(dflt, sizeof(dflt), "%s/tests/fuzz/crashes",
			 srcdir ? srcdir : ".");
		argv[0] = dflt;
		argc = 1;
	} else {
		argv++;
		argc--;
	}
	for (i = 0; i < argc; i++) {
		for (k = 0; k < (int)(sizeof(kinds) / sizeof(kinds[0])); k++) {
			n = replay_dir(argv[i], kinds[k].dir, kinds[k].kind);
			if (n < 0)
				return 1;
			total += n;
		}
	}
	fuzz_cleanup();
	/* an empty corpus is a broken setup, not a pass */
	if (total == 0) {
		fprintf(stderr, "replay: no inputs found\n");
		printf("0 passed, 1 failed\n");
		return 1;
	}
	printf("replay: %d inputs in %lds\n", total,
	       (long)(time(NULL) - start));
	printf("%d passed, 0 failed\n", total);
	return 0;
}
