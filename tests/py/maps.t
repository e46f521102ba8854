# anonymous maps: "KEY map { k : v }" giving a statement its value (meta
# mark, ct mark), with value, interval and concatenated keys; the data
# takes the statement's type
families: ip ip6 inet
table: t
chain: c { type filter hook input priority filter; policy accept; }
chain: target

rule: meta mark set tcp dport map { 22 : 1, 80 : 2 }
list: meta mark set tcp dport map { 22 : 0x00000001, 80 : 0x00000002 }
  __map%d t b
  __map%d t 0
  	element 00001600  : 00000001 0 [end]	element 00005000  : 00000002 0 [end]
  [ meta load l4proto => reg 1 ]
  [ cmp eq reg 1 0x00000006 ]
  [ payload load 2b @ transport header + 2 => reg 1 ]
  [ lookup reg 1 set __map%d dreg 1 ]
  [ meta set mark with reg 1 ]
json: [{"mangle": {"key": {"meta": {"key": "mark"}}, "value": {"map": {"key": {"payload": {"protocol": "tcp", "field": "dport"}}, "data": {"set": [[22, 1], [80, 2]]}}}}}]

rule: meta mark set udp dport map { 53 : 0x10, 123 : 0x20 } counter
list: meta mark set udp dport map { 53 : 0x00000010, 123 : 0x00000020 } counter packets 0 bytes 0
  __map%d t b
  __map%d t 0
  	element 00003500  : 00000010 0 [end]	element 00007b00  : 00000020 0 [end]
  [ meta load l4proto => reg 1 ]
  [ cmp eq reg 1 0x00000011 ]
  [ payload load 2b @ transport header + 2 => reg 1 ]
  [ lookup reg 1 set __map%d dreg 1 ]
  [ meta set mark with reg 1 ]
  [ counter pkts 0 bytes 0 ]
json: [{"mangle": {"key": {"meta": {"key": "mark"}}, "value": {"map": {"key": {"payload": {"protocol": "udp", "field": "dport"}}, "data": {"set": [[53, 16], [123, 32]]}}}}}, {"counter": {"packets": 0, "bytes": 0}}]

rule: ct mark set tcp dport map { 22 : 1, 80 : 2 }
list: ct mark set tcp dport map { 22 : 0x00000001, 80 : 0x00000002 }
  __map%d t b
  __map%d t 0
  	element 00001600  : 00000001 0 [end]	element 00005000  : 00000002 0 [end]
  [ meta load l4proto => reg 1 ]
  [ cmp eq reg 1 0x00000006 ]
  [ payload load 2b @ transport header + 2 => reg 1 ]
  [ lookup reg 1 set __map%d dreg 1 ]
  [ ct set mark with reg 1 ]
json: [{"mangle": {"key": {"ct": {"key": "mark"}}, "value": {"map": {"key": {"payload": {"protocol": "tcp", "field": "dport"}}, "data": {"set": [[22, 1], [80, 2]]}}}}}]

rule: meta mark set meta l4proto map { tcp : 1, udp : 2 }
list: meta mark set meta l4proto map { tcp : 0x00000001, udp : 0x00000002 }
  __map%d t b
  __map%d t 0
  	element 00000006  : 00000001 0 [end]	element 00000011  : 00000002 0 [end]
  [ meta load l4proto => reg 1 ]
  [ lookup reg 1 set __map%d dreg 1 ]
  [ meta set mark with reg 1 ]
json: [{"mangle": {"key": {"meta": {"key": "mark"}}, "value": {"map": {"key": {"meta": {"key": "l4proto"}}, "data": {"set": [["tcp", 1], ["udp", 2]]}}}}}]

