#!/usr/bin/env python3
"""Seed corpora and dictionaries for the fuzzers (see README).

    make_corpus.py OUTDIR [NFT]

OUTDIR/text and OUTDIR/json get one seed per rule:, list: and fail:
line of tests/py/*.t (in a table and chain of the entry's first family;
a JSON seed per "json:" line), the ruleset files and heredocs of tests/shell, and
the system's /usr/share/doc/nftables/examples/*.nft. With NFT (a built
nft binary) each text ruleset seed is also loaded in a private network
namespace (unshare -n) and its `nft -j list ruleset` kept as a JSON seed,
and what the kernel dumps of it (dump_seed.py) as a seed of OUTDIR/dump;
so are the rules: lines of tests/py loaded by the reference (tools/ref),
which knows what we do not list (inner headers).
OUTDIR/text.dict and OUTDIR/json.dict hold the keywords.
"""
import glob
import hashlib
import json
import os
import re
import subprocess
import sys

SRC = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))


def save(outdir, data):
    if isinstance(data, str):
        data = data.encode()
    name = hashlib.sha1(data).hexdigest()
    with open(os.path.join(outdir, name), "wb") as f:
        f.write(data)


def chain_json(family, table, name, decl):
    """A JSON chain object from a .t file's `chain:` line."""
    c = {"family": family, "table": table, "name": name}
    m = re.search(r"type (\w+) hook (\w+)(?: device \"?([\w.-]+)\"?)? "
                  r"priority ([\w+ -]+?);(?: policy (\w+);)?", decl)
    if m:
        c.update(type=m.group(1), hook=m.group(2), prio=m.group(4))
        if m.group(3):
            c["dev"] = m.group(3)
        if m.group(5):
            c["policy"] = m.group(5)
    return {"add": {"chain": c}}


DEFAULT_CHAINS = [
    ("c", "{ type filter hook input priority filter; policy accept; }"),
    ("target", "")]
NETDEV_C = ('{ type filter hook ingress device "v0" priority filter; '
            'policy accept; }')


JSON_KEYS = set()


def json_keys(value):
    """Every object key in a JSON value (for the dictionary)."""
    if isinstance(value, dict):
        for k, v in value.items():
            yield k
            yield from json_keys(v)
    elif isinstance(value, list):
        for v in value:
            yield from json_keys(v)


def tagged(line):
    """Split `key fam fam: value` into (key, [fams], value), else None."""
    m = re.match(r"([a-z-]+)((?: [a-z0-9]+)*): ?(.*)$", line)
    if not m:
        return None
    return m.group(1), m.group(2).split(), m.group(3)


def file_chains(chains, family):
    """The chains of a .t file in one family (qualified ones win)."""
    out = {}
    for name, fams, decl in chains:
        if not fams or family in fams:
            if name not in out or fams:
                out[name] = decl
    if not out:
        out = dict(DEFAULT_CHAINS)
        if family == "netdev":
            out["c"] = NETDEV_C
    return list(out.items())


def text_seed(family, table, chains, rule):
    head = "table %s %s {\n" % (family, table)
    for name, decl in chains:
        body = decl.strip("{} ") if decl else ""
        head += "\tchain %s {\n\t\t%s\n\t}\n" % (name, body)
    return head + "}\nadd rule %s %s c %s\n" % (family, table, rule)


def json_seed(family, table, chains, value):
    cmds = [{"add": {"table": {"family": family, "name": table}}}]
    cmds += [chain_json(family, table, n, d) for n, d in chains]
    rule = {"family": family, "table": table, "chain": "c"}
    if isinstance(value, dict):
        rule.update(value)
    else:
        rule["expr"] = value
    cmds.append({"add": {"rule": rule}})
    return json.dumps({"nftables": cmds})


