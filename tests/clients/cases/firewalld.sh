#!/bin/bash
# firewalld (Debian's 1.3.3) on our library: its own test suite
# (package firewalld-tests), whose groups start firewalld in network
# namespaces of their own with a private dbus, with LD_LIBRARY_PATH at our
# build, so that firewalld (JSON with echo and handles) and the nft it
# calls both use our library, and PYTHONPATH at py/, so that firewalld
# imports our Python module (python3-nftables' place in our packages)
# instead of Debian's: a sitecustomize notes where every process found
# "nftables", and the case fails unless each found ours.
# FIREWALLD_PYMOD=debian runs it with Debian's module instead. make check runs a few
# groups (zones, rich rules, ipsets); CLIENTS_FULL=1 runs every nftables
# and zone group, about 30 minutes, FIREWALLD_GROUPS="N M" others.
#
# Left out: the groups of the iptables backend (they need ipset and
# iptables-legacy; they fail on Debian's library here too), those that
# check a listing format in which upstream 1.1.3 prints what we print
# (135 and 153: firewalld 1.3.3 expects 1.0.6's `icmpv6 code no-route`
# and `limit rate 2/day` without `burst 5 packets`).
#
# 154 "ipset scale" (firewalld restores a 62,500-entry ipset, 1,000
# one-element JSON commands a batch, with echo) raises its data limit
# from the suite's 100 MB to 300 MB, which a process without
# CAP_SYS_RESOURCE cannot do: it runs from a copy of the suite that sets
# 300 MB from the start.
. "$TESTDIR/lib.sh"

suite=/usr/share/firewalld/testsuite/testsuite
[ -x "$suite" ] || skip "no firewalld test suite (tools/deps clients)"
[ -n "${LIBNFTABLES:-}" ] || skip "LIBNFTABLES not set"
libdir=$(dirname "$LIBNFTABLES")

if [ -n "${FIREWALLD_GROUPS:-}" ]; then
	groups=$FIREWALLD_GROUPS
elif [ -n "${CLIENTS_FULL:-}" ]; then
	groups=$(cd "$TMPD" && "$suite" -k 'nftables,!iptables' \
		-k 'zone,!iptables' -l 2>/dev/null |
		sed -n 's/^ *\([0-9][0-9]*\): .*/\1/p' |
		grep -vxE '135|153' | tr '\n' ' ')
else
	# zone interfaces, ipset with timeout, ipset duplicate entries,
	# firewalld_test.py (its D-Bus API, rules through the backend),
	# ipset scale
	groups="75 109 114 157 154"
fi

# The suite limits firewalld's data segment (ulimit -d), where a
# sanitizer's shadow memory cannot be mapped: a plain build only
# (tools/check passes one as CLIENTS_NFT).
if ldd "$LIBNFTABLES" 2>/dev/null | grep -q libasan; then
	skip "a sanitizer build: set CLIENTS_NFT to a build without sanitizers"
fi

cd "$TMPD" || fail "cd"
pymod=
if [ "${FIREWALLD_PYMOD:-ours}" = ours ]; then
	pymod=$TMPD/pymod
	mkdir -p "$pymod"
	ln -s "$SRCDIR/py/nftables" "$pymod/nftables"
	cat > "$pymod/sitecustomize.py" <<'PYEOF'
import importlib.machinery
import os
import sys


class _NoteNftables:
    # where "import nftables" finds its module, one line per process
    def find_spec(self, name, path=None, target=None):
        if name != "nftables":
            return None
        spec = importlib.machinery.PathFinder.find_spec(name, path)
        with open(os.environ["NFT_PYMOD_LOG"], "a") as f:
            f.write("%s\n" % (spec.origin if spec else "not found"))
        return spec


sys.meta_path.insert(0, _NoteNftables())
PYEOF
	export PYTHONPATH=$pymod NFT_PYMOD_LOG=$TMPD/pymod.log
	: > "$NFT_PYMOD_LOG"
fi
# its Python tests import dbus: Debian's python3 has it
export PYTHON=/usr/bin/python3
# runsuite SUITE GROUPS...: the nft the suite calls is ours, by its real
# binary
runsuite()
{
	local s=$1
	shift
	[ $# -gt 0 ] || return 0
	LD_LIBRARY_PATH=$libdir PATH=$libdir:$PATH "$s" -j2 "$@" \
		>> "$TMPD/suite.out" 2>&1
}
scale=
case " $groups " in
*" 154 "*)
	scale=154
	groups=$(echo " $groups " | sed 's/ 154 / /')
	mkdir -p "$TMPD/scale"
	sed 's/ulimit -d $(expr 1024 .\* 100)/ulimit -d 307200/' \
		"$suite" > "$TMPD/scale/testsuite"
	chmod +x "$TMPD/scale/testsuite"
	grep -q 'ulimit -d $(expr 1024 .\* 100)' "$TMPD/scale/testsuite" &&
		fail "the suite's copy still sets 100 MB"
	;;
esac
# shellcheck disable=SC2086
runsuite "$suite" $groups
rc=$?
# in the copy's own directory: the groups' logs are kept apart
if [ -n "$scale" ]; then
	cd "$TMPD/scale" || fail "cd"
	runsuite "$TMPD/scale/testsuite" $scale || rc=1
	cd "$TMPD" || fail "cd"
fi
tail -n 40 "$TMPD/suite.out"
if [ $rc != 0 ]; then
	for d in "$TMPD"/testsuite.dir/*/ "$TMPD"/scale/testsuite.dir/*/; do
		[ -f "$d/testsuite.log" ] && tail -n 30 "$d/testsuite.log"
		[ -f "$d/firewalld.log" ] && tail -n 20 "$d/firewalld.log"
	done | head -n 200
	fail "firewalld's test suite: $(grep -E '^(ERROR|[0-9]+ tests)' "$TMPD/suite.out" | tail -n 1)"
fi
ok "firewalld's test suite on our library: $(grep -c ' ok$' "$TMPD/suite.out") groups"
if [ -n "$pymod" ]; then
	found=$(sort "$NFT_PYMOD_LOG" | uniq -c)
	echo "where firewalld's processes found nftables:"
	echo "$found"
	[ -s "$NFT_PYMOD_LOG" ] || fail "no process imported nftables"
	grep -qvx "$pymod/nftables/__init__.py" "$NFT_PYMOD_LOG" &&
		fail "a process imported another nftables module"
	ok "firewalld ran on our Python module ($(wc -l < "$NFT_PYMOD_LOG") imports)"
fi
