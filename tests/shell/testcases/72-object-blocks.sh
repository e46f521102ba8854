#!/bin/bash
# Declaration blocks of stateful objects as upstream 1.1.3 reads them:
# counter, quota, limit, secmark and synproxy settings and comments one
# after another, with or without separators ("quota q { 25 mbytes comment
# "x" }"), the ct objects' one setting per item; the first error's words
# and columns (a wrong unit spanning its setting, "missing options" under
# a ct expectation's name, a ct timeout's states checked against its
# protocol when evaluated, after the table's chains), what 1.1.3 leaves
# to the kernel (a quota used beyond itself, a ct helper without a type)
# refused by it under the name; listings, JSON (a byte limit without a
# burst has none) and echoes (a synproxy's spacing) as 1.1.3's. Each
# declaration is loaded by both in a table block and compared.
. "$TESTDIR/lib.sh"

have_ref || skip "no reference nft (tools/ref make)"

# first ERROR-LINE of stderr, file:line:columns and words; else the
# listing and JSON
outcome()
{
	local out
	if out=$("$@" -f "$TMPD/o.nft" 2>&1); then
		"$@" list ruleset
		"$@" -j list ruleset | sed -e 's/"metainfo": {[^}]*}/M/' \
			-e 's/"handle": [0-9]*/"handle": N/g'
	else
		printf '%s\n' "$out" | grep -m1 'Error:'
	fi
	"$@" flush ruleset
}

n=0
while IFS= read -r decl; do
	[ -n "$decl" ] || continue
	printf 'table ip t {\n\t%s\n\tchain c { type filter hook forward priority 0; }\n}\n' \
		"$decl" > "$TMPD/o.nft"
	want=$(outcome "$SRCDIR/tools/ref" nft)
	got=$(outcome nft)
	[ "$got" = "$want" ] ||
		fail "$decl: 1.1.3 says
$want
we say
$got"
	n=$((n + 1))
