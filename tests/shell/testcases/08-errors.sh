#!/bin/bash
# Bad input: exit 1, an "Error:" message and a caret line; nothing changes.
. "$TESTDIR/lib.sh"

veths 1
nft -f - <<'NFT' || fail "initial ruleset"
table ip t {
	chain c {
		type filter hook input priority filter; policy accept;
		counter
	}
}
table netdev n {
	chain in {
		type filter hook ingress device "v0" priority filter;
	}
}
NFT
nft list ruleset > "$TMPD/before" || fail "list"

# bad NAME CMD...: the command fails the way bad input must; sets $err.
bad()
{
	local name=$1
	shift
	err=$(nft "$@" 2>&1)
	rc=$?
	assert_eq "$rc" 1 "$name: exit status"
	assert_match '(^|: )Error: ' "$err" "$name: error message"
	has_caret "$err" || fail "$name: no caret line in: $err"
	ok "$name: caret line"
	nft list ruleset > "$TMPD/after" || fail "list"
	assert_files_eq "$TMPD/before" "$TMPD/after" "$name: ruleset unchanged"
}

bad "unknown field keyword" add rule ip t c ip sadr 1.2.3.4
assert_caret_under "$err" sadr "unknown field keyword: caret under it"
bad "unknown command" frobnicate table ip t

bad "unknown rule keyword" add rule ip t c frobnicate 1
bad "unknown chain type" add chain ip t x '{ type filtre hook input priority 0; }'

bad "egress hook in an ip table" \
	add chain ip t e '{ type filter hook egress device "v0" priority 0; }'
assert_caret_under "$err" egress "egress in ip: caret under 'egress'"

bad "ingress hook in an ip table" \
	add chain ip t e '{ type filter hook ingress device "v0" priority 0; }'
assert_caret_under "$err" ingress "ingress in ip: caret under 'ingress'"

bad "device name of 16 bytes" \
	add chain netdev n c2 '{ type filter hook ingress device "abcdefghijklmnop" priority 0; }'
bad "device name of 20 bytes in a list" \
	add chain netdev n c2 '{ type filter hook ingress devices = { v0, "abcdefghijklmnopqrst" } priority 0; }'
bad "duplicate devices" \
	add chain netdev n c3 '{ type filter hook ingress devices = { v0, v0 } priority 0; }'
bad "jump to an unknown chain" add rule ip t c jump nosuch
bad "goto to an unknown chain" add rule ip t c goto nosuch
bad "jump to a base chain" add rule ip t c jump c
assert_match "Operation not supported" "$err" "jump to a base chain: the kernel's refusal"
bad "delete table ip nosuch" delete table ip nosuch
bad "delete chain ip t nosuch" delete chain ip t nosuch
bad "rule in a missing chain" add rule ip t nosuch counter
bad "bad priority" add chain ip t p '{ type filter hook input priority foo; }'
bad "bad policy" add chain ip t p '{ type filter hook input priority 0; policy maybe; }'
bad "prefix too long" add rule ip t c ip saddr 1.2.3.4/33
bad "port out of range" add rule ip t c tcp dport 65536

# The same errors from a file carry its name and line.
printf 'add table ip ok\n\nadd chain ip t e { type filter hook egress device "v0" priority 0; }\n' \
	> "$TMPD/bad.nft"
bad "error in a file" -f "$TMPD/bad.nft"
assert_match "^$TMPD/bad.nft:3:" "$err" "error in a file: FILE:3:"
assert_caret_under "$err" egress "error in a file: caret under 'egress'"

# The kernel refuses a chain of a table block (no route chain on the
# input hook): the reference's words, under the chain's hook as written.
printf 'table ip blk {\n\tchain c {\n\t\ttype route hook input priority 0;\n\t}\n}\n' \
	> "$TMPD/block.nft"
bad "kernel refuses a block's chain" -f "$TMPD/block.nft"
if ! is_system_nft; then
	assert_match "^$TMPD/block.nft:3:" "$err" "block's chain: the hook's line"
	assert_caret_under "$err" "type route hook input priority 0" \
		"block's chain: caret under the hook"
	assert_match 'Error: Chain of type "route" is not supported, perhaps kernel support is missing\?' \
		"$err" "block's chain: the reference's words"
fi
bad "kernel refuses a chain" add chain ip t r '{ type route hook input priority 0; }'
is_system_nft || assert_caret_under "$err" "type route hook input priority 0" \
	"kernel refuses a chain: caret under the hook"
