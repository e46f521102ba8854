#!/bin/bash
# -e shows a rule's anonymous sets as the system nft's echo does: the
# members in the order written (a member written twice once, where it
# was first), interval sets sorted and merged as they were built, and
# concatenations as written; -e -a, -e -f (table blocks too) and -e -j
# alike. A listing afterwards still sorts them. The expected echoes are
# the system nft's (1.0.6), and where it is installed, its echo of the
# same commands, in a namespace of its own, is compared line by line
# (the new generation's numbers and handles aside).
. "$TESTDIR/lib.sh"

# family | rule as written | its echo, where that differs
cat > "$TMPD/cases" <<'EOF'
ip|tcp dport { 443, 22, 80 }|
ip|tcp dport { 443, 22, 80, 22 }|tcp dport { 443, 22, 80 }
ip|ct state { new, established }|
ip|ct state { established, new, related }|
ip|icmp type { echo-request, redirect, echo-reply }|
ip|ip saddr { 192.168.0.0/16, 10.0.0.1, 10.0.0.2 }|ip saddr { 10.0.0.1-10.0.0.2, 192.168.0.0/16 }
ip|tcp dport { 2000, 1000-1999, 80, 22 }|tcp dport { 22, 80, 1000-2000 }
ip|ip saddr { 10.0.0.0/8, 1.2.3.0/24, 10.0.0.5 }|ip saddr { 1.2.3.0/24, 10.0.0.0/8 }
ip|ip daddr != { 10.0.0.9, 10.0.0.3 }|
ip|tcp dport { ssh, 80, https, 25 }|tcp dport { 22, 80, 443, 25 }
ip|meta l4proto { udp, tcp, 1 }|meta l4proto { udp, tcp, icmp }
ip|tcp dport { 443, 22 } ip saddr { 10.1.1.1, 10.0.0.1 } accept|
ip|ip saddr . tcp dport { 10.0.0.2 . 80, 10.0.0.1 . 22, 10.0.0.2 . 80 }|ip saddr . tcp dport { 10.0.0.2 . 80, 10.0.0.1 . 22 }
ip|ip saddr . tcp dport { 10.0.0.2 . 80-90, 10.0.0.1 . 22 }|
inet|tcp dport { 443, 22, 80 }|
inet|ip6 saddr { fe80::2, ::1, 2001:db8::/32 }|ip6 saddr { ::1, 2001:db8::/32, fe80::2 }
inet|ip6 daddr { fe80::2, ::1 }|
inet|meta l4proto { udp, tcp }|
inet|ct state { invalid, new } drop|
inet|icmpv6 type { nd-neighbor-solicit, echo-request }|
inet|tcp flags { syn, ack, fin }|
inet|udp dport { 53, 123, 67-68 }|udp dport { 53, 67-68, 123 }
inet|meta iifname { "eth1", "eth0", "lo" }|iifname { "eth1", "eth0", "lo" }
inet|ip protocol . th dport { udp . 53, tcp . 22 }|
inet|ether saddr { 00:11:22:33:44:66, 00:11:22:33:44:55 }|
inet|meta mark { 0x2, 0x1 }|meta mark { 0x00000002, 0x00000001 }
inet|ip dscp { cs1, af11, 0 }|ip dscp { cs1, af11, cs0 }
EOF

# the new generation's numbers and the handles vary between runs
normalise()
{
	sed -E -e 's/^# new generation [0-9]+ by process [0-9]+ \(nft\)$/# new generation/' \
		-e 's/ handle [0-9]+//g'
}

# run_all TOOL: every case as its own "-e add rule" and "-e -a insert
# rule", then all of them again from one file with table blocks, then
# -e -j; one output file per mode in $TMPD/TOOL.*.
run_all()
{
	local tool=$1 fam rule want
	{
		for fam in ip inet; do
			echo "add table $fam t"
			echo "add chain $fam t c"
		done
	} | $tool -f - || fail "$tool: tables"
	while IFS='|' read -r fam rule want; do
		$tool -e add rule "$fam" t c $rule ||
			fail "$tool: add rule $fam t c $rule"
	done < "$TMPD/cases" > "$TMPD/$tool.add"
	while IFS='|' read -r fam rule want; do
		$tool -e -a insert rule "$fam" t c $rule ||
			fail "$tool: insert rule $fam t c $rule"
	done < "$TMPD/cases" > "$TMPD/$tool.insert"
	{
		for fam in ip inet; do
			printf 'table %s f {\n\tchain b {\n' "$fam"
			grep "^$fam|" "$TMPD/cases" | cut -d'|' -f2 |
				sed 's/^/\t\t/'
			printf '\t}\n}\n'
			grep "^$fam|" "$TMPD/cases" | cut -d'|' -f2 |
				sed "s/^/add rule $fam f b /"
		done
	} > "$TMPD/file.nft"
	$tool -e -f "$TMPD/file.nft" > "$TMPD/$tool.file" ||
		fail "$tool: -e -f"
	{
		for fam in ip inet; do
			grep "^$fam|" "$TMPD/cases" | cut -d'|' -f2 |
				sed "s/^/add rule $fam t c /"
		done
	} > "$TMPD/json.nft"
	$tool -e -j -f "$TMPD/json.nft" > "$TMPD/$tool.json" ||
		fail "$tool: -e -j -f"
}

