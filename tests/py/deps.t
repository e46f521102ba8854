# Dependencies a listing leaves out: a verdict map between the
# dependency and the match that implies it is a lookup to 1.1.3, it does
# not keep the dependency (a counter does).
families: ip inet netdev
table: t
chain netdev: c { type filter hook ingress device "v0" priority filter; policy accept; }
chain: c { type filter hook input priority filter; policy accept; }
chain: target
veth netdev: v0 v1

# its JSON (no dependency) loads with the dependency after the map
rule: meta l4proto tcp meta mark vmap { 1 : accept } tcp dport 1
list: meta mark vmap { 0x00000001 : accept } tcp dport 1
  __map%d t b
  __map%d t 0
  	element 00000001  : accept 0 [end]
  [ meta load l4proto => reg 1 ]
  [ cmp eq reg 1 0x00000006 ]
  [ meta load mark => reg 1 ]
  [ lookup reg 1 set __map%d dreg 0 ]
  [ payload load 2b @ transport header + 2 => reg 1 ]
  [ cmp eq reg 1 0x00000100 ]
json: [{"vmap": {"key": {"meta": {"key": "mark"}}, "data": {"set": [[1, {"accept": null}]]}}}, {"match": {"op": "==", "left": {"payload": {"protocol": "tcp", "field": "dport"}}, "right": 1}}]
json-bytecode:
  __map%d t b
  __map%d t 0
  	element 00000001  : accept 0 [end]
  [ meta load mark => reg 1 ]
  [ lookup reg 1 set __map%d dreg 0 ]
  [ meta load l4proto => reg 1 ]
  [ cmp eq reg 1 0x00000006 ]
  [ payload load 2b @ transport header + 2 => reg 1 ]
  [ cmp eq reg 1 0x00000100 ]

rule: meta l4proto tcp meta mark vmap { 1 : accept } counter tcp dport 1
list: meta l4proto tcp meta mark vmap { 0x00000001 : accept } counter packets 0 bytes 0 tcp dport 1
  __map%d t b
  __map%d t 0
  	element 00000001  : accept 0 [end]
  [ meta load l4proto => reg 1 ]
  [ cmp eq reg 1 0x00000006 ]
  [ meta load mark => reg 1 ]
  [ lookup reg 1 set __map%d dreg 0 ]
  [ counter pkts 0 bytes 0 ]
  [ payload load 2b @ transport header + 2 => reg 1 ]
  [ cmp eq reg 1 0x00000100 ]
json: [{"match": {"op": "==", "left": {"meta": {"key": "l4proto"}}, "right": "tcp"}}, {"vmap": {"key": {"meta": {"key": "mark"}}, "data": {"set": [[1, {"accept": null}]]}}}, {"counter": {"packets": 0, "bytes": 0}}, {"match": {"op": "==", "left": {"payload": {"protocol": "tcp", "field": "dport"}}, "right": 1}}]

rule inet: meta mark vmap { 1 : accept } frag id 1
list: meta mark vmap { 0x00000001 : accept } frag id 1
  __map%d t b
  __map%d t 0
  	element 00000001  : accept 0 [end]
  [ meta load nfproto => reg 1 ]
  [ cmp eq reg 1 0x0000000a ]
  [ meta load mark => reg 1 ]
  [ lookup reg 1 set __map%d dreg 0 ]
  [ exthdr load ipv6 4b @ 44 + 4 => reg 1 ]
  [ cmp eq reg 1 0x01000000 ]
json: [{"vmap": {"key": {"meta": {"key": "mark"}}, "data": {"set": [[1, {"accept": null}]]}}}, {"match": {"op": "==", "left": {"exthdr": {"name": "frag", "field": "id"}}, "right": 1}}]

# its JSON (no dependency) loads with the dependency after the map
rule netdev: meta protocol ip meta mark vmap { 1 : accept } ip saddr 1.2.3.4
list: meta mark vmap { 0x00000001 : accept } ip saddr 1.2.3.4
  __map%d t b
  __map%d t 0
  	element 00000001  : accept 0 [end]
  [ meta load protocol => reg 1 ]
  [ cmp eq reg 1 0x00000008 ]
  [ meta load mark => reg 1 ]
  [ lookup reg 1 set __map%d dreg 0 ]
  [ payload load 4b @ network header + 12 => reg 1 ]
  [ cmp eq reg 1 0x04030201 ]
