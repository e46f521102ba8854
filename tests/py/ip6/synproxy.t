# synproxy statement in the ip6 family
family: ip6
table: t
chain: c { type filter hook input priority filter; policy accept; }

rule: synproxy
  [ synproxy mss 0 wscale 0 ]
json: [{"synproxy": null}]

rule: synproxy mss 1460 wscale 7 timestamp sack-perm
  [ synproxy mss 1460 wscale 7 ]
json: [{"synproxy": {"mss": 1460, "wscale": 7, "flags": ["timestamp", "sack-perm"]}}]
