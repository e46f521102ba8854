#!/bin/bash
# Which errors a file gets, and in which order, as 1.1.3 reports them: it
# parses the whole input first (syntax errors, and the few checks its
# parser makes, in the order of the text), then evaluates what parsed,
# even after syntax errors (chains, objects, sets, then rules). Each case
# lists the places (LINE:FIRST-LAST) of its errors; with the reference at
# hand, it must list the same.
. "$TESTDIR/lib.sh"

is_system_nft && skip "tests our error order, not the system nft's"

# places FILE NFT...: the LINE:COLS of each error NFT prints for FILE
places()
{
	local f=$1
	shift
	"$@" -f "$f" 2>&1 | sed -n 's/^[^ ]*\.nft:\([0-9]*:[0-9]*-[0-9]*\): Error: .*/\1/p' |
		tr '\n' ' ' | sed 's/ $//'
}

# check NAME "PLACES" "FIRST WORDS" < FILE
check()
{
	local name=$1 want=$2 words=$3 f="$TMPD/$1.nft" got err
	cat > "$f"
	got=$(places "$f" nft)
	assert_eq "$got" "$want" "$name: errors and their order"
	err=$(nft -f "$f" 2>&1 | grep -m1 'Error:')
	assert_match "Error: $words" "$err" "$name: first error"
	if have_ref; then
		assert_eq "$(places "$f" "$SRCDIR/tools/ref" nft)" "$want" \
			"$name: the reference's"
	fi
	nft list ruleset > "$TMPD/out" || fail "$name: list"
	[ ! -s "$TMPD/out" ] || fail "$name: loaded $(cat "$TMPD/out")"
}

# Evaluation goes on after a syntax error; its errors follow.
check after-syntax "5:27-27 2:36-54 3:39-53 6:18-29" \
	"syntax error, unexpected -" <<'EOF'
table ip t {
	chain c2 { type filter hook input priority dstnat + 1; }
	set s { type ipv4_addr; elements = { 1.2.3.4-1.2.3.5 } }
}
add rule ip t c2 ip id gt -1
add rule ip t c2 meta nfproto ipv4
EOF

# An unknown chain type or hook is the parser's error, said once.
check chain-names "2:26-30 3:18-22 6:30-30 4:35-49" "unknown chain hook" <<'EOF'
table inet t {
	chain c { type nat hook bogus priority srcnat; }
	chain c2 { type bogus hook input priority dstnat; }
	chain d { type filter hook input priority dstnat; }
}
add rule inet t c ip id { 1, -1 }
EOF

# A policy is accept, drop or a variable: any other word is a syntax
# error; a variable's wrong value is refused where it is defined.
check policy "4:54-59 5:54-58 1:12-16 3:8-8" \
	"syntax error, unexpected quoted string" <<'EOF'
define w = maybe
table ip t {
	chain c { type filter hook input priority 0; policy $w; }
	chain d { type filter hook input priority 0; policy "drop"; }
	chain e { type filter hook input priority 0; policy maybe; }
}
EOF

# Recovery inside blocks; a table block the end of file cut short is
# not evaluated, and the end is where the next line would start.
check recovery "4:12-12 10:2-6 14:56-56 16:1-1 2:36-50 5:3-14 9:36-50" \
	"syntax error, unexpected -" <<'EOF'
table ip t {
	chain c1 { type filter hook input priority dstnat; }
	chain r {
		ip id gt -1
		meta nfproto ipv4
	}
}
table ip t2 {
	chain c1 { type filter hook input priority dstnat; }
	bogus stuff
}
table ip t3 {
	chain c1 { type filter hook input priority dstnat; }
	set s { type ipv4_addr; elements = { 1.2.3.4-1.2.3.5, -1 } }
}
EOF

# What 1.1.3's parser refuses of a set declaration, found by our
# evaluator, takes its place among the syntax errors.
check parse-like "3:16-21 4:28-36 5:26-26 7:23-23 2:35-49 3:6-7 4:6-6 5:6-7" \
	"unknown datatype ifkind" <<'EOF'
table ip t {
	chain c { type filter hook input priority dstnat; }
	set s0 { type ifkind; }
	map m { typeof ip saddr : ipv4_addr; }
	set s4 { type ipv4_addr : ipv4_addr; }
}
add rule ip t c ip id -1
EOF

# A negative number is no value (but alone in a define); '[' only opens
# an IPv6 address written "[addr]".
check negative "5:48-48 6:43-43 7:43-43" "syntax error, unexpected -" <<'EOF'
define p = -5
table ip6 t {
	chain c { type nat hook postrouting priority $p; }
}
add rule ip6 t c ip6 nexthdr tcp meta mark set -1
add rule ip6 t c meta l4proto tcp snat to [2001:db8::1a-2001:db8::ef16]:80
add rule ip6 t c meta l4proto tcp snat to [ 2001:db8::1a ]:80
add rule ip6 t c meta l4proto tcp snat to [2001:db8::1a]:80
EOF

