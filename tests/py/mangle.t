# Header writes ("payload set") and TCP option writes, with the checksum
# each field is under; fields that are not whole 16 bit words under the
# internet checksum are rewritten with their neighbours.
families: ip ip6 inet
table: t
chain: c { type filter hook prerouting priority filter; policy accept; }

rule: tcp dport set 80
  [ meta load l4proto => reg 1 ]
  [ cmp eq reg 1 0x00000006 ]
  [ immediate reg 1 0x00005000 ]
  [ payload write reg 1 => 2b @ transport header + 2 csum_type 1 csum_off 16 csum_flags 0x0 ]
json: [{"mangle": {"key": {"payload": {"protocol": "tcp", "field": "dport"}}, "value": 80}}]

rule: tcp sport set tcp dport
  [ meta load l4proto => reg 1 ]
  [ cmp eq reg 1 0x00000006 ]
  [ payload load 2b @ transport header + 2 => reg 1 ]
  [ payload write reg 1 => 2b @ transport header + 0 csum_type 1 csum_off 16 csum_flags 0x0 ]
json: [{"mangle": {"key": {"payload": {"protocol": "tcp", "field": "sport"}}, "value": {"payload": {"protocol": "tcp", "field": "dport"}}}}]

rule: tcp flags set syn
  [ meta load l4proto => reg 1 ]
  [ cmp eq reg 1 0x00000006 ]
  [ payload load 2b @ transport header + 12 => reg 1 ]
  [ bitwise reg 1 = ( reg 1 & 0x000000ff ) ^ 0x00000200 ]
  [ payload write reg 1 => 2b @ transport header + 12 csum_type 1 csum_off 16 csum_flags 0x0 ]
json: [{"mangle": {"key": {"payload": {"protocol": "tcp", "field": "flags"}}, "value": "syn"}}]

# several flags written: as an or-expression, as 1.1.3 lists them
rule: tcp flags set syn,ack
list: tcp flags set syn | ack
  [ meta load l4proto => reg 1 ]
  [ cmp eq reg 1 0x00000006 ]
  [ payload load 2b @ transport header + 12 => reg 1 ]
  [ bitwise reg 1 = ( reg 1 & 0x000000ff ) ^ 0x00001200 ]
  [ payload write reg 1 => 2b @ transport header + 12 csum_type 1 csum_off 16 csum_flags 0x0 ]
json: [{"mangle": {"key": {"payload": {"protocol": "tcp", "field": "flags"}}, "value": {"|": ["syn", "ack"]}}}]

rule: tcp checksum set 0
  [ meta load l4proto => reg 1 ]
  [ cmp eq reg 1 0x00000006 ]
  [ immediate reg 1 0x00000000 ]
  [ payload write reg 1 => 2b @ transport header + 16 csum_type 1 csum_off 16 csum_flags 0x0 ]
json: [{"mangle": {"key": {"payload": {"protocol": "tcp", "field": "checksum"}}, "value": 0}}]

rule ip inet: ip saddr set 1.2.3.4
  [ immediate reg 1 0x04030201 ]
  [ payload write reg 1 => 4b @ network header + 12 csum_type 1 csum_off 10 csum_flags 0x1 ]
bytecode inet:
  [ meta load nfproto => reg 1 ]
  [ cmp eq reg 1 0x00000002 ]
  [ immediate reg 1 0x04030201 ]
  [ payload write reg 1 => 4b @ network header + 12 csum_type 1 csum_off 10 csum_flags 0x1 ]
json: [{"mangle": {"key": {"payload": {"protocol": "ip", "field": "saddr"}}, "value": "1.2.3.4"}}]

rule ip inet: ip daddr set ip saddr
  [ payload load 4b @ network header + 12 => reg 1 ]
  [ payload write reg 1 => 4b @ network header + 16 csum_type 1 csum_off 10 csum_flags 0x1 ]
bytecode inet:
  [ meta load nfproto => reg 1 ]
  [ cmp eq reg 1 0x00000002 ]
  [ payload load 4b @ network header + 12 => reg 1 ]
  [ payload write reg 1 => 4b @ network header + 16 csum_type 1 csum_off 10 csum_flags 0x1 ]
