# last statement in the ip6 family (see ip/last.t: the system nft 1.0.6
# lists rules without their last statement)
family: ip6
table: t
chain: c { type filter hook input priority filter; policy accept; }

rule: last
list: last used never
system-list:
  [ last never ]
json: [{"last": null}]
