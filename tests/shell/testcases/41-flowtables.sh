#!/bin/bash
# Flowtables on the host, whose kernel has no nf_flow_table: adding one
# fails with an error that says so, its caret under the flowtable, and
# the transaction changes nothing (text, table blocks, JSON, check mode).
# What needs no kernel support: the "flow add" statement's bytecode (the
# system nft's), parse and evaluation errors with carets, JSON input
# errors, listings of tables without flowtables. The kernel side is proven
# in the VM lane (tests/vm/cases-6.12/flowtables.sh).
. "$TESTDIR/lib.sh"

veths 2
nft -f - <<'NFT' || fail "initial ruleset"
table inet t {
	chain c {
		type filter hook forward priority filter; policy accept;
		counter
	}
}
NFT
nft list ruleset > "$TMPD/before" || fail "list"

unchanged()
{
	nft list ruleset > "$TMPD/after" || fail "list"
	assert_files_eq "$TMPD/before" "$TMPD/after" "$1: ruleset unchanged"
}

# bad NAME CMD...: exit 1, an error with a caret line, nothing changed;
# sets $err.
bad()
{
	local name=$1
	shift
	err=$(nft "$@" 2>&1)
	assert_eq "$?" 1 "$name: exit status"
	assert_match '(^|: )Error: ' "$err" "$name: error message"
	has_caret "$err" || fail "$name: no caret line in: $err"
	unchanged "$name"
}

no_kernel="this kernel does not support flowtables"

if is_system_nft; then
	skip "the system nft says 'No such file or directory' only"
fi

# ---- the kernel has no flowtables ----
# the reference's words, under the command; then what is missing
bad "add flowtable" add flowtable inet t ft \
	'{ hook ingress priority filter; devices = { "v0", "v2" }; counter; }'
assert_eq "$(echo "$err" | head -n 1)" \
	"Error: Could not process rule: No such file or directory" \
	"add flowtable: the reference's words"
assert_eq "$(echo "$err" | sed -n 4p)" \
	"this kernel does not support flowtables (nf_flow_table, nf_flow_table_inet)" \
	"add flowtable: names the missing support after the caret"
bad "create flowtable" create flowtable inet t ft \
	'{ hook ingress priority 0; devices = { v0 }; }'
assert_match "$no_kernel" "$err" "create flowtable: names the missing support"

# a block: the table, chain and rule that came with it are not added
cat > "$TMPD/block.nft" <<'NFT'
table inet t2 {
	flowtable ft {
		hook ingress priority filter + 5
		devices = { "v0", "v2" }
		flags offload
	}

	chain fw {
		type filter hook forward priority filter; policy accept;
		meta l4proto tcp flow add @ft
	}
}
NFT
bad "table block" -f "$TMPD/block.nft"
assert_match "$no_kernel" "$err" "table block: names the missing support"
assert_caret_under "$err" ft "table block: caret under the flowtable's name"

# check mode sends the batch and aborts it: the same error
bad "check mode" -c -f "$TMPD/block.nft"
assert_match "$no_kernel" "$err" "check mode: names the missing support"

# JSON input, the same object the JSON listing prints, flags and counter
# included
# (JSON errors name the JSON path instead of a caret)
err=$(echo '{"nftables": [{"add": {"flowtable": {"family": "inet", "table": "t", "name": "ft", "hook": "ingress", "prio": 0, "dev": ["v0", "v2"], "flags": ["offload"], "counter": true}}}]}' |
	nft -j -f - 2>&1)
assert_eq "$?" 1 "json add: exit status"
assert_match "$no_kernel" "$err" "json add: names the missing support"
assert_match 'nftables\[0\]\.add\.flowtable' "$err" "json add: the JSON path"
unchanged "json add"

# ---- flow add: the system nft's bytecode ----
bytecode()
{
	"$@" --debug=netlink -c add rule inet t c meta l4proto tcp "$FLOW" @ft 2>/dev/null |
		grep '^  \['
}
for FLOW in "flow add" "flow offload"; do
	ours=$(bytecode nft)
	assert_match 'flow_offload flowtable ft' "$ours" "$FLOW: flow_offload"
	if have_ref; then
		assert_eq "$ours" "$(bytecode refnft)" "$FLOW: the system nft's bytecode"
	fi
done
bad "flow add without the flowtable" add rule inet t c flow add @ft
assert_caret_under "$err" "flow add @ft" "flow add without the flowtable: caret under the statement"
# "flow offload" lists as "flow add": the printer and decoder unit tests
# (tests/unit/printer_test) and the VM lane show it

