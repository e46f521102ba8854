# set statements: the packet path adds its key to a dynamic set
# ("add @s { ip saddr }"), refreshes it ("update", with a timeout of its
# own), deletes it, and gives each new element stateful statements; the
# kernel's dynset expression names the set, as the system nft does
families: ip inet
table: t
chain: c { type filter hook input priority filter; policy accept; }
set: s { type ipv4_addr; flags dynamic,timeout; timeout 1m; }
set: sd { type ipv4_addr; flags dynamic; }
set: sc { type ipv4_addr . inet_service; flags dynamic; }
set: sp { type inet_service; flags dynamic,timeout; }
set: plain { type ipv4_addr; }
set: si { type ipv4_addr; flags interval; }
set: sk { type ipv4_addr; flags constant; }
map: mm { type ipv4_addr : mark; flags dynamic,timeout; }
map: mv { type ipv4_addr : verdict; flags dynamic; }

rule: add @s { ip saddr }
  [ payload load 4b @ network header + 12 => reg 1 ]
  [ dynset add reg_key 1 set s ]
bytecode inet:
  [ meta load nfproto => reg 1 ]
  [ cmp eq reg 1 0x00000002 ]
  [ payload load 4b @ network header + 12 => reg 1 ]
  [ dynset add reg_key 1 set s ]
json: [{"set": {"op": "add", "elem": {"payload": {"protocol": "ip", "field": "saddr"}}, "set": "@s"}}]

rule: update @s { ip saddr timeout 10s }
  [ payload load 4b @ network header + 12 => reg 1 ]
  [ dynset update reg_key 1 set s timeout 10000ms ]
bytecode inet:
  [ meta load nfproto => reg 1 ]
  [ cmp eq reg 1 0x00000002 ]
  [ payload load 4b @ network header + 12 => reg 1 ]
  [ dynset update reg_key 1 set s timeout 10000ms ]
json: [{"set": {"op": "update", "elem": {"elem": {"val": {"payload": {"protocol": "ip", "field": "saddr"}}, "timeout": 10}}, "set": "@s"}}]

rule: update @s { ip saddr timeout 1m30s }
  [ payload load 4b @ network header + 12 => reg 1 ]
  [ dynset update reg_key 1 set s timeout 90000ms ]
bytecode inet:
  [ meta load nfproto => reg 1 ]
  [ cmp eq reg 1 0x00000002 ]
  [ payload load 4b @ network header + 12 => reg 1 ]
  [ dynset update reg_key 1 set s timeout 90000ms ]
json: [{"set": {"op": "update", "elem": {"elem": {"val": {"payload": {"protocol": "ip", "field": "saddr"}}, "timeout": 90}}, "set": "@s"}}]

rule: delete @s { ip saddr }
  [ payload load 4b @ network header + 12 => reg 1 ]
  [ dynset delete reg_key 1 set s ]
bytecode inet:
  [ meta load nfproto => reg 1 ]
  [ cmp eq reg 1 0x00000002 ]
  [ payload load 4b @ network header + 12 => reg 1 ]
  [ dynset delete reg_key 1 set s ]
json: [{"set": {"op": "delete", "elem": {"payload": {"protocol": "ip", "field": "saddr"}}, "set": "@s"}}]

rule: add @sd { ip daddr }
  [ payload load 4b @ network header + 16 => reg 1 ]
  [ dynset add reg_key 1 set sd ]
bytecode inet:
  [ meta load nfproto => reg 1 ]
  [ cmp eq reg 1 0x00000002 ]
  [ payload load 4b @ network header + 16 => reg 1 ]
  [ dynset add reg_key 1 set sd ]
json: [{"set": {"op": "add", "elem": {"payload": {"protocol": "ip", "field": "daddr"}}, "set": "@sd"}}]

rule: update @s { ip saddr counter }
  [ payload load 4b @ network header + 12 => reg 1 ]
  [ dynset update reg_key 1 set s expr [ counter pkts 0 bytes 0 ] ]
