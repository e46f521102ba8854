# nat addresses from anonymous maps: keyed by an address, a numgen, a
# jhash (load balancing)
families: ip inet
table: t
chain: c { type nat hook prerouting priority dstnat; policy accept; }

rule ip: dnat to ip saddr map { 10.0.0.1 : 192.168.0.1, 10.0.0.2 : 192.168.0.2 }
  __map%d t b
  __map%d t 0
  	element 0100000a  : 0100a8c0 0 [end]	element 0200000a  : 0200a8c0 0 [end]
  [ payload load 4b @ network header + 12 => reg 1 ]
  [ lookup reg 1 set __map%d dreg 1 ]
  [ nat dnat ip addr_min reg 1 ]
json: [{"dnat": {"addr": {"map": {"key": {"payload": {"protocol": "ip", "field": "saddr"}}, "data": {"set": [["10.0.0.1", "192.168.0.1"], ["10.0.0.2", "192.168.0.2"]]}}}}}]

rule inet: dnat ip to ip saddr map { 10.0.0.1 : 192.168.0.1, 10.0.0.2 : 192.168.0.2 }
  __map%d t b
  __map%d t 0
  	element 0100000a  : 0100a8c0 0 [end]	element 0200000a  : 0200a8c0 0 [end]
  [ meta load nfproto => reg 1 ]
  [ cmp eq reg 1 0x00000002 ]
  [ payload load 4b @ network header + 12 => reg 1 ]
  [ lookup reg 1 set __map%d dreg 1 ]
  [ nat dnat ip addr_min reg 1 ]
json: [{"dnat": {"family": "ip", "addr": {"map": {"key": {"payload": {"protocol": "ip", "field": "saddr"}}, "data": {"set": [["10.0.0.1", "192.168.0.1"], ["10.0.0.2", "192.168.0.2"]]}}}}}]

# upstream 1.1 takes the family from the map's addresses (1.0.6 refuses)
rule inet: dnat to ip saddr map { 10.0.0.1 : 192.168.0.1, 10.0.0.2 : 192.168.0.2 }
list: dnat ip to ip saddr map { 10.0.0.1 : 192.168.0.1, 10.0.0.2 : 192.168.0.2 }
  __map%d t b
  __map%d t 0
  	element 0100000a  : 0100a8c0 0 [end]	element 0200000a  : 0200a8c0 0 [end]
  [ meta load nfproto => reg 1 ]
  [ cmp eq reg 1 0x00000002 ]
  [ payload load 4b @ network header + 12 => reg 1 ]
  [ lookup reg 1 set __map%d dreg 1 ]
  [ nat dnat ip addr_min reg 1 ]
json: [{"dnat": {"family": "ip", "addr": {"map": {"key": {"payload": {"protocol": "ip", "field": "saddr"}}, "data": {"set": [["10.0.0.1", "192.168.0.1"], ["10.0.0.2", "192.168.0.2"]]}}}}}]

rule ip: dnat to numgen inc mod 2 map { 0 : 10.0.0.1, 1 : 10.0.0.2 }
  __map%d t b
  __map%d t 0
  	element 00000000  : 0100000a 0 [end]	element 00000001  : 0200000a 0 [end]
  [ numgen reg 1 = inc mod 2 ]
  [ lookup reg 1 set __map%d dreg 1 ]
  [ nat dnat ip addr_min reg 1 ]
json: [{"dnat": {"addr": {"map": {"key": {"numgen": {"mode": "inc", "mod": 2, "offset": 0}}, "data": {"set": [[0, "10.0.0.1"], [1, "10.0.0.2"]]}}}}}]

rule ip: dnat to jhash ip saddr mod 2 map { 0 : 10.0.0.1, 1 : 10.0.0.2 }
  __map%d t b
  __map%d t 0
  	element 00000000  : 0100000a 0 [end]	element 00000001  : 0200000a 0 [end]
  [ payload load 4b @ network header + 12 => reg 2 ]
  [ hash reg 1 = jhash(reg 2, 4, 0x0) % mod 2 ]
  [ lookup reg 1 set __map%d dreg 1 ]
  [ nat dnat ip addr_min reg 1 ]
