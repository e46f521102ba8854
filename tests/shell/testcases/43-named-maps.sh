#!/bin/bash
# Named maps with real packets: a verdict map @m drops the pings of one
# address, an element added live changes that, a mark map @mk marks the
# packets that a later counter matches; listings as the system nft's,
# JSON round trips, and errors with carets.
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
ok "ping works without rules"

cat > "$TMPD/maps.nft" <<'NFT'
table ip t {
	map m {
		type ipv4_addr : verdict
		elements = { 10.0.0.2 : jump blocked }
	}

	map mk {
		type ipv4_addr : mark
		elements = { 10.0.0.2 : 0x0000002a }
	}

	chain blocked {
		counter drop
	}

	chain in {
		type filter hook input priority filter; policy accept;
		meta mark set ip saddr map @mk
		meta mark 0x0000002a counter
		ip saddr vmap @m
	}
}
NFT
nft -f "$TMPD/maps.nft" || fail "loading the maps"

# the listing is the file, and the system nft lists it alike
nft list ruleset > "$TMPD/ours.list" || fail "list ruleset"
sed 's/counter drop/counter packets 0 bytes 0 drop/; s/0x0000002a counter$/0x0000002a counter packets 0 bytes 0/' \
	"$TMPD/maps.nft" > "$TMPD/want.list"
assert_files_eq "$TMPD/want.list" "$TMPD/ours.list" "listed as loaded"
if have_ref && ! is_system_nft; then
	refnft list ruleset > "$TMPD/sys.list"
	assert_files_eq "$TMPD/sys.list" "$TMPD/ours.list" "listed as the system nft lists it"
fi

# the peer's pings to us are dropped by the verdict map's jump
! in_ns "$nsb" ping -c 2 -i 0.2 -W 1 10.0.0.1 >/dev/null 2>&1 ||
	fail "ping from 10.0.0.2 passed the verdict map"
ok "vmap @m drops the pings of 10.0.0.2"
n=$(counter_packets 'meta mark 0x0000002a counter')
[ -n "$n" ] && [ "$n" -ge 2 ] || fail "mark counter packets '$n', expected >= 2"
ok "meta mark set ip saddr map @mk marked $n packets for a later counter"

# an element added live: the address now gets accept
nft delete element ip t m { 10.0.0.2 } || fail "delete element"
nft add element ip t m { 10.0.0.2 : accept } || fail "add element"
in_ns "$nsb" ping -c 1 -W 2 10.0.0.1 >/dev/null 2>&1 ||
	fail "ping still dropped after the element changed"
ok "an element added live lets the pings through"
assert_match '10.0.0.2 : accept' "$(nft list map ip t m)" "list map shows the element"
assert_match '^table ip t' "$(nft list maps)" "list maps"
assert_no_match 'map' "$(nft list sets)" "list sets leaves the maps out"

# JSON: what we write loads back into the same listing
nft -j list ruleset > "$TMPD/rs.json" || fail "JSON listing"
grep -q '"map": "verdict"' "$TMPD/rs.json" || fail "JSON map type: $(cat "$TMPD/rs.json")"
nft list ruleset > "$TMPD/before.list"
nft flush ruleset
nft -j -f "$TMPD/rs.json" || fail "loading our JSON"
nft list ruleset | sed 's/packets [0-9]* bytes [0-9]*/packets 0 bytes 0/' > "$TMPD/after.list"
sed 's/packets [0-9]* bytes [0-9]*/packets 0 bytes 0/' "$TMPD/before.list" > "$TMPD/before0.list"
assert_files_eq "$TMPD/before0.list" "$TMPD/after.list" "JSON round trip"

# a jump to a chain that does not exist: refused, with a caret under it
out=$(nft add element ip t m '{ 10.0.0.9 : jump nowhere }' 2>&1) &&
	fail "a jump to a missing chain was accepted"
assert_match "Error: Could not process rule: No such file or directory" "$out" \
	"missing chain: the kernel's words, as 1.1.3 says it"
assert_caret_under "$out" nowhere "caret under the chain"

# prefixes need an interval map
out=$(nft add map ip t p '{ type ipv4_addr : mark; elements = { 10.0.0.0/8 : 1 }; }' 2>&1) &&
	fail "a prefix in a map without flags interval was accepted"
assert_match "flags interval" "$out" "interval flag asked for"

# a map a rule uses cannot go; flushed, then deleted with its rule
assert_rc 1 "delete a map in use" nft delete map ip t m
nft flush chain ip t in || fail "flush chain"
nft flush map ip t m || fail "flush map"
assert_no_match 'elements' "$(nft list map ip t m)" "flush map empties it"
nft delete map ip t m || fail "delete map"
assert_no_match 'map m ' "$(nft list ruleset)" "map deleted"

