# header fields narrower than a byte (ip dscp, ip ecn, ip version, ip
# hdrlength, ip6 dscp, ip6 ecn, vlan pcp/dei/id, tcp doff) as set keys.
# A named set, a named map and a set statement hold the field's own
# value: the load is masked and shifted down to bit 0 ("ip dscp @s":
# & 0xfc, >> 2), as is every such member of a concatenation, anonymous
# sets included. An anonymous set of the field alone keeps its elements
# in place under the mask (sets.t), but an interval one of a field in
# one byte holds its own values too, as upstream 1.1.3 builds it. The
# system nft (1.0.6) makes the same bytecode but lists a shifted concatenation member or set statement key
# as "ip dscp >> 2"; upstream 1.1 lists the field.
families: ip inet bridge netdev
table: t
chain: c { type filter hook input priority filter; policy accept; }
chain netdev: c { type filter hook ingress device "v0" priority filter; policy accept; }
veth netdev: v0 v1
set: d { type dscp; flags dynamic; }
set: dt { typeof ip dscp; elements = { cs1, af11 }; }
set: e { typeof ip ecn; }
set: v { typeof ip version; }
set: h { typeof ip hdrlength; }
set: d6 { typeof ip6 dscp; flags dynamic; }
set: e6 { typeof ip6 ecn; }
set: o { typeof tcp doff; }
set: c { typeof ip ttl . ip dscp . ip ecn; flags dynamic; }
set: c6 { typeof ip6 dscp . ip6 flowlabel . ip6 ecn; }
map: m { typeof ip dscp : mark; elements = { cs1 : 0x1 }; }
set: p { typeof vlan pcp; }
set: i { typeof vlan id; flags dynamic; }
set: pd { typeof vlan pcp . vlan dei . vlan id; }
map: vm { typeof ip dscp . ip ecn : verdict; elements = { cs1 . ect0 : accept }; }

rule ip inet: ip dscp @d
  [ payload load 1b @ network header + 1 => reg 1 ]
  [ bitwise reg 1 = ( reg 1 & 0x000000fc ) ^ 0x00000000 ]
  [ bitwise reg 1 = ( reg 1 >> 0x00000002 ) ]
  [ lookup reg 1 set d ]
bytecode inet:
  [ meta load nfproto => reg 1 ]
  [ cmp eq reg 1 0x00000002 ]
  [ payload load 1b @ network header + 1 => reg 1 ]
  [ bitwise reg 1 = ( reg 1 & 0x000000fc ) ^ 0x00000000 ]
  [ bitwise reg 1 = ( reg 1 >> 0x00000002 ) ]
  [ lookup reg 1 set d ]
json: [{"match": {"op": "==", "left": {"payload": {"protocol": "ip", "field": "dscp"}}, "right": "@d"}}]

rule ip inet: ip dscp != @dt drop
  [ payload load 1b @ network header + 1 => reg 1 ]
  [ bitwise reg 1 = ( reg 1 & 0x000000fc ) ^ 0x00000000 ]
  [ bitwise reg 1 = ( reg 1 >> 0x00000002 ) ]
  [ lookup reg 1 set dt 0x1 ]
  [ immediate reg 0 drop ]
bytecode inet:
  [ meta load nfproto => reg 1 ]
  [ cmp eq reg 1 0x00000002 ]
  [ payload load 1b @ network header + 1 => reg 1 ]
  [ bitwise reg 1 = ( reg 1 & 0x000000fc ) ^ 0x00000000 ]
  [ bitwise reg 1 = ( reg 1 >> 0x00000002 ) ]
  [ lookup reg 1 set dt 0x1 ]
  [ immediate reg 0 drop ]
json: [{"match": {"op": "!=", "left": {"payload": {"protocol": "ip", "field": "dscp"}}, "right": "@dt"}}, {"drop": null}]

rule ip inet: ip ecn @e
  [ payload load 1b @ network header + 1 => reg 1 ]
  [ bitwise reg 1 = ( reg 1 & 0x00000003 ) ^ 0x00000000 ]
  [ lookup reg 1 set e ]
bytecode inet:
  [ meta load nfproto => reg 1 ]
  [ cmp eq reg 1 0x00000002 ]
  [ payload load 1b @ network header + 1 => reg 1 ]
  [ bitwise reg 1 = ( reg 1 & 0x00000003 ) ^ 0x00000000 ]
  [ lookup reg 1 set e ]
json: [{"match": {"op": "==", "left": {"payload": {"protocol": "ip", "field": "ecn"}}, "right": "@e"}}]

