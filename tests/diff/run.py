#!/usr/bin/python3
"""Differential tests: generated rulesets run through our nft and the
reference (upstream 1.1.3, tools/ref), compared aspect by aspect.

gen.py composes each case from nft(8)'s grammar (selectors, relations,
statements, sets, maps, chains, objects, in every family, values in
every notation, some of them bad).  Each case is loaded by both nfts in
turn, in a network namespace per batch of cases, and compared:

  accept     accepted by one, refused by the other
  caret      both refuse, the first caret (^) in a different column
  bytecode   --debug=netlink output (element lines order-insensitive)
  state      the kernel state each load left (tests/lib/nlstate.py)
  listing    our "list ruleset" of our load against the reference's of
             its load
  json       the same, -j (handles and metainfo left out)
  cross      each side's listing (text, JSON) of the other's kernel
             state: we list the reference's load as it does, and it
             lists ours as we do
  reload     our load of the reference's JSON listing leaves the state
             its own load did (or, where its JSON does not reload as
             the case, the state its own load of that JSON leaves)
  crash      our library crashed (the worker died on the case)

Only what must be is normalised: handles, the metainfo object, and
device lists (1.1.3 prints "devices = { v0, v1 }", we quote the names:
the project's one standing difference).  A mismatch that an entry of
known.txt matches is "deliberate" and does not fail; known.txt gives
each entry's reason.  The reference aborting on an input (RefCrash) is
reported as "ref-crash", deliberate by known.txt's entry for it.

open.txt lists the cases of the make check slice that still differ, not
deliberately, each with the aspects it differs in: work to do, not
differences to keep.  Such a case differing in those aspects only is
"open" and does not fail the run; differing in another aspect, or a
crash, it fails, so the list only shrinks.  A listed case that passes is
reported; --update-open rewrites the list from the cases run.

Usage: run.py [--seed S] [--cases N] [--filter TEXT] [--case SEED:I ...]
              [--text RULESET ...] [-v] [-j N] [--batch N] [--save FILE]
              [--nft PATH] [--print]
Cases are (seed, index) pairs: "--case 7:123" replays case 123 of seed 7
alone.  The last line reads "N passed, N failed"; exit status 0 when no
case failed, 1 otherwise, 77 when the tier cannot run (not root), see
tests/py/nft-test.py's skip().
"""

import argparse
import ctypes
import importlib.util
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import threading
import time

HERE = os.path.dirname(os.path.abspath(__file__))
TOP = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, os.path.join(TOP, "tests", "lib"))
sys.path.insert(0, HERE)
from nftdrv import LibNft, RefNft, RefCrash, ref_available  # noqa: E402
import nlstate  # noqa: E402
import gen  # noqa: E402

ASPECTS = ("crash", "accept", "caret", "bytecode", "state", "listing",
           "json", "cross", "reload", "ref-crash")
CLONE_NEWNET = 0x40000000
DETAIL_LINES = 30


def nft_test():
    """tests/py/nft-test.py as a module: its library and sanitizer
    helpers are ours too."""
    path = os.path.join(TOP, "tests", "py", "nft-test.py")
    spec = importlib.util.spec_from_file_location("nft_test", path)
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


# -- normalisation -------------------------------------------------------------

DEVICES_RE = re.compile(r"(devices = \{ )([^}]*)( \})")


def quote_devices(text):
    """1.1.3's unquoted device lists as we print them (quoted)."""
    def q(m):
        names = [n.strip() for n in m.group(2).split(",")]
        names = [n if n.startswith('"') else '"%s"' % n for n in names]
        return m.group(1) + ", ".join(names) + m.group(3)
    return DEVICES_RE.sub(q, text)


# 1.1.3 prints a line for each stateful object it adds ("table (null)
# name (null) use 0 [ counter ... ]"): not a rule's expressions or a
# set's elements (the kernel state comparison covers objects; ours
# leaves out some of a ct object's). Its chain lines ("inet t c use
# 0") ours prints alike.
CHAIN_DEBUG_RE = re.compile(r"^table \(null\) name \(null\) use \d+ .*$")


