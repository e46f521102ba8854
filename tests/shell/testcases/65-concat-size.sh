#!/bin/bash
# Concatenations: at most 16 words of 32 bits, the kernel's registers.
# More is refused with upstream 1.1.3's words and caret wherever a
# concatenation goes (17 members overflowed the key encoder's stack
# buffers); 16 load and list (their anonymous set's user data overflowed
# its heap buffer). Named sets of more than 5 members need their typeof
# description, since the kernel's key type keeps 5: refused where it
# cannot be kept (upstream takes them and lists "type bitmask . ...").
. "$TESTDIR/lib.sh"

cat_of()
{
	python3 -c 'import sys; print(" . ".join([sys.argv[1]] * int(sys.argv[2])))' "$1" "$2"
}

nft add table ip t && nft add chain ip t c &&
	nft add set ip t s16 "{ type ipv4_addr; }" || fail "setup"
have_ref && { refnft add table ip r && refnft add chain ip r c &&
	refnft add set ip r s16 "{ type ipv4_addr; }"; } >/dev/null

# The same refusal as upstream: message and caret line.
same_refusal()
{
	local what=$1 ours theirs
	shift
	ours=$(nft "$@" 2>&1)
	assert_eq "$?" 1 "$what: refused"
	assert_match "^Error: Concatenation of size [0-9]+ exceeds maximum size of 512" \
		"$ours" "$what: words"
	has_caret "$ours" || fail "$what: no caret"
	if have_ref; then
		theirs=$(refnft "${@//ip t /ip r }" 2>&1)
		assert_eq "$(sed -n 1p <<< "$ours")" \
			"$(sed -n 1p <<< "$theirs")" "$what: upstream's words"
		assert_eq "$(sed -n 3p <<< "$ours")" \
			"$(sed -n 3p <<< "$theirs")" "$what: upstream's caret"
	fi
}

a17=$(cat_of 'ip saddr' 17)
v17=$(cat_of 1.1.1.1 17)
same_refusal "anonymous set" add rule ip t c "$a17" "{ $v17 }"
same_refusal "ports" add rule ip t c "$(cat_of 'tcp dport' 17)" \
	"{ $(cat_of 22 17) }"
same_refusal "set type" add set ip t s "{ type $(cat_of ipv4_addr 17); }"
same_refusal "set typeof" add set ip t s "{ typeof $a17; }"
same_refusal "map data" add map ip t m \
	"{ type ipv4_addr : $(cat_of ipv4_addr 17); }"
same_refusal "map data typeof" add map ip t m "{ typeof ip saddr : $a17; }"
same_refusal "lookup" add rule ip t c "$a17" @s16
same_refusal "set statement" add rule ip t c add @s16 "{ $a17 }"
same_refusal "map key" add rule ip t c meta mark set "$a17" map \
	"{ $v17 : 1 }"
same_refusal "vmap key" add rule ip t c "$a17" vmap "{ $v17 : accept }"
same_refusal "nat map key" add rule ip t c snat to "$a17" map \
	"{ $v17 : 1.1.1.1 }"

# JSON: the path of the concatenation.
json=$(python3 -c '
import json
m = [{"payload": {"protocol": "ip", "field": "saddr"}}] * 17
print(json.dumps({"nftables": [{"add": {"rule": {"family": "ip",
    "table": "t", "chain": "c", "expr": [{"match": {"op": "==",
    "left": {"concat": m}, "right": "@s16"}}]}}}]}))')
err=$(nft -j -f - <<< "$json" 2>&1)
assert_eq "$?" 1 "JSON: refused"
assert_match "^Error: Concatenation of size 544 exceeds maximum size of 512" \
	"$err" "JSON: words"
assert_match "match\.left\.concat\[16\]" "$err" "JSON: the 17th member's path"

# 16 members fill the registers: they load and list.
a16=$(cat_of 'ip saddr' 16)
v16=$(cat_of 1.1.1.1 16)
nft add rule ip t c "$a16" "{ $v16 }" || fail "16 members: loaded"
assert_match "$a16 \\{ $v16 \\}" "$(nft list chain ip t c)" \
	"16 members: listed"
nft -j list chain ip t c > /dev/null || fail "16 members: JSON listing"

# Named sets of more than 5 members: from typeof only, if it fits.
err=$(nft add set ip t s6 "{ type $(cat_of ipv4_addr 6); }" 2>&1)
assert_eq "$?" 1 "6 types: refused"
assert_match "a concatenation of 6 types cannot be read back" "$err" \
	"6 types: says why"
nft add set ip t t7 "{ typeof $(cat_of 'ip saddr' 7); }" ||
	fail "typeof of 7: loaded"
assert_match "typeof $(cat_of 'ip saddr' 7)\$" \
	"$(nft list set ip t t7)" "typeof of 7: listed"
err=$(nft add set ip t t16 "{ typeof $a16; }" 2>&1)
assert_eq "$?" 1 "typeof of 16: refused"
assert_match "does not fit the 256 bytes of the set's user data" "$err" \
	"typeof of 16: says why"

# 5 members and a comment of 128: the typeof does not fit beside the
# comment, the key type says it all, listed as upstream lists it.
c128=$(printf 'c%.0s' $(seq 128))
decl="{ typeof ip saddr . ip daddr . tcp dport . tcp sport . ip protocol; comment \"$c128\"; }"
nft add set ip t t5 "$decl" || fail "typeof of 5 with a comment: loaded"
nft list set ip t t5 > "$TMPD/ours" || fail "typeof of 5: listed"
assert_match "type ipv4_addr . ipv4_addr . inet_service . inet_service . inet_proto" \
	"$(cat "$TMPD/ours")" "typeof of 5 with a comment: listed by type"
if have_ref; then
	refnft list set ip t t5 > "$TMPD/theirs" || fail "upstream lists it"
	assert_files_eq "$TMPD/theirs" "$TMPD/ours" "upstream lists it alike"
fi
ok "concatenation sizes"
