#!/bin/bash
# The manual pages: each renders with groff without a warning, and each
# check in tests/doc/*-check.sh (a script that prints "N passed, N failed"
# last) holds: what the grammar and the JSON parser know is documented.
# Needs nothing but the source tree; make distcheck runs it too.
#
# Environment: SRCDIR (the source tree).
set -u
SRCDIR=${SRCDIR:-$(cd "$(dirname "$0")/../.." && pwd)}
HERE=$SRCDIR/tests/doc
. "$SRCDIR/tests/lib/tally.sh"

for page in "$SRCDIR"/doc/*.[1-8]; do
	warn=$(LC_ALL=C groff -man -ww -z "$page" 2>&1)
	[ -z "$warn" ] || echo "$warn"
	check "$([ -z "$warn" ]; echo $?)" "$(basename "$page") renders without warnings"
done

for t in "$HERE"/*-check.sh; do
	[ -e "$t" ] || continue
	out=$(SRCDIR=$SRCDIR bash "$t" 2>&1)
	rc=$?
	echo "$out"
	set -- $(echo "$out" | tail -n 1 |
		sed -nE 's/^(.*[^0-9])?([0-9]+) passed, ([0-9]+) failed.*/\2 \3/p')
	if [ $# = 2 ]; then
		passed=$((passed + $1))
		failed=$((failed + $2))
		[ "$rc" = 0 ] || [ "$2" != 0 ] || check 1 "$(basename "$t") exits $rc"
	else
		check 1 "$(basename "$t") printed no count"
	fi
done
tally doc
