# ip6 saddr/daddr
families: ip6 inet bridge netdev
table: t
chain: c { type filter hook input priority filter; policy accept; }
chain netdev: c { type filter hook ingress device "v0" priority filter; policy accept; }
chain: target
set: s6 { type ipv6_addr . inet_service; flags interval; elements = { [::1]-[::5] . 22, ::7 . 80-90 }; }
veth netdev: v0 v1

rule: ip6 saddr ::1
  [ meta load protocol => reg 1 ]
  [ cmp eq reg 1 0x0000dd86 ]
  [ payload load 16b @ network header + 8 => reg 1 ]
  [ cmp eq reg 1 0x00000000 0x00000000 0x00000000 0x01000000 ]
bytecode ip6:
  [ payload load 16b @ network header + 8 => reg 1 ]
  [ cmp eq reg 1 0x00000000 0x00000000 0x00000000 0x01000000 ]
bytecode inet:
  [ meta load nfproto => reg 1 ]
  [ cmp eq reg 1 0x0000000a ]
  [ payload load 16b @ network header + 8 => reg 1 ]
  [ cmp eq reg 1 0x00000000 0x00000000 0x00000000 0x01000000 ]
json: [{"match": {"op": "==", "left": {"payload": {"protocol": "ip6", "field": "saddr"}}, "right": "::1"}}]

rule: ip6 daddr fe80::/64
  [ meta load protocol => reg 1 ]
  [ cmp eq reg 1 0x0000dd86 ]
  [ payload load 8b @ network header + 24 => reg 1 ]
  [ cmp eq reg 1 0x000080fe 0x00000000 ]
bytecode ip6:
  [ payload load 8b @ network header + 24 => reg 1 ]
  [ cmp eq reg 1 0x000080fe 0x00000000 ]
bytecode inet:
  [ meta load nfproto => reg 1 ]
  [ cmp eq reg 1 0x0000000a ]
  [ payload load 8b @ network header + 24 => reg 1 ]
  [ cmp eq reg 1 0x000080fe 0x00000000 ]
json: [{"match": {"op": "==", "left": {"payload": {"protocol": "ip6", "field": "daddr"}}, "right": {"prefix": {"addr": "fe80::", "len": 64}}}}]

rule: ip6 saddr 2001:db8::/32 drop
  [ meta load protocol => reg 1 ]
  [ cmp eq reg 1 0x0000dd86 ]
  [ payload load 4b @ network header + 8 => reg 1 ]
  [ cmp eq reg 1 0xb80d0120 ]
  [ immediate reg 0 drop ]
bytecode ip6:
  [ payload load 4b @ network header + 8 => reg 1 ]
  [ cmp eq reg 1 0xb80d0120 ]
  [ immediate reg 0 drop ]
bytecode inet:
  [ meta load nfproto => reg 1 ]
  [ cmp eq reg 1 0x0000000a ]
  [ payload load 4b @ network header + 8 => reg 1 ]
  [ cmp eq reg 1 0xb80d0120 ]
  [ immediate reg 0 drop ]
json: [{"match": {"op": "==", "left": {"payload": {"protocol": "ip6", "field": "saddr"}}, "right": {"prefix": {"addr": "2001:db8::", "len": 32}}}}, {"drop": null}]

rule: ip6 daddr != ::1
  [ meta load protocol => reg 1 ]
  [ cmp eq reg 1 0x0000dd86 ]
  [ payload load 16b @ network header + 24 => reg 1 ]
  [ cmp neq reg 1 0x00000000 0x00000000 0x00000000 0x01000000 ]
bytecode ip6:
  [ payload load 16b @ network header + 24 => reg 1 ]
  [ cmp neq reg 1 0x00000000 0x00000000 0x00000000 0x01000000 ]
bytecode inet:
  [ meta load nfproto => reg 1 ]
  [ cmp eq reg 1 0x0000000a ]
  [ payload load 16b @ network header + 24 => reg 1 ]
  [ cmp neq reg 1 0x00000000 0x00000000 0x00000000 0x01000000 ]
