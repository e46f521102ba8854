# sets that declare stateful statements for their elements ("counter;",
# "limit rate ...;", "quota ...;", "ct count ...;", several at once): the
# rules that look them up and fill them; the declarations themselves,
# their elements, reset and JSON are in tests/shell/testcases/49-set-stmts.sh
families: ip inet
table: t
chain: c { type filter hook input priority filter; policy accept; }
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
