#!/bin/bash
# Compare our nft with the system nft on the same workloads, in the same
# run, each in a fresh network namespace. Prints user and system seconds
# of each and the ratio of user times (ours / system: below 1 is better).
#
#   bench/run.sh [OUR_NFT] [SYSTEM_NFT]
#
# Workloads (only what this milestone supports; sets and maps come later):
#   rules-N     one file: a table, a chain and N rules of the rule slice
#   chains-N    one file: N regular chains, each with a jump from a base chain
#   egress-N    one file: N netdev tables with an egress chain on a veth
#   list-N      listing a ruleset of N rules (text, then JSON)
set -u
ours=${1:-$(dirname "$0")/../src/nft}
theirs=${2:-/usr/sbin/nft}
ours_env=
# A libtool build's src/nft is a wrapper script whose shell start-up
# would be timed too: run the real binary with its library instead.
if [ -x "$(dirname "$ours")/.libs/nft" ] && head -c 2 "$ours" | grep -q '#!'; then
	ours_env="LD_LIBRARY_PATH=$(cd "$(dirname "$ours")/.libs" && pwd)"
	ours=$(dirname "$ours")/.libs/nft
fi
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

[ "$(id -u)" = 0 ] || { echo "bench: needs root (network namespaces)"; exit 1; }
[ -x "$theirs" ] || { echo "bench: no system nft at $theirs"; exit 1; }

gen_rules() {
	local n=$1 i
	echo "table ip bench {"
	echo "	chain c {"
	echo "		type filter hook input priority filter; policy accept;"
	for ((i = 0; i < n; i++)); do
		printf '\t\tip saddr 10.%d.%d.%d tcp dport %d counter accept\n' \
			$((i >> 16 & 255)) $((i >> 8 & 255)) $((i & 255)) $((i % 65535 + 1))
	done
	echo "	}"
	echo "}"
}

gen_chains() {
	local n=$1 i
	echo "table inet bench {"
	for ((i = 0; i < n; i++)); do
		printf '\tchain c%d {\n\t\tcounter return\n\t}\n' "$i"
	done
	echo "	chain base {"
	echo "		type filter hook forward priority filter + 10; policy accept;"
	for ((i = 0; i < n; i++)); do
		printf '\t\tmeta mark %d jump c%d\n' "$i" "$i"
	done
	echo "	}"
	echo "}"
}

gen_egress() {
	local n=$1 i
	for ((i = 0; i < n; i++)); do
		printf 'table netdev e%d {\n\tchain eg {\n\t\ttype filter hook egress device "v0" priority filter; policy accept;\n\t\tip daddr 10.0.%d.%d counter drop\n\t}\n}\n' \
			"$i" $((i >> 8 & 255)) $((i & 255))
	done
}

# usage: measure NFT FILE [list] -> prints "user sys"
measure() {
	unshare -n bash -c '
		ip link add v0 type veth peer name v1 2>/dev/null
		nft=$1 file=$2 mode=$3
		[ -n "$4" ] && export "$4"
		if [ "$mode" = list ]; then
			"$nft" -f "$file" || exit 1
			TIMEFORMAT="%U %S"
			{ time { "$nft" list ruleset >/dev/null && "$nft" -j list ruleset >/dev/null; } ; } 2>&1
		else
			TIMEFORMAT="%U %S"
			{ time "$nft" -f "$file" ; } 2>&1
		fi' _ "$1" "$2" "${3:-load}" "${4:-}"
}

row() {
	local name=$1 file=$2 mode=${3:-load} a b
	a=$(measure "$ours" "$file" "$mode" "$ours_env" | tail -1)
	b=$(measure "$theirs" "$file" "$mode" | tail -1)
	awk -v n="$name" -v a="$a" -v b="$b" 'BEGIN {
		split(a, x, " "); split(b, y, " ");
		r = (y[1] > 0) ? sprintf("%.2f", x[1] / y[1]) : "n/a";
		printf "%-14s ours user %6.2fs sys %6.2fs | system user %6.2fs sys %6.2fs | user ratio %s\n",
			n, x[1], x[2], y[1], y[2], r }'
}

gen_rules 20000 > "$work/rules"
gen_chains 2000 > "$work/chains"
gen_egress 200 > "$work/egress"
row rules-20000 "$work/rules"
row chains-2000 "$work/chains"
row egress-200 "$work/egress"
row list-20000 "$work/rules" list
