# chains of constant masks (&, |, ^ and their word forms) on a loaded
# value: one bitwise expression, (value & mask) ^ xor, as the system nft
# encodes them; listed as it lists them: the xor bits inside the mask
# flip, those outside it are set
families: ip
table: t
chain: c

rule: meta mark set meta mark and 0xffff0000 or 0x1
list: meta mark set meta mark & 0xffff0001 | 0x00000001
  [ meta load mark => reg 1 ]
  [ bitwise reg 1 = ( reg 1 & 0xffff0000 ) ^ 0x00000001 ]
  [ meta set mark with reg 1 ]
json: [{"mangle": {"key": {"meta": {"key": "mark"}}, "value": {"|": [{"&": [{"meta": {"key": "mark"}}, 4294901761]}, 1]}}}]

rule: meta mark & 0xff00 | 0x1 == 0x101
list: meta mark & 0x0000ff01 | 0x00000001 == 0x00000101
  [ meta load mark => reg 1 ]
  [ bitwise reg 1 = ( reg 1 & 0x0000ff00 ) ^ 0x00000001 ]
  [ cmp eq reg 1 0x00000101 ]
json: [{"match": {"op": "==", "left": {"|": [{"&": [{"meta": {"key": "mark"}}, 65281]}, 1]}, "right": 257}}]

rule: ct mark set ct mark & 0xff ^ 0x3
list: ct mark set ct mark & 0x000000ff ^ 0x00000003
  [ ct load mark => reg 1 ]
  [ bitwise reg 1 = ( reg 1 & 0x000000ff ) ^ 0x00000003 ]
  [ ct set mark with reg 1 ]
json: [{"mangle": {"key": {"ct": {"key": "mark"}}, "value": {"^": [{"&": [{"ct": {"key": "mark"}}, 255]}, 3]}}}]

rule: meta mark set meta mark & 0xffff0001 | 0x00000001
  [ meta load mark => reg 1 ]
  [ bitwise reg 1 = ( reg 1 & 0xffff0000 ) ^ 0x00000001 ]
  [ meta set mark with reg 1 ]
json: [{"mangle": {"key": {"meta": {"key": "mark"}}, "value": {"|": [{"&": [{"meta": {"key": "mark"}}, 4294901761]}, 1]}}}]

rule: meta mark set meta mark & 0xff | 0x100 ^ 0x3
list: meta mark set meta mark & 0x000001ff | 0x00000103
  [ meta load mark => reg 1 ]
  [ bitwise reg 1 = ( reg 1 & 0x000000fc ) ^ 0x00000103 ]
  [ meta set mark with reg 1 ]
json: [{"mangle": {"key": {"meta": {"key": "mark"}}, "value": {"|": [{"&": [{"meta": {"key": "mark"}}, 511]}, 259]}}}]

rule: meta mark set meta mark ^ 0x3 | 0x100
list: meta mark set meta mark ^ 0x00000003 | 0x00000100
  [ meta load mark => reg 1 ]
  [ bitwise reg 1 = ( reg 1 & 0xfffffeff ) ^ 0x00000103 ]
  [ meta set mark with reg 1 ]
json: [{"mangle": {"key": {"meta": {"key": "mark"}}, "value": {"|": [{"^": [{"meta": {"key": "mark"}}, 3]}, 256]}}}]

rule: meta mark set meta mark ^ 0xf0 & 0xffff
list: meta mark set meta mark ^ 0x000000f0
  [ meta load mark => reg 1 ]
  [ bitwise reg 1 = ( reg 1 & 0xffffffff ) ^ 0x000000f0 ]
  [ meta set mark with reg 1 ]
json: [{"mangle": {"key": {"meta": {"key": "mark"}}, "value": {"^": [{"meta": {"key": "mark"}}, 240]}}}]

rule: ct mark set ct mark or 0x10 or 0x20
list: ct mark set ct mark | 0x00000030
  [ ct load mark => reg 1 ]
  [ bitwise reg 1 = ( reg 1 & 0xffffffcf ) ^ 0x00000030 ]
  [ ct set mark with reg 1 ]
