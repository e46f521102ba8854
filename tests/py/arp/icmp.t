# icmp in the arp family
family: arp
table: t
chain: c { type filter hook input priority filter; policy accept; }
chain: target

fail: icmp type echo-request

fail: icmpv6 type echo-request

fail: igmp type membership-query

fail: tcp flags syn
