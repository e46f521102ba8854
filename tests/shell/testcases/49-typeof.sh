#!/bin/bash
# typeof of every kind the system nft describes in a set's user data:
# payload fields (vlan, ah/esp/comp, integers with their length, raw
# loads), exthdr/TCP/IP options/SCTP chunks, ct, osf, numgen, symhash,
# fib, rt, socket, ipsec, as keys, concatenations and map data. We list
# what we wrote as written, the system nft lists it the same and we list
# what it writes; JSON says the typeof ("type": {"typeof": EXPR}, and
# "map": {"typeof": EXPR} for a map's data) and round-trips; what cannot
# be described is refused with a caret.
. "$TESTDIR/lib.sh"

cat > "$TMPD/ty.nft" <<'NFT'
table inet ty {
	set s_vlan {
		typeof vlan id
		elements = { 1, 4094 }
	}

	set s_vlan2 {
		typeof ether saddr . vlan pcp . vlan dei . vlan type
	}

	set s_ipsec {
		typeof ah spi . esp sequence . comp cpi
	}

	set s_comp {
		typeof comp nexthdr . comp flags . ah nexthdr
	}

	set s_ints {
		typeof ip ttl . ip6 flowlabel . tcp doff
		elements = { 64 . 12345 . 5 }
	}

	set s_dscp {
		typeof ip dscp . ip6 dscp . ip ecn
	}

	set s_ct {
		typeof ct original ip saddr . ct reply proto-dst . ct mark
	}

	set s_osf {
		typeof osf name
		elements = { "Linux" }
	}

	set s_ng {
		typeof numgen inc mod 2 offset 1 . symhash mod 4 offset 2
	}

	set s_opt {
		typeof tcp option maxseg size . tcp option sack1 left . tcp option window count
	}

	set s_ipopt {
		typeof ip option ra value . ip option lsrr ptr . ip option rr addr
	}

	set s_ext {
		typeof frag id . srh tag . rt0 addr[1] . mh type
	}

	set s_ext2 {
		typeof hbh nexthdr . dst hdrlength . rt seg-left
	}

	set s_sctp {
		typeof sctp chunk data tsn . sctp chunk init num-inbound-streams
	}

	set s_l4 {
		typeof meta l4proto . th dport
		elements = { tcp . 22,
			     udp . 53 }
	}

	set s_fib {
		typeof fib daddr oif . rt mtu . rt classid
	}

	set s_sock {
		typeof socket mark . socket transparent . socket wildcard
	}

	set s_xfrm {
		typeof ipsec in reqid . ipsec out spnum 2 ip6 daddr
	}

	set s_raw {
		typeof @th,32,16
		elements = { 0x1234 }
	}

	map s_m1 {
		typeof ip saddr : vlan id
		elements = { 1.2.3.4 : 3 }
	}

	map s_m2 {
		typeof vlan id . ip saddr : tcp option maxseg size
		elements = { 3 . 1.2.3.4 : 1400 }
	}

	map s_m3 {
		typeof ip saddr . tcp dport : verdict
		elements = { 1.2.3.4 . 22 : accept }
	}

	map s_m4 {
		typeof ct original ip daddr : ip daddr . tcp dport
		elements = { 1.2.3.4 : 5.6.7.8 . 80 }
	}

	map s_m5 {
		typeof meta mark : ipsec in reqid
		elements = { 0x00000001 : 7 }
	}
}
NFT

nft -f "$TMPD/ty.nft" || fail "loading typeof sets and maps"
nft list ruleset > "$TMPD/ours"
assert_files_eq "$TMPD/ty.nft" "$TMPD/ours" "typeof sets and maps listed as written"

