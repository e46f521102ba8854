# reject statement
families: ip ip6 inet netdev
table: t
chain: c { type filter hook input priority filter; policy accept; }
chain netdev: c { type filter hook ingress device "v0" priority filter; policy accept; }
veth netdev: v0 v1

rule: reject
  [ reject type 2 code 1 ]
bytecode ip:
  [ reject type 0 code 3 ]
bytecode ip6:
  [ reject type 0 code 4 ]
json: [{"reject": {"type": "icmpx", "expr": "port-unreachable"}}]
json ip: [{"reject": {"type": "icmp", "expr": "port-unreachable"}}]
json ip6: [{"reject": {"type": "icmpv6", "expr": "port-unreachable"}}]

rule ip inet netdev: reject with icmp port-unreachable
list ip: reject
  [ reject type 0 code 3 ]
bytecode inet:
  [ meta load nfproto => reg 1 ]
  [ cmp eq reg 1 0x00000002 ]
  [ reject type 0 code 3 ]
bytecode netdev:
  [ meta load protocol => reg 1 ]
  [ cmp eq reg 1 0x00000008 ]
  [ reject type 0 code 3 ]
json: [{"reject": {"type": "icmp", "expr": "port-unreachable"}}]

rule ip: reject with icmp 3
list: reject
  [ reject type 0 code 3 ]
json: [{"reject": {"type": "icmp", "expr": "port-unreachable"}}]

rule ip inet netdev: reject with icmp host-unreachable
  [ reject type 0 code 1 ]
bytecode inet:
  [ meta load nfproto => reg 1 ]
  [ cmp eq reg 1 0x00000002 ]
  [ reject type 0 code 1 ]
bytecode netdev:
  [ meta load protocol => reg 1 ]
  [ cmp eq reg 1 0x00000008 ]
  [ reject type 0 code 1 ]
json: [{"reject": {"type": "icmp", "expr": "host-unreachable"}}]

rule ip: reject with icmp net-unreachable
  [ reject type 0 code 0 ]
json: [{"reject": {"type": "icmp", "expr": "net-unreachable"}}]

rule ip: reject with icmp prot-unreachable
  [ reject type 0 code 2 ]
json: [{"reject": {"type": "icmp", "expr": "prot-unreachable"}}]

rule ip: reject with icmp net-prohibited
  [ reject type 0 code 9 ]
json: [{"reject": {"type": "icmp", "expr": "net-prohibited"}}]

rule ip: reject with icmp host-prohibited
  [ reject type 0 code 10 ]
json: [{"reject": {"type": "icmp", "expr": "host-prohibited"}}]

rule ip: reject with icmp admin-prohibited
  [ reject type 0 code 13 ]
json: [{"reject": {"type": "icmp", "expr": "admin-prohibited"}}]

rule ip: reject with icmp frag-needed
  [ reject type 0 code 4 ]
json: [{"reject": {"type": "icmp", "expr": "frag-needed"}}]

rule ip: reject with icmp type host-unreachable
list: reject with icmp host-unreachable
  [ reject type 0 code 1 ]
json: [{"reject": {"type": "icmp", "expr": "host-unreachable"}}]

rule ip: reject with icmp 13
list: reject with icmp admin-prohibited
  [ reject type 0 code 13 ]
json: [{"reject": {"type": "icmp", "expr": "admin-prohibited"}}]

rule ip: reject with icmp 200
  [ reject type 0 code 200 ]
json: [{"reject": {"type": "icmp", "expr": 200}}]

rule ip6 inet netdev: reject with icmpv6 port-unreachable
list ip6: reject
  [ reject type 0 code 4 ]
bytecode inet:
  [ meta load nfproto => reg 1 ]
  [ cmp eq reg 1 0x0000000a ]
  [ reject type 0 code 4 ]
bytecode netdev:
  [ meta load protocol => reg 1 ]
  [ cmp eq reg 1 0x0000dd86 ]
  [ reject type 0 code 4 ]
