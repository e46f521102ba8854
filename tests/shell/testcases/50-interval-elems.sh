#!/bin/bash
# Interval sets and maps whose elements carry options (timeout, expires,
# comment): the start element holds them, as the system nft writes them
# (bytecode and listings both ways, JSON back in); auto-merge keeps the
# lowest new member's options, merging with the set's own elements too;
# -e and -e -j of interval elements and of sets added in the same batch
# or table block print what the system nft prints; "get element" finds
# values in concatenated (interval) sets and maps; a timeout on an
# interval expires it.
. "$TESTDIR/lib.sh"

ns_new

noexp='s/ expires [0-9hmsd]*//g'
nogen='s/^# new generation.*//'

cat > "$TMPD/iv.nft" <<'NFT'
table ip iv {
	set s {
		type ipv4_addr
		flags interval,timeout
		elements = { 1.1.1.1-1.1.1.5 comment "r", 10.0.0.0/8 timeout 10m comment "p",
			     192.168.1.1 timeout 1h, 255.255.255.0/24 comment "top" }
	}

	set d {
		type ipv4_addr
		flags interval
		timeout 1h
		elements = { 10.0.0.0/8 timeout 10m comment "a", 11.0.0.0/8 }
	}

	set c {
		type ipv4_addr . inet_service
		flags interval,timeout
		elements = { 1.1.1.1 . 80 comment "one",
			     10.0.0.0/8 . 22-25 timeout 10m comment "net" }
	}

	set p {
		type inet_service
		flags interval
		elements = { 22-23 comment "ssh", 80 }
	}

	map m {
		type ipv4_addr : verdict
		flags interval
		elements = { 10.0.0.0/8 comment "a" : accept, 11.0.0.0/8 : drop,
			     12.0.0.0/8 comment "c" : accept, 255.0.0.0/8 comment "t" : drop }
	}
}
NFT
nft -f "$TMPD/iv.nft" || fail "loading interval elements with options"
ok "interval elements with options loaded"
nft list ruleset | sed "$noexp" > "$TMPD/ours"
assert_match '1.1.1.1-1.1.1.5 comment "r", 10.0.0.0/8 timeout 10m comment "p"' \
	"$(joined "$(cat "$TMPD/ours")")" "a range's and a prefix's options listed"
assert_match '255.255.255.0/24 comment "top"' "$(cat "$TMPD/ours")" \
	"an interval up to the top keeps its comment"
assert_match '10.0.0.0/8 . 22-25 timeout 10m comment "net"' \
	"$(cat "$TMPD/ours")" "a concatenated interval's options"
assert_match '22-23 comment "ssh", 80' "$(joined "$(cat "$TMPD/ours")")" \
	"a port range lists as a range"
assert_match '11.0.0.0/8 : drop,.*12.0.0.0/8 comment "c" : accept' \
	"$(tr -d '\n\t' < "$TMPD/ours")" "interval map elements' comments"
if have_ref; then
	refnft list ruleset | sed "$noexp" > "$TMPD/sys"
	assert_files_eq "$TMPD/sys" "$TMPD/ours" "ours listed by the system nft"
	nft flush ruleset
	refnft -f "$TMPD/iv.nft" || fail "the system nft loads the file"
	nft list ruleset | sed "$noexp" > "$TMPD/ours2"
	assert_files_eq "$TMPD/sys" "$TMPD/ours2" "the system nft's listed by ours"
	nft --debug=netlink -c -f "$TMPD/iv.nft" 2>&1 | grep element > "$TMPD/ours.nl"
	refnft --debug=netlink -c -f "$TMPD/iv.nft" 2>&1 | grep element > "$TMPD/sys.nl"
	assert_files_eq "$TMPD/sys.nl" "$TMPD/ours.nl" \
		"start and end elements, user data, as the system nft's"
	refnft -j list ruleset > "$TMPD/sys.json"
	nft flush ruleset
	nft -j -f "$TMPD/sys.json" || fail "loading the system nft's JSON"
	nft list ruleset | sed "$noexp" > "$TMPD/ours3"
	assert_files_eq "$TMPD/sys" "$TMPD/ours3" "the system nft's JSON loaded by ours"
