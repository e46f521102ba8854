# vlan tags in the bridge family
family: bridge
table: t
chain: c { type filter hook input priority filter; policy accept; }
chain: target

rule: vlan id 5
  [ payload load 2b @ link header + 12 => reg 1 ]
  [ cmp eq reg 1 0x00000081 ]
  [ payload load 2b @ link header + 14 => reg 1 ]
  [ bitwise reg 1 = ( reg 1 & 0x0000ff0f ) ^ 0x00000000 ]
  [ cmp eq reg 1 0x00000500 ]
json: [{"match": {"op": "==", "left": {"payload": {"protocol": "vlan", "field": "id"}}, "right": 5}}]

rule: vlan id 4094
  [ payload load 2b @ link header + 12 => reg 1 ]
  [ cmp eq reg 1 0x00000081 ]
  [ payload load 2b @ link header + 14 => reg 1 ]
  [ bitwise reg 1 = ( reg 1 & 0x0000ff0f ) ^ 0x00000000 ]
  [ cmp eq reg 1 0x0000fe0f ]
json: [{"match": {"op": "==", "left": {"payload": {"protocol": "vlan", "field": "id"}}, "right": 4094}}]

rule: vlan id != 1
  [ payload load 2b @ link header + 12 => reg 1 ]
  [ cmp eq reg 1 0x00000081 ]
  [ payload load 2b @ link header + 14 => reg 1 ]
  [ bitwise reg 1 = ( reg 1 & 0x0000ff0f ) ^ 0x00000000 ]
  [ cmp neq reg 1 0x00000100 ]
json: [{"match": {"op": "!=", "left": {"payload": {"protocol": "vlan", "field": "id"}}, "right": 1}}]

rule: vlan pcp 3
  [ payload load 2b @ link header + 12 => reg 1 ]
  [ cmp eq reg 1 0x00000081 ]
  [ payload load 1b @ link header + 14 => reg 1 ]
  [ bitwise reg 1 = ( reg 1 & 0x000000e0 ) ^ 0x00000000 ]
  [ cmp eq reg 1 0x00000060 ]
json: [{"match": {"op": "==", "left": {"payload": {"protocol": "vlan", "field": "pcp"}}, "right": 3}}]

rule: vlan dei 1
  [ payload load 2b @ link header + 12 => reg 1 ]
  [ cmp eq reg 1 0x00000081 ]
  [ payload load 1b @ link header + 14 => reg 1 ]
  [ bitwise reg 1 = ( reg 1 & 0x00000010 ) ^ 0x00000000 ]
  [ cmp eq reg 1 0x00000010 ]
json: [{"match": {"op": "==", "left": {"payload": {"protocol": "vlan", "field": "dei"}}, "right": 1}}]

rule: vlan type ip
list: ether type 8021q vlan type ip
  [ payload load 2b @ link header + 12 => reg 1 ]
  [ cmp eq reg 1 0x00000081 ]
  [ payload load 2b @ link header + 16 => reg 1 ]
  [ cmp eq reg 1 0x00000008 ]
json: [{"match": {"op": "==", "left": {"payload": {"protocol": "ether", "field": "type"}}, "right": "8021q"}}, {"match": {"op": "==", "left": {"payload": {"protocol": "vlan", "field": "type"}}, "right": "ip"}}]

rule: vlan type arp
list: ether type 8021q vlan type arp
  [ payload load 2b @ link header + 12 => reg 1 ]
  [ cmp eq reg 1 0x00000081 ]
  [ payload load 2b @ link header + 16 => reg 1 ]
  [ cmp eq reg 1 0x00000608 ]
json: [{"match": {"op": "==", "left": {"payload": {"protocol": "ether", "field": "type"}}, "right": "8021q"}}, {"match": {"op": "==", "left": {"payload": {"protocol": "vlan", "field": "type"}}, "right": "arp"}}]

rule: ether type vlan vlan id 5
list: vlan id 5
  [ payload load 2b @ link header + 12 => reg 1 ]
  [ cmp eq reg 1 0x00000081 ]
  [ payload load 2b @ link header + 14 => reg 1 ]
  [ bitwise reg 1 = ( reg 1 & 0x0000ff0f ) ^ 0x00000000 ]
  [ cmp eq reg 1 0x00000500 ]
json: [{"match": {"op": "==", "left": {"payload": {"protocol": "vlan", "field": "id"}}, "right": 5}}]

rule: vlan id 5 vlan type 8021q vlan id 6
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

rule: vlan id 1 ip daddr 1.2.3.4
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