rule ip inet: ip version @v
  [ payload load 1b @ network header + 0 => reg 1 ]
  [ bitwise reg 1 = ( reg 1 & 0x000000f0 ) ^ 0x00000000 ]
  [ bitwise reg 1 = ( reg 1 >> 0x00000004 ) ]
  [ lookup reg 1 set v ]
bytecode inet:
  [ meta load nfproto => reg 1 ]
  [ cmp eq reg 1 0x00000002 ]
  [ payload load 1b @ network header + 0 => reg 1 ]
  [ bitwise reg 1 = ( reg 1 & 0x000000f0 ) ^ 0x00000000 ]
  [ bitwise reg 1 = ( reg 1 >> 0x00000004 ) ]
  [ lookup reg 1 set v ]
json: [{"match": {"op": "==", "left": {"payload": {"protocol": "ip", "field": "version"}}, "right": "@v"}}]

rule ip inet: ip hdrlength @h
  [ payload load 1b @ network header + 0 => reg 1 ]
  [ bitwise reg 1 = ( reg 1 & 0x0000000f ) ^ 0x00000000 ]
  [ lookup reg 1 set h ]
bytecode inet:
  [ meta load nfproto => reg 1 ]
  [ cmp eq reg 1 0x00000002 ]
  [ payload load 1b @ network header + 0 => reg 1 ]
  [ bitwise reg 1 = ( reg 1 & 0x0000000f ) ^ 0x00000000 ]
  [ lookup reg 1 set h ]
json: [{"match": {"op": "==", "left": {"payload": {"protocol": "ip", "field": "hdrlength"}}, "right": "@h"}}]

rule inet: ip6 dscp @d6
  [ meta load nfproto => reg 1 ]
  [ cmp eq reg 1 0x0000000a ]
  [ payload load 2b @ network header + 0 => reg 1 ]
  [ bitwise reg 1 = ( reg 1 & 0x0000c00f ) ^ 0x00000000 ]
  [ byteorder reg 1 = ntoh(reg 1, 2, 2) ]
  [ bitwise reg 1 = ( reg 1 >> 0x00000006 ) ]
  [ lookup reg 1 set d6 ]
json: [{"match": {"op": "==", "left": {"payload": {"protocol": "ip6", "field": "dscp"}}, "right": "@d6"}}]

rule inet: ip6 ecn @e6
  [ meta load nfproto => reg 1 ]
  [ cmp eq reg 1 0x0000000a ]
  [ payload load 1b @ network header + 1 => reg 1 ]
  [ bitwise reg 1 = ( reg 1 & 0x00000030 ) ^ 0x00000000 ]
  [ bitwise reg 1 = ( reg 1 >> 0x00000004 ) ]
  [ lookup reg 1 set e6 ]
json: [{"match": {"op": "==", "left": {"payload": {"protocol": "ip6", "field": "ecn"}}, "right": "@e6"}}]

rule ip inet: tcp doff @o
  [ meta load l4proto => reg 1 ]
  [ cmp eq reg 1 0x00000006 ]
  [ payload load 1b @ transport header + 12 => reg 1 ]
  [ bitwise reg 1 = ( reg 1 & 0x000000f0 ) ^ 0x00000000 ]
  [ bitwise reg 1 = ( reg 1 >> 0x00000004 ) ]
  [ lookup reg 1 set o ]
json: [{"match": {"op": "==", "left": {"payload": {"protocol": "tcp", "field": "doff"}}, "right": "@o"}}]

rule ip inet: ip ttl . ip dscp . ip ecn @c
  [ payload load 1b @ network header + 8 => reg 1 ]
  [ payload load 1b @ network header + 1 => reg 9 ]
  [ bitwise reg 9 = ( reg 9 & 0x000000fc ) ^ 0x00000000 ]
  [ bitwise reg 9 = ( reg 9 >> 0x00000002 ) ]
  [ payload load 1b @ network header + 1 => reg 10 ]
  [ bitwise reg 10 = ( reg 10 & 0x00000003 ) ^ 0x00000000 ]
  [ lookup reg 1 set c ]
bytecode inet:
  [ meta load nfproto => reg 1 ]
  [ cmp eq reg 1 0x00000002 ]
  [ payload load 1b @ network header + 8 => reg 1 ]
  [ payload load 1b @ network header + 1 => reg 9 ]
  [ bitwise reg 9 = ( reg 9 & 0x000000fc ) ^ 0x00000000 ]
  [ bitwise reg 9 = ( reg 9 >> 0x00000002 ) ]
  [ payload load 1b @ network header + 1 => reg 10 ]
  [ bitwise reg 10 = ( reg 10 & 0x00000003 ) ^ 0x00000000 ]
  [ lookup reg 1 set c ]
