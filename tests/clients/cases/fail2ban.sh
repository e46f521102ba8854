#!/bin/bash
# fail2ban's nftables actions on our nft: a real fail2ban-server, headless
# in this namespace with a configuration of its own, bans and unbans by
# fail2ban-client (actionstart makes table inet f2b-table, its chain and
# set; actionban and actionunban add and delete an element), reloads, and
# stops (actionstop deletes its rule by the handle it greps from
# `nft -a list chain`, the set, then the table).
. "$TESTDIR/lib.sh"

command -v fail2ban-server >/dev/null || skip "no fail2ban (tools/deps clients)"

mkdir -p "$TMPD/conf" "$TMPD/run"
# the nft fail2ban runs: ours, each call counted
nft_on_path "$TMPD/bin" "$TMPD/run/calls"
cp -r /etc/fail2ban/. "$TMPD/conf/"
rm -f "$TMPD/conf/jail.d/"*
cat > "$TMPD/conf/fail2ban.local" <<CONF
[Definition]
loglevel = INFO
logtarget = $TMPD/run/f2b.log
socket = $TMPD/run/f2b.sock
pidfile = $TMPD/run/f2b.pid
dbfile = :memory:
CONF
: > "$TMPD/run/auth.log"
cat > "$TMPD/conf/jail.local" <<CONF
[DEFAULT]
banaction = nftables-multiport
banaction_allports = nftables-allports
[t]
enabled = true
filter = sshd
backend = polling
logpath = $TMPD/run/auth.log
port = ssh,2222
CONF
export PATH=$TMPD/bin:$PATH
client() { fail2ban-client -c "$TMPD/conf" -s "$TMPD/run/f2b.sock" "$@"; }

fail2ban-server -b -c "$TMPD/conf" -s "$TMPD/run/f2b.sock" \
	-p "$TMPD/run/f2b.pid" > "$TMPD/run/server.out" 2>&1 ||
	fail "fail2ban-server: $(cat "$TMPD/run/server.out")"
trap 'client stop >/dev/null 2>&1; lib_cleanup' EXIT
for i in $(seq 50); do
	client ping >/dev/null 2>&1 && break
	sleep 0.2
done
client ping >/dev/null 2>&1 || fail "fail2ban-server did not come up"

client set t banip 192.0.2.7 >/dev/null || fail "banip"
sleep 1
out=$(nft list table inet f2b-table) ||
	fail "actionstart made no table: $(tail -n 20 "$TMPD/run/f2b.log")"
assert_match "tcp dport \{ 22, 2222 \} ip saddr @addr-set-t reject" "$out" \
	"actionstart: the rule"
assert_match "elements = \{ 192.0.2.7 \}" "$out" "actionban: the element"
client set t banip 192.0.2.8 >/dev/null || fail "second banip"
client set t unbanip 192.0.2.7 >/dev/null || fail "unbanip"
sleep 1
out=$(nft list set inet f2b-table addr-set-t) || fail "list set"
assert_match "elements = \{ 192.0.2.8 \}" "$out" \
	"actionunban: the element gone, the other kept"
client reload >/dev/null || fail "reload"
sleep 1
client stop >/dev/null || fail "stop"
for i in $(seq 25); do
	[ -s "$TMPD/run/f2b.pid" ] &&
		kill -0 "$(cat "$TMPD/run/f2b.pid")" 2>/dev/null || break
	sleep 0.2
done
assert_eq "$(nft list tables)" "" "actionstop: the table deleted"
if grep -E " ERROR " "$TMPD/run/f2b.log" > "$TMPD/errors"; then
	cat "$TMPD/errors" >&9
	fail "fail2ban logged errors"
fi
ok "no error in fail2ban's log"
assert_match "^add element inet f2b-table addr-set-t" "$(cat "$TMPD/run/calls")" \
	"fail2ban ran our nft"
assert_match "^delete table inet f2b-table" "$(cat "$TMPD/run/calls")" \
	"fail2ban's actionstop ran our nft"
