#!/bin/bash
# Sets filled from the packet path: pings from a peer namespace add their
# source address to a dynamic set ("add @seen { ip saddr }"), which then
# lists it; "update @cnt { ip saddr counter }" counts per address; a limit
# kept per address ("update @lim { ip saddr limit rate over ... }") drops
# the pings beyond its burst; "delete @seen { ... }" takes the address out
# again. Listings as the system nft's, a JSON round trip, and the errors
# (carets) of sets that cannot take the statement.
. "$TESTDIR/lib.sh"

ns_new; nsb=$NS_PID
ip link add v0 type veth peer name v1 || fail "veth"
ip link set v1 netns "$nsb" || fail "move v1"
ip link set lo up
ip addr add 10.0.0.1/24 dev v0 && ip link set v0 up
in_ns "$nsb" ip link set lo up
in_ns "$nsb" ip addr add 10.0.0.2/24 dev v1
in_ns "$nsb" ip link set v1 up
wait_ping 10.0.0.2 || fail "no connectivity before loading rules"

cat > "$TMPD/dyn.nft" <<'NFT'
table ip d {
	set seen {
		type ipv4_addr
		size 65535
		flags dynamic
	}

	chain in {
		type filter hook input priority filter; policy accept;
		icmp type echo-request add @seen { ip saddr }
	}
}
NFT
nft -f "$TMPD/dyn.nft" || fail "loading the ruleset with a set statement"
ok "set statement loaded"
assert_no_match '10.0.0.2' "$(nft list set ip d seen)" "the set starts empty"

in_ns "$nsb" ping -c 2 -i 0.2 -W 1 10.0.0.1 >/dev/null ||
	fail "pings from the peer"
assert_eq "$(nft list set ip d seen)" "table ip d {
	set seen {
		type ipv4_addr
		size 65535
		flags dynamic
		elements = { 10.0.0.2 }
	}
}" "the peer's address was added by the packet path"

nft list ruleset > "$TMPD/ours"
if have_ref; then
	refnft list ruleset > "$TMPD/sys"
	assert_files_eq "$TMPD/sys" "$TMPD/ours" "listing as the system nft's"
fi

# JSON round trip of the rule
nft -j list chain ip d in > "$TMPD/j1" || fail "json listing"
assert_match '"set": \{"op": "add", "elem": \{"payload": \{"protocol": "ip", "field": "saddr"\}\}, "set": "@seen"\}' \
	"$(cat "$TMPD/j1")" "JSON set statement"
nft flush chain ip d in || fail "flush chain"
nft -j -f "$TMPD/j1" || fail "loading the JSON back"
nft -j list chain ip d in > "$TMPD/j2"
assert_eq "$(json_strip_handles "$TMPD/j2")" \
	"$(json_strip_handles "$TMPD/j1")" "JSON round trip"

# delete from the packet path
nft add rule ip d in icmp type echo-request delete @seen '{ ip saddr }' ||
	fail "delete statement"
in_ns "$nsb" ping -c 1 -W 1 10.0.0.1 >/dev/null || fail "ping for delete"
assert_no_match '10.0.0.2' "$(nft list set ip d seen)" \
	"the delete statement took the address out"
nft delete table ip d

# per address counters and limits: the kernel's state as listed
cat > "$TMPD/stateful.nft" <<'NFT'
table ip s {
	set cnt {
		type ipv4_addr
		size 65535
		flags dynamic
	}

	set lim {
		type ipv4_addr
		size 65535
		flags dynamic,timeout
		timeout 1h
	}

	chain in {
		type filter hook input priority filter; policy accept;
		icmp type echo-request update @cnt { ip saddr counter }
		icmp type echo-request update @lim { ip saddr limit rate over 1/minute burst 3 packets } counter drop
	}
}
NFT
nft -f "$TMPD/stateful.nft" || fail "loading counters and limits per address"
out=$(in_ns "$nsb" ping -c 8 -i 0.2 -W 1 10.0.0.1 2>&1)
assert_match ' 3 received' "$out" "the limit per address lets the burst through, drops the rest"
assert_match 'update @lim .* counter packets 5 ' "$(nft list chain ip s in)" \
	"the drop rule counted the pings beyond the burst"
assert_match 'update @cnt \{ ip saddr counter \}' "$(nft list chain ip s in)" \
	"counter in a set statement listed as written"
