#!/bin/bash
# A map's data of a flags type lists as 1.1.3 lists it: one flag by its
# name, several as one number (text and JSON), which loads back as the
# same value.
. "$TESTDIR/lib.sh"

cat > "$TMPD/in.nft" <<'IN'
table ip t {
	map m { type mark : ct_state; flags interval; elements = { 1 : 0x41b1495, 2 : new, 3 : established | related } }
}
IN
nft -f "$TMPD/in.nft" || fail "load"
list=$(joined "$(nft list map ip t m)")
assert_match "elements = \{ 0x00000001 : 0x41b1495, 0x00000002 : new, 0x00000003 : 0x6 \}" "$list" "several flags: a number"
assert_match '\[1, 68883605\], \[2, "new"\], \[3, 6\]' "$(nft -j list map ip t m)" "JSON"
if have_ref; then
	assert_eq "$(joined "$(refnft list map ip t m)")" "$list" "the reference's listing"
fi
nft list ruleset > "$TMPD/l1"
nft flush ruleset && nft -f "$TMPD/l1" || fail "reload"
nft list ruleset > "$TMPD/l2"
assert_files_eq "$TMPD/l1" "$TMPD/l2" "loads back"
ok "flags as map data"
