#!/bin/bash
# The netlink dumps a command costs: flowtables are dumped only by the
# commands that look at them (listings of tables and rulesets, flowtable
# commands), not by every command that caches chains (a rule that jumps,
# "list chain", a chain rename). Counted with strace, which decodes the
# nf_tables message types.
. "$TESTDIR/lib.sh"

command -v strace >/dev/null || skip "no strace (tools/deps test installs it)"
if is_system_nft; then
	skip "the system nft dumps flowtables with every cache fill"
fi

nft -f - <<'NFT' || fail "initial ruleset"
table ip t {
	chain c {
		type filter hook input priority filter; policy accept;
	}
	chain d {
	}
}
NFT

# dumps WHAT ARGS...: how many NFT_MSG_GET<WHAT> requests "nft ARGS"
# sends (the command may fail: only the requests count).
dumps()
{
	local what=$1 trace="$TMPD/strace.out"
	shift
	strace -f -qq -e trace=sendto,sendmsg -o "$trace" \
		"$NFT" "$@" >/dev/null 2>&1
	grep -c "NFT_MSG_GET$what\b" "$trace"
}

# no_ft ARGS...: the command dumps no flowtables
no_ft()
{
	assert_eq "$(dumps FLOWTABLE "$@")" 0 "no flowtable dump: nft $*"
}

# one_ft ARGS...: the command dumps flowtables once
one_ft()
{
	assert_eq "$(dumps FLOWTABLE "$@")" 1 "one flowtable dump: nft $*"
}

# the chains are dumped, the flowtables not
assert_eq "$(dumps CHAIN add rule ip t c jump d)" 1 "jump: chains dumped"
no_ft add rule ip t c jump d
no_ft add rule ip t c counter
no_ft insert rule ip t c index 0 counter
no_ft list chain ip t c
no_ft -j list chain ip t c
no_ft list chains
no_ft list tables
no_ft add chain ip t e
no_ft rename chain ip t e f
no_ft delete chain ip t f
ok "rule and chain commands dump no flowtables"

one_ft list table ip t
one_ft list ruleset
one_ft -j list ruleset
one_ft list flowtables
one_ft list flowtable ip t ft
one_ft delete flowtable ip t ft '{ devices = { lo }; }'
ok "listings of tables and flowtables dump them"

# what the commands above left: the listing is whole
out=$(nft list table ip t) || fail "list table"
assert_match "jump d" "$out" "the rule added is listed"
