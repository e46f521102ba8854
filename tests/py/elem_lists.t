# element lists: a set among a set's members ("{ { 22, 23 }, 80 }")
# gives its members, and "1111:accept" is 1111, a colon and accept (a tc
# handle or time of day only before a blank, a colon, a dash, a comma or
# '}'), as 1.1.3 takes them
families: ip
table: t
chain: c { type filter hook input priority filter; policy accept; }
chain: c2

rule: tcp dport { { 22, 23 }, 80 }
list: tcp dport { 22, 23, 80 }
  __set%d t 3
  __set%d t 0
  	element 00001600  : 0 [end]	element 00001700  : 0 [end]	element 00005000  : 0 [end]
  [ meta load l4proto => reg 1 ]
  [ cmp eq reg 1 0x00000006 ]
  [ payload load 2b @ transport header + 2 => reg 1 ]
  [ lookup reg 1 set __set%d ]
json: [{"match": {"op": "==", "left": {"payload": {"protocol": "tcp", "field": "dport"}}, "right": {"set": [22, 23, 80]}}}]

rule: tcp dport { { 22, 23 } }
list: tcp dport { 22, 23 }
  __set%d t 3
  __set%d t 0
  	element 00001600  : 0 [end]	element 00001700  : 0 [end]
  [ meta load l4proto => reg 1 ]
  [ cmp eq reg 1 0x00000006 ]
  [ payload load 2b @ transport header + 2 => reg 1 ]
  [ lookup reg 1 set __set%d ]
json: [{"match": {"op": "==", "left": {"payload": {"protocol": "tcp", "field": "dport"}}, "right": {"set": [22, 23]}}}]

rule: tcp dport { 80, { 22, { 23, 24 } } }
list: tcp dport { 22, 23, 24, 80 }
  __set%d t 3
  __set%d t 0
  	element 00005000  : 0 [end]	element 00001600  : 0 [end]	element 00001700  : 0 [end]	element 00001800  : 0 [end]
  [ meta load l4proto => reg 1 ]
  [ cmp eq reg 1 0x00000006 ]
  [ payload load 2b @ transport header + 2 => reg 1 ]
  [ lookup reg 1 set __set%d ]
json: [{"match": {"op": "==", "left": {"payload": {"protocol": "tcp", "field": "dport"}}, "right": {"set": [22, 23, 24, 80]}}}]

rule: tcp dport { { 22 }, }
list: tcp dport 22
  [ meta load l4proto => reg 1 ]
  [ cmp eq reg 1 0x00000006 ]
  [ payload load 2b @ transport header + 2 => reg 1 ]
  [ cmp eq reg 1 0x00001600 ]
json: [{"match": {"op": "==", "left": {"payload": {"protocol": "tcp", "field": "dport"}}, "right": 22}}]

rule: tcp dport != { { 22, 23 } }
list: tcp dport != { 22, 23 }
  __set%d t 3
  __set%d t 0
  	element 00001600  : 0 [end]	element 00001700  : 0 [end]
  [ meta load l4proto => reg 1 ]
  [ cmp eq reg 1 0x00000006 ]
  [ payload load 2b @ transport header + 2 => reg 1 ]
  [ lookup reg 1 set __set%d 0x1 ]
json: [{"match": {"op": "!=", "left": {"payload": {"protocol": "tcp", "field": "dport"}}, "right": {"set": [22, 23]}}}]

rule: ct state { { established, related } }
list: ct state { established, related }
  __set%d t 3
  __set%d t 0
  	element 00000002  : 0 [end]	element 00000004  : 0 [end]
  [ ct load state => reg 1 ]
  [ lookup reg 1 set __set%d ]
json: [{"match": {"op": "==", "left": {"ct": {"key": "state"}}, "right": {"set": ["established", "related"]}}}]

