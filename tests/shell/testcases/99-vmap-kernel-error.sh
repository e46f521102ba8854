#!/bin/bash
# A kernel refusal of a rule holding a verdict map and a goto (here: a
# goto to a base chain, EOPNOTSUPP): the error is placed under the goto's
# target. The verdict map's statement holds a map, not a verdict; reading
# it as one read garbage and, at times, asked for exabytes ("out of
# memory", an abort). Several runs, since the garbage varied.
. "$TESTDIR/lib.sh"

cat > "$TMPD/setup.nft" <<'NFT'
table ip t {
	chain c {
		type filter hook postrouting priority filter;
	}
}
NFT
rule='add rule ip t c ip saddr vmap { 1.1.1.1 : continue, 2.2.2.2 : drop } ip ecn set ect1 goto c'
nft -f "$TMPD/setup.nft" || fail "setup"
for i in 1 2 3 4 5 6 7 8; do
	out=$(nft "$rule" 2>&1)
	assert_eq "$?" 1 "run $i: refused"
done
assert_match '^Error: Could not process rule: Operation not supported$' "$out" "the kernel's words"
if have_ref; then
	ref=$(refnft "$rule" 2>&1)
	assert_eq "$out" "$ref" "as the reference places it"
fi
ok "verdict map beside a refused goto"
