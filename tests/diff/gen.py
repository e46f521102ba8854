"""The differential generator's grammar: tables of nft(8)'s selectors,
relations, statements, set and map declarations, chains and objects,
and the value notations of each datatype, written from the man pages
(nft(8), libnftables-json(5)).

gen_case(seed, index) returns a Case: a family and a ruleset text
(declarations in a table block, then "add rule" lines), derived from
(seed, index) alone, so one case replays without the others.  Some
values are deliberately bad (out of range, unknown names, wrong types):
both nfts must refuse those alike, caret included.
"""

import random

FAMILIES = ("ip", "ip6", "inet", "arp", "bridge", "netdev")
L3 = ("ip", "ip6", "inet", "bridge", "netdev")
IP4 = ("ip", "inet", "bridge", "netdev")
IP6 = ("ip6", "inet", "bridge", "netdev")
INET = ("ip", "ip6", "inet")
CT = ("ip", "ip6", "inet", "bridge")
ALL = FAMILIES
BAD = 0.06              # share of values written in a bad notation


class Case:
    def __init__(self, cid, family, text, kind):
        self.id = cid           # "SEED:INDEX"
        self.family = family
        self.text = text
        self.kind = kind        # rule, set, map, chain, object, table


# -- value domains: each writes one value in one of its notations ------------


class Dom:
    """A datatype's value domain: numbers, names, and how it may be
    combined (ranges, prefixes, flag lists, masks)."""
    name = "integer"
    bits = 32
    names = ()
    flags = False           # a bitmask: flag lists, "/ mask"
    ordered = True          # <, >, ranges
    prefix = False          # addr/len

    def __init__(self, name=None, bits=None, names=None, **kw):
        if name:
            self.name = name
        if bits:
            self.bits = bits
        if names is not None:
            self.names = names
        self.__dict__.update(kw)

    def number(self, g, lo=0, hi=None):
        hi = (1 << self.bits) - 1 if hi is None else hi
        v = g.r.choice((lo, hi, g.r.randint(lo, min(hi, 255)),
                        g.r.randint(lo, hi)))
        return g.notation(v)

    def bad(self, g):
        return g.r.choice((str(1 << self.bits), "-1", "0x" + "f" * 20,
                           "foo", '"foo"', "1.2", "0xzz", "08"))

    def value(self, g):
        if g.bad():
            return self.bad(g)
        if self.names and g.r.random() < 0.5:
            n = g.r.choice(self.names)
            return '"%s"' % n if g.r.random() < 0.1 else n
        return self.number(g)

    def low_high(self, g):
        hi = (1 << self.bits) - 1
        a = g.r.randint(0, min(hi, 1000))
        b = g.r.randint(a, min(hi, a + g.r.choice((1, 10, 1000, hi))))
        if g.bad():
            a, b = b + 1, a     # inverted: an error
        return g.notation(a), g.notation(b)

    def range(self, g):
        if self.names and g.r.random() < 0.3 and len(self.names) > 1:
            a, b = g.r.sample(self.names, 2)
            return "%s-%s" % (a, b)
        return "%s-%s" % self.low_high(g)


class Addr4(Dom):
    name, bits, prefix = "ipv4_addr", 32, True

    def addr(self, g):
        return g.r.choice(("10.%d.%d.%d" % (g.r.randint(0, 255),
                                            g.r.randint(0, 255),
                                            g.r.randint(0, 255)),
                           "192.168.0.1", "127.0.0.1", "0.0.0.0",
                           "255.255.255.255", "1.2.3.4"))

    def bad(self, g):
        return g.r.choice(("1.2.3.256", "1.2.3", "1.2.3.4.5", "::1",
                           "1.2.3.4/33", "foo.invalid", "1.2.3.4/-1"))

    def value(self, g):
        if g.bad():
            return self.bad(g)
        return self.addr(g)

    def pfx(self, g):
        a = self.addr(g)
        return "%s/%d" % (a, g.r.choice((0, 8, 16, 24, 31, 32,
                                         g.r.randint(0, 32))))

    def range(self, g):
        a = "10.0.%d.%d" % (g.r.randint(0, 9), g.r.randint(0, 255))
        b = "10.0.%d.%d" % (g.r.randint(10, 20), g.r.randint(0, 255))
        if g.bad():
            a, b = b, a
        return "%s-%s" % (a, b)


class Addr6(Addr4):
    name, bits = "ipv6_addr", 128

    def addr(self, g):
        return g.r.choice(("::1", "fe80::1", "2001:db8::%x" %
                           g.r.randint(0, 0xffff), "::", "ff02::1",
                           "::ffff:1.2.3.4", "2001:db8:1:2:3:4:5:6",
                           "1::2:3:4"))

    def bad(self, g):
        return g.r.choice(("::g", "1:2:3:4:5:6:7:8:9", "1.2.3.4",
                           "::1/129", "fe80::1%eth0", ":::"))

    def pfx(self, g):
        return "%s/%d" % (self.addr(g), g.r.choice((0, 8, 32, 48, 64, 127,
                                                    128, g.r.randint(0, 128))))

    def range(self, g):
        a = "2001:db8::%x" % g.r.randint(0, 0xff)
        b = "2001:db8::%x" % g.r.randint(0x100, 0xffff)
        return "%s-%s" % (a, b)


class Ether(Dom):
    name, bits = "ether_addr", 48

    def value(self, g):
        if g.bad():
            return g.r.choice(("00:11:22:33:44", "00:11:22:33:44:5g",
                               "001122334455", "1:2:3:4:5:6:7"))
        return g.r.choice(("00:11:22:33:44:55", "ff:ff:ff:ff:ff:ff",
                           "00:00:00:00:00:00", "0a:0b:0c:0d:0e:%02x" %
                           g.r.randint(0, 255), "1:2:3:4:5:6"))

    def range(self, g):
        return "00:00:00:00:00:01-00:00:00:00:%02x:ff" % g.r.randint(1, 255)


class Str(Dom):
    """A string: interface names (wildcards too), helper names, kinds."""
    name, bits, ordered = "ifname", 128, False
    choices = ("v0", "v1", "lo", "eth0", "br0")

    def value(self, g):
        if g.bad():
            return g.r.choice(('"%s"' % ("x" * 20), '""', '"*"', "1.2",
                               '"a\\*"'))
        s = g.r.choice(self.choices)
        if self.name == "ifname" and g.r.random() < 0.25:
            s = s[:g.r.randint(1, len(s))] + "*"
        return '"%s"' % s if g.r.random() < 0.6 or "*" in s else s

    def range(self, g):
        return '"a"-"b"'


class Iface(Dom):
    name, bits, ordered = "iface_index", 32, False

    def value(self, g):
        if g.bad():
            return g.r.choice(('"nosuchdev"', "nosuch0", "-1"))
        return g.r.choice(('"lo"', "lo", '"v0"', "v1", "1", "0x1"))


class Time(Dom):
    name, bits = "time", 64

    def value(self, g):
        if g.bad():
            return g.r.choice(("1x", "s", "-1s", "99999999999d"))
        return g.r.choice(("1s", "10s", "1m", "1m30s", "2h", "3d", "1d2h3m4s",
                           "100ms", "%ds" % g.r.randint(0, 100000), "0s",
                           "%d" % g.r.randint(0, 100)))

    def range(self, g):
        return "1s-1m"


class Hour(Dom):
    name, bits = "hour", 32

    def value(self, g):
        if g.bad():
            return g.r.choice(('"25:00"', '"17:60"', '"1"'))
        h = '"%02d:%02d"' % (g.r.randint(0, 23), g.r.randint(0, 59))
        return g.r.choice((h, '"17:00:30"', '"00:00"', '"23:59:59"'))

    def range(self, g):
        return '"%02d:00"-"%02d:30"' % (g.r.randint(0, 23),
                                       g.r.randint(0, 23))


class Date(Dom):
    name, bits = "time", 64

    def value(self, g):
        if g.bad():
            return '"2019-13-01"'
        return g.r.choice(('"2019-06-06 17:00"', '"2019-06-06"',
                           '"2021-01-01 00:00:00"', "1560000000"))

    def range(self, g):
        return '"2019-06-06"-"2020-01-01 10:00"'


