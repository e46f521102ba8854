# verdict maps: "KEY vmap { k : VERDICT }" as a statement (a lookup into
# the verdict register), with value, interval and concatenated keys
families: ip ip6 inet
table: t
chain: c { type filter hook input priority filter; policy accept; }
chain: target

rule: tcp dport vmap { 22 : accept, 80 : drop }
  __map%d t b
  __map%d t 0
  	element 00001600  : accept 0 [end]	element 00005000  : drop 0 [end]
  [ meta load l4proto => reg 1 ]
  [ cmp eq reg 1 0x00000006 ]
  [ payload load 2b @ transport header + 2 => reg 1 ]
  [ lookup reg 1 set __map%d dreg 0 ]
json: [{"vmap": {"key": {"payload": {"protocol": "tcp", "field": "dport"}}, "data": {"set": [[22, {"accept": null}], [80, {"drop": null}]]}}}]

rule: tcp dport vmap { 22 : jump target, 23 : goto target, 24 : return, 25 : continue }
  __map%d t b
  __map%d t 0
  	element 00001600  : jump -> target 0 [end]	element 00001700  : goto -> target 0 [end]	element 00001800  : return 0 [end]	element 00001900  : continue 0 [end]
  [ meta load l4proto => reg 1 ]
  [ cmp eq reg 1 0x00000006 ]
  [ payload load 2b @ transport header + 2 => reg 1 ]
  [ lookup reg 1 set __map%d dreg 0 ]
json: [{"vmap": {"key": {"payload": {"protocol": "tcp", "field": "dport"}}, "data": {"set": [[22, {"jump": {"target": "target"}}], [23, {"goto": {"target": "target"}}], [24, {"return": null}], [25, {"continue": null}]]}}}]

rule: tcp dport vmap { 22-23 : accept, 80 : drop }
  __map%d t f
  __map%d t 0
  	element 00000000  : 1 [end]	element 00001600  : accept 0 [end]	element 00001800  : 1 [end]	element 00005000  : drop 0 [end]	element 00005100  : 1 [end]
  [ meta load l4proto => reg 1 ]
  [ cmp eq reg 1 0x00000006 ]
  [ payload load 2b @ transport header + 2 => reg 1 ]
  [ lookup reg 1 set __map%d dreg 0 ]
json: [{"vmap": {"key": {"payload": {"protocol": "tcp", "field": "dport"}}, "data": {"set": [[{"range": [22, 23]}, {"accept": null}], [80, {"drop": null}]]}}}]

rule: tcp dport vmap { 22 : accept, 1000-65535 : drop }
  __map%d t f
  __map%d t 0
  	element 00000000  : 1 [end]	element 00001600  : accept 0 [end]	element 00001700  : 1 [end]	element 0000e803  : drop 0 [end]  userdata = { \x01\x04\x01\x00\x00\x00 }
  [ meta load l4proto => reg 1 ]
  [ cmp eq reg 1 0x00000006 ]
  [ payload load 2b @ transport header + 2 => reg 1 ]
  [ lookup reg 1 set __map%d dreg 0 ]
json: [{"vmap": {"key": {"payload": {"protocol": "tcp", "field": "dport"}}, "data": {"set": [[22, {"accept": null}], [{"range": [1000, 65535]}, {"drop": null}]]}}}]

rule: counter tcp dport vmap { 22 : accept, 80 : drop }
list: counter packets 0 bytes 0 tcp dport vmap { 22 : accept, 80 : drop }
  __map%d t b
  __map%d t 0
  	element 00001600  : accept 0 [end]	element 00005000  : drop 0 [end]
  [ counter pkts 0 bytes 0 ]
  [ meta load l4proto => reg 1 ]
  [ cmp eq reg 1 0x00000006 ]
  [ payload load 2b @ transport header + 2 => reg 1 ]
  [ lookup reg 1 set __map%d dreg 0 ]
