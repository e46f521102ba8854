#!/bin/bash
# One ingress chain on two devices counts what arrives on either of them.
. "$TESTDIR/lib.sh"

ns_new; nsb=$NS_PID
ip link set lo up
for i in 0 2; do
	ip link add v$i type veth peer name v$((i + 1)) || fail "veth"
	ip link set v$((i + 1)) netns "$nsb" || fail "move"
	ip addr add 10.0.$i.1/24 dev v$i && ip link set v$i up
	in_ns "$nsb" ip addr add 10.0.$i.2/24 dev v$((i + 1))
	in_ns "$nsb" ip link set v$((i + 1)) up
done
wait_ping 10.0.0.2 && wait_ping 10.0.2.2 || fail "no connectivity"
ok "both links up"

nft -f - <<'NFT' || fail "loading the ruleset"
table netdev t {
	chain in {
		type filter hook ingress devices = { "v0", "v2" } priority filter;
		ip saddr 10.0.0.2 counter
		ip saddr 10.0.2.2 counter
		meta protocol ip counter
	}
}
NFT
assert_match 'type filter hook ingress devices = \{ "v0", "v2" \} priority filter; policy accept;' \
	"$(nft list chain netdev t in | normalise_listing)" "multi-device chain listed"

ping -c 3 -i 0.2 -W 1 10.0.0.2 >/dev/null || fail "ping over v0"
ping -c 2 -i 0.2 -W 1 10.0.2.2 >/dev/null || fail "ping over v2"
a=$(counter_packets 'ip saddr 10.0.0.2 counter')
b=$(counter_packets 'ip saddr 10.0.2.2 counter')
all=$(counter_packets 'meta protocol ip counter')
assert_eq "$a" 3 "replies counted on v0"
assert_eq "$b" 2 "replies counted on v2"
assert_eq "$all" 5 "all IPv4 counted across both devices"

ping -c 1 -W 1 10.0.2.2 >/dev/null || fail "ping over v2"
assert_eq "$(counter_packets 'ip saddr 10.0.2.2 counter')" 3 "v2 counter grows"
assert_eq "$(counter_packets 'ip saddr 10.0.0.2 counter')" 3 "v0 counter unchanged"
