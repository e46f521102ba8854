# anonymous sets in the ip6 family: values, ranges and prefixes inside,
# intervals merged as the system nft merges them, != as inverted lookup
family: ip6
table: t
chain: c { type filter hook input priority filter; policy accept; }
chain: target

rule: tcp dport { 22, 80, 8000-8080 }
  __set%d t 7 size 7
  __set%d t 0
  	element 00000000  : 1 [end]	element 00001600  : 0 [end]	element 00001700  : 1 [end]	element 00005000  : 0 [end]	element 00005100  : 1 [end]	element 0000401f  : 0 [end]	element 0000911f  : 1 [end]
  [ meta load l4proto => reg 1 ]
  [ cmp eq reg 1 0x00000006 ]
  [ payload load 2b @ transport header + 2 => reg 1 ]
  [ lookup reg 1 set __set%d ]
json: [{"match": {"op": "==", "left": {"payload": {"protocol": "tcp", "field": "dport"}}, "right": {"set": [22, 80, {"range": [8000, 8080]}]}}}]

rule: tcp dport { 22, 80 } accept
  __set%d t 3 size 2
  __set%d t 0
  	element 00001600  : 0 [end]	element 00005000  : 0 [end]
  [ meta load l4proto => reg 1 ]
  [ cmp eq reg 1 0x00000006 ]
  [ payload load 2b @ transport header + 2 => reg 1 ]
  [ lookup reg 1 set __set%d ]
  [ immediate reg 0 accept ]
json: [{"match": {"op": "==", "left": {"payload": {"protocol": "tcp", "field": "dport"}}, "right": {"set": [22, 80]}}}, {"accept": null}]

rule: tcp dport != { 22, 80-90 }
  __set%d t 7 size 5
  __set%d t 0
  	element 00000000  : 1 [end]	element 00001600  : 0 [end]	element 00001700  : 1 [end]	element 00005000  : 0 [end]	element 00005b00  : 1 [end]
  [ meta load l4proto => reg 1 ]
  [ cmp eq reg 1 0x00000006 ]
  [ payload load 2b @ transport header + 2 => reg 1 ]
  [ lookup reg 1 set __set%d 0x1 ]
json: [{"match": {"op": "!=", "left": {"payload": {"protocol": "tcp", "field": "dport"}}, "right": {"set": [22, {"range": [80, 90]}]}}}]

rule: tcp dport { 22 }
list: tcp dport 22
  [ meta load l4proto => reg 1 ]
  [ cmp eq reg 1 0x00000006 ]
  [ payload load 2b @ transport header + 2 => reg 1 ]
  [ cmp eq reg 1 0x00001600 ]
json: [{"match": {"op": "==", "left": {"payload": {"protocol": "tcp", "field": "dport"}}, "right": 22}}]

rule: tcp dport { 22-23 }
list: tcp dport 22-23
  [ meta load l4proto => reg 1 ]
  [ cmp eq reg 1 0x00000006 ]
  [ payload load 2b @ transport header + 2 => reg 1 ]
  [ cmp gte reg 1 0x00001600 ]
  [ cmp lte reg 1 0x00001700 ]
json: [{"match": {"op": "==", "left": {"payload": {"protocol": "tcp", "field": "dport"}}, "right": {"range": [22, 23]}}}]

rule: tcp dport { 22-30, 25-40, 80 }
list: tcp dport { 22-40, 80 }
  __set%d t 7 size 5
  __set%d t 0
  	element 00000000  : 1 [end]	element 00001600  : 0 [end]	element 00002900  : 1 [end]	element 00005000  : 0 [end]	element 00005100  : 1 [end]
  [ meta load l4proto => reg 1 ]
  [ cmp eq reg 1 0x00000006 ]
  [ payload load 2b @ transport header + 2 => reg 1 ]
  [ lookup reg 1 set __set%d ]
json: [{"match": {"op": "==", "left": {"payload": {"protocol": "tcp", "field": "dport"}}, "right": {"set": [{"range": [22, 40]}, 80]}}}]

