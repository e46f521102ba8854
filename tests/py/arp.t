# ARP header fields
families: ip inet arp bridge netdev
table: t
chain: c { type filter hook input priority filter; policy accept; }
chain netdev: c { type filter hook ingress device "v0" priority filter; policy accept; }
chain: target
veth netdev: v0 v1

fail ip inet: arp operation request

fail inet: arp htype 1

rule arp bridge netdev: arp htype 1
  [ payload load 2b @ network header + 0 => reg 1 ]
  [ cmp eq reg 1 0x00000100 ]
bytecode bridge:
  [ payload load 2b @ link header + 12 => reg 1 ]
  [ cmp eq reg 1 0x00000608 ]
  [ payload load 2b @ network header + 0 => reg 1 ]
  [ cmp eq reg 1 0x00000100 ]
bytecode netdev:
  [ meta load protocol => reg 1 ]
  [ cmp eq reg 1 0x00000608 ]
  [ payload load 2b @ network header + 0 => reg 1 ]
  [ cmp eq reg 1 0x00000100 ]
json: [{"match": {"op": "==", "left": {"payload": {"protocol": "arp", "field": "htype"}}, "right": 1}}]

rule arp bridge netdev: arp ptype ip
  [ payload load 2b @ network header + 2 => reg 1 ]
  [ cmp eq reg 1 0x00000008 ]
bytecode bridge:
  [ payload load 2b @ link header + 12 => reg 1 ]
  [ cmp eq reg 1 0x00000608 ]
  [ payload load 2b @ network header + 2 => reg 1 ]
  [ cmp eq reg 1 0x00000008 ]
bytecode netdev:
  [ meta load protocol => reg 1 ]
  [ cmp eq reg 1 0x00000608 ]
  [ payload load 2b @ network header + 2 => reg 1 ]
  [ cmp eq reg 1 0x00000008 ]
json: [{"match": {"op": "==", "left": {"payload": {"protocol": "arp", "field": "ptype"}}, "right": "ip"}}]

rule arp bridge netdev: arp ptype 0x0800
list: arp ptype ip
  [ payload load 2b @ network header + 2 => reg 1 ]
  [ cmp eq reg 1 0x00000008 ]
bytecode bridge:
  [ payload load 2b @ link header + 12 => reg 1 ]
  [ cmp eq reg 1 0x00000608 ]
  [ payload load 2b @ network header + 2 => reg 1 ]
  [ cmp eq reg 1 0x00000008 ]
bytecode netdev:
  [ meta load protocol => reg 1 ]
  [ cmp eq reg 1 0x00000608 ]
  [ payload load 2b @ network header + 2 => reg 1 ]
  [ cmp eq reg 1 0x00000008 ]
json: [{"match": {"op": "==", "left": {"payload": {"protocol": "arp", "field": "ptype"}}, "right": "ip"}}]

rule arp bridge netdev: arp hlen 6
  [ payload load 1b @ network header + 4 => reg 1 ]
  [ cmp eq reg 1 0x00000006 ]
bytecode bridge:
  [ payload load 2b @ link header + 12 => reg 1 ]
  [ cmp eq reg 1 0x00000608 ]
  [ payload load 1b @ network header + 4 => reg 1 ]
  [ cmp eq reg 1 0x00000006 ]
bytecode netdev:
  [ meta load protocol => reg 1 ]
  [ cmp eq reg 1 0x00000608 ]
  [ payload load 1b @ network header + 4 => reg 1 ]
  [ cmp eq reg 1 0x00000006 ]
json: [{"match": {"op": "==", "left": {"payload": {"protocol": "arp", "field": "hlen"}}, "right": 6}}]

rule arp bridge netdev: arp plen 4
  [ payload load 1b @ network header + 5 => reg 1 ]
  [ cmp eq reg 1 0x00000004 ]
bytecode bridge:
  [ payload load 2b @ link header + 12 => reg 1 ]
  [ cmp eq reg 1 0x00000608 ]
  [ payload load 1b @ network header + 5 => reg 1 ]
  [ cmp eq reg 1 0x00000004 ]
bytecode netdev:
  [ meta load protocol => reg 1 ]
  [ cmp eq reg 1 0x00000608 ]
  [ payload load 1b @ network header + 5 => reg 1 ]
  [ cmp eq reg 1 0x00000004 ]
