#!/bin/bash
# export: 1.1.3 parses "export [ruleset] xml|json|vm json" and refuses it
# (the formats are gone; "nft -j list ruleset" is JSON): the same errors,
# carets and exit status, and nothing else of the input is run.
. "$TESTDIR/lib.sh"

have_ref || skip "no reference (tools/ref)"

n=0
for c in "export ruleset xml" "export xml" "export json" "export vm" \
	 "export vm xml" "export vm foo" "export ruleset vm json" \
	 "export foo" "export" "export ruleset" \
	 "export ruleset json; add table x" "export json extra" \
	 "export vm json x" "export json; export xml"; do
	{ nft "$c" 2>&1; echo "rc=$?"; } > "$TMPD/ours"
	{ refnft "$c" 2>&1; echo "rc=$?"; } > "$TMPD/ref"
	assert_files_eq "$TMPD/ours" "$TMPD/ref" "$c"
	n=$((n + 1))
done
assert_eq "$(nft list ruleset)" "" "nothing added"
{ nft add table export 2>&1; echo "rc=$?"; } > "$TMPD/ours"
assert_match "unexpected export" "$(cat "$TMPD/ours")" "export is no name, as in 1.1.3"
printf 'export json\n' > "$TMPD/f.nft"
{ nft -f "$TMPD/f.nft" 2>&1; echo "rc=$?"; } > "$TMPD/ours"
{ refnft -f "$TMPD/f.nft" 2>&1; echo "rc=$?"; } > "$TMPD/ref"
assert_files_eq "$TMPD/ours" "$TMPD/ref" "in a file"
ok "export: $n commands refused as the reference refuses them"
