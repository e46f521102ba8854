# dup and fwd in the netdev family (to a device; fwd also to a neighbour
# address through a device), refused in inet
families: inet netdev
table: t
chain: c { type filter hook input priority filter; policy accept; }
chain netdev: c { type filter hook ingress device "v0" priority filter; policy accept; }
veth netdev: v0 v1

rule netdev: dup to lo
list: dup to "lo"
  [ immediate reg 1 0x00000001 ]
  [ dup sreg_dev 1 ]
json: [{"dup": {"addr": "lo"}}]

rule netdev: dup to "v1"
  [ immediate reg 1 0x00000002 ]
  [ dup sreg_dev 1 ]
json: [{"dup": {"addr": "v1"}}]

rule netdev: fwd to lo
list: fwd to "lo"
  [ immediate reg 1 0x00000001 ]
  [ fwd sreg_dev 1 ]
json: [{"fwd": {"dev": "lo"}}]

rule netdev: fwd to "v1"
  [ immediate reg 1 0x00000002 ]
  [ fwd sreg_dev 1 ]
json: [{"fwd": {"dev": "v1"}}]

rule netdev: fwd ip to 1.2.3.4 device lo
list: fwd ip to 1.2.3.4 device "lo"
  [ immediate reg 1 0x00000001 ]
  [ immediate reg 2 0x04030201 ]
  [ fwd sreg_dev 1 sreg_addr 2 nfproto 2 ]
json: [{"fwd": {"dev": "lo", "family": "ip", "addr": "1.2.3.4"}}]

rule netdev: fwd ip6 to ::1 device "lo"
  [ immediate reg 1 0x00000001 ]
  [ immediate reg 2 0x00000000 0x00000000 0x00000000 0x01000000 ]
  [ fwd sreg_dev 1 sreg_addr 2 nfproto 10 ]
json: [{"fwd": {"dev": "lo", "family": "ip6", "addr": "::1"}}]

fail netdev: fwd to 1.2.3.4

fail netdev: fwd to nosuchdev0

# a range or prefix parses, and is refused at evaluation
fail netdev: fwd ip to 1.2.3.4/24 device lo

fail netdev: fwd ip6 to ::1-::2 device lo

fail netdev: dup to 1.2.3.4/24

fail netdev: fwd to lo counter

fail inet: dup to 1.2.3.4

fail inet: fwd to lo

# computed devices and addresses, as the system nft takes them
rule netdev: dup to meta iif
list: dup to iif
  [ meta load iif => reg 1 ]
  [ dup sreg_dev 1 ]
json: [{"dup": {"addr": {"meta": {"key": "iif"}}}}]

rule netdev: dup to jhash ip saddr mod 2
  [ meta load protocol => reg 1 ]
  [ cmp eq reg 1 0x00000008 ]
  [ payload load 4b @ network header + 12 => reg 2 ]
  [ hash reg 1 = jhash(reg 2, 4, 0x0) % mod 2 ]
  [ dup sreg_dev 1 ]
json: [{"dup": {"addr": {"jhash": {"mod": 2, "expr": {"payload": {"protocol": "ip", "field": "saddr"}}}}}}]

rule netdev: fwd to meta iif
list: fwd to iif
  [ meta load iif => reg 1 ]
  [ fwd sreg_dev 1 ]
json: [{"fwd": {"dev": {"meta": {"key": "iif"}}}}]

rule netdev: fwd to numgen inc mod 2
  [ numgen reg 1 = inc mod 2 ]
  [ fwd sreg_dev 1 ]
json: [{"fwd": {"dev": {"numgen": {"mode": "inc", "mod": 2, "offset": 0}}}}]

rule netdev: fwd ip to ip saddr device "lo"
  [ meta load protocol => reg 1 ]
  [ cmp eq reg 1 0x00000008 ]
  [ immediate reg 1 0x00000001 ]
  [ payload load 4b @ network header + 12 => reg 2 ]
  [ fwd sreg_dev 1 sreg_addr 2 nfproto 2 ]
json: [{"fwd": {"dev": "lo", "family": "ip", "addr": {"payload": {"protocol": "ip", "field": "saddr"}}}}]

rule netdev: fwd ip to 1.2.3.4 device meta iif
list: fwd ip to 1.2.3.4 device iif
  [ meta load iif => reg 1 ]
  [ immediate reg 2 0x04030201 ]
  [ fwd sreg_dev 1 sreg_addr 2 nfproto 2 ]
json: [{"fwd": {"dev": {"meta": {"key": "iif"}}, "family": "ip", "addr": "1.2.3.4"}}]

rule netdev: fwd ip6 to ip6 daddr device meta oif
list: fwd ip6 to ip6 daddr device oif
  [ meta load protocol => reg 1 ]
  [ cmp eq reg 1 0x0000dd86 ]
  [ meta load oif => reg 1 ]
  [ payload load 16b @ network header + 24 => reg 2 ]
  [ fwd sreg_dev 1 sreg_addr 2 nfproto 10 ]
json: [{"fwd": {"dev": {"meta": {"key": "oif"}}, "family": "ip6", "addr": {"payload": {"protocol": "ip6", "field": "daddr"}}}}]

fail netdev: fwd to ip saddr

fail netdev: dup to meta mark
