# catch-all elements ("*", NFT_SET_ELEM_CATCHALL) in a rule's anonymous
# sets and maps: no key, sent after the other elements
families: ip inet
table: t
chain: c { type filter hook input priority filter; policy accept; }
chain: target

rule: ip saddr vmap { 1.1.1.1 : accept, * : drop }
  __map%d t b
  __map%d t 0
  	element 01010101  : accept 0 [end]	element  : drop 2 [end]
  [ payload load 4b @ network header + 12 => reg 1 ]
  [ lookup reg 1 set __map%d dreg 0 ]
bytecode inet:
  __map%d t b
  __map%d t 0
  	element 01010101  : accept 0 [end]	element  : drop 2 [end]
  [ meta load nfproto => reg 1 ]
  [ cmp eq reg 1 0x00000002 ]
  [ payload load 4b @ network header + 12 => reg 1 ]
  [ lookup reg 1 set __map%d dreg 0 ]
json: [{"vmap": {"key": {"payload": {"protocol": "ip", "field": "saddr"}}, "data": {"set": [["1.1.1.1", {"accept": null}], ["*", {"drop": null}]]}}}]

rule: ip saddr { * } counter
list: ip saddr { * } counter packets 0 bytes 0
  __set%d t 3
  __set%d t 0
  	element  : 2 [end]
  [ payload load 4b @ network header + 12 => reg 1 ]
  [ lookup reg 1 set __set%d ]
  [ counter pkts 0 bytes 0 ]
bytecode inet:
  __set%d t 3
  __set%d t 0
  	element  : 2 [end]
  [ meta load nfproto => reg 1 ]
  [ cmp eq reg 1 0x00000002 ]
  [ payload load 4b @ network header + 12 => reg 1 ]
  [ lookup reg 1 set __set%d ]
  [ counter pkts 0 bytes 0 ]
json: [{"match": {"op": "==", "left": {"payload": {"protocol": "ip", "field": "saddr"}}, "right": {"set": ["*"]}}}, {"counter": {"packets": 0, "bytes": 0}}]

rule: meta mark set ip saddr map { * : 3 }
list: meta mark set ip saddr map { * : 0x00000003 }
  __map%d t b
  __map%d t 0
  	element  : 00000003 2 [end]
  [ payload load 4b @ network header + 12 => reg 1 ]
  [ lookup reg 1 set __map%d dreg 1 ]
  [ meta set mark with reg 1 ]
bytecode inet:
  __map%d t b
  __map%d t 0
  	element  : 00000003 2 [end]
  [ meta load nfproto => reg 1 ]
  [ cmp eq reg 1 0x00000002 ]
  [ payload load 4b @ network header + 12 => reg 1 ]
  [ lookup reg 1 set __map%d dreg 1 ]
  [ meta set mark with reg 1 ]
json: [{"mangle": {"key": {"meta": {"key": "mark"}}, "value": {"map": {"key": {"payload": {"protocol": "ip", "field": "saddr"}}, "data": {"set": [["*", 3]]}}}}}]

rule: tcp dport vmap { * : jump target }
  __map%d t b
  __map%d t 0
  	element  : jump -> target 2 [end]
  [ meta load l4proto => reg 1 ]
  [ cmp eq reg 1 0x00000006 ]
  [ payload load 2b @ transport header + 2 => reg 1 ]
  [ lookup reg 1 set __map%d dreg 0 ]
json: [{"vmap": {"key": {"payload": {"protocol": "tcp", "field": "dport"}}, "data": {"set": [["*", {"jump": {"target": "target"}}]]}}}]

rule: ip saddr { 10.0.0.0/8, * } accept
  __set%d t 7
  __set%d t 0
  	element 00000000  : 1 [end]	element  : 2 [end]	element 0000000a  : 0 [end]	element 0000000b  : 1 [end]
  [ payload load 4b @ network header + 12 => reg 1 ]
  [ lookup reg 1 set __set%d ]
  [ immediate reg 0 accept ]