json: [{"reject": {"type": "icmpv6", "expr": "port-unreachable"}}]

rule ip6 inet netdev: reject with icmpv6 no-route
  [ reject type 0 code 0 ]
bytecode inet:
  [ meta load nfproto => reg 1 ]
  [ cmp eq reg 1 0x0000000a ]
  [ reject type 0 code 0 ]
bytecode netdev:
  [ meta load protocol => reg 1 ]
  [ cmp eq reg 1 0x0000dd86 ]
  [ reject type 0 code 0 ]
json: [{"reject": {"type": "icmpv6", "expr": "no-route"}}]

rule ip6: reject with icmpv6 admin-prohibited
  [ reject type 0 code 1 ]
json: [{"reject": {"type": "icmpv6", "expr": "admin-prohibited"}}]

rule ip6: reject with icmpv6 addr-unreachable
  [ reject type 0 code 3 ]
json: [{"reject": {"type": "icmpv6", "expr": "addr-unreachable"}}]

rule ip6: reject with icmpv6 policy-fail
  [ reject type 0 code 5 ]
json: [{"reject": {"type": "icmpv6", "expr": "policy-fail"}}]

rule ip6: reject with icmpv6 reject-route
  [ reject type 0 code 6 ]
json: [{"reject": {"type": "icmpv6", "expr": "reject-route"}}]

rule ip6 inet netdev: reject with icmpv6 3
list: reject with icmpv6 addr-unreachable
  [ reject type 0 code 3 ]
bytecode inet:
  [ meta load nfproto => reg 1 ]
  [ cmp eq reg 1 0x0000000a ]
  [ reject type 0 code 3 ]
bytecode netdev:
  [ meta load protocol => reg 1 ]
  [ cmp eq reg 1 0x0000dd86 ]
  [ reject type 0 code 3 ]
json: [{"reject": {"type": "icmpv6", "expr": "addr-unreachable"}}]

rule inet netdev: reject with icmpx port-unreachable
list: reject
  [ reject type 2 code 1 ]
json: [{"reject": {"type": "icmpx", "expr": "port-unreachable"}}]

rule inet netdev: reject with icmpx admin-prohibited
  [ reject type 2 code 3 ]
json: [{"reject": {"type": "icmpx", "expr": "admin-prohibited"}}]

rule inet netdev: reject with icmpx host-unreachable
  [ reject type 2 code 2 ]
json: [{"reject": {"type": "icmpx", "expr": "host-unreachable"}}]

rule inet netdev: reject with icmpx no-route
  [ reject type 2 code 0 ]
json: [{"reject": {"type": "icmpx", "expr": "no-route"}}]

rule inet netdev: reject with icmpx 3
list: reject with icmpx admin-prohibited
  [ reject type 2 code 3 ]
json: [{"reject": {"type": "icmpx", "expr": "admin-prohibited"}}]

rule: reject with tcp reset
list inet netdev: meta l4proto tcp reject with tcp reset
  [ meta load l4proto => reg 1 ]
  [ cmp eq reg 1 0x00000006 ]
  [ reject type 1 code 0 ]
json: [{"reject": {"type": "tcp reset"}}]
json inet netdev: [{"match": {"op": "==", "left": {"meta": {"key": "l4proto"}}, "right": "tcp"}}, {"reject": {"type": "tcp reset"}}]

rule: tcp dport 22 reject with tcp reset
  [ meta load l4proto => reg 1 ]
  [ cmp eq reg 1 0x00000006 ]
  [ payload load 2b @ transport header + 2 => reg 1 ]
  [ cmp eq reg 1 0x00001600 ]
  [ reject type 1 code 0 ]
json: [{"match": {"op": "==", "left": {"payload": {"protocol": "tcp", "field": "dport"}}, "right": 22}}, {"reject": {"type": "tcp reset"}}]