# ---- evaluation and parse errors ----
bad "egress hook" add flowtable inet t ft '{ hook egress priority 0; devices = { v0 }; }'
assert_caret_under "$err" egress "egress hook: caret under the hook"
bad "unknown priority" add flowtable inet t ft '{ hook ingress priority dstnat; devices = { v0 }; }'
assert_caret_under "$err" "priority dstnat" "unknown priority: caret under it"
assert_match "invalid priority expression value." "$err" "unknown priority: the reference's words"
bad "duplicate device" add flowtable inet t ft '{ hook ingress priority 0; devices = { v0, v2, v0 }; }'
assert_match "listed twice" "$err" "duplicate device: says why"
bad "long device name" add flowtable inet t ft '{ hook ingress priority 0; devices = { abcdefghijklmnopq }; }'
assert_caret_under "$err" abcdefghijklmnopq "long device name: caret under it"
printf 'add table netdev t\nadd flowtable netdev t ft { hook ingress priority 0; devices = { v0 }; }\n' \
	> "$TMPD/netdev.nft"
bad "netdev family" -f "$TMPD/netdev.nft"
assert_match "only available in the ip, ip6 and inet families" "$err" "netdev family: says why"
bad "unknown flag" add flowtable inet t ft '{ hook ingress priority 0; flags bogus; }'
assert_caret_under "$err" bogus "unknown flag: caret under it"
bad "flow without @" add rule inet t c flow add ft
bad "destroy with devices" destroy flowtable inet t ft '{ devices = { v0 }; }'
bad "delete missing" delete flowtable inet t ft
assert_caret_under "$err" ft "delete missing: caret under the name"
bad "delete missing handle" delete flowtable inet t handle 4711
assert_caret_under "$err" 4711 "delete missing handle: caret under the handle"
bad "list missing" list flowtable inet t ft
assert_caret_under "$err" ft "list missing: caret under the name"
out=$(nft destroy flowtable inet t ft 2>&1)
rc=$?
if [ "$rc" = 0 ]; then
	ok "destroy of a missing flowtable"
else
	assert_match "destroy" "$out" "destroy on an old kernel says so"
fi

# ---- JSON input errors ----
json_bad()
{
	local name=$1 doc=$2 want=$3
	err=$(echo "$doc" | nft -j -f - 2>&1)
	assert_eq "$?" 1 "$name: exit status"
	assert_match "$want" "$err" "$name: error"
	unchanged "$name"
}
json_bad "json flag" '{"nftables": [{"add": {"flowtable": {"family": "inet", "table": "t", "name": "ft", "hook": "ingress", "prio": 0, "dev": "v0", "flags": ["bogus"]}}}]}' 'unknown flowtable flag "bogus"'
json_bad "json counter" '{"nftables": [{"add": {"flowtable": {"family": "inet", "table": "t", "name": "ft", "hook": "ingress", "prio": 0, "dev": "v0", "counter": 1}}}]}' '"counter" must be true or false'
json_bad "json prio" '{"nftables": [{"add": {"flowtable": {"family": "inet", "table": "t", "name": "ft", "hook": "ingress", "dev": "v0"}}}]}' 'missing "prio"'
json_bad "json dev" '{"nftables": [{"add": {"flowtable": {"family": "inet", "table": "t", "name": "ft", "hook": "ingress", "prio": 0, "dev": 3}}}]}' 'expected a string or an array of strings'
json_bad "json flow op" '{"nftables": [{"add": {"rule": {"family": "inet", "table": "t", "chain": "c", "expr": [{"flow": {"op": "del", "flowtable": "@ft"}}]}}}]}' 'unknown op "del"'
json_bad "json flow ref" '{"nftables": [{"add": {"rule": {"family": "inet", "table": "t", "chain": "c", "expr": [{"flow": {"op": "add", "flowtable": "ft"}}]}}}]}' 'must be "@NAME"'

# ---- listings of tables without flowtables ----
out=$(nft list flowtables) || fail "list flowtables"
assert_eq "$out" "table inet t {
}" "list flowtables: the table's frame"
out=$(nft list flowtables ip) || fail "list flowtables ip"
assert_eq "$out" "" "list flowtables ip: nothing"
out=$(nft -j list flowtables) || fail "json list flowtables"
echo "$out" | /usr/bin/python3 -c 'import json,sys; d=json.load(sys.stdin)["nftables"]; assert len(d) == 1 and "metainfo" in d[0]' ||
	fail "json list flowtables: $out"
ok "json list flowtables: metainfo only"
unchanged "the end"
