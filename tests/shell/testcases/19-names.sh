#!/bin/bash
# Host names resolve in text and JSON input, as in 1.1.3 (unless
# NFT_CTX_INPUT_NO_DNS, tests/shell/python_binding.sh).
# Services and protocols come from /etc/services and the protocol table.
. "$TESTDIR/lib.sh"

nft add table ip t && nft add chain ip t c || fail "setup"
nft add rule ip t c ip saddr localhost tcp dport ssh || fail "host name in text"
assert_match 'ip saddr 127\.0\.0\.1 tcp dport 22' "$(nft list chain ip t c)" \
	"text: localhost resolved, ssh is 22"
nft flush chain ip t c

doc='{"nftables": [{"add": {"rule": {"family": "ip", "table": "t", "chain": "c",
 "expr": [{"match": {"op": "==", "left": {"payload": {"protocol": "ip", "field": "saddr"}}, "right": "RIGHT"}}]}}}]}'
nft -j -f - <<< "${doc/RIGHT/localhost}" || fail "JSON: a host name"
assert_match 'ip saddr 127\.0\.0\.1$' "$(nft list chain ip t c)" \
	"JSON: localhost resolved"
if have_ref; then
	nft flush chain ip t c
	refnft -j -f - <<< "${doc/RIGHT/localhost}" || fail "JSON: the reference"
	assert_match 'ip saddr 127\.0\.0\.1$' "$(nft list chain ip t c)" \
		"JSON: the reference resolves it too"
fi
nft flush chain ip t c
nft -j -f - <<< "${doc/RIGHT/127.0.0.1}" || fail "JSON: an address literal"
assert_match 'ip saddr 127\.0\.0\.1' "$(nft list chain ip t c)" "JSON: literal loaded"
ok "names"

# a table's name is a word, or a keyword 1.1.3 takes there ("last"); not
# quoted, nor another keyword, as 1.1.3 refuses them
for w in counter meta timeout '"foo"'; do
	err=$(nft add table ip "$w" 2>&1) && fail "table named $w: accepted"
	assert_match "syntax error, unexpected .*, expecting string or last" \
		"$err" "table named $w: refused"
done
nft add table ip last || fail "a table named last"
nft delete table ip last || fail "deleting the table named last"
