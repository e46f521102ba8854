#!/bin/bash
# Stateful statements of sets and elements: set-level declarations
# ("counter;", "limit rate ...;", "quota ...;", "ct count ...;", "last;",
# several at once, in sets and maps), elements holding several
# statements, ct count or last (made by the packet path too), their
# bytecode, text and JSON both ways with the system nft, the checks of
# element statements against the declaration, and "reset set|element".
. "$TESTDIR/lib.sh"

ip link set lo up || fail "lo up"

cat > "$TMPD/st.nft" <<'NFT'
table ip st {
	set c {
		type ipv4_addr
		counter
		elements = { 10.0.0.1, 10.0.0.2 }
	}

	set lc {
		type ipv4_addr
		flags dynamic
		limit rate 10/second burst 5 packets counter
	}

	set q {
		type ipv4_addr
		counter quota 10 mbytes
		elements = { 10.0.0.1 counter packets 3 bytes 4 quota 10 mbytes used 1 mbytes }
	}

	set cc {
		type ipv4_addr
		flags dynamic
		ct count over 10
	}

	map m {
		type ipv4_addr : mark
		counter
		elements = { 10.0.0.1 : 0x00000005 }
	}
}
NFT
cat > "$TMPD/st.expect" <<'EOF2'
table ip st {
	set c {
		type ipv4_addr
		counter
		elements = { 10.0.0.1 counter packets 0 bytes 0,
			     10.0.0.2 counter packets 0 bytes 0 }
	}

	set lc {
		type ipv4_addr
		flags dynamic
		limit rate 10/second burst 5 packets counter
	}

	set q {
		type ipv4_addr
		counter quota 10 mbytes
		elements = { 10.0.0.1 counter packets 3 bytes 4 quota 10 mbytes used 1 mbytes }
	}

	set cc {
		type ipv4_addr
		flags dynamic
		ct count over 10
	}

	map m {
		type ipv4_addr : mark
		counter
		elements = { 10.0.0.1 counter packets 0 bytes 0 : 0x00000005 }
	}
}
EOF2
nft -f "$TMPD/st.nft" || fail "loading set-level statements"
nft list ruleset > "$TMPD/ours"
assert_files_eq "$TMPD/st.expect" "$TMPD/ours" "set-level statements listed"
nft -j list ruleset > "$TMPD/j1"
assert_match '"stmt": \[\{"limit": \{"rate": 10, "burst": 5, "per": "second"\}\}, \{"counter": null\}\]' \
	"$(cat "$TMPD/j1")" "JSON stmt array"
assert_match '\{"elem": \{"val": "10.0.0.1", "counter": \{"packets": 3, "bytes": 4\}, "quota": \{"val": 10, "val_unit": "mbytes", "used": 1, "used_unit": "mbytes"\}\}\}' \
	"$(cat "$TMPD/j1")" "JSON element with two statements"
nft flush ruleset
nft -j -f "$TMPD/j1" || fail "loading our JSON back"
nft list ruleset > "$TMPD/ours.j"
assert_files_eq "$TMPD/st.expect" "$TMPD/ours.j" "JSON round trip"
nft flush ruleset
nft -f "$TMPD/ours" || fail "loading our listing back"
assert_files_eq "$TMPD/st.expect" <(nft list ruleset) "text round trip"

