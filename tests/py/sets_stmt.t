# sets that declare stateful statements for their elements ("counter;",
# "limit rate ...;", "quota ...;", "ct count ...;", several at once): the
# rules that look them up and fill them; the declarations themselves,
# their elements, reset and JSON are in tests/shell/testcases/49-set-stmts.sh
families: ip inet
table: t
chain: c { type filter hook input priority filter; policy accept; }
chain: w
set: sc { type ipv4_addr; counter; }
set: scq { type ipv4_addr; counter; quota 10 mbytes; }
set: sdl { type ipv4_addr; flags dynamic; limit rate 10/second; counter; }
set: sdn { type ipv4_addr; flags dynamic; ct count over 10; }
map: mc { type ipv4_addr : mark; counter; }

rule: ip saddr @sc drop
  [ payload load 4b @ network header + 12 => reg 1 ]
  [ lookup reg 1 set sc ]
  [ immediate reg 0 drop ]
bytecode inet:
  [ meta load nfproto => reg 1 ]
  [ cmp eq reg 1 0x00000002 ]
  [ payload load 4b @ network header + 12 => reg 1 ]
  [ lookup reg 1 set sc ]
  [ immediate reg 0 drop ]
json: [{"match": {"op": "==", "left": {"payload": {"protocol": "ip", "field": "saddr"}}, "right": "@sc"}}, {"drop": null}]

rule: ip saddr @scq accept
  [ payload load 4b @ network header + 12 => reg 1 ]
  [ lookup reg 1 set scq ]
  [ immediate reg 0 accept ]
bytecode inet:
  [ meta load nfproto => reg 1 ]
  [ cmp eq reg 1 0x00000002 ]
  [ payload load 4b @ network header + 12 => reg 1 ]
  [ lookup reg 1 set scq ]
  [ immediate reg 0 accept ]
json: [{"match": {"op": "==", "left": {"payload": {"protocol": "ip", "field": "saddr"}}, "right": "@scq"}}, {"accept": null}]

rule: add @sdl { ip saddr }
  [ payload load 4b @ network header + 12 => reg 1 ]
  [ dynset add reg_key 1 set sdl ]
bytecode inet:
  [ meta load nfproto => reg 1 ]
  [ cmp eq reg 1 0x00000002 ]
  [ payload load 4b @ network header + 12 => reg 1 ]
  [ dynset add reg_key 1 set sdl ]
json: [{"set": {"op": "add", "elem": {"payload": {"protocol": "ip", "field": "saddr"}}, "set": "@sdl"}}]

# "add @sdl { ip saddr limit rate 10/second counter }" lists as "add @sdl
# { ip saddr }" in both nfts: the kernel dumps no statements of a set
# statement whose set declares its own, so they cannot come back

rule: meta mark set ip saddr map @mc
  [ payload load 4b @ network header + 12 => reg 1 ]
  [ lookup reg 1 set mc dreg 1 ]
  [ meta set mark with reg 1 ]
bytecode inet:
  [ meta load nfproto => reg 1 ]
  [ cmp eq reg 1 0x00000002 ]
  [ payload load 4b @ network header + 12 => reg 1 ]
  [ lookup reg 1 set mc dreg 1 ]
  [ meta set mark with reg 1 ]
json: [{"mangle": {"key": {"meta": {"key": "mark"}}, "value": {"map": {"key": {"payload": {"protocol": "ip", "field": "saddr"}}, "data": "@mc"}}}}]

fail: add @sdl { ip saddr log }

# anonymous sets and maps whose elements hold statements or a comment:
# listed with them; one member holding any stays a set; more than the
# two statements the kernel keeps on an element are refused under it
rule: tcp dport { 22 counter, 80 counter }
list: tcp dport { 22 counter packets 0 bytes 0, 80 counter packets 0 bytes 0 }
  __set%d t 3
  __set%d t 0
  	element 00001600  : 0 [end]	element 00005000  : 0 [end]
  [ meta load l4proto => reg 1 ]
  [ cmp eq reg 1 0x00000006 ]
  [ payload load 2b @ transport header + 2 => reg 1 ]
  [ lookup reg 1 set __set%d ]
json: [{"match": {"op": "==", "left": {"payload": {"protocol": "tcp", "field": "dport"}}, "right": {"set": [{"elem": {"val": 22, "counter": {"packets": 0, "bytes": 0}}}, {"elem": {"val": 80, "counter": {"packets": 0, "bytes": 0}}}]}}}]

rule: meta mark { 0xa counter }
list: meta mark { 0x0000000a counter packets 0 bytes 0 }
  __set%d t 3
  __set%d t 0
  	element 0000000a  : 0 [end]
  [ meta load mark => reg 1 ]
  [ lookup reg 1 set __set%d ]
json: [{"match": {"op": "==", "left": {"meta": {"key": "mark"}}, "right": {"set": [{"elem": {"val": 10, "counter": {"packets": 0, "bytes": 0}}}]}}}]