json: [{"match": {"op": "!=", "left": {"payload": {"protocol": "ip6", "field": "daddr"}}, "right": "::1"}}]

rule: ip6 saddr != fd00::/8
  [ meta load protocol => reg 1 ]
  [ cmp eq reg 1 0x0000dd86 ]
  [ payload load 1b @ network header + 8 => reg 1 ]
  [ cmp neq reg 1 0x000000fd ]
bytecode ip6:
  [ payload load 1b @ network header + 8 => reg 1 ]
  [ cmp neq reg 1 0x000000fd ]
bytecode inet:
  [ meta load nfproto => reg 1 ]
  [ cmp eq reg 1 0x0000000a ]
  [ payload load 1b @ network header + 8 => reg 1 ]
  [ cmp neq reg 1 0x000000fd ]
json: [{"match": {"op": "!=", "left": {"payload": {"protocol": "ip6", "field": "saddr"}}, "right": {"prefix": {"addr": "fd00::", "len": 8}}}}]

rule: ip6 daddr == 2001:db8::1:2:3:4
list: ip6 daddr 2001:db8::1:2:3:4
  [ meta load protocol => reg 1 ]
  [ cmp eq reg 1 0x0000dd86 ]
  [ payload load 16b @ network header + 24 => reg 1 ]
  [ cmp eq reg 1 0xb80d0120 0x00000000 0x02000100 0x04000300 ]
bytecode ip6:
  [ payload load 16b @ network header + 24 => reg 1 ]
  [ cmp eq reg 1 0xb80d0120 0x00000000 0x02000100 0x04000300 ]
bytecode inet:
  [ meta load nfproto => reg 1 ]
  [ cmp eq reg 1 0x0000000a ]
  [ payload load 16b @ network header + 24 => reg 1 ]
  [ cmp eq reg 1 0xb80d0120 0x00000000 0x02000100 0x04000300 ]
json: [{"match": {"op": "==", "left": {"payload": {"protocol": "ip6", "field": "daddr"}}, "right": "2001:db8::1:2:3:4"}}]

rule: ip6 saddr 2001:0db8:0000:0000:0000:0000:0000:0001
list: ip6 saddr 2001:db8::1
  [ meta load protocol => reg 1 ]
  [ cmp eq reg 1 0x0000dd86 ]
  [ payload load 16b @ network header + 8 => reg 1 ]
  [ cmp eq reg 1 0xb80d0120 0x00000000 0x00000000 0x01000000 ]
bytecode ip6:
  [ payload load 16b @ network header + 8 => reg 1 ]
  [ cmp eq reg 1 0xb80d0120 0x00000000 0x00000000 0x01000000 ]
bytecode inet:
  [ meta load nfproto => reg 1 ]
  [ cmp eq reg 1 0x0000000a ]
  [ payload load 16b @ network header + 8 => reg 1 ]
  [ cmp eq reg 1 0xb80d0120 0x00000000 0x00000000 0x01000000 ]
json: [{"match": {"op": "==", "left": {"payload": {"protocol": "ip6", "field": "saddr"}}, "right": "2001:db8::1"}}]

rule: ip6 daddr ::ffff:1.2.3.4
  [ meta load protocol => reg 1 ]
  [ cmp eq reg 1 0x0000dd86 ]
  [ payload load 16b @ network header + 24 => reg 1 ]
  [ cmp eq reg 1 0x00000000 0x00000000 0xffff0000 0x04030201 ]
bytecode ip6:
  [ payload load 16b @ network header + 24 => reg 1 ]
  [ cmp eq reg 1 0x00000000 0x00000000 0xffff0000 0x04030201 ]
bytecode inet:
  [ meta load nfproto => reg 1 ]
  [ cmp eq reg 1 0x0000000a ]
  [ payload load 16b @ network header + 24 => reg 1 ]
  [ cmp eq reg 1 0x00000000 0x00000000 0xffff0000 0x04030201 ]
json: [{"match": {"op": "==", "left": {"payload": {"protocol": "ip6", "field": "daddr"}}, "right": "::ffff:1.2.3.4"}}]

