# limit statement
family: ip
table: t
# Packet limits list their burst, default 5 included, as upstream 1.1
# does (UPSTREAM-FORMAT.md 4.1); the system nft 1.0.6 leaves it out.
chain: c { type filter hook input priority filter; policy accept; }

rule: limit rate 10/second
list: limit rate 10/second burst 5 packets
system-list: limit rate 10/second
  [ limit rate 10/second burst 5 type packets flags 0x0 ]
json: [{"limit": {"rate": 10, "burst": 5, "per": "second"}}]

rule: limit rate over 100/minute drop
list: limit rate over 100/minute burst 5 packets drop
system-list: limit rate over 100/minute drop
  [ limit rate 100/minute burst 5 type packets flags 0x1 ]
  [ immediate reg 0 drop ]
json: [{"limit": {"rate": 100, "burst": 5, "per": "minute", "inv": true}}, {"drop": null}]

rule: limit rate 10/second burst 5 packets
system-list: limit rate 10/second
  [ limit rate 10/second burst 5 type packets flags 0x0 ]
json: [{"limit": {"rate": 10, "burst": 5, "per": "second"}}]

rule: limit rate 10/second burst 20 packets
  [ limit rate 10/second burst 20 type packets flags 0x0 ]
json: [{"limit": {"rate": 10, "burst": 20, "per": "second"}}]

rule: limit rate 1 mbytes/second
  [ limit rate 1048576/second burst 0 type bytes flags 0x0 ]
json: [{"limit": {"rate": 1, "burst": 0, "per": "second", "rate_unit": "mbytes", "burst_unit": "bytes"}}]

rule: limit rate over 1 kbytes/hour burst 10 kbytes
  [ limit rate 1024/hour burst 10240 type bytes flags 0x1 ]
json: [{"limit": {"rate": 1, "burst": 10, "per": "hour", "inv": true, "rate_unit": "kbytes", "burst_unit": "kbytes"}}]

rule: limit rate 1 bytes/day
  [ limit rate 1/day burst 0 type bytes flags 0x0 ]
json: [{"limit": {"rate": 1, "burst": 0, "per": "day", "rate_unit": "bytes", "burst_unit": "bytes"}}]

rule: limit rate 400/week
list: limit rate 400/week burst 5 packets
system-list: limit rate 400/week
  [ limit rate 400/week burst 5 type packets flags 0x0 ]
json: [{"limit": {"rate": 400, "burst": 5, "per": "week"}}]

rule: limit rate 1025 kbytes/second
  [ limit rate 1049600/second burst 0 type bytes flags 0x0 ]
json: [{"limit": {"rate": 1025, "burst": 0, "per": "second", "rate_unit": "kbytes", "burst_unit": "bytes"}}]

rule: limit rate 1 mbytes/second burst 1000 bytes
  [ limit rate 1048576/second burst 1000 type bytes flags 0x0 ]
json: [{"limit": {"rate": 1, "burst": 1000, "per": "second", "rate_unit": "mbytes", "burst_unit": "bytes"}}]

rule: limit rate 10 mbytes/second burst 1 mbytes
  [ limit rate 10485760/second burst 1048576 type bytes flags 0x0 ]
json: [{"limit": {"rate": 10, "burst": 1, "per": "second", "rate_unit": "mbytes", "burst_unit": "mbytes"}}]

rule: limit rate 5 /second
list: limit rate 5/second burst 5 packets
system-list: limit rate 5/second
  [ limit rate 5/second burst 5 type packets flags 0x0 ]
json: [{"limit": {"rate": 5, "burst": 5, "per": "second"}}]

rule: limit rate over 10/second burst 3 packets
  [ limit rate 10/second burst 3 type packets flags 0x1 ]
json: [{"limit": {"rate": 10, "burst": 3, "per": "second", "inv": true}}]

fail: limit rate 0/second

fail: limit rate 1 gbytes/second

fail: limit rate 10/second burst 0 packets

fail: limit rate 10/fortnight

fail: limit rate 10 kbytes/second burst 3 packets

fail: limit rate 10/second burst 3 bytes
