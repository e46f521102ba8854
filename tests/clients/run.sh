#!/bin/bash
# The programs that use nftables on Debian, on our library and our nft:
# each case in cases/ runs in network namespaces of its own, never the
# host's (tests/shell/run.sh runs them, with tests/shell/lib.sh).
#
#   tests/clients/run.sh [NAME...]	the fast subset (make check)
#   CLIENTS_FULL=1 tests/clients/run.sh	also the long runs (firewalld's
#					whole suite: about 30 minutes)
#
# Environment as tests/shell/run.sh (NFT, LIBNFTABLES), and CLIENTS_NFT.
HERE=$(cd "$(dirname "$0")" && pwd)
# CLIENTS_NFT: a build without sanitizers for these programs (tools/check
# makes one): firewalld's suite limits their data segment, where a
# sanitizer's shadow memory cannot be mapped
if [ -n "${CLIENTS_NFT:-}" ]; then
	export NFT=$CLIENTS_NFT
	unset LIBNFTABLES
fi
export CASEDIR=$HERE/cases
export TEST_TIMEOUT=${TEST_TIMEOUT:-$([ -n "${CLIENTS_FULL:-}" ] && echo 3600 || echo 300)}
exec "$HERE/../shell/run.sh" "$@"