json: [{"match": {"op": "==", "left": {"payload": {"protocol": "arp", "field": "plen"}}, "right": 4}}]

rule arp bridge netdev: arp operation request
  [ payload load 2b @ network header + 6 => reg 1 ]
  [ cmp eq reg 1 0x00000100 ]
bytecode bridge:
  [ payload load 2b @ link header + 12 => reg 1 ]
  [ cmp eq reg 1 0x00000608 ]
  [ payload load 2b @ network header + 6 => reg 1 ]
  [ cmp eq reg 1 0x00000100 ]
bytecode netdev:
  [ meta load protocol => reg 1 ]
  [ cmp eq reg 1 0x00000608 ]
  [ payload load 2b @ network header + 6 => reg 1 ]
  [ cmp eq reg 1 0x00000100 ]
json: [{"match": {"op": "==", "left": {"payload": {"protocol": "arp", "field": "operation"}}, "right": "request"}}]

rule arp bridge netdev: arp operation reply
  [ payload load 2b @ network header + 6 => reg 1 ]
  [ cmp eq reg 1 0x00000200 ]
bytecode bridge:
  [ payload load 2b @ link header + 12 => reg 1 ]
  [ cmp eq reg 1 0x00000608 ]
  [ payload load 2b @ network header + 6 => reg 1 ]
  [ cmp eq reg 1 0x00000200 ]
bytecode netdev:
  [ meta load protocol => reg 1 ]
  [ cmp eq reg 1 0x00000608 ]
  [ payload load 2b @ network header + 6 => reg 1 ]
  [ cmp eq reg 1 0x00000200 ]
json: [{"match": {"op": "==", "left": {"payload": {"protocol": "arp", "field": "operation"}}, "right": "reply"}}]

rule arp bridge netdev: arp operation != nak
  [ payload load 2b @ network header + 6 => reg 1 ]
  [ cmp neq reg 1 0x00000a00 ]
bytecode bridge:
  [ payload load 2b @ link header + 12 => reg 1 ]
  [ cmp eq reg 1 0x00000608 ]
  [ payload load 2b @ network header + 6 => reg 1 ]
  [ cmp neq reg 1 0x00000a00 ]
bytecode netdev:
  [ meta load protocol => reg 1 ]
  [ cmp eq reg 1 0x00000608 ]
  [ payload load 2b @ network header + 6 => reg 1 ]
  [ cmp neq reg 1 0x00000a00 ]
json: [{"match": {"op": "!=", "left": {"payload": {"protocol": "arp", "field": "operation"}}, "right": "nak"}}]

rule arp bridge netdev: arp saddr ether 00:01:02:03:04:05
  [ payload load 6b @ network header + 8 => reg 1 ]
  [ cmp eq reg 1 0x03020100 0x00000504 ]
bytecode bridge:
  [ payload load 2b @ link header + 12 => reg 1 ]
  [ cmp eq reg 1 0x00000608 ]
  [ payload load 6b @ network header + 8 => reg 1 ]
  [ cmp eq reg 1 0x03020100 0x00000504 ]
bytecode netdev:
  [ meta load protocol => reg 1 ]
  [ cmp eq reg 1 0x00000608 ]
  [ payload load 6b @ network header + 8 => reg 1 ]
  [ cmp eq reg 1 0x03020100 0x00000504 ]
json: [{"match": {"op": "==", "left": {"payload": {"protocol": "arp", "field": "saddr ether"}}, "right": "00:01:02:03:04:05"}}]

rule arp bridge netdev: arp daddr ether 00:01:02:03:04:05
  [ payload load 6b @ network header + 18 => reg 1 ]
  [ cmp eq reg 1 0x03020100 0x00000504 ]
bytecode bridge:
  [ payload load 2b @ link header + 12 => reg 1 ]
  [ cmp eq reg 1 0x00000608 ]
  [ payload load 6b @ network header + 18 => reg 1 ]
  [ cmp eq reg 1 0x03020100 0x00000504 ]
bytecode netdev:
  [ meta load protocol => reg 1 ]
  [ cmp eq reg 1 0x00000608 ]
  [ payload load 6b @ network header + 18 => reg 1 ]
  [ cmp eq reg 1 0x03020100 0x00000504 ]
json: [{"match": {"op": "==", "left": {"payload": {"protocol": "arp", "field": "daddr ether"}}, "right": "00:01:02:03:04:05"}}]