rule: tcp dport { 22-30, 31-40, 80 }
list: tcp dport { 22-40, 80 }
  __set%d t 7 size 5
  __set%d t 0
  	element 00000000  : 1 [end]	element 00001600  : 0 [end]	element 00002900  : 1 [end]	element 00005000  : 0 [end]	element 00005100  : 1 [end]
  [ meta load l4proto => reg 1 ]
  [ cmp eq reg 1 0x00000006 ]
  [ payload load 2b @ transport header + 2 => reg 1 ]
  [ lookup reg 1 set __set%d ]
json: [{"match": {"op": "==", "left": {"payload": {"protocol": "tcp", "field": "dport"}}, "right": {"set": [{"range": [22, 40]}, 80]}}}]

rule: tcp dport { 22-30, 25, 80 }
list: tcp dport { 22-30, 80 }
  __set%d t 7 size 5
  __set%d t 0
  	element 00000000  : 1 [end]	element 00001600  : 0 [end]	element 00001f00  : 1 [end]	element 00005000  : 0 [end]	element 00005100  : 1 [end]
  [ meta load l4proto => reg 1 ]
  [ cmp eq reg 1 0x00000006 ]
  [ payload load 2b @ transport header + 2 => reg 1 ]
  [ lookup reg 1 set __set%d ]
json: [{"match": {"op": "==", "left": {"payload": {"protocol": "tcp", "field": "dport"}}, "right": {"set": [{"range": [22, 30]}, 80]}}}]

rule: tcp dport { 0-10, 20 }
  __set%d t 7 size 4
  __set%d t 0
  	element 00000000  : 0 [end]	element 00000b00  : 1 [end]	element 00001400  : 0 [end]	element 00001500  : 1 [end]
  [ meta load l4proto => reg 1 ]
  [ cmp eq reg 1 0x00000006 ]
  [ payload load 2b @ transport header + 2 => reg 1 ]
  [ lookup reg 1 set __set%d ]
json: [{"match": {"op": "==", "left": {"payload": {"protocol": "tcp", "field": "dport"}}, "right": {"set": [{"range": [0, 10]}, 20]}}}]

rule: tcp dport { 20, 65000-65535 }
  __set%d t 7 size 5
  __set%d t 0
  	element 00000000  : 1 [end]	element 00001400  : 0 [end]	element 00001500  : 1 [end]	element 0000e8fd  : 0 [end]  userdata = { \x01\x04\x01\x00\x00\x00 }
  [ meta load l4proto => reg 1 ]
  [ cmp eq reg 1 0x00000006 ]
  [ payload load 2b @ transport header + 2 => reg 1 ]
  [ lookup reg 1 set __set%d ]
json: [{"match": {"op": "==", "left": {"payload": {"protocol": "tcp", "field": "dport"}}, "right": {"set": [20, {"range": [65000, 65535]}]}}}]

rule: udp sport != { 53, 123 }
  __set%d t 3 size 2
  __set%d t 0
  	element 00003500  : 0 [end]	element 00007b00  : 0 [end]
  [ meta load l4proto => reg 1 ]
  [ cmp eq reg 1 0x00000011 ]
  [ payload load 2b @ transport header + 0 => reg 1 ]
  [ lookup reg 1 set __set%d 0x1 ]
json: [{"match": {"op": "!=", "left": {"payload": {"protocol": "udp", "field": "sport"}}, "right": {"set": [53, 123]}}}]

rule: tcp sport { 1024-65535 } tcp dport { 22, 443 } counter accept
list: tcp sport 1024-65535 tcp dport { 22, 443 } counter packets 0 bytes 0 accept
  __set%d t 3 size 2
  __set%d t 0
  	element 00001600  : 0 [end]	element 0000bb01  : 0 [end]
  [ meta load l4proto => reg 1 ]
  [ cmp eq reg 1 0x00000006 ]
  [ payload load 2b @ transport header + 0 => reg 1 ]
  [ cmp gte reg 1 0x00000004 ]
  [ cmp lte reg 1 0x0000ffff ]
  [ payload load 2b @ transport header + 2 => reg 1 ]
  [ lookup reg 1 set __set%d ]
  [ counter pkts 0 bytes 0 ]
  [ immediate reg 0 accept ]