rule: ip saddr . tcp dport { { 1.1.1.1 . 22 }, 2.2.2.2 . 23 }
list: ip saddr . tcp dport { 1.1.1.1 . 22, 2.2.2.2 . 23 }
  __set%d t 3
  __set%d t 0
  	element 01010101 00001600  : 0 [end]	element 02020202 00001700  : 0 [end]
  [ meta load l4proto => reg 1 ]
  [ cmp eq reg 1 0x00000006 ]
  [ payload load 4b @ network header + 12 => reg 1 ]
  [ payload load 2b @ transport header + 2 => reg 9 ]
  [ lookup reg 1 set __set%d ]
json: [{"match": {"op": "==", "left": {"concat": [{"payload": {"protocol": "ip", "field": "saddr"}}, {"payload": {"protocol": "tcp", "field": "dport"}}]}, "right": {"set": [{"concat": ["1.1.1.1", 22]}, {"concat": ["2.2.2.2", 23]}]}}}]

rule: tcp dport vmap {1111:accept, 2222:drop}
list: tcp dport vmap { 1111 : accept, 2222 : drop }
  __map%d t b
  __map%d t 0
  	element 00005704  : accept 0 [end]	element 0000ae08  : drop 0 [end]
  [ meta load l4proto => reg 1 ]
  [ cmp eq reg 1 0x00000006 ]
  [ payload load 2b @ transport header + 2 => reg 1 ]
  [ lookup reg 1 set __map%d dreg 0 ]
json: [{"vmap": {"key": {"payload": {"protocol": "tcp", "field": "dport"}}, "data": {"set": [[1111, {"accept": null}], [2222, {"drop": null}]]}}}]

rule: tcp dport vmap {1111 :accept}
list: tcp dport vmap { 1111 : accept }
  __map%d t b
  __map%d t 0
  	element 00005704  : accept 0 [end]
  [ meta load l4proto => reg 1 ]
  [ cmp eq reg 1 0x00000006 ]
  [ payload load 2b @ transport header + 2 => reg 1 ]
  [ lookup reg 1 set __map%d dreg 0 ]
json: [{"vmap": {"key": {"payload": {"protocol": "tcp", "field": "dport"}}, "data": {"set": [[1111, {"accept": null}]]}}}]

rule: tcp dport vmap {1111: accept}
list: tcp dport vmap { 1111 : accept }
  __map%d t b
  __map%d t 0
  	element 00005704  : accept 0 [end]
  [ meta load l4proto => reg 1 ]
  [ cmp eq reg 1 0x00000006 ]
  [ payload load 2b @ transport header + 2 => reg 1 ]
  [ lookup reg 1 set __map%d dreg 0 ]
json: [{"vmap": {"key": {"payload": {"protocol": "tcp", "field": "dport"}}, "data": {"set": [[1111, {"accept": null}]]}}}]

rule: tcp dport vmap {1111:jump c2}
list: tcp dport vmap { 1111 : jump c2 }
  __map%d t b
  __map%d t 0
  	element 00005704  : jump -> c2 0 [end]
  [ meta load l4proto => reg 1 ]
  [ cmp eq reg 1 0x00000006 ]
  [ payload load 2b @ transport header + 2 => reg 1 ]
  [ lookup reg 1 set __map%d dreg 0 ]
json: [{"vmap": {"key": {"payload": {"protocol": "tcp", "field": "dport"}}, "data": {"set": [[1111, {"jump": {"target": "c2"}}]]}}}]

rule: ip saddr vmap {1.1.1.1:accept}
list: ip saddr vmap { 1.1.1.1 : accept }
  __map%d t b
  __map%d t 0
  	element 01010101  : accept 0 [end]
  [ payload load 4b @ network header + 12 => reg 1 ]
  [ lookup reg 1 set __map%d dreg 0 ]
json: [{"vmap": {"key": {"payload": {"protocol": "ip", "field": "saddr"}}, "data": {"set": [["1.1.1.1", {"accept": null}]]}}}]

