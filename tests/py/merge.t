# Adjacent "==" payload matches of one header loaded at once, as 1.1.3
# merges them: within a run of matches (other matches between them do
# not stop it, other statements do), the merged load where the lower
# field's match was, unless the other one is a protocol key match (also
# an inserted dependency): that one keeps its place.
families: netdev
table: t
chain netdev: c { type filter hook ingress device "v0" priority filter; policy accept; }
chain: target
veth netdev: v0 v1

# the JSON of the listing puts "meta mark" first: the dependency follows it
rule: ether saddr 00:11:22:33:44:55 meta mark 1 ether daddr 00:11:22:33:44:55
list: meta mark 0x00000001 ether daddr 00:11:22:33:44:55 ether saddr 00:11:22:33:44:55
  [ meta load iiftype => reg 1 ]
  [ cmp eq reg 1 0x00000001 ]
  [ meta load mark => reg 1 ]
  [ cmp eq reg 1 0x00000001 ]
  [ payload load 12b @ link header + 0 => reg 1 ]
  [ cmp eq reg 1 0x33221100 0x11005544 0x55443322 ]
json: [{"match": {"op": "==", "left": {"meta": {"key": "mark"}}, "right": 1}}, {"match": {"op": "==", "left": {"payload": {"protocol": "ether", "field": "daddr"}}, "right": "00:11:22:33:44:55"}}, {"match": {"op": "==", "left": {"payload": {"protocol": "ether", "field": "saddr"}}, "right": "00:11:22:33:44:55"}}]
json-bytecode:
  [ meta load mark => reg 1 ]
  [ cmp eq reg 1 0x00000001 ]
  [ meta load iiftype => reg 1 ]
  [ cmp eq reg 1 0x00000001 ]
  [ payload load 12b @ link header + 0 => reg 1 ]
  [ cmp eq reg 1 0x33221100 0x11005544 0x55443322 ]

# the JSON of the listing puts "meta mark" first: the dependency follows it
rule: ether saddr 00:11:22:33:44:55 meta mark 1 ether type ip
list: meta mark 0x00000001 ether saddr 00:11:22:33:44:55 ether type ip
  [ meta load iiftype => reg 1 ]
  [ cmp eq reg 1 0x00000001 ]
  [ meta load mark => reg 1 ]
  [ cmp eq reg 1 0x00000001 ]
  [ payload load 8b @ link header + 6 => reg 1 ]
  [ cmp eq reg 1 0x33221100 0x00085544 ]
json: [{"match": {"op": "==", "left": {"meta": {"key": "mark"}}, "right": 1}}, {"match": {"op": "==", "left": {"payload": {"protocol": "ether", "field": "saddr"}}, "right": "00:11:22:33:44:55"}}, {"match": {"op": "==", "left": {"payload": {"protocol": "ether", "field": "type"}}, "right": "ip"}}]
json-bytecode:
  [ meta load mark => reg 1 ]
  [ cmp eq reg 1 0x00000001 ]
  [ meta load iiftype => reg 1 ]
  [ cmp eq reg 1 0x00000001 ]
  [ payload load 8b @ link header + 6 => reg 1 ]
  [ cmp eq reg 1 0x33221100 0x00085544 ]

rule: ether type ip meta mark 1 ether saddr 00:11:22:33:44:55
list: ether saddr 00:11:22:33:44:55 ether type ip meta mark 0x00000001
  [ meta load iiftype => reg 1 ]
  [ cmp eq reg 1 0x00000001 ]
  [ payload load 8b @ link header + 6 => reg 1 ]
  [ cmp eq reg 1 0x33221100 0x00085544 ]
  [ meta load mark => reg 1 ]
  [ cmp eq reg 1 0x00000001 ]
json: [{"match": {"op": "==", "left": {"payload": {"protocol": "ether", "field": "saddr"}}, "right": "00:11:22:33:44:55"}}, {"match": {"op": "==", "left": {"payload": {"protocol": "ether", "field": "type"}}, "right": "ip"}}, {"match": {"op": "==", "left": {"meta": {"key": "mark"}}, "right": 1}}]

rule: ether saddr 00:11:22:33:44:55 @ll,0,8 0xad ether type ip
list: ether daddr ad:00:00:00:00:00/8 ether saddr 00:11:22:33:44:55 ether type ip
  [ meta load iiftype => reg 1 ]
  [ cmp eq reg 1 0x00000001 ]
  [ payload load 1b @ link header + 0 => reg 1 ]
  [ cmp eq reg 1 0x000000ad ]
  [ payload load 8b @ link header + 6 => reg 1 ]
  [ cmp eq reg 1 0x33221100 0x00085544 ]
