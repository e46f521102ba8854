#!/bin/bash
# Rules iptables-nft writes (Docker's, Kubernetes' iptables mode,
# libvirt's) list as upstream 1.1.3 lists them, text, -a, -s, -n and
# JSON, with its warnings on stderr: interface names compared with their
# NUL ("-i docker0") or as prefixes ("-i br-+"), x_tables matches and
# targets as `xt match "addrtype"`, ebtables' watchers as `xt watcher`.
# A listing with xt statements does not reload: they are refused with
# upstream's words, never loaded as something else.
. "$TESTDIR/lib.sh"

command -v iptables-nft >/dev/null || skip "needs iptables-nft (package iptables)"

ipt() { iptables-nft "$@" || fail "iptables-nft $*"; }
ip6() { ip6tables-nft "$@" || fail "ip6tables-nft $*"; }
ebt() { ebtables-nft "$@" || fail "ebtables-nft $*"; }

# Docker's rules for its default bridge and one published port
ipt -t nat -N DOCKER
ipt -t nat -A PREROUTING -m addrtype --dst-type LOCAL -j DOCKER
ipt -t nat -A OUTPUT ! -d 127.0.0.0/8 -m addrtype --dst-type LOCAL -j DOCKER
ipt -t nat -A POSTROUTING -s 172.17.0.0/16 ! -o docker0 -j MASQUERADE
ipt -t nat -A DOCKER -i docker0 -j RETURN
ipt -t nat -A DOCKER ! -i docker0 -p tcp -m tcp --dport 8080 -j DNAT --to-destination 172.17.0.2:80
ipt -t nat -A POSTROUTING -s 172.17.0.2/32 -d 172.17.0.2/32 -p tcp -m tcp --dport 80 -j MASQUERADE
for c in DOCKER DOCKER-ISOLATION-STAGE-1 DOCKER-ISOLATION-STAGE-2 DOCKER-USER; do
	ipt -N "$c"
done
ipt -P FORWARD DROP
ipt -A FORWARD -j DOCKER-USER
ipt -A FORWARD -j DOCKER-ISOLATION-STAGE-1
ipt -A FORWARD -o docker0 -m conntrack --ctstate RELATED,ESTABLISHED -j ACCEPT
ipt -A FORWARD -o docker0 -j DOCKER
ipt -A FORWARD -i docker0 ! -o docker0 -j ACCEPT
ipt -A FORWARD -i docker0 -o docker0 -j ACCEPT
ipt -A DOCKER -d 172.17.0.2/32 ! -i docker0 -o docker0 -p tcp -m tcp --dport 80 -j ACCEPT
ipt -A DOCKER-ISOLATION-STAGE-1 -i docker0 ! -o docker0 -j DOCKER-ISOLATION-STAGE-2
ipt -A DOCKER-ISOLATION-STAGE-1 -j RETURN
ipt -A DOCKER-ISOLATION-STAGE-2 -o docker0 -j DROP
ipt -A DOCKER-ISOLATION-STAGE-2 -j RETURN
ipt -A DOCKER-USER -j RETURN
# Kubernetes' iptables mode and other common matches and targets
ipt -N KUBE-SERVICES
ipt -A INPUT -m conntrack --ctstate INVALID -j DROP
ipt -A INPUT -p icmp --icmp-type echo-request -j ACCEPT
ipt -A INPUT -p tcp --tcp-flags SYN,RST SYN -j ACCEPT
ipt -A INPUT -p tcp -m multiport --dports 22,80,443 -j ACCEPT
ipt -A INPUT -p udp --sport 53 --dport 1024:65535 -j ACCEPT
ipt -A INPUT -m mark --mark 0x4000/0x4000 -j ACCEPT
ipt -A INPUT -j MARK --set-xmark 0x4000/0x4000
ipt -A INPUT -m limit --limit 5/min --limit-burst 10 -j LOG --log-prefix "x: "
ipt -A INPUT -j NFLOG --nflog-group 5
ipt -A INPUT -m statistic --mode random --probability 0.5 -j RETURN
ipt -A INPUT -m comment --comment "kube svc" -j KUBE-SERVICES
ipt -A INPUT -p tcp -j REJECT --reject-with tcp-reset
ipt -A INPUT -s 10.0.0.0/8 -d 192.168.1.0/24 ! -p tcp -j ACCEPT
ipt -A INPUT -i br-+ -j ACCEPT
ipt -A INPUT -f -j DROP
ipt -A FORWARD -i eth+ -o veth12345678901 -j ACCEPT
ipt -t raw -A PREROUTING -j CT --notrack
ipt -t mangle -A PREROUTING -m mark --mark 0x1 -j MARK --set-mark 0x2
ipt -t raw -N NOXT
ipt -t raw -A NOXT -s 1.2.3.4 -j ACCEPT
ip6 -A INPUT -p ipv6-icmp --icmpv6-type 128 -j ACCEPT
ip6 -A INPUT -p tcp --dport 22 -j REJECT --reject-with icmp6-adm-prohibited
ip6 -t nat -A POSTROUTING -s fd00::/64 ! -o docker0 -j MASQUERADE
ebt -A INPUT --log
ebt -A FORWARD --nflog -j mark --mark-set 1

