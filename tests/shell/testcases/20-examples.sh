#!/bin/bash
# The example rulesets of Debian's nftables package: each one our nft
# loads gives the kernel the same ruleset as the system nft's load of the
# same file (the system nft lists both identically), our listing is the
# system nft's in the upstream format, and our listing loads back to the
# same.  Examples that wait for later features are listed below, and each
# must still fail to load in our nft, so that the list stays honest.
. "$TESTDIR/lib.sh"

EXAMPLES=${NFT_EXAMPLES:-/usr/share/doc/nftables/examples}
[ -d "$EXAMPLES" ] || skip "no $EXAMPLES (Debian's nftables package)"
have_ref || skip "no $SYSNFT"
is_system_nft && skip "NFT is the system nft: nothing to compare"

# example -> what it waits for.  When one loads, take it off the list.
declare -A WAITING=(
	[load_balancing.nft]="a kernel that takes a nat chain at priority -300 (the system nft fails there too; at -100 both load it and list it the same)"
	[secmark.nft]="SELinux (the kernel refuses secmark objects without it)"
)

# example -> commands run before each load of it (sets_and_maps.nft starts
# with "delete table filter", which fails in both nfts on a table that
# does not exist).
declare -A PRELUDE=(
	[sets_and_maps.nft]="add table ip filter"
)

# upstream_format: the system nft's listing in the upstream 1.1 format we
# follow: quoted device lists.
upstream_format()
{
	perl -pe 's/(devices = \{ )([^}]*)( \})/$1 . join(", ",
		map { \/^"\/ ? $_ : "\"$_\"" } split(\/, \/, $2)) . $3/e'
}

# Devices the examples name (iif bond0, fwd to eth1, iif { eth0, eth1 },
# sets_and_maps.nft's eth0-eth3).
veth_pair bond0 bond1
veth_pair eth0 eth1
veth_pair eth2 eth3

cd "$EXAMPLES" || fail "cd $EXAMPLES"
failed=0
checked=0
bad()
{
	echo "FAIL: $*"
	failed=$((failed + 1))
}

for f in *.nft; do
	refnft flush ruleset
	[ -n "${PRELUDE[$f]:-}" ] && refnft ${PRELUDE[$f]}
	sys_ok=1
	refnft -f "$f" > /dev/null 2> "$TMPD/syserr" || sys_ok=0
	refnft list ruleset > "$TMPD/sys.list"
	refnft flush ruleset
	[ -n "${PRELUDE[$f]:-}" ] && refnft ${PRELUDE[$f]}
	ours_ok=1
	nft -f "$f" > /dev/null 2> "$TMPD/err" || ours_ok=0
	if [ -n "${WAITING[$f]:-}" ]; then
		if [ "$ours_ok" = 1 ]; then
			bad "$f loads now: take it off the waiting list" \
				"(${WAITING[$f]})"
		else
			ok "$f waits for ${WAITING[$f]}"
		fi
		continue
	fi
	if [ "$ours_ok" = 0 ]; then
		bad "$f does not load: $(head -n 3 "$TMPD/err")"
		continue
	fi
	if [ "$sys_ok" = 0 ]; then
		bad "$f: the system nft cannot load it: $(head -n 3 "$TMPD/syserr")"
		continue
	fi
	checked=$((checked + 1))
	refnft list ruleset > "$TMPD/sys-of-ours.list"
	if ! cmp -s "$TMPD/sys.list" "$TMPD/sys-of-ours.list"; then
		diff -u "$TMPD/sys.list" "$TMPD/sys-of-ours.list"
		bad "$f: the system nft lists our load differently from its own"
	fi
	nft list ruleset > "$TMPD/ours.list" || bad "$f: list ruleset"
	upstream_format < "$TMPD/sys.list" > "$TMPD/want.list"
	if ! cmp -s "$TMPD/want.list" "$TMPD/ours.list"; then
		diff -u "$TMPD/want.list" "$TMPD/ours.list"
		bad "$f: our listing differs from the system nft's"
	fi
	nft flush ruleset
	nft -f "$TMPD/ours.list" || bad "$f: our listing does not load back"
	nft list ruleset > "$TMPD/again.list"
	cmp -s "$TMPD/ours.list" "$TMPD/again.list" ||
		bad "$f: our listing loaded back lists differently"
	nft flush ruleset
	[ "$failed" = 0 ] && ok "$f"
done
[ "$failed" = 0 ] || fail "$failed example(s) failed"
[ "$checked" -gt 0 ] || fail "no example was checked"
ok "$checked examples list as the system nft lists them"
