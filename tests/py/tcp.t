# tcp header fields and flags
families: ip ip6 inet bridge netdev
table: t
chain: c { type filter hook input priority filter; policy accept; }
chain netdev: c { type filter hook ingress device "v0" priority filter; policy accept; }
chain: target
veth netdev: v0 v1

rule: tcp flags syn
  [ meta load l4proto => reg 1 ]
  [ cmp eq reg 1 0x00000006 ]
  [ payload load 1b @ transport header + 13 => reg 1 ]
  [ bitwise reg 1 = ( reg 1 & 0x00000002 ) ^ 0x00000000 ]
  [ cmp neq reg 1 0x00000000 ]
json: [{"match": {"op": "in", "left": {"payload": {"protocol": "tcp", "field": "flags"}}, "right": "syn"}}]

rule: tcp flags syn,ack
  [ meta load l4proto => reg 1 ]
  [ cmp eq reg 1 0x00000006 ]
  [ payload load 1b @ transport header + 13 => reg 1 ]
  [ bitwise reg 1 = ( reg 1 & 0x00000012 ) ^ 0x00000000 ]
  [ cmp neq reg 1 0x00000000 ]
json: [{"match": {"op": "in", "left": {"payload": {"protocol": "tcp", "field": "flags"}}, "right": ["syn", "ack"]}}]

rule: tcp flags syn | ack
list: tcp flags syn,ack
  [ meta load l4proto => reg 1 ]
  [ cmp eq reg 1 0x00000006 ]
  [ payload load 1b @ transport header + 13 => reg 1 ]
  [ bitwise reg 1 = ( reg 1 & 0x00000012 ) ^ 0x00000000 ]
  [ cmp neq reg 1 0x00000000 ]
json: [{"match": {"op": "in", "left": {"payload": {"protocol": "tcp", "field": "flags"}}, "right": ["syn", "ack"]}}]

rule: tcp flags & (syn | ack) == syn
  [ meta load l4proto => reg 1 ]
  [ cmp eq reg 1 0x00000006 ]
  [ payload load 1b @ transport header + 13 => reg 1 ]
  [ bitwise reg 1 = ( reg 1 & 0x00000012 ) ^ 0x00000000 ]
  [ cmp eq reg 1 0x00000002 ]
json: [{"match": {"op": "==", "left": {"&": [{"payload": {"protocol": "tcp", "field": "flags"}}, {"|": ["syn", "ack"]}]}, "right": "syn"}}]

rule: tcp flags & (syn | ack) == syn | ack
  [ meta load l4proto => reg 1 ]
  [ cmp eq reg 1 0x00000006 ]
  [ payload load 1b @ transport header + 13 => reg 1 ]
  [ bitwise reg 1 = ( reg 1 & 0x00000012 ) ^ 0x00000000 ]
  [ cmp eq reg 1 0x00000012 ]
json: [{"match": {"op": "==", "left": {"&": [{"payload": {"protocol": "tcp", "field": "flags"}}, {"|": ["syn", "ack"]}]}, "right": {"|": ["syn", "ack"]}}}]

rule: tcp flags & (fin | syn | rst | ack) != syn
  [ meta load l4proto => reg 1 ]
  [ cmp eq reg 1 0x00000006 ]
  [ payload load 1b @ transport header + 13 => reg 1 ]
  [ bitwise reg 1 = ( reg 1 & 0x00000017 ) ^ 0x00000000 ]
  [ cmp neq reg 1 0x00000002 ]
json: [{"match": {"op": "!=", "left": {"&": [{"payload": {"protocol": "tcp", "field": "flags"}}, {"|": ["fin", "syn", "rst", "ack"]}]}, "right": "syn"}}]

rule: tcp flags & 0x12 == 0x02
list: tcp flags & (syn | ack) == syn
  [ meta load l4proto => reg 1 ]
  [ cmp eq reg 1 0x00000006 ]
  [ payload load 1b @ transport header + 13 => reg 1 ]
  [ bitwise reg 1 = ( reg 1 & 0x00000012 ) ^ 0x00000000 ]
  [ cmp eq reg 1 0x00000002 ]
json: [{"match": {"op": "==", "left": {"&": [{"payload": {"protocol": "tcp", "field": "flags"}}, {"|": ["syn", "ack"]}]}, "right": "syn"}}]

rule: tcp flags 0x02
list: tcp flags syn
  [ meta load l4proto => reg 1 ]
  [ cmp eq reg 1 0x00000006 ]
  [ payload load 1b @ transport header + 13 => reg 1 ]
  [ bitwise reg 1 = ( reg 1 & 0x00000002 ) ^ 0x00000000 ]
  [ cmp neq reg 1 0x00000000 ]
