# statements that do not apply to the arp family (reject, dup, fwd, synproxy)
families: arp
table: t
chain: c { type filter hook input priority filter; policy accept; }

fail: reject

fail: reject with tcp reset

fail: dup to 1.2.3.4

fail: fwd to lo

fail: synproxy
