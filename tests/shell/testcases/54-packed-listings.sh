#!/bin/bash
# Listings of sets and maps whose elements a listing keeps packed (the
# dumped bytes, sorted, each member made while it is printed): every
# kind lists exactly as the system nft lists it, in the system nft's
# order. The kinds and the orders they sort by: ipv6 keys (16 bytes,
# sorted as bytes), marks (host byte order), interface names,
# concatenations (by their bytes read last byte first, 8 bytes and 20),
# intervals (a port range "22-23", not the prefix "22/15"; ipv6; one
# open to the top), ranges of concatenations (in the dump's order),
# verdict maps (chains named by each element), data maps, typeof maps,
# concatenated data; an element with a comment keeps the expression
# path. Then the same through JSON and back; commands that read the
# members after a listing in the same run ("get element", "delete
# element"); and big sets and maps (3,000 marks, 300 chains jumped to)
# against the system nft's listing.
. "$TESTDIR/lib.sh"

cat > "$TMPD/want" <<'NFT'
table ip p {
	set v6 {
		type ipv6_addr
		elements = { ::1,
			     2001:db8::,
			     2001:db8::1,
			     fe80::1,
			     ff02::1 }
	}

	set marks {
		type mark
		elements = { 0x00000001, 0x00000002, 0x00000100, 0x00010000, 0xffffffff }
	}

	set names {
		type ifname
		elements = { "a",
			     "lo",
			     "eth0",
			     "veth1" }
	}

	set c4 {
		type ipv4_addr . inet_service
		elements = { 9.255.255.255 . 1,
			     10.0.0.1 . 22,
			     10.0.0.2 . 80,
			     10.0.0.1 . 443 }
	}

	set c6 {
		type ipv6_addr . inet_service
		elements = { ::1 . 22,
			     2001:db8::2 . 80,
			     2001:db8::1 . 443 }
	}

	set iv {
		type ipv4_addr
		flags interval
		elements = { 0.0.0.0, 10.0.0.0/8,
			     172.16.0.1, 192.168.1.1-192.168.1.7 }
	}

	set ports {
		type inet_service
		flags interval
		elements = { 1-2, 22-23, 80, 8000-8080 }
	}

	set v6iv {
		type ipv6_addr
		flags interval
		elements = { ::1,
			     2001:db8::/64,
			     2001:db8:1::/48,
			     fe80::1-fe80::9,
			     ff00::/8 }
	}

	set high {
		type inet_service
		flags interval
		elements = { 0-10, 65000-65535 }
	}

	set cr {
		type ipv4_addr . inet_service
		flags interval
		elements = { 10.0.0.0/24 . 80-90,
			     10.1.0.1 . 22,
			     192.168.0.1-192.168.0.9 . 1-1024 }
	}

	map vm {
		type ipv4_addr : verdict
		elements = { 10.0.0.1 : accept,
			     10.0.0.2 : jump c1,
			     10.0.0.3 : jump c2,
			     10.0.0.4 : drop,
			     10.0.0.5 : goto c0,
			     10.0.0.6 : jump c1 }
	}

	map dm {
		type ipv4_addr : mark
		elements = { 10.0.0.1 : 0x00000001,
			     10.0.0.2 : 0x00000002 }
	}

	map cm {
		type ipv4_addr . inet_service : verdict
		elements = { 10.0.0.1 . 22 : accept,
			     10.0.0.2 . 80 : drop }
	}

	map tm {
		typeof ip saddr : meta mark
		elements = { 10.0.0.8 : 0x00000008,
			     10.0.0.9 : 0x00000009 }
	}

	map nm {
		type ipv4_addr : ipv4_addr . inet_service
		elements = { 10.0.0.1 : 192.168.0.1 . 80,
			     10.0.0.2 : 192.168.0.2 . 8080 }
	}

	set info {
		type ipv4_addr
		elements = { 10.0.0.1,
			     10.0.0.2 comment "two" }
	}

	set tos {
		typeof ip dscp
		elements = { cs0,
			     cs1,
			     af11 }
	}

	chain c0 {
	}

	chain c1 {
	}

	chain c2 {
	}
}
NFT

