# log statement in the netdev family
family: netdev
table: t
veth: v0 v1
chain: c { type filter hook ingress device "v0" priority filter; policy accept; }

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
