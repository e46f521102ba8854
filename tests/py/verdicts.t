# counter, verdicts and comments
families: ip ip6 inet arp bridge netdev
table: t
chain: c { type filter hook input priority filter; policy accept; }
chain netdev: c { type filter hook ingress device "v0" priority filter; policy accept; }
chain: target
veth netdev: v0 v1

rule: counter
list: counter packets 0 bytes 0
  [ counter pkts 0 bytes 0 ]
json: [{"counter": {"packets": 0, "bytes": 0}}]

rule: counter packets 10 bytes 100
  [ counter pkts 10 bytes 100 ]
json: [{"counter": {"packets": 10, "bytes": 100}}]

# either alone, or in another order: the other is 0
rule: counter packets 10
list: counter packets 10 bytes 0
  [ counter pkts 10 bytes 0 ]
json: [{"counter": {"packets": 10, "bytes": 0}}]

rule: counter bytes 100 packets 10
list: counter packets 10 bytes 100
  [ counter pkts 10 bytes 100 ]
json: [{"counter": {"packets": 10, "bytes": 100}}]

rule: accept
  [ immediate reg 0 accept ]
json: [{"accept": null}]

rule: drop
  [ immediate reg 0 drop ]
json: [{"drop": null}]

rule: jump target
  [ immediate reg 0 jump -> target ]
json: [{"jump": {"target": "target"}}]

rule: goto target
  [ immediate reg 0 goto -> target ]
json: [{"goto": {"target": "target"}}]

rule: return
  [ immediate reg 0 return ]
json: [{"return": null}]

rule: continue
  [ immediate reg 0 continue ]
json: [{"continue": null}]

rule: counter accept
list: counter packets 0 bytes 0 accept
  [ counter pkts 0 bytes 0 ]
  [ immediate reg 0 accept ]
json: [{"counter": {"packets": 0, "bytes": 0}}, {"accept": null}]

rule ip6: ip6 saddr ::1 counter jump target
list: ip6 saddr ::1 counter packets 0 bytes 0 jump target
  [ payload load 16b @ network header + 8 => reg 1 ]
  [ cmp eq reg 1 0x00000000 0x00000000 0x00000000 0x01000000 ]
  [ counter pkts 0 bytes 0 ]
  [ immediate reg 0 jump -> target ]
json: [{"match": {"op": "==", "left": {"payload": {"protocol": "ip6", "field": "saddr"}}, "right": "::1"}}, {"counter": {"packets": 0, "bytes": 0}}, {"jump": {"target": "target"}}]

rule ip inet bridge netdev: ip saddr 1.2.3.4 counter jump target
list: ip saddr 1.2.3.4 counter packets 0 bytes 0 jump target
  [ meta load protocol => reg 1 ]
  [ cmp eq reg 1 0x00000008 ]
  [ payload load 4b @ network header + 12 => reg 1 ]
  [ cmp eq reg 1 0x04030201 ]
  [ counter pkts 0 bytes 0 ]
  [ immediate reg 0 jump -> target ]
bytecode ip:
  [ payload load 4b @ network header + 12 => reg 1 ]
  [ cmp eq reg 1 0x04030201 ]
  [ counter pkts 0 bytes 0 ]
  [ immediate reg 0 jump -> target ]
bytecode inet:
  [ meta load nfproto => reg 1 ]
  [ cmp eq reg 1 0x00000002 ]
  [ payload load 4b @ network header + 12 => reg 1 ]
  [ cmp eq reg 1 0x04030201 ]
  [ counter pkts 0 bytes 0 ]
  [ immediate reg 0 jump -> target ]
json: [{"match": {"op": "==", "left": {"payload": {"protocol": "ip", "field": "saddr"}}, "right": "1.2.3.4"}}, {"counter": {"packets": 0, "bytes": 0}}, {"jump": {"target": "target"}}]

rule arp: meta mark 0x2 counter jump target
list: meta mark 0x00000002 counter packets 0 bytes 0 jump target
  [ meta load mark => reg 1 ]
  [ cmp eq reg 1 0x00000002 ]
  [ counter pkts 0 bytes 0 ]
  [ immediate reg 0 jump -> target ]
json: [{"match": {"op": "==", "left": {"meta": {"key": "mark"}}, "right": 2}}, {"counter": {"packets": 0, "bytes": 0}}, {"jump": {"target": "target"}}]

fail ip6 arp: ip saddr 1.2.3.4 counter jump target

rule: meta mark 1 goto target
list: meta mark 0x00000001 goto target
  [ meta load mark => reg 1 ]
  [ cmp eq reg 1 0x00000001 ]
  [ immediate reg 0 goto -> target ]
json: [{"match": {"op": "==", "left": {"meta": {"key": "mark"}}, "right": 1}}, {"goto": {"target": "target"}}]

rule: counter comment "a comment"
list: counter packets 0 bytes 0 comment "a comment"
  [ counter pkts 0 bytes 0 ]
  userdata = { \x00\x0aa comment\x00 }
json: {"comment": "a comment", "expr": [{"counter": {"packets": 0, "bytes": 0}}]}

rule: meta iifname "lo" accept comment "loopback"
list: iifname "lo" accept comment "loopback"
  [ meta load iifname => reg 1 ]
  [ cmp eq reg 1 0x00006f6c 0x00000000 0x00000000 0x00000000 ]
  [ immediate reg 0 accept ]
  userdata = { \x00\x09loopback\x00 }
json: {"comment": "loopback", "expr": [{"match": {"op": "==", "left": {"meta": {"key": "iifname"}}, "right": "lo"}}, {"accept": null}]}

rule ip ip6 inet bridge netdev: tcp dport 22 counter accept comment "ssh"
list: tcp dport 22 counter packets 0 bytes 0 accept comment "ssh"
  [ meta load l4proto => reg 1 ]
  [ cmp eq reg 1 0x00000006 ]
  [ payload load 2b @ transport header + 2 => reg 1 ]
  [ cmp eq reg 1 0x00001600 ]
  [ counter pkts 0 bytes 0 ]
  [ immediate reg 0 accept ]
  userdata = { \x00\x04ssh\x00 }
json: {"comment": "ssh", "expr": [{"match": {"op": "==", "left": {"payload": {"protocol": "tcp", "field": "dport"}}, "right": 22}}, {"counter": {"packets": 0, "bytes": 0}}, {"accept": null}]}

rule arp: meta iif "lo" counter accept comment "arp in"
list: iif "lo" counter packets 0 bytes 0 accept comment "arp in"
  [ meta load iif => reg 1 ]
  [ cmp eq reg 1 0x00000001 ]
  [ counter pkts 0 bytes 0 ]
  [ immediate reg 0 accept ]
  userdata = { \x00\x07arp in\x00 }
json: {"comment": "arp in", "expr": [{"match": {"op": "==", "left": {"meta": {"key": "iif"}}, "right": "lo"}}, {"counter": {"packets": 0, "bytes": 0}}, {"accept": null}]}

fail arp: tcp dport 22 counter accept comment "ssh"

fail: jump nosuchchain

fail: goto nosuchchain