json: [{"match": {"op": "==", "left": {"concat": [{"payload": {"protocol": "ip", "field": "ttl"}}, {"payload": {"protocol": "ip", "field": "dscp"}}, {"payload": {"protocol": "ip", "field": "ecn"}}]}, "right": "@c"}}]

rule inet: ip6 dscp . ip6 flowlabel . ip6 ecn @c6
  [ meta load nfproto => reg 1 ]
  [ cmp eq reg 1 0x0000000a ]
  [ payload load 2b @ network header + 0 => reg 1 ]
  [ bitwise reg 1 = ( reg 1 & 0x0000c00f ) ^ 0x00000000 ]
  [ byteorder reg 1 = ntoh(reg 1, 2, 2) ]
  [ bitwise reg 1 = ( reg 1 >> 0x00000006 ) ]
  [ payload load 3b @ network header + 1 => reg 9 ]
  [ bitwise reg 9 = ( reg 9 & 0x00ffff0f ) ^ 0x00000000 ]
  [ payload load 1b @ network header + 1 => reg 10 ]
  [ bitwise reg 10 = ( reg 10 & 0x00000030 ) ^ 0x00000000 ]
  [ bitwise reg 10 = ( reg 10 >> 0x00000004 ) ]
  [ lookup reg 1 set c6 ]
json: [{"match": {"op": "==", "left": {"concat": [{"payload": {"protocol": "ip6", "field": "dscp"}}, {"payload": {"protocol": "ip6", "field": "flowlabel"}}, {"payload": {"protocol": "ip6", "field": "ecn"}}]}, "right": "@c6"}}]

rule ip inet: meta mark set ip dscp map @m
  [ payload load 1b @ network header + 1 => reg 1 ]
  [ bitwise reg 1 = ( reg 1 & 0x000000fc ) ^ 0x00000000 ]
  [ bitwise reg 1 = ( reg 1 >> 0x00000002 ) ]
  [ lookup reg 1 set m dreg 1 ]
  [ meta set mark with reg 1 ]
bytecode inet:
  [ meta load nfproto => reg 1 ]
  [ cmp eq reg 1 0x00000002 ]
  [ payload load 1b @ network header + 1 => reg 1 ]
  [ bitwise reg 1 = ( reg 1 & 0x000000fc ) ^ 0x00000000 ]
  [ bitwise reg 1 = ( reg 1 >> 0x00000002 ) ]
  [ lookup reg 1 set m dreg 1 ]
  [ meta set mark with reg 1 ]
json: [{"mangle": {"key": {"meta": {"key": "mark"}}, "value": {"map": {"key": {"payload": {"protocol": "ip", "field": "dscp"}}, "data": "@m"}}}}]

rule ip inet: ip dscp . ip ecn vmap @vm
  [ payload load 1b @ network header + 1 => reg 1 ]
  [ bitwise reg 1 = ( reg 1 & 0x000000fc ) ^ 0x00000000 ]
  [ bitwise reg 1 = ( reg 1 >> 0x00000002 ) ]
  [ payload load 1b @ network header + 1 => reg 9 ]
  [ bitwise reg 9 = ( reg 9 & 0x00000003 ) ^ 0x00000000 ]
  [ lookup reg 1 set vm dreg 0 ]
bytecode inet:
  [ meta load nfproto => reg 1 ]
  [ cmp eq reg 1 0x00000002 ]
  [ payload load 1b @ network header + 1 => reg 1 ]
  [ bitwise reg 1 = ( reg 1 & 0x000000fc ) ^ 0x00000000 ]
  [ bitwise reg 1 = ( reg 1 >> 0x00000002 ) ]
  [ payload load 1b @ network header + 1 => reg 9 ]
  [ bitwise reg 9 = ( reg 9 & 0x00000003 ) ^ 0x00000000 ]
  [ lookup reg 1 set vm dreg 0 ]
json: [{"vmap": {"key": {"concat": [{"payload": {"protocol": "ip", "field": "dscp"}}, {"payload": {"protocol": "ip", "field": "ecn"}}]}, "data": "@vm"}}]

rule ip inet: add @d { ip dscp }
  [ payload load 1b @ network header + 1 => reg 1 ]
  [ bitwise reg 1 = ( reg 1 & 0x000000fc ) ^ 0x00000000 ]
  [ bitwise reg 1 = ( reg 1 >> 0x00000002 ) ]
  [ dynset add reg_key 1 set d ]
bytecode inet:
  [ meta load nfproto => reg 1 ]
  [ cmp eq reg 1 0x00000002 ]
  [ payload load 1b @ network header + 1 => reg 1 ]
  [ bitwise reg 1 = ( reg 1 & 0x000000fc ) ^ 0x00000000 ]
  [ bitwise reg 1 = ( reg 1 >> 0x00000002 ) ]
  [ dynset add reg_key 1 set d ]