class Prio(Dom):
    name, bits = "tc_handle", 32

    def value(self, g):
        if g.bad():
            return g.r.choice(("1:2:3", "10000:1", "x:1"))
        return g.r.choice(("1:2", "none", "root", "ffff:ffff", "0:0",
                           "%x:%x" % (g.r.randint(0, 0xffff),
                                      g.r.randint(0, 0xffff))))

    def range(self, g):
        return "1:1-1:ff"


def D(name, bits, names=(), **kw):
    return Dom(name=name, bits=bits, names=names, **kw)


PROTO_NAMES = ("tcp", "udp", "icmp", "icmpv6", "esp", "ah", "sctp", "gre",
               "udplite", "dccp", "igmp", "comp", "ipv6-icmp", "ospf")
PORT_NAMES = ("ssh", "http", "https", "domain", "ftp", "smtp", "ntp",
              "telnet", "bootps")
ICMP_TYPES = ("echo-reply", "destination-unreachable", "source-quench",
              "redirect", "echo-request", "router-advertisement",
              "router-solicitation", "time-exceeded", "parameter-problem",
              "timestamp-request", "timestamp-reply", "info-request",
              "info-reply", "address-mask-request", "address-mask-reply")
ICMP6_TYPES = ("destination-unreachable", "packet-too-big", "time-exceeded",
               "parameter-problem", "echo-request", "echo-reply",
               "mld-listener-query", "mld-listener-report",
               "mld-listener-done", "nd-router-solicit", "nd-router-advert",
               "nd-neighbor-solicit", "nd-neighbor-advert", "nd-redirect",
               "router-renumbering", "ind-neighbor-solicit",
               "mld2-listener-report")
ICMP_CODES = ("net-unreachable", "host-unreachable", "prot-unreachable",
              "port-unreachable", "net-prohibited", "host-prohibited",
              "admin-prohibited", "frag-needed")
ICMP6_CODES = ("no-route", "admin-prohibited", "addr-unreachable",
               "port-unreachable", "policy-fail", "reject-route")
ICMPX_CODES = ("port-unreachable", "admin-prohibited", "no-route",
               "host-unreachable")
DSCP = ("cs0", "cs1", "cs2", "cs3", "cs4", "cs5", "cs6", "cs7", "af11",
        "af12", "af13", "af21", "af41", "ef", "va", "le", "df")
ECN = ("not-ect", "ect1", "ect0", "ce")
ETHER_TYPES = ("ip", "ip6", "arp", "vlan", "8021q", "8021ad")
TCP_FLAGS = ("fin", "syn", "rst", "psh", "ack", "urg", "ecn", "cwr")
CT_STATES = ("invalid", "established", "related", "new", "untracked")
CT_STATUS = ("expected", "seen-reply", "assured", "confirmed", "snat",
             "dnat", "dying")
CT_EVENTS = ("new", "related", "destroy", "reply", "assured", "protoinfo",
             "helper", "mark", "seqadjust", "secmark", "label")

PORT = D("inet_service", 16, PORT_NAMES)
PROTO = D("inet_proto", 8, PROTO_NAMES)
MARK = D("mark", 32)
ADDR4, ADDR6, ETHER = Addr4(), Addr6(), Ether()
IFNAME = Str()
IFACE = Iface()
BOOL = D("boolean", 1, ("exists", "missing", "true", "false"),
         ordered=False)
INT8, INT16, INT32, INT64 = D("integer", 8), D("integer", 16), \
    D("integer", 32), D("integer", 64)


def intd(bits):
    return D("integer", bits)


# -- selectors: (text, domain, families, chain constraint) --------------------

