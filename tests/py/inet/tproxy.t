# tproxy statement in the inet family
family: inet
table: t
chain: c { type filter hook prerouting priority mangle; policy accept; }

rule: tcp dport 80 tproxy ip to 1.2.3.4
  [ meta load l4proto => reg 1 ]
  [ cmp eq reg 1 0x00000006 ]
  [ payload load 2b @ transport header + 2 => reg 1 ]
  [ cmp eq reg 1 0x00005000 ]
  [ immediate reg 1 0x04030201 ]
  [ tproxy ip addr reg 1 ]
json: [{"match": {"op": "==", "left": {"payload": {"protocol": "tcp", "field": "dport"}}, "right": 80}}, {"tproxy": {"family": "ip", "addr": "1.2.3.4"}}]

rule: tcp dport 80 tproxy ip6 to [::1]:80
  [ meta load l4proto => reg 1 ]
  [ cmp eq reg 1 0x00000006 ]
  [ payload load 2b @ transport header + 2 => reg 1 ]
  [ cmp eq reg 1 0x00005000 ]
  [ immediate reg 1 0x00000000 0x00000000 0x00000000 0x01000000 ]
  [ immediate reg 2 0x00005000 ]
  [ tproxy ip6 addr reg 1 port reg 2 ]
json: [{"match": {"op": "==", "left": {"payload": {"protocol": "tcp", "field": "dport"}}, "right": 80}}, {"tproxy": {"family": "ip6", "addr": "::1", "port": 80}}]

rule: tcp dport 80 tproxy to :8080
  [ meta load l4proto => reg 1 ]
  [ cmp eq reg 1 0x00000006 ]
  [ payload load 2b @ transport header + 2 => reg 1 ]
  [ cmp eq reg 1 0x00005000 ]
  [ immediate reg 1 0x0000901f ]
  [ tproxy port reg 1 ]
json: [{"match": {"op": "==", "left": {"payload": {"protocol": "tcp", "field": "dport"}}, "right": 80}}, {"tproxy": {"port": 8080}}]

fail: tcp dport 80 tproxy to 1.2.3.4

rule: tcp dport 80 tproxy ip to :80
  [ meta load l4proto => reg 1 ]
  [ cmp eq reg 1 0x00000006 ]
  [ payload load 2b @ transport header + 2 => reg 1 ]
  [ cmp eq reg 1 0x00005000 ]
  [ immediate reg 1 0x00005000 ]
  [ tproxy ip port reg 1 ]
json: [{"match": {"op": "==", "left": {"payload": {"protocol": "tcp", "field": "dport"}}, "right": 80}}, {"tproxy": {"family": "ip", "port": 80}}]

rule: tcp dport 80 tproxy ip6 to :80
  [ meta load l4proto => reg 1 ]
  [ cmp eq reg 1 0x00000006 ]
  [ payload load 2b @ transport header + 2 => reg 1 ]
  [ cmp eq reg 1 0x00005000 ]
  [ immediate reg 1 0x00005000 ]
  [ tproxy ip6 port reg 1 ]
json: [{"match": {"op": "==", "left": {"payload": {"protocol": "tcp", "field": "dport"}}, "right": 80}}, {"tproxy": {"family": "ip6", "port": 80}}]
