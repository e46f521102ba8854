# igmp in the ip family
family: ip
table: t
chain: c { type filter hook input priority filter; policy accept; }
chain: target

rule: igmp type membership-query
  [ meta load l4proto => reg 1 ]
  [ cmp eq reg 1 0x00000002 ]
  [ payload load 1b @ transport header + 0 => reg 1 ]
  [ cmp eq reg 1 0x00000011 ]
json: [{"match": {"op": "==", "left": {"payload": {"protocol": "igmp", "field": "type"}}, "right": "membership-query"}}]

rule: igmp type leave-group
  [ meta load l4proto => reg 1 ]
  [ cmp eq reg 1 0x00000002 ]
  [ payload load 1b @ transport header + 0 => reg 1 ]
  [ cmp eq reg 1 0x00000017 ]
json: [{"match": {"op": "==", "left": {"payload": {"protocol": "igmp", "field": "type"}}, "right": "leave-group"}}]

rule: igmp mrt 10
  [ meta load l4proto => reg 1 ]
  [ cmp eq reg 1 0x00000002 ]
  [ payload load 1b @ transport header + 1 => reg 1 ]
  [ cmp eq reg 1 0x0000000a ]
json: [{"match": {"op": "==", "left": {"payload": {"protocol": "igmp", "field": "mrt"}}, "right": 10}}]

rule: igmp checksum 5
  [ meta load l4proto => reg 1 ]
  [ cmp eq reg 1 0x00000002 ]
  [ payload load 2b @ transport header + 2 => reg 1 ]
  [ cmp eq reg 1 0x00000500 ]
json: [{"match": {"op": "==", "left": {"payload": {"protocol": "igmp", "field": "checksum"}}, "right": 5}}]

rule: igmp group 5
  [ meta load l4proto => reg 1 ]
  [ cmp eq reg 1 0x00000002 ]
  [ payload load 4b @ transport header + 4 => reg 1 ]
  [ cmp eq reg 1 0x05000000 ]
json: [{"match": {"op": "==", "left": {"payload": {"protocol": "igmp", "field": "group"}}, "right": 5}}]

fail: igmp type foo