rule: meta mark set tcp dport map { 22-23 : 1, 80 : 2, 1024-65535 : 3 }
list: meta mark set tcp dport map { 22-23 : 0x00000001, 80 : 0x00000002, 1024-65535 : 0x00000003 }
  __map%d t f
  __map%d t 0
  	element 00000000  : 1 [end]	element 00001600  : 00000001 0 [end]	element 00001800  : 1 [end]	element 00005000  : 00000002 0 [end]	element 00005100  : 1 [end]	element 00000004  : 00000003 0 [end]  userdata = { \x01\x04\x01\x00\x00\x00 }
  [ meta load l4proto => reg 1 ]
  [ cmp eq reg 1 0x00000006 ]
  [ payload load 2b @ transport header + 2 => reg 1 ]
  [ lookup reg 1 set __map%d dreg 1 ]
  [ meta set mark with reg 1 ]
json: [{"mangle": {"key": {"meta": {"key": "mark"}}, "value": {"map": {"key": {"payload": {"protocol": "tcp", "field": "dport"}}, "data": {"set": [[{"range": [22, 23]}, 1], [80, 2], [{"range": [1024, 65535]}, 3]]}}}}}]

rule: meta mark set meta mark map { 1-10 : 2, 20 : 3 }
list: meta mark set meta mark map { 0x00000001-0x0000000a : 0x00000002, 0x00000014 : 0x00000003 }
  __map%d t f
  __map%d t 0
  	element 00000000  : 1 [end]	element 01000000  : 00000002 0 [end]	element 0b000000  : 1 [end]	element 14000000  : 00000003 0 [end]	element 15000000  : 1 [end]
  [ meta load mark => reg 1 ]
  [ byteorder reg 1 = hton(reg 1, 4, 4) ]
  [ lookup reg 1 set __map%d dreg 1 ]
  [ meta set mark with reg 1 ]
json: [{"mangle": {"key": {"meta": {"key": "mark"}}, "value": {"map": {"key": {"meta": {"key": "mark"}}, "data": {"set": [[{"range": [1, 10]}, 2], [20, 3]]}}}}}]

rule: meta mark set numgen inc mod 2 map { 0 : 1, 1 : 2 }
list: meta mark set numgen inc mod 2 map { 0 : 0x00000001, 1 : 0x00000002 }
  __map%d t b
  __map%d t 0
  	element 00000000  : 00000001 0 [end]	element 00000001  : 00000002 0 [end]
  [ numgen reg 1 = inc mod 2 ]
  [ lookup reg 1 set __map%d dreg 1 ]
  [ meta set mark with reg 1 ]
json: [{"mangle": {"key": {"meta": {"key": "mark"}}, "value": {"map": {"key": {"numgen": {"mode": "inc", "mod": 2, "offset": 0}}, "data": {"set": [[0, 1], [1, 2]]}}}}}]

rule: meta mark set jhash tcp dport mod 4 map { 0 : 1, 1 : 2, 2 : 3, 3 : 4 }
list: meta mark set jhash tcp dport mod 4 map { 0 : 0x00000001, 1 : 0x00000002, 2 : 0x00000003, 3 : 0x00000004 }
  __map%d t b
  __map%d t 0
  	element 00000000  : 00000001 0 [end]	element 00000001  : 00000002 0 [end]	element 00000002  : 00000003 0 [end]	element 00000003  : 00000004 0 [end]
  [ meta load l4proto => reg 1 ]
  [ cmp eq reg 1 0x00000006 ]
  [ payload load 2b @ transport header + 2 => reg 2 ]
  [ hash reg 1 = jhash(reg 2, 2, 0x0) % mod 4 ]
  [ lookup reg 1 set __map%d dreg 1 ]
  [ meta set mark with reg 1 ]
json: [{"mangle": {"key": {"meta": {"key": "mark"}}, "value": {"map": {"key": {"jhash": {"mod": 4, "expr": {"payload": {"protocol": "tcp", "field": "dport"}}}}, "data": {"set": [[0, 1], [1, 2], [2, 3], [3, 4]]}}}}}]

rule: meta priority set tcp dport map { 22 : 1:1, 80 : 1:2 }
  __map%d t b
  __map%d t 0
  	element 00001600  : 00010001 0 [end]	element 00005000  : 00010002 0 [end]
  [ meta load l4proto => reg 1 ]
  [ cmp eq reg 1 0x00000006 ]
  [ payload load 2b @ transport header + 2 => reg 1 ]
  [ lookup reg 1 set __map%d dreg 1 ]
  [ meta set priority with reg 1 ]