def bytecode(out):
    """Debug output lines, each set's element line in a fixed order."""
    lines = []
    for line in out.splitlines():
        if not line.strip() or CHAIN_DEBUG_RE.match(line):
            continue
        if line.startswith("\telement "):
            elems = ["\telement " + x for x in
                     line[len("\telement "):].split("\telement ")]
            line = "".join(sorted(elems))
        lines.append(line)
    return lines


# An element's expiry counts down between a load and its listing: what
# is left depends on the time each side took (and the first listing of a
# "1m" may read "59s984ms"), so it is left out of the comparison; the
# kernel state comparison leaves it out too.
EXPIRES_RE = re.compile(r" expires [0-9dhms]+")


# A hash set's dump comes in the order of its hash, whose seed the kernel
# picks for each set: two loads of one ruleset list the same elements in
# other orders. The elements are compared as sets (sorted), in text and
# in JSON.
ELEMENTS_RE = re.compile(r"(elements = \{ )(.*?)( \})", re.S)


def sort_elements(text):
    def srt(m):
        elems = [e.strip() for e in m.group(2).split(",")]
        return m.group(1) + ", ".join(sorted(elems)) + m.group(3)
    return ELEMENTS_RE.sub(srt, text)


def strip_json(v):
    if isinstance(v, dict):
        return {k: (sorted((strip_json(e) for e in x), key=json.dumps)
                    if k == "elem" and isinstance(x, list) else
                    strip_json(x))
                for k, x in v.items() if k not in ("handle", "expires")}
    if isinstance(v, list):
        return [strip_json(x) for x in v]
    return v


def json_listing(out):
    try:
        doc = json.loads(out)
    except ValueError:
        return {"unparsable": out}
    items = [x for x in doc.get("nftables", []) if "metainfo" not in x]
    return strip_json(items)


CARET_RE = re.compile(r"^[ \t~^]*\^[ ~^]*$")


def caret(err):
    """(column of the first '^', the line above it) of the first error."""
    lines = err.splitlines()
    for i, line in enumerate(lines):
        if CARET_RE.match(line):
            return line.index("^"), lines[i - 1] if i else ""
    return None, None


def first_error(err):
    for line in err.splitlines():
        if "Error:" in line:
            return line[line.index("Error:"):]
    return err.strip().split("\n")[0] if err.strip() else ""


def text_diff(a, b, names):
    import difflib
    return "".join(difflib.unified_diff(a.splitlines(True),
                                        b.splitlines(True), names[0],
                                        names[1], n=1))


# -- one case (inside the worker's namespace) ----------------------------------


class Side:
    """What one nft's load of a case gave."""

    def __init__(self):
        self.rc = None
        self.out = self.err = ""
        self.state = None
        self.list = self.json = None
        self.raw_list = None            # the listing unnormalised
        self.other_list = self.other_json = None   # the other lists ours
        self.other_crash = None


def listing(nft, json_out=False):
    """A listing, or its error: a listing that fails is a difference."""
    rc, out, err = nft.run("list ruleset", json_out=json_out)
    if rc != 0:
        return {"listing failed": err.strip()} if json_out else \
            "listing failed: %s\n" % err.strip()
    return json_listing(out) if json_out else \
        sort_elements(EXPIRES_RE.sub(" expires T", out))


def load(nft, other, text):
    side = Side()
    side.rc, side.out, side.err = nft.run(text, debug=True)
    if side.rc == 0:
        side.state = nlstate.snapshot()
        side.list = listing(nft)
        rc, out, _ = nft.run("list ruleset")
        side.raw_list = out if rc == 0 else None
        side.json = listing(nft, True)
        try:
            side.other_list = listing(other)
            side.other_json = listing(other, True)
        except RefCrash as e:
            # the reference aborts listing our load: reported, and the
            # cross-listing compared no further
            side.other_crash = str(e)
            side.other_list, side.other_json = side.list, side.json
    return side


