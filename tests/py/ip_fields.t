# IPv4 header fields
families: ip ip6 inet bridge netdev
table: t
chain: c { type filter hook input priority filter; policy accept; }
chain netdev: c { type filter hook ingress device "v0" priority filter; policy accept; }
chain: target
veth netdev: v0 v1

fail ip6: ip dscp cs1

fail ip6: ip version 4

rule ip inet bridge netdev: ip version 4
  [ meta load protocol => reg 1 ]
  [ cmp eq reg 1 0x00000008 ]
  [ payload load 1b @ network header + 0 => reg 1 ]
  [ bitwise reg 1 = ( reg 1 & 0x000000f0 ) ^ 0x00000000 ]
  [ cmp eq reg 1 0x00000040 ]
bytecode ip:
  [ payload load 1b @ network header + 0 => reg 1 ]
  [ bitwise reg 1 = ( reg 1 & 0x000000f0 ) ^ 0x00000000 ]
  [ cmp eq reg 1 0x00000040 ]
bytecode inet:
  [ meta load nfproto => reg 1 ]
  [ cmp eq reg 1 0x00000002 ]
  [ payload load 1b @ network header + 0 => reg 1 ]
  [ bitwise reg 1 = ( reg 1 & 0x000000f0 ) ^ 0x00000000 ]
  [ cmp eq reg 1 0x00000040 ]
json: [{"match": {"op": "==", "left": {"payload": {"protocol": "ip", "field": "version"}}, "right": 4}}]

rule ip inet bridge netdev: ip hdrlength 5
  [ meta load protocol => reg 1 ]
  [ cmp eq reg 1 0x00000008 ]
  [ payload load 1b @ network header + 0 => reg 1 ]
  [ bitwise reg 1 = ( reg 1 & 0x0000000f ) ^ 0x00000000 ]
  [ cmp eq reg 1 0x00000005 ]
bytecode ip:
  [ payload load 1b @ network header + 0 => reg 1 ]
  [ bitwise reg 1 = ( reg 1 & 0x0000000f ) ^ 0x00000000 ]
  [ cmp eq reg 1 0x00000005 ]
bytecode inet:
  [ meta load nfproto => reg 1 ]
  [ cmp eq reg 1 0x00000002 ]
  [ payload load 1b @ network header + 0 => reg 1 ]
  [ bitwise reg 1 = ( reg 1 & 0x0000000f ) ^ 0x00000000 ]
  [ cmp eq reg 1 0x00000005 ]
json: [{"match": {"op": "==", "left": {"payload": {"protocol": "ip", "field": "hdrlength"}}, "right": 5}}]

rule ip inet bridge netdev: ip hdrlength != 5
  [ meta load protocol => reg 1 ]
  [ cmp eq reg 1 0x00000008 ]
  [ payload load 1b @ network header + 0 => reg 1 ]
  [ bitwise reg 1 = ( reg 1 & 0x0000000f ) ^ 0x00000000 ]
  [ cmp neq reg 1 0x00000005 ]
bytecode ip:
  [ payload load 1b @ network header + 0 => reg 1 ]
  [ bitwise reg 1 = ( reg 1 & 0x0000000f ) ^ 0x00000000 ]
  [ cmp neq reg 1 0x00000005 ]
bytecode inet:
  [ meta load nfproto => reg 1 ]
  [ cmp eq reg 1 0x00000002 ]
  [ payload load 1b @ network header + 0 => reg 1 ]
  [ bitwise reg 1 = ( reg 1 & 0x0000000f ) ^ 0x00000000 ]
  [ cmp neq reg 1 0x00000005 ]
json: [{"match": {"op": "!=", "left": {"payload": {"protocol": "ip", "field": "hdrlength"}}, "right": 5}}]

rule ip inet bridge netdev: ip dscp cs1
  [ meta load protocol => reg 1 ]
  [ cmp eq reg 1 0x00000008 ]
  [ payload load 1b @ network header + 1 => reg 1 ]
  [ bitwise reg 1 = ( reg 1 & 0x000000fc ) ^ 0x00000000 ]
  [ cmp eq reg 1 0x00000020 ]
