# named maps and verdict maps from rules: "vmap @m", "map @m" for a
# statement's value and nat addresses; the lookup names the map, as the
# system nft does, and lists back as "@m"
families: ip inet
table: t
chain: c { type nat hook prerouting priority dstnat; policy accept; }
chain: target
map: vm { type ipv4_addr : verdict; elements = { 10.0.0.1 : accept, 10.0.0.2 : jump target }; }
map: mk { type ipv4_addr : mark; elements = { 10.0.0.1 : 0x1 }; }
map: na { type ipv4_addr : ipv4_addr; flags interval; elements = { 10.0.0.0/8 : 192.168.0.1 }; }
map: np { type ipv4_addr . inet_service : ipv4_addr . inet_service; }
map: ni { typeof ip saddr : interval ip daddr . tcp dport; flags interval; elements = { 10.0.0.1 : 10.1.0.0/16 . 80-90 }; }
map: mi { typeof meta mark : meta length; }
map: ma { type mark : ipv4_addr; }
map: mmk { type mark : mark; }
map: nj { type ipv4_addr : interval ipv4_addr; flags interval; elements = { 10.0.0.1 : 10.2.0.1-10.2.0.9 }; }

rule ip inet: ip saddr vmap @vm
  [ payload load 4b @ network header + 12 => reg 1 ]
  [ lookup reg 1 set vm dreg 0 ]
bytecode inet:
  [ meta load nfproto => reg 1 ]
  [ cmp eq reg 1 0x00000002 ]
  [ payload load 4b @ network header + 12 => reg 1 ]
  [ lookup reg 1 set vm dreg 0 ]
json: [{"vmap": {"key": {"payload": {"protocol": "ip", "field": "saddr"}}, "data": "@vm"}}]

rule ip inet: meta mark set ip saddr map @mk
  [ payload load 4b @ network header + 12 => reg 1 ]
  [ lookup reg 1 set mk dreg 1 ]
  [ meta set mark with reg 1 ]
bytecode inet:
  [ meta load nfproto => reg 1 ]
  [ cmp eq reg 1 0x00000002 ]
  [ payload load 4b @ network header + 12 => reg 1 ]
  [ lookup reg 1 set mk dreg 1 ]
  [ meta set mark with reg 1 ]
json: [{"mangle": {"key": {"meta": {"key": "mark"}}, "value": {"map": {"key": {"payload": {"protocol": "ip", "field": "saddr"}}, "data": "@mk"}}}}]

rule ip: dnat to ip saddr map @na
  [ payload load 4b @ network header + 12 => reg 1 ]
  [ lookup reg 1 set na dreg 1 ]
  [ nat dnat ip addr_min reg 1 ]
json: [{"dnat": {"addr": {"map": {"key": {"payload": {"protocol": "ip", "field": "saddr"}}, "data": "@na"}}}}]

rule ip: dnat ip to ip saddr . tcp dport map @np
  [ meta load l4proto => reg 1 ]
  [ cmp eq reg 1 0x00000006 ]
  [ payload load 4b @ network header + 12 => reg 1 ]
  [ payload load 2b @ transport header + 2 => reg 9 ]
  [ lookup reg 1 set np dreg 1 ]
  [ nat dnat ip addr_min reg 1 proto_min reg 9 ]
json: [{"dnat": {"family": "ip", "addr": {"map": {"key": {"concat": [{"payload": {"protocol": "ip", "field": "saddr"}}, {"payload": {"protocol": "tcp", "field": "dport"}}]}, "data": "@np"}}}}]

# maps of ranges ("typeof K : interval D"): the lookup fills the low
# ends, then the high ones, which nat takes as addr_max and proto_max
rule ip inet: meta l4proto tcp dnat ip to ip saddr map @ni
  [ meta load l4proto => reg 1 ]
  [ cmp eq reg 1 0x00000006 ]
  [ payload load 4b @ network header + 12 => reg 1 ]
  [ lookup reg 1 set ni dreg 1 ]
  [ nat dnat ip addr_min reg 1 addr_max reg 10 proto_min reg 9 proto_max reg 11 ]
bytecode inet:
  [ meta load l4proto => reg 1 ]
  [ cmp eq reg 1 0x00000006 ]
  [ meta load nfproto => reg 1 ]
  [ cmp eq reg 1 0x00000002 ]
  [ payload load 4b @ network header + 12 => reg 1 ]
  [ lookup reg 1 set ni dreg 1 ]
  [ nat dnat ip addr_min reg 1 addr_max reg 10 proto_min reg 9 proto_max reg 11 ]
json: [{"match": {"op": "==", "left": {"meta": {"key": "l4proto"}}, "right": "tcp"}}, {"dnat": {"family": "ip", "addr": {"map": {"key": {"payload": {"protocol": "ip", "field": "saddr"}}, "data": "@ni"}}}}]

rule ip inet: dnat ip to ip saddr map @nj
  [ payload load 4b @ network header + 12 => reg 1 ]
  [ lookup reg 1 set nj dreg 1 ]
  [ nat dnat ip addr_min reg 1 addr_max reg 9 ]
bytecode inet:
  [ meta load nfproto => reg 1 ]
  [ cmp eq reg 1 0x00000002 ]
  [ payload load 4b @ network header + 12 => reg 1 ]
  [ lookup reg 1 set nj dreg 1 ]
  [ nat dnat ip addr_min reg 1 addr_max reg 9 ]
json: [{"dnat": {"family": "ip", "addr": {"map": {"key": {"payload": {"protocol": "ip", "field": "saddr"}}, "data": "@nj"}}}}]

# the statement takes the map's data of its own type, a mark any integer
rule ip inet: meta mark set meta mark map @ma
  [ meta load mark => reg 1 ]
  [ lookup reg 1 set ma dreg 1 ]
  [ meta set mark with reg 1 ]
json: [{"mangle": {"key": {"meta": {"key": "mark"}}, "value": {"map": {"key": {"meta": {"key": "mark"}}, "data": "@ma"}}}}]

rule ip inet: meta mark set meta mark map @mi
  [ meta load mark => reg 1 ]
  [ lookup reg 1 set mi dreg 1 ]
  [ meta set mark with reg 1 ]
json: [{"mangle": {"key": {"meta": {"key": "mark"}}, "value": {"map": {"key": {"meta": {"key": "mark"}}, "data": "@mi"}}}}]

fail ip inet: ip saddr set meta mark map @mmk

fail ip inet: ip saddr set meta mark map @mi

fail ip inet: dnat to meta mark map @mi
