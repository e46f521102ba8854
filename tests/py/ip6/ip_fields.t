# IPv4 header fields in the ip6 family
family: ip6
table: t
chain: c { type filter hook input priority filter; policy accept; }
chain: target

fail: ip dscp cs1

fail: ip version 4
