#!/bin/bash
# describe EXPR: kind, datatype with its base types, width and the named
# constants, laid out as the system nft prints them.
. "$TESTDIR/lib.sh"

cat > "$TMPD/expect" <<'EOT'
payload expression, datatype inet_service (internet network service) (basetype integer), 16 bits
meta expression, datatype mark (packet mark) (basetype integer), 32 bits
payload expression, datatype ether_addr (Ethernet address) (basetype link layer address, integer), 48 bits
meta expression, datatype ifname (network interface name) (basetype string), 16 characters
meta expression, datatype integer (integer), 32 bits
meta expression, datatype pkt_type (packet type) (basetype integer), 8 bits

pre-defined symbolic constants (in decimal):
	host                          	                   0
	unicast                       	                   0
	broadcast                     	                   1
	multicast                     	                   2
	other                         	                   3
payload expression, datatype ether_type (Ethernet protocol) (basetype integer), 16 bits

pre-defined symbolic constants (in hexadecimal):
	ip                            	0x0800
	arp                           	0x0806
	ip6                           	0x86dd
	8021q                         	0x8100
	8021ad                        	0x88a8
	vlan                          	0x8100
EOT
for e in "tcp dport" "meta mark" "ether saddr" "iifname" "meta length" \
	 "meta pkttype" "ether type"; do
	nft describe $e || fail "describe $e"
done > "$TMPD/out"
assert_files_eq "$TMPD/expect" "$TMPD/out" "describe output"

# Protocol names as /etc/protocols has them, no heading, no aliases.
out=$(nft describe meta l4proto)
assert_match '^	tcp +	6$' "$out" "describe meta l4proto lists tcp"
assert_no_match 'icmpv6|pre-defined' "$out" "no alias, no heading"
# nfproto is only valid in inet tables, but describe has no table.
assert_rc 0 "describe meta nfproto" nft describe meta nfproto
assert_rc 1 "describe of an unknown field" nft describe tcp nosuch 2>/dev/null
# ct keys outside a rule: no table gives "saddr" a family and nothing
# asks for the direction a rule needs, so the key is described as
# written; the family-less address keys have no type yet (a line of its
# own, as upstream 1.1.3 prints it; 1.0.6 left out the newline).
printf 'ct expression, datatype invalid (invalid)\n' > "$TMPD/invalid"
for e in "ct original saddr" "ct reply daddr" "ct original daddr" \
	 "ct reply saddr" "ct saddr" "ct daddr"; do
	nft describe $e > "$TMPD/out" || fail "describe $e: exit status $?"
	assert_files_eq "$TMPD/invalid" "$TMPD/out" "describe $e"
done
cat > "$TMPD/expect" <<'EOT'
ct expression, datatype ipv4_addr (IPv4 address) (basetype integer), 32 bits
ct expression, datatype ipv6_addr (IPv6 address) (basetype integer), 128 bits
ct expression, datatype integer (integer), 64 bits
EOT
for e in "ct original ip saddr" "ct reply ip6 daddr" "ct reply packets"; do
	nft describe $e || fail "describe $e"
done > "$TMPD/out"
assert_files_eq "$TMPD/expect" "$TMPD/out" "describe ct DIR keys"
# proto-src and proto-dst are ports in upstream 1.1, which matches them
# without a layer 4 protocol; nft 1.0.6 has no type
# for them and prints "datatype invalid (invalid)".
for e in "ct original proto-src" "ct reply proto-dst" "ct proto-src"; do
	assert_eq "$(nft describe $e)" \
		"ct expression, datatype inet_service (internet network service) (basetype integer), 16 bits" \
		"describe $e"
done
# a direction where the key takes none stays an error
assert_rc 1 "describe ct original state" nft describe ct original state \
	2>/dev/null
if have_ref; then
	for e in "ct original saddr" "ct reply daddr" "ct saddr" \
		 "ct original ip daddr" "ct reply ip saddr" \
		 "ct original ip6 saddr" "ct original packets" \
		 "ct reply bytes" "ct original zone" "ct reply avgpkt" \
		 "ct original l3proto" "ct reply protocol"; do
		nft describe $e > "$TMPD/out" 2>&1
		refnft describe $e > "$TMPD/sys" 2>&1
		assert_files_eq "$TMPD/sys" "$TMPD/out" \
			"describe $e byte for byte as the system nft"
	done
	# ct and payload kinds, base types, symbol tables in hex and decimal
	for e in "tcp dport" "meta pkttype" "ether type" "meta l4proto" \
		 "ct state" "ct status" "ct direction" "ct event" "ct mark" \
		 "ct l3proto" "ct protocol" "ct expiration" "ct label" \
		 "ct original ip saddr" "ct reply ip6 daddr" "ct zone" \
		 "ip ecn" "ip dscp" "ip frag-off" "tcp flags" "icmp code" \
		 "icmpv6 type" "arp operation" "meta iiftype" "meta day" \
		 "meta hour" "vlan id" "ip6 flowlabel" "th dport"; do
		assert_eq "$(nft describe $e)" "$(refnft describe $e)" \
			"describe $e as the system nft"
	done
fi
ok "describe"
