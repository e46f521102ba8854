# ip saddr/daddr
families: ip inet bridge netdev
table: t
chain: c { type filter hook input priority filter; policy accept; }
chain netdev: c { type filter hook ingress device "v0" priority filter; policy accept; }
chain: target
veth netdev: v0 v1

rule: ip saddr 1.2.3.4
  [ meta load protocol => reg 1 ]
  [ cmp eq reg 1 0x00000008 ]
  [ payload load 4b @ network header + 12 => reg 1 ]
  [ cmp eq reg 1 0x04030201 ]
bytecode ip:
  [ payload load 4b @ network header + 12 => reg 1 ]
  [ cmp eq reg 1 0x04030201 ]
bytecode inet:
  [ meta load nfproto => reg 1 ]
  [ cmp eq reg 1 0x00000002 ]
  [ payload load 4b @ network header + 12 => reg 1 ]
  [ cmp eq reg 1 0x04030201 ]
json: [{"match": {"op": "==", "left": {"payload": {"protocol": "ip", "field": "saddr"}}, "right": "1.2.3.4"}}]

rule: ip daddr 4.3.2.1 counter drop
list: ip daddr 4.3.2.1 counter packets 0 bytes 0 drop
  [ meta load protocol => reg 1 ]
  [ cmp eq reg 1 0x00000008 ]
  [ payload load 4b @ network header + 16 => reg 1 ]
  [ cmp eq reg 1 0x01020304 ]
  [ counter pkts 0 bytes 0 ]
  [ immediate reg 0 drop ]
bytecode ip:
  [ payload load 4b @ network header + 16 => reg 1 ]
  [ cmp eq reg 1 0x01020304 ]
  [ counter pkts 0 bytes 0 ]
  [ immediate reg 0 drop ]
bytecode inet:
  [ meta load nfproto => reg 1 ]
  [ cmp eq reg 1 0x00000002 ]
  [ payload load 4b @ network header + 16 => reg 1 ]
  [ cmp eq reg 1 0x01020304 ]
  [ counter pkts 0 bytes 0 ]
  [ immediate reg 0 drop ]
json: [{"match": {"op": "==", "left": {"payload": {"protocol": "ip", "field": "daddr"}}, "right": "4.3.2.1"}}, {"counter": {"packets": 0, "bytes": 0}}, {"drop": null}]

rule: ip saddr == 192.168.1.1
list: ip saddr 192.168.1.1
  [ meta load protocol => reg 1 ]
  [ cmp eq reg 1 0x00000008 ]
  [ payload load 4b @ network header + 12 => reg 1 ]
  [ cmp eq reg 1 0x0101a8c0 ]
bytecode ip:
  [ payload load 4b @ network header + 12 => reg 1 ]
  [ cmp eq reg 1 0x0101a8c0 ]
bytecode inet:
  [ meta load nfproto => reg 1 ]
  [ cmp eq reg 1 0x00000002 ]
  [ payload load 4b @ network header + 12 => reg 1 ]
  [ cmp eq reg 1 0x0101a8c0 ]
json: [{"match": {"op": "==", "left": {"payload": {"protocol": "ip", "field": "saddr"}}, "right": "192.168.1.1"}}]

rule: ip daddr != 10.0.0.1
  [ meta load protocol => reg 1 ]
  [ cmp eq reg 1 0x00000008 ]
  [ payload load 4b @ network header + 16 => reg 1 ]
  [ cmp neq reg 1 0x0100000a ]
bytecode ip:
  [ payload load 4b @ network header + 16 => reg 1 ]
  [ cmp neq reg 1 0x0100000a ]
bytecode inet:
  [ meta load nfproto => reg 1 ]
  [ cmp eq reg 1 0x00000002 ]
  [ payload load 4b @ network header + 16 => reg 1 ]
  [ cmp neq reg 1 0x0100000a ]
json: [{"match": {"op": "!=", "left": {"payload": {"protocol": "ip", "field": "daddr"}}, "right": "10.0.0.1"}}]

rule: ip saddr 10.0.0.0/8
  [ meta load protocol => reg 1 ]
  [ cmp eq reg 1 0x00000008 ]
  [ payload load 1b @ network header + 12 => reg 1 ]
  [ cmp eq reg 1 0x0000000a ]
bytecode ip:
  [ payload load 1b @ network header + 12 => reg 1 ]
  [ cmp eq reg 1 0x0000000a ]
bytecode inet:
  [ meta load nfproto => reg 1 ]
  [ cmp eq reg 1 0x00000002 ]
  [ payload load 1b @ network header + 12 => reg 1 ]
  [ cmp eq reg 1 0x0000000a ]
json: [{"match": {"op": "==", "left": {"payload": {"protocol": "ip", "field": "saddr"}}, "right": {"prefix": {"addr": "10.0.0.0", "len": 8}}}}]

rule: ip daddr 192.168.0.0/16 accept
  [ meta load protocol => reg 1 ]
  [ cmp eq reg 1 0x00000008 ]
  [ payload load 2b @ network header + 16 => reg 1 ]
  [ cmp eq reg 1 0x0000a8c0 ]
  [ immediate reg 0 accept ]
bytecode ip:
  [ payload load 2b @ network header + 16 => reg 1 ]
  [ cmp eq reg 1 0x0000a8c0 ]
  [ immediate reg 0 accept ]
bytecode inet:
  [ meta load nfproto => reg 1 ]
  [ cmp eq reg 1 0x00000002 ]
  [ payload load 2b @ network header + 16 => reg 1 ]
  [ cmp eq reg 1 0x0000a8c0 ]
  [ immediate reg 0 accept ]
json: [{"match": {"op": "==", "left": {"payload": {"protocol": "ip", "field": "daddr"}}, "right": {"prefix": {"addr": "192.168.0.0", "len": 16}}}}, {"accept": null}]