done <<'DECLS'
quota q { 3814 kbytes comment "o"; }
quota q { 3814 kbytes; comment "o"; }
quota q { comment "o" 25 mbytes }
quota q { over 25 mbytes used 3 kbytes comment "o" }
quota q { 1 kbytes 2 kbytes }
quota q { 1 kbytes comment "a" comment "b" }
quota q { 2921 gbytes used 11 bytes }
quota q { over 4920 gbytes }
quota q { 5 bytes used 3 gbytes }
quota q { comment "x"; 5 gbytes }
quota q { comment "x" 5 gbytes }
quota q { 10 bytes used 20 bytes }
limit l { rate 884/second comment "o"; }
limit l { rate over 691 mbytes/minute burst 77 mbytes comment "o"; }
limit l { comment "x" rate 1/second }
limit l { rate 5 gbytes/second }
limit l { rate over 5 mbytes/second burst 3 gbytes }
limit l { rate over 661 kbytes/minute }
limit l { rate 5 bytes/second burst 5 bytes }
counter c { comment "o" }
counter c { packets 1 bytes 2 comment "o"; }
synproxy s { mss 50054; wscale 0; timestamp comment "o"; }
synproxy s { mss 1 wscale 2 sack-perm }
synproxy s { mss 1 wscale 2 timestamp }
synproxy s { mss 1; wscale 2; mss 3; wscale 4; }
synproxy s { }
synproxy s { timestamp comment "o" sack-perm }
synproxy s { mss 5; sack-perm }
synproxy s { wscale 5 }
synproxy s { mss 1; wscale 2 timestamp }
synproxy s { mss 1 wscale 2; timestamp }
synproxy s { mss 1; wscale 2 }
ct helper h { type "ftp" protocol tcp comment "o" }
ct helper h { }
ct expectation e { protocol tcp; dport 1; timeout 1s; size 1 comment "o" }
ct expectation e { protocol tcp; dport 8927; timeout 1m; size 0; l3proto ip; comment "o"; }
ct expectation e { }
ct timeout t { protocol tcp comment "o"; }
ct timeout t { }
ct timeout t { policy = { established: 100 }; protocol tcp; }
ct timeout t { policy = { established: 100 }; }
ct timeout t { protocol udp; policy = { established: 100, close: 10 }; comment "o"; }
ct timeout t { protocol tcp; policy = { unreplied: 10, replied: 20 }; }
secmark s { }
counter c { packets 1 }
counter c { bytes 2 packets 1 }
counter c { packets 1 bytes 2 packets 3 bytes 4 }
counter c { packets 1; bytes 2 }
quota q { over }
quota q { 5 }
quota q { mbytes }
quota q { 5 mbytes used }
quota q { until 5 mbytes }
quota q { over 5 mbytes; over 6 bytes }
limit l { rate 5 }
limit l { rate 5/second burst 5 }
limit l { rate 5/second burst 5 bytes }
limit l { rate 5 kbytes/second burst 5 packets }
limit l { rate over }
limit l { 5/second }
limit l { rate 0/second }
limit l { rate 5/second burst 0 packets }
limit l { rate 5 kbytes/second burst 0 bytes }
limit l { rate 5 kbytes / second }
limit l { rate 5 /second }
secmark s { foo }
secmark s { "a" "b" }
secmark s { 5 }
ct helper h { type ftp protocol tcp; }
ct helper h { type "ftp" protocol sctp; }
ct helper h { protocol tcp type "ftp"; }
ct helper h { type "ftp" protocol tcp; l3proto foo; }
ct helper h { type "ftp"; }
ct expectation e { protocol 6; dport 1; timeout 1s; size 1; }
ct expectation e { protocol tcp; dport 1; timeout 1h; size 1; }
ct expectation e { protocol tcp; dport 1; timeout 100; size 1; }
ct timeout t { protocol tcp; policy = { established: 100 } }
ct timeout t { protocol tcp; policy = { established 100 } }
ct timeout t { protocol tcp; policy = { established: 1m } }
ct timeout t { protocol tcp; l3proto ip6; }
ct helper h { type "ftp" protocol tcp }
ct expectation e { protocol tcp; dport 1; timeout 1s; size 1 }
ct timeout t { protocol tcp }
ct helper h { type "ftp" protocol tcp; l3proto ip }
ct expectation e { protocol tcp; l3proto ip6; dport 1; timeout 1s; size 1; l3proto foo; }
ct expectation e { protocol tcp; dport tcp; timeout 1s; size 1; }
ct expectation e { protocol tcp dport 1; }
ct helper h { type "ftp" protocol tcp; type "ftp" protocol udp; }
ct timeout t { protocol tcp; policy = { established: 100, }; }
ct timeout t { protocol tcp; policy = { established: 100, close 5 }; }
ct timeout t { protocol tcp; policy = { established: foo }; }
ct timeout t { protocol tcp; policy = { 5: 100 }; }
ct timeout t { protocol tcp; policy = { "established": 100 }; }
ct helper h { type "ftp" protocol tcp; comment "o" }
ct timeout t { protocol tcp; policy { established: 5 }; }
ct timeout t { protocol tcp; policy = established; }
ct expectation e { protocol tcp; dport 1; timeout foo; size 1; }
ct expectation e { protocol tcp; dport 1; timeout 1s; size -1; }
synproxy s { mss 1 wscale 15 }
counter c { packets -1 bytes 2 }
counter c { packets x bytes 2 }
quota q { comment }
quota q { comment; }
synproxy s { mss 1 }
ct timeout t { policy = { a : }; }
counter c { packets 1 bytes 2 3 }
ct expectation e { size 1 2; }
limit l { rate 5/second burst 5 packets burst }
counter "a b" { }
counter counter { }
quota quota { 5 bytes }
limit rate { rate 1/second }
counter rate { }
ct timeout to { protocol tcp; }
synproxy bytes { }
quota packets { 5 bytes }
counter ip { }
quota last { 5 bytes }
counter 5 { }
counter chunk { }
limit burst { rate 1/second }
quota q { 1 kbytes comment "xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx" }
DECLS
ok "$n declarations as 1.1.3 reads them"

