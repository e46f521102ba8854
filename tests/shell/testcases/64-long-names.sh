#!/bin/bash
# Names longer than the kernel takes (255 bytes) are refused before any
# request is built, with a caret under the name, in text and JSON and in
# every command and object kind. Names of several KiB overflowed the
# 8 KiB buffer the dump requests of "list", "flush", "delete" were built
# in (src/mnl.c); names of 256 to 8,000 bytes were sent and came back as
# "Numerical result out of range" without a caret. The words are upstream
# 1.1.3's: "name too long, 256 characters maximum allowed", "chain name
# too long (N, max 256)" for jump targets, "String exceeds maximum length
# of 256" for "counter name"; a name of exactly 256 bytes, which upstream
# sends, gets the kernel's refusal as upstream prints it.
. "$TESTDIR/lib.sh"

name()
{
	printf 'N%.0s' $(seq "$1")
}

nft -f - <<'NFT' || fail "setup"
table ip t {
	set s { type ipv4_addr; }
	map m { type ipv4_addr : verdict; }
	counter k { }
	chain c {
	}
}
NFT
nft list ruleset > "$TMPD/before" || fail "list"

# Text commands; N is the name.
text_cmds=(
	"add table ip N" "list table ip N" "flush table ip N"
	"delete table ip N" "list counters table ip N"
	"add chain ip t N" "list chain ip t N" "flush chain ip t N"
	"delete chain ip t N" "rename chain ip t N c" "rename chain ip t c N"
	"add chain ip N c"
	"add rule ip t N accept" "insert rule ip N c accept"
	"replace rule ip t N handle 1 accept" "delete rule ip t N handle 1"
	"add set ip t N { type ipv4_addr; }" "list set ip t N"
	"flush set ip t N" "delete set ip t N" "reset set ip t N"
	"add map ip t N { type ipv4_addr : mark; }" "list map ip t N"
	"flush map ip t N" "delete map ip t N"
	"add element ip t N { 1.1.1.1 }" "delete element ip t N { 1.1.1.1 }"
	"get element ip t N { 1.1.1.1 }" "reset element ip t N { 1.1.1.1 }"
	"add counter ip t N" "list counter ip t N" "reset counter ip t N"
	"delete counter ip t N" "add quota ip t N { 10 bytes }"
	"list quota ip t N" "add limit ip t N { rate 1/second }"
	"add ct helper ip t N { type \"ftp\" protocol tcp; }"
	"list ct helper ip t N" "delete ct helper ip t N"
	"add flowtable ip t N { hook ingress priority 0; }"
	"list flowtable ip t N" "delete flowtable ip t N"
	"add rule ip t c ip saddr @N" "add rule ip t c ip saddr != @N"
	"add rule ip t c ip saddr vmap @N" "add rule ip t c meta mark set ip saddr map @N"
	"add rule ip t c add @N { ip saddr }" "add rule ip t c update @N { ip saddr }"
	"add rule ip t c flow add @N" "add rule ip t c jump N"
	"add rule ip t c goto N" "add rule ip t c ip saddr vmap { 1.1.1.1 : jump N }"
	"add element ip t m { 1.1.1.1 : jump N }" "add rule ip t c counter name N"
	"add rule ip t c meter N { ip saddr counter }"
)

# The error upstream words for a name of $1 bytes in command $2.
want_error()
{
	if [ "$1" = 256 ]; then
		echo "Could not process rule: Numerical result out of range"
	elif [[ $2 == *"jump N"* || $2 == *"goto N"* ]]; then
		echo "chain name too long \\($1, max 256\\)"
	elif [[ $2 == *"counter name N"* ]]; then
		echo "String exceeds maximum length of 256"
	else
		echo "name too long, 256 characters maximum allowed"
	fi
}

