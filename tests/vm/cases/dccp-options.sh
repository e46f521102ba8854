# DCCP options (this kernel has them; the host's, 6.16 and later, has
# no DCCP): what nft loads, the kernel keeps, and nft lists back, in
# text and JSON. The bytecode is compared with 1.1.3's on the host
# (tests/shell/testcases/91-dccp-options).
set -u
fail() { echo "FAIL: $*"; exit 1; }

$NFT -f - <<'EOF' || fail "load"
table inet t {
	set s {
		typeof dccp option 4
	}

	chain c {
		dccp option 4 exists
		dccp option 255 missing counter
		dccp type request dccp option 3 exists accept
		meta mark set dccp option 40
		dccp option 0 != exists
		dccp option 5 { exists }
	}
}
EOF
expected='table inet t {
	set s {
		typeof dccp option 4
	}

	chain c {
		dccp option 4 exists
		dccp option 255 missing counter packets 0 bytes 0
		dccp type request dccp option 3 exists accept
		meta mark set dccp option 40
		dccp option 0 != exists
		dccp option 5 exists
	}
}'
out=$($NFT list ruleset) || fail "list"
[ "$out" = "$expected" ] || fail "listing: $out"
json=$($NFT -j list ruleset) || fail "list -j"
echo "$json" | grep -q '"left": {"dccp option": {"type": 4}}, "right": true' ||
	fail "JSON: $json"
echo "$json" | grep -q '"type": {"typeof": {"dccp option": {"type": 4}}}' ||
	fail "JSON typeof: $json"
$NFT flush ruleset
$NFT -j -f - <<<"$json" || fail "JSON load"
[ "$($NFT list ruleset)" = "$expected" ] || fail "JSON reload: $($NFT list ruleset)"
$NFT flush ruleset
$NFT -f - <<<"$out" || fail "reload"
[ "$($NFT list ruleset)" = "$expected" ] || fail "reload: $($NFT list ruleset)"
echo ok