# the first error of a block: its chains' before its objects'
cat > "$TMPD/o.nft" <<'NFT'
table bridge t {
	ct expectation e { protocol tcp; dport 1; timeout 1m; size 0; }
	ct timeout to { protocol udp; policy = { established: 100 }; }
	chain c { type filter hook forward priority dstnat - 194; }
}
NFT
assert_eq "$(outcome nft)" "$(outcome "$SRCDIR/tools/ref" nft)" \
	"a chain's error before an object's"

# echoes: a synproxy's parts bring their spaces ("{; }" when empty)
nft add table ip t
"$SRCDIR/tools/ref" nft add table ip t2
for b in '{ mss 1 wscale 2 sack-perm comment "x"; }' '{ comment "x"; }' \
	 '{ }' '{ mss 1 wscale 2 timestamp }'; do
	got=$(nft -a -e add synproxy ip t s "$b" | head -1)
	want=$("$SRCDIR/tools/ref" nft -a -e add synproxy ip t2 s "$b" | head -1)
	assert_eq "$got" "${want/ t2 / t }" "echo of synproxy $b"
	nft delete synproxy ip t s
	"$SRCDIR/tools/ref" nft delete synproxy ip t2 s
done

# "meta secmark set" names an object: a number in decimal, a variable's
# name where it is defined (1.1.3's kernel error points there)
cat > "$TMPD/o.nft" <<'NFT'
define V0 = 141
define H = "h"
table inet t {
	ct helper h { type "ftp" protocol tcp; }
	chain c { type filter hook output priority filter; }
}
add rule inet t c ct helper set $H
add rule inet t c meta secmark set 0x10
add rule inet t c meta secmark set $V0 accept
NFT
want=$("$SRCDIR/tools/ref" nft --debug=netlink -f "$TMPD/o.nft" 2>&1 |
	grep -E 'objref|Error' | sort)
got=$(nft --debug=netlink -f "$TMPD/o.nft" 2>&1 | grep -E 'objref|Error' | sort)
assert_eq "$got" "$want" "objects named by numbers and variables"

# values past their field: 1.1.3 cuts them down unsaid (dport 99999 is
# 34463), we refuse them (README, Differences)
for decl in 'ct expectation e { protocol tcp; dport 99999; timeout 1s; size 1; }' \
	    'ct expectation e { protocol tcp; dport 1; timeout 1s; size 300; }' \
	    'synproxy s { mss 70000 wscale 2 }'; do
	printf 'table ip t {\n\t%s\n}\n' "$decl" > "$TMPD/o.nft"
	out=$(nft -f "$TMPD/o.nft" 2>&1) && fail "$decl: loaded"
	assert_match 'Error: Value [0-9]+ exceeds valid range 0-[0-9]+' "$out" \
		"$decl: refused"
done

# listing, resetting, deleting what is missing: 1.1.3's words, the caret
# under the table when it is the table that is missing (destroy too)
nft flush ruleset
"$SRCDIR/tools/ref" nft flush ruleset
nft add table inet t
for c in "list counters table ip t" "list quotas table inet nope" \
	 "list counter inet t nope" "list counter inet nope c" \
	 "list ct helper inet t nope" "list quota ip t q" \
	 "reset counter inet t nope" "reset counter inet nope c" \
	 "reset quotas table ip t" "delete counter inet t nope" \
	 "delete quota inet nope q" "delete quota inet nope handle 5" \
	 "destroy quota inet nope q" "destroy chain inet nope c" \
	 "destroy flowtable inet nope f" "destroy rule inet nope c handle 4"; do
	got=$(nft $c 2>&1; echo "rc=$?")
	want=$("$SRCDIR/tools/ref" nft $c 2>&1; echo "rc=$?")
	assert_eq "$got" "$want" "$c"
done
