#!/bin/bash
# Debian's nftables.service on our nft: ExecStart and ExecReload
# (`nft -f /etc/nftables.conf`, the file the package installs, started by
# "flush ruleset"), ExecStop (`nft flush ruleset`); with another
# program's table present meanwhile, as on a host where Docker wrote its
# own. The listing is the reference's.
. "$TESTDIR/lib.sh"

conf=/etc/nftables.conf
[ -f "$conf" ] || skip "no $conf (package nftables)"

nft add table ip docker-like || fail "another program's table"
nft -f "$conf" || fail "ExecStart: nft -f $conf"
assert_no_match "docker-like" "$(nft list tables)" \
	"ExecStart: the file's flush ruleset removed the other table"
nft list ruleset > "$TMPD/ours" || fail "list ruleset"
if have_ref; then
	"$SRCDIR/tools/ref" nft list ruleset > "$TMPD/ref" ||
		fail "the reference's list ruleset"
	assert_files_eq "$TMPD/ref" "$TMPD/ours" "the reference lists what ExecStart loaded"
fi
nft -f "$conf" || fail "ExecReload: nft -f $conf"
nft list ruleset > "$TMPD/again" || fail "list ruleset after reload"
assert_files_eq "$TMPD/ours" "$TMPD/again" "ExecReload: the same ruleset"
nft flush ruleset || fail "ExecStop: nft flush ruleset"
assert_eq "$(nft list ruleset)" "" "ExecStop: nothing left"
