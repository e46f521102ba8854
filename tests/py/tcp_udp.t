# tcp/udp ports
families: ip ip6 inet bridge netdev
table: t
chain: c { type filter hook input priority filter; policy accept; }
chain netdev: c { type filter hook ingress device "v0" priority filter; policy accept; }
chain: target
veth netdev: v0 v1

rule: tcp dport 22
  [ meta load l4proto => reg 1 ]
  [ cmp eq reg 1 0x00000006 ]
  [ payload load 2b @ transport header + 2 => reg 1 ]
  [ cmp eq reg 1 0x00001600 ]
json: [{"match": {"op": "==", "left": {"payload": {"protocol": "tcp", "field": "dport"}}, "right": 22}}]

rule: tcp sport 1024
  [ meta load l4proto => reg 1 ]
  [ cmp eq reg 1 0x00000006 ]
  [ payload load 2b @ transport header + 0 => reg 1 ]
  [ cmp eq reg 1 0x00000004 ]
json: [{"match": {"op": "==", "left": {"payload": {"protocol": "tcp", "field": "sport"}}, "right": 1024}}]

rule: tcp dport 1-1024
  [ meta load l4proto => reg 1 ]
  [ cmp eq reg 1 0x00000006 ]
  [ payload load 2b @ transport header + 2 => reg 1 ]
  [ range eq reg 1 0x00000100 0x00000004 ]
json: [{"match": {"op": "==", "left": {"payload": {"protocol": "tcp", "field": "dport"}}, "right": {"range": [1, 1024]}}}]

rule: tcp dport != 22
  [ meta load l4proto => reg 1 ]
  [ cmp eq reg 1 0x00000006 ]
  [ payload load 2b @ transport header + 2 => reg 1 ]
  [ cmp neq reg 1 0x00001600 ]
json: [{"match": {"op": "!=", "left": {"payload": {"protocol": "tcp", "field": "dport"}}, "right": 22}}]

rule: tcp sport != 1-1023
  [ meta load l4proto => reg 1 ]
  [ cmp eq reg 1 0x00000006 ]
  [ payload load 2b @ transport header + 0 => reg 1 ]
  [ range neq reg 1 0x00000100 0x0000ff03 ]
json: [{"match": {"op": "!=", "left": {"payload": {"protocol": "tcp", "field": "sport"}}, "right": {"range": [1, 1023]}}}]

rule: tcp dport == 443
list: tcp dport 443
  [ meta load l4proto => reg 1 ]
  [ cmp eq reg 1 0x00000006 ]
  [ payload load 2b @ transport header + 2 => reg 1 ]
  [ cmp eq reg 1 0x0000bb01 ]
json: [{"match": {"op": "==", "left": {"payload": {"protocol": "tcp", "field": "dport"}}, "right": 443}}]

rule: tcp dport 65535
  [ meta load l4proto => reg 1 ]
  [ cmp eq reg 1 0x00000006 ]
  [ payload load 2b @ transport header + 2 => reg 1 ]
  [ cmp eq reg 1 0x0000ffff ]
json: [{"match": {"op": "==", "left": {"payload": {"protocol": "tcp", "field": "dport"}}, "right": 65535}}]

rule: udp dport 53
  [ meta load l4proto => reg 1 ]
  [ cmp eq reg 1 0x00000011 ]
  [ payload load 2b @ transport header + 2 => reg 1 ]
  [ cmp eq reg 1 0x00003500 ]
json: [{"match": {"op": "==", "left": {"payload": {"protocol": "udp", "field": "dport"}}, "right": 53}}]

rule: udp sport 67 udp dport 68
  [ meta load l4proto => reg 1 ]
  [ cmp eq reg 1 0x00000011 ]
  [ payload load 4b @ transport header + 0 => reg 1 ]
  [ cmp eq reg 1 0x44004300 ]
json: [{"match": {"op": "==", "left": {"payload": {"protocol": "udp", "field": "sport"}}, "right": 67}}, {"match": {"op": "==", "left": {"payload": {"protocol": "udp", "field": "dport"}}, "right": 68}}]

rule: udp dport 1000-2000 counter accept
list: udp dport 1000-2000 counter packets 0 bytes 0 accept
  [ meta load l4proto => reg 1 ]
  [ cmp eq reg 1 0x00000011 ]
  [ payload load 2b @ transport header + 2 => reg 1 ]
  [ range eq reg 1 0x0000e803 0x0000d007 ]
  [ counter pkts 0 bytes 0 ]
  [ immediate reg 0 accept ]
json: [{"match": {"op": "==", "left": {"payload": {"protocol": "udp", "field": "dport"}}, "right": {"range": [1000, 2000]}}}, {"counter": {"packets": 0, "bytes": 0}}, {"accept": null}]

rule: udp sport != 123
  [ meta load l4proto => reg 1 ]
  [ cmp eq reg 1 0x00000011 ]
  [ payload load 2b @ transport header + 0 => reg 1 ]
  [ cmp neq reg 1 0x00007b00 ]
json: [{"match": {"op": "!=", "left": {"payload": {"protocol": "udp", "field": "sport"}}, "right": 123}}]

rule: tcp sport 1024-65535 tcp dport 80 accept
  [ meta load l4proto => reg 1 ]
  [ cmp eq reg 1 0x00000006 ]
  [ payload load 2b @ transport header + 0 => reg 1 ]
  [ range eq reg 1 0x00000004 0x0000ffff ]
  [ payload load 2b @ transport header + 2 => reg 1 ]
  [ cmp eq reg 1 0x00005000 ]
  [ immediate reg 0 accept ]
json: [{"match": {"op": "==", "left": {"payload": {"protocol": "tcp", "field": "sport"}}, "right": {"range": [1024, 65535]}}}, {"match": {"op": "==", "left": {"payload": {"protocol": "tcp", "field": "dport"}}, "right": 80}}, {"accept": null}]

fail: tcp dport 65536

fail: tcp dport 1024-1

fail: tcp dport 22 udp sport 53