# check_first NAME PLACE "FIRST WORDS" < FILE: the first error alone
check_first()
{
	local name=$1 want=$2 words=$3 f="$TMPD/$1.nft" err
	cat > "$f"
	err=$(nft -f "$f" 2>&1 | grep -m1 'Error:')
	assert_match "^[^ ]*:$want: Error: $words" "$err" "$name: first error"
	if have_ref; then
		err=$("$SRCDIR/tools/ref" nft -f "$f" 2>&1 | grep -m1 'Error:')
		assert_match "^[^ ]*:$want: " "$err" "$name: the reference's"
	fi
}

# What 1.1.3 leaves to the kernel (a jump to a missing chain or to a
# base chain, a rule of a missing table) cannot come before what its
# evaluation refuses: it asks the kernel nothing then.
check_first kernel-last 6:17-28 "meta nfproto is only useful" <<'EOF'
table ip t {
	chain c { type filter hook input priority 0; }
}
add rule ip t c jump nosuch
add rule ip t c jump c
add rule ip t c meta nfproto ipv4
EOF
check_first kernel-last-table 2:14-20 "No such file or directory" <<'EOF'
add rule ip nosuch c counter
add chain ip nosuch2 c
EOF

# Evaluation takes a table block's chains, then its objects, then its
# sets, then the rules of its chains; a ct timeout's state its protocol
# lacks is evaluation's error, in the object's turn.
check eval-order "7:36-54 5:43-53 6:39-53 3:3-14 9:17-28" \
	"invalid priority expression value" <<'EOF'
table ip t {
	chain r {
		meta nfproto ipv4
	}
	ct timeout to { protocol udp; policy = { established: 100, close: 10 }; }
	set s { type ipv4_addr; elements = { 1.2.3.4-1.2.3.5 } }
	chain c2 { type filter hook input priority dstnat + 1; }
}
add rule ip t r meta nfproto ipv4
EOF

# A set whose elements are refused is still the set its rules look up:
# no "No such file or directory" under @s.
check_first set-found 2:39-53 "You must add 'flags interval'" <<'EOF'
table ip t {
	set s { type ipv4_addr; elements = { 1.2.3.4-1.2.3.5 } }
	set s2 { type ipv4_addr; elements = { 1.2.3.4 timeout 1m } }
	chain c { type filter hook input priority 0; }
}
add rule ip t c ip saddr @s
add rule ip t c ip saddr @s2
EOF
err=$(nft -f "$TMPD/set-found.nft" 2>&1)
assert_eq "$(printf '%s\n' "$err" | grep -c ':[67]:.*Error')" 0 "set-found: the rules find their sets"

# A set statement's value after ct or meta: that selector's keywords
# are no values there (1.1.3's scanner keeps them for the whole value).
check_first keyset 4:34-39 "syntax error, unexpected helper" <<'EOF'
table ip t {
	chain c { type filter hook input priority 0; }
}
add rule ip t c ct event set new,helper
add rule ip t c meta mark set length
EOF

# A set statement's value may be an osf, TCP or IP option or SCTP chunk
# expression, not a fib one.
check setval "6:31-33 7:34-41 4:31-38" "syntax error, unexpected fib" <<'EOF'
table ip t {
	chain c { type filter hook input priority 0; }
}
add rule ip t c meta mark set osf name
add rule ip t c meta mark set sctp chunk data flags
add rule ip t c meta mark set fib daddr oif
add rule ip t c meta mark set rt seg-left
EOF

# After a family or "prefix" a NAT statement takes an address: ":PORT"
# alone is a syntax error under the colon; "mark" is a ct keyword in a
# set statement's flags.
check nat-port "5:45-45 6:49-49 7:40-43" "syntax error, unexpected colon" <<'EOF'
table ip t {
	chain c { type nat hook postrouting priority 0; }
}
add rule ip t c meta l4proto tcp snat to :80
add rule ip t c meta l4proto tcp snat ip to :80
add rule ip t c meta l4proto tcp dnat prefix to :80
add rule ip t c ct event set protoinfo,mark
EOF

# An Ethernet address is six bytes to the scanner: a seventh is a colon
# and a number, a syntax error under the colon.
check lladdr "4:44-44 5:54-54" "syntax error, unexpected colon" <<'EOF'
table bridge t {
	chain c { type filter hook input priority 0; }
}
add rule bridge t c ether saddr 1:2:3:4:5:6:7
add rule bridge t c ether saddr set 11:22:33:44:55:66:77
EOF

# A meter's key needs a statement after it: a syntax error at the brace.
check meter "4:47-47 2:35-49" "syntax error, unexpected '}'" <<'EOF'
table ip t {
	chain c { type filter hook input priority dstnat; }
}
add rule ip t c meter m { ip saddr timeout 1m } accept
EOF

# After the 10th syntax error the parser stops; the line of the last one
# prints whole (the scanner had cut it at the token).
{
	echo 'table ip t {'
	echo '	chain c { type filter hook input priority dstnat; }'
	echo '}'
	for i in $(seq 12); do echo "add rule ip t c ip id -1 counter"; done
} > "$TMPD/ten.nft"
err=$(nft -f "$TMPD/ten.nft" 2>&1)
assert_eq "$(printf '%s\n' "$err" | grep -c 'syntax error')" 10 "ten syntax errors"
assert_eq "$(printf '%s\n' "$err" | grep -c '^add rule ip t c ip id -1 counter$')" 10 \
	"each with its whole line"