json: [{"counter": {"packets": 0, "bytes": 0}}, {"vmap": {"key": {"payload": {"protocol": "tcp", "field": "dport"}}, "data": {"set": [[22, {"accept": null}], [80, {"drop": null}]]}}}]

rule: meta l4proto vmap { tcp : accept, udp : drop }
  __map%d t b
  __map%d t 0
  	element 00000006  : accept 0 [end]	element 00000011  : drop 0 [end]
  [ meta load l4proto => reg 1 ]
  [ lookup reg 1 set __map%d dreg 0 ]
json: [{"vmap": {"key": {"meta": {"key": "l4proto"}}, "data": {"set": [["tcp", {"accept": null}], ["udp", {"drop": null}]]}}}]

rule: meta mark vmap { 1 : accept, 2-5 : drop }
list: meta mark vmap { 0x00000001 : accept, 0x00000002-0x00000005 : drop }
  __map%d t f
  __map%d t 0
  	element 00000000  : 1 [end]	element 01000000  : accept 0 [end]	element 02000000  : drop 0 [end]	element 06000000  : 1 [end]
  [ meta load mark => reg 1 ]
  [ byteorder reg 1 = hton(reg 1, 4, 4) ]
  [ lookup reg 1 set __map%d dreg 0 ]
json: [{"vmap": {"key": {"meta": {"key": "mark"}}, "data": {"set": [[1, {"accept": null}], [{"range": [2, 5]}, {"drop": null}]]}}}]

rule: ct state vmap { established : accept, related : accept, invalid : drop }
list: ct state vmap { invalid : drop, established : accept, related : accept }
  __map%d t b
  __map%d t 0
  	element 00000002  : accept 0 [end]	element 00000004  : accept 0 [end]	element 00000001  : drop 0 [end]
  [ ct load state => reg 1 ]
  [ lookup reg 1 set __map%d dreg 0 ]
json: [{"vmap": {"key": {"ct": {"key": "state"}}, "data": {"set": [["invalid", {"drop": null}], ["established", {"accept": null}], ["related", {"accept": null}]]}}}]

rule ip inet: ip saddr vmap { 10.0.0.1 : drop, 10.0.0.2 : jump target }
  __map%d t b
  __map%d t 0
  	element 0100000a  : drop 0 [end]	element 0200000a  : jump -> target 0 [end]
  [ payload load 4b @ network header + 12 => reg 1 ]
  [ lookup reg 1 set __map%d dreg 0 ]
bytecode inet:
  __map%d t b
  __map%d t 0
  	element 0100000a  : drop 0 [end]	element 0200000a  : jump -> target 0 [end]
  [ meta load nfproto => reg 1 ]
  [ cmp eq reg 1 0x00000002 ]
  [ payload load 4b @ network header + 12 => reg 1 ]
  [ lookup reg 1 set __map%d dreg 0 ]
json: [{"vmap": {"key": {"payload": {"protocol": "ip", "field": "saddr"}}, "data": {"set": [["10.0.0.1", {"drop": null}], ["10.0.0.2", {"jump": {"target": "target"}}]]}}}]

rule ip inet: ip saddr vmap { 10.0.0.0/8 : accept, 192.168.0.0/16 : drop }
  __map%d t f
  __map%d t 0
  	element 00000000  : 1 [end]	element 0000000a  : accept 0 [end]	element 0000000b  : 1 [end]	element 0000a8c0  : drop 0 [end]	element 0000a9c0  : 1 [end]
  [ payload load 4b @ network header + 12 => reg 1 ]
  [ lookup reg 1 set __map%d dreg 0 ]
bytecode inet:
  __map%d t f
  __map%d t 0
  	element 00000000  : 1 [end]	element 0000000a  : accept 0 [end]	element 0000000b  : 1 [end]	element 0000a8c0  : drop 0 [end]	element 0000a9c0  : 1 [end]
  [ meta load nfproto => reg 1 ]
  [ cmp eq reg 1 0x00000002 ]
  [ payload load 4b @ network header + 12 => reg 1 ]
  [ lookup reg 1 set __map%d dreg 0 ]
