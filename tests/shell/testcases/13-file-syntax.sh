#!/bin/bash
# Ruleset file syntax: define (values, device lists, priorities, policies),
# $var, include with relative paths, # comments, \ continuation, ';'.
. "$TESTDIR/lib.sh"

veths 2
mkdir -p "$TMPD/sub"
cat > "$TMPD/sub/vars.nft" <<'NFT'
# shared definitions
define lan = 10.0.0.0/8
define port = 22
define devs = { v0, "v2" }
define prio = 10
define pol = "drop"
NFT
cat > "$TMPD/main.nft" <<'NFT'
include "sub/vars.nft"
table netdev t {	# trailing comment
	chain c {
		type filter hook ingress devices = $devs priority $prio; policy $pol;
		ip saddr $lan \
			tcp dport $port \
			counter accept
	}
}
add table ip u; add chain ip u c { type filter hook input priority 0; }; add rule ip u c ip daddr != $lan drop
NFT
nft -I "$TMPD" -f "$TMPD/main.nft" || fail "loading main.nft"
cat > "$TMPD/want" <<'NFT'
table netdev t {
	chain c {
		type filter hook ingress devices = { "v0", "v2" } priority filter + 10; policy drop;
		ip saddr 10.0.0.0/8 tcp dport 22 counter packets 0 bytes 0 accept
	}
}
table ip u {
	chain c {
		type filter hook input priority filter; policy accept;
		ip daddr != 10.0.0.0/8 drop
	}
}
NFT
list_ruleset "$TMPD/got"
assert_files_eq "$TMPD/want" "$TMPD/got" "definitions, include, continuation, ';'"

# An include relative to the including file's directory, from elsewhere.
nft flush ruleset
(cd / && nft -f "$TMPD/main.nft") 2>/dev/null && ok "relative include from the file's dir" ||
	echo "note: include resolved only through -I (as the system nft does)"

# A single device through a define.
nft flush ruleset
nft -f - <<'NFT' || fail "single device define"
define d = v0
table netdev s {
	chain c {
		type filter hook egress device $d priority 0;
	}
}
NFT
assert_match '^		type filter hook egress device "v0" priority filter; policy accept;$' \
	"$(nft list ruleset)" "device from a define"

# Undefined and redefined variables are errors.
assert_rc 1 "undefined variable" nft add rule netdev s c ip saddr '$nosuch' 2>/dev/null
printf 'define a = 1\ndefine a = 2\n' > "$TMPD/redef.nft"
err=$(nft -f "$TMPD/redef.nft" 2>&1)
assert_eq "$?" 1 "redefined variable"
has_caret "$err" || fail "redefinition: no caret in $err"
ok "redefinition error has a caret"

# A comma may open a line in set, map and define blocks, and one may
# follow the last member, as the system nft takes them (not in device
# lists, which it refuses there too).
nft flush ruleset
cat > "$TMPD/commas.nft" <<'NFT'
define ports = { 22
	, 80,
}
table ip c {
	set s {
		type ipv4_addr
		elements = { 10.0.0.1
			, 10.0.0.2
			,
		}
	}
	map m {
		type ipv4_addr : mark
		elements = { 10.0.0.1 : 1
			, 10.0.0.2 : 2 }
	}
	chain k {
		tcp dport $ports ip saddr { 10.1.0.1
			, 10.1.0.2 } meta mark set ip daddr map { 10.2.0.1 : 3
			, 10.2.0.2 : 4 } accept
	}
}
NFT
cat > "$TMPD/want" <<'NFT'
table ip c {
	set s {
		type ipv4_addr
		elements = { 10.0.0.1, 10.0.0.2 }
	}

	map m {
		type ipv4_addr : mark
		elements = { 10.0.0.1 : 0x00000001,
			     10.0.0.2 : 0x00000002 }
	}

	chain k {
		tcp dport { 22, 80 } ip saddr { 10.1.0.1, 10.1.0.2 } meta mark set ip daddr map { 10.2.0.1 : 0x00000003, 10.2.0.2 : 0x00000004 } accept
	}
}
NFT
nft -f "$TMPD/commas.nft" || fail "commas opening lines"
list_ruleset "$TMPD/got"
assert_files_eq "$TMPD/want" "$TMPD/got" "commas opening lines and trailing ones"
if have_ref; then
	nft flush ruleset
	refnft -f "$TMPD/commas.nft" || fail "the system nft refuses commas.nft"
	list_ruleset "$TMPD/got"
	assert_files_eq "$TMPD/want" "$TMPD/got" "the system nft reads commas.nft alike"
fi
printf 'table netdev d { chain c { type filter hook ingress devices = { "v0"\n, "v2" } priority 0; }; }\n' > "$TMPD/devcomma.nft"
assert_rc 1 "a comma opening a line of a device list" nft -f "$TMPD/devcomma.nft" 2>/dev/null

# a variable holding a set of flags is a set where a value goes ("ct
# state $v": a lookup), not one value of the flags folded (1.1.3)
cat > "$TMPD/flagset.nft" <<'NFT'
define v = { established, new }
define w = { 0x12, 0xa4 }
table ip f {
	chain c {
		ct state $v accept
		ct state { $v, related } tcp flags $w
	}
}
NFT
nft --debug=netlink -f "$TMPD/flagset.nft" > "$TMPD/flagset.ours" ||
	fail "a variable holding flags"
assert_match 'ct state \{ established, new \} accept' "$(nft list table ip f)" \
	"a variable holding flags: a set"
if have_ref; then
	nft flush ruleset
	refnft --debug=netlink -f "$TMPD/flagset.nft" > "$TMPD/flagset.ref" ||
		fail "the reference: a variable holding flags"
	assert_files_eq "$TMPD/flagset.ref" "$TMPD/flagset.ours" \
		"a variable holding flags: the reference's bytecode"
fi
