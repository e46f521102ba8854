#!/bin/bash
# "flush set", "list set" and "reset set" of a map, and "flush map",
# "list map", "reset map" of a set: no such set or map, as upstream
# 1.1.3 says ("No such file or directory", the caret under the name).
# Flushing the other kind emptied it; listing it printed it. "delete"
# takes either, as upstream does.
. "$TESTDIR/lib.sh"

setup()
{
	local n=$1
	shift
	"$@" flush ruleset &&
		"$@" add table ip t &&
		"$@" add set ip t aset "{ type ipv4_addr; elements = { 1.1.1.1 }; }" &&
		"$@" add map ip t amap "{ type ipv4_addr : mark; elements = { 1.1.1.1 : 1 }; }" ||
		fail "$n: setup"
}

cmds=("flush set ip t amap" "flush map ip t aset" "list set ip t amap"
	"list map ip t aset" "reset set ip t amap" "reset map ip t aset")
# upstream's answers first (it shares the namespace)
declare -A theirs
if have_ref; then
	setup ref refnft
	for c in "${cmds[@]}"; do
		# shellcheck disable=SC2086
		theirs[$c]=$(refnft $c 2>&1)
	done
fi
setup ours nft
for c in "${cmds[@]}"; do
	# shellcheck disable=SC2086
	err=$(nft $c 2>&1)
	assert_eq "$?" 1 "$c: refused"
	assert_eq "$(sed -n 1p <<< "$err")" "Error: No such file or directory" \
		"$c: upstream's words"
	assert_caret_under "$err" "${c##* }" "$c: caret under the name"
	have_ref && assert_eq "$err" "${theirs[$c]}" "$c: as upstream"
done
assert_match "1\.1\.1\.1 : 0x00000001" "$(nft list map ip t amap)" \
	"the map kept its element"
assert_match "elements = \{ 1\.1\.1\.1 \}" "$(nft list set ip t aset)" \
	"the set kept its element"

# JSON: the path of the name.
for kind in set map; do
	other=amap
	[ $kind = map ] && other=aset
	for op in flush list reset; do
		err=$(nft -j -f - 2>&1 <<EOF
{"nftables": [{"$op": {"$kind": {"family": "ip", "table": "t", "name": "$other"}}}]}
EOF
)
		assert_eq "$?" 1 "JSON $op $kind of the other kind: refused"
		assert_match "^JSON command #0, at nftables\\[0\\]\\.$op\\.$kind\\.name\$" \
			"$err" "JSON $op $kind: the name's path"
	done
done

# the right kinds still work
nft flush set ip t aset && nft flush map ip t amap || fail "flush of the right kind"
nft list set ip t aset > /dev/null && nft list map ip t amap > /dev/null ||
	fail "list of the right kind"
assert_no_match "1\.1\.1\.1" "$(nft list ruleset)" "both flushed"
# and delete takes either, as upstream
nft delete set ip t amap && nft delete map ip t aset || fail "delete of either kind"
ok "set or map"
