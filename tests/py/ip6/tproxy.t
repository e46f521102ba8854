# tproxy statement in the ip6 family
family: ip6
table: t
chain: c { type filter hook prerouting priority mangle; policy accept; }

rule: tcp dport 80 tproxy to ::1
list: tcp dport 80 tproxy to [::1]
  [ meta load l4proto => reg 1 ]
  [ cmp eq reg 1 0x00000006 ]
  [ payload load 2b @ transport header + 2 => reg 1 ]
  [ cmp eq reg 1 0x00005000 ]
  [ immediate reg 1 0x00000000 0x00000000 0x00000000 0x01000000 ]
  [ tproxy ip6 addr reg 1 ]
json: [{"match": {"op": "==", "left": {"payload": {"protocol": "tcp", "field": "dport"}}, "right": 80}}, {"tproxy": {"addr": "::1"}}]

rule: tcp dport 80 tproxy to [::1]:8080
  [ meta load l4proto => reg 1 ]
  [ cmp eq reg 1 0x00000006 ]
  [ payload load 2b @ transport header + 2 => reg 1 ]
  [ cmp eq reg 1 0x00005000 ]
  [ immediate reg 1 0x00000000 0x00000000 0x00000000 0x01000000 ]
  [ immediate reg 2 0x0000901f ]
  [ tproxy ip6 addr reg 1 port reg 2 ]
json: [{"match": {"op": "==", "left": {"payload": {"protocol": "tcp", "field": "dport"}}, "right": 80}}, {"tproxy": {"addr": "::1", "port": 8080}}]

rule: tcp dport 80 tproxy to :8080
  [ meta load l4proto => reg 1 ]
  [ cmp eq reg 1 0x00000006 ]
  [ payload load 2b @ transport header + 2 => reg 1 ]
  [ cmp eq reg 1 0x00005000 ]
  [ immediate reg 1 0x0000901f ]
  [ tproxy ip6 port reg 1 ]
json: [{"match": {"op": "==", "left": {"payload": {"protocol": "tcp", "field": "dport"}}, "right": 80}}, {"tproxy": {"port": 8080}}]

fail: tcp dport 80 tproxy to 1.2.3.4
