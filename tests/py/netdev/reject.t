# reject statement in the netdev family
family: netdev
table: t
veth: v0 v1
chain: c { type filter hook ingress device "v0" priority filter; policy accept; }

rule: reject
  [ reject type 2 code 1 ]
json: [{"reject": {"type": "icmpx", "expr": "port-unreachable"}}]

rule: reject with icmp port-unreachable
  [ meta load protocol => reg 1 ]
  [ cmp eq reg 1 0x00000008 ]
  [ reject type 0 code 3 ]
json: [{"reject": {"type": "icmp", "expr": "port-unreachable"}}]

rule: reject with icmp host-unreachable
  [ meta load protocol => reg 1 ]
  [ cmp eq reg 1 0x00000008 ]
  [ reject type 0 code 1 ]
json: [{"reject": {"type": "icmp", "expr": "host-unreachable"}}]

rule: reject with icmpv6 port-unreachable
  [ meta load protocol => reg 1 ]
  [ cmp eq reg 1 0x0000dd86 ]
  [ reject type 0 code 4 ]
json: [{"reject": {"type": "icmpv6", "expr": "port-unreachable"}}]

rule: reject with icmpv6 no-route
  [ meta load protocol => reg 1 ]
  [ cmp eq reg 1 0x0000dd86 ]
  [ reject type 0 code 0 ]
json: [{"reject": {"type": "icmpv6", "expr": "no-route"}}]

rule: reject with icmpv6 3
list: reject with icmpv6 addr-unreachable
  [ meta load protocol => reg 1 ]
  [ cmp eq reg 1 0x0000dd86 ]
  [ reject type 0 code 3 ]
json: [{"reject": {"type": "icmpv6", "expr": "addr-unreachable"}}]

rule: reject with icmpx port-unreachable
list: reject
  [ reject type 2 code 1 ]
json: [{"reject": {"type": "icmpx", "expr": "port-unreachable"}}]

rule: reject with icmpx admin-prohibited
  [ reject type 2 code 3 ]
json: [{"reject": {"type": "icmpx", "expr": "admin-prohibited"}}]

rule: reject with icmpx host-unreachable
  [ reject type 2 code 2 ]
json: [{"reject": {"type": "icmpx", "expr": "host-unreachable"}}]

rule: reject with icmpx no-route
  [ reject type 2 code 0 ]
json: [{"reject": {"type": "icmpx", "expr": "no-route"}}]

rule: reject with icmpx 3
list: reject with icmpx admin-prohibited
  [ reject type 2 code 3 ]
json: [{"reject": {"type": "icmpx", "expr": "admin-prohibited"}}]

rule: reject with tcp reset
list: meta l4proto tcp reject with tcp reset
  [ meta load l4proto => reg 1 ]
  [ cmp eq reg 1 0x00000006 ]
  [ reject type 1 code 0 ]
json: [{"match": {"op": "==", "left": {"meta": {"key": "l4proto"}}, "right": "tcp"}}, {"reject": {"type": "tcp reset"}}]

rule: tcp dport 22 reject with tcp reset
  [ meta load l4proto => reg 1 ]
  [ cmp eq reg 1 0x00000006 ]
  [ payload load 2b @ transport header + 2 => reg 1 ]
  [ cmp eq reg 1 0x00001600 ]
  [ reject type 1 code 0 ]
json: [{"match": {"op": "==", "left": {"payload": {"protocol": "tcp", "field": "dport"}}, "right": 22}}, {"reject": {"type": "tcp reset"}}]

rule: meta l4proto tcp reject with tcp reset
  [ meta load l4proto => reg 1 ]
  [ cmp eq reg 1 0x00000006 ]
  [ reject type 1 code 0 ]
json: [{"match": {"op": "==", "left": {"meta": {"key": "l4proto"}}, "right": "tcp"}}, {"reject": {"type": "tcp reset"}}]

rule: ip protocol tcp reject with tcp reset
  [ meta load protocol => reg 1 ]
  [ cmp eq reg 1 0x00000008 ]
  [ payload load 1b @ network header + 9 => reg 1 ]
  [ cmp eq reg 1 0x00000006 ]
  [ reject type 1 code 0 ]
json: [{"match": {"op": "==", "left": {"payload": {"protocol": "ip", "field": "protocol"}}, "right": "tcp"}}, {"reject": {"type": "tcp reset"}}]

rule: ip saddr 1.2.3.4 reject
list: ip saddr 1.2.3.4 reject with icmp port-unreachable
  [ meta load protocol => reg 1 ]
  [ cmp eq reg 1 0x00000008 ]
  [ payload load 4b @ network header + 12 => reg 1 ]
  [ cmp eq reg 1 0x04030201 ]
  [ reject type 0 code 3 ]
json: [{"match": {"op": "==", "left": {"payload": {"protocol": "ip", "field": "saddr"}}, "right": "1.2.3.4"}}, {"reject": {"type": "icmp", "expr": "port-unreachable"}}]

rule: ip6 saddr ::1 reject
list: ip6 saddr ::1 reject with icmpv6 port-unreachable
  [ meta load protocol => reg 1 ]
  [ cmp eq reg 1 0x0000dd86 ]
  [ payload load 16b @ network header + 8 => reg 1 ]
  [ cmp eq reg 1 0x00000000 0x00000000 0x00000000 0x01000000 ]
  [ reject type 0 code 4 ]
json: [{"match": {"op": "==", "left": {"payload": {"protocol": "ip6", "field": "saddr"}}, "right": "::1"}}, {"reject": {"type": "icmpv6", "expr": "port-unreachable"}}]

rule: ip saddr 1.2.3.4 reject with icmp host-unreachable
  [ meta load protocol => reg 1 ]
  [ cmp eq reg 1 0x00000008 ]
  [ payload load 4b @ network header + 12 => reg 1 ]
  [ cmp eq reg 1 0x04030201 ]
  [ reject type 0 code 1 ]
json: [{"match": {"op": "==", "left": {"payload": {"protocol": "ip", "field": "saddr"}}, "right": "1.2.3.4"}}, {"reject": {"type": "icmp", "expr": "host-unreachable"}}]

fail: ip saddr 1.2.3.4 reject with icmpv6 no-route

fail: reject with icmpx 4
