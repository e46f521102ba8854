#!/bin/bash
# lxc-net (Debian's lxc package: /usr/libexec/lxc/lxc-net) on our nft: its
# start writes tables inet, ip and ip6 lxc (an anonymous-set accept for
# DNS and DHCP on the bridge, forward accepts, masquerade for IPv4 and,
# with LXC_IPV6_NAT, for IPv6) in one command line of `;`-separated
# commands, its stop deletes them by the add-then-delete idiom, a second
# start after a stop makes them again. The script runs unchanged, in a
# mount namespace of its own (/sys of the test's network namespace: the
# script looks for its bridge there; its /run/lxc, dnsmasq's lease directory and
# its configuration in /etc/default are private tmpfs there). Compared
# with the reference's listing.
. "$TESTDIR/lib.sh"

script=/usr/libexec/lxc/lxc-net
[ -x "$script" ] || skip "no lxc-net (tools/deps clients)"
command -v dnsmasq >/dev/null || skip "no dnsmasq (tools/deps clients)"

nft_on_path "$TMPD/bin" "$TMPD/calls"
ip link set lo up

# lxcnet start|stop: the script with the test's configuration, its nft
# first on PATH, nothing of it outside this test's namespaces
cat > "$TMPD/lxc" <<'CONF'
LXC_IPV6_ADDR="fd00:3::1"
LXC_IPV6_MASK="64"
LXC_IPV6_NETWORK="fd00:3::/64"
LXC_IPV6_NAT="true"
LXC_DHCP_PING="false"
CONF
lxcnet()
{
	unshare -m --propagation private sh -c '
		set -e
		mount -t sysfs lxc-net /sys
		mount -t tmpfs lxc-net /run
		mount -t tmpfs lxc-net /var/lib/misc
		mount -t tmpfs lxc-net /etc/default
		cp "$1" /etc/default/lxc
		mkdir -p /run/lxc
		[ ! -e "$2/up" ] || touch /run/lxc/network_up
		PATH=$2/bin:$PATH "$3" "$4"' lxcnet "$TMPD/lxc" "$TMPD" \
		"$script" "$1" > "$TMPD/out" 2>&1
}

lxcnet start || fail "lxc-net start: $(cat "$TMPD/out")"
touch "$TMPD/up"
assert_match "^add table inet lxc" "$(cat "$TMPD/calls")" "lxc-net ran our nft"
out=$(nft list ruleset) || fail "list ruleset"
assert_match 'iifname "lxcbr0" udp dport \{ 53, 67 \} accept' "$out" \
	"DNS and DHCP accepted on the bridge"
assert_match 'oifname "lxcbr0" accept' "$out" "forward to the bridge"
assert_match 'ip saddr 10.0.3.0/24 ip daddr != 10.0.3.0/24 counter packets [0-9]+ bytes [0-9]+ masquerade' \
	"$out" "IPv4 masquerade"
assert_match 'ip6 saddr fd00:3::/64 ip6 daddr != fd00:3::/64 counter packets [0-9]+ bytes [0-9]+ masquerade' \
	"$out" "IPv6 masquerade"
if have_ref; then
	# Stateless on both sides: dnsmasq on the bridge may send a packet
	# through the masquerade rule between the two listings.
	"$SRCDIR/tools/ref" nft -s list ruleset > "$TMPD/ref" ||
		fail "the reference's listing"
	assert_eq "$(nft -s list ruleset)" "$(cat "$TMPD/ref")" \
		"as the reference lists it"
fi
pkill -f "pid-file=/run/lxc/dnsmasq.pid" 2>/dev/null

lxcnet stop || fail "lxc-net stop: $(cat "$TMPD/out")"
rm -f "$TMPD/up"
assert_eq "$(nft list tables)" "" "stop: the tables deleted"
ip link show lxcbr0 >/dev/null 2>&1 && fail "stop: the bridge is still there"
ok "stop: the bridge deleted"

lxcnet start || fail "lxc-net start again: $(cat "$TMPD/out")"
assert_eq "$(nft list tables)" "table ip6 lxc
table inet lxc
table ip lxc" "start after stop: the tables again"
pkill -f "pid-file=/run/lxc/dnsmasq.pid" 2>/dev/null
ok "lxc-net"
