# constants among the loads of a concatenation looked up in or added to
# a named set: typed by the set's key, loaded with an immediate, as
# 1.1.3 takes them; an anonymous set or a map's key gives them no type
families: ip
table: t
chain: c { type filter hook input priority filter; policy accept; }
set: s { type ipv4_addr . inet_service; flags dynamic,timeout; }
set: st { typeof ip saddr . tcp dport; flags dynamic; }

rule: ip saddr . 22 @s
  [ payload load 4b @ network header + 12 => reg 1 ]
  [ immediate reg 9 0x00001600 ]
  [ lookup reg 1 set s ]
json: [{"match": {"op": "==", "left": {"concat": [{"payload": {"protocol": "ip", "field": "saddr"}}, 22]}, "right": "@s"}}]

rule: ip saddr . 22 != @s
  [ payload load 4b @ network header + 12 => reg 1 ]
  [ immediate reg 9 0x00001600 ]
  [ lookup reg 1 set s 0x1 ]
json: [{"match": {"op": "!=", "left": {"concat": [{"payload": {"protocol": "ip", "field": "saddr"}}, 22]}, "right": "@s"}}]

rule: 1.1.1.1 . tcp dport @s
  [ meta load l4proto => reg 1 ]
  [ cmp eq reg 1 0x00000006 ]
  [ immediate reg 1 0x01010101 ]
  [ payload load 2b @ transport header + 2 => reg 9 ]
  [ lookup reg 1 set s ]
json: [{"match": {"op": "==", "left": {"concat": ["1.1.1.1", {"payload": {"protocol": "tcp", "field": "dport"}}]}, "right": "@s"}}]

rule: ip saddr . ssh @st
list: ip saddr . 22 @st
  [ payload load 4b @ network header + 12 => reg 1 ]
  [ immediate reg 9 0x00001600 ]
  [ lookup reg 1 set st ]
json: [{"match": {"op": "==", "left": {"concat": [{"payload": {"protocol": "ip", "field": "saddr"}}, 22]}, "right": "@st"}}]

rule: add @s { ip saddr . 22 timeout 1s }
  [ payload load 4b @ network header + 12 => reg 1 ]
  [ immediate reg 9 0x00001600 ]
  [ dynset add reg_key 1 set s timeout 1000ms ]
json: [{"set": {"op": "add", "elem": {"elem": {"val": {"concat": [{"payload": {"protocol": "ip", "field": "saddr"}}, 22]}, "timeout": 1}}, "set": "@s"}}]

rule: update @s { ip saddr . 22 }
  [ payload load 4b @ network header + 12 => reg 1 ]
  [ immediate reg 9 0x00001600 ]
  [ dynset update reg_key 1 set s ]
json: [{"set": {"op": "update", "elem": {"concat": [{"payload": {"protocol": "ip", "field": "saddr"}}, 22]}, "set": "@s"}}]

rule: add @s { 1.1.1.1 . tcp dport }
  [ meta load l4proto => reg 1 ]
  [ cmp eq reg 1 0x00000006 ]
  [ immediate reg 1 0x01010101 ]
  [ payload load 2b @ transport header + 2 => reg 9 ]
  [ dynset add reg_key 1 set s ]
json: [{"set": {"op": "add", "elem": {"concat": ["1.1.1.1", {"payload": {"protocol": "tcp", "field": "dport"}}]}, "set": "@s"}}]

rule: add @st { ip saddr . 80 }
  [ payload load 4b @ network header + 12 => reg 1 ]
  [ immediate reg 9 0x00005000 ]
  [ dynset add reg_key 1 set st ]
json: [{"set": {"op": "add", "elem": {"concat": [{"payload": {"protocol": "ip", "field": "saddr"}}, 80]}, "set": "@st"}}]

fail: ip saddr . 22 { 1.1.1.1 . 22 }

fail: 22 . ip saddr @s

fail: ip saddr . 1.1.1.1 @s

fail: meta mark set ip saddr . 22 map { 1.1.1.1 . 22 : 3 }