bytecode ip:
  [ payload load 1b @ network header + 1 => reg 1 ]
  [ bitwise reg 1 = ( reg 1 & 0x000000fc ) ^ 0x00000000 ]
  [ cmp eq reg 1 0x00000020 ]
bytecode inet:
  [ meta load nfproto => reg 1 ]
  [ cmp eq reg 1 0x00000002 ]
  [ payload load 1b @ network header + 1 => reg 1 ]
  [ bitwise reg 1 = ( reg 1 & 0x000000fc ) ^ 0x00000000 ]
  [ cmp eq reg 1 0x00000020 ]
json: [{"match": {"op": "==", "left": {"payload": {"protocol": "ip", "field": "dscp"}}, "right": "cs1"}}]

rule ip inet bridge netdev: ip dscp != cs0
  [ meta load protocol => reg 1 ]
  [ cmp eq reg 1 0x00000008 ]
  [ payload load 1b @ network header + 1 => reg 1 ]
  [ bitwise reg 1 = ( reg 1 & 0x000000fc ) ^ 0x00000000 ]
  [ cmp neq reg 1 0x00000000 ]
bytecode ip:
  [ payload load 1b @ network header + 1 => reg 1 ]
  [ bitwise reg 1 = ( reg 1 & 0x000000fc ) ^ 0x00000000 ]
  [ cmp neq reg 1 0x00000000 ]
bytecode inet:
  [ meta load nfproto => reg 1 ]
  [ cmp eq reg 1 0x00000002 ]
  [ payload load 1b @ network header + 1 => reg 1 ]
  [ bitwise reg 1 = ( reg 1 & 0x000000fc ) ^ 0x00000000 ]
  [ cmp neq reg 1 0x00000000 ]
json: [{"match": {"op": "!=", "left": {"payload": {"protocol": "ip", "field": "dscp"}}, "right": "cs0"}}]

rule ip inet bridge netdev: ip dscp ef
  [ meta load protocol => reg 1 ]
  [ cmp eq reg 1 0x00000008 ]
  [ payload load 1b @ network header + 1 => reg 1 ]
  [ bitwise reg 1 = ( reg 1 & 0x000000fc ) ^ 0x00000000 ]
  [ cmp eq reg 1 0x000000b8 ]
bytecode ip:
  [ payload load 1b @ network header + 1 => reg 1 ]
  [ bitwise reg 1 = ( reg 1 & 0x000000fc ) ^ 0x00000000 ]
  [ cmp eq reg 1 0x000000b8 ]
bytecode inet:
  [ meta load nfproto => reg 1 ]
  [ cmp eq reg 1 0x00000002 ]
  [ payload load 1b @ network header + 1 => reg 1 ]
  [ bitwise reg 1 = ( reg 1 & 0x000000fc ) ^ 0x00000000 ]
  [ cmp eq reg 1 0x000000b8 ]
json: [{"match": {"op": "==", "left": {"payload": {"protocol": "ip", "field": "dscp"}}, "right": "ef"}}]

rule ip inet bridge netdev: ip dscp af41
  [ meta load protocol => reg 1 ]
  [ cmp eq reg 1 0x00000008 ]
  [ payload load 1b @ network header + 1 => reg 1 ]
  [ bitwise reg 1 = ( reg 1 & 0x000000fc ) ^ 0x00000000 ]
  [ cmp eq reg 1 0x00000088 ]
bytecode ip:
  [ payload load 1b @ network header + 1 => reg 1 ]
  [ bitwise reg 1 = ( reg 1 & 0x000000fc ) ^ 0x00000000 ]
  [ cmp eq reg 1 0x00000088 ]
bytecode inet:
  [ meta load nfproto => reg 1 ]
  [ cmp eq reg 1 0x00000002 ]
  [ payload load 1b @ network header + 1 => reg 1 ]
  [ bitwise reg 1 = ( reg 1 & 0x000000fc ) ^ 0x00000000 ]
  [ cmp eq reg 1 0x00000088 ]
