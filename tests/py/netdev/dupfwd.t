# dup and fwd statements in the netdev family
family: netdev
table: t
veth: v0 v1
chain: c { type filter hook ingress device "v0" priority filter; policy accept; }

rule: dup to lo
list: dup to "lo"
  [ immediate reg 1 0x00000001 ]
  [ dup sreg_dev 1 ]
json: [{"dup": {"addr": "lo"}}]

rule: dup to "v1"
  [ immediate reg 1 0x00000002 ]
  [ dup sreg_dev 1 ]
json: [{"dup": {"addr": "v1"}}]

rule: fwd to lo
list: fwd to "lo"
  [ immediate reg 1 0x00000001 ]
  [ fwd sreg_dev 1 ]
json: [{"fwd": {"dev": "lo"}}]

rule: fwd to "v1"
  [ immediate reg 1 0x00000002 ]
  [ fwd sreg_dev 1 ]
json: [{"fwd": {"dev": "v1"}}]

rule: fwd ip to 1.2.3.4 device lo
list: fwd ip to 1.2.3.4 device "lo"
  [ immediate reg 1 0x00000001 ]
  [ immediate reg 2 0x04030201 ]
  [ fwd sreg_dev 1 sreg_addr 2 nfproto 2 ]
json: [{"fwd": {"dev": "lo", "family": "ip", "addr": "1.2.3.4"}}]

rule: fwd ip6 to ::1 device "lo"
  [ immediate reg 1 0x00000001 ]
  [ immediate reg 2 0x00000000 0x00000000 0x00000000 0x01000000 ]
  [ fwd sreg_dev 1 sreg_addr 2 nfproto 10 ]
json: [{"fwd": {"dev": "lo", "family": "ip6", "addr": "::1"}}]

fail: fwd to 1.2.3.4

fail: fwd to nosuchdev0

fail: fwd to lo counter
