# Dummy devices (no dummy module on the host): a multi-device egress
# chain on two of them counts and drops what each sends, lists as the
# system nft lists it, and loses a device when asked.
set -u
fail() { echo "FAIL: $*"; exit 1; }
for d in d0 d1; do
	ip link add $d type dummy || fail "dummy $d"
	ip link set $d up
done
ip addr add 10.9.0.1/24 dev d0 && ip addr add 10.9.1.1/24 dev d1 || fail "addresses"
$NFT -f - <<'NFT' || fail "load"
table netdev t {
	chain eg {
		type filter hook egress devices = { "d0", "d1" } priority filter; policy accept;
		ip daddr 10.9.0.2 counter drop
		ip daddr 10.9.1.2 counter
	}
}
NFT
# a dummy device sends without neighbour resolution: the pings leave
# through the egress hook (and go nowhere); 98 bytes each, Ethernet
# header included
ping -c 3 -W 1 10.9.0.2 >/dev/null 2>&1
ping -c 2 -W 1 10.9.1.2 >/dev/null 2>&1
out=$($NFT list ruleset) || fail "list"
echo "$out"
echo "$out" | grep -q 'ip daddr 10.9.0.2 counter packets 3 bytes 294 drop' ||
	fail "the drop on d0 did not count the 3 pings"
echo "$out" | grep -q 'ip daddr 10.9.1.2 counter packets 2 bytes 196' ||
	fail "d1's egress did not count its 2 pings"
want='		type filter hook egress devices = { "d0", "d1" } priority filter; policy accept;'
echo "$out" | grep -qxF "$want" || fail "device list: $out"
# the same as the system nft's, but for upstream's quoted device names
if [ -n "$REFNFT" ]; then
	[ "$($REFNFT list ruleset)" = "$(echo "$out" | sed 's/"\(d[01]\)"/\1/g')" ] ||
		fail "the system nft lists it otherwise: $($REFNFT list ruleset)"
fi
$NFT delete chain netdev t eg '{ devices = { "d1" }; }' || fail "delete d1"
$NFT list chain netdev t eg | grep -q 'hook egress device "d0" priority' ||
	fail "after deleting d1: $($NFT list chain netdev t eg)"
echo ok
