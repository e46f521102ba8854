#!/bin/bash
# auto-merge on an interval set of concatenations, whose ranges are never
# merged, is not recorded, as 1.1.3 records it (no user data for it, not
# listed); on a plain interval set it is.
. "$TESTDIR/lib.sh"

nft -f - <<'IN' || fail "load"
table ip t {
	set s1 { type mark; flags interval; auto-merge; }
	set s2 { type mark . ipv4_addr; flags interval; auto-merge; }
}
IN
assert_match "auto-merge" "$(nft list set ip t s1)" "plain: listed"
assert_no_match "auto-merge" "$(nft list set ip t s2)" "concatenation: not listed"
if have_ref; then
	assert_no_match "auto-merge" "$(refnft list set ip t s2)" "the reference's listing"
fi
ok "auto-merge of concatenations"
