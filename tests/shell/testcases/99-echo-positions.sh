#!/bin/bash
# -e echoes where a rule went ("add rule ip t c handle 3 ..."), with -a
# or without, as 1.1.3 echoes it: a chain block's rules after the one
# before them (its first after the batch's last), rules given a
# position or index; not an insert's.
. "$TESTDIR/lib.sh"

have_ref || skip "no reference nft (tools/ref make)"

cat > "$TMPD/rules.nft" <<'NFT'
table ip t {
	chain c {
		ip saddr 1.1.1.1 accept
		ip saddr 2.2.2.2 drop
		ip saddr 3.3.3.3 drop
	}
	chain d {
		accept
	}
}
add rule ip t c ip saddr 4.4.4.4 accept
add rule ip t c ip saddr 5.5.5.5 accept
insert rule ip t c ip saddr 6.6.6.6 accept
add rule ip t d drop
NFT

run_all()
{
	local n=$1 opt

	for opt in -e "-e -a" "-e -j"; do
		echo "### $opt"
		$n $opt -f "$TMPD/rules.nft" 2>&1
		$n flush ruleset
	done
	$n add table ip t && $n add chain ip t c &&
		$n add rule ip t c accept && $n add rule ip t c drop
	$n -e add rule ip t c position 2 counter
	$n -e insert rule ip t c position 2 counter
	$n -e add rule ip t c index 0 counter
	$n -e replace rule ip t c handle 2 counter
	$n -e add rule ip t c counter
	$n flush ruleset
}

# the generation, its process and the table's handle differ by run
norm()
{
	sed -E 's/generation [0-9]+ by process [0-9]+/generation G by process P/
		s/(add table ip t # handle )[0-9]+/\1H/
		s/("table": \{"family": "ip", "name": "t", "handle": )[0-9]+/\1H/'
}

ours=$(run_all nft | norm)
ref=$(run_all refnft | norm)
assert_eq "$ours" "$ref" "-e, -e -a and -e -j as the reference's"
