# gre: flags and version share the first two bytes
families: ip ip6 inet bridge netdev
table: t
chain: c { type filter hook input priority filter; policy accept; }
chain netdev: c { type filter hook ingress device "v0" priority filter; policy accept; }
chain: target
veth netdev: v0 v1
set: sgre { typeof gre protocol . gre version; elements = { ip . 0 }; }
set: sfl { typeof gre flags; }

rule: gre flags 1
  [ meta load l4proto => reg 1 ]
  [ cmp eq reg 1 0x0000002f ]
  [ payload load 1b @ transport header + 0 => reg 1 ]
  [ bitwise reg 1 = ( reg 1 & 0x000000f8 ) ^ 0x00000000 ]
  [ cmp eq reg 1 0x00000008 ]
json: [{"match": {"op": "==", "left": {"payload": {"protocol": "gre", "field": "flags"}}, "right": 1}}]

rule: gre version 1
  [ meta load l4proto => reg 1 ]
  [ cmp eq reg 1 0x0000002f ]
  [ payload load 1b @ transport header + 1 => reg 1 ]
  [ bitwise reg 1 = ( reg 1 & 0x00000007 ) ^ 0x00000000 ]
  [ cmp eq reg 1 0x00000001 ]
json: [{"match": {"op": "==", "left": {"payload": {"protocol": "gre", "field": "version"}}, "right": 1}}]

rule: gre protocol ip
  [ meta load l4proto => reg 1 ]
  [ cmp eq reg 1 0x0000002f ]
  [ payload load 2b @ transport header + 2 => reg 1 ]
  [ cmp eq reg 1 0x00000008 ]
json: [{"match": {"op": "==", "left": {"payload": {"protocol": "gre", "field": "protocol"}}, "right": "ip"}}]

rule: gre protocol { ip, ip6 }
  __set%d t 3
  __set%d t 0
  	element 00000008  : 0 [end]	element 0000dd86  : 0 [end]
  [ meta load l4proto => reg 1 ]
  [ cmp eq reg 1 0x0000002f ]
  [ payload load 2b @ transport header + 2 => reg 1 ]
  [ lookup reg 1 set __set%d ]
json: [{"match": {"op": "==", "left": {"payload": {"protocol": "gre", "field": "protocol"}}, "right": {"set": ["ip", "ip6"]}}}]

rule: gre flags & 0xf == 0x2
list: gre flags & 15 == 2
  [ meta load l4proto => reg 1 ]
  [ cmp eq reg 1 0x0000002f ]
  [ payload load 1b @ transport header + 0 => reg 1 ]
  [ bitwise reg 1 = ( reg 1 & 0x000000f8 ) ^ 0x00000000 ]
  [ bitwise reg 1 = ( reg 1 >> 0x00000003 ) ]
  [ bitwise reg 1 = ( reg 1 & 0x0000000f ) ^ 0x00000000 ]
  [ cmp eq reg 1 0x00000002 ]
json: [{"match": {"op": "==", "left": {"&": [{"payload": {"protocol": "gre", "field": "flags"}}, 15]}, "right": 2}}]

rule: meta l4proto gre
  [ meta load l4proto => reg 1 ]
  [ cmp eq reg 1 0x0000002f ]
json: [{"match": {"op": "==", "left": {"meta": {"key": "l4proto"}}, "right": "gre"}}]

fail: gre version 8

rule: gre protocol . gre version @sgre
  [ meta load l4proto => reg 1 ]
  [ cmp eq reg 1 0x0000002f ]
  [ payload load 2b @ transport header + 2 => reg 1 ]
  [ payload load 1b @ transport header + 1 => reg 9 ]
  [ bitwise reg 9 = ( reg 9 & 0x00000007 ) ^ 0x00000000 ]
  [ lookup reg 1 set sgre ]
json: [{"match": {"op": "==", "left": {"concat": [{"payload": {"protocol": "gre", "field": "protocol"}}, {"payload": {"protocol": "gre", "field": "version"}}]}, "right": "@sgre"}}]

rule: gre flags @sfl
  [ meta load l4proto => reg 1 ]
  [ cmp eq reg 1 0x0000002f ]
  [ payload load 1b @ transport header + 0 => reg 1 ]
  [ bitwise reg 1 = ( reg 1 & 0x000000f8 ) ^ 0x00000000 ]
  [ bitwise reg 1 = ( reg 1 >> 0x00000003 ) ]
  [ lookup reg 1 set sfl ]
json: [{"match": {"op": "==", "left": {"payload": {"protocol": "gre", "field": "flags"}}, "right": "@sfl"}}]
