# lookups whose meaning depends on the ip family
family: ip
table: t
chain: c { type filter hook prerouting priority filter; policy accept; }

rule: rt nexthop 192.168.1.1
list: rt ip nexthop 192.168.1.1
  [ rt load nexthop4 => reg 1 ]
  [ cmp eq reg 1 0x0101a8c0 ]
json: [{"match": {"op": "==", "left": {"rt": {"key": "nexthop", "family": "ip"}}, "right": "192.168.1.1"}}]

rule: rt ip nexthop 10.0.0.1
  [ rt load nexthop4 => reg 1 ]
  [ cmp eq reg 1 0x0100000a ]
json: [{"match": {"op": "==", "left": {"rt": {"key": "nexthop", "family": "ip"}}, "right": "10.0.0.1"}}]

fail: rt ip6 nexthop fe80::1

rule: fib daddr type local
  [ fib daddr type => reg 1 ]
  [ cmp eq reg 1 0x00000002 ]
json: [{"match": {"op": "==", "left": {"fib": {"result": "type", "flags": ["daddr"]}}, "right": "local"}}]