json: [{"mangle": {"key": {"meta": {"key": "priority"}}, "value": {"map": {"key": {"payload": {"protocol": "tcp", "field": "dport"}}, "data": {"set": [[22, "1:1"], [80, "1:2"]]}}}}}]

rule ip inet: meta mark set ip saddr map { 10.0.0.1 : 1, 10.0.0.2 : 2 }
list: meta mark set ip saddr map { 10.0.0.1 : 0x00000001, 10.0.0.2 : 0x00000002 }
  __map%d t b
  __map%d t 0
  	element 0100000a  : 00000001 0 [end]	element 0200000a  : 00000002 0 [end]
  [ payload load 4b @ network header + 12 => reg 1 ]
  [ lookup reg 1 set __map%d dreg 1 ]
  [ meta set mark with reg 1 ]
bytecode inet:
  __map%d t b
  __map%d t 0
  	element 0100000a  : 00000001 0 [end]	element 0200000a  : 00000002 0 [end]
  [ meta load nfproto => reg 1 ]
  [ cmp eq reg 1 0x00000002 ]
  [ payload load 4b @ network header + 12 => reg 1 ]
  [ lookup reg 1 set __map%d dreg 1 ]
  [ meta set mark with reg 1 ]
json: [{"mangle": {"key": {"meta": {"key": "mark"}}, "value": {"map": {"key": {"payload": {"protocol": "ip", "field": "saddr"}}, "data": {"set": [["10.0.0.1", 1], ["10.0.0.2", 2]]}}}}}]

rule ip inet: ct mark set ip saddr map { 10.0.0.0/24 : 1, 10.0.1.0/24 : 2 }
list: ct mark set ip saddr map { 10.0.0.0/24 : 0x00000001, 10.0.1.0/24 : 0x00000002 }
  __map%d t f
  __map%d t 0
  	element 00000000  : 1 [end]	element 0000000a  : 00000001 0 [end]	element 0001000a  : 00000002 0 [end]	element 0002000a  : 1 [end]
  [ payload load 4b @ network header + 12 => reg 1 ]
  [ lookup reg 1 set __map%d dreg 1 ]
  [ ct set mark with reg 1 ]
bytecode inet:
  __map%d t f
  __map%d t 0
  	element 00000000  : 1 [end]	element 0000000a  : 00000001 0 [end]	element 0001000a  : 00000002 0 [end]	element 0002000a  : 1 [end]
  [ meta load nfproto => reg 1 ]
  [ cmp eq reg 1 0x00000002 ]
  [ payload load 4b @ network header + 12 => reg 1 ]
  [ lookup reg 1 set __map%d dreg 1 ]
  [ ct set mark with reg 1 ]
json: [{"mangle": {"key": {"ct": {"key": "mark"}}, "value": {"map": {"key": {"payload": {"protocol": "ip", "field": "saddr"}}, "data": {"set": [[{"prefix": {"addr": "10.0.0.0", "len": 24}}, 1], [{"prefix": {"addr": "10.0.1.0", "len": 24}}, 2]]}}}}}]

rule ip inet: meta mark set ip saddr . tcp dport map { 10.0.0.1 . 22 : 1, 10.0.0.2 . 80 : 2 }
list: meta mark set ip saddr . tcp dport map { 10.0.0.1 . 22 : 0x00000001, 10.0.0.2 . 80 : 0x00000002 }
  __map%d t b
  __map%d t 0
  	element 0100000a 00001600  : 00000001 0 [end]	element 0200000a 00005000  : 00000002 0 [end]
  [ meta load l4proto => reg 1 ]
  [ cmp eq reg 1 0x00000006 ]
  [ payload load 4b @ network header + 12 => reg 1 ]
  [ payload load 2b @ transport header + 2 => reg 9 ]
  [ lookup reg 1 set __map%d dreg 1 ]
  [ meta set mark with reg 1 ]
