# anonymous sets in every family: values, ranges and prefixes inside,
# intervals merged as the system nft merges them, != as inverted lookup,
# concatenations and names with wildcards
families: ip ip6 inet arp bridge netdev
table: t
chain: c { type filter hook input priority filter; policy accept; }
chain netdev: c { type filter hook ingress device "v0" priority filter; policy accept; }
chain: target
veth netdev: v0 v1

rule ip ip6 inet bridge netdev: tcp dport { 22, 80, 8000-8080 }
  __set%d t 7
  __set%d t 0
  	element 00000000  : 1 [end]	element 00001600  : 0 [end]	element 00001700  : 1 [end]	element 00005000  : 0 [end]	element 00005100  : 1 [end]	element 0000401f  : 0 [end]	element 0000911f  : 1 [end]
  [ meta load l4proto => reg 1 ]
  [ cmp eq reg 1 0x00000006 ]
  [ payload load 2b @ transport header + 2 => reg 1 ]
  [ lookup reg 1 set __set%d ]
json: [{"match": {"op": "==", "left": {"payload": {"protocol": "tcp", "field": "dport"}}, "right": {"set": [22, 80, {"range": [8000, 8080]}]}}}]

rule ip ip6 inet bridge netdev: tcp dport { 22, 80 } accept
  __set%d t 3
  __set%d t 0
  	element 00001600  : 0 [end]	element 00005000  : 0 [end]
  [ meta load l4proto => reg 1 ]
  [ cmp eq reg 1 0x00000006 ]
  [ payload load 2b @ transport header + 2 => reg 1 ]
  [ lookup reg 1 set __set%d ]
  [ immediate reg 0 accept ]
json: [{"match": {"op": "==", "left": {"payload": {"protocol": "tcp", "field": "dport"}}, "right": {"set": [22, 80]}}}, {"accept": null}]

rule ip ip6 inet bridge netdev: tcp dport != { 22, 80-90 }
  __set%d t 7
  __set%d t 0
  	element 00000000  : 1 [end]	element 00001600  : 0 [end]	element 00001700  : 1 [end]	element 00005000  : 0 [end]	element 00005b00  : 1 [end]
  [ meta load l4proto => reg 1 ]
  [ cmp eq reg 1 0x00000006 ]
  [ payload load 2b @ transport header + 2 => reg 1 ]
  [ lookup reg 1 set __set%d 0x1 ]
json: [{"match": {"op": "!=", "left": {"payload": {"protocol": "tcp", "field": "dport"}}, "right": {"set": [22, {"range": [80, 90]}]}}}]

rule ip ip6 inet bridge netdev: tcp dport { 22 }
list: tcp dport 22
  [ meta load l4proto => reg 1 ]
  [ cmp eq reg 1 0x00000006 ]
  [ payload load 2b @ transport header + 2 => reg 1 ]
  [ cmp eq reg 1 0x00001600 ]
json: [{"match": {"op": "==", "left": {"payload": {"protocol": "tcp", "field": "dport"}}, "right": 22}}]

rule ip ip6 inet bridge netdev: tcp dport { 22-23 }
list: tcp dport 22-23
  [ meta load l4proto => reg 1 ]
  [ cmp eq reg 1 0x00000006 ]
  [ payload load 2b @ transport header + 2 => reg 1 ]
  [ range eq reg 1 0x00001600 0x00001700 ]
json: [{"match": {"op": "==", "left": {"payload": {"protocol": "tcp", "field": "dport"}}, "right": {"range": [22, 23]}}}]

rule ip ip6 inet bridge netdev: tcp dport { 22-30, 25-40, 80 }
list: tcp dport { 22-40, 80 }
  __set%d t 7
  __set%d t 0
  	element 00000000  : 1 [end]	element 00001600  : 0 [end]	element 00002900  : 1 [end]	element 00005000  : 0 [end]	element 00005100  : 1 [end]
  [ meta load l4proto => reg 1 ]
  [ cmp eq reg 1 0x00000006 ]
  [ payload load 2b @ transport header + 2 => reg 1 ]
  [ lookup reg 1 set __set%d ]
json: [{"match": {"op": "==", "left": {"payload": {"protocol": "tcp", "field": "dport"}}, "right": {"set": [{"range": [22, 40]}, 80]}}}]

rule ip ip6 inet bridge netdev: tcp dport { 22-30, 31-40, 80 }
list: tcp dport { 22-40, 80 }
  __set%d t 7
  __set%d t 0
  	element 00000000  : 1 [end]	element 00001600  : 0 [end]	element 00002900  : 1 [end]	element 00005000  : 0 [end]	element 00005100  : 1 [end]
  [ meta load l4proto => reg 1 ]
  [ cmp eq reg 1 0x00000006 ]
  [ payload load 2b @ transport header + 2 => reg 1 ]
  [ lookup reg 1 set __set%d ]
json: [{"match": {"op": "==", "left": {"payload": {"protocol": "tcp", "field": "dport"}}, "right": {"set": [{"range": [22, 40]}, 80]}}}]

rule ip ip6 inet bridge netdev: tcp dport { 22-30, 25, 80 }
list: tcp dport { 22-30, 80 }
  __set%d t 7
  __set%d t 0
  	element 00000000  : 1 [end]	element 00001600  : 0 [end]	element 00001f00  : 1 [end]	element 00005000  : 0 [end]	element 00005100  : 1 [end]
  [ meta load l4proto => reg 1 ]
  [ cmp eq reg 1 0x00000006 ]
  [ payload load 2b @ transport header + 2 => reg 1 ]
  [ lookup reg 1 set __set%d ]