bytecode inet:
  [ meta load nfproto => reg 1 ]
  [ cmp eq reg 1 0x00000002 ]
  [ payload load 4b @ network header + 12 => reg 1 ]
  [ dynset update reg_key 1 set s expr [ counter pkts 0 bytes 0 ] ]
json: [{"set": {"op": "update", "elem": {"payload": {"protocol": "ip", "field": "saddr"}}, "set": "@s", "stmt": [{"counter": null}]}}]

rule: add @sd { ip saddr limit rate 10/second }
list: add @sd { ip saddr limit rate 10/second burst 5 packets }
  [ payload load 4b @ network header + 12 => reg 1 ]
  [ dynset add reg_key 1 set sd expr [ limit rate 10/second burst 5 type packets flags 0x0 ] ]
bytecode inet:
  [ meta load nfproto => reg 1 ]
  [ cmp eq reg 1 0x00000002 ]
  [ payload load 4b @ network header + 12 => reg 1 ]
  [ dynset add reg_key 1 set sd expr [ limit rate 10/second burst 5 type packets flags 0x0 ] ]
json: [{"set": {"op": "add", "elem": {"payload": {"protocol": "ip", "field": "saddr"}}, "set": "@sd", "stmt": [{"limit": {"rate": 10, "burst": 5, "per": "second"}}]}}]

rule: add @sd { ip saddr quota over 1000 bytes }
  [ payload load 4b @ network header + 12 => reg 1 ]
  [ dynset add reg_key 1 set sd expr [ quota bytes 1000 consumed 0 flags 1 ] ]
bytecode inet:
  [ meta load nfproto => reg 1 ]
  [ cmp eq reg 1 0x00000002 ]
  [ payload load 4b @ network header + 12 => reg 1 ]
  [ dynset add reg_key 1 set sd expr [ quota bytes 1000 consumed 0 flags 1 ] ]
json: [{"set": {"op": "add", "elem": {"payload": {"protocol": "ip", "field": "saddr"}}, "set": "@sd", "stmt": [{"quota": {"val": 1000, "val_unit": "bytes", "inv": true}}]}}]

rule: add @sd { ip saddr counter limit rate 1/minute }
list: add @sd { ip saddr counter limit rate 1/minute burst 5 packets }
  [ payload load 4b @ network header + 12 => reg 1 ]
  [ dynset add reg_key 1 set sd expr [ counter pkts 0 bytes 0 ] expr [ limit rate 1/minute burst 5 type packets flags 0x0 ] ]
bytecode inet:
  [ meta load nfproto => reg 1 ]
  [ cmp eq reg 1 0x00000002 ]
  [ payload load 4b @ network header + 12 => reg 1 ]
  [ dynset add reg_key 1 set sd expr [ counter pkts 0 bytes 0 ] expr [ limit rate 1/minute burst 5 type packets flags 0x0 ] ]
json: [{"set": {"op": "add", "elem": {"payload": {"protocol": "ip", "field": "saddr"}}, "set": "@sd", "stmt": [{"counter": null}, {"limit": {"rate": 1, "burst": 5, "per": "minute"}}]}}]

rule: add @sc { ip saddr . tcp dport }
  [ meta load l4proto => reg 1 ]
  [ cmp eq reg 1 0x00000006 ]
  [ payload load 4b @ network header + 12 => reg 1 ]
  [ payload load 2b @ transport header + 2 => reg 9 ]
  [ dynset add reg_key 1 set sc ]
bytecode inet:
  [ meta load nfproto => reg 1 ]
  [ cmp eq reg 1 0x00000002 ]
  [ meta load l4proto => reg 1 ]
  [ cmp eq reg 1 0x00000006 ]
  [ payload load 4b @ network header + 12 => reg 1 ]
  [ payload load 2b @ transport header + 2 => reg 9 ]
  [ dynset add reg_key 1 set sc ]
json: [{"set": {"op": "add", "elem": {"concat": [{"payload": {"protocol": "ip", "field": "saddr"}}, {"payload": {"protocol": "tcp", "field": "dport"}}]}, "set": "@sc"}}]

