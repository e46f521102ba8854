#!/bin/bash
# A variable given for a whole element block: "elements = $P" in a set
# or map declaration, "add|create|delete element T s $P", and "{ $M }"
# in a map's element command, with P defined as "{ 80, 443 }" and M as
# "{ 80 : accept }". Loaded by ours and by the reference, the listings
# are the same; a variable holding one value is refused in 1.1.3's
# words, the caret under the value (1.1.3 crashes on it in an element
# command).
. "$TESTDIR/lib.sh"

cat > "$TMPD/ok.nft" <<'NFT'
define P = { 80, 443 }
define Q = { 22 }
define M = { 80 : accept, 443 : drop }
table inet t {
	set s { type inet_service; elements = $P; }
	map m { type inet_service : verdict; elements = $M; }
	set s2 { type inet_service; }
	map m2 { type inet_service : verdict; }
}
add element inet t s2 $P
delete element inet t s2 $P
add element inet t s2 $Q
create element inet t s2 $P
add element inet t m2 $M
add element inet t m2 { $M, 8080 : drop }
delete element inet t m2 { 80 }
NFT
nft -f "$TMPD/ok.nft" || fail "the blocks given by variables"
out=$(nft list ruleset)
assert_match 'elements = \{ 22, 80, 443 \}' "$out" "add, delete, create element \$P"
assert_match 'elements = \{ 443 : drop,' "$out" "add element of a map \$M"
if have_ref; then
	nft flush ruleset
	refnft -f "$TMPD/ok.nft" || fail "the reference loads it"
	assert_eq "$(nft list ruleset)" "$out" "the reference's state, listed by ours"
fi

# one value, no block
for f in decl map; do
	case $f in
	decl) printf 'define X = 80\ntable inet t {\n\tset s { type inet_service; elements = $X; }\n}\n' ;;
	map) printf 'define X = 80\ntable inet t {\n\tmap m { type inet_service : verdict; elements = $X; }\n}\n' ;;
	esac > "$TMPD/$f.nft"
	err=$(nft -f "$TMPD/$f.nft" 2>&1) && fail "$f: a value taken for a block"
	name=s; [ $f = map ] && name=m
	assert_eq "$(echo "$err" | head -n 1 | sed 's/^[^ ]* //')" \
		"Error: Set $name: Unexpected initial type value, missing { }?" \
		"$f: 1.1.3's words"
	assert_eq "$(echo "$err" | grep -c Error:)" 1 "$f: said once"
	assert_caret_under "$err" "80" "$f: the caret under the value"
	if have_ref; then
		ref=$(refnft -f - < "$TMPD/$f.nft" 2>&1)
		assert_eq "$(echo "$err" | head -n 1 | sed 's/^[^ ]* //')" \
			"$(echo "$ref" | head -n 1 | sed 's/^[^ ]* //')" \
			"$f: as the reference says it"
	fi
done
printf 'define X = 80\ntable inet t {\n\tset s { type inet_service; }\n}\nadd element inet t s $X\n' > "$TMPD/elem.nft"
err=$(nft -f "$TMPD/elem.nft" 2>&1) && fail "add element \$X: a value taken for a block"
assert_match "Set s: Unexpected initial type value, missing \{ \}\?" "$err" \
	"add element \$X: refused (1.1.3 crashes)"

# an unknown variable: the caret under its name, not its '$', as 1.1.3
nft add table inet u && nft add chain inet u c || fail "table u"
err=$(nft add rule inet u c tcp dport '$nope' 2>&1) && fail "an unknown variable taken"
assert_caret_under "$err" "nope" "unknown identifier: the caret under the name"
if have_ref; then
	ref=$(refnft add rule inet u c tcp dport '$nope' 2>&1)
	assert_eq "$(echo "$err" | head -n 3)" "$(echo "$ref" | head -n 3)" \
		"unknown identifier: as the reference marks it"
fi

# a rule holding one is dropped: one error each, nothing else said about
# it (a name in the variable's place cannot be resolved), as 1.1.3
printf 'table inet u {\n\tchain c {\n\t\ttcp dport $nope accept\n\t\tip saddr $x drop\n\t\ttcp dport foo accept\n\t}\n}\n' > "$TMPD/unknown.nft"
err=$(nft -f "$TMPD/unknown.nft" 2>&1) && fail "unknown variables taken"
assert_eq "$(echo "$err" | grep -c Error)" "3" "unknown identifiers: one error each"
if have_ref; then
	assert_eq "$err" "$(refnft -f "$TMPD/unknown.nft" 2>&1)" \
		"unknown identifiers: as the reference says them"
fi
ok
