#!/bin/bash
# -e and -e -j of a table block whose rules use named maps and object
# maps it declares: the rules' echo finds the maps the batch added (the
# cache of the run predates them), and the JSON echo lists the objects
# before the sets, in the batch's order, as 1.1.3 echoes them. Each nft
# loads the file in a fresh namespace, so the handles agree.
. "$TESTDIR/lib.sh"

cat > "$TMPD/e.nft" <<'NFT'
table ip t {
	counter c1 { }
	map m {
		type ipv4_addr : counter
		elements = { 1.1.1.1 : "c1" }
	}
	map mm {
		type ipv4_addr : mark
	}
	chain c {
		counter name ip saddr map @m
		meta mark set ip saddr map @mm
		ip saddr @mm accept
	}
}
NFT
for flags in -e "-e -j"; do
	# shellcheck disable=SC2086
	unshare -n "$NFT" $flags -f "$TMPD/e.nft" > "$TMPD/ours" 2>&1 ||
		fail "$flags: $(cat "$TMPD/ours")"
	[ "$flags" = -e ] && cp "$TMPD/ours" "$TMPD/ours.text"
	if have_ref; then
		# shellcheck disable=SC2086
		unshare -n "$SRCDIR/tools/ref" nft $flags -f "$TMPD/e.nft" \
			> "$TMPD/ref" 2>&1 || fail "$flags: the reference"
		assert_eq "$(sed 's/"metainfo": {[^}]*}//; /^# new generation/d; s/"version": "[^"]*", //' "$TMPD/ours")" \
			"$(sed 's/"metainfo": {[^}]*}//; /^# new generation/d; s/"version": "[^"]*", //' "$TMPD/ref")" \
			"$flags: as the reference echoes it"
	fi
done
assert_match 'meta mark set ip saddr map @mm' "$(cat "$TMPD/ours.text")" "the rule echoed"
assert_match '"data": "@mm"' "$(cat "$TMPD/ours")" "and in JSON"
ok
