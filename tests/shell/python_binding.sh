#!/bin/bash
# Debian's python3-nftables (ctypes over libnftables.so.1) drives our
# library unchanged: text commands, JSON commands, buffered output and
# errors, dry run, variables, include paths, files. Then the same with
# our own module (py/nftables), which must pass the same checks.
#
# Environment: LIBNFTABLES (our .so; skip without it). Exit 0 pass,
# 1 fail, 77 skip. Runs in a network namespace of its own.
. "$(dirname "$0")/lib.sh"

PY=/usr/bin/python3
LIB=${LIBNFTABLES:-}

[ -n "$LIB" ] && [ -f "$LIB" ] || skip "LIBNFTABLES not set or missing"

# A sanitizer build of the library can only be loaded into Python with
# the ASan runtime first in line; Python itself leaks by design.
if ldd "$LIB" 2>/dev/null | grep -q libasan; then
	LD_PRELOAD=$(gcc -print-file-name=libasan.so)
	if ldd "$LIB" | grep -q libubsan; then
		LD_PRELOAD="$LD_PRELOAD $(gcc -print-file-name=libubsan.so)"
	fi
	export LD_PRELOAD
	export ASAN_OPTIONS=detect_leaks=0
fi

cat > "$TMPD/inc.nft" <<'EOF'
add table ip included
EOF
cat > "$TMPD/file.nft" <<'EOF'
table inet fromfile {
	chain c {
		counter
	}
}
EOF

cat > "$TMPD/test.py" <<'EOF'
import json
import os
import sys

import nftables

lib, tmpd = sys.argv[1], sys.argv[2]
failed = 0


def check(cond, what, detail=""):
    global failed
    if cond:
        print("ok: " + what)
    else:
        failed += 1
        print("FAIL: %s %s" % (what, detail))


n = nftables.Nftables(sofile=lib)

rc, out, err = n.cmd("add table netdev t")
check(rc == 0 and out == "" and err == "", "add netdev table",
      (rc, out, err))
rc, out, err = n.cmd('add chain netdev t e { type filter hook egress '
                     'device "v0" priority 0; policy accept; }')
check(rc == 0 and err == "", "add egress chain", (rc, err))
rc, out, err = n.cmd("add rule netdev t e ip daddr 10.0.0.2 counter drop")
check(rc == 0 and err == "", "add rule", (rc, err))

rc, out, err = n.cmd("list table netdev t")
check(rc == 0, "list table", (rc, err))
check('type filter hook egress device "v0" priority filter; '
      'policy accept;' in out, "listing shows the egress hook", out)
check("ip daddr 10.0.0.2 counter packets 0 bytes 0 drop" in out,
      "listing shows the rule", out)
rc, out2, err = n.cmd("list tables")
check(out2 == "table netdev t\n", "output buffer was emptied", out2)

# errors go to the error buffer and do not stick
rc, out, err = n.cmd("add chain netdev nosuch c")
check(rc != 0 and err.startswith("Error: "), "error reported", (rc, err))
check("add chain netdev nosuch c\n" in err, "error shows the command", err)
rc, out, err = n.cmd("list tables")
check(rc == 0 and err == "", "error buffer was emptied", err)

# JSON: list, then add
rc, out, err = n.json_cmd({"nftables": [{"list": {"ruleset": None}}]})
check(rc == 0 and isinstance(out, dict), "json list ruleset", (rc, err))
items = out.get("nftables", []) if isinstance(out, dict) else []
check(len(items) > 0 and "metainfo" in items[0], "json metainfo first",
      items[:1])
chains = [i["chain"] for i in items if "chain" in i]
check(len(chains) == 1 and chains[0].get("hook") == "egress" and
      chains[0].get("dev") == "v0", "json chain with hook and dev", chains)
rules = [i["rule"] for i in items if "rule" in i]
check(len(rules) == 1, "json rule", rules)

rc, out, err = n.json_cmd({"nftables": [
    {"add": {"table": {"family": "inet", "name": "j"}}},
    {"add": {"chain": {"family": "inet", "table": "j", "name": "c"}}}]})
check(rc == 0 and err == "", "json add", (rc, err))
n.set_json_output(False)
rc, out, err = n.cmd("list chains inet")
check(rc == 0 and "table inet j {\n\tchain c {" in out,
      "json-added chain is there", out)

# dry run changes nothing
n.set_dry_run(True)
rc, out, err = n.cmd("add table ip dry")
check(rc == 0 and err == "", "dry run accepted", (rc, err))
n.set_dry_run(False)
rc, out, err = n.cmd("list tables")
check("dry" not in out, "dry run applied nothing", out)

# -D style variables: for files, not commands from a buffer (as 1.1.3
# and 1.0.6)
check(n.add_var("dev=v0") is True, "add_var")
with open(tmpd + "/var.nft", "w") as f:
    f.write("add chain netdev t e2 { type filter hook egress "
            "device $dev priority 10; }\n")
rc, out, err = n.cmd_from_file(tmpd + "/var.nft")
check(rc == 0 and err == "", "variable in a file", (rc, err))
rc, out, err = n.cmd("add chain netdev t e3 { type filter hook egress "
                     "device $dev priority 10; }")