json: [{"dnat": {"addr": {"map": {"key": {"jhash": {"mod": 2, "expr": {"payload": {"protocol": "ip", "field": "saddr"}}}}, "data": {"set": [[0, "10.0.0.1"], [1, "10.0.0.2"]]}}}}}]

rule ip: dnat to tcp dport map { 22 : 10.0.0.1, 80-90 : 10.0.0.2 }
  __map%d t f
  __map%d t 0
  	element 00000000  : 1 [end]	element 00001600  : 0100000a 0 [end]	element 00001700  : 1 [end]	element 00005000  : 0200000a 0 [end]	element 00005b00  : 1 [end]
  [ meta load l4proto => reg 1 ]
  [ cmp eq reg 1 0x00000006 ]
  [ payload load 2b @ transport header + 2 => reg 1 ]
  [ lookup reg 1 set __map%d dreg 1 ]
  [ nat dnat ip addr_min reg 1 ]
json: [{"dnat": {"addr": {"map": {"key": {"payload": {"protocol": "tcp", "field": "dport"}}, "data": {"set": [[22, "10.0.0.1"], [{"range": [80, 90]}, "10.0.0.2"]]}}}}}]

rule inet: dnat ip to tcp dport map { 22 : 10.0.0.1, 80-90 : 10.0.0.2 }
  __map%d t f
  __map%d t 0
  	element 00000000  : 1 [end]	element 00001600  : 0100000a 0 [end]	element 00001700  : 1 [end]	element 00005000  : 0200000a 0 [end]	element 00005b00  : 1 [end]
  [ meta load l4proto => reg 1 ]
  [ cmp eq reg 1 0x00000006 ]
  [ payload load 2b @ transport header + 2 => reg 1 ]
  [ lookup reg 1 set __map%d dreg 1 ]
  [ nat dnat ip addr_min reg 1 ]
json: [{"dnat": {"family": "ip", "addr": {"map": {"key": {"payload": {"protocol": "tcp", "field": "dport"}}, "data": {"set": [[22, "10.0.0.1"], [{"range": [80, 90]}, "10.0.0.2"]]}}}}}]

rule ip: counter dnat to ip saddr map { 10.0.0.0/24 : 192.168.0.1 }
list: counter packets 0 bytes 0 dnat to ip saddr map { 10.0.0.0/24 : 192.168.0.1 }
  __map%d t f
  __map%d t 0
  	element 00000000  : 1 [end]	element 0000000a  : 0100a8c0 0 [end]	element 0001000a  : 1 [end]
  [ counter pkts 0 bytes 0 ]
  [ payload load 4b @ network header + 12 => reg 1 ]
  [ lookup reg 1 set __map%d dreg 1 ]
  [ nat dnat ip addr_min reg 1 ]
json: [{"counter": {"packets": 0, "bytes": 0}}, {"dnat": {"addr": {"map": {"key": {"payload": {"protocol": "ip", "field": "saddr"}}, "data": {"set": [[{"prefix": {"addr": "10.0.0.0", "len": 24}}, "192.168.0.1"]]}}}}}]

fail ip: dnat to ip saddr map { 10.0.0.1 : accept }

# a map keyed by a transport field implies the protocol a port needs
rule ip: dnat to tcp dport map { 1000 : 1.1.1.1, 2000 : 2.2.2.2 }:1234
  __map%d t b
  __map%d t 0
  	element 0000e803  : 01010101 0 [end]	element 0000d007  : 02020202 0 [end]
  [ meta load l4proto => reg 1 ]
  [ cmp eq reg 1 0x00000006 ]
  [ payload load 2b @ transport header + 2 => reg 1 ]
  [ lookup reg 1 set __map%d dreg 1 ]
  [ immediate reg 2 0x0000d204 ]
  [ nat dnat ip addr_min reg 1 proto_min reg 2 flags 0x2 ]
json: [{"dnat": {"addr": {"map": {"key": {"payload": {"protocol": "tcp", "field": "dport"}}, "data": {"set": [[1000, "1.1.1.1"], [2000, "2.2.2.2"]]}}}, "port": 1234}}]