json: [{"match": {"op": "==", "left": {"payload": {"protocol": "tcp", "field": "dport"}}, "right": {"set": [{"range": [22, 30]}, 80]}}}]

rule ip ip6 inet bridge netdev: tcp dport { 0-10, 20 }
  __set%d t 7
  __set%d t 0
  	element 00000000  : 0 [end]	element 00000b00  : 1 [end]	element 00001400  : 0 [end]	element 00001500  : 1 [end]
  [ meta load l4proto => reg 1 ]
  [ cmp eq reg 1 0x00000006 ]
  [ payload load 2b @ transport header + 2 => reg 1 ]
  [ lookup reg 1 set __set%d ]
json: [{"match": {"op": "==", "left": {"payload": {"protocol": "tcp", "field": "dport"}}, "right": {"set": [{"range": [0, 10]}, 20]}}}]

rule ip ip6 inet bridge netdev: tcp dport { 20, 65000-65535 }
  __set%d t 7
  __set%d t 0
  	element 00000000  : 1 [end]	element 00001400  : 0 [end]	element 00001500  : 1 [end]	element 0000e8fd  : 0 [end]  userdata = { \x01\x04\x01\x00\x00\x00 }
  [ meta load l4proto => reg 1 ]
  [ cmp eq reg 1 0x00000006 ]
  [ payload load 2b @ transport header + 2 => reg 1 ]
  [ lookup reg 1 set __set%d ]
json: [{"match": {"op": "==", "left": {"payload": {"protocol": "tcp", "field": "dport"}}, "right": {"set": [20, {"range": [65000, 65535]}]}}}]

rule ip ip6 inet bridge netdev: udp sport != { 53, 123 }
  __set%d t 3
  __set%d t 0
  	element 00003500  : 0 [end]	element 00007b00  : 0 [end]
  [ meta load l4proto => reg 1 ]
  [ cmp eq reg 1 0x00000011 ]
  [ payload load 2b @ transport header + 0 => reg 1 ]
  [ lookup reg 1 set __set%d 0x1 ]
json: [{"match": {"op": "!=", "left": {"payload": {"protocol": "udp", "field": "sport"}}, "right": {"set": [53, 123]}}}]

rule ip ip6 inet bridge netdev: tcp sport { 1024-65535 } tcp dport { 22, 443 } counter accept
list: tcp sport 1024-65535 tcp dport { 22, 443 } counter packets 0 bytes 0 accept
  __set%d t 3
  __set%d t 0
  	element 00001600  : 0 [end]	element 0000bb01  : 0 [end]
  [ meta load l4proto => reg 1 ]
  [ cmp eq reg 1 0x00000006 ]
  [ payload load 2b @ transport header + 0 => reg 1 ]
  [ range eq reg 1 0x00000004 0x0000ffff ]
  [ payload load 2b @ transport header + 2 => reg 1 ]
  [ lookup reg 1 set __set%d ]
  [ counter pkts 0 bytes 0 ]
  [ immediate reg 0 accept ]
json: [{"match": {"op": "==", "left": {"payload": {"protocol": "tcp", "field": "sport"}}, "right": {"range": [1024, 65535]}}}, {"match": {"op": "==", "left": {"payload": {"protocol": "tcp", "field": "dport"}}, "right": {"set": [22, 443]}}}, {"counter": {"packets": 0, "bytes": 0}}, {"accept": null}]

rule ip6 inet bridge netdev: ip6 daddr { ::1, fe80::/10 }
  __set%d t 7
  __set%d t 0
  	element 00000000 00000000 00000000 00000000  : 1 [end]	element 00000000 00000000 00000000 01000000  : 0 [end]	element 00000000 00000000 00000000 02000000  : 1 [end]	element 000080fe 00000000 00000000 00000000  : 0 [end]	element 0000c0fe 00000000 00000000 00000000  : 1 [end]
  [ meta load protocol => reg 1 ]
  [ cmp eq reg 1 0x0000dd86 ]
  [ payload load 16b @ network header + 24 => reg 1 ]
  [ lookup reg 1 set __set%d ]
bytecode ip6:
  __set%d t 7
  __set%d t 0
  	element 00000000 00000000 00000000 00000000  : 1 [end]	element 00000000 00000000 00000000 01000000  : 0 [end]	element 00000000 00000000 00000000 02000000  : 1 [end]	element 000080fe 00000000 00000000 00000000  : 0 [end]	element 0000c0fe 00000000 00000000 00000000  : 1 [end]
  [ payload load 16b @ network header + 24 => reg 1 ]
  [ lookup reg 1 set __set%d ]
bytecode inet:
  __set%d t 7
  __set%d t 0
  	element 00000000 00000000 00000000 00000000  : 1 [end]	element 00000000 00000000 00000000 01000000  : 0 [end]	element 00000000 00000000 00000000 02000000  : 1 [end]	element 000080fe 00000000 00000000 00000000  : 0 [end]	element 0000c0fe 00000000 00000000 00000000  : 1 [end]
  [ meta load nfproto => reg 1 ]
  [ cmp eq reg 1 0x0000000a ]
  [ payload load 16b @ network header + 24 => reg 1 ]
  [ lookup reg 1 set __set%d ]