fi
nojs='s/"expires": [0-9]*, //g; s/, "expires": [0-9]*//g'
nft -j list ruleset | sed "$nojs" > "$TMPD/j1"
assert_match '\{"elem": \{"val": \{"range": \["1.1.1.1", "1.1.1.5"\]\}, "comment": "r"\}\}' \
	"$(cat "$TMPD/j1")" "a range's options in JSON"
nft -j list ruleset > "$TMPD/j1full"
nft flush ruleset
nft -j -f "$TMPD/j1full" || fail "loading our JSON back"
nft -j list ruleset | sed "$nojs" > "$TMPD/j2"
assert_eq "$(json_strip_handles "$TMPD/j2")" "$(json_strip_handles "$TMPD/j1")" \
	"JSON round trip"
nft flush ruleset

# auto-merge: within the command the lowest member's options; merged
# with the set's own elements, the new ones'
merge_steps()
{
	local n=$1 t=$2
	$n add table ip "$t" &&
	$n add set ip "$t" s '{ type ipv4_addr; flags interval,timeout; timeout 1h; auto-merge; }' &&
	$n add element ip "$t" s '{ 10.0.0.0/8 timeout 10s comment "x", 11.0.0.0/8 comment "b", 1.1.1.3-1.1.1.9 comment "q", 1.1.1.1-1.1.1.5 }' &&
	$n add element ip "$t" s '{ 12.0.0.0/8 comment "c", 1.1.1.8-1.1.1.20 comment "z", 7.7.7.7 }'
}
merge_steps nft mo || fail "auto-merge adds"
assert_match 'elements = \{ 1.1.1.1-1.1.1.20 comment "z", 7.7.7.7,.*10.0.0.0-12.255.255.255 comment "c" \}' \
	"$(joined "$(nft list set ip mo s | sed "$noexp")")" \
	"merged with the set's elements, the new options kept"
if have_ref; then
	merge_steps refnft ms || fail "auto-merge adds (system nft)"
	assert_eq "$(nft list set ip mo s | sed "$noexp")" \
		"$(nft list set ip ms s | sed "$noexp; s/table ip ms/table ip mo/")" \
		"auto-merge as the system nft's"
fi
out=$(nft -e -j add element ip mo s '{ 1.1.1.21-1.1.1.30, 30.0.0.0/8, 31.0.0.0/8 comment "n" }')
assert_match '"val": \{"range": \["1.1.1.1", "1.1.1.30"\]\}, "expires": (3600|3599)\}.*"val": \{"prefix": \{"addr": "30.0.0.0", "len": 7\}\}, "expires": (3600|3599)\}' \
	"$out" "-e -j of auto-merged elements: what the kernel got"
if have_ref; then
	# the expiry the kernel echoes may be a second down on either side
	assert_eq "$(echo "$out" | sed 's/"expires": [0-9]*/"expires": E/g')" \
		"$(refnft -e -j add element ip ms s '{ 1.1.1.21-1.1.1.30, 30.0.0.0/8, 31.0.0.0/8 comment "n" }' |
		   sed 's/"table": "ms"/"table": "mo"/g; s/"expires": [0-9]*/"expires": E/g')" \
		"-e -j of auto-merged elements as the system nft's"
fi
nft flush ruleset

# auto-merge, several "add element" commands in one batch: each merges
# with what the ones before left (adjacent, contained, overlapping), also
# with rules in between and with the set's declaration in the same file
batch_merge()
{
	local n=$1 t=$2
	$n -f - <<NFT &&
table ip $t { set s { type ipv4_addr; flags interval; auto-merge; elements = { 10.0.2.0/24 }; }; chain c { }; }
add element ip $t s { 10.0.0.0/24 }
add element ip $t s { 10.0.1.0/24 }
NFT
	$n "add element ip $t s { 10.0.3.0/24 }; add element ip $t s { 10.0.3.128/25 }; add element ip $t s { 10.0.5.0/24 }; add element ip $t s { 10.0.4.0-10.0.5.10 }" &&
	$n "add element ip $t s { 10.9.0.0/24 }; add rule ip $t c accept; add element ip $t s { 10.9.0.128/25 }; add rule ip $t c accept; add element ip $t s { 10.9.0.0/25 }"
}
batch_merge nft bm || fail "auto-merge of several commands in one batch"
assert_match 'elements = \{ 10.0.0.0-10.0.5.255, 10.9.0.0/24 \}' \
	"$(joined "$(nft list set ip bm s)")" "commands of one batch merged with each other"
