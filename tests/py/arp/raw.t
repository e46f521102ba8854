# raw payload in the arp family
family: arp
table: t
chain: c { type filter hook input priority filter; policy accept; }
chain: target

rule: @ll,0,8 1
list: @ll,0,8 0x1
  [ payload load 1b @ link header + 0 => reg 1 ]
  [ cmp eq reg 1 0x00000001 ]
json: [{"match": {"op": "==", "left": {"payload": {"base": "ll", "offset": 0, "len": 8}}, "right": 1}}]

rule: @nh,16,16 5
list: arp ptype 0x0005
  [ payload load 2b @ network header + 2 => reg 1 ]
  [ cmp eq reg 1 0x00000500 ]
json: [{"match": {"op": "==", "left": {"payload": {"protocol": "arp", "field": "ptype"}}, "right": 5}}]

rule: @th,16,16 5
list: th dport 5
  [ payload load 2b @ transport header + 2 => reg 1 ]
  [ cmp eq reg 1 0x00000500 ]
json: [{"match": {"op": "==", "left": {"payload": {"protocol": "th", "field": "dport"}}, "right": 5}}]

rule: @ih,0,8 1
list: @ih,0,8 0x1
  [ payload load 1b @ inner header + 0 => reg 1 ]
  [ cmp eq reg 1 0x00000001 ]
json: [{"match": {"op": "==", "left": {"payload": {"base": "ih", "offset": 0, "len": 8}}, "right": 1}}]

rule: @nh,1,3 2
list: @nh,0,8 & 0x70 == 0x20
  [ payload load 1b @ network header + 0 => reg 1 ]
  [ bitwise reg 1 = ( reg 1 & 0x00000070 ) ^ 0x00000000 ]
  [ cmp eq reg 1 0x00000020 ]
json: [{"match": {"op": "==", "left": {"&": [{"payload": {"base": "nh", "offset": 0, "len": 8}}, 112]}, "right": 32}}]

rule: @th,3,5 1
list: @th,0,8 & 0x1f == 0x1
  [ payload load 1b @ transport header + 0 => reg 1 ]
  [ bitwise reg 1 = ( reg 1 & 0x0000001f ) ^ 0x00000000 ]
  [ cmp eq reg 1 0x00000001 ]
json: [{"match": {"op": "==", "left": {"&": [{"payload": {"base": "th", "offset": 0, "len": 8}}, 31]}, "right": 1}}]

rule: @nh,0,8 & 0xf0 == 0x40
  [ payload load 1b @ network header + 0 => reg 1 ]
  [ bitwise reg 1 = ( reg 1 & 0x000000f0 ) ^ 0x00000000 ]
  [ cmp eq reg 1 0x00000040 ]
json: [{"match": {"op": "==", "left": {"&": [{"payload": {"base": "nh", "offset": 0, "len": 8}}, 240]}, "right": 64}}]

rule: @nh,96,32 0x01020304
list: @nh,96,32 0x1020304
  [ payload load 4b @ network header + 12 => reg 1 ]
  [ cmp eq reg 1 0x04030201 ]
json: [{"match": {"op": "==", "left": {"payload": {"base": "nh", "offset": 96, "len": 32}}, "right": 16909060}}]

fail: @xx,0,8 1

fail: @nh,0,0 1

fail: @nh,4,512 1

fail: @nh,0,8 256