run_all nft

# What the system nft echoes, written down.
while IFS='|' read -r fam rule want; do
	echo "add rule $fam t c ${want:-$rule}"
	echo "# new generation"
done < "$TMPD/cases" > "$TMPD/want.add"
normalise < "$TMPD/nft.add" > "$TMPD/got.add"
assert_files_eq "$TMPD/want.add" "$TMPD/got.add" \
	"-e add rule: sets in the order written"

while IFS='|' read -r fam rule want; do
	echo "insert rule $fam t c ${want:-$rule} #"
	echo "# new generation"
done < "$TMPD/cases" > "$TMPD/want.insert"
normalise < "$TMPD/nft.insert" > "$TMPD/got.insert"
assert_files_eq "$TMPD/want.insert" "$TMPD/got.insert" \
	"-e -a insert rule: sets in the order written"

{
	for fam in ip inet; do
		echo "add table $fam f"
		echo "add chain $fam f b"
		for _ in 1 2; do
			grep "^$fam|" "$TMPD/cases" |
			while IFS='|' read -r fam rule want; do
				echo "add rule $fam f b ${want:-$rule}"
			done
		done
	done
	echo "# new generation"
} > "$TMPD/want.file"
normalise < "$TMPD/nft.file" > "$TMPD/got.file"
assert_files_eq "$TMPD/want.file" "$TMPD/got.file" \
	"-e -f, table blocks and add rule: sets in the order written"

# -e -j: the rules' "set" arrays in the order written, as text gives them
/usr/bin/python3 - "$TMPD/nft.json" <<'PY' || fail "-e -j: $(cat "$TMPD/nft.json")"
import json, sys
doc = json.load(open(sys.argv[1]))
sets = []
for cmd in doc["nftables"]:
    rule = cmd["add"]["rule"]
    sets.append([m["match"]["right"]["set"] for m in rule["expr"]
                 if "match" in m and isinstance(m["match"]["right"], dict)
                 and "set" in m["match"]["right"]])
want = {
    0: [[443, 22, 80]],
    1: [[443, 22, 80]],
    2: [["new", "established"]],
    6: [[22, 80, {"range": [1000, 2000]}]],
    11: [[443, 22], ["10.1.1.1", "10.0.0.1"]],
    12: [[{"concat": ["10.0.0.2", 80]}, {"concat": ["10.0.0.1", 22]}]],
    15: [["::1", {"prefix": {"addr": "2001:db8::", "len": 32}}, "fe80::2"]],
    20: [["syn", "ack", "fin"]],
}
assert len(sets) == 27, len(sets)
for i, w in want.items():
    assert sets[i] == w, (i, sets[i], w)
PY
ok "-e -j: sets in the order written"

# A listing sorts, as the system nft's does.
out=$(nft list chain ip t c)
assert_match '^	+tcp dport \{ 22, 80, 443 \}$' "$out" "list: a value set sorted"
assert_match '^	+ct state \{ established, new \}$' "$out" "list: ct states sorted"
assert_no_match '\{ 443, 22, 80 \}' "$out" "list: not in the order written"

# The system nft's echo of the same commands, in a namespace of its own.
if ! have_ref || is_system_nft; then
	ok "no other system nft to compare with"
	exit 0
fi
ns_new
sysrun()
{
	in_ns "$NS_PID" "$SRCDIR/tools/ref" nft "$@"
}
run_all sysrun
for mode in add insert file; do
	normalise < "$TMPD/sysrun.$mode" > "$TMPD/sys.$mode"
	assert_files_eq "$TMPD/sys.$mode" "$TMPD/got.$mode" \
		"$mode: the same echo as the system nft's"
done
/usr/bin/python3 - "$TMPD/sysrun.json" "$TMPD/nft.json" <<'PY' ||
import json, sys

def strip(o):
    if isinstance(o, dict):
        return {k: strip(v) for k, v in o.items() if k != "handle"}
    if isinstance(o, list):
        return [strip(v) for v in o]
    return o

sys_doc, our_doc = (strip(json.load(open(f))) for f in sys.argv[1:])
if sys_doc != our_doc:
    for a, b in zip(sys_doc["nftables"], our_doc["nftables"]):
        if a != b:
            print("system:", json.dumps(a))
            print("ours:  ", json.dumps(b))
    sys.exit(1)
PY
	fail "-e -j: not the system nft's echo"
ok "-e -j: the same echo as the system nft's (handles aside)"
