#!/bin/bash
# Limits of the input, as the system nft draws them: comments of 128
# characters (129 refused, the caret under the comment), at most 10
# errors for any input, devices that never end refused; and carets of
# kernel refusals inside table blocks under the offending name.
. "$TESTDIR/lib.sh"

c128=$(printf 'a%.0s' $(seq 128))
c129=$(printf 'b%.0s' $(seq 129))

# 128 characters: the kernel takes them, and they list back.
nft -f - <<NFT || fail "comments of 128 characters"
table ip t {
	comment "$c128"
	chain c {
		comment "$c128"
		accept comment "$c128"
	}
}
NFT
assert_eq "$(nft list ruleset | grep -c "\"$c128\"")" 3 \
	"128-character comments listed back"
nft flush ruleset

# 129: refused, with the caret under the comment.
for where in table chain rule; do
	case $where in
	table) text="table ip t { comment \"$c129\"; }" ;;
	chain) text="table ip t { chain c { comment \"$c129\"; }; }" ;;
	rule) text="table ip t { chain c { accept comment \"$c129\"; }; }" ;;
	esac
	printf '%s\n' "$text" > "$TMPD/long.nft"
	err=$(nft -c -f "$TMPD/long.nft" 2>&1)
	assert_eq "$?" 1 "$where comment of 129 characters: refused"
	assert_caret_under "$err" "\"$c129\"" \
		"$where comment of 129 characters: caret under the comment"
done

# A jump to a missing chain in a table block: the caret under its name.
cat > "$TMPD/jump.nft" <<'NFT'
table ip t {
	chain a {
		jump b
	}
	chain b {
		accept
		goto nowhere
	}
}
NFT
err=$(nft -f "$TMPD/jump.nft" 2>&1)
assert_eq "$?" 1 "jump to a missing chain: refused"
assert_match '^[^ ]*jump.nft:7:' "$err" "jump to a missing chain: its line"
assert_caret_under "$err" nowhere "jump to a missing chain: caret under it"

# Garbage: 10 errors at most, quickly.
head -c 1000000 /dev/urandom > "$TMPD/random"
start=$SECONDS
err=$(nft -c -f "$TMPD/random" 2>&1)
assert_eq "$?" 1 "random bytes: refused"
n=$(printf '%s\n' "$err" | grep -c 'Error: ')
[ "$n" -ge 1 ] && [ "$n" -le 10 ] || fail "random bytes: $n errors"
ok "random bytes: $n errors (at most 10)"
[ $((SECONDS - start)) -lt 30 ] || fail "random bytes: took too long"
for i in $(seq 12); do echo "add table ip t$i x"; done > "$TMPD/twelve"
err=$(nft -c -f "$TMPD/twelve" 2>&1)
assert_eq "$(printf '%s\n' "$err" | grep -c 'Error: ')" 10 \
	"twelve bad lines: ten errors"

# Files that never end are refused, /dev/null is empty (the system nft
# reads /dev/zero until memory runs out: ours only).
assert_rc 0 "nft -f /dev/null" nft -f /dev/null
if ! is_system_nft; then
	err=$(nft -c -f /dev/zero 2>&1)
	assert_eq "$?" 1 "nft -f /dev/zero: refused"
	assert_match 'not a regular file or a pipe' "$err" \
		"nft -f /dev/zero: says why"
	err=$(echo 'include "/dev/zero"' | nft -c -f - 2>&1)
	assert_eq "$?" 1 "include of /dev/zero: refused"
	err=$(nft -c -f - < /dev/zero 2>&1)
	assert_eq "$?" 1 "stdin from /dev/zero: refused"
fi

# JSON objects name their family (the system nft refuses them too).
echo '{"nftables": [{"add": {"table": {"name": "t"}}}]}' > "$TMPD/nofam.json"
err=$(nft -j -f "$TMPD/nofam.json" 2>&1)
assert_eq "$?" 1 "JSON table without family: refused"
assert_eq "$(nft list tables)" "" "JSON table without family: nothing added"
is_system_nft || assert_match 'missing "family"' "$err" \
	"JSON table without family: says why"
exit 0
