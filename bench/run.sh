#!/bin/bash
# Compare our nft with the reference (upstream 1.1.3, tools/ref's root)
# and the system nft on the same workloads, in the same run, each in a
# fresh network namespace. Prints user and system seconds of each and the
# ratios of user times (ours / reference, ours / system: below 1 is
# better). The reference runs through its root's own loader, without a
# chroot, so that no wrapper is timed.
#
#   bench/run.sh [OUR_NFT] [SYSTEM_NFT]
#
# Environment: REPEAT=N runs every measurement N times (default 3) and
# keeps the smallest user and system times (the least disturbed run);
# ONLY=REGEX runs only the workloads whose name matches.
#
# Workloads (only what this milestone supports; sets and maps come later):
#   rules-N         load one file: a table, a chain and N rules
#   add-rules-N     load one file of N "add rule" commands, one per line
#   chains-N        load one file: N regular chains, each with a jump
#   egress-N        load one file: N netdev tables with an egress chain
#   add-tables-N    load one file of N "add table" lines. Its system time
#                   grows with N squared in both: the kernel finds a table
#                   by walking the namespace's list of tables, once per
#                   new table (nft_table_lookup, ~60% of a perf profile,
#                   nf_tables_commit most of the rest); user time stays
#                   linear
#   list-N          `list ruleset` of the rules-N ruleset
#   list-json-N     `-j list ruleset` of the rules-N ruleset
#   list-a-N        `-a list ruleset` (handles) of the rules-N ruleset
#   list-chain-N    `list chain` of one chain of 2 in a ruleset of N rules
#   list-chains-N   `list ruleset` of the chains-N ruleset (N+1 chains)
#   flush-N         `flush ruleset` of the rules-N ruleset
#   mixed-N         load one file: N rules of what real rulesets are made
#                   of: anonymous sets, ct state, nat, log and limit
#   json-N          load the mixed-N ruleset as JSON (written by our nft);
#                   after the table, ours loading JSON against ours
#                   loading the same ruleset as text: time and memory
#   echo-rules-N    `-e -f` of one table block of N rules (echo: each
#                   echoed message is matched to its command and rule)
#   echo-add-rules-N  `-e -f` of N "add rule" lines
#   anon-set-1M, anon-vmap-1M, anon-map-1M
#                   load one rule matching 1,000,000 addresses in an
#                   anonymous set, or looking them up in an anonymous
#                   verdict map (accept, drop, jump) or map (to a mark);
#                   after the table, the peak memory of each load (ours,
#                   the reference, the system nft)
#   elem-add-1M, elem-delete-1M, elem-get-1M
#                   one `add`, `delete` or `get element` of a set that
#                   holds 1,000,000 elements (fail2ban, sshguard,
#                   dnsmasq and firewalld's ipsets do this all day)
#   rule-add-20000, rule-insert-20000
#                   one `add rule`, or `insert rule ... index 10`, in a
#                   chain of 20,000 rules
#   contention      four writers and two readers at once for 10 s:
#                   commands each nft completed, and how many failed
set -u
ours=${1:-$(dirname "$0")/../src/nft}
theirs=${2:-/usr/sbin/nft}
repeat=${REPEAT:-3}
only=${ONLY:-}
ours_env=
# A libtool build's src/nft is a wrapper script whose shell start-up
# would be timed too: run the real binary with its library instead.
if [ -x "$(dirname "$ours")/.libs/nft" ] && head -c 2 "$ours" | grep -q '#!'; then
	ours_env="LD_LIBRARY_PATH=$(cd "$(dirname "$ours")/.libs" && pwd)"
	ours=$(dirname "$ours")/.libs/nft
fi
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
# The reference: its binary run by its root's loader with its libraries.
refroot=${REF_ROOT:-$(dirname "$0")/../build/ref/root}
refnft=
if [ -f "$refroot/.ref-complete" ]; then
	refroot=$(cd "$refroot" && pwd)
	refnft=$work/ref-nft
	cat > "$refnft" <<EOF
#!/bin/sh
exec "$refroot/lib64/ld-linux-x86-64.so.2" \\
	--library-path "$refroot/lib/x86_64-linux-gnu:$refroot/usr/lib/x86_64-linux-gnu" \\
	"$refroot/usr/sbin/nft" "\$@"
EOF
	chmod +x "$refnft"
fi

