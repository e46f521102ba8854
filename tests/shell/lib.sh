# Helpers for tests/shell/testcases/*.sh.  Sourced by each test, which
# run.sh starts in a network namespace of its own (unshare -n).
#
# Environment: NFT (nft under test), SRCDIR (source dir), TESTDIR (this dir).
# Tests call nft through the nft() function below, never "$NFT" directly,
# so that sanitizer reports on stderr are caught even when a test redirects
# stderr to a file.

set -u

NFT=${NFT:-/usr/sbin/nft}
SYSNFT=/usr/sbin/nft
TESTDIR=${TESTDIR:-$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)}
SRCDIR=${SRCDIR:-$(cd "$TESTDIR/../.." && pwd)}
export ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=1:abort_on_error=0}
SAN_RE='AddressSanitizer|LeakSanitizer|UndefinedBehaviorSanitizer|runtime error:'

TMPD=$(mktemp -d /tmp/nft-shell.XXXXXX)
NS_PIDS=()
exec 9>&2

lib_cleanup()
{
	local pid
	for pid in "${NS_PIDS[@]}"; do
		kill "$pid" 2>/dev/null
	done
	rm -rf "$TMPD"
}
trap lib_cleanup EXIT

# nft ARGS...: runs $NFT; a sanitizer report fails the test at once.
nft()
{
	local err rc
	err=$(mktemp -p "$TMPD" err.XXXXXX)
	"$NFT" "$@" 2>"$err"
	rc=$?
	if grep -qE "$SAN_RE" "$err"; then
		echo "FAIL: sanitizer report from: nft $*" >&9
		cat "$err" >&9
		exit 1
	fi
	cat "$err" >&2
	rm -f "$err"
	return $rc
}

# refnft ARGS...: the reference, upstream nft 1.1.3 (tools/ref), in this
# network namespace.  Its device lists are printed quoted, as upstream
# prints them since 1.1.4 and as we do (the one deliberate difference in
# listings).
refnft()
{
	local rc
	"$SRCDIR/tools/ref" nft "$@" > "$TMPD/ref.out"
	rc=$?
	quote_devices < "$TMPD/ref.out"
	return $rc
}

# quote_devices: on stdin->stdout, "devices = { v0, v1 }" as 1.1.4 prints
# it ("devices = { "v0", "v1" }").
quote_devices()
{
	perl -pe 's/(devices = \{ )([^}]*)( \})/$1 . join(", ",
		map { \/^"\/ ? $_ : "\"$_\"" } split(\/, \/, $2)) . $3/e'
}

have_ref()
{
	"$SRCDIR/tools/ref" make >/dev/null 2>&1
}

# debnft ARGS...: Debian 12's own nft 1.0.6 (its binary and library): only
# where Debian's programs are the point (the ABI tests run it on ours).
debnft()
{
	env -u LD_LIBRARY_PATH "$SYSNFT" "$@"
}

is_system_nft()
{
	[ "$(readlink -f "$NFT")" = "$(readlink -f "$SYSNFT")" ]
}

have_system_nft()
{
	[ -x "$SYSNFT" ]
}

fail()
{
	echo "FAIL: $*" >&9
	exit 1
}

# skip REASON: exit 77.  As root or in CI (CI set) everything a test
# needs should be there, so a skip is an error there, unless the nft
# under test is the system nft (whose known gaps tests skip) or
# NFT_TEST_ALLOW_SKIP=1.
skip()
{
	if { [ "$(id -u)" = 0 ] || [ -n "${CI:-}" ]; } && ! is_system_nft &&
	   [ "${NFT_TEST_ALLOW_SKIP:-}" != 1 ]; then
		echo "FAIL: would skip as root or in CI: $*" \
			"(NFT_TEST_ALLOW_SKIP=1 allows it)" >&9
		exit 1
	fi
	echo "SKIP: $*" >&9
	exit 77
}

ok()
{
	echo "ok: $*"
}

# assert_eq GOT WANT MESSAGE
assert_eq()
{
	[ "$1" = "$2" ] || fail "$3: expected '$2', got '$1'"
	ok "$3"
}

# assert_match REGEX TEXT MESSAGE  (extended regex, multi-line text)
assert_match()
{
	printf '%s\n' "$2" | grep -qE -- "$1" ||
		fail "$3: no match for /$1/ in: $2"
	ok "$3"
}

# joined TEXT: TEXT on one line, runs of white space one space (a
# listing's elements that 1.1 puts one a line, matched as a list).
joined()
{
	printf '%s\n' "$1" | tr '\n\t' '  ' | tr -s ' '
}

assert_no_match()
{
	! printf '%s\n' "$2" | grep -qE -- "$1" ||
		fail "$3: unexpected match for /$1/ in: $2"
	ok "$3"
}