json: [{"vmap": {"key": {"payload": {"protocol": "ip", "field": "saddr"}}, "data": {"set": [[{"prefix": {"addr": "10.0.0.0", "len": 8}}, {"accept": null}], [{"prefix": {"addr": "192.168.0.0", "len": 16}}, {"drop": null}]]}}}]

rule ip inet: ip saddr . tcp dport vmap { 10.0.0.1 . 22 : accept, 10.0.0.2 . 80 : drop }
  __map%d t b
  __map%d t 0
  	element 0100000a 00001600  : accept 0 [end]	element 0200000a 00005000  : drop 0 [end]
  [ meta load l4proto => reg 1 ]
  [ cmp eq reg 1 0x00000006 ]
  [ payload load 4b @ network header + 12 => reg 1 ]
  [ payload load 2b @ transport header + 2 => reg 9 ]
  [ lookup reg 1 set __map%d dreg 0 ]
bytecode inet:
  __map%d t b
  __map%d t 0
  	element 0100000a 00001600  : accept 0 [end]	element 0200000a 00005000  : drop 0 [end]
  [ meta load nfproto => reg 1 ]
  [ cmp eq reg 1 0x00000002 ]
  [ meta load l4proto => reg 1 ]
  [ cmp eq reg 1 0x00000006 ]
  [ payload load 4b @ network header + 12 => reg 1 ]
  [ payload load 2b @ transport header + 2 => reg 9 ]
  [ lookup reg 1 set __map%d dreg 0 ]
json: [{"vmap": {"key": {"concat": [{"payload": {"protocol": "ip", "field": "saddr"}}, {"payload": {"protocol": "tcp", "field": "dport"}}]}, "data": {"set": [[{"concat": ["10.0.0.1", 22]}, {"accept": null}], [{"concat": ["10.0.0.2", 80]}, {"drop": null}]]}}}]

rule ip inet: ip saddr . tcp dport vmap { 10.0.0.0/24 . 22-23 : accept }
  __map%d t 8f
  __map%d t 0
  	element 0000000a 00001600  - ff00000a 00001700  : accept 0 [end]
  [ meta load l4proto => reg 1 ]
  [ cmp eq reg 1 0x00000006 ]
  [ payload load 4b @ network header + 12 => reg 1 ]
  [ payload load 2b @ transport header + 2 => reg 9 ]
  [ lookup reg 1 set __map%d dreg 0 ]
bytecode inet:
  __map%d t 8f
  __map%d t 0
  	element 0000000a 00001600  - ff00000a 00001700  : accept 0 [end]
  [ meta load nfproto => reg 1 ]
  [ cmp eq reg 1 0x00000002 ]
  [ meta load l4proto => reg 1 ]
  [ cmp eq reg 1 0x00000006 ]
  [ payload load 4b @ network header + 12 => reg 1 ]
  [ payload load 2b @ transport header + 2 => reg 9 ]
  [ lookup reg 1 set __map%d dreg 0 ]
json: [{"vmap": {"key": {"concat": [{"payload": {"protocol": "ip", "field": "saddr"}}, {"payload": {"protocol": "tcp", "field": "dport"}}]}, "data": {"set": [[{"concat": [{"prefix": {"addr": "10.0.0.0", "len": 24}}, {"range": [22, 23]}]}, {"accept": null}]]}}}]

rule ip6 inet: ip6 saddr vmap { ::1 : accept, fe80::/64 : drop }
  __map%d t f
  __map%d t 0
  	element 00000000 00000000 00000000 00000000  : 1 [end]	element 00000000 00000000 00000000 01000000  : accept 0 [end]	element 00000000 00000000 00000000 02000000  : 1 [end]	element 000080fe 00000000 00000000 00000000  : drop 0 [end]	element 000080fe 01000000 00000000 00000000  : 1 [end]
  [ payload load 16b @ network header + 8 => reg 1 ]
  [ lookup reg 1 set __map%d dreg 0 ]
