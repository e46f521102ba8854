# nft monitor trace on Linux 6.1, which (unlike 6.18) tells where a
# chain returns: at its end ("verdict continue") and by a "return" rule
# ("verdict return"), as their own events. Ours and the reference
# (1.1.3) listen side by side to pings on loopback and must print the
# same lines; the packet lines of an ip table leave out "ip protocol",
# which the icmp header after it implies, as 1.1.3 prints them.
set -u
fail() { echo "FAIL: $*"; exit 1; }

[ -n "${REFNFT:-}" ] || fail "no reference nft in the guest"
ip link set lo up
$NFT -f - <<'NFT' || fail "load"
table ip t {
	chain sub {
		counter
	}
	chain sub2 {
		icmp type echo-request counter
		return
	}
	chain o {
		type filter hook output priority filter; policy accept;
		icmp type echo-request meta nftrace set 1
		jump sub
		goto sub2
	}
}
NFT
$NFT monitor trace > /tmp/trace.ours 2>&1 &
p1=$!
$REFNFT monitor trace > /tmp/trace.ref 2>&1 &
p2=$!
sleep 1
ping -c 1 -W 1 127.0.0.1 >/dev/null 2>&1 || fail "ping"
sleep 1
kill $p1 $p2
wait
grep -q "ip t sub verdict continue $" /tmp/trace.ours ||
	fail "no return at the end of sub: $(cat /tmp/trace.ours)"
grep -q "ip t sub2 verdict return $" /tmp/trace.ours ||
	fail "no return of sub2: $(cat /tmp/trace.ours)"
diff /tmp/trace.ref /tmp/trace.ours || fail "not as the reference prints it"
echo "ok: trace-return"
