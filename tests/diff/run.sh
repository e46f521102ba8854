#!/bin/bash
# Differential tests (see run.py): generated rulesets through our nft and
# the reference, compared.  make check runs a fixed slice; a long run is
# for fixing: tests/diff/run.sh --seed 7 --cases 20000.
# Environment: NFT (nft to test), DIFF_SEED / DIFF_CASES (the slice),
# CI / NFT_TEST_ALLOW_SKIP (as tests/py/run.sh).
HERE=$(cd "$(dirname "$0")" && pwd)
export NFT=${NFT:-/usr/sbin/nft}
# meta time values are local time: the same zone for both sides
export TZ=UTC
if [ "$(id -u)" != 0 ] || ! unshare -n true 2>/dev/null; then
	if { [ "$(id -u)" = 0 ] || [ -n "${CI:-}" ]; } &&
	   [ "${NFT_TEST_ALLOW_SKIP:-}" != 1 ]; then
		echo "ERROR: tests/diff needs root and unshare" \
			"(NFT_TEST_ALLOW_SKIP=1 allows skipping)"
		exit 1
	fi
	echo "SKIP: tests/diff needs root and unshare"
	exit 77
fi
if [ $# = 0 ]; then
	set -- --seed "${DIFF_SEED:-1}" --cases "${DIFF_CASES:-3000}"
fi
exec /usr/bin/python3 "$HERE/run.py" "$@"