# the ruleset as written, elements unsorted

nft -f "$TESTDIR/testcases/files/packed-sets.nft" || fail "loading the sets"
nft list ruleset > "$TMPD/got" || fail "listing the sets"
assert_files_eq "$TMPD/want" "$TMPD/got" "every packed kind lists in order"

if have_ref && ! is_system_nft; then
	refnft list ruleset > "$TMPD/sys" || fail "the system nft's listing"
	assert_files_eq "$TMPD/sys" "$TMPD/got" \
		"the listing is the system nft's"
fi

nft -j list ruleset > "$TMPD/json" || fail "JSON listing"
nft flush ruleset
nft -j -f "$TMPD/json" || fail "loading the JSON listing"
nft list ruleset > "$TMPD/got" || fail "listing after JSON"
assert_files_eq "$TMPD/want" "$TMPD/got" "JSON round trip"

# a listing, then commands reading the members the listing held packed
out=$(nft -f - 2>&1 <<'NFT'
list set ip p c4
get element ip p iv { 10.1.2.3 }
delete element ip p vm { 10.0.0.3 }
list map ip p vm
NFT
) || fail "listing then element commands: $out"
assert_match 'elements = \{ 10\.0\.0\.0/8 \}' "$out" \
	"get element after a listing finds the interval"
assert_match '10\.0\.0\.2 : jump c1,$' "$out" "the listing before"
assert_no_match '10\.0\.0\.3 :' "$(nft list map ip p vm)" \
	"delete element after a listing"

# big: 3,000 marks in a scrambled order, 300 chains jumped to
awk 'BEGIN {
	print "table ip big {"
	for (i = 0; i < 300; i++)
		printf "\tchain c%d {\n\t}\n", i
	print "\tset marks {\n\t\ttype mark\n\t\telements = {"
	for (i = 0; i < 3000; i++)
		printf "\t\t\t0x%08x%s\n", (i * 7919) % 3001 * 65537,
			(i == 2999 ? "" : ",")
	print "\t\t}\n\t}\n\tmap vm {\n\t\ttype ipv4_addr : verdict\n\t\telements = {"
	for (i = 0; i < 3000; i++)
		printf "\t\t\t10.0.%d.%d : jump c%d%s\n", (i * 13) % 3000 / 256,
			(i * 13) % 3000 % 256, i % 300, (i == 2999 ? "" : ",")
	print "\t\t}\n\t}\n}" }' > "$TMPD/big.nft"
nft -f "$TMPD/big.nft" || fail "loading the big set and map"
nft list table ip big > "$TMPD/got" || fail "listing the big table"
assert_eq "$(grep -o '0x[0-9a-f]*' "$TMPD/got" | wc -l)" 3000 \
	"3,000 marks listed"
assert_eq "$(grep -o '0x[0-9a-f]*' "$TMPD/got" | sort -c 2>&1 && echo sorted)" \
	sorted "the marks sorted by value"
assert_eq "$(grep -o ': jump c[0-9]*' "$TMPD/got" | wc -l)" 3000 \
	"3,000 jumps listed"
if have_ref && ! is_system_nft; then
	refnft list table ip big > "$TMPD/sys" || fail "the system nft's big listing"
	assert_files_eq "$TMPD/sys" "$TMPD/got" \
		"the big listing is the system nft's"
	refnft -j list table ip big > "$TMPD/sys.json"
	nft -j list table ip big > "$TMPD/got.json"
	assert_eq "$(python3 -c 'import json, sys
a = [o for o in json.load(open(sys.argv[1]))["nftables"] if "set" in o or "map" in o]
b = [o for o in json.load(open(sys.argv[2]))["nftables"] if "set" in o or "map" in o]
print(a == b)' "$TMPD/sys.json" "$TMPD/got.json")" True \
		"the big JSON listing's sets are the system nft's"
fi