json: [{"set": {"op": "add", "elem": {"payload": {"protocol": "ip", "field": "dscp"}}, "set": "@d"}}]

rule inet: update @d6 { ip6 dscp }
  [ meta load nfproto => reg 1 ]
  [ cmp eq reg 1 0x0000000a ]
  [ payload load 2b @ network header + 0 => reg 1 ]
  [ bitwise reg 1 = ( reg 1 & 0x0000c00f ) ^ 0x00000000 ]
  [ byteorder reg 1 = ntoh(reg 1, 2, 2) ]
  [ bitwise reg 1 = ( reg 1 >> 0x00000006 ) ]
  [ dynset update reg_key 1 set d6 ]
json: [{"set": {"op": "update", "elem": {"payload": {"protocol": "ip6", "field": "dscp"}}, "set": "@d6"}}]

rule ip inet: delete @c { ip ttl . ip dscp . ip ecn }
  [ payload load 1b @ network header + 8 => reg 1 ]
  [ payload load 1b @ network header + 1 => reg 9 ]
  [ bitwise reg 9 = ( reg 9 & 0x000000fc ) ^ 0x00000000 ]
  [ bitwise reg 9 = ( reg 9 >> 0x00000002 ) ]
  [ payload load 1b @ network header + 1 => reg 10 ]
  [ bitwise reg 10 = ( reg 10 & 0x00000003 ) ^ 0x00000000 ]
  [ dynset delete reg_key 1 set c ]
bytecode inet:
  [ meta load nfproto => reg 1 ]
  [ cmp eq reg 1 0x00000002 ]
  [ payload load 1b @ network header + 8 => reg 1 ]
  [ payload load 1b @ network header + 1 => reg 9 ]
  [ bitwise reg 9 = ( reg 9 & 0x000000fc ) ^ 0x00000000 ]
  [ bitwise reg 9 = ( reg 9 >> 0x00000002 ) ]
  [ payload load 1b @ network header + 1 => reg 10 ]
  [ bitwise reg 10 = ( reg 10 & 0x00000003 ) ^ 0x00000000 ]
  [ dynset delete reg_key 1 set c ]
json: [{"set": {"op": "delete", "elem": {"concat": [{"payload": {"protocol": "ip", "field": "ttl"}}, {"payload": {"protocol": "ip", "field": "dscp"}}, {"payload": {"protocol": "ip", "field": "ecn"}}]}, "set": "@c"}}]

rule bridge netdev: vlan pcp @p
  [ payload load 2b @ link header + 12 => reg 1 ]
  [ cmp eq reg 1 0x00000081 ]
  [ payload load 1b @ link header + 14 => reg 1 ]
  [ bitwise reg 1 = ( reg 1 & 0x000000e0 ) ^ 0x00000000 ]
  [ bitwise reg 1 = ( reg 1 >> 0x00000005 ) ]
  [ lookup reg 1 set p ]
bytecode netdev:
  [ meta load iiftype => reg 1 ]
  [ cmp eq reg 1 0x00000001 ]
  [ payload load 2b @ link header + 12 => reg 1 ]
  [ cmp eq reg 1 0x00000081 ]
  [ payload load 1b @ link header + 14 => reg 1 ]
  [ bitwise reg 1 = ( reg 1 & 0x000000e0 ) ^ 0x00000000 ]
  [ bitwise reg 1 = ( reg 1 >> 0x00000005 ) ]
  [ lookup reg 1 set p ]
json: [{"match": {"op": "==", "left": {"payload": {"protocol": "vlan", "field": "pcp"}}, "right": "@p"}}]

rule bridge netdev: vlan id @i
  [ payload load 2b @ link header + 12 => reg 1 ]
  [ cmp eq reg 1 0x00000081 ]
  [ payload load 2b @ link header + 14 => reg 1 ]
  [ bitwise reg 1 = ( reg 1 & 0x0000ff0f ) ^ 0x00000000 ]
  [ lookup reg 1 set i ]
bytecode netdev:
  [ meta load iiftype => reg 1 ]
  [ cmp eq reg 1 0x00000001 ]
  [ payload load 2b @ link header + 12 => reg 1 ]
  [ cmp eq reg 1 0x00000081 ]
  [ payload load 2b @ link header + 14 => reg 1 ]
  [ bitwise reg 1 = ( reg 1 & 0x0000ff0f ) ^ 0x00000000 ]
  [ lookup reg 1 set i ]
json: [{"match": {"op": "==", "left": {"payload": {"protocol": "vlan", "field": "id"}}, "right": "@i"}}]

