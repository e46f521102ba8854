# extension header fields narrower than a byte (frag frag-off, tcp
# option mptcp subtype) as set keys, as header fields are (set_keys.t):
# an anonymous set's members and a map's keys are moved into the
# field's place under the mask; a named set, a concatenation member and
# a set statement's key hold the field's own value, the load masked,
# turned host order where it spans several bytes, and shifted down, and
# the elements hold it in host order. Upstream 1.1.3 leaves out the
# turn in inet tables (its shift then mixes the bytes up: frag-off 33
# reads as 1) and writes big endian elements to its named sets (which
# then miss every fragment offset but those symmetric in their bytes),
# and lists some of these rules as what it cannot load back; the
# entries say where. tests/shell/70-set-packets.sh sends fragments.
families: ip6 inet
table: t
chain: c { type filter hook input priority filter; policy accept; }
set: fo { typeof frag frag-off; }
set: fod { typeof frag frag-off; flags dynamic; }
set: ms { typeof tcp option mptcp subtype; }
set: foc { typeof frag frag-off . ip6 saddr; }
set: foi { typeof frag frag-off; flags interval; }

rule: frag frag-off { 1, 2 }
  __set%d t 3
  __set%d t 0
  	element 00000800  : 0 [end]	element 00001000  : 0 [end]
  [ exthdr load ipv6 2b @ 44 + 2 => reg 1 ]
  [ bitwise reg 1 = ( reg 1 & 0x0000f8ff ) ^ 0x00000000 ]
  [ lookup reg 1 set __set%d ]
bytecode inet:
  __set%d t 3
  __set%d t 0
  	element 00000800  : 0 [end]	element 00001000  : 0 [end]
  [ meta load nfproto => reg 1 ]
  [ cmp eq reg 1 0x0000000a ]
  [ exthdr load ipv6 2b @ 44 + 2 => reg 1 ]
  [ bitwise reg 1 = ( reg 1 & 0x0000f8ff ) ^ 0x00000000 ]
  [ lookup reg 1 set __set%d ]
json: [{"match": {"op": "==", "left": {"exthdr": {"name": "frag", "field": "frag-off"}}, "right": {"set": [1, 2]}}}]

# 1.1.3 leaves out the ntoh in inet: its shift mixes the field's bytes up
rule: frag frag-off @fo
  [ exthdr load ipv6 2b @ 44 + 2 => reg 1 ]
  [ bitwise reg 1 = ( reg 1 & 0x0000f8ff ) ^ 0x00000000 ]
  [ byteorder reg 1 = ntoh(reg 1, 2, 2) ]
  [ bitwise reg 1 = ( reg 1 >> 0x00000003 ) ]
  [ lookup reg 1 set fo ]
bytecode inet:
  [ meta load nfproto => reg 1 ]
  [ cmp eq reg 1 0x0000000a ]
  [ exthdr load ipv6 2b @ 44 + 2 => reg 1 ]
  [ bitwise reg 1 = ( reg 1 & 0x0000f8ff ) ^ 0x00000000 ]
  [ byteorder reg 1 = ntoh(reg 1, 2, 2) ]
  [ bitwise reg 1 = ( reg 1 >> 0x00000003 ) ]
  [ lookup reg 1 set fo ]
json: [{"match": {"op": "==", "left": {"exthdr": {"name": "frag", "field": "frag-off"}}, "right": "@fo"}}]
ref-bytecode inet:
  [ meta load nfproto => reg 1 ]
  [ cmp eq reg 1 0x0000000a ]
  [ exthdr load ipv6 2b @ 44 + 2 => reg 1 ]
  [ bitwise reg 1 = ( reg 1 & 0x0000f8ff ) ^ 0x00000000 ]
  [ bitwise reg 1 = ( reg 1 >> 0x00000003 ) ]
  [ lookup reg 1 set fo ]

# an interval set holds big endian keys: the value is turned back after
# its shift, as 1.1.3 does in ip6 (in inet it leaves out both turns)
rule: frag frag-off @foi
  [ exthdr load ipv6 2b @ 44 + 2 => reg 1 ]
  [ bitwise reg 1 = ( reg 1 & 0x0000f8ff ) ^ 0x00000000 ]
  [ byteorder reg 1 = ntoh(reg 1, 2, 2) ]
  [ bitwise reg 1 = ( reg 1 >> 0x00000003 ) ]
  [ byteorder reg 1 = hton(reg 1, 2, 2) ]
  [ lookup reg 1 set foi ]
bytecode inet:
  [ meta load nfproto => reg 1 ]
  [ cmp eq reg 1 0x0000000a ]
  [ exthdr load ipv6 2b @ 44 + 2 => reg 1 ]
  [ bitwise reg 1 = ( reg 1 & 0x0000f8ff ) ^ 0x00000000 ]
  [ byteorder reg 1 = ntoh(reg 1, 2, 2) ]
  [ bitwise reg 1 = ( reg 1 >> 0x00000003 ) ]
  [ byteorder reg 1 = hton(reg 1, 2, 2) ]
  [ lookup reg 1 set foi ]
