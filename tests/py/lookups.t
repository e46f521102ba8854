# fib, rt, numgen, jhash/symhash, socket, osf, ipsec
families: ip ip6 inet
table: t
chain: c { type filter hook prerouting priority filter; policy accept; }

rule ip6: rt nexthop fe80::1
list: rt ip6 nexthop fe80::1
  [ rt load nexthop6 => reg 1 ]
  [ cmp eq reg 1 0x000080fe 0x00000000 0x00000000 0x01000000 ]
json: [{"match": {"op": "==", "left": {"rt": {"key": "nexthop", "family": "ip6"}}, "right": "fe80::1"}}]

rule ip6: rt ip6 nexthop fe80::2
  [ rt load nexthop6 => reg 1 ]
  [ cmp eq reg 1 0x000080fe 0x00000000 0x00000000 0x02000000 ]
json: [{"match": {"op": "==", "left": {"rt": {"key": "nexthop", "family": "ip6"}}, "right": "fe80::2"}}]

fail ip6: rt ip nexthop 10.0.0.1

# in ip6 "ip nexthop" is the IPv6 one, as to 1.1.3
rule ip6: rt ip nexthop fe80::3
list: rt ip6 nexthop fe80::3
  [ rt load nexthop6 => reg 1 ]
  [ cmp eq reg 1 0x000080fe 0x00000000 0x00000000 0x03000000 ]
json: [{"match": {"op": "==", "left": {"rt": {"key": "nexthop", "family": "ip6"}}, "right": "fe80::3"}}]

rule ip: rt nexthop 192.168.1.1
list: rt ip nexthop 192.168.1.1
  [ rt load nexthop4 => reg 1 ]
  [ cmp eq reg 1 0x0101a8c0 ]
json: [{"match": {"op": "==", "left": {"rt": {"key": "nexthop", "family": "ip"}}, "right": "192.168.1.1"}}]

rule ip6 inet: fib saddr . iif oif missing drop
  [ fib saddr . iif oif present => reg 1 ]
  [ cmp eq reg 1 0x00000000 ]
  [ immediate reg 0 drop ]
json: [{"match": {"op": "==", "left": {"fib": {"result": "oif", "flags": ["saddr", "iif"]}}, "right": false}}, {"drop": null}]

rule ip inet: fib daddr type local
  [ fib daddr type => reg 1 ]
  [ cmp eq reg 1 0x00000002 ]
json: [{"match": {"op": "==", "left": {"fib": {"result": "type", "flags": ["daddr"]}}, "right": "local"}}]

rule inet: fib daddr type != local
  [ fib daddr type => reg 1 ]
  [ cmp neq reg 1 0x00000002 ]
json: [{"match": {"op": "!=", "left": {"fib": {"result": "type", "flags": ["daddr"]}}, "right": "local"}}]

rule ip inet: fib daddr type != { unspec, multicast, 161-604 }
list: fib daddr type != { unspec, 5, 161-604 }
  __set%d t 7
  __set%d t 0
  	element 00000000  : 0 [end]	element 01000000  : 1 [end]	element 05000000  : 0 [end]	element 06000000  : 1 [end]	element a1000000  : 0 [end]	element 5d020000  : 1 [end]
  [ fib daddr type => reg 1 ]
  [ byteorder reg 1 = hton(reg 1, 4, 4) ]
  [ lookup reg 1 set __set%d 0x1 ]
json: [{"match": {"op": "!=", "left": {"fib": {"result": "type", "flags": ["daddr"]}}, "right": {"set": ["unspec", 5, {"range": [161, 604]}]}}}]

rule ip inet: fib daddr type < local
list: fib daddr type < 2
  [ fib daddr type => reg 1 ]
  [ byteorder reg 1 = hton(reg 1, 4, 4) ]
  [ cmp lt reg 1 0x02000000 ]
json: [{"match": {"op": "<", "left": {"fib": {"result": "type", "flags": ["daddr"]}}, "right": 2}}]

rule inet: fib saddr oif 0
  [ fib saddr oif => reg 1 ]
  [ cmp eq reg 1 0x00000000 ]
json: [{"match": {"op": "==", "left": {"fib": {"result": "oif", "flags": ["saddr"]}}, "right": "0"}}]

rule inet: fib daddr oifname "lo"
  [ fib daddr oifname => reg 1 ]
  [ cmp eq reg 1 0x00006f6c 0x00000000 0x00000000 0x00000000 ]
json: [{"match": {"op": "==", "left": {"fib": {"result": "oifname", "flags": ["daddr"]}}, "right": "lo"}}]

