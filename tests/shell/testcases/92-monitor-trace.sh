#!/bin/bash
# nft monitor trace: ours and the reference listen side by side in this
# namespace while real packets from a second one run through traced
# rules: pings (IPv4 and IPv6), a TCP connection refused (its reset
# traced on output), UDP, ARP (the arp family), netdev egress, and raw
# packets of sctp, udplite, dccp, igmp, esp, ah, gre and comp. The
# kernel sends each event to both, so both must print the same lines:
# the packet's headers as matches, the rules (jump, goto, return,
# verdicts, marks, counters, anonymous sets) as they were when the
# monitor started, a rule added since as "unknown rule handle N",
# policies with the packet's mark. Also the bare "monitor" (which
# prints trace events too) and "-j monitor trace" (text, as 1.1.3).
. "$TESTDIR/lib.sh"

have_ref || skip "no reference nft (tools/ref)"
REF="$SRCDIR/tools/ref"

ns_new
B=$NS_PID
veth_pair v0 v1
ip link set v1 netns "/proc/$B/ns/net" || fail "move v1"
ip link set lo up
ip link set v0 address 02:00:00:00:00:01
ip addr add 10.9.0.1/24 dev v0
ip -6 addr add fd00::1/64 dev v0 nodad
ip link set v0 up
in_ns "$B" sh -e -c '
	ip link set lo up
	ip link set v1 address 02:00:00:00:00:02
	ip addr add 10.9.0.2/24 dev v1
	ip -6 addr add fd00::2/64 dev v1 nodad
	ip link set v1 up
	ip neigh replace 10.9.0.1 lladdr 02:00:00:00:00:01 dev v1 nud permanent
	ip -6 neigh replace fd00::1 lladdr 02:00:00:00:00:01 dev v1 nud permanent' ||
	fail "the second namespace"
ip -6 neigh replace fd00::2 lladdr 02:00:00:00:00:02 dev v0 nud permanent
wait_ping 10.9.0.2 || fail "no ping"

nft -f - <<'EOF' || fail "the traced ruleset"
table inet t {
	chain pre {
		type filter hook prerouting priority 0; policy accept;
		ip saddr 10.9.0.2 meta nftrace set 1
		ip6 saddr fd00::2 meta l4proto { icmpv6, tcp, udp, sctp } meta nftrace set 1
	}
	chain in {
		type filter hook input priority 0; policy accept;
		icmp type echo-request counter jump sub
		icmpv6 type echo-request meta mark set 0x10 accept
		tcp dport 22 drop
		udp dport 53 goto sub2
		ip protocol sctp jump sub3
	}
	chain sub {
		ip saddr 10.9.0.2 meta mark set 7 counter
	}
	chain sub2 {
		counter
	}
	chain sub3 {
		return
	}
	chain out {
		type filter hook output priority 0; policy accept;
		ip daddr 10.9.0.2 meta nftrace set 1
		ip6 daddr fd00::2 meta l4proto tcp meta nftrace set 1
	}
}
table ip t4 {
	chain out {
		type filter hook output priority 1; policy accept;
		ip daddr 10.9.0.2 meta nftrace set 1
	}
}
table ip6 t6 {
	chain out {
		type filter hook output priority 1; policy accept;
		ip6 daddr fd00::2 meta nftrace set 1
	}
}
table arp a {
	chain in {
		type filter hook input priority 0; policy accept;
		meta nftrace set 1
	}
}
table netdev n {
	chain eg {
		type filter hook egress device "v0" priority 0; policy accept;
		ip protocol udp meta nftrace set 1
	}
}
EOF

variants=("monitor trace" "monitor" "-j monitor trace")
pids=()
for i in "${!variants[@]}"; do
	# shellcheck disable=SC2086
	"$NFT" ${variants[$i]} > "$TMPD/ours.$i" 2>&1 &
	pids+=($!)
	NS_PIDS+=($!)
	# shellcheck disable=SC2086
	"$REF" nft ${variants[$i]} > "$TMPD/ref.$i" 2>&1 &
	pids+=($!)
	NS_PIDS+=($!)
done
sleep 1

# a rule the monitors have not seen
nft insert rule inet t in udp dport 54 counter
in_ns "$B" ping -c 1 -W 1 10.9.0.1 >/dev/null
in_ns "$B" ping -6 -c 1 -W 1 fd00::1 >/dev/null
# the SYN is dropped: one is enough, not the connect's two minutes
in_ns "$B" timeout 0.5 bash -c 'exec 3<>/dev/tcp/10.9.0.1/22' 2>/dev/null
in_ns "$B" bash -c 'exec 3<>/dev/tcp/fd00::1/23' 2>/dev/null
in_ns "$B" bash -c 'echo hi > /dev/udp/10.9.0.1/53'
in_ns "$B" bash -c 'echo hi > /dev/udp/10.9.0.1/54'
ip neigh del 10.9.0.2 dev v0
ping -c 1 -W 1 10.9.0.2 >/dev/null
in_ns "$B" python3 - <<'EOF'
import socket
for proto in (132, 136, 33, 2, 50, 51, 47, 108):
    s = socket.socket(socket.AF_INET, socket.SOCK_RAW, proto)
    s.sendto(bytes(range(1, 33)), ("10.9.0.1", 0))
for proto in (132, 136, 33, 50, 51, 47, 108):
    s = socket.socket(socket.AF_INET6, socket.SOCK_RAW, proto)
    s.sendto(bytes(range(1, 33)), ("fd00::1", 0))
EOF
sleep 1
kill "${pids[@]}" 2>/dev/null
wait "${pids[@]}" 2>/dev/null

out=$(cat "$TMPD/ours.0")
for want in "inet t in rule icmp type echo-request counter packets 0 bytes 0 jump sub \\(verdict jump sub\\)" \
	    "inet t sub rule ip saddr 10.9.0.2 meta mark set 0x00000007 counter packets 0 bytes 0 \\(verdict continue\\)" \
	    "inet t in policy accept meta mark 0x00000007 " \
	    "inet t in unknown rule handle [0-9]+ \(verdict continue\)" \
	    "inet t in rule udp dport 53 goto sub2 \(verdict goto sub2\)" \
	    "inet t sub3 rule return \(verdict return\)" \
	    "tcp flags == syn tcp window" "tcp flags == 0x14 tcp window 0 " \
	    "arp a in packet: iif \"v0\" ether saddr 02:00:00:00:00:02 ether daddr 02:00:00:00:00:01 arp operation reply " \
	    "netdev n eg packet: oif \"v0\" " \
	    "meta l4proto \{ tcp, udp, ipv6-icmp, sctp \} meta nftrace set 1 \(verdict continue\)" \
	    "sctp sport 258 sctp dport 772 sctp vtag 84281096 " \
	    "comp nexthdr icmp comp flags 0x2 comp cpi 772 "; do
	assert_match "$want" "$out" "trace: $want"
done
for i in "${!variants[@]}"; do
	assert_files_eq "$TMPD/ref.$i" "$TMPD/ours.$i" "${variants[$i]}: as the reference prints it"
done
ok
