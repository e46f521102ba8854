#!/bin/bash
# Large JSON documents are read one command at a time: the result and the
# errors are the same as for a document read whole.
. "$TESTDIR/lib.sh"

gen()	# N [BROKEN-INDEX [TEXT]]
{
	local n=$1 bad=${2:--1} i
	printf '{"nftables": [{"add": {"table": {"family": "ip", "name": "t"}}},\n'
	printf '{"add": {"chain": {"family": "ip", "table": "t", "name": "c"}}}'
	for ((i = 0; i < n; i++)); do
		if [ "$i" = "$bad" ]; then
			printf ',\n%s' "$3"
			continue
		fi
		printf ',\n{"add": {"rule": {"family": "ip", "table": "t", "chain": "c", "expr": [{"match": {"op": "==", "left": {"payload": {"protocol": "tcp", "field": "dport"}}, "right": %d}}, {"accept": null}]}}}' $((i + 1))
	done
	printf ']}\n'
}

gen 2000 > "$TMPD/ok.json"
nft -j -f "$TMPD/ok.json" || fail "loading 2000 rules as JSON"
assert_eq "$(nft list chain ip t c | grep -c 'tcp dport')" 2000 "all rules loaded"
nft flush ruleset

# A command that is valid JSON but not a valid rule: its index and path.
gen 2000 700 '{"add": {"rule": {"family": "ip", "table": "t", "chain": "c", "expr": [{"match": {"op": "==", "left": {"meta": {"key": "nosuchkey"}}, "right": 1}}]}}}' > "$TMPD/bad.json"
assert_rc 1 "a bad command fails the document" nft -j -f "$TMPD/bad.json" 2>"$TMPD/err"
assert_match "JSON command #702, at nftables\[702\]\.add\.rule\.expr\[0\]\.match\.left\.meta\.key" \
	"$(cat "$TMPD/err")" "error names the command and the path"
assert_eq "$(nft list ruleset)" "" "nothing was applied"

# A syntax error inside a command: line and column of the whole document.
gen 2000 900 '{"add": {"rule": tru}}' > "$TMPD/syntax.json"
assert_rc 1 "a syntax error fails the document" nft -j -f "$TMPD/syntax.json" 2>"$TMPD/err"
assert_match "JSON syntax error at line 903" "$(cat "$TMPD/err")" "syntax error with its line"
assert_eq "$(nft list ruleset)" "" "nothing was applied"

# Brackets inside strings do not end a command.
gen 1000 500 '{"add": {"rule": {"family": "ip", "table": "t", "chain": "c", "expr": [{"accept": null}], "comment": "a ] } \" [ { b"}}}' > "$TMPD/str.json"
nft -j -f "$TMPD/str.json" || fail "brackets in strings"
assert_match 'comment "a \] \} . \[ \{ b"' "$(nft list ruleset)" "comment with brackets kept"
ok "large JSON documents"
