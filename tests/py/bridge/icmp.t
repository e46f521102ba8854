# icmp in the bridge family
family: bridge
table: t
chain: c { type filter hook input priority filter; policy accept; }
chain: target

rule: icmp type echo-request
  [ payload load 2b @ link header + 12 => reg 1 ]
  [ cmp eq reg 1 0x00000008 ]
  [ meta load l4proto => reg 1 ]
  [ cmp eq reg 1 0x00000001 ]
  [ payload load 1b @ transport header + 0 => reg 1 ]
  [ cmp eq reg 1 0x00000008 ]
json: [{"match": {"op": "==", "left": {"payload": {"protocol": "icmp", "field": "type"}}, "right": "echo-request"}}]

rule: icmp type != echo-reply
  [ payload load 2b @ link header + 12 => reg 1 ]
  [ cmp eq reg 1 0x00000008 ]
  [ meta load l4proto => reg 1 ]
  [ cmp eq reg 1 0x00000001 ]
  [ payload load 1b @ transport header + 0 => reg 1 ]
  [ cmp neq reg 1 0x00000000 ]
json: [{"match": {"op": "!=", "left": {"payload": {"protocol": "icmp", "field": "type"}}, "right": "echo-reply"}}]

rule: icmp type 200
  [ payload load 2b @ link header + 12 => reg 1 ]
  [ cmp eq reg 1 0x00000008 ]
  [ meta load l4proto => reg 1 ]
  [ cmp eq reg 1 0x00000001 ]
  [ payload load 1b @ transport header + 0 => reg 1 ]
  [ cmp eq reg 1 0x000000c8 ]
json: [{"match": {"op": "==", "left": {"payload": {"protocol": "icmp", "field": "type"}}, "right": 200}}]

rule: icmp code 3
sysnft: icmp code port-unreachable
  [ payload load 2b @ link header + 12 => reg 1 ]
  [ cmp eq reg 1 0x00000008 ]
  [ meta load l4proto => reg 1 ]
  [ cmp eq reg 1 0x00000001 ]
  [ payload load 1b @ transport header + 1 => reg 1 ]
  [ cmp eq reg 1 0x00000003 ]
json: [{"match": {"op": "==", "left": {"payload": {"protocol": "icmp", "field": "code"}}, "right": 3}}]

rule: icmp code admin-prohibited
list: icmp code 13
sysnft: icmp code admin-prohibited
  [ payload load 2b @ link header + 12 => reg 1 ]
  [ cmp eq reg 1 0x00000008 ]
  [ meta load l4proto => reg 1 ]
  [ cmp eq reg 1 0x00000001 ]
  [ payload load 1b @ transport header + 1 => reg 1 ]
  [ cmp eq reg 1 0x0000000d ]
json: [{"match": {"op": "==", "left": {"payload": {"protocol": "icmp", "field": "code"}}, "right": 13}}]

rule: icmp code != 0
sysnft: icmp code != net-unreachable
  [ payload load 2b @ link header + 12 => reg 1 ]
  [ cmp eq reg 1 0x00000008 ]
  [ meta load l4proto => reg 1 ]
  [ cmp eq reg 1 0x00000001 ]
  [ payload load 1b @ transport header + 1 => reg 1 ]
  [ cmp neq reg 1 0x00000000 ]
json: [{"match": {"op": "!=", "left": {"payload": {"protocol": "icmp", "field": "code"}}, "right": 0}}]

rule: icmp checksum 5
  [ payload load 2b @ link header + 12 => reg 1 ]
  [ cmp eq reg 1 0x00000008 ]
  [ meta load l4proto => reg 1 ]
  [ cmp eq reg 1 0x00000001 ]
  [ payload load 2b @ transport header + 2 => reg 1 ]
  [ cmp eq reg 1 0x00000500 ]
json: [{"match": {"op": "==", "left": {"payload": {"protocol": "icmp", "field": "checksum"}}, "right": 5}}]

rule: icmp mtu 1500
  [ payload load 2b @ link header + 12 => reg 1 ]
  [ cmp eq reg 1 0x00000008 ]
  [ meta load l4proto => reg 1 ]
  [ cmp eq reg 1 0x00000001 ]
  [ payload load 1b @ transport header + 0 => reg 1 ]
  [ cmp eq reg 1 0x00000003 ]
  [ payload load 2b @ transport header + 6 => reg 1 ]
  [ cmp eq reg 1 0x0000dc05 ]
