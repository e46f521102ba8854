# udplite, sctp, dccp, ah, esp, comp and th
families: ip ip6 inet bridge netdev
table: t
chain: c { type filter hook input priority filter; policy accept; }
chain netdev: c { type filter hook ingress device "v0" priority filter; policy accept; }
chain: target
veth netdev: v0 v1

rule: udplite sport 1
  [ meta load l4proto => reg 1 ]
  [ cmp eq reg 1 0x00000088 ]
  [ payload load 2b @ transport header + 0 => reg 1 ]
  [ cmp eq reg 1 0x00000100 ]
json: [{"match": {"op": "==", "left": {"payload": {"protocol": "udplite", "field": "sport"}}, "right": 1}}]

rule: udplite dport 53
  [ meta load l4proto => reg 1 ]
  [ cmp eq reg 1 0x00000088 ]
  [ payload load 2b @ transport header + 2 => reg 1 ]
  [ cmp eq reg 1 0x00003500 ]
json: [{"match": {"op": "==", "left": {"payload": {"protocol": "udplite", "field": "dport"}}, "right": 53}}]

rule: udplite csumcov 8
  [ meta load l4proto => reg 1 ]
  [ cmp eq reg 1 0x00000088 ]
  [ payload load 2b @ transport header + 4 => reg 1 ]
  [ cmp eq reg 1 0x00000800 ]
json: [{"match": {"op": "==", "left": {"payload": {"protocol": "udplite", "field": "csumcov"}}, "right": 8}}]

rule: udplite checksum 1
  [ meta load l4proto => reg 1 ]
  [ cmp eq reg 1 0x00000088 ]
  [ payload load 2b @ transport header + 6 => reg 1 ]
  [ cmp eq reg 1 0x00000100 ]
json: [{"match": {"op": "==", "left": {"payload": {"protocol": "udplite", "field": "checksum"}}, "right": 1}}]

rule: sctp sport 1
  [ meta load l4proto => reg 1 ]
  [ cmp eq reg 1 0x00000084 ]
  [ payload load 2b @ transport header + 0 => reg 1 ]
  [ cmp eq reg 1 0x00000100 ]
json: [{"match": {"op": "==", "left": {"payload": {"protocol": "sctp", "field": "sport"}}, "right": 1}}]

rule: sctp dport 80
  [ meta load l4proto => reg 1 ]
  [ cmp eq reg 1 0x00000084 ]
  [ payload load 2b @ transport header + 2 => reg 1 ]
  [ cmp eq reg 1 0x00005000 ]
json: [{"match": {"op": "==", "left": {"payload": {"protocol": "sctp", "field": "dport"}}, "right": 80}}]

rule: sctp vtag 5
  [ meta load l4proto => reg 1 ]
  [ cmp eq reg 1 0x00000084 ]
  [ payload load 4b @ transport header + 4 => reg 1 ]
  [ cmp eq reg 1 0x05000000 ]
json: [{"match": {"op": "==", "left": {"payload": {"protocol": "sctp", "field": "vtag"}}, "right": 5}}]

rule: sctp checksum 5
  [ meta load l4proto => reg 1 ]
  [ cmp eq reg 1 0x00000084 ]
  [ payload load 4b @ transport header + 8 => reg 1 ]
  [ cmp eq reg 1 0x05000000 ]
json: [{"match": {"op": "==", "left": {"payload": {"protocol": "sctp", "field": "checksum"}}, "right": 5}}]

rule: dccp sport 1
  [ meta load l4proto => reg 1 ]
  [ cmp eq reg 1 0x00000021 ]
  [ payload load 2b @ transport header + 0 => reg 1 ]
  [ cmp eq reg 1 0x00000100 ]
json: [{"match": {"op": "==", "left": {"payload": {"protocol": "dccp", "field": "sport"}}, "right": 1}}]

rule: dccp dport 80
  [ meta load l4proto => reg 1 ]
  [ cmp eq reg 1 0x00000021 ]
  [ payload load 2b @ transport header + 2 => reg 1 ]
  [ cmp eq reg 1 0x00005000 ]
json: [{"match": {"op": "==", "left": {"payload": {"protocol": "dccp", "field": "dport"}}, "right": 80}}]

rule: dccp type request
  [ meta load l4proto => reg 1 ]
  [ cmp eq reg 1 0x00000021 ]
  [ payload load 1b @ transport header + 8 => reg 1 ]
  [ bitwise reg 1 = ( reg 1 & 0x0000001e ) ^ 0x00000000 ]
  [ cmp eq reg 1 0x00000000 ]
json: [{"match": {"op": "==", "left": {"payload": {"protocol": "dccp", "field": "type"}}, "right": "request"}}]

rule: dccp type != ack
  [ meta load l4proto => reg 1 ]
  [ cmp eq reg 1 0x00000021 ]
  [ payload load 1b @ transport header + 8 => reg 1 ]
  [ bitwise reg 1 = ( reg 1 & 0x0000001e ) ^ 0x00000000 ]
  [ cmp neq reg 1 0x00000006 ]
