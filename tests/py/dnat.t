# dnat and redirect
families: ip
table: t
chain: c { type nat hook prerouting priority dstnat; policy accept; }

rule: dnat to 1.2.3.4
  [ immediate reg 1 0x04030201 ]
  [ nat dnat ip addr_min reg 1 ]
json: [{"dnat": {"addr": "1.2.3.4"}}]

rule: dnat to 1.2.3.4 random
  [ immediate reg 1 0x04030201 ]
  [ nat dnat ip addr_min reg 1 flags 0x4 ]
json: [{"dnat": {"addr": "1.2.3.4", "flags": "random"}}]

rule: tcp dport 80 dnat to 1.2.3.4:8080
  [ meta load l4proto => reg 1 ]
  [ cmp eq reg 1 0x00000006 ]
  [ payload load 2b @ transport header + 2 => reg 1 ]
  [ cmp eq reg 1 0x00005000 ]
  [ immediate reg 1 0x04030201 ]
  [ immediate reg 2 0x0000901f ]
  [ nat dnat ip addr_min reg 1 proto_min reg 2 flags 0x2 ]
json: [{"match": {"op": "==", "left": {"payload": {"protocol": "tcp", "field": "dport"}}, "right": 80}}, {"dnat": {"addr": "1.2.3.4", "port": 8080}}]

rule: tcp dport 80 dnat to :8080
  [ meta load l4proto => reg 1 ]
  [ cmp eq reg 1 0x00000006 ]
  [ payload load 2b @ transport header + 2 => reg 1 ]
  [ cmp eq reg 1 0x00005000 ]
  [ immediate reg 1 0x0000901f ]
  [ nat dnat ip proto_min reg 1 flags 0x2 ]
json: [{"match": {"op": "==", "left": {"payload": {"protocol": "tcp", "field": "dport"}}, "right": 80}}, {"dnat": {"port": 8080}}]

rule: udp dport 53 dnat to 1.2.3.4-1.2.3.5:53
list: udp dport 53 dnat to 1.2.3.4/31:53
  [ meta load l4proto => reg 1 ]
  [ cmp eq reg 1 0x00000011 ]
  [ payload load 2b @ transport header + 2 => reg 1 ]
  [ cmp eq reg 1 0x00003500 ]
  [ immediate reg 1 0x04030201 ]
  [ immediate reg 2 0x05030201 ]
  [ immediate reg 3 0x00003500 ]
  [ nat dnat ip addr_min reg 1 addr_max reg 2 proto_min reg 3 flags 0x2 ]
json: [{"match": {"op": "==", "left": {"payload": {"protocol": "udp", "field": "dport"}}, "right": 53}}, {"dnat": {"addr": {"prefix": {"addr": "1.2.3.4", "len": 31}}, "port": 53}}]

rule: redirect
  [ redir ]
json: [{"redirect": null}]

rule: redirect random
  [ redir flags 0x4 ]
json: [{"redirect": {"flags": "random"}}]

rule: tcp dport 80 redirect to :8080
  [ meta load l4proto => reg 1 ]
  [ cmp eq reg 1 0x00000006 ]
  [ payload load 2b @ transport header + 2 => reg 1 ]
  [ cmp eq reg 1 0x00005000 ]
  [ immediate reg 1 0x0000901f ]
  [ redir proto_min reg 1 flags 0x2 ]
json: [{"match": {"op": "==", "left": {"payload": {"protocol": "tcp", "field": "dport"}}, "right": 80}}, {"redirect": {"port": 8080}}]

rule: tcp dport 80 redirect to 8080
list: tcp dport 80 redirect to :8080
  [ meta load l4proto => reg 1 ]
  [ cmp eq reg 1 0x00000006 ]
  [ payload load 2b @ transport header + 2 => reg 1 ]
  [ cmp eq reg 1 0x00005000 ]
  [ immediate reg 1 0x0000901f ]
  [ redir proto_min reg 1 flags 0x2 ]