rule inet netdev: meta l4proto tcp reject with tcp reset
  [ meta load l4proto => reg 1 ]
  [ cmp eq reg 1 0x00000006 ]
  [ reject type 1 code 0 ]
json: [{"match": {"op": "==", "left": {"meta": {"key": "l4proto"}}, "right": "tcp"}}, {"reject": {"type": "tcp reset"}}]

rule inet netdev: ip protocol tcp reject with tcp reset
  [ meta load nfproto => reg 1 ]
  [ cmp eq reg 1 0x00000002 ]
  [ payload load 1b @ network header + 9 => reg 1 ]
  [ cmp eq reg 1 0x00000006 ]
  [ reject type 1 code 0 ]
bytecode netdev:
  [ meta load protocol => reg 1 ]
  [ cmp eq reg 1 0x00000008 ]
  [ payload load 1b @ network header + 9 => reg 1 ]
  [ cmp eq reg 1 0x00000006 ]
  [ reject type 1 code 0 ]
json: [{"match": {"op": "==", "left": {"payload": {"protocol": "ip", "field": "protocol"}}, "right": "tcp"}}, {"reject": {"type": "tcp reset"}}]

rule ip inet netdev: ip saddr 1.2.3.4 reject
list: ip saddr 1.2.3.4 reject with icmp port-unreachable
list ip: ip saddr 1.2.3.4 reject
  [ payload load 4b @ network header + 12 => reg 1 ]
  [ cmp eq reg 1 0x04030201 ]
  [ reject type 0 code 3 ]
bytecode inet:
  [ meta load nfproto => reg 1 ]
  [ cmp eq reg 1 0x00000002 ]
  [ payload load 4b @ network header + 12 => reg 1 ]
  [ cmp eq reg 1 0x04030201 ]
  [ reject type 0 code 3 ]
bytecode netdev:
  [ meta load protocol => reg 1 ]
  [ cmp eq reg 1 0x00000008 ]
  [ payload load 4b @ network header + 12 => reg 1 ]
  [ cmp eq reg 1 0x04030201 ]
  [ reject type 0 code 3 ]
json: [{"match": {"op": "==", "left": {"payload": {"protocol": "ip", "field": "saddr"}}, "right": "1.2.3.4"}}, {"reject": {"type": "icmp", "expr": "port-unreachable"}}]

fail ip ip6: reject with icmpx port-unreachable

fail ip: reject with icmpv6 port-unreachable

fail ip: reject with icmp nonsense

fail ip: reject with tcp nonsense

fail ip: reject with foo bar

# the system nft silently truncates the code to 8 bits
fail ip: reject with icmp 256
# nothing may follow a statement that decides the fate of the packet
fail ip: reject counter

fail ip: reject accept

fail ip: drop counter

rule ip6 inet netdev: ip6 saddr ::1 reject
list: ip6 saddr ::1 reject with icmpv6 port-unreachable
list ip6: ip6 saddr ::1 reject
  [ payload load 16b @ network header + 8 => reg 1 ]
  [ cmp eq reg 1 0x00000000 0x00000000 0x00000000 0x01000000 ]
  [ reject type 0 code 4 ]
bytecode inet:
  [ meta load nfproto => reg 1 ]
  [ cmp eq reg 1 0x0000000a ]
  [ payload load 16b @ network header + 8 => reg 1 ]
  [ cmp eq reg 1 0x00000000 0x00000000 0x00000000 0x01000000 ]
  [ reject type 0 code 4 ]
bytecode netdev:
  [ meta load protocol => reg 1 ]
  [ cmp eq reg 1 0x0000dd86 ]
  [ payload load 16b @ network header + 8 => reg 1 ]
  [ cmp eq reg 1 0x00000000 0x00000000 0x00000000 0x01000000 ]
  [ reject type 0 code 4 ]
