#!/bin/bash
# The release tarball: `make distcheck` from a build of its own (the
# tarball unpacked read-only, built out of tree, its unit tests run,
# installed into a staging directory and uninstalled leaving nothing),
# and the tarball holds every file the repository tracks (.gitignore
# aside), so that a header or test added without its Makefile.am line
# cannot go missing from a release.
#
# Environment: SRCDIR (the source tree, configured with autoreconf).
# Prints "N passed, N failed" last.
set -u
SRCDIR=${SRCDIR:-$(cd "$(dirname "$0")/../.." && pwd)}
passed=0
failed=0
check()
{
	if [ "$1" = 0 ]; then
		echo "ok: $2"
		passed=$((passed + 1))
	else
		echo "FAIL: $2"
		failed=$((failed + 1))
	fi
}

# a make of its own: make check's command line (TEST_LOGS, the outer
# list of tests) must not reach the distcheck's inner make check
unset MAKEFLAGS MFLAGS MAKELEVEL MAKEOVERRIDES

work=$(mktemp -d)
trap 'chmod -R u+w "$work" 2>/dev/null; rm -rf "$work"' EXIT
(cd "$work" && "$SRCDIR/configure" -q >/dev/null 2>&1 &&
	make -j"${JOBS:-2}" distcheck > "$work/distcheck.log" 2>&1)
rc=$?
[ "$rc" = 0 ] || tail -n 30 "$work/distcheck.log"
check "$rc" "make distcheck"

tarball=$(ls "$work"/*.tar.xz 2>/dev/null | head -n 1)
if [ -n "$tarball" ] && git -C "$SRCDIR" rev-parse --git-dir >/dev/null 2>&1; then
	top=$(basename "$tarball" .tar.xz)
	tar tJf "$tarball" | sed "s|^$top/||" | sort > "$work/in-tarball"
	git -C "$SRCDIR" ls-files | grep -v '^\.gitignore$' | sort > "$work/tracked"
	missing=$(comm -23 "$work/tracked" "$work/in-tarball")
	[ -z "$missing" ] || echo "not in the tarball: $missing"
	check "$([ -z "$missing" ]; echo $?)" "the tarball holds every tracked file"
fi
echo "dist: $passed passed, $failed failed"
[ "$failed" = 0 ]
