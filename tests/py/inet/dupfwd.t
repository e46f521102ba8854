# dup and fwd are not in the inet family
family: inet
table: t
chain: c { type filter hook input priority filter; policy accept; }

fail: dup to 1.2.3.4

fail: fwd to lo