bytecode inet:
  __map%d t b
  __map%d t 0
  	element 0100000a 00001600  : 00000001 0 [end]	element 0200000a 00005000  : 00000002 0 [end]
  [ meta load nfproto => reg 1 ]
  [ cmp eq reg 1 0x00000002 ]
  [ meta load l4proto => reg 1 ]
  [ cmp eq reg 1 0x00000006 ]
  [ payload load 4b @ network header + 12 => reg 1 ]
  [ payload load 2b @ transport header + 2 => reg 9 ]
  [ lookup reg 1 set __map%d dreg 1 ]
  [ meta set mark with reg 1 ]
json: [{"mangle": {"key": {"meta": {"key": "mark"}}, "value": {"map": {"key": {"concat": [{"payload": {"protocol": "ip", "field": "saddr"}}, {"payload": {"protocol": "tcp", "field": "dport"}}]}, "data": {"set": [[{"concat": ["10.0.0.1", 22]}, 1], [{"concat": ["10.0.0.2", 80]}, 2]]}}}}}]

rule ip inet: meta mark set ip saddr . tcp dport map { 10.0.0.0/24 . 22-23 : 3 }
list: meta mark set ip saddr . tcp dport map { 10.0.0.0/24 . 22-23 : 0x00000003 }
  __map%d t 8f
  __map%d t 0
  	element 0000000a 00001600  - ff00000a 00001700  : 00000003 0 [end]
  [ meta load l4proto => reg 1 ]
  [ cmp eq reg 1 0x00000006 ]
  [ payload load 4b @ network header + 12 => reg 1 ]
  [ payload load 2b @ transport header + 2 => reg 9 ]
  [ lookup reg 1 set __map%d dreg 1 ]
  [ meta set mark with reg 1 ]
bytecode inet:
  __map%d t 8f
  __map%d t 0
  	element 0000000a 00001600  - ff00000a 00001700  : 00000003 0 [end]
  [ meta load nfproto => reg 1 ]
  [ cmp eq reg 1 0x00000002 ]
  [ meta load l4proto => reg 1 ]
  [ cmp eq reg 1 0x00000006 ]
  [ payload load 4b @ network header + 12 => reg 1 ]
  [ payload load 2b @ transport header + 2 => reg 9 ]
  [ lookup reg 1 set __map%d dreg 1 ]
  [ meta set mark with reg 1 ]
json: [{"mangle": {"key": {"meta": {"key": "mark"}}, "value": {"map": {"key": {"concat": [{"payload": {"protocol": "ip", "field": "saddr"}}, {"payload": {"protocol": "tcp", "field": "dport"}}]}, "data": {"set": [[{"concat": [{"prefix": {"addr": "10.0.0.0", "len": 24}}, {"range": [22, 23]}]}, 3]]}}}}}]

rule ip6 inet: meta mark set ip6 saddr map { ::1 : 1, fe80::/64 : 2 }
list: meta mark set ip6 saddr map { ::1 : 0x00000001, fe80::/64 : 0x00000002 }
  __map%d t f
  __map%d t 0
  	element 00000000 00000000 00000000 00000000  : 1 [end]	element 00000000 00000000 00000000 01000000  : 00000001 0 [end]	element 00000000 00000000 00000000 02000000  : 1 [end]	element 000080fe 00000000 00000000 00000000  : 00000002 0 [end]	element 000080fe 01000000 00000000 00000000  : 1 [end]
  [ payload load 16b @ network header + 8 => reg 1 ]
  [ lookup reg 1 set __map%d dreg 1 ]
  [ meta set mark with reg 1 ]
