# quota statement in the inet family
family: inet
table: t
chain: c { type filter hook input priority filter; policy accept; }

rule: quota 10 mbytes used 5 kbytes
  [ quota bytes 10485760 consumed 5120 flags 0 ]
json: [{"quota": {"val": 10, "val_unit": "mbytes", "used": 5, "used_unit": "kbytes"}}]

rule: quota over 10 kbytes
  [ quota bytes 10240 consumed 0 flags 1 ]
json: [{"quota": {"val": 10, "val_unit": "kbytes", "inv": true}}]

fail: quota 2 gbytes
