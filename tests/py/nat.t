# nat
families: ip6 inet
table: t
chain: c { type nat hook postrouting priority srcnat; policy accept; }

rule ip6: snat to ::1
  [ immediate reg 1 0x00000000 0x00000000 0x00000000 0x01000000 ]
  [ nat snat ip6 addr_min reg 1 ]
json: [{"snat": {"addr": "::1"}}]

rule ip6: snat to ::1-::2
  [ immediate reg 1 0x00000000 0x00000000 0x00000000 0x01000000 ]
  [ immediate reg 2 0x00000000 0x00000000 0x00000000 0x02000000 ]
  [ nat snat ip6 addr_min reg 1 addr_max reg 2 ]
json: [{"snat": {"addr": {"range": ["::1", "::2"]}}}]

rule ip6: snat to fe80::/64
  [ immediate reg 1 0x000080fe 0x00000000 0x00000000 0x00000000 ]
  [ immediate reg 2 0x000080fe 0x00000000 0xffffffff 0xffffffff ]
  [ nat snat ip6 addr_min reg 1 addr_max reg 2 ]
json: [{"snat": {"addr": {"prefix": {"addr": "fe80::", "len": 64}}}}]

rule ip6: tcp dport 22 snat to [::1]:1024
  [ meta load l4proto => reg 1 ]
  [ cmp eq reg 1 0x00000006 ]
  [ payload load 2b @ transport header + 2 => reg 1 ]
  [ cmp eq reg 1 0x00001600 ]
  [ immediate reg 1 0x00000000 0x00000000 0x00000000 0x01000000 ]
  [ immediate reg 2 0x00000004 ]
  [ nat snat ip6 addr_min reg 1 proto_min reg 2 flags 0x2 ]
json: [{"match": {"op": "==", "left": {"payload": {"protocol": "tcp", "field": "dport"}}, "right": 22}}, {"snat": {"addr": "::1", "port": 1024}}]

rule ip6: tcp dport 22 snat to [::1]:1024-2048 persistent
  [ meta load l4proto => reg 1 ]
  [ cmp eq reg 1 0x00000006 ]
  [ payload load 2b @ transport header + 2 => reg 1 ]
  [ cmp eq reg 1 0x00001600 ]
  [ immediate reg 1 0x00000000 0x00000000 0x00000000 0x01000000 ]
  [ immediate reg 2 0x00000004 ]
  [ immediate reg 3 0x00000008 ]
  [ nat snat ip6 addr_min reg 1 proto_min reg 2 proto_max reg 3 flags 0xa ]
json: [{"match": {"op": "==", "left": {"payload": {"protocol": "tcp", "field": "dport"}}, "right": 22}}, {"snat": {"addr": "::1", "port": {"range": [1024, 2048]}, "flags": "persistent"}}]

# a range: each end in brackets, as the system nft lists it
rule ip6: tcp dport 22 snat to [::1]-[::3]:1024
  [ meta load l4proto => reg 1 ]
  [ cmp eq reg 1 0x00000006 ]
  [ payload load 2b @ transport header + 2 => reg 1 ]
  [ cmp eq reg 1 0x00001600 ]
  [ immediate reg 1 0x00000000 0x00000000 0x00000000 0x01000000 ]
  [ immediate reg 2 0x00000000 0x00000000 0x00000000 0x03000000 ]
  [ immediate reg 3 0x00000004 ]
  [ nat snat ip6 addr_min reg 1 addr_max reg 2 proto_min reg 3 flags 0x2 ]
json: [{"match": {"op": "==", "left": {"payload": {"protocol": "tcp", "field": "dport"}}, "right": 22}}, {"snat": {"addr": {"range": ["::1", "::3"]}, "port": 1024}}]

rule inet: snat ip to 1.2.3.4
  [ immediate reg 1 0x04030201 ]
  [ nat snat ip addr_min reg 1 ]
json: [{"snat": {"family": "ip", "addr": "1.2.3.4"}}]

rule inet: snat ip6 to ::1
  [ immediate reg 1 0x00000000 0x00000000 0x00000000 0x01000000 ]
  [ nat snat ip6 addr_min reg 1 ]
json: [{"snat": {"family": "ip6", "addr": "::1"}}]

rule inet: snat ip6 to ::1-::2
  [ immediate reg 1 0x00000000 0x00000000 0x00000000 0x01000000 ]
  [ immediate reg 2 0x00000000 0x00000000 0x00000000 0x02000000 ]
  [ nat snat ip6 addr_min reg 1 addr_max reg 2 ]
