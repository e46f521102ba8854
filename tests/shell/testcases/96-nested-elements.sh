#!/bin/bash
# A set among the members of an element block ("{ { 22, 23 }, 80 }") in
# set declarations and element commands gives its members, a map's
# block among a map's mappings its mappings, as 1.1.3 takes them;
# loaded by ours and by the reference, the listings are the same.
. "$TESTDIR/lib.sh"

cat > "$TMPD/ok.nft" <<'NFT'
table ip t {
	set s { type inet_service; elements = { { 1, 2 }, 3 }; }
	set x { type inet_service; }
	set z { type ipv4_addr; flags interval; elements = { { 1.1.1.0/24, 2.2.2.2 }, 3.3.3.3-3.3.3.5 }; }
	counter c1 { }
	map mc { type mark : counter; elements = { { 1 : "c1" }, 2 : "c1" }; }
	map m2 { type mark : mark; elements = { { 1 : 2, 3 : 4 } }; }
}
add element ip t mc { { 5 : "c1" } }
add element ip t m2 { 7 : 8, { 9 : 10 } }
add element ip t x { { 22, 23 }, 80 }
add element ip t x { 24, { 25, { 26 } } }
delete element ip t x { { 22 }, 23 }
NFT
nft -f "$TMPD/ok.nft" || fail "nested element blocks"
out=$(nft list ruleset)
assert_match 'elements = \{ 1, 2, 3 \}' "$out" "a declaration's"
assert_match 'elements = \{ 24, 25, 26, 80 \}' "$out" "add and delete element"
assert_match '0x00000009 : 0x0000000a' "$out" "a map's nested mappings"
if have_ref; then
	nft flush ruleset
	refnft -f "$TMPD/ok.nft" || fail "the reference loads it"
	assert_eq "$(nft list ruleset)" "$out" "the reference's state, listed by ours"
fi
