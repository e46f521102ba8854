#!/bin/bash
# "reset element" of thousands of keys: the request overflowed its 8 KiB
# heap buffer, and the kernel's answers (a message per key) overflowed
# the socket (No buffer space available). It is sent in requests of at
# most 64 KiB of keys, with room for the answers.
. "$TESTDIR/lib.sh"

n=5000
elems=$(python3 -c "print(', '.join('10.%d.%d.%d' % (i >> 16, (i >> 8) & 255, i & 255) for i in range($n)))")
printf 'table ip t { set s { type ipv4_addr; counter; elements = { %s }; }; }\n' \
	"$elems" > "$TMPD/set.nft"
nft -f "$TMPD/set.nft" || fail "load $n elements with counters"
printf 'reset element ip t s { %s }\n' "$elems" > "$TMPD/reset.nft"
nft -f "$TMPD/reset.nft" > "$TMPD/out" || fail "reset element of $n keys"
assert_eq "$(grep -o 'counter packets 0 bytes 0' "$TMPD/out" | wc -l)" "$n" \
	"each of the $n elements listed with its counter"
ok "reset of many elements"
