"""ctypes binding of libnftables(3): one Nftables object is one nft_ctx.

Output and errors are buffered in the library and returned by cmd() and
json_cmd() as (rc, output, error); rc is the library's return value (0 on
success, -1 on failure). Each set_* method returns the previous value.
"""
import json
import os
from ctypes import (CDLL, c_bool, c_char_p, c_int, c_uint, c_void_p)

NFTABLES_VERSION = "0.1"

# nft_ctx_new()'s flag: no handlers for signals or such, as programs use it
_NFT_CTX_DEFAULT = 0


class SchemaValidator:
    """Validates JSON input against the schema shipped with this module
    (schema.json): the "nftables" array of command and object objects.
    Needs the jsonschema module."""

    def __init__(self):
        import jsonschema  # only for validation, as upstream's
        here = os.path.dirname(os.path.abspath(__file__))
        with open(os.path.join(here, "schema.json")) as f:
            self.schema = json.load(f)
        self._jsonschema = jsonschema

    def validate(self, json_root):
        self._jsonschema.validate(instance=json_root, schema=self.schema)


class Nftables:
    """One libnftables context (nft_ctx) and its settings."""

    # NFT_CTX_OUTPUT_* of libnftables.h, by the names the methods use
    output_flags = {
        "reversedns": 1 << 0,
        "service": 1 << 1,
        "stateless": 1 << 2,
        "handle": 1 << 3,
        "json": 1 << 4,
        "echo": 1 << 5,
        "guid": 1 << 6,
        "numeric_proto": 1 << 7,
        "numeric_prio": 1 << 8,
        "numeric_symbol": 1 << 9,
        "numeric_time": 1 << 10,
        "terse": 1 << 11,
    }
    # NFT_DEBUG_*
    debug_flags = {
        "scanner": 1 << 0,
        "parser": 1 << 1,
        "eval": 1 << 2,
        "netlink": 1 << 3,
        "mnl": 1 << 4,
        "proto-ctx": 1 << 5,
        "segtree": 1 << 6,
    }
    # NFT_CTX_INPUT_*
    input_flags = {
        "no-dns": 1 << 0,
        "json": 1 << 1,
    }

    validator = None
    _optional = ("nft_ctx_input_get_flags", "nft_ctx_input_set_flags")

    def __init__(self, sofile="libnftables.so.1"):
        lib = CDLL(sofile)
        self._lib = lib
        self._sofile = sofile
        self._ctx = None
        sigs = {
            "nft_ctx_new": (c_void_p, [c_uint]),
            "nft_ctx_free": (None, [c_void_p]),
            "nft_ctx_output_get_flags": (c_uint, [c_void_p]),
            "nft_ctx_output_set_flags": (None, [c_void_p, c_uint]),
            "nft_ctx_output_get_debug": (c_uint, [c_void_p]),
            "nft_ctx_output_set_debug": (None, [c_void_p, c_uint]),
            "nft_ctx_input_get_flags": (c_uint, [c_void_p]),
            "nft_ctx_input_set_flags": (c_uint, [c_void_p, c_uint]),
            "nft_ctx_get_dry_run": (c_bool, [c_void_p]),
            "nft_ctx_set_dry_run": (None, [c_void_p, c_bool]),
            "nft_ctx_buffer_output": (c_int, [c_void_p]),
            "nft_ctx_get_output_buffer": (c_char_p, [c_void_p]),
            "nft_ctx_buffer_error": (c_int, [c_void_p]),
            "nft_ctx_get_error_buffer": (c_char_p, [c_void_p]),
            "nft_run_cmd_from_buffer": (c_int, [c_void_p, c_char_p]),
            "nft_run_cmd_from_filename": (c_int, [c_void_p, c_char_p]),
            "nft_ctx_add_include_path": (c_int, [c_void_p, c_char_p]),
            "nft_ctx_clear_include_paths": (None, [c_void_p]),
            "nft_ctx_add_var": (c_int, [c_void_p, c_char_p]),
            "nft_ctx_clear_vars": (None, [c_void_p]),
        }
        for name, (restype, argtypes) in sigs.items():
            try:
                fn = getattr(lib, name)
            except AttributeError:
                # an older library (input flags came with nftables 1.0.1):
                # the methods that need it say so when called
                if name not in self._optional:
                    raise
                continue
            fn.restype = restype
            fn.argtypes = argtypes
        self._ctx = lib.nft_ctx_new(_NFT_CTX_DEFAULT)
        if not self._ctx:
            raise MemoryError("nft_ctx_new failed")
        lib.nft_ctx_buffer_output(self._ctx)
        lib.nft_ctx_buffer_error(self._ctx)

    def __del__(self):
        if getattr(self, "_ctx", None):
            self._lib.nft_ctx_free(self._ctx)
            self._ctx = None

    # ---- flags ----

    @staticmethod
    def _flags_to_numeric(flags_dict, values):
        """A number from flag names or numbers (one, or a list)."""
        if isinstance(values, (str, int)):
            values = [values]
        val = 0
        for v in values:
            if isinstance(v, str):
                try:
                    v = flags_dict[v]
                except KeyError:
                    raise ValueError("unknown flag %r" % v) from None
            val |= int(v)
        return val

    @staticmethod
    def _flags_from_numeric(flags_dict, val):
        """The names of the flags set in @val, in bit order."""
        return [name for name, bit in sorted(flags_dict.items(),
                                             key=lambda kv: kv[1])
                if val & bit]

    def _get_output_flag(self, name):
        flag = self.output_flags[name]
        return bool(self._lib.nft_ctx_output_get_flags(self._ctx) & flag)

    def _set_output_flag(self, name, val):
        flag = self.output_flags[name]
        flags = self._lib.nft_ctx_output_get_flags(self._ctx)
        old = bool(flags & flag)
        flags = flags | flag if val else flags & ~flag
        self._lib.nft_ctx_output_set_flags(self._ctx, flags)
        return old

    def get_reversedns_output(self):
        return self._get_output_flag("reversedns")

    def set_reversedns_output(self, val):
        return self._set_output_flag("reversedns", val)

    def get_service_output(self):
        return self._get_output_flag("service")

    def set_service_output(self, val):
        return self._set_output_flag("service", val)

    def get_stateless_output(self):
        return self._get_output_flag("stateless")

    def set_stateless_output(self, val):
        return self._set_output_flag("stateless", val)

    def get_handle_output(self):
        return self._get_output_flag("handle")

    def set_handle_output(self, val):
        return self._set_output_flag("handle", val)

    def get_json_output(self):
        return self._get_output_flag("json")

    def set_json_output(self, val):
        return self._set_output_flag("json", val)

    def get_echo_output(self):
        return self._get_output_flag("echo")

    def set_echo_output(self, val):
        return self._set_output_flag("echo", val)

    def get_guid_output(self):
        return self._get_output_flag("guid")

    def set_guid_output(self, val):
        return self._set_output_flag("guid", val)

    def get_numeric_proto_output(self):
        return self._get_output_flag("numeric_proto")

    def set_numeric_proto_output(self, val):
        return self._set_output_flag("numeric_proto", val)

    def get_numeric_prio_output(self):
        return self._get_output_flag("numeric_prio")

    def set_numeric_prio_output(self, val):
        return self._set_output_flag("numeric_prio", val)

    def get_numeric_symbol_output(self):
        return self._get_output_flag("numeric_symbol")

    def set_numeric_symbol_output(self, val):
        return self._set_output_flag("numeric_symbol", val)

    def get_numeric_time_output(self):
        return self._get_output_flag("numeric_time")

    def set_numeric_time_output(self, val):
        return self._set_output_flag("numeric_time", val)

    def get_terse_output(self):
        return self._get_output_flag("terse")

    def set_terse_output(self, val):
        return self._set_output_flag("terse", val)

    def get_debug(self):
        """The debug flags set, by name."""
        return self._flags_from_numeric(
            self.debug_flags, self._lib.nft_ctx_output_get_debug(self._ctx))

    def set_debug(self, values):
        """Set the debug flags (a name, a number or a list of them);
        returns the previous ones by name."""
        old = self.get_debug()
        self._lib.nft_ctx_output_set_debug(
            self._ctx, self._flags_to_numeric(self.debug_flags, values))
        return old

    def _need(self, name):
        if not hasattr(self._lib, name):
            raise NotImplementedError("%s: the library has no %s"
                                      % (self._sofile, name))

    def get_input_flags(self):
        self._need("nft_ctx_input_get_flags")
        return self._flags_from_numeric(
            self.input_flags, self._lib.nft_ctx_input_get_flags(self._ctx))

    def set_input_flags(self, values):
        self._need("nft_ctx_input_set_flags")
        old = self.get_input_flags()
        self._lib.nft_ctx_input_set_flags(
            self._ctx, self._flags_to_numeric(self.input_flags, values))
        return old

    def get_dry_run(self):
        return bool(self._lib.nft_ctx_get_dry_run(self._ctx))

    def set_dry_run(self, onoff):
        old = self.get_dry_run()
        self._lib.nft_ctx_set_dry_run(self._ctx, bool(onoff))
        return old

    # ---- commands ----

    def _buffers(self):
        out = self._lib.nft_ctx_get_output_buffer(self._ctx) or b""
        err = self._lib.nft_ctx_get_error_buffer(self._ctx) or b""
        return (out.decode("utf-8", "replace"),
                err.decode("utf-8", "replace"))

    def cmd(self, cmdline):
        """Run @cmdline (text, or JSON when the input flag says so);
        returns (rc, output, error)."""
        if isinstance(cmdline, str):
            cmdline = cmdline.encode("utf-8")
        rc = self._lib.nft_run_cmd_from_buffer(self._ctx, cmdline)
        out, err = self._buffers()
        return (rc, out, err)

    def cmd_from_file(self, filename):
        """Run the commands in @filename; returns (rc, output, error)."""
        if isinstance(filename, str):
            filename = filename.encode("utf-8")
        rc = self._lib.nft_run_cmd_from_filename(self._ctx, filename)
        out, err = self._buffers()
        return (rc, out, err)

    def json_cmd(self, json_root):
        """Run the JSON document @json_root (a dict, {"nftables": [...]})
        with JSON output; returns (rc, output, error), the output parsed
        when there is any."""
        old = self._set_output_flag("json", True)
        try:
            rc, out, err = self.cmd(json.dumps(json_root))
        finally:
            self._set_output_flag("json", old)
        if out:
            out = json.loads(out)
        return (rc, out, err)

    def json_validate(self, json_root):
        """Validate @json_root against the JSON schema; raises the
        jsonschema module's error if it does not fit, else True."""
        if self.validator is None:
            self.validator = SchemaValidator()
        self.validator.validate(json_root)
        return True

    # ---- variables and include paths ----

    def add_include_path(self, filename):
        if isinstance(filename, str):
            filename = filename.encode("utf-8")
        return self._lib.nft_ctx_add_include_path(self._ctx, filename) == 0

    def clear_include_paths(self):
        self._lib.nft_ctx_clear_include_paths(self._ctx)

    def add_var(self, var):
        """Define a variable for the commands, "name=value"."""
        if isinstance(var, str):
            var = var.encode("utf-8")
        return self._lib.nft_ctx_add_var(self._ctx, var) == 0

    def clear_vars(self):
        self._lib.nft_ctx_clear_vars(self._ctx)