def flush(nft):
    rc, _, err = nft.run("flush ruleset")
    if rc:
        raise RuntimeError("flush ruleset failed: " + err)


def compare(case, ours, ref):
    res = {"id": case.id, "family": case.family, "kind": case.kind,
           "text": case.text, "mismatches": []}
    add = lambda aspect, detail: res["mismatches"].append([aspect, detail])
    o = load(ours, ref, case.text)
    flush(ours)
    try:
        r = load(ref, ours, case.text)
    except RefCrash as e:
        res["ours"], res["ref"] = o.rc, "crash"
        add("ref-crash", "%s\nours: rc %d %s" % (str(e)[-300:], o.rc,
                                                 first_error(o.err)))
        return res
    finally:
        flush(ours)
    res["ours"], res["ref"] = o.rc, r.rc
    if o.other_crash:
        add("ref-crash", "listing our load: " + o.other_crash[-400:])
    res["ours_err"], res["ref_err"] = first_error(o.err), first_error(r.err)
    if o.rc != r.rc:
        add("accept", "ours: %s\nref:  %s" % (
            "accepted" if o.rc == 0 else o.err.rstrip(),
            "accepted" if r.rc == 0 else r.err.rstrip()))
        return res
    if o.rc != 0:
        oc, ol = caret(o.err)
        rc_, rl = caret(r.err)
        if oc != rc_:
            add("caret", "ours:\n%s\nref:\n%s" % (o.err.rstrip(),
                                                 r.err.rstrip()))
        return res
    ob, rb = bytecode(o.out), bytecode(r.out)
    if ob != rb:
        add("bytecode", text_diff("\n".join(rb) + "\n", "\n".join(ob) + "\n",
                                  ("ref", "ours")))
    d = nlstate.diff(r.state, o.state, ("ref", "ours"))
    if d:
        add("state", d)
    rl = quote_devices(r.list)
    if o.list != rl:
        add("listing", text_diff(rl, o.list, ("ref", "ours")))
    if o.json != r.json:
        add("json", text_diff(json.dumps(r.json, indent=1, sort_keys=True),
                              json.dumps(o.json, indent=1, sort_keys=True),
                              ("ref", "ours")))
    cross = []
    if r.other_list != rl:
        cross.append("ours listing the reference's load, text:\n" +
                     text_diff(rl, r.other_list, ("ref", "ours")))
    if quote_devices(o.other_list) != o.list:
        cross.append("the reference listing our load, text:\n" +
                     text_diff(o.list, quote_devices(o.other_list),
                               ("ours", "ref")))
    if r.other_json != r.json:
        cross.append("ours listing the reference's load, JSON:\n" + text_diff(
            json.dumps(r.json, indent=1, sort_keys=True),
            json.dumps(r.other_json, indent=1, sort_keys=True),
            ("ref", "ours")))
    if o.other_json != o.json:
        cross.append("the reference listing our load, JSON:\n" + text_diff(
            json.dumps(o.json, indent=1, sort_keys=True),
            json.dumps(o.other_json, indent=1, sort_keys=True),
            ("ours", "ref")))
    if cross:
        add("cross", "\n".join(cross))
    # our load of the reference's JSON listing
    doc = {"nftables": r.json if isinstance(r.json, list) else []}
    jrc, _, jerr = ours.run(json.dumps(doc), json_out=True)
    if jrc != 0:
        flush(ours)
        try:
            rrc, _, _ = ref.run(json.dumps(doc), json_out=True)
        except RefCrash:
            rrc = 0
        # its JSON that the reference refuses too ("vlan dei & 31")
        if rrc == 0:
            add("reload", "ours refused the reference's JSON: %s" %
                jerr.strip())
    else:
        d = nlstate.diff(r.state, nlstate.snapshot(), ("ref", "ours"))
        if d:
            d = reload_by_ref(ours, ref, doc, d)
        if d:
            add("reload", d)
    flush(ours)
    mark_lossy(res, ours, ref, o, r)
    return res