# typeof maps, interval and concatenated maps: listed as written, by us
# and by the system nft, each from the other's load
cat > "$TMPD/typeof.nft" <<'NFT'
table ip t2 {
	map a {
		typeof ip saddr : meta mark
		elements = { 10.0.0.1 : 0x00000001 }
	}

	map b {
		typeof ip saddr : ip daddr . tcp dport
		elements = { 10.0.0.1 : 192.168.0.1 . 80 }
	}

	map c {
		typeof ip saddr . tcp dport : verdict
		elements = { 10.0.0.1 . 22 : accept }
	}

	map r {
		type ipv4_addr : ipv4_addr
		flags interval
		elements = { 10.0.0.0/8 : 192.168.0.1,
			     172.16.0.1-172.16.0.9 : 192.168.0.2 }
	}

	map n {
		type ipv4_addr . inet_service : ipv4_addr . inet_service
		elements = { 10.0.0.1 . 80 : 192.168.0.1 . 8080 }
	}

	chain x {
		meta mark set ip saddr map @a
		ip saddr . tcp dport vmap @c
	}

	chain pre {
		type nat hook prerouting priority dstnat; policy accept;
		dnat to ip saddr map @r
		dnat ip to ip saddr . tcp dport map @n
	}
}
NFT
nft flush ruleset
nft -f "$TMPD/typeof.nft" || fail "loading the typeof maps"
nft list ruleset > "$TMPD/t-ours.list"
assert_files_eq "$TMPD/typeof.nft" "$TMPD/t-ours.list" "typeof, interval and concatenated maps listed as written"
if have_ref && ! is_system_nft; then
	refnft list ruleset > "$TMPD/t-sys.list"
	assert_files_eq "$TMPD/typeof.nft" "$TMPD/t-sys.list" "the system nft lists our load as written"
	nft flush ruleset
	refnft -f "$TMPD/typeof.nft" || fail "the system nft loading the typeof maps"
	nft list ruleset > "$TMPD/t-ours2.list"
	assert_files_eq "$TMPD/typeof.nft" "$TMPD/t-ours2.list" "we list the system nft's load as written"
fi

# a rule naming a map that is not there, or a set: said, with a caret
out=$(nft add rule ip t2 x ip saddr vmap @nope 2>&1) &&
	fail "a vmap of a missing map was accepted"
assert_match "Error: No such file or directory$" "$(printf '%s\n' "$out" | head -1)" \
	"missing map: 1.1.3's words"
assert_caret_under "$out" @nope "caret under the missing map"
nft add set ip t2 s '{ type ipv4_addr; }' || fail "add set"
out=$(nft add rule ip t2 x ip saddr vmap @s 2>&1) &&
	fail "a vmap of a set was accepted"
assert_match "Expression is not a map" "$out" "a set is no map"
out=$(nft add rule ip t2 x meta mark set ip saddr . tcp dport map @c 2>&1) &&
	fail "a verdict map gave a mark"
assert_match "datatype mismatch: expected packet mark, expression has type netfilter verdict" \
	"$out" "a verdict map is used with vmap"

# elements with a timeout or a comment (written by the system nft: ours
# does not write them yet) list as the system nft lists them
if have_ref && ! is_system_nft; then
	nft flush ruleset
	refnft add table ip t3
	refnft add chain ip t3 c
	refnft add map ip t3 m '{ type ipv4_addr : verdict; flags timeout; }'
	refnft add element ip t3 m '{ 1.2.3.4 timeout 1h : accept, 1.2.3.1 comment "hi" : jump c, 1.2.3.9 : drop }' ||
		fail "the system nft adding elements with a timeout"
	noexp() { sed 's/ expires [0-9hms]*//; s/"expires": [0-9]*, *//; s/"version": "[^"]*", "release_name": "[^"]*"//'; }
	refnft list ruleset | noexp > "$TMPD/i-sys.list"
	nft list ruleset | noexp > "$TMPD/i-ours.list"
	assert_files_eq "$TMPD/i-sys.list" "$TMPD/i-ours.list" "elements with a timeout and a comment listed as the system nft's"
	refnft -j list map ip t3 m | noexp > "$TMPD/i-sys.json"
	nft -j list map ip t3 m | noexp > "$TMPD/i-ours.json"
	assert_files_eq "$TMPD/i-sys.json" "$TMPD/i-ours.json" "and in JSON"
fi

# a chain a verdict map's element jumps to is in use until the element
# goes (the kernel counts the jump)
nft flush ruleset
nft -f - <<'NFT' || fail "loading a map that jumps"
table ip t4 {
	map m {
		type ipv4_addr : verdict
		elements = { 10.0.0.5 : jump j }
	}

	chain j {
	}
}
NFT
assert_rc 1 "a jumped-to chain cannot be deleted" nft delete chain ip t4 j
nft delete element ip t4 m '{ 10.0.0.5 }' || fail "delete the jumping element"
assert_rc 0 "without the jump the chain can be deleted" nft delete chain ip t4 j

# a named map's data is one name: a wildcard is refused (1.1.3's words)
err=$(nft add table ip wm \; add map ip wm m '{ type mark : ifname; elements = { 1 : "lo*" } }' 2>&1) &&
	fail "a wildcard as a map's data: accepted"
assert_match "Error: Value must be a singleton" "$err" "a wildcard as a map's data"
assert_caret_under "$err" '"lo*"' "a wildcard as a map's data: caret under it"