rule: ip6 saddr 2001:db8::/48 ip6 daddr 2001:db8:1::/48 counter accept
list: ip6 saddr 2001:db8::/48 ip6 daddr 2001:db8:1::/48 counter packets 0 bytes 0 accept
  [ meta load protocol => reg 1 ]
  [ cmp eq reg 1 0x0000dd86 ]
  [ payload load 6b @ network header + 8 => reg 1 ]
  [ cmp eq reg 1 0xb80d0120 0x00000000 ]
  [ payload load 6b @ network header + 24 => reg 1 ]
  [ cmp eq reg 1 0xb80d0120 0x00000100 ]
  [ counter pkts 0 bytes 0 ]
  [ immediate reg 0 accept ]
bytecode ip6:
  [ payload load 6b @ network header + 8 => reg 1 ]
  [ cmp eq reg 1 0xb80d0120 0x00000000 ]
  [ payload load 6b @ network header + 24 => reg 1 ]
  [ cmp eq reg 1 0xb80d0120 0x00000100 ]
  [ counter pkts 0 bytes 0 ]
  [ immediate reg 0 accept ]
bytecode inet:
  [ meta load nfproto => reg 1 ]
  [ cmp eq reg 1 0x0000000a ]
  [ payload load 6b @ network header + 8 => reg 1 ]
  [ cmp eq reg 1 0xb80d0120 0x00000000 ]
  [ payload load 6b @ network header + 24 => reg 1 ]
  [ cmp eq reg 1 0xb80d0120 0x00000100 ]
  [ counter pkts 0 bytes 0 ]
  [ immediate reg 0 accept ]
json: [{"match": {"op": "==", "left": {"payload": {"protocol": "ip6", "field": "saddr"}}, "right": {"prefix": {"addr": "2001:db8::", "len": 48}}}}, {"match": {"op": "==", "left": {"payload": {"protocol": "ip6", "field": "daddr"}}, "right": {"prefix": {"addr": "2001:db8:1::", "len": 48}}}}, {"counter": {"packets": 0, "bytes": 0}}, {"accept": null}]

rule: ip6 daddr fe80::1/128
list: ip6 daddr fe80::1
  [ meta load protocol => reg 1 ]
  [ cmp eq reg 1 0x0000dd86 ]
  [ payload load 16b @ network header + 24 => reg 1 ]
  [ cmp eq reg 1 0x000080fe 0x00000000 0x00000000 0x01000000 ]
bytecode ip6:
  [ payload load 16b @ network header + 24 => reg 1 ]
  [ cmp eq reg 1 0x000080fe 0x00000000 0x00000000 0x01000000 ]
bytecode inet:
  [ meta load nfproto => reg 1 ]
  [ cmp eq reg 1 0x0000000a ]
  [ payload load 16b @ network header + 24 => reg 1 ]
  [ cmp eq reg 1 0x000080fe 0x00000000 0x00000000 0x01000000 ]
json: [{"match": {"op": "==", "left": {"payload": {"protocol": "ip6", "field": "daddr"}}, "right": "fe80::1"}}]

fail: ip6 saddr ::1/129

fail: ip saddr 1.2.3.4 ip6 daddr ::1

fail: ip6 saddr 1.2.3.4

# ranges in concatenations, and addresses in brackets ("[::1]", as in
# "[::1]:80"), wherever an address goes, as the system nft takes them
rule: ip6 saddr . tcp dport { ::1-::5 . 22, 2001:db8::-2001:db8::5 . 80-90 }
  __set%d t 87
  __set%d t 0
  	element 00000000 00000000 00000000 01000000 00001600  - 00000000 00000000 00000000 05000000 00001600  : 0 [end]	element b80d0120 00000000 00000000 00000000 00005000  - b80d0120 00000000 00000000 05000000 00005a00  : 0 [end]
  [ meta load protocol => reg 1 ]
  [ cmp eq reg 1 0x0000dd86 ]
  [ meta load l4proto => reg 1 ]
  [ cmp eq reg 1 0x00000006 ]
  [ payload load 16b @ network header + 8 => reg 1 ]
  [ payload load 2b @ transport header + 2 => reg 2 ]
  [ lookup reg 1 set __set%d ]