json: [{"vmap": {"key": {"meta": {"key": "mark"}}, "data": {"set": [[1, {"accept": null}]]}}}, {"match": {"op": "==", "left": {"payload": {"protocol": "ip", "field": "saddr"}}, "right": "1.2.3.4"}}]
json-bytecode:
  __map%d t b
  __map%d t 0
  	element 00000001  : accept 0 [end]
  [ meta load mark => reg 1 ]
  [ lookup reg 1 set __map%d dreg 0 ]
  [ meta load protocol => reg 1 ]
  [ cmp eq reg 1 0x00000008 ]
  [ payload load 4b @ network header + 12 => reg 1 ]
  [ cmp eq reg 1 0x04030201 ]

rule inet: meta mark vmap { 1 : accept } rt seg-left 144
list: meta mark vmap { 0x00000001 : accept } rt seg-left 144
  __map%d t b
  __map%d t 0
  	element 00000001  : accept 0 [end]
  [ meta load nfproto => reg 1 ]
  [ cmp eq reg 1 0x0000000a ]
  [ meta load mark => reg 1 ]
  [ lookup reg 1 set __map%d dreg 0 ]
  [ exthdr load ipv6 1b @ 43 + 3 => reg 1 ]
  [ cmp eq reg 1 0x00000090 ]
json: [{"vmap": {"key": {"meta": {"key": "mark"}}, "data": {"set": [[1, {"accept": null}]]}}}, {"match": {"op": "==", "left": {"exthdr": {"name": "rt", "field": "seg-left"}}, "right": 144}}]

# 1.1.3 lists this without "meta l4proto tcp", which it then refuses
# ("conflicting protocols specified: unknown vs. tcp"): README
# Differences, listings keep what loaded
rule inet: meta nfproto 5 meta l4proto tcp tcp dport 1
  [ meta load nfproto => reg 1 ]
  [ cmp eq reg 1 0x00000005 ]
  [ meta load l4proto => reg 1 ]
  [ cmp eq reg 1 0x00000006 ]
  [ payload load 2b @ transport header + 2 => reg 1 ]
  [ cmp eq reg 1 0x00000100 ]
json: [{"match": {"op": "==", "left": {"meta": {"key": "nfproto"}}, "right": 5}}, {"match": {"op": "==", "left": {"meta": {"key": "l4proto"}}, "right": "tcp"}}, {"match": {"op": "==", "left": {"payload": {"protocol": "tcp", "field": "dport"}}, "right": 1}}]
ref-list: meta nfproto 5 tcp dport 1
ref-json: [{"match": {"op": "==", "left": {"meta": {"key": "nfproto"}}, "right": 5}}, {"match": {"op": "==", "left": {"payload": {"protocol": "tcp", "field": "dport"}}, "right": 1}}]

# "ct l3proto" selects the network protocol in inet (no "meta nfproto"
# added) and stays listed; 1.1.3 lists "ip saddr 1.2.3.4", which reloads
# with "meta nfproto ipv4" instead: README Differences
rule inet: ct l3proto ipv4 ip saddr 1.2.3.4
  [ ct load l3protocol => reg 1 ]
  [ cmp eq reg 1 0x00000002 ]
  [ payload load 4b @ network header + 12 => reg 1 ]
  [ cmp eq reg 1 0x04030201 ]
json: [{"match": {"op": "==", "left": {"ct": {"key": "l3proto"}}, "right": "ipv4"}}, {"match": {"op": "==", "left": {"payload": {"protocol": "ip", "field": "saddr"}}, "right": "1.2.3.4"}}]
ref-list: ip saddr 1.2.3.4
ref-json: [{"match": {"op": "==", "left": {"payload": {"protocol": "ip", "field": "saddr"}}, "right": "1.2.3.4"}}]

# in ip "ct protocol" selects the transport protocol (no "meta l4proto")
# and stays listed; 1.1.3 lists "tcp dport 1", which reloads with "meta
# l4proto tcp" instead: README Differences
rule ip: ct protocol tcp tcp dport 1
  [ ct load protocol => reg 1 ]
  [ cmp eq reg 1 0x00000006 ]
  [ payload load 2b @ transport header + 2 => reg 1 ]
  [ cmp eq reg 1 0x00000100 ]
json: [{"match": {"op": "==", "left": {"ct": {"key": "protocol"}}, "right": "tcp"}}, {"match": {"op": "==", "left": {"payload": {"protocol": "tcp", "field": "dport"}}, "right": 1}}]
ref-list: tcp dport 1
ref-json: [{"match": {"op": "==", "left": {"payload": {"protocol": "tcp", "field": "dport"}}, "right": 1}}]