json: [{"match": {"op": "==", "left": {"payload": {"protocol": "tcp", "field": "dport"}}, "right": 80}}, {"redirect": {"port": 8080}}]

rule: tcp dport 80 redirect to :8080-8090
  [ meta load l4proto => reg 1 ]
  [ cmp eq reg 1 0x00000006 ]
  [ payload load 2b @ transport header + 2 => reg 1 ]
  [ cmp eq reg 1 0x00005000 ]
  [ immediate reg 1 0x0000901f ]
  [ immediate reg 2 0x00009a1f ]
  [ redir proto_min reg 1 proto_max reg 2 flags 0x2 ]
json: [{"match": {"op": "==", "left": {"payload": {"protocol": "tcp", "field": "dport"}}, "right": 80}}, {"redirect": {"port": {"range": [8080, 8090]}}}]

fail: redirect to :8080

fail: dnat to 1.2.3.4:8080

# computed addresses and ports, as the system nft takes them
rule: dnat to ip saddr
  [ payload load 4b @ network header + 12 => reg 1 ]
  [ nat dnat ip addr_min reg 1 ]
json: [{"dnat": {"addr": {"payload": {"protocol": "ip", "field": "saddr"}}}}]

rule: ip daddr 1.1.1.1 dnat ip to ip saddr
list: ip daddr 1.1.1.1 dnat to ip saddr
  [ payload load 4b @ network header + 16 => reg 1 ]
  [ cmp eq reg 1 0x01010101 ]
  [ payload load 4b @ network header + 12 => reg 1 ]
  [ nat dnat ip addr_min reg 1 ]
json: [{"match": {"op": "==", "left": {"payload": {"protocol": "ip", "field": "daddr"}}, "right": "1.1.1.1"}}, {"dnat": {"addr": {"payload": {"protocol": "ip", "field": "saddr"}}}}]

rule: dnat to jhash ip saddr mod 2
  [ payload load 4b @ network header + 12 => reg 2 ]
  [ hash reg 1 = jhash(reg 2, 4, 0x0) % mod 2 ]
  [ nat dnat ip addr_min reg 1 ]
json: [{"dnat": {"addr": {"jhash": {"mod": 2, "expr": {"payload": {"protocol": "ip", "field": "saddr"}}}}}}]

rule: dnat to numgen inc mod 2
  [ numgen reg 1 = inc mod 2 ]
  [ byteorder reg 1 = hton(reg 1, 4, 4) ]
  [ nat dnat ip addr_min reg 1 ]
json: [{"dnat": {"addr": {"numgen": {"mode": "inc", "mod": 2, "offset": 0}}}}]

rule: dnat to symhash mod 2 offset 10
  [ hash reg 1 = symhash() % mod 2 offset 10 ]
  [ nat dnat ip addr_min reg 1 ]
json: [{"dnat": {"addr": {"symhash": {"mod": 2, "offset": 10}}}}]

rule: dnat to ct original ip saddr
  [ ct load src_ip => reg 1 , dir original ]
  [ nat dnat ip addr_min reg 1 ]
json: [{"dnat": {"addr": {"ct": {"key": "ip saddr", "dir": "original"}}}}]

rule: dnat to ip saddr & 255.255.255.0
  [ payload load 4b @ network header + 12 => reg 1 ]
  [ bitwise reg 1 = ( reg 1 & 0x00ffffff ) ^ 0x00000000 ]
  [ nat dnat ip addr_min reg 1 ]
json: [{"dnat": {"addr": {"&": [{"payload": {"protocol": "ip", "field": "saddr"}}, "255.255.255.0"]}}}]

rule: dnat to (ip saddr)
list: dnat to ip saddr
  [ payload load 4b @ network header + 12 => reg 1 ]
  [ nat dnat ip addr_min reg 1 ]
