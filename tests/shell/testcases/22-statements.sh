#!/bin/bash
# Statements whose listing or JSON cannot be checked by the golden files:
# "log level warn" lists as plain "log" (the kernel reports the default
# level of every log rule), in text and JSON, and the JSON reloads.
# (A statement that ends a rule is checked by the golden files.)
. "$TESTDIR/lib.sh"

nft add table ip t || fail "add table"
nft add chain ip t c || fail "add chain"
nft add rule ip t c log level warn || fail "log level warn"
assert_eq "$(nft list chain ip t c | sed -n 's/^\t\t//p')" "log" \
	"log level warn lists as log"
assert_match '"expr": \[\{"log": null\}\]' "$(nft -j list chain ip t c)" \
	"log level warn is {\"log\": null} in JSON"
nft -j list ruleset > "$TMPD/json" || fail "json listing"
nft flush ruleset
nft -j -f "$TMPD/json" || fail "reloading the JSON"
assert_eq "$(nft list chain ip t c | sed -n 's/^\t\t//p')" "log" \
	"the reloaded rule lists as log"
ok "log level warn"
