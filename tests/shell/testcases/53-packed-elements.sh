#!/bin/bash
# Big element blocks of named sets and maps are kept packed from the
# parser to the batch (include/set_pack.h): what the listed path did
# must still hold. An error on the 150,000th element of a block names
# its line and columns with the caret under it; a map's repeated key
# is refused at the later one; a jump to a missing chain is refused; members with options
# among plain ones keep their options and their order; "add element" and
# "create element" of packed blocks add what they say.
. "$TESTDIR/lib.sh"

# gen N TYPE BAD_AT BAD MEMBER_AWK: a set of N members, 4 a line, the
# BAD_AT'th (1-based, 0: none) written as BAD
gen()
{
	awk -v n="$1" -v type="$2" -v bad_at="$3" -v bad="$4" 'BEGIN {
		print "table ip t {\n\tchain c {\n\t}\n\tset s {\n\t\ttype " type "\n\t\telements = {"
		for (i = 0; i < n; i++) {
			m = sprintf("10.%d.%d.%d . %d", int(i / 65536) % 256,
				    int(i / 256) % 256, i % 256, 1 + i % 60000)
			if (type == "mark")
				m = sprintf("0x%x", i + 1)
			if (i + 1 == bad_at)
				m = bad
			printf "%s%s%s", (i % 4 ? " " : "\t\t\t"), m,
				(i == n - 1 ? "\n" : (i % 4 == 3 ? ",\n" : ","))
		}
		print "\t\t}\n\t}\n}" }'
}

# where_is FILE TEXT: "LINE:FIRST-LAST" of the first TEXT in FILE
where_is()
{
	awk -v t="$2" '{ c = index($0, t)
		if (c) { printf "%d:%d-%d", NR, c, c + length(t) - 1; exit } }' "$1"
}

# A value that is not a mark, as the 150,000th of 200,000.
gen 200000 mark 150000 0xnotamark > "$TMPD/mark.nft"
err=$(nft -f "$TMPD/mark.nft" 2>&1)
assert_eq "$?" 1 "bad 150,000th mark: refused"
# the reference's scanner reads "0x" as 0 and a word: the word is marked
assert_match "^$TMPD/mark.nft:$(where_is "$TMPD/mark.nft" xnotamark): Error: " \
	"$err" "bad 150,000th mark: its line and columns"
assert_caret_under "$err" xnotamark "bad 150,000th mark: caret under it"
assert_eq "$(nft list ruleset)" "" "bad 150,000th mark: nothing added"

# A lone value where a concatenation is declared.
gen 200000 "ipv4_addr . inet_service" 150000 10.99.99.99 > "$TMPD/cc.nft"
err=$(nft -f "$TMPD/cc.nft" 2>&1)
assert_eq "$?" 1 "lone value in a concatenation set: refused"
assert_match "$TMPD/cc.nft:$(where_is "$TMPD/cc.nft" 10.99.99.99): Error: invalid data type, expected concatenation of \(IPv4 address, internet network service\)" \
	"$err" "lone value: message, line and columns"
assert_caret_under "$err" 10.99.99.99 "lone value: caret under it"

# The good block loads whole.
gen 200000 "ipv4_addr . inet_service" 0 x > "$TMPD/cc.nft"
nft -f "$TMPD/cc.nft" || fail "200,000 concatenations"
n=$(nft list set ip t s | grep -o '10\.[0-9.]* \. [0-9]*' | wc -l)
assert_eq "$n" 200000 "200,000 concatenations listed"
nft flush ruleset

# A verdict map: a key repeated with other data is refused under the later
# one in 1.1.3's words, a missing chain is refused.
awk 'BEGIN {
	print "table ip t {\n\tchain c {\n\t}\n\tmap m {\n\t\ttype ipv4_addr : verdict\n\t\telements = {"
	for (i = 0; i < 100000; i++)
		printf "\t\t\t10.%d.%d.%d : %s,\n", int(i / 65536) % 256,
			int(i / 256) % 256, i % 256,
			(i % 3 == 0 ? "accept" : (i % 3 == 1 ? "drop" : "jump c"))
	print "\t\t\t10.1.134.159 : drop\n\t\t}\n\t}\n}" }' > "$TMPD/vmap.nft"
err=$(nft -f "$TMPD/vmap.nft" 2>&1)
assert_eq "$?" 1 "repeated map key: refused"
assert_match "vmap.nft:100007:4-15: Error: Could not process rule: File exists" \
	"$err" "repeated map key: the later one"
assert_caret_under "$err" 10.1.134.159 "repeated map key: caret under it"
sed -i 's/^\t\t\t10.1.134.159 : drop$/\t\t\t10.200.0.1 : jump nochain/' \
	"$TMPD/vmap.nft"
