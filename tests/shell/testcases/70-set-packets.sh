#!/bin/bash
# Meaning of set lookups, proved with packets: each rule counts the
# packet it names and not the one beside it.
#  - keys in host byte order (meta mark, ct mark, meta skuid, meta skgid,
#    meta cpu, meta oif, meta iif) in named and anonymous sets and maps,
#    plain, interval and concatenated: the value in the set is counted,
#    and a value whose bytes read the other way round would fall in the
#    set is not (0x105 against 0x100-0x201, 0x10000 not; uid 1500 against
#    1000-1999, uid 0xe8030000 not), so a lookup of the wrong byte order
#    in either direction shows;
#  - fields narrower than a byte: ip dscp and ip6 dscp (shifted down
#    after a turn to host order), frag frag-off (a fragment at offset 33
#    and one at 1, crafted), tcp option mptcp subtype (a crafted TCP
#    header with an MPTCP option) in named sets, concatenations, maps;
#  - statement order: a counter before a lookup counts every packet, one
#    after it only those it matched; an element's own counter counts its
#    packets.
# The packets are UDP datagrams to a discard port, sent by one Python
# process (raw sockets for the crafted ones), counted where they leave
# (or, for meta iif, where the peer's arrive).
. "$TESTDIR/lib.sh"

command -v python3 > /dev/null || skip "python3 is needed to send the packets"
ns_new; peer=$NS_PID
ip link set lo up
veths 2
ip link set v1 netns "$peer" && ip link set v3 netns "$peer" || fail "move veths"
ip addr add 10.0.0.1/24 dev v0 && ip addr add 10.0.1.1/24 dev v2 &&
	ip -6 addr add fd00::1/64 dev v0 nodad || fail "addresses"
ip link set v0 up && ip link set v2 up || fail "links up"
in_ns "$peer" ip link set lo up
in_ns "$peer" ip addr add 10.0.0.2/24 dev v1
in_ns "$peer" ip addr add 10.0.1.2/24 dev v3
in_ns "$peer" ip -6 addr add fd00::2/64 dev v1 nodad
in_ns "$peer" ip link set v1 up
in_ns "$peer" ip link set v3 up
wait_ping 10.0.0.2 && wait_ping 10.0.1.2 || fail "no connectivity"

cat > "$TMPD/send.py" <<'PY'
# send.py PROBE...: each PROBE is "kind,key=value,..."; kinds: udp4,
# udp6 (mark, tos/tclass, uid, gid, cpu, dst), frag6 (off), mptcp (sub).
import os, socket, struct, sys