bytecode inet:
  __set%d t 7
  __set%d t 0
  	element 00000000  : 1 [end]	element  : 2 [end]	element 0000000a  : 0 [end]	element 0000000b  : 1 [end]
  [ meta load nfproto => reg 1 ]
  [ cmp eq reg 1 0x00000002 ]
  [ payload load 4b @ network header + 12 => reg 1 ]
  [ lookup reg 1 set __set%d ]
  [ immediate reg 0 accept ]
json: [{"match": {"op": "==", "left": {"payload": {"protocol": "ip", "field": "saddr"}}, "right": {"set": [{"prefix": {"addr": "10.0.0.0", "len": 8}}, "*"]}}}, {"accept": null}]

rule: ip saddr . tcp dport { 1.1.1.1 . 22, * } accept
  __set%d t 3
  __set%d t 0
  	element 01010101 00001600  : 0 [end]	element  : 2 [end]
  [ meta load l4proto => reg 1 ]
  [ cmp eq reg 1 0x00000006 ]
  [ payload load 4b @ network header + 12 => reg 1 ]
  [ payload load 2b @ transport header + 2 => reg 9 ]
  [ lookup reg 1 set __set%d ]
  [ immediate reg 0 accept ]
bytecode inet:
  __set%d t 3
  __set%d t 0
  	element 01010101 00001600  : 0 [end]	element  : 2 [end]
  [ meta load nfproto => reg 1 ]
  [ cmp eq reg 1 0x00000002 ]
  [ meta load l4proto => reg 1 ]
  [ cmp eq reg 1 0x00000006 ]
  [ payload load 4b @ network header + 12 => reg 1 ]
  [ payload load 2b @ transport header + 2 => reg 9 ]
  [ lookup reg 1 set __set%d ]
  [ immediate reg 0 accept ]
json: [{"match": {"op": "==", "left": {"concat": [{"payload": {"protocol": "ip", "field": "saddr"}}, {"payload": {"protocol": "tcp", "field": "dport"}}]}, "right": {"set": [{"concat": ["1.1.1.1", 22]}, "*"]}}}, {"accept": null}]

rule: ip saddr . tcp dport vmap { 1.1.1.1 . 22 : accept, * : drop }
  __map%d t b
  __map%d t 0
  	element 01010101 00001600  : accept 0 [end]	element  : drop 2 [end]
  [ meta load l4proto => reg 1 ]
  [ cmp eq reg 1 0x00000006 ]
  [ payload load 4b @ network header + 12 => reg 1 ]
  [ payload load 2b @ transport header + 2 => reg 9 ]
  [ lookup reg 1 set __map%d dreg 0 ]
bytecode inet:
  __map%d t b
  __map%d t 0
  	element 01010101 00001600  : accept 0 [end]	element  : drop 2 [end]
  [ meta load nfproto => reg 1 ]
  [ cmp eq reg 1 0x00000002 ]
  [ meta load l4proto => reg 1 ]
  [ cmp eq reg 1 0x00000006 ]
  [ payload load 4b @ network header + 12 => reg 1 ]
  [ payload load 2b @ transport header + 2 => reg 9 ]
  [ lookup reg 1 set __map%d dreg 0 ]
json: [{"vmap": {"key": {"concat": [{"payload": {"protocol": "ip", "field": "saddr"}}, {"payload": {"protocol": "tcp", "field": "dport"}}]}, "data": {"set": [[{"concat": ["1.1.1.1", 22]}, {"accept": null}], ["*", {"drop": null}]]}}}]

rule: tcp dport != { 22, 80, * } drop
  __set%d t 3
  __set%d t 0
  	element 00001600  : 0 [end]	element 00005000  : 0 [end]	element  : 2 [end]
  [ meta load l4proto => reg 1 ]
  [ cmp eq reg 1 0x00000006 ]
  [ payload load 2b @ transport header + 2 => reg 1 ]
  [ lookup reg 1 set __set%d 0x1 ]
  [ immediate reg 0 drop ]
json: [{"match": {"op": "!=", "left": {"payload": {"protocol": "tcp", "field": "dport"}}, "right": {"set": [22, 80, "*"]}}}, {"drop": null}]

fail: ip saddr . tcp dport vmap { 1.1.1.1 . * : accept }

fail: ip saddr *

fail: ip saddr vmap { * }

