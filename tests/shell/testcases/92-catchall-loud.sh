#!/bin/bash
# Catch-all elements ("*", NFT_SET_ELEM_CATCHALL) are not listed yet:
# sets, maps and a rule's anonymous sets holding one, loaded by the
# reference, make our listings fail naming them, where they printed the
# missing key as zeros ("{ 0.0.0.0 }"), which loads back as another set.
. "$TESTDIR/lib.sh"

if ! have_ref; then
	ok "no reference to load catch-all elements with"
	exit 0
fi

refnft add table ip t
refnft add chain ip t c
check()
{
	local what=$1 want=$2 out
	shift 2
	out=$(nft "$@" 2>&1) && fail "$what: listed: $out"
	assert_match "$want" "$out" "$what: fails naming it"
	assert_no_match '0\.0\.0\.0' "$out" "$what: no zeros for the key"
}

refnft add rule ip t c ip saddr { \* } counter
check "anonymous set" 'set __set[0-9]* has a catch-all element \(\*\), which this nft cannot list yet' list ruleset
check "anonymous set, JSON" 'has a catch-all element' -j list ruleset
refnft flush chain ip t c
refnft add rule ip t c ip saddr vmap { 1.1.1.1 : accept, \* : drop }
check "verdict map" 'map __map[0-9]* has a catch-all element \(\*\)' list chain ip t c
refnft flush chain ip t c
refnft add set ip t s { type ipv4_addr\; elements = { 1.2.3.4, \* }\; }
check "named set" 'it holds set s, which this nft cannot list yet' list ruleset
check "list set" 'cannot list set s' list set ip t s
refnft delete set ip t s
refnft add map ip t m { type ipv4_addr : verdict\; elements = { \* : drop }\; }
check "named map" 'it holds map m, which this nft cannot list yet' list ruleset
ok "catch-all elements fail listings loudly"