rule bridge netdev: vlan pcp . vlan dei . vlan id @pd
  [ payload load 2b @ link header + 12 => reg 1 ]
  [ cmp eq reg 1 0x00000081 ]
  [ payload load 1b @ link header + 14 => reg 1 ]
  [ bitwise reg 1 = ( reg 1 & 0x000000e0 ) ^ 0x00000000 ]
  [ bitwise reg 1 = ( reg 1 >> 0x00000005 ) ]
  [ payload load 1b @ link header + 14 => reg 9 ]
  [ bitwise reg 9 = ( reg 9 & 0x00000010 ) ^ 0x00000000 ]
  [ bitwise reg 9 = ( reg 9 >> 0x00000004 ) ]
  [ payload load 2b @ link header + 14 => reg 10 ]
  [ bitwise reg 10 = ( reg 10 & 0x0000ff0f ) ^ 0x00000000 ]
  [ lookup reg 1 set pd ]
bytecode netdev:
  [ meta load iiftype => reg 1 ]
  [ cmp eq reg 1 0x00000001 ]
  [ payload load 2b @ link header + 12 => reg 1 ]
  [ cmp eq reg 1 0x00000081 ]
  [ payload load 1b @ link header + 14 => reg 1 ]
  [ bitwise reg 1 = ( reg 1 & 0x000000e0 ) ^ 0x00000000 ]
  [ bitwise reg 1 = ( reg 1 >> 0x00000005 ) ]
  [ payload load 1b @ link header + 14 => reg 9 ]
  [ bitwise reg 9 = ( reg 9 & 0x00000010 ) ^ 0x00000000 ]
  [ bitwise reg 9 = ( reg 9 >> 0x00000004 ) ]
  [ payload load 2b @ link header + 14 => reg 10 ]
  [ bitwise reg 10 = ( reg 10 & 0x0000ff0f ) ^ 0x00000000 ]
  [ lookup reg 1 set pd ]
json: [{"match": {"op": "==", "left": {"concat": [{"payload": {"protocol": "vlan", "field": "pcp"}}, {"payload": {"protocol": "vlan", "field": "dei"}}, {"payload": {"protocol": "vlan", "field": "id"}}]}, "right": "@pd"}}]

rule bridge netdev: add @i { vlan id }
  [ payload load 2b @ link header + 12 => reg 1 ]
  [ cmp eq reg 1 0x00000081 ]
  [ payload load 2b @ link header + 14 => reg 1 ]
  [ bitwise reg 1 = ( reg 1 & 0x0000ff0f ) ^ 0x00000000 ]
  [ dynset add reg_key 1 set i ]
bytecode netdev:
  [ meta load iiftype => reg 1 ]
  [ cmp eq reg 1 0x00000001 ]
  [ payload load 2b @ link header + 12 => reg 1 ]
  [ cmp eq reg 1 0x00000081 ]
  [ payload load 2b @ link header + 14 => reg 1 ]
  [ bitwise reg 1 = ( reg 1 & 0x0000ff0f ) ^ 0x00000000 ]
  [ dynset add reg_key 1 set i ]
json: [{"set": {"op": "add", "elem": {"payload": {"protocol": "vlan", "field": "id"}}, "set": "@i"}}]

# anonymous: a concatenation's members are shifted, its elements not
rule ip inet: ip dscp . ip ecn { cs1 . ect0, af11 . ce }
  __set%d t 3
  __set%d t 0
  	element 00000008 00000002  : 0 [end]	element 0000000a 00000003  : 0 [end]
  [ payload load 1b @ network header + 1 => reg 1 ]
  [ bitwise reg 1 = ( reg 1 & 0x000000fc ) ^ 0x00000000 ]
  [ bitwise reg 1 = ( reg 1 >> 0x00000002 ) ]
  [ payload load 1b @ network header + 1 => reg 9 ]
  [ bitwise reg 9 = ( reg 9 & 0x00000003 ) ^ 0x00000000 ]
  [ lookup reg 1 set __set%d ]
bytecode inet:
  __set%d t 3
  __set%d t 0
  	element 00000008 00000002  : 0 [end]	element 0000000a 00000003  : 0 [end]
  [ meta load nfproto => reg 1 ]
  [ cmp eq reg 1 0x00000002 ]
  [ payload load 1b @ network header + 1 => reg 1 ]
  [ bitwise reg 1 = ( reg 1 & 0x000000fc ) ^ 0x00000000 ]
  [ bitwise reg 1 = ( reg 1 >> 0x00000002 ) ]
  [ payload load 1b @ network header + 1 => reg 9 ]
  [ bitwise reg 9 = ( reg 9 & 0x00000003 ) ^ 0x00000000 ]
  [ lookup reg 1 set __set%d ]