rule inet: fib saddr . mark . iif oif exists
  [ fib saddr . mark . iif oif present => reg 1 ]
  [ cmp eq reg 1 0x00000001 ]
json: [{"match": {"op": "==", "left": {"fib": {"result": "oif", "flags": ["saddr", "mark", "iif"]}}, "right": true}}]

rule inet: fib daddr . iif type broadcast
  [ fib daddr . iif type => reg 1 ]
  [ cmp eq reg 1 0x00000003 ]
json: [{"match": {"op": "==", "left": {"fib": {"result": "type", "flags": ["daddr", "iif"]}}, "right": "broadcast"}}]

fail inet: fib iif oif 1

fail inet: fib saddr . daddr oif 1

fail inet: fib saddr . iif . oif oif 1

fail inet: fib saddr nosuch

fail inet: fib saddr type nosuchtype

rule ip inet: rt ip nexthop 10.0.0.1
  [ rt load nexthop4 => reg 1 ]
  [ cmp eq reg 1 0x0100000a ]
json: [{"match": {"op": "==", "left": {"rt": {"key": "nexthop", "family": "ip"}}, "right": "10.0.0.1"}}]

fail ip: rt ip6 nexthop fe80::1

rule inet: rt ip6 nexthop fe80::1
  [ rt load nexthop6 => reg 1 ]
  [ cmp eq reg 1 0x000080fe 0x00000000 0x00000000 0x01000000 ]
json: [{"match": {"op": "==", "left": {"rt": {"key": "nexthop", "family": "ip6"}}, "right": "fe80::1"}}]

rule inet: rt classid 10
  [ rt load classid => reg 1 ]
  [ cmp eq reg 1 0x0000000a ]
json: [{"match": {"op": "==", "left": {"rt": {"key": "classid"}}, "right": "10"}}]

rule inet: rt classid 0
list: rt classid "cosmos"
  [ rt load classid => reg 1 ]
  [ cmp eq reg 1 0x00000000 ]
json: [{"match": {"op": "==", "left": {"rt": {"key": "classid"}}, "right": "cosmos"}}]

rule inet: rt ipsec exists
  [ rt load ipsec => reg 1 ]
  [ cmp eq reg 1 0x00000001 ]
json: [{"match": {"op": "==", "left": {"rt": {"key": "ipsec"}}, "right": true}}]

rule inet: rt ipsec missing
  [ rt load ipsec => reg 1 ]
  [ cmp eq reg 1 0x00000000 ]
json: [{"match": {"op": "==", "left": {"rt": {"key": "ipsec"}}, "right": false}}]

fail inet: rt nexthop 192.168.1.1

fail inet: rt nosuchkey 1

rule inet: numgen inc mod 4 0
  [ numgen reg 1 = inc mod 4 ]
  [ cmp eq reg 1 0x00000000 ]
json: [{"match": {"op": "==", "left": {"numgen": {"mode": "inc", "mod": 4, "offset": 0}}, "right": 0}}]

rule inet: numgen random mod 10 offset 5 7
  [ numgen reg 1 = random mod 10 offset 5 ]
  [ cmp eq reg 1 0x00000007 ]
json: [{"match": {"op": "==", "left": {"numgen": {"mode": "random", "mod": 10, "offset": 5}}, "right": 7}}]

rule inet: numgen inc mod 2 offset 100 100
  [ numgen reg 1 = inc mod 2 offset 100 ]
  [ cmp eq reg 1 0x00000064 ]
json: [{"match": {"op": "==", "left": {"numgen": {"mode": "inc", "mod": 2, "offset": 100}}, "right": 100}}]

fail inet: numgen inc mod 0 0

fail inet: numgen sometimes mod 2 0

rule inet: symhash mod 2 offset 3 1
  [ hash reg 1 = symhash() % mod 2 offset 3 ]
  [ cmp eq reg 1 0x00000001 ]
json: [{"match": {"op": "==", "left": {"symhash": {"mod": 2, "offset": 3}}, "right": 1}}]

rule inet: symhash mod 2 1
  [ hash reg 1 = symhash() % mod 2 ]
  [ cmp eq reg 1 0x00000001 ]
json: [{"match": {"op": "==", "left": {"symhash": {"mod": 2}}, "right": 1}}]

fail inet: symhash mod 0 1

rule inet: socket transparent 1
  [ socket load transparent => reg 1 ]
  [ cmp eq reg 1 0x00000001 ]
json: [{"match": {"op": "==", "left": {"socket": {"key": "transparent"}}, "right": 1}}]

rule inet: socket mark 0x5
list: socket mark 0x00000005
  [ socket load mark => reg 1 ]
  [ cmp eq reg 1 0x00000005 ]
