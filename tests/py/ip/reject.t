# reject statement in the ip family
family: ip
table: t
chain: c { type filter hook input priority filter; policy accept; }

rule: reject
  [ reject type 0 code 3 ]
json: [{"reject": {"type": "icmp", "expr": "port-unreachable"}}]

rule: reject with icmp port-unreachable
list: reject
  [ reject type 0 code 3 ]
json: [{"reject": {"type": "icmp", "expr": "port-unreachable"}}]

rule: reject with icmp 3
list: reject
  [ reject type 0 code 3 ]
json: [{"reject": {"type": "icmp", "expr": "port-unreachable"}}]

rule: reject with icmp host-unreachable
  [ reject type 0 code 1 ]
json: [{"reject": {"type": "icmp", "expr": "host-unreachable"}}]

rule: reject with icmp net-unreachable
  [ reject type 0 code 0 ]
json: [{"reject": {"type": "icmp", "expr": "net-unreachable"}}]

rule: reject with icmp prot-unreachable
  [ reject type 0 code 2 ]
json: [{"reject": {"type": "icmp", "expr": "prot-unreachable"}}]

rule: reject with icmp net-prohibited
  [ reject type 0 code 9 ]
json: [{"reject": {"type": "icmp", "expr": "net-prohibited"}}]

rule: reject with icmp host-prohibited
  [ reject type 0 code 10 ]
json: [{"reject": {"type": "icmp", "expr": "host-prohibited"}}]

rule: reject with icmp admin-prohibited
  [ reject type 0 code 13 ]
json: [{"reject": {"type": "icmp", "expr": "admin-prohibited"}}]

rule: reject with icmp frag-needed
  [ reject type 0 code 4 ]
json: [{"reject": {"type": "icmp", "expr": "frag-needed"}}]

rule: reject with icmp type host-unreachable
list: reject with icmp host-unreachable
  [ reject type 0 code 1 ]
json: [{"reject": {"type": "icmp", "expr": "host-unreachable"}}]

rule: reject with icmp 13
list: reject with icmp admin-prohibited
  [ reject type 0 code 13 ]
json: [{"reject": {"type": "icmp", "expr": "admin-prohibited"}}]

rule: reject with icmp 200
  [ reject type 0 code 200 ]
json: [{"reject": {"type": "icmp", "expr": 200}}]

rule: reject with tcp reset
  [ meta load l4proto => reg 1 ]
  [ cmp eq reg 1 0x00000006 ]
  [ reject type 1 code 0 ]
json: [{"reject": {"type": "tcp reset"}}]

rule: tcp dport 22 reject with tcp reset
  [ meta load l4proto => reg 1 ]
  [ cmp eq reg 1 0x00000006 ]
  [ payload load 2b @ transport header + 2 => reg 1 ]
  [ cmp eq reg 1 0x00001600 ]
  [ reject type 1 code 0 ]
json: [{"match": {"op": "==", "left": {"payload": {"protocol": "tcp", "field": "dport"}}, "right": 22}}, {"reject": {"type": "tcp reset"}}]

rule: ip saddr 1.2.3.4 reject
  [ payload load 4b @ network header + 12 => reg 1 ]
  [ cmp eq reg 1 0x04030201 ]
  [ reject type 0 code 3 ]
json: [{"match": {"op": "==", "left": {"payload": {"protocol": "ip", "field": "saddr"}}, "right": "1.2.3.4"}}, {"reject": {"type": "icmp", "expr": "port-unreachable"}}]

fail: reject with icmpx port-unreachable

fail: reject with icmpv6 port-unreachable

fail: reject with icmp nonsense

fail: reject with tcp nonsense

fail: reject with foo bar

# the system nft silently truncates the code to 8 bits
fail: reject with icmp 256
# nothing may follow a statement that decides the fate of the packet
fail: reject counter

fail: reject accept

fail: drop counter