def py_seeds(textdir, jsondir):
    """One text seed per rule:/list:/fail: line of tests/py/*.t (in each
    family the entry names, first one only to keep the corpus small) and
    one JSON seed per json: line."""
    for path in sorted(glob.glob(os.path.join(SRC, "tests/py/*.t"))):
        families, table, chains = ["ip"], "t", []
        fams = families
        for line in open(path):
            line = line.rstrip("\n")
            t = tagged(line) if not line.startswith((" ", "\t", "#")) \
                else None
            if not t:
                continue
            key, quals, val = t
            if key == "families":
                families = val.split() or ["ip"]
            elif key == "table":
                table = val.strip() or "t"
            elif key == "chain":
                name, _, decl = val.partition(" ")
                chains.append((name, quals, decl))
            elif key in ("rule", "list", "fail"):
                if key == "rule":
                    fams = quals or families
                for fam in (quals or fams)[:1]:
                    save(textdir, text_seed(fam, table,
                                            file_chains(chains, fam), val))
            elif key == "json":
                try:
                    value = json.loads(val)
                except ValueError:
                    continue
                fam = (quals or fams)[0]
                JSON_KEYS.update(json_keys(value))
                save(jsondir, json_seed(fam, table,
                                        file_chains(chains, fam), value))


def ruleset_seeds():
    files = glob.glob(os.path.join(SRC, "tests/shell/testcases/files/*.nft"))
    files += glob.glob("/usr/share/doc/nftables/examples/*.nft")
    for path in sorted(files):
        yield open(path, errors="replace").read()
    for path in sorted(glob.glob(os.path.join(SRC, "tests/shell/testcases/*.sh"))):
        text = open(path, errors="replace").read()
        for m in re.finditer(r"<<'?(\w+)'?\n(.*?)\n\1\n", text, re.S):
            if m.group(1) in ("NFT", "EOF"):
                yield m.group(2) + "\n"


def json_listing(nft, ruleset):
    script = '%s -f - && %s -j list ruleset' % (nft, nft)
    try:
        r = subprocess.run(["unshare", "-n", "sh", "-c", script],
                           input=ruleset.encode(), capture_output=True,
                           timeout=20)
    except (OSError, subprocess.TimeoutExpired):
        return None
    return r.stdout if r.returncode == 0 and r.stdout.strip() else None


def kernel_dump(loader, ruleset):
    """What the kernel dumps of @ruleset loaded by @loader (a shell
    command reading it on stdin), or None."""
    script = '%s && python3 %s' % (
        loader, os.path.join(SRC, "tests/fuzz/dump_seed.py"))
    try:
        r = subprocess.run(["unshare", "-n", "sh", "-c", script],
                           input=ruleset.encode(), capture_output=True,
                           timeout=20)
    except (OSError, subprocess.TimeoutExpired):
        return None
    return r.stdout if r.returncode == 0 and r.stdout else None


def ref_dump_seeds(dumpdir):
    """The rule: lines of tests/py loaded by the reference, a file at a
    time (one ruleset per file and family)."""
    ref = os.path.join(SRC, "tools/ref")
    for path in sorted(glob.glob(os.path.join(SRC, "tests/py/*.t"))):
        family, rules = "ip", []
        for line in open(path):
            t = tagged(line.rstrip("\n")) \
                if not line.startswith((" ", "\t", "#")) else None
            if t and t[0] == "families":
                family = (t[2].split() or ["ip"])[0]
            elif t and t[0] == "rule":
                rules.append(t[2])
        if not rules or family == "netdev":
            continue
        ruleset = "table %s t {\n\tchain c {\n" % family
        ruleset += "".join("\t\t%s\n" % r for r in rules) + "\t}\n}\n"
        # the reference stops at the first rule it refuses: one at a time
        script = ("while read -r l; do printf 'add rule %s t c %%s\\n' "
                  "\"$l\" | %s nft -f - 2>/dev/null; done") % (family, ref)
        data = kernel_dump("%s nft add table %s t && %s nft add chain %s "
                           "t c && { %s; }" % (ref, family, ref, family,
                                                script), "\n".join(rules))
        if data:
            save(dumpdir, data)


