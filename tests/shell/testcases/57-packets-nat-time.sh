#!/bin/bash
# Meaning, proved with packets: rules match what they say and nothing
# else.
#  - nat maps with numgen and jhash: "dnat to numgen inc mod 2 map" sends
#    new flows to the two addresses in turn; "dnat to jhash ip saddr mod
#    2 seed S map" sends each source to the address its hash picks (the
#    kernel's jhash, computed here in Python), and the reference's load of
#    the same rule sends them to the same addresses;
#  - meta time (a date, and seconds since the epoch), meta hour and meta
#    day: a range around now counts the pings, ranges elsewhere do not.
. "$TESTDIR/lib.sh"

export TZ=UTC
ns_new; peer=$NS_PID
ip link add v0 type veth peer name v1 || fail "veth"
ip link set v1 netns "$peer" || fail "move v1"
ip link set lo up
ip addr add 10.0.0.1/24 dev v0 && ip link set v0 up
for i in 11 12 13 14 15 16; do
	ip addr add 10.0.0.$i/24 dev v0 || fail "address 10.0.0.$i"
done
ip route add 10.9.9.9/32 dev v0 || fail "route to the nat address"
in_ns "$peer" ip link set lo up
in_ns "$peer" ip addr add 10.0.0.2/24 dev v1
in_ns "$peer" ip addr add 10.0.0.3/24 dev v1
in_ns "$peer" ip link set v1 up
wait_ping 10.0.0.2 && wait_ping 10.0.0.3 || fail "no connectivity"

# The peer counts what reaches each of its addresses.
peer_nft()
{
	in_ns "$peer" "$NFT" "$@"
}
peer_nft -f - <<'NFT' || fail "the peer's counters"
table ip p {
	chain in {
		type filter hook input priority filter; policy accept;
		icmp type echo-request ip daddr 10.0.0.2 counter
		icmp type echo-request ip daddr 10.0.0.3 counter
	}
}
NFT
peer_count()
{
	peer_nft list chain ip p in | grep "ip daddr $1 counter" |
		sed -n 's/.*counter packets \([0-9]*\) bytes.*/\1/p'
}
peer_reset()
{
	peer_nft -f - <<'NFT' || fail "resetting the peer's counters"
flush chain ip p in
table ip p {
	chain in {
		icmp type echo-request ip daddr 10.0.0.2 counter
		icmp type echo-request ip daddr 10.0.0.3 counter
	}
}
NFT
}

# ping_from SRC: one echo to the nat address (a flow of its own: ping
# takes a new id each run).
ping_from()
{
	ping -c 1 -W 1 -I "$1" 10.9.9.9 > /dev/null 2>&1
}

nat_table()
{
	cat <<NFT
table ip n {
	chain out {
		type nat hook output priority -100; policy accept;
		ip daddr 10.9.9.9 $1
	}
}
NFT
}

# numgen: four flows, two to each address, in turn.
nat_table 'dnat to numgen inc mod 2 map { 0 : 10.0.0.2, 1 : 10.0.0.3 }' |
	nft -f - || fail "loading the numgen nat map"
for i in 1 2 3 4; do
	ping_from 10.0.0.1 || fail "numgen flow $i: no answer"
done
assert_eq "$(peer_count 10.0.0.2) $(peer_count 10.0.0.3)" "2 2" \
	"numgen inc mod 2: four flows, two to each address"
nft delete table ip n

# jhash: the kernel's jhash of the 4 bytes of the source address
# (lookup3 as include/linux/jhash.h has it), scaled to the modulus.
jhash_pick()
{
	python3 - "$@" <<'PY'
import sys
def rol(x, k):
    return ((x << k) | (x >> (32 - k))) & 0xffffffff
def final(a, b, c):
    m = 0xffffffff
    c ^= b; c = (c - rol(b, 14)) & m
    a ^= c; a = (a - rol(c, 11)) & m
    b ^= a; b = (b - rol(a, 25)) & m
    c ^= b; c = (c - rol(b, 16)) & m
    a ^= c; a = (a - rol(c, 4)) & m
    b ^= a; b = (b - rol(a, 14)) & m
    c ^= b; c = (c - rol(b, 24)) & m
    return c
seed, mod = int(sys.argv[1], 0), int(sys.argv[2])
for addr in sys.argv[3:]:
    k = bytes(int(x) for x in addr.split("."))
    a = b = c = (0xdeadbeef + 4 + seed) & 0xffffffff
    a = (a + (k[0] | k[1] << 8 | k[2] << 16 | k[3] << 24)) & 0xffffffff
    print((final(a, b, c) * mod) >> 32)
PY
}
srcs="10.0.0.11 10.0.0.12 10.0.0.13 10.0.0.14 10.0.0.15 10.0.0.16"
picks=$(jhash_pick 0xcafe 2 $srcs | tr '\n' ' ')
want2=0 want3=0
for p in $picks; do
	if [ "$p" = 0 ]; then want2=$((want2 + 1)); else want3=$((want3 + 1)); fi
