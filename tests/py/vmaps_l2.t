# verdict maps and maps in the bridge, netdev and arp families, where
# network headers need their protocol dependencies
families: bridge netdev arp
table: t
chain: c { type filter hook input priority filter; policy accept; }
chain netdev: c { type filter hook ingress device "v0" priority filter; policy accept; }
chain: target
veth netdev: v0 v1

rule bridge netdev: ether saddr vmap { 00:11:22:33:44:55 : accept, 00:11:22:33:44:66 : drop }
  __map%d t b
  __map%d t 0
  	element 33221100 00005544  : accept 0 [end]	element 33221100 00006644  : drop 0 [end]
  [ payload load 6b @ link header + 6 => reg 1 ]
  [ lookup reg 1 set __map%d dreg 0 ]
bytecode netdev:
  __map%d t b
  __map%d t 0
  	element 33221100 00005544  : accept 0 [end]	element 33221100 00006644  : drop 0 [end]
  [ meta load iiftype => reg 1 ]
  [ cmp eq reg 1 0x00000001 ]
  [ payload load 6b @ link header + 6 => reg 1 ]
  [ lookup reg 1 set __map%d dreg 0 ]
json: [{"vmap": {"key": {"payload": {"protocol": "ether", "field": "saddr"}}, "data": {"set": [["00:11:22:33:44:55", {"accept": null}], ["00:11:22:33:44:66", {"drop": null}]]}}}]

rule bridge netdev: ip saddr vmap { 10.0.0.1 : accept, 10.0.1.0/24 : jump target }
  __map%d t f
  __map%d t 0
  	element 00000000  : 1 [end]	element 0100000a  : accept 0 [end]	element 0200000a  : 1 [end]	element 0001000a  : jump -> target 0 [end]	element 0002000a  : 1 [end]
  [ meta load protocol => reg 1 ]
  [ cmp eq reg 1 0x00000008 ]
  [ payload load 4b @ network header + 12 => reg 1 ]
  [ lookup reg 1 set __map%d dreg 0 ]
json: [{"vmap": {"key": {"payload": {"protocol": "ip", "field": "saddr"}}, "data": {"set": [["10.0.0.1", {"accept": null}], [{"prefix": {"addr": "10.0.1.0", "len": 24}}, {"jump": {"target": "target"}}]]}}}]

rule bridge netdev: tcp dport vmap { 22 : accept, 80-90 : drop }
  __map%d t f
  __map%d t 0
  	element 00000000  : 1 [end]	element 00001600  : accept 0 [end]	element 00001700  : 1 [end]	element 00005000  : drop 0 [end]	element 00005b00  : 1 [end]
  [ meta load l4proto => reg 1 ]
  [ cmp eq reg 1 0x00000006 ]
  [ payload load 2b @ transport header + 2 => reg 1 ]
  [ lookup reg 1 set __map%d dreg 0 ]
json: [{"vmap": {"key": {"payload": {"protocol": "tcp", "field": "dport"}}, "data": {"set": [[22, {"accept": null}], [{"range": [80, 90]}, {"drop": null}]]}}}]

rule bridge netdev: ip6 saddr . udp dport vmap { ::1 . 53 : accept }
  __map%d t b
  __map%d t 0
  	element 00000000 00000000 00000000 01000000 00003500  : accept 0 [end]
  [ meta load protocol => reg 1 ]
  [ cmp eq reg 1 0x0000dd86 ]
  [ meta load l4proto => reg 1 ]
  [ cmp eq reg 1 0x00000011 ]
  [ payload load 16b @ network header + 8 => reg 1 ]
  [ payload load 2b @ transport header + 2 => reg 2 ]
  [ lookup reg 1 set __map%d dreg 0 ]
json: [{"vmap": {"key": {"concat": [{"payload": {"protocol": "ip6", "field": "saddr"}}, {"payload": {"protocol": "udp", "field": "dport"}}]}, "data": {"set": [[{"concat": ["::1", 53]}, {"accept": null}]]}}}]

rule bridge: meta mark set vlan id map { 1 : 1, 2-10 : 2 }
list: meta mark set vlan id map { 1 : 0x00000001, 2-10 : 0x00000002 }
  __map%d t f
  __map%d t 0
  	element 00000000  : 1 [end]	element 00000100  : 00000001 0 [end]	element 00000200  : 00000002 0 [end]	element 00000b00  : 1 [end]
  [ payload load 2b @ link header + 12 => reg 1 ]
  [ cmp eq reg 1 0x00000081 ]
  [ payload load 2b @ link header + 14 => reg 1 ]
  [ bitwise reg 1 = ( reg 1 & 0x0000ff0f ) ^ 0x00000000 ]
  [ lookup reg 1 set __map%d dreg 1 ]
  [ meta set mark with reg 1 ]
json: [{"mangle": {"key": {"meta": {"key": "mark"}}, "value": {"map": {"key": {"payload": {"protocol": "vlan", "field": "id"}}, "data": {"set": [[1, 1], [{"range": [2, 10]}, 2]]}}}}}]

rule netdev: meta mark set ip saddr map { 10.0.0.1 : 1 }
list: meta mark set ip saddr map { 10.0.0.1 : 0x00000001 }
  __map%d t b
  __map%d t 0
  	element 0100000a  : 00000001 0 [end]
  [ meta load protocol => reg 1 ]
  [ cmp eq reg 1 0x00000008 ]
  [ payload load 4b @ network header + 12 => reg 1 ]
  [ lookup reg 1 set __map%d dreg 1 ]
  [ meta set mark with reg 1 ]
