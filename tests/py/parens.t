# parentheses group operations in a statement's value, on the left of a
# match and among constants; never a concatenation (1.1.3's grammar
# wants the ')' at the dot)
families: ip
table: t
chain: c

rule: ct mark set (meta mark | 0x10) << 8
list: ct mark set (meta mark | 0x00000010) << 8
  [ meta load mark => reg 1 ]
  [ bitwise reg 1 = ( reg 1 & 0xffffffef ) ^ 0x00000010 ]
  [ bitwise reg 1 = ( reg 1 << 0x00000008 ) ]
  [ ct set mark with reg 1 ]
json: [{"mangle": {"key": {"ct": {"key": "mark"}}, "value": {"<<": [{"|": [{"meta": {"key": "mark"}}, 16]}, 8]}}}]

rule: ct mark set ((meta mark | 0x10) << 8)
list: ct mark set (meta mark | 0x00000010) << 8
  [ meta load mark => reg 1 ]
  [ bitwise reg 1 = ( reg 1 & 0xffffffef ) ^ 0x00000010 ]
  [ bitwise reg 1 = ( reg 1 << 0x00000008 ) ]
  [ ct set mark with reg 1 ]
json: [{"mangle": {"key": {"ct": {"key": "mark"}}, "value": {"<<": [{"|": [{"meta": {"key": "mark"}}, 16]}, 8]}}}]

rule: ct mark set (meta mark)
list: ct mark set meta mark
  [ meta load mark => reg 1 ]
  [ ct set mark with reg 1 ]
json: [{"mangle": {"key": {"ct": {"key": "mark"}}, "value": {"meta": {"key": "mark"}}}}]

rule: ct mark set (0x10)
list: ct mark set 0x00000010
  [ immediate reg 1 0x00000010 ]
  [ ct set mark with reg 1 ]
json: [{"mangle": {"key": {"ct": {"key": "mark"}}, "value": 16}}]

rule: meta mark set ((meta mark))
list: meta mark set meta mark
  [ meta load mark => reg 1 ]
  [ meta set mark with reg 1 ]
json: [{"mangle": {"key": {"meta": {"key": "mark"}}, "value": {"meta": {"key": "mark"}}}}]

rule: meta mark set (meta mark & 0xff) | 0x3
list: meta mark set meta mark & 0x000000ff | 0x00000003
  [ meta load mark => reg 1 ]
  [ bitwise reg 1 = ( reg 1 & 0x000000fc ) ^ 0x00000003 ]
  [ meta set mark with reg 1 ]
json: [{"mangle": {"key": {"meta": {"key": "mark"}}, "value": {"|": [{"&": [{"meta": {"key": "mark"}}, 255]}, 3]}}}]

rule: meta mark set meta mark & (0xff) | (0x3)
list: meta mark set meta mark & 0x000000ff | 0x00000003
  [ meta load mark => reg 1 ]
  [ bitwise reg 1 = ( reg 1 & 0x000000fc ) ^ 0x00000003 ]
  [ meta set mark with reg 1 ]
json: [{"mangle": {"key": {"meta": {"key": "mark"}}, "value": {"|": [{"&": [{"meta": {"key": "mark"}}, 255]}, 3]}}}]

rule: ct mark set meta mark | (0x10 << 8)
list: ct mark set meta mark | 0x00001000
  [ meta load mark => reg 1 ]
  [ bitwise reg 1 = ( reg 1 & 0xffffefff ) ^ 0x00001000 ]
  [ ct set mark with reg 1 ]
json: [{"mangle": {"key": {"ct": {"key": "mark"}}, "value": {"|": [{"meta": {"key": "mark"}}, 4096]}}}]

rule: ct mark set (meta mark & 0xff) map { 1 : 2 }
list: ct mark set meta mark & 0x000000ff map { 0x00000001 : 0x00000002 }
  __map%d t b
  __map%d t 0
  	element 00000001  : 00000002 0 [end]
  [ meta load mark => reg 1 ]
  [ bitwise reg 1 = ( reg 1 & 0x000000ff ) ^ 0x00000000 ]
  [ lookup reg 1 set __map%d dreg 1 ]
  [ ct set mark with reg 1 ]
