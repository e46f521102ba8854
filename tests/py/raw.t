# raw payload
families: ip ip6 inet arp bridge netdev
table: t
chain: c { type filter hook input priority filter; policy accept; }
chain netdev: c { type filter hook ingress device "v0" priority filter; policy accept; }
chain: target
veth netdev: v0 v1
set: rs { typeof @nh,3,5; }

rule: @ll,0,8 1
list: @ll,0,8 0x1
list bridge: ether daddr 01:00:00:00:00:00/8
  [ payload load 1b @ link header + 0 => reg 1 ]
  [ cmp eq reg 1 0x00000001 ]
json: [{"match": {"op": "==", "left": {"payload": {"base": "ll", "offset": 0, "len": 8}}, "right": 1}}]
json bridge: [{"match": {"op": "==", "left": {"payload": {"protocol": "ether", "field": "daddr"}}, "right": {"prefix": {"addr": "01:00:00:00:00:00", "len": 8}}}}]

rule: @nh,16,16 5
list: @nh,16,16 0x5
list ip: ip length 5
list arp: arp ptype 0x0005
  [ payload load 2b @ network header + 2 => reg 1 ]
  [ cmp eq reg 1 0x00000500 ]
json: [{"match": {"op": "==", "left": {"payload": {"base": "nh", "offset": 16, "len": 16}}, "right": 5}}]
json ip: [{"match": {"op": "==", "left": {"payload": {"protocol": "ip", "field": "length"}}, "right": 5}}]
json arp: [{"match": {"op": "==", "left": {"payload": {"protocol": "arp", "field": "ptype"}}, "right": 5}}]

rule: @th,16,16 5
list: th dport 5
  [ payload load 2b @ transport header + 2 => reg 1 ]
  [ cmp eq reg 1 0x00000500 ]
json: [{"match": {"op": "==", "left": {"payload": {"protocol": "th", "field": "dport"}}, "right": 5}}]

rule: @ih,0,8 1
list: @ih,0,8 0x1
  [ payload load 1b @ inner header + 0 => reg 1 ]
  [ cmp eq reg 1 0x00000001 ]
json: [{"match": {"op": "==", "left": {"payload": {"base": "ih", "offset": 0, "len": 8}}, "right": 1}}]

rule: @nh,1,3 2
list: @nh,1,3 0x2
  [ payload load 1b @ network header + 0 => reg 1 ]
  [ bitwise reg 1 = ( reg 1 & 0x00000070 ) ^ 0x00000000 ]
  [ cmp eq reg 1 0x00000020 ]
json: [{"match": {"op": "==", "left": {"payload": {"base": "nh", "offset": 1, "len": 3}}, "right": 2}}]

rule: @th,3,5 1
list: @th,3,5 0x1
  [ payload load 1b @ transport header + 0 => reg 1 ]
  [ bitwise reg 1 = ( reg 1 & 0x0000001f ) ^ 0x00000000 ]
  [ cmp eq reg 1 0x00000001 ]
json: [{"match": {"op": "==", "left": {"payload": {"base": "th", "offset": 3, "len": 5}}, "right": 1}}]

rule: @nh,0,8 & 0xf0 == 0x40
list ip: ip version 4
list ip6: ip6 version 4
  [ payload load 1b @ network header + 0 => reg 1 ]
  [ bitwise reg 1 = ( reg 1 & 0x000000f0 ) ^ 0x00000000 ]
  [ cmp eq reg 1 0x00000040 ]
json: [{"match": {"op": "==", "left": {"&": [{"payload": {"base": "nh", "offset": 0, "len": 8}}, 240]}, "right": 64}}]
json ip: [{"match": {"op": "==", "left": {"payload": {"protocol": "ip", "field": "version"}}, "right": 4}}]
json ip6: [{"match": {"op": "==", "left": {"payload": {"protocol": "ip6", "field": "version"}}, "right": 4}}]

rule: @nh,96,32 0x01020304
list: @nh,96,32 0x1020304
list ip: ip saddr 1.2.3.4
  [ payload load 4b @ network header + 12 => reg 1 ]
  [ cmp eq reg 1 0x04030201 ]
json: [{"match": {"op": "==", "left": {"payload": {"base": "nh", "offset": 96, "len": 32}}, "right": 16909060}}]
json ip: [{"match": {"op": "==", "left": {"payload": {"protocol": "ip", "field": "saddr"}}, "right": "1.2.3.4"}}]

