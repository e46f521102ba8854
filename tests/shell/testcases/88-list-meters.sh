#!/bin/bash
# list meters [FAMILY] and list meter T m: the sets and maps with flags
# dynamic (what the meter statement makes), as 1.1.3 lists them in text,
# -t, -a and JSON (its JSON of "list meters" holds none); a set that is
# not dynamic is no meter. Each command is compared with the reference
# (not yet: 1.1.3's "did you mean map ..." after some missing meters).
. "$TESTDIR/lib.sh"

have_ref || skip "no reference (tools/ref)"

cat > "$TMPD/in.nft" <<'IN'
table ip t {
	set n { type ipv4_addr; }
	set s { type ipv4_addr; size 65535; flags dynamic; }
	map dm { type ipv4_addr : mark; size 65535; flags dynamic; }
	set tm { type ipv4_addr; size 65535; flags dynamic,timeout; elements = { 1.2.3.4 } }
	chain c {
		type filter hook input priority 0;
		meter m size 1024 { ip saddr limit rate 10/second } accept
		update @s { ip saddr counter }
	}
}
table ip6 u {
	set s6 { type ipv6_addr; flags dynamic; }
}
table inet e {
}
IN
nft -f "$TMPD/in.nft" || fail "load"

norm()
{
	sed -E 's/"metainfo": \{[^}]*\}/META/
		s/(No such file or directory): no .*/\1/'
}

n=0
for c in "list meters" "list meters ip6" "list meters inet" \
	 "list meters foo" "list meters ip foo" "list meters table t" \
	 "list meter t m" "list meter ip t s" "list meter t dm" \
	 "list meter t n" "list meter x s" \
	 "list meter u s6" "list meter ip6 u s6" \
	 "list meters; list meter t tm"; do
	for o in "" -j -t -a; do
		{ nft $o $c 2>&1; echo "rc=$?"; } | norm > "$TMPD/ours"
		{ refnft $o $c 2>&1; echo "rc=$?"; } | norm > "$TMPD/ref"
		assert_files_eq "$TMPD/ours" "$TMPD/ref" "$o $c"
		n=$((n + 1))
	done
done
# JSON input
for j in '{"list": {"meters": null}}' '{"list": {"meters": {"family": "ip6"}}}' \
	 '{"list": {"meter": {"family": "ip", "table": "t", "name": "s"}}}' \
	 '{"list": {"meter": {"family": "ip", "table": "t", "name": "dm"}}}'; do
	echo "{\"nftables\": [$j]}" > "$TMPD/in.json"
	{ nft -j -f "$TMPD/in.json" 2>&1; echo "rc=$?"; } | norm > "$TMPD/ours"
	{ refnft -j -f "$TMPD/in.json" 2>&1; echo "rc=$?"; } | norm > "$TMPD/ref"
	assert_files_eq "$TMPD/ours" "$TMPD/ref" "JSON $j"
	n=$((n + 1))
done
assert_eq "$(echo '{"nftables": [{"list": {"meter": {"family": "ip", "table": "t", "name": "n"}}}]}' | nft -j -f - 2>&1 | head -1)" \
	"Error: No such file or directory" "JSON: no meter"
ok "list meters: $n commands as the reference"
