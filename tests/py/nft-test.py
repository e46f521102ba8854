#!/usr/bin/python3
"""Golden-file rule tests for nft.

A test file (tests/py/*.t, or tests/py/<family>/*.t) holds rule entries
and names the families they run in.  The harness runs each file once per
family, in a network namespace of its own, with the nft library loaded
into the harness (ctypes, no process per command; one harness process
per job runs file after file).  For every entry:

  1. it adds the rule with netlink debugging on and compares the bytecode,
     anonymous set lines included;
  2. lists the chain and compares the rule line with the expected listing;
  3. lists it as JSON and compares the rule object (expr, comment);
  4. if the reference (upstream 1.1.3, tools/ref) is not the nft under
     test, lists the chain with the reference, text and JSON, and
     compares again (the kernel state we made reads the same);
  5. lists with handles, deletes the rule by its handle, checks the chain
     is empty;
  6. adds the rule again from JSON built from the expected JSON, compares
     bytecode and listing, and flushes the chain;
  7. adds the rule with the reference: the same bytecode, our listing
     and JSON of it as expected, its JSON listing loaded by ours as the
     same rule.

The expectations (list:, bytecode, json:) are what the reference
prints: "--nft ref --update" writes them.

A "fail:" entry must be rejected with an "Error:" and a caret line and
leave the chain empty.

FILE FORMAT

Lines are "KEY: VALUE" directives, indented bytecode lines, comments
('#' first) and blank lines.  Most keys take a family qualifier: the
names of families between the key and the colon ("list inet: ...",
"bytecode bridge netdev:"), which restricts the line to those families.

Header (before the first entry):

  families: ip ip6 inet bridge netdev   families the file runs in
  family: ip                 the same, one family (the older layout,
                             tests/py/<family>/<topic>.t, still works; its
                             entries may lack anonymous set lines, as the
                             first harness did not record them)
  table: t                   table name (default t)
  chain: c { type filter hook input priority filter; policy accept; }
  chain: target              more chains; entries go into the FIRST one
  chain netdev: c { type filter hook ingress device "v0" priority filter; }
                             a qualified chain replaces the chain of the
                             same name in those families
  veth netdev: v0 v1         create this veth pair first (repeatable)

  Without any chain: line, a file gets the chain c above (filter, hook
  input; in netdev hook ingress on the veth v0, which is then created)
  and a regular chain "target".

Entries:

  rule: ip daddr 4.3.2.1 counter drop       a rule, in every family
  rule ip inet: ...                         a rule, in these families only
  list: ip daddr 4.3.2.1 counter packets 0 bytes 0 drop
                             expected listing (omitted: same as rule:)
    [ payload load 4b @ network header + 16 => reg 1 ]
                             expected bytecode: the lines that
                             "nft --debug=netlink" prints, each indented
                             by two spaces, anonymous set lines included:
    __set%d t 3 size 2
    __set%d t 0
    \telement 00001600  : 0 [end]\telement 00005000  : 0 [end]
                             (the element line starts with a tab)
  bytecode inet bridge:      the bytecode in these families: the indented
    [ meta load nfproto => reg 1 ]      lines after it, until the next
    ...                                 bytecode marker or entry
  json: [{"match": ...}, ...]
                             the rule's "expr" array, or an object with the
                             rule's keys other than family/table/chain/handle
  list inet: ...             json inet: ...     per-family overrides
  json-bytecode:             the bytecode after loading the JSON, where
    [ ... ]                  it says less than the text (a dependency
                             "ip protocol icmp" that "icmp type" implies
                             as "meta l4proto icmp")
  json-list: TEXT            the listing after adding the rule from its
                             JSON, where the JSON cannot say all the text
                             did (a raw set's key listed as "ip saddr"
                             reloads as addresses)
  fail: ip saddr 1.2.3.4/33  a rule that must be rejected
  fail ip6: ip saddr 1.2.3.4 ... in these families only

Where the reference differs deliberately (it crashes, loses data, or
lists what reloads as something else: README's Differences), per entry,
optionally per family, with the reason in a comment above the entry:

  ref-list: TEXT             what the reference lists for our rule
  ref-json: JSON             the reference's JSON of our rule
  ref-bytecode:              the reference's bytecode for the rule
    [ ... ]
  ref-skip: REASON           the reference cannot take this entry at all
                             (reported as SKIP when $NFT is the reference)

MODES

  (default)    run the checks above against $NFT; unless --no-ref, and
               when $NFT is not the reference itself, also: the reference
               lists our rule as list: says (text and JSON); the
               reference loads the rule with the same bytecode; we list
               what it loaded as we list our own, text and JSON; its JSON
               listing loads into ours as the same rule; a fail: entry
               fails in the reference too
  --update     rewrite list:/bytecode/json: of the given files from what
               $NFT does, folding identical per-family results into one
               line: "--nft ref --update" writes the reference's output
               (review the diff)
  --convert    merge files of the family-folder layout into topic files
               tests/py/<topic>.t (existing topic files are merged into)
               and delete them

$NFT ("--nft", default: the reference, "ref") is an nft binary whose
libnftables is loaded in-process (a libtool wrapper's
.libs/libnftables.so.1, or the library ldd names for a binary), or
"ref": upstream 1.1.3's library in a server process chrooted into the
reference root (tests/lib/nftdrv.py, tools/ref).  --exec
runs the binary instead, one process per command.  With a sanitizer
build the harness re-runs itself with the ASan runtime preloaded (leak
checking is off in the Python process; the C and shell tiers check
leaks).  A crash inside the library fails the entry that caused it and
the run goes on with the next one.

Usage: nft-test.py [-v] [-j N] [--update|--convert] [--no-ref] [-k TEXT]
                   [--family F] [FILE[:LINE]...]
Exit status: 0 all passed, 1 something failed or nothing ran, 77 cannot
run (not root or no unshare; an error instead when root or CI is set,
unless NFT_TEST_ALLOW_SKIP=1).
"""

import argparse
import ctypes
import json
import os
import queue
import re
import shutil
import subprocess
import sys
import tempfile
import threading

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(os.path.dirname(HERE), "lib"))
import nftdrv  # noqa: E402
from nftdrv import LibNft, ExecNft, RefNft, ref_available  # noqa: E402
import nlstate  # noqa: E402


