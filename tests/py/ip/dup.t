# dup statement in the ip family
family: ip
table: t
chain: c { type filter hook input priority filter; policy accept; }

rule: dup to 1.2.3.4
  [ immediate reg 1 0x04030201 ]
  [ dup sreg_addr 1 ]
json: [{"dup": {"addr": "1.2.3.4"}}]

rule: dup to 1.2.3.4 device lo
list: dup to 1.2.3.4 device "lo"
  [ immediate reg 1 0x04030201 ]
  [ immediate reg 2 0x00000001 ]
  [ dup sreg_addr 1 sreg_dev 2 ]
json: [{"dup": {"addr": "1.2.3.4", "dev": "lo"}}]

rule: dup to 1.2.3.4 device "lo"
  [ immediate reg 1 0x04030201 ]
  [ immediate reg 2 0x00000001 ]
  [ dup sreg_addr 1 sreg_dev 2 ]
json: [{"dup": {"addr": "1.2.3.4", "dev": "lo"}}]

fail: dup to ::1

fail: dup to 1.2.3.4 device nosuchdev0