bytecode ip6:
  __set%d t 87
  __set%d t 0
  	element 00000000 00000000 00000000 01000000 00001600  - 00000000 00000000 00000000 05000000 00001600  : 0 [end]	element b80d0120 00000000 00000000 00000000 00005000  - b80d0120 00000000 00000000 05000000 00005a00  : 0 [end]
  [ meta load l4proto => reg 1 ]
  [ cmp eq reg 1 0x00000006 ]
  [ payload load 16b @ network header + 8 => reg 1 ]
  [ payload load 2b @ transport header + 2 => reg 2 ]
  [ lookup reg 1 set __set%d ]
bytecode inet:
  __set%d t 87
  __set%d t 0
  	element 00000000 00000000 00000000 01000000 00001600  - 00000000 00000000 00000000 05000000 00001600  : 0 [end]	element b80d0120 00000000 00000000 00000000 00005000  - b80d0120 00000000 00000000 05000000 00005a00  : 0 [end]
  [ meta load nfproto => reg 1 ]
  [ cmp eq reg 1 0x0000000a ]
  [ meta load l4proto => reg 1 ]
  [ cmp eq reg 1 0x00000006 ]
  [ payload load 16b @ network header + 8 => reg 1 ]
  [ payload load 2b @ transport header + 2 => reg 2 ]
  [ lookup reg 1 set __set%d ]
json: [{"match": {"op": "==", "left": {"concat": [{"payload": {"protocol": "ip6", "field": "saddr"}}, {"payload": {"protocol": "tcp", "field": "dport"}}]}, "right": {"set": [{"concat": [{"range": ["::1", "::5"]}, 22]}, {"concat": [{"range": ["2001:db8::", "2001:db8::5"]}, {"range": [80, 90]}]}]}}}]

rule: ip6 saddr . ip6 daddr { ::1 . ::2-::3, 1:: . 2::-3:: }
list: ip6 saddr . ip6 daddr { ::1 . ::2/127, 1:: . 2::-3:: }
  __set%d t 87
  __set%d t 0
  	element 00000000 00000000 00000000 01000000 00000000 00000000 00000000 02000000  - 00000000 00000000 00000000 01000000 00000000 00000000 00000000 03000000  : 0 [end]	element 00000100 00000000 00000000 00000000 00000200 00000000 00000000 00000000  - 00000100 00000000 00000000 00000000 00000300 00000000 00000000 00000000  : 0 [end]
  [ meta load protocol => reg 1 ]
  [ cmp eq reg 1 0x0000dd86 ]
  [ payload load 16b @ network header + 8 => reg 1 ]
  [ payload load 16b @ network header + 24 => reg 2 ]
  [ lookup reg 1 set __set%d ]
bytecode ip6:
  __set%d t 87
  __set%d t 0
  	element 00000000 00000000 00000000 01000000 00000000 00000000 00000000 02000000  - 00000000 00000000 00000000 01000000 00000000 00000000 00000000 03000000  : 0 [end]	element 00000100 00000000 00000000 00000000 00000200 00000000 00000000 00000000  - 00000100 00000000 00000000 00000000 00000300 00000000 00000000 00000000  : 0 [end]
  [ payload load 16b @ network header + 8 => reg 1 ]
  [ payload load 16b @ network header + 24 => reg 2 ]
  [ lookup reg 1 set __set%d ]
bytecode inet:
  __set%d t 87
  __set%d t 0
  	element 00000000 00000000 00000000 01000000 00000000 00000000 00000000 02000000  - 00000000 00000000 00000000 01000000 00000000 00000000 00000000 03000000  : 0 [end]	element 00000100 00000000 00000000 00000000 00000200 00000000 00000000 00000000  - 00000100 00000000 00000000 00000000 00000300 00000000 00000000 00000000  : 0 [end]
  [ meta load nfproto => reg 1 ]
  [ cmp eq reg 1 0x0000000a ]
  [ payload load 16b @ network header + 8 => reg 1 ]
  [ payload load 16b @ network header + 24 => reg 2 ]
  [ lookup reg 1 set __set%d ]
