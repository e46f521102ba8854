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

fail netdev: fwd to lo counter

fail inet: dup to 1.2.3.4

fail inet: fwd to lo
