#!/bin/bash
# A rule added or inserted after a handle that does not exist: 1.1.3
# marks the whole command with its separator ("Could not process rule:
# No such file or directory"), a replace or delete of one the handle.
. "$TESTDIR/lib.sh"

nft add table inet f && nft add chain inet f c || fail "setup"
printf 'add rule inet f c position 9 counter; add rule inet f c accept\ninsert rule inet f c position 7 accept\n' \
	> "$TMPD/p.nft"
for c in "insert rule inet f c position 9 counter" \
	 "add rule inet f c handle 9 counter"; do
	out=$(nft $c 2>&1)
	assert_eq "$(echo "$out" | sed -n 3p)" \
		"$(echo "$c." | sed 's/./^/g')" "$c: the whole command marked"
done
for c in "replace rule inet f c handle 9 counter" "delete rule inet f c handle 9"; do
	out=$(nft $c 2>&1)
	assert_match '^ +\^$' "$(echo "$out" | sed -n 3p)" "$c: the handle marked"
done
if have_ref; then
	for c in "insert rule inet f c position 9 counter" \
		 "add rule inet f c handle 9 counter" \
		 "replace rule inet f c handle 9 counter" \
		 "delete rule inet f c handle 9" "-f $TMPD/p.nft"; do
		assert_eq "$(nft $c 2>&1)" "$(refnft $c 2>&1)" "$c: as the reference"
	done
fi
ok "rule positions"