bytecode inet:
  __map%d t f
  __map%d t 0
  	element 00000000 00000000 00000000 00000000  : 1 [end]	element 00000000 00000000 00000000 01000000  : 00000001 0 [end]	element 00000000 00000000 00000000 02000000  : 1 [end]	element 000080fe 00000000 00000000 00000000  : 00000002 0 [end]	element 000080fe 01000000 00000000 00000000  : 1 [end]
  [ meta load nfproto => reg 1 ]
  [ cmp eq reg 1 0x0000000a ]
  [ payload load 16b @ network header + 8 => reg 1 ]
  [ lookup reg 1 set __map%d dreg 1 ]
  [ meta set mark with reg 1 ]
json: [{"mangle": {"key": {"meta": {"key": "mark"}}, "value": {"map": {"key": {"payload": {"protocol": "ip6", "field": "saddr"}}, "data": {"set": [["::1", 1], [{"prefix": {"addr": "fe80::", "len": 64}}, 2]]}}}}}]

rule ip6 inet: meta mark set ip6 saddr . tcp dport map { ::1 . 22 : 1 }
list: meta mark set ip6 saddr . tcp dport map { ::1 . 22 : 0x00000001 }
  __map%d t b
  __map%d t 0
  	element 00000000 00000000 00000000 01000000 00001600  : 00000001 0 [end]
  [ meta load l4proto => reg 1 ]
  [ cmp eq reg 1 0x00000006 ]
  [ payload load 16b @ network header + 8 => reg 1 ]
  [ payload load 2b @ transport header + 2 => reg 2 ]
  [ lookup reg 1 set __map%d dreg 1 ]
  [ meta set mark with reg 1 ]
bytecode inet:
  __map%d t b
  __map%d t 0
  	element 00000000 00000000 00000000 01000000 00001600  : 00000001 0 [end]
  [ meta load nfproto => reg 1 ]
  [ cmp eq reg 1 0x0000000a ]
  [ meta load l4proto => reg 1 ]
  [ cmp eq reg 1 0x00000006 ]
  [ payload load 16b @ network header + 8 => reg 1 ]
  [ payload load 2b @ transport header + 2 => reg 2 ]
  [ lookup reg 1 set __map%d dreg 1 ]
  [ meta set mark with reg 1 ]
json: [{"mangle": {"key": {"meta": {"key": "mark"}}, "value": {"map": {"key": {"concat": [{"payload": {"protocol": "ip6", "field": "saddr"}}, {"payload": {"protocol": "tcp", "field": "dport"}}]}, "data": {"set": [[{"concat": ["::1", 22]}, 1]]}}}}}]

rule inet: meta mark set iifname map { "lo" : 1, "eth0" : 2 }
list: meta mark set iifname map { "lo" : 0x00000001, "eth0" : 0x00000002 }
  __map%d t b
  __map%d t 0
  	element 00006f6c 00000000 00000000 00000000  : 00000001 0 [end]	element 30687465 00000000 00000000 00000000  : 00000002 0 [end]
  [ meta load iifname => reg 1 ]
  [ lookup reg 1 set __map%d dreg 1 ]
  [ meta set mark with reg 1 ]
json: [{"mangle": {"key": {"meta": {"key": "mark"}}, "value": {"map": {"key": {"meta": {"key": "iifname"}}, "data": {"set": [["lo", 1], ["eth0", 2]]}}}}}]

rule ip inet: meta mark set ip dscp map { cs1 : 1, af11 : 2 }
list: meta mark set ip dscp map { cs1 : 0x00000001, af11 : 0x00000002 }
  __map%d t b
  __map%d t 0
  	element 00000020  : 00000001 0 [end]	element 00000028  : 00000002 0 [end]
  [ payload load 1b @ network header + 1 => reg 1 ]
  [ bitwise reg 1 = ( reg 1 & 0x000000fc ) ^ 0x00000000 ]
  [ lookup reg 1 set __map%d dreg 1 ]
  [ meta set mark with reg 1 ]
bytecode inet:
  __map%d t b
  __map%d t 0
  	element 00000020  : 00000001 0 [end]	element 00000028  : 00000002 0 [end]
  [ meta load nfproto => reg 1 ]
  [ cmp eq reg 1 0x00000002 ]
  [ payload load 1b @ network header + 1 => reg 1 ]
  [ bitwise reg 1 = ( reg 1 & 0x000000fc ) ^ 0x00000000 ]
  [ lookup reg 1 set __map%d dreg 1 ]
  [ meta set mark with reg 1 ]
