# lookups whose meaning depends on the ip6 family
family: ip6
table: t
chain: c { type filter hook prerouting priority filter; policy accept; }

rule: rt nexthop fe80::1
list: rt ip6 nexthop fe80::1
  [ rt load nexthop6 => reg 1 ]
  [ cmp eq reg 1 0x000080fe 0x00000000 0x00000000 0x01000000 ]
json: [{"match": {"op": "==", "left": {"rt": {"key": "nexthop", "family": "ip6"}}, "right": "fe80::1"}}]

rule: rt ip6 nexthop fe80::2
  [ rt load nexthop6 => reg 1 ]
  [ cmp eq reg 1 0x000080fe 0x00000000 0x00000000 0x02000000 ]
json: [{"match": {"op": "==", "left": {"rt": {"key": "nexthop", "family": "ip6"}}, "right": "fe80::2"}}]

fail: rt ip nexthop 10.0.0.1

rule: fib saddr . iif oif missing drop
  [ fib saddr . iif oif present => reg 1 ]
  [ cmp eq reg 1 0x00000000 ]
  [ immediate reg 0 drop ]
json: [{"match": {"op": "==", "left": {"fib": {"result": "oif", "flags": ["saddr", "iif"]}}, "right": false}}, {"drop": null}]
