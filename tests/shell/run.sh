#!/bin/bash
# Scenario tests: runs every testcases/*.sh (and python_binding.sh), each in
# a network namespace of its own, and prints one PASS/FAIL/SKIP line each.
# Environment: NFT (default /usr/sbin/nft), LIBNFTABLES, SRCDIR.
# Run some tests only:  tests/shell/run.sh 01 egress   (substrings of names)
# -v prints every test's output, not only failing ones.
TESTDIR=$(cd "$(dirname "$0")" && pwd)
export TESTDIR
export NFT=${NFT:-/usr/sbin/nft}
export SRCDIR=${SRCDIR:-$(cd "$TESTDIR/../.." && pwd)}
export ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=1:abort_on_error=0}
# The library of a build's src/nft (a libtool wrapper), for the tests that
# load it into other programs, when not given.
if [ -z "${LIBNFTABLES:-}" ] &&
   [ -f "$(dirname "$NFT")/.libs/libnftables.so.1" ]; then
	LIBNFTABLES=$(cd "$(dirname "$NFT")/.libs" && pwd)/libnftables.so.1
fi
[ -n "${LIBNFTABLES:-}" ] && export LIBNFTABLES
SAN_RE='AddressSanitizer|LeakSanitizer|UndefinedBehaviorSanitizer|runtime error:'
TIMEOUT=${TEST_TIMEOUT:-180}

# As root or in CI (CI set) a skip hides a broken setup: it is an error
# there, unless NFT_TEST_ALLOW_SKIP=1 (lib.sh applies the same to tests).
strict=0
if { [ "$(id -u)" = 0 ] || [ -n "${CI:-}" ]; } &&
   [ "${NFT_TEST_ALLOW_SKIP:-}" != 1 ]; then
	strict=1
fi
if [ "$(id -u)" != 0 ] || ! unshare -n true 2>/dev/null; then
	if [ "$strict" = 1 ]; then
		echo "ERROR: tests/shell needs root and unshare" \
			"(NFT_TEST_ALLOW_SKIP=1 allows skipping)"
		exit 1
	fi
	echo "SKIP: tests/shell needs root and unshare"
	exit 77
fi

verbose=0
filters=()
for arg; do
	case $arg in
	-v) verbose=1 ;;
	*) filters+=("$arg") ;;
	esac
done

selected()
{
	local f
	[ ${#filters[@]} = 0 ] && return 0
	for f in "${filters[@]}"; do
		case $1 in *"$f"*) return 0 ;; esac
	done
	return 1
}

# CASEDIR: another directory of cases run the same way (tests/clients)
if [ -n "${CASEDIR:-}" ]; then
	tests=("$CASEDIR"/*.sh)
else
	tests=("$TESTDIR"/testcases/*.sh "$TESTDIR/python_binding.sh")
fi
pass=0 failed=0 skipped=0
for t in "${tests[@]}"; do
	name=${t#"${CASEDIR:-$TESTDIR}"/}
	selected "$name" || continue
	if [ ! -f "$t" ]; then
		echo "FAIL $name (missing)"
		failed=$((failed + 1))
		continue
	fi
	log=$(mktemp /tmp/nft-shell-log.XXXXXX)
	start=$SECONDS
	timeout "$TIMEOUT" unshare -n bash "$t" >"$log" 2>&1
	rc=$?
	if [ "$rc" = 0 ] && grep -qE "$SAN_RE" "$log"; then
		rc=1
		echo "(sanitizer report in output)" >>"$log"
	fi
	took=$((SECONDS - start))
	case $rc in
	0) echo "PASS $name (${took}s)"; pass=$((pass + 1)) ;;
	77) echo "SKIP $name: $(sed -n 's/^SKIP: //p' "$log" | head -n 1)"
	    skipped=$((skipped + 1)) ;;
	124) echo "FAIL $name (timeout after ${TIMEOUT}s)"
	    failed=$((failed + 1)) ;;
	*) echo "FAIL $name (exit $rc)"; failed=$((failed + 1)) ;;
	esac
	if [ "$verbose" = 1 ] || { [ "$rc" != 0 ] && [ "$rc" != 77 ]; }; then
		sed 's/^/    /' "$log"
	fi
	rm -f "$log"
done
echo "$pass passed, $failed failed, $skipped skipped"
[ "$failed" = 0 ] || exit 1
# A tier that ran nothing proves nothing.
if [ "$pass" = 0 ]; then
	echo "ERROR: no test passed"
	exit 1
fi
exit 0