nft list ruleset > "$TMPD/ours" 2> "$TMPD/ours.err" ||
	fail "list ruleset with iptables-nft's rules"
assert_match '^		iifname "docker0" counter packets 0 bytes 0 return$' \
	"$(cat "$TMPD/ours")" "-i docker0: the name and its NUL"
assert_match '^		iifname "br-\*" counter' "$(cat "$TMPD/ours")" \
	"-i br-+: a prefix"
assert_match '^		xt match "addrtype" counter packets 0 bytes 0 jump DOCKER$' \
	"$(cat "$TMPD/ours")" "-m addrtype: an xt match"
assert_match 'xt target "MASQUERADE"$' "$(cat "$TMPD/ours")" \
	"-j MASQUERADE: an xt target"
assert_match '^		xt watcher "nflog" counter packets 0 bytes 0 xt target "mark"$' \
	"$(cat "$TMPD/ours")" "ebtables' watchers"
assert_match '^# Warning: table ip nat is managed by iptables-nft, do not touch!$' \
	"$(cat "$TMPD/ours.err")" "a warning for the table"
assert_match '^# Warning: XT match addrtype not found$' \
	"$(cat "$TMPD/ours.err")" "a warning for the extension"
assert_no_match 'table ip raw|^table' "$(nft list chain ip raw NOXT 2>&1 >/dev/null)" \
	"no warning for a listing without xt statements"

if have_ref; then
	for o in "" -a -s -n; do
		"$SRCDIR/tools/ref" nft $o list ruleset > "$TMPD/ref" 2> "$TMPD/ref.err" ||
			fail "the reference's list ruleset $o"
		nft $o list ruleset > "$TMPD/ours" 2> "$TMPD/ours.err" ||
			fail "list ruleset $o"
		assert_files_eq "$TMPD/ref" "$TMPD/ours" "list ruleset $o: as the reference"
		assert_files_eq "$TMPD/ref.err" "$TMPD/ours.err" \
			"list ruleset $o: the reference's warnings"
	done
	"$SRCDIR/tools/ref" nft -j list ruleset > "$TMPD/ref.json" 2>&1 ||
		fail "the reference's -j list ruleset"
	nft -j list ruleset > "$TMPD/ours.json" 2>&1 || fail "-j list ruleset"
	/usr/bin/python3 - "$TMPD/ref.json" "$TMPD/ours.json" <<'PY' || fail "JSON differs from the reference's"
import json, sys
a, b = (json.load(open(f))["nftables"][1:] for f in sys.argv[1:])
for x, y in zip(a, b):
    assert x == y, (x, y)
assert len(a) == len(b)
PY
	ok "-j list ruleset: as the reference, no warnings"
	# the listing does not reload: the same errors as the reference
	nft list ruleset > "$TMPD/listing" 2>/dev/null
	"$SRCDIR/tools/ref" nft -c -f "$TMPD/listing" > /dev/null 2> "$TMPD/ref.err"
	nft -c -f "$TMPD/listing" > /dev/null 2> "$TMPD/ours.err" &&
		fail "a listing with xt statements reloads"
	assert_files_eq "$TMPD/ref.err" "$TMPD/ours.err" \
		"reloading it: the reference's errors"
fi

# xt input is refused, text and JSON; "xt" is a keyword
nft add table ip t && nft add chain ip t c || fail "setup"
out=$(nft add rule ip t c xt match '"addrtype"' counter 2>&1)
assert_match '^Error: unsupported xtables compat expression, use iptables-nft with this ruleset$' \
	"$out" "xt match refused"
assert_caret_under "$out" 'xt match "addrtype"' "xt match refused: the caret"
out=$(echo '{"nftables": [{"add": {"rule": {"family": "ip", "table": "t", "chain": "c", "expr": [{"xt": {"type": "target", "name": "DNAT"}}]}}}]}' |
	nft -j -f - 2>&1)
assert_match 'unsupported xtables compat expression' "$out" "JSON xt refused"
assert_rc 1 "a table named xt is a syntax error" nft add table ip xt 2>/dev/null
