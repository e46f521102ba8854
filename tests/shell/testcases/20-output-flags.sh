#!/bin/bash
# Output flags that change how values print: -S (service names), -p
# (protocol numbers), -N (host names), -n (numbers everywhere).
. "$TESTDIR/lib.sh"

cat > "$TMPD/rules.nft" <<'EOT'
add table inet t
add chain inet t c
add rule inet t c ip saddr 127.0.0.1 tcp dport 22
add rule inet t c udp dport 53
add rule inet t c ip protocol tcp
add rule inet t c meta l4proto 17
add rule inet t c tcp sport 12345 ip daddr 192.0.2.1
EOT
nft -f "$TMPD/rules.nft" || fail "setup"
body() { grep -v '^table\|^	chain\|^	}\|^}'; }

assert_eq "$(nft -S list ruleset | body)" '		ip saddr 127.0.0.1 tcp dport "ssh"
		udp dport "domain"
		ip protocol tcp
		meta l4proto udp
		tcp sport 12345 ip daddr 192.0.2.1' "-S: service names"
assert_match '"right": "ssh"' "$(nft -S -j list ruleset)" "-S -j: service name in JSON"
assert_eq "$(nft -p list ruleset | body)" '		ip saddr 127.0.0.1 tcp dport 22
		udp dport 53
		ip protocol 6
		meta l4proto 17
		tcp sport 12345 ip daddr 192.0.2.1' "-p: protocol numbers"
assert_match 'ip saddr localhost tcp dport 22' "$(nft -N list ruleset)" "-N: host names"
assert_match 'meta l4proto 17' "$(nft -n list ruleset)" "-n: protocol numbers too"
if have_ref; then
	for f in -S -p -N -n; do
		assert_eq "$(nft $f list ruleset)" "$(refnft $f list ruleset)" \
			"$f as the system nft"
	done
fi
ok "output flags"
