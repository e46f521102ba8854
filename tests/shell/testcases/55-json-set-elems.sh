#!/bin/bash
# JSON set and map elements: the usual shapes are read straight from the
# text, the others through the general path (element options, other key
# orders, escapes, white space, verdicts with arguments); both load what
# the same ruleset in text loads, and errors name the element's index and
# the path below it.
. "$TESTDIR/lib.sh"

cat > "$TMPD/r.nft" <<'EOF'
table ip t {
	chain c {
	}
	set s1 {
		type ipv4_addr
		elements = { 10.0.0.1, 10.0.0.2 comment "c", 10.0.0.3, 10.0.0.4 }
	}
	set s2 {
		type ipv4_addr . inet_service
		elements = { 10.0.0.1 . 80, 10.0.0.2 . 22, 10.0.0.3 . 443 }
	}
	set s3 {
		type ipv4_addr
		flags interval
		elements = { 10.1.0.0/16, 10.2.0.0/24, 10.3.0.1-10.3.0.9, 10.4.0.1 }
	}
	set s4 {
		type mark
		elements = { 1, 2, 300 }
	}
	map m1 {
		type ipv4_addr : verdict
		elements = { 10.0.0.1 : accept, 10.0.0.2 : jump c,
			     10.0.0.3 : goto c, 10.0.0.4 : drop,
			     10.0.0.5 comment "x" : return, 10.0.0.9 : continue }
	}
	map m2 {
		type ipv4_addr : ipv4_addr
		elements = { 10.0.0.1 : 1.1.1.1, 10.0.0.2 : 1.1.1.2 }
	}
	map m3 {
		type ipv4_addr . inet_service : verdict
		elements = { 10.0.0.1 . 80 : accept, 10.0.0.2 . 22 : drop }
	}
}
EOF

H='"family": "ip", "table": "t"'
cat > "$TMPD/r.json" <<EOF
{"nftables": [
{"add": {"table": {"family": "ip", "name": "t"}}},
{"add": {"chain": {$H, "name": "c"}}},
{"add": {"set": {$H, "name": "s1", "type": "ipv4_addr",
 "elem": ["10.0.0.1", {"elem": {"val": "10.0.0.2", "comment": "c"}}, "10.0.0.3"]}}},
{"add": {"element": {$H, "name": "s1", "elem": [ "10.0.0.4" ]}}},
{"add": {"set": {$H, "name": "s2", "type": ["ipv4_addr", "inet_service"],
 "elem": [{"concat": ["10.0.0.1", 80]}, { "concat" : [ "10.0.0.2" , "ssh" ] },
          {"concat": ["10.0.0.3", 443]}]}}},
{"add": {"set": {$H, "name": "s3", "type": "ipv4_addr", "flags": ["interval"],
 "elem": [{"prefix": {"addr": "10.1.0.0", "len": 16}},
          {"prefix": {"len": 24, "addr": "10.2.0.0"}},
          {"range": ["10.3.0.1", "10.3.0.9"]}, "10.4.0.1"]}}},
{"add": {"set": {$H, "name": "s4", "type": "mark", "elem": [1, 2, 300]}}},
{"add": {"map": {$H, "name": "m1", "type": "ipv4_addr", "map": "verdict",
 "elem": [["10.0.0.1", {"accept": null}], ["10.0.0.2", {"jump": {"target": "c"}}],
          ["10.0.0.3", {"goto": {"target": "c"}}], ["10.0.0.4", {"drop": 1}],
          [{"elem": {"val": "10.0.0.5", "comment": "x"}}, {"return": null}]]}}},
{"add": {"element": {$H, "name": "m1", "elem": [["10.0.0.9", {"continue": null}]]}}},
{"add": {"map": {$H, "name": "m2", "type": "ipv4_addr", "map": "ipv4_addr",
 "elem": [["10.0.0.1", "1.1.1.1"], ["10.0.0.2", "1.1.1.\u0032"]]}}},
{"add": {"map": {$H, "name": "m3", "type": ["ipv4_addr", "inet_service"], "map": "verdict",
 "elem": [[{"concat": ["10.0.0.1", 80]}, {"accept": null}],
          [{"concat": ["10.0.0.2", 22]}, {"drop": null}]]}}}
]}
EOF

