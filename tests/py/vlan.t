# vlan tags
families: ip inet arp bridge netdev
table: t
chain: c { type filter hook input priority filter; policy accept; }
chain netdev: c { type filter hook ingress device "v0" priority filter; policy accept; }
chain: target
veth netdev: v0 v1

rule: vlan id 5
  [ meta load iiftype => reg 1 ]
  [ cmp eq reg 1 0x00000001 ]
  [ payload load 2b @ link header + 12 => reg 1 ]
  [ cmp eq reg 1 0x00000081 ]
  [ payload load 2b @ link header + 14 => reg 1 ]
  [ bitwise reg 1 = ( reg 1 & 0x0000ff0f ) ^ 0x00000000 ]
  [ cmp eq reg 1 0x00000500 ]
bytecode bridge:
  [ payload load 2b @ link header + 12 => reg 1 ]
  [ cmp eq reg 1 0x00000081 ]
  [ payload load 2b @ link header + 14 => reg 1 ]
  [ bitwise reg 1 = ( reg 1 & 0x0000ff0f ) ^ 0x00000000 ]
  [ cmp eq reg 1 0x00000500 ]
json: [{"match": {"op": "==", "left": {"payload": {"protocol": "vlan", "field": "id"}}, "right": 5}}]

rule: vlan id 4094
  [ meta load iiftype => reg 1 ]
  [ cmp eq reg 1 0x00000001 ]
  [ payload load 2b @ link header + 12 => reg 1 ]
  [ cmp eq reg 1 0x00000081 ]
  [ payload load 2b @ link header + 14 => reg 1 ]
  [ bitwise reg 1 = ( reg 1 & 0x0000ff0f ) ^ 0x00000000 ]
  [ cmp eq reg 1 0x0000fe0f ]
bytecode bridge:
  [ payload load 2b @ link header + 12 => reg 1 ]
  [ cmp eq reg 1 0x00000081 ]
  [ payload load 2b @ link header + 14 => reg 1 ]
  [ bitwise reg 1 = ( reg 1 & 0x0000ff0f ) ^ 0x00000000 ]
  [ cmp eq reg 1 0x0000fe0f ]
json: [{"match": {"op": "==", "left": {"payload": {"protocol": "vlan", "field": "id"}}, "right": 4094}}]

rule: vlan id != 1
  [ meta load iiftype => reg 1 ]
  [ cmp eq reg 1 0x00000001 ]
  [ payload load 2b @ link header + 12 => reg 1 ]
  [ cmp eq reg 1 0x00000081 ]
  [ payload load 2b @ link header + 14 => reg 1 ]
  [ bitwise reg 1 = ( reg 1 & 0x0000ff0f ) ^ 0x00000000 ]
  [ cmp neq reg 1 0x00000100 ]
bytecode bridge:
  [ payload load 2b @ link header + 12 => reg 1 ]
  [ cmp eq reg 1 0x00000081 ]
  [ payload load 2b @ link header + 14 => reg 1 ]
  [ bitwise reg 1 = ( reg 1 & 0x0000ff0f ) ^ 0x00000000 ]
  [ cmp neq reg 1 0x00000100 ]
json: [{"match": {"op": "!=", "left": {"payload": {"protocol": "vlan", "field": "id"}}, "right": 1}}]

rule: vlan pcp 3
  [ meta load iiftype => reg 1 ]
  [ cmp eq reg 1 0x00000001 ]
  [ payload load 2b @ link header + 12 => reg 1 ]
  [ cmp eq reg 1 0x00000081 ]
  [ payload load 1b @ link header + 14 => reg 1 ]
  [ bitwise reg 1 = ( reg 1 & 0x000000e0 ) ^ 0x00000000 ]
  [ cmp eq reg 1 0x00000060 ]
bytecode bridge:
  [ payload load 2b @ link header + 12 => reg 1 ]
  [ cmp eq reg 1 0x00000081 ]
  [ payload load 1b @ link header + 14 => reg 1 ]
  [ bitwise reg 1 = ( reg 1 & 0x000000e0 ) ^ 0x00000000 ]
  [ cmp eq reg 1 0x00000060 ]
json: [{"match": {"op": "==", "left": {"payload": {"protocol": "vlan", "field": "pcp"}}, "right": 3}}]

