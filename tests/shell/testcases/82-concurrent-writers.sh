#!/bin/bash
# Many writers and readers at once, as on a live host (firewalld, Docker,
# kube-proxy, fail2ban): four writers (add rule, insert rule at index 0,
# add element into an interval set, delete rule by handle) and two
# readers (list ruleset, -j list ruleset) for CONC_SECONDS (default 4;
# longer by hand). No command may fail because another wrote meanwhile,
# and every listing is whole: it loads back (-c).
. "$TESTDIR/lib.sh"

secs=${CONC_SECONDS:-4}
nft -f - <<'NFT' || fail "setup"
table inet w {
	set s { type ipv4_addr; flags interval; }
	chain c { }
}
NFT
nft add rule inet w c counter accept || fail "first rule"

end=$((SECONDS + secs))
writer()
{
	local i=0 rc h
	while [ $SECONDS -lt $end ]; do
		i=$((i + 1))
		case $1 in
		add) nft add rule inet w c counter accept ;;
		ins) nft insert rule inet w c index 0 counter ;;
		elem) nft add element inet w s "{ 10.$((i / 250 % 250)).$((i % 250)).0/24 }" ;;
		del) # the handle of a rule of the chain, then delete it
		     h=$(nft -a list chain inet w c |
			 sed -n 's/.*accept # handle \([0-9]*\)$/\1/p' | head -n 1)
		     [ -n "$h" ] && nft delete rule inet w c handle "$h" ;;
		esac
		rc=$?
		[ $rc = 0 ] || echo "$1 $i: exit $rc" >> "$TMPD/failed"
	done 2>> "$TMPD/errors"
}
reader()
{
	local i=0
	while [ $SECONDS -lt $end ]; do
		i=$((i + 1))
		if [ "$1" = json ]; then
			nft -j list ruleset > "$TMPD/list.$1.$i" ||
				echo "$1 $i: exit $?" >> "$TMPD/failed"
		else
			nft list ruleset > "$TMPD/list.$1.$i" ||
				echo "$1 $i: exit $?" >> "$TMPD/failed"
		fi
	done 2>> "$TMPD/errors"
	echo "$i" > "$TMPD/count.$1"
}
writer add & writer ins & writer elem & writer del &
reader text & reader json &
wait

if [ -s "$TMPD/failed" ]; then
	head -n 20 "$TMPD/failed" "$TMPD/errors" >&9
	fail "$(wc -l < "$TMPD/failed") commands failed under concurrent writers"
fi
ok "no command failed: $(cat "$TMPD/count.text") text and $(cat "$TMPD/count.json") JSON listings"

# each listing whole: it loads back, text and JSON
for f in "$TMPD"/list.text.*; do
	[ -s "$f" ] || fail "$(basename "$f") is empty"
	nft -c -f "$f" || fail "$(basename "$f") does not load back"
done
for f in "$TMPD"/list.json.*; do
	nft -j -c -f "$f" || fail "$(basename "$f") does not load back"
done
ok "every listing loads back"

# A listing longer than what is held back in memory (256 KB): it is held
# in a temporary file, so a change under it is redone unseen as well
# (it used to fail, "the listing written so far is incomplete").
nft flush ruleset
{
	echo "table ip big {"
	echo "	chain c {"
	for i in $(seq 3000); do
		echo "		ip saddr 10.0.$((i / 250)).$((i % 250)) counter accept comment \"rule $i of a listing longer than what is held back in memory\""
	done
	echo "	}"
	echo "}"
	echo "table ip w { chain c { }; }"
} > "$TMPD/big.nft"
nft -f "$TMPD/big.nft" || fail "the big table"
rm -f "$TMPD"/list.text.* "$TMPD/failed"
end=$((SECONDS + (secs + 1) / 2))
(while [ $SECONDS -lt $end ]; do
	nft add rule ip w c counter || echo "writer: exit $?" >> "$TMPD/failed"
done 2>> "$TMPD/errors") &
reader text
wait
if [ -s "$TMPD/failed" ]; then
	head -n 20 "$TMPD/failed" "$TMPD/errors" >&9
	fail "$(wc -l < "$TMPD/failed") commands failed with a big listing"
fi
n=0
for f in "$TMPD"/list.text.*; do
	[ "$(wc -c < "$f")" -gt 262144 ] || fail "$(basename "$f") is short"
	grep -c "comment \"rule" "$f" | grep -qx 3000 ||
		fail "$(basename "$f") has not every rule"
	n=$((n + 1))
done
ok "$n listings of over 256 KB under a writer: all whole"