assert_match 'elements = \{ 10.0.0.2 counter packets 8 bytes 672 \}' \
	"$(nft list set ip s cnt)" "the element counted every ping"
assert_match '"elem": \{"val": "10.0.0.2", "counter": \{"packets": 8, "bytes": 672\}\}' \
	"$(nft -j list set ip s cnt)" "the element's counter in JSON"
assert_match 'elements = \{ 10.0.0.2 counter \}' \
	"$(nft -s list set ip s cnt)" "the element's counter, stateless"
if have_ref; then
	refnft list set ip s cnt > "$TMPD/sys"
	nft list set ip s cnt > "$TMPD/ours"
	assert_files_eq "$TMPD/sys" "$TMPD/ours" "counted set listed as the system nft's"
	refnft -j list set ip s cnt | sed 's/"metainfo": {[^}]*}//' > "$TMPD/sys"
	nft -j list set ip s cnt | sed 's/"metainfo": {[^}]*}//' > "$TMPD/ours"
	assert_files_eq "$TMPD/sys" "$TMPD/ours" "counted set in JSON as the reference's"
	refnft list chain ip s in > "$TMPD/sys"
	nft list chain ip s in > "$TMPD/ours"
	assert_files_eq "$TMPD/sys" "$TMPD/ours" "chain listed as the system nft's"
fi
nft delete table ip s

# a meter: the named dynamic set it makes, and its limit per address
nft add table ip m || fail "table m"
nft add chain ip m in '{ type filter hook input priority filter; }' || fail "chain"
nft add rule ip m in icmp type echo-request meter flood '{ ip saddr limit rate over 1/minute burst 2 packets }' counter drop ||
	fail "meter rule"
out=$(in_ns "$nsb" ping -c 6 -i 0.2 -W 1 10.0.0.1 2>&1)
assert_match ' 2 received' "$out" "the meter lets the burst through, drops the rest"
assert_match 'icmp type echo-request add @flood \{ ip saddr limit rate over 1/minute burst 2 packets \} counter packets 4 bytes 336 drop' \
	"$(nft list chain ip m in)" "the meter lists as a set statement (upstream 1.1)"
if have_ref; then
	assert_match 'flags dynamic' "$(refnft list set ip m flood)" \
		"the meter made a named dynamic set"
	refnft list set ip m flood > "$TMPD/sys"
	nft list set ip m flood > "$TMPD/ours"
	assert_files_eq "$TMPD/sys" "$TMPD/ours" "the meter's set listed as the system nft's"
fi
assert_match 'elements = \{ 10.0.0.2 limit rate over 1/minute burst 2 packets \}' \
	"$(nft list set ip m flood)" "the meter keeps a limit per address"
assert_match '"elem": \{"val": "10.0.0.2", "limit": \{"rate": 1, "burst": 2, "per": "minute", "inv": true\}\}' \
	"$(nft -j list set ip m flood)" "the element's limit in JSON"
nft delete table ip m

# a meter's set as the reference makes it, attribute by attribute: its
# user data holds the key's byte order (host, network, none for a
# concatenation), and --debug=netlink prints no elements line for it
if have_ref; then
	for n in nft refnft; do
		$n -f - <<-EOF || fail "$n: meters"
		table ip m {
			chain in { type filter hook input priority filter; }
		}
		add rule ip m in meter m1 { ip saddr counter }
		add rule ip m in meter m2 { meta mark counter }
		add rule ip m in meter m3 size 10 { ip saddr . tcp dport timeout 10s counter }
		EOF
		python3 "$SRCDIR/tests/lib/nlstate.py" > "$TMPD/$n.state"
		$n flush ruleset
	done
	assert_files_eq "$TMPD/refnft.state" "$TMPD/nft.state" \
		"the meters' sets as the reference makes them"
	nft add table ip m
	nft add chain ip m in
	out=$(nft --debug=netlink add rule ip m in meter m1 '{ ip saddr counter }')
	ref=$(refnft --debug=netlink add rule ip m in meter m2 '{ ip saddr counter }' | sed 's/m2/m1/')
	assert_eq "$out" "$ref" "a meter's bytecode as the reference prints it"
	nft delete table ip m
fi

