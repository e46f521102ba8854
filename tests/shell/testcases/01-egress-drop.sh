#!/bin/bash
# A netdev egress chain drops our pings to the peer namespace; its counter
# counts them; flushing the chain lets pings through again.
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

cat > "$TMPD/egress.nft" <<'NFT'
table netdev t {
	chain eg {
		type filter hook egress device "v0" priority filter; policy accept;
		ip daddr 10.0.0.2 counter drop
	}
}
NFT
nft -f "$TMPD/egress.nft" || fail "loading the egress ruleset"
assert_match 'type filter hook egress device "v0" priority filter; policy accept;' \
	"$(nft list chain netdev t eg)" "egress chain listed"

! ping -c 3 -i 0.2 -W 1 10.0.0.2 >/dev/null 2>&1 || fail "ping passed the egress drop"
ok "ping blocked by egress drop"
n=$(counter_packets 'ip daddr 10.0.0.2 counter')
[ -n "$n" ] && [ "$n" -ge 3 ] || fail "counter packets '$n', expected >= 3"
ok "egress counter counted $n packets"

# The peer saw nothing: its view of the drop is the other half of the test.
rx=$(icmp_in_echos "$nsb")
ping -c 1 -W 1 10.0.0.2 >/dev/null 2>&1
rx2=$(icmp_in_echos "$nsb")
[ -n "$rx" ] && [ "$rx" = "$rx2" ] || fail "peer received echo requests through the drop ($rx -> $rx2)"
ok "peer received no echo request ($rx)"

nft flush chain netdev t eg || fail "flush chain"
assert_eq "$(nft list chain netdev t eg | grep -c counter)" 0 "chain flushed"
wait_ping 10.0.0.2 || fail "ping still blocked after flush"
ok "ping works after flush"