json: [{"match": {"op": "==", "left": {"payload": {"protocol": "ip6", "field": "daddr"}}, "right": {"set": ["::1", {"prefix": {"addr": "fe80::", "len": 10}}]}}}]

rule ip6 inet bridge netdev: ip6 saddr != { 2001:db8::/32, ::1 }
list: ip6 saddr != { ::1, 2001:db8::/32 }
  __set%d t 7
  __set%d t 0
  	element 00000000 00000000 00000000 00000000  : 1 [end]	element 00000000 00000000 00000000 01000000  : 0 [end]	element 00000000 00000000 00000000 02000000  : 1 [end]	element b80d0120 00000000 00000000 00000000  : 0 [end]	element b90d0120 00000000 00000000 00000000  : 1 [end]
  [ meta load protocol => reg 1 ]
  [ cmp eq reg 1 0x0000dd86 ]
  [ payload load 16b @ network header + 8 => reg 1 ]
  [ lookup reg 1 set __set%d 0x1 ]
bytecode ip6:
  __set%d t 7
  __set%d t 0
  	element 00000000 00000000 00000000 00000000  : 1 [end]	element 00000000 00000000 00000000 01000000  : 0 [end]	element 00000000 00000000 00000000 02000000  : 1 [end]	element b80d0120 00000000 00000000 00000000  : 0 [end]	element b90d0120 00000000 00000000 00000000  : 1 [end]
  [ payload load 16b @ network header + 8 => reg 1 ]
  [ lookup reg 1 set __set%d 0x1 ]
bytecode inet:
  __set%d t 7
  __set%d t 0
  	element 00000000 00000000 00000000 00000000  : 1 [end]	element 00000000 00000000 00000000 01000000  : 0 [end]	element 00000000 00000000 00000000 02000000  : 1 [end]	element b80d0120 00000000 00000000 00000000  : 0 [end]	element b90d0120 00000000 00000000 00000000  : 1 [end]
  [ meta load nfproto => reg 1 ]
  [ cmp eq reg 1 0x0000000a ]
  [ payload load 16b @ network header + 8 => reg 1 ]
  [ lookup reg 1 set __set%d 0x1 ]
json: [{"match": {"op": "!=", "left": {"payload": {"protocol": "ip6", "field": "saddr"}}, "right": {"set": ["::1", {"prefix": {"addr": "2001:db8::", "len": 32}}]}}}]

rule ip6 inet bridge netdev: ip6 nexthdr { tcp, udp }
  __set%d t 3
  __set%d t 0
  	element 00000006  : 0 [end]	element 00000011  : 0 [end]
  [ meta load protocol => reg 1 ]
  [ cmp eq reg 1 0x0000dd86 ]
  [ payload load 1b @ network header + 6 => reg 1 ]
  [ lookup reg 1 set __set%d ]
bytecode ip6:
  __set%d t 3
  __set%d t 0
  	element 00000006  : 0 [end]	element 00000011  : 0 [end]
  [ payload load 1b @ network header + 6 => reg 1 ]
  [ lookup reg 1 set __set%d ]
bytecode inet:
  __set%d t 3
  __set%d t 0
  	element 00000006  : 0 [end]	element 00000011  : 0 [end]
  [ meta load nfproto => reg 1 ]
  [ cmp eq reg 1 0x0000000a ]
  [ payload load 1b @ network header + 6 => reg 1 ]
  [ lookup reg 1 set __set%d ]
json: [{"match": {"op": "==", "left": {"payload": {"protocol": "ip6", "field": "nexthdr"}}, "right": {"set": ["tcp", "udp"]}}}]

rule ip inet bridge netdev: ip saddr { 10.0.0.0/8, 192.168.1.1 }
  __set%d t 7
  __set%d t 0
  	element 00000000  : 1 [end]	element 0000000a  : 0 [end]	element 0000000b  : 1 [end]	element 0101a8c0  : 0 [end]	element 0201a8c0  : 1 [end]
  [ meta load protocol => reg 1 ]
  [ cmp eq reg 1 0x00000008 ]
  [ payload load 4b @ network header + 12 => reg 1 ]
  [ lookup reg 1 set __set%d ]
bytecode ip:
  __set%d t 7
  __set%d t 0
  	element 00000000  : 1 [end]	element 0000000a  : 0 [end]	element 0000000b  : 1 [end]	element 0101a8c0  : 0 [end]	element 0201a8c0  : 1 [end]
  [ payload load 4b @ network header + 12 => reg 1 ]
  [ lookup reg 1 set __set%d ]
bytecode inet:
  __set%d t 7
  __set%d t 0
  	element 00000000  : 1 [end]	element 0000000a  : 0 [end]	element 0000000b  : 1 [end]	element 0101a8c0  : 0 [end]	element 0201a8c0  : 1 [end]
  [ meta load nfproto => reg 1 ]
  [ cmp eq reg 1 0x00000002 ]
  [ payload load 4b @ network header + 12 => reg 1 ]
  [ lookup reg 1 set __set%d ]
json: [{"match": {"op": "==", "left": {"payload": {"protocol": "ip", "field": "saddr"}}, "right": {"set": [{"prefix": {"addr": "10.0.0.0", "len": 8}}, "192.168.1.1"]}}}]

