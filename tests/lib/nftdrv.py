"""Drivers of an nft for the Python test tiers (tests/py, tests/diff).

Each driver runs a command text (a ruleset file's content, or a JSON
document) and returns (rc, stdout, stderr), rc 0 or 1:

  LibNft(path)   a libnftables loaded into this process with ctypes: one
                 context, buffered output; milliseconds a command
  ExecNft(argv0) an nft binary, one process a command
  RefNft(repo)   the reference, upstream nftables 1.1.3 (tools/ref): its
                 library loaded into a Python of its own root, which this
                 module runs as a server ("--serve") chrooted by
                 tools/ref; it lives in the network namespace the caller
                 is in when it is made

run(text, json_out=False, debug=False, handles=False, flags=0,
    json_in=None) sets the output flags (handles, JSON, and any more
in flags), netlink debugging, and runs the text.  The module runs under
Debian 12's Python 3.11 and Debian 13's 3.13 alike.
"""

import ctypes
import json
import os
import subprocess
import sys
import tempfile

DEBUG_NETLINK = 0x8
OUTPUT_HANDLE = 1 << 3
OUTPUT_JSON = 1 << 4
TIMEOUT = 60


def output_flags(json_out, handles, flags):
    return (OUTPUT_JSON if json_out else 0) | \
        (OUTPUT_HANDLE if handles else 0) | flags


class LibNft:
    """libnftables loaded into this process: one context, buffered output."""

    def __init__(self, path):
        self.path = path
        lib = ctypes.CDLL(path)
        vp, cp = ctypes.c_void_p, ctypes.c_char_p
        lib.nft_ctx_new.restype = vp
        lib.nft_ctx_new.argtypes = [ctypes.c_uint32]
        lib.nft_ctx_free.argtypes = [vp]
        for name in ("nft_ctx_buffer_output", "nft_ctx_buffer_error"):
            getattr(lib, name).argtypes = [vp]
        for name in ("nft_ctx_get_output_buffer", "nft_ctx_get_error_buffer"):
            getattr(lib, name).argtypes = [vp]
            getattr(lib, name).restype = cp
        lib.nft_run_cmd_from_buffer.argtypes = [vp, cp]
        lib.nft_ctx_output_set_flags.argtypes = [vp, ctypes.c_uint]
        lib.nft_ctx_output_set_debug.argtypes = [vp, ctypes.c_uint]
        self.lib = lib
        self.ctx = lib.nft_ctx_new(0)
        lib.nft_ctx_buffer_output(self.ctx)
        lib.nft_ctx_buffer_error(self.ctx)

    def close(self):
        if self.ctx:
            self.lib.nft_ctx_free(self.ctx)
            self.ctx = None

    def run(self, text, json_out=False, debug=False, handles=False,
            flags=0):
        self.lib.nft_ctx_output_set_flags(
            self.ctx, output_flags(json_out, handles, flags))
        self.lib.nft_ctx_output_set_debug(self.ctx,
                                          DEBUG_NETLINK if debug else 0)
        rc = self.lib.nft_run_cmd_from_buffer(self.ctx, text.encode())
        out = self.lib.nft_ctx_get_output_buffer(self.ctx) or b""
        err = self.lib.nft_ctx_get_error_buffer(self.ctx) or b""
        return (0 if rc == 0 else 1,
                out.decode(errors="replace"), err.decode(errors="replace"))


# libnftables' output flags (NFT_CTX_OUTPUT_*) and the options that set
# them; -n sets the four numeric ones
REVERSEDNS, SERVICE, STATELESS = 1 << 0, 1 << 1, 1 << 2
GUID, NUMERIC_PROTO, NUMERIC_PRIO = 1 << 6, 1 << 7, 1 << 8
NUMERIC_SYMBOL, NUMERIC_TIME, TERSE = 1 << 9, 1 << 10, 1 << 11
NUMERIC_ALL = NUMERIC_PROTO | NUMERIC_PRIO | NUMERIC_SYMBOL | NUMERIC_TIME
FLAG_OPTS = ((NUMERIC_ALL, "-n"), (REVERSEDNS, "-N"), (SERVICE, "-S"),
             (STATELESS, "-s"), (GUID, "-u"), (NUMERIC_PRIO, "-y"),
             (NUMERIC_PROTO, "-p"), (NUMERIC_TIME, "-T"), (TERSE, "-t"))


def flag_options(flags):
    opts = []
    for bits, opt in FLAG_OPTS:
        if flags & bits == bits:
            opts.append(opt)
            flags &= ~bits
    return opts