fail: @xx,0,8 1

fail: @nh,0,0 1

fail: @nh,4,512 1

fail: @nh,0,8 256

# raw fields narrower than a byte: a set holds the values moved to the
# field's place, as a single value does (0x30 and 0x50 under 0xf0); the
# set's key is an integer, whose members print in decimal
rule: @th,32,4 { 3, 5 }
list: @th,32,8 & 0xf0 == { 0x30, 0x50 }
  __set%d t 3
  __set%d t 0
  	element 00000030  : 0 [end]	element 00000050  : 0 [end]
  [ payload load 1b @ transport header + 4 => reg 1 ]
  [ bitwise reg 1 = ( reg 1 & 0x000000f0 ) ^ 0x00000000 ]
  [ lookup reg 1 set __set%d ]
json: [{"match": {"op": "==", "left": {"&": [{"payload": {"base": "th", "offset": 32, "len": 8}}, 240]}, "right": {"set": [48, 80]}}}]

# sets of raw keys: the members print in the set's key type, as the
# system nft prints them. A raw key's set says so in its user data
# ("typeof", written as the system nft writes it), and its members are
# raw too, in hex, even where the left side lists as a named field. JSON
# cannot say which (json-list:): a set reloaded from it takes the type
# of the left side as written there
rule: @th,32,16 { 1, 2 }
list: @th,32,16 { 0x1, 0x2 }
  __set%d t 3
  __set%d t 0
  	element 00000100  : 0 [end]	element 00000200  : 0 [end]
  [ payload load 2b @ transport header + 4 => reg 1 ]
  [ lookup reg 1 set __set%d ]
json: [{"match": {"op": "==", "left": {"payload": {"base": "th", "offset": 32, "len": 16}}, "right": {"set": [1, 2]}}}]

rule: @th,32,16 != { 1, 2 }
list: @th,32,16 != { 0x1, 0x2 }
  __set%d t 3
  __set%d t 0
  	element 00000100  : 0 [end]	element 00000200  : 0 [end]
  [ payload load 2b @ transport header + 4 => reg 1 ]
  [ lookup reg 1 set __set%d 0x1 ]
json: [{"match": {"op": "!=", "left": {"payload": {"base": "th", "offset": 32, "len": 16}}, "right": {"set": [1, 2]}}}]

rule: @th,32,16 { 1-5, 10 }
list: @th,32,16 { 0x1-0x5, 0xa }
  __set%d t 7
  __set%d t 0
  	element 00000000  : 1 [end]	element 00000100  : 0 [end]	element 00000600  : 1 [end]	element 00000a00  : 0 [end]	element 00000b00  : 1 [end]
  [ payload load 2b @ transport header + 4 => reg 1 ]
  [ lookup reg 1 set __set%d ]
json: [{"match": {"op": "==", "left": {"payload": {"base": "th", "offset": 32, "len": 16}}, "right": {"set": [{"range": [1, 5]}, 10]}}}]

rule: @th,16,16 { 1, 2 }
list: th dport { 1, 2 }
  __set%d t 3
  __set%d t 0
  	element 00000100  : 0 [end]	element 00000200  : 0 [end]
  [ payload load 2b @ transport header + 2 => reg 1 ]
  [ lookup reg 1 set __set%d ]
json: [{"match": {"op": "==", "left": {"payload": {"protocol": "th", "field": "dport"}}, "right": {"set": [1, 2]}}}]

rule: @nh,96,32 { 1, 2 }
list: @nh,96,32 { 0x1, 0x2 }
list ip: ip saddr { 0.0.0.1, 0.0.0.2 }
  __set%d t 3
  __set%d t 0
  	element 01000000  : 0 [end]	element 02000000  : 0 [end]
  [ payload load 4b @ network header + 12 => reg 1 ]
  [ lookup reg 1 set __set%d ]
json: [{"match": {"op": "==", "left": {"payload": {"base": "nh", "offset": 96, "len": 32}}, "right": {"set": [1, 2]}}}]
json ip: [{"match": {"op": "==", "left": {"payload": {"protocol": "ip", "field": "saddr"}}, "right": {"set": ["0.0.0.1", "0.0.0.2"]}}}]
json-list ip: ip saddr { 0.0.0.1, 0.0.0.2 }

