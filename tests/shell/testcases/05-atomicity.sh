#!/bin/bash
# A file whose fourth command fails applies nothing: exit 1, an error that
# names FILE:4: with a caret line, and the ruleset exactly as before.
. "$TESTDIR/lib.sh"

veths 1
nft -f - <<'NFT' || fail "initial ruleset"
table ip keep {
	chain input {
		type filter hook input priority filter; policy accept;
		ip saddr 10.1.1.1 counter accept
	}
}
NFT
nft list ruleset > "$TMPD/before" || fail "list"

# check_atomic NAME LINE4: lines 1-3 are valid, line 4 is LINE4.
check_atomic()
{
	local f="$TMPD/$1.nft" err
	{
		echo 'add table netdev keep3'
		echo 'add chain ip keep input2 { type filter hook output priority 0; }'
		echo 'add rule ip keep input ip daddr 10.2.2.2 drop'
		echo "$2"
		echo 'add rule ip keep input counter'
	} > "$f"
	err=$(nft -f "$f" 2>&1)
	rc=$?
	assert_eq "$rc" 1 "$1: exit status"
	assert_match "^$f:4:" "$err" "$1: error names $f:4:"
	has_caret "$err" || fail "$1: no caret line in: $err"
	ok "$1: caret line"
	nft list ruleset > "$TMPD/after" || fail "list"
	assert_files_eq "$TMPD/before" "$TMPD/after" "$1: ruleset unchanged"
}

check_atomic jump-missing 'add rule ip keep input jump nosuchchain'
check_atomic rule-missing-chain 'add rule ip keep nosuchchain counter'
check_atomic rule-missing-table 'add rule ip nosuchtable input counter'
check_atomic bad-syntax 'add rule ip keep input ip saddr'
# "create" of an existing chain: EEXIST from the kernel if not before.
check_atomic create-existing 'create chain ip keep input'