class ExecNft:
    """An nft binary, one process per command."""

    def __init__(self, argv0, env=None, prefix=()):
        self.argv = list(prefix) + [argv0]
        self.env = env

    def close(self):
        pass

    def run(self, text, json_out=False, debug=False, handles=False,
            flags=0):
        opts = flag_options(flags)
        argv = self.argv + (["-j"] if json_out else []) + \
            (["-a"] if handles else []) + opts + \
            (["--debug=netlink"] if debug else []) + ["-f", "-"]
        p = subprocess.run(argv, input=text, capture_output=True, text=True,
                           env=self.env, timeout=TIMEOUT)
        return (0 if p.returncode == 0 else 1), p.stdout, p.stderr


def repo_dir():
    return os.path.dirname(os.path.dirname(os.path.dirname(
        os.path.abspath(__file__))))


def ref_available(repo=None):
    """Is the reference root made (tools/ref make)?"""
    repo = repo or repo_dir()
    root = os.environ.get("REF_ROOT",
                          os.path.join(repo, "build", "ref", "root"))
    return os.path.exists(os.path.join(root, ".ref-complete"))


class RefCrash(OSError):
    """The reference aborted (an assertion) on a command."""


class RefNft:
    """The reference nft's library in a server process chrooted into the
    reference root; the server shares the caller's network namespace."""

    def __init__(self, repo=None, env=None):
        self.repo = repo or repo_dir()
        env = dict(env or os.environ)
        for k in ("LD_PRELOAD", "LD_LIBRARY_PATH", "ASAN_OPTIONS",
                  "PYTHONPATH", "PYTHONHOME"):
            env.pop(k, None)
        self.env = env
        self.proc = None
        self.start()

    def errfile(self):
        """The server's stderr: a file, which never fills as a pipe can."""
        self.err = tempfile.TemporaryFile()
        return self.err

    def stderr_text(self):
        self.err.seek(0)
        return self.err.read().decode(errors="replace")

    def start(self):
        """(Re)starts the server: the reference aborts on some input."""
        self.proc = subprocess.Popen(
            [os.path.join(self.repo, "tools", "ref"), "python3", "-u",
             os.path.abspath(__file__), "--serve"],
            stdin=subprocess.PIPE, stdout=subprocess.PIPE,
            stderr=self.errfile(), text=True, env=self.env)
        line = self.proc.stdout.readline()
        if not line.startswith("ready"):
            err = self.stderr_text()
            self.close()
            raise OSError("the reference server did not start: %r %s"
                          % (line, err))
        self.version = line.split(" ", 1)[1].strip()

    def close(self):
        if self.proc:
            try:
                self.proc.stdin.close()
                self.proc.wait(timeout=TIMEOUT)
            except (OSError, subprocess.TimeoutExpired):
                self.proc.kill()
            self.proc = None

    def run(self, text, json_out=False, debug=False, handles=False,
            flags=0):
        if self.proc is None:
            self.start()
        req = {"text": text, "flags": output_flags(json_out, handles, flags),
               "debug": DEBUG_NETLINK if debug else 0}
        try:
            self.proc.stdin.write(json.dumps(req) + "\n")
            self.proc.stdin.flush()
            line = self.proc.stdout.readline()
        except OSError:
            line = ""
        if not line:
            self.proc.kill()
            rc = self.proc.wait()
            err = self.stderr_text()
            self.proc = None
            raise RefCrash("the reference crashed (exit %d) on %r: %s"
                           % (rc, text[:200], err.strip()[-500:]))
        rep = json.loads(line)
        return rep["rc"], rep["out"], rep["err"]


def serve():
    """The server side of RefNft, run by the reference root's Python:
    a request a line on stdin, a reply a line on stdout.  A fresh
    context per request, as a fresh nft process would have."""
    lib = LibNft("libnftables.so.1")
    out = sys.stdout
    sys.stdout = sys.stderr
    ver = subprocess.run(["nft", "--version"], capture_output=True,
                         text=True).stdout.strip()
    out.write("ready %s\n" % ver)
    out.flush()
    for line in sys.stdin:
        req = json.loads(line)
        lib.close()
        lib.ctx = lib.lib.nft_ctx_new(0)
        lib.lib.nft_ctx_buffer_output(lib.ctx)
        lib.lib.nft_ctx_buffer_error(lib.ctx)
        lib.lib.nft_ctx_output_set_flags(lib.ctx, req["flags"])
        lib.lib.nft_ctx_output_set_debug(lib.ctx, req["debug"])
        rc = lib.lib.nft_run_cmd_from_buffer(lib.ctx, req["text"].encode())
        o = lib.lib.nft_ctx_get_output_buffer(lib.ctx) or b""
        e = lib.lib.nft_ctx_get_error_buffer(lib.ctx) or b""
        out.write(json.dumps({"rc": 0 if rc == 0 else 1,
                              "out": o.decode(errors="replace"),
                              "err": e.decode(errors="replace")}) + "\n")
        out.flush()
    lib.close()


if __name__ == "__main__" and sys.argv[1:] == ["--serve"]:
    serve()