rule ip inet bridge netdev: ip daddr != { 1.2.3.4, 5.6.7.8 }
  __set%d t 3
  __set%d t 0
  	element 04030201  : 0 [end]	element 08070605  : 0 [end]
  [ meta load protocol => reg 1 ]
  [ cmp eq reg 1 0x00000008 ]
  [ payload load 4b @ network header + 16 => reg 1 ]
  [ lookup reg 1 set __set%d 0x1 ]
bytecode ip:
  __set%d t 3
  __set%d t 0
  	element 04030201  : 0 [end]	element 08070605  : 0 [end]
  [ payload load 4b @ network header + 16 => reg 1 ]
  [ lookup reg 1 set __set%d 0x1 ]
bytecode inet:
  __set%d t 3
  __set%d t 0
  	element 04030201  : 0 [end]	element 08070605  : 0 [end]
  [ meta load nfproto => reg 1 ]
  [ cmp eq reg 1 0x00000002 ]
  [ payload load 4b @ network header + 16 => reg 1 ]
  [ lookup reg 1 set __set%d 0x1 ]
json: [{"match": {"op": "!=", "left": {"payload": {"protocol": "ip", "field": "daddr"}}, "right": {"set": ["1.2.3.4", "5.6.7.8"]}}}]

rule ip inet bridge netdev: ip saddr { 10.0.0.0/8, 10.1.0.0/16, 192.168.0.0/16 }
list: ip saddr { 10.0.0.0/8, 192.168.0.0/16 }
  __set%d t 7
  __set%d t 0
  	element 00000000  : 1 [end]	element 0000000a  : 0 [end]	element 0000000b  : 1 [end]	element 0000a8c0  : 0 [end]	element 0000a9c0  : 1 [end]
  [ meta load protocol => reg 1 ]
  [ cmp eq reg 1 0x00000008 ]
  [ payload load 4b @ network header + 12 => reg 1 ]
  [ lookup reg 1 set __set%d ]
bytecode ip:
  __set%d t 7
  __set%d t 0
  	element 00000000  : 1 [end]	element 0000000a  : 0 [end]	element 0000000b  : 1 [end]	element 0000a8c0  : 0 [end]	element 0000a9c0  : 1 [end]
  [ payload load 4b @ network header + 12 => reg 1 ]
  [ lookup reg 1 set __set%d ]
bytecode inet:
  __set%d t 7
  __set%d t 0
  	element 00000000  : 1 [end]	element 0000000a  : 0 [end]	element 0000000b  : 1 [end]	element 0000a8c0  : 0 [end]	element 0000a9c0  : 1 [end]
  [ meta load nfproto => reg 1 ]
  [ cmp eq reg 1 0x00000002 ]
  [ payload load 4b @ network header + 12 => reg 1 ]
  [ lookup reg 1 set __set%d ]
json: [{"match": {"op": "==", "left": {"payload": {"protocol": "ip", "field": "saddr"}}, "right": {"set": [{"prefix": {"addr": "10.0.0.0", "len": 8}}, {"prefix": {"addr": "192.168.0.0", "len": 16}}]}}}]

rule ip inet bridge netdev: ip daddr { 10.0.0.1, 255.255.255.0/24 }
  __set%d t 7
  __set%d t 0
  	element 00000000  : 1 [end]	element 0100000a  : 0 [end]	element 0200000a  : 1 [end]	element 00ffffff  : 0 [end]  userdata = { \x01\x04\x01\x00\x00\x00 }
  [ meta load protocol => reg 1 ]
  [ cmp eq reg 1 0x00000008 ]
  [ payload load 4b @ network header + 16 => reg 1 ]
  [ lookup reg 1 set __set%d ]
bytecode ip:
  __set%d t 7
  __set%d t 0
  	element 00000000  : 1 [end]	element 0100000a  : 0 [end]	element 0200000a  : 1 [end]	element 00ffffff  : 0 [end]  userdata = { \x01\x04\x01\x00\x00\x00 }
  [ payload load 4b @ network header + 16 => reg 1 ]
  [ lookup reg 1 set __set%d ]
bytecode inet:
  __set%d t 7
  __set%d t 0
  	element 00000000  : 1 [end]	element 0100000a  : 0 [end]	element 0200000a  : 1 [end]	element 00ffffff  : 0 [end]  userdata = { \x01\x04\x01\x00\x00\x00 }
  [ meta load nfproto => reg 1 ]
  [ cmp eq reg 1 0x00000002 ]
  [ payload load 4b @ network header + 16 => reg 1 ]
  [ lookup reg 1 set __set%d ]
json: [{"match": {"op": "==", "left": {"payload": {"protocol": "ip", "field": "daddr"}}, "right": {"set": ["10.0.0.1", {"prefix": {"addr": "255.255.255.0", "len": 24}}]}}}]

rule ip inet bridge netdev: ip saddr { 10.0.0.0-10.0.0.255, 10.0.1.0-10.0.1.9, 10.0.2.1 }
list: ip saddr { 10.0.0.0-10.0.1.9, 10.0.2.1 }
  __set%d t 7
  __set%d t 0
  	element 00000000  : 1 [end]	element 0000000a  : 0 [end]	element 0a01000a  : 1 [end]	element 0102000a  : 0 [end]	element 0202000a  : 1 [end]
  [ meta load protocol => reg 1 ]
  [ cmp eq reg 1 0x00000008 ]
  [ payload load 4b @ network header + 12 => reg 1 ]
  [ lookup reg 1 set __set%d ]
