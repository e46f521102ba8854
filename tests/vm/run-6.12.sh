#!/bin/sh
# The VM lane on Debian 13's kernel (6.12, fetched by tools/vm-kernel):
# tests/vm/cases-6.12/*.sh need what Debian 12's 6.1 (tests/vm/run.sh's
# default lane) or the host lacks: the nfnetlink_hook subsystem of "list
# hooks", dummy devices.
# Environment as tests/vm/run.sh's; NFT_VM_CACHE (default
# /var/cache/nft-vm) is where the kernel is kept.
SRCDIR=${SRCDIR:-$(cd "$(dirname "$0")/../.." && pwd)}
if ! dir=$("$SRCDIR/tools/vm-kernel" "${NFT_VM_CACHE:-/var/cache/nft-vm}"); then
	if { [ "$(id -u)" = 0 ] || [ -n "${CI:-}" ]; } &&
	   [ "${NFT_TEST_ALLOW_SKIP:-}" != 1 ]; then
		echo "vm: cannot fetch Debian 13's kernel (a skip as root or in CI is an error)"
		echo "0 passed, 1 failed"
		exit 1
	fi
	echo "vm: skipped: cannot fetch Debian 13's kernel"
	exit 77
fi
export SRCDIR VM_KERNEL_ROOT="$dir" VM_CASES="$SRCDIR/tests/vm/cases-6.12"
export VM_MODULES="nfnetlink_hook dummy nf_flow_table nf_flow_table_inet nft_flow_offload ${VM_MODULES:-}"
exec "$SRCDIR/tests/vm/run.sh" "$@"
