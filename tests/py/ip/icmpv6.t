# icmpv6 in the ip family
family: ip
table: t
chain: c { type filter hook input priority filter; policy accept; }
chain: target

rule: icmpv6 type echo-request
  [ meta load l4proto => reg 1 ]
  [ cmp eq reg 1 0x0000003a ]
  [ payload load 1b @ transport header + 0 => reg 1 ]
  [ cmp eq reg 1 0x00000080 ]
json: [{"match": {"op": "==", "left": {"payload": {"protocol": "icmpv6", "field": "type"}}, "right": "echo-request"}}]

rule: icmpv6 type nd-neighbor-solicit
  [ meta load l4proto => reg 1 ]
  [ cmp eq reg 1 0x0000003a ]
  [ payload load 1b @ transport header + 0 => reg 1 ]
  [ cmp eq reg 1 0x00000087 ]
json: [{"match": {"op": "==", "left": {"payload": {"protocol": "icmpv6", "field": "type"}}, "right": "nd-neighbor-solicit"}}]

rule: icmpv6 type mld-listener-reduction
list: icmpv6 type mld-listener-done
  [ meta load l4proto => reg 1 ]
  [ cmp eq reg 1 0x0000003a ]
  [ payload load 1b @ transport header + 0 => reg 1 ]
  [ cmp eq reg 1 0x00000084 ]
json: [{"match": {"op": "==", "left": {"payload": {"protocol": "icmpv6", "field": "type"}}, "right": "mld-listener-done"}}]

rule: icmpv6 code 4
sysnft: icmpv6 code port-unreachable
  [ meta load l4proto => reg 1 ]
  [ cmp eq reg 1 0x0000003a ]
  [ payload load 1b @ transport header + 1 => reg 1 ]
  [ cmp eq reg 1 0x00000004 ]
json: [{"match": {"op": "==", "left": {"payload": {"protocol": "icmpv6", "field": "code"}}, "right": 4}}]

rule: icmpv6 code port-unreachable
list: icmpv6 code 4
sysnft: icmpv6 code port-unreachable
  [ meta load l4proto => reg 1 ]
  [ cmp eq reg 1 0x0000003a ]
  [ payload load 1b @ transport header + 1 => reg 1 ]
  [ cmp eq reg 1 0x00000004 ]
json: [{"match": {"op": "==", "left": {"payload": {"protocol": "icmpv6", "field": "code"}}, "right": 4}}]

rule: icmpv6 checksum 5
  [ meta load l4proto => reg 1 ]
  [ cmp eq reg 1 0x0000003a ]
  [ payload load 2b @ transport header + 2 => reg 1 ]
  [ cmp eq reg 1 0x00000500 ]
json: [{"match": {"op": "==", "left": {"payload": {"protocol": "icmpv6", "field": "checksum"}}, "right": 5}}]

rule: icmpv6 max-delay 5
  [ meta load l4proto => reg 1 ]
  [ cmp eq reg 1 0x0000003a ]
  [ payload load 1b @ transport header + 0 => reg 1 ]
  [ cmp eq reg 1 0x00000082 ]
  [ payload load 2b @ transport header + 4 => reg 1 ]
  [ cmp eq reg 1 0x00000500 ]
json: [{"match": {"op": "==", "left": {"payload": {"protocol": "icmpv6", "field": "max-delay"}}, "right": 5}}]

rule: icmpv6 type echo-request icmpv6 id 5
  [ meta load l4proto => reg 1 ]
  [ cmp eq reg 1 0x0000003a ]
  [ payload load 1b @ transport header + 0 => reg 1 ]
  [ cmp eq reg 1 0x00000080 ]
  [ payload load 2b @ transport header + 4 => reg 1 ]
  [ cmp eq reg 1 0x00000500 ]
json: [{"match": {"op": "==", "left": {"payload": {"protocol": "icmpv6", "field": "type"}}, "right": "echo-request"}}, {"match": {"op": "==", "left": {"payload": {"protocol": "icmpv6", "field": "id"}}, "right": 5}}]

rule: icmpv6 type echo-reply icmpv6 sequence 5
  [ meta load l4proto => reg 1 ]
  [ cmp eq reg 1 0x0000003a ]
  [ payload load 1b @ transport header + 0 => reg 1 ]
  [ cmp eq reg 1 0x00000081 ]
  [ payload load 2b @ transport header + 6 => reg 1 ]
  [ cmp eq reg 1 0x00000500 ]
json: [{"match": {"op": "==", "left": {"payload": {"protocol": "icmpv6", "field": "type"}}, "right": "echo-reply"}}, {"match": {"op": "==", "left": {"payload": {"protocol": "icmpv6", "field": "sequence"}}, "right": 5}}]

