#!/bin/bash
# Anonymous object maps: pings through "counter name ip daddr map { ... }"
# count in the counter object their address picks, a quota map drops one
# address's pings past its quota; a missing object and a wrong key type
# are errors with carets. Named object maps (at the end) too, compared
# with the reference.
. "$TESTDIR/lib.sh"

ip link set lo up
nft -f - <<'RULESET' || fail "object map ruleset"
table ip P {
	counter ca { }
	counter cb { }
	quota qa { over 200 bytes }
	quota qb { over 10 mbytes }
	chain out {
		type filter hook output priority 0; policy accept;
		icmp type echo-request counter name ip daddr map { 127.0.0.1 : "ca", 127.0.0.2 : "cb" }
		icmp type echo-request quota name ip daddr map { 127.0.0.0/31 : "qa", 127.0.0.2-127.0.0.9 : "qb" } drop
	}
}
RULESET
ping -c 3 -i 0.2 -W 1 127.0.0.1 > "$TMPD/ping1" 2>&1
ping -c 2 -i 0.2 -W 1 127.0.0.2 > "$TMPD/ping2" 2>&1
assert_match 'packets 3 bytes 252' "$(nft list counter ip P ca)" \
	"the object map's first counter counts its address's requests"
assert_match 'packets 2 bytes 168' "$(nft list counter ip P cb)" \
	"the object map's second counter counts the other address's"
assert_match ' 2 received' "$(cat "$TMPD/ping1")" \
	"the quota of the first address drops past 200 bytes"
assert_match ' 2 received' "$(cat "$TMPD/ping2")" \
	"the quota of the second address lets its pings through"
assert_match 'counter name ip daddr map \{ 127.0.0.1 : "ca", 127.0.0.2 : "cb" \}' \
	"$(nft list chain ip P out)" "listed as written"
assert_match '"counter": \{"map": \{"key": \{"payload": \{"protocol": "ip", "field": "daddr"\}\}, "data": \{"set": \[\["127.0.0.1", "ca"\], \["127.0.0.2", "cb"\]\]\}\}\}' \
	"$(nft -j list chain ip P out)" "JSON"

# Errors, with carets.
out=$(nft add rule ip P out counter name ip daddr map { 127.0.0.1 : "ca", 127.0.0.3 : "nope" } 2>&1)
assert_match "Error: Could not process rule: No such file or directory" "$out" \
	"a missing object in an object map"
assert_caret_under "$out" '127.0.0.3' "the caret under the element's key"
out=$(nft add rule ip P out counter name tcp dport map { 127.0.0.1 : "ca" } 2>&1)
[ $? != 0 ] || fail "a wrong key type loads"
has_caret "$out" || fail "no caret: $out"
ok "a wrong key type is refused"
out=$(nft -f - 2>&1 <<'RULESET'
table ip Q {
	counter x { }
	chain c {
		counter name tcp dport map { 22 : "x", 23 : "y" }
	}
}
RULESET
)
assert_match "Error: Could not process rule: No such file or directory" "$out" \
	"a missing object in a table block's object map"
assert_caret_under "$out" '23' "the caret under its key in the file"

# A meta key picks the counter: "meta" after "counter name" starts the
# key, the mark set by the rule before it.
nft -f - <<'RULESET' || fail "meta mark object map ruleset"
table ip M {
	counter ma { }
	counter mb { }
	chain out {
		type filter hook output priority 0; policy accept;
		icmp type echo-request meta mark set ip daddr map { 127.0.0.3 : 1, 127.0.0.4 : 2 }
		icmp type echo-request counter name meta mark map { 1 : "ma", 2 : "mb" }
	}
}
RULESET
ping -c 2 -i 0.2 -W 1 127.0.0.3 > /dev/null 2>&1
ping -c 1 -W 1 127.0.0.4 > /dev/null 2>&1
assert_match 'packets 2 ' "$(nft list counter ip M ma)" \
	"the meta mark object map counts mark 1 in its counter"