json: [{"match": {"op": "!=", "left": {"payload": {"protocol": "dccp", "field": "type"}}, "right": "ack"}}]

rule: ah hdrlength 5
  [ meta load l4proto => reg 1 ]
  [ cmp eq reg 1 0x00000033 ]
  [ payload load 1b @ transport header + 1 => reg 1 ]
  [ cmp eq reg 1 0x00000005 ]
json: [{"match": {"op": "==", "left": {"payload": {"protocol": "ah", "field": "hdrlength"}}, "right": 5}}]

rule: ah reserved 1
  [ meta load l4proto => reg 1 ]
  [ cmp eq reg 1 0x00000033 ]
  [ payload load 2b @ transport header + 2 => reg 1 ]
  [ cmp eq reg 1 0x00000100 ]
json: [{"match": {"op": "==", "left": {"payload": {"protocol": "ah", "field": "reserved"}}, "right": 1}}]

rule: ah spi 5
  [ meta load l4proto => reg 1 ]
  [ cmp eq reg 1 0x00000033 ]
  [ payload load 4b @ transport header + 4 => reg 1 ]
  [ cmp eq reg 1 0x05000000 ]
json: [{"match": {"op": "==", "left": {"payload": {"protocol": "ah", "field": "spi"}}, "right": 5}}]

rule: ah sequence 5
  [ meta load l4proto => reg 1 ]
  [ cmp eq reg 1 0x00000033 ]
  [ payload load 4b @ transport header + 8 => reg 1 ]
  [ cmp eq reg 1 0x05000000 ]
json: [{"match": {"op": "==", "left": {"payload": {"protocol": "ah", "field": "sequence"}}, "right": 5}}]

rule: esp spi 5
  [ meta load l4proto => reg 1 ]
  [ cmp eq reg 1 0x00000032 ]
  [ payload load 4b @ transport header + 0 => reg 1 ]
  [ cmp eq reg 1 0x05000000 ]
json: [{"match": {"op": "==", "left": {"payload": {"protocol": "esp", "field": "spi"}}, "right": 5}}]

rule: esp sequence 5
  [ meta load l4proto => reg 1 ]
  [ cmp eq reg 1 0x00000032 ]
  [ payload load 4b @ transport header + 4 => reg 1 ]
  [ cmp eq reg 1 0x05000000 ]
json: [{"match": {"op": "==", "left": {"payload": {"protocol": "esp", "field": "sequence"}}, "right": 5}}]

rule: comp flags 0x1
  [ meta load l4proto => reg 1 ]
  [ cmp eq reg 1 0x0000006c ]
  [ payload load 1b @ transport header + 1 => reg 1 ]
  [ cmp eq reg 1 0x00000001 ]
json: [{"match": {"op": "==", "left": {"payload": {"protocol": "comp", "field": "flags"}}, "right": 1}}]

# the dependency of a transport member is implied where the network
# header's is made for a later member (1.1.3 lists neither)
rule bridge netdev: ah nexthdr . arp plen { icmp . 0, esp . 10 }
  __set%d t 3
  __set%d t 0
  	element 00000001 00000000  : 0 [end]	element 00000032 0000000a  : 0 [end]
  [ meta load l4proto => reg 1 ]
  [ cmp eq reg 1 0x00000033 ]
  [ payload load 2b @ link header + 12 => reg 1 ]
  [ cmp eq reg 1 0x00000608 ]
  [ payload load 1b @ transport header + 0 => reg 1 ]
  [ payload load 1b @ network header + 5 => reg 9 ]
  [ lookup reg 1 set __set%d ]
bytecode netdev:
  __set%d t 3
  __set%d t 0
  	element 00000001 00000000  : 0 [end]	element 00000032 0000000a  : 0 [end]
  [ meta load l4proto => reg 1 ]
  [ cmp eq reg 1 0x00000033 ]
  [ meta load protocol => reg 1 ]
  [ cmp eq reg 1 0x00000608 ]
  [ payload load 1b @ transport header + 0 => reg 1 ]
  [ payload load 1b @ network header + 5 => reg 9 ]
  [ lookup reg 1 set __set%d ]
json: [{"match": {"op": "==", "left": {"concat": [{"payload": {"protocol": "ah", "field": "nexthdr"}}, {"payload": {"protocol": "arp", "field": "plen"}}]}, "right": {"set": [{"concat": ["icmp", 0]}, {"concat": ["esp", 10]}]}}}]

# a set of comp flags is keyed by 1.1.3's bitmask type, its members
# sorted by value
rule: comp flags vmap { 255 : drop, 0xf : jump target }
list: comp flags vmap { 0xf : jump target, 0xff : drop }
  __map%d t b
  __map%d t 0
  	element 000000ff  : drop 0 [end]	element 0000000f  : jump -> target 0 [end]
  [ meta load l4proto => reg 1 ]
  [ cmp eq reg 1 0x0000006c ]
  [ payload load 1b @ transport header + 1 => reg 1 ]
  [ lookup reg 1 set __map%d dreg 0 ]
