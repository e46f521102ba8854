# limit and quota statements
# Packet limits list their burst, default 5 included, as upstream 1.1
# does.
families: ip6 arp bridge netdev
table: t
chain: c { type filter hook input priority filter; policy accept; }
chain netdev: c { type filter hook ingress device "v0" priority filter; policy accept; }
veth netdev: v0 v1

rule: limit rate 10/second
list: limit rate 10/second burst 5 packets
  [ limit rate 10/second burst 5 type packets flags 0x0 ]
json: [{"limit": {"rate": 10, "burst": 5, "per": "second"}}]

rule: limit rate over 1 kbytes/hour burst 10 kbytes
  [ limit rate 1024/hour burst 10240 type bytes flags 0x1 ]
json: [{"limit": {"rate": 1, "burst": 10, "per": "hour", "inv": true, "rate_unit": "kbytes", "burst_unit": "kbytes"}}]

rule: quota 10 mbytes used 5 kbytes
  [ quota bytes 10485760 consumed 5120 flags 0 ]
json: [{"quota": {"val": 10, "val_unit": "mbytes", "used": 5, "used_unit": "kbytes"}}]

rule: quota over 10 kbytes
  [ quota bytes 10240 consumed 0 flags 1 ]
json: [{"quota": {"val": 10, "val_unit": "kbytes", "inv": true}}]
