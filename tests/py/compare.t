# Ordered compares on host byte order keys turn the register big endian
# first; string prefixes ("eth*") compare only their bytes.
families: inet
table: t
chain: c { type filter hook prerouting priority filter; policy accept; }

rule: meta length > 1500
  [ meta load len => reg 1 ]
  [ byteorder reg 1 = hton(reg 1, 4, 4) ]
  [ cmp gt reg 1 0xdc050000 ]
json: [{"match": {"op": ">", "left": {"meta": {"key": "length"}}, "right": 1500}}]

rule: meta l4proto < 10
  [ meta load l4proto => reg 1 ]
  [ cmp lt reg 1 0x0000000a ]
json: [{"match": {"op": "<", "left": {"meta": {"key": "l4proto"}}, "right": 10}}]

rule: meta iiftype >= 10
  [ meta load iiftype => reg 1 ]
  [ byteorder reg 1 = hton(reg 1, 2, 2) ]
  [ cmp gte reg 1 0x00000a00 ]
json: [{"match": {"op": ">=", "left": {"meta": {"key": "iiftype"}}, "right": 10}}]

rule: meta mark <= 0x10
list: meta mark <= 0x00000010
  [ meta load mark => reg 1 ]
  [ byteorder reg 1 = hton(reg 1, 4, 4) ]
  [ cmp lte reg 1 0x10000000 ]
json: [{"match": {"op": "<=", "left": {"meta": {"key": "mark"}}, "right": 16}}]

rule: meta mark < 0x10
list: meta mark < 0x00000010
  [ meta load mark => reg 1 ]
  [ byteorder reg 1 = hton(reg 1, 4, 4) ]
  [ cmp lt reg 1 0x10000000 ]
json: [{"match": {"op": "<", "left": {"meta": {"key": "mark"}}, "right": 16}}]

rule: meta mark != 0x10-0x20
list: meta mark != 0x00000010-0x00000020
  [ meta load mark => reg 1 ]
  [ byteorder reg 1 = hton(reg 1, 4, 4) ]
  [ range neq reg 1 0x10000000 0x20000000 ]
json: [{"match": {"op": "!=", "left": {"meta": {"key": "mark"}}, "right": {"range": [16, 32]}}}]

rule: tcp dport < 1024
  [ meta load l4proto => reg 1 ]
  [ cmp eq reg 1 0x00000006 ]
  [ payload load 2b @ transport header + 2 => reg 1 ]
  [ cmp lt reg 1 0x00000004 ]
json: [{"match": {"op": "<", "left": {"payload": {"protocol": "tcp", "field": "dport"}}, "right": 1024}}]

rule: iifname "eth*"
  [ meta load iifname => reg 1 ]
  [ cmp eq reg 1 0x00687465 ]
json: [{"match": {"op": "==", "left": {"meta": {"key": "iifname"}}, "right": "eth*"}}]

rule: iifname != "e*"
  [ meta load iifname => reg 1 ]
  [ cmp neq reg 1 0x00000065 ]
json: [{"match": {"op": "!=", "left": {"meta": {"key": "iifname"}}, "right": "e*"}}]

rule: oifname "veth*" accept
  [ meta load oifname => reg 1 ]
  [ cmp eq reg 1 0x68746576 ]
  [ immediate reg 0 accept ]
json: [{"match": {"op": "==", "left": {"meta": {"key": "oifname"}}, "right": "veth*"}}, {"accept": null}]

rule: iifname "eth\*"
  [ meta load iifname => reg 1 ]
  [ cmp eq reg 1 0x2a687465 0x00000000 0x00000000 0x00000000 ]
json: [{"match": {"op": "==", "left": {"meta": {"key": "iifname"}}, "right": "eth\\*"}}]

fail: iifname "*"

fail: iifname "0123456789abcdef"

# the name as written, star included, must leave room for a NUL
rule: iifname "abcdefghijklmn*"
  [ meta load iifname => reg 1 ]
  [ cmp eq reg 1 0x64636261 0x68676665 0x6c6b6a69 0x00006e6d ]
json: [{"match": {"op": "==", "left": {"meta": {"key": "iifname"}}, "right": "abcdefghijklmn*"}}]

fail: iifname "abcdefghijklmno*"

# a number after "/" is a prefix length on any integer, as the system nft
# reads it ("0x50000/16" matches the top 16 bits), with any operator
rule: meta mark 0x50000/16
list: meta mark & 0xffff0000 == 0x00050000
  [ meta load mark => reg 1 ]
  [ bitwise reg 1 = ( reg 1 & 0xffff0000 ) ^ 0x00000000 ]
  [ cmp eq reg 1 0x00050000 ]
json: [{"match": {"op": "==", "left": {"&": [{"meta": {"key": "mark"}}, 4294901760]}, "right": 327680}}]

