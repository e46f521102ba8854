# IPv6 header fields
families: ip ip6 inet bridge netdev
table: t
chain: c { type filter hook input priority filter; policy accept; }
chain netdev: c { type filter hook ingress device "v0" priority filter; policy accept; }
chain: target
veth netdev: v0 v1

fail ip: ip6 flowlabel 1

fail ip: ip6 dscp cs1

rule ip6 inet bridge netdev: ip6 version 6
  [ meta load protocol => reg 1 ]
  [ cmp eq reg 1 0x0000dd86 ]
  [ payload load 1b @ network header + 0 => reg 1 ]
  [ bitwise reg 1 = ( reg 1 & 0x000000f0 ) ^ 0x00000000 ]
  [ cmp eq reg 1 0x00000060 ]
bytecode ip6:
  [ payload load 1b @ network header + 0 => reg 1 ]
  [ bitwise reg 1 = ( reg 1 & 0x000000f0 ) ^ 0x00000000 ]
  [ cmp eq reg 1 0x00000060 ]
bytecode inet:
  [ meta load nfproto => reg 1 ]
  [ cmp eq reg 1 0x0000000a ]
  [ payload load 1b @ network header + 0 => reg 1 ]
  [ bitwise reg 1 = ( reg 1 & 0x000000f0 ) ^ 0x00000000 ]
  [ cmp eq reg 1 0x00000060 ]
json: [{"match": {"op": "==", "left": {"payload": {"protocol": "ip6", "field": "version"}}, "right": 6}}]

rule ip6 inet bridge netdev: ip6 dscp cs1
  [ meta load protocol => reg 1 ]
  [ cmp eq reg 1 0x0000dd86 ]
  [ payload load 2b @ network header + 0 => reg 1 ]
  [ bitwise reg 1 = ( reg 1 & 0x0000c00f ) ^ 0x00000000 ]
  [ cmp eq reg 1 0x00000002 ]
bytecode ip6:
  [ payload load 2b @ network header + 0 => reg 1 ]
  [ bitwise reg 1 = ( reg 1 & 0x0000c00f ) ^ 0x00000000 ]
  [ cmp eq reg 1 0x00000002 ]
bytecode inet:
  [ meta load nfproto => reg 1 ]
  [ cmp eq reg 1 0x0000000a ]
  [ payload load 2b @ network header + 0 => reg 1 ]
  [ bitwise reg 1 = ( reg 1 & 0x0000c00f ) ^ 0x00000000 ]
  [ cmp eq reg 1 0x00000002 ]
json: [{"match": {"op": "==", "left": {"payload": {"protocol": "ip6", "field": "dscp"}}, "right": "cs1"}}]

rule ip6 inet bridge netdev: ip6 dscp != cs0
  [ meta load protocol => reg 1 ]
  [ cmp eq reg 1 0x0000dd86 ]
  [ payload load 2b @ network header + 0 => reg 1 ]
  [ bitwise reg 1 = ( reg 1 & 0x0000c00f ) ^ 0x00000000 ]
  [ cmp neq reg 1 0x00000000 ]
bytecode ip6:
  [ payload load 2b @ network header + 0 => reg 1 ]
  [ bitwise reg 1 = ( reg 1 & 0x0000c00f ) ^ 0x00000000 ]
  [ cmp neq reg 1 0x00000000 ]
bytecode inet:
  [ meta load nfproto => reg 1 ]
  [ cmp eq reg 1 0x0000000a ]
  [ payload load 2b @ network header + 0 => reg 1 ]
  [ bitwise reg 1 = ( reg 1 & 0x0000c00f ) ^ 0x00000000 ]
  [ cmp neq reg 1 0x00000000 ]
json: [{"match": {"op": "!=", "left": {"payload": {"protocol": "ip6", "field": "dscp"}}, "right": "cs0"}}]

rule ip6 inet bridge netdev: ip6 ecn ce
  [ meta load protocol => reg 1 ]
  [ cmp eq reg 1 0x0000dd86 ]
  [ payload load 1b @ network header + 1 => reg 1 ]
  [ bitwise reg 1 = ( reg 1 & 0x00000030 ) ^ 0x00000000 ]
  [ cmp eq reg 1 0x00000030 ]
