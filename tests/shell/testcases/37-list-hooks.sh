#!/bin/bash
# "list hooks [FAMILY] [device DEV]". Neither the host kernel nor the VM's
# Debian 6.1 has the nfnetlink hook subsystem (CONFIG_NETFILTER_NETLINK_HOOK
# is off in both), so fakehook.so (LD_PRELOAD) answers the hook requests of
# both our nft and the system nft with the same messages, laid out as
# Linux lays them out; everything else goes to the real kernel. The
# reference (upstream 1.1.3) runs with the same answers.
. "$TESTDIR/lib.sh"

veth_pair v0 v1

# Without the subsystem the kernel refuses every request: like the
# reference, print nothing and succeed.
out=$(nft list hooks 2>&1); rc=$?
assert_eq "$rc:$out" "0:" "no hook subsystem: empty listing"
if have_ref; then
	assert_eq "$(refnft list hooks 2>&1; echo "rc=$?")" "rc=0" \
		"the reference prints nothing either"
fi

CC=${CC:-cc}
command -v "$CC" >/dev/null || skip "no C compiler for fakehook.so"
"$CC" -shared -fPIC -O2 -o "$TMPD/fakehook.so" "$TESTDIR/fakehook.c" -ldl ||
	fail "building fakehook.so"

# FAMILY HOOKNUM DEV PRIORITY FUNCTION MODULE [TABLE CHAINFAMILY CHAIN]
# (ip 2, ip6 10, bridge 7, arp 3, netdev 5, inet 1), in the kernel's order
# (by priority).
cat > "$TMPD/hooks" <<'EOF'
2 0 * -400 ipv4_conntrack_defrag nf_defrag_ipv4
2 0 * -200 ipv4_conntrack_in nf_conntrack
2 0 * -150 nft_do_chain_ipv4 nf_tables t4 2 pre
2 1 * -3 nft_do_chain_inet nf_tables ti 1 in
2 1 * 0 nft_do_chain_ipv4 nf_tables t4 2 in
2 1 * 10 nft_do_chain_ipv4 nf_tables t4 2 in2
2 1 * 2147483647 ipv4_confirm nf_conntrack
2 3 * -2147483648 early_hook -
2 4 * 100 nft_nat_do_chain nf_nat t4 2 post
10 1 * -3 nft_do_chain_inet nf_tables ti 1 in
10 2 * 5 nft_do_chain_ipv6 nf_tables t6 10 fw
7 0 * -300 nft_do_chain_bridge nf_tables tb 7 pre
3 0 * 0 nft_do_chain_arp nf_tables ta 3 in
3 1 * 3 nft_do_chain_arp nf_tables ta 3 out
5 0 v0 -20 nft_do_chain_netdev nf_tables tn 5 ing
5 0 v0 7 nft_do_chain_inet_ingress nf_tables ti 1 ing
5 0 v1 0 nft_do_chain_netdev nf_tables tn 99 odd
EOF

# hooknft NFT SPEC ARGS...: "list hooks ARGS" against SPEC's answers.
hooknft()
{
	local bin=$1 spec=$2
	shift 2
	if [ "$bin" = ref ]; then
		# the reference's nft, preloaded inside its root
		"$SRCDIR/tools/ref" run env FAKEHOOK_FILE="$spec" \
			FAKEHOOK_LOG="$TMPD/log" LD_PRELOAD="$TMPD/fakehook.so" \
			/usr/sbin/nft list hooks "$@" | quote_devices
		return "${PIPESTATUS[0]}"
	fi
	FAKEHOOK_FILE=$spec FAKEHOOK_LOG=$TMPD/log \
	ASAN_OPTIONS=$ASAN_OPTIONS:verify_asan_link_order=0 \
	LD_PRELOAD=$TMPD/fakehook.so "$bin" list hooks "$@"
}

cases=("" ip ip6 inet bridge arp netdev "netdev device v0" "device v0"
       "inet device v0" "ip device v1" "bridge device v0" "netdev device v9" "device v9"
       "arp device v0" "ip device v9")
if have_ref; then
	for spec in "$TMPD/hooks" /dev/null; do
		for c in "${cases[@]}"; do
			# shellcheck disable=SC2086
			hooknft "$NFT" "$spec" $c > "$TMPD/ours" 2>&1
			r1=$?
			# shellcheck disable=SC2086
			hooknft ref "$spec" $c > "$TMPD/sys" 2>&1
			r2=$?
			grep -qE "$SAN_RE" "$TMPD/ours" && fail "sanitizer: $c"
			assert_eq "$r1" "$r2" "list hooks $c: exit status"
			assert_files_eq "$TMPD/sys" "$TMPD/ours" \
				"list hooks $c ($(basename "$spec")): as the reference"
		done
	done
fi

# Exact text for the fixed setup, so the test means something without the
# reference too.
hooknft "$NFT" "$TMPD/hooks" ip > "$TMPD/ours" 2>&1 || fail "list hooks ip"
cat > "$TMPD/want" <<'EOF'
family ip {
	hook prerouting {
		-0000000400 ipv4_conntrack_defrag [nf_defrag_ipv4]
		-0000000200 ipv4_conntrack_in [nf_conntrack]
		-0000000150 chain ip t4 pre [nf_tables]
	}
	hook input {
		-0000000003 chain inet ti in [nf_tables]
		 0000000000 chain ip t4 in [nf_tables]
		+0000000010 chain ip t4 in2 [nf_tables]
		+2147483647 ipv4_confirm [nf_conntrack]
	}
	hook output {
		-2147483648 early_hook
	}
	hook postrouting {
		+0000000100 chain ip t4 post [nf_nat]
	}
}
EOF
assert_files_eq "$TMPD/want" "$TMPD/ours" "list hooks ip: exact text"

