#!/bin/bash
# Compat: every rule of tests/py, loaded by $NFT and separately by the
# system nft, lists the same in the system nft; and $NFT lists the rule the
# system nft loaded as expected.  (tests/py/nft-test.py --compat)
. "$TESTDIR/lib.sh"

have_system_nft || skip "no $SYSNFT"
/usr/bin/python3 "$SRCDIR/tests/py/nft-test.py" --compat --nft "$NFT" > "$TMPD/out" 2>&1
rc=$?
grep -v '^PASS' "$TMPD/out"
[ "$rc" = 0 ] || fail "compat mode failed (exit $rc)"
ok "$(tail -n 1 "$TMPD/out")"