bytecode ip:
  __set%d t 7
  __set%d t 0
  	element 00000000  : 1 [end]	element 0000000a  : 0 [end]	element 0a01000a  : 1 [end]	element 0102000a  : 0 [end]	element 0202000a  : 1 [end]
  [ payload load 4b @ network header + 12 => reg 1 ]
  [ lookup reg 1 set __set%d ]
bytecode inet:
  __set%d t 7
  __set%d t 0
  	element 00000000  : 1 [end]	element 0000000a  : 0 [end]	element 0a01000a  : 1 [end]	element 0102000a  : 0 [end]	element 0202000a  : 1 [end]
  [ meta load nfproto => reg 1 ]
  [ cmp eq reg 1 0x00000002 ]
  [ payload load 4b @ network header + 12 => reg 1 ]
  [ lookup reg 1 set __set%d ]
json: [{"match": {"op": "==", "left": {"payload": {"protocol": "ip", "field": "saddr"}}, "right": {"set": [{"range": ["10.0.0.0", "10.0.1.9"]}, "10.0.2.1"]}}}]

rule ip inet bridge netdev: ip protocol { icmp, tcp, udp }
  __set%d t 3
  __set%d t 0
  	element 00000001  : 0 [end]	element 00000006  : 0 [end]	element 00000011  : 0 [end]
  [ meta load protocol => reg 1 ]
  [ cmp eq reg 1 0x00000008 ]
  [ payload load 1b @ network header + 9 => reg 1 ]
  [ lookup reg 1 set __set%d ]
bytecode ip:
  __set%d t 3
  __set%d t 0
  	element 00000001  : 0 [end]	element 00000006  : 0 [end]	element 00000011  : 0 [end]
  [ payload load 1b @ network header + 9 => reg 1 ]
  [ lookup reg 1 set __set%d ]
bytecode inet:
  __set%d t 3
  __set%d t 0
  	element 00000001  : 0 [end]	element 00000006  : 0 [end]	element 00000011  : 0 [end]
  [ meta load nfproto => reg 1 ]
  [ cmp eq reg 1 0x00000002 ]
  [ payload load 1b @ network header + 9 => reg 1 ]
  [ lookup reg 1 set __set%d ]
json: [{"match": {"op": "==", "left": {"payload": {"protocol": "ip", "field": "protocol"}}, "right": {"set": ["icmp", "tcp", "udp"]}}}]

rule: meta l4proto { tcp, udp }
  __set%d t 3
  __set%d t 0
  	element 00000006  : 0 [end]	element 00000011  : 0 [end]
  [ meta load l4proto => reg 1 ]
  [ lookup reg 1 set __set%d ]
json: [{"match": {"op": "==", "left": {"meta": {"key": "l4proto"}}, "right": {"set": ["tcp", "udp"]}}}]

rule: iifname { "eth0", "eth1" }
  __set%d t 3
  __set%d t 0
  	element 30687465 00000000 00000000 00000000  : 0 [end]	element 31687465 00000000 00000000 00000000  : 0 [end]
  [ meta load iifname => reg 1 ]
  [ lookup reg 1 set __set%d ]
json: [{"match": {"op": "==", "left": {"meta": {"key": "iifname"}}, "right": {"set": ["eth0", "eth1"]}}}]

rule: oifname != { "lo", "veth0" } drop
  __set%d t 3
  __set%d t 0
  	element 00006f6c 00000000 00000000 00000000  : 0 [end]	element 68746576 00000030 00000000 00000000  : 0 [end]
  [ meta load oifname => reg 1 ]
  [ lookup reg 1 set __set%d 0x1 ]
  [ immediate reg 0 drop ]
json: [{"match": {"op": "!=", "left": {"meta": {"key": "oifname"}}, "right": {"set": ["lo", "veth0"]}}}, {"drop": null}]

rule: meta mark { 0x00000001, 0x00000010-0x00000020 }
  __set%d t 7
  __set%d t 0
  	element 00000000  : 1 [end]	element 01000000  : 0 [end]	element 02000000  : 1 [end]	element 10000000  : 0 [end]	element 21000000  : 1 [end]
  [ meta load mark => reg 1 ]
  [ byteorder reg 1 = hton(reg 1, 4, 4) ]
  [ lookup reg 1 set __set%d ]
json: [{"match": {"op": "==", "left": {"meta": {"key": "mark"}}, "right": {"set": [1, {"range": [16, 32]}]}}}]

rule: meta mark { 0x00000001, 0x00000002, 0x00000003 }
  __set%d t 3
  __set%d t 0
  	element 00000001  : 0 [end]	element 00000002  : 0 [end]	element 00000003  : 0 [end]
  [ meta load mark => reg 1 ]
  [ lookup reg 1 set __set%d ]
json: [{"match": {"op": "==", "left": {"meta": {"key": "mark"}}, "right": {"set": [1, 2, 3]}}}]

fail arp: iifname { }

fail arp: meta mark < { 1, 2 }

rule bridge: ether saddr { 00:11:22:33:44:55, 00:11:22:33:44:66 }
  __set%d t 3
  __set%d t 0
  	element 33221100 00005544  : 0 [end]	element 33221100 00006644  : 0 [end]
  [ payload load 6b @ link header + 6 => reg 1 ]
  [ lookup reg 1 set __set%d ]
json: [{"match": {"op": "==", "left": {"payload": {"protocol": "ether", "field": "saddr"}}, "right": {"set": ["00:11:22:33:44:55", "00:11:22:33:44:66"]}}}]

fail ip ip6 inet bridge netdev: tcp dport { }