nft -f "$TMPD/r.nft" || fail "loading the text ruleset"
list_ruleset "$TMPD/text.list"
nft flush ruleset
nft -j -f "$TMPD/r.json" || fail "loading the JSON ruleset"
list_ruleset "$TMPD/json.list"
assert_files_eq "$TMPD/text.list" "$TMPD/json.list" "JSON elements load as text ones"
nft flush ruleset

# A big set: every element read straight from the text.
python3 - "$TMPD" <<'EOF'
import json, sys
d = sys.argv[1]
addrs = ["10.%d.%d.%d" % (i >> 16, (i >> 8) & 255, i & 255) for i in range(20000)]
with open(d + "/big.nft", "w") as f:
    f.write("table ip t {\n\tset s {\n\t\ttype ipv4_addr . inet_service\n"
            "\t\telements = { " +
            ", ".join("%s . %d" % (a, i % 1000) for i, a in enumerate(addrs)) +
            " }\n\t}\n}\n")
def doc(elem):
    return {"nftables": [{"add": {"table": {"family": "ip", "name": "t"}}},
            {"add": {"set": {"family": "ip", "table": "t", "name": "s",
             "type": ["ipv4_addr", "inet_service"], "elem": elem}}}]}
elem = [{"concat": [a, i % 1000]} for i, a in enumerate(addrs)]
json.dump(doc(elem), open(d + "/big.json", "w"))
elem[12345] = {"concat": [addrs[12345], "nosuchservice"]}
json.dump(doc(elem), open(d + "/bad.json", "w"))
EOF
nft -f "$TMPD/big.nft" || fail "loading the big text set"
list_ruleset "$TMPD/text.list"
nft flush ruleset
nft -j -f "$TMPD/big.json" || fail "loading the big JSON set"
list_ruleset "$TMPD/json.list"
assert_files_eq "$TMPD/text.list" "$TMPD/json.list" "a big JSON set loads as its text"
nft flush ruleset

is_system_nft && { 
# 1.1.3's JSON listings load: an element's timeout or expiry of 0 (what
# is left of a second it lists so) is none; a map of interval data whose
# key is not an interval, written with its data type alone, is one of
# interval data (its data are prefixes and ranges)
nft flush ruleset
nft -j -f - <<'JSON' || fail "1.1.3's JSON listing of expiring elements"
{"nftables": [{"table": {"family": "ip", "name": "t", "handle": 1}},
 {"set": {"family": "ip", "name": "s", "table": "t", "type": "ipv4_addr", "handle": 1, "flags": ["timeout"], "timeout": 0, "elem": [{"elem": {"val": "1.1.1.1", "expires": 0}}, {"elem": {"val": "2.2.2.2", "timeout": 0, "expires": 0}}]}},
 {"map": {"family": "ip", "name": "m", "table": "t", "type": "devgroup", "handle": 2, "map": "ipv4_addr", "size": 10, "flags": ["timeout", "dynamic"], "elem": [["default", {"prefix": {"addr": "192.168.0.1", "len": 32}}], [1, {"prefix": {"addr": "10.0.0.0", "len": 8}}], [2, {"range": ["1.1.1.1", "1.1.1.5"]}]]}}]}
JSON
assert_match 'elements = \{ 1\.1\.1\.1, 2\.2\.2\.2 \}' \
	"$(joined "$(nft list set ip t s)")" "expiries of 0 are none"
assert_match 'type devgroup : interval ipv4_addr .* elements = \{ "default" : 192\.168\.0\.1/32, 1 : 10\.0\.0\.0/8, 2 : 1\.1\.1\.1-1\.1\.1\.5 \}' \
	"$(joined "$(nft list map ip t m)")" "interval data by their elements"; exit 0; }

# Errors: the element's index and the path below it.
assert_rc 1 "a bad member of element 12345" nft -j -f "$TMPD/bad.json" 2>"$TMPD/err"
assert_match 'at nftables\[1\]\.add\.set\.elem\[12345\]\.concat\[1\]$' \
	"$(cat "$TMPD/err")" "its path"

