# ip6 saddr/daddr
families: ip6 inet bridge netdev
table: t
chain: c { type filter hook input priority filter; policy accept; }
chain netdev: c { type filter hook ingress device "v0" priority filter; policy accept; }
chain: target
veth netdev: v0 v1

rule: ip6 saddr ::1
  [ meta load protocol => reg 1 ]
  [ cmp eq reg 1 0x0000dd86 ]
  [ payload load 16b @ network header + 8 => reg 1 ]
  [ cmp eq reg 1 0x00000000 0x00000000 0x00000000 0x01000000 ]
bytecode ip6:
  [ payload load 16b @ network header + 8 => reg 1 ]
  [ cmp eq reg 1 0x00000000 0x00000000 0x00000000 0x01000000 ]
bytecode inet:
  [ meta load nfproto => reg 1 ]
  [ cmp eq reg 1 0x0000000a ]
  [ payload load 16b @ network header + 8 => reg 1 ]
  [ cmp eq reg 1 0x00000000 0x00000000 0x00000000 0x01000000 ]
json: [{"match": {"op": "==", "left": {"payload": {"protocol": "ip6", "field": "saddr"}}, "right": "::1"}}]

rule: ip6 daddr fe80::/64
  [ meta load protocol => reg 1 ]
  [ cmp eq reg 1 0x0000dd86 ]
  [ payload load 8b @ network header + 24 => reg 1 ]
  [ cmp eq reg 1 0x000080fe 0x00000000 ]
bytecode ip6:
  [ payload load 8b @ network header + 24 => reg 1 ]
  [ cmp eq reg 1 0x000080fe 0x00000000 ]
bytecode inet:
  [ meta load nfproto => reg 1 ]
  [ cmp eq reg 1 0x0000000a ]
  [ payload load 8b @ network header + 24 => reg 1 ]
  [ cmp eq reg 1 0x000080fe 0x00000000 ]
json: [{"match": {"op": "==", "left": {"payload": {"protocol": "ip6", "field": "daddr"}}, "right": {"prefix": {"addr": "fe80::", "len": 64}}}}]

rule: ip6 saddr 2001:db8::/32 drop
  [ meta load protocol => reg 1 ]
  [ cmp eq reg 1 0x0000dd86 ]
  [ payload load 4b @ network header + 8 => reg 1 ]
  [ cmp eq reg 1 0xb80d0120 ]
  [ immediate reg 0 drop ]
bytecode ip6:
  [ payload load 4b @ network header + 8 => reg 1 ]
  [ cmp eq reg 1 0xb80d0120 ]
  [ immediate reg 0 drop ]
bytecode inet:
  [ meta load nfproto => reg 1 ]
  [ cmp eq reg 1 0x0000000a ]
  [ payload load 4b @ network header + 8 => reg 1 ]
  [ cmp eq reg 1 0xb80d0120 ]
  [ immediate reg 0 drop ]
json: [{"match": {"op": "==", "left": {"payload": {"protocol": "ip6", "field": "saddr"}}, "right": {"prefix": {"addr": "2001:db8::", "len": 32}}}}, {"drop": null}]

rule: ip6 daddr != ::1
  [ meta load protocol => reg 1 ]
  [ cmp eq reg 1 0x0000dd86 ]
  [ payload load 16b @ network header + 24 => reg 1 ]
  [ cmp neq reg 1 0x00000000 0x00000000 0x00000000 0x01000000 ]
bytecode ip6:
  [ payload load 16b @ network header + 24 => reg 1 ]
  [ cmp neq reg 1 0x00000000 0x00000000 0x00000000 0x01000000 ]
bytecode inet:
  [ meta load nfproto => reg 1 ]
  [ cmp eq reg 1 0x0000000a ]
  [ payload load 16b @ network header + 24 => reg 1 ]
  [ cmp neq reg 1 0x00000000 0x00000000 0x00000000 0x01000000 ]
json: [{"match": {"op": "!=", "left": {"payload": {"protocol": "ip6", "field": "daddr"}}, "right": "::1"}}]

rule: ip6 saddr != fd00::/8
  [ meta load protocol => reg 1 ]
  [ cmp eq reg 1 0x0000dd86 ]
  [ payload load 1b @ network header + 8 => reg 1 ]
  [ cmp neq reg 1 0x000000fd ]
bytecode ip6:
  [ payload load 1b @ network header + 8 => reg 1 ]
  [ cmp neq reg 1 0x000000fd ]
bytecode inet:
  [ meta load nfproto => reg 1 ]
  [ cmp eq reg 1 0x0000000a ]
  [ payload load 1b @ network header + 8 => reg 1 ]
  [ cmp neq reg 1 0x000000fd ]
json: [{"match": {"op": "!=", "left": {"payload": {"protocol": "ip6", "field": "saddr"}}, "right": {"prefix": {"addr": "fd00::", "len": 8}}}}]

rule: ip6 daddr == 2001:db8::1:2:3:4
list: ip6 daddr 2001:db8::1:2:3:4
  [ meta load protocol => reg 1 ]
  [ cmp eq reg 1 0x0000dd86 ]
  [ payload load 16b @ network header + 24 => reg 1 ]
  [ cmp eq reg 1 0xb80d0120 0x00000000 0x02000100 0x04000300 ]
bytecode ip6:
  [ payload load 16b @ network header + 24 => reg 1 ]
  [ cmp eq reg 1 0xb80d0120 0x00000000 0x02000100 0x04000300 ]
