# snat and masquerade
families: ip
table: t
chain: c { type nat hook postrouting priority srcnat; policy accept; }

rule: snat to 1.2.3.4
  [ immediate reg 1 0x04030201 ]
  [ nat snat ip addr_min reg 1 ]
json: [{"snat": {"addr": "1.2.3.4"}}]

rule: snat 1.2.3.4
list: snat to 1.2.3.4
  [ immediate reg 1 0x04030201 ]
  [ nat snat ip addr_min reg 1 ]
json: [{"snat": {"addr": "1.2.3.4"}}]

rule: snat ip to 1.2.3.4
list: snat to 1.2.3.4
  [ immediate reg 1 0x04030201 ]
  [ nat snat ip addr_min reg 1 ]
json: [{"snat": {"addr": "1.2.3.4"}}]

rule: snat to 1.2.3.4-1.2.3.10
  [ immediate reg 1 0x04030201 ]
  [ immediate reg 2 0x0a030201 ]
  [ nat snat ip addr_min reg 1 addr_max reg 2 ]
json: [{"snat": {"addr": {"range": ["1.2.3.4", "1.2.3.10"]}}}]

rule: snat to 1.2.3.4-1.2.3.5
list: snat to 1.2.3.4/31
  [ immediate reg 1 0x04030201 ]
  [ immediate reg 2 0x05030201 ]
  [ nat snat ip addr_min reg 1 addr_max reg 2 ]
json: [{"snat": {"addr": {"prefix": {"addr": "1.2.3.4", "len": 31}}}}]

rule: snat to 10.0.0.0/24
  [ immediate reg 1 0x0000000a ]
  [ immediate reg 2 0xff00000a ]
  [ nat snat ip addr_min reg 1 addr_max reg 2 ]
json: [{"snat": {"addr": {"prefix": {"addr": "10.0.0.0", "len": 24}}}}]

rule: snat prefix to 10.0.0.0/24
  [ immediate reg 1 0x0000000a ]
  [ immediate reg 2 0xff00000a ]
  [ nat snat ip addr_min reg 1 addr_max reg 2 flags 0x40 ]
json: [{"snat": {"addr": {"prefix": {"addr": "10.0.0.0", "len": 24}}, "flags": "netmap", "type_flags": "prefix"}}]

rule: snat to 1.2.3.4 persistent
  [ immediate reg 1 0x04030201 ]
  [ nat snat ip addr_min reg 1 flags 0x8 ]
json: [{"snat": {"addr": "1.2.3.4", "flags": "persistent"}}]

rule: snat to 1.2.3.4 random,persistent
  [ immediate reg 1 0x04030201 ]
  [ nat snat ip addr_min reg 1 flags 0xc ]
json: [{"snat": {"addr": "1.2.3.4", "flags": ["random", "persistent"]}}]

rule: snat to 1.2.3.4 fully-random
  [ immediate reg 1 0x04030201 ]
  [ nat snat ip addr_min reg 1 flags 0x10 ]
json: [{"snat": {"addr": "1.2.3.4", "flags": "fully-random"}}]

rule: tcp dport 22 snat to 1.2.3.4:1024
  [ meta load l4proto => reg 1 ]
  [ cmp eq reg 1 0x00000006 ]
  [ payload load 2b @ transport header + 2 => reg 1 ]
  [ cmp eq reg 1 0x00001600 ]
  [ immediate reg 1 0x04030201 ]
  [ immediate reg 2 0x00000004 ]
  [ nat snat ip addr_min reg 1 proto_min reg 2 flags 0x2 ]
json: [{"match": {"op": "==", "left": {"payload": {"protocol": "tcp", "field": "dport"}}, "right": 22}}, {"snat": {"addr": "1.2.3.4", "port": 1024}}]

rule: tcp dport 22 snat to 1.2.3.4:1024-2048
  [ meta load l4proto => reg 1 ]
  [ cmp eq reg 1 0x00000006 ]
  [ payload load 2b @ transport header + 2 => reg 1 ]
  [ cmp eq reg 1 0x00001600 ]
  [ immediate reg 1 0x04030201 ]
  [ immediate reg 2 0x00000004 ]
  [ immediate reg 3 0x00000008 ]
  [ nat snat ip addr_min reg 1 proto_min reg 2 proto_max reg 3 flags 0x2 ]
json: [{"match": {"op": "==", "left": {"payload": {"protocol": "tcp", "field": "dport"}}, "right": 22}}, {"snat": {"addr": "1.2.3.4", "port": {"range": [1024, 2048]}}}]

