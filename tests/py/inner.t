# Inner headers of tunnels: vxlan, geneve (over udp), gre, gretap. The
# load runs in the kernel's "inner" expression on the packet the tunnel
# carries; its dependencies are on that packet too ("vxlan ip saddr":
# an inner "meta protocol ip"), the outer packet must be udp for vxlan
# and geneve, and gets "meta l4proto gre" for gre where nothing says
# otherwise. The sets' typeof user data name the tunnel.
families: ip ip6 inet bridge netdev
set: s { typeof vxlan ip saddr; }
set: sv { typeof vxlan vni; }
set: sc { typeof gre tcp dport . geneve vni; }
map: m { typeof vxlan ip saddr : verdict; }

rule: udp dport 4789 vxlan ip saddr 1.2.3.4
  [ meta load l4proto => reg 1 ]
  [ cmp eq reg 1 0x00000011 ]
  [ payload load 2b @ transport header + 2 => reg 1 ]
  [ cmp eq reg 1 0x0000b512 ]
  [ inner type 1 hdrsize 8 flags f [ meta load protocol => reg 1 ] ]
  [ cmp eq reg 1 0x00000008 ]
  [ inner type 1 hdrsize 8 flags f [ payload load 4b @ network header + 12 => reg 1 ] ]
  [ cmp eq reg 1 0x04030201 ]
json: [{"match": {"op": "==", "left": {"payload": {"protocol": "udp", "field": "dport"}}, "right": 4789}}, {"match": {"op": "==", "left": {"payload": {"tunnel": "vxlan", "protocol": "ip", "field": "saddr"}}, "right": "1.2.3.4"}}]

rule: udp dport 4789 vxlan ip saddr != 1.2.3.4
  [ meta load l4proto => reg 1 ]
  [ cmp eq reg 1 0x00000011 ]
  [ payload load 2b @ transport header + 2 => reg 1 ]
  [ cmp eq reg 1 0x0000b512 ]
  [ inner type 1 hdrsize 8 flags f [ meta load protocol => reg 1 ] ]
  [ cmp eq reg 1 0x00000008 ]
  [ inner type 1 hdrsize 8 flags f [ payload load 4b @ network header + 12 => reg 1 ] ]
  [ cmp neq reg 1 0x04030201 ]
json: [{"match": {"op": "==", "left": {"payload": {"protocol": "udp", "field": "dport"}}, "right": 4789}}, {"match": {"op": "!=", "left": {"payload": {"tunnel": "vxlan", "protocol": "ip", "field": "saddr"}}, "right": "1.2.3.4"}}]

rule: udp dport 4789 vxlan ip daddr 1.2.3.0/24
  [ meta load l4proto => reg 1 ]
  [ cmp eq reg 1 0x00000011 ]
  [ payload load 2b @ transport header + 2 => reg 1 ]
  [ cmp eq reg 1 0x0000b512 ]
  [ inner type 1 hdrsize 8 flags f [ meta load protocol => reg 1 ] ]
  [ cmp eq reg 1 0x00000008 ]
  [ inner type 1 hdrsize 8 flags f [ payload load 3b @ network header + 16 => reg 1 ] ]
  [ cmp eq reg 1 0x00030201 ]
json: [{"match": {"op": "==", "left": {"payload": {"protocol": "udp", "field": "dport"}}, "right": 4789}}, {"match": {"op": "==", "left": {"payload": {"tunnel": "vxlan", "protocol": "ip", "field": "daddr"}}, "right": {"prefix": {"addr": "1.2.3.0", "len": 24}}}}]

rule: udp dport 4789 vxlan ip dscp 1
list: udp dport 4789 vxlan ip dscp lephb
  [ meta load l4proto => reg 1 ]
  [ cmp eq reg 1 0x00000011 ]
  [ payload load 2b @ transport header + 2 => reg 1 ]
  [ cmp eq reg 1 0x0000b512 ]
  [ inner type 1 hdrsize 8 flags f [ meta load protocol => reg 1 ] ]
  [ cmp eq reg 1 0x00000008 ]
  [ inner type 1 hdrsize 8 flags f [ payload load 1b @ network header + 1 => reg 1 ] ]
  [ bitwise reg 1 = ( reg 1 & 0x000000fc ) ^ 0x00000000 ]
  [ cmp eq reg 1 0x00000004 ]
json: [{"match": {"op": "==", "left": {"payload": {"protocol": "udp", "field": "dport"}}, "right": 4789}}, {"match": {"op": "==", "left": {"payload": {"tunnel": "vxlan", "protocol": "ip", "field": "dscp"}}, "right": "lephb"}}]

rule: udp dport 4789 vxlan ip protocol tcp vxlan tcp dport 22
  [ meta load l4proto => reg 1 ]
  [ cmp eq reg 1 0x00000011 ]
  [ payload load 2b @ transport header + 2 => reg 1 ]
  [ cmp eq reg 1 0x0000b512 ]
  [ inner type 1 hdrsize 8 flags f [ meta load protocol => reg 1 ] ]
  [ cmp eq reg 1 0x00000008 ]
  [ inner type 1 hdrsize 8 flags f [ payload load 1b @ network header + 9 => reg 1 ] ]
  [ cmp eq reg 1 0x00000006 ]
  [ inner type 1 hdrsize 8 flags f [ payload load 2b @ transport header + 2 => reg 1 ] ]
  [ cmp eq reg 1 0x00001600 ]
json: [{"match": {"op": "==", "left": {"payload": {"protocol": "udp", "field": "dport"}}, "right": 4789}}, {"match": {"op": "==", "left": {"payload": {"tunnel": "vxlan", "protocol": "ip", "field": "protocol"}}, "right": "tcp"}}, {"match": {"op": "==", "left": {"payload": {"tunnel": "vxlan", "protocol": "tcp", "field": "dport"}}, "right": 22}}]