# Debian 12's nft 1.0.6 made meters of anonymous sets: they list as
# upstream 1.1.3 lists them, "meter NAME size N { ... }", and its JSON
# loads back
if have_ref && have_system_nft; then
	debnft add table ip old && debnft add chain ip old c &&
	debnft add rule ip old c meter m1 '{ ip saddr limit rate 10/second }' &&
	debnft add rule ip old c meter m2 size 1000 '{ ip saddr . tcp dport timeout 10s limit rate 2/second }' ||
		fail "system nft meters"
	assert_eq "$(nft list chain ip old c)" "table ip old {
	chain c {
		meter m1 size 65535 { ip saddr limit rate 10/second burst 5 packets }
		meter m2 size 1000 { ip saddr . tcp dport timeout 10s limit rate 2/second burst 5 packets }
	}
}" "the system nft's meters listed as upstream 1.1's"
	assert_eq "$(nft list chain ip old c)" "$(refnft list chain ip old c)" \
		"the system nft's meters listed as the reference lists them"
	refnft -j list table ip old > "$TMPD/sys.json"
	nft -j list table ip old > "$TMPD/ours.json"
	assert_eq "$(json_strip_handles "$TMPD/ours.json" | grep -v metainfo)" \
		"$(json_strip_handles "$TMPD/sys.json" | grep -v metainfo)" \
		"the system nft's meters in JSON as it writes them"
	nft delete table ip old
	nft -j -f "$TMPD/sys.json" || fail "loading the system nft's meter JSON"
	assert_match 'update @m2 \{ ip saddr . tcp dport timeout 10s limit rate 2/second burst 5 packets \}' \
		"$(nft list chain ip old c)" "meter JSON loaded as upstream 1.1 loads it"
	nft delete table ip old
fi

# errors, with the caret on what is wrong; nothing is added
nft -f - <<'NFT' || fail "tables for the errors"
table ip e {
	set plain { type ipv4_addr; }
	set iv { type ipv4_addr; flags interval; }
	set dyn { type ipv4_addr; flags dynamic; }
	chain c { }
}
NFT
nft list ruleset > "$TMPD/before"
bad()
{
	local name=$1
	shift
	err=$(nft "$@" 2>&1)
	assert_eq "$?" 1 "$name: exit status"
	has_caret "$err" || fail "$name: no caret line in: $err"
	nft list ruleset > "$TMPD/after"
	assert_files_eq "$TMPD/before" "$TMPD/after" "$name: ruleset unchanged"
}
bad "missing set" add rule ip e c add @nosuch '{ ip saddr }'
assert_match "Error: No such file or directory$" "$(printf '%s\n' "$err" | head -1)" \
	"missing set: 1.1.3's words"
assert_caret_under "$err" "@nosuch" "missing set: caret under it"
bad "interval set" add rule ip e c add @iv '{ ip saddr }'
assert_match "interval set" "$err" "interval set named"
assert_caret_under "$err" "@iv" "interval set: caret under it"
bad "wrong key type" add rule ip e c add @dyn '{ tcp dport }'
assert_match "datatype mismatch: expected IPv4 address, expression has type internet network service" \
	"$err" "wrong key type named"
assert_caret_under "$err" "tcp dport" "wrong key type: caret under the key"
# refused by the kernel, after what evaluation refuses, as 1.1.3 says it
bad "timeout without timeouts" add rule ip e c update @dyn '{ ip saddr timeout 10s }'
assert_eq "$(printf '%s\n' "$err" | head -1)" \
	"Error: Could not process rule: Operation not supported" \
	"set without timeouts: 1.1.3's words"
assert_caret_under "$err" "update @dyn { ip saddr timeout 10s }" \
	"set without timeouts: caret under the statement"
bad "not stateful" add rule ip e c add @dyn '{ ip saddr log }'
assert_caret_under "$err" "log" "non-stateful statement: caret under it"

# a set of the run that a later command's rule updates is made dynamic,
# as 1.1.3 makes it (a set of a given size gets no backend the packet
# path can change otherwise)
nft flush ruleset
nft -f - <<'NFT' || fail "a rule of a later command updating a set of the run"
table ip6 dy {
	set s { typeof tcp dport; size 100; }
	chain c { type filter hook input priority filter; }
}
add rule ip6 dy c add @s { tcp dport }
NFT
assert_match "flags dynamic" "$(nft list set ip6 dy s)" "the set made dynamic"