rule: @ll,0,16 { 1, 2 }
list: @ll,0,16 { 0x1, 0x2 }
  __set%d t 3
  __set%d t 0
  	element 00000100  : 0 [end]	element 00000200  : 0 [end]
  [ payload load 2b @ link header + 0 => reg 1 ]
  [ lookup reg 1 set __set%d ]
json: [{"match": {"op": "==", "left": {"payload": {"base": "ll", "offset": 0, "len": 16}}, "right": {"set": [1, 2]}}}]

# masked, the key is an integer with no such description: decimal
rule: @th,32,8 & 0xf0 == { 48, 80 }
list: @th,32,8 & 0xf0 == { 0x30, 0x50 }
  __set%d t 3
  __set%d t 0
  	element 00000030  : 0 [end]	element 00000050  : 0 [end]
  [ payload load 1b @ transport header + 4 => reg 1 ]
  [ bitwise reg 1 = ( reg 1 & 0x000000f0 ) ^ 0x00000000 ]
  [ lookup reg 1 set __set%d ]
json: [{"match": {"op": "==", "left": {"&": [{"payload": {"base": "th", "offset": 32, "len": 8}}, 240]}, "right": {"set": [48, 80]}}}]

# the set of "icmp id" is an integer key (the type's): where the id
# lists raw (its type set mixes layouts), its members stay decimal
rule ip: icmp type { redirect, 8 } icmp id { 1, 2 }
list: icmp type { redirect, echo-request } @th,32,16 { 0x1, 0x2 }
  __set%d t 3
  __set%d t 0
  	element 00000005  : 0 [end]	element 00000008  : 0 [end]
  __set%d t 3
  __set%d t 0
  	element 00000100  : 0 [end]	element 00000200  : 0 [end]
  [ meta load l4proto => reg 1 ]
  [ cmp eq reg 1 0x00000001 ]
  [ payload load 1b @ transport header + 0 => reg 1 ]
  [ lookup reg 1 set __set%d ]
  [ payload load 2b @ transport header + 4 => reg 1 ]
  [ lookup reg 1 set __set%d ]
json: [{"match": {"op": "==", "left": {"payload": {"protocol": "icmp", "field": "type"}}, "right": {"set": ["redirect", "echo-request"]}}}, {"match": {"op": "==", "left": {"payload": {"base": "th", "offset": 32, "len": 16}}, "right": {"set": [1, 2]}}}]
json-list: icmp type { redirect, echo-request } @th,32,16 { 0x1, 0x2 }

# raw writes: a field narrower than its bytes is rewritten under a mask;
# the inner header's in 16 bit words, fixing the transport checksum
rule: @nh,58,6 set 0
list: @nh,58,6 set 0x0
list ip6: ip6 hoplimit set ip6 hoplimit & 192
  [ payload load 1b @ network header + 7 => reg 1 ]
  [ bitwise reg 1 = ( reg 1 & 0x000000c0 ) ^ 0x00000000 ]
  [ payload write reg 1 => 1b @ network header + 7 csum_type 0 csum_off 0 csum_flags 0x0 ]
json: [{"mangle": {"key": {"payload": {"base": "nh", "offset": 58, "len": 6}}, "value": 0}}]
json ip6: [{"mangle": {"key": {"payload": {"protocol": "ip6", "field": "hoplimit"}}, "value": {"&": [{"payload": {"protocol": "ip6", "field": "hoplimit"}}, 192]}}}]

rule: @ih,58,6 set 0
list: @ih,58,6 set 0x0
  [ payload load 2b @ inner header + 6 => reg 1 ]
  [ bitwise reg 1 = ( reg 1 & 0x0000c0ff ) ^ 0x00000000 ]
  [ payload write reg 1 => 2b @ inner header + 6 csum_type 0 csum_off 0 csum_flags 0x1 ]
json: [{"mangle": {"key": {"payload": {"base": "ih", "offset": 58, "len": 6}}, "value": 0}}]

rule: @ih,0,32 set 5
list: @ih,0,32 set 0x5
  [ immediate reg 1 0x05000000 ]
  [ payload write reg 1 => 4b @ inner header + 0 csum_type 0 csum_off 0 csum_flags 0x1 ]
