#!/bin/bash
# Chain bindings: "jump { ... }" and "goto { ... }", anonymous chains
# bound to their rule. Loaded by ours and by the reference, the kernel
# holds the same (tests/lib/nlstate.py numbers the kernel's "__chainN"
# names); the listings (text, -a, JSON) are the reference's; what
# "list ruleset" printed loads back; the wrong forms fail as in 1.1.3;
# and packets show that a bound chain's rules run for the packets the
# rule matches only, that jump returns and goto does not.
. "$TESTDIR/lib.sh"

cat > "$TMPD/b.nft" <<'NFT'
table inet t {
	set s {
		type ipv4_addr
	}

	chain c {
		type filter hook input priority filter; policy accept;
		ip saddr 1.2.3.4 jump {
			counter
			tcp dport { 22, 80 } accept
			ip daddr @s drop
		}
		meta mark 1 goto { counter; }
		jump {
		}
		jump { counter; } counter comment "after"
		udp dport 53 jump {
			jump d
			goto d
		}
	}

	chain d {
	}
}
NFT
nft -f "$TMPD/b.nft" || fail "loading bindings"
nft list ruleset > "$TMPD/ours.list" || fail "list ruleset"
python3 "$SRCDIR/tests/lib/nlstate.py" > "$TMPD/ours.state"
nft -a list ruleset > "$TMPD/ours.alist" || fail "list ruleset -a"
nft -j list ruleset > "$TMPD/ours.json" || fail "list ruleset -j"
assert_match '"jump \{\\n\\t\\t\\tcounter' "$(cat "$TMPD/ours.json")" "-j: the text, as 1.1.3 writes it"
assert_match 'ip saddr 1.2.3.4 jump \{' "$(cat "$TMPD/ours.list")" "listed inline"
assert_no_match '__chain' "$(cat "$TMPD/ours.list")" "bound chains listed in their rules only"
assert_eq "$(nft list chains | grep -c chain)" 2 "list chains: the named ones"
bound=$(nft -a -e add rule inet t d jump { counter\; } | sed -n 's/^add chain inet t \(__chain[0-9]*\).*/\1/p')
[ -n "$bound" ] || fail "the echo names the bound chain"
err=$(nft list chain inet t "$bound" 2>&1) && fail "list chain of a bound chain"
assert_match 'No such file or directory' "$err" "a bound chain is not listed alone"
nft flush chain inet t d

# reloads as it lists, text and JSON (1.1.3 refuses its own JSON there:
# README, Differences)
nft flush ruleset
nft -f "$TMPD/ours.list" || fail "loading what list ruleset printed"
assert_eq "$(nft list ruleset)" "$(cat "$TMPD/ours.list")" "list, load, list"
nft flush ruleset
nft -j -f "$TMPD/ours.json" || fail "loading what list ruleset -j printed"
assert_eq "$(nft list ruleset)" "$(cat "$TMPD/ours.list")" "list -j, load, list"

if have_ref; then
	nft flush ruleset
	refnft -f "$TMPD/b.nft" || fail "the reference loads it"
	python3 "$SRCDIR/tests/lib/nlstate.py" > "$TMPD/ref.state"
	assert_files_eq "$TMPD/ours.state" "$TMPD/ref.state" "the kernel state"
	assert_eq "$(refnft list ruleset)" "$(cat "$TMPD/ours.list")" "the reference's listing"
	assert_eq "$(refnft -a list ruleset)" "$(nft -a list ruleset)" "-a"
	refnft -j list ruleset 2>/dev/null |
		sed 's/"version": "[^"]*", "release_name": "[^"]*"//' > "$TMPD/ref.json"
	nft -j list ruleset |
		sed 's/"version": "[^"]*", "release_name": "[^"]*"//' > "$TMPD/ours.json.cmp"
	assert_files_eq "$TMPD/ours.json.cmp" "$TMPD/ref.json" "-j, as 1.1.3 writes it"
	assert_eq "$(nft list ruleset)" "$(cat "$TMPD/ours.list")" "ours lists the reference's"

	# bytecode, the bound chain's line ("ip t (null) use 0") too
	nft flush ruleset
	nft add table ip t; nft add chain ip t c
	nft --debug=netlink add rule ip t c tcp dport 1 jump { counter\; accept\; } > "$TMPD/ours.nl"
	refnft --debug=netlink add rule ip t c tcp dport 1 jump { counter\; accept\; } \
		> "$TMPD/ref.nl"
	assert_files_eq "$TMPD/ours.nl" "$TMPD/ref.nl" "bytecode"
