#!/bin/bash
# Catch-all elements ("*", NFT_SET_ELEM_CATCHALL) of a rule's anonymous
# sets and maps: what the reference loads lists alike in ours (text,
# JSON), ours loads what it lists, and a verdict map's "*" takes the
# packets no other element holds. Named sets and maps do not take them
# yet: refused with a caret, and listings of one the reference loaded
# fail naming it (they printed the missing key as zeros before).
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
nft -f "$TMPD/a.nft" || fail "loading catch-all elements"
nft list ruleset > "$TMPD/ours.list"
python3 "$SRCDIR/tests/lib/nlstate.py" > "$TMPD/ours.state"
assert_match 'ip saddr vmap \{ 1\.1\.1\.1 : accept, \* : drop \}' "$(cat "$TMPD/ours.list")" "listed"
nft flush ruleset
nft -f "$TMPD/ours.list" || fail "loading the listing"
assert_eq "$(nft list ruleset)" "$(cat "$TMPD/ours.list")" "list, load, list"
nft -j list ruleset > "$TMPD/ours.json"
nft flush ruleset
nft -j -f "$TMPD/ours.json" || fail "loading the JSON listing"
assert_eq "$(nft list ruleset)" "$(cat "$TMPD/ours.list")" "list -j, load, list"
if have_ref; then
	nft flush ruleset
	refnft -f "$TMPD/a.nft" || fail "the reference loads it"
	python3 "$SRCDIR/tests/lib/nlstate.py" > "$TMPD/ref.state"
	assert_files_eq "$TMPD/ours.state" "$TMPD/ref.state" "the kernel state"
	assert_eq "$(nft list ruleset)" "$(refnft list ruleset)" "ours lists the reference's load"
	assert_eq "$(nft -j list ruleset | sed 's/"metainfo": {[^}]*}//')" \
		"$(refnft -j list ruleset | sed 's/"metainfo": {[^}]*}//')" "and in JSON"
fi

# named sets and maps: not yet
nft flush ruleset
nft add table ip t
nft add set ip t s { type ipv4_addr\; }
err=$(nft add element ip t s { \* } 2>&1) && fail "add element *"
assert_match 'catch-all elements \(\*\) of named sets and maps are not supported yet' "$err" "refused"
assert_caret_under "$err" '*' "the caret under it"
if have_ref; then
	refnft add element ip t s { \* }
	err=$(nft list ruleset 2>&1) && fail "listed a named set holding *: $err"
	assert_match 'it holds set s, which this nft cannot list yet' "$err" "a listing fails naming it"
	assert_no_match '0\.0\.0\.0' "$err" "no zeros for its key"
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
