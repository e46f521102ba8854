# igmp
families: ip ip6 inet bridge netdev
table: t
chain: c { type filter hook input priority filter; policy accept; }
chain netdev: c { type filter hook ingress device "v0" priority filter; policy accept; }
chain: target
veth netdev: v0 v1

rule: igmp type membership-query
list inet: meta nfproto ipv4 igmp type membership-query
list bridge: ether type ip igmp type membership-query
list netdev: meta protocol ip igmp type membership-query
  [ meta load l4proto => reg 1 ]
  [ cmp eq reg 1 0x00000002 ]
  [ payload load 1b @ transport header + 0 => reg 1 ]
  [ cmp eq reg 1 0x00000011 ]
bytecode inet:
  [ meta load nfproto => reg 1 ]
  [ cmp eq reg 1 0x00000002 ]
  [ meta load l4proto => reg 1 ]
  [ cmp eq reg 1 0x00000002 ]
  [ payload load 1b @ transport header + 0 => reg 1 ]
  [ cmp eq reg 1 0x00000011 ]
bytecode bridge:
  [ payload load 2b @ link header + 12 => reg 1 ]
  [ cmp eq reg 1 0x00000008 ]
  [ meta load l4proto => reg 1 ]
  [ cmp eq reg 1 0x00000002 ]
  [ payload load 1b @ transport header + 0 => reg 1 ]
  [ cmp eq reg 1 0x00000011 ]
bytecode netdev:
  [ meta load protocol => reg 1 ]
  [ cmp eq reg 1 0x00000008 ]
  [ meta load l4proto => reg 1 ]
  [ cmp eq reg 1 0x00000002 ]
  [ payload load 1b @ transport header + 0 => reg 1 ]
  [ cmp eq reg 1 0x00000011 ]
json: [{"match": {"op": "==", "left": {"payload": {"protocol": "igmp", "field": "type"}}, "right": "membership-query"}}]
json inet: [{"match": {"op": "==", "left": {"meta": {"key": "nfproto"}}, "right": "ipv4"}}, {"match": {"op": "==", "left": {"payload": {"protocol": "igmp", "field": "type"}}, "right": "membership-query"}}]
json bridge: [{"match": {"op": "==", "left": {"payload": {"protocol": "ether", "field": "type"}}, "right": "ip"}}, {"match": {"op": "==", "left": {"payload": {"protocol": "igmp", "field": "type"}}, "right": "membership-query"}}]
json netdev: [{"match": {"op": "==", "left": {"meta": {"key": "protocol"}}, "right": "ip"}}, {"match": {"op": "==", "left": {"payload": {"protocol": "igmp", "field": "type"}}, "right": "membership-query"}}]

rule: igmp type leave-group
list inet: meta nfproto ipv4 igmp type leave-group
list bridge: ether type ip igmp type leave-group
list netdev: meta protocol ip igmp type leave-group
  [ meta load l4proto => reg 1 ]
  [ cmp eq reg 1 0x00000002 ]
  [ payload load 1b @ transport header + 0 => reg 1 ]
  [ cmp eq reg 1 0x00000017 ]
bytecode inet:
  [ meta load nfproto => reg 1 ]
  [ cmp eq reg 1 0x00000002 ]
  [ meta load l4proto => reg 1 ]
  [ cmp eq reg 1 0x00000002 ]
  [ payload load 1b @ transport header + 0 => reg 1 ]
  [ cmp eq reg 1 0x00000017 ]
bytecode bridge:
  [ payload load 2b @ link header + 12 => reg 1 ]
  [ cmp eq reg 1 0x00000008 ]
  [ meta load l4proto => reg 1 ]
  [ cmp eq reg 1 0x00000002 ]
  [ payload load 1b @ transport header + 0 => reg 1 ]
  [ cmp eq reg 1 0x00000017 ]
bytecode netdev:
  [ meta load protocol => reg 1 ]
  [ cmp eq reg 1 0x00000008 ]
  [ meta load l4proto => reg 1 ]
  [ cmp eq reg 1 0x00000002 ]
  [ payload load 1b @ transport header + 0 => reg 1 ]
  [ cmp eq reg 1 0x00000017 ]
