#!/bin/bash
# Maps written from the packet path: "update @m { ip saddr : 0x1 }" and
# "add @m { ip saddr timeout 10s : 0x2 }" (nft_dynset with a data
# register) on "flags dynamic" maps. Pings from a peer namespace put
# their source address in the maps with the data written; a later rule
# reads the mark back through "meta mark set ip saddr map @m". Bytecode,
# listings both ways with the system nft, a JSON round trip ({"map":
# {"op", "elem", "data", "map"}} as upstream 1.1), and the errors, with
# carets, of a set or a verdict map named as the map.
. "$TESTDIR/lib.sh"

ns_new; nsb=$NS_PID
ip link add v0 type veth peer name v1 || fail "veth"
ip link set v1 netns "$nsb" || fail "move v1"
ip link set lo up
ip addr add 10.0.0.1/24 dev v0 && ip link set v0 up
in_ns "$nsb" ip link set lo up
in_ns "$nsb" ip addr add 10.0.0.2/24 dev v1
in_ns "$nsb" ip link set v1 up
wait_ping 10.0.0.2 || fail "no connectivity before loading rules"

cat > "$TMPD/mu.nft" <<'NFT'
table ip mu {
	map m {
		type ipv4_addr : mark
		size 100
		flags dynamic
	}

	map t {
		type ipv4_addr : mark
		size 100
		flags dynamic,timeout
	}

	chain in {
		type filter hook input priority filter; policy accept;
		icmp type echo-request update @m { ip saddr : 0x00000001 }
		icmp type echo-request add @t { ip saddr timeout 1h : 0x00000002 } counter packets 0 bytes 0
		icmp type echo-request meta mark set ip saddr map @m
		meta mark 0x00000001 counter packets 0 bytes 0
	}
}
NFT
nft -f "$TMPD/mu.nft" || fail "loading map updates"
ok "map updates loaded"

# the bytecode: as the system nft's, "immediate reg 2" and "sreg_data 2"
if have_ref; then
	# the rules' expressions (the debug output's other lines, the
	# sets', the chain's, blank ones, are not the point)
	nft --debug=netlink -f "$TMPD/mu.nft" --check 2>&1 |
		grep -E '^ip mu in$|^  \[' > "$TMPD/ours.nl"
	refnft --debug=netlink -f "$TMPD/mu.nft" --check 2>&1 |
		grep -E '^ip mu in$|^  \[' > "$TMPD/sys.nl"
	assert_files_eq "$TMPD/sys.nl" "$TMPD/ours.nl" "bytecode as the system nft's"
fi
assert_match 'dynset update reg_key 1 set m sreg_data 2' \
	"$(nft --debug=netlink -c -f "$TMPD/mu.nft" 2>&1)" "update with a data register"

nft list ruleset > "$TMPD/list" || fail "list"
assert_eq "$(sed -n '/chain in/,$p' "$TMPD/list")" \
	"$(sed -n '/chain in/,$p' "$TMPD/mu.nft")" "rules listed as written"

in_ns "$nsb" ping -c 2 -i 0.2 -W 1 10.0.0.1 >/dev/null ||
	fail "pings from the peer"
assert_match 'elements = \{ 10\.0\.0\.2 : 0x00000001 \}' \
	"$(nft list map ip mu m)" "the packet path wrote the peer's mark"
assert_match '10\.0\.0\.2 timeout 1h expires [0-9hms]+ : 0x00000002' \
	"$(nft list map ip mu t)" "the packet path added with a timeout"
assert_match 'meta mark 0x00000001 counter packets [1-9]' \
	"$(nft list chain ip mu in)" "the mark read back from the map"

nft list ruleset | sed 's/expires [0-9hms]*//; s/packets [0-9]* bytes [0-9]*//' > "$TMPD/ours"
if have_ref; then
	refnft list ruleset |
		sed 's/expires [0-9hms]*//; s/packets [0-9]* bytes [0-9]*//' > "$TMPD/sys"
	assert_files_eq "$TMPD/sys" "$TMPD/ours" "listing as the system nft's"
	# the system nft's rules, listed by ours
	nft delete table ip mu
	refnft -f "$TMPD/mu.nft" || fail "system nft loads the file"
	nft list ruleset > "$TMPD/l2" || fail "listing the system nft's rules"
	assert_files_eq "$TMPD/mu.nft" "$TMPD/l2" "the system nft's rules listed by ours"