json: [{"match": {"op": "==", "left": {"concat": [{"payload": {"protocol": "ip", "field": "dscp"}}, {"payload": {"protocol": "ip", "field": "ecn"}}]}, "right": {"set": [{"concat": ["cs1", "ect0"]}, {"concat": ["af11", "ce"]}]}}}]

rule ip inet: ip version . ip hdrlength { 4 . 5 }
  __set%d t 3
  __set%d t 0
  	element 00000004 00000005  : 0 [end]
  [ payload load 1b @ network header + 0 => reg 1 ]
  [ bitwise reg 1 = ( reg 1 & 0x000000f0 ) ^ 0x00000000 ]
  [ bitwise reg 1 = ( reg 1 >> 0x00000004 ) ]
  [ payload load 1b @ network header + 0 => reg 9 ]
  [ bitwise reg 9 = ( reg 9 & 0x0000000f ) ^ 0x00000000 ]
  [ lookup reg 1 set __set%d ]
bytecode inet:
  __set%d t 3
  __set%d t 0
  	element 00000004 00000005  : 0 [end]
  [ meta load nfproto => reg 1 ]
  [ cmp eq reg 1 0x00000002 ]
  [ payload load 1b @ network header + 0 => reg 1 ]
  [ bitwise reg 1 = ( reg 1 & 0x000000f0 ) ^ 0x00000000 ]
  [ bitwise reg 1 = ( reg 1 >> 0x00000004 ) ]
  [ payload load 1b @ network header + 0 => reg 9 ]
  [ bitwise reg 9 = ( reg 9 & 0x0000000f ) ^ 0x00000000 ]
  [ lookup reg 1 set __set%d ]
json: [{"match": {"op": "==", "left": {"concat": [{"payload": {"protocol": "ip", "field": "version"}}, {"payload": {"protocol": "ip", "field": "hdrlength"}}]}, "right": {"set": [{"concat": [4, 5]}]}}}]

rule ip inet: ip dscp . ip ecn vmap { cs1 . ect0 : accept }
  __map%d t b
  __map%d t 0
  	element 00000008 00000002  : accept 0 [end]
  [ payload load 1b @ network header + 1 => reg 1 ]
  [ bitwise reg 1 = ( reg 1 & 0x000000fc ) ^ 0x00000000 ]
  [ bitwise reg 1 = ( reg 1 >> 0x00000002 ) ]
  [ payload load 1b @ network header + 1 => reg 9 ]
  [ bitwise reg 9 = ( reg 9 & 0x00000003 ) ^ 0x00000000 ]
  [ lookup reg 1 set __map%d dreg 0 ]
bytecode inet:
  __map%d t b
  __map%d t 0
  	element 00000008 00000002  : accept 0 [end]
  [ meta load nfproto => reg 1 ]
  [ cmp eq reg 1 0x00000002 ]
  [ payload load 1b @ network header + 1 => reg 1 ]
  [ bitwise reg 1 = ( reg 1 & 0x000000fc ) ^ 0x00000000 ]
  [ bitwise reg 1 = ( reg 1 >> 0x00000002 ) ]
  [ payload load 1b @ network header + 1 => reg 9 ]
  [ bitwise reg 9 = ( reg 9 & 0x00000003 ) ^ 0x00000000 ]
  [ lookup reg 1 set __map%d dreg 0 ]
json: [{"vmap": {"key": {"concat": [{"payload": {"protocol": "ip", "field": "dscp"}}, {"payload": {"protocol": "ip", "field": "ecn"}}]}, "data": {"set": [[{"concat": ["cs1", "ect0"]}, {"accept": null}]]}}}]

rule ip inet: meta mark set ip dscp . ip ecn map { cs1 . ect0 : 0x00000003 }
  __map%d t b
  __map%d t 0
  	element 00000008 00000002  : 00000003 0 [end]
  [ payload load 1b @ network header + 1 => reg 1 ]
  [ bitwise reg 1 = ( reg 1 & 0x000000fc ) ^ 0x00000000 ]
  [ bitwise reg 1 = ( reg 1 >> 0x00000002 ) ]
  [ payload load 1b @ network header + 1 => reg 9 ]
  [ bitwise reg 9 = ( reg 9 & 0x00000003 ) ^ 0x00000000 ]
  [ lookup reg 1 set __map%d dreg 1 ]
  [ meta set mark with reg 1 ]
bytecode inet:
  __map%d t b
  __map%d t 0
  	element 00000008 00000002  : 00000003 0 [end]
  [ meta load nfproto => reg 1 ]
  [ cmp eq reg 1 0x00000002 ]
  [ payload load 1b @ network header + 1 => reg 1 ]
  [ bitwise reg 1 = ( reg 1 & 0x000000fc ) ^ 0x00000000 ]
  [ bitwise reg 1 = ( reg 1 >> 0x00000002 ) ]
  [ payload load 1b @ network header + 1 => reg 9 ]
  [ bitwise reg 9 = ( reg 9 & 0x00000003 ) ^ 0x00000000 ]
  [ lookup reg 1 set __map%d dreg 1 ]
  [ meta set mark with reg 1 ]
