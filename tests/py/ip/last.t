# last statement (new in nft 1.1; the system nft 1.0.6 cannot parse it,
# so these expectations follow UPSTREAM-FORMAT.md 4.6). "last used 1s"
# is not tested: its listing depends on the time the test takes. The
# system nft lists the rules without their last statement (system-list).
family: ip
table: t
chain: c { type filter hook input priority filter; policy accept; }

rule: last
list: last used never
system-list:
  [ last never ]
json: [{"last": null}]

rule: last used never
system-list:
  [ last never ]
json: [{"last": null}]

rule: counter last
list: counter packets 0 bytes 0 last used never
system-list: counter packets 0 bytes 0
  [ counter pkts 0 bytes 0 ]
  [ last never ]
json: [{"counter": {"packets": 0, "bytes": 0}}, {"last": null}]

rule: ip saddr 1.2.3.4 last accept
list: ip saddr 1.2.3.4 last used never accept
system-list: ip saddr 1.2.3.4 accept
  [ payload load 4b @ network header + 12 => reg 1 ]
  [ cmp eq reg 1 0x04030201 ]
  [ last never ]
  [ immediate reg 0 accept ]
json: [{"match": {"op": "==", "left": {"payload": {"protocol": "ip", "field": "saddr"}}, "right": "1.2.3.4"}}, {"last": null}, {"accept": null}]

fail: last used yesterday

fail: last used 1x