# assert_rc WANT MESSAGE CMD...: exit status of CMD must be WANT.
assert_rc()
{
	local want=$1 msg=$2 rc
	shift 2
	"$@"
	rc=$?
	[ "$rc" = "$want" ] || fail "$msg: exit status $rc, expected $want"
	ok "$msg"
}

# assert_files_eq WANT GOT MESSAGE: byte-for-byte, diff on failure.
assert_files_eq()
{
	if ! cmp -s "$1" "$2"; then
		diff -u "$1" "$2" >&9
		fail "$3"
	fi
	ok "$3"
}

# normalise_listing: on stdin->stdout, turn the system nft 1.0.6's unquoted
# device lists into the upstream format we follow ("devices = { "v0" }").
# Identity for our nft: tests stay strict there.
normalise_listing()
{
	if is_system_nft; then
		quote_devices
	else
		cat
	fi
}

# list_ruleset FILE: our listing, normalised as above.
list_ruleset()
{
	nft list ruleset > "$TMPD/raw.list" || fail "list ruleset"
	normalise_listing < "$TMPD/raw.list" > "$1"
}

# veth_pair A B: a veth pair, left down: no stray traffic (IPv6 router
# solicitations...) reaches the chains, so counters stay put.  Tests that
# send packets configure their devices themselves.
veth_pair()
{
	ip link add "$1" type veth peer name "$2" || fail "veth $1/$2"
}

# ns_new: start a second network namespace, held by a sleep we own, and set
# NS_PID to its pid (no command substitution: the pid must be remembered
# here so that the exit trap ends it).  Run commands there: in_ns PID CMD...
ns_new()
{
	local mine
	unshare -n sleep 3600 </dev/null >/dev/null 2>&1 &
	NS_PID=$!
	NS_PIDS+=("$NS_PID")
	mine=$(readlink /proc/self/ns/net)
	for _ in $(seq 100); do
		[ "$(readlink "/proc/$NS_PID/ns/net" 2>/dev/null)" != "$mine" ] &&
			return 0
		sleep 0.05
	done
	fail "could not create a second namespace"
}

in_ns()
{
	local pid=$1
	shift
	nsenter -t "$pid" -n -- "$@"
}

# wait_ping ADDR: true once ADDR answers (links take a moment to come up).
wait_ping()
{
	for _ in $(seq 20); do
		ping -c 1 -W 1 "$1" >/dev/null 2>&1 && return 0
		sleep 0.2
	done
	return 1
}

# counter_packets CHAIN_LISTING_LINE_REGEX: packets of the first rule whose
# listing matches, read from "nft list ruleset".
counter_packets()
{
	nft list ruleset | grep -E -- "$1" |
		sed -n 's/.*counter packets \([0-9]*\) bytes.*/\1/p' | head -n 1
}

# has_caret TEXT: true if TEXT has a caret line (only blanks, ^ and ~).
has_caret()
{
	printf '%s\n' "$1" | grep -qE '^[[:space:]~^]*\^[[:space:]~^]*$'
}

# icmp_in_echos [NSPID]: ICMP echo requests the namespace received
# (/proc/net follows the reading process's namespace).
icmp_in_echos()
{
	local cmd=(cat /proc/net/snmp)
	[ -n "${1:-}" ] && cmd=(in_ns "$1" "${cmd[@]}")
	"${cmd[@]}" | awk '$1 == "Icmp:" && !h { for (i = 2; i <= NF; i++)
		if ($i == "InEchos") c = i; h = 1; next }
		$1 == "Icmp:" { print $c }'
}

# veths N: veth pairs v0/v1, v2/v3, ... (N pairs), down.
veths()
{
	local i
	for i in $(seq 0 $(($1 - 1))); do
		veth_pair "v$((2 * i))" "v$((2 * i + 1))"
	done
}

# json_add_dev IN OUT: the system nft 1.0.6 omits "dev" from JSON chains;
# put it back from the text listing, as upstream prints it (after
# "handle"), so its JSON can be checked by the same test.  Identity (a
# copy) for our nft.
json_add_dev()
{
	if ! is_system_nft; then
		cp "$1" "$2"
		return
	fi
	nft list ruleset > "$TMPD/devs.list"
	/usr/bin/python3 - "$1" "$2" "$TMPD/devs.list" <<'PY'
import json, re, sys
devs, fam, tab = {}, None, None
for line in open(sys.argv[3]):
    m = re.match(r"table (\S+) (\S+) \{", line)
    if m:
        fam, tab = m.groups()
    m = re.match(r"\tchain (\S+) \{", line)
    if m:
        chain = m.group(1)
    m = re.search(r'device "?([^" ;]+)"?|devices = \{ ([^}]*) \}', line)
    if m and "hook" in line:
        d = m.group(1) or [x.strip('"') for x in m.group(2).split(", ")]
        devs[(fam, tab, chain)] = d
doc = json.load(open(sys.argv[1]))
for o in doc["nftables"]:
    c = o.get("chain")
    if c and (c["family"], c["table"], c["name"]) in devs:
        new = {}
        for k, v in c.items():
            new[k] = v
            if k == "handle":
                new["dev"] = devs[(c["family"], c["table"], c["name"])]
        o["chain"] = new
json.dump(doc, open(sys.argv[2], "w"))
PY
}

