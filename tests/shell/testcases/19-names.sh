#!/bin/bash
# Host names resolve in text input only: JSON never asks the resolver.
# Services and protocols come from /etc/services and the protocol table.
. "$TESTDIR/lib.sh"

nft add table ip t && nft add chain ip t c || fail "setup"
nft add rule ip t c ip saddr localhost tcp dport ssh || fail "host name in text"
assert_match 'ip saddr 127\.0\.0\.1 tcp dport 22' "$(nft list chain ip t c)" \
	"text: localhost resolved, ssh is 22"
nft flush chain ip t c

doc='{"nftables": [{"add": {"rule": {"family": "ip", "table": "t", "chain": "c",
 "expr": [{"match": {"op": "==", "left": {"payload": {"protocol": "ip", "field": "saddr"}}, "right": "RIGHT"}}]}}}]}'
assert_rc 1 "JSON: a host name is refused" nft -j -f - <<< "${doc/RIGHT/localhost}" 2>"$TMPD/err"
assert_match "JSON input does not resolve host names" "$(cat "$TMPD/err")" "JSON: says why"
assert_match 'nftables\[0\]\.add\.rule\.expr\[0\]\.match\.right' "$(cat "$TMPD/err")" "JSON: names the path"
nft -j -f - <<< "${doc/RIGHT/127.0.0.1}" || fail "JSON: an address literal"
assert_match 'ip saddr 127\.0\.0\.1' "$(nft list chain ip t c)" "JSON: literal loaded"
ok "names"