json: [{"mangle": {"key": {"ct": {"key": "mark"}}, "value": {"|": [{"ct": {"key": "mark"}}, 48]}}}]

rule: meta mark & 0xff & 0xf0 == 0x10
list: meta mark & 0x000000f0 == 0x00000010
  [ meta load mark => reg 1 ]
  [ bitwise reg 1 = ( reg 1 & 0x000000f0 ) ^ 0x00000000 ]
  [ cmp eq reg 1 0x00000010 ]
json: [{"match": {"op": "==", "left": {"&": [{"meta": {"key": "mark"}}, 240]}, "right": 16}}]

# C's binding order: shifts, &, ^, | (the system nft's)
rule: meta mark set meta mark | 0x100 ^ 0x3
list: meta mark set meta mark | 0x00000103
  [ meta load mark => reg 1 ]
  [ bitwise reg 1 = ( reg 1 & 0xfffffefc ) ^ 0x00000103 ]
  [ meta set mark with reg 1 ]
json: [{"mangle": {"key": {"meta": {"key": "mark"}}, "value": {"|": [{"meta": {"key": "mark"}}, 259]}}}]

rule: meta mark set meta mark ^ 0xf0 & 0xff
list: meta mark set meta mark ^ 0x000000f0
  [ meta load mark => reg 1 ]
  [ bitwise reg 1 = ( reg 1 & 0xffffffff ) ^ 0x000000f0 ]
  [ meta set mark with reg 1 ]
json: [{"mangle": {"key": {"meta": {"key": "mark"}}, "value": {"^": [{"meta": {"key": "mark"}}, 240]}}}]

rule: meta mark set meta mark & 0xff << 4
list: meta mark set meta mark & 0x00000ff0
  [ meta load mark => reg 1 ]
  [ bitwise reg 1 = ( reg 1 & 0x00000ff0 ) ^ 0x00000000 ]
  [ meta set mark with reg 1 ]
json: [{"mangle": {"key": {"meta": {"key": "mark"}}, "value": {"&": [{"meta": {"key": "mark"}}, 4080]}}}]

rule: meta mark | 0x10 & 0x30 == 0x10
list: meta mark | 0x00000010 == 0x00000010
  [ meta load mark => reg 1 ]
  [ bitwise reg 1 = ( reg 1 & 0xffffffef ) ^ 0x00000010 ]
  [ cmp eq reg 1 0x00000010 ]
json: [{"match": {"op": "==", "left": {"|": [{"meta": {"key": "mark"}}, 16]}, "right": 16}}]

# a field narrower than its bytes is operated on as its value: masked
# and shifted down first, listed as the field. Upstream 1.1.3 lists the
# first as "ip ecn ect1", another field (README: Differences)
rule: ip dscp & 0x3 == 1
list: ip dscp & 0x03 == lephb
  [ payload load 1b @ network header + 1 => reg 1 ]
  [ bitwise reg 1 = ( reg 1 & 0x000000fc ) ^ 0x00000000 ]
  [ bitwise reg 1 = ( reg 1 >> 0x00000002 ) ]
  [ bitwise reg 1 = ( reg 1 & 0x00000003 ) ^ 0x00000000 ]
  [ cmp eq reg 1 0x00000001 ]
json: [{"match": {"op": "==", "left": {"&": [{"payload": {"protocol": "ip", "field": "dscp"}}, 3]}, "right": "lephb"}}]
ref-list: ip ecn ect1
ref-json: [{"match": {"op": "==", "left": {"payload": {"protocol": "ip", "field": "ecn"}}, "right": "ect1"}}]

rule: ip dscp | 0x3 == 3
list: ip dscp | 0x03 == 0x03
  [ payload load 1b @ network header + 1 => reg 1 ]
  [ bitwise reg 1 = ( reg 1 & 0x000000fc ) ^ 0x00000000 ]
  [ bitwise reg 1 = ( reg 1 >> 0x00000002 ) ]
  [ bitwise reg 1 = ( reg 1 & 0x000000fc ) ^ 0x00000003 ]
  [ cmp eq reg 1 0x00000003 ]
