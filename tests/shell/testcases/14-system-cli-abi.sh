#!/bin/bash
# ABI drop-in: the system's own nft binary (linked against
# libnftables.so.1) runs unchanged on our library. Load a ruleset with it,
# through our .so, and list it with our nft: the same ruleset, and the
# version it reports is ours.
. "$TESTDIR/lib.sh"

LIB=${LIBNFTABLES:-}
[ -n "$LIB" ] && [ -f "$LIB" ] || skip "LIBNFTABLES not set or missing"
[ -x "$SYSNFT" ] || skip "no system nft"
is_system_nft && skip "NFT is the system nft itself"

# sysnft_on_ours ARGS...: /usr/sbin/nft with our library in its place.
sysnft_on_ours()
{
	local preload=
	if ldd "$LIB" | grep -q libasan; then
		preload=$(gcc -print-file-name=libasan.so)
		ldd "$LIB" | grep -q libubsan &&
			preload="$preload $(gcc -print-file-name=libubsan.so)"
	fi
	LD_PRELOAD=$preload ASAN_OPTIONS=detect_leaks=0 \
		LD_LIBRARY_PATH=$(dirname "$LIB") /usr/sbin/nft "$@"
}

# The system nft's main() prints its own version string, but the JSON
# metainfo comes from the library: proof that ours is the one loaded.
v=$(sysnft_on_ours -j list ruleset) || fail "system nft on our library: list"
assert_match '"version": "1\.1\.[0-9]+", "release_name": "Clean Slate' "$v" \
	"the system nft runs on our library"

veths 1
cat > "$TMPD/rs.nft" <<'NFT'
table netdev t {
	chain eg {
		type filter hook egress device "v0" priority filter; policy accept;
		ip daddr 4.3.2.1 counter drop
	}
}
table inet f {
	chain c {
		type filter hook input priority filter + 10; policy drop;
		tcp dport 22 accept comment "ssh"
		iifname "v0" ip saddr 10.0.0.0/8 counter jump r
	}

	chain r {
		udp sport != 1-1024 return
	}
}
NFT
sysnft_on_ours -f "$TMPD/rs.nft" || fail "system nft on our library: load"
ok "system nft on our library: load"
nft list ruleset > "$TMPD/got" || fail "list"
nft -f "$TMPD/rs.nft" -c || fail "our nft: check"
sed -e 's/counter drop/counter packets 0 bytes 0 drop/' \
    -e 's/counter jump/counter packets 0 bytes 0 jump/' "$TMPD/rs.nft" > "$TMPD/want"
assert_files_eq "$TMPD/want" "$TMPD/got" "listing of what the system nft loaded through our library"

out=$(sysnft_on_ours add rule ip nosuch c accept 2>&1)
assert_eq "$?" 1 "system nft on our library: error exit status"
assert_match "No such file or directory" "$out" "system nft on our library: our error message"
