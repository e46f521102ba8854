# The queue statement on a kernel that has nft_queue (the host's has not,
# so there tests/py/queue.t can only see refusals). For every form nft(8)
# documents, in ip, inet and bridge:
#  - our listing is the canonical text of the table below;
#  - our -j listing, loaded back with -j -f, lists the same and makes the
#    same bytecode;
#  - the bytecode, as the reference (upstream 1.1.3) dumps it
#    (--debug=netlink list), is the same whether our nft or the reference
#    loaded the rules; our nft lists the reference's rules as its own, and
#    the JSON of the rules is the reference's.
# One exception, fanout over a single queue, is explained at the table.
# Also: the forms both nfts refuse before the kernel; netdev, where the
# kernel refuses queue (no reinjection there); "queue to EXPR map"; and
# packets: with nothing listening on queue 0, "queue num 0 bypass" lets a
# ping pass and "queue num 0" drops it, the counter before it counting
# each.
set -u
errors=0
fail() { echo "FAIL: $*"; exit 1; }
bad() { echo "FAIL: $*"; errors=$((errors + 1)); }
T=/tmp/queue
mkdir -p $T

[ -n "${REFNFT:-}" ] || fail "no reference nft in the guest (tools/ref make)"
# The guest's LD_LIBRARY_PATH holds our libnftables.so.1; the reference
# must run with its own, or this compares us with ourselves.
ours_v=$($NFT -j list ruleset | sed -n 's/.*"version": "\([^"]*\)".*/\1/p')
sys_v=$($REFNFT -j list ruleset | sed -n 's/.*"version": "\([^"]*\)".*/\1/p')
[ "$sys_v" = 1.1.3 ] ||
	fail "the reference's library says version '$sys_v' (ours '$ours_v')"
echo "reference nft: libnftables $sys_v"

# input | canonical listing [| the system nft's listing, where it differs]
#
# input | canonical listing [| the reference's listing, where it differs,
# or REFUSED where it refuses the input]
#
# Fanout over one queue (N-N, or a bare "queue fanout", which is queue 0):
# the reference (upstream 1.1.3) lists it as "queue flags fanout to N", in
# JSON {"num": N, "flags": "fanout"}, and refuses that on reload ("fanout
# requires a range to be specified"), as it refuses "queue num 8-8
# fanout"; we list N-N, which loads back to the same bytecode.
cat > $T/forms <<'EOF'
queue|queue to 0
queue num 2|queue to 2
queue num 2-3|queue to 2-3
queue num 4-5 fanout|queue flags fanout to 4-5
queue num 4-5 fanout bypass|queue flags bypass,fanout to 4-5
queue num 4-5 bypass,fanout|queue flags bypass,fanout to 4-5
queue bypass fanout num 4-6|queue flags bypass,fanout to 4-6
queue flags bypass num 1|queue flags bypass to 1
queue flags bypass,fanout num 1-2|queue flags bypass,fanout to 1-2
queue bypass|queue flags bypass to 0
queue num 1 bypass|queue flags bypass to 1
queue bypass num 1|queue flags bypass to 1
queue num 1 num 6|queue to 6
queue num 0x10|queue to 16
queue num 65535|queue to 65535
queue num 7-7|queue to 7
queue num 8-8 fanout|queue flags fanout to 8-8|REFUSED
queue fanout|queue flags fanout to 0-0|queue flags fanout to 0
queue bypass,fanout|queue flags bypass,fanout to 0-0|queue flags bypass,fanout to 0
queue num $q|queue to 3
queue to 3|queue to 3
queue to 2-3|queue to 2-3
queue to $r|queue to 1-2
queue flags bypass to 3|queue flags bypass to 3
queue flags fanout,bypass to 9-10|queue flags bypass,fanout to 9-10
queue flags bypass num $r|queue flags bypass to 1-2
queue to numgen inc mod 4|queue to numgen inc mod 4
queue to numgen random mod 2 offset 5|queue to numgen random mod 2 offset 5
queue to numgen inc mod 4 offset 65532|queue to numgen inc mod 4 offset 65532
queue flags bypass to numgen inc mod 2|queue flags bypass to numgen inc mod 2
queue to symhash mod 2|queue to symhash mod 2
queue to symhash mod 2 offset 3|queue to symhash mod 2 offset 3
queue to jhash ip saddr mod 4 offset 1|queue to jhash ip saddr mod 4 offset 1
queue flags bypass to jhash ip saddr . ip daddr mod 4 seed 0xdead|queue flags bypass to jhash ip saddr . ip daddr mod 4 seed 0xdead
queue to jhash tcp dport mod 2|queue to jhash tcp dport mod 2
EOF
cut -d'|' -f2 $T/forms > $T/expected
# what the reference loads, and lists
grep -v '|REFUSED$' $T/forms > $T/forms.ref
cut -d'|' -f2 $T/forms.ref > $T/expected.ref
awk -F'|' '{ print (NF > 2 ? $3 : $2) }' $T/forms.ref > $T/expected.sys
# the lines where the reference differs, to leave out of the JSON check
differ=$(awk -F'|' 'NF > 2 { printf "%dd;", NR }' $T/forms.ref)

