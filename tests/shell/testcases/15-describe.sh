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
if have_system_nft; then
	# ct and payload kinds, base types, symbol tables in hex and decimal
	for e in "tcp dport" "meta pkttype" "ether type" "meta l4proto" \
		 "ct state" "ct status" "ct direction" "ct event" "ct mark" \
		 "ct l3proto" "ct protocol" "ct expiration" "ct label" \
		 "ct original ip saddr" "ct reply ip6 daddr" "ct zone" \
		 "ip ecn" "ip dscp" "ip frag-off" "tcp flags" "icmp code" \
		 "icmpv6 type" "arp operation" "meta iiftype" "meta day" \
		 "meta hour" "vlan id" "ip6 flowlabel" "th dport"; do
		assert_eq "$(nft describe $e)" "$(sysnft describe $e)" \
			"describe $e as the system nft"
	done
fi
ok "describe"