# each row: text, domain, families where it belongs; the generator uses
# a row outside its families now and then (both nfts must refuse alike)
SELECTORS = [
    # ether, vlan, arp
    ("ether saddr", ETHER, ALL), ("ether daddr", ETHER, ALL),
    ("ether type", D("ether_type", 16, ETHER_TYPES), ALL),
    ("vlan id", intd(12), L3), ("vlan pcp", intd(3), L3),
    ("vlan dei", intd(1), L3), ("vlan cfi", intd(1), L3),
    ("vlan type", D("ether_type", 16, ETHER_TYPES), L3),
    ("arp htype", INT16, ("arp", "bridge", "netdev")),
    ("arp ptype", D("ether_type", 16, ETHER_TYPES), ("arp", "bridge", "netdev")),
    ("arp hlen", INT8, ("arp", "bridge", "netdev")),
    ("arp plen", INT8, ("arp", "bridge", "netdev")),
    ("arp operation", D("arp_op", 16, ("request", "reply", "rrequest",
                                       "rreply", "inrequest", "inreply",
                                       "nak")), ("arp", "bridge", "netdev")),
    ("arp saddr ip", ADDR4, ("arp", "bridge", "netdev")),
    ("arp daddr ip", ADDR4, ("arp", "bridge", "netdev")),
    ("arp saddr ether", ETHER, ("arp", "bridge", "netdev")),
    ("arp daddr ether", ETHER, ("arp", "bridge", "netdev")),
    # ip
    ("ip version", intd(4), IP4), ("ip hdrlength", intd(4), IP4),
    ("ip dscp", D("dscp", 6, DSCP), IP4), ("ip ecn", D("ecn", 2, ECN), IP4),
    ("ip length", INT16, IP4), ("ip id", INT16, IP4),
    ("ip frag-off", INT16, IP4), ("ip ttl", INT8, IP4),
    ("ip protocol", PROTO, IP4), ("ip checksum", INT16, IP4),
    ("ip saddr", ADDR4, IP4), ("ip daddr", ADDR4, IP4),
    ("ip option rr exists", None, IP4), ("ip option lsrr ptr", INT8, IP4),
    ("ip option ssrr addr", ADDR4, IP4), ("ip option ra value", INT16, IP4),
    ("ip option rr type", INT8, IP4), ("ip option lsrr length", INT8, IP4),
    ("icmp type", D("icmp_type", 8, ICMP_TYPES), IP4),
    ("icmp code", D("icmp_code", 8, ICMP_CODES), IP4),
    ("icmp checksum", INT16, IP4), ("icmp id", INT16, IP4),
    ("icmp sequence", INT16, IP4), ("icmp gateway", ADDR4, IP4),
    ("icmp mtu", INT16, IP4),
    ("igmp type", D("igmp_type", 8, ("membership-query",
                                     "membership-report-v1",
                                     "membership-report-v2",
                                     "membership-report-v3",
                                     "leave-group")), IP4),
    ("igmp mrt", INT8, IP4), ("igmp checksum", INT16, IP4),
    ("igmp group", ADDR4, IP4),
    # ip6
    ("ip6 version", intd(4), IP6), ("ip6 dscp", D("dscp", 6, DSCP), IP6),
    ("ip6 ecn", D("ecn", 2, ECN), IP6), ("ip6 flowlabel", intd(20), IP6),
    ("ip6 length", INT16, IP6), ("ip6 nexthdr", PROTO, IP6),
    ("ip6 hoplimit", INT8, IP6), ("ip6 saddr", ADDR6, IP6),
    ("ip6 daddr", ADDR6, IP6),
    ("icmpv6 type", D("icmpv6_type", 8, ICMP6_TYPES), IP6),
    ("icmpv6 code", D("icmpv6_code", 8, ICMP6_CODES), IP6),
    ("icmpv6 checksum", INT16, IP6), ("icmpv6 mtu", INT32, IP6),
    ("icmpv6 id", INT16, IP6), ("icmpv6 sequence", INT16, IP6),
    ("icmpv6 max-delay", INT16, IP6),
    ("icmpv6 parameter-problem", INT32, IP6),
    ("icmpv6 packet-too-big", INT32, IP6),
    # ipv6 extension headers
    ("hbh nexthdr", PROTO, IP6), ("hbh hdrlength", INT8, IP6),
    ("rt nexthdr", PROTO, IP6), ("rt hdrlength", INT8, IP6),
    ("rt type", INT8, IP6), ("rt seg-left", INT8, IP6),
    ("rt0 addr[1]", ADDR6, IP6), ("rt2 addr", ADDR6, IP6),
    ("srh last-entry", INT8, IP6), ("srh flags", INT8, IP6),
    ("srh tag", INT16, IP6), ("srh sid[1]", ADDR6, IP6),
    ("frag nexthdr", PROTO, IP6), ("frag reserved", INT8, IP6),
    ("frag frag-off", intd(13), IP6), ("frag more-fragments", intd(1), IP6),
    ("frag id", INT32, IP6), ("frag reserved2", intd(2), IP6),
    ("dst nexthdr", PROTO, IP6), ("dst hdrlength", INT8, IP6),
    ("mh nexthdr", PROTO, IP6), ("mh hdrlength", INT8, IP6),
    ("mh type", D("mh_type", 8, ("binding-refresh-request",
                                 "home-test-init", "binding-update",
                                 "binding-error")), IP6),
    ("mh reserved", INT8, IP6), ("mh checksum", INT16, IP6),
    ("exthdr hbh exists", None, IP6), ("exthdr frag missing", None, IP6),
    ("exthdr rt exists", None, IP6), ("exthdr dst exists", None, IP6),
    ("exthdr mh missing", None, IP6),
    # transport
    ("tcp sport", PORT, L3), ("tcp dport", PORT, L3),
    ("tcp sequence", INT32, L3), ("tcp ackseq", INT32, L3),
    ("tcp doff", intd(4), L3), ("tcp reserved", intd(4), L3),
    ("tcp flags", D("tcp_flag", 8, TCP_FLAGS, flags=True), L3),
    ("tcp window", INT16, L3), ("tcp checksum", INT16, L3),
    ("tcp urgptr", INT16, L3),
    ("tcp option maxseg size", INT16, L3),
    ("tcp option window count", INT8, L3),
    ("tcp option sack-perm exists", None, L3),
    ("tcp option sack-perm kind", INT8, L3),
    ("tcp option sack left", INT32, L3), ("tcp option sack0 right", INT32, L3),
    ("tcp option sack3 left", INT32, L3),
    ("tcp option timestamp tsval", INT32, L3),
    ("tcp option timestamp tsecr", INT32, L3),
    ("tcp option mptcp subtype", intd(4), L3),
    ("tcp option fastopen length", INT8, L3),
    ("tcp option md5sig exists", None, L3),
    ("tcp option 254 exists", None, L3),
    ("tcp option @30,8,8", INT8, L3),
    ("tcp option nop kind", INT8, L3),
    ("udp sport", PORT, L3), ("udp dport", PORT, L3),
    ("udp length", INT16, L3), ("udp checksum", INT16, L3),
    ("udplite sport", PORT, L3), ("udplite checksum", INT16, L3),
    ("sctp sport", PORT, L3), ("sctp dport", PORT, L3),
    ("sctp vtag", INT32, L3), ("sctp checksum", INT32, L3),
    ("sctp chunk data exists", None, L3),
    ("sctp chunk init missing", None, L3),
    ("sctp chunk data flags", INT8, L3), ("sctp chunk data tsn", INT32, L3),
    ("sctp chunk init num-inbound-streams", INT16, L3),
    ("sctp chunk sack a-rwnd", INT32, L3),
    ("sctp chunk abort length", INT16, L3),
    ("sctp chunk shutdown cum-tsn-ack", INT32, L3),
    ("sctp chunk heartbeat type", INT8, L3),
    ("sctp chunk forward-tsn new-cum-tsn", INT32, L3),
    ("sctp chunk asconf seqno", INT32, L3),
    ("dccp sport", PORT, L3), ("dccp dport", PORT, L3),
    ("dccp type", D("dccp_pkttype", 4, ("request", "response", "data",
                                        "ack", "dataack", "closereq",
                                        "close", "reset", "sync",
                                        "syncack")), L3),
    ("ah nexthdr", PROTO, L3), ("ah hdrlength", INT8, L3),
    ("ah reserved", INT16, L3), ("ah spi", INT32, L3),
    ("ah sequence", INT32, L3),
    ("esp spi", INT32, L3), ("esp sequence", INT32, L3),
    ("comp nexthdr", PROTO, L3), ("comp flags", INT8, L3),
    ("comp cpi", INT16, L3),
    ("th sport", PORT, L3), ("th dport", PORT, L3),
    ("gre version", intd(3), L3), ("gre flags", intd(5), L3),
    ("gre protocol", D("ether_type", 16, ETHER_TYPES), L3),
    ("vxlan vni", intd(24), L3), ("vxlan ip saddr", ADDR4, L3),
    ("vxlan tcp dport", PORT, L3),
    ("@ll,0,8", INT8, ALL), ("@nh,16,16", INT16, ALL),
    ("@th,0,16", INT16, ALL), ("@ih,8,32", INT32, ALL),
    ("@nh,3,5", intd(5), ALL), ("@th,80,128", intd(128), ALL),
    # meta
    ("meta length", INT32, ALL), ("meta protocol", D("ether_type", 16,
                                                     ETHER_TYPES), ALL),
    ("meta nfproto", D("nf_proto", 8, ("ipv4", "ipv6")), ALL),
    ("meta l4proto", PROTO, ALL), ("meta priority", Prio(), ALL),
    ("meta mark", MARK, ALL), ("mark", MARK, ALL),
    ("meta iif", IFACE, ALL), ("iif", IFACE, ALL), ("meta oif", IFACE, ALL),
    ("meta iifname", IFNAME, ALL), ("iifname", IFNAME, ALL),
    ("oifname", IFNAME, ALL),
    ("meta iiftype", D("iface_type", 16, ("ether", "ppp", "ipip", "ipip6",
                                          "loopback", "sit", "ipgre")),
     ALL),
    ("meta oiftype", D("iface_type", 16, ("ether", "loopback")), ALL),
    ("meta skuid", D("uid", 32, ("root",)), ALL),
    ("meta skgid", D("gid", 32, ("root",)), ALL),
    ("meta rtclassid", D("realm", 32), ALL),
    ("meta pkttype", D("pkt_type", 8, ("host", "broadcast", "multicast",
                                       "other", "unicast")), ALL),
    ("pkttype", D("pkt_type", 8, ("host", "broadcast")), ALL),
    ("meta cpu", INT32, ALL), ("cpu", INT32, ALL),
    ("meta iifgroup", D("devgroup", 32, ("default",)), ALL),
    ("meta oifgroup", D("devgroup", 32), ALL),
    ("meta cgroup", INT32, ALL), ("meta random", INT32, ALL),
    ("meta ipsec", BOOL, ALL), ("meta secpath exists", None, ALL),
    ("meta iifkind", Str(name="ifkind", choices=("veth", "bridge", "vrf")),
     ALL),
    ("meta oifkind", Str(name="ifkind", choices=("veth", "dummy")), ALL),
    ("meta time", Date(), ALL), ("meta hour", Hour(), ALL),
    ("meta day", D("day", 8, ("Sunday", "Monday", "Tuesday", "Wed",
                              "thursday", "Fri", "Saturday")), ALL),
    ("meta sdif", IFACE, ALL), ("meta sdifname", IFNAME, ALL),
    ("meta ibrname", IFNAME, ("bridge",)), ("meta obrname", IFNAME,
                                           ("bridge",)),
    ("meta ibrvproto", D("ether_type", 16, ETHER_TYPES), ("bridge",)),
    ("meta ibrpvid", intd(16), ("bridge",)),
    ("meta secmark", INT32, ALL), ("meta nftrace", intd(1), ALL),
    ("meta broute", intd(1), ("bridge",)),
    # ct
    ("ct state", D("ct_state", 32, CT_STATES, flags=True), CT),
    ("ct direction", D("ct_dir", 8, ("original", "reply")), CT),
    ("ct status", D("ct_status", 32, CT_STATUS, flags=True), CT),
    ("ct mark", MARK, CT), ("ct expiration", Time(), CT),
    ("ct helper", Str(name="string", choices=("ftp", "sip", "tftp")), CT),
    ("ct l3proto", D("nf_proto", 8, ("ipv4", "ipv6")), CT),
    ("ct protocol", PROTO, CT),
    ("ct original saddr", ADDR4, ("ip",)), ("ct reply daddr", ADDR6,
                                            ("ip6",)),
    ("ct original ip saddr", ADDR4, CT), ("ct reply ip daddr", ADDR4, CT),
    ("ct original ip6 saddr", ADDR6, CT), ("ct reply ip6 daddr", ADDR6,
                                            ALL),
    ("ct original proto-src", PORT, CT), ("ct reply proto-dst", PORT, CT),
    ("ct bytes", INT64, CT), ("ct packets", INT64, CT),
    ("ct original bytes", INT64, CT), ("ct reply packets", INT64, CT),
    ("ct original avgpkt", INT64, CT), ("ct avgpkt", INT64, CT),
    ("ct zone", INT16, CT), ("ct original zone", INT16, CT),
    ("ct reply zone", INT16, CT), ("ct id", INT32, CT),
    ("ct label", D("ct_label", 7), CT), ("ct count", None, CT),
    # fib, rt, socket, osf, ipsec
    ("fib daddr type", D("fib_addrtype", 32, ("unspec", "unicast", "local",
                                              "broadcast", "anycast",
                                              "multicast", "blackhole",
                                              "unreachable", "prohibit")),
     INET),
    ("fib saddr . iif oif", IFACE, INET),
    ("fib daddr . mark type", D("fib_addrtype", 32, ("local", "unicast")),
     INET),
    ("fib daddr oifname", IFNAME, INET),
    ("fib saddr . iif oif exists", None, INET),
    ("fib daddr . iif type", D("fib_addrtype", 32, ("local",)), INET),
    ("fib saddr oif missing", None, INET),
    ("rt classid", D("realm", 32, ("cosmos",)), INET),
    ("rt ip nexthop", ADDR4, INET), ("rt ip6 nexthop", ADDR6, INET),
    ("rt nexthop", ADDR4, ("ip",)), ("rt mtu", INT16, INET),
    ("rt ipsec exists", None, INET),
    ("socket transparent", intd(1), INET), ("socket mark", MARK, INET),
    ("socket wildcard", intd(1), INET),
    ("socket cgroupv2 level 1", Str(name="cgroupv2", choices=("foo",)),
     INET),
    ("osf name", Str(name="string", choices=("Linux", "Windows", "unknown")),
     INET),
    ("osf ttl loose name", Str(name="string", choices=("Linux",)), INET),
    ("osf ttl skip version", Str(name="string", choices=("Linux:3.x",)),
     INET),
    ("ipsec in reqid", INT32, INET), ("ipsec out spnum 1 reqid", INT32, INET),
    ("ipsec in ip saddr", ADDR4, INET), ("ipsec out ip6 daddr", ADDR6, INET),
    ("ipsec in spi", INT32, INET),
    # numgen, hashes
    ("numgen inc mod 2", intd(32), ALL),
    ("numgen random mod 10 offset 5", intd(32), ALL),
    ("jhash ip saddr mod 2", intd(32), IP4),
    ("jhash ip saddr . tcp dport mod 4 seed 0xdead offset 100", intd(32),
     IP4),
    ("symhash mod 2", intd(32), L3),
    ("symhash mod 10 offset 2", intd(32), L3),
]

