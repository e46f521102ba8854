#!/bin/bash
# Rules refused with 1.1.3's words and its first caret's column, in the
# family they are written in: which check comes first, and where it
# points. Each case: FAMILY|RULE|the first error line; with the
# reference at hand, its first error line and caret line must be ours.
. "$TESTDIR/lib.sh"

cases=(
	# "dup to DEVICE" only in netdev, under the whole statement
	'netdev|dup to 0.0.0.0 device "v0"|Error: cannot specify device'
	'netdev|dup to ip saddr device "v0" counter|Error: cannot specify device'
	# log: a level with nflog's options, flags with them, audit with
	# anything more, in 1.1.3's order
	'inet|log level audit flags ip options prefix "x: " accept|Error: log level audit doesn'"'"'t support any further options'
	'inet|log level info snaplen 5|Error: level and group are mutually exclusive'
	'inet|log flags ip options snaplen 4|Error: flags and group are mutually exclusive'
	'inet|log prefix "" level audit|Error: log level audit doesn'"'"'t support any further options'
	# "icmpv6" and "comp" are keywords, quoted no protocol names
	'ip|meta l4proto "icmpv6"|Error: Could not resolve protocol name'
	'inet|ip protocol "comp"|Error: Could not resolve protocol name'
	# a duration read unit by unit, as 1.1.3 reads it
	'ip|ct expiration "1m1m"|Error: Minute has been specified twice'
	'ip|ct expiration sx|Error: wrong time format'
	'ip|ct expiration { s, 1m30s } meta mark foo|Error: Could not parse packet mark'
	# a key the kernel cannot set: its refusal, after the value's
	'ip|ct state set established,new|Error: Could not process rule: Operation not supported'
	'ip|meta length set foo|Error: Could not parse integer'
	# a concatenation's values: 1.1.3's words for too many, too few,
	# a lone value, a concatenation of values matched against one
	'ip|meta mark . meta mark { 1 . 2 . 3 }|Error: too many concatenation components'
	'ip|meta mark . meta mark . meta mark { 1 . 2 }|Error: datatype mismatch, expected concatenation of (packet mark, packet mark, packet mark), expression has type concatenation of (packet mark, packet mark)'
	'ip|ip saddr . tcp dport { 10.0.0.1 . 1, 10.0.0.2 }|Error: invalid data type, expected concatenation of (IPv4 address, internet network service)'
	'ip|ip saddr . tcp dport vmap { 10.0.0.1 : accept }|Error: expression is not a concatenation'
	'ip|meta mark { 1 . 2 }|Error: Could not parse symbolic invalid expression'
	# a secmark takes no constant: refused once the value parses
	'ip|meta secmark == { 0, 1233125376, foo }|Error: Could not parse integer'
	'ip|meta secmark 5|Error: Cannot be used with right hand side constant value'
	'inet|ct secmark foo|Error: Could not parse integer'
	'ip6|meta secmark { 72 } counter|Error: Cannot be used with right hand side constant value'
)

setup()
{
	"$@" -f - <<'NFT'
table ip t {
	chain c {
		type filter hook input priority filter;
	}
}
table ip6 t {
	chain c {
		type filter hook input priority filter;
	}
}
table inet t {
	chain c {
		type filter hook input priority filter;
	}
}
table arp t {
	chain c {
		type filter hook input priority filter;
	}
}
table bridge t {
	chain c {
		type filter hook input priority filter;
	}
}
table netdev t {
	chain c {
		type filter hook ingress device "v0" priority filter;
	}
}
NFT
}

# run NFT... FAMILY RULE: its first error line and the caret line
run()
{
	local rule=${*: -1} fam=${*: -2:1}

	set -- "${@:1:$#-2}"
	"$@" add rule "$fam" t c $rule 2>&1 |
		grep -A2 -m1 Error: | sed -n '1p;3p'
}

veth_pair v0 v1
setup nft || fail "the tables"
ref=false
if have_ref && ! is_system_nft; then
	ns_new
	in_ns "$NS_PID" ip link add v0 type veth peer name v1 ||
		fail "the reference's veth"
	setup in_ns "$NS_PID" "$SRCDIR/tools/ref" nft ||
		fail "the reference's tables"
	ref=true
fi
for c in "${cases[@]}"; do
	fam=${c%%|*}
	rest=${c#*|}
	rule=${rest%%|*}
	want=${rest#*|}
	run nft "$fam" "$rule" > "$TMPD/ours"
	assert_eq "$(head -1 "$TMPD/ours" | sed 's/^.*: Error:/Error:/')" \
		"$want" "$fam: $rule"
	if $ref; then
		run in_ns "$NS_PID" "$SRCDIR/tools/ref" nft "$fam" "$rule" \
			> "$TMPD/ref"
		assert_files_eq "$TMPD/ref" "$TMPD/ours" \
			"$fam: $rule: as the reference has it"
	fi
done
exit 0
