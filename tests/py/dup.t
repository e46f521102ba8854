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

# computed addresses and devices, as the system nft takes them
rule ip: dup to ip saddr
  [ payload load 4b @ network header + 12 => reg 1 ]
  [ dup sreg_addr 1 ]
json: [{"dup": {"addr": {"payload": {"protocol": "ip", "field": "saddr"}}}}]

rule ip: dup to ip saddr device "lo"
  [ payload load 4b @ network header + 12 => reg 1 ]
  [ immediate reg 2 0x00000001 ]
  [ dup sreg_addr 1 sreg_dev 2 ]
json: [{"dup": {"addr": {"payload": {"protocol": "ip", "field": "saddr"}}, "dev": "lo"}}]

rule ip: dup to jhash ip saddr mod 2 device "lo"
  [ payload load 4b @ network header + 12 => reg 2 ]
  [ hash reg 1 = jhash(reg 2, 4, 0x0) % mod 2 ]
  [ immediate reg 2 0x00000001 ]
  [ dup sreg_addr 1 sreg_dev 2 ]
json: [{"dup": {"addr": {"jhash": {"mod": 2, "expr": {"payload": {"protocol": "ip", "field": "saddr"}}}}, "dev": "lo"}}]

rule ip: dup to 1.2.3.4 device meta iif
list: dup to 1.2.3.4 device iif
  [ immediate reg 1 0x04030201 ]
  [ meta load iif => reg 2 ]
  [ dup sreg_addr 1 sreg_dev 2 ]
json: [{"dup": {"addr": "1.2.3.4", "dev": {"meta": {"key": "iif"}}}}]

rule ip6: dup to ip6 daddr device meta oif
list: dup to ip6 daddr device oif
  [ payload load 16b @ network header + 24 => reg 1 ]
  [ meta load oif => reg 2 ]
  [ dup sreg_addr 1 sreg_dev 2 ]
json: [{"dup": {"addr": {"payload": {"protocol": "ip6", "field": "daddr"}}, "dev": {"meta": {"key": "oif"}}}}]

rule ip: dup to numgen inc mod 2
  [ numgen reg 1 = inc mod 2 ]
  [ byteorder reg 1 = hton(reg 1, 4, 4) ]
  [ dup sreg_addr 1 ]
json: [{"dup": {"addr": {"numgen": {"mode": "inc", "mod": 2, "offset": 0}}}}]

fail: dup to meta mark
