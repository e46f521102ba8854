#!/bin/bash
# The programs that use nftables on Debian, on our library and our nft:
# each case in cases/ runs in network namespaces of its own, never the
# host's (tests/shell/run.sh runs them, with tests/shell/lib.sh).
#
#   tests/clients/run.sh [NAME...]	the fast subset (make check)
#   CLIENTS_FULL=1 tests/clients/run.sh	also the long runs (firewalld's
#					whole suite: about 30 minutes)
#
# Environment as tests/shell/run.sh (NFT, LIBNFTABLES).
HERE=$(cd "$(dirname "$0")" && pwd)
export CASEDIR=$HERE/cases
export TEST_TIMEOUT=${TEST_TIMEOUT:-$([ -n "${CLIENTS_FULL:-}" ] && echo 3600 || echo 300)}
exec "$HERE/../shell/run.sh" "$@"