rule: vlan dei 1
  [ meta load iiftype => reg 1 ]
  [ cmp eq reg 1 0x00000001 ]
  [ payload load 2b @ link header + 12 => reg 1 ]
  [ cmp eq reg 1 0x00000081 ]
  [ payload load 1b @ link header + 14 => reg 1 ]
  [ bitwise reg 1 = ( reg 1 & 0x00000010 ) ^ 0x00000000 ]
  [ cmp eq reg 1 0x00000010 ]
bytecode bridge:
  [ payload load 2b @ link header + 12 => reg 1 ]
  [ cmp eq reg 1 0x00000081 ]
  [ payload load 1b @ link header + 14 => reg 1 ]
  [ bitwise reg 1 = ( reg 1 & 0x00000010 ) ^ 0x00000000 ]
  [ cmp eq reg 1 0x00000010 ]
json: [{"match": {"op": "==", "left": {"payload": {"protocol": "vlan", "field": "dei"}}, "right": 1}}]

rule: vlan type ip
list: ether type 8021q vlan type ip
list ip arp: vlan type ip
  [ meta load iiftype => reg 1 ]
  [ cmp eq reg 1 0x00000001 ]
  [ payload load 2b @ link header + 12 => reg 1 ]
  [ cmp eq reg 1 0x00000081 ]
  [ payload load 2b @ link header + 16 => reg 1 ]
  [ cmp eq reg 1 0x00000008 ]
bytecode bridge:
  [ payload load 2b @ link header + 12 => reg 1 ]
  [ cmp eq reg 1 0x00000081 ]
  [ payload load 2b @ link header + 16 => reg 1 ]
  [ cmp eq reg 1 0x00000008 ]
json: [{"match": {"op": "==", "left": {"payload": {"protocol": "ether", "field": "type"}}, "right": "8021q"}}, {"match": {"op": "==", "left": {"payload": {"protocol": "vlan", "field": "type"}}, "right": "ip"}}]
json ip arp: [{"match": {"op": "==", "left": {"payload": {"protocol": "vlan", "field": "type"}}, "right": "ip"}}]

rule: vlan type arp
list: ether type 8021q vlan type arp
list ip arp: vlan type arp
  [ meta load iiftype => reg 1 ]
  [ cmp eq reg 1 0x00000001 ]
  [ payload load 2b @ link header + 12 => reg 1 ]
  [ cmp eq reg 1 0x00000081 ]
  [ payload load 2b @ link header + 16 => reg 1 ]
  [ cmp eq reg 1 0x00000608 ]
bytecode bridge:
  [ payload load 2b @ link header + 12 => reg 1 ]
  [ cmp eq reg 1 0x00000081 ]
  [ payload load 2b @ link header + 16 => reg 1 ]
  [ cmp eq reg 1 0x00000608 ]
json: [{"match": {"op": "==", "left": {"payload": {"protocol": "ether", "field": "type"}}, "right": "8021q"}}, {"match": {"op": "==", "left": {"payload": {"protocol": "vlan", "field": "type"}}, "right": "arp"}}]
json ip arp: [{"match": {"op": "==", "left": {"payload": {"protocol": "vlan", "field": "type"}}, "right": "arp"}}]

rule: ether type vlan vlan id 5
list: vlan id 5
  [ meta load iiftype => reg 1 ]
  [ cmp eq reg 1 0x00000001 ]
  [ payload load 2b @ link header + 12 => reg 1 ]
  [ cmp eq reg 1 0x00000081 ]
  [ payload load 2b @ link header + 14 => reg 1 ]
  [ bitwise reg 1 = ( reg 1 & 0x0000ff0f ) ^ 0x00000000 ]
  [ cmp eq reg 1 0x00000500 ]
bytecode bridge:
  [ payload load 2b @ link header + 12 => reg 1 ]
  [ cmp eq reg 1 0x00000081 ]
  [ payload load 2b @ link header + 14 => reg 1 ]
  [ bitwise reg 1 = ( reg 1 & 0x0000ff0f ) ^ 0x00000000 ]
  [ cmp eq reg 1 0x00000500 ]
json: [{"match": {"op": "==", "left": {"payload": {"protocol": "vlan", "field": "id"}}, "right": 5}}]

