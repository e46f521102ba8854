# conntrack: ct matches in the inet family, ct set, notrack
families: ip ip6 inet
table: t
chain: c { type filter hook input priority filter; policy accept; }
chain: target

rule: ct state established,related
  [ ct load state => reg 1 ]
  [ bitwise reg 1 = ( reg 1 & 0x00000006 ) ^ 0x00000000 ]
  [ cmp neq reg 1 0x00000000 ]
json: [{"match": {"op": "in", "left": {"ct": {"key": "state"}}, "right": ["established", "related"]}}]

rule: ct state new
  [ ct load state => reg 1 ]
  [ bitwise reg 1 = ( reg 1 & 0x00000008 ) ^ 0x00000000 ]
  [ cmp neq reg 1 0x00000000 ]
json: [{"match": {"op": "in", "left": {"ct": {"key": "state"}}, "right": "new"}}]

rule: ct state invalid,untracked
  [ ct load state => reg 1 ]
  [ bitwise reg 1 = ( reg 1 & 0x00000041 ) ^ 0x00000000 ]
  [ cmp neq reg 1 0x00000000 ]
json: [{"match": {"op": "in", "left": {"ct": {"key": "state"}}, "right": ["invalid", "untracked"]}}]

rule: ct state != established
  [ ct load state => reg 1 ]
  [ cmp neq reg 1 0x00000002 ]
json: [{"match": {"op": "!=", "left": {"ct": {"key": "state"}}, "right": "established"}}]

rule: ct state == established
  [ ct load state => reg 1 ]
  [ cmp eq reg 1 0x00000002 ]
json: [{"match": {"op": "==", "left": {"ct": {"key": "state"}}, "right": "established"}}]

rule: ct state & established == established
  [ ct load state => reg 1 ]
  [ bitwise reg 1 = ( reg 1 & 0x00000002 ) ^ 0x00000000 ]
  [ cmp eq reg 1 0x00000002 ]
json: [{"match": {"op": "==", "left": {"&": [{"ct": {"key": "state"}}, "established"]}, "right": "established"}}]

# no flag of the mask set: "!", as for "tcp flags ! syn"
rule: ct state ! established
  [ ct load state => reg 1 ]
  [ bitwise reg 1 = ( reg 1 & 0x00000002 ) ^ 0x00000000 ]
  [ cmp eq reg 1 0x00000000 ]
json: [{"match": {"op": "!", "left": {"ct": {"key": "state"}}, "right": "established"}}]

rule: ct state ! established,related
  [ ct load state => reg 1 ]
  [ bitwise reg 1 = ( reg 1 & 0x00000006 ) ^ 0x00000000 ]
  [ cmp eq reg 1 0x00000000 ]
json: [{"match": {"op": "!", "left": {"ct": {"key": "state"}}, "right": ["established", "related"]}}]

rule: ct state & established == 0
list: ct state ! established
  [ ct load state => reg 1 ]
  [ bitwise reg 1 = ( reg 1 & 0x00000002 ) ^ 0x00000000 ]
  [ cmp eq reg 1 0x00000000 ]
json: [{"match": {"op": "!", "left": {"ct": {"key": "state"}}, "right": "established"}}]

rule: ct status ! expected
  [ ct load status => reg 1 ]
  [ bitwise reg 1 = ( reg 1 & 0x00000001 ) ^ 0x00000000 ]
  [ cmp eq reg 1 0x00000000 ]
json: [{"match": {"op": "!", "left": {"ct": {"key": "status"}}, "right": "expected"}}]

rule: ct state established,related accept
  [ ct load state => reg 1 ]
  [ bitwise reg 1 = ( reg 1 & 0x00000006 ) ^ 0x00000000 ]
  [ cmp neq reg 1 0x00000000 ]
  [ immediate reg 0 accept ]
json: [{"match": {"op": "in", "left": {"ct": {"key": "state"}}, "right": ["established", "related"]}}, {"accept": null}]

rule: ct direction original
  [ ct load direction => reg 1 ]
  [ cmp eq reg 1 0x00000000 ]
json: [{"match": {"op": "==", "left": {"ct": {"key": "direction"}}, "right": "original"}}]

rule: ct direction != reply
  [ ct load direction => reg 1 ]
  [ cmp neq reg 1 0x00000001 ]
