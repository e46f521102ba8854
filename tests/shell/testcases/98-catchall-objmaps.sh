#!/bin/bash
# The catch-all element ("*") of named object maps (maps whose data are
# stateful objects: counter, quota, limit), as 1.1.3 takes it: in
# declarations (plain, interval, typeof and concatenated keys, with a
# timeout or a statement), element commands (add, create, get, delete,
# reset), listings (text, -s, JSON) and their reload, JSON input; the
# kernel state and every output compared with the reference's; and the
# packets no element holds counted by the catch-all's counter.
. "$TESTDIR/lib.sh"

cat > "$TMPD/a.nft" <<'NFT'
table ip t {
	counter c1 { }
	counter c2 { }
	quota q1 { over 10 mbytes }
	quota q2 { until 20 mbytes }
	limit l1 { rate 400/minute }
	map m {
		type ipv4_addr : counter
		elements = { 1.2.3.4 : "c1", * : "c2" }
	}
	map iv {
		type ipv4_addr : counter
		flags interval
		elements = { 10.0.0.0/8 : "c1", * : "c2" }
	}
	map ty {
		typeof ip saddr : counter
		elements = { 1.1.1.1 : "c1", * : "c2" }
	}
	map cc {
		type ipv4_addr . inet_service : quota
		elements = { 1.1.1.1 . 22 : "q1", * : "q2" }
	}
	map lm {
		type ipv4_addr : limit
		elements = { * : "l1" }
	}
	map st {
		type ipv4_addr : counter
		counter
		elements = { * counter : "c1" }
	}
	chain c {
		type filter hook input priority filter; policy accept;
		counter name ip saddr map @m
		counter name ip saddr map @iv
		quota name ip saddr . tcp dport map @cc
		limit name ip saddr map @lm
	}
}
NFT
nft -f "$TMPD/a.nft" || fail "loading object maps with *"
python3 "$SRCDIR/tests/lib/nlstate.py" > "$TMPD/a.ours"
nft list ruleset > "$TMPD/a.list"
assert_match 'elements = \{ 1\.2\.3\.4 : "c1",' "$(cat "$TMPD/a.list")" "listed"
assert_match '\* : "c2" \}' "$(cat "$TMPD/a.list")" "the catch-all listed last"
nft -j list ruleset > "$TMPD/a.json"
assert_match '\["\*", "c2"\]' "$(cat "$TMPD/a.json")" "JSON ['*', OBJECT]"
nft flush ruleset
nft -f "$TMPD/a.list" || fail "loading the listing"
assert_eq "$(nft list ruleset)" "$(cat "$TMPD/a.list")" "list, load, list"
nft flush ruleset
nft -j -f "$TMPD/a.json" || fail "loading the JSON listing"
assert_eq "$(nft list ruleset)" "$(cat "$TMPD/a.list")" "list -j, load, list"
if have_ref; then
	nft flush ruleset
	refnft -f "$TMPD/a.nft" || fail "the reference loads it"
	python3 "$SRCDIR/tests/lib/nlstate.py" > "$TMPD/a.ref"
	assert_files_eq "$TMPD/a.ours" "$TMPD/a.ref" "the kernel state"
	nft flush ruleset
	nft --debug=netlink -f "$TMPD/a.nft" > "$TMPD/a.dbg.ours" 2>&1
	nft flush ruleset
	refnft --debug=netlink -f "$TMPD/a.nft" > "$TMPD/a.dbg.ref" 2>&1
	assert_files_eq "$TMPD/a.dbg.ours" "$TMPD/a.dbg.ref" "the netlink debug output"
	assert_eq "$(nft list ruleset)" "$(refnft list ruleset)" "ours lists the reference's load"
	assert_eq "$(nft -s list ruleset)" "$(refnft -s list ruleset)" "and -s"
	assert_eq "$(nft -j list ruleset | sed 's/"metainfo": {[^}]*}//')" \
		"$(refnft -j list ruleset | sed 's/"metainfo": {[^}]*}//')" "and in JSON"
fi