rule: udp dport 4789 vxlan ip saddr 1.2.3.4 vxlan tcp dport 22
  [ meta load l4proto => reg 1 ]
  [ cmp eq reg 1 0x00000011 ]
  [ payload load 2b @ transport header + 2 => reg 1 ]
  [ cmp eq reg 1 0x0000b512 ]
  [ inner type 1 hdrsize 8 flags f [ meta load protocol => reg 1 ] ]
  [ cmp eq reg 1 0x00000008 ]
  [ inner type 1 hdrsize 8 flags f [ payload load 4b @ network header + 12 => reg 1 ] ]
  [ cmp eq reg 1 0x04030201 ]
  [ inner type 1 hdrsize 8 flags f [ meta load l4proto => reg 1 ] ]
  [ cmp eq reg 1 0x00000006 ]
  [ inner type 1 hdrsize 8 flags f [ payload load 2b @ transport header + 2 => reg 1 ] ]
  [ cmp eq reg 1 0x00001600 ]
json: [{"match": {"op": "==", "left": {"payload": {"protocol": "udp", "field": "dport"}}, "right": 4789}}, {"match": {"op": "==", "left": {"payload": {"tunnel": "vxlan", "protocol": "ip", "field": "saddr"}}, "right": "1.2.3.4"}}, {"match": {"op": "==", "left": {"payload": {"tunnel": "vxlan", "protocol": "tcp", "field": "dport"}}, "right": 22}}]

rule: udp dport 4789 vxlan ip6 saddr ::1
  [ meta load l4proto => reg 1 ]
  [ cmp eq reg 1 0x00000011 ]
  [ payload load 2b @ transport header + 2 => reg 1 ]
  [ cmp eq reg 1 0x0000b512 ]
  [ inner type 1 hdrsize 8 flags f [ meta load protocol => reg 1 ] ]
  [ cmp eq reg 1 0x0000dd86 ]
  [ inner type 1 hdrsize 8 flags f [ payload load 16b @ network header + 8 => reg 1 ] ]
  [ cmp eq reg 1 0x00000000 0x00000000 0x00000000 0x01000000 ]
json: [{"match": {"op": "==", "left": {"payload": {"protocol": "udp", "field": "dport"}}, "right": 4789}}, {"match": {"op": "==", "left": {"payload": {"tunnel": "vxlan", "protocol": "ip6", "field": "saddr"}}, "right": "::1"}}]

rule: udp dport 4789 vxlan ip6 nexthdr tcp
  [ meta load l4proto => reg 1 ]
  [ cmp eq reg 1 0x00000011 ]
  [ payload load 2b @ transport header + 2 => reg 1 ]
  [ cmp eq reg 1 0x0000b512 ]
  [ inner type 1 hdrsize 8 flags f [ meta load protocol => reg 1 ] ]
  [ cmp eq reg 1 0x0000dd86 ]
  [ inner type 1 hdrsize 8 flags f [ payload load 1b @ network header + 6 => reg 1 ] ]
  [ cmp eq reg 1 0x00000006 ]
json: [{"match": {"op": "==", "left": {"payload": {"protocol": "udp", "field": "dport"}}, "right": 4789}}, {"match": {"op": "==", "left": {"payload": {"tunnel": "vxlan", "protocol": "ip6", "field": "nexthdr"}}, "right": "tcp"}}]

rule: udp dport 4789 vxlan vni 5
  [ meta load l4proto => reg 1 ]
  [ cmp eq reg 1 0x00000011 ]
  [ payload load 2b @ transport header + 2 => reg 1 ]
  [ cmp eq reg 1 0x0000b512 ]
  [ inner type 1 hdrsize 8 flags f [ payload load 3b @ tunnel header + 4 => reg 1 ] ]
  [ cmp eq reg 1 0x00050000 ]
json: [{"match": {"op": "==", "left": {"payload": {"protocol": "udp", "field": "dport"}}, "right": 4789}}, {"match": {"op": "==", "left": {"payload": {"tunnel": "vxlan", "protocol": "vxlan", "field": "vni"}}, "right": 5}}]

rule: udp dport 4789 vxlan flags 8
  [ meta load l4proto => reg 1 ]
  [ cmp eq reg 1 0x00000011 ]
  [ payload load 2b @ transport header + 2 => reg 1 ]
  [ cmp eq reg 1 0x0000b512 ]
  [ inner type 1 hdrsize 8 flags f [ payload load 1b @ tunnel header + 0 => reg 1 ] ]
  [ cmp eq reg 1 0x00000008 ]
json: [{"match": {"op": "==", "left": {"payload": {"protocol": "udp", "field": "dport"}}, "right": 4789}}, {"match": {"op": "==", "left": {"payload": {"tunnel": "vxlan", "protocol": "vxlan", "field": "flags"}}, "right": 8}}]

rule: udp dport 4789 vxlan ether saddr 00:11:22:33:44:55
  [ meta load l4proto => reg 1 ]
  [ cmp eq reg 1 0x00000011 ]
  [ payload load 2b @ transport header + 2 => reg 1 ]
  [ cmp eq reg 1 0x0000b512 ]
  [ inner type 1 hdrsize 8 flags f [ payload load 6b @ link header + 6 => reg 1 ] ]
  [ cmp eq reg 1 0x33221100 0x00005544 ]
json: [{"match": {"op": "==", "left": {"payload": {"protocol": "udp", "field": "dport"}}, "right": 4789}}, {"match": {"op": "==", "left": {"payload": {"tunnel": "vxlan", "protocol": "ether", "field": "saddr"}}, "right": "00:11:22:33:44:55"}}]

rule: udp dport 4789 vxlan ether type ip
  [ meta load l4proto => reg 1 ]
  [ cmp eq reg 1 0x00000011 ]
  [ payload load 2b @ transport header + 2 => reg 1 ]
  [ cmp eq reg 1 0x0000b512 ]
  [ inner type 1 hdrsize 8 flags f [ payload load 2b @ link header + 12 => reg 1 ] ]
  [ cmp eq reg 1 0x00000008 ]
json: [{"match": {"op": "==", "left": {"payload": {"protocol": "udp", "field": "dport"}}, "right": 4789}}, {"match": {"op": "==", "left": {"payload": {"tunnel": "vxlan", "protocol": "ether", "field": "type"}}, "right": "ip"}}]

