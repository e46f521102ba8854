#!/bin/bash
# sshguard's nft-sets backend (sshg-fw-nft-sets) on our nft, fed the
# commands sshguard's blocker sends it: tables ip and ip6 sshguard, their
# chains, interval sets and drop rules at start; block and release of
# addresses and prefixes (single elements of interval sets); flush; the
# tables deleted at exit. Compared with the reference's listing.
. "$TESTDIR/lib.sh"

fw=$(dpkg -L sshguard 2>/dev/null | grep '/sshg-fw-nft-sets$')
[ -n "$fw" ] && [ -x "$fw" ] || skip "no sshguard (tools/deps clients)"

nft_on_path "$TMPD/bin" "$TMPD/calls"
export PATH=$TMPD/bin:$PATH

mkfifo "$TMPD/cmds"
"$fw" < "$TMPD/cmds" > "$TMPD/fw.out" 2>&1 &
pid=$!
exec 3> "$TMPD/cmds"
# send N COMMAND: COMMAND to the backend, which makes N nft calls for it;
# wait for them (a slow build must not race the checks)
calls=8		# the start: two tables, chains, sets and rules
send()
{
	local i
	calls=$((calls + $1))
	shift
	echo "$*" >&3
	for i in $(seq 100); do
		[ "$(wc -l < "$TMPD/calls" 2>/dev/null || echo 0)" -ge "$calls" ] &&
			break
		sleep 0.1
	done
	sleep 0.1	# the last call's own end
}

send 1 block 192.0.2.7 4 32
send 1 block 198.51.100.0 4 24
send 1 block 2001:db8::7 6 128
out=$(nft list ruleset) || fail "list ruleset"
assert_match "ip saddr @attackers drop" "$out" "the ip rule"
assert_match "ip6 saddr @attackers drop" "$out" "the ip6 rule"
assert_match "elements = \{ 192.0.2.7, 198.51.100.0/24 \}" "$out" \
	"blocked: an address and a prefix"
assert_match "elements = \{ 2001:db8::7 \}" "$out" "blocked: an IPv6 address"
if have_ref; then
	"$SRCDIR/tools/ref" nft list ruleset > "$TMPD/ref" || fail "the reference's listing"
	assert_eq "$out" "$(cat "$TMPD/ref")" "as the reference lists it"
fi
send 1 release 192.0.2.7 4 32
assert_match "elements = \{ 198.51.100.0/24 \}" "$(nft list set ip sshguard attackers)" \
	"released: the address gone, the prefix kept"
send 10 flush
# the backend deletes the tables and makes them again: wait for them
for i in $(seq 50); do
	nft list set ip6 sshguard attackers >/dev/null 2>&1 && break
	sleep 0.2
done
out=$(nft list set ip sshguard attackers) || fail "no set after flush"
assert_no_match "elements" "$out" "flush: the sets emptied"
send 1 block 203.0.113.9 4 32
for i in $(seq 25); do
	nft list set ip sshguard attackers 2>/dev/null | grep -q 203.0.113.9 && break
	sleep 0.2
done
assert_match "203.0.113.9" "$(nft list set ip sshguard attackers)" "blocked after flush"
exec 3>&-
wait $pid
assert_eq "$(nft list tables)" "" "at exit: the tables deleted"
assert_match "^add element ip sshguard attackers" "$(cat "$TMPD/calls")" \
	"sshguard's backend ran our nft"
