#!/bin/bash
# "index N" and "position" count the rules added, inserted and deleted by
# earlier commands of the same batch, in text and JSON, as with the system
# nft (firewalld's batches add a rule and insert before it at once). Each
# scenario runs with our nft and, when installed, with the system nft:
# both must give the expected order.
. "$TESTDIR/lib.sh"

# marks: the meta mark values of chain ip t c, in order.
marks()
{
	nft list chain ip t c | sed -n 's/^\t\tmeta mark 0x0*\([0-9a-f]*\)$/\1/p' |
		while read -r h; do printf '%d ' "0x$h"; done
}

# handles: the kernel handles of the rules marked 1 2 3, in one listing.
handles()
{
	nft -a list chain ip t c |
		sed -n 's/^\t\tmeta mark 0x0000000[123] # handle \([0-9]*\)$/\1/p' |
		tr '\n' ' '
}

# setup: chain ip t c with rules marked 1 2 3 (from the kernel's view).
setup()
{
	"$@" -f - <<'EOF'
flush ruleset
add table ip t
add chain ip t c
add rule ip t c meta mark 1
add rule ip t c meta mark 2
add rule ip t c meta mark 3
EOF
}

# scenario NAME WANT [-j] < BATCH: BATCH may use @H1@ @H2@ @H3@ for the
# handles of the rules marked 1 2 3. ONLY_OURS=1: the system nft differs.
scenario()
{
	local name=$1 want=$2 json=${3:-} batch tool got
	batch=$(cat)
	for tool in nft refnft; do
		if [ "$tool" = refnft ]; then
			[ -z "${ONLY_OURS:-}" ] && have_ref &&
				! is_system_nft || continue
		fi
		setup "$tool" || fail "$name: setup with $tool"
		printf '%s\n' "$batch" > "$TMPD/batch"
		case $batch in *@H*)
			local h1 h2 h3
			read -r h1 h2 h3 <<<"$(handles)"
			sed -i -e "s/@H1@/$h1/g" -e "s/@H2@/$h2/g" \
			    -e "s/@H3@/$h3/g" "$TMPD/batch"
		esac
		"$tool" $json -f "$TMPD/batch" || fail "$name: $tool refused the batch"
		got=$(marks)
		assert_eq "$got" "$want " "$name ($tool)"
	done
}

# The firewalld pattern: a new chain, a rule, an insert before it.
nft -f - <<'EOF' || fail "add, then insert index 0 in one batch"
add table inet fw
add chain inet fw c
add rule inet fw c accept
insert rule inet fw c index 0 drop
add rule inet fw c index 1 counter
EOF
out=$(nft list chain inet fw c | sed -n 's/^\t\t\([a-z]*\).*/\1/p' | tr '\n' ' ')
assert_eq "$out" "drop accept counter " "new chain: rules placed by index"
nft delete table inet fw

scenario "insert index counts a rule added earlier" "1 2 3 10 11" <<'EOF'
add rule ip t c meta mark 11
insert rule ip t c index 3 meta mark 10
EOF

scenario "add index lands after a rule inserted earlier" "5 6 1 2 3" <<'EOF'
insert rule ip t c meta mark 5
add rule ip t c index 0 meta mark 6
EOF

scenario "index refers to a rule that itself was placed by index" \
	"1 20 21 22 2 3" <<'EOF'
add rule ip t c index 0 meta mark 20
add rule ip t c index 1 meta mark 21
add rule ip t c index 2 meta mark 22
EOF

# The system nft 1.0.6 still counts the deleted rule (and adds after it,
# giving "30 2 3"): index 0 is the first rule left, rule 2.
ONLY_OURS=1 scenario "index after a delete in the same batch" "2 30 3" <<'EOF'
delete rule ip t c handle @H1@
add rule ip t c index 0 meta mark 30
EOF

scenario "index after position forms in the same batch" "1 40 41 42 2 3" <<'EOF'
insert rule ip t c position @H2@ meta mark 41
add rule ip t c position @H1@ meta mark 40
add rule ip t c index 2 meta mark 42
EOF

scenario "index after a flush of the chain" "51 50" <<'EOF'
flush chain ip t c
add rule ip t c meta mark 50
insert rule ip t c index 0 meta mark 51
EOF

scenario "index into rules of a table block" "1 2 3 60 62 61" <<'EOF'
table ip t {
	chain c {
		meta mark 60
		meta mark 61
	}
}
insert rule ip t c index 4 meta mark 62
EOF

scenario "JSON: insert index 0 before a rule added earlier" "1 2 3 71 70" -j <<'EOF'
{"nftables": [
 {"add": {"rule": {"family": "ip", "table": "t", "chain": "c",
  "expr": [{"match": {"op": "==", "left": {"meta": {"key": "mark"}}, "right": 70}}]}}},
 {"insert": {"rule": {"family": "ip", "table": "t", "chain": "c", "index": 3,
  "expr": [{"match": {"op": "==", "left": {"meta": {"key": "mark"}}, "right": 71}}]}}}
]}
EOF

# libnftables-json(5): "handle" of add/insert rule names the rule to add
# after; the system nft 1.0.6 ignores it there (appends).
ONLY_OURS=1 scenario "JSON: add index after position" "1 2 80 81 3" -j <<'EOF'
{"nftables": [
 {"add": {"rule": {"family": "ip", "table": "t", "chain": "c", "handle": @H2@,
  "expr": [{"match": {"op": "==", "left": {"meta": {"key": "mark"}}, "right": 80}}]}}},
 {"add": {"rule": {"family": "ip", "table": "t", "chain": "c", "index": 2,
  "expr": [{"match": {"op": "==", "left": {"meta": {"key": "mark"}}, "right": 81}}]}}}
]}
EOF

# Past the end, counting the batch: refused, nothing changes.
setup nft || fail "setup"
out=$(nft -f - 2>&1 <<'EOF'
add rule ip t c meta mark 90
insert rule ip t c index 4 meta mark 91
EOF
)
[ $? != 0 ] || fail "index past the end accepted"
assert_match "^[^ ]*:2:[0-9-]*: Error: No such file or directory: chain 'c' has no rule at index 4 \(it has 4\)" \
	"$(printf '%s\n' "$out" | head -n 1)" "index past the end: clear error"
assert_eq "$(marks)" "1 2 3 " "index past the end: ruleset unchanged"

# The batch refers to rules of the same batch by id, never by guessing
# kernel handles: the system nft's attributes (NFTA_RULE_ID = 9,
# NFTA_RULE_POSITION_ID = 10) appear in our batch.
nft flush ruleset
out=$(nft --debug=mnl -f - <<'EOF'
add table inet fw
add chain inet fw c
add rule inet fw c accept
insert rule inet fw c index 0 drop
EOF
)
assert_match '\|00008\|.*\|00009\|' "$(printf '%s\n' "$out" | sed 's/\x1b\[[0-9;]*m//g')" \
	"NFTA_RULE_ID on the referenced rule"
assert_match '\|00008\|.*\|00010\|' "$(printf '%s\n' "$out" | sed 's/\x1b\[[0-9;]*m//g')" \
	"NFTA_RULE_POSITION_ID on the insert"
exit 0
