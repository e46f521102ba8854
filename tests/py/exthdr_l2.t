# extension headers and IP options where the family gives no network
# header: the header they are in is implied, as a transport header's is
# (bridge: "ether type ip6"; netdev: "meta protocol ip6")
families: bridge netdev
table: t
chain: c { type filter hook input priority filter; policy accept; }
chain netdev: c { type filter hook ingress device "v0" priority filter; policy accept; }
veth netdev: v0 v1

rule: srh last-entry 33
  [ payload load 2b @ link header + 12 => reg 1 ]
  [ cmp eq reg 1 0x0000dd86 ]
  [ exthdr load ipv6 1b @ 43 + 4 => reg 1 ]
  [ cmp eq reg 1 0x00000021 ]
bytecode netdev:
  [ meta load protocol => reg 1 ]
  [ cmp eq reg 1 0x0000dd86 ]
  [ exthdr load ipv6 1b @ 43 + 4 => reg 1 ]
  [ cmp eq reg 1 0x00000021 ]
json: [{"match": {"op": "==", "left": {"exthdr": {"name": "srh", "field": "last-entry"}}, "right": 33}}]

rule: ip option rr exists
  [ payload load 2b @ link header + 12 => reg 1 ]
  [ cmp eq reg 1 0x00000008 ]
  [ exthdr load ipv4 1b @ 7 + 0 present => reg 1 ]
  [ cmp eq reg 1 0x00000001 ]
bytecode netdev:
  [ meta load protocol => reg 1 ]
  [ cmp eq reg 1 0x00000008 ]
  [ exthdr load ipv4 1b @ 7 + 0 present => reg 1 ]
  [ cmp eq reg 1 0x00000001 ]
json: [{"match": {"op": "==", "left": {"ip option": {"name": "rr"}}, "right": true}}]

rule: exthdr hbh exists
  [ payload load 2b @ link header + 12 => reg 1 ]
  [ cmp eq reg 1 0x0000dd86 ]
  [ exthdr load ipv6 1b @ 0 + 0 present => reg 1 ]
  [ cmp eq reg 1 0x00000001 ]
bytecode netdev:
  [ meta load protocol => reg 1 ]
  [ cmp eq reg 1 0x0000dd86 ]
  [ exthdr load ipv6 1b @ 0 + 0 present => reg 1 ]
  [ cmp eq reg 1 0x00000001 ]
json: [{"match": {"op": "==", "left": {"exthdr": {"name": "hbh"}}, "right": true}}]
