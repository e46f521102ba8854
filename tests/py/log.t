# log statement
families: ip ip6 inet arp bridge netdev
table: t
chain: c { type filter hook input priority filter; policy accept; }
chain netdev: c { type filter hook ingress device "v0" priority filter; policy accept; }
veth netdev: v0 v1

rule: log
  [ log ]
json: [{"log": null}]

rule: log prefix "foo" level info
  [ log prefix foo level 6 ]
json: [{"log": {"prefix": "foo", "level": "info"}}]

# "log level warn" lists as "log" (the kernel reports the default level
# for every log rule), so its JSON cannot round-trip to the same
# bytecode: tests/shell covers it.

rule ip: log level emerg flags all
  [ log level 0 tcpseq tcpopt ipopt uid macdecode ]
json: [{"log": {"level": "emerg", "flags": "all"}}]

rule ip: log level crit
  [ log level 2 ]
json: [{"log": {"level": "crit"}}]

rule ip: log level err
  [ log level 3 ]
json: [{"log": {"level": "err"}}]

rule ip: log level notice
  [ log level 5 ]
json: [{"log": {"level": "notice"}}]

rule ip: log level debug
  [ log level 7 ]
json: [{"log": {"level": "debug"}}]

rule ip: log level alert
  [ log level 1 ]
json: [{"log": {"level": "alert"}}]

rule ip: log level audit
  [ log level 8 ]
json: [{"log": {"level": "audit"}}]

rule ip: log flags tcp sequence,options
  [ log tcpseq tcpopt ]
json: [{"log": {"flags": ["tcp sequence", "tcp options"]}}]

rule ip: log flags tcp sequence
  [ log tcpseq ]
json: [{"log": {"flags": "tcp sequence"}}]

rule ip: log flags tcp options flags ip options
  [ log tcpopt ipopt ]
json: [{"log": {"flags": ["tcp options", "ip options"]}}]

rule ip: log flags ip options
  [ log ipopt ]
json: [{"log": {"flags": "ip options"}}]

rule ip: log flags skuid
  [ log uid ]
json: [{"log": {"flags": "skuid"}}]

rule ip: log flags ether
  [ log macdecode ]
json: [{"log": {"flags": "ether"}}]

rule: log group 2 snaplen 100 queue-threshold 5
  [ log group 2 snaplen 100 qthreshold 5 ]
json: [{"log": {"group": 2, "snaplen": 100, "queue-threshold": 5}}]

rule ip: log group 0
  [ log group 0 snaplen 0 qthreshold 0 ]
json: [{"log": {"group": 0}}]

rule ip: log snaplen 100
list: log
  [ log ]
json: [{"log": null}]

fail ip: log prefix ""

rule ip: log prefix "a b" level debug
  [ log prefix a b level 7 ]
json: [{"log": {"prefix": "a b", "level": "debug"}}]

rule ip: log prefix "x" counter accept
list: log prefix "x" counter packets 0 bytes 0 accept
  [ log prefix x ]
  [ counter pkts 0 bytes 0 ]
  [ immediate reg 0 accept ]
json: [{"log": {"prefix": "x"}}, {"counter": {"packets": 0, "bytes": 0}}, {"accept": null}]

fail ip: log level info group 1

fail ip: log level nonsense

# the system nft silently truncates the group to 16 bits (4464)
fail ip: log group 70000
ref-skip: 1.1.3 truncates the group to 16 bits (4464) without a word

fail ip: log flags nonsense

fail ip: log flags ip

fail ip: log prefix "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa"

rule: log flags all
  [ log tcpseq tcpopt ipopt uid macdecode ]
json: [{"log": {"flags": "all"}}]

rule ip: log group 2 prefix "x"
list: log prefix "x" group 2
  [ log prefix x group 2 snaplen 0 qthreshold 0 ]
json: [{"log": {"prefix": "x", "group": 2}}]