json: [{"match": {"op": "==", "left": {"concat": [{"payload": {"protocol": "ip6", "field": "saddr"}}, {"payload": {"protocol": "ip6", "field": "daddr"}}]}, "right": {"set": [{"concat": ["::1", {"prefix": {"addr": "::2", "len": 127}}]}, {"concat": ["1::", {"range": ["2::", "3::"]}]}]}}}]

rule: ip6 saddr [::1]
list: ip6 saddr ::1
  [ meta load protocol => reg 1 ]
  [ cmp eq reg 1 0x0000dd86 ]
  [ payload load 16b @ network header + 8 => reg 1 ]
  [ cmp eq reg 1 0x00000000 0x00000000 0x00000000 0x01000000 ]
bytecode ip6:
  [ payload load 16b @ network header + 8 => reg 1 ]
  [ cmp eq reg 1 0x00000000 0x00000000 0x00000000 0x01000000 ]
bytecode inet:
  [ meta load nfproto => reg 1 ]
  [ cmp eq reg 1 0x0000000a ]
  [ payload load 16b @ network header + 8 => reg 1 ]
  [ cmp eq reg 1 0x00000000 0x00000000 0x00000000 0x01000000 ]
json: [{"match": {"op": "==", "left": {"payload": {"protocol": "ip6", "field": "saddr"}}, "right": "::1"}}]

rule: ip6 saddr [::1]-[::5]
list: ip6 saddr ::1-::5
  [ meta load protocol => reg 1 ]
  [ cmp eq reg 1 0x0000dd86 ]
  [ payload load 16b @ network header + 8 => reg 1 ]
  [ range eq reg 1 0x00000000 0x00000000 0x00000000 0x01000000 0x00000000 0x00000000 0x00000000 0x05000000 ]
bytecode ip6:
  [ payload load 16b @ network header + 8 => reg 1 ]
  [ range eq reg 1 0x00000000 0x00000000 0x00000000 0x01000000 0x00000000 0x00000000 0x00000000 0x05000000 ]
bytecode inet:
  [ meta load nfproto => reg 1 ]
  [ cmp eq reg 1 0x0000000a ]
  [ payload load 16b @ network header + 8 => reg 1 ]
  [ range eq reg 1 0x00000000 0x00000000 0x00000000 0x01000000 0x00000000 0x00000000 0x00000000 0x05000000 ]
json: [{"match": {"op": "==", "left": {"payload": {"protocol": "ip6", "field": "saddr"}}, "right": {"range": ["::1", "::5"]}}}]

rule: ip6 saddr { [::1]/128, [::3]-[::5] }
list: ip6 saddr { ::1, ::3-::5 }
  __set%d t 7
  __set%d t 0
  	element 00000000 00000000 00000000 00000000  : 1 [end]	element 00000000 00000000 00000000 01000000  : 0 [end]	element 00000000 00000000 00000000 02000000  : 1 [end]	element 00000000 00000000 00000000 03000000  : 0 [end]	element 00000000 00000000 00000000 06000000  : 1 [end]
  [ meta load protocol => reg 1 ]
  [ cmp eq reg 1 0x0000dd86 ]
  [ payload load 16b @ network header + 8 => reg 1 ]
  [ lookup reg 1 set __set%d ]
bytecode ip6:
  __set%d t 7
  __set%d t 0
  	element 00000000 00000000 00000000 00000000  : 1 [end]	element 00000000 00000000 00000000 01000000  : 0 [end]	element 00000000 00000000 00000000 02000000  : 1 [end]	element 00000000 00000000 00000000 03000000  : 0 [end]	element 00000000 00000000 00000000 06000000  : 1 [end]
  [ payload load 16b @ network header + 8 => reg 1 ]
  [ lookup reg 1 set __set%d ]
