# a map's data from the packet in a set statement ("update @m { KEY :
# DATA }"): a load, operated on or not, as 1.1.3 takes it; data of
# another type refused in its words
families: ip
table: t
chain: c { type filter hook input priority filter; policy accept; }
map: m { type ipv4_addr : inet_service; flags dynamic; }
map: mm { type ipv4_addr : mark; flags dynamic,timeout; }
map: mc { type ipv4_addr : ipv4_addr . inet_service; flags dynamic; }
map: mt { typeof ip saddr : tcp dport; flags dynamic; }

rule: update @m { ip saddr : tcp sport }
  [ meta load l4proto => reg 1 ]
  [ cmp eq reg 1 0x00000006 ]
  [ payload load 4b @ network header + 12 => reg 1 ]
  [ payload load 2b @ transport header + 0 => reg 2 ]
  [ dynset update reg_key 1 set m sreg_data 2 ]
json: [{"map": {"op": "update", "elem": {"payload": {"protocol": "ip", "field": "saddr"}}, "data": {"payload": {"protocol": "tcp", "field": "sport"}}, "map": "@m"}}]

rule: add @m { ip saddr : tcp sport }
  [ meta load l4proto => reg 1 ]
  [ cmp eq reg 1 0x00000006 ]
  [ payload load 4b @ network header + 12 => reg 1 ]
  [ payload load 2b @ transport header + 0 => reg 2 ]
  [ dynset add reg_key 1 set m sreg_data 2 ]
json: [{"map": {"op": "add", "elem": {"payload": {"protocol": "ip", "field": "saddr"}}, "data": {"payload": {"protocol": "tcp", "field": "sport"}}, "map": "@m"}}]

rule: update @m { ip saddr : 22 }
  [ payload load 4b @ network header + 12 => reg 1 ]
  [ immediate reg 2 0x00001600 ]
  [ dynset update reg_key 1 set m sreg_data 2 ]
json: [{"map": {"op": "update", "elem": {"payload": {"protocol": "ip", "field": "saddr"}}, "data": 22, "map": "@m"}}]

rule: update @m { ip saddr : tcp sport & 0xff }
list: update @m { ip saddr : tcp sport & 255 }
  [ meta load l4proto => reg 1 ]
  [ cmp eq reg 1 0x00000006 ]
  [ payload load 4b @ network header + 12 => reg 1 ]
  [ payload load 2b @ transport header + 0 => reg 2 ]
  [ bitwise reg 2 = ( reg 2 & 0x0000ff00 ) ^ 0x00000000 ]
  [ dynset update reg_key 1 set m sreg_data 2 ]
json: [{"map": {"op": "update", "elem": {"payload": {"protocol": "ip", "field": "saddr"}}, "data": {"&": [{"payload": {"protocol": "tcp", "field": "sport"}}, 255]}, "map": "@m"}}]

rule: update @m { ip saddr counter : tcp sport }
  [ meta load l4proto => reg 1 ]
  [ cmp eq reg 1 0x00000006 ]
  [ payload load 4b @ network header + 12 => reg 1 ]
  [ payload load 2b @ transport header + 0 => reg 2 ]
  [ dynset update reg_key 1 set m sreg_data 2 expr [ counter pkts 0 bytes 0 ] ]
json: [{"map": {"op": "update", "elem": {"payload": {"protocol": "ip", "field": "saddr"}}, "data": {"payload": {"protocol": "tcp", "field": "sport"}}, "map": "@m", "stmt": [{"counter": null}]}}]

rule: update @m { ip saddr : (tcp sport) }
list: update @m { ip saddr : tcp sport }
  [ meta load l4proto => reg 1 ]
  [ cmp eq reg 1 0x00000006 ]
  [ payload load 4b @ network header + 12 => reg 1 ]
  [ payload load 2b @ transport header + 0 => reg 2 ]
  [ dynset update reg_key 1 set m sreg_data 2 ]
json: [{"map": {"op": "update", "elem": {"payload": {"protocol": "ip", "field": "saddr"}}, "data": {"payload": {"protocol": "tcp", "field": "sport"}}, "map": "@m"}}]

