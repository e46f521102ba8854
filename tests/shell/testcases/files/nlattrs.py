#!/usr/bin/python3
"""Print the netlink attribute trees of the nf_tables messages in an
strace log (strace -e trace=sendto,sendmsg -s 8192 -v) on stdin: one
line per attribute, nested ones indented, so that two nfts' messages
compare. With an argument (NFT_MSG_NEWSET), of messages of that type
only."""
import re
import struct
import sys

ATTR = re.compile(r'nla_type=(NLA_F_NESTED\|)?(0x[0-9a-f]+|\d+)\}, '
                  r'"((?:\\x[0-9a-f]{2})*)"')


def dump(data, depth):
    off = 0
    while off + 4 <= len(data):
        length, kind = struct.unpack_from('<HH', data, off)
        if length < 4:
            break
        payload = data[off + 4:off + length]
        nested = kind & 0x8000
        line = '  ' * depth + 'attr %d' % (kind & 0x7fff)
        print(line + ('' if nested else ' ' + payload.hex()))
        if nested:
            dump(payload, depth + 1)
        off += (length + 3) & ~3


text = sys.stdin.read()
if len(sys.argv) > 1:
    parts = re.split(r'(?=nlmsg_type=)', text)
    text = ''.join(p for p in parts
                   if p.startswith('nlmsg_type=NFNL_SUBSYS_NFTABLES<<8|' +
                                   sys.argv[1] + ','))
for m in ATTR.finditer(text):
    raw = bytes.fromhex(m.group(3).replace('\\x', ''))
    print('attr %d' % int(m.group(2), 0) + ('' if m.group(1) else ' ' + raw.hex()))
    if m.group(1):
        dump(raw, 1)
