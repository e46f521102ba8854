#!/bin/bash
# Stateful named objects: counter, quota, limit, ct helper, ct timeout,
# ct expectation, synproxy (secmark needs SELinux: only its grammar is
# tested). Declared in table blocks and by commands, referenced from rules,
# listed as the system nft lists them (text, -a, -s, JSON), JSON round
# trips, packets counted by a named counter, a quota that drops, reset
# returning the old values, and errors with carets.
. "$TESTDIR/lib.sh"

cat > "$TMPD/objs.nft" <<'RULESET'
table inet T {
	counter c {
		comment "web"
		packets 1 bytes 2
	}
	counter c2 { }
	quota q { over 100 mbytes used 10 bytes }
	quota q2 { 25 mbytes }
	limit l { rate 10/second }
	limit l2 { rate over 1 mbytes/second burst 2 mbytes }
	limit l3 { rate 400/minute burst 20 packets }
	ct helper h { type "ftp" protocol tcp; l3proto ip; }
	ct timeout t { protocol tcp; l3proto ip; policy = { established: 100, close: 10 }; }
	ct timeout u { protocol udp; l3proto ip6; policy = { replied: 7200 }; }
	ct expectation e { protocol tcp; dport 22; timeout 10s; size 8; l3proto ip; }
	synproxy sp { mss 1460; wscale 7; timestamp sack-perm; }
	synproxy sp2 { mss 1400; wscale 3; timestamp; }
	chain ch {
		counter name "c"
		quota name "q"
		limit name "l"
		ct helper set "h"
		ct timeout set "t"
		ct expectation set "e"
		synproxy name "sp"
	}
}
table ip U {
	counter only { }
}
RULESET

# 1.0.6 prints policies in plain seconds, upstream as durations.
upstream_policy()
{
	sed -e 's/established : 100 }/established : 1m40s }/' \
	    -e 's/replied : 7200 }/replied : 2h }/'
}

nft -f "$TMPD/objs.nft" || fail "load the objects"
nft list ruleset > "$TMPD/ours.list" || fail "list ruleset"
nft -a list ruleset > "$TMPD/ours-a.list" || fail "list ruleset -a"
nft -s list ruleset > "$TMPD/ours-s.list" || fail "list ruleset -s"
nft -j list ruleset > "$TMPD/ours.json" || fail "list ruleset -j"
grep -q '^	counter c {$' "$TMPD/ours.list" || fail "counter listed"
ok "load and list"

if have_ref && ! is_system_nft; then
	refnft list ruleset | upstream_policy > "$TMPD/sys.list"
	assert_files_eq "$TMPD/sys.list" "$TMPD/ours.list" \
		"listing as the system nft's"
	refnft -s list ruleset | upstream_policy > "$TMPD/sys-s.list"
	assert_files_eq "$TMPD/sys-s.list" "$TMPD/ours-s.list" "-s listing"
	# Loaded by the system nft, listed by us: the same bytes.
	nft flush ruleset
	refnft -f "$TMPD/objs.nft" || fail "system nft loads the objects"
	nft list ruleset > "$TMPD/fromsys.list" || fail "list system's objects"
	assert_files_eq "$TMPD/ours.list" "$TMPD/fromsys.list" \
		"the system nft's objects list as ours"
	nft -a list ruleset > "$TMPD/fromsys-a.list"
	refnft -a list ruleset | upstream_policy > "$TMPD/sys-a.list"
	assert_files_eq "$TMPD/sys-a.list" "$TMPD/fromsys-a.list" \
		"-a listing as the system nft's"
	# JSON: the same objects; upstream puts chains before objects.
	refnft -j list ruleset | python3 -c '
import json, sys
d = json.load(sys.stdin)["nftables"][1:]
print(json.dumps(sorted(d, key=lambda o: (json.dumps(o),))))' > "$TMPD/sys.jsonl"
	nft -j list ruleset | python3 -c '
import json, sys
d = json.load(sys.stdin)["nftables"][1:]
print(json.dumps(sorted(d, key=lambda o: (json.dumps(o),))))' > "$TMPD/ours.jsonl"
	assert_files_eq "$TMPD/sys.jsonl" "$TMPD/ours.jsonl" \
		"JSON objects as the system nft's"
