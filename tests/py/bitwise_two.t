# &, | and ^ of two loaded values: the second goes to a register of its
# own and the kernel's bitwise reads both (NFTA_BITWISE_SREG2, Linux
# 6.13); a value in the other byte order is turned to the left's first
families: ip inet
table: t
chain: c

rule: meta mark set meta mark | ct mark
  [ meta load mark => reg 1 ]
  [ ct load mark => reg 2 ]
  [ bitwise reg 1 = ( reg 1 | reg 2 ) ]
  [ meta set mark with reg 1 ]
json: [{"mangle": {"key": {"meta": {"key": "mark"}}, "value": {"|": [{"meta": {"key": "mark"}}, {"ct": {"key": "mark"}}]}}}]

rule: meta mark set meta mark & ct mark
  [ meta load mark => reg 1 ]
  [ ct load mark => reg 2 ]
  [ bitwise reg 1 = ( reg 1 & reg 2 ) ]
  [ meta set mark with reg 1 ]
json: [{"mangle": {"key": {"meta": {"key": "mark"}}, "value": {"&": [{"meta": {"key": "mark"}}, {"ct": {"key": "mark"}}]}}}]

rule: ct mark set ct mark ^ meta mark
  [ ct load mark => reg 1 ]
  [ meta load mark => reg 2 ]
  [ bitwise reg 1 = ( reg 1 ^ reg 2 ) ]
  [ ct set mark with reg 1 ]
json: [{"mangle": {"key": {"ct": {"key": "mark"}}, "value": {"^": [{"ct": {"key": "mark"}}, {"meta": {"key": "mark"}}]}}}]

rule: meta mark set meta mark | meta mark
  [ meta load mark => reg 1 ]
  [ meta load mark => reg 2 ]
  [ bitwise reg 1 = ( reg 1 | reg 2 ) ]
  [ meta set mark with reg 1 ]
json: [{"mangle": {"key": {"meta": {"key": "mark"}}, "value": {"|": [{"meta": {"key": "mark"}}, {"meta": {"key": "mark"}}]}}}]

rule: meta priority set meta priority | meta mark
  [ meta load priority => reg 1 ]
  [ meta load mark => reg 2 ]
  [ bitwise reg 1 = ( reg 1 | reg 2 ) ]
  [ meta set priority with reg 1 ]
json: [{"mangle": {"key": {"meta": {"key": "priority"}}, "value": {"|": [{"meta": {"key": "priority"}}, {"meta": {"key": "mark"}}]}}}]

rule: meta mark set meta mark | ip saddr
  [ meta load mark => reg 1 ]
  [ payload load 4b @ network header + 12 => reg 2 ]
  [ byteorder reg 2 = ntoh(reg 2, 4, 4) ]
  [ bitwise reg 1 = ( reg 1 | reg 2 ) ]
  [ meta set mark with reg 1 ]
bytecode inet:
  [ meta load nfproto => reg 1 ]
  [ cmp eq reg 1 0x00000002 ]
  [ meta load mark => reg 1 ]
  [ payload load 4b @ network header + 12 => reg 2 ]
  [ byteorder reg 2 = ntoh(reg 2, 4, 4) ]
  [ bitwise reg 1 = ( reg 1 | reg 2 ) ]
  [ meta set mark with reg 1 ]
json: [{"mangle": {"key": {"meta": {"key": "mark"}}, "value": {"|": [{"meta": {"key": "mark"}}, {"payload": {"protocol": "ip", "field": "saddr"}}]}}}]

rule: ct mark set ip saddr | meta mark
  [ payload load 4b @ network header + 12 => reg 1 ]
  [ meta load mark => reg 2 ]
  [ byteorder reg 2 = hton(reg 2, 4, 4) ]
  [ bitwise reg 1 = ( reg 1 | reg 2 ) ]
  [ byteorder reg 1 = ntoh(reg 1, 4, 4) ]
  [ ct set mark with reg 1 ]