json: [{"match": {"op": "!=", "left": {"ct": {"key": "direction"}}, "right": "reply"}}]

rule: ct status dnat
  [ ct load status => reg 1 ]
  [ bitwise reg 1 = ( reg 1 & 0x00000020 ) ^ 0x00000000 ]
  [ cmp neq reg 1 0x00000000 ]
json: [{"match": {"op": "in", "left": {"ct": {"key": "status"}}, "right": "dnat"}}]

rule: ct status snat,dnat
  [ ct load status => reg 1 ]
  [ bitwise reg 1 = ( reg 1 & 0x00000030 ) ^ 0x00000000 ]
  [ cmp neq reg 1 0x00000000 ]
json: [{"match": {"op": "in", "left": {"ct": {"key": "status"}}, "right": ["snat", "dnat"]}}]

rule: ct status expected,seen-reply,assured,confirmed,dying
  [ ct load status => reg 1 ]
  [ bitwise reg 1 = ( reg 1 & 0x0000020f ) ^ 0x00000000 ]
  [ cmp neq reg 1 0x00000000 ]
json: [{"match": {"op": "in", "left": {"ct": {"key": "status"}}, "right": ["expected", "seen-reply", "assured", "confirmed", "dying"]}}]

rule: ct status != dnat
  [ ct load status => reg 1 ]
  [ cmp neq reg 1 0x00000020 ]
json: [{"match": {"op": "!=", "left": {"ct": {"key": "status"}}, "right": "dnat"}}]

rule: ct mark 1
list: ct mark 0x00000001
  [ ct load mark => reg 1 ]
  [ cmp eq reg 1 0x00000001 ]
json: [{"match": {"op": "==", "left": {"ct": {"key": "mark"}}, "right": 1}}]

rule: ct mark != 0xffff
list: ct mark != 0x0000ffff
  [ ct load mark => reg 1 ]
  [ cmp neq reg 1 0x0000ffff ]
json: [{"match": {"op": "!=", "left": {"ct": {"key": "mark"}}, "right": 65535}}]

rule: ct mark & 0xff == 1
list: ct mark & 0x000000ff == 0x00000001
  [ ct load mark => reg 1 ]
  [ bitwise reg 1 = ( reg 1 & 0x000000ff ) ^ 0x00000000 ]
  [ cmp eq reg 1 0x00000001 ]
json: [{"match": {"op": "==", "left": {"&": [{"ct": {"key": "mark"}}, 255]}, "right": 1}}]

rule: ct expiration 30s
  [ ct load expiration => reg 1 ]
  [ cmp eq reg 1 0x00007530 ]
json: [{"match": {"op": "==", "left": {"ct": {"key": "expiration"}}, "right": 30}}]

rule: ct expiration 1m
  [ ct load expiration => reg 1 ]
  [ cmp eq reg 1 0x0000ea60 ]
json: [{"match": {"op": "==", "left": {"ct": {"key": "expiration"}}, "right": 60}}]

rule: ct expiration 1000
list: ct expiration 16m40s
  [ ct load expiration => reg 1 ]
  [ cmp eq reg 1 0x000f4240 ]
json: [{"match": {"op": "==", "left": {"ct": {"key": "expiration"}}, "right": 1000}}]

rule: ct expiration != 1h
  [ ct load expiration => reg 1 ]
  [ cmp neq reg 1 0x0036ee80 ]
json: [{"match": {"op": "!=", "left": {"ct": {"key": "expiration"}}, "right": 3600}}]

rule: ct helper "ftp"
  [ ct load helper => reg 1 ]
  [ cmp eq reg 1 0x00707466 0x00000000 0x00000000 0x00000000 ]
json: [{"match": {"op": "==", "left": {"ct": {"key": "helper"}}, "right": "ftp"}}]

rule: ct l3proto ipv4
  [ ct load l3protocol => reg 1 ]
  [ cmp eq reg 1 0x00000002 ]
json: [{"match": {"op": "==", "left": {"ct": {"key": "l3proto"}}, "right": "ipv4"}}]

rule: ct protocol tcp
  [ ct load protocol => reg 1 ]
  [ cmp eq reg 1 0x00000006 ]
