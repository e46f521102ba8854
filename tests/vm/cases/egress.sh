# The egress hook on Debian's kernel: a drop on v0's egress stops pings to
# the peer namespace and counts them; flushing the chain lets them pass.
set -u
fail() { echo "FAIL: $*"; exit 1; }

ip netns add peer || fail "netns"
ip link add v0 type veth peer name v1 netns peer || fail "veth"
ip addr add 10.0.0.1/24 dev v0 && ip link set v0 up
ip -n peer addr add 10.0.0.2/24 dev v1 && ip -n peer link set v1 up
ping -c 1 -W 2 10.0.0.2 >/dev/null || fail "no connectivity before rules"

$NFT -f - <<'NFT' || fail "loading the ruleset"
table netdev t {
	chain eg {
		type filter hook egress device "v0" priority filter; policy accept;
		ip daddr 10.0.0.2 counter drop
	}
}
NFT
$NFT list ruleset
ping -c 2 -W 1 10.0.0.2 >/dev/null && fail "ping passed the egress drop"
n=$($NFT list chain netdev t eg | sed -n 's/.*counter packets \([0-9]*\).*/\1/p')
[ -n "$n" ] && [ "$n" -ge 2 ] || fail "counter packets '$n', expected >= 2"
$NFT flush chain netdev t eg || fail "flush"
ping -c 1 -W 2 10.0.0.2 >/dev/null || fail "ping blocked after flush"
echo ok
