#!/bin/bash
# Statements whose listing or JSON cannot be checked by the golden files:
# "log level warn" lists as plain "log" (the kernel reports the default
# level of every log rule), in text and JSON, and the JSON reloads.
# (A statement that ends a rule is checked by the golden files.)
. "$TESTDIR/lib.sh"

nft add table ip t || fail "add table"
nft add chain ip t c || fail "add chain"
nft add rule ip t c log level warn || fail "log level warn"
assert_eq "$(nft list chain ip t c | sed -n 's/^\t\t//p')" "log" \
	"log level warn lists as log"
assert_match '"expr": \[\{"log": null\}\]' "$(nft -j list chain ip t c)" \
	"log level warn is {\"log\": null} in JSON"
nft -j list ruleset > "$TMPD/json" || fail "json listing"
nft flush ruleset
nft -j -f "$TMPD/json" || fail "reloading the JSON"
assert_eq "$(nft list chain ip t c | sed -n 's/^\t\t//p')" "log" \
	"the reloaded rule lists as log"
ok "log level warn"

# "dnat ip addr . port to EXPR" (nftlb, nft 1.0's spelling): a nat map
# giving address and port, as "dnat ip to EXPR"
nft flush ruleset
rule='ip protocol tcp dnat ip addr . port to ct mark map { 0x80000001 : 192.168.0.10 . 80, 0x80000002 : 192.168.0.11 . 80 }'
nft -f - <<NFT || fail "dnat ip addr . port to"
table ip t {
	chain c {
		type nat hook prerouting priority dstnat; policy accept;
		$rule
	}
}
NFT
assert_match "dnat ip to ct mark map \{ 0x80000001 : 192.168.0.10 . 80, 0x80000002 : 192.168.0.11 . 80 \}" \
	"$(nft list chain ip t c)" "dnat ip addr . port to: listed as dnat ip to"
if have_ref; then
	nft --debug=netlink add rule ip t c $rule | grep -v '^ip t c' > "$TMPD/ours.bc"
	"$SRCDIR/tools/ref" nft --debug=netlink add rule ip t c $rule |
		grep -v '^ip t c' > "$TMPD/ref.bc"
	assert_files_eq "$TMPD/ref.bc" "$TMPD/ours.bc" \
		"dnat ip addr . port to: the reference's bytecode"
fi