[ "$(id -u)" = 0 ] || { echo "bench: needs root (network namespaces)"; exit 1; }
[ -x "$theirs" ] || { echo "bench: no system nft at $theirs"; exit 1; }

gen_add_tables() {
	local n=$1 i
	for ((i = 0; i < n; i++)); do
		printf 'add table ip t%d\n' "$i"
	done
}

# Sets $line to the I-th rule of the rule workloads.
rule_line() {
	local i=$1
	printf -v line 'ip saddr 10.%d.%d.%d tcp dport %d counter accept' \
		$((i >> 16 & 255)) $((i >> 8 & 255)) $((i & 255)) $((i % 65535 + 1))
}

gen_rules() {
	local n=$1 i line
	echo "table ip bench {"
	echo "	chain c {"
	echo "		type filter hook input priority filter; policy accept;"
	for ((i = 0; i < n; i++)); do
		rule_line $i
		printf '\t\t%s\n' "$line"
	done
	echo "	}"
	echo "}"
}

# The same rules as separate commands, half of them in a second chain.
gen_add_rules() {
	local n=$1 i line chains=(c d)
	echo "add table ip bench"
	echo "add chain ip bench c { type filter hook input priority filter; policy accept; }"
	echo "add chain ip bench d"
	for ((i = 0; i < n; i++)); do
		rule_line $i
		printf 'add rule ip bench %s %s\n' "${chains[i & 1]}" "$line"
	done
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

# A filter and a nat chain whose rules mix the common statements.
gen_mixed() {
	local n=$1 i
	echo "table inet bench {"
	echo "	chain c {"
	echo "		type filter hook input priority filter; policy accept;"
	for ((i = 0; i < n / 2; i++)); do
		case $((i % 4)) in
		0) printf '\t\tct state established,related accept\n' ;;
		1) printf '\t\tip saddr { 10.%d.%d.0/24, 10.%d.%d.1 } tcp dport { 22, 80, %d } counter accept\n' \
			$((i >> 8 & 255)) $((i & 255)) $((i >> 8 & 255)) $((i & 255)) $((i % 60000 + 1024)) ;;
		2) printf '\t\tip daddr 10.%d.%d.%d limit rate 10/second log prefix "r%d " drop\n' \
			$((i >> 16 & 255)) $((i >> 8 & 255)) $((i & 255)) "$i" ;;
		3) printf '\t\tiifname "eth%d" meta l4proto { tcp, udp } th dport %d counter\n' \
			$((i % 100)) $((i % 65535 + 1)) ;;
		esac
	done
	echo "	}"
	echo "	chain n {"
	echo "		type nat hook prerouting priority dstnat; policy accept;"
	for ((i = 0; i < n - n / 2; i++)); do
		printf '\t\tip daddr 192.168.%d.%d tcp dport %d dnat ip to 10.1.%d.%d:%d\n' \
			$((i >> 8 & 255)) $((i & 255)) $((i % 60000 + 1024)) \
			$((i >> 8 & 255)) $((i & 255)) 8080
	done
	echo "	}"
	echo "}"
}

# usage: rss NFT ENV ARGS... -> "user+sys maxrss_kb" of one run
rss() {
	unshare -n bash -c '
		nft=$1 env=$2
		shift 2
		[ -n "$env" ] && export "$env"
		/usr/bin/time -f "%U %S %M" "$nft" "$@" 2>&1 >/dev/null |
			tail -1' _ "$@" | awk '{ printf "%.3f %d\n", $1 + $2, $3 }'
}

# One rule of an anonymous set (KIND set), verdict map (vmap) or map
# (map) of N addresses, 4 a line.
gen_anon() {
	awk -v n="$1" -v kind="$2" 'BEGIN {
		print "table ip bench {\n\tchain c {\n\t}\n\tchain d {\n\t}\n}"
		printf "add rule ip bench c %s {", kind == "set" ? "ip saddr" : \
			kind == "vmap" ? "ip saddr vmap" : "meta mark set ip saddr map"
		for (i = 0; i < n; i++) {
			m = sprintf("10.%d.%d.%d", int(i / 65536) % 256,
				    int(i / 256) % 256, i % 256)
			if (kind == "vmap")
				m = m " : " (i % 3 == 0 ? "accept" : \
					     i % 3 == 1 ? "drop" : "jump d")
			if (kind == "map")
				m = m " : " i
			printf "%s%s%s", (i % 4 ? " " : "\n\t"), m,
				(i == n - 1 ? "\n" : ",")
		}
		print "}" }'
}

