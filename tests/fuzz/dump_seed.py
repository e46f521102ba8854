#!/usr/bin/env python3
"""The caller's network namespace's nf_tables state as fuzz_dump takes it:

    dump_seed.py > SEED

every object the kernel dumps (tables, chains, sets, each set's elements,
stateful objects, flowtables, rules), as the netlink messages the kernel
sent (NFT_MSG_NEWx, nfgenmsg, attributes), one after the other. Run it
inside a namespace (unshare -n) after loading a ruleset.
"""
import os
import socket
import struct
import sys

NETLINK_NETFILTER = 12
SUBSYS = 10 << 8
GETTABLE, GETCHAIN, GETRULE, GETSET, GETSETELEM = 1, 4, 7, 10, 13
GETOBJ, GETFLOWTABLE = 19, 23


def dump(sock, seq, msg, family=0, payload=b""):
    body = struct.pack("BBH", family, 0, 0) + payload
    sock.send(struct.pack("IHHII", 16 + len(body), SUBSYS | msg,
                          0x1 | 0x300, seq, 0) + body)
    out = []
    while True:
        data = sock.recv(1 << 20)
        off = 0
        while off + 16 <= len(data):
            ln, mtype = struct.unpack_from("IH", data, off)
            if ln < 16:
                return out
            if mtype in (2, 3):     # NLMSG_ERROR, NLMSG_DONE
                return out
            out.append(data[off:off + ln] + b"\0" * (-ln % 4))
            off += (ln + 3) & ~3


def attr_str(buf, typ):
    off = 20
    while off + 4 <= len(buf):
        ln, t = struct.unpack_from("HH", buf, off)
        if ln < 4:
            break
        if t & 0x3fff == typ:
            return buf[off + 4:off + ln]
        off += (ln + 3) & ~3
    return None


def strattr(typ, b):
    return struct.pack("HH", 4 + len(b), typ) + b + b"\0" * (-len(b) % 4)


def main():
    sock = socket.socket(socket.AF_NETLINK, socket.SOCK_RAW,
                         NETLINK_NETFILTER)
    sock.bind((0, 0))
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 1 << 22)
    msgs = []
    msgs += dump(sock, 1, GETTABLE)
    msgs += dump(sock, 2, GETCHAIN)
    sets = dump(sock, 3, GETSET)
    msgs += sets
    for i, s in enumerate(sets):
        table, name = attr_str(s, 1), attr_str(s, 2)
        if table is None or name is None:
            continue
        msgs += dump(sock, 10 + i, GETSETELEM, s[16],
                     strattr(1, table) + strattr(2, name))
    msgs += dump(sock, 4, GETOBJ)
    msgs += dump(sock, 5, GETFLOWTABLE)
    msgs += dump(sock, 6, GETRULE)
    os.write(sys.stdout.fileno(), b"".join(msgs))


if __name__ == "__main__":
    main()