fail ip ip6 inet bridge netdev: tcp dport { 22, 70000 }

fail ip ip6 inet bridge netdev: tcp dport < { 22, 80 }

fail ip ip6 inet bridge netdev: tcp dport { 22, 30-20 }

fail ip ip6 inet bridge netdev: ip saddr { 1.2.3.4, 1.2.3.0/33 }

fail ip ip6 inet bridge netdev: iifname { "eth0", 22-23 }

rule ip6 inet bridge netdev: ip6 saddr . udp dport { ::1 . 53, fe80::/64 . 123 }
  __set%d t 87
  __set%d t 0
  	element 00000000 00000000 00000000 01000000 00003500  - 00000000 00000000 00000000 01000000 00003500  : 0 [end]	element 000080fe 00000000 00000000 00000000 00007b00  - 000080fe 00000000 ffffffff ffffffff 00007b00  : 0 [end]
  [ meta load protocol => reg 1 ]
  [ cmp eq reg 1 0x0000dd86 ]
  [ meta load l4proto => reg 1 ]
  [ cmp eq reg 1 0x00000011 ]
  [ payload load 16b @ network header + 8 => reg 1 ]
  [ payload load 2b @ transport header + 2 => reg 2 ]
  [ lookup reg 1 set __set%d ]
bytecode ip6:
  __set%d t 87
  __set%d t 0
  	element 00000000 00000000 00000000 01000000 00003500  - 00000000 00000000 00000000 01000000 00003500  : 0 [end]	element 000080fe 00000000 00000000 00000000 00007b00  - 000080fe 00000000 ffffffff ffffffff 00007b00  : 0 [end]
  [ meta load l4proto => reg 1 ]
  [ cmp eq reg 1 0x00000011 ]
  [ payload load 16b @ network header + 8 => reg 1 ]
  [ payload load 2b @ transport header + 2 => reg 2 ]
  [ lookup reg 1 set __set%d ]
bytecode inet:
  __set%d t 87
  __set%d t 0
  	element 00000000 00000000 00000000 01000000 00003500  - 00000000 00000000 00000000 01000000 00003500  : 0 [end]	element 000080fe 00000000 00000000 00000000 00007b00  - 000080fe 00000000 ffffffff ffffffff 00007b00  : 0 [end]
  [ meta load nfproto => reg 1 ]
  [ cmp eq reg 1 0x0000000a ]
  [ meta load l4proto => reg 1 ]
  [ cmp eq reg 1 0x00000011 ]
  [ payload load 16b @ network header + 8 => reg 1 ]
  [ payload load 2b @ transport header + 2 => reg 2 ]
  [ lookup reg 1 set __set%d ]
json: [{"match": {"op": "==", "left": {"concat": [{"payload": {"protocol": "ip6", "field": "saddr"}}, {"payload": {"protocol": "udp", "field": "dport"}}]}, "right": {"set": [{"concat": ["::1", 53]}, {"concat": [{"prefix": {"addr": "fe80::", "len": 64}}, 123]}]}}}]

# concatenations: members in consecutive registers (reg 1, reg 9, ...);
# listed in the system nft's order (the key read as one little endian number)
rule ip inet bridge netdev: ip saddr . tcp dport { 1.2.3.4 . 22, 5.6.7.8 . 80 }
  __set%d t 3
  __set%d t 0
  	element 04030201 00001600  : 0 [end]	element 08070605 00005000  : 0 [end]
  [ meta load protocol => reg 1 ]
  [ cmp eq reg 1 0x00000008 ]
  [ meta load l4proto => reg 1 ]
  [ cmp eq reg 1 0x00000006 ]
  [ payload load 4b @ network header + 12 => reg 1 ]
  [ payload load 2b @ transport header + 2 => reg 9 ]
  [ lookup reg 1 set __set%d ]
bytecode ip:
  __set%d t 3
  __set%d t 0
  	element 04030201 00001600  : 0 [end]	element 08070605 00005000  : 0 [end]
  [ meta load l4proto => reg 1 ]
  [ cmp eq reg 1 0x00000006 ]
  [ payload load 4b @ network header + 12 => reg 1 ]
  [ payload load 2b @ transport header + 2 => reg 9 ]
  [ lookup reg 1 set __set%d ]
bytecode inet:
  __set%d t 3
  __set%d t 0
  	element 04030201 00001600  : 0 [end]	element 08070605 00005000  : 0 [end]
  [ meta load nfproto => reg 1 ]
  [ cmp eq reg 1 0x00000002 ]
  [ meta load l4proto => reg 1 ]
  [ cmp eq reg 1 0x00000006 ]
  [ payload load 4b @ network header + 12 => reg 1 ]
  [ payload load 2b @ transport header + 2 => reg 9 ]
  [ lookup reg 1 set __set%d ]
json: [{"match": {"op": "==", "left": {"concat": [{"payload": {"protocol": "ip", "field": "saddr"}}, {"payload": {"protocol": "tcp", "field": "dport"}}]}, "right": {"set": [{"concat": ["1.2.3.4", 22]}, {"concat": ["5.6.7.8", 80]}]}}}]

rule ip inet bridge netdev: ip saddr . tcp dport { 10.0.0.0/8 . 22-25 }
  __set%d t 87
  __set%d t 0
  	element 0000000a 00001600  - ffffff0a 00001900  : 0 [end]
  [ meta load protocol => reg 1 ]
  [ cmp eq reg 1 0x00000008 ]
  [ meta load l4proto => reg 1 ]
  [ cmp eq reg 1 0x00000006 ]
  [ payload load 4b @ network header + 12 => reg 1 ]
  [ payload load 2b @ transport header + 2 => reg 9 ]
  [ lookup reg 1 set __set%d ]
