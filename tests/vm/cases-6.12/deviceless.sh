# Device-less netdev base chains (Linux 6.4+; Debian 12's 6.1 refuses
# them, see cases/newer-kernel-features.sh): a chain registered with no
# device lists and round-trips through JSON as the system nft has it,
# counts nothing until a device is added to it, counts that device's
# packets once it is, and goes back to no device when it is deleted.
# Needs: a 6.4+ kernel (6.12 here), veth.
set -u
fail() { echo "FAIL: $*"; exit 1; }

ip netns add peer || fail "netns"
ip link add v0 type veth peer name v1 netns peer || fail "veth"
ip addr add 10.0.0.1/24 dev v0 && ip link set v0 up
ip -n peer addr add 10.0.0.2/24 dev v1 && ip -n peer link set v1 up
ping -c 1 -W 2 10.0.0.2 >/dev/null || fail "no connectivity"

$NFT -f - <<'NFT' || fail "load"
table netdev t {
	chain in {
		type filter hook ingress priority filter; policy accept;
		ip saddr 10.0.0.2 counter
	}
	chain out {
		type filter hook egress priority filter; policy accept;
		ip daddr 10.0.0.2 counter drop
	}
}
NFT
want='table netdev t {
	chain in {
		type filter hook ingress priority filter; policy accept;
		ip saddr 10.0.0.2 counter packets 0 bytes 0
	}

	chain out {
		type filter hook egress priority filter; policy accept;
		ip daddr 10.0.0.2 counter packets 0 bytes 0 drop
	}
}'
[ "$($NFT list ruleset)" = "$want" ] || fail "listing: $($NFT list ruleset)"
[ -z "$REFNFT" ] || [ "$($REFNFT list ruleset)" = "$want" ] ||
	fail "the system nft lists: $($REFNFT list ruleset)"
# JSON: no "dev" member; reloading it gives the same ruleset
json=$($NFT -j list ruleset) || fail "-j list"
echo "$json" | grep -q '"dev"' && fail "JSON names a device: $json"
$NFT flush ruleset && echo "$json" | $NFT -j -f - || fail "JSON reload"
[ "$($NFT list ruleset)" = "$want" ] || fail "after the JSON reload: $($NFT list ruleset)"

# no device: the pings pass and nothing counts
ping -c 2 -W 1 10.0.0.2 >/dev/null || fail "a device-less egress chain dropped"
$NFT list ruleset | grep -q 'packets [1-9]' && fail "a device-less chain counted: $($NFT list ruleset)"

# with v0: its egress drops and counts, its ingress counts
$NFT add chain netdev t in '{ devices = { "v0" }; }' || fail "add v0 to in"
$NFT add chain netdev t out '{ devices = { "v0" }; }' || fail "add v0 to out"
$NFT list chain netdev t out | grep -qF 'type filter hook egress device "v0" priority filter; policy accept;' ||
	fail "out after adding v0: $($NFT list chain netdev t out)"
ping -c 2 -W 1 10.0.0.2 >/dev/null && fail "ping passed the egress drop on v0"
n=$($NFT list chain netdev t out | sed -n 's/.*counter packets \([0-9]*\).*/\1/p')
[ -n "$n" ] && [ "$n" -ge 2 ] || fail "egress counter '$n', expected >= 2"
# ARP from the peer reaches v0's ingress; IP from 10.0.0.2 only once
# the drop is gone
$NFT flush chain netdev t out || fail "flush out"
ping -c 2 -W 1 10.0.0.2 >/dev/null || fail "ping blocked after the flush"
n=$($NFT list chain netdev t in | sed -n 's/.*counter packets \([0-9]*\).*/\1/p')
[ -n "$n" ] && [ "$n" -ge 2 ] || fail "ingress counter '$n', expected >= 2"

# deleting the device leaves the chain with none
$NFT delete chain netdev t in '{ devices = { "v0" }; }' || fail "delete v0 from in"
$NFT list chain netdev t in | grep -qF 'type filter hook ingress priority filter; policy accept;' ||
	fail "in after deleting v0: $($NFT list chain netdev t in)"
echo ok