json: [{"mangle": {"key": {"meta": {"key": "mark"}}, "value": {"map": {"key": {"concat": [{"payload": {"protocol": "ip", "field": "dscp"}}, {"payload": {"protocol": "ip", "field": "ecn"}}]}, "data": {"set": [[{"concat": ["cs1", "ect0"]}, 3]]}}}}}]

# an anonymous interval set or map of a field in one byte holds the
# field's own values, the load shifting it down to them, as 1.1.3 builds
# it; a range up to a shifted field's top ends in an element
rule ip inet: ip dscp { 1-3, 63 }
list: ip dscp { 0x01-0x03, 0x3f }
  __set%d t 7
  __set%d t 0
  	element 00000000  : 1 [end]	element 00000001  : 0 [end]	element 00000004  : 1 [end]	element 0000003f  : 0 [end]	element 00000040  : 1 [end]
  [ payload load 1b @ network header + 1 => reg 1 ]
  [ bitwise reg 1 = ( reg 1 & 0x000000fc ) ^ 0x00000000 ]
  [ bitwise reg 1 = ( reg 1 >> 0x00000002 ) ]
  [ lookup reg 1 set __set%d ]
bytecode inet:
  __set%d t 7
  __set%d t 0
  	element 00000000  : 1 [end]	element 00000001  : 0 [end]	element 00000004  : 1 [end]	element 0000003f  : 0 [end]	element 00000040  : 1 [end]
  [ meta load nfproto => reg 1 ]
  [ cmp eq reg 1 0x00000002 ]
  [ payload load 1b @ network header + 1 => reg 1 ]
  [ bitwise reg 1 = ( reg 1 & 0x000000fc ) ^ 0x00000000 ]
  [ bitwise reg 1 = ( reg 1 >> 0x00000002 ) ]
  [ lookup reg 1 set __set%d ]
json: [{"match": {"op": "==", "left": {"payload": {"protocol": "ip", "field": "dscp"}}, "right": {"set": [{"range": ["lephb", 3]}, 63]}}}]

rule ip inet: ip version != { 0, 6-8 }
  __set%d t 7
  __set%d t 0
  	element 00000000  : 0 [end]	element 00000001  : 1 [end]	element 00000006  : 0 [end]	element 00000009  : 1 [end]
  [ payload load 1b @ network header + 0 => reg 1 ]
  [ bitwise reg 1 = ( reg 1 & 0x000000f0 ) ^ 0x00000000 ]
  [ bitwise reg 1 = ( reg 1 >> 0x00000004 ) ]
  [ lookup reg 1 set __set%d 0x1 ]
bytecode inet:
  __set%d t 7
  __set%d t 0
  	element 00000000  : 0 [end]	element 00000001  : 1 [end]	element 00000006  : 0 [end]	element 00000009  : 1 [end]
  [ meta load nfproto => reg 1 ]
  [ cmp eq reg 1 0x00000002 ]
  [ payload load 1b @ network header + 0 => reg 1 ]
  [ bitwise reg 1 = ( reg 1 & 0x000000f0 ) ^ 0x00000000 ]
  [ bitwise reg 1 = ( reg 1 >> 0x00000004 ) ]
  [ lookup reg 1 set __set%d 0x1 ]
json: [{"match": {"op": "!=", "left": {"payload": {"protocol": "ip", "field": "version"}}, "right": {"set": [0, {"range": [6, 8]}]}}}]

rule inet: ip6 ecn { 0-1, 3 }
list: ip6 ecn { 0x0-0x1, ce }
  __set%d t 7
  __set%d t 0
  	element 00000000  : 0 [end]	element 00000002  : 1 [end]	element 00000003  : 0 [end]	element 00000004  : 1 [end]
  [ meta load nfproto => reg 1 ]
  [ cmp eq reg 1 0x0000000a ]
  [ payload load 1b @ network header + 1 => reg 1 ]
  [ bitwise reg 1 = ( reg 1 & 0x00000030 ) ^ 0x00000000 ]
  [ bitwise reg 1 = ( reg 1 >> 0x00000004 ) ]
  [ lookup reg 1 set __set%d ]
json: [{"match": {"op": "==", "left": {"payload": {"protocol": "ip6", "field": "ecn"}}, "right": {"set": [{"range": ["not-ect", "ect1"]}, "ce"]}}}]