bytecode ip:
  __set%d t 87
  __set%d t 0
  	element 0000000a 00001600  - ffffff0a 00001900  : 0 [end]
  [ meta load l4proto => reg 1 ]
  [ cmp eq reg 1 0x00000006 ]
  [ payload load 4b @ network header + 12 => reg 1 ]
  [ payload load 2b @ transport header + 2 => reg 9 ]
  [ lookup reg 1 set __set%d ]
bytecode inet:
  __set%d t 87
  __set%d t 0
  	element 0000000a 00001600  - ffffff0a 00001900  : 0 [end]
  [ meta load nfproto => reg 1 ]
  [ cmp eq reg 1 0x00000002 ]
  [ meta load l4proto => reg 1 ]
  [ cmp eq reg 1 0x00000006 ]
  [ payload load 4b @ network header + 12 => reg 1 ]
  [ payload load 2b @ transport header + 2 => reg 9 ]
  [ lookup reg 1 set __set%d ]
json: [{"match": {"op": "==", "left": {"concat": [{"payload": {"protocol": "ip", "field": "saddr"}}, {"payload": {"protocol": "tcp", "field": "dport"}}]}, "right": {"set": [{"concat": [{"prefix": {"addr": "10.0.0.0", "len": 8}}, {"range": [22, 25]}]}]}}}]

rule ip inet bridge netdev: iifname . ip saddr { "eth0" . 1.2.3.4 }
  __set%d t 3
  __set%d t 0
  	element 30687465 00000000 00000000 00000000 04030201  : 0 [end]
  [ meta load protocol => reg 1 ]
  [ cmp eq reg 1 0x00000008 ]
  [ meta load iifname => reg 1 ]
  [ payload load 4b @ network header + 12 => reg 2 ]
  [ lookup reg 1 set __set%d ]
bytecode ip:
  __set%d t 3
  __set%d t 0
  	element 30687465 00000000 00000000 00000000 04030201  : 0 [end]
  [ meta load iifname => reg 1 ]
  [ payload load 4b @ network header + 12 => reg 2 ]
  [ lookup reg 1 set __set%d ]
bytecode inet:
  __set%d t 3
  __set%d t 0
  	element 30687465 00000000 00000000 00000000 04030201  : 0 [end]
  [ meta load nfproto => reg 1 ]
  [ cmp eq reg 1 0x00000002 ]
  [ meta load iifname => reg 1 ]
  [ payload load 4b @ network header + 12 => reg 2 ]
  [ lookup reg 1 set __set%d ]
json: [{"match": {"op": "==", "left": {"concat": [{"meta": {"key": "iifname"}}, {"payload": {"protocol": "ip", "field": "saddr"}}]}, "right": {"set": [{"concat": ["eth0", "1.2.3.4"]}]}}}]

rule ip inet bridge netdev: ip saddr . ip daddr . tcp dport != { 3.3.3.3 . 4.4.4.4 . 80, 1.1.1.1 . 2.2.2.2 . 443 }
  __set%d t 3
  __set%d t 0
  	element 03030303 04040404 00005000  : 0 [end]	element 01010101 02020202 0000bb01  : 0 [end]
  [ meta load protocol => reg 1 ]
  [ cmp eq reg 1 0x00000008 ]
  [ meta load l4proto => reg 1 ]
  [ cmp eq reg 1 0x00000006 ]
  [ payload load 4b @ network header + 12 => reg 1 ]
  [ payload load 4b @ network header + 16 => reg 9 ]
  [ payload load 2b @ transport header + 2 => reg 10 ]
  [ lookup reg 1 set __set%d 0x1 ]
bytecode ip:
  __set%d t 3
  __set%d t 0
  	element 03030303 04040404 00005000  : 0 [end]	element 01010101 02020202 0000bb01  : 0 [end]
  [ meta load l4proto => reg 1 ]
  [ cmp eq reg 1 0x00000006 ]
  [ payload load 4b @ network header + 12 => reg 1 ]
  [ payload load 4b @ network header + 16 => reg 9 ]
  [ payload load 2b @ transport header + 2 => reg 10 ]
  [ lookup reg 1 set __set%d 0x1 ]
bytecode inet:
  __set%d t 3
  __set%d t 0
  	element 03030303 04040404 00005000  : 0 [end]	element 01010101 02020202 0000bb01  : 0 [end]
  [ meta load nfproto => reg 1 ]
  [ cmp eq reg 1 0x00000002 ]
  [ meta load l4proto => reg 1 ]
  [ cmp eq reg 1 0x00000006 ]
  [ payload load 4b @ network header + 12 => reg 1 ]
  [ payload load 4b @ network header + 16 => reg 9 ]
  [ payload load 2b @ transport header + 2 => reg 10 ]
  [ lookup reg 1 set __set%d 0x1 ]
json: [{"match": {"op": "!=", "left": {"concat": [{"payload": {"protocol": "ip", "field": "saddr"}}, {"payload": {"protocol": "ip", "field": "daddr"}}, {"payload": {"protocol": "tcp", "field": "dport"}}]}, "right": {"set": [{"concat": ["3.3.3.3", "4.4.4.4", 80]}, {"concat": ["1.1.1.1", "2.2.2.2", 443]}]}}}]

