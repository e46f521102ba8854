#!/bin/bash
# -o (--optimize): each file of files/optimize goes through ours and the
# reference with "-o -c -f" (the proposals: "Merging:" and the merged
# rules' source lines on stderr, each merged rule on stdout) and with
# "-o -f" (the merged ruleset loaded, then listed); output, exit code and
# listing must be the same. Then what -o leaves alone: rules of "add rule"
# commands, a command line, JSON input.
. "$TESTDIR/lib.sh"

have_ref || skip "no reference nft"

FILES="$TESTDIR/testcases/files/optimize"
cp "$FILES"/*.include "$TMPD/"
for f in "$FILES"/*.nft; do
	name=$(basename "$f" .nft)
	sed "s|@DIR@|$TMPD|" "$f" > "$TMPD/$name.nft"
	in="$TMPD/$name.nft"
	for who in ours ref; do
		if [ $who = ours ]; then run=nft; else run=refnft; fi
		$run -o -c -f "$in" > "$TMPD/$who.stdout" 2> "$TMPD/$who.err"
		echo "rc=$?" >> "$TMPD/$who.err"
		nft flush ruleset
		$run -o -f "$in" > /dev/null 2>&1 ||
			fail "$name: $who loads it with -o"
		nft list ruleset > "$TMPD/$who.list"
		nft flush ruleset
	done
	assert_files_eq "$TMPD/ref.stdout" "$TMPD/ours.stdout" \
		"$name: merged rules"
	assert_files_eq "$TMPD/ref.err" "$TMPD/ours.err" "$name: proposals"
	assert_files_eq "$TMPD/ref.list" "$TMPD/ours.list" "$name: listing"
	ok "$name"
done

# on one stream the merged rule sits between "into:" and its newline; -a
# adds its (zero) handle, -e echoes the merged rules (1.1.3's echo of a
# chain block's rules prints a handle before each but the first, with
# or without -o, which ours does not: left out here)
cp "$FILES/verdicts.nft" "$TMPD/v.nft"
for opts in "-o -c" "-o -a -c" "-o -e"; do
	nft flush ruleset
	"$SRCDIR/tools/ref" nft $opts -f "$TMPD/v.nft" > "$TMPD/ref.both" 2>&1
	nft flush ruleset
	"$NFT" $opts -f "$TMPD/v.nft" > "$TMPD/ours.both" 2>&1
	sed -i -e 's/generation [0-9]* by process [0-9]* /generation N by process N /' \
		-e 's/^\(add rule ip t c \)handle [0-9]* /\1/' "$TMPD/ref.both" \
		"$TMPD/ours.both"
	assert_files_eq "$TMPD/ref.both" "$TMPD/ours.both" "nft $opts, 2>&1"
done
nft flush ruleset

# the proposal is printed whether or not the file loads after it
grep -q Merging "$TMPD/ours.err" || fail "no proposal printed"

# an error in the file: no proposal, the error as without -o
printf 'table ip t {\n\tchain c {\n\t\tip saddr 1.1.1.1 accept\n\t\tip saddr 1.1.1.2 accept\n\t\ttcp dport foo accept\n\t}\n}\n' > "$TMPD/bad.nft"
err=$(nft -o -c -f "$TMPD/bad.nft" 2>&1) && fail "a bad file passes"
assert_no_match 'Merging' "$err" "no proposal before an error"
assert_eq "$err" "$(nft -c -f "$TMPD/bad.nft" 2>&1)" "the error as without -o"

# a command line and JSON input are not merged
nft -o 'table ip t { chain c { ip saddr 1.1.1.1 accept; ip saddr 1.1.1.2 accept; }; }' \
	> "$TMPD/cl.out" 2>&1 || fail "-o on the command line"
assert_eq "$(cat "$TMPD/cl.out")" "" "nothing said on the command line"
assert_match 'ip saddr 1.1.1.2 accept' "$(nft list ruleset)" "command line left alone"
nft -j list ruleset > "$TMPD/rs.json"
nft flush ruleset
out=$(nft -o -j -f "$TMPD/rs.json" 2>&1) || fail "-o -j -f"
assert_eq "$out" "" "nothing said for JSON"
assert_match 'ip saddr 1.1.1.2 accept' "$(nft list ruleset)" "JSON left alone"
ok "command line and JSON left alone"

# Where 1.1.3 merges and loses part of the rules (the second rule of a
# pair with two matches on one key, the counters beside a nat statement),
# refuses a file it loads without -o (an address with and without a
# port, a set among concatenated nat keys, a map of redirect port ranges)
# or aborts (a nat prefix, "jump $C"), the rules stay as written: the file loads as
# it does without -o, and nothing is proposed (README, Differences).
nft flush ruleset
cp "$FILES/lossy.nft.in" "$TMPD/lossy.nft"
out=$(nft -o -c -f "$TMPD/lossy.nft" 2>&1) || fail "lossy: -o -c"
assert_eq "$out" "" "lossy: nothing proposed"
nft -f "$TMPD/lossy.nft" || fail "lossy: loads without -o"
want=$(nft list ruleset)
nft flush ruleset
nft -o -f "$TMPD/lossy.nft" || fail "lossy: loads with -o"
assert_eq "$(nft list ruleset)" "$want" "lossy: as without -o"
nft flush ruleset
