#!/bin/bash
# A dumped rule we cannot read fails every listing that holds it, naming
# its handle, chain and why, with nothing written; it must not vanish
# from a listing that exits 0. libnftnl 1.2.4 cannot parse the kernel's
# "inner" expression at all: we unwrap it ourselves (include/inner.h),
# so an inner expression of a tunnel we do not know (type 9, sent here
# by hand: no nft writes one) is such a rule. The inner matches upstream
# 1.1.3 loads list (tests/shell/75-inner-tunnels.sh has the rest).
. "$TESTDIR/lib.sh"

is_system_nft && skip "tests our listing, not the system nft's"

nft -f - <<'NFT' || fail "setup"
table inet t {
	chain a {
		counter
	}
	chain c {
		tcp dport 22 accept
		accept
	}
}
table ip u {
	chain c {
		accept
	}
}
NFT
last=$(nft -a list table inet t | sed -n 's/.* # handle \([0-9]*\)$/\1/p' |
	sort -n | tail -n 1)
# "inner type 9 hdrsize 4 flags c [ meta load protocol => reg 1 ]"
# appended to inet t c, straight through netlink
/usr/bin/python3 - <<'PY' || fail "the hand-made rule is taken"
import os, socket, struct
def attr(t, p):
    return struct.pack("HH", 4 + len(p), t) + p + b"\0" * (-len(p) % 4)
def nest(t, *parts):
    return attr(t | 0x8000, b"".join(parts))
def s(t, v):
    return attr(t, v.encode() + b"\0")
def u32(t, v):
    return attr(t, struct.pack("!I", v))
def msg(typ, flags, seq, fam, res, body=b""):
    b = struct.pack("!BBH", fam, 0, res) + body
    return struct.pack("IHHII", 16 + len(b), typ, flags, seq, 0) + b
load = nest(5, s(1, "meta"), nest(2, u32(1, 1), u32(2, 1)))
inner = nest(1, s(1, "inner"),
             nest(2, u32(1, 0), u32(2, 9), u32(3, 0xc), u32(4, 4), load))
rule = s(1, "t") + s(2, "c") + nest(4, inner)
batch = (msg(0x10, 1, 1, 0, 10) +
         msg((10 << 8) | 6, 1 | 4 | 0x400 | 0x800, 2, 1, 0, rule) +
         msg(0x11, 1, 3, 0, 10))
nl = socket.socket(socket.AF_NETLINK, socket.SOCK_RAW, 12)
nl.bind((0, 0))
nl.send(batch)
data = nl.recv(65536)
ln, typ, flags, seq, pid = struct.unpack_from("IHHII", data)
err = struct.unpack_from("i", data, 16)[0] if typ == 2 else 0
if err:
    raise SystemExit("kernel: " + os.strerror(-err))
PY
h=$((last + 1))
for args in "list ruleset" "-a list ruleset" "-j list ruleset" \
	"list table inet t" "-j list table inet t" \
	"list chain inet t c" "-j list chain inet t c" \
	"-s list ruleset inet"; do
	# shellcheck disable=SC2086
	nft $args > "$TMPD/out" 2> "$TMPD/err"
	rc=$?
	[ "$rc" = 1 ] || fail "$args: exit status $rc: $(cat "$TMPD/out")"
	assert_match "rule handle $h in chain inet t c: an inner expression of a tunnel this nft does not know" \
		"$(cat "$TMPD/err")" "$args: names the rule and why"
	[ ! -s "$TMPD/out" ] || fail "$args: wrote $(cat "$TMPD/out")"
done
# what does not hold it lists
nft list ruleset ip > "$TMPD/out" || fail "list ruleset ip"
assert_match "accept" "$(cat "$TMPD/out")" "the other table lists"
nft list chain inet t a > /dev/null || fail "the other chain lists"
# after a change that fetched the rules into the cache, too
nft -f - > "$TMPD/out" 2> "$TMPD/err" <<'NFT'
insert rule inet t c index 0 drop
list chain inet t c
NFT
assert_eq "$?" 1 "after a change: refused"
assert_match "rule handle $h in chain inet t c" "$(cat "$TMPD/err")" \
	"after a change: names the rule"
ok "unparsable rules"

# the inner matches upstream loads list
if have_ref; then
	nft flush ruleset
	refnft add table inet t
	refnft add chain inet t c
	for r in "udp dport 4789 vxlan ip saddr 1.2.3.4" \
		"udp dport 6081 geneve tcp dport 22" \
		"ip protocol gre gre ip saddr 10.0.0.1" \
		"ip protocol gre gretap ether saddr 00:01:02:03:04:05" \
		"udp dport 4789 vxlan vni 10"; do
		refnft add rule inet t c "$r" counter ||
			fail "the reference loads: $r"
	done
	refnft list ruleset > "$TMPD/ref.list"
	nft list ruleset > "$TMPD/ours.list" || fail "we list them"
	assert_files_eq "$TMPD/ours.list" "$TMPD/ref.list" "inner matches list"
	ok "inner matches list"
fi