fail: icmpv6 type foo

fail: icmpv6 code 300

rule: icmpv6 mtu 1280
  [ meta load l4proto => reg 1 ]
  [ cmp eq reg 1 0x0000003a ]
  [ payload load 1b @ transport header + 0 => reg 1 ]
  [ cmp eq reg 1 0x00000002 ]
  [ payload load 4b @ transport header + 4 => reg 1 ]
  [ cmp eq reg 1 0x00050000 ]
json: [{"match": {"op": "==", "left": {"payload": {"protocol": "icmpv6", "field": "mtu"}}, "right": 1280}}]

rule: icmpv6 packet-too-big 1280
list: icmpv6 mtu 1280
  [ meta load l4proto => reg 1 ]
  [ cmp eq reg 1 0x0000003a ]
  [ payload load 1b @ transport header + 0 => reg 1 ]
  [ cmp eq reg 1 0x00000002 ]
  [ payload load 4b @ transport header + 4 => reg 1 ]
  [ cmp eq reg 1 0x00050000 ]
json: [{"match": {"op": "==", "left": {"payload": {"protocol": "icmpv6", "field": "mtu"}}, "right": 1280}}]

rule: icmpv6 parameter-problem 3
  [ meta load l4proto => reg 1 ]
  [ cmp eq reg 1 0x0000003a ]
  [ payload load 1b @ transport header + 0 => reg 1 ]
  [ cmp eq reg 1 0x00000004 ]
  [ payload load 4b @ transport header + 4 => reg 1 ]
  [ cmp eq reg 1 0x03000000 ]
json: [{"match": {"op": "==", "left": {"payload": {"protocol": "icmpv6", "field": "parameter-problem"}}, "right": 3}}]

rule: icmpv6 type packet-too-big icmpv6 packet-too-big 1280
list: icmpv6 mtu 1280
  [ meta load l4proto => reg 1 ]
  [ cmp eq reg 1 0x0000003a ]
  [ payload load 1b @ transport header + 0 => reg 1 ]
  [ cmp eq reg 1 0x00000002 ]
  [ payload load 4b @ transport header + 4 => reg 1 ]
  [ cmp eq reg 1 0x00050000 ]
json: [{"match": {"op": "==", "left": {"payload": {"protocol": "icmpv6", "field": "mtu"}}, "right": 1280}}]

rule: icmpv6 type nd-neighbor-solicit icmpv6 taddr fe80::1
sysnft: icmpv6 type nd-neighbor-solicit @th,64,128 0xfe800000000000000000000000000001
  [ meta load l4proto => reg 1 ]
  [ cmp eq reg 1 0x0000003a ]
  [ payload load 1b @ transport header + 0 => reg 1 ]
  [ cmp eq reg 1 0x00000087 ]
  [ payload load 16b @ transport header + 8 => reg 1 ]
  [ cmp eq reg 1 0x000080fe 0x00000000 0x00000000 0x01000000 ]
json: [{"match": {"op": "==", "left": {"payload": {"protocol": "icmpv6", "field": "type"}}, "right": "nd-neighbor-solicit"}}, {"match": {"op": "==", "left": {"payload": {"protocol": "icmpv6", "field": "taddr"}}, "right": "fe80::1"}}]

rule: icmpv6 type nd-redirect icmpv6 daddr fe80::2
list: icmpv6 daddr fe80::2
sysnft: icmpv6 type nd-redirect @th,192,128 0xfe800000000000000000000000000002
  [ meta load l4proto => reg 1 ]
  [ cmp eq reg 1 0x0000003a ]
  [ payload load 1b @ transport header + 0 => reg 1 ]
  [ cmp eq reg 1 0x00000089 ]
  [ payload load 16b @ transport header + 24 => reg 1 ]
  [ cmp eq reg 1 0x000080fe 0x00000000 0x00000000 0x02000000 ]
json: [{"match": {"op": "==", "left": {"payload": {"protocol": "icmpv6", "field": "daddr"}}, "right": "fe80::2"}}]

rule: icmpv6 daddr fe80::2
sysnft: icmpv6 type nd-redirect @th,192,128 0xfe800000000000000000000000000002
  [ meta load l4proto => reg 1 ]
  [ cmp eq reg 1 0x0000003a ]
  [ payload load 1b @ transport header + 0 => reg 1 ]
  [ cmp eq reg 1 0x00000089 ]
  [ payload load 16b @ transport header + 24 => reg 1 ]
  [ cmp eq reg 1 0x000080fe 0x00000000 0x00000000 0x02000000 ]
json: [{"match": {"op": "==", "left": {"payload": {"protocol": "icmpv6", "field": "daddr"}}, "right": "fe80::2"}}]
