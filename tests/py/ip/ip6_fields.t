# IPv6 header fields in the ip family
family: ip
table: t
chain: c { type filter hook input priority filter; policy accept; }
chain: target

fail: ip6 flowlabel 1

fail: ip6 dscp cs1