if have_ref; then
	batch_merge refnft bs || fail "batch auto-merge (system nft)"
	assert_eq "$(nft list set ip bm s)" \
		"$(nft list set ip bs s | sed 's/table ip bs/table ip bm/')" \
		"batch auto-merge as the system nft's"
fi
nft "add element ip bm s { 10.9.1.0/24 }; add rule ip bm c accept; add element ip bm s { 10.9.1.128/25 }; add element ip bm s { 10.9.2.0/24 }; add element ip bm s { 10.9.3.0/24 }" ||
	fail "merging across a rule"
assert_match 'elements = \{ 10.0.0.0-10.0.5.255, 10.9.0.0/22 \}' \
	"$(joined "$(nft list set ip bm s)")" "merged across a rule in between"
# the system nft fails on this one (it deletes 10.0.3.0/24, which the
# kernel got merged into 10.0.2.0-10.0.3.255)
nft -f - <<'NFT' || fail "declaration of several members and later adds"
table ip bd { set s { type ipv4_addr; flags interval; auto-merge; elements = { 10.0.2.0/24, 10.0.3.0/24 }; }; chain c { }; }
add element ip bd s { 10.0.4.0/24 }
add rule ip bd c accept
add element ip bd s { 10.0.1.0/24 }
NFT
assert_match 'elements = \{ 10.0.1.0-10.0.4.255 \}' "$(nft list set ip bd s)" \
	"later adds merged with a declaration's merged members"
# -e -j: the declaration's elements as sent, then what the add merged
out=$(nft -e -j -f - <<'NFT'
table ip be { set s { type ipv4_addr; flags interval; auto-merge; elements = { 10.0.2.0/24, 10.0.3.0/24 }; }; }
add element ip be s { 10.0.4.0/24 }
NFT
)
assert_match '"prefix": \{"addr": "10.0.2.0", "len": 23\}.*"range": \["10.0.2.0", "10.0.4.255"\]' \
	"$out" "-e -j of a declaration and an add merged with it"
nft flush ruleset

# -e of interval elements, of sets added in the batch and table blocks
cat > "$TMPD/e1.nft" <<'NFT'
add table ip t
add set ip t s { type ipv4_addr; flags interval; }
add element ip t s { 10.0.0.0/8, 1.1.1.1-1.1.1.5 comment "r", 2.2.2.2 }
add set ip t p { type ipv4_addr; }
add element ip t p { 3.3.3.3, 4.4.4.4 comment "c" }
add map ip t m { type ipv4_addr : verdict; flags interval; }
add element ip t m { 10.0.0.0/8 comment "c" : accept, 20.0.0.0/8 : drop }
NFT
cat > "$TMPD/e2.nft" <<'NFT'
table ip u {
	set s {
		type ipv4_addr
		flags interval
		elements = { 10.0.0.0/8, 1.1.1.1-1.1.1.5 comment "r", 255.255.0.0/16 }
	}
	set p {
		type ipv4_addr
		elements = { 5.5.5.5, 6.6.6.6 }
	}
}
NFT
nft -e -f "$TMPD/e1.nft" | sed "$nogen" > "$TMPD/e1.ours" || fail "-e -f"
assert_match '^add set ip t s \{ type ipv4_addr; flags interval; \} $' \
	"$(cat "$TMPD/e1.ours")" "a set's echo"
assert_match '^add element ip t s \{ 1.1.1.1-1.1.1.5 comment "r" \}
add element ip t s \{ 2.2.2.2 \}
add element ip t s \{ 10.0.0.0/8 \}$' "$(cat "$TMPD/e1.ours")" \
	"interval elements echoed one a line, in order"
