# rules in a netdev egress chain
families: netdev
table: t
chain: c { type filter hook egress device "v0" priority filter; policy accept; }
chain: target
veth: v0 v1

rule: ip daddr 4.3.2.1 counter drop
list: ip daddr 4.3.2.1 counter packets 0 bytes 0 drop
  [ meta load protocol => reg 1 ]
  [ cmp eq reg 1 0x00000008 ]
  [ payload load 4b @ network header + 16 => reg 1 ]
  [ cmp eq reg 1 0x01020304 ]
  [ counter pkts 0 bytes 0 ]
  [ immediate reg 0 drop ]
json: [{"match": {"op": "==", "left": {"payload": {"protocol": "ip", "field": "daddr"}}, "right": "4.3.2.1"}}, {"counter": {"packets": 0, "bytes": 0}}, {"drop": null}]

rule: ip saddr 10.0.0.0/8
  [ meta load protocol => reg 1 ]
  [ cmp eq reg 1 0x00000008 ]
  [ payload load 1b @ network header + 12 => reg 1 ]
  [ cmp eq reg 1 0x0000000a ]
json: [{"match": {"op": "==", "left": {"payload": {"protocol": "ip", "field": "saddr"}}, "right": {"prefix": {"addr": "10.0.0.0", "len": 8}}}}]

rule: ip6 daddr fe80::/64
  [ meta load protocol => reg 1 ]
  [ cmp eq reg 1 0x0000dd86 ]
  [ payload load 8b @ network header + 24 => reg 1 ]
  [ cmp eq reg 1 0x000080fe 0x00000000 ]
json: [{"match": {"op": "==", "left": {"payload": {"protocol": "ip6", "field": "daddr"}}, "right": {"prefix": {"addr": "fe80::", "len": 64}}}}]

rule: tcp dport 1-1024
  [ meta load l4proto => reg 1 ]
  [ cmp eq reg 1 0x00000006 ]
  [ payload load 2b @ transport header + 2 => reg 1 ]
  [ range eq reg 1 0x00000100 0x00000004 ]
json: [{"match": {"op": "==", "left": {"payload": {"protocol": "tcp", "field": "dport"}}, "right": {"range": [1, 1024]}}}]

rule: udp dport 1000-2000 counter accept
list: udp dport 1000-2000 counter packets 0 bytes 0 accept
  [ meta load l4proto => reg 1 ]
  [ cmp eq reg 1 0x00000011 ]
  [ payload load 2b @ transport header + 2 => reg 1 ]
  [ range eq reg 1 0x0000e803 0x0000d007 ]
  [ counter pkts 0 bytes 0 ]
  [ immediate reg 0 accept ]
json: [{"match": {"op": "==", "left": {"payload": {"protocol": "udp", "field": "dport"}}, "right": {"range": [1000, 2000]}}}, {"counter": {"packets": 0, "bytes": 0}}, {"accept": null}]

rule: meta oifname "lo"
list: oifname "lo"
  [ meta load oifname => reg 1 ]
  [ cmp eq reg 1 0x00006f6c 0x00000000 0x00000000 0x00000000 ]
json: [{"match": {"op": "==", "left": {"meta": {"key": "oifname"}}, "right": "lo"}}]

rule: meta mark 0x1
list: meta mark 0x00000001
  [ meta load mark => reg 1 ]
  [ cmp eq reg 1 0x00000001 ]
json: [{"match": {"op": "==", "left": {"meta": {"key": "mark"}}, "right": 1}}]

rule: ether saddr 00:11:22:33:44:55
  [ meta load iiftype => reg 1 ]
  [ cmp eq reg 1 0x00000001 ]
  [ payload load 6b @ link header + 6 => reg 1 ]
  [ cmp eq reg 1 0x33221100 0x00005544 ]
json: [{"match": {"op": "==", "left": {"payload": {"protocol": "ether", "field": "saddr"}}, "right": "00:11:22:33:44:55"}}]

rule: ether type ip
  [ meta load iiftype => reg 1 ]
  [ cmp eq reg 1 0x00000001 ]
  [ payload load 2b @ link header + 12 => reg 1 ]
  [ cmp eq reg 1 0x00000008 ]
json: [{"match": {"op": "==", "left": {"payload": {"protocol": "ether", "field": "type"}}, "right": "ip"}}]

rule: ip saddr 1.2.3.4 counter jump target
list: ip saddr 1.2.3.4 counter packets 0 bytes 0 jump target
  [ meta load protocol => reg 1 ]
  [ cmp eq reg 1 0x00000008 ]
  [ payload load 4b @ network header + 12 => reg 1 ]
  [ cmp eq reg 1 0x04030201 ]
  [ counter pkts 0 bytes 0 ]
  [ immediate reg 0 jump -> target ]
json: [{"match": {"op": "==", "left": {"payload": {"protocol": "ip", "field": "saddr"}}, "right": "1.2.3.4"}}, {"counter": {"packets": 0, "bytes": 0}}, {"jump": {"target": "target"}}]

rule: meta iifname "lo" accept comment "loopback"
list: iifname "lo" accept comment "loopback"
  [ meta load iifname => reg 1 ]
  [ cmp eq reg 1 0x00006f6c 0x00000000 0x00000000 0x00000000 ]
  [ immediate reg 0 accept ]
  userdata = { \x00\x09loopback\x00 }
json: {"comment": "loopback", "expr": [{"match": {"op": "==", "left": {"meta": {"key": "iifname"}}, "right": "lo"}}, {"accept": null}]}