def unordered_elements(lines):
    """Bytecode lines with each set's element line in a fixed order."""
    out = []
    for line in lines:
        if line.startswith("\telement "):
            elems = ["\telement " + x for x in
                     line[len("\telement "):].split("\telement ")]
            line = "".join(sorted(elems))
        out.append(line)
    return out
FAMILIES = ("ip", "ip6", "inet", "arp", "bridge", "netdev")
SANITIZER_RE = re.compile(r"(AddressSanitizer|LeakSanitizer|"
                          r"UndefinedBehaviorSanitizer|runtime error:)")
TIMEOUT = 60
CHUNK = 200             # entries per unit: a namespace, a job's turn
BASE_CHAIN = "c { type filter hook input priority filter; policy accept; }"
NETDEV_CHAIN = ('c { type filter hook ingress device "v0" priority filter; '
                'policy accept; }')

DEBUG_NETLINK = 0x8
OUTPUT_HANDLE = 1 << 3
OUTPUT_JSON = 1 << 4

# Keys of an entry whose value may differ per family; "bytecode" and
# "system-bytecode" are lists of lines, "json" a JSON value, the rest text.
ENTRY_KEYS = ("list", "bytecode", "json", "ref-list", "ref-bytecode",
              "ref-json", "ref-skip", "json-list", "json-bytecode")
BLOCK_KEYS = ("bytecode", "ref-bytecode", "json-bytecode")
ALIASES = {}
DIRECTIVE_RE = re.compile(r"^([a-z][a-z-]*)((?: +[a-z0-9]+)*) *:(.*)$")


class FormatError(Exception):
    pass


# -- the file format ---------------------------------------------------------


def canon(value):
    """A hashable, order-stable form of an expectation, for folding."""
    return json.dumps(value, sort_keys=True)


class Entry:
    def __init__(self, lineno, kind, rule, only):
        self.lineno = lineno
        self.kind = kind        # "rule" or "fail"
        self.rule = rule
        self.only = only        # tuple of families, or None: the file's
        self.end = lineno       # its last line
        self.pre = []           # comment and blank lines before it
        # key -> list of (families tuple or None, value); None: default
        self.attrs = {}

    def families(self, tf):
        return [f for f in tf.families if not self.only or f in self.only]

    def get(self, key, fam):
        default = None
        for quals, value in self.attrs.get(key, []):
            if quals is None:
                default = value
            elif fam in quals:
                return value
        return default

    def set(self, key, quals, value):
        self.attrs.setdefault(key, []).append((quals, value))

    def listing(self, fam):
        got = self.get("list", fam)
        return got if got is not None else self.rule

    def ref_listing(self, fam):
        got = self.get("ref-list", fam)
        return got if got is not None else self.listing(fam)

    def ref_json(self, fam):
        got = self.get("ref-json", fam)
        return got if got is not None else self.get("json", fam)

    def flat(self, tf):
        """The entry as one record per family (for conversion checks)."""
        out = []
        for fam in self.families(tf):
            rec = {"family": fam, "kind": self.kind, "rule": self.rule}
            for key in ENTRY_KEYS:
                value = self.get(key, fam)
                if key == "list":
                    value = self.listing(fam)
                if value is not None and value != []:
                    rec[key] = value
            out.append(rec)
        return out


class TestFile:
    def __init__(self, path):
        self.path = path
        self.families = []
        self.table = "t"
        self.chain_lines = []   # (quals, name, spec)
        self.veth_lines = []    # (quals, [a, b])
        self.object_lines = []  # "object: counter c { }"
        self.set_lines = []     # (quals, "NAME { ... }")
        self.map_lines = []     # (quals, "NAME { type K : D; ... }")
        self.header_lines = []  # verbatim, for --update
        self.entries = []
        self.old_layout = False
        self.parse()

    def error(self, lineno, msg):
        return FormatError("%s:%d: %s" % (self.path, lineno, msg))

    def quals(self, text, lineno):
        names = tuple(text.split())
        for n in names:
            if n not in FAMILIES:
                raise self.error(lineno, "unknown family %r" % n)
        return names or None

    def parse(self):
        try:
            with open(self.path, encoding="utf-8") as f:
                lines = f.read().split("\n")
        except UnicodeDecodeError as e:
            raise FormatError("%s: not UTF-8: %s" % (self.path, e))
        while lines and not lines[-1].strip():
            lines.pop()
        cur = None
        block = None            # (key, quals) that indented lines go to
        pending = []
        for lineno, raw in enumerate(lines, 1):
            line = raw.rstrip()
            if line.startswith("  ") and line.strip():
                if cur is None or block is None:
                    raise self.error(lineno, "bytecode outside an entry")
                item = line[2:]
                if item.lstrip(" ").startswith("["):
                    item = item.strip()
                key, quals = block
                for q, value in cur.attrs.get(key, []):
                    if q == quals:
                        value.append(item)
                        break
                else:
                    cur.set(key, quals, [item])
                continue
            if not line.strip() or line.startswith("#"):
                if cur is None:
                    self.header_lines.append(raw)
                else:
                    pending.append(line)
                continue
            m = DIRECTIVE_RE.match(line)
            if not m:
                raise self.error(lineno, "not a directive: %r" % line)
            key, quals, val = m.group(1), m.group(2), m.group(3).strip()
            key = ALIASES.get(key, key) if cur is not None else key
            quals = self.quals(quals, lineno)
            if key in ("rule", "fail"):
                if cur is None:
                    # comment lines right above the first entry are its own
                    while self.header_lines and \
                            self.header_lines[-1].startswith("#"):
                        pending.insert(0, self.header_lines.pop())
                if cur is not None:
                    cur.end = lineno - 1
                cur = Entry(lineno, key, val, quals)
                cur.pre, pending = pending, []
                self.entries.append(cur)
                block = ("bytecode", None)
            elif cur is None:
                self.header_lines.append(raw)
                self.parse_header(key, quals, val, lineno)
            elif pending:
                raise self.error(lineno, "%s: after a comment or blank "
                                 "line, outside its entry" % key)
            elif key in BLOCK_KEYS:
                if val:
                    raise self.error(lineno, "%s: takes indented lines "
                                     "below it" % key)
                block = (key, quals)
                cur.set(key, quals, [])
            elif key in ("json", "ref-json"):
                try:
                    cur.set(key, quals, json.loads(val))
                except ValueError as e:
                    raise self.error(lineno, "bad JSON: %s" % e)
            elif key in ENTRY_KEYS:
                cur.set(key, quals, val)
            else:
                raise self.error(lineno, "unknown entry directive %r" % key)
        self.trailer = pending
        if cur is not None:
            cur.end = len(lines)
        while self.header_lines and not self.header_lines[-1].strip():
            self.header_lines.pop()
        if not self.families:
            raise FormatError("%s: needs families: (or family:)" % self.path)
        for e in self.entries:
            if e.only and not set(e.only) <= set(self.families):
                raise self.error(e.lineno, "families %s not in the file's"
                                 % " ".join(e.only))

    def parse_header(self, key, quals, val, lineno):
        if key in ("family", "families"):
            if quals:
                raise self.error(lineno, "%s: takes no qualifier" % key)
            self.families = list(self.quals(val, lineno) or ())
            self.old_layout = key == "family"
        elif key == "table" and not quals:
            self.table = val
        elif key == "veth":
            self.veth_lines.append((quals, val.split()))
        elif key == "object":
            self.object_lines.append(val)
        elif key == "set":
            # a named set the rules may look up: "set: NAME { ... }"
            self.set_lines.append((quals, val))
        elif key == "map":
            # a named map: "map: NAME { type K : D; elements = ... }",
            # added after the chains its verdicts may jump to
            self.map_lines.append((quals, val))
        elif key == "chain":
            name, _, spec = val.partition(" ")
            self.chain_lines.append((quals, name, spec.strip()))
        else:
            raise self.error(lineno, "unknown header directive %r" % key)

    def chains(self, fam):
        """[(name, spec)] of a family, the first the entries' chain."""
        if not self.chain_lines:
            return [("c", NETDEV_CHAIN[2:] if fam == "netdev"
                     else BASE_CHAIN[2:]), ("target", "")]
        order, spec, qualified = [], {}, set()
        for quals, name, s in self.chain_lines:
            if quals and fam not in quals:
                continue
            if name not in order:
                order.append(name)
            if quals:
                spec[name] = s
                qualified.add(name)
            elif name not in qualified:
                spec[name] = s
        return [(n, spec[n]) for n in order]

    def veths(self, fam):
        if not self.chain_lines and not self.veth_lines:
            return [["v0", "v1"]] if fam == "netdev" else []
        return [v for quals, v in self.veth_lines
                if not quals or fam in quals]


