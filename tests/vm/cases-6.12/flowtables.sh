# Flowtables (the host kernel has no nf_flow_table): a router namespace
# forwards TCP between two veth pairs through a flowtable on v0 and v2.
# The forward chain sees only the first packets of a 4 MiB transfer, all
# of which arrives: the flowtable takes the flow. The ruleset lists as
# a golden listing and as the system nft lists it, loads from the system
# nft's hands and from our JSON alike; devices join and leave the live
# flowtable.
set -u
fail() { echo "FAIL: $*"; exit 1; }

ip netns add fa && ip netns add fb || fail "netns"
ip link add v0 type veth peer name v1 netns fa || fail "veth v0"
ip link add v2 type veth peer name v3 netns fb || fail "veth v2"
ip addr add 10.1.0.1/24 dev v0 && ip link set v0 up
ip addr add 10.2.0.1/24 dev v2 && ip link set v2 up
for n in a b; do
	ip -n f$n link set lo up
done
ip -n fa addr add 10.1.0.2/24 dev v1 && ip -n fa link set v1 up
ip -n fb addr add 10.2.0.2/24 dev v3 && ip -n fb link set v3 up
ip -n fa route add default via 10.1.0.1 || fail "route a"
ip -n fb route add default via 10.2.0.1 || fail "route b"
echo 1 > /proc/sys/net/ipv4/conf/all/forwarding
# conntrack's byte counts, which the flowtable's counter feeds
echo 1 > /proc/sys/net/netfilter/nf_conntrack_acct
ip netns exec fa ping -c 1 -W 2 10.2.0.2 >/dev/null ||
	fail "no forwarding before the ruleset"

cat > /tmp/ft.nft <<'NFT'
table inet t {
	flowtable ft {
		hook ingress priority filter
		devices = { "v0", "v2" }
		counter
	}

	chain routed {
		type filter hook forward priority filter; policy accept;
		meta l4proto tcp counter flow add @ft
	}
}
NFT
golden='table inet t {
	flowtable ft {
		hook ingress priority filter
		devices = { "v0", "v2" }
		counter
	}

	chain routed {
		type filter hook forward priority filter; policy accept;
		meta l4proto tcp counter packets 0 bytes 0 flow add @ft
	}
}'

# our nft: the golden listing, and the reference's (1.1.3: unquoted
# devices)
$NFT -f /tmp/ft.nft || fail "load"
out=$($NFT list ruleset) || fail "list"
[ "$out" = "$golden" ] || fail "listing: $out"
if [ -n "$REFNFT" ]; then
	sys=$($REFNFT list ruleset)
	[ "$sys" = "$(echo "$golden" | sed 's/"\(v[0-9]\)"/\1/g')" ] ||
		fail "the system nft lists: $sys"
	# loaded by the system nft, listed by ours
	$NFT flush ruleset
	$REFNFT -f /tmp/ft.nft || fail "system nft load"
	out=$($NFT list ruleset) || fail "list after system load"
	[ "$out" = "$golden" ] || fail "listing of the system nft's load: $out"
fi
out=$($NFT list flowtable inet t ft) || fail "list flowtable"
[ "$out" = 'table inet t {
	flowtable ft {
		hook ingress priority filter
		devices = { "v0", "v2" }
		counter
	}
}' ] || fail "list flowtable: $out"
$NFT list flowtables inet | grep -q '^	flowtable ft {$' || fail "list flowtables"
$NFT -a list flowtables | grep -q '^	flowtable ft { # handle [0-9]*$' ||
	fail "-a list flowtables: $($NFT -a list flowtables)"

# JSON out and back in
json=$($NFT -j list ruleset) || fail "json list"
echo "$json" | grep -q '{"flowtable": {"family": "inet", "name": "ft", "table": "t", "handle": [0-9]*, "hook": "ingress", "prio": 0, "dev": \["v0", "v2"\], "counter": true}}' ||
	fail "json: $json"
$NFT flush ruleset
echo "$json" | $NFT -j -f - || fail "json load"
out=$($NFT list ruleset) || fail "list after json load"
[ "$out" = "$golden" ] || fail "listing after the JSON round trip: $out"

# a 4 MiB transfer from fa to fb through the router
# (nc's stdin stays open: it quits on its stdin's end)
sleep 25 | ip netns exec fb timeout 20 nc -l -p 5000 > /tmp/recv &
srv=$!
sleep 1
dd if=/dev/zero bs=1024 count=4096 2>/dev/null |
	ip netns exec fa timeout 20 nc 10.2.0.2 5000
