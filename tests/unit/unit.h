/*
 * A minimal unit test harness: CHECK macros count passes and failures;
 * unit_done() prints the closing "N passed, N failed" line and returns the
 * exit status (0 only if nothing failed).
 */
#ifndef NFT_TESTS_UNIT_H
#define NFT_TESTS_UNIT_H

#include <stdio.h>
#include <string.h>

static unsigned int unit_passed, unit_failed;

#define CHECK(cond) do {						\
	if (cond) {							\
		unit_passed++;						\
	} else {							\
		unit_failed++;						\
		fprintf(stderr, "%s:%d: FAILED: %s\n",			\
			__FILE__, __LINE__, #cond);			\
	}								\
} while (0)

#define CHECK_STREQ(got, want) do {					\
	const char *g_ = (got), *w_ = (want);				\
	if (g_ && w_ && !strcmp(g_, w_)) {				\
		unit_passed++;						\
	} else {							\
		unit_failed++;						\
		fprintf(stderr, "%s:%d: FAILED: %s\n  got:  [%s]\n"	\
			"  want: [%s]\n", __FILE__, __LINE__, #got,	\
			g_ ? g_ : "(null)", w_ ? w_ : "(null)");	\
	}								\
} while (0)

/*
 * A rule's bytecode as libnftnl prints it (nftnl_rule_snprintf), in one
 * form across libnftnl's versions: 1.2.4 (Debian 12) ends it with a
 * newline, later ones (Debian 13's 1.2.9) do not; the expectations are
 * written the first way.
 */
static inline void unit_bytecode_norm(char *buf, size_t size)
{
	size_t len = strlen(buf);

	if (len > 0 && buf[len - 1] != '\n' && len + 1 < size) {
		buf[len] = '\n';
		buf[len + 1] = '\0';
	}
}

static inline int unit_done(const char *name)
{
	printf("%s: %u passed, %u failed\n", name, unit_passed, unit_failed);
	return unit_failed ? 1 : 0;
}

#endif /* NFT_TESTS_UNIT_H */
