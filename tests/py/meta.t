# meta keys
families: ip ip6 inet arp bridge netdev
table: t
chain: c { type filter hook input priority filter; policy accept; }
chain netdev: c { type filter hook ingress device "v0" priority filter; policy accept; }
chain: target
veth netdev: v0 v1

rule: meta iifname "eth0"
list: iifname "eth0"
  [ meta load iifname => reg 1 ]
  [ cmp eq reg 1 0x30687465 0x00000000 0x00000000 0x00000000 ]
json: [{"match": {"op": "==", "left": {"meta": {"key": "iifname"}}, "right": "eth0"}}]

rule: iifname "lo"
  [ meta load iifname => reg 1 ]
  [ cmp eq reg 1 0x00006f6c 0x00000000 0x00000000 0x00000000 ]
json: [{"match": {"op": "==", "left": {"meta": {"key": "iifname"}}, "right": "lo"}}]

rule: meta oifname "lo"
list: oifname "lo"
  [ meta load oifname => reg 1 ]
  [ cmp eq reg 1 0x00006f6c 0x00000000 0x00000000 0x00000000 ]
json: [{"match": {"op": "==", "left": {"meta": {"key": "oifname"}}, "right": "lo"}}]

rule: oifname != "eth1"
  [ meta load oifname => reg 1 ]
  [ cmp neq reg 1 0x31687465 0x00000000 0x00000000 0x00000000 ]
json: [{"match": {"op": "!=", "left": {"meta": {"key": "oifname"}}, "right": "eth1"}}]

rule: iifname != "lo" counter drop
list: iifname != "lo" counter packets 0 bytes 0 drop
  [ meta load iifname => reg 1 ]
  [ cmp neq reg 1 0x00006f6c 0x00000000 0x00000000 0x00000000 ]
  [ counter pkts 0 bytes 0 ]
  [ immediate reg 0 drop ]
json: [{"match": {"op": "!=", "left": {"meta": {"key": "iifname"}}, "right": "lo"}}, {"counter": {"packets": 0, "bytes": 0}}, {"drop": null}]

rule: meta iif "lo"
list: iif "lo"
  [ meta load iif => reg 1 ]
  [ cmp eq reg 1 0x00000001 ]
json: [{"match": {"op": "==", "left": {"meta": {"key": "iif"}}, "right": "lo"}}]

rule: iif "lo"
  [ meta load iif => reg 1 ]
  [ cmp eq reg 1 0x00000001 ]
json: [{"match": {"op": "==", "left": {"meta": {"key": "iif"}}, "right": "lo"}}]

rule: meta oif lo
list: oif "lo"
  [ meta load oif => reg 1 ]
  [ cmp eq reg 1 0x00000001 ]
json: [{"match": {"op": "==", "left": {"meta": {"key": "oif"}}, "right": "lo"}}]

rule: iif != "lo"
  [ meta load iif => reg 1 ]
  [ cmp neq reg 1 0x00000001 ]
json: [{"match": {"op": "!=", "left": {"meta": {"key": "iif"}}, "right": "lo"}}]

rule: meta mark 0x1
list: meta mark 0x00000001
  [ meta load mark => reg 1 ]
  [ cmp eq reg 1 0x00000001 ]
json: [{"match": {"op": "==", "left": {"meta": {"key": "mark"}}, "right": 1}}]

rule: mark 42
list: meta mark 0x0000002a
  [ meta load mark => reg 1 ]
  [ cmp eq reg 1 0x0000002a ]
json: [{"match": {"op": "==", "left": {"meta": {"key": "mark"}}, "right": 42}}]

rule: meta mark != 0x10
list: meta mark != 0x00000010
  [ meta load mark => reg 1 ]
  [ cmp neq reg 1 0x00000010 ]
json: [{"match": {"op": "!=", "left": {"meta": {"key": "mark"}}, "right": 16}}]

rule: meta mark 0xffffffff accept
  [ meta load mark => reg 1 ]
  [ cmp eq reg 1 0xffffffff ]
  [ immediate reg 0 accept ]
json: [{"match": {"op": "==", "left": {"meta": {"key": "mark"}}, "right": 4294967295}}, {"accept": null}]

rule: meta l4proto tcp
  [ meta load l4proto => reg 1 ]
  [ cmp eq reg 1 0x00000006 ]
json: [{"match": {"op": "==", "left": {"meta": {"key": "l4proto"}}, "right": "tcp"}}]

rule: meta l4proto 17
list: meta l4proto udp
  [ meta load l4proto => reg 1 ]
  [ cmp eq reg 1 0x00000011 ]
json: [{"match": {"op": "==", "left": {"meta": {"key": "l4proto"}}, "right": "udp"}}]

rule: meta l4proto != udp
  [ meta load l4proto => reg 1 ]
  [ cmp neq reg 1 0x00000011 ]
json: [{"match": {"op": "!=", "left": {"meta": {"key": "l4proto"}}, "right": "udp"}}]

rule: meta protocol ip
  [ meta load protocol => reg 1 ]
  [ cmp eq reg 1 0x00000008 ]
json: [{"match": {"op": "==", "left": {"meta": {"key": "protocol"}}, "right": "ip"}}]

rule: meta protocol != ip6
  [ meta load protocol => reg 1 ]
  [ cmp neq reg 1 0x0000dd86 ]
json: [{"match": {"op": "!=", "left": {"meta": {"key": "protocol"}}, "right": "ip6"}}]

rule inet: meta nfproto ipv4
  [ meta load nfproto => reg 1 ]
  [ cmp eq reg 1 0x00000002 ]
json: [{"match": {"op": "==", "left": {"meta": {"key": "nfproto"}}, "right": "ipv4"}}]

rule inet: meta nfproto ipv6
  [ meta load nfproto => reg 1 ]
  [ cmp eq reg 1 0x0000000a ]
json: [{"match": {"op": "==", "left": {"meta": {"key": "nfproto"}}, "right": "ipv6"}}]

fail ip ip6 arp bridge netdev: meta nfproto ipv4

fail ip ip6 arp bridge netdev: meta nfproto ipv6

fail: iif "nosuchdev0"

fail: meta mark 0x100000000