rule ip: dnat to tcp dport map { 1000 : 1.1.1.1, 2000 : 2.2.2.2 }:tcp dport map { 1000 : 1234, 2000 : 2345 }
  __map%d t b
  __map%d t 0
  	element 0000e803  : 01010101 0 [end]	element 0000d007  : 02020202 0 [end]
  __map%d t b
  __map%d t 0
  	element 0000e803  : 0000d204 0 [end]	element 0000d007  : 00002909 0 [end]
  [ meta load l4proto => reg 1 ]
  [ cmp eq reg 1 0x00000006 ]
  [ payload load 2b @ transport header + 2 => reg 1 ]
  [ lookup reg 1 set __map%d dreg 1 ]
  [ payload load 2b @ transport header + 2 => reg 2 ]
  [ lookup reg 2 set __map%d dreg 2 ]
  [ nat dnat ip addr_min reg 1 proto_min reg 2 flags 0x2 ]
json: [{"dnat": {"addr": {"map": {"key": {"payload": {"protocol": "tcp", "field": "dport"}}, "data": {"set": [[1000, "1.1.1.1"], [2000, "2.2.2.2"]]}}}, "port": {"map": {"key": {"payload": {"protocol": "tcp", "field": "dport"}}, "data": {"set": [[1000, 1234], [2000, 2345]]}}}}}]

rule ip: dnat to 1.1.1.1:tcp dport map { 1000 : 1234 }
  __map%d t b
  __map%d t 0
  	element 0000e803  : 0000d204 0 [end]
  [ meta load l4proto => reg 1 ]
  [ cmp eq reg 1 0x00000006 ]
  [ immediate reg 1 0x01010101 ]
  [ payload load 2b @ transport header + 2 => reg 2 ]
  [ lookup reg 2 set __map%d dreg 2 ]
  [ nat dnat ip addr_min reg 1 proto_min reg 2 flags 0x2 ]
json: [{"dnat": {"addr": "1.1.1.1", "port": {"map": {"key": {"payload": {"protocol": "tcp", "field": "dport"}}, "data": {"set": [[1000, 1234]]}}}}}]

# an address and a port from one map: the port follows the address in
# the register the lookup fills; listed with the family, as 1.0.6 does
rule ip: dnat ip to ip saddr . tcp dport map { 10.0.0.1 . 80 : 192.168.0.1 . 8080, 10.0.0.2 . 81 : 192.168.0.2 . 8081 }
  __map%d t b
  __map%d t 0
  	element 0100000a 00005000  : 0100a8c0 0000901f 0 [end]	element 0200000a 00005100  : 0200a8c0 0000911f 0 [end]
  [ meta load l4proto => reg 1 ]
  [ cmp eq reg 1 0x00000006 ]
  [ payload load 4b @ network header + 12 => reg 1 ]
  [ payload load 2b @ transport header + 2 => reg 9 ]
  [ lookup reg 1 set __map%d dreg 1 ]
  [ nat dnat ip addr_min reg 1 proto_min reg 9 ]
json: [{"dnat": {"family": "ip", "addr": {"map": {"key": {"concat": [{"payload": {"protocol": "ip", "field": "saddr"}}, {"payload": {"protocol": "tcp", "field": "dport"}}]}, "data": {"set": [[{"concat": ["10.0.0.1", 80]}, {"concat": ["192.168.0.1", 8080]}], [{"concat": ["10.0.0.2", 81]}, {"concat": ["192.168.0.2", 8081]}]]}}}}}]

rule ip: meta l4proto tcp dnat ip to ip saddr map { 10.0.0.1 : 192.168.0.1 . 8080 }
  __map%d t b
  __map%d t 0
  	element 0100000a  : 0100a8c0 0000901f 0 [end]
  [ meta load l4proto => reg 1 ]
  [ cmp eq reg 1 0x00000006 ]
  [ payload load 4b @ network header + 12 => reg 1 ]
  [ lookup reg 1 set __map%d dreg 1 ]
  [ nat dnat ip addr_min reg 1 proto_min reg 9 ]
