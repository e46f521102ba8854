#!/bin/bash
# "list ct timeout table [family] T" and "list ct expectation table ...":
# every ct timeout (expectation) of a table, as 1.1.3 lists them (and
# "list ct helpers table T", which needs the table), with its errors for
# a name missing or one too many, and no "reset ct" at all. In JSON 1.1.3
# prints none of them (only metainfo); we print them (README,
# Differences). JSON's plural lists ("sets", "maps", "counters": null)
# as 1.1.3's, and "limits", on which 1.1.3 crashes.
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
table inet o {
	set s {
		type ipv4_addr
	}
	map m {
		type ipv4_addr : mark
	}
	counter c {
	}
	quota q {
		25 mbytes
	}
	limit l {
		rate 10/second
	}
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
list ct helpers
list ct helpers inet
list ct helpers table
list ct helpers table inet t x
reset ct helpers
reset ct timeout table inet t
reset ct helper inet t h
list ct timeout inet t
list ct timeout inet
list ct timeout
list ct timeout ip t c x
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

# JSON's plural lists, each compared with the reference's
json_cmds='{"list": {"sets": null}}
{"list": {"sets": {"family": "inet"}}}
{"list": {"sets": {"family": "ip"}}}
{"list": {"maps": null}}
{"list": {"counters": null}}
{"list": {"quotas": {"family": "inet", "table": "o"}}}
{"list": {"ct helpers": {"family": "inet", "table": "t"}}}'
while IFS= read -r j; do
	nft -j "{\"nftables\": [$j]}" > "$TMPD/j" 2>&1 || fail "$j: $(cat "$TMPD/j")"
	if have_ref; then
		refnft -j "{\"nftables\": [$j]}" > "$TMPD/r" 2>&1 || fail "$j: the reference"
		assert_eq "$(sed 's/"metainfo": {[^}]*}//' "$TMPD/j")" \
			"$(sed 's/"metainfo": {[^}]*}//' "$TMPD/r")" "$j as the reference"
	fi
done <<< "$json_cmds"
nft -j '{"nftables": [{"list": {"limits": null}}]}' > "$TMPD/j" ||
	fail "list limits: $(cat "$TMPD/j")"
assert_match '"limit": \{"family": "inet", "name": "l", "table": "o"' \
	"$(cat "$TMPD/j")" "JSON list limits"
nft -j '{"nftables": [{"list": {"ct helpers": null}}]}' > "$TMPD/j" 2>&1 &&
	fail "ct helpers without a table: $(cat "$TMPD/j")"
assert_match 'Listing ct helpers requires table reference' "$(cat "$TMPD/j")" \
	"JSON ct helpers need the table, as 1.1.3's"
ok "list ct timeout/expectation table"
