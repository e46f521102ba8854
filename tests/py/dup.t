# dup statement
families: ip ip6
table: t
chain: c { type filter hook input priority filter; policy accept; }

rule ip6: dup to ::1
  [ immediate reg 1 0x00000000 0x00000000 0x00000000 0x01000000 ]
  [ dup sreg_addr 1 ]
json: [{"dup": {"addr": "::1"}}]

rule ip6: dup to ::1 device lo
list: dup to ::1 device "lo"
  [ immediate reg 1 0x00000000 0x00000000 0x00000000 0x01000000 ]
  [ immediate reg 2 0x00000001 ]
  [ dup sreg_addr 1 sreg_dev 2 ]
json: [{"dup": {"addr": "::1", "dev": "lo"}}]

fail ip6: dup to 1.2.3.4

rule ip: dup to 1.2.3.4
  [ immediate reg 1 0x04030201 ]
  [ dup sreg_addr 1 ]
json: [{"dup": {"addr": "1.2.3.4"}}]

rule ip: dup to 1.2.3.4 device lo
list: dup to 1.2.3.4 device "lo"
  [ immediate reg 1 0x04030201 ]
  [ immediate reg 2 0x00000001 ]
  [ dup sreg_addr 1 sreg_dev 2 ]
json: [{"dup": {"addr": "1.2.3.4", "dev": "lo"}}]

rule ip: dup to 1.2.3.4 device "lo"
  [ immediate reg 1 0x04030201 ]
  [ immediate reg 2 0x00000001 ]
  [ dup sreg_addr 1 sreg_dev 2 ]
json: [{"dup": {"addr": "1.2.3.4", "dev": "lo"}}]

fail ip: dup to ::1

fail ip: dup to 1.2.3.4 device nosuchdev0