rule: udp dport 4789 vxlan vlan id 5
  [ meta load l4proto => reg 1 ]
  [ cmp eq reg 1 0x00000011 ]
  [ payload load 2b @ transport header + 2 => reg 1 ]
  [ cmp eq reg 1 0x0000b512 ]
  [ inner type 1 hdrsize 8 flags f [ payload load 2b @ link header + 12 => reg 1 ] ]
  [ cmp eq reg 1 0x00000081 ]
  [ inner type 1 hdrsize 8 flags f [ payload load 2b @ link header + 14 => reg 1 ] ]
  [ bitwise reg 1 = ( reg 1 & 0x0000ff0f ) ^ 0x00000000 ]
  [ cmp eq reg 1 0x00000500 ]
json: [{"match": {"op": "==", "left": {"payload": {"protocol": "udp", "field": "dport"}}, "right": 4789}}, {"match": {"op": "==", "left": {"payload": {"tunnel": "vxlan", "protocol": "vlan", "field": "id"}}, "right": 5}}]

rule: udp dport 4789 vxlan arp operation 1
list: udp dport 4789 vxlan arp operation request
  [ meta load l4proto => reg 1 ]
  [ cmp eq reg 1 0x00000011 ]
  [ payload load 2b @ transport header + 2 => reg 1 ]
  [ cmp eq reg 1 0x0000b512 ]
  [ inner type 1 hdrsize 8 flags f [ payload load 2b @ link header + 12 => reg 1 ] ]
  [ cmp eq reg 1 0x00000608 ]
  [ inner type 1 hdrsize 8 flags f [ payload load 2b @ network header + 6 => reg 1 ] ]
  [ cmp eq reg 1 0x00000100 ]
json: [{"match": {"op": "==", "left": {"payload": {"protocol": "udp", "field": "dport"}}, "right": 4789}}, {"match": {"op": "==", "left": {"payload": {"tunnel": "vxlan", "protocol": "arp", "field": "operation"}}, "right": "request"}}]

rule: udp dport 4789 vxlan icmp type echo-request
  [ meta load l4proto => reg 1 ]
  [ cmp eq reg 1 0x00000011 ]
  [ payload load 2b @ transport header + 2 => reg 1 ]
  [ cmp eq reg 1 0x0000b512 ]
  [ inner type 1 hdrsize 8 flags f [ payload load 2b @ link header + 12 => reg 1 ] ]
  [ cmp eq reg 1 0x00000008 ]
  [ inner type 1 hdrsize 8 flags f [ meta load l4proto => reg 1 ] ]
  [ cmp eq reg 1 0x00000001 ]
  [ inner type 1 hdrsize 8 flags f [ payload load 1b @ transport header + 0 => reg 1 ] ]
  [ cmp eq reg 1 0x00000008 ]
json: [{"match": {"op": "==", "left": {"payload": {"protocol": "udp", "field": "dport"}}, "right": 4789}}, {"match": {"op": "==", "left": {"payload": {"tunnel": "vxlan", "protocol": "icmp", "field": "type"}}, "right": "echo-request"}}]

rule: udp dport 4789 vxlan icmpv6 type 1
list: udp dport 4789 vxlan icmpv6 type destination-unreachable
  [ meta load l4proto => reg 1 ]
  [ cmp eq reg 1 0x00000011 ]
  [ payload load 2b @ transport header + 2 => reg 1 ]
  [ cmp eq reg 1 0x0000b512 ]
  [ inner type 1 hdrsize 8 flags f [ payload load 2b @ link header + 12 => reg 1 ] ]
  [ cmp eq reg 1 0x0000dd86 ]
  [ inner type 1 hdrsize 8 flags f [ meta load l4proto => reg 1 ] ]
  [ cmp eq reg 1 0x0000003a ]
  [ inner type 1 hdrsize 8 flags f [ payload load 1b @ transport header + 0 => reg 1 ] ]
  [ cmp eq reg 1 0x00000001 ]
json: [{"match": {"op": "==", "left": {"payload": {"protocol": "udp", "field": "dport"}}, "right": 4789}}, {"match": {"op": "==", "left": {"payload": {"tunnel": "vxlan", "protocol": "icmpv6", "field": "type"}}, "right": "destination-unreachable"}}]

rule: udp dport 4789 vxlan tcp dport 22
  [ meta load l4proto => reg 1 ]
  [ cmp eq reg 1 0x00000011 ]
  [ payload load 2b @ transport header + 2 => reg 1 ]
  [ cmp eq reg 1 0x0000b512 ]
  [ inner type 1 hdrsize 8 flags f [ meta load l4proto => reg 1 ] ]
  [ cmp eq reg 1 0x00000006 ]
  [ inner type 1 hdrsize 8 flags f [ payload load 2b @ transport header + 2 => reg 1 ] ]
  [ cmp eq reg 1 0x00001600 ]
json: [{"match": {"op": "==", "left": {"payload": {"protocol": "udp", "field": "dport"}}, "right": 4789}}, {"match": {"op": "==", "left": {"payload": {"tunnel": "vxlan", "protocol": "tcp", "field": "dport"}}, "right": 22}}]

rule: udp dport 4789 vxlan udp dport 4789
  [ meta load l4proto => reg 1 ]
  [ cmp eq reg 1 0x00000011 ]
  [ payload load 2b @ transport header + 2 => reg 1 ]
  [ cmp eq reg 1 0x0000b512 ]
  [ inner type 1 hdrsize 8 flags f [ meta load l4proto => reg 1 ] ]
  [ cmp eq reg 1 0x00000011 ]
  [ inner type 1 hdrsize 8 flags f [ payload load 2b @ transport header + 2 => reg 1 ] ]
  [ cmp eq reg 1 0x0000b512 ]
json: [{"match": {"op": "==", "left": {"payload": {"protocol": "udp", "field": "dport"}}, "right": 4789}}, {"match": {"op": "==", "left": {"payload": {"tunnel": "vxlan", "protocol": "udp", "field": "dport"}}, "right": 4789}}]

rule: udp dport 4789 vxlan th dport 22
  [ meta load l4proto => reg 1 ]
  [ cmp eq reg 1 0x00000011 ]
  [ payload load 2b @ transport header + 2 => reg 1 ]
  [ cmp eq reg 1 0x0000b512 ]
  [ inner type 1 hdrsize 8 flags f [ payload load 2b @ transport header + 2 => reg 1 ] ]
  [ cmp eq reg 1 0x00001600 ]
