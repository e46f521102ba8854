#!/bin/bash
# meta and ct values under every output level: names by default,
# numbers with -n (flags as 0x2,0x4, durations as 100s), protocols with
# -p, users with -u, seconds with -T; text and JSON, equal to the system
# nft's listing of the same file (the times are UTC).
. "$TESTDIR/lib.sh"

files=$TESTDIR/testcases/files
export TZ=UTC
nft -f "$files/meta-ct.nft" || fail "loading meta-ct.nft"
for o in "" -n -p -u -T -y; do
	echo "### [$o]"
	nft $o list ruleset || fail "list ruleset $o"
	nft $o -j list ruleset | python3 -c '
import json, sys
for o in json.load(sys.stdin)["nftables"]:
	if "rule" in o:
		print(json.dumps(o["rule"]["expr"]))' || fail "JSON listing $o"
done > "$TMPD/got"
assert_files_eq "$files/meta-ct.list" "$TMPD/got" \
	"meta and ct listings under each output level match meta-ct.list"

# What the listing says loads back as the same rules.
nft list ruleset > "$TMPD/again.nft"
nft flush ruleset
nft -f "$TMPD/again.nft" || fail "reloading the listing"
nft list ruleset > "$TMPD/again.list"
assert_files_eq "$TMPD/again.nft" "$TMPD/again.list" "listing reloads unchanged"

# And so does the JSON.
nft -j list ruleset > "$TMPD/again.json"
nft flush ruleset
nft -j -f "$TMPD/again.json" || fail "reloading the JSON listing"
nft list ruleset > "$TMPD/json.list"
assert_files_eq "$TMPD/again.nft" "$TMPD/json.list" "JSON listing reloads unchanged"

# Upstream 1.1 takes ct proto-src/proto-dst without a layer 4 match before
# them (1.0.6 refuses them: "Can't parse symbolic invalid expressions").
is_system_nft && exit 0
nft flush ruleset
nft add table ip t && nft add chain ip t c || fail "table for ct proto-src"
nft add rule ip t c ct original proto-src 1024 ct reply proto-dst 80 ||
	fail "ct proto-src without a layer 4 match"
assert_eq "$(nft list chain ip t c | sed -n 3p)" \
	"$(printf '\t\tct original proto-src 1024 ct reply proto-dst 80')" \
	"ct proto-src/proto-dst list as written"