rule arp bridge netdev: arp saddr ip 1.2.3.4
  [ payload load 4b @ network header + 14 => reg 1 ]
  [ cmp eq reg 1 0x04030201 ]
bytecode bridge:
  [ payload load 2b @ link header + 12 => reg 1 ]
  [ cmp eq reg 1 0x00000608 ]
  [ payload load 4b @ network header + 14 => reg 1 ]
  [ cmp eq reg 1 0x04030201 ]
bytecode netdev:
  [ meta load protocol => reg 1 ]
  [ cmp eq reg 1 0x00000608 ]
  [ payload load 4b @ network header + 14 => reg 1 ]
  [ cmp eq reg 1 0x04030201 ]
json: [{"match": {"op": "==", "left": {"payload": {"protocol": "arp", "field": "saddr ip"}}, "right": "1.2.3.4"}}]

rule arp bridge netdev: arp daddr ip 10.0.0.0/8
  [ payload load 1b @ network header + 24 => reg 1 ]
  [ cmp eq reg 1 0x0000000a ]
bytecode bridge:
  [ payload load 2b @ link header + 12 => reg 1 ]
  [ cmp eq reg 1 0x00000608 ]
  [ payload load 1b @ network header + 24 => reg 1 ]
  [ cmp eq reg 1 0x0000000a ]
bytecode netdev:
  [ meta load protocol => reg 1 ]
  [ cmp eq reg 1 0x00000608 ]
  [ payload load 1b @ network header + 24 => reg 1 ]
  [ cmp eq reg 1 0x0000000a ]
json: [{"match": {"op": "==", "left": {"payload": {"protocol": "arp", "field": "daddr ip"}}, "right": {"prefix": {"addr": "10.0.0.0", "len": 8}}}}]

rule arp bridge netdev: arp operation 5
  [ payload load 2b @ network header + 6 => reg 1 ]
  [ cmp eq reg 1 0x00000500 ]
bytecode bridge:
  [ payload load 2b @ link header + 12 => reg 1 ]
  [ cmp eq reg 1 0x00000608 ]
  [ payload load 2b @ network header + 6 => reg 1 ]
  [ cmp eq reg 1 0x00000500 ]
bytecode netdev:
  [ meta load protocol => reg 1 ]
  [ cmp eq reg 1 0x00000608 ]
  [ payload load 2b @ network header + 6 => reg 1 ]
  [ cmp eq reg 1 0x00000500 ]
json: [{"match": {"op": "==", "left": {"payload": {"protocol": "arp", "field": "operation"}}, "right": 5}}]

rule bridge netdev: vlan id 1 arp operation request
  [ payload load 2b @ link header + 12 => reg 1 ]
  [ cmp eq reg 1 0x00000081 ]
  [ payload load 2b @ link header + 14 => reg 1 ]
  [ bitwise reg 1 = ( reg 1 & 0x0000ff0f ) ^ 0x00000000 ]
  [ cmp eq reg 1 0x00000100 ]
  [ payload load 2b @ link header + 16 => reg 1 ]
  [ cmp eq reg 1 0x00000608 ]
  [ payload load 2b @ network header + 6 => reg 1 ]
  [ cmp eq reg 1 0x00000100 ]
bytecode netdev:
  [ meta load iiftype => reg 1 ]
  [ cmp eq reg 1 0x00000001 ]
  [ payload load 2b @ link header + 12 => reg 1 ]
  [ cmp eq reg 1 0x00000081 ]
  [ payload load 2b @ link header + 14 => reg 1 ]
  [ bitwise reg 1 = ( reg 1 & 0x0000ff0f ) ^ 0x00000000 ]
  [ cmp eq reg 1 0x00000100 ]
  [ payload load 2b @ link header + 16 => reg 1 ]
  [ cmp eq reg 1 0x00000608 ]
  [ payload load 2b @ network header + 6 => reg 1 ]
  [ cmp eq reg 1 0x00000100 ]
json: [{"match": {"op": "==", "left": {"payload": {"protocol": "vlan", "field": "id"}}, "right": 1}}, {"match": {"op": "==", "left": {"payload": {"protocol": "arp", "field": "operation"}}, "right": "request"}}]

fail arp bridge netdev: arp operation foo

fail arp bridge netdev: arp saddr ip 1.2.3.4.5
