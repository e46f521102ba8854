#!/bin/bash
# Missing objects: the FIRST error line carries the kernel's errno text,
# "No such file or directory", as the system nft's does, whether the
# evaluator or the kernel finds the object missing, in text and JSON, and
# through the library with buffered errors. Kubernetes' knftables decides
# "not found" by that text.
. "$TESTDIR/lib.sh"

ENOENT='No such file or directory'

nft add table inet T && nft add chain inet T C &&
	nft add rule inet T C accept || fail "setup"

# first_line CMDLINE: the first stderr line of a --check run of CMDLINE.
first_line()
{
	printf '%s\n' "$1" | nft --check -f - 2>&1 >/dev/null | head -n 1
}

while IFS= read -r cmd; do
	[ -n "$cmd" ] || continue
	got=$(first_line "$cmd")
	assert_match "$ENOENT" "$got" "first line of: $cmd"
	if have_ref && ! is_system_nft; then
		ref=$(printf '%s\n' "$cmd" | refnft --check -f - 2>&1 | head -n 1)
		assert_match "$ENOENT" "$ref" "system nft agrees on: $cmd"
	fi
done <<'EOF'
add rule inet T C jump nowhere
add rule inet T C goto nowhere
add rule inet T D accept
add rule inet X C accept
add chain inet X C
insert rule inet T C index 3 accept
add rule inet T C index 3 accept
add rule inet T C position 9999 accept
insert rule inet T C position 9999 accept
replace rule inet T C handle 9999 accept
delete rule inet T C handle 9999
delete chain inet T D
delete chain inet T handle 9999
delete table inet X
delete table inet handle 9999
flush chain inet T D
flush table inet X
rename chain inet T D E
list table inet X
list chain inet T D
EOF

# The caret still points at what is missing.
out=$(first_line 'add rule inet T C jump nowhere')
assert_match ':1:24-30: ' "$out" "caret range under the jump target"

# JSON in, JSON errors: same wording.
cat > "$TMPD/jump.json" <<'EOF'
{"nftables": [{"add": {"rule": {"family": "inet", "table": "T",
  "chain": "C", "expr": [{"jump": {"target": "nowhere"}}]}}}]}
EOF
cat > "$TMPD/table.json" <<'EOF'
{"nftables": [{"add": {"chain": {"family": "inet", "table": "X",
  "name": "C"}}}]}
EOF
cat > "$TMPD/handle.json" <<'EOF'
{"nftables": [{"delete": {"rule": {"family": "inet", "table": "T",
  "chain": "C", "handle": 9999}}}]}
EOF
for f in jump table handle; do
	got=$(nft -j --check -f "$TMPD/$f.json" 2>&1 >/dev/null | head -n 1)
	assert_match "$ENOENT" "$got" "JSON first line ($f)"
done

# The library, errors buffered.
LIB=${LIBNFTABLES:-}
if [ -n "$LIB" ] && [ -f "$LIB" ] && /usr/bin/python3 -c 'import nftables' \
	2>/dev/null && ! ldd "$LIB" | grep -q libasan; then
	got=$(/usr/bin/python3 - "$LIB" <<'EOF'
import sys
import nftables
n = nftables.Nftables(sofile=sys.argv[1])
n.set_dry_run(True)
for cmd in ("add rule inet T C jump nowhere", "add chain inet X C",
            "delete rule inet T C handle 9999"):
    rc, out, err = n.cmd(cmd)
    print(err.splitlines()[0] if err else "(no error)")
EOF
)
	while IFS= read -r line; do
		assert_match "$ENOENT" "$line" "library first line"
	done <<<"$got"
	[ "$(printf '%s\n' "$got" | wc -l)" = 3 ] || fail "library: $got"
fi
exit 0