json: [{"match": {"op": "==", "left": {"payload": {"protocol": "igmp", "field": "type"}}, "right": "leave-group"}}]
json inet: [{"match": {"op": "==", "left": {"meta": {"key": "nfproto"}}, "right": "ipv4"}}, {"match": {"op": "==", "left": {"payload": {"protocol": "igmp", "field": "type"}}, "right": "leave-group"}}]
json bridge: [{"match": {"op": "==", "left": {"payload": {"protocol": "ether", "field": "type"}}, "right": "ip"}}, {"match": {"op": "==", "left": {"payload": {"protocol": "igmp", "field": "type"}}, "right": "leave-group"}}]
json netdev: [{"match": {"op": "==", "left": {"meta": {"key": "protocol"}}, "right": "ip"}}, {"match": {"op": "==", "left": {"payload": {"protocol": "igmp", "field": "type"}}, "right": "leave-group"}}]

rule: igmp mrt 10
list inet: meta nfproto ipv4 igmp mrt 10
list bridge: ether type ip igmp mrt 10
list netdev: meta protocol ip igmp mrt 10
  [ meta load l4proto => reg 1 ]
  [ cmp eq reg 1 0x00000002 ]
  [ payload load 1b @ transport header + 1 => reg 1 ]
  [ cmp eq reg 1 0x0000000a ]
bytecode inet:
  [ meta load nfproto => reg 1 ]
  [ cmp eq reg 1 0x00000002 ]
  [ meta load l4proto => reg 1 ]
  [ cmp eq reg 1 0x00000002 ]
  [ payload load 1b @ transport header + 1 => reg 1 ]
  [ cmp eq reg 1 0x0000000a ]
bytecode bridge:
  [ payload load 2b @ link header + 12 => reg 1 ]
  [ cmp eq reg 1 0x00000008 ]
  [ meta load l4proto => reg 1 ]
  [ cmp eq reg 1 0x00000002 ]
  [ payload load 1b @ transport header + 1 => reg 1 ]
  [ cmp eq reg 1 0x0000000a ]
bytecode netdev:
  [ meta load protocol => reg 1 ]
  [ cmp eq reg 1 0x00000008 ]
  [ meta load l4proto => reg 1 ]
  [ cmp eq reg 1 0x00000002 ]
  [ payload load 1b @ transport header + 1 => reg 1 ]
  [ cmp eq reg 1 0x0000000a ]
json: [{"match": {"op": "==", "left": {"payload": {"protocol": "igmp", "field": "mrt"}}, "right": 10}}]
json inet: [{"match": {"op": "==", "left": {"meta": {"key": "nfproto"}}, "right": "ipv4"}}, {"match": {"op": "==", "left": {"payload": {"protocol": "igmp", "field": "mrt"}}, "right": 10}}]
json bridge: [{"match": {"op": "==", "left": {"payload": {"protocol": "ether", "field": "type"}}, "right": "ip"}}, {"match": {"op": "==", "left": {"payload": {"protocol": "igmp", "field": "mrt"}}, "right": 10}}]
json netdev: [{"match": {"op": "==", "left": {"meta": {"key": "protocol"}}, "right": "ip"}}, {"match": {"op": "==", "left": {"payload": {"protocol": "igmp", "field": "mrt"}}, "right": 10}}]

rule: igmp checksum 5
list inet: meta nfproto ipv4 igmp checksum 5
list bridge: ether type ip igmp checksum 5
list netdev: meta protocol ip igmp checksum 5
  [ meta load l4proto => reg 1 ]
  [ cmp eq reg 1 0x00000002 ]
  [ payload load 2b @ transport header + 2 => reg 1 ]
  [ cmp eq reg 1 0x00000500 ]
bytecode inet:
  [ meta load nfproto => reg 1 ]
  [ cmp eq reg 1 0x00000002 ]
  [ meta load l4proto => reg 1 ]
  [ cmp eq reg 1 0x00000002 ]
  [ payload load 2b @ transport header + 2 => reg 1 ]
  [ cmp eq reg 1 0x00000500 ]