assert_match 'packets 1 ' "$(nft list counter ip M mb)" \
	"and mark 2 in the other"
assert_match 'counter name meta mark map \{ 0x00000001 : "ma", 0x00000002 : "mb" \}' \
	"$(nft list chain ip M out)" "a meta key map listed"
nft -j list ruleset | nft -j -f - 2>&1 | grep . &&
	fail "the JSON of a meta key map does not load back"
ok "the JSON of a meta key map loads back"

# Plain names still are names; an object called "meta" is named in quotes
# (neither the system nft nor 1.1.3 takes "meta" as a name in text, so
# it is made from JSON).
is_system_nft && exit 0
out=$(nft add counter ip M meta 2>&1) && fail "a counter called meta in text"
assert_match 'syntax error, unexpected meta, expecting string or last' "$out" \
	"a counter called meta in text, as 1.1.3"
echo '{"nftables": [{"add": {"counter": {"family": "ip", "table": "M",
	"name": "meta"}}}]}' | nft -j -f - || fail "a counter called meta"
nft add rule ip M out counter name '"meta"' counter name ma ||
	fail "quoted and plain object names"
assert_match 'counter name "meta" counter name "ma"' \
	"$(nft list chain ip M out)" "quoted and plain names listed"
out=$(nft add rule ip M out counter name meta 2>&1)
[ $? != 0 ] || fail "an unquoted meta loads as a name"
assert_match 'syntax error' "$out" "an unquoted meta is no name there"
has_caret "$out" || fail "no caret: $out"

# Named object maps ("type K : counter", "typeof K : quota", intervals,
# concatenations, a host order key): a rule's "counter name ip daddr map
# @m" counts in the counter its address names, a quota map drops past its
# quota; the kernel holds what the reference's load holds, and both list
# either's as written, in text and JSON.
cat > "$TMPD/named.nft" <<'RULESET'
table ip N {
	counter ca {
		packets 0 bytes 0
	}

	counter cb {
		packets 0 bytes 0
	}

	quota qa {
		over 200 bytes used 0 bytes
	}

	map cm {
		type ipv4_addr : counter
		elements = { 127.0.0.5 : "ca",
			     127.0.0.6 : "cb" }
	}

	map qm {
		typeof ip daddr : quota
		flags interval
		elements = { 127.0.0.5-127.0.0.6 : "qa" }
	}

	map mm {
		typeof meta mark . ip daddr : counter
		flags interval
		elements = { 0x00000005-0x00000006 . 127.0.0.0/24 : "cb" }
	}

	chain out {
		type filter hook output priority filter; policy accept;
		icmp type echo-request meta mark set 5
		icmp type echo-request counter name ip daddr map @cm
		icmp type echo-request counter name meta mark . ip daddr map @mm
		icmp type echo-request quota name ip daddr map @qm drop
	}
}
RULESET
nft -f "$TMPD/named.nft" || fail "named object maps"
ping -c 3 -i 0.2 -W 1 127.0.0.5 > "$TMPD/ping5" 2>&1
ping -c 1 -W 1 127.0.0.6 > /dev/null 2>&1
assert_match 'packets 3 ' "$(nft list counter ip N ca)" \
	"a named object map counts its address's requests"
assert_match 'packets 5 ' "$(nft list counter ip N cb)" \
	"and the other's, and an interval concatenation with a mark all"
assert_match ' 2 received' "$(cat "$TMPD/ping5")" \
	"a named quota map drops past the quota"
