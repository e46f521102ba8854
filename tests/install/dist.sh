#!/bin/bash
# The install test's release part (tests/install/run.sh starts it as the
# first process of pid and mount namespaces of its own; it has the
# network, for apt, and builds in a network namespace of its own).
#
#   dist.sh SRCDIR WORK
#
# `make dist` of a build of SRCDIR; in a Debian 13 root (an overlay over
# tools/ref's root, which stays as it is), apt installs debian/control's
# build dependencies and the tarball builds and passes its unit tests:
# configure --disable-system-tests, make, make check (as a user, not
# root). Prints
# one "ok:"/"FAIL:" line per check, and make check's counts.
set -u
SRCDIR=$1
work=$2
HERE=$(cd "$(dirname "$0")" && pwd)
. "$HERE/lib.sh"
trap 'exit 130' INT TERM
# a make of its own: the caller's make flags are not the tarball's
unset MAKEFLAGS MFLAGS MAKELEVEL MAKEOVERRIDES
JOBS=${JOBS:-2}
mkdir -p "$work/build"

# the tarball
if [ ! -x "$SRCDIR/configure" ]; then
	(cd "$SRCDIR" && autoreconf -fi) > "$work/autoreconf.log" 2>&1 ||
		{ tail -n 20 "$work/autoreconf.log"; check 1 "autoreconf -fi"; exit 1; }
fi
(cd "$work/build" && "$SRCDIR/configure" -q && make dist) > "$work/dist.log" 2>&1
rc=$?
tarball=$(ls "$work"/build/*.tar.xz 2>/dev/null | head -n 1)
[ -n "$tarball" ] || rc=1
[ $rc = 0 ] || tail -n 20 "$work/dist.log"
check $rc "make dist makes the tarball (${tarball##*/})"
[ $rc = 0 ] || exit 0

# the Debian 13 root
lower=$(readlink -f "$("$SRCDIR/tools/ref" root)")
"$SRCDIR/tools/ref" make || { check 1 "the Debian 13 root ($lower)"; exit 0; }
R=$work/root
mkdir -p "$work/upper" "$work/wd" "$R"
mount -t overlay overlay \
	-o "lowerdir=$lower,upperdir=$work/upper,workdir=$work/wd" "$R" ||
	{ check 1 "overlay over the Debian 13 root"; exit 1; }
mount -t proc proc "$R/proc" && mount --rbind /dev "$R/dev" &&
	mount -t tmpfs tmpfs "$R/run" && mount -t tmpfs tmpfs "$R/tmp" &&
	mount --bind /etc/resolv.conf "$R/etc/resolv.conf" ||
	{ check 1 "mounts in the Debian 13 root"; exit 1; }
# apt's downloads kept for the next run
cache=$SRCDIR/build/install-cache/trixie
mkdir -p "$cache/partial"
mount --bind "$cache" "$R/var/cache/apt/archives"
printf '#!/bin/sh\nexit 101\n' > "$R/usr/sbin/policy-rc.d"
chmod +x "$R/usr/sbin/policy-rc.d"

in_root()
{
	chroot "$R" env -i PATH=/usr/sbin:/usr/bin:/sbin:/bin LC_ALL=C.UTF-8 \
		DEBIAN_FRONTEND=noninteractive HOME=/root "$@"
}

# debian/control's Build-Depends: the first of alternatives, without
# versions or build profiles; not those of the Debian packaging itself
deps=$(sed -n '/^Build-Depends:/,/^[A-Z]/p' "$SRCDIR/debian/control" |
	sed -e 's/^Build-Depends://' -e '/^[A-Z]/d' | tr ',' '\n' |
	sed -e 's/|.*//' -e 's/([^)]*)//g' -e 's/<[^>]*>//g' -e 's/[[:space:]]//g' |
	grep -v -x -e '' -e debhelper-compat -e dh-python -e python3-all | xargs)
{ in_root apt-get update &&
	in_root apt-get install -y --no-install-recommends build-essential $deps
} > "$work/apt.log" 2>&1 </dev/null
rc=$?
[ $rc = 0 ] || tail -n 20 "$work/apt.log"
check $rc "apt installs the build dependencies in Debian 13 (build-essential $deps)"

# built by a user of its own, as Debian's build daemons do: a build or a
# test that needs root shows
top=$(basename "$tarball" .tar.xz)
in_root useradd -m builder
cp "$tarball" "$R/home/builder/"
in_root chown builder: "/home/builder/${tarball##*/}"
# step NAME CMD: a step of the build in the unpacked tarball, without
# the network
step()
{
	local name=$1
	shift
	unshare -n chroot --userspec=builder:builder "$R" env -i \
		PATH=/usr/sbin:/usr/bin:/sbin:/bin LC_ALL=C.UTF-8 \
		HOME=/home/builder USER=builder \
		sh -c 'cd /home/builder && "$@"' step "$@" > "$work/$name.log" 2>&1
}
step unpack tar xf "$top.tar.xz"
check $? "the tarball unpacks"
step configure sh -c "cd $top && ./configure --disable-system-tests"
rc=$?
[ $rc = 0 ] || tail -n 20 "$work/configure.log"
check $rc "configure --disable-system-tests in Debian 13"
step make sh -c "cd $top && make -j$JOBS"
rc=$?
[ $rc = 0 ] || tail -n 30 "$work/make.log"
check $rc "make in Debian 13 ($(grep -c -i 'warning:' "$work/make.log") compiler warnings)"
step check sh -c "cd $top && make -j$JOBS check"
rc=$?
counts=$(sed -n 's/^# \(TOTAL\|PASS\|SKIP\|XFAIL\|FAIL\|XPASS\|ERROR\): *\([0-9]*\)/\1 \2/p' \
	"$work/check.log" | xargs)
# and the checks in them: each test's log says "N passed, N failed"
checks=$(find "$R/home/builder/$top/tests" -name '*.log' -exec sh -c '
	grep -h -E "[0-9]+ passed, [0-9]+ failed" "$@" | tail -n 1' sh {} \; |
	sed -n -E 's/^(.*[^0-9])?([0-9]+) passed, ([0-9]+) failed.*/\2 \3/p' |
	awk '{ p += $1; f += $2 } END { printf "%d checks passed, %d failed", p, f }')
counts="$counts; $checks"
if [ $rc != 0 ]; then
	grep -E '^(FAIL|ERROR):' "$work/check.log"
	tail -n 40 "$R/home/builder/$top/test-suite.log"
fi
check $rc "make check in Debian 13, as a user ($counts)"
exit 0