fi

# delete and replace: the bound chain goes with its rule
nft flush ruleset
nft add table ip t; nft add chain ip t c
nft add rule ip t c jump { counter\; }
nft add rule ip t c tcp dport 2 goto { counter\; drop\; }
h=$(nft -a list ruleset | sed -n 's/^\t\t} # handle \([0-9]*\)$/\1/p' | head -n 1)
nft replace rule ip t c handle "$h" jump { meta mark 3\; } || fail "replace"
assert_match 'meta mark 0x00000003' "$(nft list ruleset)" "replaced"
assert_eq "$(python3 "$SRCDIR/tests/lib/nlstate.py" | grep -c '^chain ip t __chain')" 2 "the old bound chain is gone"
nft delete rule ip t c handle "$h" || fail "delete"
assert_eq "$(python3 "$SRCDIR/tests/lib/nlstate.py" | grep -c '^chain ip t __chain')" 1 "deleted with its rule"

# a bound chain by its name: no jumps to it (1.1.3's words, caret under
# the name), no flush or delete (1.1.3 crashes there)
bound=$(nft -e add rule ip t c jump { counter\; } | sed -n 's/^add chain ip t \(__chain[0-9]*\)$/\1/p')
[ -n "$bound" ] || fail "the echo names the bound chain"
err=$(nft add rule ip t c jump "$bound" 2>&1) && fail "a jump to a bound chain"
assert_match 'Error: Could not process rule: Invalid argument' "$err" "jump to a bound chain"
assert_caret_under "$err" "$bound" "the caret under its name"
if have_ref; then
	assert_eq "$err" "$(refnft add rule ip t c jump "$bound" 2>&1)" "as the reference refuses it"
fi
for op in flush delete; do
	err=$(nft $op chain ip t "$bound" 2>&1) && fail "$op of a bound chain"
	assert_match 'Operation not supported: the chain is bound to a rule' "$err" "$op of a bound chain"
done

# wrong forms, as 1.1.3 refuses them
check_err()
{
	local what=$1 err ref
	shift
	err=$(nft "$@" 2>&1) && fail "$what: accepted"
	has_caret "$err" || fail "$what: no caret: $err"
	if have_ref; then
		ref=$(refnft "$@" 2>&1)
		assert_eq "$err" "$ref" "$what: the reference's error"
	fi
}
check_err "no separator" add rule ip t c jump { counter }
check_err "nested (the kernel refuses)" add rule ip t c jump { jump { jump { counter\; }\; }\; }
check_err "nested goto" add rule ip t c jump { tcp dport 1 goto { counter\; }\; accept\; }
check_err "an error inside" add rule ip t c jump { tcp dport foo counter\; }
err=$(nft add rule ip t c tcp dport vmap { 1 : jump { counter\; } } 2>&1) &&
	fail "a binding in a verdict map"
has_caret "$err" || fail "vmap: no caret"
printf 'table ip t {\n\tchain c {\n\t\tjump { jump { counter; }; }\n\t}\n}\n' > "$TMPD/deep.nft"
err=$(nft -f "$TMPD/deep.nft" 2>&1) && fail "too deep"
assert_match 'Error: too many levels of nesting' "$err" "nesting in a file"

