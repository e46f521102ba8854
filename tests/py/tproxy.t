# tproxy statement
families: ip ip6 inet
table: t
chain: c { type filter hook prerouting priority mangle; policy accept; }

rule ip6: tcp dport 80 tproxy to ::1
list: tcp dport 80 tproxy to [::1]
  [ meta load l4proto => reg 1 ]
  [ cmp eq reg 1 0x00000006 ]
  [ payload load 2b @ transport header + 2 => reg 1 ]
  [ cmp eq reg 1 0x00005000 ]
  [ immediate reg 1 0x00000000 0x00000000 0x00000000 0x01000000 ]
  [ tproxy ip6 addr reg 1 ]
json: [{"match": {"op": "==", "left": {"payload": {"protocol": "tcp", "field": "dport"}}, "right": 80}}, {"tproxy": {"addr": "::1"}}]

rule ip6: tcp dport 80 tproxy to [::1]:8080
  [ meta load l4proto => reg 1 ]
  [ cmp eq reg 1 0x00000006 ]
  [ payload load 2b @ transport header + 2 => reg 1 ]
  [ cmp eq reg 1 0x00005000 ]
  [ immediate reg 1 0x00000000 0x00000000 0x00000000 0x01000000 ]
  [ immediate reg 2 0x0000901f ]
  [ tproxy ip6 addr reg 1 port reg 2 ]
json: [{"match": {"op": "==", "left": {"payload": {"protocol": "tcp", "field": "dport"}}, "right": 80}}, {"tproxy": {"addr": "::1", "port": 8080}}]

rule ip: tcp dport 80 tproxy to 1.2.3.4
  [ meta load l4proto => reg 1 ]
  [ cmp eq reg 1 0x00000006 ]
  [ payload load 2b @ transport header + 2 => reg 1 ]
  [ cmp eq reg 1 0x00005000 ]
  [ immediate reg 1 0x04030201 ]
  [ tproxy ip addr reg 1 ]
json: [{"match": {"op": "==", "left": {"payload": {"protocol": "tcp", "field": "dport"}}, "right": 80}}, {"tproxy": {"addr": "1.2.3.4"}}]

rule ip: tcp dport 80 tproxy to 1.2.3.4:8080
  [ meta load l4proto => reg 1 ]
  [ cmp eq reg 1 0x00000006 ]
  [ payload load 2b @ transport header + 2 => reg 1 ]
  [ cmp eq reg 1 0x00005000 ]
  [ immediate reg 1 0x04030201 ]
  [ immediate reg 2 0x0000901f ]
  [ tproxy ip addr reg 1 port reg 2 ]
json: [{"match": {"op": "==", "left": {"payload": {"protocol": "tcp", "field": "dport"}}, "right": 80}}, {"tproxy": {"addr": "1.2.3.4", "port": 8080}}]

rule ip inet: tcp dport 80 tproxy ip to 1.2.3.4
list: tcp dport 80 tproxy to 1.2.3.4
list inet: tcp dport 80 tproxy ip to 1.2.3.4
  [ meta load l4proto => reg 1 ]
  [ cmp eq reg 1 0x00000006 ]
  [ payload load 2b @ transport header + 2 => reg 1 ]
  [ cmp eq reg 1 0x00005000 ]
  [ immediate reg 1 0x04030201 ]
  [ tproxy ip addr reg 1 ]
json: [{"match": {"op": "==", "left": {"payload": {"protocol": "tcp", "field": "dport"}}, "right": 80}}, {"tproxy": {"addr": "1.2.3.4"}}]
json inet: [{"match": {"op": "==", "left": {"payload": {"protocol": "tcp", "field": "dport"}}, "right": 80}}, {"tproxy": {"family": "ip", "addr": "1.2.3.4"}}]

fail ip: tproxy to 1.2.3.4

fail ip: tcp dport 80 tproxy to 1.2.3.4-1.2.3.5

fail ip: tcp dport 80 tproxy to ::1

rule inet: tcp dport 80 tproxy ip6 to [::1]:80
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
  [ tproxy ip port reg 1 ]
bytecode ip6:
  [ meta load l4proto => reg 1 ]
  [ cmp eq reg 1 0x00000006 ]
  [ payload load 2b @ transport header + 2 => reg 1 ]
  [ cmp eq reg 1 0x00005000 ]
  [ immediate reg 1 0x0000901f ]
  [ tproxy ip6 port reg 1 ]
