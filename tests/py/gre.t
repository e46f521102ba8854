# GRE's base header: flags, version and the ethertype it carries
families: ip ip6 inet bridge netdev

rule: gre flags 4
  [ meta load l4proto => reg 1 ]
  [ cmp eq reg 1 0x0000002f ]
  [ payload load 1b @ transport header + 0 => reg 1 ]
  [ bitwise reg 1 = ( reg 1 & 0x000000f8 ) ^ 0x00000000 ]
  [ cmp eq reg 1 0x00000020 ]
json: [{"match": {"op": "==", "left": {"payload": {"protocol": "gre", "field": "flags"}}, "right": 4}}]

rule: gre version != 1
  [ meta load l4proto => reg 1 ]
  [ cmp eq reg 1 0x0000002f ]
  [ payload load 1b @ transport header + 1 => reg 1 ]
  [ bitwise reg 1 = ( reg 1 & 0x00000007 ) ^ 0x00000000 ]
  [ cmp neq reg 1 0x00000001 ]
json: [{"match": {"op": "!=", "left": {"payload": {"protocol": "gre", "field": "version"}}, "right": 1}}]

rule: gre protocol ip
  [ meta load l4proto => reg 1 ]
  [ cmp eq reg 1 0x0000002f ]
  [ payload load 2b @ transport header + 2 => reg 1 ]
  [ cmp eq reg 1 0x00000008 ]
json: [{"match": {"op": "==", "left": {"payload": {"protocol": "gre", "field": "protocol"}}, "right": "ip"}}]

rule: gre protocol != 1
list: gre protocol != 0x0001
  [ meta load l4proto => reg 1 ]
  [ cmp eq reg 1 0x0000002f ]
  [ payload load 2b @ transport header + 2 => reg 1 ]
  [ cmp neq reg 1 0x00000100 ]
json: [{"match": {"op": "!=", "left": {"payload": {"protocol": "gre", "field": "protocol"}}, "right": 1}}]

rule: gre flags != { 0, 4-0x9 }
list: gre flags != { 0, 4-9 }
  __set%d t 7
  __set%d t 0
  	element 00000000  : 0 [end]	element 00000001  : 1 [end]	element 00000004  : 0 [end]	element 0000000a  : 1 [end]
  [ meta load l4proto => reg 1 ]
  [ cmp eq reg 1 0x0000002f ]
  [ payload load 1b @ transport header + 0 => reg 1 ]
  [ bitwise reg 1 = ( reg 1 & 0x000000f8 ) ^ 0x00000000 ]
  [ bitwise reg 1 = ( reg 1 >> 0x00000003 ) ]
  [ lookup reg 1 set __set%d 0x1 ]
json: [{"match": {"op": "!=", "left": {"payload": {"protocol": "gre", "field": "flags"}}, "right": {"set": [0, {"range": [4, 9]}]}}}]

rule: gre flags ^ 22 == 0
list: gre flags 22
  [ meta load l4proto => reg 1 ]
  [ cmp eq reg 1 0x0000002f ]
  [ payload load 1b @ transport header + 0 => reg 1 ]
  [ bitwise reg 1 = ( reg 1 & 0x000000f8 ) ^ 0x00000000 ]
  [ bitwise reg 1 = ( reg 1 >> 0x00000003 ) ]
  [ cmp eq reg 1 0x00000016 ]
json: [{"match": {"op": "==", "left": {"payload": {"protocol": "gre", "field": "flags"}}, "right": 22}}]
json-bytecode:
  [ meta load l4proto => reg 1 ]
  [ cmp eq reg 1 0x0000002f ]
  [ payload load 1b @ transport header + 0 => reg 1 ]
  [ bitwise reg 1 = ( reg 1 & 0x000000f8 ) ^ 0x00000000 ]
  [ cmp eq reg 1 0x000000b0 ]

rule: gre version 1 counter
list: gre version 1 counter packets 0 bytes 0
  [ meta load l4proto => reg 1 ]
  [ cmp eq reg 1 0x0000002f ]
  [ payload load 1b @ transport header + 1 => reg 1 ]
  [ bitwise reg 1 = ( reg 1 & 0x00000007 ) ^ 0x00000000 ]
  [ cmp eq reg 1 0x00000001 ]
  [ counter pkts 0 bytes 0 ]
json: [{"match": {"op": "==", "left": {"payload": {"protocol": "gre", "field": "version"}}, "right": 1}}, {"counter": {"packets": 0, "bytes": 0}}]

rule: meta l4proto gre
  [ meta load l4proto => reg 1 ]
  [ cmp eq reg 1 0x0000002f ]
json: [{"match": {"op": "==", "left": {"meta": {"key": "l4proto"}}, "right": "gre"}}]

rule: gre flags . gre version . gre protocol { 1 . 0 . ip }
  __set%d t 3
  __set%d t 0
  	element 00000001 00000000 00000008  : 0 [end]
  [ meta load l4proto => reg 1 ]
  [ cmp eq reg 1 0x0000002f ]
  [ payload load 1b @ transport header + 0 => reg 1 ]
  [ bitwise reg 1 = ( reg 1 & 0x000000f8 ) ^ 0x00000000 ]
  [ bitwise reg 1 = ( reg 1 >> 0x00000003 ) ]
  [ payload load 1b @ transport header + 1 => reg 9 ]
  [ bitwise reg 9 = ( reg 9 & 0x00000007 ) ^ 0x00000000 ]
  [ payload load 2b @ transport header + 2 => reg 10 ]
  [ lookup reg 1 set __set%d ]
json: [{"match": {"op": "==", "left": {"concat": [{"payload": {"protocol": "gre", "field": "flags"}}, {"payload": {"protocol": "gre", "field": "version"}}, {"payload": {"protocol": "gre", "field": "protocol"}}]}, "right": {"set": [{"concat": [1, 0, "ip"]}]}}}]

fail: gre protocol . dccp type { ip . 15 }

fail: arp htype 512 gre flags 4

fail: gre protocol != { 8021ad-ip6 }
