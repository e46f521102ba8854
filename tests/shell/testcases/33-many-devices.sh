#!/bin/bash
# Chains with many devices: the kernel takes at most 255 per chain (it
# refuses the 256th with EFBIG). More are refused before anything is
# sent, with an error that says so under the first device too many;
# huge lists are refused quickly, without overflowing the batch buffer
# (3,500 names used to abort, 7,000 to write past the buffer, 30,000 to
# crash), and the duplicate check stays linear.
. "$TESTDIR/lib.sh"

# devfile N FILE [PREFIX]: a netdev chain with N device names.
devfile()
{
	local devs
	devs=$(seq -s, -f "${3:-d}%g" 1 "$1")
	printf 'add table netdev t\nadd chain netdev t c { type filter hook ingress devices = { %s } priority 0; }\n' \
		"$devs" > "$2"
}

# 255 names: accepted where the kernel hooks missing devices (6.16+).
devfile 255 "$TMPD/255.nft"
if out=$(nft -f "$TMPD/255.nft" 2>&1); then
	n=$(nft list chain netdev t c | grep -o '"d[0-9]*"' | wc -l)
	assert_eq "$n" 255 "255 devices: all listed"
	nft delete table netdev t
else
	assert_match "does not exist" "$out" "255 devices: only missing devices refused (kernel < 6.16)"
fi

for n in 256 300 3500 7000 30000; do
	devfile "$n" "$TMPD/many.nft"
	out=$(nft -f "$TMPD/many.nft" 2>&1)
	rc=$?
	[ "$rc" = 1 ] || fail "$n devices: exit status $rc: $out"
	assert_match "Error: too many devices: the kernel takes at most 255 per chain, this device list has $n\$" \
		"$(printf '%s\n' "$out" | head -n 1)" "$n devices: clear error"
	assert_no_match "set or map is full|BUG" "$out" "$n devices: no misleading text"
done
# The caret is under the 256th device.
devfile 300 "$TMPD/many.nft"
out=$(nft -f "$TMPD/many.nft" 2>&1)
assert_caret_under "$(printf '%s\n' "$out" | head -n 3 | tail -n 2)" 'd256' \
	"caret under the first device too many"
assert_eq "$(nft list ruleset)" "" "nothing was added"

# 100,000 devices: refused quickly.
devfile 100000 "$TMPD/huge.nft" dev
start=$(date +%s%N)
out=$(nft -f "$TMPD/huge.nft" 2>&1)
rc=$?
ms=$((($(date +%s%N) - start) / 1000000))
[ "$rc" = 1 ] || fail "100000 devices: exit status $rc"
assert_match "too many devices: .* has 100000\$" "$(printf '%s\n' "$out" | head -n 1)" \
	"100000 devices: clear error"
[ "$ms" -lt 20000 ] || fail "100000 devices took ${ms} ms"
ok "100000 devices refused in ${ms} ms"

# The duplicate check is linear: a duplicate at the end of 100,000.
sed -i 's/ } priority/,dev1 } priority/' "$TMPD/huge.nft"
start=$(date +%s%N)
out=$(nft -f "$TMPD/huge.nft" 2>&1)
ms=$((($(date +%s%N) - start) / 1000000))
assert_match "device 'dev1' is listed twice" "$out" "duplicate found in 100000 devices"
[ "$ms" -lt 20000 ] || fail "duplicate check took ${ms} ms"
ok "duplicate check in ${ms} ms"

# JSON: the same limit.
/usr/bin/python3 - > "$TMPD/many.json" <<'PY'
import json
devs = ["d%d" % i for i in range(1, 301)]
print(json.dumps({"nftables": [
    {"add": {"table": {"family": "netdev", "name": "t"}}},
    {"add": {"chain": {"family": "netdev", "table": "t", "name": "c",
                       "type": "filter", "hook": "ingress", "prio": 0,
                       "dev": devs}}}]}))
PY
out=$(nft -j -f "$TMPD/many.json" 2>&1)
[ $? = 1 ] || fail "JSON 300 devices accepted"
assert_match "too many devices: the kernel takes at most 255 per chain, this device list has 300" \
	"$out" "JSON 300 devices: clear error"
exit 0
