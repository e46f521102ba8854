#!/usr/bin/python3
"""Groups the mismatches of saved differential runs (run.py --save FILE)
by cause, for fixing: each failing case goes to the first aspect it
fails in (crash, accept, caret, bytecode, state, listing, json, cross,
reload: a later aspect is mostly a consequence of an earlier one), and
within that aspect to a signature made from what differs (the two error
messages, the first differing bytecode or listing lines), numbers and
strings blanked.  Categories print by count, each with its shortest
cases as reproducers.

Usage: categorize.py [--examples N] [--deliberate] FILE...
"""

import argparse
import json
import re
import sys

ORDER = ("crash", "accept", "caret", "bytecode", "state", "listing", "json",
         "cross", "reload", "ref-crash")


def norm(text):
    text = re.sub(r'"[^"]*"', "S", text)
    text = re.sub(r"'[^']*'", "S", text)
    text = re.sub(r"0x[0-9a-fA-F]+", "X", text)
    text = re.sub(r"\b[0-9a-f]{8}\b", "X", text)
    text = re.sub(r"\d+", "N", text)
    return re.sub(r"\s+", " ", text).strip()


def first_changes(diff, n=1):
    """The first n removed and added lines of a unified diff."""
    minus, plus = [], []
    for line in diff.splitlines():
        if line.startswith(("---", "+++", "@@")):
            continue
        if line.startswith("-") and len(minus) < n:
            minus.append(line[1:].strip())
        elif line.startswith("+") and len(plus) < n:
            plus.append(line[1:].strip())
    return " | ".join(minus), " | ".join(plus)


def signature(res, aspect, detail):
    if aspect == "accept":
        if res["ours"] == 0:
            return "ref refuses, ours accepts: " + norm(res["ref_err"])
        return "ours refuses, ref accepts: " + norm(res["ours_err"])
    if aspect == "caret":
        o, r = norm(res["ours_err"]), norm(res["ref_err"])
        if o == r:
            return "same error, caret elsewhere: " + o
        return "ours: %s || ref: %s" % (o, r)
    if aspect in ("crash", "ref-crash"):
        m = re.search(r"(Assertion .*?failed|ERROR: \w+Sanitizer: [\w-]+|"
                      r"runtime error: [^\n]*|SUMMARY: [^\n]*)", detail)
        return m.group(1) if m else norm(detail.splitlines()[-1])
    if aspect == "reload" and detail.startswith("ours refused"):
        return "ours refuses the reference's JSON: " + norm(
            detail.split("\n")[0][len("ours refused the reference's JSON: "):])
    if aspect == "cross":
        head = detail.splitlines()[0]
        m, p = first_changes(detail)
        return "%s -%s +%s" % (head, norm(m), norm(p))
    if aspect in ("state", "reload"):
        return "%s: %s" % (res["kind"], state_keys(detail))
    m, p = first_changes(detail)
    return "-%s +%s" % (norm(m), norm(p))


def state_keys(diff):
    """The attributes a kernel state diff changes, values left out, each
    under the object or expression it belongs to ("set: userdata.u3")."""
    keys = []
    where = ""
    for line in diff.splitlines():
        if line.startswith(("---", "+++", "@@")):
            continue
        body = line[1:]
        if not body.startswith(" "):
            where = body.split(" ")[0]
        m = re.match(r"\s*expr: (\S+)", body)
        if m:
            where = where.split(".")[0] + "." + m.group(1)
        if line[0] in "+-":
            key = body.strip().split(":")[0]
            if key in ("-", ""):
                continue
            k = "%s%s %s" % (line[0], where, key)
            if k not in keys:
                keys.append(k)
    return ", ".join(keys[:5])


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("files", nargs="+")
    ap.add_argument("--examples", type=int, default=3)
    ap.add_argument("--deliberate", action="store_true",
                    help="list the deliberate differences too")
    args = ap.parse_args()
    cats = {}
    total = failed = 0
    for f in args.files:
        for line in open(f):
            res = json.loads(line)
            total += 1
            ms = [m for m in res["mismatches"]
                  if args.deliberate or not m[2]]
            if not ms:
                continue
            failed += 1
            ms.sort(key=lambda m: ORDER.index(m[0]))
            aspect, detail = ms[0][0], ms[0][1]
            key = (aspect, signature(res, aspect, detail))
            cats.setdefault(key, []).append((res, [m[0] for m in ms],
                                             detail))
    print("%d cases, %d failing, %d categories" % (total, failed, len(cats)))
    by_aspect = {}
    for (aspect, _), items in cats.items():
        by_aspect[aspect] = by_aspect.get(aspect, 0) + len(items)
    print("failing cases by first aspect: " + ", ".join(
        "%s %d" % (a, by_aspect[a]) for a in ORDER if a in by_aspect))
    for (aspect, sig), items in sorted(cats.items(),
                                       key=lambda kv: -len(kv[1])):
        print("\n== %d  [%s] %s" % (len(items), aspect, sig[:300]))
        items.sort(key=lambda it: len(it[0]["text"]))
        for res, aspects, detail in items[:args.examples]:
            print("  case %s [%s %s] (%s)" % (res["id"], res["family"],
                                             res["kind"], " ".join(aspects)))
            print("    " + res["text"].rstrip().replace("\n", "\n    "))
            d = detail.rstrip().split("\n")[:14]
            print("      | " + "\n      | ".join(d))
    return 0


if __name__ == "__main__":
    sys.exit(main())