if have_ref; then
	refnft list ruleset > "$TMPD/sys"
	assert_files_eq "$TMPD/st.expect" "$TMPD/sys" "ours listed by the reference"
	# its declarations (1.0.6 reads no element quota back) make the
	# same sets, flags (0x100 with several)
	sed 's/10.0.0.1 counter packets 3 bytes 4 quota 10 mbytes used 1 mbytes/10.0.0.1/' \
		"$TMPD/st.nft" > "$TMPD/st10.nft"
	nft --debug=netlink -c -f "$TMPD/st10.nft" > "$TMPD/ours.nl" 2>&1
	refnft --debug=netlink -c -f "$TMPD/st10.nft" > "$TMPD/sys.nl" 2>&1
	assert_files_eq "$TMPD/sys.nl" "$TMPD/ours.nl" "declarations' bytecode as the system nft's"
	assert_match 'lc st 120' "$(cat "$TMPD/ours.nl")" "several statements: NFT_SET_EXPR"
	nft flush ruleset
	refnft -f "$TMPD/st10.nft" || fail "the system nft loads the file"
	refnft list ruleset > "$TMPD/sys2"
	assert_files_eq "$TMPD/sys2" <(nft list ruleset) \
		"the system nft's sets listed by ours"
	# 1.1.3 writes an element's first statement only: loaded, the
	# element gets the set's statements, as 1.1.3 loads that JSON
	refnft -j list ruleset > "$TMPD/sys.json"
	nft flush ruleset
	refnft -j -f "$TMPD/sys.json" || fail "the reference loads its JSON"
	python3 "$SRCDIR/tests/lib/nlstate.py" > "$TMPD/sys.state"
	nft flush ruleset
	nft -j -f "$TMPD/sys.json" || fail "the reference's lossy JSON"
	python3 "$SRCDIR/tests/lib/nlstate.py" > "$TMPD/ours.state"
	assert_files_eq "$TMPD/sys.state" "$TMPD/ours.state" \
		"the reference's lossy JSON loaded as it loads it"
fi
nft flush ruleset

# the set's message, attribute by attribute, as the system nft's: one
# statement in NFTA_SET_EXPR, several in NFTA_SET_EXPRESSIONS, the
# statements' own attributes; and an element's statements
if have_ref && command -v strace > /dev/null; then
	nlattrs()
	{
		local msg=$1
		shift
		strace -f -qq -e trace=sendto,sendmsg -s 8192 -v "$@" 2>&1 >/dev/null |
			python3 "$TESTDIR/testcases/files/nlattrs.py" "$msg"
	}
	nft add table ip nl || fail "table nl"
	nft add set ip nl e '{ type ipv4_addr; counter; quota 1 mbytes; }' || fail "set e"
	for d in 'counter' 'limit rate over 1 mbytes/second burst 2 mbytes' \
		 'limit rate 3/minute counter' 'ct count over 4' 'counter quota 1 mbytes'; do
		nlattrs NFT_MSG_NEWSET "$NFT" add set ip nl s "{ type ipv4_addr; flags dynamic; $d; }" > "$TMPD/a.ours"
		nft delete set ip nl s
		nlattrs NFT_MSG_NEWSET "$SRCDIR/tools/ref" nft add set ip nl s "{ type ipv4_addr; flags dynamic; $d; }" > "$TMPD/a.sys"
		nft delete set ip nl s
		[ -s "$TMPD/a.ours" ] || fail "no set message traced"
		assert_files_eq "$TMPD/a.sys" "$TMPD/a.ours" "set message of '$d' as the system nft's"
	done
	nlattrs NFT_MSG_NEWSETELEM "$NFT" add element ip nl e '{ 10.0.0.1 counter packets 5 bytes 10 quota 1 mbytes }' > "$TMPD/e.ours"
	assert_match 'attr 11
      attr 1
        attr 1 636f756e74657200' "$(cat "$TMPD/e.ours")" "two element statements in NFTA_SET_ELEM_EXPRESSIONS"
	nft delete table ip nl
fi

# elements made by the packet path: several statements, ct count, last
nft -f - <<'NFT' || fail "dynamic sets"
table ip dy {
	set u { type ipv4_addr; flags dynamic,timeout; timeout 1m; }
	set n { type ipv4_addr; size 65535; flags dynamic; }
	set l { type ipv4_addr; flags dynamic; counter; last; }
	chain c {
		type filter hook output priority 0;
		update @u { ip daddr counter limit rate 1/second }
		add @n { ip daddr ct count over 2 }
		add @l { ip daddr }
	}
}
NFT
ping -c 2 -i 0.2 127.0.0.1 > /dev/null
out=$(nft list ruleset) || fail "listing elements the packet path made"
assert_match '127.0.0.1 counter packets [1-9][0-9]* bytes [1-9][0-9]* limit rate 1/second burst 5 packets expires [0-9smh]+ }' \
	"$out" "counter and limit on an element"