# -- writing entries back (--update, --convert) ------------------------------


def fold(values, fams):
    """values: fam -> value.  Returns (default, [(fams, value)]): the value
    most families share as default, the others as overrides."""
    groups = []
    for f in fams:
        if f not in values:
            continue
        for g in groups:
            if canon(g[0]) == canon(values[f]):
                g[1].append(f)
                break
        else:
            groups.append((values[f], [f]))
    if not groups:
        return None, []
    best = max(groups, key=lambda g: len(g[1]))
    for g in groups:
        if g[0] is None:
            # "no value" cannot be written as an override: the default
            best = g
    return best[0], [(tuple(g[1]), g[0]) for g in groups if g is not best]


def write_entry(e, fams, values):
    """values: key -> {fam: value} for the entry's families."""
    q = " " + " ".join(e.only) if e.only else ""
    out = list(e.pre) + ["%s%s: %s" % (e.kind, q, e.rule)]
    listing = dict(values.get("list", {}))
    for f in fams:
        if listing.get(f) is None:
            listing[f] = e.rule
    for key in ENTRY_KEYS:
        vals = listing if key == "list" else values.get(key, {})
        default, overrides = fold(vals, fams)
        if key == "list" and default == e.rule:
            default = None
        if key == "bytecode" and default is None:
            default = []
        items = []
        if default is not None and key != "bytecode":
            items.append((None, default))
        elif key == "bytecode":
            out.extend("  " + l for l in default)
        items += overrides
        for quals, value in items:
            tag = key + (" " + " ".join(quals) if quals else "")
            if key in BLOCK_KEYS:
                out.append(tag + ":")
                out.extend("  " + l for l in value or [])
            elif key in ("json", "ref-json"):
                out.append("%s: %s" % (tag, json.dumps(value)))
            else:
                out.append("%s: %s" % (tag, value))
    return out


def entry_values(e, tf):
    fams = e.families(tf)
    values = {}
    for key in ENTRY_KEYS:
        vals = {f: e.get(key, f) for f in fams}
        if any(v is not None for v in vals.values()):
            values[key] = vals
    return values


def write_file(tf, updates=None, path=None):
    """updates: {(entry index, fam): {key: value}} from --update."""
    out = list(tf.header_lines) + [""]
    for i, e in enumerate(tf.entries):
        fams = e.families(tf)
        values = entry_values(e, tf)
        for f in fams:
            for key, value in (updates or {}).get((i, f), {}).items():
                values.setdefault(key, {})[f] = value
        if e.pre or i == 0:
            out.extend(write_entry(e, fams, values))
        else:
            out.extend([""] + write_entry(e, fams, values))
    out += tf.trailer
    with open(path or tf.path, "w") as f:
        f.write("\n".join(out).replace("\n\n\n", "\n\n") + "\n")


def rewrite_loses(tf):
    """What --update would lose of a file if it wrote it back unchanged
    (a guard for the writer as the format grows): [] when nothing."""
    with tempfile.TemporaryDirectory() as d:
        path = os.path.join(d, os.path.basename(tf.path))
        write_file(tf, path=path)
        again = flat(TestFile(path))
    before = flat(tf)
    return [k for k in set(before) | set(again)
            if before.get(k) != again.get(k)]


# -- talking to nft ----------------------------------------------------------


class Failure(Exception):
    pass


def is_wrapper(path):
    """A libtool wrapper script in place of the real binary?"""
    try:
        with open(path, "rb") as f:
            return f.read(2) == b"#!"
    except OSError:
        return False


def real_binary(nft):
    """(binary, LD_LIBRARY_PATH or None) behind $NFT."""
    libs = os.path.join(os.path.dirname(nft), ".libs")
    if is_wrapper(nft) and os.access(os.path.join(libs, "nft"), os.X_OK):
        return os.path.join(libs, "nft"), libs
    return nft, None


