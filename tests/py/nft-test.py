#!/usr/bin/python3
"""Golden-file rule tests for nft.

Each tests/py/<family>/<topic>.t file describes one table and chain and a
list of rule entries.  For every entry, inside a network namespace of its
own per file, the harness:

  1. adds the rule with "$NFT --debug=netlink" and compares the bytecode;
  2. lists the chain and compares the rule line with the expected listing;
  3. lists it with "$NFT -j" and compares the rule object (expr, comment);
  4. when the system nft exists and is not $NFT, lists the chain with it
     and compares again (compat: the kernel state we made reads the same);
  5. finds the rule's handle with "-a", deletes it, checks the chain is empty;
  6. adds the rule again from JSON ("$NFT -j -f -") built from the expected
     JSON, compares bytecode and listing, and flushes the chain.

"fail:" entries must be rejected (exit 1, an "Error:" and a caret line) and
leave the chain empty.

File format (one directive per line, '#' starts a comment line):

  family: ip                 family of the table
  table: t                   table name
  veth: v0 v1                create this veth pair first (optional, repeatable)
  chain: c { type filter hook input priority filter; }
  chain: target              more chains; entries go into the FIRST one

  rule: ip daddr 4.3.2.1 counter drop       the input
  list: ip daddr 4.3.2.1 counter packets 0 bytes 0 drop
                             expected listing (omitted: same as rule:)
    [ payload load 4b @ network header + 16 => reg 1 ]
                             expected bytecode, indented lines as
                             "nft --debug=netlink" prints them
  json: [{"match": ...}, ...]
                             the rule's "expr" array, or an object with the
                             rule's keys other than family/table/chain/handle
  fail: ip saddr 1.2.3.4/33  a rule that must be rejected
  sysnft: tcp flags syn / syn,ack
                             what the system nft lists instead, where it
                             differs on purpose (upstream 1.1 formats per
                             UPSTREAM-FORMAT.md, or a system nft bug)

Modes:
  (default)    run the checks above against $NFT
  --compat     load each rule with $NFT and with the system nft; the system
               nft must list both the same, and $NFT must list the rule the
               system nft loaded as expected
  --update     rewrite list:/bytecode/json: of the given files from what
               $NFT does (use NFT=/usr/sbin/nft, then review the diff)

Usage: nft-test.py [-v] [-j N] [--compat|--update] [-k TEXT] [FILE[:LINE]...]
Exit status: 0 all passed, 1 something failed, 77 cannot run (not root or
no unshare).
"""

import argparse
import concurrent.futures
import json
import os
import re
import shutil
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
SYSNFT = "/usr/sbin/nft"
SANITIZER_RE = re.compile(r"(AddressSanitizer|LeakSanitizer|"
                          r"UndefinedBehaviorSanitizer|runtime error:)")
TIMEOUT = 60
# "sysnft: (aborts)": the system nft crashes listing this (its bugs,
# UPSTREAM-FORMAT.md section 9), so there is nothing to compare
SYSNFT_ABORTS = "(aborts)"


class Entry:
    def __init__(self, lineno, kind, rule):
        self.lineno = lineno
        self.kind = kind        # "rule" or "fail"
        self.rule = rule
        self.listing = None
        self.bytecode = []
        self.json = None
        self.sysnft = None      # system nft's listing, if it differs

    def system_listing(self):
        return self.sysnft if self.sysnft is not None \
            else self.expected_listing()

    def expected_listing(self):
        return self.listing if self.listing is not None else self.rule


class TestFile:
    def __init__(self, path):
        self.path = path
        self.family = None
        self.table = None
        self.veths = []
        self.chains = []        # (name, spec or "")
        self.entries = []
        self.header_lines = []  # verbatim, for --update
        self.parse()

    def parse(self):
        cur = None
        in_header = True
        with open(self.path) as f:
            lines = f.read().split("\n")
        for lineno, raw in enumerate(lines, 1):
            line = raw.rstrip()
            if line.startswith("  ") and line.strip():
                if cur is None:
                    raise ValueError("%s:%d: bytecode outside an entry"
                                     % (self.path, lineno))
                cur.bytecode.append(line)
                continue
            key, _, val = line.partition(":")
            val = val.strip()
            if key in ("rule", "fail"):
                in_header = False
                cur = Entry(lineno, key, val)
                self.entries.append(cur)
            elif key == "list" and cur:
                cur.listing = val
            elif key == "json" and cur:
                cur.json = json.loads(val)
            elif key == "sysnft" and cur:
                cur.sysnft = val
            elif in_header:
                self.header_lines.append(raw)
                self.parse_header(key, val, lineno)
            elif line.strip() and not line.startswith("#"):
                raise ValueError("%s:%d: unexpected line" % (self.path, lineno))
        while self.header_lines and not self.header_lines[-1].strip():
            self.header_lines.pop()
        if not (self.family and self.table and self.chains):
            raise ValueError("%s: needs family:, table: and chain:" % self.path)

    def parse_header(self, key, val, lineno):
        if key == "family":
            self.family = val
        elif key == "table":
            self.table = val
        elif key == "veth":
            self.veths.append(val.split())
        elif key == "chain":
            name, _, spec = val.partition(" ")
            self.chains.append((name, spec.strip()))
        elif key.strip() and not key.startswith("#"):
            raise ValueError("%s:%d: unknown directive %r"
                             % (self.path, lineno, key))

    @property
    def chain(self):
        return self.chains[0][0]