ruleset() # family [forms file]
{
	echo "define q = 3"
	echo "define r = 1-2"
	echo "table $1 t {"
	echo "	chain c {"
	echo "		type filter hook input priority filter; policy accept;"
	cut -d'|' -f1 ${2:-$T/forms} | sed 's/^/\t\t/'
	echo "	}"
	echo "}"
}

rules() # nft family: the rule lines of chain c
{
	$1 list chain $2 t c | sed -n 's/^\t\t//p' | grep -v '^type '
}

bytecode() # family: the reference's dump, without handles
{
	$REFNFT --debug=netlink list chain $1 t c |
		sed -n 's/^\(\(ip\|inet\|bridge\) t c\) [0-9]*$/\1/p; /^  \[/p'
}

json_rules() # nft family: one line per rule, its JSON without the handle
{
	$1 -j list chain $2 t c |
		awk '{ n = split($0, a, /\{"rule": /); for (i = 2; i <= n; i++) print a[i] }' |
		sed 's/"handle": [0-9]*, //; s/}\(]}\)*,* *$//'
}

same() # what, expected file, got file
{
	cmp -s "$2" "$3" && return 0
	bad "$1"
	diff "$2" "$3" | sed 's/^/    /'
	return 1
}

for fam in ip inet bridge; do
	ruleset $fam > $T/$fam.nft
	$NFT flush ruleset
	$NFT -f $T/$fam.nft || { bad "$fam: our nft cannot load the forms"; continue; }
	rules $NFT $fam > $T/ours
	same "$fam: our listing (< expected, > ours)" $T/expected $T/ours
	bytecode $fam > $T/bc.text
	json_rules $NFT $fam > $T/json.ours

	$NFT -j list ruleset > $T/$fam.json
	$NFT flush ruleset
	if $NFT -j -f $T/$fam.json; then
		rules $NFT $fam > $T/ours.json
		same "$fam: listing after -j -f (< expected, > ours)" $T/expected $T/ours.json
		bytecode $fam > $T/bc.json
		same "$fam: bytecode after -j -f (< text load, > JSON load)" $T/bc.text $T/bc.json
	else
		bad "$fam: our nft cannot load its own JSON"
	fi

	# the forms the reference takes, by each
	ruleset $fam $T/forms.ref > $T/$fam.ref.nft
	$NFT flush ruleset
	$NFT -f $T/$fam.ref.nft || { bad "$fam: our nft cannot load the forms"; continue; }
	bytecode $fam > $T/bc.text
	json_rules $NFT $fam > $T/json.ours
	$NFT flush ruleset
	$REFNFT -f $T/$fam.ref.nft || { bad "$fam: the reference cannot load the forms"; continue; }
	bytecode $fam > $T/bc.sys
	same "$fam: bytecode (< the reference's, > ours)" $T/bc.sys $T/bc.text
	rules $REFNFT $fam > $T/sys
	same "$fam: the reference's listing (< expected, > the reference's)" \
		$T/expected.sys $T/sys
	rules $NFT $fam > $T/ours.sys
	same "$fam: our listing of the reference's rules (< expected, > ours)" \
		$T/expected.ref $T/ours.sys
	json_rules $REFNFT $fam | sed "$differ" > $T/json.sys
	sed -i "$differ" $T/json.ours
	same "$fam: JSON of the rules (< the reference's, > ours)" $T/json.sys $T/json.ours
	# the reference's listing of fanout N-N does not load back
	if $REFNFT add rule $fam t c queue flags fanout to 8 2>/dev/null; then
		bad "$fam: the reference now loads 'queue flags fanout to 8'"
	fi
	echo "$fam: $(wc -l < $T/expected) forms checked"
done

