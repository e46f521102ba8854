#!/bin/bash
# Big sets and maps: our nft against the system nft in the same run, each
# measurement in a fresh network namespace. For every workload: user,
# system and wall seconds and peak memory of each, and the ratios ours /
# system nft (below 1 is better).
#
#   bench/sets.sh [OUR_NFT] [SYSTEM_NFT]
#
# Environment: REPEAT=N (default 3) keeps the smallest of N runs of each
# time and of the memory; ONLY=REGEX runs the workloads whose name
# matches; SCALE=K divides every size by K (quick runs); KEEP=DIR writes
# the generated rulesets (text and JSON) into DIR and keeps them, for
# profiling one workload by hand.
#
# Rulesets (one table ip bench each):
#   set      200,000 ipv4_addr elements
#   interval 50,000 prefixes, /16 to /32 mixed, none overlapping
#   vmap     100,000 ipv4_addr : verdict entries (accept, drop, jump)
#   concat   100,000 ipv4_addr . inet_service elements
# Workloads, for each: NAME-load (nft -f of the text), NAME-load-json
# (nft -j -f of the system nft's JSON listing of it), NAME-list (list
# set or map), NAME-list-json (-j list set or map).
#
# The floor: setdump (bench/setdump.c) dumps the 200,000-element set and
# throws the messages away: the kernel's cost of the dump, which no
# listing can go below. Our listing's user+system time is printed as a
# multiple of it.
#
# Listings (and the floor) are timed SETTLE seconds (default 1) after
# the set was loaded: right after a bulk load the kernel is still
# growing the set's hash table, and a dump taken meanwhile can repeat
# or miss elements, which our listing detects and answers by dumping
# again (the system nft prints what it got). set-list-fresh times the
# listing right after the load, to show what that exactness costs.
set -u
here=$(cd "$(dirname "$0")" && pwd)
ours=${1:-$here/../src/nft}
theirs=${2:-/usr/sbin/nft}
repeat=${REPEAT:-3}
only=${ONLY:-}
scale=${SCALE:-1}
settle=${SETTLE:-1}
ours_env=
if [ -x "$(dirname "$ours")/.libs/nft" ] && head -c 2 "$ours" | grep -q '#!'; then
	ours_env="LD_LIBRARY_PATH=$(cd "$(dirname "$ours")/.libs" && pwd)"
	ours=$(dirname "$ours")/.libs/nft
fi
if [ -n "${KEEP:-}" ]; then
	work=$KEEP
	mkdir -p "$work" && rm -f "$work/results"
else
	work=$(mktemp -d)
	trap 'rm -rf "$work"' EXIT
fi

[ "$(id -u)" = 0 ] || { echo "bench: needs root (network namespaces)"; exit 1; }
[ -x "$theirs" ] || { echo "bench: no system nft at $theirs"; exit 1; }
[ -x /usr/bin/time ] || { echo "bench: needs /usr/bin/time (apt-get install time)"; exit 1; }

# Elements are written 4 to a line, as a person would.
gen_set() {
	awk -v n=$(( 200000 / scale )) 'BEGIN {
		print "table ip bench {\n\tset s {\n\t\ttype ipv4_addr\n\t\telements = {"
		for (i = 0; i < n; i++)
			printf "%s10.%d.%d.%d%s", (i % 4 ? " " : "\t\t\t"),
				int(i / 65536) % 256, int(i / 256) % 256, i % 256,
				(i == n - 1 ? "\n" : (i % 4 == 3 ? ",\n" : ","))
		print "\t\t}\n\t}\n}" }'
}