def proto_of(text):
    """(network, transport) protocol a selector needs, or None."""
    w = text.split()
    if w[0] in ("ip", "ip6"):
        return w[0], None
    if w[0] in ("icmp", "igmp"):
        return "ip", w[0]
    if w[0] == "icmpv6":
        return "ip6", "icmpv6"
    if w[0] in ("hbh", "rt0", "rt2", "srh", "frag", "dst", "mh", "exthdr") \
            or (w[0] == "rt" and w[1] in ("nexthdr", "hdrlength", "type",
                                          "seg-left")):
        return "ip6", None
    if w[0] in ("tcp", "udp", "udplite", "sctp", "dccp", "ah", "esp",
                "comp", "gre", "vxlan"):
        return None, w[0]
    return None, None


PROTO_OF = {s[0]: proto_of(s[0]) for s in SELECTORS}
BY_FAMILY = {f: [s for s in SELECTORS if f in s[2]] for f in FAMILIES}
TYPED = [s for s in SELECTORS if s[1] is not None]


# -- statements: a writer each, returning (text, chain wish) ----------------


def st_counter(g):
    return g.r.choice(("counter", "counter packets %d bytes %d" %
                       (g.r.randint(0, 100), g.r.randint(0, 10000)),
                       "counter packets 1", "counter bytes 0x10"))


def st_log(g):
    opts = []
    if g.r.random() < 0.5:
        opts.append('prefix "%s"' % g.r.choice(("x: ", "drop ", "a" * 10,
                                                 "%s", "tab\\t")))
    if g.r.random() < 0.3:
        opts.append("level " + g.r.choice(("emerg", "alert", "crit", "err",
                                           "warn", "notice", "info",
                                           "debug", "audit")) if not g.bad() else "bogus")
    if g.r.random() < 0.2:
        opts.append("group %d" % g.r.randint(0, 65535))
        if g.r.random() < 0.5:
            opts.append("snaplen %d" % g.r.randint(0, 1000))
        if g.r.random() < 0.5:
            opts.append("queue-threshold %d" % g.r.randint(0, 100))
    elif g.r.random() < 0.3:
        opts.append("flags " + ",".join(g.r.sample(
            ("tcp sequence", "tcp options", "ip options", "skuid", "ether",
             "all"), g.r.randint(1, 2))))
    g.r.shuffle(opts)
    return "log " + " ".join(opts)


def st_limit(g):
    over = "over " if g.r.random() < 0.3 else ""
    if g.r.random() < 0.6:
        s = "limit rate %s%d/%s" % (over, g.r.randint(0, 1000), g.r.choice(
            ("second", "minute", "hour", "day", "week")))
        if g.r.random() < 0.4:
            s += " burst %d packets" % g.r.randint(0, 100)
    else:
        s = "limit rate %s%d %s/%s" % (over, g.r.randint(1, 1000), g.r.choice(
            ("bytes", "kbytes", "mbytes")), g.r.choice(("second", "minute")))
        if g.r.random() < 0.4:
            s += " burst %d %s" % (g.r.randint(0, 100), g.r.choice(
                ("bytes", "kbytes", "mbytes")))
    return s


def st_quota(g):
    s = "quota %s%d %s" % ("over " if g.r.random() < 0.4 else "",
                           g.r.randint(0, 5000), g.r.choice(
                               ("bytes", "kbytes", "mbytes")) if not g.bad()
                           else "gbytes")
    if g.r.random() < 0.3:
        s += " used %d %s" % (g.r.randint(0, 100), g.r.choice(
            ("bytes", "kbytes")))
    return s


def st_reject(g):
    fam = g.family
    c = g.r.random()
    if c < 0.2:
        return "reject"
    if c < 0.4:
        return "reject with tcp reset"
    if c < 0.6:
        return "reject with icmpx " + g.r.choice(ICMPX_CODES + ("3",))
    if c < 0.8:
        return "reject with icmp " + g.r.choice(ICMP_CODES + ("3", "type 3"))
    return "reject with icmpv6 " + g.r.choice(ICMP6_CODES + ("4",))


def nat_addr(g, v6):
    d = ADDR6 if v6 else ADDR4
    a = d.value(g)
    c = g.r.random()
    if c < 0.2:
        a = d.range(g)
    elif c < 0.3:
        a = d.pfx(g)
    if v6 and g.r.random() < 0.5:
        a = "[%s]" % a
    return a


def st_nat(g):
    kind = g.r.choice(("snat", "dnat", "masquerade", "redirect"))
    fam = g.family
    v6 = fam == "ip6" or (fam == "inet" and g.r.random() < 0.5)
    g.chain_wish = ("nat", "postrouting" if kind in ("snat", "masquerade")
                    else "prerouting")
    s = kind
    if kind in ("snat", "dnat"):
        if fam == "inet" and g.r.random() < 0.8:
            s += " ip6" if v6 else " ip"
        s += " to " + (nat_addr(g, v6) if g.r.random() < 0.85 else "")
        if g.r.random() < 0.4:
            s += ":" + g.r.choice(("80", "1000-2000", "ssh", "0"))
        if g.r.random() < 0.1:
            s = "%s to ip saddr map { 1.2.3.4 : 5.6.7.8 }" % kind
    else:
        if g.r.random() < 0.5:
            s += " to :" + g.r.choice(("80", "1000-2000", "ssh", "8080"))
    if g.r.random() < 0.3:
        s += " " + ",".join(g.r.sample(("random", "fully-random",
                                        "persistent"), g.r.randint(1, 2)))
    return s


