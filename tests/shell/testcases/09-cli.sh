#!/bin/bash
# Command line: --version, -c/--check, -a, -e, -D, -I, -f -, ';', exit codes.
. "$TESTDIR/lib.sh"

v=$(nft --version) || fail "--version exit status"
if is_system_nft; then
	assert_match '^nftables v1\.[0-9]+\.[0-9]+' "$v" "--version format (system nft is 1.0.x)"
else
	assert_match '^nftables v1\.[1-9][0-9]*\.[0-9]+' "$v" "--version >= 1.1"
fi
assert_eq "$(nft -v)" "$v" "-v same as --version"
nft --help > "$TMPD/help" || fail "--help exit status"
assert_match '^Usage: [^ ]*nft \[ options \]' "$(cat "$TMPD/help")" "--help prints usage"

nft add table ip t && nft add chain ip t c || fail "setup"
nft list ruleset > "$TMPD/before"

# -c / --check: validated, never applied.
assert_rc 0 "-c of a good command" nft -c add table ip checked
assert_rc 0 "--check of a good rule" nft --check add rule ip t c counter
nft list ruleset > "$TMPD/after"
assert_files_eq "$TMPD/before" "$TMPD/after" "-c changed nothing"
assert_rc 1 "-c of a bad command" nft -c add chain ip nosuch c 2>/dev/null

# -a: handles.
nft add rule ip t c ip saddr 1.2.3.4 counter || fail "add rule"
assert_match '^		ip saddr 1\.2\.3\.4 counter packets 0 bytes 0 # handle [0-9]+$' \
	"$(nft -a list ruleset)" "-a shows rule handles"
assert_match '^	chain c \{ # handle [0-9]+$' "$(nft -a list ruleset)" "-a shows chain handles"
assert_match '^table ip t \{ # handle [0-9]+$' "$(nft -a list ruleset)" "-a shows table handles"
assert_no_match '# handle' "$(nft list ruleset)" "no handles without -a"

# -e: echo what was added.
out=$(nft -e add rule ip t c ip daddr 4.3.2.1 drop)
assert_match '^add rule ip t c ip daddr 4\.3\.2\.1 drop' "$out" "-e echoes the rule"
assert_match '^add table ip t2$' "$(nft --echo add table ip t2)" "--echo echoes a table"
# ... then the generation the batch made, as the system nft's last line
assert_match '^# new generation [0-9]+ by process [0-9]+ \(nft\)$' \
	"$(echo "$out" | tail -1)" "-e: the new generation last"
assert_eq "$(echo "$out" | grep -c '^# new generation')" 1 "-e: one generation line"

# -e -j: one JSON document for the whole run, rules as they list (no
# protocol dependencies), with the handles the kernel gave.
out=$(nft -j -e add table ip t3 \; add chain ip t3 c \; add rule ip t3 c tcp dport 22 accept)
assert_eq "$(echo "$out" | wc -l)" 1 "-e -j: one document"
/usr/bin/python3 - "$out" <<'PY' || fail "-e -j: unexpected document: $out"
import json, sys
objs = json.loads(sys.argv[1])["nftables"]
assert [list(o["add"])[0] for o in objs] == ["table", "chain", "rule"], objs
rule = objs[2]["add"]["rule"]
assert isinstance(rule["handle"], int) and rule["handle"] > 0, rule
assert rule["expr"] == [
    {"match": {"op": "==", "left": {"payload": {"protocol": "tcp", "field": "dport"}}, "right": 22}},
    {"accept": None}], rule["expr"]
PY
ok "-e -j: table, chain and rule with handles, rule as listed"
# The kernel echoes no table that exists already: neither object appears
# (a chain that exists is echoed again, with its handle).
out=$(nft -j -e add table ip t3 \; add chain ip t3 d)
/usr/bin/python3 - "$out" <<'PY' || fail "-e -j of an existing table: $out"
import json, sys
objs = json.loads(sys.argv[1])["nftables"]
assert [list(o["add"])[0] for o in objs] == ["chain"], objs
assert objs[0]["add"]["chain"]["handle"] > 0, objs
PY
ok "-e -j: an existing table is not echoed"
assert_eq "$(nft -j -e add table ip t3)" "" "-e -j: nothing echoed, nothing printed"

# -D name=value, used with -f.
printf 'add rule ip t c ip saddr $addr tcp dport $port accept\n' > "$TMPD/def.nft"
nft -D addr=10.9.8.7 -D port=8080 -f "$TMPD/def.nft" || fail "-D"
assert_match '^		ip saddr 10\.9\.8\.7 tcp dport 8080 accept$' "$(nft list chain ip t c)" \
	"-D defines variables"
assert_rc 1 "undefined variable" nft -f "$TMPD/def.nft" 2>/dev/null
# and only with -f, as 1.1.3 has it
out=$(nft -D addr=10.9.8.7 list ruleset 2>&1) && fail "-D without -f taken"
assert_eq "$out" "Error: -D/--define can only be used with -f/--filename" \
	"-D without -f refused"
if have_ref; then
	assert_eq "$(refnft -D addr=10.9.8.7 list ruleset 2>&1)" "$out" \
		"-D without -f: the reference's words"
fi

# -I include path.
mkdir -p "$TMPD/inc"
printf 'add rule ip t c meta mark 0x7 counter\n' > "$TMPD/inc/mark.nft"
printf 'include "mark.nft"\n' > "$TMPD/main.nft"
assert_rc 1 "include not found without -I" nft -f "$TMPD/main.nft" 2>/dev/null
nft -I "$TMPD/inc" -f "$TMPD/main.nft" || fail "-I"
assert_match '^		meta mark 0x00000007 counter packets 0 bytes 0$' \
	"$(nft list chain ip t c)" "-I finds the include"
nft --includepath "$TMPD/inc" -c -f "$TMPD/main.nft" || fail "--includepath"
ok "--includepath"

# -f - reads stdin.
echo 'add table ip fromstdin' | nft -f - || fail "-f -"
assert_match '^table ip fromstdin$' "$(nft list tables)" "-f - reads stdin"

# Several commands separated by ';' in one argument, and across argv.
nft "add table ip a; add chain ip a b; add rule ip a b counter" || fail "';'"
assert_match '^		counter packets 0 bytes 0$' "$(nft list chain ip a b)" "';' separates commands"
nft add table ip x \; add chain ip x y || fail "';' across arguments"
assert_match '^table ip x$' "$(nft list tables)" "';' across arguments"

# A failing command in a ';' list applies nothing.
nft list ruleset > "$TMPD/before"
assert_rc 1 "';' list with a bad command" \
	nft "add table ip z; add rule ip z nosuch counter" 2>/dev/null
nft list ruleset > "$TMPD/after"
assert_files_eq "$TMPD/before" "$TMPD/after" "';' list is atomic"

# Exit codes.
assert_rc 1 "syntax error exits 1" nft add rule ip t c ip saddr 2>/dev/null
assert_rc 1 "missing object exits 1" nft list table ip nosuch 2>/dev/null
assert_rc 1 "missing file exits 1" nft -f "$TMPD/nosuch.nft" 2>/dev/null
assert_rc 0 "empty command list exits 0" nft -f /dev/null

# -j list is JSON.
nft -j list ruleset | /usr/bin/python3 -m json.tool >/dev/null || fail "-j output"
ok "-j list ruleset is JSON"
