#!/bin/bash
# A rule's big anonymous set, verdict map and map stay packed from the
# parser to the batch (include/set_pack.h), as a named set's elements
# do: 200,000 members load in a fraction of the memory one expression
# per member took (over 100 MB then; the bounds below leave room for the
# machine), and the kernel holds every one of them, in order for the
# data. A bad member in the middle still gets its caret, and the kernel's
# refusal of a jump to a missing chain points at the first key that
# jumps there. Small sets and the fallbacks to the listed path are
# tests/py's and 53-packed-elements'.
# BIGANON_COUNT may shrink it by hand; the default is the test.
. "$TESTDIR/lib.sh"

count=${BIGANON_COUNT:-200000}

# gen KIND BAD_AT BAD: a rule of $count members of KIND (set, vmap,
# map), 4 a line; the BAD_AT'th key (1-based, 0: none) written as BAD
gen()
{
	awk -v n="$count" -v kind="$1" -v bad_at="$2" -v bad="$3" 'BEGIN {
		print "table ip t {\n\tchain c {\n\t}\n\tchain d {\n\t}\n}"
		what = kind == "set" ? "ip saddr {" : kind == "vmap" ? \
			"ip saddr vmap {" : "meta mark set ip saddr map {"
		printf "add rule ip t c %s", what
		for (i = 0; i < n; i++) {
			m = sprintf("10.%d.%d.%d", int(i / 65536) % 256,
				    int(i / 256) % 256, i % 256)
			if (i + 1 == bad_at)
				m = bad
			if (kind == "vmap")
				m = m " : " (i % 3 == 0 ? "accept" : \
					     i % 3 == 1 ? "drop" : "jump d")
			if (kind == "map")
				m = m " : " sprintf("0x%08x", i)
			printf "%s%s%s", (i % 4 ? " " : "\n\t"), m,
				(i == n - 1 ? "\n" : ",")
		}
		print "}" }'
}

# where_is FILE TEXT: "LINE:FIRST-LAST" of the first TEXT in FILE
where_is()
{
	awk -v t="$2" '{ c = index($0, t)
		if (c) { printf "%d:%d-%d", NR, c, c + length(t) - 1; exit } }' "$1"
}

# The members of a file or listing, one a line, sorted: "10.x.y.z",
# with its data ("10.x.y.z:drop") for maps.
members()
{
	tr -s ' \t\n,{}' '\n' < "$1" | awk '
		/^10\.[0-9]+\.[0-9]+\.[0-9]+$/ { if (k != "") print k; k = $0; next }
		$0 == ":" && k != "" { sep = 1; next }
		sep && $0 == "jump" { j = 1; next }
		sep { print k ":" (j ? "jump " : "") $0; k = ""; sep = 0; j = 0 }
		END { if (k != "") print k }' | LC_ALL=C sort
}

# Peak memory is measured where it means something: not under the
# sanitizers, whose shadow memory is most of it.
measure=1
if [ -n "${LIBNFTABLES:-}" ] && ldd "$LIBNFTABLES" | grep -q libasan; then
	measure=0
fi

# load KIND BOUND_KB: loads the generated rule, its peak memory under
# BOUND_KB, and the kernel holds exactly its members
load()
{
	local kind=$1 bound=$2 kb
	gen "$kind" 0 x > "$TMPD/$kind.nft"
	if [ "$measure" = 1 ]; then
		kb=$(/usr/bin/time -f %M "$NFT" -f "$TMPD/$kind.nft" 2>&1 >/dev/null |
		     tail -1)
		[[ $kb =~ ^[0-9]+$ ]] || fail "$kind of $count: load failed: $kb"
		[ "$kb" -le "$bound" ] ||
			fail "$kind of $count: peak memory $kb KB, over $bound KB"
		ok "$kind of $count loaded in $kb KB (bound $bound KB)"
	else
		nft -f "$TMPD/$kind.nft" || fail "$kind of $count: load failed"
		ok "$kind of $count loaded (sanitizers: memory not measured)"
	fi
	members "$TMPD/$kind.nft" > "$TMPD/want"
	assert_eq "$(wc -l < "$TMPD/want")" "$count" "$kind: the file holds $count"
	nft list chain ip t c > "$TMPD/list" || fail "$kind: listing failed"
	members "$TMPD/list" > "$TMPD/got"
	cmp -s "$TMPD/want" "$TMPD/got" ||
		fail "$kind: the kernel holds $(wc -l < "$TMPD/got") members, not those loaded:" \
			"$(diff "$TMPD/want" "$TMPD/got" | head -5)"
	ok "$kind: the kernel holds every member, with its data"
	nft flush ruleset
}

[ "$measure" = 0 ] || [ -x /usr/bin/time ] ||
	skip "needs /usr/bin/time (apt-get install time)"
load set 40000
load vmap 60000
load map 60000

# A bad member as the 150,000th (of 200,000): its caret, nothing added.
bad_at=$((count * 3 / 4))
gen set "$bad_at" 10.0.0.999 > "$TMPD/bad.nft"
err=$(nft -f "$TMPD/bad.nft" 2>&1)
assert_eq "$?" 1 "bad member of a set: refused"
assert_match "^$TMPD/bad.nft:$(where_is "$TMPD/bad.nft" 10.0.0.999): Error: " \
	"$err" "bad member of a set: its line and columns"
assert_caret_under "$err" 10.0.0.999 "bad member of a set: caret under it"
assert_eq "$(nft list ruleset)" "" "bad member of a set: nothing added"

gen map "$bad_at" 10.0.0.999 > "$TMPD/bad.nft"
err=$(nft -f "$TMPD/bad.nft" 2>&1)
assert_eq "$?" 1 "bad key of a map: refused"
assert_caret_under "$err" 10.0.0.999 "bad key of a map: caret under it"

# A jump to a missing chain: the kernel refuses it, the caret under the
# first key that jumps there (where the pack kept it), as 1.1.3 points.
gen vmap 0 x | sed "s/10\.1\.2\.5 : jump d/10.1.2.5 : jump nope/;
		   s/10\.2\.2\.4 : jump d/10.2.2.4 : jump nope/" > "$TMPD/nope.nft"
grep -q "10.2.2.4 : jump nope" "$TMPD/nope.nft" || fail "no jump to replace"
err=$(nft -f "$TMPD/nope.nft" 2>&1)
assert_eq "$?" 1 "jump to a missing chain: refused"
assert_match "^$TMPD/nope.nft:$(where_is "$TMPD/nope.nft" 10.1.2.5): Error: Could not process rule: No such file or directory" \
	"$err" "jump to a missing chain: the first key jumping there"
assert_caret_under "$err" 10.1.2.5 "jump to a missing chain: caret under its key"
assert_eq "$(nft list ruleset)" "" "jump to a missing chain: nothing added"
# 1.1.3 says the same of a small map (of 200,000 it fails with "No
# buffer space available" as the kernel's refusals pile up)
if have_ref; then
	count=32 gen vmap 0 x |
		sed "s/10\.0\.0\.5 : jump d/10.0.0.5 : jump nope/" > "$TMPD/nope.nft"
	assert_eq "$(nft -f "$TMPD/nope.nft" 2>&1)" \
		"$(refnft -f "$TMPD/nope.nft" 2>&1)" \
		"jump to a missing chain: as the reference says"
fi
