#!/bin/bash
# Compat: every entry of tests/py in every family it runs in, loaded by
# $NFT and separately by the system nft (/usr/sbin/nft with its own
# library): the bytecode is the same, the system nft lists both the same
# and as expected, and $NFT lists the rule the system nft loaded as
# expected; fail: entries fail in both.  (tests/py/nft-test.py --compat)
. "$TESTDIR/lib.sh"

have_system_nft || skip "no $SYSNFT"
/usr/bin/python3 "$SRCDIR/tests/py/nft-test.py" --compat --nft "$NFT" > "$TMPD/out" 2>&1
rc=$?
grep -v '^ok ' "$TMPD/out"
[ "$rc" = 0 ] || fail "compat mode failed (exit $rc)"
ok "$(tail -n 1 "$TMPD/out")"