def library_of(nft):
    """The libnftables an nft binary loads, or None."""
    binary, libpath = real_binary(nft)
    if libpath:
        lib = os.path.join(libpath, "libnftables.so.1")
        return lib if os.path.exists(lib) else None
    env = dict(os.environ)
    env.pop("LD_LIBRARY_PATH", None)
    try:
        out = subprocess.run(["ldd", binary], capture_output=True,
                             text=True, env=env).stdout
    except OSError:
        return None
    m = re.search(r"libnftables\.so\S* => (\S+)", out)
    return m.group(1) if m else None


def sanitizer_preload(lib):
    """LD_PRELOAD a Python process needs to load a sanitizer build."""
    try:
        out = subprocess.run(["ldd", lib], capture_output=True,
                             text=True).stdout
    except OSError:
        return None
    runtimes = []
    for name in ("libasan.so", "libubsan.so"):
        if name.split(".")[0] in out:
            path = subprocess.run(["gcc", "-print-file-name=" + name],
                                  capture_output=True, text=True).stdout
            runtimes.append(path.strip())
    return " ".join(runtimes) or None


# -- running one file in one family ------------------------------------------


class Runner:
    """Runs inside the namespace; one per (file, family)."""

    def __init__(self, tf, fam, args):
        self.tf = tf
        self.fam = fam
        self.chain = tf.chains(fam)[0][0]
        self.nft = self.open_nft(args.nft, args.lib, args.exec)
        self.ref = None
        self.is_ref = args.nft == "ref"
        if not self.is_ref and not args.no_ref:
            self.ref = RefNft()
        self.baseline = None

    @staticmethod
    def open_nft(nft, lib, use_exec):
        if nft == "ref":
            return RefNft()
        if lib and not use_exec:
            return LibNft(lib)
        binary, libpath = real_binary(nft)
        env = dict(os.environ)
        env.pop("LD_PRELOAD", None)
        if libpath:
            env["LD_LIBRARY_PATH"] = libpath
        else:
            env.pop("LD_LIBRARY_PATH", None)
        return ExecNft(binary, env)

    def close(self):
        """Frees the contexts: their sockets hold the namespace."""
        for nft in (self.nft, self.ref):
            if nft:
                nft.close()

    def run(self, text, nft=None, check=True, **kw):
        rc, out, err = (nft or self.nft).run(text, **kw)
        if check and rc != 0:
            raise Failure("%r failed:\n%s" % (text, err.rstrip()))
        return rc, out, err

    def where(self):
        return "%s %s %s" % (self.fam, self.tf.table, self.chain)

    def setup(self):
        env = dict(os.environ)
        env.pop("LD_PRELOAD", None)
        for pair in self.tf.veths(self.fam):
            subprocess.run(["ip", "link", "add", pair[0], "type", "veth",
                            "peer", "name", pair[1]], check=True, env=env)
        # Devices stay down: no traffic, so counters stay at zero.
        # Created with the reference where there is one, so that a broken
        # chain in our nft shows up as failing entries, not a dead file.
        text = "add table %s %s\n" % (self.fam, self.tf.table)
        for quals, spec in self.tf.set_lines:
            if not quals or self.fam in quals:
                text += "add set %s %s %s\n" % (self.fam, self.tf.table,
                                                 spec)
        for name, spec in self.tf.chains(self.fam):
            text += "add chain %s %s %s %s\n" % (self.fam, self.tf.table,
                                                 name, spec)
        # objects before the maps whose elements name them
        for obj in self.tf.object_lines:
            words = obj.split(" ")
            n = 2 if words[0] == "ct" else 1
            text += "add %s %s %s %s\n" % (" ".join(words[:n]), self.fam,
                                           self.tf.table,
                                           " ".join(words[n:]))
        for quals, spec in self.tf.map_lines:
            if not quals or self.fam in quals:
                text += "add map %s %s %s\n" % (self.fam, self.tf.table,
                                                 spec)
        self.run(text, nft=self.ref or self.nft)
        self.baseline = self.chain_lines(self.nft)

    # -- listings ----------------------------------------------------------

    def chain_lines(self, nft, handles=False, flags=0):
        out = self.run("list chain " + self.where(), nft=nft,
                       handles=handles, flags=flags)[1]
        return [l[2:] for l in out.split("\n") if l.startswith("\t\t")]

    def rule_lines(self, nft=None, handles=False, flags=0):
        lines = self.chain_lines(nft or self.nft, handles, flags)
        n = len(self.baseline)
        head = lines[:n]
        if flags:
            # the header may print otherwise (-y)
            return lines[n:]
        if handles:
            head = [re.sub(r" # handle \d+$", "", l) for l in head]
        if head != self.baseline:
            raise Failure("chain header changed:\n  %r\n  %r"
                          % (self.baseline, head))
        return lines[n:]

    def json_rules(self, nft=None):
        out = self.run("list chain " + self.where(), nft=nft,
                       json_out=True)[1]
        try:
            doc = json.loads(out)
        except ValueError as e:
            raise Failure("-j list: bad JSON (%s): %r" % (e, out[:300]))
        rules = [o["rule"] for o in doc.get("nftables", []) if "rule" in o]
        for r in rules:
            for k in ("family", "table", "chain", "handle"):
                if k not in r:
                    raise Failure("JSON rule lacks %r: %s" % (k, r))
            if "%s %s %s" % (r["family"], r["table"], r["chain"]) != \
               self.where():
                raise Failure("JSON rule in wrong place: %s" % r)
        return [{k: v for k, v in r.items()
                 if k not in ("family", "table", "chain", "handle")}
                for r in rules]

    @staticmethod
    def bytecode_of(out):
        """Expression lines and anonymous set lines of a debug output."""
        lines = []
        for l in out.split("\n"):
            if l.startswith("  ") and l.strip():
                lines.append(l.strip())
            elif l.startswith(("__set", "__map")) or l.startswith("\telement"):
                lines.append(l.rstrip())
        return lines

    def flush(self):
        self.run("flush chain " + self.where())

    def expect_empty(self, what, nft=None):
        left = self.rule_lines(nft)
        if left:
            raise Failure("%s: chain not empty: %r" % (what, left))

    # -- checks --------------------------------------------------------------

    def add_text(self, e, nft=None):
        out = self.run("add rule %s %s" % (self.where(), e.rule), nft=nft,
                       debug=True)[1]
        return self.bytecode_of(out)

    @staticmethod
    def check_one(what, got, want):
        if got == want:
            return
        if "bytecode" in what:
            raise Failure("%s differs:\n  expected:\n    %s\n  got:\n    %s"
                          % (what, "\n    ".join(want),
                             "\n    ".join(got)))
        raise Failure("%s differs:\n  expected: %s\n  got:      %s"
                      % (what, want, got))

    def want_list(self, e):
        """What the nft under test lists: the reference, ref-list:"""
        return e.ref_listing(self.fam) if self.is_ref else \
            e.listing(self.fam)

    def expected_json(self, e):
        exp = e.ref_json(self.fam) if self.is_ref else e.get("json", self.fam)
        if exp is None:
            raise Failure("no json: line (write one, or run --update)")
        return exp if isinstance(exp, dict) else {"expr": exp}

    def got_bytecode(self, out, want):
        """The bytecode in a debug output.  The first harness did not
        record anonymous set lines: files of the old layout whose entry
        has none are compared without them (--update adds them)."""
        got = self.bytecode_of(out)
        if self.tf.old_layout and not any(l.startswith("__set")
                                          for l in want):
            got = [l for l in got if not l.startswith("__set") and
                   not l.startswith("\telement")]
        return got

    def check_rule(self, e):
        fam = self.fam
        exp_json = self.expected_json(e)
        bytecode = e.get("bytecode", fam) or []
        if self.is_ref:
            bytecode = e.get("ref-bytecode", fam) or bytecode
        out = self.run("add rule %s %s" % (self.where(), e.rule),
                       debug=True)[1]
        self.check_one("bytecode", self.got_bytecode(out, bytecode),
                       bytecode)
        state = nlstate.snapshot() if self.ref else None
        self.check_one("listing", self.rule_lines(), [self.want_list(e)])
        self.check_one("json", self.json_rules(), [exp_json])
        if self.ref and not e.get("ref-skip", fam):
            self.check_one("the reference's listing of our rule",
                           self.rule_lines(self.ref), [e.ref_listing(fam)])
            self.check_one("the reference's JSON of our rule",
                           self.json_rules(self.ref),
                           [self.as_rule(e.ref_json(fam))])
            if not e.get("ref-list", fam):
                self.check_flags()
        self.delete_by_handle()
        if self.is_ref and (e.get("ref-list", fam) or e.get("ref-json", fam)):
            # the reference's listing is what it gets wrong there
            return
        self.check_json_input(e, exp_json, bytecode)
        if self.ref and not e.get("ref-skip", fam):
            self.check_ref_rule(e, exp_json, bytecode, state)

    # output flags whose rule listings must be the reference's too: -n
    # with -s, and -S with -u (the rest concern headers, or resolve names)
    FLAG_SETS = (nftdrv.NUMERIC_ALL | nftdrv.STATELESS,
                 nftdrv.SERVICE | nftdrv.GUID)

    def check_flags(self):
        for flags in self.FLAG_SETS:
            opts = " ".join(nftdrv.flag_options(flags))
            self.check_one("the listing with %s (ours, then the "
                           "reference's)" % opts,
                           self.rule_lines(flags=flags),
                           self.rule_lines(self.ref, flags=flags))

    @staticmethod
    def as_rule(exp):
        return exp if isinstance(exp, dict) else {"expr": exp}

    def check_ref_rule(self, e, exp_json, bytecode, state):
        """The rule as the reference loads it: its bytecode is ours (or
        what ref-bytecode: says where ours knowingly differs), the kernel
        holds the same bytes as after our load (sets' user data, element
        bytes, every attribute), we list what it loaded as we list our
        own, and its JSON listing loads into ours as the same rule."""
        fam = self.fam
        want = e.get("ref-bytecode", fam) or bytecode
        theirs = self.add_text(e, nft=self.ref)
        self.check_one("the reference's bytecode", theirs, want)
        if not e.get("ref-bytecode", fam):
            d = nlstate.diff(state, nlstate.snapshot(),
                             ("after our load", "after the reference's"))
            if d:
                raise Failure("kernel state differs:\n" + d)
        self.check_one("our listing of the reference's rule",
                       self.rule_lines(), [e.listing(fam)])
        self.check_one("our JSON of the reference's rule",
                       self.json_rules(), [exp_json])
        if e.get("ref-list", fam) or e.get("ref-json", fam):
            # its listing is what it gets wrong there
            self.flush()
            return
        doc = self.run("list chain " + self.where(), nft=self.ref,
                       json_out=True)[1]
        self.flush()
        rules = json.loads(doc).get("nftables", [])
        cmds = [{"add": {"rule": {k: v for k, v in o["rule"].items()
                                  if k != "handle"}}}
                for o in rules if "rule" in o]
        out = self.run(json.dumps({"nftables": cmds}), json_out=True,
                       debug=True)[1]
        # ours loads it as it loads the rule (ref-bytecode: is theirs)
        want = e.get("json-bytecode", fam) or bytecode
        self.check_one("bytecode of the reference's JSON listing, loaded "
                       "by ours", unordered_elements(self.bytecode_of(out)),
                       unordered_elements(want))
        self.check_one("our listing after loading the reference's JSON",
                       self.rule_lines(),
                       [e.get("json-list", fam) or e.listing(fam)])
        self.flush()
        self.expect_empty("flush")

    def delete_by_handle(self):
        lines = self.rule_lines(handles=True)
        if len(lines) != 1:
            raise Failure("-a listing: expected one rule, got %r" % lines)
        m = re.search(r" # handle (\d+)$", lines[0])
        if not m:
            raise Failure("-a listing has no handle: %r" % lines[0])
        self.run("delete rule %s handle %s" % (self.where(), m.group(1)))
        self.expect_empty("delete by handle")

    def check_json_input(self, e, exp_json, bytecode):
        rule = {"family": self.fam, "table": self.tf.table,
                "chain": self.chain}
        rule.update(exp_json)
        doc = json.dumps({"nftables": [{"add": {"rule": rule}}]})
        out = self.run(doc, json_out=True, debug=True)[1]
        bytecode = e.get("json-bytecode", self.fam) or bytecode
        # the listing sorts a set's members: a set the rule did not
        # write ("icmp id 1" adds its type set) reloads in that order
        self.check_one("bytecode from JSON input",
                       unordered_elements(self.got_bytecode(out, bytecode)),
                       unordered_elements(bytecode))
        self.check_one("listing after JSON input", self.rule_lines(),
                       [e.get("json-list", self.fam) or
                        self.want_list(e)])
        self.flush()
        self.expect_empty("flush")

    def check_fail(self, e, nft=None, who=""):
        rc, _, err = self.run("add rule %s %s" % (self.where(), e.rule),
                              nft=nft, check=False)
        if rc == 0:
            raise Failure("%saccepted a fail: entry" % who)
        if "Error:" not in err or "^" not in err:
            raise Failure("%sno error message with a caret: %r" % (who, err))
        self.expect_empty("after failed add")

    def check_fail_entry(self, e):
        self.check_fail(e)
        if self.ref and not e.get("ref-skip", self.fam):
            self.check_fail(e, nft=self.ref, who="the reference ")

    def update_entry(self, e):
        if e.kind == "fail":
            self.check_fail(e)
            return None
        # where the reference differs deliberately, its output goes to the
        # ref- keys, and ours stays as it is
        fam = self.fam
        ref = self.is_ref and any(e.get(k, fam) for k in
                                  ("ref-list", "ref-json", "ref-bytecode"))
        pre = "ref-" if ref else ""
        got = {("ref-bytecode" if e.get("ref-bytecode", fam) else "bytecode"):
               self.add_text(e)}
        lines = self.rule_lines()
        if len(lines) != 1:
            raise Failure("listing: %r" % lines)
        got[pre + "list"] = lines[0]
        r = self.json_rules()[0]
        got[pre + "json"] = r["expr"] if list(r.keys()) == ["expr"] else r
        self.flush()
        return got

    def run_entry(self, mode, e):
        """Returns (status, message, update)."""
        try:
            if self.is_ref and e.get("ref-skip", self.fam):
                return "SKIP", "ref-skip: " + \
                    e.get("ref-skip", self.fam), None
            if mode == "update":
                return "PASS", "", self.update_entry(e)
            if e.kind == "fail":
                self.check_fail_entry(e)
            else:
                self.check_rule(e)
            return "PASS", "", None
        except (Failure, subprocess.SubprocessError, OSError) as err:
            try:
                self.flush()
            except Exception:
                pass
            return "FAIL", str(err), None