json: [{"match": {"op": "in", "left": {"payload": {"protocol": "tcp", "field": "flags"}}, "right": "syn"}}]

rule: tcp flags == syn
  [ meta load l4proto => reg 1 ]
  [ cmp eq reg 1 0x00000006 ]
  [ payload load 1b @ transport header + 13 => reg 1 ]
  [ cmp eq reg 1 0x00000002 ]
json: [{"match": {"op": "==", "left": {"payload": {"protocol": "tcp", "field": "flags"}}, "right": "syn"}}]

rule: tcp flags == syn,ack
list: tcp flags == 0x12
  [ meta load l4proto => reg 1 ]
  [ cmp eq reg 1 0x00000006 ]
  [ payload load 1b @ transport header + 13 => reg 1 ]
  [ cmp eq reg 1 0x00000012 ]
json: [{"match": {"op": "==", "left": {"payload": {"protocol": "tcp", "field": "flags"}}, "right": 18}}]

rule: tcp flags != syn
  [ meta load l4proto => reg 1 ]
  [ cmp eq reg 1 0x00000006 ]
  [ payload load 1b @ transport header + 13 => reg 1 ]
  [ cmp neq reg 1 0x00000002 ]
json: [{"match": {"op": "!=", "left": {"payload": {"protocol": "tcp", "field": "flags"}}, "right": "syn"}}]

rule: tcp flags ! syn
  [ meta load l4proto => reg 1 ]
  [ cmp eq reg 1 0x00000006 ]
  [ payload load 1b @ transport header + 13 => reg 1 ]
  [ bitwise reg 1 = ( reg 1 & 0x00000002 ) ^ 0x00000000 ]
  [ cmp eq reg 1 0x00000000 ]
json: [{"match": {"op": "!", "left": {"payload": {"protocol": "tcp", "field": "flags"}}, "right": "syn"}}]

rule: tcp flags & syn == syn
  [ meta load l4proto => reg 1 ]
  [ cmp eq reg 1 0x00000006 ]
  [ payload load 1b @ transport header + 13 => reg 1 ]
  [ bitwise reg 1 = ( reg 1 & 0x00000002 ) ^ 0x00000000 ]
  [ cmp eq reg 1 0x00000002 ]
json: [{"match": {"op": "==", "left": {"&": [{"payload": {"protocol": "tcp", "field": "flags"}}, "syn"]}, "right": "syn"}}]

rule: tcp flags ! fin,syn,rst,psh,ack,urg
  [ meta load l4proto => reg 1 ]
  [ cmp eq reg 1 0x00000006 ]
  [ payload load 1b @ transport header + 13 => reg 1 ]
  [ bitwise reg 1 = ( reg 1 & 0x0000003f ) ^ 0x00000000 ]
  [ cmp eq reg 1 0x00000000 ]
json: [{"match": {"op": "!", "left": {"payload": {"protocol": "tcp", "field": "flags"}}, "right": ["fin", "syn", "rst", "psh", "ack", "urg"]}}]

rule: tcp flags syn / syn,ack
list: tcp flags & (syn | ack) == syn
  [ meta load l4proto => reg 1 ]
  [ cmp eq reg 1 0x00000006 ]
  [ payload load 1b @ transport header + 13 => reg 1 ]
  [ bitwise reg 1 = ( reg 1 & 0x00000012 ) ^ 0x00000000 ]
  [ cmp eq reg 1 0x00000002 ]
json: [{"match": {"op": "==", "left": {"&": [{"payload": {"protocol": "tcp", "field": "flags"}}, {"|": ["syn", "ack"]}]}, "right": "syn"}}]

rule: tcp flags != syn / syn,ack
list: tcp flags & (syn | ack) != syn
  [ meta load l4proto => reg 1 ]
  [ cmp eq reg 1 0x00000006 ]
  [ payload load 1b @ transport header + 13 => reg 1 ]
  [ bitwise reg 1 = ( reg 1 & 0x00000012 ) ^ 0x00000000 ]
  [ cmp neq reg 1 0x00000002 ]
json: [{"match": {"op": "!=", "left": {"&": [{"payload": {"protocol": "tcp", "field": "flags"}}, {"|": ["syn", "ack"]}]}, "right": "syn"}}]

rule: tcp flags cwr
  [ meta load l4proto => reg 1 ]
  [ cmp eq reg 1 0x00000006 ]
  [ payload load 1b @ transport header + 13 => reg 1 ]
  [ bitwise reg 1 = ( reg 1 & 0x00000080 ) ^ 0x00000000 ]
  [ cmp neq reg 1 0x00000000 ]
