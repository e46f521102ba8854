"""The nf_tables state of the caller's network namespace, as the kernel
dumps it: what reached the kernel, byte for byte, whichever nft put it
there.  Two nfts that load the same ruleset must leave the same state.

snapshot() dumps tables, chains, rules, sets with their elements,
stateful objects and flowtables with raw netlink requests (no libnftnl,
no nft), and renders each object as lines of text: one line an
attribute, nested attributes indented, strings as strings, other values
as hex bytes.  What differs between two equal loads is left out or
normalised: handles, use counts, generation ids, counters' values,
elements' expiry, and anonymous sets' names (numbered by their order in
their table's dump, "__set#0", which is the order the nft added them).

    import nlstate
    a = nlstate.snapshot()          # [(key, [lines])], sorted by key
    print(nlstate.render(a))
    nlstate.diff(a, b)              # "" when equal, else a unified diff
"""

import difflib
import os
import re
import socket
import struct

NETLINK_NETFILTER = 12
NFNL_SUBSYS_NFTABLES = 10
NLM_F_REQUEST = 0x1
NLM_F_ACK = 0x4
NLM_F_DUMP = 0x300
NLMSG_ERROR = 2
NLMSG_DONE = 3
NLA_F_NESTED = 0x8000
NLA_TYPE_MASK = 0x3fff

GETTABLE, GETCHAIN, GETRULE, GETSET, GETSETELEM = 1, 4, 7, 10, 13
GETOBJ, GETFLOWTABLE = 19, 23

# Attributes by message kind: name, and how its payload reads
# ("str", "nest", "list" of nested items, or None: bytes, read as nested
# attributes where they parse as such, see value()).
TABLE = {1: ("name", "str"), 2: ("flags", None), 3: ("use", "drop"),
         4: ("handle", "drop"), 5: ("pad", "drop"), 6: ("userdata", None),
         7: ("owner", "drop")}
HOOK = {1: ("hooknum", None), 2: ("priority", None), 3: ("dev", "str"),
        4: ("devs", "strs")}
CHAIN = {1: ("table", "str"), 2: ("handle", "drop"), 3: ("name", "str"),
         4: ("hook", HOOK), 5: ("policy", None), 6: ("use", "drop"),
         7: ("type", "str"), 8: ("counters", "drop"), 9: ("pad", "drop"),
         10: ("flags", None), 11: ("id", "drop"), 12: ("userdata", None)}
EXPR = {1: ("name", "str"), 2: ("data", "expr")}
RULE = {1: ("table", "str"), 2: ("chain", "str"), 3: ("handle", "drop"),
        4: ("expressions", ("list", EXPR)), 5: ("compat", None),
        6: ("position", "drop"), 7: ("userdata", None), 8: ("pad", "drop"),
        9: ("id", "drop")}
DESC = {1: ("size", None), 2: ("concat", None)}
SET = {1: ("table", "str"), 2: ("name", "str"), 3: ("flags", None),
       4: ("key_type", None), 5: ("key_len", None), 6: ("data_type", None),
       7: ("data_len", None), 8: ("policy", None), 9: ("desc", DESC),
       10: ("id", "drop"), 11: ("timeout", None), 12: ("gc_interval", None),
       13: ("userdata", None), 14: ("pad", "drop"), 15: ("obj_type", None),
       16: ("handle", "drop"), 17: ("expr", EXPR),
       18: ("expressions", ("list", EXPR))}
ELEM = {1: ("key", None), 2: ("data", None), 3: ("flags", None),
        4: ("timeout", None), 5: ("expiration", "drop"),
        6: ("userdata", None), 7: ("expr", EXPR), 8: ("pad", "drop"),
        9: ("objref", "str"), 10: ("key_end", None),
        11: ("expressions", ("list", EXPR))}
ELEMS = {1: ("table", "str"), 2: ("set", "str"),
         3: ("elements", ("list", ELEM)), 4: ("set_id", "drop")}
OBJ = {1: ("table", "str"), 2: ("name", "str"), 3: ("type", None),
       4: ("data", "expr"), 5: ("use", "drop"), 6: ("handle", "drop"),
       7: ("pad", "drop"), 8: ("userdata", None)}
