#!/bin/bash
# add/insert with position, handle and index; replace; delete by handle.
. "$TESTDIR/lib.sh"

nft add table ip t && nft add chain ip t c || fail "setup"
for i in 1 2 3; do
	nft add rule ip t c meta mark $i || fail "add mark $i"
done
# handle_of MARK: handle of the rule matching meta mark MARK (hex listing).
handle_of()
{
	nft -a list chain ip t c |
		sed -n "s/^\t\tmeta mark $(printf '0x%08x' "$1") # handle \([0-9]*\)$/\1/p"
}
marks()
{
	nft list chain ip t c | sed -n 's/^\t\tmeta mark 0x0*\([0-9a-f]*\)$/\1/p' |
		while read -r h; do printf '%d ' "0x$h"; done
}
h1=$(handle_of 1) h2=$(handle_of 2) h3=$(handle_of 3)
[ -n "$h1" ] && [ -n "$h2" ] && [ -n "$h3" ] || fail "handles: '$h1' '$h2' '$h3'"
assert_eq "$(marks)" "1 2 3 " "add appends"

nft insert rule ip t c meta mark 10 || fail "insert"
assert_eq "$(marks)" "10 1 2 3 " "insert prepends"
nft add rule ip t c position "$h1" meta mark 20 || fail "add position"
assert_eq "$(marks)" "10 1 20 2 3 " "add position N goes after N"
nft insert rule ip t c position "$h3" meta mark 30 || fail "insert position"
assert_eq "$(marks)" "10 1 20 2 30 3 " "insert position N goes before N"
nft add rule ip t c handle "$h2" meta mark 40 || fail "add handle"
assert_eq "$(marks)" "10 1 20 2 40 30 3 " "add handle N is add position N"
nft add rule ip t c index 0 meta mark 50 || fail "add index"
assert_eq "$(marks)" "10 50 1 20 2 40 30 3 " "add index 0 goes after the first rule"
nft insert rule ip t c index 2 meta mark 60 || fail "insert index"
assert_eq "$(marks)" "10 50 60 1 20 2 40 30 3 " "insert index 2 goes before the third rule"
nft replace rule ip t c handle "$h2" meta mark 70 || fail "replace"
assert_eq "$(marks)" "10 50 60 1 20 70 40 30 3 " "replace handle N in place"
assert_eq "$(handle_of 70)" "$h2" "replace keeps the handle"
nft delete rule ip t c handle "$h1" || fail "delete rule"
assert_eq "$(marks)" "10 50 60 20 70 40 30 3 " "delete rule handle N"

assert_rc 1 "delete of a deleted handle" nft delete rule ip t c handle "$h1" 2>/dev/null
assert_rc 1 "replace of a missing handle" nft replace rule ip t c handle 9999 counter 2>/dev/null
assert_rc 1 "position of a missing handle" nft add rule ip t c position 9999 counter 2>/dev/null
assert_eq "$(marks)" "10 50 60 20 70 40 30 3 " "failed commands changed nothing"

# Several in one transaction, from a file.
nft -f - <<NFT || fail "file with positions"
insert rule ip t c position $h3 meta mark 80
add rule ip t c position $h3 meta mark 90
NFT
assert_eq "$(marks)" "10 50 60 20 70 40 30 80 3 90 " "positions inside one file"