# upstream 1.1.3 drops the inner type in ip and arp: its listing "vlan id 5
# vlan id 6" reloads as two tests of the outer tag, which no packet passes
rule: vlan id 5 vlan type 8021q vlan id 6
  [ meta load iiftype => reg 1 ]
  [ cmp eq reg 1 0x00000001 ]
  [ payload load 2b @ link header + 12 => reg 1 ]
  [ cmp eq reg 1 0x00000081 ]
  [ payload load 2b @ link header + 14 => reg 1 ]
  [ bitwise reg 1 = ( reg 1 & 0x0000ff0f ) ^ 0x00000000 ]
  [ cmp eq reg 1 0x00000500 ]
  [ payload load 2b @ link header + 16 => reg 1 ]
  [ cmp eq reg 1 0x00000081 ]
  [ payload load 2b @ link header + 18 => reg 1 ]
  [ bitwise reg 1 = ( reg 1 & 0x0000ff0f ) ^ 0x00000000 ]
  [ cmp eq reg 1 0x00000600 ]
bytecode bridge:
  [ payload load 2b @ link header + 12 => reg 1 ]
  [ cmp eq reg 1 0x00000081 ]
  [ payload load 2b @ link header + 14 => reg 1 ]
  [ bitwise reg 1 = ( reg 1 & 0x0000ff0f ) ^ 0x00000000 ]
  [ cmp eq reg 1 0x00000500 ]
  [ payload load 2b @ link header + 16 => reg 1 ]
  [ cmp eq reg 1 0x00000081 ]
  [ payload load 2b @ link header + 18 => reg 1 ]
  [ bitwise reg 1 = ( reg 1 & 0x0000ff0f ) ^ 0x00000000 ]
  [ cmp eq reg 1 0x00000600 ]
json: [{"match": {"op": "==", "left": {"payload": {"protocol": "vlan", "field": "id"}}, "right": 5}}, {"match": {"op": "==", "left": {"payload": {"protocol": "vlan", "field": "type"}}, "right": "8021q"}}, {"match": {"op": "==", "left": {"payload": {"protocol": "vlan", "field": "id"}}, "right": 6}}]
ref-list: vlan id 5 vlan type 8021q vlan id 6
ref-list ip arp: vlan id 5 vlan id 6
ref-json: [{"match": {"op": "==", "left": {"payload": {"protocol": "vlan", "field": "id"}}, "right": 5}}, {"match": {"op": "==", "left": {"payload": {"protocol": "vlan", "field": "type"}}, "right": "8021q"}}, {"match": {"op": "==", "left": {"payload": {"protocol": "vlan", "field": "id"}}, "right": 6}}]
ref-json ip arp: [{"match": {"op": "==", "left": {"payload": {"protocol": "vlan", "field": "id"}}, "right": 5}}, {"match": {"op": "==", "left": {"payload": {"protocol": "vlan", "field": "id"}}, "right": 6}}]

rule ip inet bridge netdev: vlan id 1 ip daddr 1.2.3.4
  [ meta load iiftype => reg 1 ]
  [ cmp eq reg 1 0x00000001 ]
  [ payload load 2b @ link header + 12 => reg 1 ]
  [ cmp eq reg 1 0x00000081 ]
  [ payload load 2b @ link header + 14 => reg 1 ]
  [ bitwise reg 1 = ( reg 1 & 0x0000ff0f ) ^ 0x00000000 ]
  [ cmp eq reg 1 0x00000100 ]
  [ payload load 2b @ link header + 16 => reg 1 ]
  [ cmp eq reg 1 0x00000008 ]
  [ payload load 4b @ network header + 16 => reg 1 ]
  [ cmp eq reg 1 0x04030201 ]
bytecode ip:
  [ meta load iiftype => reg 1 ]
  [ cmp eq reg 1 0x00000001 ]
  [ payload load 2b @ link header + 12 => reg 1 ]
  [ cmp eq reg 1 0x00000081 ]
  [ payload load 2b @ link header + 14 => reg 1 ]
  [ bitwise reg 1 = ( reg 1 & 0x0000ff0f ) ^ 0x00000000 ]
  [ cmp eq reg 1 0x00000100 ]
  [ payload load 4b @ network header + 16 => reg 1 ]
  [ cmp eq reg 1 0x04030201 ]