# The requests: arp, ip, ip6 and bridge hook by hook, then every device's
# ingress and egress, the highest index first (veth makes the peer
# first); the reference asks the same.
: > "$TMPD/log"
hooknft "$NFT" "$TMPD/hooks" > /dev/null 2>&1 || fail "list hooks"
asked=$(tr '\n' ';' < "$TMPD/log")
assert_eq "$asked" \
	"3 0 -;3 1 -;2 0 -;2 1 -;2 2 -;2 3 -;2 4 -;10 0 -;10 1 -;10 2 -;10 3 -;10 4 -;7 0 -;7 1 -;7 2 -;7 3 -;7 4 -;5 0 v0;5 1 v0;5 0 v1;5 1 v1;5 0 lo;5 1 lo;" \
	"list hooks: arp, ip, ip6, bridge and each device are asked, hook by hook"
if have_ref; then
	: > "$TMPD/log"
	hooknft ref "$TMPD/hooks" > /dev/null 2>&1
	assert_eq "$(tr '\n' ';' < "$TMPD/log")" "$asked" \
		"list hooks: the reference asks the same"
fi

# A device's hooks: ingress, then egress, the device in each head. An
# unknown chain family prints as "unknown".
sed 's/^5 0 v1 .*//' "$TMPD/hooks" > "$TMPD/hooks-eg"
echo "5 1 v0 20 nft_do_chain_netdev nf_tables tn 5 eg" >> "$TMPD/hooks-eg"
echo "5 0 v1 0 nft_do_chain_netdev nf_tables tn 99 odd" >> "$TMPD/hooks-eg"
hooknft "$NFT" "$TMPD/hooks-eg" netdev device v0 > "$TMPD/ours" 2>&1 ||
	fail "list hooks netdev device v0"
cat > "$TMPD/want" <<'EOF'
family netdev {
	hook ingress device v0 {
		-0000000020 chain netdev tn ing [nf_tables]
		+0000000007 chain inet ti ing [nf_tables]
	}
	hook egress device v0 {
		+0000000020 chain netdev tn eg [nf_tables]
	}
}
EOF
assert_files_eq "$TMPD/want" "$TMPD/ours" "netdev device v0: ingress and egress"
hooknft "$NFT" "$TMPD/hooks-eg" netdev > "$TMPD/ours" 2>&1 ||
	fail "list hooks netdev"
cat > "$TMPD/want" <<'EOF'
family netdev {
	hook ingress device v0 {
		-0000000020 chain netdev tn ing [nf_tables]
		+0000000007 chain inet ti ing [nf_tables]
	}
	hook egress device v0 {
		+0000000020 chain netdev tn eg [nf_tables]
	}
	hook ingress device v1 {
		 0000000000 chain unknown tn odd [nf_tables]
	}
}
EOF
assert_files_eq "$TMPD/want" "$TMPD/ours" "netdev: every device with hooks"
hooknft "$NFT" "$TMPD/hooks-eg" arp device v1 > "$TMPD/ours" 2>&1 ||
	fail "list hooks arp device v1"
cat > "$TMPD/want" <<'EOF'
# device keyword (v1) unexpected for this family
family arp {
	hook input device v1 {
		 0000000000 chain arp ta in [nf_tables]
	}
	hook output device v1 {
		+0000000003 chain arp ta out [nf_tables]
	}
}
EOF
assert_files_eq "$TMPD/want" "$TMPD/ours" "arp device v1: noted, in each head"

# A refused request lists nothing, but a netdev device must exist.
echo "5 0 v9 error 19" >> "$TMPD/hooks-eg"
out=$(hooknft "$NFT" "$TMPD/hooks-eg" device v9 2>&1); rc=$?
assert_eq "$rc" 0 "device v9 (no family): no error"
out=$(hooknft "$NFT" "$TMPD/hooks-eg" netdev device v9 2>&1); rc=$?
assert_eq "$rc" 1 "netdev device v9: an error"
assert_match "^Error: Could not process rule: No such device" "$out" \
	"netdev device v9: the kernel's reason"

# Errors: not a family, a device without a name. Upstream prints nothing
# for -j (exit 0), losing the listing; we refuse it with a message.
out=$(nft list hooks foo 2>&1); rc=$?
assert_eq "$rc" 1 "list hooks foo fails"
assert_match "syntax error" "$out" "list hooks foo: syntax error"
out=$(nft list hooks netdev device 2>&1); rc=$?
assert_eq "$rc" 1 "list hooks netdev device fails"
out=$(nft -j list hooks 2>&1); rc=$?
assert_eq "$rc" 1 "-j list hooks fails"
assert_match "JSON output is not supported" "$out" "-j list hooks says why"
# "hooks" is still a name.
nft add table ip hooks && nft add chain ip hooks hooks ||
	fail "a table and chain named hooks"
ok "hooks is a name too"