for len in 256 300 40000; do
	n=$(name "$len")
	for cmd in "${text_cmds[@]}"; do
		line=${cmd//N/$n}
		# shellcheck disable=SC2086
		err=$(nft $line 2>&1)
		rc=$?
		what="$len bytes: ${cmd}"
		[ "$rc" = 1 ] || fail "$what: exit status $rc: $err"
		assert_match "^Error: $(want_error "$len" "$cmd")\$" \
			"$(head -n 1 <<< "$err")" "$what: words"
		word=$n
		[[ $cmd == *@N* ]] && word=@$n
		# the statement, as upstream's caret for it
		[[ $cmd == *"flow add @N" ]] && word="flow add @$n"
		assert_caret_under "$err" "$word" "$what: caret under the name"
	done
done

# In table blocks, from a file.
n=$(name 300)
for block in "chain N { }" "set N { type ipv4_addr; }" \
	"map N { type ipv4_addr : mark; }" "counter N { }" \
	"flowtable N { hook ingress priority 0; }" \
	"chain c { jump N; }" "chain c { ip saddr @N; }"; do
	printf 'table ip t {\n\t%s\n}\n' "${block//N/$n}" > "$TMPD/b.nft"
	err=$(nft -f "$TMPD/b.nft" 2>&1)
	assert_eq "$?" 1 "block '$block': refused"
	assert_match "Error: (name too long|chain name too long)" "$err" \
		"block '$block': words"
	word=$n
	[[ $block == *@N* ]] && word=@$n
	assert_caret_under "$err" "$word" "block '$block': caret under the name"
done
printf 'table ip %s {\n}\n' "$n" > "$TMPD/b.nft"
err=$(nft -f "$TMPD/b.nft" 2>&1)
assert_eq "$?" 1 "table block: refused"
assert_caret_under "$err" "$n" "table block: caret under the name"

# JSON: the path of the name.
json_cmds=(
	'{"list": {"table": {"family": "ip", "name": "N"}}}|list.table.name'
	'{"add": {"table": {"family": "ip", "name": "N"}}}|add.table.name'
	'{"flush": {"table": {"family": "ip", "name": "N"}}}|flush.table.name'
	'{"delete": {"table": {"family": "ip", "name": "N"}}}|delete.table.name'
	'{"list": {"chain": {"family": "ip", "table": "N", "name": "c"}}}|list.chain.table'
	'{"list": {"chain": {"family": "ip", "table": "t", "name": "N"}}}|list.chain.name'
	'{"flush": {"chain": {"family": "ip", "table": "t", "name": "N"}}}|flush.chain.name'
	'{"rename": {"chain": {"family": "ip", "table": "t", "name": "c", "newname": "N"}}}|rename.chain.newname'
	'{"list": {"set": {"family": "ip", "table": "t", "name": "N"}}}|list.set.name'
	'{"flush": {"set": {"family": "ip", "table": "t", "name": "N"}}}|flush.set.name'
	'{"list": {"map": {"family": "ip", "table": "t", "name": "N"}}}|list.map.name'
	'{"add": {"element": {"family": "ip", "table": "t", "name": "N", "elem": ["1.1.1.1"]}}}|add.element.name'
	'{"delete": {"element": {"family": "ip", "table": "t", "name": "N", "elem": ["1.1.1.1"]}}}|delete.element.name'
	'{"list": {"counter": {"family": "ip", "table": "t", "name": "N"}}}|list.counter.name'
	'{"reset": {"counter": {"family": "ip", "table": "t", "name": "N"}}}|reset.counter.name'
	'{"delete": {"counter": {"family": "ip", "table": "t", "name": "N"}}}|delete.counter.name'
	'{"list": {"flowtable": {"family": "ip", "table": "t", "name": "N"}}}|list.flowtable.name'
	'{"add": {"rule": {"family": "ip", "table": "t", "chain": "N", "expr": [{"accept": null}]}}}|add.rule.chain'
	'{"delete": {"rule": {"family": "ip", "table": "t", "chain": "N", "handle": 1}}}|delete.rule.chain'
	'{"add": {"rule": {"family": "ip", "table": "t", "chain": "c", "expr": [{"jump": {"target": "N"}}]}}}|add.rule.expr[0].jump.target'
	'{"add": {"rule": {"family": "ip", "table": "t", "chain": "c", "expr": [{"match": {"op": "==", "left": {"payload": {"protocol": "ip", "field": "saddr"}}, "right": "@N"}}]}}}|add.rule.expr[0].match.right'
)
for len in 300 9000; do
	n=$(name "$len")
	for item in "${json_cmds[@]}"; do
		cmd=${item%|*}
		path=${item##*|}
		err=$(nft -j -f - <<< "{\"nftables\": [${cmd//N/$n}]}" 2>&1)
		rc=$?
		what="JSON $len bytes: $path"
		[ "$rc" = 1 ] || fail "$what: exit status $rc: $err"
		assert_match "^Error: (name too long, 256 characters maximum allowed|chain name too long \\($len, max 256\\))\$" \
			"$(head -n 1 <<< "$err")" "$what: words"
		assert_match "^JSON command #0, at nftables\\[0\\]\\.${path//[/\\[}\$" \
			"$(sed -n 2p <<< "$err")" "$what: path"
	done
done

nft list ruleset > "$TMPD/after" || fail "list"
assert_files_eq "$TMPD/before" "$TMPD/after" "nothing changed"

# 255 bytes is what the kernel takes: loaded and listed.
n=$(name 255)
nft add table ip "$n" && nft add chain ip "$n" "$n" &&
	nft add set ip "$n" "$n" "{ type ipv4_addr; }" &&
	nft add rule ip "$n" "$n" ip saddr @"$n" jump "$n" 2>/dev/null
nft add chain ip "$n" c || fail "255 bytes: chain c"
nft add rule ip "$n" c ip saddr @"$n" jump "$n" ||
	fail "255 bytes: set reference and jump"
assert_match "ip saddr @$n jump $n" "$(nft list table ip "$n")" \
	"255 bytes: listed"

# Where upstream has words, they are its words.
if have_ref; then
	n=$(name 300)
	for cmd in "list table ip N" "add chain ip t N" "list set ip t N" \
		"add rule ip t c jump N" "add rule ip t c counter name N"; do
		line=${cmd//N/$n}
		# shellcheck disable=SC2086
		ours=$(nft $line 2>&1 | head -n 1)
		# shellcheck disable=SC2086
		theirs=$(refnft $line 2>&1 | head -n 1)
		assert_eq "$ours" "$theirs" "'$cmd': upstream's words"
	done
fi
ok "long names"