def st_meta_set(g):
    key, dom = g.r.choice((("meta mark", MARK), ("mark", MARK),
                           ("meta priority", Prio()),
                           ("meta nftrace", intd(1)),
                           ("meta pkttype", D("pkt_type", 8, ("host",
                                                              "other"))),
                           ("meta secmark", INT32)))
    return "%s set %s" % (key, g.rhs_value(dom))


def two_loads(g):
    """&, | or ^ of two loaded values ("meta mark | ct mark"), maybe
    with a constant or a shift after them"""
    loads = ["meta mark", "ct mark", "meta priority", "meta length",
             "numgen inc mod 4", "jhash ip saddr mod 8", "symhash mod 2",
             "socket mark", "tcp dport", "rt classid"]
    if g.family in IP4:
        loads += ["ip saddr", "ip dscp", "ip protocol", "ip ttl"]
    if g.family in IP6 and g.family not in IP4:
        loads += ["ip6 dscp", "ip6 hoplimit"]
    e = "%s %s %s" % (g.r.choice(loads), g.r.choice(("&", "|", "^")),
                      g.r.choice(loads))
    c = g.r.random()
    if c < 0.2:
        e = "(%s) %s %d" % (e, g.r.choice(("<<", ">>")), g.r.randint(0, 31))
    elif c < 0.4:
        e = "%s %s 0x%x" % (e, g.r.choice(("&", "|", "^")),
                            g.r.randint(0, 0xffff))
    return e


def st_ct_set(g):
    c = g.r.random()
    if c < 0.4:
        return "ct mark set " + g.rhs_value(MARK)
    if c < 0.55:
        return "ct label set %d" % g.r.randint(0, 127)
    if c < 0.7:
        return "ct %szone set %d" % (g.r.choice(("", "original ", "reply ")),
                                     g.r.randint(0, 65535))
    if c < 0.85:
        return "ct event set " + ",".join(g.r.sample(CT_EVENTS, 2))
    if c < 0.9:
        return "ct mark set ct mark %s 0x%x" % (
            g.r.choice(("and", "or", "xor", "&", "|", "^")),
            g.r.randint(0, 0xffff))
    if c < 0.95:
        return "%s set %s" % (g.r.choice(("ct mark", "meta mark")),
                              two_loads(g))
    # parentheses
    return "ct mark set (meta mark %s 0x%x) %s %d" % (
        g.r.choice(("&", "|", "^")), g.r.randint(0, 0xffff),
        g.r.choice(("<<", ">>", "&", "|")), g.r.randint(0, 31))


def st_payload_set(g):
    fam = g.family
    opts = [("tcp dport", PORT), ("tcp sport", PORT), ("udp dport", PORT),
            ("ether saddr", ETHER), ("tcp flags", D("tcp_flag", 8,
                                                    TCP_FLAGS)),
            ("@nh,8,8", INT8), ("@th,0,16", INT16),
            ("tcp option maxseg size", INT16), ("vlan id", intd(12))]
    if fam in IP4:
        opts += [("ip ttl", INT8), ("ip dscp", D("dscp", 6, DSCP)),
                 ("ip saddr", ADDR4), ("ip ecn", D("ecn", 2, ECN)),
                 ("ip id", INT16), ("icmp type", D("icmp_type", 8,
                                                   ICMP_TYPES))]
    if fam in IP6:
        opts += [("ip6 hoplimit", INT8), ("ip6 dscp", D("dscp", 6, DSCP)),
                 ("ip6 flowlabel", intd(20)), ("ip6 daddr", ADDR6)]
    key, dom = g.r.choice(opts)
    return "%s set %s" % (key, g.rhs_value(dom))


def st_misc(g):
    fam = g.family
    c = g.r.randint(0, 13)
    if c == 0:
        return "notrack"
    if c == 1:
        return "dup to %s%s" % (nat_addr(g, fam == "ip6").strip("[]"),
                                ' device "v0"' if g.r.random() < 0.5 else "")
    if c == 2:
        return "fwd to %s" % g.pick(('"v0"', "v1"), ('"nosuch"',))
    if c == 3:
        s = "queue"
        if g.r.random() < 0.5:
            s += " num %s" % g.r.choice(("1", "0", "1-3", "65535", "70000"))
        if g.r.random() < 0.4:
            s += " " + g.r.choice(("bypass", "fanout", "bypass,fanout"))
        return s
    if c == 4:
        g.chain_wish = ("filter", "prerouting")
        s = "tproxy"
        if fam == "inet":
            s += g.r.choice((" ip", " ip6", ""))
        return s + " to " + g.r.choice(("1.2.3.4", ":80", "1.2.3.4:80",
                                        "[::1]:80", "[::1]"))
    if c == 5:
        return "synproxy " + " ".join(g.r.sample(
            ("mss 1460", "wscale 7", "timestamp", "sack-perm"),
            g.r.randint(1, 4)))
    if c == 6:
        return "ct count %s%d" % ("over " if g.r.random() < 0.5 else "",
                                  g.r.randint(0, 100))
    if c == 7:
        return "last" if g.r.random() < 0.5 else "last used never"
    if c == 8:
        return "reset tcp option %s" % g.r.choice(("sack-perm", "mptcp",
                                                   "timestamp"))
    if c == 9:
        return "tcp option maxseg size set rt mtu"
    if c == 10:
        return "meta mark set %s map { %s }" % (
            g.r.choice(("tcp dport", "meta iifname", "ct mark")),
            ", ".join("%d : 0x%x" % (i, i * 3) for i in range(
                g.r.randint(1, 3))))
    if c == 11:
        return "ct helper set %s" % g.pick(('"h"',), ('"nosuch"',))
    if c == 12:
        return "meta broute set 1"
    return "ct expectation set \"e\""


def st_dynset(g):
    op = g.r.choice(("add", "update", "delete"))
    g.want_set = True
    key = g.r.choice(("ip saddr", "ip saddr . tcp dport", "tcp dport",
                      "ip saddr . 22"))
    opts = ""
    if g.r.random() < 0.4:
        opts += " timeout " + g.r.choice(("10s", "1m", "1h"))
    if g.r.random() < 0.3:
        opts += " " + g.r.choice(("counter", "limit rate 10/second",
                                  "quota 10 mbytes", "counter packets 1"))
    if g.r.random() < 0.1:
        return "meter m { %s%s }" % (key, opts)
    return "%s @dyn { %s%s }" % (op, key, opts)


def st_objref(g):
    c = g.r.randint(0, 5)
    if c == 0:
        return "counter name %s" % g.pick(('"c"', "c",
                                            'ip saddr map { 1.2.3.4 : "c" }'),
                                           ("nosuch",))
    if c == 1:
        return "quota name q"
    if c == 2:
        return g.r.choice(("limit name l",
                           "counter name meta mark & 0x%x map { 1 : \"c\" }"
                           % g.r.randint(0, 0xff)))
    if c == 3:
        return 'ct timeout set "to"'
    if c == 4:
        return "synproxy name sp"
    return 'meta secmark set "sm"'


def st_verdict(g):
    c = g.r.random()
    if c < 0.4:
        return g.r.choice(("accept", "drop", "continue", "return"))
    if c < 0.8:
        return g.r.choice(("jump", "goto")) + " " + g.pick(("target",),
                                                      ("nosuch", "c"))
    if c < 0.95 or g.in_binding:
        return g.r.choice(("accept", "drop"))
    return st_binding(g)