json: [{"dnat": {"addr": {"payload": {"protocol": "ip", "field": "saddr"}}}}]

fail: dnat to @nh,96,32

rule: dnat prefix to ip saddr
  [ payload load 4b @ network header + 12 => reg 1 ]
  [ nat dnat ip addr_min reg 1 flags 0x40 ]
json: [{"dnat": {"addr": {"payload": {"protocol": "ip", "field": "saddr"}}, "flags": "netmap", "type_flags": "prefix"}}]

rule: tcp dport 1 dnat to 1.2.3.4:tcp dport
  [ meta load l4proto => reg 1 ]
  [ cmp eq reg 1 0x00000006 ]
  [ payload load 2b @ transport header + 2 => reg 1 ]
  [ cmp eq reg 1 0x00000100 ]
  [ immediate reg 1 0x04030201 ]
  [ payload load 2b @ transport header + 2 => reg 2 ]
  [ nat dnat ip addr_min reg 1 proto_min reg 2 flags 0x2 ]
json: [{"match": {"op": "==", "left": {"payload": {"protocol": "tcp", "field": "dport"}}, "right": 1}}, {"dnat": {"addr": "1.2.3.4", "port": {"payload": {"protocol": "tcp", "field": "dport"}}}}]

rule: tcp dport 1 dnat to ip saddr:tcp sport random
  [ meta load l4proto => reg 1 ]
  [ cmp eq reg 1 0x00000006 ]
  [ payload load 2b @ transport header + 2 => reg 1 ]
  [ cmp eq reg 1 0x00000100 ]
  [ payload load 4b @ network header + 12 => reg 1 ]
  [ payload load 2b @ transport header + 0 => reg 2 ]
  [ nat dnat ip addr_min reg 1 proto_min reg 2 flags 0x6 ]
json: [{"match": {"op": "==", "left": {"payload": {"protocol": "tcp", "field": "dport"}}, "right": 1}}, {"dnat": {"addr": {"payload": {"protocol": "ip", "field": "saddr"}}, "port": {"payload": {"protocol": "tcp", "field": "sport"}}, "flags": "random"}}]

rule: tcp dport 1 dnat to :tcp dport
  [ meta load l4proto => reg 1 ]
  [ cmp eq reg 1 0x00000006 ]
  [ payload load 2b @ transport header + 2 => reg 1 ]
  [ cmp eq reg 1 0x00000100 ]
  [ payload load 2b @ transport header + 2 => reg 1 ]
  [ nat dnat ip proto_min reg 1 flags 0x2 ]
json: [{"match": {"op": "==", "left": {"payload": {"protocol": "tcp", "field": "dport"}}, "right": 1}}, {"dnat": {"port": {"payload": {"protocol": "tcp", "field": "dport"}}}}]

fail: tcp dport 1 dnat to 1.1.1.1:jhash ip saddr mod 100 offset 1000

rule: tcp dport 1 dnat to 1.1.1.1:th dport
list: tcp dport 1 dnat to 1.1.1.1:tcp dport
  [ meta load l4proto => reg 1 ]
  [ cmp eq reg 1 0x00000006 ]
  [ payload load 2b @ transport header + 2 => reg 1 ]
  [ cmp eq reg 1 0x00000100 ]
  [ immediate reg 1 0x01010101 ]
  [ payload load 2b @ transport header + 2 => reg 2 ]
  [ nat dnat ip addr_min reg 1 proto_min reg 2 flags 0x2 ]
json: [{"match": {"op": "==", "left": {"payload": {"protocol": "tcp", "field": "dport"}}, "right": 1}}, {"dnat": {"addr": "1.1.1.1", "port": {"payload": {"protocol": "tcp", "field": "dport"}}}}]