rule: meta mark != 0x50000/16
list: meta mark & 0xffff0000 != 0x00050000
  [ meta load mark => reg 1 ]
  [ bitwise reg 1 = ( reg 1 & 0xffff0000 ) ^ 0x00000000 ]
  [ cmp neq reg 1 0x00050000 ]
json: [{"match": {"op": "!=", "left": {"&": [{"meta": {"key": "mark"}}, 4294901760]}, "right": 327680}}]

rule: ct mark == 0x10000/16
list: ct mark & 0xffff0000 == 0x00010000
  [ ct load mark => reg 1 ]
  [ bitwise reg 1 = ( reg 1 & 0xffff0000 ) ^ 0x00000000 ]
  [ cmp eq reg 1 0x00010000 ]
json: [{"match": {"op": "==", "left": {"&": [{"ct": {"key": "mark"}}, 4294901760]}, "right": 65536}}]

rule: tcp dport 1024/6
list: tcp dport & 64512 == 1024
  [ meta load l4proto => reg 1 ]
  [ cmp eq reg 1 0x00000006 ]
  [ payload load 2b @ transport header + 2 => reg 1 ]
  [ bitwise reg 1 = ( reg 1 & 0x000000fc ) ^ 0x00000000 ]
  [ cmp eq reg 1 0x00000004 ]
json: [{"match": {"op": "==", "left": {"&": [{"payload": {"protocol": "tcp", "field": "dport"}}, 64512]}, "right": 1024}}]

fail: tcp flags syn / 0x12

fail: meta mark 5/33

# the relational operators' word forms, as the system nft takes them
rule: tcp dport eq 1024
list: tcp dport 1024
  [ meta load l4proto => reg 1 ]
  [ cmp eq reg 1 0x00000006 ]
  [ payload load 2b @ transport header + 2 => reg 1 ]
  [ cmp eq reg 1 0x00000004 ]
json: [{"match": {"op": "==", "left": {"payload": {"protocol": "tcp", "field": "dport"}}, "right": 1024}}]

rule: tcp dport ne 1024
list: tcp dport != 1024
  [ meta load l4proto => reg 1 ]
  [ cmp eq reg 1 0x00000006 ]
  [ payload load 2b @ transport header + 2 => reg 1 ]
  [ cmp neq reg 1 0x00000004 ]
json: [{"match": {"op": "!=", "left": {"payload": {"protocol": "tcp", "field": "dport"}}, "right": 1024}}]

rule: tcp dport lt 1024
list: tcp dport < 1024
  [ meta load l4proto => reg 1 ]
  [ cmp eq reg 1 0x00000006 ]
  [ payload load 2b @ transport header + 2 => reg 1 ]
  [ cmp lt reg 1 0x00000004 ]
json: [{"match": {"op": "<", "left": {"payload": {"protocol": "tcp", "field": "dport"}}, "right": 1024}}]

rule: tcp dport gt 1024
list: tcp dport > 1024
  [ meta load l4proto => reg 1 ]
  [ cmp eq reg 1 0x00000006 ]
  [ payload load 2b @ transport header + 2 => reg 1 ]
  [ cmp gt reg 1 0x00000004 ]
json: [{"match": {"op": ">", "left": {"payload": {"protocol": "tcp", "field": "dport"}}, "right": 1024}}]

rule: tcp dport le 1024
list: tcp dport <= 1024
  [ meta load l4proto => reg 1 ]
  [ cmp eq reg 1 0x00000006 ]
  [ payload load 2b @ transport header + 2 => reg 1 ]
  [ cmp lte reg 1 0x00000004 ]
json: [{"match": {"op": "<=", "left": {"payload": {"protocol": "tcp", "field": "dport"}}, "right": 1024}}]

rule: tcp dport ge 1024
list: tcp dport >= 1024
  [ meta load l4proto => reg 1 ]
  [ cmp eq reg 1 0x00000006 ]
  [ payload load 2b @ transport header + 2 => reg 1 ]
  [ cmp gte reg 1 0x00000004 ]
json: [{"match": {"op": ">=", "left": {"payload": {"protocol": "tcp", "field": "dport"}}, "right": 1024}}]

rule: meta mark ne 0x10
list: meta mark != 0x00000010
  [ meta load mark => reg 1 ]
  [ cmp neq reg 1 0x00000010 ]
json: [{"match": {"op": "!=", "left": {"meta": {"key": "mark"}}, "right": 16}}]

rule: ct state ne established
list: ct state != established
  [ ct load state => reg 1 ]
  [ cmp neq reg 1 0x00000002 ]
json: [{"match": {"op": "!=", "left": {"ct": {"key": "state"}}, "right": "established"}}]

fail: ip saddr lt 10.0.0.0/8