LOSSY = "\n(1.1.3's %s listing of its load does not load back as it; " \
    "ours does)"


def loads_back(nft, text, state, json_out=False):
    """Whether a listing, loaded into an empty ruleset, leaves the state
    the case's load left."""
    flush(nft)
    try:
        rc, _, _ = nft.run(text, json_out=json_out)
    except RefCrash:
        return False
    ok = rc == 0 and not nlstate.diff(state, nlstate.snapshot(),
                                      ("case", "listing"))
    flush(nft)
    return ok


def mark_lossy(res, ours, ref, o, r):
    """A listing difference where 1.1.3's listing does not load back as
    what it loaded (it lost data: "ip saddr . ip length map { 1.2.3.4 .
    0 : ... }" for 9236) while ours loads back as ours loaded: each such
    detail says so, for known.txt's entry; the difference is 1.1.3's.
    Our load of 1.1.3's JSON ("reload") is moot where that JSON lost
    data."""
    aspects = set(m[0] for m in res["mismatches"])
    if not aspects & {"listing", "json", "cross", "reload"}:
        return
    lossy = {}
    if o.raw_list is not None and r.raw_list is not None and \
            loads_back(ours, o.raw_list, o.state) and \
            not loads_back(ref, r.raw_list, r.state):
        lossy["text"] = True
    if isinstance(o.json, list) and isinstance(r.json, list) and \
            loads_back(ours, json.dumps({"nftables": o.json}), o.state,
                       True) and \
            not loads_back(ref, json.dumps({"nftables": r.json}), r.state,
                           True):
        lossy["JSON"] = True
    for m in res["mismatches"]:
        if m[0] == "listing" and "text" in lossy:
            m[1] += LOSSY % "text"
        elif m[0] in ("json", "reload") and "JSON" in lossy:
            m[1] += LOSSY % "JSON"
        elif m[0] == "cross":
            need = set()
            if ", text:" in m[1]:
                need.add("text")
            if ", JSON:" in m[1]:
                need.add("JSON")
            if need and need <= set(lossy):
                m[1] += LOSSY % " and ".join(sorted(need))


def reload_by_ref(ours, ref, doc, d):
    """Our load of the reference's JSON left another state than its load
    of the case: the difference stands unless the reference's own load
    of that JSON leaves our state, its JSON being what does not reload
    as the case (1.1.3 lists "meta length & 4294967295" as "meta
    length", say)."""
    mine = nlstate.snapshot()
    flush(ours)
    try:
        jrc, _, _ = ref.run(json.dumps(doc), json_out=True)
    except RefCrash:
        return d
    if jrc == 0 and not nlstate.diff(nlstate.snapshot(), mine,
                                     ("ref", "ours")):
        return None
    return d


def new_netns():
    libc = ctypes.CDLL(None, use_errno=True)
    if libc.unshare(CLONE_NEWNET) != 0:
        raise OSError(ctypes.get_errno(), "unshare(CLONE_NEWNET)")


def worker_main(args):
    """One batch: case ids on stdin, "start ID" and "result JSON" lines on
    stdout; a new network namespace of its own."""
    cases = [gen.Case(c["id"], c["family"], c["text"], c["kind"])
             for c in json.load(sys.stdin)]
    new_netns()
    env = dict(os.environ)
    env.pop("LD_PRELOAD", None)
    subprocess.run(["ip", "link", "add", "v0", "type", "veth", "peer",
                    "name", "v1"], check=True, env=env)
    ours = LibNft(args.lib)
    ref = RefNft()
    out = sys.stdout
    for case in cases:
        out.write("start %s\n" % case.id)
        out.flush()
        res = compare(case, ours, ref)
        out.write("result %s\n" % json.dumps(res))
        out.flush()
    ours.close()
    ref.close()
    return 0