json: [{"match": {"op": "==", "left": {"payload": {"protocol": "ip", "field": "dscp"}}, "right": "af41"}}]

rule ip inet bridge netdev: ip dscp 0x3f
  [ meta load protocol => reg 1 ]
  [ cmp eq reg 1 0x00000008 ]
  [ payload load 1b @ network header + 1 => reg 1 ]
  [ bitwise reg 1 = ( reg 1 & 0x000000fc ) ^ 0x00000000 ]
  [ cmp eq reg 1 0x000000fc ]
bytecode ip:
  [ payload load 1b @ network header + 1 => reg 1 ]
  [ bitwise reg 1 = ( reg 1 & 0x000000fc ) ^ 0x00000000 ]
  [ cmp eq reg 1 0x000000fc ]
bytecode inet:
  [ meta load nfproto => reg 1 ]
  [ cmp eq reg 1 0x00000002 ]
  [ payload load 1b @ network header + 1 => reg 1 ]
  [ bitwise reg 1 = ( reg 1 & 0x000000fc ) ^ 0x00000000 ]
  [ cmp eq reg 1 0x000000fc ]
json: [{"match": {"op": "==", "left": {"payload": {"protocol": "ip", "field": "dscp"}}, "right": 63}}]

rule ip inet bridge netdev: ip ecn ce
  [ meta load protocol => reg 1 ]
  [ cmp eq reg 1 0x00000008 ]
  [ payload load 1b @ network header + 1 => reg 1 ]
  [ bitwise reg 1 = ( reg 1 & 0x00000003 ) ^ 0x00000000 ]
  [ cmp eq reg 1 0x00000003 ]
bytecode ip:
  [ payload load 1b @ network header + 1 => reg 1 ]
  [ bitwise reg 1 = ( reg 1 & 0x00000003 ) ^ 0x00000000 ]
  [ cmp eq reg 1 0x00000003 ]
bytecode inet:
  [ meta load nfproto => reg 1 ]
  [ cmp eq reg 1 0x00000002 ]
  [ payload load 1b @ network header + 1 => reg 1 ]
  [ bitwise reg 1 = ( reg 1 & 0x00000003 ) ^ 0x00000000 ]
  [ cmp eq reg 1 0x00000003 ]
json: [{"match": {"op": "==", "left": {"payload": {"protocol": "ip", "field": "ecn"}}, "right": "ce"}}]

rule ip inet bridge netdev: ip ecn not-ect
  [ meta load protocol => reg 1 ]
  [ cmp eq reg 1 0x00000008 ]
  [ payload load 1b @ network header + 1 => reg 1 ]
  [ bitwise reg 1 = ( reg 1 & 0x00000003 ) ^ 0x00000000 ]
  [ cmp eq reg 1 0x00000000 ]
bytecode ip:
  [ payload load 1b @ network header + 1 => reg 1 ]
  [ bitwise reg 1 = ( reg 1 & 0x00000003 ) ^ 0x00000000 ]
  [ cmp eq reg 1 0x00000000 ]
bytecode inet:
  [ meta load nfproto => reg 1 ]
  [ cmp eq reg 1 0x00000002 ]
  [ payload load 1b @ network header + 1 => reg 1 ]
  [ bitwise reg 1 = ( reg 1 & 0x00000003 ) ^ 0x00000000 ]
  [ cmp eq reg 1 0x00000000 ]
json: [{"match": {"op": "==", "left": {"payload": {"protocol": "ip", "field": "ecn"}}, "right": "not-ect"}}]

rule ip inet bridge netdev: ip length 1500
  [ meta load protocol => reg 1 ]
  [ cmp eq reg 1 0x00000008 ]
  [ payload load 2b @ network header + 2 => reg 1 ]
  [ cmp eq reg 1 0x0000dc05 ]
bytecode ip:
  [ payload load 2b @ network header + 2 => reg 1 ]
  [ cmp eq reg 1 0x0000dc05 ]
bytecode inet:
  [ meta load nfproto => reg 1 ]
  [ cmp eq reg 1 0x00000002 ]
  [ payload load 2b @ network header + 2 => reg 1 ]
  [ cmp eq reg 1 0x0000dc05 ]