bytecode inet:
  [ meta load nfproto => reg 1 ]
  [ cmp eq reg 1 0x00000002 ]
  [ payload load 4b @ network header + 12 => reg 1 ]
  [ meta load mark => reg 2 ]
  [ byteorder reg 2 = hton(reg 2, 4, 4) ]
  [ bitwise reg 1 = ( reg 1 | reg 2 ) ]
  [ byteorder reg 1 = ntoh(reg 1, 4, 4) ]
  [ ct set mark with reg 1 ]
json: [{"mangle": {"key": {"ct": {"key": "mark"}}, "value": {"|": [{"payload": {"protocol": "ip", "field": "saddr"}}, {"meta": {"key": "mark"}}]}}}]

rule: ip daddr set ip saddr ^ ip daddr
  [ payload load 4b @ network header + 12 => reg 1 ]
  [ payload load 4b @ network header + 16 => reg 2 ]
  [ bitwise reg 1 = ( reg 1 ^ reg 2 ) ]
  [ payload write reg 1 => 4b @ network header + 16 csum_type 1 csum_off 10 csum_flags 0x1 ]
bytecode inet:
  [ meta load nfproto => reg 1 ]
  [ cmp eq reg 1 0x00000002 ]
  [ payload load 4b @ network header + 12 => reg 1 ]
  [ payload load 4b @ network header + 16 => reg 2 ]
  [ bitwise reg 1 = ( reg 1 ^ reg 2 ) ]
  [ payload write reg 1 => 4b @ network header + 16 csum_type 1 csum_off 10 csum_flags 0x1 ]
json: [{"mangle": {"key": {"payload": {"protocol": "ip", "field": "daddr"}}, "value": {"^": [{"payload": {"protocol": "ip", "field": "saddr"}}, {"payload": {"protocol": "ip", "field": "daddr"}}]}}}]

rule: meta mark set meta mark | tcp dport
  [ meta load l4proto => reg 1 ]
  [ cmp eq reg 1 0x00000006 ]
  [ meta load mark => reg 1 ]
  [ payload load 2b @ transport header + 2 => reg 2 ]
  [ byteorder reg 2 = ntoh(reg 2, 2, 2) ]
  [ bitwise reg 1 = ( reg 1 | reg 2 ) ]
  [ meta set mark with reg 1 ]
json: [{"mangle": {"key": {"meta": {"key": "mark"}}, "value": {"|": [{"meta": {"key": "mark"}}, {"payload": {"protocol": "tcp", "field": "dport"}}]}}}]

rule: tcp dport set tcp dport | tcp sport
  [ meta load l4proto => reg 1 ]
  [ cmp eq reg 1 0x00000006 ]
  [ payload load 2b @ transport header + 2 => reg 1 ]
  [ payload load 2b @ transport header + 0 => reg 2 ]
  [ bitwise reg 1 = ( reg 1 | reg 2 ) ]
  [ payload write reg 1 => 2b @ transport header + 2 csum_type 1 csum_off 16 csum_flags 0x0 ]
json: [{"mangle": {"key": {"payload": {"protocol": "tcp", "field": "dport"}}, "value": {"|": [{"payload": {"protocol": "tcp", "field": "dport"}}, {"payload": {"protocol": "tcp", "field": "sport"}}]}}}]

rule: meta mark set meta mark | ip dscp
  [ meta load mark => reg 1 ]
  [ payload load 1b @ network header + 1 => reg 2 ]
  [ bitwise reg 2 = ( reg 2 & 0x000000fc ) ^ 0x00000000 ]
  [ bitwise reg 2 = ( reg 2 >> 0x00000002 ) ]
  [ bitwise reg 1 = ( reg 1 | reg 2 ) ]
  [ meta set mark with reg 1 ]
