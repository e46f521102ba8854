#!/bin/bash
# Anonymous maps whose data are ranges, in nat ("dnat to ip saddr map {
# 10.0.0.0/8 : 1.1.1.1-1.1.1.5 }"), and the echo of elements added to
# a named map of ranges.
# 1. A ping to 127.0.0.2 is sent, by an output dnat through such a map,
#    into 127.0.0.3-127.0.0.4: it arrives there, none to 127.0.0.2. The
#    rule lists as the system nft (and upstream 1.1) lists it, with the
#    family, and reloads from its own JSON.
# 2. A statement that takes one value (a mark) refuses a range, with a
#    caret under it.
# 3. -e of elements added to "type K : interval D" maps prints them as
#    the system nft does (-e -j too).
. "$TESTDIR/lib.sh"

ip link set lo up

cat > "$TMPD/nat.nft" <<'NFT'
table ip t {
	chain out {
		type nat hook output priority dstnat; policy accept;
		icmp type echo-request dnat ip to ip daddr map { 127.0.0.2 : 127.0.0.3-127.0.0.4, 127.0.0.9 : 127.0.0.0/30 }
	}

	chain in {
		type filter hook input priority filter; policy accept;
		icmp type echo-request ip daddr 127.0.0.2 counter packets 0 bytes 0
		icmp type echo-request ip daddr 127.0.0.3-127.0.0.4 counter packets 0 bytes 0
	}
}
NFT
nft -f "$TMPD/nat.nft" || fail "loading a dnat through a map of ranges"
nft list ruleset > "$TMPD/nat.list"
assert_files_eq "$TMPD/nat.nft" "$TMPD/nat.list" "the map of ranges lists as written"
nft -j list ruleset > "$TMPD/nat.json" || fail "JSON listing"
ping -c 1 -W 1 127.0.0.2 >/dev/null || fail "ping 127.0.0.2 (dnat)"
assert_eq "$(counter_packets 'ip daddr 127.0.0.3-127.0.0.4')" 1 \
	"the ping went to an address of the map's range"
assert_eq "$(counter_packets 'ip daddr 127.0.0.2 ')" 0 "none to the address pinged"

nft flush ruleset
nft -j -f "$TMPD/nat.json" || fail "reloading the JSON listing"
nft list ruleset > "$TMPD/nat.relist"
assert_files_eq "$TMPD/nat.nft" "$TMPD/nat.relist" "the JSON listing reloads the same rules"

nft flush ruleset
nft add table ip t
nft add chain ip t c
# the system nft (1.0.6) takes it, and sets the low end
if ! is_system_nft; then
	out=$(nft add rule ip t c meta mark set ip saddr map '{ 10.0.0.0/8 : 1-2 }' 2>&1)
	assert_match 'map data must be a value, not a range expression' "$out" \
		"a mark from a map takes no range"
	has_caret "$out" || fail "no caret under the range: $out"
	ok "the caret is there"
fi

nft add map ip t n '{ type ipv4_addr : interval ipv4_addr . inet_service; flags interval; }' ||
	fail "adding a map of concatenated ranges"
out=$(nft -e add element ip t n '{ 10.0.0.0/8 : 1.1.1.1-1.1.1.5 . 22-23 }' | grep -v '^#')
assert_eq "$out" 'add element ip t n { 10.0.0.0/8 : 1.1.1.1-1.1.1.5 . 22-23 }' \
	"-e prints the element added to a map of ranges"
out=$(nft -e -j add element ip t n '{ 11.0.0.0/8 : 1.1.1.1-1.1.1.5 . 22 }')
assert_match '"elem": \{"set": \[\[\{"prefix": \{"addr": "11.0.0.0", "len": 8\}\}, \{"concat": \[\{"range": \["1.1.1.1", "1.1.1.5"\]\}, 22\]\}\]\]\}' \
	"$out" "-e -j too"

# 4. Maps of ranges without elements to show it (empty, or listed with
#    -t) say "data-interval": true in JSON, so they come back as they were
#    (upstream writes the data's type alone and ignores the key).
nft flush ruleset
cat > "$TMPD/empty.nft" <<'NFT'
table ip t {
	map m {
		type ipv4_addr : interval ipv4_addr
	}

	map m2 {
		typeof ip saddr : interval ip daddr . tcp dport
	}

	map m3 {
		typeof ip saddr : interval ip daddr
		flags interval
	}
}
NFT
nft -f "$TMPD/empty.nft" || fail "loading empty maps of ranges"
nft -j list ruleset > "$TMPD/empty.json"
assert_match '"map": "ipv4_addr", "data-interval": true' "$(cat "$TMPD/empty.json")" \
	"an empty map of ranges says so in JSON"
nft flush ruleset
nft -j -f "$TMPD/empty.json" || fail "reloading empty maps of ranges from JSON"
nft list ruleset > "$TMPD/empty.relist"
assert_files_eq "$TMPD/empty.nft" "$TMPD/empty.relist" \
	"empty maps of ranges come back from JSON as they were"
nft add element ip t m3 '{ 10.0.0.0/8 : 1.1.1.1-1.1.1.5 }'
assert_no_match 'data-interval' "$(nft -j list map ip t m3)" \
	"elements that show it: the JSON upstream writes"
assert_match '"data-interval": true' "$(nft -j -t list map ip t m3)" \
	"a terse listing says so"
out=$(nft -j -f - 2>&1 <<'JSON'
{"nftables": [{"add": {"set": {"family": "ip", "table": "t", "name": "x", "type": "ipv4_addr", "data-interval": true}}}]}
JSON
)
assert_match '"data-interval" needs a map' "$out" "a set without data refuses it"
