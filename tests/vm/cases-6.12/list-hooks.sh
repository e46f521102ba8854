# list hooks on a kernel with the nfnetlink_hook subsystem (Debian 13's
# 6.12; Debian 12's 6.1 and the host's kernel have none): the same text
# as the system nft, from the kernel itself. With a device, ours adds the
# device's egress hooks after its ingress hooks (the system nft never
# asks for them): that section is checked on its own.
set -u
fail() { echo "FAIL: $*"; exit 1; }
[ -n "$REFNFT" ] || fail "no system nft in the guest"
[ -d /sys/module/nfnetlink_hook ] || fail "nfnetlink_hook is not loaded"

ip link add v0 type veth peer name v1 || fail "veth"
ip link set v0 up && ip link set v1 up
$NFT -f - <<'NFT' || fail "load"
table ip t4 {
	chain pre { type filter hook prerouting priority -150; }
	chain in { type filter hook input priority 0; }
}
table inet ti {
	chain in { type filter hook input priority -3; }
}
table bridge b {
	chain fw { type filter hook forward priority 0; }
}
table netdev n {
	chain ing { type filter hook ingress device "v0" priority 5; }
	chain eg { type filter hook egress device "v0" priority -5; }
}
NFT

same()
{
	$NFT list hooks "$@" > /tmp/ours 2>&1; rc1=$?
	$REFNFT list hooks "$@" > /tmp/theirs 2>&1; rc2=$?
	[ $rc1 = $rc2 ] || fail "list hooks $*: exit $rc1, the system nft's $rc2"
	cmp -s /tmp/ours /tmp/theirs || {
		echo "--- ours"; cat /tmp/ours; echo "--- the system nft's"; cat /tmp/theirs
		fail "list hooks $*: not the system nft's text"
	}
	echo "same: list hooks $*"
}

same
for f in ip ip6 inet arp bridge netdev; do
	same $f
done
$NFT list hooks ip > /tmp/ip || fail "list hooks ip"
grep -q '^		-0000000150 chain ip t4 pre \[nf_tables\]$' /tmp/ip ||
	{ cat /tmp/ip; fail "list hooks ip: the prerouting chain at -150"; }
grep -q '^		 0000000000 chain ip t4 in \[nf_tables\]$' /tmp/ip ||
	{ cat /tmp/ip; fail "list hooks ip: the input chain at 0"; }

# with a device: the system nft's text, plus our egress section
$NFT list hooks netdev device v0 > /tmp/ours || fail "list hooks netdev device v0"
$REFNFT list hooks netdev device v0 > /tmp/theirs || fail "system: list hooks netdev device v0"
# ours without the egress section
awk '/^\thook egress \{$/ { skip = 1 } !skip { print } skip && /^\t\}$/ { skip = 0 }' \
	/tmp/ours > /tmp/ours-no-egress
cmp -s /tmp/ours-no-egress /tmp/theirs || {
	cat /tmp/ours; echo ---; cat /tmp/theirs
	fail "list hooks netdev device v0: ingress differs from the system nft's"
}
grep -q '^		+0000000005 chain netdev n ing \[nf_tables\]$' /tmp/ours ||
	fail "device v0: no ingress chain"
grep -q '^		-0000000005 chain netdev n eg \[nf_tables\]$' /tmp/ours ||
	{ cat /tmp/ours; fail "device v0: no egress chain"; }
echo ok
