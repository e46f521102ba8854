# IPv6 header fields in the bridge family
family: bridge
table: t
chain: c { type filter hook input priority filter; policy accept; }
chain: target

rule: ip6 version 6
  [ meta load protocol => reg 1 ]
  [ cmp eq reg 1 0x0000dd86 ]
  [ payload load 1b @ network header + 0 => reg 1 ]
  [ bitwise reg 1 = ( reg 1 & 0x000000f0 ) ^ 0x00000000 ]
  [ cmp eq reg 1 0x00000060 ]
json: [{"match": {"op": "==", "left": {"payload": {"protocol": "ip6", "field": "version"}}, "right": 6}}]

rule: ip6 dscp cs1
  [ meta load protocol => reg 1 ]
  [ cmp eq reg 1 0x0000dd86 ]
  [ payload load 2b @ network header + 0 => reg 1 ]
  [ bitwise reg 1 = ( reg 1 & 0x0000c00f ) ^ 0x00000000 ]
  [ cmp eq reg 1 0x00000002 ]
json: [{"match": {"op": "==", "left": {"payload": {"protocol": "ip6", "field": "dscp"}}, "right": "cs1"}}]

rule: ip6 dscp != cs0
  [ meta load protocol => reg 1 ]
  [ cmp eq reg 1 0x0000dd86 ]
  [ payload load 2b @ network header + 0 => reg 1 ]
  [ bitwise reg 1 = ( reg 1 & 0x0000c00f ) ^ 0x00000000 ]
  [ cmp neq reg 1 0x00000000 ]
json: [{"match": {"op": "!=", "left": {"payload": {"protocol": "ip6", "field": "dscp"}}, "right": "cs0"}}]

rule: ip6 ecn ce
  [ meta load protocol => reg 1 ]
  [ cmp eq reg 1 0x0000dd86 ]
  [ payload load 1b @ network header + 1 => reg 1 ]
  [ bitwise reg 1 = ( reg 1 & 0x00000030 ) ^ 0x00000000 ]
  [ cmp eq reg 1 0x00000030 ]
json: [{"match": {"op": "==", "left": {"payload": {"protocol": "ip6", "field": "ecn"}}, "right": "ce"}}]

rule: ip6 flowlabel 1234
  [ meta load protocol => reg 1 ]
  [ cmp eq reg 1 0x0000dd86 ]
  [ payload load 3b @ network header + 1 => reg 1 ]
  [ bitwise reg 1 = ( reg 1 & 0x00ffff0f ) ^ 0x00000000 ]
  [ cmp eq reg 1 0x00d20400 ]
json: [{"match": {"op": "==", "left": {"payload": {"protocol": "ip6", "field": "flowlabel"}}, "right": 1234}}]

rule: ip6 flowlabel != 0
  [ meta load protocol => reg 1 ]
  [ cmp eq reg 1 0x0000dd86 ]
  [ payload load 3b @ network header + 1 => reg 1 ]
  [ bitwise reg 1 = ( reg 1 & 0x00ffff0f ) ^ 0x00000000 ]
  [ cmp neq reg 1 0x00000000 ]
json: [{"match": {"op": "!=", "left": {"payload": {"protocol": "ip6", "field": "flowlabel"}}, "right": 0}}]

rule: ip6 length 100
  [ meta load protocol => reg 1 ]
  [ cmp eq reg 1 0x0000dd86 ]
  [ payload load 2b @ network header + 4 => reg 1 ]
  [ cmp eq reg 1 0x00006400 ]
json: [{"match": {"op": "==", "left": {"payload": {"protocol": "ip6", "field": "length"}}, "right": 100}}]

rule: ip6 nexthdr tcp
  [ meta load protocol => reg 1 ]
  [ cmp eq reg 1 0x0000dd86 ]
  [ payload load 1b @ network header + 6 => reg 1 ]
  [ cmp eq reg 1 0x00000006 ]
json: [{"match": {"op": "==", "left": {"payload": {"protocol": "ip6", "field": "nexthdr"}}, "right": "tcp"}}]

rule: ip6 hoplimit 255
  [ meta load protocol => reg 1 ]
  [ cmp eq reg 1 0x0000dd86 ]
  [ payload load 1b @ network header + 7 => reg 1 ]
  [ cmp eq reg 1 0x000000ff ]
json: [{"match": {"op": "==", "left": {"payload": {"protocol": "ip6", "field": "hoplimit"}}, "right": 255}}]

rule: ip6 hoplimit 1-10
  [ meta load protocol => reg 1 ]
  [ cmp eq reg 1 0x0000dd86 ]
  [ payload load 1b @ network header + 7 => reg 1 ]
  [ cmp gte reg 1 0x00000001 ]
  [ cmp lte reg 1 0x0000000a ]
json: [{"match": {"op": "==", "left": {"payload": {"protocol": "ip6", "field": "hoplimit"}}, "right": {"range": [1, 10]}}}]

fail: ip6 flowlabel 1048576

fail: ip6 dscp cs8