fi

# Echo (-e, -e -a, -e -j) as the system nft's.
echo_cmds()
{
	local n=$1
	"$n" flush ruleset
	"$n" -e -f "$TMPD/objs.nft"
	"$n" -e add counter inet T z { packets 3 bytes 4 }
	"$n" -e -a add quota inet T qq { 10 mbytes }
	"$n" -e add ct helper inet T hh { type \"sip\" protocol udp\; }
	"$n" -e add synproxy inet T s3 { mss 1000\; wscale 2\; timestamp\; }
	"$n" -e add counter inet T cc { comment \"x\" }
	"$n" -e -j add limit inet T l9 { rate 1/hour\; }
}
if have_ref && ! is_system_nft; then
	# (the later rules of a block with "handle N", where they went, as
	# 1.1.3 echoes them: tests/shell/99-echo-positions.sh)
	echo_cmds refnft 2>&1 | grep -v '^# new generation' | upstream_policy \
		> "$TMPD/sys.echo"
	echo_cmds nft 2>&1 | grep -v '^# new generation' > "$TMPD/ours.echo"
	assert_files_eq "$TMPD/sys.echo" "$TMPD/ours.echo" \
		"echo as the system nft's"
	nft list ruleset > "$TMPD/ours.list" || fail "list ruleset"
	nft -j list ruleset > "$TMPD/ours.json" || fail "list ruleset -j"
fi

# JSON round trip: list, flush, load, list again (1.0.6 cannot load
# synproxy and ct expectation objects from JSON).
is_system_nft && { ok "done"; exit 0; }
nft flush ruleset
nft -j -f "$TMPD/ours.json" || fail "load our JSON"
nft list ruleset > "$TMPD/again.list"
assert_files_eq "$TMPD/ours.list" "$TMPD/again.list" "JSON round trip"

# Text round trip: our listing loads back to itself.
nft flush ruleset
nft -f "$TMPD/ours.list" || fail "load our listing"
nft list ruleset > "$TMPD/again.list"
assert_files_eq "$TMPD/ours.list" "$TMPD/again.list" "text round trip"

# list one kind, one object, a table's; reset returns the old values.
assert_eq "$(nft list counters table ip U)" "table ip U {
	counter only {
		packets 0 bytes 0
	}
}" "list counters table ip U"
assert_match '^	quota q2 \{$' "$(nft list quotas)" "list quotas"
assert_match 'type "ftp" protocol tcp' "$(nft list ct helpers table inet T)" "list ct helpers table T"
assert_match 'policy = \{ established : 1m40s \}' \
	"$(nft list ct timeout inet T t)" "list ct timeout"
assert_match '^		rate 400/minute burst 20 packets$' "$(nft list limits)" \
	"list limits"
assert_match '^		timestamp $' "$(nft list synproxys inet)" "list synproxys"
assert_match 'packets 1 bytes 2' "$(nft reset counters table inet T)" \
	"reset shows the old values"
assert_match 'packets 0 bytes 0' "$(nft list counter inet T c)" \
	"reset zeroes"
assert_match 'used 10 bytes' "$(nft reset quota inet T q)" "reset quota"
assert_no_match 'used' "$(nft list quota inet T q)" "reset quota zeroes"

# The same in JSON commands.
out=$(echo '{"nftables": [{"list": {"counters": {"family": "ip"}}}]}' | nft -j -f -)
assert_match '"counter": \{"family": "ip", "name": "only", "table": "U"' "$out" \
	"JSON list counters"
out=$(echo '{"nftables": [{"reset": {"quota": {"family": "inet", "table": "T", "name": "q2"}}}]}' | nft -j -f -)
assert_match '"bytes": 26214400, "used": 0, "inv": false' "$out" "JSON reset quota"

# delete by name and by handle, destroy of a missing one
nft delete counter inet T c2 || fail "delete counter"
h=$(nft -a list counters | sed -n 's/^\tcounter only { # handle \([0-9]*\)$/\1/p')
[ -n "$h" ] || fail "counter handle"
nft delete counter ip U handle "$h" || fail "delete by handle"
assert_no_match 'only|c2' "$(nft list counters)" "deleted"
nft destroy counter ip U nothing || fail "destroy of a missing counter"
nft destroy quota inet T q2 || fail "destroy quota"
assert_no_match 'quota q2' "$(nft list quotas)" "destroyed"

# Errors, with carets.
# the kernel's refusal, in the reference's words, under the name
out=$(nft add rule inet T ch counter name "nope" 2>&1)
assert_match "Error: Could not process rule: No such file or directory" "$out" \
	"unknown counter in a rule"
assert_caret_under "$out" 'nope' "unknown counter in a rule: caret"
out=$(nft list counter inet T nope 2>&1)
# 1.1.3's words: the caret says what is missing
assert_match '^Error: No such file or directory$' "$out" "list a missing counter"
assert_caret_under "$out" 'nope' "list a missing counter: caret"
# as 1.1.3, the kernel refuses a quota used beyond itself
out=$(nft add quota inet T bad { 10 bytes used 20 bytes } 2>&1)
assert_match 'Could not process rule: Invalid argument' "$out" \
	"quota used > quota"
has_caret "$out" || fail "no caret: $out"
out=$(nft add quota inet T bad { 10 gbytes } 2>&1)
assert_match 'expecting bytes, kbytes or mbytes' "$out" "quota unit"
out=$(nft list counters table ip nope 2>&1)
assert_match '^Error: No such file or directory$' "$out" \
	"list counters of a missing table"
assert_caret_under "$out" 'nope' "list counters of a missing table: caret"
out=$(nft add counter ip nope c 2>&1)
# 1.1.3's words (no table near to suggest)
assert_match '^Error: No such file or directory$' "$out" "add to a missing table"
out=$(nft add ct timeout inet T x { protocol tcp\; policy = { established } } 2>&1)
assert_match "syntax error, unexpected '}', expecting colon" "$out" \
	"policy without a value"
has_caret "$out" || fail "no caret: $out"
out=$(nft delete limit inet T l 2>&1)
assert_match "limit 'l' is in use by a rule in table inet T" "$out" \
	"delete of a referenced object"
has_caret "$out" || fail "no caret: $out"
out=$(nft create counter inet T c 2>&1)
assert_match "counter 'c' already exists" "$out" "create existing"

# Anonymous object maps (values, prefixes): the system nft's load lists
# as its own listing, and ours loads to what the system nft lists the same.
if have_ref && ! is_system_nft; then
	nft flush ruleset
	cat > "$TMPD/objmap.nft" <<'RULESET'
table ip M {
	counter c1 {
		packets 0 bytes 0
	}

	counter c2 {
		packets 0 bytes 0
	}

	chain ch {
		counter name tcp dport map { 22 : "c1", 80 : "c2" }
		counter name ip saddr map { 10.0.0.0/8 : "c1", 192.168.0.0-192.168.0.9 : "c2" }
	}
}
RULESET
	refnft -f "$TMPD/objmap.nft" || fail "system nft loads an object map"
	refnft list ruleset > "$TMPD/objmap.sys"
	nft list ruleset > "$TMPD/objmap.ours" || fail "object map listing"
	assert_files_eq "$TMPD/objmap.sys" "$TMPD/objmap.ours" \
		"object map: the system nft's listed as its own"
	nft flush ruleset
	nft -f "$TMPD/objmap.nft" || fail "our nft loads an object map"
	refnft list ruleset > "$TMPD/objmap.sys2"
	assert_files_eq "$TMPD/objmap.sys" "$TMPD/objmap.sys2" \
		"object map: ours as the system nft's"
	nft flush ruleset
fi

# Packets: a named counter counts echo requests, a quota drops the third.
ip link set lo up
nft -f - <<'RULESET' || fail "packet ruleset"
table ip P {
	counter pings { }
	quota budget { over 200 bytes }
	chain out {
		type filter hook output priority 0; policy accept;
		icmp type echo-request counter name "pings"
		icmp type echo-request quota name "budget" drop
	}
}
RULESET
ping -c 5 -i 0.2 -W 1 127.0.0.1 > "$TMPD/ping" 2>&1
assert_match ' 2 received' "$(cat "$TMPD/ping")" "quota over drops after 200 bytes"
assert_match 'packets 5 bytes 420' "$(nft list counter ip P pings)" \
	"named counter counts every request"
assert_match 'over 200 bytes used [0-9]+ bytes' "$(nft list quota ip P budget)" \
	"quota used"

# ct timeout policies of every protocol the kernel keeps one for: libnftnl
# carries tcp's and udp's only, so these go by our own attributes. The
# system nft knows tcp and udp only (it lists the others' policies empty).
nft flush ruleset
cat > "$TMPD/timeouts.nft" <<'RULESET'
table inet TO {
	ct timeout tcp1 {
		protocol tcp
		l3proto ip
		policy = { established : 1m40s, unack : 5s }
	}

	ct timeout udplite1 {
		protocol udplite
		l3proto ip
		policy = { unreplied : 7s }
	}

	ct timeout icmp1 {
		protocol icmp
		l3proto ip
		policy = { timeout : 5s }
	}

	ct timeout icmpv61 {
		protocol icmpv6
		l3proto ip6
		policy = { timeout : 2m }
	}

	ct timeout sctp1 {
		protocol sctp
		l3proto ip
		policy = { closed : 1s, cookie_wait : 2s, cookie_echoed : 4s, established : 1h, shutdown_sent : 5s, shutdown_recd : 6s, shutdown_ack_sent : 7s, heartbeat_sent : 15s }
	}

	ct timeout gre1 {
		protocol gre
		l3proto ip
		policy = { unreplied : 1s, replied : 1m40s }
	}

	ct timeout gre2 {
		protocol gre
		l3proto ip
		policy = {  }
	}
}
RULESET
nft -f "$TMPD/timeouts.nft" || fail "load ct timeouts of every protocol"
nft list ruleset > "$TMPD/timeouts.list"
assert_files_eq "$TMPD/timeouts.nft" "$TMPD/timeouts.list" \
	"ct timeouts of every protocol list as written"
assert_match '"protocol": "sctp", "l3proto": "ip", "policy": \{"closed": 1, "cookie_wait": 2, "cookie_echoed": 4, "established": 3600, "shutdown_sent": 5, "shutdown_recd": 6, "shutdown_ack_sent": 7, "heartbeat_sent": 15\}' \
	"$(nft -j list ruleset)" "a sctp policy in JSON"
nft -j list ruleset > "$TMPD/timeouts.json"
nft flush ruleset
nft -j -f "$TMPD/timeouts.json" || fail "load the ct timeouts' JSON"
nft list ruleset > "$TMPD/timeouts.again"
assert_files_eq "$TMPD/timeouts.nft" "$TMPD/timeouts.again" \
	"ct timeouts: JSON round trip"
if have_ref; then
	nft flush ruleset
	refnft add table ip S
	refnft add ct timeout ip S x '{ protocol tcp; policy = { unack: 5 }; }' ||
		fail "system nft: tcp state unack"
	assert_match 'policy = \{ unack : 5s \}' "$(nft list ruleset)" \
		"tcp's unack as the system nft names it"
fi

# The kernel applies an icmp policy: a 7 s conntrack entry, not 30 s.
nft flush ruleset
nft -f - <<'RULESET' || fail "icmp timeout ruleset"
table ip TP {
	ct timeout short { protocol icmp; l3proto ip; policy = { timeout: 7s }; }
	chain out {
		type filter hook output priority 0; policy accept;
		icmp type echo-request ct timeout set "short"
	}
}
RULESET
ping -c 1 -W 1 127.0.0.1 > /dev/null 2>&1
left=$(awk '$3 == "icmp" && / dst=127.0.0.1 / { print $5; exit }' \
	/proc/net/nf_conntrack)
[ -n "$left" ] && [ "$left" -le 7 ] ||
	fail "the icmp conntrack entry's timeout: '$left', not at most 7"
ok "the icmp policy's timeout applies"

out=$(nft add ct timeout ip TP y '{ protocol icmp; policy = { replied: 1 }; }' 2>&1)
assert_match "invalid state for this protocol" "$out" \
	"a state of another protocol"
assert_caret_under "$out" 'replied' "the caret under the state"
out=$(nft add ct timeout ip TP y '{ protocol dccp; }' 2>&1)
assert_match 'ct timeout policies for dccp are not supported' "$out" \
	"dccp (no conntrack for it in newer kernels)"
has_caret "$out" || fail "no caret: $out"