json: [{"mangle": {"key": {"payload": {"base": "ih", "offset": 0, "len": 32}}, "value": 5}}]

rule: @th,2,3 set 5
list: @th,2,3 set 0x5
  [ payload load 1b @ transport header + 0 => reg 1 ]
  [ bitwise reg 1 = ( reg 1 & 0x000000c7 ) ^ 0x00000028 ]
  [ payload write reg 1 => 1b @ transport header + 0 csum_type 0 csum_off 0 csum_flags 0x0 ]
json: [{"mangle": {"key": {"payload": {"base": "th", "offset": 2, "len": 3}}, "value": 5}}]

# a mask of bits of no field lists as those bits, whatever was loaded
# (as the reference lists it), which then load just their bytes
rule netdev: @nh,0,16 & 0x0f00 == 0x500
list: @nh,4,4 0x5
  [ payload load 2b @ network header + 0 => reg 1 ]
  [ bitwise reg 1 = ( reg 1 & 0x0000000f ) ^ 0x00000000 ]
  [ cmp eq reg 1 0x00000005 ]
json: [{"match": {"op": "==", "left": {"payload": {"base": "nh", "offset": 4, "len": 4}}, "right": 5}}]
json-bytecode:
  [ payload load 1b @ network header + 0 => reg 1 ]
  [ bitwise reg 1 = ( reg 1 & 0x0000000f ) ^ 0x00000000 ]
  [ cmp eq reg 1 0x00000005 ]

rule netdev: @nh,0,16 & 0x00ff == 5
list: @nh,8,8 0x5
  [ payload load 2b @ network header + 0 => reg 1 ]
  [ bitwise reg 1 = ( reg 1 & 0x0000ff00 ) ^ 0x00000000 ]
  [ cmp eq reg 1 0x00000500 ]
json: [{"match": {"op": "==", "left": {"payload": {"base": "nh", "offset": 8, "len": 8}}, "right": 5}}]
json-bytecode:
  [ payload load 1b @ network header + 1 => reg 1 ]
  [ cmp eq reg 1 0x00000005 ]

# a raw load in a concatenation: named once listed ("ip length"), its
# members keep the raw load's type (hex), as 1.1.3 types an anonymous
# set's members by its typeof; from JSON, which names the
# field, they take the field's type
rule ip: @nh,16,16 . tcp dport { 65535 . 22, 1-4 . 80 }
list: ip length . tcp dport { 0xffff . 22, 0x1-0x4 . 80 }
  __set%d t 87
  __set%d t 0
  	element 0000ffff 00001600  - 0000ffff 00001600  : 0 [end]	element 00000100 00005000  - 00000400 00005000  : 0 [end]
  [ meta load l4proto => reg 1 ]
  [ cmp eq reg 1 0x00000006 ]
  [ payload load 2b @ network header + 2 => reg 1 ]
  [ payload load 2b @ transport header + 2 => reg 9 ]
  [ lookup reg 1 set __set%d ]
json: [{"match": {"op": "==", "left": {"concat": [{"payload": {"protocol": "ip", "field": "length"}}, {"payload": {"protocol": "tcp", "field": "dport"}}]}, "right": {"set": [{"concat": [65535, 22]}, {"concat": [{"range": [1, 4]}, 80]}]}}}]
json-list: ip length . tcp dport { 65535 . 22, 1-4 . 80 }

rule ip: @nh,16,16 . meta mark { 65535 . 1 }
list: ip length . meta mark { 0xffff . 0x00000001 }
  __set%d t 3
  __set%d t 0
  	element 0000ffff 00000001  : 0 [end]
  [ payload load 2b @ network header + 2 => reg 1 ]
  [ meta load mark => reg 9 ]
  [ lookup reg 1 set __set%d ]
json: [{"match": {"op": "==", "left": {"concat": [{"payload": {"protocol": "ip", "field": "length"}}, {"meta": {"key": "mark"}}]}, "right": {"set": [{"concat": [65535, 1]}]}}}]
json-list: ip length . meta mark { 65535 . 0x00000001 }

