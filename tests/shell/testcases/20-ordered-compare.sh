#!/bin/bash
# "<", ">", "<=", ">=" compare with one value: a prefix, a range, a set or a
# concatenation is refused as the system nft refuses it, same words, "^"
# under the offending side and "~" under the operator; in JSON too.
. "$TESTDIR/lib.sh"

nft add table ip t && nft add chain ip t c || fail "setup"

# refused RULE WHAT CARETS: exact message and caret line.
refused()
{
	local rule=$1 what=$2 carets=$3 op err
	op=$(echo "$rule" | awk '{ for (i = 1; i <= NF; i++)
		if ($i ~ /^[<>]=?$/) { print $i; exit } }')
	err=$(nft add rule ip t c $rule 2>&1)
	assert_eq $? 1 "$rule: exit status"
	assert_eq "$err" "Error: Relational expression ($op) is undefined for $what expressions
add rule ip t c $rule
$carets" "$rule: message and carets"
}

refused 'ip saddr > 10.0.0.0/8' prefix \
	'                         ~ ^^^^^^^^^^'
refused 'ip saddr <= 10.0.0.0/8' prefix \
	'                         ~~ ^^^^^^^^^^'
refused 'ip saddr > 10.0.0.0/32' prefix \
	'                         ~ ^^^^^^^^^^^'
refused 'meta mark > 5/16' prefix \
	'                          ~ ^^^^'
refused 'ct mark >= 1/8' prefix \
	'                        ~~ ^^^'
refused 'meta mark & 0xff > 5/4' prefix \
	'                                 ~ ^^^'
refused 'ip saddr > 10.0.0.1-10.0.0.5' range \
	'                         ~ ^^^^^^^^^^^^^^^^^'
refused 'tcp dport < 1-5' range \
	'                          ~ ^^^'
refused 'tcp dport > { 1, 2 }' set \
	'                          ~ ^^^^^^^^'
refused 'tcp dport >= { 7, 1-5 }' set \
	'                          ~~ ^^^^^^^^^^'
# one member is no set: the member itself is refused
refused 'ip saddr > { 10.0.0.0/8 }' prefix \
	'                         ~   ^^^^^^^^^^'
refused 'ip saddr >= { 10.0.0.1-10.0.0.5 }' range \
	'                         ~~   ^^^^^^^^^^^^^^^^^'
refused 'ip saddr . tcp dport > { 1.1.1.1 . 22 }' concat \
	'                ^^^^^^^^^^^^^^^^^^^^ ~'

# a variable: "^" where it is defined
err=$(printf 'define p = 10.0.0.0/8\nadd rule ip t c ip saddr > $p\n' |
      nft -f - 2>&1)
assert_eq $? 1 "variable: exit status"
assert_match 'Relational expression \(>\) is undefined for prefix expressions' \
	"$err" "variable: message"

# what stays allowed
nft add rule ip t c ip saddr '>' 10.0.0.1 || fail "> a value"
nft add rule ip t c ip saddr '!=' 10.0.0.0/8 || fail "!= a prefix"
nft add rule ip t c tcp dport '!=' 1-5 || fail "!= a range"
ok "ordered compares with one value, != with prefixes and ranges"

# JSON: the same refusals
for right in '{"prefix": {"addr": "10.0.0.0", "len": 8}}:prefix' \
	     '{"range": ["10.0.0.1", "10.0.0.5"]}:range' \
	     '{"set": ["10.0.0.1", "10.0.0.2"]}:set'; do
	what=${right##*:}
	right=${right%:*}
	err=$(nft -j -f - 2>&1 <<JSON
{"nftables": [{"add": {"rule": {"family": "ip", "table": "t", "chain": "c",
 "expr": [{"match": {"op": "<=",
  "left": {"payload": {"protocol": "ip", "field": "saddr"}},
  "right": $right}}]}}}]}
JSON
)
	assert_eq $? 1 "JSON <= $what: exit status"
	assert_match "Relational expression \\(<=\\) is undefined for $what expressions" \
		"$err" "JSON <= $what: message"
done

assert_eq "$(nft list chain ip t c | grep -c '^		')" 3 \
	"nothing refused was added"
