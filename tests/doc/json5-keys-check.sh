#!/bin/bash
# doc/libnftables-json.5 is complete: every name the JSON parser knows
# (commands, objects, statements, expressions, object keys, operators) is
# in the page, and the page's examples are JSON that our nft loads.
#
# The names come from the parser's own tables, not from a list kept by
# hand: the kinds' .json_name/.json_names and .json_keys (the keys an
# object may hold, checked before its parser runs), the key arrays given
# to json_check_keys(), the literal keys of json_object_get() and of the
# json_opt_*/json_req_* readers, the command table of src/json_input.c,
# the objects whose obj_ops take JSON commands (.json_cmds), the SOBJ_OPS
# kinds and their SOBJ_KEYS, and the operator table of src/expr/expr.c.
# What the printer writes (json_wrap(), json_object_set_new(),
# json_pair()) must be in the page as well. An item is documented when
# the page holds it in double quotes ("gc-interval"), troff escapes
# (\-, \(dq, \[uXXXX]) read as what they print.
#
# Examples: a block .EX ... .EE right after the comment line
# '.\" json-example' is a whole document: it must parse (python3 -m
# json.tool) and, when NFT is set and we are root, load with
# "$NFT -c -j -f FILE" in a network namespace of its own (skipped
# otherwise: distcheck runs this tier unprivileged);
# '.\" json-example after 1 3' loads the page's 1st and 3rd marked
# blocks there first. After '.\" json-fragment' a block need only
# parse.
#
# Environment: SRCDIR (the source tree), NFT (an nft to load the
# examples with; optional), JSON5_LIST=1 (print every name found and
# where), JSON5_PAGE (another page to check, to see the check fail).
set -u
SRCDIR=${SRCDIR:-$(cd "$(dirname "$0")/../.." && pwd)}
export SRCDIR
export NFT=${NFT:-}
export JSON5_ALLOW=$SRCDIR/tests/doc/json5-keys-allow.txt
export JSON5_PAGE=${JSON5_PAGE:-$SRCDIR/doc/libnftables-json.5}
export JSON5_LIST=${JSON5_LIST:-}

exec python3 - <<'EOF'
import glob, json, os, re, subprocess, sys, tempfile

srcdir = os.environ["SRCDIR"]
page_path = os.environ["JSON5_PAGE"]
passed = failed = 0


def ok(msg):
    global passed
    passed += 1


def fail(msg):
    global failed
    failed += 1
    print("FAIL: " + msg)


def c_strings(text):
    """The string literals of a C fragment, escapes decoded."""
    out = []
    for m in re.finditer(r'"((?:[^"\\\n]|\\.)*)"', text):
        s = m.group(1)
        s = re.sub(r'\\u([0-9a-fA-F]{4})',
                   lambda u: chr(int(u.group(1), 16)), s)
        s = s.replace('\\"', '"').replace('\\\\', '\\')
        out.append(s)
    return out


def strip_comments(text):
    text = re.sub(r'/\*.*?\*/', lambda m: ' ' * len(m.group(0)), text,
                  flags=re.S)
    return re.sub(r'//[^\n]*', '', text)


def array_body(text, ident):
    """The initializer of 'IDENT[...] = { ... }' in text, or None."""
    m = re.search(r'\b' + re.escape(ident) + r'\s*\[[^\]]*\]\s*=\s*\{',
                  text)
    if not m:
        return None
    depth, i = 1, m.end()
    while i < len(text) and depth:
        if text[i] == '{':
            depth += 1
        elif text[i] == '}':
            depth -= 1
        i += 1
    return text[m.end():i - 1]


def call_args(text, start):
    """The text of a call's arguments, from the '(' at start."""
    depth, i = 0, start
    while i < len(text):
        if text[i] == '(':
            depth += 1
        elif text[i] == ')':
            depth -= 1
            if depth == 0:
                return text[start + 1:i]
        i += 1
    return text[start + 1:]