rule: meta l4proto tcp dnat to 1.1.1.1:tcp dport
list: dnat to 1.1.1.1:tcp dport
  [ meta load l4proto => reg 1 ]
  [ cmp eq reg 1 0x00000006 ]
  [ immediate reg 1 0x01010101 ]
  [ payload load 2b @ transport header + 2 => reg 2 ]
  [ nat dnat ip addr_min reg 1 proto_min reg 2 flags 0x2 ]
json: [{"dnat": {"addr": "1.1.1.1", "port": {"payload": {"protocol": "tcp", "field": "dport"}}}}]

rule: meta l4proto tcp redirect to :tcp dport
list: redirect to :tcp dport
  [ meta load l4proto => reg 1 ]
  [ cmp eq reg 1 0x00000006 ]
  [ payload load 2b @ transport header + 2 => reg 1 ]
  [ redir proto_min reg 1 flags 0x2 ]
json: [{"redirect": {"port": {"payload": {"protocol": "tcp", "field": "dport"}}}}]

rule: meta l4proto udp redirect to udp dport
list: redirect to :udp dport
  [ meta load l4proto => reg 1 ]
  [ cmp eq reg 1 0x00000011 ]
  [ payload load 2b @ transport header + 2 => reg 1 ]
  [ redir proto_min reg 1 flags 0x2 ]
json: [{"redirect": {"port": {"payload": {"protocol": "udp", "field": "dport"}}}}]

fail: dnat to meta mark

fail: dnat to ip saddr . tcp dport

fail: dnat to ip6 saddr

rule: dnat to ip saddr:tcp dport
  [ meta load l4proto => reg 1 ]
  [ cmp eq reg 1 0x00000006 ]
  [ payload load 4b @ network header + 12 => reg 1 ]
  [ payload load 2b @ transport header + 2 => reg 2 ]
  [ nat dnat ip addr_min reg 1 proto_min reg 2 flags 0x2 ]
json: [{"dnat": {"addr": {"payload": {"protocol": "ip", "field": "saddr"}}, "port": {"payload": {"protocol": "tcp", "field": "dport"}}}}]

fail: tcp dport 1 dnat to 1.1.1.1:meta mark

# "to" may be left out before any target, as the system nft allows
rule: dnat 1.2.3.4
list: dnat to 1.2.3.4
  [ immediate reg 1 0x04030201 ]
  [ nat dnat ip addr_min reg 1 ]
json: [{"dnat": {"addr": "1.2.3.4"}}]

rule: dnat ip saddr
list: dnat to ip saddr
  [ payload load 4b @ network header + 12 => reg 1 ]
  [ nat dnat ip addr_min reg 1 ]
json: [{"dnat": {"addr": {"payload": {"protocol": "ip", "field": "saddr"}}}}]

rule: tcp dport 80 dnat 10.0.0.1:8080
list: tcp dport 80 dnat to 10.0.0.1:8080
  [ meta load l4proto => reg 1 ]
  [ cmp eq reg 1 0x00000006 ]
  [ payload load 2b @ transport header + 2 => reg 1 ]
  [ cmp eq reg 1 0x00005000 ]
  [ immediate reg 1 0x0100000a ]
  [ immediate reg 2 0x0000901f ]
  [ nat dnat ip addr_min reg 1 proto_min reg 2 flags 0x2 ]
json: [{"match": {"op": "==", "left": {"payload": {"protocol": "tcp", "field": "dport"}}, "right": 80}}, {"dnat": {"addr": "10.0.0.1", "port": 8080}}]

rule: dnat jhash ip saddr mod 2
list: dnat to jhash ip saddr mod 2
  [ payload load 4b @ network header + 12 => reg 2 ]
  [ hash reg 1 = jhash(reg 2, 4, 0x0) % mod 2 ]
  [ nat dnat ip addr_min reg 1 ]
json: [{"dnat": {"addr": {"jhash": {"mod": 2, "expr": {"payload": {"protocol": "ip", "field": "saddr"}}}}}}]

fail: dnat 10.0.0.1:8080