class Failure(Exception):
    pass


class Runner:
    """Runs inside the namespace; one per test file."""

    def __init__(self, tf, nft, verbose):
        self.tf = tf
        self.nft = nft
        self.verbose = verbose
        self.sysnft = SYSNFT if os.access(SYSNFT, os.X_OK) else None
        self.env = dict(os.environ)
        self.env.setdefault("ASAN_OPTIONS",
                            "detect_leaks=1:abort_on_error=0")
        self.baseline = None

    # -- running nft -----------------------------------------------------

    def run(self, argv, stdin=None, nft=None, check=True):
        cmd = [nft or self.nft] + argv
        p = subprocess.run(cmd, input=stdin, capture_output=True, text=True,
                           env=self.env, timeout=TIMEOUT)
        if SANITIZER_RE.search(p.stderr):
            raise Failure("sanitizer report from %s:\n%s"
                          % (" ".join(cmd), p.stderr))
        if check and p.returncode != 0:
            raise Failure("%s: exit %d\n%s" % (" ".join(cmd), p.returncode,
                                                 p.stderr.rstrip()))
        return p

    def where(self):
        return [self.tf.family, self.tf.table, self.tf.chain]

    def setup(self):
        for pair in self.tf.veths:
            subprocess.run(["ip", "link", "add", pair[0], "type", "veth",
                            "peer", "name", pair[1]], check=True)
        # Devices stay down: no traffic, so counters stay at zero.
        # Created with the system nft where there is one, so that a broken
        # chain in our nft shows up as failing entries, not a dead file.
        setup_nft = self.sysnft or self.nft
        text = "add table %s %s\n" % (self.tf.family, self.tf.table)
        for name, spec in self.tf.chains:
            text += "add chain %s %s %s %s\n" % (self.tf.family,
                                                 self.tf.table, name, spec)
        self.run(["-f", "-"], stdin=text, nft=setup_nft)
        self.baseline = self.chain_lines(self.nft)

    # -- listings ----------------------------------------------------------

    def chain_lines(self, nft, handles=False):
        argv = (["-a"] if handles else []) + ["list", "chain"] + self.where()
        out = self.run(argv, nft=nft).stdout
        return [l[2:] for l in out.split("\n") if l.startswith("\t\t")]

    def rule_lines(self, nft=None, handles=False):
        lines = self.chain_lines(nft or self.nft, handles)
        n = len(self.baseline)
        head = lines[:n]
        if handles:
            head = [re.sub(r" # handle \d+$", "", l) for l in head]
        if head != self.baseline:
            raise Failure("chain header changed:\n  %r\n  %r"
                          % (self.baseline, head))
        return lines[n:]

    def json_rules(self):
        out = self.run(["-j", "list", "chain"] + self.where()).stdout
        try:
            doc = json.loads(out)
        except ValueError as e:
            raise Failure("-j list: bad JSON (%s): %r" % (e, out[:300]))
        rules = [o["rule"] for o in doc.get("nftables", []) if "rule" in o]
        for r in rules:
            for k in ("family", "table", "chain", "handle"):
                if k not in r:
                    raise Failure("JSON rule lacks %r: %s" % (k, r))
            if [r["family"], r["table"], r["chain"]] != self.where():
                raise Failure("JSON rule in wrong place: %s" % r)
        return [{k: v for k, v in r.items()
                 if k not in ("family", "table", "chain", "handle")}
                for r in rules]

    @staticmethod
    def bytecode_of(out):
        return ["  " + l.strip() for l in out.split("\n")
                if l.startswith("  ") and l.strip()]

    def flush(self):
        self.run(["flush", "chain"] + self.where())

    def expect_empty(self, what):
        left = self.rule_lines()
        if left:
            raise Failure("%s: chain not empty: %r" % (what, left))

    # -- checks --------------------------------------------------------------

    def add_text(self, e, nft=None):
        p = self.run(["--debug=netlink", "add", "rule"] + self.where() +
                     [e.rule], nft=nft)
        return self.bytecode_of(p.stdout)

    def check_one(self, what, got, want):
        if got == want:
            return
        if what.startswith("bytecode"):
            raise Failure("%s differs:\n  expected:\n%s\n  got:\n%s"
                          % (what, "\n".join(want), "\n".join(got)))
        raise Failure("%s differs:\n  expected: %s\n  got:      %s"
                      % (what, want, got))

    def check_rule(self, e):
        exp_json = e.json if isinstance(e.json, dict) else {"expr": e.json}
        self.check_one("bytecode", self.add_text(e), e.bytecode)
        self.check_one("listing", self.rule_lines(), [e.expected_listing()])
        self.check_one("json", self.json_rules(), [exp_json])
        if self.sysnft and not self.same_as_system() and \
                e.sysnft != SYSNFT_ABORTS:
            self.check_one("listing by system nft",
                           self.rule_lines(self.sysnft),
                           [e.system_listing()])
        self.delete_by_handle()
        self.check_json_input(e, exp_json)

    def delete_by_handle(self):
        lines = self.rule_lines(handles=True)
        if len(lines) != 1:
            raise Failure("-a listing: expected one rule, got %r" % lines)
        m = re.search(r" # handle (\d+)$", lines[0])
        if not m:
            raise Failure("-a listing has no handle: %r" % lines[0])
        self.run(["delete", "rule"] + self.where() + ["handle", m.group(1)])
        self.expect_empty("delete by handle")

    def check_json_input(self, e, exp_json):
        rule = {"family": self.tf.family, "table": self.tf.table,
                "chain": self.tf.chain}
        rule.update(exp_json)
        doc = json.dumps({"nftables": [{"add": {"rule": rule}}]})
        p = self.run(["--debug=netlink", "-j", "-f", "-"], stdin=doc)
        self.check_one("bytecode from JSON input",
                       self.bytecode_of(p.stdout), e.bytecode)
        self.check_one("listing after JSON input", self.rule_lines(),
                       [e.expected_listing()])
        self.flush()
        self.expect_empty("flush")

    def check_fail(self, e):
        p = self.run(["add", "rule"] + self.where() + [e.rule], check=False)
        if p.returncode != 1:
            raise Failure("expected exit 1, got %d (stderr %r)"
                          % (p.returncode, p.stderr))
        if "Error:" not in p.stderr or "^" not in p.stderr:
            raise Failure("no error message with caret: %r" % p.stderr)
        self.expect_empty("after failed add")

    def check_compat(self, e):
        self.add_text(e)
        ours = self.rule_lines(self.sysnft)
        self.flush()
        self.add_text(e, nft=self.sysnft)
        theirs = self.rule_lines(self.sysnft)
        mine = self.rule_lines()
        self.flush()
        self.check_one("system listing of rule loaded by us vs by system",
                       ours, theirs)
        self.check_one("system listing", theirs, [e.system_listing()])
        self.check_one("our listing of rule loaded by system", mine,
                       [e.expected_listing()])

    def same_as_system(self):
        return os.path.realpath(self.nft) == os.path.realpath(self.sysnft)

    # -- update ----------------------------------------------------------------

    def update_entry(self, e):
        if e.kind == "fail":
            self.check_fail(e)
            return
        e.bytecode = self.add_text(e)
        lines = self.rule_lines()
        if len(lines) != 1:
            raise Failure("listing: %r" % lines)
        e.listing = lines[0] if lines[0] != e.rule else None
        rules = self.json_rules()
        r = rules[0]
        e.json = r["expr"] if list(r.keys()) == ["expr"] else r
        self.flush()

    def write_file(self):
        out = list(self.tf.header_lines) + [""]
        for e in self.tf.entries:
            out.append("%s: %s" % (e.kind, e.rule))
            if e.kind == "rule":
                if e.listing is not None:
                    out.append("list: %s" % e.listing)
                if e.sysnft is not None:
                    out.append("sysnft: %s" % e.sysnft)
                out.extend(e.bytecode)
                out.append("json: %s" % json.dumps(e.json))
            out.append("")
        with open(self.tf.path, "w") as f:
            f.write("\n".join(out))

    # -- driver ------------------------------------------------------------------

    def run_entries(self, mode, select):
        results = []
        try:
            self.setup()
        except (Failure, subprocess.SubprocessError, OSError) as err:
            return [(self.tf.path, e.lineno, e.rule, False,
                     "setup failed: %s" % err)
                    for e in self.tf.entries if not select or select(e)]
        for e in self.tf.entries:
            if select and not select(e):
                continue
            ok, msg = True, ""
            try:
                if mode == "update":
                    self.update_entry(e)
                elif e.kind == "fail":
                    self.check_fail(e)
                elif mode == "compat":
                    self.check_compat(e)
                else:
                    self.check_rule(e)
            except (Failure, subprocess.SubprocessError, OSError) as err:
                ok, msg = False, str(err)
                try:
                    self.flush()
                except Exception:
                    pass
            results.append((self.tf.path, e.lineno, e.rule, ok, msg))
        if mode == "update":
            self.write_file()
        return results