def split_args(args):
    """A call's arguments split at the top level commas."""
    out, depth, cur, in_str = [], 0, "", False
    i = 0
    while i < len(args):
        ch = args[i]
        if in_str:
            cur += ch
            if ch == "\\":
                cur += args[i + 1:i + 2]
                i += 1
            elif ch == '"':
                in_str = False
        elif ch == '"':
            in_str = True
            cur += ch
        elif ch in "([{":
            depth += 1
            cur += ch
        elif ch in ")]}":
            depth -= 1
            cur += ch
        elif ch == "," and depth == 0:
            out.append(cur.strip())
            cur = ""
        else:
            cur += ch
        i += 1
    if cur.strip():
        out.append(cur.strip())
    return out


items = {}          # name -> set of "file: why"


def want(name, where):
    if name:
        items.setdefault(name, set()).add(where)


files = sorted(glob.glob(os.path.join(srcdir, "src", "*.c")) +
               glob.glob(os.path.join(srcdir, "src", "*", "*.c")))
# the text language's parser and grammar are not JSON
files = [f for f in files if "/src/parse/" not in f and
         "/src/grammar/" not in f]

for path in files:
    rel = os.path.relpath(path, srcdir)
    text = strip_comments(open(path, encoding="utf-8").read())

    # kinds: .json_name = "x", .json_names = ARRAY
    for m in re.finditer(r'\.json_name\s*=\s*"([^"]*)"', text):
        want(m.group(1), rel + ": json_name")
    for m in re.finditer(r'\.json_names\s*=\s*(\w+)', text):
        for s in c_strings(array_body(text, m.group(1)) or ""):
            want(s, rel + ": " + m.group(1))

    # keys: .json_keys = ARRAY or an inline array
    for m in re.finditer(r'\.json_keys\s*=\s*(\w+)', text):
        for s in c_strings(array_body(text, m.group(1)) or ""):
            want(s, rel + ": " + m.group(1))
    for m in re.finditer(r'\.json_keys\s*=\s*\(const char \*const\[\]\)\s*\{'
                         r'([^}]*)\}', text):
        for s in c_strings(m.group(1)):
            want(s, rel + ": json_keys")
    # SOBJ_KEYS(...): its fixed keys and each kind's own
    for m in re.finditer(r'#define\s+SOBJ_KEYS\(.*?\)((?:[^\n]*\\\n)*'
                         r'[^\n]*)', text):
        for s in c_strings(m.group(1)):
            want(s, rel + ": SOBJ_KEYS")
    for m in re.finditer(r'\bSOBJ_KEYS\(', text):
        if text[max(0, m.start() - 8):m.start()].endswith("define "):
            continue
        for s in c_strings(call_args(text, m.end() - 1)):
            want(s, rel + ": SOBJ_KEYS")

    # key arrays handed to json_check_keys()
    for m in re.finditer(r'\bjson_check_keys\(', text):
        args = call_args(text, m.end() - 1)
        last = args.split(",")[-1] if "," in args else ""
        for ident in re.findall(r'\b([a-z_0-9]*keys)\b', last):
            for s in c_strings(array_body(text, ident) or ""):
                want(s, rel + ": " + ident)

    # literal keys read from objects
    for m in re.finditer(r'\bjson_object_get\(\s*[^,()]+,\s*"([^"]+)"',
                         text):
        want(m.group(1), rel + ": json_object_get")
    for m in re.finditer(r'\bjson_(?:opt|req)_\w+\(\s*jctx,\s*[^,()]+,\s*'
                         r'"([^"]+)"', text):
        want(m.group(1), rel + ": json_opt/req")

    # objects taking JSON commands: obj_ops with .json_cmds, SOBJ(S)_OPS
    for m in re.finditer(r'const struct obj_ops \w+ = \{(.*?)\n\};', text,
                         flags=re.S):
        body = m.group(1)
        n = re.search(r'\.name\s*=\s*"([^"]+)"', body)
        if n and ".json_cmds" in body:
            want(n.group(1), rel + ": obj_ops")
    for m in re.finditer(r'^SOBJS?_OPS\(\s*\w+,\s*\w+,\s*"([^"]+)"', text,
                         flags=re.M):
        want(m.group(1), rel + ": SOBJ_OPS")

    # what the printer writes
    for m in re.finditer(r'\bjson_(?:wrap|object_set_new|object_set)\('
                         r'\s*(?:\w+,\s*)?"([^"]+)"', text):
        want(m.group(1), rel + ": printed")
    for m in re.finditer(r'\bjson_pair\(', text):
        args = call_args(text, m.end() - 1)
        for s in re.findall(r'(?:^|,)\s*"([^"]+)"\s*,', args):
            want(s, rel + ": printed")

    # json_pack("{s:I, s:s}", "val", v, "val_unit", u): the keys are
    # the arguments that the format's "s:" take
    for m in re.finditer(r'\bjson_pack\(', text):
        args = split_args(call_args(text, m.end() - 1))
        if not args or not args[0].startswith('"'):
            continue
        fmt = c_strings(args[0])[0]
        pos = 1
        for i, ch in enumerate(fmt):
            if ch in " ,:[]{}*?#%+":
                continue
            if pos >= len(args):
                break
            if ch == "s" and fmt[i + 1:i + 2] == ":":
                for k in c_strings(args[pos]):
                    want(k, rel + ": printed")
            pos += 1