json: [{"match": {"op": "==", "left": {"ct": {"key": "protocol"}}, "right": "tcp"}}]

rule: ct bytes > 100
  [ ct load bytes => reg 1 ]
  [ byteorder reg 1 = hton(reg 1, 8, 8) ]
  [ cmp gt reg 1 0x00000000 0x64000000 ]
json: [{"match": {"op": ">", "left": {"ct": {"key": "bytes"}}, "right": 100}}]

rule: ct original bytes 1
  [ ct load bytes => reg 1 , dir original ]
  [ cmp eq reg 1 0x00000001 0x00000000 ]
json: [{"match": {"op": "==", "left": {"ct": {"key": "bytes", "dir": "original"}}, "right": 1}}]

rule: ct packets 10
  [ ct load packets => reg 1 ]
  [ cmp eq reg 1 0x0000000a 0x00000000 ]
json: [{"match": {"op": "==", "left": {"ct": {"key": "packets"}}, "right": 10}}]

# a 64 bit value past INT64_MAX is a negative number in JSON, as 1.1.3
# writes it; read back as the same bits (1.1.3 reads -1 as 1, README
# "Differences")
rule: ct packets 18446744073709551615
  [ ct load packets => reg 1 ]
  [ cmp eq reg 1 0xffffffff 0xffffffff ]
json: [{"match": {"op": "==", "left": {"ct": {"key": "packets"}}, "right": -1}}]

rule: ct packets != 13348420900710555413
  [ ct load packets => reg 1 ]
  [ cmp neq reg 1 0x13409f15 0xb93f1e16 ]
json: [{"match": {"op": "!=", "left": {"ct": {"key": "packets"}}, "right": -5098323172998996203}}]

# a conntrack address in a concatenation needs its family, also where
# the table's would do, as to 1.1.3
fail: meta mark . ct original saddr { 1 . 1.2.3.4 }

# nor as a map's key, in any family
fail: ct reply daddr vmap { 1.2.3.4 : accept }

fail: meta mark set ct original saddr map { 1.2.3.4 : 1 }

rule: ct reply packets 10
  [ ct load packets => reg 1 , dir reply ]
  [ cmp eq reg 1 0x0000000a 0x00000000 ]
json: [{"match": {"op": "==", "left": {"ct": {"key": "packets", "dir": "reply"}}, "right": 10}}]

rule: ct avgpkt 10
  [ ct load avgpkt => reg 1 ]
  [ cmp eq reg 1 0x0000000a 0x00000000 ]
json: [{"match": {"op": "==", "left": {"ct": {"key": "avgpkt"}}, "right": 10}}]

rule: ct zone 1
  [ ct load zone => reg 1 ]
  [ cmp eq reg 1 0x00000001 ]
json: [{"match": {"op": "==", "left": {"ct": {"key": "zone"}}, "right": 1}}]

rule: ct original zone 1
  [ ct load zone => reg 1 , dir original ]
  [ cmp eq reg 1 0x00000001 ]
json: [{"match": {"op": "==", "left": {"ct": {"key": "zone", "dir": "original"}}, "right": 1}}]

rule: ct label 1
  [ ct load label => reg 1 ]
  [ bitwise reg 1 = ( reg 1 & 0x00000002 0x00000000 0x00000000 0x00000000 ) ^ 0x00000000 0x00000000 0x00000000 0x00000000 ]
  [ cmp neq reg 1 0x00000000 0x00000000 0x00000000 0x00000000 ]
json: [{"match": {"op": "in", "left": {"ct": {"key": "label"}}, "right": 1}}]

rule: ct label 127
  [ ct load label => reg 1 ]
  [ bitwise reg 1 = ( reg 1 & 0x00000000 0x00000000 0x00000000 0x80000000 ) ^ 0x00000000 0x00000000 0x00000000 0x00000000 ]
  [ cmp neq reg 1 0x00000000 0x00000000 0x00000000 0x00000000 ]
json: [{"match": {"op": "in", "left": {"ct": {"key": "label"}}, "right": 127}}]

# a range of labels: its bounds are bit numbers, as they were written
rule: ct label != 27-64
  [ ct load label => reg 1 ]
  [ byteorder reg 1 = hton(reg 1, 8, 16) ]
  [ range neq reg 1 0x00000000 0x00000000 0x00000000 0x00000008 0x00000000 0x01000000 0x00000000 0x00000000 ]