def selected_entries(tf, fam, args):
    out = []
    for i, e in enumerate(tf.entries):
        if fam not in e.families(tf):
            continue
        if args.line and not e.lineno <= args.line <= e.end:
            continue
        if args.k and args.k not in e.rule:
            continue
        out.append(i)
    return out


CLONE_NEWNET = 0x40000000


def new_netns():
    """Moves this process into a network namespace of its own."""
    libc = ctypes.CDLL(None, use_errno=True)
    if libc.unshare(CLONE_NEWNET) != 0:
        raise OSError(ctypes.get_errno(), "unshare(CLONE_NEWNET)")


class StderrWatch:
    """What the library wrote to stderr (a file, see Worker) since mark():
    a sanitizer report that does not abort still fails the entry."""

    def __init__(self):
        self.path = "/proc/self/fd/2"
        self.pos = None

    def mark(self):
        try:
            st = os.fstat(2)
            self.pos = st.st_size if os.path.isfile(self.path) else None
        except OSError:
            self.pos = None

    def report(self):
        if self.pos is None:
            return None
        with open(self.path, "rb") as f:
            f.seek(self.pos)
            text = f.read(20000).decode(errors="replace")
        return text if SANITIZER_RE.search(text) else None


def worker_main(args):
    """Runs units sent as JSON lines on stdin, each in a fresh network
    namespace, and reports a JSON line per event on stdout (the library's
    own stdout goes to stderr, so that nothing it prints mixes in)."""
    report = os.fdopen(os.dup(1), "w")
    os.dup2(2, 1)
    mode = "update" if args.update else "check"
    files = {}
    watch = StderrWatch()

    def emit(obj):
        report.write(json.dumps(obj) + "\n")
        report.flush()

    for line in sys.stdin:
        req = json.loads(line)
        path, fam = req["file"], req["family"]
        start, stop = req["start"], req["stop"]
        if path not in files:
            files[path] = TestFile(path)
        tf = files[path]
        todo = [i for i in selected_entries(tf, fam, args)
                if start <= i < stop]
        runner = None
        try:
            new_netns()
            runner = Runner(tf, fam, args)
            runner.setup()
        except (Failure, subprocess.SubprocessError, OSError) as err:
            for i in todo:
                emit({"index": i, "status": "FAIL",
                      "msg": "setup failed: %s" % err})
            todo = []
        for i in todo:
            emit({"start": i})
            watch.mark()
            status, msg, update = runner.run_entry(mode, tf.entries[i])
            san = watch.report()
            if san:
                status, msg = "FAIL", "sanitizer report:\n" + san
            emit({"index": i, "status": status, "msg": msg,
                  "update": update})
        if runner:
            runner.close()
        emit({"done": True})
    return 0