json: [{"match": {"op": "==", "left": {"payload": {"protocol": "ether", "field": "daddr"}}, "right": {"prefix": {"addr": "ad:00:00:00:00:00", "len": 8}}}}, {"match": {"op": "==", "left": {"payload": {"protocol": "ether", "field": "saddr"}}, "right": "00:11:22:33:44:55"}}, {"match": {"op": "==", "left": {"payload": {"protocol": "ether", "field": "type"}}, "right": "ip"}}]

rule: ether saddr 00:11:22:33:44:55 meta mark 1 counter ether daddr 00:11:22:33:44:55
list: ether saddr 00:11:22:33:44:55 meta mark 0x00000001 counter packets 0 bytes 0 ether daddr 00:11:22:33:44:55
  [ meta load iiftype => reg 1 ]
  [ cmp eq reg 1 0x00000001 ]
  [ payload load 6b @ link header + 6 => reg 1 ]
  [ cmp eq reg 1 0x33221100 0x00005544 ]
  [ meta load mark => reg 1 ]
  [ cmp eq reg 1 0x00000001 ]
  [ counter pkts 0 bytes 0 ]
  [ payload load 6b @ link header + 0 => reg 1 ]
  [ cmp eq reg 1 0x33221100 0x00005544 ]
json: [{"match": {"op": "==", "left": {"payload": {"protocol": "ether", "field": "saddr"}}, "right": "00:11:22:33:44:55"}}, {"match": {"op": "==", "left": {"meta": {"key": "mark"}}, "right": 1}}, {"counter": {"packets": 0, "bytes": 0}}, {"match": {"op": "==", "left": {"payload": {"protocol": "ether", "field": "daddr"}}, "right": "00:11:22:33:44:55"}}]

rule: ether saddr 00:11:22:33:44:55 meta mark set 1 ether type ip
list: ether saddr 00:11:22:33:44:55 meta mark set 0x00000001 ether type ip
  [ meta load iiftype => reg 1 ]
  [ cmp eq reg 1 0x00000001 ]
  [ payload load 6b @ link header + 6 => reg 1 ]
  [ cmp eq reg 1 0x33221100 0x00005544 ]
  [ immediate reg 1 0x00000001 ]
  [ meta set mark with reg 1 ]
  [ payload load 2b @ link header + 12 => reg 1 ]
  [ cmp eq reg 1 0x00000008 ]
json: [{"match": {"op": "==", "left": {"payload": {"protocol": "ether", "field": "saddr"}}, "right": "00:11:22:33:44:55"}}, {"mangle": {"key": {"meta": {"key": "mark"}}, "value": 1}}, {"match": {"op": "==", "left": {"payload": {"protocol": "ether", "field": "type"}}, "right": "ip"}}]

rule: ether saddr 00:11:22:33:44:55 counter ip saddr 1.2.3.4
list: ether saddr 00:11:22:33:44:55 counter packets 0 bytes 0 ip saddr 1.2.3.4
  [ meta load iiftype => reg 1 ]
  [ cmp eq reg 1 0x00000001 ]
  [ payload load 6b @ link header + 6 => reg 1 ]
  [ cmp eq reg 1 0x33221100 0x00005544 ]
  [ counter pkts 0 bytes 0 ]
  [ payload load 2b @ link header + 12 => reg 1 ]
  [ cmp eq reg 1 0x00000008 ]
  [ payload load 4b @ network header + 12 => reg 1 ]
  [ cmp eq reg 1 0x04030201 ]
json: [{"match": {"op": "==", "left": {"payload": {"protocol": "ether", "field": "saddr"}}, "right": "00:11:22:33:44:55"}}, {"counter": {"packets": 0, "bytes": 0}}, {"match": {"op": "==", "left": {"payload": {"protocol": "ip", "field": "saddr"}}, "right": "1.2.3.4"}}]

rule: ether saddr 00:11:22:33:44:55 ip saddr 1.2.3.4
  [ meta load iiftype => reg 1 ]
  [ cmp eq reg 1 0x00000001 ]
  [ payload load 8b @ link header + 6 => reg 1 ]
  [ cmp eq reg 1 0x33221100 0x00085544 ]
  [ payload load 4b @ network header + 12 => reg 1 ]
  [ cmp eq reg 1 0x04030201 ]
json: [{"match": {"op": "==", "left": {"payload": {"protocol": "ether", "field": "saddr"}}, "right": "00:11:22:33:44:55"}}, {"match": {"op": "==", "left": {"payload": {"protocol": "ip", "field": "saddr"}}, "right": "1.2.3.4"}}]