json: [{"match": {"op": "!=", "left": {"ct": {"key": "label"}}, "right": {"range": [27, 64]}}}]

rule: ct label 0-5
  [ ct load label => reg 1 ]
  [ byteorder reg 1 = hton(reg 1, 8, 16) ]
  [ range eq reg 1 0x00000000 0x00000000 0x00000000 0x01000000 0x00000000 0x00000000 0x00000000 0x20000000 ]
json: [{"match": {"op": "==", "left": {"ct": {"key": "label"}}, "right": {"range": [0, 5]}}}]

rule: ct id 5
  [ ct load id => reg 1 ]
  [ cmp eq reg 1 0x05000000 ]
json: [{"match": {"op": "==", "left": {"ct": {"key": "id"}}, "right": 5}}]

rule: meta l4proto tcp ct original proto-dst 22
  [ meta load l4proto => reg 1 ]
  [ cmp eq reg 1 0x00000006 ]
  [ ct load proto_dst => reg 1 , dir original ]
  [ cmp eq reg 1 0x00001600 ]
json: [{"match": {"op": "==", "left": {"meta": {"key": "l4proto"}}, "right": "tcp"}}, {"match": {"op": "==", "left": {"ct": {"key": "proto-dst", "dir": "original"}}, "right": 22}}]

rule: meta l4proto udp ct reply proto-src 53
  [ meta load l4proto => reg 1 ]
  [ cmp eq reg 1 0x00000011 ]
  [ ct load proto_src => reg 1 , dir reply ]
  [ cmp eq reg 1 0x00003500 ]
json: [{"match": {"op": "==", "left": {"meta": {"key": "l4proto"}}, "right": "udp"}}, {"match": {"op": "==", "left": {"ct": {"key": "proto-src", "dir": "reply"}}, "right": 53}}]

rule: ct mark set 1
list: ct mark set 0x00000001
  [ immediate reg 1 0x00000001 ]
  [ ct set mark with reg 1 ]
json: [{"mangle": {"key": {"ct": {"key": "mark"}}, "value": 1}}]

rule: ct mark set 0xffffffff
  [ immediate reg 1 0xffffffff ]
  [ ct set mark with reg 1 ]
json: [{"mangle": {"key": {"ct": {"key": "mark"}}, "value": 4294967295}}]

rule: ct mark set meta mark
  [ meta load mark => reg 1 ]
  [ ct set mark with reg 1 ]
json: [{"mangle": {"key": {"ct": {"key": "mark"}}, "value": {"meta": {"key": "mark"}}}}]

rule: ct mark set meta mark | 0x10
list: ct mark set meta mark | 0x00000010
  [ meta load mark => reg 1 ]
  [ bitwise reg 1 = ( reg 1 & 0xffffffef ) ^ 0x00000010 ]
  [ ct set mark with reg 1 ]
json: [{"mangle": {"key": {"ct": {"key": "mark"}}, "value": {"|": [{"meta": {"key": "mark"}}, 16]}}}]

rule: ct mark set ct mark & 0xff
list: ct mark set ct mark & 0x000000ff
  [ ct load mark => reg 1 ]
  [ bitwise reg 1 = ( reg 1 & 0x000000ff ) ^ 0x00000000 ]
  [ ct set mark with reg 1 ]
json: [{"mangle": {"key": {"ct": {"key": "mark"}}, "value": {"&": [{"ct": {"key": "mark"}}, 255]}}}]

rule: ct label set 1
  [ immediate reg 1 0x00000002 0x00000000 0x00000000 0x00000000 ]
  [ ct set label with reg 1 ]
json: [{"mangle": {"key": {"ct": {"key": "label"}}, "value": 1}}]

rule: ct label set 127
  [ immediate reg 1 0x00000000 0x00000000 0x00000000 0x80000000 ]
  [ ct set label with reg 1 ]
json: [{"mangle": {"key": {"ct": {"key": "label"}}, "value": 127}}]

rule: ct zone set 1
  [ immediate reg 1 0x00000001 ]
  [ ct set zone with reg 1 ]
json: [{"mangle": {"key": {"ct": {"key": "zone"}}, "value": 1}}]