bytecode bridge:
  [ payload load 2b @ link header + 12 => reg 1 ]
  [ cmp eq reg 1 0x00000081 ]
  [ payload load 2b @ link header + 14 => reg 1 ]
  [ bitwise reg 1 = ( reg 1 & 0x0000ff0f ) ^ 0x00000000 ]
  [ cmp eq reg 1 0x00000100 ]
  [ payload load 2b @ link header + 16 => reg 1 ]
  [ cmp eq reg 1 0x00000008 ]
  [ payload load 4b @ network header + 16 => reg 1 ]
  [ cmp eq reg 1 0x04030201 ]
json: [{"match": {"op": "==", "left": {"payload": {"protocol": "vlan", "field": "id"}}, "right": 1}}, {"match": {"op": "==", "left": {"payload": {"protocol": "ip", "field": "daddr"}}, "right": "1.2.3.4"}}]

fail: vlan id 4096

fail: vlan pcp 8

# "cfi" is the older name of "dei"
rule: vlan cfi 1
list: vlan dei 1
  [ meta load iiftype => reg 1 ]
  [ cmp eq reg 1 0x00000001 ]
  [ payload load 2b @ link header + 12 => reg 1 ]
  [ cmp eq reg 1 0x00000081 ]
  [ payload load 1b @ link header + 14 => reg 1 ]
  [ bitwise reg 1 = ( reg 1 & 0x00000010 ) ^ 0x00000000 ]
  [ cmp eq reg 1 0x00000010 ]
bytecode bridge:
  [ payload load 2b @ link header + 12 => reg 1 ]
  [ cmp eq reg 1 0x00000081 ]
  [ payload load 1b @ link header + 14 => reg 1 ]
  [ bitwise reg 1 = ( reg 1 & 0x00000010 ) ^ 0x00000000 ]
  [ cmp eq reg 1 0x00000010 ]
json: [{"match": {"op": "==", "left": {"payload": {"protocol": "vlan", "field": "dei"}}, "right": 1}}]

# a protocol key matched against a set or through a map: its dependency
# is implied (1.1.3 lists it only before a single value)
rule inet bridge netdev: vlan type { ip, ip6 }
  __set%d t 3
  __set%d t 0
  	element 00000008  : 0 [end]	element 0000dd86  : 0 [end]
  [ meta load iiftype => reg 1 ]
  [ cmp eq reg 1 0x00000001 ]
  [ payload load 2b @ link header + 12 => reg 1 ]
  [ cmp eq reg 1 0x00000081 ]
  [ payload load 2b @ link header + 16 => reg 1 ]
  [ lookup reg 1 set __set%d ]
bytecode bridge:
  __set%d t 3
  __set%d t 0
  	element 00000008  : 0 [end]	element 0000dd86  : 0 [end]
  [ payload load 2b @ link header + 12 => reg 1 ]
  [ cmp eq reg 1 0x00000081 ]
  [ payload load 2b @ link header + 16 => reg 1 ]
  [ lookup reg 1 set __set%d ]
json: [{"match": {"op": "==", "left": {"payload": {"protocol": "vlan", "field": "type"}}, "right": {"set": ["ip", "ip6"]}}}]

rule inet bridge netdev: vlan type vmap { ip : accept, arp : drop }
  __map%d t b
  __map%d t 0
  	element 00000008  : accept 0 [end]	element 00000608  : drop 0 [end]
  [ meta load iiftype => reg 1 ]
  [ cmp eq reg 1 0x00000001 ]
  [ payload load 2b @ link header + 12 => reg 1 ]
  [ cmp eq reg 1 0x00000081 ]
  [ payload load 2b @ link header + 16 => reg 1 ]
  [ lookup reg 1 set __map%d dreg 0 ]
bytecode bridge:
  __map%d t b
  __map%d t 0
  	element 00000008  : accept 0 [end]	element 00000608  : drop 0 [end]
  [ payload load 2b @ link header + 12 => reg 1 ]
  [ cmp eq reg 1 0x00000081 ]
  [ payload load 2b @ link header + 16 => reg 1 ]
  [ lookup reg 1 set __map%d dreg 0 ]
json: [{"vmap": {"key": {"payload": {"protocol": "vlan", "field": "type"}}, "data": {"set": [["ip", {"accept": null}], ["arp", {"drop": null}]]}}}]

