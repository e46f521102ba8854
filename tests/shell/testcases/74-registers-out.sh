#!/bin/bash
# A rule needing more data registers than the kernel's 64 bytes (a
# concatenation with a "jhash" member, whose source loads after the
# concatenation's slots) is refused with an error under the expression
# that ran out; the reference aborts there.
. "$TESTDIR/lib.sh"

nft add table ip6 t && nft add chain ip6 t c || fail "setup"
assert_rc 1 "source of the hash past the registers" \
	nft add rule ip6 t c ip6 saddr . ip6 daddr . ip6 saddr . meta mark . jhash ip6 daddr mod 2 '{ ::1 . ::1 . ::1 . 1 . 1 }' 2>"$TMPD/err"
assert_eq "$(head -n 1 "$TMPD/err")" \
	"Error: out of registers: the kernel holds 64 bytes of values at once" \
	"the words"
caret=$(sed -n 3p "$TMPD/err")
assert_eq "${caret%%^*}" "$(sed -n 2p "$TMPD/err" | sed 's/[.] jhash.*//; s/./ /g')" \
	"caret from the '.' before the jhash on"
# a map's key takes twice its slots: the padding gives way
assert_rc 1 "map key" \
	nft add rule ip6 t c ip6 saddr . ip6 daddr . ip6 saddr . jhash ip6 daddr mod 2 vmap '{ ::1 . ::1 . ::1 . 1 : accept }' 2>/dev/null
nft add rule ip6 t c ip6 saddr . ip6 daddr . jhash ip6 daddr mod 2 vmap '{ ::1 . ::1 . 1 : accept }' ||
	fail "nine slots and a hash's source of four fit"
assert_eq "$(nft list chain ip6 t c | grep -c vmap)" 1 "one rule added"
ok "out of registers"
