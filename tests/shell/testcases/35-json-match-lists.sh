#!/bin/bash
# JSON "right": [...] in a match: a list of flags is one value with all
# their bits (upstream writes "ct state established,related" so), the
# bytecode the system nft makes; a list of other values is refused at
# its JSON path (the system nft refuses it too: "not bitmask").
. "$TESTDIR/lib.sh"

nft add table ip t || fail "table"
nft add chain ip t c || fail "chain"

# json_rule MATCH-OP LEFT RIGHT: a one-match rule document
json_rule()
{
	printf '{"nftables": [{"add": {"rule": {"family": "ip", "table": "t", "chain": "c", "expr": [{"match": {"op": "%s", "left": %s, "right": %s}}]}}}]}\n' "$1" "$2" "$3"
}

# bytecode NFT JSON: the rule's bytecode lines, from a scratch namespace
# table so the system nft and ours each start empty
bytecode()
{
	local tool=$1 doc=$2
	$tool flush ruleset
	$tool add table ip t
	$tool add chain ip t c
	printf '%s' "$doc" > "$TMPD/r.json"
	$tool --debug=netlink -j -f "$TMPD/r.json" 2>&1 | grep '^  \['
}

CT='{"ct": {"key": "state"}}'
FLAGS='{"payload": {"protocol": "tcp", "field": "flags"}}'
accepted=(
	"==|$CT|[\"established\", \"related\"]|  [ cmp eq reg 1 0x00000006 ]"
	"!=|$CT|[\"established\", \"related\"]|  [ cmp neq reg 1 0x00000006 ]"
	"in|$CT|[\"established\", \"related\"]|  [ cmp neq reg 1 0x00000000 ]"
	"==|$CT|[\"established\"]|  [ cmp eq reg 1 0x00000002 ]"
	"==|{\"ct\": {\"key\": \"status\"}}|[\"expected\", \"seen-reply\"]|  [ cmp eq reg 1 0x00000003 ]"
	"==|$FLAGS|[\"syn\", \"ack\"]|  [ cmp eq reg 1 0x00000012 ]"
	"in|$FLAGS|[\"syn\", \"ack\"]|  [ cmp neq reg 1 0x00000000 ]"
)
for a in "${accepted[@]}"; do
	IFS='|' read -r op left right last <<<"$a"
	doc=$(json_rule "$op" "$left" "$right")
	got=$(bytecode nft "$doc") || fail "$op $right: refused"
	assert_eq "$(tail -n1 <<<"$got")" "$last" "$op $right: bytecode"
	if have_ref && ! is_system_nft; then
		want=$(bytecode refnft "$doc")
		assert_eq "$got" "$want" "$op $right: as the system nft"
	fi
done

refused=(
	"{\"payload\": {\"protocol\": \"tcp\", \"field\": \"dport\"}}|[22, 80]|internet network service is not a flag type"
	"{\"meta\": {\"key\": \"mark\"}}|[1]|packet mark is not a flag type"
	"{\"payload\": {\"protocol\": \"ip\", \"field\": \"saddr\"}}|[\"1.1.1.1\", \"2.2.2.2\"]|IPv4 address is not a flag type"
	"$CT|[]|empty list"
)
nft flush ruleset
nft add table ip t
nft add chain ip t c
for r in "${refused[@]}"; do
	IFS='|' read -r left right msg <<<"$r"
	json_rule "==" "$left" "$right" > "$TMPD/r.json"
	assert_rc 1 "$right: refused" nft -j -f "$TMPD/r.json" 2>"$TMPD/err"
	err=$(cat "$TMPD/err")
	assert_match "Error: .*$msg" "$err" "$right: says why"
	assert_match 'at nftables\[0\]\.add\.rule\.expr\[0\]\.match\.right' \
		"$err" "$right: at its JSON path"
done
assert_eq "$(nft list chain ip t c | grep -c '^		[a-z]')" 0 \
	"nothing added by the refused rules"
ok "json match lists"
