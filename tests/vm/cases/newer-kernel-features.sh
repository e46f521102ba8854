# Features newer than this kernel fail with an error that names the
# feature and the kernel it needs, and change nothing.
set -u
fail() { echo "FAIL: $*"; exit 1; }
major=$(uname -r | cut -d. -f1)
minor=$(uname -r | cut -d. -f2)
older_than() { [ "$major" -lt "$1" ] || { [ "$major" = "$1" ] && [ "$minor" -lt "$2" ]; }; }

$NFT add table ip t || fail "add table"
if older_than 6 3; then
	out=$($NFT destroy table ip nosuch 2>&1)
	rc=$?
	echo "$out"
	[ $rc = 1 ] || fail "destroy: exit code $rc, expected 1"
	echo "$out" | grep -q "6\.3" || fail "destroy: the error does not name Linux 6.3"
fi
if older_than 6 4; then
	$NFT add table netdev n || fail "add netdev table"
	out=$($NFT add chain netdev n c '{ type filter hook ingress priority 0; }' 2>&1)
	rc=$?
	echo "$out"
	[ $rc = 1 ] || fail "device-less chain: exit code $rc, expected 1"
	echo "$out" | grep -qi "device" || fail "device-less chain: the error does not say a device is needed"
fi
[ "$($NFT list tables | sort)" = "$(printf 'table ip t\ntable netdev n' | sort)" ] ||
	[ "$($NFT list tables)" = "table ip t" ] || fail "state changed: $($NFT list tables)"
echo ok