# Prefix lengths cycle through /16../32; each prefix starts where the
# last ended, rounded up to its own size.
gen_interval() {
	awk -v n=$(( 50000 / scale )) 'BEGIN {
		print "table ip bench {\n\tset s {\n\t\ttype ipv4_addr\n\t\tflags interval\n\t\telements = {"
		cur = 16777216
		for (i = 0; i < n; i++) {
			len = 16 + i % 17
			size = 2 ^ (32 - len)
			cur = int((cur + size - 1) / size) * size
			printf "\t\t\t%d.%d.%d.%d/%d%s\n",
				int(cur / 16777216) % 256, int(cur / 65536) % 256,
				int(cur / 256) % 256, cur % 256, len,
				(i == n - 1 ? "" : ",")
			cur += size
		}
		print "\t\t}\n\t}\n}" }'
}

gen_vmap() {
	awk -v n=$(( 100000 / scale )) 'BEGIN {
		print "table ip bench {\n\tchain c {\n\t\tcounter\n\t}"
		print "\tmap m {\n\t\ttype ipv4_addr : verdict\n\t\telements = {"
		for (i = 0; i < n; i++) {
			verdict = (i % 3 == 0) ? "accept" : (i % 3 == 1) ? "drop" : "jump c"
			printf "\t\t\t10.%d.%d.%d : %s%s\n",
				int(i / 65536) % 256, int(i / 256) % 256, i % 256,
				verdict, (i == n - 1 ? "" : ",")
		}
		print "\t\t}\n\t}\n}" }'
}

gen_concat() {
	awk -v n=$(( 100000 / scale )) 'BEGIN {
		print "table ip bench {\n\tset s {\n\t\ttype ipv4_addr . inet_service\n\t\telements = {"
		for (i = 0; i < n; i++)
			printf "\t\t\t10.%d.%d.%d . %d%s\n",
				int(i / 65536) % 256, int(i / 256) % 256, i % 256,
				1 + i % 65535, (i == n - 1 ? "" : ",")
		print "\t\t}\n\t}\n}" }'
}

# usage: measure NFT ENV SETUP_FILE ARGS... -> "user sys wall maxrss_kb"
# Loads SETUP_FILE (if not empty) with NFT, then times NFT ARGS.
measure() {
	unshare -n bash -c '
		nft=$1 env=$2 setup=$3 settle=$4
		shift 4
		[ -n "$env" ] && export "$env"
		if [ -n "$setup" ]; then
			"$nft" -f "$setup" 2>/dev/null || exit 1
			sleep "$settle"
		fi
		out=$(/usr/bin/time -f "%U %S %e %M" "$nft" "$@" 2>&1 >/dev/null) ||
			exit 1
		echo "$out" | tail -1' _ "$1" "$2" "$3" "$settle" "${@:4}"
}

# The smallest of each column over $repeat runs ("fail" if any failed).
measure_best() {
	local r
	for ((r = 0; r < repeat; r++)); do
		measure "$@" || echo fail
	done | awk '
		$1 == "fail" { bad = 1 }
		NF == 4 && $1 ~ /^[0-9.]+$/ {
			for (i = 1; i <= 4; i++)
				if (!n || $i < m[i]) m[i] = $i
			n++
		}
		END {
			if (bad || !n) print "fail"
			else printf "%s %s %s %s\n", m[1], m[2], m[3], m[4]
		}'
}

row() {
	local name=$1 setup=$2 a b
	shift 2
	[ -n "$only" ] && ! [[ $name =~ $only ]] && return
	a=$(measure_best "$ours" "$ours_env" "$setup" "$@")
	b=$(measure_best "$theirs" "" "$setup" "$@")
	echo "$name $a" >> "$work/results"
	awk -v n="$name" -v a="$a" -v b="$b" 'BEGIN {
		na = split(a, x, " "); nb = split(b, y, " ");
		if (na < 4 || nb < 4) {
			printf "%-22s %s / %s\n", n, (na < 4 ? "ours FAILED" : "ours ok"),
				(nb < 4 ? "system nft FAILED" : "system nft ok")
			exit
		}
		ru = (y[1] > 0) ? sprintf("%.2f", x[1] / y[1]) : "n/a"
		rw = (y[3] > 0) ? sprintf("%.2f", x[3] / y[3]) : "n/a"
		rm = (y[4] > 0) ? sprintf("%.2f", x[4] / y[4]) : "n/a"
		printf "%-22s %6.2f %6.2f %6.2f %7d | %6.2f %6.2f %6.2f %7d | %5s %5s %5s\n",
			n, x[1], x[2], x[3], x[4], y[1], y[2], y[3], y[4], ru, rw, rm }'
}