nft -e -f "$TMPD/e2.nft" | sed "$nogen" > "$TMPD/e2.ours" || fail "-e -f block"
assert_match '^add element ip u s \{ 255.255.0.0/16 \}$' \
	"$(cat "$TMPD/e2.ours")" "an interval up to the top echoed"
nft flush ruleset
nft -e -j -f "$TMPD/e1.nft" > "$TMPD/e1j.ours" || fail "-e -j -f"
nft -e -j -f "$TMPD/e2.nft" > "$TMPD/e2j.ours" || fail "-e -j -f block"
assert_match '\{"add": \{"element": \{"family": "ip", "table": "u", "name": "s", "elem": \{"set": \[\{"elem": \{"val": \{"range": \["1.1.1.1", "1.1.1.5"\]\}, "comment": "r"\}\}\]\}\}\}\}' \
	"$(cat "$TMPD/e2j.ours")" "-e -j of a table block's interval element"
out=$(nft -e add element ip t s '{ 20.0.0.0/8 comment "x", 2.1.1.1-2.1.1.5 }' | sed "$nogen")
assert_eq "$out" 'add element ip t s { 2.1.1.1-2.1.1.5 }
add element ip t s { 20.0.0.0/8 comment "x" }' \
	"-e of add element on an interval set"
out=$(nft -e create element ip t s '{ 30.0.0.0/8, 3.3.3.3 }' | sed "$nogen")
assert_eq "$out" 'create element ip t s { 3.3.3.3 }
create element ip t s { 30.0.0.0/8 }' "-e of create element"
assert_match '^add set ip t a \{ # handle [0-9]+ type ipv4_addr; flags interval; \} $' \
	"$(nft -e -a add set ip t a '{ type ipv4_addr; flags interval; }')" \
	"-e -a of a set: the handle where the system nft puts it"
if have_ref; then
	nft flush ruleset
	refnft -e -f "$TMPD/e1.nft" | sed "$nogen" > "$TMPD/e1.sys"
	refnft -e -f "$TMPD/e2.nft" | sed "$nogen" > "$TMPD/e2.sys"
	assert_files_eq "$TMPD/e1.sys" "$TMPD/e1.ours" "-e -f as the system nft's"
	assert_files_eq "$TMPD/e2.sys" "$TMPD/e2.ours" "-e of a table block as the system nft's"
	nft flush ruleset
	refnft -e -j -f "$TMPD/e1.nft" | sed 's/"handle": [0-9]*/"handle": H/g' > "$TMPD/e1j.sys"
	refnft -e -j -f "$TMPD/e2.nft" | sed 's/"handle": [0-9]*/"handle": H/g' > "$TMPD/e2j.sys"
	sed -i 's/"handle": [0-9]*/"handle": H/g' "$TMPD/e1j.ours" "$TMPD/e2j.ours"
	assert_files_eq "$TMPD/e1j.sys" "$TMPD/e1j.ours" "-e -j -f as the system nft's"
	assert_files_eq "$TMPD/e2j.sys" "$TMPD/e2j.ours" "-e -j of a table block as the system nft's"
fi
nft flush ruleset

# get element in concatenated sets and maps
nft -f - <<'NFT' || fail "sets for get element"
table ip g {
	set c {
		type ipv4_addr . inet_service
		elements = { 1.1.1.1 . 22, 2.2.2.2 . 80 }
	}
	set ci {
		typeof ip saddr . tcp dport
		flags interval
		elements = { 10.0.0.0/8 . 22-25, 2.2.2.0-2.2.2.9 . 443 comment "x" }
	}
	map m {
		type ipv4_addr . inet_service : verdict
		flags interval
		elements = { 10.0.0.0/8 . 22-25 : accept }
	}
	map m4 {
		type ipv4_addr : verdict
		flags interval
		elements = { 1.1.1.0/24 comment "m" : accept }
	}
}
NFT
assert_match 'elements = \{ 1.1.1.1 . 22 \}' \
	"$(nft get element ip g c '{ 1.1.1.1 . 22 }')" "get in a concatenated set"