bytecode inet:
  [ meta load nfproto => reg 1 ]
  [ cmp eq reg 1 0x00000002 ]
  [ meta load mark => reg 1 ]
  [ payload load 1b @ network header + 1 => reg 2 ]
  [ bitwise reg 2 = ( reg 2 & 0x000000fc ) ^ 0x00000000 ]
  [ bitwise reg 2 = ( reg 2 >> 0x00000002 ) ]
  [ bitwise reg 1 = ( reg 1 | reg 2 ) ]
  [ meta set mark with reg 1 ]
json: [{"mangle": {"key": {"meta": {"key": "mark"}}, "value": {"|": [{"meta": {"key": "mark"}}, {"payload": {"protocol": "ip", "field": "dscp"}}]}}}]

rule: meta mark set ip dscp | meta mark
  [ payload load 1b @ network header + 1 => reg 1 ]
  [ bitwise reg 1 = ( reg 1 & 0x000000fc ) ^ 0x00000000 ]
  [ bitwise reg 1 = ( reg 1 >> 0x00000002 ) ]
  [ meta load mark => reg 2 ]
  [ bitwise reg 1 = ( reg 1 | reg 2 ) ]
  [ meta set mark with reg 1 ]
bytecode inet:
  [ meta load nfproto => reg 1 ]
  [ cmp eq reg 1 0x00000002 ]
  [ payload load 1b @ network header + 1 => reg 1 ]
  [ bitwise reg 1 = ( reg 1 & 0x000000fc ) ^ 0x00000000 ]
  [ bitwise reg 1 = ( reg 1 >> 0x00000002 ) ]
  [ meta load mark => reg 2 ]
  [ bitwise reg 1 = ( reg 1 | reg 2 ) ]
  [ meta set mark with reg 1 ]
json: [{"mangle": {"key": {"meta": {"key": "mark"}}, "value": {"|": [{"payload": {"protocol": "ip", "field": "dscp"}}, {"meta": {"key": "mark"}}]}}}]

rule: ct mark set ct mark ^ ip dscp
  [ ct load mark => reg 1 ]
  [ payload load 1b @ network header + 1 => reg 2 ]
  [ bitwise reg 2 = ( reg 2 & 0x000000fc ) ^ 0x00000000 ]
  [ bitwise reg 2 = ( reg 2 >> 0x00000002 ) ]
  [ bitwise reg 1 = ( reg 1 ^ reg 2 ) ]
  [ ct set mark with reg 1 ]
bytecode inet:
  [ meta load nfproto => reg 1 ]
  [ cmp eq reg 1 0x00000002 ]
  [ ct load mark => reg 1 ]
  [ payload load 1b @ network header + 1 => reg 2 ]
  [ bitwise reg 2 = ( reg 2 & 0x000000fc ) ^ 0x00000000 ]
  [ bitwise reg 2 = ( reg 2 >> 0x00000002 ) ]
  [ bitwise reg 1 = ( reg 1 ^ reg 2 ) ]
  [ ct set mark with reg 1 ]
json: [{"mangle": {"key": {"ct": {"key": "mark"}}, "value": {"^": [{"ct": {"key": "mark"}}, {"payload": {"protocol": "ip", "field": "dscp"}}]}}}]

rule: meta mark set meta mark | ip protocol
  [ meta load mark => reg 1 ]
  [ payload load 1b @ network header + 9 => reg 2 ]
  [ bitwise reg 1 = ( reg 1 | reg 2 ) ]
  [ meta set mark with reg 1 ]
bytecode inet:
  [ meta load nfproto => reg 1 ]
  [ cmp eq reg 1 0x00000002 ]
  [ meta load mark => reg 1 ]
  [ payload load 1b @ network header + 9 => reg 2 ]
  [ bitwise reg 1 = ( reg 1 | reg 2 ) ]
  [ meta set mark with reg 1 ]
json: [{"mangle": {"key": {"meta": {"key": "mark"}}, "value": {"|": [{"meta": {"key": "mark"}}, {"payload": {"protocol": "ip", "field": "protocol"}}]}}}]

