#!/bin/bash
# "add [family] table chain STMT..." without the rule keyword, as nft
# accepts; "insert" still needs it.
. "$TESTDIR/lib.sh"

cat > "$TMPD/ok.nft" <<'EOT'
add table ip t
add chain ip t input
add ip t input counter
add t input accept
add "t" input position 2 drop
add table inet t
add chain inet t c
add inet t c tcp dport 22 accept
EOT
nft -f "$TMPD/ok.nft" || fail "bare add rules"
cat > "$TMPD/expect" <<'EOT'
table ip t {
	chain input {
		counter packets 0 bytes 0
		drop
		accept
	}
}
table inet t {
	chain c {
		tcp dport 22 accept
	}
}
EOT
nft list ruleset > "$TMPD/out"
assert_files_eq "$TMPD/expect" "$TMPD/out" "rules added without the rule keyword"

printf 'insert t input drop\n' > "$TMPD/bad.nft"
assert_rc 1 "insert needs the rule keyword" nft -f "$TMPD/bad.nft" 2>"$TMPD/err"
assert_match "expecting rule" "$(cat "$TMPD/err")" "insert: error says so"
nft list ruleset > "$TMPD/out2"
assert_files_eq "$TMPD/expect" "$TMPD/out2" "failed insert changed nothing"
ok "add without rule keyword"
