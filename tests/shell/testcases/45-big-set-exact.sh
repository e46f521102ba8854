#!/bin/bash
# The exact big-set listing (bench/sets-exact.sh) as a test: 200,000
# ipv4_addr elements loaded in one file, the set listed 20 times, and
# every listing holds exactly the elements loaded, none twice and none
# left out (a kernel hash set resized while it is dumped can show some
# twice and miss others: the listing must dump again rather than print
# that). Each listing is compared cheaply: its addresses, sorted, hashed
# and compared with the hash of what was loaded; counted too, so that a
# short listing says how short it is.
# BIGSET_COUNT and BIGSET_LISTS may shrink it by hand; the defaults are
# the test.
. "$TESTDIR/lib.sh"

count=${BIGSET_COUNT:-200000}
lists=${BIGSET_LISTS:-20}

awk -v n="$count" 'BEGIN {
	print "table ip big {\n\tset s {\n\t\ttype ipv4_addr\n\t\telements = {"
	for (i = 0; i < n; i++)
		printf "\t\t\t10.%d.%d.%d%s\n", int(i / 65536) % 256,
			int(i / 256) % 256, i % 256, (i == n - 1 ? "" : ",")
	print "\t\t}\n\t}\n}" }' > "$TMPD/set.nft"

# the addresses of a listing, one a line, sorted: awk splits on what is
# not part of an address, so a listing of many per line costs one pass
addrs()
{
	awk 'BEGIN { RS = "[^0-9.]+" } /^10\.[0-9]+\.[0-9]+\.[0-9]+$/' "$1" |
		LC_ALL=C sort
}

addrs "$TMPD/set.nft" > "$TMPD/want"
want_n=$(wc -l < "$TMPD/want")
want_sum=$(md5sum < "$TMPD/want")
assert_eq "$want_n" "$count" "the file holds $count addresses"

start=$SECONDS
nft -f "$TMPD/set.nft" || fail "loading $count elements"
ok "$count elements loaded in $((SECONDS - start))s"

# two listings at a time (the machine has two cores; the kernel's dump
# is most of a listing's time), each compared as soon as it is there
check()
{
	local got_n

	addrs "$TMPD/list.$1" > "$TMPD/got.$1"
	got_n=$(wc -l < "$TMPD/got.$1")
	[ "$got_n" = "$count" ] ||
		fail "listing $1 holds $got_n addresses, not $count"
	[ "$(md5sum < "$TMPD/got.$1")" = "$want_sum" ] ||
		fail "listing $1 differs from what was loaded:" \
			"$(diff "$TMPD/want" "$TMPD/got.$1" | head -5)"
	rm -f "$TMPD/list.$1" "$TMPD/got.$1"
}

jobs_n=${BIGSET_JOBS:-2}
start=$SECONDS
for ((i = 1; i <= lists; i += jobs_n)); do
	pids=()
	for ((j = i; j < i + jobs_n && j <= lists; j++)); do
		nft list set ip big s > "$TMPD/list.$j" &
		pids+=($!)
	done
	for ((j = i; j < i + jobs_n && j <= lists; j++)); do
		wait "${pids[j - i]}" || fail "listing $j failed"
		check "$j"
	done
done
[ "$j" = $((lists + 1)) ] || fail "$((j - 1)) listings, not $lists"
ok "$lists listings of $count elements in $((SECONDS - start))s," \
	"each exactly what was loaded"

nft delete table ip big || fail "deleting the big table"
ok "big table deleted"