rule ip inet bridge netdev: meta mark . tcp dport { 0x00000001 . 22 } accept
  __set%d t 3
  __set%d t 0
  	element 00000001 00001600  : 0 [end]
  [ meta load l4proto => reg 1 ]
  [ cmp eq reg 1 0x00000006 ]
  [ meta load mark => reg 1 ]
  [ payload load 2b @ transport header + 2 => reg 9 ]
  [ lookup reg 1 set __set%d ]
  [ immediate reg 0 accept ]
json: [{"match": {"op": "==", "left": {"concat": [{"meta": {"key": "mark"}}, {"payload": {"protocol": "tcp", "field": "dport"}}]}, "right": {"set": [{"concat": [1, 22]}]}}}, {"accept": null}]

fail ip inet bridge netdev: ip saddr . tcp dport { 1.2.3.4 }

fail ip inet bridge netdev: ip saddr . tcp dport { 1.2.3.4 . 22 . 80 }

# names: wildcards make an interval set over the name's bytes (no byte
# order conversion); a range of names is refused
rule: iifname { "eth0", "ppp*" }
  __set%d t 7
  __set%d t 0
  	element 00000000 00000000 00000000 00000000  : 1 [end]	element 30687465 00000000 00000000 00000000  : 0 [end]	element 30687465 00000000 00000000 01000000  : 1 [end]	element 00707070 00000000 00000000 00000000  : 0 [end]	element 00717070 00000000 00000000 00000000  : 1 [end]
  [ meta load iifname => reg 1 ]
  [ lookup reg 1 set __set%d ]
json: [{"match": {"op": "==", "left": {"meta": {"key": "iifname"}}, "right": {"set": ["eth0", "ppp*"]}}}]

rule: oifname != { "br-*", "lo", "veth*" } drop
  __set%d t 7
  __set%d t 0
  	element 00000000 00000000 00000000 00000000  : 1 [end]	element 002d7262 00000000 00000000 00000000  : 0 [end]	element 002e7262 00000000 00000000 00000000  : 1 [end]	element 00006f6c 00000000 00000000 00000000  : 0 [end]	element 00006f6c 00000000 00000000 01000000  : 1 [end]	element 68746576 00000000 00000000 00000000  : 0 [end]	element 69746576 00000000 00000000 00000000  : 1 [end]
  [ meta load oifname => reg 1 ]
  [ lookup reg 1 set __set%d 0x1 ]
  [ immediate reg 0 drop ]
json: [{"match": {"op": "!=", "left": {"meta": {"key": "oifname"}}, "right": {"set": ["br-*", "lo", "veth*"]}}}, {"drop": null}]

rule ip inet: iifname . ip saddr { "eth*" . 1.1.1.1 }
  __set%d t 87
  __set%d t 0
  	element 00687465 00000000 00000000 00000000 01010101  - ff687465 ffffffff ffffffff ffffffff 01010101  : 0 [end]
  [ meta load iifname => reg 1 ]
  [ payload load 4b @ network header + 12 => reg 2 ]
  [ lookup reg 1 set __set%d ]
bytecode inet:
  __set%d t 87
  __set%d t 0
  	element 00687465 00000000 00000000 00000000 01010101  - ff687465 ffffffff ffffffff ffffffff 01010101  : 0 [end]
  [ meta load nfproto => reg 1 ]
  [ cmp eq reg 1 0x00000002 ]
  [ meta load iifname => reg 1 ]
  [ payload load 4b @ network header + 12 => reg 2 ]
  [ lookup reg 1 set __set%d ]
json: [{"match": {"op": "==", "left": {"concat": [{"meta": {"key": "iifname"}}, {"payload": {"protocol": "ip", "field": "saddr"}}]}, "right": {"set": [{"concat": ["eth*", "1.1.1.1"]}]}}}]

rule ip inet: iifname . tcp dport { "lo" . 22-23 }
  __set%d t 87
  __set%d t 0
  	element 00006f6c 00000000 00000000 00000000 00001600  - 00006f6c 00000000 00000000 00000000 00001700  : 0 [end]
  [ meta load l4proto => reg 1 ]
  [ cmp eq reg 1 0x00000006 ]
  [ meta load iifname => reg 1 ]
  [ payload load 2b @ transport header + 2 => reg 2 ]
  [ lookup reg 1 set __set%d ]
json: [{"match": {"op": "==", "left": {"concat": [{"meta": {"key": "iifname"}}, {"payload": {"protocol": "tcp", "field": "dport"}}]}, "right": {"set": [{"concat": ["lo", {"range": [22, 23]}]}]}}}]

# a one-byte host order key of an interval set is held as it is, which
# 1.1.3's user data says is big endian (the kernel state compares it)
rule ip ip6 inet bridge netdev: meta l4proto { 6-8, 17 }
list: meta l4proto { 6-8, udp }
  __set%d t 7
  __set%d t 0
  	element 00000000  : 1 [end]	element 00000006  : 0 [end]	element 00000009  : 1 [end]	element 00000011  : 0 [end]	element 00000012  : 1 [end]
  [ meta load l4proto => reg 1 ]
  [ lookup reg 1 set __set%d ]
json: [{"match": {"op": "==", "left": {"meta": {"key": "l4proto"}}, "right": {"set": [{"range": [6, 8]}, "udp"]}}}]
