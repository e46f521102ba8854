#!/bin/bash
# Anonymous object maps: pings through "counter name ip daddr map { ... }"
# count in the counter object their address picks, a quota map drops one
# address's pings past its quota; a missing object and a wrong key type
# are errors with carets.
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
# (the system nft cannot name an object "meta").
is_system_nft && exit 0
nft add counter ip M meta || fail "a counter called meta"
nft add rule ip M out counter name '"meta"' counter name ma ||
	fail "quoted and plain object names"
assert_match 'counter name "meta" counter name "ma"' \
	"$(nft list chain ip M out)" "quoted and plain names listed"
out=$(nft add rule ip M out counter name meta 2>&1)
[ $? != 0 ] || fail "an unquoted meta loads as a name"
assert_match 'syntax error' "$out" "an unquoted meta is no name there"
has_caret "$out" || fail "no caret: $out"