rule: ip saddr { 0.0.0.0/8, * } accept
  __set%d t 7
  __set%d t 0
  	element 00000000  : 0 [end]	element 00000001  : 1 [end]	element  : 2 [end]
  [ payload load 4b @ network header + 12 => reg 1 ]
  [ lookup reg 1 set __set%d ]
  [ immediate reg 0 accept ]
bytecode inet:
  __set%d t 7
  __set%d t 0
  	element 00000000  : 0 [end]	element 00000001  : 1 [end]	element  : 2 [end]
  [ meta load nfproto => reg 1 ]
  [ cmp eq reg 1 0x00000002 ]
  [ payload load 4b @ network header + 12 => reg 1 ]
  [ lookup reg 1 set __set%d ]
  [ immediate reg 0 accept ]
json: [{"match": {"op": "==", "left": {"payload": {"protocol": "ip", "field": "saddr"}}, "right": {"set": [{"prefix": {"addr": "0.0.0.0", "len": 8}}, "*"]}}}, {"accept": null}]

rule: tcp dport { 22-23, * } accept
  __set%d t 7
  __set%d t 0
  	element 00000000  : 1 [end]	element  : 2 [end]	element 00001600  : 0 [end]	element 00001800  : 1 [end]
  [ meta load l4proto => reg 1 ]
  [ cmp eq reg 1 0x00000006 ]
  [ payload load 2b @ transport header + 2 => reg 1 ]
  [ lookup reg 1 set __set%d ]
  [ immediate reg 0 accept ]
json: [{"match": {"op": "==", "left": {"payload": {"protocol": "tcp", "field": "dport"}}, "right": {"set": [{"range": [22, 23]}, "*"]}}}, {"accept": null}]

rule: ip saddr { *, 10.0.0.0/8, 10.1.0.0/16 } accept
list: ip saddr { 10.0.0.0/8, * } accept
  __set%d t 7
  __set%d t 0
  	element 00000000  : 1 [end]	element  : 2 [end]	element 0000000a  : 0 [end]	element 0000000b  : 1 [end]
  [ payload load 4b @ network header + 12 => reg 1 ]
  [ lookup reg 1 set __set%d ]
  [ immediate reg 0 accept ]
bytecode inet:
  __set%d t 7
  __set%d t 0
  	element 00000000  : 1 [end]	element  : 2 [end]	element 0000000a  : 0 [end]	element 0000000b  : 1 [end]
  [ meta load nfproto => reg 1 ]
  [ cmp eq reg 1 0x00000002 ]
  [ payload load 4b @ network header + 12 => reg 1 ]
  [ lookup reg 1 set __set%d ]
  [ immediate reg 0 accept ]
json: [{"match": {"op": "==", "left": {"payload": {"protocol": "ip", "field": "saddr"}}, "right": {"set": [{"prefix": {"addr": "10.0.0.0", "len": 8}}, "*"]}}}, {"accept": null}]

rule: ip saddr vmap { 10.0.0.0/8 : accept, * : drop }
  __map%d t f
  __map%d t 0
  	element 00000000  : 1 [end]	element 0000000a  : accept 0 [end]	element 0000000b  : 1 [end]	element  : drop 2 [end]
  [ payload load 4b @ network header + 12 => reg 1 ]
  [ lookup reg 1 set __map%d dreg 0 ]
bytecode inet:
  __map%d t f
  __map%d t 0
  	element 00000000  : 1 [end]	element 0000000a  : accept 0 [end]	element 0000000b  : 1 [end]	element  : drop 2 [end]
  [ meta load nfproto => reg 1 ]
  [ cmp eq reg 1 0x00000002 ]
  [ payload load 4b @ network header + 12 => reg 1 ]
  [ lookup reg 1 set __map%d dreg 0 ]
json: [{"vmap": {"key": {"payload": {"protocol": "ip", "field": "saddr"}}, "data": {"set": [[{"prefix": {"addr": "10.0.0.0", "len": 8}}, {"accept": null}], ["*", {"drop": null}]]}}}]

