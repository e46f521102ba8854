#!/bin/bash
# meta hour is written in local time and kept in UTC: a range that wraps
# past midnight only in UTC ("08:00"-"10:00" in Tokyo is 23:00-01:00
# UTC) loads, turned around (range neq), and lists as written, in text
# and JSON; the reference refuses it ("Range negative size", README:
# Differences). A range written wrapping is refused by both.
. "$TESTDIR/lib.sh"

[ -e /usr/share/zoneinfo/Asia/Tokyo ] || skip "no zone Asia/Tokyo"
export TZ=Asia/Tokyo

nft add table ip t && nft add chain ip t c || fail "setup"
out=$(nft --debug=netlink add rule ip t c meta hour '"08:00"-"10:00"' |
	grep '^  \[')
assert_eq "$out" "  [ meta load hour => reg 1 ]
  [ byteorder reg 1 = hton(reg 1, 4, 4) ]
  [ range neq reg 1 0x100e0000 0x70430100 ]" "turned around in UTC"
assert_eq "$(nft list chain ip t c | sed -n 3p)" \
	'		meta hour "08:00"-"10:00"' "listed as written"
assert_match '"op": "==", "left": \{"meta": \{"key": "hour"\}\}, "right": \{"range": \["08:00", "10:00"\]\}' \
	"$(nft -j list chain ip t c)" "JSON as written"
# its JSON loads back to the same
nft -j list chain ip t c > "$TMPD/c.json"
nft flush chain ip t c
nft -j -f "$TMPD/c.json" || fail "JSON loads back"
assert_eq "$(nft list chain ip t c | sed -n 3p)" \
	'		meta hour "08:00"-"10:00"' "the JSON listing loads back"
# "!=" of a range that does not wrap is itself
nft flush chain ip t c
nft add rule ip t c meta hour != '"12:00"-"13:00"' || fail "!="
assert_eq "$(nft list chain ip t c | sed -n 3p)" \
	'		meta hour != "12:00"-"13:00"' "!= listed as written"
assert_rc 1 "a range written wrapping" \
	nft add rule ip t c meta hour '"23:00"-"02:00"' 2>/dev/null
if have_ref && ! is_system_nft; then
	err=$(refnft add rule ip t c meta hour '"08:00"-"10:00"' 2>&1)
	assert_match "Range negative size" "$err" \
		"the reference refuses it (README: Differences)"
fi