json: [{"mangle": {"key": {"ct": {"key": "mark"}}, "value": {"map": {"key": {"&": [{"meta": {"key": "mark"}}, 255]}, "data": {"set": [[1, 2]]}}}}}]

rule: meta mark set ip saddr . (tcp dport) map { 1.1.1.1 . 22 : 2 }
list: meta mark set ip saddr . tcp dport map { 1.1.1.1 . 22 : 0x00000002 }
  __map%d t b
  __map%d t 0
  	element 01010101 00001600  : 00000002 0 [end]
  [ meta load l4proto => reg 1 ]
  [ cmp eq reg 1 0x00000006 ]
  [ payload load 4b @ network header + 12 => reg 1 ]
  [ payload load 2b @ transport header + 2 => reg 9 ]
  [ lookup reg 1 set __map%d dreg 1 ]
  [ meta set mark with reg 1 ]
json: [{"mangle": {"key": {"meta": {"key": "mark"}}, "value": {"map": {"key": {"concat": [{"payload": {"protocol": "ip", "field": "saddr"}}, {"payload": {"protocol": "tcp", "field": "dport"}}]}, "data": {"set": [[{"concat": ["1.1.1.1", 22]}, 2]]}}}}}]

rule: (meta mark & 0xff) 3
list: meta mark & 0x000000ff == 0x00000003
  [ meta load mark => reg 1 ]
  [ bitwise reg 1 = ( reg 1 & 0x000000ff ) ^ 0x00000000 ]
  [ cmp eq reg 1 0x00000003 ]
json: [{"match": {"op": "==", "left": {"&": [{"meta": {"key": "mark"}}, 255]}, "right": 3}}]

rule: (meta mark & 0xff) == 3
list: meta mark & 0x000000ff == 0x00000003
  [ meta load mark => reg 1 ]
  [ bitwise reg 1 = ( reg 1 & 0x000000ff ) ^ 0x00000000 ]
  [ cmp eq reg 1 0x00000003 ]
json: [{"match": {"op": "==", "left": {"&": [{"meta": {"key": "mark"}}, 255]}, "right": 3}}]

rule: (meta mark) 3
list: meta mark 0x00000003
  [ meta load mark => reg 1 ]
  [ cmp eq reg 1 0x00000003 ]
json: [{"match": {"op": "==", "left": {"meta": {"key": "mark"}}, "right": 3}}]

rule: (meta mark) vmap { 1 : accept }
list: meta mark vmap { 0x00000001 : accept }
  __map%d t b
  __map%d t 0
  	element 00000001  : accept 0 [end]
  [ meta load mark => reg 1 ]
  [ lookup reg 1 set __map%d dreg 0 ]
json: [{"vmap": {"key": {"meta": {"key": "mark"}}, "data": {"set": [[1, {"accept": null}]]}}}]

rule: (meta mark & 0xff) vmap { 1 : accept }
list: meta mark & 0x000000ff vmap { 0x00000001 : accept }
  __map%d t b
  __map%d t 0
  	element 00000001  : accept 0 [end]
  [ meta load mark => reg 1 ]
  [ bitwise reg 1 = ( reg 1 & 0x000000ff ) ^ 0x00000000 ]
  [ lookup reg 1 set __map%d dreg 0 ]
json: [{"vmap": {"key": {"&": [{"meta": {"key": "mark"}}, 255]}, "data": {"set": [[1, {"accept": null}]]}}}]

rule: meta mark (3)
list: meta mark 0x00000003
  [ meta load mark => reg 1 ]
  [ cmp eq reg 1 0x00000003 ]
json: [{"match": {"op": "==", "left": {"meta": {"key": "mark"}}, "right": 3}}]

rule: meta mark ((1))
list: meta mark 0x00000001
  [ meta load mark => reg 1 ]
  [ cmp eq reg 1 0x00000001 ]
