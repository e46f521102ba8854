# log statement in the arp family
family: arp
table: t
chain: c { type filter hook input priority filter; policy accept; }

rule: log
  [ log ]
json: [{"log": null}]

rule: log prefix "foo" level info
  [ log prefix foo level 6 ]
json: [{"log": {"prefix": "foo", "level": "info"}}]

rule: log group 2 snaplen 100 queue-threshold 5
  [ log group 2 snaplen 100 qthreshold 5 ]
json: [{"log": {"group": 2, "snaplen": 100, "queue-threshold": 5}}]

rule: log flags all
  [ log tcpseq tcpopt ipopt uid macdecode ]
json: [{"log": {"flags": "all"}}]
