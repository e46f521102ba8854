#!/bin/bash
# reset rules [FAMILY | [table] T | [chain] T C] and reset rule T C handle
# N list what they name as 1.1.3 lists it (text, -a, JSON), the rules
# fetched with NFT_MSG_GETRULE_RESET: counters and quotas listed as they
# were, then zero. Each command is run by ours and the reference on the
# same ruleset and both outputs, errors, exit statuses and the ruleset
# after are compared.
. "$TESTDIR/lib.sh"

have_ref || skip "no reference (tools/ref)"

cat > "$TMPD/in.nft" <<'IN'
table ip t {
	set s { type ipv4_addr; elements = { 1.1.1.1 } ; }
	counter cc { packets 3 bytes 4 }
	chain c {
		type filter hook input priority 0; policy accept;
		counter packets 5 bytes 100
		quota 1000 bytes used 500 bytes
		ip saddr 1.2.3.4 counter packets 1 bytes 2 drop
	}
	chain d {
		counter packets 7 bytes 70
	}
	chain e {
	}
}
table ip6 u {
	chain c {
		counter packets 3 bytes 30
	}
}
IN

# the version in JSON's metainfo; table handles (each run loads anew);
# our errors name what is missing
norm()
{
	sed -E 's/"metainfo": \{[^}]*\}/META/
		s/(\{"table": \{[^}]*"handle": )[0-9]+/\1H/g
		s/^(table .* # handle )[0-9]+/\1H/
		s/(No such file or directory): no .*/\1/'
}

# run WHO ARGS...: load, run, list; all of it on stdout
run()
{
	local who=$1
	shift
	$who flush ruleset
	$who -f "$TMPD/in.nft" || fail "load"
	$who "$@" 2>&1
	echo "rc=$?"
	$who -j list ruleset
}

n=0
for c in "reset rules" "reset rules ip6" "reset rules inet" \
	 "reset rules table t" "reset rules table ip t" "reset rules t" \
	 "reset rules ip6 u" "reset rules chain t c" \
	 "reset rules chain ip6 u c" "reset rules t d" \
	 "reset rule t c handle 6" "reset rule ip t d handle 9" \
	 "reset rule t c handle 99" "reset rule t x handle 6" \
	 "reset rule x c handle 6" "reset rules table x" \
	 "reset rules chain t x" "reset rules x y" "reset rules chain t" \
	 "reset rules chain t c d" "reset rule t c"; do
	for o in "" -a -j; do
		# 1.1.3's JSON of one rule zeroes it and fails: we refuse
		# before zeroing (README, Differences)
		case "$o $c" in "-j reset rule t c handle"*|"-j reset rule ip t d"*|"-j reset rule t x"*) continue ;; esac
		run nft $o $c | norm > "$TMPD/ours"
		run refnft $o $c | norm > "$TMPD/ref"
		assert_files_eq "$TMPD/ours" "$TMPD/ref" "$o $c"
		n=$((n + 1))
	done
done

# JSON input: only the family counts, as 1.1.3 reads it
for j in '{"reset": {"rules": null}}' '{"reset": {"rules": {"family": "ip6"}}}' \
	 '{"reset": {"rules": {"family": "ip", "table": "t"}}}' \
	 '{"reset": {"rules": {"table": {"family": "ip", "name": "t"}}}}'; do
	echo "{\"nftables\": [$j]}" > "$TMPD/in.json"
	run nft -j -f "$TMPD/in.json" | norm > "$TMPD/ours"
	run refnft -j -f "$TMPD/in.json" | norm > "$TMPD/ref"
	assert_files_eq "$TMPD/ours" "$TMPD/ref" "JSON $j"
	n=$((n + 1))
done

# the counters were listed, then zeroed
nft flush ruleset
nft -f "$TMPD/in.nft"
assert_match "counter packets 7 bytes 70" "$(nft reset rules chain t d)" "listed as they were"
assert_match "counter packets 0 bytes 0" "$(nft list chain t d)" "then zeroed"
assert_match "quota 1000 bytes used 500 bytes" "$(nft reset rules table t)" "a quota listed as it was"
assert_no_match "used" "$(nft list chain t c)" "then zeroed"

# JSON of one rule: 1.1.3 zeroes it and fails saying so; we fail the same
# way before anything is zeroed
nft flush ruleset
nft -f "$TMPD/in.nft"
err=$(nft -j reset rule t d handle 9 2>&1)
assert_eq "$?" 1 "JSON reset rule refused"
assert_eq "$err" "Error: Could not process rule: Operation not supported
reset rule t d handle 9
^^^^^^^^^^^^^^^^^^^^^^^^" "its error, as 1.1.3's"
assert_match "counter packets 7 bytes 70" "$(nft list chain t d)" "nothing zeroed"
ok "reset rules: $n commands as the reference"