json: [{"match": {"op": "==", "left": {"socket": {"key": "mark"}}, "right": 5}}]

rule inet: socket wildcard 0
  [ socket load wildcard => reg 1 ]
  [ cmp eq reg 1 0x00000000 ]
json: [{"match": {"op": "==", "left": {"socket": {"key": "wildcard"}}, "right": 0}}]

fail inet: socket nosuchkey 1

rule inet: osf name "Linux"
  [ osf dreg 1 ]
  [ cmp eq reg 1 0x756e694c 0x00000078 0x00000000 0x00000000 ]
json: [{"match": {"op": "==", "left": {"osf": {"key": "name"}}, "right": "Linux"}}]

rule inet: osf ttl loose version "Linux:3.0"
  [ osf dreg 1 ]
  [ cmp eq reg 1 0x756e694c 0x2e333a78 0x00000030 0x00000000 ]
json: [{"match": {"op": "==", "left": {"osf": {"key": "version", "ttl": "loose"}}, "right": "Linux:3.0"}}]

rule inet: osf ttl skip name "Windows"
  [ osf dreg 1 ]
  [ cmp eq reg 1 0x646e6957 0x0073776f 0x00000000 0x00000000 ]
json: [{"match": {"op": "==", "left": {"osf": {"key": "name", "ttl": "skip"}}, "right": "Windows"}}]

fail inet: osf ttl tight name "Linux"

fail inet: osf nosuch "Linux"

rule inet: ipsec in reqid 1
  [ xfrm load in 0 reqid => reg 1 ]
  [ cmp eq reg 1 0x00000001 ]
json: [{"match": {"op": "==", "left": {"ipsec": {"key": "reqid", "dir": "in", "spnum": 0}}, "right": 1}}]

rule inet: ipsec in ip6 saddr ::1
  [ xfrm load in 0 saddr6 => reg 1 ]
  [ cmp eq reg 1 0x00000000 0x00000000 0x00000000 0x01000000 ]
json: [{"match": {"op": "==", "left": {"ipsec": {"key": "saddr", "family": "ip6", "dir": "in", "spnum": 0}}, "right": "::1"}}]

rule inet: ipsec in spi 100
  [ xfrm load in 0 spi => reg 1 ]
  [ cmp eq reg 1 0x64000000 ]
json: [{"match": {"op": "==", "left": {"ipsec": {"key": "spi", "dir": "in", "spnum": 0}}, "right": 100}}]

rule inet: ipsec in ip daddr 192.168.1.1
  [ xfrm load in 0 daddr4 => reg 1 ]
  [ cmp eq reg 1 0x0101a8c0 ]
json: [{"match": {"op": "==", "left": {"ipsec": {"key": "daddr", "family": "ip", "dir": "in", "spnum": 0}}, "right": "192.168.1.1"}}]

rule inet: ipsec in spnum 3 reqid 2
  [ xfrm load in 3 reqid => reg 1 ]
  [ cmp eq reg 1 0x00000002 ]
json: [{"match": {"op": "==", "left": {"ipsec": {"key": "reqid", "dir": "in", "spnum": 3}}, "right": 2}}]

fail inet: ipsec sideways reqid 1

fail inet: ipsec in saddr 1.2.3.4

# hashes and numbers as values of set statements; their sources are named
rule ip inet: meta mark set jhash ip saddr . tcp dport mod 10
  [ meta load l4proto => reg 1 ]
  [ cmp eq reg 1 0x00000006 ]
  [ payload load 4b @ network header + 12 => reg 2 ]
  [ payload load 2b @ transport header + 2 => reg 13 ]
  [ hash reg 1 = jhash(reg 2, 8, 0x0) % mod 10 ]
  [ meta set mark with reg 1 ]
bytecode inet:
  [ meta load nfproto => reg 1 ]
  [ cmp eq reg 1 0x00000002 ]
  [ meta load l4proto => reg 1 ]
  [ cmp eq reg 1 0x00000006 ]
  [ payload load 4b @ network header + 12 => reg 2 ]
  [ payload load 2b @ transport header + 2 => reg 13 ]
  [ hash reg 1 = jhash(reg 2, 8, 0x0) % mod 10 ]
  [ meta set mark with reg 1 ]
json: [{"mangle": {"key": {"meta": {"key": "mark"}}, "value": {"jhash": {"mod": 10, "expr": {"concat": [{"payload": {"protocol": "ip", "field": "saddr"}}, {"payload": {"protocol": "tcp", "field": "dport"}}]}}}}}]

