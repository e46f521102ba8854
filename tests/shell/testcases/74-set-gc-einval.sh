#!/bin/bash
# A set with a gc-interval but no timeouts is the kernel's to refuse
# (Invalid argument), before its elements' options: its elements' message
# then finds no set, as 1.1.3 reports them both, under the set's name.
# A dynamic object map too.
. "$TESTDIR/lib.sh"

cat > "$TMPD/in.nft" <<'IN'
table ip t {
	set s { type mark; gc-interval 100ms; elements = { 1 timeout 1m, 2 } }
}
IN
errs()
{
	"$@" -f "$TMPD/in.nft" 2>&1 | awk '/Error:/ { sub(/^.*Error: /, ""); w = $0; n = 2; next }
		n && --n == 0 { print w " @" index($0, "^") }'
}
want="Could not process rule: Invalid argument @6
Could not process rule: No such file or directory @6"
assert_eq "$(errs nft)" "$want" "the set's refusal, then its elements'"
if have_ref; then
	assert_eq "$(errs refnft)" "$want" "the reference's"
fi

# a dynamic object map the same (Operation not supported)
cat > "$TMPD/in.nft" <<'IN'
table ip t {
	counter o { }
	map m { type mark : counter; flags dynamic; elements = { 1 timeout 1m : "o" } }
}
IN
want="Could not process rule: Operation not supported @6
Could not process rule: No such file or directory @6"
assert_eq "$(errs nft)" "$want" "dynamic object map"
if have_ref; then
	assert_eq "$(errs refnft)" "$want" "the reference's"
fi
ok "gc-interval without timeouts, dynamic object maps"