json: [{"vmap": {"key": {"payload": {"protocol": "comp", "field": "flags"}}, "data": {"set": [[15, {"jump": {"target": "target"}}], [255, {"drop": null}]]}}}]

rule: comp flags { 5, 1, 2 }
list: comp flags { 0x1, 0x2, 0x5 }
  __set%d t 3
  __set%d t 0
  	element 00000005  : 0 [end]	element 00000001  : 0 [end]	element 00000002  : 0 [end]
  [ meta load l4proto => reg 1 ]
  [ cmp eq reg 1 0x0000006c ]
  [ payload load 1b @ transport header + 1 => reg 1 ]
  [ lookup reg 1 set __set%d ]
json: [{"match": {"op": "==", "left": {"payload": {"protocol": "comp", "field": "flags"}}, "right": {"set": [1, 2, 5]}}}]

# comp flags is a bitmask to the reference: no place in a concatenation
fail: comp flags . comp cpi { 1 . 2 }

fail: comp nexthdr . comp flags { 1 . 2 }

rule: comp cpi 5
  [ meta load l4proto => reg 1 ]
  [ cmp eq reg 1 0x0000006c ]
  [ payload load 2b @ transport header + 2 => reg 1 ]
  [ cmp eq reg 1 0x00000500 ]
json: [{"match": {"op": "==", "left": {"payload": {"protocol": "comp", "field": "cpi"}}, "right": 5}}]

rule: th sport 1
  [ payload load 2b @ transport header + 0 => reg 1 ]
  [ cmp eq reg 1 0x00000100 ]
json: [{"match": {"op": "==", "left": {"payload": {"protocol": "th", "field": "sport"}}, "right": 1}}]

rule: th dport 22
  [ payload load 2b @ transport header + 2 => reg 1 ]
  [ cmp eq reg 1 0x00001600 ]
json: [{"match": {"op": "==", "left": {"payload": {"protocol": "th", "field": "dport"}}, "right": 22}}]

rule: tcp dport 22 th sport 1
list: tcp sport 1 tcp dport 22
  [ meta load l4proto => reg 1 ]
  [ cmp eq reg 1 0x00000006 ]
  [ payload load 4b @ transport header + 0 => reg 1 ]
  [ cmp eq reg 1 0x16000100 ]
json: [{"match": {"op": "==", "left": {"payload": {"protocol": "tcp", "field": "sport"}}, "right": 1}}, {"match": {"op": "==", "left": {"payload": {"protocol": "tcp", "field": "dport"}}, "right": 22}}]

fail: meta l4proto tcp udp dport 1

fail: dccp type foo

fail: sctp vtag 4294967296

rule: ah nexthdr esp
  [ meta load l4proto => reg 1 ]
  [ cmp eq reg 1 0x00000033 ]
  [ payload load 1b @ transport header + 0 => reg 1 ]
  [ cmp eq reg 1 0x00000032 ]
json: [{"match": {"op": "==", "left": {"payload": {"protocol": "ah", "field": "nexthdr"}}, "right": "esp"}}]

rule: comp nexthdr esp
  [ meta load l4proto => reg 1 ]
  [ cmp eq reg 1 0x0000006c ]
  [ payload load 1b @ transport header + 0 => reg 1 ]
  [ cmp eq reg 1 0x00000032 ]
json: [{"match": {"op": "==", "left": {"payload": {"protocol": "comp", "field": "nexthdr"}}, "right": "esp"}}]

# th names no protocol: a protocol's field after it is no conflict, and
# th fields merged into one load list as that load, as 1.1.3 lists them
rule: th sport 8 ah hdrlength 3
  [ payload load 2b @ transport header + 0 => reg 1 ]
  [ cmp eq reg 1 0x00000800 ]
  [ meta load l4proto => reg 1 ]
  [ cmp eq reg 1 0x00000033 ]
  [ payload load 1b @ transport header + 1 => reg 1 ]
  [ cmp eq reg 1 0x00000003 ]
json: [{"match": {"op": "==", "left": {"payload": {"protocol": "th", "field": "sport"}}, "right": 8}}, {"match": {"op": "==", "left": {"payload": {"protocol": "ah", "field": "hdrlength"}}, "right": 3}}]

rule: th sport 8 th dport 3
list: @th,0,32 0x80003
  [ payload load 4b @ transport header + 0 => reg 1 ]
  [ cmp eq reg 1 0x03000800 ]
json: [{"match": {"op": "==", "left": {"payload": {"base": "th", "offset": 0, "len": 32}}, "right": 524291}}]

rule: th sport 8 tcp dport 3
list: @th,0,32 0x80003 meta l4proto tcp
  [ payload load 4b @ transport header + 0 => reg 1 ]
  [ cmp eq reg 1 0x03000800 ]
  [ meta load l4proto => reg 1 ]
  [ cmp eq reg 1 0x00000006 ]
json: [{"match": {"op": "==", "left": {"payload": {"base": "th", "offset": 0, "len": 32}}, "right": 524291}}, {"match": {"op": "==", "left": {"meta": {"key": "l4proto"}}, "right": "tcp"}}]