# Refused before the kernel (which would take most of them) by both: the
# reference takes "queue" with "num" and bare flags in any order, or
# "queue [flags F] to Q", or "queue flags F num Q", with nothing after them;
# fanout needs a range; a computed number above 65535 would wrap.
$NFT flush ruleset
$NFT add table ip t && $NFT add chain ip t c || fail "ip chain"
while read -r r; do
	out=$($NFT add rule ip t c $r 2>&1) && bad "our nft loaded '$r'"
	case $out in
	*"Could not process rule"*) bad "'$r' reached the kernel: $out" ;;
	*Error:*) ;;
	*) bad "'$r': no error: $out" ;;
	esac
	$REFNFT add rule ip t c $r 2>/dev/null &&
		bad "the reference loaded '$r' (refused in the list)"
done <<'EOF'
queue num 1 fanout
queue num 3-1
queue num 65536
queue counter
queue flags bypass
queue to 3 bypass
queue to 3 flags bypass
queue num 1 to 2
queue to 2 num 1
queue bypass to 3
queue num 1 flags bypass
queue flags bypass flags fanout to 1-2
queue to symhash mod 2 bypass
queue flags fanout to numgen inc mod 4
queue to numgen inc mod 4 offset 65533
queue to symhash mod 65536 offset 1
queue to jhash ip saddr mod 2 offset 65535
queue to numgen inc mod 65537
EOF
[ -z "$(rules $NFT ip)" ] || bad "a refused rule was added: $(rules $NFT ip)"

# netdev: nft_queue refuses the family (EOPNOTSUPP); nothing is added
$NFT flush ruleset
$NFT -f - <<'EOF' || bad "netdev: the chain"
table netdev t {
	chain c {
		type filter hook ingress device "lo" priority filter; policy accept;
	}
}
EOF
for r in "queue" "queue flags bypass to 1-2" "queue to numgen inc mod 2"; do
	out=$($NFT add rule netdev t c $r 2>&1) && bad "netdev: our nft loaded '$r'"
	echo "$out" | grep -q "Operation not supported" ||
		bad "netdev: '$r': our error does not say why: $out"
	$REFNFT add rule netdev t c $r 2>/dev/null &&
		bad "netdev: the reference loaded '$r'"
done
[ -z "$(rules $NFT netdev)" ] || bad "netdev: a refused rule was added"

# "queue to EXPR map { ... }" (nft(8)'s MAP STATEMENT form): the rule the
# reference loads lists the same with ours, and ours loads the same rule
# (listed identically by the reference), in text and from our JSON.
qmap='queue flags bypass to oifname map { "eth0" : 0, "ppp0" : 2 }'
for loader in "$REFNFT" "$NFT"; do
	$NFT flush ruleset
	$loader add table ip t && $loader add chain ip t c || fail "ip chain"
	$loader add rule ip t c "$qmap" || bad "$loader refuses $qmap"
	for lister in "$REFNFT" "$NFT"; do
		got=$($lister list chain ip t c 2>&1 | sed -n 's/^\t\t//p')
		[ "$got" = "$qmap" ] ||
			bad "queue map loaded by $loader, listed by $lister: '$got'"
	done
done
j=$($NFT -j list ruleset) || bad "our nft -j lists the queue map"
$NFT flush ruleset
echo "$j" | $NFT -j -f - || bad "our nft loads its JSON of the queue map"
got=$($REFNFT list chain ip t c 2>&1 | sed -n 's/^\t\t//p')
[ "$got" = "$qmap" ] || bad "queue map from JSON, listed by the reference: '$got'"

# Packets: nothing listens on queue 0 (nfnetlink_queue is loaded)
$NFT flush ruleset
$NFT -f - <<'EOF' || fail "loading the packet ruleset"
table ip q {
	chain out {
		type filter hook output priority filter; policy accept;
		icmp type echo-request counter queue num 0 bypass
	}
}
EOF
ping -c 1 -W 2 127.0.0.1 >/dev/null || bad "queue num 0 bypass: the ping did not pass"
n=$($NFT list chain ip q out | sed -n 's/.*counter packets \([0-9]*\).*/\1/p')
[ "$n" = 1 ] || bad "bypass: counter packets '$n', expected 1"
h=$($NFT -a list chain ip q out | sed -n 's/.*queue.* # handle \([0-9]*\)$/\1/p')
$NFT replace rule ip q out handle "$h" icmp type echo-request counter queue num 0 ||
	fail "replacing the rule"
ping -c 1 -W 1 127.0.0.1 >/dev/null && bad "queue num 0: the ping passed"
n=$($NFT list chain ip q out | sed -n 's/.*counter packets \([0-9]*\).*/\1/p')
[ "$n" = 1 ] || bad "no bypass: counter packets '$n', expected 1"
echo "packets: queue num 0 bypass passes a ping, queue num 0 drops it"
$NFT flush ruleset

[ $errors = 0 ] || exit 1
echo ok