def keywords():
    text = open(os.path.join(SRC, "src/scanner.l")).read()
    return sorted(set(re.findall(r'\{ "([\w-]+)",\s+TOK_', text)))


def write_dicts(outdir):
    words = keywords() + ["filter", "input", "output", "forward",
                          "prerouting", "postrouting", "ingress", "egress",
                          "saddr", "daddr", "sport", "dport", "protocol",
                          "nfproto", "l4proto", "$", "{", "}", ";", "==",
                          "!=", "/", "-", "+", "#", r"\\\x0a", "0x", "::"]
    with open(os.path.join(outdir, "text.dict"), "w") as f:
        for w in words:
            f.write('"%s"\n' % w.replace('"', '\\"'))
    keys = ["nftables", "metainfo", "json_schema_version", "add", "create",
            "insert", "replace", "delete", "destroy", "list", "flush",
            "rename", "reset", "table", "tables", "chain", "chains", "rule",
            "ruleset", "family", "name", "handle", "index", "expr", "match",
            "op", "left", "right", "payload", "field", "meta", "key",
            "counter", "packets", "bytes", "accept", "drop", "jump",
            "goto", "return", "continue", "target", "prefix", "addr",
            "len", "range", "set", "type", "hook", "prio", "policy", "dev",
            "comment", "flags", "newname", "dormant", "null", "true"]
    with open(os.path.join(outdir, "json.dict"), "w") as f:
        for k in sorted(set(keys) | JSON_KEYS):
            f.write('"\\"%s\\""\n' % k)
        for tok in ["{", "}", "[", "]", ":", ",", "==", "!="]:
            f.write('"%s"\n' % tok)


# JSON seeds no ruleset above yields where the kernel lacks the feature
# (flowtables: no nf_flow_table on the host).
EXTRA_JSON = [
    {"nftables": [
        {"add": {"table": {"family": "inet", "name": "t"}}},
        {"add": {"flowtable": {"family": "inet", "table": "t", "name": "ft",
                               "hook": "ingress", "prio": "filter + 5",
                               "dev": ["v0", "v2"], "flags": ["offload"],
                               "counter": True}}},
        {"add": {"chain": {"family": "inet", "table": "t", "name": "c",
                           "type": "filter", "hook": "forward",
                           "prio": 0, "policy": "accept"}}},
        {"add": {"rule": {"family": "inet", "table": "t", "chain": "c",
                          "expr": [{"flow": {"op": "add",
                                             "flowtable": "@ft"}}]}}},
        {"delete": {"flowtable": {"family": "inet", "table": "t",
                                  "name": "ft", "dev": "v2"}}},
        {"list": {"flowtable": {"family": "inet", "table": "t",
                                "name": "ft"}}}]},
]


def main():
    outdir = sys.argv[1]
    nft = os.path.abspath(sys.argv[2]) if len(sys.argv) > 2 else None
    textdir, jsondir, dumpdir = (os.path.join(outdir, d)
                                 for d in ("text", "json", "dump"))
    for d in (textdir, jsondir, dumpdir):
        os.makedirs(d, exist_ok=True)
    py_seeds(textdir, jsondir)
    for ruleset in ruleset_seeds():
        save(textdir, ruleset)
        listing = json_listing(nft, ruleset) if nft else None
        if listing:
            save(jsondir, listing)
        data = kernel_dump("%s -f -" % nft, ruleset) if nft else None
        if data:
            save(dumpdir, data)
    for doc in EXTRA_JSON:
        JSON_KEYS.update(json_keys(doc))
        save(jsondir, json.dumps(doc))
    if nft and os.path.exists(os.path.join(SRC, "build/ref")):
        ref_dump_seeds(dumpdir)
    write_dicts(outdir)
    print("%d text seeds, %d JSON seeds, %d dump seeds in %s" % (
        len(os.listdir(textdir)), len(os.listdir(jsondir)),
        len(os.listdir(dumpdir)), outdir))


if __name__ == "__main__":
    main()
