#!/bin/bash
# Exact listings of a big set: loads 200,000 ipv4_addr elements with our
# nft, lists the set N times (default 20) and compares every listing with
# the elements loaded. A kernel hash set that is resized while it is
# dumped can show some elements twice and leave others out: the listing
# must dump again rather than print that.
#
#   bench/sets-exact.sh [OUR_NFT] [N]
#
# Exit 0 if every listing holds exactly the elements loaded.
set -u
here=$(cd "$(dirname "$0")" && pwd)
ours=${1:-$here/../src/nft}
n=${2:-20}
count=${COUNT:-200000}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
[ "$(id -u)" = 0 ] || { echo "sets-exact: needs root (network namespaces)"; exit 1; }

awk -v n="$count" 'BEGIN {
	print "table ip bench {\n\tset s {\n\t\ttype ipv4_addr\n\t\telements = {"
	for (i = 0; i < n; i++)
		printf "\t\t\t10.%d.%d.%d%s\n", int(i / 65536) % 256,
			int(i / 256) % 256, i % 256, (i == n - 1 ? "" : ",")
	print "\t\t}\n\t}\n}" }' > "$work/set.nft"
grep -oE '10\.[0-9]+\.[0-9]+\.[0-9]+' "$work/set.nft" | sort > "$work/want"

unshare -n bash -c '
	"$1" -f "$2" || exit 1
	for ((i = 1; i <= $3; i++)); do
		"$1" list set ip bench s > "$4/list" || { echo "list $i failed"; exit 1; }
		grep -oE "10\.[0-9]+\.[0-9]+\.[0-9]+" "$4/list" | sort > "$4/got"
		if ! cmp -s "$4/want" "$4/got"; then
			echo "listing $i differs from what was loaded:"
			diff "$4/want" "$4/got" | head -5
			exit 1
		fi
	done' _ "$ours" "$work/set.nft" "$n" "$work" || { echo "sets-exact: 0 passed, 1 failed"; exit 1; }
echo "sets-exact: $n listings of $count elements, each exactly what was loaded"
echo "sets-exact: 1 passed, 0 failed"