json: [{"match": {"op": "==", "left": {"payload": {"protocol": "udp", "field": "dport"}}, "right": 4789}}, {"match": {"op": "==", "left": {"payload": {"tunnel": "vxlan", "protocol": "th", "field": "dport"}}, "right": 22}}]

rule: meta l4proto udp vxlan ip saddr 1.2.3.4
  [ meta load l4proto => reg 1 ]
  [ cmp eq reg 1 0x00000011 ]
  [ inner type 1 hdrsize 8 flags f [ meta load protocol => reg 1 ] ]
  [ cmp eq reg 1 0x00000008 ]
  [ inner type 1 hdrsize 8 flags f [ payload load 4b @ network header + 12 => reg 1 ] ]
  [ cmp eq reg 1 0x04030201 ]
json: [{"match": {"op": "==", "left": {"meta": {"key": "l4proto"}}, "right": "udp"}}, {"match": {"op": "==", "left": {"payload": {"tunnel": "vxlan", "protocol": "ip", "field": "saddr"}}, "right": "1.2.3.4"}}]

rule: udp dport 4789 vxlan ip saddr { 1.2.3.4, 5.6.7.8 }
  __set%d t 3
  __set%d t 0
  	element 04030201  : 0 [end]	element 08070605  : 0 [end]
  [ meta load l4proto => reg 1 ]
  [ cmp eq reg 1 0x00000011 ]
  [ payload load 2b @ transport header + 2 => reg 1 ]
  [ cmp eq reg 1 0x0000b512 ]
  [ inner type 1 hdrsize 8 flags f [ meta load protocol => reg 1 ] ]
  [ cmp eq reg 1 0x00000008 ]
  [ inner type 1 hdrsize 8 flags f [ payload load 4b @ network header + 12 => reg 1 ] ]
  [ lookup reg 1 set __set%d ]
json: [{"match": {"op": "==", "left": {"payload": {"protocol": "udp", "field": "dport"}}, "right": 4789}}, {"match": {"op": "==", "left": {"payload": {"tunnel": "vxlan", "protocol": "ip", "field": "saddr"}}, "right": {"set": ["1.2.3.4", "5.6.7.8"]}}}]

rule: udp dport 4789 vxlan ip saddr . vxlan ip daddr { 1.2.3.4 . 5.6.7.8 }
  __set%d t 3
  __set%d t 0
  	element 04030201 08070605  : 0 [end]
  [ meta load l4proto => reg 1 ]
  [ cmp eq reg 1 0x00000011 ]
  [ payload load 2b @ transport header + 2 => reg 1 ]
  [ cmp eq reg 1 0x0000b512 ]
  [ inner type 1 hdrsize 8 flags f [ meta load protocol => reg 1 ] ]
  [ cmp eq reg 1 0x00000008 ]
  [ inner type 1 hdrsize 8 flags f [ payload load 4b @ network header + 12 => reg 1 ] ]
  [ inner type 1 hdrsize 8 flags f [ payload load 4b @ network header + 16 => reg 9 ] ]
  [ lookup reg 1 set __set%d ]
json: [{"match": {"op": "==", "left": {"payload": {"protocol": "udp", "field": "dport"}}, "right": 4789}}, {"match": {"op": "==", "left": {"concat": [{"payload": {"tunnel": "vxlan", "protocol": "ip", "field": "saddr"}}, {"payload": {"tunnel": "vxlan", "protocol": "ip", "field": "daddr"}}]}, "right": {"set": [{"concat": ["1.2.3.4", "5.6.7.8"]}]}}}]

rule: udp dport 4789 vxlan ip saddr . vxlan tcp dport { 1.2.3.4 . 22 }
  __set%d t 3
  __set%d t 0
  	element 04030201 00001600  : 0 [end]
  [ meta load l4proto => reg 1 ]
  [ cmp eq reg 1 0x00000011 ]
  [ payload load 2b @ transport header + 2 => reg 1 ]
  [ cmp eq reg 1 0x0000b512 ]
  [ inner type 1 hdrsize 8 flags f [ meta load protocol => reg 1 ] ]
  [ cmp eq reg 1 0x00000008 ]
  [ inner type 1 hdrsize 8 flags f [ meta load l4proto => reg 1 ] ]
  [ cmp eq reg 1 0x00000006 ]
  [ inner type 1 hdrsize 8 flags f [ payload load 4b @ network header + 12 => reg 1 ] ]
  [ inner type 1 hdrsize 8 flags f [ payload load 2b @ transport header + 2 => reg 9 ] ]
  [ lookup reg 1 set __set%d ]
json: [{"match": {"op": "==", "left": {"payload": {"protocol": "udp", "field": "dport"}}, "right": 4789}}, {"match": {"op": "==", "left": {"concat": [{"payload": {"tunnel": "vxlan", "protocol": "ip", "field": "saddr"}}, {"payload": {"tunnel": "vxlan", "protocol": "tcp", "field": "dport"}}]}, "right": {"set": [{"concat": ["1.2.3.4", 22]}]}}}]

# a concatenation with a member of the inner packet: 1.1.3 names all
# members in the inner packet's context and keeps the outer dependencies
rule ip inet bridge netdev: udp dport 4789 ip daddr . vxlan ip saddr { 1.2.3.4 . 1.2.3.4 }
list: udp dport 4789 meta protocol ip ip daddr . vxlan ip saddr { 1.2.3.4 . 1.2.3.4 }
list ip: udp dport 4789 ip daddr . vxlan ip saddr { 1.2.3.4 . 1.2.3.4 }
list inet: udp dport 4789 meta nfproto ipv4 ip daddr . vxlan ip saddr { 1.2.3.4 . 1.2.3.4 }
  __set%d t 3
  __set%d t 0
  	element 04030201 04030201  : 0 [end]
  [ meta load l4proto => reg 1 ]
  [ cmp eq reg 1 0x00000011 ]
  [ payload load 2b @ transport header + 2 => reg 1 ]
  [ cmp eq reg 1 0x0000b512 ]
  [ meta load protocol => reg 1 ]
  [ cmp eq reg 1 0x00000008 ]
  [ inner type 1 hdrsize 8 flags f [ meta load protocol => reg 1 ] ]
  [ cmp eq reg 1 0x00000008 ]
  [ payload load 4b @ network header + 16 => reg 1 ]
  [ inner type 1 hdrsize 8 flags f [ payload load 4b @ network header + 12 => reg 9 ] ]
  [ lookup reg 1 set __set%d ]