bytecode inet:
  __map%d t f
  __map%d t 0
  	element 00000000 00000000 00000000 00000000  : 1 [end]	element 00000000 00000000 00000000 01000000  : accept 0 [end]	element 00000000 00000000 00000000 02000000  : 1 [end]	element 000080fe 00000000 00000000 00000000  : drop 0 [end]	element 000080fe 01000000 00000000 00000000  : 1 [end]
  [ meta load nfproto => reg 1 ]
  [ cmp eq reg 1 0x0000000a ]
  [ payload load 16b @ network header + 8 => reg 1 ]
  [ lookup reg 1 set __map%d dreg 0 ]
json: [{"vmap": {"key": {"payload": {"protocol": "ip6", "field": "saddr"}}, "data": {"set": [["::1", {"accept": null}], [{"prefix": {"addr": "fe80::", "len": 64}}, {"drop": null}]]}}}]

rule ip6 inet: ip6 saddr . tcp dport vmap { ::1 . 22 : accept }
  __map%d t b
  __map%d t 0
  	element 00000000 00000000 00000000 01000000 00001600  : accept 0 [end]
  [ meta load l4proto => reg 1 ]
  [ cmp eq reg 1 0x00000006 ]
  [ payload load 16b @ network header + 8 => reg 1 ]
  [ payload load 2b @ transport header + 2 => reg 2 ]
  [ lookup reg 1 set __map%d dreg 0 ]
bytecode inet:
  __map%d t b
  __map%d t 0
  	element 00000000 00000000 00000000 01000000 00001600  : accept 0 [end]
  [ meta load nfproto => reg 1 ]
  [ cmp eq reg 1 0x0000000a ]
  [ meta load l4proto => reg 1 ]
  [ cmp eq reg 1 0x00000006 ]
  [ payload load 16b @ network header + 8 => reg 1 ]
  [ payload load 2b @ transport header + 2 => reg 2 ]
  [ lookup reg 1 set __map%d dreg 0 ]
json: [{"vmap": {"key": {"concat": [{"payload": {"protocol": "ip6", "field": "saddr"}}, {"payload": {"protocol": "tcp", "field": "dport"}}]}, "data": {"set": [[{"concat": ["::1", 22]}, {"accept": null}]]}}}]

rule inet: iifname vmap { "lo" : accept, "eth0" : drop }
  __map%d t b
  __map%d t 0
  	element 00006f6c 00000000 00000000 00000000  : accept 0 [end]	element 30687465 00000000 00000000 00000000  : drop 0 [end]
  [ meta load iifname => reg 1 ]
  [ lookup reg 1 set __map%d dreg 0 ]
json: [{"vmap": {"key": {"meta": {"key": "iifname"}}, "data": {"set": [["lo", {"accept": null}], ["eth0", {"drop": null}]]}}}]

rule inet: meta nfproto vmap { ipv4 : accept, ipv6 : drop }
  __map%d t b
  __map%d t 0
  	element 00000002  : accept 0 [end]	element 0000000a  : drop 0 [end]
  [ meta load nfproto => reg 1 ]
  [ lookup reg 1 set __map%d dreg 0 ]
json: [{"vmap": {"key": {"meta": {"key": "nfproto"}}, "data": {"set": [["ipv4", {"accept": null}], ["ipv6", {"drop": null}]]}}}]

# keys narrower than a byte are masked and the keys shifted, as in a match
rule ip inet: ip dscp vmap { cs1 : accept, af11 : drop }
  __map%d t b
  __map%d t 0
  	element 00000020  : accept 0 [end]	element 00000028  : drop 0 [end]
  [ payload load 1b @ network header + 1 => reg 1 ]
  [ bitwise reg 1 = ( reg 1 & 0x000000fc ) ^ 0x00000000 ]
  [ lookup reg 1 set __map%d dreg 0 ]