rule: meta mark set ip ttl | ip protocol
  [ payload load 1b @ network header + 8 => reg 1 ]
  [ payload load 1b @ network header + 9 => reg 2 ]
  [ bitwise reg 1 = ( reg 1 | reg 2 ) ]
  [ meta set mark with reg 1 ]
bytecode inet:
  [ meta load nfproto => reg 1 ]
  [ cmp eq reg 1 0x00000002 ]
  [ payload load 1b @ network header + 8 => reg 1 ]
  [ payload load 1b @ network header + 9 => reg 2 ]
  [ bitwise reg 1 = ( reg 1 | reg 2 ) ]
  [ meta set mark with reg 1 ]
json: [{"mangle": {"key": {"meta": {"key": "mark"}}, "value": {"|": [{"payload": {"protocol": "ip", "field": "ttl"}}, {"payload": {"protocol": "ip", "field": "protocol"}}]}}}]

rule: meta mark set meta mark | meta length
  [ meta load mark => reg 1 ]
  [ meta load len => reg 2 ]
  [ bitwise reg 1 = ( reg 1 | reg 2 ) ]
  [ meta set mark with reg 1 ]
json: [{"mangle": {"key": {"meta": {"key": "mark"}}, "value": {"|": [{"meta": {"key": "mark"}}, {"meta": {"key": "length"}}]}}}]

rule: meta mark set meta mark | ct mark | 0x10
list: meta mark set meta mark | ct mark | 0x00000010
  [ meta load mark => reg 1 ]
  [ ct load mark => reg 2 ]
  [ bitwise reg 1 = ( reg 1 | reg 2 ) ]
  [ bitwise reg 1 = ( reg 1 & 0xffffffef ) ^ 0x00000010 ]
  [ meta set mark with reg 1 ]
json: [{"mangle": {"key": {"meta": {"key": "mark"}}, "value": {"|": [{"meta": {"key": "mark"}}, {"ct": {"key": "mark"}}, 16]}}}]

rule: meta mark set (meta mark | 0x10) | ct mark
list: meta mark set meta mark | 0x00000010 | ct mark
  [ meta load mark => reg 1 ]
  [ bitwise reg 1 = ( reg 1 & 0xffffffef ) ^ 0x00000010 ]
  [ ct load mark => reg 2 ]
  [ bitwise reg 1 = ( reg 1 | reg 2 ) ]
  [ meta set mark with reg 1 ]
json: [{"mangle": {"key": {"meta": {"key": "mark"}}, "value": {"|": [{"meta": {"key": "mark"}}, 16, {"ct": {"key": "mark"}}]}}}]

rule: meta mark set ct mark & 0xff | meta mark
list: meta mark set ct mark & 0x000000ff | meta mark
  [ ct load mark => reg 1 ]
  [ bitwise reg 1 = ( reg 1 & 0x000000ff ) ^ 0x00000000 ]
  [ meta load mark => reg 2 ]
  [ bitwise reg 1 = ( reg 1 | reg 2 ) ]
  [ meta set mark with reg 1 ]
json: [{"mangle": {"key": {"meta": {"key": "mark"}}, "value": {"|": [{"&": [{"ct": {"key": "mark"}}, 255]}, {"meta": {"key": "mark"}}]}}}]

rule: meta mark set meta mark | 2 | ct mark
list: meta mark set meta mark | 0x00000002 | ct mark
  [ meta load mark => reg 1 ]
  [ bitwise reg 1 = ( reg 1 & 0xfffffffd ) ^ 0x00000002 ]
  [ ct load mark => reg 2 ]
  [ bitwise reg 1 = ( reg 1 | reg 2 ) ]
  [ meta set mark with reg 1 ]
json: [{"mangle": {"key": {"meta": {"key": "mark"}}, "value": {"|": [{"meta": {"key": "mark"}}, 2, {"ct": {"key": "mark"}}]}}}]