json: [{"match": {"op": "==", "left": {"meta": {"key": "l4proto"}}, "right": "tcp"}}, {"dnat": {"family": "ip", "addr": {"map": {"key": {"payload": {"protocol": "ip", "field": "saddr"}}, "data": {"set": [["10.0.0.1", {"concat": ["192.168.0.1", 8080]}]]}}}}}]

rule inet: meta l4proto tcp dnat ip to ip saddr map { 10.0.0.1 : 192.168.0.1 . 8080 }
  __map%d t b
  __map%d t 0
  	element 0100000a  : 0100a8c0 0000901f 0 [end]
  [ meta load l4proto => reg 1 ]
  [ cmp eq reg 1 0x00000006 ]
  [ meta load nfproto => reg 1 ]
  [ cmp eq reg 1 0x00000002 ]
  [ payload load 4b @ network header + 12 => reg 1 ]
  [ lookup reg 1 set __map%d dreg 1 ]
  [ nat dnat ip addr_min reg 1 proto_min reg 9 ]
json: [{"match": {"op": "==", "left": {"meta": {"key": "l4proto"}}, "right": "tcp"}}, {"dnat": {"family": "ip", "addr": {"map": {"key": {"payload": {"protocol": "ip", "field": "saddr"}}, "data": {"set": [["10.0.0.1", {"concat": ["192.168.0.1", 8080]}]]}}}}}]

rule inet: meta l4proto udp dnat ip6 to ip6 saddr map { ::1 : ::2 . 53 }
  __map%d t b
  __map%d t 0
  	element 00000000 00000000 00000000 01000000  : 00000000 00000000 00000000 02000000 00003500 0 [end]
  [ meta load l4proto => reg 1 ]
  [ cmp eq reg 1 0x00000011 ]
  [ meta load nfproto => reg 1 ]
  [ cmp eq reg 1 0x0000000a ]
  [ payload load 16b @ network header + 8 => reg 1 ]
  [ lookup reg 1 set __map%d dreg 1 ]
  [ nat dnat ip6 addr_min reg 1 proto_min reg 2 ]
json: [{"match": {"op": "==", "left": {"meta": {"key": "l4proto"}}, "right": "udp"}}, {"dnat": {"family": "ip6", "addr": {"map": {"key": {"payload": {"protocol": "ip6", "field": "saddr"}}, "data": {"set": [["::1", {"concat": ["::2", 53]}]]}}}}}]

fail ip: dnat to ip saddr map { 10.0.0.1 : 192.168.0.1 . 8080 }

# ranges for data: low ends, then high ends; the statement takes the
# high ones from the registers after the low ones (listed with the
# family, as named maps of ranges)
rule ip: dnat to ip saddr map { 10.0.0.0/8 : 1.1.1.1-1.1.1.5, 12.0.0.1 : 2.2.2.2 }
list: dnat ip to ip saddr map { 10.0.0.0/8 : 1.1.1.1-1.1.1.5, 12.0.0.1 : 2.2.2.2/32 }
  __map%d t f
  __map%d t 0
  	element 00000000  : 1 [end]	element 0000000a  : 01010101 05010101 0 [end]	element 0000000b  : 1 [end]	element 0100000c  : 02020202 02020202 0 [end]	element 0200000c  : 1 [end]
  [ payload load 4b @ network header + 12 => reg 1 ]
  [ lookup reg 1 set __map%d dreg 1 ]
  [ nat dnat ip addr_min reg 1 addr_max reg 9 ]
json: [{"dnat": {"family": "ip", "addr": {"map": {"key": {"payload": {"protocol": "ip", "field": "saddr"}}, "data": {"set": [[{"prefix": {"addr": "10.0.0.0", "len": 8}}, {"range": ["1.1.1.1", "1.1.1.5"]}], ["12.0.0.1", {"prefix": {"addr": "2.2.2.2", "len": 32}}]]}}}}}]

rule inet: dnat ip to ip saddr map { 10.0.0.0/8 : 1.1.1.0/29 }
  __map%d t f
  __map%d t 0
  	element 00000000  : 1 [end]	element 0000000a  : 00010101 07010101 0 [end]	element 0000000b  : 1 [end]
  [ meta load nfproto => reg 1 ]
  [ cmp eq reg 1 0x00000002 ]
  [ payload load 4b @ network header + 12 => reg 1 ]
  [ lookup reg 1 set __map%d dreg 1 ]
  [ nat dnat ip addr_min reg 1 addr_max reg 9 ]