bytecode inet:
  __map%d t b
  __map%d t 0
  	element 00000020  : accept 0 [end]	element 00000028  : drop 0 [end]
  [ meta load nfproto => reg 1 ]
  [ cmp eq reg 1 0x00000002 ]
  [ payload load 1b @ network header + 1 => reg 1 ]
  [ bitwise reg 1 = ( reg 1 & 0x000000fc ) ^ 0x00000000 ]
  [ lookup reg 1 set __map%d dreg 0 ]
json: [{"vmap": {"key": {"payload": {"protocol": "ip", "field": "dscp"}}, "data": {"set": [["cs1", {"accept": null}], ["af11", {"drop": null}]]}}}]

rule ip6 inet: ip6 dscp vmap { cs1 : accept, af11 : drop }
  __map%d t b
  __map%d t 0
  	element 00000002  : accept 0 [end]	element 00008002  : drop 0 [end]
  [ payload load 2b @ network header + 0 => reg 1 ]
  [ bitwise reg 1 = ( reg 1 & 0x0000c00f ) ^ 0x00000000 ]
  [ lookup reg 1 set __map%d dreg 0 ]
bytecode inet:
  __map%d t b
  __map%d t 0
  	element 00000002  : accept 0 [end]	element 00008002  : drop 0 [end]
  [ meta load nfproto => reg 1 ]
  [ cmp eq reg 1 0x0000000a ]
  [ payload load 2b @ network header + 0 => reg 1 ]
  [ bitwise reg 1 = ( reg 1 & 0x0000c00f ) ^ 0x00000000 ]
  [ lookup reg 1 set __map%d dreg 0 ]
json: [{"vmap": {"key": {"payload": {"protocol": "ip6", "field": "dscp"}}, "data": {"set": [["cs1", {"accept": null}], ["af11", {"drop": null}]]}}}]

rule: meta mark & 0xff vmap { 1 : accept, 2-3 : drop }
list: meta mark & 0x000000ff vmap { 0x00000001 : accept, 0x00000002-0x00000003 : drop }
  __map%d t f
  __map%d t 0
  	element 00000000  : 1 [end]	element 01000000  : accept 0 [end]	element 02000000  : drop 0 [end]	element 04000000  : 1 [end]
  [ meta load mark => reg 1 ]
  [ bitwise reg 1 = ( reg 1 & 0x000000ff ) ^ 0x00000000 ]
  [ byteorder reg 1 = hton(reg 1, 4, 4) ]
  [ lookup reg 1 set __map%d dreg 0 ]
json: [{"vmap": {"key": {"&": [{"meta": {"key": "mark"}}, 255]}, "data": {"set": [[1, {"accept": null}], [{"range": [2, 3]}, {"drop": null}]]}}}]

rule ip inet: ip saddr & 255.255.0.0 vmap { 10.1.0.0 : accept }
  __map%d t b
  __map%d t 0
  	element 0000010a  : accept 0 [end]
  [ payload load 4b @ network header + 12 => reg 1 ]
  [ bitwise reg 1 = ( reg 1 & 0x0000ffff ) ^ 0x00000000 ]
  [ lookup reg 1 set __map%d dreg 0 ]
bytecode inet:
  __map%d t b
  __map%d t 0
  	element 0000010a  : accept 0 [end]
  [ meta load nfproto => reg 1 ]
  [ cmp eq reg 1 0x00000002 ]
  [ payload load 4b @ network header + 12 => reg 1 ]
  [ bitwise reg 1 = ( reg 1 & 0x0000ffff ) ^ 0x00000000 ]
  [ lookup reg 1 set __map%d dreg 0 ]
json: [{"vmap": {"key": {"&": [{"payload": {"protocol": "ip", "field": "saddr"}}, "255.255.0.0"]}, "data": {"set": [["10.1.0.0", {"accept": null}]]}}}]

rule: ct state vmap { established : accept, new | related : drop }
list: ct state vmap { established : accept, related | new : drop }
  __map%d t b
  __map%d t 0
  	element 00000002  : accept 0 [end]	element 0000000c  : drop 0 [end]
  [ ct load state => reg 1 ]
  [ lookup reg 1 set __map%d dreg 0 ]