rule: ip saddr != 172.16.0.0/12
  [ meta load protocol => reg 1 ]
  [ cmp eq reg 1 0x00000008 ]
  [ payload load 4b @ network header + 12 => reg 1 ]
  [ bitwise reg 1 = ( reg 1 & 0x0000f0ff ) ^ 0x00000000 ]
  [ cmp neq reg 1 0x000010ac ]
bytecode ip:
  [ payload load 4b @ network header + 12 => reg 1 ]
  [ bitwise reg 1 = ( reg 1 & 0x0000f0ff ) ^ 0x00000000 ]
  [ cmp neq reg 1 0x000010ac ]
bytecode inet:
  [ meta load nfproto => reg 1 ]
  [ cmp eq reg 1 0x00000002 ]
  [ payload load 4b @ network header + 12 => reg 1 ]
  [ bitwise reg 1 = ( reg 1 & 0x0000f0ff ) ^ 0x00000000 ]
  [ cmp neq reg 1 0x000010ac ]
json: [{"match": {"op": "!=", "left": {"payload": {"protocol": "ip", "field": "saddr"}}, "right": {"prefix": {"addr": "172.16.0.0", "len": 12}}}}]

rule: ip daddr 1.2.3.4/32
list: ip daddr 1.2.3.4
  [ meta load protocol => reg 1 ]
  [ cmp eq reg 1 0x00000008 ]
  [ payload load 4b @ network header + 16 => reg 1 ]
  [ cmp eq reg 1 0x04030201 ]
bytecode ip:
  [ payload load 4b @ network header + 16 => reg 1 ]
  [ cmp eq reg 1 0x04030201 ]
bytecode inet:
  [ meta load nfproto => reg 1 ]
  [ cmp eq reg 1 0x00000002 ]
  [ payload load 4b @ network header + 16 => reg 1 ]
  [ cmp eq reg 1 0x04030201 ]
json: [{"match": {"op": "==", "left": {"payload": {"protocol": "ip", "field": "daddr"}}, "right": "1.2.3.4"}}]

rule: ip saddr 10.0.0.0/24 ip daddr 10.0.1.0/24 counter accept
list: ip saddr 10.0.0.0/24 ip daddr 10.0.1.0/24 counter packets 0 bytes 0 accept
  [ meta load protocol => reg 1 ]
  [ cmp eq reg 1 0x00000008 ]
  [ payload load 3b @ network header + 12 => reg 1 ]
  [ cmp eq reg 1 0x0000000a ]
  [ payload load 3b @ network header + 16 => reg 1 ]
  [ cmp eq reg 1 0x0001000a ]
  [ counter pkts 0 bytes 0 ]
  [ immediate reg 0 accept ]
bytecode ip:
  [ payload load 3b @ network header + 12 => reg 1 ]
  [ cmp eq reg 1 0x0000000a ]
  [ payload load 3b @ network header + 16 => reg 1 ]
  [ cmp eq reg 1 0x0001000a ]
  [ counter pkts 0 bytes 0 ]
  [ immediate reg 0 accept ]
bytecode inet:
  [ meta load nfproto => reg 1 ]
  [ cmp eq reg 1 0x00000002 ]
  [ payload load 3b @ network header + 12 => reg 1 ]
  [ cmp eq reg 1 0x0000000a ]
  [ payload load 3b @ network header + 16 => reg 1 ]
  [ cmp eq reg 1 0x0001000a ]
  [ counter pkts 0 bytes 0 ]
  [ immediate reg 0 accept ]
json: [{"match": {"op": "==", "left": {"payload": {"protocol": "ip", "field": "saddr"}}, "right": {"prefix": {"addr": "10.0.0.0", "len": 24}}}}, {"match": {"op": "==", "left": {"payload": {"protocol": "ip", "field": "daddr"}}, "right": {"prefix": {"addr": "10.0.1.0", "len": 24}}}}, {"counter": {"packets": 0, "bytes": 0}}, {"accept": null}]

rule: ip daddr 255.255.255.255
  [ meta load protocol => reg 1 ]
  [ cmp eq reg 1 0x00000008 ]
  [ payload load 4b @ network header + 16 => reg 1 ]
  [ cmp eq reg 1 0xffffffff ]
bytecode ip:
  [ payload load 4b @ network header + 16 => reg 1 ]
  [ cmp eq reg 1 0xffffffff ]
bytecode inet:
  [ meta load nfproto => reg 1 ]
  [ cmp eq reg 1 0x00000002 ]
  [ payload load 4b @ network header + 16 => reg 1 ]
  [ cmp eq reg 1 0xffffffff ]
json: [{"match": {"op": "==", "left": {"payload": {"protocol": "ip", "field": "daddr"}}, "right": "255.255.255.255"}}]

rule: ip saddr 0.0.0.0
  [ meta load protocol => reg 1 ]
  [ cmp eq reg 1 0x00000008 ]
  [ payload load 4b @ network header + 12 => reg 1 ]
  [ cmp eq reg 1 0x00000000 ]
bytecode ip:
  [ payload load 4b @ network header + 12 => reg 1 ]
  [ cmp eq reg 1 0x00000000 ]
bytecode inet:
  [ meta load nfproto => reg 1 ]
  [ cmp eq reg 1 0x00000002 ]
  [ payload load 4b @ network header + 12 => reg 1 ]
  [ cmp eq reg 1 0x00000000 ]
json: [{"match": {"op": "==", "left": {"payload": {"protocol": "ip", "field": "saddr"}}, "right": "0.0.0.0"}}]

fail: ip saddr 1.2.3.4/33

fail: ip6 saddr ::1 ip saddr 1.2.3.4

fail: ip saddr 1.2.3.4.5