FTHOOK = {1: ("hooknum", None), 2: ("priority", None), 3: ("devs", "strs")}
FLOWTABLE = {1: ("table", "str"), 2: ("name", "str"), 3: ("hook", FTHOOK),
             4: ("use", "drop"), 5: ("handle", "drop"), 6: ("pad", "drop"),
             7: ("flags", None)}

# Inside an expression's data, values that change by themselves.
VOLATILE = {"counter": (1, 2), "limit": (), "quota": (2,), "last": (1, 2),
            "connlimit": ()}

FAMILIES = {1: "inet", 2: "ip", 3: "arp", 5: "netdev", 7: "bridge",
            10: "ip6"}


class NlError(OSError):
    pass


def attrs(buf):
    """[(type, payload)] of a run of netlink attributes."""
    out = []
    off = 0
    while off + 4 <= len(buf):
        ln, typ = struct.unpack_from("HH", buf, off)
        if ln < 4 or off + ln > len(buf):
            raise ValueError("bad attribute")
        out.append((typ & NLA_TYPE_MASK, buf[off + 4:off + ln]))
        off += (ln + 3) & ~3
    if off != len(buf) and off - len(buf) >= 4:
        raise ValueError("trailing bytes")
    return out


def nested_ok(buf):
    """Do these bytes read as nested attributes (each with a payload)?"""
    if len(buf) < 8:
        return False
    try:
        items = attrs(buf)
    except ValueError:
        return False
    return bool(items) and all(len(p) > 0 for _, p in items)


def hexb(b):
    return b.hex()


def value(payload, depth):
    """Lines for a payload whose meaning is not in the tables."""
    if nested_ok(payload):
        lines = []
        for typ, p in attrs(payload):
            sub = value(p, depth + 1)
            if len(sub) == 1 and not sub[0].startswith(" "):
                lines.append("  " * depth + "%d: %s" % (typ, sub[0]))
            else:
                lines.append("  " * depth + "%d:" % typ)
                lines += sub
        return lines
    return [hexb(payload)]


def udata_tlvs(buf):
    """[(type, value)] of libnftnl's user data (1-byte type and length),
    or None where the bytes do not read as such."""
    out = []
    off = 0
    while off < len(buf):
        if off + 2 > len(buf) or off + 2 + buf[off + 1] > len(buf):
            return None
        out.append((buf[off], buf[off + 2:off + 2 + buf[off + 1]]))
        off += 2 + buf[off + 1]
    return out


def udata_lines(buf, depth, nested=(3, 4)):
    """User data as TLV lines: a set's key and data typeof (3, 4) nest
    TLVs of their own (the expression's type, its data); values in hex."""
    tlvs = udata_tlvs(buf)
    if tlvs is None:
        return ["  " * depth + hexb(buf)]
    lines = []
    for typ, val in tlvs:
        sub = udata_tlvs(val) if typ in nested and val else None
        if sub is not None:
            lines.append("  " * depth + "u%d:" % typ)
            lines += udata_lines(val, depth + 1, nested=())
        else:
            lines.append("  " * depth + "u%d: %s" % (typ, hexb(val)))
    return lines


def render_attrs(buf, table, depth, expr_name=None):
    lines = []
    pad = "  " * depth
    for typ, p in attrs(buf):
        name, kind = table.get(typ, (str(typ), None))
        if kind == "drop":
            continue
        if expr_name and typ in VOLATILE.get(expr_name, ()):
            continue
        if kind == "str":
            lines.append(pad + "%s: %r" % (name, p.rstrip(b"\0").decode(
                errors="replace")))
        elif kind == "strs":
            names = [q.rstrip(b"\0").decode(errors="replace")
                     for _, q in attrs(p)]
            lines.append(pad + "%s: %s" % (name, " ".join(names)))
        elif name == "userdata" and table is SET:
            lines.append(pad + name + ":")
            lines += udata_lines(p, depth + 1)
        elif kind == "expr":
            lines.append(pad + name + ":")
            lines += value_lines(p, depth + 1, expr_name)
        elif isinstance(kind, dict):
            lines.append(pad + name + ":")
            lines += render_attrs(p, kind, depth + 1)
        elif isinstance(kind, tuple):
            lines.append(pad + name + ":")
            for _, item in attrs(p):
                lines.append(pad + "  -")
                lines += render_item(item, kind[1], depth + 2)
        else:
            lines.append(pad + "%s: %s" % (name, hexb(p)))
    return lines


