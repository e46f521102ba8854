#!/bin/bash
# Set keys that are not plain loads.
# 1. Header fields narrower than a byte as keys: a dscp-marked ping (tos
#    0x20, dscp cs1) matched by a named set, a concatenation with ecn, a
#    named map, and added to a dynamic set by a set statement; a ping
#    with another dscp matches none of them. The rules list as written.
. "$TESTDIR/lib.sh"

ip link set lo up

cat > "$TMPD/dscp.nft" <<'NFT'
table ip t {
	set s {
		type dscp
		elements = { cs1 }
	}

	set c {
		typeof ip dscp . ip ecn
		elements = { cs1 . not-ect }
	}

	set seen {
		typeof ip dscp
		size 65535
		flags dynamic
	}

	map m {
		typeof ip dscp : meta mark
		elements = { cs1 : 0x00000007 }
	}

	chain out {
		type filter hook output priority filter; policy accept;
		icmp type echo-request ip dscp @s counter packets 0 bytes 0
		icmp type echo-request ip dscp . ip ecn @c counter packets 0 bytes 0
		icmp type echo-request meta mark set ip dscp map @m
		icmp type echo-request meta mark 0x00000007 counter packets 0 bytes 0
		icmp type echo-request add @seen { ip dscp }
	}
}
NFT
nft -f "$TMPD/dscp.nft" || fail "loading sub-byte keyed sets"
nft list ruleset > "$TMPD/dscp.list"
# the system nft (1.0.6) lists "(@nh,8,8 & 0xfc) >> 2 map @m"
is_system_nft ||
	assert_files_eq "$TMPD/dscp.nft" "$TMPD/dscp.list" "sub-byte keys list as written"

ping -c 1 -W 1 -Q 0x28 127.0.0.1 >/dev/null || fail "ping af11"
assert_eq "$(counter_packets 'ip dscp @s')" 0 "af11 is not in the set"
assert_eq "$(counter_packets 'ip dscp( >> 2)? \. ip ecn @c')" 0 "nor af11 . not-ect"
assert_eq "$(counter_packets 'meta mark 0x00000007')" 0 "nor in the map"
ping -c 1 -W 1 -Q 0x20 127.0.0.1 >/dev/null || fail "ping cs1"
assert_eq "$(counter_packets 'ip dscp @s')" 1 "a cs1 ping matches the named set"
assert_eq "$(counter_packets 'ip dscp( >> 2)? \. ip ecn @c')" 1 "and the concatenation"
assert_eq "$(counter_packets 'meta mark 0x00000007')" 1 "and the named map"
out=$(nft list set ip t seen | tr -d '\n\t ')
assert_match 'elements=\{(cs1,af11|af11,cs1)\}' "$out" \
	"the set statement added both dscp values"
