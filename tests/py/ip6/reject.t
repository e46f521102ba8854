# reject statement in the ip6 family
family: ip6
table: t
chain: c { type filter hook input priority filter; policy accept; }

rule: reject
  [ reject type 0 code 4 ]
json: [{"reject": {"type": "icmpv6", "expr": "port-unreachable"}}]

rule: reject with icmpv6 port-unreachable
list: reject
  [ reject type 0 code 4 ]
json: [{"reject": {"type": "icmpv6", "expr": "port-unreachable"}}]

rule: reject with icmpv6 no-route
  [ reject type 0 code 0 ]
json: [{"reject": {"type": "icmpv6", "expr": "no-route"}}]

rule: reject with icmpv6 admin-prohibited
  [ reject type 0 code 1 ]
json: [{"reject": {"type": "icmpv6", "expr": "admin-prohibited"}}]

rule: reject with icmpv6 addr-unreachable
  [ reject type 0 code 3 ]
json: [{"reject": {"type": "icmpv6", "expr": "addr-unreachable"}}]

rule: reject with icmpv6 policy-fail
  [ reject type 0 code 5 ]
json: [{"reject": {"type": "icmpv6", "expr": "policy-fail"}}]

rule: reject with icmpv6 reject-route
  [ reject type 0 code 6 ]
json: [{"reject": {"type": "icmpv6", "expr": "reject-route"}}]

rule: reject with icmpv6 3
list: reject with icmpv6 addr-unreachable
  [ reject type 0 code 3 ]
json: [{"reject": {"type": "icmpv6", "expr": "addr-unreachable"}}]

rule: reject with tcp reset
  [ meta load l4proto => reg 1 ]
  [ cmp eq reg 1 0x00000006 ]
  [ reject type 1 code 0 ]
json: [{"reject": {"type": "tcp reset"}}]

rule: tcp dport 22 reject with tcp reset
  [ meta load l4proto => reg 1 ]
  [ cmp eq reg 1 0x00000006 ]
  [ payload load 2b @ transport header + 2 => reg 1 ]
  [ cmp eq reg 1 0x00001600 ]
  [ reject type 1 code 0 ]
json: [{"match": {"op": "==", "left": {"payload": {"protocol": "tcp", "field": "dport"}}, "right": 22}}, {"reject": {"type": "tcp reset"}}]

rule: ip6 saddr ::1 reject
  [ payload load 16b @ network header + 8 => reg 1 ]
  [ cmp eq reg 1 0x00000000 0x00000000 0x00000000 0x01000000 ]
  [ reject type 0 code 4 ]
json: [{"match": {"op": "==", "left": {"payload": {"protocol": "ip6", "field": "saddr"}}, "right": "::1"}}, {"reject": {"type": "icmpv6", "expr": "port-unreachable"}}]

fail: reject with icmp port-unreachable

fail: reject with icmpx port-unreachable
