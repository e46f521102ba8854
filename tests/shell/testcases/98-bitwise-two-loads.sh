#!/bin/bash
# &, | and ^ of two loaded values ("meta mark set meta mark | ct mark"):
# the kernel's bitwise reads the second from a register of its own
# (NFTA_BITWISE_SREG2, which libnftnl 1.2.4 cannot hold: the message
# carries it, src/nlext.c). The kernel holds what the reference loads,
# each lists the other's rules, and pings on loopback show the values
# the rules compute: marks or'ed, xor'ed and and'ed, an address turned
# to host order before it is or'ed into a mark, a mark turned to network
# order before it is or'ed into an address; and a load shifted for a
# mark, widened to its 32 bits in host order first ("ip ttl << 8").
. "$TESTDIR/lib.sh"

ip link set lo up || fail "lo up"
cat > "$TMPD/b.nft" <<'NFT'
table ip t {
	chain o {
		type filter hook output priority filter; policy accept;
		icmp type != echo-request accept
		meta mark set 0x10 ct mark set 0x3
		meta mark set meta mark | ct mark
		meta mark 0x13 counter
		meta mark set meta mark ^ ct mark
		meta mark 0x10 counter
		meta mark set meta mark & ct mark
		meta mark 0x0 counter
		meta mark set ct mark | ip daddr
		meta mark 0x7f000003 counter
		ct mark set ip daddr | meta mark
		ct mark 0x7f000003 counter
		meta mark set 0x100
		ct mark set ip daddr ^ meta mark
		ct mark 0x7f000101 counter
		meta mark set (meta mark | ct mark) >> 8
		meta mark 0x7f0001 counter
		meta mark set ip ttl << 8
		meta mark 0x4000 counter
		ct mark set ip daddr >> 8
		ct mark 0x7f0000 counter
		meta mark set (tcp dport & 0xff) << 4
	}
}
NFT
loads_like_ref "$TMPD/b.nft"
assert_match 'meta mark set meta mark \| ct mark' "$(cat "$TMPD/ours.list")" "listed"

# packets: every counter sees each ping once, so each value was computed
ping -c 2 -i 0.2 -W 1 127.0.0.1 >/dev/null 2>&1 || fail "ping on loopback"
for m in 'meta mark 0x00000013' 'meta mark 0x00000010 counter' \
	 'meta mark 0x00000000' 'meta mark 0x7f000003' 'ct mark 0x7f000003' \
	 'ct mark 0x7f000101' 'meta mark 0x007f0001' 'meta mark 0x00004000' \
	 'ct mark 0x007f0000'; do
	assert_eq "$(counter_packets "^[[:space:]]*$m")" 2 "$m: both echo requests"
done

# a shift by a loaded value is refused, as by 1.1.3
out=$(nft add rule ip t o meta mark set meta mark '>>' ct mark 2>&1) &&
	fail "a shift by a load loaded"
assert_match 'Right hand side of binary operation \(>>\) must be constant' "$out" "shift refused"
has_caret "$out" || fail "no caret: $out"
ok