json: [{"mangle": {"key": {"meta": {"key": "mark"}}, "value": {"map": {"key": {"payload": {"protocol": "ip", "field": "dscp"}}, "data": {"set": [["cs1", 1], ["af11", 2]]}}}}}]

rule: meta mark set iifname map { "eth*" : 1, "lo" : 2 }
list: meta mark set iifname map { "eth*" : 0x00000001, "lo" : 0x00000002 }
  __map%d t f
  __map%d t 0
  	element 00000000 00000000 00000000 00000000  : 1 [end]	element 00687465 00000000 00000000 00000000  : 00000001 0 [end]	element 00697465 00000000 00000000 00000000  : 1 [end]	element 00006f6c 00000000 00000000 00000000  : 00000002 0 [end]	element 00006f6c 00000000 00000000 01000000  : 1 [end]
  [ meta load iifname => reg 1 ]
  [ lookup reg 1 set __map%d dreg 1 ]
  [ meta set mark with reg 1 ]
json: [{"mangle": {"key": {"meta": {"key": "mark"}}, "value": {"map": {"key": {"meta": {"key": "iifname"}}, "data": {"set": [["eth*", 1], ["lo", 2]]}}}}}]

fail: meta mark set tcp dport map { 22 : accept }

fail: meta mark set tcp dport map { 22 : foo }

fail: meta mark set tcp dport map { foo : 1 }

fail: meta mark set tcp dport map { 22-30 : 1, 25 : 2 }

fail ip inet: meta mark set ip saddr . tcp dport map { 10.0.0.1 : 1 }

# dup's address and device from maps
rule ip: dup to ip saddr map { 10.0.0.1 : 10.0.0.2, 10.0.0.3 : 10.0.0.4 }
  __map%d t b
  __map%d t 0
  	element 0100000a  : 0200000a 0 [end]	element 0300000a  : 0400000a 0 [end]
  [ payload load 4b @ network header + 12 => reg 1 ]
  [ lookup reg 1 set __map%d dreg 1 ]
  [ dup sreg_addr 1 ]
json: [{"dup": {"addr": {"map": {"key": {"payload": {"protocol": "ip", "field": "saddr"}}, "data": {"set": [["10.0.0.1", "10.0.0.2"], ["10.0.0.3", "10.0.0.4"]]}}}}}]

rule ip: dup to ip saddr map { 10.0.0.1 : 10.0.0.2 } device "lo"
  __map%d t b
  __map%d t 0
  	element 0100000a  : 0200000a 0 [end]
  [ payload load 4b @ network header + 12 => reg 1 ]
  [ lookup reg 1 set __map%d dreg 1 ]
  [ immediate reg 2 0x00000001 ]
  [ dup sreg_addr 1 sreg_dev 2 ]
json: [{"dup": {"addr": {"map": {"key": {"payload": {"protocol": "ip", "field": "saddr"}}, "data": {"set": [["10.0.0.1", "10.0.0.2"]]}}}, "dev": "lo"}}]

rule ip: dup to 10.0.0.9 device iifname map { "lo" : "lo" }
  __map%d t b
  __map%d t 0
  	element 00006f6c 00000000 00000000 00000000  : 00000001 0 [end]
  [ immediate reg 1 0x0900000a ]
  [ meta load iifname => reg 2 ]
  [ lookup reg 2 set __map%d dreg 2 ]
  [ dup sreg_addr 1 sreg_dev 2 ]
json: [{"dup": {"addr": "10.0.0.9", "dev": {"map": {"key": {"meta": {"key": "iifname"}}, "data": {"set": [["lo", "lo"]]}}}}}]

fail: meta mark set tcp dport map { 22 : 1, 22 : 2 }

