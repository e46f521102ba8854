# lookups in named sets and maps declared with "typeof" of the kinds the
# system nft describes in a set's user data (vlan, ah/esp/comp, ct with a
# direction, tcp options, extension headers, osf, meta . th, fib, rt,
# socket, ipsec): the key is the expression the rule loads; the sets
# themselves, listed both ways, are in tests/shell/testcases/49-typeof.sh
families: ip inet
table: t
chain: c { type filter hook input priority filter; policy accept; }
set: sct { typeof ct original ip saddr; elements = { 10.0.0.1 }; }
set: sopt { typeof tcp option maxseg size; elements = { 1400, 1460 }; }
set: sl4 { typeof meta l4proto . th dport; elements = { tcp . 22, udp . 53 }; }
set: sah { typeof ah spi; }
set: sesp { typeof esp sequence; }
set: scomp { typeof comp cpi; }
set: sttl { typeof ip ttl . ip length; elements = { 64 . 1500 }; }
set: sosf { typeof osf name; elements = { "Linux" }; }
set: sfib { typeof fib daddr type; }
set: ssock { typeof socket mark; }
set: sxfrm { typeof ipsec in reqid; }
set: sraw { typeof @th,32,16; }
set: sipopt { typeof ip option ra value; }
# an option's presence: 1.1.3 describes it as its first field
set: spres { typeof tcp option sack-perm; elements = { 4 }; }
# 1.1.3 describes these without their ttl or level (a named set's
# "typeof jhash ..." is in tests/shell/testcases/49-typeof.sh)
set: sosfttl { typeof osf ttl loose name; }
set: scg { typeof socket cgroupv2 level 1; }
set: ssym { typeof symhash mod 10 offset 2; }
map: mvl { typeof ip saddr : vlan id; elements = { 10.0.0.1 : 3 }; }
map: mct { typeof ct original ip saddr : meta mark; }

rule: ct original ip saddr @sct
  [ ct load src_ip => reg 1 , dir original ]
  [ lookup reg 1 set sct ]
json: [{"match": {"op": "==", "left": {"ct": {"key": "ip saddr", "dir": "original"}}, "right": "@sct"}}]

rule: tcp option maxseg size @sopt
  [ exthdr load tcpopt 2b @ 2 + 2 => reg 1 ]
  [ lookup reg 1 set sopt ]
json: [{"match": {"op": "==", "left": {"tcp option": {"name": "maxseg", "field": "size"}}, "right": "@sopt"}}]

rule: meta l4proto . th dport @sl4 accept
  [ meta load l4proto => reg 1 ]
  [ payload load 2b @ transport header + 2 => reg 9 ]
  [ lookup reg 1 set sl4 ]
  [ immediate reg 0 accept ]
json: [{"match": {"op": "==", "left": {"concat": [{"meta": {"key": "l4proto"}}, {"payload": {"protocol": "th", "field": "dport"}}]}, "right": "@sl4"}}, {"accept": null}]

rule: ah spi @sah
  [ meta load l4proto => reg 1 ]
  [ cmp eq reg 1 0x00000033 ]
  [ payload load 4b @ transport header + 4 => reg 1 ]
  [ lookup reg 1 set sah ]
json: [{"match": {"op": "==", "left": {"payload": {"protocol": "ah", "field": "spi"}}, "right": "@sah"}}]

rule: esp sequence @sesp
  [ meta load l4proto => reg 1 ]
  [ cmp eq reg 1 0x00000032 ]
  [ payload load 4b @ transport header + 4 => reg 1 ]
  [ lookup reg 1 set sesp ]
json: [{"match": {"op": "==", "left": {"payload": {"protocol": "esp", "field": "sequence"}}, "right": "@sesp"}}]

rule: comp cpi @scomp
  [ meta load l4proto => reg 1 ]
  [ cmp eq reg 1 0x0000006c ]
  [ payload load 2b @ transport header + 2 => reg 1 ]
  [ lookup reg 1 set scomp ]
json: [{"match": {"op": "==", "left": {"payload": {"protocol": "comp", "field": "cpi"}}, "right": "@scomp"}}]

rule: ip ttl . ip length @sttl
  [ payload load 1b @ network header + 8 => reg 1 ]
  [ payload load 2b @ network header + 2 => reg 9 ]
  [ lookup reg 1 set sttl ]
