#!/bin/bash
# -e -j of a JSON batch prints the input document back, element i for
# element i (a leading metainfo included), with the handles the kernel
# gave, placed where the system nft places them: firewalld matches the
# echo to its input element by element. Text input echoes the objects.
. "$TESTDIR/lib.sh"

cat > "$TMPD/in.json" <<'EOF'
{"nftables": [{"metainfo": {"json_schema_version": 1}}, {"add": {"table": {"family": "inet", "name": "fw"}}}, {"add": {"chain": {"family": "inet", "table": "fw", "name": "c"}}}, {"add": {"rule": {"family": "inet", "table": "fw", "chain": "c", "expr": [{"accept": null}]}}}, {"add": {"rule": {"family": "inet", "table": "fw", "chain": "c", "handle": 2, "expr": [{"drop": null}]}}}, {"insert": {"rule": {"family": "inet", "table": "fw", "chain": "c", "index": 0, "comment": "first", "expr": [{"counter": null}]}}}, {"replace": {"rule": {"family": "inet", "table": "fw", "chain": "c", "handle": 2, "expr": [{"accept": null}]}}}, {"flush": {"chain": {"family": "inet", "table": "fw", "name": "c"}}}, {"create": {"chain": {"family": "inet", "table": "fw", "name": "d", "type": "filter", "hook": "input", "prio": 0, "policy": "accept"}}}, {"delete": {"chain": {"family": "inet", "table": "fw", "name": "d"}}}, {"add": {"table": {"family": "ip", "name": "x"}}}]}
EOF
cat > "$TMPD/want" <<'EOF'
{"nftables": [{"metainfo": {"json_schema_version": 1}}, {"add": {"table": {"family": "inet", "name": "fw", "handle": 1}}}, {"add": {"chain": {"family": "inet", "table": "fw", "name": "c", "handle": 1}}}, {"add": {"rule": {"family": "inet", "table": "fw", "chain": "c", "expr": [{"accept": null}], "handle": 2}}}, {"add": {"rule": {"family": "inet", "table": "fw", "chain": "c", "expr": [{"drop": null}], "handle": 3}}}, {"insert": {"rule": {"family": "inet", "table": "fw", "chain": "c", "index": 0, "comment": "first", "expr": [{"counter": null}], "handle": 4}}}, {"replace": {"rule": {"family": "inet", "table": "fw", "chain": "c", "expr": [{"accept": null}]}, "handle": 2}}, {"flush": {"chain": {"family": "inet", "table": "fw", "name": "c"}}}, {"create": {"chain": {"family": "inet", "table": "fw", "name": "d", "type": "filter", "hook": "input", "prio": 0, "policy": "accept"}, "handle": 5}}, {"delete": {"chain": {"family": "inet", "table": "fw", "name": "d"}}}, {"add": {"table": {"family": "ip", "name": "x", "handle": 2}}}]}
EOF

nft -e -j -f "$TMPD/in.json" > "$TMPD/got" || fail "-e -j -f of a JSON batch"
assert_files_eq "$TMPD/want" "$TMPD/got" "-e -j: the input document with handles"

# Element i of the output is element i of the input, keys included.
/usr/bin/python3 - "$TMPD/in.json" "$TMPD/got" <<'PY' || fail "elements do not line up"
import json, sys
inp = json.load(open(sys.argv[1]))["nftables"]
out = json.load(open(sys.argv[2]))["nftables"]
assert len(inp) == len(out), (len(inp), len(out))
assert "metainfo" in out[0]
for i, (a, b) in enumerate(zip(inp, out)):
    assert list(a) == list(b), (i, a, b)
PY
ok "-e -j: output element i is input element i"

# The same document through the system nft (it prints no final newline).
if have_ref && ! is_system_nft; then
	ns_out=$(unshare -n "$SRCDIR/tools/ref" nft -e -j -f "$TMPD/in.json")
	assert_eq "$ns_out" "$(cat "$TMPD/want")" "the system nft prints the same"
fi

# Text input: the echoed objects, in order, no metainfo (system nft).
nft flush ruleset	# (table handles go on counting: fw gets 3)
out=$(printf 'add table inet fw\nadd chain inet fw c\nadd rule inet fw c accept\n' |
	nft -e -j -f -)
assert_eq "$out" '{"nftables": [{"add": {"table": {"family": "inet", "name": "fw", "handle": 3}}}, {"add": {"chain": {"family": "inet", "table": "fw", "name": "c", "handle": 1}}}, {"add": {"rule": {"family": "inet", "table": "fw", "chain": "c", "handle": 2, "expr": [{"accept": null}]}}}]}' \
	"-e -j of text input"
exit 0
