# dup statement in the ip6 family
family: ip6
table: t
chain: c { type filter hook input priority filter; policy accept; }

rule: dup to ::1
  [ immediate reg 1 0x00000000 0x00000000 0x00000000 0x01000000 ]
  [ dup sreg_addr 1 ]
json: [{"dup": {"addr": "::1"}}]

rule: dup to ::1 device lo
list: dup to ::1 device "lo"
  [ immediate reg 1 0x00000000 0x00000000 0x00000000 0x01000000 ]
  [ immediate reg 2 0x00000001 ]
  [ dup sreg_addr 1 sreg_dev 2 ]
json: [{"dup": {"addr": "::1", "dev": "lo"}}]

fail: dup to 1.2.3.4
