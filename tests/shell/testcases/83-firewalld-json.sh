#!/bin/bash
# What firewalld sends through libnftables, as upstream takes it: a set's
# "timeout" and "size" as strings (its ipsets' XML values) are ignored,
# not refused (refusing stops firewalld at start); thousands of
# one-element commands into an interval set in one batch, echoed with
# handles, element by element.
. "$TESTDIR/lib.sh"

cat > "$TMPD/set.json" <<'JSON'
{"nftables": [{"add": {"table": {"family": "inet", "name": "firewalld"}}}, {"add": {"set": {"family": "inet", "table": "firewalld", "name": "ips", "type": "ipv4_addr", "flags": ["interval"], "timeout": "60", "size": "65536", "gc-interval": "5"}}}]}
JSON
nft -j -f "$TMPD/set.json" || fail "a set with string timeout and size"
assert_eq "$(nft list set inet firewalld ips)" "table inet firewalld {
	set ips {
		type ipv4_addr
		flags interval
	}
}" "string timeout, size and gc-interval: ignored"
if have_ref; then
	unshare -n sh -c '"$1" nft -j -f "$2" && "$1" nft list set inet firewalld ips' sh \
		"$SRCDIR/tools/ref" "$TMPD/set.json" > "$TMPD/ref" ||
		fail "the reference's load"
	assert_eq "$(nft list set inet firewalld ips)" "$(cat "$TMPD/ref")" \
		"as the reference takes them"
fi

# an ipset restore: 2,000 commands of one element each, twice
for b in 0 1; do
	/usr/bin/python3 - "$b" > "$TMPD/batch$b.json" <<'PY'
import json, sys
b = int(sys.argv[1])
cmds = [{"metainfo": {"json_schema_version": 1}}]
for k in range(b * 2000, b * 2000 + 2000):
    cmds.append({"add": {"element": {"family": "inet", "table": "firewalld",
                 "name": "ips", "elem": ["10.%d.%d.%d" % (k >> 16 & 255, k >> 8 & 255, k & 255)]}}})
print(json.dumps({"nftables": cmds}))
PY
	nft -e -a -j -f "$TMPD/batch$b.json" > "$TMPD/echo$b" ||
		fail "ipset restore batch $b"
	/usr/bin/python3 - "$TMPD/batch$b.json" "$TMPD/echo$b" <<'PY' ||
import json, sys
a = json.load(open(sys.argv[1]))["nftables"]
b = json.load(open(sys.argv[2]))["nftables"]
assert len(a) == len(b), (len(a), len(b))
for x, y in zip(a, b):
    assert x == y, (x, y)
PY
		fail "batch $b: the echo is not the input, element by element"
done
ok "ipset restore: each batch echoed element by element"
assert_eq "$(nft list set inet firewalld ips | grep -o '10\.0\.[0-9.]*' | wc -l)" 4000 \
	"ipset restore: every element added"
out=$(echo '{"nftables": [{"add": {"element": {"family": "inet", "table": "firewalld", "name": "ips", "elem": [{"prefix": {"addr": "10.0.0.0", "len": 24}}]}}}]}' |
	nft -j -f - 2>&1) && fail "an overlap of the restored elements"
assert_match "interval overlaps with an existing one" "$out" \
	"an overlap of the restored elements refused"
