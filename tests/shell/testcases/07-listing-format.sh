#!/bin/bash
# Every chain kind, listed, equals a golden file in the upstream format:
# egress, multi-device ingress (devices from a define), inet ingress,
# named priorities with offsets, numeric ones, policies, comments on
# table/chain/rule, flags dormant.
. "$TESTDIR/lib.sh"

files=$TESTDIR/testcases/files
veths 3
nft -f "$files/all-chains.nft" || fail "loading all-chains.nft"
list_ruleset "$TMPD/got"
assert_files_eq "$files/all-chains.list" "$TMPD/got" "list ruleset matches all-chains.list"

# Per-object listings are cut from the same text.
nft list table netdev nd | normalise_listing > "$TMPD/nd"
sed -n '/^table netdev nd {/,/^}/p' "$files/all-chains.list" > "$TMPD/nd.want"
assert_files_eq "$TMPD/nd.want" "$TMPD/nd" "list table netdev nd"

nft list chain netdev nd multi | normalise_listing > "$TMPD/multi"
{
	echo 'table netdev nd {'
	sed -n '/^\tchain multi {/,/^\t}/p' "$files/all-chains.list"
	echo '}'
} > "$TMPD/multi.want"
assert_files_eq "$TMPD/multi.want" "$TMPD/multi" "list chain netdev nd multi"

# list tables / list chains
nft list tables > "$TMPD/tables"
printf 'table netdev nd\ntable inet fw\ntable ip raw\ntable ip6 sec\ntable bridge br\ntable arp a\n' \
	> "$TMPD/tables.want"
assert_files_eq "$TMPD/tables.want" "$TMPD/tables" "list tables"
assert_eq "$(nft list tables ip)" "table ip raw" "list tables ip"

nft list chains netdev | normalise_listing > "$TMPD/chains"
cat > "$TMPD/chains.want" <<'EOF2'
table netdev nd {
	chain eg {
		comment "egress chain"
		type filter hook egress device "v0" priority filter; policy accept;
	}
	chain multi {
		type filter hook ingress devices = { "v2", "v4" } priority filter + 10; policy drop;
	}
	chain single {
		type filter hook ingress device "v0" priority filter - 5; policy accept;
	}
}
EOF2
assert_files_eq "$TMPD/chains.want" "$TMPD/chains" "list chains netdev"
