#!/bin/bash
# nftlb's REST API on our library (nftlb calls libnftables itself): a farm
# added by PUT /farms makes the same ruleset as with Debian's library
# (compared through the reference's listing), a backend added and the
# farm deleted again by the API. nftlb writes "dnat ip addr . port to
# ..." (1.0's spelling of a nat map giving both).
. "$TESTDIR/lib.sh"

command -v nftlb >/dev/null || skip "no nftlb (tools/deps clients)"
[ -n "${LIBNFTABLES:-}" ] || skip "LIBNFTABLES not set"
have_ref || skip "needs the reference to list both rulesets"
libdir=$(dirname "$LIBNFTABLES")
preload=$(asan_preload "$LIBNFTABLES")

cat > "$TMPD/farm.json" <<'JSON'
{"farms": [{"name": "lb01", "family": "ipv4", "virtual-addr": "10.0.0.241", "virtual-ports": "80", "mode": "snat", "protocol": "tcp", "scheduler": "rr", "state": "up", "backends": [{"name": "bck0", "ip-addr": "192.168.0.10", "port": "80", "weight": "1", "state": "up"}, {"name": "bck1", "ip-addr": "192.168.0.11", "port": "80", "weight": "1", "state": "up"}]}]}
JSON
cat > "$TMPD/backend.json" <<'JSON'
{"farms": [{"name": "lb01", "backends": [{"name": "bck2", "ip-addr": "192.168.0.12", "port": "80", "weight": "1", "state": "up"}]}]}
JSON
cat > "$TMPD/api.py" <<'PY'
import sys, urllib.request
method, path = sys.argv[1], sys.argv[2]
data = open(sys.argv[3], "rb").read() if len(sys.argv) > 3 else None
req = urllib.request.Request("http://127.0.0.1:5555" + path, data=data,
                             method=method, headers={"Key": "secret"})
out = urllib.request.urlopen(req, timeout=10).read().decode()
assert "error" not in out.lower(), out
PY

# run_nftlb OUT LIBDIR PRELOAD: the farm, a backend, the farm deleted;
# the ruleset after each step into OUT.1, OUT.2, OUT.3
run_nftlb()
{
	unshare -n bash -s "$@" <<'SH'
out=$1 libdir=$2 preload=$3 ref=$4 tmp=$5
ip link set lo up
LD_LIBRARY_PATH=$libdir LD_PRELOAD=$preload ASAN_OPTIONS=detect_leaks=0 \
	nftlb -k secret -H 127.0.0.1 -P 5555 > "$out.log" 2>&1 &
pid=$!
for i in $(seq 50); do
	/usr/bin/python3 -c 'import socket; socket.create_connection(("127.0.0.1", 5555), 1)' \
		2>/dev/null && break
	sleep 0.1
done
[ -z "$libdir" ] || grep -q "$libdir/libnftables.so" "/proc/$pid/maps" ||
	{ echo "nftlb did not load $libdir"; kill $pid; exit 1; }
/usr/bin/python3 "$tmp/api.py" PUT /farms "$tmp/farm.json" &&
	"$ref" nft list ruleset > "$out.1" &&
/usr/bin/python3 "$tmp/api.py" PUT /farms "$tmp/backend.json" &&
	"$ref" nft list ruleset > "$out.2" &&
/usr/bin/python3 "$tmp/api.py" DELETE /farms/lb01 &&
	"$ref" nft list ruleset > "$out.3"
rc=$?
kill $pid
exit $rc
SH
}
run_nftlb "$TMPD/sys" "" "" "$SRCDIR/tools/ref" "$TMPD" ||
	fail "nftlb on Debian's library"
run_nftlb "$TMPD/ours" "$libdir" "$preload" "$SRCDIR/tools/ref" "$TMPD" ||
	fail "nftlb on our library: $(cat "$TMPD/ours.log")"
assert_match "dnat ip to ct mark map" "$(cat "$TMPD/ours.1")" "the farm's nat map"
for i in 1 2 3; do
	assert_files_eq "$TMPD/sys.$i" "$TMPD/ours.$i" \
		"step $i: the ruleset nftlb makes on Debian's library"
done