# loads_like_ref FILE: ours loads the ruleset FILE, lists it (kept in
# $TMPD/ours.list) and loads that listing and its JSON back to the same
# listing; the reference's load of FILE leaves the same kernel state and
# lists alike in ours, text and JSON; the reference lists ours alike.
# Leaves our load of FILE in the kernel.
loads_like_ref()
{
	nft flush ruleset
	nft -f "$1" || fail "loading $1"
	nft list ruleset > "$TMPD/ours.list"
	python3 "$SRCDIR/tests/lib/nlstate.py" > "$TMPD/ours.state"
	nft flush ruleset
	nft -f "$TMPD/ours.list" || fail "loading the listing"
	assert_eq "$(nft list ruleset)" "$(cat "$TMPD/ours.list")" "list, load, list"
	nft -j list ruleset > "$TMPD/ours.json"
	nft flush ruleset
	nft -j -f "$TMPD/ours.json" || fail "loading the JSON listing"
	assert_eq "$(nft list ruleset)" "$(cat "$TMPD/ours.list")" "list -j, load, list"
	nft flush ruleset
	if have_ref; then
		refnft -f "$1" || fail "the reference loads it"
		python3 "$SRCDIR/tests/lib/nlstate.py" > "$TMPD/ref.state"
		assert_files_eq "$TMPD/ours.state" "$TMPD/ref.state" "the kernel state"
		assert_eq "$(nft list ruleset)" "$(refnft list ruleset)" "ours lists the reference's load"
		assert_eq "$(nft -j list ruleset | sed 's/"metainfo": {[^}]*}//')" \
			"$(refnft -j list ruleset | sed 's/"metainfo": {[^}]*}//')" "and in JSON"
		nft flush ruleset
		nft -f "$1"
		assert_eq "$(refnft list ruleset)" "$(cat "$TMPD/ours.list")" "the reference lists ours"
	else
		nft -f "$1"
	fi
}

# json_strip_handles IN: JSON on stdin/IN without "handle" keys, one object
# per line, for diffing.
json_strip_handles()
{
	/usr/bin/python3 -c '
import json, sys
def strip(o):
    if isinstance(o, dict):
        return {k: strip(v) for k, v in o.items() if k != "handle"}
    if isinstance(o, list):
        return [strip(v) for v in o]
    return o
for o in json.load(open(sys.argv[1]))["nftables"]:
    print(json.dumps(strip(o)))' "$1"
}

# assert_caret_under TEXT WORD MESSAGE: the first caret line of TEXT marks
# exactly WORD (its first occurrence) in the source line above it.
assert_caret_under()
{
	/usr/bin/python3 - "$1" "$2" <<'PY' || fail "$3: caret not under '$2' in: $1"
import re, sys
text, word = sys.argv[1], sys.argv[2]
lines = text.split("\n")
for i, l in enumerate(lines):
    m = re.fullmatch(r"([\s~]*?)(\^+)~*\s*", l)
    if m and i > 0:
        start, length = len(m.group(1)), len(m.group(2))
        src = lines[i - 1]
        sys.exit(0 if src.find(word) == start and length == len(word) else 1)
sys.exit(1)
PY
	ok "$3"
}

# nft_on_path DIR LOG: DIR/nft runs $NFT, appending each call's arguments
# to LOG; for programs that run "nft" by name (put DIR first in PATH).
nft_on_path()
{
	mkdir -p "$1"
	printf '#!/bin/sh\necho "$*" >> "%s"\nexec "%s" "$@"\n' "$2" "$NFT" \
		> "$1/nft"
	chmod +x "$1/nft"
}

# asan_preload LIB: the sanitizer runtimes a sanitizer build of LIB needs
# first in line in a program built without them (LD_PRELOAD); nothing
# for a plain build.
asan_preload()
{
	local p=
	if ldd "$1" 2>/dev/null | grep -q libasan; then
		p=$(gcc -print-file-name=libasan.so)
		ldd "$1" | grep -q libubsan &&
			p="$p $(gcc -print-file-name=libubsan.so)"
	fi
	echo "$p"
}
