#!/bin/bash
# nft monitor: ours and the reference's listen side by side in this
# namespace, in text, -a, -j and with filters (new, tables, chains, sets,
# rules, elements, ruleset), while a series of changes is made (tables,
# chains, rules with named and anonymous sets and maps, elements and
# intervals, stateful objects, create, insert, replace, position, a
# rename, deletes, flushes, a flush ruleset); each pair must print the same lines, generation lines
# included (both see the same writer); "monitor destroy", which 1.1.3
# refuses, the removals only. The outputs are read while the
# monitors run: each event must be written at once. Also: the words'
# errors, and where 1.1.3 is wrong (a removed rule's JSON, a removed ct
# timeout).
. "$TESTDIR/lib.sh"

have_ref || skip "no reference nft (tools/ref)"
REF="$SRCDIR/tools/ref"

variants=("monitor" "-a monitor" "-j monitor" "monitor new"
	  "monitor tables" "monitor chains" "monitor sets" "monitor rules"
	  "monitor elements" "monitor new rules json" "-a monitor ruleset")
pids=()
start_monitors()
{
	local i
	for i in "${!variants[@]}"; do
		# shellcheck disable=SC2086
		"$NFT" ${variants[$i]} > "$TMPD/ours.$i" 2> "$TMPD/ours.err.$i" &
		pids+=($!)
		NS_PIDS+=($!)
		# shellcheck disable=SC2086
		"$REF" nft ${variants[$i]} > "$TMPD/ref.$i" 2>/dev/null &
		pids+=($!)
		NS_PIDS+=($!)
	done
	# which 1.1.3 refuses
	"$NFT" monitor destroy > "$TMPD/ours.destroy" 2>&1 &
	pids+=($!)
	NS_PIDS+=($!)
}

# sync NAME: add and delete table NAME until every monitor printed it
# (only the bare and the "tables" and "ruleset" ones print tables, the
# others are given the same time).
sync_all()
{
	local n f missing
	for n in $(seq 50); do
		nft add table ip "$1" && nft delete table ip "$1"
		missing=0
		for f in "$TMPD"/ours.0 "$TMPD"/ref.0 "$TMPD"/ours.4 \
			 "$TMPD"/ref.4; do
			grep -q "delete table ip $1\$" "$f" || missing=1
		done
		[ $missing = 0 ] && return 0
		sleep 0.1
	done
	fail "the monitors never saw table $1"
}

start_monitors
sync_all sync_begin

nft -f - <<'NFT' || fail "ruleset"
table inet f {
	counter c1 { packets 5 bytes 7 }
	quota q1 { over 10 kbytes used 5 bytes comment "qq" }
	limit l1 { rate over 10/minute burst 3 packets }
	ct helper h1 { type "ftp" protocol tcp; l3proto inet; }
	ct expectation e1 { protocol tcp; dport 21; timeout 3s; size 2; l3proto ip; }
	synproxy sp { mss 1460; wscale 7; timestamp sack-perm; }
	map vm { type ipv4_addr . inet_service : verdict; flags interval; }
	set cs { type ipv4_addr; counter; }
	map om { type ipv4_addr : counter; }
	chain j { }
	chain b { type filter hook forward priority filter + 10; policy drop;
		meta mark set 3 ip saddr { 1.1.1.1/24, 2.2.2.2-2.2.2.9 } counter
		ip daddr . tcp dport vmap { 1.1.1.1 . 22 : jump j, 2.2.2.2 . 80 : drop }
		counter name "c1"
		ct helper set "h1"
		limit rate 5/second
	}
}
NFT
nft add table ip t '{ flags dormant; comment "hi"; }' || fail "table"
nft add chain ip t c '{ type filter hook input priority filter; policy accept; comment "cc"; }' ||
	fail "base chain"
nft add chain ip t c2 || fail "chain"
nft add rule ip t c ip saddr 1.2.3.4 counter comment '"rc"' || fail "rule"
nft add set ip t s '{ type ipv4_addr; comment "x"; }' || fail "set"
nft add element ip t s '{ 1.2.3.4, 5.6.7.8 }' || fail "elements"
nft add set ip t s2 '{ type ipv4_addr; flags interval; }' || fail "interval set"
nft add element ip t s2 '{ 1.2.3.0/24, 10.0.0.1-10.0.0.5 }' ||
	fail "intervals"
nft add rule ip t c ip daddr @s drop || fail "lookup"
nft add rule ip t c ip daddr '{ 9.9.9.9, 8.8.8.8 }' accept || fail "anon set"
nft insert rule ip t c position 0 tcp dport '{ 22, 80 }' jump c2 ||
	fail "insert"
nft add counter ip t cnt || fail "counter"
nft add map ip t m '{ type ipv4_addr : verdict; }' || fail "map"
nft add element ip t m '{ 1.1.1.1 : accept, 2.2.2.2 : drop }' ||
	fail "map elements"
