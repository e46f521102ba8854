#!/bin/bash
# The install test: a lane of its own (not in make check; run it before
# calling the packages done). Two parts:
#
#  deb12  our Debian packages (tools/package) on a fresh Debian 12:
#         Debian's nftables, libnftables1, libnftables-dev,
#         python3-nftables and firewalld installed with apt, ours over
#         them with apt (a clean upgrade: no file conflicts, dpkg --audit,
#         apt-get check and dpkg --verify clean, every file of Debian's
#         packages there, nft --version ours), /etc/nftables.conf
#         loads, python3's nftables module is ours and a JSON round trip
#         works, firewalld starts on a private system bus and applies a
#         zone's port as a rule; then Debian's versions back with apt
#         (ours removed: same package names, lower version) and the same
#         checks on them (tests/install/deb12.sh).
#  dist   the release tarball (make dist of a configured build of this
#         tree) builds and passes its unit tests (configure
#         --disable-system-tests, make, make check; as a user, not root)
#         in a Debian 13 root, the build dependencies (debian/control's)
#         installed with apt (tests/install/dist.sh).
#
#   tests/install/run.sh [deb12] [dist]     (default: both)
#
# Needs: root; the kernel's overlayfs (each part works on an overlay over
# a root that is never written: build/deb12/root, made by tools/deb12
# the first time; build/ref/root, tools/ref's); the network
# to make build/deb12 and for apt in the Debian 13 root (the Debian 12
# part itself runs offline, from the root's apt cache); debootstrap and
# Debian's packaging tools (tools/deps test package); 2 GB in build/ and
# TMPDIR. Takes about 3 minutes on 2 cores the first time (the root
# 40 s, tools/package 80 s, deb12 15 s, dist 50 s), 2 after, 1 with
# PKGDIR.
#
# Nothing of the host changes: each part runs in pid and mount
# namespaces of its own (unshare), so that its mounts and daemons (dbus,
# firewalld) go with it, on failure or ^C too; the Debian 12 part, and
# the tarball's build and tests, in a network namespace of their own too
# (only apt in the Debian 13 root has the host's network). The host's
# packages and ruleset are never touched. apt's downloads for the
# Debian 13 root are kept in build/install-cache.
#
# Environment: PKGDIR (the .deb files to test; default: tools/package
# builds them into build/packages first), SRCDIR (the tree; its
# configure is made with autoreconf -fi when missing), TMPDIR, JOBS,
# KEEP (keep the work directory: logs, the roots' upper layers).
# Prints one "ok:"/"FAIL:" line per check and "install: N passed,
# N failed" last; exits non-zero when a check failed.
set -u
SRCDIR=${SRCDIR:-$(cd "$(dirname "$0")/../.." && pwd)}
HERE=$SRCDIR/tests/install
. "$HERE/lib.sh"

[ "$(id -u)" = 0 ] || { echo "install: needs root" >&2; exit 77; }
grep -qw overlay /proc/filesystems || modprobe overlay 2>/dev/null
grep -qw overlay /proc/filesystems ||
	{ echo "install: needs the kernel's overlayfs" >&2; exit 77; }

[ $# -gt 0 ] || set -- deb12 dist
start=$(date +%s)
work=$(mktemp -d "${TMPDIR:-/var/tmp}/nft-install.XXXXXX")
log=$work/log

# The namespaces take their mounts and processes with them; what is left
# is the work directory, which holds no mount in this namespace.
cleanup()
{
	if [ -n "${KEEP:-}" ]; then
		echo "install: kept $work"
	else
		rm -rf "$work"
	fi
}
trap cleanup EXIT
trap 'echo "install: interrupted"; exit 130' INT TERM

# part NAME UNSHARE-FLAGS CMD...: run a part in pid and mount namespaces
# of its own (and those of the flags), its lines into the log
part()
{
	local name=$1 flags=$2 rc t0=$(date +%s)
	shift 2
	# shellcheck disable=SC2086
	unshare -p -f -m --propagation private $flags "$@" 2>&1 |
		tee "$work/$name.out"
	rc=${PIPESTATUS[0]}
	cat "$work/$name.out" >> "$log"
	[ $rc = 0 ] || check $rc "$name ran to its end (exit $rc)" | tee -a "$log"
	echo "install: $name took $(( $(date +%s) - t0 )) s"
}

for what; do
	case $what in
	deb12)
		t0=$(date +%s)
		"$SRCDIR/tools/deb12" make
		rc=$?
		check $rc "a Debian 12 root ($("$SRCDIR/tools/deb12" root), $(( $(date +%s) - t0 )) s)" | tee -a "$log"
		[ $rc = 0 ] || continue
		if [ -z "${PKGDIR:-}" ]; then
			t0=$(date +%s)
			"$SRCDIR/tools/package" > "$work/package.out" 2>&1
			rc=$?
			tail -n 6 "$work/package.out"
			check $rc "tools/package builds the packages ($(( $(date +%s) - t0 )) s)" | tee -a "$log"
			[ $rc = 0 ] || continue
			PKGDIR=$SRCDIR/build/packages
		fi
		part deb12 -n "$HERE/deb12.sh" "$("$SRCDIR/tools/deb12" root)" \
			"$work/deb12" "$PKGDIR" "$("$SRCDIR/tools/deb12" debs)"
		;;
	dist)
		# the network for apt; dist.sh builds in a network namespace
		part dist "" "$HERE/dist.sh" "$SRCDIR" "$work/dist"
		;;
	*)
		echo "install: unknown part '$what' (deb12, dist)" >&2
		exit 2 ;;
	esac
done

passed=$(grep -c '^ok: ' "$log")
failed=$(grep -c '^FAIL: ' "$log")
echo "install: took $(( $(date +%s) - start )) s"
echo "install: $passed passed, $failed failed"
[ "$failed" = 0 ] && [ "$passed" -gt 0 ]
