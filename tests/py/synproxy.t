# synproxy statement
families: ip ip6 inet
table: t
chain: c { type filter hook input priority filter; policy accept; }

rule: synproxy
  [ synproxy mss 0 wscale 0 ]
json: [{"synproxy": null}]

rule ip: synproxy mss 1460
list: synproxy mss 1460 wscale 0
  [ synproxy mss 1460 wscale 0 ]
json: [{"synproxy": {"mss": 1460}}]

rule ip: synproxy wscale 7
list: synproxy mss 0 wscale 7
  [ synproxy mss 0 wscale 7 ]
json: [{"synproxy": {"wscale": 7}}]

rule: synproxy mss 1460 wscale 7 timestamp sack-perm
  [ synproxy mss 1460 wscale 7 ]
json: [{"synproxy": {"mss": 1460, "wscale": 7, "flags": ["timestamp", "sack-perm"]}}]

rule ip: synproxy timestamp
  [ synproxy mss 0 wscale 0 ]
json: [{"synproxy": {"flags": ["timestamp"]}}]

rule ip: synproxy sack-perm timestamp
list: synproxy timestamp sack-perm
  [ synproxy mss 0 wscale 0 ]
json: [{"synproxy": {"flags": ["timestamp", "sack-perm"]}}]

rule ip: tcp dport 80 synproxy mss 1460 wscale 7 timestamp sack-perm
  [ meta load l4proto => reg 1 ]
  [ cmp eq reg 1 0x00000006 ]
  [ payload load 2b @ transport header + 2 => reg 1 ]
  [ cmp eq reg 1 0x00005000 ]
  [ synproxy mss 1460 wscale 7 ]
json: [{"match": {"op": "==", "left": {"payload": {"protocol": "tcp", "field": "dport"}}, "right": 80}}, {"synproxy": {"mss": 1460, "wscale": 7, "flags": ["timestamp", "sack-perm"]}}]

# the system nft silently truncates these to the kernel's 8 and 16 bits
fail ip: synproxy wscale 256
ref-skip: 1.1.3 truncates it to 8 bits (wscale 0) without a word

fail ip: synproxy mss 65536
ref-skip: 1.1.3 truncates it to 16 bits (mss 0) without a word