json: [{"snat": {"family": "ip6", "addr": {"range": ["::1", "::2"]}}}]

rule inet: meta l4proto tcp snat ip to 1.2.3.4-1.2.3.5:80-90
list: meta l4proto tcp snat ip to 1.2.3.4/31:80-90
  [ meta load l4proto => reg 1 ]
  [ cmp eq reg 1 0x00000006 ]
  [ immediate reg 1 0x04030201 ]
  [ immediate reg 2 0x05030201 ]
  [ immediate reg 3 0x00005000 ]
  [ immediate reg 4 0x00005a00 ]
  [ nat snat ip addr_min reg 1 addr_max reg 2 proto_min reg 3 proto_max reg 4 flags 0x2 ]
json: [{"match": {"op": "==", "left": {"meta": {"key": "l4proto"}}, "right": "tcp"}}, {"snat": {"family": "ip", "addr": {"prefix": {"addr": "1.2.3.4", "len": 31}}, "port": {"range": [80, 90]}}}]

rule inet: ip saddr 10.0.0.1 snat ip to 1.2.3.4
  [ meta load nfproto => reg 1 ]
  [ cmp eq reg 1 0x00000002 ]
  [ payload load 4b @ network header + 12 => reg 1 ]
  [ cmp eq reg 1 0x0100000a ]
  [ immediate reg 1 0x04030201 ]
  [ nat snat ip addr_min reg 1 ]
json: [{"match": {"op": "==", "left": {"payload": {"protocol": "ip", "field": "saddr"}}, "right": "10.0.0.1"}}, {"snat": {"family": "ip", "addr": "1.2.3.4"}}]

rule inet: tcp dport 80 snat ip6 to [::1]:80
  [ meta load l4proto => reg 1 ]
  [ cmp eq reg 1 0x00000006 ]
  [ payload load 2b @ transport header + 2 => reg 1 ]
  [ cmp eq reg 1 0x00005000 ]
  [ immediate reg 1 0x00000000 0x00000000 0x00000000 0x01000000 ]
  [ immediate reg 2 0x00005000 ]
  [ nat snat ip6 addr_min reg 1 proto_min reg 2 flags 0x2 ]
json: [{"match": {"op": "==", "left": {"payload": {"protocol": "tcp", "field": "dport"}}, "right": 80}}, {"snat": {"family": "ip6", "addr": "::1", "port": 80}}]

rule inet: tcp dport 80 snat to :8080
  [ meta load l4proto => reg 1 ]
  [ cmp eq reg 1 0x00000006 ]
  [ payload load 2b @ transport header + 2 => reg 1 ]
  [ cmp eq reg 1 0x00005000 ]
  [ immediate reg 1 0x0000901f ]
  [ nat snat inet proto_min reg 1 flags 0x2 ]
json: [{"match": {"op": "==", "left": {"payload": {"protocol": "tcp", "field": "dport"}}, "right": 80}}, {"snat": {"port": 8080}}]

rule: masquerade
  [ masq ]
json: [{"masquerade": null}]

rule ip6: tcp dport 22 masquerade to :1024
  [ meta load l4proto => reg 1 ]
  [ cmp eq reg 1 0x00000006 ]
  [ payload load 2b @ transport header + 2 => reg 1 ]
  [ cmp eq reg 1 0x00001600 ]
  [ immediate reg 1 0x00000004 ]
  [ masq proto_min reg 1 flags 0x2 ]
json: [{"match": {"op": "==", "left": {"payload": {"protocol": "tcp", "field": "dport"}}, "right": 22}}, {"masquerade": {"port": 1024}}]

rule inet: masquerade random
  [ masq flags 0x4 ]
json: [{"masquerade": {"flags": "random"}}]

# in inet, a match before the statement gives its family, as the system
# nft takes it; with none it must be written
rule inet: ip saddr 10.0.0.1 snat to 1.1.1.1-1.1.1.3
list: ip saddr 10.0.0.1 snat ip to 1.1.1.1-1.1.1.3
  [ meta load nfproto => reg 1 ]
  [ cmp eq reg 1 0x00000002 ]
  [ payload load 4b @ network header + 12 => reg 1 ]
  [ cmp eq reg 1 0x0100000a ]
  [ immediate reg 1 0x01010101 ]
  [ immediate reg 2 0x03010101 ]
  [ nat snat ip addr_min reg 1 addr_max reg 2 ]
