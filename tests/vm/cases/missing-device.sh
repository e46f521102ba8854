# Debian's 6.1 kernel refuses a hook on a device that does not exist (the
# host's 6.16+ accepts it and waits for the device): the error must name
# the device, point at it, and leave nothing behind.
set -u
fail() { echo "FAIL: $*"; exit 1; }

$NFT add table netdev t || fail "add table"
for hook in ingress egress; do
	out=$($NFT add chain netdev t c "{ type filter hook $hook device nosuch priority 0; }" 2>&1)
	rc=$?
	echo "$out"
	[ $rc = 1 ] || fail "$hook: exit code $rc, expected 1"
	echo "$out" | grep -q "device 'nosuch' does not exist" ||
		fail "$hook: the error does not name the missing device"
	echo "$out" | grep -q '\^' || fail "$hook: no caret line"
done

ip link add v0 type veth peer name v1 || fail "veth"
out=$($NFT add chain netdev t m '{ type filter hook ingress devices = { v0, nosuch2, v1 } priority 0; }' 2>&1)
rc=$?
echo "$out"
[ $rc = 1 ] || fail "devices list: exit code $rc, expected 1"
echo "$out" | grep -q "device 'nosuch2' does not exist" ||
	fail "devices list: the error does not name the missing device"
# The caret sits under the missing name in the list.
line=$(echo "$out" | grep -n 'devices = {' | head -n 1 | cut -d: -f1)
src=$(echo "$out" | sed -n "${line}p")
caret=$(echo "$out" | sed -n "$((line + 1))p")
col=$(awk -v s="$src" 'BEGIN { print index(s, "nosuch2") }')
ccol=$(awk -v s="$caret" 'BEGIN { print index(s, "^") }')
[ "$col" = "$ccol" ] || fail "caret at column $ccol, device at $col"

[ "$($NFT list table netdev t)" = "$(printf 'table netdev t {\n}')" ] ||
	fail "the failed commands left something behind: $($NFT list table netdev t)"
echo ok