json: [{"dnat": {"family": "ip", "addr": {"map": {"key": {"payload": {"protocol": "ip", "field": "saddr"}}, "data": {"set": [[{"prefix": {"addr": "10.0.0.0", "len": 8}}, {"prefix": {"addr": "1.1.1.0", "len": 29}}]]}}}}}]

rule inet: dnat ip to ip saddr . tcp dport map { 10.0.0.0/8 . 80 : 1.1.1.1-1.1.1.5 . 80-81 }
  __map%d t 8f
  __map%d t 0
  	element 0000000a 00005000  - ffffff0a 00005000  : 01010101 00005000 05010101 00005100 0 [end]
  [ meta load nfproto => reg 1 ]
  [ cmp eq reg 1 0x00000002 ]
  [ meta load l4proto => reg 1 ]
  [ cmp eq reg 1 0x00000006 ]
  [ payload load 4b @ network header + 12 => reg 1 ]
  [ payload load 2b @ transport header + 2 => reg 9 ]
  [ lookup reg 1 set __map%d dreg 1 ]
  [ nat dnat ip addr_min reg 1 addr_max reg 10 proto_min reg 9 proto_max reg 11 ]
json: [{"dnat": {"family": "ip", "addr": {"map": {"key": {"concat": [{"payload": {"protocol": "ip", "field": "saddr"}}, {"payload": {"protocol": "tcp", "field": "dport"}}]}, "data": {"set": [[{"concat": [{"prefix": {"addr": "10.0.0.0", "len": 8}}, 80]}, {"concat": [{"range": ["1.1.1.1", "1.1.1.5"]}, {"range": [80, 81]}]}]]}}}}}]

rule inet: dnat ip6 to ip6 saddr map { ::1 : ::2-::3, ::5 : ::/126 }
list: dnat ip6 to ip6 saddr map { ::1 : ::2/127, ::5 : ::/126 }
  __map%d t b
  __map%d t 0
  	element 00000000 00000000 00000000 01000000  : 00000000 00000000 00000000 02000000 00000000 00000000 00000000 03000000 0 [end]	element 00000000 00000000 00000000 05000000  : 00000000 00000000 00000000 00000000 00000000 00000000 00000000 03000000 0 [end]
  [ meta load nfproto => reg 1 ]
  [ cmp eq reg 1 0x0000000a ]
  [ payload load 16b @ network header + 8 => reg 1 ]
  [ lookup reg 1 set __map%d dreg 1 ]
  [ nat dnat ip6 addr_min reg 1 addr_max reg 2 ]
json: [{"dnat": {"family": "ip6", "addr": {"map": {"key": {"payload": {"protocol": "ip6", "field": "saddr"}}, "data": {"set": [["::1", {"prefix": {"addr": "::2", "len": 127}}], ["::5", {"prefix": {"addr": "::", "len": 126}}]]}}}}}]

# in inet, a match before the statement gives its family, as the system
# nft takes it
rule inet: ip saddr 10.0.0.0/8 dnat to ip saddr map { 10.0.0.0/8 : 1.1.1.1-1.1.1.5 }
list: ip saddr 10.0.0.0/8 dnat ip to ip saddr map { 10.0.0.0/8 : 1.1.1.1-1.1.1.5 }
  __map%d t f
  __map%d t 0
  	element 00000000  : 1 [end]	element 0000000a  : 01010101 05010101 0 [end]	element 0000000b  : 1 [end]
  [ meta load nfproto => reg 1 ]
  [ cmp eq reg 1 0x00000002 ]
  [ payload load 1b @ network header + 12 => reg 1 ]
  [ cmp eq reg 1 0x0000000a ]
  [ payload load 4b @ network header + 12 => reg 1 ]
  [ lookup reg 1 set __map%d dreg 1 ]
  [ nat dnat ip addr_min reg 1 addr_max reg 9 ]