# payload statements take a map's value (load_balancing.nft)
rule ip inet: tcp dport 80 ip daddr set numgen inc mod 2 map { 0 : 192.168.1.100, 1 : 192.168.1.101 }
  __map%d t b
  __map%d t 0
  	element 00000000  : 6401a8c0 0 [end]	element 00000001  : 6501a8c0 0 [end]
  [ meta load l4proto => reg 1 ]
  [ cmp eq reg 1 0x00000006 ]
  [ payload load 2b @ transport header + 2 => reg 1 ]
  [ cmp eq reg 1 0x00005000 ]
  [ numgen reg 1 = inc mod 2 ]
  [ lookup reg 1 set __map%d dreg 1 ]
  [ payload write reg 1 => 4b @ network header + 16 csum_type 1 csum_off 10 csum_flags 0x1 ]
bytecode inet:
  __map%d t b
  __map%d t 0
  	element 00000000  : 6401a8c0 0 [end]	element 00000001  : 6501a8c0 0 [end]
  [ meta load l4proto => reg 1 ]
  [ cmp eq reg 1 0x00000006 ]
  [ payload load 2b @ transport header + 2 => reg 1 ]
  [ cmp eq reg 1 0x00005000 ]
  [ meta load nfproto => reg 1 ]
  [ cmp eq reg 1 0x00000002 ]
  [ numgen reg 1 = inc mod 2 ]
  [ lookup reg 1 set __map%d dreg 1 ]
  [ payload write reg 1 => 4b @ network header + 16 csum_type 1 csum_off 10 csum_flags 0x1 ]
json: [{"match": {"op": "==", "left": {"payload": {"protocol": "tcp", "field": "dport"}}, "right": 80}}, {"mangle": {"key": {"payload": {"protocol": "ip", "field": "daddr"}}, "value": {"map": {"key": {"numgen": {"mode": "inc", "mod": 2, "offset": 0}}, "data": {"set": [[0, "192.168.1.100"], [1, "192.168.1.101"]]}}}}}]

rule ip6 inet: ip6 daddr set jhash ip6 saddr mod 2 map { 0 : ::1, 1 : ::2 }
  __map%d t b
  __map%d t 0
  	element 00000000  : 00000000 00000000 00000000 01000000 0 [end]	element 00000001  : 00000000 00000000 00000000 02000000 0 [end]
  [ payload load 16b @ network header + 8 => reg 2 ]
  [ hash reg 1 = jhash(reg 2, 16, 0x0) % mod 2 ]
  [ lookup reg 1 set __map%d dreg 1 ]
  [ payload write reg 1 => 16b @ network header + 24 csum_type 0 csum_off 0 csum_flags 0x1 ]
bytecode inet:
  __map%d t b
  __map%d t 0
  	element 00000000  : 00000000 00000000 00000000 01000000 0 [end]	element 00000001  : 00000000 00000000 00000000 02000000 0 [end]
  [ meta load nfproto => reg 1 ]
  [ cmp eq reg 1 0x0000000a ]
  [ payload load 16b @ network header + 8 => reg 2 ]
  [ hash reg 1 = jhash(reg 2, 16, 0x0) % mod 2 ]
  [ lookup reg 1 set __map%d dreg 1 ]
  [ payload write reg 1 => 16b @ network header + 24 csum_type 0 csum_off 0 csum_flags 0x1 ]
json: [{"mangle": {"key": {"payload": {"protocol": "ip6", "field": "daddr"}}, "value": {"map": {"key": {"jhash": {"mod": 2, "expr": {"payload": {"protocol": "ip6", "field": "saddr"}}}}, "data": {"set": [[0, "::1"], [1, "::2"]]}}}}}]