json: [{"match": {"op": "==", "left": {"payload": {"protocol": "ip", "field": "saddr"}}, "right": "10.0.0.1"}}, {"snat": {"family": "ip", "addr": {"range": ["1.1.1.1", "1.1.1.3"]}}}]

rule inet: meta nfproto ipv6 snat to ::1
list: meta nfproto ipv6 snat ip6 to ::1
  [ meta load nfproto => reg 1 ]
  [ cmp eq reg 1 0x0000000a ]
  [ immediate reg 1 0x00000000 0x00000000 0x00000000 0x01000000 ]
  [ nat snat ip6 addr_min reg 1 ]
json: [{"match": {"op": "==", "left": {"meta": {"key": "nfproto"}}, "right": "ipv6"}}, {"snat": {"family": "ip6", "addr": "::1"}}]

# a family that contradicts the match before it
fail inet: meta nfproto ipv4 snat ip6 to ::1

fail inet: ip6 saddr ::1 snat ip to 1.1.1.1

fail: snat to 1.2.3.4

fail inet: tcp dport 80 snat ip to :8080

fail inet: snat ip to ::1

# computed addresses and ports, as the system nft takes them
rule inet: snat ip to ip daddr
  [ meta load nfproto => reg 1 ]
  [ cmp eq reg 1 0x00000002 ]
  [ payload load 4b @ network header + 16 => reg 1 ]
  [ nat snat ip addr_min reg 1 ]
json: [{"snat": {"family": "ip", "addr": {"payload": {"protocol": "ip", "field": "daddr"}}}}]

rule inet: snat ip to jhash ip saddr mod 2
  [ meta load nfproto => reg 1 ]
  [ cmp eq reg 1 0x00000002 ]
  [ payload load 4b @ network header + 12 => reg 2 ]
  [ hash reg 1 = jhash(reg 2, 4, 0x0) % mod 2 ]
  [ nat snat ip addr_min reg 1 ]
json: [{"snat": {"family": "ip", "addr": {"jhash": {"mod": 2, "expr": {"payload": {"protocol": "ip", "field": "saddr"}}}}}}]

rule inet: snat ip to numgen inc mod 2
  [ numgen reg 1 = inc mod 2 ]
  [ byteorder reg 1 = hton(reg 1, 4, 4) ]
  [ nat snat ip addr_min reg 1 ]
json: [{"snat": {"family": "ip", "addr": {"numgen": {"mode": "inc", "mod": 2, "offset": 0}}}}]

rule inet: meta l4proto tcp snat ip to 1.2.3.4:tcp dport
list: snat ip to 1.2.3.4:tcp dport
  [ meta load l4proto => reg 1 ]
  [ cmp eq reg 1 0x00000006 ]
  [ immediate reg 1 0x04030201 ]
  [ payload load 2b @ transport header + 2 => reg 2 ]
  [ nat snat ip addr_min reg 1 proto_min reg 2 flags 0x2 ]
json: [{"snat": {"family": "ip", "addr": "1.2.3.4", "port": {"payload": {"protocol": "tcp", "field": "dport"}}}}]

rule: meta l4proto udp snat ip6 to ip6 daddr:udp sport
list: snat to ip6 daddr:udp sport
list inet: snat ip6 to ip6 daddr:udp sport
  [ meta load l4proto => reg 1 ]
  [ cmp eq reg 1 0x00000011 ]
  [ payload load 16b @ network header + 24 => reg 1 ]
  [ payload load 2b @ transport header + 0 => reg 2 ]
  [ nat snat ip6 addr_min reg 1 proto_min reg 2 flags 0x2 ]
bytecode inet:
  [ meta load l4proto => reg 1 ]
  [ cmp eq reg 1 0x00000011 ]
  [ meta load nfproto => reg 1 ]
  [ cmp eq reg 1 0x0000000a ]
  [ payload load 16b @ network header + 24 => reg 1 ]
  [ payload load 2b @ transport header + 0 => reg 2 ]
  [ nat snat ip6 addr_min reg 1 proto_min reg 2 flags 0x2 ]