bytecode ip6:
  [ payload load 1b @ network header + 1 => reg 1 ]
  [ bitwise reg 1 = ( reg 1 & 0x00000030 ) ^ 0x00000000 ]
  [ cmp eq reg 1 0x00000030 ]
bytecode inet:
  [ meta load nfproto => reg 1 ]
  [ cmp eq reg 1 0x0000000a ]
  [ payload load 1b @ network header + 1 => reg 1 ]
  [ bitwise reg 1 = ( reg 1 & 0x00000030 ) ^ 0x00000000 ]
  [ cmp eq reg 1 0x00000030 ]
json: [{"match": {"op": "==", "left": {"payload": {"protocol": "ip6", "field": "ecn"}}, "right": "ce"}}]

rule ip6 inet bridge netdev: ip6 flowlabel 1234
  [ meta load protocol => reg 1 ]
  [ cmp eq reg 1 0x0000dd86 ]
  [ payload load 3b @ network header + 1 => reg 1 ]
  [ bitwise reg 1 = ( reg 1 & 0x00ffff0f ) ^ 0x00000000 ]
  [ cmp eq reg 1 0x00d20400 ]
bytecode ip6:
  [ payload load 3b @ network header + 1 => reg 1 ]
  [ bitwise reg 1 = ( reg 1 & 0x00ffff0f ) ^ 0x00000000 ]
  [ cmp eq reg 1 0x00d20400 ]
bytecode inet:
  [ meta load nfproto => reg 1 ]
  [ cmp eq reg 1 0x0000000a ]
  [ payload load 3b @ network header + 1 => reg 1 ]
  [ bitwise reg 1 = ( reg 1 & 0x00ffff0f ) ^ 0x00000000 ]
  [ cmp eq reg 1 0x00d20400 ]
json: [{"match": {"op": "==", "left": {"payload": {"protocol": "ip6", "field": "flowlabel"}}, "right": 1234}}]

rule ip6 inet bridge netdev: ip6 flowlabel != 0
  [ meta load protocol => reg 1 ]
  [ cmp eq reg 1 0x0000dd86 ]
  [ payload load 3b @ network header + 1 => reg 1 ]
  [ bitwise reg 1 = ( reg 1 & 0x00ffff0f ) ^ 0x00000000 ]
  [ cmp neq reg 1 0x00000000 ]
bytecode ip6:
  [ payload load 3b @ network header + 1 => reg 1 ]
  [ bitwise reg 1 = ( reg 1 & 0x00ffff0f ) ^ 0x00000000 ]
  [ cmp neq reg 1 0x00000000 ]
bytecode inet:
  [ meta load nfproto => reg 1 ]
  [ cmp eq reg 1 0x0000000a ]
  [ payload load 3b @ network header + 1 => reg 1 ]
  [ bitwise reg 1 = ( reg 1 & 0x00ffff0f ) ^ 0x00000000 ]
  [ cmp neq reg 1 0x00000000 ]
json: [{"match": {"op": "!=", "left": {"payload": {"protocol": "ip6", "field": "flowlabel"}}, "right": 0}}]

rule ip6 inet bridge netdev: ip6 length 100
  [ meta load protocol => reg 1 ]
  [ cmp eq reg 1 0x0000dd86 ]
  [ payload load 2b @ network header + 4 => reg 1 ]
  [ cmp eq reg 1 0x00006400 ]
bytecode ip6:
  [ payload load 2b @ network header + 4 => reg 1 ]
  [ cmp eq reg 1 0x00006400 ]
bytecode inet:
  [ meta load nfproto => reg 1 ]
  [ cmp eq reg 1 0x0000000a ]
  [ payload load 2b @ network header + 4 => reg 1 ]
  [ cmp eq reg 1 0x00006400 ]
json: [{"match": {"op": "==", "left": {"payload": {"protocol": "ip6", "field": "length"}}, "right": 100}}]

rule ip6 inet bridge netdev: ip6 nexthdr tcp
  [ meta load protocol => reg 1 ]
  [ cmp eq reg 1 0x0000dd86 ]
  [ payload load 1b @ network header + 6 => reg 1 ]
  [ cmp eq reg 1 0x00000006 ]
bytecode ip6:
  [ payload load 1b @ network header + 6 => reg 1 ]
  [ cmp eq reg 1 0x00000006 ]
bytecode inet:
  [ meta load nfproto => reg 1 ]
  [ cmp eq reg 1 0x0000000a ]
  [ payload load 1b @ network header + 6 => reg 1 ]
  [ cmp eq reg 1 0x00000006 ]