rule: ct original zone set 1
  [ immediate reg 1 0x00000001 ]
  [ ct set zone with reg 1 , dir original ]
json: [{"mangle": {"key": {"ct": {"key": "zone", "dir": "original"}}, "value": 1}}]

rule: ct event set new
  [ immediate reg 1 0x00000001 ]
  [ ct set event with reg 1 ]
json: [{"mangle": {"key": {"ct": {"key": "event"}}, "value": "new"}}]

rule: ct event set new,destroy
  [ immediate reg 1 0x00000005 ]
  [ ct set event with reg 1 ]
json: [{"mangle": {"key": {"ct": {"key": "event"}}, "value": ["new", "destroy"]}}]

rule: ct event set new,related,destroy,reply,assured,protoinfo,seqadj
  [ immediate reg 1 0x0000013f ]
  [ ct set event with reg 1 ]
json: [{"mangle": {"key": {"ct": {"key": "event"}}, "value": ["new", "related", "destroy", "reply", "assured", "protoinfo", "seqadj"]}}]

rule: notrack
  [ notrack ]
json: [{"notrack": null}]

rule: ct state new notrack
  [ ct load state => reg 1 ]
  [ bitwise reg 1 = ( reg 1 & 0x00000008 ) ^ 0x00000000 ]
  [ cmp neq reg 1 0x00000000 ]
  [ notrack ]
json: [{"match": {"op": "in", "left": {"ct": {"key": "state"}}, "right": "new"}}, {"notrack": null}]

fail: ct state nosuchstate

fail: ct original state new

fail: ct label 128

fail: ct secmark 1

fail: ct nosuchkey 1

fail: ct zone set meta mark

fail: ct state set new

fail: ct direction foo

fail: ct expiration 5x

fail: ct original proto-dst 99999

fail: ct proto-dst 22

rule ip6: ct original saddr ::1
list: ct original ip6 saddr ::1
  [ ct load src => reg 1 , dir original ]
  [ cmp eq reg 1 0x00000000 0x00000000 0x00000000 0x01000000 ]
json: [{"match": {"op": "==", "left": {"ct": {"key": "saddr", "dir": "original"}}, "right": "::1"}}]

rule ip6: ct reply daddr fe80::1
list: ct reply ip6 daddr fe80::1
  [ ct load dst => reg 1 , dir reply ]
  [ cmp eq reg 1 0x000080fe 0x00000000 0x00000000 0x01000000 ]
json: [{"match": {"op": "==", "left": {"ct": {"key": "daddr", "dir": "reply"}}, "right": "fe80::1"}}]

# a prefix of an address of the table's family: 1.1.3 lists its bytes at
# the end of the address, which reloads as another address (README
# "Differences")
rule ip6: ct reply daddr 1::/64
list: ct reply ip6 daddr 1::/64
  [ ct load dst => reg 1 , dir reply ]
  [ cmp eq reg 1 0x00000100 0x00000000 ]
json: [{"match": {"op": "==", "left": {"ct": {"key": "daddr", "dir": "reply"}}, "right": {"prefix": {"addr": "1::", "len": 64}}}}]
ref-list: ct reply ip6 daddr ::1:0:0:0
ref-json: [{"match": {"op": "==", "left": {"ct": {"key": "daddr", "dir": "reply"}}, "right": "::1:0:0:0"}}]

rule ip6: ct original ip6 saddr ::1
  [ ct load src_ip6 => reg 1 , dir original ]
  [ cmp eq reg 1 0x00000000 0x00000000 0x00000000 0x01000000 ]
json: [{"match": {"op": "==", "left": {"ct": {"key": "ip6 saddr", "dir": "original"}}, "right": "::1"}}]

rule ip6: ct reply ip6 daddr != fe80::1
  [ ct load dst_ip6 => reg 1 , dir reply ]
  [ cmp neq reg 1 0x000080fe 0x00000000 0x00000000 0x01000000 ]
json: [{"match": {"op": "!=", "left": {"ct": {"key": "ip6 daddr", "dir": "reply"}}, "right": "fe80::1"}}]

fail ip6: ct original ip saddr 1.2.3.4