gen_egress() {
	local n=$1 i
	for ((i = 0; i < n; i++)); do
		printf 'table netdev e%d {\n\tchain eg {\n\t\ttype filter hook egress device "v0" priority filter; policy accept;\n\t\tip daddr 10.0.%d.%d counter drop\n\t}\n}\n' \
			"$i" $((i >> 8 & 255)) $((i & 255))
	done
}

# usage: measure NFT ENV SETUP_FILE ARGS... -> prints "user sys"
# Loads SETUP_FILE (if not empty) with NFT, then times NFT ARGS.
measure() {
	unshare -n bash -c '
		ip link add v0 type veth peer name v1 2>/dev/null
		nft=$1 env=$2 setup=$3
		shift 3
		[ -n "$env" ] && export "$env"
		if [ -n "$setup" ]; then
			"$nft" -f "$setup" || exit 1
		fi
		TIMEFORMAT="%U %S"
		{ time "$nft" "$@" >/dev/null ; } 2>&1' _ "$@"
}

# Smallest user and smallest system time over $repeat runs.
measure_best() {
	local r
	for ((r = 0; r < repeat; r++)); do
		measure "$@" | tail -1
	done | awk '
		NF == 2 && $1 ~ /^[0-9.]+$/ {
			if (!n++ || $1 < u) u = $1
			if (n == 1 || $2 < s) s = $2
		}
		END { if (n) printf "%s %s\n", u, s; else print "fail fail" }'
}

row() {
	local name=$1 setup=$2 a b c="- -"
	shift 2
	[ -n "$only" ] && ! [[ $name =~ $only ]] && return
	a=$(measure_best "$ours" "$ours_env" "$setup" "$@")
	[ -n "$refnft" ] && c=$(measure_best "$refnft" "" "$setup" "$@")
	b=$(measure_best "$theirs" "" "$setup" "$@")
	awk -v n="$name" -v a="$a" -v b="$b" -v c="$c" '
	function ratio(p, q) {
		if (q ~ /^[0-9.]+$/ && q > 0 && p ~ /^[0-9.]+$/)
			return sprintf("%.2f", p / q)
		return "n/a"
	}
	BEGIN {
		split(a, x, " "); split(b, y, " "); split(c, z, " ");
		printf "%-20s %9s %9s %9s %9s %9s %9s %7s %7s\n", n,
			x[1], x[2], z[1], z[2], y[1], y[2],
			ratio(x[1], z[1]), ratio(x[1], y[1]) }'
}

gen_rules 20000 > "$work/rules"
gen_rules 40000 > "$work/rules-40000"
gen_add_rules 50000 > "$work/add-rules"
gen_chains 2000 > "$work/chains"
gen_chains 10000 > "$work/chains-10000"
gen_egress 200 > "$work/egress"
gen_mixed 20000 > "$work/mixed"
gen_mixed 40000 > "$work/mixed-40000"
gen_add_tables 5000 > "$work/add-tables-5000"
/usr/bin/python3 -c '
print("table ip t {\n\tset s {\n\t\ttype ipv4_addr; size 2000000\n\t\telements = {")
print(",\n".join("10.%d.%d.%d" % (i >> 16, (i >> 8) & 255, i & 255)
                 for i in range(1000000)))
print("\t\t}\n\t}\n}")' > "$work/set-1M"
gen_add_tables 20000 > "$work/add-tables-20000"
for k in set vmap map; do
	gen_anon 1000000 $k > "$work/anon-$k-1M"
done

echo "Seconds, best of $repeat runs; ratios of user times: ours / reference," \
	"ours / system nft."
printf '%-20s %9s %9s %9s %9s %9s %9s %7s %7s\n' workload "ours usr" \
	"ours sys" "ref usr" "ref sys" "nft usr" "nft sys" "/ref" "/nft"