json: [{"mangle": {"key": {"payload": {"protocol": "ip", "field": "daddr"}}, "value": {"payload": {"protocol": "ip", "field": "saddr"}}}}]

rule ip inet: ip dscp set cs1
  [ payload load 2b @ network header + 0 => reg 1 ]
  [ bitwise reg 1 = ( reg 1 & 0x000003ff ) ^ 0x00002000 ]
  [ payload write reg 1 => 2b @ network header + 0 csum_type 1 csum_off 10 csum_flags 0x0 ]
bytecode inet:
  [ meta load nfproto => reg 1 ]
  [ cmp eq reg 1 0x00000002 ]
  [ payload load 2b @ network header + 0 => reg 1 ]
  [ bitwise reg 1 = ( reg 1 & 0x000003ff ) ^ 0x00002000 ]
  [ payload write reg 1 => 2b @ network header + 0 csum_type 1 csum_off 10 csum_flags 0x0 ]
json: [{"mangle": {"key": {"payload": {"protocol": "ip", "field": "dscp"}}, "value": "cs1"}}]

rule ip inet: ip ttl set 64
  [ payload load 2b @ network header + 8 => reg 1 ]
  [ bitwise reg 1 = ( reg 1 & 0x0000ff00 ) ^ 0x00000040 ]
  [ payload write reg 1 => 2b @ network header + 8 csum_type 1 csum_off 10 csum_flags 0x0 ]
bytecode inet:
  [ meta load nfproto => reg 1 ]
  [ cmp eq reg 1 0x00000002 ]
  [ payload load 2b @ network header + 8 => reg 1 ]
  [ bitwise reg 1 = ( reg 1 & 0x0000ff00 ) ^ 0x00000040 ]
  [ payload write reg 1 => 2b @ network header + 8 csum_type 1 csum_off 10 csum_flags 0x0 ]
json: [{"mangle": {"key": {"payload": {"protocol": "ip", "field": "ttl"}}, "value": 64}}]

rule ip inet: ip ecn set ce
  [ payload load 2b @ network header + 0 => reg 1 ]
  [ bitwise reg 1 = ( reg 1 & 0x0000fcff ) ^ 0x00000300 ]
  [ payload write reg 1 => 2b @ network header + 0 csum_type 1 csum_off 10 csum_flags 0x0 ]
bytecode inet:
  [ meta load nfproto => reg 1 ]
  [ cmp eq reg 1 0x00000002 ]
  [ payload load 2b @ network header + 0 => reg 1 ]
  [ bitwise reg 1 = ( reg 1 & 0x0000fcff ) ^ 0x00000300 ]
  [ payload write reg 1 => 2b @ network header + 0 csum_type 1 csum_off 10 csum_flags 0x0 ]
json: [{"mangle": {"key": {"payload": {"protocol": "ip", "field": "ecn"}}, "value": "ce"}}]

rule ip inet: ip protocol set 6
list: ip protocol set tcp
  [ payload load 2b @ network header + 8 => reg 1 ]
  [ bitwise reg 1 = ( reg 1 & 0x000000ff ) ^ 0x00000600 ]
  [ payload write reg 1 => 2b @ network header + 8 csum_type 1 csum_off 10 csum_flags 0x1 ]
bytecode inet:
  [ meta load nfproto => reg 1 ]
  [ cmp eq reg 1 0x00000002 ]
  [ payload load 2b @ network header + 8 => reg 1 ]
  [ bitwise reg 1 = ( reg 1 & 0x000000ff ) ^ 0x00000600 ]
  [ payload write reg 1 => 2b @ network header + 8 csum_type 1 csum_off 10 csum_flags 0x1 ]
json: [{"mangle": {"key": {"payload": {"protocol": "ip", "field": "protocol"}}, "value": "tcp"}}]

