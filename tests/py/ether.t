# ether saddr/daddr/type
families: ip ip6 inet arp bridge netdev
table: t
chain: c { type filter hook input priority filter; policy accept; }
chain netdev: c { type filter hook ingress device "v0" priority filter; policy accept; }
chain: target
veth netdev: v0 v1

rule: ether saddr 00:11:22:33:44:55
  [ meta load iiftype => reg 1 ]
  [ cmp eq reg 1 0x00000001 ]
  [ payload load 6b @ link header + 6 => reg 1 ]
  [ cmp eq reg 1 0x33221100 0x00005544 ]
bytecode bridge:
  [ payload load 6b @ link header + 6 => reg 1 ]
  [ cmp eq reg 1 0x33221100 0x00005544 ]
json: [{"match": {"op": "==", "left": {"payload": {"protocol": "ether", "field": "saddr"}}, "right": "00:11:22:33:44:55"}}]

rule: ether daddr 01:02:03:04:05:06 counter drop
list: ether daddr 01:02:03:04:05:06 counter packets 0 bytes 0 drop
  [ meta load iiftype => reg 1 ]
  [ cmp eq reg 1 0x00000001 ]
  [ payload load 6b @ link header + 0 => reg 1 ]
  [ cmp eq reg 1 0x04030201 0x00000605 ]
  [ counter pkts 0 bytes 0 ]
  [ immediate reg 0 drop ]
bytecode bridge:
  [ payload load 6b @ link header + 0 => reg 1 ]
  [ cmp eq reg 1 0x04030201 0x00000605 ]
  [ counter pkts 0 bytes 0 ]
  [ immediate reg 0 drop ]
json: [{"match": {"op": "==", "left": {"payload": {"protocol": "ether", "field": "daddr"}}, "right": "01:02:03:04:05:06"}}, {"counter": {"packets": 0, "bytes": 0}}, {"drop": null}]

rule: ether saddr != 00:0a:0b:0c:0d:0e
  [ meta load iiftype => reg 1 ]
  [ cmp eq reg 1 0x00000001 ]
  [ payload load 6b @ link header + 6 => reg 1 ]
  [ cmp neq reg 1 0x0c0b0a00 0x00000e0d ]
bytecode bridge:
  [ payload load 6b @ link header + 6 => reg 1 ]
  [ cmp neq reg 1 0x0c0b0a00 0x00000e0d ]
json: [{"match": {"op": "!=", "left": {"payload": {"protocol": "ether", "field": "saddr"}}, "right": "00:0a:0b:0c:0d:0e"}}]

rule: ether daddr ff:ff:ff:ff:ff:ff
  [ meta load iiftype => reg 1 ]
  [ cmp eq reg 1 0x00000001 ]
  [ payload load 6b @ link header + 0 => reg 1 ]
  [ cmp eq reg 1 0xffffffff 0x0000ffff ]
bytecode bridge:
  [ payload load 6b @ link header + 0 => reg 1 ]
  [ cmp eq reg 1 0xffffffff 0x0000ffff ]
json: [{"match": {"op": "==", "left": {"payload": {"protocol": "ether", "field": "daddr"}}, "right": "ff:ff:ff:ff:ff:ff"}}]

rule: ether type ip
  [ meta load iiftype => reg 1 ]
  [ cmp eq reg 1 0x00000001 ]
  [ payload load 2b @ link header + 12 => reg 1 ]
  [ cmp eq reg 1 0x00000008 ]
bytecode bridge:
  [ payload load 2b @ link header + 12 => reg 1 ]
  [ cmp eq reg 1 0x00000008 ]
json: [{"match": {"op": "==", "left": {"payload": {"protocol": "ether", "field": "type"}}, "right": "ip"}}]

rule: ether type ip6 accept
  [ meta load iiftype => reg 1 ]
  [ cmp eq reg 1 0x00000001 ]
  [ payload load 2b @ link header + 12 => reg 1 ]
  [ cmp eq reg 1 0x0000dd86 ]
  [ immediate reg 0 accept ]
bytecode bridge:
  [ payload load 2b @ link header + 12 => reg 1 ]
  [ cmp eq reg 1 0x0000dd86 ]
  [ immediate reg 0 accept ]
json: [{"match": {"op": "==", "left": {"payload": {"protocol": "ether", "field": "type"}}, "right": "ip6"}}, {"accept": null}]

rule: ether type != arp
  [ meta load iiftype => reg 1 ]
  [ cmp eq reg 1 0x00000001 ]
  [ payload load 2b @ link header + 12 => reg 1 ]
  [ cmp neq reg 1 0x00000608 ]
bytecode bridge:
  [ payload load 2b @ link header + 12 => reg 1 ]
  [ cmp neq reg 1 0x00000608 ]
json: [{"match": {"op": "!=", "left": {"payload": {"protocol": "ether", "field": "type"}}, "right": "arp"}}]

rule: ether type vlan
list: ether type 8021q
  [ meta load iiftype => reg 1 ]
  [ cmp eq reg 1 0x00000001 ]
  [ payload load 2b @ link header + 12 => reg 1 ]
  [ cmp eq reg 1 0x00000081 ]
bytecode bridge:
  [ payload load 2b @ link header + 12 => reg 1 ]
  [ cmp eq reg 1 0x00000081 ]
json: [{"match": {"op": "==", "left": {"payload": {"protocol": "ether", "field": "type"}}, "right": "8021q"}}]

rule: ether type 0x0800
list: ether type ip
  [ meta load iiftype => reg 1 ]
  [ cmp eq reg 1 0x00000001 ]
  [ payload load 2b @ link header + 12 => reg 1 ]
  [ cmp eq reg 1 0x00000008 ]
bytecode bridge:
  [ payload load 2b @ link header + 12 => reg 1 ]
  [ cmp eq reg 1 0x00000008 ]
json: [{"match": {"op": "==", "left": {"payload": {"protocol": "ether", "field": "type"}}, "right": "ip"}}]

fail: ether saddr 00:11:22:33:44

fail: ether type nosuchproto