def render_item(buf, table, depth):
    if table is EXPR:
        items = dict(attrs(buf))
        name = items.get(1, b"").rstrip(b"\0").decode(errors="replace")
        lines = ["  " * depth + "expr: " + name]
        if 2 in items:
            lines += value_lines(items[2], depth + 1, name)
        return lines
    return render_attrs(buf, table, depth)


def value_lines(buf, depth, expr_name):
    lines = []
    pad = "  " * depth
    try:
        items = attrs(buf)
    except ValueError:
        return [pad + hexb(buf)]
    for typ, p in items:
        if expr_name and typ in VOLATILE.get(expr_name, ()):
            continue
        sub = value(p, depth + 1)
        if len(sub) == 1 and not sub[0].startswith(" "):
            s = sub[0]
            # names of sets, chains, objects
            if len(p) > 1 and p.endswith(b"\0") and \
                    re.match(rb"^[\x20-\x7e]+\0+$", p):
                s = repr(p.rstrip(b"\0").decode())
            lines.append(pad + "%d: %s" % (typ, s))
        else:
            lines.append(pad + "%d:" % typ)
            lines += sub
    return lines


class Netlink:
    def __init__(self):
        self.sock = socket.socket(socket.AF_NETLINK, socket.SOCK_RAW,
                                  NETLINK_NETFILTER)
        self.sock.bind((0, 0))
        self.sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 1 << 22)
        self.seq = 0

    def close(self):
        self.sock.close()

    def dump(self, msg, family=0, payload=b""):
        """[(family, genid, attribute bytes)] of a dump request."""
        self.seq += 1
        typ = (NFNL_SUBSYS_NFTABLES << 8) | msg
        body = struct.pack("BBH", family, 0, 0) + payload
        hdr = struct.pack("IHHII", 16 + len(body), typ,
                          NLM_F_REQUEST | NLM_F_DUMP | NLM_F_ACK, self.seq, 0)
        self.sock.send(hdr + body)
        out = []
        while True:
            data = self.sock.recv(1 << 20)
            off = 0
            while off + 16 <= len(data):
                ln, mtype, flags, seq, pid = struct.unpack_from("IHHII",
                                                                data, off)
                if ln < 16:
                    raise NlError(0, "bad netlink message")
                body = data[off + 16:off + ln]
                off += (ln + 3) & ~3
                if seq != self.seq:
                    continue
                if mtype == NLMSG_DONE:
                    return out
                if mtype == NLMSG_ERROR:
                    err = struct.unpack_from("i", body)[0]
                    if err == 0:
                        continue
                    raise NlError(-err, os.strerror(-err))
                fam, _, genid = struct.unpack_from("BBH", body)
                out.append((fam, genid, body[4:]))


def strattr(typ, s):
    b = s.encode() + b"\0"
    return struct.pack("HH", 4 + len(b), typ) + b + b"\0" * (-len(b) % 4)


def first(buf, typ):
    for t, p in attrs(buf):
        if t == typ:
            return p.rstrip(b"\0").decode(errors="replace")
    return None


def snapshot():
    """[(key, lines)] of the namespace's nf_tables objects, sorted.  Keys:
    ("table"|"chain"|"set"|"elements"|"obj"|"flowtable"|"rule", family,
    table, name-or-index)."""
    nl = Netlink()
    try:
        return take(nl)
    finally:
        nl.close()


