#!/bin/bash
# The word after "tcp option NAME" ("ip option NAME", "sctp chunk NAME"),
# as 1.1.3's grammar has it: only the fields' keywords are fields there;
# any other word is a value ("tcp option nop kind" is the option's
# presence against "kind", so "... kind == 1" is a syntax error at
# "=="); "g arp daddr ether" is "g" against "arp", then "daddr" against
# "ether"; "used" is a word but right after the statement "last". A
# concatenation may hold values ("foo . meta mark 1"), and a
# map may be matched, both refused by evaluation. A field keyword the option lacks is a syntax error (an IP
# option's is refused by evaluation). The right side of a match may be
# constants combined with & and ^ ("meta mark 3 ^ 4" is 7). After "log
# flags tcp ...", the log's own words are plain words to 1.1.3 until the
# next "log": the statement ends there. In a set statement's value,
# "ipsec" alone is "meta ipsec", and a concatenation is a value.
. "$TESTDIR/lib.sh"

# Each case: RULE|the first error line, or OK (then the bytecode and the
# listing are the reference's, where it is at hand)
cases=(
	"tcp option nop kind == 29|Error: syntax error, unexpected ==, expecting end of file or newline or semicolon"
	"tcp option sack-perm kind or 229 != 0x85|Error: syntax error, unexpected !=, expecting end of file or newline or semicolon"
	"tcp option nop kind vmap { 0 : accept }|Error: syntax error, unexpected vmap, expecting end of file or newline or semicolon"
	"tcp option nop kind . @nh,16,16 { 198 . 0x1c }|Error: syntax error, unexpected @"
	"tcp option nop kind >= 31|Error: syntax error, unexpected >=, expecting end of file or newline or semicolon"
	"tcp option sack-perm kind & 0x0 != 0x0|Error: syntax error, unexpected !=, expecting end of file or newline or semicolon"
	"tcp option sack-perm kind 239 vlan|Error: Could not parse boolean type"
	"tcp option sack-perm kind|Error: Could not parse boolean type"
	"tcp option maxseg kind 2|Error: syntax error, unexpected newline"
	"meta mark set tcp option maxseg kind|Error: syntax error, unexpected newline"
	"tcp option eol size 1|Error: syntax error, unexpected size"
	"tcp option maxseg left 1|Error: syntax error, unexpected left"
	"tcp option eol length 1|Error: Could not find a tcp option template"
	"tcp option 5 count 1|Error: syntax error, unexpected count"
	"tcp option 5 tsval 1|Error: syntax error, unexpected tsval"
	"ip option rr value 1|Error: unknown ip option type/field"
	"ip option rr size 1|Error: syntax error, unexpected size"
	"ip option rr foo 1|Error: syntax error, unexpected newline"
	"sctp chunk init tsn 1|Error: syntax error, unexpected tsn"
	"sctp chunk data foo 1|Error: syntax error, unexpected newline"
	"tcp option 5 length 4|OK"
	"tcp option 254 length 1|OK"
	"tcp option maxseg size 1460|OK"
	"tcp option sack-perm length 2|OK"
	"tcp option timestamp tsecr { 1, 2 }|OK"
	"tcp option window count . tcp dport { 1 . 2 }|OK"
	"meta mark set tcp option maxseg size|OK"
	"tcp option sack-perm exists|OK"
	"sctp chunk init num-inbound-streams 3|OK"
	"ip option rr ptr 4|OK"
	'log flags tcp sequence prefix "x"|Error: No symbol type information'
	"log flags tcp sequence,options level info|Error: No symbol type information"
	'log flags tcp sequence log prefix "x"|OK'
	'log flags ip options prefix "x"|OK'
	"meta mark set ipsec in reqid|Error: No symbol type information"
	"meta mark set ipsec|OK"
	"meta mark set ether daddr . ipsec|Error: datatype mismatch: expected packet mark, expression has type concatenation of (Ethernet address, boolean type)"
	"foo map { 1 : 2 } 3|Error: No symbol type information"
	"ct event set mark,new|Error: syntax error, unexpected comma, expecting end of file or newline or semicolon"
	"meta mark 1 daddr ether vmap { 1 : accept }|Error: syntax error, unexpected vmap, expecting end of file or newline or semicolon"
	"g arp daddr ether vmap { 1:2:3:4:5:6 : accept }|Error: syntax error, unexpected vmap, expecting end of file or newline or semicolon"
	"g arp daddr ether 1:2:3:4:5:6|Error: syntax error, unexpected newline"
	"meta mark last used never|Error: Could not parse packet mark"
	"meta mark 1.2 last used never drop|Error: No symbol type information"
	"used 1|Error: No symbol type information"
	"meta mark 1 last used never|OK"
	"@s accept|Error: unknown raw payload base"
	"tcp option nop kind @s accept|Error: unknown raw payload base"
	"meta mark set @xx,1,2 counter|Error: unknown raw payload base"
	"@nh accept|Error: syntax error, unexpected accept, expecting comma"
	"foo . meta mark 1|Error: Could not parse symbolic invalid expression"
	"meta mark . foo . bar 1|Error: Could not parse symbolic invalid expression"
	"meta mark set jhash ip saddr . foo mod 2|Error: Could not parse symbolic invalid expression"
	"foo . meta mark map { 1 . 2 : 2 } srh|Error: syntax error, unexpected srh"
	"meta mark map { 1 : 2 } 3|Error: Implicit map expression without known datatype"
	"meta mark . meta mark map { 1 . 2 : 2 } { 3 }|Error: Implicit map expression without known datatype"
	"meta priority 1:10000|Error: syntax error, unexpected colon, expecting end of file or newline or semicolon"
	"meta mark { 1, 2 : 3 }|Error: mapping outside of map context"
	"meta mark { 1, 2 : 3 timeout 1s }|Error: syntax error, unexpected timeout, expecting comma or '}'"
	"meta mark 3 ^ 4|OK"
	"meta mark != 3 & 7|OK"
	"meta mark 0x10 & 0xf0 ^ 0x1|OK"
	"ct mark 1 ^ 0xff|OK"
	"ip saddr 1.2.3.4 & 255.255.0.0|OK"
)

