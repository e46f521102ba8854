# quota statement
families: ip inet
table: t
chain: c { type filter hook input priority filter; policy accept; }

rule ip: quota 10 bytes
  [ quota bytes 10 consumed 0 flags 0 ]
json: [{"quota": {"val": 10, "val_unit": "bytes"}}]

rule: quota 10 mbytes used 5 kbytes
  [ quota bytes 10485760 consumed 5120 flags 0 ]
json: [{"quota": {"val": 10, "val_unit": "mbytes", "used": 5, "used_unit": "kbytes"}}]

rule ip: quota until 100 mbytes
list: quota 100 mbytes
  [ quota bytes 104857600 consumed 0 flags 0 ]
json: [{"quota": {"val": 100, "val_unit": "mbytes"}}]

rule ip: quota 1025 kbytes
  [ quota bytes 1049600 consumed 0 flags 0 ]
json: [{"quota": {"val": 1025, "val_unit": "kbytes"}}]

rule ip: quota 0 bytes
  [ quota bytes 0 consumed 0 flags 0 ]
json: [{"quota": {"val": 0, "val_unit": "bytes"}}]

rule ip: quota 2048 mbytes
  [ quota bytes 2147483648 consumed 0 flags 0 ]
json: [{"quota": {"val": 2048, "val_unit": "mbytes"}}]

rule ip: quota over 1 mbytes used 1 mbytes
  [ quota bytes 1048576 consumed 1048576 flags 1 ]
json: [{"quota": {"val": 1, "val_unit": "mbytes", "inv": true, "used": 1, "used_unit": "mbytes"}}]

rule: quota over 10 kbytes
  [ quota bytes 10240 consumed 0 flags 1 ]
json: [{"quota": {"val": 10, "val_unit": "kbytes", "inv": true}}]

fail: quota 2 gbytes

fail ip: quota 1 tbytes

fail ip: quota 10 bytes used

fail ip: quota over 10

fail ip: quota 1 mbytes used 2 mbytes