wait $srv
size=$(wc -c < /tmp/recv)
[ "$size" = 4194304 ] || fail "received $size bytes of 4194304"
out=$($NFT list chain inet t routed)
n=$(echo "$out" | sed -n 's/.*counter packets \([0-9]*\) .*/\1/p')
echo "forward chain: $n packets of a 4 MiB transfer"
# at least 2900 segments (MSS 1448) went through the router
[ -n "$n" ] && [ "$n" -ge 1 ] && [ "$n" -lt 100 ] ||
	fail "the forward chain counted '$n' packets: the flowtable did not take the flow"
# the flowtable's counter: packets of the fast path skip conntrack, but
# with "counter" the flowtable adds them to the connection's counts (the
# connection has left the flowtable by now: closed, it is TIME_WAIT)
ct=$(grep 'dport=5000 ' /proc/net/nf_conntrack) || fail "no conntrack entry"
echo "$ct"
b=$(echo "$ct" | sed -n 's/.* dport=5000 packets=[0-9]* bytes=\([0-9]*\) .*/\1/p')
[ -n "$b" ] && [ "$b" -ge 4194304 ] ||
	fail "conntrack counted '$b' bytes: the flowtable's counter did not count"

# devices join and leave the live flowtable
ip link add d0 type dummy && ip link set d0 up || fail "dummy"
$NFT add flowtable inet t ft '{ devices = { "d0" }; }' || fail "add d0"
$NFT list flowtable inet t ft | grep -qxF '		devices = { "d0", "v0", "v2" }' ||
	fail "after adding d0: $($NFT list flowtable inet t ft)"
$NFT delete flowtable inet t ft '{ devices = { "d0", "v0" }; }' ||
	fail "delete d0 and v0"
$NFT list flowtable inet t ft | grep -qxF '		devices = { "v2" }' ||
	fail "after deleting d0 and v0: $($NFT list flowtable inet t ft)"
# a device the flowtable does not have: the error names it
err=$($NFT delete flowtable inet t ft '{ devices = { "d0" }; }' 2>&1) &&
	fail "deleting a device the flowtable lacks succeeded"
# in 1.1.3's words (the kernel's errno alone), the caret under the device
echo "$err" | grep -q "Could not process rule: No such file or directory" ||
	fail "error: $err"
echo "$err" | grep -qxF "$(printf '%41s^^^^' '')" ||
	fail "caret: $err"
if [ -n "$REFNFT" ]; then
	ref=$($REFNFT delete flowtable inet t ft '{ devices = { "d0" }; }' 2>&1)
	# its words; its caret marks the whole command
	[ "${ref%%$'\n'*}" = "${err%%$'\n'*}" ] ||
		fail "not as the reference: $err / $ref"
fi
# veth cannot offload to hardware: said so, nothing changed
err=$($NFT add flowtable inet t hw '{ hook ingress priority 0; devices = { "v0" }; flags offload; }' 2>&1) &&
	fail "hardware offload on veth succeeded"
echo "$err" | grep -q "cannot offload flows to hardware" || fail "error: $err"
$NFT list flowtables | grep -q 'flowtable hw' && fail "hw was added"

# echo: one line as upstream's monitor prints it (1.0.6 echoes nothing)
out=$($NFT -e add flowtable inet t e1 '{ hook ingress priority 3; devices = { "d0" }; }' | head -n 1) ||
	fail "echo add"
[ "$out" = 'add flowtable inet t e1 { hook ingress priority filter + 3; devices = { "d0" }; }' ] ||
	fail "echo: $out"
# a device of another flowtable
err=$($NFT add flowtable inet t e2 '{ hook ingress priority 0; devices = { "d0" }; }' 2>&1) &&
	fail "two flowtables on d0"
echo "$err" | grep -q "already used by another flowtable" || fail "error: $err"
$NFT delete flowtable inet t e1 || fail "delete e1"

# flow add outside a forward chain: the kernel refuses it
$NFT add chain inet t in '{ type filter hook input priority 0; }' || fail "chain in"
err=$($NFT add rule inet t in flow add @ft 2>&1) && fail "flow add in an input chain"
echo "$err" | grep -q "forward chains only" || fail "error: $err"
err=$($NFT add rule inet t routed flow add @nope 2>&1) && fail "flow add @nope"
echo "$err" | grep -q "No such file or directory" || fail "error: $err"

# in use by the rule: refused, then gone with the rule
$NFT delete flowtable inet t ft 2>/dev/null && fail "deleted a flowtable in use"
$NFT flush chain inet t routed || fail "flush"
h=$($NFT -a list flowtables | sed -n 's/.*flowtable ft { # handle \([0-9]*\)/\1/p')
$NFT delete flowtable inet t handle "$h" || fail "delete by handle $h"
$NFT list flowtables | grep -q flowtable && fail "flowtable still there"
$NFT destroy flowtable inet t ft || fail "destroy of a missing flowtable"
echo ok