# vlan id ends with its bytes: its mask and the chain are one bitwise
rule bridge netdev: vlan id | 0x100 == 0x101
list: ether type 8021q @ll,112,16 & 0xfff | 0x100 == 0x101
  [ payload load 2b @ link header + 12 => reg 1 ]
  [ cmp eq reg 1 0x00000081 ]
  [ payload load 2b @ link header + 14 => reg 1 ]
  [ bitwise reg 1 = ( reg 1 & 0x0000ff0e ) ^ 0x00000001 ]
  [ cmp eq reg 1 0x00000101 ]
bytecode netdev:
  [ meta load iiftype => reg 1 ]
  [ cmp eq reg 1 0x00000001 ]
  [ payload load 2b @ link header + 12 => reg 1 ]
  [ cmp eq reg 1 0x00000081 ]
  [ payload load 2b @ link header + 14 => reg 1 ]
  [ bitwise reg 1 = ( reg 1 & 0x0000ff0e ) ^ 0x00000001 ]
  [ cmp eq reg 1 0x00000101 ]
json: [{"match": {"op": "==", "left": {"payload": {"protocol": "ether", "field": "type"}}, "right": "8021q"}}, {"match": {"op": "==", "left": {"|": [{"&": [{"payload": {"base": "ll", "offset": 112, "len": 16}}, 4095]}, 256]}, "right": 257}}]

# an ordering of the vlan type lists without its "ether type 8021q"
rule bridge netdev: vlan type < ip
  [ payload load 2b @ link header + 12 => reg 1 ]
  [ cmp eq reg 1 0x00000081 ]
  [ payload load 2b @ link header + 16 => reg 1 ]
  [ cmp lt reg 1 0x00000008 ]
bytecode netdev:
  [ meta load iiftype => reg 1 ]
  [ cmp eq reg 1 0x00000001 ]
  [ payload load 2b @ link header + 12 => reg 1 ]
  [ cmp eq reg 1 0x00000081 ]
  [ payload load 2b @ link header + 16 => reg 1 ]
  [ cmp lt reg 1 0x00000008 ]
json: [{"match": {"op": "<", "left": {"payload": {"protocol": "vlan", "field": "type"}}, "right": "ip"}}]

# a mask on a field shifted down is on its value: it stays
rule bridge netdev: vlan dei & 1 == 1
  [ payload load 2b @ link header + 12 => reg 1 ]
  [ cmp eq reg 1 0x00000081 ]
  [ payload load 1b @ link header + 14 => reg 1 ]
  [ bitwise reg 1 = ( reg 1 & 0x00000010 ) ^ 0x00000000 ]
  [ bitwise reg 1 = ( reg 1 >> 0x00000004 ) ]
  [ bitwise reg 1 = ( reg 1 & 0x00000001 ) ^ 0x00000000 ]
  [ cmp eq reg 1 0x00000001 ]
bytecode netdev:
  [ meta load iiftype => reg 1 ]
  [ cmp eq reg 1 0x00000001 ]
  [ payload load 2b @ link header + 12 => reg 1 ]
  [ cmp eq reg 1 0x00000081 ]
  [ payload load 1b @ link header + 14 => reg 1 ]
  [ bitwise reg 1 = ( reg 1 & 0x00000010 ) ^ 0x00000000 ]
  [ bitwise reg 1 = ( reg 1 >> 0x00000004 ) ]
  [ bitwise reg 1 = ( reg 1 & 0x00000001 ) ^ 0x00000000 ]
  [ cmp eq reg 1 0x00000001 ]
json: [{"match": {"op": "==", "left": {"&": [{"payload": {"protocol": "vlan", "field": "dei"}}, 1]}, "right": 1}}]

rule bridge netdev: vlan pcp & 7 == 1
  [ payload load 2b @ link header + 12 => reg 1 ]
  [ cmp eq reg 1 0x00000081 ]
  [ payload load 1b @ link header + 14 => reg 1 ]
  [ bitwise reg 1 = ( reg 1 & 0x000000e0 ) ^ 0x00000000 ]
  [ bitwise reg 1 = ( reg 1 >> 0x00000005 ) ]
  [ bitwise reg 1 = ( reg 1 & 0x00000007 ) ^ 0x00000000 ]
  [ cmp eq reg 1 0x00000001 ]
