#!/bin/bash
# A rule whose protocol dependency cannot hold is refused, in 1.1.3's
# words and with its caret, instead of loaded as a rule that never
# matches: a match on the field the dependency would match ("ether type
# != ip ip saddr 1.2.3.4": "conflicting statements"), or a protocol key
# matched with a value no header is known for ("meta l4proto 23 tcp
# dport 1": "unknown vs. tcp").
. "$TESTDIR/lib.sh"

is_system_nft && skip "tests our errors, not the system nft's"

for f in ip inet bridge netdev arp; do
	nft add table $f t || fail "setup $f"
done
nft add chain ip t c || fail "setup"
nft add chain inet t c || fail "setup"
nft add chain bridge t c || fail "setup"
nft add chain netdev t c || fail "setup"
nft add chain arp t c || fail "setup"

# caret_line: the first line of stdin that underlines (1.1.3 prints a
# blank line after some messages)
caret_line()
{
	grep -m1 -E '^[ ~^]*\^[ ~^]*$'
}

# refused FAMILY "RULE" "WORDS" "CARET LINE": our error, and the
# reference's when it is at hand
refused()
{
	local fam=$1 rule=$2 words=$3 caret=$4 out
	out=$(nft add rule $fam t c $rule 2>&1) && fail "accepted: $fam $rule"
	assert_eq "$(printf '%s\n' "$out" | head -n 1)" "Error: $words" \
		"$fam $rule: words"
	assert_eq "$(printf '%s\n' "$out" | caret_line)" "$caret" \
		"$fam $rule: caret"
	if have_ref; then
		out=$("$SRCDIR/tools/ref" nft add rule $fam t c $rule 2>&1)
		assert_eq "$(printf '%s\n' "$out" | head -n 1)" \
			"Error: $words" "$fam $rule: the reference's words"
		assert_eq "$(printf '%s\n' "$out" | caret_line)" "$caret" \
			"$fam $rule: the reference's caret"
	fi
}

# accepted FAMILY "RULE"
accepted()
{
	nft add rule $1 t c $2 || fail "refused: $1 $2"
	if have_ref; then
		"$SRCDIR/tools/ref" nft add rule $1 t c $2 ||
			fail "the reference refuses: $1 $2"
	fi
}

refused netdev "ether type > 0x5A45 ip saddr 127.0.0.1" \
	"conflicting statements" \
	"                    ^^^^^^^^^^^^^^^^^^^ ~~~~~~~~"
refused netdev "ether type != ip meta mark 1 ip saddr 1.2.3.4" \
	"conflicting statements" \
	"                    ^^^^^^^^^^^^^^^^             ~~~~~~~~"
# a match on the right protocol is no dependency, but a vlan field needs
# "ether type 8021q"
refused netdev "ether type ip ip saddr 1.2.3.4 vlan id 1" \
	"conflicting statements" \
	"                    ^^^^^^^^^^^^^                  ~~~~~~~"
# the first of two such matches
refused netdev "ether type != ip6 ether type != arp ip saddr 1.2.3.4" \
	"conflicting statements" \
	"                    ^^^^^^^^^^^^^^^^^                   ~~~~~~~~"
# the type field of the tag the dependency is about
refused netdev "vlan id 1 vlan type 8021q vlan id 1 vlan type != ip ip saddr 1.2.3.4" \
	"conflicting statements" \
	"                                                        ^^^^^^^^^^^^^^^ ~~~~~~~~"
# an added dependency counts: "ether type ip6" for the exthdr
refused bridge "meta mark 1 exthdr mh missing vlan id 1" \
	"conflicting statements" \
	"                                ^^^^^^^^^         ~~~~~~~"
refused bridge "arp saddr ip 1.2.3.4 vlan type ip6" \
	"conflicting statements" \
	"                    ^^^^^^^^^^^^         ~~~~~~~~~"
# the message type of icmp id
refused netdev "icmp type != echo-request icmp id 1" \
	"conflicting statements" \
	"                    ^^^^^^^^^^^^^^^^^^^^^^^^^ ~~~~~~~"
# a set, a range, a raw load, a mangled field, a dependency at the
# start of the rule or one implied by another (icmp's network protocol)
# do not count
accepted netdev "ether type != { ip, arp } ip saddr 1.2.3.4"
accepted netdev "ether type 0x800-0x900 ip saddr 1.2.3.4"
accepted netdev "@ll,96,16 != 0x800 ip saddr 1.2.3.4"
accepted netdev "ether type set 0x800 ip saddr 1.2.3.4"
accepted bridge "ether type != ip6 exthdr mh missing"
accepted netdev "ether type != ip icmp type echo-request"
accepted netdev "vlan type != ip icmp id 1"
ok "conflicting statements"

# a meta key's value that names no protocol still says which one the
# layer has: "unknown"
refused ip "meta l4proto 23 tcp dport 1" \
	"conflicting transport layer protocols specified: unknown vs. tcp" \
	"                                ^^^^^^^^^"
refused ip "meta iiftype 5 ether saddr 1:2:3:4:5:6" \
	"conflicting link layer protocols specified: unknown vs. ether" \
	"                               ^^^^^^^^^^^"
refused netdev "meta protocol 0x1234 ip saddr 1.2.3.4" \
	"conflicting network layer protocols specified: unknown vs. ip" \
	"                                         ^^^^^^^^"
refused inet "meta nfproto 5 ip saddr 1.2.3.4" \
	"conflicting network layer protocols specified: unknown vs. ip" \
	"                                 ^^^^^^^^"