json: [{"vmap": {"key": {"ct": {"key": "state"}}, "data": {"set": [["established", {"accept": null}], [{"|": ["related", "new"]}, {"drop": null}]]}}}]
# names: wildcards make an interval map of the bytes
rule: iifname vmap { "eth*" : accept, "lo" : drop }
  __map%d t f
  __map%d t 0
  	element 00000000 00000000 00000000 00000000  : 1 [end]	element 00687465 00000000 00000000 00000000  : accept 0 [end]	element 00697465 00000000 00000000 00000000  : 1 [end]	element 00006f6c 00000000 00000000 00000000  : drop 0 [end]	element 00006f6c 00000000 00000000 01000000  : 1 [end]
  [ meta load iifname => reg 1 ]
  [ lookup reg 1 set __map%d dreg 0 ]
json: [{"vmap": {"key": {"meta": {"key": "iifname"}}, "data": {"set": [["eth*", {"accept": null}], ["lo", {"drop": null}]]}}}]

rule ip inet: iifname . ip saddr vmap { "lo" . 10.0.0.1 : accept, "eth0" . 10.0.0.2 : drop }
  __map%d t b
  __map%d t 0
  	element 00006f6c 00000000 00000000 00000000 0100000a  : accept 0 [end]	element 30687465 00000000 00000000 00000000 0200000a  : drop 0 [end]
  [ meta load iifname => reg 1 ]
  [ payload load 4b @ network header + 12 => reg 2 ]
  [ lookup reg 1 set __map%d dreg 0 ]
bytecode inet:
  __map%d t b
  __map%d t 0
  	element 00006f6c 00000000 00000000 00000000 0100000a  : accept 0 [end]	element 30687465 00000000 00000000 00000000 0200000a  : drop 0 [end]
  [ meta load nfproto => reg 1 ]
  [ cmp eq reg 1 0x00000002 ]
  [ meta load iifname => reg 1 ]
  [ payload load 4b @ network header + 12 => reg 2 ]
  [ lookup reg 1 set __map%d dreg 0 ]
json: [{"vmap": {"key": {"concat": [{"meta": {"key": "iifname"}}, {"payload": {"protocol": "ip", "field": "saddr"}}]}, "data": {"set": [[{"concat": ["lo", "10.0.0.1"]}, {"accept": null}], [{"concat": ["eth0", "10.0.0.2"]}, {"drop": null}]]}}}]

fail: tcp dport vmap { 22 : 1 }

fail: tcp dport vmap { foo : accept }

fail ip inet: ip saddr vmap { 10.0.0.1 : drop, 10.0.0.0/24 : accept }

fail ip inet: ip saddr vmap { 10.0.0.0/8 : accept, 10.0.0.1 : drop }

fail: tcp dport vmap { 22 : accept, 80 : drop, 22 : drop }

# a raw load's keys list as the map's integers, in decimal, as 1.1.3
# lists them (a set of them and a concatenation print them in hex)
rule ip ip6 inet: @nh,3,5 vmap { 4 : drop, 14-16 : accept }
list: @nh,0,8 & 0x1f vmap { 4 : drop, 14-16 : accept }
  __map%d t f
  __map%d t 0
  	element 00000000  : 1 [end]	element 00000004  : drop 0 [end]	element 00000005  : 1 [end]	element 0000000e  : accept 0 [end]	element 00000011  : 1 [end]
  [ payload load 1b @ network header + 0 => reg 1 ]
  [ bitwise reg 1 = ( reg 1 & 0x0000001f ) ^ 0x00000000 ]
  [ lookup reg 1 set __map%d dreg 0 ]
json: [{"vmap": {"key": {"&": [{"payload": {"base": "nh", "offset": 0, "len": 8}}, 31]}, "data": {"set": [[4, {"drop": null}], [{"range": [14, 16]}, {"accept": null}]]}}}]