rule: add @sc { ip saddr . tcp dport counter }
  [ meta load l4proto => reg 1 ]
  [ cmp eq reg 1 0x00000006 ]
  [ payload load 4b @ network header + 12 => reg 1 ]
  [ payload load 2b @ transport header + 2 => reg 9 ]
  [ dynset add reg_key 1 set sc expr [ counter pkts 0 bytes 0 ] ]
bytecode inet:
  [ meta load nfproto => reg 1 ]
  [ cmp eq reg 1 0x00000002 ]
  [ meta load l4proto => reg 1 ]
  [ cmp eq reg 1 0x00000006 ]
  [ payload load 4b @ network header + 12 => reg 1 ]
  [ payload load 2b @ transport header + 2 => reg 9 ]
  [ dynset add reg_key 1 set sc expr [ counter pkts 0 bytes 0 ] ]
json: [{"set": {"op": "add", "elem": {"concat": [{"payload": {"protocol": "ip", "field": "saddr"}}, {"payload": {"protocol": "tcp", "field": "dport"}}]}, "set": "@sc", "stmt": [{"counter": null}]}}]

rule: tcp dport 22 update @sp { tcp sport timeout 5s } accept
  [ meta load l4proto => reg 1 ]
  [ cmp eq reg 1 0x00000006 ]
  [ payload load 2b @ transport header + 2 => reg 1 ]
  [ cmp eq reg 1 0x00001600 ]
  [ payload load 2b @ transport header + 0 => reg 1 ]
  [ dynset update reg_key 1 set sp timeout 5000ms ]
  [ immediate reg 0 accept ]
json: [{"match": {"op": "==", "left": {"payload": {"protocol": "tcp", "field": "dport"}}, "right": 22}}, {"set": {"op": "update", "elem": {"elem": {"val": {"payload": {"protocol": "tcp", "field": "sport"}}, "timeout": 5}}, "set": "@sp"}}, {"accept": null}]

rule: add @sd { ip saddr ct count over 2 }
  [ payload load 4b @ network header + 12 => reg 1 ]
  [ dynset add reg_key 1 set sd expr [ connlimit count 2 flags 1 ] ]
bytecode inet:
  [ meta load nfproto => reg 1 ]
  [ cmp eq reg 1 0x00000002 ]
  [ payload load 4b @ network header + 12 => reg 1 ]
  [ dynset add reg_key 1 set sd expr [ connlimit count 2 flags 1 ] ]
json: [{"set": {"op": "add", "elem": {"payload": {"protocol": "ip", "field": "saddr"}}, "set": "@sd", "stmt": [{"ct count": {"val": 2, "inv": true}}]}}]

rule: add @plain { ip saddr }
  [ payload load 4b @ network header + 12 => reg 1 ]
  [ dynset add reg_key 1 set plain ]
bytecode inet:
  [ meta load nfproto => reg 1 ]
  [ cmp eq reg 1 0x00000002 ]
  [ payload load 4b @ network header + 12 => reg 1 ]
  [ dynset add reg_key 1 set plain ]
json: [{"set": {"op": "add", "elem": {"payload": {"protocol": "ip", "field": "saddr"}}, "set": "@plain"}}]

# the system nft leaves these to the kernel (EOPNOTSUPP, EBUSY, ENOENT)
fail: add @si { ip saddr }

fail: add @sk { ip saddr }

fail: add @nosuchset { ip saddr }

fail: update @sd { ip saddr timeout 10s }

fail: add @sd { tcp dport }

fail: add @sd { ip saddr log }

# meter: upstream 1.1 makes the named dynamic set with the rule and lists
# the statement as the set statement it is
rule: meter m1 { ip saddr limit rate 10/second }
list: add @m1 { ip saddr limit rate 10/second burst 5 packets }
  [ payload load 4b @ network header + 12 => reg 1 ]
  [ dynset add reg_key 1 set m1 expr [ limit rate 10/second burst 5 type packets flags 0x0 ] ]