json: [{"match": {"op": "==", "left": {"payload": {"protocol": "ip", "field": "saddr"}}, "right": {"prefix": {"addr": "10.0.0.0", "len": 8}}}}, {"dnat": {"family": "ip", "addr": {"map": {"key": {"payload": {"protocol": "ip", "field": "saddr"}}, "data": {"set": [[{"prefix": {"addr": "10.0.0.0", "len": 8}}, {"range": ["1.1.1.1", "1.1.1.5"]}]]}}}}}]

rule inet: meta nfproto ipv6 dnat to ip6 saddr map { ::1 : ::2-::3 }
list: dnat ip6 to ip6 saddr map { ::1 : ::2/127 }
  __map%d t b
  __map%d t 0
  	element 00000000 00000000 00000000 01000000  : 00000000 00000000 00000000 02000000 00000000 00000000 00000000 03000000 0 [end]
  [ meta load nfproto => reg 1 ]
  [ cmp eq reg 1 0x0000000a ]
  [ payload load 16b @ network header + 8 => reg 1 ]
  [ lookup reg 1 set __map%d dreg 1 ]
  [ nat dnat ip6 addr_min reg 1 addr_max reg 2 ]
json: [{"dnat": {"family": "ip6", "addr": {"map": {"key": {"payload": {"protocol": "ip6", "field": "saddr"}}, "data": {"set": [["::1", {"prefix": {"addr": "::2", "len": 127}}]]}}}}}]

# else the map's data does, ranges, prefixes and concatenations too
rule inet: dnat to ip saddr map { 10.0.0.0/8 : 1.1.1.1-1.1.1.5 }
list: dnat ip to ip saddr map { 10.0.0.0/8 : 1.1.1.1-1.1.1.5 }
  __map%d t f
  __map%d t 0
  	element 00000000  : 1 [end]	element 0000000a  : 01010101 05010101 0 [end]	element 0000000b  : 1 [end]
  [ meta load nfproto => reg 1 ]
  [ cmp eq reg 1 0x00000002 ]
  [ payload load 4b @ network header + 12 => reg 1 ]
  [ lookup reg 1 set __map%d dreg 1 ]
  [ nat dnat ip addr_min reg 1 addr_max reg 9 ]
json: [{"dnat": {"family": "ip", "addr": {"map": {"key": {"payload": {"protocol": "ip", "field": "saddr"}}, "data": {"set": [[{"prefix": {"addr": "10.0.0.0", "len": 8}}, {"range": ["1.1.1.1", "1.1.1.5"]}]]}}}}}]

fail inet: dnat to ip saddr . tcp dport map { 10.0.0.0/8 . 80 : 1.1.1.1-1.1.1.5 . 80-81 }

rule inet: dnat to ip6 saddr map { ::1 : ::2/127 }
list: dnat ip6 to ip6 saddr map { ::1 : ::2/127 }
  __map%d t b
  __map%d t 0
  	element 00000000 00000000 00000000 01000000  : 00000000 00000000 00000000 02000000 00000000 00000000 00000000 03000000 0 [end]
  [ meta load nfproto => reg 1 ]
  [ cmp eq reg 1 0x0000000a ]
  [ payload load 16b @ network header + 8 => reg 1 ]
  [ lookup reg 1 set __map%d dreg 1 ]
  [ nat dnat ip6 addr_min reg 1 addr_max reg 2 ]
json: [{"dnat": {"family": "ip6", "addr": {"map": {"key": {"payload": {"protocol": "ip6", "field": "saddr"}}, "data": {"set": [["::1", {"prefix": {"addr": "::2", "len": 127}}]]}}}}}]

# a mark, or a port from a map, is one value (the system nft takes
# the range and sets the low end)
fail ip: meta mark set ip saddr map { 10.0.0.0/8 : 1-2 }
ref-skip: 1.1.3 sends both ends as the data and lists { 10.0.0.0/8 : 0x02000000-0x01000000 }, which reloads as something else

fail ip: meta mark set tcp dport map { 22 : 1-2 }
ref-skip: 1.1.3 sends both ends as the data and lists { 22 : 0x02000000-0x01000000 }, which reloads as something else

fail ip: ip protocol tcp dnat to 1.1.1.1 : ip saddr map { 10.0.0.0/8 : 1-2 }
