# a load shifted for a mark: 1.1.3 turns it into the mark's 32 bits in
# host order first (ntoh of a big endian field, a sub-byte field shifted
# down, masks before the shift on all 32 bits), then shifts those
families: ip inet
table: t
chain: c

rule: meta mark set tcp dport >> 1
  [ meta load l4proto => reg 1 ]
  [ cmp eq reg 1 0x00000006 ]
  [ payload load 2b @ transport header + 2 => reg 1 ]
  [ byteorder reg 1 = ntoh(reg 1, 2, 2) ]
  [ bitwise reg 1 = ( reg 1 >> 0x00000001 ) ]
  [ meta set mark with reg 1 ]
json: [{"mangle": {"key": {"meta": {"key": "mark"}}, "value": {">>": [{"payload": {"protocol": "tcp", "field": "dport"}}, 1]}}}]

rule: ct mark set ip ttl << 8
  [ payload load 1b @ network header + 8 => reg 1 ]
  [ bitwise reg 1 = ( reg 1 << 0x00000008 ) ]
  [ ct set mark with reg 1 ]
bytecode inet:
  [ meta load nfproto => reg 1 ]
  [ cmp eq reg 1 0x00000002 ]
  [ payload load 1b @ network header + 8 => reg 1 ]
  [ bitwise reg 1 = ( reg 1 << 0x00000008 ) ]
  [ ct set mark with reg 1 ]
json: [{"mangle": {"key": {"ct": {"key": "mark"}}, "value": {"<<": [{"payload": {"protocol": "ip", "field": "ttl"}}, 8]}}}]

rule: meta mark set ip ttl >> 1
  [ payload load 1b @ network header + 8 => reg 1 ]
  [ bitwise reg 1 = ( reg 1 >> 0x00000001 ) ]
  [ meta set mark with reg 1 ]
bytecode inet:
  [ meta load nfproto => reg 1 ]
  [ cmp eq reg 1 0x00000002 ]
  [ payload load 1b @ network header + 8 => reg 1 ]
  [ bitwise reg 1 = ( reg 1 >> 0x00000001 ) ]
  [ meta set mark with reg 1 ]
json: [{"mangle": {"key": {"meta": {"key": "mark"}}, "value": {">>": [{"payload": {"protocol": "ip", "field": "ttl"}}, 1]}}}]

rule: meta mark set ip saddr >> 8
  [ payload load 4b @ network header + 12 => reg 1 ]
  [ byteorder reg 1 = ntoh(reg 1, 4, 4) ]
  [ bitwise reg 1 = ( reg 1 >> 0x00000008 ) ]
  [ meta set mark with reg 1 ]
bytecode inet:
  [ meta load nfproto => reg 1 ]
  [ cmp eq reg 1 0x00000002 ]
  [ payload load 4b @ network header + 12 => reg 1 ]
  [ byteorder reg 1 = ntoh(reg 1, 4, 4) ]
  [ bitwise reg 1 = ( reg 1 >> 0x00000008 ) ]
  [ meta set mark with reg 1 ]
json: [{"mangle": {"key": {"meta": {"key": "mark"}}, "value": {">>": [{"payload": {"protocol": "ip", "field": "saddr"}}, 8]}}}]

rule: meta mark set tcp dport << 4 | 1
list: meta mark set tcp dport << 4 | 0x1
  [ meta load l4proto => reg 1 ]
  [ cmp eq reg 1 0x00000006 ]
  [ payload load 2b @ transport header + 2 => reg 1 ]
  [ byteorder reg 1 = ntoh(reg 1, 2, 2) ]
  [ bitwise reg 1 = ( reg 1 << 0x00000004 ) ]
  [ bitwise reg 1 = ( reg 1 & 0xfffffffe ) ^ 0x00000001 ]
  [ meta set mark with reg 1 ]
json: [{"mangle": {"key": {"meta": {"key": "mark"}}, "value": {"|": [{"<<": [{"payload": {"protocol": "tcp", "field": "dport"}}, 4]}, 1]}}}]

