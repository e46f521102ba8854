#!/bin/bash
# A listing never silently drops what it cannot print. Rulesets loaded by the
# system nft hold things we may not decode (yet): a ct match, a counter
# object, a ct helper. Our list ruleset / table / chain, in text and
# JSON, must then fail naming the object, with nothing written; or, where we
# do decode it, list it so that the system nft loads it back to the same
# ruleset.
. "$TESTDIR/lib.sh"

is_system_nft && skip "tests our listing, not the system nft's"
have_ref || skip "needs the system nft to load the rulesets"

# expect_loud WHAT REGEX CMD...: CMD fails with an error matching REGEX and
# writes nothing to stdout.
expect_loud()
{
	local what=$1 re=$2 rc
	shift 2
	nft "$@" >"$TMPD/out" 2>"$TMPD/err"
	rc=$?
	[ "$rc" != 0 ] || fail "$what: exit status 0; output: $(cat "$TMPD/out")"
	grep -qE -- "$re" "$TMPD/err" ||
		fail "$what: no /$re/ in: $(cat "$TMPD/err")"
	[ ! -s "$TMPD/out" ] || fail "$what: wrote $(cat "$TMPD/out")"
	ok "$what"
}

# A named set next to a counter object and a ct helper: all of them list
# now (40-objects.sh and 38-named-sets.sh test them), exactly as the system
# nft lists them.
cat > "$TMPD/objs.nft" <<'EOF'
table inet fw {
	ct helper ftp-std {
		type "ftp" protocol tcp
	}
	counter cnt {
	}
	set blocked {
		type ipv4_addr
	}
	chain input {
		type filter hook input priority 0; policy accept;
		ct state established accept
		ip saddr @blocked drop
		counter name "cnt"
		tcp dport 21 ct helper set "ftp-std"
		tcp dport 22 accept
	}
}
EOF
refnft -f "$TMPD/objs.nft" || fail "system nft loads the ruleset"
for args in "list ruleset" "-j list ruleset" "list table inet fw" \
	    "-j list table inet fw" "list ruleset inet"; do
	# shellcheck disable=SC2086
	nft $args > "$TMPD/out" 2> "$TMPD/err" || fail "$args: $(cat "$TMPD/err")"
	# shellcheck disable=SC2086
	refnft $args > "$TMPD/want" || fail "system nft $args"
	case $args in -j*) ;; *) cmp -s "$TMPD/out" "$TMPD/want" || fail "$args: differs from the system nft: $(diff "$TMPD/want" "$TMPD/out")";; esac
	ok "$args: lists the set, the counter and the helper"
done
# Other families are not concerned.
nft list ruleset ip >/dev/null || fail "list ruleset ip"
ok "list ruleset ip is not concerned"

# Rules one at a time, in a table with nothing but a chain: each one is
# either decoded (and then our listing reloads to the same ruleset) or the
# listing fails naming the rule's handle and chain.
rules=(
	'ct state established,related accept'
	'ct mark 0x10 drop'
	'meta mark set 0x1'
	'tcp dport { 22, 80 } accept'
	'ip saddr . tcp dport { 10.0.0.1 . 22 } accept'
	'iifname "eth*" drop'
	'tcp flags syn / syn,ack counter'
	'ip dscp cs1 accept'
	'dnat ip to 10.0.0.1:8080'
	'log prefix "x " drop'
)
for r in "${rules[@]}"; do
	refnft flush ruleset
	refnft -f - <<EOF || fail "system nft loads: $r"
table inet t {
	chain c {
		type nat hook prerouting priority dstnat; policy accept;
		meta l4proto tcp $r
	}
}
EOF
	h=$(refnft -a list chain inet t c | sed -n 's/.* # handle \([0-9]*\)$/\1/p' |
		tail -n 1)
	for args in "list ruleset" "-j list ruleset" "list chain inet t c" \
		    "-j list table inet t"; do
		# shellcheck disable=SC2086
		if nft $args >"$TMPD/out" 2>"$TMPD/err"; then
			[ -s "$TMPD/out" ] || fail "$r: $args: empty listing"
			continue
		fi
		grep -qE "rule handle $h in chain inet t c" "$TMPD/err" ||
			fail "$r: $args: the error does not name handle $h: $(cat "$TMPD/err")"
		[ ! -s "$TMPD/out" ] || fail "$r: $args: wrote $(cat "$TMPD/out")"
	done
	if nft list ruleset >"$TMPD/ours" 2>/dev/null; then
		# decoded: it must be the same ruleset for the system nft
		refnft list ruleset >"$TMPD/want"
		refnft flush ruleset
		refnft -f "$TMPD/ours" ||
			fail "$r: the system nft cannot load our listing"
		refnft list ruleset >"$TMPD/got"
		assert_files_eq "$TMPD/want" "$TMPD/got" "$r: listed exactly"
	else
		ok "$r: fails naming the rule"
	fi
done

# Long listings stream (only 256 KiB are held back): a rule we cannot print
# after that point still fails the listing, saying the output is
# incomplete; within the held part nothing is written.
refnft flush ruleset
{
	echo 'table ip big {'
	echo '	chain c {'
	for i in $(seq 0 4999); do
		echo "		ip saddr 10.0.$((i / 256)).$((i % 256)) tcp dport $((i + 1)) accept"
	done
	echo '		ct state established accept'
	echo '	}'
	echo '}'
} > "$TMPD/big.nft"
refnft -f "$TMPD/big.nft" || fail "system nft loads 5001 rules"
if nft -j list ruleset >"$TMPD/out" 2>"$TMPD/err"; then
	ok "long listing: the last rule is decoded"
else
	grep -q 'rule handle [0-9]* in chain ip big c.*incomplete' "$TMPD/err" ||
		fail "long listing: $(cat "$TMPD/err")"
	[ "$(stat -c %s "$TMPD/out")" -gt 262144 ] ||
		fail "long listing: streamed only $(stat -c %s "$TMPD/out") bytes"
	ok "long listing: streamed, then fails saying it is incomplete"
fi
if nft list ruleset >"$TMPD/out" 2>"$TMPD/err"; then
	ok "held listing: the last rule is decoded"
else
	[ ! -s "$TMPD/out" ] || fail "held listing: wrote $(wc -c <"$TMPD/out") bytes"
	grep -q incomplete "$TMPD/err" && fail "held listing: $(cat "$TMPD/err")"
	ok "held listing: fails with nothing written"
fi

# Also in a run that changed the ruleset first (an "insert ... index" makes
# it fetch the rules into its cache).
refnft flush ruleset
refnft -f - <<'EOF' || fail "system nft loads the helper"
table inet t {
	ct helper x {
		type "ftp" protocol tcp
	}
	chain c {
		tcp dport 21 ct helper set "x"
	}
}
EOF
if nft -f - >"$TMPD/out" 2>"$TMPD/err" <<'EOF'
insert rule inet t c index 0 accept
list chain inet t c
EOF
then
	grep -q 'ct helper set "x"' "$TMPD/out" ||
		fail "after a change: decoded, but listed as $(cat "$TMPD/out")"
	ok "after a change: the rule is decoded"
else
	grep -qE 'rule handle [0-9]+ in chain inet t c' "$TMPD/err" ||
		fail "after a change: $(cat "$TMPD/err")"
	ok "after a change: the listing fails naming the rule"
fi
[ "$(refnft list chain inet t c | grep -c accept)" = 1 ] ||
	fail "the insert was applied"

exit 0
