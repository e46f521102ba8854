# last statement (new in nft 1.1). "last used 1s" is
# not tested: its listing depends on the time the test takes.
families: ip ip6 inet bridge netdev
table: t
chain: c { type filter hook input priority filter; policy accept; }
chain netdev: c { type filter hook ingress device "v0" priority filter; policy accept; }
veth netdev: v0 v1

rule: last
list: last used never
  [ last never ]
json: [{"last": null}]

rule ip: last used never
  [ last never ]
json: [{"last": null}]

rule ip: counter last
list: counter packets 0 bytes 0 last used never
  [ counter pkts 0 bytes 0 ]
  [ last never ]
json: [{"counter": {"packets": 0, "bytes": 0}}, {"last": null}]

rule ip: ip saddr 1.2.3.4 last accept
list: ip saddr 1.2.3.4 last used never accept
  [ payload load 4b @ network header + 12 => reg 1 ]
  [ cmp eq reg 1 0x04030201 ]
  [ last never ]
  [ immediate reg 0 accept ]
json: [{"match": {"op": "==", "left": {"payload": {"protocol": "ip", "field": "saddr"}}, "right": "1.2.3.4"}}, {"last": null}, {"accept": null}]

fail ip: last used yesterday

fail ip: last used 1x