rule: ip saddr vmap {1.1.1.0/24:accept}
list: ip saddr vmap { 1.1.1.0/24 : accept }
  __map%d t f
  __map%d t 0
  	element 00000000  : 1 [end]	element 00010101  : accept 0 [end]	element 00020101  : 1 [end]
  [ payload load 4b @ network header + 12 => reg 1 ]
  [ lookup reg 1 set __map%d dreg 0 ]
json: [{"vmap": {"key": {"payload": {"protocol": "ip", "field": "saddr"}}, "data": {"set": [[{"prefix": {"addr": "1.1.1.0", "len": 24}}, {"accept": null}]]}}}]

rule: meta mark vmap {0x1:accept}
list: meta mark vmap { 0x00000001 : accept }
  __map%d t b
  __map%d t 0
  	element 00000001  : accept 0 [end]
  [ meta load mark => reg 1 ]
  [ lookup reg 1 set __map%d dreg 0 ]
json: [{"vmap": {"key": {"meta": {"key": "mark"}}, "data": {"set": [[1, {"accept": null}]]}}}]

rule: ct expiration vmap {1s:accept}
list: ct expiration vmap { 1s : accept }
  __map%d t b
  __map%d t 0
  	element 000003e8  : accept 0 [end]
  [ ct load expiration => reg 1 ]
  [ lookup reg 1 set __map%d dreg 0 ]
json: [{"vmap": {"key": {"ct": {"key": "expiration"}}, "data": {"set": [[1, {"accept": null}]]}}}]

rule: tcp dport vmap {ssh:accept}
list: tcp dport vmap { 22 : accept }
  __map%d t b
  __map%d t 0
  	element 00001600  : accept 0 [end]
  [ meta load l4proto => reg 1 ]
  [ cmp eq reg 1 0x00000006 ]
  [ payload load 2b @ transport header + 2 => reg 1 ]
  [ lookup reg 1 set __map%d dreg 0 ]
json: [{"vmap": {"key": {"payload": {"protocol": "tcp", "field": "dport"}}, "data": {"set": [[22, {"accept": null}]]}}}]

rule: tcp dport vmap { 22-23:accept }
list: tcp dport vmap { 22-23 : accept }
  __map%d t f
  __map%d t 0
  	element 00000000  : 1 [end]	element 00001600  : accept 0 [end]	element 00001800  : 1 [end]
  [ meta load l4proto => reg 1 ]
  [ cmp eq reg 1 0x00000006 ]
  [ payload load 2b @ transport header + 2 => reg 1 ]
  [ lookup reg 1 set __map%d dreg 0 ]
json: [{"vmap": {"key": {"payload": {"protocol": "tcp", "field": "dport"}}, "data": {"set": [[{"range": [22, 23]}, {"accept": null}]]}}}]

rule: meta mark set tcp dport map {22:0x1}
list: meta mark set tcp dport map { 22 : 0x00000001 }
  __map%d t b
  __map%d t 0
  	element 00001600  : 00000001 0 [end]
  [ meta load l4proto => reg 1 ]
  [ cmp eq reg 1 0x00000006 ]
  [ payload load 2b @ transport header + 2 => reg 1 ]
  [ lookup reg 1 set __map%d dreg 1 ]
  [ meta set mark with reg 1 ]
json: [{"mangle": {"key": {"meta": {"key": "mark"}}, "value": {"map": {"key": {"payload": {"protocol": "tcp", "field": "dport"}}, "data": {"set": [[22, 1]]}}}}}]

rule: meta day vmap {Monday:accept}
list: meta day vmap { "Monday" : accept }
  __map%d t b
  __map%d t 0
  	element 00000001  : accept 0 [end]
  [ meta load day => reg 1 ]
  [ lookup reg 1 set __map%d dreg 0 ]
json: [{"vmap": {"key": {"meta": {"key": "day"}}, "data": {"set": [["Monday", {"accept": null}]]}}}]

rule: meta hour vmap {10:00:accept}
list: meta hour vmap { "10:00" : accept }
  __map%d t b
  __map%d t 0
  	element 00008ca0  : accept 0 [end]
  [ meta load hour => reg 1 ]
  [ lookup reg 1 set __map%d dreg 0 ]
