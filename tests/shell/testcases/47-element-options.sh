#!/bin/bash
# Elements written with options: "10.0.0.1 timeout 10s expires 5s
# comment "x"" in "add element" and in table blocks, sets, concatenated
# sets and maps. The kernel holds what the system nft's would (listings
# both ways), JSON {"elem": {"val", "timeout", "expires", "comment"}}
# goes back in, -e echoes one line per element as the system nft does,
# and what the kernel refuses is refused with the system nft's carets.
. "$TESTDIR/lib.sh"

ns_new

cat > "$TMPD/eo.nft" <<'NFT'
table ip eo {
	set s {
		type ipv4_addr
		flags timeout
		elements = { 10.0.0.1 timeout 10m comment "a", 10.0.0.2 comment "b",
			     10.0.0.3 }
	}

	set d {
		type ipv4_addr
		timeout 1h
		elements = { 10.0.0.1 timeout 10m, 10.0.0.2 expires 30m }
	}

	set cc {
		type ipv4_addr . inet_service
		flags timeout
		elements = { 10.0.0.1 . 22 timeout 1m comment "cc", 10.0.0.2 . 23 }
	}

	map m {
		type ipv4_addr : mark
		elements = { 10.0.0.1 comment "c" : 0x00000001, 10.0.0.2 : 0x00000002 }
	}

	map v {
		type ipv4_addr . inet_service : verdict
		flags timeout
		elements = { 10.0.0.1 . 22 timeout 1h comment "v" : accept, 10.0.0.2 . 23 : drop }
	}
}
NFT
noexp='s/ expires [0-9hmsd]*//g'
nft -f "$TMPD/eo.nft" || fail "loading elements with options"
ok "elements with options loaded"
nft list ruleset | sed "$noexp" > "$TMPD/ours"
assert_match '10.0.0.1 timeout 10m comment "a", 10.0.0.2 comment "b"' \
	"$(joined "$(cat "$TMPD/ours")")" "timeouts and comments kept"
assert_match '10.0.0.1 . 22 timeout 1h comment "v" : accept' \
	"$(cat "$TMPD/ours")" "a concatenated verdict map's element"
if have_ref; then
	refnft list ruleset | sed "$noexp" > "$TMPD/sys"
	assert_files_eq "$TMPD/sys" "$TMPD/ours" "ours listed by the system nft"
	nft flush ruleset
	refnft -f "$TMPD/eo.nft" || fail "the system nft loads the file"
	nft list ruleset | sed "$noexp" > "$TMPD/ours2"
	assert_files_eq "$TMPD/sys" "$TMPD/ours2" "the system nft's listed by ours"
	# its elements' bytecode
	nft --debug=netlink -c -f "$TMPD/eo.nft" 2>&1 | grep element > "$TMPD/ours.nl"
	refnft --debug=netlink -c -f "$TMPD/eo.nft" 2>&1 | grep element > "$TMPD/sys.nl"
	assert_files_eq "$TMPD/sys.nl" "$TMPD/ours.nl" "elements' bytecode (comments) as the system nft's"
	# JSON: the system nft's document loads into ours
	refnft -j list ruleset > "$TMPD/sys.json"
	nft flush ruleset
	nft -j -f "$TMPD/sys.json" || fail "loading the system nft's JSON"
	nft list ruleset | sed "$noexp" > "$TMPD/ours3"
	assert_files_eq "$TMPD/sys" "$TMPD/ours3" "the system nft's JSON loaded by ours"
fi

# JSON round trip through ours
nojs='s/"expires": [0-9]*, //g; s/, "expires": [0-9]*//g'
nft -j list ruleset | sed "$nojs" > "$TMPD/j1" || fail "json listing"
assert_match '\{"elem": \{"val": "10.0.0.1", "timeout": 600, "comment": "a"\}\}' \
	"$(cat "$TMPD/j1")" "an element's options in JSON"
nft -j list ruleset > "$TMPD/j1full"
nft flush ruleset
nft -j -f "$TMPD/j1full" || fail "loading our JSON back"
nft -j list ruleset | sed "$nojs" > "$TMPD/j2"
assert_eq "$(json_strip_handles "$TMPD/j2")" "$(json_strip_handles "$TMPD/j1")" \
	"JSON round trip"
nft flush ruleset

# add element, and -e
nft add table ip eo || fail "table"
nft add set ip eo s '{ type ipv4_addr; flags timeout; }' || fail "set"
nft add map ip eo m '{ type ipv4_addr : mark; }' || fail "map"
out=$(nft -e add element ip eo s '{ 10.0.0.6, 10.0.0.7 timeout 5s comment "e" }') ||
	fail "add element -e"
assert_match '^add element ip eo s \{ 10.0.0.6 \}
add element ip eo s \{ 10.0.0.7 timeout 5s expires [0-9ms]+ comment "e" \}
# new generation' "$out" "element echo, one line each"
out=$(nft -e add element ip eo m '{ 10.0.0.1 comment "q" : 0x1 }') ||
	fail "map element -e"
assert_match '^add element ip eo m \{ 10.0.0.1 comment "q" : 0x00000001 \}' \
	"$out" "map element echo"
