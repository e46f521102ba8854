# list hooks on a kernel with the nfnetlink_hook subsystem (Debian 13's
# 6.12; Debian 12's 6.1 and the host's kernel have none): the reference's
# text byte for byte (upstream 1.1.3), from the kernel itself, for every
# family with and without a device: chains of every family, flowtables,
# netdev ingress and egress hooks of several devices, a missing device.
set -u
fail() { echo "FAIL: $*"; exit 1; }
[ -n "$REFNFT" ] || fail "no reference nft in the guest"
[ -d /sys/module/nfnetlink_hook ] || fail "nfnetlink_hook is not loaded"

for i in 0 2 4 6; do
	ip link add v$i type veth peer name v$((i + 1)) || fail "veth"
	ip link set v$i up
done
$NFT -f - <<'NFT' || fail "load"
table ip t4 {
	chain pre { type filter hook prerouting priority -150; }
	chain in { type filter hook input priority 0; }
}
table inet ti {
	chain in { type filter hook input priority -3; }
	chain ing { type filter hook ingress device "v2" priority 7; }
	flowtable f { hook ingress priority 0; devices = { "v6", "v0" }; }
}
table bridge b {
	chain fw { type filter hook forward priority 0; }
}
table arp a {
	chain i { type filter hook input priority 0; }
}
table netdev n {
	chain ing { type filter hook ingress devices = { "v4", "v0" } priority 5; }
	chain eg { type filter hook egress device "v2" priority -5; }
}
NFT

same()
{
	$NFT list hooks "$@" > /tmp/ours 2>&1; rc1=$?
	$REFNFT list hooks "$@" > /tmp/theirs 2>&1; rc2=$?
	[ $rc1 = $rc2 ] || fail "list hooks $*: exit $rc1, the reference's $rc2"
	cmp -s /tmp/ours /tmp/theirs || {
		echo "--- ours"; cat /tmp/ours; echo "--- the reference's"; cat /tmp/theirs
		fail "list hooks $*: not the reference's text"
	}
	echo "same: list hooks $*"
}

same
for f in ip ip6 inet arp bridge netdev; do
	same $f
	same $f device v0
done
same device v0
same device v6
same device v9
same netdev device v9
same netdev device v6
same ip device v9
$NFT list hooks ip > /tmp/ip || fail "list hooks ip"
grep -q '^		-0000000150 chain ip t4 pre \[nf_tables\]$' /tmp/ip ||
	{ cat /tmp/ip; fail "list hooks ip: the prerouting chain at -150"; }
grep -q '^		 0000000000 chain ip t4 in \[nf_tables\]$' /tmp/ip ||
	{ cat /tmp/ip; fail "list hooks ip: the input chain at 0"; }
$NFT list hooks netdev > /tmp/nd || fail "list hooks netdev"
grep -q '^	hook egress device v2 {$' /tmp/nd ||
	{ cat /tmp/nd; fail "list hooks netdev: v2's egress hook"; }
grep -q '^		-0000000005 chain netdev n eg \[nf_tables\]$' /tmp/nd ||
	{ cat /tmp/nd; fail "list hooks netdev: the egress chain"; }
echo ok