# where the dependency would go by the link layer's type field
refused netdev "meta iiftype 5 ip saddr 1.2.3.4" \
	"conflicting protocols specified: unknown vs. ip" \
	"                                   ^^^^^^^^"
refused inet "meta iiftype 0xffff ip id 1" \
	"conflicting protocols specified: unknown vs. ip" \
	"                                      ^^^^^"
# a set: its members select in turn, the last one stays ...
refused ip "meta iiftype { 1, 5 } ether saddr 1:2:3:4:5:6" \
	"conflicting link layer protocols specified: unknown vs. ether" \
	"                                      ^^^^^^^^^^^"
refused netdev "ether type { ip, arp } ip saddr 1.2.3.4" \
	"conflicting network layer protocols specified: arp vs. ip" \
	"                                           ^^^^^^^^"
refused ip "meta l4proto { tcp, 23-23 } tcp dport 1" \
	"conflicting transport layer protocols specified: unknown vs. tcp" \
	"                                            ^^^^^^^^^"
# ... and each transport one counts as matched, the first other named
refused ip "meta l4proto { 23, tcp } tcp dport 1" \
	"conflicting protocols specified: unknown vs. tcp" \
	"                                         ^^^^^^^^^"
refused ip "meta l4proto { tcp, udp } tcp dport 1" \
	"conflicting protocols specified: udp vs. tcp" \
	"                                          ^^^^^^^^^"
refused ip "ip protocol { tcp, udp } tcp dport 1" \
	"conflicting protocols specified: udp vs. tcp" \
	"                                         ^^^^^^^^^"
refused ip "tcp dport 1 meta l4proto udp udp dport 2" \
	"conflicting protocols specified: tcp vs. udp" \
	"                                             ^^^^^^^^^"
accepted ip "meta l4proto { tcp, 20-23 } tcp dport 1"
accepted ip "meta l4proto { tcp, udp } th dport 1"
accepted ip "meta l4proto != 23 tcp dport 1"
accepted ip "ip protocol 23 tcp dport 1"
accepted ip "meta iiftype { 5, 1 } ether saddr 1:2:3:4:5:6"
accepted netdev "ether type { ip, 0x1234 } ip saddr 1.2.3.4"
accepted netdev "meta iiftype 5 tcp dport 1"
# bridge's Ethernet is the family's: meta iiftype does not change it
accepted bridge "meta iiftype 5 ether saddr 1:2:3:4:5:6"
accepted bridge "meta iiftype 5 ip saddr 1.2.3.4"
ok "unknown and ambiguous protocols"

# "ct protocol" selects among the transport protocols of the network
# header known (ip, ip6), "ct l3proto" the network protocol in inet
refused ip "ct protocol icmpv6 tcp dport 1" \
	"conflicting transport layer protocols specified: icmpv6 vs. tcp" \
	"                                   ^^^^^^^^^"
refused ip "ct protocol { tcp, udp } tcp dport 1" \
	"conflicting protocols specified: udp vs. tcp" \
	"                                         ^^^^^^^^^"
refused inet "ct l3proto ipv4 ip6 saddr ::1" \
	"conflicting network layer protocols specified: ip vs. ip6" \
	"                                  ^^^^^^^^^"
refused inet "ct l3proto ipv4 reject with icmpv6 4" \
	"conflicting protocols specified: ip vs ip6" \
	"                  ~~~~~~~~~~~~~~~                    ^"
refused inet "meta nfproto { ipv6, ipv4 } reject with icmpv6 4" \
	"conflicting protocols specified: ip vs ip6" \
	"                  ~~~~~~~~~~~~~~~~~~~~~~~~~~~                    ^"
accepted ip "ct protocol tcp tcp dport 1"
accepted inet "ct l3proto ipv4 ip saddr 1.2.3.4"
accepted ip "ct l3proto ipv6 ip saddr 1.2.3.4"
ok "ct keys"

# a reject's own checks
refused inet "meta nfproto 5 reject" \
	"cannot infer ICMP reject variant to use: explicit value required." \
	"                                 ^^^^^^"
refused inet "meta nfproto 5 reject with tcp reset" \
	"conflicting protocols specified: unknown vs. tcp" \
	"                                 ^^^^^^"
refused ip "udp dport 1 reject with tcp reset" \
	"you cannot use tcp reset with this protocol" \
	"                ~~~~~~~~~   ^^^^^^"
refused ip "meta l4proto { tcp, udp } reject with tcp reset" \
	"you cannot use tcp reset with this protocol" \
	"                ~~~~~~~~~~~~~~~~~~~~~~~~~ ^^^^^^"
accepted ip "meta l4proto { udp, tcp } reject with tcp reset"
accepted inet "meta nfproto 5 reject with icmpx 3"
ok "reject"

# an extension header or IP option after a match on another network
# protocol
refused netdev "ether type arp exthdr mh missing" \
	"cannot use exthdr with arp" \
	"                                   ^^^^^^^^^"
refused netdev "ip saddr 1.2.3.4 exthdr mh missing" \
	"cannot use exthdr with ip" \
	"                                     ^^^^^^^^^"
refused netdev "meta protocol ip6 ip option ra exists" \
	"cannot use exthdr with ip6" \
	"                                      ^^^^^^^^^^^^"
refused ip "ether type arp exthdr mh missing" \
	"cannot use exthdr with arp" \
	"                               ^^^^^^^^^"
accepted ip "ether type ip6 exthdr mh missing"
ok "exthdr after another network protocol"

# no meta key selects arp in inet: no layer named
refused inet "arp operation 1" \
	"conflicting protocols specified: inet vs. arp" \
	"                  ^^^^^^^^^^^^^"
ok "no dependency to add"