bytecode ip:
  __set%d t 3
  __set%d t 0
  	element 04030201 04030201  : 0 [end]
  [ meta load l4proto => reg 1 ]
  [ cmp eq reg 1 0x00000011 ]
  [ payload load 2b @ transport header + 2 => reg 1 ]
  [ cmp eq reg 1 0x0000b512 ]
  [ inner type 1 hdrsize 8 flags f [ meta load protocol => reg 1 ] ]
  [ cmp eq reg 1 0x00000008 ]
  [ payload load 4b @ network header + 16 => reg 1 ]
  [ inner type 1 hdrsize 8 flags f [ payload load 4b @ network header + 12 => reg 9 ] ]
  [ lookup reg 1 set __set%d ]
bytecode inet:
  __set%d t 3
  __set%d t 0
  	element 04030201 04030201  : 0 [end]
  [ meta load l4proto => reg 1 ]
  [ cmp eq reg 1 0x00000011 ]
  [ payload load 2b @ transport header + 2 => reg 1 ]
  [ cmp eq reg 1 0x0000b512 ]
  [ meta load nfproto => reg 1 ]
  [ cmp eq reg 1 0x00000002 ]
  [ inner type 1 hdrsize 8 flags f [ meta load protocol => reg 1 ] ]
  [ cmp eq reg 1 0x00000008 ]
  [ payload load 4b @ network header + 16 => reg 1 ]
  [ inner type 1 hdrsize 8 flags f [ payload load 4b @ network header + 12 => reg 9 ] ]
  [ lookup reg 1 set __set%d ]
json: [{"match": {"op": "==", "left": {"payload": {"protocol": "udp", "field": "dport"}}, "right": 4789}}, {"match": {"op": "==", "left": {"meta": {"key": "protocol"}}, "right": "ip"}}, {"match": {"op": "==", "left": {"concat": [{"payload": {"protocol": "ip", "field": "daddr"}}, {"payload": {"tunnel": "vxlan", "protocol": "ip", "field": "saddr"}}]}, "right": {"set": [{"concat": ["1.2.3.4", "1.2.3.4"]}]}}}]
json ip: [{"match": {"op": "==", "left": {"payload": {"protocol": "udp", "field": "dport"}}, "right": 4789}}, {"match": {"op": "==", "left": {"concat": [{"payload": {"protocol": "ip", "field": "daddr"}}, {"payload": {"tunnel": "vxlan", "protocol": "ip", "field": "saddr"}}]}, "right": {"set": [{"concat": ["1.2.3.4", "1.2.3.4"]}]}}}]
json inet: [{"match": {"op": "==", "left": {"payload": {"protocol": "udp", "field": "dport"}}, "right": 4789}}, {"match": {"op": "==", "left": {"meta": {"key": "nfproto"}}, "right": "ipv4"}}, {"match": {"op": "==", "left": {"concat": [{"payload": {"protocol": "ip", "field": "daddr"}}, {"payload": {"tunnel": "vxlan", "protocol": "ip", "field": "saddr"}}]}, "right": {"set": [{"concat": ["1.2.3.4", "1.2.3.4"]}]}}}]

rule: udp dport 4789 vxlan ip saddr . udp sport { 1.2.3.4 . 22 }
list: udp dport 4789 vxlan ip saddr . th sport { 1.2.3.4 . 22 }
  __set%d t 3
  __set%d t 0
  	element 04030201 00001600  : 0 [end]
  [ meta load l4proto => reg 1 ]
  [ cmp eq reg 1 0x00000011 ]
  [ payload load 2b @ transport header + 2 => reg 1 ]
  [ cmp eq reg 1 0x0000b512 ]
  [ inner type 1 hdrsize 8 flags f [ meta load protocol => reg 1 ] ]
  [ cmp eq reg 1 0x00000008 ]
  [ inner type 1 hdrsize 8 flags f [ payload load 4b @ network header + 12 => reg 1 ] ]
  [ payload load 2b @ transport header + 0 => reg 9 ]
  [ lookup reg 1 set __set%d ]
json: [{"match": {"op": "==", "left": {"payload": {"protocol": "udp", "field": "dport"}}, "right": 4789}}, {"match": {"op": "==", "left": {"concat": [{"payload": {"tunnel": "vxlan", "protocol": "ip", "field": "saddr"}}, {"payload": {"protocol": "th", "field": "sport"}}]}, "right": {"set": [{"concat": ["1.2.3.4", 22]}]}}}]

rule: udp dport 4789 vxlan ip saddr vmap { 1.2.3.4 : accept }
  __map%d t b
  __map%d t 0
  	element 04030201  : accept 0 [end]
  [ meta load l4proto => reg 1 ]
  [ cmp eq reg 1 0x00000011 ]
  [ payload load 2b @ transport header + 2 => reg 1 ]
  [ cmp eq reg 1 0x0000b512 ]
  [ inner type 1 hdrsize 8 flags f [ meta load protocol => reg 1 ] ]
  [ cmp eq reg 1 0x00000008 ]
  [ inner type 1 hdrsize 8 flags f [ payload load 4b @ network header + 12 => reg 1 ] ]
  [ lookup reg 1 set __map%d dreg 0 ]
json: [{"match": {"op": "==", "left": {"payload": {"protocol": "udp", "field": "dport"}}, "right": 4789}}, {"vmap": {"key": {"payload": {"tunnel": "vxlan", "protocol": "ip", "field": "saddr"}}, "data": {"set": [["1.2.3.4", {"accept": null}]]}}}]