json: [{"match": {"op": "==", "left": {"payload": {"protocol": "ip", "field": "length"}}, "right": 1500}}]

rule ip inet bridge netdev: ip length 100-200
  [ meta load protocol => reg 1 ]
  [ cmp eq reg 1 0x00000008 ]
  [ payload load 2b @ network header + 2 => reg 1 ]
  [ range eq reg 1 0x00006400 0x0000c800 ]
bytecode ip:
  [ payload load 2b @ network header + 2 => reg 1 ]
  [ range eq reg 1 0x00006400 0x0000c800 ]
bytecode inet:
  [ meta load nfproto => reg 1 ]
  [ cmp eq reg 1 0x00000002 ]
  [ payload load 2b @ network header + 2 => reg 1 ]
  [ range eq reg 1 0x00006400 0x0000c800 ]
json: [{"match": {"op": "==", "left": {"payload": {"protocol": "ip", "field": "length"}}, "right": {"range": [100, 200]}}}]

rule ip inet bridge netdev: ip id 5
  [ meta load protocol => reg 1 ]
  [ cmp eq reg 1 0x00000008 ]
  [ payload load 2b @ network header + 4 => reg 1 ]
  [ cmp eq reg 1 0x00000500 ]
bytecode ip:
  [ payload load 2b @ network header + 4 => reg 1 ]
  [ cmp eq reg 1 0x00000500 ]
bytecode inet:
  [ meta load nfproto => reg 1 ]
  [ cmp eq reg 1 0x00000002 ]
  [ payload load 2b @ network header + 4 => reg 1 ]
  [ cmp eq reg 1 0x00000500 ]
json: [{"match": {"op": "==", "left": {"payload": {"protocol": "ip", "field": "id"}}, "right": 5}}]

rule ip inet bridge netdev: ip frag-off 0
list: ip frag-off 0x0
  [ meta load protocol => reg 1 ]
  [ cmp eq reg 1 0x00000008 ]
  [ payload load 2b @ network header + 6 => reg 1 ]
  [ cmp eq reg 1 0x00000000 ]
bytecode ip:
  [ payload load 2b @ network header + 6 => reg 1 ]
  [ cmp eq reg 1 0x00000000 ]
bytecode inet:
  [ meta load nfproto => reg 1 ]
  [ cmp eq reg 1 0x00000002 ]
  [ payload load 2b @ network header + 6 => reg 1 ]
  [ cmp eq reg 1 0x00000000 ]
json: [{"match": {"op": "==", "left": {"payload": {"protocol": "ip", "field": "frag-off"}}, "right": 0}}]

rule ip inet bridge netdev: ip frag-off & 0x1fff != 0
list: ip frag-off & 0x1fff != 0x0
  [ meta load protocol => reg 1 ]
  [ cmp eq reg 1 0x00000008 ]
  [ payload load 2b @ network header + 6 => reg 1 ]
  [ bitwise reg 1 = ( reg 1 & 0x0000ff1f ) ^ 0x00000000 ]
  [ cmp neq reg 1 0x00000000 ]
bytecode ip:
  [ payload load 2b @ network header + 6 => reg 1 ]
  [ bitwise reg 1 = ( reg 1 & 0x0000ff1f ) ^ 0x00000000 ]
  [ cmp neq reg 1 0x00000000 ]
bytecode inet:
  [ meta load nfproto => reg 1 ]
  [ cmp eq reg 1 0x00000002 ]
  [ payload load 2b @ network header + 6 => reg 1 ]
  [ bitwise reg 1 = ( reg 1 & 0x0000ff1f ) ^ 0x00000000 ]
  [ cmp neq reg 1 0x00000000 ]
json: [{"match": {"op": "!=", "left": {"&": [{"payload": {"protocol": "ip", "field": "frag-off"}}, 8191]}, "right": 0}}]

