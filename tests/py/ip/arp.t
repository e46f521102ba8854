# ARP header fields in the ip family
family: ip
table: t
chain: c { type filter hook input priority filter; policy accept; }
chain: target

fail: arp operation request
