# anonymous sets in the arp family: values, ranges and prefixes inside,
# intervals merged as the system nft merges them, != as inverted lookup
family: arp
table: t
chain: c { type filter hook input priority filter; policy accept; }
chain: target

rule: meta l4proto { tcp, udp }
  __set%d t 3 size 2
  __set%d t 0
  	element 00000006  : 0 [end]	element 00000011  : 0 [end]
  [ meta load l4proto => reg 1 ]
  [ lookup reg 1 set __set%d ]
json: [{"match": {"op": "==", "left": {"meta": {"key": "l4proto"}}, "right": {"set": ["tcp", "udp"]}}}]

rule: iifname { "eth0", "eth1" }
  __set%d t 3 size 2
  __set%d t 0
  	element 30687465 00000000 00000000 00000000  : 0 [end]	element 31687465 00000000 00000000 00000000  : 0 [end]
  [ meta load iifname => reg 1 ]
  [ lookup reg 1 set __set%d ]
json: [{"match": {"op": "==", "left": {"meta": {"key": "iifname"}}, "right": {"set": ["eth0", "eth1"]}}}]

rule: oifname != { "lo", "veth0" } drop
  __set%d t 3 size 2
  __set%d t 0
  	element 00006f6c 00000000 00000000 00000000  : 0 [end]	element 68746576 00000030 00000000 00000000  : 0 [end]
  [ meta load oifname => reg 1 ]
  [ lookup reg 1 set __set%d 0x1 ]
  [ immediate reg 0 drop ]
json: [{"match": {"op": "!=", "left": {"meta": {"key": "oifname"}}, "right": {"set": ["lo", "veth0"]}}}, {"drop": null}]

rule: meta mark { 0x00000001, 0x00000010-0x00000020 }
  __set%d t 7 size 5
  __set%d t 0
  	element 00000000  : 1 [end]	element 01000000  : 0 [end]	element 02000000  : 1 [end]	element 10000000  : 0 [end]	element 21000000  : 1 [end]
  [ meta load mark => reg 1 ]
  [ byteorder reg 1 = hton(reg 1, 4, 4) ]
  [ lookup reg 1 set __set%d ]
json: [{"match": {"op": "==", "left": {"meta": {"key": "mark"}}, "right": {"set": [1, {"range": [16, 32]}]}}}]

rule: meta mark { 0x00000001, 0x00000002, 0x00000003 }
  __set%d t 3 size 3
  __set%d t 0
  	element 00000001  : 0 [end]	element 00000002  : 0 [end]	element 00000003  : 0 [end]
  [ meta load mark => reg 1 ]
  [ lookup reg 1 set __set%d ]
json: [{"match": {"op": "==", "left": {"meta": {"key": "mark"}}, "right": {"set": [1, 2, 3]}}}]

fail: iifname { }

fail: meta mark < { 1, 2 }

# names: wildcards make an interval set over the name's bytes (no byte
# order conversion); a range of names is refused
rule: iifname { "eth0", "ppp*" }
  __set%d t 7 size 5
  __set%d t 0
  	element 00000000 00000000 00000000 00000000  : 1 [end]	element 30687465 00000000 00000000 00000000  : 0 [end]	element 30687465 00000000 00000000 01000000  : 1 [end]	element 00707070 00000000 00000000 00000000  : 0 [end]	element 00717070 00000000 00000000 00000000  : 1 [end]
  [ meta load iifname => reg 1 ]
  [ lookup reg 1 set __set%d ]
json: [{"match": {"op": "==", "left": {"meta": {"key": "iifname"}}, "right": {"set": ["eth0", "ppp*"]}}}]

rule: oifname != { "br-*", "lo", "veth*" } drop
  __set%d t 7 size 7
  __set%d t 0
  	element 00000000 00000000 00000000 00000000  : 1 [end]	element 002d7262 00000000 00000000 00000000  : 0 [end]	element 002e7262 00000000 00000000 00000000  : 1 [end]	element 00006f6c 00000000 00000000 00000000  : 0 [end]	element 00006f6c 00000000 00000000 01000000  : 1 [end]	element 68746576 00000000 00000000 00000000  : 0 [end]	element 69746576 00000000 00000000 00000000  : 1 [end]
  [ meta load oifname => reg 1 ]
  [ lookup reg 1 set __set%d 0x1 ]
  [ immediate reg 0 drop ]
json: [{"match": {"op": "!=", "left": {"meta": {"key": "oifname"}}, "right": {"set": ["br-*", "lo", "veth*"]}}}, {"drop": null}]