rule ip inet: ip dscp vmap { 1-3 : accept, 5 : drop }
list: ip dscp vmap { 0x01-0x03 : accept, 0x05 : drop }
  __map%d t f
  __map%d t 0
  	element 00000000  : 1 [end]	element 00000001  : accept 0 [end]	element 00000004  : 1 [end]	element 00000005  : drop 0 [end]	element 00000006  : 1 [end]
  [ payload load 1b @ network header + 1 => reg 1 ]
  [ bitwise reg 1 = ( reg 1 & 0x000000fc ) ^ 0x00000000 ]
  [ bitwise reg 1 = ( reg 1 >> 0x00000002 ) ]
  [ lookup reg 1 set __map%d dreg 0 ]
bytecode inet:
  __map%d t f
  __map%d t 0
  	element 00000000  : 1 [end]	element 00000001  : accept 0 [end]	element 00000004  : 1 [end]	element 00000005  : drop 0 [end]	element 00000006  : 1 [end]
  [ meta load nfproto => reg 1 ]
  [ cmp eq reg 1 0x00000002 ]
  [ payload load 1b @ network header + 1 => reg 1 ]
  [ bitwise reg 1 = ( reg 1 & 0x000000fc ) ^ 0x00000000 ]
  [ bitwise reg 1 = ( reg 1 >> 0x00000002 ) ]
  [ lookup reg 1 set __map%d dreg 0 ]
json: [{"vmap": {"key": {"payload": {"protocol": "ip", "field": "dscp"}}, "data": {"set": [[{"range": ["lephb", 3]}, {"accept": null}], [5, {"drop": null}]]}}}]

rule ip inet: meta mark set ip dscp map { 1-3 : 1, 5 : 2 }
list: meta mark set ip dscp map { 0x01-0x03 : 0x00000001, 0x05 : 0x00000002 }
  __map%d t f
  __map%d t 0
  	element 00000000  : 1 [end]	element 00000001  : 00000001 0 [end]	element 00000004  : 1 [end]	element 00000005  : 00000002 0 [end]	element 00000006  : 1 [end]
  [ payload load 1b @ network header + 1 => reg 1 ]
  [ bitwise reg 1 = ( reg 1 & 0x000000fc ) ^ 0x00000000 ]
  [ bitwise reg 1 = ( reg 1 >> 0x00000002 ) ]
  [ lookup reg 1 set __map%d dreg 1 ]
  [ meta set mark with reg 1 ]
bytecode inet:
  __map%d t f
  __map%d t 0
  	element 00000000  : 1 [end]	element 00000001  : 00000001 0 [end]	element 00000004  : 1 [end]	element 00000005  : 00000002 0 [end]	element 00000006  : 1 [end]
  [ meta load nfproto => reg 1 ]
  [ cmp eq reg 1 0x00000002 ]
  [ payload load 1b @ network header + 1 => reg 1 ]
  [ bitwise reg 1 = ( reg 1 & 0x000000fc ) ^ 0x00000000 ]
  [ bitwise reg 1 = ( reg 1 >> 0x00000002 ) ]
  [ lookup reg 1 set __map%d dreg 1 ]
  [ meta set mark with reg 1 ]
json: [{"mangle": {"key": {"meta": {"key": "mark"}}, "value": {"map": {"key": {"payload": {"protocol": "ip", "field": "dscp"}}, "data": {"set": [[{"range": ["lephb", 3]}, 1], [5, 2]]}}}}}]

# a member of a concatenation in a rule takes values up to the field's
# bits and those it is shifted by, as 1.1.3 takes them (ip6 ecn: 0-63)
rule inet: ip6 ecn . ct mark { 4 . 5, 63 . 1 }
list: ip6 ecn . ct mark { 0x3f . 0x00000001, 0x4 . 0x00000005 }
  __set%d t 3
  __set%d t 0
  	element 00000004 00000005  : 0 [end]	element 0000003f 00000001  : 0 [end]
  [ meta load nfproto => reg 1 ]
  [ cmp eq reg 1 0x0000000a ]
  [ payload load 1b @ network header + 1 => reg 1 ]
  [ bitwise reg 1 = ( reg 1 & 0x00000030 ) ^ 0x00000000 ]
  [ bitwise reg 1 = ( reg 1 >> 0x00000004 ) ]
  [ ct load mark => reg 9 ]
  [ lookup reg 1 set __set%d ]
json: [{"match": {"op": "==", "left": {"concat": [{"payload": {"protocol": "ip6", "field": "ecn"}}, {"ct": {"key": "mark"}}]}, "right": {"set": [{"concat": [63, 1]}, {"concat": [4, 5]}]}}}]

fail inet: ip6 ecn . ct mark { 64 . 1 }