# The system nft's JSON listing of a ruleset file, for the JSON loads.
# 1.0.6 lists maps before chains, so it cannot load its own listing of a
# map that jumps to a chain: chains are moved before everything else
# but the tables. Its listing of a big hash set can repeat elements (and
# miss others: the kernel resized the table during the dump), which our
# load refuses as a duplicate key: such a listing is taken again.
to_json() {
	local try
	for try in 1 2 3 4 5; do
		unshare -n bash -c '"$1" -f "$2" && "$1" -j list ruleset' _ \
			"$theirs" "$1" | python3 -c '
import json, sys
d = json.load(sys.stdin)["nftables"]
for o in d:
	s = o.get("set") or o.get("map") or {}
	keys = [json.dumps(e[0] if "map" in o else e) for e in s.get("elem", [])]
	if len(keys) != len(set(keys)):
		sys.exit(1)
rank = lambda o: 0 if "metainfo" in o or "table" in o else 1 if "chain" in o else 2
json.dump({"nftables": sorted(d, key=rank)}, sys.stdout)' > "$1.json" && return 0
	done
	return 1
}

gen_set > "$work/set"
gen_interval > "$work/interval"
gen_vmap > "$work/vmap"
gen_concat > "$work/concat"
for f in set interval vmap concat; do
	to_json "$work/$f" || echo "bench: the system nft cannot list $f as JSON"
done

echo "Best of $repeat runs. Columns: user s, system s, wall s, peak KB;"
echo "ours | system nft | ratios ours/system nft of user, wall, memory."
printf '%-22s %6s %6s %6s %7s | %6s %6s %6s %7s | %5s %5s %5s\n' workload \
	usr sys wall KB usr sys wall KB usr wall mem
for f in set interval vmap concat; do
	what="set ip bench s"
	[ "$f" = vmap ] && what="map ip bench m"
	row "$f-load" "" -f "$work/$f"
	row "$f-load-json" "" -j -f "$work/$f.json"
	row "$f-list" "$work/$f" list $what
	row "$f-list-json" "$work/$f" -j list $what
	[ "$f" = set ] && settle=0 row set-list-fresh "$work/$f" list $what
done

# The floor of listing the set: the kernel's dump with nothing done to it.
if [ -z "$only" ] || [[ floor =~ $only ]]; then
	if cc -O2 -o "$work/setdump" "$here/setdump.c" -lmnl 2>"$work/cc.log"; then
		fl=$(for ((r = 0; r < repeat; r++)); do
			unshare -n bash -c '"$1" -f "$2" && sleep '"$settle"' && /usr/bin/time -f "%U %S %e %M" "$3" ip bench s 2>&1 >/dev/null | tail -1' \
				_ "$theirs" "$work/set" "$work/setdump"
		     done | awk 'NF == 4 { t = $1 + $2; if (!n++ || t < m) m = t } END { if (n) printf "%.3f\n", m; else print "fail" }')
		awk -v f="$fl" -v r="$(grep '^set-list ' "$work/results" 2>/dev/null)" 'BEGIN {
			if (f == "fail") { print "\nfloor: setdump failed"; exit }
			printf "\nfloor: dumping the %s set and discarding it: %.3f s (user+system)\n", "200,000-element", f
			if (split(r, x, " ") >= 5 && f > 0)
				printf "our list set: %.3f s = %.2f x the floor\n", x[2] + x[3], (x[2] + x[3]) / f }'
	else
		echo "floor: cannot build setdump (libmnl-dev?): $(head -1 "$work/cc.log")"
	fi
fi