if have_ref && ! is_system_nft; then
	refnft list ruleset > "$TMPD/sys"
	assert_files_eq "$TMPD/ty.nft" "$TMPD/sys" \
		"the system nft lists our typeof sets and maps alike"
	nft flush ruleset
	refnft -f "$TMPD/ty.nft" || fail "system nft loading the typeof sets"
	nft list ruleset > "$TMPD/ours"
	assert_files_eq "$TMPD/ty.nft" "$TMPD/ours" \
		"we list the system nft's typeof sets and maps"
	# typeofs it writes but cannot list back: we refuse to guess
	refnft add set inet ty v '{ typeof jhash ip saddr mod 2; }'
	out=$(nft list ruleset 2>&1); rc=$?
	assert_eq "$rc" 1 "a set with a jhash typeof is not listed"
	assert_match "it holds set v" "$out" "and named"
	refnft delete set inet ty v
	# 1.1.3 takes a named set's typeof jhash (and crashes listing it):
	# made as it makes it; listing fails loudly
	for n in nft refnft; do
		$n -f - <<-EOF || fail "$n: typeof jhash"
		table ip tj {
			set v { typeof jhash ip saddr mod 2 seed 0xdead . meta mark; }
			set w { typeof symhash mod 10 offset 2; }
		}
		EOF
		python3 "$SRCDIR/tests/lib/nlstate.py" > "$TMPD/$n.tj"
		[ $n = nft ] && { out=$(nft list ruleset 2>&1); rc=$?; }
		$n delete table ip tj
	done
	assert_files_eq "$TMPD/refnft.tj" "$TMPD/nft.tj" \
		"typeof jhash sets as the reference makes them"
	assert_eq "$rc" 1 "a set with a jhash typeof is not listed"
	assert_match "it holds set v" "$out" "and named"
	# "vlan cfi", dei's old name, is a field of its own in a typeof
	# (rules list the bit as dei), as the system nft writes and lists it
	refnft add set inet ty v '{ typeof vlan cfi; }'
	out=$(nft list set inet ty v | grep typeof)
	assert_eq "$out" "		typeof vlan cfi" "the system nft's typeof vlan cfi"
	refnft delete set inet ty v
	nft add set inet ty v '{ typeof vlan cfi . vlan dei; }'
	out=$(refnft list set inet ty v | grep typeof)
	assert_eq "$out" "		typeof vlan cfi . vlan dei" \
		"the system nft lists our typeof vlan cfi"
	nft delete set inet ty v
	# fields numbered otherwise in its user data than in our tables:
	# each side's typeof set leaves the same state
	for n in nft refnft; do
		$n -f - <<-EOF || fail "$n: typeof field numbers"
		table inet tn {
			set a { typeof icmpv6 id . icmpv6 sequence . icmpv6 max-delay; }
			set b { typeof icmpv6 taddr . icmpv6 daddr . icmpv6 mtu; }
			set c { typeof igmp mrt . igmp checksum . igmp group; }
			set d { typeof vlan cfi . vlan dei . vlan id; }
		}
		EOF
		python3 "$SRCDIR/tests/lib/nlstate.py" > "$TMPD/$n.tn"
		$n delete table inet tn
	done
	assert_files_eq "$TMPD/refnft.tn" "$TMPD/nft.tn" \
		"typeof sets of icmpv6, igmp and vlan fields as the reference makes them"
fi

# JSON: {"typeof": EXPR} for "type" as upstream 1.1.3 writes it, and
# for "map" (which 1.1.3 reads, but writes as types)
nft -j list ruleset > "$TMPD/ty.json" || fail "JSON listing"
got=$(jq -c '.nftables[] | select(.set.name == "s_vlan") | .set.type' "$TMPD/ty.json")
assert_eq "$got" '{"typeof":{"payload":{"protocol":"vlan","field":"id"}}}' \
	"JSON of typeof vlan id"
got=$(jq -c '.nftables[] | select(.map.name == "s_m1") | .map | [.type, .map]' "$TMPD/ty.json")
assert_eq "$got" '[{"typeof":{"payload":{"protocol":"ip","field":"saddr"}}},{"typeof":{"payload":{"protocol":"vlan","field":"id"}}}]' \
	"JSON of a typeof map"