# a concatenation of intervals lists as the kernel dumps it (1.1.3)
rule ip: meta mark set ip saddr . tcp dport map { 254.0.0.1 . 0 : 1, 0.0.0.1 . 25 : 2, 32.1.0.1 . 10-20 : 4 }
list: meta mark set ip saddr . tcp dport map { 254.0.0.1 . 0 : 0x00000001, 0.0.0.1 . 25 : 0x00000002, 32.1.0.1 . 10-20 : 0x00000004 }
  __map%d t 8f
  __map%d t 0
  	element 010000fe 00000000  - 010000fe 00000000  : 00000001 0 [end]	element 01000000 00001900  - 01000000 00001900  : 00000002 0 [end]	element 01000120 00000a00  - 01000120 00001400  : 00000004 0 [end]
  [ meta load l4proto => reg 1 ]
  [ cmp eq reg 1 0x00000006 ]
  [ payload load 4b @ network header + 12 => reg 1 ]
  [ payload load 2b @ transport header + 2 => reg 9 ]
  [ lookup reg 1 set __map%d dreg 1 ]
  [ meta set mark with reg 1 ]
json: [{"mangle": {"key": {"meta": {"key": "mark"}}, "value": {"map": {"key": {"concat": [{"payload": {"protocol": "ip", "field": "saddr"}}, {"payload": {"protocol": "tcp", "field": "dport"}}]}, "data": {"set": [[{"concat": ["254.0.0.1", 0]}, 1], [{"concat": ["0.0.0.1", 25]}, 2], [{"concat": ["32.1.0.1", {"range": [10, 20]}]}, 4]]}}}}}]

# a raw load's keys list as the map's integers, in decimal, as 1.1.3
# lists them
rule ip ip6 inet: meta mark set @nh,0,8 map { 4 : 1, 0x10 : 2 }
list: meta mark set @nh,0,8 map { 4 : 0x00000001, 16 : 0x00000002 }
  __map%d t b
  __map%d t 0
  	element 00000004  : 00000001 0 [end]	element 00000010  : 00000002 0 [end]
  [ payload load 1b @ network header + 0 => reg 1 ]
  [ lookup reg 1 set __map%d dreg 1 ]
  [ meta set mark with reg 1 ]
json: [{"mangle": {"key": {"meta": {"key": "mark"}}, "value": {"map": {"key": {"payload": {"base": "nh", "offset": 0, "len": 8}}, "data": {"set": [[4, 1], [16, 2]]}}}}}]

# 1.1.3 reads the key's second field at the wrong place and lists 0,
# which loads back as another element (README "Differences"); ours lists
# the element the kernel holds
rule ip inet: meta mark set ip saddr . ip length map { 1.2.3.4 . 9236 : 0 }
list: meta mark set ip saddr . ip length map { 1.2.3.4 . 9236 : 0x00000000 }
  __map%d t b
  __map%d t 0
  	element 04030201 00001424  : 00000000 0 [end]
  [ payload load 4b @ network header + 12 => reg 1 ]
  [ payload load 2b @ network header + 2 => reg 9 ]
  [ lookup reg 1 set __map%d dreg 1 ]
  [ meta set mark with reg 1 ]
bytecode inet:
  __map%d t b
  __map%d t 0
  	element 04030201 00001424  : 00000000 0 [end]
  [ meta load nfproto => reg 1 ]
  [ cmp eq reg 1 0x00000002 ]
  [ payload load 4b @ network header + 12 => reg 1 ]
  [ payload load 2b @ network header + 2 => reg 9 ]
  [ lookup reg 1 set __map%d dreg 1 ]
  [ meta set mark with reg 1 ]
json: [{"mangle": {"key": {"meta": {"key": "mark"}}, "value": {"map": {"key": {"concat": [{"payload": {"protocol": "ip", "field": "saddr"}}, {"payload": {"protocol": "ip", "field": "length"}}]}, "data": {"set": [[{"concat": ["1.2.3.4", 9236]}, 0]]}}}}}]
ref-list: meta mark set ip saddr . ip length map { 1.2.3.4 . 0 : 0x00000000 }
ref-json: [{"mangle": {"key": {"meta": {"key": "mark"}}, "value": {"map": {"key": {"concat": [{"payload": {"protocol": "ip", "field": "saddr"}}, {"payload": {"protocol": "ip", "field": "length"}}]}, "data": {"set": [[{"concat": ["1.2.3.4", 0]}, 0]]}}}}}]