def st_binding(g):
    """jump { RULE; ... } / goto { ... }: an anonymous chain bound to
    the rule (none inside: the kernel refuses them there)."""
    l3, l4 = g.l3, g.l4
    g.in_binding = True
    rules = [g.rule() for _ in range(g.r.randint(0, 2))]
    g.in_binding = False
    g.l3, g.l4 = l3, l4
    return "%s { %s}" % (g.r.choice(("jump", "goto")),
                         "".join(r + "; " for r in rules))


STATEMENTS = [(st_counter, 4), (st_log, 3), (st_limit, 3), (st_quota, 2),
              (st_reject, 2), (st_nat, 3), (st_meta_set, 3), (st_ct_set, 2),
              (st_payload_set, 3), (st_misc, 4), (st_dynset, 2),
              (st_objref, 2)]


# -- the generator ------------------------------------------------------------

KEY_TYPES = [("ipv4_addr", ADDR4), ("ipv6_addr", ADDR6),
             ("ether_addr", ETHER), ("inet_proto", PROTO),
             ("inet_service", PORT), ("mark", MARK), ("ifname", IFNAME),
             ("iface_index", Iface()), ("ct_state",
                                        D("ct_state", 32, CT_STATES)),
             ("icmp_type", D("icmp_type", 8, ICMP_TYPES)),
             ("ether_type", D("ether_type", 16, ETHER_TYPES)),
             ("dscp", D("dscp", 6, DSCP)), ("uid", D("uid", 32, ("root",))),
             ("tcp_flag", D("tcp_flag", 8, TCP_FLAGS)),
             ("pkt_type", D("pkt_type", 8, ("host", "other"))),
             ("arp_op", D("arp_op", 16, ("request", "reply"))),
             ("ct_status", D("ct_status", 32, CT_STATUS)),
             ("nf_proto", D("nf_proto", 8, ("ipv4", "ipv6"))),
             ("day", D("day", 8, ("Monday", "Sunday"))),
             ("time", Time()), ("devgroup", D("devgroup", 32)),
             ("realm", D("realm", 32)), ("classid", Prio()),
             ("boolean", D("boolean", 1, ("exists",)))]
DATA_TYPES = [("verdict", None), ("mark", MARK), ("ipv4_addr", ADDR4),
              ("ipv6_addr", ADDR6), ("inet_service", PORT),
              ("ether_addr", ETHER), ("counter", None), ("quota", None),
              ("limit", None), ("ct_state", D("ct_state", 32, CT_STATES)),
              ("ifname", IFNAME)]

CHAIN_HOOKS = {
    "ip": ("prerouting", "input", "forward", "output", "postrouting"),
    "ip6": ("prerouting", "input", "forward", "output", "postrouting"),
    "inet": ("prerouting", "input", "forward", "output", "postrouting",
             "ingress"),
    "arp": ("input", "output"),
    "bridge": ("prerouting", "input", "forward", "output", "postrouting"),
    "netdev": ("ingress", "egress"),
}
PRIO_NAMES = {f: ("raw", "mangle", "dstnat", "filter", "security", "srcnat")
              for f in INET}
PRIO_NAMES.update({"arp": ("filter",), "netdev": ("filter",),
                   "bridge": ("dstnat", "filter", "out", "srcnat")})
ALL_PRIO_NAMES = ("raw", "mangle", "dstnat", "filter", "security", "srcnat",
                  "out")


