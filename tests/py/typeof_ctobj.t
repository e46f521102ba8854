# maps of ct objects declared by typeof ("typeof ip saddr : ct helper",
# ct timeout, ct expectation): object maps, their user data as 1.1.3
# writes it (the kernel states compared), looked up by rules
families: ip
table: t
chain: c { type filter hook input priority filter; policy accept; }
object: ct helper h { type "ftp" protocol tcp; }
object: ct timeout to { protocol tcp; policy = { established: 100 }; }
map: m1 { typeof ip saddr : ct helper; }
map: mt { typeof ip saddr : ct timeout; }
map: me { typeof ip saddr : ct expectation; }
map: mc { typeof ip saddr . tcp dport : ct helper; }

rule: ct helper set ip saddr map @m1
  [ payload load 4b @ network header + 12 => reg 1 ]
  [ objref sreg 1 set m1 ]
json: [{"ct helper": {"map": {"key": {"payload": {"protocol": "ip", "field": "saddr"}}, "data": "@m1"}}}]

rule: ct timeout set ip saddr map @mt
  [ payload load 4b @ network header + 12 => reg 1 ]
  [ objref sreg 1 set mt ]
json: [{"ct timeout": {"map": {"key": {"payload": {"protocol": "ip", "field": "saddr"}}, "data": "@mt"}}}]

rule: ct expectation set ip saddr map @me
  [ payload load 4b @ network header + 12 => reg 1 ]
  [ objref sreg 1 set me ]
json: [{"ct expectation": {"map": {"key": {"payload": {"protocol": "ip", "field": "saddr"}}, "data": "@me"}}}]

rule: ct helper set ip saddr . tcp dport map @mc
  [ meta load l4proto => reg 1 ]
  [ cmp eq reg 1 0x00000006 ]
  [ payload load 4b @ network header + 12 => reg 1 ]
  [ payload load 2b @ transport header + 2 => reg 9 ]
  [ objref sreg 1 set mc ]
json: [{"ct helper": {"map": {"key": {"concat": [{"payload": {"protocol": "ip", "field": "saddr"}}, {"payload": {"protocol": "tcp", "field": "dport"}}]}, "data": "@mc"}}}]

# 1.1.3 does not check the kind of the map's objects
rule: ct helper set ip saddr map @mt
list: ct timeout set ip saddr map @mt
  [ payload load 4b @ network header + 12 => reg 1 ]
  [ objref sreg 1 set mt ]
json: [{"ct timeout": {"map": {"key": {"payload": {"protocol": "ip", "field": "saddr"}}, "data": "@mt"}}}]

fail: meta mark set ip saddr map @m1
