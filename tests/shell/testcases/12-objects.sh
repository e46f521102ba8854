#!/bin/bash
# Tables and chains: create, add (idempotent), rename, flush, delete by name
# and by handle, destroy, list tables/chains per family, flush ruleset FAMILY.
. "$TESTDIR/lib.sh"

veths 1
nft add table ip t || fail "add table"
nft add table ip t || fail "add table twice"
ok "add table is idempotent"
assert_rc 1 "create of an existing table" nft create table ip t 2>/dev/null
nft add table t2 || fail "table without family"
assert_match '^table ip t2$' "$(nft list tables)" "family defaults to ip"

nft add chain ip t c || fail "add chain"
assert_rc 1 "create of an existing chain" nft create chain ip t c 2>/dev/null
nft add rule ip t c counter && nft add rule ip t c accept || fail "rules"
nft rename chain ip t c renamed || fail "rename"
assert_match '^	chain renamed \{$' "$(nft list table ip t)" "renamed"
assert_match '^		accept$' "$(nft list chain ip t renamed)" "rules follow the rename"
nft flush chain ip t renamed || fail "flush chain"
assert_eq "$(nft list chain ip t renamed | grep -c '^		')" 0 "flush chain empties it"

nft add chain ip t d '{ type filter hook output priority 0; }' && nft add rule ip t d drop
nft flush table ip t || fail "flush table"
assert_eq "$(nft list table ip t | grep -c '^		drop')" 0 "flush table empties its chains"
assert_match '^	chain d \{$' "$(nft list table ip t)" "flush table keeps chains"

h=$(nft -a list table ip t | sed -n 's/^\tchain renamed { # handle \([0-9]*\)$/\1/p')
[ -n "$h" ] || fail "chain handle"
nft delete chain ip t handle "$h" || fail "delete chain by handle"
assert_no_match 'chain renamed' "$(nft list table ip t)" "chain deleted by handle"
nft delete chain ip t d || fail "delete chain"
assert_no_match 'chain d' "$(nft list table ip t)" "chain deleted by name"

th=$(nft -a list table ip t2 | sed -n 's/^table ip t2 { # handle \([0-9]*\)$/\1/p')
[ -n "$th" ] || fail "table handle"
nft delete table ip handle "$th" || fail "delete table by handle"
assert_no_match 't2' "$(nft list tables)" "table deleted by handle"

# Families: list and flush per family.
nft add table ip6 t6 && nft add table inet ti && nft add table netdev tn &&
	nft add table bridge tb && nft add table arp ta || fail "tables"
nft add chain inet ti x && nft add chain netdev tn y || fail "chains"
assert_eq "$(nft list tables inet)" "table inet ti" "list tables inet"
assert_match '^	chain x \{$' "$(nft list chains inet)" "list chains inet"
assert_no_match 'chain y' "$(nft list chains inet)" "list chains inet: no netdev"
nft flush ruleset inet || fail "flush ruleset inet"
assert_no_match 'table inet' "$(nft list tables)" "flush ruleset inet"
assert_match '^table netdev tn$' "$(nft list tables)" "other families kept"
nft flush ruleset || fail "flush ruleset"
assert_eq "$(nft list ruleset)" "" "flush ruleset empties all"

# destroy: like delete, but no error when missing (1.0.6 lacks it).
if is_system_nft; then
	echo "system nft 1.0.6 has no destroy: skipped"
else
	nft destroy table ip nosuch || fail "destroy missing table"
	ok "destroy of a missing table succeeds"
	nft add table ip t && nft add chain ip t c || fail "setup"
	nft destroy chain ip t nosuch || fail "destroy missing chain"
	nft destroy chain ip t c || fail "destroy chain"
	nft destroy table ip t || fail "destroy table"
	assert_eq "$(nft list ruleset)" "" "destroyed"
fi

# Table block with flags and comment, then list table.
nft -f - <<'NFT' || fail "table block"
table inet b {
	flags dormant
	comment "block"
	chain c {
		type filter hook input priority filter + 10; policy drop;
	}
}
NFT
cat > "$TMPD/want" <<'NFT'
table inet b {
	flags dormant
	comment "block"

	chain c {
		type filter hook input priority filter + 10; policy drop;
	}
}
NFT
nft list table inet b > "$TMPD/got"
assert_files_eq "$TMPD/want" "$TMPD/got" "table block listing"