assert_match '127.0.0.1 ct count over 2 }' "$out" "ct count on an element"
assert_match 'counter last
		elements = \{ 127.0.0.1 counter packets [1-9][0-9]* bytes [0-9]+ last used [0-9ms]+ \}' \
	"$out" "last on an element"
nft -j list ruleset > "$TMPD/dy.json" || fail "JSON of them"
assert_match '"ct count": \{"val": 2, "inv": true\}' "$(cat "$TMPD/dy.json")" "ct count in JSON"
assert_match '"last": \{"used": [0-9]+\}' "$(cat "$TMPD/dy.json")" "last in JSON"
if have_ref; then
	assert_eq "$(refnft list set ip dy u | sed 's/ expires [0-9a-z]*//')" \
		"$(nft list set ip dy u | sed 's/ expires [0-9a-z]*//')" \
		"the system nft lists the element's statements alike"
	assert_eq "$(refnft list set ip dy n)" "$(nft list set ip dy n)" "ct count alike"
fi

# element statements against the declaration
nft add table ip e && nft add set ip e s '{ type ipv4_addr; counter; quota 1 mbytes; }' ||
	fail "set with two statements"
out=$(nft add element ip e s '{ 10.0.0.1 counter }' 2>&1) &&
	fail "an element with fewer statements than the set"
assert_match 'number of statements mismatch, set expects 2 but element has 1' "$out" \
	"the system nft's words"
assert_caret_under "$out" "10.0.0.1" "caret under the element"
out=$(nft add element ip e s '{ 10.0.0.1 counter limit rate 1/second }' 2>&1) &&
	fail "an element with another statement"
assert_match 'statement mismatch, element expects limit, but set has type quota' "$out" \
	"kind mismatch named"
assert_caret_under "$out" "limit rate" "caret under the statement"
# in another order: refused, as upstream 1.1.3 does
out=$(nft add element ip e s '{ 10.0.0.2 quota 1 mbytes counter packets 1 bytes 2 }' 2>&1) &&
	fail "statements in another order"
assert_match 'statement mismatch, element expects quota, but set has type counter' "$out" \
	"another order refused"
assert_caret_under "$out" "quota" "caret under the first out of place"
nft add element ip e s '{ 10.0.0.2 counter packets 1 bytes 2 quota 1 mbytes }' ||
	fail "statements in the declaration's order"
out=$(nft add set ip e bad '{ type ipv4_addr; log; }' 2>&1) && fail "log in a set"
has_caret "$out" || fail "no caret for log in a set"
printf '{"nftables": [{"add": {"set": {"family": "ip", "table": "e", "name": "bad", "type": "ipv4_addr", "stmt": [{"log": null}]}}}]}\n' > "$TMPD/bad.json"
out=$(nft -j -f "$TMPD/bad.json" 2>&1) && fail "log in a set from JSON"
assert_match 'log is not a stateful statement.*
JSON command #0, at nftables\[0\].add.set.stmt\[0\]' "$out" "JSON: log refused, its path named"
# -e -j: what the kernel gave the element (1.0.6 echoes the first only)
assert_eq "$(nft -e -j add element ip e s '{ 10.0.0.9 }')" \
	'{"nftables": [{"add": {"element": {"family": "ip", "table": "e", "name": "s", "elem": {"set": [{"elem": {"val": "10.0.0.9", "counter": {"packets": 0, "bytes": 0}, "quota": {"val": 1, "val_unit": "mbytes"}}}]}}}}]}' \
	"-e -j shows the declared statements"
assert_match '^add element ip e s \{ 10.0.0.10 counter packets 0 bytes 0 quota 1 mbytes \}' \
	"$(nft -e add element ip e s '{ 10.0.0.10 }')" "-e shows them"