rule: meta mark set (meta mark | ct mark) >> 2
  [ meta load mark => reg 1 ]
  [ ct load mark => reg 2 ]
  [ bitwise reg 1 = ( reg 1 | reg 2 ) ]
  [ bitwise reg 1 = ( reg 1 >> 0x00000002 ) ]
  [ meta set mark with reg 1 ]
json: [{"mangle": {"key": {"meta": {"key": "mark"}}, "value": {">>": [{"|": [{"meta": {"key": "mark"}}, {"ct": {"key": "mark"}}]}, 2]}}}]

rule: meta mark set (meta mark | ct mark) & 0xff
list: meta mark set (meta mark | ct mark) & 0x000000ff
  [ meta load mark => reg 1 ]
  [ ct load mark => reg 2 ]
  [ bitwise reg 1 = ( reg 1 | reg 2 ) ]
  [ bitwise reg 1 = ( reg 1 & 0x000000ff ) ^ 0x00000000 ]
  [ meta set mark with reg 1 ]
json: [{"mangle": {"key": {"meta": {"key": "mark"}}, "value": {"&": [{"|": [{"meta": {"key": "mark"}}, {"ct": {"key": "mark"}}]}, 255]}}}]

rule: meta mark set ct mark | (meta mark & 0xf)
list: meta mark set ct mark | meta mark & 0x0000000f
  [ ct load mark => reg 1 ]
  [ meta load mark => reg 2 ]
  [ bitwise reg 2 = ( reg 2 & 0x0000000f ) ^ 0x00000000 ]
  [ bitwise reg 1 = ( reg 1 | reg 2 ) ]
  [ meta set mark with reg 1 ]
json: [{"mangle": {"key": {"meta": {"key": "mark"}}, "value": {"|": [{"ct": {"key": "mark"}}, {"&": [{"meta": {"key": "mark"}}, 15]}]}}}]

# JSON has one array of operands, as 1.1.3 writes it, which loads as a
# chain from the left: the same value
rule: meta mark set ct mark | (meta mark | ct mark)
list: meta mark set ct mark | meta mark | ct mark
  [ ct load mark => reg 1 ]
  [ meta load mark => reg 2 ]
  [ ct load mark => reg 3 ]
  [ bitwise reg 2 = ( reg 2 | reg 3 ) ]
  [ bitwise reg 1 = ( reg 1 | reg 2 ) ]
  [ meta set mark with reg 1 ]
json: [{"mangle": {"key": {"meta": {"key": "mark"}}, "value": {"|": [{"ct": {"key": "mark"}}, {"meta": {"key": "mark"}}, {"ct": {"key": "mark"}}]}}}]
json-bytecode:
  [ ct load mark => reg 1 ]
  [ meta load mark => reg 2 ]
  [ bitwise reg 1 = ( reg 1 | reg 2 ) ]
  [ ct load mark => reg 2 ]
  [ bitwise reg 1 = ( reg 1 | reg 2 ) ]
  [ meta set mark with reg 1 ]

rule: ct mark set meta mark | ct mark map { 1 : 2 }
list: ct mark set meta mark | ct mark map { 0x00000001 : 0x00000002 }
  __map%d t b
  __map%d t 0
  	element 00000001  : 00000002 0 [end]
  [ meta load mark => reg 1 ]
  [ ct load mark => reg 2 ]
  [ bitwise reg 1 = ( reg 1 | reg 2 ) ]
  [ lookup reg 1 set __map%d dreg 1 ]
  [ ct set mark with reg 1 ]
json: [{"mangle": {"key": {"ct": {"key": "mark"}}, "value": {"map": {"key": {"|": [{"meta": {"key": "mark"}}, {"ct": {"key": "mark"}}]}, "data": {"set": [[1, 2]]}}}}}]

rule: meta mark set meta mark | numgen inc mod 2
  [ meta load mark => reg 1 ]
  [ numgen reg 2 = inc mod 2 ]
  [ bitwise reg 1 = ( reg 1 | reg 2 ) ]
  [ meta set mark with reg 1 ]
