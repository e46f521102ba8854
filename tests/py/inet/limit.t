# limit statement in the inet family
family: inet
table: t
# Packet limits list their burst, default 5 included, as upstream 1.1
# does (UPSTREAM-FORMAT.md 4.1); the system nft 1.0.6 leaves it out.
chain: c { type filter hook input priority filter; policy accept; }

rule: limit rate 10/second
list: limit rate 10/second burst 5 packets
system-list: limit rate 10/second
  [ limit rate 10/second burst 5 type packets flags 0x0 ]
json: [{"limit": {"rate": 10, "burst": 5, "per": "second"}}]

rule: limit rate 1 mbytes/second
  [ limit rate 1048576/second burst 0 type bytes flags 0x0 ]
json: [{"limit": {"rate": 1, "burst": 0, "per": "second", "rate_unit": "mbytes", "burst_unit": "bytes"}}]

rule: tcp dport 22 limit rate over 3/minute burst 10 packets drop
  [ meta load l4proto => reg 1 ]
  [ cmp eq reg 1 0x00000006 ]
  [ payload load 2b @ transport header + 2 => reg 1 ]
  [ cmp eq reg 1 0x00001600 ]
  [ limit rate 3/minute burst 10 type packets flags 0x1 ]
  [ immediate reg 0 drop ]
json: [{"match": {"op": "==", "left": {"payload": {"protocol": "tcp", "field": "dport"}}, "right": 22}}, {"limit": {"rate": 3, "burst": 10, "per": "minute", "inv": true}}, {"drop": null}]