rule: tcp dport { 22 counter, 80 comment "web" }
list: tcp dport { 22 counter packets 0 bytes 0, 80 comment "web" }
  __set%d t 3
  __set%d t 0
  	element 00001600  : 0 [end]	element 00005000  : 0 [end]  userdata = { \x00\x04web\x00 }
  [ meta load l4proto => reg 1 ]
  [ cmp eq reg 1 0x00000006 ]
  [ payload load 2b @ transport header + 2 => reg 1 ]
  [ lookup reg 1 set __set%d ]
json: [{"match": {"op": "==", "left": {"payload": {"protocol": "tcp", "field": "dport"}}, "right": {"set": [{"elem": {"val": 22, "counter": {"packets": 0, "bytes": 0}}}, {"elem": {"val": 80, "comment": "web"}}]}}}]

rule: iif vmap { "lo" counter : jump w }
list: iif vmap { "lo" counter packets 0 bytes 0 : jump w }
  __map%d t b
  __map%d t 0
  	element 00000001  : jump -> w 0 [end]
  [ meta load iif => reg 1 ]
  [ lookup reg 1 set __map%d dreg 0 ]
json: [{"vmap": {"key": {"meta": {"key": "iif"}}, "data": {"set": [[{"elem": {"val": "lo", "counter": {"packets": 0, "bytes": 0}}}, {"jump": {"target": "w"}}]]}}}]

rule: meta mark set tcp dport map { 22 counter : 1, 80 : 2 }
list: meta mark set tcp dport map { 22 counter packets 0 bytes 0 : 0x00000001, 80 : 0x00000002 }
  __map%d t b
  __map%d t 0
  	element 00001600  : 00000001 0 [end]	element 00005000  : 00000002 0 [end]
  [ meta load l4proto => reg 1 ]
  [ cmp eq reg 1 0x00000006 ]
  [ payload load 2b @ transport header + 2 => reg 1 ]
  [ lookup reg 1 set __map%d dreg 1 ]
  [ meta set mark with reg 1 ]
json: [{"mangle": {"key": {"meta": {"key": "mark"}}, "value": {"map": {"key": {"payload": {"protocol": "tcp", "field": "dport"}}, "data": {"set": [[{"elem": {"val": 22, "counter": {"packets": 0, "bytes": 0}}}, 1], [80, 2]]}}}}}]

rule: ip saddr { 10.0.0.0/8 counter, 192.168.0.1 }
list: ip saddr { 10.0.0.0/8 counter packets 0 bytes 0, 192.168.0.1 }
  __set%d t 7
  __set%d t 0
  	element 00000000  : 1 [end]	element 0000000a  : 0 [end]	element 0000000b  : 1 [end]	element 0100a8c0  : 0 [end]	element 0200a8c0  : 1 [end]
  [ payload load 4b @ network header + 12 => reg 1 ]
  [ lookup reg 1 set __set%d ]
bytecode inet:
  __set%d t 7
  __set%d t 0
  	element 00000000  : 1 [end]	element 0000000a  : 0 [end]	element 0000000b  : 1 [end]	element 0100a8c0  : 0 [end]	element 0200a8c0  : 1 [end]
  [ meta load nfproto => reg 1 ]
  [ cmp eq reg 1 0x00000002 ]
  [ payload load 4b @ network header + 12 => reg 1 ]
  [ lookup reg 1 set __set%d ]
json: [{"match": {"op": "==", "left": {"payload": {"protocol": "ip", "field": "saddr"}}, "right": {"set": [{"elem": {"val": {"prefix": {"addr": "10.0.0.0", "len": 8}}, "counter": {"packets": 0, "bytes": 0}}}, "192.168.0.1"]}}}]

rule: ip saddr . tcp dport { 10.0.0.1 . 22 counter }
list: ip saddr . tcp dport { 10.0.0.1 . 22 counter packets 0 bytes 0 }
  __set%d t 3
  __set%d t 0
  	element 0100000a 00001600  : 0 [end]
  [ meta load l4proto => reg 1 ]
  [ cmp eq reg 1 0x00000006 ]
  [ payload load 4b @ network header + 12 => reg 1 ]
  [ payload load 2b @ transport header + 2 => reg 9 ]
  [ lookup reg 1 set __set%d ]
bytecode inet:
  __set%d t 3
  __set%d t 0
  	element 0100000a 00001600  : 0 [end]
  [ meta load nfproto => reg 1 ]
  [ cmp eq reg 1 0x00000002 ]
  [ meta load l4proto => reg 1 ]
  [ cmp eq reg 1 0x00000006 ]
  [ payload load 4b @ network header + 12 => reg 1 ]
  [ payload load 2b @ transport header + 2 => reg 9 ]
  [ lookup reg 1 set __set%d ]
json: [{"match": {"op": "==", "left": {"concat": [{"payload": {"protocol": "ip", "field": "saddr"}}, {"payload": {"protocol": "tcp", "field": "dport"}}]}, "right": {"set": [{"elem": {"val": {"concat": ["10.0.0.1", 22]}, "counter": {"packets": 0, "bytes": 0}}}]}}}]

fail: tcp dport { 80, 22 counter quota 1 mbytes limit rate 1/second }

fail: meta mark set tcp dport map { 80 : 2, 22 counter quota 1 mbytes limit rate 1/second : 1 }