fi

# JSON: {"map": {"op": "update", "elem": ..., "data": 1, "map": "@m"}}
nft -j list chain ip mu in > "$TMPD/j1" || fail "json listing"
assert_match '"map": \{"op": "update", "elem": \{"payload": \{"protocol": "ip", "field": "saddr"\}\}, "data": 1, "map": "@m"\}' \
	"$(cat "$TMPD/j1")" "JSON map statement"
assert_match '"map": \{"op": "add", "elem": \{"elem": \{"val": \{"payload": \{"protocol": "ip", "field": "saddr"\}\}, "timeout": 3600\}\}, "data": 2, "map": "@t"\}' \
	"$(cat "$TMPD/j1")" "JSON map statement with a timeout"
nft flush chain ip mu in || fail "flush chain"
nft -j -f "$TMPD/j1" || fail "loading the JSON back"
nft -j list chain ip mu in > "$TMPD/j2"
assert_eq "$(json_strip_handles "$TMPD/j2" | sed 's/"packets": [0-9]*, "bytes": [0-9]*//g')" \
	"$(json_strip_handles "$TMPD/j1" | sed 's/"packets": [0-9]*, "bytes": [0-9]*//g')" "JSON round trip"

# errors
nft add set ip mu s '{ type ipv4_addr; flags dynamic; }' || fail "set s"
nft add map ip mu vm '{ type ipv4_addr : verdict; flags dynamic; }' || fail "map vm"
out=$(nft add rule ip mu in update @s '{ ip saddr : 1 }' 2>&1) &&
	fail "a set updated as a map"
assert_caret_under "$out" "@s" "a set named as the map"
out=$(nft add rule ip mu in update @vm '{ ip saddr : accept }' 2>&1) &&
	fail "a verdict map updated"
assert_caret_under "$out" "accept" "a verdict written from the packet path"
out=$(nft add rule ip mu in update @m '{ ip saddr : 10.0.0.1 }' 2>&1) &&
	fail "an address as a mark"
assert_caret_under "$out" "10.0.0.1" "data of the wrong type"
out=$(nft add rule ip mu in update @m '{ ip saddr }' 2>&1) &&
	fail "a map updated without data"
assert_caret_under "$out" "@m" "a map updated as a set"
nft delete table ip mu

# elements the system nft adds with a counter or a limit (sets and
# maps): ours lists them as it does (text, -s, JSON less upstream 1.1's
# "dynamic" flag), expiries aside
if have_ref; then
	refnft add table ip st &&
	refnft add set ip st s '{ type ipv4_addr; flags dynamic,timeout; }' &&
	refnft add element ip st s '{ 10.0.0.3 limit rate over 1/minute burst 2 packets, 10.0.0.4 counter packets 3 bytes 252 timeout 1h comment "c", 10.0.0.5 limit rate 10 mbytes/second burst 1 mbytes }' &&
	refnft add map ip st m '{ type ipv4_addr : mark; flags dynamic; }' &&
	refnft add element ip st m '{ 10.0.0.1 counter packets 1 bytes 84 : 0x1 }' ||
		fail "system nft elements with state"
	noexp='s/expires [0-9a-z]*//'
	refnft list table ip st | sed "$noexp" > "$TMPD/sys"
	nft list table ip st | sed "$noexp" > "$TMPD/ours"
	assert_files_eq "$TMPD/sys" "$TMPD/ours" "elements with counters and limits listed as the system nft's"
	assert_match '10.0.0.4 counter packets 3 bytes 252 timeout 1h' \
		"$(cat "$TMPD/ours")" "an element's counter before its timeout"
	refnft -s list table ip st > "$TMPD/sys"
	nft -s list table ip st > "$TMPD/ours"
	assert_files_eq "$TMPD/sys" "$TMPD/ours" "the same with -s"
	nojs='s/"expires": [0-9]*, //; s/"metainfo": {[^}]*}//; s/, "dynamic"//; s/, "flags": \["dynamic"\]//'
	refnft -j list table ip st | sed "$nojs" > "$TMPD/sys"
	nft -j list table ip st | sed "$nojs" > "$TMPD/ours"
	assert_files_eq "$TMPD/sys" "$TMPD/ours" "the same in JSON"
	nft delete table ip st
fi
ok "done"
