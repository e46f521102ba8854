#!/bin/bash
# A named set in a variable ("define x = @y", "ip saddr $x") and an
# empty set in one ("define e = {}": no elements for "elements = $e" and
# "add element T s $e", "Set is empty" in a match), as 1.1.3 takes them;
# state, listing and errors as the reference's.
. "$TESTDIR/lib.sh"

cat > "$TMPD/ok.nft" <<'NFT'
define x = @y
define e = {}
table ip t {
	set y { type ipv4_addr; }
	set z { type ipv4_addr; elements = $e; }
	set w { type ipv4_addr; elements = { 1.1.1.1, $e }; }
	chain c {
		ip saddr $x
		ip saddr != $x accept
		ip saddr { 1.1.1.1, $e }
	}
}
add element ip t z $e
NFT
nft -f "$TMPD/ok.nft" || fail "a set reference and an empty set in variables"
out=$(nft list ruleset)
assert_match 'ip saddr != @y accept' "$out" "\$x is @y"
if have_ref; then
	nft flush ruleset
	refnft -f "$TMPD/ok.nft" || fail "the reference loads it"
	assert_eq "$(nft list ruleset)" "$out" "the reference's state, listed by ours"
fi

printf 'define e = {}\ntable ip t {\n\tchain c {\n\t\tip saddr $e\n\t}\n}\n' > "$TMPD/bad.nft"
err=$(nft -c -f "$TMPD/bad.nft" 2>&1) && fail "a match with an empty set"
if have_ref; then
	ref=$(refnft -c -f "$TMPD/bad.nft" 2>&1)
	assert_eq "$err" "$ref" "an empty set matched: the reference's error"
fi
exit 0
