# rules in an inet ingress chain
families: inet
table: t
chain: c { type filter hook ingress device "v0" priority filter; policy accept; }
chain: target
veth: v0 v1

rule: ip daddr 4.3.2.1 counter drop
list: ip daddr 4.3.2.1 counter packets 0 bytes 0 drop
  [ meta load nfproto => reg 1 ]
  [ cmp eq reg 1 0x00000002 ]
  [ payload load 4b @ network header + 16 => reg 1 ]
  [ cmp eq reg 1 0x01020304 ]
  [ counter pkts 0 bytes 0 ]
  [ immediate reg 0 drop ]
json: [{"match": {"op": "==", "left": {"payload": {"protocol": "ip", "field": "daddr"}}, "right": "4.3.2.1"}}, {"counter": {"packets": 0, "bytes": 0}}, {"drop": null}]

rule: ip6 saddr 2001:db8::/32 drop
  [ meta load nfproto => reg 1 ]
  [ cmp eq reg 1 0x0000000a ]
  [ payload load 4b @ network header + 8 => reg 1 ]
  [ cmp eq reg 1 0xb80d0120 ]
  [ immediate reg 0 drop ]
json: [{"match": {"op": "==", "left": {"payload": {"protocol": "ip6", "field": "saddr"}}, "right": {"prefix": {"addr": "2001:db8::", "len": 32}}}}, {"drop": null}]

rule: tcp dport 1-1024
  [ meta load l4proto => reg 1 ]
  [ cmp eq reg 1 0x00000006 ]
  [ payload load 2b @ transport header + 2 => reg 1 ]
  [ range eq reg 1 0x00000100 0x00000004 ]
json: [{"match": {"op": "==", "left": {"payload": {"protocol": "tcp", "field": "dport"}}, "right": {"range": [1, 1024]}}}]

rule: meta iifname "eth0"
list: iifname "eth0"
  [ meta load iifname => reg 1 ]
  [ cmp eq reg 1 0x30687465 0x00000000 0x00000000 0x00000000 ]
json: [{"match": {"op": "==", "left": {"meta": {"key": "iifname"}}, "right": "eth0"}}]

rule: ether saddr 00:11:22:33:44:55
  [ meta load iiftype => reg 1 ]
  [ cmp eq reg 1 0x00000001 ]
  [ payload load 6b @ link header + 6 => reg 1 ]
  [ cmp eq reg 1 0x33221100 0x00005544 ]
json: [{"match": {"op": "==", "left": {"payload": {"protocol": "ether", "field": "saddr"}}, "right": "00:11:22:33:44:55"}}]

rule: counter comment "a comment"
list: counter packets 0 bytes 0 comment "a comment"
  [ counter pkts 0 bytes 0 ]
  userdata = { \x00\x0aa comment\x00 }
json: {"comment": "a comment", "expr": [{"counter": {"packets": 0, "bytes": 0}}]}