# element commands, each compared with the reference's: "*" added,
# given again (the same object, another, one that does not exist),
# got, reset, deleted; a declaration giving "*" twice
cat > "$TMPD/cmds" <<'EOF'
add counter ip u c1
add counter ip u c2
add map ip u m { type ipv4_addr : counter; }
add element ip u m { * : "c1" }
list map ip u m
get element ip u m { * }
add element ip u m { * : "c1" }
add element ip u m { * : "c2" }
create element ip u m { * : "c1" }
add element ip u m { * : "c9" }
add element ip u m { 5.5.5.5 : "c2" }
get element ip u m { 5.5.5.5, * }
delete element ip u m { * }
list map ip u m
get element ip u m { * }
delete element ip u m { * }
add element ip u m { * }
add map ip u n { type ipv4_addr : counter; elements = { * : "c1", * : "c2" }; }
add map ip u n2 { type ipv4_addr : counter; elements = { * : "c1", * : "c1" }; }
list map ip u n2
add map ip u sc { type ipv4_addr : counter; counter; elements = { * counter : "c1" }; }
reset element ip u sc { * }
add map ip u tm { type ipv4_addr : counter; flags timeout; elements = { * timeout 1h : "c2" }; }
add map ip u qm { type ipv4_addr . inet_service : counter; flags interval; elements = { 1.0.0.0/8 . 1-2 : "c1", * : "c2" }; }
list map ip u qm
delete element ip u qm { * }
list map ip u qm
EOF
run_cmds()
{
	local c
	"$@" add table ip u
	set -f		# "*" is no file name here
	while read -r c; do
		echo "== $c"
		# shellcheck disable=SC2086
		"$@" $c 2>&1 | sed 's/expires [0-9hms]*/expires X/'
	done < "$TMPD/cmds"
	set +f
}
nft flush ruleset
run_cmds nft > "$TMPD/cmds.ours"
grep -q 'elements = { \* : "c1" }' "$TMPD/cmds.ours" || fail "get element *"
if have_ref; then
	refnft flush ruleset
	run_cmds refnft > "$TMPD/cmds.ref"
	assert_files_eq "$TMPD/cmds.ours" "$TMPD/cmds.ref" "element commands as the reference's"
fi

# JSON input: a map declared with ["*", OBJECT], an element added and
# deleted by "*"
nft flush ruleset
nft -j -f - <<'JSON' || fail "JSON: a map with * declared"
{"nftables": [{"add": {"table": {"family": "ip", "name": "j"}}},
 {"add": {"counter": {"family": "ip", "table": "j", "name": "c1"}}},
 {"add": {"counter": {"family": "ip", "table": "j", "name": "c2"}}},
 {"add": {"map": {"family": "ip", "table": "j", "name": "m", "type": "ipv4_addr", "map": "counter", "elem": [["2.2.2.2", "c1"], ["*", "c2"]]}}}]}
JSON
assert_match '\* : "c2"' "$(nft list map ip j m)" "JSON: * declared"
nft -j -f - <<'JSON' || fail "JSON: delete element *"
{"nftables": [{"delete": {"element": {"family": "ip", "table": "j", "name": "m", "elem": ["*"]}}}]}
JSON
assert_no_match '\*' "$(nft list map ip j m)" "JSON: * deleted"
nft -j -f - <<'JSON' || fail "JSON: add element *"
{"nftables": [{"add": {"element": {"family": "ip", "table": "j", "name": "m", "elem": [["*", "c1"]]}}}]}
JSON
assert_match '\* : "c1"' "$(nft list map ip j m)" "JSON: * added"
assert_eq "$(nft -e -j add element ip j m '{ * : "c1" }' | sed 's/"metainfo": {[^}]*}, //')" \
	'{"nftables": [{"add": {"element": {"family": "ip", "table": "j", "name": "m", "elem": {"set": [["*", "c1"]]}}}}]}' \
	"the JSON echo of add element *"
if have_ref; then
	assert_eq "$(nft -j list ruleset | sed 's/"metainfo": {[^}]*}//')" \
		"$(refnft -j list ruleset | sed 's/"metainfo": {[^}]*}//')" "JSON: the reference lists it alike"
fi

# packets: pings from a peer namespace, from 10.0.0.2 (an element's
# counter) and 10.0.0.3 (the catch-all's)
nft flush ruleset
ns_peer 10.0.0.2 10.0.0.3; nsb=$NS_PID
cat > "$TMPD/p.nft" <<'NFT'
table ip p {
	counter cin { }
	counter cany { }
	map m {
		type ipv4_addr : counter
		elements = { 10.0.0.2 : "cin", * : "cany" }
	}

	chain in {
		type filter hook input priority filter; policy accept;
		icmp type echo-request counter name ip saddr map @m
	}
}
NFT
nft -f "$TMPD/p.nft" || fail "loading the packet ruleset"
in_ns "$nsb" ping -c 2 -i 0.2 -W 1 -I 10.0.0.2 10.0.0.1 >/dev/null 2>&1 || fail "ping from 10.0.0.2"
in_ns "$nsb" ping -c 3 -i 0.2 -W 1 -I 10.0.0.3 10.0.0.1 >/dev/null 2>&1 || fail "ping from 10.0.0.3"
l=$(nft list counters)
assert_eq "$(printf '%s\n' "$l" | sed -n '/counter cin/,/}/s/.*packets \([0-9]*\).*/\1/p')" 2 \
	"the element's counter took its pings"
assert_eq "$(printf '%s\n' "$l" | sed -n '/counter cany/,/}/s/.*packets \([0-9]*\).*/\1/p')" 3 \
	"the catch-all's counter took the others"
nft delete element ip p m '{ * }' || fail "delete element *"
in_ns "$nsb" ping -c 1 -W 1 -I 10.0.0.3 10.0.0.1 >/dev/null 2>&1 || fail "ping again"
assert_eq "$(nft list counter ip p cany | sed -n 's/.*packets \([0-9]*\).*/\1/p')" 3 \
	"without the catch-all, nothing more"
ok "a named object map's * takes what no element holds"