json: [{"mangle": {"key": {"meta": {"key": "mark"}}, "value": {"|": [{"meta": {"key": "mark"}}, {"numgen": {"mode": "inc", "mod": 2, "offset": 0}}]}}}]

rule: meta mark set meta mark | ether saddr
  [ meta load iiftype => reg 1 ]
  [ cmp eq reg 1 0x00000001 ]
  [ meta load mark => reg 1 ]
  [ payload load 6b @ link header + 6 => reg 2 ]
  [ byteorder reg 2 = ntoh(reg 2, 2, 6) ]
  [ bitwise reg 1 = ( reg 1 | reg 2 ) ]
  [ meta set mark with reg 1 ]
json: [{"mangle": {"key": {"meta": {"key": "mark"}}, "value": {"|": [{"meta": {"key": "mark"}}, {"payload": {"protocol": "ether", "field": "saddr"}}]}}}]

rule: meta mark set meta mark and ct mark or meta priority
list: meta mark set meta mark & ct mark | meta priority
  [ meta load mark => reg 1 ]
  [ ct load mark => reg 2 ]
  [ bitwise reg 1 = ( reg 1 & reg 2 ) ]
  [ meta load priority => reg 2 ]
  [ bitwise reg 1 = ( reg 1 | reg 2 ) ]
  [ meta set mark with reg 1 ]
json: [{"mangle": {"key": {"meta": {"key": "mark"}}, "value": {"|": [{"&": [{"meta": {"key": "mark"}}, {"ct": {"key": "mark"}}]}, {"meta": {"key": "priority"}}]}}}]

rule: meta mark set meta mark | jhash ip saddr mod 4
  [ meta load mark => reg 1 ]
  [ payload load 4b @ network header + 12 => reg 3 ]
  [ hash reg 2 = jhash(reg 3, 4, 0x0) % mod 4 ]
  [ bitwise reg 1 = ( reg 1 | reg 2 ) ]
  [ meta set mark with reg 1 ]
bytecode inet:
  [ meta load nfproto => reg 1 ]
  [ cmp eq reg 1 0x00000002 ]
  [ meta load mark => reg 1 ]
  [ payload load 4b @ network header + 12 => reg 3 ]
  [ hash reg 2 = jhash(reg 3, 4, 0x0) % mod 4 ]
  [ bitwise reg 1 = ( reg 1 | reg 2 ) ]
  [ meta set mark with reg 1 ]
json: [{"mangle": {"key": {"meta": {"key": "mark"}}, "value": {"|": [{"meta": {"key": "mark"}}, {"jhash": {"mod": 4, "expr": {"payload": {"protocol": "ip", "field": "saddr"}}}}]}}}]

rule: meta mark set meta mark | symhash mod 2
  [ meta load mark => reg 1 ]
  [ hash reg 2 = symhash() % mod 2 ]
  [ bitwise reg 1 = ( reg 1 | reg 2 ) ]
  [ meta set mark with reg 1 ]
json: [{"mangle": {"key": {"meta": {"key": "mark"}}, "value": {"|": [{"meta": {"key": "mark"}}, {"symhash": {"mod": 2}}]}}}]

rule: meta mark set meta mark | rt classid
  [ meta load mark => reg 1 ]
  [ rt load classid => reg 2 ]
  [ bitwise reg 1 = ( reg 1 | reg 2 ) ]
  [ meta set mark with reg 1 ]
json: [{"mangle": {"key": {"meta": {"key": "mark"}}, "value": {"|": [{"meta": {"key": "mark"}}, {"rt": {"key": "classid"}}]}}}]

rule: meta mark set meta mark | socket mark
  [ meta load mark => reg 1 ]
  [ socket load mark => reg 2 ]
  [ bitwise reg 1 = ( reg 1 | reg 2 ) ]
  [ meta set mark with reg 1 ]
json: [{"mangle": {"key": {"meta": {"key": "mark"}}, "value": {"|": [{"meta": {"key": "mark"}}, {"socket": {"key": "mark"}}]}}}]

