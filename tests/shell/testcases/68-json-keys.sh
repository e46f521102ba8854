#!/bin/bash
# JSON objects hold only the keys this nft knows: an unknown one (a
# misspelt "tunnel" in a payload, which would make an inner header match
# an outer one) is refused with its path, where upstream 1.1.3 ignores
# it. Every key upstream writes in its listings is taken:
# upstream's JSON of a ruleset with every kind of object and statement
# (files/json-keys.nft) loads.
. "$TESTDIR/lib.sh"

veths 2

# upstream's listings load
if have_ref; then
	refnft -f - < "$TESTDIR/testcases/files/json-keys.nft" || fail "the reference loads"
	refnft -j list ruleset > "$TMPD/ref.json" || fail "the reference lists"
	refnft flush ruleset
	nft -j -f "$TMPD/ref.json" || fail "upstream's listing loads"
	ok "upstream's listing loads"
	nft flush ruleset
fi
nft -f "$TESTDIR/testcases/files/json-keys.nft" || fail "ours loads"
nft -j list ruleset > "$TMPD/ours.json" || fail "ours lists"
nft flush ruleset
nft -j -f "$TMPD/ours.json" || fail "our listing loads"
nft flush ruleset

nft add table ip t && nft add chain ip t c &&
	nft add set ip t s "{ type ipv4_addr; flags dynamic; }" &&
	nft add map ip t m "{ type ipv4_addr : verdict; }" || fail "setup"

# refused KEY PATH JSON-COMMAND: refused, naming the key at its path
refused()
{
	local key=$1 path=$2 cmd=$3 err
	err=$(nft -j -f - 2>&1 <<< "{\"nftables\": [$cmd]}")
	assert_eq "$?" 1 "$key at $path: refused"
	assert_match "^Error: unknown key \"$key\"\$" "$err" "$key at $path: words"
	assert_match "^JSON command #0, at nftables\\[0\\]\\.${path//[/\\[}\$" \
		"$err" "$key at $path: path"
}
rule()
{
	printf '{"add": {"rule": {"family": "ip", "table": "t", "chain": "c", "expr": [%s]}}}' "$1"
}
ip_saddr='{"payload": {"protocol": "ip", "field": "saddr"}}'

refused tunel "add.rule.expr[0].match.left.payload.tunel" \
	"$(rule '{"match": {"op": "==", "left": {"payload": {"protocol": "ip", "field": "saddr", "tunel": "vxlan"}}, "right": "1.2.3.4"}}')"
refused comemnt "add.table.comemnt" \
	'{"add": {"table": {"family": "ip", "name": "u", "comemnt": "x"}}}'
refused polcy "add.chain.polcy" \
	'{"add": {"chain": {"family": "ip", "table": "t", "name": "d", "type": "filter", "hook": "input", "prio": 0, "polcy": "drop"}}}'
refused exprs "add.rule.exprs" \
	'{"add": {"rule": {"family": "ip", "table": "t", "chain": "c", "exprs": [{"drop": null}]}}}'
refused timout "add.set.timout" \
	'{"add": {"set": {"family": "ip", "table": "t", "name": "u", "type": "ipv4_addr", "timout": 10}}}'
refused elements "add.element.elements" \
	'{"add": {"element": {"family": "ip", "table": "t", "name": "s", "elements": ["1.1.1.1"]}}}'
refused packet "add.counter.packet" \
	'{"add": {"counter": {"family": "ip", "table": "t", "name": "k", "packet": 1}}}'
refused x "list.ruleset.x" '{"list": {"ruleset": {"family": "ip", "x": 1}}}'
refused x "list.counters.x" '{"list": {"counters": {"family": "ip", "x": 1}}}'
refused foo "metainfo.foo" '{"metainfo": {"json_schema_version": 1, "foo": 2}}'
refused op "add.rule.expr[0].match.left.meta.op" \
	"$(rule '{"match": {"op": "==", "left": {"meta": {"key": "mark", "op": "x"}}, "right": 1}}')"
refused dire "add.rule.expr[0].match.left.ct.dire" \
	"$(rule '{"match": {"op": "==", "left": {"ct": {"key": "mark", "dire": "original"}}, "right": 1}}')"
refused pakets "add.rule.expr[0].counter.pakets" \
	"$(rule '{"counter": {"pakets": 1}}')"
refused lvl "add.rule.expr[0].log.lvl" "$(rule '{"log": {"lvl": "info"}}')"
refused to "add.rule.expr[0].snat.to" \
	"$(rule '{"snat": {"addr": "1.1.1.1", "to": 1}}')"
refused chain "add.rule.expr[0].jump.chain" \
	"$(rule '{"jump": {"target": "c", "chain": "d"}}')"
refused x "add.rule.expr[0].accept.x" "$(rule '{"accept": {"x": 1}}')"
refused expires "add.rule.expr[0].set.elem.elem.expires" \
	"$(rule "{\"set\": {\"op\": \"add\", \"elem\": {\"elem\": {\"val\": $ip_saddr, \"expires\": 5}}, \"set\": \"@s\"}}")"
refused sets "add.rule.expr[0].set.sets" \
	"$(rule "{\"set\": {\"op\": \"add\", \"elem\": $ip_saddr, \"set\": \"@s\", \"sets\": 1}}")"
refused size2 "add.rule.expr[0].meter.size2" \
	"$(rule "{\"meter\": {\"name\": \"mt\", \"key\": $ip_saddr, \"stmt\": {\"counter\": null}, \"size2\": 1}}")"
refused lenght "add.rule.expr[0].match.right.prefix.lenght" \
	"$(rule "{\"match\": {\"op\": \"==\", \"left\": $ip_saddr, \"right\": {\"prefix\": {\"addr\": \"1.0.0.0\", \"len\": 8, \"lenght\": 8}}}}")"
refused x "add.rule.expr[0].vmap.x" \
	"$(rule "{\"vmap\": {\"key\": $ip_saddr, \"data\": \"@m\", \"x\": 1}}")"

# beside "nftables"
err=$(nft -j -f - 2>&1 <<< '{"nftables": [], "foo": 1}')
assert_eq "$?" 1 "a key beside nftables: refused"
assert_match "^JSON top level, at foo\$" "$err" "a key beside nftables: where"

assert_eq "$(nft list ruleset | grep -c .)" \
	"$(printf 'table ip t {\n\tset s {\n\t\ttype ipv4_addr\n\t\tflags dynamic\n\t}\n\n\tmap m {\n\t\ttype ipv4_addr : verdict\n\t}\n\n\tchain c {\n\t}\n}\n' | grep -c .)" \
	"nothing was added"
ok "JSON keys"
