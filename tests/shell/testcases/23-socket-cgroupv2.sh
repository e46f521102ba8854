#!/bin/bash
# socket cgroupv2: the path is the cgroup's inode under /sys/fs/cgroup,
# encoded as the system nft does; the listing (a path or the number)
# loads back to the same rule; JSON keeps the level.
. "$TESTDIR/lib.sh"

# a directory under /sys/fs/cgroup: the cgroup2 mount of a hybrid host,
# or a cgroup of a cgroup2-only one
cg=$(cd /sys/fs/cgroup 2>/dev/null && for d in unified system.slice init.scope */; do
	[ -d "$d" ] && { echo "${d%/}"; break; }; done)
[ -n "$cg" ] || skip "no directory under /sys/fs/cgroup"

nft add table inet t && nft add chain inet t c || fail "setup"
ours=$(nft --debug=netlink add rule inet t c socket cgroupv2 level 1 "\"$cg\"" | grep '^  \[')
assert_match 'socket load cgroupv2 => reg 1' "$ours" "socket cgroupv2 loads"
if have_ref && ! is_system_nft; then
	refnft add table inet s && refnft add chain inet s c || fail "setup"
	theirs=$(refnft --debug=netlink add rule inet s c socket cgroupv2 level 1 "\"$cg\"" | grep '^  \[')
	assert_eq "$ours" "$theirs" "the system nft's bytecode"
fi
line=$(nft list chain inet t c | grep 'socket cgroupv2')
assert_match '^		socket cgroupv2 level 1 ' "$line" "listed with its level"
nft flush chain inet t c
again=$(nft --debug=netlink add rule inet t c ${line#		} | grep '^  \[')
assert_eq "$again" "$ours" "the listing loads back to the same bytecode"
assert_match '"socket": \{"key": "cgroupv2", "level": 1\}' "$(nft -j list chain inet t c)" \
	"JSON keeps the level"
assert_rc 1 "a missing path is refused" \
	nft add rule inet t c socket cgroupv2 level 1 '"no/such/cgroup"' 2>"$TMPD/err"
assert_match "cgroupv2 path fails: No such file or directory" "$(cat "$TMPD/err")" "says why"
ok "socket cgroupv2"
