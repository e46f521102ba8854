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