rule: ip saddr . tcp dport { 10.0.0.0/8 . 22, * }
  __set%d t 87
  __set%d t 0
  	element 0000000a 00001600  - ffffff0a 00001600  : 0 [end]	element  : 2 [end]
  [ meta load l4proto => reg 1 ]
  [ cmp eq reg 1 0x00000006 ]
  [ payload load 4b @ network header + 12 => reg 1 ]
  [ payload load 2b @ transport header + 2 => reg 9 ]
  [ lookup reg 1 set __set%d ]
bytecode inet:
  __set%d t 87
  __set%d t 0
  	element 0000000a 00001600  - ffffff0a 00001600  : 0 [end]	element  : 2 [end]
  [ meta load nfproto => reg 1 ]
  [ cmp eq reg 1 0x00000002 ]
  [ meta load l4proto => reg 1 ]
  [ cmp eq reg 1 0x00000006 ]
  [ payload load 4b @ network header + 12 => reg 1 ]
  [ payload load 2b @ transport header + 2 => reg 9 ]
  [ lookup reg 1 set __set%d ]
json: [{"match": {"op": "==", "left": {"concat": [{"payload": {"protocol": "ip", "field": "saddr"}}, {"payload": {"protocol": "tcp", "field": "dport"}}]}, "right": {"set": [{"concat": [{"prefix": {"addr": "10.0.0.0", "len": 8}}, 22]}, "*"]}}}]

# the same again with other data: the kernel refuses it (EEXIST)
fail: tcp dport vmap { 22 : accept, * : drop, * : accept }

# a field narrower than a byte: beside a catch-all 1.1.3 keeps the
# members' values and shifts the load down to them (it aborts listing
# "ip ecn { ce, * }" so: concatenated here)
rule: ip ecn . ip saddr { ce . 1.1.1.1, * }
  __set%d t 3
  __set%d t 0
  	element 00000003 01010101  : 0 [end]	element  : 2 [end]
  [ payload load 1b @ network header + 1 => reg 1 ]
  [ bitwise reg 1 = ( reg 1 & 0x00000003 ) ^ 0x00000000 ]
  [ payload load 4b @ network header + 12 => reg 9 ]
  [ lookup reg 1 set __set%d ]
bytecode inet:
  __set%d t 3
  __set%d t 0
  	element 00000003 01010101  : 0 [end]	element  : 2 [end]
  [ meta load nfproto => reg 1 ]
  [ cmp eq reg 1 0x00000002 ]
  [ payload load 1b @ network header + 1 => reg 1 ]
  [ bitwise reg 1 = ( reg 1 & 0x00000003 ) ^ 0x00000000 ]
  [ payload load 4b @ network header + 12 => reg 9 ]
  [ lookup reg 1 set __set%d ]
json: [{"match": {"op": "==", "left": {"concat": [{"payload": {"protocol": "ip", "field": "ecn"}}, {"payload": {"protocol": "ip", "field": "saddr"}}]}, "right": {"set": [{"concat": ["ce", "1.1.1.1"]}, "*"]}}}]

rule: ip dscp vmap { cs1 : accept, * : drop }
  __map%d t b
  __map%d t 0
  	element 00000008  : accept 0 [end]	element  : drop 2 [end]
  [ payload load 1b @ network header + 1 => reg 1 ]
  [ bitwise reg 1 = ( reg 1 & 0x000000fc ) ^ 0x00000000 ]
  [ bitwise reg 1 = ( reg 1 >> 0x00000002 ) ]
  [ lookup reg 1 set __map%d dreg 0 ]
bytecode inet:
  __map%d t b
  __map%d t 0
  	element 00000008  : accept 0 [end]	element  : drop 2 [end]
  [ meta load nfproto => reg 1 ]
  [ cmp eq reg 1 0x00000002 ]
  [ payload load 1b @ network header + 1 => reg 1 ]
  [ bitwise reg 1 = ( reg 1 & 0x000000fc ) ^ 0x00000000 ]
  [ bitwise reg 1 = ( reg 1 >> 0x00000002 ) ]
  [ lookup reg 1 set __map%d dreg 0 ]
json: [{"vmap": {"key": {"payload": {"protocol": "ip", "field": "dscp"}}, "data": {"set": [["cs1", {"accept": null}], ["*", {"drop": null}]]}}}]
