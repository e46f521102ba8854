#!/usr/bin/env python3
"""Seed corpora and dictionaries for the fuzzers (see README).

    make_corpus.py OUTDIR [NFT]

OUTDIR/text and OUTDIR/json get one seed per rule of tests/py/*/*.t (the
rule in a table and chain of its file's family; the JSON seed from the
rule's "json:" line), the ruleset files and heredocs of tests/shell, and
the system's /usr/share/doc/nftables/examples/*.nft. With NFT (a built
nft binary) each text ruleset seed is also loaded in a private network
namespace (unshare -n) and its `nft -j list ruleset` kept as a JSON seed.
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


def chain_json(family, name, decl):
    """A JSON chain object from a .t file's `chain:` line."""
    c = {"family": family, "table": "t", "name": name}
    m = re.search(r"type (\w+) hook (\w+)(?: device \"?([\w.-]+)\"?)? "
                  r"priority ([\w+ -]+?);(?: policy (\w+);)?", decl)
    if m:
        c.update(type=m.group(1), hook=m.group(2), prio=m.group(4))
        if m.group(3):
            c["dev"] = m.group(3)
        if m.group(5):
            c["policy"] = m.group(5)
    return {"add": {"chain": c}}


def py_seeds(textdir, jsondir):
    for path in sorted(glob.glob(os.path.join(SRC, "tests/py/*/*.t"))):
        family, chains, rule = "ip", [], None
        for line in open(path):
            line = line.rstrip("\n")
            if line.startswith("family: "):
                family = line.split()[1]
            elif line.startswith("chain: "):
                name, _, decl = line[7:].partition(" ")
                chains.append((name, decl))
            elif line.startswith("rule: "):
                rule = line[6:]
                head = "table %s t {\n" % family
                for name, decl in chains:
                    body = decl.strip("{} ") if decl else ""
                    head += "\tchain %s {\n\t\t%s\n\t}\n" % (name, body)
                save(textdir, head + "}\nadd rule %s t c %s\n"
                     % (family, rule))
            elif line.startswith("json: ") and rule:
                cmds = [{"add": {"table": {"family": family, "name": "t"}}}]
                cmds += [chain_json(family, n, d) for n, d in chains]
                cmds.append({"add": {"rule": {
                    "family": family, "table": "t", "chain": "c",
                    "expr": json.loads(line[6:])}}})
                save(jsondir, json.dumps({"nftables": cmds}))


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


def keywords():
    text = open(os.path.join(SRC, "src/scanner.l")).read()
    return sorted(set(re.findall(r'\{ "([\w]+)",\s+TOK_', text)))


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
        for k in keys:
            f.write('"\\"%s\\""\n' % k)
        for tok in ["{", "}", "[", "]", ":", ",", "==", "!="]:
            f.write('"%s"\n' % tok)


def main():
    outdir = sys.argv[1]
    nft = os.path.abspath(sys.argv[2]) if len(sys.argv) > 2 else None
    textdir, jsondir = (os.path.join(outdir, d) for d in ("text", "json"))
    os.makedirs(textdir, exist_ok=True)
    os.makedirs(jsondir, exist_ok=True)
    py_seeds(textdir, jsondir)
    for ruleset in ruleset_seeds():
        save(textdir, ruleset)
        listing = json_listing(nft, ruleset) if nft else None
        if listing:
            save(jsondir, listing)
    write_dicts(outdir)
    print("%d text seeds, %d JSON seeds in %s" % (
        len(os.listdir(textdir)), len(os.listdir(jsondir)), outdir))


if __name__ == "__main__":
    main()
