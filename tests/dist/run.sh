#!/bin/bash
# The release tarball: `make distcheck` from a build of its own (the
# tarball unpacked read-only, built out of tree, its unit tests run,
# installed into a staging directory and uninstalled leaving nothing),
# and the tarball holds every file the repository tracks (.gitignore
# aside), so that a header or test added without its Makefile.am line
# cannot go missing from a release. Then the Debian packages
# (tools/package: dpkg-buildpackage, whose build runs the unit tests,
# and lintian): all four build, lintian finds no error and no warning,
# and each holds the files that take the places of Debian's.
#
# Environment: SRCDIR (the source tree, configured with autoreconf).
# Prints "N passed, N failed" last.
set -u
SRCDIR=${SRCDIR:-$(cd "$(dirname "$0")/../.." && pwd)}
. "$SRCDIR/tests/lib/tally.sh"

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
	# and nothing else but what autotools generate for a release
	extra=$(comm -13 "$work/tracked" "$work/in-tarball" | grep -v '/$' |
		grep -vxE 'configure|aclocal.m4|Makefile.in|build-aux/[^/]*|m4/(libtool|lt[^/]*)\.m4|src/(parser|scanner)\.[ch]')
	[ -z "$extra" ] || echo "not tracked, in the tarball: $extra"
	check "$([ -z "$extra" ]; echo $?)" "the tarball holds nothing else but autotools' output"
fi
# The packages: built from the tracked files, as a release would be.
if git -C "$SRCDIR" rev-parse --git-dir >/dev/null 2>&1; then
	pk=$work/packages
	"$SRCDIR/tools/package" "$pk" > "$work/package.out" 2>&1
	rc=$?
	cat "$work/package.out"
	check "$rc" "tools/package builds the packages"
	lintian_tags=$(grep -E '^[EW]: ' "$pk/lintian.txt" 2>/dev/null)
	[ -z "$lintian_tags" ] || echo "$lintian_tags"
	check "$([ "$rc" = 0 ] && [ -z "$lintian_tags" ]; echo $?)" \
		"lintian: no error, no warning"
	# has PACKAGE PATH...: the package's .deb holds each path (A|B: one
	# of them)
	has()
	{
		local deb list p miss=""
		deb=$(ls "$pk/$1"_*.deb 2>/dev/null | head -n 1)
		shift
		list=$([ -n "$deb" ] && dpkg-deb -c "$deb" |
			awk '{ print $6 }' | sed 's|^\./|/|')
		for p; do
			echo "$list" | grep -qxE -- "$p" || miss="$miss $p"
		done
		[ -z "$miss" ] || echo "missing from ${deb:-the package}:$miss"
		[ -n "$deb" ] && [ -z "$miss" ]
	}
	multi=$(dpkg-architecture -qDEB_HOST_MULTIARCH 2>/dev/null)
	# the unit where the build's debhelper puts them: /lib on Debian 12,
	# /usr/lib from 13 on
	has nftables /usr/sbin/nft '(/usr)?/lib/systemd/system/nftables.service' \
		/etc/nftables.conf /usr/share/man/man8/nft.8.gz \
		/usr/share/man/man8/nftables.8.gz \
		/usr/share/doc/nftables/examples/egress.nft
	check $? "nftables: nft, the unit, /etc/nftables.conf, nft(8), the examples"
	has libnftables1 "/usr/lib/$multi/libnftables.so.1" \
		/usr/share/man/man3/libnftables.3.gz \
		/usr/share/man/man5/libnftables-json.5.gz
	check $? "libnftables1: the library, libnftables(3), libnftables-json(5)"
	has libnftables-dev /usr/include/nftables/libnftables.h \
		"/usr/lib/$multi/libnftables.so" \
		"/usr/lib/$multi/pkgconfig/libnftables.pc"
	check $? "libnftables-dev: the header, the link, the pkg-config file"
	py=/usr/lib/python3/dist-packages/nftables
	has python3-nftables $py/__init__.py $py/nftables.py $py/schema.json \
		'/usr/lib/python3/dist-packages/nftables-0\.1.*\.egg-info'
	check $? "python3-nftables: the module"
	# installed over Debian's, ours must sort above both Debian 12's and
	# 13's versions
	ver=$(dpkg-deb -f "$(ls "$pk"/nftables_*.deb | head -n 1)" Version 2>/dev/null)
	dpkg --compare-versions "$ver" gt 1.1.3-1 &&
		dpkg --compare-versions "$ver" gt 1.0.6-2+deb12u2
	check $? "version $ver is above Debian's"
fi
tally dist