rule ip: meta mark . @nh,16,16 vmap { 1 . 0x2cd-0x4f6 : drop, 2 . 0xa86c : accept }
list: meta mark . ip length vmap { 0x00000001 . 0x2cd-0x4f6 : drop, 0x00000002 . 0xa86c : accept }
  __map%d t 8f
  __map%d t 0
  	element 01000000 0000cd02  - 01000000 0000f604  : drop 0 [end]	element 02000000 00006ca8  - 02000000 00006ca8  : accept 0 [end]
  [ meta load mark => reg 1 ]
  [ byteorder reg 1 = hton(reg 1, 4, 4) ]
  [ payload load 2b @ network header + 2 => reg 9 ]
  [ lookup reg 1 set __map%d dreg 0 ]
json: [{"vmap": {"key": {"concat": [{"meta": {"key": "mark"}}, {"payload": {"protocol": "ip", "field": "length"}}]}, "data": {"set": [[{"concat": [1, {"range": [717, 1270]}]}, {"drop": null}], [{"concat": [2, 43116]}, {"accept": null}]]}}}]
json-list: meta mark . ip length vmap { 0x00000001 . 717-1270 : drop, 0x00000002 . 43116 : accept }

rule arp: meta mark . @nh,16,16 vmap { 1 . 0x2cd-0x4f6 : drop, 2 . 0xa86c : accept }
list: meta mark . arp ptype vmap { 0x00000001 . 0x2cd-0x4f6 : drop, 0x00000002 . 0xa86c : accept }
  __map%d t 8f
  __map%d t 0
  	element 01000000 0000cd02  - 01000000 0000f604  : drop 0 [end]	element 02000000 00006ca8  - 02000000 00006ca8  : accept 0 [end]
  [ meta load mark => reg 1 ]
  [ byteorder reg 1 = hton(reg 1, 4, 4) ]
  [ payload load 2b @ network header + 2 => reg 9 ]
  [ lookup reg 1 set __map%d dreg 0 ]
json: [{"vmap": {"key": {"concat": [{"meta": {"key": "mark"}}, {"payload": {"protocol": "arp", "field": "ptype"}}]}, "data": {"set": [[{"concat": [1, {"range": [717, 1270]}]}, {"drop": null}], [{"concat": [2, 43116]}, {"accept": null}]]}}}]
json-list: meta mark . arp ptype vmap { 0x00000001 . 0x02cd-0x04f6 : drop, 0x00000002 . 0xa86c : accept }

# a mask that selects nothing: 1.1.3 lists a field of no bits ("@nh,40,0
# 0x0"), which it cannot load, and loses the value compared (README
# "Differences")
rule: @nh,8,32 & 0 == 0xffffffff
list: @nh,8,32 & 0x0 == 0xffffffff
  [ payload load 4b @ network header + 1 => reg 1 ]
  [ bitwise reg 1 = ( reg 1 & 0x00000000 ) ^ 0x00000000 ]
  [ cmp eq reg 1 0xffffffff ]
json: [{"match": {"op": "==", "left": {"&": [{"payload": {"base": "nh", "offset": 8, "len": 32}}, 0]}, "right": 4294967295}}]
ref-list: @nh,40,0 0x0
ref-json: [{"match": {"op": "==", "left": {"payload": {"base": "nh", "offset": 40, "len": 0}}, "right": 0}}]

# a key past 64 bits in JSON: hex text, unpadded, as 1.1.3 writes it
rule: @th,80,128 vmap { 0x10000000000000000 : accept }
list: @th,80,128 vmap { 18446744073709551616 : accept }
  __map%d t b
  __map%d t 0
  	element 00000000 01000000 00000000 00000000  : accept 0 [end]
  [ payload load 16b @ transport header + 10 => reg 1 ]
  [ lookup reg 1 set __map%d dreg 0 ]
json: [{"vmap": {"key": {"payload": {"base": "th", "offset": 80, "len": 128}}, "data": {"set": [["0x10000000000000000", {"accept": null}]]}}}]

# a raw load masked for a named set's lookup: listed as the load and its
# mask, as 1.1.3 lists it (it loads back as it is)
rule: @nh,3,5 @rs
list: @nh,0,8 & 0x1f == @rs
  [ payload load 1b @ network header + 0 => reg 1 ]
  [ bitwise reg 1 = ( reg 1 & 0x0000001f ) ^ 0x00000000 ]
  [ lookup reg 1 set rs ]
json: [{"match": {"op": "==", "left": {"&": [{"payload": {"base": "nh", "offset": 0, "len": 8}}, 31]}, "right": "@rs"}}]

