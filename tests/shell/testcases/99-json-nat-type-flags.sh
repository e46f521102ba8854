#!/bin/bash
# A JSON nat statement's "type_flags" ("prefix", "interval", "concat"):
# what the listing writes beside "flags": "netmap". Alone, "prefix" maps
# no prefix (the kernel gets no netmap flag), as in 1.1.3; unknown names
# and other types are refused as 1.1.3 refuses them.
. "$TESTDIR/lib.sh"

setup='add table ip t
add chain ip t c { type nat hook postrouting priority 0; }'
snat()
{
	printf '{"nftables": [{"add": {"rule": {"family": "ip", "table": "t", "chain": "c", "expr": [{"snat": {"family": "ip", "addr": {"prefix": {"addr": "10.0.0.0", "len": 8}}%s}}]}}}]}' "$1"
}
good=(', "type_flags": "prefix"'
	', "type_flags": ["prefix", "interval"]'
	', "flags": "netmap", "type_flags": "prefix"'
	', "flags": "netmap"')
nft -f - <<< "$setup" || fail "setup"
for g in "${good[@]}"; do
	nft -j "$(snat "$g")" || fail "$g: refused"
done
nft list chain ip t c > "$TMPD/ours" || fail "list"
assert_match 'snat prefix to 10.0.0.0/8' "$(cat "$TMPD/ours")" "netmap maps the prefix"
assert_eq "$(grep -c 'snat to 10.0.0.0/8' "$TMPD/ours")" 2 "type_flags alone do not"
if have_ref; then
	nft flush ruleset
	refnft -f - <<< "$setup" || fail "setup of the reference"
	for g in "${good[@]}"; do
		refnft -j "$(snat "$g")" || fail "$g: the reference refused"
	done
	refnft list chain ip t c > "$TMPD/ref"
	assert_files_eq "$TMPD/ref" "$TMPD/ours" "loaded as the reference loads them"
fi
# refused BAD WORDS
refused()
{
	local err
	err=$(nft -j "$(snat "$1")" 2>&1)
	assert_eq "$?" 1 "$1: refused"
	assert_match "$2" "$err" "$1: words"
	assert_match 'at nftables\[0\]\.add\.rule\.expr\[0\]\.snat\.type_flags$|type_flags$' \
		"$err" "$1: path"
}
refused ', "type_flags": "bogus"' "Unknown nat type flag 'bogus'"
refused ', "type_flags": ["prefix", "bogus"]' "Unknown nat type flag 'bogus'"
refused ', "type_flags": 1' 'must be a string or an array of strings, got an integer'
refused ', "type_flags": [1]' 'must be a string or an array of strings, got an integer'
refused ', "type_flags": {}' 'must be a string or an array of strings, got an object'
ok "nat type_flags"