json: [{"snat": {"addr": {"payload": {"protocol": "ip6", "field": "daddr"}}, "port": {"payload": {"protocol": "udp", "field": "sport"}}}}]
json inet: [{"snat": {"family": "ip6", "addr": {"payload": {"protocol": "ip6", "field": "daddr"}}, "port": {"payload": {"protocol": "udp", "field": "sport"}}}}]
json-bytecode inet:
  [ meta load nfproto => reg 1 ]
  [ cmp eq reg 1 0x0000000a ]
  [ meta load l4proto => reg 1 ]
  [ cmp eq reg 1 0x00000011 ]
  [ payload load 16b @ network header + 24 => reg 1 ]
  [ payload load 2b @ transport header + 0 => reg 2 ]
  [ nat snat ip6 addr_min reg 1 proto_min reg 2 flags 0x2 ]

rule: snat ip6 to ct original ip6 saddr
list: snat to ct original ip6 saddr
list inet: snat ip6 to ct original ip6 saddr
  [ ct load src_ip6 => reg 1 , dir original ]
  [ nat snat ip6 addr_min reg 1 ]
json: [{"snat": {"addr": {"ct": {"key": "ip6 saddr", "dir": "original"}}}}]
json inet: [{"snat": {"family": "ip6", "addr": {"ct": {"key": "ip6 saddr", "dir": "original"}}}}]

rule: snat ip6 prefix to ip6 saddr & ffff:ffff::
list: snat prefix to ip6 saddr & ffff:ffff::
list inet: snat ip6 prefix to ip6 saddr & ffff:ffff::
  [ payload load 16b @ network header + 8 => reg 1 ]
  [ bitwise reg 1 = ( reg 1 & 0xffffffff 0x00000000 0x00000000 0x00000000 ) ^ 0x00000000 0x00000000 0x00000000 0x00000000 ]
  [ nat snat ip6 addr_min reg 1 flags 0x40 ]
bytecode inet:
  [ meta load nfproto => reg 1 ]
  [ cmp eq reg 1 0x0000000a ]
  [ payload load 16b @ network header + 8 => reg 1 ]
  [ bitwise reg 1 = ( reg 1 & 0xffffffff 0x00000000 0x00000000 0x00000000 ) ^ 0x00000000 0x00000000 0x00000000 0x00000000 ]
  [ nat snat ip6 addr_min reg 1 flags 0x40 ]
json: [{"snat": {"addr": {"&": [{"payload": {"protocol": "ip6", "field": "saddr"}}, "ffff:ffff::"]}, "flags": "netmap", "type_flags": "prefix"}}]
json inet: [{"snat": {"family": "ip6", "addr": {"&": [{"payload": {"protocol": "ip6", "field": "saddr"}}, "ffff:ffff::"]}, "flags": "netmap", "type_flags": "prefix"}}]

rule: meta l4proto tcp masquerade to :tcp dport
list: masquerade to :tcp dport
  [ meta load l4proto => reg 1 ]
  [ cmp eq reg 1 0x00000006 ]
  [ payload load 2b @ transport header + 2 => reg 1 ]
  [ masq proto_min reg 1 flags 0x2 ]
json: [{"masquerade": {"port": {"payload": {"protocol": "tcp", "field": "dport"}}}}]

fail inet: snat to ip saddr

fail: snat ip to ip6 saddr

fail: meta l4proto tcp snat ip6 to [ip6 saddr]:tcp dport

fail inet: snat ip to ip saddr . ip daddr

# "ip"/"ip6" before "to" or "prefix" name the family, not a header field
rule: snat ip6 to dead::1
list: snat to dead::1
list inet: snat ip6 to dead::1
  [ immediate reg 1 0x0000adde 0x00000000 0x00000000 0x01000000 ]
  [ nat snat ip6 addr_min reg 1 ]
json: [{"snat": {"addr": "dead::1"}}]
json inet: [{"snat": {"family": "ip6", "addr": "dead::1"}}]

rule: snat ip6 prefix to dead::/64
list: snat prefix to dead::/64
list inet: snat ip6 prefix to dead::/64
  [ immediate reg 1 0x0000adde 0x00000000 0x00000000 0x00000000 ]
  [ immediate reg 2 0x0000adde 0x00000000 0xffffffff 0xffffffff ]
  [ nat snat ip6 addr_min reg 1 addr_max reg 2 flags 0x40 ]
json: [{"snat": {"addr": {"prefix": {"addr": "dead::", "len": 64}}, "flags": "netmap", "type_flags": "prefix"}}]
json inet: [{"snat": {"family": "ip6", "addr": {"prefix": {"addr": "dead::", "len": 64}}, "flags": "netmap", "type_flags": "prefix"}}]

# nat statements end the rule, as reject and verdicts do
fail: masquerade counter

fail inet: snat ip to 1.2.3.4 accept
