#!/bin/bash
# nft -i as 1.1.3 (built with libedit, as Debian builds it) does it: a line
# at a time, each run as on the command line (a table one line adds is
# seen by the next), errors with their caret under the line, "quit" alone
# on its line ends it, exit status 0 whatever the lines did; on a terminal
# the "nft> " prompt, and the lines kept in ~/.nft.history.
. "$TESTDIR/lib.sh"

export HOME=$TMPD/home
mkdir -p "$HOME"

cat > "$TMPD/in" <<'IN'
add table t

# comment
add chain t c { type filter hook input priority 0; }
add rule t c counter
list ruleset
add rule t x counter
add rule t c tcp dport 22 bogus
add table t; add chain t d
list chains
list table t
add table t
quit
list ruleset
IN

nft -i < "$TMPD/in" > "$TMPD/out" 2> "$TMPD/err1"
assert_eq "$?" 0 "exit status 0 after errors"
assert_match "Could not process rule: No such file or directory" "$(cat "$TMPD/err1")" "a kernel error"
assert_match "unexpected newline" "$(cat "$TMPD/err1")" "a syntax error at the end of its line"
assert_match "chain d" "$(cat "$TMPD/out")" "a later line sees an earlier one's table"
assert_eq "$(grep -c '^table ip t' "$TMPD/out")" 3 "nothing after quit"
nft list ruleset > "$TMPD/state"
cp "$HOME/.nft.history" "$TMPD/hist"
assert_match 'add.040chain.040t.040c' "$(cat "$TMPD/hist")" "history written"
assert_no_match 'quit' "$(cat "$TMPD/hist")" "quit not kept"

nft -i -f /dev/null < /dev/null 2> "$TMPD/err"
assert_eq "$?" 1 "-i with -f refused"
assert_eq "$(cat "$TMPD/err")" "Error: -i/--interactive and -f/--file options cannot be combined" "its message"
assert_eq "$(echo 'add table z' | nft -i list tables)" "table ip t" "commands on the command line win over -i"

if have_ref; then
	nft flush ruleset
	rm -f "$HOME/.nft.history"
	refnft -i < "$TMPD/in" > "$TMPD/rout" 2> "$TMPD/rerr"
	assert_eq "$?" 0 "the reference's exit status"
	assert_files_eq "$TMPD/out" "$TMPD/rout" "the reference's output"
	assert_files_eq "$TMPD/err1" "$TMPD/rerr" "the reference's errors"
	nft list ruleset > "$TMPD/rstate"
	assert_files_eq "$TMPD/state" "$TMPD/rstate" "the same ruleset"
	assert_files_eq "$TMPD/hist" "$HOME/.nft.history" "the same history"
fi

# A terminal: the prompt and an edited line (the up arrow recalls the
# line before), through script(1)'s pseudo-terminal.
command -v script > /dev/null || skip "script(1) missing"
term()
{
	(sleep 1; printf 'list tables\r'; sleep 0.5; printf '\033[A\r'
	 sleep 0.5; printf 'quit\r'; sleep 0.5) |
		script -qc "$1 -i" /dev/null | tr -d '\r'
}
nft flush ruleset && nft add table q
out=$(term "$NFT")
assert_match "^nft> list tables" "$out" "the prompt"
assert_eq "$(printf '%s\n' "$out" | grep -c '^table ip q')" 2 "a recalled line runs again"
if have_ref; then
	assert_eq "$(term "$SRCDIR/tools/ref nft" | sed 's/\x1b\[[0-9]*G//g')" \
		"$(printf '%s\n' "$out" | sed 's/\x1b\[[0-9]*G//g')" "the reference on a terminal"
fi
ok "nft -i"