bytecode inet:
  [ meta load nfproto => reg 1 ]
  [ cmp eq reg 1 0x00000002 ]
  [ payload load 4b @ network header + 12 => reg 1 ]
  [ dynset add reg_key 1 set m1 expr [ limit rate 10/second burst 5 type packets flags 0x0 ] ]
json: [{"set": {"op": "add", "elem": {"payload": {"protocol": "ip", "field": "saddr"}}, "set": "@m1", "stmt": [{"limit": {"rate": 10, "burst": 5, "per": "second"}}]}}]

rule: meter m2 size 1000 { ip saddr . tcp dport timeout 10s limit rate 2/second }
list: update @m2 { ip saddr . tcp dport timeout 10s limit rate 2/second burst 5 packets }
  [ meta load l4proto => reg 1 ]
  [ cmp eq reg 1 0x00000006 ]
  [ payload load 4b @ network header + 12 => reg 1 ]
  [ payload load 2b @ transport header + 2 => reg 9 ]
  [ dynset update reg_key 1 set m2 timeout 10000ms expr [ limit rate 2/second burst 5 type packets flags 0x0 ] ]
bytecode inet:
  [ meta load nfproto => reg 1 ]
  [ cmp eq reg 1 0x00000002 ]
  [ meta load l4proto => reg 1 ]
  [ cmp eq reg 1 0x00000006 ]
  [ payload load 4b @ network header + 12 => reg 1 ]
  [ payload load 2b @ transport header + 2 => reg 9 ]
  [ dynset update reg_key 1 set m2 timeout 10000ms expr [ limit rate 2/second burst 5 type packets flags 0x0 ] ]
json: [{"set": {"op": "update", "elem": {"elem": {"val": {"concat": [{"payload": {"protocol": "ip", "field": "saddr"}}, {"payload": {"protocol": "tcp", "field": "dport"}}]}, "timeout": 10}}, "set": "@m2", "stmt": [{"limit": {"rate": 2, "burst": 5, "per": "second"}}]}}]

# map updates: "update @m { KEY : DATA }", the data in a second register
# (NFTA_DYNSET_SREG_DATA), as the system nft writes it
rule: update @mm { ip saddr : 0x1 }
list: update @mm { ip saddr : 0x00000001 }
  [ payload load 4b @ network header + 12 => reg 1 ]
  [ immediate reg 2 0x00000001 ]
  [ dynset update reg_key 1 set mm sreg_data 2 ]
bytecode inet:
  [ meta load nfproto => reg 1 ]
  [ cmp eq reg 1 0x00000002 ]
  [ payload load 4b @ network header + 12 => reg 1 ]
  [ immediate reg 2 0x00000001 ]
  [ dynset update reg_key 1 set mm sreg_data 2 ]
json: [{"map": {"op": "update", "elem": {"payload": {"protocol": "ip", "field": "saddr"}}, "data": 1, "map": "@mm"}}]

rule: add @mm { ip saddr timeout 10s : 0x2 } counter
list: add @mm { ip saddr timeout 10s : 0x00000002 } counter packets 0 bytes 0
  [ payload load 4b @ network header + 12 => reg 1 ]
  [ immediate reg 2 0x00000002 ]
  [ dynset add reg_key 1 set mm sreg_data 2 timeout 10000ms ]
  [ counter pkts 0 bytes 0 ]
bytecode inet:
  [ meta load nfproto => reg 1 ]
  [ cmp eq reg 1 0x00000002 ]
  [ payload load 4b @ network header + 12 => reg 1 ]
  [ immediate reg 2 0x00000002 ]
  [ dynset add reg_key 1 set mm sreg_data 2 timeout 10000ms ]
  [ counter pkts 0 bytes 0 ]
json: [{"map": {"op": "add", "elem": {"elem": {"val": {"payload": {"protocol": "ip", "field": "saddr"}}, "timeout": 10}}, "data": 2, "map": "@mm"}}, {"counter": {"packets": 0, "bytes": 0}}]

fail: update @mm { ip saddr }

fail: update @sd { ip saddr : 0x1 }

fail: update @mv { ip saddr : accept }