# -- the driver: workers, each running (file, family) units in turn ----------


class Unit:
    def __init__(self, tf, fam, todo):
        self.tf = tf
        self.fam = fam
        self.todo = todo
        self.results = {}       # index -> (status, msg, update)


class Worker:
    """A harness process with the library loaded; restarted after a crash
    (a sanitizer report aborts it), from the entry after the one that
    crashed."""

    def __init__(self, args, env):
        argv = [sys.executable, os.path.abspath(__file__), "--worker",
                "--nft", args.nft]
        for opt in ("update", "exec", "no_ref"):
            if getattr(args, opt):
                argv.append("--" + opt.replace("_", "-"))
        for opt in ("lib", "k"):
            if getattr(args, opt):
                argv += ["-k" if opt == "k" else "--" + opt,
                         getattr(args, opt)]
        if args.line:
            argv += ["--line", str(args.line)]
        self.argv = argv
        self.env = env
        self.proc = None
        self.err = None

    def start(self):
        self.err = tempfile.TemporaryFile()
        self.proc = subprocess.Popen(self.argv, stdin=subprocess.PIPE,
                                     stdout=subprocess.PIPE, stderr=self.err,
                                     text=True, env=self.env)

    def stderr_tail(self, pos):
        self.err.seek(pos)
        return self.err.read()[-3000:].decode(errors="replace")

    def run_unit(self, unit):
        start = unit.todo[0]
        while True:
            if self.proc is None:
                self.start()
            left = [i for i in unit.todo if i >= start]
            pos = self.err.seek(0, os.SEEK_END)
            timer = threading.Timer(TIMEOUT + 10 * len(left),
                                    self.proc.kill)
            timer.start()
            current, done = None, False
            try:
                self.proc.stdin.write(json.dumps(
                    {"file": unit.tf.path, "family": unit.fam,
                     "start": start, "stop": unit.todo[-1] + 1}) + "\n")
                self.proc.stdin.flush()
                for line in self.proc.stdout:
                    ev = json.loads(line)
                    if "done" in ev:
                        done = True
                        break
                    if "start" in ev:
                        current = ev["start"]
                    else:
                        unit.results[ev["index"]] = (
                            ev["status"], ev["msg"], ev.get("update"))
                        current = None
            except (OSError, ValueError):
                pass
            finally:
                timer.cancel()
            if done:
                return
            rc = self.proc.wait()
            err = self.stderr_tail(pos)
            self.proc = None
            if current is None:
                for i in left:
                    unit.results.setdefault(i, (
                        "FAIL", "harness exit %d:\n%s" % (rc, err), None))
                return
            unit.results[current] = ("FAIL", "crashed (exit %d):\n%s"
                                     % (rc, err), None)
            later = [i for i in unit.todo if i > current]
            if not later:
                return
            start = later[0]

    def stop(self):
        if self.proc:
            self.proc.stdin.close()
            self.proc.wait()