got=$(jq -c '.nftables[] | select(.set.name == "s_l4") | .set.type' "$TMPD/ty.json")
assert_eq "$got" '{"typeof":{"concat":[{"meta":{"key":"l4proto"}},{"payload":{"protocol":"th","field":"dport"}}]}}' \
	"JSON of a typeof concatenation"
got=$(jq -c '.nftables[] | select(.map.name == "s_m3") | .map | [.type, .map]' "$TMPD/ty.json")
assert_eq "$got" '[{"typeof":{"concat":[{"payload":{"protocol":"ip","field":"saddr"}},{"payload":{"protocol":"tcp","field":"dport"}}]}},"verdict"]' \
	"JSON of a typeof verdict map: data by \"map\""
if have_ref && ! is_system_nft; then
	# the reference writes a key's typeof as we do
	nft flush ruleset
	refnft -f "$TMPD/ty.nft" || fail "the reference loading the typeof sets"
	refnft -j list ruleset > "$TMPD/sys.json"
	assert_eq "$(jq -c '.nftables[] | select(.set.name == "s_vlan") | .set.type' "$TMPD/sys.json")" \
		'{"typeof":{"payload":{"protocol":"vlan","field":"id"}}}' "the reference's key typeof as ours"
fi
nft flush ruleset
nft -j -f "$TMPD/ty.json" || fail "loading the JSON listing"
nft list ruleset > "$TMPD/ours"
assert_files_eq "$TMPD/ty.nft" "$TMPD/ours" "typeof survives a JSON round trip"

# a typeof map's data is read in its expression's byte order: the
# listing above, the JSON elements, an echo
got=$(jq -c '.nftables[] | select(.map.name == "s_m1") | .map.elem' "$TMPD/ty.json")
assert_eq "$got" '[["1.2.3.4",3]]' "JSON elements of typeof data"
out=$(nft -e add element inet ty s_m1 '{ 5.6.7.8 : 4 }' | head -1)
assert_eq "$out" "add element inet ty s_m1 { 5.6.7.8 : 4 }" "echo of typeof data"

# newer upstream nft's form: "type"/"map": {"typeof": EXPR}
nft flush ruleset
nft -j -f - <<'JSON' || fail "loading upstream's typeof form"
{"nftables": [{"table": {"family": "ip", "name": "u"}},
 {"set": {"family": "ip", "table": "u", "name": "s",
  "type": {"typeof": {"concat": [{"payload": {"protocol": "vlan", "field": "id"}},
			       {"ct": {"key": "mark"}}]}}}},
 {"map": {"family": "ip", "table": "u", "name": "m",
  "type": {"typeof": {"payload": {"protocol": "ip", "field": "saddr"}}},
  "map": {"typeof": {"tcp option": {"name": "maxseg", "field": "size"}}},
  "elem": [["1.2.3.4", 1400]]}}]}
JSON
cat > "$TMPD/u.nft" <<'NFT'
table ip u {
	set s {
		typeof vlan id . ct mark
	}

	map m {
		typeof ip saddr : tcp option maxseg size
		elements = { 1.2.3.4 : 1400 }
	}
}
NFT
nft list ruleset > "$TMPD/ours"
assert_files_eq "$TMPD/u.nft" "$TMPD/ours" "upstream's JSON typeof form read"

out=$(nft -j -f - 2>&1 <<'JSON'
{"nftables": [{"table": {"family": "ip", "name": "u"}},
 {"set": {"family": "ip", "table": "u", "name": "x", "typeof": {"key": {"meta": {"key": "mark"}}, "dta": 1}}}]}
JSON
)
assert_match 'unknown key "dta" in "typeof"' "$out" "a misspelt typeof member is an error"

# what the user data cannot carry (the system nft takes these but lists
# them otherwise, or not at all): refused where it is written. 1.1.3's
# jhash, osf and socket cgroupv2 descriptions are taken, as it writes
# them: what they lose is not the key's type (tests/py/typeof.t)
for k in "rt0 addr[2]"; do
	out=$(nft add set ip u r "{ typeof $k; }" 2>&1)
	assert_match "typeof of this expression is not supported" "$out" "typeof $k refused"
	assert_match '\^\^\^' "$out" "with a caret"
