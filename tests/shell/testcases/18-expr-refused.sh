#!/bin/bash
# A netlink expression the kernel refuses points at the expression it was
# encoded from, as the reference's caret does, not at the whole rule:
# the load of "meta ibrname", which inet lacks.
. "$TESTDIR/lib.sh"

nft add table inet t && nft add chain inet t c || fail "setup"
assert_rc 1 "bridge meta key in inet" \
	nft add rule inet t c tcp dport 22 meta ibrname "br0" counter accept 2>"$TMPD/err"
assert_eq "$(head -n 1 "$TMPD/err")" \
	"Error: Could not process rule: Operation not supported" \
	"the reference's words"
# the caret line: under "meta ibrname" only
caret=$(sed -n 3p "$TMPD/err")
assert_eq "$caret" "                               ^^^^^^^^^^^^" "caret under the expression"
assert_eq "$(nft list chain inet t c | grep -c accept)" 0 "nothing added"

# in a concatenation, from its third member on the caret starts at the
# "." before the member
assert_rc 1 "third member refused" \
	nft add rule inet t c meta mark . meta mark . meta nftrace '{ 1 . 2 . 1 }' 2>"$TMPD/err"
assert_eq "$(sed -n 3p "$TMPD/err")" \
	"                                        ^^^^^^^^^^^^^^" \
	"caret from the '.' before the third member"
ok "refused expression"
