#!/bin/bash
# -e stays linear: acks and echoed objects are found by sequence number
# in constant time. One table block of 20,000 rules is echoed completely,
# each rule with its own handle, in not much more CPU time than loading
# it without -e (each echoed message used to walk every rule before it:
# 12 times slower at 40,000). "add rule" lines (which walked the command
# list) are checked for correctness on a smaller batch, to keep the test
# short.
. "$TESTDIR/lib.sh"

N=20000
M=2000
{
	echo "table ip big {"
	echo "	chain c {"
	for ((i = 0; i < N; i++)); do
		printf '\t\tmeta mark %d counter accept\n' "$i"
	done
	echo "	}"
	echo "}"
} > "$TMPD/block.nft"
{
	echo "add table ip big"
	echo "add chain ip big c"
	echo "add chain ip big d"
	chains=(c d)
	for ((i = 0; i < M; i++)); do
		printf 'add rule ip big %s meta mark %d counter accept\n' \
			"${chains[i & 1]}" "$i"
	done
} > "$TMPD/lines.nft"

# user_time ARGS...: user CPU seconds of nft ARGS (output discarded).
user_time()
{
	local TIMEFORMAT=%U
	{ time nft "$@" > "$TMPD/out" 2>"$TMPD/err"; } 2>&1
}

for f in block lines; do
	want=$N
	[ $f = lines ] && want=$M
	if [ $f = block ]; then
		plain=$(user_time -f "$TMPD/$f.nft") || fail "$f: load"
		nft flush ruleset
	fi
	echo=$(user_time -e -a -f "$TMPD/$f.nft") || fail "$f: load with -e"
	# (with -a, a rule appended after another names its handle too)
	sed -i 's/^\(add rule ip big [cd] \)handle [0-9]* /\1/' "$TMPD/out"
	n=$(grep -c '^add rule ip big [cd] meta mark' "$TMPD/out")
	assert_eq "$n" "$want" "$f: every rule echoed"
	# Each echoed rule carries the handle the kernel listed it with.
	grep '^add rule' "$TMPD/out" |
		sed -n 's/^add rule ip big \([cd]\) \(.*\) # handle \([0-9]*\)$/\1 \3 \2/p' |
		sort > "$TMPD/echoed"
	for c in c d; do
		[ $f = block ] && [ $c = d ] && continue
		nft -a list chain ip big $c | sed -n "s/^\t\t\(.*\) # handle \([0-9]*\)\$/$c \2 \1/p"
	done | sort > "$TMPD/listed"
	assert_files_eq "$TMPD/listed" "$TMPD/echoed" "$f: echoed handles are the listed ones"
	if [ $f = lines ]; then
		nft flush ruleset
		continue
	fi
	awk -v e="$echo" -v p="$plain" 'BEGIN { exit !(e <= 2.5 * p + 0.25) }' ||
		fail "$f: -e took ${echo}s of CPU against ${plain}s without"
	ok "$f: -e ${echo}s, without ${plain}s of CPU"
	nft flush ruleset
done

# JSON echo of text input: one document, every rule with a handle.
nft -e -j -f "$TMPD/lines.nft" > "$TMPD/out.json" || fail "-e -j"
/usr/bin/python3 - "$TMPD/out.json" "$M" <<'PY' || fail "-e -j: bad document"
import json, sys
doc = json.load(open(sys.argv[1]))["nftables"]
rules = [e["add"]["rule"] for e in doc if "rule" in e.get("add", {})]
assert len(rules) == int(sys.argv[2]), len(rules)
assert len({r["handle"] for r in rules}) == len(rules)
PY
ok "-e -j: $M rules with distinct handles"

# The kernel echoes each element of an element message: the receive
# buffer holds them all (it was sized by messages: "acknowledgements
# were lost" with 800 intervals, although the kernel took them)
nft flush ruleset
/usr/bin/python3 - > "$TMPD/iv.nft" <<'PY'
print("add table ip x; add set ip x s { type ipv4_addr; flags interval; }")
print("add element ip x s { %s }" % ", ".join(
    "10.%d.%d.0/24" % (i // 256, i % 256) for i in range(5000)))
print("add set ip x p { type ipv4_addr; }")
print("add element ip x p { %s }" % ", ".join(
    "10.%d.%d.%d" % (i >> 16, (i >> 8) & 255, i & 255) for i in range(20000)))
PY
nft -e -f "$TMPD/iv.nft" > "$TMPD/iv.out" || fail "-e of 5,000 intervals and 20,000 elements"
assert_eq "$(grep -c '^add element ip x' "$TMPD/iv.out")" 25000 \
	"-e: every element echoed"
exit 0