json: [{"match": {"op": "in", "left": {"payload": {"protocol": "tcp", "field": "flags"}}, "right": "cwr"}}]

rule: tcp doff 5
  [ meta load l4proto => reg 1 ]
  [ cmp eq reg 1 0x00000006 ]
  [ payload load 1b @ transport header + 12 => reg 1 ]
  [ bitwise reg 1 = ( reg 1 & 0x000000f0 ) ^ 0x00000000 ]
  [ cmp eq reg 1 0x00000050 ]
json: [{"match": {"op": "==", "left": {"payload": {"protocol": "tcp", "field": "doff"}}, "right": 5}}]

rule: tcp doff 8-15
  [ meta load l4proto => reg 1 ]
  [ cmp eq reg 1 0x00000006 ]
  [ payload load 1b @ transport header + 12 => reg 1 ]
  [ bitwise reg 1 = ( reg 1 & 0x000000f0 ) ^ 0x00000000 ]
  [ range eq reg 1 0x00000080 0x000000f0 ]
json: [{"match": {"op": "==", "left": {"payload": {"protocol": "tcp", "field": "doff"}}, "right": {"range": [8, 15]}}}]

rule: tcp reserved 0
  [ meta load l4proto => reg 1 ]
  [ cmp eq reg 1 0x00000006 ]
  [ payload load 1b @ transport header + 12 => reg 1 ]
  [ bitwise reg 1 = ( reg 1 & 0x0000000f ) ^ 0x00000000 ]
  [ cmp eq reg 1 0x00000000 ]
json: [{"match": {"op": "==", "left": {"payload": {"protocol": "tcp", "field": "reserved"}}, "right": 0}}]

rule: tcp sequence 1
  [ meta load l4proto => reg 1 ]
  [ cmp eq reg 1 0x00000006 ]
  [ payload load 4b @ transport header + 4 => reg 1 ]
  [ cmp eq reg 1 0x01000000 ]
json: [{"match": {"op": "==", "left": {"payload": {"protocol": "tcp", "field": "sequence"}}, "right": 1}}]

rule: tcp ackseq 1
  [ meta load l4proto => reg 1 ]
  [ cmp eq reg 1 0x00000006 ]
  [ payload load 4b @ transport header + 8 => reg 1 ]
  [ cmp eq reg 1 0x01000000 ]
json: [{"match": {"op": "==", "left": {"payload": {"protocol": "tcp", "field": "ackseq"}}, "right": 1}}]

rule: tcp window 1024
  [ meta load l4proto => reg 1 ]
  [ cmp eq reg 1 0x00000006 ]
  [ payload load 2b @ transport header + 14 => reg 1 ]
  [ cmp eq reg 1 0x00000004 ]
json: [{"match": {"op": "==", "left": {"payload": {"protocol": "tcp", "field": "window"}}, "right": 1024}}]

rule: tcp checksum 1
  [ meta load l4proto => reg 1 ]
  [ cmp eq reg 1 0x00000006 ]
  [ payload load 2b @ transport header + 16 => reg 1 ]
  [ cmp eq reg 1 0x00000100 ]
json: [{"match": {"op": "==", "left": {"payload": {"protocol": "tcp", "field": "checksum"}}, "right": 1}}]

rule: tcp urgptr 0
  [ meta load l4proto => reg 1 ]
  [ cmp eq reg 1 0x00000006 ]
  [ payload load 2b @ transport header + 18 => reg 1 ]
  [ cmp eq reg 1 0x00000000 ]
json: [{"match": {"op": "==", "left": {"payload": {"protocol": "tcp", "field": "urgptr"}}, "right": 0}}]

fail: tcp flags foo

fail: tcp doff 16

fail: tcp flags ! 0x100

# tcp flags compared otherwise than for equality: one flag by its name,
# several as one number, as 1.1.3 lists them
rule: tcp flags != syn,ack
list: tcp flags != 0x12
  [ meta load l4proto => reg 1 ]
  [ cmp eq reg 1 0x00000006 ]
  [ payload load 1b @ transport header + 13 => reg 1 ]
  [ cmp neq reg 1 0x00000012 ]
json: [{"match": {"op": "!=", "left": {"payload": {"protocol": "tcp", "field": "flags"}}, "right": 18}}]

rule: tcp flags < syn,ack
list: tcp flags < 0x12
  [ meta load l4proto => reg 1 ]
  [ cmp eq reg 1 0x00000006 ]
  [ payload load 1b @ transport header + 13 => reg 1 ]
  [ cmp lt reg 1 0x00000012 ]
json: [{"match": {"op": "<", "left": {"payload": {"protocol": "tcp", "field": "flags"}}, "right": 18}}]