json: [{"match": {"op": "==", "left": {"|": [{"payload": {"protocol": "ip", "field": "dscp"}}, 3]}, "right": 3}}]

rule: meta mark set ip dscp & 3
list: meta mark set ip dscp & 0x03
  [ payload load 1b @ network header + 1 => reg 1 ]
  [ bitwise reg 1 = ( reg 1 & 0x000000fc ) ^ 0x00000000 ]
  [ bitwise reg 1 = ( reg 1 >> 0x00000002 ) ]
  [ bitwise reg 1 = ( reg 1 & 0x00000003 ) ^ 0x00000000 ]
  [ meta set mark with reg 1 ]
json: [{"mangle": {"key": {"meta": {"key": "mark"}}, "value": {"&": [{"payload": {"protocol": "ip", "field": "dscp"}}, 3]}}}]

# a field narrower than its bytes is operated on as its value: masked
# and shifted down first, listed as the field. Upstream 1.1.3 lists the
# first as "ip ecn ect1", another field (README: Differences)
rule: ip dscp & 0x3 == 1
list: ip dscp & 0x03 == lephb
  [ payload load 1b @ network header + 1 => reg 1 ]
  [ bitwise reg 1 = ( reg 1 & 0x000000fc ) ^ 0x00000000 ]
  [ bitwise reg 1 = ( reg 1 >> 0x00000002 ) ]
  [ bitwise reg 1 = ( reg 1 & 0x00000003 ) ^ 0x00000000 ]
  [ cmp eq reg 1 0x00000001 ]
json: [{"match": {"op": "==", "left": {"&": [{"payload": {"protocol": "ip", "field": "dscp"}}, 3]}, "right": "lephb"}}]
ref-list: ip ecn ect1
ref-json: [{"match": {"op": "==", "left": {"payload": {"protocol": "ip", "field": "ecn"}}, "right": "ect1"}}]

rule: ip dscp | 0x3 == 3
list: ip dscp | 0x03 == 0x03
  [ payload load 1b @ network header + 1 => reg 1 ]
  [ bitwise reg 1 = ( reg 1 & 0x000000fc ) ^ 0x00000000 ]
  [ bitwise reg 1 = ( reg 1 >> 0x00000002 ) ]
  [ bitwise reg 1 = ( reg 1 & 0x000000fc ) ^ 0x00000003 ]
  [ cmp eq reg 1 0x00000003 ]
json: [{"match": {"op": "==", "left": {"|": [{"payload": {"protocol": "ip", "field": "dscp"}}, 3]}, "right": 3}}]

# a mark from a narrower value: the value turned into a mark first,
# then its 32 bits masked
rule: meta mark set ip dscp & 3
list: meta mark set ip dscp & 0x03
  [ payload load 1b @ network header + 1 => reg 1 ]
  [ bitwise reg 1 = ( reg 1 & 0x000000fc ) ^ 0x00000000 ]
  [ bitwise reg 1 = ( reg 1 >> 0x00000002 ) ]
  [ bitwise reg 1 = ( reg 1 & 0x00000003 ) ^ 0x00000000 ]
  [ meta set mark with reg 1 ]
json: [{"mangle": {"key": {"meta": {"key": "mark"}}, "value": {"&": [{"payload": {"protocol": "ip", "field": "dscp"}}, 3]}}}]

rule: meta mark set tcp dport & 3
  [ meta load l4proto => reg 1 ]
  [ cmp eq reg 1 0x00000006 ]
  [ payload load 2b @ transport header + 2 => reg 1 ]
  [ byteorder reg 1 = ntoh(reg 1, 2, 2) ]
  [ bitwise reg 1 = ( reg 1 & 0x00000003 ) ^ 0x00000000 ]
  [ meta set mark with reg 1 ]
