#!/bin/bash
# Maps of ct objects declared by typeof ("typeof ip saddr : ct helper",
# ct timeout, ct expectation), with elements: the kernel state (set user
# data included) after ours loads it is the reference's, the listings
# are the same, and our JSON listing loads back into the same state.
. "$TESTDIR/lib.sh"

cat > "$TMPD/ok.nft" <<'NFT'
table ip t {
	ct helper h { type "ftp" protocol tcp; }
	ct timeout to { protocol tcp; policy = { established: 100 }; }
	map m1 { typeof ip saddr : ct helper; elements = { 1.1.1.1 : "h" }; }
	map m2 { typeof ip saddr : ct timeout; elements = { 1.1.1.1 : "to" }; }
	map m3 { typeof ip saddr : ct expectation; }
	chain c {
		ct helper set ip saddr map @m1
		ct timeout set ip saddr map @m2
	}
}
NFT
nft -f "$TMPD/ok.nft" || fail "typeof maps of ct objects"
out=$(nft list ruleset)
state=$(python3 "$SRCDIR/tests/lib/nlstate.py")
assert_match 'typeof ip saddr : ct expectation' "$out" "listed as declared"
nft -j list ruleset > "$TMPD/j.json"
nft flush ruleset
nft -j -f "$TMPD/j.json" || fail "our JSON listing loads"
assert_eq "$(python3 "$SRCDIR/tests/lib/nlstate.py")" "$state" "the JSON gives the same state"
if have_ref; then
	nft flush ruleset
	refnft -f "$TMPD/ok.nft" || fail "the reference loads it"
	assert_eq "$(python3 "$SRCDIR/tests/lib/nlstate.py")" "$state" "the reference's state"
	assert_eq "$(nft list ruleset)" "$out" "the reference's state, listed by ours"
fi