# reset element, reset set: counters back to 0 after packets counted
nft -f - <<'NFT' || fail "reset ruleset"
table ip r {
	set s { type ipv4_addr; counter; quota 1 mbytes; elements = { 127.0.0.1, 10.0.0.1 } }
	map m { type ipv4_addr : mark; counter; elements = { 127.0.0.1 : 1 } }
	chain c {
		type filter hook output priority 0;
		ip daddr @s
		meta mark set ip daddr map @m
	}
}
NFT
ping -c 2 -i 0.2 127.0.0.1 > /dev/null
out=$(nft reset element ip r s '{ 127.0.0.1 }') || fail "reset element"
assert_match '^table ip r \{
	set s \{
		type ipv4_addr
		elements = \{ 127.0.0.1 counter packets [1-9][0-9]* bytes [1-9][0-9]* quota 1 mbytes used [0-9]+ bytes \}
	\}
\}$' "$out" "reset element prints what it reset"
assert_match '127.0.0.1 counter packets 0 bytes 0 quota 1 mbytes }' "$(nft list set ip r s)" \
	"the element's counter and quota are 0"
ping -c 1 127.0.0.1 > /dev/null
out=$(nft reset set ip r s) || fail "reset set"
assert_match '10.0.0.1 counter packets 0 bytes 0 quota 1 mbytes, 127.0.0.1 counter packets [1-9]' \
	"$(joined "$out")" "reset set prints the set"
assert_match '127.0.0.1 counter packets 0 bytes 0 quota 1 mbytes }' "$(nft list set ip r s)" \
	"the set's counters are 0"
out=$(nft -j reset map ip r m) || fail "reset map -j"
assert_match '"counter": \{"packets": [1-9]' "$out" "reset map in JSON"
assert_match '127.0.0.1 counter packets 0 bytes 0 : 0x00000001' "$(nft list map ip r m)" \
	"the map's counters are 0"
ping -c 1 127.0.0.1 > /dev/null
printf '{"nftables": [{"reset": {"element": {"family": "ip", "table": "r", "name": "s", "elem": ["127.0.0.1"]}}}]}\n' |
	nft -j -f - > /dev/null || fail "JSON reset element"
assert_match '127.0.0.1 counter packets 0 bytes 0' "$(nft list set ip r s)" "JSON reset element zeroes"
out=$(nft reset element ip r s '{ 1.2.3.4 }' 2>&1) && fail "reset of a missing element"
assert_match 'No such file or directory' "$out" "missing element"
out=$(nft reset set ip r nope 2>&1) && fail "reset of a missing set"
assert_caret_under "$out" "nope" "caret under the missing set"

# reset element in interval sets and maps: the interval holding the
# value is reset (the kernel finds it by its start element) and printed
nft -f - <<'NFT' || fail "interval reset ruleset"
table ip ri {
	set s { type ipv4_addr; flags interval; counter;
		elements = { 127.0.0.0/8, 10.0.0.0/8 counter packets 5 bytes 100,
			     192.168.1.1-192.168.1.9 counter packets 3 bytes 30,
			     240.0.0.0-255.255.255.255 counter packets 7 bytes 70 } }
	set c { type ipv4_addr . inet_service; flags interval; counter;
		elements = { 10.0.0.0/8 . 80-90 counter packets 4 bytes 40 } }
	map m { type ipv4_addr : verdict; flags interval; counter;
		elements = { 10.0.0.0/8 counter packets 6 bytes 60 : accept,
			     11.0.0.0/8 counter packets 2 bytes 20 : drop } }
	chain c {
		type filter hook output priority 0;
		ip daddr @s
	}
}
NFT
ping -c 2 -i 0.2 127.0.0.1 > /dev/null
out=$(nft reset element ip ri s '{ 127.0.0.1 }') || fail "reset element of an interval set"
assert_match '^table ip ri \{
	set s \{
		type ipv4_addr
		flags interval
		elements = \{ 127.0.0.0/8 counter packets [1-9][0-9]* bytes [1-9][0-9]* \}
	\}