err_path()	# KIND TYPE ELEM...: the path of the load's error
{
	local kind=$1 type=$2 elem=$3
	printf '{"nftables": [{"add": {"table": {"family": "ip", "name": "t"}}}, {"add": {"%s": {"family": "ip", "table": "t", "name": "s", %s, "elem": %s}}}]}' \
		"$kind" "$type" "$elem" > "$TMPD/e.json"
	nft -j -f "$TMPD/e.json" 2>&1 | sed -n 's/^JSON command #1, at //p'
}
assert_eq "$(err_path set '"type": "ipv4_addr", "flags": ["interval"]' \
	'["1.1.1.1", {"range": ["1.1.1.2", "1.1.1.x"]}]')" \
	"nftables[1].add.set.elem[1].range[1]" "a range's high end"
assert_eq "$(err_path set '"type": "ipv4_addr", "flags": ["interval"]' \
	'["1.1.1.1", "1.1.1.2", {"prefix": {"addr": "1.x", "len": 8}}]')" \
	"nftables[1].add.set.elem[2].prefix.addr" "a prefix's address"
assert_eq "$(err_path map '"type": "ipv4_addr", "map": "ipv4_addr"' \
	'[["1.1.1.1", "2.2.2.2"], ["1.1.1.x", "2.2.2.2"]]')" \
	"nftables[1].add.map.elem[1][0]" "a map's key"
assert_eq "$(err_path map '"type": "ipv4_addr", "map": "ipv4_addr"' \
	'[["1.1.1.1", "2.2.2.2"], ["1.1.1.2", "2.2.2.2"], ["1.1.1.3", "2.x"]]')" \
	"nftables[1].add.map.elem[2][1]" "a map's value"
assert_eq "$(err_path map '"type": "ipv4_addr", "map": "verdict"' \
	'[["1.1.1.1", {"accept": null}], ["1.1.1.2", {"jump": {"to": "c"}}]]')" \
	"nftables[1].add.map" "a jump without a target (the map's path)"
assert_eq "$(err_path set '"type": "mark"' '[1, -2, 3.5]')" \
	"nftables[1].add.set.elem[2]" "a real number"
ok "JSON set elements"

# 1.1.3's JSON listings load: an element's timeout or expiry of 0 (what
# is left of a second it lists so) is none; a map of interval data whose
# key is not an interval, written with its data type alone, is one of
# interval data (its data are prefixes and ranges)
nft flush ruleset
nft -j -f - <<'JSON' || fail "1.1.3's JSON listing of expiring elements"
{"nftables": [{"table": {"family": "ip", "name": "t", "handle": 1}},
 {"set": {"family": "ip", "name": "s", "table": "t", "type": "ipv4_addr", "handle": 1, "flags": ["timeout"], "timeout": 0, "elem": [{"elem": {"val": "1.1.1.1", "expires": 0}}, {"elem": {"val": "2.2.2.2", "timeout": 0, "expires": 0}}]}},
 {"map": {"family": "ip", "name": "m", "table": "t", "type": "devgroup", "handle": 2, "map": "ipv4_addr", "size": 10, "flags": ["timeout", "dynamic"], "elem": [["default", {"prefix": {"addr": "192.168.0.1", "len": 32}}], [1, {"prefix": {"addr": "10.0.0.0", "len": 8}}], [2, {"range": ["1.1.1.1", "1.1.1.5"]}]]}}]}
JSON
assert_match 'elements = \{ 1\.1\.1\.1, 2\.2\.2\.2 \}' \
	"$(joined "$(nft list set ip t s)")" "expiries of 0 are none"
assert_match 'type devgroup : interval ipv4_addr .* elements = \{ "default" : 192\.168\.0\.1/32, 1 : 10\.0\.0\.0/8, 2 : 1\.1\.1\.1-1\.1\.1\.5 \}' \
	"$(joined "$(nft list map ip t m)")" "interval data by their elements"

# an element's statement its map does not declare is refused in JSON as
# in text; 1.1.3 takes it in JSON and drops the counter without a word
nft flush ruleset
nft add table ip t
nft add counter ip t c1
nft add map ip t om '{ type ipv4_addr : counter; }'
out=$(nft -j -f - 2>&1 <<'JSON') && fail "an undeclared element counter loaded"
{"nftables": [{"add": {"element": {"family": "ip", "table": "t", "name": "om", "elem": [[{"elem": {"val": "1.1.1.1", "counter": null}}, "c1"]]}}}]}
JSON
assert_match 'missing statement in map declaration' "$out" "refused as in text"
assert_no_match '1\.1\.1\.1' "$(nft list map ip t om)" "nothing added"
ok "JSON set elements"
