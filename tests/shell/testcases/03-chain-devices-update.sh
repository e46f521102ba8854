#!/bin/bash
# Devices are added to and removed from an existing netdev chain with
# "add chain netdev t c { devices = { d }; }" and the matching delete.
. "$TESTDIR/lib.sh"

veth_pair v0 v1
veth_pair v2 v3
veth_pair v4 v5
nft -f - <<'NFT' || fail "loading the ruleset"
table netdev t {
	chain c {
		type filter hook ingress device "v0" priority filter;
		counter
	}
}
NFT
hook='type filter hook ingress'
tail='priority filter; policy accept;'
listed()
{
	nft list chain netdev t c | normalise_listing | sed -n 3p | sed 's/^\t*//'
}
assert_eq "$(listed)" "$hook device \"v0\" $tail" "single device"

if is_system_nft; then
	# 1.0.6 has neither the short form nor "delete chain ... { }": check
	# the kernel side with the long form so the rest of the test is sound.
	nft add chain netdev t c "{ $hook devices = { v2 } priority filter; }" ||
		fail "add device (long form)"
	assert_eq "$(listed)" "$hook devices = { \"v0\", \"v2\" } $tail" \
		"device added (long form, system nft)"
	skip "system nft 1.0.6 lacks 'add/delete chain ... { devices = ...; }'"
fi

nft add chain netdev t c '{ devices = { v2 }; }' || fail "add device v2"
assert_eq "$(listed)" "$hook devices = { \"v0\", \"v2\" } $tail" "device v2 added"
assert_match 'counter packets' "$(nft list chain netdev t c)" "rules kept"

nft add chain netdev t c '{ devices = { "v4" }; }' || fail "add device v4"
assert_eq "$(listed)" "$hook devices = { \"v0\", \"v2\", \"v4\" } $tail" \
	"device v4 added"

nft delete chain netdev t c '{ devices = { v2 }; }' || fail "delete device v2"
assert_eq "$(listed)" "$hook devices = { \"v0\", \"v4\" } $tail" "device v2 removed"

nft delete chain netdev t c '{ devices = { v4 }; }' || fail "delete device v4"
assert_eq "$(listed)" "$hook device \"v0\" $tail" "back to a single device"
assert_match 'counter packets' "$(nft list chain netdev t c)" "rules still there"

# Deleting a device the chain does not have fails and changes nothing.
before=$(nft list ruleset)
assert_rc 1 "delete absent device" nft delete chain netdev t c '{ devices = { v2 }; }'
assert_eq "$(nft list ruleset)" "$before" "ruleset unchanged"

# Same through a define, several at once.
nft -f - <<'NFT' || fail "add two devices through a define"
define more = { v2, v4 }
add chain netdev t c { devices = $more; }
NFT
assert_eq "$(listed)" "$hook devices = { \"v0\", \"v2\", \"v4\" } $tail" \
	"devices added from a define"
