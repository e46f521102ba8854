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