rule: update @mm { ip saddr timeout 10s : meta mark }
  [ payload load 4b @ network header + 12 => reg 1 ]
  [ meta load mark => reg 2 ]
  [ dynset update reg_key 1 set mm sreg_data 2 timeout 10000ms ]
json: [{"map": {"op": "update", "elem": {"elem": {"val": {"payload": {"protocol": "ip", "field": "saddr"}}, "timeout": 10}}, "data": {"meta": {"key": "mark"}}, "map": "@mm"}}]

rule: update @mm { ip saddr : ct mark & 0xff }
list: update @mm { ip saddr : ct mark & 0x000000ff }
  [ payload load 4b @ network header + 12 => reg 1 ]
  [ ct load mark => reg 2 ]
  [ bitwise reg 2 = ( reg 2 & 0x000000ff ) ^ 0x00000000 ]
  [ dynset update reg_key 1 set mm sreg_data 2 ]
json: [{"map": {"op": "update", "elem": {"payload": {"protocol": "ip", "field": "saddr"}}, "data": {"&": [{"ct": {"key": "mark"}}, 255]}, "map": "@mm"}}]

rule: update @mm { ip saddr : meta mark | 0x10 }
list: update @mm { ip saddr : meta mark | 0x00000010 }
  [ payload load 4b @ network header + 12 => reg 1 ]
  [ meta load mark => reg 2 ]
  [ bitwise reg 2 = ( reg 2 & 0xffffffef ) ^ 0x00000010 ]
  [ dynset update reg_key 1 set mm sreg_data 2 ]
json: [{"map": {"op": "update", "elem": {"payload": {"protocol": "ip", "field": "saddr"}}, "data": {"|": [{"meta": {"key": "mark"}}, 16]}, "map": "@mm"}}]

rule: add @mc { ip saddr : ip daddr . tcp dport }
  [ meta load l4proto => reg 1 ]
  [ cmp eq reg 1 0x00000006 ]
  [ payload load 4b @ network header + 12 => reg 1 ]
  [ payload load 4b @ network header + 16 => reg 2 ]
  [ payload load 2b @ transport header + 2 => reg 13 ]
  [ dynset add reg_key 1 set mc sreg_data 2 ]
json: [{"map": {"op": "add", "elem": {"payload": {"protocol": "ip", "field": "saddr"}}, "data": {"concat": [{"payload": {"protocol": "ip", "field": "daddr"}}, {"payload": {"protocol": "tcp", "field": "dport"}}]}, "map": "@mc"}}]

rule: add @mt { ip saddr : tcp dport }
  [ meta load l4proto => reg 1 ]
  [ cmp eq reg 1 0x00000006 ]
  [ payload load 4b @ network header + 12 => reg 1 ]
  [ payload load 2b @ transport header + 2 => reg 2 ]
  [ dynset add reg_key 1 set mt sreg_data 2 ]
json: [{"map": {"op": "add", "elem": {"payload": {"protocol": "ip", "field": "saddr"}}, "data": {"payload": {"protocol": "tcp", "field": "dport"}}, "map": "@mt"}}]

rule: add @mt { ip saddr : udp dport }
  [ meta load l4proto => reg 1 ]
  [ cmp eq reg 1 0x00000011 ]
  [ payload load 4b @ network header + 12 => reg 1 ]
  [ payload load 2b @ transport header + 2 => reg 2 ]
  [ dynset add reg_key 1 set mt sreg_data 2 ]
json: [{"map": {"op": "add", "elem": {"payload": {"protocol": "ip", "field": "saddr"}}, "data": {"payload": {"protocol": "udp", "field": "dport"}}, "map": "@mt"}}]

fail: update @m { ip saddr : meta mark }

fail: add @m { ip saddr : numgen inc mod 2 }

fail: update @m { ip saddr : tcp sport . tcp dport }

fail: update @m { ip saddr : jhash ip saddr mod 2 }

fail: update @m { ip saddr : ip daddr }

fail: update @m { ip saddr : accept }