def csum(b):
    if len(b) % 2:
        b += b"\0"
    s = sum(struct.unpack("!%dH" % (len(b) // 2), b))
    s = (s >> 16) + (s & 0xffff)
    return ~(s + (s >> 16)) & 0xffff

def udp(p):
    fam = socket.AF_INET6 if p["kind"] == "udp6" else socket.AF_INET
    if "cpu" in p:
        os.sched_setaffinity(0, {int(p["cpu"])})
    if "gid" in p:
        os.setgroups([])
        os.setresgid(int(p["gid"]), int(p["gid"]), int(p["gid"]))
    if "uid" in p:
        os.setresuid(int(p["uid"]), int(p["uid"]), int(p["uid"]))
    s = socket.socket(fam, socket.SOCK_DGRAM)
    if "mark" in p:
        s.setsockopt(socket.SOL_SOCKET, socket.SO_MARK, int(p["mark"], 0))
    if "tos" in p:
        s.setsockopt(socket.IPPROTO_IP, socket.IP_TOS, int(p["tos"], 0))
    if "tclass" in p:
        s.setsockopt(socket.IPPROTO_IPV6, socket.IPV6_TCLASS,
                     int(p["tclass"], 0))
    s.sendto(b"x", (p["dst"], 9))

def frag6(p):
    src = socket.inet_pton(socket.AF_INET6, "fd00::1")
    dst = socket.inet_pton(socket.AF_INET6, "fd00::2")
    body = struct.pack("!HHHH", 1000, 9, 16, 0) + b"12345678"
    # next header UDP, offset in 8 byte units, no more fragments
    frag = struct.pack("!BBHI", 17, 0, int(p["off"]) << 3, 0x1234)
    ip6 = struct.pack("!IHBB", 6 << 28, len(frag) + len(body), 44, 64)
    s = socket.socket(socket.AF_INET6, socket.SOCK_RAW, socket.IPPROTO_RAW)
    s.sendto(ip6 + src + dst + frag + body, ("fd00::2", 0))

def mptcp(p):
    src, dst = socket.inet_aton("10.0.0.1"), socket.inet_aton("10.0.0.2")
    opt = struct.pack("!BBBB", 30, 4, int(p["sub"]) << 4, 0)
    tcp = struct.pack("!HHIIBBHHH", 1000, 80, 1, 0, 6 << 4, 0x10, 1024,
                      0, 0) + opt
    ph = src + dst + struct.pack("!BBH", 0, 6, len(tcp))
    tcp = tcp[:16] + struct.pack("!H", csum(ph + tcp)) + tcp[18:]
    ip = struct.pack("!BBHHHBBH4s4s", 0x45, 0, 20 + len(tcp), 1, 0, 64, 6,
                     0, src, dst)
    ip = ip[:10] + struct.pack("!H", csum(ip)) + ip[12:]
    s = socket.socket(socket.AF_INET, socket.SOCK_RAW, socket.IPPROTO_RAW)
    s.sendto(ip + tcp, ("10.0.0.2", 0))

for arg in sys.argv[1:]:
    kind, *kv = arg.split(",")
    p = dict(x.split("=", 1) for x in kv)
    p["kind"] = kind
    # on cpu 0 unless said: "meta cpu" counts only what is sent on 1
    p.setdefault("cpu", "0")
    # a child for what cannot be undone (uid, gid, cpu)
    pid = os.fork()
    if pid == 0:
        try:
            {"udp4": udp, "udp6": udp, "frag6": frag6, "mptcp": mptcp}[kind](p)
            os._exit(0)
        except Exception as e:
            print("%s: %s" % (arg, e), file=sys.stderr)
            os._exit(1)
    if os.waitpid(pid, 0)[1]:
        sys.exit(1)
PY
send()
{
	python3 "$TMPD/send.py" "$@" || fail "sending $*"
}

cat > "$TMPD/keys.nft" <<'NFT'
table inet t {
	set m_plain { type mark; elements = { 0x105 } }
	set m_iv { type mark; flags interval; elements = { 0x100-0x201 } }
	set m_cc { type mark . ipv4_addr; flags interval; elements = { 0x100-0x201 . 10.0.0.2 } }
	set m_c { type ipv4_addr . mark; elements = { 10.0.0.2 . 0x105 } }
	set m_cnt { type mark; counter; elements = { 0x105, 0x10000 } }
	map m_vm { type mark : verdict; flags interval; elements = { 0x100-0x201 : jump hit_m_vm } }
	map m_cvm { typeof ip daddr . meta mark : verdict; flags interval; elements = { 10.0.0.2 . 0x100-0x201 : jump hit_m_cvm } }
	set cm_iv { typeof ct mark; flags interval; elements = { 0x100-0x201 } }
	set cm_cc { typeof ct mark . ip daddr; flags interval; elements = { 0x100-0x201 . 10.0.0.2 } }
	set u_iv { typeof meta skuid; flags interval; elements = { 1000-1999 } }
	set g_cc { typeof meta skgid . ip daddr; flags interval; elements = { 1000-1999 . 10.0.0.2 } }
	set cpu_iv { typeof meta cpu; flags interval; elements = { 1-3 } }
	set oif_cc { typeof meta oif . ip daddr; flags interval; elements = { "v0" . 10.0.0.0/24 } }
	set iif_cc { typeof meta iif . ip saddr; flags interval; elements = { "v0" . 10.0.0.0/24 } }
	set d_s { typeof ip dscp; elements = { cs1 } }
	set d_c { typeof ip dscp . ip daddr; elements = { cs1 . 10.0.0.2 } }
	set d6_s { typeof ip6 dscp; elements = { cs1 } }
	set d6_c { typeof ip6 dscp . ip6 daddr; elements = { cs1 . fd00::2 } }

	chain hit_m_vm {
		counter
	}
	chain hit_m_cvm {
		counter
	}
	chain hit_am_vm {
		counter
	}
	chain hit_d_vm {
		counter
	}
	chain hit_d6_vm {
		counter
	}

	chain out {
		type filter hook output priority filter; policy accept;
		meta l4proto != udp accept
		udp dport != 9 accept
		ct mark set meta mark
		meta mark @m_plain counter comment "m_plain"
		meta mark @m_iv counter comment "m_iv"
		meta mark . ip daddr @m_cc counter comment "m_cc"
		ip daddr . meta mark @m_c counter comment "m_c"
		meta mark @m_cnt
		meta mark vmap @m_vm
		ip daddr . meta mark vmap @m_cvm
		meta mark { 0x100-0x201 } counter comment "am_iv"
		ip daddr . meta mark { 10.0.0.2 . 0x100-0x201 } counter comment "am_cc"
		meta mark vmap { 0x100-0x201 : jump hit_am_vm }
		meta mark { 0x105 counter, 0x10000 counter }
		ct mark @cm_iv counter comment "cm_iv"
		ct mark . ip daddr @cm_cc counter comment "cm_cc"
		ct mark { 0x100-0x201 } counter comment "acm_iv"
		meta skuid @u_iv counter comment "u_iv"
		meta skuid { 1000-1999 } counter comment "au_iv"
		meta skgid . ip daddr @g_cc counter comment "g_cc"
		meta skgid . ip daddr { 1000-1999 . 10.0.0.2 } counter comment "ag_cc"
		meta cpu @cpu_iv counter comment "cpu_iv"
		meta cpu . ip daddr { 1-3 . 10.0.0.2 } counter comment "acpu_cc"
		meta oif . ip daddr @oif_cc counter comment "oif_cc"
		meta oif . ip daddr { "v0" . 10.0.0.0/24 } counter comment "aoif_cc"
		ip dscp @d_s counter comment "d_s"
		ip dscp . ip daddr @d_c counter comment "d_c"
		ip dscp { cs1, cs2 } counter comment "ad_s"
		ip dscp vmap { cs1 : jump hit_d_vm }
		ip6 dscp @d6_s counter comment "d6_s"
		ip6 dscp . ip6 daddr @d6_c counter comment "d6_c"
		ip6 dscp vmap { cs1 : jump hit_d6_vm }
		counter meta mark @m_iv comment "count before"
		meta mark @m_iv counter comment "count after"
	}

	chain in {
		type filter hook input priority filter; policy accept;
		udp dport 9 meta iif . ip saddr @iif_cc counter comment "iif_cc"
		udp dport 9 meta iif . ip saddr { "v0" . 10.0.0.0/24 } counter comment "aiif_cc"
	}
}
NFT
nft -f "$TMPD/keys.nft" || fail "loading the rules"

count_of()
{
	nft list ruleset | grep -F "comment \"$1\"" |
		sed -n 's/.*counter packets \([0-9]*\) bytes.*/\1/p'
}
chain_count()
{
	nft list chain inet t "$1" | sed -n 's/.*counter packets \([0-9]*\) bytes.*/\1/p'
}
expect()
{
	assert_eq "$(count_of "$1")" "$2" "$1 counts $2"
}

# the marks: in the sets, and one whose bytes the other way round are
send udp4,dst=10.0.0.2,mark=0x105 udp4,dst=10.0.0.2,mark=0x10000
for c in m_plain m_iv m_cc m_c am_iv am_cc cm_iv cm_cc acm_iv "count after"; do
	expect "$c" 1
done
expect "count before" 2
for c in hit_m_vm hit_m_cvm hit_am_vm; do
	assert_eq "$(chain_count $c)" 1 "$c: the map jumped once"
done
assert_match '0x00000105 counter packets 1 bytes [0-9]+, 0x00010000 counter packets 1 bytes' \
	"$(joined "$(nft list set inet t m_cnt)")" "named set: each element counts its packet"
assert_match '\{ 0x00000105 counter packets 1 bytes [0-9]+, 0x00010000 counter packets 1 bytes [0-9]+ \}' \
	"$(nft list chain inet t out)" "anonymous set: each element counts its packet"

# the owners: uid and gid in the sets, and ones whose bytes the other
# way round are
send udp4,dst=10.0.0.2,uid=1500,gid=1500 \
     udp4,dst=10.0.0.2,uid=3892510720,gid=3892510720
for c in u_iv au_iv g_cc ag_cc; do
	expect "$c" 1
done

# the cpu: 1 in the set, 0 not (two cpus at least)
if [ "$(nproc)" -ge 2 ]; then
	send udp4,dst=10.0.0.2,cpu=1 udp4,dst=10.0.0.2,cpu=0
	expect cpu_iv 1
	expect acpu_cc 1
fi

# the output device: v0 in the set, v2 not; the input device likewise,
# the peer sending through each
before=$(count_of oif_cc)
send udp4,dst=10.0.1.2 udp4,dst=10.0.0.2
expect oif_cc $((before + 1))
expect aoif_cc $((before + 1))
in_ns "$peer" python3 "$TMPD/send.py" udp4,dst=10.0.0.1 udp4,dst=10.0.1.1 ||
	fail "the peer's datagrams"
expect iif_cc 1
expect aiif_cc 1

# dscp cs1 in the sets, af11 not, IPv4 and IPv6
send udp4,dst=10.0.0.2,tos=0x20 udp4,dst=10.0.0.2,tos=0x28 \
     udp6,dst=fd00::2,tclass=0x20 udp6,dst=fd00::2,tclass=0x28
for c in d_s d_c ad_s d6_s d6_c; do
	expect "$c" 1
done
assert_eq "$(chain_count hit_d_vm)" 1 "ip dscp vmap: jumped once"
assert_eq "$(chain_count hit_d6_vm)" 1 "ip6 dscp vmap: jumped once"

# The peer, which tracks no connections (they would reassemble the
# fragments), matches fragments by offset and MPTCP options by subtype.
peer_nft()
{
	in_ns "$peer" "$NFT" "$@"
}
peer_nft -f - <<'NFT' || fail "the peer's rules"
table inet p {
	set fo { typeof frag frag-off; elements = { 33 } }
	set foc { typeof frag frag-off . ip6 daddr; elements = { 33 . fd00::2 } }
	set ms { typeof tcp option mptcp subtype; elements = { 2 } }
	set msc { typeof tcp option mptcp subtype . tcp dport; elements = { 2 . 80 } }
	chain hit_fo_vm {
		counter
	}
	chain out {
		type filter hook output priority filter; policy accept;
		frag frag-off @fo counter comment "fo"
		frag frag-off . ip6 daddr @foc counter comment "foc"
		frag frag-off { 33, 40 } counter comment "afo"
		frag frag-off . ip6 daddr { 33 . fd00::2 } counter comment "afoc"
		frag frag-off vmap { 33 : jump hit_fo_vm }
		tcp option mptcp subtype @ms counter comment "ms"
		tcp option mptcp subtype . tcp dport @msc counter comment "msc"
		tcp option mptcp subtype { 2, 5 } counter comment "ams"
	}
}
NFT
in_ns "$peer" ip -6 addr add fd00::1/64 dev v1 nodad || fail "the peer's source"
in_ns "$peer" python3 "$TMPD/send.py" frag6,off=33 frag6,off=1 frag6,off=256 \
	mptcp,sub=2 mptcp,sub=1 || fail "the crafted packets"
peer_count()
{
	peer_nft list ruleset | grep -F "comment \"$1\"" |
		sed -n 's/.*counter packets \([0-9]*\) bytes.*/\1/p'
}
for c in fo foc afo afoc ms msc ams; do
	assert_eq "$(peer_count "$c")" 1 "$c counts 1"
done
assert_eq "$(peer_nft list chain inet p hit_fo_vm |
	     sed -n 's/.*counter packets \([0-9]*\) bytes.*/\1/p')" 1 \
	"frag frag-off vmap: jumped once"

# what the reference loads from our listing matches the same packets
if have_ref; then
	nft list ruleset > "$TMPD/ours.nft"
	nft flush ruleset
	refnft -f "$TMPD/ours.nft" || fail "the reference loads our listing"
	send udp4,dst=10.0.0.2,mark=0x105 udp4,dst=10.0.0.2,mark=0x10000
	for c in m_plain m_iv m_cc m_c am_iv am_cc cm_iv cm_cc acm_iv; do
		expect "$c" 2
	done
fi
ok "done"