# the words that keys take as values, from the tables that define them
# (a table renamed or moved makes this fail, not pass quietly)
value_tables = [
    ("src/objects.c", "family_table"),        # "family"
    ("src/obj/table.c", "table_flags"),       # a table's "flags"
    ("src/obj/set.c", "set_flags"),           # a set's "flags"
    ("src/stmt/log.c", "log_levels"),         # log "level"
    ("src/stmt/log.c", "log_flag_tbl"),       # log "flags"
    ("src/stmt/nat.c", "nat_flag_tbl"),       # nat "flags"
    ("src/stmt/queue.c", "queue_flag_tbl"),   # queue "flags"
    ("src/stmt/synproxy.c", "synproxy_flag_tbl"),  # synproxy "flags"
    ("src/stmt/reject.c", "reject_kinds"),    # reject "type"
    ("src/stmt/dynset.c", "dynset_op_names"),  # set/map statement "op"
    ("src/stmt/xt.c", "xt_type_names"),       # xt "type"
    ("src/stmt/limit.c", "limit_time_units"),  # limit "per"
    ("src/stmt/limit.c", "limit_byte_units"),  # limit "rate_unit"
    ("src/stmt/quota.c", "quota_units"),      # quota "val_unit"
    ("src/expr/payload.c", "payload_base_names"),  # payload "base"
    ("src/expr/inner.c", "inner_descs"),      # payload "tunnel"
    ("src/expr/osf.c", "osf_ttl_names"),      # osf "ttl"
    ("src/expr/ct.c", "ct_dir_names"),        # ct "dir"
]
for rel, ident in value_tables:
    try:
        text = strip_comments(open(os.path.join(srcdir, rel),
                                   encoding="utf-8").read())
    except OSError:
        text = ""
    body = array_body(text, ident)
    if body is None:
        fail("value table %s not found in %s" % (ident, rel))
        continue
    for s in c_strings(body):
        want(s, rel + ": " + ident)

# commands, "metainfo" and the operators
ji = strip_comments(open(os.path.join(srcdir, "src/json_input.c"),
                         encoding="utf-8").read())
for s in c_strings(array_body(ji, "json_cmd_names") or ""):
    want(s, "src/json_input.c: json_cmd_names")
for m in re.finditer(r'strcmp\(key,\s*"([^"]+)"\)', ji):
    want(m.group(1), "src/json_input.c: strcmp(key)")
ex = strip_comments(open(os.path.join(srcdir, "src/expr/expr.c"),
                         encoding="utf-8").read())
for s in c_strings(array_body(ex, "op_tokens") or ""):
    want(s, "src/expr/expr.c: op_tokens")
m = re.search(r'enum ops op_from_token\(.*?\n\}', ex, flags=re.S)
for s in c_strings(m.group(0) if m else ""):
    want(s, "src/expr/expr.c: op_from_token")
mt = strip_comments(open(os.path.join(srcdir, "src/stmt/match.c"),
                         encoding="utf-8").read())
for m in re.finditer(r'json_string_value\(op_json\),\s*"([^"]+)"', mt):
    want(m.group(1), "src/stmt/match.c: match op")

# the allowlist: NAME<TAB or spaces># reason
allowed = {}
if os.path.exists(os.environ["JSON5_ALLOW"]):
    for line in open(os.environ["JSON5_ALLOW"], encoding="utf-8"):
        line = line.rstrip("\n")
        if not line.strip() or line.lstrip().startswith("#"):
            continue
        m = re.match(r'^"([^"]*)"\s+#\s*(\S.*)$', line)
        if not m:
            fail("allowlist line without a quoted item and a reason: " +
                 line)
            continue
        allowed[m.group(1)] = m.group(2)

