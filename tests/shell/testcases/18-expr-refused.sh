#!/bin/bash
# A netlink expression the kernel refuses points at the statement it was
# encoded from, not at the whole rule.
. "$TESTDIR/lib.sh"

nft add table inet t && nft add chain inet t c || fail "setup"
assert_rc 1 "bridge meta key in inet" \
	nft add rule inet t c tcp dport 22 meta ibrname "br0" counter accept 2>"$TMPD/err"
assert_match "Operation not supported: the kernel rejected expression 'meta'" \
	"$(head -n 1 "$TMPD/err")" "names the expression"
# the caret line: under "meta ibrname br0" only
caret=$(sed -n 3p "$TMPD/err")
assert_eq "$caret" "                               ^^^^^^^^^^^^^^^^" "caret under the statement"
assert_eq "$(nft list chain inet t c | grep -c accept)" 0 "nothing added"
ok "refused expression"