nft add element inet f vm '{ 10.0.0.0/8 . 10-20 : goto j }' || fail "vmap"
nft add element inet f cs '{ 5.5.5.5 }' || fail "counter element"
nft add element inet f om '{ 6.6.6.6 : "c1" }' || fail "object map"
nft create table ip u || fail "create table"
nft create chain ip u c || fail "create chain"
nft create set ip u s '{ type ipv4_addr; flags interval; }' || fail "create set"
nft create counter ip u cn || fail "create counter"
nft create element ip u s '{ 1.1.1.1, 2.0.0.0/8 }' || fail "create element"
nft add rule ip u c accept || fail "rule"
h=$(nft -a list chain ip u c | sed -n 's/.*accept # handle //p')
nft replace rule ip u c handle "$h" counter || fail "replace rule"
nft add rule ip u c position "$h" ip saddr 1.1.1.1 || fail "position"
nft delete element ip t s '{ 1.2.3.4 }' || fail "delete element"
nft delete element ip t s2 '{ 1.2.3.0/24 }' || fail "delete interval"
nft rename chain inet f j jj || fail "rename"
nft delete element inet f vm '{ 10.0.0.0/8 . 10-20 }' || fail "delete vmap"
nft delete quota inet f q1 || fail "delete quota"
nft delete counter ip t cnt || fail "delete counter"
nft flush chain ip t c || fail "flush chain"
nft flush set ip t s2 || fail "flush set"
nft delete chain ip t c2 || fail "delete chain"
nft flush ruleset || fail "flush ruleset"

sync_all sync_end
kill "${pids[@]}" 2>/dev/null
wait "${pids[@]}" 2>/dev/null

# The lines of the sync tables, and the generation line after each:
# the monitors started at different times.
unsync()
{
	awk '/sync_(begin|end)/ { skip = 1; next }
	     skip && /^# new generation/ { skip = 0; next }
	     { skip = 0; print }' "$1"
}

# What differs on purpose: a removed rule's JSON, where 1.1.3 drops its
# set lookups (and keeps their dependencies); ours lists the rule as it
# was added.
# And a removed limit, ct helper or ct expectation (the kernel tells
# nothing but its names): 1.1.3 prints "per": "error", "type": "(null)",
# "l3proto": "unknown"; ours the zeros our printers print.
json_cmp()
{
	unsync "$1" | grep -v '^{"delete": {"rule": ' |
		grep -vE '^\{"delete": \{"(limit|ct helper|ct expectation)": '
}

for i in "${!variants[@]}"; do
	v=${variants[$i]}
	if grep -qE "$SAN_RE" "$TMPD/ours.err.$i"; then
		cat "$TMPD/ours.err.$i" >&9
		fail "sanitizer report from nft $v"
	fi
	[ -s "$TMPD/ours.err.$i" ] && { cat "$TMPD/ours.err.$i" >&9;
		fail "nft $v wrote errors"; }
	case $v in
	-j*|*json)
		json_cmp "$TMPD/ref.$i" > "$TMPD/want"
		json_cmp "$TMPD/ours.$i" > "$TMPD/got"
		;;
	*)
		unsync "$TMPD/ref.$i" > "$TMPD/want"
		unsync "$TMPD/ours.$i" > "$TMPD/got"
		;;
	esac
	[ -s "$TMPD/want" ] || fail "the reference's $v printed nothing"
	assert_files_eq "$TMPD/want" "$TMPD/got" "nft $v prints as 1.1.3"
done

# ours: "monitor destroy" prints the bare monitor's removals
unsync "$TMPD/ours.0" | grep '^delete ' > "$TMPD/want"
unsync "$TMPD/ours.destroy" > "$TMPD/got"
[ -s "$TMPD/want" ] || fail "no removals seen"
assert_files_eq "$TMPD/want" "$TMPD/got" "monitor destroy: the removals"

# ours: a removed rule's JSON is the rule that was added
i=2
grep -E '^\{"(add|insert)": \{"rule": ' "$TMPD/ours.$i" |
	sed -E 's/^\{"(add|insert)"/{"delete"/' |
	sort > "$TMPD/added"
grep '^{"delete": {"rule": ' "$TMPD/ours.$i" | sort > "$TMPD/removed"
assert_files_eq "$TMPD/added" "$TMPD/removed" \
	"-j monitor: a removed rule's JSON keeps all its statements"
assert_match '"right": "@s"' "$(cat "$TMPD/removed")" \
	"-j monitor: a removed rule's lookup in a named set"
assert_match '"right": \{"set": \["9.9.9.9", "8.8.8.8"\]\}' \
	"$(cat "$TMPD/removed")" \
	"-j monitor: a removed rule's anonymous set, as it was sent"

# The command's words: the reference's errors, carets included.
for w in "foo" "new foo" "tables new" "objects" "new vm" "new json x" \
	 "flowtables"; do
	# shellcheck disable=SC2086
	want=$("$REF" nft monitor $w 2>&1 | sed 's|^/usr/sbin/nft|nft|')
	# shellcheck disable=SC2086
	got=$(nft monitor $w 2>&1)
	assert_eq "$got" "$want" "monitor $w: the reference's error"
done

# 1.1.3 crashes on the removal of a ct timeout; ours prints it.
nft -f - <<'NFT' || fail "ct timeout"
table ip t {
	ct timeout to1 { protocol tcp; l3proto ip; policy = { established: 100, close: 4 }; }
}
NFT
"$NFT" monitor > "$TMPD/to" 2>&1 &
pid=$!
NS_PIDS+=($pid)
for n in $(seq 50); do
	nft add table ip s && nft delete table ip s
	grep -q "delete table ip s$" "$TMPD/to" && break
	sleep 0.1
done
nft delete ct timeout ip t to1 || fail "delete ct timeout"
for n in $(seq 50); do
	grep -q "^delete ct timeout" "$TMPD/to" && break
	sleep 0.1
done
kill "$pid"
assert_match "^delete ct timeout ip t to1$" "$(cat "$TMPD/to")" \
	"monitor: a removed ct timeout"