err=$(nft -f "$TMPD/vmap.nft" 2>&1)
assert_eq "$?" 1 "jump to a missing chain: refused"
sed -i 's/jump nochain$/goto c/' "$TMPD/vmap.nft"
nft -f "$TMPD/vmap.nft" || fail "100,001 verdicts"
assert_eq "$(nft list map ip t m | grep -o 'jump c' | wc -l)" 33333 \
	"the jumps listed"
assert_eq "$(nft list map ip t m | grep -o '10.200.0.1 : goto c' | wc -l)" 1 \
	"the last mapping listed"
nft flush ruleset

# Options in the middle: the members around them are kept, in order.
nft -f - <<'NFT' || fail "members with options among plain ones"
table ip t {
	set s {
		type ipv4_addr
		flags timeout
		elements = { 1.2.3.4, 1.2.3.5 timeout 1h comment "five", 1.2.3.6 }
	}
	map m {
		type ipv4_addr : mark
		elements = { 1.2.3.4 : 0x1, 1.2.3.5 comment "two" : 0x2, 1.2.3.6 : 3 }
	}
}
NFT
out=$(nft list ruleset)
assert_match '1\.2\.3\.5 timeout 1h expires [0-9a-z]* comment "five"' "$out" \
	"the option kept"
assert_match '1\.2\.3\.4, 1\.2\.3\.5' "$(joined "$out")" "the member before kept"
assert_match '1\.2\.3\.6' "$out" "the member after kept"
assert_match '1\.2\.3\.5 comment "two" : 0x00000002' "$out" \
	"a mapping's option kept"
assert_match '1\.2\.3\.6 : 0x00000003' "$out" "the mapping after kept"

# add and create element of packed blocks
nft add element ip t s { 10.0.0.1, 10.0.0.2, 10.0.0.3 } ||
	fail "add element"
assert_match '10\.0\.0\.3' "$(nft list set ip t s)" "added elements listed"
err=$(nft create element ip t s { 10.0.0.4, 10.0.0.2 } 2>&1)
assert_eq "$?" 1 "create element of one that exists: refused"
assert_match 'File exists' "$err" "create element: the kernel's reason"
assert_no_match '10\.0\.0\.4' "$(nft list set ip t s)" \
	"create element: nothing added"
nft add element ip t m { 10.0.0.1 : 7, 10.0.0.2 : 8 } || fail "add mappings"
nft add map ip t v { type ipv4_addr : verdict\; } || fail "add map"
err=$(nft add element ip t v { 10.0.0.1 : accept, 10.0.0.2 : jump nochain } 2>&1)
assert_eq "$?" 1 "add element jumping to a missing chain: refused"
assert_match "Error: Could not process rule: No such file or directory" "$err" \
	"the missing chain: the kernel's words, as 1.1.3 says it"
assert_caret_under "$err" nochain "caret under the missing chain"
assert_match '10\.0\.0\.2 : 0x00000008' "$(nft list map ip t m)" \
	"added mappings listed"

nft flush ruleset

# Interval sets: a block's bounds merged, then the same run's additions
# checked against them (overlap) or merged with them (auto-merge).
err=$(nft -f - 2>&1 <<'NFT'
table ip t {
	set s {
		type ipv4_addr
		flags interval
		elements = { 10.0.0.0/8, 192.168.0.0/24 }
	}
}
add element ip t s { 9.0.0.0/8, 10.1.0.0/16 }
NFT
)
assert_eq "$?" 1 "an overlap with the same run's block: refused"
assert_match "Error: conflicting intervals specified" "$err" \
	"overlap: the message"
assert_caret_under "$err" 10.1.0.0/16 "overlap: caret under it"
nft -f - <<'NFT' || fail "auto-merge with the same run's block"
table ip t {
	set s {
		type ipv4_addr
		flags interval
		auto-merge
		elements = { 10.0.0.0/8, 192.168.0.0/24, 12.0.0.0/8 }
	}
}
add element ip t s { 10.1.0.0/16, 11.0.0.0/8 }
NFT
assert_match 'elements = \{ 10\.0\.0\.0-12\.255\.255\.255, 192\.168\.0\.0/24 \}' \
	"$(nft list set ip t s)" "auto-merge: merged with the block's"

# the echo prints each element added (the listed path)
out=$(nft -e add element ip t s { 20.0.0.7, 20.0.0.9 })
assert_match 'add element ip t s \{ 20\.0\.0\.7 \}' "$out" "echo: the first"
assert_match 'add element ip t s \{ 20\.0\.0\.9 \}' "$out" "echo: the second"
exit 0