bytecode inet:
  [ meta load nfproto => reg 1 ]
  [ cmp eq reg 1 0x0000000a ]
  [ payload load 16b @ network header + 24 => reg 1 ]
  [ cmp eq reg 1 0xb80d0120 0x00000000 0x02000100 0x04000300 ]
json: [{"match": {"op": "==", "left": {"payload": {"protocol": "ip6", "field": "daddr"}}, "right": "2001:db8::1:2:3:4"}}]

rule: ip6 saddr 2001:0db8:0000:0000:0000:0000:0000:0001
list: ip6 saddr 2001:db8::1
  [ meta load protocol => reg 1 ]
  [ cmp eq reg 1 0x0000dd86 ]
  [ payload load 16b @ network header + 8 => reg 1 ]
  [ cmp eq reg 1 0xb80d0120 0x00000000 0x00000000 0x01000000 ]
bytecode ip6:
  [ payload load 16b @ network header + 8 => reg 1 ]
  [ cmp eq reg 1 0xb80d0120 0x00000000 0x00000000 0x01000000 ]
bytecode inet:
  [ meta load nfproto => reg 1 ]
  [ cmp eq reg 1 0x0000000a ]
  [ payload load 16b @ network header + 8 => reg 1 ]
  [ cmp eq reg 1 0xb80d0120 0x00000000 0x00000000 0x01000000 ]
json: [{"match": {"op": "==", "left": {"payload": {"protocol": "ip6", "field": "saddr"}}, "right": "2001:db8::1"}}]

rule: ip6 daddr ::ffff:1.2.3.4
  [ meta load protocol => reg 1 ]
  [ cmp eq reg 1 0x0000dd86 ]
  [ payload load 16b @ network header + 24 => reg 1 ]
  [ cmp eq reg 1 0x00000000 0x00000000 0xffff0000 0x04030201 ]
bytecode ip6:
  [ payload load 16b @ network header + 24 => reg 1 ]
  [ cmp eq reg 1 0x00000000 0x00000000 0xffff0000 0x04030201 ]
bytecode inet:
  [ meta load nfproto => reg 1 ]
  [ cmp eq reg 1 0x0000000a ]
  [ payload load 16b @ network header + 24 => reg 1 ]
  [ cmp eq reg 1 0x00000000 0x00000000 0xffff0000 0x04030201 ]
json: [{"match": {"op": "==", "left": {"payload": {"protocol": "ip6", "field": "daddr"}}, "right": "::ffff:1.2.3.4"}}]

rule: ip6 saddr 2001:db8::/48 ip6 daddr 2001:db8:1::/48 counter accept
list: ip6 saddr 2001:db8::/48 ip6 daddr 2001:db8:1::/48 counter packets 0 bytes 0 accept
  [ meta load protocol => reg 1 ]
  [ cmp eq reg 1 0x0000dd86 ]
  [ payload load 6b @ network header + 8 => reg 1 ]
  [ cmp eq reg 1 0xb80d0120 0x00000000 ]
  [ payload load 6b @ network header + 24 => reg 1 ]
  [ cmp eq reg 1 0xb80d0120 0x00000100 ]
  [ counter pkts 0 bytes 0 ]
  [ immediate reg 0 accept ]
bytecode ip6:
  [ payload load 6b @ network header + 8 => reg 1 ]
  [ cmp eq reg 1 0xb80d0120 0x00000000 ]
  [ payload load 6b @ network header + 24 => reg 1 ]
  [ cmp eq reg 1 0xb80d0120 0x00000100 ]
  [ counter pkts 0 bytes 0 ]
  [ immediate reg 0 accept ]
bytecode inet:
  [ meta load nfproto => reg 1 ]
  [ cmp eq reg 1 0x0000000a ]
  [ payload load 6b @ network header + 8 => reg 1 ]
  [ cmp eq reg 1 0xb80d0120 0x00000000 ]
  [ payload load 6b @ network header + 24 => reg 1 ]
  [ cmp eq reg 1 0xb80d0120 0x00000100 ]
  [ counter pkts 0 bytes 0 ]
  [ immediate reg 0 accept ]
json: [{"match": {"op": "==", "left": {"payload": {"protocol": "ip6", "field": "saddr"}}, "right": {"prefix": {"addr": "2001:db8::", "len": 48}}}}, {"match": {"op": "==", "left": {"payload": {"protocol": "ip6", "field": "daddr"}}, "right": {"prefix": {"addr": "2001:db8:1::", "len": 48}}}}, {"counter": {"packets": 0, "bytes": 0}}, {"accept": null}]

rule: ip6 daddr fe80::1/128
list: ip6 daddr fe80::1
  [ meta load protocol => reg 1 ]
  [ cmp eq reg 1 0x0000dd86 ]
  [ payload load 16b @ network header + 24 => reg 1 ]
  [ cmp eq reg 1 0x000080fe 0x00000000 0x00000000 0x01000000 ]
bytecode ip6:
  [ payload load 16b @ network header + 24 => reg 1 ]
  [ cmp eq reg 1 0x000080fe 0x00000000 0x00000000 0x01000000 ]
bytecode inet:
  [ meta load nfproto => reg 1 ]
  [ cmp eq reg 1 0x0000000a ]
  [ payload load 16b @ network header + 24 => reg 1 ]
  [ cmp eq reg 1 0x000080fe 0x00000000 0x00000000 0x01000000 ]
json: [{"match": {"op": "==", "left": {"payload": {"protocol": "ip6", "field": "daddr"}}, "right": "fe80::1"}}]

fail: ip6 saddr ::1/129

fail: ip saddr 1.2.3.4 ip6 daddr ::1

fail: ip6 saddr 1.2.3.4
