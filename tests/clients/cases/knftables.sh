#!/bin/bash
# What Kubernetes' knftables (kube-proxy's nftables mode) runs, replayed:
# `nft --version`, a transaction checked (`--check -f -`) then loaded
# (`-f -`) on stdin, its JSON listings, and errors classified by the
# first line of stderr ("No such file or directory", "File exists").
# Each listing is compared with the reference's on the same state.
. "$TESTDIR/lib.sh"

assert_match '^nftables v[0-9]+\.[0-9]+\.[0-9]+' "$(nft --version)" \
	"--version: the version knftables parses"

cat > "$TMPD/tx" <<'NFT'
add table ip kube-proxy { comment "rules for kube-proxy" ; }
add chain ip kube-proxy filter-forward { type filter hook forward priority -110 ; }
add chain ip kube-proxy services
add chain ip kube-proxy service-ULMVA6XW-ns1/svc1/tcp/p80
add chain ip kube-proxy endpoint-5OJB2KTY-ns1/svc1/tcp/p80__10.180.0.1/80
add chain ip kube-proxy mark-for-masquerade
add chain ip kube-proxy masquerading { type nat hook postrouting priority srcnat ; }
add chain ip kube-proxy nat-prerouting { type nat hook prerouting priority dstnat ; }
add chain ip kube-proxy nat-output { type nat hook output priority -100 ; }
add set ip kube-proxy cluster-ips { type ipv4_addr ; comment "Active ClusterIPs" ; }
add map ip kube-proxy service-ips { type ipv4_addr . inet_proto . inet_service : verdict ; comment "ClusterIP, ExternalIP and LoadBalancer IP traffic" ; }
add map ip kube-proxy no-endpoint-services { type ipv4_addr . inet_proto . inet_service : verdict ; comment "vmap to drop or reject packets to services with no endpoints" ; }
add counter ip kube-proxy endpoint-5OJB2KTY-ns1/svc1/tcp/p80__10.180.0.1/80
flush chain ip kube-proxy filter-forward
add rule ip kube-proxy filter-forward ct state new ip daddr @cluster-ips reject
flush chain ip kube-proxy nat-prerouting
add rule ip kube-proxy nat-prerouting jump services
add rule ip kube-proxy nat-output jump services
add rule ip kube-proxy filter-forward ip daddr . meta l4proto . th dport vmap @no-endpoint-services
flush chain ip kube-proxy services
add rule ip kube-proxy services ip daddr . meta l4proto . th dport vmap @service-ips
add rule ip kube-proxy mark-for-masquerade mark set mark or 0x4000
add rule ip kube-proxy masquerading mark and 0x4000 == 0 return
add rule ip kube-proxy masquerading mark set mark xor 0x4000
add rule ip kube-proxy masquerading masquerade fully-random
add rule ip kube-proxy service-ULMVA6XW-ns1/svc1/tcp/p80 ip daddr 172.30.0.41 tcp dport 80 ip saddr != 10.0.0.0/8 jump mark-for-masquerade
add rule ip kube-proxy service-ULMVA6XW-ns1/svc1/tcp/p80 numgen random mod 1 vmap { 0 : goto endpoint-5OJB2KTY-ns1/svc1/tcp/p80__10.180.0.1/80 }
add rule ip kube-proxy endpoint-5OJB2KTY-ns1/svc1/tcp/p80__10.180.0.1/80 ip saddr 10.180.0.1 jump mark-for-masquerade
add rule ip kube-proxy endpoint-5OJB2KTY-ns1/svc1/tcp/p80__10.180.0.1/80 counter name endpoint-5OJB2KTY-ns1/svc1/tcp/p80__10.180.0.1/80 meta l4proto tcp dnat to 10.180.0.1:80
add element ip kube-proxy cluster-ips { 172.30.0.41 }
add element ip kube-proxy service-ips { 172.30.0.41 . tcp . 80 : goto service-ULMVA6XW-ns1/svc1/tcp/p80 }
add element ip kube-proxy no-endpoint-services { 172.30.0.42 . tcp . 80 comment "ns2/svc2:p80" : drop }
NFT
nft --check -f - < "$TMPD/tx" || fail "--check -f - of kube-proxy's transaction"
assert_eq "$(nft list tables)" "" "--check: nothing loaded"
nft -f - < "$TMPD/tx" || fail "-f - of kube-proxy's transaction"
# the same again: knftables resends whole transactions
nft -f - < "$TMPD/tx" || fail "-f - of the transaction again"

if have_ref; then
	for l in "--json --terse list table ip kube-proxy" \
		 "--json list table ip kube-proxy" \
		 "--json list chains ip" \
		 "--json list sets table ip kube-proxy" \
		 "--json list maps table ip kube-proxy" \
		 "--json list chain ip kube-proxy services" \
		 "--json list set ip kube-proxy cluster-ips" \
		 "--json list map ip kube-proxy service-ips" \
		 "--json list counters table ip kube-proxy" \
		 "--json list counter ip kube-proxy endpoint-5OJB2KTY-ns1/svc1/tcp/p80__10.180.0.1/80"; do
		# shellcheck disable=SC2086
		"$SRCDIR/tools/ref" nft $l > "$TMPD/ref.json" 2>&1 ||
			fail "the reference: nft $l"
		# shellcheck disable=SC2086
		nft $l > "$TMPD/ours.json" || fail "nft $l"
		/usr/bin/python3 - "$TMPD/ref.json" "$TMPD/ours.json" <<'PY' ||
import json, sys
a, b = (json.load(open(f))["nftables"] for f in sys.argv[1:])
assert "metainfo" in a[0] and "metainfo" in b[0]
assert a[1:] == b[1:], (a[1:], b[1:])
PY
			fail "nft $l: not the reference's"
		ok "nft $l: as the reference"
	done
fi

# errors knftables classifies by stderr's first line
out=$(echo "delete element ip kube-proxy cluster-ips { 1.2.3.4 }" | nft -f - 2>&1) &&
	fail "delete of a missing element"
assert_match "No such file or directory" "$(echo "$out" | head -n 1)" \
	"a missing element: No such file or directory on the first line"
out=$(echo "delete chain ip kube-proxy nosuch" | nft -f - 2>&1) &&
	fail "delete of a missing chain"
assert_match "No such file or directory" "$(echo "$out" | head -n 1)" \
	"a missing chain: No such file or directory on the first line"
out=$(nft --json list table ip nosuch 2>&1) && fail "list of a missing table"
assert_match "No such file or directory" "$(echo "$out" | head -n 1)" \
	"a missing table: No such file or directory on the first line"
out=$(echo "create element ip kube-proxy cluster-ips { 172.30.0.41 }" | nft -f - 2>&1) &&
	fail "create of an element there"
assert_match "File exists" "$(echo "$out" | head -n 1)" \
	"an element there: File exists on the first line"
out=$(echo "create chain ip kube-proxy services" | nft -f - 2>&1) &&
	fail "create of a chain there"
assert_match "File exists" "$(echo "$out" | head -n 1)" \
	"a chain there: File exists on the first line"
# and the cleanup knftables does: flush, delete
echo "flush table ip kube-proxy" | nft -f - || fail "flush table"
echo "delete table ip kube-proxy" | nft -f - || fail "delete table"
assert_eq "$(nft list tables)" "" "the table is gone"
