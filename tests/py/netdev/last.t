# last statement in the netdev family (see ip/last.t: the system nft 1.0.6
# lists rules without their last statement)
family: netdev
table: t
veth: v0 v1
chain: c { type filter hook ingress device "v0" priority filter; policy accept; }

rule: last
list: last used never
system-list:
  [ last never ]
json: [{"last": null}]