json: [{"match": {"op": "==", "left": {"payload": {"protocol": "icmp", "field": "mtu"}}, "right": 1500}}]

rule: icmp gateway 5
  [ payload load 2b @ link header + 12 => reg 1 ]
  [ cmp eq reg 1 0x00000008 ]
  [ meta load l4proto => reg 1 ]
  [ cmp eq reg 1 0x00000001 ]
  [ payload load 1b @ transport header + 0 => reg 1 ]
  [ cmp eq reg 1 0x00000005 ]
  [ payload load 4b @ transport header + 4 => reg 1 ]
  [ cmp eq reg 1 0x05000000 ]
json: [{"match": {"op": "==", "left": {"payload": {"protocol": "icmp", "field": "gateway"}}, "right": 5}}]

rule: icmp type redirect icmp gateway 5
list: icmp gateway 5
  [ payload load 2b @ link header + 12 => reg 1 ]
  [ cmp eq reg 1 0x00000008 ]
  [ meta load l4proto => reg 1 ]
  [ cmp eq reg 1 0x00000001 ]
  [ payload load 1b @ transport header + 0 => reg 1 ]
  [ cmp eq reg 1 0x00000005 ]
  [ payload load 4b @ transport header + 4 => reg 1 ]
  [ cmp eq reg 1 0x05000000 ]
json: [{"match": {"op": "==", "left": {"payload": {"protocol": "icmp", "field": "gateway"}}, "right": 5}}]

rule: icmp type echo-request icmp id 5
  [ payload load 2b @ link header + 12 => reg 1 ]
  [ cmp eq reg 1 0x00000008 ]
  [ meta load l4proto => reg 1 ]
  [ cmp eq reg 1 0x00000001 ]
  [ payload load 1b @ transport header + 0 => reg 1 ]
  [ cmp eq reg 1 0x00000008 ]
  [ payload load 2b @ transport header + 4 => reg 1 ]
  [ cmp eq reg 1 0x00000500 ]
json: [{"match": {"op": "==", "left": {"payload": {"protocol": "icmp", "field": "type"}}, "right": "echo-request"}}, {"match": {"op": "==", "left": {"payload": {"protocol": "icmp", "field": "id"}}, "right": 5}}]

rule: icmp type echo-reply icmp sequence 5
  [ payload load 2b @ link header + 12 => reg 1 ]
  [ cmp eq reg 1 0x00000008 ]
  [ meta load l4proto => reg 1 ]
  [ cmp eq reg 1 0x00000001 ]
  [ payload load 1b @ transport header + 0 => reg 1 ]
  [ cmp eq reg 1 0x00000000 ]
  [ payload load 2b @ transport header + 6 => reg 1 ]
  [ cmp eq reg 1 0x00000500 ]
json: [{"match": {"op": "==", "left": {"payload": {"protocol": "icmp", "field": "type"}}, "right": "echo-reply"}}, {"match": {"op": "==", "left": {"payload": {"protocol": "icmp", "field": "sequence"}}, "right": 5}}]

rule: icmp type destination-unreachable icmp code port-unreachable
list: icmp type destination-unreachable icmp code 3
sysnft: icmp type destination-unreachable icmp code port-unreachable
  [ payload load 2b @ link header + 12 => reg 1 ]
  [ cmp eq reg 1 0x00000008 ]
  [ meta load l4proto => reg 1 ]
  [ cmp eq reg 1 0x00000001 ]
  [ payload load 2b @ transport header + 0 => reg 1 ]
  [ cmp eq reg 1 0x00000303 ]
json: [{"match": {"op": "==", "left": {"payload": {"protocol": "icmp", "field": "type"}}, "right": "destination-unreachable"}}, {"match": {"op": "==", "left": {"payload": {"protocol": "icmp", "field": "code"}}, "right": 3}}]

rule: meta l4proto icmp icmp type echo-request
sysnft: icmp type echo-request
  [ meta load l4proto => reg 1 ]
  [ cmp eq reg 1 0x00000001 ]
  [ payload load 1b @ transport header + 0 => reg 1 ]
  [ cmp eq reg 1 0x00000008 ]
json: [{"match": {"op": "==", "left": {"meta": {"key": "l4proto"}}, "right": "icmp"}}, {"match": {"op": "==", "left": {"payload": {"protocol": "icmp", "field": "type"}}, "right": "echo-request"}}]

fail: icmp type foo

fail: icmp code 256