json: [{"match": {"op": "==", "left": {"exthdr": {"name": "frag", "field": "frag-off"}}, "right": "@foi"}}]
ref-bytecode inet:
  [ meta load nfproto => reg 1 ]
  [ cmp eq reg 1 0x0000000a ]
  [ exthdr load ipv6 2b @ 44 + 2 => reg 1 ]
  [ bitwise reg 1 = ( reg 1 & 0x0000f8ff ) ^ 0x00000000 ]
  [ bitwise reg 1 = ( reg 1 >> 0x00000003 ) ]
  [ lookup reg 1 set foi ]

# 1.1.3 leaves out the ntoh in inet: its shift mixes the field's bytes up
rule: frag frag-off . ip6 saddr @foc
  [ exthdr load ipv6 2b @ 44 + 2 => reg 1 ]
  [ bitwise reg 1 = ( reg 1 & 0x0000f8ff ) ^ 0x00000000 ]
  [ byteorder reg 1 = ntoh(reg 1, 2, 2) ]
  [ bitwise reg 1 = ( reg 1 >> 0x00000003 ) ]
  [ payload load 16b @ network header + 8 => reg 9 ]
  [ lookup reg 1 set foc ]
bytecode inet:
  [ meta load nfproto => reg 1 ]
  [ cmp eq reg 1 0x0000000a ]
  [ exthdr load ipv6 2b @ 44 + 2 => reg 1 ]
  [ bitwise reg 1 = ( reg 1 & 0x0000f8ff ) ^ 0x00000000 ]
  [ byteorder reg 1 = ntoh(reg 1, 2, 2) ]
  [ bitwise reg 1 = ( reg 1 >> 0x00000003 ) ]
  [ payload load 16b @ network header + 8 => reg 9 ]
  [ lookup reg 1 set foc ]
json: [{"match": {"op": "==", "left": {"concat": [{"exthdr": {"name": "frag", "field": "frag-off"}}, {"payload": {"protocol": "ip6", "field": "saddr"}}]}, "right": "@foc"}}]
ref-bytecode inet:
  [ meta load nfproto => reg 1 ]
  [ cmp eq reg 1 0x0000000a ]
  [ exthdr load ipv6 2b @ 44 + 2 => reg 1 ]
  [ bitwise reg 1 = ( reg 1 & 0x0000f8ff ) ^ 0x00000000 ]
  [ bitwise reg 1 = ( reg 1 >> 0x00000003 ) ]
  [ payload load 16b @ network header + 8 => reg 9 ]
  [ lookup reg 1 set foc ]

# 1.1.3 lists the members as other values (its ip6 bytecode is ours)
rule: frag frag-off . ip6 saddr { 1 . ::1 }
  __set%d t 3
  __set%d t 0
  	element 00000001 00000000 00000000 00000000 01000000  : 0 [end]
  [ exthdr load ipv6 2b @ 44 + 2 => reg 1 ]
  [ bitwise reg 1 = ( reg 1 & 0x0000f8ff ) ^ 0x00000000 ]
  [ byteorder reg 1 = ntoh(reg 1, 2, 2) ]
  [ bitwise reg 1 = ( reg 1 >> 0x00000003 ) ]
  [ payload load 16b @ network header + 8 => reg 9 ]
  [ lookup reg 1 set __set%d ]
bytecode inet:
  __set%d t 3
  __set%d t 0
  	element 00000001 00000000 00000000 00000000 01000000  : 0 [end]
  [ meta load nfproto => reg 1 ]
  [ cmp eq reg 1 0x0000000a ]
  [ exthdr load ipv6 2b @ 44 + 2 => reg 1 ]
  [ bitwise reg 1 = ( reg 1 & 0x0000f8ff ) ^ 0x00000000 ]
  [ byteorder reg 1 = ntoh(reg 1, 2, 2) ]
  [ bitwise reg 1 = ( reg 1 >> 0x00000003 ) ]
  [ payload load 16b @ network header + 8 => reg 9 ]
  [ lookup reg 1 set __set%d ]
json: [{"match": {"op": "==", "left": {"concat": [{"exthdr": {"name": "frag", "field": "frag-off"}}, {"payload": {"protocol": "ip6", "field": "saddr"}}]}, "right": {"set": [{"concat": [1, "::1"]}]}}}]
ref-list ip6: frag frag-off . ip6 saddr { 0 . 100:: }
ref-json ip6: [{"match": {"op": "==", "left": {"concat": [{"exthdr": {"name": "frag", "field": "frag-off"}}, {"payload": {"protocol": "ip6", "field": "saddr"}}]}, "right": {"set": [{"concat": [0, "100::"]}]}}}]
ref-skip inet: 1.1.3 leaves out the ntoh in inet and writes the member big endian, which we list as 256

rule: tcp option mptcp subtype { 9, 10 }
  __set%d t 3
  __set%d t 0
  	element 00000090  : 0 [end]	element 000000a0  : 0 [end]
  [ exthdr load tcpopt 1b @ 30 + 2 => reg 1 ]
  [ bitwise reg 1 = ( reg 1 & 0x000000f0 ) ^ 0x00000000 ]
  [ lookup reg 1 set __set%d ]