rule: udp dport 4789 vxlan ip saddr @s
  [ meta load l4proto => reg 1 ]
  [ cmp eq reg 1 0x00000011 ]
  [ payload load 2b @ transport header + 2 => reg 1 ]
  [ cmp eq reg 1 0x0000b512 ]
  [ inner type 1 hdrsize 8 flags f [ meta load protocol => reg 1 ] ]
  [ cmp eq reg 1 0x00000008 ]
  [ inner type 1 hdrsize 8 flags f [ payload load 4b @ network header + 12 => reg 1 ] ]
  [ lookup reg 1 set s ]
json: [{"match": {"op": "==", "left": {"payload": {"protocol": "udp", "field": "dport"}}, "right": 4789}}, {"match": {"op": "==", "left": {"payload": {"tunnel": "vxlan", "protocol": "ip", "field": "saddr"}}, "right": "@s"}}]

rule: udp dport 4789 vxlan vni @sv
  [ meta load l4proto => reg 1 ]
  [ cmp eq reg 1 0x00000011 ]
  [ payload load 2b @ transport header + 2 => reg 1 ]
  [ cmp eq reg 1 0x0000b512 ]
  [ inner type 1 hdrsize 8 flags f [ payload load 3b @ tunnel header + 4 => reg 1 ] ]
  [ lookup reg 1 set sv ]
json: [{"match": {"op": "==", "left": {"payload": {"protocol": "udp", "field": "dport"}}, "right": 4789}}, {"match": {"op": "==", "left": {"payload": {"tunnel": "vxlan", "protocol": "vxlan", "field": "vni"}}, "right": "@sv"}}]

rule: udp dport 4789 vxlan ip saddr vmap @m
  [ meta load l4proto => reg 1 ]
  [ cmp eq reg 1 0x00000011 ]
  [ payload load 2b @ transport header + 2 => reg 1 ]
  [ cmp eq reg 1 0x0000b512 ]
  [ inner type 1 hdrsize 8 flags f [ meta load protocol => reg 1 ] ]
  [ cmp eq reg 1 0x00000008 ]
  [ inner type 1 hdrsize 8 flags f [ payload load 4b @ network header + 12 => reg 1 ] ]
  [ lookup reg 1 set m dreg 0 ]
json: [{"match": {"op": "==", "left": {"payload": {"protocol": "udp", "field": "dport"}}, "right": 4789}}, {"vmap": {"key": {"payload": {"tunnel": "vxlan", "protocol": "ip", "field": "saddr"}}, "data": "@m"}}]

rule: udp dport 4789 add @s { vxlan ip saddr }
  [ meta load l4proto => reg 1 ]
  [ cmp eq reg 1 0x00000011 ]
  [ payload load 2b @ transport header + 2 => reg 1 ]
  [ cmp eq reg 1 0x0000b512 ]
  [ inner type 1 hdrsize 8 flags f [ meta load protocol => reg 1 ] ]
  [ cmp eq reg 1 0x00000008 ]
  [ inner type 1 hdrsize 8 flags f [ payload load 4b @ network header + 12 => reg 1 ] ]
  [ dynset add reg_key 1 set s ]
json: [{"match": {"op": "==", "left": {"payload": {"protocol": "udp", "field": "dport"}}, "right": 4789}}, {"set": {"op": "add", "elem": {"payload": {"tunnel": "vxlan", "protocol": "ip", "field": "saddr"}}, "set": "@s"}}]

rule: udp dport 4789 vxlan ip saddr 1.2.3.4 counter vxlan tcp dport 22
list: udp dport 4789 vxlan ip saddr 1.2.3.4 counter packets 0 bytes 0 vxlan tcp dport 22
  [ meta load l4proto => reg 1 ]
  [ cmp eq reg 1 0x00000011 ]
  [ payload load 2b @ transport header + 2 => reg 1 ]
  [ cmp eq reg 1 0x0000b512 ]
  [ inner type 1 hdrsize 8 flags f [ meta load protocol => reg 1 ] ]
  [ cmp eq reg 1 0x00000008 ]
  [ inner type 1 hdrsize 8 flags f [ payload load 4b @ network header + 12 => reg 1 ] ]
  [ cmp eq reg 1 0x04030201 ]
  [ counter pkts 0 bytes 0 ]
  [ inner type 1 hdrsize 8 flags f [ meta load l4proto => reg 1 ] ]
  [ cmp eq reg 1 0x00000006 ]
  [ inner type 1 hdrsize 8 flags f [ payload load 2b @ transport header + 2 => reg 1 ] ]
  [ cmp eq reg 1 0x00001600 ]
json: [{"match": {"op": "==", "left": {"payload": {"protocol": "udp", "field": "dport"}}, "right": 4789}}, {"match": {"op": "==", "left": {"payload": {"tunnel": "vxlan", "protocol": "ip", "field": "saddr"}}, "right": "1.2.3.4"}}, {"counter": {"packets": 0, "bytes": 0}}, {"match": {"op": "==", "left": {"payload": {"tunnel": "vxlan", "protocol": "tcp", "field": "dport"}}, "right": 22}}]

# 1.1.3 lists the inner "meta protocol ip" of a load outside a match as
# an outer one and the load raw, which reloads as another rule (README
# "Differences"); ours lists the load, whose dependency comes back
rule inet: udp dport 4789 meta mark set vxlan ip saddr
  [ meta load l4proto => reg 1 ]
  [ cmp eq reg 1 0x00000011 ]
  [ payload load 2b @ transport header + 2 => reg 1 ]
  [ cmp eq reg 1 0x0000b512 ]
  [ inner type 1 hdrsize 8 flags f [ meta load protocol => reg 1 ] ]
  [ cmp eq reg 1 0x00000008 ]
  [ inner type 1 hdrsize 8 flags f [ payload load 4b @ network header + 12 => reg 1 ] ]
  [ byteorder reg 1 = ntoh(reg 1, 4, 4) ]
  [ meta set mark with reg 1 ]