bytecode inet:
  [ meta load nfproto => reg 1 ]
  [ cmp eq reg 1 0x00000002 ]
  [ payload load 1b @ network header + 8 => reg 1 ]
  [ payload load 2b @ network header + 2 => reg 9 ]
  [ lookup reg 1 set sttl ]
json: [{"match": {"op": "==", "left": {"concat": [{"payload": {"protocol": "ip", "field": "ttl"}}, {"payload": {"protocol": "ip", "field": "length"}}]}, "right": "@sttl"}}]

rule: osf name @sosf
  [ osf dreg 1 ]
  [ lookup reg 1 set sosf ]
json: [{"match": {"op": "==", "left": {"osf": {"key": "name"}}, "right": "@sosf"}}]

rule: fib daddr type @sfib
  [ fib daddr type => reg 1 ]
  [ lookup reg 1 set sfib ]
json: [{"match": {"op": "==", "left": {"fib": {"result": "type", "flags": ["daddr"]}}, "right": "@sfib"}}]

rule: socket mark @ssock
  [ socket load mark => reg 1 ]
  [ lookup reg 1 set ssock ]
json: [{"match": {"op": "==", "left": {"socket": {"key": "mark"}}, "right": "@ssock"}}]

rule: ipsec in reqid @sxfrm
  [ xfrm load in 0 reqid => reg 1 ]
  [ lookup reg 1 set sxfrm ]
json: [{"match": {"op": "==", "left": {"ipsec": {"key": "reqid", "dir": "in", "spnum": 0}}, "right": "@sxfrm"}}]

rule: @th,32,16 @sraw
  [ payload load 2b @ transport header + 4 => reg 1 ]
  [ lookup reg 1 set sraw ]
json: [{"match": {"op": "==", "left": {"payload": {"base": "th", "offset": 32, "len": 16}}, "right": "@sraw"}}]

rule: ip option ra value @sipopt
  [ exthdr load ipv4 2b @ 148 + 2 => reg 1 ]
  [ lookup reg 1 set sipopt ]
bytecode inet:
  [ meta load nfproto => reg 1 ]
  [ cmp eq reg 1 0x00000002 ]
  [ exthdr load ipv4 2b @ 148 + 2 => reg 1 ]
  [ lookup reg 1 set sipopt ]
json: [{"match": {"op": "==", "left": {"ip option": {"name": "ra", "field": "value"}}, "right": "@sipopt"}}]

rule: meta mark set ip saddr map @mvl
  [ payload load 4b @ network header + 12 => reg 1 ]
  [ lookup reg 1 set mvl dreg 1 ]
  [ meta set mark with reg 1 ]
bytecode inet:
  [ meta load nfproto => reg 1 ]
  [ cmp eq reg 1 0x00000002 ]
  [ payload load 4b @ network header + 12 => reg 1 ]
  [ lookup reg 1 set mvl dreg 1 ]
  [ meta set mark with reg 1 ]
json: [{"mangle": {"key": {"meta": {"key": "mark"}}, "value": {"map": {"key": {"payload": {"protocol": "ip", "field": "saddr"}}, "data": "@mvl"}}}}]

rule: meta mark set ct original ip saddr map @mct
  [ ct load src_ip => reg 1 , dir original ]
  [ lookup reg 1 set mct dreg 1 ]
  [ meta set mark with reg 1 ]
json: [{"mangle": {"key": {"meta": {"key": "mark"}}, "value": {"map": {"key": {"ct": {"key": "ip saddr", "dir": "original"}}, "data": "@mct"}}}}]

rule: osf ttl loose name @sosfttl
  [ osf dreg 1 ]
  [ lookup reg 1 set sosfttl ]
json: [{"match": {"op": "==", "left": {"osf": {"key": "name", "ttl": "loose"}}, "right": "@sosfttl"}}]

# 1.1.3's JSON loses the level (README: Differences)
rule: socket cgroupv2 level 1 @scg
  [ socket load cgroupv2 => reg 1 ]
  [ lookup reg 1 set scg ]
json: [{"match": {"op": "==", "left": {"socket": {"key": "cgroupv2", "level": 1}}, "right": "@scg"}}]
ref-json: [{"match": {"op": "==", "left": {"socket": {"key": "cgroupv2"}}, "right": "@scg"}}]

rule: symhash mod 10 offset 2 @ssym
  [ hash reg 1 = symhash() % mod 10 offset 2 ]
  [ lookup reg 1 set ssym ]
json: [{"match": {"op": "==", "left": {"symhash": {"mod": 10, "offset": 2}}, "right": "@ssym"}}]
