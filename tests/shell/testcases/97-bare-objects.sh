#!/bin/bash
# Objects added without braces ("add quota T q 25 mbytes", "add counter T
# c packets 1 bytes 2", limit, synproxy, secmark), as 1.1.3 takes them:
# each command's --debug=netlink output and errors, then the ruleset
# (text and JSON) after all of them, as the reference's. An object that
# exists is updated by the kernel where its kind can be (a quota), kept
# where not (a counter). The ct kinds want their braces.
. "$TESTDIR/lib.sh"

have_ref || skip "no reference nft (tools/ref make)"

cat > "$TMPD/cmds" <<'CMDS'
add quota ip t q 25 mbytes
add quota ip t q2 over 25 mbytes
add quota ip t q3 25 mbytes used 10 mbytes
add counter ip t c packets 1 bytes 2
add counter ip t c0
add limit ip t l rate 10/second
add limit ip t l2 rate over 10 mbytes/second burst 5 mbytes
add synproxy ip t sp mss 1460 wscale 7
add ct helper ip t h type "ftp" protocol tcp
add ct timeout ip t tt protocol tcp policy = { established: 100 }
add ct expectation ip t e protocol tcp dport 22 timeout 1s size 2 l3proto ip
add counter ip t c3
add counter ip t c3 packets 5 bytes 6
add quota ip t q 50 mbytes
create counter ip t c4 packets 5 bytes 6
add counter ip t c5 packets 1
add counter ip t c6 bytes 1
add quota ip t q4 25 parsecs
CMDS

run_all()
{
	local n=$1 l

	$n add table ip t
	while IFS= read -r l; do
		echo "### $l"
		$n --debug=netlink "$l" 2>&1
	done < "$TMPD/cmds"
	$n list ruleset
	$n -j list ruleset | sed 's/"metainfo": {[^}]*}/"metainfo": {}/; s/"name": "t", "handle": [0-9]*/"name": "t"/'
}

ours=$(run_all nft)
nft flush ruleset
ref=$(run_all refnft)
assert_eq "$ours" "$ref" "commands, errors, listing and JSON as the reference's"