json: [{"match": {"op": "==", "left": {"payload": {"protocol": "ip6", "field": "saddr"}}, "right": "::1"}}, {"reject": {"type": "icmpv6", "expr": "port-unreachable"}}]

fail ip6: reject with icmp port-unreachable

rule inet netdev: ip saddr 1.2.3.4 reject with icmp host-unreachable
  [ meta load nfproto => reg 1 ]
  [ cmp eq reg 1 0x00000002 ]
  [ payload load 4b @ network header + 12 => reg 1 ]
  [ cmp eq reg 1 0x04030201 ]
  [ reject type 0 code 1 ]
bytecode netdev:
  [ meta load protocol => reg 1 ]
  [ cmp eq reg 1 0x00000008 ]
  [ payload load 4b @ network header + 12 => reg 1 ]
  [ cmp eq reg 1 0x04030201 ]
  [ reject type 0 code 1 ]
json: [{"match": {"op": "==", "left": {"payload": {"protocol": "ip", "field": "saddr"}}, "right": "1.2.3.4"}}, {"reject": {"type": "icmp", "expr": "host-unreachable"}}]

fail inet netdev: ip saddr 1.2.3.4 reject with icmpv6 no-route

fail inet netdev: reject with icmpx 4

# a reject's dependency goes to the start of the rule, and a listing
# drops it wherever it is
rule inet netdev: meta mark 1 reject with tcp reset
list: meta l4proto tcp meta mark 0x00000001 reject with tcp reset
  [ meta load l4proto => reg 1 ]
  [ cmp eq reg 1 0x00000006 ]
  [ meta load mark => reg 1 ]
  [ cmp eq reg 1 0x00000001 ]
  [ reject type 1 code 0 ]
json: [{"match": {"op": "==", "left": {"meta": {"key": "l4proto"}}, "right": "tcp"}}, {"match": {"op": "==", "left": {"meta": {"key": "mark"}}, "right": 1}}, {"reject": {"type": "tcp reset"}}]

rule inet netdev: meta mark 1 reject with icmp host-unreachable
list: meta mark 0x00000001 reject with icmp host-unreachable
  [ meta load nfproto => reg 1 ]
  [ cmp eq reg 1 0x00000002 ]
  [ meta load mark => reg 1 ]
  [ cmp eq reg 1 0x00000001 ]
  [ reject type 0 code 1 ]
bytecode netdev:
  [ meta load protocol => reg 1 ]
  [ cmp eq reg 1 0x00000008 ]
  [ meta load mark => reg 1 ]
  [ cmp eq reg 1 0x00000001 ]
  [ reject type 0 code 1 ]
json: [{"match": {"op": "==", "left": {"meta": {"key": "mark"}}, "right": 1}}, {"reject": {"type": "icmp", "expr": "host-unreachable"}}]

rule netdev: meta mark 1 meta protocol ip meta cpu 1 reject with icmp host-unreachable
list: meta mark 0x00000001 meta cpu 1 reject with icmp host-unreachable
  [ meta load mark => reg 1 ]
  [ cmp eq reg 1 0x00000001 ]
  [ meta load protocol => reg 1 ]
  [ cmp eq reg 1 0x00000008 ]
  [ meta load cpu => reg 1 ]
  [ cmp eq reg 1 0x00000001 ]
  [ reject type 0 code 1 ]
json: [{"match": {"op": "==", "left": {"meta": {"key": "mark"}}, "right": 1}}, {"match": {"op": "==", "left": {"meta": {"key": "cpu"}}, "right": 1}}, {"reject": {"type": "icmp", "expr": "host-unreachable"}}]
json-bytecode:
  [ meta load protocol => reg 1 ]
  [ cmp eq reg 1 0x00000008 ]
  [ meta load mark => reg 1 ]
  [ cmp eq reg 1 0x00000001 ]
  [ meta load cpu => reg 1 ]
  [ cmp eq reg 1 0x00000001 ]
  [ reject type 0 code 1 ]