class Gen:
    def __init__(self, seed, index):
        self.r = random.Random("%s:%s" % (seed, index))
        self.id = "%s:%s" % (seed, index)
        self.family = self.r.choice(FAMILIES)
        self.defines = []
        self.decls = []         # table block lines
        self.in_binding = False  # writing a bound chain's rules
        self.chain_wish = None
        self.want_set = False
        # at most one bad value in three cases out of ten: a case with
        # several errors tests the order errors come in more than each
        self.bad_left = 1 if self.r.random() < 0.3 else 0
        self.l3 = self.l4 = None
        self.objects = set()

    def pick(self, good, bad):
        return self.r.choice(bad if self.bad() else good)

    def bad(self):
        if self.bad_left and self.r.random() < 0.15:
            self.bad_left -= 1
            return True
        return False

    # value notations
    def notation(self, v):
        c = self.r.random()
        if c < 0.6 or v < 0:
            return str(v)
        if c < 0.9:
            return "0x%x" % v
        if c < 0.95:
            return "0x%X" % v
        return "0%o" % v if v else "00"

    def variable(self, text):
        name = "V%d" % len(self.defines)
        self.defines.append("define %s = %s" % (name, text))
        return "$" + name

    def rhs_value(self, dom):
        v = dom.value(self)
        if self.r.random() < 0.07:
            return self.variable(v)
        return v

    def anon_set(self, dom, n=None):
        n = n or self.r.randint(1, 4)
        items = []
        for _ in range(n):
            c = self.r.random()
            if c < 0.2 and dom.ordered:
                items.append(dom.range(self))
            elif c < 0.3 and dom.prefix:
                items.append(dom.pfx(self))
            elif c > 0.98:
                items.append("*")       # the catch-all element
            else:
                items.append(dom.value(self))
        s = "{ %s }" % ", ".join(items)
        c = self.r.random()
        if c < 0.05:
            s = "{ %s, }" % ", ".join(items)
        elif c < 0.08:
            # a set among the members
            s = "{ { %s }, %s }" % (items[0], dom.value(self))
        return s

    # relations
    def match(self, sel):
        text, dom, _ = sel
        if dom is None:
            if text == "ct count":
                return "ct count over %d" % self.r.randint(1, 10)
            return text
        r = self.r.random()
        op = self.r.choice(("", "", "== ", "!= ", "eq ", "ne "))
        if r < 0.35:
            return "%s %s%s" % (text, op, self.rhs_value(dom))
        if r < 0.45 and dom.ordered:
            rel = self.r.choice(("<", ">", "<=", ">=", "lt", "gt", "le",
                                 "ge"))
            return "%s %s %s" % (text, rel, dom.value(self))
        if r < 0.55 and dom.ordered:
            return "%s %s%s" % (text, op, dom.range(self))
        if r < 0.62 and dom.prefix:
            return "%s %s%s" % (text, op, dom.pfx(self))
        if r < 0.7 and dom.flags:
            return self.flag_match(text, dom)
        if r < 0.76 and dom.name in ("integer", "mark", "ct_state",
                                     "ct_status", "inet_service", "dscp",
                                     "ipv4_addr", "tcp_flag"):
            m = dom.value(self) if dom.name != "ipv4_addr" else \
                "255.255.%d.0" % self.r.choice((0, 255))
            bop = self.r.choice(("&", "&", "and", "|", "^", "or", "xor"))
            return "%s %s %s %s %s" % (text, bop, m,
                                       self.r.choice(("==", "!=", "")),
                                       dom.value(self))
        if r < 0.88:
            op = self.r.choice(("", "", "== ", "!= "))
            return "%s %s%s" % (text, op, self.anon_set(dom))
        if r < 0.92:
            return "%s %s" % (text, self.variable(self.anon_set(dom)))
        if r < 0.96:
            return "%s %s@s%s" % (text, self.r.choice(("", "!= ")),
                                  self.named_set(dom, text))
        return "%s vmap %s" % (text, self.vmap(dom))

    def flag_match(self, text, dom):
        flags = lambda k: self.r.sample(dom.names, min(k, len(dom.names)))
        c = self.r.randint(0, 5)
        if c == 0:
            return "%s %s" % (text, ",".join(flags(self.r.randint(1, 3))))
        if c == 1:
            return "%s %s / %s" % (text, ",".join(flags(1)),
                                   ",".join(flags(2)))
        if c == 2:
            return "%s & (%s) == %s" % (text, " | ".join(flags(2)),
                                        "|".join(flags(1)))
        if c == 3:
            return "%s & %s != 0" % (text, "|".join(flags(2)))
        if c == 4:
            return "%s != %s" % (text, ",".join(flags(2)))
        return "%s { %s }" % (text, ", ".join(flags(3)))

    def verdict_text(self):
        return self.r.choice(("accept", "drop", "jump target", "goto target",
                              "continue", "return"))

    def vmap(self, dom):
        # without spaces sometimes ("{1111:accept}": how the scanner
        # splits a value from its colon)
        sep = " : " if self.r.random() < 0.8 else ":"
        items = ["%s%s%s" % (dom.value(self), sep, self.verdict_text())
                 for _ in range(self.r.randint(1, 3))]
        if self.r.random() < 0.1:
            items.append("* : %s" % self.verdict_text())
        return "{ %s }" % ", ".join(items)

    def named_set(self, dom, typeof):
        n = len(self.decls)
        name = "s%d" % n
        if self.r.random() < 0.5:
            head = "typeof %s" % typeof
        else:
            head = "type %s" % (dom.name if dom.name != "integer" else
                                self.r.choice(("integer", "mark")))
        flags = "flags interval; " if self.r.random() < 0.4 else ""
        elems = ", ".join(dom.value(self) for _ in range(self.r.randint(1, 3)))
        if self.r.random() < 0.05:
            elems += ", *"              # the catch-all element
        self.decls.append("set %s { %s; %selements = { %s } }"
                          % (name, head, flags, elems))
        return str(n)

    def concat(self):
        sels = [s for s in self.selectors() if s[1] is not None]
        k = self.r.randint(2, 3)
        parts = [self.r.choice(sels) for _ in range(k)]
        left = " . ".join(p[0] for p in parts)

        def elem():
            out = []
            for p in parts:
                c = self.r.random()
                if c < 0.15 and p[1].ordered:
                    out.append(p[1].range(self))
                elif c < 0.25 and p[1].prefix:
                    out.append(p[1].pfx(self))
                else:
                    out.append(p[1].value(self))
            return " . ".join(out)
        c = self.r.random()
        if c < 0.05:
            return "%s %s" % (left, elem())
        if c < 0.7:
            return "%s { %s }" % (left, ", ".join(
                elem() for _ in range(self.r.randint(1, 3))))
        if c < 0.85:
            return "%s vmap { %s }" % (left, ", ".join(
                "%s : %s" % (elem(), self.verdict_text())
                for _ in range(self.r.randint(1, 3))))
        return "meta mark set %s map { %s }" % (left, ", ".join(
            "%s : %d" % (elem(), i) for i in range(self.r.randint(1, 2))))

    def selectors(self):
        if self.r.random() < 0.05:
            return SELECTORS
        if self.r.random() < 0.05:
            return BY_FAMILY[self.family]
        return [s for s in BY_FAMILY[self.family]
                if PROTO_OF[s[0]][0] in (None, self.l3) and
                PROTO_OF[s[0]][1] in (None, self.l4)]

    def context(self):
        """The network and transport protocol a rule's matches agree on."""
        self.l3 = {"ip": "ip", "ip6": "ip6", "arp": None}.get(
            self.family, self.r.choice(("ip", "ip6")))
        l4 = ["tcp", "udp", "sctp", "dccp", "ah", "esp", "comp", "udplite",
              "gre", "vxlan"]
        l4 += {"ip": ["icmp", "igmp"], "ip6": ["icmpv6"]}.get(self.l3, [])
        self.l4 = self.r.choice(l4)

    def rule(self):
        self.context()
        parts = []
        for _ in range(self.r.choices((0, 1, 2, 3), (1, 6, 3, 1))[0]):
            if self.r.random() < 0.1:
                parts.append(self.concat())
            else:
                parts.append(self.match(self.r.choice(self.selectors())))
        fns, weights = zip(*STATEMENTS)
        for _ in range(self.r.choices((0, 1, 2), (4, 5, 2))[0]):
            parts.append(self.r.choices(fns, weights)[0](self))
        if self.r.random() < 0.4 or not parts:
            parts.append(st_verdict(self))
        if self.r.random() < 0.05:
            parts.append('comment "%s"' % self.r.choice(("a rule", "x" * 10,
                                                         "")))
        return " ".join(parts)

    # declarations
    def chain_spec(self, wish=None):
        fam = self.family
        typ, hook = wish or ("filter", self.r.choice(CHAIN_HOOKS[fam]))
        if self.bad():
            typ = self.r.choice(("nat", "route", "filter", "bogus"))
            hook = self.r.choice(CHAIN_HOOKS[fam] + ("egress", "bogus"))
        dev = ""
        if hook in ("ingress", "egress"):
            c = self.r.random()
            if c < 0.7:
                dev = ' device "v0"'
            elif c < 0.85:
                dev = " devices = { v0, v1 }"
            elif c < 0.92:
                dev = ' devices = { "v0" }'
        prio = self.priority(typ, hook)
        s = "type %s hook %s%s priority %s;" % (typ, hook, dev, prio)
        if self.r.random() < 0.4:
            s += " policy %s;" % self.pick(("accept", "drop"),
                                              ("continue",))
        if self.r.random() < 0.1:
            s += ' comment "c%d";' % self.r.randint(0, 9)
        return s

    def priority(self, typ, hook):
        c = self.r.random()
        if c < 0.5:
            if typ == "nat":
                return "dstnat" if hook in ("prerouting", "output") \
                    else "srcnat"
            return "filter"
        if c < 0.75:
            n = self.r.choice(PRIO_NAMES[self.family] if not self.bad()
                              else ALL_PRIO_NAMES)
            if self.r.random() < 0.5:
                n += " %s %d" % (self.r.choice("+-"), self.r.randint(0, 400))
            return n
        if c < 0.95:
            return str(self.r.randint(-400, 400))
        return self.variable(str(self.r.randint(-10, 10)))

    def set_decl(self, is_map):
        name = "m" if is_map else "s"
        kc = self.r.random()
        if kc < 0.45:
            tname, dom = self.r.choice(KEY_TYPES)
            key = "type " + tname
            doms = [dom]
        elif kc < 0.8:
            sel = self.r.choice(TYPED)
            key = "typeof " + sel[0]
            doms = [sel[1]]
        else:
            ks = self.r.sample(KEY_TYPES[:8], self.r.randint(2, 3))
            if self.r.random() < 0.5:
                key = "type " + " . ".join(k[0] for k in ks)
                doms = [k[1] for k in ks]
            else:
                sels = [self.r.choice(TYPED) for _ in range(2)]
                key = "typeof " + " . ".join(s[0] for s in sels)
                doms = [s[1] for s in sels]
        data = None
        if is_map:
            dname, data = self.r.choice(DATA_TYPES)
            if dname in ("counter", "quota", "limit"):
                self.object_decl(dname)
            if key.startswith("typeof") and data is not None and \
                    self.r.random() < 0.5:
                key += " : " + self.r.choice(("meta mark", "ip daddr",
                                              "tcp dport", "ct mark",
                                              "ip6 saddr"))
                data = {"meta mark": MARK, "ip daddr": ADDR4,
                        "tcp dport": PORT, "ct mark": MARK,
                        "ip6 saddr": ADDR6}[key.split(" : ")[1]]
            elif dname in ("counter", "quota", "limit") or data is None:
                key += " : " + dname
                data = dname
            else:
                if self.r.random() < 0.1:
                    key += " : interval " + dname
                else:
                    key += " : " + dname
        lines = [key + ";"]
        flags = [f for f in ("constant", "interval", "timeout", "dynamic")
                 if self.r.random() < 0.2]
        if self.bad():
            flags.append("bogus")
        if flags:
            lines.append("flags %s;" % ",".join(flags))
        if self.r.random() < 0.2:
            lines.append("timeout %s;" % Time().value(self))
        if self.r.random() < 0.1:
            lines.append("gc-interval %s;" % Time().value(self))
        if self.r.random() < 0.2:
            lines.append("size %s;" % self.r.choice(("1", "10", "65535",
                                                     "0", "4294967296")))
        if self.r.random() < 0.1:
            lines.append("policy %s;" % self.r.choice(("memory",
                                                       "performance")))
        if self.r.random() < 0.1 and "interval" in flags:
            lines.append("auto-merge;")
        if self.r.random() < 0.15:
            lines.append(self.r.choice(("counter;", "quota 10 mbytes;",
                                        "counter; quota 1 kbytes;",
                                        "limit rate 10/second;")))
        if self.r.random() < 0.1:
            lines.append('comment "%s";' % self.r.choice(("set", "a b")))
        if self.r.random() < 0.8:
            elems = []
            for _ in range(self.r.randint(1, 5)):
                e = self.element(doms, data, flags)
                if e.split(" ")[0] not in [x.split(" ")[0] for x in elems]:
                    elems.append(e)
            lines.append("elements = { %s }" % ", ".join(elems))
        self.decls.append("%s %s { %s }" % ("map" if is_map else "set",
                                            name, " ".join(lines)))
        return name, doms, data

    def element(self, doms, data, flags):
        parts = []
        for d in doms:
            c = self.r.random()
            if c < 0.2 and d.ordered:
                parts.append(d.range(self))
            elif c < 0.35 and d.prefix:
                parts.append(d.pfx(self))
            else:
                parts.append(d.value(self))
        e = " . ".join(parts)
        if self.r.random() < 0.15:
            e += " timeout %s" % Time().value(self)
            if self.r.random() < 0.5:
                e += " expires %s" % Time().value(self)
        if self.r.random() < 0.1:
            e += ' comment "%s"' % self.r.choice(("e", "elem x"))
        if self.r.random() < 0.08:
            e += " counter packets %d bytes %d" % (self.r.randint(0, 9),
                                                   self.r.randint(0, 999))
        if data is not None:
            if data in ("counter", "quota", "limit"):
                e += " : %s" % self.pick(('"o"', "o"), ("nosuch",))
            elif isinstance(data, str):
                e += " : " + self.verdict_text()
            else:
                c = self.r.random()
                if c < 0.1 and data.ordered:
                    e += " : " + data.range(self)
                else:
                    e += " : " + data.value(self)
        return e

    def object_decl(self, kind=None):
        kinds = ("counter", "quota", "limit")
        if self.family in INET or self.bad():
            kinds += ("ct helper", "ct timeout", "ct expectation",
                      "secmark", "synproxy")
        kind = kind or self.r.choice(kinds)
        name = {"counter": "c", "quota": "q", "limit": "l",
                "ct helper": "h", "ct timeout": "to",
                "ct expectation": "e", "secmark": "sm",
                "synproxy": "sp"}[kind]
        if kind in ("counter", "quota", "limit") and self.r.random() < 0.5:
            name = "o"
        if name in self.objects:
            return kind, name
        self.objects.add(name)
        l3 = self.r.choice(("ip", "ip6", "inet")) \
            if self.r.random() < 0.3 else None
        if kind == "counter":
            body = self.r.choice(("", "packets 1 bytes 2",
                                  "packets 0 bytes 0"))
        elif kind == "quota":
            body = st_quota(self)[len("quota "):]
        elif kind == "limit":
            body = st_limit(self)[len("limit "):]
        elif kind == "ct helper":
            body = 'type "%s" protocol %s;%s' % (
                self.pick(("ftp", "sip", "tftp"), ("nosuch",)),
                self.r.choice(("tcp", "udp")),
                " l3proto %s;" % l3 if l3 else "")
        elif kind == "ct timeout":
            pol = self.r.choice(("established: 100, close: 10",
                                 "established: 2m, syn_sent: 5s",
                                 "unreplied: 10, replied: 20")) \
                if not self.bad() else "bogus: 1"
            body = "protocol %s; policy = { %s };%s" % (
                self.r.choice(("tcp", "udp")), pol,
                " l3proto %s;" % l3 if l3 else "")
        elif kind == "ct expectation":
            body = "protocol %s; dport %d; timeout %s; size %d;%s" % (
                self.r.choice(("tcp", "udp")), self.r.randint(0, 65535),
                self.r.choice(("10s", "1m", "100ms")),
                self.r.randint(0, 20), " l3proto %s;" % l3 if l3 else "")
        elif kind == "secmark":
            body = '"system_u:object_r:ssh_server_packet_t:s0"'
        else:
            body = "mss %d; wscale %d;%s" % (
            self.r.randint(0, 65535), self.r.randint(0, 14),
            "".join(" " + f for f in ("timestamp", "sack-perm")
                    if self.r.random() < 0.5))
        if self.r.random() < 0.1:
            body += ' comment "o";' if kind != "counter" else ""
        self.decls.append("%s %s { %s }" % (kind, name, body))
        return kind, name

    def build(self):
        fam = self.family
        kind = self.r.choices(("rule", "set", "map", "chain", "object",
                               "table"), (60, 12, 10, 8, 8, 2))[0]
        rules = []
        if kind == "rule":
            n = 1 if self.r.random() < 0.85 else 2
            rules = [self.rule() for _ in range(n)]
            if self.want_set:
                self.decls.append(self.r.choice((
                    "set dyn { typeof ip saddr; flags dynamic; }",
                    "set dyn { type ipv4_addr . inet_service; flags "
                    "dynamic,timeout; timeout 1m; }",
                    "set dyn { typeof tcp dport; size 100; }",
                    "set dyn { type ipv4_addr; flags dynamic; counter; }")))
            if any(k in " ".join(rules) for k in ('"h"', "name", '"to"',
                                                  '"e"', '"sm"',
                                                  'ip saddr map { 1.2.3.4 : "c" }')):
                for k in ("counter", "quota", "limit", "ct helper",
                          "ct timeout", "ct expectation", "synproxy",
                          "secmark"):
                    if self.r.random() < 0.5:
                        self.object_decl(k)
        elif kind in ("set", "map"):
            name, doms, data = self.set_decl(kind == "map")
            if self.r.random() < 0.5 and len(doms) == 1:
                sels = [s for s in self.selectors() if s[1] is doms[0]]
                if sels:
                    sel = self.r.choice(sels)[0]
                    if kind == "set":
                        rules.append("%s @%s%s" % (sel, name, self.r.choice(
                            ("", " accept", " counter"))))
                    elif data is None:
                        rules.append("%s vmap @%s" % (sel, name))
                    elif data in ("counter", "quota", "limit"):
                        rules.append("%s name %s map @%s" % (data, sel,
                                                             name))
                    elif data is MARK:
                        rules.append("meta mark set %s map @%s" % (sel,
                                                                   name))
                    elif data is ADDR4 and fam in ("ip", "inet"):
                        self.chain_wish = ("nat", "prerouting")
                        rules.append("dnat %sto %s map @%s" % (
                            "ip " if fam == "inet" else "", sel, name))
        elif kind == "object":
            for _ in range(self.r.randint(1, 2)):
                okind, oname = self.object_decl()
            if self.r.random() < 0.6:
                ref = {"counter": "counter name %s", "quota":
                       "quota name %s", "limit": "limit name %s",
                       "ct helper": 'ct helper set "%s"',
                       "ct timeout": 'ct timeout set "%s"',
                       "ct expectation": 'ct expectation set "%s"',
                       "secmark": 'meta secmark set "%s"',
                       "synproxy": "synproxy name %s"}[okind]
                rules.append(ref % oname)
        head = "table %s t {" % fam
        if kind == "table":
            opts = []
            if self.r.random() < 0.5:
                opts.append("flags %s;" % self.r.choice(("dormant", "0x0",
                                                         "dormant,dormant")))
            if self.r.random() < 0.7:
                opts.append('comment "%s";' % self.r.choice(("t", "x y",
                                                             "")))
            self.decls.append(" ".join(opts))
        base = self.chain_spec(self.chain_wish)
        chains = ["chain c { %s }" % base, "chain target { }"]
        if kind == "chain":
            for i in range(self.r.randint(1, 2)):
                chains.append("chain c%d { %s }" % (i, self.chain_spec()))
        lines = list(self.defines) + [head]
        lines += ["\t" + d for d in self.decls]
        lines += ["\t" + c for c in chains]
        lines.append("}")
        lines += ["add rule %s t c %s" % (fam, r) for r in rules]
        return Case(self.id, fam, "\n".join(lines) + "\n", kind)


def gen_case(seed, index):
    return Gen(seed, index).build()


if __name__ == "__main__":
    import sys
    seed = int(sys.argv[1]) if len(sys.argv) > 1 else 1
    for i in range(int(sys.argv[2]) if len(sys.argv) > 2 else 10):
        c = gen_case(seed, i)
        print("# case %s (%s, %s)\n%s" % (c.id, c.family, c.kind, c.text))