# packets: pings from a peer namespace to 10.0.0.1
nft flush ruleset
ns_new; nsb=$NS_PID
ip link add v0 type veth peer name v1 || fail "veth"
ip link set v1 netns "$nsb" || fail "move v1"
ip link set lo up
ip addr add 10.0.0.1/24 dev v0 && ip link set v0 up
in_ns "$nsb" ip link set lo up
in_ns "$nsb" ip addr add 10.0.0.2/24 dev v1
in_ns "$nsb" ip link set v1 up
in_ns "$nsb" ping -c 1 -W 1 10.0.0.1 >/dev/null 2>&1
for _ in $(seq 20); do
	in_ns "$nsb" ping -c 1 -W 1 10.0.0.1 >/dev/null 2>&1 && break
	sleep 0.2
done

# ip length: 128 a ping of 100 bytes (jump), 228 of 200 (goto), 328 of
# 300 (a bound chain that drops); default pings (84) match none
cat > "$TMPD/p.nft" <<'NFT'
table ip p {
	chain in {
		type filter hook input priority filter; policy accept;
		icmp type echo-request ip length 128 jump {
			ip length 128 counter
		}
		icmp type echo-request ip length 128 counter
		icmp type echo-request ip length 228 goto {
			ip length 228 counter
		}
		icmp type echo-request ip length 228 counter
		icmp type echo-request ip length 328 jump {
			ip length 328 counter drop
		}
		icmp type echo-request ip length 84 counter
	}
}
NFT
nft -f "$TMPD/p.nft" || fail "loading the packet ruleset"
in_ns "$nsb" ping -c 2 -i 0.2 -W 1 10.0.0.1 >/dev/null 2>&1 || fail "plain ping"
in_ns "$nsb" ping -c 2 -i 0.2 -W 1 -s 100 10.0.0.1 >/dev/null 2>&1 || fail "jump: ping"
in_ns "$nsb" ping -c 2 -i 0.2 -W 1 -s 200 10.0.0.1 >/dev/null 2>&1 || fail "goto: ping"
in_ns "$nsb" ping -c 2 -i 0.2 -W 1 -s 300 10.0.0.1 >/dev/null 2>&1 &&
	fail "the bound chain's drop let a ping through"
l=$(nft list ruleset)
pk()
{
	printf '%s\n' "$l" | grep -E -- "$1" |
		sed -n 's/.*counter packets \([0-9]*\) bytes.*/\1/p' | head -n 1
}
assert_eq "$(pk '^		icmp type echo-request ip length 84 counter')" 2 "plain pings reached the end"
assert_eq "$(pk '^			ip length 128 counter')" 2 "jump: the bound chain ran"
assert_eq "$(pk '^		icmp type echo-request ip length 128 counter')" 2 "jump: returned"
assert_eq "$(pk '^			ip length 228 counter')" 2 "goto: the bound chain ran"
assert_eq "$(pk '^		icmp type echo-request ip length 228 counter')" 0 "goto: did not return"
assert_eq "$(pk '^			ip length 328 counter')" 2 "drop: the bound chain ran"
ok "bindings run for their packets"

# -e: the bound chain, its rules, the rule, then the generation (1.1.3
# repeats the chain's line in its place: README, Differences)
nft flush ruleset
nft add table ip t; nft add chain ip t c
out=$(nft -e add rule ip t c jump { counter\; })
assert_match '^add chain ip t __chain[0-9]*
add rule ip t __chain[0-9]* counter packets 0 bytes 0
add rule ip t c jump __chain[0-9]*
# new generation' "$out" "-e"
out=$(nft -j -e add rule ip t c jump { counter\; })
assert_match '^\{"nftables": \[\{"add": \{"chain": \{"family": "ip", "table": "t", "name": "__chain[0-9]*", "handle": [0-9]*\}\}\}, \{"add": \{"rule": \{"family": "ip", "table": "t", "chain": "__chain[0-9]*", "handle": [0-9]*, "expr": \[\{"counter": \{"packets": 0, "bytes": 0\}\}\]\}\}\}, \{"add": \{"rule": \{"family": "ip", "table": "t", "chain": "c", "handle": [0-9]*, "expr": \[\{"jump": \{"target": "__chain[0-9]*"\}\}\]\}\}\}\]\}$' "$out" "-e -j"
