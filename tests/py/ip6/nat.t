# nat in the ip6 family
family: ip6
table: t
chain: c { type nat hook postrouting priority srcnat; policy accept; }

rule: snat to ::1
  [ immediate reg 1 0x00000000 0x00000000 0x00000000 0x01000000 ]
  [ nat snat ip6 addr_min reg 1 ]
json: [{"snat": {"addr": "::1"}}]

rule: snat to ::1-::2
  [ immediate reg 1 0x00000000 0x00000000 0x00000000 0x01000000 ]
  [ immediate reg 2 0x00000000 0x00000000 0x00000000 0x02000000 ]
  [ nat snat ip6 addr_min reg 1 addr_max reg 2 ]
json: [{"snat": {"addr": {"range": ["::1", "::2"]}}}]

rule: snat to fe80::/64
  [ immediate reg 1 0x000080fe 0x00000000 0x00000000 0x00000000 ]
  [ immediate reg 2 0x000080fe 0x00000000 0xffffffff 0xffffffff ]
  [ nat snat ip6 addr_min reg 1 addr_max reg 2 ]
json: [{"snat": {"addr": {"prefix": {"addr": "fe80::", "len": 64}}}}]

rule: tcp dport 22 snat to [::1]:1024
  [ meta load l4proto => reg 1 ]
  [ cmp eq reg 1 0x00000006 ]
  [ payload load 2b @ transport header + 2 => reg 1 ]
  [ cmp eq reg 1 0x00001600 ]
  [ immediate reg 1 0x00000000 0x00000000 0x00000000 0x01000000 ]
  [ immediate reg 2 0x00000004 ]
  [ nat snat ip6 addr_min reg 1 proto_min reg 2 flags 0x2 ]
json: [{"match": {"op": "==", "left": {"payload": {"protocol": "tcp", "field": "dport"}}, "right": 22}}, {"snat": {"addr": "::1", "port": 1024}}]

rule: tcp dport 22 snat to [::1]:1024-2048 persistent
  [ meta load l4proto => reg 1 ]
  [ cmp eq reg 1 0x00000006 ]
  [ payload load 2b @ transport header + 2 => reg 1 ]
  [ cmp eq reg 1 0x00001600 ]
  [ immediate reg 1 0x00000000 0x00000000 0x00000000 0x01000000 ]
  [ immediate reg 2 0x00000004 ]
  [ immediate reg 3 0x00000008 ]
  [ nat snat ip6 addr_min reg 1 proto_min reg 2 proto_max reg 3 flags 0xa ]
json: [{"match": {"op": "==", "left": {"payload": {"protocol": "tcp", "field": "dport"}}, "right": 22}}, {"snat": {"addr": "::1", "port": {"range": [1024, 2048]}, "flags": "persistent"}}]

rule: masquerade
  [ masq ]
json: [{"masquerade": null}]

rule: tcp dport 22 masquerade to :1024
  [ meta load l4proto => reg 1 ]
  [ cmp eq reg 1 0x00000006 ]
  [ payload load 2b @ transport header + 2 => reg 1 ]
  [ cmp eq reg 1 0x00001600 ]
  [ immediate reg 1 0x00000004 ]
  [ masq proto_min reg 1 flags 0x2 ]
json: [{"match": {"op": "==", "left": {"payload": {"protocol": "tcp", "field": "dport"}}, "right": 22}}, {"masquerade": {"port": 1024}}]

fail: snat to 1.2.3.4