assert_match 'elements = \{ 10.0.0.0/8 . 22-25 \}' \
	"$(nft get element ip g ci '{ 10.1.2.3 . 23 }')" \
	"get a value inside a concatenated interval"
assert_match 'elements = \{ 2.2.2.0-2.2.2.9 . 443 comment "x" \}' \
	"$(nft get element ip g ci '{ 2.2.2.5 . 443 }')" "get with the element's comment"
assert_match 'elements = \{ 10.0.0.0/8 . 22-25 : accept \}' \
	"$(nft get element ip g m '{ 10.1.2.3 . 23 }')" "get in a concatenated interval map"
assert_match 'elements = \{ 1.1.1.0/24 comment "m" : accept \}' \
	"$(nft get element ip g m4 '{ 1.1.1.1 }')" "get in an interval map"
out=$(nft get element ip g ci '{ 10.1.2.3 . 26 }' 2>&1) &&
	fail "a value outside every interval"
assert_match 'Could not process rule: No such file or directory' "$out" \
	"a missing value is an error"
if have_ref; then
	assert_eq "$(nft get element ip g c '{ 1.1.1.1 . 22, 2.2.2.2 . 80 }')" \
		"$(refnft get element ip g c '{ 1.1.1.1 . 22, 2.2.2.2 . 80 }')" \
		"get as the system nft's"
fi
nft flush ruleset

# a set-level counter: each interval's start holds one; the echo of
# intervals leaves statements out, as the system nft's
nft add table ip k || fail "table k"
nft add set ip k s '{ type ipv4_addr; flags interval; counter; }' || fail "set k"
nft add element ip k s '{ 10.0.0.0/8 comment "a", 1.1.1.1-1.1.1.5 }' ||
	fail "interval elements of a set with counters"
assert_match '1.1.1.1-1.1.1.5 counter packets 0 bytes 0, 10.0.0.0/8 counter packets 0 bytes 0 comment "a"' \
	"$(joined "$(nft list set ip k s)")" "interval elements' counters listed"
assert_eq "$(nft -e add element ip k s '{ 20.0.0.0/8 comment "x" }' | sed "$nogen")" \
	'add element ip k s { 20.0.0.0/8 comment "x" }' "-e of an interval with a counter"
if have_ref; then
	assert_eq "$(nft list set ip k s)" "$(refnft list set ip k s)" \
		"counters of intervals listed as the system nft's"
	assert_eq "$(nft -j list set ip k s | sed 's/"version": "[^"]*", "release_name": "[^"]*"//')" \
		"$(refnft -j list set ip k s | sed 's/"version": "[^"]*", "release_name": "[^"]*"//')" \
		"and in JSON"
fi
nft flush ruleset

# the kernel expires an interval by its start element's timeout
nft add table ip x || fail "table x"
nft add set ip x s '{ type ipv4_addr; flags interval,timeout; }' || fail "set x"
nft add element ip x s '{ 10.0.0.0/8 timeout 1s, 1.1.1.1-1.1.1.5 }' ||
	fail "an interval with a timeout"
sleep 2
assert_match 'elements = \{ 1.1.1.1-1.1.1.5 \}' "$(nft list set ip x s)" \
	"the interval with a timeout expired, the other stays"
nft flush ruleset

# an interval written twice: 1.1.3 adds it twice where it does not merge
# (the kernel keeps one), and deletes it once
dup='table ip w {
	set s { type mark; flags interval; elements = { 1-3 comment "b", 5, 1-3 comment "a", 5 } }
	set m { type mark; flags interval; auto-merge; elements = { 1, 1 } }
}'
ours=$(nft --debug=netlink -f - <<<"$dup") || fail "an interval written twice"
if have_ref; then
	nft flush ruleset
	assert_eq "$ours" "$(refnft --debug=netlink -f - <<<"$dup")" \
		"an interval written twice sent as the system nft sends it"
fi
assert_match '0x00000001-0x00000003 comment "b", 0x00000005 }' "$(joined "$(nft list set ip w s)")" \
	"the kernel keeps one of the two"
assert_eq "$(nft --debug=netlink delete element ip w s '{ 5, 5 }' | grep -c element)" \
	1 "a delete names it once"
