# ARP header fields in the inet family
family: inet
table: t
chain: c { type filter hook input priority filter; policy accept; }
chain: target

fail: arp operation request

fail: arp htype 1
