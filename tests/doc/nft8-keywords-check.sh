#!/bin/bash
# nft(8) documents what nft knows, and libnftables(3) what the library
# exports; the examples nft(8) marks load.
#
#  - every keyword of the scanner's table in src/scanner.l (and every
#    word its rules match literally) is a word of the rendered nft.8;
#  - so is every name the expressions take from their tables: header
#    fields (src/proto.c), meta, ct, rt, socket, fib, ipsec keys,
#    extension headers and their options and fields (src/expr/*.c);
#  - and every data type's name (src/datatype*.c);
#  - every option of src/main.c, short ("-a") and long ("--handle");
#  - every function of src/libnftables.map is a word of libnftables.3;
#  - each example block of nft.8, the lines between
#    '.\" example-begin' and '.\" example-end', loads with "$NFT -c -f"
#    in a network namespace of its own (one nft per block). That needs
#    root and $NFT: without them it is skipped, and said so.
#
# A name that is no word of the language (an internal token) may be
# left out through nft8-keywords.allow: "NAME REASON", one a line.
#
# Words are compared on the page as groff renders it (so fonts, escapes
# and macros that glue words together count as the reader sees them), on
# lines long enough that nothing is hyphenated.
#
# Prints a line per missing item and "N passed, N failed" last.
# Environment: SRCDIR (the source tree), NFT (the nft to run, optional).
set -u
SRCDIR=${SRCDIR:-$(cd "$(dirname "$0")/../.." && pwd)}
HERE=$SRCDIR/tests/doc
ALLOW=$HERE/nft8-keywords.allow
passed=0
failed=0
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT

ok()
{
	passed=$((passed + 1))
}

fail()
{
	echo "FAIL: $*"
	failed=$((failed + 1))
}

# The words of a rendered page, one a line: runs of letters, digits,
# '_' and '-' (so "sack-perm" and "--numeric-time" are one word each).
words()
{
	LC_ALL=C groff -man -Tascii -P-cbou -rLL=5000n -rHY=0 "$1" 2>/dev/null |
		LC_ALL=C tr -c 'A-Za-z0-9_-' '\n' | LC_ALL=C sort -u
}

allowed()
{
	[ -e "$ALLOW" ] && grep -qE "^$1[[:space:]]+[^[:space:]]" "$ALLOW"
}

# check_words WHAT LIST PAGEWORDS: each name of LIST is in PAGEWORDS.
check_words()
{
	local what=$1 name

	while read -r name; do
		[ -n "$name" ] || continue
		if allowed "$name"; then
			ok
		elif grep -qxF -e "$name" "$3"; then
			ok
		else
			fail "$what '$name' is not in $4"
		fi
	done < "$2"
}

words "$SRCDIR/doc/nft.8" > "$TMP/nft8"
words "$SRCDIR/doc/libnftables.3" > "$TMP/lib3"
[ -s "$TMP/nft8" ] || fail "doc/nft.8 renders no words (is groff installed?)"

# The scanner's keywords: its table's rows ({ "word", TOK_... }) and
# the words its rules spell out ("addr" . "port").
{
	sed -nE 's/^[[:space:]]*\{ *"([^"]+)",[[:space:]]*[^}]+\},?$/\1/p' \
		"$SRCDIR/src/scanner.l"
	sed -n '/^%%$/,/^%%$/p' "$SRCDIR/src/scanner.l" |
		grep -oE '^"[a-z][^{}[:space:]]*' | grep -oE '"[a-z][a-z0-9-]*"' |
		tr -d '"'
} | LC_ALL=C sort -u > "$TMP/keywords"
[ "$(wc -l < "$TMP/keywords")" -gt 100 ] ||
	fail "src/scanner.l: its keyword table was not found"
check_words keyword "$TMP/keywords" "$TMP/nft8" nft.8

# The expressions' names, from their tables.
{
	grep -ohE 'HDR_[A-Z]+\("[a-z0-9-]+"|\.(token|name) = "[a-z0-9-]+"' \
		"$SRCDIR/src/proto.c"
	grep -ohE '(META|CT)_KEY\([A-Z0-9_]+, "[a-z0-9-]+"' \
		"$SRCDIR/src/expr/meta.c" "$SRCDIR/src/expr/ct.c"
	grep -ohE '\{ "[a-z0-9-]+"' \
		"$SRCDIR/src/expr/meta.c" "$SRCDIR/src/expr/ct.c" \
		"$SRCDIR/src/expr/exthdr.c" "$SRCDIR/src/expr/rt.c" \
		"$SRCDIR/src/expr/socket.c" "$SRCDIR/src/expr/fib.c" \
		"$SRCDIR/src/expr/xfrm.c" "$SRCDIR/src/expr/inner.c"
	grep -ohE '\<(FU?|ARRAY)\("[a-z0-9-]+"' "$SRCDIR/src/expr/exthdr.c"
} | grep -oE '"[a-z0-9-]+"' | tr -d '"' | LC_ALL=C sort -u |
	grep -vxF -e unknown > "$TMP/exprnames"
[ "$(wc -l < "$TMP/exprnames")" -gt 100 ] ||
	fail "src/proto.c, src/expr/*.c: their name tables were not found"
check_words "expression name" "$TMP/exprnames" "$TMP/nft8" nft.8