assert_match "ten.nft:2:.*invalid priority" "$(printf '%s\n' "$err" | tail -3)" \
	"then evaluation's"

# dup takes an address range or prefix in the grammar and refuses it at
# evaluation, after the device; a family without dup says so first.
check dup-range "4:24-33 5:24-38 8:18-44" \
	"dup: range argument not supported" <<'EOF'
table ip t {
	chain c { type filter hook input priority 0; }
}
add rule ip t c dup to 1.2.3.4/24
add rule ip t c dup to 1.2.3.4-1.2.3.9 device lo
add table arp a
add chain arp a c
add rule arp a c dup to 1.2.3.4/24 device lo
EOF

# A packet limit's burst of 0 is the parser's error, before the rate's
# and before evaluation's; the rest of its line is skipped.
check limit-burst "5:37-51 4:33-41" "packet limit burst must be > 0" <<'EOF'
table ip t {
	chain c { type filter hook input priority 0; }
}
add rule ip t c ip protocol tcp udp dport 1
add rule ip t c limit rate 0/second burst 0 packets burst 0 packets
EOF

# A day past Saturday compared with meta day is refused as the values
# are parsed, in their order (a range whole); a map's key takes it.
check day-values "3:31-34 4:31-33 5:26-29" "Value 255 exceeds valid range 0-6" <<'EOF'
table ip t { chain c { type filter hook input priority 0; }
}
add rule ip t c meta day == { 0377, 0xff, 0x4e-0x68, Fri-Tuesday }
add rule ip t c meta day == { Fri, 0377 }
add rule ip t c meta day 3-86
add rule ip t c meta day vmap { 86 : accept }
EOF

# A quota whose used bytes pass its size is the kernel's to refuse: the
# rules' evaluation errors come first, and there are none of ours.
check quota-used "5:29-37" "conflicting transport layer protocols" <<'EOF'
table ip t {
	chain c { type filter hook input priority filter; }
}
add rule ip t c quota over 1460 bytes used 18 kbytes
add rule ip t c tcp dport 1 udp dport 2
EOF

# A table block's map naming an object that is not there: the kernel
# refuses the element, the caret under its key.
check objmap-missing "3:64-70" "Could not process rule: No such file or directory" <<'EOF'
table ip t {
	counter c { }
	map m { type ipv4_addr : counter; elements = { 1.2.3.4 : "c", 1.2.3.5 : "o" } }
}
EOF

# A jump to a base chain is the kernel's to refuse: in the batch's turn,
# after an object before it that the kernel refuses too.
check jump-base "2:10-11 5:22-22" "Could not process rule: No such file or directory" <<'EOF'
table ip t {
	secmark sm { "system_u:object_r:ssh_server_packet_t:s0" }
	chain c { type filter hook input priority filter; }
}
add rule ip t c jump c
EOF

# Within a set, member by member: a value out of a numgen's or a hash's
# range before a later one that does not parse; a concatenation's
# member shifted down takes the bits of its shift too (ip6 ecn: 0-63),
# so a later statement's error comes first.
check set-members "5:41-41 6:63-71" "Value 5 exceeds valid range 0-1" <<'EOF'
table inet t {
	set dyn { typeof ip saddr; flags dynamic; }
	chain c { type filter hook input priority filter; }
}
add rule inet t c numgen inc mod 2 { 0, 5, "foo" }
add rule inet t c ip6 ecn . ct mark { 4 . 0x0 } delete @dyn { tcp dport }
EOF

# An interval set's conflicting members before an option the kernel
# refuses (a timeout in a set without timeouts).
check conflict-first "2:76-83" "conflicting intervals specified" <<'EOF'
table ip t {
	set s { type mark; flags interval; elements = { 77-0x940B2B57 timeout 2h, 91767970 } }
}
EOF

# A value refused where a variable stands: under its definition, the
# braces of a list too.
check var-value "1:13-38 2:13-13" "Cannot be used with right hand side constant value" <<'EOF'
define V0 = { 4294967295, 2697722967 }
define V1 = 5
table ip6 t {
	chain c { type filter hook input priority filter; }
}
add rule ip6 t c meta secmark $V0
add rule ip6 t c meta secmark $V1
EOF

# The count: evaluation stops when parsing's and its own errors reach 10
# (9 syntax errors: one of evaluation's; 3: seven), but not after ten
# syntax errors (all twelve).
for n in 9:1 3:7 10:12; do
	{
		echo 'table ip t {'
		for i in $(seq 12); do
			echo "	chain c$i { type filter hook input priority dstnat; }"
		done
		echo '}'
		for i in $(seq "${n%:*}"); do echo "add rule ip t c1 ip id -1"; done
	} > "$TMPD/cap.nft"
	err=$(nft -c -f "$TMPD/cap.nft" 2>&1)
	assert_eq "$(printf '%s\n' "$err" | grep -c 'invalid priority')" "${n#*:}" \
		"${n%:*} syntax errors: ${n#*:} of evaluation"
done
exit 0