rule ip: ct original saddr 1.2.3.4
list: ct original ip saddr 1.2.3.4
  [ ct load src => reg 1 , dir original ]
  [ cmp eq reg 1 0x04030201 ]
json: [{"match": {"op": "==", "left": {"ct": {"key": "saddr", "dir": "original"}}, "right": "1.2.3.4"}}]

rule ip: ct reply daddr 10.0.0.1
list: ct reply ip daddr 10.0.0.1
  [ ct load dst => reg 1 , dir reply ]
  [ cmp eq reg 1 0x0100000a ]
json: [{"match": {"op": "==", "left": {"ct": {"key": "daddr", "dir": "reply"}}, "right": "10.0.0.1"}}]

rule ip inet: ct original ip saddr 1.2.3.4
  [ ct load src_ip => reg 1 , dir original ]
  [ cmp eq reg 1 0x04030201 ]
json: [{"match": {"op": "==", "left": {"ct": {"key": "ip saddr", "dir": "original"}}, "right": "1.2.3.4"}}]

rule ip: ct reply ip daddr != 10.0.0.1
  [ ct load dst_ip => reg 1 , dir reply ]
  [ cmp neq reg 1 0x0100000a ]
json: [{"match": {"op": "!=", "left": {"ct": {"key": "ip daddr", "dir": "reply"}}, "right": "10.0.0.1"}}]

fail ip: ct original ip6 saddr ::1

rule inet: ct original ip6 daddr ::1
  [ ct load dst_ip6 => reg 1 , dir original ]
  [ cmp eq reg 1 0x00000000 0x00000000 0x00000000 0x01000000 ]
json: [{"match": {"op": "==", "left": {"ct": {"key": "ip6 daddr", "dir": "original"}}, "right": "::1"}}]

rule inet: ct reply ip daddr 10.0.0.1
  [ ct load dst_ip => reg 1 , dir reply ]
  [ cmp eq reg 1 0x0100000a ]
json: [{"match": {"op": "==", "left": {"ct": {"key": "ip daddr", "dir": "reply"}}, "right": "10.0.0.1"}}]

fail inet: ct original saddr 1.2.3.4

# ct count: connlimit
rule: ct count 10
  [ connlimit count 10 flags 0 ]
json: [{"ct count": {"val": 10}}]

rule: ct count over 10
  [ connlimit count 10 flags 1 ]
json: [{"ct count": {"val": 10, "inv": true}}]

rule: ct state new ct count over 20 drop
  [ ct load state => reg 1 ]
  [ bitwise reg 1 = ( reg 1 & 0x00000008 ) ^ 0x00000000 ]
  [ cmp neq reg 1 0x00000000 ]
  [ connlimit count 20 flags 1 ]
  [ immediate reg 0 drop ]
json: [{"match": {"op": "in", "left": {"ct": {"key": "state"}}, "right": "new"}}, {"ct count": {"val": 20, "inv": true}}, {"drop": null}]

# upstream 1.1.3 loads 4294967296 as 0 without a word (README: Differences)
fail: ct count over 4294967296
ref-skip: 1.1.3 loads 4294967296 as 0 without a word

fail: ct count

# Masks of several flags are or-expressions in upstream 1.1.3.
rule ip: ct state & (established | related) == established
  [ ct load state => reg 1 ]
  [ bitwise reg 1 = ( reg 1 & 0x00000006 ) ^ 0x00000000 ]
  [ cmp eq reg 1 0x00000002 ]
json: [{"match": {"op": "==", "left": {"&": [{"ct": {"key": "state"}}, {"|": ["established", "related"]}]}, "right": "established"}}]

rule ip: ct status & (snat | dnat) == snat | dnat
  [ ct load status => reg 1 ]
  [ bitwise reg 1 = ( reg 1 & 0x00000030 ) ^ 0x00000000 ]
  [ cmp eq reg 1 0x00000030 ]
json: [{"match": {"op": "==", "left": {"&": [{"ct": {"key": "status"}}, {"|": ["snat", "dnat"]}]}, "right": {"|": ["snat", "dnat"]}}}]

fail ip: ct state & (established | nosuchstate) == established

# flags compared otherwise than for equality list as 1.1.3 lists them:
# or-ed bits, named after "!=", numbers after an ordering
rule: ct state != new,0x80
list: ct state != new | 0x80
  [ ct load state => reg 1 ]
  [ cmp neq reg 1 0x00000088 ]