bytecode bridge:
  [ payload load 2b @ link header + 12 => reg 1 ]
  [ cmp eq reg 1 0x00000008 ]
  [ meta load l4proto => reg 1 ]
  [ cmp eq reg 1 0x00000002 ]
  [ payload load 2b @ transport header + 2 => reg 1 ]
  [ cmp eq reg 1 0x00000500 ]
bytecode netdev:
  [ meta load protocol => reg 1 ]
  [ cmp eq reg 1 0x00000008 ]
  [ meta load l4proto => reg 1 ]
  [ cmp eq reg 1 0x00000002 ]
  [ payload load 2b @ transport header + 2 => reg 1 ]
  [ cmp eq reg 1 0x00000500 ]
json: [{"match": {"op": "==", "left": {"payload": {"protocol": "igmp", "field": "checksum"}}, "right": 5}}]
json inet: [{"match": {"op": "==", "left": {"meta": {"key": "nfproto"}}, "right": "ipv4"}}, {"match": {"op": "==", "left": {"payload": {"protocol": "igmp", "field": "checksum"}}, "right": 5}}]
json bridge: [{"match": {"op": "==", "left": {"payload": {"protocol": "ether", "field": "type"}}, "right": "ip"}}, {"match": {"op": "==", "left": {"payload": {"protocol": "igmp", "field": "checksum"}}, "right": 5}}]
json netdev: [{"match": {"op": "==", "left": {"meta": {"key": "protocol"}}, "right": "ip"}}, {"match": {"op": "==", "left": {"payload": {"protocol": "igmp", "field": "checksum"}}, "right": 5}}]

rule: igmp group 5
list inet: meta nfproto ipv4 igmp group 5
list bridge: ether type ip igmp group 5
list netdev: meta protocol ip igmp group 5
  [ meta load l4proto => reg 1 ]
  [ cmp eq reg 1 0x00000002 ]
  [ payload load 4b @ transport header + 4 => reg 1 ]
  [ cmp eq reg 1 0x05000000 ]
bytecode inet:
  [ meta load nfproto => reg 1 ]
  [ cmp eq reg 1 0x00000002 ]
  [ meta load l4proto => reg 1 ]
  [ cmp eq reg 1 0x00000002 ]
  [ payload load 4b @ transport header + 4 => reg 1 ]
  [ cmp eq reg 1 0x05000000 ]
bytecode bridge:
  [ payload load 2b @ link header + 12 => reg 1 ]
  [ cmp eq reg 1 0x00000008 ]
  [ meta load l4proto => reg 1 ]
  [ cmp eq reg 1 0x00000002 ]
  [ payload load 4b @ transport header + 4 => reg 1 ]
  [ cmp eq reg 1 0x05000000 ]
bytecode netdev:
  [ meta load protocol => reg 1 ]
  [ cmp eq reg 1 0x00000008 ]
  [ meta load l4proto => reg 1 ]
  [ cmp eq reg 1 0x00000002 ]
  [ payload load 4b @ transport header + 4 => reg 1 ]
  [ cmp eq reg 1 0x05000000 ]
json: [{"match": {"op": "==", "left": {"payload": {"protocol": "igmp", "field": "group"}}, "right": 5}}]
json inet: [{"match": {"op": "==", "left": {"meta": {"key": "nfproto"}}, "right": "ipv4"}}, {"match": {"op": "==", "left": {"payload": {"protocol": "igmp", "field": "group"}}, "right": 5}}]
json bridge: [{"match": {"op": "==", "left": {"payload": {"protocol": "ether", "field": "type"}}, "right": "ip"}}, {"match": {"op": "==", "left": {"payload": {"protocol": "igmp", "field": "group"}}, "right": 5}}]
json netdev: [{"match": {"op": "==", "left": {"meta": {"key": "protocol"}}, "right": "ip"}}, {"match": {"op": "==", "left": {"payload": {"protocol": "igmp", "field": "group"}}, "right": 5}}]

fail: igmp type foo
