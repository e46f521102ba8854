# synproxy statement
family: ip
table: t
chain: c { type filter hook input priority filter; policy accept; }

rule: synproxy
  [ synproxy mss 0 wscale 0 ]
json: [{"synproxy": null}]

rule: synproxy mss 1460
list: synproxy mss 1460 wscale 0
  [ synproxy mss 1460 wscale 0 ]
json: [{"synproxy": {"mss": 1460}}]

rule: synproxy wscale 7
list: synproxy mss 0 wscale 7
  [ synproxy mss 0 wscale 7 ]
json: [{"synproxy": {"wscale": 7}}]

rule: synproxy mss 1460 wscale 7 timestamp sack-perm
  [ synproxy mss 1460 wscale 7 ]
json: [{"synproxy": {"mss": 1460, "wscale": 7, "flags": ["timestamp", "sack-perm"]}}]

rule: synproxy timestamp
  [ synproxy mss 0 wscale 0 ]
json: [{"synproxy": {"flags": ["timestamp"]}}]

rule: synproxy sack-perm timestamp
list: synproxy timestamp sack-perm
  [ synproxy mss 0 wscale 0 ]
json: [{"synproxy": {"flags": ["timestamp", "sack-perm"]}}]

rule: tcp dport 80 synproxy mss 1460 wscale 7 timestamp sack-perm
  [ meta load l4proto => reg 1 ]
  [ cmp eq reg 1 0x00000006 ]
  [ payload load 2b @ transport header + 2 => reg 1 ]
  [ cmp eq reg 1 0x00005000 ]
  [ synproxy mss 1460 wscale 7 ]
json: [{"match": {"op": "==", "left": {"payload": {"protocol": "tcp", "field": "dport"}}, "right": 80}}, {"synproxy": {"mss": 1460, "wscale": 7, "flags": ["timestamp", "sack-perm"]}}]

# the system nft silently truncates these to the kernel's 8 and 16 bits
fail: synproxy wscale 256

fail: synproxy mss 65536
