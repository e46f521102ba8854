#!/bin/bash
# --debug=netlink of ct helpers, timeouts and expectations, in table
# blocks and commands: the family 1.1.3 prints is the l3proto written
# (none, a helper's 0, where the table's is taken).
. "$TESTDIR/lib.sh"

have_ref || skip "no reference nft (tools/ref make)"

run_all()
{
	local n=$1 fam

	for fam in ip ip6 inet; do
		echo "### $fam"
		$n --debug=netlink -f - 2>"$TMPD/err" <<NFT
table $fam t {
	ct helper h { type "ftp" protocol tcp; }
	ct helper h2 { type "ftp" protocol tcp; l3proto ip; }
	ct timeout tt { protocol tcp; policy = { established: 100 }; }
	ct timeout tt2 { protocol tcp; l3proto ip; policy = { established: 100, close: 5 }; }
	ct expectation e { protocol tcp; dport 22; timeout 1s; size 2; }
	ct expectation e2 { protocol tcp; dport 22; timeout 1s; size 2; l3proto ip; }
	chain c {
		ct helper set "h"
	}
}
NFT
		cat "$TMPD/err"
		$n flush ruleset
	done
	$n add table ip t
	$n --debug=netlink add ct helper ip t h3 '{ type "ftp" protocol tcp; l3proto ip; }'
	$n --debug=netlink add ct helper ip t h4 '{ type "ftp" protocol tcp; }'
	$n --debug=netlink add ct timeout ip t t3 '{ protocol tcp; l3proto ip; policy = { established: 100 }; }'
	$n --debug=netlink add ct expectation ip t e3 '{ protocol tcp; dport 22; timeout 1s; size 2; }'
	$n --debug=netlink add ct expectation ip t e4 '{ protocol tcp; dport 22; timeout 1s; size 2; l3proto ip; }'
	$n flush ruleset
}

ours=$(run_all nft)
ref=$(run_all refnft)
assert_eq "$ours" "$ref" "--debug=netlink of ct objects as the reference's"