bytecode netdev:
  [ meta load iiftype => reg 1 ]
  [ cmp eq reg 1 0x00000001 ]
  [ payload load 2b @ link header + 12 => reg 1 ]
  [ cmp eq reg 1 0x00000081 ]
  [ payload load 1b @ link header + 14 => reg 1 ]
  [ bitwise reg 1 = ( reg 1 & 0x000000e0 ) ^ 0x00000000 ]
  [ bitwise reg 1 = ( reg 1 >> 0x00000005 ) ]
  [ bitwise reg 1 = ( reg 1 & 0x00000007 ) ^ 0x00000000 ]
  [ cmp eq reg 1 0x00000001 ]
json: [{"match": {"op": "==", "left": {"&": [{"payload": {"protocol": "vlan", "field": "pcp"}}, 7]}, "right": 1}}]

# a concatenation's members are named in the rule's context: "ether type"
# in it does not undo the tag its dependency selected
rule: ether type . vlan pcp { 0 . 7 }
list: ether type . vlan pcp { 0x0000 . 7 }
  __set%d t 3
  __set%d t 0
  	element 00000000 00000007  : 0 [end]
  [ meta load iiftype => reg 1 ]
  [ cmp eq reg 1 0x00000001 ]
  [ payload load 2b @ link header + 12 => reg 1 ]
  [ cmp eq reg 1 0x00000081 ]
  [ payload load 2b @ link header + 12 => reg 1 ]
  [ payload load 1b @ link header + 14 => reg 9 ]
  [ bitwise reg 9 = ( reg 9 & 0x000000e0 ) ^ 0x00000000 ]
  [ bitwise reg 9 = ( reg 9 >> 0x00000005 ) ]
  [ lookup reg 1 set __set%d ]
bytecode bridge:
  __set%d t 3
  __set%d t 0
  	element 00000000 00000007  : 0 [end]
  [ payload load 2b @ link header + 12 => reg 1 ]
  [ cmp eq reg 1 0x00000081 ]
  [ payload load 2b @ link header + 12 => reg 1 ]
  [ payload load 1b @ link header + 14 => reg 9 ]
  [ bitwise reg 9 = ( reg 9 & 0x000000e0 ) ^ 0x00000000 ]
  [ bitwise reg 9 = ( reg 9 >> 0x00000005 ) ]
  [ lookup reg 1 set __set%d ]
json: [{"match": {"op": "==", "left": {"concat": [{"payload": {"protocol": "ether", "field": "type"}}, {"payload": {"protocol": "vlan", "field": "pcp"}}]}, "right": {"set": [{"concat": [0, 7]}]}}}]

rule inet: @nh,3,5 . ether type . vlan pcp vmap { 0x10 . 0 . 7 : goto target, 13 . 0 . 0 : accept }
list: @nh,3,5 . ether type . vlan pcp vmap { 0xd . 0x0000 . 0 : accept, 0x10 . 0x0000 . 7 : goto target }
  __map%d t b
  __map%d t 0
  	element 00000010 00000000 00000007  : goto -> target 0 [end]	element 0000000d 00000000 00000000  : accept 0 [end]
  [ meta load iiftype => reg 1 ]
  [ cmp eq reg 1 0x00000001 ]
  [ payload load 2b @ link header + 12 => reg 1 ]
  [ cmp eq reg 1 0x00000081 ]
  [ payload load 1b @ network header + 0 => reg 1 ]
  [ bitwise reg 1 = ( reg 1 & 0x0000001f ) ^ 0x00000000 ]
  [ payload load 2b @ link header + 12 => reg 9 ]
  [ payload load 1b @ link header + 14 => reg 10 ]
  [ bitwise reg 10 = ( reg 10 & 0x000000e0 ) ^ 0x00000000 ]
  [ bitwise reg 10 = ( reg 10 >> 0x00000005 ) ]
  [ lookup reg 1 set __map%d dreg 0 ]
json: [{"vmap": {"key": {"concat": [{"payload": {"base": "nh", "offset": 3, "len": 5}}, {"payload": {"protocol": "ether", "field": "type"}}, {"payload": {"protocol": "vlan", "field": "pcp"}}]}, "data": {"set": [[{"concat": [13, 0, 0]}, {"accept": null}], [{"concat": [16, 0, 7]}, {"goto": {"target": "target"}}]]}}}]