json: [{"match": {"op": "!=", "left": {"ct": {"key": "state"}}, "right": {"|": ["new", 128]}}}]

rule: ct state < new,0x80
list: ct state < 0x8 | 0x80
  [ ct load state => reg 1 ]
  [ byteorder reg 1 = hton(reg 1, 4, 4) ]
  [ cmp lt reg 1 0x88000000 ]
json: [{"match": {"op": "<", "left": {"ct": {"key": "state"}}, "right": {"|": [8, 128]}}}]

rule: ct status != confirmed,snat
list: ct status != confirmed | snat
  [ ct load status => reg 1 ]
  [ cmp neq reg 1 0x00000018 ]
json: [{"match": {"op": "!=", "left": {"ct": {"key": "status"}}, "right": {"|": ["confirmed", "snat"]}}}]

# all 32 flags or-ed in JSON are one value, not 31 nested operations
rule: ct status != 0xffffffff
list: ct status != expected | seen-reply | assured | confirmed | snat | dnat | 0x40 | 0x80 | 0x100 | dying | 0x400 | 0x800 | 0x1000 | 0x2000 | 0x4000 | 0x8000 | 0x10000 | 0x20000 | 0x40000 | 0x80000 | 0x100000 | 0x200000 | 0x400000 | 0x800000 | 0x1000000 | 0x2000000 | 0x4000000 | 0x8000000 | 0x10000000 | 0x20000000 | 0x40000000 | 0x80000000
  [ ct load status => reg 1 ]
  [ cmp neq reg 1 0xffffffff ]
json: [{"match": {"op": "!=", "left": {"ct": {"key": "status"}}, "right": {"|": ["expected", "seen-reply", "assured", "confirmed", "snat", "dnat", 64, 128, 256, "dying", 1024, 2048, 4096, 8192, 16384, 32768, 65536, 131072, 262144, 524288, 1048576, 2097152, 4194304, 8388608, 16777216, 33554432, 67108864, 134217728, 268435456, 536870912, 1073741824, 2147483648]}}}]

# a byte aligned prefix of an address loaded whole: the compare takes
# just its bytes, as 1.1.3 encodes it
rule ip6 inet: ct original ip6 saddr 2001:db8::/32
  [ ct load src_ip6 => reg 1 , dir original ]
  [ cmp eq reg 1 0xb80d0120 ]
json: [{"match": {"op": "==", "left": {"ct": {"key": "ip6 saddr", "dir": "original"}}, "right": {"prefix": {"addr": "2001:db8::", "len": 32}}}}]

rule ip6 inet: ct original ip6 saddr ::1/128
list: ct original ip6 saddr ::1
  [ ct load src_ip6 => reg 1 , dir original ]
  [ cmp eq reg 1 0x00000000 0x00000000 0x00000000 0x01000000 ]
json: [{"match": {"op": "==", "left": {"ct": {"key": "ip6 saddr", "dir": "original"}}, "right": "::1"}}]

# only an address lists with a prefix, /0 too; an integer keeps its mask
rule: ct original proto-src & 0xff00 == 0x1200
list: ct original proto-src & 65280 == 4608
  [ ct load proto_src => reg 1 , dir original ]
  [ bitwise reg 1 = ( reg 1 & 0x000000ff ) ^ 0x00000000 ]
  [ cmp eq reg 1 0x00000012 ]
json: [{"match": {"op": "==", "left": {"&": [{"ct": {"key": "proto-src", "dir": "original"}}, 65280]}, "right": 4608}}]

rule ip inet: ct original ip saddr & 0.0.0.0 == 0.0.0.0
list: ct original ip saddr 0.0.0.0/0
  [ ct load src_ip => reg 1 , dir original ]
  [ bitwise reg 1 = ( reg 1 & 0x00000000 ) ^ 0x00000000 ]
  [ cmp eq reg 1 0x00000000 ]
json: [{"match": {"op": "==", "left": {"ct": {"key": "ip saddr", "dir": "original"}}, "right": {"prefix": {"addr": "0.0.0.0", "len": 0}}}}]

# an empty string matches nothing: refused, as by 1.1.3
fail: ct helper ""