# upstream 1.1.3 lists the icmp and icmpv6 type writes as raw writes of
# @th,0,16 without their checksum, which reload as something else
rule ip inet: icmp type set 0
list: icmp type set echo-reply
  [ meta load l4proto => reg 1 ]
  [ cmp eq reg 1 0x00000001 ]
  [ payload load 2b @ transport header + 0 => reg 1 ]
  [ bitwise reg 1 = ( reg 1 & 0x0000ff00 ) ^ 0x00000000 ]
  [ payload write reg 1 => 2b @ transport header + 0 csum_type 1 csum_off 2 csum_flags 0x0 ]
bytecode inet:
  [ meta load nfproto => reg 1 ]
  [ cmp eq reg 1 0x00000002 ]
  [ meta load l4proto => reg 1 ]
  [ cmp eq reg 1 0x00000001 ]
  [ payload load 2b @ transport header + 0 => reg 1 ]
  [ bitwise reg 1 = ( reg 1 & 0x0000ff00 ) ^ 0x00000000 ]
  [ payload write reg 1 => 2b @ transport header + 0 csum_type 1 csum_off 2 csum_flags 0x0 ]
json: [{"mangle": {"key": {"payload": {"protocol": "icmp", "field": "type"}}, "value": "echo-reply"}}]
ref-list: meta l4proto icmp @th,0,16 set @th,0,16 & 0xff
ref-json: [{"match": {"op": "==", "left": {"meta": {"key": "l4proto"}}, "right": "icmp"}}, {"mangle": {"key": {"payload": {"base": "th", "offset": 0, "len": 16}}, "value": {"&": [{"payload": {"base": "th", "offset": 0, "len": 16}}, 255]}}}]

rule ip6 inet: ip6 saddr set ::1
  [ immediate reg 1 0x00000000 0x00000000 0x00000000 0x01000000 ]
  [ payload write reg 1 => 16b @ network header + 8 csum_type 0 csum_off 0 csum_flags 0x1 ]
bytecode inet:
  [ meta load nfproto => reg 1 ]
  [ cmp eq reg 1 0x0000000a ]
  [ immediate reg 1 0x00000000 0x00000000 0x00000000 0x01000000 ]
  [ payload write reg 1 => 16b @ network header + 8 csum_type 0 csum_off 0 csum_flags 0x1 ]
json: [{"mangle": {"key": {"payload": {"protocol": "ip6", "field": "saddr"}}, "value": "::1"}}]

rule ip6 inet: ip6 hoplimit set 1
  [ immediate reg 1 0x00000001 ]
  [ payload write reg 1 => 1b @ network header + 7 csum_type 0 csum_off 0 csum_flags 0x0 ]
bytecode inet:
  [ meta load nfproto => reg 1 ]
  [ cmp eq reg 1 0x0000000a ]
  [ immediate reg 1 0x00000001 ]
  [ payload write reg 1 => 1b @ network header + 7 csum_type 0 csum_off 0 csum_flags 0x0 ]
json: [{"mangle": {"key": {"payload": {"protocol": "ip6", "field": "hoplimit"}}, "value": 1}}]

rule ip6 inet: ip6 dscp set af11
  [ payload load 2b @ network header + 0 => reg 1 ]
  [ bitwise reg 1 = ( reg 1 & 0x00003ff0 ) ^ 0x00008002 ]
  [ payload write reg 1 => 2b @ network header + 0 csum_type 0 csum_off 0 csum_flags 0x0 ]
bytecode inet:
  [ meta load nfproto => reg 1 ]
  [ cmp eq reg 1 0x0000000a ]
  [ payload load 2b @ network header + 0 => reg 1 ]
  [ bitwise reg 1 = ( reg 1 & 0x00003ff0 ) ^ 0x00008002 ]
  [ payload write reg 1 => 2b @ network header + 0 csum_type 0 csum_off 0 csum_flags 0x0 ]
json: [{"mangle": {"key": {"payload": {"protocol": "ip6", "field": "dscp"}}, "value": "af11"}}]

rule ip6 inet: ip6 flowlabel set 5
  [ payload load 3b @ network header + 1 => reg 1 ]
  [ bitwise reg 1 = ( reg 1 & 0x000000f0 ) ^ 0x00050000 ]
  [ payload write reg 1 => 3b @ network header + 1 csum_type 0 csum_off 0 csum_flags 0x0 ]