bytecode inet:
  [ meta load l4proto => reg 1 ]
  [ cmp eq reg 1 0x00000006 ]
  [ payload load 2b @ transport header + 2 => reg 1 ]
  [ cmp eq reg 1 0x00005000 ]
  [ immediate reg 1 0x0000901f ]
  [ tproxy port reg 1 ]
json: [{"match": {"op": "==", "left": {"payload": {"protocol": "tcp", "field": "dport"}}, "right": 80}}, {"tproxy": {"port": 8080}}]

rule ip: meta l4proto udp tproxy to :53
  [ meta load l4proto => reg 1 ]
  [ cmp eq reg 1 0x00000011 ]
  [ immediate reg 1 0x00003500 ]
  [ tproxy ip port reg 1 ]
json: [{"match": {"op": "==", "left": {"meta": {"key": "l4proto"}}, "right": "udp"}}, {"tproxy": {"port": 53}}]

fail ip6 inet: tcp dport 80 tproxy to 1.2.3.4

rule inet: tcp dport 80 tproxy ip to :80
  [ meta load l4proto => reg 1 ]
  [ cmp eq reg 1 0x00000006 ]
  [ payload load 2b @ transport header + 2 => reg 1 ]
  [ cmp eq reg 1 0x00005000 ]
  [ immediate reg 1 0x00005000 ]
  [ tproxy ip port reg 1 ]
json: [{"match": {"op": "==", "left": {"payload": {"protocol": "tcp", "field": "dport"}}, "right": 80}}, {"tproxy": {"family": "ip", "port": 80}}]

rule inet: tcp dport 80 tproxy ip6 to :80
  [ meta load l4proto => reg 1 ]
  [ cmp eq reg 1 0x00000006 ]
  [ payload load 2b @ transport header + 2 => reg 1 ]
  [ cmp eq reg 1 0x00005000 ]
  [ immediate reg 1 0x00005000 ]
  [ tproxy ip6 port reg 1 ]
json: [{"match": {"op": "==", "left": {"payload": {"protocol": "tcp", "field": "dport"}}, "right": 80}}, {"tproxy": {"family": "ip6", "port": 80}}]

# computed addresses and ports, as the system nft takes them; the system
# nft loses a computed port when it lists (system-list:), we keep it
rule ip: meta l4proto tcp tproxy to 1.1.1.1:tcp dport
  [ meta load l4proto => reg 1 ]
  [ cmp eq reg 1 0x00000006 ]
  [ immediate reg 1 0x01010101 ]
  [ payload load 2b @ transport header + 2 => reg 2 ]
  [ tproxy ip addr reg 1 port reg 2 ]
json: [{"match": {"op": "==", "left": {"meta": {"key": "l4proto"}}, "right": "tcp"}}, {"tproxy": {"addr": "1.1.1.1", "port": {"payload": {"protocol": "tcp", "field": "dport"}}}}]

rule ip: meta l4proto tcp tproxy to ip saddr
  [ meta load l4proto => reg 1 ]
  [ cmp eq reg 1 0x00000006 ]
  [ payload load 4b @ network header + 12 => reg 1 ]
  [ tproxy ip addr reg 1 ]
json: [{"match": {"op": "==", "left": {"meta": {"key": "l4proto"}}, "right": "tcp"}}, {"tproxy": {"addr": {"payload": {"protocol": "ip", "field": "saddr"}}}}]

fail ip: meta l4proto tcp tproxy to :jhash ip saddr mod 2

rule inet: meta l4proto tcp tproxy ip6 to ip6 saddr:tcp dport
  [ meta load l4proto => reg 1 ]
  [ cmp eq reg 1 0x00000006 ]
  [ meta load nfproto => reg 1 ]
  [ cmp eq reg 1 0x0000000a ]
  [ payload load 16b @ network header + 8 => reg 1 ]
  [ payload load 2b @ transport header + 2 => reg 2 ]
  [ tproxy ip6 addr reg 1 port reg 2 ]
json: [{"match": {"op": "==", "left": {"meta": {"key": "l4proto"}}, "right": "tcp"}}, {"tproxy": {"family": "ip6", "addr": {"payload": {"protocol": "ip6", "field": "saddr"}}, "port": {"payload": {"protocol": "tcp", "field": "dport"}}}}]

fail ip: meta l4proto tcp tproxy to meta mark