row rules-20000 "" -f "$work/rules"
row add-rules-50000 "" -f "$work/add-rules"
row chains-2000 "" -f "$work/chains"
row chains-10000 "" -f "$work/chains-10000"
row egress-200 "" -f "$work/egress"
row add-tables-5000 "" -f "$work/add-tables-5000"
row add-tables-20000 "" -f "$work/add-tables-20000"
row list-20000 "$work/rules" list ruleset
row list-json-20000 "$work/rules" -j list ruleset
row list-a-20000 "$work/rules" -a list ruleset
row list-chain-50000 "$work/add-rules" list chain ip bench d
row list-chains-10000 "$work/chains-10000" list ruleset
row flush-20000 "$work/rules" flush ruleset
row echo-rules-40000 "" -e -f "$work/rules-40000"
row echo-add-rules-50000 "" -e -f "$work/add-rules"
row mixed-20000 "" -f "$work/mixed"
for k in set vmap map; do
	row anon-$k-1M "" -f "$work/anon-$k-1M"
done
row elem-add-1M "$work/set-1M" add element ip t s '{ 192.168.1.1 }'
row elem-delete-1M "$work/set-1M" delete element ip t s '{ 10.0.0.1 }'
row elem-get-1M "$work/set-1M" get element ip t s '{ 10.1.2.3 }'
row rule-add-20000 "$work/rules" add rule ip bench c counter
row rule-insert-20000 "$work/rules" insert rule ip bench c index 10 counter

# Peak memory of the big anonymous loads (one run each).
if [ -z "$only" ] || [[ anon =~ $only ]]; then
	echo
	echo "Peak memory (KB) of one load: ours, reference, system nft"
	for k in set vmap map; do
		a=$(rss "$ours" "$ours_env" -f "$work/anon-$k-1M")
		c="- -"
		[ -n "$refnft" ] && c=$(rss "$refnft" "" -f "$work/anon-$k-1M")
		b=$(rss "$theirs" "" -f "$work/anon-$k-1M")
		printf '  %-16s %9s %9s %9s\n' "anon-$k-1M" "${a#* }" "${c#* }" \
			"${b#* }"
	done
fi

# Writers under contention: four writers and two readers, 10 s each nft.
contend() {
	unshare -n bash -c '
		nft=$1 env=$2
		[ -n "$env" ] && export "$env"
		printf "table inet w {\n\tset s { type ipv4_addr; flags interval; }\n\tchain c { }\n}\n" |
			"$nft" -f - || exit 1
		end=$((SECONDS + 10))
		w() {
			local n=0 f=0 i=0
			while [ $SECONDS -lt $end ]; do
				i=$((i + 1))
				case $1 in
				add) "$nft" add rule inet w c counter accept ;;
				ins) "$nft" insert rule inet w c index 0 counter ;;
				elem) "$nft" add element inet w s "{ 10.$((i / 250 % 250)).$((i % 250)).0/24 }" ;;
				list) "$nft" list ruleset > /dev/null ;;
				json) "$nft" -j list ruleset > /dev/null ;;
				esac 2>/dev/null || f=$((f + 1))
				n=$((n + 1))
			done
			echo "$n $f"
		}
		{ w add & w ins & w elem & w add & w list & w json & wait; } |
			awk "{ n += \$1; f += \$2 } END { print n \" (\" f \")\" }"' _ "$@"
}
if [ -z "$only" ] || [[ contention =~ $only ]]; then
	echo
	echo "Contention, 10 s: commands completed (failed) by 4 writers and 2 readers"
	printf '  ours %s' "$(contend "$ours" "$ours_env")"
	[ -n "$refnft" ] && printf ', reference %s' "$(contend "$refnft" "")"
	printf ', system nft %s\n' "$(contend "$theirs" "")"
fi

# JSON against text, both ours: the same 40,000 rule ruleset.
if [ -z "$only" ] || [[ json =~ $only ]]; then
	env $ours_env unshare -n bash -c \
		'"$1" -f "$2" && "$1" -j list ruleset > "$3"' _ \
		"$ours" "$work/mixed-40000" "$work/mixed-40000.json"
	if [ -s "$work/mixed-40000.json" ]; then
		t=$(rss "$ours" "$ours_env" -f "$work/mixed-40000")
		j=$(rss "$ours" "$ours_env" -j -f "$work/mixed-40000.json")
		awk -v t="$t" -v j="$j" 'BEGIN {
			split(t, a, " "); split(j, b, " ");
			printf "\nJSON vs text load, 40,000 mixed rules (ours): time %.2fx (%.3f s vs %.3f s), memory %.2fx (%d KB vs %d KB)\n",
				b[1] / a[1], b[1], a[1], b[2] / a[2], b[2], a[2] }'
	else
		echo "json-40000: our nft cannot load or list the mixed ruleset"
	fi
fi
