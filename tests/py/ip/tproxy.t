# tproxy statement in the ip family
family: ip
table: t
chain: c { type filter hook prerouting priority mangle; policy accept; }

rule: tcp dport 80 tproxy to 1.2.3.4
  [ meta load l4proto => reg 1 ]
  [ cmp eq reg 1 0x00000006 ]
  [ payload load 2b @ transport header + 2 => reg 1 ]
  [ cmp eq reg 1 0x00005000 ]
  [ immediate reg 1 0x04030201 ]
  [ tproxy ip addr reg 1 ]
json: [{"match": {"op": "==", "left": {"payload": {"protocol": "tcp", "field": "dport"}}, "right": 80}}, {"tproxy": {"addr": "1.2.3.4"}}]

rule: tcp dport 80 tproxy to 1.2.3.4:8080
  [ meta load l4proto => reg 1 ]
  [ cmp eq reg 1 0x00000006 ]
  [ payload load 2b @ transport header + 2 => reg 1 ]
  [ cmp eq reg 1 0x00005000 ]
  [ immediate reg 1 0x04030201 ]
  [ immediate reg 2 0x0000901f ]
  [ tproxy ip addr reg 1 port reg 2 ]
json: [{"match": {"op": "==", "left": {"payload": {"protocol": "tcp", "field": "dport"}}, "right": 80}}, {"tproxy": {"addr": "1.2.3.4", "port": 8080}}]

rule: tcp dport 80 tproxy to :8080
  [ meta load l4proto => reg 1 ]
  [ cmp eq reg 1 0x00000006 ]
  [ payload load 2b @ transport header + 2 => reg 1 ]
  [ cmp eq reg 1 0x00005000 ]
  [ immediate reg 1 0x0000901f ]
  [ tproxy ip port reg 1 ]
json: [{"match": {"op": "==", "left": {"payload": {"protocol": "tcp", "field": "dport"}}, "right": 80}}, {"tproxy": {"port": 8080}}]

rule: meta l4proto udp tproxy to :53
  [ meta load l4proto => reg 1 ]
  [ cmp eq reg 1 0x00000011 ]
  [ immediate reg 1 0x00003500 ]
  [ tproxy ip port reg 1 ]
json: [{"match": {"op": "==", "left": {"meta": {"key": "l4proto"}}, "right": "udp"}}, {"tproxy": {"port": 53}}]

rule: tcp dport 80 tproxy ip to 1.2.3.4
list: tcp dport 80 tproxy to 1.2.3.4
  [ meta load l4proto => reg 1 ]
  [ cmp eq reg 1 0x00000006 ]
  [ payload load 2b @ transport header + 2 => reg 1 ]
  [ cmp eq reg 1 0x00005000 ]
  [ immediate reg 1 0x04030201 ]
  [ tproxy ip addr reg 1 ]
json: [{"match": {"op": "==", "left": {"payload": {"protocol": "tcp", "field": "dport"}}, "right": 80}}, {"tproxy": {"addr": "1.2.3.4"}}]

fail: tproxy to 1.2.3.4

fail: tcp dport 80 tproxy to 1.2.3.4-1.2.3.5

fail: tcp dport 80 tproxy to ::1