rule ip inet: meta mark set jhash ip saddr mod 10 seed 0xdead offset 100
  [ payload load 4b @ network header + 12 => reg 2 ]
  [ hash reg 1 = jhash(reg 2, 4, 0xdead) % mod 10 offset 100 ]
  [ meta set mark with reg 1 ]
bytecode inet:
  [ meta load nfproto => reg 1 ]
  [ cmp eq reg 1 0x00000002 ]
  [ payload load 4b @ network header + 12 => reg 2 ]
  [ hash reg 1 = jhash(reg 2, 4, 0xdead) % mod 10 offset 100 ]
  [ meta set mark with reg 1 ]
json: [{"mangle": {"key": {"meta": {"key": "mark"}}, "value": {"jhash": {"mod": 10, "seed": 57005, "offset": 100, "expr": {"payload": {"protocol": "ip", "field": "saddr"}}}}}}]

rule: meta mark set jhash tcp dport mod 10
  [ meta load l4proto => reg 1 ]
  [ cmp eq reg 1 0x00000006 ]
  [ payload load 2b @ transport header + 2 => reg 2 ]
  [ hash reg 1 = jhash(reg 2, 2, 0x0) % mod 10 ]
  [ meta set mark with reg 1 ]
json: [{"mangle": {"key": {"meta": {"key": "mark"}}, "value": {"jhash": {"mod": 10, "expr": {"payload": {"protocol": "tcp", "field": "dport"}}}}}}]

# a jhash member loads its source after the concatenation's slots (for a
# map's key after twice them: the reference lists those maps wrongly, with
# keys it did not send, so they are not here)
rule ip inet: meta mark . jhash ip saddr mod 2 . ip daddr { 1 . 1 . 1.1.1.1 }
list: meta mark . jhash ip saddr mod 2 . ip daddr { 0x00000001 . 1 . 1.1.1.1 }
  __set%d t 3
  __set%d t 0
  	element 00000001 00000001 01010101  : 0 [end]
  [ meta load mark => reg 1 ]
  [ payload load 4b @ network header + 12 => reg 11 ]
  [ hash reg 9 = jhash(reg 11, 4, 0x0) % mod 2 ]
  [ payload load 4b @ network header + 16 => reg 10 ]
  [ lookup reg 1 set __set%d ]
bytecode inet:
  __set%d t 3
  __set%d t 0
  	element 00000001 00000001 01010101  : 0 [end]
  [ meta load nfproto => reg 1 ]
  [ cmp eq reg 1 0x00000002 ]
  [ meta load mark => reg 1 ]
  [ payload load 4b @ network header + 12 => reg 11 ]
  [ hash reg 9 = jhash(reg 11, 4, 0x0) % mod 2 ]
  [ payload load 4b @ network header + 16 => reg 10 ]
  [ lookup reg 1 set __set%d ]
json: [{"match": {"op": "==", "left": {"concat": [{"meta": {"key": "mark"}}, {"jhash": {"mod": 2, "expr": {"payload": {"protocol": "ip", "field": "saddr"}}}}, {"payload": {"protocol": "ip", "field": "daddr"}}]}, "right": {"set": [{"concat": [1, 1, "1.1.1.1"]}]}}}]

rule: meta mark set symhash mod 2
  [ hash reg 1 = symhash() % mod 2 ]
  [ meta set mark with reg 1 ]
json: [{"mangle": {"key": {"meta": {"key": "mark"}}, "value": {"symhash": {"mod": 2}}}}]

rule: meta mark set numgen inc mod 2
  [ numgen reg 1 = inc mod 2 ]
  [ meta set mark with reg 1 ]
json: [{"mangle": {"key": {"meta": {"key": "mark"}}, "value": {"numgen": {"mode": "inc", "mod": 2, "offset": 0}}}}]

rule: ct mark set numgen random mod 4 offset 1
  [ numgen reg 1 = random mod 4 offset 1 ]
  [ ct set mark with reg 1 ]
json: [{"mangle": {"key": {"ct": {"key": "mark"}}, "value": {"numgen": {"mode": "random", "mod": 4, "offset": 1}}}}]

rule ip inet: jhash ip saddr mod 2 1
  [ payload load 4b @ network header + 12 => reg 2 ]
  [ hash reg 1 = jhash(reg 2, 4, 0x0) % mod 2 ]
  [ cmp eq reg 1 0x00000001 ]
bytecode inet:
  [ meta load nfproto => reg 1 ]
  [ cmp eq reg 1 0x00000002 ]
  [ payload load 4b @ network header + 12 => reg 2 ]
  [ hash reg 1 = jhash(reg 2, 4, 0x0) % mod 2 ]
  [ cmp eq reg 1 0x00000001 ]
