#!/bin/bash
# dnsmasq's --nftset on our library (dnsmasq calls libnftables itself): an
# answer for a domain of the option adds its address to the named set,
# IPv4 and IPv6 in sets of their own, as dnsmasq's log says it did. An
# upstream dnsmasq answers, the one under test forwards (local answers do
# not fill sets).
. "$TESTDIR/lib.sh"

command -v dnsmasq >/dev/null || skip "no dnsmasq (tools/deps clients)"
[ -n "${LIBNFTABLES:-}" ] || skip "LIBNFTABLES not set"
libdir=$(dirname "$LIBNFTABLES")
preload=$(asan_preload "$LIBNFTABLES")

ip link set lo up
nft -f - <<'NFT' || fail "the sets"
table inet t {
	set v4 { type ipv4_addr; }
	set v6 { type ipv6_addr; }
}
NFT
dnsmasq --no-daemon --no-resolv --no-hosts --port=5354 \
	--listen-address=127.0.0.1 --bind-interfaces --user=root \
	--address=/example.com/192.0.2.5 --address=/example.com/2001:db8::5 \
	> "$TMPD/up.log" 2>&1 &
up=$!
LD_LIBRARY_PATH=$libdir LD_PRELOAD=$preload ASAN_OPTIONS=detect_leaks=0 \
	dnsmasq --no-daemon --no-resolv --no-hosts --port=5353 \
	--listen-address=127.0.0.1 --bind-interfaces --user=root \
	--server=127.0.0.1#5354 \
	--nftset=/example.com/4#inet#t#v4,6#inet#t#v6 --log-queries \
	--log-facility="$TMPD/dnsmasq.log" > "$TMPD/dnsmasq.out" 2>&1 &
pid=$!
trap 'kill $pid $up 2>/dev/null; lib_cleanup' EXIT
sleep 1
kill -0 $pid 2>/dev/null || fail "dnsmasq did not start: $(cat "$TMPD/dnsmasq.out")"
grep -q "$libdir/libnftables.so" "/proc/$pid/maps" ||
	fail "dnsmasq did not load our library"
ok "dnsmasq runs on our library"

/usr/bin/python3 - <<'PY' || fail "no DNS answer"
import socket, struct
for qtype in (1, 28):
    q = struct.pack(">HHHHHH", 0x1234, 0x0100, 1, 0, 0, 0) + \
        b"\x07example\x03com\x00" + struct.pack(">HH", qtype, 1)
    s = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    s.settimeout(3)
    s.sendto(q, ("127.0.0.1", 5353))
    assert len(s.recv(512)) > 12
PY
sleep 0.5
assert_match "elements = \{ 192.0.2.5 \}" "$(nft list set inet t v4)" \
	"an IPv4 answer added to the set"
assert_match "elements = \{ 2001:db8::5 \}" "$(nft list set inet t v6)" \
	"an IPv6 answer added to the set"
assert_match "nftset add 4 inet t v4 192.0.2.5 example.com" \
	"$(cat "$TMPD/dnsmasq.log")" "dnsmasq's log: added"
assert_no_match "failed" "$(cat "$TMPD/dnsmasq.log")" "dnsmasq's log: no failure"