json: [{"match": {"op": "==", "left": {"meta": {"key": "mark"}}, "right": 1}}]

rule: meta mark != (2)
list: meta mark != 0x00000002
  [ meta load mark => reg 1 ]
  [ cmp neq reg 1 0x00000002 ]
json: [{"match": {"op": "!=", "left": {"meta": {"key": "mark"}}, "right": 2}}]

rule: meta mark & (0xff) 3
list: meta mark & 0x000000ff == 0x00000003
  [ meta load mark => reg 1 ]
  [ bitwise reg 1 = ( reg 1 & 0x000000ff ) ^ 0x00000000 ]
  [ cmp eq reg 1 0x00000003 ]
json: [{"match": {"op": "==", "left": {"&": [{"meta": {"key": "mark"}}, 255]}, "right": 3}}]

rule: meta mark (1 | 2)
list: meta mark 0x00000003
  [ meta load mark => reg 1 ]
  [ cmp eq reg 1 0x00000003 ]
json: [{"match": {"op": "==", "left": {"meta": {"key": "mark"}}, "right": 3}}]

rule: meta mark { (1 | 2) }
list: meta mark 0x00000003
  [ meta load mark => reg 1 ]
  [ cmp eq reg 1 0x00000003 ]
json: [{"match": {"op": "==", "left": {"meta": {"key": "mark"}}, "right": 3}}]

fail: (ip saddr . tcp dport) { 1.1.1.1 . 22 }

fail: (ip saddr . tcp dport) vmap { 1.1.1.1 . 22 : accept }

fail: meta mark set (meta mark . ct mark)

fail: meta mark set (ip saddr . tcp dport) map { 1.1.1.1 . 22 : 2 }

fail: ct mark set (meta mark) . (ct mark)

# a constant before a load goes after it
rule: meta mark set 3 | meta mark
list: meta mark set meta mark | 0x00000003
  [ meta load mark => reg 1 ]
  [ bitwise reg 1 = ( reg 1 & 0xfffffffc ) ^ 0x00000003 ]
  [ meta set mark with reg 1 ]
json: [{"mangle": {"key": {"meta": {"key": "mark"}}, "value": {"|": [{"meta": {"key": "mark"}}, 3]}}}]

rule: meta mark set (3) | meta mark
list: meta mark set meta mark | 0x00000003
  [ meta load mark => reg 1 ]
  [ bitwise reg 1 = ( reg 1 & 0xfffffffc ) ^ 0x00000003 ]
  [ meta set mark with reg 1 ]
json: [{"mangle": {"key": {"meta": {"key": "mark"}}, "value": {"|": [{"meta": {"key": "mark"}}, 3]}}}]

rule: meta mark set 3 & meta mark
list: meta mark set meta mark & 0x00000003
  [ meta load mark => reg 1 ]
  [ bitwise reg 1 = ( reg 1 & 0x00000003 ) ^ 0x00000000 ]
  [ meta set mark with reg 1 ]
json: [{"mangle": {"key": {"meta": {"key": "mark"}}, "value": {"&": [{"meta": {"key": "mark"}}, 3]}}}]

rule: meta mark set (3 | 4) | meta mark
list: meta mark set meta mark | 0x00000007
  [ meta load mark => reg 1 ]
  [ bitwise reg 1 = ( reg 1 & 0xfffffff8 ) ^ 0x00000007 ]
  [ meta set mark with reg 1 ]
json: [{"mangle": {"key": {"meta": {"key": "mark"}}, "value": {"|": [{"meta": {"key": "mark"}}, 7]}}}]

rule: ct mark set 0x10 ^ ct mark
list: ct mark set ct mark ^ 0x00000010
  [ ct load mark => reg 1 ]
  [ bitwise reg 1 = ( reg 1 & 0xffffffff ) ^ 0x00000010 ]
  [ ct set mark with reg 1 ]
json: [{"mangle": {"key": {"ct": {"key": "mark"}}, "value": {"^": [{"ct": {"key": "mark"}}, 16]}}}]