check(rc != 0 and "unknown identifier 'dev'" in err,
      "no variable in a command", (rc, err))
n.clear_vars()

# include paths and files
n.add_include_path(tmpd)
rc, out, err = n.cmd('include "inc.nft"')
check(rc == 0 and err == "", "include through an include path", (rc, err))
rc, out, err = n.cmd_from_file(tmpd + "/file.nft")
check(rc == 0 and err == "", "cmd_from_file", (rc, err))

n.set_handle_output(True)
rc, out, err = n.cmd("list table inet fromfile")
check("# handle" in out, "handle output flag", out)
n.set_handle_output(False)

rc, out, err = n.cmd("list tables")
check(out == "table netdev t\ntable inet j\ntable ip included\n"
      "table inet fromfile\n", "final tables", out)

# settings: each set_* returns the previous value
check(n.set_debug(["netlink", "eval"]) == [], "set_debug: previous")
check(n.get_debug() == ["eval", "netlink"], "get_debug: names in bit order",
      n.get_debug())
check(n.set_debug(0) == ["eval", "netlink"] and n.get_debug() == [],
      "set_debug(0)")
# upstream 1.1's module (and ours); Debian 12's returns nothing there
# and leaves json_cmd's flag on
new_api = os.environ.get("NEW_API") == "1"
check(not new_api or (n.set_stateless_output(True) is False and
                      n.get_stateless_output() is True and
                      n.set_stateless_output(False) is True),
      "stateless output flag")
check(n.set_dry_run(True) is False and n.set_dry_run(False) is True,
      "dry run: previous")
rc, out, err = n.json_cmd({"nftables": [{"list": {"tables": None}}]})
check(rc == 0 and isinstance(out, dict) and "nftables" in out,
      "json_cmd parses the output", out)
check(not new_api or n.get_json_output() is False,
      "json_cmd leaves the json flag")
n.set_json_output(False)
rc, out, err = n.json_cmd({"nftables": [{"add": {"table": {
    "family": "ip", "name": "j"}}}]})
check((rc, out, err) == (0, "", ""), "json_cmd without output", (rc, out))
try:
    import jsonschema  # noqa: F401
    check(n.json_validate({"nftables": [{"list": {"ruleset": None}}]})
          is True, "json_validate")
    try:
        n.json_validate({"nftable": []})
        check(False, "json_validate refuses a document without nftables")
    except jsonschema.ValidationError:
        check(True, "json_validate refuses a document without nftables")
except ImportError:
    print("ok: json_validate not checked: no jsonschema")

rc, out, err = n.cmd("flush ruleset")
check(rc == 0, "flush ruleset")
del n

# NFT_CTX_INPUT_NO_DNS (not in this binding's API: through ctypes): host
# names are refused, address literals still work.
import ctypes
so = ctypes.CDLL(lib)
so.nft_ctx_new.restype = ctypes.c_void_p
so.nft_ctx_get_error_buffer.restype = ctypes.c_char_p
ctx = ctypes.c_void_p(so.nft_ctx_new(0))
so.nft_ctx_buffer_output(ctx)
so.nft_ctx_buffer_error(ctx)
check(so.nft_ctx_input_set_flags(ctx, 1) == 0, "input flags: previous value")
check(so.nft_ctx_input_get_flags(ctx) == 1, "input flags: NO_DNS set")
rc = so.nft_run_cmd_from_buffer(ctx, b"add table ip d; add chain ip d c; "
                                b"add rule ip d c ip daddr localhost")
err = so.nft_ctx_get_error_buffer(ctx).decode()
check(rc != 0 and "name resolution is off" in err, "NO_DNS refuses a host name",
      (rc, err))
rc = so.nft_run_cmd_from_buffer(ctx, b"add table ip d; add chain ip d c; "
                                b"add rule ip d c ip daddr 10.1.2.3")
check(rc == 0, "NO_DNS takes an address literal",
      so.nft_ctx_get_error_buffer(ctx).decode())
so.nft_ctx_free(ctx)
sys.exit(1 if failed else 0)
EOF

# run_with MODULE_DIR WHAT [NEW_API]: the checks with the nftables module
# found first in MODULE_DIR ("" for the system's); NEW_API=1: also what
# upstream 1.1's module does and Debian 12's does not
run_with()
{
	NEW_API=${3:-0} PYTHONPATH=$1 unshare -n bash -c '
		ip link add v0 type veth peer name v1 || exit 77
		exec "$0" "$1/test.py" "$2" "$1"' "$PY" "$TMPD" "$LIB"
	local rc=$?
	case $rc in
	0) ok "$2 drives $LIB" ;;
	77) skip "cannot create veth devices" ;;
	*) fail "$2 (exit $rc)" ;;
	esac
}

ours=$(PYTHONPATH=$SRCDIR/py "$PY" -c 'import nftables; print(nftables.__file__)')
[ "$ours" = "$SRCDIR/py/nftables/__init__.py" ] ||
	fail "our module is not the one imported: $ours"
run_with "$SRCDIR/py" "our py/nftables" 1
if "$PY" -c 'import nftables' 2>/dev/null; then
	run_with "" "Debian's python3-nftables"
else
	skip "python3-nftables missing (our module passed)"
fi
