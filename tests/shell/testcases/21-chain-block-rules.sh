#!/bin/bash
# "add chain T C { RULES }" adds the rules too, as the system nft does;
# they used to be dropped silently.
. "$TESTDIR/lib.sh"

nft add table ip t || fail "setup"
nft add chain ip t c '{ counter accept; }' || fail "add chain with rules"
nft create chain ip t d '{ ip saddr 1.2.3.4 drop; tcp dport 22 accept; }' ||
	fail "create chain with rules"
assert_eq "$(nft list ruleset)" 'table ip t {
	chain c {
		counter packets 0 bytes 0 accept
	}

	chain d {
		ip saddr 1.2.3.4 drop
		tcp dport 22 accept
	}
}' "the rules are in their chains"
out=$(nft -e add chain ip t e '{ ip daddr 5.6.7.8 drop; }')
assert_match '^add chain ip t e
add rule ip t e ip daddr 5\.6\.7\.8 drop' "$out" "echo shows the rule"
ok "chain blocks with rules"