\}$' "$out" "interval reset prints the interval with what it held"
assert_match '127.0.0.0/8 counter packets 0 bytes 0' "$(nft list set ip ri s)" \
	"the interval's counter is 0 after packets"
assert_match 'elements = \{ 10.0.0.0/8 counter packets 5 bytes 100 \}' \
	"$(nft reset element ip ri s '{ 10.1.2.3 }')" "a value inside an interval"
assert_match '10.0.0.0/8 counter packets 0 bytes 0' "$(nft list set ip ri s)" \
	"the written counter is 0"
out=$(nft reset element ip ri s '{ 192.168.1.3, 192.168.1.4, 250.0.0.1 }') ||
	fail "reset of a range and an interval open at the end"
assert_match 'elements = \{ 192.168.1.1-192.168.1.9 counter packets 3 bytes 30, 240.0.0.0/4 counter packets 7 bytes 70 \}' \
	"$(joined "$out")" "each interval once, the open one too"
assert_match '192.168.1.1-192.168.1.9 counter packets 0 bytes 0, 240.0.0.0/4 counter packets 0 bytes 0' \
	"$(joined "$(nft list set ip ri s)")" "range and open interval zeroed"
out=$(nft reset element ip ri s '{ 192.168.1.0/24 }' 2>&1) &&
	fail "reset of a range no interval holds"
assert_match 'No such file or directory' "$out" "no interval holds it"
assert_caret_under "$out" "192.168.1.0/24" "caret under the value"
out=$(nft -j reset element ip ri c '{ 10.9.9.9 . 85 }') || fail "reset of a concatenated interval"
assert_match '"concat": \[\{"prefix": \{"addr": "10.0.0.0", "len": 8\}\}, \{"range": \[80, 90\]\}\]\}, "counter": \{"packets": 4, "bytes": 40\}' \
	"$out" "concatenated interval reset in JSON"
assert_match '10.0.0.0/8 . 80-90 counter packets 0 bytes 0' "$(nft list set ip ri c)" \
	"the concatenated interval's counter is 0"
assert_match 'elements = \{ 10.0.0.0/8 counter packets 6 bytes 60 : accept \}' \
	"$(nft reset element ip ri m '{ 10.0.0.1 }')" "interval map element reset"
assert_match '10.0.0.0/8 counter packets 0 bytes 0 : accept, 11.0.0.0/8 counter packets 2 bytes 20 : drop' \
	"$(joined "$(nft list map ip ri m)")" "only that interval of the map zeroed"
printf '{"nftables": [{"reset": {"element": {"family": "ip", "table": "ri", "name": "m", "elem": ["11.1.1.1"]}}}]}\n' |
	nft -j -f - > /dev/null || fail "JSON reset element of an interval map"
assert_match '11.0.0.0/8 counter packets 0 bytes 0 : drop' "$(nft list map ip ri m)" \
	"JSON reset element zeroes the interval"
nft delete table ip ri

# an interval set's elements with statements: listed with them, or the
# listing fails naming the set; never listed without them
nft add set ip e iv '{ type ipv4_addr; flags interval; counter; elements = { 10.0.0.0/8 } }' ||
	fail "interval set with a counter"
if out=$(nft list set ip e iv 2>&1); then
	assert_match '10.0.0.0/8 counter packets 0 bytes 0' "$out" "interval element's counter listed"
else
	assert_match 'cannot list set iv' "$out" "list set names what it cannot list"
	out=$(nft list ruleset 2>&1) && fail "a ruleset listed without the interval set's counters"
	assert_match 'set iv' "$out" "list ruleset names the set"
fi
nft delete set ip e iv

# a set with "last": listed as the reference lists it (1.0.6 crashed)
if have_ref; then
	assert_eq "$(refnft list set ip dy l | sed 's/ used [0-9a-z]*//')" \
		"$(nft list set ip dy l | sed 's/ used [0-9a-z]*//')" \
		"a set with last listed as the reference lists it"
fi
ok "set statements"