bytecode inet:
  __set%d t 7
  __set%d t 0
  	element 00000000 00000000 00000000 00000000  : 1 [end]	element 00000000 00000000 00000000 01000000  : 0 [end]	element 00000000 00000000 00000000 02000000  : 1 [end]	element 00000000 00000000 00000000 03000000  : 0 [end]	element 00000000 00000000 00000000 06000000  : 1 [end]
  [ meta load nfproto => reg 1 ]
  [ cmp eq reg 1 0x0000000a ]
  [ payload load 16b @ network header + 8 => reg 1 ]
  [ lookup reg 1 set __set%d ]
json: [{"match": {"op": "==", "left": {"payload": {"protocol": "ip6", "field": "saddr"}}, "right": {"set": ["::1", {"range": ["::3", "::5"]}]}}}]

rule: ip6 saddr . tcp dport { [::1]-[::5] . 22 }
list: ip6 saddr . tcp dport { ::1-::5 . 22 }
  __set%d t 87
  __set%d t 0
  	element 00000000 00000000 00000000 01000000 00001600  - 00000000 00000000 00000000 05000000 00001600  : 0 [end]
  [ meta load protocol => reg 1 ]
  [ cmp eq reg 1 0x0000dd86 ]
  [ meta load l4proto => reg 1 ]
  [ cmp eq reg 1 0x00000006 ]
  [ payload load 16b @ network header + 8 => reg 1 ]
  [ payload load 2b @ transport header + 2 => reg 2 ]
  [ lookup reg 1 set __set%d ]
bytecode ip6:
  __set%d t 87
  __set%d t 0
  	element 00000000 00000000 00000000 01000000 00001600  - 00000000 00000000 00000000 05000000 00001600  : 0 [end]
  [ meta load l4proto => reg 1 ]
  [ cmp eq reg 1 0x00000006 ]
  [ payload load 16b @ network header + 8 => reg 1 ]
  [ payload load 2b @ transport header + 2 => reg 2 ]
  [ lookup reg 1 set __set%d ]
bytecode inet:
  __set%d t 87
  __set%d t 0
  	element 00000000 00000000 00000000 01000000 00001600  - 00000000 00000000 00000000 05000000 00001600  : 0 [end]
  [ meta load nfproto => reg 1 ]
  [ cmp eq reg 1 0x0000000a ]
  [ meta load l4proto => reg 1 ]
  [ cmp eq reg 1 0x00000006 ]
  [ payload load 16b @ network header + 8 => reg 1 ]
  [ payload load 2b @ transport header + 2 => reg 2 ]
  [ lookup reg 1 set __set%d ]
json: [{"match": {"op": "==", "left": {"concat": [{"payload": {"protocol": "ip6", "field": "saddr"}}, {"payload": {"protocol": "tcp", "field": "dport"}}]}, "right": {"set": [{"concat": [{"range": ["::1", "::5"]}, 22]}]}}}]

rule: ip6 saddr . tcp dport @s6
  [ meta load protocol => reg 1 ]
  [ cmp eq reg 1 0x0000dd86 ]
  [ meta load l4proto => reg 1 ]
  [ cmp eq reg 1 0x00000006 ]
  [ payload load 16b @ network header + 8 => reg 1 ]
  [ payload load 2b @ transport header + 2 => reg 2 ]
  [ lookup reg 1 set s6 ]
bytecode ip6:
  [ meta load l4proto => reg 1 ]
  [ cmp eq reg 1 0x00000006 ]
  [ payload load 16b @ network header + 8 => reg 1 ]
  [ payload load 2b @ transport header + 2 => reg 2 ]
  [ lookup reg 1 set s6 ]
bytecode inet:
  [ meta load nfproto => reg 1 ]
  [ cmp eq reg 1 0x0000000a ]
  [ meta load l4proto => reg 1 ]
  [ cmp eq reg 1 0x00000006 ]
  [ payload load 16b @ network header + 8 => reg 1 ]
  [ payload load 2b @ transport header + 2 => reg 2 ]
  [ lookup reg 1 set s6 ]
json: [{"match": {"op": "==", "left": {"concat": [{"payload": {"protocol": "ip6", "field": "saddr"}}, {"payload": {"protocol": "tcp", "field": "dport"}}]}, "right": "@s6"}}]
