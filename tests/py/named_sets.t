# lookups in named sets: "@name" on the right of a match, negated and
# with concatenations; the set is looked up by name, as the system nft
# does, and lists back as "@name"
families: ip inet
table: t
chain: c { type filter hook input priority filter; policy accept; }
set: s4 { type ipv4_addr; }
set: si { type ipv4_addr; flags interval; }
set: sp { type inet_service; }
set: sc { type ipv4_addr . inet_service; }
set: sm { type mark; }
# lookups in sets of upstream's types without a byte order of their own
# (their user data: tests/shell 38-named-sets)
set: spr { type inet_proto; elements = { tcp, udp }; }
set: sdir { type ct_dir; elements = { original }; }
map: mpr { type mark : inet_proto; elements = { 0x1 : tcp }; }
map: mdir { type ct_dir : mark; elements = { reply : 0x2 }; }
set: sst { type ct_state; }
set: smc { type mark . inet_service; }
set: sma { type mark . ipv4_addr; }
map: mm { type mark : verdict; }

rule ip: ip saddr @s4 drop
  [ payload load 4b @ network header + 12 => reg 1 ]
  [ lookup reg 1 set s4 ]
  [ immediate reg 0 drop ]
json: [{"match": {"op": "==", "left": {"payload": {"protocol": "ip", "field": "saddr"}}, "right": "@s4"}}, {"drop": null}]

rule ip: ip daddr != @si accept
  [ payload load 4b @ network header + 16 => reg 1 ]
  [ lookup reg 1 set si 0x1 ]
  [ immediate reg 0 accept ]
json: [{"match": {"op": "!=", "left": {"payload": {"protocol": "ip", "field": "daddr"}}, "right": "@si"}}, {"accept": null}]

rule ip inet: tcp dport @sp
  [ meta load l4proto => reg 1 ]
  [ cmp eq reg 1 0x00000006 ]
  [ payload load 2b @ transport header + 2 => reg 1 ]
  [ lookup reg 1 set sp ]
json: [{"match": {"op": "==", "left": {"payload": {"protocol": "tcp", "field": "dport"}}, "right": "@sp"}}]

rule ip: ip saddr . tcp dport @sc
  [ meta load l4proto => reg 1 ]
  [ cmp eq reg 1 0x00000006 ]
  [ payload load 4b @ network header + 12 => reg 1 ]
  [ payload load 2b @ transport header + 2 => reg 9 ]
  [ lookup reg 1 set sc ]
json: [{"match": {"op": "==", "left": {"concat": [{"payload": {"protocol": "ip", "field": "saddr"}}, {"payload": {"protocol": "tcp", "field": "dport"}}]}, "right": "@sc"}}]

rule ip inet: meta mark @sm
  [ meta load mark => reg 1 ]
  [ lookup reg 1 set sm ]
json: [{"match": {"op": "==", "left": {"meta": {"key": "mark"}}, "right": "@sm"}}]

rule ip inet: meta mark != @sm
  [ meta load mark => reg 1 ]
  [ lookup reg 1 set sm 0x1 ]
json: [{"match": {"op": "!=", "left": {"meta": {"key": "mark"}}, "right": "@sm"}}]

rule ip inet: meta l4proto @spr
  [ meta load l4proto => reg 1 ]
  [ lookup reg 1 set spr ]
json: [{"match": {"op": "==", "left": {"meta": {"key": "l4proto"}}, "right": "@spr"}}]

rule ip inet: ct direction != @sdir
  [ ct load direction => reg 1 ]
  [ lookup reg 1 set sdir 0x1 ]
json: [{"match": {"op": "!=", "left": {"ct": {"key": "direction"}}, "right": "@sdir"}}]

rule ip inet: meta mark set ct direction map @mdir
  [ ct load direction => reg 1 ]
  [ lookup reg 1 set mdir dreg 1 ]
  [ meta set mark with reg 1 ]
json: [{"mangle": {"key": {"meta": {"key": "mark"}}, "value": {"map": {"key": {"ct": {"key": "direction"}}, "data": "@mdir"}}}}]

fail ip inet: ip saddr @nosuchset

# a hash or a number generator is taken as a set's key member of any 32
# bit integer type (and named so); not a bit mask or another width, and
# not by a map but for a mark, which takes any integer
rule ip inet: symhash mod 2 @sm
  [ hash reg 1 = symhash() % mod 2 ]
  [ lookup reg 1 set sm ]
json: [{"match": {"op": "==", "left": {"symhash": {"mod": 2}}, "right": "@sm"}}]

rule ip inet: numgen inc mod 2 @si
  [ numgen reg 1 = inc mod 2 ]
  [ byteorder reg 1 = hton(reg 1, 4, 4) ]
  [ lookup reg 1 set si ]
json: [{"match": {"op": "==", "left": {"numgen": {"mode": "inc", "mod": 2, "offset": 0}}, "right": "@si"}}]

rule ip inet: symhash mod 2 . symhash mod 2 @sma
  [ hash reg 1 = symhash() % mod 2 ]
  [ hash reg 9 = symhash() % mod 2 ]
  [ lookup reg 1 set sma ]
json: [{"match": {"op": "==", "left": {"concat": [{"symhash": {"mod": 2}}, {"symhash": {"mod": 2}}]}, "right": "@sma"}}]

rule ip inet: symhash mod 2 . tcp dport @smc
  [ meta load l4proto => reg 1 ]
  [ cmp eq reg 1 0x00000006 ]
  [ hash reg 1 = symhash() % mod 2 ]
  [ payload load 2b @ transport header + 2 => reg 9 ]
  [ lookup reg 1 set smc ]
json: [{"match": {"op": "==", "left": {"concat": [{"symhash": {"mod": 2}}, {"payload": {"protocol": "tcp", "field": "dport"}}]}, "right": "@smc"}}]

fail ip inet: symhash mod 2 @sst

fail ip inet: symhash mod 2 @sp

fail ip inet: symhash mod 2 . symhash mod 2 @smc

fail ip inet: meta length @sm

fail ip inet: @nh,0,32 @sm

rule ip inet: @nh,0,32 vmap @mm
  [ payload load 4b @ network header + 0 => reg 1 ]
  [ lookup reg 1 set mm dreg 0 ]
json: [{"vmap": {"key": {"payload": {"base": "nh", "offset": 0, "len": 32}}, "data": "@mm"}}]

rule ip inet: symhash mod 2 vmap @mm
  [ hash reg 1 = symhash() % mod 2 ]
  [ lookup reg 1 set mm dreg 0 ]
json: [{"vmap": {"key": {"symhash": {"mod": 2}}, "data": "@mm"}}]

fail ip inet: symhash mod 2 vmap @mpr