json: [{"vmap": {"key": {"meta": {"key": "hour"}}, "data": {"set": [["10:00", {"accept": null}]]}}}]

rule: meta priority 1:2
  [ meta load priority => reg 1 ]
  [ cmp eq reg 1 0x00010002 ]
json: [{"match": {"op": "==", "left": {"meta": {"key": "priority"}}, "right": "1:2"}}]

rule: meta priority 1:2-1:3
  [ meta load priority => reg 1 ]
  [ byteorder reg 1 = hton(reg 1, 4, 4) ]
  [ range eq reg 1 0x02000100 0x03000100 ]
json: [{"match": {"op": "==", "left": {"meta": {"key": "priority"}}, "right": {"range": ["1:2", "1:3"]}}}]

rule: meta priority {1:2}
list: meta priority 1:2
  [ meta load priority => reg 1 ]
  [ cmp eq reg 1 0x00010002 ]
json: [{"match": {"op": "==", "left": {"meta": {"key": "priority"}}, "right": "1:2"}}]

rule: meta priority abcd:ef
  [ meta load priority => reg 1 ]
  [ cmp eq reg 1 0xabcd00ef ]
json: [{"match": {"op": "==", "left": {"meta": {"key": "priority"}}, "right": "abcd:ef"}}]

rule: meta hour 10:00-11:00
list: meta hour "10:00"-"11:00"
  [ meta load hour => reg 1 ]
  [ byteorder reg 1 = hton(reg 1, 4, 4) ]
  [ range eq reg 1 0xa08c0000 0xb09a0000 ]
json: [{"match": {"op": "==", "left": {"meta": {"key": "hour"}}, "right": {"range": ["10:00", "11:00"]}}}]

rule: meta mark set tcp dport map { { 22 : 1 }, 23 : 2 }
list: meta mark set tcp dport map { 22 : 0x00000001, 23 : 0x00000002 }
  __map%d t b
  __map%d t 0
  	element 00001600  : 00000001 0 [end]	element 00001700  : 00000002 0 [end]
  [ meta load l4proto => reg 1 ]
  [ cmp eq reg 1 0x00000006 ]
  [ payload load 2b @ transport header + 2 => reg 1 ]
  [ lookup reg 1 set __map%d dreg 1 ]
  [ meta set mark with reg 1 ]
json: [{"mangle": {"key": {"meta": {"key": "mark"}}, "value": {"map": {"key": {"payload": {"protocol": "tcp", "field": "dport"}}, "data": {"set": [[22, 1], [23, 2]]}}}}}]

rule: meta mark set tcp dport map { { 22 : 1 }, { 23 : 2, { 24 : 3 } } }
list: meta mark set tcp dport map { 22 : 0x00000001, 23 : 0x00000002, 24 : 0x00000003 }
  __map%d t b
  __map%d t 0
  	element 00001600  : 00000001 0 [end]	element 00001700  : 00000002 0 [end]	element 00001800  : 00000003 0 [end]
  [ meta load l4proto => reg 1 ]
  [ cmp eq reg 1 0x00000006 ]
  [ payload load 2b @ transport header + 2 => reg 1 ]
  [ lookup reg 1 set __map%d dreg 1 ]
  [ meta set mark with reg 1 ]
json: [{"mangle": {"key": {"meta": {"key": "mark"}}, "value": {"map": {"key": {"payload": {"protocol": "tcp", "field": "dport"}}, "data": {"set": [[22, 1], [23, 2], [24, 3]]}}}}}]

fail: meta mark set tcp dport map { {} }

fail: tcp dport vmap { { 22 : accept } }

fail: tcp dport vmap { { 22, 23 } : accept }

fail: tcp dport { {} }

fail: tcp dport { 22, { } }

fail: meta priority 1:2;accept

fail: meta priority 1:2.

fail: meta priority (1:2)

fail: meta hour 10:00:01
