# limit statement
# Packet limits list their burst, default 5 included, as upstream 1.1
# does.
families: ip inet
table: t
chain: c { type filter hook input priority filter; policy accept; }

rule: limit rate 10/second
list: limit rate 10/second burst 5 packets
  [ limit rate 10/second burst 5 type packets flags 0x0 ]
json: [{"limit": {"rate": 10, "burst": 5, "per": "second"}}]

rule ip: limit rate over 100/minute drop
list: limit rate over 100/minute burst 5 packets drop
  [ limit rate 100/minute burst 5 type packets flags 0x1 ]
  [ immediate reg 0 drop ]
json: [{"limit": {"rate": 100, "burst": 5, "per": "minute", "inv": true}}, {"drop": null}]

rule ip: limit rate 10/second burst 5 packets
  [ limit rate 10/second burst 5 type packets flags 0x0 ]
json: [{"limit": {"rate": 10, "burst": 5, "per": "second"}}]

rule ip: limit rate 10/second burst 20 packets
  [ limit rate 10/second burst 20 type packets flags 0x0 ]
json: [{"limit": {"rate": 10, "burst": 20, "per": "second"}}]

rule: limit rate 1 mbytes/second
  [ limit rate 1048576/second burst 0 type bytes flags 0x0 ]
json: [{"limit": {"rate": 1, "burst": 0, "per": "second", "rate_unit": "mbytes", "burst_unit": "bytes"}}]

rule ip: limit rate over 1 kbytes/hour burst 10 kbytes
  [ limit rate 1024/hour burst 10240 type bytes flags 0x1 ]
json: [{"limit": {"rate": 1, "burst": 10, "per": "hour", "inv": true, "rate_unit": "kbytes", "burst_unit": "kbytes"}}]

rule ip: limit rate 1 bytes/day
  [ limit rate 1/day burst 0 type bytes flags 0x0 ]
json: [{"limit": {"rate": 1, "burst": 0, "per": "day", "rate_unit": "bytes", "burst_unit": "bytes"}}]

rule ip: limit rate 400/week
list: limit rate 400/week burst 5 packets
  [ limit rate 400/week burst 5 type packets flags 0x0 ]
json: [{"limit": {"rate": 400, "burst": 5, "per": "week"}}]

rule ip: limit rate 1025 kbytes/second
  [ limit rate 1049600/second burst 0 type bytes flags 0x0 ]
json: [{"limit": {"rate": 1025, "burst": 0, "per": "second", "rate_unit": "kbytes", "burst_unit": "bytes"}}]

rule ip: limit rate 1 mbytes/second burst 1000 bytes
  [ limit rate 1048576/second burst 1000 type bytes flags 0x0 ]
json: [{"limit": {"rate": 1, "burst": 1000, "per": "second", "rate_unit": "mbytes", "burst_unit": "bytes"}}]

rule ip: limit rate 10 mbytes/second burst 1 mbytes
  [ limit rate 10485760/second burst 1048576 type bytes flags 0x0 ]
json: [{"limit": {"rate": 10, "burst": 1, "per": "second", "rate_unit": "mbytes", "burst_unit": "mbytes"}}]

rule ip: limit rate 5 /second
list: limit rate 5/second burst 5 packets
  [ limit rate 5/second burst 5 type packets flags 0x0 ]
json: [{"limit": {"rate": 5, "burst": 5, "per": "second"}}]

rule ip: limit rate over 10/second burst 3 packets
  [ limit rate 10/second burst 3 type packets flags 0x1 ]
json: [{"limit": {"rate": 10, "burst": 3, "per": "second", "inv": true}}]

fail ip: limit rate 0/second

fail ip: limit rate 1 gbytes/second

fail ip: limit rate 10/second burst 0 packets

fail ip: limit rate 10/fortnight

fail ip: limit rate 10 kbytes/second burst 3 packets

fail ip: limit rate 10/second burst 3 bytes

rule inet: tcp dport 22 limit rate over 3/minute burst 10 packets drop
  [ meta load l4proto => reg 1 ]
  [ cmp eq reg 1 0x00000006 ]
  [ payload load 2b @ transport header + 2 => reg 1 ]
  [ cmp eq reg 1 0x00001600 ]
  [ limit rate 3/minute burst 10 type packets flags 0x1 ]
  [ immediate reg 0 drop ]
json: [{"match": {"op": "==", "left": {"payload": {"protocol": "tcp", "field": "dport"}}, "right": 22}}, {"limit": {"rate": 3, "burst": 10, "per": "minute", "inv": true}}, {"drop": null}]