def inner_main(args):
    tf = TestFile(args.inner)
    select = None
    if args.line or args.k:
        select = lambda e: ((not args.line or e.lineno == args.line) and
                            (not args.k or args.k in e.rule))
    mode = "update" if args.update else "compat" if args.compat else "check"
    results = Runner(tf, args.nft, args.verbose).run_entries(mode, select)
    json.dump(results, sys.stdout)
    return 0


def run_file(path, args):
    argv = ["unshare", "-n", sys.executable, os.path.abspath(__file__),
            "--inner", path, "--nft", args.nft]
    if args.update:
        argv.append("--update")
    if args.compat:
        argv.append("--compat")
    if args.k:
        argv += ["-k", args.k]
    if args.line:
        argv += ["--line", str(args.line)]
    p = subprocess.run(argv, capture_output=True, text=True)
    try:
        return json.loads(p.stdout)
    except ValueError:
        return [(path, 0, "harness", False,
                 "inner run failed (exit %d): %s%s"
                 % (p.returncode, p.stdout[-2000:], p.stderr[-2000:]))]


def find_files(args):
    if not args.files:
        files = []
        for root, _, names in sorted(os.walk(HERE)):
            files += [os.path.join(root, n) for n in sorted(names)
                      if n.endswith(".t")]
        return sorted(files)
    files = []
    for f in args.files:
        path, _, line = f.partition(":")
        if line:
            args.line = int(line)
        if not os.path.exists(path):
            path = os.path.join(HERE, path)
        files.append(os.path.abspath(path))
    return files


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("files", nargs="*")
    ap.add_argument("-v", "--verbose", action="store_true")
    ap.add_argument("-j", "--jobs", type=int, default=os.cpu_count() or 2)
    ap.add_argument("-k", help="only entries whose rule contains this text")
    ap.add_argument("--compat", action="store_true")
    ap.add_argument("--update", action="store_true")
    ap.add_argument("--nft", default=os.environ.get("NFT", SYSNFT))
    ap.add_argument("--inner", help=argparse.SUPPRESS)
    ap.add_argument("--line", type=int, help=argparse.SUPPRESS)
    args = ap.parse_args()

    if args.inner:
        return inner_main(args)
    if os.geteuid() != 0 or not shutil.which("unshare"):
        print("SKIP: needs root and unshare")
        return 77
    if args.compat and not os.access(SYSNFT, os.X_OK):
        print("SKIP: compat mode needs %s" % SYSNFT)
        return 77
    if args.nft != SYSNFT:
        args.nft = os.path.abspath(args.nft)
    files = find_files(args)
    # A libtool wrapper may relink on first use: do that once, not in
    # parallel from every worker.
    subprocess.run([args.nft, "--version"], capture_output=True)
    npass = nfail = 0
    with concurrent.futures.ThreadPoolExecutor(args.jobs) as pool:
        for results in pool.map(lambda f: run_file(f, args), files):
            for path, lineno, rule, ok, msg in results:
                rel = os.path.relpath(path, HERE)
                print("%s %s:%d: %s" % ("PASS" if ok else "FAIL", rel,
                                        lineno, rule))
                if not ok:
                    print("    " + msg.replace("\n", "\n    "))
                npass += ok
                nfail += not ok
    print("%d passed, %d failed" % (npass, nfail))
    return 1 if nfail or not npass else 0


if __name__ == "__main__":
    sys.exit(main())