if have_ref; then
	refnft -e add element ip eo s '{ 10.0.1.6, 10.0.1.7 timeout 5s comment "e" }' |
		sed "$noexp; s/ by process.*//; s/generation [0-9]*//; s/10.0.1/10.0.0/" > "$TMPD/sys.e"
	nft delete element ip eo s '{ 10.0.0.6, 10.0.0.7 }'
	nft -e add element ip eo s '{ 10.0.0.6, 10.0.0.7 timeout 5s comment "e" }' |
		sed "$noexp; s/ by process.*//; s/generation [0-9]*//" > "$TMPD/ours.e"
	assert_files_eq "$TMPD/sys.e" "$TMPD/ours.e" "echo as the system nft's"
	nft --debug=netlink add element ip eo s '{ 10.0.2.1 timeout 1m comment "n" }' > "$TMPD/ours.nl"
	refnft --debug=netlink add element ip eo s '{ 10.0.2.2 timeout 1m comment "n" }' |
		sed 's/0202000a/0102000a/' > "$TMPD/sys.nl"
	assert_files_eq "$TMPD/sys.nl" "$TMPD/ours.nl" "add element's bytecode as the system nft's"
fi
out=$(nft -e -j add element ip eo m '{ 10.0.4.1 comment "x" : 0x1, 10.0.4.2 : 0x2 }') ||
	fail "-e -j"
assert_eq "$out" '{"nftables": [{"add": {"element": {"family": "ip", "table": "eo", "name": "m", "elem": {"set": [[{"elem": {"val": "10.0.4.1", "comment": "x"}}, 1]]}}}}, {"add": {"element": {"family": "ip", "table": "eo", "name": "m", "elem": {"set": [["10.0.4.2", 2]]}}}}]}' \
	"-e -j, one object per element"
if have_ref; then
	assert_eq "$(nft -e -j add element ip eo s '{ 10.0.5.1 timeout 10s comment "y", 10.0.5.2 }')" \
		"$(refnft -e -j add element ip eo s '{ 10.0.5.3 timeout 10s comment "y", 10.0.5.4 }' |
		   sed 's/10.0.5.3/10.0.5.1/; s/10.0.5.4/10.0.5.2/')" "-e -j as the system nft's"
fi
printf '{"nftables": [{"add": {"element": {"family": "ip", "table": "eo", "name": "s", "elem": [{"elem": {"val": "10.0.3.1", "timeout": 60, "comment": "j"}}]}}}]}\n' > "$TMPD/add.json"
nft -j -f "$TMPD/add.json" || fail "JSON add element with options"
assert_match '10.0.3.1 timeout 1m expires [0-9ms]+ comment "j"' \
	"$(nft list set ip eo s)" "JSON element with options added"

# counters on a dynamic set's elements, as the system nft writes them
nft add set ip eo dy '{ type ipv4_addr; flags dynamic,timeout; }' || fail "set dy"
nft add element ip eo dy '{ 10.0.0.3 counter, 10.0.0.4 counter packets 3 bytes 252 timeout 1h comment "c" }' ||
	fail "elements with counters"
assert_match '10.0.0.3 counter packets 0 bytes 0, 10.0.0.4 counter packets 3 bytes 252 timeout 1h expires [0-9hms]+ comment "c"' \
	"$(joined "$(nft list set ip eo dy)")" "elements' counters written"
if have_ref; then
	assert_eq "$(refnft list set ip eo dy | sed "$noexp")" \
		"$(nft list set ip eo dy | sed "$noexp")" "the system nft lists them alike"
fi

# errors, with the system nft's carets
nft add set ip eo p '{ type ipv4_addr; }' || fail "set p"
out=$(nft add element ip eo p '{ 10.0.0.1 timeout 10s }' 2>&1) &&
	fail "a timeout in a set without the flag"
assert_match 'Could not process rule: Invalid argument' "$out" "timeout without the flag"
assert_caret_under "$out" "10.0.0.1" "caret under the element (timeout)"
out=$(nft add element ip eo s '{ 10.0.0.9 expires 10s }' 2>&1) &&
	fail "expires without a timeout"
assert_match 'Operation not supported' "$out" "expires without a timeout"
assert_caret_under "$out" "10.0.0.9" "caret under the element (expires)"
long=$(printf 'x%.0s' $(seq 1 129))
out=$(nft add element ip eo s "{ 10.0.0.9 comment \"$long\" }" 2>&1) &&
	fail "a comment too long"
assert_match 'comment too long, 128 characters maximum allowed' "$out" "long comment"
assert_caret_under "$out" "\"$long\"" "caret under the comment"
out=$(nft add element ip eo s '{ 10.0.0.9 timeout 1x }' 2>&1) &&
	fail "a bad timeout"
assert_match 'syntax error, unexpected number, expecting string' "$out" \
	"a bad timeout in 1.1.3's words"
if have_ref && ! is_system_nft; then
	assert_eq "$(refnft add element ip eo s '{ 10.0.0.9 timeout 1x }' 2>&1)" \
		"$out" "a bad timeout: as the reference says it, its caret"
fi
# the kernel takes a map's elements in turn: an option it refuses comes
# before a key given again with other data (File exists), as 1.1.3 says
out=$(nft add map ip eo mo '{ type mark : mark; elements = { 1 : 1, 2 timeout 1m : 2, 1 : 3 } }' 2>&1) &&
	fail "a timeout in a map without the flag, a key given twice"
assert_match 'Could not process rule: Invalid argument' "$out" \
	"the timeout first"
src=$(printf '%s\n' "$out" | sed -n 2p)
pre=${src%%2 timeout*}
assert_match "^ {${#pre}}\\^" "$(printf '%s\n' "$out" | sed -n 3p)" \
	"caret under the element with the timeout"
nft delete table ip eo
ok "done"
