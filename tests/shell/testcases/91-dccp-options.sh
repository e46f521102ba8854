#!/bin/bash
# DCCP options ("dccp option 4 exists"): presence only, by number. This
# kernel has no DCCP (the kernel refuses the rule: EOPNOTSUPP), so what
# reaches it is compared with 1.1.3's through --debug=netlink, with the
# errors, in text and JSON; tests/vm/cases/dccp-options.sh loads and
# lists them on a kernel with DCCP. A number for a boolean is true
# unless it is 0, as 1.1.3 takes it ("tcp option 34 2" matches the
# option's presence).
. "$TESTDIR/lib.sh"
have_ref || skip "no reference nft"

nft add table inet t
nft add chain inet t c
nft add table ip t2
nft add chain ip t2 c
run_both() {
	# $1: a label; the rest: the command
	local label=$1
	shift
	nft --debug=netlink "$@" > "$TMPD/ours" 2> "$TMPD/ours.err"
	refnft --debug=netlink "$@" > "$TMPD/ref" 2> "$TMPD/ref.err"
	assert_files_eq "$TMPD/ref" "$TMPD/ours" "$label"
	assert_files_eq "$TMPD/ref.err" "$TMPD/ours.err" "$label: errors"
}
while IFS= read -r rule; do
	run_both "$rule" add rule $rule
done <<'EOF'
inet t c dccp option 4 exists
inet t c dccp option 255 missing
inet t c dccp option 0 exists counter
inet t c dccp type request dccp option 3 exists accept
inet t c dccp option 4 1
inet t c dccp option 4 2
inet t c dccp option 4 == 0
inet t c dccp option 0x10 != exists
inet t c meta mark set dccp option 4
inet t c dccp option 4 { exists }
inet t c dccp option 4 { 0, 1 }
inet t c dccp option 4 vmap { exists : accept }
inet t c udp dport 1 dccp option 4 exists
ip t2 c dccp option 4 exists dccp option 5 missing
inet t c dccp option 256 exists
inet t c dccp option foo exists
inet t c dccp option 4
inet t c dccp option 4 type 2
inet t c tcp option 34 3
inet t c tcp option 34 256
inet t c tcp option 34 { 2, 3 }
inet t c exthdr hbh 2
EOF
# a set's typeof: the same user data; 1.1.3 lists it as "dccp option 1",
# which reloads as another set (README, Differences)
nft add set inet t s '{ typeof dccp option 4; }' || fail "typeof dccp option 4"
python3 "$SRCDIR/tests/lib/nlstate.py" > "$TMPD/ours"
assert_match 'typeof dccp option 4' "$(nft list set inet t s)" "typeof: listed"
nft delete set inet t s
refnft add set inet t s '{ typeof dccp option 4; }' || fail "the reference's typeof"
python3 "$SRCDIR/tests/lib/nlstate.py" > "$TMPD/ref"
assert_files_eq "$TMPD/ref" "$TMPD/ours" "typeof: the reference's set, byte for byte"
assert_match 'typeof dccp option 4' "$(nft list set inet t s)" "typeof: the reference's set, listed"
nft delete set inet t s

json='{"nftables": [{"add": {"rule": {"family": "inet", "table": "t", "chain": "c", "expr": [{"match": {"op": "==", "left": {"dccp option": {"type": 4}}, "right": true}}, {"match": {"op": "!=", "left": {"dccp option": {"type": 7}}, "right": false}}]}}}]}'
echo "$json" > "$TMPD/rule.json"
nft --debug=netlink -j -f "$TMPD/rule.json" > "$TMPD/ours" 2>/dev/null
refnft --debug=netlink -j -f "$TMPD/rule.json" > "$TMPD/ref" 2>/dev/null
assert_files_eq "$TMPD/ref" "$TMPD/ours" "JSON input: the reference's bytecode"
echo '{"nftables": [{"add": {"rule": {"family": "inet", "table": "t", "chain": "c", "expr": [{"match": {"op": "==", "left": {"dccp option": {"type": 256}}, "right": true}}]}}}]}' > "$TMPD/bad.json"
assert_rc 1 "JSON: option 256" nft -j -f "$TMPD/bad.json"
assert_match 'Invalid DCCP option' "$(nft -j -f "$TMPD/bad.json" 2>&1)" "JSON: option 256's error"
ok