setup()
{
	"$@" -f - <<'NFT'
table inet t {
	chain c {
		type filter hook input priority filter;
	}
}
NFT
}

# run NFT... RULE: its error, or its bytecode and listing
run()
{
	local rule=${*: -1}
	local out

	set -- "${@:1:$#-1}"
	if out=$("$@" --debug=netlink add rule inet t c $rule 2>&1); then
		printf '%s\n' "$out" | grep '^  \['
		"$@" list chain inet t c | sed -n 4p
		"$@" flush chain inet t c
	else
		printf '%s\n' "$out" | grep -v '^inet t c'
	fi
}

setup nft || fail "the table"
ref=false
if have_ref && ! is_system_nft; then
	setup refnft || fail "the reference's table"
	ref=true
fi
for c in "${cases[@]}"; do
	rule=${c%%|*}
	want=${c#*|}
	run nft "$rule" > "$TMPD/ours"
	got=$(grep -m1 Error: "$TMPD/ours" || echo OK)
	assert_eq "$got" "$want" "$rule"
	[ "$want" = OK ] || has_caret "$(cat "$TMPD/ours")" ||
		fail "$rule: no caret"
	if $ref; then
		run refnft "$rule" > "$TMPD/ref"
		assert_files_eq "$TMPD/ref" "$TMPD/ours" \
			"$rule: as the reference has it"
	fi
done

# An object map's key may be osf, socket, an option or rt, as 1.1.3 has
# it (not fib, ipsec or an extension header)
objs()
{
	"$@" -f - <<'NFT'
table ip o {
	quota q { 100 kbytes }
	map m { type mark : quota; }
	chain c {
	}
}
NFT
}
objs nft || fail "the object map"
$ref && { objs refnft || fail "the reference's object map"; }
for r in "quota name socket mark map @m" \
	 "quota name osf name map @m" \
	 "quota name fib daddr oif map @m"; do
	out=$(nft --debug=netlink add rule ip o c $r 2>&1)
	if $ref; then
		theirs=$(refnft --debug=netlink add rule ip o c $r 2>&1)
		assert_eq "$(printf '%s\n' "$out" | grep -v '^ip o c')" \
			"$(printf '%s\n' "$theirs" | grep -v '^ip o c')" \
			"$r: as the reference has it"
	fi
done
assert_match "unexpected fib" "$out" "no fib there"
