#!/bin/bash
# One element costs one element: add, create, delete and get element of
# a set that is not an interval set send the element without dumping any
# set's elements (get element asks the kernel for that element); an
# interval set's command dumps that set's elements only (its overlaps,
# merges and end element at 0), never the other sets' of the table.
# Counted with strace, which decodes the nf_tables message types.
. "$TESTDIR/lib.sh"

command -v strace >/dev/null || skip "no strace (tools/deps test installs it)"
if is_system_nft; then
	skip "the system nft dumps every set's elements for element commands"
fi

# a big set next to the ones the commands touch: its elements must
# never be dumped
/usr/bin/python3 - > "$TMPD/big.nft" <<'PY'
print("table ip t {")
print("\tset big { type ipv4_addr; size 200000; elements = {")
print(",\n".join("10.%d.%d.%d" % (i >> 16, (i >> 8) & 255, i & 255)
                 for i in range(100000)))
print("\t} }")
print("\tset s { type ipv4_addr; counter; elements = { 1.1.1.1 } }")
print("\tmap m { type ipv4_addr : verdict; elements = { 1.1.1.1 : accept } }")
print("\tset r { type ipv4_addr; flags interval; elements = { 2.0.0.0/8 } }")
print("\tchain c { }")
print("}")
PY
nft -f "$TMPD/big.nft" || fail "load"

# elem_dumps ARGS...: how many element dumps (NFT_MSG_GETSETELEM with
# NLM_F_DUMP) "nft ARGS" asks for
elem_dumps()
{
	local trace="$TMPD/strace.out"
	strace -f -qq -e trace=sendto,sendmsg -o "$trace" \
		"$NFT" "$@" >/dev/null 2>&1
	grep "NFT_MSG_GETSETELEM" "$trace" | grep -c "NLM_F_DUMP"
}

assert_eq "$(elem_dumps add element ip t s '{ 3.3.3.3 }')" 0 "add element: no dump"
assert_eq "$(elem_dumps create element ip t s '{ 4.4.4.4 }')" 0 "create element: no dump"
assert_eq "$(elem_dumps delete element ip t s '{ 3.3.3.3 }')" 0 "delete element: no dump"
assert_eq "$(elem_dumps get element ip t s '{ 4.4.4.4 }')" 0 "get element: no dump"
assert_eq "$(elem_dumps add element ip t m '{ 5.5.5.5 : jump c }')" 0 "vmap element: no dump"
assert_eq "$(elem_dumps -e add element ip t s '{ 6.6.6.6 }')" 0 "-e add element: no dump"
assert_eq "$(elem_dumps add element ip t r '{ 3.0.0.0/8 }')" 1 "interval set: its elements only"
assert_eq "$(elem_dumps get element ip t r '{ 3.1.2.3 }')" 1 "get in an interval set: its elements only"

# and they did what they say
assert_eq "$(nft get element ip t s '{ 4.4.4.4, 1.1.1.1 }')" "table ip t {
	set s {
		type ipv4_addr
		elements = { 1.1.1.1 counter packets 0 bytes 0, 4.4.4.4 counter packets 0 bytes 0 }
	}
}" "get element: the kernel's answer, with the elements' counters, sorted as upstream sorts it"
out=$(nft get element ip t s '{ 1.1.1.1, 3.3.3.3 }' 2>&1) &&
	fail "get element of a deleted element"
assert_caret_under "$out" "3.3.3.3" "get element: the caret under the missing one"
out=$(nft create element ip t s '{ 4.4.4.4 }' 2>&1) &&
	fail "create element of an element there"
assert_match "File exists" "$out" "create element: File exists"
out=$(nft delete element ip t s '{ 3.3.3.3 }' 2>&1) &&
	fail "delete element of an element not there"
assert_caret_under "$out" "3.3.3.3" "delete element: the caret under the missing one"
out=$(nft add element ip t r '{ 3.1.0.0/16 }' 2>&1) &&
	fail "an overlap of the interval set's elements"
assert_match "interval overlaps with an existing one" "$out" \
	"interval set: overlaps checked against its elements"
assert_match "elements = \{ 2.0.0.0/8, 3.0.0.0/8 \}" "$(nft list set ip t r)" \
	"interval set: added"
assert_match "6.6.6.6" "$(nft list set ip t s)" "-e add element: added"
if have_ref; then
	for e in 1.1.1.1 "4.4.4.4, 1.1.1.1"; do
		assert_eq "$(nft get element ip t s "{ $e }")" \
			"$("$SRCDIR/tools/ref" nft get element ip t s "{ $e }")" \
			"get element $e: as the reference"
	done
fi