if have_ref && ! is_system_nft; then
	nft flush ruleset
	nft -f "$TMPD/named.nft"
	python3 "$SRCDIR/tests/lib/nlstate.py" > "$TMPD/n.ours"
	list_ruleset "$TMPD/n.ours.list"
	nft -j list ruleset > "$TMPD/n.ours.json"
	refnft list ruleset > "$TMPD/n.ref-of-ours.list"
	nft flush ruleset
	refnft -f "$TMPD/named.nft" || fail "the reference's load"
	python3 "$SRCDIR/tests/lib/nlstate.py" > "$TMPD/n.ref"
	assert_files_eq "$TMPD/n.ref" "$TMPD/n.ours" "the kernel holds the reference's load"
	refnft list ruleset > "$TMPD/n.ref.list"
	list_ruleset "$TMPD/n.ours-of-ref.list"
	assert_files_eq "$TMPD/n.ref.list" "$TMPD/n.ours.list" "listed as the reference lists it"
	assert_files_eq "$TMPD/n.ref.list" "$TMPD/n.ours-of-ref.list" "the reference's load listed alike"
	assert_files_eq "$TMPD/n.ref.list" "$TMPD/n.ref-of-ours.list" "the reference lists ours alike"
	refnft -j list ruleset |
		sed 's/"metainfo": {[^}]*}/M/; s/"handle": [0-9]*/H/g' > "$TMPD/n.ref.json"
	sed 's/"metainfo": {[^}]*}/M/; s/"handle": [0-9]*/H/g' \
		"$TMPD/n.ours.json" > "$TMPD/n.ours.json2"
	assert_files_eq "$TMPD/n.ref.json" "$TMPD/n.ours.json2" "JSON as the reference's"
	nft flush ruleset
	nft -j -f "$TMPD/n.ours.json" || fail "our JSON loads back"
	python3 "$SRCDIR/tests/lib/nlstate.py" > "$TMPD/n.json"
	assert_files_eq "$TMPD/n.ref" "$TMPD/n.json" "our JSON loads back the same"
	nft flush ruleset
	nft -f "$TMPD/named.nft"
	for c in "add rule ip N out counter name ip daddr map @nope" \
		 "add rule ip N out meta mark set ip daddr map @cm" \
		 "add rule ip N out counter name tcp dport map @cm" \
		 "add element ip N cm { 127.0.0.7 : \"nope\" }" \
		 "add element ip N cm { 127.0.0.7 }"; do
		out=$(nft "$c" 2>&1) && fail "$c: accepted"
		assert_eq "$(refnft "$c" 2>&1)" "$out" "$c: as the reference refuses it"
	done
	nft add set ip N s '{ type ipv4_addr; }'
	refnft add set ip N s2 '{ type ipv4_addr; }'
	out=$(nft add rule ip N out counter name ip daddr map @s 2>&1) &&
		fail "a set as an object map"
	assert_eq "$(refnft add rule ip N out counter name ip daddr map @s 2>&1)" \
		"$out" "a set as an object map: as the reference refuses it"
fi

# an object map's elements meet the kernel in the order sent (an interval
# map's sorted): the first that names a missing object is refused with
# ENOENT before a later one's timeout in a map without timeouts is
nft flush ruleset
err=$(nft -f - 2>&1 <<'NFT'
table ip t {
	limit l { rate 55/minute }
	map m { type uid : limit; flags interval; elements = { 2731996948 timeout 2h : "o", root : "o" } }
}
NFT
) && fail "an object map naming a missing object: accepted"
assert_match "No such file or directory" "$err" "a missing object: ENOENT"
assert_caret_under "$err" root "a missing object: caret under the first element sent"
err=$(nft -f - 2>&1 <<'NFT'
table ip t {
	quota q { 1482 kbytes }
	map m { type ct_status : quota; flags interval; elements = { dying : "o", seen-reply : "o" } }
}
NFT
) && fail "an interval object map naming a missing object: accepted"
assert_caret_under "$err" seen-reply "an interval object map: caret under the first element sent"

# an object map keyed by a field whose name is a keyword ("vlan type")
nft flush ruleset
nft -f - <<'NFT' || fail "an object map keyed by ether type"
table ip t {
	quota q { 5 mbytes }
	map m { typeof ether type : quota; elements = { ip : q } }
	chain c { type filter hook input priority filter; }
}
NFT
nft add rule ip t c quota name ether type map @m || fail "quota name ether type map @m"
assert_match "quota name ether type map @m" "$(nft list chain ip t c)" \
	"an object map keyed by ether type: listed"