rule ip inet bridge netdev: ip frag-off & 0x4000 != 0
list: ip frag-off & 0x4000 != 0x0
  [ meta load protocol => reg 1 ]
  [ cmp eq reg 1 0x00000008 ]
  [ payload load 2b @ network header + 6 => reg 1 ]
  [ bitwise reg 1 = ( reg 1 & 0x00000040 ) ^ 0x00000000 ]
  [ cmp neq reg 1 0x00000000 ]
bytecode ip:
  [ payload load 2b @ network header + 6 => reg 1 ]
  [ bitwise reg 1 = ( reg 1 & 0x00000040 ) ^ 0x00000000 ]
  [ cmp neq reg 1 0x00000000 ]
bytecode inet:
  [ meta load nfproto => reg 1 ]
  [ cmp eq reg 1 0x00000002 ]
  [ payload load 2b @ network header + 6 => reg 1 ]
  [ bitwise reg 1 = ( reg 1 & 0x00000040 ) ^ 0x00000000 ]
  [ cmp neq reg 1 0x00000000 ]
json: [{"match": {"op": "!=", "left": {"&": [{"payload": {"protocol": "ip", "field": "frag-off"}}, 16384]}, "right": 0}}]

rule ip inet bridge netdev: ip ttl 64
  [ meta load protocol => reg 1 ]
  [ cmp eq reg 1 0x00000008 ]
  [ payload load 1b @ network header + 8 => reg 1 ]
  [ cmp eq reg 1 0x00000040 ]
bytecode ip:
  [ payload load 1b @ network header + 8 => reg 1 ]
  [ cmp eq reg 1 0x00000040 ]
bytecode inet:
  [ meta load nfproto => reg 1 ]
  [ cmp eq reg 1 0x00000002 ]
  [ payload load 1b @ network header + 8 => reg 1 ]
  [ cmp eq reg 1 0x00000040 ]
json: [{"match": {"op": "==", "left": {"payload": {"protocol": "ip", "field": "ttl"}}, "right": 64}}]

rule ip inet bridge netdev: ip protocol tcp
  [ meta load protocol => reg 1 ]
  [ cmp eq reg 1 0x00000008 ]
  [ payload load 1b @ network header + 9 => reg 1 ]
  [ cmp eq reg 1 0x00000006 ]
bytecode ip:
  [ payload load 1b @ network header + 9 => reg 1 ]
  [ cmp eq reg 1 0x00000006 ]
bytecode inet:
  [ meta load nfproto => reg 1 ]
  [ cmp eq reg 1 0x00000002 ]
  [ payload load 1b @ network header + 9 => reg 1 ]
  [ cmp eq reg 1 0x00000006 ]
json: [{"match": {"op": "==", "left": {"payload": {"protocol": "ip", "field": "protocol"}}, "right": "tcp"}}]

rule ip inet bridge netdev: ip protocol != udp
  [ meta load protocol => reg 1 ]
  [ cmp eq reg 1 0x00000008 ]
  [ payload load 1b @ network header + 9 => reg 1 ]
  [ cmp neq reg 1 0x00000011 ]
bytecode ip:
  [ payload load 1b @ network header + 9 => reg 1 ]
  [ cmp neq reg 1 0x00000011 ]
bytecode inet:
  [ meta load nfproto => reg 1 ]
  [ cmp eq reg 1 0x00000002 ]
  [ payload load 1b @ network header + 9 => reg 1 ]
  [ cmp neq reg 1 0x00000011 ]
json: [{"match": {"op": "!=", "left": {"payload": {"protocol": "ip", "field": "protocol"}}, "right": "udp"}}]

rule ip inet bridge netdev: ip checksum 13
  [ meta load protocol => reg 1 ]
  [ cmp eq reg 1 0x00000008 ]
  [ payload load 2b @ network header + 10 => reg 1 ]
  [ cmp eq reg 1 0x00000d00 ]
bytecode ip:
  [ payload load 2b @ network header + 10 => reg 1 ]
  [ cmp eq reg 1 0x00000d00 ]
bytecode inet:
  [ meta load nfproto => reg 1 ]
  [ cmp eq reg 1 0x00000002 ]
  [ payload load 2b @ network header + 10 => reg 1 ]
  [ cmp eq reg 1 0x00000d00 ]