json: [{"match": {"op": "==", "left": {"tcp option": {"name": "mptcp", "field": "subtype"}}, "right": {"set": [9, 10]}}}]

rule: tcp option mptcp subtype @ms
  [ exthdr load tcpopt 1b @ 30 + 2 => reg 1 ]
  [ bitwise reg 1 = ( reg 1 & 0x000000f0 ) ^ 0x00000000 ]
  [ bitwise reg 1 = ( reg 1 >> 0x00000004 ) ]
  [ lookup reg 1 set ms ]
json: [{"match": {"op": "==", "left": {"tcp option": {"name": "mptcp", "field": "subtype"}}, "right": "@ms"}}]

rule: tcp option mptcp subtype . tcp dport { 9 . 22 }
  __set%d t 3
  __set%d t 0
  	element 00000009 00001600  : 0 [end]
  [ meta load l4proto => reg 1 ]
  [ cmp eq reg 1 0x00000006 ]
  [ exthdr load tcpopt 1b @ 30 + 2 => reg 1 ]
  [ bitwise reg 1 = ( reg 1 & 0x000000f0 ) ^ 0x00000000 ]
  [ bitwise reg 1 = ( reg 1 >> 0x00000004 ) ]
  [ payload load 2b @ transport header + 2 => reg 9 ]
  [ lookup reg 1 set __set%d ]
json: [{"match": {"op": "==", "left": {"concat": [{"tcp option": {"name": "mptcp", "field": "subtype"}}, {"payload": {"protocol": "tcp", "field": "dport"}}]}, "right": {"set": [{"concat": [9, 22]}]}}}]

# 1.1.3 leaves out the ntoh in inet: its shift mixes the field's bytes up
rule: add @fod { frag frag-off }
  [ exthdr load ipv6 2b @ 44 + 2 => reg 1 ]
  [ bitwise reg 1 = ( reg 1 & 0x0000f8ff ) ^ 0x00000000 ]
  [ byteorder reg 1 = ntoh(reg 1, 2, 2) ]
  [ bitwise reg 1 = ( reg 1 >> 0x00000003 ) ]
  [ dynset add reg_key 1 set fod ]
bytecode inet:
  [ meta load nfproto => reg 1 ]
  [ cmp eq reg 1 0x0000000a ]
  [ exthdr load ipv6 2b @ 44 + 2 => reg 1 ]
  [ bitwise reg 1 = ( reg 1 & 0x0000f8ff ) ^ 0x00000000 ]
  [ byteorder reg 1 = ntoh(reg 1, 2, 2) ]
  [ bitwise reg 1 = ( reg 1 >> 0x00000003 ) ]
  [ dynset add reg_key 1 set fod ]
json: [{"set": {"op": "add", "elem": {"exthdr": {"name": "frag", "field": "frag-off"}}, "set": "@fod"}}]
ref-bytecode inet:
  [ meta load nfproto => reg 1 ]
  [ cmp eq reg 1 0x0000000a ]
  [ exthdr load ipv6 2b @ 44 + 2 => reg 1 ]
  [ bitwise reg 1 = ( reg 1 & 0x0000f8ff ) ^ 0x00000000 ]
  [ bitwise reg 1 = ( reg 1 >> 0x00000003 ) ]
  [ dynset add reg_key 1 set fod ]

# 1.1.3 lists the map as what it cannot load back (an unknown field)
rule: frag frag-off vmap { 1 : accept, 2 : drop }
  __map%d t b
  __map%d t 0
  	element 00000800  : accept 0 [end]	element 00001000  : drop 0 [end]
  [ exthdr load ipv6 2b @ 44 + 2 => reg 1 ]
  [ bitwise reg 1 = ( reg 1 & 0x0000f8ff ) ^ 0x00000000 ]
  [ lookup reg 1 set __map%d dreg 0 ]
bytecode inet:
  __map%d t b
  __map%d t 0
  	element 00000800  : accept 0 [end]	element 00001000  : drop 0 [end]
  [ meta load nfproto => reg 1 ]
  [ cmp eq reg 1 0x0000000a ]
  [ exthdr load ipv6 2b @ 44 + 2 => reg 1 ]
  [ bitwise reg 1 = ( reg 1 & 0x0000f8ff ) ^ 0x00000000 ]
  [ lookup reg 1 set __map%d dreg 0 ]
json: [{"vmap": {"key": {"exthdr": {"name": "frag", "field": "frag-off"}}, "data": {"set": [[1, {"accept": null}], [2, {"drop": null}]]}}}]
ref-list: frag unknown & 0xfff8 [invalid type] vmap { 8 : accept, 16 : drop }
ref-json: [{"vmap": {"key": {"&": [{"exthdr": {"name": "frag", "field": "unknown"}}, "0xfff8 [invalid type]"]}, "data": {"set": [[8, {"accept": null}], [16, {"drop": null}]]}}}]