json: [{"match": {"op": "==", "left": {"payload": {"protocol": "tcp", "field": "sport"}}, "right": {"range": [1024, 65535]}}}, {"match": {"op": "==", "left": {"payload": {"protocol": "tcp", "field": "dport"}}, "right": {"set": [22, 443]}}}, {"counter": {"packets": 0, "bytes": 0}}, {"accept": null}]

rule: ip6 daddr { ::1, fe80::/10 }
  __set%d t 7 size 5
  __set%d t 0
  	element 00000000 00000000 00000000 00000000  : 1 [end]	element 00000000 00000000 00000000 01000000  : 0 [end]	element 00000000 00000000 00000000 02000000  : 1 [end]	element 000080fe 00000000 00000000 00000000  : 0 [end]	element 0000c0fe 00000000 00000000 00000000  : 1 [end]
  [ payload load 16b @ network header + 24 => reg 1 ]
  [ lookup reg 1 set __set%d ]
json: [{"match": {"op": "==", "left": {"payload": {"protocol": "ip6", "field": "daddr"}}, "right": {"set": ["::1", {"prefix": {"addr": "fe80::", "len": 10}}]}}}]

rule: ip6 saddr != { 2001:db8::/32, ::1 }
list: ip6 saddr != { ::1, 2001:db8::/32 }
  __set%d t 7 size 5
  __set%d t 0
  	element 00000000 00000000 00000000 00000000  : 1 [end]	element 00000000 00000000 00000000 01000000  : 0 [end]	element 00000000 00000000 00000000 02000000  : 1 [end]	element b80d0120 00000000 00000000 00000000  : 0 [end]	element b90d0120 00000000 00000000 00000000  : 1 [end]
  [ payload load 16b @ network header + 8 => reg 1 ]
  [ lookup reg 1 set __set%d 0x1 ]
json: [{"match": {"op": "!=", "left": {"payload": {"protocol": "ip6", "field": "saddr"}}, "right": {"set": ["::1", {"prefix": {"addr": "2001:db8::", "len": 32}}]}}}]

rule: ip6 nexthdr { tcp, udp }
  __set%d t 3 size 2
  __set%d t 0
  	element 00000006  : 0 [end]	element 00000011  : 0 [end]
  [ payload load 1b @ network header + 6 => reg 1 ]
  [ lookup reg 1 set __set%d ]
json: [{"match": {"op": "==", "left": {"payload": {"protocol": "ip6", "field": "nexthdr"}}, "right": {"set": ["tcp", "udp"]}}}]

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

fail: tcp dport { }

fail: tcp dport { 22, 70000 }

fail: tcp dport < { 22, 80 }

fail: tcp dport { 22, 30-20 }

fail: ip saddr { 1.2.3.4, 1.2.3.0/33 }

fail: iifname { "eth0", 22-23 }

rule: ip6 saddr . udp dport { ::1 . 53, fe80::/64 . 123 }
  __set%d t 87 size 2
  __set%d t 0
  	element 00000000 00000000 00000000 01000000 00003500  - 00000000 00000000 00000000 01000000 00003500  : 0 [end]	element 000080fe 00000000 00000000 00000000 00007b00  - 000080fe 00000000 ffffffff ffffffff 00007b00  : 0 [end]
  [ meta load l4proto => reg 1 ]
  [ cmp eq reg 1 0x00000011 ]
  [ payload load 16b @ network header + 8 => reg 1 ]
  [ payload load 2b @ transport header + 2 => reg 2 ]
  [ lookup reg 1 set __set%d ]
json: [{"match": {"op": "==", "left": {"concat": [{"payload": {"protocol": "ip6", "field": "saddr"}}, {"payload": {"protocol": "udp", "field": "dport"}}]}, "right": {"set": [{"concat": ["::1", 53]}, {"concat": [{"prefix": {"addr": "fe80::", "len": 64}}, 123]}]}}}]

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
