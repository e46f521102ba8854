#!/bin/bash
# An interval set of ct_state lists its elements, and the listing loads
# back as the same set. 1.1.3 crashes listing such a set (with a
# statement on its elements it lists a range that was never loaded:
# "0x40-0xffffffff" for untracked and 0xffffffff): README "Differences".
. "$TESTDIR/lib.sh"

nft add table ip t || fail "setup"
nft add set ip t s '{ type ct_state; flags interval; elements = { untracked, new, invalid, established | related }; }' ||
	fail "add"
nft list ruleset > "$TMPD/l1" || fail "list"
assert_match "elements = \{ invalid, established \| related," "$(cat "$TMPD/l1")" "members in order"
nft flush ruleset && nft -f "$TMPD/l1" || fail "reload"
nft list ruleset > "$TMPD/l2" || fail "list again"
assert_files_eq "$TMPD/l1" "$TMPD/l2" "the listing loads back as the set"

# with an element's statement, nothing but what was loaded
nft add set ip t s2 '{ type ct_state; flags interval; limit rate 10/second; elements = { untracked, 4294967295, invalid }; }' ||
	fail "add limited"
assert_no_match "0x40-" "$(nft list set ip t s2)" "no range of untracked onwards"
ok "ct_state interval sets"