rule: meta mark set meta mark | tcp option maxseg size
  [ meta load mark => reg 1 ]
  [ exthdr load tcpopt 2b @ 2 + 2 => reg 2 ]
  [ byteorder reg 2 = ntoh(reg 2, 2, 2) ]
  [ bitwise reg 1 = ( reg 1 | reg 2 ) ]
  [ meta set mark with reg 1 ]
json: [{"mangle": {"key": {"meta": {"key": "mark"}}, "value": {"|": [{"meta": {"key": "mark"}}, {"tcp option": {"name": "maxseg", "field": "size"}}]}}}]

rule: meta mark set meta mark | tcp option sack-perm
  [ meta load mark => reg 1 ]
  [ exthdr load tcpopt 1b @ 4 + 0 present => reg 2 ]
  [ bitwise reg 1 = ( reg 1 | reg 2 ) ]
  [ meta set mark with reg 1 ]
json: [{"mangle": {"key": {"meta": {"key": "mark"}}, "value": {"|": [{"meta": {"key": "mark"}}, {"tcp option": {"name": "sack-perm"}}]}}}]

rule: meta mark set numgen inc mod 2 | meta mark
  [ numgen reg 1 = inc mod 2 ]
  [ meta load mark => reg 2 ]
  [ bitwise reg 1 = ( reg 1 | reg 2 ) ]
  [ meta set mark with reg 1 ]
json: [{"mangle": {"key": {"meta": {"key": "mark"}}, "value": {"|": [{"numgen": {"mode": "inc", "mod": 2, "offset": 0}}, {"meta": {"key": "mark"}}]}}}]

rule: meta mark set meta mark | ct mark & meta priority
  [ meta load mark => reg 1 ]
  [ ct load mark => reg 2 ]
  [ meta load priority => reg 3 ]
  [ bitwise reg 2 = ( reg 2 & reg 3 ) ]
  [ bitwise reg 1 = ( reg 1 | reg 2 ) ]
  [ meta set mark with reg 1 ]
json: [{"mangle": {"key": {"meta": {"key": "mark"}}, "value": {"|": [{"meta": {"key": "mark"}}, {"&": [{"ct": {"key": "mark"}}, {"meta": {"key": "priority"}}]}]}}}]

rule ip: meta mark set meta mark | rt nexthop
list: meta mark set meta mark | rt ip nexthop
  [ meta load mark => reg 1 ]
  [ rt load nexthop4 => reg 2 ]
  [ byteorder reg 2 = ntoh(reg 2, 4, 4) ]
  [ bitwise reg 1 = ( reg 1 | reg 2 ) ]
  [ meta set mark with reg 1 ]
json: [{"mangle": {"key": {"meta": {"key": "mark"}}, "value": {"|": [{"meta": {"key": "mark"}}, {"rt": {"key": "nexthop", "family": "ip"}}]}}}]

fail: meta mark set meta mark | osf ttl loose name

fail: meta mark set meta mark | fib daddr type

fail: meta mark set meta mark >> ct mark

fail: meta mark set meta mark << ct mark

fail: meta mark set meta mark | ip saddr . tcp dport

fail: ip saddr set ip saddr | ip6 saddr

fail: meta mark set meta mark | iifname

fail: ip ttl set ip protocol | meta mark

fail: ip ttl set ip ttl | ip protocol

rule inet: meta mark set meta mark | ip6 dscp
  [ meta load nfproto => reg 1 ]
  [ cmp eq reg 1 0x0000000a ]
  [ meta load mark => reg 1 ]
  [ payload load 2b @ network header + 0 => reg 2 ]
  [ bitwise reg 2 = ( reg 2 & 0x0000c00f ) ^ 0x00000000 ]
  [ byteorder reg 2 = ntoh(reg 2, 2, 2) ]
  [ bitwise reg 2 = ( reg 2 >> 0x00000006 ) ]
  [ bitwise reg 1 = ( reg 1 | reg 2 ) ]
  [ meta set mark with reg 1 ]
