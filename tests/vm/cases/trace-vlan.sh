# nft monitor trace of 802.1Q tagged packets (the host has no vlan
# devices): the kernel puts the tag back into the link layer header it
# sends, and the packet line shows it after the addresses ("vlan pcp 0
# vlan dei 0 vlan id 5"), then the tagged packet's headers. Ours and the
# reference (1.1.3) listen side by side to pings over a vlan on a veth
# pair and must print the same lines.
set -u
fail() { echo "FAIL: $*"; exit 1; }

[ -n "${REFNFT:-}" ] || fail "no reference nft in the guest"
unshare -n sleep 60 &
peer=$!
sleep 0.5
# no IPv6 chatter (router and neighbour solicitations) on the links
sysctl -qw net.ipv6.conf.all.disable_ipv6=1 net.ipv6.conf.default.disable_ipv6=1
nsenter -t $peer -n sysctl -qw net.ipv6.conf.all.disable_ipv6=1 \
	net.ipv6.conf.default.disable_ipv6=1
ip link add v0 type veth peer name v1 || fail "veth"
ip link set v1 netns $peer
ip link set v0 up
ip link add link v0 name v0.5 type vlan id 5 || fail "vlan"
ip addr add 10.5.0.1/24 dev v0.5
ip link set v0.5 up
nsenter -t $peer -n sh -c 'ip link set v1 up &&
	ip link add link v1 name v1.5 type vlan id 5 &&
	ip addr add 10.5.0.2/24 dev v1.5 && ip link set v1.5 up' ||
	fail "peer vlan"
$NFT -f - <<'NFT' || fail "load"
table netdev n {
	chain i {
		type filter hook ingress device "v0" priority 0; policy accept;
		vlan id 5 meta nftrace set 1
	}
}
table inet t {
	chain i {
		type filter hook input priority 0; policy accept;
		icmp type echo-request meta nftrace set 1
	}
}
NFT
$NFT monitor trace > /tmp/vlan.ours 2>&1 &
p1=$!
$REFNFT monitor trace > /tmp/vlan.ref 2>&1 &
p2=$!
sleep 1
nsenter -t $peer -n ping -c 1 -W 1 10.5.0.1 >/dev/null 2>&1 || fail "ping over the vlan"
sleep 1
kill $p1 $p2 $peer
wait
grep -q 'netdev n i packet: iif "v0" ether saddr .* vlan pcp 0 vlan dei 0 vlan id 5 ip saddr 10.5.0.2 ' /tmp/vlan.ours ||
	fail "no vlan tag in the packet line: $(cat /tmp/vlan.ours)"
diff /tmp/vlan.ref /tmp/vlan.ours || fail "not as the reference prints it"
echo ok