json: [{"match": {"op": "==", "left": {"payload": {"protocol": "ip", "field": "checksum"}}, "right": 13}}]

rule ip inet bridge netdev: ip version 4 ip hdrlength 5
  [ meta load protocol => reg 1 ]
  [ cmp eq reg 1 0x00000008 ]
  [ payload load 1b @ network header + 0 => reg 1 ]
  [ bitwise reg 1 = ( reg 1 & 0x000000f0 ) ^ 0x00000000 ]
  [ cmp eq reg 1 0x00000040 ]
  [ payload load 1b @ network header + 0 => reg 1 ]
  [ bitwise reg 1 = ( reg 1 & 0x0000000f ) ^ 0x00000000 ]
  [ cmp eq reg 1 0x00000005 ]
bytecode ip:
  [ payload load 1b @ network header + 0 => reg 1 ]
  [ bitwise reg 1 = ( reg 1 & 0x000000f0 ) ^ 0x00000000 ]
  [ cmp eq reg 1 0x00000040 ]
  [ payload load 1b @ network header + 0 => reg 1 ]
  [ bitwise reg 1 = ( reg 1 & 0x0000000f ) ^ 0x00000000 ]
  [ cmp eq reg 1 0x00000005 ]
bytecode inet:
  [ meta load nfproto => reg 1 ]
  [ cmp eq reg 1 0x00000002 ]
  [ payload load 1b @ network header + 0 => reg 1 ]
  [ bitwise reg 1 = ( reg 1 & 0x000000f0 ) ^ 0x00000000 ]
  [ cmp eq reg 1 0x00000040 ]
  [ payload load 1b @ network header + 0 => reg 1 ]
  [ bitwise reg 1 = ( reg 1 & 0x0000000f ) ^ 0x00000000 ]
  [ cmp eq reg 1 0x00000005 ]
json: [{"match": {"op": "==", "left": {"payload": {"protocol": "ip", "field": "version"}}, "right": 4}}, {"match": {"op": "==", "left": {"payload": {"protocol": "ip", "field": "hdrlength"}}, "right": 5}}]

rule ip inet bridge netdev: ip dscp 1-5
list: ip dscp 0x01-0x05
  [ meta load protocol => reg 1 ]
  [ cmp eq reg 1 0x00000008 ]
  [ payload load 1b @ network header + 1 => reg 1 ]
  [ bitwise reg 1 = ( reg 1 & 0x000000fc ) ^ 0x00000000 ]
  [ range eq reg 1 0x00000004 0x00000014 ]
bytecode ip:
  [ payload load 1b @ network header + 1 => reg 1 ]
  [ bitwise reg 1 = ( reg 1 & 0x000000fc ) ^ 0x00000000 ]
  [ range eq reg 1 0x00000004 0x00000014 ]
bytecode inet:
  [ meta load nfproto => reg 1 ]
  [ cmp eq reg 1 0x00000002 ]
  [ payload load 1b @ network header + 1 => reg 1 ]
  [ bitwise reg 1 = ( reg 1 & 0x000000fc ) ^ 0x00000000 ]
  [ range eq reg 1 0x00000004 0x00000014 ]
json: [{"match": {"op": "==", "left": {"payload": {"protocol": "ip", "field": "dscp"}}, "right": {"range": ["lephb", 5]}}}]

fail ip inet bridge netdev: ip dscp foo

fail ip inet bridge netdev: ip version 16

fail ip inet bridge netdev: ip ecn 4

# a set of a field narrower than its bytes holds the values moved to the
# field's place, as single values are (0x20 and 0x40 under 0xfc), and is
# declared with the field's type (dscp)
rule ip inet bridge netdev: ip dscp { cs1, cs2 }
  __set%d t 3
  __set%d t 0
  	element 00000020  : 0 [end]	element 00000040  : 0 [end]
  [ meta load protocol => reg 1 ]
  [ cmp eq reg 1 0x00000008 ]
  [ payload load 1b @ network header + 1 => reg 1 ]
  [ bitwise reg 1 = ( reg 1 & 0x000000fc ) ^ 0x00000000 ]
  [ lookup reg 1 set __set%d ]