done
# a ct address without its family has no type there, as 1.1.3 says
out=$(nft add set ip u r "{ typeof ct saddr; }" 2>&1)
assert_match "unqualified type invalid specified in set definition" "$out" \
	"typeof ct saddr refused"

# a header's presence is described as its first field, as 1.1.3 writes
# it, and listed as that field, as 1.1.3 lists it (the same bytes)
nft add table ip6 u6
nft add set ip6 u6 r '{ typeof exthdr frag; }' || fail "typeof exthdr frag"
assert_match "typeof frag nexthdr" "$(nft list set ip6 u6 r)" \
	"typeof exthdr frag: listed as its first field"
if have_ref; then
	assert_match "typeof frag nexthdr" "$(refnft list set ip6 u6 r)" \
		"typeof exthdr frag: as the reference lists it"
fi
nft delete table ip6 u6

# a raw TCP option that covers a named field is that field to 1.1.3, in
# its user data and its listing; one that covers none it describes with
# a field number from memory it never set: refused
nft add set ip u raw '{ typeof tcp option @30,8,8 . tcp option @2,16,16; }' ||
	fail "a raw TCP option's typeof"
assert_match "typeof tcp option mptcp length . tcp option maxseg size" \
	"$(nft list set ip u raw)" "listed as the fields it covers"
nft delete set ip u raw
out=$(nft add set ip u r '{ typeof tcp option @2,16,8; }' 2>&1)
assert_match "typeof of this expression is not supported" "$out" \
	"a raw TCP option covering no field refused"

# a masked or shifted key: nft 1.0.6 refuses it too, and nothing we may
# go by says how upstream 1.1 describes it in the user data; the error
# says what to write instead, the caret under the member it is about
out=$(nft add set ip u r '{ typeof ip saddr & 255.255.255.0 . tcp dport; }' 2>&1)
assert_match "typeof of a masked or shifted expression is not supported: declare the set with type 'ipv4_addr'" \
	"$out" "a masked typeof key refused, saying what to declare"
assert_caret_under "$out" "ip saddr & 255.255.255.0" "the caret under the masked member"
out=$(nft add map ip u r '{ typeof ip saddr : meta mark >> 8; }' 2>&1)
assert_match "declare the map's data as 'mark'" "$out" "a shifted typeof data refused"
assert_caret_under "$out" "meta mark >> 8" "the caret under the shifted data"

# a raw load of a port is the port to 1.1.3 ("typeof @th,0,16" is "th
# sport": its type, its description), alone or in a concatenation
nft add set ip u rp '{ typeof @th,0,16 . @th,16,16; elements = { 1 . 2 } }' ||
	fail "a raw port's typeof"
assert_match "typeof th sport . th dport" "$(nft list set ip u rp)" \
	"a raw port listed as the port"
assert_match "elements = \{ 1 . 2 \}" "$(nft list set ip u rp)" \
	"its elements as ports"
if have_ref; then
	assert_eq "$(refnft list set ip u rp)" "$(nft list set ip u rp)" \
		"the reference lists it alike"
fi

# a named map keyed by a raw load lists its keys in hex, as its typeof's
# load, sorted (1.1.3 lists them so)
nft add map ip u rm '{ typeof @ll,0,8 : mark; flags interval; elements = { 74-0x60 : 1, 158 : 2, 0x80 : 3 } }' ||
	fail "a named map keyed by a raw load"
assert_match "0x4a-0x60 : 0x00000001, 0x80 : 0x00000003, 0x9e : 0x00000002" \
	"$(joined "$(nft list map ip u rm)")" "its keys in hex"
if have_ref; then
	assert_eq "$(refnft list map ip u rm)" "$(nft list map ip u rm)" \
		"the reference lists it alike"
fi