# -- deliberate differences ------------------------------------------------------


class Known:
    """known.txt: blocks of "aspect:", "input:" (a regex the case's text
    matches), "detail:" (a regex the mismatch's detail matches) and
    "reason:" lines; a blank line ends a block."""

    def __init__(self, path):
        self.entries = []
        cur = {}
        with open(path) as f:
            for line in f.read().split("\n") + [""]:
                if line.startswith("#"):
                    continue
                if not line.strip():
                    if cur:
                        self.entries.append(cur)
                    cur = {}
                    continue
                key, _, val = line.partition(":")
                val = val.strip()
                if key in ("input", "detail"):
                    val = re.compile(val, re.S)
                if key == "reason" and "reason" in cur:
                    cur[key] += " " + val
                else:
                    cur[key.strip()] = val
        for e in self.entries:
            if "aspect" not in e or "reason" not in e:
                raise ValueError("known.txt: an entry needs aspect: and "
                                 "reason: %r" % e)

    def match(self, aspect, text, detail):
        for e in self.entries:
            if e["aspect"] != aspect:
                continue
            if "input" in e and not e["input"].search(text):
                continue
            if "detail" in e and not e["detail"].search(detail):
                continue
            return e
        return None


# -- the driver -------------------------------------------------------------------


def run_batches(batches, cases, args, env, results, log):
    """Runs each batch in a worker process; a worker that dies (our library
    crashed) fails the case it was on, and the rest of its batch runs in a
    new worker."""
    lock = threading.Lock()
    todo = list(batches)

    def one(ids):
        errf = tempfile.TemporaryFile()
        p = subprocess.Popen([sys.executable, os.path.abspath(__file__),
                              "--worker", "--lib", args.lib],
                             stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                             stderr=errf, text=True, env=env)
        p.stdin.write(json.dumps([cases[i].__dict__ for i in ids]))
        p.stdin.close()
        current, done = None, set()
        for line in p.stdout:
            kind, _, rest = line.rstrip("\n").partition(" ")
            if kind == "start":
                current = rest
            elif kind == "result":
                res = json.loads(rest)
                done.add(res["id"])
                with lock:
                    results[res["id"]] = res
                    log(res)
                current = None
        rc = p.wait()
        errf.seek(0)
        err = errf.read().decode(errors="replace")
        if current is not None or rc != 0:
            if current is None:
                # not a case's doing: the rest of the batch is not run
                with lock:
                    print("worker failed (exit %d):\n%s" % (rc, err[-3000:]))
                return []
            case = cases[current]
            res = {"id": current, "family": case.family, "kind": case.kind,
                   "text": case.text, "ours": "crash", "ref": None,
                   "mismatches": [["crash", "exit %d\n%s" % (
                       rc, "\n".join(err.splitlines()[-40:]))]]}
            with lock:
                results[current] = res
                log(res)
            done.add(current)
            return [i for i in ids if i not in done]
        return []

    def loop():
        while True:
            with lock:
                if not todo:
                    return
                ids = todo.pop(0)
            rest = one(ids)
            if rest:
                with lock:
                    todo.insert(0, rest)

    threads = [threading.Thread(target=loop) for _ in range(args.jobs)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()


def skip(msg):
    strict = os.geteuid() == 0 or os.environ.get("CI")
    if strict and os.environ.get("NFT_TEST_ALLOW_SKIP") != "1":
        print("ERROR: would skip as root/CI (NFT_TEST_ALLOW_SKIP=1 allows "
              "it): %s" % msg)
        return 1
    print("SKIP: %s" % msg)
    return 77


def clip(text, n=DETAIL_LINES):
    lines = text.rstrip().split("\n")
    if len(lines) > n:
        lines = lines[:n] + ["... (%d more lines)" % (len(lines) - n)]
    return "\n".join(lines)


def read_open(path):
    """open.txt: "SEED:INDEX ASPECT[,ASPECT...]" lines, # comments."""
    opened = {}
    if not os.path.exists(path):
        return opened
    with open(path) as f:
        for line in f:
            line = line.split("#", 1)[0].split()
            if len(line) == 2:
                opened[line[0]] = set(line[1].split(","))
    return opened


def write_open(path, still_open):
    def key(cid):
        seed, _, n = cid.partition(":")
        return (seed, int(n) if n.isdigit() else 0)
    with open(path, "w") as f:
        f.write("# Cases of the make check slice (tests/diff/run.sh) that still\n"
                "# differ from the reference, not deliberately: work to do.\n"
                "# Written by run.py --update-open; see run.py.\n")
        for cid in sorted(still_open, key=key):
            if not cid.startswith("text:"):
                f.write("%s %s\n" % (cid, ",".join(still_open[cid])))


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--seed", default="1")
    ap.add_argument("--cases", type=int, default=1000)
    ap.add_argument("--case", action="append", default=[],
                    help="run this case alone (SEED:INDEX), repeatable")
    ap.add_argument("--filter", help="only cases whose text contains this")
    ap.add_argument("--text", action="append", default=[],
                    help="run this ruleset text as a case (\"text:N\"), "
                    "repeatable: for reducing a case by hand")
    ap.add_argument("-v", "--verbose", action="store_true",
                    help="print every case, and deliberate differences")
    ap.add_argument("-j", "--jobs", type=int, default=2)
    ap.add_argument("--batch", type=int, default=250,
                    help="cases per network namespace")
    ap.add_argument("--save", help="write every result as a JSON line here")
    ap.add_argument("--nft", default=os.environ.get("NFT"))
    ap.add_argument("--print", action="store_true",
                    help="print the cases, run nothing")
    ap.add_argument("--open", default=os.path.join(HERE, "open.txt"),
                    help="cases known to differ still (see above)")
    ap.add_argument("--update-open", action="store_true",
                    help="rewrite the open list from this run's failures")
    ap.add_argument("--worker", action="store_true", help=argparse.SUPPRESS)
    ap.add_argument("--lib", help=argparse.SUPPRESS)
    args = ap.parse_args()
    if args.worker:
        return worker_main(args)

    ids = args.case or ["%s:%d" % (args.seed, i) for i in range(args.cases)]
    if args.text and not args.case:
        ids = []
    cases = {i: gen.gen_case(*i.split(":")) for i in ids}
    for n, text in enumerate(args.text):
        cid = "text:%d" % n
        m = re.search(r"\b(ip6|ip|inet|arp|bridge|netdev)\b", text)
        cases[cid] = gen.Case(cid, m.group(1) if m else "?",
                              text.rstrip("\n") + "\n", "text")
        ids.append(cid)
    if args.filter:
        ids = [i for i in ids if args.filter in cases[i].text]
    if args.print:
        for i in ids:
            c = cases[i]
            print("# case %s (%s, %s)\n%s" % (i, c.family, c.kind, c.text))
        return 0
    if os.geteuid() != 0 or not shutil.which("unshare"):
        return skip("tests/diff needs root and unshare")
    if not ref_available():
        subprocess.run([os.path.join(TOP, "tools", "ref"), "make"])
        if not ref_available():
            return skip("no reference root (tools/ref make failed)")
    if not args.nft:
        print("ERROR: no nft to test: --nft PATH or NFT=PATH")
        return 1
    nt = nft_test()
    args.nft = os.path.abspath(args.nft)
    args.lib = nt.library_of(args.nft)
    if not args.lib:
        print("ERROR: no libnftables found for %s" % args.nft)
        return 1
    subprocess.run([args.nft, "--version"], capture_output=True)
    env = dict(os.environ)
    preload = nt.sanitizer_preload(args.lib)
    if preload:
        env["LD_PRELOAD"] = preload
        env["ASAN_OPTIONS"] = "detect_leaks=0:" + \
            env.get("ASAN_OPTIONS", "").replace("detect_leaks=1", "")
    env.setdefault("TZ", "UTC")
    known = Known(os.path.join(HERE, "known.txt"))
    opened = read_open(args.open) if not args.update_open else {}

    results = {}
    save = open(args.save, "w") if args.save else None
    counts = {"pass": 0, "fail": 0, "deliberate": 0, "open": 0,
              "closed": []}
    still_open = {}
    by_aspect = {a: 0 for a in ASPECTS}
    deliberate = {a: 0 for a in ASPECTS}

    def log(res):
        failing = []
        for m in res["mismatches"]:
            e = known.match(m[0], res["text"], m[1])
            m.append(e["reason"] if e else None)
            if e:
                deliberate[m[0]] += 1
            else:
                by_aspect[m[0]] += 1
                failing.append(m)
        aspects = sorted(set(m[0] for m in failing))
        was_open = False
        if failing:
            still_open[res["id"]] = aspects
        if failing and "crash" not in aspects and \
                set(aspects) <= opened.get(res["id"], set()):
            counts["open"] += 1
            was_open = True
            failing = []
        elif not failing and res["id"] in opened:
            counts["closed"].append(res["id"])
        res["failed"] = bool(failing)
        if failing:
            counts["fail"] += 1
        else:
            counts["pass"] += 1
        if res["mismatches"] and not failing and not was_open:
            counts["deliberate"] += 1
        if save:
            save.write(json.dumps(res) + "\n")
        if failing or args.verbose:
            print("%s %s [%s %s] %s" % (
                "FAIL" if failing else "ok  ", res["id"], res["family"],
                res["kind"], " ".join(m[0] for m in res["mismatches"]) or
                "same"))
            if failing or res["mismatches"]:
                print("    " + res["text"].rstrip().replace("\n", "\n    "))
            for m in res["mismatches"]:
                if m in failing or args.verbose:
                    tag = "" if m in failing else " (deliberate: %s)" % m[2]
                    print("  %s%s:\n      %s" % (m[0], tag, clip(m[1]).replace(
                        "\n", "\n      ")))
        sys.stdout.flush()

    start = time.time()
    batches = [ids[n:n + args.batch] for n in range(0, len(ids), args.batch)]
    run_batches(batches, cases, args, env, results, log)
    if save:
        save.close()
    n = len(results)
    acc = lambda side, v: sum(1 for r in results.values() if r[side] == v)
    print("cases: %d in %.0fs (%.1f ms a case)" % (
        n, time.time() - start, 1000.0 * (time.time() - start) / max(n, 1)))
    print("ours: %d accepted, %d refused, %d crashed" % (
        acc("ours", 0), acc("ours", 1), acc("ours", "crash")))
    print("reference: %d accepted, %d refused, %d crashed" % (
        acc("ref", 0), acc("ref", 1), acc("ref", "crash")))
    print("mismatches by aspect: " + ", ".join(
        "%s %d" % (a, by_aspect[a]) for a in ASPECTS))
    print("deliberate differences: %d case(s): " % counts["deliberate"] +
          ", ".join("%s %d" % (a, deliberate[a]) for a in ASPECTS
                    if deliberate[a]))
    if opened or counts["open"]:
        print("open (%s, not yet matched): %d case(s) still differ" % (
            os.path.basename(args.open), counts["open"]))
    if counts["closed"]:
        print("now matched, to take off the open list (--update-open): %s"
              % " ".join(sorted(counts["closed"])[:40]))
    if args.update_open:
        write_open(args.open, still_open)
    missing = [i for i in ids if i not in results]
    if missing:
        print("not run: %s" % " ".join(missing[:20]))
    print("%d passed, %d failed" % (counts["pass"],
                                   counts["fail"] + len(missing)))
    if not n:
        print("ERROR: no case ran")
        return 1
    return 1 if counts["fail"] or missing else 0


if __name__ == "__main__":
    sys.exit(main())