json: [{"match": {"op": "==", "left": {"jhash": {"mod": 2, "expr": {"payload": {"protocol": "ip", "field": "saddr"}}}}, "right": 1}}]

rule ip6 inet: jhash ip6 saddr . ip6 daddr mod 3 2
  [ payload load 16b @ network header + 8 => reg 2 ]
  [ payload load 16b @ network header + 24 => reg 3 ]
  [ hash reg 1 = jhash(reg 2, 32, 0x0) % mod 3 ]
  [ cmp eq reg 1 0x00000002 ]
bytecode inet:
  [ meta load nfproto => reg 1 ]
  [ cmp eq reg 1 0x0000000a ]
  [ payload load 16b @ network header + 8 => reg 2 ]
  [ payload load 16b @ network header + 24 => reg 3 ]
  [ hash reg 1 = jhash(reg 2, 32, 0x0) % mod 3 ]
  [ cmp eq reg 1 0x00000002 ]
json: [{"match": {"op": "==", "left": {"jhash": {"mod": 3, "expr": {"concat": [{"payload": {"protocol": "ip6", "field": "saddr"}}, {"payload": {"protocol": "ip6", "field": "daddr"}}]}}}, "right": 2}}]

# a number generator or hash yields 0 to mod + offset - 1: more is
# refused, also after a mask and in a set
fail: numgen inc mod 2 84

fail: numgen inc mod 2 { 0, 5 }

fail: numgen inc mod 2 ^ 0xf8 == 1

fail: symhash mod 10 offset 2 == 200

rule: numgen inc mod 10 offset 5 != 14
  [ numgen reg 1 = inc mod 10 offset 5 ]
  [ cmp neq reg 1 0x0000000e ]
json: [{"match": {"op": "!=", "left": {"numgen": {"mode": "inc", "mod": 10, "offset": 5}}, "right": 14}}]

# a byte aligned prefix of the next hop: the compare takes its bytes
rule ip6: rt ip6 nexthop ::ffff:1.2.3.4/48
list: rt ip6 nexthop ::/48
  [ rt load nexthop6 => reg 1 ]
  [ cmp eq reg 1 0x00000000 0x00000000 ]
json: [{"match": {"op": "==", "left": {"rt": {"key": "nexthop", "family": "ip6"}}, "right": {"prefix": {"addr": "::", "len": 48}}}}]

# a range beside a numgen value in a set of concatenations: 1.1.3 lists
# the numgen value as 0, which reloads as another set (README
# "Differences")
rule ip: ip daddr . numgen random mod 10 { 10.0.4.68-10.0.13.212 . 7 } accept
  __set%d t 87
  __set%d t 0
  	element 4404000a 07000000  - d40d000a 07000000  : 0 [end]
  [ payload load 4b @ network header + 16 => reg 1 ]
  [ numgen reg 9 = random mod 10 ]
  [ byteorder reg 9 = hton(reg 9, 4, 4) ]
  [ lookup reg 1 set __set%d ]
  [ immediate reg 0 accept ]
json: [{"match": {"op": "==", "left": {"concat": [{"payload": {"protocol": "ip", "field": "daddr"}}, {"numgen": {"mode": "random", "mod": 10, "offset": 0}}]}, "right": {"set": [{"concat": [{"range": ["10.0.4.68", "10.0.13.212"]}, 7]}]}}}, {"accept": null}]
ref-list: ip daddr . numgen random mod 10 { 10.0.4.68-10.0.13.212 . 0 } accept
ref-json: [{"match": {"op": "==", "left": {"concat": [{"payload": {"protocol": "ip", "field": "daddr"}}, {"numgen": {"mode": "random", "mod": 10, "offset": 0}}]}, "right": {"set": [{"concat": [{"range": ["10.0.4.68", "10.0.13.212"]}, 0]}]}}}, {"accept": null}]

# the same for a fib address type (a range alone is numbers too)
rule: fib daddr type { 3-5, 0 }
list: fib daddr type { unspec, 3-5 }
  __set%d t 7
  __set%d t 0
  	element 00000000  : 0 [end]	element 01000000  : 1 [end]	element 03000000  : 0 [end]	element 06000000  : 1 [end]
  [ fib daddr type => reg 1 ]
  [ byteorder reg 1 = hton(reg 1, 4, 4) ]
  [ lookup reg 1 set __set%d ]
json: [{"match": {"op": "==", "left": {"fib": {"result": "type", "flags": ["daddr"]}}, "right": {"set": ["unspec", {"range": [3, 5]}]}}}]