json: [{"match": {"op": "==", "left": {"payload": {"protocol": "udp", "field": "dport"}}, "right": 4789}}, {"mangle": {"key": {"meta": {"key": "mark"}}, "value": {"payload": {"tunnel": "vxlan", "protocol": "ip", "field": "saddr"}}}}]
ref-list: udp dport 4789 meta protocol ip meta mark set vxlan @nh,96,32
ref-json: [{"match": {"op": "==", "left": {"payload": {"protocol": "udp", "field": "dport"}}, "right": 4789}}, {"match": {"op": "==", "left": {"meta": {"key": "protocol"}}, "right": "ip"}}, {"mangle": {"key": {"meta": {"key": "mark"}}, "value": {"payload": {"base": "nh", "offset": 96, "len": 32}}}}]

rule: udp dport 6081 geneve vni 3
  [ meta load l4proto => reg 1 ]
  [ cmp eq reg 1 0x00000011 ]
  [ payload load 2b @ transport header + 2 => reg 1 ]
  [ cmp eq reg 1 0x0000c117 ]
  [ inner type 2 hdrsize 8 flags f [ payload load 3b @ tunnel header + 4 => reg 1 ] ]
  [ cmp eq reg 1 0x00030000 ]
json: [{"match": {"op": "==", "left": {"payload": {"protocol": "udp", "field": "dport"}}, "right": 6081}}, {"match": {"op": "==", "left": {"payload": {"tunnel": "geneve", "protocol": "geneve", "field": "vni"}}, "right": 3}}]

rule: udp dport 6081 geneve type ip
list: udp dport 6081 geneve type 2048
  [ meta load l4proto => reg 1 ]
  [ cmp eq reg 1 0x00000011 ]
  [ payload load 2b @ transport header + 2 => reg 1 ]
  [ cmp eq reg 1 0x0000c117 ]
  [ inner type 2 hdrsize 8 flags f [ payload load 2b @ tunnel header + 2 => reg 1 ] ]
  [ cmp eq reg 1 0x00000008 ]
json: [{"match": {"op": "==", "left": {"payload": {"protocol": "udp", "field": "dport"}}, "right": 6081}}, {"match": {"op": "==", "left": {"payload": {"tunnel": "geneve", "protocol": "geneve", "field": "type"}}, "right": 2048}}]

rule: udp dport 6081 geneve tcp dport 22
  [ meta load l4proto => reg 1 ]
  [ cmp eq reg 1 0x00000011 ]
  [ payload load 2b @ transport header + 2 => reg 1 ]
  [ cmp eq reg 1 0x0000c117 ]
  [ inner type 2 hdrsize 8 flags f [ meta load l4proto => reg 1 ] ]
  [ cmp eq reg 1 0x00000006 ]
  [ inner type 2 hdrsize 8 flags f [ payload load 2b @ transport header + 2 => reg 1 ] ]
  [ cmp eq reg 1 0x00001600 ]
json: [{"match": {"op": "==", "left": {"payload": {"protocol": "udp", "field": "dport"}}, "right": 6081}}, {"match": {"op": "==", "left": {"payload": {"tunnel": "geneve", "protocol": "tcp", "field": "dport"}}, "right": 22}}]

rule: udp dport 6081 geneve ether saddr 00:11:22:33:44:55
  [ meta load l4proto => reg 1 ]
  [ cmp eq reg 1 0x00000011 ]
  [ payload load 2b @ transport header + 2 => reg 1 ]
  [ cmp eq reg 1 0x0000c117 ]
  [ inner type 2 hdrsize 8 flags f [ payload load 6b @ link header + 6 => reg 1 ] ]
  [ cmp eq reg 1 0x33221100 0x00005544 ]
json: [{"match": {"op": "==", "left": {"payload": {"protocol": "udp", "field": "dport"}}, "right": 6081}}, {"match": {"op": "==", "left": {"payload": {"tunnel": "geneve", "protocol": "ether", "field": "saddr"}}, "right": "00:11:22:33:44:55"}}]

rule: gre ip saddr 1.2.3.4
  [ meta load l4proto => reg 1 ]
  [ cmp eq reg 1 0x0000002f ]
  [ inner type 3 hdrsize 4 flags c [ meta load protocol => reg 1 ] ]
  [ cmp eq reg 1 0x00000008 ]
  [ inner type 3 hdrsize 4 flags c [ payload load 4b @ network header + 12 => reg 1 ] ]
  [ cmp eq reg 1 0x04030201 ]
json: [{"match": {"op": "==", "left": {"payload": {"tunnel": "gre", "protocol": "ip", "field": "saddr"}}, "right": "1.2.3.4"}}]

rule: gre protocol ip gre ip saddr 1.1.1.1
  [ meta load l4proto => reg 1 ]
  [ cmp eq reg 1 0x0000002f ]
  [ payload load 2b @ transport header + 2 => reg 1 ]
  [ cmp eq reg 1 0x00000008 ]
  [ inner type 3 hdrsize 4 flags c [ meta load protocol => reg 1 ] ]
  [ cmp eq reg 1 0x00000008 ]
  [ inner type 3 hdrsize 4 flags c [ payload load 4b @ network header + 12 => reg 1 ] ]
  [ cmp eq reg 1 0x01010101 ]
json: [{"match": {"op": "==", "left": {"payload": {"protocol": "gre", "field": "protocol"}}, "right": "ip"}}, {"match": {"op": "==", "left": {"payload": {"tunnel": "gre", "protocol": "ip", "field": "saddr"}}, "right": "1.1.1.1"}}]

rule: gre version 0 gretap ip saddr 1.2.3.4
  [ meta load l4proto => reg 1 ]
  [ cmp eq reg 1 0x0000002f ]
  [ payload load 1b @ transport header + 1 => reg 1 ]
  [ bitwise reg 1 = ( reg 1 & 0x00000007 ) ^ 0x00000000 ]
  [ cmp eq reg 1 0x00000000 ]
  [ inner type 4 hdrsize 4 flags e [ meta load protocol => reg 1 ] ]
  [ cmp eq reg 1 0x00000008 ]
  [ inner type 4 hdrsize 4 flags e [ payload load 4b @ network header + 12 => reg 1 ] ]
  [ cmp eq reg 1 0x04030201 ]