# the page as it prints
try:
    raw = open(page_path, encoding="utf-8").read()
except OSError as e:
    fail("cannot read %s: %s" % (page_path, e))
    raw = ""


def untroff(s):
    s = re.sub(r'\\\[u([0-9A-Fa-f]{4,5})\]',
               lambda u: chr(int(u.group(1), 16)), s)
    s = re.sub(r'\\f(?:[BIRP]|\[[A-Z]*\])', '', s)
    s = s.replace(r'\(dq', '"').replace(r'\(aq', "'")
    s = s.replace(r'\-', '-').replace(r'\&', '').replace(r'\e', '\\')
    s = s.replace(r'\(ti', '~').replace(r'\(ha', '^')
    return s


page = "\n".join(untroff(l) for l in raw.split("\n")
                 if not l.startswith('.\\"'))

if os.environ.get("JSON5_LIST"):
    for name in sorted(items):
        print('item "%s": %s' % (name, "; ".join(sorted(items[name]))))
if len(items) < 100:
    fail("only %d names found in the sources: the extraction broke" %
         len(items))
for name in sorted(items):
    if name in allowed:
        ok(name)
        continue
    if '"%s"' % name in page:
        ok(name)
    else:
        fail('missing from the page: "%s" (%s)' %
             (name, "; ".join(sorted(items[name]))))
for name in sorted(allowed):
    if name not in items:
        fail('allowlist names "%s", which the sources no longer have' %
             name)

# the examples
lines = raw.split("\n")
examples = []
i = 0
while i < len(lines):
    m = re.match(r'^\.\\"\s*json-(example|fragment)(?:\s+after((?:\s+\d+)+))?'
                 r'\s*$', lines[i])
    if m:
        j = i + 1
        while j < len(lines) and lines[j].strip() != ".EX":
            j += 1
        k = j + 1
        while k < len(lines) and lines[k].strip() != ".EE":
            k += 1
        body = "\n".join(untroff(l) for l in lines[j + 1:k])
        after = [int(n) for n in (m.group(2) or "").split()]
        examples.append((m.group(1), i + 1, body, after))
        i = k
    i += 1

if len(examples) < 5:
    fail("only %d marked examples in the page" % len(examples))
can_load = bool(os.environ["NFT"]) and os.geteuid() == 0
tmpdir = tempfile.mkdtemp()
files = []
for n, (kind, lineno, body, after) in enumerate(examples):
    name = os.path.join(tmpdir, "example%d.json" % (n + 1))
    with open(name, "w") as f:
        f.write(body + "\n")
    files.append(name)
for n, (kind, lineno, body, after) in enumerate(examples):
    where = "%s:%d" % (os.path.basename(page_path), lineno)
    name = files[n]
    before = [files[a - 1] for a in after if 0 < a <= len(files)]
    if len(before) != len(after):
        fail("%s: loads after an example that does not exist" % where)
        continue
    r = subprocess.run([sys.executable, "-m", "json.tool", name],
                       capture_output=True, text=True)
    if r.returncode:
        fail("%s: example is not JSON: %s" % (where, r.stderr.strip()))
        continue
    ok(where)
    if kind != "example" or not can_load:
        continue
    # the examples it follows are loaded first, for real, in the same
    # namespace
    script = 'n=$0; f=$1; shift; for b; do "$n" -j -f "$b" >/dev/null ' \
             '|| exit; done; "$n" -c -j -f "$f"'
    r = subprocess.run(["unshare", "-n", "sh", "-c", script,
                        os.environ["NFT"], name] + before,
                       capture_output=True, text=True)
    if r.returncode:
        fail("%s: %s -c -j -f refuses the example: %s" %
             (where, os.environ["NFT"], r.stderr.strip()))
    else:
        ok(where + " loads")
for name in files:
    os.unlink(name)
os.rmdir(tmpdir)
if not can_load:
    print("skip: examples not loaded (needs root and NFT)")

print("libnftables-json page: %d passed, %d failed" % (passed, failed))
sys.exit(1 if failed else 0)
EOF
