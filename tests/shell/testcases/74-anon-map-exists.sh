#!/bin/bash
# A rule's anonymous map with a key given twice with other data is the
# kernel's to refuse (File exists), as 1.1.3 leaves it: its refusal comes
# in the batch's order with the others, the caret under the later key.
. "$TESTDIR/lib.sh"

# errs NFT...: each error's words and caret column, one a line
errs()
{
	"$@" -f "$TMPD/in.nft" 2>&1 | awk '/Error:/ { sub(/^.*Error: /, ""); w = $0; n = 2; next }
		n && --n == 0 { print w " @" index($0, "^") }'
}

nft add table ip t && nft add chain ip t c || fail "setup"
cat > "$TMPD/in.nft" <<'IN'
add rule ip t c meta mark vmap { 1 : accept, 0x1 : drop } meta mark vmap { 2 : accept, 2 : drop }
add rule ip t c meta mark set tcp dport . ip saddr map { 1-10 . 1.1.1.1 : 1, 5 . 1.1.1.1 : 2 }
IN
want="Could not process rule: File exists @46
Could not process rule: File exists @88
Could not process rule: File exists @78"
assert_eq "$(errs nft)" "$want" "each refusal, in turn"
if have_ref; then
	assert_eq "$(errs refnft)" "$want" "the reference's"
fi
assert_eq "$(nft list chain ip t c | grep -c map)" 0 "nothing added"

# a key given three times: the kernel refuses the second
cat > "$TMPD/in.nft" <<'IN'
add rule ip t c meta mark vmap { 0 : continue, 0 : accept, 0 : accept }
IN
assert_eq "$(errs nft)" "Could not process rule: File exists @48" "the second of three"
if have_ref; then
	assert_eq "$(errs refnft)" "Could not process rule: File exists @48" "the reference's"
fi

# the kernel's refusal of a rule before it comes first
bridge_in()
{
	cat > "$TMPD/in.nft" <<'IN'
table bridge b {
	chain c { type filter hook prerouting priority filter; }
}
add rule bridge b c meta mark . ct packets { 1 . 2 }
add rule bridge b c meta mark vmap { 0x0 : drop, 0 : accept }
IN
}
bridge_in
nft -f "$TMPD/in.nft" 2>"$TMPD/err" && fail "bridge batch taken"
assert_eq "$(grep -c 'Error:' "$TMPD/err")" 2 "two refusals"
assert_match "Error: Could not process rule: File exists" "$(tail -n 3 "$TMPD/err" | head -n 1)" \
	"the map's last"
ok "anonymous map keys refused by the kernel"
