#!/bin/bash
# Variables in a log prefix: "log prefix "x $p y"" expands $p (a name of
# letters, digits and '_'; its value's text, not expanded again), an
# unknown one refused under the string; "log prefix $p" is a syntax
# error at the '$', as 1.1.3's scanner takes no variable there. Listings
# and errors as the reference's. A set's value is refused (1.1.3 prints
# bytes of memory for it: README's Differences).
. "$TESTDIR/lib.sh"

head='define p = "foo"
define p1 = "bar"
define n = 5
define a = 1.2.3.4
define d = foo
define h = "a$p"
define v = "%s %d"'

run()
{
	local n=$1 body=$2

	printf '%s\ntable ip t {\n\tchain c {\n\t\t%s\n\t}\n}\n' "$head" "$body" > "$TMPD/r.nft"
	$n flush ruleset
	$n -f "$TMPD/r.nft" 2>&1 && $n list chain ip t c | sed -n 3p
}

for body in 'log prefix "x $p y"' 'log prefix "$n"' 'log prefix "a$p$p"' \
	    'log prefix "$d"' 'log prefix "50% $p"' 'log prefix "$p.x"' \
	    'log prefix "$p-y"' 'log prefix "$p1"' 'log prefix "$a"' \
	    'log prefix "$h"' 'log prefix "$v"' 'log prefix "$p" prefix "x"' \
	    'log prefix "$p" level warn' 'log prefix $p' \
	    'log prefix $p level warn'; do
	ours=$(run nft "$body")
	case $body in
	'log prefix "x $p y"') assert_match 'log prefix "x foo y"' "$ours" "$body" ;;
	'log prefix $p') assert_match "unexpected '\\$'" "$ours" "$body" ;;
	esac
	if have_ref; then
		assert_eq "$ours" "$(run refnft "$body")" "$body: as the reference"
	fi
done

printf 'define s = { 1, 2 }\ntable ip t {\n\tchain c {\n\t\tlog prefix "$s"\n\t}\n}\n' > "$TMPD/s.nft"
err=$(nft -f "$TMPD/s.nft" 2>&1) && fail "a set's value in a log prefix"
assert_match "variable 's' is not a string" "$err" "a set refused"
exit 0