bytecode ip:
  __set%d t 3
  __set%d t 0
  	element 00000020  : 0 [end]	element 00000040  : 0 [end]
  [ payload load 1b @ network header + 1 => reg 1 ]
  [ bitwise reg 1 = ( reg 1 & 0x000000fc ) ^ 0x00000000 ]
  [ lookup reg 1 set __set%d ]
bytecode inet:
  __set%d t 3
  __set%d t 0
  	element 00000020  : 0 [end]	element 00000040  : 0 [end]
  [ meta load nfproto => reg 1 ]
  [ cmp eq reg 1 0x00000002 ]
  [ payload load 1b @ network header + 1 => reg 1 ]
  [ bitwise reg 1 = ( reg 1 & 0x000000fc ) ^ 0x00000000 ]
  [ lookup reg 1 set __set%d ]
json: [{"match": {"op": "==", "left": {"payload": {"protocol": "ip", "field": "dscp"}}, "right": {"set": ["cs1", "cs2"]}}}]

rule ip inet bridge netdev: ip dscp != { cs1, af41 }
  __set%d t 3
  __set%d t 0
  	element 00000020  : 0 [end]	element 00000088  : 0 [end]
  [ meta load protocol => reg 1 ]
  [ cmp eq reg 1 0x00000008 ]
  [ payload load 1b @ network header + 1 => reg 1 ]
  [ bitwise reg 1 = ( reg 1 & 0x000000fc ) ^ 0x00000000 ]
  [ lookup reg 1 set __set%d 0x1 ]
bytecode ip:
  __set%d t 3
  __set%d t 0
  	element 00000020  : 0 [end]	element 00000088  : 0 [end]
  [ payload load 1b @ network header + 1 => reg 1 ]
  [ bitwise reg 1 = ( reg 1 & 0x000000fc ) ^ 0x00000000 ]
  [ lookup reg 1 set __set%d 0x1 ]
bytecode inet:
  __set%d t 3
  __set%d t 0
  	element 00000020  : 0 [end]	element 00000088  : 0 [end]
  [ meta load nfproto => reg 1 ]
  [ cmp eq reg 1 0x00000002 ]
  [ payload load 1b @ network header + 1 => reg 1 ]
  [ bitwise reg 1 = ( reg 1 & 0x000000fc ) ^ 0x00000000 ]
  [ lookup reg 1 set __set%d 0x1 ]
json: [{"match": {"op": "!=", "left": {"payload": {"protocol": "ip", "field": "dscp"}}, "right": {"set": ["cs1", "af41"]}}}]

rule ip inet bridge netdev: ip version { 4, 5 }
  __set%d t 3
  __set%d t 0
  	element 00000040  : 0 [end]	element 00000050  : 0 [end]
  [ meta load protocol => reg 1 ]
  [ cmp eq reg 1 0x00000008 ]
  [ payload load 1b @ network header + 0 => reg 1 ]
  [ bitwise reg 1 = ( reg 1 & 0x000000f0 ) ^ 0x00000000 ]
  [ lookup reg 1 set __set%d ]
bytecode ip:
  __set%d t 3
  __set%d t 0
  	element 00000040  : 0 [end]	element 00000050  : 0 [end]
  [ payload load 1b @ network header + 0 => reg 1 ]
  [ bitwise reg 1 = ( reg 1 & 0x000000f0 ) ^ 0x00000000 ]
  [ lookup reg 1 set __set%d ]
bytecode inet:
  __set%d t 3
  __set%d t 0
  	element 00000040  : 0 [end]	element 00000050  : 0 [end]
  [ meta load nfproto => reg 1 ]
  [ cmp eq reg 1 0x00000002 ]
  [ payload load 1b @ network header + 0 => reg 1 ]
  [ bitwise reg 1 = ( reg 1 & 0x000000f0 ) ^ 0x00000000 ]
  [ lookup reg 1 set __set%d ]
json: [{"match": {"op": "==", "left": {"payload": {"protocol": "ip", "field": "version"}}, "right": {"set": [4, 5]}}}]
