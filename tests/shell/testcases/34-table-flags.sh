#!/bin/bash
# Table flags: text and JSON accept the same names (dormant, owner,
# persist), refuse the same unknown ones, and both listings print them.
. "$TESTDIR/lib.sh"

json_table()
{
	printf '{"nftables":[{"add":{"table":{"family":"ip","name":"%s","flags":%s}}}]}' "$1" "$2"
}

for f in dormant owner persist dormant,owner,persist; do
	assert_rc 0 "text accepts flags $f" \
		nft -c "add table ip c { flags $f; }"
	j=$(printf '"%s"' "$f" | sed 's/,/","/g')
	assert_rc 0 "JSON accepts flags $f" nft -j -c "$(json_table c "[$j]")"
done

out=$(nft -c 'add table ip c { flags bogus; }' 2>&1)
assert_rc 1 "text refuses flags bogus" \
	nft -c 'add table ip c { flags bogus; }' 2>/dev/null
assert_caret_under "$out" bogus "caret under the unknown flag"
out=$(nft -j -c "$(json_table c '"bogus"')" 2>&1)
assert_rc 1 "JSON refuses flags bogus" \
	nft -j -c "$(json_table c '"bogus"')" 2>/dev/null
assert_match 'unknown table flag "bogus": expected dormant, owner or persist' \
	"$out" "JSON names the known flags"

# An owner table goes when nft exits: list the others.
nft add table ip d '{ flags dormant,persist; }' || fail "add text"
nft -j "$(json_table j '["dormant", "persist"]')" || fail "add JSON"
nft -j "$(json_table o '"owner"')" || fail "add JSON owner"
cat > "$TMPD/want" <<'EOT'
table ip d {
	flags dormant,persist
}
table ip j {
	flags dormant,persist
}
EOT
nft list ruleset > "$TMPD/got"
assert_files_eq "$TMPD/want" "$TMPD/got" "text listing of table flags"
out=$(nft -j list tables)
assert_match '"name": "d", "handle": [0-9]+, "flags": \["dormant", "persist"\]' \
	"$out" "JSON listing of table flags"
nft delete table ip d && nft delete table ip j || fail "cleanup"