bytecode inet:
  [ meta load nfproto => reg 1 ]
  [ cmp eq reg 1 0x0000000a ]
  [ payload load 3b @ network header + 1 => reg 1 ]
  [ bitwise reg 1 = ( reg 1 & 0x000000f0 ) ^ 0x00050000 ]
  [ payload write reg 1 => 3b @ network header + 1 csum_type 0 csum_off 0 csum_flags 0x0 ]
json: [{"mangle": {"key": {"payload": {"protocol": "ip6", "field": "flowlabel"}}, "value": 5}}]

rule ip6 inet: icmpv6 type set 1
list: icmpv6 type set destination-unreachable
  [ meta load l4proto => reg 1 ]
  [ cmp eq reg 1 0x0000003a ]
  [ payload load 2b @ transport header + 0 => reg 1 ]
  [ bitwise reg 1 = ( reg 1 & 0x0000ff00 ) ^ 0x00000001 ]
  [ payload write reg 1 => 2b @ transport header + 0 csum_type 1 csum_off 2 csum_flags 0x0 ]
bytecode inet:
  [ meta load nfproto => reg 1 ]
  [ cmp eq reg 1 0x0000000a ]
  [ meta load l4proto => reg 1 ]
  [ cmp eq reg 1 0x0000003a ]
  [ payload load 2b @ transport header + 0 => reg 1 ]
  [ bitwise reg 1 = ( reg 1 & 0x0000ff00 ) ^ 0x00000001 ]
  [ payload write reg 1 => 2b @ transport header + 0 csum_type 1 csum_off 2 csum_flags 0x0 ]
json: [{"mangle": {"key": {"payload": {"protocol": "icmpv6", "field": "type"}}, "value": "destination-unreachable"}}]
ref-list: meta l4proto ipv6-icmp @th,0,16 set @th,0,16 & 0x1ff | 0x100
ref-json: [{"match": {"op": "==", "left": {"meta": {"key": "l4proto"}}, "right": "ipv6-icmp"}}, {"mangle": {"key": {"payload": {"base": "th", "offset": 0, "len": 16}}, "value": {"|": [{"&": [{"payload": {"base": "th", "offset": 0, "len": 16}}, 511]}, 256]}}}]

# upstream 1.1.3 lets the kernel update the UDP checksum
rule: udp dport set 53
  [ meta load l4proto => reg 1 ]
  [ cmp eq reg 1 0x00000011 ]
  [ immediate reg 1 0x00003500 ]
  [ payload write reg 1 => 2b @ transport header + 2 csum_type 0 csum_off 0 csum_flags 0x1 ]
json: [{"mangle": {"key": {"payload": {"protocol": "udp", "field": "dport"}}, "value": 53}}]

rule: th dport set 80
  [ immediate reg 1 0x00005000 ]
  [ payload write reg 1 => 2b @ transport header + 2 csum_type 0 csum_off 0 csum_flags 0x0 ]
json: [{"mangle": {"key": {"payload": {"protocol": "th", "field": "dport"}}, "value": 80}}]

rule: sctp sport set 1
  [ meta load l4proto => reg 1 ]
  [ cmp eq reg 1 0x00000084 ]
  [ immediate reg 1 0x00000100 ]
  [ payload write reg 1 => 2b @ transport header + 0 csum_type 2 csum_off 8 csum_flags 0x0 ]
json: [{"mangle": {"key": {"payload": {"protocol": "sctp", "field": "sport"}}, "value": 1}}]

rule: tcp option maxseg size set 1360
  [ immediate reg 1 0x00005005 ]
  [ exthdr write tcpopt reg 1 => 2b @ 2 + 2 ]
json: [{"mangle": {"key": {"tcp option": {"name": "maxseg", "field": "size"}}, "value": 1360}}]

# the kernel writes TCP options 2 or 4 bytes at a time only
fail: tcp option window count set 5

fail ip inet: ip dscp set ip ttl

fail: tcp option maxseg exists set 1