json: [{"mangle": {"key": {"meta": {"key": "mark"}}, "value": {"map": {"key": {"payload": {"protocol": "ip", "field": "saddr"}}, "data": {"set": [["10.0.0.1", 1]]}}}}}]

rule arp: arp operation vmap { request : accept, reply : drop }
  __map%d t b
  __map%d t 0
  	element 00000100  : accept 0 [end]	element 00000200  : drop 0 [end]
  [ payload load 2b @ network header + 6 => reg 1 ]
  [ lookup reg 1 set __map%d dreg 0 ]
json: [{"vmap": {"key": {"payload": {"protocol": "arp", "field": "operation"}}, "data": {"set": [["request", {"accept": null}], ["reply", {"drop": null}]]}}}]

rule arp: meta mark set arp operation map { request : 1, reply : 2 }
list: meta mark set arp operation map { request : 0x00000001, reply : 0x00000002 }
  __map%d t b
  __map%d t 0
  	element 00000100  : 00000001 0 [end]	element 00000200  : 00000002 0 [end]
  [ payload load 2b @ network header + 6 => reg 1 ]
  [ lookup reg 1 set __map%d dreg 1 ]
  [ meta set mark with reg 1 ]
json: [{"mangle": {"key": {"meta": {"key": "mark"}}, "value": {"map": {"key": {"payload": {"protocol": "arp", "field": "operation"}}, "data": {"set": [["request", 1], ["reply", 2]]}}}}}]

rule netdev: udp dport 53 ether saddr set aa:bb:cc:dd:ff:ee ether daddr set numgen inc mod 2 map { 0 : aa:aa:aa:aa:aa:aa, 1 : bb:bb:bb:bb:bb:bb }
  __map%d t b
  __map%d t 0
  	element 00000000  : aaaaaaaa 0000aaaa 0 [end]	element 00000001  : bbbbbbbb 0000bbbb 0 [end]
  [ meta load l4proto => reg 1 ]
  [ cmp eq reg 1 0x00000011 ]
  [ payload load 2b @ transport header + 2 => reg 1 ]
  [ cmp eq reg 1 0x00003500 ]
  [ meta load iiftype => reg 1 ]
  [ cmp eq reg 1 0x00000001 ]
  [ immediate reg 1 0xddccbbaa 0x0000eeff ]
  [ payload write reg 1 => 6b @ link header + 6 csum_type 0 csum_off 0 csum_flags 0x0 ]
  [ numgen reg 1 = inc mod 2 ]
  [ lookup reg 1 set __map%d dreg 1 ]
  [ payload write reg 1 => 6b @ link header + 0 csum_type 0 csum_off 0 csum_flags 0x0 ]
json: [{"match": {"op": "==", "left": {"payload": {"protocol": "udp", "field": "dport"}}, "right": 53}}, {"mangle": {"key": {"payload": {"protocol": "ether", "field": "saddr"}}, "value": "aa:bb:cc:dd:ff:ee"}}, {"mangle": {"key": {"payload": {"protocol": "ether", "field": "daddr"}}, "value": {"map": {"key": {"numgen": {"mode": "inc", "mod": 2, "offset": 0}}, "data": {"set": [[0, "aa:aa:aa:aa:aa:aa"], [1, "bb:bb:bb:bb:bb:bb"]]}}}}}]

rule netdev: tcp dport 80 ether daddr set jhash ip saddr . tcp sport mod 2 map { 0 : aa:aa:aa:aa:aa:aa, 1 : bb:bb:bb:bb:bb:bb }
  __map%d t b
  __map%d t 0
  	element 00000000  : aaaaaaaa 0000aaaa 0 [end]	element 00000001  : bbbbbbbb 0000bbbb 0 [end]
  [ meta load l4proto => reg 1 ]
  [ cmp eq reg 1 0x00000006 ]
  [ payload load 2b @ transport header + 2 => reg 1 ]
  [ cmp eq reg 1 0x00005000 ]
  [ meta load iiftype => reg 1 ]
  [ cmp eq reg 1 0x00000001 ]
  [ payload load 2b @ link header + 12 => reg 1 ]
  [ cmp eq reg 1 0x00000008 ]
  [ payload load 4b @ network header + 12 => reg 2 ]
  [ payload load 2b @ transport header + 0 => reg 13 ]
  [ hash reg 1 = jhash(reg 2, 8, 0x0) % mod 2 ]
  [ lookup reg 1 set __map%d dreg 1 ]
  [ payload write reg 1 => 6b @ link header + 0 csum_type 0 csum_off 0 csum_flags 0x0 ]
json: [{"match": {"op": "==", "left": {"payload": {"protocol": "tcp", "field": "dport"}}, "right": 80}}, {"mangle": {"key": {"payload": {"protocol": "ether", "field": "daddr"}}, "value": {"map": {"key": {"jhash": {"mod": 2, "expr": {"concat": [{"payload": {"protocol": "ip", "field": "saddr"}}, {"payload": {"protocol": "tcp", "field": "sport"}}]}}}, "data": {"set": [[0, "aa:aa:aa:aa:aa:aa"], [1, "bb:bb:bb:bb:bb:bb"]]}}}}}]