done
[ "$want2" != 0 ] && [ "$want3" != 0 ] ||
	fail "the seed sends every source to one address ($picks): pick another"
jhash_rule='dnat to jhash ip saddr mod 2 seed 0xcafe map { 0 : 10.0.0.2, 1 : 10.0.0.3 }'
for loader in nft refnft; do
	[ "$loader" = refnft ] && ! have_ref && continue
	peer_reset
	nat_table "$jhash_rule" | $loader -f - || fail "$loader: the jhash nat map"
	for s in $srcs; do
		ping_from "$s" || fail "$loader: jhash flow from $s: no answer"
	done
	assert_eq "$(peer_count 10.0.0.2) $(peer_count 10.0.0.3)" \
		"$want2 $want3" \
		"$loader: jhash ip saddr mod 2 sends each source where its hash says ($picks)"
	# one source, again and again: always the same address
	peer_reset
	for i in 1 2 3; do
		ping_from 10.0.0.11 || fail "$loader: repeated flow"
	done
	first=$(echo "$picks" | cut -d' ' -f1)
	if [ "$first" = 0 ]; then want="3 0"; else want="0 3"; fi
	assert_eq "$(peer_count 10.0.0.2) $(peer_count 10.0.0.3)" "$want" \
		"$loader: one source always goes to the same address"
	nft delete table ip n
done

# meta time, hour, day: each rule counts the pings it matches.
now=$(date +%s)
day() { date -u -d "@$1" '+%Y-%m-%d %H:%M:%S'; }
hour_of() { date -u -d "@$1" '+%H:%M'; }
today=$(date -u -d "@$now" '+%A')
other=$(date -u -d "@$((now + 3 * 86400))" '+%A')
# an hour range around now that does not wrap past midnight
h=$(date -u -d "@$now" '+%H')
if [ "$h" = 23 ]; then hr='"22:00"-"23:59"'; elif [ "$h" = 00 ]; then hr='"00:00"-"01:00"'
else hr="\"$(hour_of $((now - 3600)))\"-\"$(hour_of $((now + 3600)))\""; fi
# an hour range that excludes now, not wrapping either
if [ "$h" -lt 12 ]; then nothr='"13:00"-"23:00"'; else nothr='"01:00"-"10:00"'; fi
cat > "$TMPD/time.nft" <<NFT
table ip tm {
	chain out {
		type filter hook output priority filter; policy accept;
		ip daddr 10.0.0.2 meta time "$(day $((now - 3600)))"-"$(day $((now + 3600)))" counter comment "date now"
		ip daddr 10.0.0.2 meta time < "$(day $((now - 86400)))" counter comment "date past"
		ip daddr 10.0.0.2 meta time > "$(day $((now + 86400)))" counter comment "date future"
		ip daddr 10.0.0.2 meta time >= $((now - 3600)) counter comment "secs now"
		ip daddr 10.0.0.2 meta time >= $((now + 86400)) counter comment "secs future"
		ip daddr 10.0.0.2 meta hour $hr counter comment "hour now"
		ip daddr 10.0.0.2 meta hour $nothr counter comment "hour other"
		ip daddr 10.0.0.2 meta day "$today" counter comment "day today"
		ip daddr 10.0.0.2 meta day "$other" counter comment "day other"
		ip daddr 10.0.0.2 meta day != "$today" counter comment "not today"
	}
}
NFT
nft -f "$TMPD/time.nft" || fail "loading the time rules"
for i in 1 2 3; do
	ping -c 1 -W 1 10.0.0.2 > /dev/null || fail "ping $i"
done
count_of()
{
	nft list chain ip tm out | grep "comment \"$1\"" |
		sed -n 's/.*counter packets \([0-9]*\) bytes.*/\1/p'
}
for c in "date now" "secs now" "hour now" "day today"; do
	assert_eq "$(count_of "$c")" 3 "meta time/hour/day: '$c' counts the pings"
done
for c in "date past" "date future" "secs future" "hour other" "day other" "not today"; do
	assert_eq "$(count_of "$c")" 0 "meta time/hour/day: '$c' counts nothing"
done
# the reference loads the same rules into the same bytes
if have_ref; then
	nft --debug=netlink list chain ip tm out | grep '^  \[' > "$TMPD/bc.ours"
	nft delete table ip tm
	refnft -f "$TMPD/time.nft" || fail "the reference loads the time rules"
	nft --debug=netlink list chain ip tm out | grep '^  \[' > "$TMPD/bc.ref"
	assert_files_eq "$TMPD/bc.ref" "$TMPD/bc.ours" \
		"meta time/hour/day: the reference's bytecode is ours"
fi