def take(nl):
    objs = []
    anon = {}          # (family, table, name) -> normalised name
    sets = nl.dump(GETSET)
    seen = {}
    for fam, _, buf in sets:
        table, name = first(buf, 1), first(buf, 2)
        if name.startswith("__set") or name.startswith("__map"):
            n = seen.get((fam, table), 0)
            seen[(fam, table)] = n + 1
            anon[(fam, table, name)] = "%s#%d" % (name[:5], n)

    def norm(fam, table, lines):
        if not anon:
            return lines
        out = []
        for l in lines:
            for (f, t, n), new in anon.items():
                if f == fam and t == table and n in l:
                    l = re.sub(r"'%s'" % re.escape(n), "'%s'" % new, l)
                    l = re.sub(r"\b%s$" % re.escape(n), new, l)
            out.append(l)
        return out

    for fam, _, buf in nl.dump(GETTABLE):
        objs.append((("table", FAMILIES.get(fam, fam), first(buf, 1), ""),
                     render_attrs(buf, TABLE, 1)))
    # bound chains ("jump { ... }"): the kernel names them from a
    # counter of its own, "__chain7"; numbered by their order in their
    # table's dump instead, "__chain#0"
    chains = nl.dump(GETCHAIN)
    bound = {}
    for fam, _, buf in chains:
        table, name = first(buf, 1), first(buf, 3)
        if name.startswith("__chain"):
            n = seen.get((fam, table, "chain"), 0)
            seen[(fam, table, "chain")] = n + 1
            new = "__chain#%d" % n
            anon[(fam, table, name)] = new
            bound[(fam, table, name)] = new
            # a verdict's chain is rendered as bytes, NUL ended
            anon[(fam, table, hexb(name.encode() + b"\0"))] = \
                hexb(new.encode() + b"\0")
    for fam, _, buf in chains:
        table, name = first(buf, 1), first(buf, 3)
        objs.append((("chain", FAMILIES.get(fam, fam), table,
                      bound.get((fam, table, name), name)),
                     norm(fam, table, render_attrs(buf, CHAIN, 1))))
    for fam, _, buf in sets:
        table, name = first(buf, 1), first(buf, 2)
        key = anon.get((fam, table, name), name)
        lines = norm(fam, table, render_attrs(buf, SET, 1))
        objs.append((("set", FAMILIES.get(fam, fam), table, key), lines))
        req = strattr(1, table) + strattr(2, name)
        elems = []
        for _, _, eb in nl.dump(GETSETELEM, fam, req):
            for typ, p in attrs(eb):
                if typ == 3:
                    for _, item in attrs(p):
                        elems.append(render_attrs(item, ELEM, 2))
        # the kernel's order depends on its backend's hashing: sorted
        elems.sort()
        lines = []
        for e in elems:
            lines.append("  -")
            lines += e
        objs.append((("elements", FAMILIES.get(fam, fam), table, key),
                     norm(fam, table, lines)))
    for fam, _, buf in nl.dump(GETOBJ):
        items = dict(attrs(buf))
        otype = struct.unpack(">I", items.get(3, b"\0\0\0\0"))[0]
        name = {1: "counter", 2: "quota", 5: "limit"}.get(otype)
        lines = render_attrs(buf, OBJ, 1, expr_name=name)
        objs.append((("obj", FAMILIES.get(fam, fam), first(buf, 1),
                      first(buf, 2)), lines))
    for fam, _, buf in nl.dump(GETFLOWTABLE):
        objs.append((("flowtable", FAMILIES.get(fam, fam), first(buf, 1),
                      first(buf, 2)), render_attrs(buf, FLOWTABLE, 1)))
    count = {}
    for fam, _, buf in nl.dump(GETRULE):
        table, chain = first(buf, 1), first(buf, 2)
        chain = bound.get((fam, table, chain), chain)
        k = (fam, table, chain)
        count[k] = count.get(k, 0) + 1
        objs.append((("rule", FAMILIES.get(fam, fam), table,
                      "%s#%04d" % (chain, count[k])),
                     norm(fam, table, render_attrs(buf, RULE, 1))))
    order = {"table": 0, "chain": 1, "set": 2, "elements": 3, "obj": 4,
             "flowtable": 5, "rule": 6}
    objs.sort(key=lambda o: (o[0][1], o[0][2], order[o[0][0]], o[0][3]))
    return objs


def render(snap):
    out = []
    for key, lines in snap:
        out.append("%s %s %s %s" % key)
        out += lines
    return "\n".join(out) + "\n"


def diff(a, b, names=("a", "b")):
    ra, rb = render(a), render(b)
    if ra == rb:
        return ""
    return "".join(difflib.unified_diff(ra.splitlines(True),
                                        rb.splitlines(True), names[0],
                                        names[1], n=2))


if __name__ == "__main__":
    print(render(snapshot()), end="")
