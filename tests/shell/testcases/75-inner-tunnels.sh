#!/bin/bash
# Inner headers of tunnels (vxlan, geneve, gre, gretap): rules and typeof
# sets the reference loads list the same through ours, text and JSON, and
# the other way round; our JSON reloads as the same ruleset. A VXLAN
# packet whose inner source address the rule names is counted, one with
# another inner address is not.
. "$TESTDIR/lib.sh"

cat > "$TMPD/in.nft" <<'NFT'
table inet t {
	set s {
		typeof vxlan ip saddr
		elements = { 10.9.9.9 }
	}

	set sc {
		typeof gre tcp dport . geneve vni
	}

	map m {
		typeof vxlan ip saddr : verdict
	}

	chain c {
		type filter hook input priority filter; policy accept;
		udp dport 4789 vxlan ip saddr 1.2.3.4
		udp dport 4789 vxlan vni 5 vxlan ether saddr 00:11:22:33:44:55
		udp dport 6081 geneve tcp dport 22
		gre ip saddr 1.2.3.4
		gretap icmp type echo-request
		udp dport 4789 vxlan ip saddr . vxlan ip daddr { 1.2.3.4 . 5.6.7.8 }
		udp dport 4789 vxlan ip saddr vmap @m
		udp dport 4789 vxlan ip6 saddr ::1 vxlan tcp dport 22 counter packets 0 bytes 0
	}
}
NFT
json_norm()
{
	/usr/bin/python3 -c 'import json, sys
d = json.load(sys.stdin)
print(json.dumps([o for o in d["nftables"] if "metainfo" not in o], sort_keys=True))'
}

if have_ref; then
	refnft -f "$TMPD/in.nft" || fail "the reference loads the rules"
	refnft list ruleset > "$TMPD/ref.list" || fail "the reference lists"
	nft list ruleset > "$TMPD/ours.list" || fail "we list what it loaded"
	assert_files_eq "$TMPD/ours.list" "$TMPD/ref.list" "its rules, our listing"
	refnft -j list ruleset | json_norm > "$TMPD/ref.json"
	nft -j list ruleset | json_norm > "$TMPD/ours.json"
	assert_files_eq "$TMPD/ours.json" "$TMPD/ref.json" "its rules, our JSON"
	nft flush ruleset
fi

nft -f "$TMPD/in.nft" || fail "we load the rules"
nft list ruleset > "$TMPD/ours.list" || fail "we list"
assert_files_eq "$TMPD/ours.list" "$TMPD/in.nft" "our listing is the input"
if have_ref; then
	refnft list ruleset > "$TMPD/ref.list" || fail "the reference lists ours"
	assert_files_eq "$TMPD/ref.list" "$TMPD/in.nft" "our rules, its listing"
fi
nft -j list ruleset > "$TMPD/a.json" || fail "-j list"
nft flush ruleset
nft -j -f "$TMPD/a.json" || fail "our JSON loads"
nft list ruleset > "$TMPD/again.list"
assert_files_eq "$TMPD/again.list" "$TMPD/in.nft" "our JSON reloads as it was"
nft flush ruleset

# JSON names what the text grammar does not: gre's inner Ethernet,
# taken with no dependency by 1.1.3
gre_json()
{
	printf '{"nftables": [{"add": {"table": {"family": "inet", "name": "t"}}}, {"add": {"chain": {"family": "inet", "table": "t", "name": "c"}}}, {"add": {"rule": {"family": "inet", "table": "t", "chain": "c", "expr": [{"match": {"op": "==", "left": {"payload": {"tunnel": "gre", "protocol": "%s", "field": "%s"}}, "right": %s}}]}}}]}' "$@"
}
for f in 'ether saddr "00:11:22:33:44:55"' 'vlan id 5' 'icmp type "echo-request"'; do
	# shellcheck disable=SC2086
	gre_json $f > "$TMPD/gre.json"
	nft --debug=netlink -j -f "$TMPD/gre.json" | grep '^  \[' > "$TMPD/ours.nl" ||
		fail "gre $f: loads"
	if have_ref; then
		nft flush ruleset
		refnft --debug=netlink -j -f "$TMPD/gre.json" | grep '^  \[' > "$TMPD/ref.nl"
		assert_files_eq "$TMPD/ours.nl" "$TMPD/ref.nl" "gre $f: bytecode"
	fi
	nft -j list ruleset > "$TMPD/a.json" || fail "gre $f: lists"
	nft flush ruleset
done

# Packets: VXLAN (udp 4789) from this namespace to a peer, whose input
# chain counts the inner source 10.9.9.9.
ns_new; nsb=$NS_PID
ip link add v0 type veth peer name v1 || fail "veth"
ip link set v1 netns "$nsb" || fail "move v1"
ip addr add 10.0.0.1/24 dev v0 && ip link set v0 up
in_ns "$nsb" ip addr add 10.0.0.2/24 dev v1
in_ns "$nsb" ip link set v1 up
wait_ping 10.0.0.2 || fail "no connectivity"
in_ns "$nsb" "$NFT" -f - <<'NFT' || fail "peer rules"
table inet t {
	chain c {
		type filter hook input priority filter; policy accept;
		udp dport 4789 vxlan ip saddr 10.9.9.9 counter
		udp dport 4789 vxlan ip saddr 10.9.9.8 counter
	}
}
NFT
# send SRC N: N VXLAN packets carrying an IPv4/UDP packet from SRC
send()
{
	/usr/bin/python3 - "$1" "$2" <<'PY'
import socket, struct, sys
src, n = sys.argv[1], int(sys.argv[2])
def csum(b):
    s = sum(struct.unpack("!%dH" % (len(b) // 2), b))
    s = (s >> 16) + (s & 0xffff)
    return ~(s + (s >> 16)) & 0xffff
payload = b"hello!"
udp = struct.pack("!HHHH", 1234, 5678, 8 + len(payload), 0) + payload
ip = struct.pack("!BBHHHBBH4s4s", 0x45, 0, 20 + len(udp), 1, 0, 64, 17, 0,
                 socket.inet_aton(src), socket.inet_aton("10.8.8.8"))
ip = ip[:10] + struct.pack("!H", csum(ip)) + ip[12:]
eth = bytes.fromhex("020000000002" "020000000001" "0800")
vxlan = struct.pack("!BBHI", 0x08, 0, 0, 7 << 8)
s = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
for _ in range(n):
    s.sendto(vxlan + eth + ip + udp, ("10.0.0.2", 4789))
PY
}
send 10.9.9.9 3 || fail "sending"
send 10.7.7.7 2 || fail "sending"
sleep 0.3
peer_count()
{
	in_ns "$nsb" "$NFT" list ruleset | grep -F -- "$1" |
		sed -n 's/.*counter packets \([0-9]*\) bytes.*/\1/p'
}
assert_eq "$(peer_count 'saddr 10.9.9.9')" 3 "the inner address named counts"
assert_eq "$(peer_count 'saddr 10.9.9.8')" 0 "another inner address does not"
