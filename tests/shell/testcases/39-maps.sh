#!/bin/bash
# Anonymous maps with real packets: a verdict map in the output hook
# sends pings to one peer address to a chain that counts and accepts
# them and pings to another to one that counts and drops them; a
# "meta mark set ip daddr map" marks them, which a later rule's counter
# sees. The ruleset lists as written, in text and JSON.
. "$TESTDIR/lib.sh"

ns_new; nsb=$NS_PID
ip link add v0 type veth peer name v1 || fail "veth"
ip link set v1 netns "$nsb" || fail "move v1"
ip link set lo up
ip addr add 10.0.0.1/24 dev v0 && ip link set v0 up
in_ns "$nsb" ip link set lo up
in_ns "$nsb" ip addr add 10.0.0.2/24 dev v1
in_ns "$nsb" ip addr add 10.0.0.3/24 dev v1
in_ns "$nsb" ip link set v1 up
wait_ping 10.0.0.2 || fail "no connectivity before loading rules"
wait_ping 10.0.0.3 || fail "no connectivity to the second address"
ok "pings work without rules"

cat > "$TMPD/maps.nft" <<'NFT'
table ip t {
	chain out {
		type filter hook output priority filter; policy accept;
		meta mark set ip daddr map { 10.0.0.2 : 0x00000002, 10.0.0.3 : 0x00000003 }
		meta mark 0x00000002 counter packets 0 bytes 0
		meta mark 0x00000003 counter packets 0 bytes 0
		icmp type echo-request ip daddr vmap { 10.0.0.2 : jump good, 10.0.0.3 : jump bad }
	}

	chain good {
		counter packets 0 bytes 0 accept
	}

	chain bad {
		counter packets 0 bytes 0 drop
	}
}
NFT
nft -f "$TMPD/maps.nft" || fail "loading the maps ruleset"
assert_eq "$(nft list ruleset)" "$(cat "$TMPD/maps.nft")" "maps list as written"

ping -c 3 -i 0.2 -W 1 10.0.0.2 >/dev/null 2>&1 || fail "ping to the accepted address failed"
ok "ping to 10.0.0.2 accepted by the vmap"
! ping -c 3 -i 0.2 -W 1 10.0.0.3 >/dev/null 2>&1 || fail "ping to the dropped address passed"
ok "ping to 10.0.0.3 dropped by the vmap"

listing=$(nft list ruleset)
good=$(echo "$listing" | sed -n '/chain good/,/}/s/.*counter packets \([0-9]*\) .*/\1/p')
bad=$(echo "$listing" | sed -n '/chain bad/,/}/s/.*counter packets \([0-9]*\) .*/\1/p')
[ -n "$good" ] && [ "$good" -ge 3 ] || fail "good chain counted '$good', expected >= 3"
[ -n "$bad" ] && [ "$bad" -ge 3 ] || fail "bad chain counted '$bad', expected >= 3"
ok "vmap targets counted $good accepted, $bad dropped"

m2=$(counter_packets 'meta mark 0x00000002 counter')
m3=$(counter_packets 'meta mark 0x00000003 counter')
[ -n "$m2" ] && [ "$m2" -ge 3 ] || fail "mark 2 counted '$m2', expected >= 3"
[ -n "$m3" ] && [ "$m3" -ge 3 ] || fail "mark 3 counted '$m3', expected >= 3"
ok "meta mark set map marked $m2 and $m3 packets"

# JSON: the listing reloads into the same ruleset
nft -j list ruleset > "$TMPD/maps.json" || fail "json listing"
grep -q '"vmap": {"key": {"payload": {"protocol": "ip", "field": "daddr"}}' \
	"$TMPD/maps.json" || fail "no vmap object in the JSON listing"
before=$(nft list ruleset | sed 's/packets [0-9]* bytes [0-9]*/packets 0 bytes 0/')
nft flush ruleset
nft -j -f "$TMPD/maps.json" || fail "loading the JSON listing"
after=$(nft list ruleset | sed 's/packets [0-9]* bytes [0-9]*/packets 0 bytes 0/')
assert_eq "$after" "$before" "JSON listing reloads as the same maps"

# errors point at the offending mapping
out=$(nft add rule ip t out meta mark set ip daddr map { 10.0.0.2 : accept } 2>&1) &&
	fail "a verdict in a data map was accepted"
has_caret "$out" || fail "no caret: $out"
ok "a verdict in a data map is refused"
out=$(nft add rule ip t out ip daddr vmap { 10.0.0.2 : 1 } 2>&1) &&
	fail "a value in a verdict map was accepted"
has_caret "$out" || fail "no caret: $out"
ok "a value in a verdict map is refused"
out=$(nft add rule ip t out ip daddr vmap { 10.0.0.0/24 : accept, 10.0.0.2 : drop } 2>&1) &&
	fail "overlapping intervals were accepted"
assert_match "conflicting intervals specified" "$out" "overlap is named"
is_system_nft || assert_caret_under "$out" "10.0.0.2" "overlap: caret under the later key"

# a verdict map's jump to a missing chain is the kernel's to refuse, as a
# jump statement's is: the caret under the element's key, as 1.1.3's
if ! is_system_nft; then
	out=$(nft add rule ip t out tcp dport vmap { 22 : jump nosuch } 2>&1) &&
		fail "a jump to an unknown chain was accepted"
	assert_caret_under "$out" 22 "unknown chain: caret under the key"
	out=$(nft add rule ip t out tcp dport vmap { 22 : goto out } 2>&1) &&
		fail "a goto to a base chain was accepted"
	assert_match "Could not process rule: Operation not supported" "$out" \
		"a goto to a base chain is the kernel's to refuse"
	assert_caret_under "$out" 22 "a goto to a base chain: under its key"
	out=$(nft add rule ip t out meta mark set tcp dport map { 22 : accept } 2>&1) &&
		fail "a verdict as a mark was accepted"
	assert_caret_under "$out" accept "a verdict in a data map: caret under it"
fi

# maps in variables ("define m = { k : v }", "vmap $m"): the system nft
# 1.0.6 aborts on them (an assertion), upstream takes them
if ! is_system_nft; then
	nft -f - <<'NFT' || fail "maps from variables"
define verdicts = { 10.0.0.2 : jump good, 10.0.0.3 : jump bad }
define marks = { 10.0.0.2 : 0x12, 10.0.0.3 : 0x13 }
add chain ip t v
add rule ip t v ip daddr vmap $verdicts
add rule ip t v meta mark set ip daddr map $marks
NFT
	assert_eq "$(nft list chain ip t v | grep -c 'map { 10.0.0.2 : ')" 2 \
		"maps from variables list as maps"
	out=$(nft -f - 2>&1 <<'NFT'
define notamap = { 22, 80 }
add rule ip t v tcp dport vmap $notamap
NFT
) && fail "a set used as a map was accepted"
	assert_caret_under "$out" 22 "a set used as a map: caret under its member"
fi
