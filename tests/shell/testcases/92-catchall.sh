#!/bin/bash
# Catch-all elements ("*", NFT_SET_ELEM_CATCHALL) of a rule's anonymous
# sets and maps: what the reference loads lists alike in ours (text,
# JSON), ours loads what it lists, and a verdict map's "*" takes the
# packets no other element holds; the same for named sets and maps, and
# their element commands (add, create, get, delete).
. "$TESTDIR/lib.sh"

cat > "$TMPD/a.nft" <<'NFT'
table ip t {
	chain c {
		ip saddr vmap { 1.1.1.1 : accept, * : drop }
		ip saddr { * } counter
		meta mark set ip saddr map { * : 3 }
		ip saddr { 10.0.0.0/8, * } accept
		ip saddr . tcp dport vmap { 1.1.1.1 . 22 : accept, * : drop }
		ip saddr { * counter } accept
	}
}
NFT
loads_like_ref "$TMPD/a.nft"
assert_match 'ip saddr vmap \{ 1\.1\.1\.1 : accept, \* : drop \}' "$(cat "$TMPD/ours.list")" "listed"

# named sets and maps: declarations, element commands, listings, JSON
nft flush ruleset
cat > "$TMPD/n.nft" <<'NFT'
table ip t {
	set s {
		type ipv4_addr
		elements = { * }
	}
	set si {
		type ipv4_addr
		flags interval
		elements = { 1.1.1.0/24, * }
	}
	map m {
		type ipv4_addr : verdict
		elements = { 1.1.1.1 : accept, * : drop }
	}
	map mc {
		type ipv4_addr . inet_service : verdict
		elements = { 1.1.1.1 . 22 : accept, * : drop }
	}
	set st {
		type ipv4_addr
		flags timeout
		elements = { * timeout 10s }
	}
	set sc {
		type ipv4_addr
		counter
		elements = { * }
	}
	map mm {
		type ipv4_addr : mark
		elements = { * : 5 }
	}
}
NFT
nft -f "$TMPD/n.nft" || fail "named sets and maps with *"
python3 "$SRCDIR/tests/lib/nlstate.py" > "$TMPD/n.ours"
nft -s list ruleset > "$TMPD/n.list"
assert_match 'elements = \{ 1\.1\.1\.0/24, \* \}' "$(cat "$TMPD/n.list")" "an interval set lists it last"
nft -j list ruleset > "$TMPD/n.json"
nft flush ruleset
nft -f "$TMPD/n.list" || fail "loading the listing"
assert_eq "$(nft -s list ruleset)" "$(cat "$TMPD/n.list")" "list, load, list"
nft flush ruleset
nft -j -f "$TMPD/n.json" || fail "loading the JSON listing"
assert_eq "$(nft -s list ruleset)" "$(cat "$TMPD/n.list")" "list -j, load, list"
if have_ref; then
	nft flush ruleset
	refnft -f "$TMPD/n.nft" || fail "the reference loads it"
	python3 "$SRCDIR/tests/lib/nlstate.py" > "$TMPD/n.ref"
	assert_files_eq "$TMPD/n.ours" "$TMPD/n.ref" "the kernel state"
	assert_eq "$(nft -s list ruleset)" "$(refnft -s list ruleset)" "ours lists the reference's load"
	assert_eq "$(nft -s -j list ruleset | sed 's/"metainfo": {[^}]*}//')" \
		"$(refnft -s -j list ruleset | sed 's/"metainfo": {[^}]*}//')" "and in JSON"
fi

# element commands, each compared with the reference's
cat > "$TMPD/cmds" <<'EOF'
add set ip u s { type ipv4_addr; }
add element ip u s { * }
get element ip u s { * }
list set ip u s
create element ip u s { * }
delete element ip u s { * }
list set ip u s
get element ip u s { * }
add set ip u si { type ipv4_addr; flags interval; }
add element ip u si { 1.0.0.0/8, * }
get element ip u si { * }
get element ip u si { 1.2.3.4 }
delete element ip u si { * }
list set ip u si
add map ip u m { type ipv4_addr : verdict; }
add element ip u m { 1.2.3.4 : accept, * : drop }
add element ip u m { * : accept }
list map ip u m
delete element ip u m { * }
list map ip u m
EOF
run_cmds()
{
	local c
	"$@" add table ip u
	set -f		# "*" is no file name here
	while read -r c; do
		echo "== $c"
		# shellcheck disable=SC2086
		"$@" $c 2>&1
	done < "$TMPD/cmds"
	set +f
}
nft flush ruleset
run_cmds nft > "$TMPD/cmds.ours"
grep -q 'elements = { \* }' "$TMPD/cmds.ours" || fail "get element *"
if have_ref; then
	refnft flush ruleset
	run_cmds refnft > "$TMPD/cmds.ref"
	assert_files_eq "$TMPD/cmds.ours" "$TMPD/cmds.ref" "element commands as the reference's"
fi

# packets: pings from a peer namespace, from 10.0.0.2 and 10.0.0.3
nft flush ruleset
ns_new; nsb=$NS_PID
ip link add v0 type veth peer name v1 || fail "veth"
ip link set v1 netns "$nsb" || fail "move v1"
ip link set lo up
ip addr add 10.0.0.1/24 dev v0 && ip link set v0 up
in_ns "$nsb" ip link set lo up
in_ns "$nsb" ip addr add 10.0.0.2/24 dev v1
in_ns "$nsb" ip addr add 10.0.0.3/24 dev v1
in_ns "$nsb" ip link set v1 up
for _ in $(seq 20); do
	in_ns "$nsb" ping -c 1 -W 1 10.0.0.1 >/dev/null 2>&1 && break
	sleep 0.2
done
cat > "$TMPD/p.nft" <<'NFT'
table ip p {
	chain other {
		counter
	}

	chain in {
		type filter hook input priority filter; policy accept;
		icmp type echo-request ip saddr vmap { 10.0.0.2 : accept, * : jump other }
		icmp type echo-request ip saddr 10.0.0.3 counter drop
	}
}
NFT
nft -f "$TMPD/p.nft" || fail "loading the packet ruleset"
in_ns "$nsb" ping -c 2 -i 0.2 -W 1 -I 10.0.0.2 10.0.0.1 >/dev/null 2>&1 || fail "10.0.0.2: accepted by its element"
in_ns "$nsb" ping -c 2 -i 0.2 -W 1 -I 10.0.0.3 10.0.0.1 >/dev/null 2>&1 &&
	fail "10.0.0.3 went past the catch-all's chain"
l=$(nft list ruleset)
assert_eq "$(printf '%s\n' "$l" | sed -n '/chain other/,/}/s/.*counter packets \([0-9]*\).*/\1/p')" 2 \
	"the catch-all's chain saw the unmatched pings only"
assert_eq "$(printf '%s\n' "$l" | sed -n 's/.*10\.0\.0\.3 counter packets \([0-9]*\).*/\1/p')" 2 \
	"and they came back from it"
ok "a verdict map's * takes what no element holds"