rule: meta mark set (tcp dport & 0xff) << 4
list: meta mark set (tcp dport & 255) << 4
  [ meta load l4proto => reg 1 ]
  [ cmp eq reg 1 0x00000006 ]
  [ payload load 2b @ transport header + 2 => reg 1 ]
  [ byteorder reg 1 = ntoh(reg 1, 2, 2) ]
  [ bitwise reg 1 = ( reg 1 & 0x000000ff ) ^ 0x00000000 ]
  [ bitwise reg 1 = ( reg 1 << 0x00000004 ) ]
  [ meta set mark with reg 1 ]
json: [{"mangle": {"key": {"meta": {"key": "mark"}}, "value": {"<<": [{"&": [{"payload": {"protocol": "tcp", "field": "dport"}}, 255]}, 4]}}}]

rule: meta mark set ip dscp << 2
  [ payload load 1b @ network header + 1 => reg 1 ]
  [ bitwise reg 1 = ( reg 1 & 0x000000fc ) ^ 0x00000000 ]
  [ bitwise reg 1 = ( reg 1 >> 0x00000002 ) ]
  [ bitwise reg 1 = ( reg 1 << 0x00000002 ) ]
  [ meta set mark with reg 1 ]
bytecode inet:
  [ meta load nfproto => reg 1 ]
  [ cmp eq reg 1 0x00000002 ]
  [ payload load 1b @ network header + 1 => reg 1 ]
  [ bitwise reg 1 = ( reg 1 & 0x000000fc ) ^ 0x00000000 ]
  [ bitwise reg 1 = ( reg 1 >> 0x00000002 ) ]
  [ bitwise reg 1 = ( reg 1 << 0x00000002 ) ]
  [ meta set mark with reg 1 ]
json: [{"mangle": {"key": {"meta": {"key": "mark"}}, "value": {"<<": [{"payload": {"protocol": "ip", "field": "dscp"}}, 2]}}}]

rule: meta mark set tcp flags >> 1
  [ meta load l4proto => reg 1 ]
  [ cmp eq reg 1 0x00000006 ]
  [ payload load 1b @ transport header + 13 => reg 1 ]
  [ bitwise reg 1 = ( reg 1 >> 0x00000001 ) ]
  [ meta set mark with reg 1 ]
json: [{"mangle": {"key": {"meta": {"key": "mark"}}, "value": {">>": [{"payload": {"protocol": "tcp", "field": "flags"}}, 1]}}}]

rule: meta mark set meta mark >> 1
  [ meta load mark => reg 1 ]
  [ bitwise reg 1 = ( reg 1 >> 0x00000001 ) ]
  [ meta set mark with reg 1 ]
json: [{"mangle": {"key": {"meta": {"key": "mark"}}, "value": {">>": [{"meta": {"key": "mark"}}, 1]}}}]

rule: meta mark set ct mark >> 8 & 0xff
  [ ct load mark => reg 1 ]
  [ bitwise reg 1 = ( reg 1 >> 0x00000008 ) ]
  [ bitwise reg 1 = ( reg 1 & 0x000000ff ) ^ 0x00000000 ]
  [ meta set mark with reg 1 ]
json: [{"mangle": {"key": {"meta": {"key": "mark"}}, "value": {"&": [{">>": [{"ct": {"key": "mark"}}, 8]}, 255]}}}]

rule: ct mark set ip ttl << 24
  [ payload load 1b @ network header + 8 => reg 1 ]
  [ bitwise reg 1 = ( reg 1 << 0x00000018 ) ]
  [ ct set mark with reg 1 ]
bytecode inet:
  [ meta load nfproto => reg 1 ]
  [ cmp eq reg 1 0x00000002 ]
  [ payload load 1b @ network header + 8 => reg 1 ]
  [ bitwise reg 1 = ( reg 1 << 0x00000018 ) ]
  [ ct set mark with reg 1 ]
json: [{"mangle": {"key": {"ct": {"key": "mark"}}, "value": {"<<": [{"payload": {"protocol": "ip", "field": "ttl"}}, 24]}}}]

fail: meta mark set ip ttl >> 32

fail: meta mark set ip ttl << 40

fail: ip ttl >> 8 == 1

fail: meta mark set ip dscp << 32