json: [{"mangle": {"key": {"meta": {"key": "mark"}}, "value": {"&": [{"payload": {"protocol": "tcp", "field": "dport"}}, 3]}}}]

rule: meta mark set ip ttl & 3
  [ payload load 1b @ network header + 8 => reg 1 ]
  [ bitwise reg 1 = ( reg 1 & 0x00000003 ) ^ 0x00000000 ]
  [ meta set mark with reg 1 ]
json: [{"mangle": {"key": {"meta": {"key": "mark"}}, "value": {"&": [{"payload": {"protocol": "ip", "field": "ttl"}}, 3]}}}]

# an equality after a xor with a constant compares with the value
# xor-ed instead, as the reference sends it
rule: meta mark ^ 3 == 1
list: meta mark 0x00000002
  [ meta load mark => reg 1 ]
  [ cmp eq reg 1 0x00000002 ]
json: [{"match": {"op": "==", "left": {"meta": {"key": "mark"}}, "right": 2}}]

rule: meta mark & 0xff ^ 0x3 == 1
list: meta mark & 0x000000ff == 0x00000002
  [ meta load mark => reg 1 ]
  [ bitwise reg 1 = ( reg 1 & 0x000000ff ) ^ 0x00000000 ]
  [ cmp eq reg 1 0x00000002 ]
json: [{"match": {"op": "==", "left": {"&": [{"meta": {"key": "mark"}}, 255]}, "right": 2}}]

rule: meta mark ^ 3 != 1
list: meta mark != 0x00000002
  [ meta load mark => reg 1 ]
  [ cmp neq reg 1 0x00000002 ]
json: [{"match": {"op": "!=", "left": {"meta": {"key": "mark"}}, "right": 2}}]

rule: meta mark ^ 3 > 1
list: meta mark ^ 0x00000003 > 0x00000001
  [ meta load mark => reg 1 ]
  [ bitwise reg 1 = ( reg 1 & 0xffffffff ) ^ 0x00000003 ]
  [ byteorder reg 1 = hton(reg 1, 4, 4) ]
  [ cmp gt reg 1 0x01000000 ]
json: [{"match": {"op": ">", "left": {"^": [{"meta": {"key": "mark"}}, 3]}, "right": 1}}]

# a field narrower than its bytes that ends with them: its own mask and
# the chain are one bitwise, as 1.1.3 encodes them
rule: ip hdrlength & 3 == 1
list: @nh,6,2 0x1
  [ payload load 1b @ network header + 0 => reg 1 ]
  [ bitwise reg 1 = ( reg 1 & 0x00000003 ) ^ 0x00000000 ]
  [ cmp eq reg 1 0x00000001 ]
json: [{"match": {"op": "==", "left": {"payload": {"base": "nh", "offset": 6, "len": 2}}, "right": 1}}]

rule: @nh,3,5 & 0x1f != 0x19
list: @nh,3,5 != 0x19
  [ payload load 1b @ network header + 0 => reg 1 ]
  [ bitwise reg 1 = ( reg 1 & 0x0000001f ) ^ 0x00000000 ]
  [ cmp neq reg 1 0x00000019 ]
json: [{"match": {"op": "!=", "left": {"payload": {"base": "nh", "offset": 3, "len": 5}}, "right": 25}}]

# one that is shifted down: an | counts the bits from its first to the
# end of its bytes ("ip ecn | 1": & 0x3e over ecn's 2 and 4 more)
rule: ip ecn | 1 == 3
list: @nh,8,8 & 0x3 | 0x1 == 0x3
  [ payload load 1b @ network header + 1 => reg 1 ]
  [ bitwise reg 1 = ( reg 1 & 0x00000002 ) ^ 0x00000001 ]
  [ cmp eq reg 1 0x00000003 ]
json: [{"match": {"op": "==", "left": {"|": [{"&": [{"payload": {"base": "nh", "offset": 8, "len": 8}}, 3]}, 1]}, "right": 3}}]
