#!/bin/bash
# The order a chain's or flowtable's devices reach the kernel in: the
# reference sends the devices it adds last written first (the kernel
# keeps and dumps them in that order), those it removes as written.
# Both listings sort the names.
. "$TESTDIR/lib.sh"

have_ref || skip "no reference nft"
for d in xa xb xc xd; do
	ip link add "$d" type veth peer name "p$d" || fail "veth $d"
done

# the kernel's devs lines of the state the command left
devs_state()
{
	"$@" -f "$TMPD/in.nft" || fail "$1: load"
	/usr/bin/python3 "$SRCDIR/tests/lib/nlstate.py" | grep 'devs:'
	"$@" flush ruleset
}

cat > "$TMPD/in.nft" <<'NFT'
table netdev t {
	chain c { type filter hook ingress devices = { xb, xa, xd } priority 0; }
	chain e { type filter hook egress devices = { xd, xc } priority 0; }
}
add chain netdev t c { devices = { xc }; }
delete chain netdev t c { devices = { xd, xa }; }
NFT
ours=$(devs_state nft)
ref=$(devs_state refnft)
assert_eq "$ours" "$ref" "chains: the kernel holds the devices as the reference's load left them"
assert_match 'devs: xd xa xb' "$(printf 'table netdev t { chain c { type filter hook ingress devices = { xb, xa, xd } priority 0; }; }\n' |
	nft -f - && /usr/bin/python3 "$SRCDIR/tests/lib/nlstate.py")" \
	"a chain's devices: last written first"
nft flush ruleset
nft -f "$TMPD/in.nft" || fail "load"
assert_match 'devices = \{ "xb", "xc" \}' "$(nft list chain netdev t c)" \
	"listed sorted"
nft flush ruleset

# the flowtables' messages (the host kernel has none): the batch's bytes
mnl_devs()
{
	"$@" --debug=mnl -c -f "$TMPD/ft.nft" 2>&1 |
		grep -oE '\| 78 6[1-4] 00 00' | tr -d '| ' | tr '\n' ' '
}
cat > "$TMPD/ft.nft" <<'NFT'
add table inet t
add flowtable inet t f { hook ingress priority 0; devices = { xb, xa, xc }; }
add flowtable inet t f { devices = { xd, xa }; }
delete flowtable inet t f { devices = { xc, xa, xb }; }
NFT
ours=$(mnl_devs nft)
assert_match '^78630000 78610000 78620000 78610000 78640000 78630000 78610000 78620000 $' "$ours" \
	"flowtables: added last written first, removed as written"
assert_eq "$ours" "$(mnl_devs "$SRCDIR/tools/ref" nft)" \
	"flowtables: the reference's order"
ok "device order"