def run_units(units, args, env):
    """args.jobs workers take units, biggest first, so that the pool
    ends with small pieces."""
    todo = queue.Queue()
    for u in sorted(units, key=lambda u: -len(u.todo)):
        todo.put(u)

    def job():
        w = Worker(args, env)
        while True:
            try:
                u = todo.get_nowait()
            except queue.Empty:
                break
            w.run_unit(u)
        w.stop()

    threads = [threading.Thread(target=job) for _ in range(args.jobs)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()


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


def inner_env(args):
    """Environment of the per-namespace processes: a sanitizer build of
    the library needs its runtime preloaded into Python."""
    env = dict(os.environ)
    if args.lib and not args.exec:
        preload = sanitizer_preload(args.lib)
        if preload:
            env["LD_PRELOAD"] = preload
            # Python's own allocations look like leaks to LeakSanitizer.
            env["ASAN_OPTIONS"] = "detect_leaks=0:" + \
                env.get("ASAN_OPTIONS", "").replace("detect_leaks=1", "")
    return env


def skip(msg):
    """Exit 77, or fail where skipping hides a broken setup (root, CI)."""
    strict = os.geteuid() == 0 or os.environ.get("CI")
    if strict and os.environ.get("NFT_TEST_ALLOW_SKIP") != "1":
        print("ERROR: would skip as root/CI (NFT_TEST_ALLOW_SKIP=1 allows "
              "it): %s" % msg)
        return 1
    print("SKIP: %s" % msg)
    return 77


def rel(path):
    return os.path.relpath(path, HERE)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("files", nargs="*")
    ap.add_argument("-v", "--verbose", action="store_true",
                    help="print passing entries too")
    ap.add_argument("-j", "--jobs", type=int, default=os.cpu_count() or 2)
    ap.add_argument("-k", help="only entries whose rule contains this text")
    ap.add_argument("--family", help="only this family")
    ap.add_argument("--no-ref", action="store_true",
                    help="do not compare with the reference (tools/ref)")
    ap.add_argument("--update", action="store_true")
    ap.add_argument("--convert", action="store_true")
    ap.add_argument("--exec", action="store_true",
                    help="run the nft binary, not its library in-process")
    ap.add_argument("--nft", default=os.environ.get("NFT", "ref"))
    ap.add_argument("--worker", action="store_true", help=argparse.SUPPRESS)
    ap.add_argument("--lib", help=argparse.SUPPRESS)
    ap.add_argument("--line", type=int, help=argparse.SUPPRESS)
    args = ap.parse_args()

    if args.worker:
        return worker_main(args)
    if args.convert:
        return convert_main(args)
    if os.geteuid() != 0 or not shutil.which("unshare"):
        return skip("tests/py needs root and unshare")
    if not ref_available() and (args.nft == "ref" or not args.no_ref):
        subprocess.run([os.path.join(os.path.dirname(os.path.dirname(HERE)),
                                     "tools", "ref"), "make"])
        if not ref_available():
            return skip("no reference root (tools/ref make failed)")
    if args.nft != "ref":
        args.nft = os.path.abspath(args.nft)
        if not args.exec:
            args.lib = library_of(args.nft)
            if not args.lib:
                print("note: no libnftables found for %s: running it as a "
                      "process per command" % args.nft)
        # A libtool wrapper may relink on first use: do that once, not in
        # parallel from every worker.
        subprocess.run([args.nft, "--version"], capture_output=True)
    env = inner_env(args)

    try:
        tfs = [TestFile(f) for f in find_files(args)]
    except (FormatError, OSError) as err:
        print("ERROR: %s" % err)
        return 1
    for tf in tfs:
        lost = rewrite_loses(tf)
        if lost:
            print("ERROR: %s: --update would change %s"
                  % (rel(tf.path), ", ".join(map(str, lost[:5]))))
            return 1
    units = []
    for tf in tfs:
        for fam in tf.families:
            if args.family and fam != args.family:
                continue
            todo = selected_entries(tf, fam, args)
            # Big files in pieces, so that every job has work.
            for n in range(0, len(todo), CHUNK):
                units.append(Unit(tf, fam, todo[n:n + CHUNK]))
    run_units(units, args, env)
    # The pieces of a (file, family) together again, for the report.
    whole = {}
    for u in units:
        key = (u.tf.path, u.fam)
        if key not in whole:
            whole[key] = Unit(u.tf, u.fam, [])
        whole[key].todo += u.todo
        whole[key].results.update(u.results)
    units = list(whole.values())

    counts = {"PASS": 0, "FAIL": 0, "SKIP": 0}
    for u in units:
        n = {"PASS": 0, "FAIL": 0, "SKIP": 0}
        for i in u.todo:
            status, msg, _ = u.results.get(i, ("FAIL", "not run", None))
            e = u.tf.entries[i]
            n[status] += 1
            if status != "PASS" or args.verbose:
                print("%s %s:%d [%s]: %s" % (status, rel(u.tf.path),
                                              e.lineno, u.fam, e.rule))
            if status == "FAIL" or (msg and args.verbose):
                print("    " + msg.replace("\n", "\n    "))
        print("%s %s [%s]: %d passed, %d failed%s"
              % ("ok  " if not n["FAIL"] else "FAIL", rel(u.tf.path), u.fam,
                 n["PASS"], n["FAIL"],
                 ", %d skipped" % n["SKIP"] if n["SKIP"] else ""))
        for k in counts:
            counts[k] += n[k]
    if args.update:
        for tf in tfs:
            updates = {}
            for u in units:
                if u.tf is tf:
                    for i, (status, _, upd) in u.results.items():
                        if upd:
                            updates[(i, u.fam)] = upd
            if updates:
                write_file(tf, updates)
    old = [tf for tf in tfs if os.path.dirname(tf.path) != HERE]
    if old:
        print("note: %d file(s) in the family-folder layout; "
              "tests/py/nft-test.py --convert merges them into topic files"
              % len(old))
    print("%d passed, %d failed%s" % (counts["PASS"], counts["FAIL"],
          ", %d skipped" % counts["SKIP"] if counts["SKIP"] else ""))
    if not counts["PASS"] and not counts["FAIL"]:
        print("ERROR: no test ran")
        return 1
    return 1 if counts["FAIL"] else 0


# -- --convert: family folders into topic files ------------------------------


def convert_main(args):
    """Merges tests/py/<family>/<topic>.t files into tests/py/<topic>.t."""
    files = [f for f in find_files(args)
             if os.path.dirname(f) != HERE]
    by_topic = {}
    for f in files:
        by_topic.setdefault(os.path.basename(f), []).append(TestFile(f))
    for topic, olds in sorted(by_topic.items()):
        target = os.path.join(HERE, topic)
        base = [TestFile(target)] if os.path.exists(target) else []
        merged = merge_files(base + olds, target + ".new")
        before, after = {}, {}
        for tf in base + olds:
            before.update(flat(tf))
        after.update(flat(merged))
        if before != after:
            os.unlink(target + ".new")
            print("convert: %s: checks would change, not written:" % topic)
            for k in sorted(set(before) | set(after), key=str):
                if before.get(k) != after.get(k):
                    print("  %s\n    before: %s\n    after:  %s"
                          % (k, before.get(k), after.get(k)))
            return 1
        os.rename(target + ".new", target)
        for tf in olds:
            os.unlink(tf.path)
            print("convert: %s -> %s" % (rel(tf.path), topic))
    return 0


def flat(tf):
    """Every check of a file, one record per (entry, family), keyed by
    family, kind and rule text (the header by family alone)."""
    out = {}
    for fam in tf.families:
        out[fam] = canon({"table": tf.table, "chains": tf.chains(fam),
                          "veths": tf.veths(fam)})
    for e in tf.entries:
        for r in e.flat(tf):
            out[(r["family"], r["kind"], r["rule"])] = canon(r)
    return out


def merge_files(tfs, target):
    """One TestFile (written to target) with the entries of all tfs; an
    entry is the same if kind and rule text are; later files win."""
    fams = []
    for tf in tfs:
        fams += [f for f in tf.families if f not in fams]
    fams = [f for f in FAMILIES if f in fams]
    entries = []                # [(kind, rule)]
    data = {}                   # (kind, rule) -> {fam: {key: value}}
    pre = {}
    for tf in tfs:
        prev = -1
        for e in tf.entries:
            key = (e.kind, e.rule)
            if key not in data:
                entries.insert(prev + 1, key)
                data[key] = {}
                pre[key] = e.pre
            prev = entries.index(key)
            for f in e.families(tf):
                data[key][f] = {k: e.get(k, f) for k in ENTRY_KEYS}
    comment = []
    for tf in tfs:
        for l in tf.header_lines:
            if not l.startswith("#"):
                break
            comment.append(l)
        if comment:
            break
    comment = comment or ["# " + os.path.basename(target)]
    comment[0] = re.sub(r" (in|for) (the|an?) \w+ (family|chain)$", "",
                        comment[0])
    header = comment + ["families: " + " ".join(fams), "table: t"]
    chains, veths = {}, {}
    for tf in tfs:
        for f in tf.families:
            chains[f] = tf.chains(f)
            veths[f] = tf.veths(f)
    names = []
    for f in fams:
        names += [n for n, _ in chains[f] if n not in names]
    for n in names:
        have = [f for f in fams if n in dict(chains[f])]
        specs = {f: dict(chains[f])[n] for f in have}
        default, overrides = fold(specs, have)
        if len(have) < len(fams) and default is not None:
            overrides.insert(0, (tuple(f for f in have if specs[f] ==
                                       default), default))
            default = None
        if default is not None:
            header.append(("chain: %s %s" % (n, default)).rstrip())
        for quals, spec in overrides:
            header.append(("chain %s: %s %s" % (" ".join(quals), n,
                                                spec)).rstrip())
    pairs = {}
    for f in fams:
        for v in veths[f]:
            pairs.setdefault(" ".join(v), []).append(f)
    for v, fs in pairs.items():
        q = "" if fs == fams else " " + " ".join(fs)
        header.append("veth%s: %s" % (q, v))
    with open(target, "w") as out:
        lines = header + [""]
        for i, key in enumerate(entries):
            efams = [f for f in fams if f in data[key]]
            e = Entry(0, key[0], key[1],
                      None if efams == fams else tuple(efams))
            e.pre = pre[key]
            values = {}
            for k in ENTRY_KEYS:
                vals = {f: data[key][f][k] for f in efams}
                if any(v is not None for v in vals.values()):
                    values[k] = vals
            body = write_entry(e, efams, values)
            lines += body if e.pre or i == 0 else [""] + body
        out.write("\n".join(lines).replace("\n\n\n", "\n\n") + "\n")
    return TestFile(target)


if __name__ == "__main__":
    sys.exit(main())