# a nat chain's priority must be after conntrack's (-200)
bad "nat chain before conntrack" add chain ip t n '{ type nat hook prerouting priority raw; }'
is_system_nft || assert_caret_under "$err" "priority raw" "nat chain before conntrack: caret"
is_system_nft || assert_match 'Chains of type "nat" must have a priority value above -200' \
	"$err" "nat chain before conntrack: the reference's words"
# a priority name the hook has not
bad "priority of another hook" add chain ip t p '{ type filter hook input priority dstnat; }'
is_system_nft || assert_caret_under "$err" "priority dstnat" "priority of another hook: caret"
is_system_nft || assert_match "invalid priority expression value in this context." \
	"$err" "priority of another hook: the reference's words"

# the third member of a concatenation is marked from the '.' before it,
# the second from its own start, as the reference marks them
bad "third member of a concatenation" \
	add rule ip t c meta mark . ip daddr . meta nfproto '{ 1 . 1.1.1.1 . ipv4 }'
is_system_nft || assert_caret_under "$err" ". meta nfproto" "third member: caret from the '.'"
bad "second member of a concatenation" \
	add rule ip t c meta mark . meta nfproto '{ 1 . ipv4 }'
is_system_nft || assert_caret_under "$err" "meta nfproto" "second member: caret under it"

# the kernel has no fib in bridge: its refusal marks the whole fib
# expression, as the reference's does
printf '%s\n' 'table bridge b { chain c { type filter hook input priority 0; }' '}' \
	'add rule bridge b c meta mark 1 fib daddr type local' > "$TMPD/fib.nft"
bad "fib in bridge" -f "$TMPD/fib.nft"
is_system_nft || assert_caret_under "$err" "fib daddr type" "fib in bridge: caret under the fib"

# "queue num N": the reference marks "num N" in errors about the number
bad "queue number out of range" add rule ip t c queue num 70000
is_system_nft || assert_caret_under "$err" "num 70000" "queue number: caret from 'num'"
bad "queue fanout without a range" add rule ip t c queue num 1 fanout
is_system_nft || assert_caret_under "$err" "num 1" "queue fanout: caret under the number"

# an extension header in a table of another network protocol
bad "exthdr in an ip table" add rule ip t c frag id 3
is_system_nft || assert_match "Error: cannot use exthdr with ip" "$err" \
	"exthdr in an ip table: the reference's words"
is_system_nft || assert_caret_under "$err" "frag id" "exthdr in an ip table: caret"

bad "empty string" add rule ip t c iifname '""'
is_system_nft || assert_match "Error: Empty string is not allowed" "$err" \
	"empty string: the reference's words"
is_system_nft || assert_caret_under "$err" '""' "empty string: caret"

bad "fwd outside netdev" add rule ip t c fwd to '"v0"'
is_system_nft || assert_match "Error: unsupported family" "$err" \
	"fwd outside netdev: the reference's words"

# a name near one of the type's: the reference's suggestion, its words
bad "misspelt name" add rule ip t c ct state establishd
is_system_nft || assert_match 'Error: Could not parse conntrack state expression; did you you mean `established`\?' \
	"$err" "misspelt name: the reference's suggestion"
bad "day name in lower case" add rule ip t c meta day monday
is_system_nft || assert_match 'did you you mean `Monday`' "$err" \
	"day name in lower case: the reference's suggestion"

# a conntrack address without its family looked up in a named set
printf '%s\n' 'table ip b { set s { type ipv4_addr; }; chain c { }' '}' \
	'add rule ip b c ct original saddr @s' > "$TMPD/ctset.nft"
bad "conntrack address of no family in a set lookup" -f "$TMPD/ctset.nft"
is_system_nft || assert_match "Error: specify either ip or ip6 for address matching" \
	"$err" "conntrack address in a set lookup: the reference's words"
is_system_nft || assert_caret_under "$err" "ct original saddr" \
	"conntrack address in a set lookup: caret"

# Without CAP_NET_ADMIN the kernel refuses the whole batch: say what is
# needed, not only "Operation not permitted".
err=$(setpriv --bounding-set=-net_admin "$NFT" add table ip x 2>&1)
assert_eq "$?" 1 "without CAP_NET_ADMIN: exit status"
is_system_nft || assert_match "CAP_NET_ADMIN" "$err" "without CAP_NET_ADMIN: says what is needed"
nft list ruleset > "$TMPD/after" || fail "list"
assert_files_eq "$TMPD/before" "$TMPD/after" "without CAP_NET_ADMIN: ruleset unchanged"