# The data types' names ("type ipv4_addr . inet_service"), but the
# invalid type's, which no input names.
grep -ohE '\.name[[:space:]]*=[[:space:]]*"[a-z0-9_]+"' "$SRCDIR"/src/datatype*.c |
	grep -oE '"[a-z0-9_]+"' | tr -d '"' | LC_ALL=C sort -u |
	grep -vxF -e invalid > "$TMP/types"
[ "$(wc -l < "$TMP/types")" -gt 30 ] ||
	fail "src/datatype*.c: the data types were not found"
check_words "data type" "$TMP/types" "$TMP/nft8" nft.8

# The options: the short ones of getopt's string, the long ones of the
# option table.
main=$SRCDIR/src/main.c
short=$(sed -nE 's/^static const char nft_short_options\[\] = "\+?([^"]+)";/\1/p' \
	"$main" | tr -d ':')
[ -n "$short" ] || fail "src/main.c: nft_short_options was not found"
{
	echo "$short" | grep -o . | sed 's/^/-/'
	sed -nE 's/^[[:space:]]*\{ "([a-z-]+)",[[:space:]]*(no|required|optional)_argument.*/--\1/p' \
		"$main"
} > "$TMP/options"
check_words option "$TMP/options" "$TMP/nft8" nft.8

# The library's functions.
sed -nE 's/^[[:space:]]*(nft_[a-z_]+);$/\1/p' "$SRCDIR/src/libnftables.map" \
	> "$TMP/functions"
[ -s "$TMP/functions" ] || fail "src/libnftables.map: no function found"
check_words function "$TMP/functions" "$TMP/lib3" libnftables.3

# An allowlist line that allows nothing any more, or gives no reason,
# is an error too: the list only shrinks.
if [ -e "$ALLOW" ]; then
	cat "$TMP/keywords" "$TMP/exprnames" > "$TMP/names"
	while read -r name reason; do
		case $name in ''|'#'*) continue ;; esac
		if [ -z "$reason" ]; then
			fail "nft8-keywords.allow: '$name' has no reason"
		elif ! grep -qxF -e "$name" "$TMP/names"; then
			fail "nft8-keywords.allow: '$name' is no name of the sources"
		elif grep -qxF -e "$name" "$TMP/nft8"; then
			fail "nft8-keywords.allow: '$name' is in nft.8 after all"
		else
			ok
		fi
	done < "$ALLOW"
fi

# The examples: each marked block into a file of its own, its troff
# escapes undone (only \- \(dq \e \& are used in them; any other is an
# error here, as it would be loaded as written).
awk -v dir="$TMP" '
	/^\.\\" example-begin/ { n++; file = sprintf("%s/example%02d.nft", dir, n);
				 printf "" > file; line[n] = NR;
				 needs[n] = $3 == "needs" ? $4 : "-"; next }
	/^\.\\" example-end/ { file = ""; next }
	file != "" && !/^\./ { print > file }
	END { for (i = 1; i <= n; i++) print i, line[i], needs[i] > (dir "/examples") }
' "$SRCDIR/doc/nft.8"
nexamples=0
[ -e "$TMP/examples" ] && nexamples=$(wc -l < "$TMP/examples")
[ "$nexamples" -gt 0 ] || fail "nft.8 marks no example block"
for f in "$TMP"/example*.nft; do
	[ -e "$f" ] || continue
	sed -i -e 's/\\-/-/g' -e 's/\\(dq/"/g' -e 's/\\e/\\/g' -e 's/\\&//g' "$f"
	if grep -q '\\[^\\]' "$f"; then
		fail "nft.8: an example uses an escape the test does not undo: $(grep -m1 '\\[^\\]' "$f")"
	fi
done

if [ -z "${NFT:-}" ]; then
	echo "skip: loading the $nexamples examples of nft.8 (NFT is not set)"
elif [ "$(id -u)" != 0 ] || ! unshare -n true 2>/dev/null; then
	echo "skip: loading the $nexamples examples of nft.8 (needs root and unshare -n)"
else
	# nft -c -f FILE in a namespace with the devices the examples name
	load()
	{
		unshare -n sh -c '
			ip link add eth0 type veth peer name eth1 &&
			ip link add wg0 type veth peer name wg1 &&
			ip link set eth0 up && ip link set eth1 up &&
			exec "$1" -c -f "$2"' sh "$NFT" "$1" < /dev/null
	}
	# Whether the kernel has what an example "needs": a minimal
	# ruleset of it loads (the modules of some are often left out).
	probe()
	{
		case $1 in
		flowtable) echo 'table inet p { flowtable f { hook ingress priority 0; devices = { "eth0" }; }; }' ;;
		queue) echo 'table inet p { chain c { type filter hook input priority 0; queue num 0; }; }' ;;
		*) return 2 ;;
		esac > "$TMP/probe.nft"
		load "$TMP/probe.nft" > /dev/null 2>&1
	}
	while read -r n line needs; do
		f=$(printf '%s/example%02d.nft' "$TMP" "$n")
		if [ "$needs" != - ]; then
			probe "$needs"
			case $? in
			0) ;;
			2) fail "nft.8:$line: the test knows no probe for \"needs $needs\""
			   continue ;;
			*) echo "skip: nft.8:$line: the example needs $needs, which this kernel lacks"
			   continue ;;
			esac
		fi
		if out=$(load "$f" 2>&1); then
			ok
		else
			fail "nft.8:$line: the example does not load:"
			echo "$out"
		fi
	done < "$TMP/examples"
fi

echo "nft manual (keywords, names, options, functions, examples): $passed passed, $failed failed"
[ "$failed" = 0 ]