json: [{"mangle": {"key": {"meta": {"key": "mark"}}, "value": {"|": [{"meta": {"key": "mark"}}, {"payload": {"protocol": "ip6", "field": "dscp"}}]}}}]

rule inet: meta mark set ip6 dscp | meta mark
  [ meta load nfproto => reg 1 ]
  [ cmp eq reg 1 0x0000000a ]
  [ payload load 2b @ network header + 0 => reg 1 ]
  [ bitwise reg 1 = ( reg 1 & 0x0000c00f ) ^ 0x00000000 ]
  [ byteorder reg 1 = ntoh(reg 1, 2, 2) ]
  [ bitwise reg 1 = ( reg 1 >> 0x00000006 ) ]
  [ meta load mark => reg 2 ]
  [ bitwise reg 1 = ( reg 1 | reg 2 ) ]
  [ meta set mark with reg 1 ]
json: [{"mangle": {"key": {"meta": {"key": "mark"}}, "value": {"|": [{"payload": {"protocol": "ip6", "field": "dscp"}}, {"meta": {"key": "mark"}}]}}}]

# 1.1.3 lists the flow label raw, "@nh,8,24 & 0xfffff", which reloads
# as another value (the mask after the ntoh, not before)
rule inet: meta mark set meta mark | ip6 flowlabel
  [ meta load nfproto => reg 1 ]
  [ cmp eq reg 1 0x0000000a ]
  [ meta load mark => reg 1 ]
  [ payload load 3b @ network header + 1 => reg 2 ]
  [ bitwise reg 2 = ( reg 2 & 0x00ffff0f ) ^ 0x00000000 ]
  [ byteorder reg 2 = ntoh(reg 2, 2, 3) ]
  [ bitwise reg 1 = ( reg 1 | reg 2 ) ]
  [ meta set mark with reg 1 ]
json: [{"mangle": {"key": {"meta": {"key": "mark"}}, "value": {"|": [{"meta": {"key": "mark"}}, {"payload": {"protocol": "ip6", "field": "flowlabel"}}]}}}]
ref-list: meta nfproto ipv6 meta mark set meta mark | @nh,8,24 & 0xfffff
ref-json: [{"match": {"op": "==", "left": {"meta": {"key": "nfproto"}}, "right": "ipv6"}}, {"mangle": {"key": {"meta": {"key": "mark"}}, "value": {"|": [{"meta": {"key": "mark"}}, {"&": [{"payload": {"base": "nh", "offset": 8, "len": 24}}, 1048575]}]}}}]

# a mark takes no flags nor link layer addresses, as in 1.1.3 (a shift
# makes a number of flags)
fail: meta mark set ct state & 2

fail: meta mark set ct state | meta mark

fail: meta mark set ether saddr | meta mark

fail: meta mark set ether saddr

fail: ct mark set ct status

fail: meta mark set ct label

rule: meta mark set meta mark | ct state
  [ meta load mark => reg 1 ]
  [ ct load state => reg 2 ]
  [ bitwise reg 1 = ( reg 1 | reg 2 ) ]
  [ meta set mark with reg 1 ]
json: [{"mangle": {"key": {"meta": {"key": "mark"}}, "value": {"|": [{"meta": {"key": "mark"}}, {"ct": {"key": "state"}}]}}}]

rule: meta mark set tcp flags >> 1
  [ meta load l4proto => reg 1 ]
  [ cmp eq reg 1 0x00000006 ]
  [ payload load 1b @ transport header + 13 => reg 1 ]
  [ bitwise reg 1 = ( reg 1 >> 0x00000001 ) ]
  [ meta set mark with reg 1 ]
json: [{"mangle": {"key": {"meta": {"key": "mark"}}, "value": {">>": [{"payload": {"protocol": "tcp", "field": "flags"}}, 1]}}}]
