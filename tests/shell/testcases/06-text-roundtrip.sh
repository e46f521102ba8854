#!/bin/bash
# nft list ruleset > f; nft flush ruleset; nft -f f; nft list ruleset == f.
. "$TESTDIR/lib.sh"

veths 3
nft -f "$TESTDIR/testcases/files/all-chains.nft" || fail "loading all-chains.nft"
nft -f - <<'NFT' || fail "loading more rules"
table ip6 t6 {
	chain c {
		type filter hook forward priority filter + 1; policy drop;
		ip6 saddr 2001:db8::/32 ip6 daddr != fe80::1 counter accept
		udp sport 53 udp dport 1024-65535 accept comment "dns replies"
		meta l4proto tcp tcp dport 443 counter packets 1 bytes 60 accept
	}
}
table bridge b {
	chain in {
		type filter hook input priority -200;
		ether type ip6 ip6 daddr ::1 drop
		ip daddr 10.0.0.0/8 meta iifname "v0" accept
	}
}
NFT
nft list ruleset > "$TMPD/f" || fail "list"
[ -s "$TMPD/f" ] || fail "empty listing"
nft flush ruleset || fail "flush"
assert_eq "$(nft list ruleset)" "" "flushed"
nft -f "$TMPD/f" || fail "reloading the listing"
nft list ruleset > "$TMPD/g" || fail "list"
assert_files_eq "$TMPD/f" "$TMPD/g" "listing identical after reload"

# The file is also a valid input on top of itself via "-c" (dry run).
nft -c -f "$TMPD/f" || fail "-c -f of the listing"
nft list ruleset > "$TMPD/h" || fail "list"
assert_files_eq "$TMPD/f" "$TMPD/h" "unchanged after -c"