json: [{"match": {"op": "==", "left": {"payload": {"protocol": "gre", "field": "version"}}, "right": 0}}, {"match": {"op": "==", "left": {"payload": {"tunnel": "gretap", "protocol": "ip", "field": "saddr"}}, "right": "1.2.3.4"}}]

rule: gre icmp type echo-request
  [ meta load l4proto => reg 1 ]
  [ cmp eq reg 1 0x0000002f ]
  [ inner type 3 hdrsize 4 flags c [ meta load protocol => reg 1 ] ]
  [ cmp eq reg 1 0x00000008 ]
  [ inner type 3 hdrsize 4 flags c [ meta load l4proto => reg 1 ] ]
  [ cmp eq reg 1 0x00000001 ]
  [ inner type 3 hdrsize 4 flags c [ payload load 1b @ transport header + 0 => reg 1 ] ]
  [ cmp eq reg 1 0x00000008 ]
json: [{"match": {"op": "==", "left": {"payload": {"tunnel": "gre", "protocol": "icmp", "field": "type"}}, "right": "echo-request"}}]

rule: gre tcp dport 22
  [ meta load l4proto => reg 1 ]
  [ cmp eq reg 1 0x0000002f ]
  [ inner type 3 hdrsize 4 flags c [ meta load l4proto => reg 1 ] ]
  [ cmp eq reg 1 0x00000006 ]
  [ inner type 3 hdrsize 4 flags c [ payload load 2b @ transport header + 2 => reg 1 ] ]
  [ cmp eq reg 1 0x00001600 ]
json: [{"match": {"op": "==", "left": {"payload": {"tunnel": "gre", "protocol": "tcp", "field": "dport"}}, "right": 22}}]

rule: tcp dport 1 gre ip saddr 1.2.3.4
  [ meta load l4proto => reg 1 ]
  [ cmp eq reg 1 0x00000006 ]
  [ payload load 2b @ transport header + 2 => reg 1 ]
  [ cmp eq reg 1 0x00000100 ]
  [ inner type 3 hdrsize 4 flags c [ meta load protocol => reg 1 ] ]
  [ cmp eq reg 1 0x00000008 ]
  [ inner type 3 hdrsize 4 flags c [ payload load 4b @ network header + 12 => reg 1 ] ]
  [ cmp eq reg 1 0x04030201 ]
json: [{"match": {"op": "==", "left": {"payload": {"protocol": "tcp", "field": "dport"}}, "right": 1}}, {"match": {"op": "==", "left": {"payload": {"tunnel": "gre", "protocol": "ip", "field": "saddr"}}, "right": "1.2.3.4"}}]

rule: udp dport 4789 gre ip saddr 1.2.3.4
  [ meta load l4proto => reg 1 ]
  [ cmp eq reg 1 0x00000011 ]
  [ payload load 2b @ transport header + 2 => reg 1 ]
  [ cmp eq reg 1 0x0000b512 ]
  [ inner type 3 hdrsize 4 flags c [ meta load protocol => reg 1 ] ]
  [ cmp eq reg 1 0x00000008 ]
  [ inner type 3 hdrsize 4 flags c [ payload load 4b @ network header + 12 => reg 1 ] ]
  [ cmp eq reg 1 0x04030201 ]
json: [{"match": {"op": "==", "left": {"payload": {"protocol": "udp", "field": "dport"}}, "right": 4789}}, {"match": {"op": "==", "left": {"payload": {"tunnel": "gre", "protocol": "ip", "field": "saddr"}}, "right": "1.2.3.4"}}]

rule: gretap ip saddr 1.2.3.4
  [ meta load l4proto => reg 1 ]
  [ cmp eq reg 1 0x0000002f ]
  [ inner type 4 hdrsize 4 flags e [ meta load protocol => reg 1 ] ]
  [ cmp eq reg 1 0x00000008 ]
  [ inner type 4 hdrsize 4 flags e [ payload load 4b @ network header + 12 => reg 1 ] ]
  [ cmp eq reg 1 0x04030201 ]
json: [{"match": {"op": "==", "left": {"payload": {"tunnel": "gretap", "protocol": "ip", "field": "saddr"}}, "right": "1.2.3.4"}}]

rule: gretap ether saddr 00:11:22:33:44:55
  [ meta load l4proto => reg 1 ]
  [ cmp eq reg 1 0x0000002f ]
  [ inner type 4 hdrsize 4 flags e [ payload load 6b @ link header + 6 => reg 1 ] ]
  [ cmp eq reg 1 0x33221100 0x00005544 ]
json: [{"match": {"op": "==", "left": {"payload": {"tunnel": "gretap", "protocol": "ether", "field": "saddr"}}, "right": "00:11:22:33:44:55"}}]

rule: gretap icmp type echo-request
  [ meta load l4proto => reg 1 ]
  [ cmp eq reg 1 0x0000002f ]
  [ inner type 4 hdrsize 4 flags e [ payload load 2b @ link header + 12 => reg 1 ] ]
  [ cmp eq reg 1 0x00000008 ]
  [ inner type 4 hdrsize 4 flags e [ meta load l4proto => reg 1 ] ]
  [ cmp eq reg 1 0x00000001 ]
  [ inner type 4 hdrsize 4 flags e [ payload load 1b @ transport header + 0 => reg 1 ] ]
  [ cmp eq reg 1 0x00000008 ]
json: [{"match": {"op": "==", "left": {"payload": {"tunnel": "gretap", "protocol": "icmp", "field": "type"}}, "right": "echo-request"}}]

fail: vxlan ip saddr 1.2.3.4

fail: vxlan vni 5

fail: tcp dport 1 vxlan ip saddr 1.2.3.4

fail: udp dport 4789 vxlan ip saddr 1.2.3.4 vxlan ip6 saddr ::1

fail: udp dport 4789 vxlan ip saddr 1.2.3.4 tcp dport 1

fail: udp dport 4789 vxlan ip saddr set 1.2.3.4

fail: udp dport 4789 vxlan ver 1

fail: udp dport 4789 vxlan @nh,0,8 1

fail: gre ether saddr 00:11:22:33:44:55

fail: gre vlan id 1

fail: udp dport 4789 vxlan gre version 0

fail: udp dport 4789 vxlan vxlan vni 1
