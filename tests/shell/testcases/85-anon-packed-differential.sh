#!/bin/bash
# Differential test of rules' packed anonymous sets and maps (a set of 16
# members or more stays packed to the batch, include/set_pack.h): rules
# of many key types, 40 members each, in the spellings the reference
# takes (unusual ones mixed in, and members that send a set back to the
# listed path mid-way), loaded by the reference and by ours. The kernel
# must hold the same bytes after each load (tests/lib/nlstate.py: sets'
# flags, user data, every element and its data), and our listing of it
# must be the reference's; the reference's JSON listing of them, loaded
# by ours (JSON members are packed too), must list the same. tests/py's
# rules load with --debug=netlink, which lists the members, so they take
# the listed path only.
. "$TESTDIR/lib.sh"

have_ref || skip "no reference to compare with"
is_system_nft && skip "compares our nft with the reference"

# gen: the rules (awk, fixed seed), each member's spelling by the dice
gen()
{
	awk 'BEGIN { srand(85) }
	function pick(p) { return rand() < p }
	function v4(i,   b, c, d) {
		b = int(i / 65536) % 256; c = int(i / 256) % 256; d = i % 256
		if (pick(0.05)) return sprintf("%d", 167772160 + i)
		if (pick(0.05)) return sprintf("\"10.%d.%d.%d\"", b, c, d)
		if (pick(0.01)) return "localhost"
		return "10." b "." c "." d
	}
	function v6(i) {
		if (pick(0.05)) return sprintf("2001:DB8::%X", i)
		if (pick(0.05)) return sprintf("2001:0db8:0:0:0:0:0:%x", i)
		return sprintf("2001:db8::%x", i)
	}
	function port(i) {
		if (i == 22) return "ssh"
		if (i == 80) return "http"
		if (pick(0.05)) return sprintf("0x%x", i)
		if (pick(0.03)) return "\"" i "\""
		return i
	}
	function mark(i) {
		if (pick(0.5)) return i
		return sprintf("0x%x", i)
	}
	function verdict(i,   r) {
		r = int(rand() * 5)
		split("accept drop jump_d goto_d continue", vs, " ")
		r = vs[r + 1]
		sub(/_/, " ", r)
		return r
	}
	function member(k, i,   b) {
		if (k == "v4") return v4(i)
		if (k == "v6") return v6(i)
		if (k == "port") return port(i)
		if (k == "mark") return mark(i)
		if (k == "ether") return sprintf("02:00:00:00:%02x:%02x", int(i / 256), i % 256)
		if (k == "ifn") return pick(0.1) ? sprintf("\"if%d\"", i) : "if" i
		if (k == "ifnw") return i == 20 ? "\"veth*\"" : "if" i
		if (k == "proto") return i == 6 ? "tcp" : i == 17 ? "udp" : i
		if (k == "v4port") return v4(i) " . " port(1 + i)
		if (k == "v4portiv") return v4(i) " . " (1 + i) "-" (100 + i)
		if (k == "v4iv") {
			b = rand()
			if (b < 0.3) return sprintf("10.1.%d.0/24", i)
			if (b < 0.5) return sprintf("10.1.%d.7-10.1.%d.9", i, i + 1)
			if (b < 0.6) return sprintf("10.1.%d.255", i)
			return sprintf("10.1.%d.%d", i, int(rand() * 256))
		}
		if (k == "portiv") return pick(0.5) ? (i * 10) "-" (i * 10 + 12) : port(i * 10 + 1)
		if (k == "markiv") return (i * 100) "-" (i * 100 + 49)
		if (k == "v4top") return i == 39 ? "255.0.0.0/8" : v4(i)
		if (k == "v4:verdict") return v4(i) " : " verdict(i)
		if (k == "port:verdict") return port(i) " : " verdict(i)
		if (k == "v4port:verdict") return member("v4port", i) " : " verdict(i)
		if (k == "v4:mark") return v4(i) " : " mark(i * 3)
		if (k == "v4:v4") return v4(i) " : " v4(i + 1000)
		if (k == "v4iv:mark") return sprintf("10.1.%d.0/24", i) " : " mark(i)
		print "unknown kind " k > "/dev/stderr"; exit 1
	}
	# rule LEFT KIND [STMT]: LEFT followed by 40 members of KIND
	function rule(left, kind, after,   i) {
		printf "add rule inet t c %s {", left
		for (i = 0; i < 40; i++)
			printf "%s %s", (i ? "," : ""), member(kind, i)
		printf " }%s\n", after
	}
	BEGIN {
		print "table inet t {\n\tchain c {\n\t}\n\tchain d {\n\t}\n}"
		rule("ip saddr", "v4", " counter")
		rule("ip daddr !=", "v4", " accept")
		rule("ip6 saddr", "v6", "")
		rule("tcp dport", "port", " drop")
		rule("meta mark", "mark", "")
		rule("ct mark", "markiv", "")
		rule("ether saddr", "ether", "")
		rule("iifname", "ifn", "")
		rule("oifname", "ifnw", "")
		rule("meta l4proto", "proto", "")
		rule("ip saddr . tcp dport", "v4port", "")
		rule("ip saddr . tcp dport", "v4portiv", "")
		rule("ip saddr", "v4iv", "")
		rule("ip saddr", "v4top", "")
		rule("udp sport", "portiv", "")
		rule("ip saddr vmap", "v4:verdict", "")
		rule("tcp dport vmap", "port:verdict", "")
		rule("ip saddr . tcp dport vmap", "v4port:verdict", "")
		rule("meta mark set ip saddr map", "v4:mark", "")
		rule("ct mark set ip saddr map", "v4iv:mark", "")
		rule("ip daddr set ip saddr map", "v4:v4", "")
	}'
}

gen > "$TMPD/r.nft"

# state WHO: the kernel state after WHO loads the rules, and its listing
state()
{
	nft flush ruleset
	"$1" -f "$TMPD/r.nft" || fail "$1 -f r.nft"
	python3 "$SRCDIR/tests/lib/nlstate.py" > "$TMPD/state.$1" ||
		fail "nlstate after $1"
	nft list ruleset > "$TMPD/list.$1" || fail "our listing after $1"
}

state refnft
state nft
d=$(diff "$TMPD/state.refnft" "$TMPD/state.nft" | head -20)
[ -z "$d" ] || fail "the kernel state differs (reference's load, ours):" "$d"
ok "the kernel holds what the reference's load leaves"
assert_files_eq "$TMPD/list.refnft" "$TMPD/list.nft" \
	"our listing of either load is the same"
refnft list ruleset > "$TMPD/list.ref" || fail "the reference's listing"
assert_files_eq "$TMPD/list.ref" "$TMPD/list.nft" \
	"our listing of our load is the reference's"

# JSON input packs them too: the reference's JSON listing of the rules,
# loaded by ours, lists as the rules did
refnft -j list ruleset > "$TMPD/ref.json" || fail "the reference's JSON listing"
nft flush ruleset
nft -j -f "$TMPD/ref.json" || fail "our load of the reference's JSON listing"
nft list ruleset > "$TMPD/list.json" || fail "our listing after the JSON load"
assert_files_eq "$TMPD/list.ref" "$TMPD/list.json" \
	"the reference's JSON listing loaded by ours lists as the rules"