json: [{"match": {"op": "==", "left": {"payload": {"protocol": "ip6", "field": "nexthdr"}}, "right": "tcp"}}]

rule ip6 inet bridge netdev: ip6 hoplimit 255
  [ meta load protocol => reg 1 ]
  [ cmp eq reg 1 0x0000dd86 ]
  [ payload load 1b @ network header + 7 => reg 1 ]
  [ cmp eq reg 1 0x000000ff ]
bytecode ip6:
  [ payload load 1b @ network header + 7 => reg 1 ]
  [ cmp eq reg 1 0x000000ff ]
bytecode inet:
  [ meta load nfproto => reg 1 ]
  [ cmp eq reg 1 0x0000000a ]
  [ payload load 1b @ network header + 7 => reg 1 ]
  [ cmp eq reg 1 0x000000ff ]
json: [{"match": {"op": "==", "left": {"payload": {"protocol": "ip6", "field": "hoplimit"}}, "right": 255}}]

rule ip6 inet bridge netdev: ip6 hoplimit 1-10
  [ meta load protocol => reg 1 ]
  [ cmp eq reg 1 0x0000dd86 ]
  [ payload load 1b @ network header + 7 => reg 1 ]
  [ range eq reg 1 0x00000001 0x0000000a ]
bytecode ip6:
  [ payload load 1b @ network header + 7 => reg 1 ]
  [ range eq reg 1 0x00000001 0x0000000a ]
bytecode inet:
  [ meta load nfproto => reg 1 ]
  [ cmp eq reg 1 0x0000000a ]
  [ payload load 1b @ network header + 7 => reg 1 ]
  [ range eq reg 1 0x00000001 0x0000000a ]
json: [{"match": {"op": "==", "left": {"payload": {"protocol": "ip6", "field": "hoplimit"}}, "right": {"range": [1, 10]}}}]

fail ip6 inet bridge netdev: ip6 flowlabel 1048576

fail ip6 inet bridge netdev: ip6 dscp cs8

# ip6 dscp operated on is its value, turned host order and shifted down:
# its mask and compared value are host order (it did not list before)
rule ip6 inet bridge netdev: ip6 dscp & 3 == 1
list: ip6 dscp & 0x03 == lephb
  [ meta load protocol => reg 1 ]
  [ cmp eq reg 1 0x0000dd86 ]
  [ payload load 2b @ network header + 0 => reg 1 ]
  [ bitwise reg 1 = ( reg 1 & 0x0000c00f ) ^ 0x00000000 ]
  [ byteorder reg 1 = ntoh(reg 1, 2, 2) ]
  [ bitwise reg 1 = ( reg 1 >> 0x00000006 ) ]
  [ bitwise reg 1 = ( reg 1 & 0x00000003 ) ^ 0x00000000 ]
  [ cmp eq reg 1 0x00000001 ]
bytecode ip6:
  [ payload load 2b @ network header + 0 => reg 1 ]
  [ bitwise reg 1 = ( reg 1 & 0x0000c00f ) ^ 0x00000000 ]
  [ byteorder reg 1 = ntoh(reg 1, 2, 2) ]
  [ bitwise reg 1 = ( reg 1 >> 0x00000006 ) ]
  [ bitwise reg 1 = ( reg 1 & 0x00000003 ) ^ 0x00000000 ]
  [ cmp eq reg 1 0x00000001 ]
bytecode inet:
  [ meta load nfproto => reg 1 ]
  [ cmp eq reg 1 0x0000000a ]
  [ payload load 2b @ network header + 0 => reg 1 ]
  [ bitwise reg 1 = ( reg 1 & 0x0000c00f ) ^ 0x00000000 ]
  [ byteorder reg 1 = ntoh(reg 1, 2, 2) ]
  [ bitwise reg 1 = ( reg 1 >> 0x00000006 ) ]
  [ bitwise reg 1 = ( reg 1 & 0x00000003 ) ^ 0x00000000 ]
  [ cmp eq reg 1 0x00000001 ]
json: [{"match": {"op": "==", "left": {"&": [{"payload": {"protocol": "ip6", "field": "dscp"}}, 3]}, "right": "lephb"}}]
ref-skip: 1.1.3 shifts the field's bytes unturned
