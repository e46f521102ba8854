#!/bin/bash
# "list ct timeout table [family] T" and "list ct expectation table ...":
# every ct timeout (expectation) of a table, as 1.1.3 lists them (and
# "list ct helpers table T"), with its errors for a name missing or one
# too many. In JSON 1.1.3 prints none of them (only metainfo); we print
# them (README, Differences).
. "$TESTDIR/lib.sh"

cat > "$TMPD/setup" <<'NFT'
table inet t {
	ct timeout tt {
		protocol tcp
		l3proto ip
		policy = { established: 100 }
	}
	ct expectation e {
		protocol tcp
		dport 22
		timeout 1s
		size 3
		l3proto ip
	}
	ct helper h {
		type "ftp" protocol tcp
	}
}
table ip t {
	ct timeout u {
		protocol udp
		policy = { unreplied: 10 }
	}
}
table inet empty {
}
NFT
cat > "$TMPD/cmds" <<'CMDS'
list ct timeout table inet t
list ct expectation table inet t
list ct timeout table t
list ct timeout table ip t
list ct expectation table t
list ct timeout table inet empty
list ct timeout table inet nonexist
list ct timeout table inet t tt
list ct timeout table ip
list ct timeout table
list ct helpers table inet t
list ct timeout inet t tt
CMDS

run_all()
{
	local l
	"$@" -f "$TMPD/setup" || echo "setup failed"
	while IFS= read -r l; do
		echo "### $l"
		# shellcheck disable=SC2086
		"$@" $l 2>&1
		echo "rc $?"
	done < "$TMPD/cmds"
}
run_all nft > "$TMPD/ours"
assert_match 'ct timeout u' "$(cat "$TMPD/ours")" "ip t's timeout listed"
if have_ref; then
	unshare -n bash -c "$(declare -f run_all); TMPD=$TMPD; run_all $SRCDIR/tools/ref nft" \
		> "$TMPD/ref"
	assert_files_eq "$TMPD/ref" "$TMPD/ours" "as the reference lists and refuses"
fi

# JSON: the objects, which 1.1.3 leaves out
nft -j list ct timeout table inet t > "$TMPD/j" || fail "-j list"
assert_match '"ct timeout": {"family": "inet", "name": "tt", "table": "t"' \
	"$(cat "$TMPD/j")" "-j lists the timeout"
assert_no_match '"ct expectation"' "$(cat "$TMPD/j")" "-j lists timeouts only"
nft -j list ct expectation table inet t > "$TMPD/j" || fail "-j list"
assert_match '"ct expectation": {"family": "inet", "name": "e"' \
	"$(cat "$TMPD/j")" "-j lists the expectation"
ok "list ct timeout/expectation table"
