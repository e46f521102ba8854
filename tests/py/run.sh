#!/bin/bash
# Golden-file rule tests (see nft-test.py for the file format and modes).
# Environment: NFT (nft to test, default /usr/sbin/nft), SRCDIR (source dir),
# CI / NFT_TEST_ALLOW_SKIP (see below).
# Run one file or entry:  tests/py/run.sh ip.t   tests/py/run.sh ip.t:12
HERE=$(cd "$(dirname "$0")" && pwd)
export NFT=${NFT:-/usr/sbin/nft}
# meta hour/time values are local time; the expectations are written in UTC
export TZ=UTC
export ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=1:abort_on_error=0}
if [ "$(id -u)" != 0 ] || ! unshare -n true 2>/dev/null; then
	# Root or CI should be able to run this tier: a skip there is an
	# error, unless explicitly allowed.
	if { [ "$(id -u)" = 0 ] || [ -n "${CI:-}" ]; } &&
	   [ "${NFT_TEST_ALLOW_SKIP:-}" != 1 ]; then
		echo "ERROR: tests/py needs root and unshare" \
			"(NFT_TEST_ALLOW_SKIP=1 allows skipping)"
		exit 1
	fi
	echo "SKIP: tests/py needs root and unshare"
	exit 77
fi
exec /usr/bin/python3 "$HERE/nft-test.py" "$@"