rule: udp dport 53 snat to 1.2.3.4-1.2.3.10:1024-2048 random
  [ meta load l4proto => reg 1 ]
  [ cmp eq reg 1 0x00000011 ]
  [ payload load 2b @ transport header + 2 => reg 1 ]
  [ cmp eq reg 1 0x00003500 ]
  [ immediate reg 1 0x04030201 ]
  [ immediate reg 2 0x0a030201 ]
  [ immediate reg 3 0x00000004 ]
  [ immediate reg 4 0x00000008 ]
  [ nat snat ip addr_min reg 1 addr_max reg 2 proto_min reg 3 proto_max reg 4 flags 0x6 ]
json: [{"match": {"op": "==", "left": {"payload": {"protocol": "udp", "field": "dport"}}, "right": 53}}, {"snat": {"addr": {"range": ["1.2.3.4", "1.2.3.10"]}, "port": {"range": [1024, 2048]}, "flags": "random"}}]

rule: tcp dport 22 snat to :1024
  [ meta load l4proto => reg 1 ]
  [ cmp eq reg 1 0x00000006 ]
  [ payload load 2b @ transport header + 2 => reg 1 ]
  [ cmp eq reg 1 0x00001600 ]
  [ immediate reg 1 0x00000004 ]
  [ nat snat ip proto_min reg 1 flags 0x2 ]
json: [{"match": {"op": "==", "left": {"payload": {"protocol": "tcp", "field": "dport"}}, "right": 22}}, {"snat": {"port": 1024}}]

rule: masquerade
  [ masq ]
json: [{"masquerade": null}]

rule: masquerade random
  [ masq flags 0x4 ]
json: [{"masquerade": {"flags": "random"}}]

rule: masquerade persistent,fully-random,random
list: masquerade random,fully-random,persistent
  [ masq flags 0x1c ]
json: [{"masquerade": {"flags": ["random", "fully-random", "persistent"]}}]

rule: tcp dport 22 masquerade to :1024
  [ meta load l4proto => reg 1 ]
  [ cmp eq reg 1 0x00000006 ]
  [ payload load 2b @ transport header + 2 => reg 1 ]
  [ cmp eq reg 1 0x00001600 ]
  [ immediate reg 1 0x00000004 ]
  [ masq proto_min reg 1 flags 0x2 ]
json: [{"match": {"op": "==", "left": {"payload": {"protocol": "tcp", "field": "dport"}}, "right": 22}}, {"masquerade": {"port": 1024}}]

rule: tcp dport 22 masquerade to :1024-2048 random
  [ meta load l4proto => reg 1 ]
  [ cmp eq reg 1 0x00000006 ]
  [ payload load 2b @ transport header + 2 => reg 1 ]
  [ cmp eq reg 1 0x00001600 ]
  [ immediate reg 1 0x00000004 ]
  [ immediate reg 2 0x00000008 ]
  [ masq proto_min reg 1 proto_max reg 2 flags 0x6 ]
json: [{"match": {"op": "==", "left": {"payload": {"protocol": "tcp", "field": "dport"}}, "right": 22}}, {"masquerade": {"port": {"range": [1024, 2048]}, "flags": "random"}}]

rule: ip saddr 10.0.0.0/8 counter masquerade
list: ip saddr 10.0.0.0/8 counter packets 0 bytes 0 masquerade
  [ payload load 1b @ network header + 12 => reg 1 ]
  [ cmp eq reg 1 0x0000000a ]
  [ counter pkts 0 bytes 0 ]
  [ masq ]
json: [{"match": {"op": "==", "left": {"payload": {"protocol": "ip", "field": "saddr"}}, "right": {"prefix": {"addr": "10.0.0.0", "len": 8}}}}, {"counter": {"packets": 0, "bytes": 0}}, {"masquerade": null}]

fail: snat to 1.2.3.4:80

fail: masquerade to :1024

fail: snat to ::1

fail: snat ip6 to ::1

fail: snat to 1.2.3.10-1.2.3.4

rule: snat prefix to 1.2.3.4
  [ immediate reg 1 0x04030201 ]
  [ nat snat ip addr_min reg 1 flags 0x40 ]
json: [{"snat": {"addr": "1.2.3.4", "flags": "netmap", "type_flags": "prefix"}}]

rule: snat prefix to 1.2.3.4-1.2.3.9
  [ immediate reg 1 0x04030201 ]
  [ immediate reg 2 0x09030201 ]
  [ nat snat ip addr_min reg 1 addr_max reg 2 flags 0x40 ]
json: [{"snat": {"addr": {"range": ["1.2.3.4", "1.2.3.9"]}, "flags": "netmap", "type_flags": "prefix"}}]

fail: tcp dport 22 snat prefix to :80

fail: tcp dport 22 snat to 1.2.3.4:70000

# parentheses around the address: ip saddr
rule: snat to (ip saddr)
list: snat to ip saddr
  [ payload load 4b @ network header + 12 => reg 1 ]
  [ nat snat ip addr_min reg 1 ]
json: [{"snat": {"addr": {"payload": {"protocol": "ip", "field": "saddr"}}}}]

fail: snat to (ip saddr . tcp dport)
